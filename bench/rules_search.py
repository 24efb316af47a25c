"""Benchmark: rules search over every imported document (numbers and words), p50/p95.

Imports the shared seeds first (a no-op when already imported), then times ``search_rules`` (the
selector) and the whole search page (view + template) for a fixed list of queries.

Run on SQLite (a separate file, var/bench_rules.sqlite3, unless DATABASE_URL is set):
    .venv/bin/python bench/rules_search.py
Run on PostgreSQL (the database is created when missing):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter_reference_bench .venv/bin/python bench/rules_search.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{ROOT / 'var' / 'bench_rules.sqlite3'}")

NUMBER_QUERIES = [
    "1.1.3b",
    "CR 1.1.3b",
    "tr&p 3.2",
    "PPG 4.4",
    "GA 1.5.1a",
    "8.5.34",
    "TR&P'23 3.4",
    "GA 1.7.h.3a",
    "CR 7.2",
    "3.8",
]
WORD_QUERIES = [
    "hybrid card",
    "pitch",
    "go again",
    "deck check",
    "slow play",
    "intellect penalty",
    "combat chain",
    "marked cards",
    "champion level",
    "defend with equipment",
    "dominate",
    "reaction step",
    "missed trigger",
    "living legend",
    "shuffle",
    "arsenal",
]
ROUNDS = 15


def ensure_postgres_database(url: str) -> None:
    from urllib.parse import urlparse

    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def main() -> None:
    if os.environ["DATABASE_URL"].startswith("postgres"):
        ensure_postgres_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import RequestFactory

    from reference.models import Rule, RulesDocument
    from reference.selectors import search_rules
    from reference.services import import_default_documents
    from reference.views import search

    (ROOT / "var").mkdir(exist_ok=True)
    call_command("migrate", "reference", verbosity=0)
    t0 = time.perf_counter()
    results = import_default_documents()
    import_s = time.perf_counter() - t0
    if not results:
        sys.exit("No seeds found in SHARED_DIR/seeds: nothing to search.")
    factory = RequestFactory()
    total_rules = Rule.objects.count()
    docs = RulesDocument.objects.count()

    def timed(fn, queries):
        for q in queries:  # warm-up (template loading, caches)
            fn(q)
        samples: dict[str, list[float]] = {q: [] for q in queries}
        hits: dict[str, int] = {}
        for _ in range(ROUNDS):
            for q in queries:
                t = time.perf_counter()
                hits[q] = fn(q)
                samples[q].append((time.perf_counter() - t) * 1000)
        return samples, hits

    def selector(q):
        return len(search_rules(q).hits)

    def page(q):
        response = search(factory.get("/rules/search/", {"q": q}))
        assert response.status_code == 200
        return len(response.content)

    print(
        f"database: {connection.vendor} (IS_POSTGRES={settings.IS_POSTGRES}); {docs} documents, "
        f"{total_rules} rules; seed import/check took {import_s:.2f} s"
    )
    for label, queries in (("number", NUMBER_QUERIES), ("words", WORD_QUERIES)):
        for what, fn in (("search_rules", selector), ("search page", page)):
            samples, hits = timed(fn, queries)
            flat = [v for vs in samples.values() for v in vs]
            worst = max(samples, key=lambda q: statistics.median(samples[q]))
            print(
                f"{label:6} {what:12} n={len(flat):4}  p50 {pct(flat, 50):7.2f} ms  p95 {pct(flat, 95):7.2f} ms  "
                f"max {max(flat):7.2f} ms  slowest query {worst!r} (median {statistics.median(samples[worst]):.2f} ms)"
            )
            if what == "search_rules":
                print("       hits: " + ", ".join(f"{q!r}={n}" for q, n in hits.items()))


if __name__ == "__main__":
    main()
