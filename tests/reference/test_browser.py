"""A judge on a phone searches the rules and opens a rule."""

from __future__ import annotations

import pytest

from reference.rendering import _index
from reference.services import import_rules_document
from tests.reference import samples


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_phone_search_then_open_rule(phone_page, live_server):
    _index.cache_clear()
    import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9")
    import_rules_document(samples.TRP, kind="trp", version="2099")
    page = phone_page

    page.goto(f"{live_server.url}/rules/")
    page.fill("#rules-q", "ten widgets")
    page.press("#rules-q", "Enter")
    page.wait_for_selector(".hit")

    assert page.locator(".hit mark").first.inner_text().lower() == "ten"
    page.click(".hit a >> nth=0")
    page.wait_for_selector(".rule.focus")

    assert page.url == f"{live_server.url}/rules/cr/1.1.1b/"
    assert "may hold at most ten" in page.locator(".rule.focus").inner_text()
    # readable on a phone: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("nav.crumbs >> text=1.1 Tables")
    page.wait_for_url(f"{live_server.url}/rules/cr/1.1/")
    assert page.locator("section.rule").count() == 3
    # a rule number goes straight to the rule
    page.fill("#rules-q", "tr&p 1.2")
    page.press("#rules-q", "Enter")
    page.wait_for_url(f"{live_server.url}/rules/trp/1.2/")
    assert "Clock Extensions" in page.locator("article").inner_text()
