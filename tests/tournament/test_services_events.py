"""Events, staff and registration services."""

import pytest

from core.audit import audit_trail_for
from core.errors import ConflictError, DomainError, NotAllowed
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.enums import (
    REL,
    EventType,
    FormatCode,
    RegistrationStatus,
    StaffRole,
)
from tournament.models import Registration, StaffAssignment

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------------ event defaults


@pytest.mark.parametrize(
    ("fmt", "trp", "minutes"),
    [
        (FormatCode.CLASSIC_CONSTRUCTED, "2025", 55),
        (FormatCode.BLITZ, "2025", 35),
        (FormatCode.SEALED, "2025", 35),
        (FormatCode.SEALED, "2023", 30),
        (FormatCode.DRAFT, "2023", 30),
        (FormatCode.IRA, "2025", 30),
        (FormatCode.LIVING_LEGEND, "2025", 55),
        (FormatCode.COMMONER, "2025", 35),
    ],
)
def test_create_event_round_length_defaults_to_trp_appendix_c(fmt, trp, minutes):
    event = services.create_event(actor=UserFactory(), name="E", format=fmt, trp_version=trp)
    assert event.round_minutes == minutes


@pytest.mark.parametrize(
    ("event_type", "tier", "rel", "decklists", "deck_checks"),
    [
        (EventType.ARMORY, 1, REL.CASUAL, False, False),
        (EventType.SKIRMISH, 1, REL.CASUAL, False, False),
        (EventType.PROQUEST, 2, REL.COMPETITIVE, True, True),
        (EventType.CALLING, 3, REL.COMPETITIVE, True, True),
        (EventType.PRO_TOUR, 4, REL.PROFESSIONAL, True, True),
    ],
)
def test_create_event_tier_rel_decklists_deck_checks_follow_appendix_a_e_and_3_8(
    event_type, tier, rel, decklists, deck_checks
):
    event = services.create_event(actor=UserFactory(), name="E", event_type=event_type)
    assert (event.tier, event.rel, event.decklists_required, event.regular_deck_checks) == (
        tier,
        rel,
        decklists,
        deck_checks,
    )


def test_create_event_pins_default_rules_versions_and_makes_creator_organizer():
    user = UserFactory()
    event = services.create_event(actor=user, name="Friday Armory")
    assert (event.trp_version, event.ppg_version, event.cr_version) == ("2025", "2023", "2.13.0")
    assert event.slug == "friday-armory"
    assert list(StaffAssignment.objects.filter(event=event).values_list("user", "role")) == [
        (user.pk, "organizer")
    ]
    assert [e.action for e in audit_trail_for(event)][-1] == "event.create"


def test_create_event_ira_never_requires_decklists():
    event = services.create_event(actor=UserFactory(), name="E", format=FormatCode.IRA, rel=REL.COMPETITIVE)
    assert event.decklists_required is False


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"format": "poker"}, "format"),
        ({"tier": 5}, "tier"),
        ({"game": "ga", "format": "cc"}, "format"),
        ({"top_cut": 6}, "top_cut"),
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"capacity": 1}, "capacity"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_create_event_rejects_bad_values_naming_the_field(fields, field):
    with pytest.raises(DomainError) as exc:
        services.create_event(actor=UserFactory(), name="E", **fields)
    assert exc.value.field == field


def test_create_event_duplicate_slug_is_a_conflict():
    services.create_event(actor=UserFactory(), name="E", slug="same")
    with pytest.raises(ConflictError):
        services.create_event(actor=UserFactory(), name="E", slug="same")


def test_update_event_records_before_and_after(staffed_event):
    event, org = staffed_event["event"], staffed_event["organizer"]
    services.update_event(event, actor=org, round_minutes=50, venue="Back room")
    entry = audit_trail_for(event).first()
    assert entry.action == "event.update"
    assert entry.before == {"round_minutes": 55, "venue": ""}
    assert entry.after == {"round_minutes": 50, "venue": "Back room"}


def test_update_event_rules_versions_are_pinned_once_pairings_exist(staffed_event):
    event = staffed_event["event"]
    RoundFactory(event=event, number=1)
    with pytest.raises(ConflictError):
        services.update_event(event, actor=staffed_event["organizer"], trp_version="2023")


