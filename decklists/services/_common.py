"""What the decklist services share: card data for an event, validation, snapshots and the
role checks of a list's player and officials."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from cards.selectors import (
    card_database,
    format_timeline,
    release_for_event_date,
)
from core.errors import NotAllowed
from tournament.enums import LIMITED_FORMATS, TEAM_FORMATS, RoundStatus
from tournament.models import Event, Registration, Round

from .. import access, selectors
from ..enums import DecklistKind
from ..models import Decklist
from ..validation import Validation, validate_text

# -- helpers -------------------------------------------------------------------------------


def card_data_for(event: Event) -> tuple[Any, str]:
    """(card database, why that release) for checking the event's lists as of its date.

    The event's pinned release when it was already published on the event date; else the
    release that was current on the event date, else the oldest imported one
    (``cards.selectors.release_for_event_date``); the active release as a last resort.
    """
    pinned = getattr(event, "card_release", None)
    rel, note = release_for_event_date(event.game, event_date(event), pinned)
    if rel is None:
        return card_database(pinned, game=event.game), "the active release"
    return card_database(rel, game=event.game), note


def card_db_for(event: Event):
    """The card database lists of ``event`` are checked against (see ``card_data_for``)."""
    return card_data_for(event)[0]


def event_date(event: Event) -> date:
    if event.starts_at is not None:
        return timezone.localdate(event.starts_at)
    return timezone.localdate()


def _snapshot(decklist: Decklist) -> dict:
    return {
        "status": decklist.status,
        "hero": decklist.hero,
        "cards": decklist.cards,
        "raw_text": decklist.raw_text,
        "is_legal": decklist.is_legal,
        "version": decklist.version,
    }


def _pool_cards(registration: Registration) -> list[dict] | None:
    pool = Decklist.objects.filter(registration=registration, kind=DecklistKind.POOL).first()
    return pool.cards if pool is not None else None


def team_findings(decklist: Decklist, hero: str) -> list[dict]:
    """TR&P 9.2.1: no two members of a team may register the same hero (different heroes
    sharing a moniker are fine, so the full hero name is compared)."""
    registration = decklist.registration
    if registration.event.format not in TEAM_FORMATS or not registration.team_name or not hero:
        return []
    clash = (
        Decklist.objects.filter(
            registration__event_id=registration.event_id,
            registration__team_name=registration.team_name,
            kind=decklist.kind,
            hero__iexact=hero,
        )
        .exclude(registration_id=registration.pk)
        .select_related("registration__player")
        .first()
    )
    if clash is None:
        return []
    return [
        {
            "code": "TEAM_DUPLICATE_HERO",
            "severity": "error",
            "cards": [hero],
            "message": _("%(display_name)s of team %(team_name)s already registered %(hero)s")
            % {
                "display_name": clash.registration.player.display_name,
                "team_name": registration.team_name,
                "hero": hero,
            },
            "rule": "TR&P 9.2.1",
            "data_version": "",
        }
    ]


def limited_set_codes(event: Event) -> frozenset[str]:
    """TR&P 8.1, 8.2: the set(s) of a limited event, as the organizer entered them."""
    if event.format not in LIMITED_FORMATS:
        return frozenset()
    policy = selectors.policy_for(event)
    return policy.set_codes if policy is not None else frozenset()


def run_validation(decklist: Decklist, text: str, *, db: Any = None) -> Validation:
    event = decklist.registration.event
    note = _("the release chosen for this check")
    if db is None:
        db, note = card_data_for(event)
    pool_cards = _pool_cards(decklist.registration) if decklist.kind == DecklistKind.DECK else None
    result = validate_text(
        text,
        db=db,
        release_note=note,
        format_code=event.format,
        as_of=event_date(event),
        kind=decklist.kind,
        rules_edition=event.trp_version if event.trp_version in ("2023", "2025") else "2025",
        pool_cards=pool_cards,
        set_codes=limited_set_codes(event),
        timeline=format_timeline(),
    )
    result.findings += team_findings(decklist, result.hero)
    return result


def _apply(decklist: Decklist, text: str, result: Validation) -> None:
    decklist.raw_text = text
    decklist.hero = result.hero
    decklist.cards = result.cards
    decklist.problems = result.problems
    decklist.findings = result.findings
    decklist.is_legal = result.is_legal
    decklist.data_version = result.data_version
    decklist.basis = result.basis
    decklist.validated_at = timezone.now()


def _check_player_or_official(decklist_registration: Registration, actor, *, kind: str) -> None:
    """Submitting: the player, an official of the event, or (pools) another registered player."""
    event = decklist_registration.event
    if actor is None:  # the system (see tournament.access)
        return
    if not getattr(actor, "is_authenticated", False):
        raise NotAllowed(_("Log in to submit a decklist."))
    if decklist_registration.player.user_id == actor.pk:
        return
    if access.can(actor, event, "review_decklists"):
        return
    if kind == DecklistKind.POOL and selectors.registration_of(actor, event) is not None:
        # TR&P 8.1.1 / 8.2.2 "swap, register, swap": another player registers this pool.
        return
    raise NotAllowed(_("Only the player or an official of this event can change this decklist."))


def _check_author(decklist_registration: Registration, actor, *, kind: str) -> bool:
    """Writing a list's text: the player themself (and, for a limited pool, the player who
    registers it, TR&P 8.1.1). Returns True when ``actor`` is instead an official of the
    event, who may only transcribe a paper list the player has not entered yet: officials
    never rewrite a list that exists; they change a submitted list through ``fix_decklist``,
    with a reason the player is shown (TR&P 3.7, PPG 4.4)."""
    event = decklist_registration.event
    if actor is None:  # the system (see tournament.access)
        return False
    if not getattr(actor, "is_authenticated", False):
        raise NotAllowed(_("Log in to submit a decklist."))
    if decklist_registration.player.user_id == actor.pk:
        return False
    if kind == DecklistKind.POOL and selectors.registration_of(actor, event) is not None:
        return False
    if access.can(actor, event, "review_decklists"):
        return True
    raise NotAllowed(_("Only the player can change this decklist."))


def _default_kind(event: Event) -> str:
    return DecklistKind.DECK if event.format in LIMITED_FORMATS else DecklistKind.CONSTRUCTED


def _lock_row(registration: Registration, kind: str) -> Decklist | None:
    return (
        Decklist.objects.select_for_update()
        .select_related("registration__event", "registration__player")
        .filter(registration=registration, kind=kind)
        .first()
    )


def is_past_deadline(event: Event, *, now: datetime | None = None) -> bool:
    """TR&P 3.7: lists handed in after the deadline may be penalised, so they are flagged."""
    now = now or timezone.now()
    deadline = selectors.decklist_deadline(event)
    if deadline is not None:
        return now > deadline
    if event.format in LIMITED_FORMATS:
        return False
    # No explicit time recorded: round 1 already under way means late.
    return Round.objects.filter(event=event, number=1).exclude(status=RoundStatus.PENDING).exists()
