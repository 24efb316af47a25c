"""Penalties (PPG 1.2, 1.4; Grand Archive: GA IPG): the recommendation for this player now, issuing
(also to both players at once, and for tardiness), applying what a penalty does, the head
judge's confirmation or rejection."""

from __future__ import annotations

import dataclasses

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError
from tournament import services as tournament_services
from tournament.citations import cite, is_ga
from tournament.enums import (
    MatchResult,
    RegistrationStatus,
    ResultKind,
)
from tournament.models import Event, Match, Registration
from tournament.selectors import current_round

from .. import penalty_rules as rules
from ..access import confirm_action, require, roles_for
from ..enums import (
    EffectStatus,
    PenaltyStatus,
    PenaltyType,
)
from ..models import DeckCheck, JudgeCall, Penalty
from ._common import _current_match_for, _match_in_event, _timed


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
    held = require(judge, event, "issue_penalties", "issue penalties")
    tournament_services.require_event_open(event)
    # PPG 1.2: the recommendation counts the player's earlier penalties, so penalties of one
    # player are issued one at a time: lock the registration row before counting them.
    registration = _lock_registration(registration)
    if registration.status == RegistrationStatus.DISQUALIFIED:
        raise ConflictError(_("this player is already disqualified"))
    match = _match_in_event(match, event)
    if match is not None and registration.pk not in (match.player_a_id, match.player_b_id):
        raise DomainError(_("the player is not in that match"), field="match")
    if call is not None and call.event_id != event.pk:
        raise DomainError(_("that call belongs to another event"), field="call")
    if deck_check is not None and deck_check.registration_id != registration.pk:
        raise DomainError(_("that deck check is of another player"), field="deck_check")
    if match is None:
        match = (call.match if call is not None else None) or (deck_check.match if deck_check else None)
    if match is None:
        match = _current_match_for(registration)
    rec = recommendation_for(registration, infraction, variant=variant, match=match)
    applied = penalty or rec.penalty
    if applied not in PenaltyType.values:
        raise DomainError(_("unknown penalty %(applied)s") % {"applied": repr(applied)}, field="penalty")
    ga = is_ga(event)
    if ga and not rules.allowed_in_ga(applied):
        raise DomainError(
            _("GA IPG penalties are Warning, Game Loss, Match Loss and Disqualification"), field="penalty"
        )
    if not ga and not rules.allowed_at_rel(applied, rec.rel):
        raise DomainError(_("Casual REL has no Warnings or Intellect Penalties (PPG 2.1)"), field="penalty")
    deviation = applied != rec.penalty
    if deviation and not deviation_reason.strip():
        raise DomainError(
            _("the recommended penalty is %(label)s; a different penalty needs a reason (%(cite)s)")
            % {"label": rec.label, "cite": cite(event, "penalty_deviation")},
            field="deviation_reason",
        )
    if applied == PenaltyType.DISQUALIFICATION and not statement.strip():
        raise DomainError(
            _("a Disqualification needs the written statement (%(cite)s)")
            % {"cite": cite(event, "dq_statement")},
            field="statement",
        )
    if game_number is not None and game_number < 1:
        raise DomainError(_("game numbers start at 1"), field="game_number")
    needs = needs_head_judge(event, infraction, applied, deviation=deviation)
    is_head_judge = bool(held & {str(r) for r in roles_for(confirm_action(applied))})
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
    require(judge, event, "issue_penalties", "issue penalties")
    tournament_services.require_event_open(event)
    if match.is_bye:
        raise DomainError(_("a bye has only one player"), field="match")
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
    require(judge, p.event, "issue_penalties", "apply penalties")
    tournament_services.require_event_open(p.event)
    if p.status != PenaltyStatus.ISSUED or p.effect != EffectStatus.NEXT_MATCH:
        raise ConflictError(_("penalty #%(pk)s is not waiting for a next match") % {"pk": p.pk})
    match = _current_match_for(p.registration)
    if match is None or match.pk == p.match_id or match.result != MatchResult.PENDING:
        raise ConflictError(_("the player has no new match yet; apply it once the next round is paired"))
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
    require(head_judge, p.event, confirm_action(p.penalty), "confirm this penalty")
    tournament_services.require_event_open(p.event)
    if p.status != PenaltyStatus.PENDING:
        raise ConflictError(
            _("penalty #%(pk)s is %(status)s, not awaiting confirmation")
            % {"pk": p.pk, "status": p.get_status_display().lower()}
        )
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
    require(head_judge, p.event, "confirm_penalties", "reject penalties")
    if p.status != PenaltyStatus.PENDING:
        raise ConflictError(_("penalty #%(pk)s is not awaiting confirmation") % {"pk": p.pk})
    if not reason.strip():
        raise DomainError(_("say why the penalty is rejected"), field="reason")
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
    require(judge, event, "issue_penalties", "issue penalties")
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
