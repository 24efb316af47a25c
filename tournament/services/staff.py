"""Staff: assigning and ending officials' roles at an event (TR&P 2.1)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.errors import ConflictError, DomainError

from ..access import (
    forget_cached_roles,
    require_role,
)
from ..citations import cite
from ..enums import (
    JUDGE_ROLES,
    STAFF_ADMIN_ROLES,
    RegistrationStatus,
    StaffRole,
)
from ..models import (
    Event,
    Registration,
    StaffAssignment,
)
from ._common import _atomic, _audit, _choice, _lock_event, require_event_open
from .registration import _check_official_eligibility

# --------------------------------------------------------------------------- staff


@_atomic
def assign_staff(event: Event, *, user, role: str, actor) -> StaffAssignment:
    """Give ``user`` an official role at ``event`` (the organizer designates officials, TR&P 2.2).

    Refused, each with the rule: a second head judge (one official HJ, TR&P 2.1); a player of
    a Skirmish or tier 2+ tournament as an official (TR&P 1.4); the organizer as a judge at
    tier 2+ or a judge as organizer at tier 2+ (TR&P 2.1); the same role twice (409).
    """
    require_role(actor, event, STAFF_ADMIN_ROLES, "assign staff")
    _choice(role, StaffRole, "role")
    event = _lock_event(event)
    require_event_open(event)
    active = StaffAssignment.objects.filter(event=event, ended_at__isnull=True)
    held = set(active.filter(user=user).values_list("role", flat=True))
    if role in held:
        raise ConflictError(f"{user} is already {StaffRole(role).label.lower()} at this event", field="role")
    _check_official_eligibility(user, event)
    if role == StaffRole.HEAD_JUDGE and active.filter(role=StaffRole.HEAD_JUDGE).exists():
        raise DomainError(
            f"this event already has a head judge; add appeals judges instead ({cite(event, 'officials')})",
            code="rule",
            field="role",
        )
    if event.officials_cannot_play:
        played = Registration.objects.filter(event=event, player__user=user).exclude(
            status=RegistrationStatus.WAITLISTED
        )
        if played.exists():
            raise DomainError(
                f"{user} is registered as a player; at a Skirmish or tier 2+ tournament a player "
                f"cannot also be an official ({cite(event, 'officials_play')})",
                code="rule",
                field="user",
            )
    if event.organizer_cannot_judge:
        if role in JUDGE_ROLES and StaffRole.ORGANIZER in held:
            raise DomainError(
                f"{user} is the organizer; at tier 2+ the organizer cannot be a judge ({cite(event, 'officials')})",
                code="rule",
                field="role",
            )
        if role == StaffRole.ORGANIZER and held & JUDGE_ROLES:
            raise DomainError(
                f"{user} is a judge; at tier 2+ the organizer cannot be a judge ({cite(event, 'officials')})",
                code="rule",
                field="role",
            )
    try:
        with transaction.atomic():
            assignment = StaffAssignment.objects.create(event=event, user=user, role=role)
    except IntegrityError as exc:
        raise ConflictError("that role was just assigned by someone else; reload", field="role") from exc
    forget_cached_roles(user)
    _audit(assignment, event=event, actor=actor, action="staff.assign", after={"user": user.pk, "role": role})
    return assignment


@_atomic
def end_staff_assignment(assignment: StaffAssignment, *, actor, reason: str = "") -> StaffAssignment:
    """End a role (kept with ``ended_at`` for the trail, EV-09). The last organizer stays."""
    event = assignment.event
    require_role(actor, event, STAFF_ADMIN_ROLES, "remove staff")
    require_event_open(event)
    if assignment.ended_at is not None:
        raise ConflictError("this assignment has already ended")
    if (
        assignment.role == StaffRole.ORGANIZER
        and not StaffAssignment.objects.filter(event=event, role=StaffRole.ORGANIZER, ended_at__isnull=True)
        .exclude(pk=assignment.pk)
        .exists()
    ):
        raise DomainError(f"an event keeps at least one organizer ({cite(event, 'officials')})", code="rule")
    assignment.ended_at = timezone.now()
    assignment.save(update_fields=["ended_at"])
    forget_cached_roles(assignment.user)
    _audit(
        assignment,
        event=event,
        actor=actor,
        action="staff.end",
        before={"role": assignment.role},
        reason=reason,
    )
    return assignment
