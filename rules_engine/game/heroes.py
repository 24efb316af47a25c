"""Hero abilities whose resolution is more than a recognised sentence (issue 27).

``resolve_ability`` is called as a hero's activated-layer resolves (``layers.resolve_top``, CR 5.3):
it applies the parts of the ability it models and returns the rest of the text for the generic
sentence recogniser (``layers.resolve_text``). Modelled here:

- Azalea's "Put a card from your arsenal on the bottom of your deck. If you do, put the top card of
  your deck face up into your arsenal. If it's an arrow card, it gains dominate until end of turn."
  The top card is the one the state knows (a known top card, or the card just put on the bottom of an
  otherwise empty deck); when the state does not know it, the judge is asked to enter it.

``record_play`` keeps each card played this turn (``GameState.played_this_turn``) and
``play_abilities`` puts the hero's "whenever you play" triggers on the stack (CR 6.6): Viserai's
Runechant after another 'non-attack' action card this turn, Briar's Embodiment of Lightning on the
second 'non-attack' action card. ``check_activation_condition`` checks Aurora's "Activate this only if
you've played a Lightning card this turn" (CR 5.2.1e). A log that starts mid-turn knows only the cards
its own lines play (a start state can list earlier ones as ``played_this_turn``).

``end_phase_abilities`` acts at the beginning of the turn-player's end phase (CR 4.4.2):

- Kassai, Cintari Sellsword's "if you have attacked 2 or more times with weapons this turn, create a
  Copper token for each weapon attack that hit", counted from the attacks and hits the log shows this
  turn (a log that starts mid-turn shows only its own lines, as for Ira's and Kassai's other ability).

Issue 27's third pass adds crank (``grants_crank``, ``crank_abilities``), Levia's blood debt
(``loses_blood_debt``), Arakni and the Agents of Chaos (``become``: the random Agent the log names, the
return to the brood, the Agents' attack reaction and granted hit abilities, Orb-Weaver's Chelicera),
plays from the graveyard (``check_graveyard_play``: Gravy Bones, Oscilio, Forked Continuum) and Zyggy's
banished aura (``pay_banish_aura``).
"""

from __future__ import annotations

import re

from rules_engine.wording import Phrase, say, say_n

from . import actions as A
from . import conditions, heroes_crowd, heroes_more
from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .effects import (
    ACTIVATE_NAMED_GAIN,
    ACTIVATE_ONLY_IF,
    AGENT_REACTION_EFFECT,
    ARSENAL_AS_INSTANT_OFF_TURN,
    ARSENAL_FLIP_KEYWORD,
    ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL,
    BANISH_AURA_COST,
    BANISHED_POWER_NO_BLOOD_DEBT,
    BECOME_RANDOM_AGENT,
    BOOSTED_THIS_TURN_CONDITION,
    CONDITION_ATTACKS_POWER_DEFENDED,
    CREATE_IN_HAND,
    CREATE_TOKEN_WITH_COUNTERS,
    DECK_TOP_ITEM_AS_INSTANT,
    DISCARD_TOKEN_PLAY_KIND,
    DRAW_ARROW_TO_ARSENAL,
    DRAW_THEN_DISCARD,
    END_PHASE_PAY_TOKEN,
    EQUIP_FROM_GRAVEYARD,
    EQUIP_TOKEN_NEXT_KEYWORD_ATTACK,
    FIRST_TOKEN_DRAW,
    FLIPPED_TALENT_EFFECTS,
    GRAVEYARD_PLAY_PERMISSION,
    HIT_BANISH_ARSENAL,
    HIT_BANISH_FROM_HAND,
    LIFE_BALANCE,
    LOOK_TOP_BANISH_PLAY,
    NAMED_GET_CRANK,
    PLAY_CLASS_AFTER_NONATTACK,
    PLAY_OFF_TURN_TOKEN_THEIRS,
    PLAY_TOKEN_IN_EXPOSED_ZONE,
    PLAYED_COLOUR_SUBTYPE_GO_AGAIN,
    PLAYED_THIS_TURN_CONDITION,
    RETURN_BANISHED_WITH_COUNTER,
    RETURN_TO_BROOD,
    SEARCH_BANISH_PLAY,
    SECOND_CRANK_DRAW,
    SECOND_NONATTACK_TOKEN,
    START_TOKENS_KEYWORD,
    STEALTH_MARKED_BONUS,
    WEAPON_HITS_COPPER,
    plain,
    played_tags,
    split_sentences,
)
from .heroes_more import look_opponent_top
from .rules import MANUAL, NOTE, Illegal
from .state import PLAYERS, SLOTS, Card, ChainLink, Effect, GameState, Layer, other
from .values import same_card
from .zones import card_facts, draw, make_token, new_card, put_bottom, take, target_player, token_base


def resolve_ability(s: GameState, layer: Layer, ctx: Ctx) -> str:
    """Apply the modelled parts of a hero's activated ability; return the text left to resolve."""
    if layer.cost_due:  # the log never showed the discard that pays the cost (playing.activate)
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name} resolves, but the log did not show its cost paid (discard {kind}); enter the discarded card ('{player} discards X').",
                number=ctx.entry.number,
                name=layer.name,
                kind="an " + layer.cost_due if layer.cost_due[0] in "aeiou" else "a " + layer.cost_due,
                player=layer.controller,
            ),
            "manual_effect",
        )
        layer.cost_due = ""
    crowd_text = heroes_crowd.resolve(s, layer, ctx)  # Kayo, Lyath, Tuffnut, Pleiades (heroes_crowd)
    if crowd_text is not None:
        return crowd_text
    m = SEARCH_BANISH_PLAY.search(layer.effect)
    if m is not None:  # Zen: the search the log names (search), then the rest of the ability
        start_search(s, layer.controller, layer.name, m, ctx)
        layer.effect = (layer.effect[: m.start()] + layer.effect[m.end() :]).strip()
    m = LOOK_TOP_BANISH_PLAY.search(layer.effect)
    if m is not None:  # Kano: the look and the banish the log tells (look_top)
        text = (
            "Look at the top card of your deck (the log names it); a 'non-attack' action card may be banished "
            "and played this turn as though it were an instant."
        )
        s.effects.append(Effect("look_top_due", layer.controller, 0, "turn", layer.name, "", text))
        layer.effect = (layer.effect[: m.start()] + layer.effect[m.end() :]).strip()
    text = layer.effect
    m = AGENT_REACTION_EFFECT.match(text.strip())
    if m is not None and s.p(layer.controller).hero_card is not None:
        _agent_reaction(s, layer, m, ctx)
        layer.effect = ""  # its "go again" is the attack's, not the ability's (layers.resolve_top)
        return ""
    m = RETURN_BANISHED_WITH_COUNTER.match(text.strip())
    if m is not None and layer.source_zone.startswith("banished:"):
        _return_banished(s, layer, m, ctx)
        return ""
    m = DISCARD_TOKEN_PLAY_KIND.match(text.strip())
    if m is not None:  # Oscilio, Forked Continuum: the discard the log names, then the token
        make_token(s, layer.controller, m.group(1).strip().title(), ctx)
        note = (
            f"Discard a card (the log names it); a {m.group(2)} discarded this way may be played this turn."
        )
        s.effects.append(
            Effect(
                "discard_due",
                layer.controller,
                1,
                "turn",
                layer.name,
                f"play_if:{m.group(2).casefold()}",
                note,
            )
        )
        return ""
    m = EQUIP_TOKEN_NEXT_KEYWORD_ATTACK.match(text.strip())
    if m is not None:
        _equip_token(s, layer, m, ctx)
        return ""
    m = ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL.search(text)
    if m is not None:
        _arsenal_cycle(s, layer.controller, layer.name, bool(m.group(1)), ctx)
        return (text[: m.start()] + text[m.end() :]).strip()
    m = LIFE_BALANCE.search(text)
    if m is not None:
        _life_balance(s, layer, m, ctx)
        return (text[: m.start()] + text[m.end() :]).strip()
    m = ARSENAL_FLIP_KEYWORD.search(text)
    if m is not None:
        _flip_and_grant(s, layer, m, ctx)
        return (text[: m.start()] + text[m.end() :]).strip()
    m = FLIPPED_TALENT_EFFECTS.search(text)
    if m is not None:
        _flipped_talent_effects(s, layer, m, ctx)
        return (text[: m.start()] + text[m.end() :]).strip()
    m = EQUIP_FROM_GRAVEYARD.search(text)
    if m is not None:
        _equip_from_graveyard(s, layer, m, ctx)
        return (text[: m.start()] + text[m.end() :]).strip()
    text = heroes_more.resolve_ability(s, layer, text, ctx)  # Kassai's next weapon hit
    body = text.strip()
    m = DRAW_THEN_DISCARD.match(body) or CREATE_IN_HAND.match(body) or CREATE_TOKEN_WITH_COUNTERS.match(body)
    if m is not None:
        _create_or_loot(s, layer, m, ctx)
        return ""  # the whole effect (go again: layers.resolve_top reads the layer's text)
    return text


