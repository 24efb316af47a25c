"""Multiplayer pods: Ultimate Pit Fight (TR&P 9.3) and casual pod play (requirements FMT-18, OPEN-22).

TR&P 9.3 says a UPF match typically has four players and may have any number, and that a
player targets only the heroes to their immediate left and right, so the seat order of a pod is
part of the pairing. The documents do not say how pods are formed or scored (OPEN-22); this
module is the house policy, stated in ``docs/event-structures.md``:

* **Sizes** (:func:`pod_sizes`): pods of 4; where the count forces it, pods of 5 (policy
  ``"fives"``, the default) or pods of 3 (policy ``"threes"``); a pod of 2 only when the
  organizer allows it (or when only two players are left); a single player is a bye.
* **Seating** (:func:`seat_pods`): round 1 at random; later rounds group players of similar
  points, in strict priority: the fewest pairs of pod-mates who have already shared a pod or
  whom staff keep apart (none when that is possible), then the least spread of points inside
  pods (sum over pod-mates of the squared points gap), then seeded randomness. Seats inside a
  pod are random; seat i's neighbours are seats i - 1 and i + 1, around the table.
* **Scoring** (:func:`placement_points`): points per finishing place from a table; tied
  players share the best place they span (two players tied for first both score first place).
  The default table is 3 / 2 / 1 / 0; winner-only reporting uses 3 / 0. A bye scores first place.
* **Standings** (:func:`pod_standings`): points, then the average points of the pod-mates
  met (each meeting counted), then the number of first places, then a seeded random key;
  :func:`explain_pod_ranking` lists the steps between two players.

Pure Python, no Django: the ORM glue lives in the tournament app.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from pairings.errors import InvalidInput

POLICIES = ("fives", "threes")
DEFAULT_PLACEMENT_POINTS = (3, 2, 1, 0)
WINNER_ONLY_POINTS = (3, 0)
EXACT_LIMIT = 12  # fields this small are seated by exhaustive search
TABU_STEPS_PER_PLAYER = 60  # tabu search length when swaps alone leave conflicts
TABU_TENURE = 7
SWAP_WINDOW = 6  # local search swaps players between pods at most this far apart in table order
# Pod-size costs per policy: 4 is free; the policy's odd size is cheap, the other dear.
_SIZE_COST = {
    "fives": {4: 0, 5: 1, 3: 5, 2: 3},
    "threes": {4: 0, 3: 1, 5: 5, 2: 3},
}


@dataclass(frozen=True)
class PodPlayer:
    """One active player: points so far, players already met in a pod, players kept apart."""

    id: str
    points: int = 0
    met: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()


@dataclass(frozen=True)
class PodSeating:
    """Pods in table order (highest points first), each a tuple of ids in seat order."""

    pods: list[tuple[str, ...]]
    byes: tuple[str, ...]
    repeats: int  # pairs of pod-mates who had already shared a pod
    kept_apart: tuple[tuple[str, str], ...]  # keep-apart pairs seated together (unavoidable)
    spread: int  # sum over pod-mates of the squared points gap


@dataclass(frozen=True)
class PodRecord:
    """One pod's result: ``places[i]`` is the finishing place of ``players[i]`` (1 = first;
    tied players share a number). A bye is a one-player record with ``bye=True``."""

    round: int
    players: tuple[str, ...]
    places: tuple[int, ...]
    bye: bool = False


@dataclass(frozen=True)
class PodStandingRow:
    rank: int
    id: str
    points: int
    mates_average: Fraction
    firsts: int
    pods: int
    byes: int
    random_key: int
    places: tuple[int, ...] = field(default=())


# -- sizes --------------------------------------------------------------------------------


def pod_sizes(n: int, *, policy: str = "fives", allow_two: bool = False) -> list[int]:
    """Pod sizes for ``n`` players, largest-first order of table (4s, then 5s, 3s, 2s).

    ``n == 1`` gives ``[1]`` (a bye); ``n == 2`` gives ``[2]`` whatever the policy (the only
    game two players can have)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidInput("players", "must be a non-negative number of players")
    if policy not in POLICIES:
        raise InvalidInput("policy", f"must be one of {', '.join(POLICIES)}")
    if n <= 2:
        return [n] if n else []
    cost = _SIZE_COST[policy]
    parts = (3, 4, 5, 2) if allow_two else (3, 4, 5)
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (n + 1)
    best[0] = (0, 0, ())
    for total in range(1, n + 1):
        for part in parts:
            prev = best[total - part] if total >= part else None
            if prev is None:
                continue
            cand = (prev[0] + cost[part], prev[1] + 1, (*prev[2], part))
            if best[total] is None or cand[:2] < best[total][:2]:  # type: ignore[index]
                best[total] = cand
    chosen = best[n]
    if chosen is None:  # pragma: no cover - every n >= 3 is a sum of 3, 4 and 5
        raise InvalidInput("players", f"cannot split {n} players into pods")
    order = {4: 0, 5: 1, 3: 2, 2: 3}
    return sorted(chosen[2], key=lambda s: order[s])


