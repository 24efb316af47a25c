"""Check-in and walk-ins: check in all, by typed ID or name, by the player's QR code; the round-1
decision about registered players who never checked in; walk-ins with a temporary player ID,
the real ID replacing it later, and a walk-in claiming their registration (TR&P 1.5, 3.6)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from django.core import signing
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext, gettext_lazy, ngettext

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from core.i18n import names_and_more

from .. import addons, selectors
from ..access import can_link_player_id, require
from ..enums import Game, RegistrationStatus
from ..models import Event, PlayerProfile, Registration
from ._common import (
    _atomic,
    _audit,
    _lock_event,
    _mark_checked_in,
    _mark_dropped,
    require_event_open,
)
from .identity import TEMPORARY_ID_PREFIX, drop_link, link_player_account, merge_into, normal_player_id
from .registration import check_in, player_id_spellings, register_new_player

#: What the organizer may decide, once, about registered players who did not check in before
#: round 1 of an event that uses check-in: drop them all, or pair them anyway.
NOT_CHECKED_IN_CHOICES = {
    "drop": gettext_lazy("Drop everyone who did not check in"),
    "pair": gettext_lazy("Pair them anyway"),
}

_CHECK_IN_SALT = "arbiter.tournament.check-in"
_PHONE_SALT = "arbiter.tournament.phone"
# No 0/O, 1/I/L: a claim code is read off paper or a phone screen and typed.
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


# --------------------------------------------------------------------------- checking in


@_atomic
def check_in_all(event: Event, *, actor) -> int:
    """Check in every registered (not waitlisted, dropped or disqualified) player; how many.

    One audit entry per player, like ``check_in`` one at a time."""
    require(actor, event, "manage_players", gettext("check in players"))
    require_event_open(event)
    event = _lock_event(event)
    now = timezone.now()
    regs = list(
        Registration.objects.select_for_update().filter(event=event, status=RegistrationStatus.REGISTERED)
    )
    for reg in regs:
        _mark_checked_in(reg, event=event, actor=actor, when=now, reason="check in all")
    return len(regs)


def find_registration(event: Event, text: str) -> Registration:
    """The one registration ``text`` names: a player ID (exact, any case), else a name (exact,
    then a unique part of one). None or several matches is a ``DomainError`` that says which."""
    text = (text or "").strip()
    if not text or "\x00" in text:
        raise DomainError(gettext("type a player ID or a name"), field="q")
    regs = selectors.registrations_for_event(event)
    by_id = None
    for spelling in player_id_spellings(text):
        by_id = by_id or regs.filter(player__player_id__iexact=spelling).first()
    if by_id is not None:
        return by_id
    exact = list(regs.filter(player__display_name__iexact=text)[:2])
    if len(exact) == 1:
        return exact[0]
    found = exact or list(regs.filter(Q(player__display_name__icontains=text))[:6])
    if not found:
        raise DomainError(
            gettext("nobody registered here matches %(text)s") % {"text": repr(text)},
            field="q",
            code="not_found",
        )
    if len(found) > 1:
        names = ", ".join(r.player.display_name for r in found[:5])
        raise DomainError(
            gettext("%(text)s matches several players (%(names)s): type more")
            % {"text": repr(text), "names": names},
            field="q",
            code="ambiguous",
        )
    return found[0]


@_atomic
def check_in_by_text(event: Event, *, actor, text: str) -> Registration:
    """Check in the player whose ID or name ``text`` is (the one box of the check-in desk)."""
    require(actor, event, "manage_players", gettext("check in players"))
    try:
        reg = find_registration(event, text)
    except DomainError as exc:
        if exc.code != "not_found":
            raise
        wanted = (text or "").strip().lower()
        for row in addons.link_requests_at_desk(event, actor):
            if wanted in (row["player_id"].lower(), row["name"].lower()):
                raise DomainError(
                    gettext(
                        "%(name)s (%(player_id)s) registered themself and is waiting for you to confirm their player ID: confirm it under 'Waiting for you to confirm'"
                    )
                    % {"name": row["name"], "player_id": row["player_id"]},
                    field="q",
                    code="pending_link",
                ) from None
        raise
    return check_in(reg, actor=actor)


def check_in_token(registration: Registration) -> str:
    """The signed token of ``registration``'s check-in QR code (staff open its URL to check in)."""
    return signing.Signer(salt=_CHECK_IN_SALT).sign(f"{registration.event_id}.{registration.pk}")


def phone_token(registration: Registration) -> str:
    """The token of ``registration``'s private page (``tournament:player_phone``): a walk-in with
    no account follows their pairing, and turns notifications on, through it. Whoever holds it
    sees what the player sees, so it is shown only to the player (at the desk, when registered).
    Signed with the secret key over the event and the registration: it cannot be guessed from
    another player's."""
    signature = signing.Signer(salt=_PHONE_SALT).signature(f"{registration.event_id}.{registration.pk}")
    return f"{registration.pk}-{signature}"


