"""Check-in before round 1, the check-in desk (all, typed ID or name, QR token), walk-ins with a
temporary ID, replacing it with the real ID, and a walk-in claiming their registration."""

from __future__ import annotations

import pytest

from accounts import services as account_services
from accounts.enums import ClaimStatus
from accounts.models import PlayerIdClaim
from core.errors import ConflictError, DomainError
from core.models import AuditEntry
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.enums import MatchResult, RegistrationStatus, StaffRole
from tournament.models import Match, PlayerProfile, Registration

pytestmark = pytest.mark.django_db


def _event(**extra):
    event = EventFactory(swiss_rounds=3, top_cut=0, **extra)
    sk = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    return event, sk


def _players(event, names, status=RegistrationStatus.CHECKED_IN):
    return {
        n: RegistrationFactory(event=event, status=status, player=PlayerProfileFactory(display_name=n))
        for n in names
    }


def _paired_ids(round_) -> set[int]:
    ids = set()
    for m in Match.objects.filter(round=round_):
        ids.add(m.player_a_id)
        if m.player_b_id:
            ids.add(m.player_b_id)
    return ids


def test_round_one_refused_while_someone_has_not_checked_in():
    event, sk = _event(check_in_required=True)
    here = _players(event, ["Ana", "Ben", "Cleo", "Dev"])
    late = _players(event, ["Eve"], status=RegistrationStatus.REGISTERED)["Eve"]
    with pytest.raises(ConflictError) as exc:
        services.pair_next_round(event, actor=sk)
    assert exc.value.code == "not_checked_in"
    assert "Eve" in exc.value.message
    assert not event.rounds.exists()
    assert set(here) == {"Ana", "Ben", "Cleo", "Dev"}
    assert Registration.objects.get(pk=late.pk).status == RegistrationStatus.REGISTERED


def test_drop_choice_pairs_only_checked_in_players_and_is_recorded():
    event, sk = _event(check_in_required=True)
    here = _players(event, ["Ana", "Ben", "Cleo", "Dev"])
    late = _players(event, ["Eve"], status=RegistrationStatus.REGISTERED)["Eve"]
    rnd = services.pair_next_round(event, actor=sk, not_checked_in="drop")
    # Four checked-in players: two matches and nobody gets a bye because of the absent player.
    assert _paired_ids(rnd) == {r.pk for r in here.values()}
    assert not Match.objects.filter(round=rnd, player_b__isnull=True).exists()
    assert Registration.objects.get(pk=late.pk).status == RegistrationStatus.DROPPED
    entry = AuditEntry.objects.get(action="round.pair", event_id=event.pk)
    assert entry.after["not_checked_in"] == {"choice": "drop", "registrations": [late.pk]}
    assert entry.reason == "not checked in: drop"


def test_pair_anyway_choice_pairs_the_absent_player_and_is_recorded():
    event, sk = _event(check_in_required=True)
    _players(event, ["Ana", "Ben", "Cleo"])
    late = _players(event, ["Eve"], status=RegistrationStatus.REGISTERED)["Eve"]
    rnd = services.pair_next_round(event, actor=sk, not_checked_in="pair")
    assert late.pk in _paired_ids(rnd)
    entry = AuditEntry.objects.get(action="round.pair", event_id=event.pk)
    assert entry.after["not_checked_in"]["choice"] == "pair"


def test_event_without_check_in_pairs_registered_players_without_asking():
    event, sk = _event(check_in_required=False)
    regs = _players(event, ["Ana", "Ben", "Cleo", "Dev"], status=RegistrationStatus.REGISTERED)
    rnd = services.pair_next_round(event, actor=sk)
    assert _paired_ids(rnd) == {r.pk for r in regs.values()}


def test_check_in_setting_is_an_event_setting():
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="Friday", check_in_required=True)
    assert event.check_in_required is True
    event = services.update_event(event, actor=organizer, check_in_required=False)
    assert event.check_in_required is False
    assert AuditEntry.objects.filter(action="event.update", after={"check_in_required": False}).exists()


def test_check_in_all_checks_in_registered_players_only():
    event, sk = _event(check_in_required=True)
    regs = _players(event, ["Ana", "Ben"], status=RegistrationStatus.REGISTERED)
    waiting = _players(event, ["Cleo"], status=RegistrationStatus.WAITLISTED)["Cleo"]
    assert services.check_in_all(event, actor=sk) == 2
    assert {r.status for r in Registration.objects.filter(pk__in=[r.pk for r in regs.values()])} == {
        RegistrationStatus.CHECKED_IN
    }
    assert Registration.objects.get(pk=waiting.pk).status == RegistrationStatus.WAITLISTED
    assert AuditEntry.objects.filter(action="registration.check_in", event_id=event.pk).count() == 2


