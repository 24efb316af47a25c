"""A real Celery worker renders an event's PDF from the queue (PostgreSQL and Redis needed).

The worker is a separate process, so it must see the test's committed rows: that needs a
server database (the SQLite test database lives in memory), hence PostgreSQL only.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.db import connection

from core.files import start_generated_file
from tests.tournament.test_pages import build_running_event

ROOT = Path(__file__).resolve().parents[2]
BROKER = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_real_worker_renders_the_pairings_pdf(tmp_path):
    if not settings.IS_POSTGRES:
        pytest.skip("the worker process needs a server database: run with DATABASE_URL=postgres://...")
    if not BROKER.startswith("redis") or not _reachable(BROKER):
        pytest.skip(f"no Redis at {BROKER}")
    event, regs, r1, r2 = build_running_event(6)
    queue = f"arbiter-pdf-{uuid.uuid4().hex[:8]}"
    db = connection.settings_dict
    env = dict(
        os.environ,
        CELERY_BROKER_URL=BROKER,
        CELERY_RESULT_BACKEND=BROKER,
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        ARBITER_VAR_DIR=str(tmp_path),
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "-I",
            "tournament.pdf_tasks",  # the module that registers the task
            "--without-gossip",
            "--without-mingle",
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        from celery import Celery

        generated = start_generated_file(
            "tournament",
            "pairings-table",
            event_id=event.pk,
            params={"round_number": 2, "site_url": ""},
        )
        job_id = generated.key.hex
        client = Celery(broker=BROKER, backend=BROKER)
        result = client.send_task(
            "tournament.task_render_event_pdf",
            kwargs={"file_id": generated.pk},
            queue=queue,
            task_id=job_id,
        )
        assert result.get(timeout=120) == job_id
        generated.refresh_from_db()
        assert (generated.status, generated.percent) == ("done", 100)
        stored = Path(generated.file.name)
        assert (tmp_path / "media" / stored).read_bytes().startswith(b"%PDF-")
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
    assert re.fullmatch("[0-9a-f]{32}", job_id)
