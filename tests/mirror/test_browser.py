"""An organizer imports a GEM event on a phone, re-imports after round 3 and opens the hand-back
sheet (real chromium at 390 px)."""

from __future__ import annotations

import os

import pytest

from tests.conftest import login_in_browser
from tests.factories import UserFactory
from tests.mirror.conftest import FIXTURES, ROUND_2_FILES
from tournament.models import Event

SHOTS = os.environ.get("MIRROR_SCREENSHOTS")  # a folder to keep the screenshots in, when set


def _no_sideways_scroll(page) -> None:
    width = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width[0] <= width[1], f"page scrolls sideways on a phone: {width}"


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_import_reimport_and_hand_back_on_a_phone(live_server, phone_page):
    user = UserFactory(username="mirror-phone")
    page = phone_page
    login_in_browser(page, live_server, user.username, "pw-" + user.username)

    page.goto(f"{live_server.url}/mirror/")
    _no_sideways_scroll(page)
    page.fill("input[name=name]", "Armory Night")
    page.fill("input[name=source_id]", "GEM-31")
    page.set_input_files("input[name=files]", [str(FIXTURES / n) for n in ROUND_2_FILES])
    _shot(page, "1-import-form")
    page.click("[data-import]")
    page.wait_for_load_state()
    assert "Imported Armory Night" in page.inner_text("body")
    assert "9 players added" in page.inner_text("[data-latest-import]")
    _no_sideways_scroll(page)
    _shot(page, "2-imported")

    event = Event.objects.get(mirror_source_id="GEM-31")
    page.set_input_files("input[name=files]", [str(FIXTURES / "gem_pairings_r3.csv")])
    page.click("[data-import]")
    page.wait_for_load_state()
    assert "Re-imported: 2 changes." in page.inner_text("body")
    assert "round 3: new, 4 tables" in page.inner_text("[data-latest-import]")

    page.click("[data-result-sheet='3']")
    page.wait_for_load_state()
    assert page.inner_text("tr[data-table='4'] [data-result]") == "DRAW"
    _no_sideways_scroll(page)
    _shot(page, "3-result-sheet")

    page.goto(f"{live_server.url}/mirror/{event.slug}/standings/")
    assert "player(s) differ" in page.inner_text("[data-differences]") or "agree" in page.inner_text(
        "[data-differences]"
    )
    _no_sideways_scroll(page)
    _shot(page, "4-standings")
