"""Bugs the all-roles crawl (tests/core/test_crawl.py) found, pinned one by one."""

from __future__ import annotations

import html
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from core.errors import DomainError
from tournament import services
from tournament.models import PlayerProfile

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings, tmp_path):
    from django.core.cache import cache

    cache.clear()
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event", stdout=io.StringIO())
    return "demo-armory"


def as_user(username: str) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.get(username=username))
    return client


@pytest.mark.parametrize("minutes", ["1e309", "-1e309", "nan", "abc"])
def test_clock_adjust_with_a_non_finite_number_is_refused_not_a_server_error(demo, minutes):
    response = as_user("demo-scorekeeper").post(
        f"/events/{demo}/staff/clock/", {"op": "adjust", "minutes": minutes, "reason": "x"}, follow=True
    )

    assert response.status_code in (200, 400)
    assert f"minutes must be a number, not {minutes!r}" in html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("username", "shown"), [("demo-scorekeeper", False), ("demo-headjudge", True), ("demo-organizer", True)]
)
def test_staff_dashboard_shows_settings_only_to_who_may_edit_the_event(demo, username, shown):
    client = as_user(username)

    page = client.get(f"/events/{demo}/staff/").content.decode()

    assert (f'href="/events/{demo}/edit/"' in page) == shown
    assert client.get(f"/events/{demo}/edit/").status_code == (200 if shown else 403)


def test_staff_register_with_nul_in_the_player_id_is_refused(demo):
    response = as_user("demo-scorekeeper").post(
        f"/events/{demo}/staff/register/", {"player_id": "D1\x00", "display_name": "Nul"}, follow=True
    )

    assert response.status_code in (200, 400)
    assert not PlayerProfile.objects.filter(display_name="Nul").exists()


@pytest.mark.parametrize("name", ["Nul\x00Byte", "Bell\x07", "Del\x7f"])
def test_player_profile_display_name_with_control_characters_is_refused(demo, name):
    actor = get_user_model().objects.get(username="demo-scorekeeper")

    with pytest.raises(DomainError, match="control characters"):
        services.create_player_profile(actor=actor, player_id="X123", display_name=name)
