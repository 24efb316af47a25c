"""Booster draft seating (TR&P 8.2): pods and seats for the Swiss, seats for a draft play-off.

Pods: players draft at tables of (about) eight and the Swiss pairs them only within their pod.
Each player's pod and seat (clockwise from 1) is stored on the registration. Staff seat the
event at random (the default) and may then edit any seat; the pairing refuses a player who has
no pod in an event that uses pods (``pairing.check_pods``).

Play-off: when the play-off is itself a booster draft, its qualifiers are seated at random
around one table (``playoff_seat``) and the bracket follows the seats: players directly across
meet first (``pairing.draft_playoff_applies``). The first play-off pairing seats anyone not yet
seated, so a random seating is the default there too.
"""

from __future__ import annotations

import random
import secrets

from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError

from .. import pairing, selectors
from ..access import require
from ..citations import cite
from ..enums import ACTIVE_REGISTRATION_STATUSES, RoundStage, RoundStatus
from ..models import Event, Registration, Round
from ._common import _atomic, _audit, _lock_event, require_event_open

DEFAULT_POD_SIZE = 8
MAX_POD_SIZE = 16


def _seat_snapshot(regs) -> dict:
    return {str(r.pk): [r.pod, r.seat, r.playoff_seat] for r in regs}


def pod_sizes(players: int, pod_size: int) -> list[int]:
    """Sizes of the pods for ``players``: as few pods as ``pod_size`` allows, sizes differing by
    at most one (20 players in pods of 8: 7, 7, 6)."""
    if players <= 0:
        return []
    pods = -(-players // pod_size)
    base, extra = divmod(players, pods)
    return [base + 1 if k < extra else base for k in range(pods)]


def _seatable(event: Event) -> list[Registration]:
    return list(
        Registration.objects.select_for_update()
        .filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES)
        .select_related("player")
        .order_by("pk")
    )


def _require_no_open_round(event: Event) -> None:
    last = selectors.current_round(event)
    if last is not None and last.status != RoundStatus.COMPLETE:
        raise ConflictError(
            _("round %(number)s is %(status)s: seat players between rounds")
            % {"number": last.number, "status": last.get_status_display().lower()},
            code="round_open",
        )


@_atomic
def seat_pods_at_random(
    event: Event, *, actor, pod_size: int = DEFAULT_POD_SIZE, seed: int | None = None
) -> list[Registration]:
    """Seat every active player in draft pods at random (TR&P 8.2: pods of 8 recommended).

    Pods are numbered from 1 and seats clockwise from 1 within each pod; sizes differ by at most
    one. Replaces any earlier pod seating. Between rounds only. Side effect: one audit record
    with every seat before and after.
    """
    require(actor, event, "manage_players", _("seat draft pods"))
    event = _lock_event(event)
    require_event_open(event)
    if isinstance(pod_size, bool) or not isinstance(pod_size, int) or not 2 <= pod_size <= MAX_POD_SIZE:
        raise DomainError(
            _("a pod seats 2 to %(max_pod_size)s players") % {"max_pod_size": MAX_POD_SIZE}, field="pod_size"
        )
    _require_no_open_round(event)
    regs = _seatable(event)
    if len(regs) < 2:
        raise DomainError(_("seating needs at least two active players"), field="pod_size")
    before = _seat_snapshot(regs)
    rng = random.Random(seed if seed is not None else secrets.randbits(63))
    order = regs[:]
    rng.shuffle(order)
    k = 0
    for pod, size in enumerate(pod_sizes(len(order), pod_size), start=1):
        for seat in range(1, size + 1):
            order[k].pod, order[k].seat = pod, seat
            k += 1
    Registration.objects.bulk_update(order, ["pod", "seat"])
    _audit(
        event,
        event=event,
        actor=actor,
        action="draft.seat_pods",
        before=before,
        after=_seat_snapshot(regs),
        reason=f"random seating, pods of up to {pod_size} ({cite(event, 'draft_seating')})",
    )
    return regs


def _check_unique(pairs: list[tuple[tuple, Registration]], what: str) -> None:
    seen: dict[tuple, Registration] = {}
    for key, reg in pairs:
        if key in seen:
            raise DomainError(
                _("%(display_name)s and %(display_name2)s have the same %(what)s")
                % {
                    "display_name": reg.player.display_name,
                    "display_name2": seen[key].player.display_name,
                    "what": what,
                },
                field="seats",
            )
        seen[key] = reg


@_atomic
def set_pod_seating(
    event: Event, *, seats: dict[int, tuple[int | None, int | None]], actor, reason: str = ""
):
    """Edit pods and seats: ``seats`` maps registration id to (pod, seat); (None, None) takes a
    player out of the pods. A seat needs a pod; no two players share a seat of the same pod.
    Between rounds only; the next pairing uses the new pods. One audit record."""
    require(actor, event, "manage_players", _("seat draft pods"))
    event = _lock_event(event)
    require_event_open(event)
    _require_no_open_round(event)
    regs = {
        r.pk: r for r in Registration.objects.select_for_update().filter(event=event).select_related("player")
    }
    before = _seat_snapshot(regs[rid] for rid in seats if rid in regs)
    for rid, (pod, seat) in seats.items():
        reg = regs.get(rid)
        if reg is None:
            raise DomainError(_("no registration %(rid)s at this event") % {"rid": rid}, field="seats")
        for name, value in (("pod", pod), ("seat", seat)):
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 999
            ):
                raise DomainError(
                    _("a %(name)s is a whole number from 1 to 999") % {"name": name}, field=name
                )
        if seat is not None and pod is None:
            raise DomainError(
                _("%(display_name)s: a seat needs a pod") % {"display_name": reg.player.display_name},
                field="pod",
            )
        reg.pod, reg.seat = pod, seat
    seated = [
        ((r.pod, r.seat), r)
        for r in regs.values()
        if r.seat is not None and r.status in ACTIVE_REGISTRATION_STATUSES
    ]
    _check_unique(seated, "seat")
    changed = [regs[rid] for rid in seats]
    Registration.objects.bulk_update(changed, ["pod", "seat"])
    _audit(
        event,
        event=event,
        actor=actor,
        action="draft.edit_pods",
        before=before,
        after=_seat_snapshot(changed),
        reason=reason,
    )
    return changed


