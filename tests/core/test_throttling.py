"""Issue 15, defect 5: logins are throttled per account and per address (django-axes), the API
per anonymous address, per user and per address sending bad tokens (DRF throttles); every
refusal is a 429 with Retry-After. The rest of the suite runs with both switched off
(tests/conftest.py); here they are on."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def throttled(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 5
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
    assert int(locked["Retry-After"]) == 15 * 60
    assert "_auth_user_id" not in client.session


def test_many_accounts_from_one_address_lock_the_address_out(throttled):
    client = Client()
    for i in range(4):
        assert _login(client, f"nobody{i}", "x", ip="10.9.9.9").status_code == 200
    assert _login(client, "someone-else", "x", ip="10.9.9.9").status_code == 429
    other = UserFactory(username="fine")
    other.set_password("pw-fine-123")
    other.save()
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
