"""Adding officials from the pages (TR&P 2.1, 2.2): by username or by a one-use invitation link,
with the eligibility rules of ``assign_staff`` explained; every change audited."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from core.models import AuditEntry
from tests.conftest import login_in_browser
from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament import services
from tournament.enums import StaffRole
from tournament.models import StaffAssignment, StaffInvitation

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")


def _event_with_organizer(**kwargs):
    event = EventFactory(status="registration", **kwargs)
    organizer = UserFactory(username="org")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    return event, organizer


def _roles(event, user) -> set[str]:
    return set(
        StaffAssignment.objects.filter(event=event, user=user, ended_at__isnull=True).values_list(
            "role", flat=True
        )
    )


@pytest.mark.django_db
def test_organizer_adds_a_judge_by_username(client):
    event, organizer = _event_with_organizer()
    judge = UserFactory(username="Jude")
    client.force_login(organizer)
    response = client.post(
        f"/events/{event.slug}/staff/officials/add/", {"username": "jude", "role": "floor_judge"}
    )
    assert response.status_code == 302 and response["Location"].endswith("/staff/officials/")
    assert _roles(event, judge) == {"floor_judge"}
    assert AuditEntry.objects.filter(event_id=event.pk, action="staff.assign").count() == 1
    page = client.get(response["Location"]).content.decode()
    assert "Jude is now floor judge." in page and 'data-official="Jude"' in page


@pytest.mark.django_db
def test_unknown_username_and_rule_refusals_say_why(client):
    event, organizer = _event_with_organizer()
    hj = UserFactory(username="hj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    other = UserFactory(username="other")
    client.force_login(organizer)
    page = client.post(
        f"/events/{event.slug}/staff/officials/add/",
        {"username": "nobody-here", "role": "floor_judge"},
        follow=True,
    ).content.decode()
    assert "no account is called" in page and "invitation link" in page
    page = client.post(
        f"/events/{event.slug}/staff/officials/add/", {"username": "other", "role": "head_judge"}, follow=True
    ).content.decode()
    assert "already has a head judge" in page and "TR&amp;P 2.1" in page
    assert _roles(event, other) == set()


@pytest.mark.django_db
def test_only_the_organizer_changes_officials_others_read(client):
    event, _ = _event_with_organizer()
    judge = UserFactory(username="fj")
    StaffAssignmentFactory(event=event, user=judge, role=StaffRole.FLOOR_JUDGE)
    outsider = UserFactory(username="out")
    client.force_login(judge)
    page = client.get(f"/events/{event.slug}/staff/officials/")
    assert page.status_code == 200 and "Only the organizer adds" in page.content.decode()
    refused = client.post(f"/events/{event.slug}/staff/officials/invite/", {"role": "head_judge"})
    assert refused.status_code in (403, 404)
    assert not StaffInvitation.objects.exists()
    client.force_login(outsider)
    assert client.get(f"/events/{event.slug}/staff/officials/").status_code == 403


@pytest.mark.django_db
def test_invitation_link_works_once_for_a_logged_in_account(client):
    event, organizer = _event_with_organizer()
    client.force_login(organizer)
    client.post(f"/events/{event.slug}/staff/officials/invite/", {"role": "scorekeeper"})
    invitation = StaffInvitation.objects.get()
    link = f"/events/staff-invitation/{invitation.key}/"
    assert link in client.get(f"/events/{event.slug}/staff/officials/").content.decode()

    client.logout()
    assert "/accounts/login/" in client.get(link)["Location"]
    sam = UserFactory(username="sam")
    client.force_login(sam)
    assert "Join" in client.get(link).content.decode()
    accepted = client.post(link)
    assert accepted.status_code == 302 and accepted["Location"] == f"/events/{event.slug}/staff/"
    assert _roles(event, sam) == {"scorekeeper"}
    entry = AuditEntry.objects.get(event_id=event.pk, action="staff.assign")
    assert entry.actor_id == organizer.pk  # the organizer designated them (TR&P 2.2), through the link
    assert AuditEntry.objects.filter(
        event_id=event.pk, action="staff.invitation_accepted", actor_id=sam.pk
    ).exists()

    client.force_login(UserFactory(username="late"))
    again = client.get(link)
    assert again.status_code == 404 and "already been used" in again.content.decode()
    assert client.post(link).status_code == 404


@pytest.mark.django_db
def test_expired_revoked_and_unknown_links_are_refused(client):
    event, organizer = _event_with_organizer()
    expired = services.invite_staff(event, role="floor_judge", actor=organizer)
    expired.expires_at = timezone.now() - timedelta(minutes=1)
    expired.save()
    revoked = services.invite_staff(event, role="floor_judge", actor=organizer)
    services.revoke_staff_invitation(revoked, actor=organizer)
    client.force_login(UserFactory())
    assert "expired" in client.post(f"/events/staff-invitation/{expired.key}/").content.decode()
    for key in (revoked.key, "no-such-key", "x" * 500):
        page = client.post(f"/events/staff-invitation/{key}/")
        assert page.status_code == 404 and "not valid" in page.content.decode()
    assert not StaffAssignment.objects.filter(event=event).exclude(user=organizer).exists()


@pytest.mark.django_db
def test_an_invitation_checks_the_rules_when_accepted(client):
    """TR&P 1.4: at a tier 2+ tournament a registered player cannot also be an official."""
    from tests.factories import PlayerProfileFactory, RegistrationFactory

    event, organizer = _event_with_organizer(tier=2, event_type="proquest")
    player = UserFactory(username="playing")
    RegistrationFactory(event=event, player=PlayerProfileFactory(user=player))
    invitation = services.invite_staff(event, role="floor_judge", actor=organizer)
    client.force_login(player)
    page = client.post(f"/events/staff-invitation/{invitation.key}/")
    assert page.status_code == 400 and "cannot also be an official" in page.content.decode()
    invitation.refresh_from_db()
    assert invitation.used_at is None and _roles(event, player) == set()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_organizer_adds_a_judge_from_the_dashboard_at_phone_width(live_server, phone_page):
    event, _ = _event_with_organizer()
    UserFactory(username="jude")
    page = phone_page
    login_in_browser(page, live_server, "org", "pw-org")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    page.click("text=Officials")
    page.fill("input[name=username]", "jude")
    page.select_option("form[action$='/add/'] select[name=role]", "head_judge")
    page.click("form[action$='/add/'] button[type=submit]")
    page.wait_for_selector("[data-official=jude]")
    assert "Head judge" in page.inner_text("[data-official=jude]")
    page.click("text=Make an invitation link")
    page.wait_for_selector("[data-invitation]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "officials-390.png"), full_page=True)
