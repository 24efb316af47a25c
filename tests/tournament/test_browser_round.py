"""One round played through the pages in headless Debian chromium.

Staff pair and publish, a player reports on a phone, the opponent confirms on theirs, the
scorekeeper types the other table's result from the keyboard, and the round is complete.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import login_in_browser
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import MatchResult, ReportStatus, RoundStatus, StaffRole
from tournament.models import Match, Round


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_one_round_through_the_pages(live_server, browser_page, phone_page, chromium_browser):
    event = EventFactory(slug="friday-armory", name="Friday Armory", swiss_rounds=3, top_cut=0)
    sk = UserFactory(username="sk")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    players = {}
    for name in ("Ana", "Ben", "Cleo", "Dev"):
        user = UserFactory(username=name.lower())
        players[name] = RegistrationFactory(
            event=event, player=PlayerProfileFactory(user=user, display_name=name)
        )

    staff = browser_page
    login_in_browser(staff, live_server, "sk", "pw-sk")
    staff.goto(f"{live_server.url}/events/friday-armory/staff/")
    staff.click("[data-pair]")
    staff.wait_for_selector("[data-publish]")
    staff.click("[data-publish]")
    staff.wait_for_selector("#id_entry")
    assert Round.objects.get(event=event, number=1).status == RoundStatus.PUBLISHED

    match = Match.objects.filter(round__event=event, round__number=1).order_by("table_number").first()
    reporter = next(r for r in players.values() if r.pk == match.player_a_id)
    confirmer = next(r for r in players.values() if r.pk == match.player_b_id)

    # The player reports a win on their phone.
    phone = phone_page
    login_in_browser(phone, live_server, reporter.player.user.username, "pw-" + reporter.player.user.username)
    phone.goto(f"{live_server.url}/events/friday-armory/me/")
    assert phone.locator("[data-my-table]").inner_text() == f"Table {match.table_number}"
    assert phone.locator("[data-opponent]").inner_text() == confirmer.player.display_name
    phone.check("input[name=outcome][value=win]")
    phone.click("text=Send result")
    phone.wait_for_selector("[data-awaiting]")
    # Nothing overflows the phone's width.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # The opponent confirms on another phone.
    context = chromium_browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        other = context.new_page()
        other.set_default_timeout(15_000)
        login_in_browser(
            other, live_server, confirmer.player.user.username, "pw-" + confirmer.player.user.username
        )
        other.goto(f"{live_server.url}/events/friday-armory/me/")
        assert other.locator("[data-pending]").inner_text() == "that you lost 0-1"
        other.click("text=Confirm this result")
        other.wait_for_selector("[data-result]")
        assert other.locator("[data-result]").inner_text() == "Lost 0-1"
    finally:
        context.close()
    match.refresh_from_db()
    assert (match.result, match.report_status) == (MatchResult.A_WINS, ReportStatus.CONFIRMED)

    # The scorekeeper types the other table's result; focus stays in the field.
    staff.reload()
    other_table = Match.objects.filter(round__event=event, round__number=1).exclude(pk=match.pk).get()
    entry = staff.locator("#id_entry")
    entry.fill(f"{other_table.table_number} 0-1")
    entry.press("Enter")
    staff.wait_for_selector("#quick-entry-log li.success")
    assert staff.evaluate("document.activeElement.id") == "id_entry"
    assert entry.input_value() == ""
    # A second, wrong entry shows the server's message and keeps the text for fixing.
    entry.fill("99 1-0")
    entry.press("Enter")
    staff.wait_for_selector("#quick-entry-log li.error")
    assert "no table 99" in staff.locator("#quick-entry-log li.error").first.inner_text()
    assert staff.evaluate("document.activeElement.id") == "id_entry"

    staff.reload()
    staff.wait_for_selector("[data-round-complete]")
    assert Round.objects.get(event=event, number=1).status == RoundStatus.COMPLETE


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_projector_clock_counts_down_from_the_server(live_server, browser_page):
    from tests.tournament.test_pages import build_running_event
    from tournament import services

    event, regs, r1, r2 = build_running_event(4)
    hj = UserFactory(username="hj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    services.start_clock(r2, actor=hj)
    page = browser_page
    page.goto(f"{live_server.url}/events/{event.slug}/clock/")
    display = page.locator("[data-clock-display]")
    page.wait_for_selector(".clock[data-state='running']", state="attached")  # no eval under the CSP
    first = display.inner_text()
    assert re.fullmatch(r"\d+:\d\d", first), first
    page.wait_for_timeout(2200)
    second = display.inner_text()

    def seconds(text):
        m, s = text.split(":")
        return int(m) * 60 + int(s)

    assert 0 < seconds(first) - seconds(second) <= 4
    assert seconds(first) <= r2.duration_seconds
    assert page.evaluate("document.body.classList.contains('projector')")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_event_page_prints_without_chrome_and_fits_a_phone(live_server, browser_page, phone_page):
    from tests.tournament.test_pages import build_running_event

    event, regs, r1, r2 = build_running_event(8)
    url = f"{live_server.url}/events/{event.slug}/"
    phone_page.goto(url)
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    page = browser_page
    page.goto(url)
    assert page.locator(".site-header").is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator("nav.tabs").first.is_visible()
    assert page.locator("table.pairings-by-name").is_visible()
    assert page.locator("table.standings").is_visible()
    pdf = page.pdf()  # chromium's own print of the page
    assert pdf.startswith(b"%PDF-")
