"""reference.rendering: rule text to escaped HTML with links."""

from __future__ import annotations

import pytest

from reference.rendering import _index, document_index, render_rule_text


def test_render_rule_text_paragraphs_lists_tables_and_examples_escape_everything():
    text = "First <b>.\n\n- one & two\n\n- three\n\nExample: <i>x</i>\n\nA | B\n\n1 | <2>"

    html = render_rule_text(text)

    assert html == (
        "<p>First &lt;b&gt;.</p><ul><li>one &amp; two</li><li>three</li></ul>"
        '<p class="example">Example: &lt;i&gt;x&lt;/i&gt;</p>'
        '<div class="table-wrap"><table class="rules-table"><tr><th>A</th><th>B</th></tr>'
        "<tr><td>1</td><td>&lt;2&gt;</td></tr></table></div>"
    )


def test_render_rule_text_links_citations_without_document():
    html = render_rule_text("See TR&P 3.2 now.")

    assert html == '<p>See <a class="rule-cite" href="/rules/trp/3.2/">TR&amp;P 3.2</a> now.</p>'


@pytest.mark.django_db
def test_render_rule_text_links_known_references_and_first_glossary_use(sample_documents):
    _index.cache_clear()
    index = document_index(sample_documents["cr"])

    html = render_rule_text("A widget, a widget [1.0.1] and Rule 1.1 but not [7.7.7].", index)

    assert html.count('class="gloss"') == 1
    assert '<a class="rule-ref" href="/rules/cr/1.0.1/">1.0.1</a>' in html
    assert '<a class="rule-ref" href="/rules/cr/1.1/">1.1</a>' in html
    assert "[7.7.7]" in html


@pytest.mark.django_db
def test_render_rule_text_old_version_links_keep_the_version(sample_documents):
    _index.cache_clear()
    index = document_index(sample_documents["old"])

    html = render_rule_text("(See Rule 1.0.1)", index, link_glossary=False)

    assert html == '<p>(See Rule <a class="rule-ref" href="/rules/cr/1.0.1/?version=old">1.0.1</a>)</p>'


@pytest.mark.django_db
def test_render_rule_text_links_a_term_once_per_page(sample_documents):
    _index.cache_clear()
    index = document_index(sample_documents["cr"])
    linked: set[str] = set()

    first = render_rule_text("A sprocket.", index, linked_terms=linked)
    second = render_rule_text("Another sprocket.", index, linked_terms=linked)

    assert 'class="gloss"' in first
    assert 'class="gloss"' not in second
