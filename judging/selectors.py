"""Reads for judging: queues, histories, reports and the access functions behind them."""

from __future__ import annotations

from collections import Counter
from statistics import median

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404

from core.exports import write_csv
from tournament.enums import StaffRole
from tournament.models import Event, PlayerProfile, StaffAssignment
from tournament.selectors import event_for_staff, staff_roles

from .enums import OPEN_CALL_STATUSES, CallStatus, EffectStatus, PenaltyStatus
from .models import DeckCheck, JudgeCall, Penalty

JUDGE_ROLES = frozenset({StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE, StaffRole.FLOOR_JUDGE})
HEAD_ROLES = frozenset({StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE})
#: Requirements "Reports": the organizer and the head judge see the statistics and reports.
REPORT_ROLES = frozenset({StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE})
#: Who may read an event's penalties.
PENALTY_READ_ROLES = JUDGE_ROLES | {StaffRole.ORGANIZER, StaffRole.SCOREKEEPER}


# --------------------------------------------------------------------------- access


def event_for_judge(user, slug: str) -> Event:
    """The event if ``user`` is a judge there (404 unknown, 403 otherwise)."""
    return event_for_staff(user, slug, roles=JUDGE_ROLES)


def event_for_reports(user, slug: str) -> Event:
    return event_for_staff(user, slug, roles=REPORT_ROLES)


def event_for_penalty_readers(user, slug: str) -> Event:
    return event_for_staff(user, slug, roles=PENALTY_READ_ROLES)


def _call_qs() -> QuerySet[JudgeCall]:
    return JudgeCall.objects.select_related(
        "event",
        "match__round",
        "match__player_a__player",
        "match__player_b__player",
        "opened_by",
        "claimed_by",
        "ruled_by",
        "appeal_judge",
        "closed_by",
    )


def access_call(user, pk: int) -> JudgeCall:
    call = _call_qs().filter(pk=pk).first()
    if call is None:
        raise Http404("no such judge call")
    if not staff_roles(user, call.event):
        raise PermissionDenied("you are not on this event's staff")
    return call


def _penalty_qs() -> QuerySet[Penalty]:
    return Penalty.objects.select_related(
        "event", "registration__player", "match__round", "issued_by", "confirmed_by"
    )


def access_penalty(user, pk: int) -> Penalty:
    p = _penalty_qs().filter(pk=pk).first()
    if p is None:
        raise Http404("no such penalty")
    if staff_roles(user, p.event) & {str(r) for r in PENALTY_READ_ROLES}:
        return p
    if p.registration.player.user_id and p.registration.player.user_id == getattr(user, "pk", None):
        return p
    raise PermissionDenied("you can only see your own penalties")


def access_deck_check(user, pk: int) -> DeckCheck:
    check = deck_checks_queryset().filter(pk=pk).first()
    if check is None:
        raise Http404("no such deck check")
    if not staff_roles(user, check.event) & {str(r) for r in JUDGE_ROLES}:
        raise PermissionDenied("only judges of this event see its deck checks")
    return check


# --------------------------------------------------------------------------- calls


def open_calls_for_event(event: Event, *, oldest_first: bool = False) -> QuerySet[JudgeCall]:
    """The live queue (TR&P 3.9): calls not closed yet, newest first unless ``oldest_first``."""
    order = ["opened_at", "id"] if oldest_first else ["-opened_at", "-id"]
    return _call_qs().filter(event=event, status__in=list(OPEN_CALL_STATUSES)).order_by(*order)


def calls_for_event(event: Event) -> QuerySet[JudgeCall]:
    return _call_qs().filter(event=event).order_by("-opened_at", "-id")


def call_statistics(event: Event) -> dict:
    """Counts and timings of an event's calls for the organizer and head judge."""
    calls = list(
        JudgeCall.objects.filter(event=event)
        .select_related("claimed_by")
        .only(
            "status",
            "opened_at",
            "claimed_at",
            "duration_seconds",
            "extension_seconds",
            "appealed_at",
            "final_ruling",
            "citations",
            "claimed_by__username",
            "table_number",
        )
    )
    closed = [c for c in calls if c.status == CallStatus.CLOSED and c.duration_seconds is not None]
    responses = [(c.claimed_at - c.opened_at).total_seconds() for c in calls if c.claimed_at is not None]
    by_judge = Counter(c.claimed_by.username for c in calls if c.claimed_by_id)
    citations = Counter(cite for c in calls for cite in (c.citations or []))
    durations = [c.duration_seconds for c in closed]
    return {
        "total": len(calls),
        "open": sum(1 for c in calls if c.status != CallStatus.CLOSED),
        "closed": len(closed),
        "appealed": sum(1 for c in calls if c.appealed_at is not None),
        "overturned": sum(1 for c in calls if c.appealed_at is not None and c.final_ruling),
        "with_extension": sum(1 for c in calls if c.extension_seconds),
        "extension_seconds_total": sum(c.extension_seconds for c in calls),
        "median_response_seconds": round(median(responses)) if responses else None,
        "median_duration_seconds": round(median(durations)) if durations else None,
        "longest_duration_seconds": max(durations) if durations else None,
        "by_judge": sorted(by_judge.items(), key=lambda kv: (-kv[1], kv[0])),
        "top_citations": citations.most_common(10),
    }


