"""Issue 15, defect 6: a refused registration creates nothing, so nobody can claim another
person's player ID by sending a registration that is turned down."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament.enums import EventStatus, FormatCode, StaffRole
from tournament.models import PlayerProfile, Registration

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "event_kw",
    [
        {"allow_self_registration": False},
        {"status": EventStatus.FINISHED},
        {"format": FormatCode.TEAM_CC},
    ],
)
def test_a_refused_self_registration_by_api_leaves_no_profile(event_kw):
    event = EventFactory(status=event_kw.pop("status", EventStatus.REGISTRATION), **event_kw)
    client = APIClient()
    client.force_authenticate(UserFactory())
    response = client.post(
        f"/api/events/{event.slug}/players/",
        {"player_id": "GEM-12345", "display_name": "Impostor"},
        format="json",
    )
    assert 400 <= response.status_code < 500, response.content
    assert not PlayerProfile.objects.filter(player_id__iexact="GEM-12345").exists()
    assert not Registration.objects.filter(event=event).exists()


def test_a_refused_self_registration_on_the_web_leaves_no_profile():
    event = EventFactory(status=EventStatus.REGISTRATION, allow_self_registration=False)
    client = Client()
    client.force_login(UserFactory())
    client.post(f"/events/{event.slug}/me/register/", {"player_id": "GEM-777", "display_name": "Impostor"})
    assert not PlayerProfile.objects.filter(player_id__iexact="GEM-777").exists()


def test_a_refused_staff_registration_leaves_no_profile(staffed_event):
    event = staffed_event["event"]
    event.status = EventStatus.FINISHED
    event.save()
    client = APIClient()
    client.force_authenticate(staffed_event["scorekeeper"])
    response = client.post(
        f"/api/events/{event.slug}/players/",
        {"player_id": "GEM-999", "display_name": "Someone"},
        format="json",
    )
    assert 400 <= response.status_code < 500
    assert not PlayerProfile.objects.filter(player_id__iexact="GEM-999").exists()


def test_an_accepted_registration_creates_the_profile_and_the_registration():
    """Issue 35: an accepted self-registration of an account without a player ID still creates
    nothing on the player's word; the desk's confirmation creates both (docs/access.md)."""
    event = EventFactory(status=EventStatus.REGISTRATION, allow_self_registration=True)
    scorekeeper = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    response = client.post(
        f"/api/events/{event.slug}/players/", {"player_id": "GEM-1", "display_name": "Me"}, format="json"
    )
    assert response.status_code == 202, response.content
    assert not PlayerProfile.objects.filter(player_id="GEM-1").exists()
    desk = APIClient()
    desk.force_authenticate(scorekeeper)
    claim = desk.get("/api/player-id-claims/", {"event": event.slug}).json()["to_decide"][0]
    assert (
        desk.post(f"/api/player-id-claims/{claim['id']}/decide/", {"decision": "confirm"}).status_code == 200
    )
    assert PlayerProfile.objects.get(player_id="GEM-1").user == user
    assert Registration.objects.get(event=event).player.player_id == "GEM-1"
