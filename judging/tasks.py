"""Background work for judging: the PenaltyReport PDF of a large event.

WeasyPrint needs seconds of CPU for a few hundred penalty rows (bench/judging.py), so large
reports are rendered by Celery into a ``core.GeneratedFile`` (app ``judging``, kind
``penalty-report``) and served from there while the penalties it was made from are unchanged.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from core.files import Output, Progress, fail_stale_files, run_generated_file, start_generated_file
from core.models import GeneratedFile, GeneratedFileStatus
from core.pdf import render_pdf
from tournament.models import Event

from . import selectors
from .enums import EffectStatus

log = logging.getLogger(__name__)

APP_LABEL = "judging"
REPORT_KIND = "penalty-report"


def render_penalty_report(event) -> bytes:
    """The PenaltyReport document of ``event`` as PDF bytes (core.pdf)."""
    return render_pdf(
        "judging/pdf/penalty_report.html",
        {
            "event": event,
            # The printed status cell's second line is the effect, left out when it would only
            # repeat the status ("Awaiting head-judge confirmation" / "Waits for ...").
            "rows": [
                {**row, "effect_note": "" if row["effect"] == EffectStatus.WAITING.label else row["effect"]}
                for row in selectors.penalty_report_rows(event)
            ],
            "stats": selectors.call_statistics(event),
            "generated_at": timezone.now(),
        },
    )


def _report_state(event) -> dict:
    """What a stored report was made from: the number of penalties and the latest issue time."""
    penalties = selectors.penalties_for_event(event)
    latest = penalties.order_by("-issued_at").values_list("issued_at", flat=True).first()
    return {"penalties": penalties.count(), "latest": latest.isoformat() if latest else None}


def penalty_report_file(event, *, requested_by=None) -> GeneratedFile:
    """The event's stored penalty report for its current penalties: the finished one if there
    is one, else the one being made, else a new one queued (eager mode: already done)."""
    state = _report_state(event)
    fail_stale_files(app_label=APP_LABEL, kind=REPORT_KIND, event_id=event.pk)  # a dead worker's report
    made_from_now = GeneratedFile.objects.filter(
        app_label=APP_LABEL, kind=REPORT_KIND, event_id=event.pk, params=state, expires_at__gt=timezone.now()
    )
    current = (
        made_from_now.filter(status=GeneratedFileStatus.DONE).first()
        or made_from_now.filter(status__in=[GeneratedFileStatus.PENDING, GeneratedFileStatus.RUNNING]).first()
    )
    if current is None:
        current = start_generated_file(
            APP_LABEL,
            REPORT_KIND,
            title="Penalty report",
            event_id=event.pk,
            params=state,
            requested_by=requested_by,
        )
        task_render_penalty_report.delay(file_id=current.pk)
        current.refresh_from_db()
    return current


def _penalty_report_output(generated: GeneratedFile, progress: Progress) -> Output:
    event = Event.objects.get(pk=generated.event_pk)
    data = render_penalty_report(event)
    log.info("penalty report for event %s: %d bytes", event.pk, len(data))
    return Output(content=data, filename=f"{event.slug}-penalties.pdf")


@shared_task(name="judging.task_render_penalty_report")
def task_render_penalty_report(*, file_id: int) -> int:
    """Render an event's penalty report into its generated file; returns the file's id."""
    return run_generated_file(file_id, _penalty_report_output).pk
