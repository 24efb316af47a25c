"""Parser for Grand Archive card JSON (GA Index API shape, or the partial
GrandArchiveOnline export in ../shared/data/ga/).

Accepted inputs: a JSON file holding a list of card objects or an API search
envelope ``{"data": [...]}``; or a directory, in which case every ``*.json`` file
that holds such a list of cards (objects with ``uuid`` and ``name``) is read, and a
printings CSV (columns set, collector_number, name, slug, rarity, ...) is attached to
cards by edition slug (edition slug = card slug + "-" + suffix).

GA identity for copy limits is the card name (GA Index: any printing of a legal name
is legal). ``legality`` ``{FORMAT: {"limit": n}}``: limit 0 -> banned, otherwise
restricted (at most n copies), undated.
"""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules_engine.cards import Card, LegalityEvent, Printing, format_code, slugify_identifier
from rules_engine.importers.base import (
    CardImportError,
    ImportResult,
    RecordReader,
    check_unique,
    files_digest,
    load_json,
    record_label,
)

SOURCE = "ga-index"

#: GA Index edition rarity integers (third-party mapping, see docs/ga-organized-play.md §11).
GA_RARITIES = {
    1: "Common",
    2: "Uncommon",
    3: "Rare",
    4: "Super Rare",
    5: "Ultra Rare",
    6: "Promotional Rare",
    7: "Collector Super Rare",
    8: "Collector Ultra Rare",
    9: "Collector Promo Rare",
}
_GA_FORMATS = {"STANDARD": "ga-standard", "DRAFT": "ga-draft"}


def _title(value: str) -> str:
    return value.replace("_", " ").title() if value.isupper() else value


def parse_grand_archive(path: str | Path, *, version: str | None = None) -> ImportResult:
    """Parse GA card JSON (file or directory). Raises CardImportError naming file and record."""
    path = Path(path)
    if path.is_dir():
        card_files = []
        for p in sorted(path.glob("*.json")):
            data = load_json(p)
            found = _card_list(data)
            if found is not None and _looks_like_cards(found):
                card_files.append((p, _card_list(data)))
        if not card_files:
            raise CardImportError(
                "no Grand Archive card JSON (a list of objects with uuid and name) found", file=path
            )
        csv_files = sorted(path.glob("*.csv"))
    else:
        data = load_json(path)
        records = _card_list(data)
        if records is None:
            raise CardImportError(
                f"expected a list of cards or {{'data': [...]}}, got {type(data).__name__}", file=path
            )
        card_files = [(path, records)]
        csv_files = []

    cards: list[Card] = []
    for file, records in card_files:
        if not records:
            raise CardImportError("no cards in the file", file=file)
        for i, rec in enumerate(records):
            r = RecordReader(rec, file=file, label=record_label(i, rec, "uuid", "name"))
            cards.append(_parse_card(r))
    first_file = card_files[0][0]
    check_unique(cards, file=first_file, by_name_only=True)

    if csv_files:
        cards = _attach_csv_printings(cards, csv_files)
    files = [f for f, _ in card_files] + csv_files
    return ImportResult(
        game="ga",
        source=SOURCE,
        version=version or files_digest(files),
        cards=tuple(cards),
        files=tuple(str(f) for f in files),
    )


def _card_list(data: Any) -> list[Any] | None:
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        return list(data["data"])
    return None


def _looks_like_cards(records: list[Any]) -> bool:
    return (
        bool(records)
        and isinstance(records[0], dict)
        and "name" in records[0]
        and ("uuid" in records[0] or "slug" in records[0])
    )


