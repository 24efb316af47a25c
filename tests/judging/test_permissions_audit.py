"""Permission audit of the judging pages and API: endpoint x role -> expected status.

A player sees their own penalties only; judges see calls and deck checks; the organizer and
scorekeeper read penalties; reports are for the organizer and head judge (requirements EV-10,
PPG 1.2). Every penalty change leaves an audit record.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core.models import AuditEntry
from judging.enums import PenaltyStatus
from judging.services import penalties as penalty_services
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.judging.conftest import make_world
from tournament.enums import (
    CALL_EXTENSION_ROLES,
    JUDGE_ROLES,
    PENALTY_READ_ROLES,
    REL,
    REPORT_ROLES,
    RoundStatus,
    StaffRole,
)

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "stranger", "player", "opponent", "to", "hj", "fj", "sk"]


def _users(world):
    return {
        "anonymous": None,
        "stranger": UserFactory(username=f"stranger-{world.event.slug}"),
        "player": world.alice.player.user,
        "opponent": world.bob.player.user,
        "to": world.to,
        "hj": world.hj,
        "fj": world.fj,
        "sk": world.sk,
    }


def _api(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _web(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _expected(role, allowed, *, web=False):
    if role in allowed:
        return 200
    if role == "anonymous":
        return 302 if web else 401
    return 403


# The expected access comes from the one access policy (tournament.enums role vocabulary);
# tests/tournament/test_access.py pins that vocabulary role by role.
STAFF_LABELS = {
    "to": StaffRole.ORGANIZER,
    "hj": StaffRole.HEAD_JUDGE,
    "fj": StaffRole.FLOOR_JUDGE,
    "sk": StaffRole.SCOREKEEPER,
}


def _holders(roles) -> set[str]:
    return {label for label, role in STAFF_LABELS.items() if role in roles}


JUDGES = _holders(JUDGE_ROLES)
PENALTY_READERS = _holders(PENALTY_READ_ROLES)
REPORTERS = _holders(REPORT_ROLES)

EVENT_READS = [
    # call readers in full, the scorekeeper as time extensions (test_call_privacy.py)
    ("/api/judging/events/{e}/calls/", _holders(CALL_EXTENSION_ROLES)),
    ("/api/judging/events/{e}/call-stats/", REPORTERS),
    ("/api/judging/events/{e}/penalties/", PENALTY_READERS),
    ("/api/judging/events/{e}/deck-checks/", JUDGES),
    ("/api/judging/penalties/{p}/", PENALTY_READERS | {"player"}),
]


@pytest.mark.parametrize(("url", "allowed"), EVENT_READS)
@pytest.mark.parametrize("role", ROLES)
def test_judging_api_reads_by_role(url, allowed, role):
    world = make_world()
    p = penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    resp = _api(_users(world)[role]).get(url.format(e=world.event.slug, p=p.pk))
    assert resp.status_code == _expected(role, allowed)


WEB_READS = [
    ("/judging/{e}/penalties/", PENALTY_READERS),
    ("/judging/{e}/deck-checks/", JUDGES),
    ("/judging/{e}/reports/penalties.csv", REPORTERS),
]


@pytest.mark.parametrize(("url", "allowed"), WEB_READS)
@pytest.mark.parametrize("role", ROLES)
def test_judging_pages_by_role(url, allowed, role):
    world = make_world()
    resp = _web(_users(world)[role]).get(url.format(e=world.event.slug))
    assert resp.status_code == _expected(role, allowed, web=True)


@pytest.mark.parametrize("role", ROLES)
def test_only_the_head_judge_confirms_a_pending_penalty(role):
    """PPG 1.2: a floor judge's Game Loss waits for the head judge; nobody else confirms it."""
    world = make_world()
    p = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.fj, match=world.match
    )
    assert p.status == PenaltyStatus.PENDING
    before = AuditEntry.objects.count()
    resp = _api(_users(world)[role]).post(f"/api/judging/penalties/{p.pk}/confirm/")
    p.refresh_from_db()
    if role == "hj":
        assert (resp.status_code, p.status) == (200, PenaltyStatus.ISSUED)
        assert AuditEntry.objects.count() > before
    else:
        # the player can read their own penalty but not confirm it
        assert resp.status_code == (401 if role == "anonymous" else 403)
        assert (p.status, AuditEntry.objects.count()) == (PenaltyStatus.PENDING, before)


@pytest.mark.parametrize("role", ROLES)
def test_issuing_a_penalty_needs_a_judge(role):
    world = make_world()
    before = AuditEntry.objects.count()
    resp = _api(_users(world)[role]).post(
        f"/api/judging/events/{world.event.slug}/penalties/",
        {"registration": world.bob.pk, "infraction": "game_rules_violation"},
        format="json",
    )
    assert resp.status_code == ({"hj": 201, "fj": 201}.get(role) or (401 if role == "anonymous" else 403))
    assert (AuditEntry.objects.count() > before) == (resp.status_code == 201)


def test_penalty_ids_do_not_reveal_other_players_penalties():
    world = make_world()
    p = penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    resp = _api(world.bob.player.user).get(f"/api/judging/penalties/{p.pk}/")
    assert resp.status_code == 403
    assert "Alice" not in resp.content.decode()


def _history_world():
    """Alice has a penalty at ``world.event`` and one at a second event run by other staff."""
    world = make_world()
    penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    other = EventFactory(rel=REL.COMPETITIVE)
    other_hj = UserFactory(username=f"other-hj-{other.slug}")
    StaffAssignmentFactory(event=other, user=other_hj, role=StaffRole.HEAD_JUDGE)
    RoundFactory(event=other, number=1, status=RoundStatus.IN_PROGRESS)
    reg = RegistrationFactory(event=other, player=world.alice.player)
    penalty_services.issue_penalty(
        reg, infraction="slow_play", judge=other_hj, description="noted at the other event"
    )
    return world, other


@pytest.mark.parametrize("role", ["player", "to", "hj", "fj", "sk"])
def test_player_history_shows_officials_only_their_own_events(role):
    """Hole: an official of any one event the player entered (even its scorekeeper) read the
    player's penalties from every other event, descriptions included. Now: the player sees
    all of theirs; an official sees those of the events they staff."""
    world, other = _history_world()
    user = _users(world)[role]
    player_id = world.alice.player.player_id
    api = _api(user).get(f"/api/judging/players/{player_id}/penalties/")
    page = _web(user).get(f"/judging/players/{player_id}/")
    events = sorted(row["event"] for row in api.json())
    if role == "player":
        assert events == sorted([world.event.slug, other.slug])
        assert other.name in page.content.decode()
    else:
        assert events == [world.event.slug]
        assert page.status_code == 200
        assert other.name not in page.content.decode()
        assert "noted at the other event" not in api.content.decode()


@pytest.mark.parametrize("role", ["anonymous", "stranger", "opponent"])
def test_player_history_is_closed_to_other_players(role):
    world, _other = _history_world()
    resp = _api(_users(world)[role]).get(f"/api/judging/players/{world.alice.player.player_id}/penalties/")
    assert resp.status_code == (401 if role == "anonymous" else 404)  # as for an unknown ID
