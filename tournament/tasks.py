"""Background tasks of the event core (PDF rendering lives in ``tournament.pdf_tasks``; task names: see ``core.tasks``).

Tasks take ids (keyword-only), load objects, call one service and log. With no broker
configured Celery runs them eagerly.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.contrib.auth import get_user_model

from core.errors import DomainError

from . import selectors, services
from .models import Event, Round

log = logging.getLogger(__name__)


def _actor(actor_id):
    return get_user_model().objects.filter(pk=actor_id).first() if actor_id else None


@shared_task(name="tournament.task_pair_next_round")
def task_pair_next_round(
    *, event_id: int, actor_id: int | None = None, seed: int | None = None, publish: bool = False
) -> dict:
    """Pair (and optionally publish) the next round of an event, e.g. for a very large event.

    Returns ``{"ok": True, "round": n}`` or ``{"ok": False, "error": message}``: a refusal
    (round still open, no more rounds) is reported, not raised.
    """
    event = Event.objects.get(pk=event_id)
    actor = _actor(actor_id)
    try:
        rnd = services.pair_next_round(event, actor=actor, seed=seed)
        if publish:
            rnd = services.publish_round(rnd, actor=actor)
    except DomainError as exc:
        log.info("pairing %s refused: %s", event.slug, exc.message)
        return {"ok": False, "error": exc.message, "code": exc.code}
    log.info("paired %s round %s", event.slug, rnd.number)
    return {"ok": True, "round": rnd.number, "status": rnd.status}


@shared_task(name="tournament.task_call_time_when_due")
def task_call_time_when_due(*, round_id: int) -> dict:
    """Mark time called on a round whose clock has run out (the clock itself needs no task:
    remaining time is always computed from the stored fields)."""
    rnd = Round.objects.select_related("event").get(pk=round_id)
    status = selectors.clock_status(rnd)
    if status.state != "running" or status.remaining_seconds > 0:
        return {"called": False, "remaining_seconds": status.remaining_seconds}
    services.call_time(rnd, actor=None)
    return {"called": True, "remaining_seconds": status.remaining_seconds}
