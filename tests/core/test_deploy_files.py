"""The deployment files say what docs/deployment.md says: compose runs PostgreSQL, Redis, web, a
worker and beat with the production settings; the Procfile runs web, worker and beat; make serve
sizes the worker to the cores, runs beat once as a process of its own, and leaves no orphan
behind when a process is killed (issue 35, item 9)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

from config import serve

ROOT = Path(__file__).resolve().parents[2]


def test_compose_runs_postgres_redis_web_and_worker_in_production_mode():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"postgres", "redis", "web", "worker", "beat"}
    for name in ("web", "worker", "beat"):
        env = services[name]["environment"]
        assert env["DJANGO_DEBUG"] == "0"
        assert env["DATABASE_URL"].startswith("postgres://") and "@postgres:5432/" in env["DATABASE_URL"]
        assert env["CELERY_BROKER_URL"].startswith("redis://redis:6379/")
        assert "SECRET_KEY" in env and "ALLOWED_HOSTS" in env
        assert services[name]["build"] == "."
        assert "arbiter-data:/data" in services[name]["volumes"]  # generated files shared
    assert "gunicorn" in services["web"]["command"] and "collectstatic" in services["web"]["command"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert not {"--beat", "-B"} & set(services["worker"]["command"])
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    assert "--scheduler=config.beat.SingleBeatScheduler" in services["beat"]["command"]
    assert (ROOT / "Dockerfile").is_file()


def test_procfile_runs_web_worker_and_one_beat():
    kinds = dict(
        line.split(":", 1)
        for line in (ROOT / "Procfile").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert set(kinds) == {"release", "web", "worker", "beat"}
    assert "gunicorn config.wsgi:application -c config/gunicorn.conf.py" in kinds["web"]
    assert "celery -A config worker" in kinds["worker"]
    assert "--beat" not in kinds["worker"].split() and "-B" not in kinds["worker"].split()
    assert "celery -A config beat" in kinds["beat"] and "config.beat.SingleBeatScheduler" in kinds["beat"]
    assert "migrate" in kinds["release"] and "collectstatic" in kinds["release"]


def test_serve_starts_a_worker_per_core_and_beat_once_as_its_own_process(monkeypatch):
    """Issue 35, item 9: beat ran embedded in the worker (``--beat``); killing the worker's main
    process left the beat child running, and the restart added a second beat."""
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    assert [name for name, _ in serve.commands()] == ["web"]
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    monkeypatch.delenv("CELERY_WORKERS", raising=False)
    monkeypatch.delenv("CELERY_BEAT", raising=False)
    plan = serve.commands()
    assert [name for name, _ in plan] == ["web", "worker", "beat"]
    named = dict(plan)
    worker, beat = named["worker"], named["beat"]
    assert worker[1:5] == ["-m", "celery", "-A", "config"] and "worker" in worker
    assert any(arg.startswith("--concurrency=") and int(arg.split("=")[1]) >= 1 for arg in worker)
    assert not {"--beat", "-B"} & set(worker)
    assert beat[1:6] == ["-m", "celery", "-A", "config", "beat"]
    assert "--scheduler=config.beat.SingleBeatScheduler" in beat
    assert sum(1 for _, argv in plan if "beat" in argv or "--beat" in argv or "-B" in argv) == 1
    assert named["web"][-1].endswith("config/gunicorn.conf.py")
    monkeypatch.setenv("CELERY_BEAT", "0")
    monkeypatch.setenv("CELERY_WORKERS", "3")
    plan = dict(serve.commands())
    assert "beat" not in plan and "--concurrency=3" in plan["worker"]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")  # a zombie waiting for init is dead


def test_a_killed_workers_children_are_killed_by_the_supervisor(tmp_path):
    """SIGKILL to a supervised process's leader leaves its children running (as a Celery worker's
    pool children and embedded beat were): the supervisor stops the others and kills every
    process left in the dead one's group."""
    pidfile = tmp_path / "child.pid"
    spawner = (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen(['sleep', '600'])\n"
        "open(sys.argv[1], 'w').write(str(child.pid))\n"
        "time.sleep(600)\n"
    )
    worker = serve.start("worker", [sys.executable, "-c", spawner, str(pidfile)])
    other = serve.start("web", ["sleep", "600"])
    try:
        for _ in range(200):  # waiting for the child to exist, not measuring anything
            if pidfile.exists() and pidfile.read_text():
                break
            time.sleep(0.05)
        child = int(pidfile.read_text())
        assert _alive(child) and os.getpgid(child) == worker.pid
        os.kill(worker.pid, signal.SIGKILL)
        code = serve.supervise([("web", other), ("worker", worker)], grace=10)
        assert code != 0
        assert other.poll() is not None
        for _ in range(100):
            if not _alive(child):
                break
            time.sleep(0.05)
        assert not _alive(child)
    finally:
        for p in (worker, other):
            if p.poll() is None:
                p.kill()
                p.wait()
        if pidfile.exists() and _alive(int(pidfile.read_text() or 0)):
            os.kill(int(pidfile.read_text()), signal.SIGKILL)


def _compose_command() -> list[str] | None:
    """The Compose CLI on this machine: the docker plugin, else the standalone docker-compose."""
    import shutil

    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True, check=False)
        if probe.returncode == 0:
            return ["docker", "compose"]
    found = shutil.which("docker-compose")
    return [found] if found else None


def test_compose_file_is_valid_for_compose_and_demands_the_secrets():
    """`compose config` checks the file against Compose's schema and resolves the variables (no
    daemon needed); without SECRET_KEY it refuses with the file's own message."""
    import os

    import pytest

    command = _compose_command()
    if command is None:
        pytest.skip("neither `docker compose` nor `docker-compose` is installed (Debian: docker-compose)")
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "ALLOWED_HOSTS")}
    good = subprocess.run(
        [*command, "-f", str(ROOT / "compose.yaml"), "config"],
        env={**env, "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "arbiter.example.org"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert good.returncode == 0, good.stderr
    resolved = yaml.safe_load(good.stdout)
    assert resolved["services"]["web"]["environment"]["ALLOWED_HOSTS"] == "arbiter.example.org"
    assert resolved["services"]["worker"]["environment"]["SECRET_KEY"] == "k" * 50
    missing = subprocess.run(
        [*command, "-f", str(ROOT / "compose.yaml"), "config"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode != 0 and "set SECRET_KEY" in missing.stderr


def test_the_image_installs_the_system_packages_make_run_installs():
    """Every Debian package `make run` installs (Makefile sysdeps: Pango for WeasyPrint, poppler
    for rules documents published as PDFs) is installed by the Dockerfile too."""
    import re

    makefile = (ROOT / "Makefile").read_text()
    sysdeps = makefile.split("\nsysdeps:", 1)[1].split("\n\n", 1)[0]
    packages = {p for group in re.findall(r"apt_install,([^)]*)\)", sysdeps) for p in group.split()}
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert {"libpango-1.0-0", "poppler-utils"} <= packages
    assert {p for p in packages if p not in dockerfile.split()} == set()