def test_check_in_by_typed_id_or_name():
    event, sk = _event(check_in_required=True)
    regs = _players(
        event, ["Ana Lovelace", "Ben Babbage", "Anabel Byron"], status=RegistrationStatus.REGISTERED
    )
    ben = services.check_in_by_text(event, actor=sk, text=regs["Ben Babbage"].player.player_id.lower())
    assert ben.pk == regs["Ben Babbage"].pk and ben.status == RegistrationStatus.CHECKED_IN
    assert services.check_in_by_text(event, actor=sk, text="lovelace").pk == regs["Ana Lovelace"].pk
    with pytest.raises(DomainError) as exc:
        services.check_in_by_text(event, actor=sk, text="ana")
    assert exc.value.code == "ambiguous"
    with pytest.raises(DomainError) as exc:
        services.check_in_by_text(event, actor=sk, text="Zed")
    assert exc.value.code == "not_found"


def test_check_in_token_names_its_registration_and_nothing_else():
    event, _sk = _event(check_in_required=True)
    reg = _players(event, ["Ana"], status=RegistrationStatus.REGISTERED)["Ana"]
    token = services.check_in_token(reg)
    assert services.registration_for_token(event, token).pk == reg.pk
    other_event, _ = _event()
    with pytest.raises(DomainError):
        services.registration_for_token(other_event, token)
    forged = token.replace(f".{reg.pk}:", f".{reg.pk + 1}:")
    with pytest.raises(DomainError):
        services.registration_for_token(event, forged)


def test_walk_in_gets_a_marked_temporary_id_and_a_claim_code():
    event, sk = _event(check_in_required=True)
    reg = services.register_walk_in(event, actor=sk, display_name="Walk In")
    profile = reg.player
    assert profile.is_temporary is True
    assert profile.player_id.startswith("TMP-")
    assert len(profile.claim_code) == 8
    assert reg.status == RegistrationStatus.CHECKED_IN
    assert AuditEntry.objects.filter(action="player.walk_in", event_id=event.pk).exists()


def test_walk_in_with_an_over_long_name_is_refused_by_name_not_a_server_error():
    """Found by the crawl on PostgreSQL (SQLite stores any length): the name is checked first."""
    event, sk = _event(check_in_required=True)
    with pytest.raises(DomainError, match="at most 120 characters"):
        services.register_walk_in(event, actor=sk, display_name="x" * 121)
    assert not event.registrations.exists()


def _play_round_one(event, sk):
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    for m in Match.objects.filter(round=rnd, player_b__isnull=False):
        services.enter_result(m, result=MatchResult.A_WINS, games_a=1, games_b=0, actor=sk)
    return rnd


def test_replacing_a_temporary_id_with_a_new_real_id_keeps_the_results():
    event, sk = _event()
    _players(event, ["Ana", "Ben", "Cleo"])
    walk_in = services.register_walk_in(event, actor=sk, display_name="Walk In")
    _play_round_one(event, sk)
    played = (
        Match.objects.filter(round__event=event).filter(player_a=walk_in).count()
        + Match.objects.filter(round__event=event, player_b=walk_in).count()
    )
    reg = services.replace_temporary_id(walk_in, actor=sk, player_id="GEM777")
    assert reg.pk == walk_in.pk
    assert reg.player.player_id == "GEM777" and reg.player.is_temporary is False
    assert played == 1
    assert (
        AuditEntry.objects.get(action="registration.replace_player_id", event_id=event.pk).after["player_id"]
        == "GEM777"
    )


def test_replacing_with_an_id_on_file_moves_the_registration_to_that_player():
    event, sk = _event()
    _players(event, ["Ana", "Ben", "Cleo"])
    known = PlayerProfileFactory(player_id="GEM555", display_name="Dana Known")
    walk_in = services.register_walk_in(event, actor=sk, display_name="Dana")
    _play_round_one(event, sk)
    temp_pk = walk_in.player_id
    reg = services.replace_temporary_id(walk_in, actor=sk, player_id="gem555")
    assert reg.pk == walk_in.pk and reg.player_id == known.pk
    assert not PlayerProfile.objects.filter(pk=temp_pk).exists()
    assert (
        Match.objects.filter(round__event=event, player_a=reg).count()
        + Match.objects.filter(round__event=event, player_b=reg).count()
        == 1
    )


def test_replacing_refuses_a_real_player_already_at_the_event():
    event, sk = _event()
    ana = _players(event, ["Ana"])["Ana"]
    walk_in = services.register_walk_in(event, actor=sk, display_name="Ana again")
    with pytest.raises(ConflictError):
        services.replace_temporary_id(walk_in, actor=sk, player_id=ana.player.player_id)


