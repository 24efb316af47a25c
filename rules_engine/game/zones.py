"""Cards and zones: the operations every phase uses to find, move and create cards.

A card a line names is looked up (inline cards first, then the card database; a CR 8.6 token by its
rules), taken from the first zone that holds it (an unknown hand card becomes the named card and the
reveal is an event), moved to the graveyard (tokens and ephemeral cards cease to exist, CR 8.3.21),
put on the bottom of a deck, drawn, or created as a token. The log entries that only move cards
(create a token, reveal, opt, banish, shuffle, discard) are here too.
"""

from __future__ import annotations

import re

from rules_engine.wording import say

from . import actions as A
from . import conditions
from .bases import restore_base
from .cards import CardFacts, norm_name
from .choices import claim
from .context import Ctx, Event
from .effects import (
    BOOST_BANISHED_STEAM,
    DECK_BANISH_TO_ARENA,
    DISCARD_SIX_INTIMIDATE,
    FIRST_DISCARD_SIX_TOKEN,
    OPPONENT_DRAW_TOKENS,
    OWN_ATTACKS_POWER_OFF_CHAIN,
    PITCH_COLOUR_TOKEN,
    move_trigger_effects,
    plain,
    self_named,
    split_sentences,
    steam_text,
    token_facts,
    trigger_condition,
)
from .rules import MANUAL, MISMATCH, NOTE, UNKNOWN_CARD, CannotApply, Illegal
from .state import PLAYERS, Card, Effect, GameState, Layer, PlayerState, other
from .values import same_card


def card_facts(name: str, ctx: Ctx) -> CardFacts:
    """The facts of a named card: the lookup's card, else a CR 8.6 token, else a card with no stats
    (reported once per replay as an unknown card, with "did you mean" suggestions)."""
    tok = token_facts(name)
    found = ctx.lookup.get(name)
    if found is not None and not (tok is not None and found.is_token):
        return found
    if tok is not None:
        return CardFacts(
            name=name, types=tok.types, subtypes=tok.subtypes, keywords=tok.keywords, text=tok.text
        )
    if norm_name(name) not in ctx.warned:
        ctx.warned.add(norm_name(name))
        sugg = ctx.lookup.suggest(name)
        hint = f" Did you mean: {', '.join(sugg)}?" if sugg else ""
        ctx.add(
            UNKNOWN_CARD,
            say(
                "line {number}: unknown card {name}; it is treated as a card with only the stats the line gives.{hint}",
                number=ctx.entry.number,
                name=repr(name),
                hint=hint,
            ),
            suggestions=sugg,
        )
    return CardFacts(name=name, known=True)


def new_card(s: GameState, name: str, owner: str, ctx: Ctx, claims: tuple[tuple[str, int], ...] = ()) -> Card:
    """A new object for a named card; what the line says about a stat the card data lacks is kept as
    a constraint ("a blue card")."""
    facts = card_facts(name, ctx)
    card = Card(id=s.new_id(), facts=facts, owner=owner)
    for k, v in claims:
        if getattr(facts, k, None) is None:
            card.constraints[k] = v
    return card


def take(
    s: GameState, player: str, ref: A.CardRef, zones: tuple[str, ...], ctx: Ctx, illegal: str = ""
) -> tuple[Card, str]:
    """Remove the named card from the first zone that holds it; an unknown hand card may be revealed."""
    p = s.p(player)
    key = norm_name(ref.name)
    if ref.name == "?":
        if "hand" in zones and p.hand_unknown > 0:
            p.hand_unknown -= 1
            unknown = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=player)
            unknown.constraints = dict(ref.claims)
            unknown.origin = "hand"
            return unknown, "hand"
        raise CannotApply(
            say("{player} has no unknown card in {list}", player=player, list=" or ".join(zones))
        )
    for zone in zones:
        if zone == "equipment":
            for slot, card in p.equipment.items():
                if card is not None and same_card(card, ref.name):
                    p.equipment[slot] = None
                    card.origin = f"equipment:{slot}"
                    return card, "equipment"
            continue
        if zone == "deck":
            for lst in (p.deck_top, p.deck_bottom):
                for i, card in enumerate(lst):
                    if same_card(card, ref.name):
                        lst.pop(i)
                        if p.deck_count is not None:
                            p.deck_count -= 1
                        return card, "deck"
            continue
        lst = getattr(p, zone)
        for i, card in enumerate(lst):
            if same_card(card, ref.name):
                lst.pop(i)
                card.origin = zone
                return card, zone
        if zone == "hand" and p.hand_unknown > 0:
            p.hand_unknown -= 1
            card = new_card(s, ref.name, player, ctx, ref.claims)
            card.origin = "hand"
            ctx.events.append(Event("reveal", player, ref.name))
            return card, "hand"
    where = " or ".join(zones)
    if illegal:
        if ctx.lookup.get(ref.name) is None and not find_zone(s, player, key):
            card_facts(ref.name, ctx)  # reports the unknown card with suggestions
        for link in s.chain:
            if any(norm_name(c.name) == key for c in link.defending):
                raise Illegal(
                    "defend_twice",
                    say(
                        "{ref} is already defending on chain link {link} (7.3.2b B).",
                        ref=ref.name,
                        link=link.number,
                    ),
                )
        elsewhere = find_zone(s, player, key)
        detail = f" (it is in {elsewhere})" if elsewhere else ""
        raise Illegal(
            illegal,
            say(
                "{player} has no {ref} in {where}{detail}.",
                player=player,
                ref=ref.name,
                where=where,
                detail=detail,
            ),
        )
    raise CannotApply(say("{player} has no {ref} in {where}", player=player, ref=repr(ref.name), where=where))


