"""Background work for judging: the PenaltyReport PDF of a large event.

WeasyPrint needs seconds of CPU for a few hundred penalty rows (bench/judging.py), so large
reports are rendered by Celery into a ``core.GeneratedFile`` (app ``judging``, kind
``penalty-report``) and served from there while the penalties it was made from are unchanged.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from core.documents import document_output, queued_language
from core.files import Output, Progress, fail_stale_files, run_generated_file, start_generated_file
from core.models import GeneratedFile, GeneratedFileStatus
from tournament.models import Event

from . import selectors
from .documents import PenaltyReport

log = logging.getLogger(__name__)

APP_LABEL = "judging"
REPORT_KIND = "penalty-report"


def render_penalty_report(event, *, language: str = "") -> bytes:
    """The PenaltyReport document of ``event`` as PDF bytes, in ``language`` ("": the active one)."""
    return PenaltyReport(event, language).render()


def _report_state(event) -> dict:
    """What a stored report was made from: the number of penalties and the latest issue time."""
    penalties = selectors.penalties_for_event(event)
    latest = penalties.order_by("-issued_at").values_list("issued_at", flat=True).first()
    return {"penalties": penalties.count(), "latest": latest.isoformat() if latest else None}


def penalty_report_file(event, *, requested_by=None, language: str | None = None) -> GeneratedFile:
    """The event's stored penalty report for its current penalties in the asker's language: the
    finished one if there is one, else the one being made, else a new one queued (eager mode:
    already done). ``language`` defaults to ``queued_language(requested_by)``; it is stored with
    the job, so the worker prints in it and an asker reading another language gets their own."""
    if language is None:
        language = queued_language(requested_by)
    state = {**_report_state(event), "language": language}
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
    output = document_output(PenaltyReport(event, generated.params.get("language", "")))
    log.info("penalty report for event %s: %d bytes", event.pk, len(output.content or b""))
    return output


@shared_task(name="judging.task_render_penalty_report")
def task_render_penalty_report(*, file_id: int) -> int:
    """Render an event's penalty report into its generated file; returns the file's id."""
    return run_generated_file(file_id, _penalty_report_output).pk
