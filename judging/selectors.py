"""Reads for judging: queues, histories and reports (the access functions live in access.py)."""

from __future__ import annotations

from collections import Counter
from statistics import median

from django.db.models import Count, Max, Q, QuerySet, Sum

from core.exports import write_csv
from tournament.models import Event, PlayerProfile

from .enums import OPEN_CALL_STATUSES, CallStatus, EffectStatus, PenaltyStatus
from .models import DeckCheck, JudgeCall, Penalty, Reconstruction

# --------------------------------------------------------------------------- querysets


def call_queryset() -> QuerySet[JudgeCall]:
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


def penalty_queryset() -> QuerySet[Penalty]:
    return Penalty.objects.select_related(
        "event", "registration__player", "match__round", "issued_by", "confirmed_by"
    )


# --------------------------------------------------------------------------- calls


def open_calls_for_event(event: Event, *, oldest_first: bool = False) -> QuerySet[JudgeCall]:
    """The live queue (TR&P 3.9): calls not closed yet, newest first unless ``oldest_first``."""
    order = ["opened_at", "id"] if oldest_first else ["-opened_at", "-id"]
    return call_queryset().filter(event=event, status__in=list(OPEN_CALL_STATUSES)).order_by(*order)


def calls_for_event(event: Event) -> QuerySet[JudgeCall]:
    return call_queryset().filter(event=event).order_by("-opened_at", "-id")


def call_extensions_for_event(event: Event) -> QuerySet[JudgeCall]:
    """The calls that gave their match a time extension (the scorekeeper's view of calls)."""
    return calls_for_event(event).filter(extension_seconds__gt=0)


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
    by_judge = Counter(c.claimed_by.username for c in calls if c.claimed_by is not None)
    citations = Counter(cite for c in calls for cite in (c.citations or []))
    durations = [c.duration_seconds for c in closed if c.duration_seconds is not None]
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
    return penalty_queryset().filter(event=event).order_by("-issued_at", "-id")


def pending_penalties(event: Event) -> QuerySet[Penalty]:
    """Penalties waiting for the head judge (PPG 1.2), oldest first."""
    return penalty_queryset().filter(event=event, status=PenaltyStatus.PENDING).order_by("issued_at", "id")


def deferred_penalties(event: Event) -> QuerySet[Penalty]:
    """Game and Match Losses waiting for the player's next match (PPG 1.4), oldest first."""
    return (
        penalty_queryset()
        .filter(event=event, status=PenaltyStatus.ISSUED, effect=EffectStatus.NEXT_MATCH)
        .order_by("issued_at", "id")
    )


def penalties_for_player(player: PlayerProfile) -> QuerySet[Penalty]:
    """A player's penalties across events, newest first (rejected ones left out). What a viewer
    may read of them is ``judging.access.penalties_for_viewer``."""
    return (
        penalty_queryset()
        .filter(registration__player=player)
        .exclude(status=PenaltyStatus.REJECTED)
        .order_by("-issued_at", "-id")
    )


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
                "round": p.match.round.number if p.match is not None else "",
                "table": p.match.table_number if p.match is not None and p.match.table_number else "",
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
                "issued_by": p.issued_by.username if p.issued_by is not None else "",
                "confirmed_by": p.confirmed_by.username if p.confirmed_by is not None else "",
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


def reconstruction_queryset() -> QuerySet[Reconstruction]:
    """Reconstructions with their call, event, match and players (one query for a page)."""
    return Reconstruction.objects.select_related(
        "call__event",
        "call__match__round",
        "call__match__player_a__player",
        "call__match__player_b__player",
        "created_by",
        "fixed_by",
    )


def reconstructions_for_call(call: JudgeCall) -> QuerySet[Reconstruction]:
    return reconstruction_queryset().filter(call=call)


def closed_reconstructions_for_player(player: PlayerProfile) -> QuerySet[Reconstruction]:
    """Reconstructions of closed calls at the player's own matches (what the player may see)."""
    at_their_match = Q(call__match__player_a__player=player) | Q(call__match__player_b__player=player)
    return (
        reconstruction_queryset()
        .filter(at_their_match, call__status=CallStatus.CLOSED)
        .order_by("-call__closed_at", "-id")
    )


def calls_live_token(event: Event) -> str:
    """A token that changes whenever a call of ``event`` is opened, claimed, ruled, appealed or
    closed, or its extension changes (one aggregate query; the staff dashboard's live poll)."""
    agg = JudgeCall.objects.filter(event=event).aggregate(
        n=Count("id"),
        open=Count("id", filter=Q(status__in=OPEN_CALL_STATUSES)),
        opened=Max("opened_at"),
        claimed=Max("claimed_at"),
        ruled=Max("ruled_at"),
        appealed=Max("appealed_at"),
        final=Max("final_ruled_at"),
        closed=Max("closed_at"),
        ext=Sum("extension_seconds"),
    )
    return "calls:" + ".".join(str(agg[k]) for k in sorted(agg))
