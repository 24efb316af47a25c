"""The event's PDFs are real documents with the players on them."""

from __future__ import annotations

import pytest
from weasyprint import HTML

from tests.factories import EventFactory, MatchFactory, RegistrationFactory, RoundFactory
from tournament.pdf import MatchSlips, PairingsSheet, StandingsSheet, rows_by_name, rows_by_table


def _layout(document) -> tuple[str, int]:
    """Lay the document out with WeasyPrint's document API: (all text, page count)."""
    from django.template.loader import render_to_string

    from core.pdf import StaticOnlyFetcher

    html = render_to_string(document.template_name, document.context())
    rendered = HTML(string=html, base_url="file:///", url_fetcher=StaticOnlyFetcher()).render()

    def walk(box):
        text = getattr(box, "text", None)
        if text:
            yield text
        for child in getattr(box, "children", None) or []:
            yield from walk(child)

    texts = [t for page in rendered.pages for t in walk(page._page_box)]
    return " ".join(texts), len(rendered.pages)


@pytest.fixture
def round_with_matches(db):
    event = EventFactory(name="Armory <Night>", slug="armory-night")
    round_ = RoundFactory(event=event, number=1)
    names = ["Zed", "Amy", "Mo", "Bea", "Cy"]
    regs = [RegistrationFactory(event=event, player__display_name=n) for n in names]
    matches = [
        MatchFactory(round=round_, table_number=2, player_a=regs[0], player_b=regs[1]),
        MatchFactory(round=round_, table_number=1, player_a=regs[2], player_b=regs[3]),
        MatchFactory(round=round_, table_number=None, player_a=regs[4], player_b=None, result="bye"),
    ]
    return event, round_, matches


def test_rows_by_table_orders_tables_and_puts_byes_last(round_with_matches):
    _, _, matches = round_with_matches
    rows = rows_by_table(matches)
    assert [(r["table"], r["a_name"], r["b_name"]) for r in rows] == [
        (1, "Mo", "Bea"),
        (2, "Zed", "Amy"),
        (None, "Cy", "BYE"),
    ]


def test_rows_by_name_lists_every_player_alphabetically(round_with_matches):
    _, _, matches = round_with_matches
    rows = rows_by_name(matches)
    assert [(r["name"], r["table"], r["opponent"]) for r in rows] == [
        ("Amy", 2, "Zed"),
        ("Bea", 1, "Mo"),
        ("Cy", None, "BYE"),
        ("Mo", 1, "Bea"),
        ("Zed", 2, "Amy"),
    ]


@pytest.mark.parametrize("order", ["table", "name"])
def test_pairings_sheet_is_a_pdf_with_the_players(round_with_matches, order):
    event, round_, matches = round_with_matches
    sheet = PairingsSheet(event, round_.number, matches, order=order)
    html = sheet.context()
    data = sheet.render()
    assert data.startswith(b"%PDF-")
    text, pages = _layout(sheet)
    assert pages == 1
    for name in ("Zed", "Amy", "Mo", "Bea", "Cy"):
        assert name in text
    assert len(html["rows"]) == (3 if order == "table" else 5)


def test_pairings_sheet_rejects_an_unknown_order(round_with_matches):
    event, round_, matches = round_with_matches
    with pytest.raises(ValueError, match="unknown pairings order"):
        PairingsSheet(event, 1, matches, order="seat")


def test_pairings_sheet_escapes_names(round_with_matches):
    from django.template.loader import render_to_string

    event, round_, matches = round_with_matches
    sheet = PairingsSheet(event, round_.number, matches)
    html = render_to_string(sheet.template_name, sheet.context())
    assert "Armory &lt;Night&gt;" in html
    assert "<Night>" not in html


def test_match_slips_one_per_table_with_a_qr_code(round_with_matches):
    event, round_, matches = round_with_matches
    slips = MatchSlips(
        event, round_.number, matches, report_url=lambda row: f"http://x/events/{event.slug}/me/"
    )
    context = slips.context()
    assert [s["table"] for s in context["slips"]] == [1, 2]  # the bye gets no slip
    assert all(s["qr"].startswith("data:image/svg+xml") for s in context["slips"])
    assert slips.render().startswith(b"%PDF-")
    text, pages = _layout(slips)
    assert pages == 1
    assert "Table 1" in text and "Mo" in text and "Bea" in text


def test_match_slips_page_count_grows_with_tables(db):
    event = EventFactory()
    round_ = RoundFactory(event=event, number=1)
    matches = [MatchFactory(round=round_, table_number=i + 1) for i in range(9)]
    _, pages = _layout(MatchSlips(event, 1, matches, report_url=lambda row: "http://x/"))
    assert pages == 3  # three slips per A4 page


def test_standings_sheet_lists_ranked_rows(db):
    event = EventFactory(name="Skirmish")
    rows = [
        {
            "rank": 1,
            "name": "Amy",
            "player_id": "GEM1",
            "record": "3-0",
            "points": 3,
            "tiebreaks": ["9", "0.0", "0.4", "5"],
        },
        {
            "rank": 2,
            "name": "Bea",
            "player_id": "GEM2",
            "record": "2-1",
            "points": 2,
            "tiebreaks": ["8", "33.3", "0.5", "4"],
            "dropped": True,
        },
    ]
    sheet = StandingsSheet(event, 3, rows)
    assert sheet.render().startswith(b"%PDF-")
    text, pages = _layout(sheet)
    assert pages == 1
    assert "Amy" in text and "(dropped)" in text and "33.3" in text
