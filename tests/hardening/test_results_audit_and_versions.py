"""Issue 15, defects 8 and 9.

8. A second staff entry for a match that already has a result needs the version it saw;
   without it the entry is refused (409) with the current result shown, never silently
   turned into a correction.
9. Each player report, confirmation and dispute records what that player claimed, and a
   second report by the same player keeps the first claim in the audit trail.
"""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.audit import audit_trail_for
from tournament import services
from tournament.enums import MatchResult

pytestmark = pytest.mark.django_db


def _api(user):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def running(staffed_event, add_players):
    event = staffed_event["event"]
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    match = rnd.matches.exclude(player_b=None).first()
    return {**staffed_event, "event": event, "round": rnd, "match": match}


def test_a_second_staff_entry_without_a_version_is_refused_with_the_current_result(running):
    match = running["match"]
    first = _api(running["scorekeeper"]).post(
        f"/api/matches/{match.pk}/result/", {"result": "a", "games_a": 1}, format="json"
    )
    assert first.status_code == 200
    second = _api(running["head_judge"]).post(
        f"/api/matches/{match.pk}/result/",
        {"result": "b", "games_b": 1, "reason": "I saw B win"},
        format="json",
    )
    assert second.status_code == 409, second.content
    body = second.json()
    assert body["code"] == "has_result" and body["current"]["result"] == MatchResult.A_WINS
    match.refresh_from_db()
    assert match.result == MatchResult.A_WINS
    stale = _api(running["head_judge"]).post(
        f"/api/matches/{match.pk}/result/",
        {"result": "b", "games_b": 1, "reason": "x", "version": body["current"]["version"] - 1},
        format="json",
    )
    assert stale.status_code == 409
    deliberate = _api(running["head_judge"]).post(
        f"/api/matches/{match.pk}/result/",
        {"result": "b", "games_b": 1, "reason": "I saw B win", "version": body["current"]["version"]},
        format="json",
    )
    assert deliberate.status_code == 200 and deliberate.json()["result"] == MatchResult.B_WINS


def test_the_web_correction_page_refuses_a_stale_version(running, client):
    match = running["match"]
    client.force_login(running["scorekeeper"])
    page = client.get(f"/events/{running['event'].slug}/staff/correct/?round=1&table={match.table_number}")
    assert f'name="version" value="{match.version}"'.encode() in page.content
    services.enter_result(match, actor=running["organizer"], result=MatchResult.A_WINS, games_a=1)
    response = client.post(
        f"/events/{running['event'].slug}/staff/correct/",
        {
            "round": 1,
            "table": match.table_number,
            "match": match.pk,
            "version": match.version,
            "result": "b",
            "games_a": 0,
            "games_b": 1,
            "games_drawn": 0,
            "reason": "typo",
            "confirm": "on",
        },
    )
    assert response.status_code == 409
    match.refresh_from_db()
    assert match.result == MatchResult.A_WINS


def test_reports_confirmations_and_disputes_record_each_claim(running):
    match = running["match"]
    a, b = match.player_a.player.user, match.player_b.player.user
    services.report_result(match, actor=a, result=MatchResult.A_WINS, games_a=1)
    services.report_result(match, actor=a, result=MatchResult.B_WINS, games_b=1)
    services.report_result(match, actor=b, result=MatchResult.A_WINS, games_a=1)
    trail = [e for e in reversed(list(audit_trail_for(match))) if e.action.startswith("match.")]
    assert [e.action for e in trail] == ["match.report", "match.report", "match.dispute"]
    first, second, dispute = trail
    assert first.after["claim"]["result"] == MatchResult.A_WINS and first.before["claim"] is None
    assert second.before["claim"]["result"] == MatchResult.A_WINS
    assert second.after["claim"]["result"] == MatchResult.B_WINS
    assert second.after["claim"]["player_id"] == match.player_a.player.player_id
    assert dispute.after["claim"]["registration"] == match.player_b_id
    assert dispute.after["opponent_claim"]["result"] == MatchResult.B_WINS


def test_a_confirmation_records_what_the_confirming_player_claimed(running):
    match = running["match"]
    a, b = match.player_a.player.user, match.player_b.player.user
    services.report_result(match, actor=a, result=MatchResult.A_WINS, games_a=1)
    services.confirm_result(match, actor=b)
    confirm = next(e for e in audit_trail_for(match) if e.action == "match.confirm")
    assert confirm.actor == b
    assert confirm.after["claim"]["registration"] == match.player_b_id
    assert confirm.after["claim"]["result"] == MatchResult.A_WINS
    assert confirm.after["opponent_claim"]["registration"] == match.player_a_id
