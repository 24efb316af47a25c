"""Decklist jobs (generated files) and revalidation when card data or card statuses change."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cards.models import CardDataRelease
from cards.selectors import (
    POOL_SOURCE,
    card_database,
    forget_status_sources,
    format_timeline,
    release_or_active,
)
from core.audit import record_audit
from core.documents import queued_language
from core.errors import ConflictError, DomainError
from core.files import Output, Progress, fail_stale_files, start_generated_file
from core.models import GeneratedFile
from rules_engine.formats import UnknownFormat
from rules_engine.legality import status_lists
from tournament.enums import EventStatus
from tournament.models import Event

from .. import access, selectors
from ..enums import DecklistKind, JobKind
from ..models import Decklist
from ..validation import validate_text
from ._common import (
    _apply,
    _pool_cards,
    _snapshot,
    card_data_for,
    event_date,
    limited_set_codes,
    team_findings,
)

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
        access.require(actor, event, "manage_decklists")
    else:
        access.require(actor, event, "review_decklists")
    result: dict = {}
    if release not in (None, ""):
        chosen = release_or_active(release, game=event.game)
        if chosen.game != event.game:
            raise DomainError(_("That card-data release is for another game."), field="release")
        result = {"release_id": chosen.pk, "release": chosen.label}
    fail_stale_files(app_label=selectors.JOBS_APP, event_id=event.pk, kind=kind)  # a dead worker's job
    if selectors.jobs_for_event(event, kind=kind).filter(status__in=["pending", "running"]).exists():
        raise ConflictError(_("The same job is already running for this event."), code="running")
    # A combined PDF is printed in the language of the official who asked (issue 31).
    params = {"language": queued_language(actor)} if kind == JobKind.RENDER else {}
    return start_generated_file(
        selectors.JOBS_APP,
        kind,
        title=JobKind(kind).label,
        event_id=event.pk,
        params=params,
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
                    event_db, note = db, _("the release chosen for this re-validation")
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
    from ..tasks import task_revalidate_status_lists  # noqa: PLC0415 (tasks import this module: a top-level import would be a cycle)

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
    from ..tasks import task_revalidate_unknown_card_lists  # noqa: PLC0415 (tasks import this module: a top-level import would be a cycle)

    task_revalidate_unknown_card_lists.delay(game=release.game, release_id=release.pk)
