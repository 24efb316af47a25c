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

#: Sent by the services at a moment someone may want to be told about (issue 29: the phones of
#: players and staff), inside the service's transaction: a receiver that acts on it must wait
#: for the commit (``transaction.on_commit``), so a rolled-back change tells nobody. ``sender``
#: is the audit action of the change (``"round.publish"``, ``"clock.time_called"``,
#: ``"match.report"``, ``"match.dispute"``, ``"match.correct"``, ``"decklist.accept"``,
#: ``"decklist.reject"``, ``"judge_call.open"``, ``"judge_call.rule"``); arguments: ``event``
#: and the object changed (``round_``, ``match``, ``decklist`` with ``reason``, ``call``).
news = Signal()
