"""A real Celery worker process against Redis runs a task to completion."""

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BROKER = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"


def _redis_reachable(url: str) -> bool:
    from urllib.parse import urlparse

    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.slow
def test_real_celery_worker_completes_a_task():
    if not BROKER.startswith("redis") or not _redis_reachable(BROKER):
        if os.environ.get("CI"):
            pytest.fail(f"Redis broker {BROKER} is not reachable in CI")
        pytest.skip(f"no Redis at {BROKER}")
    from celery import Celery

    queue = f"arbiter-test-{uuid.uuid4().hex[:8]}"
    backend = os.environ.get("CELERY_RESULT_BACKEND") or BROKER
    env = dict(os.environ, CELERY_BROKER_URL=BROKER, CELERY_RESULT_BACKEND=backend)
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
        client = Celery(broker=BROKER, backend=backend)
        result = client.send_task("core.task_ping", kwargs={"payload": "hello"}, queue=queue)
        answer = result.get(timeout=60)
        assert answer["payload"] == "hello"
        assert answer["pid"] == worker.pid
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