def start_search(s: GameState, player: str, source: str, m: re.Match[str], ctx: Ctx) -> None:
    """Katsu's and Zen's deck search as their ability resolves (CR 5.3, 6.6): a ``search_due`` effect the
    log's search line takes (``search``); Katsu's "you may discard a card with cost 0. If you do, ..."
    first waits for the log's discard of such a card (``zones.pay_search_discard``). A search due and never
    logged is reported as the end phase begins (``end_phase_abilities``); Katsu's discard not taken is his
    choice not to search."""
    discard = f"discard:{m.group(1)}" if m.group(1) is not None else ""
    text = (
        f"Discard a card with cost {m.group(1)}; if you do, search your deck for a card with {m.group(2)} (the log names it)."
        if discard
        else f"Search your deck for a card with {m.group(2)} (the log names it)."
    )
    s.effects.append(
        Effect("search_due", player, 0, "turn", source, discard, f"{m.group(2).casefold()}|{text}")
    )


def _has_keyword(facts: CardFacts, keyword: str) -> bool:
    """A card "with combo" has a combo ability (CR 8.4.1: written "Combo - ..."), others the keyword."""
    if keyword == "combo":
        return facts.has("combo") or bool(re.search(r"(?:^|\n|\.\s)\s*combo\s*[-–]", facts.text, re.I))
    return facts.has(keyword)


def search(s: GameState, c: A.Search, ctx: Ctx) -> None:
    """The card the log says a deck search found (its identity is what the log says, CR 3.0.1's hidden
    deck): it must fit the search (a card with combo), it leaves the deck (a known top or bottom card, or
    one of the unknown cards), is banished face up and may be played from there this turn (a
    ``play_from_banished`` effect, ``hero_banished_play``); the deck is shuffled (CR 8.5.20: its known
    cards are known no more). A search with no ability waiting for it, or before Katsu's discard, is a
    violation."""
    p = s.p(c.player)
    due = next((e for e in s.effects if e.kind == "search_due" and e.player == c.player), None)
    if due is None:
        raise Illegal(
            "search",
            say("No ability lets {player} search their deck now.", player=c.player),
        )
    if due.card_id.startswith("discard:"):
        raise Illegal(
            "search",
            say(
                "{source}'s search comes only after a discard of a card with cost {cost}; log the discard first.",
                source=due.source,
                cost=due.card_id.removeprefix("discard:"),
            ),
        )
    keyword = due.text.split("|", 1)[0]
    card = next((x for x in [*p.deck_top, *p.deck_bottom] if same_card(x, c.card.name)), None)
    facts = card.facts if card is not None else card_facts(c.card.name, ctx)
    if not _has_keyword(facts, keyword):
        raise Illegal(
            "search",
            say(
                "{source} searches for a card with {keyword}; {card} has none.",
                source=due.source,
                keyword=keyword,
                card=c.card.name,
            ),
        )
    if p.deck_count is not None and p.deck_count <= 0:
        raise Illegal("search", say("{player}'s deck is empty.", player=c.player))
    if card is not None:
        (p.deck_top if card in p.deck_top else p.deck_bottom).remove(card)
    else:
        card = new_card(s, c.card.name, c.player, ctx, c.card.claims)
    if p.deck_count is not None:
        p.deck_count -= 1
    s.effects.remove(due)
    card.face = "up"
    p.banished.append(card)
    conditions.record_banished(s, c.player, card)
    p.deck_top, p.deck_bottom = [], []  # shuffled (CR 8.5.20)
    text = f"{card.name} may be played from the banished zone this turn."
    s.effects.append(Effect("play_from_banished", c.player, 0, "turn", due.source, card.id, text))
    ctx.add(
        NOTE,
        say(
            "line {number}: {source}: {card} is banished face up from the deck, which is shuffled; it may be played this turn.",
            number=ctx.entry.number,
            source=due.source,
            card=card.name,
        ),
        "hero_ability",
    )


def hero_banished_play(s: GameState, player: str, card: Card, ctx: Ctx) -> bool | None:
    """A card played from the banished zone with a permission for it this turn (Katsu's, Zen's search,
    Kano's look): the permission is used (CR 5.1.1a's allowance); True when it gives the card an
    instant's timing (Kano's "as though it were an instant"), None with no such permission (the card's
    own, ``playing.check_banished_play``)."""
    allowed = next(
        (
            e
            for e in s.effects
            if e.kind == "play_from_banished" and e.player == player and e.card_id == card.id
        ),
        None,
    )
    if allowed is None:
        return None
    s.effects.remove(allowed)
    return allowed.choice == "instant"


def look_top(s: GameState, c: A.LookTop, ctx: Ctx) -> None:
    """Kano's look at the top card of the deck (CR 3.0.1: the card's identity is what the log says): the
    card named is the known top card, or becomes it; "P1 banishes it" banishes it face up if it is a
    'non-attack' action card, with a permission to play it this turn as though it were an instant (CR
    5.1.1), else the banish is a violation (the card stays on top). A look with no ability waiting for it
    is refused."""
    if look_opponent_top(s, c, ctx):  # Arakni's look at an opponent's top card
        return
    player = c.player or next((e.player for e in s.effects if e.kind == "look_top_due"), "")
    due = next((e for e in s.effects if e.kind == "look_top_due" and e.player == player), None)
    if due is None:
        raise Illegal(
            "look_top",
            say(
                "No ability lets {player} look at the top card of their deck now.",
                player=player or "the player",
            ),
        )
    p = s.p(player)
    if c.card is not None:
        if p.deck_top and not same_card(p.deck_top[0], c.card.name):
            raise Illegal(
                "look_top",
                say(
                    "{card} is not the top card of {player}'s deck ({top} is).",
                    card=c.card.name,
                    player=player,
                    top=p.deck_top[0].name,
                ),
            )
        if not p.deck_top:
            if p.deck_count is not None and p.deck_count <= 0:
                raise Illegal("look_top", say("{player}'s deck is empty.", player=player))
            p.deck_top.insert(0, new_card(s, c.card.name, player, ctx, c.card.claims))
    if not c.banish:
        return
    if not p.deck_top:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the log banishes the top card without naming it; enter it ('Top card is X').",
                number=ctx.entry.number,
                name=due.source,
            ),
            "manual_effect",
        )
        return
    top = p.deck_top[0]
    if not (top.facts.is_action and "non-attack" in top.facts.subtypes):
        raise Illegal(
            "look_top",
            say(
                "{name} may banish the top card only if it is a 'non-attack' action card; {card} is not one.",
                name=due.source,
                card=top.name,
            ),
        )
    p.deck_top.pop(0)
    if p.deck_count is not None:
        p.deck_count -= 1
    s.effects.remove(due)
    top.face = "up"
    p.banished.append(top)
    conditions.record_banished(s, player, top)
    text = f"{top.name} may be played from the banished zone this turn as though it were an instant."
    s.effects.append(
        Effect("play_from_banished", player, 0, "turn", due.source, top.id, text, choice="instant")
    )
    ctx.add(
        NOTE,
        say(
            "line {number}: {name}: {card} is banished from the top of the deck; it may be played this turn as though it were an instant.",
            number=ctx.entry.number,
            name=due.source,
            card=top.name,
        ),
        "hero_ability",
    )


def _create_or_loot(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Gravy Bones's "Draw a card, then discard a card" (the draw, then a discard the player chooses: a
    ``discard_due`` effect the log's next discard line pays, ``zones.pay_discard_cost``, reported at the
    end phase when it never comes), Marlynn's "Create a Goldfin Harpoon in your hand" (a new card in the
    hand, CR 1.3.2) and Maxx's "Create a Hyper Driver token with 2 steam counters" (CR 8.6, 1.15)."""
    player = layer.controller
    if m.re is DRAW_THEN_DISCARD:
        draw(s, player, 1, ctx)
        text = "Discard a card (the log names it)."
        s.effects.append(Effect("discard_due", player, 1, "turn", layer.name, text=text))
        return
    if m.re is CREATE_IN_HAND:
        card = new_card(s, m.group(1).strip(), player, ctx)
        card.private_to = player
        s.p(player).hand.append(card)
        ctx.events.append(Event("create", player, f"{card.name}: hand"))
        return
    token = make_token(s, player, m.group(1).strip().title(), ctx)
    token.add_counters(m.group(3).casefold(), int(m.group(2)))


