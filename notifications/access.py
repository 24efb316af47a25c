"""Who may turn notifications on for what (issue 29)."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _

from core.errors import NotAllowed
from tournament import selectors as tournament_selectors
from tournament import services as tournament_services
from tournament.access import is_official
from tournament.enums import ACTIVE_REGISTRATION_STATUSES, EventStatus
from tournament.models import Event, Registration


def registration_for_phone(user, event: Event, *, phone_token: str = "") -> Registration:
    """The registration a player subscribes for: their own (``user``'s), or the one a walk-in's
    private-page token names. Nobody subscribes for another player's registration: the page a
    notification carries is that player's, and the messages say what only they may see."""
    if phone_token:
        registration = tournament_services.registration_for_phone_token(event, phone_token)
        if registration is None:
            raise Http404(_("no such page"))
    else:
        registration = tournament_selectors.registration_for_user(user, event)
        if registration is None:
            raise NotAllowed(_("you are not registered in this event"))
    if registration.status not in ACTIVE_REGISTRATION_STATUSES:
        raise NotAllowed(_("you no longer play in this event"))
    return registration


def require_staff(user, event: Event) -> None:
    """Staff notifications are for the event's officials (TR&P 2.1 roles)."""
    if not is_official(user, event):
        raise NotAllowed(_("only the event's officials get staff notifications"))


def event_sends(event: Event) -> bool:
    """A draft event sends nothing (it is not announced); a finished or cancelled one neither."""
    return event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING)
