import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run_check(env_overrides: dict[str, str]) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_DEBUG"}}
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_settings_refuse_to_start_without_secret_when_debug_off():
    result = _run_check({"DJANGO_DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr
    assert "ALLOWED_HOSTS" in result.stderr


def test_settings_start_when_debug_off_and_configured():
    result = _run_check({"DJANGO_DEBUG": "0", "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "arbiter.example.org"})
    assert result.returncode == 0, result.stderr


def test_settings_default_to_sqlite_and_eager_celery_without_environment():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup();"
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True", "True"]


def _cache_settings(env_overrides: dict[str, str]) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"CACHE_URL", "CELERY_BROKER_URL"}}
    env.update(env_overrides)
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup();"
        "from django.conf import settings as s; c = s.CACHES['default'];"
        "print(c['BACKEND'].rsplit('.', 1)[-1], c.get('LOCATION') or '-')"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_cache_is_local_memory_without_environment_and_redis_when_configured():
    assert _cache_settings({}) == ["LocMemCache", "-"]
    assert _cache_settings({"CACHE_URL": "redis://cache:6379/1"}) == ["RedisCache", "redis://cache:6379/1"]
    # A Redis broker is shared by every process, so the cache uses its server (database 2, so a
    # cache flush never empties the task queue) unless CACHE_URL says otherwise.
    assert _cache_settings({"CELERY_BROKER_URL": "redis://broker:6379/0"}) == [
        "RedisCache",
        "redis://broker:6379/2",
    ]
    assert _cache_settings({"CELERY_BROKER_URL": "amqp://broker//"}) == ["LocMemCache", "-"]
    # The server's password and port are kept; only the database changes.
    assert _cache_settings({"CELERY_BROKER_URL": "redis://:s3cret@broker:6380/0"}) == [
        "RedisCache",
        "redis://:s3cret@broker:6380/2",
    ]
    assert _cache_settings(
        {"CELERY_BROKER_URL": "redis://broker:6379/0", "CACHE_URL": "redis://cache:6379/2"}
    ) == [
        "RedisCache",
        "redis://cache:6379/2",
    ]
