"""Plumbing shared by the service modules: the retrying transaction, locks, audit, snapshots."""

from __future__ import annotations

import functools
import random
import time

from django.db import OperationalError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError

from ..enums import EventStatus, RegistrationStatus
from ..models import (
    Event,
    Match,
    Registration,
)

# --------------------------------------------------------------------------- helpers

_LOCK_RETRIES = 40


def _atomic(fn):
    """``transaction.atomic`` that retries when SQLite reports its table or database locked.

    PostgreSQL serialises writers with row locks (select_for_update); SQLite has none, and its
    shared-cache in-memory databases fail at once instead of waiting. Retrying the whole
    transaction makes concurrent writers queue on both. Inside an outer transaction nothing
    is retried (the caller's transaction owns the outcome).
    """
    atomic_fn = transaction.atomic(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        for attempt in range(_LOCK_RETRIES):
            try:
                return atomic_fn(*args, **kwargs)
            except OperationalError as exc:
                locked = "locked" in str(exc)
                if not locked or connection.in_atomic_block or attempt == _LOCK_RETRIES - 1:
                    raise
                time.sleep(0.02 + random.random() * 0.05)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def _audit(obj, *, event: Event, actor, action: str, before=None, after=None, reason: str = "") -> None:
    record_audit(
        obj, actor=actor, action=action, before=before, after=after, reason=reason, event_id=event.pk
    )


#: Statuses in which an event takes no change at all until it is reopened.
CLOSED_STATUSES = (EventStatus.FINISHED, EventStatus.CANCELLED)


def require_event_open(event: Event) -> None:
    """Raise ``ConflictError`` (409, code "event_closed") when ``event`` is finished or cancelled.

    Every service that changes an event's players, rounds, results, decklists or penalties
    calls it after its role check: a finished event is closed for good until an organizer or
    head judge reopens it with a reason (``reopen_event``).
    """
    if event.status in CLOSED_STATUSES:
        raise ConflictError(
            _("the event is %(status)s: nothing can change until it is reopened")
            % {"status": event.get_status_display().lower()},
            code="event_closed",
        )


def _lock_event(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _lock_match(match: Match) -> Match:
    """The match row locked for this transaction (players joined for messages and audit)."""
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round", "round__event", "player_a__player", "player_b__player")
        .get(pk=match.pk)
    )


def _check_version(match: Match, expected_version: int | None) -> None:
    if expected_version is not None and match.version != expected_version:
        raise ConflictError(
            _(
                "table %(table_number)s changed since you loaded it (version %(expected_version)s, now %(version)s); reload and try again"
            )
            % {
                "table_number": match.table_number,
                "expected_version": expected_version,
                "version": match.version,
            },
            code="stale",
        )


def _snapshot_match(m: Match) -> dict:
    return {
        "result": m.result,
        "result_kind": m.result_kind,
        "games_a": m.games_a,
        "games_b": m.games_b,
        "games_drawn": m.games_drawn,
        "report_status": m.report_status,
        "player_a": m.player_a_id,
        "player_b": m.player_b_id,
        "table_number": m.table_number,
        "version": m.version,
    }


def _snapshot_registration(r: Registration) -> dict:
    return {
        "team": r.team_name,
        "position": r.team_position,
        "status": r.status,
        "dropped_in_round": r.dropped_in_round,
        "joined_in_round": r.joined_in_round,
        "fixed_table": r.fixed_table,
    }


def _mark_dropped(
    reg: Registration,
    *,
    event: Event,
    actor,
    reason: str,
    in_round: int | None,
    before: dict | None = None,
    when=None,
) -> None:
    """The one way a registration becomes dropped (TR&P 3.6): its status, when, the round it
    left in (None before round 1) and the audit entry. ``before``: a snapshot taken earlier, when
    the caller changed something else first (a conceded match)."""
    before = before if before is not None else _snapshot_registration(reg)
    reg.status = RegistrationStatus.DROPPED
    reg.dropped_at = when or timezone.now()
    reg.dropped_in_round = in_round
    reg.save(update_fields=["status", "dropped_at", "dropped_in_round"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.drop",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )


def _mark_checked_in(reg: Registration, *, event: Event, actor, when=None, reason: str = "") -> None:
    """The one way a registration is checked in: its status, when, and the audit entry."""
    reg.status = RegistrationStatus.CHECKED_IN
    reg.checked_in_at = when or timezone.now()
    reg.save(update_fields=["status", "checked_in_at"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.check_in",
        before={"status": "registered"},
        after={"status": "checked_in"},
        reason=reason,
    )


def _choice(value, enum, field_name: str):
    if value not in enum.values:
        allowed = ", ".join(str(v) for v in enum.values)
        raise DomainError(
            _("%(field_name)s %(value)s is not one of: %(allowed)s")
            % {"field_name": field_name, "value": repr(value), "allowed": allowed},
            code="choice",
            field=field_name,
        )
    return value
