"""What decklists adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from tournament import addons

addons.register_staff_link("Decklists", "decklists:event")
addons.register_player_link("My decklist", "decklists:submit")
