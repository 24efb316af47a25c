"""Multiplayer pods: Ultimate Pit Fight (TR&P 9.3) and casual pod play (issue 32).

An event plays in pods when its ``pod_play`` says so, or when it is left "by format" and the format
is Ultimate Pit Fight. Each round seats the active players with ``pairings.pods.seat_pods`` (round
1 at random, later rounds by points avoiding repeat pod-mates and keep-apart pairs); a pod's
result is the finishing places, reported by one of its players and confirmed by each other player,
or entered by staff (organizer, head judge, scorekeeper). A pod of one is a bye and scores first
place. The round is complete when every pod's result is confirmed. Points per place come from the
event's ``pod_points`` table (default 3/2/1/0); a "social" event keeps no standings.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError, NotAllowed
from pairings.errors import InvalidInput
from pairings.pods import PodPlayer, PodRecord, PodStandingRow, pod_standings, seat_pods

from ..access import can, require
from ..enums import (
    ACTIVE_REGISTRATION_STATUSES,
    EventStatus,
    FormatCode,
    RoundStage,
    RoundStatus,
)
from ..models import Event, KeepApart, Pod, PodSeat, Registration, Round
from ._common import _atomic, _audit, _lock_event, require_event_open
from ._shared import _maybe_close_round
from .events import pod_points_table


def uses_pods(event: Event) -> bool:
    """Whether the event seats players in pods rather than one-on-one matches."""
    if event.pod_play in ("pods", "social"):
        return True
    return event.pod_play == "" and event.format == FormatCode.UPF


def pod_records(event: Event, *, completed_only: bool = True) -> list[PodRecord]:
    """Every pod result of the event as the pure engine reads them (byes included)."""
    pods = Pod.objects.filter(round__event=event).prefetch_related("seats")
    if completed_only:
        pods = pods.filter(report_status="confirmed")
    out = []
    for pod in pods.select_related("round"):
        seats = sorted(pod.seats.all(), key=lambda s: s.seat)
        if any(s.place is None for s in seats):
            continue
        out.append(
            PodRecord(
                pod.round.number,
                tuple(str(s.registration_id) for s in seats),
                tuple(int(s.place or 0) for s in seats),
                bye=len(seats) == 1,
            )
        )
    return out


def event_pod_standings(event: Event) -> list[tuple[PodStandingRow, Registration]]:
    """The event's pod standings with their registrations (empty for a social event)."""
    if event.pod_play == "social":
        return []
    regs = {str(r.pk): r for r in Registration.objects.filter(event=event).select_related("player")}
    rows = pod_standings(
        list(regs), pod_records(event), table=pod_points_table(event.pod_points), seed=event.pairing_seed
    )
    return [(row, regs[row.id]) for row in rows]


