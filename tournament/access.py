"""Who may do what at an event: the one access policy of the tournament app.

Every permission question of the core ("may this user do this to this event?") is answered
here, from the role vocabulary in ``tournament.enums`` (``JUDGE_ROLES``, ``RESULT_ROLES``...).
Every action is named once in ``ACTIONS`` (action -> roles): services call ``require``,
views, API views and templates ``can``/``allowed_actions`` and the ``event_for_*`` access
functions with the same name, so all of them give the same answer. The add-ons
(decklists, judging, mirror) name their own actions in their ``access.ACTIONS`` tables and
ask the same functions with ``table=ACTIONS``: one mechanism, one table per app.

Conventions:

- the user always comes first: ``can_x(user, event)``, ``require_role(actor, event, roles, what)``;
- ``actor=None`` means the system (management commands, tasks, tests setting up data): it holds
  every authority and role checks are skipped for it. An anonymous web user is never ``None``
  (Django gives ``AnonymousUser``), so a request can never pass as the system;
- superusers hold every staff role at every event, so the admin can always step in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from core.errors import NotAllowed
from core.models import AuditEntry

from .enums import (
    CLOCK_ROLES,
    EVENT_EDIT_ROLES,
    MANAGE_ROLES,
    OFFICIAL_ROLES,
    PLAYER_ID_ROLES,
    REL,
    RESULT_ROLES,
    STAFF_ADMIN_ROLES,
    EventStatus,
    StaffRole,
)
from .models import Event, PlayerProfile, Registration, StaffAssignment, TeamInvitation

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
        raise NotAllowed(
            message
            or _("only the %(role_names)s may %(what)s") % {"role_names": role_names(roles), "what": what},
            code=code,
        )
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
    raise NotAllowed(
        message or _("only the player or the scorekeeper may %(what)s") % {"what": what}, code="role"
    )


# --------------------------------------------------------------------------- predicates


# --------------------------------------------------------------------------- actions
#
# Every action of the tournament app is named once, here, with the roles that may do it.
# Services check with ``require(actor, event, action, what)``, views, the API and templates
# ask ``can(user, event, action)`` / ``allowed_actions(user, event)`` /
# ``event_for_staff(user, slug, action=...)``, and the permission matrix tests
# (tests/hardening/test_permission_matrix.py) test each name: "who may correct a result" is the
# ``"enter_results"`` line below and nowhere else.

ACTIONS: dict[str, frozenset] = {
    # TR&P 2.1 officials: the staff pages, screens, keep-apart list, result sheets.
    "view_staff_pages": frozenset(OFFICIAL_ROLES),
    # Pair, re-pair, edit and publish rounds; seat pods; close team matches.
    "run_rounds": frozenset(RESULT_ROLES),
    # Enter, correct and accept reported results.
    "enter_results": frozenset(RESULT_ROLES),
    # Start, pause and adjust the round clock; extend matches; record no-shows; apply a
    # penalty to a result.
    "use_clock": frozenset(CLOCK_ROLES),
    # Register others, check in, drop, walk-ins, keep apart, feature tables, seat drafts.
    "manage_players": frozenset(MANAGE_ROLES),
    "finish_event": frozenset(MANAGE_ROLES),
    # Edit the event's settings, days and fixed tables; reopen it.
    "change_event": frozenset(EVENT_EDIT_ROLES),
    "assign_staff": frozenset(STAFF_ADMIN_ROLES),
    # The head judge proper: re-enter a dropped player, disqualify (PPG 1.4).
    "re_enter": frozenset({StaffRole.HEAD_JUDGE}),
    "disqualify": frozenset({StaffRole.HEAD_JUDGE}),
    # Every player's ID (see "player privacy" below).
    "see_player_ids": frozenset(PLAYER_ID_ROLES),
}


def roles_for(action: str, table: dict[str, frozenset] | None = None) -> frozenset:
    """The roles that may do ``action`` (a ``ValueError`` naming it when it is not in the table)."""
    table = ACTIONS if table is None else table
    try:
        return table[action]
    except KeyError:
        raise ValueError(
            _("unknown action %(action)s: not in the access table") % {"action": repr(action)}
        ) from None


def can(user, event: Event, action: str, *, table: dict[str, frozenset] | None = None) -> bool:
    """True if ``user`` may do ``action`` at ``event`` (``ACTIONS``, or an add-on's ``table``)."""
    return has_role(user, event, roles_for(action, table))


def require(
    actor,
    event: Event,
    action: str,
    what: str | None = None,
    *,
    message: str | None = None,
    code: str = "role",
    table: dict[str, frozenset] | None = None,
) -> set[str]:
    """``require_role`` for a named ``action``; ``what`` words the refusal ("correct results").
    An add-on passes its own ``table`` (its ``access.ACTIONS``)."""
    return require_role(
        actor, event, roles_for(action, table), what or action.replace("_", " "), message=message, code=code
    )


def allowed_actions(user, event: Event, table: dict[str, frozenset] | None = None) -> dict[str, bool]:
    """``{action: may user do it}`` for template context (one lookup of the roles):
    ``{% if can.enter_results %}``."""
    held = staff_roles(user, event)
    table = ACTIONS if table is None else table
    return {action: bool(held & {str(r) for r in roles}) for action, roles in table.items()}


# --------------------------------------------------------------------------- who someone is


def is_official(user, event: Event) -> bool:
    """TR&P 2.1: organizer, head/appeals/floor judge or scorekeeper at this event."""
    return can(user, event, "view_staff_pages")


def is_head_judge(user, event: Event) -> bool:
    """The head judge proper (PPG 1.4 disqualifications, PPG 4.4 decklist changes, re-entries)."""
    return has_role(user, event, {StaffRole.HEAD_JUDGE})


def is_organizer(user, event: Event) -> bool:
    return has_role(user, event, {StaffRole.ORGANIZER})


# --------------------------------------------------------------------------- access functions


def event_for_staff(
    user, slug: str, *, action: str | None = None, table: dict[str, frozenset] | None = None
) -> Event:
    """The event ``slug`` if ``user`` is on its staff (and may do ``action`` when given; an
    add-on's action is looked up in its own ``table``).

    Raises ``Http404`` for an unknown slug and ``PermissionDenied`` otherwise.
    """
    roles = roles_for(action, table) if action is not None else None
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404(_("no event %(slug)s") % {"slug": repr(slug)})
    held = staff_roles(user, event)
    if not held and event.status == EventStatus.DRAFT:
        raise Http404(
            _("no event %(slug)s") % {"slug": repr(slug)}
        )  # a draft event does not exist for non-staff
    if not held or (roles is not None and not held & {str(r) for r in roles}):
        raise PermissionDenied(
            _("you are not on this event's staff") if not held else _("your role cannot do this")
        )
    return event


def event_by_slug(slug: str) -> Event:
    """The event ``slug`` or ``Http404`` (public pages)."""
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404(_("no event %(slug)s") % {"slug": repr(slug)})
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
        raise Http404(_("no event %(slug)s") % {"slug": repr(slug)})
    return event


# --------------------------------------------------------------------------- player privacy
#
# A player's ID (GEM ID) is what a player registers with, so it is shown only to the player
# themself and to the officials of an event the player entered: pages, API answers, exports
# and public PDFs show names. Match slips and the staff's own documents keep the IDs. At a
# Casual event the organizer may also shorten the names the public sees to the first name and
# the initial of the last name (``Event.short_public_names``).


def can_see_player_ids(user, event: Event) -> bool:
    """True if ``user`` sees every player's ID at ``event``: its officials (and the system)."""
    return user is None or can(user, event, "see_player_ids")


def shows_short_names(event: Event) -> bool:
    """True if the public sees "First L." at ``event`` (the organizer's choice, Casual only)."""
    return bool(event.short_public_names) and event.rel == REL.CASUAL


def short_name(display_name: str) -> str:
    """``"Ada Lovelace"`` -> ``"Ada L."``; a single name is kept as it is."""
    parts = (display_name or "").split()
    if len(parts) < 2:
        return " ".join(parts)
    return f"{parts[0]} {parts[-1][0].upper()}."


def _profile(player) -> PlayerProfile | None:
    """The profile of a ``PlayerProfile`` or a ``Registration`` (None for a bye)."""
    if player is None:
        return None
    return player.player if isinstance(player, Registration) else player


@dataclass(frozen=True)
class PlayerLens:
    """What one viewer sees of the players of one event (build it with ``player_lens``).

    ``show_ids``: every player's ID (the event's officials); ``short_names``: others' names as
    "First L."; ``own_player_pk``: the viewer's own profile, whose ID and full name they see.
    """

    show_ids: bool = False
    short_names: bool = False
    own_player_pk: int | None = None

    def is_self(self, player) -> bool:
        profile = _profile(player)
        return profile is not None and self.own_player_pk is not None and profile.pk == self.own_player_pk

    def player_id(self, player) -> str | None:
        """The player's ID, or None when this viewer may not see it (or for a bye)."""
        profile = _profile(player)
        if profile is None or not (self.show_ids or self.is_self(profile)):
            return None
        return profile.player_id

    def name(self, player) -> str:
        profile = _profile(player)
        if profile is None:
            return ""
        if self.short_names and not self.is_self(profile):
            return short_name(profile.display_name)
        return profile.display_name

    def redact(self, row: dict, player, *, id_key: str = "player_id", name_key: str = "name") -> dict:
        """``row`` with its player ID and name as this viewer sees them."""
        out = dict(row)
        if id_key in out:
            out[id_key] = self.player_id(player)
        if name_key in out:
            out[name_key] = self.name(player)
        return out


#: The staff's view: every ID and full name (match slips, staff PDFs, management commands).
STAFF_LENS = PlayerLens(show_ids=True)


def public_lens(event: Event) -> PlayerLens:
    """What anyone sees: no IDs, short names when the organizer chose them."""
    return PlayerLens(short_names=shows_short_names(event))


def player_lens(user, event: Event) -> PlayerLens:
    """What ``user`` sees of ``event``'s players: officials everything, a player their own ID."""
    if can_see_player_ids(user, event):
        return STAFF_LENS
    own = None
    if getattr(user, "is_authenticated", False):
        own = PlayerProfile.objects.filter(user=user).values_list("pk", flat=True).first()
    return PlayerLens(short_names=shows_short_names(event), own_player_pk=own)


def document_lens(user, event: Event) -> PlayerLens:
    """The lens of a printed document: the staff's for officials, the public's for anyone
    else (one public file serves every reader, so it carries nobody's ID)."""
    return STAFF_LENS if can_see_player_ids(user, event) else public_lens(event)


# --------------------------------------------------------------------------- team invitations


def is_invitee(user, invitation: TeamInvitation) -> bool:
    """True if ``user``'s own profile has the invited player ID (the one who answers)."""
    if not getattr(user, "is_authenticated", False):
        return False
    own = PlayerProfile.objects.filter(user=user).values_list("player_id", flat=True).first()
    return own is not None and own.upper() == invitation.player_id.upper()


def access_team_invitation(user, pk: int) -> TeamInvitation:
    """A team invitation for the invited player, the player who made it and the event's
    managers; ``Http404`` for anyone else, so an invitation says nothing to a stranger."""
    invitation = TeamInvitation.objects.select_related("event").filter(pk=pk).first()
    if invitation is not None and (
        is_invitee(user, invitation)
        or (invitation.invited_by_id is not None and invitation.invited_by_id == getattr(user, "pk", None))
        or can(user, invitation.event, "manage_players")
    ):
        return invitation
    raise Http404(_("no such invitation"))


def team_invitations_for(user, *, event: Event | None = None):
    """The open invitations addressed to ``user``'s player ID (all events, or ``event``)."""
    own = (
        PlayerProfile.objects.filter(user=user).values_list("player_id", flat=True).first()
        if getattr(user, "is_authenticated", False)
        else None
    )
    if own is None:
        return TeamInvitation.objects.none()
    qs = TeamInvitation.objects.filter(player_id__iexact=own, status="pending").select_related("event")
    return qs.filter(event=event) if event is not None else qs


# --------------------------------------------------------------------------- who plays as which ID


def is_site_official(user) -> bool:
    """A site administrator (``is_staff``) or superuser: decides any player ID link."""
    return bool(
        user is not None and getattr(user, "is_authenticated", False) and (user.is_superuser or user.is_staff)
    )


#: A profile's first registration counts as its home only when made this soon after the profile
#: (the desk, a walk-in, a confirmed self-registration and an import make both together).
HOME_REGISTRATION_WINDOW = timedelta(hours=1)


def home_registration(profile: PlayerProfile) -> Registration | None:
    """The first registration ever made of ``profile``: the event where its ID entered Arbiter.

    The lowest id, not the earliest ``created_at``: an imported event file keeps the file's
    timestamps, but every row it makes gets a new id."""
    return Registration.objects.filter(player=profile).order_by("pk").first()


def _made_by(user, obj, action: str) -> bool:
    return AuditEntry.objects.filter(
        action=action,
        content_type=ContentType.objects.get_for_model(type(obj)),
        object_id=str(obj.pk),
        actor_id=user.pk,
    ).exists()


def link_evidence_events(claimant, *, player_id: str, event_id: int | None = None, asked_at=None) -> set[int]:
    """The events whose player managers (``MANAGE_ROLES``) may confirm that ``claimant`` plays
    as ``player_id`` (TR&P 1.5: the ID is enough to act as its player; docs/access.md).

    - An ID on file, not linked: only its home event (``home_registration``), and only when that
      registration was made with the profile (within ``HOME_REGISTRATION_WINDOW``) and before the
      request (``asked_at``), neither it nor the profile was made by the claimant, and the
      claimant never held a staff role there. A later registration proves nothing: any account
      can open an event and register any ID in it.
    - An ID on file linked to an account: none (never handed over; a site official undoes a
      link first, ``unlink_player_account``).
    - An ID not on file: the event where the player asked to register with it (``event_id``)
      and the events where the claimant's own walk-in (temporary) profile plays, where the
      claimant never held a staff role.
    """
    profile = PlayerProfile.objects.filter(player_id__iexact=(player_id or "").strip()).first()
    staffed = set(StaffAssignment.objects.filter(user_id=claimant.pk).values_list("event_id", flat=True))
    if profile is not None:
        if profile.user_id is not None:
            return set()
        home = home_registration(profile)
        if home is None or home.event_id in staffed:
            return set()
        if home.created_at > profile.created_at + HOME_REGISTRATION_WINDOW:
            # The profile first played long after it was made (made by an official, or its first
            # events deleted): whoever registered it first proves nothing; a site official decides.
            return set()
        if asked_at is not None and home.created_at >= asked_at:
            return set()
        if _made_by(claimant, home, "registration.create") or _made_by(claimant, profile, "player.create"):
            return set()
        return {home.event_id}
    events = set(
        Registration.objects.filter(player__user_id=claimant.pk, player__is_temporary=True).values_list(
            "event_id", flat=True
        )
    )
    if event_id is not None:
        events.add(event_id)
    return events - staffed


def can_link_player_id(
    actor, *, claimant, player_id: str, event_id: int | None = None, asked_at=None
) -> bool:
    """May ``actor`` confirm that ``claimant`` plays as ``player_id``? Never the claimant
    themself; a site official always; otherwise a player manager of one of
    ``link_evidence_events``. ``actor=None`` is the system."""
    if actor is None:
        return True
    if not getattr(actor, "is_authenticated", False) or actor.pk == claimant.pk:
        return False
    if is_site_official(actor):
        return True
    events = link_evidence_events(claimant, player_id=player_id, event_id=event_id, asked_at=asked_at)
    return StaffAssignment.objects.filter(
        user=actor,
        event_id__in=events,
        ended_at__isnull=True,
        role__in=[str(r) for r in roles_for("manage_players")],
    ).exists()
