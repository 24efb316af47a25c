"""Coverage (issue 30): feature tables staff choose, and players who opt out of coverage (a player
who opts out is never seated at a feature table, and no overlay or coverage feed shows their
name). Every change is audited."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError, NotAllowed

from ..access import can, require
from ..models import FeatureTable, Registration
from ._common import _atomic, _audit, require_event_open

MAX_TABLE = 10_000


@_atomic
def add_feature_table(event, *, table_number: int, name: str = "", actor) -> FeatureTable:
    require(actor, event, "manage_players", "feature a table")
    require_event_open(event)
    if not isinstance(table_number, int) or not 1 <= table_number <= MAX_TABLE:
        raise DomainError(
            _("a table number is a whole number from 1 to %(max_table)s") % {"max_table": MAX_TABLE},
            field="table_number",
        )
    name = (name or "").strip()[:60]
    if FeatureTable.objects.filter(event=event, table_number=table_number).exists():
        raise ConflictError(
            _("table %(table_number)s is already featured") % {"table_number": table_number}, code="duplicate"
        )
    table = FeatureTable.objects.create(event=event, table_number=table_number, name=name)
    _audit(
        table,
        event=event,
        actor=actor,
        action="coverage.feature_table",
        after={"table": table_number, "name": name},
    )
    return table


@_atomic
def remove_feature_table(table: FeatureTable, *, actor) -> None:
    event = table.event
    require(actor, event, "manage_players", "change the feature tables")
    require_event_open(event)
    before = {"table": table.table_number, "name": table.name}
    table.delete()
    _audit(event, event=event, actor=actor, action="coverage.feature_table_removed", before=before)


@_atomic
def set_coverage_opt_out(registration: Registration, *, opt_out: bool, actor) -> Registration:
    """The player themselves, or staff who manage players, say whether the player is covered."""
    event = registration.event
    own = actor is not None and registration.player.user_id == getattr(actor, "pk", None)
    if not own and not can(actor, event, "manage_players"):
        raise NotAllowed(_("only the player or the staff who manage players change this"))
    require_event_open(event)
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    if reg.coverage_opt_out == bool(opt_out):
        return reg
    before = {"coverage_opt_out": reg.coverage_opt_out}
    reg.coverage_opt_out = bool(opt_out)
    reg.save(update_fields=["coverage_opt_out"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="coverage.opt_out",
        before=before,
        after={"coverage_opt_out": reg.coverage_opt_out},
    )
    return reg
