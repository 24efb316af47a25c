"""Celery tasks over an event's decklists; each takes ids and runs one producer through
``core.files.run_generated_file`` (status, progress, the stored file or result)."""

from __future__ import annotations

import logging
from datetime import date

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import transaction

from core.documents import document_output
from core.files import Output, Progress, run_generated_file
from core.models import GeneratedFile
from tournament.models import Event

from .enums import JobKind
from .pdf import EventDecklists
from .selectors import decklists_for_event
from .services import revalidate_status_lists, revalidate_waiting_lists, revalidation_output, start_job

logger = logging.getLogger(__name__)


def combined_pdf_output(job: GeneratedFile, progress: Progress) -> Output:
    """Every submitted, accepted or locked list of the job's event in one PDF for the judges, in
    the language of the official who asked (stored with the job)."""
    event = Event.objects.get(pk=job.event_pk)
    decklists = [d for d in decklists_for_event(event) if d.status != "draft"]
    progress(0, len(decklists))
    document = EventDecklists(
        event, decklists, job_id=job.pk, language=(job.params or {}).get("language", ""), progress=progress
    )
    output = document_output(document, lists=len(decklists))
    output.result["bytes"] = len(output.content or b"")
    return output


@shared_task(name="decklists.task_render_event_decklists")
def task_render_event_decklists(*, file_id: int) -> int:
    """Render the combined decklist PDF of a job (``services.start_job``). Returns the job id."""
    job = run_generated_file(file_id, combined_pdf_output)
    logger.info("rendered %s decklists of event %s", job.result.get("lists"), job.event_id)
    return job.pk


@shared_task(name="decklists.task_revalidate_event_decklists")
def task_revalidate_event_decklists(*, file_id: int) -> int:
    """Re-validate every list of a job's event against the current (or chosen) card data."""
    job = run_generated_file(file_id, revalidation_output)
    logger.info("re-validated event %s: %s changed", job.event_id, len(job.result.get("changes", [])))
    return job.pk


def start_event_job(event: Event, *, actor, kind: str, release=None) -> GeneratedFile:
    """Create the job's row (``services.start_job``) and queue its task once the row is
    committed; the web form and the API both start jobs here."""
    job = start_job(event, actor=actor, kind=kind, release=release)
    task = task_revalidate_event_decklists if kind == JobKind.REVALIDATE else task_render_event_decklists
    transaction.on_commit(lambda: task.delay(file_id=job.pk))
    return job


@shared_task(name="decklists.task_revalidate_unknown_card_lists")
def task_revalidate_unknown_card_lists(*, game: str, release_id: int | None = None) -> int:
    """New card data landed: re-check the lists of running or upcoming events of ``game``
    that name cards the data did not know. Returns how many lists changed."""
    changes = revalidate_waiting_lists(game, release_id)
    logger.info("new %s card data: %d waiting list(s) changed", game, len(changes))
    return len(changes)


@shared_task(name="decklists.task_revalidate_status_lists")
def task_revalidate_status_lists(
    *,
    game: str,
    format_code: str,
    effective_from: str,
    effective_until: str | None = None,
    actor_id: int | None = None,
) -> int:
    """A status was recorded or withdrawn: re-check the lists of upcoming and running events of
    ``game`` whose date it covers. Returns how many lists changed."""

    actor = get_user_model().objects.filter(pk=actor_id).first() if actor_id else None
    changes = revalidate_status_lists(
        game,
        format_code,
        date.fromisoformat(effective_from),
        date.fromisoformat(effective_until) if effective_until else None,
        actor=actor,
    )
    logger.info("recorded %s status in %s: %d list(s) changed", game, format_code, len(changes))
    return len(changes)
