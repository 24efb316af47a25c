"""Creating and editing an event through the organizer's forms (the services apply the rules)."""

from __future__ import annotations

import pytest
from django.test import Client

from core.models import AuditEntry
from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament.enums import StaffRole
from tournament.models import Event, StaffAssignment


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def logged_in(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


BASE = {
    "name": "Friday Armory",
    "game": "fab",
    "format": "cc",
    "event_type": "armory",
    "time_zone": "Europe/London",
    "trp_version": "2025",
    "ppg_version": "2023",
    "cr_version": "2.13.0",
    "bye_counts_in_cmp": "on",
    "allow_self_registration": "on",
    "structure_kind": "single_day",
    "status": "registration",
}


@pytest.mark.django_db
def test_new_event_form_needs_login():
    response = Client().get("/events/new/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_create_event_applies_rule_defaults_and_makes_me_organizer():
    user = UserFactory()
    response = logged_in(user).post("/events/new/", BASE)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get()
    assert event.slug == "friday-armory"
    # TR&P App A (armory: tier 1, casual), App C (CC rounds 55 min), one game to win
    assert (event.tier, event.rel, event.round_minutes, event.games_per_match) == (1, "casual", 55, 1)
    assert StaffAssignment.objects.filter(event=event, user=user, role=StaffRole.ORGANIZER).exists()
    assert response["Location"] == f"/events/{event.slug}/staff/"
    assert AuditEntry.objects.filter(event_id=event.pk, action="event.create").exists()


@pytest.mark.django_db
def test_create_event_with_explicit_values_keeps_them():
    user = UserFactory()
    data = {
        **BASE,
        "slug": "pq-london",
        "event_type": "proquest",
        "format": "blitz",
        "round_minutes": "40",
        "rel": "casual",
        "decklists_required": "false",
    }
    assert logged_in(user).post("/events/new/", data).status_code == 302
    event = Event.objects.get(slug="pq-london")
    assert (event.round_minutes, event.rel, event.decklists_required, event.tier) == (40, "casual", False, 2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"time_zone": "Mars/Olympus"}, "Unknown time zone"),
        ({"format": "ga-standard"}, ""),  # FaB game with a GA format: the service names the problem
        ({"name": ""}, "This field is required"),
        ({"capacity": "-3"}, ""),
    ],
)
@pytest.mark.django_db
def test_create_event_bad_input_is_400_with_the_reason(change, message):
    user = UserFactory()
    response = logged_in(user).post("/events/new/", {**BASE, **change})
    assert response.status_code == 400
    assert Event.objects.count() == 0
    form = response.context["form"]
    assert form.errors
    if message:
        assert message in str(form.errors)


@pytest.mark.django_db
def test_duplicate_slug_is_refused_on_the_slug_field():
    EventFactory(slug="taken")
    response = logged_in(UserFactory()).post("/events/new/", {**BASE, "slug": "taken"})
    assert response.status_code == 400
    assert "already exists" in str(response.context["form"].errors["slug"])


@pytest.mark.django_db
def test_organizer_edits_the_event_and_it_is_audited():
    event = EventFactory(venue="Old shop")
    org = UserFactory()
    StaffAssignmentFactory(event=event, user=org, role=StaffRole.ORGANIZER)
    c = logged_in(org)
    form = c.get(f"/events/{event.slug}/edit/")
    assert form.status_code == 200
    data = {
        k: v
        for k, v in form.context["form"].initial.items()
        if v is not None and k in form.context["form"].fields
    }
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    data.update({"venue": "New shop", "starts_at": ""})
    response = c.post(f"/events/{event.slug}/edit/", data)
    assert response.status_code == 302, response.context["form"].errors if response.context else ""
    event.refresh_from_db()
    assert event.venue == "New shop"
    entry = AuditEntry.objects.get(event_id=event.pk, action="event.update")
    assert entry.before["venue"] == "Old shop" and entry.after["venue"] == "New shop"


@pytest.mark.django_db
@pytest.mark.parametrize("role", [StaffRole.SCOREKEEPER, StaffRole.FLOOR_JUDGE])
def test_other_staff_cannot_edit_the_event(role):
    event = EventFactory()
    user = UserFactory()
    StaffAssignmentFactory(event=event, user=user, role=role)
    assert logged_in(user).post(f"/events/{event.slug}/edit/", {"venue": "x"}).status_code == 403
