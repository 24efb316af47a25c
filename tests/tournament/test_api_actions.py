"""API: the remaining actions (days, fixed table, table entry, penalties, audit, my standing)."""

import pytest

from tests.tournament.test_api import ROLES, client_for
from tournament import selectors, services
from tournament.enums import MatchResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(staffed_event, add_players):
    event = staffed_event["event"]
    regs = add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    users = dict(staffed_event, player=regs[0].player.user, anonymous=None)
    return {"event": event, "regs": regs, "round": rnd, "users": users}


def test_table_entry_by_number_and_unknown_table_is_400(running):
    sk = client_for(running["users"]["scorekeeper"])
    slug = running["event"].slug
    resp = sk.post(
        f"/api/events/{slug}/rounds/1/tables/1/result/", {"result": "b", "games_b": 1}, format="json"
    )
    assert resp.status_code == 200 and resp.json()["table_number"] == 1 and resp.json()["result"] == "b"
    again = sk.post(
        f"/api/events/{slug}/rounds/1/tables/1/result/", {"result": "a", "games_a": 1}, format="json"
    )
    assert again.status_code == 409
    missing = sk.post(
        f"/api/events/{slug}/rounds/1/tables/99/result/", {"result": "a", "games_a": 1}, format="json"
    )
    assert missing.status_code == 400 and missing.json()["field"] == "table_number"


@pytest.mark.parametrize("role", ROLES)
def test_penalty_result_permissions(running, role):
    match = running["round"].matches.first()
    resp = client_for(running["users"][role]).post(
        f"/api/matches/{match.pk}/penalty/",
        {"loser": match.player_a_id, "kind": "match_loss", "reason": "tardiness"},
        format="json",
    )
    # a floor judge goes through judging (PPG 1.2 head-judge confirmation), not this shortcut
    allowed = {"organizer": 200, "head_judge": 200, "scorekeeper": 200}
    assert resp.status_code == (401 if role == "anonymous" else allowed.get(role, 403))
    if resp.status_code == 200:
        assert resp.json()["result"] == MatchResult.B_WINS


@pytest.mark.parametrize("role", ROLES)
def test_fixed_table_permissions(running, role):
    reg = running["regs"][2]
    resp = client_for(running["users"][role]).post(
        f"/api/events/{running['event'].slug}/players/{reg.pk}/fixed-table/",
        {"table_number": 12, "reason": "wheelchair"},
        format="json",
    )
    assert resp.status_code == (
        401 if role == "anonymous" else {"head_judge": 200, "organizer": 200}.get(role, 403)
    )


def test_fixed_table_is_used_by_the_next_pairing(running):
    event = running["event"]
    reg = running["regs"][2]
    services.set_fixed_table(reg, table_number=12, actor=None, reason="wheelchair")
    for m in selectors.outstanding_matches(running["round"]):
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    rnd = services.pair_next_round(event, actor=None)
    mine = selectors.match_for_registration(rnd, reg)
    assert mine.table_number == 12


def test_days_put_and_get(running):
    org = client_for(running["users"]["organizer"])
    slug = running["event"].slug
    days = {
        "days": [
            # the days add up to the event's 3 Swiss rounds (a plan that does not is refused)
            {"number": 1, "rel": "competitive", "swiss_rounds": 2, "cut_size": 2},
            {"number": 2, "rel": "professional", "swiss_rounds": 1},
        ]
    }
    assert org.put(f"/api/events/{slug}/days/", days, format="json").status_code == 200
    assert [d["rel"] for d in client_for(None).get(f"/api/events/{slug}/days/").json()] == [
        "competitive",
        "professional",
    ]
    fj = client_for(running["users"]["floor_judge"])
    assert fj.put(f"/api/events/{slug}/days/", days, format="json").status_code == 403


def test_audit_trail_is_for_staff_and_shows_changes(running):
    slug = running["event"].slug
    entries = client_for(running["users"]["floor_judge"]).get(f"/api/events/{slug}/audit/").json()
    assert {"round.pair", "round.publish"} <= {e["action"] for e in entries}
    assert client_for(running["users"]["player"]).get(f"/api/events/{slug}/audit/").status_code == 403


def test_my_standing_explains_against_neighbours(running):
    for m in selectors.outstanding_matches(running["round"]):
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    reg = running["regs"][0]
    data = client_for(None).get(f"/api/events/{running['event'].slug}/players/{reg.pk}/standing/").json()
    assert data["standing"]["registration_id"] == reg.pk
    neighbour = data["above"] or data["below"]
    assert neighbour["steps"][-1]["tiebreaker"] in {"match_points", "cmp", "mlp", "omlp", "ocmp", "random"}


def test_move_table_before_publishing(staffed_event, add_players):
    event = staffed_event["event"]
    add_players(event, 4)
    rnd = services.pair_next_round(event, actor=None)
    match = rnd.matches.get(table_number=1)
    sk = client_for(staffed_event["scorekeeper"])
    resp = sk.post(
        f"/api/matches/{match.pk}/table/", {"table_number": 2, "reason": "feature match"}, format="json"
    )
    assert resp.status_code == 200 and resp.json()["table_number"] == 2
    assert sorted(rnd.matches.values_list("table_number", flat=True)) == [1, 2]


def test_finish_event_after_last_round(running):
    sk = client_for(running["users"]["scorekeeper"])
    slug = running["event"].slug
    assert sk.post(f"/api/events/{slug}/finish/").status_code == 409
    for m in selectors.outstanding_matches(running["round"]):
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    assert sk.post(f"/api/events/{slug}/finish/").json()["status"] == "finished"
