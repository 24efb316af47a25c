"""Steps that several service modules take: the eligibility checks of a player or an official
(TR&P 1.4, 2.1), whether pairings have started and the event has room, promoting the waitlist,
closing a round once every result is in, and conceding a match for a player who leaves it."""

from __future__ import annotations

import re

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError

from .. import selectors
from ..access import is_organizer
from ..citations import cite
from ..enums import (
    ACTIVE_REGISTRATION_STATUSES,
    REL,
    ClockState,
    Game,
    MatchResult,
    RegistrationStatus,
    ReportStatus,
    RoundStatus,
)
from ..models import Event, Match, PlayerProfile, Pod, Registration, Round, StaffAssignment
from ._common import _audit, _snapshot_match

PLAYER_ID_RE = re.compile(r"^[A-Za-z0-9-]{1,32}$")


def _pairings_started(event: Event) -> bool:
    return Round.objects.filter(event=event).exists()


def _has_room(event: Event) -> bool:
    if event.capacity is None:
        return True
    taken = Registration.objects.filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES).count()
    return taken < event.capacity


def _check_not_an_official(event: Event, player: PlayerProfile, *, field: str | None = None) -> None:
    """TR&P 1.4, 2.1: at a Skirmish or a tier 2+ tournament an official of the event cannot play."""
    if (
        event.officials_cannot_play
        and player.user_id
        and StaffAssignment.objects.filter(
            event=event, user_id=player.user_id, ended_at__isnull=True
        ).exists()
    ):
        raise DomainError(
            _(
                "%(display_name)s is an official of this event; at a Skirmish or tier 2+ tournament officials cannot play (%(cite)s)"
            )
            % {"display_name": player.display_name, "cite": cite(event, "officials_play")},
            code="rule",
            field=field,
        )


def _check_player_eligibility(event: Event, player: PlayerProfile, *, actor, approved: bool = False) -> None:
    """TR&P 1.4: banned players may not play; suspended players only in a Casual tier 1 event,
    with the organizer's approval."""
    if player.banned:
        raise DomainError(
            _("%(display_name)s is banned and may not play (%(cite)s)")
            % {"display_name": player.display_name, "cite": cite(event, "eligibility")},
            code="rule",
        )
    if player.is_suspended():
        if event.tier >= 2 or event.rel != REL.CASUAL:
            raise DomainError(
                _("%(display_name)s is suspended: no tier 2+ or Competitive/Professional play (%(cite)s)")
                % {"display_name": player.display_name, "cite": cite(event, "eligibility")},
                code="rule",
            )
        organizer = actor is None or is_organizer(actor, event)
        if not (approved and organizer):
            raise DomainError(
                _("%(display_name)s is suspended: the organizer must approve this entry (%(cite)s)")
                % {"display_name": player.display_name, "cite": cite(event, "eligibility")},
                code="approval",
            )


def _check_official_eligibility(user, event: Event | None = None) -> None:
    """TR&P 1.4: suspended or banned individuals may not be officials."""
    profile = PlayerProfile.objects.filter(user=user).first()
    if profile is not None and (profile.banned or profile.is_suspended()):
        rule = cite(event if event is not None else Game.FAB, "eligibility")
        raise DomainError(
            _("%(user)s is suspended or banned and cannot be an official (%(rule)s)")
            % {"user": user, "rule": rule},
            code="rule",
        )


def _promote_waitlist(event: Event, *, actor) -> Registration | None:
    if _pairings_started(event) or not _has_room(event):
        return None
    nxt = selectors.waitlist_for_event(event).select_for_update().first()
    if nxt is None:
        return None
    nxt.status = RegistrationStatus.REGISTERED
    nxt.save(update_fields=["status"])
    _audit(
        nxt,
        event=event,
        actor=actor,
        action="registration.promote",
        before={"status": "waitlisted"},
        after={"status": "registered"},
    )
    return nxt


def _maybe_close_round(round_: Round, *, actor) -> bool:
    """A round closes when every result is in; time is called on its clock if still running."""
    rnd = Round.objects.select_for_update().get(pk=round_.pk)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS):
        return False
    if Match.objects.filter(round=rnd, result=MatchResult.PENDING).exists():
        return False
    if Pod.objects.filter(round=rnd).exclude(report_status="confirmed").exists():
        return False  # a pod round (TR&P 9.3) closes when every pod's places are confirmed
    now = timezone.now()
    rnd.status = RoundStatus.COMPLETE
    rnd.completed_at = now
    if rnd.clock_state == ClockState.RUNNING and rnd.started_at is not None:
        rnd.elapsed_before_pause += (now - rnd.started_at).total_seconds()
        rnd.started_at = None
        rnd.clock_state = ClockState.FINISHED
    rnd.save()
    _audit(rnd, event=rnd.event, actor=actor, action="round.complete", after={"status": "complete"})
    return True


def _concede(match: Match, loser: Registration, *, kind: str, actor, reason: str) -> Match:
    before = _snapshot_match(match)
    winner_is_a = match.player_b_id == loser.pk
    match.result = MatchResult.A_WINS if winner_is_a else MatchResult.B_WINS
    match.result_kind = kind
    need = match.round.event.games_per_match
    match.games_a, match.games_b = (need, 0) if winner_is_a else (0, need)
    match.games_drawn = 0
    match.report_status = ReportStatus.STAFF
    match.version += 1
    match.save()
    _audit(
        match,
        event=match.round.event,
        actor=actor,
        action=f"match.{kind}",
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    _maybe_close_round(match.round, actor=actor)
    return match
