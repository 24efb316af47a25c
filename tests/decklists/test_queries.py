"""N+1 guards: the officials' list page and the API list cost the same at two sizes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from decklists.enums import DecklistStatus
from decklists.models import Decklist
from tests.factories import RegistrationFactory

pytestmark = pytest.mark.django_db


def _add_lists(event, n, text):
    for _ in range(n):
        reg = RegistrationFactory(event=event)
        Decklist.objects.create(
            registration=reg,
            status=DecklistStatus.SUBMITTED,
            raw_text=text,
            hero="Dorinthea",
            cards=[{"name": "Snatch", "pitch": 1, "qty": 3, "section": "deck"}],
            registered_by=reg.player.user,
        )


def _count(fn) -> int:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


@pytest.mark.parametrize("url_kind", ["page", "api"])
def test_event_lists_query_count_does_not_grow(client, event_with_staff, legal_cc_text, url_kind):
    s = event_with_staff
    client.force_login(s["organizer"])
    if url_kind == "page":
        url = reverse("decklists:event", args=[s["event"].slug])
    else:
        url = f"/api/decklists/?event={s['event'].slug}"
    _add_lists(s["event"], 2, legal_cc_text)
    # The session's first page also looks up the account's language once (docs/i18n.md): warm it.
    client.get(url)
    small = _count(lambda: client.get(url))
    _add_lists(s["event"], 12, legal_cc_text)
    large = _count(lambda: client.get(url))
    assert client.get(url).status_code == 200
    assert large == small