def test_a_normal_id_cannot_be_replaced_and_a_player_cannot_replace():
    event, sk = _event()
    ana = _players(event, ["Ana"])["Ana"]
    with pytest.raises(DomainError):
        services.replace_temporary_id(ana, actor=sk, player_id="GEM1")
    walk_in = services.register_walk_in(event, actor=sk, display_name="Walk In")
    with pytest.raises(DomainError):
        services.replace_temporary_id(walk_in, actor=ana.player.user, player_id="GEM1")


def test_walk_in_claims_with_the_code_and_gives_the_real_id():
    """The code links the walk-in's own temporary profile at once; the real ID waits for the
    staff of the walk-in's event, and their one confirmation gives the profile that ID."""
    event, sk = _event()
    walk_in = services.register_walk_in(event, actor=sk, display_name="Walk In")
    user = UserFactory()
    claimed = services.claim_registration(
        user=user, code=walk_in.player.claim_code.lower(), player_id="GEM888"
    )
    profile = claimed.profile
    assert profile.user_id == user.pk and claimed.pending_player_id == "GEM888"
    assert profile.player_id.startswith("TMP-") and profile.is_temporary is True
    assert profile.claim_code == ""
    assert Registration.objects.get(pk=walk_in.pk).player.user_id == user.pk
    with pytest.raises(DomainError):  # the code works once
        services.claim_registration(user=UserFactory(), code=walk_in.player.claim_code)
    claim = PlayerIdClaim.objects.get(user=user, status=ClaimStatus.PENDING)
    account_services.decide_claim(claim, actor=sk, confirm=True)
    profile.refresh_from_db()
    assert (profile.player_id, profile.is_temporary, profile.user_id) == ("GEM888", False, user.pk)


def test_claim_merges_into_the_profile_the_account_already_has():
    event, sk = _event()
    walk_in = services.register_walk_in(event, actor=sk, display_name="Walk In")
    code = walk_in.player.claim_code
    mine = PlayerProfileFactory(player_id="GEM999")
    claimed = services.claim_registration(user=mine.user, code=code)
    assert claimed.profile.pk == mine.pk and claimed.pending_player_id == ""
    assert Registration.objects.get(pk=walk_in.pk).player_id == mine.pk


def test_claim_with_a_wrong_code_is_refused():
    with pytest.raises(DomainError) as exc:
        services.claim_registration(user=UserFactory(), code="NOPE1234")
    assert exc.value.code == "not_found"


def test_api_pairs_with_the_explicit_choice(api_client):
    event, sk = _event(check_in_required=True)
    _players(event, ["Ana", "Ben"])
    _players(event, ["Eve"], status=RegistrationStatus.REGISTERED)
    api_client.force_authenticate(sk)
    url = f"/api/events/{event.slug}/rounds/"
    refused = api_client.post(url, {}, format="json")
    assert refused.status_code == 409
    assert "Eve" in refused.json()["detail"] or "Eve" in str(refused.json())
    paired = api_client.post(url, {"not_checked_in": "drop"}, format="json")
    assert paired.status_code == 201


def test_api_check_in_desk_walk_in_replace_id_and_claim(api_client):
    event, sk = _event(check_in_required=True)
    regs = _players(event, ["Ana", "Ben"], status=RegistrationStatus.REGISTERED)
    api_client.force_authenticate(sk)
    base = f"/api/events/{event.slug}"
    one = api_client.post(f"{base}/check-in/", {"q": "ana"}, format="json")
    assert one.status_code == 200 and one.json()["registration"]["name"] == "Ana"
    everyone = api_client.post(f"{base}/check-in/", {"all": True}, format="json")
    assert everyone.json()["checked_in"] == 1
    assert Registration.objects.get(pk=regs["Ben"].pk).status == RegistrationStatus.CHECKED_IN
    walk = api_client.post(f"{base}/walk-ins/", {"display_name": "Wes"}, format="json")
    assert walk.status_code == 201
    body = walk.json()
    assert body["temporary_id"].startswith("TMP-") and len(body["claim_code"]) == 8
    reg_id = body["registration"]["id"]
    walk_in = Registration.objects.get(pk=reg_id)
    assert (
        body["phone_page"] == f"http://testserver/events/{event.slug}/phone/{services.phone_token(walk_in)}/"
    )
    assert body["slip"] == f"http://testserver/events/{event.slug}/staff/walk-in/{reg_id}/slip/"
    replaced = api_client.post(
        f"{base}/players/{reg_id}/replace-id/", {"player_id": "GEM4321"}, format="json"
    )
    assert replaced.status_code == 200 and replaced.json()["player_id"] == "GEM4321"
    user = UserFactory()
    api_client.force_authenticate(user)
    claimed = api_client.post("/api/claim/", {"code": body["claim_code"]}, format="json")
    # Staff already wrote the real ID on the walk-in: the code asks for it, the staff confirm.
    assert claimed.status_code == 200 and claimed.json()["pending_player_id"] == "GEM4321"
    assert PlayerProfile.objects.get(player_id="GEM4321").user_id is None
    account_services.decide_claim(PlayerIdClaim.objects.get(user=user), actor=sk, confirm=True)
    assert PlayerProfile.objects.get(player_id="GEM4321").user_id == user.pk


