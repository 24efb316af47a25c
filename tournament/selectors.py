"""Reads for the tournament app: querysets, standings and clocks (the CSV/JSON files are in
``tournament.exports``).

The permission checks live in ``tournament.access`` (the one access policy; nothing of it is
re-exported here). Querysets come
with ``select_related``/``prefetch_related`` applied so list pages use a constant number of
queries.

Public API used by the pages, decklist and judging engineers:

- ``registration_for_user(user, event) -> Registration | None``
- ``rounds_for_event(event)``, ``current_round(event)``, ``visible_rounds(event)``
- ``matches_for_round(round_)`` (ordered by table, players and profiles joined);
  ``match_rows_for_round(round_)`` (the same as plain ``MatchRow`` values, for the live rows)
- ``match_for_registration(round_, registration)``
- ``registrations_for_event(event, *, statuses=None)``
- ``clock_status(round_, *, now=None) -> ClockStatus``
- ``reconciliation_queue(event)``, ``outstanding_matches(round_)``
- ``standings_for_event(event, *, after_round=None) -> list[Standing]``
- ``my_standing(event, registration)`` (row + explanation vs the neighbours), ``explain_standing``
- ``audit_for_event(event, user=...)``, ``team_standings_for_event(event)``
- ``effective_structure(event) -> (swiss_rounds, top_cut)``
- ``bracket_for_event(event)``, ``elimination_procedure(event)``, ``playoff_higher_standing(match)``,
  ``time_called_procedure(event)``
- exports (``tournament.exports``): ``standings_csv``, ``standings_json``, ``results_csv``, ``results_json``, ``team_standings_csv``
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any, cast

from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.selectors import format_warnings
from core.audit import audit_entries_for
from core.models import AuditEntry

from .access import (
    STAFF_LENS,
    PlayerLens,
    public_lens,
)
from .enums import (
    ACTIVE_REGISTRATION_STATUSES,
    TEAM_FORMATS,
    VISIBLE_ROUND_STATUSES,
    ClockState,
    Game,
    MatchResult,
    RegistrationStatus,
    ReportStatus,
    RoundStage,
    RoundStatus,
    TrpVersion,
)
from .models import Event, KeepApart, Match, Registration, Round
from .pairing import structure_for_event, structure_warnings  # noqa: F401  (selectors.structure_warnings)
from .signals import round_one_checks
from .standings import (  # noqa: F401  (Standing re-exported: selectors.Standing)
    Standing,
    compute_event_standings,
    explain_registration_ranking,
    explain_rows,
    team_match_result,
    team_standings,
)
from .standings_policies import policy_spec

# --------------------------------------------------------------------------- players


def registration_for_user(user, event: Event) -> Registration | None:
    """The registration of ``user``'s player profile at ``event``, if any."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Registration.objects.select_related("player", "player__user")
        .filter(event=event, player__user=user)
        .first()
    )


# --------------------------------------------------------------------------- querysets


def registrations_for_event(event: Event, *, statuses=None) -> QuerySet[Registration]:
    """Registrations of ``event`` (all, or those in ``statuses``), with player profiles."""
    qs = Registration.objects.filter(event=event).select_related("player", "player__user")
    if statuses is not None:
        qs = qs.filter(status__in=[str(s) for s in statuses])
    return qs.order_by("player__display_name", "id")


def active_registrations(event: Event) -> QuerySet[Registration]:
    return registrations_for_event(event, statuses=ACTIVE_REGISTRATION_STATUSES)


def not_checked_in(event: Event) -> QuerySet[Registration]:
    """Registered players (not waitlisted) who have not checked in, by name."""
    return registrations_for_event(event, statuses=[RegistrationStatus.REGISTERED])


