"""The judges' floor (issue 30): zones of tables, and what each judge's phone shows of theirs.

The head judge directs the floor (TR&P 2.1): they divide the tables into zones, each with the
floor judges who watch it (and, optionally, the event's feature tables). A floor judge's view
lists their zone(s) only; the head judge's, every zone and the tables no zone holds.

For each zone the view gives, in the current round:

- the tables still playing (no result yet); during the round's last ``LATE_MINUTES`` (and once
  time is called) they are listed one by one, earlier only counted: a judge cannot act on forty
  tables that are simply playing;
- the tables with a time extension (TR&P 3.2) and how much;
- the open judge calls (TR&P 3.9) and the deck checks in progress (TR&P 3.8);
- in **sweep** mode (the end of the round): every unfinished table in table order with its own
  time (round clock plus its extension), so a judge walks the zone once.

Zone changes are services (``save_zone``, ``delete_zone``): checked, audited, never sharing a
table between zones. ``floor_token`` is what the floor view's ETag is made of.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, Max, Q, Sum
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import DomainError
from tournament import selectors as tournament_selectors
from tournament.enums import MAX_TABLE_NUMBER
from tournament.live import pods_token, results_token
from tournament.models import Event, FeatureTable, Round, StaffAssignment

from .access import can, require, roles_for
from .enums import CallStatus, DeckCheckStatus
from .models import DeckCheck, FloorZone, JudgeCall

#: The round's last minutes, when the tables still playing are listed one by one.
LATE_MINUTES = 10
#: Calls a judge still has to act on.
OPEN_CALL_STATUSES = (CallStatus.OPEN, CallStatus.CLAIMED, CallStatus.APPEALED)

_RANGE = re.compile(r"^(\d+)\s*(?:(?:-|–|to|\.\.)\s*(\d+))?$")


# --------------------------------------------------------------------------- table ranges


def parse_tables(text: str) -> list[list[int]]:
    """``"1-40, 55, 60 to 62"`` → ``[[1, 40], [55, 55], [60, 62]]`` (sorted, adjacent and
    overlapping ranges merged). A clear ``DomainError`` names the part that is wrong."""
    ranges: list[list[int]] = []
    parts: list[str] = []
    for chunk in re.split(r"[,;]", text or ""):
        chunk = chunk.strip()
        # "55 56 57" is three tables; "1 - 40" and "1 to 40" are one range.
        parts.extend([chunk] if _RANGE.match(chunk) else chunk.split())
    for part in parts:
        found = _RANGE.match(part)
        if found is None:
            raise DomainError(
                _("%(part)s is not a table or a range of tables (write e.g. 1-40, 55)")
                % {"part": repr(part)},
                field="tables",
            )
        lo = int(found.group(1))
        hi = int(found.group(2) or lo)
        if lo > hi:
            raise DomainError(
                _("%(part)s: the range runs backwards (write %(hi)s-%(lo)s)")
                % {"part": repr(part), "hi": hi, "lo": lo},
                field="tables",
            )
        if lo < 1 or hi > MAX_TABLE_NUMBER:
            raise DomainError(
                _("%(part)s: tables go from 1 to %(max_table_number)s")
                % {"part": repr(part), "max_table_number": MAX_TABLE_NUMBER},
                field="tables",
            )
        ranges.append([lo, hi])
    ranges.sort()
    merged: list[list[int]] = []
    for lo, hi in ranges:
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return merged


def tables_text(ranges) -> str:
    """The inverse of ``parse_tables``: ``[[1, 40], [55, 55]]`` → ``"1-40, 55"``."""
    return ", ".join(str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in ranges)


def _overlap(a: list[list[int]], b: list[list[int]]) -> list[int]:
    """The first and last table two sets of ranges share, or [] when they share none."""
    for lo, hi in a:
        for lo2, hi2 in b:
            if lo <= hi2 and lo2 <= hi:
                return [max(lo, lo2), min(hi, hi2)]
    return []


# --------------------------------------------------------------------------- services


def _snapshot(zone: FloorZone) -> dict:
    return {
        "name": zone.name,
        "tables": tables_text(zone.tables),
        "feature": zone.feature,
        "judges": sorted(u.username for u in zone.judges.all()),
    }


@transaction.atomic
def save_zone(
    event: Event,
    *,
    actor,
    name: str,
    tables: str,
    judges=(),
    feature: bool = False,
    zone: FloorZone | None = None,
) -> FloorZone:
    """Create ``zone`` (or change it): its name, table ranges (``parse_tables`` text), feature
    tables and judges. The judges must be judges of the event (TR&P 2.1); no table may be in two
    zones, and at most one zone holds the feature tables. Audited (``floor_zone.save``)."""
    require(actor, event, "divide_floor", "divide the floor into zones")
    name = (name or "").strip()
    if not name:
        raise DomainError(_("give the zone a name (e.g. Zone A, or Tables 1-40)"), field="name")
    if len(name) > 60:
        raise DomainError(_("a zone's name is at most 60 characters"), field="name")
    ranges = parse_tables(tables)
    if not ranges and not feature:
        raise DomainError(_("give the zone's tables (e.g. 1-40) or the feature tables"), field="tables")
    others = FloorZone.objects.select_for_update().filter(event=event)
    if zone is not None:
        if zone.event_id != event.pk:
            raise DomainError(_("that zone belongs to another event"), field="zone")
        others = others.exclude(pk=zone.pk)
    for other in others:
        if other.name.casefold() == name.casefold():
            raise DomainError(
                _("there is already a zone called %(name)s") % {"name": repr(other.name)}, field="name"
            )
        shared = _overlap(ranges, other.tables)
        if shared:
            where = str(shared[0]) if shared[0] == shared[1] else f"{shared[0]}-{shared[1]}"
            raise DomainError(
                _("tables %(where)s are already in %(name)s") % {"where": where, "name": other.name},
                field="tables",
            )
        if feature and other.feature:
            raise DomainError(
                _("the feature tables are already in %(name)s") % {"name": other.name}, field="feature"
            )
    judge_ids = {int(j) for j in judges}
    allowed = set(
        StaffAssignment.objects.filter(
            event=event,
            role__in=list(roles_for("rule_on_calls")),
            ended_at__isnull=True,
            user_id__in=judge_ids,
        ).values_list("user_id", flat=True)
    )
    if judge_ids - allowed:
        names = get_user_model().objects.filter(pk__in=judge_ids - allowed).values_list("username", flat=True)
        raise DomainError(
            _("not a judge at this event: %(value)s") % {"value": ", ".join(sorted(names)) or "unknown user"},
            field="judges",
        )
    before = _snapshot(zone) if zone is not None else None
    if zone is None:
        zone = FloorZone(event=event)
    zone.name, zone.tables, zone.feature = name, ranges, feature
    zone.save()
    zone.judges.set(sorted(judge_ids))
    record_audit(
        zone,
        actor=actor,
        action="floor_zone.save",
        before=before,
        after=_snapshot(zone),
        event_id=event.pk,
    )
    return zone


@transaction.atomic
def delete_zone(zone: FloorZone, *, actor) -> None:
    """Remove a zone; its tables go back to the head judge's "no zone" list. Audited."""
    require(actor, zone.event, "divide_floor", "divide the floor into zones")
    before = _snapshot(zone)
    record_audit(zone, actor=actor, action="floor_zone.delete", before=before, event_id=zone.event_id)
    zone.delete()


