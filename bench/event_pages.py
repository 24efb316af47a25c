"""Benchmark: the event pages of a 2,000-player event.

For SQLite and PostgreSQL (each in a fresh database of its own):

1. builds a 2,000-player event through the services: rounds 1 and 2 paired, published and
   every result entered by the scorekeeper service, round 3 paired and published (so the public
   page shows 1,000 tables, 2,000 names and 2,000 standings rows);
2. times "last result of a round -> next round's pairings published" (enter_result of the last
   table, then pair_next_round + publish_round), for rounds 1->2 and 2->3;
3. counts the SQL queries of the public pairings+standings page and the projector page at 2,000
   players and at a 20-player event (the counts must be equal: no N+1);
4. serves the project's WSGI application on 127.0.0.1 with a fixed pool of 20 worker threads
   (like gunicorn's gthread worker; ``manage.py runserver`` opens a thread and, with
   CONN_MAX_AGE, a PostgreSQL connection per request, which runs out of connections) and sends a
   bounded number of requests from 20 concurrent client threads; prints p50/p95/max latency
   and throughput per page.

Run:  .venv/bin/python bench/event_pages.py                # both databases
      .venv/bin/python bench/event_pages.py --db sqlite --players 500 --requests 40
PostgreSQL: postgres://postgres@127.0.0.1:5432/arbiter_pages_bench (dropped and re-created).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_URL = "postgres://postgres@127.0.0.1:5432/arbiter_pages_bench"


# --------------------------------------------------------------------------- parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=100, help="requests per page (bounded)")
    parser.add_argument("--pdf", action="store_true", help="also time the PDFs of the big event")
    parser.add_argument("--skip-http", action="store_true", help="no HTTP latency run")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, threads=args.clients)
        return
    if args.child:
        run_child(args)
        return
    print(
        f"python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    for db in ["sqlite", "postgres"] if args.db == "both" else [args.db]:
        env = dict(os.environ)
        if db == "sqlite":
            path = Path(tempfile.gettempdir()) / "arbiter_pages_bench.sqlite3"
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
            env["DATABASE_URL"] = f"sqlite:///{path}"
        else:
            recreate_pg_database()
            env["DATABASE_URL"] = PG_URL
        env.pop("CELERY_BROKER_URL", None)
        cmd = [
            sys.executable,
            __file__,
            "--child",
            "--db",
            db,
            "--players",
            str(args.players),
            "--clients",
            str(args.clients),
            "--requests",
            str(args.requests),
        ]
        cmd += ["--pdf"] if args.pdf else []
        cmd += ["--skip-http"] if args.skip_http else []
        print(f"\n== {db} ==", flush=True)
        subprocess.run(cmd, env=env, cwd=ROOT, check=True)


def recreate_pg_database() -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS arbiter_pages_bench")
        conn.execute("CREATE DATABASE arbiter_pages_bench")


# --------------------------------------------------------------------------- child


def run_child(args) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.conf import settings

    print(f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}")

    t0 = time.perf_counter()
    big, handoffs = build_event("bench-big", args.players, rounds=2, seed=1)
    print(
        f"built {args.players}-player event (2 rounds played, round 3 published) in {time.perf_counter() - t0:.1f} s"
    )
    for label, timing in handoffs:
        print(
            f"  last result -> next pairings published, {label}: {timing['total']:.2f} s "
            f"(last enter_result {timing['last_result']:.3f} s, pair_next_round {timing['pair']:.2f} s, "
            f"publish_round {timing['publish']:.3f} s)"
        )
    small, _ = build_event("bench-small", 20, rounds=2, seed=2)

    print("queries per page (in-process Django test client):")
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    pages = {
        "event page (pairings + standings)": "/events/{slug}/",
        "projector clock page": "/events/{slug}/clock/",
        "clock.json": "/events/{slug}/clock.json",
    }
    for label, pattern in pages.items():
        counts = []
        for event in (small, big):
            reset_queries()  # DEBUG keeps at most 9,000 queries; counting needs room
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(pattern.format(slug=event.slug))
            assert response.status_code == 200, (pattern, response.status_code)
            counts.append(len(ctx.captured_queries))
        print(f"  {label:36s} 20 players: {counts[0]:3d}   {args.players} players: {counts[1]:3d}")
    from django.core.cache import cache

    for label, pattern in (("event page", "/events/{slug}/"), ("projector page", "/events/{slug}/clock/")):
        cold, warm = [], []
        for _ in range(3):
            cache.clear()
            t = time.perf_counter()
            response = client.get(pattern.format(slug=big.slug))
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            client.get(pattern.format(slug=big.slug))
            warm.append(time.perf_counter() - t)
        print(
            f"  {label} alone, in-process, {args.players} players: cold cache {min(cold) * 1000:.0f} ms, "
            f"warm {min(warm) * 1000:.0f} ms (min of 3), {len(response.content) / 1024:.0f} KiB of HTML"
        )

    if args.pdf:
        time_pdfs(big)
    if args.skip_http:
        return
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), "--clients", str(args.clients)],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/health/")
        print(
            f"HTTP: WSGI server with {args.clients} worker threads, {args.clients} concurrent clients, "
            f"{args.requests} requests per page ({args.requests * 4} for clock.json) after one warm-up request"
        )
        print(f"  {'page':36s} {'p50 ms':>8s} {'p95 ms':>8s} {'max ms':>8s} {'req/s':>7s}  errors")
        for label, pattern in pages.items():
            n = args.requests * (4 if pattern.endswith(".json") else 1)
            url = f"http://127.0.0.1:{port}" + pattern.format(slug=big.slug)
            urllib.request.urlopen(url, timeout=300).read()  # one warm-up request: imports, caches
            lat, errors, wall = hammer(url, clients=args.clients, total=n)
            q = statistics.quantiles(lat, n=100)
            print(
                f"  {label:36s} {q[49] * 1000:8.0f} {q[94] * 1000:8.0f} {max(lat) * 1000:8.0f} "
                f"{len(lat) / wall:7.1f}  {errors or 0}",
                flush=True,
            )
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def time_pdfs(event) -> None:
    """Render each document of round 3 (standings: after round 2) the way core.pdf.render_pdf
    does (same template, same static-only fetcher), through WeasyPrint's document API so the
    page count is known."""
    from django.template.loader import render_to_string
    from weasyprint import HTML

    from core.pdf import StaticOnlyFetcher
    from tournament.pdf import document_for

    print("PDFs of the 2,000-player event (what task_render_event_pdf renders):")
    for kind, number in (("pairings-name", 3), ("pairings-table", 3), ("standings", 2), ("slips", 3)):
        t = time.perf_counter()
        document = document_for(event, kind, number, site_url="http://127.0.0.1/")
        html = render_to_string(document.template_name, document.context())
        laid_out = HTML(string=html, base_url="file:///", url_fetcher=StaticOnlyFetcher()).render()
        data = laid_out.write_pdf()
        elapsed = time.perf_counter() - t
        print(
            f"  {kind:15s} {elapsed:6.1f} s, {len(laid_out.pages)} pages, {len(data) / 1024:.0f} KiB",
            flush=True,
        )


def serve(port: int, *, threads: int) -> None:
    """The project's WSGI app behind wsgiref with a fixed thread pool (one DB connection per thread)."""
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    class PoolServer(WSGIServer):
        request_queue_size = 128
        pool = ThreadPoolExecutor(max_workers=threads)

        def process_request(self, request, client_address):
            self.pool.submit(self._work, request, client_address)

        def _work(self, request, client_address):
            try:
                self.finish_request(request, client_address)
            except Exception:
                self.handle_error(request, client_address)
            finally:
                self.shutdown_request(request)

    server = PoolServer(("127.0.0.1", port), QuietHandler)
    server.set_app(app)
    server.serve_forever()


