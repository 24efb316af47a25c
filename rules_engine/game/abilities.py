"""Activated abilities of equipment, items, weapons and tokens: the cost parts and whole effects
``text_abilities`` reads, paid as the ability is activated (``playing.activate``, CR 5.2.2b by way of
5.1.6-5.1.7) and applied as its layer resolves (``layers.resolve_top``, CR 5.3).

Costs are checked before anything is paid (CR 1.14.4b, 1.14.2b): an activation that cannot pay them is
reversed whole (CR 1.10.3), so a second activation of a once-per-turn ability or one with no counter
left leaves the state as it was.
"""

from __future__ import annotations

from typing import Any

from rules_engine.wording import say

from .context import Ctx, Event
from .effects import split_sentences, steam_text
from .rules import MANUAL, NOTE, Illegal
from .state import Card, Effect, GameState, Layer
from .text_abilities import (
    ARSENAL_CARD_MOVE,
    ATTACKING_NAMED_HERO,
    DRAW_THEN_RANDOM_DISCARD,
    GAIN_PER_PITCHED_COLOUR,
    INTELLECT_THIS_TURN,
    TOKEN_UNDER_TARGET_HERO,
)
from .zones import destroy_permanent, draw, make_token, put_bottom, self_move_triggers, target_player

_COUNTER_WORDS = {"power": "+1{p}"}


_COLOURS = {"red": 1, "yellow": 2, "blue": 3}


def _attacks_moniker(s: GameState, moniker: str) -> bool:
    """The active attack targets a hero whose moniker is that word (CR 2.7.3: the moniker of "Arakni,
    Marionette" is Arakni; a title before it, "Ser", is not part of it)."""
    link = s.active_link()
    if link is None:
        return False
    hero = s.p(link.target).hero or "" if link.target in ("P1", "P2") else link.target
    return moniker.casefold() in hero.split(",")[0].casefold().split()


def check_target(s: GameState, src: Card, ab: Any) -> None:
    """ "Target attack that is attacking Arakni": with no such attack there is no legal target and the
    ability cannot be activated (CR 1.8.5d, 5.2.2b by way of 5.1.5, 1.10.3)."""
    m = ATTACKING_NAMED_HERO.match(ab.ability_text.strip())
    if m is not None and not _attacks_moniker(s, m.group(1)):
        raise Illegal(
            "effect_target",
            say(
                "{src}'s ability targets an attack that is attacking {moniker}; the active attack is not.",
                src=src.name,
                moniker=m.group(1),
            ),
        )


def check_costs(s: GameState, p: Any, src: Card, ab: Any) -> None:
    """The source's counters for "remove N steam counters from this" (CR 1.14.4b) and the life points
    for "{h}" (CR 1.14.2b, 1.14.2e), before anything is paid."""
    key, n = ab.counter_cost
    if n and src.counters.get(key, 0) < n:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s ability costs removing {n} {kind} counter(s) from it, and it has {count}.",
                src=src.name,
                n=n,
                kind=_COUNTER_WORDS.get(key, key),
                count=src.counters.get(key, 0),
            ),
        )
    if ab.life_cost and p.life is not None and p.life < ab.life_cost:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s ability costs {n} life and {hero} has {life}.",
                src=src.name,
                n=ab.life_cost,
                hero=p.hero or "the hero",
                life=p.life,
            ),
            ("1.14.2b", "1.14.2e"),
        )


def pay_costs(s: GameState, p: Any, src: Card, ab: Any, ctx: Ctx) -> None:
    """Pay what ``check_costs`` allowed, then the source's own move for "put this on the bottom of its
    owner's deck" (CR 1.14.4): the counters come off (a steam item with none left is destroyed, its
    "when this has no steam counters, destroy it", CR 6.6.5c), life is paid (CR 1.14.2e)."""
    key, n = ab.counter_cost
    if n:
        src.counters[key] = src.counters.get(key, 0) - n
        if not src.counters[key]:
            del src.counters[key]
        if key == "steam" and steam_text(src.facts).none_destroys and not src.counters.get("steam"):
            destroy_permanent(s, src)
            ctx.events.append(Event("destroy", src.owner, src.name))
    if ab.life_cost and p.life is not None:
        p.life -= ab.life_cost
        ctx.events.append(Event("life", src.owner, src.name, -ab.life_cost))
    if ab.bottom_self:
        bottom_of_deck(s, src, ctx)


def bottom_of_deck(s: GameState, card: Card, ctx: Ctx) -> None:
    """A permanent leaves the arena for the bottom of its owner's deck (a token ceases to exist instead,
    CR 8.3.21's tokens outside the arena); its "when this leaves the arena" triggers (CR 6.6.1)."""
    p = s.p(card.owner)
    for slot, c in list(p.equipment.items()):
        if c is card:
            p.equipment[slot] = None
    for zone in (p.permanents, p.weapons):
        if card in zone:
            zone.remove(card)
    if not card.facts.is_token:
        card.face = "down"
        card.private_to = ""
        card.counters = {}
        put_bottom(p, [card])
        ctx.events.append(Event("move", card.owner, f"{card.name}: arena -> deck_bottom"))
    self_move_triggers(s, card, ("leaves",))


