"""Every change the judging app makes: judge calls, penalties, deck checks.

Each service is atomic, checks the actor's role at the event, records an audit entry
(core.audit) in the same transaction and goes through ``tournament.services`` for anything
that touches a match result, a match clock or a registration.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core.audit import record_audit
from core.errors import ConflictError, DomainError
from decklists.selectors import accepted_decklist_for, decklist_card_counts
from reference import selectors as reference_selectors
from tournament import services as tournament_services
from tournament.citations import cite, is_ga
from tournament.enums import (
    CALL_READ_ROLES,
    HEAD_ROLES,
    JUDGE_ROLES,
    MAX_TABLE_NUMBER,
    OFFICIAL_ROLES,
    MatchResult,
    RegistrationStatus,
    ResultKind,
    RoundStage,
)
from tournament.models import Event, Match, Registration, Round
from tournament.selectors import current_round, standings_for_event

from .. import catalogue
from .. import penalty_rules as rules
from ..access import confirmer_roles, require_judging_role
from ..enums import (
    CallerKind,
    CallStatus,
    DeckCheckKind,
    DeckCheckStatus,
    EffectStatus,
    PenaltyStatus,
    PenaltyType,
)
from ..models import DeckCheck, JudgeCall, Penalty

CITATION_RE = re.compile(r"^(CR|CR-old|TR&P|TR&P'23|PPG|GA) [0-9][0-9A-Za-z.]*$")


# --------------------------------------------------------------------------- helpers


def _timed(match: Match | None) -> bool:
    """Extensions only exist for timed rounds with a clock: not byes, not play-offs (TR&P 3.1)."""
    return (
        match is not None
        and not match.is_bye
        and match.result == MatchResult.PENDING
        and match.round.stage != RoundStage.TOP_CUT
    )


def clean_citations(citations) -> list[str]:
    """Rule citations like "CR 1.1.3b", "TR&P 3.2", "PPG 4.4"; each one checked: its form, and
    that the imported rules document has that number (an unknown one is refused with the
    nearest rule as a suggestion)."""
    if citations is None:
        return []
    if isinstance(citations, str):
        citations = [part for part in re.split(r"[;,\n]", citations)]
    out: list[str] = []
    for raw in citations:
        cite = " ".join(str(raw).split())
        if not cite:
            continue
        if not CITATION_RE.match(cite):
            raise DomainError(
                f"citation {cite!r} is not a rule number such as 'CR 1.1.3b', 'TR&P 3.2' or 'PPG 4.4'",
                field="citations",
            )
        problem = reference_selectors.citation_problem(cite)
        if problem is not None:
            raise DomainError(problem, field="citations", code="unknown_rule")
        if cite not in out:
            out.append(cite)
    return out


def _match_in_event(match: Match | None, event: Event) -> Match | None:
    if match is not None and match.round.event_id != event.pk:
        raise DomainError("that match belongs to another event", field="match")
    return match


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


# --------------------------------------------------------------------------- judge calls (TR&P 3.9)


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
    require_judging_role(actor, event, OFFICIAL_ROLES, "open a judge call")
    tournament_services.require_event_open(event)
    if caller not in CallerKind.values:
        raise DomainError(f"unknown caller {caller!r}", field="caller")
    match = _match_in_event(match, event)
    if match is None and table_number is None:
        raise DomainError("give the table number or the match", field="table_number")
    if table_number is not None and not 1 <= table_number <= MAX_TABLE_NUMBER:
        raise DomainError(f"table numbers go from 1 to {MAX_TABLE_NUMBER}", field="table_number")
    if match is None:
        rnd = current_round(event)
        if rnd is not None:
            match = Match.objects.filter(round=rnd, table_number=table_number).first()
    call = JudgeCall.objects.create(
        event=event,
        match=match,
        table_number=table_number if table_number is not None else match.table_number,
        caller=caller,
        question=question.strip(),
        opened_by=actor,
        opened_at=opened_at or timezone.now(),
    )
    record_audit(call, actor=actor, action="judge_call.open", after=_call_snapshot(call), event_id=event.pk)
    return call


@transaction.atomic
def claim_call(call: JudgeCall, *, judge) -> JudgeCall:
    """A judge takes an open call (TR&P 3.9: a floor judge should respond first)."""
    call = _lock_call(call)
    require_judging_role(judge, call.event, JUDGE_ROLES, "answer judge calls")
    if call.status != CallStatus.OPEN:
        raise ConflictError(f"call #{call.pk} is already {call.get_status_display().lower()}")
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
    require_judging_role(judge, call.event, JUDGE_ROLES, "rule on judge calls")
    if call.status not in (CallStatus.OPEN, CallStatus.CLAIMED, CallStatus.RULED):
        raise ConflictError(f"call #{call.pk} is {call.get_status_display().lower()}; no new ruling")
    if not ruling.strip():
        raise DomainError("write the ruling", field="ruling")
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
    return call


@transaction.atomic
def appeal_call(call: JudgeCall, *, actor, appealed_by: str = CallerKind.PLAYER_A) -> JudgeCall:
    """TR&P 3.9: a player appeals a ruling before it is applied; the head judge decides."""
    call = _lock_call(call)
    require_judging_role(actor, call.event, CALL_READ_ROLES, "record an appeal")
    if call.status != CallStatus.RULED or call.appealed_at is not None:
        raise ConflictError("only a ruled call that was not appealed yet can be appealed")
    if appealed_by not in (CallerKind.PLAYER_A, CallerKind.PLAYER_B):
        raise DomainError("only a player of the match can appeal", field="appealed_by")
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
    require_judging_role(head_judge, call.event, HEAD_ROLES, "decide appeals")
    if call.status != CallStatus.APPEALED:
        raise ConflictError("there is no open appeal on this call")
    if not ruling.strip():
        raise DomainError("write the final ruling", field="ruling")
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
    return call


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
    spans = [(c.closed_at - timedelta(seconds=c.duration_seconds), c.closed_at) for c in calls]
    spans += [(c.started_at, c.ended_at) for c in checks]
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
    require_judging_role(judge, call.event, JUDGE_ROLES, "close judge calls")
    if call.status == CallStatus.CLOSED:
        raise ConflictError(f"call #{call.pk} is already closed")
    if call.status == CallStatus.APPEALED:
        raise ConflictError("the head judge has not decided the appeal yet")
    closed_at = closed_at or timezone.now()
    if duration_seconds is None:
        duration_seconds = max(0, int((closed_at - call.opened_at).total_seconds()))
    elif duration_seconds < 0:
        raise DomainError("the call length cannot be negative", field="duration_seconds")
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


# --------------------------------------------------------------------------- penalties (PPG 1.2, 1.4)


def tournament_day(event: Event, match: Match | None) -> int:
    """The tournament day the repeat counters use (PPG ch.3, ch.4: reset each day)."""
    if match is not None:
        return match.round.day
    rnd = current_round(event)
    return rnd.day if rnd is not None else 1


def rel_in_force(event: Event, match: Match | None) -> str:
    """The REL of the match's day (a Calling runs day 2 at Professional), else the event's (TR&P 1.2)."""
    rnd = match.round if match is not None else current_round(event)
    if rnd is None:
        return event.rel
    return tournament_services.rel_for_round(event, rnd.number)


def prior_counts(registration: Registration, infraction: str, *, day: int) -> tuple[int, int]:
    """(same day, whole event) counts of earlier, not rejected penalties of this type."""
    qs = Penalty.objects.filter(registration=registration, infraction=infraction).exclude(
        status=PenaltyStatus.REJECTED
    )
    return qs.filter(day=day).count(), qs.count()


def recommendation_for(
    registration: Registration, infraction: str, *, variant: str = "", match: Match | None = None
) -> rules.Recommendation:
    """The recommended penalty for this player now: REL, situation and repeats (PPG 1.4, ch.3-5)."""
    event = registration.event
    day = tournament_day(event, match)
    today, overall = prior_counts(registration, infraction, day=day)
    ga = is_ga(event)  # a Grand Archive event: GA's IPG, not the FaB PPG
    try:
        rec = (rules.recommend_ga if ga else rules.recommend)(
            infraction,
            rel_in_force(event, match),
            prior_today=today,
            prior_in_event=overall,
            variant=variant,
            version=event.ppg_version,
        )
    except KeyError as exc:
        raise DomainError(str(exc.args[0]), field="variant") from None
    except ValueError as exc:
        raise DomainError(str(exc), field="infraction") from None
    note = None if ga else VERSION_NOTES.get((infraction, event.trp_version))
    if note:  # OPEN-31: the PPG edition may lag the TR&P edition; tell the head judge
        rec = dataclasses.replace(rec, explanation=rec.explanation + (note,))
    return rec


def needs_head_judge(event: Event, infraction: str, penalty: str, *, deviation: bool = False) -> bool:
    """Whether this penalty waits for the head judge at this event: PPG 1.2 for FaB; for Grand
    Archive, Match Losses, Disqualifications and infractions with no GA IPG counterpart."""
    return rules.requires_head_judge_confirmation(
        infraction, penalty, deviation=deviation, version=event.ppg_version, ga=is_ga(event)
    )


#: Cross-edition differences the head judge should know about (requirements OPEN-27, OPEN-31).
VERSION_NOTES = {
    ("improper_concession", "2025"): (
        "PPG 2023 5.9 counts requests after decks are presented; TR&P 2025 3.5 bars any request"
    ),
}


def _penalty_snapshot(p: Penalty) -> dict:
    return {
        "registration": p.registration_id,
        "player_id": p.registration.player.player_id,
        "infraction": p.infraction,
        "variant": p.variant,
        "recommended": p.recommended,
        "penalty": p.penalty,
        "upgraded": p.upgraded,
        "deviation_reason": p.deviation_reason,
        "status": p.status,
        "effect": p.effect,
        "match": p.match_id,
        "game_number": p.game_number,
        "confirmed_by": p.confirmed_by_id,
    }


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


def _lock_registration(registration: Registration) -> Registration:
    """``registration`` re-read with its row locked until the transaction ends (a no-op on
    SQLite, whose writers are serialised anyway)."""
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event", "player")
        .get(pk=registration.pk)
    )


def _apply_effect(p: Penalty, actor) -> None:
    """PPG 1.4: what each penalty does.

    Game Loss / Match Loss change the match result (``record_penalty_result``); between
    matches they wait for the next match. Disqualification drops the player and removes them
    from the standings (``disqualify_registration``). Intellect Penalties are recorded
    against the game. Cautions and Warnings are recorded only.
    """
    reason = f"{p.get_infraction_display()} ({p.rule}): {p.get_penalty_display()}"
    if p.simultaneous and p.penalty in (PenaltyType.IP2, PenaltyType.IP3, PenaltyType.GAME_LOSS):
        # PPG 1.4: equal IPs or Game Losses to all players are recorded; the game goes on as if none.
        p.effect = EffectStatus.NO_EFFECT
        return
    if p.penalty in (PenaltyType.GAME_LOSS, PenaltyType.MATCH_LOSS):
        match = p.match
        # A Match Loss on a match already lost by the opponent's penalty makes a double loss (PPG 1.4).
        open_for_penalty = (
            match is not None
            and not match.is_bye
            and (
                match.result == MatchResult.PENDING
                or (p.penalty == PenaltyType.MATCH_LOSS and match.result_kind == ResultKind.PENALTY)
            )
        )
        if open_for_penalty:
            tournament_services.record_penalty_result(
                match, loser=p.registration, kind=p.penalty, actor=actor, reason=reason
            )
            p.effect = EffectStatus.APPLIED
        else:
            p.effect = EffectStatus.NEXT_MATCH
    elif p.penalty == PenaltyType.DISQUALIFICATION:
        tournament_services.disqualify_registration(
            p.registration, actor=actor, reason=f"{reason}. Statement: {p.statement}"
        )
        p.effect = EffectStatus.APPLIED
    elif p.penalty in (PenaltyType.IP2, PenaltyType.IP3):
        p.effect = EffectStatus.GAME_RECORD
    else:
        p.effect = EffectStatus.NONE


@transaction.atomic
def issue_penalty(
    registration: Registration,
    *,
    infraction: str,
    judge,
    penalty: str | None = None,
    variant: str = "",
    match: Match | None = None,
    call: JudgeCall | None = None,
    deck_check: DeckCheck | None = None,
    game_number: int | None = None,
    deviation_reason: str = "",
    description: str = "",
    statement: str = "",
    simultaneous: bool = False,
) -> Penalty:
    """Issue a penalty for one infraction (PPG 1.2).

    - The recommendation comes from the catalogue for the event's REL, the named situation
      (``variant``) and the player's earlier infractions of the type (same day / event).
    - ``penalty`` other than the recommendation is a deviation: it needs a reason and the
      head judge (PPG 1.2).
    - IP2 and above need head-judge confirmation except Tardiness and Decklist Error
      (PPG 1.2; Appendix A 9). A head or appeals judge confirms by issuing; a floor judge's
      penalty waits (status pending) and has no effect until confirmed.
    - A Disqualification needs the written statement (PPG 1.4).
    Side effects: audit entry; once issued, the effect of ``_apply_effect``.
    """
    event = registration.event
    held = require_judging_role(judge, event, JUDGE_ROLES, "issue penalties")
    tournament_services.require_event_open(event)
    # PPG 1.2: the recommendation counts the player's earlier penalties, so penalties of one
    # player are issued one at a time: lock the registration row before counting them.
    registration = _lock_registration(registration)
    if registration.status == RegistrationStatus.DISQUALIFIED:
        raise ConflictError("this player is already disqualified")
    match = _match_in_event(match, event)
    if match is not None and registration.pk not in (match.player_a_id, match.player_b_id):
        raise DomainError("the player is not in that match", field="match")
    if call is not None and call.event_id != event.pk:
        raise DomainError("that call belongs to another event", field="call")
    if deck_check is not None and deck_check.registration_id != registration.pk:
        raise DomainError("that deck check is of another player", field="deck_check")
    if match is None:
        match = (call.match if call is not None else None) or (deck_check.match if deck_check else None)
    if match is None:
        match = _current_match_for(registration)
    rec = recommendation_for(registration, infraction, variant=variant, match=match)
    applied = penalty or rec.penalty
    if applied not in PenaltyType.values:
        raise DomainError(f"unknown penalty {applied!r}", field="penalty")
    ga = is_ga(event)
    if ga and not rules.allowed_in_ga(applied):
        raise DomainError(
            "GA IPG penalties are Warning, Game Loss, Match Loss and Disqualification", field="penalty"
        )
    if not ga and not rules.allowed_at_rel(applied, rec.rel):
        raise DomainError("Casual REL has no Warnings or Intellect Penalties (PPG 2.1)", field="penalty")
    deviation = applied != rec.penalty
    if deviation and not deviation_reason.strip():
        raise DomainError(
            f"the recommended penalty is {rec.label}; a different penalty needs a reason "
            f"({cite(event, 'penalty_deviation')})",
            field="deviation_reason",
        )
    if applied == PenaltyType.DISQUALIFICATION and not statement.strip():
        raise DomainError(
            f"a Disqualification needs the written statement ({cite(event, 'dq_statement')})",
            field="statement",
        )
    if game_number is not None and game_number < 1:
        raise DomainError("game numbers start at 1", field="game_number")
    needs = needs_head_judge(event, infraction, applied, deviation=deviation)
    is_head_judge = bool(held & {str(r) for r in confirmer_roles(applied)})
    now = timezone.now()
    entry = rec.infraction
    p = Penalty(
        event=event,
        registration=registration,
        match=match,
        call=call,
        deck_check=deck_check,
        infraction=infraction,
        category=entry.category,
        rule=entry.rule,
        ppg_version=event.ppg_version,
        rel=rec.rel,
        day=tournament_day(event, match),
        variant=variant,
        recommended=rec.penalty,
        penalty=applied,
        upgraded=rec.upgraded,
        explanation=list(rec.explanation),
        deviation_reason=deviation_reason.strip(),
        description=description.strip(),
        game_number=game_number,
        statement=statement.strip(),
        simultaneous=simultaneous,
        needs_confirmation=needs,
        issued_by=judge,
        issued_at=now,
    )
    if needs and not is_head_judge:
        p.status = PenaltyStatus.PENDING
        p.effect = EffectStatus.WAITING
    else:
        p.status = PenaltyStatus.ISSUED
        if needs:
            p.confirmed_by, p.confirmed_at = judge, now
        _apply_effect(p, judge)
    p.save()
    record_audit(
        p,
        actor=judge,
        action="penalty.issue",
        after=_penalty_snapshot(p),
        reason=p.deviation_reason,
        event_id=event.pk,
    )
    return p


@transaction.atomic
def issue_simultaneous_penalties(
    match: Match,
    *,
    infraction: str,
    judge,
    penalty: str | None = None,
    deviation_reason: str = "",
    description: str = "",
    game_number: int | None = None,
    call: JudgeCall | None = None,
) -> list[Penalty]:
    """The same infraction for both players of a match at once (PPG 1.4).

    When both end up with the same IP or Game Loss it is recorded for each with no game effect;
    Match Losses to both make a double loss. Different penalties (one player's repeat upgrade)
    take effect normally.
    """
    event = match.round.event
    require_judging_role(judge, event, JUDGE_ROLES, "issue penalties")
    tournament_services.require_event_open(event)
    if match.is_bye:
        raise DomainError("a bye has only one player", field="match")
    players = [match.player_a, match.player_b]
    applied = []
    for registration in players:
        rec = recommendation_for(registration, infraction, match=match)
        applied.append(penalty or rec.penalty)
    cancel = rules.simultaneous_cancel(applied)
    return [
        issue_penalty(
            registration,
            infraction=infraction,
            judge=judge,
            penalty=penalty,
            match=match,
            call=call,
            game_number=game_number,
            deviation_reason=deviation_reason,
            description=description,
            simultaneous=cancel,
        )
        for registration in players
    ]


@transaction.atomic
def apply_deferred_penalty(p: Penalty, *, judge) -> Penalty:
    """PPG 1.4: a Game Loss or Match Loss issued between matches applies to the player's next match."""
    p = _lock_penalty(p)
    require_judging_role(judge, p.event, JUDGE_ROLES, "apply penalties")
    tournament_services.require_event_open(p.event)
    if p.status != PenaltyStatus.ISSUED or p.effect != EffectStatus.NEXT_MATCH:
        raise ConflictError(f"penalty #{p.pk} is not waiting for a next match")
    match = _current_match_for(p.registration)
    if match is None or match.pk == p.match_id or match.result != MatchResult.PENDING:
        raise ConflictError("the player has no new match yet; apply it once the next round is paired")
    before = _penalty_snapshot(p)
    p.match = match
    _apply_effect(p, judge)
    p.save(update_fields=["match", "effect"])
    record_audit(
        p,
        actor=judge,
        action="penalty.apply_next_match",
        before=before,
        after=_penalty_snapshot(p),
        event_id=p.event_id,
    )
    return p


def _lock_penalty(p: Penalty) -> Penalty:
    return (
        Penalty.objects.select_for_update(of=("self",))
        .select_related("event", "registration__player", "match__round")
        .get(pk=p.pk)
    )


@transaction.atomic
def confirm_penalty(p: Penalty, *, head_judge) -> Penalty:
    """PPG 1.2: the head judge confirms a pending penalty; its effect then applies."""
    p = _lock_penalty(p)
    require_judging_role(head_judge, p.event, confirmer_roles(p.penalty), "confirm this penalty")
    tournament_services.require_event_open(p.event)
    if p.status != PenaltyStatus.PENDING:
        raise ConflictError(f"penalty #{p.pk} is {p.get_status_display().lower()}, not awaiting confirmation")
    before = _penalty_snapshot(p)
    p.status = PenaltyStatus.ISSUED
    p.confirmed_by = head_judge
    p.confirmed_at = timezone.now()
    if p.registration.status == RegistrationStatus.DISQUALIFIED and p.penalty != PenaltyType.DISQUALIFICATION:
        p.effect = EffectStatus.NONE
    else:
        _apply_effect(p, head_judge)
    p.save()
    record_audit(
        p,
        actor=head_judge,
        action="penalty.confirm",
        before=before,
        after=_penalty_snapshot(p),
        event_id=p.event_id,
    )
    return p


@transaction.atomic
def reject_penalty(p: Penalty, *, head_judge, reason: str) -> Penalty:
    """The head judge declines a pending penalty (it never takes effect; kept for the record)."""
    p = _lock_penalty(p)
    require_judging_role(head_judge, p.event, HEAD_ROLES, "reject penalties")
    if p.status != PenaltyStatus.PENDING:
        raise ConflictError(f"penalty #{p.pk} is not awaiting confirmation")
    if not reason.strip():
        raise DomainError("say why the penalty is rejected", field="reason")
    before = _penalty_snapshot(p)
    p.status = PenaltyStatus.REJECTED
    p.effect = EffectStatus.NONE
    p.rejection_reason = reason.strip()
    p.confirmed_by = head_judge
    p.confirmed_at = timezone.now()
    p.save()
    record_audit(
        p,
        actor=head_judge,
        action="penalty.reject",
        before=before,
        after=_penalty_snapshot(p),
        reason=p.rejection_reason,
        event_id=p.event_id,
    )
    return p


@transaction.atomic
def issue_tardiness(
    registration: Registration, *, judge, seconds_late: int, match: Match | None = None
) -> Penalty | None:
    """PPG 4.1, 2.3: classify lateness, issue Tardiness-Minor or -Major, extend the table by the delay.

    Returns None (after any extension) when the lateness is under the REL's threshold.
    Grand Archive: over 5 minutes is Tardiness (GA TRG Timeliness; GA IPG: Game Loss), never
    a Match Loss; the table gets the delay back.
    """
    event = registration.event
    require_judging_role(judge, event, JUDGE_ROLES, "issue penalties")
    tournament_services.require_event_open(event)
    match = _match_in_event(match, event) or _current_match_for(registration)
    rel = rel_in_force(event, match)
    try:
        if is_ga(event):  # GA TRG Timeliness: 5 minutes to start, then GA IPG Tardiness (a Game
            # Loss: the match goes on, so the table gets the delay back, organizer's policy)
            code = rules.ga_tardiness_infraction(seconds_late)
            extension = seconds_late
        else:
            code = rules.tardiness_infraction(seconds_late, rel)
            extension = rules.tardiness_extension_seconds(seconds_late, rel)
    except ValueError as exc:
        raise DomainError(str(exc), field="seconds_late") from None
    penalty = None
    if code is not None:
        minutes = seconds_late / 60
        penalty = issue_penalty(
            registration, infraction=code, judge=judge, match=match, description=f"{minutes:.1f} minutes late"
        )
    if extension and code != "tardiness_major" and _timed(match):
        tournament_services.add_match_extension(
            match,
            seconds=extension,
            reason=f"Tardiness delay ({cite(event, 'tardiness_delay')})",
            actor=judge,
        )
    return penalty


# --------------------------------------------------------------------------- deck checks (TR&P 3.8)


def _deck_snapshot(check: DeckCheck) -> dict:
    return {
        "registration": check.registration_id,
        "kind": check.kind,
        "status": check.status,
        "match": check.match_id,
        "started_at": check.started_at,
        "ended_at": check.ended_at,
        "extension_seconds": check.extension_seconds,
        "mismatches": check.mismatches,
        "checklist": check.checklist,
    }


def likely_playoff_unchecked(event: Event) -> list[int]:
    """Registration ids in the play-off zone of the current standings with no regular check yet
    (TR&P 3.8). The standings are the event's own (its policy and tiebreakers, TR&P App D)."""
    cut = event.top_cut if event.top_cut else 8
    active = set(
        Registration.objects.filter(
            event=event, status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN]
        ).values_list("pk", flat=True)
    )
    ranked = [row.registration.pk for row in standings_for_event(event) if row.registration.pk in active][
        :cut
    ]
    checked = set(
        DeckCheck.objects.filter(event=event, kind=DeckCheckKind.REGULAR)
        .exclude(status=DeckCheckStatus.CANCELLED)
        .values_list("registration_id", flat=True)
    )
    return [pk for pk in ranked if pk not in checked]


