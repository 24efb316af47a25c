"""A floor judge issues a penalty from a phone and the head judge confirms it (real chromium)."""

import pytest

from judging.models import Penalty
from tests.conftest import login_in_browser
from tests.judging.conftest import make_world
from tournament.enums import MatchResult


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_floor_judge_issues_penalty_from_phone(live_server, phone_page):
    w = make_world()
    page = phone_page
    login_in_browser(page, live_server, w.fj.username, "pw-" + w.fj.username)

    # A player calls at table 1: open the call from the dashboard.
    page.goto(f"{live_server.url}/judging/{w.event.slug}/")
    page.fill("input[name=table_number]", "1")
    page.click("text=Open call")
    page.wait_for_load_state()
    assert "Call at table 1" in page.inner_text("h1")
    page.click("text=I'm on it")
    page.wait_for_load_state()

    # From the call, issue a penalty: pick player and infraction, see the recommendation.
    page.click("text=Issue a penalty")
    page.wait_for_load_state()
    page.select_option("select[name=registration]", str(w.alice.pk))
    page.select_option("select[name=infraction]", "outside_assistance")
    page.click("#preview")
    page.wait_for_load_state()
    assert "Recommended: Game Loss" in page.inner_text("#recommendation")
    assert "Head-judge confirmation needed" in page.inner_text("#recommendation")
    width = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width[0] <= width[1], f"page scrolls sideways on a phone: {width}"
    page.fill("textarea[name=description]", "Looked at notes mid-game")
    page.click("#issue")
    page.wait_for_load_state()
    assert "waiting for the head judge" in page.inner_text("body")

    p = Penalty.objects.get()
    assert (p.status, p.penalty, p.call.table_number, p.match_id) == ("pending", "game_loss", 1, w.match.pk)

    # The head judge confirms on their phone; the game loss reaches the match result.
    page.context.clear_cookies()
    login_in_browser(page, live_server, w.hj.username, "pw-" + w.hj.username)
    page.goto(f"{live_server.url}/judging/{w.event.slug}/")
    page.click(f"a[href='/judging/{w.event.slug}/penalties/{p.pk}/']")
    page.wait_for_load_state()
    page.click("#confirm")
    page.wait_for_load_state()
    assert "Penalty confirmed." in page.inner_text("body")
    w.match.refresh_from_db()
    assert (w.match.games_b, w.match.result) == (1, MatchResult.PENDING)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_judge_runs_a_deck_check_from_phone(live_server, phone_page):
    from decklists.models import Decklist
    from judging import services

    w = make_world()
    Decklist.objects.create(
        registration=w.alice,
        status="accepted",
        cards=[{"name": "Snatch", "pitch": 1, "qty": 3, "section": "deck"}],
    )
    check = services.create_deck_check(w.alice, judge=w.fj, match=w.match)
    page = phone_page
    login_in_browser(page, live_server, w.fj.username, "pw-" + w.fj.username)
    page.goto(f"{live_server.url}/judging/{w.event.slug}/deck-checks/{check.pk}/")
    page.wait_for_selector("#elapsed:has-text(':')")  # no eval under the site's CSP
    page.fill("input[name=count-0]", "2")
    page.uncheck("input[name=check-not_marked]")
    page.click("text=Done: return the deck")
    page.wait_for_load_state()
    assert "Snatch (red)" in page.inner_text("table.counts tr.mismatch")
    body = page.inner_text("body")
    assert "Card-Pool Contents Error" in body and "Marked Cards" in body
    w.match.refresh_from_db()
    assert w.match.extension_seconds >= 180
