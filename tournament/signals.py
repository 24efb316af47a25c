"""Signals the core sends so add-ons can join in without the core importing them.

The core never imports an add-on (decklists, judging, reference); an add-on that wants to take
part in a core step connects a receiver in its ``AppConfig.ready``.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent by ``create_demo_event`` inside its transaction, after every demo player is registered
#: and checked in and before round 1 is paired. Arguments: ``event``, ``head_judge`` (a user).
demo_players_registered = Signal()

#: Sent (``send``, not robust: a failing check must not pass silently) before round 1 of an event
#: is published, and by the dashboard to show what stands in the way. Arguments: ``event``,
#: ``round_``. A receiver returns a list of problems, each a dict ``{"registration": id,
#: "name": str, "problem": str}`` (e.g. decklists: no submitted or no legal list, TR&P App E).
#: Publishing with problems needs an override with a reason (``publish_round``), recorded.
round_one_checks = Signal()