@_atomic
def pair_pod_round(event: Event, *, actor, seed: int | None = None) -> Round:
    """Seat the next round in pods (status PAIRED, published like any round)."""
    require(actor, event, "run_rounds", "seat a round")
    event = _lock_event(event)
    require_event_open(event)
    last = Round.objects.filter(event=event).order_by("-number").first()
    if last is not None and last.status != RoundStatus.COMPLETE:
        raise ConflictError(
            _("round %(number)s is %(status)s: finish it before seating the next")
            % {"number": last.number, "status": last.get_status_display().lower()},
            code="round_open",
        )
    number = (last.number + 1) if last else 1
    regs = list(
        Registration.objects.filter(
            event=event, status__in=ACTIVE_REGISTRATION_STATUSES, joined_in_round__lte=number
        ).select_related("player")
    )
    if not regs:
        raise DomainError(_("round %(number)s needs players; there are none active") % {"number": number})
    table = pod_points_table(event.pod_points)
    points = {
        row.id: row.points
        for row in pod_standings([str(r.pk) for r in regs], pod_records(event), table=table)
    }
    met: dict[str, set[str]] = {str(r.pk): set() for r in regs}
    for rec in pod_records(event, completed_only=False):
        for pid in rec.players:
            met.setdefault(pid, set()).update(x for x in rec.players if x != pid)
    avoid: dict[str, set[str]] = {}
    for a, b in KeepApart.objects.filter(event=event).values_list("first_id", "second_id"):
        avoid.setdefault(str(a), set()).add(str(b))
    players = [
        PodPlayer(
            str(r.pk),
            points.get(str(r.pk), 0),
            tuple(sorted(met.get(str(r.pk), set()) - {str(r.pk)})),
            tuple(sorted(avoid.get(str(r.pk), set()))),
        )
        for r in regs
    ]
    if seed is None:
        seed = (event.pairing_seed * 1_000_003 + number) % (2**31)
    try:
        seating = seat_pods(
            players, round_number=number, seed=seed, policy=event.pod_policy, allow_two=event.pod_allow_two
        )
    except InvalidInput as exc:
        raise DomainError(_("seating failed: %(exc)s") % {"exc": exc}, field=exc.field) from exc
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                event=event,
                number=number,
                stage=RoundStage.SWISS,
                status=RoundStatus.PAIRED,
                seed=seed,
                duration_seconds=event.round_minutes * 60,
            )
    except IntegrityError as exc:
        raise ConflictError(
            _("round %(number)s was just seated by someone else") % {"number": number}, code="round_open"
        ) from exc
    by_id = {str(r.pk): r for r in regs}
    table_no = 0
    for ids in seating.pods:
        table_no += 1
        pod = Pod.objects.create(round=rnd, number=table_no)
        PodSeat.objects.bulk_create(
            [PodSeat(pod=pod, registration=by_id[pid], seat=i) for i, pid in enumerate(ids, start=1)]
        )
    for pid in seating.byes:
        table_no += 1
        pod = Pod.objects.create(
            round=rnd, number=table_no, report_status="confirmed", confirmed_at=timezone.now()
        )
        PodSeat.objects.create(pod=pod, registration=by_id[pid], seat=1, place=1, confirmed=True)
    if event.status == EventStatus.REGISTRATION:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status", "updated_at"])
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.pair",
        after={
            "number": number,
            "pods": [list(p) for p in seating.pods],
            "byes": list(seating.byes),
            "repeats": seating.repeats,
            "seed": seed,
            **({"kept_apart_met": [list(x) for x in seating.kept_apart]} if seating.kept_apart else {}),
        },
    )
    return rnd


def _winner_only(pod: Pod, places: dict) -> dict:
    """A report of the winner alone ({"winner": reg_id}) as places: the winner first, the others
    tied for second (a winner-only points table such as 3,0 then scores them 0)."""
    if set(places) != {"winner"}:
        return places
    try:
        winner = int(places["winner"])
    except (TypeError, ValueError):
        raise DomainError(_("say who won the pod"), field="places") from None
    ids = [s.registration_id for s in pod.seats.all()]
    if winner not in ids:
        raise DomainError(
            _("player %(winner)s is not seated at pod %(number)s") % {"winner": winner, "number": pod.number},
            field="places",
        )
    return {reg: (1 if reg == winner else 2) for reg in ids}


def _places(pod: Pod, places: dict) -> dict[int, int]:
    """Registration id -> place, checked: every seat has a place from 1 to the pod's size, and
    someone is first (ties share a place)."""
    seats = {s.registration_id: s for s in pod.seats.all()}
    got: dict[int, int] = {}
    for key, value in places.items():
        try:
            reg_id, place = int(key), int(value)
        except (TypeError, ValueError):
            raise DomainError(
                _("a place is a whole number, not %(value)s") % {"value": repr(value)}, field="places"
            ) from None
        if reg_id not in seats:
            raise DomainError(
                _("player %(reg_id)s is not seated at pod %(number)s")
                % {"reg_id": reg_id, "number": pod.number},
                field="places",
            )
        if not 1 <= place <= len(seats):
            raise DomainError(
                _("places at a pod of %(count)s run from 1 to %(count)s") % {"count": len(seats)},
                field="places",
            )
        got[reg_id] = place
    missing = [s.registration.player.display_name for s in seats.values() if s.registration_id not in got]
    if missing:
        raise DomainError(
            _("give a place for every player: missing %(missing)s") % {"missing": ", ".join(missing)},
            field="places",
        )
    if 1 not in got.values():
        raise DomainError(_("someone finishes first (tied players share a place)"), field="places")
    return got


