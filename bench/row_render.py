"""Cold render of the public pairings rows: the cost a result change pays for the rows it touches.

Builds synthetic rows in the shape of ``tournament.pdf.rows_by_name``/``rows_by_table`` (no
database) and times ``tournament.views._fragments.by_name_rows``/``by_table_rows``, min and median
of ``--repeat`` runs. Usage: ``.venv/bin/python bench/row_render.py [--players 2000] [--repeat 5]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from tournament.views._fragments import by_name_rows, by_table_rows  # noqa: E402


def synthetic_rows(players: int) -> tuple[list[dict], list[dict]]:
    tables = players // 2
    by_table = [
        {
            "table": t,
            "a_name": f"Player <{2 * t}> & Co",
            "a_points": t % 4,
            "b_name": f"Player {2 * t + 1}",
            "b_points": (t + 1) % 4,
            "result": "a_win" if t % 3 else "",
            "result_label": "Player A wins",
            "score": "2-1",
        }
        for t in range(1, tables + 1)
    ]
    by_name = [
        {
            "registration_id": i,
            "name": f"Player <{i}> & Co",
            "table": i // 2 + 1,
            "opponent": f"Player {i ^ 1}",
            "points": i % 4,
        }
        for i in range(players)
    ]
    return by_name, by_table


def timed(fn, repeat: int) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - start) * 1000)
    return min(runs), statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    by_name, by_table = synthetic_rows(args.players)
    load = os.getloadavg()[0]
    print(f"python {sys.version.split()[0]}, {args.players} players, load average {load:.1f}")
    low, mid = timed(lambda: by_name_rows(by_name), args.repeat)
    print(f"  {len(by_name)} rows by name: min {low:.1f} ms, median {mid:.1f} ms")
    low, mid = timed(lambda: by_table_rows(by_table), args.repeat)
    print(f"  {len(by_table)} rows by table: min {low:.1f} ms, median {mid:.1f} ms")


if __name__ == "__main__":
    main()
