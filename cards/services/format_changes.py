"""Dated format rule changes recorded by officials, audited."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import DomainError
from rules_engine.format_timeline import FormatChange, validate_change
from rules_engine.formats import UnknownFormat, get_format

from ..models import FormatRuleChange
from ._common import _forget_status_sources, card_statuses_changed

# -- dated format changes recorded by officials ----------------------------------------------------


def _format_change_snapshot(fc: FormatRuleChange) -> dict:
    return {
        "format": fc.format,
        "effective_from": fc.effective_from,
        "changes": fc.changes,
        "source": fc.source,
        "confirmed": fc.confirmed,
        "note": fc.note,
        "withdrawn_at": fc.withdrawn_at,
    }


@transaction.atomic
def record_format_change(
    *,
    actor,
    format_code: str,
    effective_from,
    source: str,
    changes: dict | None = None,
    confirmed: bool = False,
    note: str = "",
) -> FormatRuleChange:
    """Record a dated change of a format's rules (``rules_engine.format_timeline``): the rule
    values it sets from ``effective_from``, its source, whether it is confirmed. It joins the
    shipped timeline and replaces a shipped entry of the same format and date. Audited.
    Raises DomainError for an unknown format, a value that is not a rule, or no source."""

    try:
        code = get_format(format_code).code
    except UnknownFormat as exc:
        raise DomainError(str(exc), field="format") from None
    if not (source or "").strip():
        raise DomainError(_("name the announcement or document that states the change"), field="source")
    values = dict(changes or {})
    try:
        validate_change(FormatChange(code, effective_from, values, source=source))
    except ValueError as exc:
        raise DomainError(str(exc), field="changes") from None
    fc = FormatRuleChange.objects.create(
        format=code,
        effective_from=effective_from,
        changes=values,
        source=source.strip(),
        confirmed=confirmed,
        note=note,
        recorded_by=actor if getattr(actor, "is_authenticated", False) else None,
    )
    record_audit(fc, actor=actor, action="format_change.record", after=_format_change_snapshot(fc))
    _forget_status_sources()
    transaction.on_commit(_forget_status_sources)
    _announce_format_change(fc, actor)
    return fc


def _announce_format_change(fc: FormatRuleChange, actor) -> None:
    """Once committed, tell ``card_statuses_changed`` (as a recorded status does): the lists of
    unfinished events of that format dated on or after the change are re-validated."""

    payload = {
        "game": get_format(fc.format).game,
        "format_code": fc.format,
        "effective_from": fc.effective_from,
        "effective_until": None,
        "actor": actor if getattr(actor, "is_authenticated", False) else None,
    }
    transaction.on_commit(lambda: card_statuses_changed.send(sender=FormatRuleChange, **payload))


@transaction.atomic
def withdraw_format_change(fc: FormatRuleChange, *, actor, reason: str = "") -> FormatRuleChange:
    """Stop applying a recorded format change. Audited; the row is kept."""
    before = _format_change_snapshot(fc)
    fc.withdrawn_at = timezone.now()
    fc.save(update_fields=["withdrawn_at"])
    record_audit(
        fc,
        actor=actor,
        action="format_change.withdraw",
        before=before,
        after=_format_change_snapshot(fc),
        reason=reason,
    )
    _forget_status_sources()
    transaction.on_commit(_forget_status_sources)
    _announce_format_change(fc, actor)
    return fc