def find_zone(s: GameState, player: str, key: str) -> str:
    """Where the player's card with this (normalised) name is, in words, or "" (for messages)."""
    p = s.p(player)
    for zone in (
        "hand",
        "arsenal",
        "graveyard",
        "banished",
        "pitch_zone",
        "permanents",
        "weapons",
        "deck_top",
        "deck_bottom",
    ):
        if any(norm_name(c.name) == key for c in getattr(p, zone)):
            return "the banished zone" if zone == "banished" else zone.replace("_", " ")
    return ""


def check_claims(card: Card, ref: A.CardRef, ctx: Ctx) -> None:
    """Stats the line states ("(pitch 3)") are checked against the card; a stat the card data lacks
    becomes a constraint on the card."""
    for k, v in ref.claims:
        if k.startswith("type:"):  # "Lunging Press (AR)": the type the line names
            want = k[5:]
            facts = card.facts
            has = facts.is_attack_action if want == "attack action" else facts.is_(want)
            if (facts.types or facts.subtypes) and not has:
                ctx.add(
                    MISMATCH,
                    say(
                        "line {number}: the line says {card} is of type {want}; the card data says {list}",
                        number=ctx.entry.number,
                        card=card.name,
                        want=want,
                        list=" ".join(sorted(facts.subtypes | facts.types)),
                    ),
                    fact=f"{card.name}.type",
                    claimed=want,
                    derived=sorted(facts.types),
                )
            continue
        if k == "value":
            # "Sink Below (4)", "pitching Card R (3)": a bare number after a card names one of its
            # printed values (defense, power or pitch; CR 2.3, 2.9, 2.10); it holds if any of them is it
            printed = [x for x in (card.facts.power, card.defense, card.facts.pitch) if x is not None]
            if printed and v not in printed:
                ctx.add(
                    MISMATCH,
                    say(
                        "line {number}: the line says {v} after {card}, which has no printed value {v}",
                        number=ctx.entry.number,
                        v=v,
                        card=card.name,
                    ),
                    fact=f"{card.name}.value",
                    claimed=v,
                    derived=printed,
                )
            continue
        actual = getattr(card.facts, k, None)
        if actual is None:
            card.constraints[k] = v
            continue
        if k == "defense":
            actual = card.defense
        if actual != v:
            ctx.add(
                MISMATCH,
                say(
                    "line {number}: the line says {card} has {k} {v}, the card data says {actual}",
                    number=ctx.entry.number,
                    card=card.name,
                    k=k,
                    v=v,
                    actual=actual,
                ),
                fact=f"{card.name}.{k}",
                claimed=v,
                derived=actual,
            )


def to_graveyard(s: GameState, card: Card, from_arena: bool = False) -> None:
    """Tokens and ephemeral cards cease to exist instead (CR 8.3.21); otherwise the owner's graveyard,
    face up, except a card with watery grave put there from the arena (the combat chain, an
    equipment or weapon zone, the permanents; not the stack, CR 3.0.5), which is turned face-down
    (CR 8.3.41; its trigger applied at once, as the engine applies battleworn and temper)."""
    if (
        card.facts.is_token
        or card.facts.has("ephemeral")
        or token_facts(card.name) is not None
        and not card.facts.types
    ):
        return
    card.face = "down" if from_arena and card.facts.has("watery grave") else "up"
    card.origin = ""
    restore_base(card)  # a new object: a changed base no longer applies (bases)
    s.p(card.owner).graveyard.append(card)
    conditions.record_zone(s, card.owner, "graveyardto", card)  # "... put into your graveyard this turn"
    self_move_triggers(s, card, ("graveyard",))  # "When this is put into your graveyard from anywhere"


def destroy_permanent(s: GameState, card: Card) -> None:
    """A permanent leaves its slot or zone and goes to its owner's graveyard (or ceases to exist)."""
    p = s.p(card.owner)
    for slot, c in list(p.equipment.items()):
        if c is card:
            p.equipment[slot] = None
    if card in p.permanents:
        p.permanents.remove(card)
    if card in p.weapons:
        p.weapons.remove(card)
    to_graveyard(s, card, from_arena=True)
    conditions.record_destroyed(s, card)  # "has destroyed a Vigor token this turn"
    self_move_triggers(s, card, ("destroyed", "leaves"))


def counter_off_self(s: GameState, card: Card, kind: str, ctx: Ctx) -> None:
    """A permanent's phase trigger "remove a steam counter from this" (CR 1.15: a counter removed from
    the object; with none on it, nothing is removed). A steam counter gone may destroy the card ("When
    this has no steam counters on it, destroy it", a state-based trigger, CR 6.6.5c)."""
    if card.counters.get(kind, 0) > 0:
        card.counters[kind] -= 1
        if not card.counters[kind]:
            del card.counters[kind]
        ctx.events.append(Event("trigger", card.owner, f"{card.name}: a {kind} counter removed"))
    if kind == "steam" and steam_text(card.facts).none_destroys and not card.counters.get("steam", 0):
        destroy_permanent(s, card)
        ctx.events.append(Event("destroy", card.owner, card.name))


