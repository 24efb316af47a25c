"""A mirror import as a background job (``core.files``: app ``mirror``, kind ``import``).

The web request only checks what it can count cheaply (files, bytes, lines: ``mirror.limits``),
who is asking and how often, stores what was handed in with the job's row and queues
``mirror.task_import_event``. The task reads the files (or fetches Omnidex), checks the counts
again, imports in one transaction (``services.import_event``) and keeps what changed as the
row's result; the stored upload is deleted once the import has run, whatever its outcome.

How often (settings ``MIRROR_*``):

- one import at a time per account (an unfinished job younger than ``MIRROR_JOB_STALE_MINUTES``);
- an account that staffs no event (a fresh account) starts at most
  ``MIRROR_IMPORTS_PER_DAY_WITHOUT_EVENTS`` imports a day, any other account
  ``MIRROR_IMPORTS_PER_DAY``; superusers are not counted.
"""

from __future__ import annotations

import base64
import json
import logging
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files.base import ContentFile
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import DomainError, NotAllowed
from core.files import Output, Progress, access_generated_file, requested_by, start_generated_file
from core.models import GeneratedFile, GeneratedFileStatus
from tournament.models import Event, StaffAssignment

from . import services
from .limits import MirrorLimits, check_submission
from .parsers import ImportFileError

log = logging.getLogger(__name__)

APP_LABEL = "mirror"
KIND = "import"


class TooManyImports(DomainError):
    """The account asked for more imports than it may (HTTP 429)."""

    status_code = 429


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def check_rate(actor) -> None:
    """Refuse (``TooManyImports``) an import ``actor`` may not start now (see the module doc)."""
    if getattr(actor, "is_superuser", False):
        return
    now = timezone.now()
    mine = GeneratedFile.objects.filter(app_label=APP_LABEL, kind=KIND, created_by=actor)
    stale = now - timedelta(minutes=_setting("MIRROR_JOB_STALE_MINUTES", 30))
    if mine.filter(
        status__in=(GeneratedFileStatus.PENDING, GeneratedFileStatus.RUNNING), created_at__gt=stale
    ).exists():
        raise TooManyImports(
            gettext("your previous import is still running: wait for it to finish"),
            code="rate_limited",
            field="files",
        )
    staffs = StaffAssignment.objects.filter(user=actor).exists()
    per_day = (
        _setting("MIRROR_IMPORTS_PER_DAY", 50)
        if staffs
        else _setting("MIRROR_IMPORTS_PER_DAY_WITHOUT_EVENTS", 5)
    )
    if mine.filter(created_at__gt=now - timedelta(days=1)).count() >= per_day:
        who = "an account" if staffs else "an account that staffs no event yet"
        raise TooManyImports(
            gettext(
                "%(who)s may start %(per_day)s imports a day: try again tomorrow, or ask an administrator"
            )
            % {"who": who, "per_day": per_day},
            code="rate_limited",
            field="files",
        )


def start_import_job(
    *,
    actor,
    event: Event | None = None,
    files: list[tuple[str, bytes]] = (),  # type: ignore[assignment]
    text: str = "",
    omnidex: str = "",
    source_id: str = "",
    standings_round: int | None = None,
    name: str = "",
    format: str = "",
) -> GeneratedFile:
    """A pending import job holding what was handed in; the caller queues ``task_import_event``.

    Refuses (``DomainError``) at once what ``mirror.limits.check_submission`` counts as too
    large, and (``TooManyImports``) what ``check_rate`` does not allow; ``NotAllowed`` for an
    anonymous actor. Re-imports name their ``event`` (checked again by the import itself)."""
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise NotAllowed(gettext("log in to import an event"))
    files = list(files)
    if not omnidex.strip():
        check_submission(files, text)
    check_rate(actor)
    generated = start_generated_file(
        APP_LABEL,
        KIND,
        title=(f"Re-import {event.name}" if event is not None else f"Import {name or source_id or omnidex}")[
            :120
        ],
        event_id=event.pk if event is not None else None,
        params={"files": [n for n, _ in files][: MirrorLimits().max_files], "omnidex": omnidex[:300]},
        requested_by=actor,
    )
    submission = {
        "files": [[n, base64.b64encode(c).decode("ascii")] for n, c in files],
        "text": text,
        "omnidex": omnidex,
        "source_id": source_id,
        "standings_round": standings_round,
        "name": name,
        "format": format,
    }
    generated.file.save("submission.json", ContentFile(json.dumps(submission).encode()), save=True)
    return generated


def import_output(generated: GeneratedFile, progress: Progress) -> Output:
    """The producer: read the stored submission, import it (one transaction), drop the upload."""
    try:
        with generated.file.open("rb") as stored:
            submission: dict[str, Any] = json.loads(stored.read())
        progress(1, 3)
        parsed = services.read_submission(
            files=[(n, base64.b64decode(c)) for n, c in submission["files"]],
            text=submission["text"],
            omnidex=submission["omnidex"],
            source_id=submission["source_id"] if generated.event_id is None else "",
            standings_round=submission["standings_round"],
        )
        progress(2, 3)
        event = Event.objects.get(pk=generated.event_id) if generated.event_id is not None else None
        outcome = services.import_event(
            parsed,
            actor=generated.created_by,
            event=event,
            name=(submission["name"] or "").strip(),
            format=submission["format"] or "",
        )
    except SoftTimeLimitExceeded:
        seconds = _setting("MIRROR_IMPORT_SECONDS", 600)
        raise DomainError(
            gettext("the import took longer than %(seconds)s s: nothing was imported") % {"seconds": seconds}
        ) from None
    except (DomainError, ImportFileError):
        raise
    except Exception:  # the uploader sees a sentence, the log keeps the traceback
        log.exception("mirror import %s failed", generated.pk)
        raise DomainError(
            gettext(
                "the files could not be imported (the error is logged for the administrators): nothing was imported"
            )
        ) from None
    finally:
        generated.file.delete(save=False)
        GeneratedFile.objects.filter(pk=generated.pk).update(file="")
    log.info("mirror import %s: %s, %d change(s)", generated.pk, outcome.event.slug, len(outcome.changes))
    return Output(
        result={
            "slug": outcome.event.slug,
            "event_id": outcome.event.pk,
            "name": outcome.event.name,
            "created": outcome.created,
            "changes": len(outcome.changes),
        }
    )


def job_for(user, key: str) -> GeneratedFile:
    """The import job ``key`` for whoever started it (and superusers); 404 for anyone else."""
    return access_generated_file(
        user,
        app_label=APP_LABEL,
        kinds=[KIND],
        key=key,
        allowed=lambda g: requested_by(user, g) or getattr(user, "is_superuser", False),
    )
