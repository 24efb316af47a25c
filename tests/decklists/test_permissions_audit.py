"""Permission audit of decklists (TR&P 3.7): endpoint x role -> expected status.

A list is private to its player and the event's officials; exceptions are Professional REL
play-off opponents (constructed) and the organizer's publication after the event. Every
change leaves an audit record.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from core.errors import DomainError, NotAllowed
from core.models import AuditEntry
from decklists import access, services
from decklists.enums import DecklistStatus
from decklists.models import Decklist
from tests.factories import MatchFactory, RoundFactory, UserFactory
from tournament.enums import REL, EventStatus, RoundStage, RoundStatus

pytestmark = pytest.mark.django_db

ROLES = [
    "anonymous",
    "stranger",
    "owner",
    "other_player",
    "organizer",
    "head_judge",
    "floor_judge",
    "scorekeeper",
]


def _may(action: str) -> set[str]:
    """The roles of this matrix that ``decklists.access.ACTIONS`` lets do ``action`` (one name per
    permission: the expectation is the table's line, the role vocabulary is pinned in
    tests/tournament/test_access.py)."""
    return {str(r) for r in access.ACTIONS[action]} & set(ROLES)


OFFICIALS = _may("review_decklists")


def _users(s):
    return {
        "anonymous": None,
        "stranger": UserFactory(),
        "owner": s["alice"].player.user,
        "other_player": s["bob"].player.user,
        "organizer": s["organizer"],
        "head_judge": s["head_judge"],
        "floor_judge": s["floor_judge"],
        "scorekeeper": s["scorekeeper"],
    }


def _api(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _web(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _submitted(s, text):
    owner = s["alice"].player.user
    decklist = services.save_decklist(s["alice"], actor=owner, text=text)
    return services.submit_decklist(decklist, actor=owner)


@pytest.mark.parametrize("role", ROLES)
def test_reading_a_list_by_role(event_with_staff, fab_release, legal_cc_text, role):
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    user = _users(s)[role]
    may = role == "owner" or role in OFFICIALS
    api = _api(user).get(f"/api/decklists/{decklist.pk}/")
    assert api.status_code == (200 if may else 401 if role == "anonymous" else 404)
    for url in (f"/decklists/{decklist.pk}/", f"/decklists/{decklist.pk}/pdf/"):
        status = _web(user).get(url).status_code
        assert status == (200 if may else 404), url  # anonymous too: existence is not revealed


def test_ids_of_other_players_lists_answer_like_missing_ones(event_with_staff, fab_release, legal_cc_text):
    """No enumeration: someone else's list and a list that does not exist give the same 404."""
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    bob = _api(s["bob"].player.user)
    theirs, missing = (
        bob.get(f"/api/decklists/{decklist.pk}/"),
        bob.get(f"/api/decklists/{decklist.pk + 999}/"),
    )
    assert (theirs.status_code, theirs.json()) == (missing.status_code, missing.json())


@pytest.mark.parametrize("role", ROLES)
def test_event_listing_by_role(event_with_staff, fab_release, legal_cc_text, role):
    s = event_with_staff
    _submitted(s, legal_cc_text)
    resp = _api(_users(s)[role]).get(f"/api/decklists/?event={s['event'].slug}")
    assert resp.status_code == (200 if role in OFFICIALS else 401 if role == "anonymous" else 403)
    own = _api(_users(s)[role]).get("/api/decklists/")
    if own.status_code == 200:
        assert [d["player"] for d in own.json()] == (["Alice"] if role == "owner" else [])


