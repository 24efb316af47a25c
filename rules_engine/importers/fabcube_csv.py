"""Parser for the-fab-cube's CSV layout (``csvs/english/*.csv``, tab-separated).

The CSVs are the data-entry form of the same data set as its JSON: ``card.csv`` (one row
per unique card, types mixing classes, talents, types and subtypes, comma-separated),
``card-printing.csv`` (one row per printing, with rarity and set), ``set.csv`` and
``set-printing.csv`` (set release dates) and the dated legality files
(``banned-<fmt>.csv``, ``suspended-<fmt>.csv``, ``living-legend-<fmt>.csv``,
``restricted-<fmt>.csv``; one row per change: status active Yes = the status starts on
the date in effect, No = it ends). Some copies carry only the CSVs (no ``card.json``).

Legality from several copies of the data set (a fork and a newer upstream commit, say)
is merged by row: rows are identified by their unique id; a row both copies have is
taken from the copy whose newest change is later (its announcement is the later one),
and the period's source names that copy and that it overrode the other. Each card gets
its first release date (``rules_engine.release_dates``). Pure Python.
"""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from rules_engine.cards import Card, format_code
from rules_engine.importers.base import (
    CardImportError,
    ImportResult,
    RecordReader,
    check_unique,
    files_digest,
)
from rules_engine.importers.fabcube import _STATUS, Change, build_history
from rules_engine.importers.fabcube import _hero_monikers as hero_monikers
from rules_engine.importers.fabcube import _parse_card as parse_fabcube_card
from rules_engine.release_dates import date_cards, set_dates_from_csv

SOURCE = "fabcube"
_LEGALITY_CSV = re.compile(r"^(banned|suspended|living-legend|restricted)-([a-z0-9-]+)\.csv$")
_LEGAL_COLUMNS = {
    "Blitz Legal": "blitz",
    "CC Legal": "cc",
    "Silver Age Legal": "sage",
    "Commoner Legal": "commoner",
    "LL Legal": "ll",
}

csv.field_size_limit(10_000_000)


def english_folder(directory: Path) -> Path:
    """``csvs/english`` under a repository copy, or the folder itself."""
    for candidate in (directory / "csvs" / "english", directory / "english", directory):
        if (candidate / "card.csv").is_file() or any(candidate.glob("banned-*.csv")):
            return candidate
    return directory


def read_rows(path: Path) -> list[dict[str, str]]:
    """Rows of a tab-separated file as dicts; CardImportError naming the file when unreadable."""
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            return [
                {k.strip(): (v or "") for k, v in row.items() if k}
                for row in csv.DictReader(fh, delimiter="\t")
            ]
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise CardImportError(f"cannot read the tab-separated file ({exc})", file=path) from None


def _split(value: str) -> list[str]:
    return [v.strip() for v in (value or "").split(",") if v.strip()]


def _yes(value: str) -> bool:
    return (value or "").strip().casefold() in ("yes", "true", "1")


def _when(value: str, path: Path, label: str) -> date:
    try:
        return datetime.fromisoformat((value or "").strip().replace("Z", "+00:00")).date()
    except ValueError:
        raise CardImportError(f"not an ISO date: {value!r}", file=path, record=label) from None


