"""Two real 2026 Callings: derived standings must seat the top 8 exactly as round 13 was paired,
and the day-2 cut (TR&P App B, X-2 after 7 rounds) must be exactly the players of round 8."""

import csv
from pathlib import Path

import pytest

from pairings.structure import day2_advancers, recommended_structure
from pairings.tiebreakers import MatchRecord, compute_standings
from pairings.topcut import single_elimination

EVENTS = Path("/work/shared/data/events")
RESULT = {"A": "a", "B": "b", "D": "draw", "bye": "bye"}


def _load(name):
    with open(EVENTS / name / "results.csv", encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    ids, matches = [], []
    for row in rows:
        if row["stage"] != "swiss":
            continue
        result = RESULT[row["result"]]
        for pid in (row["player_a"], row["player_b"]):
            if pid and pid not in ids:
                ids.append(pid)
        matches.append(MatchRecord(int(row["round"]), row["player_a"], row["player_b"] or None, result))
    return rows, ids, matches


@pytest.mark.parametrize("name, players", [("2026-calling-toulouse", 378), ("2026-calling-valencia", 422)])
def test_top8_and_quarterfinal_pairings_match_round_13(name, players):
    rows, ids, matches = _load(name)
    assert len(ids) == players
    standings = compute_standings(ids, matches, rounds_completed=12)
    top8 = [row.id for row in standings[:8]]
    quarterfinals = {frozenset((r["player_a"], r["player_b"])) for r in rows if r["round"] == "13"}
    assert {frozenset(pair) for pair in single_elimination(top8)} == quarterfinals


@pytest.mark.parametrize("name", ["2026-calling-toulouse", "2026-calling-valencia"])
def test_day2_cut_is_x_minus_2_after_seven_rounds(name):
    rows, ids, matches = _load(name)
    structure = recommended_structure(len(ids), kind="multi_day_constructed")
    assert (structure.day1_rounds, structure.day2_rounds, structure.day2_cut) == (7, 5, 64)
    after7 = compute_standings(ids, matches, rounds_completed=7)
    advancing = day2_advancers(
        [(r.id, r.match_points) for r in after7], top_n=structure.day2_cut, day1_rounds=7
    )
    round8 = {p for r in rows if r["round"] == "8" for p in (r["player_a"], r["player_b"]) if p}
    assert set(advancing) == round8
    assert len(advancing) > structure.day2_cut


@pytest.mark.parametrize("name", ["2026-calling-toulouse", "2026-calling-valencia"])
def test_re_pairing_every_real_swiss_round_is_at_least_as_good(name):
    """Re-pair each real round from the state before it: no rematch, never more pair-down cost
    than the real pairing, and the real bye went to a player our bye rule also allows."""
    from pairings.swiss import PlayerState, bye_candidates, pair_round, pairing_cost

    rows, _, _ = _load(name)
    points, opponents, had_bye = {}, {}, set()
    for rnd in range(1, 13):
        this = [r for r in rows if int(r["round"]) == rnd]
        active = [p for r in this for p in (r["player_a"], r["player_b"]) if p]
        players = [
            PlayerState(p, points.get(p, 0), tuple(sorted(opponents.get(p, ()))), p in had_bye)
            for p in active
        ]
        real = [(r["player_a"], r["player_b"]) for r in this if r["result"] != "bye"]
        ours = pair_round(players, round_number=rnd, seed=rnd)
        assert ours.rematches == 0
        assert pairing_cost(players, ours.pairings) <= pairing_cost(players, real)
        for r in this:
            if r["result"] == "bye":
                assert r["player_a"] in {c.id for c in bye_candidates(players)}
        for r in this:
            a, b = r["player_a"], r["player_b"]
            if r["result"] == "bye":
                points[a] = points.get(a, 0) + 1
                had_bye.add(a)
                continue
            opponents.setdefault(a, set()).add(b)
            opponents.setdefault(b, set()).add(a)
            winner = {"A": a, "B": b}.get(r["result"])
            if winner:
                points[winner] = points.get(winner, 0) + 1
