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
