"""Reads of the mirror add-on: imports, standings side by side, and the hand-back sheets.

- ``standings_comparison(event, round_number=None)``: our standings recomputed from the
  imported results (TR&P App D for FaB, the 3/1/0 policy for Grand Archive) next to the
  source's, every difference with its reason;
- ``result_sheet(event, round_number)``: one row per table with the GEM result code and
  the players' IDs, as an organizer types them into the source;
- ``penalty_log(event)``: penalties and deck checks per player with round, table,
  infraction, penalty and rule, for the head judge's report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from core.exports import write_csv
from judging import selectors as judging_selectors
from tournament import selectors as tournament_selectors
from tournament.citations import cite
from tournament.enums import MatchResult, RegistrationStatus, RoundStage
from tournament.models import Event, Match, Registration, Round
from tournament.standings import explain_rows
from tournament.standings_policies import policy_spec

from .models import MirrorImport, SourcePlayer, SourceStanding
from .parsers import RESULT_TO_GEM
from .services import source_player_id


def mirrored_events() -> QuerySet[Event]:
    return Event.objects.exclude(mirror_source="").order_by("-created_at")


def mirrored_events_for(user) -> QuerySet[Event]:
    """Mirrored events ``user`` is an official of (every one for a superuser)."""
    events = mirrored_events()
    if getattr(user, "is_superuser", False):
        return events
    return events.filter(staff__user=user, staff__ended_at__isnull=True).distinct()


def source_players(event: Event) -> QuerySet[SourcePlayer]:
    """The event's players as the source lists them (name, ID, hero, country), by name."""
    return (
        SourcePlayer.objects.filter(registration__event=event)
        .select_related("registration__player")
        .order_by("registration__player__display_name")
    )


def imports_for_event(event: Event) -> QuerySet[MirrorImport]:
    return MirrorImport.objects.filter(event=event).select_related("imported_by")


def heroes_for_event(event: Event) -> dict[int, SourcePlayer]:
    return {sp.registration_id: sp for sp in SourcePlayer.objects.filter(registration__event=event)}


def source_standing_rounds(event: Event) -> list[int]:
    return sorted(set(SourceStanding.objects.filter(event=event).values_list("round_number", flat=True)))


# --------------------------------------------------------------------------- standings side by side


@dataclass
class ComparedRow:
    registration: Registration
    player_id: str
    name: str
    source_rank: int | None
    rank: int | None
    source_values: dict
    values: dict
    reasons: list[str] = field(default_factory=list)

    @property
    def differs(self) -> bool:
        return bool(self.reasons)


def _fmt(value, percent: bool = False) -> str:
    if value is None:
        return "–"
    if isinstance(value, str):
        try:
            value = float(Fraction(value))
        except (ValueError, ZeroDivisionError):
            return value
    if percent:
        return f"{float(value) * 100:.1f}%"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.3f}"
    return str(int(value)) if isinstance(value, float) else str(value)


def _decimal(value) -> str:
    """An engine value ("2/3", "1", 0.5) with three decimals."""
    try:
        return f"{float(Fraction(str(value))):.3f}"
    except (ValueError, ZeroDivisionError):
        return str(value)


def standings_comparison(event: Event, round_number: int | None = None) -> dict:
    """The source's standings after ``round_number`` (default: the latest it gave) beside ours
    recomputed through the same round, with a reason for every difference.

    Reasons name the first cause found, in this order: a player one side lists and the other
    not; a different record (points or wins: a result differs, or the source counts a bye or a
    drop differently); different tiebreaker values (Omnidex gives OMW%, GW% and OGW%; the
    source's floor or bye handling may differ from ours); and, for two players the source
    orders one way and we the other, the tiebreaker step that decides it here (TR&P App D or
    the Grand Archive order), or a tie on every step broken by a different random draw.
    """
    rounds = source_standing_rounds(event)
    if round_number is None:
        round_number = rounds[-1] if rounds else None
    spec = policy_spec(event.standings_policy)
    if round_number is None:
        return {"round": None, "rounds": rounds, "rows": [], "pairs": [], "spec": spec, "differences": 0}
    ours = tournament_selectors.standings_for_event(event, after_round=round_number)
    theirs = {
        s.registration_id: s
        for s in SourceStanding.objects.filter(event=event, round_number=round_number).select_related(
            "registration__player"
        )
    }
    by_reg = {s.registration.pk: s for s in ours}
    rows: list[ComparedRow] = []
    regs = {s.registration.pk: s.registration for s in ours} | {k: v.registration for k, v in theirs.items()}
    for reg_id, reg in regs.items():
        mine, src = by_reg.get(reg_id), theirs.get(reg_id)
        values = {}
        if mine is not None:
            values = {
                "points": mine.match_points,
                "wins": mine.wins + mine.byes,
                "byes": mine.byes,
                "record": mine.record,
            }
            values |= {c.key: getattr(mine, c.key) for c in spec.columns}
        source_values = {}
        if src is not None:
            source_values = {
                "points": src.points,
                "wins": src.wins,
                "omw": src.omw,
                "gw": src.gw,
                "ogw": src.ogw,
            }
        row = ComparedRow(
            reg,
            source_player_id(event, reg),
            reg.player.display_name,
            src.rank if src else None,
            mine.rank if mine else None,
            source_values,
            values,
        )
        if src is None:
            row.reasons.append(
                _("only in the recomputed standings: the source's standings do not list this player")
            )
        elif mine is None:
            row.reasons.append(
                _(
                    "only in the source's standings: not in ours (dropped before the first round or disqualified here)"
                )
            )
        else:
            row.reasons.extend(_value_reasons(src, mine, spec, event))
        rows.append(row)
    rows.sort(key=lambda r: (r.source_rank is None, r.source_rank or 0, r.rank or 0))
    pairs = _order_reasons(rows, ours, spec)
    for pair in pairs:
        for row in rows:
            if row.registration.pk in (pair["above"], pair["below"]) and not row.reasons:
                row.reasons.append(pair["text"])
    for row in rows:
        if (
            row.source_rank is not None
            and row.rank is not None
            and row.source_rank != row.rank
            and not row.reasons
        ):
            row.reasons.append(
                _(
                    "source rank %(source_rank)s, recomputed %(rank)s: moved by the players around it (see their rows)"
                )
                % {"source_rank": row.source_rank, "rank": row.rank}
            )
    return {
        "round": round_number,
        "rounds": rounds,
        "rows": rows,
        "pairs": pairs,
        "spec": spec,
        "differences": sum(1 for r in rows if r.differs),
    }


