"""The append-only log and its replay, with rewinds that start a branch (nothing is deleted).

``replay(initial, lines)`` applies each line in order. A line ``rewind K`` makes the state after
line K current again: the lines after K on the path so far are superseded (kept, marked inactive),
and later lines continue from there. Replays are deterministic: the same lines give the same
hashes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .cards import CardLookup, InlineCards
from .engine import Engine, Event
from .phrases import NameIndex, Parser, index_for
from .rules import Finding
from .state import GameState
from .view import view


@dataclass
class StepRecord:
    """One line of the log after replay: the state after it, its findings and events."""

    number: int
    text: str
    entry: A.Entry
    state: GameState
    findings: list[Finding] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    reversed: bool = False
    active: bool = True
    parent: int = 0  # the line whose state this line applied to (0 = the initial state)

    def to_json(self, full_state: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "line": self.number,
            "text": self.text,
            "active": self.active,
            "parent": self.parent,
            "reversed": self.reversed,
            "hash": self.state.state_hash(),
            "findings": [f.to_json() for f in self.findings],
        }
        if full_state:
            out["state"] = view(self.state)
        return out


@dataclass
class Replay:
    initial: GameState
    steps: list[StepRecord]

    def state_after(self, number: int) -> GameState:
        if number <= 0:
            return self.initial
        return self.steps[number - 1].state

    def path(self) -> list[StepRecord]:
        """The active lines, oldest first (the path that led to the current state)."""
        return [s for s in self.steps if s.active]

    @property
    def final(self) -> GameState:
        return self.steps[-1].state if self.steps else self.initial

    def findings(self) -> list[Finding]:
        return [f for s in self.steps if s.active for f in s.findings]


def names_for(state: GameState, extra: Sequence[str] = (), lookup: object = None) -> NameIndex:
    """The names a log may use: the cards in the state, ``extra`` names, and the lookup's names."""
    idx = NameIndex(
        extra,
        parent=index_for(getattr(lookup, "fallback", None) if isinstance(lookup, InlineCards) else lookup),
    )
    for p in state.players.values():
        for zone in (
            p.hand,
            p.deck_top,
            p.deck_bottom,
            p.arsenal,
            p.pitch_zone,
            p.graveyard,
            p.banished,
            p.weapons,
            p.permanents,
        ):
            for c in zone:
                idx.add(c.name)
        for eq in p.equipment.values():
            if eq is not None:
                idx.add(eq.name)
    for link in state.chain:
        idx.add(link.attack.name)
        for c in link.defending:
            idx.add(c.name)
    for layer in state.stack:
        idx.add(layer.name)
    return idx


def replay(
    initial: GameState,
    lines: Sequence[str],
    lookup: CardLookup,
    *,
    version: str | None = None,
    names: NameIndex | None = None,
) -> Replay:
    """Replay every line; never raises (bad lines become findings)."""
    engine = Engine(lookup, version or initial.rules_version)
    parser = Parser(names or names_for(initial))
    steps: list[StepRecord] = []
    current = initial
    current_no = 0
    prev: list[Event] = []
    history: list[Event] = []  # events of this turn on the current path
    turn_seen = initial.turn_number
    # the active chain of line numbers leading to the current state
    chain: list[int] = []
    for i, text in enumerate(lines, start=1):
        entry = parser.parse(i, str(text))
        rewind = next((c for c in entry.clauses if isinstance(c, A.Rewind)), None)
        if rewind is not None:
            k = max(0, min(rewind.to, i - 1))
            if k and k not in chain and k != 0:
                # rewinding to a superseded line: follow that line's own path
                pass
            for rec in steps:
                if rec.number > k and rec.number in chain:
                    rec.active = False
            chain = [n for n in chain if n <= k]
            base = initial if k == 0 else steps[k - 1].state
            rec = StepRecord(i, str(text), entry, base, [], [], False, True, k)
            steps.append(rec)
            chain.append(i)
            current, current_no, prev = base, i, []
            history = [
                e
                for r in steps
                if r.active and r.number <= k and r.state.turn_number == base.turn_number
                for e in r.events
            ]
            turn_seen = base.turn_number
            continue
        if current.turn_number != turn_seen:
            history, turn_seen = [], current.turn_number
        result = engine.apply(current, entry, prev, history)
        history = history + result.events
        rec = StepRecord(
            i,
            str(text),
            entry,
            result.state,
            result.findings,
            result.events,
            result.reversed,
            True,
            current_no,
        )
        steps.append(rec)
        chain.append(i)
        current, current_no, prev = result.state, i, result.events
    return Replay(initial=initial, steps=steps)
