"""What the notifications add-on shows on the tournament's pages (``tournament.addons``)."""

from __future__ import annotations

from django.urls import reverse

from tournament import addons
from tournament.access import is_official

from . import keys
from .access import event_sends


def player_panel(event, registration, *, phone_token: str = "") -> dict:
    return {
        "key": keys.public_key(),
        "subscribe_url": reverse("notifications:subscribe", args=[event.slug]),
        "unsubscribe_url": reverse("notifications:unsubscribe", args=[event.slug]),
        "token": phone_token,
        "sends": event_sends(event) and registration.is_active,
    }


def staff_panel(event, user=None) -> dict:
    return {
        "key": keys.public_key(),
        "subscribe_url": reverse("notifications:subscribe", args=[event.slug]),
        "unsubscribe_url": reverse("notifications:unsubscribe", args=[event.slug]),
        "show": user is not None and is_official(user, event) and event_sends(event),
    }


addons.register_player_panel("notifications/_player_panel.html", player_panel)
addons.register_staff_panel("notifications/_staff_panel.html", staff_panel, with_user=True)
