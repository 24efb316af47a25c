"""The production configuration, for real: ``python -m config.serve`` (what ``make serve`` runs)
starts gunicorn, a Celery worker and beat (which takes its Redis lock) against this machine's
PostgreSQL and Redis with DEBUG off; the demo event's pages, static files, the API and a PDF
rendered by the worker answer through it.

It uses a database of its own (created and dropped here), Redis database 15 (the suite's
workers use 0 to 14) with a queue of its own, a free port and a temporary var/ folder.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit, urlunsplit

import pytest

from config.redis_urls import with_database

ROOT = Path(__file__).resolve().parents[2]
REDIS_DB = 15


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def _postgres_server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return url
    return "postgres://postgres@127.0.0.1:5432/postgres"


def _redis_url() -> str:
    url = os.environ.get("CELERY_BROKER_URL", "")
    base = url if url.startswith("redis://") else "redis://127.0.0.1:6379/0"
    return with_database(base, REDIS_DB)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _require_services(pg: str, redis: str) -> None:
    missing = []
    p, r = urlsplit(pg), urlsplit(redis)
    if not _reachable(p.hostname or "127.0.0.1", p.port or 5432):
        missing.append(f"PostgreSQL at {p.hostname}:{p.port or 5432}")
    if not _reachable(r.hostname or "127.0.0.1", r.port or 6379):
        missing.append(f"Redis at {r.hostname}:{r.port or 6379}")
    if missing:
        message = "the production-server check needs " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _admin_sql(server_url: str, sql: str) -> None:
    import psycopg

    parts = urlsplit(server_url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


def start_and_wait(module: str, env: dict, log_path: Path, base: str) -> subprocess.Popen:
    """``python -m module`` in a session of its own, its output in ``log_path``; returns once
    ``base``/ answers 200 (it collects static files first: minutes on a busy machine)."""
    import requests

    with log_path.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", module],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + 600
    while True:
        assert server.poll() is None, log_path.read_text()
        try:
            if requests.get(f"{base}/", timeout=30).status_code == 200:
                return server
        except requests.RequestException:
            pass
        if time.monotonic() > deadline:
            os.killpg(server.pid, signal.SIGKILL)
            raise AssertionError("the server did not answer in 600 s\n" + log_path.read_text())
        time.sleep(1)


@pytest.fixture
def production_env(tmp_path):
    pg, redis = _postgres_server_url(), _redis_url()
    _require_services(pg, redis)
    name = f"arbiter_prodcheck_{os.getpid()}_{secrets.token_hex(3)}"
    _admin_sql(pg, f'CREATE DATABASE "{name}"')
    port = _free_port()
    # The collected static files are kept between runs (collectstatic compresses every file: a
    # minute or two on a busy machine); config.serve collects again only when a source changed.
    var = tmp_path / "var"
    var.mkdir()
    kept_static = ROOT / "var" / "prodcheck-static"
    kept_static.mkdir(parents=True, exist_ok=True)
    (var / "static").symlink_to(kept_static, target_is_directory=True)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST", "DJANGO_", "CELERY_", "CACHE_", "DATABASE_"))
    }
    env.update(
        DJANGO_DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=urlunsplit(urlsplit(pg)._replace(path=f"/{name}")),
        CELERY_BROKER_URL=redis,
        CELERY_RESULT_BACKEND=redis,
        CACHE_URL=redis,
        CELERY_TASK_DEFAULT_QUEUE=f"arbiter-prodcheck-{secrets.token_hex(4)}",
        CELERY_BEAT="1",
        CELERY_WORKERS="1",
        WEB_WORKERS="2",
        WEB_THREADS="2",
        ARBITER_VAR_DIR=str(var),
        PYTHONUNBUFFERED="1",
        HOST="127.0.0.1",
        PORT=str(port),
        # Plain http on the loopback: no TLS redirect, cookies not https-only.
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
    )
    yield env
    try:
        _admin_sql(pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except Exception:  # noqa: BLE001 - a database left behind is named after this run
        pass


@pytest.mark.slow
@pytest.mark.timeout(
    900
)  # the first run collects and compresses the static files (minutes on a busy machine)
def test_make_serve_runs_gunicorn_and_a_celery_worker_that_renders_a_pdf(production_env, tmp_path):
    import requests

    env = production_env
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300)
    subprocess.run(
        [*manage, "create_demo_event"], cwd=ROOT, env=env, check=True, timeout=300, capture_output=True
    )
    password = (Path(env["ARBITER_VAR_DIR"]) / "demo-password.txt").read_text().strip()
    log_path = tmp_path / "serve.log"
    base = f"http://127.0.0.1:{env['PORT']}"
    server = start_and_wait("config.serve", env, log_path, base)
    try:
        web = requests.Session()
        page = web.get(f"{base}/events/demo-armory/", timeout=30)
        assert page.status_code == 200 and "Demo" in page.text
        assert "Server" not in page.headers or "WSGIServer" not in page.headers["Server"]
        css = re.search(r'href="(/static/[^"]+\.css)"', page.text)
        assert css, "no stylesheet link on the event page"
        static = web.get(base + css.group(1), timeout=30)
        assert static.status_code == 200 and static.headers.get("Cache-Control", "").startswith("max-age")
        assert web.get(f"{base}/does-not-exist/", timeout=30).status_code == 404  # DEBUG off: plain 404
        api = web.get(f"{base}/api/events/", timeout=30)
        assert api.status_code == 200
        assert "demo-armory" in api.text

        login = web.get(f"{base}/accounts/login/", timeout=30)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.text).group(1)
        done = web.post(
            f"{base}/accounts/login/",
            data={"username": "demo-organizer", "password": password, "csrfmiddlewaretoken": token},
            headers={"Referer": f"{base}/accounts/login/"},
            timeout=30,
        )
        assert done.status_code == 200 and "sessionid" in web.cookies, done.text[:500]
        staff = web.get(f"{base}/events/demo-armory/staff/", timeout=30)
        assert staff.status_code == 200
        job = web.post(
            f"{base}/events/demo-armory/pdf-jobs/",
            data={"kind": "pairings-table", "round": "2", "csrfmiddlewaretoken": web.cookies["csrftoken"]},
            headers={"Referer": f"{base}/events/demo-armory/staff/"},
            timeout=30,
            allow_redirects=False,
        )
        assert job.status_code == 302, job.text[:500]
        assert "/pdf-jobs/" in job.headers["Location"], job.headers["Location"]
        job_url = urljoin(base + "/", job.headers["Location"])
        deadline = time.monotonic() + 120
        while True:
            answer = web.get(job_url, params={"format": "json"}, timeout=30)
            assert answer.status_code == 200, (job_url, answer.status_code, answer.text[:300])
            state = answer.json()
            if state["status"] in ("done", "failed"):
                break
            assert time.monotonic() < deadline, f"the PDF job stayed {state}\n" + log_path.read_text()
            time.sleep(1)
        assert state["status"] == "done", state
        pdf = web.get(urljoin(base + "/", state["download_url"]), timeout=30)
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        worker_log = log_path.read_text()
        assert re.search(r"static files: (collected|unchanged since the last collection)", worker_log)
        assert "with web, worker, beat" in worker_log  # config.serve started all three
        assert f"took the beat lock arbiter:beat-lock:{env['CELERY_TASK_DEFAULT_QUEUE']}" in worker_log
        assert re.search(r"Task tournament\.task_render_event_pdf\[[0-9a-f-]+\] succeeded", worker_log), (
            worker_log
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM) if server.poll() is None else None
        try:
            code = server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
            pytest.fail("make serve did not stop within 60 s of SIGTERM\n" + log_path.read_text())
    assert code == 0, log_path.read_text()
