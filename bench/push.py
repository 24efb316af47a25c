"""Benchmark: Web Push when a 2,000-player round is published (issue 29).

In a PostgreSQL database of its own (dropped and re-created):

1. builds two 2,000-player events through the services (players checked in, round 1 paired):
   one where nobody turned notifications on, one where every player did (2,000 subscriptions,
   each with its own browser-like key pair, to a push service on the loopback);
2. starts one Celery worker (``--pool solo``: one process, one task at a time) on a broker of
   its own (kombu's filesystem transport in a temporary folder: no shared Redis is touched);
3. publishes each event's round 1 (after a 16-player event's, to warm the process and its broker
   connection up) through the staff's publish request (Django's test client,
   the real view, middleware and transaction) and times the request;
4. for the event with subscriptions: how long the news task took to build the 2,000 messages and
   queue them in batches (the worker's own "succeeded in" figure), and how long from the publish
   request until the push service on the loopback had received all 2,000 encrypted messages.

Run:  .venv/bin/python bench/push.py [--players 2000] [--batch 200]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DB_NAME = "arbiter_push_bench"
PG_URL = f"postgres://postgres@127.0.0.1:5432/{DB_NAME}"


def _env(folder: str, batch: int) -> dict:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=PG_URL,
        CELERY_BROKER_URL="filesystem://",
        PUSH_BENCH_BROKER_FOLDER=folder,
        PUSH_ALLOW_HTTP_ENDPOINTS="1",
        PUSH_BATCH_SIZE=str(batch),
        DJANGO_SETTINGS_MODULE="config.settings",
        LOG_LEVEL="WARNING",
        LOGIN_THROTTLE="0",  # the test client logs the organizer in without a request address
    )
    env.pop("CACHE_URL", None)
    return env


def _setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from config.celery import app

    folder = os.environ["PUSH_BENCH_BROKER_FOLDER"]
    app.conf.broker_transport_options = {"data_folder_in": folder, "data_folder_out": folder}
    app.conf.task_always_eager = False
    app.conf.result_backend = None


def worker() -> None:
    """The one worker: ``bench/push.py --worker`` with the parent's environment."""
    _setup_django()
    from config.celery import app

    app.worker_main(
        [
            "worker",
            "--pool",
            "solo",
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",
            "--without-mingle",
            "--without-gossip",
            "--without-heartbeat",
        ]
    )


class Endpoint:
    """A push service on the loopback: answers 201 Created and counts what it received."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()
        self.last = 0.0
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with endpoint.lock:
                    endpoint.count += 1
                    endpoint.last = time.perf_counter()
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def build_event(slug: str, players: int, *, subscribe_to: str | None):
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from django.contrib.auth import get_user_model

    from notifications.models import Subscription
    from tournament import services
    from tournament.enums import EventStatus, RegistrationStatus, StaffRole
    from tournament.models import Event, PlayerProfile, Registration, StaffAssignment

    event = Event.objects.create(slug=slug, name=slug, status=EventStatus.RUNNING, round_minutes=50)
    organizer = get_user_model().objects.create_user(username=f"to-{slug}", password="pw")
    StaffAssignment.objects.create(event=event, user=organizer, role=StaffRole.ORGANIZER)
    profiles = PlayerProfile.objects.bulk_create(
        PlayerProfile(player_id=f"{slug[-4:].upper()}{i:06d}", display_name=f"Player {i}")
        for i in range(players)
    )
    regs = Registration.objects.bulk_create(
        Registration(event=event, player=p, status=RegistrationStatus.CHECKED_IN) for p in profiles
    )
    services.pair_next_round(event, actor=organizer, seed=1)
    if subscribe_to:
        subs = []
        for i, reg in enumerate(regs):
            key = (
                ec.generate_private_key(ec.SECP256R1())
                .public_key()
                .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            )
            subs.append(
                Subscription(
                    event=event,
                    audience="player",
                    registration=reg,
                    endpoint=f"{subscribe_to}/s/{i}",
                    p256dh=base64.urlsafe_b64encode(key).rstrip(b"=").decode(),
                    auth=base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"=").decode(),
                    page=f"/events/{slug}/me/",
                )
            )
        Subscription.objects.bulk_create(subs)
    return event, organizer


def publish_request(event, organizer) -> float:
    from django.test import Client

    client = Client()
    client.force_login(organizer)
    t0 = time.perf_counter()
    answer = client.post(f"/events/{event.slug}/staff/publish/")
    elapsed = time.perf_counter() - t0
    assert answer.status_code in (200, 302), answer.status_code
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=200, help="messages per send task")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    print(
        f"python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, {args.players} players, "
        f"batches of {args.batch}",
        flush=True,
    )
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME}")
        conn.execute(f"CREATE DATABASE {DB_NAME}")
    folder = tempfile.mkdtemp(prefix="arbiter-push-broker-")
    os.environ.update(_env(folder, args.batch))
    _setup_django()
    from django.core.management import call_command

    from notifications import keys

    call_command("migrate", verbosity=0)
    os.environ["PUSH_VAPID_KEY_FILE"] = str(Path(folder) / "vapid.pem")
    from django.conf import settings

    settings.PUSH_VAPID_KEY_FILE = Path(os.environ["PUSH_VAPID_KEY_FILE"])
    keys.ensure_key_file()

    endpoint = Endpoint()
    t0 = time.perf_counter()
    warm, warm_to = build_event("bench-warm", 16, subscribe_to=endpoint.url)
    quiet, quiet_to = build_event("bench-quiet", args.players, subscribe_to=None)
    loud, loud_to = build_event("bench-push", args.players, subscribe_to=endpoint.url)
    print(
        f"built two {args.players}-player events (round 1 paired) in {time.perf_counter() - t0:.1f} s",
        flush=True,
    )

    log_path = Path(folder) / "worker.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"], env=dict(os.environ), cwd=ROOT, stdout=log, stderr=log
        )
    try:
        deadline = time.time() + 60
        while "ready." not in log_path.read_text() and time.time() < deadline:
            time.sleep(0.2)
        # The first request of a process loads templates and URLs, and its first task opens the
        # broker connection: a 16-player event with subscriptions goes first, and is not counted.
        publish_request(warm, warm_to)
        while endpoint.count < 16 and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        endpoint.count = 0
        warm_log = len(log_path.read_text())
        print(
            f"publish request, nobody subscribed:      {publish_request(quiet, quiet_to) * 1000:.0f} ms",
            flush=True,
        )
        published = time.perf_counter()
        request = publish_request(loud, loud_to)
        print(f"publish request, {args.players} subscriptions: {request * 1000:.0f} ms", flush=True)
        deadline = time.time() + 180
        while endpoint.count < args.players and time.time() < deadline:
            time.sleep(0.05)
        if endpoint.count < args.players:
            print(f"only {endpoint.count} of {args.players} messages arrived within 180 s")
        sent = endpoint.last - published
        time.sleep(1)
        text = log_path.read_text()[warm_log:]
        news = re.findall(r"notifications\.task_news\[[^\]]+\] succeeded in ([0-9.]+)s", text)
        batches = [
            float(x)
            for x in re.findall(r"notifications\.task_send_batch\[[^\]]+\] succeeded in ([0-9.]+)s", text)
        ]
        print(
            f"news task (build {args.players} messages, queue them): {float(news[0]):.2f} s"
            if news
            else "news task: not in the log"
        )
        print(
            f"{len(batches)} send tasks: {sum(batches):.1f} s of work, "
            f"slowest {max(batches) if batches else 0:.2f} s"
        )
        print(f"publish request -> all {endpoint.count} messages received by the push service: {sent:.1f} s")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
