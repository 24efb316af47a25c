"""The state of a Grand Archive game as the reconstruction engine tracks it (GA CR 2.1, 2.2).

Zones per player (2.1): main deck (a count, or its known top cards), material deck, hand, memory
(face-down: ``?`` is a card whose name the log never told), graveyard, banishment; the shared field
(2.1.d) holds objects with their controller, awake or rested state and counters; the Effects Stack
(2.1.i); the combat in progress with its attack card in intent (2.1.j, 2.2.g).

The state is copied for each log line (:meth:`GAState.copy`) so a rewind or a backup report can go
back to any line.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from dataclasses import field as _field
from typing import Any

from .cards import GACard, norm

UNKNOWN = "?"
PHASES = ("wake_up", "materialize", "recollection", "draw", "main", "combat", "end")


@dataclass
class GAObject:
    """An object on the field (GA 2.7.1): a champion with its lineage, an ally, weapon, item,
    domain or regalia. ``damage`` is a champion's damage counters (2.11.6b) or an ally's marked
    damage (2.9.13)."""

    oid: int
    name: str
    controller: str
    card: GACard | None = None
    rested: bool = False
    damage: int = 0
    counters: dict[str, int] = _field(default_factory=dict)
    lineage: list[str] = _field(default_factory=list)
    lineage_cards: list[GACard | None] = _field(default_factory=list)

    @property
    def is_champion(self) -> bool:
        return self.card is not None and self.card.is_champion

    @property
    def is_ally(self) -> bool:
        return self.card is not None and self.card.is_ally

    @property
    def is_unit(self) -> bool:
        """Units are champions and allies (GA 2.7.1a)."""
        return self.is_champion or self.is_ally

    @property
    def is_weapon(self) -> bool:
        return self.card is not None and self.card.is_weapon

    def level(self) -> int:
        """A champion's LV: its printed level plus level counters (GA 2.11.6e, X.B.22)."""
        base = self.card.level if self.card and self.card.level is not None else 0
        return base + self.counters.get("level", 0)

    def power(self) -> int | None:
        """Printed power plus buff counters (GA 2.11.6a); champions have none (1.7.a.8a)."""
        if self.card is None or self.card.power is None:
            return None
        return self.card.power + self.counters.get("buff", 0)

    def life(self) -> int | None:
        if self.card is None or self.card.life is None:
            return None
        return self.card.life + (self.counters.get("buff", 0) if self.is_ally else 0)

    def durability(self) -> int:
        return self.counters.get("durability", 0)

    def elements(self) -> set[str]:
        """The elements a champion's lineage enables (GA 1.7.a.4d.iii, 1.7.a.9)."""
        out = {"norm"}
        for c in self.lineage_cards:
            if c is not None and c.element:
                out.add(c.element)
        if self.card is not None:
            out.add(self.card.element)
        return out


@dataclass
class GAPlayer:
    name: str
    hand: list[str] = _field(default_factory=list)
    memory: list[str] = _field(default_factory=list)
    deck: list[str] = _field(default_factory=list)  # known cards from the top
    deck_count: int = 0
    material: list[str] = _field(default_factory=list)
    graveyard: list[str] = _field(default_factory=list)
    banishment: list[str] = _field(default_factory=list)
    materialized: bool = False
    first_turn: bool = False
    lost: str | None = None


@dataclass
class StackItem:
    """A card or ability on the Effects Stack (GA 2.1.i): an activation, a materialization or an
    ability (2.7.2, 2.7.3)."""

    name: str
    controller: str
    kind: str  # "activation" | "materialization" | "ability"
    card: GACard | None = None
    target: int | None = None  # an object's id
    target_player: str | None = None
    weapon: int | None = None
    origin: str = "hand"
    level_up: int | None = None  # the champion object a materialized champion levels


@dataclass
class Combat:
    """The combat phase of one attack (GA 2.2.g): the attacking unit, its target, the weapon and
    attack card it uses, and the retaliating units."""

    attacker: int
    target: int | None
    step: str = "retaliation"  # retaliation | damage
    weapon: int | None = None
    attack_card: str | None = None
    attack_power: int | None = None
    retaliators: list[int] = _field(default_factory=list)


