"""Benchmark: game-state reconstruction (rules_engine.game).

Run: .venv/bin/python bench/reconstruction.py

Measures (pure Python, no database):
* a 6-line table dispute: build the given state, parse the lines, replay and check them;
* a 3-turn game log of about 200 entries (both players attacking, observations, end phases);
* a backup report over the second half of that log;
* the same 6-line dispute with real card names, the-fab-cube card data already loaded;
* what a command-line run pays for its card data (issue 27): reading the whole card.json
  (FabCubeCards.load) against opening the on-disk index (``cardindex.load_indexed``, already
  built) and reading the dispute's cards, then that whole run (index + 6-line real-card dispute).
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

from rules_engine.game.backup import backup  # noqa: E402
from rules_engine.game.cardindex import load_indexed  # noqa: E402
from rules_engine.game.cards import CardLookup, FabCubeCards, InlineCards  # noqa: E402
from rules_engine.game.log import Replay, names_for, replay  # noqa: E402
from rules_engine.game.start import start_state  # noqa: E402

SHARED = Path(os.environ.get("ARBITER_SHARED_DIR", Path(__file__).resolve().parents[2] / "shared"))

DISPUTE_GIVEN: dict[str, Any] = {
    "turn": "P1",
    "phase": "action",
    "combat_chain": "closed",
    "P1": {
        "action_points": 1,
        "hand": [
            {
                "name": "Attack A",
                "type": "attack action",
                "cost": 1,
                "pitch": 1,
                "power": 5,
                "defense": 3,
                "keywords": ["go again"],
            },
            {"name": "Card Blue", "type": "action", "cost": 0, "pitch": 3, "defense": 3},
            {
                "name": "AR R",
                "type": "attack reaction",
                "cost": 0,
                "pitch": 1,
                "text": "Target attack gets +2{p}.",
            },
        ],
    },
    "P2": {
        "life": 20,
        "equipment": {
            "head": {"name": "Helm H", "type": "equipment (head)", "defense": 1, "keywords": ["blade break"]}
        },
        "hand": [{"name": "Card D1", "type": "action", "cost": 1, "pitch": 2, "defense": 3}],
    },
}
DISPUTE_LINES = [
    "P1 plays Attack A targeting P2's hero, pitching Card Blue (pitch 3)",
    "all pass to the Defend Step; P2 declares Helm H and Card D1",
    "all pass to the Reaction Step",
    "P1 plays AR R targeting Attack A; all pass (AR R resolves)",
    "all pass (Reaction Step ends); Damage Step - Attack A deals 3",
    "observe: P2 says P2.life is 17",
]

REAL_GIVEN: dict[str, Any] = {
    "turn": "P1",
    "phase": "action",
    "combat_chain": "closed",
    "P1": {"action_points": 1, "hand": ["Head Jab (red)", "Leg Tap (red)", "Whisper of the Oracle (red)"]},
    "P2": {"life": 20, "hand": [], "equipment": {"head": "Nullrune Hood"}},
}
REAL_LINES = [
    "P1 plays Head Jab targeting P2's hero",
    "all pass to the Defend Step; P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
    "P1 plays Leg Tap targeting P2's hero, pitching Whisper of the Oracle (pitch 1)",
    "all pass to the Defend Step; P2 declares Nullrune Hood",
    "all pass through the Reaction and Damage Steps",
]


def game_given() -> dict[str, Any]:
    attack = {
        "name": "Jab G",
        "type": "attack action",
        "cost": 0,
        "pitch": 1,
        "power": 1,
        "defense": 2,
        "keywords": ["go again"],
    }
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "first_turn": False,
        "P1": {"life": 100, "intellect": 4, "hand_size": 60, "deck": 40, "action_points": 1},
        "P2": {"life": 100, "intellect": 4, "hand_size": 60, "deck": 40},
        "cards": [attack],
    }


def game_lines() -> list[str]:
    lines: list[str] = []
    life = {"P1": 100, "P2": 100}
    for turn in range(3):
        me, them = ("P1", "P2") if turn % 2 == 0 else ("P2", "P1")
        for _ in range(16):
            lines.append(f"{me} plays Jab G targeting {them}'s hero")
            lines.append(f"all pass to the Defend Step; {them} declares no defending cards")
            lines.append("all pass through the Reaction and Damage Steps")
            life[them] -= 1
            lines.append(f"observe: {them}.life is {life[them]}")
        lines.append("all pass (Resolution Step ends); all pass (the action phase ends)")
        lines.append(f"{me} has no cards in hand to arsenal")
        lines.append("pitch zones go to the bottom")
        lines.append(f"{me} draws 0")
    return lines


def setup(given: dict[str, Any], lookup: CardLookup | None = None) -> tuple[Any, InlineCards]:
    from rules_engine.game.cards import facts_from_mapping

    return start_state(
        {k: v for k, v in given.items() if k != "cards"},
        lookup,
        "2.13.0",
        extra_cards=[facts_from_mapping(extra) for extra in given.get("cards", [])],
    )


def run(given: dict[str, Any], lines: list[str], lookup: CardLookup | None = None) -> Replay:
    state, inline = setup(given, lookup)
    return replay(state, lines, inline, names=names_for(state, lookup=inline))


def timed(fn: Callable[[], object], n: int) -> tuple[float, float, float, float]:
    """Wall-clock p50/p95/max and CPU time per run (ms); the CPU column is steadier on a busy machine."""
    times = []
    c0 = time.process_time()
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    cpu = (time.process_time() - c0) * 1000 / n
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1], cpu


def main() -> None:
    rows: list[tuple[str, tuple[float, float, float, float], int]] = []
    rep = run(DISPUTE_GIVEN, DISPUTE_LINES)
    assert rep.final.p("P2").life == 17, rep.final.p("P2").life
    rows.append(
        (
            "6-line dispute: build, parse, replay, check",
            timed(lambda: run(DISPUTE_GIVEN, DISPUTE_LINES), 200),
            200,
        )
    )
    given, lines = game_given(), game_lines()
    game = run(given, lines)
    bad = [
        f.message
        for s in game.steps
        for f in s.findings
        if f.kind in ("violation", "observation_mismatch", "unreadable", "cannot_apply")
    ]
    assert not bad, bad[:3]
    rows.append((f"3-turn game log, {len(lines)} entries", timed(lambda: run(given, lines), 30), 30))
    half = len(lines) // 2
    rows.append(
        (f"backup report to line {half} of {len(lines)}", timed(lambda: backup(game, half), 100), 100)
    )
    fabcube = SHARED / "data" / "fabcube"
    if (fabcube / "card.json").exists():
        t0 = time.perf_counter()
        db = FabCubeCards.load(fabcube)
        load_ms = (time.perf_counter() - t0) * 1000
        real = run(REAL_GIVEN, REAL_LINES, db)
        assert real.final.p("P2").life == 13, real.final.p("P2").life
        rows.append(
            (
                "6-line dispute, real cards (card data loaded)",
                timed(lambda: run(REAL_GIVEN, REAL_LINES, db), 200),
                200,
            )
        )
        print(f"the-fab-cube card.json load (once per process): {load_ms:.0f} ms")
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            t0 = time.perf_counter()
            load_indexed(fabcube, Path(folder))
            print(f"card index build (once per card file): {(time.perf_counter() - t0) * 1000:.0f} ms")
            names = ["Head Jab (red)", "Leg Tap (red)", "Whisper of the Oracle (red)", "Nullrune Hood"]

            def cli_cards() -> None:
                idx = load_indexed(fabcube, Path(folder))
                for name in names:
                    assert idx.get(name) is not None, name

            def cli_run() -> None:
                idx = load_indexed(fabcube, Path(folder))
                assert run(REAL_GIVEN, REAL_LINES, idx).final.p("P2").life == 13

            rows.append(
                ("CLI card data: whole card.json read", timed(lambda: FabCubeCards.load(fabcube), 5), 5)
            )
            rows.append(("CLI card data: index open + 4 cards", timed(cli_cards, 200), 200))
            rows.append(("CLI run: index + 6-line real-card dispute", timed(cli_run, 200), 200))
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'case':52} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'cpu ms':>8}  n")
    for name, (p50, p95, mx, cpu), n in rows:
        print(f"{name:52} {p50:8.2f} {p95:8.2f} {mx:8.2f} {cpu:8.2f}  {n}")


if __name__ == "__main__":
    main()
