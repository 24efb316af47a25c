"""Issue 35, item 1: nobody takes over a player ID (TR&P 1.5: knowing it is enough to act as its
player). The three attacks of the report, each replayed against the real services and pages:

(a) a new account opens an event, registers someone else's ID there, claims it and confirms its
    own claim (or has an accomplice account confirm it);
(b) a walk-in claim code posted with someone else's ID;
(c) self-registration linking any new ID at once, and telling which IDs exist.

Plus: the same answer whether or not an ID exists (self-registration, the claim form, the claim
code), and an audited undo of a link by a site official. docs/access.md has the threat model.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import access as account_access
from accounts import services as account_services
from accounts.enums import ClaimStatus
from accounts.models import PlayerIdClaim
from core.errors import NotAllowed
from core.models import AuditEntry
from tests.factories import UserFactory
from tournament import services
from tournament.enums import MANAGE_ROLES, EventStatus, RegistrationStatus, StaffRole
from tournament.models import PlayerProfile, Registration

pytestmark = pytest.mark.django_db

VICTIM_ID = "GEM-VICTIM"


def _store_event(**fields):
    """A real store's event: its organizer registered the victim (no account yet) at the desk."""
    organizer = UserFactory(username="store-to")
    event = services.create_event(actor=organizer, name="Store Armory", **fields)
    reg = services.register_new_player(event, actor=organizer, player_id=VICTIM_ID, display_name="Vic Tim")
    return event, organizer, reg


def _open_for_self_registration(event, organizer):
    return services.update_event(
        event, actor=organizer, allow_self_registration=True, status=EventStatus.REGISTRATION
    )


# --------------------------------------------------------------------------- (a) throwaway event


def test_a_throwaway_event_does_not_let_an_account_confirm_its_own_claim():
    store, store_to, victim_reg = _store_event()
    attacker = UserFactory(username="attacker")
    throwaway = services.create_event(actor=attacker, name="My Event")
    services.register_player(throwaway, player=victim_reg.player, actor=attacker)
    claim = account_services.claim_player_id(attacker, player_id=VICTIM_ID, display_name="Vic Tim")

    assert account_access.decidable_claims(attacker) == []
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=attacker, confirm=True)

    # Linked or not, the attacker never acts as the victim at the victim's real event.
    assert PlayerProfile.objects.get(player_id=VICTIM_ID).user_id is None
    with pytest.raises(NotAllowed):
        services.drop_registration(victim_reg, actor=attacker)
    assert Registration.objects.get(pk=victim_reg.pk).status == RegistrationStatus.REGISTERED


def test_an_accomplice_account_on_the_throwaway_event_cannot_confirm_either():
    _store, store_to, victim_reg = _store_event()
    attacker = UserFactory(username="attacker")
    accomplice = UserFactory(username="accomplice")
    # The accomplice opens the event and registers the victim's ID: the attacker holds no role.
    throwaway = services.create_event(actor=accomplice, name="Accomplice Event")
    services.register_player(throwaway, player=victim_reg.player, actor=accomplice)
    claim = account_services.claim_player_id(attacker, player_id=VICTIM_ID, display_name="Vic Tim")

    assert account_access.decidable_claims(accomplice) == []
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=accomplice, confirm=True)
    # ... nor a scorekeeper the attacker appoints at their own event.
    own = services.create_event(actor=attacker, name="Own Event")
    services.register_player(own, player=victim_reg.player, actor=attacker)
    services.assign_staff(own, user=accomplice, role=StaffRole.SCOREKEEPER, actor=attacker)
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=accomplice, confirm=True)
    assert PlayerProfile.objects.get(player_id=VICTIM_ID).user_id is None

    # The staff of the ID's home event (where the store first registered it) can confirm.
    assert [c.pk for c in account_access.decidable_claims(store_to)] == [claim.pk]
    account_services.decide_claim(claim, actor=store_to, confirm=True)
    assert PlayerProfile.objects.get(player_id=VICTIM_ID).user == attacker  # the store vouched


def test_staff_of_the_home_event_cannot_confirm_their_own_claim():
    _store, store_to, _reg = _store_event()
    claim = account_services.claim_player_id(store_to, player_id=VICTIM_ID, display_name="Vic Tim")
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=store_to, confirm=True)
    admin = UserFactory(username="site-admin", is_staff=True)
    own = account_services.claim_player_id(admin, player_id="GEM-ADMIN", display_name="Ad Min")
    with pytest.raises(NotAllowed):  # never the claimant, a site official included
        account_services.decide_claim(own, actor=admin, confirm=True)


