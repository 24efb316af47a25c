"""Benchmark: standings for 10,000 players over 15 rounds (exact fractions), in-process and
through ``python -m pairings standings`` (process start and JSON included).

Run: .venv/bin/python bench/standings.py
"""

from __future__ import annotations

import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairings.tiebreakers import MatchRecord, compute_standings  # noqa: E402


def build_history(n: int, rounds: int, seed: int) -> list[MatchRecord]:
    """Swiss-like history: each round pairs neighbours by points (random inside a score group);
    results 48% / 48% / 3% draw / 1% double loss; odd fields give the last player a bye."""
    rng = random.Random(seed)
    points = {f"P{i:05d}": 0 for i in range(n)}
    matches = []
    for r in range(1, rounds + 1):
        order = sorted(points, key=lambda p: (-points[p], rng.random()))
        if len(order) % 2:
            bye = order.pop()
            matches.append(MatchRecord(r, bye, None, "bye"))
            points[bye] += 1
        for k in range(0, len(order), 2):
            a, b = order[k], order[k + 1]
            roll = rng.random()
            result = "a" if roll < 0.48 else "b" if roll < 0.96 else "draw" if roll < 0.99 else "double_loss"
            matches.append(MatchRecord(r, a, b, result))
            if result == "a":
                points[a] += 1
            elif result == "b":
                points[b] += 1
    return list(points), matches


def main() -> None:
    print(f"python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    n, rounds = 10_000, 15
    ids, matches = build_history(n, rounds, seed=15)
    cpu = []
    wall = []
    for _ in range(5):
        t0, c0 = time.perf_counter(), time.process_time()
        rows = compute_standings(ids, matches, rounds_completed=rounds, seed=1)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    print(f"{n} players, {rounds} rounds, {len(matches)} matches")
    print(
        f"  compute_standings in-process: wall min {min(wall):.3f} s, median {statistics.median(wall):.3f} s; "
        f"CPU min {min(cpu):.3f} s"
    )
    print(f"  leader {rows[0].id}: {rows[0].match_points} points, CMP {rows[0].cmp}, OCMP {rows[0].ocmp}")
    payload = {
        "rounds_completed": rounds,
        "players": [{"id": i} for i in ids],
        "matches": [{"round": m.round, "a": m.a, "b": m.b, "result": m.result} for m in matches],
        "options": {"seed": 1},
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(payload, fh)
        path = fh.name
    times = []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(3):
        with open(path, "rb") as stdin:
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "pairings", "standings"],
                stdin=stdin,
                cwd=ROOT,
                capture_output=True,
                check=True,
            )
            times.append(time.perf_counter() - t0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    child_cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / 3
    print(
        f"  `python -m pairings standings` wall incl. process start and JSON: min {min(times):.3f} s, "
        f"median {statistics.median(times):.3f} s; CPU per run {child_cpu:.3f} s"
    )


if __name__ == "__main__":
    main()
