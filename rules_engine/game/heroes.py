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
"""

from __future__ import annotations

from rules_engine.wording import say, say_n

from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .effects import (
    ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL,
    PLAY_CLASS_AFTER_NONATTACK,
    PLAYED_THIS_TURN_CONDITION,
    SECOND_NONATTACK_TOKEN,
    WEAPON_HITS_COPPER,
    played_tags,
    split_sentences,
)
from .rules import MANUAL, NOTE, Illegal
from .state import Card, Effect, GameState, Layer
from .zones import make_token, put_bottom


def resolve_ability(s: GameState, layer: Layer, ctx: Ctx) -> str:
    """Apply the modelled parts of a hero's activated ability; return the text left to resolve."""
    text = layer.effect
    m = ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL.search(text)
    if m is None:
        return text
    _arsenal_cycle(s, layer.controller, layer.name, bool(m.group(1)), ctx)
    return (text[: m.start()] + text[m.end() :]).strip()


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


def end_phase_abilities(s: GameState, ctx: Ctx) -> None:
    """The turn-player's hero abilities at the beginning of the end phase (CR 4.4.2)."""
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


def play_abilities(s: GameState, player: str, f: CardFacts, ctx: Ctx) -> None:
    """The hero's triggers on playing a card (recorded by ``record_play`` just before)."""
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
        if not token:
            continue
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


def check_activation_condition(s: GameState, player: str, src: Card) -> str:
    """Raise when a hero's or equipment's "Activate this only if you've played a X card this turn" is not met
    (CR 5.2.1e); return the ability's text without the condition (it is not an effect)."""
    m = PLAYED_THIS_TURN_CONDITION.search(src.facts.text)
    if m is None:
        return ""
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