def test_an_account_that_ever_staffed_the_home_event_proves_nothing_there():
    _store, store_to, _reg = _store_event()
    event = _store
    insider = UserFactory(username="ex-scorekeeper")
    assignment = services.assign_staff(event, user=insider, role=StaffRole.SCOREKEEPER, actor=store_to)
    services.end_staff_assignment(assignment, actor=store_to)
    claim = account_services.claim_player_id(insider, player_id=VICTIM_ID, display_name="Vic Tim")
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=store_to, confirm=True)


def test_a_profile_that_never_played_gets_no_home_from_its_first_registration_later():
    """An unlinked profile with no registration (made by an official, or its events deleted):
    whoever registers it first, days later, proves nothing; a site official decides."""
    lonely = PlayerProfile.objects.create(player_id="GEM-LONELY", display_name="Lone Ly")
    PlayerProfile.objects.filter(pk=lonely.pk).update(created_at=timezone.now() - timedelta(days=3))
    accomplice = UserFactory(username="accomplice")
    throwaway = services.create_event(actor=accomplice, name="Accomplice Event")
    services.register_player(throwaway, player=lonely, actor=accomplice)
    claim = account_services.claim_player_id(
        UserFactory(username="attacker"), player_id="GEM-LONELY", display_name="Lone Ly"
    )
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=accomplice, confirm=True)
    account_services.decide_claim(
        claim, actor=UserFactory(username="official", is_staff=True), confirm=False, reason="?"
    )


# --------------------------------------------------------------------------- (b) claim codes


def test_a_walk_in_code_with_someone_elses_id_links_only_the_walk_in():
    store, store_to, victim_reg = _store_event()
    accomplice = UserFactory(username="accomplice")
    throwaway = services.create_event(actor=accomplice, name="Accomplice Event")
    walk_in = services.register_walk_in(throwaway, actor=accomplice, display_name="Whoever")
    attacker = UserFactory(username="attacker")

    claimed = services.claim_registration(user=attacker, code=walk_in.player.claim_code, player_id=VICTIM_ID)

    victim = PlayerProfile.objects.get(player_id=VICTIM_ID)
    assert victim.user_id is None
    assert list(victim.registrations.values_list("pk", flat=True)) == [victim_reg.pk]
    assert claimed.profile.player_id.startswith("TMP-") and claimed.profile.user_id == attacker.pk
    assert Registration.objects.get(pk=walk_in.pk).player_id == claimed.profile.pk
    claim = PlayerIdClaim.objects.get(user=attacker, status=ClaimStatus.PENDING)
    assert claim.player_id == VICTIM_ID
    # The accomplice ran the walk-in's event, not the victim's home event.
    with pytest.raises(NotAllowed):
        account_services.decide_claim(claim, actor=accomplice, confirm=True)
    assert PlayerProfile.objects.get(player_id=VICTIM_ID).user_id is None


def test_staff_replacing_a_claimed_walk_in_id_do_not_hand_the_account_someone_elses_id():
    _store, _store_to, victim_reg = _store_event()
    accomplice = UserFactory(username="accomplice")
    throwaway = services.create_event(actor=accomplice, name="Accomplice Event")
    walk_in = services.register_walk_in(throwaway, actor=accomplice, display_name="Whoever")
    attacker = UserFactory(username="attacker")
    services.claim_registration(user=attacker, code=walk_in.player.claim_code)

    services.replace_temporary_id(walk_in, actor=accomplice, player_id=VICTIM_ID)

    victim = PlayerProfile.objects.get(player_id=VICTIM_ID)
    assert victim.user_id is None  # the registrations follow the ID, the account link does not
    assert not PlayerProfile.objects.filter(user=attacker).exists()
    assert PlayerIdClaim.objects.get(user=attacker, status=ClaimStatus.PENDING).player_id == VICTIM_ID
    assert AuditEntry.objects.filter(action="player.unlink_account", reason__contains=VICTIM_ID).exists()


def test_a_walk_in_merges_into_the_claimers_own_confirmed_profile():
    store, store_to, _reg = _store_event()
    player = UserFactory(username="regular")
    own = services.register_new_player(store, actor=store_to, player_id="GEM-OWN", display_name="Reg Ular")
    claim = account_services.claim_player_id(player, player_id="GEM-OWN", display_name="Reg Ular")
    account_services.decide_claim(claim, actor=store_to, confirm=True)
    other = services.create_event(actor=store_to, name="Next week")
    walk_in = services.register_walk_in(other, actor=store_to, display_name="Reg (forgot ID)")
    claimed = services.claim_registration(user=player, code=walk_in.player.claim_code)
    assert claimed.profile.pk == own.player_id
    assert Registration.objects.get(pk=walk_in.pk).player.player_id == "GEM-OWN"


