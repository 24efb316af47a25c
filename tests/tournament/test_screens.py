"""Wall screens (issue 30): pairings by name or table range and standings for a TV, public (no
player IDs), without scrolling, turning pages by themselves, reloading for the next round."""

from __future__ import annotations

import os
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.conftest import login_in_browser
from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament import services
from tournament.enums import FormatCode, MatchResult, RoundStatus, StaffRole
from tournament.models import Match, PlayerProfile, Registration

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")


def _event(n: int, **fields):
    event = EventFactory(status="registration", swiss_rounds=5, top_cut=0, **fields)
    sk = UserFactory(username=f"sk-{event.pk}")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    profiles = PlayerProfile.objects.bulk_create(
        [
            PlayerProfile(player_id=f"SCR{event.pk}-{i:04d}", display_name=f"Player {i:03d} Longname")
            for i in range(n)
        ]
    )
    Registration.objects.bulk_create(
        [Registration(event=event, player=p, status="checked_in") for p in profiles]
    )
    return event, sk


def _finish_round(rnd):
    Match.objects.filter(round=rnd, player_b__isnull=False).update(result=MatchResult.A_WINS, games_a=1)
    rnd.status = RoundStatus.COMPLETE
    rnd.save(update_fields=["status"])


@pytest.mark.django_db
def test_screens_show_the_round_by_name_table_range_and_standings(client):
    event, sk = _event(20)
    page = client.get(f"/events/{event.slug}/screen/").content.decode()
    assert "Pairings appear here when the round is published" in page
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    page = client.get(f"/events/{event.slug}/screen/").content.decode()
    assert page.count("data-row") == 20 and "Player 000 Longname" in page
    assert "SCR" not in page  # a public screen never shows player IDs
    by_table = client.get(f"/events/{event.slug}/screen/?order=table&from=3&to=5").content.decode()
    assert by_table.count("data-row") == 3 and "tables 3–5" in by_table
    assert "Standings appear" in client.get(f"/events/{event.slug}/screen/standings/").content.decode()
    _finish_round(rnd)
    standings = client.get(f"/events/{event.slug}/screen/standings/").content.decode()
    assert standings.count("data-row") == 20
    assert standings.count("1-0-0") == 10 and standings.count("0-1-0") == 10  # records after round 1


@pytest.mark.django_db
def test_the_screens_page_is_for_officials_with_links_and_qr_codes(client):
    event, sk = _event(130)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    client.force_login(UserFactory())
    assert client.get(f"/events/{event.slug}/staff/screens/").status_code in (403, 404)
    client.force_login(sk)
    page = client.get(f"/events/{event.slug}/staff/screens/").content.decode()
    assert page.count("data-screen-link") == 3 + 2  # name, table, standings; tables 1-60, 61-65
    assert "Tables 61–65" in page and "data:image/svg" in page