@transaction.atomic
def plan_deck_checks(
    round_: Round, *, actor, seed: int | str | None = None, rate: float | None = None
) -> list[DeckCheck]:
    """TR&P 3.8: choose tables for regular checks this round at the REL's rate, likely play-off
    players not yet checked first, and create a planned check for both players of each table.

    Side effects: DeckCheck rows and an audit entry on the round.
    """
    event = round_.event
    require_judging_role(actor, event, HEAD_ROLES, "plan deck checks")
    tournament_services.require_event_open(event)
    matches = [
        m for m in Match.objects.filter(round=round_, player_b__isnull=False, table_number__isnull=False)
    ]
    by_table = {m.table_number: m for m in matches}
    wanted = set(likely_playoff_unchecked(event))
    priority = [t for t, m in sorted(by_table.items()) if {m.player_a_id, m.player_b_id} & wanted]
    try:
        tables = rules.plan_regular_checks(
            by_table,
            rel=tournament_services.rel_for_round(event, round_.number),
            seed=seed if seed is not None else f"{event.pk}-{round_.number}-{round_.seed}",
            priority=priority,
            rate=rate,
        )
    except ValueError as exc:
        raise DomainError(str(exc), field="rate") from None
    already = set(
        DeckCheck.objects.filter(round=round_)
        .exclude(status=DeckCheckStatus.CANCELLED)
        .values_list("registration_id", flat=True)
    )
    created = []
    for table in tables:
        m = by_table[table]
        reason = "likely play-off player" if table in priority else "random table"
        for reg_id in (m.player_a_id, m.player_b_id):
            if reg_id in already:
                continue
            created.append(
                DeckCheck.objects.create(
                    event=event,
                    round=round_,
                    match=m,
                    registration_id=reg_id,
                    kind=DeckCheckKind.REGULAR,
                    planned_reason=reason,
                )
            )
    record_audit(round_, actor=actor, action="deck_check.plan", after={"tables": tables}, event_id=event.pk)
    return created