_WEAPON_ZONES = 2  # CR 3.16: a hero has two weapon zones unless its text says otherwise


def _equip_from_graveyard(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Cindra's "Equip up to 2 Draconic daggers from your graveyard" (CR 8.5.41: each goes into an empty
    weapon zone as a new permanent). Which daggers is the player's choice: the ones the activation line
    names (`P1 activates Cindra targeting Kunai of Retribution and Kunai of Retribution`); a named card
    that is not such a dagger in the graveyard is a violation (the line is reversed); with none named
    the judge is asked. A dagger with no empty weapon zone left stays in the graveyard (a note)."""
    player = layer.controller
    p = s.p(player)
    limit, talent, subtype = int(m.group(1)), m.group(2).casefold(), m.group(3).casefold()
    names = list(layer.targets)
    if not names:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the log does not say which {talent} {subtype}s are equipped from the graveyard (up to {limit}); name them on the activation line ('{player} activates {hero} targeting X and Y') or enter them as adjustment lines.",
                number=ctx.entry.number,
                name=layer.name,
                talent=m.group(2),
                subtype=subtype,
                limit=limit,
                player=player,
                hero=p.hero,
            ),
            "manual_effect",
        )
        return
    if len(names) > limit:
        raise Illegal(
            "equip",
            say(
                "{name} equips up to {limit} cards; the line names {count}.",
                name=layer.name,
                limit=limit,
                count=len(names),
            ),
        )
    for wanted in names:
        card = next((c for c in p.graveyard if same_card(c, wanted)), None)
        if card is None:
            # "both Kunai": words of the name of exactly one kind of card in the graveyard
            fits = {c.name for c in p.graveyard if f" {norm_name(wanted)} " in f" {norm_name(c.name)} "}
            card = next((c for c in p.graveyard if c.name in fits), None) if len(fits) == 1 else None
        if card is None or talent not in card.facts.classes or subtype not in card.facts.subtypes:
            raise Illegal(
                "equip",
                say(
                    "{name} equips only {talent} {subtype}s from {player}'s graveyard; {card} is not one there.",
                    name=layer.name,
                    talent=m.group(2),
                    subtype=subtype,
                    player=player,
                    card=wanted,
                ),
            )
        if len(p.weapons) >= _WEAPON_ZONES:
            _hero_note(
                ctx,
                say(
                    "line {number}: {name}: {player} has no empty weapon zone; {card} stays in the graveyard.",
                    number=ctx.entry.number,
                    name=layer.name,
                    player=player,
                    card=card.name,
                ),
            )
            continue
        p.graveyard.remove(card)
        equipped = Card(id=s.new_id(), facts=card.facts, owner=player)  # a new permanent (CR 8.5.41)
        p.weapons.append(equipped)
        ctx.events.append(Event("move", player, f"{card.name}: graveyard -> weapon"))
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: {card} is equipped from the graveyard.",
                number=ctx.entry.number,
                name=layer.name,
                card=card.name,
            ),
        )


def _hero_note(ctx: Ctx, text: Phrase) -> None:
    ctx.add(NOTE, text, "hero_ability")


def _life_balance(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Kavdaen (CR 5.3, discrete effects in order, 1.8.4): the hero with more life than all others
    loses N and creates the token under their control; then, with the lives as they are now, the hero
    with less life than all others gains N. Two players: equal lives do neither."""
    lives = {pl: s.p(pl).life for pl in PLAYERS}
    if any(v is None for v in lives.values()):
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the state does not know both life totals; enter the outcome as adjustment lines.",
                number=ctx.entry.number,
                name=layer.name,
            ),
            "manual_effect",
        )
        return
    high = max(PLAYERS, key=lambda pl: s.p(pl).life or 0)
    if s.p(high).life != s.p(other(high)).life:
        s.p(high).life = (s.p(high).life or 0) - int(m.group(1))
        ctx.events.append(Event("life", high, layer.name, -int(m.group(1))))
        make_token(s, high, m.group(2).title(), ctx)
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: {player} had the most life, loses {amount} and creates a {token} token.",
                number=ctx.entry.number,
                name=layer.name,
                player=high,
                amount=m.group(1),
                token=m.group(2).title(),
            ),
        )
    low = min(PLAYERS, key=lambda pl: s.p(pl).life or 0)
    if s.p(low).life != s.p(other(low)).life:
        s.p(low).life = (s.p(low).life or 0) + int(m.group(3))
        ctx.events.append(Event("life", low, layer.name, int(m.group(3))))
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: {player} has the least life and gains {amount}.",
                number=ctx.entry.number,
                name=layer.name,
                player=low,
                amount=m.group(3),
            ),
        )


def _face_down_arsenal(s: GameState, player: str) -> Card | None:
    return next((c for c in s.p(player).arsenal if c.face == "down"), None)


def _turn_face_up(card: Card) -> None:
    card.face = "up"
    card.private_to = ""


def _flip_and_grant(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Bravo, Flattering Showman: a face-down arsenal card is turned face up (none: nothing happens);
    with the keyword (crush) it gets +N{p} and the granted keyword until end of turn, applied when it is
    played as an attack (``playing.apply_next_card_effects``, ``defending.granted``)."""
    player = layer.controller
    card = _face_down_arsenal(s, player)
    if card is None:
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: {player} has no face-down card in the arsenal; nothing happens.",
                number=ctx.entry.number,
                name=layer.name,
                player=player,
            ),
        )
        return
    _turn_face_up(card)
    ctx.events.append(Event("reveal", player, card.name))
    if not card.facts.known:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the state does not know {player}'s arsenal card; enter it, and, if it has {keyword}, its +{amount}{{p}} and {grant} this turn.",
                number=ctx.entry.number,
                name=layer.name,
                player=player,
                keyword=m.group(1),
                amount=m.group(2),
                grant=m.group(3),
            ),
            "manual_effect",
        )
        return
    if not card.facts.has(m.group(1).casefold()):
        return
    text = f"{card.name} gets +{m.group(2)}{{p}} this turn."
    s.effects.append(Effect("power_card", player, int(m.group(2)), "turn", layer.name, card.id, text))
    s.effects.append(
        Effect("grant_keyword_card", player, 0, "turn", layer.name, card.id, m.group(3).casefold())
    )
    _hero_note(
        ctx,
        say(
            "line {number}: {name}: {card} is turned face up; it has {keyword} and gets +{amount}{{p}} and {grant} this turn.",
            number=ctx.entry.number,
            name=layer.name,
            card=card.name,
            keyword=m.group(1),
            amount=m.group(2),
            grant=m.group(3),
        ),
    )


def pay_arsenal_flip(s: GameState, player: str, src: Card, ab: object, ctx: Ctx) -> str:
    """Lexi's cost "Turn a face down card in your arsenal face up" (CR 1.14.4: an effect-cost; none to
    turn makes the activation illegal): the card's id, kept on the layer for the effect."""
    if not getattr(ab, "flip_arsenal", False):
        return ""
    card = _face_down_arsenal(s, player)
    if card is None:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s ability costs turning a face-down arsenal card face up; {player} has none.",
                src=src.name,
                player=player,
            ),
        )
    _turn_face_up(card)
    ctx.events.append(Event("reveal", player, card.name))
    return card.id


def _flipped_talent_effects(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Lexi: the card her cost turned face up (``layer.source_zone`` "arsenal:ID") decides: a Lightning
    card gives her next attack this turn go again, an Ice card a Frostbite token to the target hero
    (the line's target, else the opponent with a note); a card with both talents does both."""
    player = layer.controller
    cid = layer.source_zone.removeprefix("arsenal:")
    card = next((c for pl in PLAYERS for c in s.p(pl).arsenal if c.id == cid), None)
    if card is None or not card.facts.known:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the state does not know the card turned face up; enter its outcome as adjustment lines.",
                number=ctx.entry.number,
                name=layer.name,
            ),
            "manual_effect",
        )
        return
    talents = {x.casefold() for x in card.facts.classes}
    if m.group(1).casefold() in talents:
        s.effects.append(Effect("next_attack_go_again", player, 0, "turn", layer.name))
    if m.group(2).casefold() in talents:
        if layer.targets:
            target = target_player(layer.targets[0], player)
        else:
            target = other(player)
            _hero_note(
                ctx,
                say(
                    "line {number}: {name}: the line names no target hero; {player}, the opponent, is taken.",
                    number=ctx.entry.number,
                    name=layer.name,
                    player=target,
                ),
            )
        make_token(s, target, m.group(3).title(), ctx)


