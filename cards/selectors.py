"""Reads for card data: the active release, in-memory card databases, record search."""

from __future__ import annotations

import gc
import threading
import time
from datetime import date

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from core.errors import DomainError
from rules_engine.cards import FORMAT_CODES, Card, CardDatabase, format_code, normalise_name
from rules_engine.format_timeline import DEFAULT_TIMELINE, FormatChange, format_on
from rules_engine.statuses import RecordedStatus as RecordedStatusData
from rules_engine.statuses import merged_database

from .models import CardDataRelease, CardRecord, FormatRuleChange, RecordedStatus

_CACHE: dict[tuple, CardDatabase] = {}
_LOCK = threading.Lock()


def active_release(game: str = "fab") -> CardDataRelease | None:
    """The active release of ``game`` ("fab" or "ga"), or None if nothing is imported."""
    return CardDataRelease.objects.filter(game=game, is_active=True).first()


def release_by_id(release_id) -> CardDataRelease:
    try:
        return CardDataRelease.objects.get(pk=int(release_id))
    except (TypeError, ValueError):
        raise DomainError(
            _("release must be a number, got %(release_id)s") % {"release_id": repr(release_id)},
            code="release",
            field="release",
        ) from None
    except CardDataRelease.DoesNotExist:
        raise DomainError(
            _("no card-data release with id %(release_id)s") % {"release_id": release_id},
            code="release",
            field="release",
        ) from None


def release_or_active(release=None, *, game: str = "fab") -> CardDataRelease:
    """``release`` (instance or id) or the active release of ``game``; DomainError if none."""
    if isinstance(release, CardDataRelease):
        return release
    if release not in (None, ""):
        return release_by_id(release)
    found = active_release(game)
    if found is None:
        raise DomainError(
            _("no %(game)s card data imported: run `python manage.py import_cards --defaults`")
            % {"game": game},
            code="no_card_data",
        )
    return found


