"""Staff: assigning and ending officials' roles at an event (TR&P 2.1)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError, NotAllowed

from ..access import (
    forget_cached_roles,
    require,
)
from ..citations import cite
from ..enums import (
    JUDGE_ROLES,
    RegistrationStatus,
    StaffRole,
)
from ..models import (
    Event,
    Registration,
    StaffAssignment,
    StaffInvitation,
)
from ._common import _atomic, _audit, _choice, _lock_event, require_event_open
from ._shared import _check_official_eligibility

# --------------------------------------------------------------------------- staff


@_atomic
def assign_staff(event: Event, *, user, role: str, actor) -> StaffAssignment:
    """Give ``user`` an official role at ``event`` (the organizer designates officials, TR&P 2.2).

    Refused, each with the rule: a second head judge (one official HJ, TR&P 2.1); a player of
    a Skirmish or tier 2+ tournament as an official (TR&P 1.4); the organizer as a judge at
    tier 2+ or a judge as organizer at tier 2+ (TR&P 2.1); the same role twice (409).
    """
    require(actor, event, "assign_staff", "assign staff")
    _choice(role, StaffRole, "role")
    event = _lock_event(event)
    require_event_open(event)
    active = StaffAssignment.objects.filter(event=event, ended_at__isnull=True)
    held = set(active.filter(user=user).values_list("role", flat=True))
    if role in held:
        raise ConflictError(
            _("%(user)s is already %(label)s at this event")
            % {"user": user, "label": StaffRole(role).label.lower()},
            field="role",
        )
    _check_official_eligibility(user, event)
    if role == StaffRole.HEAD_JUDGE and active.filter(role=StaffRole.HEAD_JUDGE).exists():
        raise DomainError(
            _("this event already has a head judge; add appeals judges instead (%(cite)s)")
            % {"cite": cite(event, "officials")},
            code="rule",
            field="role",
        )
    if event.officials_cannot_play:
        played = Registration.objects.filter(event=event, player__user=user).exclude(
            status=RegistrationStatus.WAITLISTED
        )
        if played.exists():
            raise DomainError(
                _(
                    "%(user)s is registered as a player; at a Skirmish or tier 2+ tournament a player cannot also be an official (%(cite)s)"
                )
                % {"user": user, "cite": cite(event, "officials_play")},
                code="rule",
                field="user",
            )
    if event.organizer_cannot_judge:
        if role in JUDGE_ROLES and StaffRole.ORGANIZER in held:
            raise DomainError(
                _("%(user)s is the organizer; at tier 2+ the organizer cannot be a judge (%(cite)s)")
                % {"user": user, "cite": cite(event, "officials")},
                code="rule",
                field="role",
            )
        if role == StaffRole.ORGANIZER and held & JUDGE_ROLES:
            raise DomainError(
                _("%(user)s is a judge; at tier 2+ the organizer cannot be a judge (%(cite)s)")
                % {"user": user, "cite": cite(event, "officials")},
                code="rule",
                field="role",
            )
    try:
        with transaction.atomic():
            assignment = StaffAssignment.objects.create(event=event, user=user, role=role)
    except IntegrityError as exc:
        raise ConflictError(_("that role was just assigned by someone else; reload"), field="role") from exc
    forget_cached_roles(user)
    _audit(assignment, event=event, actor=actor, action="staff.assign", after={"user": user.pk, "role": role})
    return assignment


@_atomic
def end_staff_assignment(assignment: StaffAssignment, *, actor, reason: str = "") -> StaffAssignment:
    """End a role (kept with ``ended_at`` for the trail, EV-09). The last organizer stays."""
    event = assignment.event
    require(actor, event, "assign_staff", "remove staff")
    require_event_open(event)
    if assignment.ended_at is not None:
        raise ConflictError(_("this assignment has already ended"))
    if (
        assignment.role == StaffRole.ORGANIZER
        and not StaffAssignment.objects.filter(event=event, role=StaffRole.ORGANIZER, ended_at__isnull=True)
        .exclude(pk=assignment.pk)
        .exists()
    ):
        raise DomainError(
            _("an event keeps at least one organizer (%(cite)s)") % {"cite": cite(event, "officials")},
            code="rule",
        )
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


# --------------------------------------------------------------------------- adding staff from the pages

#: How long an invitation link works.
INVITATION_DAYS = 7


@_atomic
def assign_staff_by_username(event: Event, *, username: str, role: str, actor) -> StaffAssignment:
    """``assign_staff`` for the account named ``username`` (any case). An unknown name is a
    plain refusal that says to send an invitation link instead (accounts are found by
    username only, never by e-mail address)."""
    require(actor, event, "assign_staff", "assign staff")
    username = (username or "").strip()
    if not username or any(ord(ch) < 32 for ch in username):
        raise DomainError(_("type the account's username"), field="username")
    user = get_user_model().objects.filter(username__iexact=username[:150]).first()
    if user is None:
        raise DomainError(
            _("no account is called %(username)s: check the spelling, or send an invitation link")
            % {"username": repr(username[:150])},
            field="username",
        )
    return assign_staff(event, user=user, role=role, actor=actor)


@_atomic
def invite_staff(event: Event, *, role: str, actor) -> StaffInvitation:
    """A one-use link that makes whoever accepts it ``role`` at ``event`` (TR&P 2.2), valid for
    ``INVITATION_DAYS`` days. The role's rules are checked when it is accepted."""
    require(actor, event, "assign_staff", "invite staff")
    _choice(role, StaffRole, "role")
    require_event_open(event)
    invitation = StaffInvitation.objects.create(
        event=event,
        role=role,
        key=secrets.token_urlsafe(24),
        created_by=actor if getattr(actor, "is_authenticated", False) else None,
        expires_at=timezone.now() + timedelta(days=INVITATION_DAYS),
    )
    _audit(invitation, event=event, actor=actor, action="staff.invite", after={"role": role})
    return invitation


