"""A store owner's evening, start to finish, through the pages (issue 36): the owner signs up,
creates an Armory with nothing but its name (every rule value from the rules), adds a judge
from the dashboard, four players register themselves from the event page on their phones
(writing their GEM IDs as people do), the owner confirms them at the desk, pairs and publishes
each round the dashboard offers, the players report and confirm on their phones, and the owner
finishes the event."""

from __future__ import annotations

import os

import pytest

from tests.conftest import login_in_browser
from tests.factories import UserFactory
from tournament import services
from tournament.enums import EventStatus, MatchResult, StaffRole
from tournament.models import Event, Match, Registration, StaffAssignment

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")
PLAYERS = {"ana": "1000 0001", "ben": "1000 0002", "cleo": "1000 0003", "dev": "1000 0004"}


def _as(page, live_server, username: str) -> None:
    page.context.clear_cookies()
    login_in_browser(page, live_server, username, f"pw-{username}")


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_store_owners_evening(live_server, browser_page, phone_page):
    UserFactory(username="jude")
    for name in PLAYERS:
        UserFactory(username=name)
    owner = browser_page
    phone = phone_page

    # Sign up and create the Armory with nothing but its name.
    owner.goto(f"{live_server.url}/accounts/signup/")
    owner.fill("input[name=username]", "owner")
    owner.fill("input[name=email]", "owner@example.org")
    owner.fill("input[name=password1]", "Friday-Night-42x")
    owner.fill("input[name=password2]", "Friday-Night-42x")
    owner.click("form button[type=submit]")
    owner.wait_for_url("**/accounts/**")
    owner.goto(f"{live_server.url}/events/new/")
    owner.fill("#id_name", "Friday Armory")
    owner.click("form button[type=submit]")
    owner.wait_for_url("**/staff/")
    event = Event.objects.get(name="Friday Armory")
    expected = services.rule_defaults({"event_type": "armory"})
    assert {name: getattr(event, name) for name in expected} == expected

    # A judge, from the dashboard.
    owner.click("text=Officials")
    owner.fill("input[name=username]", "jude")
    owner.click("form[action$='/add/'] button[type=submit]")
    owner.wait_for_selector("[data-official=jude]")
    assert StaffAssignment.objects.filter(
        event=event, user__username="jude", role=StaffRole.FLOOR_JUDGE
    ).exists()

    # Players register themselves on their phones from the event page.
    for name, gem in PLAYERS.items():
        _as(phone, live_server, name)
        phone.goto(f"{live_server.url}/events/{event.slug}/")
        phone.click("[data-register]")
        phone.fill("#id_player_id", f"GEM# {gem}")
        phone.fill("#id_display_name", name.title())
        phone.click("form[action$='/me/register/'] button")
        phone.wait_for_selector("[data-registration-pending]")
        assert _fits(phone)

    # The owner confirms each at the desk.
    owner.goto(f"{live_server.url}/events/{event.slug}/staff/")
    for _ in PLAYERS:
        with owner.expect_navigation():
            owner.click("[data-confirm-link] >> nth=0")
    assert Registration.objects.filter(event=event).count() == 4
    assert sorted(
        Registration.objects.filter(event=event).values_list("player__player_id", flat=True)
    ) == sorted(gem.replace(" ", "") for gem in PLAYERS.values())

    # Every round the dashboard offers: pair, publish, report and confirm on the phones.
    for _round in range(8):
        owner.goto(f"{live_server.url}/events/{event.slug}/staff/")
        if owner.locator("[data-finish]").count():
            break
        owner.click("[data-pair]")
        owner.wait_for_selector("[data-publish]")
        owner.click("[data-publish] >> nth=-1")
        owner.wait_for_selector("#id_entry")
        current = event.rounds.order_by("-number").first()
        for match in Match.objects.filter(round=current, player_b__isnull=False).select_related(
            "player_a__player__user", "player_b__player__user"
        ):
            _as(phone, live_server, match.player_a.player.user.username)
            phone.goto(f"{live_server.url}/events/{event.slug}/me/")
            phone.check("input[name=outcome][value=win]")
            phone.click("#report button[type=submit]")
            phone.wait_for_selector("[data-awaiting]")
            _as(phone, live_server, match.player_b.player.user.username)
            phone.goto(f"{live_server.url}/events/{event.slug}/me/")
            phone.click("text=Confirm this result")
            phone.wait_for_selector("[data-result]")
            match.refresh_from_db()
            assert match.result == MatchResult.A_WINS
    else:
        pytest.fail("the dashboard never offered to finish the event")
    with owner.expect_navigation():
        owner.click("[data-finish]")
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    if SHOTS:
        owner.goto(f"{live_server.url}/events/{event.slug}/")
        owner.screenshot(path=os.path.join(SHOTS, "store-evening-final.png"), full_page=True)