@pytest.mark.parametrize("role", ["floor_judge", "scorekeeper", "outsider"])
def test_update_event_refused_for_other_roles(staffed_event, role):
    with pytest.raises(NotAllowed):
        services.update_event(staffed_event["event"], actor=staffed_event[role], venue="x")


def test_set_event_days_stores_rel_per_day():
    event = EventFactory(event_type=EventType.CALLING, tier=3, rel=REL.COMPETITIVE)
    services.set_event_days(
        event,
        actor=None,
        days=[
            {"number": 1, "rel": REL.COMPETITIVE, "swiss_rounds": 8, "cut_size": 64, "cut_max_losses": 2},
            {"number": 2, "rel": REL.PROFESSIONAL, "swiss_rounds": 5},
        ],
    )
    assert list(event.days.values_list("number", "rel")) == [(1, "competitive"), (2, "professional")]
    assert services.rel_for_round(event, 1) == "competitive"


def test_set_event_days_rejects_gaps():
    with pytest.raises(DomainError):
        services.set_event_days(EventFactory(), actor=None, days=[{"number": 2, "rel": "casual"}])


# ------------------------------------------------------------------ staff eligibility


def _event(tier, event_type):
    event = EventFactory(tier=tier, event_type=event_type)
    org = UserFactory()
    StaffAssignmentFactory(event=event, user=org, role=StaffRole.ORGANIZER)
    return event, org


@pytest.mark.parametrize(
    ("tier", "event_type", "allowed"),
    [
        (1, EventType.ARMORY, True),
        (1, EventType.SKIRMISH, False),
        (2, EventType.PROQUEST, False),
        (3, EventType.CALLING, False),
    ],
)
def test_a_registered_player_as_official_follows_trp_1_4(tier, event_type, allowed):
    event, org = _event(tier, event_type)
    player = PlayerProfileFactory()
    services.register_player(event, player=player, actor=None)
    if allowed:
        services.assign_staff(event, user=player.user, role=StaffRole.FLOOR_JUDGE, actor=org)
    else:
        with pytest.raises(DomainError, match="TR&P 1.4"):
            services.assign_staff(event, user=player.user, role=StaffRole.FLOOR_JUDGE, actor=org)


@pytest.mark.parametrize(
    ("tier", "event_type", "allowed"),
    [
        (1, EventType.ARMORY, True),
        (1, EventType.SKIRMISH, False),
        (2, EventType.ROAD_TO_NATIONALS, False),
    ],
)
def test_an_official_registering_as_player_follows_trp_1_4(tier, event_type, allowed):
    event, org = _event(tier, event_type)
    player = PlayerProfileFactory(user=org)
    if allowed:
        assert services.register_player(event, player=player, actor=org).status == "registered"
    else:
        with pytest.raises(DomainError, match="TR&P 1.4"):
            services.register_player(event, player=player, actor=org)


@pytest.mark.parametrize(("tier", "allowed"), [(1, True), (2, False), (4, False)])
def test_organizer_as_judge_follows_trp_2_1(tier, allowed):
    event, org = _event(tier, EventType.OTHER)
    if allowed:
        services.assign_staff(event, user=org, role=StaffRole.HEAD_JUDGE, actor=org)
    else:
        with pytest.raises(DomainError, match="TR&P 2.1"):
            services.assign_staff(event, user=org, role=StaffRole.FLOOR_JUDGE, actor=org)


def test_a_judge_cannot_become_organizer_at_tier_2():
    event, org = _event(2, EventType.PROQUEST)
    judge = UserFactory()
    services.assign_staff(event, user=judge, role=StaffRole.FLOOR_JUDGE, actor=org)
    with pytest.raises(DomainError, match="TR&P 2.1"):
        services.assign_staff(event, user=judge, role=StaffRole.ORGANIZER, actor=org)


def test_only_one_head_judge(staffed_event):
    with pytest.raises(DomainError, match="head judge"):
        services.assign_staff(
            staffed_event["event"],
            user=UserFactory(),
            role=StaffRole.HEAD_JUDGE,
            actor=staffed_event["organizer"],
        )


def test_appeals_judges_may_be_added_and_same_role_twice_conflicts(staffed_event):
    event, org = staffed_event["event"], staffed_event["organizer"]
    judge = UserFactory()
    services.assign_staff(event, user=judge, role=StaffRole.APPEALS_JUDGE, actor=org)
    with pytest.raises(ConflictError):
        services.assign_staff(event, user=judge, role=StaffRole.APPEALS_JUDGE, actor=org)


