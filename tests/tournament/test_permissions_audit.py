"""Permission audit of the tournament pages and API: endpoint x role -> expected status.

Roles: anonymous, a logged-in stranger, a player of the event, and each staff role
(TR&P 2.1; requirements EV-10). Public data are published pairings, standings and
announced events; a draft (unannounced) event is its staff's only.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core.models import AuditEntry
from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import (
    EVENT_EDIT_ROLES,
    MANAGE_ROLES,
    OFFICIAL_ROLES,
    RESULT_ROLES,
    STAFF_ADMIN_ROLES,
    EventStatus,
    MatchResult,
    RegistrationStatus,
    RoundStatus,
    StaffRole,
)
from tournament.models import Registration

ROLES = ["anonymous", "stranger", "player", "organizer", "head_judge", "floor_judge", "scorekeeper"]


def _world(status=EventStatus.RUNNING):
    event = EventFactory(status=status, swiss_rounds=3, top_cut=0)
    users = {"anonymous": None, "stranger": UserFactory(username=f"stranger-{event.pk}")}
    for role in (StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.FLOOR_JUDGE, StaffRole.SCOREKEEPER):
        users[role.value] = UserFactory(username=f"{role.value}-{event.pk}")
        StaffAssignmentFactory(event=event, user=users[role.value], role=role)
    alice = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Alice"))
    bob = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bob"))
    carol = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Carol"))
    dave = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Dave"))
    users["player"] = alice.player.user
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.IN_PROGRESS)
    m1 = MatchFactory(round=r1, table_number=1, player_a=alice, player_b=bob)
    m1b = MatchFactory(round=r1, table_number=2, player_a=carol, player_b=dave)
    return {
        "event": event,
        "users": users,
        "alice": alice,
        "bob": bob,
        "carol": carol,
        "dave": dave,
        "r1": r1,
        "m1": m1,
        "m1b": m1b,
    }


def _client(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _get(user, url):
    if url.startswith("/api/"):
        return _client(user).get(url)
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(url)


# Public reads of an announced event: everyone. Staff reads: staff only.
PUBLIC_READS = [
    "/api/events/{e}/",
    "/api/events/{e}/rounds/",
    "/api/events/{e}/rounds/1/",
    "/api/events/{e}/rounds/1/matches/",
    "/api/events/{e}/rounds/1/clock/",
    "/api/events/{e}/standings/",
    "/api/events/{e}/bracket/",
    "/api/events/{e}/teams/",
    "/api/events/{e}/days/",
    "/api/events/{e}/players/{bob}/standing/",
    "/api/matches/{m1}/",
    "/events/{e}/",
    "/events/{e}/clock/",
    "/events/{e}/clock.json",
    "/events/{e}/export/standings.csv",
    "/events/{e}/export/results.json",
    "/events/{e}/pdf/pairings-name/?round=1",
]
# Expected access comes from the one access policy (the role vocabulary in tournament.enums,
# pinned role by role in test_access.py).
STAFF = {str(r) for r in OFFICIAL_ROLES} & set(ROLES)
PAIRING_STAFF = {str(r) for r in RESULT_ROLES} & set(ROLES)  # they pair and publish
MANAGERS = {str(r) for r in MANAGE_ROLES} & set(ROLES)
EDITORS = {str(r) for r in EVENT_EDIT_ROLES} & set(ROLES)
STAFF_ADMINS = {str(r) for r in STAFF_ADMIN_ROLES} & set(ROLES)
HEAD_JUDGE = {str(StaffRole.HEAD_JUDGE)}


def _fmt(url, w, **extra):
    return url.format(e=w["event"].slug, bob=w["bob"].pk, m1=w["m1"].pk, **extra)


@pytest.mark.django_db
@pytest.mark.parametrize("url", PUBLIC_READS)
@pytest.mark.parametrize("role", ROLES)
def test_public_reads_of_an_announced_event_are_open_to_everyone(url, role):
    w = _world(EventStatus.RUNNING)
    assert _get(w["users"][role], _fmt(url, w)).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("url", PUBLIC_READS)
@pytest.mark.parametrize("role", ROLES)
def test_draft_event_is_hidden_from_everyone_but_its_staff(url, role):
    """A draft event is not announced: its pages, rounds, standings and matches answer 404
    to non-staff exactly like an unknown event (hole: only /api/events/<slug>/ hid it)."""
    w = _world(EventStatus.DRAFT)
    assert _get(w["users"][role], _fmt(url, w)).status_code == (200 if role in STAFF else 404)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_draft_event_player_page_is_hidden_from_non_staff(role):
    w = _world(EventStatus.DRAFT)
    status = _get(w["users"][role], _fmt("/events/{e}/me/", w)).status_code
    assert status == {"anonymous": 302}.get(role, 200 if role in STAFF else 404)


STAFF_READS = [
    ("/api/events/{e}/players/", STAFF),
    ("/api/events/{e}/staff/", STAFF),
    ("/api/events/{e}/audit/", STAFF),
    ("/api/events/{e}/reconciliation/", PAIRING_STAFF),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "allowed"), STAFF_READS)
@pytest.mark.parametrize("role", ROLES)
def test_staff_reads_need_the_right_role(url, allowed, role):
    """Player lists (player IDs of everyone), the staff list and the audit trail are staff data."""
    w = _world()
    status = _get(w["users"][role], _fmt(url, w)).status_code
    assert status == (401 if role == "anonymous" else 200 if role in allowed else 403)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_unpublished_pairings_answer_like_a_missing_match(role):
    """An unpublished round's matches are not enumerable by id: the same 404 as no match."""
    w = _world()
    r2 = RoundFactory(event=w["event"], number=2, status=RoundStatus.PENDING)
    m2 = MatchFactory(round=r2, table_number=1, player_a=w["alice"], player_b=w["carol"])
    user = w["users"][role]
    expected = 200 if role in PAIRING_STAFF else 404
    assert _get(user, f"/api/matches/{m2.pk}/").status_code == expected
    assert _get(user, _fmt("/api/events/{e}/rounds/2/matches/", w)).status_code == expected
    assert _get(user, f"/api/matches/{m2.pk + 1000}/").status_code == 404
    rounds = _get(user, _fmt("/api/events/{e}/rounds/", w)).json()
    assert [r["number"] for r in rounds] == ([1, 2] if role in STAFF else [1])


