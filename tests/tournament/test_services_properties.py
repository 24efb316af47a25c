"""Property test: any mix of results, drops and late entries keeps the round invariants."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory
from tournament import selectors, services
from tournament.enums import MatchResult, RoundStatus
from tournament.models import Match, Registration

pytestmark = pytest.mark.django_db

OUTCOMES = st.sampled_from(["a", "b", "draw", "double_loss", "drop_a", "no_show_b"])


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    players=st.integers(min_value=2, max_value=13),
    rounds=st.lists(st.lists(OUTCOMES, min_size=7, max_size=7), min_size=3, max_size=3),
    late_round=st.one_of(st.none(), st.integers(min_value=2, max_value=3)),
)
def test_every_active_player_plays_once_per_round_and_standings_list_everyone(players, rounds, late_round):
    event = EventFactory(swiss_rounds=3, top_cut=0)
    for _ in range(players):
        RegistrationFactory(event=event)
    for number, outcomes in enumerate(rounds, start=1):
        if late_round == number:
            services.register_player(event, player=PlayerProfileFactory(), actor=None, late_entry=True)
        active = set(
            Registration.objects.filter(event=event, status__in=["registered", "checked_in"]).values_list(
                "pk", flat=True
            )
        )
        if len(active) < 2:
            break
        rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
        paired = [m.player_a_id for m in rnd.matches.all()] + [
            m.player_b_id for m in rnd.matches.exclude(player_b=None)
        ]
        assert sorted(paired) == sorted(active)
        assert rnd.matches.filter(player_b=None).count() == len(active) % 2
        for match, outcome in zip(selectors.outstanding_matches(rnd), outcomes * 3, strict=False):
            match = Match.objects.get(pk=match.pk)
            if match.result != MatchResult.PENDING:
                continue
            if outcome == "drop_a":
                services.drop_registration(match.player_a, actor=None)
            elif outcome == "no_show_b":
                services.record_no_show(match, absent=[match.player_b], actor=None)
            else:
                games = {"a": (1, 0), "b": (0, 1)}.get(outcome, (0, 0))
                services.enter_result(match, actor=None, result=outcome, games_a=games[0], games_b=games[1])
        rnd.refresh_from_db()
        assert rnd.status == RoundStatus.COMPLETE
        standings = selectors.standings_for_event(event)
        assert [s.rank for s in standings] == list(range(1, len(standings) + 1))
        ever_played = {m.player_a_id for m in Match.objects.filter(round__event=event)} | {
            m.player_b_id for m in Match.objects.filter(round__event=event).exclude(player_b=None)
        }
        assert {s.registration.pk for s in standings} == ever_played | active
        wins = sum(s.wins + s.byes for s in standings)
        assert sum(s.match_points for s in standings) == wins
