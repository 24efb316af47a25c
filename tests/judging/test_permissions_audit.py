"""Permission audit of the judging pages and API: endpoint x role -> expected status.

A player sees their own penalties only; judges see calls and deck checks; the organizer and
scorekeeper read penalties; reports are for the organizer and head judge (requirements EV-10,
PPG 1.2). Every penalty change leaves an audit record. Each expectation is a line of
``judging.access.ACTIONS`` (or the tournament's table) by its action name: one name per
permission.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from core.errors import NotAllowed
from core.models import AuditEntry
from judging import access, floor
from judging.enums import PenaltyStatus
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.judging.conftest import make_world
from tournament.enums import REL, RoundStatus, StaffRole

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


# The expected access comes from the one access policy (``judging.access.ACTIONS`` by name);
# tests/tournament/test_access.py pins the role vocabulary role by role.
STAFF_LABELS = {
    "to": StaffRole.ORGANIZER,
    "hj": StaffRole.HEAD_JUDGE,
    "fj": StaffRole.FLOOR_JUDGE,
    "sk": StaffRole.SCOREKEEPER,
}


def _holders(roles) -> set[str]:
    return {label for label, role in STAFF_LABELS.items() if role in roles}


def _may(action: str) -> set[str]:
    """The roles of this matrix that may do ``action`` (``judging.access.ALL_ACTIONS``)."""
    return _holders(access.ALL_ACTIONS[action])


EVENT_READS = [
    # call readers in full, the scorekeeper as time extensions (test_call_privacy.py)
    ("/api/judging/events/{e}/calls/", _may("see_call_extensions")),
    ("/api/judging/events/{e}/call-stats/", _may("see_reports")),
    ("/api/judging/events/{e}/penalties/", _may("read_penalties")),
    ("/api/judging/events/{e}/deck-checks/", _may("run_deck_checks")),
    ("/api/judging/penalties/{p}/", _may("read_penalties") | {"player"}),
]


@pytest.mark.parametrize(("url", "allowed"), EVENT_READS)
@pytest.mark.parametrize("role", ROLES)
def test_judging_api_reads_by_role(url, allowed, role):
    world = make_world()
    p = penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    resp = _api(_users(world)[role]).get(url.format(e=world.event.slug, p=p.pk))
    assert resp.status_code == _expected(role, allowed)


WEB_READS = [
    ("/judging/{e}/penalties/", _may("read_penalties")),
    ("/judging/{e}/deck-checks/", _may("run_deck_checks")),
    ("/judging/{e}/reports/penalties.csv", _may("see_reports")),
    ("/judging/{e}/floor/", _may("view_floor")),
    ("/judging/{e}/penalties/new/", _may("issue_penalties")),
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
    if role in _may("confirm_penalties"):
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
    allowed = role in _may("issue_penalties")
    assert resp.status_code == (201 if allowed else 401 if role == "anonymous" else 403)
    assert (AuditEntry.objects.count() > before) == (resp.status_code == 201)


@pytest.mark.parametrize("role", ROLES)
def test_reading_a_call_by_role(role):
    """A whole call ("read_calls"): its event's other officials are refused (403), anyone else
    is told it does not exist (404), as for an unknown call."""
    world = make_world()
    call = call_services.open_call(world.event, actor=world.fj, table_number=1, question="?")
    resp = _web(_users(world)[role]).get(f"/judging/{world.event.slug}/calls/{call.pk}/")
    if role in _may("read_calls"):
        assert resp.status_code == 200
    else:
        assert resp.status_code == {"anonymous": 302, "sk": 403}.get(role, 404)


def _ruled_call(world, *, appealed=False):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1, question="?")
    call = call_services.record_ruling(call, judge=world.fj, ruling="the attack resolves")
    return call_services.appeal_call(call, actor=world.to) if appealed else call


def _open_call(w):
    return call_services.open_call(w.event, actor=w.fj, table_number=1, question="?")


def _pending_penalty(w):
    return penalty_services.issue_penalty(w.alice, infraction="outside_assistance", judge=w.fj, match=w.match)


#: action -> (what is there before, doing the action to it as ``u``) at ``make_world``'s event.
WRITES = {
    "open_calls": (
        lambda w: w.event,
        lambda e, u: call_services.open_call(e, actor=u, table_number=1, question="?"),
    ),
    "rule_on_calls": (_open_call, lambda call, u: call_services.claim_call(call, judge=u)),
    "record_appeals": (_ruled_call, lambda call, u: call_services.appeal_call(call, actor=u)),
    "decide_appeals": (
        lambda w: _ruled_call(w, appealed=True),
        lambda call, u: call_services.record_final_ruling(call, head_judge=u, ruling="upheld"),
    ),
    "confirm_penalties": (
        _pending_penalty,
        lambda p, u: penalty_services.reject_penalty(p, head_judge=u, reason="not what happened"),
    ),
    "plan_deck_checks": (
        lambda w: w.round,
        lambda rnd, u: deck_check_services.plan_deck_checks(rnd, actor=u, seed=1, rate=1.0),
    ),
    "run_deck_checks": (
        lambda w: w.match,
        lambda m, u: deck_check_services.create_deck_check(m.player_a, judge=u, match=m),
    ),
    "divide_floor": (
        lambda w: w.event,
        lambda e, u: floor.save_zone(e, actor=u, name="Hall A", tables="1-10"),
    ),
    "reconstruct": (_open_call, lambda call, u: recon_services.create_reconstruction(call, actor=u)),
}


@pytest.mark.parametrize("action", sorted(WRITES))
@pytest.mark.parametrize("role", ROLES)
def test_judging_writes_by_role(action, role):
    """Each judging action's service: the roles of its ``ACTIONS`` line do it; every other user
    gets ``NotAllowed`` and nothing is written by them."""
    world = make_world()
    user = _users(world)[role] or AnonymousUser()
    setup, do = WRITES[action]
    target = setup(world)
    before = AuditEntry.objects.count()
    if role in _may(action):
        assert do(target, user) is not None
        assert AuditEntry.objects.count() > before
    else:
        with pytest.raises(NotAllowed):
            do(target, user)
        assert AuditEntry.objects.count() == before


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