@pytest.mark.django_db
def test_a_pod_event_screen_shows_pods_by_table(client):
    event, sk = _event(8, format=FormatCode.UPF)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    page = client.get(f"/events/{event.slug}/screen/").content.decode()
    assert page.count("data-row") == 2 and "Pairings by table" in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_300_player_round_fits_the_wall_and_follows_the_next_round(live_server, chromium_browser):
    event, sk = _event(300)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    context = chromium_browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/screen/?seconds=120")
    page.wait_for_selector("[data-row]")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    pages = page.evaluate("window.arbiterScreen.pages()")
    assert pages >= 2
    seen: set[str] = set()
    for n in range(pages):
        page.evaluate(f"window.arbiterScreen.show({n})")
        page.wait_for_timeout(700)  # the page turn's transition
        shown = page.evaluate(
            """() => {
              const vw = window.innerWidth, vh = window.innerHeight;
              const rows = [...document.querySelectorAll('[data-row]')].map(r => [r, r.getBoundingClientRect()]);
              const on = rows.filter(([r, b]) => b.left >= -1 && b.right <= vw + 1 && b.width > 0);
              const clipped = rows.filter(([r, b]) => b.right > 0 && b.left < vw && (b.left < -1 || b.right > vw + 1 || b.bottom > vh + 1));
              let overlaps = 0;
              for (let i = 0; i < on.length; i++) for (let j = i + 1; j < on.length; j++) {
                const a = on[i][1], b = on[j][1];
                if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
              }
              return {names: on.map(([r]) => r.querySelector('.who').textContent.trim()), clipped: clipped.length, overlaps};
            }"""
        )
        assert shown["overlaps"] == 0 and shown["clipped"] == 0, (n, shown["overlaps"], shown["clipped"])
        seen.update(shown["names"])
        if SHOTS and n == 0:
            page.screenshot(path=os.path.join(SHOTS, "screen-1920.png"))
    assert len(seen) == 300, f"names never shown: {300 - len(seen)}"

    standings = context.new_page()
    standings.goto(f"{live_server.url}/events/{event.slug}/screen/standings/")
    assert "Standings appear" in standings.inner_text("body")
    _finish_round(rnd)
    # The standings screen's clock sees the round complete and reloads the screen.
    standings.wait_for_selector("[data-row]", timeout=15_000)
    assert "1-0-0" in standings.inner_text("body")
    second = services.pair_next_round(event, actor=sk)
    services.publish_round(second, actor=sk)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and "Round 2" not in page.inner_text(".screen-head"):
        page.wait_for_timeout(500)
    assert "Round 2" in page.inner_text(".screen-head")
    # The screen reloads itself with round 2's pairings (not only the clock's round name); the
    # reload may come while we look, so a look that meets it is retried.
    navigation = ""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and navigation != "reload":
        page.wait_for_timeout(500)
        try:
            navigation = page.evaluate("performance.getEntriesByType('navigation')[0].type")
        except PlaywrightError:
            navigation = ""
    assert navigation == "reload"
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_screens_page_at_phone_width(live_server, phone_page):
    event, sk = _event(12)
    sk.set_password("pw-" + sk.username)
    sk.save()
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    login_in_browser(phone_page, live_server, sk.username, "pw-" + sk.username)
    phone_page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    phone_page.click("nav >> text=Wall screens")
    phone_page.wait_for_selector("[data-screen-link]")
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.django_db
def test_screens_and_the_clock_answer_304_until_what_they_show_changes(client, settings):
    """Issue 30: 50 wall screens polling every few seconds must cost almost nothing: each poll
    carries the ETag and gets a 304 (a few small queries) until the pairings, standings or the
    clock's stored state change."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, sk = _event(12)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    urls = [
        f"/events/{event.slug}/screen/",
        f"/events/{event.slug}/screen/?order=table&from=1&to=3",
        f"/events/{event.slug}/screen/standings/",
        f"/events/{event.slug}/clock.json",
    ]
    tags = {}
    for url in urls:
        first = client.get(url)
        assert first.status_code == 200 and first["ETag"], url
        tags[url] = first["ETag"]
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url, HTTP_IF_NONE_MATCH=tags[url])
        assert again.status_code == 304, url
        assert len(queries) <= 6, (url, [q["sql"] for q in queries])
    assert len(set(tags.values())) == len(urls)  # each screen has its own version

    def changed() -> set[str]:
        out = set()
        for url in urls:
            answer = client.get(url, HTTP_IF_NONE_MATCH=tags[url])
            if answer.status_code == 200:
                out.add(url)
                tags[url] = answer["ETag"]
            else:
                assert answer.status_code == 304
        return out

    services.start_clock(rnd, actor=sk)
    assert changed() == {urls[3]} | {urls[0], urls[1], urls[2]}  # the round is now in progress
    assert changed() == set()
    match = next(m for m in Match.objects.filter(round=rnd, player_b__isnull=False))
    services.enter_result(match, actor=sk, result=MatchResult.A_WINS, games_a=1)
    assert changed() == set()  # a result shows on no screen until the round's standings
    _finish_round(rnd)
    assert urls[2] in changed()  # the standings screen now has rows
    second = services.pair_next_round(event, actor=sk)
    services.publish_round(second, actor=sk)
    assert changed() == set(urls)


@pytest.mark.django_db
def test_anonymous_screens_are_answered_from_the_shared_microcache(client, settings):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 30
    event, sk = _event(8)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    url = f"/events/{event.slug}/screen/?order=table"
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        assert client.get(url).status_code == 200
    assert len(queries) == 0


@pytest.mark.django_db
def test_known_versions_answer_anonymous_pollers_before_the_view_runs(client, settings):
    """core.middleware.KnownVersions: while the shared cache keeps the version a screen, the
    clock or an overlay last answered an anonymous poller, a conditional GET naming it is a 304
    with no query at all; other versions, logged-in visitors and stale keys go to the view."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 30
    event, sk = _event(8)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    url = f"/events/{event.slug}/clock.json"
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}")  # gzip weakens ETags on the way out
    assert answer.status_code == 304 and answer["ETag"] == etag and len(queries) == 0
    assert client.get(url, HTTP_IF_NONE_MATCH='"another"').status_code == 200  # an old copy
    services.start_clock(rnd, actor=sk)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304  # kept: at most the TTL late
    cache.clear()
    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200 and fresh.json()["state"] == "running"

    # Logged in, the view always runs (its answer may depend on who asks).
    client.force_login(sk)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=fresh["ETag"]).status_code == 304
    assert len(queries) > 0


@pytest.mark.django_db
def test_the_api_clock_answers_304_until_its_stored_state_changes(client, settings):
    """Issue 37: the API's round clock (polled by apps and the reporting storm's spectators) has
    the same version as clock.json: a conditional GET naming it is a 304, from the shared cache
    with no query for an anonymous poller, and a new answer once the clock is started or paused."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 30
    event, sk = _event(8)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    url = f"/api/events/{event.slug}/rounds/{rnd.number}/clock/"
    first = client.get(url)
    assert first.status_code == 200 and first.json()["state"] == "not_started" and first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and len(queries) == 0

    client.force_login(sk)  # logged in, the view runs and still answers 304 for the same clock
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    services.start_clock(rnd, actor=sk)
    running = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert running.status_code == 200 and running.json()["state"] == "running"
    assert running["ETag"] != first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=running["ETag"]).status_code == 304
    services.pause_clock(rnd, actor=sk, reason="judge call")
    paused = client.get(url, HTTP_IF_NONE_MATCH=running["ETag"])
    assert paused.status_code == 200 and paused.json()["state"] == "paused"