def test_players_cannot_use_the_check_in_desk(api_client):
    event, _sk = _event(check_in_required=True)
    regs = _players(event, ["Ana", "Ben"], status=RegistrationStatus.REGISTERED)
    api_client.force_authenticate(regs["Ana"].player.user)
    base = f"/api/events/{event.slug}"
    assert api_client.post(f"{base}/check-in/", {"all": True}, format="json").status_code == 403
    assert api_client.post(f"{base}/walk-ins/", {"display_name": "X"}, format="json").status_code == 403
    assert Registration.objects.get(pk=regs["Ben"].pk).status == RegistrationStatus.REGISTERED


def test_check_in_code_page_checks_in_on_the_button_only(client):
    event, sk = _event(check_in_required=True)
    reg = _players(event, ["Ana"], status=RegistrationStatus.REGISTERED)["Ana"]
    url = f"/events/{event.slug}/staff/check-in/{services.check_in_token(reg)}/"
    client.force_login(sk)
    page = client.get(url)
    assert page.status_code == 200 and "Check in Ana" in page.content.decode()
    assert Registration.objects.get(pk=reg.pk).status == RegistrationStatus.REGISTERED
    client.post(url)
    assert Registration.objects.get(pk=reg.pk).status == RegistrationStatus.CHECKED_IN
    assert client.get(f"/events/{event.slug}/staff/check-in/bogus/").status_code == 400
    client.force_login(reg.player.user)  # a player opening someone's code is not staff
    assert client.get(url).status_code in (403, 404)


def test_player_page_shows_the_check_in_code_until_checked_in(client):
    event, _sk = _event(check_in_required=True)
    reg = _players(event, ["Ana"], status=RegistrationStatus.REGISTERED)["Ana"]
    client.force_login(reg.player.user)
    assert "data-check-in-qr" in client.get(f"/events/{event.slug}/me/").content.decode()
    services.check_in(reg, actor=reg.player.user)
    assert "data-check-in-qr" not in client.get(f"/events/{event.slug}/me/").content.decode()


def test_settings_form_and_event_page_say_whether_the_event_uses_check_in(client):
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="Friday")
    client.force_login(organizer)
    form = client.get(f"/events/{event.slug}/edit/").content.decode()
    assert 'name="check_in_required"' in form and "Players check in before round 1" in form
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "No check-in: every registered player is paired" in page
    services.update_event(event, actor=organizer, check_in_required=True)
    assert "Check-in before round 1" in client.get(f"/events/{event.slug}/").content.decode()


def test_claim_page_links_the_walk_in_to_the_logged_in_player(client):
    event, sk = _event()
    walk_in = services.register_walk_in(event, actor=sk, display_name="Walk In")
    user = UserFactory()
    client.force_login(user)
    assert client.get("/events/claim/").status_code == 200
    answer = client.post("/events/claim/", {"code": walk_in.player.claim_code, "player_id": "GEM2468"})
    assert answer.status_code == 302 and answer["Location"] == f"/events/{event.slug}/me/"
    me = client.get(f"/events/{event.slug}/me/").content.decode()
    assert "GEM2468" in me and "Walk In" in me
    wrong = client.post("/events/claim/", {"code": "WRONG999"})
    assert wrong.status_code == 200 and "no registration has this claim code" in wrong.content.decode()


def test_the_desk_names_a_self_registration_waiting_for_its_player_id():
    """A store evening: the player registered themself on their phone; the scorekeeper types
    their ID at the check-in box, is told to confirm it, confirms, and checks them in."""
    event, sk = _event(check_in_required=True, allow_self_registration=True, status="registration")
    player = UserFactory()
    services.request_self_registration(event, user=player, player_id="GEM-2024", display_name="Nia")
    with pytest.raises(DomainError) as exc:
        services.check_in_by_text(event, actor=sk, text="gem-2024")
    assert exc.value.code == "pending_link" and "Nia (GEM-2024)" in exc.value.message
    account_services.decide_claim(PlayerIdClaim.objects.get(user=player), actor=sk, confirm=True)
    reg = services.check_in_by_text(event, actor=sk, text="GEM-2024")
    assert (reg.player.user_id, reg.status) == (player.pk, RegistrationStatus.CHECKED_IN)
