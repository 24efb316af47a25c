"""Celery beat that schedules from one process only, however many are started.

Two beats send every periodic task twice. That happened when a worker started with an embedded
beat (``--beat``) was killed: its beat child lived on, and the restarted worker brought a second
one. ``config.serve`` now runs beat as its own supervised process and kills a dead process's
whole group, and this scheduler adds a lock in Redis (the broker's server) so that a stray or
second beat (an orphan, two machines, a Procfile scaled to two) waits instead of scheduling:

- the beat holding the lock schedules and renews it on every tick (at least every
  ``LOCK_SECONDS / 3``); the others look again every ``LOCK_SECONDS / 3``;
- a beat that dies stops renewing, so its lock expires after ``LOCK_SECONDS`` and a waiting
  beat takes over; one that stops cleanly releases it at once.

With a broker that is not Redis (the in-memory one of development) there is nothing to lock.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from celery.beat import PersistentScheduler

log = logging.getLogger(__name__)

#: How long the lock outlives its holder's last renewal.
LOCK_SECONDS = 60.0

_RENEW = """
if redis.call("get", KEYS[1]) == ARGV[1] then
    return redis.call("pexpire", KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call("get", KEYS[1]) == ARGV[1] then
    return redis.call("del", KEYS[1])
end
return 0
"""


class SingleBeatScheduler(PersistentScheduler):
    """``PersistentScheduler`` that only schedules while it holds the installation's beat lock."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.token = uuid.uuid4().hex
        self._redis: Any = None
        self._holding = False
        super().__init__(*args, **kwargs)

    @property
    def lock_key(self) -> str:
        return f"arbiter:beat-lock:{self.app.conf.task_default_queue or 'celery'}"

    def _client(self) -> Any:
        url = str(self.app.conf.broker_url or "")
        if not url.startswith(("redis://", "rediss://", "unix://")):
            return None
        if self._redis is None:
            import redis  # noqa: PLC0415 (a third-party library only this code path needs)

            self._redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        return self._redis

    def holds_lock(self) -> bool:
        """Take or renew the lock; False while another beat holds it (or Redis is unreachable:
        better no schedule for a minute than a double one)."""
        client = self._client()
        if client is None:
            return True
        ttl_ms = int(LOCK_SECONDS * 1000)
        try:
            held = bool(client.set(self.lock_key, self.token, nx=True, px=ttl_ms)) or bool(
                client.eval(_RENEW, 1, self.lock_key, self.token, ttl_ms)
            )
        except Exception as exc:  # redis.RedisError, OSError: the broker is down
            log.warning("beat: cannot reach Redis for the beat lock (%s); not scheduling", exc)
            held = False
        if held != self._holding:
            log.warning("beat: %s the beat lock %s", "took" if held else "does not hold", self.lock_key)
            self._holding = held
        return held

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if not self.holds_lock():
            return LOCK_SECONDS / 3
        return min(super().tick(*args, **kwargs), LOCK_SECONDS / 3)

    def close(self) -> None:
        try:
            super().close()
        finally:
            client = self._client()
            if client is not None and self._holding:
                try:
                    client.eval(_RELEASE, 1, self.lock_key, self.token)
                except Exception:  # the lock then expires by itself
                    log.warning("beat: could not release the beat lock", exc_info=True)
                self._holding = False