def registration_for_phone_token(event: Event, token: str) -> Registration | None:
    """The registration a private-page token names at ``event``; None for a forged, altered or
    other event's token (the caller answers 404: the address tells nothing about who exists)."""
    reg_id, _, signature = (token or "").partition("-")
    if not reg_id.isdigit() or not signature:
        return None
    expected = signing.Signer(salt=_PHONE_SALT).signature(f"{event.pk}.{int(reg_id)}")
    if not constant_time_compare(expected, signature):
        return None
    return selectors.registrations_for_event(event).filter(pk=int(reg_id)).first()


def registration_for_token(event: Event, token: str) -> Registration:
    """The registration a check-in token names; a forged, altered or other event's token is a 400."""
    try:
        value = signing.Signer(salt=_CHECK_IN_SALT).unsign(token)
        event_id, reg_id = (int(part) for part in value.split("."))
    except (signing.BadSignature, ValueError):
        raise DomainError(gettext("this check-in code is not valid"), code="token") from None
    reg = selectors.registrations_for_event(event).filter(pk=reg_id).first()
    if event_id != event.pk or reg is None:
        raise DomainError(gettext("this check-in code belongs to another event"), code="token")
    return reg


# --------------------------------------------------------------------------- before round 1


def resolve_not_checked_in(event: Event, *, actor, choice: str | None) -> dict | None:
    """Before round 1 of an event that uses check-in: nobody who did not check in is paired
    unless the organizer chose, once and explicitly, what happens to them.

    No choice while someone is missing: 409 (code ``not_checked_in``) naming them. ``"drop"``
    drops them (not in the standings, TR&P 3.6; no waitlist promotion: pairing is under way);
    ``"pair"`` pairs them as they are. Returns what to record with the pairing (or None).
    Called by ``pair_next_round`` inside its transaction, the event row already locked.
    """
    if not event.check_in_required:
        return None
    missing = list(selectors.not_checked_in(event).select_for_update(of=("self",)))
    if not missing:
        return None
    if choice not in NOT_CHECKED_IN_CHOICES:
        raise ConflictError(
            ngettext(
                "%(count)s registered player has not checked in: %(names)s. Check them in, or choose to drop them or to pair them anyway.",
                "%(count)s registered players have not checked in: %(names)s. Check them in, or choose to drop them or to pair them anyway.",
                len(missing),
            )
            % {
                "count": len(missing),
                "names": names_and_more([r.player.display_name for r in missing], shown=10),
            },
            code="not_checked_in",
            field="not_checked_in",
        )
    if choice == "drop":
        now = timezone.now()
        for reg in missing:
            _mark_dropped(
                reg,
                event=event,
                actor=actor,
                reason="did not check in before round 1 (organizer's choice at pairing)",
                in_round=None,
                when=now,
            )
    return {"choice": choice, "registrations": [r.pk for r in missing]}


# --------------------------------------------------------------------------- walk-ins


def _new_code(length: int) -> str:
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(length))


def _free_temporary_id() -> str:
    while True:
        candidate = TEMPORARY_ID_PREFIX + _new_code(6)
        if not PlayerProfile.objects.filter(player_id__iexact=candidate).exists():
            return candidate


def _free_claim_code() -> str:
    while True:
        code = _new_code(8)
        if not PlayerProfile.objects.filter(claim_code=code).exists():
            return code


@_atomic
def register_walk_in(event: Event, *, actor, display_name: str, late_entry: bool = False) -> Registration:
    """Staff register a player who has no player ID with them (TR&P 1.5): a temporary ID
    (``TMP-`` and six characters, marked ``is_temporary``) and a claim code for the player.
    The walk-in is checked in at once: staff see them at the desk."""
    require(actor, event, "manage_players", gettext("register a walk-in"))
    require_event_open(event)
    reg = register_new_player(
        event,
        actor=actor,
        player_id=_free_temporary_id(),
        display_name=display_name,
        late_entry=late_entry,
    )
    profile = reg.player
    profile.is_temporary = True
    profile.claim_code = _free_claim_code()
    profile.save(update_fields=["is_temporary", "claim_code"])
    _audit(
        profile,
        event=event,
        actor=actor,
        action="player.walk_in",
        after={"player_id": profile.player_id, "temporary": True},
    )
    if reg.status == RegistrationStatus.REGISTERED:
        reg = check_in(reg, actor=actor)
    return reg


