"""Event structure (TR&P App B, RD-05..RD-10) and table numbers (TR&P 3.10)."""

import pytest

from pairings.errors import InvalidInput
from pairings.structure import assign_tables, day2_advancers, recommended_structure, rounds_without_rematch


@pytest.mark.parametrize(
    "players, rounds, cut",
    [
        (1, 3, 0),
        (8, 3, 0),
        (9, 5, 4),
        (16, 5, 4),
        (17, 5, 8),
        (32, 5, 8),
        (33, 6, 8),
        (64, 6, 8),
        (65, 7, 8),
        (128, 7, 8),
        (129, 8, 8),
        (224, 8, 8),
        (225, 9, 8),
        (384, 9, 8),
        (385, 10, 8),
        (736, 10, 8),
    ],
)
def test_single_day_table(players, rounds, cut):
    s = recommended_structure(players)
    assert (s.swiss_rounds, s.top_cut, s.extrapolated, s.day2_cut) == (rounds, cut, False, None)


@pytest.mark.parametrize("players, rounds, cut", [(8, 3, 0), (9, 4, 8), (16, 4, 8), (17, 5, 8)])
def test_single_day_booster_draft_playoff_row(players, rounds, cut):
    s = recommended_structure(players, kind="single_day_draft_playoff")
    assert (s.swiss_rounds, s.top_cut) == (rounds, cut)


@pytest.mark.parametrize("players, rounds", [(737, 11), (1472, 11), (1473, 12)])
def test_single_day_beyond_the_table_is_extrapolated(players, rounds):
    s = recommended_structure(players)
    assert (s.swiss_rounds, s.top_cut, s.extrapolated) == (rounds, 8, True)


@pytest.mark.parametrize(
    "teams, rounds",
    [
        (4, 5),
        (16, 5),
        (17, 6),
        (32, 6),
        (33, 7),
        (64, 7),
        (65, 8),
        (128, 8),
        (129, 9),
        (224, 9),
        (225, 10),
        (384, 10),
        (385, 11),
        (736, 11),
    ],
)
def test_team_table_top_4(teams, rounds):
    s = recommended_structure(teams, kind="team")
    assert (s.swiss_rounds, s.top_cut) == (rounds, 4)


@pytest.mark.parametrize(
    "kind, players, day1, cut, day2",
    [
        ("multi_day_constructed", 100, 7, 48, 4),
        ("multi_day_constructed", 224, 7, 48, 4),
        ("multi_day_constructed", 225, 7, 64, 5),
        ("multi_day_constructed", 440, 7, 64, 5),
        ("multi_day_constructed", 441, 8, 80, 5),
        ("multi_day_constructed", 732, 8, 80, 5),
        ("multi_day_constructed", 733, 9, 96, 5),
        ("multi_day_constructed", 1244, 9, 96, 5),
        ("multi_day_constructed", 1245, 9, 128, 6),
        ("multi_day_constructed", 5000, 9, 128, 6),
        ("multi_day_limited", 224, 8, 48, 3),
        ("multi_day_limited", 225, 8, 64, 6),
        ("multi_day_limited", 441, 8, 80, 6),
        ("multi_day_limited", 733, 8, 128, 6),
        ("multi_day_limited", 1245, 9, 128, 6),
    ],
)
def test_multi_day_tables(kind, players, day1, cut, day2):
    s = recommended_structure(players, kind=kind)
    assert (s.day1_rounds, s.day2_cut, s.day2_rounds, s.swiss_rounds, s.top_cut) == (
        day1,
        cut,
        day2,
        day1 + day2,
        8,
    )


@pytest.mark.parametrize("players, rounds, cut", [(3, 2, 0), (4, 2, 0), (5, 3, 0), (9, 4, 4), (17, 5, 8)])
def test_2023_table(players, rounds, cut):
    s = recommended_structure(players, kind="single_day_2023")
    assert (s.swiss_rounds, s.top_cut) == (rounds, cut)


@pytest.mark.parametrize(
    "players, kind, field",
    [
        (0, "single_day", "players"),
        (-3, "team", "players"),
        (10, "swiss", "kind"),
        (2, "single_day_2023", "players"),
    ],
)
def test_structure_bad_input(players, kind, field):
    with pytest.raises(InvalidInput) as err:
        recommended_structure(players, kind=kind)
    assert err.value.field == field


def test_day2_cut_top_n_when_fewer_at_x_minus_2():
    standings = [(f"p{i}", 7 - i // 10) for i in range(80)]  # 30 players on 5+ points
    assert len(day2_advancers(standings, top_n=48, day1_rounds=7)) == 48
    assert len(day2_advancers(standings, top_n=20, day1_rounds=7)) == 30


def test_tables_top_tables_to_best_ranks():
    pairings = [("c", "d"), ("a", "b"), ("e", "f")]
    ranks = {"a": 1, "b": 4, "c": 2, "d": 3, "e": 5, "f": 6}
    assert assign_tables(pairings, ranks=ranks) == [(1, "a", "b"), (2, "c", "d"), (3, "e", "f")]
    assert assign_tables(pairings) == [(1, "c", "d"), (2, "a", "b"), (3, "e", "f")]


def test_tables_pinned_player_keeps_table_and_others_skip_it():
    pairings = [("a", "b"), ("c", "d"), ("e", "f"), ("g", None)]
    out = assign_tables(pairings, pinned={"f": 1, "zz": 9}, first_table=1)
    assert out == [(1, "e", "f"), (2, "a", "b"), (3, "c", "d"), (0, "g", None)]
    assert assign_tables(pairings, pinned={"c": 7}, first_table=5) == [
        (5, "a", "b"),
        (6, "e", "f"),
        (7, "c", "d"),
        (0, "g", None),
    ]


@pytest.mark.parametrize(
    "pinned, field",
    [({"a": 1, "b": 2}, "pinned"), ({"a": 3, "c": 3}, "pinned"), ({"a": 0}, "pinned[a]")],
)
def test_tables_conflicting_pins(pinned, field):
    with pytest.raises(InvalidInput) as err:
        assign_tables([("a", "b"), ("c", "d")], pinned=pinned)
    assert err.value.field == field


@pytest.mark.parametrize(("entrants", "rounds"), [(0, 0), (1, 0), (2, 1), (3, 3), (4, 3), (5, 5), (8, 7)])
def test_rounds_without_rematch_is_a_round_robin(entrants, rounds):
    assert rounds_without_rematch(entrants) == rounds


def test_rounds_without_rematch_rejects_nonsense():
    with pytest.raises(InvalidInput):
        rounds_without_rematch(-1)
