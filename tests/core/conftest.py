"""Fixtures for the all-roles crawl: the demo event with real card data and sample rules."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

# The decklist app's fixtures give the demo lists real cards (node dump of the pinned package).
from tests.decklists.conftest import card_db, fab_release, legal_cc_text  # noqa: F401

CRAWL_ADMIN = "crawl-admin"


@pytest.fixture
def demo_site(fab_release, settings, tmp_path):  # noqa: F811
    """The demo event (round 2 running, accepted lists), the shared rules documents, a superuser.

    Returns the shared demo password.
    """
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    from reference.rendering import _index
    from reference.services import import_default_documents

    cache.clear()
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event", stdout=io.StringIO())
    _index.cache_clear()
    if not import_default_documents():
        pytest.skip("the shared rules documents are not present: rules links cannot be followed")
    get_user_model().objects.create_superuser(CRAWL_ADMIN, "admin@example.org", "pw-" + CRAWL_ADMIN)
    yield (tmp_path / "demo-password.txt").read_text().strip()
    _index.cache_clear()
