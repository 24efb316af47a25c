"""The one access policy: the role vocabulary, ``require_role`` and the predicates.

The permission-matrix tests (test_permissions_audit.py here and in judging and decklists)
take their expected roles from the vocabulary; this file pins the vocabulary itself so a
change to who may do what is a deliberate, reviewed edit.
"""

from __future__ import annotations

import pytest

from core.errors import NotAllowed
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import access
from tournament.enums import (
    CALL_EXTENSION_ROLES,
    CALL_READ_ROLES,
    CLOCK_ROLES,
    EVENT_EDIT_ROLES,
    HEAD_ROLES,
    JUDGE_ROLES,
    MANAGE_ROLES,
    OFFICIAL_ROLES,
    PENALTY_READ_ROLES,
    PLAYER_ID_ROLES,
    RECONSTRUCTION_ROLES,
    REPORT_ROLES,
    RESULT_ROLES,
    STAFF_ADMIN_ROLES,
)

TO, HJ, AJ, FJ, SK = "organizer", "head_judge", "appeals_judge", "floor_judge", "scorekeeper"


@pytest.mark.parametrize(
    ("roles", "expected"),
    [
        (OFFICIAL_ROLES, {TO, HJ, AJ, FJ, SK}),
        (JUDGE_ROLES, {HJ, AJ, FJ}),
        (HEAD_ROLES, {HJ, AJ}),
        (RESULT_ROLES, {TO, HJ, AJ, SK}),
        (MANAGE_ROLES, {TO, HJ, SK}),
        (EVENT_EDIT_ROLES, {TO, HJ}),
        (STAFF_ADMIN_ROLES, {TO}),
        (CLOCK_ROLES, {TO, HJ, AJ, FJ, SK}),
        (REPORT_ROLES, {TO, HJ, AJ}),
        (PENALTY_READ_ROLES, {TO, HJ, AJ, FJ, SK}),
        (RECONSTRUCTION_ROLES, {TO, HJ, AJ, FJ}),
        (PLAYER_ID_ROLES, {TO, HJ, AJ, FJ, SK}),
        (CALL_READ_ROLES, {TO, HJ, AJ, FJ}),
        (CALL_EXTENSION_ROLES, {TO, HJ, AJ, FJ, SK}),
    ],
)
def test_role_vocabulary_is_pinned(roles, expected):
    assert {str(r) for r in roles} == expected


@pytest.mark.django_db
def test_require_role_lets_the_system_through_and_returns_every_role():
    event = EventFactory()
    assert access.require_role(None, event, STAFF_ADMIN_ROLES, "assign staff") == set(OFFICIAL_ROLES)


@pytest.mark.django_db
def test_require_role_refuses_a_user_without_the_role_with_code_role():
    event = EventFactory()
    judge = UserFactory()
    StaffAssignmentFactory(event=event, user=judge, role=FJ)
    with pytest.raises(NotAllowed) as exc:
        access.require_role(judge, event, STAFF_ADMIN_ROLES, "assign staff")
    assert (exc.value.code, exc.value.message) == ("role", "only the tournament organizer may assign staff")
    assert access.require_role(judge, event, JUDGE_ROLES, "answer calls") == {FJ}


@pytest.mark.django_db
def test_require_self_or_role_accepts_the_player_and_staff_but_not_another_player():
    event = EventFactory()
    reg = RegistrationFactory(event=event, player=PlayerProfileFactory())
    other = RegistrationFactory(event=event, player=PlayerProfileFactory())
    keeper = UserFactory()
    StaffAssignmentFactory(event=event, user=keeper, role=SK)
    access.require_self_or_role(reg.player.user, reg, MANAGE_ROLES, "drop a player")
    access.require_self_or_role(keeper, reg, MANAGE_ROLES, "drop a player")
    access.require_self_or_role(None, reg, MANAGE_ROLES, "drop a player")
    with pytest.raises(NotAllowed):
        access.require_self_or_role(other.player.user, reg, MANAGE_ROLES, "drop a player")


@pytest.mark.django_db
def test_superuser_holds_every_role_and_anonymous_none():
    event = EventFactory()
    admin = UserFactory(is_superuser=True)
    assert access.staff_roles(admin, event) == set(OFFICIAL_ROLES)
    assert access.is_head_judge(admin, event) and access.can(admin, event, "assign_staff")
    assert access.staff_roles(None, event) == set()
    assert not access.is_official(None, event)


@pytest.mark.django_db
def test_allowed_actions_of_a_head_judge():
    event = EventFactory()
    head = UserFactory()
    StaffAssignmentFactory(event=event, user=head, role=HJ)
    # Everything but appointing staff, which is the organizer's (STAFF_ADMIN_ROLES).
    allowed = access.allowed_actions(head, event)
    assert allowed == {action: action != "assign_staff" for action in access.ACTIONS}


@pytest.mark.django_db
def test_allowed_actions_of_a_floor_judge():
    """TR&P 2.1: a floor judge is an official who runs the clock, and nothing more."""
    event = EventFactory()
    floor = UserFactory()
    StaffAssignmentFactory(event=event, user=floor, role=FJ)
    allowed = {action for action, yes in access.allowed_actions(floor, event).items() if yes}
    assert allowed == {"view_staff_pages", "use_clock", "see_player_ids"}


@pytest.mark.django_db
def test_an_unknown_action_is_named():
    event = EventFactory()
    with pytest.raises(ValueError, match="unknown action 'fly'"):
        access.can(UserFactory(), event, "fly")
