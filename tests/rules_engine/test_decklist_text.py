"""Decklist text parser: table-driven line formats, deck-builder exports, resolving, and property tests."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.decklist_text import ParsedLine, parse_decklist, resolve
from rules_engine.oracle import load_reference_database
from tests.conftest import shared_path


@pytest.fixture(scope="module")
def db():
    return load_reference_database(str(shared_path("data", "fabcube").parent.parent))


@pytest.fixture(scope="module")
def ga_db():
    return load_reference_database(str(shared_path("data", "ga").parent.parent), "ga")


def only_line(text):
    parsed = parse_decklist(text)
    assert parsed.errors == []
    assert len(parsed.lines) == 1
    line = parsed.lines[0]
    return line.quantity, line.name, line.pitch


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 Snatch (red)", (3, "Snatch", 1)),
        ("3x Snatch (R)", (3, "Snatch", 1)),
        ("3X Snatch (r)", (3, "Snatch", 1)),
        ("Snatch (red) x3", (3, "Snatch", 1)),
        ("Snatch (red) X 3", (3, "Snatch", 1)),
        ("3 Snatch (1)", (3, "Snatch", 1)),
        ("2 Snatch (yellow)", (2, "Snatch", 2)),
        ("2 Snatch (Y)", (2, "Snatch", 2)),
        ("1 Snatch (blue)", (1, "Snatch", 3)),
        ("1 Snatch (3)", (1, "Snatch", 3)),
        ("(3) Snatch (red)", (3, "Snatch", 1)),
        ("3 Snatch [red]", (3, "Snatch", 1)),
        ("3 Snatch - blue", (3, "Snatch", 3)),
        ("3\tSnatch\t(red)", (3, "Snatch", 1)),
        ("  3   snatch   (RED)  ", (3, "snatch", 1)),
        ("3 \u201cSnatch\u201d (red)", (3, "Snatch", 1)),
        ("1 Fyendal\u2019s Spring Tunic", (1, "Fyendal's Spring Tunic", None)),
        ("3× Snatch (red)", (3, "Snatch", 1)),
        ("2 Art of the Dragon: Blood (red)", (2, "Art of the Dragon: Blood", 1)),
        ("1 Dawnblade, Resplendent", (1, "Dawnblade, Resplendent", None)),
        ("1x Ironrot Helm", (1, "Ironrot Helm", None)),
        ("3 Snatch (red) [WTR167]", (3, "Snatch", 1)),
    ],
)
def test_card_line_formats(text, expected):
    assert only_line(text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("3x", "a quantity without a card name"),
        ("0 Snatch (red)", "quantity must be between 1 and 999"),
        ("1000 Snatch (red)", "quantity must be between 1 and 999"),
        ("3 (red)", "no card name"),
        ("3 1234", "no card name (no letters)"),
        ("x" * 400, "line too long (400 characters)"),
    ],
)
def test_bad_lines_give_a_clear_error_naming_the_line(text, reason):
    parsed = parse_decklist("Ira, Crimson Haze\n" + text)
    assert [(e.line_no, e.reason) for e in parsed.errors] == [(2, reason)]


def test_hero_first_line_and_sections():
    parsed = parse_decklist(
        "Boltyn\n\nArena cards\n1 Dawnblade\nDeck cards:\n2 Snatch (red)\n## Sideboard (2)\n2 Pummel (red)\n"
    )
    assert parsed.errors == []
    assert [(ln.line_no, ln.name, ln.section) for ln in parsed.lines] == [
        (1, "Boltyn", "hero"),
        (4, "Dawnblade", "arena"),
        (6, "Snatch", "deck"),
        (8, "Pummel", "sideboard"),
    ]


def test_pitch_group_headers_give_pitch():
    parsed = parse_decklist("Deck-cards with pitch value 2 (yellow)\n3 Snatch\nBlue\n2 Snatch\n")
    assert [(ln.name, ln.pitch, ln.section) for ln in parsed.lines] == [
        ("Snatch", 2, "deck"),
        ("Snatch", 3, "deck"),
    ]


FABRARY_EXPORT = """Name: Test deck
Hero: Dorinthea Ironsong
Format: Classic Constructed

Arena cards
1x Dawnblade
1x Ironrot Helm

Deck cards
3x Snatch (red)
2x Sink Below (red)

See the full deck @ https://fabrary.net/decks/01ABC
Made with love at the FaBrary
"""


def test_fabrary_text_export():
    parsed = parse_decklist(FABRARY_EXPORT)
    assert parsed.errors == []
    assert parsed.metadata == {"name": "Test deck", "format": "Classic Constructed"}
    assert [(ln.quantity, ln.name, ln.pitch, ln.section) for ln in parsed.lines] == [
        (1, "Dorinthea Ironsong", None, "hero"),
        (1, "Dawnblade", None, "arena"),
        (1, "Ironrot Helm", None, "arena"),
        (3, "Snatch", 1, "deck"),
        (2, "Sink Below", 1, "deck"),
    ]


FABDB_EXPORT = """Deck build - via https://fabdb.net :

