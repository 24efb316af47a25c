"""``manage.py legality_oracle [--format cc ...]``: agreement of our checker with fabrary's legality.

Runs ``rules_engine.oracle.run_oracle`` over every card x format and card x hero of
fabrary's card data (``@flesh-and-blood/cards``; its ``legalFormats`` and
``legalHeroes``) and prints the agreement rate per format. Living-legend status
comes from the-fab-cube's dated lists in ``settings.SHARED_DIR`` (fabrary does not
carry it). Disagreements are explained in docs/legality-oracle.md.
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from cards.services import dump_fabrary_package
from rules_engine.cards import CardDatabase
from rules_engine.importers.fabrary import parse_fabrary
from rules_engine.oracle import (
    ORACLE_FORMATS,
    fabrary_hero_keys,
    load_dated_database,
    load_reference_database,
    merge_living_legends,
    run_oracle,
)


class Command(BaseCommand):
    help = "Compare our legality checker with fabrary's legalFormats/legalHeroes and print agreement rates."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--format",
            dest="formats",
            action="append",
            choices=ORACLE_FORMATS,
            help="format to compare (repeatable; default: all of " + ", ".join(ORACLE_FORMATS) + ")",
        )
        parser.add_argument(
            "--fabrary-json",
            default=None,
            help="a dump made by `node tools/fabrary/dump.mjs OUT.json` (default: dump it now)",
        )
        parser.add_argument(
            "--date", dest="as_of", default=None, help="as-of date YYYY-MM-DD (default today)"
        )
        parser.add_argument("--no-heroes", action="store_true", help="skip the card x hero comparison")
        parser.add_argument(
            "--dated",
            choices=("newest", "fabcube"),
            default="newest",
            help="dated statuses: the newest copy (fabcube-2026 CSV with its upstream legality files, "
            "when present) or the-fab-cube JSON copy of 2025 (the figures of docs/legality-oracle.md before "
            "issue 28)",
        )
        parser.add_argument(
            "--show", type=int, default=10, help="disagreements to list per format (default 10)"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            as_of = date.fromisoformat(opts["as_of"]) if opts["as_of"] else date.today()
        except ValueError:
            self.stderr.write(f"--date must be YYYY-MM-DD, got {opts['as_of']!r}")
            sys.exit(2)
        try:
            raw, db = self._load(opts["fabrary_json"])
        except Exception as exc:
            self.stderr.write(f"cannot load fabrary card data: {exc}")
            sys.exit(2)
        try:
            if opts["dated"] == "newest":
                fabcube, _current = load_dated_database(str(settings.SHARED_DIR))
                db = merge_living_legends(db, fabcube)
            else:
                db = merge_living_legends(db, load_reference_database(str(settings.SHARED_DIR)))
        except Exception as exc:
            self.stderr.write(f"warning: no living-legend lists ({exc}); living legends will not be flagged")
        report = run_oracle(
            db,
            formats=opts["formats"] or ORACLE_FORMATS,
            as_of=as_of,
            heroes_check=not opts["no_heroes"],
            hero_keys=fabrary_hero_keys(raw),
        )
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "data_version": report.release,
                        "as_of": as_of.isoformat(),
                        "formats": {
                            code: {
                                "compared": fa.compared,
                                "agree": fa.agree,
                                "rate": round(fa.rate, 6),
                                "we_allow_fabrary_not": fa.only_ours,
                                "fabrary_allows_we_not": fa.only_theirs,
                            }
                            for code, fa in report.formats.items()
                        },
                        "heroes": None
                        if opts["no_heroes"]
                        else {
                            "compared": report.heroes.compared,
                            "agree": report.heroes.agree,
                            "rate": round(report.heroes.rate, 6),
                            "disagreements": report.hero_disagreements,
                        },
                    },
                    indent=2,
                )
            )
            return
        lines = report.lines()
        if opts["no_heroes"]:
            lines = lines[:-1]
        for line in lines:
            self.stdout.write(line)
        n = opts["show"]
        for code, fa in report.formats.items():
            if fa.only_ours:
                self.stdout.write(f"  {code}: we allow, fabrary not: {', '.join(fa.only_ours[:n])}")
            if fa.only_theirs:
                self.stdout.write(f"  {code}: fabrary allows, we not: {', '.join(fa.only_theirs[:n])}")
        for key, cards in sorted(report.hero_disagreements.items(), key=lambda kv: -len(kv[1])):
            self.stdout.write(f"  hero {key}: {len(cards)} ({', '.join(cards[:n])})")

    def _load(self, path: str | None) -> tuple[Any, CardDatabase]:
        if path:
            dump = Path(path)
            result = parse_fabrary(dump)
            return json.loads(dump.read_text(encoding="utf-8")), CardDatabase(
                result.cards, release=result.release
            )
        with tempfile.TemporaryDirectory() as tmp:
            dump = dump_fabrary_package(Path(tmp) / "fabrary.json")
            result = parse_fabrary(dump)
            raw = json.loads(dump.read_text(encoding="utf-8"))
        return raw, CardDatabase(result.cards, release=result.release)
