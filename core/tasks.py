"""Infrastructure tasks.

Task naming, for every app: ``"<app_label>.<function name>"`` with the function called
``task_<verb>_<object>`` (``core.task_ping``, ``tournament.task_render_event_pdf``). The name
does not follow the module, so moving a task between modules never strands queued messages.
"""

import logging
import os

from celery import shared_task

from .files import delete_expired_files, fail_stale_files

logger = logging.getLogger(__name__)


@shared_task(name="core.task_ping")
def task_ping(*, payload: str = "") -> dict:
    """Answer with the worker's process id, proving a real worker ran the task."""
    logger.info("ping %s", payload)
    return {"payload": payload, "pid": os.getpid()}


@shared_task(name="core.task_delete_expired_files")
def task_delete_expired_files() -> int:
    """Remove generated files past their expiry (schedule it, e.g. hourly with celery beat)."""
    return delete_expired_files()


@shared_task(name="core.task_fail_stale_files")
def task_fail_stale_files() -> int:
    """Mark failed the generated files whose worker died (beat runs it every minute)."""
    return fail_stale_files()
