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