def _arsenal_cycle(s: GameState, player: str, name: str, arrow_dominate: bool, ctx: Ctx) -> None:
    """CR 8.5 discrete effects in order; "If you do" needs a card moved from the arsenal (a conditional effect, CR 1.8.4)."""
    p = s.p(player)
    if not p.arsenal:
        ctx.add(
            NOTE,
            say(
                "line {number}: {name}: {player}'s arsenal is empty, so no card goes to the bottom of the deck and nothing more happens.",
                number=ctx.entry.number,
                name=name,
                player=player,
            ),
            "hero_ability",
        )
        return
    moved = p.arsenal.pop(0)
    moved.face = "down"
    moved.private_to = player
    put_bottom(p, [moved])
    ctx.events.append(Event("move", player, f"{moved.name}: arsenal -> deck_bottom"))
    top: Card | None = None
    if p.deck_top:
        top = p.deck_top.pop(0)
    elif p.deck_count is not None and p.deck_count == len(p.deck_bottom):
        top = p.deck_bottom.pop(0)  # the whole deck is known from the bottom: its first card is on top
    if top is None:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the state does not know the top card of {player}'s deck; enter it ('adj: {player} moves CARD from the top of their deck to arsenal face up'); an arrow card gains dominate until end of turn ('adj: CARD gains dominate until end of turn').",
                number=ctx.entry.number,
                name=name,
                player=player,
            ),
            "manual_effect",
        )
        return
    if p.deck_count is not None:
        p.deck_count -= 1
    top.face = "up"
    top.private_to = ""
    top.origin = ""
    p.arsenal.append(top)
    ctx.events.append(Event("move", player, f"{top.name}: deck_top -> arsenal"))
    note = f"line {ctx.entry.number}: {name}: {moved.name} goes to the bottom of the deck and {top.name} face up into the arsenal"
    if arrow_dominate and "arrow" in {x.casefold() for x in top.facts.subtypes}:
        s.effects.append(Effect("grant_keyword_card", player, 0, "turn", name, top.id, "dominate"))
        note += "; an arrow card, it gains dominate until end of turn"
    ctx.add(NOTE, note + ".", "hero_ability")


def hero_link_grants(s: GameState, link: ChainLink) -> list[str]:
    """A hero's static bonus for its attacks under a condition, as ``ChainLink.waiting`` items checked
    again before defending, damage and go again (``defending.recheck_grants``, CR 6.1.3): Arakni's
    "Your attacks with stealth that are attacking a marked hero get +1{p} and "When this hits, this gets
    go again."" (the mark until the hit removes it, CR 9.3.3; the granted hit ability is read as the hit
    triggers, ``triggers.hit_triggers``)."""
    hero = s.p(link.controller).hero_card
    if hero is None:
        return []
    out = []
    for sentence in hero.text.split("\n"):
        m = STEALTH_MARKED_BONUS.match(sentence.strip())
        if m and link.attack.facts.has(m.group(1).casefold()):
            out.append(f"marked|0|{m.group(2)}|{m.group(3).rstrip('.')};")
        d = PLAYED_COLOUR_SUBTYPE_GO_AGAIN.match(sentence.strip())
        if d and d.group(2).casefold() in {x.casefold() for x in link.attack.facts.subtypes}:
            # Dromai's "If you've played a red card this turn, dragons you control have go again while
            # attacking": the condition grammar's "played" key, checked before go again is (CR 6.1.3)
            key = conditions.parse(f"you've played a {d.group(1)} card this turn")
            if key is not None:
                out.append(f"{key}|0|0|go again;")
        b = CONDITION_ATTACKS_POWER_DEFENDED.match(plain(sentence).strip())
        key = conditions.parse(b.group(1)) if b else None
        if b and key is not None:
            # Boltyn's "If you've charged this turn, your attacks get +1{p} while defended by an attack
            # action card": both facts checked before damage (values.grant_met's "defended_by" prefix)
            out.append(f"defended_by:attack action&{key}|0|{b.group(2)}|;")
    return out


def _offer_end_phase_payment(s: GameState, player: str, ctx: Ctx) -> None:
    """Terra's "At the beginning of each end phase, if there is an Earth card in your pitch zone, you may
    pay {r}. If you do, create a Might token." (CR 4.4.2): with such a card in her pitch zone, a
    ``pay_offer`` effect until the end phase ends; the log's ``P1 pays 1`` takes it (``take_pay_offer``)."""
    hero = s.p(player).hero_card
    if hero is None:
        return
    for line in hero.text.split("\n"):  # one ability per line; it is two sentences
        m = END_PHASE_PAY_TOKEN.match(line.strip())
        if m is None:
            continue
        talent = m.group(1).casefold()
        if not any(talent in c.facts.classes for c in s.p(player).pitch_zone):
            continue
        cost, token = m.group(2).count("{"), m.group(3).strip().title()
        text = f"You may pay {m.group(2)}: create a {token} token ({hero.name})."
        s.effects.append(Effect("pay_offer", player, cost, "end", hero.name, token, text))
        ctx.events.append(Event("trigger", player, f"{hero.name} end phase"))


def draw_arsenal(s: GameState, c: A.Arsenal, ctx: Ctx) -> bool:
    """Marlynn's "Whenever you draw a card during your action phase, you may put an arrow from your hand
    face-up into your arsenal": in her action phase, an arsenal line on the line of the draw or the one
    after (the trigger resolving, CR 6.6) puts the arrow face up into her empty arsenal. True when the
    line is that choice; the card must be an arrow from her hand and the arsenal empty (CR 3.3.2), else
    a violation. False for any other arsenal line (the end phase's, ``end_phase.arsenal``)."""
    p = s.p(c.player)
    hero = p.hero_card
    if hero is None or s.phase != "action" or s.turn_player != c.player:
        return False
    m = next((x for line in hero.text.split("\n") if (x := DRAW_ARROW_TO_ARSENAL.match(line.strip()))), None)
    drew = any(e.kind == "draw" and e.player == c.player for e in list(ctx.prev_events) + list(ctx.events))
    if m is None or not drew:
        return False
    kind = m.group(1).casefold()
    if p.arsenal or c.extra:
        raise Illegal("arsenal_occupied", say("{player}'s arsenal already holds a card.", player=c.player))
    card, _ = take(s, c.player, c.card, ("hand",), ctx)
    if kind not in card.facts.subtypes:
        raise Illegal(
            "play_zone",
            say(
                "{hero}'s ability puts only an {kind} from hand into the arsenal; {card} is not one.",
                hero=hero.name,
                kind=kind,
                card=card.name,
            ),
        )
    card.face, card.private_to, card.origin = "up", "", ""
    p.arsenal.append(card)
    ctx.events.append(Event("trigger", c.player, f"{hero.name}: {card.name} into the arsenal"))
    return True


def token_created(s: GameState, player: str, token: str, ctx: Ctx) -> None:
    """Victor Goldmane's "The first time each turn you create a Gold token from an effect you control,
    draw a card": a triggered layer (CR 6.6) the first time in a turn an effect ``player`` controls
    creates that token for them (``layers.apply_text_effect``)."""
    p = s.p(player)
    hero = p.hero_card
    if hero is None:
        return
    for sentence in split_sentences(hero.text):
        m = FIRST_TOKEN_DRAW.match(sentence.strip())
        key = f"{player}-hero-first-token"
        if m is None or norm_name(token_base(token)) != norm_name(m.group(1)) or key in p.once_per_turn:
            continue
        p.once_per_turn.append(key)
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=player, effect="text"
        )
        layer.targets = ["draw:1:"]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", player, layer.name))


def take_pay_offer(s: GameState, player: str, amount: int) -> Effect | None:
    """The hero's optional payment ``player`` makes now (Terra's), removed from the state; the caller
    pays it and ``pay_offer_effect`` applies its effect."""
    offer = next(
        (e for e in s.effects if e.kind == "pay_offer" and e.player == player and e.amount == amount), None
    )
    if offer is not None:
        s.effects.remove(offer)
    return offer