def publish_problems(round_: Round) -> list[dict]:
    """What the installed add-ons report against publishing round 1 (``signals.round_one_checks``;
    decklists: who has no submitted or no legal list, TR&P App E). Empty for other rounds."""
    if round_.number != 1 or round_.stage != RoundStage.SWISS:
        return []
    problems: list[dict] = []
    for _receiver, answer in round_one_checks.send(sender=Round, event=round_.event, round_=round_):
        if isinstance(answer, list):
            problems.extend(answer)
    return sorted(problems, key=lambda p: (p["name"].lower(), p["registration"]))


def keep_apart_pairs(event: Event) -> QuerySet[KeepApart]:
    """The event's keep-apart pairs with both players (staff only: the reason is private)."""
    return (
        KeepApart.objects.filter(event=event)
        .select_related("first__player", "second__player", "created_by")
        .order_by("first__player__display_name", "second__player__display_name", "id")
    )


def kept_apart_meetings(round_: Round) -> list:
    """Matches of ``round_`` between players staff keep apart: the pairing engine only seats
    them together when no pairing avoids it, and staff see them before publishing."""
    pairs = {
        frozenset(p)
        for p in KeepApart.objects.filter(event_id=round_.event_id).values_list("first_id", "second_id")
    }
    if not pairs:
        return []
    matches = round_.matches.filter(player_b__isnull=False).select_related(
        "player_a__player", "player_b__player"
    )
    found: list = [
        m for m in matches.order_by("table_number") if frozenset((m.player_a_id, m.player_b_id)) in pairs
    ]
    # pods (TR&P 9.3): every kept-apart pair seated at the same pod, shaped like a match
    for pod in round_.pods.prefetch_related("seats__registration__player").order_by("number"):
        seats = list(pod.seats.all())
        for i, a in enumerate(seats):
            for b in seats[i + 1 :]:
                if frozenset((a.registration_id, b.registration_id)) in pairs:
                    found.append(
                        SimpleNamespace(
                            table_number=pod.number, player_a=a.registration, player_b=b.registration
                        )
                    )
    return found


def waitlist_for_event(event: Event) -> QuerySet[Registration]:
    """Waitlisted registrations in promotion order (first come, first served)."""
    return (
        Registration.objects.filter(event=event, status=RegistrationStatus.WAITLISTED)
        .select_related("player")
        .order_by("created_at", "id")
    )


def rounds_for_event(event: Event) -> QuerySet[Round]:
    return Round.objects.filter(event=event).order_by("number")


def visible_rounds(event: Event) -> QuerySet[Round]:
    """Rounds whose pairings are public (published, in progress or complete)."""
    return rounds_for_event(event).filter(status__in=VISIBLE_ROUND_STATUSES)


def current_round(event: Event) -> Round | None:
    """The latest round of ``event`` (any status), or None before the first pairings."""
    return Round.objects.filter(event=event).order_by("-number").first()


def round_by_number(event: Event, number: int) -> Round:
    rnd = Round.objects.filter(event=event, number=number).select_related("event").first()
    if rnd is None:
        raise Http404(_("no round %(number)s in %(slug)s") % {"number": number, "slug": event.slug})
    return rnd


def matches_for_round(round_: Round) -> QuerySet[Match]:
    """Matches of ``round_`` ordered by table (byes last), players and profiles joined."""
    return (
        Match.objects.filter(round=round_)
        .select_related("round", "player_a__player", "player_b__player", "reported_by")
        .order_by("table_number", "id")
    )


@dataclass(slots=True)
class ProfileRow:
    """The columns of a player's profile that the staff's match rows show (a ``PlayerLens``
    reads a profile's ``pk``, ``display_name`` and ``player_id``, so it names this alike)."""

    pk: int
    display_name: str
    player_id: str


@dataclass(slots=True)
class MatchRow:
    """One match of ``match_rows_for_round``: the attributes of ``Match`` that
    ``pdf.rows_by_table`` and the staff dashboard's live rows read, with ``player_a`` and
    ``player_b`` the players' profiles (``ProfileRow``; None for a bye) instead of registrations."""

    pk: int
    table_number: int | None
    player_a_id: int
    player_b_id: int | None
    player_a: ProfileRow
    player_b: ProfileRow | None
    result: str
    games_a: int
    games_b: int
    games_drawn: int
    report_status: str
    extension_seconds: int

    def get_result_display(self) -> str:
        return str(_match_choice_labels("result").get(self.result, self.result))

    def get_report_status_display(self) -> str:
        return str(_match_choice_labels("report_status").get(self.report_status, self.report_status))


