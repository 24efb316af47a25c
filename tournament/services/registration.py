"""Players and registrations: profiles, registering, waitlist, check-in, drops, re-entry,
disqualification, no-shows and fixed tables (TR&P 1.4, 3.6, 3.10; PPG 1.4)."""

from __future__ import annotations

import re

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from core.models import AuditEntry

from .. import selectors
from ..access import (
    can,
    require,
    require_self_or_role,
)
from ..citations import cite
from ..enums import (
    ACTIVE_REGISTRATION_STATUSES,
    MANAGE_ROLES,
    MAX_TABLE_NUMBER,
    TEAM_FORMATS,
    EventStatus,
    Game,
    MatchResult,
    RegistrationStatus,
    ReportStatus,
    ResultKind,
    RoundStage,
    RoundStatus,
)
from ..models import (
    Event,
    Match,
    PlayerProfile,
    Registration,
    Round,
)
from ._common import (
    _atomic,
    _audit,
    _lock_event,
    _lock_match,
    _mark_checked_in,
    _mark_dropped,
    _snapshot_match,
    _snapshot_registration,
    require_event_open,
)
from ._shared import (
    PLAYER_ID_RE,
    _check_not_an_official,
    _check_player_eligibility,
    _concede,
    _has_room,
    _maybe_close_round,
    _pairings_started,
    _promote_waitlist,
)
from .team_play import drop_short_team

# --------------------------------------------------------------------------- players

# "GEM# 1234 5678", "GEM ID: 12345678", "#12345678": the words and marks people put before the
# number of their GEM ID (TR&P 1.5), set off by a mark or a space ("GEM100022" is left alone: some
# IDs on file are written that way).
_GEM_ID_WRITTEN = re.compile(
    r"\s*(?:(?:(?:gem|player)(?:\s*id)?|id)\s*(?:[#:]\s*|\s+)|#\s*)(\d[\d\s-]*?)\s*", re.IGNORECASE
)


def tidy_player_id(text: str) -> str:
    """A player ID as people write it, as it is stored: a leading "GEM", "GEM ID", "ID" or "#"
    set off from the number is dropped ("GEM# 1234 5678" becomes "12345678"), and spaces are
    removed anywhere. The format check that follows still refuses what is not an ID."""
    match = _GEM_ID_WRITTEN.fullmatch(text or "")
    return "".join((match.group(1) if match else (text or "")).split())


def player_id_spellings(text: str) -> list[str]:
    """The IDs ``text`` may name when looking a player up: as typed without spaces, and tidied."""
    compact = "".join((text or "").split())[:32]
    tidy = tidy_player_id(text)[:32]
    return [compact] if tidy == compact else [compact, tidy]


@_atomic
def create_player_profile(
    *, actor, player_id: str, display_name: str, user=None, game: str = Game.FAB
) -> PlayerProfile:
    """A player profile with a unique GEM player ID (TR&P 1.5). A duplicate ID is a 409.

    ``user`` links it to an account: only for ``link_player_account`` (which checks who may) and
    the system (``actor=None``, the demo command); any other caller passes no ``user``.

    ``game`` only picks the document the refusals cite (GA: plain policy, ``citations``)."""
    player_id = tidy_player_id(player_id)
    display_name = (display_name or "").strip()
    if not PLAYER_ID_RE.match(player_id):
        raise DomainError(
            _("a player ID is 1 to 32 letters, digits or dashes (%(cite)s)")
            % {"cite": cite(game, "player_id")},
            field="player_id",
        )
    if not display_name:
        raise DomainError(_("a player needs a display name"), field="display_name")
    longest = PlayerProfile._meta.get_field("display_name").max_length or 0
    if len(display_name) > longest:
        raise DomainError(
            _("a display name is at most %(longest)s characters") % {"longest": longest}, field="display_name"
        )
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in display_name):
        raise DomainError(_("a display name cannot contain control characters"), field="display_name")
    if PlayerProfile.objects.filter(player_id__iexact=player_id).exists():
        raise ConflictError(
            _("player ID %(player_id)s belongs to another profile (%(cite)s)")
            % {"player_id": player_id, "cite": cite(game, "player_id")},
            field="player_id",
        )
    if user is not None and PlayerProfile.objects.filter(user=user).exists():
        raise ConflictError(_("%(user)s already has a player profile") % {"user": user}, field="user")
    try:
        with transaction.atomic():
            profile = PlayerProfile.objects.create(user=user, player_id=player_id, display_name=display_name)
    except IntegrityError as exc:
        raise ConflictError(
            _("player ID %(player_id)s was just taken") % {"player_id": player_id}, field="player_id"
        ) from exc
    record_audit(
        profile, actor=actor, action="player.create", after={"player_id": player_id, "name": display_name}
    )
    return profile


