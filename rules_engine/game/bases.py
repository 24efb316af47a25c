"""A card's base {p} or {d} changed by an effect (CR 2.9.2: the printed power defines the base; CR 6.3.3
stage 7: an effect may set, multiply or divide it).

Every rule the engine has reads a card's base from its facts (``facts.power``: the attack's power, "with
{p} greater than its base", "with 3 or less base {p}"), so a changed base is new facts for that card
object; its printed values are kept in ``constraints`` and come back when the card leaves the stack or the
combat chain (a new object, CR 3.0.9: the effect no longer applies to it).
"""

from __future__ import annotations

import dataclasses

from .state import Card


def set_base(card: Card, power: int | None = None, defense: int | None = None) -> None:
    """The card's base {p} / {d} become ``power`` / ``defense`` (None: unchanged)."""
    f = card.facts
    if power is not None and f.power is not None:
        card.constraints.setdefault("printed_power", f.power)
        f = dataclasses.replace(f, power=max(0, power))
    if defense is not None and f.defense is not None:
        card.constraints.setdefault("printed_defense", f.defense)
        f = dataclasses.replace(f, defense=max(0, defense))
    card.facts = f


def restore_base(card: Card) -> None:
    """The card's printed base values again (it left the zone where the effect applied)."""
    if not card.constraints:
        return
    power = card.constraints.pop("printed_power", None)
    defense = card.constraints.pop("printed_defense", None)
    if power is not None:
        card.facts = dataclasses.replace(card.facts, power=power)
    if defense is not None:
        card.facts = dataclasses.replace(card.facts, defense=defense)
