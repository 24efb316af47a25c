"""Dated legality statuses (TR&P 7, 7.1-7.4; PPG 4.4): before, on and after each date, lifted
statuses, bounds from undated sources, merging by card, recorded statuses. Synthetic cards."""

from __future__ import annotations

from datetime import date

import pytest

from rules_engine.cards import Card, CardDatabase, LegalityEvent, Printing
from rules_engine.legality import CardPool, basis_findings, check_pool, is_legal
from rules_engine.statuses import RecordedStatus, add_recorded, merge_card, merge_statuses, merged_database

PUBLISHED = date(2026, 5, 16)


def mk(
    name, pitch=None, *, types=("Action",), history=(), formats=("cc", "blitz", "ll", "sage"), **kw
) -> Card:
    return Card(
        identifier=name.lower().replace(" ", "-").replace(",", "") + (f"-{pitch}" if pitch else ""),
        name=name,
        pitch=pitch,
        types=frozenset(types),
        legal_formats=frozenset(formats),
        legality_history=tuple(history),
        printings=(Printing("TST001", "TST", "Common"),),
        **kw,
    )


HERO = mk("Testa, Adult Hero", types=("Hero",), formats=("cc", "ll"))


def filler(n=20, copies=3):
    return [(mk(f"Filler {i}", 1), copies, "deck") for i in range(n)]


def codes(findings):
    return sorted({f.code for f in findings if f.severity == "error"})


def pool_with(card, qty=1, hero=HERO):
    return CardPool(hero=hero, entries=[(card, qty, "deck"), *filler(20, 3)])


def check(card, day, fmt="cc", qty=1, hero=HERO):
    # 60 filler cards plus the card under test: the pool stays within 80 (TR&P 7.1).
    return codes(check_pool(pool_with(card, qty, hero), fmt, as_of=day))


# --- each dated rule: before, on, after; lifted -------------------------------------------------

BAN = LegalityEvent("cc", "banned", date(2024, 3, 1), None, "dated source (banned-cc.json)")
LIFTED = LegalityEvent("cc", "banned", date(2022, 1, 1), date(2023, 1, 1), "dated source (banned-cc.json)")


@pytest.mark.parametrize(
    ("day", "expected"),
    [(date(2024, 2, 29), []), (date(2024, 3, 1), ["BANNED"]), (date(2025, 9, 1), ["BANNED"])],
)
def test_ban_applies_from_its_date(day, expected):
    assert check(mk("Dated Ban", 1, history=[BAN]), day) == expected


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2021, 12, 31), []),
        (date(2022, 1, 1), ["BANNED"]),
        (date(2022, 12, 31), ["BANNED"]),
        (date(2023, 1, 1), []),  # the day it was lifted (end is exclusive)
        (date(2026, 1, 1), []),
    ],
)
def test_lifted_ban(day, expected):
    assert check(mk("Lifted Ban", 1, history=[LIFTED]), day) == expected


@pytest.mark.parametrize(
    ("day", "expected"),
    [(date(2024, 5, 1), []), (date(2024, 5, 2), ["SUSPENDED"]), (date(2024, 9, 1), [])],
)
def test_suspension_period(day, expected):
    ev = LegalityEvent("cc", "suspended", date(2024, 5, 2), date(2024, 9, 1), "dated source")
    assert check(mk("Suspended Card", 1, history=[ev]), day) == expected


@pytest.mark.parametrize(
    ("day", "qty", "expected"),
    [
        (date(2023, 12, 31), 3, []),
        (date(2024, 1, 1), 3, ["RESTRICTED"]),
        (date(2024, 1, 1), 1, []),
        (date(2024, 6, 1), 3, []),  # restriction lifted
    ],
)
def test_restriction_period(day, qty, expected):
    ev = LegalityEvent("ll", "restricted", date(2024, 1, 1), date(2024, 6, 1), "dated source")
    card = mk("Restricted Card", 1, history=[ev])
    pool = CardPool(hero=HERO, entries=[(card, qty, "deck"), *filler(20, 3)])
    assert codes(check_pool(pool, "ll", as_of=day)) == expected


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2023, 11, 5), []),
        (date(2023, 11, 6), ["LIVING_LEGEND_HERO"]),
        (date(2026, 1, 1), ["LIVING_LEGEND_HERO"]),
    ],
)
def test_living_legend_from_its_date_and_named_as_such(day, expected):
    ev = LegalityEvent("cc", "living_legend", date(2023, 11, 6), None, "dated source (living-legend-cc.json)")
    hero = mk("Lexa, Livewire", types=("Hero",), formats=("ll",), history=[ev])
    findings = check_pool(CardPool(hero=hero, entries=filler(20, 3)), "cc", as_of=day)
    assert codes(findings) == expected
    if expected:
        (f,) = [f for f in findings if f.is_error]
        assert "living legend" in f.message and "since 2023-11-06" in f.message
        assert f.statuses == (ev,)
        assert f.to_dict()["statuses"][0]["source"] == "dated source (living-legend-cc.json)"


