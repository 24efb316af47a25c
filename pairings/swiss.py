"""Swiss pairing by maximum-weight matching (TR&P 3.1, 8.2, 9.2; requirements RD-04, OPEN-1, OPEN-2).

Guarantees of :func:`pair_round`, in strict priority (each pod is paired separately):

1. Every active player is paired exactly once; a bye is given only when the pod has an odd
   number of players, to a player with the fewest match points among those who have not had a
   bye (OPEN-2). Only when every player has had a bye may a second one be given (again to a
   lowest-points player). The bye is a dummy vertex of the matching, so which of the eligible
   players gets it is chosen together with everything else (it never forces an avoidable
   rematch).
2. The fewest rematches possible (none when a rematch-free pairing exists).
3. Then the least pair-down cost: the sum over pairs of the squared difference in match
   points. Two players each paired down one point cost less than one player paired down two
   points; whenever it is achievable the result has exactly one pair-down across each score
   boundary with an odd number of players above it, between adjacent score groups, which is
   the least possible number and size of pair-downs.
4. Then randomness inside score groups from ``seed`` (same input and seed, same pairing).
   In round 1, when ranks are given, players are seeded instead: rank i meets rank i + n/2.

How: small pods (``EXACT_LIMIT`` players or fewer) are solved exactly as one maximum-weight
matching over the complete graph whose integer weights encode the priorities above
lexicographically. Large pods are split at "reservoirs": score groups of at least 4R + 8
players (R: the most opponents anyone has met). A pair reaching across a reservoir can always
be swapped for two shorter pairs at no greater cost, and a reservoir can always absorb a few
extra players without rematches, so:

* each run of small score groups between reservoirs is solved exactly on its own complete
  graph, where a player may also pair up into the reservoir above or down into the one below
  (slot vertices; the parity of each score boundary is fixed by the counts above it);
* then the reservoirs are matched top down over sparse random candidate graphs without rematch
  edges (in random chunks when large), taking the players assigned to them, and an odd
  reservoir sends one player to the next through a "float" vertex that only connects to
  players with an unplayed opponent there (look-ahead, with a bounded backtrack).

If any step finds no perfect matching (or the pod has no reservoir) the exact solver runs on
the whole pod. Property tests compare the two on random tournaments.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import rustworkx as rx

from pairings.errors import InvalidInput

EXACT_LIMIT = 160  # pods up to this size are solved exactly on the complete graph
DENSE_LIMIT = 48  # score groups up to this size get every candidate edge in the fast path
CHUNK = 64  # large score groups are matched in random chunks of about this size first
SPARSE_SHUFFLES = 3  # random Hamiltonian cycles per large score group (degree about 6)
JITTER = 1 << 16
FAST_ATTEMPTS = 3
MAX_POINTS = 10_000
RESERVOIR_PER_OPPONENT, RESERVOIR_BASE = 4, 8  # a score group of 4R + 8 players is a reservoir


# What the solvers hand back: PlayerState pairs and the bye (one pod), or indices into the
# pod's player list: (pairs, floater, bye) for one score group, (pairs, to_up, to_down, bye)
# for a segment of small score groups.
_PodResult = tuple[list[tuple["PlayerState", "PlayerState"]], "PlayerState | None"]
_LevelResult = tuple[list[tuple[int, int]], int | None, int | None]
_SegmentResult = tuple[list[tuple[int, int]], list[int], list[int], int | None]


@dataclass(frozen=True)
class PlayerState:
    """One active player (or team, TR&P 9.2: a team is paired as a unit under its team id)."""

    id: str
    points: int
    opponents: tuple[str, ...] = ()
    had_bye: bool = False
    rank: int | None = None
    pod: str | None = None
    avoid: tuple[str, ...] = ()  # players staff keep apart from this one ("keep apart")


@dataclass(frozen=True)
class PairingResult:
    """Pairings (higher points first, i.e. top table first), the bye and quality figures."""

    pairings: list[tuple[str, str]]
    bye: str | None
    rematches: int
    pair_downs: int
    byes: tuple[str, ...] = ()  # one per odd pod; ``bye`` is the first (the only one without pods)
    kept_apart: tuple[tuple[str, str], ...] = ()  # keep-apart pairs that meet anyway (unavoidable)


def pair_round(players: Sequence[PlayerState], *, round_number: int, seed: int) -> PairingResult:
    """Pair one Swiss round; see the module docstring for the guarantees.

    Dropped players must not be passed in; late entries are passed with the points they were
    given. Players with a ``pod`` are only paired within that pod (TR&P 8.2), one bye per odd pod.
    """
    _validate(players, round_number)
    originals = {p.id: p for p in players}
    players = _with_avoid_as_met(players)
    pods: dict[str | None, list[PlayerState]] = {}
    for p in sorted(players, key=lambda p: p.id):
        pods.setdefault(p.pod, []).append(p)
    pairs: list[tuple[PlayerState, PlayerState]] = []
    byes: list[str] = []
    for pod_name in sorted(pods, key=lambda k: (k is not None, k or "")):
        rng = random.Random(f"{seed}/{round_number}/{pod_name}")
        pod_pairs, bye = _pair_pod(pods[pod_name], rng, round_number=round_number)
        pairs.extend(pod_pairs)
        if bye is not None:
            byes.append(bye.id)
    pairs.sort(key=_table_order)
    return PairingResult(
        pairings=[(a.id, b.id) for a, b in pairs],
        bye=byes[0] if byes else None,
        rematches=sum(1 for a, b in pairs if _played(originals[a.id], originals[b.id])),
        pair_downs=sum(1 for a, b in pairs if a.points != b.points),
        byes=tuple(byes),
        kept_apart=tuple((a.id, b.id) for a, b in pairs if _kept_apart(originals[a.id], originals[b.id])),
    )


def pairing_cost(players: Sequence[PlayerState], pairings: Sequence[tuple[str, str]]) -> tuple[int, int]:
    """(rematches, pair-down cost) of a pairing: the quantities :func:`pair_round` minimises.

    A keep-apart pair that meets counts as a rematch here, as the solver weighs it."""
    by_id = {p.id: p for p in _with_avoid_as_met(players)}
    rematches = 0
    cost = 0
    for a_id, b_id in pairings:
        a, b = by_id[a_id], by_id[b_id]
        rematches += _played(a, b)
        cost += (a.points - b.points) ** 2
    return rematches, cost


def bye_candidates(players: Sequence[PlayerState]) -> list[PlayerState]:
    """OPEN-2: the players allowed to receive the bye in an odd pod (lowest points, no bye yet)."""
    eligible = [p for p in players if not p.had_bye] or list(players)
    low = min(p.points for p in eligible)
    return [p for p in eligible if p.points == low]


# -- validation ---------------------------------------------------------------------------


def _validate(players: Sequence[PlayerState], round_number: int) -> None:
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise InvalidInput("round", "must be a positive integer")
    seen: set[str] = set()
    for i, p in enumerate(players):
        if not isinstance(p, PlayerState):
            raise InvalidInput(f"players[{i}]", "must be a PlayerState")
        if not isinstance(p.id, str) or not p.id:
            raise InvalidInput(f"players[{i}].id", "must be a non-empty string")
        if p.id in seen:
            raise InvalidInput(f"players[{i}].id", f"duplicate id {p.id!r}")
        seen.add(p.id)
        if isinstance(p.points, bool) or not isinstance(p.points, int) or p.points < 0:
            raise InvalidInput(f"players[{i}].points", "must be a non-negative integer")
        if p.points > MAX_POINTS:  # keeps the matching weights inside 128-bit integers
            raise InvalidInput(f"players[{i}].points", f"must be at most {MAX_POINTS}")
        if p.rank is not None and (isinstance(p.rank, bool) or not isinstance(p.rank, int)):
            raise InvalidInput(f"players[{i}].rank", "must be an integer or null")
        if p.id in p.opponents:
            raise InvalidInput(f"players[{i}].opponents", "a player cannot be their own opponent")
        if p.id in p.avoid:
            raise InvalidInput(f"players[{i}].avoid", "a player cannot be kept apart from themselves")


# -- helpers ------------------------------------------------------------------------------


def _played(a: PlayerState, b: PlayerState) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _kept_apart(a: PlayerState, b: PlayerState) -> bool:
    return b.id in a.avoid or a.id in b.avoid


def _with_avoid_as_met(players: Sequence[PlayerState]) -> list[PlayerState]:
    """Keep-apart pairs are weighed exactly like rematches (an avoidable one never happens), so
    each is folded into both players' ``opponents`` before solving; the result reports real
    rematches and keep-apart meetings separately. Either side may name the pair."""
    extra: dict[str, set[str]] = {}
    ids = {p.id for p in players}
    for p in players:
        for other in p.avoid:
            if other in ids:
                extra.setdefault(p.id, set()).add(other)
                extra.setdefault(other, set()).add(p.id)
    if not extra:
        return list(players)
    return [
        replace(p, opponents=p.opponents + tuple(sorted(extra[p.id] - set(p.opponents))))
        if p.id in extra
        else p
        for p in players
    ]


def _table_order(pair: tuple[PlayerState, PlayerState]) -> tuple[int, int, int, str, str]:
    a, b = pair
    ranks = [r for r in (a.rank, b.rank) if r is not None]
    return (-max(a.points, b.points), -min(a.points, b.points), min(ranks) if ranks else 1 << 62, a.id, b.id)


def _pair_pod(
    players: list[PlayerState], rng: random.Random, *, round_number: int, force_fast: bool = False
) -> _PodResult:
    """Pair one pod; returns ([(higher, lower), ...], bye player or None)."""
    if len(players) < 2:
        return [], (players[0] if players else None)
    seeded = round_number == 1 and any(p.rank is not None for p in players)
    result: _PodResult | None = None
    if seeded:
        # The usual round 1 (equal points, nobody met yet) is seeded directly in linear time
        # and memory; an unusual large one falls back to the fast path like any other round.
        result = _seeded_round_one(players)
        if result is None and len(players) > EXACT_LIMIT:
            seeded = False
    if not seeded and result is None and (force_fast or len(players) > EXACT_LIMIT):
        for attempt in range(FAST_ATTEMPTS):  # other random candidate graphs before the O(n^2) solve
            result = _FastPairer(
                players, rng if attempt == 0 else random.Random(f"{rng.random()}/{attempt}")
            ).run()
            if result is not None:
                break
    if result is None:
        result = _solve_exact(players, rng, seeded=seeded)
    pairs, bye = result
    return [(a, b) if (a.points, b.id) >= (b.points, a.id) else (b, a) for a, b in pairs], bye


def _seeding_order(players: Sequence[PlayerState]) -> list[int]:
    """Indices of ``players`` by rank (unranked last, then by id): the round-1 seeding order."""
    return sorted(
        range(len(players)), key=lambda i: (players[i].rank is None, players[i].rank or 0, players[i].id)
    )


def _seeded_round_one(players: list[PlayerState]) -> _PodResult | None:
    """Round-1 seeding without a matching: rank i meets rank i + n/2 (the lowest-ranked player
    takes the bye of an odd pod). O(n log n) time, O(n) memory.

    This is exactly the exact solver's answer whenever the pod is the usual round 1: every
    player has the same points and nobody has met anyone (no rematch or pair-down to weigh),
    and in an odd pod the lowest-ranked player may take the bye. Then each pair is at seeding
    distance exactly n/2 (tertiary cost 0) and the bye costs nothing, which no other pairing
    matches. Otherwise returns None and the caller decides.
    """
    n = len(players)
    if len({p.points for p in players}) != 1 or any(p.opponents for p in players):
        return None
    order = _seeding_order(players)
    bye = None
    if n % 2:
        last = players[order[-1]]
        if last not in bye_candidates(players):
            return None
        bye = last
        order = order[:-1]
    half = len(order) // 2
    pairs = [(players[order[k]], players[order[k + half]]) for k in range(half)]
    return pairs, bye


def _pair_down_lower_bound(players: Sequence[PlayerState]) -> int:
    """Least possible pair-down cost: each score boundary with an odd number of players above it
    (the bye taken out of the lowest eligible group) must be crossed by at least one pair, and
    (a + b)^2 >= a^2 + b^2, so the cost is at least the sum of squared gaps over those boundaries."""
    points = [p.points for p in players]
    if len(players) % 2:
        points.remove(bye_candidates(players)[0].points)
    levels = sorted(set(points), reverse=True)
    above = 0
    bound = 0
    count = dict.fromkeys(levels, 0)
    for pt in points:
        count[pt] += 1
    for upper, lower in zip(levels, levels[1:]):
        above += count[upper]
        if above % 2:
            bound += (upper - lower) ** 2
    return bound


# -- exact solver -------------------------------------------------------------------------


def _solve_exact(players: list[PlayerState], rng: random.Random, *, seeded: bool) -> _PodResult:
    """One maximum-weight matching over the complete graph (plus a bye vertex when odd).

    cost(pair) = rematch * W_R + (points difference)^2 * W_D + tertiary, with W_D larger than
    any sum of tertiary costs and W_R larger than any sum of the lower terms, so maximising
    W_BASE - cost over perfect matchings minimises (rematches, pair-down cost, tertiary)
    lexicographically. Tertiary is seeded jitter, or the round-1 rank seeding distance.
    """
    n = len(players)
    pairs_count = n // 2 + 1
    max_d2 = (max(p.points for p in players) - min(p.points for p in players)) ** 2
    tert_max = max(JITTER, n + 1)
    w_d = pairs_count * tert_max + 1
    w_r = pairs_count * (max_d2 * w_d + tert_max) + 1
    w_base = (pairs_count + 1) * (w_r + max_d2 * w_d + tert_max)

    if seeded:
        order = _seeding_order(players)
        pos = {idx: k for k, idx in enumerate(order)}
        half = n // 2

        def tert(i: int, j: int) -> int:
            return abs(abs(pos[i] - pos[j]) - half)
    else:

        def tert(i: int, j: int) -> int:
            return rng.randrange(JITTER)

    opp = [set(p.opponents) for p in players]
    ids = [p.id for p in players]
    pts = [p.points for p in players]
    edges = []
    for i in range(n):
        oi, pi, idi = opp[i], pts[i], ids[i]
        for j in range(i + 1, n):
            rem = idi in opp[j] or ids[j] in oi
            d = pi - pts[j]
            edges.append((i, j, w_base - (rem * w_r + d * d * w_d + tert(i, j))))
    if n % 2:
        index = {p.id: i for i, p in enumerate(players)}
        for c in bye_candidates(players):
            i = index[c.id]
            extra = (n - 1 - pos[i]) if seeded else rng.randrange(JITTER)
            edges.append((i, n, w_base - extra))
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n + (n % 2)))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    pairs = []
    bye = None
    for u, v in matching:
        if v == n or u == n:
            bye = players[u if v == n else v]
        else:
            pairs.append((players[u], players[v]))
    if len(pairs) * 2 + (bye is not None) != n:  # pragma: no cover - complete graph always matches
        raise RuntimeError("matching did not cover every player")
    return pairs, bye


# -- fast score-group solver --------------------------------------------------------------


class _FastPairer:
    """Top-down score-group matching on sparse candidate graphs; returns None when it cannot
    prove optimality (then the caller runs the exact solver)."""

    MAX_BACKTRACKS = 8

    def __init__(self, players: list[PlayerState], rng: random.Random):
        self.players = players
        self.rng = rng
        self.n = len(players)
        self.opp = [frozenset(p.opponents) for p in players]
        self.ids = [p.id for p in players]
        by_points: dict[int, list[int]] = {}
        for i, p in enumerate(players):
            by_points.setdefault(p.points, []).append(i)
        self.levels = [by_points[k] for k in sorted(by_points, reverse=True)]
        for members in self.levels:
            rng.shuffle(members)
        self.bye_level = None
        self.candidates: set[int] = set()
        if self.n % 2:
            index = {p.id: i for i, p in enumerate(players)}
            self.candidates = {index[c.id] for c in bye_candidates(players)}
            low = players[next(iter(self.candidates))].points
            self.bye_level = sorted(by_points, reverse=True).index(low)

    def played(self, i: int, j: int) -> bool:
        return self.ids[j] in self.opp[i] or self.ids[i] in self.opp[j]

    def run(self) -> _PodResult | None:
        """Segments of small score groups are solved exactly first (they only depend on the
        fixed parity of each score boundary), then the large groups ("reservoirs") top down."""
        levels = self.levels
        sizes = [len(m) + (1 if i == self.bye_level else 0) for i, m in enumerate(levels)]
        big = self._reservoirs(sizes)
        if not big:
            return None
        cumulative = []
        total = 0
        for size in sizes:
            total += size
            cumulative.append(total)
        incoming: dict[int, list[int]] = {li: [] for li in big}
        pairs: list[tuple[int, int]] = []
        byes: list[int] = []
        li = 0
        while li < len(levels):
            if li in big:
                li += 1
                continue
            end = li
            while end + 1 < len(levels) and end + 1 not in big:
                end += 1
            up = li - 1 if li > 0 else None
            down = end + 1 if end + 1 < len(levels) else None
            solved = self._solve_segment(li, end, up, down, cumulative)
            if solved is None:
                return None
            seg_pairs, to_up, to_down, seg_bye = solved
            pairs.extend(seg_pairs)
            if up is not None:
                incoming[up].extend(to_up)
            if down is not None:
                incoming[down].extend(to_down)
            if seg_bye is not None:
                byes.append(seg_bye)
            li = end + 1

        order = sorted(big)
        results: list[tuple[list[tuple[int, int]], int | None]] = []
        carries: list[list[int]] = [[]]
        banned: set[int] = set()
        backtracks = 0
        k = 0
        while k < len(order):
            level = order[k]
            allow_float = level + 1 in big
            level_solved = self._solve_level(
                level, carries[k] + incoming[level], banned, allow_float=allow_float
            )
            if level_solved is None:
                if carries[k] and backtracks < self.MAX_BACKTRACKS:
                    banned.add(carries[k][0])  # that floater cannot be absorbed below: choose another
                    backtracks += 1
                    k -= 1
                    results.pop()
                    carries.pop()
                    continue
                return None
            level_pairs, floater, bye = level_solved
            results.append((level_pairs, bye))
            carries.append([floater] if floater is not None else [])
            k += 1
        if carries[-1]:
            return None
        for level_pairs, bye in results:
            pairs.extend(level_pairs)
            if bye is not None:
                byes.append(bye)
        pl = self.players
        return [(pl[i], pl[j]) for i, j in pairs], (pl[byes[0]] if byes else None)

    def _reservoirs(self, sizes: list[int]) -> set[int]:
        """Score groups with at least 4R + 8 players (R: most opponents any player has met).
        In such a group every player has far more unplayed than played group-mates, and a pair
        reaching across it (u above, v below) can always be swapped with an internal pair
        (l1, l2) into u-l1, l2-v at no greater cost, since (a + b)^2 >= a^2 + b^2; so the small
        groups between reservoirs can be solved on their own."""
        rmax = max((len(o) for o in self.opp), default=0)
        need = RESERVOIR_PER_OPPONENT * rmax + RESERVOIR_BASE
        return {i for i, size in enumerate(sizes) if size >= need}

    def _solve_segment(
        self, first: int, last: int, up: int | None, down: int | None, cumulative: list[int]
    ) -> _SegmentResult | None:
        """Exact matching of a run of small score groups. Each player may instead pair up into
        the large group above or down into the one below (slot vertices; unused slots pair with
        each other), with the number of such pairs fixed in parity by the score boundary."""
        players = self.players
        members = [i for li in range(first, last + 1) for i in self.levels[li]]
        n_s = len(members)
        with_bye = self.bye_level is not None and first <= self.bye_level <= last
        p_up = cumulative[first - 1] % 2 if up is not None else 0
        p_down = cumulative[last] % 2 if down is not None else 0
        k_up = (n_s + ((n_s + p_up) % 2)) if up is not None else 0
        k_down = (n_s + ((n_s + p_down) % 2)) if down is not None else 0
        bye_node = n_s if with_bye else None
        base = n_s + (1 if with_bye else 0)
        up_slots = range(base, base + k_up)
        down_slots = range(base + k_up, base + k_up + k_down)
        size = base + k_up + k_down
        if size % 2:
            return None
        pts = [players[i].points for i in members]
        up_pts = players[self.levels[up][0]].points if up is not None else None
        down_pts = players[self.levels[down][0]].points if down is not None else None
        spread = [p for p in (pts + [up_pts, down_pts]) if p is not None]
        max_d2 = (max(spread) - min(spread)) ** 2
        pairs_count = size // 2 + 1
        w_d = pairs_count * JITTER + 1
        w_r = pairs_count * (max_d2 * w_d + JITTER) + 1
        w_base = (pairs_count + 1) * (w_r + max_d2 * w_d + JITTER)
        bits = self.rng.getrandbits
        ids, opp = self.ids, self.opp
        edges = []
        for x in range(n_s):
            gx = members[x]
            for y in range(x + 1, n_s):
                gy = members[y]
                rem = ids[gy] in opp[gx] or ids[gx] in opp[gy]
                d = pts[x] - pts[y]
                edges.append((x, y, w_base - (rem * w_r + d * d * w_d + bits(16))))
            if up_pts is not None:
                cost = (pts[x] - up_pts) ** 2 * w_d
                edges.extend((x, slot, w_base - cost - bits(16)) for slot in up_slots)
            if down_pts is not None:
                cost = (pts[x] - down_pts) ** 2 * w_d
                edges.extend((x, slot, w_base - cost - bits(16)) for slot in down_slots)
            if bye_node is not None and gx in self.candidates:
                edges.append((x, bye_node, w_base - bits(16)))
        for slots in (up_slots, down_slots):
            edges.extend((a, b, w_base) for a in slots for b in slots if a < b)
        graph = rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if len(matching) * 2 != size:
            return None
        pairs, to_up, to_down, bye = [], [], [], None
        for u, v in matching:
            if u > v:
                u, v = v, u
            if u >= base:
                continue  # two unused slots
            if v == bye_node:
                bye = members[u]
            elif v in up_slots:
                to_up.append(members[u])
            elif v in down_slots:
                to_down.append(members[u])
            else:
                pairs.append((members[u], members[v]))
        return pairs, to_up, to_down, bye

    def _solve_level(
        self, li: int, carry: list[int], banned: set[int], *, allow_float: bool
    ) -> _LevelResult | None:
        """Match one score group (plus the carried player); tries random chunks of the group,
        then the whole group sparse, then the whole group with every candidate edge."""
        members = self.levels[li]
        attempts = []
        if len(members) > 2 * CHUNK:
            attempts.append(("chunked", False))
        if len(members) > DENSE_LIMIT:
            attempts.append(("whole", False))
        attempts.append(("whole", True))
        for mode, dense in attempts:
            if mode == "chunked":
                result = self._solve_chunked(li, carry, banned, allow_float=allow_float)
            else:
                result = self._match_nodes(
                    li,
                    carry,
                    members,
                    banned,
                    dense=dense,
                    with_bye=li == self.bye_level,
                    allow_float=allow_float,
                )
            if result is not None:
                return result
        return None

    def _solve_chunked(
        self, li: int, carry: list[int], banned: set[int], *, allow_float: bool
    ) -> _LevelResult | None:
        members = self.levels[li]
        with_bye = li == self.bye_level
        head: list[int] = []
        rest = list(members)
        if with_bye:
            cands = [m for m in rest if m in self.candidates][: CHUNK // 4]
            if not cands:
                return None
            chosen = set(cands)
            head.extend(cands)
            rest = [m for m in rest if m not in chosen]
        fill = max(0, CHUNK - len(head) - len(carry))
        head.extend(rest[:fill])
        rest = rest[fill:]
        if len(rest) % 2:
            head.append(rest.pop())
        pairs_all: list[tuple[int, int]] = []
        result = self._match_nodes(
            li,
            carry,
            head,
            banned,
            dense=len(head) <= DENSE_LIMIT,
            with_bye=with_bye,
            allow_float=allow_float,
        )
        if result is None:
            return None
        pairs, floater, bye = result
        pairs_all.extend(pairs)
        for start in range(0, len(rest), CHUNK):
            chunk = rest[start : start + CHUNK]
            if len(chunk) % 2:  # only the last chunk can be odd, and rest is even
                return None
            sub = self._match_nodes(
                li, [], chunk, banned, dense=len(chunk) <= DENSE_LIMIT, with_bye=False, allow_float=False
            )
            if sub is None:
                return None
            pairs_all.extend(sub[0])
        return pairs_all, floater, bye

    def _match_nodes(
        self,
        li: int,
        carry: list[int],
        members: list[int],
        banned: set[int],
        *,
        dense: bool,
        with_bye: bool,
        allow_float: bool,
    ) -> _LevelResult | None:
        """Perfect matching of carry + members (+ bye vertex, + float vertex when odd) with no
        rematch edges; None when the candidate graph has no perfect matching."""
        nodes = carry + members
        local = {g: k for k, g in enumerate(nodes)}
        size = len(nodes)
        bye_node = float_node = None
        if with_bye:
            bye_node = size
            size += 1
        if size % 2 == 1:
            if not allow_float or li + 1 >= len(self.levels):
                return None
            float_node = size
            size += 1
        rng = self.rng
        bits = rng.getrandbits
        weight = 1 << 20
        edges: list[tuple[int, int, int]] = []
        seen: set[tuple[int, int]] = set()

        def add(a: int, b: int) -> None:
            key = (a, b) if a < b else (b, a)
            if key not in seen:
                seen.add(key)
                edges.append((key[0], key[1], weight + bits(16)))

        ids, opp = self.ids, self.opp

        def played(i: int, j: int) -> bool:
            return ids[j] in opp[i] or ids[i] in opp[j]

        if dense:
            for x in range(len(members)):
                gx = members[x]
                for y in range(x + 1, len(members)):
                    if not played(gx, members[y]):
                        add(local[gx], local[members[y]])
        else:
            order = list(members)
            for _ in range(SPARSE_SHUFFLES):
                rng.shuffle(order)
                for x in range(len(order)):
                    a, b = order[x], order[x - 1]
                    if a != b and not played(a, b):
                        add(local[a], local[b])
        for c in carry:
            for m in members:
                if not played(c, m):
                    add(local[c], local[m])
        if bye_node is not None:
            for m in members:
                if m in self.candidates:
                    add(local[m], bye_node)
        if float_node is not None:
            below = self.levels[li + 1]
            for m in members:
                if m not in banned and any(not played(m, x) for x in below):
                    add(local[m], float_node)
        graph = rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if len(matching) * 2 != size:
            return None
        pairs = []
        floater = bye = None
        for u, v in matching:
            if u > v:
                u, v = v, u
            if v == float_node:
                floater = nodes[u]
            elif v == bye_node:
                bye = nodes[u]
            else:
                pairs.append((nodes[u], nodes[v]))
        return pairs, floater, bye