# --------------------------------------------------------------------------- the view


@dataclass(slots=True)
class FloorTable:
    """One table of the current round as a floor judge needs it."""

    table: int
    names: str
    playing: bool
    extension_seconds: int
    reported: bool = False
    calls: list[dict] = field(default_factory=list)
    deck_checks: list[dict] = field(default_factory=list)
    #: Seconds left at this table (round clock plus the table's extension), None when untimed.
    remaining_seconds: float | None = None
    feature: bool = False

    @property
    def extension_minutes(self) -> int:
        return (self.extension_seconds + 59) // 60

    @property
    def needs_attention(self) -> bool:
        return bool(self.calls or self.deck_checks)


@dataclass(slots=True)
class ZoneView:
    name: str
    tables_text: str
    judges: list[str]
    feature: bool
    tables: list[FloorTable]

    @property
    def playing(self) -> list[FloorTable]:
        return [t for t in self.tables if t.playing]

    @property
    def extended(self) -> list[FloorTable]:
        return [t for t in self.tables if t.extension_seconds and t.playing]

    @property
    def calls(self) -> list[dict]:
        return [c | {"table": t.table} for t in self.tables for c in t.calls]

    @property
    def deck_checks(self) -> list[dict]:
        return [d | {"table": t.table} for t in self.tables for d in t.deck_checks]


