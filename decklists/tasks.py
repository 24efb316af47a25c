"""Celery tasks over an event's decklists; each takes ids, loads rows, calls one service."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.files.base import ContentFile
from django.utils import timezone

from .enums import JobKind, JobStatus
from .models import DecklistJob

logger = logging.getLogger(__name__)


def _job(event_id: int, job_id: int | None, kind: str) -> DecklistJob:
    if job_id is not None:
        return DecklistJob.objects.select_related("event").get(pk=job_id, event_id=event_id)
    return DecklistJob.objects.create(event_id=event_id, kind=kind)


@shared_task(name="decklists.tasks.task_render_event_decklists")
def task_render_event_decklists(*, event_id: int, job_id: int | None = None) -> int:
    """Render every submitted, accepted or locked list of the event into one PDF for the
    judges, store it on the job, report progress. Returns the job id."""
    from .pdf import DecklistSheet
    from .selectors import decklists_for_event

    job = _job(event_id, job_id, JobKind.RENDER)
    decklists = [d for d in decklists_for_event(job.event) if d.status != "draft"]
    DecklistJob.objects.filter(pk=job.pk).update(status=JobStatus.RUNNING, total=len(decklists), done=0)
    try:

        def progress(done: int, total: int) -> None:
            DecklistJob.objects.filter(pk=job.pk).update(done=done)

        pdf = DecklistSheet(decklists, title=f"Decklists: {job.event.name}").render_with_progress(progress)
        job.refresh_from_db()
        job.file.save(f"decklists-{job.event.slug}-{job.pk}.pdf", ContentFile(pdf), save=False)
        job.status = JobStatus.DONE
        job.done = len(decklists)
        job.finished_at = timezone.now()
        job.result = {"lists": len(decklists), "bytes": len(pdf)}
        job.save()
    except Exception as exc:
        logger.exception("rendering decklists of event %s failed", event_id)
        DecklistJob.objects.filter(pk=job.pk).update(
            status=JobStatus.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        raise
    logger.info("rendered %d decklists of event %s", len(decklists), event_id)
    return job.pk


@shared_task(name="decklists.tasks.task_revalidate_event_decklists")
def task_revalidate_event_decklists(*, event_id: int, job_id: int | None = None) -> int:
    """Re-validate every list of the event against the current card data. Returns the job id."""
    from .services import run_revalidation_job

    job = _job(event_id, job_id, JobKind.REVALIDATE)
    job = run_revalidation_job(job)
    logger.info("re-validated event %s: %s changed", event_id, len(job.result.get("changes", [])))
    return job.pk


@shared_task(name="decklists.tasks.task_revalidate_unknown_card_lists")
def task_revalidate_unknown_card_lists(*, game: str, release_id: int | None = None) -> int:
    """New card data landed: re-check the lists of running or upcoming events of ``game``
    that name cards the data did not know. Returns how many lists changed."""
    from .services import revalidate_waiting_lists

    changes = revalidate_waiting_lists(game, release_id)
    logger.info("new %s card data: %d waiting list(s) changed", game, len(changes))
    return len(changes)
