"""Benchmark: pair round 9 of a 5,000-player Swiss event (and a 1,000-player one) through the
command line, process start included, next to a naive greedy head-first pairer on the same input;
then a seeded round 1 (ranks given) of 2,000 to 10,000 players. Every size reports the peak
memory (maximum resident set size) of the `python -m pairings pair` process beside its time.

Run: .venv/bin/python bench/pairing.py
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairings.swiss import PlayerState, _pair_down_lower_bound, bye_candidates, pair_round, pairing_cost  # noqa: E402


def build_event(n: int, rounds_done: int, seed: int) -> list[PlayerState]:
    """Players after ``rounds_done`` rounds paired by our engine with random results (2% draws)."""
    rng = random.Random(seed)
    state = {f"P{i:05d}": {"points": 0, "opp": [], "bye": False} for i in range(n)}
    for r in range(1, rounds_done + 1):
        players = [PlayerState(k, v["points"], tuple(v["opp"]), v["bye"]) for k, v in state.items()]
        result = pair_round(players, round_number=r, seed=seed + r)
        for a, b in result.pairings:
            state[a]["opp"].append(b)
            state[b]["opp"].append(a)
            roll = rng.random()
            if roll < 0.49:
                state[a]["points"] += 1
            elif roll < 0.98:
                state[b]["points"] += 1
        if result.bye:
            state[result.bye]["points"] += 1
            state[result.bye]["bye"] = True
    return [PlayerState(k, v["points"], tuple(v["opp"]), v["bye"]) for k, v in state.items()]


def greedy_pair(players: list[PlayerState], seed: int):
    """Naive head-first pairer (benchmark only): bye to a lowest eligible player, then each
    player from the top takes the first unpaired player below them they have not met, or the
    first unpaired one if they have met everyone."""
    rng = random.Random(seed)
    order = sorted(players, key=lambda p: (-p.points, rng.random()))
    bye = None
    if len(order) % 2:
        bye = bye_candidates(order)[-1]
        order = [p for p in order if p is not bye]
    pairs = []
    taken = [False] * len(order)
    for i, p in enumerate(order):
        if taken[i]:
            continue
        taken[i] = True
        opp = set(p.opponents)
        pick = None
        for j in range(i + 1, len(order)):
            if not taken[j]:
                if pick is None:
                    pick = j
                if order[j].id not in opp:
                    pick = j
                    break
        taken[pick] = True
        pairs.append((p.id, order[pick].id))
    return pairs, (bye.id if bye else None)


def with_keep_apart(players: list[PlayerState], share: float, seed: int) -> list[PlayerState]:
    """Give ``share`` of the players a keep-apart partner (siblings, teammates), both at random."""
    rng = random.Random(seed)
    ids = [p.id for p in players]
    avoid: dict[str, list[str]] = {}
    for a in rng.sample(ids, int(len(ids) * share)):
        b = rng.choice(ids)
        if b != a:
            avoid.setdefault(a, []).append(b)
    return [
        PlayerState(p.id, p.points, p.opponents, p.had_bye, avoid=tuple(avoid.get(p.id, ()))) for p in players
    ]


def bench(n: int, rounds_done: int, seed: int, runs: int, keep_apart: float = 0.0) -> None:
    players = build_event(n, rounds_done, seed)
    if keep_apart:
        players = with_keep_apart(players, keep_apart, seed)
    payload = {
        "round": rounds_done + 1,
        "seed": seed,
        "players": [
            {
                "id": p.id,
                "points": p.points,
                "opponents": list(p.opponents),
                "had_bye": p.had_bye,
                "avoid": list(p.avoid),
            }
            for p in players
        ],
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(payload, fh)
        path = fh.name
    times, cpus, peaks, out = run_cli(path, runs)
    cpu = statistics.mean(cpus)
    pairs = [tuple(p) for p in out["pairings"]]
    points = {p.id: p.points for p in players}
    rematches, cost = pairing_cost(players, pairs)
    downs = sum(1 for a, b in pairs if points[a] != points[b])
    t0 = time.process_time()
    pair_round(players, round_number=rounds_done + 1, seed=seed)
    in_process = time.process_time() - t0

    g_times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        g_pairs, _ = greedy_pair(players, seed)
        g_times.append(time.perf_counter() - t0)
    g_rematches, g_cost = pairing_cost(players, g_pairs)
    g_downs = sum(1 for a, b in g_pairs if points[a] != points[b])
    bound = _pair_down_lower_bound(players)
    constraints = (
        f", keep-apart pairs for {keep_apart:.0%} of players, met anyway: {len(out.get('kept_apart', []))}"
    )
    print(
        f"{n} players, round {rounds_done + 1} ({len({p.points for p in players})} score groups, {runs} runs"
        f"{constraints if keep_apart else ''})"
    )
    print(
        f"  arbiter  `python -m pairings pair` wall incl. process start: min {min(times):.3f} s, "
        f"median {statistics.median(times):.3f} s, CPU (user+sys) per run {cpu:.3f} s, "
        f"peak memory {max(peaks):.0f} MB; in-process pair_round CPU {in_process:.3f} s"
    )
    print(
        f"           rematches {rematches}, pair-downs {downs}, pair-down cost {cost} (lower bound {bound})"
    )
    print(
        f"  greedy   in-process: min {min(g_times):.3f} s; rematches {g_rematches}, pair-downs {g_downs}, "
        f"pair-down cost {g_cost}"
    )


def run_cli(path: str, runs: int) -> tuple[list[float], list[float], list[float], dict]:
    """Run `python -m pairings pair` on the JSON file ``path`` ``runs`` times: wall seconds, CPU
    seconds and peak resident memory (MB, from the child's own rusage) per run, and the output."""
    times, cpus, peaks = [], [], []
    out: dict = {}
    for _ in range(runs):
        with open(path, "rb") as stdin:
            t0 = time.perf_counter()
            proc = subprocess.Popen(
                [sys.executable, "-m", "pairings", "pair"],
                stdin=stdin,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=ROOT,
            )
            assert proc.stdout is not None
            data = proc.stdout.read()
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            times.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            raise SystemExit(f"pairings pair failed with exit code {proc.returncode}")
        cpus.append(usage.ru_utime + usage.ru_stime)
        peaks.append(usage.ru_maxrss / 1024)  # kilobytes on Linux
        out = json.loads(data)
    return times, cpus, peaks, out


def bench_seeded_round_one(n: int, runs: int) -> None:
    """Round 1 with every player ranked (seeding: rank i meets rank i + n/2)."""
    payload = {
        "round": 1,
        "seed": 1,
        "players": [{"id": f"P{i:05d}", "points": 0, "opponents": [], "rank": i + 1} for i in range(n)],
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(payload, fh)
        path = fh.name
    times, cpus, peaks, out = run_cli(path, runs)
    pairs = out["pairings"]
    assert len(pairs) == n // 2 and ["P00000", f"P{n // 2:05d}"] in pairs
    print(
        f"{n} players, seeded round 1 ({runs} runs): wall min {min(times):.3f} s, median "
        f"{statistics.median(times):.3f} s, CPU {statistics.mean(cpus):.3f} s, peak memory {max(peaks):.0f} MB"
    )


def quality(n: int, rounds_done: int, events: int) -> None:
    """Many small events: total rematches and pair-downs of each pairer on the same inputs."""
    totals = {"arbiter": [0, 0, 0], "greedy": [0, 0, 0]}
    bound = 0
    for seed in range(events):
        players = build_event(n, rounds_done, seed)
        ours = pair_round(players, round_number=rounds_done + 1, seed=seed).pairings
        theirs, _ = greedy_pair(players, seed)
        bound += _pair_down_lower_bound(players)
        points = {p.id: p.points for p in players}
        for name, pairs in (("arbiter", ours), ("greedy", theirs)):
            rematches, cost = pairing_cost(players, pairs)
            totals[name][0] += rematches
            totals[name][1] += sum(1 for a, b in pairs if points[a] != points[b])
            totals[name][2] += cost
    print(f"{events} events of {n} players, round {rounds_done + 1} (same inputs for both):")
    for name, (rematches, downs, cost) in totals.items():
        print(f"  {name:8} rematches {rematches}, pair-downs {downs}, pair-down cost {cost}")
    print(f"  (pair-down cost lower bound summed over the events: {bound})")


if __name__ == "__main__":
    print(f"python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    bench(5000, 8, seed=2026, runs=5)
    bench(5000, 8, seed=2026, runs=5, keep_apart=0.02)
    bench(1000, 8, seed=7, runs=5)
    bench(1000, 14, seed=7, runs=3)
    bench(5000, 14, seed=2026, runs=3)
    for size in (2000, 5000, 10000):
        bench_seeded_round_one(size, runs=3)
    quality(24, 6, events=200)
    quality(64, 9, events=100)
