"""Judge calls (TR&P 3.9): open, claim, rule, appeal, final ruling, close (the match gets its
stopped time back), and the rule citations a ruling carries."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import cast

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError
from reference import selectors as reference_selectors
from tournament import services as tournament_services
from tournament.citations import cite
from tournament.enums import (
    MAX_TABLE_NUMBER,
)
from tournament.models import Event, Match
from tournament.selectors import current_round
from tournament.signals import news

from ..access import require
from ..enums import (
    CallerKind,
    CallStatus,
)
from ..models import JudgeCall
from ._common import _grant_stopped_time, _match_in_event, _timed

CITATION_RE = re.compile(r"^(CR|CR-old|TR&P|TR&P'23|PPG|GA) [0-9][0-9A-Za-z.]*$")


def clean_citations(citations) -> list[str]:
    """Rule citations like "CR 1.1.3b", "TR&P 3.2", "PPG 4.4"; each one checked: its form, and
    that the imported rules document has that number (an unknown one is refused with the
    nearest rule as a suggestion)."""
    if citations is None:
        return []
    if isinstance(citations, str):
        citations = list(re.split(r"[;,\n]", citations))
    out: list[str] = []
    for raw in citations:
        cite = " ".join(str(raw).split())
        if not cite:
            continue
        if not CITATION_RE.match(cite):
            raise DomainError(
                _("citation %(cite)s is not a rule number such as 'CR 1.1.3b', 'TR&P 3.2' or 'PPG 4.4'")
                % {"cite": repr(cite)},
                field="citations",
            )
        problem = reference_selectors.citation_problem(cite)
        if problem is not None:
            raise DomainError(problem, field="citations", code="unknown_rule")
        if cite not in out:
            out.append(cite)
    return out


def _call_snapshot(call: JudgeCall) -> dict:
    return {
        "status": call.status,
        "table": call.table_number,
        "match": call.match_id,
        "ruling": call.ruling,
        "citations": call.citations,
        "final_ruling": call.final_ruling,
        "duration_seconds": call.duration_seconds,
        "extension_seconds": call.extension_seconds,
    }


def _lock_call(call: JudgeCall) -> JudgeCall:
    return (
        JudgeCall.objects.select_for_update(of=("self",))
        .select_related("event", "match__round")
        .get(pk=call.pk)
    )


@transaction.atomic
def open_call(
    event: Event,
    *,
    actor,
    match: Match | None = None,
    table_number: int | None = None,
    caller: str = CallerKind.PLAYER_A,
    question: str = "",
    opened_at: datetime | None = None,
) -> JudgeCall:
    """TR&P 3.9: record a call at a table or match. Any official may open it (TR&P 2025 lets an
    official stop a game and summon a judge for the players).

    With only a table number, the match at that table in the current round is linked.
    Side effects: audit entry.
    """
    require(actor, event, "open_calls", _("open a judge call"))
    tournament_services.require_event_open(event)
    if caller not in CallerKind.values:
        raise DomainError(_("unknown caller %(caller)s") % {"caller": repr(caller)}, field="caller")
    match = _match_in_event(match, event)
    if match is None and table_number is None:
        raise DomainError(_("give the table number or the match"), field="table_number")
    if table_number is not None and not 1 <= table_number <= MAX_TABLE_NUMBER:
        raise DomainError(
            _("table numbers go from 1 to %(max_table_number)s") % {"max_table_number": MAX_TABLE_NUMBER},
            field="table_number",
        )
    if match is None:
        rnd = current_round(event)
        if rnd is not None:
            match = Match.objects.filter(round=rnd, table_number=table_number).first()
    call = JudgeCall.objects.create(
        event=event,
        match=match,
        table_number=table_number if table_number is not None else cast(Match, match).table_number,
        caller=caller,
        question=question.strip(),
        opened_by=actor,
        opened_at=opened_at or timezone.now(),
    )
    record_audit(call, actor=actor, action="judge_call.open", after=_call_snapshot(call), event_id=event.pk)
    news.send(sender="judge_call.open", event=event, call=call)
    return call


@transaction.atomic
def claim_call(call: JudgeCall, *, judge) -> JudgeCall:
    """A judge takes an open call (TR&P 3.9: a floor judge should respond first)."""
    call = _lock_call(call)
    require(judge, call.event, "rule_on_calls", _("answer judge calls"))
    if call.status != CallStatus.OPEN:
        raise ConflictError(
            _("call #%(pk)s is already %(status)s")
            % {"pk": call.pk, "status": call.get_status_display().lower()}
        )
    call.status = CallStatus.CLAIMED
    call.claimed_by = judge
    call.claimed_at = timezone.now()
    call.save(update_fields=["status", "claimed_by", "claimed_at"])
    record_audit(
        call, actor=judge, action="judge_call.claim", after=_call_snapshot(call), event_id=call.event_id
    )
    return call


@transaction.atomic
def record_ruling(call: JudgeCall, *, judge, ruling: str, citations=()) -> JudgeCall:
    """The responding judge's ruling with rule citations (TR&P 3.9). Claims the call if open."""
    call = _lock_call(call)
    require(judge, call.event, "rule_on_calls", _("rule on judge calls"))
    if call.status not in (CallStatus.OPEN, CallStatus.CLAIMED, CallStatus.RULED):
        raise ConflictError(
            _("call #%(pk)s is %(status)s; no new ruling")
            % {"pk": call.pk, "status": call.get_status_display().lower()}
        )
    if not ruling.strip():
        raise DomainError(_("write the ruling"), field="ruling")
    before = _call_snapshot(call)
    now = timezone.now()
    if call.claimed_by_id is None:
        call.claimed_by, call.claimed_at = judge, now
    call.ruling = ruling.strip()
    call.citations = clean_citations(citations)
    call.ruled_by = judge
    call.ruled_at = now
    call.status = CallStatus.RULED
    call.save()
    record_audit(
        call,
        actor=judge,
        action="judge_call.rule",
        before=before,
        after=_call_snapshot(call),
        event_id=call.event_id,
    )
    news.send(sender="judge_call.rule", event=call.event, call=call)
    return call