@pytest.mark.parametrize("role", ["head_judge", "floor_judge", "scorekeeper", "outsider"])
def test_only_the_organizer_assigns_staff(staffed_event, role):
    with pytest.raises(NotAllowed):
        services.assign_staff(
            staffed_event["event"], user=UserFactory(), role=StaffRole.SCOREKEEPER, actor=staffed_event[role]
        )


def test_end_staff_assignment_keeps_the_row_and_the_last_organizer(staffed_event):
    event, org = staffed_event["event"], staffed_event["organizer"]
    fj = StaffAssignment.objects.get(event=event, role=StaffRole.FLOOR_JUDGE)
    services.end_staff_assignment(fj, actor=org)
    fj.refresh_from_db()
    assert fj.ended_at is not None
    with pytest.raises(DomainError):
        services.end_staff_assignment(StaffAssignment.objects.get(event=event, role="organizer"), actor=org)


# ------------------------------------------------------------------ players and registration


def test_player_id_must_be_unique_and_well_formed():
    services.create_player_profile(actor=None, player_id="12345", display_name="Ana")
    with pytest.raises(ConflictError):
        services.create_player_profile(actor=None, player_id="12345", display_name="Bo")
    with pytest.raises(DomainError) as exc:
        services.create_player_profile(actor=None, player_id="12 345!", display_name="Bo")
    assert exc.value.field == "player_id"


def test_self_registration_and_staff_registration(staffed_event):
    event = staffed_event["event"]
    me = PlayerProfileFactory()
    other = PlayerProfileFactory()
    assert services.register_player(event, player=me, actor=me.user).status == "registered"
    assert (
        services.register_player(event, player=other, actor=staffed_event["scorekeeper"]).status
        == "registered"
    )
    with pytest.raises(NotAllowed):
        services.register_player(event, player=PlayerProfileFactory(), actor=me.user)
    with pytest.raises(ConflictError):
        services.register_player(event, player=me, actor=me.user)


def test_capacity_waitlist_and_promotion_when_someone_leaves(staffed_event):
    event = staffed_event["event"]
    event.capacity = 2
    event.save()
    p1, p2, p3, p4 = (PlayerProfileFactory() for _ in range(4))
    r1 = services.register_player(event, player=p1, actor=p1.user)
    services.register_player(event, player=p2, actor=p2.user)
    r3 = services.register_player(event, player=p3, actor=p3.user)
    r4 = services.register_player(event, player=p4, actor=p4.user)
    assert (r3.status, r4.status) == ("waitlisted", "waitlisted")
    services.drop_registration(r1, actor=p1.user)
    r3.refresh_from_db()
    r4.refresh_from_db()
    assert (r3.status, r4.status) == ("registered", "waitlisted")
    assert [e.action for e in audit_trail_for(r3)][0] == "registration.promote"


def test_check_in_by_player_or_staff_only(staffed_event, add_players):
    event = staffed_event["event"]
    reg = add_players(event, 1, status=RegistrationStatus.REGISTERED)[0]
    with pytest.raises(NotAllowed):
        services.check_in(reg, actor=staffed_event["outsider"])
    reg = services.check_in(reg, actor=reg.player.user)
    assert reg.status == "checked_in" and reg.checked_in_at is not None


def test_drop_before_first_pairings_is_not_listed_in_standings(staffed_event, add_players):
    event = staffed_event["event"]
    regs = add_players(event, 3)
    services.drop_registration(regs[0], actor=staffed_event["scorekeeper"])
    regs[0].refresh_from_db()
    assert regs[0].status == "dropped" and regs[0].dropped_in_round is None


def test_reentry_is_for_the_head_judge_only(staffed_event, add_players):
    event = staffed_event["event"]
    reg = add_players(event, 1)[0]
    services.drop_registration(reg, actor=reg.player.user)
    for role in ("organizer", "scorekeeper", "floor_judge"):
        with pytest.raises(NotAllowed, match="TR&P 3.6"):
            services.reenter_registration(reg, actor=staffed_event[role])
    reg = services.reenter_registration(reg, actor=staffed_event["head_judge"], reason="came back")
    assert reg.status == "checked_in"


