"""Who may confirm that an account plays as a player ID (TR&P 1.5; docs/access.md).

The rule itself is the tournament's (``tournament.access.can_link_player_id``): a site official
(``is_staff``/superuser), or a player manager (organizer, head judge, scorekeeper) of the ID's
home event, or, for an ID not on file, of the event where the player asked to register with it
or where their walk-in plays; never the claimant themself. The staff of the event where a player
asked to register may also register them there while the link waits for someone who may
confirm it. Nobody else sees a claim but the account that made it.

The app names no action of its own (no ``ACTIONS`` table): the one role it asks about is the
tournament's ``"manage_players"`` (register a player at the desk), and a link is decided by
evidence (``link_evidence_events``), not by a role.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournament.access import can_link_player_id, is_site_official, roles_for
from tournament.models import PlayerProfile, StaffAssignment

from .enums import ClaimStatus
from .models import PlayerIdClaim

#: At most this many pending claims are weighed for one staff member's list.
_CANDIDATES = 500


def _managed_event_ids(user) -> list[int]:
    return list(
        StaffAssignment.objects.filter(
            user=user, ended_at__isnull=True, role__in=[str(r) for r in roles_for("manage_players")]
        ).values_list("event_id", flat=True)
    )


def may_link(user, claim: PlayerIdClaim) -> bool:
    """May ``user`` confirm the link ``claim`` asks for?"""
    return can_link_player_id(
        user,
        claimant=claim.user,
        player_id=claim.player_id,
        event_id=claim.event_id,
        asked_at=claim.created_at,
    )


def may_register(user, claim: PlayerIdClaim) -> bool:
    """May ``user`` register the claimant at the event they asked to register at (the link
    itself may still wait for someone else)?"""
    return (
        claim.event_id is not None
        and claim.user_id != getattr(user, "pk", None)
        and claim.event_id in _managed_event_ids(user)
        and not StaffAssignment.objects.filter(event_id=claim.event_id, user_id=claim.user_id).exists()
    )


def _pending(user) -> QuerySet[PlayerIdClaim]:
    return (
        PlayerIdClaim.objects.filter(status=ClaimStatus.PENDING)
        .exclude(user_id=user.pk)
        .select_related("user")
        .order_by("created_at", "id")
    )


def _candidates(user) -> QuerySet[PlayerIdClaim]:
    pending = _pending(user)
    if is_site_official(user):
        return pending
    events = _managed_event_ids(user)
    if not events:
        return pending.none()
    played_here = PlayerProfile.objects.filter(
        player_id__iexact=OuterRef("player_id"), registrations__event_id__in=events
    )
    walk_in_here = PlayerProfile.objects.filter(
        user_id=OuterRef("user_id"), is_temporary=True, registrations__event_id__in=events
    )
    return pending.filter(Q(event_id__in=events) | Exists(played_here) | Exists(walk_in_here))


def decidable_claims(user, *, event_id: int | None = None) -> list[PlayerIdClaim]:
    """The pending claims ``user`` may confirm (link) or act on at their event, oldest first;
    never the user's own. ``event_id``: only the self-registrations at that event."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    # At one event's desk: one query when nobody waits there (the staff dashboard's usual case).
    candidates = _pending(user).filter(event_id=event_id) if event_id is not None else _candidates(user)
    return [c for c in candidates[:_CANDIDATES] if may_link(user, c) or may_register(user, c)]


def can_decide_claim(user, claim: PlayerIdClaim) -> bool:
    return may_link(user, claim) or may_register(user, claim)
