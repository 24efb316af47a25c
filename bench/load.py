"""Load benchmark: a big event's reporting storm against the production configuration.

For each ``--players`` size, in a PostgreSQL database of its own (``--db``, dropped and
re-created) with Redis as the shared cache (``--redis``, flushed first):

1. setup (not timed): N players checked in, round 1 paired, published and every result entered
   through the services (so standings have N rows), round 2 paired and published; one API token
   per player and one for the scorekeeper;
2. starts ``make serve`` (gunicorn, DEBUG off, static files collected by the target itself)
   on 127.0.0.1 and waits until it answers;
3. the storm, for ``--duration`` seconds plus the hand-off (bounded: ``--timeout``):
   - ``--spectators`` clients poll the public event page and the clock every ``--poll`` s,
   - ``--standings`` clients poll the standings API every ``--poll`` s,
   (both send If-None-Match / If-Modified-Since like a browser reload);
   - every table's player A reports at a random moment of the window and player B confirms
     1-10 s later; ``--double-tap`` of the reports and of the confirmations are sent twice at once;
   - when the last confirmation is answered the scorekeeper pairs and publishes round 3;
4. prints p50/p95/max per endpoint, status counts, errors (5xx, timeouts, refused), and the time
   from the last confirmation's answer to the answer of the publish POST;
5. checks the database: every round-2 table has the reported result, exactly two MatchReports,
   one ``match.report`` and one ``match.confirm`` audit entry, version bumped exactly twice.

``--scenario issue15`` replaces the pollers by 50 clients that each poll the event page
(pairings) and the standings API.

``--scenario hall`` (issue 30) measures the hall instead of a storm: no reports, for
``--duration`` seconds ``--screens`` wall screens (pairings by name, by table range, standings,
in turn) each load their page once and poll the clock JSON every ``--poll`` s (as the
browser does), two coverage overlays poll
their JSON every 3 s and ``--judges`` judges' phones poll the floor view every 5 s (logged in,
with zones), all with If-None-Match as the browsers do; it prints the web server's CPU as a
share of one core, beside the same server's CPU while idle for as long.

Run:  .venv/bin/python bench/load.py --players 500 2000
      .venv/bin/python bench/load.py --players 500 2000 --record   (also appends the report,
      with its command, to docs/benchmarks-history.md; docs/benchmarks.md keeps the current
      figures, updated by hand when a recorded run replaces them)
      .venv/bin/python bench/load.py --players 2000 --scenario issue15
      .venv/bin/python bench/load.py --players 2000 --scenario hall --duration 60
Only 127.0.0.1 is ever contacted. Requests are bounded by count (one report and one confirm
per table, pollers every ``--poll`` s) and time (``--timeout``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_DB = "speed"
DEFAULT_REDIS = "redis://127.0.0.1:6379/8"
# The server's and the setup's: the judges' sessions made in setup are signed with it.
SECRET_KEY = "load-bench-" + "x" * 40


def _pct(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


# --------------------------------------------------------------------------- child (Django)


def _django(db_url: str, redis_url: str):
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = db_url
    os.environ["CACHE_URL"] = redis_url
    os.environ["SECRET_KEY"] = SECRET_KEY
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def child_setup(db_url: str, redis_url: str, players: int, out: str) -> None:
    _django(db_url, redis_url)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    call_command("migrate", verbosity=0)
    from tournament import selectors, services
    from tournament.enums import MatchResult, RegistrationStatus, StaffRole
    from tournament.models import PlayerProfile, Registration

    User = get_user_model()
    rng = random.Random(7)
    slug = f"load-{players}"
    t0 = time.perf_counter()
    organizer = User.objects.create_user(username=f"{slug}-org")
    event = services.create_event(
        actor=organizer, name=f"Load {players}", slug=slug, swiss_rounds=5, top_cut=0
    )
    sk = User.objects.create_user(username=f"{slug}-sk")
    services.assign_staff(event, user=sk, role=StaffRole.SCOREKEEPER, actor=organizer)
    users = User.objects.bulk_create([User(username=f"{slug}-p{i}", password="!") for i in range(players)])
    profiles = PlayerProfile.objects.bulk_create(
        [
            PlayerProfile(
                user=u, player_id=f"L{players}-{i:05d}", display_name=f"Player {rng.randrange(10**6):06d}"
            )
            for i, u in enumerate(users)
        ]
    )
    Registration.objects.bulk_create(
        [Registration(event=event, player=p, status=RegistrationStatus.CHECKED_IN) for p in profiles]
    )
    Token.objects.bulk_create([Token(user=u, key=Token.generate_key()) for u in users + [sk]])
    tokens = dict(Token.objects.filter(user__in=users + [sk]).values_list("user_id", "key"))
    round_ = services.pair_next_round(event, actor=sk)
    services.publish_round(round_, actor=sk)
    for m in selectors.matches_for_round(round_):
        if m.result == MatchResult.PENDING:
            r = rng.random()
            result, ga, gb = ("a", 1, 0) if r < 0.48 else ("b", 0, 1) if r < 0.96 else ("draw", 0, 0)
            services.enter_result(m, actor=sk, result=result, games_a=ga, games_b=gb)
    round_ = services.pair_next_round(event, actor=sk)
    services.publish_round(round_, actor=sk)
    services.start_clock(round_, actor=sk)  # the pollers see a running clock
    tables = []
    for m in selectors.matches_for_round(round_):
        if m.player_b_id is None:
            continue
        r = rng.random()
        result, ga, gb = ("a", 1, 0) if r < 0.48 else ("b", 0, 1) if r < 0.96 else ("draw", 0, 0)
        tables.append(
            {
                "id": m.pk,
                "version": m.version,
                "a": tokens[m.player_a.player.user_id],
                "b": tokens[m.player_b.player.user_id],
                "body": {"result": result, "games_a": ga, "games_b": gb},
            }
        )
    # The hall (scenario "hall"): two feature tables, judges logged in (a session cookie each)
    # with the tables divided into zones between them.
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    SessionStore = import_module(settings.SESSION_ENGINE).SessionStore

    from judging import floor

    services.add_feature_table(event, table_number=1, name="Feature", actor=organizer)
    services.add_feature_table(event, table_number=2, actor=organizer)
    judges, sessions = [], []
    for i in range(10):
        judge = User.objects.create_user(username=f"{slug}-judge{i}")
        role = StaffRole.HEAD_JUDGE if i == 0 else StaffRole.FLOOR_JUDGE
        services.assign_staff(event, user=judge, role=role, actor=organizer)
        judges.append(judge)
        session = SessionStore()
        session[SESSION_KEY] = str(judge.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = judge.get_session_auth_hash()
        session.create()
        sessions.append(session.session_key)
    per_zone = max(1, (players // 2) // 9 + 1)
    for i, judge in enumerate(judges[1:]):
        floor.save_zone(
            event,
            actor=organizer,
            name=f"Zone {i + 1}",
            tables=f"{i * per_zone + 1}-{(i + 1) * per_zone}",
            judges=[judge.pk],
            feature=i == 0,
        )
    Path(out).write_text(
        json.dumps(
            {
                "slug": slug,
                "sk": tokens[sk.pk],
                "round": round_.number,
                "tables": tables,
                "sessions": sessions,
                "session_cookie": settings.SESSION_COOKIE_NAME,
                "table_count": len(tables),
            }
        )
    )
    print(
        f"  setup: {players} players, round 1 played, round 2 published ({len(tables)} tables) in "
        f"{time.perf_counter() - t0:.0f} s",
        flush=True,
    )


def child_check(db_url: str, redis_url: str, state_file: str) -> None:
    _django(db_url, redis_url)
    from core.models import AuditEntry
    from tournament.enums import MatchResult
    from tournament.models import Match, MatchReport, Round

    state = json.loads(Path(state_file).read_text())
    tables = {t["id"]: t for t in state["tables"]}
    matches = {m.pk: m for m in Match.objects.filter(pk__in=tables)}
    reports = Counter(MatchReport.objects.filter(match_id__in=tables).values_list("match_id", flat=True))
    audits = Counter(
        AuditEntry.objects.filter(
            action__in=["match.report", "match.confirm"], object_id__in=[str(i) for i in tables]
        ).values_list("object_id", "action")
    )
    lost = wrong = dup_reports = dup_audit = dup_version = 0
    for mid, t in tables.items():
        m = matches[mid]
        if m.result == MatchResult.PENDING:
            lost += 1
            continue
        if (m.result, m.games_a, m.games_b) != (
            t["body"]["result"],
            t["body"]["games_a"],
            t["body"]["games_b"],
        ):
            wrong += 1
        dup_reports += reports[mid] != 2
        dup_audit += audits[(str(mid), "match.report")] != 1 or audits[(str(mid), "match.confirm")] != 1
        dup_version += m.version != t["version"] + 2
    next_round = Round.objects.filter(
        event__slug=state["slug"], number=state["round"] + 1, status="published"
    ).exists()
    print(
        f"  database check: {len(tables)} tables, lost {lost}, wrong result {wrong}, "
        f"tables with != 2 reports {dup_reports}, with duplicated/missing audit entries {dup_audit}, "
        f"with extra version bumps {dup_version}; round {state['round'] + 1} published: {next_round}",
        flush=True,
    )


# --------------------------------------------------------------------------- parent (HTTP)


class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.status: dict[str, Counter] = defaultdict(Counter)
        self.bytes: dict[str, list[int]] = defaultdict(list)

    def add(self, label: str, seconds: float, status, size: int = 0) -> None:
        self.times[label].append(seconds)
        self.status[label][status] += 1
        self.bytes[label].append(size)

    def reset(self) -> None:
        self.times.clear()
        self.status.clear()
        self.bytes.clear()

    def errors(self) -> int:
        return sum(
            n for c in self.status.values() for s, n in c.items() if not isinstance(s, int) or s >= 500
        )

    def print(self) -> None:
        print(f"  {'endpoint':<18}{'n':>6}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'avg KiB':>9}  statuses")
        for label in sorted(self.times):
            v = self.times[label]
            kib = sum(self.bytes[label]) / max(1, len(self.bytes[label])) / 1024
            st = " ".join(f"{s}:{n}" for s, n in sorted(self.status[label].items(), key=str))
            print(
                f"  {label:<18}{len(v):>6}{_pct(v, 50) * 1000:>9.0f}{_pct(v, 95) * 1000:>9.0f}"
                f"{max(v) * 1000:>9.0f}{kib:>9.1f}  {st}"
            )


class Answer:
    """What a request answered, read in full (the client's own response object is gone). A plain
    class: the tests load this file without registering it as a module, which a dataclass needs."""

    __slots__ = ("content", "headers", "status_code")

    def __init__(self, status_code: int, headers: Mapping[str, str], content: bytes) -> None:
        self.status_code, self.headers, self.content = status_code, headers, content

    @property
    def text(self) -> str:
        return self.content.decode(errors="replace")


async def _request(client, stats: Stats, label: str, method: str, url: str, **kw):
    t = time.perf_counter()
    try:
        async with client.request(method, url, **kw) as resp:
            r = Answer(resp.status, resp.headers, await resp.read())
    except Exception as exc:  # noqa: BLE001 - any transport failure is an error of the run
        stats.add(label, time.perf_counter() - t, type(exc).__name__)
        return None
    stats.add(label, time.perf_counter() - t, r.status_code, len(r.content))
    return r


async def poller(client, stats, urls, poll, stop, rng, cookie: str = "", ready: list | None = None):
    """One browser tab: GETs each URL every ``poll`` s, conditionally once it has validators
    (with ``cookie``, a logged-in one). Appends to ``ready`` once every URL has had a 200."""
    validators: dict[str, dict] = {}
    await asyncio.sleep(rng.random() * min(poll, 10.0))  # the tabs open within 10 s
    while not stop.is_set():
        for label, url in urls:
            headers = dict(validators.get(url, {}))
            if cookie:
                headers["Cookie"] = cookie
            r = await _request(client, stats, label, "GET", url, headers=headers)
            if r is not None and r.status_code == 200:
                h = {}
                if "etag" in r.headers:
                    h["If-None-Match"] = r.headers["etag"]
                if "last-modified" in r.headers:
                    h["If-Modified-Since"] = r.headers["last-modified"]
                validators[url] = h
        if ready is not None and len(validators) == len(urls) and id(validators) not in ready:
            ready.append(id(validators))
        try:
            await asyncio.wait_for(stop.wait(), poll)
        except TimeoutError:
            pass


async def _post_retrying(client, stats, label, url, body, headers, rng):
    """A phone's POST: retried (up to 3 times, after 1-3 s) when no answer or a 5xx came back,
    as the app does; safe because reports and confirmations are idempotent."""
    r = None
    for _attempt in range(3):
        r = await _request(client, stats, label, "POST", url, json=body, headers=headers)
        if r is not None and r.status_code < 500:
            return r
        await asyncio.sleep(1 + 2 * rng.random())
    return r


async def table(client, stats, t, window, rng, double_tap, done):
    await asyncio.sleep(rng.random() * window)
    url = f"/api/matches/{t['id']}/"
    for kind, token, body in (("report", t["a"], t["body"]), ("confirm", t["b"], {})):
        headers = {"Authorization": f"Token {token}"}
        n = 2 if rng.random() < double_tap else 1
        rs = await asyncio.gather(
            *[
                _post_retrying(client, stats, f"{kind} POST", url + kind + "/", body, headers, rng)
                for _ in range(n)
            ]
        )
        if kind == "report":
            await asyncio.sleep(1 + rng.random() * 9)
        else:
            done(any(r is not None and r.status_code == 200 for r in rs))


async def storm(base: str, state: dict, args, scenario: str) -> tuple[Stats, float | None]:
    import aiohttp

    stats = Stats()
    rng = random.Random(11)
    stop = asyncio.Event()
    slug, number = state["slug"], state["round"]
    # Idle connections are closed by the client (20 s) before the server does (gunicorn
    # keepalive 30 s), as a browser does, so a poll never races the server's close. aiohttp
    # (its HTTP parser compiled) rather than a pure-Python client: the client shares the
    # server's two cores and must stay a small part of the machine (issue 37).
    connector = aiohttp.TCPConnector(limit=400, keepalive_timeout=20)
    timeout = aiohttp.ClientTimeout(total=30.0)
    async with aiohttp.ClientSession(base_url=base, connector=connector, timeout=timeout) as client:
        polls = []
        ready: list[int] = []
        if scenario == "issue20":
            for _ in range(args.spectators):
                urls = [
                    ("event page", f"/events/{slug}/"),
                    ("clock GET", f"/api/events/{slug}/rounds/{number}/clock/"),
                ]
                polls.append(poller(client, stats, urls, args.poll, stop, random.Random(rng.random())))
            for _ in range(args.standings):
                urls = [("standings API", f"/api/events/{slug}/standings/")]
                polls.append(poller(client, stats, urls, args.poll, stop, random.Random(rng.random())))
        elif scenario == "hall":
            tables = state["table_count"]
            section = max(1, tables // 4)
            screens = [
                ("screen: by name", f"/events/{slug}/screen/"),
                ("screen: standings", f"/events/{slug}/screen/standings/"),
            ] + [
                ("screen: tables", f"/events/{slug}/screen/?order=table&from={lo}&to={lo + section - 1}")
                for lo in range(1, tables + 1, section)
            ]
            # As the browser does (tournament/screen.js, clock.js): the page once, then the
            # clock every ``--poll`` s (the page reloads only when the round changes).
            for i in range(args.screens):
                page = [screens[i % len(screens)]]
                polls.append(
                    poller(client, stats, page, 3600.0, stop, random.Random(rng.random()), "", ready)
                )
                urls = [("clock JSON", f"/events/{slug}/clock.json")]
                polls.append(
                    poller(client, stats, urls, args.poll, stop, random.Random(rng.random()), "", ready)
                )
            for table_number in (1, 2):
                urls = [("overlay JSON", f"/coverage/{slug}/overlay/{table_number}/data.json")]
                polls.append(poller(client, stats, urls, 3.0, stop, random.Random(rng.random()), "", ready))
            for i in range(args.judges):
                cookie = f"{state['session_cookie']}={state['sessions'][i % len(state['sessions'])]}"
                urls = [("floor live", f"/judging/{slug}/floor/live/")]
                polls.append(
                    poller(client, stats, urls, 5.0, stop, random.Random(rng.random()), cookie, ready)
                )
        else:  # issue 15: 50 clients poll pairings and standings
            for _ in range(50):
                urls = [
                    ("event page", f"/events/{slug}/"),
                    ("standings API", f"/api/events/{slug}/standings/"),
                ]
                polls.append(poller(client, stats, urls, args.poll, stop, random.Random(rng.random())))
        poll_tasks = [asyncio.create_task(p) for p in polls]
        if scenario == "hall":
            # Warm-up: every screen's first (full) answer, then the steady state is measured:
            # the server's CPU over ``--duration`` s of polls answered from their versions.
            warm0 = time.perf_counter()
            while len(ready) < len(polls) and time.perf_counter() - warm0 < 120:
                await asyncio.sleep(1)
            await asyncio.sleep(2 * args.poll)  # every poller past its first answer
            print(
                f"  warm-up (first answers, not counted): {time.perf_counter() - warm0:.0f} s, "
                f"{len(ready)} of {len(polls)} pollers answered"
            )
            stats.print()
            stats.reset()
            cpu0, t0 = args.server_cpu(), time.perf_counter()
            await asyncio.sleep(args.duration)
            stats.cpu, stats.wall = args.server_cpu() - cpu0, time.perf_counter() - t0
            stop.set()
            await asyncio.gather(*poll_tasks, return_exceptions=True)
            return stats, None
        remaining = len(state["tables"])
        all_confirmed = asyncio.Event()
        last = {"t": None, "failed": 0}

        def done(ok: bool) -> None:
            nonlocal remaining
            remaining -= 1
            last["failed"] += not ok
            if remaining == 0:
                last["t"] = time.perf_counter()
                all_confirmed.set()

        tables = [
            asyncio.create_task(
                table(
                    client, stats, t, args.duration - 12, random.Random(rng.random()), args.double_tap, done
                )
            )
            for t in state["tables"]
        ]
        handoff = None
        try:
            await asyncio.wait_for(all_confirmed.wait(), args.timeout)
            sk = {"Authorization": f"Token {state['sk']}"}
            r = await _request(
                client, stats, "pair POST", "POST", f"/api/events/{slug}/rounds/", json={}, headers=sk
            )
            if r is not None and r.status_code == 201:
                r = await _request(
                    client,
                    stats,
                    "publish POST",
                    "POST",
                    f"/api/events/{slug}/rounds/{number + 1}/publish/",
                    headers=sk,
                )
                if r is not None and r.status_code == 200:
                    handoff = time.perf_counter() - last["t"]
            else:
                print("  pairing failed:", None if r is None else (r.status_code, r.text[:300]))
            await asyncio.sleep(5)  # pollers see the new round
        except TimeoutError:
            print(f"  timed out with {remaining} tables unconfirmed")
        finally:
            stop.set()
            for t in tables:
                t.cancel()
            await asyncio.gather(*poll_tasks, *tables, return_exceptions=True)
        if last["failed"]:
            print(f"  tables whose confirmation never got a 200: {last['failed']}")
    return stats, handoff


def server_cpu_seconds(root_pid: int) -> float:
    """CPU time (user + system) used so far by the live processes of the server: ``root_pid``
    (make) and every process below it (config.serve, the gunicorn master and its workers), found
    by parent links, since ``config.serve`` starts each process in a process group of its own. A
    figure less sensitive than latency to what else the shared machine runs."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parent[pid] = int(fields[1])  # ppid
        ticks[pid] = int(fields[11]) + int(fields[12])  # utime, stime
    tree, todo = {root_pid}, [root_pid]
    while todo:
        here = todo.pop()
        for pid, ppid in parent.items():
            if ppid == here and pid not in tree:
                tree.add(pid)
                todo.append(pid)
    return sum(ticks.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def server_settings(env: dict[str, str]) -> str:
    """The settings module and cache backend the server runs with, read by Django itself in a
    process with the server's environment (the report says what it measured against)."""
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "c = s.CACHES['default']; "
        "print(s.SETTINGS_MODULE, 'DEBUG' if s.DEBUG else 'production (DEBUG off)', c['BACKEND'].rsplit('.', 1)[-1], c.get('LOCATION', ''))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": env.get("DJANGO_SETTINGS_MODULE", "config.settings")},
        capture_output=True,
        text=True,
        check=False,
    )
    return out.stdout.strip() or f"unknown ({out.stderr.strip()[-200:]})"


