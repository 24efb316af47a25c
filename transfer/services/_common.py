"""What export and import share: the file format and its limits, the errors, the model graph of an
event (found by following foreign keys from ``tournament.Event``) and value encoding."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import models
from django.utils.duration import duration_iso_string
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ConflictError, DomainError
from core.models import AuditEntry
from tournament.models import Event

FORMAT = "arbiter-event"
FORMAT_VERSION = 1

#: Models an event's rows refer to without owning them: matched by a natural key on import.
MATCHED = ("auth.user", "tournament.playerprofile", "cards.carddatarelease", "contenttypes.contenttype")

#: Models that point into an event's rows but are not carried, each with the reason.
NOT_CARRIED: dict[str, str | Promise] = {
    "core.generatedfile": gettext_lazy("generated PDFs and exports are caches, made again on request"),
    "tournament.staffinvitation": gettext_lazy(
        "an invitation link is a secret of the site that made it; the copy's organizer makes new ones"
    ),
    "notifications.subscription": gettext_lazy(
        "a phone's push subscription is bound to this site's push key: players "
        "turn notifications on again at the copy"
    ),
}

CHUNK = 2000

log = logging.getLogger("transfer.services")  # one logger for export and import, as before the split

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ImportLimits:
    """What an event file may hold (settings ``TRANSFER_IMPORT_*`` override each one). A real
    event of a few thousand players with decklists and penalties is far below all of them."""

    max_bytes: int = 200_000_000
    max_rows: int = 2_000_000
    max_people: int = 50_000  # user accounts, and player profiles
    max_depth: int = 32  # nesting of JSON inside the file's values
    max_digits: int = 19  # a 64-bit integer
    max_seconds: int = 1800

    @classmethod
    def from_settings(cls) -> ImportLimits:
        return cls(
            **{
                name: getattr(settings, f"TRANSFER_IMPORT_{name.upper()}", default)
                for name, default in (
                    ("max_bytes", cls.max_bytes),
                    ("max_rows", cls.max_rows),
                    ("max_people", cls.max_people),
                    ("max_depth", cls.max_depth),
                    ("max_digits", cls.max_digits),
                    ("max_seconds", cls.max_seconds),
                )
            }
        )


class TransferError(DomainError):
    """The file cannot be read or imported as it is."""


class EventExists(ConflictError):
    """An event with the file's slug exists here (import with replace, or another slug)."""


# -------------------------------------------------------------------------- the model graph


def _label(model) -> str:
    return model._meta.label_lower


def _relations(model) -> list[models.Field]:
    """Concrete foreign keys and one-to-ones of ``model``."""
    return [f for f in model._meta.concrete_fields if f.is_relation and f.related_model is not None]


def _m2m(model) -> list[models.ManyToManyField]:
    return [f for f in model._meta.many_to_many if f.remote_field.through._meta.auto_created]


def event_models() -> list[type[models.Model]]:
    """Every model whose rows belong to an event, parents before children (import order).

    A model belongs when it has a foreign key to a model that belongs (``tournament.Event`` to
    begin with) and is not in ``NOT_CARRIED``. ``core.AuditEntry`` is added last: it names its
    event and object by plain ids. Raises TransferError when a belonging model points at a model
    that is neither carried nor matched (a file could not restore that reference).
    """
    owned: list[type[models.Model]] = [Event]
    changed = True
    candidates = [m for m in apps.get_models() if m is not Event and m is not AuditEntry]
    while changed:
        changed = False
        for model in candidates:
            label = _label(model)
            if model in owned or label in NOT_CARRIED or label in MATCHED:
                continue
            if any(f.related_model in owned for f in _relations(model)):
                owned.append(model)
                changed = True
    for model in owned:
        for f in [*_relations(model), *_m2m(model)]:
            target = f.related_model
            assert target is not None  # _relations keeps relations with a model
            if target not in owned and _label(target) not in MATCHED:
                raise TransferError(
                    _(
                        "%(label)s.%(name)s points at %(label2)s, which an event file neither carries nor matches: add it to transfer.services.MATCHED or NOT_CARRIED"
                    )
                    % {"label": model._meta.label, "name": f.name, "label2": target._meta.label}
                )
    return [*_ordered(owned), AuditEntry]


def _ordered(owned: list[type[models.Model]]) -> list[type[models.Model]]:
    """Parents before children; a cycle is broken at a nullable key (filled in afterwards)."""
    remaining = list(owned)
    done: list[type[models.Model]] = []
    while remaining:
        ready = [
            m
            for m in remaining
            if all(f.related_model not in remaining or f.related_model is m for f in _relations(m))
        ]
        if not ready:  # a cycle: take one whose keys into the rest are all nullable
            ready = [
                m
                for m in remaining
                if all(
                    f.null for f in _relations(m) if f.related_model in remaining and f.related_model is not m
                )
            ][:1]
            if not ready:
                raise TransferError(_("the event's models reference each other through required keys"))
        for model in ready:
            remaining.remove(model)
            done.append(model)
    return done


# -------------------------------------------------------------------------- values


def _encode(value: Any) -> Any:
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return duration_iso_string(value)
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    raise TypeError(_("cannot write %(name)s to an event file") % {"name": type(value).__name__})


def _chunks(values: Iterable, size: int = CHUNK):
    values = list(values)
    for start in range(0, len(values), size):
        yield values[start : start + size]
