"""Reading and checking decklist text against the real card data (TR&P App E, PPG 4.4)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decklists.enums import DecklistKind
from decklists.validation import grouped_cards, validate_text

AS_OF = date(2025, 6, 1)


def _read(text, card_db, **kw):
    return validate_text(text, db=card_db, format_code=kw.pop("format_code", "cc"), as_of=AS_OF, **kw)


@pytest.mark.parametrize(
    "text",
    [
        "3 Snatch (red)",
        "3x Snatch (R)",
        "Snatch (red) x3",
        "3 snatch (RED)",
        "3\tSnatch\t(red)",
        "  3x   Snatch   (red)  ",
        "\n\n3 Snatch (red)\n\n\n",
        "(3) Snatch (red)",
        "3 Snatch (1)",
    ],
    ids=[
        "plain",
        "x-and-letter",
        "suffix-qty",
        "wrong-case",
        "tabs",
        "spaces",
        "blank-lines",
        "paren-qty",
        "pitch-number",
    ],
)
def test_every_line_format_reads_three_red_snatch(text, card_db):
    result = _read(text, card_db)
    assert result.problems == []
    assert result.cards == [{"name": "Snatch", "pitch": 1, "qty": 3, "section": "deck"}]


def test_curly_quotes_match_the_straight_name(card_db):
    result = _read("3 Warrior\u2019s Valor (red)", card_db)
    assert result.problems == []
    assert result.cards == [{"name": "Warrior's Valor", "pitch": 1, "qty": 3, "section": "deck"}]


def test_fabrary_export_is_legal_classic_constructed(card_db, legal_cc_text):
    result = _read(legal_cc_text, card_db)
    assert result.problems == []
    assert [f for f in result.findings if f["severity"] == "error"] == []
    assert result.is_legal is True
    assert result.hero == "Dorinthea Ironsong"
    assert sum(c["qty"] for c in result.cards if c["section"] == "deck") == 66
    assert sum(c["qty"] for c in result.cards if c["section"] == "arena") == 7
    assert result.data_version.startswith("fabrary-cards@")


def test_missing_pitch_is_reported_with_the_pitches(card_db):
    result = _read("Dorinthea Ironsong\n3 Snatch", card_db)
    assert [p["code"] for p in result.problems] == ["AMBIGUOUS_PITCH"]
    problem = result.problems[0]
    assert problem["line"] == 2
    assert problem["text"] == "3 Snatch"
    assert problem["suggestions"] == ["Snatch (red)", "Snatch (yellow)", "Snatch (blue)"]
    assert problem["rule"] == "PPG 4.4"
    assert result.is_legal is False


def test_unknown_name_is_reported_with_nearest_names(card_db):
    result = _read("Dorinthea Ironsong\n3 Snach (red)", card_db)
    assert [p["code"] for p in result.problems] == ["UNKNOWN_CARD"]
    assert "Snatch" in result.problems[0]["suggestions"]


def test_unreadable_line_keeps_its_text_and_reason(card_db):
    result = _read("Dorinthea Ironsong\n3x\n3 Snatch (red)", card_db)
    assert result.problems[0]["line"] == 2
    assert result.problems[0]["text"] == "3x"
    assert result.problems[0]["reason"]


def test_findings_name_cards_and_rule(card_db, legal_cc_text):
    result = _read(legal_cc_text.replace("3x Overpower (red)", "4x Overpower (red)"), card_db)
    copy = [f for f in result.findings if f["code"] == "COPY_LIMIT"]
    assert copy and copy[0]["cards"] == ["Overpower (red)"]
    assert copy[0]["rule"].startswith("TR&P")
    assert result.is_legal is False


def test_list_without_cards_is_a_problem(card_db):
    result = _read("// only a comment\nName: nothing", card_db)
    assert result.cards == []
    assert [p["code"] for p in result.problems] == ["NO_CARDS"]


def test_unknown_format_is_a_finding_not_a_crash(card_db, legal_cc_text):
    result = _read(legal_cc_text, card_db, format_code="no-such-format")
    assert [f["code"] for f in result.findings] == ["UNKNOWN_FORMAT"]


def test_pool_registration_is_read_but_not_checked_for_construction(card_db):
    result = _read(
        "3 Snatch (red)\n1 Sink Below (red)", card_db, kind=DecklistKind.POOL, format_code="sealed"
    )
    assert result.findings == []
    assert result.is_legal is True


def test_limited_deck_must_come_from_the_pool(card_db):
    pool = [{"name": "Snatch", "pitch": 1, "qty": 1, "section": "deck"}]
    result = _read(
        "Kayo\n2 Snatch (red)", card_db, kind=DecklistKind.DECK, format_code="sealed", pool_cards=pool
    )
    codes = {f["code"] for f in result.findings}
    assert "NOT_IN_REGISTERED_POOL" in codes


def test_grouping_follows_appendix_e(card_db, legal_cc_text):
    result = _read(legal_cc_text + "\n2 Sink Below (blue)\n1 Gorganian Tome", card_db)
    groups = grouped_cards(result.cards)
    assert [g["title"].split(":")[0] for g in groups] == [
        "Arena-cards (hero, equipment, weapons)",
        "Deck-cards",
        "Deck-cards",
        "Deck-cards",
    ]
    assert groups[0]["cards"][0]["display"] == "Dorinthea Ironsong"
    assert {r["pitch"] for r in groups[1]["cards"]} <= {1, None}
    assert "Gorganian Tome" in {r["display"] for r in groups[1]["cards"]}
    assert {r["pitch"] for r in groups[2]["cards"]} == {2}
    assert {r["pitch"] for r in groups[3]["cards"]} == {3}


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.text(max_size=300))
def test_any_text_reads_without_raising(card_db, text):
    result = _read(text, card_db)
    assert isinstance(result.problems, list)
    for problem in result.problems:
        assert problem["reason"]


def _ga_db():
    from rules_engine.cards import Card, CardDatabase, slugify_identifier

    def card(name, types, level=None):
        return Card(
            identifier=slugify_identifier(name),
            name=name,
            types=frozenset(types),
            game="ga",
            level=level,
            element="Norm",
        )

    cards = [
        card("Spirit of Fire", {"Champion"}, "0"),
        card("Lorraine, Wandering Warrior", {"Champion"}, "1"),
        card("Excalibur, Reflected Edge", {"Regalia", "Weapon"}),
        card("Brave Slash", {"Action"}),
        card("Fireball", {"Action"}),
    ]
    return CardDatabase(cards, release="ga-test@1")


def test_grand_archive_sections_are_kept_and_grouped():
    text = (
        "Champions\n1 Spirit of Fire\n1 Lorraine, Wandering Warrior\n\nMaterial deck\n1 Excalibur, Reflected Edge\n"
        "\nMain deck\n30 Brave Slash\n30 Fireball\n\nSideboard\n2 Fireball\n"
    )
    result = validate_text(text, db=_ga_db(), format_code="ga-standard", as_of=AS_OF)
    assert result.problems == []
    sections = {(c["name"], c["section"]) for c in result.cards}
    assert ("Excalibur, Reflected Edge", "material") in sections
    assert ("Brave Slash", "main") in sections and ("Fireball", "sideboard") in sections
    groups = grouped_cards(result.cards, game="ga")
    assert [g["title"] for g in groups] == ["Champions", "Material deck", "Main deck", "Sideboard"]
    assert [r["display"] for r in groups[0]["cards"]] == ["Lorraine, Wandering Warrior", "Spirit of Fire"]
    assert sum(r["qty"] for r in groups[2]["cards"]) == 60


FABRARY_EXPORT = """Name: Steelblade Dori
Hero: Dorinthea Ironsong
Format: Classic Constructed

