"""Benchmark: re-validate 1,000 stored decklists after a card-data release changes legality.

Run: .venv/bin/python bench/decklist_revalidation.py [--lists 1000]
Uses a throw-away SQLite database in a temporary folder (migrated here). With
DATABASE_URL set it migrates and writes into that database instead: point it only at
a database you can throw away (e.g. postgres://postgres@127.0.0.1:5432/arbiter_bench).
Needs node and the npm card package (make card-package): the real FaB card data.

Scenario: 1,000 Classic Constructed lists (half of them play 3 Overpower (red)) were
validated under release A, all legal. Release B bans Overpower (red) in CC. The
organizer's re-validation (decklists.services.revalidate_decklists, what the Celery task
runs) re-reads every stored text, re-checks it and saves + audits the lists that changed.
Prints wall and CPU time for the whole run, per-list cost and how many lists changed.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BASE_LIST = (
    (ROOT / "tests" / "decklists" / "conftest.py")
    .read_text()
    .split('LEGAL_CC = """', 1)[1]
    .split('"""', 1)[0]
)
SWAPPED_LIST = BASE_LIST.replace("3x Overpower (red)", "3x Sink Below (blue)")


def card_databases():
    from rules_engine.cards import CardDatabase, LegalityEvent
    from rules_engine.importers import parse_fabrary

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "fabrary.json"
        subprocess.run(
            ["node", str(ROOT / "tools" / "fabrary" / "dump.mjs"), str(out)], check=True, capture_output=True
        )
        result = parse_fabrary(out)
    db_a = CardDatabase(result.cards, release=f"{result.source}@{result.version}")
    banned = []
    for card in result.cards:
        if card.name == "Overpower" and card.pitch == 1:
            card = dataclasses.replace(
                card, legality_history=card.legality_history + (LegalityEvent("cc", "banned"),)
            )
        banned.append(card)
    db_b = CardDatabase(banned, release=f"{result.source}@{result.version}+bench-ban")
    return db_a, db_b


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lists", type=int, default=1000)
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="decklist-bench-")
    if not os.environ.get("DATABASE_URL"):
        os.environ["ARBITER_VAR_DIR"] = tmp
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("migrate", verbosity=0)

    from django.contrib.auth import get_user_model

    from core.models import AuditEntry
    from decklists.enums import DecklistStatus
    from decklists.models import Decklist
    from decklists.services import revalidate_decklists
    from decklists.validation import validate_text
    from tournament.models import Event, PlayerProfile, Registration

    t0 = time.perf_counter()
    db_a, db_b = card_databases()
    load_s = time.perf_counter() - t0

    User = get_user_model()
    event = Event.objects.create(
        slug=f"bench-{int(time.time())}", name="Revalidation bench", format="cc", rel="competitive"
    )
    users = User.objects.bulk_create([User(username=f"bench{event.pk}-{i}") for i in range(args.lists)])
    profiles = PlayerProfile.objects.bulk_create(
        [
            PlayerProfile(user=u, player_id=f"B{event.pk}-{i:05d}", display_name=f"Bench Player {i}")
            for i, u in enumerate(users)
        ]
    )
    regs = Registration.objects.bulk_create([Registration(event=event, player=p) for p in profiles])
    from datetime import date

    as_of = date.today()
    first = {
        text: validate_text(text, db=db_a, format_code="cc", as_of=as_of)
        for text in (BASE_LIST, SWAPPED_LIST)
    }
    assert all(v.is_legal for v in first.values()), [v.findings for v in first.values()]
    rows = []
    for i, reg in enumerate(regs):
        text = BASE_LIST if i % 2 == 0 else SWAPPED_LIST
        v = first[text]
        rows.append(
            Decklist(
                registration=reg,
                status=DecklistStatus.ACCEPTED,
                raw_text=text,
                hero=v.hero,
                cards=v.cards,
                problems=v.problems,
                findings=v.findings,
                is_legal=v.is_legal,
                data_version=v.data_version,
            )
        )
    Decklist.objects.bulk_create(rows)
    decklists = list(
        Decklist.objects.filter(registration__event=event).select_related(
            "registration__event", "registration__player"
        )
    )
    audits_before = AuditEntry.objects.count()

    # Pure parse + check cost (no database writes) for reference.
    c0, w0 = time.process_time(), time.perf_counter()
    for d in decklists:
        validate_text(d.raw_text, db=db_b, format_code="cc", as_of=as_of)
    check_cpu, check_wall = time.process_time() - c0, time.perf_counter() - w0

    c0, w0 = time.process_time(), time.perf_counter()
    changes = revalidate_decklists(decklists, db=db_b)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0

    audits = AuditEntry.objects.count() - audits_before
    n = len(decklists)
    print(
        f"database: {connection.vendor}; card data: {db_b.release} ({len(db_b)} cards), loaded in {load_s:.2f} s"
    )
    print(f"lists: {n} Classic Constructed lists of {BASE_LIST.count(chr(10))} lines each")
    print(
        f"parse + check only (no writes):   wall {check_wall:6.2f} s   cpu {check_cpu:6.2f} s   "
        f"{1000 * check_wall / n:6.2f} ms/list"
    )
    print(
        f"re-validation (save + audit):     wall {wall:6.2f} s   cpu {cpu:6.2f} s   "
        f"{1000 * wall / n:6.2f} ms/list"
    )
    print(
        f"lists whose status changed: {len(changes)} (expected {(n + 1) // 2}); audit entries written: {audits}"
    )
    if os.environ.get("ARBITER_VAR_DIR") == tmp:
        import shutil

        connection.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
