"""Benchmark: how much of the real cards' text the reconstruction engine handles (issue 27).

Thin wrapper over ``python -m rules_engine.game cards-coverage`` (see ``rules_engine.game.cardcoverage``):

    .venv/bin/python bench/card_coverage.py [FABRARY_DUMP.json] [--format cc|sage|blitz|ll] [--json] [--list STATE]

With ``--meta EVENTS_DIR`` (``../shared/data/events``) it prints instead, for the heroes played in
those events' ``results.csv`` (most played first), how many of the cards each hero may play in the
format (the dump's ``legalHeroes``) are computed in full, and the mean weighted by how often each
hero was played:

    .venv/bin/python bench/card_coverage.py DUMP --format cc --meta ../shared/data/events [--top 17]

The dump defaults to ``$ARBITER_FABRARY_JSON`` or ``/tmp/reconcards_fab.json``
(``node tools/fabrary/dump.mjs OUT.json``).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import csv
import io
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.game.__main__ import main as game_main  # noqa: E402


def hero_plays(events: Path) -> collections.Counter[str]:
    """How many players played each hero: one count per player and event (``results.csv``)."""
    plays: collections.Counter[str] = collections.Counter()
    for results in sorted(events.glob("*/results.csv")):
        seen: dict[str, str] = {}
        with results.open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                for side in ("a", "b"):
                    player, hero = row.get(f"player_{side}") or "", row.get(f"hero_{side}") or ""
                    if player and hero:
                        seen.setdefault(player, hero)
        plays.update(seen.values())
    return plays


def meta_report(dump: Path, fmt: str, events: Path, top: int) -> list[tuple[str, int, int, int]]:
    """(hero, times played, cards in its pool, cards computed in full) for the ``top`` most played."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        game_main(["cards-coverage", "--dump", str(dump), "--format", fmt, "--json"])
    state = {c["name"]: c["state"] for c in json.loads(out.getvalue())["cards"]}
    data = json.loads(dump.read_text(encoding="utf-8"))
    rows = data["cards"] if isinstance(data, dict) else data
    ident = {r["name"]: (r.get("legalHeroes") or [""])[0] for r in rows if "Hero" in (r.get("types") or [])}
    rows_out = []
    for hero, played in hero_plays(events).most_common(top):
        key = ident.get(hero, "")
        pool = {r["name"] for r in rows if key and key in (r.get("legalHeroes") or []) and r["name"] in state}
        rows_out.append((hero, played, len(pool), sum(state[n] == "computed" for n in pool)))
    return rows_out


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    dump = os.environ.get("ARBITER_FABRARY_JSON", "/tmp/reconcards_fab.json")
    if args and not args[0].startswith("-"):
        dump = args.pop(0)
    if "--meta" not in args:
        return game_main(["cards-coverage", "--dump", dump, *args])
    parser = argparse.ArgumentParser(prog="card_coverage.py")
    parser.add_argument("--format", default="cc")
    parser.add_argument("--meta", required=True)
    parser.add_argument("--top", type=int, default=17)
    opts = parser.parse_args(args)
    rows = meta_report(Path(dump), opts.format, Path(opts.meta), opts.top)
    for hero, played, pool, done in rows:
        print(
            f"{hero:45} played {played:4}  pool {pool:5}  computed {done:5}  {100 * done / max(pool, 1):5.1f}%"
        )
    weight = sum(played for _, played, _, _ in rows)
    mean = sum(played * done / max(pool, 1) for _, played, pool, done in rows) / max(weight, 1)
    print(f"weighted by play: {100 * mean:.1f}% of a played hero's pool computed in full")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
