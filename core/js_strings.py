"""The words the site's scripts show, translated on the server (issue 31; docs/i18n.md).

A script never holds English of its own: base.html (and the screen page, which has no base)
renders these with ``{% js_strings %}`` as one JSON block (``<script type="application/json"
id="js-strings">``) in the page's language, and the scripts read it with ``arbiterText(key)``
(static/js/site.js). ``%(name)s`` placeholders are filled in by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

STRINGS = {
    # static/js/site.js: a wide table's label while it scrolls sideways.
    "table": _("Table"),
    "scrolls": _("%(name)s (scrolls sideways)"),
    "scrolls_nth": _("%(name)s, table %(n)s (scrolls sideways)"),
    # tournament/player.js
    "offline": _("offline: this is the last copy, trying again"),
    # tournament/staff.js
    "saved": _("Saved"),
    "error": _("Error"),
    "network_error": _("Network error: result not saved, try again"),
    # tournament/clock.js and screen.js
    "time": _("TIME"),
    "untimed": _("Untimed"),
    "round_n": _("Round %(n)s"),
    "page_of": _("page %(page)s of %(total)s"),
    # tournament/event_form.js: a setting's blank choice and placeholder say what the rules give.
    "from_rules": _("From the rules: %(value)s"),
    "from_rules_placeholder": _("%(value)s (from the rules)"),
    # decklists/job.js
    "job_progress": _("%(status)s: %(done)s / %(total)s"),
    # notifications/push.js: the "On this phone" panel.
    "mode_push_link": _("Notifications mode"),
    "mode_lan_link": _("Updates itself (no notifications here)"),
    "staff_http": _("No notifications here: the site is on plain HTTP."),
    "player_http": _("Local network mode: this page updates itself."),
    "http_why": _(
        "The site is served over plain HTTP (%(host)s), and browsers allow notifications and an "
        "offline copy only over HTTPS."
    ),
    "http_keep_open": _(
        "Keep this page open: it checks every few seconds and shows a banner, changes its title "
        "and beeps when your pairing or a result needs you (tap anywhere once so it may beep)."
    ),
    "updates_itself": _("This page updates itself while it is open."),
    "no_push_browser": _("This browser cannot receive notifications."),
    "no_push_key": _("Notifications are not set up on this server (it has no push key)."),
    "nothing_sent": _("Nothing is sent for this event now: it is not running, or you no longer play in it."),
    "staff_push": _(
        "Disputed results, judge calls opened and tables over time can reach this phone, even with "
        "the page closed."
    ),
    "player_push": _(
        "Notifications mode: this phone can be told when your pairing or a result needs you, even "
        "with the page closed."
    ),
    "player_push_offline": _(
        "This page also keeps a copy of itself for when the network is gone, and shows when it was "
        "last updated."
    ),
    "push_on": _("Notifications are on for this event."),
    "push_off": _("Notifications are off for this event."),
    "push_blocked": _("notifications are blocked for this site in the browser's settings"),
    "push_server_answered": _("the server answered %(status)s"),
    "push_on_failed": _("Notifications could not be turned on: %(error)s."),
    "push_off_failed": _("Could not turn notifications off: %(error)s."),
}


def js_strings() -> dict[str, str]:
    """``STRINGS`` in the active language."""
    return {key: str(text) for key, text in STRINGS.items()}