def banish_permanent(s: GameState, card: Card) -> None:
    """A permanent leaves the arena for its owner's banished zone, face up (a cost that banishes its
    source, CR 1.14.4); a token ceases to exist instead (CR 8.3.21 reads tokens leaving the arena)."""
    p = s.p(card.owner)
    for slot, c in list(p.equipment.items()):
        if c is card:
            p.equipment[slot] = None
    for zone in (p.permanents, p.weapons):
        if card in zone:
            zone.remove(card)
    if not card.facts.is_token:
        card.face, card.origin = "up", ""
        p.banished.append(card)
        conditions.record_banished(s, card.owner, card)
    self_move_triggers(s, card, ("leaves",))


def self_move_triggers(s: GameState, card: Card, events: tuple[str, ...]) -> list[Layer]:
    """A permanent's own "When this enters / leaves the arena / is destroyed" ability triggers
    (CR 6.6.1): its layer goes on the stack (CR 6.6.4) and resolves like any layer, where the
    caller does not resolve it at once (a phase's start, CR 4.2.2). Returns the layers made."""
    made: list[Layer] = []
    for event in events:
        found = move_trigger_effects(card.facts, event)
        # one layer per sentence's condition: "if:KEY" is checked as the layer resolves (CR 1.8.4)
        for cond in dict.fromkeys(e.trigger for e in found):
            layer = Layer(
                id=s.new_id(),
                kind="triggered",
                name=f"{card.name} {event} trigger",
                controller=card.owner,
                effect=f"text-if:{cond[3:]}|{card.id}" if cond.startswith("if:") else "text",
                targets=[f"{e.kind}:{e.amount}:{e.target}" for e in found if e.trigger == cond],
            )
            s.stack.append(layer)
            made.append(layer)
    return made


def phase_trigger_applies(s: GameState, card: Card, trigger: str, seen: dict[str, bool]) -> bool:
    """Whether a permanent's phase-trigger effect acts: "if KEY" holds, or "unless KEY" does not
    (CR 1.8.4), checked once per condition as the trigger resolves (``seen`` keeps the answers, so
    "draw a card and gain 1{h}" is checked once, before the draw)."""
    how, key = trigger_condition(trigger)
    if not how:
        return True
    if key not in seen:
        seen[key] = conditions.holds(s, card.owner, key, card.facts, card_id=card.id)
    return seen[key] == (how == "if")


#: "When you pitch this, [EFFECTS]" (CR 1.14.3c, 6.6.6), read with the card's own name as "this".
PITCH_TRIGGER = re.compile(r"^when you pitch this(?: card)?, (.+)$", re.I)


def pitch_triggers(s: GameState, card: Card) -> list[Layer]:
    """The card's "When you pitch this" ability triggers as it is pitched to pay a cost (CR 1.14.3c,
    6.6.6): its layer goes on the stack above what was being paid for, so a Runechant it creates did
    not exist when that card was played (CR 6.6.5a). An effect the engine computes is a "text" layer
    (``self_move_triggers``); any other is a manual layer, reported when it resolves. The one place
    a pitch makes its triggers, for plays, activations and optional payments alike."""
    made = self_move_triggers(s, card, ("pitched",))
    if made:
        return made
    for sentence in split_sentences(self_named(card.facts.text, card.facts.name)):
        m = PITCH_TRIGGER.match(sentence.strip())
        if not m:
            continue
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{card.name} pitched trigger",
            controller=card.owner,
            effect="manual",
        )
        s.stack.append(layer)
        made.append(layer)
    return made


_COLOUR_PITCH = {"red": 1, "yellow": 2, "blue": 3}


def hero_pitch_triggers(s: GameState, player: str, card: Card, ctx: Ctx) -> None:
    """Dromai's "Whenever you pitch a red card, create an Ash Token" (CR 1.14.3, 6.6): a triggered layer as
    such a card is pitched to pay a cost, with the pitch's other triggers (``costs.pay_resources``; here,
    beside ``pitch_triggers``, since the costs sit below the hero module)."""
    hero = s.p(player).hero_card
    if hero is None:
        return
    for line in hero.text.split("\n"):
        m = PITCH_COLOUR_TOKEN.match(line.strip())
        if m is None or card.facts.pitch != _COLOUR_PITCH[m.group(1).casefold()]:
            continue
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=player, effect="text"
        )
        layer.targets = [f"create_token:1:{m.group(2).strip().title()}"]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", player, f"{hero.name}: {card.name} pitched"))


def put_bottom(p: PlayerState, cards: list[Card]) -> None:
    """Cards go to the bottom of the deck in the given order."""
    for card in cards:
        card.origin = ""
        p.deck_bottom.append(card)
    if p.deck_count is not None:
        p.deck_count += len(cards)


def permanents_of(s: GameState, player: str) -> list[Card]:
    """The player's equipment, other permanents and weapons."""
    p = s.p(player)
    return [x for x in p.equipment.values() if x is not None] + list(p.permanents) + list(p.weapons)


