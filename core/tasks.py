"""Infrastructure tasks."""

import logging
import os

from celery import shared_task

logger = logging.getLogger(__name__)


@shared_task(name="core.tasks.task_ping")
def task_ping(*, payload: str = "") -> dict:
    """Answer with the worker's process id, proving a real worker ran the task."""
    logger.info("ping %s", payload)
    return {"payload": payload, "pid": os.getpid()}
