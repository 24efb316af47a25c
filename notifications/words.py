"""The sentences ``notifications/push.js`` shows, translated on the server (issue 31).

The script builds its messages from what the browser can do; it reads them from a JSON block the
panel templates render (``json_script``), so every word a player sees is in the catalogues.
``{host}`` and ``{error}`` are filled in by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext


def push_words() -> dict[str, str]:
    return {
        "notifications_mode_link": gettext("Notifications mode"),
        "updates_mode_link": gettext("Updates itself (no notifications here)"),
        "http_staff": gettext("No notifications here: the site is on plain HTTP."),
        "http_player": gettext("Local network mode: this page updates itself."),
        "http_why": gettext(
            "The site is served over plain HTTP ({host}), and browsers allow notifications and an offline "
            "copy only over HTTPS."
        ),
        "http_player_why": gettext(
            "Keep this page open: it checks every few seconds and shows a banner, changes its title and "
            "beeps when your pairing or a result needs you (tap anywhere once so it may beep)."
        ),
        "updates_while_open": gettext("This page updates itself while it is open."),
        "no_browser_push": gettext("This browser cannot receive notifications."),
        "no_server_key": gettext("Notifications are not set up on this server (it has no push key)."),
        "nothing_sent": gettext(
            "Nothing is sent for this event now: it is not running, or you no longer play in it."
        ),
        "push_staff": gettext(
            "Disputed results, judge calls opened and tables over time can reach this phone, even with "
            "the page closed."
        ),
        "push_player": gettext(
            "Notifications mode: this phone can be told when your pairing or a result needs you, even with "
            "the page closed."
        ),
        "push_player_why": gettext(
            "This page also keeps a copy of itself for when the network is gone, and shows when it was "
            "last updated."
        ),
        "on": gettext("Notifications are on for this event."),
        "off": gettext("Notifications are off for this event."),
        "blocked": gettext("notifications are blocked for this site in the browser's settings"),
        "server_answered": gettext("the server answered {status}"),
        "could_not_turn_on": gettext("Notifications could not be turned on: {error}."),
        "could_not_turn_off": gettext("Could not turn notifications off: {error}."),
    }
