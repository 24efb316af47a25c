"""Benchmark: how much of the real cards' text the reconstruction engine handles (issue 27).

Thin wrapper over ``python -m rules_engine.game cards-coverage`` (see ``rules_engine.game.cardcoverage``):

    .venv/bin/python bench/card_coverage.py [FABRARY_DUMP.json] [--format cc|sage|blitz|ll] [--json] [--list STATE]

The dump defaults to ``$ARBITER_FABRARY_JSON`` or ``/tmp/reconcards_fab.json``
(``node tools/fabrary/dump.mjs OUT.json``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.game.__main__ import main as game_main  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    dump = os.environ.get("ARBITER_FABRARY_JSON", "/tmp/reconcards_fab.json")
    if args and not args[0].startswith("-"):
        dump = args.pop(0)
    return game_main(["cards-coverage", "--dump", dump, *args])


if __name__ == "__main__":
    raise SystemExit(main())
