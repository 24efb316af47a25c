"""Results: player reports and confirmations, staff entry and corrections, penalty results,
and the no-write correction preview (TR&P 3.5, App D; PPG 1.4)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError, NotAllowed

from .. import selectors, signals
from ..access import require
from ..citations import cite
from ..enums import (
    MatchResult,
    ReportStatus,
    ResultKind,
    RoundStage,
    RoundStatus,
)
from ..models import (
    Event,
    Match,
    MatchReport,
    Registration,
    Round,
)
from ..standings import points_before_rounds
from ._common import (
    _atomic,
    _audit,
    _check_version,
    _choice,
    _lock_match,
    _snapshot_match,
    require_event_open,
)
from ._shared import _maybe_close_round

# --------------------------------------------------------------------------- results


def _validate_result(
    match: Match, *, result: str, games_a: int, games_b: int, games_drawn: int, kind: str = ResultKind.PLAYED
) -> None:
    """Check a result is coherent with the games and the round (TR&P 3.1, 3.4, 3.5)."""
    _choice(result, MatchResult, "result")
    if result in (MatchResult.PENDING, MatchResult.BYE, MatchResult.UNFINISHED):
        raise DomainError(_("report a win, a draw or a double loss"), field="result")
    for name, v in (("games_a", games_a), ("games_b", games_b), ("games_drawn", games_drawn)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 20:
            raise DomainError(_("%(name)s must be a whole number from 0 to 20") % {"name": name}, field=name)
    if match.is_bye:
        raise DomainError(_("a bye needs no result"), field="match")
    event = match.round.event
    need = event.games_per_match
    elimination = match.round.stage == RoundStage.TOP_CUT
    if result == MatchResult.DRAW:
        if elimination:
            raise DomainError(
                _("play-off matches cannot end in a draw (%(cite)s)") % {"cite": cite(event, "playoff_draw")},
                code="rule",
                field="result",
            )
        if games_a != games_b:
            raise DomainError(_("a drawn match has equal game wins"), field="games_a")
    if kind == ResultKind.INTENTIONAL_DRAW and elimination:
        raise DomainError(
            _("no intentional draws in play-off rounds (%(cite)s)")
            % {"cite": cite(event, "playoff_intentional_draw")},
            code="rule",
            field="result",
        )
    if result == MatchResult.A_WINS and kind == ResultKind.PLAYED and games_a <= games_b:
        raise DomainError(_("the winner must have won more games"), field="games_a")
    if result == MatchResult.B_WINS and kind == ResultKind.PLAYED and games_b <= games_a:
        raise DomainError(_("the winner must have won more games"), field="games_b")
    if games_a > need or games_b > need:
        raise DomainError(
            _("a match is won with %(need)s game win(s) (%(cite)s)")
            % {"need": need, "cite": cite(event, "game_wins")},
            field="games_a",
        )


def _apply_result(match: Match, *, result, games_a, games_b, games_drawn, kind, status) -> None:
    match.result = result
    match.games_a, match.games_b, match.games_drawn = games_a, games_b, games_drawn
    match.result_kind = kind
    match.report_status = status
    match.version += 1


def _match_open_for_results(match: Match) -> None:
    if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS):
        raise DomainError(
            _("round %(number)s is %(status)s: results go in while it runs")
            % {"number": match.round.number, "status": match.round.get_status_display().lower()},
            code="round_closed",
        )


@_atomic
def report_result(
    match: Match,
    *,
    actor,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    intentional_draw: bool = False,
    expected_version: int | None = None,
) -> Match:
    """A player reports their match (TR&P 3.4: players agree, then submit).

    The first report waits for the opponent; the opponent reporting the same result confirms
    it; a different result sends the match to the reconciliation queue. Two reports at once:
    the match row is locked, so one is stored first and the other confirms or disputes it.
    """
    match = _lock_match(match)
    reg = _player_side(match, actor)
    require_event_open(match.round.event)
    earlier, other = _reports_of(match, reg)
    if _repeats_own_claim(match, earlier, (result, games_a, games_b, games_drawn)):
        return match  # a double tap or a retry: already stored, nothing changes (no bump, no audit)
    _check_version(match, expected_version)
    if match.result != MatchResult.PENDING:
        raise ConflictError(
            _("table %(table_number)s already has a result") % {"table_number": match.table_number},
            code="has_result",
        )
    _match_open_for_results(match)
    if result == MatchResult.DOUBLE_LOSS:
        raise DomainError(_("a double loss is entered by staff"), field="result")
    kind = ResultKind.INTENTIONAL_DRAW if intentional_draw else ResultKind.PLAYED
    if intentional_draw and result != MatchResult.DRAW:
        raise DomainError(_("an intentional draw is a draw"), field="result")
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    event = match.round.event
    previous_claim = _claim(earlier, reg) if earlier is not None else None
    mine = _store_claim(match, reg, earlier, (result, games_a, games_b, games_drawn))
    before = {**_snapshot_match(match), "claim": previous_claim}
    now = timezone.now()
    if other is None:
        match.report_status = ReportStatus.REPORTED
        match.reported_by = reg
        match.reported_at = now
        match.version += 1
        action = "match.report"
    elif (other.result, other.games_a, other.games_b, other.games_drawn) == (
        result,
        games_a,
        games_b,
        games_drawn,
    ):
        _apply_result(
            match,
            result=result,
            games_a=games_a,
            games_b=games_b,
            games_drawn=games_drawn,
            kind=kind,
            status=ReportStatus.CONFIRMED,
        )
        match.confirmed_at = now
        action = "match.confirm"
    else:
        match.report_status = ReportStatus.DISPUTED
        match.version += 1
        action = "match.dispute"
    match.save()
    after = {**_snapshot_match(match), "claim": _claim(mine, reg)}
    if other is not None:
        after["opponent_claim"] = _claim(other, _opponent(match, reg))
    _audit(match, event=event, actor=actor, action=action, before=before, after=after)
    signals.news.send(sender=action, event=event, match=match)
    if match.result != MatchResult.PENDING:
        _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def confirm_result(match: Match, *, actor, expected_version: int | None = None) -> Match:
    """The opponent confirms the reported result; it becomes the match result."""
    match = _lock_match(match)
    reg = _player_side(match, actor)
    require_event_open(match.round.event)
    earlier, report = _reports_of(match, reg)
    if match.report_status == ReportStatus.CONFIRMED and _repeats_own_claim(
        match, earlier, (match.result, match.games_a, match.games_b, match.games_drawn)
    ):
        return match  # a double tap or a retry of this confirmation: nothing changes
    _check_version(match, expected_version)
    if match.result != MatchResult.PENDING:
        raise ConflictError(
            _("table %(table_number)s already has a result") % {"table_number": match.table_number},
            code="has_result",
        )
    _match_open_for_results(match)
    if report is None:
        if earlier is not None:
            raise DomainError(_("you reported this result: your opponent confirms it"), code="own_report")
        raise DomainError(
            _("your opponent has not reported a result yet; report it yourself"), code="no_report"
        )
    if match.report_status == ReportStatus.DISPUTED:
        raise ConflictError(
            _("the reports disagree: a judge or the scorekeeper will settle it"), code="disputed"
        )
    mine = _store_claim(
        match, reg, earlier, (report.result, report.games_a, report.games_b, report.games_drawn)
    )
    before = {**_snapshot_match(match), "claim": _claim(earlier, reg) if earlier is not None else None}
    _apply_result(
        match,
        result=report.result,
        games_a=report.games_a,
        games_b=report.games_b,
        games_drawn=report.games_drawn,
        kind=ResultKind.PLAYED,
        status=ReportStatus.CONFIRMED,
    )
    match.confirmed_at = timezone.now()
    match.save()
    _audit(
        match,
        event=match.round.event,
        actor=actor,
        action="match.confirm",
        before=before,
        after={
            **_snapshot_match(match),
            "claim": _claim(mine, reg),
            "opponent_claim": _claim(report, _opponent(match, reg)),
        },
    )
    _maybe_close_round(match.round, actor=actor)
    return match


def _claim(report: MatchReport, reg: Registration) -> dict:
    """What one player claimed about their match, as the audit trail keeps it."""
    return {
        "registration": reg.pk,
        "player_id": reg.player.player_id,
        "result": report.result,
        "games_a": report.games_a,
        "games_b": report.games_b,
        "games_drawn": report.games_drawn,
    }


def _reports_of(match: Match, reg: Registration) -> tuple[MatchReport | None, MatchReport | None]:
    """(``reg``'s own report, the opponent's report) of the locked ``match``, in one query."""
    own = other = None
    for report in MatchReport.objects.filter(match=match):
        if report.registration_id == reg.pk:
            own = report
        else:
            other = report
    return own, other


def _opponent(match: Match, reg: Registration) -> Registration:
    """The other player of ``match`` (loaded with the locked match, no query)."""
    opponent = match.player_b if match.player_a_id == reg.pk else match.player_a
    if opponent is None:  # a bye has no reports; reached only by a caller's mistake
        raise DomainError(_("this match has no opponent"), code="bye")
    return opponent


def _store_claim(match: Match, reg: Registration, own: MatchReport | None, claim: tuple) -> MatchReport:
    """``reg``'s claim (result, games a, b, drawn) stored as their report: their earlier
    report updated, or a new one. The match row is locked, so no other request writes it."""
    result, games_a, games_b, games_drawn = claim
    if own is None:
        return MatchReport.objects.create(
            match=match,
            registration=reg,
            result=result,
            games_a=games_a,
            games_b=games_b,
            games_drawn=games_drawn,
        )
    own.result, own.games_a, own.games_b, own.games_drawn = claim
    own.save(update_fields=["result", "games_a", "games_b", "games_drawn"])
    return own


def _repeats_own_claim(match: Match, own: MatchReport | None, claim: tuple) -> bool:
    """Whether the player whose report is ``own`` already made this exact claim (result, games
    a, b, drawn) and the match still stands on it: their report waits for the opponent, is
    disputed, or was confirmed. Such a request (a double-tapped button, a phone retrying after
    a lost answer) is answered with the match as it is: one report, one version bump and one
    audit entry per claim."""
    if own is None or (own.result, own.games_a, own.games_b, own.games_drawn) != tuple(claim):
        return False
    if match.result == MatchResult.PENDING:
        return match.report_status in (ReportStatus.REPORTED, ReportStatus.DISPUTED)
    return match.report_status == ReportStatus.CONFIRMED and (
        match.result,
        match.games_a,
        match.games_b,
        match.games_drawn,
    ) == tuple(claim)


def _player_side(match: Match, actor) -> Registration:
    if actor is None or not actor.is_authenticated:
        raise NotAllowed(_("log in to report your match"), code="auth")
    for reg in (match.player_a, match.player_b):
        if reg is not None and reg.player.user_id == actor.pk:
            return reg
    raise NotAllowed(_("only the two players of this match may report or confirm it"), code="role")


@_atomic
def enter_result(
    match: Match,
    *,
    actor,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    kind: str = ResultKind.PLAYED,
    expected_version: int | None = None,
    reason: str = "",
) -> Match:
    """Staff enter a match result (scorekeeper, organizer, head/appeals judge). Settles a
    disputed report. A match that already has a result needs ``correct_result``."""
    event = match.round.event
    require(actor, event, "enter_results", "enter results")
    require_event_open(event)
    match = _lock_match(match)
    _check_version(match, expected_version)
    if match.result != MatchResult.PENDING:
        raise ConflictError(
            _("table %(table_number)s already has a result (%(result)s); correct it instead")
            % {"table_number": match.table_number, "result": match.get_result_display()},
            code="has_result",
            current=_snapshot_match(match),
        )
    _match_open_for_results(match)
    _choice(kind, ResultKind, "kind")
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    before = _snapshot_match(match)
    match.reported_at = match.reported_at or timezone.now()
    return _store_staff_result(
        match,
        event=event,
        actor=actor,
        action="match.enter",
        before=before,
        reason=reason,
        result=result,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        kind=kind,
    )


@_atomic
def accept_report(match: Match, *, actor, expected_version: int | None = None) -> Match:
    """Staff take the one player's report of ``match`` as its result, when the opponent cannot
    confirm it (no account, no phone, gone home): the scorekeeper's confirmation stands for the
    opponent's (the scorekeeper records results, TR&P 2.7). Refused when no report or two
    disagreeing ones exist (settle those with ``enter_result``). Audit ``match.accept_report``."""
    event = match.round.event
    require(actor, event, "enter_results", "accept a reported result")
    require_event_open(event)
    match = _lock_match(match)
    _check_version(match, expected_version)
    if match.result != MatchResult.PENDING:
        raise ConflictError(
            _("table %(table_number)s already has a result") % {"table_number": match.table_number},
            code="has_result",
        )
    _match_open_for_results(match)
    reports = list(MatchReport.objects.filter(match=match).select_related("registration__player"))
    if match.report_status == ReportStatus.DISPUTED or len(reports) != 1:
        raise ConflictError(
            _("this table has no single report to accept: enter the result instead"), code="no_single_report"
        )
    report = reports[0]
    before = _snapshot_match(match)
    return _store_staff_result(
        match,
        event=event,
        actor=actor,
        action="match.accept_report",
        before=before,
        reason=f"accepted {report.registration.player.display_name}'s report",
        result=report.result,
        games_a=report.games_a,
        games_b=report.games_b,
        games_drawn=report.games_drawn,
        kind=ResultKind.PLAYED,
    )


def match_at_table(round_: Round, table_number: int) -> Match:
    """The match at ``table_number`` of ``round_`` (keyboard entry by table)."""
    match = (
        Match.objects.filter(round=round_, table_number=table_number).select_related("round__event").first()
    )
    if match is None:
        raise DomainError(
            _("round %(number)s has no table %(table_number)s")
            % {"number": round_.number, "table_number": table_number},
            field="table_number",
        )
    return match


def enter_result_by_table(round_: Round, *, table_number: int, actor, **kwargs) -> Match:
    """``enter_result`` for the match at ``table_number`` (fast keyboard entry)."""
    return enter_result(match_at_table(round_, table_number), actor=actor, **kwargs)


@_atomic
def correct_result(
    match: Match,
    *,
    actor,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    kind: str = ResultKind.PLAYED,
    reason: str,
    expected_version: int | None = None,
) -> Match:
    """Staff correct any result, of this or an earlier round (games, draw, intentional draw,
    concession, double loss). A reason is required; before and after are audited. Use
    ``preview_result_correction`` first to see which standings and pairings change."""
    event = match.round.event
    require(actor, event, "enter_results", "correct results")
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError(_("a correction needs a reason"), field="reason")
    match = _lock_match(match)
    _check_version(match, expected_version)
    if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS, RoundStatus.COMPLETE):
        raise DomainError(_("publish the round before entering results"), code="not_published")
    _choice(kind, ResultKind, "kind")
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    if match.round.stage == RoundStage.TOP_CUT and match.result not in (MatchResult.PENDING, result):
        later = Round.objects.filter(event=event, number__gt=match.round.number).exists()
        if later:
            raise ConflictError(
                _("the next play-off round is already paired from this result"), code="bracket"
            )
    before = _snapshot_match(match)
    return _store_staff_result(
        match,
        event=event,
        actor=actor,
        action="match.correct",
        before=before,
        reason=reason,
        result=result,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        kind=kind,
    )


def _store_staff_result(
    match: Match, *, event: Event, actor, action: str, before, reason: str, **result
) -> Match:
    """Apply a staff-entered result, save it, audit before/after and close the round if it was
    the last one outstanding. Shared by entry and correction (callers hold the match lock)."""
    _apply_result(match, status=ReportStatus.STAFF, **result)
    match.save()
    _audit(
        match,
        event=event,
        actor=actor,
        action=action,
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    signals.news.send(sender=action, event=event, match=match)
    _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def record_penalty_result(match: Match, *, loser: Registration, kind: str, actor, reason: str) -> Match:
    """Apply a Game Loss or Match Loss to the match result (PPG 1.4).

    ``kind="match_loss"``: the opponent wins the match (both players: a double loss).
    ``kind="game_loss"``: the opponent is given one game win; reaching the games needed wins the
    match. Judges, the organizer and the scorekeeper may apply it.
    """
    event = match.round.event
    require(actor, event, "use_clock", "apply a penalty to a result")
    require_event_open(event)
    if kind not in ("game_loss", "match_loss"):
        raise DomainError(_("kind is 'game_loss' or 'match_loss'"), field="kind")
    match = _lock_match(match)
    if loser.pk not in (match.player_a_id, match.player_b_id) or match.is_bye:
        raise DomainError(_("the penalised player does not play this match"), field="loser")
    before = _snapshot_match(match)
    loser_is_a = loser.pk == match.player_a_id
    need = event.games_per_match
    if kind == "match_loss":
        penalised_before = match.result_kind == ResultKind.PENALTY and match.result in (
            MatchResult.A_WINS,
            MatchResult.B_WINS,
        )
        other_lost = penalised_before and (match.result == MatchResult.A_WINS) == loser_is_a
        if other_lost:
            match.result = MatchResult.DOUBLE_LOSS
        else:
            match.result = MatchResult.B_WINS if loser_is_a else MatchResult.A_WINS
            match.games_a, match.games_b = (0, need) if loser_is_a else (need, 0)
    else:
        if loser_is_a:
            match.games_b = min(need, match.games_b + 1)
            if match.games_b >= need:
                match.result = MatchResult.B_WINS
        else:
            match.games_a = min(need, match.games_a + 1)
            if match.games_a >= need:
                match.result = MatchResult.A_WINS
    match.result_kind = ResultKind.PENALTY
    match.report_status = ReportStatus.STAFF
    match.version += 1
    match.save()
    _audit(
        match,
        event=event,
        actor=actor,
        action=f"match.{kind}",
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    if match.result != MatchResult.PENDING and match.round.status != RoundStatus.PAIRED:
        _maybe_close_round(match.round, actor=actor)
    return match


# --------------------------------------------------------------------------- previews


@dataclass
class CorrectionPreview:
    """What a correction would change, computed without writing anything."""

    match_id: int
    before: dict
    after: dict
    standings_changes: list[dict] = field(default_factory=list)
    affected_pairings: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "match_id": self.match_id,
            "before": self.before,
            "after": self.after,
            "standings_changes": self.standings_changes,
            "affected_pairings": self.affected_pairings,
        }


def preview_result_correction(
    match: Match,
    *,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    kind: str = ResultKind.PLAYED,
) -> CorrectionPreview:
    """Which standings and later pairings a correction of ``match`` would change (nothing saved).

    Standings changes: every player whose rank, match points or record differ. Affected
    pairings: matches of later rounds with a player whose match points going into that round
    differ (those pairings were made from the old points).
    """
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    event = match.round.event
    override = {match.pk: (result, games_a, games_b, games_drawn)}
    old = {s.registration.pk: s for s in selectors.standings_for_event(event)}
    new = {s.registration.pk: s for s in selectors.standings_for_event(event, overrides=override)}
    changes = []
    for reg_id in sorted(set(old) | set(new), key=lambda r: new[r].rank if r in new else 10**9):
        o, n = old.get(reg_id), new.get(reg_id)
        if o is None or n is None or (o.rank, o.match_points, o.record) != (n.rank, n.match_points, n.record):
            s = n or o
            changes.append(
                {
                    "registration_id": reg_id,
                    "name": s.registration.player.display_name,
                    "old_rank": o.rank if o else None,
                    "new_rank": n.rank if n else None,
                    "old_match_points": o.match_points if o else None,
                    "new_match_points": n.match_points if n else None,
                    "old_record": o.record if o else None,
                    "new_record": n.record if n else None,
                }
            )

    old_points = points_before_rounds(event)
    new_points = points_before_rounds(event, overrides=override)
    affected = []
    for m in selectors.matches_for_event(event).filter(round__number__gt=match.round.number):
        n = m.round.number
        changed = [
            r
            for r in (m.player_a, m.player_b)
            if r is not None and old_points.get((r.pk, n)) != new_points.get((r.pk, n))
        ]
        if changed:
            affected.append(
                {
                    "round": n,
                    "table": m.table_number,
                    "match_id": m.pk,
                    "players": [r.player.display_name for r in changed],
                }
            )
    after = dict(
        _snapshot_match(match),
        result=result,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        result_kind=kind,
    )
    return CorrectionPreview(match.pk, _snapshot_match(match), after, changes, affected)
