"""Parser for a "cards-2026"-style folder of newer public card data, merged by card with an
older full release.

The folder (layout as gathered from fabrary's public repository) holds, under ``fab/``:

* ``fabrary_latest-set_*.json``: full fabrary card objects for recent sets (same schema as
  the npm package, read with ``importers.fabrary``);
* ``spoiled/*.csv``: spoiler sheets in the-fab-cube column layout (name, pitch, stats,
  types mixing classes, talents, types and subtypes, keywords with values, text, rarity
  and printings), read with ``importers.fabcube``'s card reader;
* ``fabrary_tts_all_printings_*.json``: every printing id with name, pitch, card types,
  keywords and text (no classes, stats or legality);
* ``fabrary_Released_set.json``: the set list with release dates.

The result is one release: every card of ``base`` (an older full release such as
fabrary-cards@3.8.6) kept as it is, plus the printings the newer data adds, plus every
card the base lacks, taken from the fullest record available (latest-set, then spoiler
sheet, then the printing list). Cards known only from the printing list have no classes
or talents (the data does not say): their ``traits`` hold ``"incomplete-data"`` so a
check can say so. Statuses the latest-set records state are dated by the folder's newest
file date, as a bound (see ``importers.fabrary``). Pure Python.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from rules_engine.cards import (
    Card,
    Printing,
    keyword_values_from_text,
    normalise_name,
    slugify_identifier,
)
from rules_engine.importers.base import CardImportError, ImportResult, RecordReader, files_digest, load_json
from rules_engine.importers.fabcube import _parse_card as _parse_fabcube_card
from rules_engine.importers.fabrary import _parse_card as _parse_fabrary_card

SOURCE = "cards-2026"
INCOMPLETE = "incomplete-data"
_DATE_IN_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})")
_PRINTING_COLS = ("Identifier", "Rarity", "Foiling", "Art Variations")


def _key(name: str, pitch: int | None) -> tuple[str, int | None]:
    return (normalise_name(name), pitch)


def _files(fab: Path) -> tuple[list[Path], list[Path], list[Path], list[Path]]:
    latest = sorted(fab.glob("fabrary_latest-set_*.json"))
    spoiled = sorted((fab / "spoiled").glob("*.csv")) if (fab / "spoiled").is_dir() else []
    tts = sorted(fab.glob("fabrary_tts_all_printings_*.json"))
    sets = sorted(fab.glob("fabrary_Released_set.json"))
    return latest, spoiled, tts, sets


def folder_date(paths: Iterable[Path]) -> date | None:
    """The newest date written in the file names (the data is current to that date)."""
    found = [date.fromisoformat(m.group(1)) for p in paths for m in _DATE_IN_NAME.finditer(p.name)]
    return max(found) if found else None


def _spoiler_record(row: dict[str, str], uid: str) -> dict[str, Any]:
    """A the-fab-cube card record from one spoiler-sheet row."""
    printings = []
    for suffix in ("", " 2", " 3", " 4", " 5", " 6"):
        pid = (row.get(f"Identifier{suffix}") or "").strip()
        rarity = (row.get(f"Rarity{suffix}") or "").strip()
        if not pid or not rarity:
            continue
        printings.append(
            {
                "id": pid,
                "set_id": pid[:3].upper(),
                "rarity": rarity,
                "foiling": (row.get(f"Foiling{suffix}") or "").strip()[:1],
                "art_variations": [
                    v.strip() for v in (row.get(f"Art Variations{suffix}") or "").split(",") if v.strip()
                ],
            }
        )
    if not printings:
        ids = [i.strip() for i in (row.get("Identifiers") or "").split(",") if i.strip()]
        rarity = (row.get("Rarity") or "").strip()
        printings = [{"id": i, "set_id": i[:3].upper(), "rarity": rarity} for i in ids if rarity]

    def split(col: str) -> list[str]:
        return [v.strip() for v in (row.get(col) or "").split(",") if v.strip()]

    return {
        "unique_id": uid,
        "name": (row.get("Name") or "").strip(),
        "pitch": (row.get("Pitch") or "").strip(),
        "cost": (row.get("Cost") or "").strip(),
        "power": (row.get("Power") or "").strip(),
        "defense": (row.get("Defense") or "").strip(),
        "health": (row.get("Life") or "").strip(),
        "intelligence": (row.get("Intelligence") or "").strip(),
        "arcane": (row.get("Arcane") or "").strip(),
        "types": split("Types"),
        "traits": split("Traits"),
        "card_keywords": split("Card Keywords"),
        "functional_text": row.get("Functional Text") or "",
        "type_text": (row.get("Type Text") or "").strip(),
        "printings": printings,
        "cc_legal": False,
        "blitz_legal": False,
        "ll_legal": False,
        "commoner_legal": False,
    }


def _read_spoilers(paths: list[Path], skipped: list[str]) -> list[Card]:
    out: list[Card] = []
    for path in paths:
        try:
            with path.open(encoding="utf-8", newline="") as fh:
                rows = list(csv.DictReader(fh))
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            raise CardImportError(f"cannot read spoiler sheet ({exc})", file=path) from None
        for i, row in enumerate(rows):
            name = (row.get("Name") or "").strip()
            if not name or not (row.get("Types") or "").strip():
                continue  # reprint rows without text, blank rows
            rec = _spoiler_record(row, f"{path.stem}-{i}")
            if not rec["printings"]:
                continue
            try:
                card = _parse_fabcube_card(
                    RecordReader(rec, file=path, label=f"row {i + 2} ({name})"), {}, set()
                )
            except CardImportError as exc:  # spoiler data is partial: the row is reported, not fatal
                skipped.append(f"{path.name} {exc.record}: {exc.detail}")
                continue
            out.append(replace(card, source_id=None))
    return out


def _read_latest(paths: list[Path], published: date | None, release: str, skipped: list[str]) -> list[Card]:
    out: list[Card] = []
    for path in paths:
        data = load_json(path)
        if not isinstance(data, list):
            raise CardImportError("expected a list of fabrary card objects", file=path)
        for i, rec in enumerate(data):
            label = f"record {i} ({rec.get('name') if isinstance(rec, dict) else '?'})"
            try:
                out.append(
                    _parse_fabrary_card(
                        RecordReader(rec, file=path, label=label), published=published, release=release
                    )
                )
            except CardImportError as exc:
                skipped.append(f"{path.name} {exc.record}: {exc.detail}")
    return out


def _read_tts(paths: list[Path]) -> tuple[dict[tuple[str, int | None], list[dict[str, Any]]], list[str]]:
    by_key: dict[tuple[str, int | None], list[dict[str, Any]]] = {}
    order: list[str] = []
    for path in paths:
        data = load_json(path)
        if not isinstance(data, list):
            raise CardImportError("expected a list of printings", file=path)
        for i, rec in enumerate(data):
            r = RecordReader(rec, file=path, label=f"record {i}")
            pid = r.str("id", allow_empty=False) or ""
            name = r.str("name", allow_empty=False) or ""
            pitch = r.int("pitch", required=False)
            key = _key(name, pitch)
            if key not in by_key:
                order.append(pid)
            by_key.setdefault(key, []).append(rec)
    return by_key, order


def _tts_card(recs: list[dict[str, Any]]) -> Card:
    first = recs[0]
    types = frozenset(t for t in first.get("types") or [] if isinstance(t, str))
    keywords = frozenset(k for k in first.get("keywords") or [] if isinstance(k, str))
    text = str(first.get("text") or "")
    pitch = first.get("pitch") if isinstance(first.get("pitch"), int) else None
    name = str(first["name"])
    return Card(
        identifier=slugify_identifier(name, pitch),
        name=name,
        pitch=pitch,
        types=types,
        keywords=keywords,
        keyword_values=keyword_values_from_text(keywords, text),
        legendary="Legendary" in keywords,
        young="Young" in text and "Hero" in types,
        printings=tuple(Printing(str(r["id"]), str(r["id"])[:3].upper(), "") for r in recs),
        functional_text=text,
        type_text=" ".join(sorted(types)),
        traits=frozenset({INCOMPLETE}),
        hero=name.split(",")[0].strip() if "Hero" in types else None,
    )


def _with_printings(card: Card, extra: Iterable[Printing]) -> Card:
    have = {p.id.upper() for p in card.printings}
    new = tuple(p for p in extra if p.id.upper() not in have and not have.add(p.id.upper()))  # type: ignore[func-returns-value]
    return replace(card, printings=card.printings + new) if new else card


def parse_cards_2026(
    directory: str | Path,
    *,
    base: Iterable[Card] = (),
    base_release: str = "",
    version: str | None = None,
) -> ImportResult:
    """Read the folder (see module doc) and merge it by card into ``base``.

    Raises CardImportError naming the file and record for malformed data, or when the
    folder holds none of the expected files.
    """
    root = Path(directory)
    fab = root / "fab" if (root / "fab").is_dir() else root
    latest, spoiled, tts, sets = _files(fab)
    if not (latest or spoiled or tts):
        raise CardImportError(
            "no fabrary_latest-set_*.json, spoiled/*.csv or fabrary_tts_*.json files", file=fab
        )
    published = folder_date([*latest, *tts, *spoiled])
    all_files = [*latest, *spoiled, *tts, *sets]
    digest = files_digest(all_files)
    version = version or f"{published.isoformat() if published else 'undated'}+{digest}"
    release = f"{SOURCE}@{version}"

    base_cards = list(base)
    merged: dict[tuple[str, int | None], Card] = {}
    for c in base_cards:
        merged.setdefault(_key(c.name, c.pitch), c)
    added_from: dict[str, int] = {"latest-set": 0, "spoiler sheet": 0, "printing list": 0}

    def add(card: Card, where: str) -> None:
        key = _key(card.name, card.pitch)
        if key in merged:
            merged[key] = _with_printings(merged[key], card.printings)
            old = merged[key]
            if INCOMPLETE in old.traits and INCOMPLETE not in card.traits:
                merged[key] = _with_printings(card, old.printings)
            return
        merged[key] = card
        added_from[where] += 1

    skipped: list[str] = []
    for card in _read_latest(latest, published, release, skipped):
        add(card, "latest-set")
    for card in _read_spoilers(spoiled, skipped):
        add(card, "spoiler sheet")
    tts_by_key, _order = _read_tts(tts)
    for recs in tts_by_key.values():
        add(_tts_card(recs), "printing list")

    cards = tuple(merged.values())
    ids: set[str] = set()
    unique = []
    for c in cards:  # identifiers stay unique: a clash gets the printing id appended
        if c.identifier in ids:
            c = replace(
                c, identifier=f"{c.identifier}-{c.printings[0].id.lower() if c.printings else len(ids)}"
            )
        ids.add(c.identifier)
        unique.append(c)
    files = tuple(str(f) for f in all_files)
    return ImportResult(
        game="fab",
        source=SOURCE,
        version=version,
        cards=tuple(unique),
        files=files,
        published=published,
        notes=(
            f"merged by card into {base_release or 'no base release'} ({len(base_cards)} cards); added "
            + ", ".join(f"{n} from the {w}" for w, n in added_from.items())
            + (f"; {len(skipped)} malformed records skipped: " + "; ".join(skipped[:20]) if skipped else "")
        ),
    )


def set_release_dates(directory: str | Path) -> dict[str, date]:
    """Set code -> first release date, from ``fabrary_Released_set.json`` (the-fab-cube layout)."""
    root = Path(directory)
    fab = root / "fab" if (root / "fab").is_dir() else root
    path = fab / "fabrary_Released_set.json"
    data = load_json(path)
    out: dict[str, date] = {}
    for rec in data if isinstance(data, list) else []:
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            continue
        dates: list[str] = [
            str(p["initial_release_date"])
            for p in rec.get("printings") or []
            if isinstance(p, dict) and isinstance(p.get("initial_release_date"), str)
        ]
        if dates:
            out[rec["id"]] = min(date.fromisoformat(d[:10]) for d in dates)
    return out
