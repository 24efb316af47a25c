"""The day plan of a multi-day event: days, each day's REL, Swiss rounds and cut (TR&P App A, App B).

Reads only (writes go through ``tournament.services``). A plan is either complete and valid or
refused with a message naming what is missing (``check_day_plan``):

* every day has a REL and a number of Swiss rounds;
* every day but the last has a cut: the top ``cut_size`` players, or everyone with at most
  ``cut_max_losses`` rounds not won, whichever group is larger (TR&P App B, RD-09, OPEN-6);
* the last day has no cut: the play-off after it is the event's top cut;
* the total of Swiss rounds agrees with the event's own Swiss rounds when those are set.

An event of a multi-day structure (``StructureKind.MULTI_DAY_*``) without a saved plan uses the
App B multi-day row for its attendance (day-1 rounds, the day-2 cut, day-2 rounds, top 8) with
the REL of each day from App A for its event type (``default_day_plan``); the organizer can
override it on the day plan page or through the API, and it is fixed at the first pairings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import DomainError
from pairings.structure import recommended_structure

from .enums import (
    ACTIVE_REGISTRATION_STATUSES,
    EVENT_TYPE_DEFAULTS,
    EVENT_TYPE_DEFAULTS_2023,
    REL,
    RegistrationStatus,
    RoundStage,
    RoundStatus,
    StructureKind,
    TrpVersion,
)
from .models import Event, EventDay, Match, Registration, Round
from .standings import compute_event_standings

MULTI_DAY_KINDS = (StructureKind.MULTI_DAY_CONSTRUCTED, StructureKind.MULTI_DAY_LIMITED)
#: TR&P App B: every multi-day row ends in a top 8 play-off.
MULTI_DAY_TOP_CUT = 8
#: TR&P App B: the day-2 cut also takes every record with at most two rounds not won (X-2).
DEFAULT_CUT_MAX_LOSSES = 2


@dataclass(frozen=True)
class PlannedDay:
    """One day of a plan; ``first_round``..``last_round`` are its Swiss round numbers."""

    number: int
    rel: str
    swiss_rounds: int
    cut_size: int | None
    cut_max_losses: int | None
    first_round: int
    last_round: int
    date: date | None = None

    @property
    def has_cut(self) -> bool:
        return self.cut_size is not None or self.cut_max_losses is not None

    @property
    def rel_label(self) -> str:
        return str(REL(self.rel).label)

    @property
    def cut_text(self) -> str:
        """The cut in words, e.g. "top 48 or X-2, whichever is larger"."""
        parts = []
        if self.cut_size is not None:
            parts.append(f"top {self.cut_size}")
        if self.cut_max_losses is not None:
            parts.append(f"X-{self.cut_max_losses}")
        if len(parts) == 2:
            return f"{parts[0]} or {parts[1]}, whichever is larger"
        return parts[0] if parts else ""


@dataclass(frozen=True)
class DayPlan:
    """The plan in force: ``saved`` (the organizer's) or the App B default (``saved`` False)."""

    days: tuple[PlannedDay, ...]
    top_cut: int
    saved: bool
    rule: str = "TR&P App B (multi-day)"
    players: int | None = None  # attendance the default was read for
    notes: list[str] = field(default_factory=list)

    @property
    def swiss_rounds(self) -> int:
        return sum(d.swiss_rounds for d in self.days)

    def day_of_round(self, number: int) -> PlannedDay:
        for day in self.days:
            if number <= day.last_round:
                return day
        return self.days[-1]

    def as_dicts(self) -> list[dict]:
        return [
            {
                "number": d.number,
                "rel": d.rel,
                "date": d.date,
                "swiss_rounds": d.swiss_rounds,
                "cut_size": d.cut_size,
                "cut_max_losses": d.cut_max_losses,
            }
            for d in self.days
        ]


def is_multi_day(event: Event) -> bool:
    return event.structure_kind in MULTI_DAY_KINDS


def day_rels(event: Event) -> tuple[str, str]:
    """(REL of day 1, REL of day 2+): the event's REL, then App A's day-2+ REL for its type
    (a Calling: Competitive, then Professional)."""
    table = EVENT_TYPE_DEFAULTS_2023 if event.trp_version == TrpVersion.TRP_2023 else EVENT_TYPE_DEFAULTS
    _tier, rel1, rel2 = table.get(event.event_type, (1, event.rel, event.rel))
    # An organizer who raised day 1 above App A keeps at least that REL on day 2.
    order: list[str] = [REL.CASUAL, REL.COMPETITIVE, REL.PROFESSIONAL]
    rel_day1 = event.rel
    if rel2 == rel1 or order.index(rel2) < order.index(rel_day1):
        rel2 = rel_day1
    return rel_day1, rel2


def attendance(event: Event) -> int:
    """Players counted for App B: active registrations and anyone who has played."""
    return (
        Registration.objects.filter(event=event)
        .exclude(status=RegistrationStatus.WAITLISTED)
        .filter(
            Q(status__in=ACTIVE_REGISTRATION_STATUSES)
            | Q(matches_as_a__isnull=False)
            | Q(matches_as_b__isnull=False)
        )
        .distinct()
        .count()
    )


def default_day_plan(event: Event, *, players: int | None = None) -> list[dict]:
    """The App B multi-day row for ``players`` (default: the current attendance) as day dicts:
    day 1 with its rounds and the day-2 cut (top N or X-2), day 2 with its rounds."""
    players = attendance(event) if players is None else players
    kind = event.structure_kind if is_multi_day(event) else StructureKind.MULTI_DAY_CONSTRUCTED
    rec = recommended_structure(max(players, 1), kind=str(kind))
    rel1, rel2 = day_rels(event)
    return [
        {
            "number": 1,
            "rel": rel1,
            "date": None,
            "swiss_rounds": rec.day1_rounds,
            "cut_size": rec.day2_cut,
            "cut_max_losses": DEFAULT_CUT_MAX_LOSSES,
        },
        {
            "number": 2,
            "rel": rel2,
            "date": None,
            "swiss_rounds": rec.day2_rounds,
            "cut_size": None,
            "cut_max_losses": None,
        },
    ]


def _blank(value) -> bool:
    return value is None or value == ""


def check_day_plan(days: Sequence[dict], *, event: Event | None = None, played: int = 0) -> list[dict]:
    """Validate a day plan; return it normalised (ints, sorted by number) or raise ``DomainError``
    whose message lists everything missing or wrong, day by day (``field="days"``). With
    ``event`` the days must add up to its own Swiss rounds when set, and to at least the
    ``played`` Swiss rounds already paired."""
    problems: list[str] = []
    if not days:
        raise DomainError(_("a day plan needs at least one day"), field="days")
    numbers = [d.get("number") for d in days]
    if sorted(n for n in numbers if isinstance(n, int)) != list(range(1, len(days) + 1)):
        raise DomainError(_("days must be numbered 1, 2, 3, ... without gaps"), field="days")
    ordered = sorted(days, key=lambda d: d["number"])
    out = []
    last = len(ordered)
    for d in ordered:
        n = d["number"]
        rel = d.get("rel")
        if _blank(rel):
            problems.append(_("day %(n)s has no REL") % {"n": n})
        elif rel not in REL.values:
            problems.append(_("day %(n)s: unknown REL %(rel)s") % {"n": n, "rel": repr(rel)})
        rounds = d.get("swiss_rounds")
        if _blank(rounds):
            problems.append(_("day %(n)s has no number of Swiss rounds") % {"n": n})
        elif not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            problems.append(_("day %(n)s: Swiss rounds must be a whole number of at least 1") % {"n": n})
        size, losses = d.get("cut_size"), d.get("cut_max_losses")
        if n < last:
            if _blank(size) and _blank(losses):
                problems.append(
                    _("day %(n)s has no cut to day %(next_day)s (a top N, an X-N record, or both)")
                    % {"n": n, "next_day": n + 1}
                )
            if not _blank(size) and (not isinstance(size, int) or size < 2):
                problems.append(_("day %(n)s: the cut must keep at least 2 players") % {"n": n})
            if not _blank(losses) and (not isinstance(losses, int) or losses < 0):
                problems.append(_("day %(n)s: the X-N cut must be a whole number of at least 0") % {"n": n})
            elif isinstance(losses, int) and isinstance(rounds, int) and losses >= rounds and rounds >= 1:
                problems.append(
                    ngettext(
                        "day %(n)s: an X-%(losses)s cut after %(rounds)s round keeps everyone",
                        "day %(n)s: an X-%(losses)s cut after %(rounds)s rounds keeps everyone",
                        rounds,
                    )
                    % {"n": n, "losses": losses, "rounds": rounds}
                )
        elif not (_blank(size) and _blank(losses)):
            problems.append(
                _("day %(n)s is the last day: it has no cut (the play-off after it is the event's top cut)")
                % {"n": n}
            )
        out.append(
            {
                "number": n,
                "rel": rel,
                "date": d.get("date") or None,
                "swiss_rounds": rounds,
                "cut_size": None if _blank(size) or n == last else size,
                "cut_max_losses": None if _blank(losses) or n == last else losses,
            }
        )
    if not problems and event is not None:
        total = sum(d["swiss_rounds"] for d in out)
        if event.swiss_rounds is not None and event.swiss_rounds != total:
            problems.append(
                _(
                    "the days add up to %(total)s Swiss rounds but the event is set to %(swiss_rounds)s; change one or clear the event's Swiss rounds"
                )
                % {"total": total, "swiss_rounds": event.swiss_rounds}
            )
        if total < played:
            problems.append(
                _("%(played)s Swiss rounds are already paired; the days add up to %(total)s")
                % {"played": played, "total": total}
            )
    if problems:
        raise DomainError(
            _("the day plan is incomplete: %(problems)s.") % {"problems": "; ".join(problems)}, field="days"
        )
    return out


def _planned(days: Sequence[dict]) -> tuple[PlannedDay, ...]:
    out, end = [], 0
    for d in days:
        start, end = end + 1, end + d["swiss_rounds"]
        out.append(
            PlannedDay(
                number=d["number"],
                rel=d["rel"],
                swiss_rounds=d["swiss_rounds"],
                cut_size=d["cut_size"],
                cut_max_losses=d["cut_max_losses"],
                first_round=start,
                last_round=end,
                date=d.get("date"),
            )
        )
    return tuple(out)


def saved_days(event: Event) -> list[dict]:
    rows = (
        EventDay.objects.filter(event=event)
        .order_by("number")
        .values("number", "rel", "date", "swiss_rounds", "cut_size", "cut_max_losses")
    )
    return [dict(row) for row in rows]


def day_plan_for_event(event: Event) -> DayPlan | None:
    """The plan in force: the saved days (checked: an incomplete saved plan raises
    ``DomainError`` naming what is missing), else the App B default for a multi-day structure,
    else None (a single-day event)."""
    saved = saved_days(event)
    if saved:
        days = check_day_plan(saved, event=event)
        top_cut = event.top_cut if event.top_cut is not None else MULTI_DAY_TOP_CUT
        return DayPlan(days=_planned(days), top_cut=top_cut, saved=True, rule="the organizer's day plan")
    if not is_multi_day(event):
        return None
    players = attendance(event)
    days = default_day_plan(event, players=players)
    if event.swiss_rounds is not None and event.swiss_rounds > days[0]["swiss_rounds"]:
        # the organizer fixed the total: day 1 as App B says, day 2 plays the rest
        days[1]["swiss_rounds"] = event.swiss_rounds - days[0]["swiss_rounds"]
    top_cut = event.top_cut if event.top_cut is not None else MULTI_DAY_TOP_CUT
    return DayPlan(days=_planned(days), top_cut=top_cut, saved=False, players=players)


def advancing_after(event: Event, plan: DayPlan, day: PlannedDay, standings=None) -> set[int] | None:
    """Registrations who made ``day``'s cut (None when the day has no cut): the top
    ``cut_size`` active players of the standings after its last round, or every active player
    with at most ``cut_max_losses`` rounds not won, whichever group is larger (TR&P App B;
    RD-09, OPEN-6). Rounds not won are counted from the record, so a draw is one, and so is a
    round missed as a late entry."""
    if not day.has_cut:
        return None
    rows = standings if standings is not None else compute_event_standings(event, after_round=day.last_round)
    active = [s for s in rows if s.registration.is_active]
    top_n = day.cut_size or 0
    within = 0
    if day.cut_max_losses is not None:
        within = sum(1 for s in active if s.wins + s.byes >= day.last_round - day.cut_max_losses)
    return {s.registration.pk for s in active[: max(top_n, within)]}


def cut_line(event: Event, plan: DayPlan | None) -> dict | None:
    """The latest cut that has happened (its day's last round is complete), for the public
    page: ``{"day", "text", "after_round", "advancing"}``. Once the next day is paired the
    players who advanced are the ones paired in its first round (what actually happened);
    until then, the cut as computed from the standings."""
    if plan is None:
        return None
    rounds = dict(Round.objects.filter(event=event, stage=RoundStage.SWISS).values_list("number", "status"))
    for day in reversed(plan.days):
        if not day.has_cut or rounds.get(day.last_round) != RoundStatus.COMPLETE:
            continue
        if day.last_round + 1 in rounds:
            advancing = set()
            for a, b in Match.objects.filter(
                round__event=event, round__number=day.last_round + 1
            ).values_list("player_a_id", "player_b_id"):
                advancing.add(a)
                if b is not None:
                    advancing.add(b)
        else:
            advancing = advancing_after(event, plan, day) or set()
        return {"day": day, "text": day.cut_text, "advancing": advancing, "after_round": day.last_round}
    return None
