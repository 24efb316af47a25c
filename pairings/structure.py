"""Event structure from attendance and table numbers (TR&P Appendix B, 3.10; requirements RD-05..RD-10).

Kinds for :func:`recommended_structure`:

* ``single_day`` (RD-05), ``single_day_draft_playoff`` (RD-05 starred row, OPEN-3: 9-16
  players play 4 rounds and a top 8 when the play-off is a booster draft);
* ``team`` (RD-06; counts teams and reads the "64-128" row as 65-128, OPEN-5; top 4);
* ``multi_day_constructed`` (RD-07) and ``multi_day_limited`` (RD-08): day-1 rounds, a
  day-2 cut of the top N or everyone at X-2 (RD-09, OPEN-6), day-2 rounds, top 8;
* ``single_day_2023`` (RD-10, legacy TR&P'23 events).

Above the last single-day / team row the tables are silent (OPEN-4): one more round per
doubling, flagged ``extrapolated``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pairings.errors import InvalidInput


@dataclass(frozen=True)
class Structure:
    """``swiss_rounds`` is the total over both days; ``top_cut`` 0 means no play-off."""

    swiss_rounds: int
    top_cut: int
    day2_cut: int | None = None
    day1_rounds: int | None = None
    day2_rounds: int | None = None
    extrapolated: bool = False
    rule: str = "TR&P App B"


# (max players inclusive, swiss rounds, top cut)
_SINGLE_DAY = (
    (8, 3, 0),
    (16, 5, 4),
    (32, 5, 8),
    (64, 6, 8),
    (128, 7, 8),
    (224, 8, 8),
    (384, 9, 8),
    (736, 10, 8),
)
_SINGLE_DAY_2023 = (
    (4, 2, 0),
    (8, 3, 0),
    (16, 4, 4),
    (32, 5, 8),
    (64, 6, 8),
    (128, 7, 8),
    (224, 8, 8),
    (384, 9, 8),
    (736, 10, 8),
)
_TEAM = ((16, 5, 4), (32, 6, 4), (64, 7, 4), (128, 8, 4), (224, 9, 4), (384, 10, 4), (736, 11, 4))
# (max players inclusive or None for "and more", day-1 rounds, day-2 cut N, day-2 rounds)
_MULTI_CONSTRUCTED = ((224, 7, 48, 4), (440, 7, 64, 5), (732, 8, 80, 5), (1244, 9, 96, 5), (None, 9, 128, 6))
_MULTI_LIMITED = ((224, 8, 48, 3), (440, 8, 64, 6), (732, 8, 80, 6), (1244, 8, 128, 6), (None, 9, 128, 6))

KINDS = (
    "single_day",
    "single_day_draft_playoff",
    "team",
    "multi_day_constructed",
    "multi_day_limited",
    "single_day_2023",
)


def recommended_structure(players: int, *, kind: str = "single_day") -> Structure:
    """Recommended Swiss rounds, play-off and day-2 cut for ``players`` entrants (teams for
    ``kind="team"``), read from TR&P Appendix B (RD-05..RD-10)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise InvalidInput("players", "must be a positive integer")
    if kind not in KINDS:
        raise InvalidInput("kind", f"must be one of {', '.join(KINDS)}")
    if kind in ("multi_day_constructed", "multi_day_limited"):
        table = _MULTI_CONSTRUCTED if kind == "multi_day_constructed" else _MULTI_LIMITED
        for limit, day1, cut, day2 in table:
            if limit is None or players <= limit:
                return Structure(
                    day1 + day2,
                    8,
                    day2_cut=cut,
                    day1_rounds=day1,
                    day2_rounds=day2,
                    rule="TR&P App B (multi-day)",
                )
    if kind == "team":
        return _from_table(_TEAM, players, rule="TR&P App B (teams)")
    if kind == "single_day_2023":
        if players < 3:
            raise InvalidInput("players", "the 2023 table starts at 3 players")
        return _from_table(_SINGLE_DAY_2023, players, rule="TR&P'23 App B")
    structure = _from_table(_SINGLE_DAY, players, rule="TR&P App B (single day)")
    if kind == "single_day_draft_playoff" and 9 <= players <= 16:
        return Structure(4, 8, rule="TR&P App B (single day, booster draft play-off)")
    return structure


