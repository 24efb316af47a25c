"""Late entries (our documented policy, docs/event-structures.md; the TR&P is silent): every Swiss
round a late entrant missed is a match loss without an opponent, in every figure that counts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairings.errors import InvalidInput
from pairings.tiebreakers import MatchRecord, compute_standings

# R1: A beat P (L had not entered).  R2: L beat B, P beat C.  R3: L beat C, P beat B.
# R4: L beat A, P beat D.  L and P both finish 3-1: L's loss is the round they missed.
MATCHES = [
    MatchRecord(1, "A", "P", "a", 2, 0),
    MatchRecord(2, "L", "B", "a", 2, 0),
    MatchRecord(2, "P", "C", "a", 2, 0),
    MatchRecord(3, "L", "C", "a", 2, 0),
    MatchRecord(3, "P", "B", "a", 2, 0),
    MatchRecord(4, "L", "A", "a", 2, 0),
    MatchRecord(4, "P", "D", "a", 2, 0),
]
PLAYERS = ["A", "B", "C", "D", "L", "P"]


def _rows(policy="fab"):
    rows = compute_standings(PLAYERS, MATCHES, rounds_completed=4, policy=policy, joined={"L": 2})
    return {r.id: r for r in rows}


def test_late_entry_missed_round_is_a_loss_in_mlp_trp_app_d_step_3():
    rows = _rows()
    assert (rows["L"].record, rows["L"].missed, rows["L"].match_points) == ("3-1-0", 1, 3)
    # the same as a player whose loss was real (before: MLP 0 and ranked above P on it)
    assert rows["L"].mlp == rows["P"].mlp == Fraction(1, 4)
    assert rows["L"].cmp == rows["P"].cmp


def test_late_entry_missed_round_counts_in_opponents_omlp_trp_app_d_step_4():
    rows = _rows()
    # A met P (MLP 1/4) and L (MLP 1/4): a late entrant is not a loss-free opponent
    assert rows["A"].omlp == Fraction(1, 4)


def test_late_entry_missed_round_is_a_lost_round_in_opponents_omw_ga_section_4():
    rows = _rows("points_3_1_0")
    # L: 9 points out of 4 rounds = 3/4 (before: 100%, as if L had played 3 rounds only)
    assert rows["A"].omw == (Fraction(3, 4) + Fraction(3, 4)) / 2
    assert rows["L"].record == "3-1-0" and rows["L"].match_points == 9


def test_late_entry_round_with_a_match_is_not_missed():
    rows = compute_standings(PLAYERS, MATCHES, rounds_completed=4, joined={"L": 3})
    assert {r.id: r.missed for r in rows}["L"] == 1  # round 2 was played


def test_late_entry_joined_names_a_bad_field():
    with pytest.raises(InvalidInput) as exc:
        compute_standings(PLAYERS, MATCHES, rounds_completed=4, joined={"L": 0})
    assert exc.value.field == "joined[L]"


def test_bye_game_score_is_what_gw_counts_ga_section_4():
    # a bye recorded 1-0 (one game win needed) counts as 1-0 in GW%, not as an unrecorded 2-0
    matches = [MatchRecord(1, "A", None, "bye", 1, 0), MatchRecord(2, "A", "B", "b", 0, 1)]
    rows = {
        r.id: r for r in compute_standings(["A", "B"], matches, rounds_completed=2, policy="points_3_1_0")
    }
    assert rows["A"].gw == Fraction(3, 6)


def test_record_counts_byes_as_wins_so_it_agrees_with_points_trp_app_d_step_1():
    matches = [
        MatchRecord(1, "A", None, "bye", 2, 0),
        MatchRecord(2, "A", "B", "b", 0, 2),
        MatchRecord(3, "A", "B", "draw", 1, 1),
        MatchRecord(4, "A", "B", "b", 0, 2),
    ]
    rows = {
        r.id: r for r in compute_standings(["A", "B"], matches, rounds_completed=4, policy="points_3_1_0")
    }
    assert (rows["A"].record, rows["A"].match_points) == ("1-2-1", 4)


def test_late_entry_on_the_command_line_trp_app_d():
    from pairings.cli import run_standings

    data = {
        "rounds_completed": 4,
        "players": [{"id": p} for p in PLAYERS if p != "L"] + [{"id": "L", "joined_in_round": 2}],
        "matches": [
            {"round": m.round, "a": m.a, "b": m.b, "result": m.result, "games_a": 2, "games_b": 0}
            for m in MATCHES
        ],
    }
    rows = {r["id"]: r for r in run_standings(data)["standings"]}
    assert (rows["L"]["mlp"], rows["L"]["missed"]) == ("1/4", 1)
