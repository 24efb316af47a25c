"""Who may do what with decklists (TR&P 3.7 privacy, PPG 4.4).

Built on the core's access policy (``tournament.access``) and role vocabulary
(``tournament.enums``). Every view and API view gets a decklist through ``access_decklist``
or an event through ``access_event_decklists`` so no page forgets the privacy rule; the
services check roles with ``require_official``, ``require_head_judge`` and ``require_manager``.
``actor=None`` is the system, as everywhere (see ``tournament.access``).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from core.audit import FULL_VIEW, AuditView
from core.files import access_generated_file
from core.models import GeneratedFile
from tournament.access import (
    can,
    event_for_viewer,
    has_role,
    is_head_judge,
    is_official,
    is_organizer,
    require_role,
)
from tournament.citations import cite
from tournament.enums import EVENT_EDIT_ROLES, LIMITED_FORMATS, OFFICIAL_ROLES, REL, RoundStage, StaffRole
from tournament.models import Event, Match, Registration

from . import selectors
from .enums import FROZEN, DecklistKind
from .models import Decklist

__all__ = [
    "access_decklist",
    "access_event_decklists",
    "access_job",
    "can_view_decklist",
    "is_event_official",
    "is_head_judge",
    "is_list_manager",
    "is_organizer",
    "require_head_judge",
    "require_manager",
    "require_official",
    "require_organizer",
]

#: Roles that manage an event's lists: lock, publish, re-validate, set the deadline.
MANAGER_ROLES = EVENT_EDIT_ROLES
# The decklist API has always answered a refused action with the generic error code.
_CODE = "invalid"


# -- roles ---------------------------------------------------------------------------------

#: TR&P 2.1: any official of the event.
is_event_official = is_official


def is_list_manager(user, event: Event) -> bool:
    return has_role(user, event, MANAGER_ROLES)


def require_official(actor, event: Event) -> None:
    require_role(
        actor, event, OFFICIAL_ROLES, "", message=_("Only an official of this event can do this."), code=_CODE
    )


def require_head_judge(actor, event: Event) -> None:
    """PPG 4.4: the head judge alone changes an accepted list."""
    require_role(
        actor,
        event,
        {StaffRole.HEAD_JUDGE},
        "",
        message=_("Only the head judge can do this (%(cite)s).")
        % {"cite": cite(event, "head_judge_changes_list")},
        code=_CODE,
    )


def require_manager(actor, event: Event) -> None:
    require_role(
        actor,
        event,
        MANAGER_ROLES,
        "",
        message=_("Only the organizer or the head judge can do this."),
        code=_CODE,
    )


def require_organizer(actor, event: Event) -> None:
    """TR&P 3.7: the organizer publishes the event's lists."""
    require_role(
        actor,
        event,
        {StaffRole.ORGANIZER},
        "",
        message=_("Only the organizer can publish the decklists."),
        code=_CODE,
    )


# -- privacy (TR&P 3.7) --------------------------------------------------------------------


def _playoff_opponents(decklist: Decklist, viewer_registration: Registration) -> bool:
    """TR&P 3.7: at Professional REL, play-off opponents of a constructed format see each
    other's lists once paired in a play-off round."""
    event = decklist.registration.event
    if event.rel != REL.PROFESSIONAL or event.format in LIMITED_FORMATS:
        return False
    if decklist.kind != DecklistKind.CONSTRUCTED or decklist.status not in FROZEN:
        return False
    mine, theirs = viewer_registration.pk, decklist.registration_id
    return (
        Match.objects.filter(round__event=event, round__stage=RoundStage.TOP_CUT)
        .filter(Q(player_a_id=mine, player_b_id=theirs) | Q(player_a_id=theirs, player_b_id=mine))
        .exists()
    )


def can_view_decklist(user, decklist: Decklist) -> bool:
    """TR&P 3.7: the player, the event's officials, the player who registered a limited pool,
    play-off opponents at Professional REL (constructed), and anyone once the organizer
    has published the event's lists."""
    event = decklist.registration.event
    policy = selectors.policy_for(event)
    if policy is not None and policy.published_at is not None and decklist.status in FROZEN:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if decklist.registration.player.user_id == user.pk:
        return True
    if decklist.registered_by_id == user.pk and decklist.kind == DecklistKind.POOL:
        return True
    if is_event_official(user, event):
        return True
    viewer_registration = selectors.registration_of(user, event)
    return viewer_registration is not None and _playoff_opponents(decklist, viewer_registration)


def decklist_player_id(user, decklist: Decklist) -> str | None:
    """The list's player ID for the player themself and the event's officials; None for
    anyone else who may read the list (published lists, play-off opponents, pool registrars)."""
    player = decklist.registration.player
    if user is not None and getattr(user, "is_authenticated", False) and player.user_id == user.pk:
        return player.player_id
    if user is not None and can(user, decklist.registration.event, "see_player_ids"):
        return player.player_id
    return None


def access_decklist(user, pk) -> Decklist:
    """The decklist ``pk`` if ``user`` may see it; Http404 otherwise (existence is not revealed)."""
    try:
        decklist = selectors.decklist_queryset().get(pk=int(pk))
    except (Decklist.DoesNotExist, TypeError, ValueError):
        raise Http404(_("No such decklist.")) from None
    if not can_view_decklist(user, decklist):
        raise Http404(_("No such decklist."))
    return decklist


def access_event_decklists(user, slug: str, *, managers_only: bool = False) -> Event:
    """The event if ``user`` is one of its officials (organizer or head judge when
    ``managers_only``); PermissionDenied otherwise."""
    event = event_for_viewer(user, slug)
    allowed = is_list_manager(user, event) if managers_only else is_event_official(user, event)
    if not allowed:
        raise PermissionDenied(_("Only the event's officials can see its decklists."))
    return event


def access_job(user, pk: int) -> tuple[GeneratedFile, Event]:
    """A decklist job and its event for an official of that event; Http404 for anyone else
    (decklists are private, TR&P 3.7, so the job's existence is not revealed)."""
    events: dict[int, Event | None] = {}

    def official(generated: GeneratedFile) -> bool:
        found = Event.objects.filter(pk=generated.event_id).first() if generated.event_id else None
        event = events.setdefault(generated.pk, found)
        return event is not None and is_event_official(user, event)

    generated = access_generated_file(user, app_label=selectors.JOBS_APP, pk=pk, allowed=official)
    event = events[generated.pk]
    assert event is not None  # ``official`` refused a job without an event
    return generated, event


def decklist_audit_view(user, event: Event) -> AuditView | None:
    """The ``decklist.*`` audit entries copy the list (its text and cards): the event's officials
    read them, as they read the lists (TR&P 3.7); the trail has no other reader."""
    return FULL_VIEW if is_event_official(user, event) else None