# --------------------------------------------------------------------------- (c) self-registration


def test_self_registration_links_nothing_on_the_players_word():
    store, store_to, _reg = _store_event()
    _open_for_self_registration(store, store_to)
    attacker = UserFactory(username="attacker")
    web = Client()
    web.force_login(attacker)
    web.post(f"/events/{store.slug}/me/register/", {"player_id": "GEM-NEW-1", "display_name": "New"})
    api = APIClient()
    api.force_authenticate(attacker)
    api.post(f"/api/events/{store.slug}/players/", {"player_id": "GEM-NEW-2", "display_name": "New"})
    assert not PlayerProfile.objects.filter(user=attacker).exists()
    assert not PlayerProfile.objects.filter(player_id__in=["GEM-NEW-1", "GEM-NEW-2"]).exists()
    assert not Registration.objects.filter(event=store, player__player_id__startswith="GEM-NEW").exists()
    page = web.get(f"/events/{store.slug}/me/").content.decode()
    assert "data-registration-pending" in page and "GEM-NEW-2" in page


def _main(html: str, *ids: str) -> str:
    body = html.split("<main", 1)[1].split("</main>", 1)[0]
    for pid in ids:
        body = body.replace(pid, "<ID>")
    return body.split("csrfmiddlewaretoken")[0]


def test_self_registration_answers_the_same_whether_or_not_the_id_exists():
    store, store_to, _reg = _store_event()
    _open_for_self_registration(store, store_to)
    pages, bodies = [], []
    for n, pid in enumerate((VICTIM_ID, "GEM-NOBODY")):
        user = UserFactory(username=f"asker-{n}")
        web = Client()
        web.force_login(user)
        resp = web.post(
            f"/events/{store.slug}/me/register/", {"player_id": pid, "display_name": "Me"}, follow=True
        )
        pages.append((resp.status_code, _main(resp.content.decode(), pid)))
        api = APIClient()
        api.force_authenticate(UserFactory(username=f"api-asker-{n}"))
        resp = api.post(f"/api/events/{store.slug}/players/", {"player_id": pid, "display_name": "Me"})
        bodies.append((resp.status_code, {**resp.json(), "player_id": "<ID>"}))
    assert pages[0] == pages[1] and pages[0][0] == 200
    assert "belongs to another profile" not in pages[0][1]
    assert bodies[0] == bodies[1] and bodies[0][0] == 202


def test_the_claim_code_answers_the_same_whether_or_not_the_id_exists():
    store, store_to, _reg = _store_event()
    answers, pages = [], []
    for n, pid in enumerate((VICTIM_ID, "GEM-NOBODY")):
        for how in ("api", "web"):
            code = services.register_walk_in(
                store, actor=store_to, display_name=f"Walk In {n}{how}"
            ).player.claim_code
            user = UserFactory(username=f"walker-{n}-{how}")
            if how == "api":
                api = APIClient()
                api.force_authenticate(user)
                resp = api.post("/api/claim/", {"code": code, "player_id": pid}, format="json")
                body = resp.json()
                answers.append((resp.status_code, body["pending_player_id"] == pid, body["player_id"][:4]))
            else:
                web = Client()
                web.force_login(user)
                resp = web.post("/events/claim/", {"code": code, "player_id": pid})
                text = " ".join(str(m) for m in get_messages(resp.wsgi_request))
                temp = PlayerProfile.objects.get(user=user)
                pages.append(
                    text.replace(pid, "<ID>").replace(temp.player_id, "<TMP>").replace(f"{n}{how}", "")
                )
    assert answers[0] == answers[1] == (200, True, "TMP-")
    assert pages[0] == pages[1]
    assert PlayerProfile.objects.get(player_id=VICTIM_ID).user_id is None
    assert not PlayerProfile.objects.filter(player_id="GEM-NOBODY").exists()


# --------------------------------------------------------------------------- undoing a link


