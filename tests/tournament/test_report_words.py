"""The API and the phone form say a result in the same words: win, loss or draw from the
reporter's side, with the reporter's and the opponent's game wins (A/B stays for staff)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournament.test_pages import build_running_event
from tournament.enums import MatchResult
from tournament.models import Match, MatchReport


def _players(regs):
    for reg in regs:
        reg.player.user = UserFactory(username=f"p{reg.pk}")
        reg.player.save()


def _client(user):
    c = APIClient()
    c.force_authenticate(user)
    return c


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("side", "outcome", "expected"),
    [
        ("b", "loss", (MatchResult.A_WINS, 1, 0)),
        ("b", "win", (MatchResult.B_WINS, 0, 1)),
        ("a", "win", (MatchResult.A_WINS, 1, 0)),
        ("a", "draw", (MatchResult.DRAW, 0, 0)),
    ],
)
def test_api_report_in_the_reporters_words(side, outcome, expected):
    event, regs, r1, r2 = build_running_event(4)
    _players(regs)
    match = Match.objects.filter(round=r2).order_by("table_number").first()
    reporter = (match.player_a if side == "a" else match.player_b).player.user
    resp = _client(reporter).post(f"/api/matches/{match.pk}/report/", {"outcome": outcome}, format="json")
    assert resp.status_code == 200, resp.json()
    report = MatchReport.objects.get(match=match)
    assert (report.result, report.games_a, report.games_b) == expected


@pytest.mark.django_db
def test_api_refuses_a_win_with_fewer_games_like_the_phone_form():
    event, regs, r1, r2 = build_running_event(4)
    _players(regs)
    match = Match.objects.filter(round=r2).order_by("table_number").first()
    resp = _client(match.player_b.player.user).post(
        f"/api/matches/{match.pk}/report/",
        {"outcome": "win", "my_games": 0, "their_games": 1},
        format="json",
    )
    assert resp.status_code == 400
    assert "You reported a win, so you must have won more games" in str(resp.json())
    assert not MatchReport.objects.filter(match=match).exists()


@pytest.mark.django_db
def test_report_schema_documents_the_players_words():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    fields = schema["components"]["schemas"]["ReportRequest"]["properties"]
    assert {"outcome", "my_games", "their_games"} <= set(fields)
    outcome = fields["outcome"]
    enum = (
        outcome.get("enum")
        or schema["components"]["schemas"][outcome["allOf"][0]["$ref"].split("/")[-1]]["enum"]
    )
    assert set(enum) == {"win", "loss", "draw"}


@pytest.mark.django_db
def test_match_answer_says_the_players_outcome_in_their_words():
    event, regs, r1, r2 = build_running_event(4)
    _players(regs)
    match = Match.objects.filter(round=r2).order_by("table_number").first()
    a, b = match.player_a.player.user, match.player_b.player.user
    _client(a).post(f"/api/matches/{match.pk}/report/", {"outcome": "loss"}, format="json")
    answer = _client(b).post(f"/api/matches/{match.pk}/confirm/", {}, format="json").json()
    assert (answer["result"], answer["my_outcome"]) == ("b", "win")
    assert _client(a).get(f"/api/matches/{match.pk}/").json()["my_outcome"] == "loss"