Arena cards
1x Dawnblade, Resplendent
1x Helm of Sharp Eye

Deck cards
3x Overpower (red)
2x Sink Below (blue)

Made with \u2764\ufe0f at https://fabrary.net
See the full deck @ https://fabrary.net/decks/01HXYZ
"""

FABDB_EXPORT = """Hero: Dorinthea Ironsong
Weapons: Dawnblade, Resplendent
Equipment: Helm of Sharp Eye

(3) Overpower (red)
(2) Sink Below (blue)
"""

MARKDOWN_EXPORT = """## Hero
Dorinthea Ironsong
## Arena cards (2)
* 1 Dawnblade, Resplendent
* 1 Helm of Sharp Eye
## Deck cards (5)
* 3 Overpower (red)
* 2 Sink Below (blue)
"""

HEADED_BY_PITCH = """Dorinthea Ironsong
Dawnblade, Resplendent
Helm of Sharp Eye
Red
3 Overpower
Blue
2 Sink Below
"""


@pytest.mark.parametrize(
    "text", [FABRARY_EXPORT, FABDB_EXPORT, HEADED_BY_PITCH], ids=["fabrary", "fabdb", "pitch-headers"]
)
def test_deck_builder_exports_read_the_same_cards(card_db, text):
    result = _read(text, card_db)
    assert result.problems == []
    assert result.hero == "Dorinthea Ironsong"
    assert sorted((c["name"], c["pitch"], c["qty"], c["section"]) for c in result.cards) == [
        ("Dawnblade, Resplendent", None, 1, "arena"),
        ("Dorinthea Ironsong", None, 1, "hero"),
        ("Helm of Sharp Eye", None, 1, "arena"),
        ("Overpower", 1, 3, "deck"),
        ("Sink Below", 3, 2, "deck"),
    ]


def test_markdown_export_reads_cards(card_db):
    result = _read(MARKDOWN_EXPORT, card_db)
    assert result.problems == []
    assert sorted((c["name"], c["qty"], c["section"]) for c in result.cards) == [
        ("Dawnblade, Resplendent", 1, "arena"),
        ("Dorinthea Ironsong", 1, "hero"),
        ("Helm of Sharp Eye", 1, "arena"),
        ("Overpower", 3, "deck"),
        ("Sink Below", 2, "deck"),
    ]
