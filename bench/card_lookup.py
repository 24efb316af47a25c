"""Benchmark: exact and fuzzy card lookups over the full FaB card set (in memory).

Run: .venv/bin/python bench/card_lookup.py
Needs node and the npm package (make card-package); falls back to the fab-cube copy.
Prints per-lookup p50/p95 in microseconds for exact get(), variants(), by_identifier(),
suggest() on prefixes and on misspellings, plus the time to build the database.
"""

from __future__ import annotations

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

from rules_engine.cards import Card, CardDatabase  # noqa: E402
from rules_engine.importers import parse_fabcube, parse_fabrary  # noqa: E402


def load():
    pkg = ROOT / "tools" / "fabrary" / "node_modules" / "@flesh-and-blood" / "cards"
    if pkg.is_dir():
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "fabrary.json"
            subprocess.run(
                ["node", str(ROOT / "tools" / "fabrary" / "dump.mjs"), str(out)],
                check=True,
                capture_output=True,
            )
            t = time.perf_counter()
            res = parse_fabrary(out)
            return res, time.perf_counter() - t
    t = time.perf_counter()
    res = parse_fabcube(ROOT.parent / "shared" / "data" / "fabcube")
    return res, time.perf_counter() - t


def misspell(rng: random.Random, name: str) -> str:
    chars = list(name.lower())
    for _ in range(2):
        i = rng.randrange(len(chars))
        op = rng.choice("dsi")
        if op == "d" and len(chars) > 3:
            del chars[i]
        elif op == "s":
            chars[i] = rng.choice("abcdefghijklmnopqrstuvwxyz")
        else:
            chars.insert(i, rng.choice("abcdefghijklmnopqrstuvwxyz"))
    return "".join(chars)


def timed(fn, inputs):
    """Wall-clock p50/p95/max per call (us) and mean CPU time per call (us, whole batch)."""
    out = []
    cpu = time.process_time_ns()
    for x in inputs:
        t = time.perf_counter_ns()
        fn(x)
        out.append((time.perf_counter_ns() - t) / 1000)
    cpu = (time.process_time_ns() - cpu) / 1000 / len(inputs)
    out.sort()
    return statistics.median(out), out[int(len(out) * 0.95) - 1], out[-1], cpu


def main():
    res, parse_s = load()
    t = time.perf_counter()
    db = CardDatabase(res.cards, release=res.release)
    build_s = time.perf_counter() - t
    dicts = [c.to_dict() for c in res.cards]
    t = time.perf_counter()
    CardDatabase((Card.from_dict(d) for d in dicts), release=res.release)
    rebuild_s = time.perf_counter() - t

    rng = random.Random(42)
    cards = list(db)
    sample = [rng.choice(cards) for _ in range(5000)]
    names = [c.name for c in sample]
    fuzzy_names = [c.name for c in sample[:1000]]
    rows = [
        ("get(name, pitch)", timed(lambda c: db.get(c.name, c.pitch), sample)),
        (
            "get(name) mixed case + curly quote",
            timed(lambda n: db.get(n.upper().replace("'", "\u2019")), names),
        ),
        ("variants(name)", timed(db.variants, names)),
        ("by_identifier(id)", timed(lambda c: db.by_identifier(c.identifier), sample)),
        ("suggest(first 3 letters)", timed(lambda n: db.suggest(n[:3]), fuzzy_names)),
        ("suggest(misspelt full name)", timed(lambda n: db.suggest(misspell(rng, n)), fuzzy_names)),
    ]
    print(f"release {res.release}: {len(db)} cards, {len(db.names())} distinct names")
    print(
        f"parse {parse_s:.2f} s, build CardDatabase {build_s * 1000:.0f} ms, "
        f"rebuild from stored dicts {rebuild_s * 1000:.0f} ms"
    )
    print(f"{'lookup':40} {'p50 us':>9} {'p95 us':>9} {'max us':>9} {'cpu/op us':>10}  n")
    for label, (p50, p95, mx, cpu) in rows:
        n = 1000 if label.startswith("suggest") else 5000
        print(f"{label:40} {p50:9.1f} {p95:9.1f} {mx:9.1f} {cpu:10.1f}  {n}")
    print(f"load average while running: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
