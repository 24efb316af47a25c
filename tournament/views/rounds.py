"""Staff round actions: pair, re-pair, swap players, move a table, publish."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext

from core.errors import DomainError

from .. import selectors, services
from ..forms import ReasonForm
from ..models import Event
from ._common import _current, _int, staff_action


@staff_action("run_rounds", anchor="round")
def staff_pair(request: HttpRequest, event: Event):
    """Pair the next round. ``expected`` (the round number the button was shown for) makes a
    second press of the same button a clear 'already paired' instead of pairing round N+1."""
    expected = request.POST.get("expected")
    if expected:
        last = selectors.current_round(event)
        if last is not None and last.number >= _int(expected, name="expected"):
            raise DomainError(
                gettext("round %(number)s is already paired") % {"number": last.number}, code="already_paired"
            )
    choice = request.POST.get("not_checked_in") or None
    rnd = services.pair_next_round(event, actor=request.user, not_checked_in=choice)
    return gettext("Round %(number)s paired: review it, then publish.") % {"number": rnd.number}


@staff_action("run_rounds", anchor="round")
def staff_repair(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    reason = ReasonForm(request.POST)
    if not reason.is_valid():
        raise DomainError(gettext("say why the round is re-paired"), field="reason")
    services.repair_round(rnd, actor=request.user, reason=reason.cleaned_data["reason"])
    return gettext("Round %(number)s re-paired.") % {"number": rnd.number}


@staff_action("run_rounds", anchor="round")
def staff_swap(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    first = (
        selectors.registrations_for_event(event)
        .filter(pk=_int(request.POST.get("first"), name="first"))
        .first()
    )
    second = (
        selectors.registrations_for_event(event)
        .filter(pk=_int(request.POST.get("second"), name="second"))
        .first()
    )
    if first is None or second is None:
        raise DomainError(gettext("choose two players of this event"), field="first")
    services.swap_players(
        rnd, first=first, second=second, actor=request.user, reason=request.POST.get("reason", "")
    )
    return f"{first.player.display_name} and {second.player.display_name} swapped."


@staff_action("run_rounds", anchor="round")
def staff_table(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    match = services.match_at_table(rnd, _int(request.POST.get("table"), name="table"))
    new_table = _int(request.POST.get("new_table"), name="new table")
    reason = (request.POST.get("reason") or "").strip()
    if not reason:
        raise DomainError(gettext("say why the table changes"), field="reason")
    services.set_table_number(match, table_number=new_table, actor=request.user, reason=reason)
    return gettext("Match moved to table %(new_table)s.") % {"new_table": new_table}


@staff_action("run_rounds", anchor="round")
def staff_publish(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    services.publish_round(rnd, actor=request.user, override_reason=request.POST.get("override_reason", ""))
    return gettext("Round %(number)s published.") % {"number": rnd.number}
