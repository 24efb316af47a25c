"""Benchmark: running a 500-player event through the API (the players' phones and the scorekeeper).

For each database (SQLite in a temporary folder; PostgreSQL in a database dropped and
re-created here, ``arbiter_eventcore_bench``):

1. 500 players register and check in through the services (setup, not timed);
2. for ``--rounds`` Swiss rounds, through the in-process DRF test client with token auth:
   the scorekeeper POSTs the pairing and publishes, every player A reports and every player B
   confirms (2 requests per table), then anyone GETs the standings;
3. prints p50/p95/max latency per kind of request and the hand-off time from the last
   confirmation of a round to the next round's pairings being published (pair + publish).

No HTTP server is involved: this measures our code and the database, not a web server.

Run:  .venv/bin/python bench/event_api.py                       # both databases, 500 players, 2 rounds
      .venv/bin/python bench/event_api.py --db sqlite --players 100 --rounds 1
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_URL = "postgres://postgres@127.0.0.1:5432/arbiter_eventcore_bench"


def _pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def child(players: int, rounds: int) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("migrate", verbosity=0)
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tests.factories import PlayerProfileFactory, UserFactory
    from tournament import services

    def client(user):
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
        return c

    rng = random.Random(1)
    organizer = UserFactory(username="bench-to")
    event = services.create_event(
        actor=organizer, name="Bench Event", slug="bench-event", swiss_rounds=rounds, top_cut=0
    )
    sk_user = UserFactory(username="bench-sk")
    services.assign_staff(event, user=sk_user, role="scorekeeper", actor=organizer)
    sk = client(sk_user)
    regs = {}
    for _ in range(players):
        profile = PlayerProfileFactory()
        reg = services.register_player(event, player=profile, actor=profile.user)
        services.check_in(reg, actor=profile.user)
        regs[reg.pk] = client(profile.user)
    anon = APIClient()
    times: dict[str, list[float]] = {
        "pair POST": [],
        "publish POST": [],
        "report POST": [],
        "confirm POST": [],
        "standings GET": [],
        "pairings GET": [],
    }
    handoffs = []
    slug = event.slug
    last_confirm_end = None
    for number in range(1, rounds + 1):
        t = time.perf_counter()
        r = sk.post(f"/api/events/{slug}/rounds/", {}, format="json")
        times["pair POST"].append(time.perf_counter() - t)
        assert r.status_code == 201, r.content
        t = time.perf_counter()
        assert sk.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
        now = time.perf_counter()
        times["publish POST"].append(now - t)
        if last_confirm_end is not None:
            handoffs.append(now - last_confirm_end)
        t = time.perf_counter()
        matches = anon.get(f"/api/events/{slug}/rounds/{number}/matches/").json()
        times["pairings GET"].append(time.perf_counter() - t)
        for m in matches:
            if m["player_b"] is None:
                continue
            body = {"result": "a", "games_a": 1} if rng.random() < 0.5 else {"result": "b", "games_b": 1}
            t = time.perf_counter()
            r = regs[m["player_a"]["id"]].post(f"/api/matches/{m['id']}/report/", body, format="json")
            times["report POST"].append(time.perf_counter() - t)
            assert r.status_code == 200, r.content
            t = time.perf_counter()
            r = regs[m["player_b"]["id"]].post(f"/api/matches/{m['id']}/confirm/", {}, format="json")
            last_confirm_end = time.perf_counter()
            times["confirm POST"].append(last_confirm_end - t)
            assert r.status_code == 200, r.content
        t = time.perf_counter()
        assert len(anon.get(f"/api/events/{slug}/standings/").json()) == players
        times["standings GET"].append(time.perf_counter() - t)
    print(f"database: {connection.vendor}, players: {players}, rounds: {rounds}")
    print(f"{'request':<16}{'n':>6}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, values in times.items():
        print(
            f"{name:<16}{len(values):>6}{_pct(values, 50) * 1000:>10.1f}{_pct(values, 95) * 1000:>10.1f}"
            f"{max(values) * 1000:>10.1f}"
        )
    if handoffs:
        print(
            "last confirmation -> next pairings published (pair + publish POSTs): "
            + ", ".join(f"{h:.2f} s" for h in handoffs)
        )
    print(
        f"mean report+confirm per table: {statistics.mean(times['report POST']) * 1000 + statistics.mean(times['confirm POST']) * 1000:.1f} ms"
    )


def _fresh_postgres() -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS arbiter_eventcore_bench")
        conn.execute("CREATE DATABASE arbiter_eventcore_bench")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.players, args.rounds)
        return
    for db in ["sqlite", "postgres"] if args.db == "both" else [args.db]:
        env = dict(os.environ)
        env.pop("DATABASE_URL", None)
        if db == "sqlite":
            env["ARBITER_VAR_DIR"] = tempfile.mkdtemp(prefix="event-api-bench-")
        else:
            _fresh_postgres()
            env["DATABASE_URL"] = PG_URL
        cmd = [
            sys.executable,
            __file__,
            "--child",
            "--players",
            str(args.players),
            "--rounds",
            str(args.rounds),
        ]
        subprocess.run(cmd, env=env, check=True, cwd=ROOT)


if __name__ == "__main__":
    main()