def _value_reasons(src: SourceStanding, mine, spec, event: Event) -> list[str]:
    reasons = []
    wins_here = mine.wins + mine.byes
    if src.points is not None and float(src.points) != float(mine.match_points):
        reasons.append(
            _(
                "source gives %(fmt)s points, the imported results give %(match_points)s (%(record)s, %(byes)s bye(s)): a result or a bye is counted differently"
            )
            % {
                "fmt": _fmt(src.points),
                "match_points": mine.match_points,
                "record": mine.record,
                "byes": mine.byes,
            }
        )
    elif src.wins is not None and src.wins not in (wins_here, mine.wins):
        reasons.append(
            _(
                "source counts %(wins)s win(s), the imported results give %(wins2)s win(s) and %(byes)s bye(s) (%(record)s): a result differs from the source's standings"
            )
            % {"wins": src.wins, "wins2": mine.wins, "byes": mine.byes, "record": mine.record}
        )
    for key, label in (("omw", "OMW%"), ("gw", "GW%"), ("ogw", "OGW%")):
        theirs = getattr(src, key)
        ours = getattr(mine, key, None)
        if theirs is None or ours is None:
            continue
        if abs(float(theirs) - float(ours)) > 0.0015:
            why = {
                "omw": _(
                    "opponents' records are counted differently (a floor, a bye, or a dropped opponent)"
                ),
                "gw": _("games are counted differently (the source's game scores, or a bye's games)"),
                "ogw": _("opponents' game-win percentages are counted differently"),
            }[key]
            reasons.append(
                _("%(label)s: source %(fmt)s, recomputed %(fmt2)s: %(why)s")
                % {"label": label, "fmt": _fmt(theirs, True), "fmt2": _fmt(ours, True), "why": why}
            )
    return reasons


def _order_reasons(rows: list[ComparedRow], ours, spec) -> list[dict]:
    """Neighbours in the source's order that we rank the other way round, with the reason."""
    engine_rows = [s.row for s in ours]
    ranked = [r for r in rows if r.source_rank is not None and r.rank is not None]
    out = []
    labels = {c.key: c.label for c in spec.columns} | {
        "match_points": _("match points"),
        "random_key": _("random draw"),
    }
    for above, below in zip(ranked, ranked[1:], strict=False):
        if above.rank is None or below.rank is None or above.rank < below.rank:
            continue
        steps = explain_rows(engine_rows, str(above.registration.pk), str(below.registration.pk))
        deciding = next((s for s in steps if s.get("decides")), None)
        if deciding is None or deciding.get("tiebreaker") in ("random_key", "random"):
            why = _(
                "they are tied on every tiebreaker; Arbiter breaks the tie with its own random draw, "
                "the source with its own"
            )
        else:
            name = labels.get(str(deciding.get("tiebreaker")), str(deciding.get("tiebreaker")))
            why = (
                f"recomputed {name} is {_decimal(deciding.get('b'))} for {below.name} against "
                f"{_decimal(deciding.get('a'))} for {above.name}"
                + (" (lower is better)" if deciding.get("prefer") == "lower" else "")
            )
            if above.source_values.get(deciding.get("tiebreaker")) is not None:
                why += f"; the source's own value for {above.name} is {_fmt(above.source_values[deciding['tiebreaker']], True)}"
        for side in (above, below):
            reg = side.registration
            if reg.status == RegistrationStatus.DROPPED:
                when = f" in round {reg.dropped_in_round}" if reg.dropped_in_round else ""
                why += (
                    f"; {side.name} dropped{when}: the source may list dropped players after the others, "
                    "Arbiter ranks them by their record"
                )
        out.append(
            {
                "above": above.registration.pk,
                "below": below.registration.pk,
                "text": f"source ranks {above.name} above {below.name}; recomputed, {below.name} is ahead: {why}",
            }
        )
    return out


