"""The situations of real 2021-2026 lists replayed with lists written here (synthetic: a hero,
the cards at issue and generic filler), against fabrary 3.8.6 merged by card with the
the-fab-cube dated lists, exactly as ``cards.selectors.card_database`` merges them.

* a 2021 Lexi list: Lexi, Livewire became a living legend in 2023, so legal in 2021;
* a December 2025 Chane list in Silver Age: fabrary states young Chane banned there
  without a date, so the ban applies from the package's publication (2026-05-16) only;
* a 2025 list with a card banned later, and three February 2026 lists (cards and a hero
  fabrary states as banned or living legend, with no date): legal on their dates.
"""

from __future__ import annotations

from datetime import date

import pytest

from rules_engine.cards import CardDatabase
from rules_engine.decklist_text import parse_decklist, resolve
from rules_engine.importers import parse_fabcube, parse_fabrary
from rules_engine.legality import CardPool, basis_findings, check_pool, is_legal
from rules_engine.statuses import merged_database
from tests.conftest import shared_path
from tests.rules_engine.test_importers import fabrary_dump  # noqa: F401 (fixture)
from tests.rules_engine.test_legality import filler

PUBLISHED = date(2026, 5, 16)


@pytest.fixture(scope="module")
def merged(fabrary_dump):  # noqa: F811
    fr = parse_fabrary(fabrary_dump)
    fc = parse_fabcube(shared_path("data", "fabcube"))
    assert fr.published == PUBLISHED
    return merged_database(
        CardDatabase(fr.cards, release=fr.release),
        CardDatabase(fc.cards, release=fc.release),
        published=fr.published,
    )


def list_text(db, hero, cards, *, size, copies):
    """A registration list as a player would paste it: hero first, then 'N Name (colour)' lines."""
    named = [db.get(n, p) for n, p, _q in cards]
    assert all(named), cards
    n_named = sum(q for _n, _p, q in cards)
    lines = [hero]
    lines += [f"{q} {c.display_name}" for c, (_n, _p, q) in zip(named, cards, strict=True)]
    lines += [
        f"{q} {c.display_name}"
        for c, q, _s in filler(db, size - n_named, copies=copies, exclude={c.name for c in named})
    ]
    return "\n".join(lines)


def run(db, text, fmt, day):
    parsed = parse_decklist(text)
    entries, problems = resolve(parsed, db)
    assert not parsed.errors and not problems, (parsed.errors, problems)
    pool = CardPool(hero=None, entries=entries)
    return check_pool(pool, fmt, as_of=day, db=db), basis_findings(pool, fmt, as_of=day, db=db)


def errors(findings):
    return sorted({f.code for f in findings if f.is_error})


def test_2021_lexi_list_is_legal_then_and_a_living_legend_later(merged):
    text = list_text(merged, "Lexi, Livewire", [], size=60, copies=3)
    findings, basis = run(merged, text, "cc", date(2021, 6, 19))
    assert is_legal(findings), errors(findings)
    (note,) = [b for b in basis if b.code == "STATUS_NOT_IN_EFFECT"]
    assert "Lexi, Livewire: living legend in cc since 2023-11-06" in note.message
    later, _ = run(merged, text, "cc", date(2024, 1, 6))
    assert errors(later) == ["LIVING_LEGEND_HERO"]  # reported as a living legend, not "banned"


def test_december_2025_chane_silver_age_list(merged):
    text = list_text(merged, "Chane", [], size=40, copies=2)
    findings, basis = run(merged, text, "sage", date(2025, 12, 13))
    assert is_legal(findings), errors(findings)
    assert any("Chane: banned in sage in effect by 2026-05-16" in b.message for b in basis)
    later, _ = run(merged, text, "sage", PUBLISHED)
    (ban,) = [f for f in later if f.is_error]
    assert ban.code == "HERO_BANNED" and "latest it can have started" in ban.message


def test_2025_list_with_a_card_banned_later(merged):
    # Wrath of Retribution (red): fabrary 3.8.6 states it banned in CC; the dated lists do not.
    text = list_text(merged, "Fai, Rising Rebellion", [("Wrath of Retribution", 1, 1)], size=60, copies=3)
    findings, _ = run(merged, text, "cc", date(2025, 8, 2))
    assert is_legal(findings), errors(findings)
    after, _ = run(merged, text, "cc", date(2026, 6, 1))
    assert errors(after) == ["BANNED"]


@pytest.mark.parametrize(
    ("hero", "cards"),
    [
        ("Verdance, Thorn of the Rose", []),  # a living legend only fabrary states
        ("Arakni, Marionette", [("Orb-Weaver Spinneret", 2, 3), ("Bonds of Agony", 3, 3)]),
        ("Fai, Rising Rebellion", [("Brand with Cinderclaw", 1, 3)]),
    ],
)
def test_february_2026_calling_lists_are_legal(merged, hero, cards):
    text = list_text(merged, hero, cards, size=60, copies=3)
    findings, _ = run(merged, text, "cc", date(2026, 2, 14))
    assert is_legal(findings), errors(findings)
    later, _ = run(merged, text, "cc", date(2026, 6, 1))
    assert set(errors(later)) <= {"BANNED", "LIVING_LEGEND_HERO"} and errors(later)


def test_mutated_list_still_caught_on_its_date(merged):
    text = list_text(merged, "Lexi, Livewire", [], size=60, copies=3)
    lines = text.splitlines()
    first = lines[1].split(" ", 1)[1]
    mutated = "\n".join([*lines, f"1 {first}", "Dorinthea Ironsong"])  # a fourth copy, a second hero
    findings, _ = run(merged, mutated, "cc", date(2021, 6, 19))
    assert {"COPY_LIMIT", "HERO_COUNT"} <= set(errors(findings))
