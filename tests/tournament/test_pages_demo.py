"""`make run`'s demo event, seen through the pages: a running round with a clock."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tournament.models import Match


@pytest.fixture
def demo(db, settings, tmp_path):
    from django.core.cache import cache

    cache.clear()
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event", verbosity=0)
    return "demo-armory"


def as_user(username: str) -> Client:
    c = Client()
    c.force_login(get_user_model().objects.get(username=username))
    return c


def test_demo_public_page_and_clock_show_the_running_round(demo):
    c = Client()
    page = c.get(f"/events/{demo}/")
    assert page.status_code == 200
    assert page.context["round_"].number == 2
    assert page.context["pairings"]["count"] == 32
    assert page.context["standings"]["count"] == 32
    clock = c.get(f"/events/{demo}/clock.json").json()
    assert (clock["round"], clock["state"]) == (2, "running")
    assert 0 < clock["remaining_seconds"] < clock["duration_seconds"]
    assert c.get(f"/events/{demo}/clock/").status_code == 200


def test_demo_staff_and_player_pages(demo):
    dashboard = as_user("demo-scorekeeper").get(f"/events/{demo}/staff/")
    assert dashboard.status_code == 200
    assert dashboard.context["clock"].state == "running"
    assert 0 < len(dashboard.context["outstanding"]) < 16
    reported = (
        Match.objects.filter(round__event__slug=demo, report_status="reported")
        .select_related("player_a__player__user", "player_b__player__user")
        .first()
    )
    assert reported is not None
    waiting = reported.player_b if reported.reported_by_id == reported.player_a_id else reported.player_a
    page = as_user(waiting.player.user.username).get(f"/events/{demo}/me/")
    assert page.status_code == 200
    assert "Confirm this result" in page.content.decode()