def pay_offer_effect(s: GameState, offer: Effect, ctx: Ctx) -> None:
    """ "If you do, create a Might token" (CR 1.8.4: the payment was made)."""
    if heroes_crowd.pay_offer_effect(s, offer, ctx):  # Betsy's +1{p} and overpower
        return
    make_token(s, offer.player, offer.card_id, ctx)
    _hero_note(
        ctx,
        say(
            "line {number}: {hero}: {player} paid and creates a {token} token.",
            number=ctx.entry.number,
            hero=offer.source,
            player=offer.player,
            token=offer.card_id,
        ),
    )


def end_phase_abilities(s: GameState, ctx: Ctx) -> None:
    """The turn-player's hero abilities at the beginning of the end phase (CR 4.4.2)."""
    _brood_end_phase(s, ctx)
    for eff in [e for e in s.effects if e.kind == "discard_due"]:
        s.effects.remove(eff)  # Gravy Bones's discard the log never showed
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name} made {player} draw a card and then discard one, and the log never showed the discard; enter it ('{player} discards X').",
                number=ctx.entry.number,
                name=eff.source,
                player=eff.player,
            ),
            "manual_effect",
        )
    for eff in [e for e in s.effects if e.kind == "search_due"]:
        s.effects.remove(eff)  # Katsu's optional discard not taken: nothing; a search due never named: asked
        if not eff.card_id:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name} searched {player}'s deck and the log never named the card found; enter it ('{player} searches their deck for X').",
                    number=ctx.entry.number,
                    name=eff.source,
                    player=eff.player,
                ),
                "manual_effect",
            )
    for pl in PLAYERS:  # "at the beginning of each end phase": either player's hero (Terra)
        _offer_end_phase_payment(s, pl, ctx)
    player = s.turn_player
    p = s.p(player)
    hero = p.hero_card
    if hero is None:
        return
    for sentence in split_sentences(hero.text):
        m = WEAPON_HITS_COPPER.match(sentence.strip())
        if m is None:
            continue
        weapons = {norm_name(w.name) for w in p.weapons}
        attacks = [n for n in s.attacks_this_turn if norm_name(n) in weapons]
        if len(attacks) < int(m.group(1)):
            continue
        # the earlier lines' events of this turn (the previous line's are among them when there is a history)
        events = list(ctx.history or ctx.prev_events) + list(ctx.events)
        hits = sum(
            1
            for e in events
            if e.kind == "hit" and e.player == player and norm_name(str(e.subject)) in weapons
        )
        token = m.group(2).title()
        for _ in range(hits):
            make_token(s, player, token, ctx)
        ctx.events.append(Event("trigger", player, f"{hero.name} end phase"))
        ctx.add(
            NOTE,
            say_n(
                "line {number}: {hero}: {attacks} weapon attacks this turn, {count} of them hit: {count} {token} token.",
                "line {number}: {hero}: {attacks} weapon attacks this turn, {count} of them hit: {count} {token} tokens.",
                hits,
                number=ctx.entry.number,
                hero=hero.name,
                attacks=len(attacks),
                token=token,
            ),
            "hero_ability",
        )


def _is_nonattack_action(tags: str) -> bool:
    words = tags.split()
    return "action" in words and "non-attack" in words


def record_play(s: GameState, player: str, f: CardFacts) -> None:
    """The card is played (CR 5.1): kept for this turn's conditions."""
    s.played_this_turn.append([player, f.name, played_tags(f)])


def played(s: GameState, player: str) -> list[str]:
    """The tags of the cards the player played this turn, in order."""
    return [tags for who, _name, tags in s.played_this_turn if who == player]


def play_abilities(s: GameState, player: str, f: CardFacts, ctx: Ctx, zone: str = "") -> None:
    """The hero's triggers on playing a card (recorded by ``record_play`` just before)."""
    heroes_more.play_abilities(s, player, f, ctx, zone)  # Arakni's contract look, Vynnset's life payment
    hero = s.p(player).hero_card
    if hero is None:
        return
    mine = played(s, player)
    for sentence in split_sentences(hero.text):
        sentence = sentence.strip()
        token = ""
        m = PLAY_CLASS_AFTER_NONATTACK.match(sentence)
        if m and m.group(1).casefold() in mine[-1].split():
            if any(_is_nonattack_action(t) for t in mine[:-1]):
                token = m.group(2)
        m2 = SECOND_NONATTACK_TOKEN.match(sentence)
        if m2 and _is_nonattack_action(mine[-1]) and sum(_is_nonattack_action(t) for t in mine) == 2:
            token = m2.group(1)
        if token:
            s.stack.append(
                Layer(
                    id=s.new_id(),
                    kind="triggered",
                    name=f"{hero.name} trigger",
                    controller=player,
                    effect=f"Create a {token.title()} token.",
                )
            )
            ctx.events.append(Event("trigger", player, f"{hero.name}: {f.name}"))
            continue
        _opponent_token_trigger(s, player, hero, sentence, mine[-1], f, ctx)


def _opponent_token_trigger(
    s: GameState, player: str, hero: CardFacts, sentence: str, tags: str, f: CardFacts, ctx: Ctx
) -> None:
    """Jarl's and Iyslander's "Whenever you play an Ice card[ during an opponent's turn], create a
    Frostbite token [in an opponent's exposed zone / under their control]": a triggered layer (CR 6.6)
    creating the token under the opponent's control (CR 8.6.10). Jarl's needs an exposed head, chest,
    arms or legs zone of the opponent (an equipment zone with no equipment, CR 3.5; a zone the start
    state does not fill counts as exposed); with none, the trigger does nothing (a note). Which of
    the exposed zones is the player's choice and changes nothing the engine computes with the token."""
    m = PLAY_TOKEN_IN_EXPOSED_ZONE.match(sentence)
    m2 = PLAY_OFF_TURN_TOKEN_THEIRS.match(sentence)
    found = m or m2
    if found is None or found.group(1).casefold() not in tags.split():
        return
    if m2 and s.turn_player == player:
        return  # "during an opponent's turn"
    opponent = other(player)
    if m and all(s.p(opponent).equipment.get(slot) is not None for slot in SLOTS):
        ctx.add(
            NOTE,
            say(
                "line {number}: {hero}: {player} has no exposed head, chest, arms or legs zone, so no {token} token is created.",
                number=ctx.entry.number,
                hero=hero.name,
                player=opponent,
                token=found.group(2).title(),
            ),
            "hero_ability",
        )
        return
    layer = Layer(
        id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=player, effect="text"
    )
    layer.targets = [f"create_token_opp:1:{found.group(2).strip().title()}"]
    s.stack.append(layer)
    ctx.events.append(Event("trigger", player, f"{hero.name}: {f.name}"))


def plays_as_instant(s: GameState, player: str, f: CardFacts, zone: str) -> bool:
    """Iyslander's "If it's not your turn, you may play blue 'non-attack' action cards from your arsenal
    as though they were an instant" (CR 5.1.1: the card's timing becomes an instant's)."""
    hero = s.p(player).hero_card
    if zone == "deck" and _deck_top_ability(s, player) is not None:
        return True  # Dash: checked by deck_top_play
    if hero is None or zone != "arsenal" or s.turn_player == player:
        return False
    for sentence in split_sentences(hero.text):
        m = ARSENAL_AS_INSTANT_OFF_TURN.match(sentence.strip())
        if (
            m
            and f.is_action
            and "non-attack" in f.subtypes
            and _COLOUR_PITCH[m.group(1).casefold()] == f.pitch
        ):
            return True
    return False


_COLOUR_PITCH = {"red": 1, "yellow": 2, "blue": 3}


def _deck_top_ability(s: GameState, player: str) -> re.Match[str] | None:
    hero = s.p(player).hero_card
    if hero is None:
        return None
    return next(
        (m for line in hero.text.split("\n") if (m := DECK_TOP_ITEM_AS_INSTANT.match(line.strip()))), None
    )


