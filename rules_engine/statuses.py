"""Dated legality statuses: merging sources by card, and what decided a check.

A card's legality statuses (banned, suspended, restricted, living legend; TR&P 7,
7.1-7.4, PPG 4.4 for suspensions) are ``LegalityEvent`` periods with a start, an end,
the source that says so, and whether a date is only a bound. Three kinds of source:

* a dated source (the-fab-cube legality files): every change has an effective date;
* a current-state source (fabrary): a status without dates, known to hold on the
  source's publication date and no earlier (``start_bound``);
* statuses recorded by an organizer or head judge (announced after the newest data).

``merge_statuses`` combines a card list from a current-state source with a dated
source, matching cards by (name, pitch) (CR 1.3.4 identity), so that the dated start
and end are used wherever the dated source knows them; ``add_recorded`` adds
recorded statuses unless the data already brings them. ``status_basis`` lists the
dated statuses that bear on a pool in a format on a date, applied or not, so a result
can say what decided it. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from rules_engine.cards import Card, CardDatabase, LegalityEvent, normalise_name

#: Statuses that keep a card out of a format altogether. A current-state source may state
#: one where a dated source has another (fabrary calls a living legend "banned in CC" and
#: has no suspension field), so within a format they count as the same fact when merging.
_EXCLUDING = frozenset({"banned", "suspended", "living_legend"})


def _group(status: str) -> frozenset[str]:
    return _EXCLUDING if status in _EXCLUDING else frozenset({status})


def _key(card: Card) -> tuple[str, int | None]:
    return (normalise_name(card.name), card.pitch)


def _open_on(events: Iterable[LegalityEvent], fmt: str, status: str, day: date | None) -> bool:
    """Is (fmt, status) in effect in ``events`` on ``day`` (or open-ended when day is None)?"""
    for ev in events:
        if ev.format != fmt or ev.status != status:
            continue
        if day is None:
            if ev.end is None:
                return True
        elif ev.applies_on(day) or (ev.end is None and (ev.start is None or ev.start <= day)):
            return True
    return False


def merge_card(
    newer: Card,
    dated: Card | None,
    *,
    published: date | None,
    release: str,
    dated_release: str = "",
    source_pairs: frozenset[tuple[str, str]] | None = None,
    dated_fresh: Mapping[tuple[str, str], date] | None = None,
) -> Card:
    """``newer`` with its statuses reconciled against ``dated`` (the same card in a dated source).

    * every dated event is kept (with its source);
    * a status ``newer`` states that the dated source also has open (or has as the same
      fact, living legend vs banned in CC) is dropped: the dated start is the real one;
    * a status only ``newer`` states applies from ``published`` with ``start_bound``;
    * a dated status still open in the dated source that ``newer`` no longer states ends on
      ``published`` with ``end_bound`` (lifted by then), provided the newer source states
      that kind of status in that format for some card (``source_pairs``; default: this card's)
      or, for a ban or suspension, states the card legal in that format.

    The later announcement wins: where the dated list of a (format, status) has a change on or
    after ``published`` (``dated_fresh``, see ``list_freshness``), that list is the newer word,
    so an undated statement of ``newer`` it lacks is dropped and its open periods are not
    lifted; a dated list whose newest change is older than ``published`` (a list nobody
    updated) is reconciled as above.
    """
    if dated is None:
        return newer
    fresh = dated_fresh or {}

    def newer_word(fmt: str, status: str) -> bool:
        day = fresh.get((fmt, status))
        return day is not None and published is not None and day >= published

    dated_events = [ev if ev.source else replace(ev, source=dated_release) for ev in dated.legality_history]
    kept: list[LegalityEvent] = []
    stated = {(ev.format, ev.status) for ev in newer.legality_history}
    pairs = source_pairs if source_pairs is not None else frozenset(stated)
    for ev in newer.legality_history:
        if ev.start is not None and not ev.start_bound:
            kept.append(ev)  # a dated event of the newer source itself
            continue
        covered = any(_open_on(dated_events, ev.format, st, None) for st in _group(ev.status))
        if covered or newer_word(ev.format, ev.status):
            continue
        start = ev.start if ev.start is not None else published
        kept.append(replace(ev, start=start, start_bound=start is not None, source=ev.source or release))
    merged = []
    for ev in dated_events:
        group = _group(ev.status)
        # Evidence the status is over: the newer source states this kind of status in the
        # format for other cards but not for this one, or states the card legal in the format
        # (a ban or suspension can't hold then; living legends are left alone: fabrary keeps
        # young living legends in its Blitz legal list, see docs/legality-oracle.md).
        lifted_by_pairs = any((ev.format, st) in pairs for st in group)
        lifted_by_legal = ev.status in ("banned", "suspended") and ev.format in newer.legal_formats
        if (
            ev.end is None
            and published is not None
            and not newer_word(ev.format, ev.status)
            and (lifted_by_pairs or lifted_by_legal)
            and not any((ev.format, st) in stated for st in group)
            and (ev.start is None or ev.start < published)
        ):
            ev = replace(ev, end=published, end_bound=True)
        merged.append(ev)
    history = tuple(sorted(merged + kept, key=_event_order))
    return replace(newer, legality_history=history)


def list_freshness(cards: Iterable[Card]) -> dict[tuple[str, str], date]:
    """(format, status) -> the newest dated change (start or end, not a bound) in ``cards``:
    how far each dated list is known to be up to date."""
    out: dict[tuple[str, str], date] = {}
    for card in cards:
        for ev in card.legality_history:
            for day, bound in ((ev.start, ev.start_bound), (ev.end, ev.end_bound)):
                if day is not None and not bound:
                    key = (ev.format, ev.status)
                    if key not in out or day > out[key]:
                        out[key] = day
    return out


def _event_order(ev: LegalityEvent) -> tuple[str, str, date]:
    return (ev.format, ev.status, ev.start or ev.end or date.min)


def merge_statuses(
    cards: Iterable[Card],
    dated_cards: Iterable[Card],
    *,
    published: date | None,
    release: str,
    dated_release: str = "",
) -> list[Card]:
    """Every card of ``cards`` merged with the same card of ``dated_cards`` (see ``merge_card``)."""
    by_key: dict[tuple[str, int | None], Card] = {}
    dated_cards = list(dated_cards)
    for card in dated_cards:
        by_key.setdefault(_key(card), card)
    fresh = list_freshness(dated_cards)
    cards = list(cards)
    pairs = frozenset((ev.format, ev.status) for c in cards for ev in c.legality_history)
    return [
        merge_card(
            c,
            by_key.get(_key(c)),
            published=published,
            release=release,
            dated_release=dated_release,
            source_pairs=pairs,
            dated_fresh=fresh,
        )
        for c in cards
    ]


@dataclass(frozen=True)
class RecordedStatus:
    """A status an organizer or head judge recorded (card, format, status, dates, source)."""

    name: str
    pitch: int | None
    format: str
    status: str
    start: date
    end: date | None = None
    source: str = ""


#: A recorded "lifted" status ends the card's open ban, suspension, restriction or living-legend
#: period in the format on its date (an unban announced after the data, or one the data lacks).
LIFTED = "lifted"
_LIFTABLE = frozenset({"banned", "suspended", "restricted"})


def _lift(card: Card, rs: RecordedStatus) -> Card:
    """``card`` with its ban, suspension or restriction in ``rs.format`` in effect on ``rs.start``
    ended on that day (a living legend is not lifted this way: TR&P 7.1-7.3)."""
    history = []
    changed = False
    for ev in card.legality_history:
        if (
            ev.format == rs.format
            and ev.status in _LIFTABLE
            and ev.applies_on(rs.start)
            and (ev.start is None or ev.start < rs.start)
        ):
            ev = replace(
                ev, end=rs.start, end_bound=False, source=f"{ev.source}; lifted: {rs.source or 'recorded'}"
            )
            changed = True
        history.append(ev)
    return replace(card, legality_history=tuple(history)) if changed else card


def add_recorded(
    cards: Iterable[Card], recorded: Sequence[RecordedStatus]
) -> tuple[list[Card], list[RecordedStatus]]:
    """Cards with the recorded statuses added; returns (cards, recorded statuses superseded).

    A recorded status is superseded (not added) when the card data already has the same
    status in the same format starting on or before the recorded date: a data release
    brought it. A recorded status with no pitch applies to every pitch of the name. A
    recorded ``lifted`` status ends the periods of its format in effect on its date (and is
    superseded when none is).
    """
    if not recorded:
        return list(cards), []
    wanted: dict[str, list[RecordedStatus]] = {}
    for rs in recorded:
        wanted.setdefault(normalise_name(rs.name), []).append(rs)
    superseded: list[RecordedStatus] = []
    out = []
    for card in cards:
        items = wanted.get(normalise_name(card.name))
        if not items:
            out.append(card)
            continue
        extra = []
        for rs in items:
            if rs.pitch is not None and rs.pitch != card.pitch:
                continue
            if rs.status == LIFTED:
                lifted = _lift(card, rs)
                if lifted is card and rs not in superseded:
                    superseded.append(rs)
                card = lifted
                continue
            brought = any(
                ev.format == rs.format
                and ev.status == rs.status
                and ev.end is None
                and (ev.start is None or ev.start <= rs.start or ev.start_bound)
                for ev in card.legality_history
            )
            if brought:
                if rs not in superseded:
                    superseded.append(rs)
                continue
            extra.append(LegalityEvent(rs.format, rs.status, rs.start, rs.end, rs.source or "recorded"))
        out.append(replace(card, legality_history=card.legality_history + tuple(extra)) if extra else card)
    return out, superseded


def merged_database(
    db: CardDatabase,
    dated: CardDatabase | None = None,
    *,
    published: date | None = None,
    recorded: Sequence[RecordedStatus] = (),
) -> CardDatabase:
    """A CardDatabase of ``db`` merged with ``dated`` and ``recorded`` statuses.

    The release label names every part ("fabrary-cards@3.8.6+fabcube@v8+2 recorded").
    """
    cards: list[Card] = list(db)
    label = db.release
    if dated is not None and dated is not db:
        cards = merge_statuses(
            cards,
            dated,
            published=published,
            release=db.release,
            dated_release=dated.release,
        )
        label += f"+{dated.release}"
    if recorded:
        cards, _ = add_recorded(cards, recorded)
        label += f"+{len(recorded)} recorded"
    out = CardDatabase(cards, release=label)
    out.published = published  # type: ignore[attr-defined]
    return out


def status_basis(cards: Iterable[Card], lists: Sequence[str], day: date) -> list[dict[str, Any]]:
    """Every dated status of ``cards`` in the formats ``lists``, with whether it applies on ``day``.

    One dict per event: card, format, status, start, end, source, start_bound, end_bound,
    applies. Sorted by card name then start. Used to say which dated statuses decided a
    result (those that apply) and which were checked but not in effect that day.
    """
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, int | None]] = set()
    for card in cards:
        if card.key in seen:
            continue
        seen.add(card.key)
        for ev in card.legality_history:
            if ev.format not in lists:
                continue
            row: dict[str, Any] = {"card": card.display_name, **ev.to_dict()}
            row["applies"] = ev.applies_on(day)
            row["describe"] = ev.describe()
            out.append(row)
    out.sort(key=lambda r: (r["card"].casefold(), r["start"] or ""))
    return out
