"""Team standings and the draft pods page on a phone (390 px), in headless Debian chromium."""

from __future__ import annotations

import os

import pytest

from tests.conftest import login_in_browser
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import selectors, services
from tournament.enums import FormatCode, MatchResult, RegistrationStatus, StaffRole

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")  # a directory: keep screenshots to look at


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_trp_9_2_team_standings_on_the_event_page_at_phone_width(live_server, phone_page):
    event = EventFactory(
        slug="team-cup", name="Team Cup", format=FormatCode.TEAM_CC, swiss_rounds=3, top_cut=0
    )
    for t, name in enumerate(("Blades of the Long Winter Night", "Dragons", "Owls", "Ravens")):
        members = [(PlayerProfileFactory(display_name=f"Member {t}{pos} Longname"), pos) for pos in "ABC"]
        services.register_team(event, team_name=name, members=members, actor=None)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    boards = [m for m in selectors.matches_for_round(rnd) if m.player_b_id]
    for k in (0, 3):
        for board in boards[k : k + 2]:
            services.enter_result(board, actor=None, result=MatchResult.A_WINS, games_a=1)
        services.close_decided_team_match(boards[k + 2], actor=None)

    page = phone_page
    page.goto(f"{live_server.url}/events/team-cup/")
    section = page.locator("#team-standings")
    section.wait_for()
    rows = section.locator("tbody tr")
    assert rows.count() == 4
    expected = [r["team"] for r in selectors.team_standings_for_event(event)]
    assert [rows.nth(i).get_attribute("data-team") for i in range(4)] == expected
    assert "1-0-0" in rows.first.inner_text()
    assert section.locator("a", has_text="team standings CSV").count() == 1
    _shot(page, "team-standings-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_trp_8_2_pods_staff_page_at_phone_width(live_server, phone_page):
    event = EventFactory(
        slug="draft-night", name="Draft Night", format=FormatCode.DRAFT, swiss_rounds=3, top_cut=0
    )
    to = UserFactory(username="to")
    StaffAssignmentFactory(event=event, user=to, role=StaffRole.ORGANIZER)
    regs = [
        RegistrationFactory(
            event=event,
            player=PlayerProfileFactory(display_name=f"Drafter {n:02d} Surname"),
            status=RegistrationStatus.CHECKED_IN,
        )
        for n in range(10)
    ]

    page = phone_page
    login_in_browser(page, live_server, "to", "pw-to")
    page.goto(f"{live_server.url}/events/draft-night/staff/")
    page.click("text=Draft pods")
    page.wait_for_selector("[data-unseated]")
    page.fill("input[name=pod_size]", "8")
    page.click("#pods-random button[type=submit]")
    page.wait_for_selector("[data-pod='2']")
    assert page.locator("[data-unseated]").count() == 0
    assert page.locator("[data-pod='1'] tbody tr").count() == 5
    assert page.locator("[data-pod='2'] tbody tr").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Move one player to a third pod, seat 1, then the pairing keeps everyone within pods.
    moved = regs[0]
    page.fill(f"input[name=pod-{moved.pk}]", "3")
    page.fill(f"input[name=seat-{moved.pk}]", "1")
    page.fill("#pods-edit input[name=reason]", "sits near the judge station")
    page.click("#pods-edit button[type=submit]")
    page.wait_for_selector("[data-pod='3']")
    _shot(page, "pods-390")
    moved.refresh_from_db()
    assert (moved.pod, moved.seat) == (3, 1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rnd = services.pair_next_round(event, actor=None)
    pods = {r.pk: r.pod for r in event.registrations.all()}
    for m in selectors.matches_for_round(rnd):
        if m.player_b_id:
            assert pods[m.player_a_id] == pods[m.player_b_id]