def reveal_deck_top(s: GameState, player: str, ref: A.CardRef, ctx: Ctx) -> None:
    """Before Dash plays a card "from deck": the card the line names is the top card of the deck (CR
    3.0.1: the top of the deck, as her ability says); when the state does not know the top card, the
    line tells it, so it is put there, one of the deck's unknown cards."""
    if ref.zone != "deck" or _deck_top_ability(s, player) is None:
        return
    p = s.p(player)
    if p.deck_top:
        if not same_card(p.deck_top[0], ref.name):
            raise Illegal(
                "play_zone",
                say(
                    "{card} is not the top card of {player}'s deck ({top} is); {hero}'s ability plays only the top card.",
                    card=ref.name,
                    player=player,
                    top=p.deck_top[0].name,
                    hero=p.hero,
                ),
            )
        return
    if p.deck_count is not None and p.deck_count <= len(p.deck_bottom):
        return  # the whole deck is known from the bottom: take finds it (or reports it missing)
    p.deck_top.insert(0, new_card(s, ref.name, player, ctx, ref.claims))


def deck_top_play(s: GameState, player: str, f: CardFacts, zone: str, ctx: Ctx) -> int:
    """Dash's "Once per turn, you may play a Mechanologist item with cost 0 or 1 from the top of your deck
    as though it were an instant. It costs an additional {r} to play" (CR 5.1.1 the zone and timing,
    5.1.6 the cost): checked as the card is played from the deck; returns the additional cost. A card
    that does not fit, or a second such play in a turn, is a violation (the line is reversed)."""
    m = _deck_top_ability(s, player) if zone == "deck" else None
    if m is None:
        return 0
    p = s.p(player)
    cls = m.group(1).casefold()
    low, high = int(m.group(2)), int(m.group(3))
    fits = cls in f.classes and "item" in f.subtypes and f.cost is not None and low <= f.cost <= high
    if not fits:
        raise Illegal(
            "play_zone",
            say(
                "{hero}'s ability plays only a {group} item with cost {low} or {high} from the top of the deck; {card} is not one.",
                hero=p.hero,
                group=m.group(1),
                low=low,
                high=high,
                card=f.name,
            ),
        )
    key = f"{player}-hero-deck-top"
    if key in p.once_per_turn:
        raise Illegal(
            "once_per_turn",
            say("{hero}'s ability to play from the top of the deck was already used this turn.", hero=p.hero),
        )
    p.once_per_turn.append(key)
    extra = m.group(4).count("{")
    ctx.add(
        NOTE,
        say(
            "line {number}: {hero}: {card} is played from the top of the deck as though it were an instant and costs {extra} more.",
            number=ctx.entry.number,
            hero=p.hero,
            card=f.name,
            extra=extra,
        ),
        "hero_ability",
    )
    return extra


def activate_abilities(s: GameState, player: str, source: str, ctx: Ctx) -> None:
    """Scurv, Stowaway's "Whenever you activate a Goldkiss Rum, gain {r}": a triggered layer above the
    activated ability (CR 6.6, 5.2), resolving before it."""
    hero = s.p(player).hero_card
    if hero is None:
        return
    for sentence in split_sentences(hero.text):
        m = ACTIVATE_NAMED_GAIN.match(sentence.strip())
        if m is None or norm_name(token_base(source)) != norm_name(m.group(1)):
            continue
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=player, effect="text"
        )
        layer.targets = [f"gain_resources:{m.group(2).count('{')}:"]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", player, f"{hero.name}: {source}"))


def start_of_turn_abilities(s: GameState, ctx: Ctx) -> None:
    """The turn-player's hero abilities at the start of the turn (CR 4.2.2): Valda's "if you control 3
    or more Seismic Surge tokens, cards you own with crush get dominate this turn", checked as the start
    phase ends, before the tokens' own action-phase trigger destroys them. The layer resolves at once
    (as the permanents' start-of-turn triggers do): a continuous effect until the end of the turn."""
    heroes_more.start_of_turn(s, ctx)  # Vynnset's banish from hand
    player = s.turn_player
    hero = s.p(player).hero_card
    if hero is None:
        return
    for sentence in split_sentences(hero.text):
        m = START_TOKENS_KEYWORD.match(sentence.strip())
        if m is None:
            continue
        wanted = norm_name(m.group(2)).replace("siesmic", "seismic")  # the card data's spelling
        count = sum(1 for c in s.p(player).permanents if norm_name(token_base(c.name)) == wanted)
        if count < int(m.group(1)):
            continue
        keyword, grant = m.group(3).casefold(), m.group(4).casefold()
        s.effects.append(Effect("grant_keyword_with", player, 0, "turn", hero.name, keyword, grant))
        ctx.events.append(Event("trigger", player, f"{hero.name} start of turn"))
        ctx.add(
            NOTE,
            say(
                "line {number}: {hero}: {player} controls {count} {token} tokens; cards {player} owns with {keyword} get {grant} this turn.",
                number=ctx.entry.number,
                hero=hero.name,
                player=player,
                count=count,
                token=m.group(2),
                keyword=keyword,
                grant=grant,
            ),
            "hero_ability",
        )


def check_activation_condition(s: GameState, player: str, src: Card) -> str:
    """Raise when a hero's or equipment's "Activate this only if you've played a X card this turn" is not met
    (CR 5.2.1e); return the ability's text without the condition (it is not an effect)."""
    b = BOOSTED_THIS_TURN_CONDITION.search(src.facts.text)
    if b is not None:  # Maxx: "Activate this ability only if you've boosted this turn"
        if player not in s.boosted:
            raise Illegal(
                "activation_condition",
                say(
                    "{src}'s ability can be activated only if {player} has boosted this turn; this log shows no boost.",
                    src=src.name,
                    player=player,
                ),
            )
        return b.group(0)
    m = PLAYED_THIS_TURN_CONDITION.search(src.facts.text)
    if m is None:
        g = ACTIVATE_ONLY_IF.search(src.facts.text)
        key = conditions.parse(g.group(1)) if g else None
        if g is None or key is None:
            return ""
        if not conditions.holds(s, player, key, src.facts):
            raise Illegal(
                "activation_condition",
                say(
                    "{src}'s ability can be activated only if {condition}; this log shows it is not so for {player}.",
                    src=src.name,
                    condition=g.group(1),
                    player=player,
                ),
            )
        return g.group(0)
    word = m.group(1).casefold()
    if not any(word in tags.split() for tags in played(s, player)):
        raise Illegal(
            "activation_condition",
            say(
                "{src}'s ability can be activated only if {player} has played a {group} card this turn; this log shows none.",
                src=src.name,
                player=player,
                group=m.group(1),
            ),
        )
    return m.group(0)


def _hero_lines(s: GameState, player: str) -> list[str]:
    hero = s.p(player).hero_card
    return [x.strip() for x in hero.text.split("\n")] if hero is not None else []


def grants_crank(s: GameState, player: str, card: Card) -> bool:
    """Maxx 'The Hype' Nitro's "Hyper Drivers you control get crank" (CR 8.3.29): the card, a token or
    a played Hyper Driver, has crank while he controls it."""
    for line in _hero_lines(s, player):
        m = NAMED_GET_CRANK.match(line)
        if m and norm_name(token_base(card.name)) == norm_name(m.group(1)):
            return True
    return False


def crank_abilities(s: GameState, player: str, ctx: Ctx) -> None:
    """Puffin's "The second time you crank each turn, draw a card" (CR 8.3.29a: the player has cranked):
    a triggered layer (CR 6.6) on the second crank of the turn the log shows (``layers.crank`` records
    each; a log that starts mid-turn counts only its own, and a start state may list earlier ones)."""
    hero = s.p(player).hero_card
    if hero is None or not any(SECOND_CRANK_DRAW.match(x) for x in _hero_lines(s, player)):
        return
    cranks = sum(1 for x in s.turn_log if x.startswith(f"{player} cranked "))
    if cranks != 2:
        return
    layer = Layer(
        id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=player, effect="text"
    )
    layer.targets = ["draw:1:"]
    s.stack.append(layer)
    ctx.events.append(Event("trigger", player, f"{hero.name}: second crank"))


def loses_blood_debt(s: GameState, player: str, ctx: Ctx) -> bool:
    """Levia's "If a card with 6 or more {p} has been put into your banished zone this turn, cards you own
    lose blood debt during the end phase" (CR 8.3.11: the end-phase loss of life does not happen). The
    condition is the grammar's (the cards put into a banished zone this turn, ``conditions.record_banished``)."""
    for line in _hero_lines(s, player):
        m = BANISHED_POWER_NO_BLOOD_DEBT.match(line)
        if m is None:
            continue
        key = conditions.parse(
            f"a card with {m.group(1)} or more {{p}} has been put into your banished zone this turn"
        )
        if key is not None and conditions.holds(s, player, key):
            _hero_note(
                ctx,
                say(
                    "line {number}: {hero}: a card with {least} or more power was banished this turn; {player}'s cards lose blood debt this end phase.",
                    number=ctx.entry.number,
                    hero=s.p(player).hero,
                    least=m.group(1),
                    player=player,
                ),
            )
            return True
    return False