# -- seating ------------------------------------------------------------------------------


def seat_pods(
    players: Sequence[PodPlayer],
    *,
    round_number: int,
    seed: int | str,
    policy: str = "fives",
    allow_two: bool = False,
) -> PodSeating:
    """Seat one round of pods; see the module docstring for the priorities."""
    _validate(players, round_number)
    rng = random.Random(f"pods/{seed}/{round_number}")
    ordered = sorted(players, key=lambda p: p.id)
    rng.shuffle(ordered)
    sizes = pod_sizes(len(ordered), policy=policy, allow_two=allow_two)
    if sizes == [1]:
        return PodSeating(pods=[], byes=(ordered[0].id,), repeats=0, kept_apart=(), spread=0)
    if round_number > 1:
        ordered.sort(key=lambda p: -p.points)  # stable: random order inside equal points
    problem = _Problem(ordered, sizes)
    if round_number == 1 and problem.no_constraints():
        assignment = problem.chunks(list(range(len(ordered))))
    elif len(ordered) <= EXACT_LIMIT:
        assignment = problem.exact()
    else:
        assignment = problem.search(rng)
    pods = []
    for members in assignment:
        seats = [ordered[i] for i in members]
        rng.shuffle(seats)
        pods.append(seats)
    pods.sort(
        key=lambda pod: (-max(p.points for p in pod), -sum(p.points for p in pod), min(p.id for p in pod))
    )
    return _summarise([tuple(p.id for p in pod) for pod in pods], players)


def seating_cost(players: Sequence[PodPlayer], pods: Sequence[Sequence[str]]) -> tuple[int, int]:
    """(conflicts, spread) of a seating: the quantities :func:`seat_pods` minimises; a conflict
    is a pair of pod-mates who have met before or whom staff keep apart."""
    summary = _summarise([tuple(p) for p in pods], players)
    return summary.repeats + len(summary.kept_apart), summary.spread


def neighbours(pod: Sequence[str], player_id: str) -> tuple[str, str]:
    """(left, right) of a seat in a pod (TR&P 9.3 targeting); in a pod of 2 both are the other."""
    i = list(pod).index(player_id)
    return pod[i - 1], pod[(i + 1) % len(pod)]


def _summarise(pods: list[tuple[str, ...]], players: Sequence[PodPlayer]) -> PodSeating:
    by_id = {p.id: p for p in players}
    repeats = 0
    spread = 0
    kept: list[tuple[str, str]] = []
    for pod in pods:
        for a, b in combinations(pod, 2):
            pa, pb = by_id[a], by_id[b]
            repeats += b in pa.met or a in pb.met
            if b in pa.avoid or a in pb.avoid:
                kept.append((a, b))
            spread += (pa.points - pb.points) ** 2
    return PodSeating(pods=pods, byes=(), repeats=repeats, kept_apart=tuple(kept), spread=spread)


