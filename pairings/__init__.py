"""Pure-Python Swiss engine, no Django: pairing, standings, top cut, structure, command line.

Its ORM glue lives outside the package, in ``tournament/pairing.py`` and
``tournament/standings.py``.

Stable API (others code against these names):

``pairings.swiss`` (TR&P 3.1, 8.2, 9.2; OPEN-1, OPEN-2)
    ``PlayerState(id, points, opponents=(), had_bye=False, rank=None, pod=None)`` frozen dataclass.
    ``pair_round(players, *, round_number, seed) -> PairingResult(pairings, bye, rematches,
    pair_downs, byes=())``: pairings as (higher, lower) tuples, top table first; ``bye`` is None
    for an even field (``byes`` lists one per odd pod). Dropped players are simply not passed;
    a team (TR&P 9.2) is one PlayerState with the team id. Priorities: legal bye, fewest
    rematches, least pair-down cost (sum of squared point gaps), then seeded randomness; in
    round 1 with ranks, rank i meets rank i + n/2.
    Also ``pairing_cost(players, pairings) -> (rematches, pair_down_cost)`` and
    ``bye_candidates(players)``.

``pairings.tiebreakers`` (TR&P App D; requirements section 3)
    ``MatchRecord(round, a, b, result, games_a=0, games_b=0, games_drawn=0)`` with result in
    "a", "b", "draw", "double_loss", "bye" (b None for a bye).
    ``compute_standings(player_ids, matches, *, rounds_completed, bye_counts_in_cmp=True, seed=0,
    removed=(), policy="fab", joined=None) -> list[StandingRow]``; ``removed`` = disqualified
    players (not ranked, still opponents); ``joined`` = late entrants' first rounds (each earlier
    round without a match is a loss: ``missed``); policy "points_3_1_0" fills ``omw``, ``gw``, ``ogw``.
    ``StandingRow(rank, id, match_points, cmp, mlp, omlp, ocmp, wins, losses, draws, byes,
    played, random_key, omw, gw, ogw, policy, missed)`` with exact ``Fraction`` values;
    ``row.record`` is wins-losses-draws with byes as wins and missed rounds as losses.
    ``explain_ranking(rows, a_id, b_id) -> list[dict]``: each step with ``step``, ``tiebreaker``,
    ``prefer``, ``a``, ``b`` (values as strings), ``decides``, ``ahead`` (the id ahead or None),
    up to the deciding step. ``cmp_of(m_1..m_R)`` for one record.

``pairings.topcut`` (TR&P 3.1, 8.2; RD-32, RD-33)
    ``single_elimination(seeds)`` for 2/4/8/16/32 seeds (8: 1v8, 4v5, 2v7, 3v6);
    ``next_bracket_round(pairings, winners)`` (winners of matches 2k and 2k+1 meet; [] after
    the final); ``draft_playoff(seats)`` for a pod of 8 (or 4) by seating;
    ``higher_standing(a, b, *, seeds)`` (elimination step 5, TR&P 3.4).

``pairings.structure`` (TR&P App B, 3.10; RD-05..RD-10)
    ``recommended_structure(players, *, kind="single_day") -> Structure(swiss_rounds, top_cut,
    day2_cut, day1_rounds, day2_rounds, extrapolated, rule)``; kinds: single_day,
    single_day_draft_playoff, team, multi_day_constructed, multi_day_limited, single_day_2023.
    ``day2_advancers([(id, match_points), ...], *, top_n, day1_rounds)`` (top N or X-2).
    ``assign_tables(pairings, *, ranks=None, pinned=None, first_table=1) -> [(table, a, b)]``.

``pairings.swiss`` keep-apart (issue 32)
    ``PlayerState.avoid``: ids staff keep apart from this player; weighed exactly like a
    rematch, reported in ``PairingResult.kept_apart`` when unavoidable (never in ``rematches``).

``pairings.pods`` (TR&P 9.3; FMT-18, OPEN-22)
    ``pod_sizes(n, *, policy="fives"|"threes", allow_two=False)``;
    ``seat_pods([PodPlayer(id, points, met, avoid)], *, round_number, seed, policy, allow_two)
    -> PodSeating(pods, byes, repeats, kept_apart, spread)`` with pods in seat order;
    ``neighbours(pod, id) -> (left, right)``; ``placement_points(place, table)``;
    ``pod_standings(ids, [PodRecord(round, players, places, bye)], *, table, seed)`` and
    ``explain_pod_ranking(rows, a, b)``.

``pairings.errors.InvalidInput`` (a ValueError with ``field``) is raised for bad input.

Command line (``pairings.cli``): ``python -m pairings pair|standings < in.json > out.json``;
bad input exits 2 with ``error: <field>: <problem>`` on stderr.
"""
