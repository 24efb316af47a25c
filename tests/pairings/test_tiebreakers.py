"""Standings (TR&P App D; requirements section 3 and Appendix A items 1-5)."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.errors import InvalidInput
from pairings.tiebreakers import MatchRecord, cmp_of, compute_standings, explain_ranking

M = MatchRecord


def _record_matches(records):
    """Each player's W/L/D/B string, played against fresh throw-away opponents (removed)."""
    matches, fillers = [], []
    for pid, record in records.items():
        for r, letter in enumerate(record, start=1):
            if letter == "B":
                matches.append(M(r, pid, None, "bye"))
                continue
            opp = f"{pid}-opp{r}"
            fillers.append(opp)
            matches.append(M(r, pid, opp, {"W": "a", "L": "b", "D": "draw"}[letter]))
    return matches, fillers


def _rows(records, **kwargs):
    matches, fillers = _record_matches(records)
    rounds = max(len(r) for r in records.values())
    rows = compute_standings(list(records), matches, rounds_completed=rounds, removed=fillers, **kwargs)
    return {row.id: row for row in rows}, [row.id for row in rows]


@pytest.mark.parametrize(
    "record, expected",
    [
        ("WWL", Fraction(13, 17)),
        ("WLW", Fraction(11, 17)),
        ("LWW", Fraction(10, 17)),
        ("WWWLL", Fraction(89, 129)),
        ("LLWWW", Fraction(68, 129)),
        ("WLWLW", Fraction(75, 129)),
        ("WDWLW", Fraction(75, 129)),
        ("WWWWW", Fraction(1)),
        ("LLLLL", Fraction(0)),
    ],
)
def test_cmp_appendix_a_items_1_and_2(record, expected):
    rows, _ = _rows({"X": record})
    assert rows["X"].cmp == expected


def test_cmp_tie_broken_by_mlp_appendix_a_item_2():
    rows, order = _rows({"wlwlw": "WLWLW", "wdwlw": "WDWLW"})
    assert rows["wlwlw"].mlp == Fraction(2, 5)
    # requirements Appendix A item 2 prints 0.25 here, but a draw is a played round (TR&P App D,
    # ST-08: W L D W B gives R_p = 4), so 1 loss in 5 played rounds is 1/5; the order is as stated.
    assert rows["wdwlw"].mlp == Fraction(1, 5)
    assert order == ["wdwlw", "wlwlw"]


@pytest.mark.parametrize("R", range(1, 11))
def test_cmp_order_equals_reverse_cumulative_lexicographic_order_appendix_a_item_3(R):
    keyed = []
    for seq in itertools.product((0, 1), repeat=R):
        cumulative = list(itertools.accumulate(seq))
        keyed.append((cmp_of(seq), tuple(reversed(cumulative))))
    by_cmp = sorted(keyed)
    for (c1, v1), (c2, v2) in zip(by_cmp, by_cmp[1:]):
        assert (c1 < c2) == (v1 < v2)
        assert (c1 == c2) == (v1 == v2)


EXAMPLE_3 = [
    M(1, "A", "B", "a"),
    M(1, "C", "D", "draw"),
    M(1, "E", None, "bye"),
    M(2, "E", "A", "a"),
    M(2, "B", "C", "a"),
    M(2, "D", None, "bye"),
    M(3, "B", "E", "a"),
    M(3, "A", "D", "a"),
    M(3, "C", None, "bye"),
]


def test_worked_example_3_bye_counted_appendix_a_item_4():
    rows = compute_standings("ABCDE", EXAMPLE_3, rounds_completed=3)
    assert [(r.rank, r.id, r.match_points, r.cmp, r.mlp, r.omlp, r.ocmp) for r in rows] == [
        (1, "E", 2, Fraction(13, 17), Fraction(1, 2), Fraction(1, 3), Fraction(21, 34)),
        (2, "A", 2, Fraction(11, 17), Fraction(1, 3), Fraction(4, 9), Fraction(29, 51)),
        (3, "B", 2, Fraction(10, 17), Fraction(1, 3), Fraction(4, 9), Fraction(28, 51)),
        (4, "D", 1, Fraction(6, 17), Fraction(1, 2), Fraction(5, 12), Fraction(15, 34)),
        (5, "C", 1, Fraction(4, 17), Fraction(1, 2), Fraction(5, 12), Fraction(8, 17)),
    ]


def test_worked_example_3_literal_reading_appendix_a_item_4():
    rows = compute_standings("ABCDE", EXAMPLE_3, rounds_completed=3, bye_counts_in_cmp=False)
    assert [r.id for r in rows] == ["A", "B", "E", "D", "C"]
    assert rows[2].cmp == Fraction(6, 17)
    assert rows[2].match_points == 2  # the bye still earns its match point


