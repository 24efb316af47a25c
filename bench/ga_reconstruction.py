"""Benchmark: Grand Archive game-state reconstruction (rules_engine.ga, issue 34).

Run: .venv/bin/python bench/ga_reconstruction.py

Measures (pure Python, no database), median and p95 over repeated runs:
* a 6-line GA dispute with inline cards: build the given state, read the lines, replay and check
  them (the goal is under 20 ms);
* the same dispute with the GA card export of the shared folder as the fallback card data (642
  cards: the reader then knows every card name), when that folder is present;
* a 60-line log (four turns of attacks, retaliations, plays and materializations).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.ga.cards import default_cards  # noqa: E402
from rules_engine.ga.scenarios import run_ga_scenario  # noqa: E402

SHARED = Path(os.environ.get("ARBITER_SHARED_DIR", Path(__file__).resolve().parents[2] / "shared"))

CARDS = [
    {"name": "Lost Spirit", "types": ["champion"], "element": "norm", "level": 0, "life": 15},
    {"name": "Lorraine, Wandering Warrior", "types": ["champion"], "level": 1, "cost_memory": 1, "life": 20},
    {"name": "Silvie, Wilds Whisperer", "types": ["champion"], "level": 1, "cost_memory": 1, "life": 19},
    {
        "name": "Strapping Conscript",
        "types": ["ally"],
        "element": "norm",
        "cost_reserve": 2,
        "power": 2,
        "life": 1,
    },
    {
        "name": "Giant Tortoise",
        "types": ["ally"],
        "element": "norm",
        "cost_reserve": 4,
        "power": 1,
        "life": 6,
    },
    {"name": "Honorable Vanguard", "types": ["ally"], "cost_reserve": 2, "power": 1, "life": 2},
    {"name": "Backstab", "types": ["attack"], "cost_reserve": 2, "power": 2},
    {"name": "Hypothermia", "types": ["action"], "cost_reserve": 2},
    {"name": "Gentle Respite", "types": ["action"], "cost_reserve": 3},
    {
        "name": "Archon Broadsword",
        "types": ["regalia", "weapon"],
        "cost_memory": 1,
        "power": 2,
        "durability": 9,
    },
]

DISPUTE: dict[str, Any] = {
    "id": "bench-6",
    "cards": CARDS,
    "given": {
        "game": "ga",
        "turn": "P1",
        "phase": "main",
        "P1": {
            "champion": "Lorraine, Wandering Warrior",
            "field": ["Strapping Conscript", "Archon Broadsword"],
            "hand": ["Honorable Vanguard", "Backstab", "Hypothermia", "Gentle Respite"],
        },
        "P2": {"champion": "Silvie, Wilds Whisperer", "field": ["Giant Tortoise"]},
    },
    "when": [
        "P1 plays Honorable Vanguard, reserving Hypothermia and Gentle Respite",
        "all pass",
        "P1's Strapping Conscript attacks P2's Giant Tortoise",
        "Giant Tortoise retaliates; all pass",
        "P1 attacks P2 with Archon Broadsword, no retaliation, P2 takes 2 damage",
        "P1 ends the turn",
    ],
    "expect": {},
}


def _long_log() -> dict[str, Any]:
    turn = [
        "P1 plays Honorable Vanguard, reserving Hypothermia and Gentle Respite",
        "all pass",
        "P1 attacks P2 with Archon Broadsword",
        "no retaliation",
        "P2 takes 2 damage",
        "P1 attacks with Honorable Vanguard at P2's champion",
        "all pass",
        "P1 ends the turn",
        "P2 goes to the main phase",
        "P2 attacks with Giant Tortoise targeting P1's champion",
        "P1 takes 1",
        "P2 ends the turn",
        "P1 goes to main",
        "P1 recovers 1",
        "P1 puts a buff counter on Strapping Conscript",
    ]
    sc = dict(DISPUTE)
    given = {
        **DISPUTE["given"],
        "P1": {**DISPUTE["given"]["P1"], "hand": ["Honorable Vanguard", "Hypothermia", "Gentle Respite"] * 4},
        "P2": {**DISPUTE["given"]["P2"], "deck": 40},
    }
    given["P1"]["deck"] = 40
    sc["given"] = given
    sc["when"] = turn * 4
    return sc


def measure(label: str, fn: Callable[[], Any], runs: int) -> None:
    fn()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{label}: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms ({runs} runs)")


def main() -> None:
    result = run_ga_scenario(DISPUTE)
    assert not result.error and not result.unparsed, (result.error, result.unparsed)
    measure("6-line GA dispute, inline cards", lambda: run_ga_scenario(DISPUTE), 200)
    cards = default_cards(SHARED)
    if cards is not None:
        measure(
            "6-line GA dispute, 642-card export as fallback", lambda: run_ga_scenario(DISPUTE, cards), 100
        )
    else:
        print(f"(no GA card export under {SHARED}: the fallback run is skipped)")
    long = _long_log()
    res = run_ga_scenario(long)
    assert not res.error, res.error
    measure(f"{len(long['when'])}-line GA log", lambda: run_ga_scenario(long), 50)


if __name__ == "__main__":
    main()
