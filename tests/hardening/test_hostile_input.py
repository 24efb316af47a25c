"""Issue 15, defect 4: hostile input is a 400 with a clear message (or the right empty answer),
never a server error."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import EventFactory
from tournament import selectors, services
from tournament.enums import MatchResult

pytestmark = pytest.mark.django_db

DEEP = ("[" * 50_000 + "]" * 50_000).encode()
HUGE = 2**64


def _api(user=None):
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def running(staffed_event, add_players):
    event = staffed_event["event"]
    regs = add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    return {**staffed_event, "event": event, "regs": regs, "round": rnd}


@pytest.mark.parametrize(
    "url",
    ["/api/events/", "/api/decklists/", "/api/events/{slug}/rounds/", "/api/judging/events/{slug}/calls/"],
)
def test_deeply_nested_json_is_400_on_every_json_endpoint(running, url):
    response = _api(running["organizer"]).generic(
        "POST", url.format(slug=running["event"].slug), DEEP, content_type="application/json"
    )
    assert response.status_code == 400, response.content[:200]
    assert "nested" in response.json()["detail"]


def test_moderately_nested_json_still_parses(running):
    body = {"name": "Nested but fine", "days": [[{"a": [1, 2, {"b": [3]}]}]]}
    response = _api(running["organizer"]).post("/api/events/", body, format="json")
    assert response.status_code in (201, 400) and response.status_code != 500


def test_nul_in_json_strings_and_huge_json_integers_are_400(running):
    client = _api(running["organizer"])
    nul = client.post("/api/events/", {"name": "a\x00b"}, format="json")
    assert nul.status_code == 400 and "NUL" in nul.json()["detail"]
    huge = client.generic(
        "POST",
        f"/api/events/{running['event'].slug}/rounds/",
        f'{{"seed": {HUGE}}}'.encode(),
        content_type="application/json",
    )
    assert huge.status_code == 400 and "out of range" in huge.json()["detail"]


def test_teams_of_an_event_without_teams_is_an_empty_list(running):
    for m in selectors.outstanding_matches(running["round"]):
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    response = _api().get(f"/api/events/{running['event'].slug}/teams/")
    assert response.status_code == 200 and response.json() == []
    empty = EventFactory()
    assert _api().get(f"/api/events/{empty.slug}/teams/").json() == []


@pytest.mark.parametrize("path", ["/cards/?q=%00", "/api/cards/?q=%00", "/api/cards/autocomplete/?q=a%00b"])
def test_nul_in_a_search_is_400(path):
    response = Client().get(path)
    assert response.status_code == 400
    assert b"NUL" in response.content


def test_nul_in_the_staff_player_search_is_400(running):
    client = Client()
    client.force_login(running["organizer"])
    response = client.get(f"/events/{running['event'].slug}/staff/?q=%00")
    assert response.status_code == 400


def test_a_table_number_of_two_to_the_64_is_400(running):
    match = running["round"].matches.exclude(player_b=None).first()
    client = _api(running["organizer"])
    moved = client.post(
        f"/api/matches/{match.pk}/table/", {"table_number": HUGE, "reason": "x"}, format="json"
    )
    assert moved.status_code == 400, moved.content
    big = client.post(
        f"/api/matches/{match.pk}/table/", {"table_number": 2**40, "reason": "x"}, format="json"
    )
    assert big.status_code == 400 and big.json()["field"] == "table_number"
    fixed = client.post(
        f"/api/events/{running['event'].slug}/players/{running['regs'][0].pk}/fixed-table/",
        {"table_number": 2**40, "reason": "x"},
        format="json",
    )
    assert fixed.status_code == 400
    web = Client()
    web.force_login(running["organizer"])
    form = web.post(
        f"/events/{running['event'].slug}/staff/table/",
        {"table": match.table_number, "new_table": str(HUGE), "reason": "x"},
    )
    assert form.status_code in (302, 400) and form.status_code != 500
    call = client.post(
        f"/api/judging/events/{running['event'].slug}/calls/", {"table_number": HUGE}, format="json"
    )
    assert call.status_code == 400
    match.refresh_from_db()
    assert match.table_number < 10_000
