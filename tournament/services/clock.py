"""The round clock and match extensions (TR&P 3.1, 3.9)."""

from __future__ import annotations

import math

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError

from .. import signals
from ..access import require
from ..citations import cite
from ..enums import (
    ClockState,
    RoundStage,
    RoundStatus,
)
from ..models import (
    Match,
    MatchExtension,
    Round,
)
from ._common import _atomic, _audit, _lock_match, require_event_open

# --------------------------------------------------------------------------- clock


def _clock_round(round_: Round, actor, what: str) -> Round:
    require(actor, round_.event, "use_clock", what)
    require_event_open(round_.event)
    rnd = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS, RoundStatus.COMPLETE):
        raise DomainError(
            _("publish round %(number)s before using its clock") % {"number": rnd.number},
            code="not_published",
        )
    if rnd.stage == RoundStage.TOP_CUT:
        raise DomainError(
            _("play-off rounds are untimed (%(cite)s)") % {"cite": cite(rnd.event, "untimed_playoff")},
            code="untimed",
        )
    return rnd


def _clock_audit(rnd: Round, before: str, actor, action: str, reason: str = "") -> None:
    _audit(
        rnd,
        event=rnd.event,
        actor=actor,
        action=action,
        before={"clock": before},
        after={"clock": rnd.clock_state, "elapsed": rnd.elapsed_before_pause},
        reason=reason,
    )


@_atomic
def start_clock(round_: Round, *, actor, now=None) -> Round:
    """Start the round timer (TR&P 3.2). The round moves to IN_PROGRESS."""
    rnd = _clock_round(round_, actor, _("start the clock"))
    if rnd.clock_state != ClockState.NOT_STARTED:
        raise ConflictError(
            _("the clock of round %(number)s has already been started") % {"number": rnd.number}
        )
    before = rnd.clock_state
    rnd.clock_state = ClockState.RUNNING
    rnd.started_at = now or timezone.now()
    rnd.elapsed_before_pause = 0.0
    if rnd.status == RoundStatus.PUBLISHED:
        rnd.status = RoundStatus.IN_PROGRESS
    rnd.save()
    _clock_audit(rnd, before, actor, "clock.start")
    return rnd


@_atomic
def pause_clock(round_: Round, *, actor, now=None, reason: str = "") -> Round:
    rnd = _clock_round(round_, actor, _("pause the clock"))
    if rnd.clock_state != ClockState.RUNNING:
        raise ConflictError(_("the clock is not running"))
    now = now or timezone.now()
    rnd.elapsed_before_pause += (now - rnd.started_at).total_seconds()
    rnd.paused_at = now
    rnd.started_at = None
    rnd.clock_state = ClockState.PAUSED
    rnd.save()
    _clock_audit(rnd, ClockState.RUNNING, actor, "clock.pause", reason)
    return rnd


@_atomic
def resume_clock(round_: Round, *, actor, now=None) -> Round:
    rnd = _clock_round(round_, actor, _("resume the clock"))
    if rnd.clock_state != ClockState.PAUSED:
        raise ConflictError(_("the clock is not paused"))
    rnd.started_at = now or timezone.now()
    rnd.paused_at = None
    rnd.clock_state = ClockState.RUNNING
    rnd.save()
    _clock_audit(rnd, ClockState.PAUSED, actor, "clock.resume")
    return rnd


@_atomic
def call_time(round_: Round, *, actor, now=None) -> Round:
    """Time is called: the clock stops at zero or wherever it is (end-of-round, TR&P 3.4)."""
    rnd = _clock_round(round_, actor, "call time")
    if rnd.clock_state == ClockState.FINISHED:
        raise ConflictError(_("time has already been called"))
    now = now or timezone.now()
    before = rnd.clock_state
    if rnd.clock_state == ClockState.RUNNING:
        rnd.elapsed_before_pause += (now - rnd.started_at).total_seconds()
    rnd.started_at = None
    rnd.clock_state = ClockState.FINISHED
    rnd.time_called_at = now
    rnd.save()
    _clock_audit(rnd, before, actor, "clock.time_called")
    signals.news.send(sender="clock.time_called", event=rnd.event, round_=rnd)
    return rnd


@_atomic
def adjust_clock(round_: Round, *, seconds: int, actor, reason: str) -> Round:
    """Add (positive) or remove (negative) time for the whole round."""
    rnd = _clock_round(round_, actor, _("adjust the clock"))
    if not isinstance(seconds, int) or seconds == 0 or abs(seconds) > 4 * 3600:
        raise DomainError(_("seconds must be a non-zero whole number up to four hours"), field="seconds")
    before = rnd.duration_seconds
    rnd.duration_seconds = max(0, rnd.duration_seconds + seconds)
    rnd.save(update_fields=["duration_seconds"])
    _audit(
        rnd,
        event=rnd.event,
        actor=actor,
        action="clock.adjust",
        before={"duration": before},
        after={"duration": rnd.duration_seconds},
        reason=reason,
    )
    return rnd


def extension_for_pause(pause_seconds: float) -> int:
    """TR&P 3.2, PPG 1.2: a pause over one minute earns at least that time, rounded up to the
    minute; one minute or less earns nothing. Returns seconds."""
    if pause_seconds <= 60:
        return 0
    return math.ceil(pause_seconds / 60) * 60


def extension_for_deck_check(check_seconds: float, *, round_minutes: int) -> int:
    """TR&P 3.2, 3.8 (OPEN-8): the check's time rounded up to the minute plus 3 minutes, capped
    at the original round length. Returns seconds."""
    minutes = math.ceil(check_seconds / 60) + 3
    return min(minutes, round_minutes) * 60


@_atomic
def add_match_extension(match: Match, *, seconds: int, reason: str, actor) -> Match:
    """Give one table extra time (judge rulings and deck checks, TR&P 3.2). Judges, the
    organizer and the scorekeeper may; the extension is stored with reason and issuer."""
    event = match.round.event
    require(actor, event, "use_clock", _("extend a match"))
    require_event_open(event)
    if not isinstance(seconds, int) or not 0 < seconds <= 4 * 3600:
        raise DomainError(
            _("an extension is a positive whole number of seconds up to four hours"), field="seconds"
        )
    if not (reason or "").strip():
        raise DomainError(_("an extension needs a reason"), field="reason")
    match = _lock_match(match)
    if match.is_bye:
        raise DomainError(_("a bye has no clock"), field="match")
    if match.round.stage == RoundStage.TOP_CUT:
        raise DomainError(
            _("play-off rounds are untimed (%(cite)s)") % {"cite": cite(event, "untimed_playoff")},
            code="untimed",
        )
    before = match.extension_seconds
    MatchExtension.objects.create(
        match=match,
        seconds=seconds,
        reason=reason[:200],
        issued_by=actor if actor is not None and actor.is_authenticated else None,
    )
    match.extension_seconds = before + seconds
    match.version += 1
    match.save(update_fields=["extension_seconds", "version"])
    _audit(
        match,
        event=event,
        actor=actor,
        action="match.extension",
        before={"extension_seconds": before},
        after={"extension_seconds": match.extension_seconds},
        reason=reason,
    )
    return match
