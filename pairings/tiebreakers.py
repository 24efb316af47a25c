"""Standings and tiebreakers (TR&P Appendix D; requirements ST-01..ST-11, OPEN-15..18).

Policy ``"fab"`` ranks by, in order (TR&P App D steps 1-6, requirements ST-02):
match points (win 1, bye 1, draw 0, loss 0, double loss 0 for both: ST-01), higher CMP,
lower MLP, lower OMLP, higher OCMP, then a seeded random order.

* CMP (ST-04): sum over completed rounds r of m_r * (2^R - 2^(r-1)) divided by
  (R - 1) * 2^R + 1, as an exact ``Fraction``; m_r is 1 for a win and, when
  ``bye_counts_in_cmp`` (default, OPEN-16), for a bye. Rounds after a drop give m_r = 0 (ST-07).
* MLP (ST-08): losses / rounds actually played (byes excluded); 0 when none were played (OPEN-17).
* Late entries (our policy; the rules are silent): every Swiss round a player missed because they
  entered late (``joined``: their first round) is a match loss without an opponent. It gives no
  match points and m_r = 0 in CMP, counts as a loss and a round in MLP (so in the opponents' OMLP),
  and in the 3/1/0 policy as a lost round in match-win % (so in the opponents' OMW%). No games
  were played, so it does not enter game-win %. ``StandingRow.missed`` counts these rounds.
* OMLP / OCMP (ST-09, ST-10): arithmetic means over every match against an opponent
  (an opponent met twice counts twice), with the opponents' full values; 0 with no opponents.
  Disqualified (``removed``) players are not ranked but still count as opponents (ST-10, ST-11).

Policy ``"points_3_1_0"`` (other games): 3/1/0 match points (bye 3), then opponents'
match-win %, game-win %, opponents' game-win %, each percentage floored at 1/3; a bye counts
as a round won for the player's own percentages, with the game score recorded on it (the game
wins a match needs, none lost; 2-0 when the record carries none), and is not an opponent.

All comparisons use exact integers (common denominators), never floats.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from pairings.errors import InvalidInput

RESULTS = frozenset({"a", "b", "draw", "double_loss", "bye"})
POLICIES = ("fab", "points_3_1_0")
FLOOR = Fraction(1, 3)
MAX_ROUNDS = 1000


class MatchRecord(NamedTuple):
    """One Swiss match: ``result`` is "a", "b", "draw", "double_loss" or "bye" (then ``b`` is None).

    An immutable named tuple (cheap to build by the hundred thousand)."""

    round: int
    a: str
    b: str | None
    result: str
    games_a: int = 0
    games_b: int = 0
    games_drawn: int = 0


class StandingRow(NamedTuple):
    """One ranked player (immutable). ``omw``/``gw``/``ogw`` are filled for policy "points_3_1_0" only."""

    rank: int
    id: str
    match_points: int
    cmp: Fraction
    mlp: Fraction
    omlp: Fraction
    ocmp: Fraction
    wins: int
    losses: int
    draws: int
    byes: int
    played: int
    random_key: int
    omw: Fraction | None = None
    gw: Fraction | None = None
    ogw: Fraction | None = None
    policy: str = "fab"
    missed: int = 0

    @property
    def record(self) -> str:
        """Wins-losses-draws as the points count them: a bye is a win, a missed round a loss."""
        return f"{self.wins + self.byes}-{self.losses + self.missed}-{self.draws}"


FAB_STEPS = (
    ("match_points", "higher"),
    ("cmp", "higher"),
    ("mlp", "lower"),
    ("omlp", "lower"),
    ("ocmp", "higher"),
    ("random_key", "lower"),
)
POINTS_3_1_0_STEPS = (
    ("match_points", "higher"),
    ("omw", "higher"),
    ("gw", "higher"),
    ("ogw", "higher"),
    ("random_key", "lower"),
)


def compute_standings(
    player_ids: Sequence[str],
    matches: Sequence[MatchRecord],
    *,
    rounds_completed: int,
    bye_counts_in_cmp: bool = True,
    seed: int = 0,
    removed: Collection[str] = (),
    policy: str = "fab",
    joined: Mapping[str, int] | None = None,
) -> list[StandingRow]:
    """Rank ``player_ids`` (minus ``removed``) after ``rounds_completed`` Swiss rounds.

    ``joined`` maps a late entrant's id to the first round they could play; each earlier round
    in which they have no match is a missed round, scored as a loss (see the module docstring).

    Matches of later rounds are ignored (so the same history gives the standings after any
    round). Every id in a match must be in ``player_ids`` or ``removed``; a player plays at
    most one match per round. Raises :class:`InvalidInput` naming the bad field.
    """
    if isinstance(rounds_completed, bool) or not isinstance(rounds_completed, int) or rounds_completed < 0:
        raise InvalidInput("rounds_completed", "must be a non-negative integer")
    if rounds_completed > MAX_ROUNDS:  # CMP weights are 2^R: keep them sane
        raise InvalidInput("rounds_completed", f"must be at most {MAX_ROUNDS}")
    if policy not in POLICIES:
        raise InvalidInput("policy", f"must be one of {', '.join(POLICIES)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput("seed", "must be an integer")
    removed_set = set(removed)
    index: dict[str, int] = {}
    for i, pid in enumerate(player_ids):
        if not isinstance(pid, str) or not pid:
            raise InvalidInput(f"players[{i}].id", "must be a non-empty string")
        if pid in index:
            raise InvalidInput(f"players[{i}].id", f"duplicate id {pid!r}")
        index[pid] = len(index)
    for pid in sorted(x for x in removed_set if x not in index):
        if not isinstance(pid, str) or not pid:
            raise InvalidInput("removed", "ids must be non-empty strings")
        index[pid] = len(index)
    ids = list(index)
    n = len(ids)
    R = rounds_completed

    cmp_num = [0] * n
    wins = [0] * n
    losses = [0] * n
    draws = [0] * n
    byes = [0] * n
    played = [0] * n
    opps: list[list[int]] = [[] for _ in range(n)]
    game_pts = [0] * n
    game_cnt = [0] * n
    rounds_seen = [0] * n  # bit r set once the player has a match in round r
    top = 1 << R
    weight = [top - (1 << (r - 1)) if r else 0 for r in range(R + 1)]
    get = index.get
    bye_weight = 1 if bye_counts_in_cmp else 0
    games_policy = policy == "points_3_1_0"

    for k, m in enumerate(matches):
        # fast path for well-formed records; anything odd goes to _check_match for the message
        try:
            r, res, ia, b = m.round, m.result, get(m.a), m.b
            ib = None if b is None else get(b)
            if (
                type(r) is not int
                or r < 1
                or res not in RESULTS
                or ia is None
                or (ib is None) != (res == "bye")
                or ia == ib
                or ((games_policy or m.games_a or m.games_b or m.games_drawn) and not _games_ok(m))
            ):
                _check_match(k, m, index)
        except TypeError:
            _check_match(k, m, index)
            raise  # pragma: no cover - _check_match always raises for what TypeError'd
        assert ia is not None  # an unknown player made _check_match raise
        if r > R:
            continue
        bit = 1 << r
        if rounds_seen[ia] & bit:
            raise InvalidInput(f"matches[{k}]", f"player {ids[ia]!r} has two matches in round {r}")
        if ib is not None and rounds_seen[ib] & bit:
            raise InvalidInput(f"matches[{k}]", f"player {ids[ib]!r} has two matches in round {r}")
        rounds_seen[ia] |= bit
        if ib is None:
            byes[ia] += 1
            cmp_num[ia] += weight[r] * bye_weight
            if games_policy:
                # the bye's own game score (the games needed to win a match, 0 lost), 2-0 if none
                bye_games = m.games_a or 2
                game_pts[ia] += 3 * bye_games
                game_cnt[ia] += bye_games
            continue
        rounds_seen[ib] |= bit
        played[ia] += 1
        played[ib] += 1
        opps[ia].append(ib)
        opps[ib].append(ia)
        if res == "a":
            wins[ia] += 1
            losses[ib] += 1
            cmp_num[ia] += weight[r]
        elif res == "b":
            wins[ib] += 1
            losses[ia] += 1
            cmp_num[ib] += weight[r]
        elif res == "draw":
            draws[ia] += 1
            draws[ib] += 1
        else:  # double_loss: a loss for both (ST-01)
            losses[ia] += 1
            losses[ib] += 1
        if games_policy:
            games = m.games_a + m.games_b + m.games_drawn
            game_pts[ia] += 3 * m.games_a + m.games_drawn
            game_pts[ib] += 3 * m.games_b + m.games_drawn
            game_cnt[ia] += games
            game_cnt[ib] += games

    missed = [0] * n
    for pid, first in (joined or {}).items():
        late = index.get(pid)
        if late is None:
            raise InvalidInput("joined", f"unknown player {pid!r}")
        if isinstance(first, bool) or not isinstance(first, int) or first < 1:
            raise InvalidInput(f"joined[{pid}]", "must be a positive round number")
        missed[late] = sum(1 for r in range(1, min(first - 1, R) + 1) if not rounds_seen[late] & (1 << r))
    losses_all = [losses[i] + missed[i] for i in range(n)]
    rounds_all = [played[i] + missed[i] for i in range(n)]

    denom = (R - 1) * top + 1 if R >= 1 else 1
    # MLP = losses/played over a common denominator L; opponent means over a common M.
    L = math.lcm(*(p for p in rounds_all if p), 1)
    mlp_scaled = [losses_all[i] * (L // rounds_all[i]) if rounds_all[i] else 0 for i in range(n)]
    M = math.lcm(*(len(o) for o in opps if o), 1)
    omlp_num = [sum(mlp_scaled[j] for j in o) for o in opps]
    ocmp_num = [sum(cmp_num[j] for j in o) for o in opps]
    omlp_key = [omlp_num[i] * (M // len(opps[i])) if opps[i] else 0 for i in range(n)]
    ocmp_key = [ocmp_num[i] * (M // len(opps[i])) if opps[i] else 0 for i in range(n)]

    ranked = [i for i in range(n) if ids[i] not in removed_set]
    shuffled = sorted(ids[i] for i in ranked)
    random.Random(seed).shuffle(shuffled)
    random_key = {pid: k for k, pid in enumerate(shuffled)}

    if policy == "fab":
        mp = [wins[i] + byes[i] for i in range(n)]
        ranked.sort(
            key=lambda i: (-mp[i], -cmp_num[i], mlp_scaled[i], omlp_key[i], -ocmp_key[i], random_key[ids[i]])
        )
        extra = {}
    else:
        mp = [3 * (wins[i] + byes[i]) + draws[i] for i in range(n)]
        mwp = [
            max(FLOOR, Fraction(mp[i], 3 * (rounds_all[i] + byes[i]))) if rounds_all[i] + byes[i] else FLOOR
            for i in range(n)
        ]
        gwp = [max(FLOOR, Fraction(game_pts[i], 3 * game_cnt[i])) if game_cnt[i] else FLOOR for i in range(n)]
        omw = [
            sum((mwp[j] for j in opps[i]), Fraction(0)) / len(opps[i]) if opps[i] else Fraction(0)
            for i in range(n)
        ]
        ogw = [
            sum((gwp[j] for j in opps[i]), Fraction(0)) / len(opps[i]) if opps[i] else Fraction(0)
            for i in range(n)
        ]
        ranked.sort(key=lambda i: (-mp[i], -omw[i], -gwp[i], -ogw[i], random_key[ids[i]]))
        extra = {"omw": omw, "gw": gwp, "ogw": ogw}

    rows = []
    for rank, i in enumerate(ranked, start=1):
        no = len(opps[i])
        rows.append(
            StandingRow(
                rank=rank,
                id=ids[i],
                match_points=mp[i],
                cmp=Fraction(cmp_num[i], denom),
                mlp=Fraction(losses_all[i], rounds_all[i]) if rounds_all[i] else Fraction(0),
                omlp=Fraction(omlp_num[i], no * L) if no else Fraction(0),
                ocmp=Fraction(ocmp_num[i], no * denom) if no else Fraction(0),
                wins=wins[i],
                losses=losses[i],
                draws=draws[i],
                byes=byes[i],
                played=played[i],
                random_key=random_key[ids[i]],
                omw=extra["omw"][i] if extra else None,
                gw=extra["gw"][i] if extra else None,
                ogw=extra["ogw"][i] if extra else None,
                policy=policy,
                missed=missed[i],
            )
        )
    return rows


def _games_ok(m: MatchRecord) -> bool:
    return all(type(v) is int and v >= 0 for v in (m.games_a, m.games_b, m.games_drawn))


def _check_match(k: int, m: MatchRecord, index: Mapping[str, int]) -> None:
    """Raise the InvalidInput naming what is wrong with match ``k``."""
    field = f"matches[{k}]"
    r = m.round
    if isinstance(r, bool) or not isinstance(r, int) or r < 1:
        raise InvalidInput(f"{field}.round", "must be a positive integer")
    if not isinstance(m.result, str) or m.result not in RESULTS:
        raise InvalidInput(f"{field}.result", "must be one of a, b, draw, double_loss, bye")
    if not isinstance(m.a, str) or m.a not in index:
        raise InvalidInput(f"{field}.a", f"unknown player {m.a!r}")
    for name in ("games_a", "games_b", "games_drawn"):
        value = getattr(m, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"{field}.{name}", "must be a non-negative integer")
    if m.result == "bye":
        if m.b is not None:
            raise InvalidInput(f"{field}.b", "must be null for a bye")
        return
    if not isinstance(m.b, str) or m.b not in index:
        raise InvalidInput(f"{field}.b", f"unknown player {m.b!r}")
    if m.b == m.a:
        raise InvalidInput(f"{field}.b", "a player cannot play themselves")
    raise InvalidInput(field, "is not a valid match")  # pragma: no cover


def explain_ranking(
    rows_or_standings: Sequence[StandingRow] | Mapping[str, StandingRow], a_id: str, b_id: str
) -> list[dict[str, object]]:
    """ "Why am I ranked here": each tiebreaker step in order (TR&P App D steps 1-6) with both
    players' values, up to and including the step that decides; ``ahead`` names who wins it."""
    if isinstance(rows_or_standings, Mapping):
        by_id = dict(rows_or_standings)
    else:
        by_id = {row.id: row for row in rows_or_standings}
    for field, pid in (("a_id", a_id), ("b_id", b_id)):
        if pid not in by_id:
            raise InvalidInput(field, f"{pid!r} is not in the standings")
    a, b = by_id[a_id], by_id[b_id]
    steps = FAB_STEPS if a.policy == "fab" else POINTS_3_1_0_STEPS
    out: list[dict[str, object]] = []
    for number, (name, prefer) in enumerate(steps, start=1):
        va, vb = getattr(a, name), getattr(b, name)
        decides = va != vb
        ahead = None
        if decides:
            a_better = va > vb if prefer == "higher" else va < vb
            ahead = a_id if a_better else b_id
        out.append(
            {
                "step": number,
                "tiebreaker": "random" if name == "random_key" else name,
                "prefer": prefer,
                "a": _show(va),
                "b": _show(vb),
                "decides": decides,
                "ahead": ahead,
            }
        )
        if decides:
            break
    return out


def _show(value: object) -> str:
    return str(value)


def cmp_of(points_by_round: Sequence[int]) -> Fraction:
    """CMP (ST-04) of one player from m_1..m_R (each 0 or 1), as an exact fraction."""
    R = len(points_by_round)
    if R == 0:
        return Fraction(0)
    top = 1 << R
    num = sum(m * (top - (1 << (r - 1))) for r, m in enumerate(points_by_round, start=1))
    return Fraction(num, (R - 1) * top + 1)
