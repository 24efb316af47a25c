"""What the mirror add-on adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from tournament import addons

addons.register_staff_link("Mirror (GEM / Omnidex)", "mirror:event")
