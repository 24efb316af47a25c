"""Player privacy (issue 18): who sees player IDs, short public names, team invitations.

The expectations come from the role groups in ``tournament.enums`` (``PLAYER_ID_ROLES``), so
the matrix follows the access policy rather than a copy of it.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.tournament.test_api import client_for
from tournament import access, selectors, services
from tournament.enums import PLAYER_ID_ROLES, REL, FormatCode, MatchResult, StaffRole, TeamInvitationStatus
from tournament.models import TeamInvitation
from tournament.pdf import document_for

pytestmark = pytest.mark.django_db

STAFF = ("organizer", "head_judge", "appeals_judge", "floor_judge", "scorekeeper")
ROLES = ("anonymous", "outsider", "player", *STAFF)


@pytest.fixture
def played(staffed_event, add_players):
    """Four players with full names, round 1 published and played (standings exist)."""
    event = staffed_event["event"]
    regs = add_players(event, 4)
    for i, reg in enumerate(regs):
        reg.player.display_name = f"First{i} Last{i}"
        reg.player.save()
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    for m in rnd.matches.all():
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    appeals = UserFactory(username=f"appeals-{event.pk}")
    StaffAssignmentFactory(event=event, user=appeals, role=StaffRole.APPEALS_JUDGE)
    users = dict(staffed_event, anonymous=None, player=regs[0].player.user, appeals_judge=appeals)
    return {"event": event, "regs": regs, "users": users}


def _sees_all_ids(role: str) -> bool:
    return role in {str(r) for r in PLAYER_ID_ROLES}


def _ids(regs) -> set[str]:
    return {r.player.player_id for r in regs}


def _shown(text: str, regs) -> set[str]:
    return {pid for pid in _ids(regs) if pid in text}


def _expected(role: str, played) -> set[str]:
    if _sees_all_ids(role):
        return _ids(played["regs"])
    if role == "player":
        return {played["regs"][0].player.player_id}
    return set()


def _web_client(user) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


@pytest.mark.parametrize("role", ROLES)
def test_api_pairings_standings_and_my_standing_show_ids_to_staff_and_self_only(played, role):
    c = client_for(played["users"][role])
    slug = played["event"].slug
    me = played["regs"][0]
    answers = [
        c.get(f"/api/events/{slug}/rounds/1/matches/"),
        c.get(f"/api/events/{slug}/standings/"),
        c.get(f"/api/events/{slug}/players/{me.pk}/standing/"),
    ]
    assert [a.status_code for a in answers] == [200, 200, 200]
    shown = set().union(*(_shown(a.content.decode(), played["regs"]) for a in answers))
    expected = _expected(role, played)
    # my_standing names at most three players; the others' rows were never in that answer
    assert shown == expected
    rows = answers[1].json()
    assert all(
        (r["player_id"] is not None)
        == (_sees_all_ids(role) or r["registration_id"] == me.pk and role == "player")
        for r in rows
    )


@pytest.mark.parametrize("role", ROLES)
def test_exports_show_ids_to_staff_and_self_only(played, role):
    c = _web_client(played["users"][role])
    slug = played["event"].slug
    for what in ("standings", "results"):
        for fmt in ("csv", "json"):
            resp = c.get(f"/events/{slug}/export/{what}.{fmt}")
            assert resp.status_code == 200
            assert _shown(resp.content.decode(), played["regs"]) == _expected(role, played), (what, fmt)


@pytest.mark.parametrize("role", ROLES)
def test_public_pdfs_carry_ids_for_staff_only_and_slips_always(played, role):
    """Printed pairings and standings are one file for every non-staff reader (no IDs); the
    staff's copy and the match slips keep them."""
    user = played["users"][role] or AnonymousUser()  # a request's user, never None (the system)
    lens = access.document_lens(user, played["event"])
    assert lens.show_ids == _sees_all_ids(role)
    for kind in ("pairings-table", "pairings-name", "standings"):
        context = document_for(played["event"], kind, 1, lens=lens).context()
        text = json.dumps(context, default=str)
        assert _shown(text, played["regs"]) == (_ids(played["regs"]) if lens.show_ids else set()), kind
    slips = document_for(played["event"], "slips", 1, lens=access.public_lens(played["event"])).context()
    assert _shown(json.dumps(slips, default=str), played["regs"]) == _ids(played["regs"])


def test_pdf_route_without_ids_for_the_public_and_slips_for_staff_only(played):
    slug = played["event"].slug
    anon = _web_client(None)
    assert anon.get(f"/events/{slug}/pdf/standings/?round=1").status_code == 200
    assert anon.get(f"/events/{slug}/pdf/slips/?round=1").status_code == 403
    assert (
        _web_client(played["users"]["scorekeeper"]).get(f"/events/{slug}/pdf/slips/?round=1").status_code
        == 200
    )


