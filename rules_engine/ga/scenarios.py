"""Run Grand Archive scenarios in the project's scenario format (``given`` with ``game: ga``).

``given`` holds ``turn``, ``phase`` (wake_up, materialize, recollection, draw, main, end),
``turn_number`` and per player (``P1``, ``P2``; a third player is refused, GA 1.2.4):
``champion`` (a name) or ``lineage`` (names, bottom first), ``damage``, ``level_counters``,
``rested``, ``hand``, ``memory`` (names, or a count of unknown cards), ``deck`` (a count, or the
known cards from the top), ``material_deck``, ``graveyard``, ``banishment``, ``field`` (names or
``{name, rested, damage, counters}``), ``first_turn`` and ``materialized``; ``names`` maps P1/P2
to the names a judge writes. Cards are given inline (a dict anywhere a name goes, or the
scenario's ``cards:`` list) or come from the GA card data. The result is the FaB runner's
:class:`~rules_engine.game.scenarios.ScenarioResult`, compared with the same ``expect`` rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.game.given import GivenError
from rules_engine.game.scenarios import ScenarioResult, finish_result

from .cards import GACards, card_from_mapping
from .engine import GAEngine
from .phrases import GAParser, NameIndex
from .rules import VERSION
from .state import PHASES, UNKNOWN, GAPlayer, GAState, view

_PLAYER_KEYS = {
    "champion",
    "lineage",
    "damage",
    "level_counters",
    "counters",
    "rested",
    "hand",
    "memory",
    "deck",
    "material_deck",
    "graveyard",
    "banishment",
    "field",
    "first_turn",
    "materialized",
}


def _inline(given: dict[str, Any], extra: Iterable[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [x for x in extra if isinstance(x, dict)]

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            if v.get("name") and any(
                k in v for k in ("types", "type", "power", "life", "cost_reserve", "cost_memory", "level")
            ):
                out.append(v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(given)
    return out


def _name(x: Any) -> str:
    return str(x.get("name")) if isinstance(x, dict) else str(x)


def _names(v: Any) -> list[str]:
    if v is None:
        return []
    if isinstance(v, int):
        return [UNKNOWN] * v
    return [_name(x) for x in v]


def card_names_with_aliases(cards: GACards) -> list[str]:
    """Every card name, and a champion's lineage name ("Lorraine" for "Lorraine, Wandering
    Warrior", GA 1.7.a.10) as judges write it; the engine finds the champion on the field by it."""
    names = cards.names()
    aliases = {n.split(",")[0].strip() for n in names if "," in n and (c := cards.get(n)) and c.is_champion}
    return names + sorted(aliases - set(names))


_POOL_INDEXES: dict[int, tuple[GACards, NameIndex]] = {}


def _pool_index(pool: GACards | None) -> NameIndex | None:
    """The name index of a card pool, built once per pool object."""
    if pool is None:
        return None
    hit = _POOL_INDEXES.get(id(pool))
    if hit is None or hit[0] is not pool:
        hit = (pool, NameIndex(card_names_with_aliases(pool)))
        _POOL_INDEXES[id(pool)] = hit
    return hit[1]