# --------------------------------------------------------------------------- penalties


def penalties_for_event(event: Event) -> QuerySet[Penalty]:
    return _penalty_qs().filter(event=event).order_by("-issued_at", "-id")


def pending_penalties(event: Event) -> QuerySet[Penalty]:
    """Penalties waiting for the head judge (PPG 1.2), oldest first."""
    return _penalty_qs().filter(event=event, status=PenaltyStatus.PENDING).order_by("issued_at", "id")


def deferred_penalties(event: Event) -> QuerySet[Penalty]:
    """Game and Match Losses waiting for the player's next match (PPG 1.4), oldest first."""
    return (
        _penalty_qs()
        .filter(event=event, status=PenaltyStatus.ISSUED, effect=EffectStatus.NEXT_MATCH)
        .order_by("issued_at", "id")
    )


def penalties_for_player(player: PlayerProfile, *, viewer=None) -> QuerySet[Penalty]:
    """A player's penalties across events, newest first (rejected ones left out).

    With ``viewer``, only what that user may read: everything for the player themself and
    superusers; for an official, the penalties of the events where they read penalties
    (PPG 1.2 upgrades count within one tournament, so no role needs other events' records).
    """
    qs = (
        _penalty_qs()
        .filter(registration__player=player)
        .exclude(status=PenaltyStatus.REJECTED)
        .order_by("-issued_at", "-id")
    )
    if viewer is None or viewer.is_superuser or (player.user_id and player.user_id == viewer.pk):
        return qs
    staffed = StaffAssignment.objects.filter(
        user=viewer, ended_at__isnull=True, role__in=[str(r) for r in PENALTY_READ_ROLES]
    ).values("event_id")
    return qs.filter(event_id__in=staffed)


def access_player_history(user, player_id: str) -> PlayerProfile:
    """A player's history by GEM ID: the player themself, or an official of an event the player
    entered. Other players get 403: a player sees their own penalties and nobody else's."""
    player = PlayerProfile.objects.filter(player_id=player_id).select_related("user").first()
    if player is None:
        raise Http404(f"no player with ID {player_id!r}")
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied("log in to see penalties")
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
    raise PermissionDenied("you can only see your own penalties")


REPORT_COLUMNS = [
    "issued_at",
    "round",
    "table",
    "game",
    "player_id",
    "player",
    "infraction",
    "rule",
    "category",
    "recommended",
    "penalty",
    "upgraded",
    "deviation_reason",
    "status",
    "effect",
    "issued_by",
    "confirmed_by",
    "description",
    "statement",
]


def penalty_report_rows(event: Event) -> list[dict]:
    """The event's penalty report (Warnings and above are recorded, PPG 1.4; Cautions kept as notes)."""
    rows = []
    for p in penalties_for_event(event).order_by("issued_at", "id"):
        rows.append(
            {
                "issued_at": p.issued_at.strftime("%Y-%m-%d %H:%M"),
                "round": p.match.round.number if p.match_id else "",
                "table": p.match.table_number if p.match_id and p.match.table_number else "",
                "game": p.game_number or "",
                "player_id": p.registration.player.player_id,
                "player": p.registration.player.display_name,
                "infraction": p.get_infraction_display(),
                "rule": p.rule,
                "category": p.category,
                "recommended": p.get_recommended_display(),
                "penalty": p.get_penalty_display(),
                "upgraded": "yes" if p.upgraded else "",
                "deviation_reason": p.deviation_reason,
                "status": p.get_status_display(),
                "effect": p.get_effect_display(),
                "issued_by": p.issued_by.username if p.issued_by_id else "",
                "confirmed_by": p.confirmed_by.username if p.confirmed_by_id else "",
                "description": p.description,
                "statement": p.statement,
            }
        )
    return rows


def penalty_report_csv(event: Event) -> str:
    return write_csv(penalty_report_rows(event), REPORT_COLUMNS)


# --------------------------------------------------------------------------- deck checks


def deck_checks_queryset() -> QuerySet[DeckCheck]:
    return DeckCheck.objects.select_related("event", "round", "match", "registration__player", "judge")


def deck_checks_for_event(event: Event) -> QuerySet[DeckCheck]:
    return deck_checks_queryset().filter(event=event).order_by("-created_at", "id")