@dataclass(slots=True)
class FloorView:
    round_: Round | None
    zones: list[ZoneView]
    whole_floor: bool
    #: The viewer is a judge with no zone while zones exist: they are shown the whole floor.
    unassigned_judge: bool
    late: bool
    remaining_seconds: float | None
    time_called: bool


def visible_zones(event: Event, user) -> tuple[list[FloorZone], bool, bool]:
    """(zones ``user`` watches, whether they see the whole floor, whether they are a judge with
    no zone of their own while zones exist)."""
    zones = list(FloorZone.objects.filter(event=event).prefetch_related("judges"))
    whole = can(user, event, "divide_floor")
    if whole:
        return zones, True, False
    mine = [z for z in zones if any(j.pk == user.pk for j in z.judges.all())]
    if mine:
        return mine, False, False
    return zones, True, bool(zones)


def floor_view(event: Event, user, *, now: datetime | None = None) -> FloorView:
    """What ``user``'s floor view shows now (see the module's docstring)."""
    zones, whole, unassigned = visible_zones(event, user)
    round_ = tournament_selectors.current_round(event)
    if round_ is None:
        return FloorView(None, [], whole, unassigned, False, None, False)
    status = tournament_selectors.clock_status(round_, now=now)
    remaining = status.remaining_seconds if status.duration_seconds else None
    features = frozenset(FeatureTable.objects.filter(event=event).values_list("table_number", flat=True))
    calls_by_table: dict[int, list[dict]] = {}
    for call in (
        # A call still open from an earlier round stays at its own match, not at this round's
        # table of the same number; a call with no match (a table number only) is shown.
        JudgeCall.objects.filter(event=event, status__in=OPEN_CALL_STATUSES)
        .filter(Q(match__round=round_) | Q(match__isnull=True))
        .select_related("claimed_by")
        .order_by("opened_at", "id")
    ):
        if call.table_number is None:
            continue
        calls_by_table.setdefault(call.table_number, []).append(
            {
                "pk": call.pk,
                "status": call.status,
                "status_label": call.get_status_display(),
                "judge": call.claimed_by.username if call.claimed_by else "",
                "opened_at": call.opened_at,
                "question": call.question,
            }
        )
    checks_by_match: dict[int, list[dict]] = {}
    for check in DeckCheck.objects.filter(
        event=event, status=DeckCheckStatus.IN_PROGRESS, match__round=round_
    ).select_related("judge", "registration__player"):
        if check.match_id is None:
            continue
        checks_by_match.setdefault(check.match_id, []).append(
            {
                "pk": check.pk,
                "player": check.registration.player.display_name if check.registration_id else "",
                "judge": check.judge.username if check.judge else "",
                "started_at": check.started_at,
            }
        )
    tables: dict[int, FloorTable] = {}
    for row in tournament_selectors.match_rows_for_round(round_):
        if row.table_number is None:
            continue  # a bye sits at no table
        b = row.player_b.display_name if row.player_b else "BYE"
        tables[row.table_number] = FloorTable(
            table=row.table_number,
            names=f"{row.player_a.display_name} v {b}",
            playing=row.result == "" and row.player_b is not None,
            extension_seconds=row.extension_seconds,
            reported=bool(row.report_status and row.report_status != "none"),
            deck_checks=checks_by_match.get(row.pk, []),
            remaining_seconds=None if remaining is None else remaining + row.extension_seconds,
            feature=row.table_number in features,
        )
    # A pod event's tables are its pods (TR&P 9.3): still playing until the places are
    # confirmed; a pod of one is a bye at no table.
    for pod in round_.pods.prefetch_related("seats__registration__player").order_by("number"):
        seats = list(pod.seats.all())
        if len(seats) < 2:
            continue
        tables[pod.number] = FloorTable(
            table=pod.number,
            names=" · ".join(s.registration.player.display_name for s in seats),
            playing=pod.report_status != "confirmed",
            extension_seconds=0,
            reported=pod.report_status == "reported",
            remaining_seconds=remaining,
            feature=pod.number in features,
        )
    for number, calls in calls_by_table.items():
        table = tables.get(number)
        if table is None:  # a call at a table with no match this round (a spectator's, a side event's)
            table = tables[number] = FloorTable(table=number, names="", playing=False, extension_seconds=0)
        table.calls = calls
    ordered = [tables[n] for n in sorted(tables)]
    views: list[ZoneView] = []
    claimed: set[int] = set()
    for zone in zones:
        held = [t for t in ordered if zone.holds(t.table, features)]
        claimed.update(t.table for t in held)
        views.append(
            ZoneView(
                name=zone.name,
                tables_text=tables_text(zone.tables),
                judges=sorted(j.username for j in zone.judges.all()),
                feature=zone.feature,
                tables=held,
            )
        )
    if whole:
        # The head judge (or a judge with no zone) also sees the tables no zone holds; ``zones``
        # is then every zone of the event.
        rest = [t for t in ordered if not any(z.holds(t.table, features) for z in zones)]
        if rest or not views:
            views.append(
                ZoneView(
                    name="No zone" if views else "Every table",
                    tables_text="",
                    judges=[],
                    feature=False,
                    tables=rest,
                )
            )
    late = status.time_called or (remaining is not None and remaining <= LATE_MINUTES * 60)
    return FloorView(round_, views, whole, unassigned, late, remaining, status.time_called)


