"""Grand Archive deck rules per format (GA TRG Format Conventions; GA CR 1.5), table-driven with
real cards from the GA data in ../shared: Standard's sideboard (cards and points), Team Standard
and Pantheon without sideboards, Pantheon singleton with exactly 12 material cards, and the
Limited minimums that were already enforced."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from rules_engine.cards import LegalityEvent, format_code
from rules_engine.formats import get_format
from rules_engine.legality import CardPool, check_ga_team, check_pool, ga_sideboard_points, status_lists
from rules_engine.oracle import load_reference_database
from tests.conftest import shared_path

TODAY = date(2025, 7, 1)


@pytest.fixture(scope="module")
def ga_db():
    return load_reference_database(str(shared_path("data", "ga").parent.parent), "ga")


def _parts(ga_db):
    champs = sorted((c for c in ga_db if "Champion" in c.types), key=lambda c: c.name)
    lv0 = next(c for c in champs if c.level == "0")
    others = [c for c in champs if c is not lv0]
    regalia = sorted(
        (c for c in ga_db if "Regalia" in c.types and "Champion" not in c.types), key=lambda c: c.name
    )
    main = sorted(
        (c for c in ga_db if not ({"Champion", "Regalia", "Token"} & c.types) and not c.element),
        key=lambda c: c.name,
    )
    main += sorted(
        (c for c in ga_db if not ({"Champion", "Regalia", "Token"} & c.types) and c.element),
        key=lambda c: c.name,
    )
    return lv0, others, regalia, main


def ga_pool(
    ga_db,
    *,
    main_size=60,
    copies=4,
    material=8,
    sb_main=0,
    sb_material=0,
    first_copies=None,
):
    """A pool of real GA cards: one Lv 0 champion plus other material cards, ``main_size`` main
    cards at ``copies`` per name, and a sideboard of ``sb_main`` main-deck cards (one per name)
    and ``sb_material`` regalia/champion cards."""
    lv0, others, regalia, main = _parts(ga_db)
    material_cards = [lv0] + (regalia + others)[: material - 1]
    assert len(material_cards) == material
    entries = [(c, 1, "material") for c in material_cards]
    n = 0
    pos = 0
    while n < main_size:
        q = min(copies, main_size - n)
        if first_copies is not None and pos == 0:
            q = first_copies
        entries.append((main[pos], q, "main"))
        n += q
        pos += 1
    spare_main = main[pos : pos + sb_main]
    assert len(spare_main) == sb_main
    entries += [(c, 1, "sideboard") for c in spare_main]
    spare_material = (regalia + others)[material - 1 : material - 1 + sb_material]
    assert len(spare_material) == sb_material
    entries += [(c, 1, "sideboard") for c in spare_material]
    return CardPool(hero=None, entries=entries)


def errors(findings):
    return sorted(f.code for f in findings if f.severity == "error")


@pytest.mark.parametrize(
    ("fmt", "kwargs", "expected"),
    [
        # Standard (GA TRG Standard Constructed; GA CR 1.5.1)
        ("ga-standard", {}, []),
        ("ga-standard", {"sb_main": 15}, []),  # 15 cards, 15 points
        ("ga-standard", {"sb_main": 16}, ["SIDEBOARD_POINTS", "SIDEBOARD_SIZE"]),  # 16 cards, 16 points
        ("ga-standard", {"sb_main": 12, "sb_material": 1}, []),  # 13 cards, 12 + 3 = 15 points
        ("ga-standard", {"sb_main": 13, "sb_material": 1}, ["SIDEBOARD_POINTS"]),  # 14 cards, 16 points
        ("ga-standard", {"sb_material": 5}, []),  # 5 cards, 15 points
        ("ga-standard", {"sb_material": 6}, ["SIDEBOARD_POINTS"]),  # 6 cards, 18 points
        ("ga-standard", {"main_size": 59}, ["MAIN_DECK_SIZE"]),
        ("ga-standard", {"main_size": 75}, []),  # no maximum
        ("ga-standard", {"material": 12}, []),
        ("ga-standard", {"material": 13}, ["MATERIAL_DECK_SIZE"]),
        ("ga-standard", {"first_copies": 5}, ["COPY_LIMIT"]),
        # Team Standard: Standard's decks, no sideboard (GA TRG Team Standard Constructed)
        ("ga-team-standard", {}, []),
        ("ga-team-standard", {"sb_main": 1}, ["SIDEBOARD_NOT_ALLOWED"]),
        ("ga-team-standard", {"main_size": 59}, ["MAIN_DECK_SIZE"]),
        ("ga-team-standard", {"material": 13}, ["MATERIAL_DECK_SIZE"]),
        ("ga-team-standard", {"first_copies": 5}, ["COPY_LIMIT"]),
        # Pantheon: singleton, exactly 12 material cards, no sideboard (GA TRG Pantheon)
        ("ga-pantheon", {"copies": 1, "material": 12}, []),
        ("ga-pantheon", {"copies": 1, "material": 11}, ["MATERIAL_DECK_SIZE"]),
        ("ga-pantheon", {"copies": 1, "material": 13}, ["MATERIAL_DECK_SIZE"]),
        ("ga-pantheon", {"copies": 2, "material": 12}, ["COPY_LIMIT"] * 30),
        ("ga-pantheon", {"copies": 1, "material": 12, "first_copies": 2}, ["COPY_LIMIT"]),
        ("ga-pantheon", {"copies": 1, "material": 12, "main_size": 59}, ["MAIN_DECK_SIZE"]),
        ("ga-pantheon", {"copies": 1, "material": 12, "sb_material": 1}, ["SIDEBOARD_NOT_ALLOWED"]),
        # Limited: the minimums were already enforced (GA CR 1.5.2; GA TRG Limited Formats)
        ("ga-draft", {"main_size": 30}, []),
        ("ga-draft", {"main_size": 29}, ["MAIN_DECK_SIZE"]),
        ("ga-draft", {"main_size": 30, "sb_main": 40}, []),  # every other pool card is sideboard
    ],
)
def test_ga_format_rules(ga_db, fmt, kwargs, expected):
    findings = check_pool(ga_pool(ga_db, **kwargs), fmt, as_of=TODAY, db=ga_db)
    assert errors(findings) == sorted(expected)


def test_ga_missing_level0_champion_in_every_format(ga_db):
    for fmt in ("ga-standard", "ga-team-standard", "ga-pantheon", "ga-draft"):
        pool = ga_pool(ga_db, copies=1, material=12)
        pool.entries[:] = [e for e in pool.entries if not (e[2] == "material" and e[0].level == "0")]
        # keep Pantheon at 12 material cards
        lv0, others, regalia, _main = _parts(ga_db)
        pool.entries.append(((regalia + others)[11], 1, "material"))
        assert "NO_LEVEL0_CHAMPION" in errors(check_pool(pool, fmt, as_of=TODAY, db=ga_db)), fmt


def test_ga_material_singleton_in_pantheon(ga_db):
    pool = ga_pool(ga_db, copies=1, material=11)
    _lv0, others, regalia, _main = _parts(ga_db)
    pool.entries.append(((regalia + others)[0], 1, "material"))  # a second copy makes 12
    assert errors(check_pool(pool, "ga-pantheon", as_of=TODAY, db=ga_db)) == ["MATERIAL_COPY_LIMIT"]


def test_sideboard_findings_cite_the_format_rule(ga_db):
    findings = check_pool(ga_pool(ga_db, sb_material=6), "ga-standard", as_of=TODAY, db=ga_db)
    (f,) = [f for f in findings if f.code == "SIDEBOARD_POINTS"]
    assert f.rule.startswith("GA TRG Standard Constructed") and "18 points" in f.message
    assert len(f.cards) == 6
    findings = check_pool(ga_pool(ga_db, sb_main=2), "ga-pantheon", as_of=TODAY, db=ga_db)
    assert [f.rule for f in findings if f.code == "SIDEBOARD_NOT_ALLOWED"] == [
        "GA TRG Pantheon (no sideboard)"
    ]


def test_sideboard_points_per_card(ga_db):
    lv0, others, regalia, main = _parts(ga_db)
    assert [ga_sideboard_points(c) for c in (main[0], regalia[0], lv0, others[0])] == [1, 3, 3, 3]


def _with_ban(pool, fmt_code, status="banned"):
    """``pool`` with its first main-deck card banned (or ``status``) in ``fmt_code`` from
    2025-01-01 (synthetic)."""
    i, (target, qty, sec) = next((i, e) for i, e in enumerate(pool.entries) if e[2] == "main")
    banned = LegalityEvent(fmt_code, status, date(2025, 1, 1), None, source="test")
    entries = list(pool.entries)
    entries[i] = (replace(target, legality_history=(*target.legality_history, banned)), qty, sec)
    return CardPool(hero=None, entries=entries)


def test_team_standard_uses_standard_bans_and_pantheon_its_own(ga_db):
    pool = _with_ban(ga_pool(ga_db), "ga-standard")
    assert "BANNED" in errors(check_pool(pool, "ga-team-standard", as_of=TODAY, db=ga_db))
    assert "BANNED" in errors(check_pool(pool, "ga-standard", as_of=TODAY, db=ga_db))
    assert "BANNED" not in errors(check_pool(pool, "ga-standard", as_of=date(2024, 12, 31), db=ga_db))
    pantheon = _with_ban(ga_pool(ga_db, copies=1, material=12), "ga-standard")
    assert "BANNED" not in errors(check_pool(pantheon, "ga-pantheon", as_of=TODAY, db=ga_db))
    pantheon = _with_ban(ga_pool(ga_db, copies=1, material=12), "ga-pantheon")
    assert "BANNED" in errors(check_pool(pantheon, "ga-pantheon", as_of=TODAY, db=ga_db))
    assert status_lists("ga-team-standard") == ("ga-standard", "ga-team-standard")
    assert status_lists("ga-pantheon") == ("ga-pantheon",)


def test_format_names_map_to_the_new_codes():
    assert format_code("Pantheon") == "ga-pantheon"
    assert format_code("Team Standard") == "ga-team-standard"
    assert get_format("ga-pantheon").to_dict()["material_min"] == 12
    assert get_format("ga-team-standard").to_dict()["sideboard_allowed"] is False


@pytest.mark.parametrize(
    ("fmt", "day", "expected"),
    [
        ("ga-standard", date(2024, 12, 31), []),
        ("ga-standard", date(2025, 1, 1), ["ROTATED"]),
        ("ga-team-standard", date(2025, 6, 1), ["ROTATED"]),  # Team Standard uses Standard's pool
    ],
)
def test_synthetic_ga_rotation(ga_db, fmt, day, expected):
    """Format rotation as a dated status (no real GA rotation is known; see docs/dated-legality.md)."""
    pool = _with_ban(ga_pool(ga_db), "ga-standard", status="rotated")
    assert errors(check_pool(pool, fmt, as_of=day, db=ga_db)) == expected


def _member(ga_db, offset, *, lv0=True):
    """A legal Team Standard member whose main deck starts at the ``offset``-th main card and
    whose material deck is a Lv 0 champion (shared unless ``lv0`` is False) plus other cards."""
    lv0_card, others, regalia, main = _parts(ga_db)
    material = ([lv0_card] if lv0 else []) + (regalia + others)[offset : offset + 3]
    entries = [(c, 1, "material") for c in material]
    entries += [(c, 4, "main") for c in main[offset : offset + 15]]
    return CardPool(hero=None, entries=entries)


@pytest.mark.parametrize(
    ("offsets", "expected"),
    [
        ((0, 15, 30), ["TEAM_COPY_LIMIT"]),  # the same Lv 0 champion in every material deck
        # A and B share every card: the Lv 0 champion and 3 more material cards, 15 main names at 8 copies
        ((0, 0, 30), ["TEAM_COPY_LIMIT"] * (1 + 3 + 15)),
    ],
)
def test_ga_team_copy_limits(ga_db, offsets, expected):
    pools = [_member(ga_db, o) for o in offsets]
    assert errors(check_ga_team(pools, as_of=TODAY, db=ga_db)) == sorted(expected)


def test_ga_team_member_decks_are_checked_as_team_standard(ga_db):
    a = _member(ga_db, 0)
    b = _member(ga_db, 15, lv0=False)
    lone_lv0 = next(c for c in _parts(ga_db)[1] if c.level == "0")
    b.entries.append((lone_lv0, 1, "material"))
    b.entries.append((_parts(ga_db)[3][40], 1, "sideboard"))
    findings = check_ga_team([a, b], as_of=TODAY, db=ga_db)
    assert [(f.code, f.member) for f in findings if f.severity == "error"] == [("SIDEBOARD_NOT_ALLOWED", "B")]
