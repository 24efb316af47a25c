"""The deployment files say what docs/deployment.md says: compose runs PostgreSQL, Redis, web and a
worker with the production settings; the Procfile runs web and worker; make serve sizes the
worker to the cores and adds beat."""

from __future__ import annotations

from pathlib import Path

import yaml

from config import serve

ROOT = Path(__file__).resolve().parents[2]


def test_compose_runs_postgres_redis_web_and_worker_in_production_mode():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"postgres", "redis", "web", "worker"}
    for name in ("web", "worker"):
        env = services[name]["environment"]
        assert env["DJANGO_DEBUG"] == "0"
        assert env["DATABASE_URL"].startswith("postgres://") and "@postgres:5432/" in env["DATABASE_URL"]
        assert env["CELERY_BROKER_URL"].startswith("redis://redis:6379/")
        assert "SECRET_KEY" in env and "ALLOWED_HOSTS" in env
        assert services[name]["build"] == "."
        assert "arbiter-data:/data" in services[name]["volumes"]  # generated files shared
    assert "gunicorn" in services["web"]["command"] and "collectstatic" in services["web"]["command"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert (ROOT / "Dockerfile").is_file()


def test_procfile_runs_web_and_worker():
    kinds = dict(
        line.split(":", 1)
        for line in (ROOT / "Procfile").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert set(kinds) == {"release", "web", "worker"}
    assert "gunicorn config.wsgi:application -c config/gunicorn.conf.py" in kinds["web"]
    assert "celery -A config worker" in kinds["worker"]
    assert "migrate" in kinds["release"] and "collectstatic" in kinds["release"]


def test_serve_starts_a_worker_per_core_with_beat_only_with_a_broker(monkeypatch):
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    assert [name for name, _ in serve.commands()] == ["web"]
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    monkeypatch.delenv("CELERY_WORKERS", raising=False)
    monkeypatch.delenv("CELERY_BEAT", raising=False)
    plan = dict(serve.commands())
    worker = plan["worker"]
    assert worker[1:5] == ["-m", "celery", "-A", "config"] and "worker" in worker
    assert any(arg.startswith("--concurrency=") and int(arg.split("=")[1]) >= 1 for arg in worker)
    assert "--beat" in worker
    assert plan["web"][-1].endswith("config/gunicorn.conf.py")
    monkeypatch.setenv("CELERY_BEAT", "0")
    monkeypatch.setenv("CELERY_WORKERS", "3")
    worker = dict(serve.commands())["worker"]
    assert "--beat" not in worker and "--concurrency=3" in worker


def _compose_command() -> list[str] | None:
    """The Compose CLI on this machine: the docker plugin, else the standalone docker-compose."""
    import shutil
    import subprocess

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
    import subprocess

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