def _from_table(table: Sequence[tuple[int, int, int]], players: int, *, rule: str) -> Structure:
    for limit, rounds, cut in table:
        if players <= limit:
            return Structure(rounds, cut, rule=rule)
    limit, rounds, cut = table[-1]
    while players > limit:  # OPEN-4: one more round per doubling beyond the table
        limit *= 2
        rounds += 1
    return Structure(
        rounds, cut, extrapolated=True, rule=rule + ", extrapolated: one more round per doubling"
    )


def rounds_without_rematch(entrants: int) -> int:
    """The most Swiss rounds ``entrants`` players (or teams, or the players of one pod) can play
    before two of them must meet again: a round robin's length, ``entrants - 1`` when even and
    ``entrants`` when odd (each round one entrant has the bye, and nobody has two byes)."""
    if isinstance(entrants, bool) or not isinstance(entrants, int) or entrants < 0:
        raise InvalidInput("entrants", "must be a non-negative integer")
    if entrants < 2:
        return 0
    return entrants if entrants % 2 else entrants - 1


def day2_advancers(standings: Sequence[tuple[str, int]], *, top_n: int, day1_rounds: int) -> list[str]:
    """Day-2 cut (RD-09, OPEN-6): the top ``top_n`` of the ordered (id, match points) standings,
    or every player with match points >= day1_rounds - 2, whichever group is larger."""
    if isinstance(top_n, bool) or not isinstance(top_n, int) or top_n < 0:
        raise InvalidInput("top_n", "must be a non-negative integer")
    if isinstance(day1_rounds, bool) or not isinstance(day1_rounds, int) or day1_rounds < 1:
        raise InvalidInput("day1_rounds", "must be a positive integer")
    at_x2 = sum(1 for _, points in standings if points >= day1_rounds - 2)
    return [pid for pid, _ in standings[: max(top_n, at_x2)]]


def assign_tables(
    pairings: Sequence[tuple[str, str | None]],
    *,
    ranks: Mapping[str, int] | None = None,
    pinned: Mapping[str, int] | None = None,
    first_table: int = 1,
) -> list[tuple[int, str, str | None]]:
    """Table numbers for a round (TR&P 3.10; RD-04).

    Matches are ordered by the better rank of their two players (``ranks``: 1 is best),
    or kept in the given order without ``ranks`` (``pair_round`` already lists higher points
    first), and numbered from ``first_table``. A match with a pinned player (an accessibility
    table, TR&P 3.10) keeps that table number and the others skip it. Byes (second player None)
    get table 0 and are listed last. Pins of players not in ``pairings`` are ignored.
    """
    pinned = dict(pinned or {})
    if isinstance(first_table, bool) or not isinstance(first_table, int) or first_table < 1:
        raise InvalidInput("first_table", "must be a positive integer")
    for pid, table in pinned.items():
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise InvalidInput(f"pinned[{pid}]", "table must be a positive integer")
    matches: list[tuple[int, int, str, str]] = []
    byes: list[tuple[int, str, str | None]] = []
    for k, pair in enumerate(pairings):
        a, b = pair
        if b is None:
            byes.append((0, a, None))
            continue
        better = min((ranks.get(a, 1 << 62), ranks.get(b, 1 << 62))) if ranks else 0
        matches.append((better, k, a, b))
    matches.sort()
    taken: dict[int, tuple[str, str]] = {}
    fixed: dict[int, int] = {}
    for _, k, a, b in matches:
        wanted = {pinned[p] for p in (a, b) if p in pinned}
        if len(wanted) > 1:
            raise InvalidInput("pinned", f"{a} and {b} are paired but pinned to different tables")
        if wanted:
            table = wanted.pop()
            if table in taken:
                raise InvalidInput("pinned", f"table {table} is pinned for two matches")
            taken[table] = (a, b)
            fixed[k] = table
    out: list[tuple[int, str, str | None]] = []
    table = first_table
    for _, k, a, b in matches:
        if k in fixed:
            out.append((fixed[k], a, b))
            continue
        while table in taken:
            table += 1
        taken[table] = (a, b)
        out.append((table, a, b))
        table += 1
    out.sort()
    return out + byes
