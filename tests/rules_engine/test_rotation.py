"""Format rotation as dated statuses: a card leaves a format's card pool on a date ("rotated",
from the period's start; back in the pool from its end, if any). Synthetic rotation only: no
real rotation data is invented. Checked before, on and after the date, through the merge of a
dated source with a current-state source, recorded statuses, and the basis of a verdict."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from rules_engine.cards import LEGALITY_STATUSES, CardDatabase, LegalityEvent
from rules_engine.legality import basis_findings, check_pool
from rules_engine.statuses import RecordedStatus, add_recorded, merge_card
from tests.rules_engine.test_dated_statuses import PUBLISHED, check, filler, mk, pool_with

ROTATION = date(2026, 9, 1)
ROTATED = LegalityEvent("sage", "rotated", ROTATION, None, "synthetic rotation (test)")
RETURNED = LegalityEvent("sage", "rotated", ROTATION, date(2027, 3, 1), "synthetic rotation (test)")


def rotated(findings):
    """The rotation findings (the synthetic pool is not built to pass Silver Age's other rules)."""
    return [f.code for f in findings if f.code == "ROTATED" and f.severity == "error"]


def test_rotated_is_a_legality_status():
    assert "rotated" in LEGALITY_STATUSES


@pytest.mark.parametrize(
    ("event", "day", "fmt", "expected"),
    [
        (ROTATED, date(2026, 8, 31), "sage", []),
        (ROTATED, ROTATION, "sage", ["ROTATED"]),
        (ROTATED, date(2027, 6, 1), "sage", ["ROTATED"]),
        (ROTATED, date(2027, 6, 1), "cc", []),  # another format's pool is untouched
        (RETURNED, date(2027, 2, 28), "sage", ["ROTATED"]),
        (RETURNED, date(2027, 3, 1), "sage", []),  # back in the pool on its end date (exclusive)
    ],
)
def test_rotation_applies_from_its_date(event, day, fmt, expected):
    card = mk("Rotating Card", 1, history=[event])
    assert rotated(check_pool(pool_with(card), fmt, as_of=day)) == expected


def test_rotation_finding_names_the_period_and_source():
    card = mk("Rotating Card", 1, history=[ROTATED])
    findings = check_pool(pool_with(card), "sage", as_of=date(2026, 10, 1))
    (f,) = [f for f in findings if f.code == "ROTATED"]
    assert "since 2026-09-01 (synthetic rotation (test))" in f.message
    assert f.statuses[0].start == ROTATION and f.statuses[0].status == "rotated"


def test_future_rotation_is_named_as_not_in_effect():
    card = mk("Rotating Card", 1, history=[ROTATED])
    pool = pool_with(card)
    out = basis_findings(
        pool,
        "sage",
        as_of=date(2026, 8, 1),
        db=CardDatabase([card, *(c for c, _q, _s in filler())], release="test"),
    )
    assert [f.cards for f in out if f.code == "STATUS_NOT_IN_EFFECT"] == [["Rotating Card (red)"]]


def test_dated_rotation_survives_a_current_state_source_that_does_not_state_rotations():
    """The current-state source (fabrary-like) has no rotation field: the dated period is kept
    with its real date, not ended at the newer publication date."""
    newer = mk("Rotating Card", 1)
    dated = mk("Rotating Card", 1, history=[ROTATED])
    merged = merge_card(newer, dated, published=PUBLISHED, release="fab", dated_release="cube")
    assert [(e.status, e.start, e.end) for e in merged.legality_history] == [("rotated", ROTATION, None)]


def test_recorded_rotation_applies_from_its_date():
    card = mk("Rotating Card", 1)
    (with_rotation,), superseded = add_recorded(
        [card],
        [RecordedStatus("Rotating Card", 1, "sage", "rotated", ROTATION, None, "https://example.org/r")],
    )
    assert superseded == []
    assert rotated(check_pool(pool_with(with_rotation), "sage", as_of=date(2026, 8, 31))) == []
    assert rotated(check_pool(pool_with(with_rotation), "sage", as_of=ROTATION)) == ["ROTATED"]


def test_a_rotated_card_that_is_also_banned_is_reported_once_as_banned():
    ban = LegalityEvent("cc", "banned", date(2026, 1, 1), None, "dated source")
    card = mk("Rotating Card", 1, history=[ban, replace(ROTATED, format="cc")])
    assert check(card, date(2026, 10, 1)) == ["BANNED"]