def test_background_pdf_with_ids_is_not_served_to_the_public(played):
    from tournament import pdf_tasks

    event = played["event"]
    staff_job = pdf_tasks.start_pdf_job(
        event=event,
        kind="standings",
        round_number=1,
        site_url="http://x/",
        requested_by=played["users"]["head_judge"],
    )
    public_job = pdf_tasks.start_pdf_job(event=event, kind="standings", round_number=1, site_url="http://x/")
    assert staff_job.params["with_ids"] is True and public_job.params["with_ids"] is False
    anon = _web_client(None)
    base = f"/events/{event.slug}/pdf-jobs/"
    assert anon.get(f"{base}{staff_job.key.hex}/download/").status_code == 403
    assert anon.get(f"{base}{public_job.key.hex}/download/").status_code == 200
    assert (
        _web_client(played["users"]["organizer"]).get(f"{base}{staff_job.key.hex}/download/").status_code
        == 200
    )


@pytest.mark.parametrize("role", ROLES)
def test_pages_show_no_other_players_ids(played, role):
    c = _web_client(played["users"][role])
    slug = played["event"].slug
    for url in (f"/events/{slug}/", f"/events/{slug}/clock/", f"/events/{slug}/?round=1"):
        assert _shown(c.get(url).content.decode(), played["regs"]) == set(), url
    if role == "player":
        page = c.get(f"/events/{slug}/me/").content.decode()
        assert _shown(page, played["regs"]) == {played["regs"][0].player.player_id}  # mine, not my opponent's


def test_short_public_names_only_at_casual_events(played):
    event = played["event"]
    services.update_event(event, actor=played["users"]["organizer"], short_public_names=True)
    event.refresh_from_db()
    page = _web_client(None).get(f"/events/{event.slug}/").content.decode()
    assert "First1 L." in page and "First1 Last1" not in page
    standings = client_for(None).get(f"/api/events/{event.slug}/standings/").json()
    assert {r["name"] for r in standings} == {f"First{i} L." for i in range(4)}
    staff = client_for(played["users"]["scorekeeper"]).get(f"/api/events/{event.slug}/standings/").json()
    assert {r["name"] for r in staff} == {f"First{i} Last{i}" for i in range(4)}
    mine = client_for(played["users"]["player"]).get(f"/api/events/{event.slug}/standings/").json()
    assert "First0 Last0" in {r["name"] for r in mine} and "First1 L." in {r["name"] for r in mine}
    csv = _web_client(None).get(f"/events/{event.slug}/export/results.csv").content.decode()
    assert "Last1" not in csv and "First1 L." in csv
    with pytest.raises(Exception, match="Casual"):
        services.update_event(event, actor=played["users"]["organizer"], rel=REL.COMPETITIVE)
    competitive = EventFactory(rel=REL.COMPETITIVE, tier=2)
    with pytest.raises(Exception, match="Casual"):
        services.update_event(competitive, actor=None, short_public_names=True)


def test_short_name_rules():
    assert access.short_name("Ada Lovelace") == "Ada L."
    assert access.short_name("  jean de la fontaine ") == "jean F."
    assert access.short_name("Cher") == "Cher"


# --------------------------------------------------------------------------- team invitations


@pytest.fixture
def team_event(db):
    return EventFactory(format=FormatCode.TEAM_CC, swiss_rounds=3, top_cut=0)


def _team_body(name, ids):
    return {
        "team_name": name,
        "members": [{"player_id": pid, "position": pos} for pid, pos in zip(ids, "ABC")],
    }


def test_forming_a_team_answers_the_same_whether_ids_exist_or_not(team_event):
    me = PlayerProfileFactory()
    real = [PlayerProfileFactory(), PlayerProfileFactory()]
    real[1].banned = True  # a teammate's standing is not told to the player either
    real[1].save()
    c = client_for(me.user)
    slug = team_event.slug
    with_real = c.post(
        f"/api/events/{slug}/teams/",
        _team_body("Real", [me.player_id, *(p.player_id for p in real)]),
        format="json",
    )
    TeamInvitation.objects.all().delete()
    with_made_up = c.post(
        f"/api/events/{slug}/teams/", _team_body("Real", [me.player_id, "NOSUCH1", "NOSUCH2"]), format="json"
    )

    def shape(resp):
        return [(r["team_name"], r["position"], r["status"]) for r in resp.json()]

    assert with_real.status_code == with_made_up.status_code == 202
    assert shape(with_real) == shape(with_made_up)
    for resp in (with_real, with_made_up):
        body = resp.content.decode()
        assert all(p.display_name not in body and p.player_id not in body for p in real)


