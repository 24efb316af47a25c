"""Card facts for Grand Archive reconstruction (GA CR 1.6: the parts of a card).

The engine reads only the printed properties the generic rules use: types and supertypes (1.6.c,
1.7.h), class (1.6.c.3), element (1.6.d), reserve or memory cost (1.6.b), speed (1.6.e), level of a
champion (1.7.a), power, life (1.6.f) and durability (1.6.g). A property a card does not have is
``None`` (a card with no cost is not a card with cost 0, GA 2.3.c.4).

Cards come from a lookup: scenario files give them inline (``cards:`` and dict entries in
``given``); real disputes read the GA Index export in ``<shared>/data/ga`` (no rules text: a card's
own effect is always entered by the judge, never silently ignored).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

OBJECT_TYPES = frozenset({"champion", "ally", "weapon", "item", "domain", "regalia", "token"})


def norm(name: str) -> str:
    """Case- and space-insensitive key for a card name."""
    return " ".join(str(name).replace("’", "'").split()).casefold()


def _int(v: Any) -> int | None:
    if v is None or v == "":
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _words(v: Any) -> frozenset[str]:
    if v is None:
        return frozenset()
    if isinstance(v, str):
        v = [v]
    return frozenset(str(x).strip().casefold() for x in v if str(x).strip())


@dataclass(frozen=True, slots=True)
class GACard:
    """The printed properties of one Grand Archive card."""

    name: str
    types: frozenset[str] = frozenset()
    classes: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    element: str = "norm"
    cost_memory: int | None = None
    cost_reserve: int | None = None
    level: int | None = None
    power: int | None = None
    life: int | None = None
    durability: int | None = None
    speed: str | None = None
    keywords: frozenset[str] = frozenset()
    costless: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> GACard:
        return self  # immutable: a state copy shares its cards

    @property
    def is_champion(self) -> bool:
        return "champion" in self.types

    @property
    def is_regalia(self) -> bool:
        return "regalia" in self.types

    @property
    def is_ally(self) -> bool:
        return "ally" in self.types

    @property
    def is_weapon(self) -> bool:
        return "weapon" in self.types

    @property
    def is_attack(self) -> bool:
        return "attack" in self.types

    @property
    def is_action(self) -> bool:
        return "action" in self.types

    @property
    def is_object(self) -> bool:
        """Cards that stay on the field when they resolve (GA 2.1.d.3)."""
        return bool(self.types & {"champion", "ally", "weapon", "item", "domain", "regalia"})

    @property
    def material(self) -> bool:
        """Cards that start in the material deck (GA 2.1.c.1: champions and regalia)."""
        return self.is_champion or self.is_regalia

    @property
    def is_slow(self) -> bool:
        """Allies, attacks, weapons, items, domains and regalia are slow (GA 1.7.b.1, 1.7.d.1,
        1.7.e.2, 1.7.f.2, 2.8.a.2a); an action is as fast as it says (1.7.c.1)."""
        if self.is_action and not self.is_attack:
            return self.speed != "fast"
        return True


def card_from_mapping(m: Mapping[str, Any]) -> GACard:
    """A card from a GA Index shaped object or a scenario's inline card."""
    types = _words(m.get("types") or m.get("type"))
    supertypes = _words(m.get("supertypes"))
    speed = m.get("speed")
    if isinstance(speed, bool | int) and not isinstance(speed, str):  # the exports say 1/true for fast
        speed = "fast" if speed else "slow"
    cost_memory = _int(m.get("cost_memory", m.get("memory")))
    cost_reserve = _int(m.get("cost_reserve", m.get("reserve")))
    costless = "cost" in m and str(m.get("cost")).casefold() in ("none", "-", "null")
    if cost_memory is None and cost_reserve is None and not costless:
        if m.get("cost") is not None:
            cost_reserve = _int(m.get("cost"))
        elif not types & {"champion"}:
            # The exports leave a cost of 0 out; material-deck cards pay memory (GA 1.7.h.3b).
            if types & {"regalia"} or _words(m.get("supertypes")) & {"regalia"}:
                cost_memory = 0
            else:
                cost_reserve = 0
    return GACard(
        name=str(m.get("name", "")).strip(),
        types=types | supertypes,
        classes=_words(m.get("classes") or m.get("class")),
        subtypes=_words(m.get("subtypes")),
        element=str(m.get("element") or "norm").strip().casefold(),
        cost_memory=cost_memory,
        cost_reserve=cost_reserve,
        level=_int(m.get("level")),
        power=_int(m.get("power")),
        life=_int(m.get("life")),
        durability=_int(m.get("durability")),
        speed=str(speed).casefold() if speed else None,
        keywords=_words(m.get("keywords")),
        costless=costless,
    )


class GACards:
    """Cards by name: inline ones first, then a fallback lookup."""

    def __init__(self, cards: Iterable[GACard] = (), fallback: GACards | None = None) -> None:
        self._by: dict[str, GACard] = {}
        self.fallback = fallback
        for c in cards:
            self.add(c)

    def add(self, card: GACard) -> None:
        if card.name:
            self._by[norm(card.name)] = card

    def get(self, name: str) -> GACard | None:
        c = self._by.get(norm(name))
        if c is None and self.fallback is not None:
            return self.fallback.get(name)
        return c

    def names(self) -> list[str]:
        out = [c.name for c in self._by.values()]
        if self.fallback is not None:
            out.extend(self.fallback.names())
        return out

    @classmethod
    def load(cls, path: str | Path) -> GACards:
        """The GA Index export (a JSON list of cards, or an API envelope ``{"data": [...]}``)."""
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if isinstance(data, dict):
            data = data.get("data", [])
        return cls(card_from_mapping(x) for x in data if isinstance(x, dict) and x.get("name"))


def default_cards(shared_dir: str | Path) -> GACards | None:
    """The GA card export in ``<shared_dir>/data/ga`` when it is there."""
    folder = Path(shared_dir) / "data" / "ga"
    for p in sorted(folder.glob("ga_cards*.json")) if folder.is_dir() else []:
        return GACards.load(p)
    return None
