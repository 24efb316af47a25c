"""Schema-driven fuzzing of the whole API (issue 15): schemathesis generates requests from the
OpenAPI schema and sends them in-process (WSGI) as an anonymous client, a player and a staff
member (the organizer, who holds the widest authority). Any 5xx fails the test.

Path slugs are pointed at a real running event (with players, a published round and its
matches) so the generated bodies reach the services instead of stopping at a 404; round
numbers are pointed at its round 1.

``make test`` runs ``ARBITER_FUZZ_EXAMPLES`` examples per operation and role (default 2); a
nightly run raises it (docs/deployment.md):

    ARBITER_FUZZ_EXAMPLES=200 .venv/bin/pytest tests/hardening/test_api_fuzz.py -p no:randomly

The values schemathesis makes fit the schema; garbage outside it (Unicode digits, 5,000-digit
numbers, over-long IDs and names, deep JSON) is sent to every body and query of the schema by
``test_api_garbage.py`` and to every HTML form, the mirror upload included, by
``test_form_fuzz.py``.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from tests.factories import PlayerProfileFactory, RegistrationFactory
from tournament import services
from tournament.enums import RegistrationStatus

EXAMPLES = int(os.environ.get("ARBITER_FUZZ_EXAMPLES", "2"))

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Calls go straight to the WSGI application, whose request signals would close the database
    connection (``close_old_connections``) and with it the test's transaction on PostgreSQL.
    Django's own test client disconnects them for the same reason; so does this test."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(db, staffed_event):
    event = staffed_event["event"]
    regs = [
        RegistrationFactory(event=event, player=PlayerProfileFactory(), status=RegistrationStatus.CHECKED_IN)
        for _ in range(6)
    ]
    services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    tokens = {
        "anonymous": None,
        "player": Token.objects.get_or_create(user=regs[0].player.user)[0].key,
        "staff": Token.objects.get_or_create(user=staffed_event["organizer"])[0].key,
    }
    return {"event": event, "tokens": tokens}


@pytest.mark.parametrize("role", ["anonymous", "player", "staff"])
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_is_a_server_error(case, world, role):
    params = case.path_parameters or {}
    if "slug" in params:
        params["slug"] = world["event"].slug
    if "number" in params:
        params["number"] = 1
    token = world["tokens"][role]
    headers = {"Authorization": f"Token {token}"} if token else {}
    response = case.call(headers=headers)
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path} as {role} -> {response.status_code}\n"
        f"body sent: {case.body!r}\nquery: {case.query!r}\n{response.text[:2000]}"
    )
