"""Input parsing of the event pages: keyboard result entry and player reports."""

from __future__ import annotations

import pytest
from django import forms
from hypothesis import given
from hypothesis import strategies as st

from tournament.forms import ParsedResult, PlayerReportForm, parse_quick_result


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12 2-1", ParsedResult(12, "a", 2, 1, 0)),
        ("12 1-2", ParsedResult(12, "b", 1, 2, 0)),
        ("3 1-1-1", ParsedResult(3, "draw", 1, 1, 1)),
        ("3 0-0", ParsedResult(3, "draw", 0, 0, 0)),
        ("7 a", ParsedResult(7, "a", 2, 0, 0)),
        ("7 B", ParsedResult(7, "b", 0, 2, 0)),
        ("7 d", ParsedResult(7, "draw", 0, 0, 0)),
        ("7 dl", ParsedResult(7, "double_loss", 0, 0, 0)),
        ("  40:2 - 0 ", ParsedResult(40, "a", 2, 0, 0)),
    ],
)
def test_parse_quick_result_reads_table_and_result(text, expected):
    assert parse_quick_result(text, games_to_win=2) == expected


@pytest.mark.parametrize("text", ["", "12", "a 12", "12 win", "12 2-", "twelve 2-1", "12 2-1-1-1"])
def test_parse_quick_result_rejects_garbage_with_a_message(text):
    with pytest.raises(forms.ValidationError) as err:
        parse_quick_result(text)
    assert "table number" in " ".join(err.value.messages) or "Unknown result" in " ".join(err.value.messages)


@given(table=st.integers(1, 99999), a=st.integers(0, 9), b=st.integers(0, 9))
def test_parse_quick_result_score_round_trips(table, a, b):
    parsed = parse_quick_result(f"{table} {a}-{b}")
    assert (parsed.table, parsed.games_a, parsed.games_b) == (table, a, b)
    assert parsed.result == ("a" if a > b else "b" if b > a else "draw")


@pytest.mark.parametrize(
    ("data", "i_am_a", "expected"),
    [
        ({"outcome": "win"}, True, ("a", 1, 0)),
        ({"outcome": "win"}, False, ("b", 0, 1)),
        ({"outcome": "loss", "my_games": "1", "their_games": "2"}, True, ("b", 1, 2)),
        ({"outcome": "loss", "my_games": "1", "their_games": "2"}, False, ("a", 2, 1)),
        ({"outcome": "draw"}, True, ("draw", 0, 0)),
    ],
)
def test_player_report_maps_my_side_to_a_and_b(data, i_am_a, expected):
    form = PlayerReportForm(data, games_to_win=1)
    assert form.is_valid(), form.errors
    parsed = form.as_match_result(i_am_a=i_am_a)
    assert (parsed.result, parsed.games_a, parsed.games_b) == expected


@pytest.mark.parametrize(
    "data",
    [
        {"outcome": "win", "my_games": "0", "their_games": "1"},
        {"outcome": "loss", "my_games": "2", "their_games": "0"},
        {"outcome": "draw", "my_games": "1", "their_games": "0"},
        {"outcome": "maybe"},
    ],
)
def test_player_report_rejects_inconsistent_scores(data):
    form = PlayerReportForm(data)
    assert not form.is_valid()