@functools.cache
def _match_choice_labels(field: str) -> dict:
    """The labels ``Match.get_<field>_display()`` answers, by stored value."""
    return dict(cast(Any, Match._meta.get_field(field)).flatchoices)


_MATCH_ROW_COLUMNS = (
    "id",
    "table_number",
    "player_a_id",
    "player_b_id",
    "player_a__player_id",
    "player_a__player__display_name",
    "player_a__player__player_id",
    "player_b__player_id",
    "player_b__player__display_name",
    "player_b__player__player_id",
    "result",
    "games_a",
    "games_b",
    "games_drawn",
    "report_status",
    "extension_seconds",
)


def match_rows_for_round(round_: Round) -> list[MatchRow]:
    """The matches of ``round_`` in the order of ``matches_for_round`` as ``MatchRow``s: one
    query of plain values (no model instances), for the staff dashboard's live fragment, which
    reads them after every result (a 1,000-table round: about 5 ms of CPU instead of 75)."""
    rows = []
    values = (
        Match.objects.filter(round=round_).order_by("table_number", "id").values_list(*_MATCH_ROW_COLUMNS)
    )
    for pk, table, a_id, b_id, a_pk, a_name, a_pid, b_pk, b_name, b_pid, *rest in values:
        result, games_a, games_b, games_drawn, report_status, extension_seconds = rest
        rows.append(
            MatchRow(
                pk=pk,
                table_number=table,
                player_a_id=a_id,
                player_b_id=b_id,
                player_a=ProfileRow(a_pk, a_name, a_pid),
                player_b=ProfileRow(b_pk, b_name, b_pid) if b_id is not None else None,
                result=result,
                games_a=games_a,
                games_b=games_b,
                games_drawn=games_drawn,
                report_status=report_status,
                extension_seconds=extension_seconds,
            )
        )
    return rows


def matches_for_event(event: Event) -> QuerySet[Match]:
    return (
        Match.objects.filter(round__event=event)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("round__number", "table_number", "id")
    )


def match_for_registration(round_: Round, registration: Registration) -> Match | None:
    """The match ``registration`` plays in ``round_`` (None if not paired)."""
    return matches_for_round(round_).filter(Q(player_a=registration) | Q(player_b=registration)).first()


def matches_for_registration(registration: Registration) -> QuerySet[Match]:
    """Every match of one player, oldest round first (a player's record)."""
    return (
        Match.objects.filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("round__number")
    )


def outstanding_matches(round_: Round) -> QuerySet[Match]:
    """Matches of ``round_`` still without a result."""
    return matches_for_round(round_).filter(result=MatchResult.PENDING)


def reconciliation_queue(event: Event) -> QuerySet[Match]:
    """Matches whose two player reports disagree, oldest first (staff resolve them)."""
    return (
        Match.objects.filter(round__event=event, report_status=ReportStatus.DISPUTED)
        .select_related("round", "player_a__player", "player_b__player")
        .prefetch_related(Prefetch("reports"))
        .order_by("round__number", "table_number")
    )


# --------------------------------------------------------------------------- clock


@dataclass(frozen=True)
class ClockStatus:
    """Server-authoritative clock of a round; seconds are floats, ``ends_at`` only while running."""

    state: str
    duration_seconds: int
    elapsed_seconds: float
    remaining_seconds: float
    ends_at: datetime | None
    time_called: bool

    def as_dict(self) -> dict:
        data = asdict(self)
        data["ends_at"] = self.ends_at.isoformat() if self.ends_at else None
        return data


