"""Who sees judge calls (issue 18): the judges, head judge and organizer read a call in full;
the scorekeeper sees the time extensions only; a player sees the calls at their own table,
with the ruling once it is given. Expectations come from ``CALL_READ_ROLES`` and
``CALL_EXTENSION_ROLES`` in ``tournament.enums``."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from judging.services import calls as call_services
from tests.factories import PlayerProfileFactory, RegistrationFactory, UserFactory
from tournament.enums import CALL_EXTENSION_ROLES, CALL_READ_ROLES, StaffRole

pytestmark = pytest.mark.django_db

QUESTION = "Secret judge note: player A may have drawn an extra card"
RULING = "Reveal the top card and shuffle it back (CR 1.2.3)"
ROLE_OF = {
    "hj": StaffRole.HEAD_JUDGE,
    "fj": StaffRole.FLOOR_JUDGE,
    "to": StaffRole.ORGANIZER,
    "sk": StaffRole.SCOREKEEPER,
}
VIEWERS = ("anonymous", "outsider", "at_table", "elsewhere", "hj", "fj", "to", "sk")


@pytest.fixture
def called(world):
    call = call_services.open_call(world.event, actor=world.fj, match=world.match, question=QUESTION)
    carol = RegistrationFactory(event=world.event, player=PlayerProfileFactory(display_name="Carol"))
    users = {
        "anonymous": None,
        "outsider": UserFactory(username="call-outsider"),
        "at_table": world.alice.player.user,
        "elsewhere": carol.player.user,
        "hj": world.hj,
        "fj": world.fj,
        "to": world.to,
        "sk": world.sk,
    }
    return world, call, users


def _reads(viewer: str) -> bool:
    return viewer in ROLE_OF and ROLE_OF[viewer] in CALL_READ_ROLES


def _sees_extensions(viewer: str) -> bool:
    return viewer in ROLE_OF and ROLE_OF[viewer] in CALL_EXTENSION_ROLES


def _api(user) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c


def _web(user) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_the_role_groups_are_what_the_issue_asks():
    assert CALL_READ_ROLES == {
        StaffRole.HEAD_JUDGE,
        StaffRole.APPEALS_JUDGE,
        StaffRole.FLOOR_JUDGE,
        StaffRole.ORGANIZER,
    }
    assert CALL_EXTENSION_ROLES == CALL_READ_ROLES | {StaffRole.SCOREKEEPER}


@pytest.mark.parametrize("viewer", VIEWERS)
def test_call_detail_api_matrix(called, viewer):
    world, call, users = called
    resp = _api(users[viewer]).get(f"/api/judging/calls/{call.pk}/")
    if viewer == "anonymous":
        assert resp.status_code in (401, 403)
        return
    if _reads(viewer):
        assert resp.status_code == 200 and resp.json()["question"] == QUESTION
    elif _sees_extensions(viewer):
        assert (
            resp.status_code == 200 and "question" not in resp.json() and "extension_seconds" in resp.json()
        )
    elif viewer == "at_table":
        assert resp.status_code == 200 and "question" not in resp.json() and resp.json()["ruling"] == ""
    else:
        assert resp.status_code == 404
    assert QUESTION not in resp.content.decode() or _reads(viewer)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_call_list_api_matrix(called, viewer):
    world, call, users = called
    resp = _api(users[viewer]).get(f"/api/judging/events/{world.event.slug}/calls/")
    if viewer == "anonymous":
        assert resp.status_code in (401, 403)
    elif _sees_extensions(viewer):
        assert resp.status_code == 200 and [c["id"] for c in resp.json()] == [call.pk]
        assert (QUESTION in resp.content.decode()) == _reads(viewer)
    else:
        assert resp.status_code == 403


@pytest.mark.parametrize("viewer", VIEWERS)
def test_call_pages_matrix(called, viewer):
    world, call, users = called
    c = _web(users[viewer])
    detail = c.get(f"/judging/{world.event.slug}/calls/{call.pk}/")
    if viewer == "anonymous":
        assert detail.status_code == 302  # to the login page
    elif _reads(viewer):
        assert detail.status_code == 200 and QUESTION in detail.content.decode()
    elif viewer in ROLE_OF:
        assert detail.status_code == 403
    else:
        assert detail.status_code == 404
    if viewer in ROLE_OF:
        for url in (f"/judging/{world.event.slug}/", f"/events/{world.event.slug}/staff/"):
            page = c.get(url)
            assert page.status_code == 200
            assert (QUESTION[:40] in page.content.decode()) == _reads(viewer), url


def test_scorekeeper_sees_the_extension_a_closed_call_gave(called):
    world, call, users = called
    call_services.claim_call(call, judge=world.fj)
    call_services.record_ruling(call, judge=world.fj, ruling=RULING, citations=[])
    call = call_services.close_call(call, judge=world.fj, duration_seconds=5 * 60)
    assert call.extension_seconds > 0
    home = _web(world.sk).get(f"/judging/{world.event.slug}/").content.decode()
    assert "Time extensions from judge calls" in home and RULING not in home and QUESTION not in home
    listed = _api(world.sk).get(f"/api/judging/events/{world.event.slug}/calls/").json()
    assert listed[0]["extension_seconds"] == call.extension_seconds and "ruling" not in listed[0]


def test_players_see_calls_at_their_table_with_the_ruling_once_given(called):
    world, call, users = called
    mine = _api(users["at_table"]).get(f"/api/judging/events/{world.event.slug}/my-calls/").json()
    assert [c["id"] for c in mine] == [call.pk] and mine[0]["ruling"] == ""
    assert _api(users["elsewhere"]).get(f"/api/judging/events/{world.event.slug}/my-calls/").json() == []
    call_services.claim_call(call, judge=world.fj)
    call_services.record_ruling(call, judge=world.fj, ruling=RULING, citations=[])
    mine = _api(users["at_table"]).get(f"/api/judging/events/{world.event.slug}/my-calls/").json()
    assert mine[0]["ruling"] == RULING
    page = _web(users["at_table"]).get(f"/judging/{world.event.slug}/my-calls/").content.decode()
    assert RULING in page and QUESTION not in page
    # the opponent at the same table sees it as well
    bob_page = _web(world.bob.player.user).get(f"/judging/{world.event.slug}/my-calls/").content.decode()
    assert RULING in bob_page
    assert (
        RULING not in _web(users["elsewhere"]).get(f"/judging/{world.event.slug}/my-calls/").content.decode()
    )


def test_scorekeeper_may_open_a_call_but_not_read_it_back(called):
    world, _call, _users = called
    resp = _api(world.sk).post(
        f"/api/judging/events/{world.event.slug}/calls/",
        {"table_number": 1, "caller": "player_a", "question": "x"},
        format="json",
    )
    assert resp.status_code == 201 and "question" not in resp.json()


def test_player_history_does_not_confirm_that_an_id_exists(called):
    world, _call, users = called
    other = world.bob.player.player_id
    c = _web(users["elsewhere"])
    assert c.get(f"/judging/players/{other}/").status_code == 404
    assert c.get("/judging/players/NO-SUCH-ID/").status_code == 404
    assert _web(world.hj).get(f"/judging/players/{other}/").status_code == 200
