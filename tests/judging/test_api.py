"""API for calls, penalties and deck checks: token auth, permissions, clear errors, OpenAPI."""

from datetime import timedelta

import pytest
from rest_framework.authtoken.models import Token

from judging.models import JudgeCall
from tournament.enums import MatchResult


def _as(api_client, user):
    token, _ = Token.objects.get_or_create(user=user)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return api_client


def test_catalogue_is_public(api_client, db):
    resp = api_client.get("/api/judging/infractions/")
    assert resp.status_code == 200
    shuffling = next(row for row in resp.json() if row["code"] == "shuffling_error")
    assert (shuffling["competitive"], shuffling["professional"], shuffling["casual"]) == (
        "ip2",
        "ip3",
        "caution",
    )


def test_anonymous_is_refused(api_client, world):
    assert api_client.get(f"/api/judging/events/{world.event.slug}/calls/").status_code in (401, 403)


def test_call_flow_via_api_adds_extension(api_client, world):
    client = _as(api_client, world.fj)
    resp = client.post(f"/api/judging/events/{world.event.slug}/calls/", {"table_number": 1}, format="json")
    assert resp.status_code == 201, resp.content
    pk = resp.json()["id"]
    assert resp.json()["match"] == world.match.pk
    assert client.post(f"/api/judging/calls/{pk}/claim/").status_code == 200
    resp = client.post(
        f"/api/judging/calls/{pk}/rule/", {"ruling": "Rewind", "citations": ["PPG 3.1"]}, format="json"
    )
    assert resp.json()["citations"] == ["PPG 3.1"]
    resp = client.post(f"/api/judging/calls/{pk}/close/", {"duration_seconds": 61}, format="json")
    assert (resp.status_code, resp.json()["extension_seconds"]) == (200, 120)
    open_queue = client.get(f"/api/judging/events/{world.event.slug}/calls/?open=1&order=oldest").json()
    assert open_queue == []


def test_bad_citation_is_400_with_message(api_client, world):
    client = _as(api_client, world.fj)
    call = client.post(
        f"/api/judging/events/{world.event.slug}/calls/", {"table_number": 1}, format="json"
    ).json()
    resp = client.post(
        f"/api/judging/calls/{call['id']}/rule/", {"ruling": "x", "citations": ["see rule"]}, format="json"
    )
    assert resp.status_code == 400
    assert "is not a rule number" in resp.json()["detail"]


def test_floor_judge_penalty_pending_then_head_judge_confirms(api_client, world, user_factory):
    fj = _as(api_client, world.fj)
    url = f"/api/judging/events/{world.event.slug}/penalties/"
    resp = fj.post(
        url,
        {"registration": world.alice.pk, "infraction": "outside_assistance", "match": world.match.pk},
        format="json",
    )
    assert resp.status_code == 201, resp.content
    body = resp.json()
    assert (body["status"], body["penalty"], body["needs_confirmation"]) == ("pending", "game_loss", True)
    assert fj.post(f"/api/judging/penalties/{body['id']}/confirm/").status_code == 403
    from rest_framework.test import APIClient

    hj = _as(APIClient(), world.hj)
    resp = hj.post(f"/api/judging/penalties/{body['id']}/confirm/")
    assert (resp.status_code, resp.json()["status"], resp.json()["effect"]) == (200, "issued", "applied")
    world.match.refresh_from_db()
    assert world.match.games_b == 1


def test_recommendation_endpoint_counts_repeats(api_client, world):
    client = _as(api_client, world.hj)
    url = f"/api/judging/events/{world.event.slug}/recommendation/?registration={world.alice.pk}&infraction=decklist_error"
    first = client.get(url).json()
    assert (first["penalty"], first["needs_head_judge"]) == ("ip2", False)
    client.post(
        f"/api/judging/events/{world.event.slug}/penalties/",
        {"registration": world.alice.pk, "infraction": "decklist_error"},
        format="json",
    )
    assert client.get(url).json()["penalty"] == "game_loss"


@pytest.mark.parametrize(
    "payload,field",
    [
        ({"registration": 999999, "infraction": "cheating"}, "registration"),
        ({"registration": "REG", "infraction": "cheating"}, "registration"),
        ({"infraction": "nope"}, "infraction"),
    ],
)
def test_bad_penalty_input_is_400(api_client, world, payload, field):
    resp = _as(api_client, world.hj).post(
        f"/api/judging/events/{world.event.slug}/penalties/", payload, format="json"
    )
    assert resp.status_code == 400
    assert field in resp.content.decode()


def test_deviation_without_reason_is_400(api_client, world):
    resp = _as(api_client, world.hj).post(
        f"/api/judging/events/{world.event.slug}/penalties/",
        {"registration": world.alice.pk, "infraction": "game_rules_violation", "penalty": "match_loss"},
        format="json",
    )
    assert (resp.status_code, resp.json()["field"]) == (400, "deviation_reason")


