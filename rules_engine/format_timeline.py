"""Formats with effective dates: a format's rules as they stood on a date, with their sources.

``rules_engine.formats`` holds each format's rules as the TR&P edition states them. Formats
change between editions: Silver Age became a main format with its own dated ban list, Commoner
was retired, Blitz is reported to have changed. A ``FormatChange`` records one such change: the
format, the day it takes effect, the rule values it sets (any field of ``Format``: pool and
deck sizes, copy limit, hero age, rarity rule, lists, ``retired``), the source that states it,
and whether it is confirmed. ``format_on`` applies every confirmed change in effect on a day, in
date order, and returns the format with the changes that decided it, so a verdict can name them.

An unconfirmed change (a change reported but not in the documents or data the project holds)
is never applied: it is shown beside the verdict until an official confirms it or records what
it changes (``cards.models.FormatRuleChange``). Which heroes a format allows on a date is not a
format field: a hero leaves a format through its ban list (Silver Age "benches" heroes that
way; ``rules_engine.legality`` reports it as ``HERO_BANNED``). Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import date
from typing import Any

from rules_engine.formats import DEFAULT_EDITION, Format, get_format
from rules_engine.wording import Phrase, say

#: Format fields a change may set (the rest describe the format's identity or citations).
CHANGEABLE: frozenset[str] = frozenset(
    f.name for f in fields(Format) if f.name not in {"code", "name", "game", "edition", "rules", "fixed_list"}
)


@dataclass(frozen=True)
class FormatChange:
    """One dated change of a format's rules (see the module doc)."""

    format: str
    effective: date
    changes: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""
    confirmed: bool = True
    note: str = ""
    rule: str = ""

    def describe(self) -> str:
        return str(self.phrase())

    def phrase(self) -> Phrase:
        """``describe`` as a phrase (``rules_engine.wording``); the changed fields are said as stored."""
        what = ", ".join(f"{k} {v}" for k, v in sorted(self.changes.items())) or self.note or "change"
        day = self.effective.isoformat()
        if self.confirmed:
            return say("{what} from {date} ({source})", what=what, date=day, source=self.source)
        return say(
            "unconfirmed, not applied: {what} from {date} ({source})", what=what, date=day, source=self.source
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "effective": self.effective.isoformat(),
            "changes": dict(self.changes),
            "source": self.source,
            "confirmed": self.confirmed,
            "note": self.note,
            "rule": self.rule,
        }


def validate_change(change: FormatChange) -> None:
    """ValueError naming a field a change may not set, or a value of the wrong kind."""
    base = get_format(change.format)
    for key, value in change.changes.items():
        if key not in CHANGEABLE:
            raise ValueError(
                f"{key!r} is not a format rule a change can set; use one of {', '.join(sorted(CHANGEABLE))}"
            )
        current = getattr(base, key)
        if isinstance(current, bool) and not isinstance(value, bool):
            raise ValueError(f"{key} takes true or false, got {value!r}")
        names_ok = isinstance(value, list | tuple) and all(isinstance(v, str) and v.strip() for v in value)
        if key in ("heroes_benched", "heroes_allowed", "legality_lists") and not (
            names_ok or (value is None and key == "heroes_allowed")
        ):
            raise ValueError(f"{key} takes a list of names, got {value!r}")
        if (
            key.endswith(("_max", "_min", "_limit", "_exact"))
            and value is not None
            and not (isinstance(value, int) and not isinstance(value, bool) and value >= 0)
        ):
            raise ValueError(f"{key} takes a whole number or nothing, got {value!r}")


#: The changes the documents and data the project holds state (and one the issue reports,
#: unconfirmed). Organizers' and head judges' records (``cards.models.FormatRuleChange``)
#: are added to these and replace an entry of the same format and date.
DEFAULT_TIMELINE: tuple[FormatChange, ...] = (
    FormatChange(
        "sage",
        date(2025, 10, 19),
        {},
        source="the-fab-cube banned-silver-age.csv (first rows, in effect 2025-10-19; Card Legality Policy)",
        note="Silver Age is played with its own dated ban list; heroes on it are benched",
        rule="TR&P 7",
    ),
    FormatChange(
        "commoner",
        date(2026, 1, 1),
        {"retired": True},
        source="issue 28 (LSS retired Commoner on 2026-01-01; the announcement is not among the documents held)",
        note="Commoner retired",
        rule="TR&P 7.4",
    ),
    FormatChange(
        "blitz",
        date(2026, 1, 1),
        {},
        source="issue 28 (reported; neither the TR&P held nor the card data states it)",
        confirmed=False,
        note="Blitz reportedly changed on 2026-01-01; an official records what changed once confirmed",
        rule="TR&P 7.3",
    ),
)


def changes_for(code: str, timeline: Iterable[FormatChange]) -> list[FormatChange]:
    """The changes of ``code``, by date; a later entry replaces one of the same date."""
    by_day: dict[date, FormatChange] = {}
    for ch in timeline:
        if ch.format == code:
            by_day[ch.effective] = ch
    return [by_day[d] for d in sorted(by_day)]


def format_on(
    code: str,
    day: date,
    edition: str = DEFAULT_EDITION,
    timeline: Sequence[FormatChange] | None = None,
) -> tuple[Format, list[FormatChange]]:
    """The format ``code`` as it stood on ``day``, and the changes bearing on that day: every
    change in effect (confirmed ones applied, unconfirmed ones listed but not applied) and the
    next one to come. Raises ``UnknownFormat`` for an unknown code."""
    fmt = get_format(code, edition)
    relevant: list[FormatChange] = []
    upcoming: FormatChange | None = None
    for ch in changes_for(fmt.code, DEFAULT_TIMELINE if timeline is None else timeline):
        if ch.effective > day:
            upcoming = upcoming or ch
            continue
        relevant.append(ch)
        if ch.confirmed and ch.changes:
            values: dict[str, Any] = {
                k: tuple(v) if isinstance(v, list) else v for k, v in ch.changes.items() if k in CHANGEABLE
            }
            fmt = replace(fmt, **values)
    if upcoming is not None:
        relevant.append(upcoming)
    return fmt, relevant
