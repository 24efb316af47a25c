"""Who may do what with mirrored events: every action named once in ``ACTIONS``, on the core's
mechanism (``tournament.access``) and role vocabulary (``tournament.enums``).

- Import a new mirrored event: any signed-in user (as for creating an event; the importer
  becomes its organizer).
- Re-import an event: who runs its rounds (organizer, head and appeals judge, scorekeeper).
- Read the standings side by side and the result sheets: the event's officials.
- Read the penalty and deck-check log: judging's ``read_penalties`` (judges, organizer,
  scorekeeper), the same action as the event's own penalty list.
"""

from __future__ import annotations

from judging import access as judging_access
from tournament import access as core_access
from tournament.enums import OFFICIAL_ROLES, RESULT_ROLES
from tournament.models import Event

__all__ = ["ACTIONS", "ALL_ACTIONS", "allowed_actions", "can", "event_for", "require"]

ACTIONS: dict[str, frozenset] = {
    # Re-import the source's rounds and results into a mirrored event.
    "reimport_events": frozenset(RESULT_ROLES),
    # TR&P 2.1 officials: the standings side by side and the result sheets to hand back.
    "read_handback": frozenset(OFFICIAL_ROLES),
}

#: The mirror pages also ask judging's and the tournament's actions (``read_penalties``).
ALL_ACTIONS = {**judging_access.ALL_ACTIONS, **ACTIONS}


def can(user, event: Event, action: str) -> bool:
    return core_access.can(user, event, action, table=ALL_ACTIONS)


def require(actor, event: Event, action: str, what: str) -> set[str]:
    """``tournament.access.require`` for a mirror action; ``actor=None`` (the system) passes."""
    return core_access.require(actor, event, action, what, table=ALL_ACTIONS)


def allowed_actions(user, event: Event) -> dict[str, bool]:
    """``{action: may user do it}`` for the mirror templates (``{% if can.reimport_events %}``)."""
    return core_access.allowed_actions(user, event, ALL_ACTIONS)


def event_for(user, slug: str, action: str | None = None) -> Event:
    """The event for its officials (404 unknown slug, 403 not staff or may not do ``action``)."""
    return core_access.event_for_staff(user, slug, action=action, table=ALL_ACTIONS)
