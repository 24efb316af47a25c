"""reference.parsing: structure, debris removal and glossaries, on invented and on the real documents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from reference.parsing import number_key, parse_document
from reference.seeds import SEEDS
from tests.reference import samples

SEEDS_DIR = Path(settings.SHARED_DIR) / "seeds"


def test_parsing_module_imports_no_django():
    source = Path("reference/parsing.py").read_text()
    assert re.search(r"^\s*(from|import)\s+django", source, re.M) is None


@pytest.mark.parametrize(
    "sample, kind, number, parent, title",
    [
        (samples.CR_MARKDOWN, "cr", "1", None, "Basics"),
        (samples.CR_MARKDOWN, "cr", "1.0", "1", "General"),
        (samples.CR_MARKDOWN, "cr", "1.0.1", "1.0", ""),
        (samples.CR_MARKDOWN, "cr", "1.0.1a", "1.0.1", ""),
        (samples.CR_MARKDOWN, "cr", "1.1.1b", "1.1.1", ""),
        (samples.CR_MARKDOWN, "cr", "2.0.1", "2.0", "Sprocket"),
        (samples.CR_PDF, "cr", "1.0.1b", "1.0.1", ""),
        (samples.CR_PDF, "cr", "1.1.1", "1.1", ""),
        (samples.TRP, "trp", "1.2", "1", "Clocks"),
        (samples.TRP, "trp", "1.2.1", "1.2", "Clock Extensions (5 minutes)"),
        (samples.TRP, "trp", "2.1", "2", "Snacks"),
        (samples.TRP, "trp", "A", None, "Appendix A - Clocks"),
        (samples.GA, "ga", "1.1", "1", "Objective"),
        (samples.GA, "ga", "1.1.2b", "1.1.2", ""),
        (samples.GA, "ga", "1.1.2b.ii", "1.1.2b", ""),
        (samples.GA, "ga", "1.1.2i", "1.1.2", ""),
        (samples.GA, "ga", "1.7.h", "1.7", "Supertypes"),
        (samples.GA, "ga", "1.7.h.3a", "1.7.h.3", ""),
        (samples.GA, "ga", "X.A.2", "X.A", "Stop"),
    ],
)
def test_parse_document_numbers_have_expected_parent_and_title(sample, kind, number, parent, title):
    rules = parse_document(sample, kind).by_number()

    assert number in rules
    assert rules[number].parent == parent
    assert rules[number].title == title


@pytest.mark.parametrize(
    "sample, kind, numbers",
    [
        (
            samples.CR_MARKDOWN,
            "cr",
            [
                "preface",
                "1",
                "1.0",
                "1.0.1",
                "1.0.1a",
                "1.1",
                "1.1.1",
                "1.1.1b",
                "2",
                "2.0",
                "2.0.1",
                "2.0.2",
            ],
        ),
        (samples.CR_PDF, "cr", ["preface", "1", "1.0", "1.0.1", "1.0.1a", "1.0.1b", "1.1", "1.1.1"]),
        (samples.TRP, "trp", ["1", "1.1", "1.2", "1.2.1", "2", "2.1", "A"]),
    ],
)
def test_parse_document_finds_exactly_the_numbered_entries(sample, kind, numbers):
    assert [r.number for r in parse_document(sample, kind).rules] == numbers


def test_parse_document_removes_page_debris_and_joins_wrapped_lines():
    rules = parse_document(samples.CR_PDF, "cr").by_number()
    all_text = "\n".join(r.text for r in rules.values())

    assert "CHAPTER" not in all_text
    assert ". . ." not in all_text
    assert not re.search(r"(?m)^\s*(\d+|[ivx]+)\s*$", all_text)
    assert rules["1.0.1"].text.endswith("in the order of the long list of widget events.")
    assert "card-pool may contain" in rules["1.0.1a"].text
    assert "acts as the referee for the evening." in rules["1.0.1b"].text
    assert rules["1.1.1"].text.startswith("A table holds widgets. (See Rule 1.0.1)\n\nExample: A table")


def test_parse_document_strips_markup_and_keeps_footnote_references():
    rules = parse_document(samples.CR_MARKDOWN, "cr").by_number()

    assert (
        rules["1.0.1a"].text
        == "A widget can be blue or green. [2.0.1]\n\nExample: A blue widget is still a widget, see [1.0.1]."
    )
    assert rules["2.0.1"].text == "Sprocket is a piece that turns."
    assert rules["2.0.2"].text == "A piece <script>alert(1)</script> is data."


def test_parse_document_keeps_subheadings_and_skips_table_rows_that_look_like_chapters():
    rules = parse_document(samples.TRP, "trp").by_number()

    assert "Philosophy" in rules["1.2"].text.split("\n\n")
    assert "2" in rules and rules["2"].title == "Conduct"


def test_parse_document_ga_roman_after_h_is_a_letter_and_glossary_comes_from_x_a():
    doc = parse_document(samples.GA, "ga")
    rules = doc.by_number()

    assert rules["1.1.2i"].text == "Ninth letter, not a roman numeral."
    assert rules["1.1.2b.i"].text == "A draw is still a fine result."
    assert [(g.term, g.rule_number) for g in doc.glossary] == [("Spin", "X.A.1"), ("Stop", "X.A.2")]
    assert doc.glossary[0].definition == "Spin is an ability that turns a widget."


@pytest.mark.parametrize(
    "sample, expected",
    [
        (
            samples.CR_MARKDOWN,
            [
                ("Widget", "A small thing used in play. [1.0.1]", "1.0.1"),
                (
                    "Table",
                    "furniture: A thing that holds widgets. [1.1.1]\nzone: The place where widgets rest. [1.1]",
                    "1.1.1",
                ),
                ("Sprocket", "A piece that turns. [2.0.1]", "2.0.1"),
                ("Spin again", "A keyword meaning the widget spins twice. [2.0.1]", "2.0.1"),
                ("Loose Widget", "Unattached widget, found on the floor. [1.0.1]", "1.0.1"),
                ("Wheel", "part: A round piece. [2.0.1]\nnoun: The whole round thing. [2.0.2]", "2.0.1"),
                ("Big Wheel / Small Wheel", "A pair of pieces. [2.0.1]", "2.0.1"),
            ],
        ),
        (
            samples.CR_PDF,
            [
                ("Widget", "A small thing used in play. (See Rule 1.0.1)", "1.0.1"),
                (
                    "Table",
                    "A thing that holds widgets and also snacks when the widgets are away for the evening. (See Section 1.1 - Tables)",
                    "1.1",
                ),
                ("Zone", "A named place. (See Rule 1.1.1)", "1.1.1"),
            ],
        ),
    ],
)
def test_parse_document_glossary_styles(sample, expected):
    glossary = parse_document(sample, "cr").glossary

    assert [(g.term, g.definition, g.rule_number) for g in glossary] == expected


def test_parse_document_rejects_unknown_kind():
    with pytest.raises(ValueError, match="unknown document kind 'xyz'"):
        parse_document("1. A\n", "xyz")


def test_number_key_orders_naturally():
    numbers = ["1.10", "1.2", "1.1.3b", "1.1.3", "2", "A", "1.1.3a", "10"]

    assert sorted(numbers, key=number_key) == ["1.1.3", "1.1.3a", "1.1.3b", "1.2", "1.10", "2", "10", "A"]


_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9)
_sentence = st.lists(_word, min_size=3, max_size=14).map(lambda ws: " ".join(ws).capitalize() + ".")


@given(
    shape=st.lists(
        st.tuples(st.integers(1, 4), st.lists(_sentence, min_size=1, max_size=3)), min_size=1, max_size=6
    ),
    debris=st.lists(
        st.sampled_from(["12", "iv", "CHAPTER 1. BASICS", "GLOSSARY", "7"]), min_size=0, max_size=6
    ),
)
@hsettings(max_examples=60, deadline=None)
def test_parse_document_property_numbers_survive_debris(shape, debris):
    """Every generated rule is found once, with its parent, and no debris reaches any text."""
    lines = ["1. Basics", "", "1.0. General", ""]
    expected = ["1", "1.0"]
    debris = list(debris)
    for i, (subs, sentences) in enumerate(shape, start=1):
        number = f"1.0.{i}"
        lines += [f"{number}. {sentences[0]}", ""]
        expected.append(number)
        for letter in "abcd"[: subs - 1]:
            lines += [f"{number}{letter} {' '.join(sentences)}", ""]
            expected.append(f"{number}{letter}")
        if debris:
            lines += [debris.pop(), ""]
    doc = parse_document("\n".join(lines), "cr")

    assert [r.number for r in doc.rules] == expected
    for r in doc.rules:
        assert r.parent == (
            None
            if r.number == "1"
            else ("1" if r.number == "1.0" else re.sub(r"(\.\d+|[a-d])$", "", r.number))
        )
        assert "CHAPTER" not in r.text and "GLOSSARY" not in r.text
        assert not re.search(r"(?m)^(\d+|iv)$", r.text)


# ---- the real shared documents --------------------------------------------------------------

REAL_EXPECTATIONS = {
    # filename: (kind, minimum rules, [(number, parent)], minimum glossary terms)
    "fab-comprehensive-rules-2.13.0.txt": (
        "cr",
        1200,
        [("1.1.3b", "1.1.3"), ("1.0.1a", "1.0.1"), ("8.5.34", "8.5"), ("9.4", "9"), ("1.1", "1")],
        250,
    ),
    "fab-comprehensive-rules-older.txt": (
        "cr",
        1100,
        [("1.1.3b", "1.1.3"), ("7.7.1", "7.7"), ("1.5.1a", "1.5.1")],
        200,
    ),
    "fab-comprehensive-rules-web-excerpt.txt": ("cr", 200, [("1.1.3b", "1.1.3"), ("1.0.2b", "1.0.2")], 0),
    "fab-tournament-rules-and-policy-2025-01-31.txt": (
        "trp",
        80,
        [("3.2", "3"), ("8.2.1", "8.2"), ("D", None), ("9.2", "9")],
        0,
    ),
    "fab-tournament-rules-and-policy-2023-03-31.txt": (
        "trp",
        70,
        [("3.4", "3"), ("8.4", "8"), ("E", None)],
        0,
    ),
    "fab-procedure-and-penalty-guide-2023-03-31.txt": (
        "ppg",
        45,
        [("4.4", "4"), ("3.3.2", "3.3"), ("5.10", "5"), ("1.4", "1")],
        0,
    ),
    "ga-comprehensive-rules-2023-04-03.txt": (
        "ga",
        1000,
        [
            ("1.5.1a", "1.5.1"),
            ("1.7.h.3a", "1.7.h.3"),
            ("2.12.i.2a", "2.12.i.2"),
            ("2.12.XX.2", "2.12.XX"),
            ("2.2.g.i", "2.2.g"),
            ("X.A.1", "X.A"),
        ],
        40,
    ),
}


def _real(filename: str) -> str:
    path = SEEDS_DIR / filename
    if not path.is_file():
        pytest.skip(f"{filename} is not in the shared seeds")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("filename", sorted(REAL_EXPECTATIONS))
def test_real_document_structure(filename):
    kind, minimum, expected, min_glossary = REAL_EXPECTATIONS[filename]
    doc = parse_document(_real(filename), kind)
    rules = doc.by_number()

    assert len(doc.rules) >= minimum
    assert len(rules) == len(doc.rules)
    for number, parent in expected:
        assert number in rules, number
        assert rules[number].parent == parent, number
    assert len(doc.glossary) >= min_glossary
    for r in doc.rules:
        if r.parent is not None:
            assert r.parent in rules


@pytest.mark.parametrize("filename", sorted(REAL_EXPECTATIONS))
def test_real_document_has_no_page_debris(filename):
    kind = REAL_EXPECTATIONS[filename][0]
    doc = parse_document(_real(filename), kind)

    for r in doc.rules:
        for para in r.text.split("\n\n"):
            assert not re.fullmatch(r"\s*(\d{1,3}|[ivx]{1,4})\s*", para), (r.number, para)
            assert not re.match(r"CHAPTER \d+\.", para), (r.number, para)
            assert para.strip() not in ("TABLE OF CONTENTS", "GLOSSARY", "ACKNOWLEDGMENTS"), r.number
            assert ". . . ." not in para, r.number
            assert "\u0002" not in para and "**" not in para, r.number
    for g in doc.glossary:
        assert "GLOSSARY" not in g.definition and not re.search(r"\n\d+\n", g.definition)


def test_real_cr_rule_counts_match_the_numbered_lines():
    raw = _real("fab-comprehensive-rules-2.13.0.txt")
    numbered = set(re.findall(r"(?m)^(?:- )?(\d+\.\d+\.\d+[a-z]?)\.?\s", raw)) - {"2.13.0"}
    doc = parse_document(raw, "cr")
    parsed = {r.number for r in doc.rules if not r.is_heading}

    assert numbered <= parsed


def test_seed_table_names_each_current_kind_once():
    current = [s.kind for s in SEEDS if s.current]

    assert sorted(current) == ["cr", "ga", "ppg", "trp"]


def test_parse_document_turns_tab_rows_into_cells():
    rules = parse_document(samples.TRP, "trp").by_number()

    assert rules["A"].text.split("\n\n") == [
        "Rounds last fifty minutes.",
        "Players | Minutes",
        "Up to 8 | 50",
        "9 or more | 55",
    ]


_line = st.one_of(
    st.text(max_size=80),
    st.sampled_from(
        [
            "1. Basics",
            "1.1 Objective",
            "1.1. Tables",
            "- a. letter",
            " - ii. roman",
            "2. item",
            "X. Glossary",
            "X.A Keywords",
            "Glossary",
            "Appendix B - Rounds",
            "GLOSSARY",
            "12",
            "iv",
            "Table of Contents",
            "1.0 General . . . . . . 1",
            "Preface",
            "word-",
            "Widget A thing.^[1.1]",
        ]
    ),
)


@given(lines=st.lists(_line, max_size=40), kind=st.sampled_from(["cr", "trp", "ppg", "ga"]))
@hsettings(max_examples=150, deadline=None)
def test_parse_document_property_any_text_parses_to_a_consistent_tree(lines, kind):
    doc = parse_document("\n".join(lines), kind)
    numbers = [r.number for r in doc.rules]

    assert len(numbers) == len(set(numbers))
    seen: set[str] = set()
    for r in doc.rules:
        assert r.parent is None or r.parent in seen
        seen.add(r.number)


def test_parse_document_normalises_bullets():
    doc = parse_document("1. Basics\n\n1.1. Lists\n\n• first\n\n– second\n\n· third\n", "trp")

    assert doc.by_number()["1.1"].text == "- first\n\n- second\n\n- third"
