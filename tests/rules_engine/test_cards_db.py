"""rules_engine.cards: Card categories, display, legality history and CardDatabase lookups."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.cards import (
    Card,
    CardDatabase,
    LegalityEvent,
    Printing,
    essences_from_text,
    format_code,
    hybrid_class_sets_from_type_text,
    normalise_name,
    normalise_rarity,
    slugify_identifier,
    specializations_from_text,
    split_pitch_suffix,
)


def make(name, pitch=None, types=("Action",), **kw):
    return Card(
        identifier=slugify_identifier(name, pitch), name=name, pitch=pitch, types=frozenset(types), **kw
    )


SNATCH_RED = make("Snatch", 1, printings=(Printing("WTR167", "WTR", "Rare"),))
SINK_RED = make("Sink Below", 1, types=("Defense Reaction",))
SINK_YELLOW = make("Sink Below", 2, types=("Defense Reaction",))
SINK_BLUE = make("Sink Below", 3, types=("Defense Reaction",))
RUUDI = make("Ruu'di, Gem Keeper", None, types=("Hero",), hero="Ruu'di")
DAWNBLADE = make(
    "Dawnblade",
    None,
    types=("Weapon",),
    subtypes=frozenset({"Sword", "2H"}),
    printings=(Printing("WTR115", "WTR", "Token"), Printing("CRU078", "CRU", "Common")),
)


@pytest.fixture
def db():
    return CardDatabase([SNATCH_RED, SINK_RED, SINK_YELLOW, SINK_BLUE, RUUDI, DAWNBLADE], release="test@1")


@pytest.mark.parametrize(
    "types, hero, token, deck, arena",
    [
        (("Hero",), True, False, False, False),  # CR 1.3.2a
        (("Token", "Aura"), False, True, False, False),  # CR 1.3.2b
        (("Macro",), False, True, False, False),  # CR 1.5.2
        (("Action",), False, False, True, False),  # CR 1.3.2c
        (("Attack Reaction",), False, False, True, False),
        (("Defense Reaction",), False, False, True, False),
        (("Block",), False, False, True, False),
        (("Instant",), False, False, True, False),
        (("Mentor",), False, False, True, False),
        (("Resource",), False, False, True, False),
        (("Equipment",), False, False, False, True),  # CR 1.3.2d
        (("Weapon",), False, False, False, True),
        (("Demi-Hero",), False, False, False, True),
        (("Companion",), False, False, False, True),
    ],
)
def test_card_category_per_cr_1_3_2(types, hero, token, deck, arena):
    card = make("X", None, types=types)
    assert (card.is_hero, card.is_token_or_macro, card.is_deck_card, card.is_arena_card) == (
        hero,
        token,
        deck,
        arena,
    )


@pytest.mark.parametrize(
    "pitch, expected",
    [(1, "Snatch (red)"), (2, "Snatch (yellow)"), (3, "Snatch (blue)"), (None, "Snatch"), (0, "Snatch")],
)
def test_display_name_names_colour(pitch, expected):
    assert make("Snatch", pitch).display_name == expected


def test_key_is_name_and_pitch_cr_1_3_4():
    assert SINK_RED.key == ("Sink Below", 1)
    assert SINK_RED.key != SINK_YELLOW.key


def test_rarities_collects_every_printing():
    assert DAWNBLADE.rarities == frozenset({"Token", "Common"})


def test_statuses_on_uses_dated_history():
    card = make(
        "Banned Thing",
        1,
        legality_history=(
            LegalityEvent("cc", "banned", date(2022, 1, 1), date(2023, 6, 1)),
            LegalityEvent("cc", "suspended", date(2024, 1, 1), None),
            LegalityEvent("blitz", "banned", None, None),
        ),
    )
    assert card.statuses_on("cc", date(2021, 12, 31)) == frozenset()
    assert card.statuses_on("cc", date(2022, 1, 1)) == {"banned"}
    assert card.statuses_on("cc", date(2023, 6, 1)) == frozenset()  # end is exclusive
    assert card.statuses_on("cc", date(2030, 1, 1)) == {"suspended"}
    assert card.statuses_on("blitz", date(2019, 1, 1)) == {"banned"}
    assert card.statuses_on("ll", date(2024, 1, 1)) == frozenset()


@pytest.mark.parametrize(
    "code, expected",
    [
        ("C", "Common"),
        ("R", "Rare"),
        ("S", "Super Rare"),
        ("M", "Majestic"),
        ("L", "Legendary"),
        ("F", "Fabled"),
        ("T", "Token"),
        ("B", "Basic"),
        ("V", "Marvel"),
        ("P", "Promo"),
        ("common", "Common"),
        ("Super Rare", "Super Rare"),
        ("SR", "Super Rare"),
    ],
)
def test_normalise_rarity_maps_source_codes(code, expected):
    assert normalise_rarity(code) == expected


def test_normalise_rarity_rejects_unknown():
    with pytest.raises(ValueError, match="unknown rarity 'Q'"):
        normalise_rarity("Q")


@pytest.mark.parametrize(
    "name, expected",
    [
        ("Classic Constructed", "cc"),
        ("Living Legend", "ll"),
        ("Blitz", "blitz"),
        ("Silver Age", "sage"),
        ("Commoner", "commoner"),
        ("Ultimate Pit Fight", "upf"),
        ("Sealed", "sealed"),
        ("Draft", "draft"),
        ("cc", "cc"),
        ("Golden Age", "golden-age"),
        ("Open", "open"),
    ],
)
def test_format_code_maps_source_names(name, expected):
    assert format_code(name) == expected


@pytest.mark.parametrize(
    "type_text, expected",
    [
        ("Brute / Warrior Action - Attack", ({"Brute"}, {"Warrior"})),  # CR 1.1.3b
        ("Assassin / Ninja Equipment - Arms", ({"Assassin"}, {"Ninja"})),
        ("Warrior Action - Attack", ()),
        ("Runeblade Action // Lightning Instant", ()),  # split card, not hybrid
        ("Generic Action", ()),
    ],
)
def test_hybrid_class_sets_from_type_line(type_text, expected):
    assert hybrid_class_sets_from_type_text(type_text) == tuple(frozenset(s) for s in expected)


def test_essences_and_specializations_from_text():
    assert essences_from_text("**Essence of Earth, Ice, and Lightning**") == {"Earth", "Ice", "Lightning"}
    assert essences_from_text("**Essence of Earth and Lightning**") == {"Earth", "Lightning"}
    assert specializations_from_text("**Dorinthea Specialization**\n\nGo again") == {"Dorinthea"}
    assert essences_from_text("no essence here") == frozenset()


@pytest.mark.parametrize(
    "name, pitch, expected",
    [
        ("Snatch", 1, "snatch-red"),
        ("Sink Below", 3, "sink-below-blue"),
        ("Dawnblade", None, "dawnblade"),
        ("10,000 Year Reunion", 1, "10000-year-reunion-red"),
        ("Ruu'di, Gem Keeper", None, "ruudi-gem-keeper"),
        ("Jarl Vetreiði", None, "jarl-vetreidi"),
    ],
)
def test_slugify_identifier_matches_fabrary_style(name, pitch, expected):
    assert slugify_identifier(name, pitch) == expected


def test_get_exact_case_and_curly_quotes(db):
    assert db.get("Snatch") is SNATCH_RED
    assert db.get("  sNaTcH ") is SNATCH_RED
    assert db.get("Ruu’di,  Gem Keeper") is RUUDI
    assert db.get("Snatch", 1) is SNATCH_RED
    assert db.get("Snatch", 2) is None
    assert db.get("Snitch") is None


def test_get_ambiguous_name_needs_pitch(db):
    assert db.get("Sink Below") is None
    assert db.get("Sink Below", 2) is SINK_YELLOW
    assert db.get("sink below (blue)") is SINK_BLUE
    assert db.get("Sink Below (2)") is SINK_YELLOW


def test_variants_by_identifier_and_printing(db):
    assert db.variants("sink below") == [SINK_RED, SINK_YELLOW, SINK_BLUE]
    assert db.by_identifier("sink-below-yellow") is SINK_YELLOW
    assert db.by_identifier("nope") is None
    assert db.by_printing("wtr115") is DAWNBLADE
    assert db.by_printing("XXX999") is None


def test_len_iter_heroes_release(db):
    assert len(db) == 6
    assert set(db) == {SNATCH_RED, SINK_RED, SINK_YELLOW, SINK_BLUE, RUUDI, DAWNBLADE}
    assert db.heroes() == [RUUDI]
    assert db.release == "test@1"


def test_suggest_prefix_then_fuzzy(db):
    assert db.suggest("sn") == ["Snatch"]
    assert db.suggest("snach") == ["Snatch"]
    assert db.suggest("sink belwo")[0] == "Sink Below"
    assert db.suggest("gem") == ["Ruu'di, Gem Keeper"]
    assert db.suggest("") == []
    assert db.suggest("zzzzzzzz") == []


def test_search_filters(db):
    assert db.search("sink") == [SINK_RED, SINK_YELLOW, SINK_BLUE]
    assert db.search("sink", pitch=2) == [SINK_YELLOW]
    assert db.search(type="2H") == [DAWNBLADE]
    assert db.search(type="hero") == [RUUDI]
    assert db.search(card_class="generic", type="Action") == [SNATCH_RED]
    assert db.search("sink", limit=1) == [SINK_RED]


@given(st.text(max_size=40))
def test_normalise_name_is_idempotent(text):
    once = normalise_name(text)
    assert normalise_name(once) == once


@given(st.text(max_size=30))
def test_suggest_never_fails_and_respects_limit(text):
    db = CardDatabase([SNATCH_RED, SINK_RED, SINK_YELLOW, RUUDI, DAWNBLADE], release="t")
    out = db.suggest(text, limit=3)
    assert len(out) <= 3
    assert len(out) == len(set(out))


@given(st.text(max_size=30), st.sampled_from([None, 1, 2, 3]))
def test_split_pitch_suffix_round_trip(name, pitch):
    colour = {1: "red", 2: "yellow", 3: "blue"}
    if pitch is None or not name.strip():
        return
    base, p = split_pitch_suffix(f"{name} ({colour[pitch]})")
    assert p == pitch
    assert base == name.rstrip() or base.strip() == name.strip()


_names = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF), min_size=1, max_size=30)
_words = st.frozensets(st.sampled_from(["Warrior", "Ninja", "Light", "Action", "Aura", "2H", "Go again"]))


@given(
    name=_names,
    pitch=st.sampled_from([None, 0, 1, 2, 3]),
    classes=_words,
    keywords=_words,
    stat=st.one_of(st.none(), st.sampled_from(["0", "3", "X", "*"])),
    history=st.lists(
        st.builds(
            LegalityEvent,
            st.sampled_from(["cc", "blitz"]),
            st.sampled_from(["banned", "suspended"]),
            st.one_of(st.none(), st.dates()),
            st.one_of(st.none(), st.dates()),
        ),
        max_size=3,
    ),
    hybrid=st.lists(_words, max_size=2),
)
def test_card_dict_round_trip(name, pitch, classes, keywords, stat, history, hybrid):
    card = Card(
        identifier=slugify_identifier(name, pitch),
        name=name,
        pitch=pitch,
        cost=stat,
        classes=classes,
        keywords=keywords,
        legality_history=tuple(history),
        hybrid_class_sets=tuple(hybrid),
        printings=(Printing("WTR001", "WTR", "Rare", edition="Alpha"),),
        ga_classes=None,
    )
    import json

    assert Card.from_dict(json.loads(json.dumps(card.to_dict()))) == card
