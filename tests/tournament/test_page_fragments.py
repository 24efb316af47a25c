"""The pairings and standings rows of the public page and the projector come from template
fragments; these pin their exact bytes (what the pages sent when the rows were built in Python)."""

from __future__ import annotations

import pytest

from tournament.views._fragments import by_name_rows, by_table_rows

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
