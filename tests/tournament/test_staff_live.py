"""The live part of the staff dashboard: polled through htmx, answered 304 while nothing changed,
names (never internal ids) in the reconciliation queue, and updated in a real browser without a
reload when a player reports through the API or another staff member enters a result."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.conftest import login_in_browser
from tests.factories import StaffAssignmentFactory, UserFactory
from tests.tournament.test_pages import build_running_event
from tournament import services
from tournament.enums import MatchResult, StaffRole
from tournament.models import Match


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


def _staff_client(event, role=StaffRole.SCOREKEEPER, username="sk"):
    user = UserFactory(username=username)
    StaffAssignmentFactory(event=event, user=user, role=role)
    client = Client()
    client.force_login(user)
    return user, client


def _with_users(regs):
    for reg in regs:
        profile = reg.player
        profile.user = UserFactory(username=f"p{reg.pk}")
        profile.save()
    return regs


@pytest.mark.django_db
def test_live_fragment_answers_304_until_a_player_reports():
    event, regs, r1, r2 = build_running_event(4)
    _with_users(regs)
    _, client = _staff_client(event)
    url = f"/events/{event.slug}/staff/live/"
    first = client.get(url)
    assert first.status_code == 200
    assert 'id="staff-live"' in first.content.decode()
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    match = Match.objects.filter(round=r2).order_by("table_number").first()
    services.report_result(
        match, actor=match.player_a.player.user, result=MatchResult.A_WINS, games_a=1, games_b=0
    )
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


@pytest.mark.django_db
def test_live_fragment_counts_follow_another_staff_members_entry():
    event, regs, r1, r2 = build_running_event(4)
    sk, client = _staff_client(event)
    url = f"/events/{event.slug}/staff/live/"
    html = client.get(url).content.decode()
    assert 'id="round-outstanding" data-outstanding-count hx-swap-oob="true">2<' in html
    other = UserFactory(username="hj")
    StaffAssignmentFactory(event=event, user=other, role=StaffRole.HEAD_JUDGE)
    services.enter_result_by_table(r2, table_number=1, actor=other, result=MatchResult.B_WINS, games_b=1)
    html = client.get(url).content.decode()
    assert 'id="round-outstanding" data-outstanding-count hx-swap-oob="true">1<' in html
    assert 'data-outstanding-table="1"' not in html


@pytest.mark.django_db
def test_reconciliation_queue_names_the_reporters_not_their_ids():
    event, regs, r1, r2 = build_running_event(4)
    _with_users(regs)
    _, client = _staff_client(event)
    match = Match.objects.filter(round=r2).order_by("table_number").first()
    a, b = match.player_a, match.player_b
    services.report_result(match, actor=a.player.user, result=MatchResult.A_WINS, games_a=1)
    services.report_result(match, actor=b.player.user, result=MatchResult.B_WINS, games_b=1)
    html = client.get(f"/events/{event.slug}/staff/live/").content.decode()
    an, bn = a.player.display_name, b.player.display_name
    # Whose report, then the result in names with the winner's games first (issue 36).
    assert f"{an} reported: {an} won 1-0 against {bn}" in html
    assert f"{bn} reported: {bn} won 1-0 against {an}" in html
    assert "won 0-1" not in html
    assert f">{a.pk}:" not in html and f">{b.pk}:" not in html
    dashboard = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert f"{a.player.display_name} reported:" in dashboard


@pytest.mark.django_db
def test_live_fragment_is_for_staff_only():
    event, regs, r1, r2 = build_running_event(4)
    stranger = Client()
    stranger.force_login(UserFactory(username="nobody"))
    assert stranger.get(f"/events/{event.slug}/staff/live/").status_code == 403
    assert Client().get(f"/events/{event.slug}/staff/live/").status_code == 401


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_dashboard_updates_without_reload_after_an_api_report(live_server, browser_page):
    event, regs, r1, r2 = build_running_event(6)
    _with_users(regs)
    for reg in regs:
        reg.player.user.set_password("pw")
        reg.player.user.save()
    sk = UserFactory(username="sk")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    hj = UserFactory(username="hj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    page = browser_page
    login_in_browser(page, live_server, "sk", "pw-sk")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    count = page.locator("#round-outstanding")
    assert count.inner_text() == "3"
    page.evaluate("document.body.setAttribute('data-not-reloaded', 'yes')")

    # A wrong keyboard entry for an outstanding table leaves an error line.
    entry = page.locator("#id_entry")
    table_one, table_two, table_three = Match.objects.filter(round=r2).order_by("table_number")
    entry.fill(f"{table_one.table_number} 5-4")
    entry.press("Enter")
    page.wait_for_selector("#quick-entry-log li.error")

    # A player reports through the API, the opponent confirms through the API.
    api = Client()
    api.force_login(table_one.player_a.player.user)
    answer = api.post(
        f"/api/matches/{table_one.pk}/report/",
        {"outcome": "win", "my_games": 1, "their_games": 0},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    api.force_login(table_one.player_b.player.user)
    assert (
        api.post(f"/api/matches/{table_one.pk}/confirm/", {}, content_type="application/json").status_code
        == 200
    )
    page.wait_for_selector("#round-outstanding:text-is('2')", timeout=10_000)
    # The error line of that table is gone: the table was fixed elsewhere.
    page.wait_for_selector("#quick-entry-log li.error", state="detached", timeout=10_000)

    # A typing slip for the next table, then the right entry: the slip's error line goes.
    entry.fill(f"{table_two.table_number} 7-7")
    entry.press("Enter")
    page.wait_for_selector("#quick-entry-log li.error")
    entry.fill(f"{table_two.table_number} 1-0")
    entry.press("Enter")
    page.wait_for_selector("#quick-entry-log li.error", state="detached")
    page.wait_for_selector("#round-outstanding:text-is('1')", timeout=10_000)

    # Another staff member enters the last result.
    services.enter_result_by_table(
        r2, table_number=table_three.table_number, actor=hj, result=MatchResult.B_WINS, games_b=1
    )
    page.wait_for_selector("[data-round-complete]", timeout=10_000)
    assert count.inner_text() == "0"
    assert page.locator("#round-status").inner_text() == "Complete"
    assert page.evaluate("document.body.getAttribute('data-not-reloaded')") == "yes"


@pytest.mark.django_db
def test_live_fragment_follows_judge_calls():
    from judging.services import calls as call_services

    event, regs, r1, r2 = build_running_event(4)
    hj, client = _staff_client(event, role=StaffRole.HEAD_JUDGE, username="hj")
    url = f"/events/{event.slug}/staff/live/"
    first = client.get(url)
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    match = Match.objects.filter(round=r2).order_by("table_number").first()
    call_services.open_call(event, actor=hj, match=match, question="Does the arcane barrier apply?")
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    html = changed.content.decode()
    panels = re.findall(
        r'<div id="addon-panel-\d+" hx-swap-oob="true">(.*?)</div>\n?(?=<div id="addon-panel|$)', html, re.S
    )
    assert any("Does the arcane barrier apply?" in p for p in panels), html


@pytest.mark.django_db
def test_reconciliation_api_names_the_claims():
    from rest_framework.test import APIClient

    event, regs, r1, r2 = build_running_event(4)
    _with_users(regs)
    sk, _ = _staff_client(event)
    match = Match.objects.filter(round=r2).order_by("table_number").first()
    a, b = match.player_a, match.player_b
    services.report_result(match, actor=a.player.user, result=MatchResult.A_WINS, games_a=1)
    services.report_result(match, actor=b.player.user, result=MatchResult.B_WINS, games_b=1)
    api = APIClient()
    api.force_authenticate(sk)
    body = api.get(f"/api/events/{event.slug}/reconciliation/").json()
    claims = {(c["name"], c["result"]) for c in body[0]["claims"]}
    assert claims == {(a.player.display_name, "a"), (b.player.display_name, "b")}


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 40])
def test_idle_poll_is_a_few_queries_whatever_the_size(players, django_assert_max_num_queries):
    event, regs, r1, r2 = build_running_event(players)
    _, client = _staff_client(event)
    url = f"/events/{event.slug}/staff/live/"
    etag = client.get(url)["ETag"]
    with django_assert_max_num_queries(9):  # session, user, event, roles, round, 4 tokens
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
