"""Reads and access functions for decklists (TR&P 3.7 privacy).

Every view and API view gets a decklist through ``access_decklist`` or an event through
``access_event_decklists`` so no page forgets the privacy rule.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils import timezone

from core.files import access_generated_file
from core.models import GeneratedFile
from tournament.enums import LIMITED_FORMATS, REL, RoundStage, RoundStatus, StaffRole
from tournament.models import Event, Match, Registration, Round, StaffAssignment

from .enums import FROZEN, DecklistKind, DecklistStatus
from .models import Decklist, DecklistPolicy, card_display

OFFICIAL_ROLES = frozenset(StaffRole.values)
#: Roles that manage an event's lists: lock, publish, re-validate, set the deadline.
MANAGER_ROLES = frozenset({StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE})


# -- roles ---------------------------------------------------------------------------------


def staff_roles_for(user, event: Event) -> set[str]:
    """Active staff roles of ``user`` at ``event`` (TR&P 2.1); superusers count as organizer."""
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    roles = set(
        StaffAssignment.objects.filter(event=event, user=user, ended_at__isnull=True).values_list(
            "role", flat=True
        )
    )
    if user.is_superuser:
        roles.add(StaffRole.ORGANIZER)
    return roles


def is_event_official(user, event: Event) -> bool:
    return bool(staff_roles_for(user, event) & OFFICIAL_ROLES)


def is_head_judge(user, event: Event) -> bool:
    """PPG 4.4: the head judge alone changes an accepted list. Superusers stand in for setup."""
    if user is not None and getattr(user, "is_superuser", False):
        return True
    return StaffRole.HEAD_JUDGE in staff_roles_for(user, event)


def is_list_manager(user, event: Event) -> bool:
    return bool(staff_roles_for(user, event) & MANAGER_ROLES)


def is_organizer(user, event: Event) -> bool:
    return StaffRole.ORGANIZER in staff_roles_for(user, event)


def registration_of(user, event: Event) -> Registration | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Registration.objects.select_related("player", "event").filter(event=event, player__user=user).first()
    )


# -- querysets -----------------------------------------------------------------------------


def decklist_queryset() -> QuerySet[Decklist]:
    return Decklist.objects.select_related(
        "registration__player__user", "registration__event", "registered_by"
    )


def decklists_for_event(event: Event, *, kind: str | None = None) -> QuerySet[Decklist]:
    qs = (
        decklist_queryset()
        .filter(registration__event=event)
        .order_by("registration__player__display_name", "registration_id", "kind")
    )
    if kind:
        qs = qs.filter(kind=kind)
    return qs


def decklists_for_user(user) -> QuerySet[Decklist]:
    return decklist_queryset().filter(registration__player__user=user).order_by("-updated_at")


def policy_for(event: Event) -> DecklistPolicy | None:
    return DecklistPolicy.objects.filter(event=event).first()


#: The app label of decklists' jobs (combined PDF, re-validation) in ``core.GeneratedFile``.
JOBS_APP = "decklists"


def jobs_for_event(event: Event, *, kind: str | None = None) -> QuerySet[GeneratedFile]:
    """The event's decklist jobs that have not expired, newest first."""
    qs = GeneratedFile.objects.filter(
        app_label=JOBS_APP, event_id=event.pk, expires_at__gt=timezone.now()
    ).select_related("created_by")
    return qs.filter(kind=kind) if kind else qs


def access_job(user, pk: int) -> tuple[GeneratedFile, Event]:
    """A decklist job and its event for an official of that event; Http404 for anyone else
    (decklists are private, TR&P 3.7, so the job's existence is not revealed)."""
    events: dict[int, Event | None] = {}

    def official(generated: GeneratedFile) -> bool:
        event = events.setdefault(generated.pk, Event.objects.filter(pk=generated.event_id).first())
        return event is not None and is_event_official(user, event)

    generated = access_generated_file(user, app_label=JOBS_APP, pk=pk, allowed=official)
    return generated, events[generated.pk]


def primary_kind(event: Event) -> str:
    """The list a player plays from: the constructed list, or the limited deck."""
    return DecklistKind.DECK if event.format in LIMITED_FORMATS else DecklistKind.CONSTRUCTED


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
    policy = policy_for(event)
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
    viewer_registration = registration_of(user, event)
    return viewer_registration is not None and _playoff_opponents(decklist, viewer_registration)


def access_decklist(user, pk) -> Decklist:
    """The decklist ``pk`` if ``user`` may see it; Http404 otherwise (existence is not revealed)."""
    try:
        decklist = decklist_queryset().get(pk=int(pk))
    except (Decklist.DoesNotExist, TypeError, ValueError):
        raise Http404("No such decklist.") from None
    if not can_view_decklist(user, decklist):
        raise Http404("No such decklist.")
    return decklist


def access_event(slug: str) -> Event:
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404("No such event.")
    return event


