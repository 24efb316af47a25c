"""Team matches while they are played (TR&P 9.2): closing a decided team match, and dropping a
team that can no longer field two players.

A team match is the three boards (A v A, B v B, C v C) one round pairs between two teams. It is
decided as soon as one team has two game wins; the game still running then ends at once. Such a
board is stored as ``MatchResult.UNFINISHED``: it has no winner, counts for neither team and is
left out of both players' individual records (no invented win, loss or draw).
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError

from .. import selectors
from ..access import require
from ..citations import cite
from ..enums import (
    ACTIVE_REGISTRATION_STATUSES,
    TEAM_FORMATS,
    MatchResult,
    ReportStatus,
    ResultKind,
    RoundStatus,
)
from ..models import Match, Registration
from ..standings import team_match_result
from ._common import (
    _atomic,
    _audit,
    _lock_match,
    _mark_dropped,
    _snapshot_match,
    require_event_open,
)
from ._shared import _concede, _maybe_close_round


def team_boards(match: Match) -> list[Match]:
    """The boards of the team match ``match`` belongs to (same round, same two teams), locked,
    in table order. A bye's boards are the team's byes of that round."""
    a_team = match.player_a.team_name
    b_team = match.player_b.team_name if match.player_b_id else None
    qs = Match.objects.select_for_update(of=("self",)).filter(
        round_id=match.round_id, player_a__team_name=a_team
    )
    qs = qs.filter(player_b__team_name=b_team) if b_team else qs.filter(player_b__isnull=True)
    return list(
        qs.select_related("round", "player_a__player", "player_b__player").order_by("table_number", "id")
    )


@_atomic
def close_decided_team_match(match: Match, *, actor, reason: str = "") -> list[Match]:
    """Close a team match one team has already won (TR&P 9.2: the first team to two game wins wins
    the match and a game still in progress ends at once). ``match`` is any board of it.

    Every board still pending becomes ``UNFINISHED`` (kind ``TEAM_DECIDED``): no result is made up
    for it. Swiss and play-off alike. Side effects: one audit record per closed board; the round
    completes when nothing else is pending. Refused (400) while no team has two game wins.
    Returns the team match's boards.
    """
    match = _lock_match(match)
    event = match.round.event
    require(actor, event, "run_rounds", "close a team match")
    require_event_open(event)
    if event.format not in TEAM_FORMATS:
        raise DomainError(
            _("only a team event has team matches (%(cite)s)") % {"cite": cite(event, "team")}, code="team"
        )
    if match.is_bye:
        raise DomainError(_("a bye needs no result"), field="match")
    if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS):
        raise DomainError(
            _("round %(number)s is %(status)s: team matches are closed while it runs")
            % {"number": match.round.number, "status": match.round.get_status_display().lower()},
            code="round_closed",
        )
    boards = team_boards(match)
    pending = [b for b in boards if b.result == MatchResult.PENDING]
    if not pending:
        raise ConflictError(_("every board of this team match already has a result"))
    decided = [(b.result, b.games_a, b.games_b) for b in boards if b.result != MatchResult.PENDING]
    winner = team_match_result(decided + [(MatchResult.PENDING, 0, 0)])
    if not winner:
        raise DomainError(
            _("no team has two game wins yet: the remaining games are played out (%(cite)s)")
            % {"cite": cite(event, "team")},
            code="undecided",
        )
    team = (match.player_a if winner == "a" else match.player_b).team_name
    for board in pending:
        before = _snapshot_match(board)
        board.result = MatchResult.UNFINISHED
        board.result_kind = ResultKind.TEAM_DECIDED
        board.games_a = board.games_b = board.games_drawn = 0
        board.report_status = ReportStatus.STAFF
        board.version += 1
        board.save()
        _audit(
            board,
            event=event,
            actor=actor,
            action="match.team_decided",
            before=before,
            after=_snapshot_match(board),
            reason=reason or f"{team} has two game wins: the game ends ({cite(event, 'team')})",
        )
    _maybe_close_round(match.round, actor=actor)
    return boards


def drop_short_team(registration: Registration, *, actor) -> list[Registration]:
    """TR&P 9.2: once two or more members of a team are out (dropped or disqualified) the team
    forfeits and is dropped. Called inside the drop, disqualification and no-show services after
    ``registration`` left: the remaining active members are dropped too, each conceding the board
    still pending in the current round (a recorded forfeit, kind DROP). Returns those members."""
    event = registration.event
    if event.format not in TEAM_FORMATS or not registration.team_name:
        return []
    members = list(
        Registration.objects.select_for_update()
        .filter(event=event, team_name=registration.team_name)
        .select_related("player")
    )
    active = [r for r in members if r.status in ACTIVE_REGISTRATION_STATUSES]
    if len(members) - len(active) < 2 or not active:
        return []
    last = selectors.current_round(event)
    reason = f"team {registration.team_name} has two members out: the team forfeits and is dropped ({cite(event, 'team')})"
    for reg in active:
        live = (
            Match.objects.select_for_update(of=("self",))
            .filter(Q(player_a=reg) | Q(player_b=reg), result=MatchResult.PENDING, player_b__isnull=False)
            .exclude(round__status=RoundStatus.COMPLETE)
            .select_related("round__event")
            .first()
        )
        if live is not None:
            _concede(live, reg, kind=ResultKind.DROP, actor=actor, reason=reason)
        _mark_dropped(reg, event=event, actor=actor, reason=reason, in_round=last.number if last else None)
    return active