def clock_status(round_: Round, *, now: datetime | None = None) -> ClockStatus:
    """Remaining time of ``round_`` computed from the stored clock fields and ``now``.

    Nothing is kept in memory, so the clock survives a server restart (TR&P 3.2).
    Remaining time may go negative after time is up; ``time_called`` is then true. A clock
    stopped because every result came in before time (TR&P 3.4 needs no end-of-round procedure
    then) is not "time called": ``time_called`` is true only once time was called or ran out.
    An untimed round (a play-off round, TR&P 3.1: no duration) is never "time called".
    """
    now = now or timezone.now()
    elapsed = float(round_.elapsed_before_pause or 0.0)
    if round_.clock_state == ClockState.RUNNING and round_.started_at:
        elapsed += (now - round_.started_at).total_seconds()
    remaining = round_.duration_seconds - elapsed
    ends_at = None
    if round_.clock_state == ClockState.RUNNING and round_.started_at:
        ends_at = now + timedelta(seconds=remaining)
    return ClockStatus(
        state=round_.clock_state,
        duration_seconds=round_.duration_seconds,
        elapsed_seconds=round(elapsed, 3),
        remaining_seconds=round(remaining, 3),
        ends_at=ends_at,
        time_called=bool(round_.duration_seconds) and (round_.time_called_at is not None or remaining <= 0),
    )


def match_remaining_seconds(match: Match, *, now: datetime | None = None) -> float:
    """Time left for one table: the round clock plus that match's extensions (TR&P 3.2)."""
    return clock_status(match.round, now=now).remaining_seconds + match.extension_seconds


# --------------------------------------------------------------------------- standings


def standings_for_event(event: Event, *, after_round: int | None = None, overrides=None) -> list[Standing]:
    """Standings of the Swiss rounds (TR&P App D), through round ``after_round`` (default: all complete).

    Players who dropped before the first pairings are not listed (TR&P 3.6); disqualified
    players have no place (PPG 1.4). Three queries whatever the size of the event.
    ``overrides`` maps match id -> (result, games_a, games_b, games_drawn) for previews.
    """

    return compute_event_standings(event, after_round=after_round, overrides=overrides)


def explain_standing(event: Event, a: Registration, b: Registration) -> list[dict]:
    """Why ``a`` ranks where it does relative to ``b``: TR&P App D steps up to the deciding one,
    each ``{"step", "tiebreaker", "prefer", "a", "b", "decides", "ahead"}`` (``ahead`` is a
    registration id or None). Empty if either is not in the standings."""

    return explain_registration_ranking(event, a, b)


def team_standings_for_event(
    event: Event, *, after_round: int | None = None, lens: PlayerLens | None = None
) -> list[dict]:
    """Team standings of a team event (TR&P 9.2; OPEN-13: App D on team match results), with
    the tiebreaker columns of the event's standings policy, the members in position order (names
    as ``lens`` sees them; default the public's) and the team's ``status``: "active", or
    "dropped" once two members are out (TR&P 9.2). ``after_round``: after that Swiss round.
    Empty for an individual event."""

    if event.format not in TEAM_FORMATS:
        return []
    lens = lens or public_lens(event)
    columns = policy_spec(event.standings_policy).columns
    members: dict[str | None, list[Registration]] = {}
    for reg in (
        Registration.objects.filter(event=event, team_name__isnull=False)
        .select_related("player")
        .order_by("team_position")
    ):
        members.setdefault(reg.team_name, []).append(reg)
    return [
        {
            "rank": row.rank,
            "team": row.id,
            "members": [lens.name(r) for r in members.get(row.id, [])],
            "match_points": row.match_points,
            "record": row.record,  # byes count as wins, so the record agrees with the points
            "byes": row.byes,
            **{c.key: round(float(getattr(row, c.key)), 4) for c in columns},
            "status": "active" if sum(r.is_active for r in members.get(row.id, [])) >= 2 else "dropped",
        }
        for row in team_standings(event, after_round=after_round)
    ]