Boltyn Aggro

Class: Warrior
Hero: Ser Boltyn, Breaker of Dawn
Weapons: Dawnblade, Resplendent
Equipment: Ironrot Helm, Nullrune Boots

(3) Snatch (red)
(2) Sink Below (red)
"""


def test_fabdb_style_export(db):
    parsed = parse_decklist(FABDB_EXPORT)
    # "Boltyn Aggro" is the deck's title line: no card, and the list names its hero on a
    # "Hero:" line, so it is the list's name, not an unknown card.
    entries, problems = resolve(parsed, db)
    assert [(c.display_name, q, s) for c, q, s in entries] == [
        ("Ser Boltyn, Breaker of Dawn", 1, "hero"),
        ("Dawnblade, Resplendent", 1, "arena"),
        ("Ironrot Helm", 1, "arena"),
        ("Nullrune Boots", 1, "arena"),
        ("Snatch (red)", 3, "deck"),
        ("Sink Below (red)", 2, "deck"),
    ]
    assert problems == []
    assert parsed.metadata["name"] == "Boltyn Aggro"


@pytest.mark.parametrize("sep", ["; ", " | ", ";"])
def test_an_equipment_line_separated_by_semicolons_or_bars(db, sep):
    # Hand-typed lists separate the arena cards by ";" or "|" as well as by ","; no card name holds
    # either, so each part is one card.
    parsed = parse_decklist(
        f"Hero: Ser Boltyn, Breaker of Dawn\nEquipment: Ironrot Helm{sep}Nullrune Boots\n"
    )
    entries, problems = resolve(parsed, db)
    assert problems == []
    assert [(c.display_name, q, s) for c, q, s in entries][1:] == [
        ("Ironrot Helm", 1, "arena"),
        ("Nullrune Boots", 1, "arena"),
    ]


def test_a_first_bare_line_that_is_no_card_is_unknown_when_no_hero_is_named(db):
    # With no "Hero:" line or hero section, the first bare line is the hero (TR&P App E): a
    # misspelt hero is an unknown card with suggestions, never silently taken as a title.
    parsed = parse_decklist("Ser Boltyn, Breker of Dawn\n(3) Snatch (red)\n")
    entries, problems = resolve(parsed, db)
    assert [(p.line_no, p.code) for p in problems] == [(1, "UNKNOWN_CARD")]
    assert "Ser Boltyn, Breaker of Dawn" in problems[0].suggestions
    assert "name" not in parsed.metadata


def test_a_title_line_that_is_a_card_name_is_still_a_card(db):
    # Only a line that names no card becomes the title: a hero on the first line stays the hero.
    parsed = parse_decklist("Ser Boltyn, Breaker of Dawn\n(3) Snatch (red)\n")
    entries, problems = resolve(parsed, db)
    assert problems == []
    assert entries[0][0].display_name == "Ser Boltyn, Breaker of Dawn" and entries[0][2] == "hero"


GA_EXPORT = """# Champions
1 Aithne, Spirit of Fire
# Material Deck
1 Allen, Beast Beckoner
# Main Deck
4 Zephyr
# Sideboard
2 Zephyr
"""


def test_grand_archive_sections():
    parsed = parse_decklist(GA_EXPORT)
    assert parsed.errors == []
    assert [(ln.name, ln.section) for ln in parsed.lines] == [
        ("Aithne, Spirit of Fire", "champion"),
        ("Allen, Beast Beckoner", "material"),
        ("Zephyr", "main"),
        ("Zephyr", "sideboard"),
    ]


# --- resolve ----------------------------------------------------------------------------------------------


def test_resolve_sections_from_card_type(db):
    parsed = parse_decklist("Ser Boltyn, Breaker of Dawn\n1 Dawnblade\n3 Snatch (red)\n1 Intellect Penalty\n")
    entries, problems = resolve(parsed, db)
    assert problems == []
    assert [(c.name, q, s) for c, q, s in entries] == [
        ("Ser Boltyn, Breaker of Dawn", 1, "hero"),
        ("Dawnblade", 1, "arena"),
        ("Snatch", 3, "deck"),
        ("Intellect Penalty", 1, "deck"),
    ]


def test_resolve_unknown_name_suggests(db):
    entries, problems = resolve(parse_decklist("3 Snatc (red)"), db)
    assert entries == []
    assert problems[0].code == "UNKNOWN_CARD"
    assert problems[0].message == "line 1: no card named 'Snatc'"
    assert "Snatch" in problems[0].suggestions


def test_resolve_ambiguous_pitch_names_the_pitches(db):
    _entries, problems = resolve(parse_decklist("Boltyn\n3 Snatch"), db)
    assert [(p.line_no, p.code, p.message) for p in problems] == [
        (2, "AMBIGUOUS_PITCH", "line 2: Snatch exists as red, yellow, blue; say which")
    ]


def test_resolve_no_such_pitch(db):
    _entries, problems = resolve(parse_decklist("1 Heart of Fyendal (red)"), db)
    assert [(p.code, p.message) for p in problems] == [
        ("NO_SUCH_PITCH", "line 1: Heart of Fyendal has no red version (printed as: blue)")
    ]


def test_resolve_single_pitch_card_without_pitch_is_fine(db):
    entries, problems = resolve(parse_decklist("2 Heart of Fyendal"), db)
    assert problems == []
    assert [(c.display_name, q) for c, q, _s in entries] == [("Heart of Fyendal (blue)", 2)]


def test_resolve_wrong_case_and_curly_quotes(db):
    entries, problems = resolve(parse_decklist("1 FYENDAL\u2019S SPRING TUNIC"), db)
    assert problems == []
    assert entries[0][0].name == "Fyendal's Spring Tunic"


def test_resolve_grand_archive_material(ga_db):
    entries, problems = resolve(parse_decklist("1 Aithne, Spirit of Fire\n1 Allen, Beast Beckoner\n"), ga_db)
    assert problems == []
    assert [(c.name, s) for c, _q, s in entries] == [
        ("Aithne, Spirit of Fire", "champion"),
        ("Allen, Beast Beckoner", "champion"),
    ]


# --- properties: never raises -----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_parse_never_raises_on_any_text(text):
    parsed = parse_decklist(text)
    for line in parsed.lines:
        assert isinstance(line, ParsedLine)
        assert 1 <= line.quantity <= 999
        assert line.name.strip() == line.name and line.name
        assert line.pitch in (None, 1, 2, 3)
    for err in parsed.errors:
        assert err.line_no >= 0 and err.reason


@settings(max_examples=200, deadline=None)
@given(st.binary())
def test_parse_never_raises_on_binary_junk(data):
    parsed = parse_decklist(data)
    assert all(e.reason for e in parsed.errors)


card_line = st.builds(
    lambda q, name, pitch, style: {
        0: f"{q} {name} ({pitch})",
        1: f"{q}x {name} ({pitch[0]})",
        2: f"{name} ({pitch}) x{q}",
        3: f"({q}) {name} [{pitch}]",
    }[style],
    st.integers(1, 999),
    st.from_regex(r"[A-Z][a-z]{2,10}( [A-Z][a-z]{2,10}){0,3}", fullmatch=True),
    st.sampled_from(["red", "yellow", "blue"]),
    st.integers(0, 3),
)


@settings(max_examples=50, deadline=None)
@given(st.lists(card_line, min_size=1, max_size=20))
def test_generated_card_lines_round_trip(lines):
    parsed = parse_decklist("\n".join(lines))
    assert parsed.errors == []
    assert len(parsed.lines) == len(lines)
    for raw, line in zip(lines, parsed.lines, strict=True):
        assert str(line.quantity) in raw and line.name in raw


def test_ten_thousand_lines(db):
    text = "\n".join(["3 Snatch (red)", "garbage \x00\x01 ((", "", "1x"] * 2500)
    parsed = parse_decklist(text)
    assert len(parsed.lines) == 5000
    assert len(parsed.errors) == 2500
    entries, problems = resolve(parsed, db)
    assert len(entries) == 2500 and len(problems) == 2500


def test_non_text_input_is_an_error_not_a_crash():
    parsed = parse_decklist(None)  # type: ignore[arg-type]
    assert [e.reason for e in parsed.errors] == ["the decklist is not text"]


@pytest.mark.parametrize(
    ("line", "card", "qty"),
    [
        ("3 Snatch - 1", "Snatch (red)", 3),
        ("3 Snatch Red (1)", "Snatch (red)", 3),
        ("Snatch x3 red", "Snatch (red)", 3),
        ("Snatch 3x blue", "Snatch (blue)", 3),
        ("Snatch (red) - 3", "Snatch (red)", 3),
        ("3;Snatch;red", "Snatch (red)", 3),
        ("2;Sink Below;Yellow", "Sink Below (yellow)", 2),
        ("3 Snatch, red", "Snatch (red)", 3),
        ("3 Snatch (Red Pitch)", "Snatch (red)", 3),
        ("3 Snatch (blu)", "Snatch (blue)", 3),
        ("2 Sink Below (ylw)", "Sink Below (yellow)", 2),
        ("3 Snatch r", "Snatch (red)", 3),
        ("3 Command & Conquer", "Command and Conquer (red)", 3),
        ("1 Dawnblade, Resplendent", "Dawnblade, Resplendent", 1),
    ],
)
def test_more_shapes_people_type_resolve_to_one_card(db, line, card, qty):
    """Shapes seen in hand-typed lists and spreadsheet exports: a pitch number after a dash, a
    quantity between name and colour, semicolon CSV, a colour after a comma, abbreviated colours,
    '&' for 'and'. Each names one card, with its pitch (PPG 4.4 would otherwise ask)."""
    parsed = parse_decklist("Hero: Katsu, the Wanderer\n" + line)
    entries, problems = resolve(parsed, db)
    assert problems == [] and parsed.errors == []
    assert [(c.display_name, q) for c, q, _ in entries[1:]] == [(card, qty)]
