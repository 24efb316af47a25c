"""Signals the core sends so add-ons can join in without the core importing them.

The core never imports an add-on (decklists, judging, reference); an add-on that wants to take
part in a core step connects a receiver in its ``AppConfig.ready``.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent by ``create_demo_event`` inside its transaction, after every demo player is registered
#: and checked in and before round 1 is paired. Arguments: ``event``, ``head_judge`` (a user).
demo_players_registered = Signal()
