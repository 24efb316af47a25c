"""Decklist text as people paste it: long header, link and note lines are ignored; names that
begin with digits or contain commas parse like any other (TR&P App E)."""

from __future__ import annotations

import pytest

from rules_engine.cards import Card, CardDatabase, Printing
from rules_engine.decklist_text import MAX_LINE_CHARS, parse_decklist, resolve


def entries(text):
    parsed = parse_decklist(text)
    return [(ln.quantity, ln.name, ln.pitch) for ln in parsed.lines], [e.reason for e in parsed.errors]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("1 10,000 Year Reunion (red)", (1, "10,000 Year Reunion", 1)),
        ("3x 10,000 Year Reunion (yellow)", (3, "10,000 Year Reunion", 2)),
        ("(2) 10,000 Year Reunion (blue)", (2, "10,000 Year Reunion", 3)),
        ("10,000 Year Reunion (red) x2", (2, "10,000 Year Reunion", 1)),
        ("2 Dawnblade, Resplendent", (2, "Dawnblade, Resplendent", None)),
        ("3 Snatch (red)", (3, "Snatch", 1)),
        ("3. Snatch (red)", (3, "Snatch", 1)),
    ],
)
def test_names_with_digits_and_commas(line, expected):
    lines, errors = entries("Ira, Crimson Haze\n" + line)
    assert errors == []
    assert lines[1] == expected


def test_a_name_beginning_with_digits_without_quantity_is_one_copy():
    lines, errors = entries("Ira, Crimson Haze\nDeck cards\n10,000 Year Reunion (red)")
    assert (lines[1], errors) == ((1, "10,000 Year Reunion", 1), [])


def test_long_header_link_and_note_lines_are_ignored():
    long_url = "https://fabrary.net/decks/01HXYZ?" + "utm=" + "a" * 1500
    text = "\n".join(
        [
            "Name: " + "A very long deck name " * 40,
            "Hero: Ira, Crimson Haze",
            "Format: Classic Constructed",
            "Notes: " + "sideboard plan against aggro decks, " * 60,
            "// " + "comment " * 400,
            "# " + "Markdown heading " * 100,
            long_url,
            "Arena cards",
            "1 Edge of Autumn",
            "Deck cards",
            "3 Snatch (red)",
            "See the full deck @ " + long_url,
            "Made with https://talishar.net " + "x" * 900,
        ]
    )
    lines, errors = entries(text)
    assert errors == []
    assert [n for _q, n, _p in lines] == ["Ira, Crimson Haze", "Edge of Autumn", "Snatch"]


def test_a_long_card_line_is_still_refused_with_its_number():
    parsed = parse_decklist("Ira, Crimson Haze\n3 " + "Snatch" * 100)
    assert [(e.line_no, e.reason) for e in parsed.errors] == [(2, f"line too long ({2 + 600} characters)")]
    assert MAX_LINE_CHARS < 602


def test_digit_names_resolve_against_card_data():
    cards = [
        Card(
            identifier=f"10000-year-reunion-{c}",
            name="10,000 Year Reunion",
            pitch=p,
            types=frozenset({"Action"}),
            printings=(Printing("TST001", "TST", "Common"),),
        )
        for p, c in ((1, "red"), (2, "yellow"), (3, "blue"))
    ]
    db = CardDatabase(cards, release="test")
    found, problems = resolve(
        parse_decklist("Deck cards\n1 10,000 Year Reunion (red)\n2 10,000 Year Reunion (blue)"), db
    )
    assert problems == []
    assert [(c.display_name, q) for c, q, _s in found] == [
        ("10,000 Year Reunion (red)", 1),
        ("10,000 Year Reunion (blue)", 2),
    ]


