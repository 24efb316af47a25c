"""The days of a multi-day event at phone width (390 px): the public page with each day's REL
and the cut line, and the staff day plan page (TR&P App A, App B)."""

from __future__ import annotations

import os

import pytest

from tests.conftest import login_in_browser
from tests.factories import StaffAssignmentFactory, UserFactory
from tests.tournament.test_event_structures import _two_day_event_after_day_one
from tournament.enums import StaffRole

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")  # a folder to keep screenshots in, for a look


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_days_and_cut_line_at_phone_width_trp_app_b(live_server, phone_page):
    event, players = _two_day_event_after_day_one()
    organizer = UserFactory(username="org")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)

    page = phone_page
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.wait_for_selector("#days")
    days = page.locator(".event-days li").all_inner_texts()
    assert days[0].startswith("Day 1 · Competitive REL") and "cut: top 2 or X-0" in days[0]
    assert days[1].startswith("Day 2 · Professional REL")
    assert "2 players advanced" in page.inner_text("[data-cut]")
    assert page.locator("#standings .badge.below-cut").count() == 4
    assert _fits(page)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "days-public-390.png"), full_page=True)

    login_in_browser(page, live_server, "org", "pw-org")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/days/")
    page.wait_for_selector("table.days")
    page.fill("#id_day-0-swiss_rounds", "")
    page.click("button[value=save]")
    page.wait_for_selector("[data-error]")
    assert "day 1 has no number of Swiss rounds" in page.inner_text("[data-error]")
    assert _fits(page)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "days-staff-390.png"), full_page=True)