def test_living_legend_in_cc_is_legal_in_living_legend_format():
    ev = LegalityEvent("cc", "living_legend", date(2023, 11, 6), None, "dated")
    hero = mk("Lexa, Livewire", types=("Hero",), formats=("ll",), history=[ev])
    assert codes(check_pool(CardPool(hero=hero, entries=filler(20, 3)), "ll", as_of=date(2026, 1, 1))) == []


@pytest.mark.parametrize(
    ("day", "expected"),
    [(date(2025, 10, 18), []), (date(2025, 10, 19), ["BANNED"])],
)
def test_silver_age_ban_from_its_date(day, expected):
    ev = LegalityEvent("sage", "banned", date(2025, 10, 19), None, "dated")
    young = mk("Yung", types=("Hero",), formats=("sage", "blitz"), young=True)
    card = mk("Sage Banned", 1, history=[ev])
    pool = CardPool(hero=young, entries=[(card, 2, "deck"), *filler(19, 2)])
    assert codes(check_pool(pool, "sage", as_of=day)) == expected


# --- statuses of an undated source: dated by publication, a bound ---------------------------------


def test_undated_status_applies_from_publication_never_before():
    ev = LegalityEvent("cc", "banned", PUBLISHED, None, "fabrary-cards@3.8.6", start_bound=True)
    card = mk("Later Ban", 1, history=[ev])
    assert check(card, date(2025, 11, 1)) == []
    assert check(card, date(2026, 2, 14)) == []
    findings = check_pool(pool_with(card), "cc", as_of=PUBLISHED)
    (f,) = [f for f in findings if f.is_error]
    assert f.code == "BANNED"
    assert "in effect by 2026-05-16" in f.message and "latest it can have started" in f.message
    assert f.to_dict()["statuses"][0]["start_bound"] is True


# --- merging a current-state source with a dated one, by card -------------------------------------


def test_merge_keeps_dated_start_for_a_status_both_state():
    newer = mk("X", 1, history=[LegalityEvent("cc", "banned", PUBLISHED, None, "fab", True)])
    dated = mk("X", 1, history=[BAN])
    merged = merge_card(newer, dated, published=PUBLISHED, release="fab", dated_release="cube")
    assert merged.legality_history == (BAN,)


def test_merge_living_legend_stated_as_ban_is_the_dated_living_legend():
    ll = LegalityEvent("cc", "living_legend", date(2023, 11, 6), None, "cube")
    newer = mk(
        "Lexa, Livewire",
        types=("Hero",),
        history=[LegalityEvent("cc", "banned", PUBLISHED, None, "fab", True)],
    )
    dated = mk("Lexa, Livewire", types=("Hero",), history=[ll])
    merged = merge_card(newer, dated, published=PUBLISHED, release="fab")
    assert merged.legality_history == (ll,)
    pool = CardPool(hero=merged, entries=filler(20, 3))
    assert codes(check_pool(pool, "cc", as_of=date(2021, 6, 1))) == []
    assert codes(check_pool(pool, "cc", as_of=date(2024, 1, 1))) == ["LIVING_LEGEND_HERO"]


def test_merge_status_only_the_newer_source_states_starts_at_publication():
    newer = mk("New Ban", 1, history=[LegalityEvent("cc", "banned", None, None, "")])
    (merged,) = merge_statuses(
        [newer], [mk("New Ban", 1)], published=PUBLISHED, release="fab", dated_release="cube"
    )
    (ev,) = merged.legality_history
    assert (ev.start, ev.start_bound, ev.source) == (PUBLISHED, True, "fab")


def test_merge_rebanned_after_a_lifted_dated_ban():
    newer = mk("Again", 1, history=[LegalityEvent("cc", "banned", PUBLISHED, None, "fab", True)])
    merged = merge_card(newer, mk("Again", 1, history=[LIFTED]), published=PUBLISHED, release="fab")
    assert [(e.start, e.end) for e in merged.legality_history] == [
        (LIFTED.start, LIFTED.end),
        (PUBLISHED, None),
    ]
    assert check(merged, date(2022, 6, 1)) == ["BANNED"]
    assert check(merged, date(2024, 6, 1)) == []
    assert check(merged, date(2026, 6, 1)) == ["BANNED"]


def test_merge_dated_status_the_newer_source_no_longer_states_is_lifted_by_publication():
    other = mk("Other", 1, history=[LegalityEvent("cc", "banned", PUBLISHED, None, "fab", True)])
    unbanned = mk("Unbanned", 1)
    merged = merge_statuses(
        [other, unbanned], [mk("Unbanned", 1, history=[BAN])], published=PUBLISHED, release="fab"
    )
    ev = merged[1].legality_history[0]
    assert (ev.start, ev.end, ev.end_bound) == (BAN.start, PUBLISHED, True)
    assert check(merged[1], date(2025, 1, 1)) == ["BANNED"]
    assert check(merged[1], date(2026, 6, 1)) == []


