"""Issue 36 at 390 px: a store owner's Friday pages fit a phone (no sideways scroll) and read in
words: the Armory note, the footer, a play-off round by its name and untimed, the penalty form's
situations following the infraction, a rule citation without its document."""

from __future__ import annotations

import os

import pytest
from django.core.cache import cache

from tests.conftest import login_in_browser
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.enums import EventStatus, MatchResult, StaffRole
from tournament.models import Match

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")  # a folder to keep screenshots in, for a look
WIDE = "() => document.scrollingElement.scrollWidth"


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


def _shot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"friday-{name}.png"), full_page=True)


def _user(username):
    user = UserFactory(username=username)
    user.set_password("pw-" + username)
    user.save()
    return user


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_store_owners_friday_pages_fit_a_phone(live_server, phone_page, settings, tmp_path):
    event = EventFactory(
        name="Friday Armory",
        event_type="armory",
        swiss_rounds=None,
        top_cut=None,
        status=EventStatus.REGISTRATION,
    )
    owner = _user("owner")
    StaffAssignmentFactory(event=event, user=owner, role=StaffRole.ORGANIZER)
    judge = _user("judge")
    StaffAssignmentFactory(event=event, user=judge, role=StaffRole.HEAD_JUDGE)
    for i in range(11):
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"Player {i:02d}"))
    page = phone_page
    login_in_browser(page, live_server, "owner", "pw-owner")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    assert "may run fewer rounds" in page.inner_text("[data-armory-rounds]")
    assert "API for developers" in page.inner_text("[data-site-footer]")
    assert page.evaluate(WIDE) <= 390
    _shot(page, "staff-armory")

    # Three Swiss rounds, then a top 4: the semifinals are untimed and named.
    services.update_event(event, actor=owner, swiss_rounds=3, top_cut=4)
    for _ in range(4):
        rnd = services.pair_next_round(event, actor=owner)
        services.publish_round(rnd, actor=owner)
        if rnd.stage == "swiss":
            for m in Match.objects.filter(round=rnd, result=MatchResult.PENDING):
                services.enter_result(m, result=MatchResult.A_WINS, games_a=1, actor=owner)
    page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    assert page.inner_text("[data-staff-clock]") == "Untimed"
    assert "Top 4 (semifinals)" in page.inner_text("h2 >> nth=0")
    assert page.locator("[data-clock-start]").count() == 0
    assert page.evaluate(WIDE) <= 390
    _shot(page, "staff-semifinals")

    # The penalty form: choosing an infraction leaves only its situations.
    login_in_browser(page, live_server, "judge", "pw-judge")
    page.goto(f"{live_server.url}/judging/{event.slug}/penalties/new/")
    page.select_option("select[name=infraction]", "outside_assistance")
    shown = page.evaluate(
        "() => Array.from(document.querySelectorAll('select[name=variant] optgroup'))"
        ".filter(g => !g.hidden).map(g => g.label)"
    )
    assert len(shown) == 1 and shown[0].startswith("Outside Assistance")
    assert page.evaluate(WIDE) <= 390
    _shot(page, "penalty-form")

    # A rule citation on a clone without the documents.
    settings.SHARED_DIR = tmp_path
    page.goto(f"{live_server.url}/rules/trp/3.2/")
    assert page.inner_text("[data-citation]") == "TR&P 3.2"
    assert page.evaluate(WIDE) <= 390
    _shot(page, "rule-without-document")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_reports_corrections_and_placings_read_in_words_on_a_phone(live_server, phone_page):
    event = EventFactory(name="Friday Armory", swiss_rounds=2, top_cut=0, status=EventStatus.REGISTRATION)
    owner = _user("owner")
    StaffAssignmentFactory(event=event, user=owner, role=StaffRole.ORGANIZER)
    regs = []
    for i in range(4):
        profile = PlayerProfileFactory(display_name=f"Player {i:02d}", user=_user(f"player{i}"))
        regs.append(RegistrationFactory(event=event, player=profile))
    rnd = services.pair_next_round(event, actor=owner)
    services.publish_round(rnd, actor=owner)
    first, second = Match.objects.filter(round=rnd).order_by("table_number")
    services.report_result(first, actor=first.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    page = phone_page
    reader = first.player_b.player.user.username
    login_in_browser(page, live_server, reader, "pw-" + reader)
    page.goto(f"{live_server.url}/events/{event.slug}/me/")
    assert page.inner_text("[data-pending]") == "that you lost 0-1"
    assert page.evaluate(WIDE) <= 390
    _shot(page, "player-opponent-reported")

    services.enter_result(second, result=MatchResult.A_WINS, games_a=1, actor=owner)
    login_in_browser(page, live_server, "owner", "pw-owner")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/correct/?round=1&table=2")
    page.select_option("select[name=result]", "b")  # the prefilled 1-0 stays untouched
    page.fill("input[name=reason]", "slip filled in backwards")
    page.click("button.primary >> text=Preview the correction")
    page.wait_for_selector("#preview")
    assert page.evaluate(WIDE) <= 390
    _shot(page, "correction-preview")
    page.click("#preview button.primary")
    second.refresh_from_db()
    assert (second.result, second.games_a, second.games_b) == (MatchResult.B_WINS, 0, 1)

    for m in Match.objects.filter(round=rnd, result=MatchResult.PENDING):
        services.enter_result(m, result=MatchResult.A_WINS, games_a=1, actor=owner)
    rnd2 = services.pair_next_round(event, actor=owner)
    services.publish_round(rnd2, actor=owner)
    for m in Match.objects.filter(round=rnd2, result=MatchResult.PENDING):
        services.enter_result(m, result=MatchResult.A_WINS, games_a=1, actor=owner)
    services.finish_event(event, actor=owner)
    page.goto(f"{live_server.url}/events/{event.slug}/")
    assert page.locator("#placings tbody tr").count() == 4
    assert page.evaluate(WIDE) <= 390
    _shot(page, "placings")
