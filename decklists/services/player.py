"""The player's side of a decklist (TR&P 3.7): save a draft, take a suggestion, submit."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from rules_engine import decklist_text
from tournament.citations import cite
from tournament.enums import LIMITED_FORMATS
from tournament.models import Registration
from tournament.services import require_event_open

from ..enums import FROZEN, DecklistKind, DecklistSource, DecklistStatus
from ..models import Decklist
from ..text import check_text, text_for_parser
from ._common import (
    _apply,
    _check_author,
    _check_player_or_official,
    _default_kind,
    _lock_row,
    _snapshot,
    is_past_deadline,
    run_validation,
)

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
        raise DomainError(
            _("Unknown decklist kind %(kind)s.") % {"kind": repr(kind)}, code="invalid", field="kind"
        )
    limited = registration.event.format in LIMITED_FORMATS
    if limited != (kind in (DecklistKind.POOL, DecklistKind.DECK)):
        expected = "a pool registration or a deck" if limited else "a constructed decklist"
        raise DomainError(
            _("%(format)s takes %(expected)s (%(cite)s).")
            % {
                "format": registration.event.get_format_display(),
                "expected": expected,
                "cite": cite(registration.event, "decklist_kind"),
            },
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
            _(
                "Only the player edits their own list; an official changes a submitted list through a fix with a reason (%(cite)s)."
            )
            % {"cite": cite(registration.event, "decklist_frozen")}
        )
    if created:
        decklist = Decklist(registration=registration, kind=kind, version=0)
    else:
        if decklist.status in FROZEN:
            raise ConflictError(
                _("This decklist was accepted; only the head judge can change it now (%(cite)s).")
                % {"cite": cite(registration.event, "decklist_frozen")},
                code="accepted",
            )
        if kind == DecklistKind.POOL and decklist.status != DecklistStatus.DRAFT:
            raise ConflictError(
                _("This pool registration was handed in; corrections need a judge's sign-off (%(cite)s).")
                % {"cite": cite(registration.event, "pool_registration")},
                code="submitted",
            )
        if (
            decklist.status == DecklistStatus.SUBMITTED
            and actor is not None
            and is_past_deadline(registration.event)
        ):
            raise ConflictError(
                _(
                    "This list was submitted and the deadline has passed; only the head judge or the organizer changes it now, with a reason (%(cite)s)."
                )
                % {"cite": cite(registration.event, "decklist_frozen")},
                code="submitted",
            )
        if version is not None and int(version) != decklist.version:
            raise ConflictError(
                _(
                    "This decklist changed meanwhile (version %(version)s, you edited %(version2)s); reload it and try again."
                )
                % {"version": decklist.version, "version2": version},
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
        raise ConflictError(
            _("A decklist for this registration was saved at the same time; reload.")
        ) from None
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
            _("That suggestion is not offered for that line; edit the list instead."), field="line"
        )
    lines = decklist.raw_text.split("\n")
    if not 0 < line <= len(lines):
        raise DomainError(_("That line is no longer in the list; edit the list instead."), field="line")
    parsed = decklist_text.parse_decklist(text_for_parser(lines[line - 1])).lines
    if len(parsed) != 1:
        raise DomainError(_("That line names several cards: edit it by hand."), field="line")
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
            _("This decklist changed meanwhile (version %(version)s, you saw %(version2)s); reload it.")
            % {"version": decklist.version, "version2": version},
            code="stale",
        )
    if decklist.status == DecklistStatus.SUBMITTED:
        return decklist
    if decklist.status in FROZEN:
        raise ConflictError(_("This decklist was already accepted."), code="accepted")
    if not decklist.cards:
        raise DomainError(_("The list names no cards yet."), code="empty")
    if decklist.error_count and not decklist.has_exception:
        raise DomainError(
            _(
                "The list has %(error_count)s error(s); fix them, or ask the head judge to accept an exception. It stays saved as a draft."
            )
            % {"error_count": decklist.error_count},
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
