"""Day plans of multi-day events: the TR&P App B default fixed at the first pairings."""

from __future__ import annotations

from ..citations import is_ga
from ..day_plan import day_plan_for_event, is_multi_day
from ..models import Event, EventDay
from ._common import _audit


def fix_default_day_plan(event: Event, *, actor) -> list[EventDay]:
    """Store the App B multi-day default (``tournament.day_plan.default_day_plan``) as the
    event's day plan when a multi-day event is paired for the first time without a saved plan,
    so later drops and late entries do not change the days. Called inside ``pair_next_round``'s
    transaction; audited. Returns the stored days (none for other events)."""
    if not is_multi_day(event) or EventDay.objects.filter(event=event).exists():
        return []
    plan = day_plan_for_event(event)
    assert plan is not None  # a multi-day event always has one
    days = [EventDay.objects.create(event=event, **d) for d in plan.as_dicts()]
    _audit(
        event,
        event=event,
        actor=actor,
        action="event.days",
        before=[],
        after=[{k: v for k, v in d.items() if k != "date"} for d in plan.as_dicts()],
        reason=(
            f"multi-day default for {plan.players} players (our table: Grand Archive publishes none), "
            "fixed at the first pairings"
            if is_ga(event)
            else f"TR&P App B multi-day default for {plan.players} players, fixed at the first pairings"
        ),
    )
    return days
