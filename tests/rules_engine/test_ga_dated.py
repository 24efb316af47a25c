"""Grand Archive: the dated Standard banned list (community timeline) applied by name, before,
on and after each date, a lifted ban; champion levels and lineage in the material deck."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings

from rules_engine.cards import CardDatabase
from rules_engine.importers.ga_banlist import _changes, apply_ga_timeline, parse_ga_timeline
from rules_engine.legality import CardPool, check_pool
from tests.rules_engine.test_legality import _ga_cards, _ga_pool, codes, ga_db  # noqa: F401 (fixture)

TIMELINE = next(
    iter(
        sorted(
            (Path(settings.SHARED_DIR) / "data" / "cards-2026" / "ga").glob(
                "ga_standard_format_timeline*.json"
            )
        )
    ),
    None,
)
pytestmark = pytest.mark.skipif(TIMELINE is None, reason="GA timeline not in the shared data")


@pytest.fixture(scope="module")
def timeline():
    return parse_ga_timeline(TIMELINE)


@pytest.fixture(scope="module")
def dated_ga(ga_db, timeline):  # noqa: F811
    events, _source = timeline
    return CardDatabase(apply_ga_timeline(ga_db, events), release=ga_db.release + "+bans")


def test_description_sentences_are_read():
    assert _changes("Mortal Ambition released; Erupting Rhapsody banned.") == [
        ("Erupting Rhapsody", "banned")
    ]
    assert _changes(
        "Baby Green Slime, Carpsong Coda, and Grim Pastiche banned; Baby Gray Slime unbanned; x"
    ) == [
        ("Baby Green Slime", "banned"),
        ("Carpsong Coda", "banned"),
        ("Grim Pastiche", "banned"),
        ("Baby Gray Slime", "unbanned"),
    ]
    assert [n for n, _v in _changes("Seasonal Banlist implemented with A, B, and C; D added.")] == [
        "A",
        "B",
        "C",
    ]


def test_lifted_ban_and_community_source(timeline):
    events, source = timeline
    (slime,) = events["baby gray slime"]
    assert (slime.start, slime.end) == (date(2025, 2, 17), date(2026, 4, 20))
    assert "not an official GA document" in source and "not an official GA document" in slime.source
    (sword,) = events["sword of avarice"]
    assert sword.start_bound and sword.start == date(2024, 2, 4)


def _pool_with(dated_ga, name):
    pool = _ga_pool(dated_ga)
    banned = dated_ga.get(name)
    assert banned is not None
    pool.entries.append((banned, 1, "main"))
    return pool


@pytest.mark.parametrize(
    ("day", "expected"),
    [(date(2024, 10, 10), []), (date(2024, 10, 11), ["BANNED"]), (date(2026, 1, 1), ["BANNED"])],
)
def test_erupting_rhapsody_banned_from_its_date(dated_ga, day, expected):
    findings = check_pool(_pool_with(dated_ga, "Erupting Rhapsody"), "ga-standard", as_of=day, db=dated_ga)
    assert codes(findings) == expected
    if expected:
        (f,) = [f for f in findings if f.is_error]
        assert "since 2024-10-11" in f.message and "not an official GA document" in f.message


def test_banned_before_the_timeline_is_a_bound(dated_ga):
    findings = check_pool(
        _pool_with(dated_ga, "Sword of Avarice"), "ga-standard", as_of=date(2024, 3, 1), db=dated_ga
    )
    (f,) = [f for f in findings if f.code == "BANNED"]
    assert "in effect by 2024-02-04" in f.message


def test_ga_draft_is_not_subject_to_the_standard_list(dated_ga):
    pool = _ga_pool(dated_ga, main_size=30)
    pool.entries.append((dated_ga.get("Erupting Rhapsody"), 1, "main"))
    assert codes(check_pool(pool, "ga-draft", as_of=date(2026, 1, 1), db=dated_ga)) == []


def test_champion_level_gap_is_a_warning(ga_db):  # noqa: F811
    lv0, lv1, _regalia, main = _ga_cards(ga_db)
    lv3 = next(c for c in ga_db if "Champion" in c.types and c.level == "3")
    entries = [(lv0, 1, "material"), (lv3, 1, "material")] + [(c, 4, "main") for c in main[:15]]
    findings = check_pool(
        CardPool(hero=None, entries=entries), "ga-standard", as_of=date(2025, 1, 1), db=ga_db
    )
    gap = [f for f in findings if f.code == "CHAMPION_LEVEL_GAP"]
    assert [f.cards for f in gap] == [[lv3.name]] and gap[0].severity == "warning"
    assert gap[0].rule == "GA 1.7.a.4"


def test_champion_lineage_named_in_text(ga_db):  # noqa: F811
    lv0, lv1, _regalia, main = _ga_cards(ga_db)
    lv2 = next(c for c in ga_db if "Champion" in c.types and c.level == "2")
    other = next(c for c in lv1 if c.name.split(",")[0] != "Lorraine")
    lorraine2 = replace(lv2, name="Lorraine, Test Knight", functional_text="Lorraine Lineage")
    entries = [(lv0, 1, "material"), (other, 1, "material"), (lorraine2, 1, "material")]
    entries += [(c, 4, "main") for c in main[:15]]
    findings = check_pool(
        CardPool(hero=None, entries=entries), "ga-standard", as_of=date(2025, 1, 1), db=ga_db
    )
    assert [f.code for f in findings if f.code.startswith("CHAMPION_")] == ["CHAMPION_LINEAGE"]
