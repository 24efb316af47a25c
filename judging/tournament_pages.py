"""What judging adds to the tournament pages (found by ``tournament.addons.autodiscover``)."""

from django.utils.translation import gettext_lazy

from tournament import addons

from . import access, selectors

addons.register_staff_link(gettext_lazy("Judging"), "judging:home")
addons.register_player_link(gettext_lazy("My penalties"), "judging:me", with_event=False)


addons.register_player_link(gettext_lazy("Judge calls at my table"), "judging:my_calls")


def _open_calls(event, user) -> dict:
    """Open calls for the call readers; the time extensions only for the scorekeeper."""
    if access.can(user, event, "read_calls"):
        return {"calls": list(selectors.open_calls_for_event(event)), "can_read_calls": True}
    return {"extensions": list(selectors.call_extensions_for_event(event)[:20]), "can_read_calls": False}


def _calls_token(event) -> str:
    """Changes with every call opened, claimed, ruled, appealed or closed at ``event``."""
    return selectors.calls_live_token(event)


# The dashboard's open judge calls (judging/_staff_panel.html reads ``addon.calls``), refreshed
# by the dashboard's live poll.
addons.register_staff_panel("judging/_staff_panel.html", _open_calls, with_user=True, live_token=_calls_token)
