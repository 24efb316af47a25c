"""Formats with effective dates (rules_engine.format_timeline): a change applies from its date,
an unconfirmed change is listed and never applied, a retired format warns, and the dated facts
appear beside the verdict. Synthetic cards and changes; the shipped timeline's entries cite
their sources."""

from __future__ import annotations

from datetime import date

import pytest

from rules_engine.cards import Card, Printing
from rules_engine.format_timeline import DEFAULT_TIMELINE, FormatChange, format_on, validate_change
from rules_engine.legality import CardPool, basis_findings, check_pool, is_legal

HERO = Card(
    "young", "Young Hero", types=frozenset({"Hero"}), young=True, printings=(Printing("T1", "T", "Common"),)
)


def deck(n: int, copies: int = 2) -> CardPool:
    cards = [
        Card(f"c{i}", f"Card {i}", 1, types=frozenset({"Action"}), printings=(Printing("T1", "T", "Common"),))
        for i in range(n)
    ]
    return CardPool(hero=HERO, entries=[(c, copies, "deck") for c in cards])


SMALLER_BLITZ = FormatChange("blitz", date(2026, 1, 1), {"deck_min": 30, "deck_max": 30}, source="test")


@pytest.mark.parametrize(
    ("day", "deck_min"), [(date(2025, 12, 31), 40), (date(2026, 1, 1), 30), (date(2026, 6, 1), 30)]
)
def test_a_confirmed_change_applies_from_its_date(day, deck_min):
    fmt, changes = format_on("blitz", day, timeline=[SMALLER_BLITZ])
    assert fmt.deck_min == deck_min
    assert changes == [SMALLER_BLITZ]  # in effect, or the next to come


def test_list_is_judged_by_the_rules_of_its_date():
    pool = deck(15)  # 30 cards
    assert not is_legal(check_pool(pool, "blitz", as_of=date(2025, 12, 1), timeline=[SMALLER_BLITZ]))
    assert is_legal(check_pool(pool, "blitz", as_of=date(2026, 2, 1), timeline=[SMALLER_BLITZ]))


def test_an_unconfirmed_change_is_listed_but_not_applied():
    reported = FormatChange("blitz", date(2026, 1, 1), {"deck_min": 30}, source="rumour", confirmed=False)
    fmt, changes = format_on("blitz", date(2026, 3, 1), timeline=[reported])
    assert fmt.deck_min == 40 and changes == [reported]
    basis = basis_findings(deck(20), "blitz", as_of=date(2026, 3, 1), timeline=[reported])
    (note,) = [b for b in basis if b.code == "FORMAT_RULES"]
    assert "unconfirmed, not applied: deck_min 30 from 2026-01-01 (rumour)" in note.message


def test_the_shipped_commoner_retirement_warns_but_does_not_reject():
    pool = deck(20)
    before = check_pool(pool, "commoner", as_of=date(2025, 12, 31))
    after = check_pool(pool, "commoner", as_of=date(2026, 1, 1))
    assert "FORMAT_RETIRED" not in {f.code for f in before}
    (warn,) = [f for f in after if f.code == "FORMAT_RETIRED"]
    assert warn.severity == "warning" and "retired since 2026-01-01" in warn.message
    assert is_legal(after) == is_legal(before)


def test_every_shipped_change_names_its_source_and_blitz_2026_is_unconfirmed():
    assert all(ch.source for ch in DEFAULT_TIMELINE)
    (blitz,) = [ch for ch in DEFAULT_TIMELINE if ch.format == "blitz"]
    assert blitz.confirmed is False and blitz.changes == {}
    for ch in DEFAULT_TIMELINE:
        validate_change(ch)


@pytest.mark.parametrize(
    "changes",
    [{"name": "Other"}, {"deck_min": -1}, {"retired": "yes"}, {"copy_limit": "two"}],
)
def test_a_change_to_something_that_is_not_a_rule_value_is_refused(changes):
    with pytest.raises(ValueError):
        validate_change(FormatChange("cc", date(2026, 1, 1), changes, source="test"))


BENCH = FormatChange(
    "blitz",
    date(2026, 3, 1),
    {"heroes_benched": ["Young Hero"]},
    source="https://example.org/bench",
    rule="TR&P 7",
)


@pytest.mark.parametrize(("day", "benched"), [(date(2026, 2, 28), False), (date(2026, 3, 1), True)])
def test_a_hero_benched_by_a_format_change_makes_the_list_illegal_from_its_date(day, benched):
    findings = check_pool(deck(20), "blitz", as_of=day, timeline=[BENCH])
    found = [f for f in findings if f.code == "HERO_BANNED"]
    assert bool(found) is benched
    if benched:
        assert found[0].message == (
            "Young Hero is benched in Blitz on 2026-03-01 (from 2026-03-01, https://example.org/bench): "
            "the whole card-pool is illegal with this hero"
        )


def test_a_format_change_can_name_the_only_heroes_allowed():
    only = FormatChange("blitz", date(2026, 1, 1), {"heroes_allowed": ["Someone Else"]}, source="s")
    codes = {f.code for f in check_pool(deck(20), "blitz", as_of=date(2026, 2, 1), timeline=[only])}
    assert "HERO_NOT_ALLOWED" in codes
    validate_change(only)
    with pytest.raises(ValueError):
        validate_change(FormatChange("blitz", date(2026, 1, 1), {"heroes_benched": "Kayo"}, source="s"))
