import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction

from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
)
from tournament.enums import EventType, StaffRole

pytestmark = pytest.mark.django_db


def test_factories_build_a_match_between_two_registrations_of_one_event():
    match = MatchFactory()
    assert match.player_a.event_id == match.round.event_id == match.player_b.event_id
    assert not match.is_bye
    assert not match.is_complete
    assert "v" in str(match)


def test_player_id_is_unique():
    PlayerProfileFactory(player_id="GEM1")
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerProfileFactory(player_id="GEM1")


def test_registration_is_unique_per_event_and_player():
    reg = RegistrationFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationFactory(event=reg.event, player=reg.player)


def test_round_number_is_unique_per_event():
    rnd = RoundFactory(number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(event=rnd.event, number=1)


def test_only_one_active_head_judge_per_event():
    hj = StaffAssignmentFactory(role=StaffRole.HEAD_JUDGE)
    with pytest.raises(IntegrityError), transaction.atomic():
        StaffAssignmentFactory(event=hj.event, role=StaffRole.HEAD_JUDGE)


@pytest.mark.parametrize(
    ("tier", "event_type", "cannot_play", "cannot_judge"),
    [
        (1, EventType.ARMORY, False, False),
        (1, EventType.SKIRMISH, True, False),
        (2, EventType.PROQUEST, True, True),
        (4, EventType.WORLDS, True, True),
    ],
)
def test_event_official_separation_flags_follow_trp_2_1(tier, event_type, cannot_play, cannot_judge):
    event = EventFactory(tier=tier, event_type=event_type)
    assert (event.officials_cannot_play, event.organizer_cannot_judge) == (cannot_play, cannot_judge)


def test_migrations_are_complete_for_tournament():
    call_command("makemigrations", "tournament", "--check", "--dry-run", verbosity=0)


def test_event_can_pin_a_card_release():
    from tests.factories import CardDataReleaseFactory

    release = CardDataReleaseFactory(is_active=True)
    event = EventFactory(card_release=release)
    assert event.card_release.game == "fab"


@pytest.mark.parametrize(
    "model", ["event", "registration", "round", "match", "playerprofile", "staffassignment"]
)
def test_admin_changelists_render(admin_client, model):
    MatchFactory()
    assert admin_client.get(f"/admin/tournament/{model}/").status_code == 200