@transaction.atomic
def create_deck_check(
    registration: Registration,
    *,
    judge,
    kind: str = DeckCheckKind.REGULAR,
    match: Match | None = None,
    game_number: int | None = None,
) -> DeckCheck:
    """Start a check now. Non-regular checks are the head judge's call (TR&P 3.8)."""
    event = registration.event
    if kind not in DeckCheckKind.values:
        raise DomainError(f"unknown deck-check kind {kind!r}", field="kind")
    roles = JUDGE_ROLES if kind == DeckCheckKind.REGULAR else HEAD_ROLES
    require_judging_role(judge, event, roles, "start this kind of deck check")
    tournament_services.require_event_open(event)
    match = _match_in_event(match, event)
    if match is None and kind != DeckCheckKind.BETWEEN_ROUNDS:
        match = _current_match_for(registration)
    check = DeckCheck.objects.create(
        event=event,
        round=match.round if match else None,
        match=match,
        registration=registration,
        kind=kind,
        status=DeckCheckStatus.IN_PROGRESS,
        game_number=game_number,
        judge=judge,
        started_at=timezone.now(),
    )
    record_audit(
        check, actor=judge, action="deck_check.start", after=_deck_snapshot(check), event_id=event.pk
    )
    return check


@transaction.atomic
def start_deck_check(check: DeckCheck, *, judge, started_at: datetime | None = None) -> DeckCheck:
    """Collect the deck: the clock of the check starts now."""
    check = DeckCheck.objects.select_for_update(of=("self",)).select_related("event").get(pk=check.pk)
    require_judging_role(judge, check.event, JUDGE_ROLES, "run deck checks")
    if check.status != DeckCheckStatus.PLANNED:
        raise ConflictError(f"deck check #{check.pk} is {check.get_status_display().lower()}")
    check.status = DeckCheckStatus.IN_PROGRESS
    check.judge = judge
    check.started_at = started_at or timezone.now()
    check.save(update_fields=["status", "judge", "started_at"])
    record_audit(
        check, actor=judge, action="deck_check.start", after=_deck_snapshot(check), event_id=check.event_id
    )
    return check


