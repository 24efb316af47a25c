"""Garbage of each kind in every field of every API body (issue 35, item 5), alongside the
schemathesis run of ``test_api_fuzz.py``, which generates values from the schema and so never
tries what is outside it: every operation of the OpenAPI schema that takes a body gets each
kind in every property the schema names, as JSON and as a form (and every query parameter of a
GET gets each kind), from a superuser (every role at
every event, so the garbage reaches the services). No answer is a server error.

Kinds: Unicode digits, a 5,000-digit number (as text, and as a JSON number), an over-long ID
and name, a value nested just under the parser's depth limit and one past it.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.parsing import MAX_JSON_DEPTH
from decklists.models import Decklist
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from tests.factories import UserFactory
from tournament import services

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FIVE_THOUSAND_DIGITS = "9" * 5000


def _nested(depth: int):
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


KINDS = {
    "superscript": "²",
    "arabic_indic": "١٢",
    "fullwidth": "１２",
    "5000_digits": FIVE_THOUSAND_DIGITS,
    "long_id": "9" * 200,
    "long_name": "N" * 5000,
    "nested": _nested(MAX_JSON_DEPTH - 3),
}


def _properties(schema: dict, operation: dict) -> list[str]:
    """The property names of the operation's JSON body (``$ref`` resolved, one level)."""
    body = operation["requestBody"]["content"].get("application/json", {}).get("schema", {})
    if "$ref" in body:
        body = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]]
    return sorted((body.get("properties") or {}).keys()) or ["value"]


@pytest.fixture
def world(staffed_event, add_players):
    event = staffed_event["event"]
    regs = add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    match = rnd.matches.exclude(player_b=None).order_by("table_number").first()
    fj = staffed_event["floor_judge"]
    call = call_services.open_call(event, actor=fj, match=match, question="who?")
    recon = recon_services.create_reconstruction(
        call, actor=fj, start={"turn": "P1", "P1": {"life": 20}, "P2": {"life": 20}}
    )
    penalty = penalty_services.issue_penalty(
        match.player_b, infraction="game_rules_violation", judge=fj, match=match
    )
    check = deck_check_services.create_deck_check(regs[0], judge=fj)
    decklist = Decklist.objects.create(
        registration=match.player_a, raw_text="Hero: X", status="draft", version=1
    )
    ids = {
        "/judging/calls/": call.pk,
        "/judging/penalties/": penalty.pk,
        "/judging/deck-checks/": check.pk,
        "/judging/reconstructions/": recon.pk,
        "/decklists/": decklist.pk,
    }
    params = {
        "slug": event.slug,
        "number": 1,
        "table": match.table_number,
        "match_id": match.pk,
        "reg_id": regs[0].pk,
    }
    admin = UserFactory(is_superuser=True, is_staff=True)
    return {"ids": ids, "params": params, "token": Token.objects.get_or_create(user=admin)[0].key}


def _url(path: str, world) -> str:
    def fill(m: re.Match) -> str:
        name = m.group(1)
        if name == "id":
            return str(next((pk for prefix, pk in world["ids"].items() if prefix in path), 1))
        return str(world["params"].get(name, 1))

    return re.sub(r"\{(\w+)\}", fill, path)


def test_no_body_of_garbage_is_a_server_error(world):
    schema = json.loads(Client().get("/api/schema/?format=json").content)
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {world['token']}")
    problems, sent = [], 0
    for path, operations in sorted(schema["paths"].items()):
        for method, operation in operations.items():
            url = _url(path, world)
            query = [p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"]
            if method == "get" and query:
                for kind, value in KINDS.items():
                    if isinstance(value, str):
                        response = client.get(url, dict.fromkeys(query, value))
                        sent += 1
                        if response.status_code >= 500:
                            problems.append(f"GET {url} ?{','.join(query)} {kind} -> {response.status_code}")
            if "requestBody" not in operation:
                continue
            names = _properties(schema, operation)
            bodies = [
                (kind, "json", json.dumps(dict.fromkeys(names, value))) for kind, value in KINDS.items()
            ]
            bodies.append(
                (
                    "5000_digit_number",
                    "json",
                    "{" + ", ".join(f'"{n}": {FIVE_THOUSAND_DIGITS}' for n in names) + "}",
                )
            )
            bodies.append(("deep", "json", "[" * 50_000))
            for kind, value in KINDS.items():
                if isinstance(value, str):
                    bodies.append((kind, "form", dict.fromkeys(names, value)))
            for kind, how, body in bodies:
                if how == "json":
                    response = client.generic(method.upper(), url, body, content_type="application/json")
                else:
                    response = getattr(client, method)(url, body)
                sent += 1
                if response.status_code >= 500:
                    problems.append(f"{method.upper()} {url} {kind} ({how}) -> {response.status_code}")
    assert sent > 400
    assert problems == []
