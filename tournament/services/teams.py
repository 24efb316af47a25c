"""Team registration for team formats (TR&P 9.2)."""

from __future__ import annotations

from core.errors import ConflictError, DomainError, NotAllowed

from ..access import (
    can_manage_players,
)
from ..enums import (
    ACTIVE_REGISTRATION_STATUSES,
    TEAM_FORMATS,
    EventStatus,
    RegistrationStatus,
)
from ..models import (
    Event,
    PlayerProfile,
    Registration,
)
from ._common import _atomic, _audit, _lock_event, _snapshot_registration, require_event_open
from .registration import _check_not_an_official, _check_player_eligibility, _pairings_started

# --------------------------------------------------------------------------- teams (TR&P 9.2)

TEAM_POSITIONS = ("A", "B", "C")


@_atomic
def register_team(
    event: Event, *, team_name: str, members: list[tuple[PlayerProfile, str]], actor
) -> list[Registration]:
    """Register a team of exactly three players with positions A, B and C (TR&P 9.2).

    By staff or by one of the members, before the first pairings. Positions are fixed at
    registration (they cannot be swapped later). Each member passes the player checks of
    ``register_player`` (officials cannot play at a Skirmish or tier 2+, TR&P 1.4). A team
    needs three free seats.
    """
    event = _lock_event(event)
    require_event_open(event)
    if event.format not in TEAM_FORMATS:
        raise DomainError("teams register only in a team format (TR&P 9.2)", code="team")
    staff = actor is None or can_manage_players(actor, event)
    member_users = {p.user_id for p, _pos in members if p.user_id}
    if not staff and (actor is None or actor.pk not in member_users):
        raise NotAllowed("a team is registered by one of its members or by staff", code="role")
    if not staff and (not event.allow_self_registration or event.status != EventStatus.REGISTRATION):
        raise DomainError("self-registration is closed for this event; ask the scorekeeper", code="closed")
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED) or _pairings_started(event):
        raise DomainError("teams register before the first pairings", code="closed")
    team_name = (team_name or "").strip()
    if not team_name:
        raise DomainError("the team needs a name", field="team_name")
    if Registration.objects.filter(event=event, team_name__iexact=team_name).exists():
        raise ConflictError(f"a team named {team_name!r} is already registered", field="team_name")
    if len(members) != 3 or sorted(pos for _p, pos in members) != list(TEAM_POSITIONS):
        raise DomainError(
            "a team has exactly three members at positions A, B and C (TR&P 9.2)", field="members"
        )
    if len({p.pk for p, _pos in members}) != 3:
        raise DomainError("the three members must be different players", field="members")
    for player, _pos in members:
        _check_player_eligibility(event, player, actor=actor)
        if Registration.objects.filter(event=event, player=player).exists():
            raise ConflictError(f"{player.display_name} is already registered", field="members")
        _check_not_an_official(event, player, field="members")
    if event.capacity is not None:
        taken = Registration.objects.filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES).count()
        if taken + 3 > event.capacity:
            raise DomainError("the event has no room for three more players", code="full")
    regs = []
    for player, pos in sorted(members, key=lambda m: m[1]):
        reg = Registration.objects.create(
            event=event,
            player=player,
            status=RegistrationStatus.REGISTERED,
            team_name=team_name,
            team_position=pos,
        )
        _audit(
            reg,
            event=event,
            actor=actor,
            action="registration.create",
            after=_snapshot_registration(reg),
            reason=f"team {team_name}, position {pos}",
        )
        regs.append(reg)
    return regs