def resolve(s: GameState, layer: Layer, text: str, ctx: Ctx) -> str:
    """Apply the ability's first sentence when ``text_abilities`` reads it; return the text left to
    resolve (the other sentences, for ``layers.resolve_text``: "If you do, draw a card" after Crown of
    Everbloom's move is reported there)."""
    sentences = split_sentences(text)
    if not sentences:
        return text
    first, rest = sentences[0].strip(), ". ".join(x.strip() for x in sentences[1:])
    if DRAW_THEN_RANDOM_DISCARD.match(first):
        _draw_then_random_discard(s, layer, ctx)
        return rest
    m = ARSENAL_CARD_MOVE.match(first)
    if m is not None:
        _arsenal_card(s, layer, "hand" if m.group(1).endswith("hand") else "deck_bottom", ctx)
        return rest
    m = INTELLECT_THIS_TURN.match(first)
    if m is not None:
        _intellect(s, layer, int(m.group(1)), ctx)
        return rest
    m = GAIN_PER_PITCHED_COLOUR.match(first)
    if m is not None:
        p = s.p(layer.controller)
        n = sum(1 for card in p.pitch_zone if card.facts.pitch == _COLOURS[m.group(1).casefold()])
        p.resource_points += n
        ctx.events.append(Event("gain", layer.controller, f"{n} resource(s)"))
        return rest
    m = TOKEN_UNDER_TARGET_HERO.match(first)
    if m is not None:
        # the hero the line targets, else the opponent (CR 8.5.2c: the token enters under that control)
        named = next((t for t in layer.targets if t.upper().startswith(("P1", "P2"))), "")
        make_token(s, target_player(named, layer.controller), m.group(1).strip().title(), ctx)
        return rest
    m = ATTACKING_NAMED_HERO.match(first)
    if m is not None:
        if not _attacks_moniker(s, m.group(1)):  # no legal target as it resolves (CR 1.8.5d)
            ctx.add(
                NOTE,
                say(
                    "line {number}: {name}: the active attack is no longer attacking {moniker}; no legal target, nothing happens.",
                    number=ctx.entry.number,
                    name=layer.name,
                    moniker=m.group(1),
                ),
                "activate",
            )
            return rest
        return f"Target attack gets {m.group(2)}. {rest}".strip()
    return text


def _draw_then_random_discard(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """Draw a card (CR 8.5.6), then discard a card at random (8.5.5): which card the random choice took
    is the log's to tell, so a ``discard_due`` effect waits for the log's discard line
    (``zones.pay_discard_cost``) and one never logged is asked for as the end phase begins."""
    player = layer.controller
    draw(s, player, 1, ctx)
    text = "Discard a random card (the log names it)."
    s.effects.append(Effect("discard_due", player, 1, "turn", layer.name, text=text))


def _arsenal_card(s: GameState, layer: Layer, dest: str, ctx: Ctx) -> None:
    """The card in the arsenal (a zone holds at most one, CR 3.3.2) goes to the bottom of the deck or
    to the hand; with an empty arsenal the effect does nothing (CR 1.8.4 has nothing to move)."""
    p = s.p(layer.controller)
    if not p.arsenal:
        ctx.add(
            NOTE,
            say(
                "line {number}: {name}: {player}'s arsenal is empty; no card moves.",
                number=ctx.entry.number,
                name=layer.name,
                player=layer.controller,
            ),
            "activate",
        )
        return
    if len(p.arsenal) > 1:  # two arsenal zones (an effect gave one): the player's choice
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: {player} has {count} cards in arsenal and chooses one; enter which moves ('adj: {player} moves X from arsenal to hand').",
                number=ctx.entry.number,
                name=layer.name,
                player=layer.controller,
                count=len(p.arsenal),
            ),
            "manual_effect",
        )
        return
    card = p.arsenal.pop(0)
    card.origin = ""
    if dest == "hand":
        if card.facts.known:
            card.private_to = layer.controller
            p.hand.append(card)
        else:
            p.hand_unknown += 1
    else:
        card.face = "down"
        card.private_to = layer.controller
        put_bottom(p, [card])
    ctx.events.append(Event("move", layer.controller, f"{card.name}: arsenal -> {dest}"))


def _intellect(s: GameState, layer: Layer, n: int, ctx: Ctx) -> None:
    """The hero's intellect (CR 2.4) is N higher until the end of the turn (an ``intellect`` effect the
    turn's end takes back, ``end_phase``), so the end phase draws up to it (CR 4.4.3f)."""
    p = s.p(layer.controller)
    if p.intellect is None:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}: the state does not know {player}'s intellect; it is {n} higher this turn.",
                number=ctx.entry.number,
                name=layer.name,
                player=layer.controller,
                n=n,
            ),
            "manual_effect",
        )
        return
    p.intellect += n
    text = f"+{n}{{i}} this turn."
    s.effects.append(Effect("intellect", layer.controller, n, "turn", layer.name, text=text))


def turn_ends(s: GameState) -> None:
    """The turn's intellect effects end (CR 4.4.4's "until end of turn" effects): the hero's intellect
    is its own again."""
    for e in s.effects:
        if e.kind == "intellect" and e.duration == "turn":
            p = s.p(e.player)
            if p.intellect is not None:
                p.intellect -= e.amount