def _is_agent(facts: CardFacts) -> bool:
    """An Agent of Chaos: a hero card that returns to the brood (the card data gives them no type)."""
    return any(RETURN_TO_BROOD.match(x.strip()) for x in facts.text.split("\n"))


def _transform(s: GameState, player: str, facts: CardFacts, ctx: Ctx) -> None:
    """The hero becomes another hero card (its life total, once-per-turn uses and counters stay)."""
    p = s.p(player)
    old = p.hero_card.name if p.hero_card is not None else p.hero
    p.hero_card = facts
    if norm_name(p.hero) == norm_name(old):
        p.hero = facts.name  # the start state named the whole card
    ctx.events.append(Event("transform", player, f"{old} -> {facts.name}"))
    _hero_note(
        ctx,
        say(
            "line {number}: {player}'s hero becomes {new} ({old} before).",
            number=ctx.entry.number,
            player=player,
            new=facts.name,
            old=old,
        ),
    )


def _brood_end_phase(s: GameState, ctx: Ctx) -> None:
    """Arakni's end phase (CR 4.4.2): an Agent of Chaos returns to the brood (becomes again the hero it
    was, kept as a "brood" effect when it became the Agent); Arakni, Marionette or Web of Deceit with an
    opponent marked (CR 9.3) becomes a random Agent of Chaos: random, so the log names it ("P1 becomes
    Arakni, Redback", ``become``), and the judge is asked when it never does (``turn_ends``)."""
    player = s.turn_player
    p = s.p(player)
    hero = p.hero_card
    if hero is None:
        return
    lines = [x.strip() for x in hero.text.split("\n")]
    if any(RETURN_TO_BROOD.match(x) for x in lines):
        brood = next((e for e in s.effects if e.kind == "brood" and e.player == player), None)
        if brood is None:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {hero} returns to the brood, and the state does not know which hero {player} was before; enter it ('{player} becomes Arakni, Marionette').",
                    number=ctx.entry.number,
                    hero=hero.name,
                    player=player,
                ),
                "manual_effect",
            )
            s.effects.append(Effect("brood_due", player, 0, "", hero.name))
            return
        s.effects.remove(brood)
        _transform(s, player, card_facts(brood.card_id, ctx), ctx)
        return
    if any(BECOME_RANDOM_AGENT.match(x) for x in lines) and other(player) in s.marked:
        text = "The log names the random Agent of Chaos ('P1 becomes Arakni, Redback')."
        s.effects.append(Effect("agent_due", player, 0, "", hero.name, text=text))
        ctx.events.append(Event("trigger", player, f"{hero.name} end phase"))
        _hero_note(
            ctx,
            say(
                "line {number}: {hero}: an opponent is marked, so {player} becomes a random Agent of Chaos; the log's '{player} becomes X' names it.",
                number=ctx.entry.number,
                hero=hero.name,
                player=player,
            ),
        )


def become(s: GameState, c: A.Become, ctx: Ctx) -> None:
    """ "P1 becomes Arakni, Redback": the outcome of a random or hidden transformation the log states. A
    random Agent of Chaos needs Arakni's end-phase trigger pending (``_brood_end_phase``) and an Agent
    card; a return to the brood the engine could not make needs the hero the log names. Anything else is
    a violation (the line is reversed)."""
    p = s.p(c.player)
    facts = card_facts(c.hero, ctx)
    if p.hero_card is not None and same_card(Card(id="", facts=p.hero_card, owner=c.player), c.hero):
        return  # already that hero (the engine made the change the line restates)
    agent = next((e for e in s.effects if e.kind == "agent_due" and e.player == c.player), None)
    back = next((e for e in s.effects if e.kind == "brood_due" and e.player == c.player), None)
    if agent is not None and facts.known and _is_agent(facts):
        s.effects.remove(agent)
        s.effects.append(
            Effect("brood", c.player, 0, "", facts.name, p.hero_card.name if p.hero_card else p.hero)
        )
        _transform(s, c.player, facts, ctx)
        return
    if back is not None and facts.known and not _is_agent(facts):
        s.effects.remove(back)
        _transform(s, c.player, facts, ctx)
        return
    raise Illegal(
        "transform",
        say(
            "{player}'s hero becomes {card} only through an ability that makes it so (Arakni's end phase with an opponent marked: a random Agent of Chaos); none is pending.",
            player=c.player,
            card=c.hero,
        ),
    )


def turn_ends(s: GameState, ctx: Ctx) -> None:
    """A random Agent of Chaos, or a card banished from hand for Black Widow's hit, the log never named by
    the end of the turn: the judge is asked."""
    for eff in [e for e in s.effects if e.kind == "banish_due"]:
        s.effects.remove(eff)
        if eff.choice.startswith("token:"):  # Vynnset's start of turn
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {source}: {player} banishes a card from hand at the start of the turn (then creates a {token} token), and the log never named it; enter it ('{player} banishes X from hand').",
                    number=ctx.entry.number,
                    source=eff.source,
                    player=eff.player,
                    token=eff.choice.removeprefix("token:"),
                ),
                "manual_effect",
            )
            continue
        ctx.add(
            MANUAL,
            say(
                "line {number}: {source} hit: {player} banishes a card from hand, and the log never named it; enter it ('adj: {player} moves X from hand to banished').",
                number=ctx.entry.number,
                source=eff.source,
                player=eff.player,
            ),
            "manual_effect",
        )
    for eff in [e for e in s.effects if e.kind == "agent_due"]:
        s.effects.remove(eff)
        ctx.add(
            MANUAL,
            say(
                "line {number}: {hero} became a random Agent of Chaos at the beginning of the end phase, and the log never named it; enter it ('{player} becomes Arakni, Redback').",
                number=ctx.entry.number,
                hero=eff.source,
                player=eff.player,
            ),
            "manual_effect",
        )


def _agent_reaction(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """The Agents' "Target Assassin attack gets +3{p}. If it has stealth, it gets go again." (CR 5.3): the
    active chain link's attack (an attack reaction's target); one that is not of the named class or
    subtype was no legal target, and the ability does nothing (CR 1.7.5, a note). The grant needs the
    keyword on the attack."""
    link = s.active_link()
    word = m.group(1).casefold()
    facts = link.attack.facts if link is not None else None
    if link is None or facts is None or not (word in facts.classes or word in facts.subtypes):
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: the active attack is not a {kind} attack, so the ability has no legal target and does nothing.",
                number=ctx.entry.number,
                name=layer.name,
                kind=m.group(1),
            ),
        )
        return
    link.power_bonus += int(m.group(2))
    ctx.events.append(Event("grant", layer.controller, link.attack.name, int(m.group(2))))
    if m.group(3) and facts.has(m.group(3).casefold()):
        grant = m.group(4)
        if grant.casefold() == "go again":
            link.go_again = True
        elif grant.strip('"') not in link.granted:
            link.granted.append(grant.strip('"'))


def check_graveyard_play(s: GameState, player: str, card: Card, ctx: Ctx) -> None:
    """Gravy Bones's "If a blue card has been put into your graveyard this turn, you may play cards with
    watery grave from your graveyard" (CR 5.1.1: where a card may be played from). A card with the keyword
    played from the graveyard needs a card of that colour put there this turn (``zones.to_graveyard``
    records each; a log that starts mid-turn knows only its own lines); else the play is a violation. A
    card without the keyword is left to what else allows it. A card an effect lets the player play from the
    graveyard this turn (Oscilio's discarded instant, a ``play_from_graveyard`` effect) is played so."""
    f = card.facts
    allowed = next((e for e in s.effects if e.kind == "play_from_graveyard" and e.card_id == card.id), None)
    if allowed is not None:
        s.effects.remove(allowed)
        _hero_note(
            ctx,
            say(
                "line {number}: {source}: {card} was discarded this way and is played from the graveyard.",
                number=ctx.entry.number,
                source=allowed.source,
                card=card.name,
            ),
        )
        return
    for line in _hero_lines(s, player):
        m = GRAVEYARD_PLAY_PERMISSION.match(line)
        if m is None or not f.has(m.group(2).casefold()):
            continue
        colour = m.group(1).casefold()
        key = conditions.parse(f"a {colour} card has been put into your graveyard this turn")
        if key is not None and conditions.holds(s, player, key):
            _hero_note(
                ctx,
                say(
                    "line {number}: {hero}: a {colour} card went to the graveyard this turn, so {card} ({keyword}) is played from it.",
                    number=ctx.entry.number,
                    hero=s.p(player).hero,
                    colour=colour,
                    card=f.name,
                    keyword=m.group(2),
                ),
            )
            return
        raise Illegal(
            "play_zone",
            say(
                "{hero} plays cards with {keyword} from the graveyard only after a {colour} card was put there this turn; this log shows none.",
                hero=s.p(player).hero,
                keyword=m.group(2),
                colour=colour,
            ),
        )
    # CR 5.1.1a, 5.1.2b: a card is played from hand or arsenal unless a rule or effect allows another
    # zone; here that is the card's own play-static ability ("You may play this from your graveyard")
    if re.search(r"\bplay (?:this|it|[^.]{0,60}?) from (?:your|a|the) graveyard\b", f.text, re.I):
        return
    raise Illegal(
        "play_zone",
        say("{card} cannot be played from the graveyard: no rule or effect allows it.", card=f.name),
    )


