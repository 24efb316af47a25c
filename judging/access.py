"""Who may do what in the judging app: judge calls, penalties, deck checks, reports.

Built on the core's access policy (``tournament.access``) and role vocabulary
(``tournament.enums``); services, views, API views and templates all ask here.
``actor=None`` is the system, as everywhere (see ``tournament.access``).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.audit import FULL_VIEW, AuditView
from core.errors import DomainError
from tournament.access import (
    event_for_staff,
    has_role,
    is_judge,
    require_role,
    staff_roles,
)
from tournament.citations import is_ga
from tournament.enums import (
    CALL_EXTENSION_ROLES,
    CALL_READ_ROLES,
    HEAD_ROLES,
    JUDGE_ROLES,
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
    "CallView",
    "access_call",
    "call_view",
    "calls_at_my_table",
    "can_read_calls",
    "can_see_call_extensions",
    "event_for_call_readers",
    "access_deck_check",
    "access_penalty",
    "access_reconstruction",
    "access_reconstruction_for_edit",
    "access_call_for_reconstruction",
    "can_edit_reconstructions",
    "reconstruction_viewer",
    "access_player_history",
    "AUDIT_POLICIES",
    "can_read_penalties",
    "can_report",
    "confirmer_roles",
    "event_for_judge",
    "event_for_floor",
    "can_divide_floor",
    "FLOOR_ROLES",
    "ZONE_ROLES",
    "event_for_penalty_readers",
    "event_for_reports",
    "require_judging_role",
    "is_judge",
    "view_flags",
]


def require_judging_role(actor, event: Event, roles, what: str) -> set[str]:
    """``tournament.access.require_role`` with the judging pages' wording ("your role at this
    event cannot ..."); same argument order, same ``actor=None`` (the system passes)."""
    return require_role(
        actor, event, roles, what, message=_("your role at this event cannot %(what)s") % {"what": what}
    )


def can_report(user, event: Event) -> bool:
    """Requirements "Reports": statistics and penalty reports."""
    return has_role(user, event, REPORT_ROLES)


def can_read_penalties(user, event: Event) -> bool:
    return has_role(user, event, PENALTY_READ_ROLES)


def confirmer_roles(penalty_type: str) -> frozenset:
    """Who confirms a penalty: the head judge proper for a Disqualification (PPG 1.4), the head
    or appeals judge for everything else (EV-09)."""
    return frozenset({StaffRole.HEAD_JUDGE}) if penalty_type == PenaltyType.DISQUALIFICATION else HEAD_ROLES


def view_flags(user, event: Event) -> dict:
    """Template context for the judging pages (one lookup of the roles)."""
    roles = staff_roles(user, event)
    return {
        "roles": roles,
        "is_judge": bool(roles & {str(r) for r in JUDGE_ROLES}),
        "is_head": bool(roles & {str(r) for r in HEAD_ROLES}),
        "can_report": bool(roles & {str(r) for r in REPORT_ROLES}),
    }


# --------------------------------------------------------------------------- access functions


def event_for_judge(user, slug: str) -> Event:
    """The event if ``user`` is a judge there (404 unknown, 403 otherwise)."""
    return event_for_staff(user, slug, roles=JUDGE_ROLES)


#: The judges' floor view (issue 30): every judge, and the organizer who runs the hall.
FLOOR_ROLES = CALL_READ_ROLES
#: Who divides the floor into zones and assigns judges: the head judge (TR&P 2.1), their appeals
#: judge, and the organizer who sets the hall up before a head judge is named. They also see
#: every zone at once.
ZONE_ROLES = HEAD_ROLES | {StaffRole.ORGANIZER}


def event_for_floor(user, slug: str) -> Event:
    """The event if ``user`` may open its floor view (404 unknown, 403 otherwise)."""
    return event_for_staff(user, slug, roles=FLOOR_ROLES)


def can_divide_floor(user, event: Event) -> bool:
    return has_role(user, event, ZONE_ROLES)


def event_for_reports(user, slug: str) -> Event:
    return event_for_staff(user, slug, roles=REPORT_ROLES)


def event_for_penalty_readers(user, slug: str) -> Event:
    return event_for_staff(user, slug, roles=PENALTY_READ_ROLES)


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


def can_read_calls(user, event: Event) -> bool:
    """Judges, the head judge and the organizer: the whole call with its notes."""
    return has_role(user, event, CALL_READ_ROLES)


