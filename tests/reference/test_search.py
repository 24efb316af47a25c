"""search_rules: by number, by words (full-text on PostgreSQL, LIKE on SQLite), highlighting, compare."""

from __future__ import annotations

import pytest

from reference.selectors import compare_documents, rule_for_citation, search_rules, word_diff

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query, first",
    [
        ("1.0.1a", ("cr", "1.0.1a")),
        ("CR 1.0.1a", ("cr", "1.0.1a")),
        ("cr 1.1.1b", ("cr", "1.1.1b")),
        ("tr&p 1.2", ("trp", "1.2")),
        ("TRP 1.2", ("trp", "1.2")),
        ("GA 1.7.h.3a", ("ga", "1.7.h.3a")),
        ("1.2", ("trp", "1.2")),
    ],
)
def test_search_by_number_finds_the_rule_first(sample_documents, query, first):
    results = search_rules(query)

    assert results.number_query
    assert (results.hits[0].document.kind, results.hits[0].rule.number) == first
    assert results.hits[0].exact


def test_search_by_number_lists_sub_rules_after_the_rule(sample_documents):
    results = search_rules("CR 1.1")

    assert [h.rule.number for h in results.hits] == ["1.1", "1.1.1", "1.1.1b"]


def test_search_by_number_with_edition_uses_that_version(sample_documents):
    results = search_rules("CR-old 1.0.1b")

    assert [(h.document.version, h.rule.number) for h in results.hits] == [("old", "1.0.1b")]


def test_search_by_words_across_current_documents(sample_documents):
    results = search_rules("widgets table")

    numbers = {(h.document.kind, h.rule.number) for h in results.hits}
    assert ("cr", "1.1.1") in numbers
    assert all(h.document.is_current for h in results.hits)
    assert not results.number_query


def test_search_by_words_highlights_matches(sample_documents):
    hit = next(h for h in search_rules("clock").hits if h.rule.number == "1.2")

    assert "<mark>" in hit.snippet and "</mark>" in hit.snippet
    assert "clock" in hit.snippet.lower()


def test_search_snippet_escapes_rule_text(sample_documents):
    hits = search_rules("piece data").hits
    snippet = next(h.snippet for h in hits if h.rule.number == "2.0.2")

    assert "<script>" not in snippet
    assert "&lt;script&gt;" in snippet


def test_search_filters_by_document(sample_documents):
    hits = search_rules("widget", kind="ga").hits

    assert hits and {h.document.kind for h in hits} == {"ga"}


@pytest.mark.parametrize(
    "query, error", [("", ""), ("   ", ""), ("the of a", "Type a rule number or some words.")]
)
def test_search_empty_or_stopword_queries(sample_documents, query, error):
    results = search_rules(query)

    assert results.hits == []
    assert results.error == error


def test_search_unknown_document_is_an_error_not_an_exception(sample_documents):
    assert search_rules("widget", kind="mtg").error == "Unknown document 'mtg'."


def test_search_nothing_found(sample_documents):
    assert search_rules("xylophone").hits == []


def test_word_diff_marks_removed_and_added_words_escaped():
    html = word_diff("A table holds <b>widgets.", "A table holds many <b>widgets.")

    assert html == "A table holds <ins>many</ins> &lt;b&gt;widgets."


def test_compare_documents_reports_added_removed_changed(sample_documents):
    comparison = compare_documents(sample_documents["old"], sample_documents["cr"])

    assert comparison.counts == {"added": 5, "removed": 1, "changed": 4}
    statuses = {c.number: c.status for c in comparison.changes}
    assert statuses["1.1.1b"] == "added"
    assert statuses["1.0.1b"] == "removed"
    assert statuses["1.1.1"] == "changed"
    assert comparison.unchanged == 3


def test_compare_documents_can_show_one_status(sample_documents):
    comparison = compare_documents(sample_documents["old"], sample_documents["cr"], status="removed")

    assert [c.number for c in comparison.changes] == ["1.0.1b"]


def test_search_by_words_ranks_a_rule_titled_with_the_words_first(sample_documents):
    hits = search_rules("sprocket").hits

    assert (hits[0].document.kind, hits[0].rule.number) == ("cr", "2.0.1")


def test_search_by_words_also_returns_matching_glossary_terms(sample_documents):
    results = search_rules("sprocket")

    assert [(t.document.kind, t.term) for t in results.glossary] == [("cr", "Sprocket")]


@pytest.mark.parametrize(
    "citation, found",
    [
        ("CR 1.0.1a", ("cr", "9.9.9", "1.0.1a")),
        ("CR-old 1.0.1b", ("cr", "old", "1.0.1b")),
        ("CR 1.0.1b", None),
        ("TR&P'23 1.2", None),
        ("GA 1.7.h.3a", ("ga", "2099", "1.7.h.3a")),
        ("nonsense", None),
    ],
)
def test_rule_for_citation(sample_documents, citation, found):
    rule = rule_for_citation(citation)

    assert (None if rule is None else (rule.document.kind, rule.document.version, rule.number)) == found


def test_compare_documents_ignores_typography_only_differences(db):
    from reference.services import import_rules_document

    old = import_rules_document(
        "1. Basics\n\n1.1. Quotes\n\nPlayers don’t shout™.\n", kind="trp", version="a"
    ).document
    new = import_rules_document(
        "1. Basics\n\n1.1. Quotes\n\nPlayers don't shoutTM.\n", kind="trp", version="b"
    ).document

    assert compare_documents(old, new).counts == {"added": 0, "removed": 0, "changed": 0}


def test_word_diff_with_context_shortens_long_unchanged_stretches():
    old = " ".join(f"w{i}" for i in range(40)) + " old"
    new = " ".join(f"w{i}" for i in range(40)) + " new"

    assert word_diff(old, new, context=3) == "… w37 w38 w39 <del>old</del> <ins>new</ins>"
