"""Accounts: sign-up, linking an account to a player ID, API tokens.

Every change is audited (``core.audit.record_audit``). A player ID is enough to act as its
player (TR&P 1.5), so linking is a claim that an official confirms; the claimant hears the
same answer whether or not the ID is already on file (docs/access.md, "Existence").
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from tournament import services as tournament_services
from tournament.models import PlayerProfile

from . import access
from .enums import ClaimStatus
from .models import PlayerIdClaim

_PLAYER_ID_RE = re.compile(r"^[A-Za-z0-9-]{1,32}$")


def _snapshot(claim: PlayerIdClaim) -> dict:
    return {"player_id": claim.player_id, "name": claim.display_name, "status": claim.status}


@transaction.atomic
def create_account(*, username: str, email: str, password: str):
    """A new player account (the form has validated the password against the validators)."""
    User = get_user_model()
    username = (username or "").strip()
    if User.objects.filter(username__iexact=username).exists():
        raise ConflictError("that username is taken; choose another", field="username")
    user = User.objects.create_user(username=username, email=(email or "").strip(), password=password)
    record_audit(user, actor=user, action="account.create", after={"username": user.username})
    return user


@transaction.atomic
def claim_player_id(user, *, player_id: str, display_name: str) -> PlayerIdClaim:
    """Record that ``user`` plays as ``player_id``; an official confirms it (``decide_claim``).

    A second claim replaces the account's pending one. Refused: an account already linked to
    a player, a malformed ID, an empty name. Nothing here looks at whether the ID is on file.
    """
    player_id = (player_id or "").strip()
    display_name = " ".join((display_name or "").split())
    if PlayerProfile.objects.filter(user=user).exists():
        raise ConflictError("your account is already linked to a player ID", field="player_id")
    if not _PLAYER_ID_RE.match(player_id):
        raise DomainError("a player ID is 1 to 32 letters, digits or dashes (TR&P 1.5)", field="player_id")
    if not display_name or any(ord(ch) < 32 or ord(ch) == 127 for ch in display_name):
        raise DomainError("enter the name to show on pairings", field="display_name")
    old = PlayerIdClaim.objects.select_for_update().filter(user=user, status=ClaimStatus.PENDING).first()
    if old is not None:
        old.status = ClaimStatus.WITHDRAWN
        old.decided_at = timezone.now()
        old.save(update_fields=["status", "decided_at"])
        record_audit(old, actor=user, action="account.claim_withdrawn", after=_snapshot(old))
    claim = PlayerIdClaim.objects.create(user=user, player_id=player_id, display_name=display_name[:120])
    record_audit(claim, actor=user, action="account.claim", after=_snapshot(claim))
    return claim


@transaction.atomic
def decide_claim(claim: PlayerIdClaim, *, actor, confirm: bool, reason: str = "") -> PlayerIdClaim:
    """An official confirms (the account now plays as that ID: the profile on file is linked,
    or a new profile is made) or refuses a pending claim."""
    claim = PlayerIdClaim.objects.select_for_update().select_related("user").get(pk=claim.pk)
    if not access.can_decide_claim(actor, claim):
        raise NotAllowed("only the staff of an event where this player plays can confirm this")
    if claim.status != ClaimStatus.PENDING:
        raise ConflictError(f"this claim is already {claim.get_status_display().lower()}")
    before = _snapshot(claim)
    if confirm:
        if PlayerProfile.objects.filter(user=claim.user).exists():
            raise ConflictError("that account is already linked to a player ID")
        profile = PlayerProfile.objects.select_for_update().filter(player_id__iexact=claim.player_id).first()
        if profile is None:
            tournament_services.create_player_profile(
                actor=actor, player_id=claim.player_id, display_name=claim.display_name, user=claim.user
            )
        elif profile.user_id is not None:
            raise ConflictError(f"player ID {profile.player_id} is already linked to another account")
        else:
            profile.user = claim.user
            try:
                with transaction.atomic():
                    profile.save(update_fields=["user"])
            except IntegrityError as exc:
                raise ConflictError("that account was just linked to another player ID") from exc
            record_audit(
                profile, actor=actor, action="player.link_account", after={"user": claim.user.username}
            )
        claim.status = ClaimStatus.CONFIRMED
    else:
        if not (reason or "").strip():
            raise DomainError("say why the claim is refused (the player sees it)", field="reason")
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
    )
    return claim


@transaction.atomic
def api_token_for(user, *, renew: bool = False) -> Token:
    """The user's API token (made on first use); ``renew`` replaces it (the old one stops working)."""
    if renew:
        Token.objects.filter(user=user).delete()
    token, created = Token.objects.get_or_create(user=user)
    if created:
        record_audit(token, actor=user, action="account.api_token", after={"renewed": renew})
    return token