def accepted_decklist(registration: Registration):
    """The accepted decklist the player plays from (decklists app), or None."""
    return accepted_decklist_for(registration)


def listed_counts(registration: Registration) -> dict[str, int] | None:
    """The accepted decklist's counts by card, or None when there is no accepted list."""
    decklist = accepted_decklist_for(registration)
    if decklist is None:
        return None
    return decklist_card_counts(decklist)


def _clean_counts(presented: Mapping[str, object]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, value in presented.items():
        key = " ".join(str(name).split())
        if not key:
            continue
        try:
            count = int(value)
        except (TypeError, ValueError):
            raise DomainError(f"count for {key!r} must be a whole number", field="presented") from None
        if count < 0:
            raise DomainError(f"count for {key!r} cannot be negative", field="presented")
        out[key] = count
    return out


@transaction.atomic
def finish_deck_check(
    check: DeckCheck,
    *,
    judge,
    presented: Mapping[str, object],
    checklist: Mapping[str, bool] | None = None,
    findings: str = "",
    ended_at: datetime | None = None,
) -> DeckCheck:
    """Compare the presented cards with the accepted list, store the side-by-side counts and
    give the match its time (TR&P 3.2, 3.8: check time rounded up + 3 minutes, capped at the
    round length). When both players of a match are checked, the match gets the longest
    extension once, not the sum.

    A non-regular check in the middle of a game pauses the match like any judge pause (TR&P
    3.2, PPG 1.2): over one minute, the match gets the time taken, rounded up to the minute,
    without the 3 minutes; the time it overlaps other mid-game checks or judge calls of the
    match counts once. A check between rounds pauses nothing and gives no time.
    """
    check = (
        DeckCheck.objects.select_for_update(of=("self",))
        .select_related("event", "match__round", "registration")
        .get(pk=check.pk)
    )
    require_judging_role(judge, check.event, JUDGE_ROLES, "run deck checks")
    if check.status != DeckCheckStatus.IN_PROGRESS:
        raise ConflictError(
            f"deck check #{check.pk} is {check.get_status_display().lower()}, not in progress"
        )
    ended_at = ended_at or timezone.now()
    if ended_at < check.started_at:
        raise DomainError("the check cannot end before it started", field="ended_at")
    counts = _clean_counts(presented)
    listed = listed_counts(check.registration)
    if listed is None:
        listed = {}
        findings = (findings + "\nNo accepted decklist to compare against.").strip()
    rows = rules.compare_counts(listed, counts)
    check.counts = [{"card": r.card, "listed": r.listed, "presented": r.presented} for r in rows]
    check.checklist = {str(k): bool(v) for k, v in (checklist or {}).items()}
    check.findings = findings.strip()
    check.ended_at = ended_at
    check.status = DeckCheckStatus.DONE
    match = check.match
    extension = 0
    if check.kind == DeckCheckKind.REGULAR and _timed(match):
        extension = rules.deck_check_extension_seconds(
            (ended_at - check.started_at).total_seconds(), check.event.round_minutes
        )
        # Earlier regular checks of this match already gave their time.
        same_pause = DeckCheck.objects.filter(match=match, kind=DeckCheckKind.REGULAR)
        reason = f"Deck check #{check.pk} ({cite(check.event, 'deck_check_time')})"
    elif check.kind == DeckCheckKind.MID_GAME and _timed(match):
        # The match was stopped: checks and judge calls that overlap count once.
        check.extension_seconds = _grant_stopped_time(
            match,
            stop=(check.started_at, ended_at),
            exclude_check=check.pk,
            reason=f"Mid-game deck check #{check.pk} paused the match ({cite(check.event, 'ruling_time')})",
            judge=judge,
        )
    if extension:
        granted = max(same_pause.exclude(pk=check.pk).values_list("extension_seconds", flat=True), default=0)
        check.extension_seconds = extension
        if extension > granted:
            tournament_services.add_match_extension(
                match, seconds=extension - granted, reason=reason, actor=judge
            )
    check.save()
    record_audit(
        check, actor=judge, action="deck_check.finish", after=_deck_snapshot(check), event_id=check.event_id
    )
    return check


def deck_check_suggestions(check: DeckCheck) -> list[dict]:
    """Infractions a finished check points to, each with its PPG fix (PPG 4.4-4.6, 4.8)."""
    rows = [rules.CountRow(r["card"], r["listed"], r["presented"]) for r in check.counts]
    out = []
    for s in rules.infractions_from_counts(rows):
        out.append({"infraction": s.infraction, "variant": s.variant, "reason": s.reason})
    checklist = check.checklist or {}
    if checklist.get("hero") is False:
        out.append({"infraction": "decklist_error", "variant": "", "reason": "Hero does not match the list"})
    if checklist.get("not_marked") is False:
        out.append({"infraction": "marked_cards", "variant": "", "reason": "Marked cards found"})
    if checklist.get("presented_legal") is False:
        out.append(
            {"infraction": "presenting_cards_error", "variant": "", "reason": "Presented deck is not legal"}
        )
    ga = is_ga(check.event)
    for item in out:
        if ga:  # GA IPG: no FaB situations; the GA entry names the GA infraction
            item["variant"] = ""
        entry = (
            catalogue.ga_infraction(item["infraction"])
            if ga
            else catalogue.get_infraction(item["infraction"])
        )
        item.update(name=entry.name, rule=entry.rule, fix=entry.fix)
        if item["variant"]:
            item["variant_label"] = entry.variant(item["variant"]).label
    return out
