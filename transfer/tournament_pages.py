"""What transfer adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from tournament import access, addons


def _event_file(event, user) -> dict:
    """The download button, for those who may take the whole event away (transfer.views)."""
    return {"can_export": access.can(user, event, "change_event")}


addons.register_staff_panel("transfer/_staff_panel.html", _event_file, with_user=True)
