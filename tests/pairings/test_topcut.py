"""Play-off brackets (RD-32, RD-33, OPEN-10, OPEN-11)."""

import pytest

from pairings.errors import InvalidInput
from pairings.topcut import (
    bracket_seed_order,
    draft_playoff,
    higher_standing,
    next_bracket_round,
    single_elimination,
)


def _seeds(n):
    return [f"s{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize(
    "size, expected",
    [
        (2, [(1, 2)]),
        (4, [(1, 4), (2, 3)]),
        (8, [(1, 8), (4, 5), (2, 7), (3, 6)]),
        (16, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]),
    ],
)
def test_single_elimination_standard_order(size, expected):
    assert single_elimination(_seeds(size)) == [(f"s{a}", f"s{b}") for a, b in expected]


def test_thirty_two_bracket_pairs_sum_to_33_and_top_seeds_meet_last():
    pairs = single_elimination(_seeds(32))
    assert all(int(a[1:]) + int(b[1:]) == 33 for a, b in pairs)
    order = bracket_seed_order(32)
    assert order.index(1) < 16 <= order.index(2)


def test_bracket_advances_to_the_final_with_top_seeds_if_they_win():
    rnd = single_elimination(_seeds(8))
    winners = {"s1", "s2", "s3", "s4"}
    semis = next_bracket_round(rnd, winners)
    assert semis == [("s1", "s4"), ("s2", "s3")]
    final = next_bracket_round(semis, {"s1", "s2"})
    assert final == [("s1", "s2")]
    assert next_bracket_round(final, {"s2"}) == []


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12, 64])
def test_bad_bracket_size(size):
    with pytest.raises(InvalidInput) as err:
        single_elimination(_seeds(size))
    assert err.value.field == "seeds"


def test_next_round_needs_one_winner_per_match():
    with pytest.raises(InvalidInput) as err:
        next_bracket_round([("a", "b"), ("c", "d")], {"a", "b", "c"})
    assert err.value.field == "winners"


def test_draft_playoff_by_seats_across_then_two_away():
    seats = [f"seat{i}" for i in range(1, 9)]
    first = draft_playoff(seats)
    assert first == [("seat1", "seat5"), ("seat3", "seat7"), ("seat2", "seat6"), ("seat4", "seat8")]
    second = next_bracket_round(first, {"seat1", "seat7", "seat6", "seat4"})
    assert second == [("seat1", "seat7"), ("seat6", "seat4")]


def test_draft_playoff_four_seats_and_bad_sizes():
    assert draft_playoff(["a", "b", "c", "d"]) == [("a", "c"), ("b", "d")]
    with pytest.raises(InvalidInput):
        draft_playoff(["a", "b", "c"])
    with pytest.raises(InvalidInput) as err:
        draft_playoff(["a", "b", "a", "d"])
    assert err.value.field == "seats[2]"


@pytest.mark.parametrize("a, b, winner", [("s1", "s8", "s1"), ("s7", "s2", "s2"), ("s5", "s4", "s4")])
def test_elimination_step_5_draw_goes_to_higher_standing_appendix_a_item_11(a, b, winner):
    assert higher_standing(a, b, seeds=_seeds(8)) == winner


def test_higher_standing_unknown_player():
    with pytest.raises(InvalidInput) as err:
        higher_standing("s1", "s99", seeds=_seeds(8))
    assert err.value.field == "b"
