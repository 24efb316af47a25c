"""A Redis cache that keeps to this test run (issue 33: a suite that never flakes).

Two suites run at once on one machine (two clones' ``make test``, or CI beside a developer's run)
share one Redis server. Each xdist worker already has a database of its own number, but worker 0
of one run and worker 0 of the other land on the same one: a key written by one run was read by the
other, and a ``cache.clear()`` (FLUSHDB) in one emptied the other's cache in the middle of a test.
Keys here carry a prefix of this run's own, and ``clear()`` deletes only keys with that prefix.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache


class RunScopedRedisCache(RedisCache):
    def clear(self) -> bool:
        client = self._cache.get_client(write=True)
        pattern = self.make_key("*")
        batch: list[bytes] = []
        for key in client.scan_iter(match=pattern, count=500):
            batch.append(key)
            if len(batch) >= 500:
                client.delete(*batch)
                batch = []
        if batch:
            client.delete(*batch)
        return True