def _replace_id(profile: PlayerProfile, player_id: str, *, actor, game: str = Game.FAB) -> PlayerProfile:
    """Staff give a walk-in their real ID. The registrations follow the ID; the walk-in's
    account (if they claimed the code) keeps playing as it only when ``actor`` may confirm that
    link (``can_link_player_id``), else the account is unlinked and asks for the ID instead."""
    player_id = normal_player_id(player_id, game)
    account = profile.user
    real = PlayerProfile.objects.select_for_update().filter(player_id__iexact=player_id).first()
    if account is not None:
        taken = real is not None and real.user_id is not None
        if not taken and can_link_player_id(actor, claimant=account, player_id=player_id):
            return link_player_account(
                account, actor=actor, player_id=player_id, display_name=profile.display_name
            )
        drop_link(
            profile, actor=actor, reason=f"real player ID {player_id} given by staff: waits for confirmation"
        )
        addons.request_player_id(account, player_id=player_id, display_name=profile.display_name)
    if real is not None and real.pk != profile.pk:
        return merge_into(profile, real, actor=actor)
    before = profile.player_id
    profile.player_id = player_id
    profile.is_temporary = False
    profile.save(update_fields=["player_id", "is_temporary"])
    for reg in Registration.objects.filter(player=profile).select_related("event"):
        _audit(
            reg,
            event=reg.event,
            actor=actor,
            action="registration.replace_player_id",
            before={"player_id": before},
            after={"player_id": player_id},
        )
    return profile


@_atomic
def replace_temporary_id(registration: Registration, *, actor, player_id: str) -> Registration:
    """Replace a walk-in's temporary ID with their real player ID (TR&P 1.5), keeping every
    result: a new ID is written onto the profile; an ID already on file takes over the walk-in's
    registrations (refused if that player is registered at the same event). Allowed after the
    event finished too: results go to GEM under the real ID."""
    event = registration.event
    require(actor, event, "manage_players", gettext("replace a temporary player ID"))
    profile = PlayerProfile.objects.select_for_update().get(pk=registration.player_id)
    if not profile.is_temporary:
        raise DomainError(
            gettext("%(display_name)s's player ID is not a temporary one")
            % {"display_name": profile.display_name},
            code="not_temporary",
        )
    _replace_id(profile, player_id, actor=actor, game=event.game)
    return Registration.objects.select_related("player", "event").get(pk=registration.pk)


_CODE_RE = re.compile(r"[^A-Z0-9]")


@dataclass(frozen=True)
class WalkInClaim:
    """What a claim code gave: the profile the account now plays as (None when the code only
    recorded a request), and the player ID waiting for staff to confirm ("" for none)."""

    profile: PlayerProfile | None
    pending_player_id: str = ""


@_atomic
def claim_registration(*, user, code: str, player_id: str = "") -> WalkInClaim:
    """A walk-in, logged in, claims what staff registered for them with the code they were given.

    The code moves only the walk-in's own temporary (``TMP-``) profile, with its registrations
    and results: it is linked to the account, or merged into the profile the account already
    plays as. A real ``player_id`` given with it is never linked or merged here: it becomes a
    request the staff confirm (``tournament.access.can_link_player_id``), and the answer is the
    same whether or not that ID is on file. A code whose walk-in staff already gave a real ID
    records a request for that ID. The code works once. Audit: ``player.link_account``,
    ``registration.claim``.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(gettext("log in to claim a registration"), code="login")
    code = _CODE_RE.sub("", (code or "").upper())
    if not code:
        raise DomainError(gettext("type the claim code you were given"), field="code")
    wanted = normal_player_id(player_id) if (player_id or "").strip() else ""
    temp = PlayerProfile.objects.select_for_update().filter(claim_code=code).first()
    if temp is None:
        raise DomainError(gettext("no registration has this claim code"), field="code", code="not_found")
    if temp.user_id and temp.user_id != user.pk:
        raise ConflictError(gettext("this registration was already claimed by someone else"), field="code")
    mine = PlayerProfile.objects.select_for_update().filter(user=user).exclude(pk=temp.pk).first()
    if mine is not None and not mine.is_temporary and wanted and wanted.upper() != mine.player_id.upper():
        raise DomainError(
            gettext("your account plays as %(player_id)s: leave the player ID empty")
            % {"player_id": mine.player_id},
            field="player_id",
        )
    temp.claim_code = ""
    temp.save(update_fields=["claim_code"])
    if not temp.is_temporary:
        # Staff already wrote a real ID on this walk-in: that ID is linked only once confirmed.
        if mine is not None and not mine.is_temporary:
            raise ConflictError(
                gettext("your account already plays as %(player_id)s") % {"player_id": mine.player_id},
                field="code",
            )
        addons.request_player_id(user, player_id=temp.player_id, display_name=temp.display_name)
        return WalkInClaim(None, temp.player_id)
    if mine is not None:
        profile = merge_into(temp, mine, actor=user)
    else:
        before = {"player_id": temp.player_id, "user": None}
        temp.user = user
        temp.save(update_fields=["user"])
        profile = temp
        record_audit(
            profile,
            actor=user,
            action="player.link_account",
            before=before,
            after={"player_id": profile.player_id, "user": user.get_username()},
            reason="walk-in claim code",
        )
    for reg in Registration.objects.filter(player=profile).select_related("event"):
        _audit(reg, event=reg.event, actor=user, action="registration.claim", after={"profile": profile.pk})
    if wanted and profile.is_temporary:
        addons.request_player_id(user, player_id=wanted, display_name=profile.display_name)
        return WalkInClaim(profile, wanted)
    return WalkInClaim(profile)
