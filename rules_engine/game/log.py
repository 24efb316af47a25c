"""The append-only log and its replay, with rewinds that start a branch (nothing is deleted).

``replay(initial, lines)`` applies each line in order. Every line records its parent (the line
whose state it applied to). A line ``rewind K`` makes the state after line K current again, whether
line K is on the current branch or was superseded by an earlier rewind: it starts a new branch whose
parent is K, and later lines continue from there. The active branch is the path of parent links from
the newest line back to the start; every other line is kept and marked inactive. A replay of the
active branch's lines (without the rewind markers) gives the same final state. Replays are
deterministic: the same lines give the same hashes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .cards import CardLookup
from .context import Event
from .engine import Engine
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

    @property
    def is_rewind(self) -> bool:
        """A ``rewind K`` marker line (it moves to another state and undoes no action itself)."""
        return any(isinstance(c, A.Rewind) for c in self.entry.clauses)

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


def names_for(state: GameState, extra: Sequence[str] = (), lookup: CardLookup | None = None) -> NameIndex:
    """The names a log may use: the cards in the state, ``extra`` names, and every name ``lookup``
    knows (its ``names()``, indexed once per lookup and shared as the parent index)."""
    idx = NameIndex(extra, parent=index_for(lookup))
    for p in state.players.values():
        if p.hero:
            idx.add(p.hero)  # "Lyath activates": the hero's first word names it
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
    parser = Parser(names or names_for(initial, lookup=lookup))
    parser.set_heroes(initial)
    steps: list[StepRecord] = []
    # what the next line applies to, per line: (state, events of the last applied line,
    # events of this turn on the path, the turn those events belong to); 0 = the initial state
    contexts: dict[int, tuple[GameState, list[Event], list[Event], int]] = {
        0: (initial, [], [], initial.turn_number)
    }
    current_no = 0
    for i, text in enumerate(lines, start=1):
        parser.turn_player = contexts[current_no][
            0
        ].turn_player  # a pronoun's referent by role (phrases._pronouns)
        entry = parser.parse(i, str(text))
        rewind = next((c for c in entry.clauses if isinstance(c, A.Rewind)), None)
        if rewind is not None:
            # any earlier line, superseded or not: a new branch starts from the state after it
            k = max(0, min(rewind.to, i - 1))
            contexts[i] = contexts[k]
            steps.append(StepRecord(i, str(text), entry, contexts[k][0], [], [], False, True, k))
            current_no = i
            continue
        current, prev, history, turn_seen = contexts[current_no]
        if current.turn_number != turn_seen:
            history, turn_seen = [], current.turn_number
        result = engine.apply(current, entry, prev, history)
        contexts[i] = (result.state, result.events, history + result.events, turn_seen)
        steps.append(
            StepRecord(
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
        )
        current_no = i
    _mark_active(steps)
    return Replay(initial=initial, steps=steps)


def _mark_active(steps: list[StepRecord]) -> None:
    """The active branch is the path from the initial state to the newest line (parent links)."""
    on_path: set[int] = set()
    n = len(steps)
    while n > 0:
        on_path.add(n)
        n = steps[n - 1].parent
    for rec in steps:
        rec.active = rec.number in on_path
