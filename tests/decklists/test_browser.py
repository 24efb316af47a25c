"""The submit page in a real (headless) browser: autocomplete rows, save, findings shown."""

from __future__ import annotations

import pytest

from decklists.models import Decklist
from tests.conftest import login_in_browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_player_builds_a_list_with_card_rows_on_a_phone(
    phone_page, live_server, event_with_staff, fab_release
):
    s = event_with_staff
    user = s["alice"].player.user
    login_in_browser(phone_page, live_server, user.username, "pw-" + user.username)
    phone_page.goto(f"{live_server.url}/decklists/e/{s['event'].slug}/")
    name = phone_page.locator(".card-row .name").first
    name.fill("Snat")
    # The datalist is filled from /api/cards/autocomplete/ as the player types.
    phone_page.wait_for_selector(
        "#card-suggestions option[value='Snatch']", state="attached"
    )  # no eval (CSP)
    name.fill("Snatch")
    phone_page.locator(".card-row .qty").first.fill("3")
    phone_page.locator(".card-row select").first.select_option("1")
    phone_page.click("button.add-row")
    phone_page.locator(".card-row .name").nth(1).fill("Sink Below")
    phone_page.locator(".card-row select").nth(1).select_option("3")
    phone_page.click("button[name=save]")
    phone_page.wait_for_url("**/decklists/*/")
    body = phone_page.content()
    assert "Snatch (red)" in body and "Sink Below (blue)" in body
    assert "Draft saved" in body
    # No hero: the finding is shown with its rule reference.
    assert "no hero" in body
    decklist = Decklist.objects.get(registration=s["alice"])
    assert decklist.raw_text == "3 Snatch (red)\n1 Sink Below (blue)"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_finished_events_lists_page_says_why_it_offers_no_changes_on_a_phone(
    phone_page, live_server, event_with_staff, tmp_path
):
    """A head judge opening a finished event's lists at 390 px sees the sentence, not buttons
    the services would refuse; the combined PDF is still offered."""
    from decklists.enums import DecklistKind, DecklistStatus
    from tournament.enums import EventStatus

    s = event_with_staff
    listed = Decklist.objects.create(
        registration=s["bob"], kind=DecklistKind.CONSTRUCTED, status=DecklistStatus.SUBMITTED
    )
    s["event"].status = EventStatus.FINISHED
    s["event"].save()
    judge = s["head_judge"]
    login_in_browser(phone_page, live_server, judge.username, "pw-" + judge.username)
    phone_page.goto(f"{live_server.url}/decklists/e/{s['event'].slug}/manage/")
    closed = phone_page.locator("[data-event-closed]")
    assert closed.is_visible() and "The event is finished" in closed.inner_text()
    assert phone_page.locator("button", has_text="Lock accepted lists").count() == 0
    assert phone_page.locator("button", has_text="Combined PDF for the judges").is_visible()
    box = closed.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # fits the phone's width
    phone_page.screenshot(path=str(tmp_path / "closed-manage.png"), full_page=True)
    phone_page.goto(f"{live_server.url}/decklists/{listed.pk}/")
    assert phone_page.locator("[data-event-closed]").is_visible()
    assert phone_page.locator("button", has_text="Accept").count() == 0
    phone_page.screenshot(path=str(tmp_path / "closed-detail.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_did_you_mean_button_fixes_the_line_on_a_phone(
    phone_page, live_server, event_with_staff, fab_release, legal_cc_text
):
    """Issue 36: the suggestions of a line that names no card are buttons that rewrite it."""
    import os

    s = event_with_staff
    user = s["alice"].player.user
    login_in_browser(phone_page, live_server, user.username, "pw-" + user.username)
    phone_page.goto(f"{live_server.url}/decklists/e/{s['event'].slug}/")
    phone_page.fill("textarea[name=text]", legal_cc_text + "\n2 Snach (red)")
    phone_page.click("button[name=save]")
    phone_page.wait_for_url("**/decklists/*/")
    assert phone_page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    if os.environ.get("ARBITER_SCREENSHOTS"):
        phone_page.screenshot(path=os.path.join(os.environ["ARBITER_SCREENSHOTS"], "friday-suggestions.png"))
    phone_page.click("[data-suggestions] button[value='Snatch']")
    phone_page.wait_for_selector("text=now reads Snatch")
    decklist = Decklist.objects.get(registration=s["alice"])
    assert "2 Snatch (red)" in decklist.raw_text.splitlines() and decklist.problems == []
