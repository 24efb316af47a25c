"""Benchmark: the judging services on a 256-player event (throw-away SQLite database, or the
database named by BENCH_DATABASE_URL).

- issue_penalty latency and queries per penalty (recommendation with repeat counts, audit);
- open_calls_for_event for 200 open calls (time and queries);
- penalty report CSV and PenaltyReport PDF for 300 penalties;
- plan_deck_checks for a 128-table round at Professional REL.

Run: .venv/bin/python bench/judging.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_tmp = tempfile.mkdtemp(prefix="bench-judging-")
os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{_tmp}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def main() -> None:
    print(
        f"python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"db {connection.vendor}"
    )
    call_command("migrate", verbosity=0)
    from judging import selectors
    from judging.documents import PenaltyReport
    from judging.services import calls as call_services
    from judging.services import deck_checks as deck_check_services
    from judging.services import penalties as penalty_services
    from tests.factories import (
        EventFactory,
        MatchFactory,
        RegistrationFactory,
        RoundFactory,
        StaffAssignmentFactory,
        UserFactory,
    )
    from tournament.enums import REL, RoundStatus, StaffRole

    event = EventFactory(rel=REL.PROFESSIONAL, games_per_match=2, slug="bench-judging")
    hj = UserFactory(username="bench-hj")
    fj = UserFactory(username="bench-fj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    StaffAssignmentFactory(event=event, user=fj, role=StaffRole.FLOOR_JUDGE)
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.IN_PROGRESS)
    regs = [RegistrationFactory(event=event) for _ in range(256)]
    matches = [
        MatchFactory(round=rnd, table_number=i + 1, player_a=regs[2 * i], player_b=regs[2 * i + 1])
        for i in range(128)
    ]
    print("event: 256 players, 128 tables, Professional REL")

    codes = [
        "game_rules_violation",
        "looking_at_extra_cards",
        "hidden_card_error",
        "marked_cards",
        "insufficient_shuffling",
        "missed_trigger_detrimental",
    ]
    times, cpu, queries = [], [], []
    for i in range(300):
        m = matches[i % 128]
        with CaptureQueriesContext(connection) as ctx:
            t0, c0 = time.perf_counter(), time.process_time()
            penalty_services.issue_penalty(m.player_a, infraction=codes[i % len(codes)], judge=hj, match=m)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        queries.append(len(ctx.captured_queries))
    print(
        f"issue_penalty x300: p50 {statistics.median(times):.1f} ms, p95 {pct(times, 95):.1f} ms, "
        f"max {max(times):.1f} ms, CPU p50 {statistics.median(cpu):.1f} ms; queries per call median {statistics.median(queries):.0f}, max {max(queries)}"
    )

    for i in range(200):
        call_services.open_call(event, actor=fj, match=matches[i % 128])
    runs = []
    for _ in range(20):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            rows = [
                (c.table_number, c.match.player_a.player.display_name)
                for c in selectors.open_calls_for_event(event)
            ]
            runs.append((time.perf_counter() - t0) * 1000)
    print(
        f"open_calls_for_event (200 open calls) x20: p50 {statistics.median(runs):.1f} ms, "
        f"max {max(runs):.1f} ms, {len(ctx.captured_queries)} query, {len(rows)} rows"
    )

    t0 = time.perf_counter()
    text = selectors.penalty_report_csv(event)
    csv_ms = (time.perf_counter() - t0) * 1000
    t0, c0 = time.perf_counter(), time.process_time()
    pdf = PenaltyReport(event).render()
    pdf_s, pdf_cpu = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"penalty report, 300 penalties: CSV {csv_ms:.0f} ms ({len(text)} bytes); "
        f"PDF {pdf_s:.2f} s wall, {pdf_cpu:.2f} s CPU ({len(pdf)} bytes)"
    )

    t0 = time.perf_counter()
    stats = selectors.call_statistics(event)
    print(f"call_statistics (200 calls): {(time.perf_counter() - t0) * 1000:.0f} ms, total {stats['total']}")

    r2 = RoundFactory(event=event, number=2, status=RoundStatus.IN_PROGRESS)
    for i in range(128):
        MatchFactory(
            round=r2, table_number=i + 1, player_a=regs[(2 * i + 1) % 256], player_b=regs[(2 * i + 2) % 256]
        )
    t0 = time.perf_counter()
    planned = deck_check_services.plan_deck_checks(r2, actor=hj, seed=1)
    print(
        f"plan_deck_checks (128 tables, Professional 10%): {(time.perf_counter() - t0) * 1000:.0f} ms, "
        f"{len(planned)} checks planned"
    )


if __name__ == "__main__":
    main()
