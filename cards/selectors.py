"""Reads for card data: the active release, in-memory card databases, record search."""

from __future__ import annotations

import gc
import threading

from django.db.models import QuerySet

from core.errors import DomainError
from rules_engine.cards import FORMAT_CODES, Card, CardDatabase, format_code, normalise_name

from .models import CardDataRelease, CardRecord

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
            f"release must be a number, got {release_id!r}", code="release", field="release"
        ) from None
    except CardDataRelease.DoesNotExist:
        raise DomainError(
            f"no card-data release with id {release_id}", code="release", field="release"
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
            f"no {game} card data imported: run `python manage.py import_cards --defaults`",
            code="no_card_data",
        )
    return found


def card_database(release=None, *, game: str = "fab") -> CardDatabase:
    """The in-memory CardDatabase of ``release`` (instance or id) or of the active release.

    Cached per process by release (id, source, version, import time): a release's cards
    never change after import. Raises DomainError when no release exists.
    """
    rel = release_or_active(release, game=game)
    key = (rel.pk, rel.source, rel.version, rel.imported_at.isoformat())
    db = _CACHE.get(key)
    if db is not None:
        return db
    with _LOCK:
        db = _CACHE.get(key)
        if db is None:
            rows = CardRecord.objects.filter(release_id=rel.pk).values_list("data", flat=True)
            # Thousands of small immutable objects: pausing the cyclic GC halves the build time.
            was_enabled = gc.isenabled()
            gc.disable()
            try:
                db = CardDatabase(
                    [Card.from_dict(d) for d in rows.iterator(chunk_size=2000)], release=rel.label
                )
            finally:
                if was_enabled:
                    gc.enable()
            _CACHE[key] = db
    return db


def clear_card_database_cache() -> None:
    _CACHE.clear()
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
    raise DomainError(f"pitch must be 0-3 or red/yellow/blue, got {value!r}", code="pitch", field="pitch")


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
    classes, talents, types, formats = set(), set(), set(), set()
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