def draw(s: GameState, player: str, n: int, ctx: Ctx) -> None:
    """Draw N: known top cards first, else an unknown card (a random event); nothing from an
    empty deck (a note)."""
    p = s.p(player)
    drawn = 0
    for _ in range(n):
        if p.deck_count is not None and p.deck_count <= 0:
            draw_triggers(s, player, drawn, ctx)
            ctx.add(
                NOTE,
                say(
                    "line {number}: {player}'s deck is empty; no card is drawn.",
                    number=ctx.entry.number,
                    player=player,
                ),
                "draw_empty",
            )
            return
        if p.deck_top:
            card = p.deck_top.pop(0)
            p.hand.append(card)
            ctx.events.append(Event("draw", player, card.name))
        elif p.deck_count is not None and p.deck_count == len(p.deck_bottom) and p.deck_bottom:
            card = p.deck_bottom.pop(0)
            p.hand.append(card)
            ctx.events.append(Event("draw", player, card.name))
        else:
            p.hand_unknown += 1
            ctx.events.append(Event("draw", player, "unknown"))
        conditions.record(s, player, "drew")
        drawn += 1
        if p.deck_count is not None:
            p.deck_count -= 1
    draw_triggers(s, player, drawn, ctx)


def deck_banish_triggers(s: GameState, player: str, card: Card | None, ctx: Ctx) -> None:
    """Data Doll MKII's "Whenever a Mechanologist item with cost 2 or less is put into your banished
    zone from your deck, put it into the arena": a triggered layer (CR 6.6) that moves that card, if it
    is still in the banished zone, into the arena (``layers.resolve_trigger``). An unknown card does not
    trigger it; the judge enters the card if it was one."""
    hero = s.p(player).hero_card
    if card is None or hero is None or not card.facts.known:
        return
    for sentence in split_sentences(hero.text):
        m = DECK_BANISH_TO_ARENA.match(sentence.strip())
        f = card.facts
        if m is None or m.group(1).casefold() not in f.classes or "item" not in f.subtypes:
            continue
        if f.cost is None or f.cost > int(m.group(2)):
            continue
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{hero.name} trigger",
            controller=player,
            effect="banished_to_arena",
        )
        layer.targets = [card.id]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", player, f"{hero.name}: {card.name}"))


def boost_banish_triggers(s: GameState, player: str, card: Card | None, ctx: Ctx) -> None:
    """The boosted card's own "When this is banished from boosting, put a steam counter on a Hyper
    Driver you control" (CR 8.3.9, 6.6): a triggered layer above the card played, which puts the counter
    on such a permanent as it resolves (``layers.resolve_trigger``). An unknown card does not trigger."""
    if card is None or not card.facts.known:
        return
    for sentence in split_sentences(plain(card.facts.text)):
        m = BOOST_BANISHED_STEAM.match(sentence.strip())
        if m is None:
            continue
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{card.name} boost trigger",
            controller=player,
            effect="steam_on_named",
        )
        layer.targets = [m.group(1)]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", player, f"{card.name}: banished from boosting"))


def draw_triggers(s: GameState, player: str, drawn: int, ctx: Ctx) -> None:
    """Valda's "Whenever an opponent draws 1 or more cards during an action phase, create that many
    Seismic Surge tokens": one triggered layer for the draw event (CR 6.6), creating a token per card
    the event drew (none when the deck was empty)."""
    if drawn < 1 or s.phase != "action":
        return
    opponent = other(player)
    hero = s.p(opponent).hero_card
    if hero is None:
        return
    for sentence in split_sentences(hero.text):
        m = OPPONENT_DRAW_TOKENS.match(sentence.strip())
        if m is None:
            continue
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=opponent, effect="text"
        )
        layer.targets = [f"create_token:{drawn}:{m.group(1).strip().title()}"]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", opponent, layer.name))


def make_token(s: GameState, player: str, name: str, ctx: Ctx) -> Card:
    """Create a token under the player's control: a CR 8.6 token, else a card the lookup knows,
    else a token with no abilities (reported)."""
    facts = token_facts(name) or ctx.lookup.get(name)
    if facts is None:
        ctx.add(
            UNKNOWN_CARD,
            say(
                "line {number}: {name} is not a CR 8.6 token; created with no abilities.",
                number=ctx.entry.number,
                name=repr(name),
            ),
        )
        facts = CardFacts(name=name, types=frozenset({"token"}))
    card = Card(id=s.new_id(), facts=facts, owner=player)
    s.p(player).permanents.append(card)
    if steam_text(facts).enters:  # "This enters the arena with a steam counter" (CR 6.4.8)
        card.counters["steam"] = steam_text(facts).enters
    conditions.record(s, player, f"entered id:{card.id}")  # crank acts as it enters (CR 8.3.29)
    conditions.record_creation(s, player, card)  # "if you've played or created an aura this turn"
    ctx.events.append(Event("token", player, norm_name(token_base(card.name))))
    return card


def token_base(name: str) -> str:
    """A token's name without its count ("Runechant 2" -> "Runechant")."""
    return re.sub(r"\s+\d+$", "", name)


def target_player(target: str, player: str) -> str:
    """The player a target names ("P2", "P2's hero"); by default the opponent."""
    m = re.match(r"(P[12])", target)
    return m.group(1) if m else other(player)


