"""A Grand Archive judge's log with rewinds, and what a backup would undo and reveal (issue 34).

Same contract as the FaB log (:mod:`rules_engine.game.log`): lines are applied in order, each
records the line whose state it applied to (its parent); ``rewind K`` makes the state after line K
current again and starts a branch there, nothing is deleted, and the active branch is the path of
parents from the newest line back to the start.

:func:`backup_report` says, for a backup from the current state to the state after line K, which
lines it undoes and what goes back where, naming what was hidden (hand and memory cards, the
main deck) for the judge only: cards that return to a player's hand or deck, cards that leave
memory, objects that leave the field, materialized cards that go back to the material deck. A
memory cost paid at random (GA 2.3.c.2a) cannot be undone exactly: the report says so, with the
line, so the judge knows the banished cards were chosen by chance and not by the player.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import GACards
from .engine import GAEngine
from .phrases import GAParser
from .rules import RULES, Finding
from .state import GAState, view

_REWIND = re.compile(r"^\s*rewind(?:\s+to)?\s+(?:line\s+)?(\d+)\s*$", re.IGNORECASE)


@dataclass
class GAStep:
    number: int
    text: str
    state: GAState
    findings: list[Finding] = field(default_factory=list)
    active: bool = True
    parent: int = 0
    rewind: bool = False

    def to_json(self, full_state: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "line": self.number,
            "text": self.text,
            "active": self.active,
            "parent": self.parent,
            "rewind": self.rewind,
            "findings": [f.to_json() for f in self.findings],
        }
        if full_state:
            out["state"] = view(self.state)
        return out


@dataclass
class GAReplay:
    initial: GAState
    steps: list[GAStep]

    def state_after(self, number: int) -> GAState:
        return self.initial if number <= 0 else self.steps[number - 1].state

    def path(self) -> list[GAStep]:
        return [s for s in self.steps if s.active]

    @property
    def final(self) -> GAState:
        return self.steps[-1].state if self.steps else self.initial

    def findings(self) -> list[Finding]:
        return [f for s in self.path() for f in s.findings]


def replay(initial: GAState, lines: Sequence[str], cards: GACards, parser: GAParser) -> GAReplay:
    """Replay every line; never raises (a bad line becomes a finding)."""
    engine = GAEngine(cards, parser)
    steps: list[GAStep] = []
    states: dict[int, GAState] = {0: initial}
    current = 0
    for i, text in enumerate(lines, start=1):
        m = _REWIND.match(str(text))
        if m:
            k = max(0, min(int(m.group(1)), i - 1))
            states[i] = states[k]
            steps.append(GAStep(i, str(text), states[k], [], True, k, True))
            current = i
            continue
        step = engine.apply(states[current], i, str(text))
        states[i] = step.state
        steps.append(GAStep(i, str(text), step.state, step.findings, True, current))
        current = i
    on_path: set[int] = set()
    n = len(steps)
    while n > 0:
        on_path.add(n)
        n = steps[n - 1].parent
    for s in steps:
        s.active = s.number in on_path
    return GAReplay(initial, steps)


def _moved(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    """(cards that left, cards that arrived) between two lists of names."""
    b, a = Counter(before), Counter(after)
    return sorted((b - a).elements()), sorted((a - b).elements())


def backup_report(rep: GAReplay, to: int) -> dict[str, Any]:
    """What backing up from the current state to the state after line ``to`` undoes and reveals."""
    path = [s.number for s in rep.path()]
    if to != 0 and to not in path:
        raise ValueError(f"line {to} is not on the current path")
    target, now = rep.state_after(to), rep.final
    undone = [{"line": s.number, "text": s.text} for s in rep.path() if s.number > to and not s.rewind]
    players: dict[str, Any] = {}
    for code in ("P1", "P2"):
        was, nowp = target.players[code], now.players[code]
        leave_hand, back_to_hand = _moved(nowp.hand, was.hand)
        leave_memory, back_to_memory = _moved(nowp.memory, was.memory)
        drawn = max(0, was.deck_count - nowp.deck_count)
        field_now = [o.name for o in now.field if o.controller == code and not o.is_champion]
        field_was = [o.name for o in target.field if o.controller == code and not o.is_champion]
        leave_field, return_field = _moved(field_now, field_was)
        out_banish, _in_banish = _moved(nowp.banishment, was.banishment)
        out_grave, _in_grave = _moved(nowp.graveyard, was.graveyard)
        _out_material, back_material = _moved(nowp.material, was.material)
        champ_now, champ_was = now.champion(code), target.champion(code)
        players[code] = {
            "cards_back_to_hand": back_to_hand,
            "cards_out_of_hand": leave_hand,
            "cards_out_of_memory": leave_memory,
            "cards_back_to_memory": back_to_memory,
            "cards_back_on_top_of_deck": drawn,
            "objects_leaving_the_field": leave_field,
            "objects_back_on_the_field": return_field,
            "out_of_banishment": out_banish,
            "out_of_graveyard": out_grave,
            "back_to_material_deck": back_material,
            "champion": {
                "now": champ_now.name if champ_now else None,
                "after_backup": champ_was.name if champ_was else None,
                "damage_now": champ_now.damage if champ_now else 0,
                "damage_after_backup": champ_was.damage if champ_was else 0,
            },
        }
    random_lines = sorted(
        {
            f.action
            for s in rep.path()
            if s.number > to
            for f in s.findings
            if set(f.rules) & set(RULES["random_memory"])
        }
    )
    unknown_draws = any(players[c]["cards_back_on_top_of_deck"] for c in players)
    notes = []
    if random_lines:
        notes.append(
            "memory cards banished at random on line(s) "
            + ", ".join(str(n) for n in random_lines)
            + " go back to memory; the game cannot choose them again the same way (GA 2.3.c.2a)"
        )
    if unknown_draws:
        notes.append("drawn cards go back on top of their deck, in the order they were drawn")
    return {"to": to, "undoes": undone, "players": players, "notes": notes}