def test_disqualification_needs_head_judge_and_reason(staffed_event, add_players):
    event = staffed_event["event"]
    reg = add_players(event, 1)[0]
    with pytest.raises(NotAllowed):
        services.disqualify_registration(reg, actor=staffed_event["scorekeeper"], reason="x")
    with pytest.raises(DomainError):
        services.disqualify_registration(reg, actor=staffed_event["head_judge"], reason=" ")
    reg = services.disqualify_registration(reg, actor=staffed_event["head_judge"], reason="cheating")
    assert reg.status == "disqualified"
    assert Registration.objects.get(pk=reg.pk).disqualified_at is not None


def test_self_registration_closed_once_pairings_exist_and_late_entry_by_staff(staffed_event, add_players):
    event = staffed_event["event"]
    RoundFactory(event=event, number=1, status="complete")
    p = PlayerProfileFactory()
    with pytest.raises(DomainError):
        services.register_player(event, player=p, actor=p.user)
    with pytest.raises(DomainError, match="late"):
        services.register_player(event, player=p, actor=staffed_event["scorekeeper"])
    reg = services.register_player(event, player=p, actor=staffed_event["scorekeeper"], late_entry=True)
    assert reg.joined_in_round == 2


def test_create_event_pins_the_active_card_release_of_its_game():
    from cards.models import CardDataRelease

    fab = CardDataRelease.objects.create(game="fab", source="fabrary-cards", version="1", is_active=True)
    ga = CardDataRelease.objects.create(game="ga", source="ga-index", version="1", is_active=True)
    assert services.create_event(actor=UserFactory(), name="E").card_release == fab
    assert (
        services.create_event(actor=UserFactory(), name="G", format=FormatCode.GA_STANDARD).card_release == ga
    )
    with pytest.raises(DomainError):
        services.create_event(actor=UserFactory(), name="X", card_release=ga)


def test_raising_capacity_promotes_the_waitlist_in_order(staffed_event):
    event = staffed_event["event"]
    event.capacity = 2
    event.save()
    regs = [
        services.register_player(event, player=p, actor=None) for p in PlayerProfileFactory.create_batch(5)
    ]
    assert [r.status for r in regs] == ["registered"] * 2 + ["waitlisted"] * 3
    services.update_event(event, actor=staffed_event["organizer"], capacity=4)
    assert [Registration.objects.get(pk=r.pk).status for r in regs] == ["registered"] * 4 + ["waitlisted"]


@pytest.mark.parametrize(
    ("tier", "rel", "banned", "suspended", "approved", "allowed"),
    [
        (1, REL.CASUAL, True, False, True, False),
        (1, REL.CASUAL, False, True, False, False),
        (1, REL.CASUAL, False, True, True, True),
        (1, REL.COMPETITIVE, False, True, True, False),
        (2, REL.CASUAL, False, True, True, False),
        (2, REL.COMPETITIVE, False, False, False, True),
    ],
)
def test_banned_and_suspended_players_follow_trp_1_4(tier, rel, banned, suspended, approved, allowed):
    import datetime

    event = EventFactory(tier=tier, rel=rel)
    org = UserFactory()
    StaffAssignmentFactory(event=event, user=org, role=StaffRole.ORGANIZER)
    until = datetime.date.today() + datetime.timedelta(days=30) if suspended else None
    player = PlayerProfileFactory(banned=banned, suspended_until=until)
    if allowed:
        services.register_player(event, player=player, actor=org, approved=approved)
    else:
        with pytest.raises(DomainError, match="TR&P 1.4"):
            services.register_player(event, player=player, actor=org, approved=approved)


def test_a_suspended_person_cannot_be_an_official(staffed_event):
    import datetime

    player = PlayerProfileFactory(suspended_until=datetime.date.today())
    with pytest.raises(DomainError, match="TR&P 1.4"):
        services.assign_staff(
            staffed_event["event"],
            user=player.user,
            role=StaffRole.FLOOR_JUDGE,
            actor=staffed_event["organizer"],
        )


def test_an_expired_suspension_no_longer_blocks():
    import datetime

    player = PlayerProfileFactory(suspended_until=datetime.date.today() - datetime.timedelta(days=1))
    assert services.register_player(EventFactory(), player=player, actor=player.user).status == "registered"
