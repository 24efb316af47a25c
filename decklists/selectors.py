"""Reads and access functions for decklists (TR&P 3.7 privacy).

Every view and API view gets a decklist through ``access_decklist`` or an event through
``access_event_decklists`` so no page forgets the privacy rule.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils import timezone

from cards.models import CardDataRelease
from core.audit import audit_trail_for
from core.models import GeneratedFile
from tournament.enums import LIMITED_FORMATS, REL, RoundStage, RoundStatus
from tournament.models import Event, Match, Registration, Round

from .enums import FROZEN, DecklistKind, DecklistStatus
from .models import Decklist, DecklistPolicy, card_display

# -- the viewer ----------------------------------------------------------------------------


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


def primary_kind(event: Event) -> str:
    """The list a player plays from: the constructed list, or the limited deck."""
    return DecklistKind.DECK if event.format in LIMITED_FORMATS else DecklistKind.CONSTRUCTED


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
    return list(CardDataRelease.objects.filter(game=event.game).order_by("-imported_at", "-id"))


def official_changes(decklist: Decklist) -> list[dict]:
    """Every change an official made to ``decklist``'s text (PPG 4.4 fixes), oldest first, as
    the player is shown them: when, what kind of change, and the reason given."""
    entries = audit_trail_for(decklist).filter(action="decklist.fix").order_by("created_at", "pk")
    return [{"at": e.created_at, "reason": e.reason, "action": e.action} for e in entries]


# -- the round-1 gate and the dashboard's counts (TR&P App E) ------------------------------


def _primary_lists(event: Event, registration_ids) -> dict[int, Decklist]:
    kind = primary_kind(event)
    return {
        d.registration_id: d
        for d in Decklist.objects.filter(registration_id__in=list(registration_ids), kind=kind).only(
            "id", "registration_id", "status", "is_legal", "exception_by_id", "kind"
        )
    }


def decklist_problem(decklist: Decklist | None) -> str:
    """Why ``decklist`` keeps its player from round 1 of an event that requires lists: none or
    only a draft ("no decklist submitted"), or a list found illegal without the head judge's
    exception ("decklist is not legal"); ``""`` when it is fine (TR&P 3.7, App E)."""
    if decklist is None or decklist.status == DecklistStatus.DRAFT:
        return "no decklist submitted"
    if decklist.is_legal is False and not decklist.has_exception:
        return "decklist is not legal"
    return ""


def round_one_problems(event: Event, round_: Round) -> list[dict]:
    """Players paired in ``round_`` whose list stands in the way (``decklist_problem``), for
    ``tournament.signals.round_one_checks``; nothing when the event requires no lists."""
    if not event.decklists_required:
        return []
    regs = {}
    for m in Match.objects.filter(round=round_).select_related("player_a__player", "player_b__player"):
        for reg in (m.player_a, m.player_b):
            if reg is not None:
                regs[reg.pk] = reg
    lists = _primary_lists(event, regs)
    out = []
    for reg_id, reg in regs.items():
        problem = decklist_problem(lists.get(reg_id))
        if problem:
            out.append({"registration": reg_id, "name": reg.player.display_name, "problem": problem})
    return out


def on_round_one_checks(sender, *, event: Event, round_: Round, **kwargs) -> list[dict]:
    return round_one_problems(event, round_)


def gate_counts(event: Event) -> dict:
    """For the staff dashboard: among the active players, how many lists are missing (none or a
    draft), not legal, and submitted but not yet checked (accepted) by a judge."""
    reg_ids = list(
        Registration.objects.filter(event=event, status__in=["registered", "checked_in"]).values_list(
            "pk", flat=True
        )
    )
    lists = _primary_lists(event, reg_ids)
    missing = illegal = unchecked = 0
    for reg_id in reg_ids:
        d = lists.get(reg_id)
        problem = decklist_problem(d)
        if problem == "no decklist submitted":
            missing += 1
        elif problem:
            illegal += 1
        elif d is not None and d.status == DecklistStatus.SUBMITTED:
            unchecked += 1
    return {
        "required": event.decklists_required,
        "players": len(reg_ids),
        "missing": missing,
        "illegal": illegal,
        "unchecked": unchecked,
    }


def decklists_live_token(event: Event) -> str:
    """Changes whenever a list of ``event`` is created, changed or removed (one aggregate query;
    the staff dashboard's live poll). Registrations changing status are in the dashboard's own
    token."""
    agg = Decklist.objects.filter(registration__event=event).aggregate(
        n=Count("id"), m=Sum("id"), changed=Max("updated_at")
    )
    return f"lists:{agg['n']}.{agg['m']}.{agg['changed']}"