def late_entries_closed_message(event: Event) -> str:
    """Why a late entry is refused, in the event's own game's terms."""
    if event.game == Game.GA:
        return _(
            "entries closed when round 1 was paired (Grand Archive's recommended cut-off for late "
            "registration); the organizer can allow late entries in the event settings"
        )
    return _("this event takes no late entries; the organizer can allow them in the event settings")


def _next_round_number(event: Event) -> int:
    last = selectors.current_round(event)
    return (last.number + 1) if last else 1


@_atomic
def register_player(
    event: Event, *, player: PlayerProfile, actor, late_entry: bool = False, approved: bool = False
) -> Registration:
    """Register ``player`` at ``event``: by the player (self-registration) or by staff.

    - a full event puts the player on the waitlist (promoted when someone leaves);
    - once pairings exist only staff may enter a player, as a late entry, and only when the
      event allows late entries (``Event.allow_late_entries``; Grand Archive events close
      entries at the round-1 pairings by default): the player joins at the next round and
      every earlier Swiss round counts as a loss (docs/event-structures.md);
    - an official of a Skirmish or tier 2+ tournament cannot play (TR&P 1.4, 2.1);
    - a second registration of the same player is a 409;
    - banned players never play; suspended players only at a Casual tier 1 event with the
      organizer's approval (``approved=True`` by the organizer) (TR&P 1.4).
    """
    is_self = actor is not None and player.user_id is not None and player.user_id == actor.pk
    staff = actor is None or can(actor, event, "manage_players")
    if not staff and not is_self:
        raise NotAllowed(_("players register themselves; staff register others"), code="role")
    event = _lock_event(event)
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise DomainError(
            _("the event is %(status)s") % {"status": event.get_status_display().lower()}, code="closed"
        )
    if not staff:
        if not event.allow_self_registration or event.status != EventStatus.REGISTRATION:
            raise DomainError(
                _("self-registration is closed for this event; ask the scorekeeper"), code="closed"
            )
    if event.format in TEAM_FORMATS:
        raise DomainError(
            _("this is a team event: register a team of three (%(cite)s)") % {"cite": cite(event, "team")},
            code="team",
        )
    _check_player_eligibility(event, player, actor=actor, approved=approved)
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None:
        raise ConflictError(
            _("%(display_name)s is already registered at this event") % {"display_name": player.display_name}
        )
    _check_not_an_official(event, player)
    started = _pairings_started(event)
    joined = 1
    if started:
        if not staff:
            raise DomainError(_("pairings have started: only staff can add a late entry"), code="closed")
        if not late_entry:
            raise DomainError(
                _("pairings have started: register as a late entry (late_entry=true)"), code="late"
            )
        if Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).exists():
            raise DomainError(_("the play-off has started: no more entries"), code="closed")
        if not event.allow_late_entries:
            raise DomainError(late_entries_closed_message(event), code="closed", field="late_entry")
        joined = _next_round_number(event)
    status = RegistrationStatus.REGISTERED if _has_room(event) else RegistrationStatus.WAITLISTED
    try:
        with transaction.atomic():
            reg = Registration.objects.create(
                event=event, player=player, status=status, joined_in_round=joined
            )
    except IntegrityError as exc:
        raise ConflictError(
            _("%(display_name)s is already registered") % {"display_name": player.display_name}
        ) from exc
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.create",
        after=_snapshot_registration(reg),
        reason="late entry" if started else "",
    )
    return reg


