"""The anonymous spectators' microcache (tournament.live.public_microcache, issue 20): one build
per interval for everyone who is not logged in, a fresh answer for everyone who is."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token

from tournament import selectors, services
from tournament.enums import MatchResult


@pytest.fixture
def microcache(settings):
    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 60  # long enough that it cannot expire mid-test
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def live_round(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    return event, sk, rnd


def _enter_first(rnd, sk):
    match = selectors.outstanding_matches(rnd)[0]
    services.enter_result(match, actor=sk, result=MatchResult.A_WINS, games_a=1, games_b=0)
    return match


def test_anonymous_event_page_is_answered_from_the_kept_copy(
    microcache, live_round, django_assert_num_queries
):
    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    first = Client().get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = Client().get(url)
    assert again.status_code == 200
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]


def test_anonymous_spectator_sees_a_change_once_the_copy_expires(microcache, live_round):
    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    before = Client().get(url)
    _enter_first(rnd, sk)
    assert Client().get(url).content == before.content  # at most one interval late
    cache.clear()  # the interval is over
    after = Client().get(url)
    assert after.content != before.content
    assert after["ETag"] != before["ETag"]


def test_logged_in_player_always_gets_a_fresh_page(microcache, live_round):
    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    player = selectors.outstanding_matches(rnd)[0].player_a.player.user
    client = Client()
    client.force_login(player)
    before = client.get(url)
    Client().get(url)  # an anonymous copy is kept
    _enter_first(rnd, sk)
    after = client.get(url)
    assert after.content != before.content


def test_kept_copy_answers_304_to_a_poller_that_has_it(microcache, live_round):
    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    etag = Client().get(url)["ETag"]
    response = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


def test_standings_api_with_a_token_is_never_served_from_the_anonymous_copy(microcache, live_round):
    event, sk, rnd = live_round
    url = f"/api/events/{event.slug}/standings/"
    anonymous = Client().get(url, HTTP_ACCEPT="application/json")
    assert anonymous.status_code == 200
    staff_token = Token.objects.create(user=sk)
    staff = Client().get(url, HTTP_ACCEPT="application/json", HTTP_AUTHORIZATION=f"Token {staff_token.key}")
    assert staff.status_code == 200
    # staff see player IDs, the public does not: the staff answer was built for the staff
    assert staff.json()[0].get("player_id")
    assert not anonymous.json()[0].get("player_id")


def test_accept_header_keeps_json_and_browsable_answers_apart(microcache, live_round):
    event, sk, rnd = live_round
    url = f"/api/events/{event.slug}/standings/"
    as_json = Client().get(url, HTTP_ACCEPT="application/json")
    as_page = Client().get(url, HTTP_ACCEPT="text/html")
    assert as_json["Content-Type"].startswith("application/json")
    assert as_page["Content-Type"].startswith("text/html")
    again = Client().get(url, HTTP_ACCEPT="application/json")
    assert again["Content-Type"].startswith("application/json")
    assert again.content == as_json.content


def test_microcache_off_builds_every_answer(settings, live_round):
    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 0
    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    before = Client().get(url)
    _enter_first(rnd, sk)
    assert Client().get(url).content != before.content


def _stale(settings, url):
    """Keep copies for 10 ms, then wait until the one for ``url`` is past its interval."""
    import time

    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 0.01
    first = Client().get(url)
    time.sleep(0.05)
    return first


def test_stale_copy_is_served_while_another_request_builds_the_next(
    microcache, settings, live_round, django_assert_num_queries
):
    from django.test import RequestFactory

    from tournament import live

    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    before = _stale(settings, url)
    _enter_first(rnd, sk)
    key = live.microcache_key(RequestFactory().get(url))
    assert cache.add(f"{key}:building", 1, 10)  # another worker is building the next copy
    with django_assert_num_queries(0):
        meanwhile = Client().get(url)
    assert meanwhile.content == before.content
    cache.delete(f"{key}:building")  # it gave up: the next spectator builds


def test_stale_copy_is_rebuilt_by_the_first_request_past_the_interval(microcache, settings, live_round):
    event, sk, rnd = live_round
    url = f"/events/{event.slug}/"
    before = _stale(settings, url)
    _enter_first(rnd, sk)
    after = Client().get(url)
    assert after.content != before.content
    assert after["ETag"] != before["ETag"]
