"""Issue 15, defect 5 and issue 35, item 7: logins are throttled per account, and per address
only at a much higher limit (django-axes with core.throttling.VenueLoginHandler), the API per
anonymous address, per user and per address sending bad tokens (never refusing a valid token);
every refusal is a 429 with Retry-After. A venue's players share one address, so one account's
failures must not lock the others out. The rest of the suite runs with throttling switched off
(tests/conftest.py); here it is on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.db.models import F
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def throttled(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 5
    settings.ARBITER_LOGIN_ADDRESS_FAILURE_LIMIT = 12
    settings.ARBITER_THROTTLE_ENABLED = True
    settings.ARBITER_API_THROTTLE_RATES = {"anon": "5/min", "user": "8/min", "token_failure": "4/min"}
    cache.clear()
    yield settings
    cache.clear()


def _login(client, username, password, ip="10.0.0.1"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_wrong_passwords_lock_the_account_out_with_429_and_retry_after(throttled):
    user = UserFactory(username="victim")
    user.set_password("right-password")
    user.save()
    client = Client()
    answers = [_login(client, "victim", f"wrong{i}", ip=f"10.0.1.{i}").status_code for i in range(5)]
    assert answers == [200] * 4 + [429]  # the form again with its error, then the lockout
    locked = _login(client, "victim", "right-password", ip="10.0.2.1")
    assert locked.status_code == 429
    assert 14 * 60 < int(locked["Retry-After"]) <= 15 * 60
    assert "other accounts are not affected" in locked.content.decode()
    assert "_auth_user_id" not in client.session


def _user(username, password="right-password"):
    user = UserFactory(username=username)
    user.set_password(password)
    user.save()
    return user


def test_failed_logins_for_one_account_do_not_lock_another_on_the_same_address(throttled):
    """Issue 35, item 7: a store's Wi-Fi is one address; one player's (or one attacker's) wrong
    passwords for account A lock A only, never B behind the same address."""
    _user("player-a")
    _user("player-b", "b-right-password")
    for i in range(11):
        _login(Client(), "player-a", f"wrong{i}", ip="10.0.0.1")
    assert _login(Client(), "player-a", "right-password", ip="10.0.0.1").status_code == 429
    assert _login(Client(), "player-b", "b-right-password", ip="10.0.0.1").status_code == 302


def test_the_account_count_ignores_the_case_of_the_username(throttled):
    _user("casey")
    for i, name in enumerate(["Casey", "CASEY", " casey", "casey"]):
        _login(Client(), name, f"wrong{i}", ip=f"10.0.3.{i}")
    assert _login(Client(), "cAsEy", "wrong-again", ip="10.0.3.9").status_code == 429


def _time_passes(minutes):
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def test_a_locked_account_logs_in_with_its_password_once_the_cool_down_is_over(throttled):
    """Attempts during the lockout are refused without restarting the cool-down (the owner
    trying their password at minute 5 does not push the end to minute 20)."""
    _user("patient")
    for i in range(5):
        _login(Client(), "patient", f"wrong{i}", ip="10.0.4.1")
    _time_passes(5)
    during = _login(Client(), "patient", "right-password", ip="10.0.4.2")
    assert during.status_code == 429
    assert 9 * 60 < int(during["Retry-After"]) <= 10 * 60
    _time_passes(10)
    assert _login(Client(), "patient", "right-password", ip="10.0.4.2").status_code == 302


def test_the_token_endpoint_shares_the_account_lockout_and_answers_json(throttled):
    throttled.ARBITER_API_THROTTLE_RATES = {**throttled.ARBITER_API_THROTTLE_RATES, "anon": "100/min"}
    _user("scripted")
    _user("colleague", "colleague-password")
    api = APIClient(REMOTE_ADDR="10.0.5.1")
    body = {"username": "scripted", "password": "wrong"}
    answers = [api.post("/api/auth/token/", body, format="json").status_code for _ in range(5)]
    assert answers == [400] * 4 + [429]
    locked = api.post(
        "/api/auth/token/", {"username": "scripted", "password": "right-password"}, format="json"
    )
    assert locked.status_code == 429 and locked.json()["code"] == "throttled"
    assert "other accounts are not affected" in locked.json()["detail"]
    assert int(locked["Retry-After"]) > 0
    other = {"username": "colleague", "password": "colleague-password"}
    assert api.post("/api/auth/token/", other, format="json").status_code == 200


def test_many_failures_from_one_address_lock_that_address_at_its_own_higher_limit(throttled):
    """The per-address limit (12 here, a few hundred by default) stops a guessing run across
    many accounts; other addresses are not affected."""
    _user("fine", "pw-fine-123")
    client = Client()
    answers = [_login(client, f"nobody{i % 4}", f"x{i}", ip="10.9.9.9").status_code for i in range(12)]
    assert answers == [200] * 11 + [429]  # no account reached its own limit of 5
    blocked = _login(client, "fine", "pw-fine-123", ip="10.9.9.9")
    assert blocked.status_code == 429
    assert "from this network" in blocked.content.decode()
    assert 0 < int(blocked["Retry-After"]) <= 15 * 60
    assert _login(Client(), "fine", "pw-fine-123", ip="10.8.8.8").status_code == 302


def test_a_successful_login_below_the_limit_is_not_throttled(throttled):
    user = UserFactory(username="forgetful")
    user.set_password("right-password")
    user.save()
    client = Client()
    for i in range(3):
        _login(client, "forgetful", f"wrong{i}")
    assert _login(client, "forgetful", "right-password").status_code == 302


def test_bad_api_tokens_are_429_after_the_limit(throttled):
    client = APIClient(REMOTE_ADDR="10.7.7.7")
    answers = [
        client.get("/api/events/", HTTP_AUTHORIZATION=f"Token bad{i:036d}").status_code for i in range(4)
    ]
    assert answers == [401] * 4
    blocked = client.get("/api/events/", HTTP_AUTHORIZATION="Token another-bad-token")
    assert blocked.status_code == 429
    assert int(blocked["Retry-After"]) > 0


def test_bad_tokens_from_an_address_do_not_block_a_valid_token_from_it(throttled):
    """Issue 35, item 7: a misconfigured script (or an attacker) on the hall's Wi-Fi must not
    lock out the scorekeeper's tablet on the same Wi-Fi."""
    token = Token.objects.create(user=UserFactory())
    client = APIClient(REMOTE_ADDR="10.7.7.8")
    for i in range(6):
        client.get("/api/events/", HTTP_AUTHORIZATION=f"Token bad{i:037d}")
    assert client.get("/api/events/", HTTP_AUTHORIZATION="Token still-bad").status_code == 429
    assert client.get("/api/events/", HTTP_AUTHORIZATION=f"Token {token.key}").status_code == 200


@pytest.fixture
def form_limits(throttled):
    throttled.AXES_ENABLED = False  # force_login has no request address for the login log
    throttled.ARBITER_API_THROTTLE_RATES = {
        **throttled.ARBITER_API_THROTTLE_RATES,
        "reset_address": "6/hour",
        "reset_email": "2/hour",
        "claim_address": "6/hour",
        "claim_user": "3/hour",
    }
    return throttled


def _reset(email, ip="10.4.0.1"):
    return Client().post("/accounts/password_reset/", {"email": email}, REMOTE_ADDR=ip)


def test_password_reset_mail_is_limited_per_email_and_per_address(form_limits, mailoutbox):
    """Issue 35, item 8: the reset form sent a mail per request, without limit."""
    UserFactory(username="ada", email="ada@example.org")
    assert [_reset("ada@example.org", ip=f"10.4.1.{i}").status_code for i in range(2)] == [302, 302]
    refused = _reset("ADA@example.org ", ip="10.4.1.9")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert "Too many password-reset requests" in refused.content.decode()
    assert len(mailoutbox) == 2
    answers = [_reset(f"someone{i}@example.org", ip="10.4.2.2").status_code for i in range(7)]
    assert answers == [302] * 6 + [429]  # the address's own limit, whatever the email
    assert _reset("other@example.org", ip="10.4.2.3").status_code == 302


def _walk_in():
    from tests.factories import EventFactory, StaffAssignmentFactory
    from tournament import services
    from tournament.enums import StaffRole

    event = EventFactory()
    staff = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    return services.register_walk_in(event, actor=staff, display_name="Walk In")


def test_failed_claim_codes_are_limited_per_account_on_the_page_and_the_api(form_limits):
    """Issue 35, item 8: claim codes could be guessed without limit. Failures count per account
    (3 here) across the claim page and the API; a right code is then refused too, until the
    window passes, and another account is not affected."""
    walk_in = _walk_in()
    guesser = UserFactory()
    web = Client(REMOTE_ADDR="10.3.0.1")
    web.force_login(guesser)
    api = APIClient(REMOTE_ADDR="10.3.0.2")
    api.force_authenticate(guesser)
    assert web.post("/events/claim/", {"code": "WRONG001"}).status_code == 200
    assert api.post("/api/claim/", {"code": "WRONG002"}, format="json").status_code == 400
    assert web.post("/events/claim/", {"code": "WRONG003"}).status_code == 200
    page = web.post("/events/claim/", {"code": walk_in.player.claim_code})
    assert page.status_code == 429 and "Too many failed claims" in page.content.decode()
    assert int(page["Retry-After"]) > 0
    answer = api.post("/api/claim/", {"code": walk_in.player.claim_code}, format="json")
    assert answer.status_code == 429 and int(answer["Retry-After"]) > 0
    assert "Too many failed claims" in answer.json()["detail"]
    honest = Client(REMOTE_ADDR="10.3.0.1")
    honest.force_login(UserFactory())
    assert honest.post("/events/claim/", {"code": walk_in.player.claim_code}).status_code == 302


def test_failed_claims_from_one_address_are_limited_across_accounts(form_limits):
    for i in range(6):
        client = Client(REMOTE_ADDR="10.3.1.1")
        client.force_login(UserFactory())
        assert client.post("/events/claim/", {"code": f"WRONG{i:03d}"}).status_code == 200
    client = Client(REMOTE_ADDR="10.3.1.1")
    client.force_login(UserFactory())
    assert client.post("/events/claim/", {"code": "WRONG999"}).status_code == 429


def test_player_id_claims_on_the_account_page_are_limited_per_account(form_limits):
    from tests.factories import PlayerProfileFactory

    client = Client(REMOTE_ADDR="10.3.2.1")
    client.force_login(PlayerProfileFactory(user=UserFactory()).user)  # already linked: refused
    post = {"player_id": "GEM1357", "display_name": "Ada"}
    assert [client.post("/accounts/", post).status_code for _ in range(4)] == [400, 400, 400, 429]


def test_anonymous_api_requests_are_throttled_per_address(throttled):
    client = APIClient(REMOTE_ADDR="10.6.6.6")
    answers = [client.get("/api/events/").status_code for _ in range(6)]
    assert answers[:5] == [200] * 5 and answers[5] == 429
    assert "Retry-After" in client.get("/api/events/")
    assert APIClient(REMOTE_ADDR="10.6.6.7").get("/api/events/").status_code == 200


def test_a_user_is_throttled_on_their_own_count(throttled):
    client = APIClient(REMOTE_ADDR="10.5.5.5")
    client.force_authenticate(UserFactory())
    answers = [client.get("/api/events/").status_code for _ in range(9)]
    assert answers[:8] == [200] * 8 and answers[8] == 429


def test_the_suite_default_is_unthrottled():
    from django.conf import settings

    assert settings.AXES_ENABLED is False and settings.ARBITER_THROTTLE_ENABLED is False
