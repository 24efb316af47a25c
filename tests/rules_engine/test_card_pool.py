"""One card pool dated per card (TR&P 7: officially released cards): the-fab-cube CSV layout,
legality rows merged from two copies (the later one wins and is named), first release dates
from set lists and overrides, the pool merge, and the NOT_YET_RELEASED finding. Invented data
written in the-fab-cube's tab-separated layout."""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import pytest

from rules_engine.cards import Card, CardDatabase, LegalityEvent, Printing
from rules_engine.importers import CardImportError
from rules_engine.importers.fabcube_csv import parse_fabcube_csv
from rules_engine.legality import CardPool, check_pool, is_legal
from rules_engine.pool import build_pool
from rules_engine.release_dates import date_cards, first_release, merge_set_dates

CARD_COLS = [
    "Unique ID", "Name", "Color", "Pitch", "Cost", "Power", "Defense", "Health", "Intelligence", "Arcane",
    "Types", "Traits", "Card Keywords", "Functional Text", "Type Text", "Blitz Legal", "CC Legal",
    "Silver Age Legal", "Commoner Legal", "LL Legal",
]  # fmt: skip
PRINT_COLS = ["Unique ID", "Card Unique ID", "Card Name", "Card Pitch", "Card ID", "Set ID", "Edition", "Rarity",
              "Foiling", "Art Variations"]  # fmt: skip
BAN_COLS = ["Unique ID", "Card Unique ID", "Card Name", "Card Pitch", "Status Active", "Date Announced",
            "Date In Effect", "Legality Article"]  # fmt: skip


