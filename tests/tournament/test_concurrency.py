"""Concurrency: separate threads (separate database connections) acting at the same moment.

Runs on PostgreSQL (row locks) and SQLite (IMMEDIATE transactions queue writers).
"""

import threading

import pytest
from django.db import connection

from core.errors import ConflictError
from tests.factories import MatchFactory, RoundFactory
from tournament import services
from tournament.enums import MatchResult, ReportStatus, RoundStatus
from tournament.models import Match, MatchReport, Round

pytestmark = pytest.mark.django_db(transaction=True)


def _race(*calls):
    """Run ``calls`` in threads released together; return each call's result or exception."""
    barrier = threading.Barrier(len(calls))
    out = [None] * len(calls)

    def run(i, fn):
        try:
            barrier.wait(timeout=10)
            out[i] = fn()
        except Exception as exc:  # noqa: BLE001 - the test inspects what each thread got
            out[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return out


def test_double_pairing_request_creates_exactly_one_round(staffed_event, add_players):
    event = staffed_event["event"]
    add_players(event, 8)
    out = _race(
        lambda: services.pair_next_round(event, actor=staffed_event["scorekeeper"]),
        lambda: services.pair_next_round(event, actor=staffed_event["organizer"]),
    )
    rounds = [o for o in out if isinstance(o, Round)]
    errors = [o for o in out if not isinstance(o, Round)]
    assert len(rounds) == 1, out
    assert len(errors) == 1 and isinstance(errors[0], ConflictError), out
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 4


def test_two_players_report_the_same_result_at_once(staffed_event):
    match = MatchFactory(
        round=RoundFactory(event=staffed_event["event"], number=1, status=RoundStatus.PUBLISHED)
    )
    a, b = match.player_a.player.user, match.player_b.player.user
    out = _race(
        lambda: services.report_result(match, actor=a, result=MatchResult.A_WINS, games_a=1),
        lambda: services.report_result(match, actor=b, result=MatchResult.A_WINS, games_a=1),
    )
    assert all(isinstance(o, Match) for o in out), out
    match.refresh_from_db()
    assert (match.result, match.report_status) == (MatchResult.A_WINS, ReportStatus.CONFIRMED)
    assert MatchReport.objects.filter(match=match).count() == 2


def test_two_players_report_different_results_at_once_goes_to_reconciliation(staffed_event):
    match = MatchFactory(
        round=RoundFactory(event=staffed_event["event"], number=1, status=RoundStatus.PUBLISHED)
    )
    a, b = match.player_a.player.user, match.player_b.player.user
    out = _race(
        lambda: services.report_result(match, actor=a, result=MatchResult.A_WINS, games_a=1),
        lambda: services.report_result(match, actor=b, result=MatchResult.B_WINS, games_b=1),
    )
    assert all(isinstance(o, Match) for o in out), out
    match.refresh_from_db()
    assert (match.result, match.report_status) == (MatchResult.PENDING, ReportStatus.DISPUTED)
    assert MatchReport.objects.filter(match=match).count() == 2  # neither report lost


def test_two_staff_enter_one_result_at_once_one_wins_the_other_conflicts(staffed_event):
    match = MatchFactory(
        round=RoundFactory(event=staffed_event["event"], number=1, status=RoundStatus.PUBLISHED)
    )
    out = _race(
        lambda: services.enter_result(
            match, actor=staffed_event["scorekeeper"], result=MatchResult.A_WINS, games_a=1
        ),
        lambda: services.enter_result(
            match, actor=staffed_event["head_judge"], result=MatchResult.B_WINS, games_b=1
        ),
    )
    winners = [o for o in out if isinstance(o, Match)]
    losers = [o for o in out if isinstance(o, ConflictError)]
    assert len(winners) == 1 and len(losers) == 1, out
    match.refresh_from_db()
    assert match.result == winners[0].result and match.version == 1
