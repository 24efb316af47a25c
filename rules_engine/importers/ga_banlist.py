"""Grand Archive's dated Standard banned list, from a community format timeline.

The timeline (``ga_standard_format_timeline_and_banlist_*.json``, gathered from the
Fractal of Insight meta site) lists GA Standard format periods, each with a start date and
a description of the change that opened it ("Icebound Slam and Baby Gray Slime banned.",
"Baby Gray Slime unbanned", "Seasonal Banlist implemented with A, B, and C"), plus the
current banned names. It is community data, not an official GA document, and every status
read from it says so in its source.

``parse_ga_timeline`` turns it into ``LegalityEvent``s per card name in ``ga-standard``:
a ban starts on the period's start date and ends when a later period unbans the card. A
name on the current list that no period mentions was banned before the timeline starts:
its start is the timeline's first date with ``start_bound`` (the latest it can have
started). Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from rules_engine.cards import Card, LegalityEvent, normalise_name
from rules_engine.importers.base import CardImportError, load_json

FORMAT = "ga-standard"
COMMUNITY = "community data, not an official GA document"

_SENTENCE = re.compile(r"[^.;]+")
_BANNED = re.compile(r"^(?P<names>.+?)\s+(?P<verb>unbanned|banned)$", re.I)
_SEASONAL = re.compile(r"seasonal banlist implemented with (?P<names>.+)$", re.I)


def _names(text: str) -> list[str]:
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", text.strip())
    return [p.strip() for p in parts if p.strip()]


def _changes(description: str) -> list[tuple[str, str]]:
    """[(name, "banned"|"unbanned"), ...] named in one period description."""
    out: list[tuple[str, str]] = []
    for raw in _SENTENCE.findall(description or ""):
        sentence = raw.strip()
        m = _SEASONAL.search(sentence)
        if m:
            out += [(n, "banned") for n in _names(m.group("names"))]
            continue
        # "Mortal Ambition released; Erupting Rhapsody banned." -> only the ban clause.
        clause = sentence.split(";")[-1].strip()
        m = _BANNED.match(clause)
        if m:
            out += [(n, m.group("verb").lower()) for n in _names(m.group("names"))]
    return out


def parse_ga_timeline(path: str | Path) -> tuple[dict[str, tuple[LegalityEvent, ...]], str]:
    """-> ({normalised card name: events}, source label). Raises CardImportError naming the file."""
    path = Path(path)
    data: Any = load_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("standard_format_periods"), list):
        raise CardImportError("expected an object with 'standard_format_periods'", file=path)
    src = data.get("_source") or {}
    repo = src.get("repository", "") if isinstance(src, dict) else ""
    commit = str(src.get("commit", ""))[:12] if isinstance(src, dict) else ""
    source = (
        f"GA Standard timeline ({repo}@{commit}; {COMMUNITY})"
        if repo
        else f"GA Standard timeline ({COMMUNITY})"
    )
    periods = []
    for i, p in enumerate(data["standard_format_periods"]):
        try:
            start = date.fromisoformat(str(p["start"]))
        except (KeyError, TypeError, ValueError):
            raise CardImportError(f"period {i} has no ISO start date", file=path) from None
        periods.append((start, str(p.get("change_description") or "")))
    periods.sort(key=lambda t: t[0])
    if not periods:
        raise CardImportError("no format periods", file=path)
    first = periods[0][0]
    open_bans: dict[str, tuple[str, date]] = {}
    events: dict[str, list[LegalityEvent]] = {}
    for start, description in periods:
        for name, verb in _changes(description):
            key = normalise_name(name)
            if verb == "banned" and key not in open_bans:
                open_bans[key] = (name, start)
            elif verb == "unbanned":
                if key in open_bans:
                    _n, since = open_bans.pop(key)
                    events.setdefault(key, []).append(LegalityEvent(FORMAT, "banned", since, start, source))
                else:  # banned before the timeline starts, unbanned within it
                    events.setdefault(key, []).append(
                        LegalityEvent(FORMAT, "banned", first, start, source, start_bound=True)
                    )
    for key, (_name, since) in open_bans.items():
        events.setdefault(key, []).append(LegalityEvent(FORMAT, "banned", since, None, source))
    for name in data.get("standard_banlist_names_current") or []:
        key = normalise_name(str(name))
        if not any(ev.end is None for ev in events.get(key, [])):
            events.setdefault(key, []).append(
                LegalityEvent(FORMAT, "banned", first, None, source, start_bound=True)
            )
    return {k: tuple(v) for k, v in events.items()}, source


def apply_ga_timeline(cards: Iterable[Card], events: dict[str, tuple[LegalityEvent, ...]]) -> list[Card]:
    """Cards with the timeline's ga-standard statuses in place of any undated ones there."""
    out = []
    for card in cards:
        extra = events.get(normalise_name(card.name))
        if not extra:
            out.append(card)
            continue
        kept = tuple(ev for ev in card.legality_history if not (ev.format == FORMAT and ev.start is None))
        out.append(replace(card, legality_history=kept + extra))
    return out