def write(path: Path, cols: list[str], rows: list[dict[str, str]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, cols, delimiter="\t")
        w.writeheader()
        for row in rows:
            w.writerow({c: row.get(c, "") for c in cols})


def card_row(uid, name, types, pitch="", **kw):
    return {
        "Unique ID": uid,
        "Name": name,
        "Pitch": pitch,
        "Types": types,
        "Type Text": kw.pop("tt", types),
        **kw,
    }


def ban_row(rid, cid, name, active, day, article="https://example.org/announcement"):
    return {
        "Unique ID": rid,
        "Card Unique ID": cid,
        "Card Name": name,
        "Status Active": "Yes" if active else "No",
        "Date Announced": f"{day}T00:00:00.000Z",
        "Date In Effect": f"{day}T00:00:00.000Z",
        "Legality Article": article,
    }


@pytest.fixture
def csv_copy(tmp_path: Path) -> Path:
    """A fork copy (cards, printings, sets, a Silver Age ban list) and a newer upstream copy."""
    eng = tmp_path / "fork" / "csvs" / "english"
    write(
        eng / "card.csv",
        CARD_COLS,
        [
            card_row("h1", "Testo", "Runeblade, Hero, Young", tt="Runeblade Hero - Young", Health="20"),
            card_row("c1", "Old Strike", "Runeblade, Action, Attack", "1", Cost="1", Power="4", Defense="3"),
            card_row("c2", "New Strike", "Runeblade, Action, Attack", "1", Cost="1", Power="4", Defense="3"),
            card_row(
                "c3", "Spoiled Strike", "Generic, Action, Attack", "1", Cost="1", Power="4", Defense="3"
            ),
        ],
    )
    write(
        eng / "card-printing.csv",
        PRINT_COLS,
        [
            {"Unique ID": "p1", "Card Unique ID": "h1", "Card ID": "OLD001", "Set ID": "OLD", "Rarity": "T"},
            {"Unique ID": "p2", "Card Unique ID": "c1", "Card ID": "OLD002", "Set ID": "OLD", "Rarity": "C"},
            {"Unique ID": "p3", "Card Unique ID": "c2", "Card ID": "NEW001", "Set ID": "NEW", "Rarity": "C"},
            {"Unique ID": "p4", "Card Unique ID": "c2", "Card ID": "RPT001", "Set ID": "RPT", "Rarity": "R"},
            {"Unique ID": "p5", "Card Unique ID": "c3", "Card ID": "SPL001", "Set ID": "SPL", "Rarity": "C"},
        ],
    )
    write(
        eng / "set.csv",
        ["Unique ID", "Identifier", "Name"],
        [{"Unique ID": f"s{c}", "Identifier": c, "Name": c} for c in ("OLD", "NEW", "RPT", "SPL")],
    )
    write(
        eng / "set-printing.csv",
        ["Unique ID", "Set Unique ID", "Edition", "Initial Release Date"],
        [
            {"Unique ID": "sp1", "Set Unique ID": "sOLD", "Initial Release Date": "2020-01-10T00:00:00.000Z"},
            {"Unique ID": "sp2", "Set Unique ID": "sNEW", "Initial Release Date": "2025-11-07T00:00:00.000Z"},
            {"Unique ID": "sp3", "Set Unique ID": "sRPT", "Initial Release Date": "2026-03-01T00:00:00.000Z"},
            {"Unique ID": "sp4", "Set Unique ID": "sSPL", "Initial Release Date": ""},
        ],
    )
    # The fork marks the 2026-03-03 ban of Old Strike inactive and has no later rows.
    write(
        eng / "banned-silver-age.csv",
        BAN_COLS,
        [
            ban_row("b1", "h1", "Testo", True, "2026-02-06"),
            ban_row("b2", "c1", "Old Strike", False, "2026-03-03"),
        ],
    )
    up = tmp_path / "upstream" / "csvs" / "english"
    write(
        up / "banned-silver-age.csv",
        BAN_COLS,
        [
            ban_row("b1", "h1", "Testo", True, "2026-02-06"),
            ban_row("b2", "c1", "Old Strike", True, "2026-03-03"),
            ban_row("b3", "h1", "Testo", False, "2026-05-29"),
            ban_row("b4", "c1", "Old Strike", False, "2026-05-29"),
            ban_row("b5", "h1", "Testo", True, "2026-09-18"),
        ],
    )
    return tmp_path


def parsed(csv_copy: Path) -> CardDatabase:
    result = parse_fabcube_csv(csv_copy / "fork", newer=[("upstream test", csv_copy / "upstream")])
    return CardDatabase(result.cards, release=result.release)


def test_csv_layout_reads_cards_printings_and_release_dates(csv_copy):
    db = parsed(csv_copy)
    hero, new = db.get("Testo"), db.get("New Strike", 1)
    assert hero is not None and hero.young and hero.is_hero and hero.classes == {"Runeblade"}
    assert new is not None and new.rarities == {"Common", "Rare"}
    assert (new.released, new.released_in) == (date(2025, 11, 7), "NEW")  # the earlier of NEW and RPT
    spoiled = db.get("Spoiled Strike", 1)
    assert spoiled is not None and spoiled.released is None  # an undated set gives no date


def test_csv_legality_rows_merge_by_row_later_copy_wins_and_is_named(csv_copy):
    db = parsed(csv_copy)
    hero, old = db.get("Testo"), db.get("Old Strike", 1)
    assert [(e.start, e.end) for e in hero.legality_history] == [
        (date(2026, 2, 6), date(2026, 5, 29)),
        (date(2026, 9, 18), None),
    ]
    (ban,) = old.legality_history
    assert (ban.format, ban.status, ban.start, ban.end) == (
        "sage",
        "banned",
        date(2026, 3, 3),
        date(2026, 5, 29),
    )
    assert "upstream test banned-silver-age.csv" in ban.source
    assert "over the-fab-cube" in ban.source  # the fork's row said otherwise; the newer copy decided


def test_csv_row_naming_an_unknown_card_is_refused(csv_copy):
    write(
        csv_copy / "upstream" / "csvs" / "english" / "banned-cc.csv",
        BAN_COLS,
        [ban_row("x1", "nope", "Nobody", True, "2026-01-01")],
    )
    with pytest.raises(CardImportError, match="not in card.csv"):
        parsed(csv_copy)


def test_first_release_override_then_sets_then_stated_date():
    card = Card(
        "a-red", "A", 1, printings=(Printing("XXX1", "XXX", "Common"), Printing("YYY1", "YYY", "Rare"))
    )
    sets = merge_set_dates({"XXX": date(2024, 5, 1)}, {"YYY": date(2023, 1, 1), "XXX": date(2024, 6, 1)})
    assert first_release(card, sets) == (date(2023, 1, 1), "YYY")
    assert first_release(card, sets, {"a-red": date(2022, 2, 2)}) == (date(2022, 2, 2), "override")
    stated = Card("b", "B", printings=(Printing("IAR1", "IAR", "Common"),), released=date(2026, 9, 25))
    assert first_release(stated, sets) == (date(2026, 9, 25), "IAR")
    assert first_release(Card("c", "C"), sets) == (None, "")
    assert date_cards([card], sets)[0].released == date(2023, 1, 1)


def mk(name, pitch=1, *, types=("Action",), classes=(), released=None, where="", history=(), traits=()):
    return Card(
        identifier=name.lower().replace(" ", "-"),
        name=name,
        pitch=pitch,
        types=frozenset(types),
        classes=frozenset(classes),
        printings=(Printing(f"{where or 'OLD'}001", where or "OLD", "Common"),),
        released=released,
        released_in=where,
        legality_history=tuple(history),
        traits=frozenset(traits),
    )


def test_pool_keeps_current_text_adds_dated_only_cards_and_replaces_bare_records():
    current = [mk("Shared"), mk("Bare", traits=("incomplete-data",))]
    dated = [
        mk("Shared", history=[LegalityEvent("sage", "banned", date(2026, 1, 1), None, "dated")]),
        mk("Bare", classes=("Runeblade",)),
        mk("Only Dated", where="NEW"),
    ]
    older = [[mk("Only Old")]]
    cards = build_pool(
        current,
        dated,
        older,
        published=date(2026, 5, 1),
        release="cur@1",
        dated_release="dated@1",
        set_dates={"OLD": date(2020, 1, 1), "NEW": date(2026, 6, 5)},
    )
    db = CardDatabase(cards, release="pool")
    assert db.get("Bare", 1).classes == {"Runeblade"}
    assert db.get("Only Old", 1) is not None
    assert db.get("Only Dated", 1).released == date(2026, 6, 5)
    assert [e.start for e in db.get("Shared", 1).legality_history] == [date(2026, 1, 1)]


YOUNG = Card(
    "testo", "Testo", types=frozenset({"Hero"}), young=True, classes=frozenset({"Runeblade"}),
    printings=(Printing("OLD1", "OLD", "Token"),), released=date(2020, 1, 1),
)  # fmt: skip


def sage_pool(extra: Card) -> CardPool:
    filler = [(mk(f"Filler {i}", released=date(2020, 1, 1)), 2, "deck") for i in range(19)]
    return CardPool(hero=YOUNG, entries=[*filler, (extra, 2, "deck")])


@pytest.mark.parametrize(
    ("day", "legal"),
    [(date(2026, 9, 24), False), (date(2026, 9, 25), True), (date(2026, 12, 1), True)],
)
def test_card_not_yet_released_on_the_event_date_says_when(day, legal):
    """TR&P 7: only officially released cards; the finding names the date and set."""
    spoiled = mk("Spoiled Strike", released=date(2026, 9, 25), where="IAR")
    findings = check_pool(sage_pool(spoiled), "sage", as_of=day)
    assert is_legal(findings) is legal
    if not legal:
        (f,) = [f for f in findings if f.is_error]
        assert f.code == "NOT_YET_RELEASED"
        assert f.message.startswith("'Spoiled Strike (red)' is not released until 2026-09-25 (IAR)")
        assert f.rule == "TR&P 7"


def test_pool_fills_missing_stats_and_names_differing_ones():
    from dataclasses import replace as copy

    current = [copy(mk("Bolt"), power="5", arcane=None)]
    dated = [copy(mk("Bolt"), power="4", arcane="1")]
    differences: list[str] = []
    (card,) = build_pool(current, dated, published=date(2026, 5, 16), release="cur", differences=differences)
    assert (card.power, card.arcane) == ("5", "1")
    assert differences == ["Bolt (red) power 5 (kept) / 4"]
