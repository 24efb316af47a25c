"""Formats as data: numbers from TR&P 2025 ch. 7-9 (and TR&P'23 for the 2023 edition), GA 1.5."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.cards import FORMAT_CODES as CARD_FORMAT_CODES
from rules_engine.formats import FORMAT_CODES, UnknownFormat, all_formats, get_format


def test_every_project_format_code_is_defined():
    assert FORMAT_CODES == CARD_FORMAT_CODES


@pytest.mark.parametrize(
    ("code", "hero", "pool_max", "deck_min", "deck_max", "copies", "rule"),
    [
        ("cc", "adult", 80, 60, None, 3, "TR&P 7.1"),
        ("ll", "adult", 80, 60, None, 3, "TR&P 7.2"),
        ("blitz", "young", 52, 40, 40, 2, "TR&P 7.3"),
        ("sage", "young", 55, 40, 40, 2, "Silver Age format (LSS 2025)"),
        ("commoner", "young", 52, 40, 40, 2, "TR&P 7.4"),
        ("upf", "young", 52, 40, 40, 2, "TR&P 9.3"),
        ("sealed", "young", None, 30, 30, None, "TR&P 8.1"),
        ("draft", "young", None, 30, 30, None, "TR&P 8.2"),
        ("blitz-precon", "young", 52, 40, 40, None, "TR&P 8.3"),
        ("ira", "young", None, 30, 30, None, "TR&P 9.1"),
        ("team-cc", "adult", 80, 60, None, 3, "TR&P 7.1"),
        ("ga-standard", None, None, 60, None, 4, "GA 1.5.1"),
        ("ga-draft", None, None, 30, None, None, "GA 1.5.2"),
    ],
)
def test_format_numbers(code, hero, pool_max, deck_min, deck_max, copies, rule):
    fmt = get_format(code)
    assert (fmt.hero, fmt.pool_max, fmt.deck_min, fmt.deck_max, fmt.copy_limit) == (
        hero,
        pool_max,
        deck_min,
        deck_max,
        copies,
    )
    assert fmt.rule("format") == rule or fmt.rule("size") == rule


@pytest.mark.parametrize(
    ("code", "edition", "applies"),
    [
        ("cc", "2025", True),
        ("blitz", "2025", True),
        ("sealed", "2025", False),
        ("draft", "2025", False),
        ("sealed", "2023", True),
        ("draft", "2023", True),
        ("ga-standard", "2025", False),
    ],
)
def test_legendary_by_edition(code, edition, applies):
    """Appendix A 14: CR 2.13 8.3.6 (constructed only) vs CR-old 8.3.6a (limited starting deck too)."""
    assert get_format(code, edition).legendary_applies is applies


def test_2023_edition_differences():
    blitz = get_format("blitz", "2023")
    assert (blitz.arena_exact, blitz.deck_min, blitz.deck_max, blitz.rule("size")) == (
        11,
        40,
        40,
        "TR&P'23 7.2",
    )
    sealed = get_format("sealed", "2023")
    assert (sealed.deck_min, sealed.deck_max) == (30, None)


def test_ga_material_rules():
    std = get_format("ga-standard")
    assert (std.material_max, std.material_copy_limit, std.needs_level0_champion) == (12, 1, True)
    draft = get_format("ga-draft")
    assert (draft.material_max, draft.copy_limit, draft.needs_level0_champion) == (None, None, True)


def test_ira_fixed_list_is_30_deck_cards():
    fmt = get_format("ira")
    deck = sum(q for _n, p, q in fmt.fixed_list if p is not None)
    assert deck == 30 and len(fmt.fixed_list) == 12


@pytest.mark.parametrize(
    ("code", "expected"),
    [("Classic Constructed", "cc"), ("Silver Age", "sage"), ("BLITZ", "blitz"), ("booster draft", "draft")],
)
def test_aliases(code, expected):
    assert get_format(code).code == expected


@pytest.mark.parametrize(
    ("code", "edition", "message"),
    [
        ("modern", "2025", "unknown format 'modern'"),
        ("", "2025", "unknown format ''"),
        ("cc", "2019", "unknown rules edition '2019'"),
    ],
)
def test_unknown_format_or_edition(code, edition, message):
    with pytest.raises(UnknownFormat, match=message):
        get_format(code, edition)


def test_to_dict_is_plain_data():
    data = [f.to_dict() for f in all_formats()]
    assert [d["code"] for d in data] == list(FORMAT_CODES)
    assert data[0]["rules"]["supertypes"] == "CR 1.1.3"


def test_silver_age_rarities_match_the_card_data():
    """Silver Age: cards ever printed at Basic, Token, Common or Rare. fabrary's sample cards that are
    not heroes, ephemeral or banned are Silver Age legal exactly when they have such a printing."""
    from rules_engine.formats import SILVER_AGE_RARITIES
    from rules_engine.importers.fabrary import parse_fabrary

    cards = parse_fabrary(Path(__file__).with_name("test_oracle_sample.json")).cards
    checked = [
        (c.name, bool(c.rarities & SILVER_AGE_RARITIES), "sage" in c.legal_formats)
        for c in cards
        if not c.is_hero and "Ephemeral" not in c.keywords and not c.legality_history
    ]
    assert len(checked) >= 3
    assert all(ours == theirs for _n, ours, theirs in checked), checked