def create_token(s: GameState, c: A.CreateToken, ctx: Ctx) -> None:
    """A token the log creates ("P1 creates a Runechant token"). A token of that name the engine
    made for the player on this line or the one before (a trigger it computes: Kayo's Might, Briar's
    Embodiment of Earth, a hit's Runechant) and no line has said yet is the one the line reports,
    so it is not made twice (a note); only the rest is created."""
    key = norm_name(token_base(c.name))
    events = ctx.prev_events + ctx.events
    made = sum(1 for e in events if e.kind == "token" and e.player == c.player and e.subject == key)
    said = sum(1 for e in events if e.kind == "token_said" and e.player == c.player and e.subject == key)
    already = min(c.count, max(0, made - said))
    if already:
        ctx.add(
            NOTE,
            say(
                "line {number}: {player}'s {name} token was already created by an ability the engine applies; it is not created again.",
                number=ctx.entry.number,
                player=c.player,
                name=c.name,
            ),
        )
    for _ in range(already):
        ctx.events.append(Event("token_said", c.player, key))
    for _ in range(c.count - already):
        make_token(s, c.player, c.name, ctx)
        ctx.events.append(Event("token_said", c.player, key))


def reveal(s: GameState, c: A.Reveal, ctx: Ctx) -> None:
    """A card becomes known. An unknown card already in a zone is filled in, and its constraints
    ("a blue card") are checked against the card."""
    p = s.p(c.player)
    shown = next((x for x in getattr(p, c.zone, p.hand) if norm_name(x.name) == norm_name(c.card)), None)
    if shown is not None:
        _revealed_from_hand(s, c, shown)
        return
    facts = card_facts(c.card, ctx)
    for zone in ("pitch_zone", "graveyard", "banished", "arsenal", "hand", "deck_top", "deck_bottom"):
        for card in getattr(p, zone):
            if card.facts.known or (zone != c.zone and c.zone not in ("hand",)):
                continue
            for k, v in card.constraints.items():
                actual = getattr(facts, k, None)
                if actual is not None and actual != v:
                    ctx.add(
                        MISMATCH,
                        say(
                            "line {number}: the revealed {card} has {k} {actual}, but the unknown card had {k} {v}.",
                            number=ctx.entry.number,
                            card=c.card,
                            k=k,
                            actual=actual,
                            v=v,
                        ),
                        fact=f"{c.card}.{k}",
                        claimed=v,
                        derived=actual,
                    )
            card.facts = facts
            ctx.events.append(Event("reveal", c.player, c.card))
            due = next(
                (e for e in s.effects if e.kind == "arsenal_banish_due" and e.card_id == card.id), None
            )
            if (
                due is not None and zone == "arsenal"
            ):  # a hit trigger turned it face up (layers.hit_hero_effect)
                s.effects.remove(due)
                banish_if_fits(s, p, card, due.text, ctx)
            if zone == "hand":
                _revealed_from_hand(s, c, card)
            return
    if c.zone == "hand" and p.hand_unknown > 0:
        p.hand_unknown -= 1
        card = new_card(s, c.card, c.player, ctx)
        p.hand.append(card)
        ctx.events.append(Event("reveal", c.player, c.card))
        _revealed_from_hand(s, c, card)
        return
    raise CannotApply(
        say(
            "{player} has no unknown card in {zone} to reveal as {card}",
            player=c.player,
            zone=c.zone,
            card=repr(c.card),
        )
    )


def _revealed_from_hand(s: GameState, c: A.Reveal, card: Card) -> None:
    """A card revealed from hand takes an open "you may reveal a [kind] card from your hand. If you do, ..."
    offer it fits (CR 1.8.3; ``choices.claim``): the outcome follows the line."""
    if c.zone == "hand":
        claim(s, c.player, "reveal", card=card)


def opt(s: GameState, c: A.Opt, ctx: Ctx) -> None:
    """CR 8.5.22: look at the top N cards, put any on the top or bottom in any order."""
    p = s.p(c.player)
    n = len(c.top) + len(c.bottom)
    known = p.deck_top[:n]
    rest = p.deck_top[n:]
    pool = {norm_name(x.name): x for x in known}
    for name in c.top + c.bottom:
        if norm_name(name) not in pool:
            where = find_zone(s, c.player, norm_name(name))
            if where and where not in ("deck top", "deck bottom"):
                raise Illegal(
                    "opt",
                    say(
                        "{name} is in {where}, not among the top {n} cards of the deck.",
                        name=name,
                        where=where,
                        n=n,
                    ),
                )
    top_cards = []
    for name in c.top:
        card = pool.pop(norm_name(name)) if norm_name(name) in pool else new_card(s, name, c.player, ctx)
        card.private_to = c.player
        top_cards.append(card)
    bottom_cards = []
    for name in c.bottom:
        card = pool.pop(norm_name(name)) if norm_name(name) in pool else new_card(s, name, c.player, ctx)
        card.private_to = c.player
        bottom_cards.append(card)
    p.deck_top = top_cards + rest
    p.deck_bottom = p.deck_bottom + bottom_cards
    ctx.events.append(Event("look", c.player, f"opt {n}", n))


