"""The web form (decklists services) and ``manage.py validate_decklist --date`` agree: same
release chosen for the date, same verdict, same dated statuses named. Synthetic releases: a
current-state release (fabrary-like, statuses undated, published 2026-05-16) and a dated one
(the-fab-cube-like, published 2025-05-20)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from io import StringIO

import pytest
from django.core.management import call_command

from cards import selectors
from cards.services import import_release, record_status
from decklists import services
from rules_engine.cards import Card, LegalityEvent, Printing
from rules_engine.importers import ImportResult
from tests.factories import EventFactory, RegistrationFactory

PUBLISHED = date(2026, 5, 16)
LL_SINCE = date(2023, 11, 6)


def card(name, pitch=None, *, types=("Action",), history=(), formats=("cc", "ll")):
    return Card(
        identifier=f"{name.lower().replace(' ', '-').replace(',', '')}-{pitch or 0}",
        name=name,
        pitch=pitch,
        types=frozenset(types),
        legal_formats=frozenset(formats),
        legality_history=tuple(history),
        printings=(Printing("TST001", "TST", "Common"),),
    )


def fillers():
    return [card(f"Filler Card {i:02d}", 1) for i in range(21)]


@pytest.fixture
def releases(db):
    selectors.clear_card_database_cache()
    current = [
        card(
            "Lexa, Livewire",
            types=("Hero",),
            formats=("ll",),
            history=[LegalityEvent("cc", "living_legend", PUBLISHED, None, "fabrary-like", True)],
        ),
        *fillers(),
        card("Late Ban", 1, history=[LegalityEvent("cc", "banned", PUBLISHED, None, "fabrary-like", True)]),
    ]
    dated = [
        card(
            "Lexa, Livewire",
            types=("Hero",),
            formats=("ll",),
            history=[LegalityEvent("cc", "living_legend", LL_SINCE, None, "cube (living-legend-cc.json)")],
        ),
        *fillers(),
        card("Late Ban", 1),
    ]
    cube, _ = import_release(
        ImportResult("fab", "fabcube", "t-dated", tuple(dated), published=date(2025, 5, 20)), activate=False
    )
    fab, _ = import_release(
        ImportResult("fab", "fabrary-cards", "t-current", tuple(current), published=PUBLISHED), activate=True
    )
    yield {"cube": cube, "fab": fab}
    selectors.clear_card_database_cache()


def list_text(*extra):
    lines = ["Lexa, Livewire", "", "Deck cards"] + [f"3 Filler Card {i:02d} (red)" for i in range(20)]
    return "\n".join([*lines, *extra]) + "\n"


def cli(tmp_path, text, day):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    try:
        call_command("validate_decklist", str(path), "--format", "cc", "--date", day, "--json", stdout=out)
    except SystemExit:
        pass
    return json.loads(out.getvalue())


def form(text, day):
    event = EventFactory(format="cc", starts_at=datetime.combine(day, datetime.min.time(), tzinfo=UTC))
    reg = RegistrationFactory(event=event)
    return services.save_decklist(reg, actor=reg.player.user, text=text)


@pytest.mark.parametrize(
    ("day", "extra", "legal", "release", "codes"),
    [
        # 2021: no imported release is that old; the oldest one (the dated one) is used.
        (date(2021, 6, 19), (), True, "fabcube@t-dated", []),
        # 2026-02: the dated release was current; the later ban is not in effect, the 2023
        # living legend is.
        (date(2026, 2, 14), ("1 Late Ban (red)",), False, "fabcube@t-dated", ["LIVING_LEGEND_HERO"]),
        # 2026-06: the current-state release (merged with the dated lists) was current.
        (date(2026, 6, 1), (), False, "fabrary-cards@t-current+fabcube@t-dated", ["LIVING_LEGEND_HERO"]),
        (
            date(2026, 6, 1),
            ("1 Late Ban (red)",),
            False,
            "fabrary-cards@t-current+fabcube@t-dated",
            ["BANNED", "LIVING_LEGEND_HERO"],
        ),
    ],
)
def test_cli_and_form_agree(releases, tmp_path, day, extra, legal, release, codes):
    text = list_text(*extra)
    out = cli(tmp_path, text, day.isoformat())
    decklist = form(text, day)
    assert out["legal"] is legal and decklist.is_legal is legal, (out, decklist.findings, decklist.problems)
    assert out["data_version"] == decklist.data_version == release
    cli_codes = sorted(f["code"] for f in out["findings"] if f["severity"] == "error")
    form_codes = sorted(f["code"] for f in decklist.findings if f["severity"] == "error")
    assert cli_codes == form_codes == codes
    cli_basis = [(f["code"], f["cards"]) for f in out["basis"]]
    form_basis = [(f["code"], f["cards"]) for f in decklist.basis]
    assert cli_basis == form_basis
    assert cli_basis[0][0] == "CARD_DATA"
    assert out["basis"][0]["message"] == decklist.basis[0]["message"]


def test_living_legend_from_dated_list_wins_over_the_undated_statement(releases, tmp_path):
    out = cli(tmp_path, list_text(), "2026-06-01")
    (f,) = [f for f in out["findings"] if f["severity"] == "error"]
    assert f["code"] == "LIVING_LEGEND_HERO"
    assert f["statuses"][0]["start"] == LL_SINCE.isoformat()
    assert "since 2023-11-06" in f["message"]


def test_recorded_ban_applies_from_its_date_and_is_audited(releases, tmp_path, admin_user):
    from core.models import AuditEntry

    rs = record_status(
        actor=admin_user,
        card_name="filler card 03",
        pitch=1,
        format_code="Classic Constructed",
        status="banned",
        effective_from=date(2026, 7, 1),
        source_url="https://example.org/announcement",
    )
    assert (rs.card_name, rs.format) == ("Filler Card 03", "cc")
    assert AuditEntry.objects.filter(action="card_status.record").count() == 1
    before = cli(tmp_path, list_text(), "2026-06-30")
    after = cli(tmp_path, list_text(), "2026-07-01")
    assert "BANNED" not in {f["code"] for f in before["findings"]}
    (ban,) = [f for f in after["findings"] if f["code"] == "BANNED"]
    assert ban["cards"] == ["Filler Card 03 (red)"]
    assert "https://example.org/announcement" in ban["message"]
    assert after["data_version"].endswith("+1 recorded")


EXPORT = (
    "Name: Lexa sweep " + "(a long deck name from a deck builder) " * 20 + "\n"
    "Hero: Lexa, Livewire\n"
    "Format: Classic Constructed\n"
    "Notes: " + "mulligan aggressively against control, keep two blues; " * 30 + "\n"
    "// exported " + "https://fabrary.net/decks/01J" + "x" * 1500 + "\n"
    "\n"
    "## Deck cards (60)\n"
    + "".join(f"* 3x Filler Card {i:02d} (red)\n" for i in range(20))
    + "\nSee the full deck @ https://fabrary.net/decks/01J"
    + "y" * 900
    + "\n"
)


def test_cli_and_form_read_the_same_export_with_long_headers(releases, tmp_path):
    out = cli(tmp_path, EXPORT, "2021-06-19")
    decklist = form(EXPORT, date(2021, 6, 19))
    assert out["readable"] is True, out
    assert decklist.problems == []
    assert out["legal"] is True and decklist.is_legal is True
    assert sum(c["qty"] for c in decklist.cards if c["section"] == "deck") == 60
