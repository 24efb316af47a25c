"""What the mirror add-on adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from django.utils.translation import gettext_lazy

from tournament import addons
from tournament.enums import EventStatus


def _may_mirror(event) -> bool:
    """A mirrored event, or one not yet under way (it can still become one): an event paired
    here (running, finished) has nothing to import. Read from the event row, no query."""
    return bool(event.is_mirrored) or event.status in (EventStatus.DRAFT, EventStatus.REGISTRATION)


addons.register_staff_link(gettext_lazy("Mirror (GEM / Omnidex)"), "mirror:event", when=_may_mirror)
