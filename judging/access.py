"""Who may do what in the judging app: judge calls, penalties, deck checks, reports.

Every action is named once in ``ACTIONS`` (action -> roles), on the core's mechanism
(``tournament.access``: ``can``, ``require``, ``event_for_staff`` with ``table=``) and role
vocabulary (``tournament.enums``); services, views, API views and templates all ask here.
``actor=None`` is the system, as everywhere (see ``tournament.access``).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from core.audit import FULL_VIEW, AuditView
from tournament import access as core_access
from tournament.access import event_for_staff, staff_roles
from tournament.enums import (
    CALL_EXTENSION_ROLES,
    CALL_READ_ROLES,
    HEAD_ROLES,
    JUDGE_ROLES,
    OFFICIAL_ROLES,
    PENALTY_READ_ROLES,
    RECONSTRUCTION_ROLES,
    REPORT_ROLES,
    StaffRole,
)
from tournament.models import Event, PlayerProfile, Registration, StaffAssignment

from . import selectors
from .enums import CallStatus, PenaltyType
from .models import DeckCheck, JudgeCall, Penalty

__all__ = [
    "ACTIONS",
    "ALL_ACTIONS",
    "AUDIT_POLICIES",
    "CallView",
    "access_call",
    "access_call_for_reconstruction",
    "access_deck_check",
    "access_penalty",
    "access_player_history",
    "access_reconstruction",
    "access_reconstruction_for_edit",
    "allowed_actions",
    "call_view",
    "calls_at_my_table",
    "can",
    "confirm_action",
    "event_for",
    "penalties_for_viewer",
    "reconstruction_viewer",
    "require",
    "roles_for",
]

# --------------------------------------------------------------------------- actions
#
# Every action of the judging app is named once, here, with the roles that may do it (the
# mechanism is the tournament's: ``tournament.access.ACTIONS``, ``can``, ``require``,
# ``event_for_staff``). Services check with ``require``, views, the API and templates ask
# ``can``/``event_for``/``allowed_actions`` (``{% if can.issue_penalties %}``), and the
# permission matrix (tests/hardening/test_permission_matrix.py) tests each name.

ACTIONS: dict[str, frozenset] = {
    # TR&P 3.9: any official of the event opens a judge call for a table.
    "open_calls": frozenset(OFFICIAL_ROLES),
    # Read a whole call (question, rulings, notes) and the list of calls.
    "read_calls": frozenset(CALL_READ_ROLES),
    # A call's table, status and time extension only (the scorekeeper runs the clock with it).
    "see_call_extensions": frozenset(CALL_EXTENSION_ROLES),
    # Claim, answer, rule on and close calls, record a reconstruction's ruling; the judges
    # assigned to floor zones and the readers of the zones' trail.
    "rule_on_calls": frozenset(JUDGE_ROLES),
    # Record that a player appeals a ruling (whoever reads the call takes the appeal to the head).
    "record_appeals": frozenset(CALL_READ_ROLES),
    # TR&P 2.1, EV-09: the head judge (or their appeals judge) decides appeals.
    "decide_appeals": frozenset(HEAD_ROLES),
    # Issue a penalty and apply a deferred one (PPG 1.2).
    "issue_penalties": frozenset(JUDGE_ROLES),
    # Confirm or reject a pending penalty (EV-09); a Disqualification is the head judge's
    # own, the tournament's "disqualify" (PPG 1.4, ``confirm_action``).
    "confirm_penalties": frozenset(HEAD_ROLES),
    # An event's penalties, and a player's history at the events where one reads them.
    "read_penalties": frozenset(PENALTY_READ_ROLES),
    # Requirements "Reports": statistics and penalty reports.
    "see_reports": frozenset(REPORT_ROLES),
    # Run a regular deck check and read the event's deck checks.
    "run_deck_checks": frozenset(JUDGE_ROLES),
    # Plan the deck checks of a round and start the other kinds (the head judge's call).
    "plan_deck_checks": frozenset(HEAD_ROLES),
    # See and edit the game-state reconstructions of the event's calls.
    "reconstruct": frozenset(RECONSTRUCTION_ROLES),
    # The judges' floor view (issue 30): every call reader.
    "view_floor": frozenset(CALL_READ_ROLES),
    # TR&P 2.1: divide the floor into zones, assign judges and see every zone at once: the head
    # judge, their appeals judge, and the organizer who sets the hall up before one is named.
    "divide_floor": frozenset(HEAD_ROLES | {StaffRole.ORGANIZER}),
}

#: The judging pages ask about the tournament's actions too (``disqualify``, ``use_clock``); the
#: add-ons above judging (mirror) extend this one.
ALL_ACTIONS = {**core_access.ACTIONS, **ACTIONS}


def roles_for(action: str) -> frozenset:
    """The roles that may do ``action`` (a judging action or the tournament's)."""
    return core_access.roles_for(action, ALL_ACTIONS)


def can(user, event: Event, action: str) -> bool:
    """True if ``user`` may do ``action`` at ``event``."""
    return core_access.can(user, event, action, table=ALL_ACTIONS)


def require(actor, event: Event, action: str, what: str) -> set[str]:
    """``tournament.access.require`` with the judging pages' wording ("your role at this event
    cannot ..."); ``actor=None`` (the system) passes. Returns the roles ``actor`` holds."""
    return core_access.require(
        actor,
        event,
        action,
        what,
        message=_("your role at this event cannot %(what)s") % {"what": what},
        table=ALL_ACTIONS,
    )


def allowed_actions(user, event: Event) -> dict[str, bool]:
    """``{action: may user do it}`` for the judging templates (``{% if can.decide_appeals %}``)."""
    return core_access.allowed_actions(user, event, ALL_ACTIONS)


def event_for(user, slug: str, action: str | None = None) -> Event:
    """The event ``slug`` if ``user`` is on its staff and may do ``action`` (any staff role
    when None); 404 unknown, 403 otherwise."""
    return event_for_staff(user, slug, action=action, table=ALL_ACTIONS)


def confirm_action(penalty_type: str) -> str:
    """The action that confirms a penalty: ``"disqualify"`` (the head judge proper, PPG 1.4)
    for a Disqualification, ``"confirm_penalties"`` (head or appeals judge, EV-09) otherwise."""
    return "disqualify" if penalty_type == PenaltyType.DISQUALIFICATION else "confirm_penalties"


# --------------------------------------------------------------------------- judge calls
#
# A judge call (TR&P 3.9), with its question, rulings and notes, is read by the event's
# judges, head judge and organizer (``CALL_READ_ROLES``). The scorekeeper sees only what the
# clock and the results need: which table, its status and the time extension it gave. A
# player sees the calls at their own table, and the ruling once it has been given.


class CallView:
    """How much of a call a viewer sees (``call_view``)."""

    FULL = "full"
    EXTENSION = "extension"
    PLAYER = "player"


def _my_registration_ids(user, event: Event) -> set[int]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Registration.objects.filter(event=event, player__user=user).values_list("pk", flat=True))