def test_merged_database_label_names_both_sources():
    db = merged_database(
        CardDatabase([mk("A", 1)], release="fab@1"),
        CardDatabase([mk("A", 1)], release="cube@2"),
        published=PUBLISHED,
    )
    assert db.release == "fab@1+cube@2"


# --- statuses recorded by officials ------------------------------------------------------------------


def test_recorded_ban_applies_from_its_date_and_is_replaced_when_data_brings_it():
    rec = RecordedStatus(
        "Fresh Ban", 1, "cc", "banned", date(2026, 9, 1), None, "recorded: https://example.org/ban"
    )
    (card,), superseded = add_recorded([mk("Fresh Ban", 1)], [rec])
    assert superseded == []
    assert check(card, date(2026, 8, 31)) == []
    assert check(card, date(2026, 9, 1)) == ["BANNED"]
    data_has_it = mk(
        "Fresh Ban", 1, history=[LegalityEvent("cc", "banned", date(2026, 9, 1), None, "newer data")]
    )
    (card2,), superseded = add_recorded([data_has_it], [rec])
    assert superseded == [rec]
    assert card2.legality_history == data_has_it.legality_history


def test_recorded_status_without_pitch_applies_to_every_pitch():
    rec = RecordedStatus("Tri", None, "cc", "banned", date(2026, 9, 1))
    cards, _ = add_recorded([mk("Tri", 1), mk("Tri", 2), mk("Other", 1)], [rec])
    assert [len(c.legality_history) for c in cards] == [1, 1, 0]


# --- what decided ---------------------------------------------------------------------------------


def test_basis_names_release_and_statuses_not_in_effect():
    ev = LegalityEvent("cc", "living_legend", date(2023, 11, 6), None, "cube (living-legend-cc.json)")
    hero = mk("Lexa, Livewire", types=("Hero",), formats=("ll",), history=[ev])
    pool = CardPool(hero=hero, entries=filler(20, 3))
    db = CardDatabase([hero], release="fab@1+cube@2")
    findings = check_pool(pool, "cc", as_of=date(2021, 6, 1), db=db)
    assert is_legal(findings)
    basis = basis_findings(pool, "cc", as_of=date(2021, 6, 1), db=db, release_note="current then")
    assert [f.code for f in basis] == ["CARD_DATA", "STATUS_NOT_IN_EFFECT"]
    assert all(f.severity == "info" for f in basis)
    assert "fab@1+cube@2: current then" in basis[0].message
    assert "since 2023-11-06" in basis[1].message and "not in effect on 2021-06-01" in basis[1].message


def test_merge_dated_ban_ends_when_the_newer_source_states_the_card_legal():
    blitz_ban = LegalityEvent("blitz", "banned", date(2023, 1, 1), None, "cube (banned-blitz.json)")
    newer = mk("Blitz Unbanned", 1, formats=("cc", "blitz"))
    merged = merge_card(
        newer, mk("Blitz Unbanned", 1, history=[blitz_ban]), published=PUBLISHED, release="fab"
    )
    (ev,) = merged.legality_history
    assert (ev.start, ev.end, ev.end_bound) == (date(2023, 1, 1), PUBLISHED, True)
    assert "lifted by 2026-05-16" in ev.describe()


def test_merge_living_legend_is_not_ended_by_a_stated_legal_format():
    ll = LegalityEvent("blitz", "living_legend", date(2024, 9, 13), None, "cube")
    hero = mk("Young Legend", types=("Hero",), formats=("blitz",), young=True)
    merged = merge_card(
        hero, mk("Young Legend", types=("Hero",), history=[ll]), published=PUBLISHED, release="fab"
    )
    assert merged.legality_history == (ll,)


# --- a recorded "lifted" status ends a ban the data has open -------------------------------------


def test_recorded_lift_ends_an_open_ban_on_its_date_and_names_its_source():
    ban = LegalityEvent("blitz", "banned", date(2024, 9, 9), None, "dated (banned-blitz.csv)")
    ll = LegalityEvent("blitz", "living_legend", date(2024, 9, 9), None, "dated (living-legend-blitz.csv)")
    card = mk("Art of Test", 2, history=[ban, ll])
    lift = RecordedStatus(
        "Art of Test", None, "blitz", "lifted", date(2026, 1, 1), source="https://example.org/blitz"
    )
    (out,), superseded = add_recorded([card], [lift])
    assert superseded == []
    lifted, kept = out.legality_history
    assert (lifted.status, lifted.end, lifted.end_bound) == ("banned", date(2026, 1, 1), False)
    assert lifted.source.endswith("lifted: https://example.org/blitz")
    assert kept == ll  # a living legend is not lifted this way
    assert out.statuses_on("blitz", date(2025, 12, 31)) == {"banned", "living_legend"}
    assert out.statuses_on("blitz", date(2026, 1, 1)) == {"living_legend"}


def test_recorded_lift_with_nothing_open_is_superseded():
    card = mk("Never Banned", 1)
    lift = RecordedStatus("Never Banned", 1, "blitz", "lifted", date(2026, 1, 1), source="s")
    (out,), superseded = add_recorded([card], [lift])
    assert out == card and superseded == [lift]
