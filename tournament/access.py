"""Who may do what at an event: the one access policy of the tournament app.

Every permission question of the core ("may this user do this to this event?") is answered
here, from the role vocabulary in ``tournament.enums`` (``JUDGE_ROLES``, ``RESULT_ROLES``...).
Services call ``require_role``; views, API views and templates call the ``can_*`` predicates
and the ``event_for_*`` access functions, so all of them give the same answer. The add-ons
(decklists, judging) build their own ``access.py`` on the same primitives.

Conventions:

- the user always comes first: ``can_x(user, event)``, ``require_role(actor, event, roles, what)``;
- ``actor=None`` means the system (management commands, tasks, tests setting up data): it holds
  every authority and role checks are skipped for it. An anonymous web user is never ``None``
  (Django gives ``AnonymousUser``), so a request can never pass as the system;
- superusers hold every staff role at every event, so the admin can always step in.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied
from django.http import Http404

from core.errors import NotAllowed

from .enums import (
    CLOCK_ROLES,
    EVENT_EDIT_ROLES,
    HEAD_ROLES,
    JUDGE_ROLES,
    MANAGE_ROLES,
    OFFICIAL_ROLES,
    RESULT_ROLES,
    STAFF_ADMIN_ROLES,
    EventStatus,
    StaffRole,
)
from .models import Event, Registration, StaffAssignment

# --------------------------------------------------------------------------- primitives


def staff_roles(user, event: Event) -> set[str]:
    """The active staff roles ``user`` holds at ``event`` (empty for anonymous users).

    Superusers hold every role so the admin can always step in. The answer is cached on the
    user object for its lifetime (one request); the staff services clear it with
    ``forget_cached_roles`` when they change that user's roles.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    if user.is_superuser:
        return {r.value for r in StaffRole}
    cache = user.__dict__.setdefault("_arbiter_roles", {})
    if event.pk not in cache:
        cache[event.pk] = set(
            StaffAssignment.objects.filter(event=event, user=user, ended_at__isnull=True).values_list(
                "role", flat=True
            )
        )
    return set(cache[event.pk])


def forget_cached_roles(user) -> None:
    """Drop the cached roles of ``user`` (after a staff change)."""
    if user is not None:
        user.__dict__.pop("_arbiter_roles", None)


def has_role(user, event: Event, roles: Iterable) -> bool:
    """True if ``user`` holds any of ``roles`` at ``event``."""
    return bool(staff_roles(user, event) & {str(r) for r in roles})


def role_names(roles: Iterable) -> str:
    """``roles`` as words for a message: "head judge, organizer"."""
    return ", ".join(sorted(StaffRole(r).label.lower() for r in roles))


def require_role(
    actor, event: Event, roles: Iterable, what: str, *, message: str | None = None, code: str = "role"
) -> set[str]:
    """Raise ``NotAllowed`` (403, code "role") unless ``actor`` holds one of ``roles`` at ``event``.

    ``actor=None`` is the system and passes. Returns the roles ``actor`` holds (every role
    for the system) so a service can branch on them without a second lookup. ``message`` and
    ``code`` override the default wording and error code where an app has its own.
    """
    if actor is None:
        return {r.value for r in StaffRole}
    held = staff_roles(actor, event)
    if not held & {str(r) for r in roles}:
        raise NotAllowed(message or f"only the {role_names(roles)} may {what}", code=code)
    return held


def require_self_or_role(
    actor, registration: Registration, roles: Iterable, what: str, *, message: str | None = None
) -> None:
    """Raise ``NotAllowed`` unless ``actor`` is the registered player or holds one of ``roles``.

    ``actor=None`` is the system and passes.
    """
    if actor is None or registration.player.user_id == actor.pk:
        return
    if has_role(actor, registration.event, roles):
        return
    raise NotAllowed(message or f"only the player or the scorekeeper may {what}", code="role")


# --------------------------------------------------------------------------- predicates


def is_official(user, event: Event) -> bool:
    """TR&P 2.1: organizer, head/appeals/floor judge or scorekeeper at this event."""
    return has_role(user, event, OFFICIAL_ROLES)


def is_judge(user, event: Event) -> bool:
    return has_role(user, event, JUDGE_ROLES)


def is_head_judge(user, event: Event) -> bool:
    """The head judge proper (PPG 1.4 disqualifications, PPG 4.4 decklist changes, re-entries)."""
    return has_role(user, event, {StaffRole.HEAD_JUDGE})


def has_head_authority(user, event: Event) -> bool:
    """Head judge or appeals judge (EV-09): confirm penalties, decide appeals."""
    return has_role(user, event, HEAD_ROLES)


def is_organizer(user, event: Event) -> bool:
    return has_role(user, event, {StaffRole.ORGANIZER})


def can_change_event(user, event: Event) -> bool:
    """Edit the event's settings and days."""
    return has_role(user, event, EVENT_EDIT_ROLES)


def can_assign_staff(user, event: Event) -> bool:
    return has_role(user, event, STAFF_ADMIN_ROLES)


def can_manage_players(user, event: Event) -> bool:
    """Register others, check in, drop, set fixed tables, finish the event."""
    return has_role(user, event, MANAGE_ROLES)


def can_run_rounds(user, event: Event) -> bool:
    """Pair, re-pair, edit and publish rounds; enter and correct results."""
    return has_role(user, event, RESULT_ROLES)


def can_use_clock(user, event: Event) -> bool:
    """Start, pause and adjust the round clock; extend matches; record no-shows."""
    return has_role(user, event, CLOCK_ROLES)


def dashboard_flags(user, event: Event) -> dict[str, bool]:
    """What the staff dashboard shows ``user`` (template context: one lookup of the roles)."""
    roles = staff_roles(user, event)
    return {
        "can_results": bool(roles & {str(r) for r in RESULT_ROLES}),
        "can_manage": bool(roles & {str(r) for r in MANAGE_ROLES}),
        "can_edit_event": bool(roles & {str(r) for r in EVENT_EDIT_ROLES}),
        "can_clock": bool(roles & {str(r) for r in CLOCK_ROLES}),
        "is_head_judge": StaffRole.HEAD_JUDGE in roles,
    }


# --------------------------------------------------------------------------- access functions


def event_for_staff(user, slug: str, *, roles=None) -> Event:
    """The event ``slug`` if ``user`` is on its staff (with one of ``roles`` when given).

    Raises ``Http404`` for an unknown slug and ``PermissionDenied`` otherwise.
    """
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404(f"no event {slug!r}")
    held = staff_roles(user, event)
    if not held and event.status == EventStatus.DRAFT:
        raise Http404(f"no event {slug!r}")  # a draft event does not exist for non-staff
    if not held or (roles is not None and not held & {str(r) for r in roles}):
        raise PermissionDenied(
            "you are not on this event's staff" if not held else "your role cannot do this"
        )
    return event


def event_by_slug(slug: str) -> Event:
    """The event ``slug`` or ``Http404`` (public pages)."""
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404(f"no event {slug!r}")
    return event


def event_is_visible(user, event: Event) -> bool:
    """True unless ``event`` is a draft (not announced yet) and ``user`` is not on its staff."""
    return event.status != EventStatus.DRAFT or is_official(user, event)


def event_for_viewer(user, slug: str) -> Event:
    """The event ``slug`` for a public page or endpoint shown to ``user``.

    A draft event is its staff's only: anyone else gets the same ``Http404`` as for an
    unknown slug, so neither its pages nor its existence leak before it is announced.
    """
    event = event_by_slug(slug)
    if not event_is_visible(user, event):
        raise Http404(f"no event {slug!r}")
    return event
