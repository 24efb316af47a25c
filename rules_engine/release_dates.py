"""When each card came out: set release dates, and a card's first release (TR&P 7).

A constructed card-pool is built from officially released cards (TR&P 7), so a card
exists on a date when its first printing was released on or before that date. The
first release of a card is, in this order:

1. an explicit override (fabrary's first-release-date overrides, keyed by its card
   identifier, e.g. a promo that came out before its set);
2. the earliest release date of the sets it is printed in, from the set lists
   (the-fab-cube ``set-printing.csv`` / ``set.json``, fabrary's ``Released/set.json``);
3. the date the source itself states (fabrary's ``firstReleaseDate``), used for a set the
   set lists do not date yet (a set that is spoiled but not released).

A card for which none of these gives a date keeps ``released = None`` and counts as
released (promos in undated sets). Pure Python.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from rules_engine.cards import Card

csv.field_size_limit(10_000_000)


def _day(value: Any) -> date | None:
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def _keep_earliest(out: dict[str, date], code: str, day: date | None) -> None:
    if code and day is not None and (code not in out or day < out[code]):
        out[code] = day


def set_dates_from_json(path: Path) -> dict[str, date]:
    """Set code -> first release date from a the-fab-cube layout ``set.json`` (fabrary's too)."""
    out: dict[str, date] = {}
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    for rec in data if isinstance(data, list) else []:
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            continue
        for p in rec.get("printings") or []:
            if isinstance(p, dict):
                _keep_earliest(out, rec["id"].upper(), _day(p.get("initial_release_date")))
    return out


def set_dates_from_csv(folder: Path) -> dict[str, date]:
    """Set code -> first release date from the-fab-cube's ``set.csv`` and ``set-printing.csv``
    (tab-separated; a set printing names its set by the set's unique id)."""
    folder = Path(folder)
    out: dict[str, date] = {}
    try:
        with (folder / "set.csv").open(encoding="utf-8", newline="") as fh:
            codes = {r["Unique ID"]: r["Identifier"] for r in csv.DictReader(fh, delimiter="\t")}
        with (folder / "set-printing.csv").open(encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh, delimiter="\t"):
                code = codes.get(r.get("Set Unique ID") or "", "")
                _keep_earliest(out, code.upper(), _day(r.get("Initial Release Date")))
    except (OSError, KeyError, csv.Error):
        return {}
    return out


def merge_set_dates(*tables: Mapping[str, date]) -> dict[str, date]:
    """Several set-date tables as one; where two date a set, the earlier date is the release."""
    out: dict[str, date] = {}
    for table in tables:
        for code, day in table.items():
            _keep_earliest(out, code, day)
    return out


def read_overrides(path: Path) -> dict[str, date]:
    """fabrary's ``first-release-date-overrides.json``: card identifier -> date."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): d for k, v in data.items() if (d := _day(v)) is not None}


def first_release(
    card: Card, set_dates: Mapping[str, date], overrides: Mapping[str, date] = {}
) -> tuple[date | None, str]:
    """(first release date, set code or "override") of ``card``; see the module doc."""
    if card.identifier in overrides:
        return overrides[card.identifier], "override"
    dated = [
        (set_dates[p.set_code.upper()], p.set_code.upper())
        for p in card.printings
        if p.set_code.upper() in set_dates
    ]
    if dated:
        return min(dated)
    if card.released is not None:
        undated = sorted({p.set_code.upper() for p in card.printings})
        return card.released, card.released_in or (undated[0] if undated else "")
    return None, ""


def date_cards(
    cards: Iterable[Card], set_dates: Mapping[str, date], overrides: Mapping[str, date] = {}
) -> list[Card]:
    """Every card with ``released`` / ``released_in`` set from ``first_release``."""
    out = []
    for card in cards:
        day, where = first_release(card, set_dates, overrides)
        out.append(
            replace(card, released=day, released_in=where)
            if (day, where) != (card.released, card.released_in)
            else card
        )
    return out
