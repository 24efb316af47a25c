"""Pairing constraints: players staff keep apart (issue 32).

Swiss pairing avoids a keep-apart pair exactly as it avoids a rematch (``pairings.swiss``:
``PlayerState.avoid``); the top cut ignores it (brackets follow the standings, TR&P 3.1). Staff
who manage players (organizer, head judge, scorekeeper) add and remove pairs before or during
the event; each change is audited. The reason is shown to staff only.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import ConflictError, DomainError

from ..access import require
from ..models import KeepApart, Registration
from ._common import _atomic, _audit, require_event_open

MAX_REASON = 500


def _snapshot(pair: KeepApart) -> dict:
    return {
        "first": pair.first_id,
        "second": pair.second_id,
        "players": [pair.first.player.display_name, pair.second.player.display_name],
        "reason": pair.reason,
    }


@_atomic
def keep_apart(event, *, first: Registration, second: Registration, actor, reason: str = "") -> KeepApart:
    """Keep two players of ``event`` from being paired against each other in Swiss rounds."""
    require(actor, event, "manage_players", "keep players apart")
    require_event_open(event)
    if first.event_id != event.pk or second.event_id != event.pk:
        raise DomainError(_("both players must be registered in this event"), field="second")
    if first.pk == second.pk:
        raise DomainError(_("choose two different players to keep apart"), field="second")
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON:
        raise DomainError(
            _("the reason is at most %(max_reason)s characters") % {"max_reason": MAX_REASON}, field="reason"
        )
    low, high = sorted((first, second), key=lambda r: r.pk)
    existing = KeepApart.objects.filter(event=event, first=low, second=high).first()
    if existing is not None:
        raise ConflictError(
            _("%(display_name)s and %(display_name2)s are already kept apart")
            % {"display_name": low.player.display_name, "display_name2": high.player.display_name},
            code="duplicate",
        )
    pair = KeepApart.objects.create(event=event, first=low, second=high, reason=reason, created_by=actor)
    _audit(pair, event=event, actor=actor, action="pairing.keep_apart", after=_snapshot(pair), reason=reason)
    return pair


@_atomic
def end_keep_apart(pair: KeepApart, *, actor, reason: str = "") -> None:
    """Let two players be paired again (the constraint is deleted; the audit keeps it)."""
    event = pair.event
    require(actor, event, "manage_players", "change who is kept apart")
    require_event_open(event)
    locked = KeepApart.objects.select_for_update().filter(pk=pair.pk).first()
    if locked is None:
        raise ConflictError(_("those players are no longer kept apart"), code="gone")
    before = _snapshot(pair)
    locked.delete()
    _audit(pair, event=event, actor=actor, action="pairing.keep_apart_end", before=before, reason=reason)