@_atomic
def register_new_player(
    event: Event,
    *,
    actor,
    player_id: str,
    display_name: str,
    late_entry: bool = False,
    approved: bool = False,
) -> Registration:
    """Create a player profile and register it at ``event`` in one transaction (staff).

    A refused registration (closed event, full event, an official, a banned player...) leaves
    nothing behind: no profile claims ``player_id`` unless the registration is made (TR&P 1.5).
    The profile is linked to no account: only ``link_player_account`` links one.
    """
    profile = create_player_profile(
        actor=actor, player_id=player_id, display_name=display_name, game=event.game
    )
    return register_player(event, player=profile, actor=actor, late_entry=late_entry, approved=approved)


@_atomic
def check_in(registration: Registration, *, actor) -> Registration:
    """Mark a registered player present (player themself or staff)."""
    event = registration.event
    require_self_or_role(actor, registration, MANAGE_ROLES, "check in")
    require_event_open(event)
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    if reg.status == RegistrationStatus.CHECKED_IN:
        return reg
    if reg.status != RegistrationStatus.REGISTERED:
        raise DomainError(
            _("cannot check in a registration that is %(status)s")
            % {"status": reg.get_status_display().lower()}
        )
    _mark_checked_in(reg, event=event, actor=actor)
    return reg


def _live_match(reg: Registration) -> Match | None:
    """The pending match of ``reg`` in a round that has pairings (paired/published/in progress)."""
    return (
        Match.objects.select_for_update()
        .filter(Q(player_a=reg) | Q(player_b=reg), result=MatchResult.PENDING)
        .exclude(round__status=RoundStatus.COMPLETE)
        .select_related("round")
        .first()
    )


@_atomic
def drop_registration(registration: Registration, *, actor, reason: str = "") -> Registration:
    """Drop a player (the player themself or staff; TR&P 3.6).

    Before the first pairings the player is treated as never having played (not in the
    standings). After pairings for a round the player concedes that round's match, then drops.
    A freed seat before the first pairings promotes the first waitlisted player.
    """
    require_self_or_role(actor, registration, MANAGE_ROLES, _("drop a player"))
    event = registration.event
    require_event_open(event)
    reg = Registration.objects.select_for_update().select_related("player", "event").get(pk=registration.pk)
    if reg.status in (RegistrationStatus.DROPPED, RegistrationStatus.DISQUALIFIED):
        raise ConflictError(
            _("%(display_name)s is already %(status)s")
            % {"display_name": reg.player.display_name, "status": reg.get_status_display().lower()}
        )
    before = _snapshot_registration(reg)
    was_waitlisted = reg.status == RegistrationStatus.WAITLISTED
    live = _live_match(reg)
    if live is not None and not live.is_bye:
        _concede(
            live,
            reg,
            kind=ResultKind.DROP,
            actor=actor,
            reason=reason or f"player dropped ({cite(event, 'drop')})",
        )
    elif live is not None and live.is_bye:
        pass  # a bye is already a result; nothing to concede
    last = selectors.current_round(event)
    _mark_dropped(
        reg, event=event, actor=actor, reason=reason, in_round=last.number if last else None, before=before
    )
    drop_short_team(reg, actor=actor)
    if not was_waitlisted:
        _promote_waitlist(event, actor=actor)
    return reg


