"""Every change to a decklist, audited (core.audit) inside its transaction.

Lifecycle (TR&P 3.7): draft -> submitted -> accepted (by an official) -> locked.
Players change their list only until it is accepted; afterwards only the head judge
corrects it (PPG 4.4, Decklist Error), with the before and after recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from cards.models import CardDataRelease
from cards.selectors import (
    POOL_SOURCE,
    card_database,
    format_timeline,
    release_for_event_date,
    release_or_active,
)
from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from core.files import Output, Progress, fail_stale_files, start_generated_file
from core.models import GeneratedFile
from rules_engine import decklist_text
from tournament.citations import cite
from tournament.enums import LIMITED_FORMATS, TEAM_FORMATS, EventStatus, RoundStatus
from tournament.models import Event, Registration, Round
from tournament.services import require_event_open
from tournament.signals import news

from . import access, selectors
from .enums import FROZEN, DecklistKind, DecklistSource, DecklistStatus, JobKind
from .models import Decklist, DecklistPolicy
from .text import check_text, text_for_parser
from .validation import Validation, validate_text

# -- helpers -------------------------------------------------------------------------------


def card_data_for(event: Event) -> tuple[Any, str]:
    """(card database, why that release) for checking the event's lists as of its date.

    The event's pinned release when it was already published on the event date; else the
    release that was current on the event date, else the oldest imported one
    (``cards.selectors.release_for_event_date``); the active release as a last resort.
    """
    pinned = getattr(event, "card_release", None)
    rel, note = release_for_event_date(event.game, event_date(event), pinned)
    if rel is None:
        return card_database(pinned, game=event.game), "the active release"
    return card_database(rel, game=event.game), note


def card_db_for(event: Event):
    """The card database lists of ``event`` are checked against (see ``card_data_for``)."""
    return card_data_for(event)[0]


def event_date(event: Event) -> date:
    if event.starts_at is not None:
        return timezone.localdate(event.starts_at)
    return timezone.localdate()


def _snapshot(decklist: Decklist) -> dict:
    return {
        "status": decklist.status,
        "hero": decklist.hero,
        "cards": decklist.cards,
        "raw_text": decklist.raw_text,
        "is_legal": decklist.is_legal,
        "version": decklist.version,
    }


def _pool_cards(registration: Registration) -> list[dict] | None:
    pool = Decklist.objects.filter(registration=registration, kind=DecklistKind.POOL).first()
    return pool.cards if pool is not None else None


def team_findings(decklist: Decklist, hero: str) -> list[dict]:
    """TR&P 9.2.1: no two members of a team may register the same hero (different heroes
    sharing a moniker are fine, so the full hero name is compared)."""
    registration = decklist.registration
    if registration.event.format not in TEAM_FORMATS or not registration.team_name or not hero:
        return []
    clash = (
        Decklist.objects.filter(
            registration__event_id=registration.event_id,
            registration__team_name=registration.team_name,
            kind=decklist.kind,
            hero__iexact=hero,
        )
        .exclude(registration_id=registration.pk)
        .select_related("registration__player")
        .first()
    )
    if clash is None:
        return []
    return [
        {
            "code": "TEAM_DUPLICATE_HERO",
            "severity": "error",
            "cards": [hero],
            "message": f"{clash.registration.player.display_name} of team {registration.team_name} already "
            f"registered {hero}",
            "rule": "TR&P 9.2.1",
            "data_version": "",
        }
    ]


def limited_set_codes(event: Event) -> frozenset[str]:
    """TR&P 8.1, 8.2: the set(s) of a limited event, as the organizer entered them."""
    if event.format not in LIMITED_FORMATS:
        return frozenset()
    policy = selectors.policy_for(event)
    return policy.set_codes if policy is not None else frozenset()


def run_validation(decklist: Decklist, text: str, *, db: Any = None) -> Validation:
    event = decklist.registration.event
    note = "the release chosen for this check"
    if db is None:
        db, note = card_data_for(event)
    pool_cards = _pool_cards(decklist.registration) if decklist.kind == DecklistKind.DECK else None
    result = validate_text(
        text,
        db=db,
        release_note=note,
        format_code=event.format,
        as_of=event_date(event),
        kind=decklist.kind,
        rules_edition=event.trp_version if event.trp_version in ("2023", "2025") else "2025",
        pool_cards=pool_cards,
        set_codes=limited_set_codes(event),
        timeline=format_timeline(),
    )
    result.findings += team_findings(decklist, result.hero)
    return result


def _apply(decklist: Decklist, text: str, result: Validation) -> None:
    decklist.raw_text = text
    decklist.hero = result.hero
    decklist.cards = result.cards
    decklist.problems = result.problems
    decklist.findings = result.findings
    decklist.is_legal = result.is_legal
    decklist.data_version = result.data_version
    decklist.basis = result.basis
    decklist.validated_at = timezone.now()


def _check_player_or_official(decklist_registration: Registration, actor, *, kind: str) -> None:
    """Submitting: the player, an official of the event, or (pools) another registered player."""
    event = decklist_registration.event
    if actor is None:  # the system (see tournament.access)
        return
    if not getattr(actor, "is_authenticated", False):
        raise NotAllowed("Log in to submit a decklist.")
    if decklist_registration.player.user_id == actor.pk:
        return
    if access.is_event_official(actor, event):
        return
    if kind == DecklistKind.POOL and selectors.registration_of(actor, event) is not None:
        # TR&P 8.1.1 / 8.2.2 "swap, register, swap": another player registers this pool.
        return
    raise NotAllowed("Only the player or an official of this event can change this decklist.")


def _check_author(decklist_registration: Registration, actor, *, kind: str) -> bool:
    """Writing a list's text: the player themself (and, for a limited pool, the player who
    registers it, TR&P 8.1.1). Returns True when ``actor`` is instead an official of the
    event, who may only transcribe a paper list the player has not entered yet: officials
    never rewrite a list that exists; they change a submitted list through ``fix_decklist``,
    with a reason the player is shown (TR&P 3.7, PPG 4.4)."""
    event = decklist_registration.event
    if actor is None:  # the system (see tournament.access)
        return False
    if not getattr(actor, "is_authenticated", False):
        raise NotAllowed("Log in to submit a decklist.")
    if decklist_registration.player.user_id == actor.pk:
        return False
    if kind == DecklistKind.POOL and selectors.registration_of(actor, event) is not None:
        return False
    if access.is_event_official(actor, event):
        return True
    raise NotAllowed("Only the player can change this decklist.")


def _default_kind(event: Event) -> str:
    return DecklistKind.DECK if event.format in LIMITED_FORMATS else DecklistKind.CONSTRUCTED


def _lock_row(registration: Registration, kind: str) -> Decklist | None:
    return (
        Decklist.objects.select_for_update()
        .select_related("registration__event", "registration__player")
        .filter(registration=registration, kind=kind)
        .first()
    )


def is_past_deadline(event: Event, *, now: datetime | None = None) -> bool:
    """TR&P 3.7: lists handed in after the deadline may be penalised, so they are flagged."""
    now = now or timezone.now()
    deadline = selectors.decklist_deadline(event)
    if deadline is not None:
        return now > deadline
    if event.format in LIMITED_FORMATS:
        return False
    # No explicit time recorded: round 1 already under way means late.
    return Round.objects.filter(event=event, number=1).exclude(status=RoundStatus.PENDING).exists()


# -- player actions ------------------------------------------------------------------------


@transaction.atomic
def save_decklist(
    registration: Registration,
    *,
    actor,
    text: str,
    source: str = DecklistSource.TEXT,
    kind: str | None = None,
    version: int | None = None,
    db: Any = None,
) -> Decklist:
    """Store ``text`` exactly as entered as the registration's draft list and validate it.

    Side effects: creates or updates the single Decklist of (registration, kind), status
    DRAFT, version + 1; one audit entry. Raises NotAllowed (not the player or an official),
    DomainError (unusable text), ConflictError (list already accepted, or ``version`` stale).
    An illegal list is still saved: it just cannot be submitted.
    """
    kind = kind or _default_kind(registration.event)
    if kind not in DecklistKind.values:
        raise DomainError(f"Unknown decklist kind {kind!r}.", code="invalid", field="kind")
    limited = registration.event.format in LIMITED_FORMATS
    if limited != (kind in (DecklistKind.POOL, DecklistKind.DECK)):
        expected = "a pool registration or a deck" if limited else "a constructed decklist"
        raise DomainError(
            f"{registration.event.get_format_display()} takes {expected} "
            f"({cite(registration.event, 'decklist_kind')}).",
            code="invalid",
            field="kind",
        )
    transcribing = _check_author(registration, actor, kind=kind)
    require_event_open(registration.event)
    check_text(text)
    decklist = _lock_row(registration, kind)
    created = decklist is None
    if transcribing and not created:
        raise NotAllowed(
            "Only the player edits their own list; an official changes a submitted list through a "
            f"fix with a reason ({cite(registration.event, 'decklist_frozen')})."
        )
    if created:
        decklist = Decklist(registration=registration, kind=kind, version=0)
    else:
        if decklist.status in FROZEN:
            raise ConflictError(
                "This decklist was accepted; only the head judge can change it now "
                f"({cite(registration.event, 'decklist_frozen')}).",
                code="accepted",
            )
        if kind == DecklistKind.POOL and decklist.status != DecklistStatus.DRAFT:
            raise ConflictError(
                "This pool registration was handed in; corrections need a judge's sign-off "
                f"({cite(registration.event, 'pool_registration')}).",
                code="submitted",
            )
        if (
            decklist.status == DecklistStatus.SUBMITTED
            and actor is not None
            and is_past_deadline(registration.event)
        ):
            raise ConflictError(
                "This list was submitted and the deadline has passed; only the head judge or the "
                f"organizer changes it now, with a reason ({cite(registration.event, 'decklist_frozen')}).",
                code="submitted",
            )
        if version is not None and int(version) != decklist.version:
            raise ConflictError(
                f"This decklist changed meanwhile (version {decklist.version}, you edited {version}); "
                "reload it and try again.",
                code="stale",
            )
    before = None if created else _snapshot(decklist)
    if not created and decklist.raw_text == text and decklist.status == DecklistStatus.DRAFT:
        return decklist  # the same text saved twice: nothing changes
    result = run_validation(decklist, text, db=db)
    _apply(decklist, text, result)
    decklist.status = DecklistStatus.DRAFT
    decklist.source = source
    decklist.submitted_at = None
    decklist.is_late = False
    decklist.version += 1
    if kind == DecklistKind.POOL:
        decklist.registered_by = actor
    try:
        with transaction.atomic():
            decklist.save()
    except IntegrityError:
        raise ConflictError("A decklist for this registration was saved at the same time; reload.") from None
    record_audit(
        decklist,
        actor=actor,
        action="decklist.save",
        before=before,
        after=_snapshot(decklist),
        event_id=registration.event_id,
    )
    return decklist


def use_suggestion(decklist: Decklist, *, actor, line: int, suggestion: str) -> Decklist:
    """Rewrite line ``line`` of the list with one of its did-you-mean ``suggestion``s (the
    quantity kept, the pitch kept when the suggestion names none) and save the list again as
    the player's draft (``save_decklist``: the same permissions, refusals and audit entry).
    DomainError when the line has no such suggestion or the line can no longer be found."""
    problem = next(
        (
            p
            for p in decklist.problems or []
            if p.get("line") == line and suggestion in p.get("suggestions", [])
        ),
        None,
    )
    if problem is None:
        raise DomainError(
            "That suggestion is not offered for that line; edit the list instead.", field="line"
        )
    lines = decklist.raw_text.split("\n")
    if not 0 < line <= len(lines):
        raise DomainError("That line is no longer in the list; edit the list instead.", field="line")
    parsed = decklist_text.parse_decklist(text_for_parser(lines[line - 1])).lines
    if len(parsed) != 1:
        raise DomainError("That line names several cards: edit it by hand.", field="line")
    entry = parsed[0]
    fixed = f"{entry.quantity} {suggestion}"
    if entry.pitch in decklist_text.PITCH_NAMES and not suggestion.rstrip().endswith(")"):
        fixed += f" ({decklist_text.PITCH_NAMES[entry.pitch]})"
    lines[line - 1] = fixed + ("\r" if lines[line - 1].endswith("\r") else "")
    return save_decklist(
        decklist.registration,
        actor=actor,
        text="\n".join(lines),
        source=decklist.source,
        kind=decklist.kind,
        version=decklist.version,
    )


@transaction.atomic
def submit_decklist(decklist: Decklist, *, actor, version: int | None = None) -> Decklist:
    """Hand the list in (TR&P 3.7). Needs no errors unless the head judge granted an exception.

    Idempotent: submitting a submitted list again returns it unchanged. Flags late lists
    (past the event's deadline). Raises ConflictError for an accepted list or a stale
    ``version``, DomainError when the list has errors.
    """
    decklist = _lock_row(decklist.registration, decklist.kind)
    _check_player_or_official(decklist.registration, actor, kind=decklist.kind)
    require_event_open(decklist.registration.event)
    if version is not None and int(version) != decklist.version:
        raise ConflictError(
            f"This decklist changed meanwhile (version {decklist.version}, you saw {version}); reload it.",
            code="stale",
        )
    if decklist.status == DecklistStatus.SUBMITTED:
        return decklist
    if decklist.status in FROZEN:
        raise ConflictError("This decklist was already accepted.", code="accepted")
    if not decklist.cards:
        raise DomainError("The list names no cards yet.", code="empty")
    if decklist.error_count and not decklist.has_exception:
        raise DomainError(
            f"The list has {decklist.error_count} error(s); fix them, or ask the head judge to accept "
            "an exception. It stays saved as a draft.",
            code="illegal",
        )
    before = _snapshot(decklist)
    decklist.status = DecklistStatus.SUBMITTED
    decklist.submitted_at = timezone.now()
    decklist.is_late = is_past_deadline(decklist.registration.event, now=decklist.submitted_at)
    if decklist.kind == DecklistKind.POOL and decklist.registered_by_id is None:
        decklist.registered_by = actor
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.submit",
        before=before,
        after={**_snapshot(decklist), "is_late": decklist.is_late},
        event_id=decklist.registration.event_id,
    )
    return decklist


# -- official actions ----------------------------------------------------------------------


@transaction.atomic
def accept_decklist(decklist: Decklist, *, actor) -> Decklist:
    """An official accepts a submitted list (TR&P 3.7); from then on the player cannot alter it.

    Idempotent for an accepted or locked list. Raises DomainError for a draft, or for a
    list with errors and no head-judge exception.
    """
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    access.require_official(actor, event)
    require_event_open(event)
    if decklist.status in FROZEN:
        return decklist
    if decklist.status != DecklistStatus.SUBMITTED:
        raise DomainError("Only a submitted list can be accepted; this one is still a draft.", code="draft")
    if decklist.error_count and not decklist.has_exception:
        raise DomainError(
            f"The list has {decklist.error_count} error(s); the head judge must accept an exception first.",
            code="illegal",
        )
    before = _snapshot(decklist)
    decklist.status = DecklistStatus.ACCEPTED
    decklist.accepted_at = timezone.now()
    decklist.accepted_by = actor
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.accept",
        before=before,
        after=_snapshot(decklist),
        event_id=event.id,
    )
    news.send(sender="decklist.accept", event=event, decklist=decklist, reason="")
    return decklist


@transaction.atomic
def reject_decklist(decklist: Decklist, *, actor, reason: str) -> Decklist:
    """TR&P 3.7: an illegal, illegible or badly formatted list may be rejected: back to draft."""
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    access.require_official(actor, event)
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError("Say why the list is rejected.", field="reason")
    if decklist.status != DecklistStatus.SUBMITTED:
        raise ConflictError("Only a submitted list can be rejected.", code="not_submitted")
    before = _snapshot(decklist)
    decklist.status = DecklistStatus.DRAFT
    decklist.submitted_at = None
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.reject",
        before=before,
        after=_snapshot(decklist),
        reason=reason,
        event_id=event.id,
    )
    news.send(sender="decklist.reject", event=event, decklist=decklist, reason=reason.strip())
    return decklist


@transaction.atomic
def grant_exception(decklist: Decklist, *, actor, reason: str) -> Decklist:
    """The head judge accepts a list despite its errors; the exception and reason are recorded."""
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    access.require_head_judge(actor, event)
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError("An exception needs a reason.", field="reason")
    before = {**_snapshot(decklist), "exception_reason": decklist.exception_reason}
    decklist.exception_by = actor
    decklist.exception_reason = reason.strip()
    decklist.exception_at = timezone.now()
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.exception",
        before=before,
        after={**_snapshot(decklist), "exception_reason": decklist.exception_reason},
        reason=reason,
        event_id=event.id,
    )
    return decklist


@transaction.atomic
def fix_decklist(decklist: Decklist, *, actor, text: str, reason: str, db: Any = None) -> Decklist:
    """PPG 4.4 (Decklist Error): the head judge updates the list to match the player's intent,
    or removes illegal cards. Status is kept; the before and after are audited.

    For a limited pool this is the judge's sign-off of a correction (TR&P 8.1.1 "Validate").
    """
    decklist = _lock_row(decklist.registration, decklist.kind)
    event = decklist.registration.event
    if decklist.kind == DecklistKind.POOL and decklist.status == DecklistStatus.SUBMITTED:
        access.require_official(actor, event)
    elif decklist.status in FROZEN:
        access.require_head_judge(actor, event)
    else:
        access.require_manager(actor, event)
    require_event_open(event)
    if not (reason or "").strip():
        raise DomainError("A correction needs a reason.", field="reason")
    check_text(text)
    before = _snapshot(decklist)
    result = run_validation(decklist, text, db=db)
    _apply(decklist, text, result)
    decklist.source = DecklistSource.JUDGE_FIX
    decklist.version += 1
    if decklist.kind == DecklistKind.POOL:
        decklist.signed_off_by = actor
        decklist.signed_off_at = timezone.now()
    decklist.save()
    record_audit(
        decklist,
        actor=actor,
        action="decklist.fix",
        before=before,
        after=_snapshot(decklist),
        reason=reason,
        event_id=event.id,
    )
    return decklist


@transaction.atomic
def lock_event_decklists(event: Event, *, actor) -> int:
    """Lock every accepted list of the event (e.g. when round 1 begins). Returns how many."""
    access.require_manager(actor, event)
    require_event_open(event)
    now = timezone.now()
    count = 0
    for decklist in Decklist.objects.select_for_update().filter(
        registration__event=event, status=DecklistStatus.ACCEPTED
    ):
        before = _snapshot(decklist)
        decklist.status = DecklistStatus.LOCKED
        decklist.locked_at = now
        decklist.save(update_fields=["status", "locked_at", "updated_at"])
        record_audit(
            decklist,
            actor=actor,
            action="decklist.lock",
            before=before,
            after=_snapshot(decklist),
            event_id=event.id,
        )
        count += 1
    return count


def _policy_for_update(event: Event) -> DecklistPolicy:
    policy, _ = DecklistPolicy.objects.select_for_update().get_or_create(event=event)
    return policy


@transaction.atomic
def set_decklist_deadline(
    event: Event,
    *,
    actor,
    deadline: datetime | None,
    construction_ends_at: datetime | None = None,
    limited_sets: str | None = None,
) -> DecklistPolicy:
    """TR&P 3.7: the organizer may set another time for handing lists in; for limited
    events also the end of deck construction and the set(s) used (TR&P 8.1, 8.2)."""
    access.require_manager(actor, event)
    policy = _policy_for_update(event)
    before = {
        "deadline": policy.deadline,
        "construction_ends_at": policy.construction_ends_at,
        "limited_sets": policy.limited_sets,
    }
    policy.deadline = deadline
    policy.construction_ends_at = construction_ends_at
    if limited_sets is not None:
        codes = [c.strip().upper() for c in limited_sets.replace(";", ",").split(",") if c.strip()]
        bad = [c for c in codes if not c.isalnum() or len(c) > 6]
        if bad:
            raise DomainError(
                f"Set codes are short letters and digits such as HNT; not {', '.join(bad)}.",
                field="limited_sets",
            )
        policy.limited_sets = ", ".join(codes)
    policy.save()
    record_audit(
        event,
        actor=actor,
        action="decklist.deadline",
        before=before,
        after={
            "deadline": deadline,
            "construction_ends_at": construction_ends_at,
            "limited_sets": policy.limited_sets,
        },
        event_id=event.id,
    )
    return policy


@transaction.atomic
def publish_event_decklists(event: Event, *, actor) -> DecklistPolicy:
    """TR&P 3.7: after the event the organizer may publish its accepted lists."""
    access.require_organizer(actor, event)
    if event.status != EventStatus.FINISHED:
        raise DomainError("Decklists can be published once the event is finished.", code="not_finished")
    policy = _policy_for_update(event)
    if policy.published_at is not None:
        return policy
    policy.published_at = timezone.now()
    policy.published_by = actor
    policy.save()
    record_audit(
        event,
        actor=actor,
        action="decklist.publish",
        before=None,
        after={"published_at": policy.published_at},
        event_id=event.id,
    )
    return policy


# -- jobs ----------------------------------------------------------------------------------


@transaction.atomic
def start_job(event: Event, *, actor, kind: str, release=None) -> GeneratedFile:
    """Create the job's generated-file row (``core.files``); the caller queues the task with
    ``transaction.on_commit``. A re-validation job has a JSON result and no file.

    For re-validation, ``release`` (a CardDataRelease or its id) checks the lists against
    that card-data release instead of the event's own (e.g. a newly imported one).
    Raises ConflictError when the same job is already pending or running.
    """
    if kind == JobKind.REVALIDATE:
        access.require_manager(actor, event)
    else:
        access.require_official(actor, event)
    result: dict = {}
    if release not in (None, ""):
        chosen = release_or_active(release, game=event.game)
        if chosen.game != event.game:
            raise DomainError("That card-data release is for another game.", field="release")
        result = {"release_id": chosen.pk, "release": chosen.label}
    fail_stale_files(app_label=selectors.JOBS_APP, event_id=event.pk, kind=kind)  # a dead worker's job
    if selectors.jobs_for_event(event, kind=kind).filter(status__in=["pending", "running"]).exists():
        raise ConflictError("The same job is already running for this event.", code="running")
    return start_generated_file(
        selectors.JOBS_APP,
        kind,
        title=JobKind(kind).label,
        event_id=event.pk,
        requested_by=actor,
        result=result,
    )


def revalidate_decklists(
    decklists: list[Decklist],
    *,
    db: Any = None,
    actor=None,
    progress: Callable[[int, int], None] | None = None,
    chunk_size: int = 100,
) -> list[dict]:
    """Re-check every list against the card data (a new release can change legality).

    Stored text is re-read and re-checked; a list whose legality, findings or cards changed
    is saved and audited; the others only get the new data version. Work is committed in
    chunks of ``chunk_size`` lists. Returns one row per changed list: id, player, status,
    was_legal, is_legal, the new findings. Status is not changed: the officials decide
    what to do (PPG 4.4).
    """
    changes: list[dict] = []
    total = len(decklists)
    dbs: dict[int, tuple[Any, str]] = {}
    sets: dict[int, frozenset[str]] = {}
    pool_cache: dict[int, list[dict] | None] = {}
    for start in range(0, total, chunk_size):
        chunk = decklists[start : start + chunk_size]
        unchanged: list[Decklist] = []
        now = timezone.now()
        with transaction.atomic():
            for decklist in chunk:
                event = decklist.registration.event
                if db is not None:
                    event_db, note = db, "the release chosen for this re-validation"
                else:
                    if event.pk not in dbs:
                        dbs[event.pk] = card_data_for(event)
                    event_db, note = dbs[event.pk]
                pool_cards = None
                if decklist.kind == DecklistKind.DECK:
                    if decklist.registration_id not in pool_cache:
                        pool_cache[decklist.registration_id] = _pool_cards(decklist.registration)
                    pool_cards = pool_cache[decklist.registration_id]
                result = validate_text(
                    decklist.raw_text,
                    db=event_db,
                    release_note=note,
                    format_code=event.format,
                    as_of=event_date(event),
                    kind=decklist.kind,
                    rules_edition=event.trp_version if event.trp_version in ("2023", "2025") else "2025",
                    pool_cards=pool_cards,
                    set_codes=sets.setdefault(event.pk, limited_set_codes(event)),
                    timeline=format_timeline(),
                )
                result.findings += team_findings(decklist, result.hero)
                old_codes = {(f.get("code"), tuple(f.get("cards") or ())) for f in decklist.findings}
                new_codes = {(f.get("code"), tuple(f.get("cards") or ())) for f in result.findings}
                if (
                    result.is_legal == decklist.is_legal
                    and old_codes == new_codes
                    and result.cards == decklist.cards
                ):
                    decklist.data_version = result.data_version
                    decklist.basis = result.basis
                    decklist.validated_at = now
                    unchanged.append(decklist)
                    continue
                before = {**_snapshot(decklist), "findings": decklist.findings}
                was_legal = decklist.is_legal
                _apply(decklist, decklist.raw_text, result)
                decklist.save()
                record_audit(
                    decklist,
                    actor=actor,
                    action="decklist.revalidate",
                    before=before,
                    after={**_snapshot(decklist), "findings": decklist.findings},
                    event_id=event.id,
                )
                changes.append(
                    {
                        "decklist_id": decklist.pk,
                        "player": decklist.registration.player.display_name,
                        "status": decklist.status,
                        "was_legal": was_legal,
                        "is_legal": decklist.is_legal,
                        "findings": [
                            f
                            for f in result.findings
                            if (f.get("code"), tuple(f.get("cards") or ())) not in old_codes
                        ],
                        "data_version": result.data_version,
                    }
                )
            if unchanged:
                Decklist.objects.bulk_update(unchanged, ["data_version", "basis", "validated_at"])
        if progress is not None:
            progress(min(start + chunk_size, total), total)
    return changes


def revalidation_output(job: GeneratedFile, progress: Progress, *, db: Any = None) -> Output:
    """Re-validate every list of the job's event (the producer of a re-validation job, run by
    ``core.files.run_generated_file``): the result lists the lists whose status changed."""
    event = Event.objects.get(pk=job.event_pk)
    decklists = list(selectors.decklists_for_event(event))
    progress(0, len(decklists))
    chosen = dict(job.result or {})
    if db is None and chosen.get("release_id"):
        db = card_database(chosen["release_id"], game=event.game)
    changes = revalidate_decklists(decklists, db=db, actor=job.created_by, progress=progress, chunk_size=50)
    return Output(result={**chosen, "changes": changes, "checked": len(decklists)})


def lists_waiting_on_card_data(game: str) -> list[Decklist]:
    """Lists of events of ``game`` not finished or cancelled that name unknown cards."""
    candidates = (
        Decklist.objects.filter(registration__event__game=game)
        .exclude(registration__event__status__in=[EventStatus.FINISHED, EventStatus.CANCELLED])
        .exclude(problems=[])
        .select_related("registration__event", "registration__player")
    )
    return [d for d in candidates if any(p.get("code") == "UNKNOWN_CARD" for p in d.problems)]


def revalidate_waiting_lists(game: str, release_id: int | None = None) -> list[dict]:
    """Re-validate the lists waiting on card data (``lists_waiting_on_card_data``); audited
    per changed list like any re-validation (no actor: the system did it).

    ``release_id``: the release that just landed. An event whose date it was already
    published on is checked against it (those lists name cards only newer data knows, even
    when the event pinned an older release); other events use their own data as usual.
    A card pool (``rules_engine.pool``) that lands checks every event's lists from then on, so
    every list of an unfinished event of the game is re-validated, not only the waiting ones.
    """
    landed = CardDataRelease.objects.filter(pk=release_id).first() if release_id else None
    if landed is not None and landed.source == POOL_SOURCE:
        waiting = list(
            Decklist.objects.filter(registration__event__game=game)
            .exclude(registration__event__status__in=[EventStatus.FINISHED, EventStatus.CANCELLED])
            .select_related("registration__event", "registration__player")
            .order_by("registration__event_id", "pk")
        )
    else:
        waiting = lists_waiting_on_card_data(game)
    by_event: dict[int, list[Decklist]] = {}
    for decklist in waiting:
        by_event.setdefault(decklist.registration.event_id, []).append(decklist)
    changes: list[dict] = []
    for lists in by_event.values():
        event = lists[0].registration.event
        db = None
        if landed is not None and landed.current_from <= event_date(event):
            db = card_database(landed, game=game)
        changes += revalidate_decklists(lists, db=db, actor=None)
    return changes


def lists_covered_by_status(
    game: str, format_code: str, effective_from: date, effective_until: date | None = None
) -> list[Decklist]:
    """Lists of events of ``game`` not finished or cancelled (upcoming or running) whose event
    date falls in [``effective_from``, ``effective_until``) and whose format consults the
    status's format list (``rules_engine.legality.status_lists``: a CC ban also reaches Team
    CC, a GA Standard ban Team Standard)."""
    from rules_engine.formats import UnknownFormat
    from rules_engine.legality import status_lists

    events = Event.objects.filter(game=game).exclude(status__in=[EventStatus.FINISHED, EventStatus.CANCELLED])
    wanted: list[int] = []
    for event in events:
        day = event_date(event)
        if day < effective_from or (effective_until is not None and day >= effective_until):
            continue
        try:
            consulted = status_lists(event.format)
        except UnknownFormat:
            consulted = (format_code,)
        if format_code in consulted:
            wanted.append(event.pk)
    return list(
        Decklist.objects.filter(registration__event_id__in=wanted)
        .select_related("registration__event", "registration__player")
        .order_by("registration__event_id", "pk")
    )


def revalidate_status_lists(
    game: str,
    format_code: str,
    effective_from: date,
    effective_until: date | None = None,
    *,
    actor=None,
) -> list[dict]:
    """A ban or restriction was recorded (or withdrawn): re-validate the lists it may change
    (``lists_covered_by_status``) against their events' own card data, audited per changed
    list like any re-validation (``decklist.revalidate``)."""
    from cards.selectors import forget_status_sources

    forget_status_sources()  # a worker process may still hold the statuses it looked up
    lists = lists_covered_by_status(game, format_code, effective_from, effective_until)
    return revalidate_decklists(lists, actor=actor) if lists else []


def on_card_statuses_changed(
    sender: Any,
    *,
    game: str,
    format_code: str,
    effective_from: date,
    effective_until: date | None = None,
    actor: Any = None,
    **kwargs: Any,
) -> None:
    """Receiver of ``cards.services.card_statuses_changed``: queue the re-validation."""
    from .tasks import task_revalidate_status_lists

    task_revalidate_status_lists.delay(
        game=game,
        format_code=format_code,
        effective_from=effective_from.isoformat(),
        effective_until=effective_until.isoformat() if effective_until else None,
        actor_id=getattr(actor, "pk", None),
    )


def on_card_data_changed(sender: Any, *, release: Any, **kwargs: Any) -> None:
    """Receiver of ``cards.services.card_data_changed``: queue the re-validation."""
    # Imported here: tasks.py imports this module (its tasks call these services).
    from .tasks import task_revalidate_unknown_card_lists

    task_revalidate_unknown_card_lists.delay(game=release.game, release_id=release.pk)
