"""reference.citations and the {% load rules %} filters."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from reference.citations import Citation, find_citations, parse_citation, rule_url


@pytest.mark.parametrize(
    "text, doc, number, version",
    [
        ("CR 1.1.3b", "cr", "1.1.3b", None),
        ("cr 1.1.3b.", "cr", "1.1.3b", None),
        ("TR&P 3.2", "trp", "3.2", None),
        ("tr&p 3.2", "trp", "3.2", None),
        ("TRP 3.2", "trp", "3.2", None),
        ("TR&P'23 3.4", "trp", "3.4", "2023"),
        ("TR&P’25 3.4", "trp", "3.4", "2025"),
        ("PPG 4.4", "ppg", "4.4", None),
        ("GA 1.5.1a", "ga", "1.5.1a", None),
        ("GA 1.7.h.3a", "ga", "1.7.h.3a", None),
        ("GA 2.12.XX.2", "ga", "2.12.XX.2", None),
        ("ga x.a.1", "ga", "X.A.1", None),
        ("CR-old 7.7.1", "cr", "7.7.1", "old"),
        ("CR-web 1.0.2", "cr", "1.0.2", "web"),
        ("TR&P App D", "trp", "D", None),
        ("TR&P Appendix B", "trp", "B", None),
        ("TR&P'23 App E", "trp", "E", "2023"),
        ("PPG ch.3", "ppg", "3", None),
        ("TR&P §3.2", "trp", "3.2", None),
        ("see (CR 1.0.1a) first", "cr", "1.0.1a", None),
        ("TR&amp;P 3.2", "trp", "3.2", None),
    ],
)
def test_parse_citation_table(text, doc, number, version):
    citation = parse_citation(text)

    assert citation == (doc, number)
    assert citation.version == version


@pytest.mark.parametrize("text", ["", None, "hello", "1.1.3b", "CRX 1.1", "PPG", "MTG 1.1", 42])
def test_parse_citation_returns_none_without_citation(text):
    assert parse_citation(text) is None


def test_citation_unpacks_as_pair_and_has_label():
    doc, number = parse_citation("TR&P'23 3.4")

    assert (doc, number) == ("trp", "3.4")
    assert Citation("trp", "3.4", "2023").label() == "TR&P'23 3.4"
    assert Citation("cr", "1.1", "old").label() == "CR-old 1.1"


@pytest.mark.parametrize(
    "text, found",
    [
        ("TR&P 2.5, 5.10", [("trp", "2.5"), ("trp", "5.10")]),
        ("PPG 4.4–4.6", [("ppg", "4.4"), ("ppg", "4.6")]),
        ("PPG ch.3-5", [("ppg", "3"), ("ppg", "5")]),
        ("CR 1.0.1a and CR 1.0.2", [("cr", "1.0.1a"), ("cr", "1.0.2")]),
        ("GA 2.12.i.2, 2.12.XX.2", [("ga", "2.12.i.2"), ("ga", "2.12.XX.2")]),
        ("nothing here 1.2.3", []),
        ("CR 2.13.0 says CR 2.13.1", [("cr", "2.13.1")]),
    ],
)
def test_find_citations_lists_and_ranges(text, found):
    assert [tuple(m.citation) for m in find_citations(text)] == found


@pytest.mark.parametrize(
    "text, url",
    [
        ("CR 1.1.3b", "/rules/cr/1.1.3b/"),
        ("TR&P 3.2", "/rules/trp/3.2/"),
        ("TR&P'23 3.4", "/rules/trp/3.4/?version=2023"),
        ("GA 1.7.h.3a", "/rules/ga/1.7.h.3a/"),
        ("nonsense", None),
    ],
)
def test_rule_url(text, url):
    assert rule_url(text) == url


def _render(source: str, **context) -> str:
    return Template("{% load rules %}" + source).render(Context(context))


def test_rule_link_filter_links_and_escapes():
    assert (
        _render("{{ c|rule_link }}", c="CR 1.1.3b")
        == '<a class="rule-cite" href="/rules/cr/1.1.3b/">CR 1.1.3b</a>'
    )
    assert _render("{{ c|rule_link }}", c="<b>not a rule</b>") == "&lt;b&gt;not a rule&lt;/b&gt;"
    assert _render("{{ c|rule_link }}", c=None) == ""


def test_rule_link_filter_accepts_citation_objects_and_pairs():
    assert _render("{{ c|rule_link }}", c=Citation("trp", "3.4", "2023")) == (
        '<a class="rule-cite" href="/rules/trp/3.4/?version=2023">TR&amp;P&#x27;23 3.4</a>'
    )
    assert (
        _render("{{ c|rule_link }}", c=("ppg", "4.4"))
        == '<a class="rule-cite" href="/rules/ppg/4.4/">PPG 4.4</a>'
    )


def test_rule_link_filter_escapes_text_around_a_citation():
    html = _render("{{ c|rule_link }}", c="CR 1.1.3b <script>")

    assert html == '<a class="rule-cite" href="/rules/cr/1.1.3b/">CR 1.1.3b &lt;script&gt;</a>'


def test_link_citations_filter_links_every_citation_and_escapes_the_rest():
    html = _render("{{ t|link_citations }}", t="<i>x</i> see TR&P'23 3.4 and PPG 4.4.")

    assert html == (
        '&lt;i&gt;x&lt;/i&gt; see <a class="rule-cite" href="/rules/trp/3.4/?version=2023">TR&amp;P&#x27;23 3.4</a>'
        ' and <a class="rule-cite" href="/rules/ppg/4.4/">PPG 4.4</a>.'
    )


_docs = st.sampled_from(["CR", "TR&P", "TRP", "PPG", "GA", "TR&P'23", "CR-old"])
_numbers = st.tuples(
    st.integers(1, 9),
    st.integers(0, 15),
    st.one_of(st.none(), st.integers(1, 40)),
    st.one_of(st.none(), st.sampled_from("abcdef")),
)


def _number(parts) -> str:
    chapter, section, rule, letter = parts
    text = f"{chapter}.{section}"
    if rule is not None:
        text += f".{rule}" + (letter or "")
    return text


@given(
    prefix=st.text(max_size=30),
    doc=_docs,
    parts=_numbers,
    suffix=st.sampled_from(["", ".", ")", ", then", ": x"]),
)
@hsettings(max_examples=200, deadline=None)
def test_find_citations_property_finds_the_embedded_citation(prefix, doc, parts, suffix):
    number = _number(parts)
    text = f"{prefix} ({doc} {number}{suffix}"

    found = [m.citation for m in find_citations(text) if m.start > len(prefix)]

    assert found and found[0].number == number


@given(st.text(max_size=200))
@hsettings(max_examples=200, deadline=None)
def test_find_citations_property_never_fails_and_spans_are_inside_the_text(text):
    for m in find_citations(text):
        assert 0 <= m.start < m.end <= len(text)