class _Problem:
    """Players (indices into ``players``) to split into pods of the given sizes."""

    def __init__(self, players: list[PodPlayer], sizes: list[int]) -> None:
        self.players = players
        self.sizes = sizes
        index = {p.id: i for i, p in enumerate(players)}
        n = len(players)
        self.bad = [[0] * n for _ in range(n)]
        for i, p in enumerate(players):
            for other in (*p.met, *p.avoid):
                j = index.get(other)
                if j is not None and j != i:
                    self.bad[i][j] = self.bad[j][i] = 1
        self.points = [p.points for p in players]

    def no_constraints(self) -> bool:
        return not any(any(row) for row in self.bad)

    def chunks(self, order: list[int]) -> list[list[int]]:
        out, start = [], 0
        for size in self.sizes:
            out.append(order[start : start + size])
            start += size
        return out

    def pod_cost(self, pod: Iterable[int]) -> tuple[int, int]:
        members = list(pod)
        conflicts = spread = 0
        for a, b in combinations(members, 2):
            conflicts += self.bad[a][b]
            spread += (self.points[a] - self.points[b]) ** 2
        return conflicts, spread

    def cost(self, pods: list[list[int]]) -> tuple[int, int]:
        total = [0, 0]
        for pod in pods:
            c, s = self.pod_cost(pod)
            total[0] += c
            total[1] += s
        return total[0], total[1]

    # Exhaustive search for small fields: fill pods in order, the lowest free index first.
    def exact(self) -> list[list[int]]:
        n = len(self.players)
        best: list[tuple[tuple[int, int], list[list[int]]]] = []
        sizes = self.sizes

        def rec(pods: list[list[int]], free: list[int], cost: tuple[int, int]) -> None:
            if best and cost > best[0][0]:
                return
            if not free:
                if not best or cost < best[0][0]:
                    best[:] = [(cost, [list(p) for p in pods])]
                return
            k = len(pods)
            size = sizes[k]
            first, rest = free[0], free[1:]
            # Pods of equal size are interchangeable: the first free player opens the next pod.
            for others in combinations(rest, size - 1):
                pod = [first, *others]
                c, s = self.pod_cost(pod)
                left = [i for i in rest if i not in others]
                rec([*pods, pod], left, (cost[0] + c, cost[1] + s))

        # Pods of different sizes are not interchangeable, so try each order of distinct sizes
        # by permuting which size the first free player opens (sizes sorted, then permuted).
        seen: set[tuple[int, ...]] = set()
        for perm in _distinct_orders(self.sizes):
            if perm in seen:
                continue
            seen.add(perm)
            sizes = list(perm)
            rec([], list(range(n)), (0, 0))
        chosen = best[0][1]
        return chosen

    # Local search for larger fields: swaps between pods, conflicts first, then spread.
    def search(self, rng: random.Random) -> list[list[int]]:
        pods = self.improve(self.chunks(list(range(len(self.players)))))
        if self.cost(pods)[0]:
            pods = self.improve(self.tabu(pods, rng))
        return pods

    def tabu(self, pods: list[list[int]], rng: random.Random) -> list[list[int]]:
        """Tabu search on conflicts alone: move a conflicted player by the best swap not
        recently made (even a worsening one), keeping the best seating seen."""
        pods = [list(p) for p in pods]
        where = {i: k for k, pod in enumerate(pods) for i in pod}
        best = [list(p) for p in pods]
        best_cost = current = self.cost(pods)[0]
        tabu_until: dict[int, int] = {}
        steps = TABU_STEPS_PER_PLAYER * len(where)
        for step in range(steps):
            if best_cost == 0:
                break
            conflicted = [i for i in where if any(self.bad[i][j] for j in pods[where[i]] if j != i)]
            if not conflicted:
                break
            x = rng.choice(conflicted)
            choice: tuple[tuple[int, int, float], int] | None = None
            for y in where:
                if where[y] == where[x]:
                    continue
                dc, ds = self._delta(pods, where, x, y)
                if tabu_until.get(y, -1) > step and current + dc >= best_cost:
                    continue  # tabu unless it beats the best (aspiration)
                key = (dc, ds, rng.random())
                if choice is None or key < choice[0]:
                    choice = (key, y)
            if choice is None:
                continue
            y = choice[1]
            current += choice[0][0]
            self._swap(pods, where, x, y)
            tabu_until[x] = tabu_until[y] = step + TABU_TENURE + rng.randrange(3)
            if current < best_cost:
                best_cost, best = current, [list(p) for p in pods]
        return best

    def improve(self, pods: list[list[int]]) -> list[list[int]]:
        """Best-improvement swaps until none lowers (conflicts, spread)."""
        where = {i: k for k, pod in enumerate(pods) for i in pod}
        while (move := self._best_swap(pods, where)) is not None:
            self._swap(pods, where, *move)
        return pods

    def _swap(self, pods: list[list[int]], where: dict[int, int], x: int, y: int) -> None:
        a, b = where[x], where[y]
        pods[a][pods[a].index(x)] = y
        pods[b][pods[b].index(y)] = x
        where[x], where[y] = b, a

    def _delta(self, pods: list[list[int]], where: dict[int, int], x: int, y: int) -> tuple[int, int]:
        bad, pts = self.bad, self.points
        dc = ds = 0
        for j in pods[where[x]]:
            if j != x:
                dc += bad[y][j] - bad[x][j]
                ds += (pts[y] - pts[j]) ** 2 - (pts[x] - pts[j]) ** 2
        for j in pods[where[y]]:
            if j != y:
                dc += bad[x][j] - bad[y][j]
                ds += (pts[x] - pts[j]) ** 2 - (pts[y] - pts[j]) ** 2
        return dc, ds

    def _best_swap(self, pods: list[list[int]], where: dict[int, int]) -> tuple[int, int] | None:
        """The best improving swap between pods at most ``SWAP_WINDOW`` apart in table order
        (pods start in points order, so far-apart pods rarely trade usefully)."""
        best: tuple[tuple[int, int], tuple[int, int]] | None = None
        for a in range(len(pods)):
            for b in range(a + 1, min(len(pods), a + 1 + SWAP_WINDOW)):
                for x in pods[a]:
                    for y in pods[b]:
                        d = self._delta(pods, where, x, y)
                        if d < (0, 0) and (best is None or d < best[0]):
                            best = (d, (x, y))
        return best[1] if best else None