def access_event_decklists(user, slug: str, *, managers_only: bool = False) -> Event:
    """The event if ``user`` is one of its officials (organizer or head judge when
    ``managers_only``); PermissionDenied otherwise."""
    event = access_event(slug)
    allowed = is_list_manager(user, event) if managers_only else is_event_official(user, event)
    if not allowed:
        raise PermissionDenied("Only the event's officials can see its decklists.")
    return event


# -- for other apps ------------------------------------------------------------------------


def accepted_decklist_for(registration: Registration) -> Decklist | None:
    """The accepted (or locked) list the player plays from, or None.

    For limited events that is the deck chosen from the pool, else the pool itself.
    """
    lists = {
        d.kind: d
        for d in Decklist.objects.filter(registration=registration, status__in=list(FROZEN)).select_related(
            "registration__player", "registration__event"
        )
    }
    for kind in (DecklistKind.CONSTRUCTED, DecklistKind.DECK, DecklistKind.POOL):
        if kind in lists:
            return lists[kind]
    return None


def decklist_card_counts(decklist: Decklist) -> dict[str, int]:
    """Quantities keyed by display name ("Snatch (red)"), hero and arena-cards included."""
    counts: Counter[str] = Counter()
    for entry in decklist.cards:
        counts[card_display(entry["name"], entry.get("pitch"))] += int(entry.get("qty", 0))
    return dict(counts)


# -- deadline and lateness (TR&P 3.7) ------------------------------------------------------


def decklist_deadline(event: Event) -> datetime | None:
    """TR&P 3.7: the organizer's time if set; else for limited formats the end of deck
    construction; else (constructed) the moment round 1 began (published or started)."""
    policy = policy_for(event)
    if policy is not None and policy.deadline is not None:
        return policy.deadline
    if event.format in LIMITED_FORMATS:
        return policy.construction_ends_at if policy is not None else None
    first = Round.objects.filter(event=event, number=1).first()
    if first is None:
        return None
    if first.status == RoundStatus.PENDING:
        return None
    times = [t for t in (first.published_at, first.started_at) if t is not None]
    return min(times) if times else None


# -- organizer breakdown -------------------------------------------------------------------


def hero_breakdown(event: Event) -> list[dict]:
    """Heroes of the event's accepted/locked lists, most played first, with shares."""
    kind = primary_kind(event)
    heroes = Counter(
        (h or "(no hero)")
        for h in Decklist.objects.filter(
            registration__event=event, kind=kind, status__in=list(FROZEN)
        ).values_list("hero", flat=True)
    )
    total = sum(heroes.values())
    return [
        {"hero": hero, "count": n, "percent": round(100 * n / total, 1)}
        for hero, n in sorted(heroes.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def status_summary(event: Event) -> dict[str, int]:
    counts = Counter(Decklist.objects.filter(registration__event=event).values_list("status", flat=True))
    out = {s: counts.get(s, 0) for s in DecklistStatus.values}
    out["missing"] = (
        Registration.objects.filter(event=event).exclude(decklists__kind=primary_kind(event)).count()
    )
    return out


def opponent_decklists_for(user) -> list[Decklist]:
    """TR&P 3.7: the accepted constructed lists of ``user``'s play-off opponents at
    Professional REL (what ``can_view_decklist`` lets them open)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    mine = list(
        Registration.objects.filter(player__user=user, event__rel=REL.PROFESSIONAL)
        .exclude(event__format__in=list(LIMITED_FORMATS))
        .values_list("pk", flat=True)
    )
    if not mine:
        return []
    opponents: set[int] = set()
    for a, b in (
        Match.objects.filter(round__stage=RoundStage.TOP_CUT)
        .filter(Q(player_a_id__in=mine) | Q(player_b_id__in=mine))
        .values_list("player_a_id", "player_b_id")
    ):
        opponents.update(x for x in (a, b) if x is not None and x not in mine)
    return list(
        decklist_queryset()
        .filter(registration_id__in=opponents, kind=DecklistKind.CONSTRUCTED, status__in=list(FROZEN))
        .order_by("registration__player__display_name")
    )


def limited_pool_targets(registration: Registration) -> QuerySet[Registration]:
    """Other players of a limited event whose pool this player may register (TR&P 8.1.1)."""
    return (
        Registration.objects.filter(event_id=registration.event_id)
        .exclude(pk=registration.pk)
        .select_related("player")
        .order_by("player__display_name")
    )


def class_breakdown(hero_rows: list[dict], db) -> list[dict]:
    """Hero classes and talents (CR 2.11.6) of the rows of ``hero_breakdown``, most played first."""
    counts: Counter[str] = Counter()
    for row in hero_rows:
        card = db.get(row["hero"]) if db is not None else None
        label = " ".join(sorted(card.talents) + sorted(card.classes)) if card is not None else ""
        counts[label or "(unknown)"] += row["count"]
    total = sum(counts.values()) or 1
    return [
        {"label": label, "count": n, "percent": round(100 * n / total, 1)}
        for label, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def card_releases_for(event: Event) -> list:
    """Card-data releases of the event's game, newest first (for choosing a re-validation)."""
    from cards.models import CardDataRelease

    return list(CardDataRelease.objects.filter(game=event.game).order_by("-imported_at", "-id"))