def standing_dict(standing: Standing, lens: PlayerLens) -> dict:
    """One standings row for the API and exports, with the player ID and name as ``lens`` sees them."""
    return lens.redact(standing.as_dict(), standing.registration)


def my_standing(event: Event, registration: Registration, *, lens: PlayerLens | None = None) -> dict | None:
    """A player's row with the explanations against the players ranked just above and below
    ("why am I ranked here", TR&P App D). None when the player is not in the standings.
    IDs and names as ``lens`` sees them (default: the public's). ``missed_rounds`` counts the
    Swiss rounds each player missed as a late entry: losses in every figure
    (docs/event-structures.md)."""

    lens = lens or public_lens(event)
    rows = standings_for_event(event)
    index = next((i for i, s in enumerate(rows) if s.registration.pk == registration.pk), None)
    if index is None:
        return None
    me = rows[index]
    out = {"standing": standing_dict(me, lens), "missed_rounds": me.missed, "above": None, "below": None}
    for key, j in (("above", index - 1), ("below", index + 1)):
        if 0 <= j < len(rows):
            other = rows[j]
            out[key] = {
                "standing": standing_dict(other, lens),
                "missed_rounds": other.missed,
                "steps": explain_rows([s.row for s in rows], me.row.id, other.row.id),
            }
    return out


def audit_for_event(event: Event, *, user, limit: int = 200) -> list[AuditEntry]:
    """The event's audit entries, newest first (who, when, before, after), as ``user`` may read
    them (``core.audit.audit_entries_for``: an entry about a judge call, penalty, deck check,
    reconstruction or decklist shows only what ``user`` may read of that object)."""
    entries = AuditEntry.objects.filter(event_id=event.pk).select_related("actor")
    return audit_entries_for(user, event, entries, limit=limit)


def effective_structure(event: Event) -> tuple[int, int]:
    """(Swiss rounds, top cut): the event's overrides or TR&P App B from current attendance."""

    return structure_for_event(event)


def swiss_rounds_played(event: Event) -> int:
    return Round.objects.filter(event=event, stage=RoundStage.SWISS).count()


def bracket_for_event(event: Event) -> list[list[Match]]:
    """Top-cut matches grouped by round (first play-off round first), ordered by bracket slot."""
    rounds: dict[int, list[Match]] = {}
    qs = (
        Match.objects.filter(round__event=event, round__stage=RoundStage.TOP_CUT)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("round__number", "bracket_slot", "table_number")
    )
    for match in qs:
        rounds.setdefault(match.round.number, []).append(match)
    return [rounds[n] for n in sorted(rounds)]


# Short summaries of the elimination end-of-match procedure (our wording; see the rule text).
_ELIMINATION_2025 = (
    (
        "1",
        "TR&P 3.4 step 1",
        gettext_lazy("Warn both players: without progress, highest life total decides the game."),
    ),
    (
        "2",
        "TR&P 3.4 step 2",
        gettext_lazy("Game to the hero with the higher life total; equal life: step 3."),
    ),
    (
        "3",
        "TR&P 3.4 step 3",
        gettext_lazy(
            "Match to the player with more game wins; tied with a game on: step 2; "
            "tied otherwise: a 4-turn tiebreaker game (2 turns each), then step 4."
        ),
    ),
    (
        "4",
        "TR&P 3.4 step 4",
        gettext_lazy("Tiebreaker game goes on until one hero leads on life; a draw: step 5."),
    ),
    (
        "5",
        "TR&P 3.4 step 5",
        gettext_lazy("Match to the player with the higher standing before the match (the seed)."),
    ),
)
_ELIMINATION_2023 = (
    (
        "1",
        "TR&P'23 3.4 step 1",
        gettext_lazy("More game wins takes the match; tied with a game on: step 2, else step 4."),
    ),
    ("2", "TR&P'23 3.4 step 2", gettext_lazy("Higher life total wins; equal life: step 3.")),
    ("3", "TR&P'23 3.4 step 3", gettext_lazy("Game goes on until one hero leads on life; a draw: step 4.")),
    ("4", "TR&P'23 3.4 step 4", gettext_lazy("New game of 4 turns (2 each), then step 2.")),
)


