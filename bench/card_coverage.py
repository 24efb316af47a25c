"""Benchmark: how much of the real cards' text the reconstruction engine handles (issue 27).

Run: .venv/bin/python bench/card_coverage.py [FABRARY_DUMP.json] [--format cc|sage] [--list silent|flagged|modelled]

Reads a dump of the pinned ``@flesh-and-blood/cards`` package (``node tools/fabrary/dump.mjs OUT.json``;
by default ``$ARBITER_FABRARY_JSON`` or ``/tmp/reconcards_fab.json``), keeps the cards legal in the
format (Classic Constructed by default), one per name (pitch variants share their text), builds the
engine's card facts the way ``DatabaseCards`` does, and classifies every part of each card's text with
``rules_engine.game.effects.coverage``:

* modelled: the engine computes it;
* flagged: the engine reports it to the judge (a manual-effect finding) at the step where it matters;
* silent: the engine neither computes nor reports it (or applies a keyword the card has only under a
  condition), so a derived state can be wrong without a word.

A card is silent if any part is, flagged if any part is (and none is silent), else fully handled.
Tokens and cards without text count as fully handled. ``coverage`` lives next to the code it
describes, so a change to what the engine models changes the figures in the same commit.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.game.cards import facts_from_card  # noqa: E402
from rules_engine.game.effects import FLAGGED, MODELLED, SILENT, card_status, coverage  # noqa: E402
from rules_engine.importers.fabrary import parse_fabrary  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "dump", nargs="?", default=os.environ.get("ARBITER_FABRARY_JSON", "/tmp/reconcards_fab.json")
    )
    ap.add_argument("--format", default="cc", help="format code (cc, sage, blitz, ...)")
    ap.add_argument("--list", choices=[SILENT, FLAGGED, MODELLED], help="print the cards of one class")
    ap.add_argument(
        "--parts", action="store_true", help="with --list: print each card's silent/flagged parts"
    )
    args = ap.parse_args(argv)
    result = parse_fabrary(args.dump)
    seen: dict[str, object] = {}
    for card in result.cards:
        if args.format in card.legal_formats and card.name not in seen:
            seen[card.name] = card
    counts: Counter[str] = Counter()
    part_counts: Counter[str] = Counter()
    listing: list[str] = []
    for name, card in sorted(seen.items()):
        facts = facts_from_card(card)
        parts = coverage(facts)
        status = card_status(parts)
        counts[status] += 1
        part_counts.update(p.status for p in parts)
        if args.list == status:
            listing.append(name)
            if args.parts:
                listing.extend(f"    [{p.status} {p.when}] {p.text}" for p in parts if p.status != MODELLED)
    total = sum(counts.values())
    print(f"{result.source}@{result.version}, format {args.format}: {total} cards (one per name)")
    for status, label in (
        (MODELLED, "handled fully"),
        (FLAGGED, "flagged for the judge"),
        (SILENT, "silent"),
    ):
        print(f"  {label:22} {counts[status]:5}  {100 * counts[status] / max(total, 1):5.1f}%")
    print(f"  text parts: {dict(part_counts)}")
    if listing:
        print("\n".join(listing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
