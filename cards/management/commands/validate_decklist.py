"""``manage.py validate_decklist FILE --format CODE [--date YYYY-MM-DD] [--json]``.

Reads a registered card-pool as plain text (hero first, one card per line, or a
deck builder's text export), checks it with ``rules_engine.legality`` and prints
the findings. Exit status: 0 legal, 1 not legal, 2 the input (or an option)
cannot be read; unreadable lines are named with their number.

Card data: the active imported release (``cards.selectors.card_database``); on a
fresh checkout with nothing imported, the-fab-cube copy (FaB) or the GA JSON in
``settings.SHARED_DIR/data`` read directly through the importers. The output
names the release used.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from cards.models import CardDataRelease
from cards.selectors import card_database, format_timeline, release_for_date
from rules_engine.decklist_text import even_out, parse_decklist, resolve
from rules_engine.formats import EDITIONS, FORMAT_CODES, UnknownFormat, get_format
from rules_engine.legality import CardPool, basis_findings, check_pool, is_legal
from rules_engine.oracle import load_reference_database

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
MAX_FILE_BYTES = 2_000_000


def release_id(text: str) -> str:
    """The id of the release named by ``text``: its id, or the label every screen shows
    ("fabrary-cards@3.8.6", also with what the check merged in, "...+fabcube@v8+1 recorded").
    A label no release has is returned as given, to be refused by the selector."""
    text = (text or "").strip()
    if text.isdigit() or "@" not in text:
        return text
    source, _, version = text.split("+", 1)[0].partition("@")
    found = CardDataRelease.objects.filter(source=source, version=version).order_by("-imported_at").first()
    return str(found.pk) if found is not None else text


def load_card_database(game: str, as_of: date | None = None, release: str | None = None) -> tuple[Any, str]:
    """(database, which release and why). With imported data: ``release`` (an id) when given,
    else the release that was current on ``as_of`` (else the oldest imported one), as the
    web form does for an event on that date (``cards.selectors.release_for_date``). On a
    fresh checkout with nothing imported: the shared files, read directly."""
    try:
        if release:
            db = card_database(release_id(release), game=game)
            return db, f"{db.release} (the release asked for)"
        if as_of is not None:
            rel, note = release_for_date(game, as_of)
            if rel is not None:
                return card_database(rel, game=game), note
        db = card_database(game=game)
        return db, f"{db.release} (the active release)"
    except Exception:  # no release imported, or no card tables yet (fresh checkout)
        if release:
            raise
    db = load_reference_database(str(settings.SHARED_DIR), game)
    folder = "ga" if game == "ga" else "fabcube"
    return db, f"read from {Path(settings.SHARED_DIR) / 'data' / folder} (no imported card data)"


class Command(BaseCommand):
    help = "Check a card-pool text file for a format; exit 0 legal, 1 not legal, 2 unreadable."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="decklist text file ('-' reads standard input)")
        parser.add_argument(
            "--format", dest="format_code", required=True, help=f"format code: {', '.join(FORMAT_CODES)}"
        )
        parser.add_argument(
            "--date", dest="as_of", default=None, help="event date YYYY-MM-DD (default today)"
        )
        parser.add_argument("--edition", default="2025", help=f"rules edition: {', '.join(EDITIONS)}")
        parser.add_argument(
            "--sets", default="", help="limited: set codes of the event, comma-separated (e.g. HNT)"
        )
        parser.add_argument(
            "--registered",
            default=None,
            help="limited: the registered pool as a text file; FILE is then the deck",
        )
        parser.add_argument(
            "--release",
            default=None,
            help="card-data release: its id or its label as the pages show it, e.g. fabrary-cards@3.8.6 "
            "(default: the release current on --date, as for an event)",
        )
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def handle(self, *args: Any, **opts: Any) -> None:
        code = self._run(opts)
        if code != EXIT_LEGAL:
            sys.exit(code)

    # -- steps ----------------------------------------------------------------------------------

    def _fail(self, opts: dict, message: str, problems: list[dict] | None = None) -> int:
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    {"readable": False, "legal": False, "error": message, "problems": problems or []},
                    indent=2,
                )
            )
        else:
            self.stderr.write(message)
            for p in problems or []:
                hint = f" (did you mean: {', '.join(p['suggestions'])})" if p.get("suggestions") else ""
                self.stderr.write(f"  line {p['line_no']}: {p['message']}{hint}")
        return EXIT_UNREADABLE

    def _read(self, path: str) -> str:
        if path == "-":
            return sys.stdin.read()
        p = Path(path)
        if not p.is_file():
            raise OSError(f"cannot read {path}: no such file")
        raw = p.read_bytes()[: MAX_FILE_BYTES + 1]
        if len(raw) > MAX_FILE_BYTES:
            raise OSError(f"cannot read {path}: larger than {MAX_FILE_BYTES} bytes")
        for enc in ("utf-8-sig", "cp1252"):
            try:
                return raw.decode(enc)
            except UnicodeDecodeError:
                continue
        return raw.decode("utf-8", errors="replace")

    def _parse(self, opts: dict, path: str, db: Any) -> tuple[list, list[dict]]:
        text = self._read(path)
        parsed = parse_decklist(even_out(text))
        problems: list[dict[str, Any]] = [
            {
                "line_no": e.line_no,
                "text": e.raw,
                "code": "UNREADABLE",
                "message": e.reason,
                "suggestions": [],
            }
            for e in parsed.errors
        ]
        entries, unresolved = resolve(parsed, db)
        for p in unresolved:
            d = p.to_dict()
            d["message"] = d["message"].removeprefix(f"line {p.line_no}: ")
            problems.append(d)
        problems.sort(key=lambda p: p["line_no"])
        if not entries and not problems:
            problems.append(
                {
                    "line_no": 0,
                    "text": "",
                    "code": "NO_CARDS",
                    "message": "the file names no cards",
                    "suggestions": [],
                }
            )
        return entries, problems

    def _run(self, opts: dict) -> int:
        try:
            fmt = get_format(opts["format_code"], opts["edition"])
        except UnknownFormat as exc:
            return self._fail(opts, str(exc))
        try:
            as_of = date.fromisoformat(opts["as_of"]) if opts["as_of"] else date.today()
        except ValueError:
            return self._fail(opts, f"--date must be YYYY-MM-DD, got {opts['as_of']!r}")
        try:
            db, origin = load_card_database(fmt.game, as_of, opts.get("release"))
        except Exception as exc:
            return self._fail(opts, f"no card data: {exc}")
        try:
            entries, problems = self._parse(opts, opts["file"], db)
            registered = None
            if opts["registered"]:
                reg_entries, reg_problems = self._parse(opts, opts["registered"], db)
                problems += [{**p, "file": opts["registered"]} for p in reg_problems]
                registered = [(c, q) for c, q, s in reg_entries if s not in ("hero", "champion")]
        except OSError as exc:
            return self._fail(opts, str(exc))
        if problems:
            return self._fail(
                opts,
                f"{opts['file']}: {len(problems)} line(s) could not be read (card data {db.release})",
                problems,
            )
        set_codes = frozenset(s.strip().upper() for s in opts["sets"].split(",") if s.strip())
        pool = CardPool(hero=None, entries=entries, registered=registered, set_codes=set_codes)
        timeline = format_timeline()
        findings = check_pool(
            pool, fmt.code, as_of=as_of, db=db, rules_edition=opts["edition"], timeline=timeline
        )
        basis = basis_findings(
            pool,
            fmt.code,
            as_of=as_of,
            db=db,
            rules_edition=opts["edition"],
            release_note=origin,
            timeline=timeline,
        )
        legal = is_legal(findings)
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "readable": True,
                        "legal": legal,
                        "format": fmt.code,
                        "edition": opts["edition"],
                        "as_of": as_of.isoformat(),
                        "data_version": db.release,
                        "card_data": origin,
                        "findings": [f.to_dict() for f in findings],
                        "basis": [f.to_dict() for f in basis],
                    },
                    indent=2,
                )
            )
        else:
            self._print_text(fmt, as_of, db, origin, entries, findings, legal, opts["edition"], basis)
        return EXIT_LEGAL if legal else EXIT_ILLEGAL

    def _print_text(self, fmt, as_of, db, origin, entries, findings, legal, edition, basis=()) -> None:
        out = self.stdout
        out.write(f"Card data: {db.release}; {origin}")
        out.write(f"Format: {fmt.name} ({fmt.code}), rules edition {edition}, as of {as_of.isoformat()}")
        hero = next((c.display_name for c, _q, s in entries if s in ("hero", "champion")), "none")
        n_cards = sum(q for _c, q, s in entries if s not in ("hero",))
        out.write(f"Hero: {hero}; {n_cards} other cards listed")
        for f in findings:
            tag = "ERROR  " if f.severity == "error" else "warning"
            out.write(f"{tag} {f.code}: {f.message} [{f.rule}]")
        for f in basis:
            if f.code != "CARD_DATA":
                out.write(f"info    {f.code}: {f.message}")
        errors = sum(1 for f in findings if f.severity == "error")
        warnings = len(findings) - errors
        verdict = "LEGAL" if legal else "NOT LEGAL"
        out.write(f"{verdict}: {errors} error(s), {warnings} warning(s)")
