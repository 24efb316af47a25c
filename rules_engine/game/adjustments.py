"""A judge's physical corrections of the game state (issue 27): move a card between zones, add or
remove counters, give or take a keyword from an attack, destroy a permanent. Each is applied as
written and noted, never a violation: it records what the judge fixed at the table (PPG 3.1-3.6
leave the fix to the judge; the log keeps who typed what).

The lines that produce them are read in ``phrases.Parser.judge`` ("judge: ..."); docs/reconstruction.md
lists the shapes.
"""

from __future__ import annotations

import re

from rules_engine.wording import say

from . import actions as A
from . import conditions
from .cards import CardFacts, norm_name
from .choices import claim
from .context import Ctx, Event
from .heroes import take_banish_due
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
    "soul",
    "deck_top",
    "deck_bottom",
    "deck",
)
_SEARCH = ("hand", "arsenal", "graveyard", "banished", "pitch_zone", "permanents", "weapons")


def _note(ctx: Ctx, text: str, reason: str) -> None:
    ctx.add(
        NOTE,
        say(
            "line {number}: judge adjustment: {text}{value}.",
            number=ctx.entry.number,
            text=text,
            value=" (" + reason + ")" if reason else "",
        ),
    )


def move_card(s: GameState, c: A.MoveCard, ctx: Ctx) -> None:
    """Take the card from its zone (an unknown card from hand or the deck's top) and put it in
    the destination, face as given (cards in hand and arsenal stay private to their owner)."""
    p = s.p(c.player)
    if c.source in ("deck_top", "deck") and c.card.name == "?":
        if not p.deck_count:
            raise CannotApply(say("{player}'s deck is empty", player=c.player))
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
    if c.dest in ("banished", "graveyard"):  # "if a card has been put into your banished zone this turn"
        conditions.record_zone(s, c.player, "banishedto" if c.dest == "banished" else "graveyardto", card)
    ctx.events.append(Event("move", c.player, f"{card.name}: {c.source} -> {c.dest}"))
    if c.dest == "banished" and c.source == "hand":
        take_banish_due(s, c.player, ctx)  # Black Widow's hit, Vynnset's start of turn
    if c.source == "hand" and c.dest == "soul":  # a charge (CR 8.5.29), for "if you've charged this turn"
        conditions.record(s, c.player, "charged " + " ".join(conditions.tags(card.facts, card.pitch)))
    where = {"pitch_zone": "pitch zone", "deck_top": "top of the deck", "deck_bottom": "bottom of the deck"}
    _note(
        ctx,
        f"{c.player}'s {card.name if card.facts.known else 'unknown card'} moved from "
        f"{where.get(c.source, c.source)} to {where.get(c.dest, c.dest)}"
        + (f", face {card.face}" if c.face else ""),
        c.reason,
    )


def _find(s: GameState, name: str) -> Card | None:
    """The card ``name`` names on the chain or in a public zone; "P2's Helm" looks only at P2's.
    A name both players have, said without whose, is refused (the judge says whose)."""
    owner = re.match(r"^(P[12])'s\s+(.+)$", name.strip(), re.I)
    players = [owner.group(1).upper()] if owner else list(PLAYERS)
    key = norm_name(owner.group(2) if owner else name)
    for link in s.chain:
        if norm_name(link.attack.name) == key and (not owner or link.attack.owner in players):
            return link.attack
        for card in link.defending:
            if norm_name(card.name) == key and (not owner or card.owner in players):
                return card
    found: list[tuple[str, Card]] = []
    for pl in players:
        p = s.p(pl)
        cards = [c for c in p.equipment.values() if c is not None]
        for zone in _SEARCH:
            cards += list(getattr(p, zone))
        match = next((c for c in cards if norm_name(c.name) == key), None)
        if match is not None:
            found.append((pl, match))
    if len(found) > 1:
        raise CannotApply(
            say("both players have {found}: say whose (P1's {found} or P2's)", found=found[0][1].name)
        )
    return found[0][1] if found else None


#: the counters of a property, +1 and -1 apart (CR 1.15.4)
_SHOWN = {"power": "+1{p}", "-power": "-1{p}", "defense": "+1{d}", "-defense": "-1{d}"}


