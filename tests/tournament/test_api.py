"""API: permissions for every role, public reads, error answers, the schema."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import MatchFactory, PlayerProfileFactory, RoundFactory
from tournament import services
from tournament.enums import MatchResult, RoundStatus

pytestmark = pytest.mark.django_db

ROLES = ["organizer", "head_judge", "floor_judge", "scorekeeper", "player", "anonymous"]


def client_for(user):
    c = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        c.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return c


@pytest.fixture
def world(staffed_event, add_players):
    """The staffed event with 4 players; round 1 paired (not published)."""
    event = staffed_event["event"]
    regs = add_players(event, 4)
    rnd = services.pair_next_round(event, actor=None)
    users = dict(staffed_event)
    users["player"] = regs[0].player.user
    users["anonymous"] = None
    return {"event": event, "regs": regs, "round": rnd, "users": users}


def _expect(role, allowed, *, anon=401):
    if role == "anonymous":
        return anon
    return allowed.get(role, 403)


@pytest.mark.parametrize("role", ROLES)
def test_pair_next_round_permissions(world, role):
    services.publish_round(world["round"], actor=None)
    for m in world["round"].matches.all():
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    resp = client_for(world["users"][role]).post(
        f"/api/events/{world['event'].slug}/rounds/", {}, format="json"
    )
    assert resp.status_code == _expect(role, {"organizer": 201, "head_judge": 201, "scorekeeper": 201})


@pytest.mark.parametrize("role", ROLES)
def test_publish_permissions(world, role):
    resp = client_for(world["users"][role]).post(f"/api/events/{world['event'].slug}/rounds/1/publish/")
    assert resp.status_code == _expect(role, {"organizer": 200, "head_judge": 200, "scorekeeper": 200})


@pytest.mark.parametrize("role", ROLES)
def test_unpublished_pairings_are_hidden_from_the_public(world, role):
    resp = client_for(world["users"][role]).get(f"/api/events/{world['event'].slug}/rounds/1/matches/")
    staff = {"organizer": 200, "head_judge": 200, "scorekeeper": 200}
    assert resp.status_code == (staff.get(role, 404))


@pytest.mark.parametrize("role", ROLES)
def test_published_pairings_standings_and_clock_are_public(world, role):
    services.publish_round(world["round"], actor=None)
    c = client_for(world["users"][role])
    slug = world["event"].slug
    pairings = c.get(f"/api/events/{slug}/rounds/1/matches/")
    assert pairings.status_code == 200 and len(pairings.json()) == 2
    assert c.get(f"/api/events/{slug}/standings/").status_code == 200
    assert c.get(f"/api/events/{slug}/rounds/1/clock/").json()["state"] == "not_started"
    assert c.get(f"/api/events/{slug}/").status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_clock_action_permissions(world, role):
    services.publish_round(world["round"], actor=None)
    resp = client_for(world["users"][role]).post(
        f"/api/events/{world['event'].slug}/rounds/1/clock/", {"action": "start"}, format="json"
    )
    allowed = {"organizer": 200, "head_judge": 200, "scorekeeper": 200, "floor_judge": 200}
    assert resp.status_code == _expect(role, allowed)


@pytest.mark.parametrize("role", ROLES)
def test_staff_entry_of_results_permissions(world, role):
    services.publish_round(world["round"], actor=None)
    match = world["round"].matches.order_by("table_number").first()
    resp = client_for(world["users"][role]).post(
        f"/api/matches/{match.pk}/result/", {"result": "a", "games_a": 1}, format="json"
    )
    assert resp.status_code == _expect(role, {"organizer": 200, "head_judge": 200, "scorekeeper": 200})


@pytest.mark.parametrize("role", ROLES)
def test_player_report_permissions(world, role):
    services.publish_round(world["round"], actor=None)
    reg = world["regs"][0]
    match = world["round"].matches.filter(player_a=reg).first() or world["round"].matches.get(player_b=reg)
    resp = client_for(world["users"][role]).post(
        f"/api/matches/{match.pk}/report/", {"result": "a", "games_a": 1}, format="json"
    )
    assert resp.status_code == _expect(role, {"player": 200})


@pytest.mark.parametrize("role", ROLES)
def test_player_list_and_staff_list_are_for_staff(world, role):
    c = client_for(world["users"][role])
    slug = world["event"].slug
    staff = {"organizer": 200, "head_judge": 200, "scorekeeper": 200, "floor_judge": 200}
    assert c.get(f"/api/events/{slug}/players/").status_code == _expect(role, staff)
    assert c.get(f"/api/events/{slug}/staff/").status_code == _expect(role, staff)


@pytest.mark.parametrize("role", ROLES)
def test_assign_staff_permissions(world, role):
    newbie = PlayerProfileFactory().user
    resp = client_for(world["users"][role]).post(
        f"/api/events/{world['event'].slug}/staff/",
        {"username": newbie.username, "role": "floor_judge"},
        format="json",
    )
    assert resp.status_code == _expect(role, {"organizer": 201})


@pytest.mark.parametrize("role", ROLES)
def test_update_event_permissions(world, role):
    resp = client_for(world["users"][role]).patch(
        f"/api/events/{world['event'].slug}/", {"venue": "Hall B"}, format="json"
    )
    assert resp.status_code == _expect(role, {"organizer": 200, "head_judge": 200})


@pytest.mark.parametrize("role", ROLES)
def test_reenter_permissions(world, role):
    reg = world["regs"][1]
    services.drop_registration(reg, actor=None)
    resp = client_for(world["users"][role]).post(
        f"/api/events/{world['event'].slug}/players/{reg.pk}/reenter/"
    )
    assert resp.status_code == _expect(role, {"head_judge": 200})


@pytest.mark.parametrize("role", ROLES)
def test_extension_permissions(world, role):
    services.publish_round(world["round"], actor=None)
    match = world["round"].matches.exclude(player_b=None).first()
    resp = client_for(world["users"][role]).post(
        f"/api/matches/{match.pk}/extension/", {"seconds": 120, "reason": "ruling"}, format="json"
    )
    allowed = {"organizer": 200, "head_judge": 200, "scorekeeper": 200, "floor_judge": 200}
    assert resp.status_code == _expect(role, allowed)


def test_create_event_by_any_user_who_becomes_organizer(user_factory):
    user = user_factory()
    resp = client_for(user).post("/api/events/", {"name": "Friday Night", "format": "blitz"}, format="json")
    assert resp.status_code == 201
    body = resp.json()
    assert (body["slug"], body["round_minutes"], body["rel"]) == ("friday-night", 35, "casual")
    assert client_for(None).post("/api/events/", {"name": "x"}, format="json").status_code == 401


@pytest.mark.parametrize(
    ("payload", "field"),
    [({"name": "x", "format": "poker"}, "format"), ({"name": "x", "tier": 9}, "tier"), ({}, "name")],
)
def test_bad_event_input_is_a_400_naming_the_field(user_factory, payload, field):
    resp = client_for(user_factory()).post("/api/events/", payload, format="json")
    assert resp.status_code == 400
    body = resp.json()
    assert field in body or body.get("field") == field


def test_self_registration_waits_for_the_desk_and_duplicate_is_409(staffed_event, user_factory):
    user = user_factory()
    c = client_for(user)
    slug = staffed_event["event"].slug
    resp = c.post(f"/api/events/{slug}/players/", {}, format="json")
    assert resp.status_code == 400 and resp.json()["field"] == "player_id"
    resp = c.post(f"/api/events/{slug}/players/", {"player_id": "777", "display_name": "Mia"}, format="json")
    assert resp.status_code == 202 and resp.json()["status"] == "pending"
    desk = client_for(staffed_event["scorekeeper"])
    claim = desk.get("/api/player-id-claims/", {"event": slug}).json()["to_decide"][0]
    assert (claim["player_id"], claim["event"]) == ("777", slug)
    assert (
        desk.post(f"/api/player-id-claims/{claim['id']}/decide/", {"decision": "confirm"}).status_code == 200
    )
    assert c.post(f"/api/events/{slug}/players/", {}, format="json").status_code == 409


def test_staff_register_a_walk_in_by_player_id(staffed_event):
    c = client_for(staffed_event["scorekeeper"])
    slug = staffed_event["event"].slug
    resp = c.post(
        f"/api/events/{slug}/players/", {"player_id": "42", "display_name": "Walk In"}, format="json"
    )
    assert resp.status_code == 201 and resp.json()["name"] == "Walk In"


def test_report_then_confirm_and_stale_version_409(staffed_event):
    match = MatchFactory(
        round=RoundFactory(event=staffed_event["event"], number=1, status=RoundStatus.PUBLISHED)
    )
    a = client_for(match.player_a.player.user)
    b = client_for(match.player_b.player.user)
    body = a.post(f"/api/matches/{match.pk}/report/", {"result": "b", "games_b": 1}, format="json").json()
    assert body["report_status"] == "reported"
    stale = b.post(f"/api/matches/{match.pk}/confirm/", {"version": body["version"] - 1}, format="json")
    assert stale.status_code == 409
    done = b.post(f"/api/matches/{match.pk}/confirm/", {"version": body["version"]}, format="json").json()
    assert (done["result"], done["report_status"]) == ("b", "confirmed")


def test_unknown_event_is_404_and_bad_after_round_is_400(db):
    c = client_for(None)
    assert c.get("/api/events/nope/").status_code == 404
    assert c.get("/api/events/nope/standings/").status_code == 404


def test_standings_bad_query_is_400(staffed_event):
    resp = client_for(None).get(f"/api/events/{staffed_event['event'].slug}/standings/?after_round=x")
    assert resp.status_code == 400 and resp.json()["field"] == "after_round"


def test_schema_includes_event_endpoints(client):
    resp = client.get("/api/schema/")
    assert resp.status_code == 200
    text = resp.content.decode()
    for path in ("/api/events/", "/api/events/{slug}/standings/", "/api/matches/{match_id}/report/"):
        assert path in text


def test_draft_event_is_visible_to_its_staff_only(staffed_event):
    event = staffed_event["event"]
    event.status = "draft"
    event.save()
    assert client_for(None).get(f"/api/events/{event.slug}/").status_code == 404
    assert client_for(staffed_event["outsider"]).get(f"/api/events/{event.slug}/").status_code == 404
    assert client_for(staffed_event["floor_judge"]).get(f"/api/events/{event.slug}/").status_code == 200
    assert event.slug not in {e["slug"] for e in client_for(None).get("/api/events/").json()}