# Writes: (method, url, body, roles allowed). Every allowed write leaves an audit record.
WRITES = [
    ("post", "/api/events/{e}/players/{bob}/reenter/", {"reason": "judge error"}, HEAD_JUDGE),
    ("post", "/api/events/{e}/players/{bob}/disqualify/", {"reason": "PPG 1.4"}, HEAD_JUDGE),
    (
        "post",
        "/api/events/{e}/players/{bob}/drop/",
        {"reason": "asked to"},
        MANAGERS,
    ),
    (
        "post",
        "/api/events/{e}/players/{bob}/fixed-table/",
        {"table_number": 5, "reason": "TR&P 3.10"},
        EDITORS,
    ),
    (
        "post",
        "/api/matches/{m1}/penalty/",
        {"loser": "{bob}", "kind": "game_loss", "reason": "GL"},
        PAIRING_STAFF,
    ),
    ("post", "/api/matches/{m1}/result/", {"result": "a", "games_a": 1}, PAIRING_STAFF),
    ("post", "/api/matches/{m1}/extension/", {"seconds": 60, "reason": "judge call"}, STAFF),
    ("patch", "/api/events/{e}/", {"name": "Renamed", "reason": "typo"}, EDITORS),
    ("put", "/api/events/{e}/days/", {"days": []}, EDITORS),
    ("post", "/api/events/{e}/staff/", {"username": "stranger-{epk}", "role": "floor_judge"}, STAFF_ADMINS),
]


def _body(body, w):
    out = {}
    for key, value in body.items():
        if isinstance(value, str):
            value = _fmt(value, w, epk=w["event"].pk)
            out[key] = int(value) if key == "loser" else value
        else:
            out[key] = value
    return out


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "url", "body", "allowed"), WRITES)
@pytest.mark.parametrize("role", ROLES)
def test_writes_need_the_right_role_and_leave_an_audit_record(method, url, body, allowed, role):
    w = _world()
    if "reenter" in url:
        Registration.objects.filter(pk=w["bob"].pk).update(
            status=RegistrationStatus.DROPPED, dropped_in_round=1
        )
    before = AuditEntry.objects.count()
    resp = getattr(_client(w["users"][role]), method)(_fmt(url, w), _body(body, w), format="json")
    expected = 401 if role == "anonymous" else (201 if method == "post" and "/staff/" in url else 200)
    assert resp.status_code == (expected if role in allowed or role == "anonymous" else 403)
    wrote = AuditEntry.objects.count() > before
    assert wrote == (resp.status_code in (200, 201))


@pytest.mark.django_db
def test_floor_judge_cannot_change_a_result_through_the_penalty_shortcut():
    """Hole: POST /api/matches/<id>/penalty/ let a floor judge, who may not enter results,
    give a Match Loss with no head-judge confirmation (PPG 1.2) and no penalty record."""
    w = _world()
    resp = _client(w["users"]["floor_judge"]).post(
        f"/api/matches/{w['m1'].pk}/penalty/",
        {"loser": w["bob"].pk, "kind": "match_loss", "reason": "x"},
        format="json",
    )
    w["m1"].refresh_from_db()
    assert (resp.status_code, w["m1"].result) == (403, MatchResult.PENDING)


@pytest.mark.django_db
def test_a_player_cannot_report_a_match_they_are_not_in():
    w = _world()
    resp = _client(w["users"]["player"]).post(
        f"/api/matches/{w['m1b'].pk}/report/", {"result": "a", "games_a": 1}, format="json"
    )
    w["m1b"].refresh_from_db()
    assert (resp.status_code, w["m1b"].result, w["m1b"].reports.count()) == (403, MatchResult.PENDING, 0)


@pytest.mark.django_db
def test_a_player_cannot_confirm_their_own_report_but_the_opponent_can():
    w = _world()
    alice, bob = _client(w["users"]["player"]), _client(w["bob"].player.user)
    url = f"/api/matches/{w['m1'].pk}/"
    assert alice.post(url + "report/", {"result": "a", "games_a": 1}, format="json").status_code == 200
    own = alice.post(url + "confirm/", {}, format="json")
    assert (own.status_code, own.json()["code"]) == (400, "own_report")
    before = AuditEntry.objects.count()
    assert bob.post(url + "confirm/", {}, format="json").status_code == 200
    w["m1"].refresh_from_db()
    assert w["m1"].result == MatchResult.A_WINS
    assert AuditEntry.objects.count() > before


@pytest.mark.django_db
def test_a_player_cannot_drop_or_check_in_someone_else():
    w = _world()
    alice = _client(w["users"]["player"])
    for action in ("drop", "check-in"):
        resp = alice.post(_fmt("/api/events/{e}/players/{bob}/", w) + f"{action}/", {}, format="json")
        assert resp.status_code == 403, action
