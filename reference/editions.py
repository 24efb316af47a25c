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

# A line that is only a version: three parts ("2.13.0", "v2.13.0", "Version 2.13.0"), so a bare
# "1.0" (a section number of a document without a cover) is never taken for one.
_SEMVER_LINE = re.compile(r"(?i)^(?:version\s+|v)?(\d{1,2}\.\d{1,2}\.\d{1,3})$")
# "... Comprehensive Rules v1.2 July 15, 2021": the version right after the document's name.
_SEMVER_NAMED = re.compile(r"(?i)\bcomprehensive rules\s*v?(\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)\b")
_UPDATED = r"(?:(?:last\s+)?updated|effective)(?:\s+on)?:?\s+"
_DAY_MONTH_YEAR = re.compile(rf"(?i)\b{_UPDATED}(\d{{1,2}})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{{4}})\b")
_MONTH_DAY_YEAR = re.compile(rf"(?i)\b{_UPDATED}([a-z]+)\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_NUMERIC_DATE = re.compile(rf"(?i)\b{_UPDATED}(\d{{1,2}})/(\d{{1,2}})/(\d{{2}}|\d{{4}})\b")
_ISO_DATE = re.compile(rf"(?i)\b{_UPDATED}(\d{{4}})-(\d{{1,2}})-(\d{{1,2}})\b")


def _front(text: str) -> list[str]:
    lines = (re.sub(r"[\s*_#]+", " ", line).strip() for line in text.replace("\r", "\n").split("\n"))
    return [line for line in lines if line][:_FRONT_LINES]


def _semver(lines: list[str]) -> str | None:
    for line in lines:
        match = _SEMVER_LINE.match(line) or _SEMVER_NAMED.search(line)
        if match:
            return match.group(1)
    return None


def _month(name: str) -> int | None:
    """January, Jan, Sept...: the month's number."""
    name = name.lower()
    for full, number in _MONTHS.items():
        if name == full or (len(name) >= 3 and full.startswith(name)):
            return number
    return None


def update_date(text: str) -> date | None:
    """The "(Last) updated ..." or "Effective ..." date on the document's front page ("31 January
    2025", "Jan 31st, 2025", "4/3/23" month first, "2025-01-31"), or None."""
    for line in _front(text):
        found = _DAY_MONTH_YEAR.search(line)
        if found and _month(found.group(2)):
            return _date(int(found.group(3)), _month(found.group(2)) or 0, int(found.group(1)))
        found = _MONTH_DAY_YEAR.search(line)
        if found and _month(found.group(1)):
            return _date(int(found.group(3)), _month(found.group(1)) or 0, int(found.group(2)))
        found = _ISO_DATE.search(line)
        if found:
            return _date(int(found.group(1)), int(found.group(2)), int(found.group(3)))
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
