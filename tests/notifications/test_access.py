"""Who may turn notifications on for what, and what a message may say (issue 29: privacy)."""

from __future__ import annotations

import json

import pytest

from core.pdf import qr_svg_data_uri
from notifications.messages import news_messages
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
from tournament.enums import EventStatus, MatchResult, RegistrationStatus, RoundStatus, StaffRole


@pytest.fixture
def world(db, settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    event = EventFactory(status=EventStatus.RUNNING)
    ana = RegistrationFactory(
        event=event, player=PlayerProfileFactory(display_name="Ana", player_id="GEM111")
    )
    bo = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bo", player_id="GEM222"))
    walk_in = RegistrationFactory(
        event=event, player=PlayerProfileFactory(user=None, display_name="Cy", player_id="T-1")
    )
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.PAIRED)
    match = MatchFactory(round=rnd, table_number=4, player_a=ana, player_b=bo)
    return event, ana, bo, walk_in, rnd, match


def _post(client, event, body) -> tuple[int, dict]:
    answer = client.post(
        f"/push/{event.slug}/subscribe/", data=json.dumps(body), content_type="application/json"
    )
    is_json = answer["Content-Type"].startswith("application/json")
    return answer.status_code, answer.json() if is_json else {}


def _sub(name: str) -> dict:
    return BrowserKeys.new().subscription(f"http://127.0.0.1:9/{name}")


def test_a_player_subscribes_only_their_own_registration(client, world):
    event, ana, bo, walk_in, rnd, match = world
    client.force_login(ana.player.user)
    status, _ = _post(client, event, {"subscription": _sub("a"), "audience": "player", "registration": bo.pk})
    assert status == 200
    assert list(Subscription.objects.values_list("registration_id", flat=True)) == [ana.pk]


def test_someone_not_registered_cannot_subscribe_as_a_player(client, world):
    event, *_ = world
    client.force_login(UserFactory(username="stranger"))
    status, body = _post(client, event, {"subscription": _sub("x"), "audience": "player"})
    assert (status, body["error"]) == (403, "you are not registered in this event")
    assert not Subscription.objects.exists()


def test_anonymous_needs_the_private_page_token(client, world):
    event, ana, bo, walk_in, rnd, match = world
    status, _ = _post(client, event, {"subscription": _sub("x"), "audience": "player"})
    assert status == 403
    status, _ = _post(
        client, event, {"subscription": _sub("x"), "audience": "player", "token": f"{walk_in.pk}-forged"}
    )
    assert status == 404
    token = services.phone_token(walk_in)
    status, _ = _post(client, event, {"subscription": _sub("cy"), "audience": "player", "token": token})
    assert status == 200
    sub = Subscription.objects.get()
    assert (sub.registration_id, sub.page) == (walk_in.pk, f"/events/{event.slug}/phone/{token}/")
    # And off again from the same page: without the token nobody can turn it off.
    off = {"endpoint": sub.endpoint, "audience": "player"}
    answer = client.post(
        f"/push/{event.slug}/unsubscribe/", data=json.dumps(off), content_type="application/json"
    )
    assert answer.status_code == 403 and Subscription.objects.exists()
    answer = client.post(
        f"/push/{event.slug}/unsubscribe/",
        data=json.dumps({**off, "token": token}),
        content_type="application/json",
    )
    assert answer.json() == {"subscribed": False, "removed": 1}
    assert not Subscription.objects.exists()


def test_a_private_token_of_another_event_is_refused(client, world):
    event, ana, bo, walk_in, rnd, match = world
    other = EventFactory(status=EventStatus.RUNNING)
    stranger = RegistrationFactory(event=other, player=PlayerProfileFactory(user=None))
    status, _ = _post(client, event, {"subscription": _sub("x"), "token": services.phone_token(stranger)})
    assert status == 404
    assert client.get(f"/events/{event.slug}/phone/{services.phone_token(stranger)}/").status_code == 404


def test_only_officials_subscribe_for_staff_news(client, world):
    event, ana, *_ = world
    client.force_login(ana.player.user)
    status, _ = _post(client, event, {"subscription": _sub("a"), "audience": "staff"})
    assert status == 403
    judge = UserFactory(username="judge")
    StaffAssignmentFactory(event=event, user=judge, role=StaffRole.FLOOR_JUDGE)
    client.force_login(judge)
    status, _ = _post(client, event, {"subscription": _sub("j"), "audience": "staff"})
    assert status == 200


def test_a_bad_subscription_is_refused_with_what_is_wrong(client, world):
    event, ana, *_ = world
    client.force_login(ana.player.user)
    bad = _sub("a")
    bad["keys"]["auth"] = "short"
    status, body = _post(client, event, {"subscription": bad})
    assert (status, body["field"]) == (400, "auth")


def test_https_only_unless_allowed(client, world, settings):
    event, ana, *_ = world
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = False
    client.force_login(ana.player.user)
    status, body = _post(client, event, {"subscription": _sub("a")})
    assert (status, body["field"]) == (400, "endpoint")


