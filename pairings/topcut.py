"""Play-off brackets (TR&P 3.1, 8.2; requirements RD-32, RD-33, OPEN-10, OPEN-11).

Pairings are returned in bracket order: the winners of matches 2k and 2k+1 meet in the next
round (:func:`next_bracket_round`), with the first-listed player the higher seed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pairings.errors import InvalidInput

BRACKET_SIZES = (2, 4, 8, 16, 32)


def bracket_seed_order(size: int) -> list[int]:
    """Seed numbers in bracket order: 8 -> [1, 8, 4, 5, 2, 7, 3, 6] (OPEN-10: 1v8, 4v5, 2v7, 3v6)."""
    if size not in BRACKET_SIZES:
        raise InvalidInput("seeds", f"a bracket needs 2, 4, 8, 16 or 32 players, not {size}")
    order = [1, 2]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def single_elimination(seeds: Sequence[str]) -> list[tuple[str, str]]:
    """First play-off round for ``seeds`` (best first): for 8, seeds 1v8, 4v5, 2v7, 3v6 (RD-32)."""
    _check_ids(seeds, "seeds")
    order = bracket_seed_order(len(seeds))
    return [(seeds[order[k] - 1], seeds[order[k + 1] - 1]) for k in range(0, len(order), 2)]


def next_bracket_round(
    pairings: Sequence[tuple[str, str]], winners: Collection[str]
) -> list[tuple[str, str]]:
    """Next round of a bracket: the winner of match 2k meets the winner of match 2k+1.

    ``winners`` holds exactly one player of every match. Returns [] after the final.
    """
    winners = set(winners)
    advancing = []
    for k, (a, b) in enumerate(pairings):
        won = [p for p in (a, b) if p in winners]
        if len(won) != 1:
            raise InvalidInput("winners", f"match {k + 1} ({a} v {b}) needs exactly one winner")
        advancing.append(won[0])
    if len(advancing) == 1:
        return []
    if len(advancing) % 2:
        raise InvalidInput("pairings", "a bracket round needs an even number of matches")
    return [(advancing[k], advancing[k + 1]) for k in range(0, len(advancing), 2)]


def draft_playoff(seats: Sequence[str]) -> list[tuple[str, str]]:
    """Booster-draft play-off by seating (TR&P 8.2, RD-33, OPEN-11).

    ``seats`` lists the players clockwise from seat 1 (seating is random, decided by the
    caller). Players directly across meet first (seat i v seat i + n/2); winners then meet the
    winner two seats away: for 8 seats the first round is returned as
    (1v5, 3v7, 2v6, 4v8) so :func:`next_bracket_round` gives W(1v5) v W(3v7) and
    W(2v6) v W(4v8), then the final. 4 seats: 1v3, 2v4, then the final.
    """
    _check_ids(seats, "seats")
    n = len(seats)
    if n == 8:
        order = [(1, 5), (3, 7), (2, 6), (4, 8)]
    elif n == 4:
        order = [(1, 3), (2, 4)]
    else:
        raise InvalidInput("seats", f"a draft play-off pod has 4 or 8 seats, not {n}")
    return [(seats[a - 1], seats[b - 1]) for a, b in order]


def _check_ids(ids: Sequence[str], field: str) -> None:
    seen = set()
    for i, pid in enumerate(ids):
        if not isinstance(pid, str) or not pid:
            raise InvalidInput(f"{field}[{i}]", "must be a non-empty string")
        if pid in seen:
            raise InvalidInput(f"{field}[{i}]", f"duplicate id {pid!r}")
        seen.add(pid)


def higher_standing(a: str, b: str, *, seeds: Sequence[str]) -> str:
    """TR&P 3.4 elimination step 5 (RD-25, Appendix A item 11): when the tiebreaker game is a
    draw, the player with the higher standing before the match (the better play-off seed, i.e.
    earlier in the end-of-Swiss ``seeds`` order, RD-32) wins the match. Also the player who
    chooses first-turn in a play-off match's first game (TR&P 3.3, RD-21)."""
    position = {pid: k for k, pid in enumerate(seeds)}
    for field, pid in (("a", a), ("b", b)):
        if pid not in position:
            raise InvalidInput(field, f"{pid!r} is not among the seeds")
    if a == b:
        raise InvalidInput("b", "a player cannot play themselves")
    return a if position[a] < position[b] else b