@pytest.mark.parametrize(
    "record, mlp",
    [("WLDWB", Fraction(1, 4)), ("BB", Fraction(0)), ("LL", Fraction(1)), ("DD", Fraction(0))],
)
def test_mlp_appendix_a_item_5(record, mlp):
    rows, _ = _rows({"X": record})
    assert rows["X"].mlp == mlp


def test_double_loss_is_a_loss_for_both():
    rows = compute_standings(["A", "B"], [M(1, "A", "B", "double_loss")], rounds_completed=1)
    assert [(r.match_points, r.losses, r.mlp, r.cmp) for r in rows] == [(0, 1, Fraction(1), Fraction(0))] * 2


def test_dropped_player_stays_listed_with_no_points_after_the_drop():
    # D drops after round 1 (won it); R = 3 for everyone.
    matches = [
        M(1, "D", "A", "a"),
        M(1, "B", "C", "a"),
        M(2, "A", "B", "a"),
        M(2, "C", None, "bye"),
        M(3, "A", "C", "a"),
        M(3, "B", None, "bye"),
    ]
    rows = {r.id: r for r in compute_standings("ABCD", matches, rounds_completed=3)}
    assert rows["D"].cmp == Fraction(7, 17)
    assert rows["D"].mlp == Fraction(0)
    assert rows["D"].played == 1
    # A met D (MLP 0), B (1 loss in 2 played) and C (2 in 2)
    assert rows["A"].omlp == (Fraction(0) + Fraction(1, 2) + Fraction(1)) / 3


def test_disqualified_player_is_not_ranked_but_counts_as_opponent():
    matches = [M(1, "A", "Q", "b"), M(1, "B", "C", "a"), M(2, "Q", "B", "b"), M(2, "A", "C", "a")]
    full = {r.id: r for r in compute_standings("ABCQ", matches, rounds_completed=2)}
    rows = compute_standings("ABCQ", matches, rounds_completed=2, removed=["Q"])
    assert [r.id for r in rows] == ["B", "A", "C"]
    assert [r.rank for r in rows] == [1, 2, 3]
    by_id = {r.id: r for r in rows}
    assert by_id["A"].ocmp == full["A"].ocmp
    assert by_id["A"].omlp == (full["Q"].mlp + full["C"].mlp) / 2


def test_later_rounds_are_ignored():
    matches = [M(1, "A", "B", "a"), M(2, "A", "B", "b")]
    rows = compute_standings("AB", matches, rounds_completed=1)
    assert [(r.id, r.match_points) for r in rows] == [("A", 1), ("B", 0)]


def test_random_step_is_seeded_and_reproducible():
    ids = [f"p{i}" for i in range(30)]
    first = [r.id for r in compute_standings(ids, [], rounds_completed=0, seed=4)]
    assert first == [r.id for r in compute_standings(ids, [], rounds_completed=0, seed=4)]
    assert first != [r.id for r in compute_standings(ids, [], rounds_completed=0, seed=5)]


def test_explain_ranking_names_the_deciding_step():
    rows = compute_standings("ABCDE", EXAMPLE_3, rounds_completed=3)
    steps = explain_ranking(rows, "A", "B")
    assert [s["tiebreaker"] for s in steps] == ["match_points", "cmp"]
    assert steps[0] == {
        "step": 1,
        "tiebreaker": "match_points",
        "prefer": "higher",
        "a": "2",
        "b": "2",
        "decides": False,
        "ahead": None,
    }
    assert steps[1]["a"] == "11/17" and steps[1]["b"] == "10/17"
    assert steps[1]["decides"] and steps[1]["ahead"] == "A"
    reverse = explain_ranking(rows, "C", "D")
    assert reverse[-1]["tiebreaker"] == "cmp" and reverse[-1]["ahead"] == "D"


def test_explain_ranking_reaches_random_for_identical_records():
    rows = compute_standings(["X", "Y"], [], rounds_completed=0, seed=1)
    steps = explain_ranking(rows, "X", "Y")
    assert [s["tiebreaker"] for s in steps][-1] == "random"
    assert steps[-1]["ahead"] == rows[0].id


def test_explain_ranking_unknown_player():
    rows = compute_standings(["X"], [], rounds_completed=0)
    with pytest.raises(InvalidInput) as err:
        explain_ranking(rows, "X", "nobody")
    assert err.value.field == "b_id"