def banish(s: GameState, c: A.Banish, ctx: Ctx) -> None:
    """Intimidate (CR 8.5.10): a random card from hand is banished face-down until the end phase."""
    card, _ = take(s, c.player, c.card, ("hand",), ctx)
    card.face = c.face
    if c.intimidate:
        conditions.record(s, other(c.player), "intimidated")  # "if you've intimidated this turn"
        card.duration = "until the beginning of the end phase"
        s.effects.append(Effect("intimidated", c.player, 0, "end", "intimidate", card.id))
        ctx.events.append(Event("random", c.player, "intimidate: a random card banished from hand"))
    s.p(c.player).banished.append(card)
    conditions.record_banished(s, c.player, card)
    paid = next((e for e in s.effects if e.kind == "random_banish_due" and e.player == c.player), None)
    if paid is not None and not c.intimidate:
        s.effects.remove(paid)  # the random card a card's additional cost banishes (CR 1.14.4)
        conditions.record_cost_discard(s, c.player, paid.card_id, card, "costbanish")  # "banished this way"
        ctx.events.append(Event("random", c.player, f"banished {card.name} at random"))
        ctx.add(
            NOTE,
            say(
                "line {number}: {card} is the random card that pays {source}'s additional cost.",
                number=ctx.entry.number,
                card=card.name,
                source=paid.source,
            ),
            "banish",
        )
        return
    due = next((e for e in s.effects if e.kind == "banish_due" and e.player == c.player), None)
    if due is not None and not c.intimidate:
        s.effects.remove(due)  # the card Black Widow's hit has them banish (heroes._hit_banish_from_hand)
        if due.choice.startswith("token:"):  # Vynnset's "If you do, create a Runechant token"
            make_token(s, c.player, due.choice.removeprefix("token:"), ctx)


def banish_if_fits(s: GameState, p: PlayerState, card: Card, words: str, ctx: Ctx) -> None:
    """The arsenal card, face up, is banished when it is a ``words`` card ("non-attack action",
    "instant"); otherwise it stays face up in the arsenal."""
    descriptor = conditions._descriptor(words)
    if descriptor is None or not conditions._fits(conditions.tags(card.facts, card.pitch), descriptor):
        return
    p.arsenal.remove(card)
    card.origin = ""
    p.banished.append(card)
    conditions.record_banished(s, card.owner, card)
    ctx.events.append(Event("move", card.owner, f"{card.name}: arsenal -> banished"))


def shuffle(s: GameState, c: A.Shuffle, ctx: Ctx) -> None:
    """A shuffle (CR 8.5.20) randomises the deck: the known top and bottom cards are known no more."""
    p = s.p(c.player)
    p.deck_top, p.deck_bottom = [], []
    ctx.events.append(Event("shuffle", c.player, "shuffled their deck"))


def discard_triggers(s: GameState, player: str, card: Card, ctx: Ctx) -> None:
    """Rhinar: discarding a card with 6 or more {p} during the player's action phase intimidates
    (a triggered layer, CR 6.6, whose effect is CR 8.5.10). Kayo: the first such discard in each of
    his action phases creates a Might token; his "attack action cards you own get +1{p} while ...
    in any zone other than the combat chain" counts, since the card's {p} is its last in hand."""
    conditions.record_discard(s, player, card)  # "if you've discarded a card with 6 or more {p} this turn"
    hero = s.p(player).hero_card
    if hero is None:
        return
    sentences = [x.strip() for x in split_sentences(hero.text)]
    for sentence in sentences:
        m = FIRST_DISCARD_SIX_TOKEN.match(sentence)
        if not m or s.phase != "action" or s.turn_player != player:
            continue
        power = card.facts.power or 0
        if card.facts.is_attack_action:
            power += sum(int(b.group(1)) for b in map(OWN_ATTACKS_POWER_OFF_CHAIN.match, sentences) if b)
        key = f"{player}-hero-first-discard"
        if power < int(m.group(1)) or key in s.p(player).once_per_turn:
            continue
        s.p(player).once_per_turn.append(key)
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=player, effect="text"
        )
        layer.targets = [f"create_token:1:{m.group(2).strip().title()}"]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", player, layer.name))
    if not DISCARD_SIX_INTIMIDATE.search(hero.text):
        return
    if s.phase != "action" or s.turn_player != player or (card.facts.power or 0) < 6:
        return
    s.stack.append(
        Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{hero.name} intimidate trigger",
            controller=player,
            effect="intimidate",
        )
    )
    ctx.events.append(Event("trigger", player, "intimidate"))


def _random_discard_paid(s: GameState, player: str, what: str, ctx: Ctx, card: Card | None = None) -> bool:
    """A discard line after a card whose additional cost is a random discard pays that cost; the card
    discarded (``card``, None when unknown) is that card's "discarded card" (CR 1.14.4, 6.1.3)."""
    due = next((e for e in s.effects if e.kind == "random_discard_due" and e.player == player), None)
    if due is None:
        return False
    s.effects.remove(due)
    unknown = Card(id="", facts=CardFacts(name="unknown card", known=False), owner=player)
    conditions.record_cost_discard(s, player, due.card_id, card or unknown)
    ctx.add(
        NOTE,
        say(
            "line {number}: {card} is the random discard that pays {source}'s additional cost.",
            number=ctx.entry.number,
            card=what,
            source=due.source,
        ),
        "discard",
    )
    return True