def _equip_token(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Arakni, Orb-Weaver's "Equip a Graphene Chelicera token. Your next attack with stealth this turn gets
    +3{p}." (CR 5.3, in order): the token is created into an empty weapon zone (CR 3.16; none empty: it is
    not equipped, a note); the bonus waits for the next attack with the keyword this turn
    (``playing.apply_next_card_effects``)."""
    player = layer.controller
    p = s.p(player)
    name = m.group(1).strip().title()
    if len(p.weapons) >= _WEAPON_ZONES:
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: {player} has no empty weapon zone; no {token} token is equipped.",
                number=ctx.entry.number,
                name=layer.name,
                player=player,
                token=name,
            ),
        )
    else:
        token = Card(id=s.new_id(), facts=card_facts(name, ctx), owner=player)
        p.weapons.append(token)
        conditions.record_creation(s, player, token)
        ctx.events.append(Event("create", player, f"{name}: weapon"))
    text = f"{m.group(2).casefold()}|||"
    s.effects.append(Effect("next_typed_attack", player, int(m.group(3)), "turn", layer.name, text=text))


def pay_banish_aura(s: GameState, player: str, src: Card, targets: tuple[str, ...], ctx: Ctx) -> str:
    """Zyggy Starlight's cost "banish another Lightning aura permanent you control with no holo counters"
    (CR 1.14.4, an effect-cost): the aura the activation line names (`P1 activates Zyggy targeting
    Embodiment of Lightning`), else the only one that fits; none that fits makes the activation illegal,
    several and none named asks the judge. Returns the banished card's id ("" when none was banished)."""
    costs = [part.strip() for line in src.facts.text.split("\n") for part in line.split(":")[0].split(",")]
    m = next((x for x in map(BANISH_AURA_COST.match, costs) if x), None)
    if m is None:
        return ""
    p = s.p(player)
    talent, counter = m.group(1).casefold(), m.group(2).casefold()
    fits = [
        c
        for c in p.permanents
        if talent in c.facts.classes and c.facts.is_("aura") and not c.counters.get(counter, 0)
    ]
    named = [c for c in fits if any(same_card(c, t) for t in targets)]
    if targets and not named:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s cost banishes another {talent} aura {player} controls with no {counter} counters; {card} is not one.",
                src=src.name,
                talent=m.group(1),
                player=player,
                counter=counter,
                card=targets[0],
            ),
        )
    if not fits:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s cost banishes another {talent} aura {player} controls with no {counter} counters; there is none.",
                src=src.name,
                talent=m.group(1),
                player=player,
                counter=counter,
            ),
        )
    if not named and len(fits) > 1:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {src}: the line does not name the {talent} aura banished for the cost; name it ('{player} activates {hero} targeting X') or enter it as adjustment lines.",
                number=ctx.entry.number,
                src=src.name,
                talent=m.group(1),
                player=player,
                hero=p.hero,
            ),
            "manual_effect",
        )
        return ""
    card = (named or fits)[0]
    p.permanents.remove(card)
    card.face = "up"
    p.banished.append(card)
    conditions.record_banished(s, player, card)
    ctx.events.append(Event("move", player, f"{card.name}: arena -> banished"))
    return card.id


def _return_banished(s: GameState, layer: Layer, m: re.Match[str], ctx: Ctx) -> None:
    """Zyggy's "Return the banished aura to the arena with a holo counter" (CR 5.3): the aura his cost
    banished, if it is still in the banished zone, comes back as a new permanent with the counter."""
    player = layer.controller
    p = s.p(player)
    cid = layer.source_zone.removeprefix("banished:")
    card = next((c for c in p.banished if c.id == cid), None)
    if card is None:
        _hero_note(
            ctx,
            say(
                "line {number}: {name}: the banished aura is no longer in the banished zone; nothing returns.",
                number=ctx.entry.number,
                name=layer.name,
            ),
        )
        return
    p.banished.remove(card)
    back = Card(id=s.new_id(), facts=card.facts, owner=player)  # a new object in the new zone
    back.add_counters(m.group(1).casefold(), 1)
    p.permanents.append(back)
    ctx.events.append(Event("move", player, f"{card.name}: banished -> arena"))


def granted_hit_banish(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """Arakni, Funnel Web's granted "When this hits a hero, banish a card in their arsenal." (CR 7.5.5, on
    the hit): the hit hero's arsenal card is banished face up (an empty arsenal: nothing). An arsenal
    of more than one card needs the judge's choice."""
    if any(HIT_BANISH_FROM_HAND.match(g.strip()) for g in link.granted):
        _hit_banish_from_hand(s, link, ctx)
    if not any(HIT_BANISH_ARSENAL.match(g.strip()) for g in link.granted):
        return
    target = s.p(link.target[:2]) if link.target[:2] in PLAYERS else None
    if target is None or not target.arsenal:
        return
    if len(target.arsenal) > 1:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {attack} hit: its controller banishes one of {player}'s arsenal cards; enter which ('adj: {player} moves X from arsenal to banished').",
                number=ctx.entry.number,
                attack=link.attack.name,
                player=link.target[:2],
            ),
            "manual_effect",
        )
        return
    card = target.arsenal.pop()
    card.face, card.private_to = "up", ""
    target.banished.append(card)
    conditions.record_banished(s, link.target[:2], card)
    ctx.events.append(Event("move", link.target[:2], f"{card.name}: arsenal -> banished"))
    _hero_note(
        ctx,
        say(
            "line {number}: {attack} hit: {player}'s arsenal card {card} is banished.",
            number=ctx.entry.number,
            attack=link.attack.name,
            player=link.target[:2],
            card=card.name if card.facts.known else "(unknown)",
        ),
    )


def _hit_banish_from_hand(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """Black Widow's granted "When this hits a hero, they banish a card from their hand.": the hit hero
    chooses. One card in hand: that one, face up; none: nothing; more: a ``banish_due`` effect that the
    log's banish of a card from that hand takes (``take_banish_due``), reported when the turn ends."""
    who = link.target[:2]
    if who not in PLAYERS:
        return
    p = s.p(who)
    size = len(p.hand) + p.hand_unknown
    if size == 0:
        return
    if size == 1 and p.hand:
        card = p.hand.pop()
        card.face, card.private_to = "up", ""
        p.banished.append(card)
        conditions.record_banished(s, who, card)
        ctx.events.append(Event("move", who, f"{card.name}: hand -> banished"))
        _hero_note(
            ctx,
            say(
                "line {number}: {attack} hit: {player} banishes {card}, the only card in hand.",
                number=ctx.entry.number,
                attack=link.attack.name,
                player=who,
                card=card.name,
            ),
        )
        return
    text = "Banish a card from hand (the log names it)."
    s.effects.append(Effect("banish_due", who, 1, "turn", link.attack.name, text=text))


def take_banish_due(s: GameState, player: str, ctx: Ctx | None = None) -> None:
    """A card ``player`` banished from hand pays a ``banish_due`` (Black Widow's hit; Vynnset's start of
    turn, whose token then comes, ``heroes_more.banished_for_due``)."""
    due = next((e for e in s.effects if e.kind == "banish_due" and e.player == player), None)
    if due is not None:
        s.effects.remove(due)
        if ctx is not None:
            heroes_more.banished_for_due(s, due, ctx)