def test_points_3_1_0_policy_uses_opponent_and_game_percentages():
    matches = [
        M(1, "A", "B", "a", games_a=2, games_b=0),
        M(1, "C", "D", "a", games_a=2, games_b=1),
        M(2, "A", "C", "draw", games_a=1, games_b=1),
        M(2, "B", "D", "b", games_a=0, games_b=2),
    ]
    rows = {r.id: r for r in compute_standings("ABCD", matches, rounds_completed=2, policy="points_3_1_0")}
    assert (
        rows["A"].match_points,
        rows["C"].match_points,
        rows["D"].match_points,
        rows["B"].match_points,
    ) == (4, 4, 3, 0)
    # B: 0 match points from 2 rounds, floored at 1/3
    assert rows["A"].omw == (Fraction(1, 3) + Fraction(4, 6)) / 2
    assert rows["A"].gw == Fraction(3 * 3 + 0, 3 * 4)
    assert rows["B"].gw == Fraction(1, 3)  # 0 of 4 games, floored
    ordered = compute_standings("ABCD", matches, rounds_completed=2, policy="points_3_1_0")
    assert [r.id for r in ordered] == ["C", "A", "D", "B"]  # C's opponents won more (7/12 > 1/2)
    steps = explain_ranking(ordered, "A", "C")
    assert [s["tiebreaker"] for s in steps] == ["match_points", "omw"]
    assert steps[-1]["ahead"] == "C"


@pytest.mark.parametrize(
    "kwargs, matches, field",
    [
        ({"rounds_completed": -1}, [], "rounds_completed"),
        ({"rounds_completed": 10**6}, [], "rounds_completed"),
        ({"rounds_completed": 1, "policy": "chess"}, [], "policy"),
        ({"rounds_completed": 1}, [M(1, "A", "Z", "a")], "matches[0].b"),
        ({"rounds_completed": 1}, [M(1, "Z", "A", "a")], "matches[0].a"),
        ({"rounds_completed": 1}, [M(1, "A", "B", "win")], "matches[0].result"),
        ({"rounds_completed": 1}, [M(0, "A", "B", "a")], "matches[0].round"),
        ({"rounds_completed": 1}, [M(1, "A", "B", "bye")], "matches[0].b"),
        ({"rounds_completed": 1}, [M(1, "A", "A", "a")], "matches[0].b"),
        ({"rounds_completed": 1}, [M(1, "A", "B", "a"), M(1, "A", None, "bye")], "matches[1]"),
        ({"rounds_completed": 1}, [M(1, "A", "B", "a", games_a=-1)], "matches[0].games_a"),
    ],
)
def test_bad_input_names_the_field(kwargs, matches, field):
    with pytest.raises(InvalidInput) as err:
        compute_standings(["A", "B"], matches, **kwargs)
    assert err.value.field == field


def test_duplicate_player_id():
    with pytest.raises(InvalidInput) as err:
        compute_standings(["A", "A"], [], rounds_completed=0)
    assert err.value.field == "players[1].id"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("WLDB", min_size=4, max_size=4), min_size=2, max_size=12), st.integers(0, 50))
def test_standings_are_sorted_by_the_tiebreaker_sequence(records, seed):
    rows, order = _rows({f"p{i}": rec for i, rec in enumerate(records)}, seed=seed)
    ranked = [rows[pid] for pid in order]
    for x, y in zip(ranked, ranked[1:]):
        kx = (-x.match_points, -x.cmp, x.mlp, x.omlp, -x.ocmp, x.random_key)
        ky = (-y.match_points, -y.cmp, y.mlp, y.omlp, -y.ocmp, y.random_key)
        assert kx < ky
        assert x.match_points == x.wins + x.byes
        assert 0 <= x.cmp <= 1 and 0 <= x.mlp <= 1


def test_points_3_1_0_rejects_missing_game_counts():
    with pytest.raises(InvalidInput) as err:
        compute_standings(
            ["A", "B"], [M(1, "A", "B", "a", games_a=None)], rounds_completed=1, policy="points_3_1_0"
        )
    assert err.value.field == "matches[0].games_a"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text("WLDB", min_size=3, max_size=3), min_size=2, max_size=10),
    st.randoms(use_true_random=False),
)
def test_standings_do_not_depend_on_input_order(records, shuffler):
    matches, fillers = _record_matches({f"p{i}": rec for i, rec in enumerate(records)})
    ids = [f"p{i}" for i in range(len(records))]
    first = compute_standings(ids, matches, rounds_completed=3, removed=fillers, seed=9)
    shuffler.shuffle(matches)
    shuffler.shuffle(ids)
    shuffler.shuffle(fillers)
    assert compute_standings(ids, matches, rounds_completed=3, removed=fillers, seed=9) == first
