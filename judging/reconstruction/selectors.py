"""Reads of the reconstruction pages and API shared by both (the API and the views import
this, never each other)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..models import Reconstruction


def players_of(recon: Reconstruction) -> dict[str, str]:
    """The names of the reconstructed game's players as the board labels them ("P1", "P2")."""
    match = recon.call.match
    if match is None:
        return {"P1": _("Player 1"), "P2": _("Player 2")}
    return {
        "P1": match.player_a.player.display_name,
        "P2": match.player_b.player.display_name if match.player_b else "BYE",
    }
