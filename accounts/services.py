"""Accounts: sign-up, linking an account to a player ID, API tokens.

Every change is audited (``core.audit.record_audit``). A player ID is enough to act as its
player (TR&P 1.5), so linking is a claim that an official confirms; the claimant hears the
same answer whether or not the ID is already on file (docs/access.md, "Existence").
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from tournament import services as tournament_services
from tournament.models import Event, PlayerProfile, Registration

from . import access
from .enums import ClaimStatus
from .models import PlayerIdClaim


def _snapshot(claim: PlayerIdClaim) -> dict:
    return {
        "user": claim.user.get_username(),
        "player_id": claim.player_id,
        "name": claim.display_name,
        "status": claim.status,
        "event": claim.event_id,
    }


@transaction.atomic
def create_account(*, username: str, email: str, password: str):
    """A new player account (the form has validated the password against the validators)."""
    User = get_user_model()
    username = (username or "").strip()
    if User.objects.filter(username__iexact=username).exists():
        raise ConflictError(_("that username is taken; choose another"), field="username")
    user = User.objects.create_user(username=username, email=(email or "").strip(), password=password)
    record_audit(user, actor=user, action="account.create", after={"username": user.username})
    return user


@transaction.atomic
def claim_player_id(user, *, player_id: str, display_name: str, event=None) -> PlayerIdClaim:
    """Record that ``user`` plays as ``player_id``; an official confirms it (``decide_claim``).

    ``event``: the player asked to register there (its staff confirm at the check-in desk). A
    second claim replaces the account's pending one. Refused: an account already linked to a
    player ID (a walk-in's temporary one excepted: the real ID replaces it once confirmed), a
    malformed ID, an empty name. Nothing here looks at whether the ID is on file, so the answer
    is the same either way. Audit: ``account.claim`` (and ``account.claim_withdrawn``).
    """
    player_id = tournament_services.tidy_player_id(player_id)
    display_name = " ".join((display_name or "").split())
    if PlayerProfile.objects.filter(user=user, is_temporary=False).exists():
        raise ConflictError(_("your account is already linked to a player ID"), field="player_id")
    if not tournament_services.PLAYER_ID_RE.match(player_id) or player_id.upper().startswith(
        tournament_services.TEMPORARY_ID_PREFIX
    ):
        raise DomainError(_("a player ID is 1 to 32 letters, digits or dashes (TR&P 1.5)"), field="player_id")
    if not display_name or any(ord(ch) < 32 or ord(ch) == 127 for ch in display_name):
        raise DomainError(_("enter the name to show on pairings"), field="display_name")
    old = PlayerIdClaim.objects.select_for_update().filter(user=user, status=ClaimStatus.PENDING).first()
    if old is not None:
        old.status = ClaimStatus.WITHDRAWN
        old.decided_at = timezone.now()
        old.save(update_fields=["status", "decided_at"])
        record_audit(old, actor=user, action="account.claim_withdrawn", after=_snapshot(old))
    claim = PlayerIdClaim.objects.create(
        user=user,
        player_id=player_id,
        display_name=display_name[:120],
        event_id=event.pk if event is not None else None,
    )
    record_audit(claim, actor=user, action="account.claim", after=_snapshot(claim), event_id=claim.event_id)
    return claim


def _event_of(claim: PlayerIdClaim) -> Event | None:
    return Event.objects.filter(pk=claim.event_id).first() if claim.event_id else None


@transaction.atomic
def decide_claim(claim: PlayerIdClaim, *, actor, confirm: bool, reason: str = "") -> PlayerIdClaim:
    """An official confirms or refuses a pending claim (``access``: never the claimant).

    Confirmed by one who may link (``access.may_link``): the account now plays as that ID
    (``tournament.services.link_player_account``: the profile on file is linked, the walk-in's
    temporary profile takes the ID or merges into it, or a new profile is made) and, for a
    self-registration, the player is registered at the event. Confirmed by the staff of that
    event who may not link (the ID's home event is elsewhere): the player is registered there
    under the ID and the link keeps waiting. Refused: with a reason the player sees.
    Audit: ``account.claim_decided`` (or ``account.claim_registered``), ``player.link_account``.
    """
    claim = PlayerIdClaim.objects.select_for_update().select_related("user").get(pk=claim.pk)
    if not access.can_decide_claim(actor, claim):
        raise NotAllowed(
            _("only a site official or the staff of this player ID's home event can confirm this")
        )
    if claim.status != ClaimStatus.PENDING:
        raise ConflictError(
            _("this claim is already %(status)s") % {"status": claim.get_status_display().lower()}
        )
    before = _snapshot(claim)
    event = _event_of(claim)
    if confirm and not access.may_link(actor, claim):
        _register_only(claim, actor=actor, event=event, before=before)
        return claim
    if confirm:
        tournament_services.link_player_account(
            claim.user,
            actor=actor,
            player_id=claim.player_id,
            display_name=claim.display_name,
            event=event,
            asked_at=claim.created_at,
        )
        claim.status = ClaimStatus.CONFIRMED
    else:
        if not (reason or "").strip():
            raise DomainError(_("say why the claim is refused (the player sees it)"), field="reason")
        claim.status = ClaimStatus.REFUSED
    claim.reason = (reason or "").strip()[:500]
    claim.decided_at = timezone.now()
    claim.decided_by = actor
    claim.save()
    record_audit(
        claim,
        actor=actor,
        action="account.claim_decided",
        before=before,
        after=_snapshot(claim),
        reason=reason,
        event_id=claim.event_id,
    )
    return claim


def _register_only(claim: PlayerIdClaim, *, actor, event: Event | None, before: dict) -> None:
    """The desk of the event the player asked to register at registers them under the ID they
    gave (as staff may register any ID); the claim stays pending for the link itself."""
    if event is None:
        raise NotAllowed(
            _("only a site official or the staff of this player ID's home event can confirm this")
        )
    profile = PlayerProfile.objects.filter(player_id__iexact=claim.player_id).first()
    if profile is None:  # may_link covers an ID not on file; kept for a race with another desk
        raise ConflictError(_("reload the page: this player ID changed meanwhile"))
    if not Registration.objects.filter(event=event, player=profile).exists():
        tournament_services.register_player(event, player=profile, actor=actor)
    claim.event_id = None
    claim.save(update_fields=["event_id"])
    record_audit(
        claim,
        actor=actor,
        action="account.claim_registered",
        before=before,
        after=_snapshot(claim),
        event_id=event.pk,
    )


def pending_claim(user) -> dict | None:
    """``user``'s open claim as the tournament pages show it (``tournament.addons``), or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    claim = PlayerIdClaim.objects.filter(user=user, status=ClaimStatus.PENDING).first()
    if claim is None:
        return None
    return {"player_id": claim.player_id, "name": claim.display_name, "event_id": claim.event_id}


@transaction.atomic
def api_token_for(user, *, renew: bool = False) -> Token:
    """The user's API token (made on first use); ``renew`` replaces it (the old one stops working)."""
    if renew:
        Token.objects.filter(user=user).delete()
    token, created = Token.objects.get_or_create(user=user)
    if created:
        record_audit(token, actor=user, action="account.api_token", after={"renewed": renew})
    return token