def change_counters(s: GameState, c: A.CounterChange, ctx: Ctx) -> None:
    card = _find(s, c.card)
    if card is None:
        raise CannotApply(say("no {card} in the arena, on the chain or in a public zone", card=repr(c.card)))
    now = card.counters.get(c.kind, 0) + c.amount
    if now < 0:
        raise CannotApply(
            say(
                "{card} has only {get} {get_2} counters",
                card=c.card,
                get=card.counters.get(c.kind, 0),
                get_2=_SHOWN.get(c.kind, c.kind),
            )
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


def _until(c: A.KeywordChange) -> str:
    return f" {c.until}" if c.until else ""


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
            _note(ctx, f"{link.attack.name} {'gains' if c.add else 'loses'} {c.keyword}{_until(c)}", c.reason)
            return
    for layer in reversed(s.stack):
        if layer.attack and (norm_name(layer.name) == key or key in ("the attack", "attack", "")):
            if c.keyword == "go again":
                layer.go_again = c.add
            elif c.add and c.keyword not in layer.granted:
                layer.granted.append(c.keyword)
            elif not c.add and c.keyword in layer.granted:
                layer.granted.remove(c.keyword)
            _note(ctx, f"{layer.name} {'gains' if c.add else 'loses'} {c.keyword}{_until(c)}", c.reason)
            return
    raise CannotApply(say("no attack named {card} on the combat chain or the stack", card=repr(c.card)))


def destroy(s: GameState, c: A.Destroy, ctx: Ctx) -> None:
    """Destroy a permanent, token, weapon or equipment: "Runechant", "a Gold token", "P2's Helm H"."""
    text = c.card.strip()
    owner = re.match(r"^(P[12])'s\s+(.+)$", text, re.I)
    players = [owner.group(1).upper()] if owner else list(PLAYERS)
    text = owner.group(2) if owner else text
    text = re.sub(r"^(?:an?|one|the)\s+", "", text, flags=re.I)
    text = re.sub(r"\s+token$", "", text, flags=re.I)
    key = norm_name(text)
    for pl in players:
        p = s.p(pl)
        for card in list(p.permanents) + list(p.weapons) + [x for x in p.equipment.values() if x is not None]:
            if norm_name(card.name) == key or norm_name(card.name).startswith(key + " "):
                # an option a resolved ability offered ("you may destroy ..."): a game action, CR 1.8.3
                chosen = claim(s, pl, "destroy", card=card)
                destroy_permanent(s, card)
                ctx.events.append(Event("destroy", pl, card.name))
                if chosen is None:
                    _note(ctx, f"{pl}'s {card.name} destroyed", c.reason)
                return
    raise CannotApply(say("no permanent, weapon or equipment named {card}", card=repr(c.card)))


# --------------------------------------------------------------------------- outcomes to enter

_N = r"(a|an|one|two|three|four|five|\d+|x)"
_NUMS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _n(word: str) -> str:
    w = word.casefold()
    return str(_NUMS.get(w, w if w.isdigit() else "N"))


def outcome_lines(card: str, sentence: str, controller: str) -> list[str]:
    """The adjustment lines that enter what ``sentence`` of ``card`` did, prefilled from its words
    (issue 27: a flagged manual effect offers the adjustment that enters its outcome). ``N`` and
    ``CARD`` stand where the text leaves a number or a card to the table; the judge edits the
    lines before adding them. An empty list when no shape of the text is known; the judge then
    writes the line (docs/reconstruction.md, "The judge's fixes")."""
    ctrl = controller if controller in PLAYERS else "P1"
    opp = "P2" if ctrl == "P1" else "P1"
    t = " ".join(re.sub(r"\*\*|__", "", sentence).split())
    low = t.casefold()

    def who(before: str) -> str:
        """The player a clause is about: 'you' is the controller, a hero or opponent the other."""
        b = before.casefold()
        if re.search(r"\b(opponent|target hero|defending hero|each hero|their)\b", b):
            return opp
        return ctrl

    out: list[str] = []
    for m in re.finditer(rf"deals? {_N} (arcane )?damage", low):
        out.append(f"judge: {card} deals {_n(m.group(1))} {m.group(2) or ''}damage to {opp}")
    for m in re.finditer(rf"(.{{0,40}}?)\bgains? {_N} ?(?:\{{h\}}|life)", low):
        out.append(f"judge: {who(m.group(1))} gains {_n(m.group(2))} life")
    for m in re.finditer(rf"(.{{0,40}}?)\bloses? {_N} ?(?:\{{h\}}|life)", low):
        out.append(f"judge: {opp if 'you' not in m.group(1) else ctrl} loses {_n(m.group(2))} life")
    for m in re.finditer(rf"(.{{0,40}}?)\bgains? {_N} ?(?:\{{r\}}|resources?(?: points?)?)", low):
        out.append(f"judge: {who(m.group(1))} gains {_n(m.group(2))} resource points")
    if re.search(r"gains? (?:an? |1 )?action point", low):
        out.append(f"judge: {ctrl} gains 1 action points")
    for m in re.finditer(rf"(.{{0,40}}?)\bcreates? {_N} (.+?) tokens?", low):
        name = " ".join(w.capitalize() for w in m.group(3).split())
        out.append(f"judge: {who(m.group(1))} creates {_n(m.group(2))} {name} token")
    for m in re.finditer(rf"(.{{0,40}}?)\bdraws? {_N} cards?", low):
        out.append(f"judge: {who(m.group(1))} draws {_n(m.group(2))}")
    for m in re.finditer(r"gets? \+(\d+|x)\s*(?:\{p\}|power)", low):
        out.append(f"judge: the attack gets +{_n(m.group(1))}")
    for kw in ("go again", "dominate", "overpower", "piercing", "intimidate"):
        if re.search(rf"\b(?:gets?|gains?|has) {kw}\b", low):
            out.append(
                "judge: the attack gains go again" if kw == "go again" else f"judge: the attack gains {kw}"
            )
    for m in re.finditer(
        rf"(?:put|place)s? {_N} (\+1\{{[pd]\}}|-1\{{[pd]\}}|[a-z]+) counters? on (.+?)(?:[.,]|$)", low
    ):
        target = card if m.group(3).strip() in ("it", "this", f"{card.casefold()}") else "CARD"
        out.append(f"judge: add {_n(m.group(1))} {m.group(2)} counter to {target}")
    if re.search(r"\bdiscards?\b", low):
        out.append(f"judge: {who(low.split('discard')[0])} discards CARD from hand")
    banish = re.search(
        r"\bbanish(?:es)? (.+?) from (?:your |their |its owner's )?(hand|graveyard|arsenal|deck)", low
    )
    if banish:
        whose = opp if re.search(r"their|opponent", banish.group(0)) else ctrl
        out.append(f"judge: banish CARD from {whose}'s {banish.group(2)}")
    if re.search(r"\bput (?:it|a card|.+?) (?:face[- ]down )?into your arsenal", low):
        out.append(f"judge: move CARD from {ctrl}'s hand to {ctrl}'s arsenal face down")
    if re.search(r"\bdestroy (?:target|a|an|the)\b", low):
        out.append("judge: destroy CARD")
    seen: list[str] = []
    for line in out:
        if line not in seen:
            seen.append(line)
    return seen
