"""A judge's physical corrections of the game state (issue 27): move a card between zones, add or
remove counters, give or take a keyword from an attack, destroy a permanent. Each is applied as
written and noted, never a violation: it records what the judge fixed at the table (PPG 3.1-3.6
leave the fix to the judge; the log keeps who typed what).

The lines that produce them are read in ``phrases.Parser.judge`` ("judge: ..."); docs/reconstruction.md
lists the shapes.
"""

from __future__ import annotations

from . import actions as A
from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .rules import NOTE, CannotApply
from .state import PLAYERS, Card, GameState
from .zones import destroy_permanent, new_card, take

#: The zones a card may be moved from or to, as ``PlayerState`` names them.
MOVE_ZONES = (
    "hand",
    "arsenal",
    "graveyard",
    "banished",
    "pitch_zone",
    "permanents",
    "deck_top",
    "deck_bottom",
    "deck",
)
_SEARCH = ("hand", "arsenal", "graveyard", "banished", "pitch_zone", "permanents", "weapons")


def _note(ctx: Ctx, text: str, reason: str) -> None:
    ctx.add(
        NOTE, f"line {ctx.entry.number}: judge adjustment: {text}{' (' + reason + ')' if reason else ''}."
    )


def move_card(s: GameState, c: A.MoveCard, ctx: Ctx) -> None:
    """Take the card from its zone (an unknown card from hand or the deck's top) and put it in
    the destination, face as given (cards in hand and arsenal stay private to their owner)."""
    p = s.p(c.player)
    if c.source in ("deck_top", "deck") and c.card.name == "?":
        if not p.deck_count:
            raise CannotApply(f"{c.player}'s deck is empty")
        p.deck_count -= 1
        card = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=c.player)
    elif c.source in ("deck_top", "deck_bottom", "deck"):
        try:
            card, _ = take(s, c.player, c.card, ("deck",), ctx)
        except CannotApply:
            if not p.deck_count:
                raise
            p.deck_count -= 1  # a deck card the state does not list by name: now known
            card = new_card(s, c.card.name, c.player, ctx, c.card.claims)
    else:
        card, _ = take(s, c.player, c.card, (c.source,), ctx)
    card.origin = ""
    card.face = c.face or ("down" if c.dest in ("hand", "deck_top", "deck_bottom", "deck") else "up")
    card.private_to = c.player if c.dest in ("hand",) or (c.dest == "arsenal" and card.face == "down") else ""
    if c.dest == "deck_top":
        p.deck_top.insert(0, card)
        p.deck_count = (p.deck_count or 0) + 1
    elif c.dest == "deck_bottom":
        p.deck_bottom.append(card)
        p.deck_count = (p.deck_count or 0) + 1
    elif c.dest == "deck":
        p.deck_count = (p.deck_count or 0) + 1  # shuffled in: its place is unknown
    elif c.dest == "hand" and not card.facts.known:
        p.hand_unknown += 1
    else:
        getattr(p, c.dest).append(card)
    ctx.events.append(Event("move", c.player, f"{card.name}: {c.source} -> {c.dest}"))
    where = {"pitch_zone": "pitch zone", "deck_top": "top of the deck", "deck_bottom": "bottom of the deck"}
    _note(
        ctx,
        f"{c.player}'s {card.name if card.facts.known else 'unknown card'} moved from "
        f"{where.get(c.source, c.source)} to {where.get(c.dest, c.dest)}"
        + (f", face {card.face}" if c.face else ""),
        c.reason,
    )


def _find(s: GameState, name: str) -> Card | None:
    key = norm_name(name)
    for link in s.chain:
        if norm_name(link.attack.name) == key:
            return link.attack
        for card in link.defending:
            if norm_name(card.name) == key:
                return card
    for pl in PLAYERS:
        p = s.p(pl)
        for card in [c for c in p.equipment.values() if c is not None]:
            if norm_name(card.name) == key:
                return card
        for zone in _SEARCH:
            found: list[Card] = getattr(p, zone)
            for card in found:
                if norm_name(card.name) == key:
                    return card
    return None


#: the counters of a property, +1 and -1 apart (CR 1.15.4)
_SHOWN = {"power": "+1{p}", "-power": "-1{p}", "defense": "+1{d}", "-defense": "-1{d}"}


def change_counters(s: GameState, c: A.CounterChange, ctx: Ctx) -> None:
    card = _find(s, c.card)
    if card is None:
        raise CannotApply(f"no {c.card!r} in the arena, on the chain or in a public zone")
    now = card.counters.get(c.kind, 0) + c.amount
    if now < 0:
        raise CannotApply(
            f"{c.card} has only {card.counters.get(c.kind, 0)} {_SHOWN.get(c.kind, c.kind)} counters"
        )
    card.counters[c.kind] = now
    if card.counters[c.kind] == 0:
        del card.counters[c.kind]
    for link in s.chain:
        if card in link.defending:
            link.total_defense = None  # computed again from the defending cards
    verb = "added to" if c.amount > 0 else "removed from"
    _note(
        ctx,
        f"{abs(c.amount)} {_SHOWN.get(c.kind, c.kind)} counter(s) {verb} {card.name}",
        c.reason,
    )


def change_keyword(s: GameState, c: A.KeywordChange, ctx: Ctx) -> None:
    """An attack on the chain (or on the stack) gains or loses a keyword the combat rules read."""
    key = norm_name(c.card)
    for link in reversed(s.chain):
        if norm_name(link.attack.name) == key or key in ("the attack", "attack", ""):
            if c.keyword == "go again":
                link.go_again = c.add
            elif c.add and c.keyword not in link.granted:
                link.granted.append(c.keyword)
            elif not c.add and c.keyword in link.granted:
                link.granted.remove(c.keyword)
            _note(ctx, f"{link.attack.name} {'gains' if c.add else 'loses'} {c.keyword}", c.reason)
            return
    for layer in reversed(s.stack):
        if layer.attack and (norm_name(layer.name) == key or key in ("the attack", "attack", "")):
            if c.keyword == "go again":
                layer.go_again = c.add
            elif c.add and c.keyword not in layer.granted:
                layer.granted.append(c.keyword)
            elif not c.add and c.keyword in layer.granted:
                layer.granted.remove(c.keyword)
            _note(ctx, f"{layer.name} {'gains' if c.add else 'loses'} {c.keyword}", c.reason)
            return
    raise CannotApply(f"no attack named {c.card!r} on the combat chain or the stack")


def destroy(s: GameState, c: A.Destroy, ctx: Ctx) -> None:
    key = norm_name(c.card)
    for pl in PLAYERS:
        p = s.p(pl)
        for card in list(p.permanents) + list(p.weapons) + [x for x in p.equipment.values() if x is not None]:
            if norm_name(card.name) == key or norm_name(card.name).startswith(key + " "):
                destroy_permanent(s, card)
                ctx.events.append(Event("destroy", pl, card.name))
                _note(ctx, f"{pl}'s {card.name} destroyed", c.reason)
                return
    raise CannotApply(f"no permanent, weapon or equipment named {c.card!r}")