def _at_my_table(call: JudgeCall, registration_ids: set[int]) -> bool:
    match = call.match
    return match is not None and bool({match.player_a_id, match.player_b_id} & registration_ids)


def call_view(user, call: JudgeCall) -> str | None:
    """``CallView.FULL``, ``EXTENSION`` or ``PLAYER`` (a call at the user's own table), or
    None when ``user`` may not see the call at all."""
    if can(user, call.event, "read_calls"):
        return CallView.FULL
    if can(user, call.event, "see_call_extensions"):
        return CallView.EXTENSION
    if _at_my_table(call, _my_registration_ids(user, call.event)):
        return CallView.PLAYER
    return None


def access_call(user, pk: int, *, views=(CallView.FULL,)) -> JudgeCall:
    """A judge call for the users whose ``call_view`` is in ``views`` (the call readers by
    default). 404 unknown; 403 for the event's other officials; 404 for anyone else."""
    call = selectors.call_queryset().filter(pk=pk).first()
    if call is None:
        raise Http404(_("no such judge call"))
    view = call_view(user, call)
    if view in views:
        return call
    if staff_roles(user, call.event):
        raise PermissionDenied(_("judge calls are for the event's judges and organizer"))
    raise Http404(_("no such judge call"))


def calls_at_my_table(user, event: Event) -> list[JudgeCall]:
    """The calls at ``user``'s own matches at ``event``, newest first (the player's view)."""
    mine = _my_registration_ids(user, event)
    if not mine:
        return []
    return list(
        selectors.calls_for_event(event).filter(
            Q(match__player_a_id__in=mine) | Q(match__player_b_id__in=mine)
        )
    )


def access_penalty(user, pk: int) -> Penalty:
    """A penalty for its event's penalty readers and for the penalised player."""
    p = selectors.penalty_queryset().filter(pk=pk).first()
    if p is None:
        raise Http404(_("no such penalty"))
    if can(user, p.event, "read_penalties"):
        return p
    if p.registration.player.user_id and p.registration.player.user_id == getattr(user, "pk", None):
        return p
    raise PermissionDenied(_("you can only see your own penalties"))


def access_deck_check(user, pk: int) -> DeckCheck:
    """A deck check for the judges of its event."""
    check = selectors.deck_checks_queryset().filter(pk=pk).first()
    if check is None:
        raise Http404(_("no such deck check"))
    if not can(user, check.event, "run_deck_checks"):
        raise PermissionDenied(_("only judges of this event see its deck checks"))
    return check