def can_see_call_extensions(user, event: Event) -> bool:
    """Call readers and the scorekeeper: a call's table, status and time extension."""
    return has_role(user, event, CALL_EXTENSION_ROLES)


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
    if can_read_calls(user, call.event):
        return CallView.FULL
    if can_see_call_extensions(user, call.event):
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


def event_for_call_readers(user, slug: str) -> Event:
    """The event if ``user`` reads its judge calls (404 unknown, 403 otherwise)."""
    return event_for_staff(user, slug, roles=CALL_READ_ROLES)


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
    if can_read_penalties(user, p.event):
        return p
    if p.registration.player.user_id and p.registration.player.user_id == getattr(user, "pk", None):
        return p
    raise PermissionDenied(_("you can only see your own penalties"))


def access_deck_check(user, pk: int) -> DeckCheck:
    """A deck check for the judges of its event."""
    check = selectors.deck_checks_queryset().filter(pk=pk).first()
    if check is None:
        raise Http404(_("no such deck check"))
    if not is_judge(user, check.event):
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
        role__in=[str(r) for r in PENALTY_READ_ROLES],
    ).exists()
    if is_staff_of_their_event:
        return player
    raise Http404(_("no such player, or not yours to see"))


# --------------------------------------------------------------------------- reconstructions


def can_edit_reconstructions(user, event: Event) -> bool:
    return has_role(user, event, RECONSTRUCTION_ROLES)


def reconstruction_viewer(user, recon) -> str | None:
    """Who is looking at a reconstruction: ``"judge"`` (sees and edits everything), ``"P1"`` or
    ``"P2"`` (a player of the match, once the call is closed: the final state without the other
    player's hidden cards, and the ruling), or None (sees nothing)."""
    call = recon.call
    if can_edit_reconstructions(user, call.event):
        return "judge"
    if call.status != CallStatus.CLOSED or call.match is None or not getattr(user, "is_authenticated", False):
        return None
    for label, reg in (("P1", call.match.player_a), ("P2", call.match.player_b)):
        if reg is not None and reg.player.user_id and reg.player.user_id == user.pk:
            return label
    return None


#: The reconstruction engine (``rules_engine.game``) plays Flesh and Blood's Comprehensive Rules
#: only: its findings and citations would be wrong for a Grand Archive game.
FAB_ONLY_RECONSTRUCTION = gettext_lazy(
    "reconstruction covers Flesh and Blood games only: a Grand Archive game state is "
    "reconstructed by hand, under GA's own rules"
)


def require_fab_reconstruction(event) -> None:
    """DomainError ``fab_only`` for a Grand Archive event (no reconstruction there)."""
    if is_ga(event):
        raise DomainError(str(FAB_ONLY_RECONSTRUCTION), code="fab_only")


def access_reconstruction(user, pk: int):
    """``(reconstruction, viewer)`` for whoever may see it (404 unknown, 403 otherwise; a
    Grand Archive event's is refused with ``fab_only``)."""
    recon = selectors.reconstruction_queryset().filter(pk=pk).first()
    if recon is None:
        raise Http404(_("no such reconstruction"))
    viewer = reconstruction_viewer(user, recon)
    if viewer is None:
        raise PermissionDenied(_("only the event's judges and organizer see reconstructions"))
    require_fab_reconstruction(recon.call.event)
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
    if not can_edit_reconstructions(user, call.event):
        raise PermissionDenied(_("only the event's judges and organizer work on reconstructions"))
    require_fab_reconstruction(call.event)
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
    if can_read_calls(user, event):
        return FULL_VIEW
    if can_see_call_extensions(user, event):
        return AuditView(keys=CALL_EXTENSION_KEYS, reason=False)
    return None


def _readable_by(predicate):
    def policy(user, event: Event) -> AuditView | None:
        return FULL_VIEW if predicate(user, event) else None

    return policy


#: Audit action namespace -> how a reader sees its entries (registered in ``JudgingConfig.ready``).
AUDIT_POLICIES = {
    "judge_call": _call_audit_view,
    "penalty": _readable_by(can_read_penalties),
    "deck_check": _readable_by(is_judge),
    "floor_zone": _readable_by(is_judge),
    "reconstruction": _readable_by(can_edit_reconstructions),
}
