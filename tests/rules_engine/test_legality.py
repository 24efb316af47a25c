"""Table-driven legality tests with real cards from the-fab-cube data and the GA data in ../shared.

Every rule the checker implements has at least one legal and one illegal case; the
requirements' Appendix A examples 12-16 are here by number.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from rules_engine.formats import UnknownFormat
from rules_engine.legality import CardPool, Finding, check_pool, check_team, is_legal
from rules_engine.oracle import load_reference_database
from rules_engine.wording import render
from tests.conftest import shared_path

TODAY = date(2025, 7, 1)


@pytest.fixture(scope="module")
def db():
    return load_reference_database(str(shared_path("data", "fabcube").parent.parent))


@pytest.fixture(scope="module")
def ga_db():
    return load_reference_database(str(shared_path("data", "ga").parent.parent), "ga")


def card(db, name, pitch=None):
    found = db.get(name, pitch)
    assert found is not None, f"test card {name!r} ({pitch}) missing from {db.release}"
    return found


def filler(db, n, *, copies, exclude=(), common_only=False):
    """``n`` generic deck-cards (real commons and rares), ``copies`` of each, never on any list."""
    out, total = [], 0
    for c in db:
        if total >= n:
            break
        if (
            not c.is_deck_card
            or not c.is_generic
            or c.legality_history
            or c.legendary
            or c.specializations
            or "Ephemeral" in c.keywords
            or "Unlimited" in c.keywords
            or c.name in exclude
            or c.hybrid_class_sets
            or "//" in c.name
            or c.legal_formats
            and "cc" not in c.legal_formats
        ):
            continue
        if common_only and not c.rarities & {"Common", "Token"}:
            continue
        if not c.rarities & {"Common", "Rare", "Token", "Basic"}:
            continue
        q = min(copies, n - total)
        out.append((c, q, "deck"))
        total += q
    assert total == n
    return out


def codes(findings):
    return sorted({f.code for f in findings if f.severity == "error"})


def cc_pool(db, hero="Ser Boltyn, Breaker of Dawn", extra=(), deck=60, arena=()):
    extra_entries = [(card(db, n, p), q, s) for n, p, q, s in extra]
    arena_entries = [(card(db, n), 1, "arena") for n in arena]
    names = {c.name for c, _q, _s in extra_entries}
    n_extra_deck = sum(q for c, q, s in extra_entries if c.is_deck_card and s != "sideboard")
    return CardPool(
        hero=card(db, hero),
        entries=arena_entries
        + extra_entries
        + filler(db, max(0, deck - n_extra_deck), copies=3, exclude=names),
    )


def blitz_pool(db, hero="Boltyn", extra=(), deck=40, arena=(), common_only=False):
    extra_entries = [(card(db, n, p), q, s) for n, p, q, s in extra]
    arena_entries = [(card(db, n), 1, "arena") for n in arena]
    names = {c.name for c, _q, _s in extra_entries}
    n_extra_deck = sum(q for c, q, s in extra_entries if c.is_deck_card and s != "sideboard")
    return CardPool(
        hero=card(db, hero),
        entries=arena_entries
        + extra_entries
        + filler(db, max(0, deck - n_extra_deck), copies=2, exclude=names, common_only=common_only),
    )


# --- output shape ------------------------------------------------------------------------------------------


def test_finding_to_dict_is_json_serialisable(db):
    pool = cc_pool(db, deck=59)
    findings = check_pool(pool, "cc", as_of=TODAY, db=db)
    dumped = json.dumps([f.to_dict() for f in findings])
    first = json.loads(dumped)[0]
    assert set(first) == {"code", "severity", "cards", "message", "rule", "data_version", "words"}
    assert first["data_version"] == db.release
    # The words say the same sentence as the message (rules_engine.wording): a page translates them.
    assert render(first["words"]) == first["message"]
    assert first["words"]["values"]["count"] == 59
    assert first["rule"] == "TR&P 7.1"


def test_legal_cc_pool_has_no_errors(db):
    pool = cc_pool(db, arena=["Dawnblade", "Ironrot Helm"])
    findings = check_pool(pool, "cc", as_of=TODAY, db=db)
    assert codes(findings) == []
    assert is_legal(findings)


def test_unknown_format_raises_value_error_naming_codes(db):
    with pytest.raises(UnknownFormat, match="blitz"):
        check_pool(cc_pool(db), "modern", as_of=TODAY, db=db)


# --- hero ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "hero", "expected"),
    [
        ("cc", "Ser Boltyn, Breaker of Dawn", []),
        ("cc", "Boltyn", ["HERO_YOUNG"]),  # TR&P 7.1: non-young hero
        ("blitz", "Boltyn", []),
        ("blitz", "Ser Boltyn, Breaker of Dawn", ["HERO_NOT_YOUNG"]),  # TR&P 7.3: young hero
        ("ll", "Chane, Bound by Shadow", []),  # TR&P 7.2: living legends legal
        ("cc", "Chane, Bound by Shadow", ["LIVING_LEGEND_HERO"]),  # TR&P 7.1
        ("blitz", "Rhinar", ["LIVING_LEGEND_HERO"]),  # TR&P 7.3 (Rhinar LL in Blitz 2024-09-13)
    ],
)
def test_hero_rules(db, fmt, hero, expected):
    hero_card = card(db, hero)
    size = 60 if fmt in ("cc", "ll") else 40
    copies = 3 if fmt in ("cc", "ll") else 2
    pool = CardPool(hero=hero_card, entries=filler(db, size, copies=copies))
    assert codes(check_pool(pool, fmt, as_of=TODAY, db=db)) == expected


def test_hero_missing_and_two_heroes(db):
    no_hero = CardPool(hero=None, entries=filler(db, 60, copies=3))
    assert codes(check_pool(no_hero, "cc", as_of=TODAY, db=db)) == ["HERO_MISSING"]
    two = CardPool(
        hero=card(db, "Ser Boltyn, Breaker of Dawn"),
        entries=[(card(db, "Dorinthea Ironsong"), 1, "hero")] + filler(db, 60, copies=3),
    )
    assert codes(check_pool(two, "cc", as_of=TODAY, db=db)) == ["HERO_COUNT"]


def test_hero_given_as_entry_is_found(db):
    pool = CardPool(
        hero=None, entries=[(card(db, "Ser Boltyn, Breaker of Dawn"), 1, "hero")] + filler(db, 60, copies=3)
    )
    assert codes(check_pool(pool, "cc", as_of=TODAY, db=db)) == []


def test_not_a_hero_in_hero_slot(db):
    pool = CardPool(hero=card(db, "Snatch", 1), entries=filler(db, 60, copies=3))
    assert codes(check_pool(pool, "cc", as_of=TODAY, db=db)) == ["NOT_A_HERO"]


@pytest.mark.parametrize(
    ("as_of", "expected"),
    [
        (date(2022, 6, 23), []),  # before Chane became a living legend
        (date(2022, 6, 24), ["LIVING_LEGEND_HERO"]),  # in effect from 2022-06-24
    ],
)
def test_living_legend_status_is_dated(db, as_of, expected):
    pool = CardPool(hero=card(db, "Chane, Bound by Shadow"), entries=filler(db, 60, copies=3))
    assert codes(check_pool(pool, "cc", as_of=as_of, db=db)) == expected


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("cc", ["LIVING_LEGEND_WEAPON"]),  # TR&P 7.1: signature weapons of living legends
        ("ll", []),  # TR&P 7.2
    ],
)
def test_living_legend_signature_weapon(db, fmt, expected):
    pool = cc_pool(db, hero="Vynnset, Iron Maiden", arena=["Galaxxi Black"])
    assert codes(check_pool(pool, fmt, as_of=TODAY, db=db)) == expected


# --- banned / suspended / restricted ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "name", "pitch", "qty", "as_of", "expected"),
    [
        ("cc", "Art of War", 2, 1, date(2024, 9, 8), []),
        ("cc", "Art of War", 2, 1, date(2024, 9, 9), ["BANNED"]),  # TR&P 7: banned from 2024-09-09
        (
            "blitz",
            "Aether Icevein",
            1,
            1,
            date(2023, 1, 1),
            ["SUSPENDED"],
        ),  # PPG 4.4: suspended 2022-11-11..2023-05-05
        ("blitz", "Aether Icevein", 1, 1, date(2023, 5, 5), []),
        ("ll", "Awakening", 3, 1, TODAY, []),
        ("ll", "Awakening", 3, 2, TODAY, ["RESTRICTED"]),  # TR&P 7: restricted -> 1 copy
        ("cc", "Awakening", 3, 1, TODAY, ["BANNED"]),
    ],
)
def test_banned_suspended_restricted(db, fmt, name, pitch, qty, as_of, expected):
    c = card(db, name, pitch)
    hero = {"cc": "Ser Boltyn, Breaker of Dawn", "ll": "Ser Boltyn, Breaker of Dawn", "blitz": "Boltyn"}[fmt]
    if c.supertypes:
        hero = next(
            h.name
            for h in db.heroes()
            if c.supertypes <= h.supertypes | h.essences
            and h.young == (fmt == "blitz")
            and not h.legality_history
        )
    size, copies = (60, 3) if fmt != "blitz" else (40, 2)
    pool = CardPool(hero=card(db, hero), entries=[(c, qty, "deck")] + filler(db, size, copies=copies))
    assert codes(check_pool(pool, fmt, as_of=as_of, db=db)) == expected


# --- supertypes (CR 1.1.3, Appendix A 13) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "pitch", "expected"),
    [
        ("Banneret of Courage", 2, []),  # Light Warrior
        ("Blinding Beam", 1, []),  # Light
        ("Agile Engagement", 1, []),  # Warrior
        ("Snatch", 1, []),  # Generic
        ("Agile Windup", 1, []),  # hybrid Brute / Warrior: Warrior fits (CR 1.1.3b)
        ("Battered Not Broken", 1, ["HYBRID_SUPERTYPE"]),  # hybrid Brute / Guardian: neither fits
        ("Angelic Descent", 1, ["SUPERTYPE"]),  # Light Illusionist: Illusionist does not fit
        ("Arcane Seeds // Life", 1, ["SPLIT_SUPERTYPE"]),  # split: both sides must fit (CR 9.2.2a)
        ("Pummel", 1, []),
    ],
)
def test_supertype_subset_boltyn(db, name, pitch, expected):
    pool = cc_pool(db, extra=[(name, pitch, 1, "deck")])
    assert codes(check_pool(pool, "cc", as_of=TODAY, db=db)) == expected


def test_split_card_legal_when_both_sides_fit(db):
    # Briar: Elemental Runeblade with Essence of Earth and Lightning (CR 8.3.16).
    pool = cc_pool(db, hero="Briar, Warden of Thorns", extra=[("Arcane Seeds // Life", 1, 1, "deck")])
    assert "SPLIT_SUPERTYPE" not in codes(check_pool(pool, "ll", as_of=TODAY, db=db))


@pytest.mark.parametrize(
    ("hero", "expected"),
    [
        ("Oldhim, Grandfather of Eternity", []),  # Essence of Earth and Ice
        ("Ser Boltyn, Breaker of Dawn", ["SUPERTYPE"]),
    ],
)
def test_essence_adds_supertypes(db, hero, expected):
    pool = cc_pool(db, hero=hero, extra=[("Amulet of Earth", 3, 1, "deck")])
    assert codes(check_pool(pool, "ll", as_of=TODAY, db=db)) == expected


def test_universal_card_takes_hero_class(db):
    # CR 8.3.35: Universal cards are the hero's class.
    pool = cc_pool(db, extra=[("Wage Gold", 1, 3, "deck")])
    assert codes(check_pool(pool, "cc", as_of=TODAY, db=db)) == []


# --- specialization, metatypes, ephemeral, mentor ---------------------------------------------------------


@pytest.mark.parametrize(
    ("hero", "expected"),
    [
        ("Rhinar, Reckless Rampage", []),
        ("Kayo, Armed and Dangerous", ["SPECIALIZATION"]),  # CR 8.3.7: Rhinar Specialization
    ],
)
def test_specialization(db, hero, expected):
    pool = cc_pool(db, hero=hero, extra=[("Alpha Rampage", 1, 1, "deck")])
    assert codes(check_pool(pool, "ll", as_of=TODAY, db=db)) == expected


def test_shiyana_may_have_any_specialization(db):
    pool = blitz_pool(db, hero="Shiyana, Diamond Gemini", extra=[("Alpha Rampage", 1, 1, "deck")])
    assert "SPECIALIZATION" not in codes(check_pool(pool, "blitz", as_of=TODAY, db=db))


@pytest.mark.parametrize(
    ("hero", "expected"),
    [
        ("Scurv, Stowaway", []),
        ("Puffin", ["HERO_METATYPE"]),  # CR 2.6.6: Sticky Fingers is a Scurv card
    ],
)
def test_hero_metatype(db, hero, expected):
    pool = blitz_pool(db, hero=hero, arena=["Sticky Fingers"])
    assert codes(check_pool(pool, "blitz", as_of=TODAY, db=db)) == expected


def test_ephemeral_never_in_pool(db):
    base = blitz_pool(db, hero="Fang, Dracai of Blades" if db.get("Fang, Dracai of Blades") else "Fang")
    assert "EPHEMERAL" not in codes(check_pool(base, "ll", as_of=TODAY, db=db))
    base.entries.append((card(db, "Fang Strike"), 1, "deck"))
    assert "EPHEMERAL" in codes(check_pool(base, "ll", as_of=TODAY, db=db))  # CR 8.3.21a


@pytest.mark.parametrize(
    ("fmt", "hero", "expected"),
    [
        ("blitz", "Boltyn", []),
        ("cc", "Ser Boltyn, Breaker of Dawn", ["MENTOR_NEEDS_YOUNG_HERO"]),  # CR 8.1.10a
    ],
)
def test_mentor_needs_young_hero(db, fmt, hero, expected):
    extra = [("Lord Sutcliffe", None, 1, "deck")]
    pool = blitz_pool(db, hero=hero, extra=extra) if fmt == "blitz" else cc_pool(db, hero=hero, extra=extra)
    found = codes(check_pool(pool, fmt, as_of=TODAY, db=db))
    assert [c for c in found if c in ("MENTOR_NEEDS_YOUNG_HERO",)] == expected


# --- copies, Legendary, Unlimited (Appendix A 12, 14) -------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "qty", "expected"),
    [
        ("cc", 3, []),
        ("cc", 4, ["COPY_LIMIT"]),  # TR&P 7.1: 3 copies
        ("blitz", 2, []),
        ("blitz", 3, ["COPY_LIMIT"]),  # Appendix A 12: 3 copies of a red card in Blitz
        ("sealed", 5, []),  # TR&P 8.1: any number
    ],
)
def test_copy_limit(db, fmt, qty, expected):
    if fmt == "cc":
        pool = cc_pool(db, extra=[("Snatch", 1, qty, "deck")])
    elif fmt == "blitz":
        pool = blitz_pool(db, extra=[("Snatch", 1, qty, "deck")])
    else:
        pool = CardPool(
            hero=card(db, "Boltyn"),
            entries=[(card(db, "Pummel", 1), qty, "deck")] + filler(db, 30 - qty, copies=3),
        )
    assert codes(check_pool(pool, fmt, as_of=TODAY, db=db)) == expected


def test_blitz_two_red_two_blue_same_name_is_legal(db):
    """Appendix A 12: Snatch red and Snatch blue are distinct cards (CR 1.3.4)."""
    pool = blitz_pool(db, extra=[("Snatch", 1, 2, "deck"), ("Snatch", 3, 2, "deck")])
    assert codes(check_pool(pool, "blitz", as_of=TODAY, db=db)) == []


def test_copies_counted_across_sections(db):
    pool = cc_pool(db, extra=[("Snatch", 1, 3, "deck"), ("Snatch", 1, 1, "sideboard")])
    assert codes(check_pool(pool, "cc", as_of=TODAY, db=db)) == ["COPY_LIMIT"]


@pytest.mark.parametrize(("qty", "expected"), [(1, []), (2, ["LEGENDARY"])])
def test_legendary_in_constructed(db, qty, expected):
    pool = cc_pool(db, extra=[("Heart of Fyendal", 3, qty, "deck")])
    assert codes(check_pool(pool, "cc", as_of=date(2021, 1, 1), db=db)) == expected  # CR 8.3.6


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        ("2025", []),  # Appendix A 14: CR 2.13 limits only the constructed deck
        ("2023", ["LEGENDARY"]),  # CR-old 8.3.6a: also the limited starting deck
    ],
)
def test_legendary_in_sealed_by_edition(db, edition, expected):
    pool = CardPool(
        hero=card(db, "Boltyn"),
        entries=[(card(db, "Heart of Fyendal", 3), 2, "deck")] + filler(db, 28, copies=3),
    )
    assert codes(check_pool(pool, "sealed", as_of=TODAY, db=db, rules_edition=edition)) == expected


@pytest.mark.parametrize(
    ("name", "pitch", "expected"),
    [
        ("Copper Cog", 3, []),  # CR 8.3.40 Unlimited
        ("Snatch", 3, ["COPY_LIMIT"]),
    ],
)
def test_unlimited_overrides_copy_limit(db, name, pitch, expected):
    hero = "Dash, Inventor Extraordinaire" if name == "Copper Cog" else "Ser Boltyn, Breaker of Dawn"
    pool = cc_pool(db, hero=hero, extra=[(name, pitch, 6, "deck")])
    assert codes(check_pool(pool, "cc", as_of=TODAY, db=db)) == expected


# --- sizes (Appendix A 12) ---------------------------------------------------------------------------------


def arena_names(db, n):
    """``n`` real generic arena-cards (equipment and weapons) that no list mentions."""
    names = [
        c.name
        for c in db
        if c.is_arena_card
        and c.is_generic
        and not c.legality_history
        and not c.legendary
        and "Demi-Hero" not in c.types
        and not c.metatypes
    ]
    assert len(names) >= n
    return names[:n]


@pytest.mark.parametrize(
    ("n_arena", "expected"),
    [
        (12, []),  # Appendix A 12: 40 + 12 = 52
        (13, ["POOL_TOO_LARGE"]),  # 53 > 52 (TR&P 7.3)
    ],
)
def test_blitz_pool_maximum_counts_arena_cards(db, n_arena, expected):
    pool = blitz_pool(db, arena=arena_names(db, n_arena))
    assert codes(check_pool(pool, "blitz", as_of=date(2023, 6, 1), db=db)) == expected


@pytest.mark.parametrize(
    ("fmt", "deck", "expected"),
    [
        ("cc", 60, []),
        ("cc", 59, ["DECK_SIZE"]),  # TR&P 7.1: at least 60
        ("cc", 80, []),
        ("cc", 81, ["POOL_TOO_LARGE"]),  # TR&P 7.1: at most 80
        ("blitz", 40, []),
        ("blitz", 39, ["DECK_SIZE"]),  # TR&P 7.3: exactly 40
        ("sage", 55, []),  # Silver Age: at most 55
        ("sage", 56, ["POOL_TOO_LARGE"]),
    ],
)
def test_pool_and_deck_sizes(db, fmt, deck, expected):
    hero = "Ser Boltyn, Breaker of Dawn" if fmt == "cc" else "Boltyn"
    copies = 3 if fmt == "cc" else 2
    pool = CardPool(hero=card(db, hero), entries=filler(db, deck, copies=copies))
    assert codes(check_pool(pool, fmt, as_of=TODAY, db=db)) == expected


@pytest.mark.parametrize(
    ("main", "side", "expected"),
    [
        (40, 12, []),
        (41, 11, ["DECK_SIZE"]),  # with a sideboard, the deck section must be exactly 40
    ],
)
def test_blitz_deck_section_exact_with_sideboard(db, main, side, expected):
    cards = filler(db, main + side, copies=2)
    entries, n = [], 0
    for c, q, _s in cards:
        entries.append((c, q, "deck" if n < main else "sideboard"))
        n += q
    pool = CardPool(hero=card(db, "Boltyn"), entries=entries)
    assert codes(check_pool(pool, "blitz", as_of=TODAY, db=db)) == expected


def test_tokens_and_macros_are_not_counted(db):
    pool = cc_pool(db, deck=60)
    pool.entries.append((card(db, "Intellect Penalty"), 1, "arena"))
    pool.entries.append((card(db, "Agility"), 5, "deck"))
    findings = check_pool(pool, "cc", as_of=TODAY, db=db)
    assert codes(findings) == []
    assert sorted(f.code for f in findings if f.severity == "warning") == ["TOKEN_NOT_IN_POOL"] * 2


def test_blitz_2023_edition_needs_exactly_11_arena_cards(db):
    legal = blitz_pool(db, arena=arena_names(db, 11))
    short = blitz_pool(db, arena=arena_names(db, 10))
    assert codes(check_pool(legal, "blitz", as_of=date(2023, 6, 1), db=db, rules_edition="2023")) == []
    assert codes(check_pool(short, "blitz", as_of=date(2023, 6, 1), db=db, rules_edition="2023")) == [
        "ARENA_COUNT"
    ]


# --- rarity: Commoner (Appendix A 15) and Silver Age ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "pitch", "section", "expected"),
    [
        ("Sink Below", 1, "deck", []),  # printed at rare, later at common -> common
        ("Snatch", 1, "deck", ["COMMONER_RARITY"]),  # only ever rare: not a deck-card in Commoner
        ("Talishar, the Lost Prince", None, "arena", []),  # only rare: fine as an arena-card
        ("Crown of Providence", None, "arena", ["COMMONER_RARITY"]),  # legendary: not common or rare
    ],
)
def test_commoner_rarity(db, name, pitch, section, expected):
    pool = blitz_pool(db, hero="Dorinthea", extra=[(name, pitch, 1, section)], common_only=True)
    assert codes(check_pool(pool, "commoner", as_of=TODAY, db=db)) == expected


@pytest.mark.parametrize(
    ("name", "pitch", "expected"),
    [
        ("Snatch", 1, []),  # rare: allowed in Silver Age
        ("Enlightened Strike", 1, ["SILVER_AGE_RARITY"]),  # only majestic
    ],
)
def test_silver_age_rarity(db, name, pitch, expected):
    pool = blitz_pool(db, extra=[(name, pitch, 1, "deck")])
    assert codes(check_pool(pool, "sage", as_of=TODAY, db=db)) == expected


# --- limited --------------------------------------------------------------------------------------------------


def _limited(db, *, hero="Boltyn", deck_extra=(), registered_extra=(), sets=frozenset({"MON"})):
    base = filler(db, 30, copies=3)
    deck = [(card(db, n, p), q, "deck") for n, p, q in deck_extra]
    n_extra = sum(q for _c, q, _s in deck)
    trimmed, total = [], 0
    for c, q, s in base:
        if total >= 30 - n_extra:
            break
        take = min(q, 30 - n_extra - total)
        trimmed.append((c, take, s))
        total += take
    registered = [(c, q) for c, q, _s in base] + [(card(db, n, p), q) for n, p, q in registered_extra]
    return CardPool(hero=card(db, hero), entries=trimmed + deck, registered=registered, set_codes=frozenset())


@pytest.mark.parametrize(
    ("deck_extra", "registered_extra", "expected"),
    [
        ([("Blinding Beam", 1, 2)], [("Blinding Beam", 1, 2)], []),
        ([("Blinding Beam", 1, 2)], [("Blinding Beam", 1, 1)], ["NOT_IN_REGISTERED_POOL"]),  # TR&P 8.1
        ([("Blinding Beam", 1, 1)], [], ["NOT_IN_REGISTERED_POOL"]),
    ],
)
def test_limited_deck_is_subset_of_registered_pool(db, deck_extra, registered_extra, expected):
    pool = _limited(db, deck_extra=deck_extra, registered_extra=registered_extra)
    assert codes(check_pool(pool, "sealed", as_of=TODAY, db=db)) == expected


@pytest.mark.parametrize(
    ("hero", "sets", "expected"),
    [
        ("Boltyn", frozenset({"MON"}), []),
        ("Boltyn", frozenset({"WTR"}), ["HERO_NOT_FROM_SET"]),  # TR&P 8.1: a young hero from the set
        ("Ser Boltyn, Breaker of Dawn", frozenset({"MON"}), ["HERO_NOT_YOUNG"]),
    ],
)
def test_limited_hero(db, hero, sets, expected):
    h = card(db, hero)
    deck = [(c, q, "deck") for c, q, _s in filler(db, 30, copies=3)]
    pool = CardPool(hero=h, entries=deck, registered=[(c, q) for c, q, _s in deck], set_codes=sets)
    found = [c for c in codes(check_pool(pool, "draft", as_of=TODAY, db=db)) if c != "CARD_NOT_FROM_SET"]
    assert found == expected


@pytest.mark.parametrize(("qty", "expected"), [(3, []), (4, ["SET_CARD_LIMIT"])])
def test_uprising_phoenix_flame_limit(db, qty, expected):
    hero = card(db, "Dromai")
    flame = card(db, "Phoenix Flame", 1)
    rest = filler(db, 30 - qty, copies=3)
    entries = [(flame, qty, "deck")] + rest
    pool = CardPool(
        hero=hero, entries=entries, registered=[(c, q) for c, q, _s in entries], set_codes=frozenset({"UPR"})
    )
    found = [
        c
        for c in codes(check_pool(pool, "draft", as_of=TODAY, db=db))
        if c not in ("CARD_NOT_FROM_SET", "HERO_NOT_FROM_SET")
    ]
    assert found == expected


@pytest.mark.parametrize(("deck", "expected"), [(30, []), (31, ["DECK_SIZE"])])
def test_limited_deck_exactly_30(db, deck, expected):
    entries = filler(db, deck, copies=3)
    pool = CardPool(hero=card(db, "Boltyn"), entries=entries, registered=[(c, q) for c, q, _s in entries])
    assert codes(check_pool(pool, "sealed", as_of=TODAY, db=db)) == expected


# --- Ira Learn to Play ----------------------------------------------------------------------------------------

IRA = [
    ("Edge of Autumn", None, 1),
    ("Whirling Mist Blossom", 2, 3),
    ("Salt the Wound", 2, 3),
    ("Bittering Thorns", 2, 3),
    ("Torrent of Tempo", 1, 3),
    ("Flying Kick", 1, 3),
    ("Head Jab", 3, 3),
    ("Scar for a Scar", 1, 3),
    ("Brutal Assault", 3, 3),
    ("Lunging Press", 3, 3),
    ("Springboard Somersault", 2, 3),
]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (None, []),
        ("drop_one", ["DECK_SIZE", "FIXED_LIST"]),
    ],
)
def test_ira_fixed_list(db, change, expected):
    entries = [(card(db, n, p), q, "deck" if p else "arena") for n, p, q in IRA]
    if change == "drop_one":
        c, q, s = entries[1]
        entries[1] = (c, q - 1, s)
    pool = CardPool(hero=card(db, "Ira, Crimson Haze"), entries=entries)
    assert codes(check_pool(pool, "ira", as_of=TODAY, db=db)) == expected


# --- team (TR&P 9.2.1) -------------------------------------------------------------------------------------


def test_team_duplicate_hero(db):
    a = cc_pool(db)
    b = cc_pool(db)
    c = cc_pool(db, hero="Dorinthea Ironsong")
    findings = check_team([a, b, c], as_of=TODAY, db=db)
    dup = [f for f in findings if f.code == "TEAM_DUPLICATE_HERO"]
    assert len(dup) == 1 and dup[0].cards == ["Ser Boltyn, Breaker of Dawn"]
    assert dup[0].message == "members A, B registered the same hero Ser Boltyn, Breaker of Dawn"


def test_team_mixed_formats_same_moniker_is_legal(db):
    # Different heroes that share a moniker are allowed (REG-08).
    a = (cc_pool(db, hero="Bravo, Showstopper"), "cc")
    b = (blitz_pool(db, hero="Bravo"), "blitz")
    c = (cc_pool(db, hero="Dorinthea Ironsong"), "ll")
    findings = check_team([a, b, c], as_of=TODAY, db=db)
    assert codes(findings) == []


def test_team_member_findings_are_labelled(db):
    a = cc_pool(db, deck=59)
    findings = check_team(
        [a, cc_pool(db, hero="Dorinthea Ironsong"), cc_pool(db, hero="Bravo, Showstopper")],
        as_of=TODAY,
        db=db,
    )
    assert [(f.code, f.member) for f in findings if f.severity == "error"] == [("DECK_SIZE", "A")]


# --- Grand Archive (Appendix A 16) ----------------------------------------------------------------------------


def _ga_cards(ga_db):
    champs = [c for c in ga_db if "Champion" in c.types]
    lv0 = next(c for c in champs if c.level == "0")
    lv1 = [c for c in champs if c.level == "1"]
    regalia = [c for c in ga_db if "Regalia" in c.types and "Champion" not in c.types]
    main = [c for c in ga_db if not ({"Champion", "Regalia", "Token"} & c.types)]
    return lv0, lv1, regalia, main


def _ga_pool(ga_db, *, main_size=60, copies=4, material=8, with_lv0=True, dup_name_copies=None):
    lv0, lv1, regalia, main = _ga_cards(ga_db)
    entries = []
    if with_lv0:
        entries.append((lv0, 1, "material"))
    mat = list(lv1 + regalia)[: material - (1 if with_lv0 else 0)]
    entries += [(c, 1, "material") for c in mat]
    n = 0
    for c in main:
        if n >= main_size:
            break
        q = min(copies, main_size - n)
        if dup_name_copies and n == 0:
            q = dup_name_copies
        entries.append((c, q, "main"))
        n += q
    return CardPool(hero=None, entries=entries)


@pytest.mark.parametrize(
    ("kwargs", "fmt", "expected"),
    [
        ({}, "ga-standard", []),
        ({"dup_name_copies": 5}, "ga-standard", ["COPY_LIMIT"]),  # A 16: 5 copies of a name
        ({"material": 13}, "ga-standard", ["MATERIAL_DECK_SIZE"]),  # A 16: 13-card material deck
        ({"with_lv0": False}, "ga-standard", ["NO_LEVEL0_CHAMPION"]),  # A 16: no Lv 0 champion
        ({"main_size": 59}, "ga-standard", ["MAIN_DECK_SIZE"]),
        ({"main_size": 30, "dup_name_copies": 6}, "ga-draft", []),  # A 16: draft, 30 cards, 6 copies
        ({"main_size": 29}, "ga-draft", ["MAIN_DECK_SIZE"]),
    ],
)
def test_grand_archive_decks(ga_db, kwargs, fmt, expected):
    pool = _ga_pool(ga_db, **kwargs)
    assert codes(check_pool(pool, fmt, as_of=TODAY, db=ga_db)) == expected


def test_grand_archive_material_one_copy_per_name(ga_db):
    pool = _ga_pool(ga_db, material=4)
    _lv0, lv1, _r, _m = _ga_cards(ga_db)
    pool.entries.append((lv1[0], 1, "material"))
    assert codes(check_pool(pool, "ga-standard", as_of=TODAY, db=ga_db)) == ["MATERIAL_COPY_LIMIT"]


def test_grand_archive_champion_in_main_deck(ga_db):
    pool = _ga_pool(ga_db)
    _lv0, lv1, _r, _m = _ga_cards(ga_db)
    pool.entries.append((lv1[-1], 1, "main"))
    assert codes(check_pool(pool, "ga-standard", as_of=TODAY, db=ga_db)) == ["MAIN_DECK_TYPE"]


def test_grand_archive_spirit_warning(ga_db):
    pool = _ga_pool(ga_db)
    findings = check_pool(pool, "ga-standard", as_of=TODAY, db=ga_db)
    lv0 = _ga_cards(ga_db)[0]
    assert lv0.name.find("Spirit") >= 0
    assert [f.code for f in findings if f.code != "ELEMENT_NOT_ENABLED"] == []


def test_fab_card_in_ga_format_is_rejected(db, ga_db):
    pool = _ga_pool(ga_db)
    pool.entries.append((card(db, "Snatch", 1), 1, "main"))
    assert "WRONG_GAME" in codes(check_pool(pool, "ga-standard", as_of=TODAY, db=ga_db))


def test_findings_are_frozen_dataclasses():
    f = Finding("X", "error", ["A"], "m", "TR&P 7", "v")
    with pytest.raises(AttributeError):
        f.code = "Y"  # type: ignore[misc]


# --- hero meta-static texts (CR 1.1.3a) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hero", "fmt", "arena", "extra", "expected"),
    [
        ("Taylor", "blitz", ["Achilles Accelerator"], [], []),  # equipment of any class or talent
        ("Boltyn", "blitz", ["Achilles Accelerator"], [], ["SUPERTYPE"]),
        ("Brutus, Summa Rudis", "ll", [], [("Clash of Agility", 1, 1, "deck")], []),  # clash of any class
        ("Ser Boltyn, Breaker of Dawn", "ll", [], [("Clash of Might", 1, 1, "deck")], ["HYBRID_SUPERTYPE"]),
        (
            "Shiyana, Diamond Gemini",
            "blitz",
            [],
            [("Alpha Rampage", 1, 1, "deck")],
            [],
        ),  # specialization of any hero
        ("Emperor, Dracai of Aesir", "blitz", [], [("Snatch", 1, 1, "deck")], []),  # only red cards
        ("Emperor, Dracai of Aesir", "blitz", [], [("Snatch", 3, 1, "deck")], ["HERO_RESTRICTION"]),
    ],
)
def test_hero_deck_building_texts(db, hero, fmt, arena, extra, expected):
    h = card(db, hero)
    entries = [(card(db, n), 1, "arena") for n in arena] + [(card(db, n, p), q, s) for n, p, q, s in extra]
    size, copies = (40, 2) if fmt == "blitz" else (60, 3)
    fill = filler(db, size - sum(q for _c, q, _s in entries if _c.is_deck_card), copies=copies)
    if hero.startswith("Emperor"):
        fill = [(c, q, s) for c, q, s in filler(db, 200, copies=copies) if c.pitch == 1][: size // copies]
    pool = CardPool(hero=h, entries=entries + fill)
    found = [c for c in codes(check_pool(pool, fmt, as_of=TODAY, db=db)) if c not in ("DECK_SIZE",)]
    assert found == expected


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("blitz", ["LIVING_LEGEND_HERO"]),  # TR&P 7.3
        ("sage", []),  # Silver Age: living legends are legal (confirmed against card data)
    ],
)
def test_young_living_legend_by_format(db, fmt, expected):
    pool = CardPool(hero=card(db, "Viserai"), entries=filler(db, 40, copies=2))
    assert codes(check_pool(pool, fmt, as_of=TODAY, db=db)) == expected


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("blitz", []),  # TR&P 7.3 bars only the hero, not its weapon
        ("cc", ["LIVING_LEGEND_WEAPON"]),
    ],
)
def test_blitz_living_legend_weapon_stays_legal(db, fmt, expected):
    hero = "Chane" if fmt == "blitz" else "Vynnset, Iron Maiden"
    pool = CardPool(
        hero=card(db, hero),
        entries=[(card(db, "Nebula Blade"), 1, "arena")] + filler(db, 60, copies=3 if fmt == "cc" else 2),
    )
    found = [
        c
        for c in codes(check_pool(pool, fmt, as_of=TODAY, db=db))
        if c not in ("LIVING_LEGEND_HERO", "SUPERTYPE", "POOL_TOO_LARGE", "COPY_LIMIT")
    ]
    assert found == expected


@pytest.mark.parametrize(
    ("hero", "expected"),
    [
        ("Brevant, Civic Protector", []),  # "any number of Chivalry" (hero text, CR 1.1.3a)
        ("Bravo", ["COPY_LIMIT"]),
    ],
)
def test_hero_text_any_number_of_a_card(db, hero, expected):
    pool = blitz_pool(db, hero=hero, extra=[("Chivalry", None, 6, "deck")])
    assert codes(check_pool(pool, "blitz", as_of=TODAY, db=db)) == expected


@pytest.mark.parametrize(
    ("name", "pitch", "expected"),
    [
        ("Invoke Azvolai", 1, []),  # the front face (CR 9.1.3)
        ("Azvolai", None, ["DOUBLE_FACED_BACK"]),  # the back face listed on its own
    ],
)
def test_double_faced_cards_are_listed_by_front_face(db, name, pitch, expected):
    pool = cc_pool(db, hero="Dromai, Ash Artist", extra=[(name, pitch, 1, "deck")])
    found = list(codes(check_pool(pool, "ll", as_of=TODAY, db=db)))
    assert found == expected


@pytest.mark.parametrize(("element", "expected"), [("Fire", []), ("Water", ["ELEMENT_NOT_ENABLED"])])
def test_grand_archive_element_warning(ga_db, element, expected):
    """GA 1.6.d.4: a Fire Lv 0 champion enables Fire cards; a Water card is only warned about."""
    lv0 = ga_db.get("Aithne, Spirit of Fire")
    extra = next(
        c for c in ga_db if c.element == element and not ({"Champion", "Regalia", "Token"} & c.types)
    )
    norm = [c for c in ga_db if c.element == "Norm" and not ({"Champion", "Regalia", "Token"} & c.types)][:15]
    pool = CardPool(
        hero=None, entries=[(lv0, 1, "material"), (extra, 4, "main")] + [(c, 4, "main") for c in norm]
    )
    findings = check_pool(pool, "ga-standard", as_of=TODAY, db=ga_db)
    assert codes(findings) == []
    assert [f.code for f in findings if f.severity == "warning"] == expected


@pytest.mark.parametrize(
    ("fmt", "edition", "deck_qty", "pool_qty", "expected"),
    [
        ("sealed", "2025", 3, 5, ["SET_CARD_LIMIT"]),  # App F: counted in the registered limited pool
        ("sealed", "2023", 3, 5, []),  # TR&P'23 8.2: counted per deck
        ("sealed", "2023", 4, 5, ["SET_CARD_LIMIT"]),
        ("blitz-precon", "2025", 4, None, ["SET_CARD_LIMIT"]),  # App F applies to Blitz Preconstructed too
        ("blitz-precon", "2025", 3, None, []),
    ],
)
def test_phoenix_flame_by_edition_and_format(db, fmt, edition, deck_qty, pool_qty, expected):
    flame = card(db, "Phoenix Flame", 1)
    size = 40 if fmt == "blitz-precon" else 30
    rest = filler(db, size - deck_qty, copies=3)
    entries = [(flame, deck_qty, "deck")] + rest
    registered = None if pool_qty is None else [(flame, pool_qty)] + [(c, q) for c, q, _s in rest]
    pool = CardPool(
        hero=card(db, "Dromai"), entries=entries, registered=registered, set_codes=frozenset({"UPR"})
    )
    found = [
        c
        for c in codes(check_pool(pool, fmt, as_of=TODAY, db=db, rules_edition=edition))
        if c not in ("CARD_NOT_FROM_SET", "HERO_NOT_FROM_SET")
    ]
    assert found == expected


# --- properties -------------------------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FORMATS = [
    "cc",
    "ll",
    "blitz",
    "sage",
    "commoner",
    "upf",
    "sealed",
    "draft",
    "blitz-precon",
    "ira",
    "team-cc",
    "ga-standard",
    "ga-draft",
]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_pool_of_real_cards_gives_json_findings(db, data):
    cards = list(db)
    picks = data.draw(
        st.lists(
            st.tuples(
                st.integers(0, len(cards) - 1),
                st.integers(-1, 5),
                st.sampled_from(["hero", "arena", "deck", "sideboard", "weird"]),
            ),
            max_size=25,
        )
    )
    hero = data.draw(st.one_of(st.none(), st.sampled_from(db.heroes())))
    fmt = data.draw(st.sampled_from(FORMATS))
    edition = data.draw(st.sampled_from(["2025", "2023"]))
    as_of = data.draw(st.dates(min_value=date(2019, 1, 1), max_value=date(2030, 1, 1)))
    pool = CardPool(
        hero=hero,
        entries=[(cards[i], q, s) for i, q, s in picks],
        registered=[(cards[i], 2) for i, _q, _s in picks[:5]] if fmt in ("sealed", "draft") else None,
        set_codes=frozenset(data.draw(st.sets(st.sampled_from(["UPR", "HNT", "WTR"]), max_size=2))),
    )
    findings = check_pool(pool, fmt, as_of=as_of, db=db, rules_edition=edition)
    json.dumps([f.to_dict() for f in findings])
    assert all(f.severity in ("error", "warning") and f.message and f.rule for f in findings)
    if (
        hero is None
        and not fmt.startswith("ga-")
        and not any(s == "hero" or cards[i].is_hero for i, q, s in picks if isinstance(q, int) and q > 0)
    ):
        assert "HERO_MISSING" in codes(findings)


def test_rules_engine_legality_modules_import_no_django():
    import subprocess
    import sys

    code = (
        "import sys; import rules_engine.formats, rules_engine.legality, rules_engine.decklist_text, "
        "rules_engine.oracle; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