def open_invitation(key: str) -> StaffInvitation:
    """The invitation ``key`` names while it can still be accepted; a ``DomainError`` saying why
    not otherwise (the same answer for an unknown key and a revoked one)."""
    invitation = (
        StaffInvitation.objects.select_related("event", "created_by")
        .filter(key=(key or "")[:64].replace("\x00", ""))
        .first()
    )
    if invitation is None or invitation.revoked_at is not None:
        raise DomainError(
            _("this invitation link is not valid: ask the organizer for a new one"), code="invitation"
        )
    if invitation.used_at is not None:
        raise DomainError(
            _("this invitation link has already been used: ask the organizer for a new one"),
            code="invitation",
        )
    if invitation.expires_at <= timezone.now():
        raise DomainError(
            _("this invitation link has expired: ask the organizer for a new one"), code="invitation"
        )
    return invitation


@_atomic
def accept_staff_invitation(key: str, *, user) -> StaffAssignment:
    """``user`` takes the role an invitation offers. The organizer who made it must still be
    able to assign staff; every eligibility rule of ``assign_staff`` applies (TR&P 1.4, 2.1)."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("log in to accept the invitation"), code="login")
    invitation = open_invitation(key)
    invitation = (
        StaffInvitation.objects.select_for_update(of=("self",))
        .select_related("event", "created_by")
        .get(pk=invitation.pk)
    )
    open_invitation(invitation.key)  # again, under the lock: used once
    inviter = invitation.created_by
    if inviter is None:
        raise DomainError(_("the organizer who sent this link no longer has an account: ask for a new one"))
    try:
        assignment = assign_staff(invitation.event, user=user, role=invitation.role, actor=inviter)
    except NotAllowed:
        raise DomainError(
            _("the person who sent this link can no longer add staff to this event: ask the organizer"),
            code="invitation",
        ) from None
    invitation.used_by = user
    invitation.used_at = timezone.now()
    invitation.save(update_fields=["used_by", "used_at"])
    _audit(
        invitation,
        event=invitation.event,
        actor=user,
        action="staff.invitation_accepted",
        after={"user": user.pk, "role": invitation.role},
    )
    return assignment


@_atomic
def revoke_staff_invitation(invitation: StaffInvitation, *, actor) -> StaffInvitation:
    """The link stops working (organizer)."""
    require(actor, invitation.event, "assign_staff", "revoke an invitation")
    invitation = StaffInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.revoked_at is None and invitation.used_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        _audit(
            invitation,
            event=invitation.event,
            actor=actor,
            action="staff.invite_revoked",
            before={"role": invitation.role},
        )
    return invitation