def _pod_open(pod: Pod) -> None:
    if pod.round.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS):
        raise DomainError(
            _("round %(number)s is %(status)s: results go in while it runs")
            % {"number": pod.round.number, "status": pod.round.get_status_display().lower()},
            code="round_closed",
        )


def _locked(pod: Pod, expected_version: int | None) -> Pod:
    locked = Pod.objects.select_for_update().select_related("round__event").get(pk=pod.pk)
    if expected_version is not None and locked.version != expected_version:
        raise ConflictError(
            _("pod %(number)s's result changed while you were looking: reload and check it")
            % {"number": locked.number},
            code="stale",
        )
    return locked


def _snapshot(pod: Pod) -> dict:
    return {
        "status": pod.report_status,
        "places": {str(s.registration_id): s.place for s in pod.seats.all()},
        "confirmed": sorted(s.registration_id for s in pod.seats.all() if s.confirmed),
    }


def _finish(pod: Pod, *, actor) -> None:
    pod.report_status = "confirmed"
    pod.confirmed_at = timezone.now()
    pod.save(update_fields=["report_status", "confirmed_at", "version"])
    if not Pod.objects.filter(round=pod.round).exclude(report_status="confirmed").exists():
        _maybe_close_round(pod.round, actor=actor)


@_atomic
def report_pod_result(pod: Pod, *, actor, places: dict, expected_version: int | None = None) -> Pod:
    """A player of the pod reports every player's place (the others then confirm), or staff
    enter it (final at once); ``{"winner": reg_id}`` reports the winner only (the others share
    second place). Reporting again replaces the places and the confirmations."""
    pod = _locked(pod, expected_version)
    event = pod.round.event
    require_event_open(event)
    _pod_open(pod)
    staff = can(actor, event, "run_rounds")
    mine = pod.seats.filter(registration__player__user=actor).first() if actor is not None else None
    if not staff and mine is None:
        raise NotAllowed(_("only a player of this pod or the scorekeeper reports its result"))
    if pod.report_status == "confirmed" and not staff:
        raise ConflictError(
            _("this pod's result is confirmed: ask the scorekeeper to correct it"), code="confirmed"
        )
    got = _places(pod, _winner_only(pod, places))
    before = _snapshot(pod)
    for seat in pod.seats.all():
        seat.place = got[seat.registration_id]
        seat.confirmed = staff or (mine is not None and seat.pk == mine.pk)
        seat.save(update_fields=["place", "confirmed"])
    pod.version += 1
    pod.reported_by = mine.registration if mine is not None and not staff else None
    pod.reported_at = timezone.now()
    pod.report_status = "reported"
    pod.save(update_fields=["version", "reported_by", "reported_at", "report_status"])
    if staff:
        _finish(pod, actor=actor)
    _audit(pod, event=event, actor=actor, action="pod.result", before=before, after=_snapshot(pod))
    return pod


@_atomic
def confirm_pod_result(pod: Pod, *, actor, expected_version: int | None = None) -> Pod:
    """Another player of the pod agrees with the reported places; when all have, it is final."""
    pod = _locked(pod, expected_version)
    event = pod.round.event
    require_event_open(event)
    _pod_open(pod)
    mine = pod.seats.filter(registration__player__user=actor).first() if actor is not None else None
    if mine is None:
        raise NotAllowed(_("only a player of this pod confirms its result"))
    if pod.report_status != "reported":
        raise ConflictError(
            _("there is no reported result to confirm at this pod"), code="nothing_to_confirm"
        )
    before = _snapshot(pod)
    if not mine.confirmed:
        mine.confirmed = True
        mine.save(update_fields=["confirmed"])
    pod.version += 1
    pod.save(update_fields=["version"])
    # a player who dropped or was disqualified during the round is not waited for (as in Swiss)
    if all(
        s.confirmed or s.registration.status not in ACTIVE_REGISTRATION_STATUSES
        for s in pod.seats.select_related("registration")
    ):
        _finish(pod, actor=actor)
    _audit(pod, event=event, actor=actor, action="pod.confirm", before=before, after=_snapshot(pod))
    return pod
