"""What judging adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from tournament import addons

from . import selectors

addons.register_staff_link("Judging", "judging:home")
addons.register_player_link("My penalties", "judging:me", with_event=False)


def _open_calls(event) -> dict:
    return {"calls": list(selectors.open_calls_for_event(event))}


# The dashboard's open judge calls (judging/_staff_panel.html reads ``addon.calls``).
addons.register_staff_panel("judging/_staff_panel.html", _open_calls)
