"""A player's request to link their account to a player ID (GEM ID)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .enums import ClaimStatus


class PlayerIdClaim(models.Model):
    """ "This account plays as player ID X": recorded at once, confirmed by staff.

    A player ID is enough to act as its player (TR&P 1.5; see docs/access.md), so an account
    becomes that player only when an official confirms it; the answer to the player is the same
    whether or not the ID is already on file."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_id_claims"
    )
    player_id = models.CharField("player ID", max_length=32)
    display_name = models.CharField("name", max_length=120)
    status = models.CharField(max_length=16, choices=ClaimStatus.choices, default=ClaimStatus.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(max_length=500, blank=True)
    # The event where the player asked to register with this ID (self-registration), if any;
    # its staff confirm at the check-in desk. A plain id: an event file never carries a claim.
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="accounts_one_pending_claim_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} claims {self.player_id} ({self.status})"
