"""Background work for judging: the PenaltyReport PDF of a large event.

WeasyPrint needs seconds of CPU for a few hundred penalty rows (bench/judging.py), so large
reports are rendered by Celery into ``MEDIA_ROOT/judging-reports/`` and served from there.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.utils import timezone

log = logging.getLogger(__name__)


def report_path(event_id: int) -> Path:
    folder = Path(settings.MEDIA_ROOT) / "judging-reports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"event-{int(event_id)}-penalties.pdf"


def render_penalty_report(event) -> bytes:
    """The PenaltyReport document of ``event`` as PDF bytes (core.pdf)."""
    from core.pdf import render_pdf

    from . import selectors

    return render_pdf(
        "judging/pdf/penalty_report.html",
        {
            "event": event,
            "rows": selectors.penalty_report_rows(event),
            "stats": selectors.call_statistics(event),
            "generated_at": timezone.now(),
        },
    )


@shared_task(name="judging.render_penalty_report")
def task_render_penalty_report(*, event_id: int) -> str:
    """Render the event's penalty report to its file (atomic replace); returns the path."""
    from tournament.models import Event

    event = Event.objects.get(pk=event_id)
    data = render_penalty_report(event)
    target = report_path(event_id)
    tmp = target.with_suffix(".part")
    tmp.write_bytes(data)
    os.replace(tmp, target)
    log.info("penalty report for event %s: %d bytes", event_id, len(data))
    return str(target)
