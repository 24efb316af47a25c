"""The shared rules documents end to end: import, addresses of cited rules, search (skipped without them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from reference.rendering import _index
from reference.seeds import SEEDS
from reference.services import import_default_documents

SEEDS_DIR = Path(settings.SHARED_DIR) / "seeds"

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def real_documents():
    if not all((SEEDS_DIR / s.filename).is_file() for s in SEEDS if s.current):
        pytest.skip("the shared rules documents are not present")
    _index.cache_clear()
    results = import_default_documents()
    yield {(r.document.kind, r.document.version): r for r in results}
    _index.cache_clear()


PAGES = [
    "/rules/cr/1.1.3b/",
    "/rules/trp/3.2/",
    "/rules/ppg/4.4/",
    "/rules/ga/1.5.1a/",
    "/rules/ga/1.7.h.3a/",
    "/rules/trp/3.4/?version=2023",
    "/rules/trp/D/",
    "/rules/cr/",
    "/rules/ga/glossary/",
    "/rules/cr/compare/?from=old&to=2.13.0&show=changed",
]


def test_real_documents_import_once_and_serve_cited_rules(client, real_documents):
    from reference.selectors import search_rules

    again = import_default_documents()
    statuses = {url: client.get(url).status_code for url in PAGES}
    by_number = search_rules("CR 1.1.3b").hits
    by_words = search_rules("hybrid card").hits

    assert [r.changed for r in again] == [False] * len(again)
    assert {k for k, r in real_documents.items() if r.document.is_current} == {
        ("cr", "2.13.0"),
        ("trp", "2025"),
        ("ppg", "2023"),
        ("ga", "2023-04-03"),
    }
    assert statuses == dict.fromkeys(PAGES, 200)
    assert (by_number[0].document.kind, by_number[0].rule.number) == ("cr", "1.1.3b")
    assert ("cr", "1.1.3b") in {(h.document.kind, h.rule.number) for h in by_words}
