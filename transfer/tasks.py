"""The event-file import as a job of ``core.files`` (app ``transfer``, kind ``import-event``).

The file is stored with the job's row, the task reads it and runs ``services.import_event``
(one transaction) and keeps the summary as the row's result, or the reason as its error.
The stored copy of the file is deleted once the import has run, whatever its outcome.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.files.base import ContentFile
from django.utils.translation import gettext as _

from core.files import Output, Progress, run_generated_file, start_generated_file
from core.models import GeneratedFile

from . import services

log = logging.getLogger(__name__)

APP_LABEL = "transfer"
KIND = "import-event"


def start_import_job(
    content: bytes, *, filename: str, replace: bool = False, slug: str | None = None, requested_by=None
) -> GeneratedFile:
    """A pending import job holding ``content`` (refused at once when larger than the limit);
    the caller runs it (``run_import_job``) or queues ``task_import_event``."""
    limits = services.ImportLimits.from_settings()
    if len(content) > limits.max_bytes:
        raise services.TransferError(
            _("%(filename)s is larger than %(max_bytes)s bytes")
            % {"filename": filename, "max_bytes": format(limits.max_bytes, ",")}
        )
    generated = start_generated_file(
        APP_LABEL,
        KIND,
        title=f"Import {filename}"[:120],
        params={"filename": filename[:200], "replace": replace, "slug": slug or ""},
        requested_by=requested_by,
    )
    generated.file.save("event-file.json", ContentFile(content), save=True)
    return generated


def import_output(generated: GeneratedFile, progress: Progress) -> Output:
    """The producer: read the stored file, import it, drop the stored copy."""
    try:
        with generated.file.open("rb") as stored:
            content = stored.read()
        params = generated.params
        summary = services.import_event(
            services.loads(content),
            replace=bool(params.get("replace")),
            slug=params.get("slug") or None,
            actor=generated.created_by,
            progress=progress,
        )
    finally:
        generated.file.delete(save=False)
        GeneratedFile.objects.filter(pk=generated.pk).update(file="")
    log.info("imported event %s from %s", summary.event.slug, generated.params.get("filename"))
    return Output(result=summary.as_result())


def run_import_job(file_id: int) -> GeneratedFile:
    """Run the job here and now; the row says done (with the summary) or failed (the reason)."""
    return run_generated_file(file_id, import_output, reraise=False)


@shared_task(name="transfer.task_import_event")
def task_import_event(*, file_id: int) -> int:
    """Import the event file of job ``file_id`` (``start_import_job``); returns the job id."""
    return run_import_job(file_id).pk
