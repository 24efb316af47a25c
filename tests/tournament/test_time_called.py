"""'Time called' only when time was called (or ran out), never when a round simply completes
early (TR&P 3.4: the end-of-round procedure applies only when time is called)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.factories import StaffAssignmentFactory, UserFactory
from tests.tournament.test_pages import build_running_event
from tournament import selectors, services
from tournament.enums import ClockState, MatchResult, StaffRole
from tournament.models import Round


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


def _running(n=4):
    event, regs, r1, r2 = build_running_event(n)
    hj = UserFactory(username="hj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    services.start_clock(r2, actor=hj)
    return event, r2, hj


def _finish_every_table(r2, hj):
    for m in r2.matches.order_by("table_number"):
        services.enter_result(m, actor=hj, result=MatchResult.A_WINS, games_a=1)


@pytest.mark.django_db
def test_round_completed_early_is_not_time_called():
    event, r2, hj = _running()
    _finish_every_table(r2, hj)
    r2 = Round.objects.get(pk=r2.pk)
    status = selectors.clock_status(r2)
    assert (status.state, status.time_called) == (ClockState.FINISHED, False)
    data = Client().get(f"/events/{event.slug}/clock.json").json()
    assert data["time_called"] is False
    assert "Time called" not in data["state_label"]
    assert data["state_label"] == "Stopped: every result is in"


@pytest.mark.django_db
def test_time_called_by_staff_says_so():
    event, r2, hj = _running()
    services.call_time(r2, actor=hj)
    data = Client().get(f"/events/{event.slug}/clock.json").json()
    assert (data["time_called"], data["state_label"]) == (True, "Time called")
    _finish_every_table(r2, hj)
    data = Client().get(f"/events/{event.slug}/clock.json").json()
    assert (data["time_called"], data["state_label"]) == (True, "Time called")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_projector_clock_after_an_early_finish_shows_no_time(live_server, browser_page):
    event, r2, hj = _running()
    _finish_every_table(r2, hj)
    page = browser_page
    page.goto(f"{live_server.url}/events/{event.slug}/clock/")
    page.wait_for_selector(".clock[data-state='complete']", state="attached")
    assert page.locator("[data-clock-display]").inner_text() != "TIME"
    assert "Time called" not in page.locator("body").inner_text()
    staff = Client()
    staff.force_login(hj)
    dashboard = staff.get(f"/events/{event.slug}/staff/").content.decode()
    assert "Time called" not in dashboard
