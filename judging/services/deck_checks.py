"""Deck checks (TR&P 3.8): planning a round's regular checks, creating, starting and finishing a
check against the accepted decklist (a mid-game check gives the match its time back), and
what the counts suggest."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError
from decklists.selectors import accepted_decklist_for, decklist_card_counts
from tournament import services as tournament_services
from tournament.citations import cite, is_ga
from tournament.enums import (
    RegistrationStatus,
)
from tournament.models import Event, Match, Registration, Round
from tournament.selectors import standings_for_event

from .. import catalogue
from .. import penalty_rules as rules
from ..access import require
from ..enums import (
    DeckCheckKind,
    DeckCheckStatus,
)
from ..models import DeckCheck
from ._common import _current_match_for, _grant_stopped_time, _match_in_event, _timed


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
    require(actor, event, "plan_deck_checks", _("plan deck checks"))
    tournament_services.require_event_open(event)
    matches = list(Match.objects.filter(round=round_, player_b__isnull=False, table_number__isnull=False))
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
            if reg_id is None or reg_id in already:
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
        raise DomainError(_("unknown deck-check kind %(kind)s") % {"kind": repr(kind)}, field="kind")
    action = "run_deck_checks" if kind == DeckCheckKind.REGULAR else "plan_deck_checks"
    require(judge, event, action, _("start this kind of deck check"))
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
    require(judge, check.event, "run_deck_checks", _("run deck checks"))
    if check.status != DeckCheckStatus.PLANNED:
        raise ConflictError(
            _("deck check #%(pk)s is %(status)s")
            % {"pk": check.pk, "status": check.get_status_display().lower()}
        )
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


def _clean_counts(presented: Mapping[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, value in presented.items():
        key = " ".join(str(name).split())
        if not key:
            continue
        try:
            count = int(value)
        except (TypeError, ValueError):
            raise DomainError(
                _("count for %(key)s must be a whole number") % {"key": repr(key)}, field="presented"
            ) from None
        if count < 0:
            raise DomainError(
                _("count for %(key)s cannot be negative") % {"key": repr(key)}, field="presented"
            )
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
    require(judge, check.event, "run_deck_checks", _("run deck checks"))
    if check.status != DeckCheckStatus.IN_PROGRESS:
        raise ConflictError(
            _("deck check #%(pk)s is %(status)s, not in progress")
            % {"pk": check.pk, "status": check.get_status_display().lower()}
        )
    ended_at = ended_at or timezone.now()
    if ended_at < check.started_at:
        raise DomainError(_("the check cannot end before it started"), field="ended_at")
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
        out.append(
            {"infraction": "decklist_error", "variant": "", "reason": _("Hero does not match the list")}
        )
    if checklist.get("not_marked") is False:
        out.append({"infraction": "marked_cards", "variant": "", "reason": _("Marked cards found")})
    if checklist.get("presented_legal") is False:
        out.append(
            {
                "infraction": "presenting_cards_error",
                "variant": "",
                "reason": _("Presented deck is not legal"),
            }
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
