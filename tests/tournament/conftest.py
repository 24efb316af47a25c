"""Fixtures for the tournament tests: an event with one user per staff role, and players."""

from __future__ import annotations

import pytest

from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import RegistrationStatus, StaffRole


@pytest.fixture
def staffed_event(db):
    """An Armory event with an organizer, head judge, floor judge and scorekeeper.

    Returns a dict: ``event`` and one user per role key (``organizer``, ``head_judge``,
    ``floor_judge``, ``scorekeeper``), plus ``outsider`` (a logged-in stranger).
    """
    event = EventFactory(swiss_rounds=3, top_cut=0)
    out = {"event": event}
    for role in (StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.FLOOR_JUDGE, StaffRole.SCOREKEEPER):
        user = UserFactory(username=f"{role.value}-{event.pk}")
        StaffAssignmentFactory(event=event, user=user, role=role)
        out[role.value] = user
    out["outsider"] = UserFactory(username=f"outsider-{event.pk}")
    return out


@pytest.fixture
def add_players(db):
    """``add_players(event, n)`` -> list of checked-in registrations with user accounts."""

    def make(event, n, status=RegistrationStatus.CHECKED_IN):
        return [
            RegistrationFactory(event=event, player=PlayerProfileFactory(), status=status) for _ in range(n)
        ]

    return make