def build_event(slug: str, players: int, *, rounds: int, seed: int):
    """An event with ``players`` checked-in players; ``rounds`` rounds fully played through the
    services, then the next round paired and published. Returns (event, hand-off timings)."""
    from django.contrib.auth import get_user_model

    from tournament import selectors, services
    from tournament.enums import MatchResult, RegistrationStatus, StaffRole
    from tournament.models import PlayerProfile, Registration

    User = get_user_model()
    rng = random.Random(seed)
    organizer = User.objects.create_user(username=f"{slug}-org")
    event = services.create_event(actor=organizer, name=slug, slug=slug, swiss_rounds=rounds + 3, top_cut=0)
    scorekeeper = User.objects.create_user(username=f"{slug}-sk")
    services.assign_staff(event, user=scorekeeper, role=StaffRole.SCOREKEEPER, actor=organizer)
    users = User.objects.bulk_create(
        [User(username=f"{slug}-p{i}", password="!") for i in range(players)], batch_size=500
    )
    if users[0].pk is None:  # backends without RETURNING ids on bulk insert
        users = list(User.objects.filter(username__startswith=f"{slug}-p").order_by("id"))
    profiles = PlayerProfile.objects.bulk_create(
        [
            PlayerProfile(
                user=u, player_id=f"{slug.upper()}-{i:05d}", display_name=f"Player {rng.randrange(10**6):06d}"
            )
            for i, u in enumerate(users)
        ],
        batch_size=500,
    )
    if profiles[0].pk is None:
        profiles = list(PlayerProfile.objects.filter(player_id__startswith=f"{slug.upper()}-"))
    Registration.objects.bulk_create(
        [Registration(event=event, player=p, status=RegistrationStatus.CHECKED_IN) for p in profiles],
        batch_size=500,
    )
    handoffs = []
    round_ = services.pair_next_round(event, actor=scorekeeper)
    services.publish_round(round_, actor=scorekeeper)
    for number in range(1, rounds + 1):
        pending = [m for m in selectors.matches_for_round(round_) if m.result == MatchResult.PENDING]
        for match in pending[:-1]:
            enter_random(services, match, scorekeeper, rng)
        t0 = time.perf_counter()
        enter_random(services, pending[-1], scorekeeper, rng)
        t1 = time.perf_counter()
        round_ = services.pair_next_round(event, actor=scorekeeper)
        t2 = time.perf_counter()
        services.publish_round(round_, actor=scorekeeper)
        t3 = time.perf_counter()
        handoffs.append(
            (
                f"round {number} -> {number + 1}",
                {"last_result": t1 - t0, "pair": t2 - t1, "publish": t3 - t2, "total": t3 - t0},
            )
        )
    return event, handoffs


def enter_random(services, match, actor, rng) -> None:
    roll = rng.random()
    if roll < 0.47:
        services.enter_result(match, actor=actor, result="a", games_a=1)
    elif roll < 0.94:
        services.enter_result(match, actor=actor, result="b", games_b=1)
    else:
        services.enter_result(match, actor=actor, result="draw")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"server did not answer {url}")


def hammer(url: str, *, clients: int, total: int):
    """``total`` GETs of ``url`` from ``clients`` threads; returns (latencies, errors, wall seconds)."""
    latencies: list[float] = []
    errors: dict[str, int] = {}
    lock = threading.Lock()

    def one(_):
        t = time.perf_counter()
        problem = None
        try:
            with urllib.request.urlopen(url, timeout=300) as r:
                r.read()
                if r.status != 200:
                    problem = f"HTTP {r.status}"
        except urllib.error.HTTPError as exc:
            problem = f"HTTP {exc.code}"
        except OSError as exc:
            problem = type(exc).__name__
        elapsed = time.perf_counter() - t
        with lock:
            latencies.append(elapsed)
            if problem:
                errors[problem] = errors.get(problem, 0) + 1

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(one, range(total)))
    return latencies, errors, time.perf_counter() - start


if __name__ == "__main__":
    main()
