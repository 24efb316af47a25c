"""Who plays as which player ID: linking an account to a player ID, undoing a link, and a
player's own registration while their ID waits for staff (TR&P 1.5; docs/access.md).

A player ID is enough to act as its player, so an account is linked to one only by an official
``tournament.access.can_link_player_id`` names (never the account itself), and only a site
official undoes a link. Every link and unlink is audited (``player.link_account``,
``player.unlink_account``) with who, when, before and after.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed

from .. import addons
from ..access import can_link_player_id, is_site_official
from ..citations import cite
from ..enums import TEAM_FORMATS, EventStatus, Game
from ..models import Event, PlayerProfile, Registration, Round
from ._common import CLOSED_STATUSES, _atomic, _audit
from ._shared import PLAYER_ID_RE, _check_player_eligibility
from .registration import (
    create_player_profile,
    register_player,
    tidy_player_id,
)

TEMPORARY_ID_PREFIX = "TMP-"

#: The answer to a self-registration waiting for the staff, the same whether or not the ID is on file.
PENDING_REGISTRATION_MESSAGE = gettext_lazy(
    "Thanks. Your registration is waiting for the staff to confirm your player ID: show them your "
    "GEM profile at the desk."
)


def _link_snapshot(profile: PlayerProfile) -> dict:
    user = profile.user
    return {"player_id": profile.player_id, "user": user.get_username() if user is not None else None}


def _audit_profile(profile: PlayerProfile, *, actor, action: str, before, reason: str = "") -> None:
    record_audit(
        profile, actor=actor, action=action, before=before, after=_link_snapshot(profile), reason=reason
    )


def drop_link(profile: PlayerProfile, *, actor, reason: str) -> None:
    """Unlink ``profile`` from its account (audited); the caller has checked who may."""
    before = _link_snapshot(profile)
    profile.user = None
    profile.save(update_fields=["user"])
    _audit_profile(profile, actor=actor, action="player.unlink_account", before=before, reason=reason)


def merge_into(temp: PlayerProfile, real: PlayerProfile, *, actor) -> PlayerProfile:
    """Move every registration of ``temp`` to ``real`` and delete ``temp``. Matches point at
    registrations, not profiles, so results, standings and decklists move with them.

    The account link never moves with them: the caller decides who plays as ``real``."""
    regs = list(Registration.objects.select_for_update().select_related("event").filter(player=temp))
    for reg in regs:
        if Registration.objects.filter(event=reg.event, player=real).exists():
            raise ConflictError(
                _("%(display_name)s (%(player_id)s) is already registered at %(name)s")
                % {"display_name": real.display_name, "player_id": real.player_id, "name": reg.event.name},
                field="player_id",
            )
        _check_player_eligibility(reg.event, real, actor=actor, approved=True)
    for reg in regs:
        reg.player = real
        reg.save(update_fields=["player"])
        _audit(
            reg,
            event=reg.event,
            actor=actor,
            action="registration.replace_player_id",
            before={"player_id": temp.player_id, "profile": temp.pk},
            after={"player_id": real.player_id, "profile": real.pk},
        )
    temp.delete()
    return real


def normal_player_id(player_id: str, game: str = Game.FAB) -> str:
    """``player_id`` stripped, or a ``DomainError`` for a malformed one (the format only: this
    never looks at whether the ID is on file)."""
    player_id = tidy_player_id(player_id)
    if not PLAYER_ID_RE.match(player_id):
        raise DomainError(
            _("a player ID is 1 to 32 letters, digits or dashes (%(cite)s)")
            % {"cite": cite(game, "player_id")},
            field="player_id",
        )
    if player_id.upper().startswith(TEMPORARY_ID_PREFIX):
        raise DomainError(_("give the player's real ID, not a temporary one"), field="player_id")
    return player_id


@_atomic
def link_player_account(
    user, *, actor, player_id: str, display_name: str, event: Event | None = None, asked_at=None
) -> PlayerProfile:
    """Link ``user``'s account to ``player_id``: from now on the account acts as that player.

    ``actor`` is an official ``can_link_player_id`` names for this request (``asked_at``: when
    the player asked; ``event``: where they asked to register). Then:

    - an ID on file and not linked is linked; the account's walk-in (temporary) profile, if it
      has one, is merged into it (registrations and results move);
    - an ID linked to another account is a 409: a link is undone first (``unlink_player_account``);
    - an ID not on file: the account's walk-in profile takes it, or a new profile is made;
    - with ``event`` the player is also registered there (``register_player`` by ``actor``),
      while the event is open and not yet paired.

    Side effects: audit ``player.link_account`` (before/after: the ID and the account).
    """
    if not can_link_player_id(
        actor, claimant=user, player_id=player_id, event_id=event.pk if event else None, asked_at=asked_at
    ):
        raise NotAllowed(
            _(
                "only a site official, or the staff of the event where this player ID was first "
                "registered, can confirm it (never the player's own account)"
            ),
            code="role",
        )
    player_id = normal_player_id(player_id)
    mine = PlayerProfile.objects.select_for_update().filter(user=user).first()
    if mine is not None and not mine.is_temporary:
        raise ConflictError(_("that account is already linked to a player ID"))
    profile = PlayerProfile.objects.select_for_update().filter(player_id__iexact=player_id).first()
    if profile is not None and profile.user_id is not None and profile.user_id != user.pk:
        raise ConflictError(
            _("player ID %(player_id)s is already linked to another account")
            % {"player_id": profile.player_id}
        )
    if profile is not None and profile.pk != getattr(mine, "pk", None):
        if mine is not None:
            drop_link(mine, actor=actor, reason=f"walk-in merged into {profile.player_id}")
            merge_into(mine, profile, actor=actor)
        before = _link_snapshot(profile)
        profile.user = user
        try:
            with transaction.atomic():
                profile.save(update_fields=["user"])
        except IntegrityError as exc:
            raise ConflictError(_("that account was just linked to another player ID")) from exc
    elif mine is not None:
        before = _link_snapshot(mine)
        mine.player_id = player_id
        mine.is_temporary = False
        mine.claim_code = ""
        mine.save(update_fields=["player_id", "is_temporary", "claim_code"])
        for reg in Registration.objects.filter(player=mine).select_related("event"):
            _audit(
                reg,
                event=reg.event,
                actor=actor,
                action="registration.replace_player_id",
                before={"player_id": before["player_id"]},
                after={"player_id": player_id},
            )
        profile = mine
    else:
        before = {"player_id": player_id, "user": None}
        profile = create_player_profile(
            actor=actor,
            player_id=player_id,
            display_name=display_name,
            user=user,
            game=event.game if event else Game.FAB,
        )
    _audit_profile(profile, actor=actor, action="player.link_account", before=before)
    if (
        event is not None
        and event.status not in CLOSED_STATUSES
        and not Round.objects.filter(event=event).exists()  # later: staff add a late entry themselves
        and not Registration.objects.filter(event=event, player=profile).exists()
    ):
        register_player(event, player=profile, actor=actor)
    return profile


@_atomic
def unlink_player_account(profile: PlayerProfile, *, actor, reason: str) -> PlayerProfile:
    """Undo a link (a site official only, with a reason): the account no longer acts as that
    player; the profile, its registrations and results stay. Audit ``player.unlink_account``."""
    if actor is not None and not is_site_official(actor):
        raise NotAllowed(_("only a site official can undo a player ID link"), code="role")
    if not (reason or "").strip():
        raise DomainError(_("say why the link is undone"), field="reason")
    profile = PlayerProfile.objects.select_for_update().get(pk=profile.pk)
    if profile.user_id is None:
        raise ConflictError(
            _("player ID %(player_id)s is not linked to an account") % {"player_id": profile.player_id},
            code="not_linked",
        )
    drop_link(profile, actor=actor, reason=reason.strip()[:500])
    return profile


@_atomic
def request_self_registration(event: Event, *, user, player_id: str, display_name: str) -> str:
    """A player whose account has no player ID yet registers themself at ``event``.

    Nothing is linked and nobody is registered yet: the request waits for the event's staff,
    who confirm it at the check-in desk (``link_player_account`` with ``event``). The answer
    is the same whether or not the ID is on file. Returns the ID asked for.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("log in to register"), code="login")
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise DomainError(
            _("the event is %(status)s") % {"status": event.get_status_display().lower()}, code="closed"
        )
    if not event.allow_self_registration or event.status != EventStatus.REGISTRATION:
        raise DomainError(_("self-registration is closed for this event; ask the scorekeeper"), code="closed")
    if event.format in TEAM_FORMATS:
        raise DomainError(
            _("this is a team event: register a team of three (%(cite)s)") % {"cite": cite(event, "team")},
            code="team",
        )
    player_id = normal_player_id(player_id, event.game)
    display_name = " ".join((display_name or "").split())
    if not display_name:
        raise DomainError(_("enter the name to show on pairings"), field="display_name")
    addons.request_player_id(user, player_id=player_id, display_name=display_name, event=event)
    return player_id