def test_a_site_official_undoes_a_link_with_a_reason_and_it_is_audited():
    store, store_to, _reg = _store_event()
    player = UserFactory(username="player")
    claim = account_services.claim_player_id(player, player_id=VICTIM_ID, display_name="Vic Tim")
    account_services.decide_claim(claim, actor=store_to, confirm=True)
    link = AuditEntry.objects.get(action="player.link_account")
    assert (link.actor, link.before["user"], link.after["user"]) == (store_to, None, "player")

    with pytest.raises(NotAllowed):  # not even the staff who confirmed it
        services.unlink_player_account(
            PlayerProfile.objects.get(player_id=VICTIM_ID), actor=store_to, reason="x"
        )
    store_api = APIClient()
    store_api.force_authenticate(store_to)
    refused = store_api.post("/api/player-links/unlink/", {"player_id": VICTIM_ID, "reason": "oops"})
    assert refused.status_code == 403

    admin = UserFactory(username="site-admin", is_staff=True)
    web = Client()
    web.force_login(admin)
    assert "data-unlink" in web.get("/accounts/").content.decode()
    web.post("/accounts/links/undo/", {"player_id": VICTIM_ID, "reason": "confirmed the wrong person"})
    assert PlayerProfile.objects.get(player_id=VICTIM_ID).user_id is None
    undo = AuditEntry.objects.get(action="player.unlink_account")
    assert (undo.actor, undo.before["user"], undo.after["user"], undo.reason) == (
        admin,
        "player",
        None,
        "confirmed the wrong person",
    )
    again = APIClient()
    again.force_authenticate(admin)
    assert again.post("/api/player-links/unlink/", {"player_id": VICTIM_ID, "reason": "x"}).status_code == 409


def test_every_claim_and_refusal_is_audited():
    store, store_to, _reg = _store_event()
    claim = account_services.claim_player_id(
        UserFactory(username="asker"), player_id=VICTIM_ID, display_name="V"
    )
    account_services.decide_claim(claim, actor=store_to, confirm=False, reason="not the person at the desk")
    made = AuditEntry.objects.get(action="account.claim")
    refused = AuditEntry.objects.get(action="account.claim_decided")
    assert made.after["user"] == "asker" and made.after["player_id"] == VICTIM_ID
    assert (refused.actor, refused.before["status"], refused.after["status"]) == (
        store_to,
        "pending",
        "refused",
    )


def test_the_admin_undoes_a_link_with_a_reason_and_cannot_edit_it():
    _store, store_to, _reg = _store_event()
    player = UserFactory(username="player")
    account_services.decide_claim(
        account_services.claim_player_id(player, player_id=VICTIM_ID, display_name="Vic Tim"),
        actor=store_to,
        confirm=True,
    )
    profile = PlayerProfile.objects.get(player_id=VICTIM_ID)
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    web = Client()
    web.force_login(admin)
    form = web.get(f"/admin/tournament/playerprofile/{profile.pk}/change/").content.decode()
    assert 'name="user"' not in form  # read-only: a link changes only through the audited paths
    web.post(
        "/admin/tournament/playerprofile/",
        {"action": "unlink_account", "_selected_action": [profile.pk], "reason": "wrong person", "index": 0},
    )
    profile.refresh_from_db()
    assert profile.user_id is None
    undo = AuditEntry.objects.get(action="player.unlink_account")
    assert (undo.actor, undo.reason) == (admin, "wrong person")


@pytest.mark.parametrize(
    "role",
    [
        StaffRole.ORGANIZER,
        StaffRole.HEAD_JUDGE,
        StaffRole.SCOREKEEPER,
        StaffRole.APPEALS_JUDGE,
        StaffRole.FLOOR_JUDGE,
    ],
)
def test_who_of_the_home_events_staff_confirms_a_link(role):
    """MANAGE_ROLES of the home event confirm; the other officials there, a player of the event
    and the organizer of another event do not (the roles come from tournament.enums)."""
    store, store_to, _reg = _store_event()
    official = UserFactory(username=f"official-{role}")
    if role == StaffRole.ORGANIZER:
        official = store_to
    else:
        services.assign_staff(store, user=official, role=role, actor=store_to)
    claim = account_services.claim_player_id(
        UserFactory(username="asker"), player_id=VICTIM_ID, display_name="V"
    )
    assert account_access.can_decide_claim(official, claim) is (role in MANAGE_ROLES)
    other_organizer = UserFactory(username="elsewhere")
    services.create_event(actor=other_organizer, name="Elsewhere")
    player = services.register_new_player(store, actor=store_to, player_id="GEM-P", display_name="P")
    player_user = UserFactory(username="p")
    PlayerProfile.objects.filter(pk=player.player_id).update(user=player_user)
    assert not account_access.can_decide_claim(other_organizer, claim)
    assert not account_access.can_decide_claim(player_user, claim)


def test_the_claims_api_answers_the_same_whether_or_not_the_id_exists():
    _store_event()
    answers = []
    for n, pid in enumerate((VICTIM_ID, "GEM-NOBODY")):
        api = APIClient()
        api.force_authenticate(UserFactory(username=f"asker-{n}"))
        resp = api.post("/api/player-id-claims/", {"player_id": pid, "display_name": "Me"}, format="json")
        body = resp.json()
        answers.append((resp.status_code, body["status"], body["player_id"] == pid, body["event"]))
    assert answers[0] == answers[1] == (202, "pending", True, None)