def _subscribe_all(world) -> None:
    event, ana, bo, walk_in, rnd, match = world
    for reg in (ana, bo):
        Subscription.objects.create(
            event=event, audience="player", registration=reg, page="/p/", **_flat(_sub(str(reg.pk)))
        )


def _flat(sub: dict) -> dict:
    return {"endpoint": sub["endpoint"], "p256dh": sub["keys"]["p256dh"], "auth": sub["keys"]["auth"]}


def test_messages_carry_no_player_id(world):
    event, ana, bo, walk_in, rnd, match = world
    _subscribe_all(world)
    services.publish_round(rnd, actor=None)
    messages = news_messages("round.publish", event_id=event.pk, round_id=rnd.pk)
    assert len(messages) == 2
    text = json.dumps([payload for _, payload in messages])
    assert "GEM111" not in text and "GEM222" not in text
    assert "Ana" in text and "Bo" in text


def test_messages_name_the_opponent_as_the_public_sees_them(world):
    """A Casual event that shows short names to the public: the message says "Bo B.", as the
    public pages do, never the opponent's full name (nor ID)."""
    event, ana, bo, walk_in, rnd, match = world
    event.short_public_names = True
    event.save(update_fields=["short_public_names"])
    bo.player.display_name = "Bo Baker"
    bo.player.save(update_fields=["display_name"])
    _subscribe_all(world)
    services.publish_round(rnd, actor=None)
    by_registration = {
        sub.registration_id: payload
        for sub_id, payload in news_messages("round.publish", event_id=event.pk, round_id=rnd.pk)
        for sub in [Subscription.objects.get(pk=sub_id)]
    }
    assert by_registration[ana.pk]["body"] == "You play Bo B. at table 4."
    assert "Baker" not in json.dumps(by_registration[ana.pk])


@pytest.mark.parametrize("status", [EventStatus.DRAFT, EventStatus.FINISHED, EventStatus.CANCELLED])
def test_a_draft_finished_or_cancelled_event_sends_nothing(world, status):
    event, ana, bo, walk_in, rnd, match = world
    _subscribe_all(world)
    assert len(news_messages("round.publish", event_id=event.pk, round_id=rnd.pk)) == 2  # running
    event.status = status
    event.save(update_fields=["status"])
    assert news_messages("round.publish", event_id=event.pk, round_id=rnd.pk) == []


@pytest.mark.parametrize("status", [RegistrationStatus.DROPPED, RegistrationStatus.DISQUALIFIED])
def test_a_player_who_dropped_or_was_disqualified_gets_nothing(world, status):
    event, ana, bo, walk_in, rnd, match = world
    _subscribe_all(world)
    bo.status = status
    bo.save(update_fields=["status"])
    messages = news_messages("round.publish", event_id=event.pk, round_id=rnd.pk)
    subscriptions = Subscription.objects.in_bulk([sub_id for sub_id, _ in messages])
    assert [subscriptions[sub_id].registration_id for sub_id, _ in messages] == [ana.pk]


