"""Rounds: pairing, re-pairing, pairing edits and publishing (TR&P 3.3, App D)."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core.errors import ConflictError, DomainError

from .. import pairing, selectors, signals
from ..access import require
from ..citations import cite
from ..day_plan import advancing_after, day_plan_for_event
from ..enums import (
    MAX_TABLE_NUMBER,
    TEAM_FORMATS,
    EventStatus,
    Game,
    MatchResult,
    ReportStatus,
    ResultKind,
    RoundStage,
    RoundStatus,
)
from ..models import (
    Event,
    Match,
    Registration,
    Round,
)
from ._common import _atomic, _audit, _lock_event, _lock_match, _snapshot_match, require_event_open
from ._shared import _concede, _maybe_close_round
from .checkin import resolve_not_checked_in
from .days import fix_default_day_plan
from .drafts import ensure_playoff_seating
from .pods import pair_pod_round, uses_pods

# --------------------------------------------------------------------------- rounds


def day_plan_for_round(event: Event, number: int) -> tuple[int, set[int] | None]:
    """(day, registrations allowed to play) for Swiss round ``number`` of a multi-day event.

    Days come from the event's day plan (``tournament.day_plan``: the saved days, or the TR&P
    App B multi-day row for a multi-day structure). On day 2+ only the players who made the
    previous day's cut play: the top ``cut_size`` of the standings after that day, or everyone
    within ``cut_max_losses`` rounds not won (X-2), whichever group is larger (TR&P App B;
    RD-09, OPEN-6). ``None`` means everyone active plays. An incomplete saved plan is refused
    (``DomainError`` naming what is missing) rather than silently ignored.
    """
    plan = day_plan_for_event(event)
    if plan is None:
        return 1, None
    day = plan.day_of_round(number)
    if number > plan.swiss_rounds or day.number == 1:
        return day.number, None
    previous = plan.days[day.number - 2]
    return day.number, advancing_after(event, plan, previous)


@_atomic
def pair_next_round(
    event: Event, *, actor, seed: int | None = None, not_checked_in: str | None = None
) -> Round:
    """Create the next round with its pairings (status PAIRED, not yet public).

    Exactly one round is created even when two staff press at once: the event row is locked
    (select_for_update) and (event, number) is unique; the loser gets a 409. Refused while the
    previous round is not complete. After the Swiss rounds (the event's or TR&P App B's count)
    the top cut is seeded from the standings (TR&P 3.1; bracket 1v8, 4v5, 3v6, 2v7, OPEN-10)
    and later play-off rounds pair the winners. Tables: top tables to the highest standings,
    pinned tables kept (TR&P 3.10).

    Round 1 of an event that uses check-in pairs only checked-in players: while a registered
    player has not checked in, ``not_checked_in`` must say "drop" or "pair" (else a 409 naming
    them; ``checkin.resolve_not_checked_in``). The choice is recorded with the pairing.
    """

    if uses_pods(event):  # multiplayer pods (TR&P 9.3): seated by services.pods
        return pair_pod_round(event, actor=actor, seed=seed)
    require(actor, event, "run_rounds", gettext("pair a round"))
    event = _lock_event(event)
    require_event_open(event)
    require_not_mirrored(event)
    last = selectors.current_round(event)
    if last is not None and last.status != RoundStatus.COMPLETE:
        raise ConflictError(
            gettext("round %(number)s is %(status)s: finish it before pairing the next")
            % {"number": last.number, "status": last.get_status_display().lower()},
            code="round_open",
        )
    number = (last.number + 1) if last else 1
    unchecked = resolve_not_checked_in(event, actor=actor, choice=not_checked_in) if last is None else None
    if last is None:
        fix_default_day_plan(event, actor=actor)  # a multi-day event's App B default is kept from now on
    swiss_rounds, top_cut = selectors.effective_structure(event)
    if last is None and (event.swiss_rounds is None or event.top_cut is None):
        # TR&P App B defaults come from attendance: fix them when play starts so later drops
        # do not change the number of rounds.
        before = {"swiss_rounds": event.swiss_rounds, "top_cut": event.top_cut}
        if not event.days.exists():
            event.swiss_rounds = swiss_rounds
        event.top_cut = top_cut
        event.save(update_fields=["swiss_rounds", "top_cut", "updated_at"])
        _audit(
            event,
            event=event,
            actor=actor,
            action="event.structure",
            before=before,
            after={"swiss_rounds": swiss_rounds, "top_cut": top_cut},
            reason=(
                gettext(
                    "default from attendance (our table, borrowed from Flesh and Blood: Grand Archive "
                    "publishes none; organizer's policy), fixed at the first pairings"
                )
                if event.game == Game.GA
                else gettext("TR&P App B default from attendance, fixed at the first pairings")
            ),
        )
    swiss_played = selectors.swiss_rounds_played(event)
    if seed is None:
        seed = (event.pairing_seed * 1_000_003 + number) % (2**31)
    day, only = day_plan_for_round(event, number)
    if swiss_played < swiss_rounds and (last is None or last.stage == RoundStage.SWISS):
        stage = RoundStage.SWISS
        if event.format in TEAM_FORMATS:
            plan = pairing.plan_team_round(event, round_number=number, seed=seed)
        else:
            plan = pairing.plan_swiss_round(event, round_number=number, seed=seed, only=only)
    elif top_cut and event.format in TEAM_FORMATS:
        stage = RoundStage.TOP_CUT
        plan = pairing.plan_team_top_cut(event, round_number=number, top_cut=top_cut)
        if plan is None:
            raise DomainError(gettext("the play-off is over: the event has a winner"), code="finished")
    elif top_cut:
        stage = RoundStage.TOP_CUT
        if last.stage == RoundStage.SWISS and pairing.draft_playoff_applies(event, top_cut=top_cut):
            ensure_playoff_seating(event, top_cut=top_cut, actor=actor, seed=seed)  # TR&P 8.2
        plan = pairing.plan_top_cut_round(event, round_number=number, top_cut=top_cut)
        if plan is None:
            raise DomainError(gettext("the play-off is over: the event has a winner"), code="finished")
    else:
        raise DomainError(
            gettext("all %(swiss_rounds)s Swiss rounds are played and there is no top cut")
            % {"swiss_rounds": swiss_rounds},
            code="finished",
        )
    duration = event.round_minutes * 60 if stage == RoundStage.SWISS else 0
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                event=event,
                number=number,
                stage=stage,
                status=RoundStatus.PAIRED,
                seed=seed,
                duration_seconds=duration,
                day=day if stage == RoundStage.SWISS else (last.day if last else 1),
            )
    except IntegrityError as exc:
        raise ConflictError(
            gettext("round %(number)s was just paired by someone else") % {"number": number},
            code="round_open",
        ) from exc
    _create_matches(rnd, plan)
    _apply_forfeits(rnd, plan, actor=actor)
    if event.status == EventStatus.REGISTRATION:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status", "updated_at"])
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.pair",
        after={
            "number": number,
            "stage": stage,
            "seed": seed,
            "matches": len(plan.pairs),
            "byes": [r.pk for r in plan.byes],
            "rematches": plan.rematches,
            **({"kept_apart_met": [[a.pk, b.pk] for a, b in plan.kept_apart]} if plan.kept_apart else {}),
            **({"not_checked_in": unchecked} if unchecked else {}),
        },
        reason=gettext("not checked in: %(choice)s") % {"choice": unchecked["choice"]} if unchecked else "",
    )
    return rnd


def require_not_mirrored(event: Event, what: str = "pair rounds") -> None:
    """Refuse (409, code "mirrored") to make pairings for an event mirrored from GEM or Omnidex:
    the official system pairs it and its pairings are imported (the ``mirror`` add-on)."""
    if event.is_mirrored:
        raise ConflictError(
            gettext(
                "this event is mirrored from %(mirror_source)s: Arbiter does not %(what)s for it. Pair the round there, then re-import the event."
            )
            % {"mirror_source": event.get_mirror_source_display(), "what": what},
            code="mirrored",
        )


def _create_matches(rnd: Round, plan) -> None:
    seeds = plan.seeds or {}
    slots = plan.slots or [None] * len(plan.pairs)
    matches = [
        Match(
            round=rnd,
            player_a=a,
            player_b=b,
            table_number=table,
            bracket_slot=slot,
            seed_a=seeds.get(a.pk),
            seed_b=seeds.get(b.pk),
        )
        for (a, b), table, slot in zip(plan.pairs, plan.tables, slots, strict=True)
    ]
    bye_slots = plan.bye_slots or [None] * len(plan.byes)
    for reg, slot in zip(plan.byes, bye_slots, strict=True):
        matches.append(
            Match(
                round=rnd,
                player_a=reg,
                player_b=None,
                table_number=None,
                bracket_slot=slot,
                seed_a=seeds.get(reg.pk),
                result=MatchResult.BYE,
                result_kind=ResultKind.BYE,
                games_a=rnd.event.games_per_match,
                report_status=ReportStatus.STAFF,
            )
        )
    Match.objects.bulk_create(matches)


def _apply_forfeits(rnd: Round, plan, *, actor) -> None:
    """Team events: a member who is out forfeits their board (TR&P 9.2, RD-37)."""
    for reg_id in getattr(plan, "forfeits", ()) or ():
        match = Match.objects.select_related("round__event").get(
            Q(player_a_id=reg_id) | Q(player_b_id=reg_id), round=rnd
        )
        if match.result == MatchResult.PENDING:
            loser = match.player_a if match.player_a_id == reg_id else match.player_b
            _concede(
                match,
                loser,
                kind=ResultKind.DROP,
                actor=actor,
                reason=f"team member out ({cite(rnd.event, 'team')})",
            )


def _editable_round(round_: Round) -> Round:
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_.pk)
    if rnd.status != RoundStatus.PAIRED:
        raise ConflictError(
            gettext("round %(number)s is %(status)s: pairings can only change before publishing")
            % {"number": rnd.number, "status": rnd.get_status_display().lower()},
            code="published",
        )
    return rnd


@_atomic
def repair_round(round_: Round, *, actor, seed: int | None = None, reason: str = "") -> Round:
    """Throw away unpublished pairings and pair the round again (a new seed unless given)."""

    event = round_.event
    require(actor, event, "run_rounds", gettext("re-pair a round"))
    require_event_open(event)
    require_not_mirrored(event, "re-pair rounds")
    _lock_event(event)
    rnd = _editable_round(round_)
    before = [_snapshot_match(m) for m in rnd.matches.all()]
    seed = seed if seed is not None else secrets.randbits(31)
    rnd.matches.all().delete()
    if rnd.stage == RoundStage.SWISS and event.format in TEAM_FORMATS:
        plan = pairing.plan_team_round(event, round_number=rnd.number, seed=seed)
    elif rnd.stage == RoundStage.SWISS:
        _day, only = day_plan_for_round(event, rnd.number)
        plan = pairing.plan_swiss_round(event, round_number=rnd.number, seed=seed, only=only)
    else:
        _, top_cut = selectors.effective_structure(event)
        plan = pairing.plan_top_cut_round(event, round_number=rnd.number, top_cut=top_cut)
    rnd.seed = seed
    rnd.save(update_fields=["seed"])
    _create_matches(rnd, plan)
    _apply_forfeits(rnd, plan, actor=actor)
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.repair",
        before=before,
        after={"seed": seed},
        reason=reason,
    )
    return rnd


@_atomic
def swap_players(round_: Round, *, first: Registration, second: Registration, actor, reason: str) -> Round:
    """Manual pairing edit before publishing: ``first`` and ``second`` trade places (and
    opponents). Recorded with who and why. A player with a bye can be swapped too."""
    event = round_.event
    require(actor, event, "run_rounds", "edit pairings")
    require_event_open(event)
    require_not_mirrored(event, "edit pairings")
    if not (reason or "").strip():
        raise DomainError(gettext("say why the pairings are edited"), field="reason")
    rnd = _editable_round(round_)
    if rnd.stage != RoundStage.SWISS:
        raise DomainError(gettext("play-off pairings follow the bracket and cannot be edited"), code="rule")
    if first.pk == second.pk:
        raise DomainError(gettext("choose two different players"), field="second")
    matches = list(
        rnd.matches.select_for_update().filter(
            Q(player_a__in=[first, second]) | Q(player_b__in=[first, second])
        )
    )
    slots = {}
    for m in matches:
        for side in ("player_a", "player_b"):
            rid = getattr(m, f"{side}_id")
            if rid in (first.pk, second.pk):
                slots[rid] = (m, side)
    for reg in (first, second):
        if reg.pk not in slots:
            raise DomainError(
                gettext("%(display_name)s is not paired in round %(number)s")
                % {"display_name": reg.player.display_name, "number": rnd.number},
                field="first",
            )
    before = [_snapshot_match(m) for m in matches]
    (m1, s1), (m2, s2) = slots[first.pk], slots[second.pk]
    if m1.pk == m2.pk:
        raise DomainError(gettext("those two players already play each other"), field="second")
    setattr(m1, f"{s1}_id", second.pk)
    setattr(m2, f"{s2}_id", first.pk)
    for m in (m1, m2):
        if m.player_a_id is None:  # keep a bye as player_a with an empty side b
            m.player_a_id, m.player_b_id = m.player_b_id, None
        m.version += 1
        m.save()
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.edit_pairings",
        before=before,
        after=[_snapshot_match(m) for m in (m1, m2)],
        reason=reason,
    )
    return rnd


@_atomic
def set_table_number(match: Match, *, table_number: int, actor, reason: str) -> Match:
    """Move an unpublished match to another table (two matches swap tables if it is taken)."""
    event = match.round.event
    require(actor, event, "run_rounds", "edit pairings")
    require_event_open(event)
    rnd = _editable_round(match.round)
    if not isinstance(table_number, int) or not 1 <= table_number <= MAX_TABLE_NUMBER:
        raise DomainError(
            gettext("a table number is a whole number from 1 to %(max_table_number)s")
            % {"max_table_number": MAX_TABLE_NUMBER},
            field="table_number",
        )
    match = _lock_match(match)
    if match.is_bye:
        raise DomainError(gettext("a bye has no table"), field="table_number")
    before = _snapshot_match(match)
    other = (
        Match.objects.select_for_update()
        .filter(round=rnd, table_number=table_number)
        .exclude(pk=match.pk)
        .first()
    )
    old = match.table_number
    match.table_number = None
    match.save(update_fields=["table_number"])
    if other is not None:
        other.table_number = old
        other.version += 1
        other.save(update_fields=["table_number", "version"])
    match.table_number = table_number
    match.version += 1
    match.save(update_fields=["table_number", "version"])
    _audit(
        match,
        event=event,
        actor=actor,
        action="match.table",
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    return match


@_atomic
def publish_round(round_: Round, *, actor, override_reason: str = "") -> Round:
    """Make the pairings public (PAIRED -> PUBLISHED). Publishing twice is a 409.

    Round 1: what the add-ons report against it (``selectors.publish_problems``; decklists at an
    event that requires them: no submitted or no legal list, TR&P App E) blocks publishing with
    a 409 (code ``publish_problems``) unless ``override_reason`` says why it goes ahead anyway;
    the override is recorded with the problems it overrode.
    """
    event = round_.event
    require(actor, event, "run_rounds", "publish pairings")
    require_event_open(event)
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_.pk)
    if rnd.status != RoundStatus.PAIRED:
        raise ConflictError(
            gettext("round %(number)s is %(status)s, not waiting to be published")
            % {"number": rnd.number, "status": rnd.get_status_display().lower()}
        )
    problems = selectors.publish_problems(rnd)
    override_reason = (override_reason or "").strip()
    if problems and not override_reason:
        shown = "; ".join(f"{p['name']}: {p['problem']}" for p in problems[:10])
        if len(problems) > 10:
            shown += "; " + ngettext("and %(count)s more", "and %(count)s more", len(problems) - 10) % {
                "count": len(problems) - 10
            }
        raise ConflictError(
            ngettext(
                "%(count)s problem before round 1: %(shown)s. Fix it, or publish anyway with a reason.",
                "%(count)s problems before round 1: %(shown)s. Fix them, or publish anyway with a reason.",
                len(problems),
            )
            % {"count": len(problems), "shown": shown},
            code="publish_problems",
            field="override_reason",
        )
    if problems:
        _audit(
            rnd,
            event=event,
            actor=actor,
            action="round.publish_override",
            before={"problems": problems},
            after={"status": "published"},
            reason=override_reason,
        )
    rnd.status = RoundStatus.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.publish",
        before={"status": "paired"},
        after={"status": "published"},
    )
    signals.news.send(sender="round.publish", event=event, round_=rnd)
    _maybe_close_round(rnd, actor=actor)  # a round of byes only is complete at once
    return rnd
