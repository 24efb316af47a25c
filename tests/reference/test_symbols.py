"""Rules text shows the documents' symbol markup ({p}, {d}, {h}, {i}, {r}) as readable symbols."""

from __future__ import annotations

import pytest
from django.test import Client

from reference.rendering import render_rule_text
from reference.services import import_rules_document
from reference.symbols import symbols_words
from tests.reference import samples


@pytest.mark.parametrize(
    ("markup", "name"),
    [("{p}", "power"), ("{d}", "defense"), ("{h}", "life"), ("{i}", "intellect"), ("{r}", "resource")],
)
def test_each_symbol_is_a_labelled_glyph(markup, name):
    html = str(render_rule_text(f"A card gets +1{markup} this turn."))
    assert markup not in html
    assert f'aria-label="{name}"' in html


def test_symbols_in_words_for_plain_text():
    assert (
        symbols_words("Target attack gets +1{p} and costs {r}{r}.")
        == "Target attack gets +1 power and costs resource resource."
    )


def test_markup_around_symbols_stays_escaped():
    html = str(render_rule_text("<b>{p}</b>"))
    assert "&lt;b&gt;" in html and "<b>" not in html


@pytest.mark.django_db
def test_rule_page_shows_no_raw_symbol_markup():
    text = samples.CR_MARKDOWN.replace(
        "1.0.1. A widget is a small thing used in play.",
        "1.0.1. A widget has 3{p} and 2{d}, costs {r} and gives 1{h} and 1{i}.",
    )
    import_rules_document(text, kind="cr", version="9.9.9")
    page = Client().get("/rules/cr/1.0.1/", follow=True).content.decode()
    assert "3{p}" not in page and "{d}" not in page and "{r}" not in page
    assert 'aria-label="power"' in page and 'aria-label="intellect"' in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_rule_page_in_a_browser_reads_symbols(live_server, phone_page):
    text = samples.CR_MARKDOWN.replace(
        "1.0.1. A widget is a small thing used in play.", "1.0.1. A widget has 3{p} and 2{d} and costs {r}."
    )
    import_rules_document(text, kind="cr", version="9.9.9")
    phone_page.goto(f"{live_server.url}/rules/cr/1.0.1/")
    body = phone_page.locator("main").inner_text()
    assert "{p}" not in body and "{r}" not in body
    assert "3\u2694" in body
    assert phone_page.locator(".rule-sym-p").first.get_attribute("aria-label") == "power"
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