@_atomic
def reenter_registration(registration: Registration, *, actor, reason: str = "") -> Registration:
    """Re-enter a dropped player: the head judge's decision only (TR&P 3.6)."""
    event = registration.event
    require(
        actor,
        event,
        "re_enter",
        "re-enter",
        message=_("only the head judge may re-enter a dropped player (%(cite)s)")
        % {"cite": cite(event, "drop")},
    )
    require_event_open(event)
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    if reg.status != RegistrationStatus.DROPPED:
        raise DomainError(
            _("only a dropped player can re-enter; this one is %(status)s")
            % {"status": reg.get_status_display().lower()}
        )
    if Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).exists():
        raise DomainError(
            _("the play-off has started: a dropped player cannot come back (%(cite)s)")
            % {"cite": cite(event, "drop")},
            code="rule",
        )
    before = _snapshot_registration(reg)
    reg.status = RegistrationStatus.CHECKED_IN
    reg.dropped_at = None
    reg.save(update_fields=["status", "dropped_at"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.reenter",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    return reg


@_atomic
def undo_drop(registration: Registration, *, actor, reason: str) -> Registration:
    """Undo a drop, with a reason (staff who run the players: MANAGE_ROLES; audited).

    While no round has been paired since the drop this corrects a mistake: the player gets back
    the status they had, and the match the drop conceded goes back to pending if its round is
    still running. Once a later round exists it is a re-entry, the head judge's decision only
    (TR&P 3.6, ``reenter_registration``).
    """
    event = registration.event
    require(actor, event, "manage_players", _("undo a drop"))
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError(_("say why the drop is undone"), field="reason")
    reg = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if reg.status != RegistrationStatus.DROPPED:
        raise DomainError(
            _("%(display_name)s is not dropped") % {"display_name": reg.player.display_name},
            code="not_dropped",
        )
    if (
        reg.dropped_at is not None
        and Round.objects.filter(event=event, created_at__gt=reg.dropped_at).exists()
    ):
        return reenter_registration(reg, actor=actor, reason=reason)
    drop = (
        AuditEntry.objects.filter(event_id=event.pk, action="registration.drop", object_id=str(reg.pk))
        .order_by("-created_at", "-id")
        .first()
    )
    previous = (drop.before or {}).get("status") if drop is not None else None
    if previous not in (
        RegistrationStatus.REGISTERED,
        RegistrationStatus.CHECKED_IN,
        RegistrationStatus.WAITLISTED,
    ):
        previous = RegistrationStatus.CHECKED_IN if reg.checked_in_at else RegistrationStatus.REGISTERED
    before = _snapshot_registration(reg)
    reg.status = previous
    reg.dropped_at = None
    reg.dropped_in_round = None
    reg.save(update_fields=["status", "dropped_at", "dropped_in_round"])
    conceded = (
        Match.objects.select_for_update()
        .filter(Q(player_a=reg) | Q(player_b=reg), result_kind=ResultKind.DROP)
        .filter(round__status__in=(RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS))
        .select_related("round")
        .first()
    )
    if conceded is not None:
        match_before = _snapshot_match(conceded)
        conceded.result = MatchResult.PENDING
        conceded.result_kind = ""
        conceded.games_a = conceded.games_b = conceded.games_drawn = 0
        conceded.report_status = ReportStatus.NONE
        conceded.version += 1
        conceded.save()
        _audit(
            conceded,
            event=event,
            actor=actor,
            action="match.undo_drop",
            before=match_before,
            after=_snapshot_match(conceded),
            reason=reason.strip(),
        )
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.undo_drop",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason.strip(),
    )
    return reg


@_atomic
def disqualify_registration(registration: Registration, *, actor, reason: str) -> Registration:
    """Disqualify a player (head judge, PPG 1.4): the live match is conceded and the player has
    no place in the standings (everyone below moves up). A DQ after the cut: nobody advances."""
    event = registration.event
    require(
        actor,
        event,
        "disqualify",
        "disqualify",
        message=_("only the head judge may disqualify a player (%(cite)s)")
        % {"cite": cite(event, "disqualify")},
    )
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError(_("a disqualification needs a reason"), field="reason")
    reg = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if reg.status == RegistrationStatus.DISQUALIFIED:
        raise ConflictError(
            _("%(display_name)s is already disqualified") % {"display_name": reg.player.display_name}
        )
    before = _snapshot_registration(reg)
    live = _live_match(reg)
    if live is not None and not live.is_bye:
        _concede(live, reg, kind=ResultKind.PENALTY, actor=actor, reason=f"disqualification: {reason}")
    last = selectors.current_round(event)
    reg.status = RegistrationStatus.DISQUALIFIED
    reg.disqualified_at = timezone.now()
    if reg.dropped_in_round is None:
        reg.dropped_in_round = last.number if last else None
    reg.save(update_fields=["status", "disqualified_at", "dropped_in_round"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.disqualify",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    drop_short_team(reg, actor=actor)
    return reg


@_atomic
def record_no_show(match: Match, *, absent: list[Registration], actor, drop: bool = True) -> Match:
    """A player who does not show up concedes the match (TR&P 3.6; PPG 4.1.2); both absent is a
    double loss. Absent players are dropped unless ``drop=False`` (they told the scorekeeper)."""
    event = match.round.event
    require(actor, event, "use_clock", _("record a no-show"))
    require_event_open(event)
    match = _lock_match(match)
    ids = {r.pk for r in absent}
    if not ids or not ids <= {match.player_a_id, match.player_b_id}:
        raise DomainError(_("the absent players must be the players of this match"), field="absent")
    if match.is_bye:
        raise DomainError(_("a bye has no opponent to concede to"))
    if match.result != MatchResult.PENDING:
        raise ConflictError(
            _("table %(table_number)s already has a result; correct it instead")
            % {"table_number": match.table_number}
        )
    before = _snapshot_match(match)
    if len(ids) == 2:
        match.result, match.games_a, match.games_b = MatchResult.DOUBLE_LOSS, 0, 0
    elif match.player_a_id in ids:
        match.result, match.games_a, match.games_b = MatchResult.B_WINS, 0, event.games_per_match
    else:
        match.result, match.games_a, match.games_b = MatchResult.A_WINS, event.games_per_match, 0
    match.result_kind = ResultKind.NO_SHOW
    match.report_status = ReportStatus.STAFF
    match.version += 1
    match.save()
    _audit(
        match, event=event, actor=actor, action="match.no_show", before=before, after=_snapshot_match(match)
    )
    if drop:
        for reg in Registration.objects.filter(pk__in=ids):
            if reg.status in ACTIVE_REGISTRATION_STATUSES:
                _mark_dropped(
                    reg,
                    event=event,
                    actor=actor,
                    reason=f"no-show ({cite(event, 'drop')})",
                    in_round=match.round.number,
                )
                drop_short_team(reg, actor=actor)
    _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def set_fixed_table(
    registration: Registration, *, table_number: int | None, actor, reason: str
) -> Registration:
    """Pin a player to a table (accessibility, approved by the head judge, TR&P 3.10)."""
    event = registration.event
    require(
        actor,
        event,
        "change_event",
        _("fix a table"),
        message=_("only the head judge approves a fixed table (%(cite)s)")
        % {"cite": cite(event, "fixed_table")},
    )
    require_event_open(event)
    if table_number is not None and (
        not isinstance(table_number, int) or not 1 <= table_number <= MAX_TABLE_NUMBER
    ):
        raise DomainError(
            _("a table number is a whole number from 1 to %(max_table_number)s")
            % {"max_table_number": MAX_TABLE_NUMBER},
            field="table_number",
        )
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    before = _snapshot_registration(reg)
    reg.fixed_table = table_number
    reg.save(update_fields=["fixed_table"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.fixed_table",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    return reg
