"""The public event page on a 390 px phone: the top-cut bracket and the standings are whole
(nothing cut off at the screen's edge): each fits, or scrolls inside its own box."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.factories import MatchFactory, RoundFactory
from tests.tournament.test_pages import build_running_event
from tournament.enums import MatchResult, RoundStage, RoundStatus
from tournament.models import Round

BOX = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  return {left: r.left, right: r.right, scroll: el.scrollWidth, client: el.clientWidth,
          overflow: style.overflowX};
}"""


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_bracket_and_standings_fit_a_phone(live_server, phone_page):
    event, regs, r1, r2 = build_running_event(8)
    for reg in regs:
        reg.player.display_name = f"Maximiliana {reg.pk} Featherstonehaugh-Cholmondeley"
        reg.player.save()
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.COMPLETE)
    for m in r2.matches.all():
        m.result, m.games_a = MatchResult.A_WINS, 1
        m.save()
    top = RoundFactory(event=event, number=3, stage=RoundStage.TOP_CUT, status=RoundStatus.PUBLISHED)
    for slot, (a, b) in enumerate([(0, 7), (3, 4), (2, 5), (1, 6)], start=1):
        MatchFactory(
            round=top,
            table_number=slot,
            player_a=regs[a],
            player_b=regs[b],
            seed_a=a + 1,
            seed_b=b + 1,
            bracket_slot=slot,
        )
    page = phone_page
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.wait_for_selector("#top-cut .bracket")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in ("#top-cut .bracket", "#standings .table-wrap"):
        box = page.evaluate(BOX, selector)
        assert box["left"] >= 0 and box["right"] <= 390, (selector, box)
        if box["scroll"] > box["client"]:
            assert box["overflow"] in ("auto", "scroll"), (selector, box)
    # Every player's name in the bracket is readable (not cut off by an ellipsis or hidden).
    names = page.locator("#top-cut .bracket li div")
    for i in range(names.count()):
        cell = names.nth(i)
        assert cell.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), cell.inner_text()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_player_page_on_a_phone_reads_plainly(live_server, phone_page):
    from tests.conftest import login_in_browser

    event, regs, r1, r2 = build_running_event(4)
    user = regs[0].player.user
    user.set_password("pw-player")
    user.save()
    login_in_browser(phone_page, live_server, user.username, "pw-player")
    phone_page.goto(f"{live_server.url}/events/{event.slug}/me/")
    heading = phone_page.locator("h2", has_text="My record").inner_text()
    assert heading.endswith("1-0-0, 1 point")
    icon = phone_page.evaluate("document.querySelector('link[rel=icon]').href")
    assert phone_page.request.get(icon).status == 200
