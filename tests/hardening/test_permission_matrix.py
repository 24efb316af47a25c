"""The permission matrix of issue 15: every role against draft, running and finished events.

Roles: anonymous, the player of the match, another player, floor judge, scorekeeper, head
judge, organizer, and the organizer of another event. Expectations come from the role groups
of ``tournament.enums`` (the same ones the access modules use), never from a private copy:

* writes (one row per action, with a valid body): anonymous is 401; a role outside the
  action's group is 403 (404 for a draft event it is not on the staff of); an allowed role is
  refused only by the state of the event: 409 ``event_closed`` once it is finished, never a
  role error while it runs;
* reads: every page and endpoint that names an event answers every role without a server
  error, and a draft event looks unknown (same answer as an unknown slug) to everyone off its
  staff;
* nothing a refused write touches changes: the event's audit trail is as long after the
  request as before.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.models import AuditEntry
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory, StaffAssignmentFactory
from tests.hardening.test_closed_and_draft_events import EVENT_URLS
from tournament import access, services
from tournament.enums import (
    JUDGE_ROLES,
    OFFICIAL_ROLES,
    EventStatus,
    MatchResult,
    RegistrationStatus,
    StaffRole,
)
from tournament.models import Event

pytestmark = pytest.mark.django_db

ROLES = [
    "anonymous",
    "player_of_match",
    "other_player",
    "floor_judge",
    "scorekeeper",
    "head_judge",
    "organizer",
    "other_organizer",
]
STAFF_ROLE = {
    "floor_judge": StaffRole.FLOOR_JUDGE,
    "scorekeeper": StaffRole.SCOREKEEPER,
    "head_judge": StaffRole.HEAD_JUDGE,
    "organizer": StaffRole.ORGANIZER,
}
STATES = [EventStatus.DRAFT, EventStatus.RUNNING, EventStatus.FINISHED]


def _roles(group) -> set[str]:
    return {name for name, role in STAFF_ROLE.items() if role in group}


@pytest.fixture
def world(staffed_event):
    event = staffed_event["event"]
    for _ in range(4):
        RegistrationFactory(event=event, player=PlayerProfileFactory(), status=RegistrationStatus.CHECKED_IN)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    first, second = list(rnd.matches.exclude(player_b=None).order_by("table_number"))[:2]
    services.report_result(first, actor=first.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    other_event = EventFactory()
    users = {
        "anonymous": None,
        "player_of_match": first.player_b.player.user,
        "other_player": second.player_a.player.user,
        "other_organizer": StaffAssignmentFactory(event=other_event, role=StaffRole.ORGANIZER).user,
        **{name: staffed_event[name] for name in STAFF_ROLE},
    }
    return {"event": event, "first": first, "second": second, "users": users}


def _set_state(event: Event, state: str) -> None:
    Event.objects.filter(pk=event.pk).update(status=state)
    event.refresh_from_db()


def _client(user):
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _may(action: str) -> set[str]:
    """The roles of the matrix that ``tournament.access.ACTIONS`` lets do ``action``."""
    return _roles(access.ACTIONS[action])


# row: (method, url, body, roles allowed). A row named after an action of
# ``tournament.access.ACTIONS`` takes its roles from that table (one name per permission); the
# judging rows take theirs from the role groups of ``tournament.enums``.
def _actions(w):
    slug, first, second = w["event"].slug, w["first"], w["second"]
    return {
        "run_rounds": ("post", f"/api/events/{slug}/rounds/", {}, _may("run_rounds")),
        "run_rounds (publish)": ("post", f"/api/events/{slug}/rounds/1/publish/", {}, _may("run_rounds")),
        "enter_results": (
            "post",
            f"/api/matches/{second.pk}/result/",
            {"result": "a", "games_a": 1},
            _may("enter_results"),
        ),
        "report": (
            "post",
            f"/api/matches/{first.pk}/report/",
            {"result": "a", "games_a": 1},
            {"player_of_match"},
        ),
        "manage_players": (
            "post",
            f"/api/events/{slug}/players/{first.player_b_id}/drop/",
            {},
            _may("manage_players") | {"player_of_match"},
        ),
        "re_enter": (
            "post",
            f"/api/events/{slug}/players/{first.player_b_id}/reenter/",
            {},
            _may("re_enter"),
        ),
        "disqualify": (
            "post",
            f"/api/events/{slug}/players/{second.player_b_id}/disqualify/",
            {"reason": "marked cards"},
            _may("disqualify"),
        ),
        "penalty": (
            "post",
            f"/api/judging/events/{slug}/penalties/",
            {"registration": first.player_b_id, "infraction": "game_rules_violation"},
            _roles(JUDGE_ROLES),
        ),
        "judge_call": (
            "post",
            f"/api/judging/events/{slug}/calls/",
            {"table_number": second.table_number},
            _roles(OFFICIAL_ROLES),
        ),
        "use_clock": ("post", f"/api/events/{slug}/rounds/1/clock/", {"action": "start"}, _may("use_clock")),
        "change_event": ("patch", f"/api/events/{slug}/", {"name": "Renamed"}, _may("change_event")),
        "change_event (fixed table)": (
            "post",
            f"/api/events/{slug}/players/{first.player_a_id}/fixed-table/",
            {"table_number": 7, "reason": "wheelchair"},
            _may("change_event"),
        ),
        "assign_staff": (
            "post",
            f"/api/events/{slug}/staff/",
            {"username": w["users"]["other_player"].username, "role": "scorekeeper"},
            _may("assign_staff"),
        ),
        "finish_event": ("post", f"/api/events/{slug}/finish/", {}, _may("finish_event")),
    }


ACTIONS = [
    "run_rounds",
    "run_rounds (publish)",
    "enter_results",
    "report",
    "manage_players",
    "re_enter",
    "disqualify",
    "penalty",
    "judge_call",
    "use_clock",
    "change_event",
    "change_event (fixed table)",
    "assign_staff",
    "finish_event",
]


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("action", ACTIONS)
def test_write_matrix(world, action, state):
    method, url, body, allowed = _actions(world)[action]
    _set_state(world["event"], state)
    staff_here = set(STAFF_ROLE)
    problems = []
    for role in ROLES:
        before = AuditEntry.objects.filter(event_id=world["event"].pk).count()
        response = getattr(_client(world["users"][role]), method)(url, body, format="json")
        code = response.status_code
        detail = (
            response.json()
            if response.content and response["Content-Type"].startswith("application/json")
            else {}
        )
        changed = AuditEntry.objects.filter(event_id=world["event"].pk).count() != before
        if role == "anonymous":
            ok = code == 401
        elif state == EventStatus.DRAFT and role not in staff_here:
            ok = code == 404
        elif role not in allowed:
            ok = code == 403
        elif state == EventStatus.FINISHED:
            ok = code == 409 and detail.get("code") == "event_closed"
        else:
            ok = code < 500 and code not in (401, 403, 404) and detail.get("code") != "event_closed"
        refused = code >= 400
        if not ok or (refused and changed):
            problems.append(
                f"{role}: {code} {detail.get('code', '')} {detail.get('detail', '')[:80]} changed={changed}"
            )
    assert not problems, f"{action} on a {state} event:\n" + "\n".join(problems)


def _get(user, url):
    if url.startswith("/api/"):
        return _client(user).get(url)
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(url)


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("role", ROLES)
def test_read_matrix(world, role, state):
    """Every page and endpoint naming an event, and the match endpoints, for every role."""
    _set_state(world["event"], state)
    user = world["users"][role]
    urls = [u.replace("<slug:slug>", world["event"].slug) for u in EVENT_URLS]
    urls = [
        u.replace("/rounds/1/tables/1/", f"/rounds/1/tables/{world['second'].table_number}/") for u in urls
    ]
    urls += [f"/api/matches/{world['first'].pk}/", f"/api/matches/{world['second'].pk}/"]
    problems = []
    for url in urls:
        code = _get(user, url).status_code
        if code >= 500:
            problems.append(f"GET {url}: {code}")
        if state == EventStatus.DRAFT and role not in STAFF_ROLE:
            unknown = url.replace(world["event"].slug, "no-such-event")
            if "/matches/" in url:
                unknown = url.rsplit("/", 2)[0] + "/999999/"
            expected = _get(user, unknown).status_code
            if code != expected:
                problems.append(f"GET {url}: draft {code}, unknown {expected}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("role", ROLES)
def test_staff_pages_and_player_ids_matrix(world, role):
    """The two reading actions: "view_staff_pages" (the players list of the staff API) and
    "see_player_ids" (another player's ID in a match's answer)."""
    event, second = world["event"], world["second"]
    user = world["users"][role]
    listing = _client(user).get(f"/api/events/{event.slug}/players/")
    if role in _may("view_staff_pages"):
        assert listing.status_code == 200
    else:
        assert listing.status_code in (401, 403)
    hidden_id = second.player_b.player.player_id
    match = _client(user).get(f"/api/matches/{second.pk}/")
    assert match.status_code == 200
    assert (hidden_id in match.content.decode()) == (role in _may("see_player_ids"))
