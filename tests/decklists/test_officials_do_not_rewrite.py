"""Issue 15, defect 1: officials do not rewrite a player's decklist (TR&P 3.7, PPG 4.4).

Only the player edits their own list before the deadline; once submitted and past the deadline,
only the head judge or the organizer changes it, through the fix path with a reason, and the
player sees that change and its reason.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from core.errors import NotAllowed
from decklists import selectors, services
from decklists.enums import DecklistStatus

pytestmark = pytest.mark.django_db


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _submitted(s, text):
    owner = s["alice"].player.user
    decklist = services.save_decklist(s["alice"], actor=owner, text=text)
    return services.submit_decklist(decklist, actor=owner)


@pytest.mark.parametrize("role", ["floor_judge", "scorekeeper", "head_judge", "organizer"])
def test_an_official_cannot_put_a_players_list(event_with_staff, fab_release, legal_cc_text, role):
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    rewritten = legal_cc_text.replace("3x En Garde (red)", "2x En Garde (red)")
    response = _api(s[role]).put(f"/api/decklists/{decklist.pk}/", {"text": rewritten}, format="json")
    assert response.status_code == 403, response.content
    decklist.refresh_from_db()
    assert decklist.status == DecklistStatus.SUBMITTED
    assert decklist.raw_text == legal_cc_text


def test_the_player_edits_before_the_deadline_but_not_after(event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    owner = s["alice"].player.user
    edited = legal_cc_text.replace("3x En Garde (red)", "2x En Garde (red)")
    response = _api(owner).put(f"/api/decklists/{decklist.pk}/", {"text": edited}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == DecklistStatus.DRAFT
    services.submit_decklist(selectors.decklist_queryset().get(pk=decklist.pk), actor=owner)
    services.set_decklist_deadline(
        s["event"], actor=s["organizer"], deadline=timezone.now() - timedelta(minutes=1)
    )
    response = _api(owner).put(f"/api/decklists/{decklist.pk}/", {"text": legal_cc_text}, format="json")
    assert response.status_code == 409, response.content
    decklist.refresh_from_db()
    assert decklist.status == DecklistStatus.SUBMITTED


@pytest.mark.parametrize("role", ["head_judge", "organizer"])
def test_head_judge_or_organizer_fix_with_a_reason_and_the_player_is_told(
    event_with_staff, fab_release, legal_cc_text, role
):
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    fixed = legal_cc_text.replace("3x En Garde (red)", "2x En Garde (red)")
    no_reason = _api(s[role]).post(f"/api/decklists/{decklist.pk}/fix/", {"text": fixed}, format="json")
    assert no_reason.status_code == 400
    response = _api(s[role]).post(
        f"/api/decklists/{decklist.pk}/fix/",
        {"text": fixed, "reason": "wrote 3, registered 2"},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["status"] == DecklistStatus.SUBMITTED
    seen = _api(s["alice"].player.user).get(f"/api/decklists/{decklist.pk}/").json()
    assert [c["reason"] for c in seen["official_changes"]] == ["wrote 3, registered 2"]


def test_floor_judge_cannot_fix_a_submitted_list(event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    response = _api(s["floor_judge"]).post(
        f"/api/decklists/{decklist.pk}/fix/", {"text": legal_cc_text, "reason": "x"}, format="json"
    )
    assert response.status_code == 403


def test_an_official_still_transcribes_a_paper_list_nobody_entered(
    event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    created = services.save_decklist(s["bob"], actor=s["floor_judge"], text=legal_cc_text)
    assert created.version == 1
    with pytest.raises(NotAllowed):
        services.save_decklist(s["bob"], actor=s["floor_judge"], text=legal_cc_text + "\n")
