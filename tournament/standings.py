"""Standings of an event (TR&P App D): the rows the engine ranks from the event's matches,
team standings (TR&P 9.2), the points each player had before each round (what pairings and
corrections compare) and the explanation of one ranking against another.

Reads only, no Django views: pages, exports and the API get standings through
``tournament.selectors``; pairing (``tournament.pairing``) reads the same records.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from core.errors import DomainError
from pairings.errors import InvalidInput
from pairings.tiebreakers import MatchRecord, StandingRow, compute_standings, explain_ranking

from .enums import (
    ACTIVE_REGISTRATION_STATUSES,
    MatchResult,
    RegistrationStatus,
    RoundStage,
    RoundStatus,
    StandingsPolicy,
)
from .models import Event, Match, Registration, Round
from .standings_policies import PolicySpec, policy_spec

_RESULT_CODE = {
    MatchResult.A_WINS: "a",
    MatchResult.B_WINS: "b",
    MatchResult.DRAW: "draw",
    MatchResult.DOUBLE_LOSS: "double_loss",
    MatchResult.BYE: "bye",
}


# --------------------------------------------------------------------------- standing rows


@dataclass(frozen=True)
class Standing:
    """One row of the standings with the registration it belongs to."""

    rank: int
    registration: Registration
    match_points: int
    wins: int
    losses: int
    draws: int
    byes: int
    cmp: float
    mlp: float
    omlp: float
    ocmp: float
    status: str
    row: StandingRow  # the engine's row, for explain_ranking
    # filled under the 3/1/0 policy only (Grand Archive, ga-organized-play.md section 4)
    omw: float | None = None
    gw: float | None = None
    ogw: float | None = None
    policy: str = StandingsPolicy.FAB
    missed: int = 0  # Swiss rounds missed as a late entry (counted in ``losses``)

    @property
    def record(self) -> str:
        """Wins-losses-draws as the match points count them: byes are wins, missed rounds
        (late entry) losses, so the record always agrees with the points."""
        return f"{self.wins + self.byes}-{self.losses}-{self.draws}"

    def as_dict(self) -> dict:
        """The row for exports and the API: the tiebreaker columns of the event's policy
        (FaB: cmp, mlp, omlp, ocmp; 3/1/0: omw, gw, ogw as fractions of 1)."""
        out = {
            "rank": self.rank,
            "registration_id": self.registration.pk,
            "player_id": self.registration.player.player_id,
            "name": self.registration.player.display_name,
            "match_points": self.match_points,
            "record": self.record,
            "byes": self.byes,
        }
        for column in policy_spec(self.policy).columns:
            out[column.key] = round(getattr(self, column.key), 4)
        out["status"] = self.status
        return out


# --------------------------------------------------------------------------- inputs


def swiss_matches(event: Event, *, through_round: int | None, completed_only: bool = True):
    qs = Match.objects.filter(round__event=event, round__stage=RoundStage.SWISS)
    if completed_only:
        qs = qs.filter(round__status=RoundStatus.COMPLETE)
    if through_round is not None:
        qs = qs.filter(round__number__lte=through_round)
    return qs.values_list(
        "id", "round__number", "player_a_id", "player_b_id", "result", "games_a", "games_b", "games_drawn"
    ).order_by("round__number", "id")


def _records(rows, overrides=None):
    """Engine MatchRecords from match value rows (pending results are skipped)."""

    overrides = overrides or {}
    records = []
    for mid, rnd, a, b, result, ga, gb, gd in rows:
        if mid in overrides:
            result, ga, gb, gd = overrides[mid]
        if result in (MatchResult.PENDING, MatchResult.UNFINISHED):
            continue  # an unfinished team board (TR&P 9.2) is in no individual record
        records.append(
            MatchRecord(
                round=rnd,
                a=str(a),
                b=str(b) if b is not None else None,
                result=_RESULT_CODE[result],
                games_a=ga,
                games_b=gb,
                games_drawn=gd,
            )
        )
    return records


def _completed_swiss_rounds(event: Event, after_round: int | None) -> list[int]:
    qs = Round.objects.filter(event=event, stage=RoundStage.SWISS, status=RoundStatus.COMPLETE)
    if after_round is not None:
        qs = qs.filter(number__lte=after_round)
    return list(qs.order_by("number").values_list("number", flat=True))


def _listed_registrations(event: Event, rows) -> list[Registration]:
    """Who appears in the standings: everyone with a match, plus active players (TR&P 3.6:
    a drop before the first pairings is not listed)."""
    played = set()
    for _mid, _rnd, a, b, *_ in rows:
        played.add(a)
        if b is not None:
            played.add(b)
    # filtered here rather than with a (large) IN list in SQL
    qs = Registration.objects.filter(event=event).select_related("player")
    return [r for r in qs if r.pk in played or r.status in ACTIVE_REGISTRATION_STATUSES]


# --------------------------------------------------------------------------- standings


def _ranked_by_policy(rows, spec: PolicySpec):
    """Engine rows re-ranked by the policy's tiebreaker steps (kept as data in
    ``tournament.standings_policies``; ga-organized-play.md section 4 engineering note)."""

    def key(row):
        out = []
        for name, prefer in spec.steps:
            value = getattr(row, name)
            value = 0 if value is None else value
            out.append(-value if prefer == "higher" else value)
        return out

    ordered = sorted(rows, key=key)
    return [row._replace(rank=rank) for rank, row in enumerate(ordered, start=1)]


def compute_event_standings(event: Event, *, after_round: int | None = None, overrides=None):
    """Swiss standings as ``Standing`` rows, rank order, under the event's
    ``standings_policy``: TR&P App D for FaB; 3/1/0 points, OMW%, GW%, OGW% for Grand Archive
    (ga-organized-play.md section 4, UNCONFIRMED; see ``tournament.standings_policies``).

    Swiss rounds only (OPEN-15). ``after_round`` limits to rounds up to that number.
    Disqualified players are removed (PPG 1.4). ``overrides`` maps match id to a hypothetical
    (result, games_a, games_b, games_drawn) for previews. Three queries whatever the size.
    """

    completed = _completed_swiss_rounds(event, after_round)
    through = completed[-1] if completed else 0
    rows = list(swiss_matches(event, through_round=through))
    regs = _listed_registrations(event, rows)
    by_id = {str(r.pk): r for r in regs}
    removed = tuple(str(r.pk) for r in regs if r.status == RegistrationStatus.DISQUALIFIED)
    records = _records(rows, overrides)
    spec = policy_spec(event.standings_policy)
    try:
        standing_rows = compute_standings(
            sorted((k for k in by_id if k not in removed), key=int),
            records,
            rounds_completed=len(completed),
            bye_counts_in_cmp=event.bye_counts_in_cmp,
            seed=event.pairing_seed,
            removed=removed,
            policy=spec.code,
            joined={k: r.joined_in_round for k, r in by_id.items() if r.joined_in_round > 1},
        )
    except InvalidInput as exc:
        raise DomainError(
            gettext("standings cannot be computed: %(exc)s") % {"exc": exc}, code="engine", field=exc.field
        ) from exc
    standing_rows = _ranked_by_policy(standing_rows, spec)
    out = []
    for row in standing_rows:
        reg = by_id[row.id]
        out.append(
            Standing(
                rank=row.rank,
                registration=reg,
                match_points=row.match_points,
                wins=row.wins,
                losses=row.losses + row.missed,
                draws=row.draws,
                byes=row.byes,
                cmp=float(row.cmp),
                mlp=float(row.mlp),
                omlp=float(row.omlp),
                ocmp=float(row.ocmp),
                status=reg.status,
                row=row,
                omw=None if row.omw is None else float(row.omw),
                gw=None if row.gw is None else float(row.gw),
                ogw=None if row.ogw is None else float(row.ogw),
                policy=spec.code,
                missed=row.missed,
            )
        )
    return out


def explain_registration_ranking(event: Event, a: Registration, b: Registration) -> list[dict]:
    """Why ``a`` and ``b`` are ordered as they are: the engine's tiebreaker steps (TR&P App D),
    each ``{"step", "tiebreaker", "prefer", "a", "b", "decides", "ahead"}`` with ``ahead`` a
    registration id (int) or None. Empty when either player is not in the standings."""

    rows = [s.row for s in compute_event_standings(event)]
    ids = {r.id for r in rows}
    if str(a.pk) not in ids or str(b.pk) not in ids:
        return []
    steps = explain_ranking(rows, str(a.pk), str(b.pk))
    for step in steps:
        if step["ahead"] is not None:
            step["ahead"] = int(step["ahead"])
    return steps


def explain_rows(rows, a_id: str, b_id: str) -> list[dict]:
    """``explain_ranking`` on engine rows with ``ahead`` as a registration id (int)."""

    steps = explain_ranking(rows, a_id, b_id)
    for step in steps:
        if step["ahead"] is not None:
            step["ahead"] = int(step["ahead"])
    return steps


def points_before_rounds(event: Event, *, overrides=None) -> dict[tuple[int, int], int]:
    """(registration id, round number) -> match points going into that round (Swiss and play-off),
    scored by the event's standings policy (FaB win/bye 1; 3/1/0: win/bye 3, draw 1).

    Used to show which later pairings a result correction affects, and the points on pairings.
    """
    spec = policy_spec(event.standings_policy)
    win, draw = spec.points_for("win"), spec.points_for("draw")
    bye = spec.points_for("bye")
    rows = list(
        Match.objects.filter(round__event=event)
        .values_list("id", "round__number", "player_a_id", "player_b_id", "result")
        .order_by("round__number")
    )
    overrides = overrides or {}
    numbers = sorted({r[1] for r in rows})
    running: dict[int, int] = {}
    out: dict[tuple[int, int], int] = {}
    by_round: dict[int, list] = {}
    for row in rows:
        by_round.setdefault(row[1], []).append(row)
    for n in numbers:
        for _mid, _n, a, b, _res in by_round[n]:
            out[(a, n)] = running.get(a, 0)
            if b is not None:
                out[(b, n)] = running.get(b, 0)
        for mid, _n, a, b, res in by_round[n]:
            if mid in overrides:
                res = overrides[mid][0]
            if res == MatchResult.BYE:
                running[a] = running.get(a, 0) + bye
            elif res == MatchResult.A_WINS:
                running[a] = running.get(a, 0) + win
            elif res == MatchResult.B_WINS and b is not None:
                running[b] = running.get(b, 0) + win
            elif res == MatchResult.DRAW and draw:
                running[a] = running.get(a, 0) + draw
                if b is not None:
                    running[b] = running.get(b, 0) + draw
    return out


def team_members(event: Event) -> dict[str, dict[str, Registration]]:
    teams: dict[str, dict[str, Registration]] = {}
    for reg in Registration.objects.filter(event=event, team_name__isnull=False).select_related("player"):
        teams.setdefault(reg.team_name, {})[reg.team_position] = reg
    return teams


def team_match_result(boards: list[tuple[str, int, int]]) -> str:
    """A team match result from its boards' (result, games_a, games_b) (TR&P 9.2, RD-36).

    The first team to 2 game wins wins; otherwise the team with more game wins; otherwise a
    draw. "" while undecided (a board still pending and nobody at 2 wins). Each board's games
    count; a board decided without games (concession, penalty) counts as one game win.
    """
    wins_a = wins_b = 0
    pending = False
    for result, ga, gb in boards:
        if result == MatchResult.PENDING:
            pending = True
            continue
        if result == MatchResult.UNFINISHED:
            continue  # the game ended because the match was decided: no game win
        if result == MatchResult.BYE:
            wins_a += 1
            continue
        if result == MatchResult.A_WINS:
            ga = max(ga, 1)
        elif result == MatchResult.B_WINS:
            gb = max(gb, 1)
        wins_a += ga
        wins_b += gb
    if wins_a >= 2 and wins_a > wins_b:
        return "a"
    if wins_b >= 2 and wins_b > wins_a:
        return "b"
    if pending:
        return ""
    if wins_a != wins_b:
        return "a" if wins_a > wins_b else "b"
    return "draw"


def team_records(event: Event, *, completed_only: bool = True, through_round: int | None = None):
    """Team-level MatchRecords (team names as ids) from the board matches of Swiss rounds
    (up to ``through_round`` when given)."""

    qs = Match.objects.filter(round__event=event, round__stage=RoundStage.SWISS)
    if completed_only:
        qs = qs.filter(round__status=RoundStatus.COMPLETE)
    if through_round is not None:
        qs = qs.filter(round__number__lte=through_round)
    rows = qs.values_list(
        "round__number", "player_a__team_name", "player_b__team_name", "result", "games_a", "games_b"
    ).order_by("round__number", "id")
    grouped: dict[tuple[int, str, str | None], list] = {}
    for n, ta, tb, result, ga, gb in rows:
        if ta is None:
            continue  # a board of players without a team (not a team event): no team record
        grouped.setdefault((n, ta, tb), []).append((result, ga, gb))
    records = []
    for (n, ta, tb), boards in grouped.items():
        if tb is None:
            records.append(MatchRecord(round=n, a=ta, b=None, result="bye"))
            continue
        result = team_match_result(boards)
        if result:
            records.append(MatchRecord(round=n, a=ta, b=tb, result=result))
    return records


def team_standings(event: Event, *, after_round: int | None = None):
    """Team standings (OPEN-13: TR&P App D applied to team match results, or the event's
    other standings policy): engine rows with team names as ids, rank order. ``after_round``
    limits to the Swiss rounds up to that number."""

    spec = policy_spec(event.standings_policy)
    teams = team_members(event)
    if not teams:
        return []  # an event without teams has no team standings
    completed = _completed_swiss_rounds(event, after_round)
    removed = tuple(
        name for name, members in teams.items()
        if all(r.status == RegistrationStatus.DISQUALIFIED for r in members.values())
    )  # fmt: skip
    rows = compute_standings(
        sorted(t for t in teams if t not in removed),
        team_records(event, through_round=completed[-1] if completed else 0),
        rounds_completed=len(completed),
        bye_counts_in_cmp=event.bye_counts_in_cmp,
        seed=event.pairing_seed,
        removed=removed,
        policy=spec.code,
    )
    return _ranked_by_policy(rows, spec)
