"""Statuses (banned, suspended, living legend...) recorded by organizers and head judges, audited;
signals ``card_statuses_changed`` so the decklists app re-validates."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cards import selectors
from core.audit import record_audit
from core.errors import DomainError
from rules_engine.cards import format_code as to_code

from ..models import RecordedStatus
from ._common import _forget_status_sources, card_statuses_changed

# -- statuses recorded by organizers and head judges ------------------------------------------

RECORDED_STATUSES = ("banned", "suspended", "restricted", "living_legend", "lifted")


def _status_snapshot(rs: RecordedStatus) -> dict:
    return {
        "game": rs.game,
        "card": rs.card_name,
        "pitch": rs.pitch,
        "format": rs.format,
        "status": rs.status,
        "effective_from": rs.effective_from,
        "effective_until": rs.effective_until,
        "source_url": rs.source_url,
        "withdrawn_at": rs.withdrawn_at,
    }


def can_record_statuses(actor) -> bool:
    """Staff (organizers' and head judges' accounts on this site) record statuses."""
    return bool(actor is not None and getattr(actor, "is_authenticated", False) and actor.is_staff)


@transaction.atomic
def record_status(
    *,
    actor,
    card_name: str,
    format_code: str,
    status: str,
    effective_from,
    source_url: str,
    pitch: int | None = None,
    effective_until=None,
    game: str = "fab",
    note: str = "",
    check_card: bool = True,
) -> RecordedStatus:
    """Record a ban/suspension/restriction/living-legend status announced after the newest data.

    The card must exist in some imported release of ``game`` (``check_card``); the status
    applies from ``effective_from`` to every release (``cards.selectors.card_database``)
    until a data release states it. Audited. Raises DomainError for bad input.
    """

    if status not in RECORDED_STATUSES:
        raise DomainError(
            _("status must be one of %(recorded_statuses)s")
            % {"recorded_statuses": ", ".join(RECORDED_STATUSES)},
            field="status",
        )
    if not (card_name or "").strip():
        raise DomainError(_("name the card"), field="card_name")
    if not (source_url or "").strip():
        raise DomainError(_("give the URL of the announcement"), field="source_url")
    if effective_until is not None and effective_until <= effective_from:
        raise DomainError(_("the end date must be after the start date"), field="effective_until")
    code = to_code(format_code)
    if check_card:
        name = selectors.known_card_name(card_name, game=game)
        if name is None:
            raise DomainError(
                _("no card named %(card_name)s in the imported %(game)s card data")
                % {"card_name": repr(card_name), "game": game},
                field="card_name",
            )
        card_name = name
    rs = RecordedStatus.objects.create(
        game=game,
        card_name=card_name.strip(),
        pitch=pitch,
        format=code,
        status=status,
        effective_from=effective_from,
        effective_until=effective_until,
        source_url=source_url.strip(),
        note=note,
        recorded_by=actor if getattr(actor, "is_authenticated", False) else None,
    )
    record_audit(rs, actor=actor, action="card_status.record", after=_status_snapshot(rs))
    _forget_status_sources()
    transaction.on_commit(_forget_status_sources)
    _announce_status_change(rs, actor)
    return rs


def _announce_status_change(rs: RecordedStatus, actor) -> None:
    """Once committed (after the status caches are forgotten), tell ``card_statuses_changed``."""
    payload = {
        "game": rs.game,
        "format_code": rs.format,
        "effective_from": rs.effective_from,
        "effective_until": rs.effective_until,
        "actor": actor if getattr(actor, "is_authenticated", False) else None,
    }
    transaction.on_commit(lambda: card_statuses_changed.send(sender=RecordedStatus, **payload))


@transaction.atomic
def withdraw_status(rs: RecordedStatus, *, actor, reason: str = "") -> RecordedStatus:
    """Stop applying a recorded status (entered by mistake). Audited; the row is kept."""

    before = _status_snapshot(rs)
    rs.withdrawn_at = timezone.now()
    rs.save(update_fields=["withdrawn_at"])
    record_audit(
        rs,
        actor=actor,
        action="card_status.withdraw",
        before=before,
        after=_status_snapshot(rs),
        reason=reason,
    )
    _forget_status_sources()
    transaction.on_commit(_forget_status_sources)
    _announce_status_change(rs, actor)
    return rs