def settle_random_banish(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """A card resolving whose "banish a random card from your hand" cost the log never showed (CR
    1.14.4): an unknown card of the hand is banished face up at random; with only known cards in hand
    the judge is asked which one."""
    if layer.card is None:
        return
    due = next((e for e in s.effects if e.kind == "random_banish_due" and e.card_id == layer.card.id), None)
    if due is None:
        return
    s.effects.remove(due)
    p = s.p(due.player)
    if p.hand_unknown > 0:
        p.hand_unknown -= 1
        card = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=due.player)
        p.banished.append(card)
        conditions.record_banished(s, due.player, card)
        conditions.record_cost_discard(s, due.player, due.card_id, card, "costbanish")  # no {p} known
        ctx.events.append(Event("random", due.player, "banished an unknown card at random"))
        ctx.add(
            NOTE,
            say(
                "line {number}: {source}'s additional cost banished an unknown card of {player}'s hand at random; if the log knows which, enter it.",
                number=ctx.entry.number,
                source=due.source,
                player=due.player,
            ),
            "banish",
        )
        return
    ctx.add(
        MANUAL,
        say(
            "line {number}: {source}'s additional cost banishes a random card from {player}'s hand, and the log does not say which; enter it ('{player} banishes X face up').",
            number=ctx.entry.number,
            source=due.source,
            player=due.player,
        ),
        "manual_effect",
    )


