"""The player's page on a phone (real chromium at 390 px), as at a store whose laptop serves the
site over plain HTTP on the local network: no service worker, no notifications; the page updates
itself and raises its banner when the pairings go up (issue 29)."""

from __future__ import annotations

import os
import time
from types import SimpleNamespace

import pytest

from decklists.enums import DecklistStatus
from decklists.models import Decklist
from tests.conftest import CHROMIUM, login_in_browser
from tests.factories.tournament import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
)
from tournament import services
from tournament.enums import EventStatus, MatchResult, RoundStatus

#: A name that is not the loopback: browsers treat http://localhost and 127.0.0.1 as secure
#: contexts, a laptop's address on the shop's network is not. Chromium resolves it to the
#: loopback (--host-resolver-rules), so the page is served as plain HTTP from "another machine".
LAN_HOST = "arbiter-laptop.lan"


BEEP_COUNTER = """
(() => {
  window.__tones = 0;
  window.__vibrations = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
  navigator.vibrate = () => { window.__vibrations += 1; return true; };
})();
"""


@pytest.fixture
def lan_phone(_playwright, live_server, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_HOST]
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"],
    )
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    port = live_server.url.rsplit(":", 1)[1]
    yield page, f"http://{LAN_HOST}:{port}"
    context.close()
    browser.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_lan_player_page_updates_itself_within_5_s_of_the_pairings(lan_phone):
    page, site = lan_phone
    event = EventFactory(status=EventStatus.RUNNING, name="Friday Armory")
    ana = RegistrationFactory(
        event=event, player=PlayerProfileFactory(display_name="Ana", player_id="GEM111")
    )
    bo = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bo", player_id="GEM222"))
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.PAIRED)
    match = MatchFactory(round=rnd, table_number=4, player_a=ana, player_b=bo)

    # Count the tones the page starts and the vibrations it asks for (the page's own audio code
    # runs unchanged; headless Chromium has no speaker to listen to).
    page.context.add_init_script(BEEP_COUNTER)
    login_in_browser(
        page, SimpleNamespace(url=site), ana.player.user.username, "pw-" + ana.player.user.username
    )
    page.goto(f"{site}/events/{event.slug}/me/")
    assert page.evaluate("() => window.isSecureContext") is False
    assert "No pairing yet" in page.inner_text("#my-match")
    mode = page.inner_text("#phone")
    assert "Local network mode: this page updates itself." in mode
    assert "plain HTTP" in mode and "HTTPS" in mode
    assert page.is_hidden("[data-push-controls]")
    page.locator("h1").first.click()  # the first tap (on the heading, no link) lets the page beep later
    page.wait_for_timeout(3500)  # at least one poll has seen the page as it is

    services.publish_round(rnd, actor=None)
    published = time.monotonic()
    page.wait_for_selector("#attention:not([hidden])", timeout=5_000)
    page.wait_for_selector(
        "[data-my-table]", timeout=max(100, int((5 - (time.monotonic() - published)) * 1000))
    )
    assert time.monotonic() - published < 5
    assert page.inner_text("#attention") == "Round 1: table 4 against Bo."
    assert page.inner_text("[data-my-table]") == "Table 4"
    assert page.inner_text("[data-opponent]") == "Bo"
    assert page.title().startswith("(!) Round 1: table 4")
    # The sound: two tones from the audio the first tap unlocked; and a vibration.
    assert page.evaluate("() => [window.__tones, window.__vibrations]") == [2, 1]
    # Bo reports a result: Ana's page asks her to confirm it, by itself, within 5 s too.
    services.report_result(match, actor=bo.player.user, result=MatchResult.B_WINS, games_b=1)
    reported = time.monotonic()
    page.wait_for_function(
        "() => document.getElementById('attention').textContent.includes('Confirm it')", timeout=5_000
    )
    assert time.monotonic() - reported < 5
    assert page.inner_text("#attention") == "Round 1: your opponent reported a result. Confirm it."
    assert page.title() == "(!) Round 1: your opponent reported a result. Confirm it."
    width = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width[0] <= width[1], f"page scrolls sideways on a phone: {width}"
    if os.environ.get("ARBITER_SCREENSHOTS"):
        page.screenshot(
            path=os.path.join(os.environ["ARBITER_SCREENSHOTS"], "lan-player.png"), full_page=True
        )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_over_https_the_players_page_is_kept_for_offline_use(live_server, phone_page, vapid_key):
    """``localhost`` is a secure context like an HTTPS site: the service worker installs, and the
    player's page still shows their table, opponent and record with the network gone, saying when
    it was last updated and that it is the last copy; their decklist, seen once, opens too."""
    page = phone_page
    event = EventFactory(status=EventStatus.RUNNING, name="Friday Armory")
    ana = RegistrationFactory(
        event=event, player=PlayerProfileFactory(display_name="Ana", player_id="GEM111")
    )
    bo = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bo", player_id="GEM222"))
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.PAIRED)
    MatchFactory(round=rnd, table_number=4, player_a=ana, player_b=bo)
    services.publish_round(rnd, actor=None)
    decklist = Decklist.objects.create(registration=ana, status=DecklistStatus.ACCEPTED, raw_text="x")

    login_in_browser(page, live_server, ana.player.user.username, "pw-" + ana.player.user.username)
    page.goto(f"{live_server.url}/events/{event.slug}/me/")
    assert page.evaluate("() => window.isSecureContext") is True
    assert "Notifications mode" in page.inner_text("#phone")
    assert page.is_hidden("[data-ios-hint]")  # an Android phone needs no home screen icon
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the worker controls the page and keeps a copy of it
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    decklist_url = f"{live_server.url}/decklists/{decklist.pk}/"
    page.goto(decklist_url)  # seen once online: kept too
    online_decklist = page.inner_text("main")
    page.goto(f"{live_server.url}/events/{event.slug}/me/")
    page.context.set_offline(True)
    try:
        page.reload()
        assert page.inner_text("[data-my-table]") == "Table 4"
        assert page.inner_text("[data-opponent]") == "Bo"
        assert "My record" in page.inner_text("#player-live")
        page.wait_for_selector("[data-last-updated][data-state=offline]", timeout=10_000)
        last_updated = page.inner_text("[data-last-updated]")
        assert last_updated.startswith("Last updated")
        assert "offline: this is the last copy" in last_updated
        page.goto(decklist_url)
        assert page.inner_text("main") == online_decklist
        assert online_decklist.startswith("Constructed decklist: Ana") and "Accepted" in online_decklist
    finally:
        page.context.set_offline(False)


IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_an_iphone_the_page_says_to_add_it_to_the_home_screen(live_server, chromium_browser, vapid_key):
    """iOS Safari offers Web Push only to a site opened from the home screen: in a Safari tab it
    has no PushManager nor Notification. Chromium plays that tab (an iPhone's user agent, those
    two removed before the page's scripts run) over a secure origin; the panel tells how."""
    event = EventFactory(status=EventStatus.RUNNING, name="Friday Armory")
    ana = RegistrationFactory(
        event=event, player=PlayerProfileFactory(display_name="Ana", player_id="GEM111")
    )
    context = chromium_browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=3,
        user_agent=IPHONE_SAFARI,
    )
    context.add_init_script("delete window.PushManager; delete window.Notification;")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        login_in_browser(page, live_server, ana.player.user.username, "pw-" + ana.player.user.username)
        page.goto(f"{live_server.url}/events/{event.slug}/me/")
        assert page.evaluate("() => window.isSecureContext && !('PushManager' in window)") is True
        page.wait_for_selector("[data-ios-hint]:not([hidden])")
        hint = page.inner_text("[data-ios-hint]")
        assert "tap Share, then “Add to Home Screen”" in hint
        assert page.inner_text("#phone [data-mode]") == "This page updates itself while it is open."
        assert page.is_hidden("[data-push-controls]")
    finally:
        context.close()
