"""Who may do what with mirrored events, on the core's role vocabulary (``tournament.enums``).

- Import a new mirrored event: any signed-in user (as for creating an event; the importer
  becomes its organizer).
- Re-import an event: who runs its rounds (organizer, head and appeals judge, scorekeeper).
- Read the standings side by side and the result sheets: the event's officials.
- Read the penalty and deck-check log: who reads its penalties (judges, organizer, scorekeeper).
"""

from __future__ import annotations

from tournament.access import event_for_staff, has_role, is_official
from tournament.enums import PENALTY_READ_ROLES, RESULT_ROLES
from tournament.models import Event

__all__ = ["can_import_into", "can_read_handback", "can_read_penalty_log", "event_for_mirror_staff"]


def can_import_into(user, event: Event) -> bool:
    return has_role(user, event, RESULT_ROLES)


def can_read_handback(user, event: Event) -> bool:
    return is_official(user, event)


def can_read_penalty_log(user, event: Event) -> bool:
    return has_role(user, event, PENALTY_READ_ROLES)


def event_for_mirror_staff(user, slug: str, *, roles=None) -> Event:
    """The event for its officials (404 unknown slug, 403 not staff or not in ``roles``)."""
    return event_for_staff(user, slug, roles=roles)