def _distinct_orders(sizes: list[int]) -> list[tuple[int, ...]]:
    """Every distinct order of a multiset of pod sizes (a handful: sizes differ in few pods)."""
    out: set[tuple[int, ...]] = set()

    def rec(prefix: tuple[int, ...], rest: list[int]) -> None:
        if not rest:
            out.add(prefix)
            return
        for value in sorted(set(rest)):
            left = list(rest)
            left.remove(value)
            rec((*prefix, value), left)

    rec((), sorted(sizes))
    return sorted(out)


# -- scoring and standings ----------------------------------------------------------------


def placement_points(place: int, table: Sequence[int] = DEFAULT_PLACEMENT_POINTS) -> int:
    """Points for a finishing place (1 = first) from a table; places past its end score its
    last entry."""
    if isinstance(place, bool) or not isinstance(place, int) or place < 1:
        raise InvalidInput("place", "must be a positive integer")
    if not table:
        raise InvalidInput("points", "the points table is empty")
    return int(table[min(place, len(table)) - 1])


def pod_standings(
    player_ids: Sequence[str],
    records: Sequence[PodRecord],
    *,
    table: Sequence[int] = DEFAULT_PLACEMENT_POINTS,
    seed: int | str = 0,
) -> list[PodStandingRow]:
    """Standings from pod results; see the module docstring for the order."""
    ids = list(dict.fromkeys(player_ids))
    points = dict.fromkeys(ids, 0)
    firsts = dict.fromkeys(ids, 0)
    pods = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    places: dict[str, list[int]] = {pid: [] for pid in ids}
    mates: dict[str, list[str]] = {pid: [] for pid in ids}
    for k, rec in enumerate(records):
        _check_record(k, rec, points)
        for pid, place in zip(rec.players, rec.places):
            points[pid] += placement_points(1 if rec.bye else place, table)
            places[pid].append(place)
            if rec.bye:
                byes[pid] += 1
                continue
            pods[pid] += 1
            firsts[pid] += place == 1
            mates[pid].extend(other for other in rec.players if other != pid)
    average = {
        pid: (Fraction(sum(points[m] for m in mates[pid]), len(mates[pid])) if mates[pid] else Fraction(0))
        for pid in ids
    }
    shuffled = sorted(ids)
    random.Random(f"pod-standings/{seed}").shuffle(shuffled)
    random_key = {pid: k for k, pid in enumerate(shuffled)}
    ranked = sorted(ids, key=lambda pid: (-points[pid], -average[pid], -firsts[pid], random_key[pid]))
    return [
        PodStandingRow(
            rank=r,
            id=pid,
            points=points[pid],
            mates_average=average[pid],
            firsts=firsts[pid],
            pods=pods[pid],
            byes=byes[pid],
            random_key=random_key[pid],
            places=tuple(places[pid]),
        )
        for r, pid in enumerate(ranked, start=1)
    ]


