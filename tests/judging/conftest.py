"""Arrangements shared by the judging tests: an event with staff, a round and a match."""

from types import SimpleNamespace

import pytest

from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import REL, RoundStatus, StaffRole


def make_world(rel=REL.COMPETITIVE, games_per_match=2, **event_kw):
    event = EventFactory(rel=rel, games_per_match=games_per_match, round_minutes=55, **event_kw)
    hj = UserFactory(username=f"hj-{event.slug}")
    fj = UserFactory(username=f"fj-{event.slug}")
    to = UserFactory(username=f"to-{event.slug}")
    sk = UserFactory(username=f"sk-{event.slug}")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    StaffAssignmentFactory(event=event, user=fj, role=StaffRole.FLOOR_JUDGE)
    StaffAssignmentFactory(event=event, user=to, role=StaffRole.ORGANIZER)
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.IN_PROGRESS)
    alice = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Alice"))
    bob = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bob"))
    match = MatchFactory(round=rnd, table_number=1, player_a=alice, player_b=bob)
    return SimpleNamespace(
        event=event, hj=hj, fj=fj, to=to, sk=sk, round=rnd, alice=alice, bob=bob, match=match
    )


@pytest.fixture
def world(db):
    return make_world()


@pytest.fixture
def world_factory(db):
    return make_world


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Test users only: hashing with PBKDF2 dominates these tests' run time."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
