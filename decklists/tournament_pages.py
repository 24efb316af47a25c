"""What decklists adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from django.utils.translation import gettext_lazy

from tournament import addons

from . import selectors

addons.register_staff_link(gettext_lazy("Decklists"), "decklists:event")
addons.register_player_link(gettext_lazy("My decklist"), "decklists:submit")


def _gate_counts(event) -> dict:
    return selectors.gate_counts(event) if event.decklists_required else {}


def _lists_token(event) -> str:
    return selectors.decklists_live_token(event)


# The dashboard's decklist counts: missing, not legal, not yet checked (TR&P App E), refreshed by
# the dashboard's live poll.
addons.register_staff_panel("decklists/_staff_panel.html", _gate_counts, live_token=_lists_token)
