"""The tournament app's glue between its models and the pure pairing engine (``pairings``).

Imports point one way: tournament -> pairings; the ``pairings`` package imports no project app.

The engine (``pairings.swiss``, ``tiebreakers``, ``topcut``, ``structure``) knows nothing of
Django; this module turns registrations and matches into engine inputs (ids are the
registration primary keys as strings) and engine outputs back into registrations.

Reads only: writes happen in ``tournament.services`` which calls ``plan_swiss_round`` and
``plan_top_cut_round`` inside its transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, ngettext

from core.errors import DomainError
from core.i18n import names_and_more
from pairings.errors import InvalidInput
from pairings.structure import assign_tables, recommended_structure, rounds_without_rematch
from pairings.swiss import PlayerState, pair_round
from pairings.topcut import draft_playoff, single_elimination

from .citations import cite
from .day_plan import attendance, day_plan_for_event
from .enums import (
    ACTIVE_REGISTRATION_STATUSES,
    TEAM_FORMATS,
    FormatCode,
    MatchResult,
    RegistrationStatus,
    RoundStage,
    StructureKind,
)
from .models import Event, FeatureTable, KeepApart, Match, Registration, Round
from .standings import (
    compute_event_standings,
    swiss_matches,
    team_match_result,
    team_members,
    team_records,
    team_standings,
)

# Engine result codes for our MatchResult values.


@dataclass
class PairingPlan:
    """Pairings to create: registration pairs with their tables, the bye, and quality figures."""

    pairs: list[tuple[Registration, Registration]]
    tables: list[int]
    byes: list[Registration] = field(default_factory=list)
    rematches: int = 0
    slots: list[int] | None = None  # top cut: bracket slot of each pair
    bye_slots: list[int] | None = None  # top cut: bracket slot of each bye
    forfeits: list[int] = field(default_factory=list)  # team events: members out forfeit their board
    kept_apart: list[tuple[Registration, Registration]] = field(default_factory=list)  # met anyway
    seeds: dict[int, int] | None = None  # top cut: registration id -> seed (Swiss standing)


# --------------------------------------------------------------------------- structure


def structure_for_event(event: Event) -> tuple[int, int]:
    """(Swiss rounds, top cut): the event's own values, else TR&P App B from attendance.

    A multi-day event follows its day plan (``tournament.day_plan``: the saved days or the
    App B multi-day row, top 8 after)."""
    try:
        plan = day_plan_for_event(event)
    except DomainError:
        plan = None  # an incomplete saved plan: pairing refuses it (day_plan_for_round) and says why
    if plan is not None:
        return plan.swiss_rounds, plan.top_cut
    if event.swiss_rounds is not None and event.top_cut is not None:
        return event.swiss_rounds, event.top_cut

    players = attendance(event)
    kind = {
        "single_day_draft_playoff": "single_day_draft_playoff",
        "team": "team",
    }.get(event.structure_kind, "single_day")
    if event.format in TEAM_FORMATS:  # OPEN-5: the team table counts teams
        kind = "team"
        players = (
            Registration.objects.filter(event=event, team_name__isnull=False)
            .exclude(status=RegistrationStatus.WAITLISTED)
            .values("team_name")
            .distinct()
            .count()
        )
    rec = recommended_structure(max(players, 2), kind=kind)
    swiss = event.swiss_rounds if event.swiss_rounds is not None else rec.swiss_rounds
    cut = event.top_cut if event.top_cut is not None else (rec.top_cut or 0)
    return swiss, cut


def structure_warnings(event: Event) -> list[str]:
    """Warnings about the event's structure: more Swiss rounds than its entrants can play without
    a rematch (TR&P App B gives the rounds from attendance; with few entrants, or few teams in a
    team event, or a small draft pod, some pairs must meet twice). Counts active teams (two or
    more members in), or active players, per pod when the event uses pods."""
    swiss, _cut = structure_for_event(event)
    active = Registration.objects.filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES)
    groups: list[tuple[str, int | None, int]]  # (teams | players | pod, the pod, how many)
    if event.format in TEAM_FORMATS:
        per_team: dict[str | None, int] = {}
        for name in active.exclude(team_name__isnull=True).values_list("team_name", flat=True):
            per_team[name] = per_team.get(name, 0) + 1
        groups = [("teams", None, sum(1 for n in per_team.values() if n >= 2))]
    else:
        pods: dict[int | None, int] = {}
        for pod in active.values_list("pod", flat=True):
            pods[pod] = pods.get(pod, 0) + 1
        if len(pods) > 1 or None not in pods:
            # players without a pod are refused at pairing (check_pods), not a pod of their own
            groups = [("pod", pod, n) for pod, n in sorted((p, n) for p, n in pods.items() if p is not None)]
        else:
            groups = [("players", None, pods.get(None, 0))]
    out = []
    for kind, pod, n in groups:
        if n < 2:
            continue
        limit = rounds_without_rematch(n)
        if swiss > limit:
            values = {"n": n, "pod": pod, "limit": limit, "swiss": swiss, "again": limit + 1}
            if kind == "teams":
                sentence = ngettext(
                    "%(n)s teams can play at most %(limit)s Swiss round without a rematch; with %(swiss)s rounds some will meet again from round %(again)s",
                    "%(n)s teams can play at most %(limit)s Swiss rounds without a rematch; with %(swiss)s rounds some will meet again from round %(again)s",
                    limit,
                )
            elif kind == "players":
                sentence = ngettext(
                    "%(n)s players can play at most %(limit)s Swiss round without a rematch; with %(swiss)s rounds some will meet again from round %(again)s",
                    "%(n)s players can play at most %(limit)s Swiss rounds without a rematch; with %(swiss)s rounds some will meet again from round %(again)s",
                    limit,
                )
            else:
                sentence = ngettext(
                    "%(n)s players in pod %(pod)s can play at most %(limit)s Swiss round without a rematch; with %(swiss)s rounds some will meet again from round %(again)s",
                    "%(n)s players in pod %(pod)s can play at most %(limit)s Swiss rounds without a rematch; with %(swiss)s rounds some will meet again from round %(again)s",
                    limit,
                )
            out.append(sentence % values)
    return out


# --------------------------------------------------------------------------- pairing


def check_pods(regs: list[Registration]) -> None:
    """TR&P 8.2: in an event that uses draft pods (any player has one) every player to be paired
    needs a pod; a player without one is refused by name rather than left alone in a pod of one
    (which would be a bye every round)."""
    if not any(r.pod is not None for r in regs):
        return
    missing = sorted((r.player.display_name for r in regs if r.pod is None), key=str.casefold)
    if missing:
        raise DomainError(
            ngettext(
                "this event uses draft pods and %(names)s has no pod: seat them in a pod before pairing (%(cite)s)",
                "this event uses draft pods and %(names)s have no pod: seat them in a pod before pairing (%(cite)s)",
                len(missing),
            )
            % {
                "names": names_and_more(missing, shown=5),
                "cite": cite(regs[0].event, "draft_seating"),
            },
            code="pod",
            field="pod",
        )


def plan_swiss_round(event: Event, *, round_number: int, seed: int, only=None) -> PairingPlan:
    """Pair Swiss round ``round_number`` of ``event`` with the engine.

    Active players who have joined by this round (late entries) are paired by their match
    points under the event's standings policy (3/1/0 score groups for Grand Archive, where a
    draw is worth 1), match history and pod (TR&P 3.1, 8.2); rematches avoided and the bye given as the
    engine guarantees (OPEN-1, OPEN-2). ``only`` (registration ids) restricts the players, for
    a day-2 cut. Tables: higher standings on lower tables, pinned
    (fixed) tables kept (TR&P 3.10).
    """

    regs = list(
        Registration.objects.filter(
            event=event, status__in=ACTIVE_REGISTRATION_STATUSES, joined_in_round__lte=round_number
        ).select_related("player")
    )
    if only is not None:  # a day-2 cut: only the advancing players are paired
        regs = [r for r in regs if r.pk in only]
    if len(regs) < 2:
        raise DomainError(
            gettext("round %(round_number)s needs at least two active players; there are %(count)s")
            % {"round_number": round_number, "count": len(regs)}
        )
    check_pods(regs)
    by_id = {str(r.pk): r for r in regs}
    all_rows = list(swiss_matches(event, through_round=None, completed_only=False))
    opponents: dict[str, set[str]] = {k: set() for k in by_id}
    had_bye: set[str] = set()
    for _mid, _n, a, b, result, *_ in all_rows:
        a, b = str(a), (str(b) if b is not None else None)
        if b is None:
            if result == MatchResult.BYE:
                had_bye.add(a)
            continue
        opponents.setdefault(a, set()).add(b)
        opponents.setdefault(b, set()).add(a)
    standings = compute_event_standings(event)
    points = {str(s.registration.pk): s.match_points for s in standings}
    ranks = {str(s.registration.pk): s.rank for s in standings}
    avoid = keep_apart_map(event)
    states = [
        PlayerState(
            id=k,
            points=points.get(k, 0),
            opponents=tuple(sorted(opponents.get(k, ()))),
            had_bye=k in had_bye,
            # A rank in round 1 would switch the engine to seeded pairing; round 1 is random.
            rank=ranks.get(k) if round_number > 1 else None,
            pod=str(r.pod) if r.pod is not None else None,
            avoid=tuple(sorted(avoid.get(k, ()))),
        )
        for k, r in by_id.items()
    ]
    try:
        result = pair_round(states, round_number=round_number, seed=seed)
        pinned = {str(r.pk): r.fixed_table for r in regs if r.fixed_table}
        tabled = assign_tables(result.pairings, ranks=ranks, pinned=pinned, first_table=1)
    except InvalidInput as exc:
        raise DomainError(
            gettext("pairing failed: %(exc)s") % {"exc": exc}, code="engine", field=exc.field
        ) from exc
    tabled = keep_opted_out_off_feature_tables(event, tabled, by_id, pinned)
    byes = [by_id[b] for b in (result.byes or ((result.bye,) if result.bye else ()))]
    return PairingPlan(
        pairs=[(by_id[a], by_id[b]) for _t, a, b in tabled],
        tables=[t for t, _a, _b in tabled],
        byes=byes,
        rematches=result.rematches,
        kept_apart=[(by_id[a], by_id[b]) for a, b in result.kept_apart],
    )


def keep_opted_out_off_feature_tables(event: Event, tabled: list, by_id: dict, pinned: dict) -> list:
    """A pair with a player who opted out of coverage never sits at a feature table (issue 30): it
    trades tables with the nearest pair of covered players (a pinned table stays where it is)."""
    features = set(FeatureTable.objects.filter(event=event).values_list("table_number", flat=True))
    if not features:
        return tabled

    def covered(a: str, b: str | None) -> bool:
        return not by_id[a].coverage_opt_out and (b is None or not by_id[b].coverage_opt_out)

    out = list(tabled)
    for i, (table, a, b) in enumerate(out):
        if table not in features or covered(a, b) or a in pinned or (b is not None and b in pinned):
            continue
        swap = min(
            (
                j
                for j, (t2, a2, b2) in enumerate(out)
                if t2 not in features
                and covered(a2, b2)
                and a2 not in pinned
                and (b2 is None or b2 not in pinned)
            ),
            key=lambda j: abs(out[j][0] - table),
            default=None,
        )
        if swap is not None:
            t2, a2, b2 = out[swap]
            out[i], out[swap] = (table, a2, b2), (t2, a, b)
        else:  # no pair of covered players: the feature table stays empty this round
            free = max(t for t, _a, _b in out) + 1
            while free in features:
                free += 1
            out[i] = (free, a, b)
    return sorted(out)


def keep_apart_map(event: Event) -> dict[str, set[str]]:
    """Registration id -> ids of the players staff keep apart from it (both directions)."""
    out: dict[str, set[str]] = {}
    for first, second in KeepApart.objects.filter(event=event).values_list("first_id", "second_id"):
        out.setdefault(str(first), set()).add(str(second))
        out.setdefault(str(second), set()).add(str(first))
    return out


def top_cut_qualifiers(event: Event, *, top_cut: int) -> list[Registration]:
    """The players who make the play-off: the active top ``top_cut`` of the final Swiss standings,
    best first (TR&P 3.1; a dropped or disqualified player is not replaced, TR&P 3.6)."""
    standings = compute_event_standings(event)
    return [s.registration for s in standings if s.registration.is_active][:top_cut]


def draft_playoff_applies(event: Event, *, top_cut: int) -> bool:
    """TR&P 8.2: the play-off is a booster draft (a booster draft event, or a limited event with a
    booster-draft play-off) of 4 or 8 players, so its bracket follows the draft seating."""
    draft = event.format == FormatCode.DRAFT or event.structure_kind == StructureKind.SINGLE_DAY_DRAFT_PLAYOFF
    return draft and top_cut in DRAFT_PLAYOFF_SIZES


DRAFT_PLAYOFF_SIZES = (4, 8)


def _plan_draft_playoff(qualified: list[Registration], *, seeds: dict[int, int], top_cut: int) -> PairingPlan:
    """First round of a booster-draft play-off (TR&P 8.2, RD-33): players seated directly across
    the play-off draft table meet (``pairings.topcut.draft_playoff``), whatever their Swiss
    standing; winners then meet the winner two seats away (adjacent bracket slots). An empty
    seat (a qualifier who dropped) gives the player across a bye. Seeds stay the Swiss standings
    (who chooses first turn, TR&P 3.3)."""
    by_seat: dict[int, Registration] = {}
    for reg in qualified:
        if reg.playoff_seat is None or not 1 <= reg.playoff_seat <= top_cut or reg.playoff_seat in by_seat:
            raise DomainError(
                gettext("%(display_name)s has no valid seat at the play-off draft table (%(cite)s)")
                % {"display_name": reg.player.display_name, "cite": cite(reg.event, "draft_seating")},
                code="seat",
                field="playoff_seat",
            )
        by_seat[reg.playoff_seat] = reg
    ids = [str(by_seat[n].pk) if n in by_seat else f"empty-{n}" for n in range(1, top_cut + 1)]
    by_id = {str(r.pk): r for r in qualified}
    pairs, slots, byes, bye_slots = [], [], [], []
    for slot, (x, y) in enumerate(draft_playoff(ids), start=1):
        a, b = by_id.get(x), by_id.get(y)
        if a is not None and b is not None:
            if seeds[b.pk] < seeds[a.pk]:
                a, b = b, a
            pairs.append((a, b))
            slots.append(slot)
        elif a is not None or b is not None:
            byes.append(a or b)
            bye_slots.append(slot)
    return PairingPlan(
        pairs=pairs,
        tables=list(range(1, len(pairs) + 1)),
        byes=byes,
        slots=slots,
        bye_slots=bye_slots,
        seeds=seeds,
    )


def plan_top_cut_round(event: Event, *, round_number: int, top_cut: int) -> PairingPlan | None:
    """Pair the next play-off round, or None when the play-off has a winner.

    First play-off round: the top ``top_cut`` of the final Swiss standings, seeded by standing
    (TR&P 3.1; bracket by ``pairings.topcut.single_elimination``, OPEN-10). Disqualified or
    dropped qualifiers are not replaced (TR&P 3.6, PPG 1.4): their opponent gets a bye.
    Later rounds: winners of adjacent bracket slots meet. Table numbers follow bracket order.
    """
    # The play-off round before this one (not this one itself when it is being re-paired).
    prev = (
        Round.objects.filter(event=event, stage=RoundStage.TOP_CUT, number__lt=round_number)
        .order_by("-number")
        .first()
    )
    if prev is None:
        qualified = top_cut_qualifiers(event, top_cut=top_cut)
        if len(qualified) < 2:
            raise DomainError(gettext("a play-off needs at least two qualified players"), code="top_cut")
        seeds = {r.pk: i + 1 for i, r in enumerate(qualified)}
        if draft_playoff_applies(event, top_cut=top_cut):
            return _plan_draft_playoff(qualified, seeds=seeds, top_cut=top_cut)
        by_seed = {str(i + 1): r for i, r in enumerate(qualified)}
        try:
            bracket = single_elimination([str(n) for n in range(1, top_cut + 1)])
        except InvalidInput as exc:
            raise DomainError(
                gettext("top cut %(top_cut)s: %(message)s") % {"top_cut": top_cut, "message": exc.message},
                field="top_cut",
            ) from exc
        pairs, slots, byes, bye_slots = [], [], [], []
        for slot, (a_seed, b_seed) in enumerate(bracket, start=1):
            a, b = by_seed.get(a_seed), by_seed.get(b_seed)
            if a is not None and b is not None:
                pairs.append((a, b))
                slots.append(slot)
            elif a is not None or b is not None:
                byes.append(a or b)  # a missing qualifier is not replaced (TR&P 3.6)
                bye_slots.append(slot)
        return PairingPlan(
            pairs=pairs,
            tables=list(range(1, len(pairs) + 1)),
            byes=byes,
            slots=slots,
            bye_slots=bye_slots,
            seeds=seeds,
        )
    matches = list(
        Match.objects.filter(round=prev).select_related("player_a", "player_b").order_by("bracket_slot", "id")
    )
    winners = []
    seeds = {}
    for m in matches:
        if m.result in (MatchResult.A_WINS, MatchResult.BYE):
            w, s = m.player_a, m.seed_a
        elif m.result == MatchResult.B_WINS:
            w, s = m.player_b, m.seed_b
        else:
            w, s = None, None  # a double loss: nobody advances
        winners.append(w)
        if w is not None:
            seeds[w.pk] = s
    if len([w for w in winners if w is not None]) <= 1:
        return None
    pairs, slots, byes, bye_slots = [], [], [], []
    for i in range(0, len(winners), 2):
        a = winners[i]
        b = winners[i + 1] if i + 1 < len(winners) else None
        if a is not None and b is not None:
            if (seeds.get(b.pk) or 10**6) < (seeds.get(a.pk) or 10**6):
                a, b = b, a
            pairs.append((a, b))
            slots.append(i // 2 + 1)
        elif a is not None or b is not None:
            byes.append(a or b)
            bye_slots.append(i // 2 + 1)
    return PairingPlan(
        pairs=pairs,
        tables=list(range(1, len(pairs) + 1)),
        byes=byes,
        slots=slots,
        bye_slots=bye_slots,
        seeds=seeds,
    )


# --------------------------------------------------------------------------- teams (TR&P 9.2)


def plan_team_round(event: Event, *, round_number: int, seed: int) -> PairingPlan:
    """Pair a Swiss round of a team event: teams are paired as units by team match points,
    then each player meets the same position of the other team (A v A, B v B, C v C;
    TR&P 9.2). Team table k seats its boards at tables 3k-2, 3k-1, 3k.

    A team with two or more members out (dropped, disqualified) is not paired; one member out
    forfeits that board (RD-37): the plan lists them in ``forfeits``.
    """

    teams = team_members(event)
    active = {
        name: members for name, members in teams.items()
        if sum(1 for r in members.values() if r.is_active) >= 2 and len(members) == 3
    }  # fmt: skip
    if len(active) < 2:
        raise DomainError(
            gettext("round %(round_number)s needs at least two teams with two or more active players")
            % {"round_number": round_number}
        )
    opponents: dict[str, set[str]] = {t: set() for t in active}
    had_bye: set[str] = set()
    for rec in team_records(event, completed_only=False):
        if rec.b is None:
            had_bye.add(rec.a)
        else:
            opponents.setdefault(rec.a, set()).add(rec.b)
            opponents.setdefault(rec.b, set()).add(rec.a)
    try:
        standings = team_standings(event)
    except InvalidInput as exc:
        raise DomainError(
            gettext("team standings cannot be computed: %(exc)s") % {"exc": exc}, field=exc.field
        ) from exc
    points = {row.id: row.match_points for row in standings}
    ranks = {row.id: row.rank for row in standings}
    states = [
        PlayerState(id=t, points=points.get(t, 0), opponents=tuple(sorted(opponents.get(t, ()))),
                    had_bye=t in had_bye, rank=ranks.get(t) if round_number > 1 else None)
        for t in sorted(active)
    ]  # fmt: skip
    try:
        result = pair_round(states, round_number=round_number, seed=seed)
        tabled = assign_tables(result.pairings, ranks=ranks, first_table=1)
    except InvalidInput as exc:
        raise DomainError(
            gettext("pairing failed: %(exc)s") % {"exc": exc}, code="engine", field=exc.field
        ) from exc
    pairs, tables, byes, forfeits = [], [], [], []
    for k, (_t, ta, tb) in enumerate(tabled, start=1):
        for i, pos in enumerate(("A", "B", "C")):
            a, b = active[ta][pos], active[tb][pos]
            pairs.append((a, b))
            tables.append(3 * (k - 1) + i + 1)
            forfeits.extend(r.pk for r in (a, b) if not r.is_active)
    for team in result.byes or ((result.bye,) if result.bye else ()):
        byes.extend(r for r in active[team].values() if r.is_active)
    return PairingPlan(pairs=pairs, tables=tables, byes=byes, rematches=result.rematches, forfeits=forfeits)


def plan_team_top_cut(event: Event, *, round_number: int, top_cut: int) -> PairingPlan | None:
    """Pair the next play-off round of a team event, or None when it has a winner.

    First round: the top ``top_cut`` teams of the team standings, bracket by seed (OPEN-10,
    OPEN-13); later rounds: winners of adjacent bracket slots, a team match won by the first
    team to 2 game wins (RD-36). Boards A v A, B v B, C v C share the bracket slot.
    """

    teams = team_members(event)
    # The play-off round before this one (not this one itself when it is being re-paired).
    prev = (
        Round.objects.filter(event=event, stage=RoundStage.TOP_CUT, number__lt=round_number)
        .order_by("-number")
        .first()
    )
    if prev is None:
        standings = team_standings(event)
        qualified = [
            row.id for row in standings if sum(1 for r in teams[row.id].values() if r.is_active) >= 2
        ][:top_cut]
        if len(qualified) < 2:
            raise DomainError(gettext("a play-off needs at least two qualified teams"), code="top_cut")
        seeds = {t: i + 1 for i, t in enumerate(qualified)}
        try:
            bracket = single_elimination([str(n) for n in range(1, top_cut + 1)])
        except InvalidInput as exc:
            raise DomainError(
                gettext("top cut %(top_cut)s: %(message)s") % {"top_cut": top_cut, "message": exc.message},
                field="top_cut",
            ) from exc
        by_seed = {str(s): t for t, s in seeds.items()}
        order = [(by_seed.get(a), by_seed.get(b)) for a, b in bracket]
    else:
        grouped: dict[int, list[Match]] = {}
        for m in (
            Match.objects.filter(round=prev)
            .select_related("player_a", "player_b")
            .order_by("bracket_slot", "id")
        ):
            grouped.setdefault(m.bracket_slot, []).append(m)
        winners, seeds = [], {}
        for slot in sorted(grouped):
            boards = grouped[slot]
            if boards[0].player_b_id is None:
                winners.append(boards[0].player_a.team_name)
                seeds[boards[0].player_a.team_name] = boards[0].seed_a
                continue
            result = team_match_result([(b.result, b.games_a, b.games_b) for b in boards])
            side = boards[0].player_a if result == "a" else boards[0].player_b if result == "b" else None
            winners.append(side.team_name if side else None)
            if side is not None:
                seeds[side.team_name] = boards[0].seed_a if result == "a" else boards[0].seed_b
        if len([w for w in winners if w]) <= 1:
            return None
        order = [
            (winners[i], winners[i + 1] if i + 1 < len(winners) else None) for i in range(0, len(winners), 2)
        ]
    pairs, tables, slots, byes, bye_slots, forfeits, reg_seeds = [], [], [], [], [], [], {}
    for slot, (ta, tb) in enumerate(order, start=1):
        if ta and tb and (seeds.get(tb) or 10**6) < (seeds.get(ta) or 10**6):
            ta, tb = tb, ta
        for team in (ta, tb):
            if team:
                reg_seeds.update({r.pk: seeds.get(team) for r in teams[team].values()})
        if ta and tb:
            for pos in ("A", "B", "C"):
                a, b = teams[ta][pos], teams[tb][pos]
                pairs.append((a, b))
                tables.append(len(tables) + 1)
                slots.append(slot)
                forfeits.extend(r.pk for r in (a, b) if not r.is_active)
        elif ta or tb:
            for r in teams[ta or tb].values():
                if r.is_active:
                    byes.append(r)
                    bye_slots.append(slot)
    return PairingPlan(
        pairs=pairs,
        tables=tables,
        byes=byes,
        slots=slots,
        bye_slots=bye_slots,
        seeds=reg_seeds,
        forfeits=forfeits,
    )
