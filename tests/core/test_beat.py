"""Issue 35, item 9: two beats (an orphan of a killed worker beside the restarted one, two
machines, a Procfile scaled to two) must not send each periodic task twice. config.beat's
scheduler schedules only while it holds a lock in Redis; this runs two of them against a real
Redis (database 14, a queue of the test's own)."""

from __future__ import annotations

import uuid

import pytest
from celery import Celery

from config.beat import SingleBeatScheduler
from tests.core.test_celery_worker import _redis_reachable

BROKER = "redis://127.0.0.1:6379/14"


@pytest.fixture
def beat_app(monkeypatch):
    # Celery reads CELERY_BROKER_URL from the environment before the broker it is given (CI sets
    # it): the schedulers must talk to this test's database.
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    if not _redis_reachable(BROKER):
        pytest.skip(f"no Redis at {BROKER}")
    import redis

    queue = f"arbiter-beat-test-{uuid.uuid4().hex[:8]}"
    app = Celery("beat-lock-test", broker=BROKER)
    app.conf.task_default_queue = queue
    app.conf.beat_schedule = {"ping": {"task": "core.task_ping", "schedule": 0.001}}
    client = redis.Redis.from_url(BROKER)
    yield app, client, queue
    client.delete(queue, f"arbiter:beat-lock:{queue}", *client.scan_iter(f"_kombu.binding*.{queue}"))
    client.close()


def _scheduler(app, tmp_path, name):
    return SingleBeatScheduler(app, schedule_filename=str(tmp_path / name))


def test_only_the_beat_holding_the_lock_sends_periodic_tasks(beat_app, tmp_path):
    app, client, queue = beat_app
    first, second = _scheduler(app, tmp_path, "a"), _scheduler(app, tmp_path, "b")
    try:
        first.tick()
        first.tick()
        sent_by_first = client.llen(queue)
        assert sent_by_first >= 1
        assert second.holds_lock() is False
        second.tick()
        second.tick()
        assert client.llen(queue) == sent_by_first  # the second beat sent nothing
    finally:
        first.close()  # a clean stop hands over at once
    try:
        second.tick()
        second.tick()
        assert second.holds_lock() is True
        assert client.llen(queue) > sent_by_first
    finally:
        second.close()


def test_a_dead_beats_lock_expires_and_another_takes_over(beat_app, tmp_path):
    app, client, queue = beat_app
    dead, waiting = _scheduler(app, tmp_path, "a"), _scheduler(app, tmp_path, "b")
    try:
        assert dead.holds_lock() is True and waiting.holds_lock() is False
        client.delete(f"arbiter:beat-lock:{queue}")  # the holder stopped renewing: it expired
        assert waiting.holds_lock() is True
        assert dead.holds_lock() is False
    finally:
        waiting.close()
        dead.close()
