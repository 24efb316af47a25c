"""Selectors: constant query counts (N+1 guards), clock arithmetic, exports, access functions."""

import csv
import io
import json
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import EventFactory, RoundFactory, UserFactory
from tournament import access, exports, selectors, services
from tournament.enums import ClockState, MatchResult

pytestmark = pytest.mark.django_db


def _event_after_two_rounds(add_players, n):
    event = EventFactory(swiss_rounds=5, top_cut=0)
    add_players(event, n)
    for _ in range(2):
        rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
        for m in selectors.outstanding_matches(rnd):
            services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    return event, rnd


def _count(fn):
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


def test_standings_use_a_constant_number_of_queries(add_players):
    small, _ = _event_after_two_rounds(add_players, 6)
    large, _ = _event_after_two_rounds(add_players, 30)
    n_small = _count(lambda: [s.as_dict() for s in selectors.standings_for_event(small)])
    n_large = _count(lambda: [s.as_dict() for s in selectors.standings_for_event(large)])
    assert n_small == n_large <= 4


def test_pairings_use_a_constant_number_of_queries(add_players):
    _, small = _event_after_two_rounds(add_players, 6)
    _, large = _event_after_two_rounds(add_players, 30)

    def render(rnd):
        return [
            (m.table_number, m.player_a.player.display_name, m.player_b and m.player_b.player.display_name)
            for m in selectors.matches_for_round(rnd)
        ]

    assert _count(lambda: render(small)) == _count(lambda: render(large)) == 1


@pytest.mark.parametrize("path", ["standings/", "rounds/3/matches/", "rounds/", "bracket/"])
def test_public_api_lists_use_a_constant_number_of_queries(add_players, client, path):
    small, _ = _event_after_two_rounds(add_players, 6)
    large, _ = _event_after_two_rounds(add_players, 30)
    counts = []
    for event in (small, large):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(f"/api/events/{event.slug}/{path}").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_event_list_uses_a_constant_number_of_queries(client):
    EventFactory.create_batch(2)
    with CaptureQueriesContext(connection) as small:
        client.get("/api/events/")
    EventFactory.create_batch(20)
    with CaptureQueriesContext(connection) as large:
        client.get("/api/events/")
    assert len(small.captured_queries) == len(large.captured_queries)


def test_clock_status_counts_down_from_stored_fields_only():
    t0 = timezone.now()
    rnd = RoundFactory(
        duration_seconds=600, started_at=t0, clock_state=ClockState.RUNNING, elapsed_before_pause=60
    )
    status = selectors.clock_status(rnd, now=t0 + timedelta(seconds=100))
    assert (status.remaining_seconds, status.time_called) == (440, False)
    assert status.ends_at == t0 + timedelta(seconds=540)
    late = selectors.clock_status(rnd, now=t0 + timedelta(seconds=700))
    assert late.remaining_seconds == -160 and late.time_called


def test_exports_are_csv_and_json_strings(add_players):
    event, _ = _event_after_two_rounds(add_players, 6)
    rows = list(csv.DictReader(io.StringIO(exports.standings_csv(event))))
    assert [int(r["rank"]) for r in rows] == list(range(1, 7))
    assert json.loads(exports.standings_json(event))["standings"][0]["rank"] == 1
    results = list(csv.DictReader(io.StringIO(exports.results_csv(event))))
    assert {r["round"] for r in results} == {"1", "2", "3"}
    assert len(json.loads(exports.results_json(event))["results"]) == 9


def test_standings_after_a_given_round(add_players):
    event, _ = _event_after_two_rounds(add_players, 6)
    after1 = selectors.standings_for_event(event, after_round=1)
    assert sorted(s.match_points for s in after1) == [0, 0, 0, 1, 1, 1]


def test_event_for_staff_404_and_403():
    event = EventFactory()
    with pytest.raises(Http404):
        access.event_for_staff(UserFactory(), "missing")
    with pytest.raises(PermissionDenied):
        access.event_for_staff(UserFactory(), event.slug)


def test_explain_standing_names_the_deciding_tiebreaker(add_players):
    event, _ = _event_after_two_rounds(add_players, 6)
    rows = selectors.standings_for_event(event)
    steps = selectors.explain_standing(event, rows[0].registration, rows[-1].registration)
    assert steps[-1]["decides"] and steps[-1]["ahead"] == rows[0].registration.pk


def test_elimination_procedure_follows_the_event_edition():
    assert len(selectors.elimination_procedure(EventFactory(trp_version="2025"))) == 5
    assert len(selectors.elimination_procedure(EventFactory(trp_version="2023"))) == 4


def test_playoff_higher_standing_is_the_better_seed():
    from tests.factories import MatchFactory

    match = MatchFactory(seed_a=5, seed_b=4)
    assert selectors.playoff_higher_standing(match) == match.player_b
    assert selectors.playoff_higher_standing(MatchFactory()) is None


def test_time_called_procedure_has_four_steps_citing_trp_3_4():
    steps = selectors.time_called_procedure(EventFactory())
    assert [s["step"] for s in steps] == ["1", "2", "3", "4"] and {s["rule"] for s in steps} == {"TR&P 3.4"}
