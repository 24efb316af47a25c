"""A Grand Archive dispute reconstructed on a 390 px phone, from the judge call to the recorded fix
(issue 34, real chromium): GA's start form, GA's verbs, a violation citing the GA CR, an unreadable
line with readings to copy, a rewind, the backup report in memory and field terms, the fix and the
ruling, then the player's redacted view."""

import os

import pytest

from decklists.models import Decklist
from judging.models import Reconstruction
from judging.reconstruction import ga as recon_ga
from judging.services import calls as call_services
from tests.conftest import login_in_browser
from tests.judging.conftest import make_world
from tournament.enums import EventType, FormatCode, Game


def _no_sideways_scroll(page):
    width = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width[0] <= width[1], f"page scrolls sideways on a phone: {width}"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not recon_ga.ga_cards()[0].names(), reason="the GA card data (<shared>/data/ga) is not there"
)
def test_judge_reconstructs_a_ga_dispute_on_a_phone(live_server, phone_page):
    w = make_world(game=Game.GA, format=FormatCode.GA_STANDARD, event_type=EventType.GA_STORE_CHAMPIONSHIP)
    Decklist.objects.create(
        registration=w.alice,
        status="accepted",
        cards=[
            {"name": "Spirit of Fire", "qty": 1, "section": "material"},
            {"name": "Lorraine, Wandering Warrior", "qty": 1, "section": "material"},
            {"name": "Drawn Blade", "qty": 1, "section": "material"},
            {"name": "Strapping Conscript", "qty": 4, "section": "main"},
            {"name": "Meadowbloom Dryad", "qty": 4, "section": "main"},
        ],
    )
    Decklist.objects.create(
        registration=w.bob,
        status="accepted",
        cards=[
            {"name": "Lost Spirit", "qty": 1, "section": "material"},
            {"name": "Silvie, Wilds Whisperer", "qty": 1, "section": "material"},
            {"name": "Meadowbloom Dryad", "qty": 4, "section": "main"},
        ],
    )
    call = call_services.open_call(w.event, actor=w.fj, match=w.match, question="could P1 play the Dryad?")
    page = phone_page
    login_in_browser(page, live_server, w.fj.username, "pw-" + w.fj.username)

    # From the call: start a reconstruction of game 1 (GA rules, champions from the decklists).
    page.goto(f"{live_server.url}/judging/{w.event.slug}/calls/{call.pk}/")
    page.fill("input[name=game_number]", "1")
    page.click("#start-reconstruction")
    page.wait_for_load_state()
    assert "Alice (P1) v Bob (P2)" in page.inner_text("h1")
    assert "GA Comprehensive Rules" in page.inner_text(".recon-links")
    assert page.input_value("input[name=P1-champion]") == "Spirit of Fire"
    _no_sideways_scroll(page)

    # The agreed start: Lorraine over Spirit of Fire with a Drawn Blade; Silvie has taken 3.
    page.fill("input[name=P1-champion]", "Lorraine, Wandering Warrior")
    page.fill("input[name=P1-beneath]", "Spirit of Fire")
    page.fill("input[name=P1-hand]", "Strapping Conscript, Backstab, Hypothermia, Meadowbloom Dryad")
    page.fill("input[name=P1-field]", "Drawn Blade")
    page.fill("input[name=P2-champion]", "Silvie, Wilds Whisperer")
    page.fill("input[name=P2-beneath]", "Lost Spirit")
    page.fill("input[name=P2-damage]", "3")
    page.fill("input[name=P2-field]", "Meadowbloom Dryad")
    if os.environ.get("ARBITER_SCREENSHOTS"):
        page.screenshot(
            path=os.path.join(os.environ["ARBITER_SCREENSHOTS"], "recon-ga-start-390.png"), full_page=True
        )
    page.click("#save-start")
    page.wait_for_load_state()
    panel = page.inner_text("#state-panel")
    assert "♥ 20" in panel and "♥ 16" in panel and "Main Phase" in panel, panel

    # Steps with a GA button and the text area: the Dryad (Tera) is illegal, the Conscript legal.
    page.click("button.quick-btn:has-text('P1 plays')")
    assert page.input_value("#lines") == "p1 plays "
    page.fill(
        "#lines",
        "p1 plays Meadowbloom Dryad reserving Backstab, Hypothermia\n"
        "p1 plays Strapping Conscript reserving Backstab, Hypothermia; all pass\n"
        "P1 frobnicates the widget\n",
    )
    page.click("#add-steps")
    page.wait_for_load_state()
    assert page.locator("li.step[data-line]").count() == 3
    flagged = page.locator("#step-1 .finding.violation")
    assert flagged.count() == 1 and "GA 2.3.a.3" in flagged.inner_text()
    assert "1 violation" in page.inner_text("#state-panel")
    assert "mem 2" in page.inner_text("#state-panel")
    unreadable = page.inner_text("#step-3")
    assert "Did you mean:" in unreadable and "P1 plays <card> reserving <card>, <card>" in unreadable
    _no_sideways_scroll(page)
    if os.environ.get("ARBITER_SCREENSHOTS"):
        page.screenshot(
            path=os.path.join(os.environ["ARBITER_SCREENSHOTS"], "recon-ga-390.png"), full_page=True
        )

    # Rewind past the unreadable line: asked first, then a branch (the line stays, superseded).
    page.click("#step-2 a.rewind")
    page.wait_for_load_state()
    assert "P1 frobnicates the widget" in page.inner_text("#rewind-confirm")
    page.click("#rewind-yes")
    page.wait_for_load_state()
    assert "Rewound to step 2" in page.inner_text("body")
    assert page.locator("li.step.superseded").count() == 1

    # The backup report in GA's zones, then the fix: back up to step 1 (before the Conscript).
    page.fill("input[name=backup]", "1")
    page.click("text=What would it undo?")
    page.wait_for_load_state()
    report = page.inner_text("#backup-report")
    assert "Backup to step 1" in report and "Leave the field: Strapping Conscript" in report, report
    assert "Out of memory: Backstab, Hypothermia" in report
    _no_sideways_scroll(page)
    page.check("input[name=fix][value=backup]")
    page.fill("#fix-form input[name=step]", "1")
    page.click("#fix-form button")
    page.wait_for_load_state()
    assert "Recorded: Back up to a step (step 1)" in page.inner_text("#fix-recorded")
    recon = Reconstruction.objects.get()
    assert (recon.fix, recon.fix_step, recon.lines[-1]) == ("backup", 1, "rewind 2")
    assert recon.fix_report["backup"]["players"]["P1"]["objects_leaving_the_field"] == ["Strapping Conscript"]

    # One tap cites the GA CR in the call's ruling; no FaB document anywhere.
    page.click("#cite")
    page.wait_for_load_state()
    ruling = page.inner_text("#ruling-card")
    assert "GA 2.3.a.3" in ruling and "PPG" not in ruling
    call.refresh_from_db()
    assert call.status == "ruled" and "GA 2.3.a.3" in call.citations

    # Closed, the opponent sees the final state without Alice's hand and memory.
    call_services.close_call(call, judge=w.fj, duration_seconds=120)
    page.context.clear_cookies()
    login_in_browser(page, live_server, w.bob.player.user.username, "pw-" + w.bob.player.user.username)
    page.goto(f"{live_server.url}/judging/{w.event.slug}/reconstructions/{recon.pk}/")
    final = page.inner_text("#final-state")
    assert "Lorraine, Wandering Warrior" in final and "Backstab" not in final and "Meadowbloom Dryad" in final
    assert "memory, main deck and material deck are not shown" in final
    _no_sideways_scroll(page)
