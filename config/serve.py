"""``make serve`` (``python -m config.serve``): the production configuration in one command.

1. DEBUG off unless the environment says otherwise (``DJANGO_DEBUG=0`` by default here; the
   settings then require ``SECRET_KEY`` and ``ALLOWED_HOSTS`` and say so);
2. migrations applied;
3. static files collected, only when a source file changed since the last collection (a
   fingerprint of every file the static finders see is kept beside them);
4. gunicorn (``config/gunicorn.conf.py``: ``WEB_WORKERS`` processes, default 2 per core + 1,
   with ``WEB_THREADS`` threads) and, when ``CELERY_BROKER_URL`` is set, a Celery worker
   (``CELERY_WORKERS`` processes, default one per core) and Celery beat as a process of its own
   (``config.beat.SingleBeatScheduler``: one beat schedules, however many run; ``CELERY_BEAT=0``
   leaves it out, e.g. when another machine runs beat);
5. all supervised, each in a process group of its own: Ctrl-C or SIGTERM stops them all; if one
   stops (or is killed), the others are stopped too, every process left in each group (a killed
   worker's pool children) is killed, and the command exits with the first one's status (a
   process manager restarts the set). On Linux the children also get SIGTERM if this process
   itself dies.

Without ``CELERY_BROKER_URL`` no worker is started and background tasks (big PDFs, re-validation)
run inside the web processes, as on a laptop. Deploying with a Procfile or compose.yaml runs
the same processes separately (docs/deployment.md).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _manage(*args: str) -> None:
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, check=True)


def static_fingerprint() -> str:
    """A hash of every static source file's path, size and modification time."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.staticfiles import finders

    digest = hashlib.sha256()
    for finder in finders.get_finders():
        for path, storage in finder.list(["CVS", ".*", "*~"]):
            full = Path(storage.path(path))
            stat = full.stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def collect_static_if_changed() -> bool:
    """Run collectstatic when the sources differ from the last collection; True if it ran."""
    from django.conf import settings

    stamp = Path(settings.STATIC_ROOT) / ".arbiter-static-fingerprint"
    fingerprint = static_fingerprint()
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if stamp.is_file() and manifest.is_file() and stamp.read_text() == fingerprint:
        print("static files: unchanged since the last collection", flush=True)
        return False
    _manage("collectstatic", "--noinput", "-v", "0")
    stamp.write_text(fingerprint)
    print("static files: collected", flush=True)
    return True


def commands() -> list[tuple[str, list[str]]]:
    """The processes to run: (name, argv). Beat is never embedded in the worker (``--beat``):
    a killed worker's beat child would outlive it and schedule beside the restarted one's."""
    bin_dir = Path(sys.executable).parent
    gunicorn = str(bin_dir / "gunicorn") if (bin_dir / "gunicorn").exists() else "gunicorn"
    out = [("web", [gunicorn, "config.wsgi:application", "-c", str(ROOT / "config" / "gunicorn.conf.py")])]
    if os.environ.get("CELERY_BROKER_URL"):
        from django.conf import settings

        celery = [sys.executable, "-m", "celery", "-A", "config"]
        worker = [*celery, "worker", "--loglevel=INFO"]
        worker.append(f"--concurrency={int(os.environ.get('CELERY_WORKERS') or os.cpu_count() or 1)}")
        out.append(("worker", worker))
        if os.environ.get("CELERY_BEAT", "1") != "0":
            beat = [*celery, "beat", "--loglevel=INFO", "--scheduler=config.beat.SingleBeatScheduler"]
            beat.append(f"--schedule={Path(settings.VAR_DIR) / 'celerybeat-schedule'}")
            out.append(("beat", beat))
    return out


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the supervisor dies (Linux ``PR_SET_PDEATHSIG``)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start(name: str, argv: list[str]) -> subprocess.Popen:
    """Start one supervised process as the leader of a new process group (its children stay in
    that group even when it dies, so ``_kill_group`` finds them)."""
    return subprocess.Popen(
        argv,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
    )


def _kill_group(p: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(p.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def supervise(procs: list[tuple[str, subprocess.Popen]], *, grace: float = 30.0) -> int:
    """Wait until a process stops or a signal comes; then stop every process group (SIGTERM, and
    SIGKILL after ``grace`` seconds and for whatever is left in a group) and return the status."""
    stopping = {"signal": 0}

    def stop(signum, _frame):
        stopping["signal"] = signum

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    code = 0
    try:
        while not stopping["signal"]:
            ended = [(name, p) for name, p in procs if p.poll() is not None]
            if ended:
                name, p = ended[0]
                code = p.returncode or 1
                print(f"{name} stopped (status {p.returncode}): stopping the others", file=sys.stderr)
                break
            time.sleep(0.5)
        for _name, p in procs:
            _kill_group(p, signal.SIGTERM)
        deadline = time.monotonic() + grace
        for _name, p in procs:
            try:
                p.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for _name, p in procs:  # orphans: a killed worker's pool children, an embedded beat
            _kill_group(p, signal.SIGKILL)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return code


def main() -> int:
    os.environ.setdefault("DJANGO_DEBUG", "0")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:
        _manage("migrate", "--noinput", "-v", "0")
        _manage("push_keys")  # the Web Push key pair, created once in var/push/ (docs/push.md)
        collect_static_if_changed()
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1
    plan = commands()
    if len(plan) == 1:
        print(
            "CELERY_BROKER_URL is not set: no Celery worker; background tasks run in the web processes",
            flush=True,
        )
    host, port = os.environ.get("HOST", "127.0.0.1"), os.environ.get("PORT", "8000")
    print(
        f"Serving http://{host}:{port}/ with " + ", ".join(name for name, _ in plan) + " (Ctrl-C to stop)",
        flush=True,
    )
    procs = [(name, start(name, argv)) for name, argv in plan]
    return supervise(procs)


if __name__ == "__main__":
    sys.exit(main())
