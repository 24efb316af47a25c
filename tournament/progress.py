"""Where an event stands and how it ended: the next step the staff can take (pair a Swiss round,
start the top cut, pair the next play-off round, finish) and the final placings (TR&P 3.1).

Reads only (a selector module): the dashboard shows the one button that applies, the services
refuse the rest, and the event page, the standings PDF and the exports show the placings.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from . import pairing, selectors
from .enums import TEAM_FORMATS, MatchResult, RoundStage, RoundStatus
from .models import Event, Match, Registration, Round
from .services import CLOSED_STATUSES

# --------------------------------------------------------------------------- the next step

PAIR = "pair"
START_TOP_CUT = "start_top_cut"
FINISH = "finish"
ROUND_OPEN = "round_open"
CLOSED = "closed"


@dataclass(frozen=True)
class NextStep:
    """``kind`` is one of PAIR, START_TOP_CUT, FINISH, ROUND_OPEN, CLOSED; ``label`` the button's
    words; ``number`` the round the button pairs (PAIR, START_TOP_CUT)."""

    kind: str
    label: str
    number: int | None = None


def _playoff_round_label(players: int) -> str:
    if players == 2:
        return _("Pair the final")
    if players == 4:
        return _("Pair the semifinals")
    return _("Pair the play-off round of %(players)s") % {"players": players}


def _playoff_over(event: Event, last: Round, top_cut: int) -> tuple[bool, int]:
    """(play-off has its winner, players left) after the complete play-off round ``last``."""
    if event.format in TEAM_FORMATS:
        plan = pairing.plan_team_top_cut(event, round_number=last.number + 1, top_cut=top_cut)
    else:
        plan = pairing.plan_top_cut_round(event, round_number=last.number + 1, top_cut=top_cut)
    if plan is None:
        return True, 1
    return False, 2 * (len(plan.pairs) + len(plan.byes))


def next_step(event: Event) -> NextStep:
    """What the staff dashboard offers next (TR&P 3.1, App B): after the last Swiss round the top
    cut (or the end of the event when there is none), after the final the end of the event."""
    if event.status in CLOSED_STATUSES:
        return NextStep(CLOSED, "")
    last = selectors.current_round(event)
    if last is None:
        return NextStep(PAIR, _("Pair round 1"), 1)
    if last.status != RoundStatus.COMPLETE:
        return NextStep(ROUND_OPEN, "")
    number = last.number + 1
    swiss_rounds, top_cut = selectors.effective_structure(event)
    if last.stage == RoundStage.SWISS:
        if selectors.swiss_rounds_played(event) < swiss_rounds:
            return NextStep(PAIR, _("Pair round %(number)s") % {"number": number}, number)
        if top_cut:
            return NextStep(
                START_TOP_CUT, _("Start top cut (top %(top_cut)s)") % {"top_cut": top_cut}, number
            )
        return NextStep(FINISH, _("Finish event"))
    over, left = _playoff_over(event, last, top_cut)
    if over:
        return NextStep(FINISH, _("Finish event"))
    return NextStep(PAIR, _playoff_round_label(left), number)


# --------------------------------------------------------------------------- final placings


@dataclass(frozen=True)
class Placing:
    """One final place: ``place`` 1, 2, ...; ``label`` "Winner", "Finalist", "Top 4", "Top 8"
    ... for the play-off, empty for places decided by the Swiss standings."""

    place: int
    label: str
    registration: Registration
    standing: object | None


def play_is_over(event: Event) -> bool:
    """Every round is played: finished, or the dashboard's next step is to finish."""
    last = selectors.current_round(event)
    if last is None or last.status != RoundStatus.COMPLETE:
        return False
    if event.status in CLOSED_STATUSES:
        return True
    return next_step(event).kind == FINISH


def _losers(match: Match) -> list[Registration]:
    if match.result == MatchResult.A_WINS:
        return [match.player_b] if match.player_b is not None else []
    if match.result == MatchResult.B_WINS:
        return [match.player_a]
    if match.result == MatchResult.DOUBLE_LOSS:
        return [r for r in (match.player_a, match.player_b) if r is not None]
    return []


def _winner(match: Match) -> Registration | None:
    if match.result in (MatchResult.A_WINS, MatchResult.BYE):
        return match.player_a
    if match.result == MatchResult.B_WINS:
        return match.player_b
    return None


def final_placings(event: Event) -> list[Placing]:
    """The final places once play is over (else ``[]``): the play-off by the bracket (winner,
    finalist, then top 4, top 8, ... by the round a player went out in, each group in Swiss
    order), then everyone else by the Swiss standings (TR&P 3.1, App D). Team events: ``[]``
    (their standings are the teams')."""
    if event.format in TEAM_FORMATS or not play_is_over(event):
        return []
    standings = selectors.standings_for_event(event)
    by_reg = {s.registration.pk: s for s in standings}
    swiss_order = {s.registration.pk: i for i, s in enumerate(standings)}
    out: list[Placing] = []
    placed: set[int] = set()

    def add(reg: Registration, label: str) -> None:
        if reg.pk in placed:
            return
        placed.add(reg.pk)
        out.append(Placing(len(out) + 1, label, reg, by_reg.get(reg.pk)))

    bracket = selectors.bracket_for_event(event)
    for depth, matches in enumerate(reversed(bracket)):
        slots = len(matches)
        if depth == 0 and slots == 1:
            winner = _winner(matches[0])
            if winner is not None:
                add(winner, "Winner")
        label = "Finalist" if slots == 1 else f"Top {2 * slots}"
        for reg in sorted(
            (r for m in matches for r in _losers(m)), key=lambda r: swiss_order.get(r.pk, 10**6)
        ):
            add(reg, label)
    for s in standings:
        add(s.registration, "Winner" if not bracket and not out else "")
    return out


def placing_by_registration(event: Event) -> dict[int, Placing]:
    return {p.registration.pk: p for p in final_placings(event)}
