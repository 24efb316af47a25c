"""Who may confirm that an account plays as a player ID.

An official who manages players (organizer, head judge, scorekeeper) at an event decides the
claims of IDs registered at their events and of IDs not yet on file; a site administrator
(``is_staff``) decides any claim. Nobody else sees a claim but the account that made it.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournament.enums import MANAGE_ROLES
from tournament.models import PlayerProfile, Registration, StaffAssignment

from .enums import ClaimStatus
from .models import PlayerIdClaim


def _managed_event_ids(user) -> QuerySet:
    return StaffAssignment.objects.filter(
        user=user, ended_at__isnull=True, role__in=[str(r) for r in MANAGE_ROLES]
    ).values("event_id")


def decidable_claims(user) -> QuerySet[PlayerIdClaim]:
    """The pending claims ``user`` may confirm or refuse, oldest first."""
    pending = PlayerIdClaim.objects.filter(status=ClaimStatus.PENDING).select_related("user")
    if user is None or not getattr(user, "is_authenticated", False):
        return pending.none()
    if user.is_superuser or user.is_staff:
        return pending
    events = _managed_event_ids(user)
    if not events.exists():
        return pending.none()
    on_file = PlayerProfile.objects.filter(player_id__iexact=OuterRef("player_id"))
    registered_here = Registration.objects.filter(
        event_id__in=events, player__player_id__iexact=OuterRef("player_id")
    )
    return pending.filter(Q(~Exists(on_file)) | Q(Exists(registered_here)))


def can_decide_claim(user, claim: PlayerIdClaim) -> bool:
    return decidable_claims(user).filter(pk=claim.pk).exists()
