"""What the judging services share: which matches are timed, a match that must belong to the
event, the player's current match, and giving a match back the time a call or a deck check
stopped it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils.translation import gettext

from core.errors import DomainError
from tournament import services as tournament_services
from tournament.enums import (
    MatchResult,
    RoundStage,
)
from tournament.models import Event, Match, Registration
from tournament.selectors import current_round

from .. import penalty_rules as rules
from ..enums import (
    CallStatus,
    DeckCheckKind,
    DeckCheckStatus,
)
from ..models import DeckCheck, JudgeCall


def _timed(match: Match | None) -> bool:
    """Extensions only exist for timed rounds with a clock: not byes, not play-offs (TR&P 3.1)."""
    return (
        match is not None
        and not match.is_bye
        and match.result == MatchResult.PENDING
        and match.round.stage != RoundStage.TOP_CUT
    )


def _match_in_event(match: Match | None, event: Event) -> Match | None:
    if match is not None and match.round.event_id != event.pk:
        raise DomainError(gettext("that match belongs to another event"), field="match")
    return match


def _current_match_for(registration: Registration) -> Match | None:
    rnd = current_round(registration.event)
    if rnd is None:
        return None
    return (
        Match.objects.select_related("round")
        .filter(round=rnd)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .first()
    )


def _grant_stopped_time(
    match: Match,
    *,
    stop: tuple[datetime, datetime],
    reason: str,
    judge,
    exclude_call=None,
    exclude_check=None,
) -> int:
    """Give ``match`` the time it was stopped (TR&P 3.2, PPG 1.2) now that ``stop`` has ended:
    the union of its closed judge calls and finished mid-game deck checks with ``stop``, each
    stop over one minute rounded up, less what those calls and checks already gave. Overlapping
    stops count once. Returns the seconds added (what this call or check gave)."""
    calls = JudgeCall.objects.filter(
        match=match, status=CallStatus.CLOSED, closed_at__isnull=False, duration_seconds__isnull=False
    ).exclude(pk=exclude_call)
    checks = DeckCheck.objects.filter(
        match=match, kind=DeckCheckKind.MID_GAME, status=DeckCheckStatus.DONE, ended_at__isnull=False
    ).exclude(pk=exclude_check)
    # The querysets leave out calls and checks without their times; the checks here say so to mypy.
    spans: list[tuple[datetime, datetime]] = [
        (c.closed_at - timedelta(seconds=c.duration_seconds), c.closed_at)
        for c in calls
        if c.closed_at is not None and c.duration_seconds is not None
    ]
    spans += [
        (c.started_at, c.ended_at) for c in checks if c.started_at is not None and c.ended_at is not None
    ]
    spans.append(stop)
    origin = min(start for start, _ in spans)
    owed = rules.stopped_time_extension_seconds(
        ((a - origin).total_seconds(), (b - origin).total_seconds()) for a, b in spans
    )
    granted = sum(c.extension_seconds for c in calls) + sum(c.extension_seconds for c in checks)
    extension = max(0, owed - granted)
    if extension:
        tournament_services.add_match_extension(match, seconds=extension, reason=reason, actor=judge)
    return extension
