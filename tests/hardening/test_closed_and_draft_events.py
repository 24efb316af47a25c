"""Issue 15, defects 2 and 7.

2. A finished event takes no change at all (pairing, decklists, drops, results, penalties)
   until the organizer or head judge reopens it with a reason.
7. A draft event answers every non-staff request exactly like an unknown slug: walked over
   every event URL of the API and of the site, so a new endpoint is covered the day it is added.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.audit import audit_trail_for
from core.errors import ConflictError
from decklists import services as decklist_services
from judging.services import penalties as penalty_services
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import selectors, services
from tournament.enums import EventStatus, MatchResult, StaffRole

pytestmark = pytest.mark.django_db


def _api(user):
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def finished(staffed_event, add_players):
    event = staffed_event["event"]
    regs = add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    for m in selectors.outstanding_matches(rnd):
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    services.finish_event(event, actor=staffed_event["organizer"])
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    return {**staffed_event, "event": event, "regs": regs, "round": rnd}


def test_a_finished_event_refuses_pairing_drops_results_and_decklists(finished):
    event, regs = finished["event"], finished["regs"]
    slug = event.slug
    organizer = _api(finished["organizer"])
    assert organizer.post(f"/api/events/{slug}/rounds/", {}, format="json").status_code == 409
    assert event.rounds.count() == 1
    player = regs[0].player.user
    assert (
        _api(player).post(f"/api/events/{slug}/players/{regs[0].pk}/drop/", {}, format="json").status_code
        == 409
    )
    match = finished["round"].matches.exclude(player_b=None).first()
    changed = _api(finished["scorekeeper"]).post(
        f"/api/matches/{match.pk}/result/",
        {"result": "b", "games_b": 1, "reason": "typo", "version": match.version},
        format="json",
    )
    assert changed.status_code == 409, changed.content
    assert changed.json()["code"] == "event_closed"
    match.refresh_from_db()
    assert match.result == MatchResult.A_WINS
    with pytest.raises(ConflictError):
        decklist_services.save_decklist(regs[0], actor=player, text="Hero: Kayo\n3x Snatch (red)")
    with pytest.raises(ConflictError):
        penalty_services.issue_penalty(
            regs[1], infraction="game_rules_violation", judge=finished["head_judge"]
        )
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_reopening_needs_a_reason_and_the_role_and_is_audited(finished):
    event = finished["event"]
    slug = event.slug
    assert (
        _api(finished["scorekeeper"]).post(f"/api/events/{slug}/reopen/", {"reason": "x"}).status_code == 403
    )
    assert _api(finished["organizer"]).post(f"/api/events/{slug}/reopen/", {}).status_code == 400
    response = _api(finished["organizer"]).post(
        f"/api/events/{slug}/reopen/", {"reason": "wrong result at table 2"}
    )
    assert response.status_code == 200 and response.json()["status"] == EventStatus.RUNNING
    assert [e.reason for e in audit_trail_for(event) if e.action == "event.reopen"] == [
        "wrong result at table 2"
    ]
    match = finished["round"].matches.exclude(player_b=None).first()
    corrected = services.correct_result(
        match,
        actor=finished["scorekeeper"],
        result=MatchResult.B_WINS,
        games_b=1,
        reason="slip",
        expected_version=match.version,
    )
    assert corrected.result == MatchResult.B_WINS


# --------------------------------------------------------------------------- defect 7


def _event_urls():
    """Every URL pattern of the project that names an event by ``<slug:slug>``, with its other
    arguments filled with small numbers."""
    found = []

    def walk(patterns, prefix):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                route = prefix + str(p.pattern)
                if "<slug:slug>" in route:
                    found.append(route)

    walk(get_resolver().url_patterns, "/")
    out = []
    for route in found:
        url = re.sub(r"<int:\w+>", "1", route)
        url = re.sub(r"<str:kind>", "render", url)
        url = re.sub(r"<(?:str|slug|path):(?!slug)\w+>", "x", url)
        out.append(url)
    return sorted(set(out))


EVENT_URLS = _event_urls()


def test_the_walk_finds_the_event_urls():
    assert len(EVENT_URLS) > 40
    assert any(u.startswith("/api/judging/") for u in EVENT_URLS)
    assert any(u.startswith("/decklists/") for u in EVENT_URLS)


@pytest.mark.parametrize("who", ["anonymous", "outsider", "registered_player", "staff_elsewhere"])
def test_a_draft_event_answers_non_staff_like_an_unknown_event(who):
    draft = EventFactory(status=EventStatus.DRAFT, slug="secret-draft")
    StaffAssignmentFactory(event=draft, role=StaffRole.ORGANIZER)
    other = EventFactory(status=EventStatus.RUNNING)
    user = None
    if who == "outsider":
        user = UserFactory()
    elif who == "registered_player":
        user = RegistrationFactory(event=draft, player=PlayerProfileFactory()).player.user
    elif who == "staff_elsewhere":
        user = StaffAssignmentFactory(event=other, role=StaffRole.ORGANIZER).user
    leaks = []
    for template in EVENT_URLS:
        for method in ("get", "post"):
            answers = []
            for slug in ("secret-draft", "no-such-event-at-all"):
                url = template.replace("<slug:slug>", slug)
                client = _api(user) if url.startswith("/api/") else Client()
                if user is not None and not url.startswith("/api/"):
                    client.force_login(user)
                response = getattr(client, method)(
                    url, {}, **({"format": "json"} if url.startswith("/api/") else {})
                )
                answers.append(response.status_code)
            if answers[0] != answers[1]:
                leaks.append(f"{method.upper()} {template}: draft {answers[0]}, unknown {answers[1]}")
    assert not leaks, "\n".join(leaks)