# --------------------------------------------------------------------------- hand-back: results

RESULT_SHEET_COLUMNS = [
    "round",
    "table",
    "player_1_id",
    "player_1",
    "player_2_id",
    "player_2",
    "result",
    "source_result",
    "to_enter",
]


def rounds_for_handback(event: Event) -> QuerySet[Round]:
    return Round.objects.filter(event=event).order_by("number")


def result_sheet(event: Event, round_number: int) -> list[dict]:
    """One row per table of round ``round_number`` (byes last): the result in GEM's codes
    (1WIN, 2WIN, DRAW, LOSSALL; BYE; empty when not played), what the source showed at the last
    import, and ``to_enter`` "yes" where the source does not have this result yet."""
    matches = (
        Match.objects.filter(round__event=event, round__number=round_number)
        .select_related("player_a__player", "player_b__player", "source_match")
        .order_by("table_number", "id")
    )
    rows = []
    for m in sorted(matches, key=lambda m: (m.table_number is None, m.table_number or 0, m.pk)):
        opponent = m.player_b
        source = getattr(m, "source_match", None)
        source_result = source.result if source is not None else ""
        code = RESULT_TO_GEM.get(m.result, "")
        rows.append(
            {
                "round": round_number,
                "table": m.table_number if m.table_number is not None else "",
                "player_1_id": source_player_id(event, m.player_a),
                "player_1": m.player_a.player.display_name,
                "player_2_id": source_player_id(event, opponent) if opponent is not None else "",
                "player_2": opponent.player.display_name if opponent is not None else "BYE",
                "result": code,
                "source_result": RESULT_TO_GEM.get(source_result, ""),
                "to_enter": "yes" if m.result != MatchResult.PENDING and m.result != source_result else "",
            }
        )
    return rows


def result_sheet_csv(event: Event, round_number: int) -> str:
    return write_csv(result_sheet(event, round_number), RESULT_SHEET_COLUMNS)


# --------------------------------------------------------------------------- hand-back: penalties

PENALTY_LOG_COLUMNS = [
    "player_id",
    "player",
    "round",
    "table",
    "kind",
    "infraction",
    "penalty",
    "rule",
    "time_extension_minutes",
    "details",
]


def _round_and_table(match: Match | None, round_: Round | None = None) -> tuple:
    rnd = match.round if match is not None else round_
    number = rnd.number if rnd is not None else ""
    if rnd is not None and rnd.stage == RoundStage.TOP_CUT:
        number = f"{number} (top cut)"
    table = match.table_number if match is not None and match.table_number else ""
    return number, table


def penalty_log(event: Event) -> list[dict]:
    """Penalties and deck checks, grouped by player (source ID order), then round and time."""
    rows = []
    for p in judging_selectors.penalties_for_event(event).select_related("match__round"):
        if p.status == "rejected":
            continue
        number, table = _round_and_table(p.match)
        rows.append(
            {
                "player_id": source_player_id(event, p.registration),
                "player": p.registration.player.display_name,
                "round": number,
                "table": table,
                "kind": "penalty",
                "infraction": p.get_infraction_display(),
                "penalty": p.get_penalty_display() + (" (upgraded)" if p.upgraded else ""),
                "rule": p.rule,
                "time_extension_minutes": "",
                "details": p.description,
                "_sort": (p.issued_at,),
            }
        )
    for c in judging_selectors.deck_checks_for_event(event):
        number, table = _round_and_table(c.match, c.round)
        minutes = round(c.extension_seconds / 60) if c.extension_seconds else ""
        rows.append(
            {
                "player_id": source_player_id(event, c.registration),
                "player": c.registration.player.display_name,
                "round": number,
                "table": table,
                "kind": "deck check",
                "infraction": "",
                "penalty": "",
                "rule": cite(event, "deck_check_plan"),  # GA: no TR&P
                "time_extension_minutes": minutes,
                "details": f"{c.get_kind_display()}, {c.get_status_display().lower()}"
                + (f": {c.findings}" if c.findings else ""),
                "_sort": (c.started_at or c.created_at,),
            }
        )
    rows.sort(key=lambda r: (r["player"].lower(), r["player_id"], str(r["round"]).zfill(4), r["_sort"]))
    for r in rows:
        del r["_sort"]
    return rows


def penalty_log_csv(event: Event) -> str:
    return write_csv(penalty_log(event), PENALTY_LOG_COLUMNS)


def players_with_entries(rows: list[dict]) -> list[dict]:
    """``penalty_log`` rows grouped per player for the page and the PDF."""
    groups: dict[tuple, dict] = {}
    for row in rows:
        key = (row["player_id"], row["player"])
        groups.setdefault(key, {"player_id": key[0], "player": key[1], "rows": []})["rows"].append(row)
    return list(groups.values())


def penalties_touch_event(event: Event) -> bool:
    return judging_selectors.penalties_for_event(event).filter(~Q(status="rejected")).exists()