@pytest.mark.parametrize("who,status", [("fj", 201), ("hj", 201), ("to", 403), ("sk", 403), ("player", 403)])
def test_who_may_issue_penalties(api_client, world, who, status):
    user = world.alice.player.user if who == "player" else getattr(world, who)
    resp = _as(api_client, user).post(
        f"/api/judging/events/{world.event.slug}/penalties/",
        {"registration": world.bob.pk, "infraction": "game_rules_violation"},
        format="json",
    )
    assert resp.status_code == status


def test_player_sees_own_history_not_others(api_client, world):
    from judging.services import penalties as penalty_services

    penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    alice_id, bob_user = world.alice.player.player_id, world.bob.player.user
    mine = _as(api_client, world.alice.player.user).get(f"/api/judging/players/{alice_id}/penalties/")
    assert (mine.status_code, len(mine.json())) == (200, 1)
    from rest_framework.test import APIClient

    theirs = _as(APIClient(), bob_user).get(f"/api/judging/players/{alice_id}/penalties/")
    assert theirs.status_code == 404  # the same answer as for an ID nobody has (issue 18)
    assert (
        _as(APIClient(), bob_user).get(f"/api/judging/events/{world.event.slug}/penalties/").status_code
        == 403
    )


def test_deck_check_via_api(api_client, world):
    client = _as(api_client, world.fj)
    resp = client.post(
        f"/api/judging/events/{world.event.slug}/deck-checks/",
        {"registration": world.alice.pk, "match": world.match.pk},
        format="json",
    )
    assert resp.status_code == 201, resp.content
    pk = resp.json()["id"]
    resp = client.post(
        f"/api/judging/deck-checks/{pk}/finish/", {"presented": {"Snatch (red)": 3}}, format="json"
    )
    assert resp.status_code == 200
    assert resp.json()["counts"] == [{"card": "Snatch (red)", "listed": 0, "presented": 3}]
    detail = client.get(f"/api/judging/deck-checks/{pk}/").json()
    assert detail["suggestions"][0]["infraction"] == "card_pool_contents_error"
    resp = client.post(
        f"/api/judging/events/{world.event.slug}/deck-checks/plan/", {"round": 1}, format="json"
    )
    assert resp.status_code == 403  # planning is the head judge's


def test_closed_match_gets_no_extension(api_client, world):
    world.match.result = MatchResult.A_WINS
    world.match.save()
    call = JudgeCall.objects.create(
        event=world.event,
        match=world.match,
        table_number=1,
        opened_at=world.match.round.created_at - timedelta(minutes=5),
    )
    resp = _as(api_client, world.fj).post(f"/api/judging/calls/{call.pk}/close/", {}, format="json")
    assert (resp.status_code, resp.json()["extension_seconds"]) == (200, 0)


def test_openapi_schema_has_judging_paths(api_client, db):
    resp = api_client.get("/api/schema/")
    assert resp.status_code == 200
    text = resp.content.decode()
    assert "/api/judging/events/{slug}/penalties/" in text
    assert "/api/judging/calls/{id}/final-ruling/" in text


@pytest.mark.parametrize(
    "seconds,status,infraction",
    [(120, 200, None), (300, 201, "tardiness_minor"), (700, 201, "tardiness_major")],
)
def test_tardiness_endpoint(api_client, world, seconds, status, infraction):
    resp = _as(api_client, world.fj).post(
        f"/api/judging/events/{world.event.slug}/tardiness/",
        {"registration": world.alice.pk, "seconds_late": seconds},
        format="json",
    )
    assert resp.status_code == status
    if infraction:
        assert resp.json()["infraction"] == infraction


def test_judging_schema_has_no_enum_collisions_of_its_own(db):
    """Our components use distinct enum names; drf-spectacular warns on collisions."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    names = schema["components"]["schemas"]
    assert {"JudgeCall", "Penalty", "DeckCheck", "IssuePenaltyRequest"} <= set(names)
    assert names["DeckCheck"]["properties"]["kind"]["type"] == "string"


@pytest.mark.parametrize("who,status", [("to", 200), ("hj", 200), ("fj", 403)])
def test_call_stats_endpoint(api_client, world, who, status):
    resp = _as(api_client, getattr(world, who)).get(f"/api/judging/events/{world.event.slug}/call-stats/")
    assert resp.status_code == status
    if status == 200:
        assert resp.json()["total"] == 0


@pytest.mark.parametrize("size", [2, 10])
def test_list_endpoints_use_constant_queries(api_client, world, django_assert_num_queries, size):
    from judging.services import calls as call_services
    from judging.services import penalties as penalty_services

    for _ in range(size):
        call_services.open_call(world.event, actor=world.fj, match=world.match)
        penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj, match=world.match)
    client = _as(api_client, world.hj)
    client.get(f"/api/judging/events/{world.event.slug}/calls/")  # warm up
    with django_assert_num_queries(4):
        calls = client.get(f"/api/judging/events/{world.event.slug}/calls/?open=1")
    with django_assert_num_queries(4):
        penalties = client.get(f"/api/judging/events/{world.event.slug}/penalties/")
    assert (len(calls.json()), len(penalties.json())) == (size, size)
