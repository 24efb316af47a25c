"""Public pages and API of the rules reference; N+1 guards at two sizes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from reference.rendering import _index
from reference.services import import_rules_document

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_render_cache():
    _index.cache_clear()
    yield
    _index.cache_clear()


@pytest.mark.parametrize(
    "url, expected",
    [
        ("/rules/", "Rules reference"),
        ("/rules/cr/", "1.1</span> Tables"),
        ("/rules/cr/1.0.1a/", "can be blue or green."),
        ("/rules/cr/1.1/", "may hold at most ten"),
        ("/rules/cr/1.0.1a/?version=old", "You are reading version old"),
        ("/rules/cr/v/old/1.0.1b/", "spare widget"),
        ("/rules/cr/v/old/", "1.0</span> General"),
        ("/rules/trp/1.2/", "Clock Extensions (5 minutes)"),
        ("/rules/ga/1.7.h.3a/", "at most one copy of a regalia"),
        ("/rules/cr/glossary/", 'id="sprocket"'),
        ("/rules/search/?q=widgets", "result"),
        ("/rules/cr/compare/?from=old&to=9.9.9", "1.0.1b"),
    ],
)
def test_public_pages_render_without_login(client, sample_documents, url, expected):
    response = client.get(url)

    assert response.status_code == 200
    assert expected in response.content.decode()


@pytest.mark.parametrize(
    "url, status, message",
    [
        ("/rules/mtg/", 404, "There is no rules document called &#x27;mtg&#x27;"),
        ("/rules/mtg/compare/", 404, "There is no rules document called"),
        ("/rules/cr/7.7.7/", 404, "has no rule 7.7.7"),
        ("/rules/cr/1.0.1/?version=nope", 404, "version"),
        ("/rules/cr/compare/?from=old&to=nope", 400, "Choose two imported versions"),
        ("/rules/cr/compare/?from=old&to=old", 400, "Choose two different versions"),
    ],
)
def test_bad_addresses_give_clear_errors(client, sample_documents, url, status, message):
    response = client.get(url)

    assert response.status_code == status
    assert message in response.content.decode()


def test_rule_page_shows_breadcrumbs_prev_next_and_links(client, sample_documents):
    html = client.get("/rules/cr/1.0.1a/").content.decode()

    assert '<a href="/rules/cr/1.0/">1.0 General</a>' in html
    assert 'rel="prev" href="/rules/cr/1.0.1/"' in html
    assert 'rel="next" href="/rules/cr/1.1/"' in html
    # the [2.0.1] reference in the text links to the rule, the glossary term to the glossary
    assert '<a class="rule-ref" href="/rules/cr/2.0.1/">2.0.1</a>' in html
    assert 'class="gloss" href="/rules/cr/glossary/#widget"' in html


def test_compare_page_items_use_rule_anchors(client, sample_documents):
    html = client.get("/rules/cr/compare/", {"from": "old", "to": "9.9.9"}).content.decode()

    assert '<li id="r-1-0-1b" class="change removed">' in html
    assert '<li id="r-1-1-1" class="change changed">' in html


def test_rule_page_escapes_rule_text(client, sample_documents):
    html = client.get("/rules/cr/2.0.2/").content.decode()

    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_search_page_redirects_to_exact_number_with_go(client, sample_documents):
    response = client.get("/rules/search/", {"q": "TR&P 1.2", "go": "1"})

    assert response.status_code == 302
    assert response["Location"] == "/rules/trp/1.2/"


def test_search_page_with_go_lists_when_a_number_is_in_several_documents(client, sample_documents):
    response = client.get("/rules/search/", {"q": "1.1", "go": "1"})

    assert response.status_code == 200
    assert "/rules/cr/1.1/" in response.content.decode()
    assert "/rules/ga/1.1/" in response.content.decode()


def test_api_search_and_rule(api_client, sample_documents):
    search = api_client.get("/api/rules/search/", {"q": "CR 1.0.1a"})
    rule = api_client.get("/api/rules/cr/1.0.1/")

    assert search.status_code == 200
    first = search.json()["results"][0]
    assert (first["document"], first["version"], first["number"], first["url"]) == (
        "cr",
        "9.9.9",
        "1.0.1a",
        "/rules/cr/1.0.1a/",
    )
    assert first["snippet_html"].startswith("A widget can be blue or green.")
    body = rule.json()
    assert (body["number"], body["parent"]["number"], [c["number"] for c in body["children"]]) == (
        "1.0.1",
        "1.0",
        ["1.0.1a"],
    )
    assert body["next"]["url"] == "/rules/cr/1.0.1a/"


@pytest.mark.parametrize(
    "url, status, key",
    [
        ("/api/rules/search/", 400, "q"),
        ("/api/rules/search/?q=x&doc=mtg", 400, "doc"),
        ("/api/rules/cr/9.9.9.9/", 404, "detail"),
        ("/api/rules/mtg/1.1/", 404, "detail"),
        ("/api/rules/cr/1.1/?version=nope", 404, "detail"),
    ],
)
def test_api_bad_input_is_a_clear_error(api_client, sample_documents, url, status, key):
    response = api_client.get(url)

    assert response.status_code == status
    body = response.json()
    assert key in body or body.get("field") == key


# ---- N+1 guards ---------------------------------------------------------------------------------


def _numbered_document(sections: int, rules_per_section: int) -> str:
    lines = ["1. Basics", ""]
    for s in range(sections):
        lines += [f"1.{s}. Section {s}", ""]
        for r in range(1, rules_per_section + 1):
            lines += [f"1.{s}.{r}. Widget rule {s} {r} about widgets and tables.", ""]
            lines += [f"1.{s}.{r}a A widget sub-rule {s} {r}.", ""]
    lines += ["Glossary", "", "Widget A small thing.^[1.0.1]", ""]
    return "\n".join(lines)


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "url",
    [
        "/rules/cr/",
        "/rules/search/?q=widget",
        "/rules/search/?q=CR+1.1",
        "/rules/cr/1.1/",
        "/rules/",
        "/rules/cr/glossary/",
        "/api/rules/search/?q=widget",
    ],
)
def test_query_count_does_not_grow_with_document_size(client, url, django_assert_num_queries):
    import_rules_document(_numbered_document(3, 3), kind="cr", version="small")
    _queries(client, url)  # warm the per-document render cache
    small = _queries(client, url)

    import_rules_document(_numbered_document(12, 12), kind="cr", version="small")
    import_rules_document(_numbered_document(2, 2), kind="trp", version="extra")
    _index.cache_clear()
    _queries(client, url)

    with django_assert_num_queries(small):
        client.get(url)


def test_glossary_page_has_a_letter_index(client):
    terms = "\n\n".join(
        f"{w} A thing.^[1.0.1]" for w in ["Apple", "Banana", "Cherry", "Date", "Elder", "Fig"]
    )
    import_rules_document(
        f"1. Basics\n\n1.0. General\n\n1.0.1. A rule.\n\nGlossary\n\n{terms}\n", kind="cr", version="1"
    )

    html = client.get("/rules/cr/glossary/").content.decode()

    assert '<a href="#apple">A</a><a href="#banana">B</a>' in html