def test_a_player_cannot_write_another_players_list(event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    bob = _api(s["bob"].player.user)
    created = bob.post(
        "/api/decklists/", {"registration": s["alice"].pk, "text": legal_cc_text}, format="json"
    )
    assert created.status_code == 403
    assert not Decklist.objects.filter(registration=s["alice"]).exists()
    decklist = services.save_decklist(s["alice"], actor=s["alice"].player.user, text=legal_cc_text)
    before = AuditEntry.objects.count()
    replaced = bob.put(f"/api/decklists/{decklist.pk}/", {"text": "3x Snatch (red)"}, format="json")
    submitted = bob.post(f"/api/decklists/{decklist.pk}/submit/", {}, format="json")
    decklist.refresh_from_db()
    assert (replaced.status_code, submitted.status_code) == (404, 404)
    assert (decklist.raw_text, decklist.status, AuditEntry.objects.count()) == (
        legal_cc_text,
        DecklistStatus.DRAFT,
        before,
    )


ACTIONS = [
    ("accept", {}, _may("review_decklists")),
    ("reject", {"reason": "illegible"}, _may("review_decklists")),
    ("exception", {"reason": "PPG 4.4"}, _may("change_accepted_lists")),
]


@pytest.mark.parametrize(("action", "body", "allowed"), ACTIONS)
@pytest.mark.parametrize("role", ROLES)
def test_official_actions_by_role(event_with_staff, fab_release, legal_cc_text, action, body, allowed, role):
    s = event_with_staff
    decklist = _submitted(s, legal_cc_text)
    before = AuditEntry.objects.count()
    resp = _api(_users(s)[role]).post(f"/api/decklists/{decklist.pk}/{action}/", body, format="json")
    if role in allowed:
        assert resp.status_code == 200
        assert AuditEntry.objects.count() > before
    else:
        assert resp.status_code == {"anonymous": 401, "stranger": 404, "other_player": 404}.get(role, 403)
        assert AuditEntry.objects.count() == before


@pytest.mark.parametrize("role", ["owner", "organizer", "head_judge", "floor_judge", "scorekeeper"])
def test_only_the_head_judge_fixes_an_accepted_list(event_with_staff, fab_release, legal_cc_text, role):
    """PPG 4.4: after acceptance only the head judge changes a list, with a reason, audited."""
    s = event_with_staff
    decklist = services.accept_decklist(_submitted(s, legal_cc_text), actor=s["floor_judge"])
    fixed_text = legal_cc_text.replace("3x Sink Below (red)", "2x Sink Below (red)\n1x Snatch (red)")
    before = AuditEntry.objects.count()
    resp = _api(_users(s)[role]).post(
        f"/api/decklists/{decklist.pk}/fix/",
        {"text": fixed_text, "reason": "wrong pitch written"},
        format="json",
    )
    decklist.refresh_from_db()
    if role in _may("change_accepted_lists"):
        assert (resp.status_code, decklist.raw_text) == (200, fixed_text)
        entry = AuditEntry.objects.order_by("-id").first()
        assert (entry.action, entry.actor, entry.reason) == (
            "decklist.fix",
            s["head_judge"],
            "wrong pitch written",
        )
    else:
        assert (resp.status_code, decklist.raw_text, AuditEntry.objects.count()) == (
            403,
            legal_cc_text,
            before,
        )


@pytest.mark.parametrize("action", ["manage_decklists", "publish_decklists"])
@pytest.mark.parametrize("role", ROLES)
def test_event_list_actions_by_role(event_with_staff, fab_release, legal_cc_text, action, role):
    """Locking an event's lists ("manage_decklists") and publishing them once the event is over
    ("publish_decklists"): the roles of the table succeed, every other user is refused with
    nothing written."""
    s = event_with_staff
    services.accept_decklist(_submitted(s, legal_cc_text), actor=s["head_judge"])
    if action == "publish_decklists":
        s["event"].status = EventStatus.FINISHED
        s["event"].save(update_fields=["status"])
    run = services.lock_event_decklists if action == "manage_decklists" else services.publish_event_decklists
    user = _users(s)[role]
    before = AuditEntry.objects.count()
    if role in _may(action):
        run(s["event"], actor=user)
        assert AuditEntry.objects.count() > before
    else:
        with pytest.raises(NotAllowed):
            run(s["event"], actor=user if user is not None else AnonymousUser())
        assert AuditEntry.objects.count() == before


def test_publication_only_after_the_event_then_public(event_with_staff, fab_release, legal_cc_text):
    """TR&P 3.7: the organizer may publish the lists after the event, not before."""
    s = event_with_staff
    decklist = services.accept_decklist(_submitted(s, legal_cc_text), actor=s["head_judge"])
    slug = s["event"].slug
    assert _web(None).get(f"/decklists/e/{slug}/published/").status_code == 404
    with pytest.raises(DomainError):
        services.publish_event_decklists(s["event"], actor=s["organizer"])
    s["event"].status = EventStatus.FINISHED
    s["event"].save(update_fields=["status"])
    with pytest.raises(NotAllowed):
        services.publish_event_decklists(s["event"], actor=s["head_judge"])
    services.publish_event_decklists(s["event"], actor=s["organizer"])
    assert _web(None).get(f"/decklists/e/{slug}/published/").status_code == 200
    assert _api(UserFactory()).get(f"/api/decklists/{decklist.pk}/").status_code == 200


def test_playoff_opponents_see_each_others_list_at_professional_rel_only(
    event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    decklist = services.accept_decklist(_submitted(s, legal_cc_text), actor=s["head_judge"])
    bob = _api(s["bob"].player.user)
    swiss = RoundFactory(event=s["event"], number=1, stage=RoundStage.SWISS, status=RoundStatus.COMPLETE)
    MatchFactory(round=swiss, player_a=s["alice"], player_b=s["bob"])
    assert bob.get(f"/api/decklists/{decklist.pk}/").status_code == 404  # a Swiss opponent: no
    top = RoundFactory(event=s["event"], number=2, stage=RoundStage.TOP_CUT, status=RoundStatus.PUBLISHED)
    MatchFactory(round=top, player_a=s["alice"], player_b=s["bob"])
    assert bob.get(f"/api/decklists/{decklist.pk}/").status_code == 404  # Competitive REL: no
    s["event"].rel = REL.PROFESSIONAL
    s["event"].save(update_fields=["rel"])
    assert bob.get(f"/api/decklists/{decklist.pk}/").status_code == 200
