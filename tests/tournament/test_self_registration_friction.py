"""Self-registration a store's players can find and get right (issue 36, item 6): a Register
button on the event page, the typed ID and name kept when something is refused, and GEM IDs
written as people write them ("GEM# 1234 5678") accepted as the number."""

from __future__ import annotations

import pytest

from accounts.models import PlayerIdClaim
from tests.factories import EventFactory, PlayerProfileFactory, StaffAssignmentFactory, UserFactory
from tournament import services
from tournament.enums import StaffRole
from tournament.models import Registration


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("12345678", "12345678"),
        ("  12345678 ", "12345678"),
        ("GEM# 1234 5678", "12345678"),
        ("gem id: 12345678", "12345678"),
        ("GEM12345678", "GEM12345678"),  # an ID on file may be written so
        ("#12345678", "12345678"),
        ("ID 12345678", "12345678"),
        ("1234 5678", "12345678"),
        ("TMP-ABC123", "TMP-ABC123"),
        ("ABC-123", "ABC-123"),
        ("gem", "gem"),  # not an ID: the format check that follows refuses or keeps it as is
        ("", ""),
    ],
)
def test_tidy_player_id(typed, stored):
    assert services.tidy_player_id(typed) == stored


@pytest.mark.django_db
def test_event_page_has_a_register_button_while_registration_is_open(client):
    event = EventFactory(status="registration", allow_self_registration=True)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "data-register" in page and f'href="/events/{event.slug}/me/"' in page
    closed = EventFactory(status="registration", allow_self_registration=False)
    assert "data-register" not in client.get(f"/events/{closed.slug}/").content.decode()


@pytest.mark.django_db
def test_self_registration_cleans_a_gem_prefix(client):
    event = EventFactory(status="registration", allow_self_registration=True)
    user = UserFactory()
    client.force_login(user)
    response = client.post(
        f"/events/{event.slug}/me/register/", {"player_id": "GEM# 1234 5678", "display_name": "Ada L"}
    )
    assert response.status_code == 302
    claim = PlayerIdClaim.objects.get(user=user)
    assert claim.player_id == "12345678"


@pytest.mark.django_db
def test_a_refused_self_registration_keeps_what_was_typed(client):
    event = EventFactory(status="registration", allow_self_registration=True)
    client.force_login(UserFactory())
    response = client.post(
        f"/events/{event.slug}/me/register/", {"player_id": "GEM 1234 5678", "display_name": ""}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert 'value="GEM 1234 5678"' in page
    assert "enter your player ID" in page or "This field is required" in page


@pytest.mark.django_db
def test_staff_find_a_player_by_id_written_with_gem_and_spaces(client):
    event = EventFactory(status="registration")
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    profile = PlayerProfileFactory(player_id="12345678", display_name="Ada")
    client.force_login(sk)
    client.post(f"/events/{event.slug}/staff/register/", {"player_id": "GEM# 1234 5678", "display_name": ""})
    assert Registration.objects.filter(event=event, player=profile).exists()
    assert services.find_registration(event, "gem 1234 5678").player_id == profile.pk
