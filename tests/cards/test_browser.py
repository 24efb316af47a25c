"""The card search page in a real browser on a phone: autocomplete, search, detail."""

import pytest


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_card_search_on_a_phone(live_server, phone_page, make_release):
    make_release()
    page = phone_page
    page.goto(live_server.url + "/cards/")
    page.fill("#card-q", "snach")
    # The datalist is filled from /api/cards/autocomplete/ as the user types.
    page.wait_for_selector("#card-suggest option", state="attached")  # no eval: the site's CSP forbids it
    assert page.eval_on_selector("#card-suggest option", "o => o.value") == "Snatch"
    page.fill("#card-q", "snatch")
    page.select_option("select[name=pitch]", "1")
    page.click("button[type=submit]")
    page.wait_for_load_state()
    rows = page.locator("table.card-table tbody tr")
    assert rows.count() == 1
    rows.first.locator("a").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text().startswith("Snatch")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
