"""The officials' side of a decklist: accept, reject, grant an exception, fix (the head judge,
PPG 4.4), lock, set the deadline, publish (the organizer, TR&P 3.7)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.audit import record_audit
from core.errors import ConflictError, DomainError
from tournament.enums import EventStatus
from tournament.models import Event
from tournament.services import require_event_open
from tournament.signals import news

from .. import access
from ..enums import FROZEN, DecklistKind, DecklistSource, DecklistStatus
from ..models import Decklist, DecklistPolicy
from ..text import check_text
from ._common import _apply, _lock_row, _snapshot, run_validation

# -- official actions ----------------------------------------------------------------------


@transaction.atomic
def accept_decklist(decklist: Decklist, *, actor) -> Decklist:
    """An official accepts a submitted list (TR&P 3.7); from then on the player cannot alter it.

    Idempotent for an accepted or locked list. Raises DomainError for a draft, or for a
    list with errors and no head-judge exception.
    """
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    access.require(actor, event, "review_decklists")
    require_event_open(event)
    if decklist.status in FROZEN:
        return decklist
    if decklist.status != DecklistStatus.SUBMITTED:
        raise DomainError(
            gettext("Only a submitted list can be accepted; this one is still a draft."), code="draft"
        )
    if decklist.error_count and not decklist.has_exception:
        raise DomainError(
            gettext("The list has %(error_count)s error(s); the head judge must accept an exception first.")
            % {"error_count": decklist.error_count},
            code="illegal",
        )
    before = _snapshot(decklist)
    decklist.status = DecklistStatus.ACCEPTED
    decklist.accepted_at = timezone.now()
    decklist.accepted_by = actor
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.accept",
        before=before,
        after=_snapshot(decklist),
        event_id=event.id,
    )
    news.send(sender="decklist.accept", event=event, decklist=decklist, reason="")
    return decklist


@transaction.atomic
def reject_decklist(decklist: Decklist, *, actor, reason: str) -> Decklist:
    """TR&P 3.7: an illegal, illegible or badly formatted list may be rejected: back to draft."""
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    access.require(actor, event, "review_decklists")
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError(gettext("Say why the list is rejected."), field="reason")
    if decklist.status != DecklistStatus.SUBMITTED:
        raise ConflictError(gettext("Only a submitted list can be rejected."), code="not_submitted")
    before = _snapshot(decklist)
    decklist.status = DecklistStatus.DRAFT
    decklist.submitted_at = None
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.reject",
        before=before,
        after=_snapshot(decklist),
        reason=reason,
        event_id=event.id,
    )
    news.send(sender="decklist.reject", event=event, decklist=decklist, reason=reason.strip())
    return decklist


@transaction.atomic
def grant_exception(decklist: Decklist, *, actor, reason: str) -> Decklist:
    """The head judge accepts a list despite its errors; the exception and reason are recorded."""
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    access.require(actor, event, "change_accepted_lists")
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError(gettext("An exception needs a reason."), field="reason")
    before = {**_snapshot(decklist), "exception_reason": decklist.exception_reason}
    decklist.exception_by = actor
    decklist.exception_reason = reason.strip()
    decklist.exception_at = timezone.now()
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.exception",
        before=before,
        after={**_snapshot(decklist), "exception_reason": decklist.exception_reason},
        reason=reason,
        event_id=event.id,
    )
    return decklist


@transaction.atomic
def fix_decklist(decklist: Decklist, *, actor, text: str, reason: str, db: Any = None) -> Decklist:
    """PPG 4.4 (Decklist Error): the head judge updates the list to match the player's intent,
    or removes illegal cards. Status is kept; the before and after are audited.

    For a limited pool this is the judge's sign-off of a correction (TR&P 8.1.1 "Validate").
    """
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    if decklist.kind == DecklistKind.POOL and decklist.status == DecklistStatus.SUBMITTED:
        access.require(actor, event, "review_decklists")
    elif decklist.status in FROZEN:
        access.require(actor, event, "change_accepted_lists")
    else:
        access.require(actor, event, "manage_decklists")
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError(gettext("A correction needs a reason."), field="reason")
    check_text(text)
    before = _snapshot(decklist)
    result = run_validation(decklist, text, db=db)
    _apply(decklist, text, result)
    decklist.source = DecklistSource.JUDGE_FIX
    decklist.version += 1
    if decklist.kind == DecklistKind.POOL:
        decklist.signed_off_by = actor
        decklist.signed_off_at = timezone.now()
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.fix",
        before=before,
        after=_snapshot(decklist),
        reason=reason,
        event_id=event.id,
    )
    return decklist


@transaction.atomic
def lock_event_decklists(event: Event, *, actor) -> int:
    """Lock every accepted list of the event (e.g. when round 1 begins). Returns how many."""
    access.require(actor, event, "manage_decklists")
    require_event_open(event)
    now = timezone.now()
    count = 0
    for decklist in Decklist.objects.select_for_update().filter(
        registration__event=event, status=DecklistStatus.ACCEPTED
    ):
        before = _snapshot(decklist)
        decklist.status = DecklistStatus.LOCKED
        decklist.locked_at = now
        decklist.save(update_fields=["status", "locked_at", "updated_at"])
        record_audit(
            decklist,
            actor=actor,
            action="decklist.lock",
            before=before,
            after=_snapshot(decklist),
            event_id=event.id,
        )
        count += 1
    return count


def _policy_for_update(event: Event) -> DecklistPolicy:
    policy, _ = DecklistPolicy.objects.select_for_update().get_or_create(event=event)
    return policy


@transaction.atomic
def set_decklist_deadline(
    event: Event,
    *,
    actor,
    deadline: datetime | None,
    construction_ends_at: datetime | None = None,
    limited_sets: str | None = None,
) -> DecklistPolicy:
    """TR&P 3.7: the organizer may set another time for handing lists in; for limited
    events also the end of deck construction and the set(s) used (TR&P 8.1, 8.2)."""
    access.require(actor, event, "manage_decklists")
    policy = _policy_for_update(event)
    before = {
        "deadline": policy.deadline,
        "construction_ends_at": policy.construction_ends_at,
        "limited_sets": policy.limited_sets,
    }
    policy.deadline = deadline
    policy.construction_ends_at = construction_ends_at
    if limited_sets is not None:
        codes = [c.strip().upper() for c in limited_sets.replace(";", ",").split(",") if c.strip()]
        bad = [c for c in codes if not c.isalnum() or len(c) > 6]
        if bad:
            raise DomainError(
                gettext("Set codes are short letters and digits such as HNT; not %(bad)s.")
                % {"bad": ", ".join(bad)},
                field="limited_sets",
            )
        policy.limited_sets = ", ".join(codes)
    policy.save()
    record_audit(
        event,
        actor=actor,
        action="decklist.deadline",
        before=before,
        after={
            "deadline": deadline,
            "construction_ends_at": construction_ends_at,
            "limited_sets": policy.limited_sets,
        },
        event_id=event.id,
    )
    return policy


@transaction.atomic
def publish_event_decklists(event: Event, *, actor) -> DecklistPolicy:
    """TR&P 3.7: after the event the organizer may publish its accepted lists."""
    access.require(actor, event, "publish_decklists")
    if event.status != EventStatus.FINISHED:
        raise DomainError(
            gettext("Decklists can be published once the event is finished."), code="not_finished"
        )
    policy = _policy_for_update(event)
    if policy.published_at is not None:
        return policy
    policy.published_at = timezone.now()
    policy.published_by = actor
    policy.save()
    record_audit(
        event,
        actor=actor,
        action="decklist.publish",
        before=None,
        after={"published_at": policy.published_at},
        event_id=event.id,
    )
    return policy