_TIME_CALLED = (
    ("1", "TR&P 3.4", gettext_lazy("The player whose turn it is finishes that turn.")),
    ("2", "TR&P 3.4", gettext_lazy("One more turn is played.")),
    ("3", "TR&P 3.4", gettext_lazy("Still no winner: that game is a draw.")),
    ("4", "TR&P 3.4", gettext_lazy("More game wins takes the match; equal game wins: the match is a draw.")),
)


# Grand Archive (ga-organized-play.md section 3, our words). What decides a game still going
# when overtime ends is in a GA page our reference has not verified: we say so, not FaB's rule.
_GA_TIME_CALLED = (
    ("1", "GA TRG Round Times", gettext_lazy("Overtime: 3 more turns or 5 minutes, whichever comes first.")),
    (
        "2",
        "GA TRG Time Extensions",
        gettext_lazy("Judges add their extensions to the table's time before overtime starts."),
    ),
    (
        "3",
        "GA TRG End of Match Procedures",
        gettext_lazy(
            "A game unfinished when overtime ends: the head judge applies GA's end-of-match procedure."
        ),
    ),
)
_GA_ELIMINATION = (
    (
        "1",
        "GA TRG Round Structure",
        gettext_lazy("Play-off rounds are untimed: play until a player has won the match."),
    ),
    (
        "2",
        "GA TRG Round Structure",
        gettext_lazy("The winner advances; the bracket follows the Swiss standings."),
    ),
)


def time_called_procedure(event: Event) -> list[dict]:
    """What happens at the table when time is called in a timed Swiss round (TR&P 3.4; for
    Grand Archive its own overtime, ga-organized-play.md section 3), summarised in our words
    for the clock and projector pages."""
    steps = _GA_TIME_CALLED if event.game == Game.GA else _TIME_CALLED
    return [{"step": s, "rule": rule, "summary": text} for s, rule, text in steps]


def playoff_higher_standing(match: Match) -> Registration | None:
    """The player with the higher standing before a play-off match began (the better Swiss
    seed): chooses who plays first (TR&P 3.3) and wins at step 5 of TR&P 3.4."""
    if match.player_b_id is None or match.seed_a is None or match.seed_b is None:
        return None
    return match.player_a if match.seed_a < match.seed_b else match.player_b


def elimination_procedure(event: Event) -> list[dict]:
    """The end-of-match procedure for play-off rounds under the event's TR&P edition (TR&P 3.4).
    Grand Archive play-offs are untimed (GA TRG Round Structure): no FaB life-total steps."""
    if event.game == Game.GA:
        return [{"step": s, "rule": rule, "summary": text} for s, rule, text in _GA_ELIMINATION]
    steps = _ELIMINATION_2023 if event.trp_version == TrpVersion.TRP_2023 else _ELIMINATION_2025
    return [{"step": s, "rule": rule, "summary": text} for s, rule, text in steps]


def round_is_public(round_: Round) -> bool:
    return round_.status in VISIBLE_ROUND_STATUSES


def round_title(round_: Round) -> str:
    """A round's name for people: "Round 3" in the Swiss, a play-off round by its bracket size
    (TR&P 3.1): "Top 8 (quarterfinals)", "Top 4 (semifinals)", "Final", "Top 16". One count
    query for a play-off round, remembered on the instance."""
    if round_.stage != RoundStage.TOP_CUT:
        return _("Round %(number)s") % {"number": round_.number}
    cached = getattr(round_, "_title", None)
    if cached is None:
        size = 2 * round_.matches.count()  # a bye in the cut is a match without player B
        names = {2: _("Final"), 4: _("Top 4 (semifinals)"), 8: _("Top 8 (quarterfinals)")}
        cached = names.get(
            size,
            _("Top %(size)s") % {"size": size} if size else _("Round %(number)s") % {"number": round_.number},
        )
        setattr(round_, "_title", cached)
    return cached