def test_invitee_alone_answers_and_the_last_acceptance_registers_the_team(team_event):
    me, mate, other = PlayerProfileFactory(), PlayerProfileFactory(), PlayerProfileFactory()
    stranger = PlayerProfileFactory()
    invitations = services.invite_team(
        team_event,
        team_name="Owls",
        members=[(me.player_id, "A"), (mate.player_id, "B"), (other.player_id, "C")],
        actor=me.user,
    )
    seat_b = invitations[1]
    # a stranger, and the one who invited, cannot answer for the teammate: 404 says nothing
    for user in (stranger.user, me.user):
        assert client_for(user).post(f"/api/team-invitations/{seat_b.pk}/accept/").status_code == 404
    assert client_for(None).post(f"/api/team-invitations/{seat_b.pk}/accept/").status_code == 401
    assert client_for(stranger.user).get("/api/team-invitations/").json() == []
    assert client_for(mate.user).post(f"/api/team-invitations/{seat_b.pk}/accept/").status_code == 200
    assert not team_event.registrations.exists()
    (seat_c,) = client_for(other.user).get("/api/team-invitations/").json()
    assert client_for(other.user).post(f"/api/team-invitations/{seat_c['id']}/accept/").status_code == 200
    assert sorted(team_event.registrations.values_list("team_position", flat=True)) == ["A", "B", "C"]
    assert client_for(other.user).post(f"/api/team-invitations/{seat_c['id']}/accept/").status_code == 409


def test_declining_cancels_the_team(team_event):
    me, mate, other = PlayerProfileFactory(), PlayerProfileFactory(), PlayerProfileFactory()
    invitations = services.invite_team(
        team_event,
        team_name="Owls",
        members=[(me.player_id, "A"), (mate.player_id, "B"), (other.player_id, "C")],
        actor=me.user,
    )
    assert (
        client_for(mate.user).post(f"/api/team-invitations/{invitations[1].pk}/decline/").status_code == 200
    )
    statuses = dict(TeamInvitation.objects.values_list("position", "status"))
    assert statuses == {
        "A": TeamInvitationStatus.CANCELLED,
        "B": TeamInvitationStatus.DECLINED,
        "C": TeamInvitationStatus.CANCELLED,
    }
    assert not team_event.registrations.exists()
    # the name is free again
    services.invite_team(
        team_event, team_name="Owls", members=[(me.player_id, "A"), ("X1", "B"), ("X2", "C")], actor=me.user
    )


def test_staff_still_register_a_team_at_once(team_event, user_factory):
    organizer = UserFactory()

    StaffAssignmentFactory(event=team_event, user=organizer, role="organizer")
    players = [PlayerProfileFactory() for _ in range(3)]
    resp = client_for(organizer).post(
        f"/api/events/{team_event.slug}/teams/",
        _team_body("Staffed", [p.player_id for p in players]),
        format="json",
    )
    assert resp.status_code == 201 and {r["player_id"] for r in resp.json()} == {p.player_id for p in players}


def test_a_player_must_include_themself(team_event):
    me = PlayerProfileFactory()
    resp = client_for(me.user).post(
        f"/api/events/{team_event.slug}/teams/", _team_body("T", ["X1", "X2", "X3"]), format="json"
    )
    assert resp.status_code == 403


def test_lens_unit_rules(played):
    event = played["event"]
    a, b = played["regs"][0], played["regs"][1]
    mine = access.player_lens(a.player.user, event)
    assert mine.player_id(a) == a.player.player_id and mine.player_id(b) is None
    assert access.player_lens(None, event).player_id(b) == b.player.player_id  # the system
    assert access.player_lens(played["users"]["floor_judge"], event).player_id(b) == b.player.player_id
    assert access.public_lens(event).player_id(a) is None
    other_event_staff = UserFactory()
    other = EventFactory()

    StaffAssignmentFactory(event=other, user=other_event_staff, role="organizer")
    assert access.player_lens(other_event_staff, event).player_id(b) is None  # staff of another event
    RegistrationFactory(event=other, player=b.player)
    assert selectors.standings_for_event(event)  # sanity: standings exist for the matrix above


def test_team_pages_form_a_team_and_answer_invitations(team_event):
    me, mate, other = PlayerProfileFactory(), PlayerProfileFactory(), PlayerProfileFactory()
    c = _web_client(me.user)
    page = c.get(f"/events/{team_event.slug}/me/").content.decode()
    assert 'id="form-team"' in page and f'value="{me.player_id}"' in page
    resp = c.post(
        f"/events/{team_event.slug}/me/team/",
        {
            "team_name": "Foxes",
            "member_A": me.player_id,
            "member_B": mate.player_id,
            "member_C": other.player_id,
        },
    )
    assert resp.status_code == 302
    for profile in (mate, other):
        mc = _web_client(profile.user)
        page = mc.get(f"/events/{team_event.slug}/me/").content.decode()
        assert "Foxes" in page and 'id="team-invitations"' in page
        invitation = TeamInvitation.objects.get(player_id=profile.player_id.upper())
        # someone else cannot answer for them
        assert (
            _web_client(me.user)
            .post(
                f"/events/{team_event.slug}/me/team/answer/",
                {"invitation": invitation.pk, "answer": "accept"},
            )
            .status_code
            == 404
        )
        assert (
            mc.post(
                f"/events/{team_event.slug}/me/team/answer/",
                {"invitation": invitation.pk, "answer": "accept"},
            ).status_code
            == 302
        )
    assert sorted(team_event.registrations.values_list("team_position", flat=True)) == ["A", "B", "C"]
