"""The import of one card data source as a job of ``core.files`` (app ``cards``, kind ``import``).

``manage.py import_cards SOURCE [PATH]`` records the job and runs it at once, or queues it for a
worker with ``--background`` (the path or address must then be readable by the worker). The
job's result names the release; its error says why nothing was imported. The parse reads
archives through ``cards.archives`` (members, size and ratio limits) and the release is written
in one transaction (``services.import_release``), so a failure at any card stores nothing.
"""

from __future__ import annotations

import logging
from datetime import date

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.files import Output, Progress, run_generated_file, start_generated_file
from core.models import GeneratedFile
from rules_engine.importers import CardImportError

from . import services

log = logging.getLogger(__name__)

APP_LABEL = "cards"
KIND = "import"
SECONDS = getattr(settings, "CARD_IMPORT_SECONDS", 1800)


def start_import_job(
    source: str, path: str | None = None, *, activate: bool = False, published: date | None = None, actor=None
) -> GeneratedFile:
    """A pending import job of ``source`` (one of ``services.SOURCES``) from ``path``."""
    if source not in services.SOURCES:
        raise DomainError(
            _("unknown card source %(source)s; choose one of %(sources)s")
            % {"source": repr(source), "sources": ", ".join(services.SOURCES)}
        )
    return start_generated_file(
        APP_LABEL,
        KIND,
        title=(_("Import %(source)s card data") % {"source": source})[:120],
        params={
            "source": source,
            "path": str(path) if path else "",
            "activate": activate,
            "published": published.isoformat() if published else "",
        },
        requested_by=actor,
    )


def import_output(generated: GeneratedFile, progress: Progress) -> Output:
    """The producer: parse the source, store it as a release (or find it imported already)."""
    params = generated.params
    published = date.fromisoformat(params["published"]) if params.get("published") else None
    try:
        progress(0, 2)
        result = services.parse_source(params["source"], params.get("path") or None, published=published)
        progress(1, 2)
        release, created = services.import_release(
            result, activate=bool(params.get("activate")), actor=generated.created_by
        )
    except CardImportError as exc:
        raise DomainError(_("card data rejected, nothing imported: %(exc)s") % {"exc": exc}) from None
    except SoftTimeLimitExceeded:
        raise DomainError(
            _("the import took longer than %(seconds)s s: nothing imported") % {"seconds": SECONDS}
        ) from None
    release.refresh_from_db()
    return Output(
        result={
            "release_id": release.pk,
            "label": release.label,
            "created": created,
            "cards": release.card_count,
            "published_on": release.published_on.isoformat() if release.published_on else "",
            "active": release.is_active,
            "notes": release.notes if created else "",
        }
    )


def run_import_job(file_id: int) -> GeneratedFile:
    """Run the job here and now; the row says done (the release) or failed (the reason)."""
    return run_generated_file(file_id, import_output, reraise=False)


@shared_task(name="cards.task_import_cards", soft_time_limit=SECONDS, time_limit=SECONDS + 60)
def task_import_cards(*, file_id: int) -> int:
    """Import the card data source of job ``file_id`` (``start_import_job``); returns the job id."""
    return run_import_job(file_id).pk
