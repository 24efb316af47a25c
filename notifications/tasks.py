"""Celery tasks: news into messages, fanned out in batches; the clock watcher (every minute)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament import selectors as tournament_selectors
from tournament.enums import ClockState, EventStatus, RoundStatus
from tournament.models import Match, Round

from . import messages, services
from .models import Notice

log = logging.getLogger(__name__)


def fan_out(items: list[messages.Message]) -> int:
    """Queue ``items`` as send tasks of ``settings.PUSH_BATCH_SIZE`` messages each; how many tasks."""
    size = max(1, int(settings.PUSH_BATCH_SIZE))
    batches = [items[i : i + size] for i in range(0, len(items), size)]
    for batch in batches:
        task_send_batch.delay(items=[[sub_id, payload] for sub_id, payload in batch])
    return len(batches)


@shared_task(name="notifications.task_news")
def task_news(*, kind: str, event_id: int, **ids) -> int:
    """One piece of news (``receivers.on_news``): its messages, queued in batches."""
    items = messages.news_messages(kind, event_id=event_id, **ids)
    batches = fan_out(items)
    log.info("news %s at event %s: %s messages in %s batches", kind, event_id, len(items), batches)
    return len(items)


@shared_task(name="notifications.task_send_batch")
def task_send_batch(*, items: list) -> dict:
    counts = services.send_batch([(int(sub_id), payload) for sub_id, payload in items])
    log.info("push batch: %s", counts)
    return counts


def _once(key: str) -> bool:
    """True the first time ``key`` is seen (a ``Notice`` row), False ever after."""
    try:
        with transaction.atomic():
            Notice.objects.create(key=key)
    except IntegrityError:
        return False
    return True


@shared_task(name="notifications.task_watch_clocks")
def task_watch_clocks() -> int:
    """Every minute (beat): a running round's last 10 minutes, to its players once; a table with
    no result ``PUSH_OVER_TIME_MINUTES`` after time was called (plus its own extension), to the
    staff once. How many pieces of news were queued."""
    now = timezone.now()
    queued = 0
    rounds = Round.objects.filter(
        status__in=[RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS],
        event__status=EventStatus.RUNNING,
    ).select_related("event")
    for round_ in rounds:
        if round_.clock_state == ClockState.RUNNING:
            status = tournament_selectors.clock_status(round_, now=now)
            if 0 < status.remaining_seconds <= 600 and _once(f"last10:{round_.pk}"):
                task_news.delay(kind="clock.last10", event_id=round_.event_id, round_id=round_.pk)
                queued += 1
        if round_.time_called_at is not None:
            late = now - timedelta(minutes=settings.PUSH_OVER_TIME_MINUTES)
            over = [
                m.pk
                for m in Match.objects.filter(round=round_, result="").exclude(player_b=None)
                if round_.time_called_at + timedelta(seconds=m.extension_seconds) < late
                and _once(f"over:{m.pk}")
            ]
            if over:
                task_news.delay(kind="table.over_time", event_id=round_.event_id, match_ids=over)
                queued += 1
    return queued
