"""Pods for Ultimate Pit Fight (TR&P 9.3) and casual pod play: sizes, seating, scoring, standings."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.errors import InvalidInput
from pairings.pods import (
    WINNER_ONLY_POINTS,
    PodPlayer,
    PodRecord,
    explain_pod_ranking,
    neighbours,
    placement_points,
    pod_sizes,
    pod_standings,
    seat_pods,
    seating_cost,
)


def _min_conflicts(players: list[PodPlayer]) -> int:
    """Brute force: the fewest conflicting pod-mate pairs over every split into the sizes."""
    ids = [p.id for p in players]
    bad = {p.id: set(p.met) | set(p.avoid) for p in players}
    for p in players:
        for other in bad[p.id]:
            if other in bad:
                bad[other].add(p.id)
    best = [10**9]

    def rec(free: list[str], sizes: list[int], cost: int) -> None:
        if cost >= best[0]:
            return
        if not free:
            best[0] = cost
            return
        first, rest = free[0], free[1:]
        for size in set(sizes):
            left_sizes = list(sizes)
            left_sizes.remove(size)
            for others in combinations(rest, size - 1):
                pod = (first, *others)
                extra = sum(b in bad[a] for a, b in combinations(pod, 2))
                rec([i for i in rest if i not in others], left_sizes, cost + extra)

    rec(ids, pod_sizes(len(ids)), 0)
    return best[0]


# -- sizes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "fives", "threes"),
    [
        (3, [3], [3]),
        (4, [4], [4]),
        (5, [5], [5]),
        (6, [3, 3], [3, 3]),
        (7, [4, 3], [4, 3]),
        (9, [4, 5], [3, 3, 3]),
        (13, [4, 4, 5], [4, 3, 3, 3]),
        (16, [4, 4, 4, 4], [4, 4, 4, 4]),
        (18, [4, 4, 5, 5], [4, 4, 4, 3, 3]),
    ],
)
def test_pod_sizes_follow_the_policy(n: int, fives: list[int], threes: list[int]) -> None:
    assert pod_sizes(n) == fives
    assert pod_sizes(n, policy="threes") == threes


def test_a_pod_of_two_only_when_allowed_or_forced() -> None:
    assert 2 not in pod_sizes(6) and 2 not in pod_sizes(7)
    assert pod_sizes(6, allow_two=True) == [4, 2]
    assert pod_sizes(2) == [2]  # two players left: the only game there is
    assert pod_sizes(1) == [1]
    assert pod_sizes(0) == []


@given(st.integers(min_value=3, max_value=300), st.sampled_from(["fives", "threes"]), st.booleans())
def test_pod_sizes_cover_the_field_evenly(n: int, policy: str, allow_two: bool) -> None:
    sizes = pod_sizes(n, policy=policy, allow_two=allow_two)
    assert sum(sizes) == n
    assert set(sizes) <= ({2, 3, 4, 5} if allow_two else {3, 4, 5})
    assert not ({3, 5} <= set(sizes))  # never both odd sizes: one of them could become a 4
    odd = [s for s in sizes if s != 4]
    assert len(odd) <= 3


def test_bad_sizes_input_names_the_problem() -> None:
    with pytest.raises(InvalidInput, match="policy"):
        pod_sizes(8, policy="sixes")
    with pytest.raises(InvalidInput, match="players"):
        pod_sizes(-1)


# -- seating ----------------------------------------------------------------------------------


def test_round_one_seats_everyone_once_at_random() -> None:
    players = [PodPlayer(f"p{i}") for i in range(16)]
    one = seat_pods(players, round_number=1, seed=1)
    again = seat_pods(players, round_number=1, seed=1)
    other = seat_pods(players, round_number=1, seed=2)
    assert one == again  # same seed, same seating
    assert one.pods != other.pods
    seated = [pid for pod in one.pods for pid in pod]
    assert sorted(seated) == sorted(p.id for p in players)
    assert [len(p) for p in one.pods] == [4, 4, 4, 4]


def test_later_rounds_group_similar_points() -> None:
    players = [PodPlayer(f"p{i}", points=(3 if i < 4 else 0)) for i in range(8)]
    seating = seat_pods(players, round_number=2, seed=5)
    assert set(seating.pods[0]) == {"p0", "p1", "p2", "p3"}  # the leaders' pod is first
    assert seating.spread == 0


def test_a_lone_player_gets_a_bye() -> None:
    seating = seat_pods([PodPlayer("solo")], round_number=3, seed=0)
    assert seating.pods == [] and seating.byes == ("solo",)


def test_keep_apart_is_honoured_and_an_unavoidable_one_reported() -> None:
    players = [PodPlayer(f"p{i}", avoid=("p1",) if i == 0 else ()) for i in range(8)]
    for seed in range(20):
        seating = seat_pods(players, round_number=1, seed=seed)
        pod_of = {pid: k for k, pod in enumerate(seating.pods) for pid in pod}
        assert pod_of["p0"] != pod_of["p1"]
        assert seating.kept_apart == ()
    four = [PodPlayer("a", avoid=("b",)), PodPlayer("b"), PodPlayer("c"), PodPlayer("d")]
    forced = seat_pods(four, round_number=1, seed=0)
    assert forced.kept_apart == (("a", "b"),) or forced.kept_apart == (("b", "a"),)


def test_neighbours_wrap_around_the_table() -> None:
    pod = ("a", "b", "c", "d")
    assert neighbours(pod, "a") == ("d", "b")
    assert neighbours(pod, "c") == ("b", "d")
    assert neighbours(("a", "b"), "a") == ("b", "b")


_history = st.lists(st.tuples(st.integers(0, 10), st.integers(0, 10)), max_size=25)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=3, max_value=10), _history, st.integers(0, 1000), st.integers(1, 5))
def test_no_avoidable_repeat_on_small_fields(n: int, met: list[tuple[int, int]], seed: int, rnd: int) -> None:
    """Against brute force: the seating has the fewest conflicts possible."""
    pairs = {(a, b) for a, b in met if a < n and b < n and a != b}
    players = [
        PodPlayer(f"p{i}", points=(i * 7 + seed) % 4, met=tuple(f"p{b}" for a, b in pairs if a == i))
        for i in range(n)
    ]
    seating = seat_pods(players, round_number=rnd + 1, seed=seed)
    conflicts, _ = seating_cost(players, seating.pods)
    assert conflicts == _min_conflicts(players)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=13, max_value=60), st.integers(0, 10_000), st.floats(0.05, 0.6))
def test_no_repeat_when_a_repeat_free_seating_exists(n: int, seed: int, density: float) -> None:
    """Plant a repeat-free seating: history only between players the plan keeps in different pods."""
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(n)]
    rng.shuffle(ids)
    plan: dict[str, int] = {}
    start = 0
    for k, size in enumerate(pod_sizes(n)):
        for pid in ids[start : start + size]:
            plan[pid] = k
        start += size
    met: dict[str, set[str]] = {pid: set() for pid in ids}
    for a, b in combinations(ids, 2):
        if plan[a] != plan[b] and rng.random() < density:
            met[a].add(b)
            met[b].add(a)
    players = [PodPlayer(pid, points=rng.randrange(6), met=tuple(sorted(met[pid]))) for pid in ids]
    seating = seat_pods(players, round_number=4, seed=seed)
    assert seating.repeats == 0
    assert sorted(pid for pod in seating.pods for pid in pod) == sorted(ids)


def test_a_whole_event_avoids_repeats_while_it_can() -> None:
    """16 players, 4 rounds: each round has the fewest repeats brute force finds (none in
    the early rounds; by round 4 the history can force some)."""
    players = {f"p{i}": PodPlayer(f"p{i}") for i in range(16)}
    rng = random.Random(9)
    for rnd in range(1, 5):
        field = list(players.values())
        seating = seat_pods(field, round_number=rnd, seed=3)
        assert seating.repeats == _min_conflicts(field), f"round {rnd}"
        for pod in seating.pods:
            places = list(range(1, len(pod) + 1))
            rng.shuffle(places)
            for pid, place in zip(pod, places):
                p = players[pid]
                mates = tuple(sorted((set(p.met) | set(pod)) - {pid}))
                players[pid] = PodPlayer(pid, p.points + placement_points(place), mates)


def test_seating_input_errors_name_the_field() -> None:
    with pytest.raises(InvalidInput, match=r"players\[1\]\.id"):
        seat_pods([PodPlayer("a"), PodPlayer("a")], round_number=1, seed=0)
    with pytest.raises(InvalidInput, match="round"):
        seat_pods([PodPlayer("a")], round_number=0, seed=0)
    with pytest.raises(InvalidInput, match="themselves"):
        seat_pods([PodPlayer("a", avoid=("a",))], round_number=1, seed=0)


# -- scoring and standings ----------------------------------------------------------------------


def test_placement_points_and_ties() -> None:
    assert [placement_points(p) for p in (1, 2, 3, 4, 5)] == [3, 2, 1, 0, 0]
    assert [placement_points(p, WINNER_ONLY_POINTS) for p in (1, 2, 4)] == [3, 0, 0]
    rows = pod_standings(
        ["a", "b", "c", "d"],
        [PodRecord(1, ("a", "b", "c", "d"), (1, 1, 3, 4))],  # a and b tied for first
    )
    points = {r.id: r.points for r in rows}
    assert points == {"a": 3, "b": 3, "c": 1, "d": 0}


def test_standings_order_and_explanation() -> None:
    records = [
        PodRecord(1, ("a", "b", "c", "d"), (1, 2, 3, 4)),
        PodRecord(1, ("e", "f", "g", "h"), (1, 2, 3, 4)),
        PodRecord(2, ("a", "e", "b", "f"), (2, 1, 3, 4)),
        PodRecord(2, ("c", "g", "d", "h"), (1, 2, 3, 4)),
    ]
    rows = pod_standings(list("abcdefgh"), records)
    assert [r.id for r in rows[:2]] == ["e", "a"]
    assert rows[0].points == 6 and rows[1].points == 5
    steps = explain_pod_ranking(rows, "e", "a")
    assert steps == [
        {
            "step": 1,
            "tiebreaker": "points",
            "prefer": "higher",
            "a": "6",
            "b": "5",
            "decides": True,
            "ahead": "e",
        }
    ]
    # b (2 + 1) and g (1 + 2): 3 points each; the pod-mates' average decides.
    b, g = (next(r for r in rows if r.id == x) for x in "bg")
    assert b.points == g.points == 3
    steps = explain_pod_ranking(rows, "b", "g")
    assert steps[1]["tiebreaker"] == "mates_average" and steps[1]["decides"]
    ahead, behind = (b, g) if b.mates_average > g.mates_average else (g, b)
    assert steps[1]["ahead"] == ahead.id
    assert rows.index(ahead) < rows.index(behind)


def test_a_bye_scores_first_place() -> None:
    rows = pod_standings(["solo", "x"], [PodRecord(1, ("solo",), (1,), bye=True)])
    solo = next(r for r in rows if r.id == "solo")
    assert solo.points == 3 and solo.byes == 1 and solo.pods == 0


def test_bad_records_are_refused_by_name() -> None:
    with pytest.raises(InvalidInput, match="unknown player"):
        pod_standings(["a"], [PodRecord(1, ("a", "z"), (1, 2))])
    with pytest.raises(InvalidInput, match="place of 'b'"):
        pod_standings(["a", "b"], [PodRecord(1, ("a", "b"), (1, 3))])
    with pytest.raises(InvalidInput, match="twice"):
        pod_standings(["a"], [PodRecord(1, ("a", "a"), (1, 2))])


def test_every_meeting_counts_in_the_mates_average() -> None:
    records = [PodRecord(r, ("a", "b", "c"), (1, 2, 3)) for r in (1, 2)]
    rows = {r.id: r for r in pod_standings(["a", "b", "c"], records)}
    assert rows["a"].mates_average == (4 + 2) / 2  # b: 2+2, c: 1+1, each met twice
    assert Counter(r.firsts for r in rows.values()) == Counter({2: 1, 0: 2})