_POD_STEPS = (
    ("points", "higher"),
    ("mates_average", "higher"),
    ("firsts", "higher"),
    ("random_key", "lower"),
)


def explain_pod_ranking(rows: Sequence[PodStandingRow], a_id: str, b_id: str) -> list[dict[str, object]]:
    """Why one player is ranked above the other: each step up to the deciding one, shaped like
    ``pairings.tiebreakers.explain_ranking`` (step, tiebreaker, prefer, a, b, decides, ahead)."""
    by_id: Mapping[str, PodStandingRow] = {r.id: r for r in rows}
    if a_id not in by_id or b_id not in by_id:
        raise InvalidInput("player", "both players must be in the standings")
    a, b = by_id[a_id], by_id[b_id]
    steps: list[dict[str, object]] = []
    for k, (name, prefer) in enumerate(_POD_STEPS, start=1):
        va, vb = getattr(a, name), getattr(b, name)
        decides = va != vb
        ahead = None
        if decides:
            a_better = va > vb if prefer == "higher" else va < vb
            ahead = a_id if a_better else b_id
        steps.append(
            {
                "step": k,
                "tiebreaker": "random" if name == "random_key" else name,
                "prefer": prefer,
                "a": str(va),
                "b": str(vb),
                "decides": decides,
                "ahead": ahead,
            }
        )
        if decides:
            break
    return steps


# -- validation ---------------------------------------------------------------------------


def _validate(players: Sequence[PodPlayer], round_number: int) -> None:
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise InvalidInput("round", "must be a positive integer")
    seen: set[str] = set()
    for i, p in enumerate(players):
        if not isinstance(p, PodPlayer):
            raise InvalidInput(f"players[{i}]", "must be a PodPlayer")
        if not isinstance(p.id, str) or not p.id:
            raise InvalidInput(f"players[{i}].id", "must be a non-empty string")
        if p.id in seen:
            raise InvalidInput(f"players[{i}].id", f"duplicate id {p.id!r}")
        seen.add(p.id)
        if isinstance(p.points, bool) or not isinstance(p.points, int) or p.points < 0:
            raise InvalidInput(f"players[{i}].points", "must be a non-negative integer")
        if p.id in p.met or p.id in p.avoid:
            raise InvalidInput(f"players[{i}]", "a player cannot have met or be kept apart from themselves")


def _check_record(k: int, rec: PodRecord, known: Mapping[str, int]) -> None:
    if len(rec.players) != len(rec.places) or not rec.players:
        raise InvalidInput(f"records[{k}]", "needs one place per player")
    if len(set(rec.players)) != len(rec.players):
        raise InvalidInput(f"records[{k}]", "a player appears twice in one pod")
    if rec.bye and len(rec.players) != 1:
        raise InvalidInput(f"records[{k}]", "a bye has exactly one player")
    for pid, place in zip(rec.players, rec.places):
        if pid not in known:
            raise InvalidInput(f"records[{k}]", f"unknown player {pid!r}")
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= len(rec.players):
            raise InvalidInput(f"records[{k}]", f"place of {pid!r} must be between 1 and {len(rec.players)}")