def floor_token(event: Event, round_: Round | None, *, now: datetime | None = None) -> str:
    """Changes with anything a floor view shows: a result or extension at any table of the
    round (``Match.version``; an extension bumps it too), calls opened or changing status, deck
    checks starting or ending, zones, the feature tables and the clock's state; and once a minute
    during the round, so the time shown per table and the "last minutes" switch follow the clock.
    Six aggregate queries."""
    calls = JudgeCall.objects.filter(event=event).aggregate(
        n=Count("id"),
        open=Count("id", filter=Q(status__in=OPEN_CALL_STATUSES)),
        claimed=Max("claimed_at"),
        ruled=Max("ruled_at"),
        closed=Max("closed_at"),
        appealed=Max("appealed_at"),
    )
    checks = DeckCheck.objects.filter(event=event).aggregate(
        n=Count("id"), started=Max("started_at"), ended=Max("ended_at")
    )
    zones = FloorZone.objects.filter(event=event).aggregate(
        n=Count("id"), at=Max("updated_at"), ids=Sum("id")
    )
    features = FeatureTable.objects.filter(event=event).aggregate(n=Count("id"), t=Sum("table_number"))
    parts = ["|".join(f"{k}={v}" for k, v in sorted(agg.items())) for agg in (calls, checks, zones, features)]
    if round_ is not None:
        status = tournament_selectors.clock_status(round_, now=now)
        minute = int(status.remaining_seconds // 60) if status.state == "running" else "-"
        parts += [
            f"{round_.pk}.{round_.status}.{round_.clock_state}.{round_.started_at}.{round_.time_called_at}",
            f"{round_.elapsed_before_pause}.{round_.duration_seconds}.{minute}",
            results_token(event, round_=round_),
            pods_token(event),
        ]
    return "/".join(parts)