@transaction.atomic
def appeal_call(call: JudgeCall, *, actor, appealed_by: str = CallerKind.PLAYER_A) -> JudgeCall:
    """TR&P 3.9: a player appeals a ruling before it is applied; the head judge decides."""
    call = _lock_call(call)
    require(actor, call.event, "record_appeals", _("record an appeal"))
    if call.status != CallStatus.RULED or call.appealed_at is not None:
        raise ConflictError(_("only a ruled call that was not appealed yet can be appealed"))
    if appealed_by not in (CallerKind.PLAYER_A, CallerKind.PLAYER_B):
        raise DomainError(_("only a player of the match can appeal"), field="appealed_by")
    call.status = CallStatus.APPEALED
    call.appealed_at = timezone.now()
    call.appealed_by = appealed_by
    call.save(update_fields=["status", "appealed_at", "appealed_by"])
    record_audit(
        call, actor=actor, action="judge_call.appeal", after=_call_snapshot(call), event_id=call.event_id
    )
    return call


@transaction.atomic
def record_final_ruling(call: JudgeCall, *, head_judge, ruling: str, citations=()) -> JudgeCall:
    """TR&P 3.9: the head judge (or an appeals judge) makes the final ruling on an appeal."""
    call = _lock_call(call)
    require(head_judge, call.event, "decide_appeals", "decide appeals")
    if call.status != CallStatus.APPEALED:
        raise ConflictError(_("there is no open appeal on this call"))
    if not ruling.strip():
        raise DomainError(_("write the final ruling"), field="ruling")
    before = _call_snapshot(call)
    call.final_ruling = ruling.strip()
    call.final_citations = clean_citations(citations)
    call.appeal_judge = head_judge
    call.final_ruled_at = timezone.now()
    call.status = CallStatus.RULED
    call.save()
    record_audit(
        call,
        actor=head_judge,
        action="judge_call.final_ruling",
        before=before,
        after=_call_snapshot(call),
        event_id=call.event_id,
    )
    news.send(sender="judge_call.final_ruling", event=call.event, call=call)
    return call


@transaction.atomic
def close_call(
    call: JudgeCall, *, judge, duration_seconds: int | None = None, closed_at: datetime | None = None
) -> JudgeCall:
    """Close a call and give the match its time back.

    TR&P 3.2, PPG 1.2: a call that held the match more than one minute adds its length,
    rounded up to the minute, to that match (``tournament.services.add_match_extension``);
    time the match was already stopped by another call or a mid-game deck check counts once.
    The length is ``duration_seconds`` when the judge states it, else opened -> closed.
    An appeal must be decided first.
    """
    call = _lock_call(call)
    require(judge, call.event, "rule_on_calls", _("close judge calls"))
    if call.status == CallStatus.CLOSED:
        raise ConflictError(_("call #%(pk)s is already closed") % {"pk": call.pk})
    if call.status == CallStatus.APPEALED:
        raise ConflictError(_("the head judge has not decided the appeal yet"))
    closed_at = closed_at or timezone.now()
    if duration_seconds is None:
        duration_seconds = max(0, int((closed_at - call.opened_at).total_seconds()))
    elif duration_seconds < 0:
        raise DomainError(_("the call length cannot be negative"), field="duration_seconds")
    before = _call_snapshot(call)
    call.status = CallStatus.CLOSED
    call.closed_by = judge
    call.closed_at = closed_at
    call.duration_seconds = duration_seconds
    if _timed(call.match):
        call.extension_seconds = _grant_stopped_time(
            call.match,
            stop=(closed_at - timedelta(seconds=duration_seconds), closed_at),
            exclude_call=call.pk,
            reason=f"Judge call #{call.pk} ({cite(call.event, 'time_extension')})",
            judge=judge,
        )
    call.save()
    record_audit(
        call,
        actor=judge,
        action="judge_call.close",
        before=before,
        after=_call_snapshot(call),
        event_id=call.event_id,
    )
    return call