def rounds_in_status(event: Event, *statuses: RoundStatus) -> QuerySet[Round]:
    return rounds_for_event(event).filter(status__in=[str(s) for s in statuses])


def last_complete_swiss_round(event: Event, *, through: int | None = None) -> int | None:
    """The number of the last complete Swiss round (through round ``through``): the round whose
    standings the event's sheets, wall screens, exports and coverage feeds show (standings count
    Swiss rounds only, TR&P App D); None before the first is complete. One query."""
    rounds = rounds_in_status(event, RoundStatus.COMPLETE).filter(stage=RoundStage.SWISS)
    if through is not None:
        rounds = rounds.filter(number__lte=through)
    return rounds.order_by("-number").values_list("number", flat=True).first()


# --------------------------------------------------------------------------- teams and drafts


def decided_open_team_matches(round_: Round | None) -> list[dict]:
    """Team matches of ``round_`` one team has already won (two game wins, TR&P 9.2) with a board
    still pending: what staff close in one action. Each ``{"teams": (a, b), "winner", "board"}``
    with ``board`` the pending board (any board closes the whole team match)."""
    if round_ is None or round_.event.format not in TEAM_FORMATS:
        return []
    groups: dict[tuple[str | None, str | None], list[Match]] = {}
    for m in matches_for_round(round_):
        if m.player_a is not None and m.player_b is not None:
            groups.setdefault((m.player_a.team_name, m.player_b.team_name), []).append(m)
    out = []
    for (a, b), boards in groups.items():
        pending = [m for m in boards if m.result == MatchResult.PENDING]
        done = [(m.result, m.games_a, m.games_b) for m in boards if m.result != MatchResult.PENDING]
        winner = team_match_result([*done, (MatchResult.PENDING, 0, 0)]) if pending else ""
        if winner:
            out.append({"teams": (a, b), "winner": a if winner == "a" else b, "board": pending[0]})
    return out


def draft_seating(event: Event, *, lens: PlayerLens | None = None) -> dict:
    """Draft seating (TR&P 8.2): ``pods`` as ``[{"pod", "seats": [row, ...]}]`` in seat order,
    ``unseated`` (active players with no pod), ``playoff`` (play-off draft seats, seat order).
    A row is ``{"registration_id", "name", "player_id", "pod", "seat", "playoff_seat", "status"}``
    with names as ``lens`` sees them."""
    lens = lens or STAFF_LENS
    regs = list(
        Registration.objects.filter(event=event)
        .exclude(status=RegistrationStatus.WAITLISTED)
        .select_related("player")
        .order_by("pod", "seat", "player__display_name")
    )

    def row(r: Registration) -> dict:
        return {
            "registration_id": r.pk,
            "name": lens.name(r),
            "player_id": lens.player_id(r),
            "pod": r.pod,
            "seat": r.seat,
            "playoff_seat": r.playoff_seat,
            "status": r.status,
        }

    pods: dict[int, list[dict]] = {}
    unseated = []
    for r in regs:
        if r.pod is not None:
            pods.setdefault(r.pod, []).append(row(r))
        elif r.is_active:
            unseated.append(row(r))
    playoff = sorted((row(r) for r in regs if r.playoff_seat is not None), key=lambda x: x["playoff_seat"])
    return {
        "pods": [{"pod": n, "seats": seats} for n, seats in sorted(pods.items())],
        "unseated": unseated,
        "playoff": playoff,
    }


def event_format_warnings(event: Event) -> list[str]:
    """What the organizer should know about the event's format on its date (retired, or a
    change not yet confirmed; ``cards.selectors.format_warnings``); shown when the event is created."""
    day = timezone.localdate(event.starts_at) if event.starts_at is not None else timezone.localdate()
    return format_warnings(event.format, day)
