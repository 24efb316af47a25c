"""Team registration for team formats (TR&P 9.2)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError, NotAllowed

from ..access import (
    can,
)
from ..citations import cite
from ..enums import (
    ACTIVE_REGISTRATION_STATUSES,
    TEAM_FORMATS,
    EventStatus,
    RegistrationStatus,
    TeamInvitationStatus,
)
from ..models import (
    Event,
    PlayerProfile,
    Registration,
    TeamInvitation,
)
from ._common import _atomic, _audit, _lock_event, _snapshot_registration, require_event_open
from ._shared import PLAYER_ID_RE, _check_not_an_official, _check_player_eligibility, _pairings_started
from .registration import tidy_player_id

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
        raise DomainError(
            _("teams register only in a team format (%(cite)s)") % {"cite": cite(event, "team")}, code="team"
        )
    staff = actor is None or can(actor, event, "manage_players")
    member_users = {p.user_id for p, _pos in members if p.user_id}
    if not staff and (actor is None or actor.pk not in member_users):
        raise NotAllowed(_("a team is registered by one of its members or by staff"), code="role")
    if not staff and (not event.allow_self_registration or event.status != EventStatus.REGISTRATION):
        raise DomainError(_("self-registration is closed for this event; ask the scorekeeper"), code="closed")
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED) or _pairings_started(event):
        raise DomainError(_("teams register before the first pairings"), code="closed")
    team_name = (team_name or "").strip()
    if not team_name:
        raise DomainError(_("the team needs a name"), field="team_name")
    if Registration.objects.filter(event=event, team_name__iexact=team_name).exists():
        raise ConflictError(
            _("a team named %(team_name)s is already registered") % {"team_name": repr(team_name)},
            field="team_name",
        )
    if len(members) != 3 or sorted(pos for _p, pos in members) != list(TEAM_POSITIONS):
        raise DomainError(
            _("a team has exactly three members at positions A, B and C (%(cite)s)")
            % {"cite": cite(event, "team")},
            field="members",
        )
    if len({p.pk for p, _pos in members}) != 3:
        raise DomainError(_("the three members must be different players"), field="members")
    for player, _pos in members:
        _check_player_eligibility(event, player, actor=actor)
        if Registration.objects.filter(event=event, player=player).exists():
            raise ConflictError(
                _("%(display_name)s is already registered") % {"display_name": player.display_name},
                field="members",
            )
        _check_not_an_official(event, player, field="members")
    if event.capacity is not None:
        taken = Registration.objects.filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES).count()
        if taken + 3 > event.capacity:
            raise DomainError(_("the event has no room for three more players"), code="full")
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


# --------------------------------------------------------------------------- team invitations
#
# A player forming a team names the two teammates by player ID. Nothing about those IDs is
# looked up or answered: whatever they are, the player gets the same three invitations back,
# and only a player whose own profile has the ID sees and answers the invitation. The team is
# registered (``register_team``) by the last acceptance; one refusal cancels the whole team.

OPEN_INVITATION_STATUSES = (TeamInvitationStatus.PENDING, TeamInvitationStatus.ACCEPTED)


def _check_team_can_form(event: Event) -> None:
    if event.format not in TEAM_FORMATS:
        raise DomainError(
            _("teams register only in a team format (%(cite)s)") % {"cite": cite(event, "team")}, code="team"
        )
    if not event.allow_self_registration or event.status != EventStatus.REGISTRATION:
        raise DomainError(_("self-registration is closed for this event; ask the scorekeeper"), code="closed")
    if _pairings_started(event):
        raise DomainError(_("teams register before the first pairings"), code="closed")


@_atomic
def invite_team(
    event: Event, *, team_name: str, members: list[tuple[str, str]], actor
) -> list[TeamInvitation]:
    """A player forms a team of three (TR&P 9.2): ``members`` are (player ID, position) pairs,
    the actor's own ID among them. The actor's seat is accepted at once and the two teammates
    are invited; the answer never depends on whether their IDs exist."""
    event = _lock_event(event)
    _check_team_can_form(event)
    own = PlayerProfile.objects.filter(user=actor).first() if actor is not None else None
    if own is None:
        raise NotAllowed(
            _("a team is registered by one of its members: create your player profile first"), code="role"
        )
    team_name = (team_name or "").strip()
    if not team_name:
        raise DomainError(_("the team needs a name"), field="team_name")
    seats = [(tidy_player_id(pid).upper(), pos) for pid, pos in members]
    if len(seats) != 3 or sorted(pos for _pid, pos in seats) != list(TEAM_POSITIONS):
        raise DomainError(
            _("a team has exactly three members at positions A, B and C (%(cite)s)")
            % {"cite": cite(event, "team")},
            field="members",
        )
    for i, (pid, _pos) in enumerate(seats):
        if not PLAYER_ID_RE.match(pid):
            raise DomainError(
                _("a player ID is 1 to 32 letters, digits or dashes (%(cite)s)")
                % {"cite": cite(event, "player_id")},
                field=f"members[{i}].player_id",
            )
    if len({pid for pid, _pos in seats}) != 3:
        raise DomainError(_("the three members must be different players"), field="members")
    mine = [pos for pid, pos in seats if pid == own.player_id.upper()]
    if not mine:
        raise NotAllowed(
            _("a team is registered by one of its members: include your own player ID"), code="role"
        )
    taken = Registration.objects.filter(event=event, team_name__iexact=team_name).exists() or (
        TeamInvitation.objects.filter(
            event=event, team_name__iexact=team_name, status__in=OPEN_INVITATION_STATUSES
        ).exists()
    )
    if taken:
        raise ConflictError(
            _("a team named %(team_name)s is already registered or forming") % {"team_name": repr(team_name)},
            field="team_name",
        )
    # The actor's own checks only: nothing is said about the teammates until they answer.
    _check_player_eligibility(event, own, actor=actor)
    _check_not_an_official(event, own, field="members")
    if Registration.objects.filter(event=event, player=own).exists():
        raise ConflictError(_("you are already registered for this event"), field="members")
    now = timezone.now()
    invitations = []
    for pid, pos in sorted(seats, key=lambda seat: seat[1]):
        is_me = pos == mine[0]
        invitation = TeamInvitation.objects.create(
            event=event,
            team_name=team_name,
            position=pos,
            player_id=pid,
            invited_by=actor,
            status=TeamInvitationStatus.ACCEPTED if is_me else TeamInvitationStatus.PENDING,
            responded_at=now if is_me else None,
        )
        invitations.append(invitation)
    _audit(
        invitations[0],
        event=event,
        actor=actor,
        action="team.invite",
        after={"team_name": team_name, "positions": [i.position for i in invitations]},
    )
    return invitations


def _team_seats(invitation: TeamInvitation):
    return TeamInvitation.objects.select_for_update().filter(
        event=invitation.event, team_name=invitation.team_name, status__in=OPEN_INVITATION_STATUSES
    )


@_atomic
def answer_team_invitation(invitation: TeamInvitation, *, actor, accept: bool) -> TeamInvitation:
    """The invited player accepts or declines (only the player whose profile has the invited
    ID may answer). The last acceptance registers the team; a refusal cancels the team."""
    own = PlayerProfile.objects.filter(user=actor).first() if actor is not None else None
    invitation = TeamInvitation.objects.select_for_update().get(pk=invitation.pk)
    if own is None or own.player_id.upper() != invitation.player_id.upper():
        raise NotAllowed(_("this invitation is not yours"), code="role")
    if invitation.status != TeamInvitationStatus.PENDING:
        raise ConflictError(
            _("this invitation is already %(status)s") % {"status": invitation.get_status_display().lower()}
        )
    now = timezone.now()
    seats = list(_team_seats(invitation))
    if not accept:
        for seat in seats:
            seat.status = (
                TeamInvitationStatus.DECLINED if seat.pk == invitation.pk else TeamInvitationStatus.CANCELLED
            )
            seat.responded_at = seat.responded_at or now
            seat.save(update_fields=["status", "responded_at"])
        _audit(
            invitation,
            event=invitation.event,
            actor=actor,
            action="team.decline",
            reason=invitation.team_name,
        )
        invitation.refresh_from_db()
        return invitation
    invitation.status = TeamInvitationStatus.ACCEPTED
    invitation.responded_at = now
    invitation.save(update_fields=["status", "responded_at"])
    _audit(invitation, event=invitation.event, actor=actor, action="team.accept", reason=invitation.team_name)
    seats = [invitation if s.pk == invitation.pk else s for s in seats]
    if len(seats) == 3 and all(s.status == TeamInvitationStatus.ACCEPTED for s in seats):
        members = [(PlayerProfile.objects.get(player_id__iexact=s.player_id), s.position) for s in seats]
        register_team(invitation.event, team_name=invitation.team_name, members=members, actor=actor)
    return invitation
