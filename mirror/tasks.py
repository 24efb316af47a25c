"""Celery tasks of the mirror add-on: the import of a mirrored event (``mirror.jobs``)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from core.files import run_generated_file
from core.models import GeneratedFile

from . import jobs


def queue_import(generated: GeneratedFile) -> GeneratedFile:
    """Queue the job (eagerly run when no broker is configured); returns the row as it is now."""
    task_import_event.apply_async(kwargs={"file_id": generated.pk}, task_id=generated.key.hex)
    generated.refresh_from_db()
    return generated


@shared_task(
    name="mirror.task_import_event",
    soft_time_limit=getattr(settings, "MIRROR_IMPORT_SECONDS", 600),
    time_limit=getattr(settings, "MIRROR_IMPORT_SECONDS", 600) + 60,
)
def task_import_event(*, file_id: int) -> int:
    """Import what job ``file_id`` holds (``jobs.start_import_job``); returns the job id. A
    refusal or the time limit leaves the row failed with the reason and nothing imported."""
    eager = bool(task_import_event.request.is_eager)
    return run_generated_file(file_id, jobs.import_output, reraise=not eager).pk
