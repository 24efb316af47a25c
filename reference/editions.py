"""Which edition a rules document's text is, read from its front page (pure Python).

Used when a document arrives without a version the operator typed: a download from the
publisher's address always gives the newest edition, so its version has to come from the text.

* FaB Comprehensive Rules: the cover carries the version number (``2.13.0``, ``v2.3.0``,
  "Comprehensive Rules v1.2"); the version is that number.
* FaB Tournament Rules and Policy, Procedure and Penalty Guide: the cover says when the document
  was last updated ("Last updated 31 January 2025"); the version is its year, as the events'
  ``trp_version``/``ppg_version`` name editions.
* Grand Archive Comprehensive Rules: "Updated 4/3/23" (month/day/year), stored as the date
  (``2023-04-03``); a version number ("v1.1.1") when no date is given.

Only the first lines are read, so a date quoted in the body cannot be taken for the edition.
"""

from __future__ import annotations

import re
from datetime import date

_FRONT_LINES = 80

_MONTHS = {
    name: number
    for number, name in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ),
        start=1,
    )
}

_SEMVER_LINE = re.compile(r"(?i)^(?:version\s+|v)?(\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)$")
_SEMVER_NAMED = re.compile(r"(?i)\b(?:comprehensive rules|version)\s*v?(\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)\b")
_DAY_MONTH_YEAR = re.compile(r"(?i)\b(?:last\s+)?updated:?\s+(\d{1,2})\s+([a-z]+)\s+(\d{4})\b")
_MONTH_DAY_YEAR = re.compile(r"(?i)\b(?:last\s+)?updated:?\s+([a-z]+)\s+(\d{1,2}),?\s+(\d{4})\b")
_NUMERIC_DATE = re.compile(r"(?i)\b(?:last\s+)?updated:?\s+(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\b")


def _front(text: str) -> list[str]:
    lines = (re.sub(r"[\s*_#]+", " ", line).strip() for line in text.replace("\r", "\n").split("\n"))
    return [line for line in lines if line][:_FRONT_LINES]


def _semver(lines: list[str]) -> str | None:
    for line in lines:
        match = _SEMVER_LINE.match(line) or _SEMVER_NAMED.search(line)
        if match:
            return match.group(1)
    return None


def update_date(text: str) -> date | None:
    """The "(Last) updated ..." date on the document's front page, or None."""
    for line in _front(text):
        found = _DAY_MONTH_YEAR.search(line)
        if found and found.group(2).lower() in _MONTHS:
            return _date(int(found.group(3)), _MONTHS[found.group(2).lower()], int(found.group(1)))
        found = _MONTH_DAY_YEAR.search(line)
        if found and found.group(1).lower() in _MONTHS:
            return _date(int(found.group(3)), _MONTHS[found.group(1).lower()], int(found.group(2)))
        found = _NUMERIC_DATE.search(line)
        if found:
            year = int(found.group(3))
            return _date(year + 2000 if year < 100 else year, int(found.group(1)), int(found.group(2)))
    return None


def _date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def edition_in_text(text: str, kind: str) -> str | None:
    """The version to store a document of ``kind`` (cr, trp, ppg, ga) under, read from its front
    page; None when the text does not say."""
    lines = _front(text)
    if kind == "cr":
        return _semver(lines)
    if kind in ("trp", "ppg"):
        updated = update_date(text)
        return str(updated.year) if updated else None
    if kind == "ga":
        updated = update_date(text)
        return updated.isoformat() if updated else _semver(lines)
    return None