def fresh_stores(db: str, redis_url: str) -> str:
    """Drop and re-create PostgreSQL database ``db``, flush the Redis database ``redis_url``;
    returns the database's URL (shared with bench/request_cpu.py)."""
    import psycopg
    import redis

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db}"')
    redis.Redis.from_url(redis_url).flushdb()
    return f"postgres://postgres@127.0.0.1:5432/{db}"


def run_size(players: int, args) -> None:
    db_url = fresh_stores(args.db, args.redis)
    state_file = Path(tempfile.gettempdir()) / f"arbiter-load-{players}.json"
    py = [sys.executable, __file__]
    common = ["--db-url", db_url, "--redis", args.redis]
    subprocess.run(
        [*py, "--child-setup", str(players), "--state", str(state_file), *common], check=True, cwd=ROOT
    )
    state = json.loads(state_file.read_text())
    env = dict(os.environ)
    env.update(
        DATABASE_URL=db_url,
        CACHE_URL=args.redis,
        DJANGO_DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1",
        HOST="127.0.0.1",
        PORT=str(args.port),
        CONN_MAX_AGE="60",
        # Plain HTTP on 127.0.0.1 with no TLS proxy in front: no redirect to https.
        SECURE_SSL_REDIRECT="0",
        # Every simulated phone comes from 127.0.0.1: the per-address API throttle would answer
        # most of them 429 (at a venue they come from many addresses, or are measured separately).
        API_THROTTLE="0",
    )
    env.pop("CELERY_BROKER_URL", None)
    log = open(Path(tempfile.gettempdir()) / f"arbiter-load-{players}-server.log", "w")
    server = subprocess.Popen(
        ["make", "-s", "serve"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{args.port}"
    try:
        deadline = time.monotonic() + 600  # migrate + collectstatic first
        while True:
            try:
                with urllib.request.urlopen(base + f"/events/{state['slug']}/", timeout=30) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit(f"server did not start (see {log.name})")
            time.sleep(1)
        print("  server: " + server_settings(env), flush=True)
        if args.scenario == "hall":
            time.sleep(5)  # the start-up's last requests settle
            idle0 = server_cpu_seconds(server.pid)
            time.sleep(args.duration)
            idle = server_cpu_seconds(server.pid) - idle0
            print(
                f"  idle: web server CPU {idle:.2f} s in {args.duration:.0f} s ({idle / args.duration:.1%} of one core)"
            )
        load0 = os.getloadavg()[0]
        args.server_cpu = lambda: server_cpu_seconds(server.pid)
        cpu0 = server_cpu_seconds(server.pid)
        client0 = time.process_time()
        t0 = time.perf_counter()
        stats, handoff = asyncio.run(storm(base, state, args, args.scenario))
        wall = time.perf_counter() - t0
        client = time.process_time() - client0
        requests = sum(len(v) for v in stats.times.values())
        cpu = server_cpu_seconds(server.pid) - cpu0
        print(
            f"  storm: {wall:.0f} s, load average {load0:.1f} -> {os.getloadavg()[0]:.1f}, "
            f"errors (5xx/transport) {stats.errors()}; web server CPU {cpu:.0f} s for {requests} requests "
            f"({cpu / max(1, requests) * 1000:.1f} ms per request); load client CPU {client:.0f} s "
            f"({client / max(wall, 1e-9) / (os.cpu_count() or 1):.0%} of the machine)"
        )
        if args.scenario == "hall":
            print("  steady state:")
            stats.print()
            n = sum(len(v) for v in stats.times.values())
            print(
                f"  hall: web server CPU {stats.cpu:.2f} s in {stats.wall:.0f} s = "
                f"{stats.cpu / stats.wall:.1%} of one core for {args.screens} screens, 2 overlays, "
                f"{args.judges} judges' floor views ({n / stats.wall:.1f} requests/s, "
                f"{stats.cpu / max(1, n) * 1000:.1f} ms per request)"
            )
            return
        stats.print()
        print(
            "  last confirmation -> round published (pair + publish POSTs): "
            + (f"{handoff:.2f} s" if handoff is not None else "n/a")
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    subprocess.run([*py, "--child-check", "--state", str(state_file), *common], check=True, cwd=ROOT)


BENCHMARKS_HISTORY_MD = ROOT / "docs" / "benchmarks-history.md"


def record_text(argv: list[str], lines: list[str]) -> str:
    """The section ``--record`` appends to docs/benchmarks-history.md: the command and the report."""
    command = " ".join([".venv/bin/python bench/load.py", *argv])
    first = lines[0].strip() if lines else "bench/load.py"
    body = "".join(lines).rstrip("\n")
    return f"\n### {first}\n\nCommand: `{command}`\n\n```\n{body}\n```\n"


def run_and_record(argv: list[str], target: Path = BENCHMARKS_HISTORY_MD) -> int:
    """Run this script with ``argv``, echo its report and, when it succeeds, append the report
    with its command to ``target`` (docs/benchmarks-history.md)."""
    proc = subprocess.Popen([sys.executable, __file__, *argv], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        print(line, end="", flush=True)
        lines.append(line)
    code = proc.wait()
    if code == 0:
        with open(target, "a", encoding="utf-8") as out:
            out.write(record_text(argv, lines))
        print(f"recorded in {target}", flush=True)
    return code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--scenario", choices=["issue20", "issue15", "hall"], default="issue20")
    parser.add_argument("--screens", type=int, default=50, help="hall: wall screens")
    parser.add_argument("--judges", type=int, default=10, help="hall: judges' phones on the floor view")
    parser.add_argument("--duration", type=float, default=120, help="reporting window, seconds")
    parser.add_argument("--timeout", type=float, default=400, help="hard bound on one storm, seconds")
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--standings", type=int, default=20)
    parser.add_argument("--poll", type=float, default=5.0)
    parser.add_argument("--double-tap", type=float, default=0.05)
    parser.add_argument("--port", type=int, default=8720)
    parser.add_argument("--db", default=DEFAULT_DB, help="PostgreSQL database name (dropped and re-created)")
    parser.add_argument("--redis", default=DEFAULT_REDIS, help="Redis URL for the cache (flushed)")
    parser.add_argument(
        "--record",
        action="store_true",
        help="append the report and its command to docs/benchmarks-history.md",
    )
    parser.add_argument("--child-setup", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-check", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--state", help=argparse.SUPPRESS)
    parser.add_argument("--db-url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_setup:
        child_setup(args.db_url, args.redis, args.child_setup, args.state)
        return
    if args.child_check:
        child_check(args.db_url, args.redis, args.state)
        return
    if "127.0.0.1" not in args.redis:
        raise SystemExit("--redis must point at 127.0.0.1")
    if args.record:
        raise SystemExit(run_and_record([a for a in sys.argv[1:] if a != "--record"]))
    rev = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    print(
        f"bench/load.py {args.scenario} at {rev or '?'}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{os.cpu_count()} cores (shared), load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    for players in args.players:
        print(f"{players} players:", flush=True)
        run_size(players, args)


if __name__ == "__main__":
    main()