def test_the_player_state_says_what_needs_them_with_an_etag(client, world):
    event, ana, bo, walk_in, rnd, match = world
    client.force_login(ana.player.user)
    before = client.get(f"/events/{event.slug}/me/state/")
    assert before.json()["attention"] == ""
    again = client.get(f"/events/{event.slug}/me/state/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert again.status_code == 304
    services.publish_round(rnd, actor=None)
    after = client.get(f"/events/{event.slug}/me/state/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after.json()["words"] == "Round 1: table 4 against Bo."
    assert "GEM222" not in after.content.decode()


def test_the_player_state_says_time_called_then_asks_to_confirm_the_opponents_report(client, world):
    event, ana, bo, walk_in, rnd, match = world
    services.publish_round(rnd, actor=None)
    services.start_clock(rnd, actor=None)
    services.call_time(rnd, actor=None)
    client.force_login(ana.player.user)
    assert client.get(f"/events/{event.slug}/me/state/").json()["words"] == (
        "Round 1: time is called. Finish your turn."
    )
    services.report_result(match, actor=bo.player.user, result=MatchResult.B_WINS, games_b=1)
    assert client.get(f"/events/{event.slug}/me/state/").json()["words"] == (
        "Round 1: your opponent reported a result. Confirm it."
    )
    client.force_login(bo.player.user)  # who reported waits: no banner asks them anything new
    assert client.get(f"/events/{event.slug}/me/state/").json()["words"] == (
        "Round 1: time is called. Finish your turn."
    )
    services.report_result(match, actor=ana.player.user, result=MatchResult.A_WINS, games_a=1)
    for player in (ana, bo):
        client.force_login(player.player.user)
        assert client.get(f"/events/{event.slug}/me/state/").json()["words"] == (
            "Round 1: your reports disagree. See the staff."
        )


def test_the_private_page_is_the_players_own_page_read_only(client, world):
    event, ana, bo, walk_in, rnd, match = world
    MatchFactory(round=rnd, table_number=5, player_a=walk_in, player_b=None)
    services.publish_round(rnd, actor=None)
    answer = client.get(f"/events/{event.slug}/phone/{services.phone_token(walk_in)}/")
    page = answer.content.decode()
    assert answer.status_code == 200
    assert answer["Referrer-Policy"] == "no-referrer"
    assert "Cy" in page and "data-push-panel" in page
    assert "player_report" not in page and 'name="outcome"' not in page
    assert "Drop from the event" not in page
    state = client.get(f"/events/{event.slug}/phone/{services.phone_token(walk_in)}/state/").json()
    assert state["words"] == "Round 1: you have a bye."


def test_the_walk_in_desk_shows_the_private_page_as_a_qr_code(client, world):
    event, *_ = world
    organizer = UserFactory(username="organizer")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    client.force_login(organizer)
    answer = client.post(
        f"/events/{event.slug}/staff/walk-in/", {"display_name": "Dee Walk", "late_entry": "on"}, follow=True
    )
    text = " ".join(str(m) for m in answer.context["messages"])
    reg = event.registrations.get(player__display_name="Dee Walk")
    phone_url = f"http://testserver/events/{event.slug}/phone/{services.phone_token(reg)}/"
    assert phone_url in text
    # The desk lands on the walk-in's slip: the QR code of that page, to scan or print.
    assert answer.redirect_chain[-1][0] == f"/events/{event.slug}/staff/walk-in/{reg.pk}/slip/"
    page = answer.content.decode()
    assert f'src="{qr_svg_data_uri(phone_url)}"' in page
    assert reg.player.claim_code in page and "Dee Walk" in page
    assert answer["Referrer-Policy"] == "no-referrer"
    assert "no-store" in answer["Cache-Control"]
    # The players list links it for every player without an account, and for no other.
    dashboard = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert f"/events/{event.slug}/staff/walk-in/{reg.pk}/slip/" in dashboard
    assert dashboard.count("data-walk-in-slip-link") == 2  # Dee and the world's walk-in Cy


def test_the_walk_in_slip_is_for_the_desk_and_walk_ins_only(client, world):
    event, ana, bo, walk_in, rnd, match = world
    slip = f"/events/{event.slug}/staff/walk-in/{walk_in.pk}/slip/"
    assert client.get(slip).status_code == 302  # log in first
    client.force_login(ana.player.user)
    assert client.get(slip).status_code in (403, 404)  # a player is not the desk
    organizer = UserFactory(username="organizer")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    client.force_login(organizer)
    assert client.get(slip).status_code == 200
    # A player with an account signs in instead; another event's walk-in is not this desk's.
    assert client.get(f"/events/{event.slug}/staff/walk-in/{ana.pk}/slip/").status_code == 404
    elsewhere = RegistrationFactory(player=PlayerProfileFactory(user=None, player_id="T-9"))
    assert client.get(f"/events/{event.slug}/staff/walk-in/{elsewhere.pk}/slip/").status_code == 404


@pytest.mark.parametrize("players", [4, 40])
def test_the_player_state_costs_the_same_queries_at_any_size(
    client, db, settings, players, django_assert_max_num_queries
):
    event = EventFactory(status=EventStatus.RUNNING)
    regs = [RegistrationFactory(event=event) for _ in range(players)]
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    for i in range(0, players, 2):
        MatchFactory(round=rnd, table_number=i // 2 + 1, player_a=regs[i], player_b=regs[i + 1])
    client.force_login(regs[0].player.user)
    client.get(f"/events/{event.slug}/me/state/")  # the session and the user, cached
    # session, user, event, registration, rounds, match, and the lens: the same at any size
    with django_assert_max_num_queries(7):
        assert client.get(f"/events/{event.slug}/me/state/").status_code == 200


def test_the_pages_offer_notifications_only_where_something_would_be_sent(client, world):
    """The staff dashboard offers an official the staff's notifications (disputes, judge calls,
    tables over time) while the event runs; the player's panel says when nothing is sent to them
    (they dropped), so the button is not offered."""
    event, ana, bo, walk_in, rnd, match = world
    organizer = UserFactory(username="organizer")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    client.force_login(organizer)
    assert 'data-audience="staff"' in client.get(f"/events/{event.slug}/staff/").content.decode()
    client.force_login(ana.player.user)
    assert 'data-audience="player"' in (page := client.get(f"/events/{event.slug}/me/").content.decode())
    assert 'data-sends="1"' in page
    services.drop_registration(ana, actor=ana.player.user)
    assert 'data-sends="0"' in client.get(f"/events/{event.slug}/me/").content.decode()
    event.status = EventStatus.DRAFT
    event.save(update_fields=["status"])
    client.force_login(organizer)
    assert 'data-audience="staff"' not in client.get(f"/events/{event.slug}/staff/").content.decode()
