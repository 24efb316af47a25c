"""Who may do what with decklists (TR&P 3.7 privacy, PPG 4.4).

Built on the core's access policy (``tournament.access``) and role vocabulary
(``tournament.enums``). Every action is named once in ``ACTIONS``. Every view and API view
gets a decklist through ``access_decklist`` or an event through ``access_event_decklists`` so
no page forgets the privacy rule; the services check with ``require(actor, event, action)``.
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
from tournament import access as core_access
from tournament.access import event_for_viewer
from tournament.citations import cite
from tournament.enums import EVENT_EDIT_ROLES, LIMITED_FORMATS, OFFICIAL_ROLES, REL, RoundStage, StaffRole
from tournament.models import Event, Match, Registration

from . import selectors
from .enums import FROZEN, DecklistKind
from .models import Decklist

__all__ = [
    "ACTIONS",
    "access_decklist",
    "access_event_decklists",
    "access_job",
    "allowed_actions",
    "can",
    "can_view_decklist",
    "require",
]

# -- actions -------------------------------------------------------------------------------
#
# Every action of the decklists app is named once, here, with the roles that may do it (the
# tournament's mechanism: ``tournament.access.can``/``require`` with ``table=ACTIONS``).

ACTIONS: dict[str, frozenset] = {
    # TR&P 2.1, 3.7: any official of the event reads its lists, accepts or rejects them,
    # transcribes a paper list, signs off a pool's correction and exports the lists.
    "review_decklists": frozenset(OFFICIAL_ROLES),
    # PPG 4.4: the head judge alone changes an accepted list or grants an exception.
    "change_accepted_lists": frozenset({StaffRole.HEAD_JUDGE}),
    # Lock the lists, set the deadline, re-validate, correct a list not yet accepted.
    "manage_decklists": frozenset(EVENT_EDIT_ROLES),
    # TR&P 3.7: the organizer publishes the event's lists.
    "publish_decklists": frozenset({StaffRole.ORGANIZER}),
}

# The decklist API has always answered a refused action with the generic error code.
_CODE = "invalid"


def _refusal(action: str, event: Event) -> str:
    if action == "change_accepted_lists":
        return _("Only the head judge can do this (%(cite)s).") % {
            "cite": cite(event, "head_judge_changes_list")
        }
    return {
        "review_decklists": _("Only an official of this event can do this."),
        "manage_decklists": _("Only the organizer or the head judge can do this."),
        "publish_decklists": _("Only the organizer can publish the decklists."),
    }[action]


def can(user, event: Event, action: str) -> bool:
    """True if ``user`` may do ``action`` (of ``ACTIONS``) at ``event``."""
    return core_access.can(user, event, action, table=ACTIONS)


def require(actor, event: Event, action: str) -> None:
    """Raise ``NotAllowed`` (code "invalid") unless ``actor`` may do ``action`` at ``event``;
    ``actor=None`` (the system) passes."""
    core_access.require(actor, event, action, message=_refusal(action, event), code=_CODE, table=ACTIONS)


def allowed_actions(user, event: Event) -> dict[str, bool]:
    """``{action: may user do it}`` for the decklist templates (``{% if can.manage_decklists %}``)."""
    return core_access.allowed_actions(user, event, ACTIONS)


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
    if can(user, event, "review_decklists"):
        return True
    viewer_registration = selectors.registration_of(user, event)
    return viewer_registration is not None and _playoff_opponents(decklist, viewer_registration)


def decklist_player_id(user, decklist: Decklist) -> str | None:
    """The list's player ID for the player themself and the event's officials; None for
    anyone else who may read the list (published lists, play-off opponents, pool registrars)."""
    player = decklist.registration.player
    if user is not None and getattr(user, "is_authenticated", False) and player.user_id == user.pk:
        return player.player_id
    if user is not None and core_access.can(user, decklist.registration.event, "see_player_ids"):
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


def access_event_decklists(user, slug: str, *, action: str = "review_decklists") -> Event:
    """The event if ``user`` may do ``action`` there (by default: one of its officials, who
    read its lists); PermissionDenied otherwise."""
    event = event_for_viewer(user, slug)
    if not can(user, event, action):
        raise PermissionDenied(_("Only the event's officials can see its decklists."))
    return event


def access_job(user, pk: int) -> tuple[GeneratedFile, Event]:
    """A decklist job and its event for an official of that event; Http404 for anyone else
    (decklists are private, TR&P 3.7, so the job's existence is not revealed)."""
    events: dict[int, Event | None] = {}

    def official(generated: GeneratedFile) -> bool:
        found = Event.objects.filter(pk=generated.event_id).first() if generated.event_id else None
        event = events.setdefault(generated.pk, found)
        return event is not None and can(user, event, "review_decklists")

    generated = access_generated_file(user, app_label=selectors.JOBS_APP, pk=pk, allowed=official)
    event = events[generated.pk]
    assert event is not None  # ``official`` refused a job without an event
    return generated, event


def decklist_audit_view(user, event: Event) -> AuditView | None:
    """The ``decklist.*`` audit entries copy the list (its text and cards): the event's officials
    read them, as they read the lists (TR&P 3.7); the trail has no other reader."""
    return FULL_VIEW if can(user, event, "review_decklists") else None