def access_player_history(user, player_id: str) -> PlayerProfile:
    """A player's history by GEM ID: the player themself, or an official of an event the player
    entered. Anyone else gets the same 404 as for an unknown ID (anonymous users: 403)."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("log in to see penalties"))
    player = PlayerProfile.objects.filter(player_id=player_id).select_related("user").first()
    # An unknown ID and someone else's ID get the same answer: the page never confirms that a
    # player ID exists to a user who may not see it.
    if player is None:
        raise Http404(_("no such player, or not yours to see"))
    if user.is_superuser or (player.user_id and player.user_id == user.pk):
        return player
    is_staff_of_their_event = StaffAssignment.objects.filter(
        user=user,
        ended_at__isnull=True,
        event__registrations__player=player,
        role__in=[str(r) for r in roles_for("read_penalties")],
    ).exists()
    if is_staff_of_their_event:
        return player
    raise Http404(_("no such player, or not yours to see"))


def penalties_for_viewer(user, player: PlayerProfile):
    """``player``'s penalties as ``user`` may read them: all of them for the player themself and
    superusers; for an official, those of the events where they may ``read_penalties`` (PPG 1.2
    upgrades count within one tournament, so no role needs other events' records)."""
    qs = selectors.penalties_for_player(player)
    if user is None or user.is_superuser or (player.user_id and player.user_id == user.pk):
        return qs
    staffed = StaffAssignment.objects.filter(
        user=user, ended_at__isnull=True, role__in=[str(r) for r in roles_for("read_penalties")]
    ).values("event_id")
    return qs.filter(event_id__in=staffed)


# --------------------------------------------------------------------------- reconstructions


def reconstruction_viewer(user, recon) -> str | None:
    """Who is looking at a reconstruction: ``"judge"`` (sees and edits everything), ``"P1"`` or
    ``"P2"`` (a player of the match, once the call is closed: the final state without the other
    player's hidden cards, and the ruling), or None (sees nothing)."""
    call = recon.call
    if can(user, call.event, "reconstruct"):
        return "judge"
    if call.status != CallStatus.CLOSED or call.match is None or not getattr(user, "is_authenticated", False):
        return None
    for label, reg in (("P1", call.match.player_a), ("P2", call.match.player_b)):
        if reg is not None and reg.player.user_id and reg.player.user_id == user.pk:
            return label
    return None


def access_reconstruction(user, pk: int):
    """``(reconstruction, viewer)`` for whoever may see it (404 unknown, 403 otherwise). A Grand
    Archive event's is replayed by its own engine (``judging.reconstruction.ga``)."""
    recon = selectors.reconstruction_queryset().filter(pk=pk).first()
    if recon is None:
        raise Http404(_("no such reconstruction"))
    viewer = reconstruction_viewer(user, recon)
    if viewer is None:
        raise PermissionDenied(_("only the event's judges and organizer see reconstructions"))
    return recon, viewer


def access_reconstruction_for_edit(user, pk: int):
    """A reconstruction its event's judges and organizer may change (404 unknown, 403 otherwise)."""
    recon, viewer = access_reconstruction(user, pk)
    if viewer != "judge":
        raise PermissionDenied(_("only the event's judges and organizer change reconstructions"))
    return recon


def access_call_for_reconstruction(user, pk: int) -> JudgeCall:
    """A judge call whose reconstructions ``user`` may list and start."""
    call = selectors.call_queryset().filter(pk=pk).first()
    if call is None:
        raise Http404(_("no such judge call"))
    if not can(user, call.event, "reconstruct"):
        raise PermissionDenied(_("only the event's judges and organizer work on reconstructions"))
    return call


# --------------------------------------------------------------------------- the audit trail
#
# An audit entry copies its object, so the trail of judge calls, penalties, deck checks and
# reconstructions is read with the same predicates as the objects (``core.audit``): a reader
# who may not see an object does not see its entries; the scorekeeper's entries of a judge call
# keep only what ``CallView.EXTENSION`` shows (table, status, match, time extension).

#: The keys of a judge call's snapshot that its scorekeeper view shows.
CALL_EXTENSION_KEYS = frozenset({"status", "table", "match", "extension_seconds"})


def _call_audit_view(user, event: Event) -> AuditView | None:
    if can(user, event, "read_calls"):
        return FULL_VIEW
    if can(user, event, "see_call_extensions"):
        return AuditView(keys=CALL_EXTENSION_KEYS, reason=False)
    return None


def _readable_by(action: str):
    def policy(user, event: Event) -> AuditView | None:
        return FULL_VIEW if can(user, event, action) else None

    return policy


#: Audit action namespace -> how a reader sees its entries (registered in ``JudgingConfig.ready``).
AUDIT_POLICIES = {
    "judge_call": _call_audit_view,
    "penalty": _readable_by("read_penalties"),
    "deck_check": _readable_by("run_deck_checks"),
    "floor_zone": _readable_by("rule_on_calls"),
    "reconstruction": _readable_by("reconstruct"),
}
