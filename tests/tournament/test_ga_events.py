"""Grand Archive events use GA's own organised-play texts and defaults (ga-organized-play.md),
and the match length says what it means. Each test is named after the rule it checks."""

from __future__ import annotations

import pytest

from core.errors import DomainError
from tests.factories import EventFactory, PlayerProfileFactory, RoundFactory, UserFactory
from tests.tournament.test_api import client_for
from tournament import selectors, services
from tournament.enums import EventType, FormatCode, Game, RoundStage, RoundStatus

pytestmark = pytest.mark.django_db


def test_ga_event_defaults_to_its_own_ladder_best_of_three_and_closed_late_entries_ga_sections_2_3_5():
    event = services.create_event(actor=UserFactory(), name="GA Friday", game=Game.GA)

    assert event.event_type == EventType.GA_REGULAR
    assert (event.games_per_match, event.round_minutes, event.allow_late_entries) == (2, 60, False)
    fab = services.create_event(actor=UserFactory(), name="FaB Friday")
    assert (fab.event_type, fab.games_per_match, fab.allow_late_entries) == (EventType.ARMORY, 1, True)


def test_ga_event_refuses_a_fab_event_type_ga_section_2():
    with pytest.raises(DomainError) as exc:
        services.create_event(
            actor=UserFactory(), name="GA Calling?", game=Game.GA, event_type=EventType.CALLING
        )
    assert exc.value.field == "event_type"


def test_ga_late_entry_closes_at_round_one_pairings_unless_the_organizer_allows_ga_section_5(
    staffed_event, add_players
):
    event = staffed_event["event"]
    event.game, event.format, event.event_type = Game.GA, FormatCode.GA_STANDARD, EventType.GA_REGULAR
    event.allow_late_entries = False
    event.save()
    add_players(event, 4)
    org = staffed_event["organizer"]
    services.pair_next_round(event, actor=org)
    late = PlayerProfileFactory()

    with pytest.raises(DomainError) as exc:
        services.register_player(event, player=late, actor=org, late_entry=True)
    assert "round 1 was paired" in exc.value.message and "TR&P" not in exc.value.message

    services.update_event(event, actor=org, allow_late_entries=True)
    reg = services.register_player(event, player=late, actor=org, late_entry=True)
    assert reg.joined_in_round == 2


def test_ga_playoff_procedure_is_gas_own_without_life_totals_or_trp_ga_section_3():
    ga = EventFactory(game=Game.GA, format=FormatCode.GA_STANDARD, event_type=EventType.GA_REGULAR)

    texts = [s["summary"] + s["rule"] for s in selectors.elimination_procedure(ga)]
    texts += [s["summary"] + s["rule"] for s in selectors.time_called_procedure(ga)]

    assert texts and not [t for t in texts if "life" in t or "TR&P" in t]
    assert any("untimed" in t for t in texts)
    assert any("life total" in s["summary"] for s in selectors.elimination_procedure(EventFactory()))


def test_top_cut_clock_is_never_not_started_and_time_called_trp_3_1():
    rnd = RoundFactory(stage=RoundStage.TOP_CUT, status=RoundStatus.PUBLISHED, duration_seconds=0)

    status = selectors.clock_status(rnd)

    assert (status.state, status.time_called) == ("not_started", False)


# --------------------------------------------------------------------------- match length (TR&P 3.1)


def test_api_match_length_says_game_wins_needed_and_best_of_trp_3_1():
    user = UserFactory()
    c = client_for(user)

    by_best_of = c.post("/api/events/", {"name": "Bo3", "game": "ga", "best_of": 3}, format="json").json()
    by_wins = c.post("/api/events/", {"name": "Bo5", "game_wins_needed": 3}, format="json").json()
    legacy = c.post("/api/events/", {"name": "Old client", "games_per_match": 2}, format="json").json()

    assert (by_best_of["game_wins_needed"], by_best_of["best_of"], by_best_of["games_per_match"]) == (2, 3, 2)
    assert (by_wins["game_wins_needed"], by_wins["best_of"]) == (3, 5)
    assert (legacy["game_wins_needed"], legacy["best_of"]) == (2, 3)


def test_api_games_per_match_3_is_refused_as_ambiguous_not_first_to_3_trp_3_1():
    c = client_for(UserFactory())

    ambiguous = c.post("/api/events/", {"name": "GA", "game": "ga", "games_per_match": 3}, format="json")
    conflicting = c.post("/api/events/", {"name": "GA", "best_of": 3, "game_wins_needed": 3}, format="json")

    assert ambiguous.status_code == 400 and "best_of" in str(ambiguous.json())
    assert conflicting.status_code == 400


def test_event_form_labels_the_match_length_as_game_wins_needed_trp_3_1(client):
    client.force_login(UserFactory())
    html = client.get("/events/new/").content.decode()
    assert "Game wins needed to win a match" in html and "2 game wins (best of three)" in html


def test_api_organizer_opens_late_entries_of_a_ga_event_ga_section_5():
    user = UserFactory()
    c = client_for(user)
    created = c.post("/api/events/", {"name": "GA Weekly", "game": "ga"}, format="json").json()
    assert created["allow_late_entries"] is False and created["event_type"] == "ga-regular"

    changed = c.patch(f"/api/events/{created['slug']}/", {"allow_late_entries": True}, format="json")

    assert changed.status_code == 200 and changed.json()["allow_late_entries"] is True