def settle_random_discard(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """A card resolving whose random-discard additional cost the log never showed (CR 1.14.4): the
    cost was paid, so an unknown card of the hand goes at random (a random event); with only known
    cards in hand the judge is asked which one."""
    if layer.card is None:
        return
    settle_random_banish(s, layer, ctx)
    due = next((e for e in s.effects if e.kind == "random_discard_due" and e.card_id == layer.card.id), None)
    if due is None:
        return
    s.effects.remove(due)
    p = s.p(due.player)
    if p.hand_unknown > 0:
        p.hand_unknown -= 1
        ctx.events.append(Event("random", due.player, "discarded an unknown card at random"))
        conditions.record_discard(
            s, due.player, Card(id="", facts=CardFacts(name="unknown card", known=False), owner=due.player)
        )
        ctx.add(
            NOTE,
            say(
                "line {number}: {source}'s additional cost discarded an unknown card of {player}'s hand at random; if the log knows which, enter it.",
                number=ctx.entry.number,
                source=due.source,
                player=due.player,
            ),
            "discard",
        )
        return
    ctx.add(
        MANUAL,
        say(
            "line {number}: {source}'s additional cost discards a random card from {player}'s hand, and the log does not say which; enter it ('{player} discards X').",
            number=ctx.entry.number,
            source=due.source,
            player=due.player,
        ),
        "manual_effect",
    )


def pay_search_discard(s: GameState, player: str, card: Card, ctx: Ctx) -> bool:
    """The discard Katsu's search waits for (CR 1.8.4's "If you do"): a card with the cost the text names,
    else the search is not allowed (a violation, the discard reversed). True when the discard was it."""
    due = next(
        (
            e
            for e in s.effects
            if e.kind == "search_due" and e.player == player and e.card_id.startswith("discard:")
        ),
        None,
    )
    if due is None:
        return False
    cost = int(due.card_id.removeprefix("discard:"))
    if card.facts.cost != cost:
        raise Illegal(
            "effect_cost",
            say(
                "{source} lets {player} discard a card with cost {cost} to search; {card} has cost {actual}.",
                source=due.source,
                player=player,
                cost=cost,
                card=card.name,
                actual="none" if card.facts.cost is None else card.facts.cost,
            ),
        )
    due.card_id = ""
    return True


def pay_discard_cost(s: GameState, player: str, card: Card, ctx: Ctx) -> bool:
    """A discard line right after an activation whose cost is "discard an instant" (Oscilio) pays that
    cost (CR 1.14.4: an effect-cost, paid as the ability is activated, 5.2.2); the card must be of the
    kind the cost names, else the activation could not be paid that way (a violation). True when the
    discard paid a cost."""
    if _random_discard_paid(s, player, card.name, ctx, card):
        return True
    if pay_search_discard(s, player, card, ctx):
        return True  # Katsu's discard before his search
    due = next((e for e in s.effects if e.kind == "discard_due" and e.player == player), None)
    if due is not None:  # Gravy Bones: the discard after the draw (heroes._create_or_loot)
        s.effects.remove(due)
        kind = due.card_id.removeprefix("play_if:")
        if due.card_id.startswith("play_if:") and card.facts.is_(kind):  # Oscilio, Forked Continuum
            text = f"{card.name} may be played from the graveyard this turn."
            s.effects.append(Effect("play_from_graveyard", player, 0, "turn", due.source, card.id, text))
        return True
    layer = s.stack[-1] if s.stack else None
    if layer is None or layer.controller != player or not layer.cost_due:
        return False
    kind = layer.cost_due
    if kind != "card" and not (card.facts.is_(kind) or kind in card.facts.classes):
        # the activation is checked before its costs are paid (CR 5.2.2 by way of 5.1.5's steps)
        raise Illegal(
            "effect_cost",
            say(
                "{layer} costs discarding {kind} card; {card} is not one.",
                layer=layer.name,
                kind="an " + kind if kind[0] in "aeiou" else "a " + kind,
                card=card.name,
            ),
            ("1.14.4b", "5.1.5"),
        )
    layer.cost_due = ""
    ctx.add(
        NOTE,
        say(
            "line {number}: {card} is discarded to pay {layer}'s cost.",
            number=ctx.entry.number,
            card=card.name,
            layer=layer.name,
        ),
        "hero_ability",
    )
    return True


def discard(s: GameState, c: A.Discard, ctx: Ctx) -> None:
    """A discard entered from an effect's outcome: hand -> graveyard (random if unknown)."""
    if c.because:
        events = ctx.events + ctx.prev_events
        words = set(c.because.casefold().split()) - {"the", "trigger", "its", "ability"}
        if not any(
            e.kind in ("trigger", "resolve")
            and (c.because.casefold() in e.subject.casefold() or words <= set(e.subject.casefold().split()))
            for e in events
        ):
            key = {"crush": "crush"}.get(c.because.casefold(), "discard")
            raise Illegal(
                key,
                say("the line discards for {because}, but {because} did not happen here.", because=c.because),
            )
    p = s.p(c.player)
    for ref in c.cards:
        card, _ = take(s, c.player, ref, ("hand",), ctx, illegal="play_zone")
        if not pay_discard_cost(s, c.player, card, ctx):
            claim(s, c.player, "discard", card=card)  # "you may discard a card. If you do, ..." (CR 1.8.3)
        to_graveyard(s, card)
        discard_triggers(s, c.player, card, ctx)
    for _ in range(c.random):
        _random_discard_paid(s, c.player, "a random card", ctx)
        if p.hand_unknown > 0:
            p.hand_unknown -= 1
            ctx.events.append(Event("random", c.player, "discarded an unknown card at random"))
            conditions.record_discard(
                s, c.player, Card(id="", facts=CardFacts(name="unknown card", known=False), owner=c.player)
            )
        elif p.hand:
            card = p.hand.pop(0)
            to_graveyard(s, card)
            conditions.record_discard(s, c.player, card)
            ctx.events.append(Event("random", c.player, f"discarded {card.name} at random"))


# ------------------------------------------------------------------------------------------------
# where every tracked card is, and who can see it (backup reports, reversed lines)
# ------------------------------------------------------------------------------------------------
_PUBLIC = {"graveyard", "pitch_zone", "equipment", "weapons", "permanents", "stack", "chain"}
_ZONES = (
    "hand",
    "deck_top",
    "deck_bottom",
    "arsenal",
    "pitch_zone",
    "graveyard",
    "banished",
    "weapons",
    "permanents",
)


def tracked(s: GameState) -> dict[str, tuple[Card, str]]:
    """card id -> (card, zone) for every tracked card (zone "stack" and "chain" for layers and links)."""
    out: dict[str, tuple[Card, str]] = {}
    for pl in PLAYERS:
        p = s.p(pl)
        for zone in _ZONES:
            for c in getattr(p, zone):
                out[c.id] = (c, zone)
        for c in p.equipment.values():
            if c is not None:
                out[c.id] = (c, "equipment")
    for layer in s.stack:
        if layer.card is not None:
            out[layer.card.id] = (layer.card, "stack")
    for link in s.chain:
        if not link.gone:  # an attack card moved off the chain is tracked where it went
            out[link.attack.id] = (link.attack, "chain")
        for c in link.defending:
            out[c.id] = (c, "chain")
    return out


def locate(s: GameState) -> dict[str, tuple[str, str, str, str]]:
    """card id -> (owner, zone, face, name) for every tracked card (a card on the stack or the
    chain is face up)."""
    return {
        cid: (c.owner, zone, "up" if zone in ("stack", "chain") else c.face, c.name)
        for cid, (c, zone) in tracked(s).items()
    }


def visible(owner: str, zone: str, face: str, viewer: str) -> bool:
    """Whether ``viewer`` can see a card of ``owner`` in ``zone`` (CR 3.0.4: public and private zones)."""
    if zone in _PUBLIC:
        return True
    if zone in ("arsenal", "banished"):
        return face == "up" or viewer == owner and zone == "arsenal"
    if zone == "hand":
        return viewer == owner
    return False


def shown_by_attempt(before: GameState, attempt: GameState, events: list[Event]) -> list[Event]:
    """What a reversed line showed before it was reversed (CR 1.10.3 undoes the action, not what the
    players saw; PPG 1.3: a rewind does not address information). Every card the attempt revealed,
    looked at, pitched or drew, every card it moved where a player could see it, and every card it
    took from a hidden zone (announced, then the play failed) becomes a ``shown`` event for that
    viewer ("" = every player); a draw of an unknown card stays a random event."""
    out: list[Event] = []
    for e in events:
        if e.kind == "reveal":
            out.append(Event("shown", "", e.subject))
        elif e.kind == "pitch":  # from its owner's hand: new to the other players
            out.append(Event("shown", other(e.player), e.subject))
        elif e.kind == "look" or (e.kind == "draw" and e.subject != "unknown"):
            out.append(Event("shown", e.player, e.subject))
        elif e.kind == "draw":
            out.append(Event("random", e.player, "drew an unknown card (on a line that was then reversed)"))
        elif e.kind in ("random", "shuffle"):
            out.append(e)
    old = locate(before)
    new = locate(attempt)
    for cid, (owner, zone, face, name) in new.items():
        o = old.get(cid)
        for viewer in PLAYERS:
            if visible(owner, zone, face, viewer) and (o is None or not visible(o[0], o[1], o[2], viewer)):
                out.append(Event("shown", viewer, name))
    for cid, (owner, zone, _face, name) in old.items():
        if cid not in new and zone in ("hand", "arsenal"):
            out.append(Event("shown", other(owner), name))
        elif cid not in new and zone in ("deck_top", "deck_bottom"):
            out.append(Event("shown", "", name))
    return out
