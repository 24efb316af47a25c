"""Two submissions at the same moment never leave two lists (real transactions, threads)."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.db import connection

from core.errors import ConflictError
from decklists import services
from decklists.enums import DecklistStatus
from decklists.models import Decklist


@pytest.mark.skipif(
    not settings.IS_POSTGRES,
    reason="the in-memory SQLite test database has no concurrent writers "
    "(it answers 'table is locked'); CI runs this on PostgreSQL",
)
@pytest.mark.django_db(transaction=True)
def test_simultaneous_saves_and_submits_keep_one_list(event_with_staff, card_db, legal_cc_text):
    reg = event_with_staff["alice"]
    user = reg.player.user
    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def worker(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            d = services.save_decklist(reg, actor=user, text=legal_cc_text + "\n" * (i % 2), db=card_db)
            services.submit_decklist(d, actor=user)
            outcomes.append("ok")
        except ConflictError as exc:
            outcomes.append(f"conflict:{exc.code}")
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(outcomes) == 4
    assert all(o == "ok" or o.startswith("conflict") for o in outcomes), outcomes
    assert "ok" in outcomes
    lists = Decklist.objects.filter(registration=reg)
    assert lists.count() == 1
    assert lists.get().status == DecklistStatus.SUBMITTED
