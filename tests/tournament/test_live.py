"""Live event data under polling: idempotent reports, conditional GET (304), invalidation of
exactly the rows a result changes, and phone-sized pages of the long lists."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.models import AuditEntry
from tests.tournament.test_pages import build_running_event, client_for, table_rows
from tournament import services
from tournament.enums import MatchResult, ReportStatus
from tournament.models import Match, MatchReport

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def api_for(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def _audits(match, action):
    return AuditEntry.objects.filter(object_id=str(match.pk), action=action).count()


# --------------------------------------------------------------------------- idempotent reports


def test_reporting_the_same_claim_twice_is_one_report_one_version_bump_one_audit_entry():
    event, regs, r1, r2 = build_running_event(4)
    match = Match.objects.get(round=r2, table_number=1)
    a = api_for(match.player_a.player.user)
    body = {"result": "a", "games_a": 1, "version": match.version}
    first = a.post(f"/api/matches/{match.pk}/report/", body, format="json")
    again = a.post(f"/api/matches/{match.pk}/report/", body, format="json")  # same version: a double tap
    assert first.status_code == 200 and again.status_code == 200, again.content
    assert again.json()["version"] == first.json()["version"] == match.version + 1
    match.refresh_from_db()
    assert match.version == first.json()["version"] and match.report_status == ReportStatus.REPORTED
    assert MatchReport.objects.filter(match=match).count() == 1
    assert _audits(match, "match.report") == 1


def test_a_different_claim_by_the_same_player_still_replaces_the_report():
    event, regs, r1, r2 = build_running_event(4)
    match = Match.objects.get(round=r2, table_number=1)
    user = match.player_a.player.user
    services.report_result(match, actor=user, result=MatchResult.A_WINS, games_a=1)
    services.report_result(match, actor=user, result=MatchResult.B_WINS, games_b=1)
    report = MatchReport.objects.get(match=match)
    assert (report.result, report.games_b) == (MatchResult.B_WINS, 1)
    assert _audits(match, "match.report") == 2


def test_a_double_tapped_confirmation_answers_200_and_changes_nothing():
    event, regs, r1, r2 = build_running_event(4)
    match = Match.objects.get(round=r2, table_number=1)
    services.report_result(match, actor=match.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    match.refresh_from_db()
    b = api_for(match.player_b.player.user)
    body = {"version": match.version}
    first = b.post(f"/api/matches/{match.pk}/confirm/", body, format="json")
    again = b.post(f"/api/matches/{match.pk}/confirm/", body, format="json")
    assert first.status_code == 200 and again.status_code == 200, again.content
    match.refresh_from_db()
    assert match.result == MatchResult.A_WINS and match.version == first.json()["version"]
    assert _audits(match, "match.confirm") == 1
    # The reporter repeating their claim after the confirmation changes nothing either.
    a = api_for(match.player_a.player.user)
    late = a.post(f"/api/matches/{match.pk}/report/", {"result": "a", "games_a": 1}, format="json")
    assert late.status_code == 200 and late.json()["version"] == match.version
    assert _audits(match, "match.report") == 1
    # A different claim after the result is in is still refused.
    other = a.post(f"/api/matches/{match.pk}/report/", {"result": "b", "games_b": 1}, format="json")
    assert other.status_code == 409


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_arriving_at_the_same_moment_is_still_one_report():
    from tests.tournament.test_concurrency import _race

    event, regs, r1, r2 = build_running_event(4)
    match = Match.objects.get(round=r2, table_number=1)
    user = match.player_a.player.user
    out = _race(
        lambda: services.report_result(match, actor=user, result=MatchResult.A_WINS, games_a=1),
        lambda: services.report_result(match, actor=user, result=MatchResult.A_WINS, games_a=1),
    )
    assert all(isinstance(o, Match) for o in out), out
    match.refresh_from_db()
    assert match.version == 1 and match.report_status == ReportStatus.REPORTED
    assert MatchReport.objects.filter(match=match).count() == 1
    assert _audits(match, "match.report") == 1


# --------------------------------------------------------------------------- conditional GET


def test_event_page_answers_304_until_a_report_changes_the_shown_row():
    event, regs, r1, r2 = build_running_event(8)
    url = f"/events/{event.slug}/"
    c = client_for()
    first = c.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    assert table_rows(first.content.decode(), "pairings-by-table")[0][3] == "playing"
    assert c.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    match = Match.objects.get(round=r2, table_number=1)
    services.report_result(match, actor=match.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    services.confirm_result(match, actor=match.player_b.player.user)
    changed = c.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    rows = table_rows(changed.content.decode(), "pairings-by-table")
    assert rows[0][3] == f"{match.player_a.player.display_name} won 1-0", rows[0]
    assert [r[3] for r in rows[1:]] == ["playing"] * 3
    assert c.get(url, HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_standings_api_answers_304_until_the_standings_change():
    event, regs, r1, r2 = build_running_event(4)
    url = f"/api/events/{event.slug}/standings/"
    c = APIClient()
    first = c.get(url)
    assert first.status_code == 200 and len(first.json()) == 4
    etag = first["ETag"]
    # A report in the running round does not change the standings after round 1.
    match = Match.objects.get(round=r2, table_number=1)
    services.report_result(match, actor=match.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    assert c.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # Finishing round 2 does.
    services.confirm_result(match, actor=match.player_b.player.user)
    other = Match.objects.get(round=r2, table_number=2)
    services.report_result(other, actor=other.player_b.player.user, result=MatchResult.B_WINS, games_b=1)
    services.confirm_result(other, actor=other.player_a.player.user)
    after = c.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag
    assert after.json() != first.json()


# --------------------------------------------------------------------------- proportional work


def test_a_report_re_renders_only_its_own_match(monkeypatch):
    from tournament.views import _fragments

    event, regs, r1, r2 = build_running_event(12)
    url = f"/events/{event.slug}/"
    assert client_for().get(url).status_code == 200  # all six tables rendered once
    calls = []
    real = _fragments.by_table_row
    monkeypatch.setattr(_fragments, "by_table_row", lambda r: calls.append(r["table"]) or real(r))
    match = Match.objects.get(round=r2, table_number=4)
    services.report_result(match, actor=match.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    page = client_for().get(url).content.decode()
    assert calls == [4]
    rows = table_rows(page, "pairings-by-table")
    assert [r[0] for r in rows] == [str(n) for n in range(1, 7)]  # still in table order
    assert len(table_rows(page, "pairings-by-name")) == 12


# --------------------------------------------------------------------------- phone-sized pages


def test_long_lists_come_a_page_at_a_time_with_the_players_own_pairing_first(monkeypatch):
    from tournament.views import events

    monkeypatch.setattr(events, "PAGE_ROWS", 4)
    event, regs, r1, r2 = build_running_event(10)
    me = regs[9]
    c = client_for(me.player.user)
    page1 = c.get(f"/events/{event.slug}/").content.decode()
    assert len(table_rows(page1, "pairings-by-name")) == 4
    assert len(table_rows(page1, "pairings-by-table")) == 2
    assert len(table_rows(page1, "standings")) == 4
    mine = table_rows(page1, "pairings-mine")
    assert mine[0][0] == "Player 0009"
    assert "page 1 of 3" in page1
    page3 = c.get(f"/events/{event.slug}/?page=3").content.decode()
    assert len(table_rows(page3, "pairings-by-name")) == 2
    everything = c.get(f"/events/{event.slug}/?all=1").content.decode()
    assert len(table_rows(everything, "pairings-by-name")) == 10
    assert len(table_rows(everything, "standings")) == 10
