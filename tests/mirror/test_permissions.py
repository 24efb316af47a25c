"""Who may open the mirror pages and re-import, by the action names of ``mirror.access.ACTIONS``
(and judging's ``read_penalties`` for the penalty log): one name per permission."""

from __future__ import annotations

import io

import pytest

from mirror import access
from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tests.mirror.conftest import fixture
from tournament.enums import StaffRole
from tournament.models import Registration

STAFF = {
    "floor_judge": StaffRole.FLOOR_JUDGE,
    "scorekeeper": StaffRole.SCOREKEEPER,
    "head_judge": StaffRole.HEAD_JUDGE,
}
ROLES = ["anonymous", "player", "floor_judge", "scorekeeper", "head_judge", "organizer", "other_organizer"]


@pytest.fixture
def users(gem_event, organizer):
    out = {"anonymous": None, "organizer": organizer}
    for name, role in STAFF.items():
        out[name] = UserFactory(username=f"perm-{name}")
        StaffAssignmentFactory(event=gem_event, user=out[name], role=role)
    player = UserFactory(username="perm-player")
    reg = Registration.objects.get(event=gem_event, player__player_id="10000001")
    reg.player.user = player
    reg.player.save(update_fields=["user"])
    out["player"] = player
    other = UserFactory(username="perm-other-to")
    StaffAssignmentFactory(event=EventFactory(), user=other, role=StaffRole.ORGANIZER)
    out["other_organizer"] = other
    return out


def _may(action: str) -> frozenset:
    """The staff roles that may do ``action`` (a mirror action, or judging's/the tournament's)."""
    return access.ALL_ACTIONS[action]


def _role(name: str):
    return StaffRole.ORGANIZER if name == "organizer" else STAFF.get(name)


def _expected(name: str, group) -> int:
    if name == "anonymous":
        return 302  # to the login page
    return 200 if _role(name) in group else 403


@pytest.mark.parametrize("role", ROLES)
def test_mirror_pages_by_role(role, users, gem_event, client):
    if users[role] is not None:
        client.force_login(users[role])
    slug = gem_event.slug
    pages = {
        f"/mirror/{slug}/": _may("view_staff_pages"),
        f"/mirror/{slug}/standings/": _may("read_handback"),
        f"/mirror/{slug}/results/2/": _may("read_handback"),
        f"/mirror/{slug}/results/2.csv": _may("read_handback"),
        f"/mirror/{slug}/penalties/": _may("read_penalties"),
        f"/mirror/{slug}/penalties.csv": _may("read_penalties"),
    }

    answers = {url: client.get(url).status_code for url in pages}

    assert answers == {url: _expected(role, group) for url, group in pages.items()}


@pytest.mark.parametrize("role", ROLES)
def test_reimport_by_role(role, users, gem_event, client):
    if users[role] is not None:
        client.force_login(users[role])
    upload = io.BytesIO(fixture("gem_pairings_r3.csv")[1])
    upload.name = "gem_pairings_r3.csv"

    response = client.post(f"/mirror/{gem_event.slug}/", {"files": [upload]})

    allowed = _role(role) in _may("reimport_events")
    if role == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == (302 if allowed else 403)
    assert gem_event.rounds.filter(number=3).exists() == allowed


def test_mirror_tab_shows_on_mirrored_and_unpaired_events_only(gem_event, organizer, client):
    """An event paired here has nothing to import: its dashboard has no Mirror tab."""
    from tournament import addons

    def tabs(event):
        return [link["label"] for link in addons.staff_links(event)]

    assert "Mirror (GEM / Omnidex)" in tabs(gem_event)
    fresh = EventFactory(status="registration")
    assert "Mirror (GEM / Omnidex)" in tabs(fresh)
    fresh.status = "running"  # paired here from round 1 on
    assert "Mirror (GEM / Omnidex)" not in tabs(fresh)
