"""Accounts: sign up, password reset by email, linking to a player ID (confirmed by staff, the
same answer whether or not the ID is on file), API tokens from the account page and the API."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from accounts import services
from accounts.enums import ClaimStatus
from accounts.models import PlayerIdClaim
from core.errors import ConflictError, NotAllowed
from core.models import AuditEntry
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import StaffRole
from tournament.models import PlayerProfile

User = get_user_model()


@pytest.mark.django_db
def test_sign_up_logs_the_new_player_in():
    client = Client()
    resp = client.post(
        "/accounts/signup/",
        {
            "username": "ada",
            "email": "ada@example.org",
            "password1": "a long passphrase 9",
            "password2": "a long passphrase 9",
        },
    )
    assert resp.status_code == 302 and resp["Location"] == "/accounts/"
    assert User.objects.get(username="ada").email == "ada@example.org"
    page = client.get("/accounts/").content.decode()
    assert "Logged in as <strong>ada</strong>" in page


@pytest.mark.django_db
def test_sign_up_refuses_a_weak_password_and_a_taken_name():
    UserFactory(username="ada")
    resp = Client().post(
        "/accounts/signup/",
        {"username": "Ada", "email": "x@example.org", "password1": "short", "password2": "short"},
    )
    assert resp.status_code == 400
    assert User.objects.filter(username__iexact="ada").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("password", "This password is too common."),
        ("12345678", "This password is entirely numeric."),
        ("letmein1", "This password is too common."),
        ("grace-hopper", "The password is too similar to the username."),
        ("Ab1!x", "This password is too short. It must contain at least 8 characters."),
    ],
)
def test_sign_up_refuses_common_numeric_similar_and_short_passwords(password, message):
    """Issue 35, item 8: sign-up accepted "password" and "12345678"."""
    resp = Client().post(
        "/accounts/signup/",
        {"username": "grace-hopper", "email": "g@example.org", "password1": password, "password2": password},
    )
    assert resp.status_code == 400
    assert message in resp.content.decode()
    assert not User.objects.filter(username="grace-hopper").exists()


@pytest.mark.django_db
def test_password_change_refuses_a_common_password():
    user = UserFactory(username="ada")
    client = Client()
    client.force_login(user)
    resp = client.post(
        "/accounts/password_change/",
        {"old_password": "pw-ada", "new_password1": "password", "new_password2": "password"},
    )
    assert resp.status_code == 200 and "This password is too common." in resp.content.decode()
    user.refresh_from_db()
    assert user.check_password("pw-ada")


@pytest.mark.django_db
def test_forgotten_password_is_reset_through_the_emailed_link(mailoutbox):
    user = UserFactory(username="ada", email="ada@example.org")
    client = Client()
    resp = client.post("/accounts/password_reset/", {"email": "ada@example.org"}, follow=True)
    assert b"data-reset-sent" in resp.content
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["ada@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mailoutbox[0].body).group(1)
    form = client.get(link, follow=True)
    set_url = form.redirect_chain[-1][0] if form.redirect_chain else link
    weak = client.post(set_url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert weak.status_code == 200 and "This password is entirely numeric." in weak.content.decode()
    done = client.post(
        set_url,
        {"new_password1": "a brand new passphrase", "new_password2": "a brand new passphrase"},
        follow=True,
    )
    assert b"data-reset-complete" in done.content
    user.refresh_from_db()
    assert user.check_password("a brand new passphrase")


@pytest.mark.django_db
def test_unknown_email_gets_the_same_answer_and_no_mail(mailoutbox):
    resp = Client().post("/accounts/password_reset/", {"email": "nobody@example.org"}, follow=True)
    assert b"data-reset-sent" in resp.content
    assert mailoutbox == []


@pytest.mark.django_db
def test_claim_answer_does_not_say_whether_the_id_is_on_file():
    PlayerProfileFactory(player_id="GEM-1", display_name="Real Owner", user=None)
    answers = []
    for pid in ("GEM-1", "GEM-NEW"):
        client = Client()
        client.force_login(UserFactory(username=f"u-{pid}"))
        resp = client.post("/accounts/", {"player_id": pid, "display_name": "Me"}, follow=True)
        page = resp.content.decode()
        answers.append(page.replace(pid, "<ID>").split("<main", 1)[1].split("csrfmiddlewaretoken")[0])
        assert PlayerIdClaim.objects.get(player_id=pid).status == ClaimStatus.PENDING
    assert answers[0] == answers[1]
    assert not PlayerProfile.objects.filter(player_id="GEM-NEW").exists()
    assert PlayerProfile.objects.get(player_id="GEM-1").user is None


@pytest.mark.django_db
def test_organizer_confirms_a_claim_of_a_player_at_their_event():
    event = EventFactory()
    profile = PlayerProfileFactory(player_id="GEM-7", display_name="Walk In", user=None)
    RegistrationFactory(event=event, player=profile)
    organizer = UserFactory(username="to")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    player = UserFactory(username="walkin")
    claim = services.claim_player_id(player, player_id="GEM-7", display_name="Walk In")

    stranger = UserFactory(username="judge-elsewhere")
    StaffAssignmentFactory(event=EventFactory(), user=stranger, role=StaffRole.ORGANIZER)
    with pytest.raises(NotAllowed):
        services.decide_claim(claim, actor=stranger, confirm=True)

    client = Client()
    client.force_login(organizer)
    assert "walkin" in client.get("/accounts/").content.decode()
    client.post("/accounts/claims/decide/", {"claim": claim.pk, "decision": "confirm"})
    profile.refresh_from_db()
    assert profile.user == player
    assert AuditEntry.objects.filter(action="account.claim_decided").exists()
    mine = Client()
    mine.force_login(player)
    assert "data-linked-player" in mine.get("/accounts/").content.decode()


@pytest.mark.django_db
def test_confirming_an_id_not_on_file_makes_the_profile():
    """An ID not on file, asked for on the account page (no event): a site official confirms it;
    a scorekeeper of some unrelated event (any account can open one) cannot."""
    scorekeeper = UserFactory(username="to")
    StaffAssignmentFactory(event=EventFactory(), user=scorekeeper, role=StaffRole.SCOREKEEPER)
    player = UserFactory(username="newbie")
    claim = services.claim_player_id(player, player_id="NEW-1", display_name="New Player")
    with pytest.raises(NotAllowed):
        services.decide_claim(claim, actor=scorekeeper, confirm=True)
    services.decide_claim(claim, actor=UserFactory(username="admin", is_staff=True), confirm=True)
    assert PlayerProfile.objects.get(player_id="NEW-1").user == player


@pytest.mark.django_db
def test_an_id_linked_to_another_account_is_not_handed_over():
    admin = UserFactory(username="admin", is_staff=True)
    PlayerProfileFactory(player_id="GEM-9", user=UserFactory(username="owner"))
    claim = services.claim_player_id(UserFactory(username="thief"), player_id="GEM-9", display_name="Thief")
    with pytest.raises(ConflictError):
        services.decide_claim(claim, actor=admin, confirm=True)
    assert PlayerProfile.objects.get(player_id="GEM-9").user.username == "owner"


@pytest.mark.django_db
def test_api_token_from_the_account_page():
    user = UserFactory(username="ada")
    client = Client()
    client.force_login(user)
    client.post("/accounts/token/")
    page = client.get("/accounts/").content.decode()
    key = re.search(r"data-api-token>([0-9a-f]{40})<", page).group(1)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/events/").status_code == 200


@pytest.mark.django_db
def test_api_token_endpoint_with_username_and_password():
    user = UserFactory(username="ada")
    user.set_password("a long passphrase 9")
    user.save()
    resp = APIClient().post(
        "/api/auth/token/", {"username": "ada", "password": "a long passphrase 9"}, format="json"
    )
    assert resp.status_code == 200
    key = resp.json()["token"]
    again = APIClient().post(
        "/api/auth/token/", {"username": "ada", "password": "a long passphrase 9"}, format="json"
    )
    assert again.json()["token"] == key
    renewed = APIClient().post(
        "/api/auth/token/",
        {"username": "ada", "password": "a long passphrase 9", "renew": True},
        format="json",
    )
    assert renewed.json()["token"] != key
    wrong = APIClient().post("/api/auth/token/", {"username": "ada", "password": "nope"}, format="json")
    assert wrong.status_code == 400 and "token" not in wrong.json()


@pytest.mark.django_db
def test_token_endpoint_is_in_the_openapi_schema():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    assert "post" in schema["paths"]["/api/auth/token/"]
    assert "accounts" in schema["paths"]["/api/auth/token/"]["post"]["tags"]
