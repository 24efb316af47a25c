"""Background rendering of an event's PDFs (large rounds) through ``core.files``.

Each request is one ``core.GeneratedFile`` row (app ``tournament``, kind = the document kind)
with progress, who asked, an expiry and cleanup; the page polls it by its key (32 hex digits)
and downloads the stored file when it is done.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.core.exceptions import PermissionDenied

from core.documents import document_output
from core.files import (
    Output,
    Progress,
    access_generated_file,
    requested_by,
    run_generated_file,
    start_generated_file,
)
from core.models import GeneratedFile, GeneratedFileStatus

from . import access
from .access import STAFF_LENS, document_lens, public_lens
from .models import Event
from .pdf import DOCUMENT_KINDS, PUBLIC_KINDS, document_for

log = logging.getLogger(__name__)

APP_LABEL = "tournament"


def start_pdf_job(*, event, kind: str, round_number: int, site_url: str, requested_by=None) -> GeneratedFile:
    """Record a pending file and hand it to Celery; returns the row (eager mode: already done).

    A file asked for by an official of the event carries the players' IDs (``with_ids``) and
    is then served to the event's officials and to whoever asked for it only; anyone else's
    copy of a public document carries names only (``tournament.access.document_lens``).

    Called outside a transaction (the row is committed before a worker can look for it).
    """
    if kind not in DOCUMENT_KINDS:
        raise ValueError(f"unknown document {kind!r}")
    with_ids = document_lens(requested_by, event).show_ids if requested_by is not None else False
    generated = start_generated_file(
        APP_LABEL,
        kind,
        title=f"Round {round_number} {kind}",
        event_id=event.pk,
        params={"round_number": round_number, "site_url": site_url, "with_ids": with_ids},
        requested_by=requested_by,
    )
    task_render_event_pdf.apply_async(kwargs={"file_id": generated.pk}, task_id=generated.key.hex)
    generated.refresh_from_db()
    return generated


def _render(generated: GeneratedFile, progress: Progress) -> Output:
    event = Event.objects.get(pk=generated.event_pk)
    round_number = generated.params["round_number"]
    progress(5, 100)
    lens = STAFF_LENS if generated.params.get("with_ids") else public_lens(event)
    document = document_for(
        event, generated.kind, round_number, site_url=generated.params.get("site_url", ""), lens=lens
    )
    progress(30, 100)
    output = document_output(document)
    progress(90, 100)
    log.info(
        "rendered %s for event %s round %s: %d bytes",
        generated.kind,
        event.pk,
        round_number,
        len(output.content or b""),
    )
    return output


@shared_task(name="tournament.task_render_event_pdf")
def task_render_event_pdf(*, file_id: int) -> str:
    """Render one of an event's documents into its generated file; returns the file's key."""
    eager = bool(task_render_event_pdf.request.is_eager)
    # Run in the web process, a failure is shown by the page that polls the row instead.
    return run_generated_file(file_id, _render, reraise=not eager).key.hex


def job_for(user, event: Event, job_id: str) -> GeneratedFile:
    """The event's PDF job ``job_id``: 404 if unknown, expired or of another event; 403 for a
    staff-only document (match slips) asked by someone who is neither an official of the event
    nor the one who asked for it."""
    return access_generated_file(
        user,
        app_label=APP_LABEL,
        key=job_id,
        event_id=event.pk,
        allowed=lambda g: (
            (g.kind in PUBLIC_KINDS and not g.params.get("with_ids"))
            or access.is_official(user, event)
            or requested_by(user, g)
        ),
        denied=PermissionDenied,
    )


def job_payload(generated: GeneratedFile, event: Event) -> dict[str, Any]:
    """The job as the progress page and its JSON show it (status queued, running, done, failed)."""
    status = "queued" if generated.status == GeneratedFileStatus.PENDING else generated.status
    payload: dict[str, Any] = {
        "job_id": generated.key.hex,
        "status": status,
        "progress": generated.percent,
        "event_id": generated.event_id,
        "event_slug": event.slug,
        "kind": generated.kind,
        "round_number": generated.params.get("round_number"),
        "requested_by": generated.created_by_id,
        "created_at": generated.created_at.isoformat(),
    }
    if generated.status == GeneratedFileStatus.DONE:
        payload.update(size=generated.size, filename=generated.filename)
    if generated.error:
        payload["error"] = generated.error
    return payload
