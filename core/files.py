"""The one way to make a file: every PDF, export and batch report of every app.

Pattern (like pretalx's cached files):

1. A view or service calls ``start_generated_file`` (one row, status ``pending``, an expiry)
   and queues the app's Celery task with ``transaction.on_commit`` (or at once).
2. The task calls ``run_generated_file(file_id, produce)``: the row goes ``running``,
   ``produce(generated, progress)`` does the work and reports ``progress(done, total)``,
   and returns an ``Output`` (bytes for a file and/or a JSON result). The row goes ``done``
   with the stored file, or ``failed`` with the error.
3. Views read the row with ``access_generated_file``: unknown, expired or of another app,
   kind or event is 404; then the app's own predicate decides (``requested_by`` helps).
4. ``delete_expired_files`` (Celery task ``core.task_delete_expired_files`` and the
   ``delete_expired_files`` management command) removes expired rows and their files.
5. A row whose worker died does not stay ``running`` forever: the task beats
   (``heartbeat_at``) when it starts, on each progress report and every few seconds while it
   works; ``fail_stale_files`` marks ``failed`` (with a message saying to ask again) a running
   row silent for ``GENERATED_FILE_STALE_MINUTES`` and a pending row no worker started within
   ``GENERATED_FILE_PENDING_MINUTES``. Beat runs it every minute (``core.task_fail_stale_files``)
   and ``find_generated_file`` runs it on the row it reads, so a page polling a dead job shows
   the failure even without beat; asking again then starts a fresh row.

With no broker configured, Celery runs tasks eagerly, so the row is finished when the
request that started it returns.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import connection, connections, transaction
from django.db.models import Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from .models import GeneratedFile, GeneratedFileStatus

log = logging.getLogger(__name__)

#: How long a generated file is kept unless the caller says otherwise.
DEFAULT_TTL = timedelta(days=7)

Progress = Callable[[int, int], None]


@dataclass
class Output:
    """What a producer made: file bytes (with a download name) and/or a JSON-able result."""

    content: bytes | None = None
    filename: str = ""
    content_type: str = "application/pdf"
    result: dict[str, Any] = field(default_factory=dict)


def ttl() -> timedelta:
    hours = getattr(settings, "GENERATED_FILE_TTL_HOURS", None)
    return timedelta(hours=hours) if hours else DEFAULT_TTL


def start_generated_file(
    app_label: str,
    kind: str,
    *,
    title: str = "",
    event_id: int | None = None,
    params: dict[str, Any] | None = None,
    requested_by=None,
    result: dict[str, Any] | None = None,
    expires_in: timedelta | None = None,
) -> GeneratedFile:
    """A new ``pending`` row; the caller queues its task. ``requested_by`` may be anonymous."""
    now = timezone.now()
    return GeneratedFile.objects.create(
        app_label=app_label,
        kind=kind,
        title=title,
        event_id=event_id,
        params=params or {},
        result=result or {},
        created_by=requested_by if getattr(requested_by, "is_authenticated", False) else None,
        expires_at=now + (expires_in or ttl()),
    )


def stale_after() -> timedelta:
    """How long a running row may go without a heartbeat before it counts as orphaned."""
    return timedelta(minutes=float(getattr(settings, "GENERATED_FILE_STALE_MINUTES", 5)))


def pending_after() -> timedelta:
    """How long a row may wait for a worker to start it."""
    return timedelta(minutes=float(getattr(settings, "GENERATED_FILE_PENDING_MINUTES", 60)))


def _minutes(delta: timedelta) -> str:
    minutes = max(1, round(delta.total_seconds() / 60))
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def _stale(now) -> tuple[Q, Q]:
    running = Q(status=GeneratedFileStatus.RUNNING) & (
        Q(heartbeat_at__lt=now - stale_after())
        | Q(heartbeat_at__isnull=True, created_at__lt=now - stale_after())
    )
    pending = Q(status=GeneratedFileStatus.PENDING, created_at__lt=now - pending_after())
    return running, pending


def is_stale(generated: GeneratedFile, *, now=None) -> bool:
    """Whether ``fail_stale_files`` would mark this row failed (checked without a query)."""
    now = now or timezone.now()
    if generated.status == GeneratedFileStatus.RUNNING:
        return (generated.heartbeat_at or generated.created_at) < now - stale_after()
    if generated.status == GeneratedFileStatus.PENDING:
        return generated.created_at < now - pending_after()
    return False


def fail_stale_files(*, now=None, **lookup: Any) -> int:
    """Mark ``failed`` the rows (among those matching ``lookup``) whose worker died: running
    with no heartbeat for ``stale_after()``, or pending and never started within
    ``pending_after()``. Their message says so and to ask again; returns how many."""
    now = now or timezone.now()
    running, pending = _stale(now)
    rows = GeneratedFile.objects.filter(**lookup)
    count = rows.filter(running).update(
        status=GeneratedFileStatus.FAILED,
        error=(
            f"The process making this stopped (no sign of life for {_minutes(stale_after())}); "
            "it was probably restarted. Ask for it again."
        ),
        finished_at=now,
    )
    count += rows.filter(pending).update(
        status=GeneratedFileStatus.FAILED,
        error=(
            f"No background worker started this within {_minutes(pending_after())}. Ask for it "
            "again; if it happens again, the Celery worker is not running."
        ),
        finished_at=now,
    )
    if count:
        log.warning("marked %d orphaned generated files failed", count)
    return count


def set_progress(file_id: int, done: int, total: int | None = None) -> None:
    changes: dict[str, Any] = {"done": done, "heartbeat_at": timezone.now()}
    if total is not None:
        changes["total"] = total
    GeneratedFile.objects.filter(pk=file_id).update(**changes)


class _Heartbeat:
    """A thread that marks the row alive every few seconds while ``produce`` works (a long
    render may report no progress for minutes). It dies with its process, which is the point.

    Not started inside a transaction (a task run eagerly in a request): another connection
    could wait on the row's lock, and such a row cannot outlive its request anyway."""

    def __init__(self, file_id: int) -> None:
        self.file_id = file_id
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def __enter__(self) -> _Heartbeat:
        if not connection.in_atomic_block:
            self.thread = threading.Thread(target=self._run, name=f"heartbeat-{self.file_id}", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join(timeout=5)

    def _run(self) -> None:
        interval = max(1.0, stale_after().total_seconds() / 5)
        try:
            while not self.stop.wait(interval):
                GeneratedFile.objects.filter(pk=self.file_id, status=GeneratedFileStatus.RUNNING).update(
                    heartbeat_at=timezone.now()
                )
        except Exception:  # a missed beat is not worth failing the render for
            log.exception("heartbeat of generated file %s failed", self.file_id)
        finally:
            connections.close_all()  # this thread's own connections


def run_generated_file(
    file_id: int, produce: Callable[[GeneratedFile, Progress], Output], *, reraise: bool = True
) -> GeneratedFile:
    """The body of every generating task: run ``produce`` on the row, store what it made.

    A failure is recorded on the row (``failed`` and the message) and re-raised when
    ``reraise`` (a worker then logs it); tasks run eagerly in the web process pass
    ``reraise=False`` so the page that polls the row shows the message instead.
    """
    generated = GeneratedFile.objects.get(pk=file_id)
    started = timezone.now()
    GeneratedFile.objects.filter(pk=file_id).update(
        status=GeneratedFileStatus.RUNNING, heartbeat_at=started, error="", finished_at=None
    )
    generated.status = GeneratedFileStatus.RUNNING
    generated.heartbeat_at = started
    try:
        with _Heartbeat(file_id):
            output = produce(generated, lambda done, total: set_progress(file_id, done, total))
        generated.refresh_from_db(fields=["total", "done", "result", "heartbeat_at"])
        if output.content is not None:
            name = output.filename or f"{generated.kind}.bin"
            generated.file.save(name, ContentFile(output.content), save=False)
            generated.filename = name
            generated.content_type = output.content_type
            generated.size = len(output.content)
        generated.result = {**generated.result, **output.result}
        generated.status = GeneratedFileStatus.DONE
        generated.done = generated.total = max(generated.total, generated.done)
        generated.finished_at = timezone.now()
        generated.error = ""
        generated.save()
    except Exception as exc:  # the row must say why, whatever failed
        log.exception("generating %s.%s (%s) failed", generated.app_label, generated.kind, file_id)
        GeneratedFile.objects.filter(pk=file_id).update(
            status=GeneratedFileStatus.FAILED,
            error=(str(exc) or exc.__class__.__name__)[:2000],
            finished_at=timezone.now(),
        )
        generated.refresh_from_db()
        if reraise:
            raise
    return generated


def find_generated_file(
    *,
    app_label: str,
    kinds: Collection[str] | None = None,
    pk: int | None = None,
    key: str | None = None,
    event_id: int | None = None,
) -> GeneratedFile:
    """The row of ``app_label`` by id or key (32 hex digits), not expired; ``Http404`` otherwise."""
    rows = GeneratedFile.objects.filter(app_label=app_label, expires_at__gt=timezone.now())
    if key is not None:
        try:
            rows = rows.filter(key=uuid.UUID(hex=key))
        except (TypeError, ValueError):
            raise Http404(gettext("no such file")) from None
    elif pk is not None:
        rows = rows.filter(pk=pk)
    else:
        raise Http404(gettext("no such file"))
    if kinds is not None:
        rows = rows.filter(kind__in=list(kinds))
    if event_id is not None:
        rows = rows.filter(event_id=event_id)
    generated = rows.first()
    if generated is None:
        raise Http404(gettext("no such file"))
    if is_stale(generated) and fail_stale_files(pk=generated.pk):
        generated.refresh_from_db()
    return generated


def requested_by(user, generated: GeneratedFile) -> bool:
    """Whether ``user`` asked for ``generated`` (anonymous requests have no owner)."""
    return generated.created_by_id is not None and generated.created_by_id == getattr(user, "pk", None)


def access_generated_file(
    user,
    *,
    app_label: str,
    allowed: Callable[[GeneratedFile], bool],
    denied: type[Exception] = Http404,
    **lookup: Any,
) -> GeneratedFile:
    """``find_generated_file``, then the app's predicate ``allowed(generated)`` (which may
    use ``requested_by``); a refusal raises ``denied`` (``Http404`` to hide that the file
    exists, ``PermissionDenied`` to say so)."""
    generated = find_generated_file(app_label=app_label, **lookup)
    if not allowed(generated):
        raise denied("you may not read this file")
    return generated


#: Folders under MEDIA_ROOT written by the mechanisms GeneratedFile replaced (tournament PDF
#: manifests, the judging report's fixed path); their files are removed once older than the
#: TTL. Drop this once every deployment has run the cleanup for a TTL.
LEGACY_FOLDERS = ("pdf-jobs", "judging-reports")


def _delete_legacy_files(now) -> None:
    cutoff = (now - ttl()).timestamp()
    for name in LEGACY_FOLDERS:
        folder = Path(settings.MEDIA_ROOT) / name
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            if path.is_file() and path.stat().st_mtime < cutoff:
                path.unlink(missing_ok=True)


def delete_expired_files(*, now=None) -> int:
    """Delete expired rows and their stored files (and old files of the former mechanisms);
    returns how many rows went."""
    now = now or timezone.now()
    _delete_legacy_files(now)
    expired = list(GeneratedFile.objects.filter(expires_at__lte=now).only("pk", "file"))
    for generated in expired:
        if generated.file:
            generated.file.delete(save=False)
    count, _ = GeneratedFile.objects.filter(pk__in=[g.pk for g in expired]).delete()
    if count:
        log.info("deleted %d expired generated files", count)
    return count


def queue_on_commit(task, **kwargs: Any) -> None:
    """Queue ``task`` with ``kwargs`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: task.delay(**kwargs))
