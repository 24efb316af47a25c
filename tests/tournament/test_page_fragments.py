"""The pairings and standings rows of the public page and the projector come from template
fragments; these pin their exact bytes (what the pages sent when the rows were built in Python)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from pairings.tiebreakers import StandingRow
from tournament.standings_policies import policy_spec
from tournament.views._fragments import StandingLine, by_name_rows, by_table_rows, standings_rows

BY_NAME = [
    {"registration_id": 7, "name": "O'Brien <b>&\"", "table": 3, "opponent": "Ann", "points": 6},
    {"registration_id": 9, "name": "Zed", "table": None, "opponent": "BYE", "points": None},
]
BY_TABLE = [
    {
        "table": 1,
        "a_name": "A & B",
        "a_points": 3,
        "b_name": "<C>",
        "b_points": 0,
        "result": "draw",
        "result_label": "Draw",
        "score": "1-1-1",
    },
    {
        "table": None,
        "a_name": "Zed",
        "a_points": None,
        "b_name": "BYE",
        "b_points": None,
        "result": "",
        "result_label": "",
        "score": "",
    },
]


def test_pairings_by_name_rows_escape_names_and_show_a_dash_for_no_table():
    assert by_name_rows(BY_NAME) == (
        '<tr data-reg="7"><td>O&#x27;Brien &lt;b&gt;&amp;&quot;</td><td class="num"><strong>3</strong></td>'
        '<td>Ann</td><td class="num">6</td></tr>\n'
        '<tr data-reg="9"><td>Zed</td><td class="num"><strong>–</strong></td><td>BYE</td>'
        '<td class="num"></td></tr>'
    )


def test_projector_rows_have_no_points_column():
    assert by_name_rows(BY_NAME, points=False) == (
        '<tr data-reg="7"><td>O&#x27;Brien &lt;b&gt;&amp;&quot;</td><td class="num"><strong>3</strong></td>'
        "<td>Ann</td></tr>\n"
        '<tr data-reg="9"><td>Zed</td><td class="num"><strong>–</strong></td><td>BYE</td></tr>'
    )


def test_pairings_by_table_rows_show_points_results_and_playing():
    assert by_table_rows(BY_TABLE) == (
        '<tr data-table="1"><td class="num"><strong>1</strong></td><td>A &amp; B <span class="muted">(3)</span>'
        '</td><td>&lt;C&gt; <span class="muted">(0)</span></td><td>Draw 1-1-1</td></tr>\n'
        '<tr data-table=""><td class="num"><strong>–</strong></td><td>Zed</td><td>BYE</td>'
        '<td><span class="muted">playing</span></td></tr>'
    )


@pytest.mark.parametrize("render", [lambda: by_name_rows([]), lambda: by_table_rows([])])
def test_no_rows_render_nothing(render):
    assert render() == ""


STANDINGS = [
    StandingLine(
        7,
        "O'Brien <b>",
        "2-0-0",
        "registered",
        StandingRow(1, "7", 2, F(1, 2), F(1, 4), F(1, 8), F(1, 3), 2, 0, 0, 0, 2, 5),
    ),
    StandingLine(
        9,
        "Zed",
        "0-1-1",
        "dropped",
        StandingRow(2, "9", 0, F(0), F(1), F(0), F(0), 0, 1, 1, 0, 2, 3, omw=F(1, 2), gw=F(2, 3), ogw=None),
    ),
]


def test_standings_rows_show_the_fab_tiebreakers_and_a_dropped_badge():
    assert standings_rows(STANDINGS, policy_spec("fab")) == (
        '<tr data-reg="7"><td class="num">1</td><td>O&#x27;Brien &lt;b&gt;</td><td>2-0-0</td><td class="num">2</td>'
        '<td class="num">0.50</td><td class="num">0.250</td><td class="num">0.125</td><td class="num">0.33</td></tr>\n'
        '<tr data-reg="9"><td class="num">2</td><td>Zed <span class="badge">dropped</span></td><td>0-1-1</td>'
        '<td class="num">0</td><td class="num">0.00</td><td class="num">1.000</td><td class="num">0.000</td>'
        '<td class="num">0.00</td></tr>'
    )


def test_standings_rows_show_the_3_1_0_percentages_and_a_dash_for_missing_values():
    assert standings_rows(STANDINGS, policy_spec("points_3_1_0")) == (
        '<tr data-reg="7"><td class="num">1</td><td>O&#x27;Brien &lt;b&gt;</td><td>2-0-0</td><td class="num">2</td>'
        '<td class="num">–</td><td class="num">–</td><td class="num">–</td></tr>\n'
        '<tr data-reg="9"><td class="num">2</td><td>Zed <span class="badge">dropped</span></td><td>0-1-1</td>'
        '<td class="num">0</td><td class="num">50.0%</td><td class="num">66.7%</td><td class="num">–</td></tr>'
    )


def test_a_standing_line_survives_the_cache_with_the_engine_row_exact():
    import pickle

    line = pickle.loads(pickle.dumps(STANDINGS[1]))
    assert (
        line == STANDINGS[1] and line.row.gw == F(2, 3) and line.rank == 2 and line.figure("omw") == F(1, 2)
    )