def _printings(rows: list[dict[str, str]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        pid = row.get("Card ID", "").strip()
        if not pid or not row.get("Rarity", "").strip():
            continue
        out[row.get("Card Unique ID", "").strip()].append(
            {
                "id": pid,
                "set_id": (row.get("Set ID") or pid[:3]).strip().upper(),
                "rarity": row["Rarity"].strip(),
                "edition": row.get("Edition", "").strip(),
                "foiling": row.get("Foiling", "").strip(),
                "art_variations": _split(row.get("Art Variations", "")),
            }
        )
    return out


def _record(row: dict[str, str], printings: list[dict[str, Any]]) -> dict[str, Any]:
    """A the-fab-cube JSON card record from one ``card.csv`` row (same fields, JSON names)."""
    return {
        "unique_id": row.get("Unique ID", "").strip(),
        "name": row.get("Name", "").strip(),
        "pitch": row.get("Pitch", "").strip(),
        "cost": row.get("Cost", "").strip(),
        "power": row.get("Power", "").strip(),
        "defense": row.get("Defense", "").strip(),
        "health": row.get("Health", "").strip(),
        "intelligence": row.get("Intelligence", "").strip(),
        "arcane": row.get("Arcane", "").strip(),
        "types": _split(row.get("Types", "")),
        "traits": _split(row.get("Traits", "")),
        "card_keywords": _split(row.get("Card Keywords", "")),
        "functional_text": row.get("Functional Text", ""),
        "type_text": row.get("Type Text", "").strip(),
        "printings": printings,
        "cc_legal": False,
        "blitz_legal": False,
        "ll_legal": False,
        "commoner_legal": False,
    }


def _newest_change(rows: list[dict[str, str]]) -> str:
    return max((r.get("Date In Effect", "")[:10] for r in rows), default="")


def read_legality(
    folders: Sequence[tuple[str, Path]], card_ids: set[str], *, release: str
) -> tuple[dict[str, dict[tuple[str, str], list[Any]]], list[Path], list[str]]:
    """Dated statuses from the legality CSVs of every folder (``(name, folder)``), merged by row.

    Returns (history by card id, files read, notes on rows one copy overrode in another).
    A row id in several copies is taken from the copy whose file has the later newest change;
    the period's source then names that copy. Rows naming a card not in ``card_ids`` fail.
    """
    chosen: dict[tuple[str, str], tuple[str, str, dict[str, str], str, str]] = {}
    files: list[Path] = []
    notes: list[str] = []
    for name, folder in folders:
        for path in sorted(folder.glob("*.csv")):
            matched = _LEGALITY_CSV.match(path.name)
            if not matched:
                continue
            files.append(path)
            rows = read_rows(path)
            newest = _newest_change(rows)
            for row in rows:
                rid = row.get("Unique ID", "").strip()
                if not rid:
                    raise CardImportError("a row without a Unique ID", file=path)
                key = (path.name, rid)
                here = (name, newest, row, str(path), "")
                before = chosen.get(key)
                if before is None:
                    chosen[key] = here
                    continue
                if newest >= before[1]:
                    differs = before[2].get("Status Active") != row.get("Status Active")
                    over = f"; over {before[0]}, whose row says otherwise" if differs else ""
                    if differs:
                        notes.append(
                            f"{path.name} {row.get('Card Name', '')} {row.get('Date In Effect', '')[:10]}: "
                            f"{name} (newer) over {before[0]}"
                        )
                    chosen[key] = (name, newest, row, str(path), over)
    changes: dict[tuple[str, str, str], list[Change]] = defaultdict(list)
    for order, ((file_name, rid), (copy, _newest, row, path, over)) in enumerate(sorted(chosen.items())):
        matched = _LEGALITY_CSV.match(file_name)
        assert matched is not None
        kind, fmt = matched.groups()
        cid = row.get("Card Unique ID", "").strip()
        if cid not in card_ids:
            raise CardImportError(f"Card Unique ID {cid!r} is not in card.csv", file=path, record=rid)
        effective = _when(row.get("Date In Effect", ""), Path(path), rid)
        _when(row.get("Date Announced", "") or row.get("Date In Effect", ""), Path(path), rid)
        article = row.get("Legality Article", "").strip()
        label = f"{copy} {file_name}"
        changes[(cid, format_code(fmt), _STATUS[kind])].append(
            (effective, _yes(row.get("Status Active", "")), order, label, article + over)
        )
    return build_history(changes, release), files, notes


def parse_fabcube_csv(
    directory: str | Path,
    *,
    newer: Sequence[tuple[str, str | Path]] = (),
    name: str = "the-fab-cube",
    version: str | None = None,
) -> ImportResult:
    """Parse a the-fab-cube CSV copy (``directory``, its ``csvs/english``) with the legality
    CSVs of ``newer`` copies (``(name, folder)``, e.g. ("upstream 9cb9723", path)) merged in.

    Raises CardImportError naming file and record for malformed data.
    """
    folder = english_folder(Path(directory))
    card_file = folder / "card.csv"
    if not card_file.is_file():
        raise CardImportError("file not found", file=card_file)
    rows = read_rows(card_file)
    if not rows:
        raise CardImportError("no cards in the file", file=card_file)
    printing_file = folder / "card-printing.csv"
    by_card = _printings(read_rows(printing_file)) if printing_file.is_file() else {}
    readers: dict[str, RecordReader] = {}
    legal: dict[str, frozenset[str]] = {}
    for i, row in enumerate(rows):
        rec = _record(row, by_card.get(row.get("Unique ID", "").strip(), []))
        uid = rec["unique_id"]
        r = RecordReader(rec, file=card_file, label=f"row {i + 2} ({rec['name'] or uid})")
        if not uid:
            r.fail("missing Unique ID")
        if uid in readers:
            r.fail(f"duplicate Unique ID {uid!r}")
        readers[uid] = r
        legal[uid] = frozenset(code for col, code in _LEGAL_COLUMNS.items() if _yes(row.get(col, "")))
    copies = [(name, folder)] + [(n, english_folder(Path(p))) for n, p in newer]
    set_files = [folder / "set.csv", folder / "set-printing.csv"]
    legality_paths = sorted(p for _n, f in copies for p in f.glob("*.csv") if _LEGALITY_CSV.match(p.name))
    if version is None:
        version = "csv+" + files_digest([card_file, printing_file, *set_files, *legality_paths])
    release = f"{SOURCE}@{version}"
    history, files, notes = read_legality(copies, set(readers), release=release)
    monikers = hero_monikers(list(readers.values()))
    cards: list[Card] = []
    for uid, r in readers.items():
        card = parse_fabcube_card(r, history.get(uid, {}), monikers)
        cards.append(replace(card, legal_formats=legal[uid]))
    check_unique(cards, file=card_file)
    cards = date_cards(cards, set_dates_from_csv(folder))
    published = max(
        (d for c in history.values() for evs in c.values() for e in evs for d in (e.start, e.end) if d),
        default=None,
    )
    return ImportResult(
        game="fab",
        source=SOURCE,
        version=version,
        cards=tuple(cards),
        files=tuple(str(f) for f in [card_file, printing_file, *set_files, *files] if f.is_file()),
        published=published,
        notes=(
            f"the-fab-cube CSV layout, {len(cards)} cards; legality rows merged from "
            + ", ".join(n for n, _f in copies)
            + (f"; {len(notes)} rows decided by the newer copy: " + "; ".join(notes[:12]) if notes else "")
        ),
    )