# -- shapes of real lists: tables, CSV, set codes, emoji, notes, colour words -------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("| 3 | Snatch | Red |", (3, "Snatch", 1)),
        ("3 | Snatch | Red", (3, "Snatch", 1)),
        ("| 1 | Dawnblade, Resplendent | |", (1, "Dawnblade, Resplendent", None)),
        ("3,Snatch,Red", (3, "Snatch", 1)),
        ("Snatch, red, 3", (3, "Snatch", 1)),
        ("3,Snatch,1", (3, "Snatch", 1)),
        ("1,10,000 Year Reunion,Red", (1, "10,000 Year Reunion", 1)),
        ("1,Dawnblade, Resplendent", (1, "Dawnblade, Resplendent", None)),
        ("3 Snatch (red) WTR167", (3, "Snatch", 1)),
        ("3 Snatch WTR167 (red)", (3, "Snatch", 1)),
        ("3 Snatch (Red) [WTR]", (3, "Snatch", 1)),
        ("1 Ball Breaker 1HP123", (1, "Ball Breaker", None)),
        ("3 Snatch \U0001f534", (3, "Snatch", 1)),
        ("3 \U0001f535 Sink Below", (3, "Sink Below", 3)),
        ("3 snatch - r", (3, "snatch", 1)),
        ("3 Snatch - Pitch 1", (3, "Snatch", 1)),
        ("x3 Snatch (red)", (3, "Snatch", 1)),
        ("3 copies of Snatch (red)", (3, "Snatch", 1)),
        ("3 Sink Below (blue) // sideboard tech", (3, "Sink Below", 3)),
        ("2 Snatch // 3 in the sideboard", (2, "Snatch", None)),
        ("1 Vaporize // Shock (red)", (1, "Vaporize // Shock", 1)),
        ("1 Arcane Seeds // Life", (1, "Arcane Seeds // Life", None)),
        ("  3   snatch   (RED)  ", (3, "snatch", 1)),
        ("3x Snatch (red) - WTR167", (3, "Snatch", 1)),
        ("3x Snatch (red) | WTR167", (3, "Snatch", 1)),
        ("2 Sink Below (red) \u2014 WTR123", (2, "Sink Below", 1)),
    ],
)
def test_shapes_of_real_lists(line, expected):
    lines, errors = entries("Katsu, the Wanderer\nDeck cards\n" + line)
    assert errors == []
    assert lines[1:] == [expected]


@pytest.mark.parametrize("header", ["| Qty | Card | Pitch |", "|---|---|---|", "| :-- | :-: | --: |"])
def test_table_headers_and_separators_are_not_cards(header):
    lines, errors = entries(f"Katsu, the Wanderer\n{header}\n| 3 | Snatch | Red |")
    assert (lines[1:], errors) == ([(3, "Snatch", 1)], [])


def _db(*named):
    cards = [
        Card(
            identifier=f"{name.lower().replace(' ', '-')}-{p}",
            name=name,
            pitch=p,
            types=frozenset({"Action"}),
            printings=(Printing("TST001", "TST", "Common"),),
        )
        for name in named
        for p in (1, 2, 3)
    ]
    return CardDatabase(cards, release="test")


@pytest.mark.parametrize(
    "line",
    [
        "3 Red Snatch",
        "3 Snatch red",
        "3 Snatch - red",
        "3 RED SNATCH",
        "3 Snatch \u2022 Red",
        "3 Snatch | red",
    ],
)
def test_a_bare_colour_word_names_the_pitch_when_the_name_alone_is_a_card(line):
    found, problems = resolve(parse_decklist(f"Deck cards\n{line}"), _db("Snatch"))
    assert problems == []
    assert [(c.name, c.pitch, q) for c, q, _s in found] == [("Snatch", 1, 3)]


def test_a_colour_word_that_is_part_of_a_name_is_left_alone():
    found, problems = resolve(parse_decklist("Deck cards\n2 Red Alert (blue)\n1 Red Alert"), _db("Red Alert"))
    assert [(c.name, c.pitch) for c, _q, _s in found] == [("Red Alert", 3)]
    assert [p.code for p in problems] == ["AMBIGUOUS_PITCH"]