def _parse_card(r: RecordReader) -> Card:
    name = r.str("name", allow_empty=False)
    uuid = r.str("uuid", required=False) or ""
    slug = r.str("slug", required=False) or slugify_identifier(name)
    types = [_title(t) for t in r.str_list("types")]
    classes = [_title(c) for c in r.str_list("classes", required=False)]
    subtypes = [_title(s) for s in r.str_list("subtypes", required=False)]
    element = r.str("element", required=False)
    if element is None:
        elements = r.str_list("elements", required=False)
        element = elements[0] if elements else None
    text = r.str("effect_raw", required=False) or r.str("effect", required=False) or ""

    history = []
    legality = r.record.get("legality")
    if legality is not None:
        if not isinstance(legality, dict):
            r.fail("field 'legality' must be an object or null")
        for fmt, rule in legality.items():
            if (
                not isinstance(rule, dict)
                or isinstance(rule.get("limit"), bool)
                or not isinstance(rule.get("limit"), int)
            ):
                r.fail(f"legality[{fmt!r}] must be an object with an integer 'limit'")
            status = "banned" if rule["limit"] == 0 else "restricted"
            history.append(LegalityEvent(_GA_FORMATS.get(fmt.upper(), format_code(fmt)), status))

    printings = []
    for j, ed in enumerate(r.obj_list("editions", required=False)):
        er = RecordReader(ed, file=r.file, label=f"{r.label} edition {j}")
        ed_slug = er.str("slug", allow_empty=False)
        rarity = er.int("rarity")
        raw_set = ed.get("set")
        st: dict[str, Any] = raw_set if isinstance(raw_set, dict) else {}
        printings.append(
            Printing(
                id=ed_slug,
                set_code=str(st.get("prefix") or ""),
                rarity=GA_RARITIES.get(rarity, str(rarity)),
                set_name=str(st.get("name") or ""),
            )
        )

    return Card(
        identifier=slug,
        name=name,
        power=r.stat("power"),
        life=r.stat("life"),
        cost=r.stat("cost_memory") or r.stat("cost_reserve"),
        types=frozenset(types),
        subtypes=frozenset(subtypes),
        classes=frozenset(),
        printings=tuple(printings),
        legality_history=tuple(history),
        functional_text=text,
        type_text=" ".join(types) + (" - " + " ".join(subtypes) if subtypes else ""),
        game="ga",
        source_id=uuid or None,
        element=_title(element) if element else None,
        level=r.stat("level"),
        memory_cost=r.stat("cost_memory"),
        reserve_cost=r.stat("cost_reserve"),
        durability=r.stat("durability"),
        speed=_speed(r),
        ga_classes=frozenset(classes),
    )


def _speed(r: RecordReader) -> str | None:
    v = r.record.get("speed")
    if v is None or v == "":
        return None
    if isinstance(v, bool):
        return "Fast" if v else "Slow"
    return r.stat("speed")


def _attach_csv_printings(cards: list[Card], csv_files: list[Path]) -> list[Card]:
    """Attach CSV edition rows to cards whose slug prefixes the edition slug (longest wins)."""

    by_slug = {c.identifier: c for c in cards}
    extra: dict[str, dict[str, Printing]] = {}
    for path in csv_files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CardImportError(f"cannot read CSV ({exc})", file=path) from None
        reader = csv.DictReader(text.splitlines())
        needed = {"set", "slug", "rarity"}
        if not needed <= set(reader.fieldnames or ()):
            raise CardImportError(f"CSV needs columns {sorted(needed)}, has {reader.fieldnames}", file=path)
        for i, row in enumerate(reader, start=2):
            ed_slug = (row.get("slug") or "").strip()
            if not ed_slug:
                raise CardImportError("empty slug", file=path, record=f"line {i}")
            try:
                rarity = int(row["rarity"])
            except (TypeError, ValueError):
                raise CardImportError(
                    f"rarity must be an integer, got {row['rarity']!r}",
                    file=path,
                    record=f"line {i} (slug={ed_slug!r})",
                ) from None
            parts = ed_slug.split("-")
            for k in range(len(parts) - 1, 0, -1):
                card_slug = "-".join(parts[:k])
                if card_slug in by_slug:
                    extra.setdefault(card_slug, {})[ed_slug] = Printing(
                        id=ed_slug,
                        set_code=parts[k].upper() if k < len(parts) else "",
                        rarity=GA_RARITIES.get(rarity, str(rarity)),
                        set_name=row.get("set") or "",
                    )
                    break
    out = []
    for c in cards:
        more = extra.get(c.identifier)
        if more:
            known = {p.id for p in c.printings}
            c = replace(c, printings=c.printings + tuple(p for p in more.values() if p.id not in known))
        out.append(c)
    return out