@dataclass
class GAState:
    turn: str = "P1"
    phase: str = "main"
    turn_number: int = 1
    players: dict[str, GAPlayer] = _field(default_factory=dict)
    field: list[GAObject] = _field(default_factory=list)
    stack: list[StackItem] = _field(default_factory=list)
    combat: Combat | None = None
    passes: int = 0
    next_oid: int = 1
    result: str | None = None

    def copy(self) -> GAState:
        """A copy for the next line: cards are immutable and shared, everything else is new."""
        out = copy.copy(self)
        out.players = {
            k: replace(
                p,
                hand=list(p.hand),
                memory=list(p.memory),
                deck=list(p.deck),
                material=list(p.material),
                graveyard=list(p.graveyard),
                banishment=list(p.banishment),
            )
            for k, p in self.players.items()
        }
        out.field = [
            replace(
                o, counters=dict(o.counters), lineage=list(o.lineage), lineage_cards=list(o.lineage_cards)
            )
            for o in self.field
        ]
        out.stack = [replace(s) for s in self.stack]
        out.combat = replace(self.combat, retaliators=list(self.combat.retaliators)) if self.combat else None
        return out

    def other(self, player: str) -> str:
        return "P2" if player == "P1" else "P1"

    def new_object(self, name: str, controller: str, card: GACard | None) -> GAObject:
        obj = GAObject(oid=self.next_oid, name=card.name if card else name, controller=controller, card=card)
        self.next_oid += 1
        self.field.append(obj)
        return obj

    def obj(self, oid: int | None) -> GAObject | None:
        return next((o for o in self.field if o.oid == oid), None)

    def champion(self, player: str) -> GAObject | None:
        return next((o for o in self.field if o.controller == player and o.is_champion), None)

    def find(self, name: str, controller: str | None = None) -> GAObject | None:
        key = norm(name)
        for o in self.field:
            if norm(o.name) == key and (controller is None or o.controller == controller):
                return o
        for o in self.field:  # a champion by its lineage name ("Lorraine")
            if o.is_champion and (controller is None or o.controller == controller):
                if norm(o.name).split(",")[0] == key:
                    return o
        return None


def _object_view(o: GAObject) -> dict[str, Any]:
    out: dict[str, Any] = {"name": o.name, "controller": o.controller, "rested": o.rested}
    if o.is_champion:
        out["level"] = o.level()
        out["lineage"] = list(o.lineage)
        out["life"] = o.life()
    if o.damage or o.is_unit:
        out["damage"] = o.damage
    counters = {k: v for k, v in o.counters.items() if v}
    if counters:
        out["counters"] = counters
    if o.is_ally:
        out["power"] = o.power()
        out["life"] = o.life()
    return out


def view(state: GAState) -> dict[str, Any]:
    """The state as a plain dict, the shape scenario expectations compare against."""
    out: dict[str, Any] = {
        "game": "ga",
        "turn": state.turn,
        "phase": state.phase,
        "turn_number": state.turn_number,
        "stack": [s.name for s in state.stack],
    }
    if state.result:
        out["result"] = state.result
    if state.combat is not None:
        c = state.combat
        att = state.obj(c.attacker)
        tgt = state.obj(c.target)
        wep = state.obj(c.weapon)
        out["combat"] = {
            "step": c.step,
            "attacker": att.name if att else None,
            "target": tgt.name if tgt else None,
            "weapon": wep.name if wep else None,
            "attack_card": c.attack_card,
            "retaliators": [x.name for x in (state.obj(r) for r in c.retaliators) if x],
        }
    for pname, p in state.players.items():
        champ = state.champion(pname)
        pv: dict[str, Any] = {
            "hand": list(p.hand),
            "hand_count": len(p.hand),
            "memory": len(p.memory),
            "memory_cards": list(p.memory),
            "deck": p.deck_count,
            "material_deck": list(p.material),
            "graveyard": list(p.graveyard),
            "banishment": list(p.banishment),
            "materialized": p.materialized,
            "field": [_object_view(o) for o in state.field if o.controller == pname],
        }
        if champ is not None:
            pv["champion"] = champ.name
            pv["level"] = champ.level()
            pv["damage"] = champ.damage
            life = champ.life()
            if life is not None:
                pv["life"] = life
                pv["life_left"] = life - champ.damage
            pv["lineage"] = list(champ.lineage)
        if p.lost:
            pv["lost"] = p.lost
        out[pname] = pv
    return out
