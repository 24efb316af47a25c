"""The real Web Push protocol end to end: a player subscribes through the site, the services
change the event, the Celery task sends through pywebpush, and a push service on the loopback
receives the encrypted message, which the test decrypts with the subscription's private key the
way the browser would (RFC 8291), and whose VAPID signature it checks (RFC 8292)."""

from __future__ import annotations

import base64
import json

import pytest
from django.db import transaction
from py_vapid import Vapid02

from notifications import keys
from notifications.models import Subscription
from tests.factories.tournament import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.notifications.conftest import BrowserKeys
from tournament import services
from tournament.enums import EventStatus, MatchResult, RoundStatus, StaffRole


def _claims(authorization: str) -> dict:
    token = authorization.split("t=", 1)[1].split(",", 1)[0]
    middle = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(middle + "=" * (-len(middle) % 4)))


@pytest.fixture
def table(db):
    event = EventFactory(status=EventStatus.RUNNING, name="Friday Armory")
    organizer = UserFactory(username="organizer")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    ana = RegistrationFactory(
        event=event, player=PlayerProfileFactory(display_name="Ana", player_id="GEM111")
    )
    bo = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bo", player_id="GEM222"))
    rnd = RoundFactory(event=event, number=3, status=RoundStatus.PAIRED)
    match = MatchFactory(round=rnd, table_number=12, player_a=ana, player_b=bo)
    return event, organizer, ana, bo, rnd, match


def _subscribe(client, event, registration, push_service, name: str) -> BrowserKeys:
    browser = BrowserKeys.new()
    client.force_login(registration.player.user)
    answer = client.post(
        f"/push/{event.slug}/subscribe/",
        data=json.dumps(
            {"subscription": browser.subscription(f"{push_service.url}/{name}"), "audience": "player"}
        ),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    return browser


def test_pairings_time_called_and_a_result_to_confirm_reach_the_phones_encrypted(
    client, table, push_service, vapid_key, django_capture_on_commit_callbacks
):
    event, organizer, ana, bo, rnd, match = table
    ana_phone = _subscribe(client, event, ana, push_service, "ana")
    bo_phone = _subscribe(client, event, bo, push_service, "bo")

    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(rnd, actor=organizer)
    [to_ana] = push_service.for_path("/ana")
    [to_bo] = push_service.for_path("/bo")
    assert ana_phone.decrypt(to_ana) == {
        "title": "Round 3: table 12",
        "body": "You play Bo at table 12.",
        "url": f"/events/{event.slug}/me/",
        "tag": f"round-{rnd.pk}",
    }
    assert bo_phone.decrypt(to_bo)["body"] == "You play Ana at table 12."
    # The VAPID signature: made with the server's key, for the push service's origin.
    authorization = to_ana.headers["authorization"]
    assert Vapid02.verify(authorization)
    assert f"k={keys.public_key()}" in authorization
    assert _claims(authorization)["aud"] == push_service.url
    assert int(to_ana.headers["ttl"]) > 0

    with django_capture_on_commit_callbacks(execute=True):
        services.start_clock(rnd, actor=organizer)
        services.call_time(rnd, actor=organizer)
    [_, time_for_ana] = push_service.for_path("/ana")
    assert ana_phone.decrypt(time_for_ana)["title"] == "Round 3: time is called"

    with django_capture_on_commit_callbacks(execute=True):
        services.report_result(match, actor=ana.player.user, result=MatchResult.A_WINS, games_a=1)
    # Bo is asked to confirm; Ana, who reported, hears nothing more.
    assert len(push_service.for_path("/ana")) == 2
    confirm = bo_phone.decrypt(push_service.for_path("/bo")[-1])
    assert confirm["title"] == "Round 3, table 12"
    assert "confirm" in confirm["body"]
    assert confirm["url"] == f"/events/{event.slug}/me/"


def test_a_rolled_back_publish_sends_nothing(
    client, table, push_service, vapid_key, django_capture_on_commit_callbacks
):
    event, organizer, ana, bo, rnd, match = table
    _subscribe(client, event, ana, push_service, "ana")
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            services.publish_round(rnd, actor=organizer)
            raise RuntimeError("the request failed after publishing")
    assert push_service.received == []


def test_a_subscription_the_push_service_reports_gone_is_removed(
    client, table, push_service, vapid_key, django_capture_on_commit_callbacks
):
    event, organizer, ana, bo, rnd, match = table
    _subscribe(client, event, ana, push_service, "gone/ana")
    _subscribe(client, event, bo, push_service, "bo")
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(rnd, actor=organizer)
    assert len(push_service.received) == 2
    assert list(Subscription.objects.values_list("registration_id", flat=True)) == [bo.pk]


def test_without_a_key_nothing_is_sent_and_the_page_offers_no_notifications(
    client, table, push_service, settings
):
    event, organizer, ana, bo, rnd, match = table
    settings.PUSH_VAPID_PRIVATE_KEY = ""
    settings.PUSH_VAPID_KEY_FILE = "/nonexistent/vapid.pem"
    keys._vapid.cache_clear()
    client.force_login(ana.player.user)
    page = client.get(f"/events/{event.slug}/me/").content.decode()
    assert 'data-key=""' in page
