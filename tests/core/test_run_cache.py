"""The test run's Redis cache keeps to its own keys (tests/run_cache.py, issue 33)."""

from __future__ import annotations

import os

import pytest
import redis
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

from tests.conftest import run_cache_settings

REDIS = os.environ.get("CACHE_URL") or os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")


def _server(url: str):
    try:
        client = redis.Redis.from_url(url)
        client.ping()
    except (redis.RedisError, ValueError):
        pytest.skip(f"no Redis at {url}")
    return client


def test_clearing_this_runs_cache_leaves_another_runs_keys(settings):
    ours = run_cache_settings(REDIS)
    client = _server(ours["LOCATION"])
    settings.CACHES = {"default": ours, "other": {**ours, "KEY_PREFIX": "arbiter-test-someone-else"}}
    mine, theirs = caches["default"], caches["other"]
    assert isinstance(mine, RedisCache)
    mine.set("round", 1)
    theirs.set("round", 2)
    client.set("a-key-of-no-cache", "kept")
    try:
        mine.clear()
        assert mine.get("round") is None
        assert theirs.get("round") == 2
        assert client.get("a-key-of-no-cache") == b"kept"
    finally:
        theirs.delete("round")
        client.delete("a-key-of-no-cache")


def test_the_run_prefix_is_shared_by_the_processes_the_run_starts():
    first = run_cache_settings(REDIS)["KEY_PREFIX"]
    assert first == f"arbiter-test-{os.environ['ARBITER_TEST_RUN']}"
    assert run_cache_settings(REDIS)["KEY_PREFIX"] == first