def build_state(given: dict[str, Any], cards: GACards) -> GAState:
    """The start position of a GA scenario. Raises :class:`GivenError` on a bad one."""
    players = [k for k in given if isinstance(k, str) and k.upper().startswith("P") and k[1:].isdigit()]
    if any(k.upper() not in ("P1", "P2") for k in players):
        raise GivenError("GA reconstruction models two-player games only (GA 1.2.4): P1 and P2")
    turn = str(given.get("turn", "P1")).upper()
    phase = str(given.get("phase", "main")).casefold().replace(" ", "_").replace("-", "_")
    if phase == "materialise":
        phase = "materialize"
    if phase not in PHASES:
        raise GivenError(f"unknown GA phase {phase!r}: one of {', '.join(PHASES)}")
    st = GAState(turn=turn, phase=phase, turn_number=int(given.get("turn_number", 1) or 1))
    for code in ("P1", "P2"):
        pg = given.get(code) or {}
        if not isinstance(pg, dict):
            raise GivenError(f"{code} must be a mapping")
        unknown = set(pg) - _PLAYER_KEYS
        if unknown:
            raise GivenError(f"{code}: unknown GA keys {sorted(unknown)}")
        deck = pg.get("deck", 30)
        p = GAPlayer(
            name=code,
            hand=_names(pg.get("hand")),
            memory=_names(pg.get("memory")),
            deck=[] if isinstance(deck, int) else _names(deck),
            deck_count=deck if isinstance(deck, int) else len(deck),
            material=_names(pg.get("material_deck")),
            graveyard=_names(pg.get("graveyard")),
            banishment=_names(pg.get("banishment")),
            materialized=bool(pg.get("materialized", False)),
            first_turn=bool(pg.get("first_turn", False)),
        )
        st.players[code] = p
        lineage = _names(pg.get("lineage")) or _names([pg["champion"]] if pg.get("champion") else [])
        if lineage:
            top = cards.get(lineage[-1])
            if top is None:
                raise GivenError(f"{code}: champion {lineage[-1]!r} is not a known card")
            champ = st.new_object(top.name, code, top)
            champ.lineage = [(cards.get(n).name if cards.get(n) else n) for n in lineage]  # type: ignore[union-attr]
            champ.lineage_cards = [cards.get(n) for n in lineage]
            champ.damage = int(pg.get("damage", 0) or 0)
            champ.rested = bool(pg.get("rested", False))
            if pg.get("level_counters"):
                champ.counters["level"] = int(pg["level_counters"])
            for k, v in (pg.get("counters") or {}).items():
                champ.counters[str(k)] = int(v)
        for entry in pg.get("field") or []:
            name = _name(entry)
            card = cards.get(name)
            if card is None:
                raise GivenError(f"{code}: {name!r} on the field is not a known card")
            obj = st.new_object(name, code, card)
            if card.durability is not None:
                obj.counters["durability"] = card.durability
            if isinstance(entry, dict):
                obj.rested = bool(entry.get("rested", False))
                obj.damage = int(entry.get("damage", 0) or 0)
                for k, v in (entry.get("counters") or {}).items():
                    obj.counters[str(k)] = int(v)
    return st


def run_ga_scenario(sc: dict[str, Any], fallback: GACards | None = None) -> ScenarioResult:
    """Build the given state, replay the ``when`` lines, compare with ``expect``. Never raises."""
    res = ScenarioResult(id=str(sc.get("id", "?")), rules_version=VERSION)
    try:
        given = sc.get("given") or {}
        cards = GACards(
            (card_from_mapping(m) for m in _inline(given, sc.get("cards") or [])), fallback=fallback
        )
        state = build_state(given, cards)
        names = dict(given.get("names") or {})
        inline = GACards(card_from_mapping(m) for m in _inline(given, sc.get("cards") or []))
        index = NameIndex(card_names_with_aliases(inline), parent=_pool_index(fallback))
        parser = GAParser(index, {str(k).upper(): str(v) for k, v in names.items()})
        engine = GAEngine(cards, parser)
        for i, text in enumerate(sc.get("when") or [], start=1):
            step = engine.apply(state, i, str(text))
            state = step.state
            res.findings.extend(step.findings)
            for f in step.findings:
                if f.kind == "unreadable":
                    res.unparsed.append({"action": i, "text": f.message})
            res.checkpoints[str(i)] = view(state)
        res.state = view(state)
    except GivenError as exc:
        res.error = f"GivenError: {exc}"
    except Exception as exc:  # never a traceback: the scenario reports its error
        res.error = f"{type(exc).__name__}: {exc}"
    return finish_result(res, sc)