def dated_release(game: str = "fab", *, exclude=None) -> CardDataRelease | None:
    """The newest release of a dated source (the-fab-cube) for ``game``, if imported."""
    qs = CardDataRelease.objects.filter(game=game, source__in=DATED_SOURCES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return qs.order_by("-published_on", "-imported_at", "-pk").first()


#: Sources whose legality files carry effective dates.
DATED_SOURCES = ("fabcube",)
#: A pool (``rules_engine.pool``) already holds the dated statuses merged by card.
POOL_SOURCE = "pool"
SELF_DATED_SOURCES = (*DATED_SOURCES, POOL_SOURCE)


def recorded_statuses(game: str = "fab") -> list[RecordedStatus]:
    return list(RecordedStatus.objects.filter(game=game, withdrawn_at__isnull=True).order_by("pk"))


#: Seconds another process may go on using status sources it looked up (a new dated
#: release or recorded status reaches every worker within this time; this process at once).
STATUS_SOURCES_TTL = 30.0
_SOURCES: dict[tuple[int, str], tuple[float, CardDataRelease | None, list[RecordedStatus]]] = {}


def _status_sources(rel: CardDataRelease) -> tuple[CardDataRelease | None, list[RecordedStatus]]:
    """(dated release to merge, recorded statuses) for ``rel``; looked up once per TTL."""
    key = (rel.pk, rel.imported_at.isoformat())
    now = time.monotonic()
    found = _SOURCES.get(key)
    if found is not None and found[0] > now:
        return found[1], found[2]
    dated = None if rel.source in SELF_DATED_SOURCES else dated_release(rel.game, exclude=rel)
    recorded = recorded_statuses(rel.game)
    _SOURCES[key] = (now + STATUS_SOURCES_TTL, dated, recorded)
    return dated, recorded


def _recorded_key(rows: list[RecordedStatus]) -> tuple:
    return tuple((r.pk, r.effective_from, r.effective_until, r.status, r.format) for r in rows)


def _raw_database(rel: CardDataRelease) -> CardDatabase:
    key = ("raw", rel.pk, rel.source, rel.version, rel.imported_at.isoformat())
    db = _CACHE.get(key)
    if db is None:
        rows = CardRecord.objects.filter(release_id=rel.pk).values_list("data", flat=True)
        # Thousands of small immutable objects: pausing the cyclic GC halves the build time.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            db = CardDatabase([Card.from_dict(d) for d in rows.iterator(chunk_size=2000)], release=rel.label)
        finally:
            if was_enabled:
                gc.enable()
        _CACHE[key] = db
    return db


def card_database(release=None, *, game: str = "fab") -> CardDatabase:
    """The in-memory CardDatabase of ``release`` (instance or id) or of the active release,
    with dated statuses merged in by card (``rules_engine.statuses``):

    * a release of a current-state source (fabrary) gets the-fab-cube's dated bans,
      suspensions, restrictions and living legends (the newest dated release imported);
      statuses only it states apply from its ``published_on`` date (a bound);
    * statuses recorded by organizers and head judges (``RecordedStatus``) are added from
      their date unless the data already states them.

    The label names every part ("fabrary-cards@3.8.6+fabcube@v8+1 recorded"). Cached per
    process by release, dated release and recorded statuses. Raises DomainError when no
    release exists.
    """
    rel = release_or_active(release, game=game)
    dated, recorded = _status_sources(rel)
    key = (
        rel.pk,
        rel.source,
        rel.version,
        rel.imported_at.isoformat(),
        dated.pk if dated is not None else None,
        _recorded_key(recorded),
    )
    db = _CACHE.get(key)
    if db is not None:
        return db
    with _LOCK:
        db = _CACHE.get(key)
        if db is None:
            base = _raw_database(rel)
            dated_db = _raw_database(dated) if dated is not None else None
            if dated_db is None and not recorded:
                db = base
                db.published = rel.published_on  # type: ignore[attr-defined]
            else:
                db = merged_database(
                    base,
                    dated_db,
                    published=rel.published_on,
                    recorded=[
                        RecordedStatusData(
                            r.card_name,
                            r.pitch,
                            r.format,
                            r.status,
                            r.effective_from,
                            r.effective_until,
                            _("recorded by an official: %(source_url)s") % {"source_url": r.source_url},
                        )
                        for r in recorded
                    ],
                )
            db.release_id = rel.pk  # type: ignore[attr-defined]
            _CACHE[key] = db
    return db


def release_for_date(game: str, day: date) -> tuple[CardDataRelease | None, str]:
    """The release to check lists of an event on ``day`` against, and why.

    The release that was current on that day (the newest one published on or before it),
    else the oldest imported release (the oldest one that covers the day). Undated
    releases count from their import date.
    """
    rels = list(CardDataRelease.objects.filter(game=game))
    if not rels:
        return None, _("no card data imported (run: python manage.py import_cards --defaults)")
    pools = [r for r in rels if r.source == POOL_SOURCE]
    if pools:
        pool = max(pools, key=lambda r: (r.current_from, r.imported_at, r.pk))
        return pool, pool_note(pool, day, [r for r in rels if r.source != POOL_SOURCE])
    before = [r for r in rels if r.current_from <= day]
    if before:
        rel = max(before, key=lambda r: (r.current_from, r.imported_at, r.pk))
        return rel, _("%(label)s (data of %(current_from)s) was current on %(day)s") % {
            "label": rel.label,
            "current_from": rel.current_from.isoformat(),
            "day": day.isoformat(),
        }
    rel = min(rels, key=lambda r: (r.current_from, r.imported_at, r.pk))
    return rel, (
        _(
            "no imported data is as old as %(day)s; %(label)s (data of %(current_from)s) is the oldest imported release"
        )
        % {"day": day.isoformat(), "label": rel.label, "current_from": rel.current_from.isoformat()}
    )


def pool_note(pool: CardDataRelease, day: date, singles: list[CardDataRelease]) -> str:
    """Why the pool checks ``day``, and which single release was current then (a label only)."""
    current = [r for r in singles if r.current_from <= day]
    if not current:
        return _(
            "one card pool, every card as of its own first release; a card released after %(day)s is not yet legal"
        ) % {"day": day.isoformat()}
    rel = max(current, key=lambda r: (r.current_from, r.imported_at, r.pk))
    return _(
        "one card pool, every card as of its own first release; a card released after %(day)s is not yet legal (of the single releases, %(label)s, data of %(current_from)s, was current then)"
    ) % {"day": day.isoformat(), "label": rel.label, "current_from": rel.current_from.isoformat()}


def release_for_event_date(
    game: str, day: date, pinned: CardDataRelease | None = None
) -> tuple[CardDataRelease | None, str]:
    """An event's release. When a card pool is imported (``rules_engine.pool``), the pool: a pinned
    pool as is, else the newest pool (it holds every card of any single release, dated by card).
    Without a pool: the pinned release when it was already published on the event date (a
    deliberate, date-consistent choice), else ``release_for_date``."""
    if pinned is not None and pinned.source == POOL_SOURCE:
        singles = list(CardDataRelease.objects.filter(game=game).exclude(source=POOL_SOURCE))
        return pinned, _("%(note)s (the event's own release)") % {"note": pool_note(pinned, day, singles)}
    if pinned is not None and pinned.current_from <= day:
        if not CardDataRelease.objects.filter(game=game, source=POOL_SOURCE).exists():
            return (
                pinned,
                _("%(label)s is the release the event uses (data of %(current_from)s)")
                % {"label": pinned.label, "current_from": pinned.current_from.isoformat()},
            )
    return release_for_date(game, day)


def known_card_name(name: str, *, game: str = "fab") -> str | None:
    """The card's printed name if any release of ``game`` knows it (case and quotes ignored)."""
    row = (
        CardRecord.objects.filter(release__game=game, name_key=normalise_name(name))
        .values_list("name", flat=True)
        .first()
    )
    return row


def forget_status_sources() -> None:
    """A release was imported, a status or a format change recorded: look them up again."""
    _SOURCES.clear()
    _TIMELINE.clear()


def clear_card_database_cache() -> None:
    _CACHE.clear()
    _SOURCES.clear()
    _TIMELINE.clear()
    _FACETS.clear()


def releases() -> QuerySet[CardDataRelease]:
    return CardDataRelease.objects.order_by("game", "-is_active", "-imported_at")


#: Query parameters of the search page and API ("legal_in", not "format": DRF reserves ?format=).
SEARCH_FIELDS = ("q", "card_class", "talent", "type", "pitch", "legal_in")


def parse_pitch(value) -> int | None:
    if value in (None, ""):
        return None
    text = str(value).strip().casefold()
    named = {"red": 1, "yellow": 2, "blue": 3}
    if text in named:
        return named[text]
    if text in {"0", "1", "2", "3"}:
        return int(text)
    raise DomainError(
        _("pitch must be 0-3 or red/yellow/blue, got %(value)s") % {"value": repr(value)},
        code="pitch",
        field="pitch",
    )


def parse_format(value) -> str:
    if value in (None, ""):
        return ""
    code = format_code(str(value))
    return code


def search_cards(
    release: CardDataRelease,
    *,
    q: str = "",
    card_class: str = "",
    talent: str = "",
    type: str = "",
    pitch=None,
    legal_in: str = "",
) -> QuerySet[CardRecord]:
    """Cards of ``release`` matching every filter (name substring, class, talent, type or
    subtype, pitch, format the source states the card legal in), ordered by name, pitch.

    ``card_class`` "generic" matches cards with no supertypes. Bad pitch raises DomainError.
    """
    qs = CardRecord.objects.filter(release=release)
    if q and q.strip():
        qs = qs.filter(name_key__contains=normalise_name(q))
    if card_class and card_class.strip():
        qs = qs.filter(classes_text__contains=f"|{card_class.strip().casefold()}|")
    if talent and talent.strip():
        qs = qs.filter(talents_text__contains=f"|{talent.strip().casefold()}|")
    if type and type.strip():
        qs = qs.filter(types_text__contains=f"|{type.strip().casefold()}|")
    p = parse_pitch(pitch)
    if p is not None:
        qs = qs.filter(pitch=p)
    fmt = parse_format(legal_in)
    if fmt:
        qs = qs.filter(formats_text__contains=f"|{fmt}|")
    return qs.order_by("name_key", "pitch")


def facet_choices(release: CardDataRelease) -> dict[str, list[str]]:
    """Classes, talents, types and formats present in ``release`` (for search forms)."""
    key = (release.pk, release.imported_at.isoformat())
    if key not in _FACETS:
        _FACETS[key] = _facets(card_database(release))
    return _FACETS[key]


_FACETS: dict[tuple, dict[str, list[str]]] = {}


def _facets(db: CardDatabase) -> dict[str, list[str]]:
    classes: set[str] = set()
    talents: set[str] = set()
    types: set[str] = set()
    formats: set[str] = set()
    for card in db:
        classes |= card.classes
        talents |= card.talents
        types |= card.types
        formats |= card.legal_formats
    known = [f for f in FORMAT_CODES if f in formats]
    return {
        "classes": ["Generic", *sorted(classes)],
        "talents": sorted(talents),
        "types": sorted(types),
        "formats": known + sorted(formats - set(known)),
    }


_TIMELINE: list[tuple[float, list[FormatChange]]] = []


def format_timeline() -> list[FormatChange]:
    """The dated format changes: the shipped ones (``rules_engine.format_timeline``) with the
    officials' records (``FormatRuleChange``, not withdrawn) after them, so a record of the same
    format and date replaces the shipped entry. Looked up once per ``STATUS_SOURCES_TTL`` (at
    once in this process after ``forget_status_sources``)."""
    now = time.monotonic()
    if _TIMELINE and _TIMELINE[0][0] > now:
        return _TIMELINE[0][1]
    rows = FormatRuleChange.objects.filter(withdrawn_at__isnull=True).order_by("effective_from", "pk")
    recorded = [
        FormatChange(
            r.format,
            r.effective_from,
            dict(r.changes or {}),
            source=_("recorded by an official: %(source)s") % {"source": r.source},
            confirmed=r.confirmed,
            note=r.note,
        )
        for r in rows
    ]
    timeline = [*DEFAULT_TIMELINE, *recorded]
    _TIMELINE[:] = [(now + STATUS_SOURCES_TTL, timeline)]
    return timeline


def format_warnings(format_code: str, day: date) -> list[str]:
    """What an organizer should know about ``format_code`` on ``day``: retired, or a change in
    effect that is not confirmed. Empty for a format without construction rules here."""
    try:
        fmt, changes = format_on(format_code, day, timeline=format_timeline())
    except ValueError:
        return []
    out = []
    if fmt.retired:
        since = next((c for c in reversed(changes) if c.changes.get("retired") and c.effective <= day), None)
        out.append(
            f"{fmt.name} is retired"
            + (f" since {since.effective.isoformat()} ({since.source})" if since else "")
            + f"; an event on {day.isoformat()} plays a format that is no longer sanctioned"
        )
    for ch in changes:
        if not ch.confirmed and ch.effective <= day:
            out.append(
                f"{fmt.name}: {ch.note or ch.describe()} (source: {ch.source}); not applied until confirmed"
            )
    return out
