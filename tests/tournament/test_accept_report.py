"""Players registered by staff are not second-class (issue 36, item 5): a reporter whose
opponent has no account is told the scorekeeper confirms it, and the scorekeeper accepts a lone
report from the outstanding list in one tap (audited)."""

from __future__ import annotations

import pytest

from core.models import AuditEntry
from tests.factories import StaffAssignmentFactory, UserFactory
from tournament import services
from tournament.enums import MatchResult, ReportStatus, StaffRole


def _round_with_one_account(*, with_account_b: bool):
    from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory

    event = EventFactory(status="registration")
    sk = UserFactory(username="sk")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    ana = UserFactory(username="ana")
    a = RegistrationFactory(event=event, player=PlayerProfileFactory(user=ana, display_name="Ana"))
    b_user = UserFactory(username="ben") if with_account_b else None
    b = RegistrationFactory(event=event, player=PlayerProfileFactory(user=b_user, display_name="Ben"))
    round_ = services.pair_next_round(event, actor=sk)
    services.publish_round(round_, actor=sk)
    match = round_.matches.get()
    return event, sk, ana, a, b, match


@pytest.mark.django_db
@pytest.mark.parametrize("with_account", [False, True])
def test_reporter_is_told_who_confirms(client, with_account):
    event, _sk, ana, a, _b, match = _round_with_one_account(with_account_b=with_account)
    client.force_login(ana)
    page = client.post(
        f"/events/{event.slug}/me/report/",
        {"match": match.pk, "outcome": "win", "my_games": 1, "their_games": 0},
        follow=True,
    ).content.decode()
    if with_account:
        assert "Your opponent confirms it on their phone." in page
    else:
        assert "Your opponent has no account here, so the scorekeeper confirms it." in page


@pytest.mark.django_db
def test_scorekeeper_accepts_a_lone_report(client):
    event, sk, ana, a, _b, match = _round_with_one_account(with_account_b=False)
    result = MatchResult.A_WINS if match.player_a_id == a.pk else MatchResult.B_WINS
    games = {"games_a": 1, "games_b": 0} if result == MatchResult.A_WINS else {"games_a": 0, "games_b": 1}
    services.report_result(match, actor=ana, result=result, **games)
    client.force_login(sk)
    staff = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert f'data-accept-report="{match.pk}"' in staff and "data-accept-url=" in staff
    answer = client.post(
        f"/events/{event.slug}/staff/accept-report/", {"match": match.pk}, HTTP_X_REQUESTED_WITH="fetch"
    ).json()
    assert answer["ok"] is True
    match.refresh_from_db()
    assert (match.result, match.report_status) == (result, ReportStatus.STAFF)
    entry = AuditEntry.objects.get(event_id=event.pk, action="match.accept_report")
    assert entry.actor_id == sk.pk and "Ana" in entry.reason
    again = client.post(
        f"/events/{event.slug}/staff/accept-report/", {"match": match.pk}, HTTP_X_REQUESTED_WITH="fetch"
    )
    assert again.status_code == 409


@pytest.mark.django_db
def test_nothing_to_accept_without_a_single_report(client):
    event, sk, _ana, _a, _b, match = _round_with_one_account(with_account_b=False)
    client.force_login(sk)
    response = client.post(
        f"/events/{event.slug}/staff/accept-report/", {"match": match.pk}, HTTP_X_REQUESTED_WITH="fetch"
    )
    assert response.status_code == 409 and "enter the result instead" in response.json()["message"]
    match.refresh_from_db()
    assert match.result == MatchResult.PENDING


@pytest.mark.django_db
def test_a_player_cannot_accept_reports(client):
    event, _sk, ana, a, _b, match = _round_with_one_account(with_account_b=False)
    client.force_login(ana)
    response = client.post(f"/events/{event.slug}/staff/accept-report/", {"match": match.pk})
    assert response.status_code in (403, 404)
    match.refresh_from_db()
    assert match.result == MatchResult.PENDING


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_accept_the_report_from_the_dashboard_at_phone_width(live_server, phone_page):
    from tests.conftest import login_in_browser

    event, _sk, ana, a, _b, match = _round_with_one_account(with_account_b=False)
    result = MatchResult.A_WINS if match.player_a_id == a.pk else MatchResult.B_WINS
    games = {"games_a": 1, "games_b": 0} if result == MatchResult.A_WINS else {"games_a": 0, "games_b": 1}
    services.report_result(match, actor=ana, result=result, **games)
    page = phone_page
    login_in_browser(page, live_server, "sk", "pw-sk")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    page.click(f"[data-accept-report='{match.pk}']")
    page.wait_for_selector(f"[data-accept-report='{match.pk}']", state="detached")
    assert "the player's report, accepted" in page.inner_text("#quick-entry-log")
    match.refresh_from_db()
    assert match.result == result and match.report_status == ReportStatus.STAFF