def _playoff_open(event: Event) -> int:
    """The top cut size, checked: the Swiss is over and the play-off not yet paired."""
    swiss_rounds, top_cut = selectors.effective_structure(event)
    if not pairing.draft_playoff_applies(event, top_cut=top_cut):
        raise DomainError(
            _("this event's play-off is not a booster draft of 4 or 8 players (%(cite)s)")
            % {"cite": cite(event, "draft_seating")},
            code="not_draft",
        )
    if selectors.swiss_rounds_played(event) < swiss_rounds:
        raise DomainError(_("the play-off draft is seated once the Swiss rounds are over"), code="too_early")
    if Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).exists():
        raise ConflictError(_("the play-off is paired: its seating is fixed"), code="started")
    return top_cut


def _fill_playoff_seats(event: Event, *, top_cut: int, rng: random.Random, reseat: bool) -> tuple[list, dict]:
    qualified = pairing.top_cut_qualifiers(event, top_cut=top_cut)
    regs = list(
        Registration.objects.select_for_update()
        .filter(pk__in=[r.pk for r in qualified])
        .select_related("player")
    )
    before = _seat_snapshot(regs)
    if reseat:
        for r in regs:
            r.playoff_seat = None
    taken = {r.playoff_seat for r in regs if r.playoff_seat is not None}
    free = [n for n in range(1, top_cut + 1) if n not in taken]
    rng.shuffle(free)
    for r in regs:
        if r.playoff_seat is None:
            r.playoff_seat = free.pop()
    # a player outside the play-off keeps no play-off seat
    Registration.objects.filter(event=event, playoff_seat__isnull=False).exclude(
        pk__in=[r.pk for r in regs]
    ).update(playoff_seat=None)
    Registration.objects.bulk_update(regs, ["playoff_seat"])
    return regs, before


@_atomic
def seat_playoff_draft(
    event: Event, *, actor, seed: int | None = None, reseat: bool = True
) -> list[Registration]:
    """Seat the play-off qualifiers at random around the play-off draft table (TR&P 8.2).

    ``reseat=False`` keeps seats already given and seats only the others (what the first
    play-off pairing does). After the Swiss, before the first play-off round is published.
    One audit record.
    """
    require(actor, event, "manage_players", _("seat the play-off draft"))
    event = _lock_event(event)
    require_event_open(event)
    top_cut = _playoff_open(event)
    rng = random.Random(seed if seed is not None else secrets.randbits(63))
    regs, before = _fill_playoff_seats(event, top_cut=top_cut, rng=rng, reseat=reseat)
    _audit(
        event,
        event=event,
        actor=actor,
        action="draft.seat_playoff",
        before=before,
        after=_seat_snapshot(regs),
        reason=f"random play-off draft seating ({cite(event, 'draft_seating')})",
    )
    return regs


def ensure_playoff_seating(event: Event, *, top_cut: int, actor, seed: int) -> None:
    """Called by the first play-off pairing of a draft play-off: qualifiers without a play-off
    seat are seated at random (seeded by the round's seed), seats already set are kept."""
    qualified = pairing.top_cut_qualifiers(event, top_cut=top_cut)
    if all(r.playoff_seat is not None for r in qualified):
        return
    regs, before = _fill_playoff_seats(event, top_cut=top_cut, rng=random.Random(seed), reseat=False)
    _audit(
        event,
        event=event,
        actor=actor,
        action="draft.seat_playoff",
        before=before,
        after=_seat_snapshot(regs),
        reason=f"random play-off draft seating at the first play-off pairing ({cite(event, 'draft_seating')})",
    )


@_atomic
def set_playoff_seats(event: Event, *, seats: dict[int, int], actor, reason: str = "") -> list[Registration]:
    """Edit the play-off draft seating: ``seats`` maps a qualifier's registration id to a seat
    from 1 to the top cut size; no two qualifiers share a seat. Before the play-off is paired.
    One audit record."""
    require(actor, event, "manage_players", _("seat the play-off draft"))
    event = _lock_event(event)
    require_event_open(event)
    top_cut = _playoff_open(event)
    qualified = {r.pk: r for r in pairing.top_cut_qualifiers(event, top_cut=top_cut)}
    regs = {
        r.pk: r
        for r in Registration.objects.select_for_update()
        .filter(pk__in=list(qualified))
        .select_related("player")
    }
    before = _seat_snapshot(regs.values())
    for rid, seat in seats.items():
        if rid not in regs:
            raise DomainError(_("registration %(rid)s is not in the play-off") % {"rid": rid}, field="seats")
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= top_cut
        ):
            raise DomainError(
                _("a play-off seat is a whole number from 1 to %(top_cut)s") % {"top_cut": top_cut},
                field="seats",
            )
        regs[rid].playoff_seat = seat
    _check_unique(
        [((r.playoff_seat,), r) for r in regs.values() if r.playoff_seat is not None], "play-off seat"
    )
    Registration.objects.bulk_update(list(regs.values()), ["playoff_seat"])
    _audit(
        event,
        event=event,
        actor=actor,
        action="draft.edit_playoff_seats",
        before=before,
        after=_seat_snapshot(regs.values()),
        reason=reason,
    )
    return list(regs.values())
