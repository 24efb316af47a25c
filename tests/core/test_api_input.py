"""One API input helper, one error shape in every app; ids: 404 in the URL, 400 in the body."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament.enums import StaffRole

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def head_judge_client():
    event = EventFactory(swiss_rounds=3, top_cut=0)
    user = UserFactory()
    StaffAssignmentFactory(event=event, user=user, role=StaffRole.HEAD_JUDGE)
    StaffAssignmentFactory(event=event, user=UserFactory(), role=StaffRole.ORGANIZER)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return event, client


def _assert_shape(response, field):
    assert response.status_code == 400, response.content
    body = response.json()
    assert (body["code"], body["field"]) == ("invalid", field)
    assert body["detail"].startswith(f"{field}: ")
    assert field in body["errors"], body


def test_tournament_judging_and_decklists_reject_bad_bodies_with_the_same_shape(head_judge_client):
    event, client = head_judge_client
    _assert_shape(client.post("/api/events/", {"name": "x", "format": "poker"}, format="json"), "format")
    _assert_shape(
        client.post(f"/api/judging/events/{event.slug}/penalties/", {"infraction": "nope"}, format="json"),
        "registration",
    )
    _assert_shape(client.post("/api/decklists/", {"text": "x", "kind": "nonsense"}, format="json"), "kind")


def test_an_unknown_id_in_the_body_is_400_naming_the_field(head_judge_client):
    event, client = head_judge_client
    response = client.post(
        f"/api/judging/events/{event.slug}/penalties/",
        {"registration": 999999, "infraction": "cheating"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "no registration 999999 at this event",
        "code": "invalid",
        "field": "registration",
    }


def test_an_unknown_id_in_the_url_is_404(head_judge_client):
    event, client = head_judge_client
    response = client.post(f"/api/events/{event.slug}/players/999999/drop/", {"reason": "x"}, format="json")
    assert response.status_code == 404


def test_a_validation_error_raised_by_a_view_has_the_same_shape():
    response = APIClient().get("/api/rules/search/")
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"], list(body["errors"])) == ("invalid", "q", ["q"])
    assert body["detail"].startswith("q: Give a rule number")
