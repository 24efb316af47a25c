"""Background rendering of an event's PDFs (large events) with progress and a download.

State lives in a small JSON manifest per job under ``MEDIA_ROOT/pdf-jobs/`` next to
the rendered file, so it works the same with eager Celery (no broker) and with a real
worker sharing the disk, and it survives a restart of either. Manifests are replaced
atomically (write to a temp file, then ``os.replace``).
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import uuid
from pathlib import Path
from typing import Any

from celery import shared_task
from django.conf import settings
from django.utils import timezone

log = logging.getLogger(__name__)

JOB_ID_RE = re.compile(r"^[0-9a-f]{32}$")


class JobNotFound(LookupError):
    pass


def jobs_dir() -> Path:
    path = Path(settings.MEDIA_ROOT) / "pdf-jobs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _manifest_path(job_id: str) -> Path:
    if not JOB_ID_RE.match(job_id or ""):
        raise JobNotFound(f"no PDF job {job_id!r}")
    return jobs_dir() / f"{job_id}.json"


def pdf_path(job_id: str) -> Path:
    _manifest_path(job_id)
    return jobs_dir() / f"{job_id}.pdf"


def read_job(job_id: str) -> dict[str, Any]:
    """The manifest of a job: status (queued, running, done, failed), progress 0-100, etc."""
    path = _manifest_path(job_id)
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise JobNotFound(f"no PDF job {job_id!r}") from None


def _write_job(job_id: str, data: dict[str, Any]) -> dict[str, Any]:
    path = _manifest_path(job_id)
    data = {**data, "job_id": job_id, "updated_at": timezone.now().isoformat()}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".job-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(data, fh)
    os.replace(tmp, path)
    return data


def _update_job(job_id: str, **changes: Any) -> dict[str, Any]:
    try:
        data = read_job(job_id)
    except JobNotFound:
        data = {}
    data.update(changes)
    return _write_job(job_id, data)


def start_pdf_job(*, event, kind: str, round_number: int, site_url: str, requested_by=None) -> dict[str, Any]:
    """Record a queued job and hand it to Celery; returns the manifest (eager mode: already done)."""
    from .pdf import DOCUMENT_KINDS

    if kind not in DOCUMENT_KINDS:
        raise ValueError(f"unknown document {kind!r}")
    job_id = uuid.uuid4().hex
    _write_job(
        job_id,
        {
            "status": "queued",
            "progress": 0,
            "event_id": event.pk,
            "event_slug": event.slug,
            "kind": kind,
            "round_number": round_number,
            "requested_by": getattr(requested_by, "pk", None),
            "created_at": timezone.now().isoformat(),
        },
    )
    task_render_event_pdf.apply_async(
        kwargs={
            "event_id": event.pk,
            "kind": kind,
            "round_number": round_number,
            "job_id": job_id,
            "site_url": site_url,
        },
        task_id=job_id,
    )
    return read_job(job_id)


@shared_task(name="tournament.render_event_pdf")
def task_render_event_pdf(
    *, event_id: int, kind: str, round_number: int, job_id: str | None = None, site_url: str = ""
) -> str:
    """Render one of an event's documents to ``MEDIA_ROOT/pdf-jobs/<job_id>.pdf``; returns the job id."""
    from .models import Event
    from .pdf import document_for

    job_id = job_id or uuid.uuid4().hex
    _update_job(job_id, status="running", progress=5, event_id=event_id, kind=kind, round_number=round_number)
    try:
        event = Event.objects.get(pk=event_id)
        document = document_for(event, kind, round_number, site_url=site_url)
        _update_job(job_id, progress=30)
        data = document.render()
        _update_job(job_id, progress=90)
        target = pdf_path(job_id)
        tmp = target.with_suffix(".part")
        tmp.write_bytes(data)
        os.replace(tmp, target)
        filename = f"{event.slug}-round-{round_number}-{kind}.pdf"
        _update_job(job_id, status="done", progress=100, size=len(data), filename=filename)
        log.info("rendered %s for event %s round %s: %d bytes", kind, event_id, round_number, len(data))
    except Exception as exc:  # the manifest must say why, whatever failed
        _update_job(job_id, status="failed", error=str(exc) or exc.__class__.__name__)
        log.exception("PDF job %s failed", job_id)
        if task_render_event_pdf.request.is_eager:
            return job_id  # run in the web process: the manifest already tells the page
        raise
    return job_id
