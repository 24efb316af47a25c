"""The one way to leave an audit record (who, when, before, after)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder

from .models import AuditEntry


def _jsonable(value: Any) -> Any:
    if value is None:
        return None
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def record_audit(
    obj: Any,
    *,
    actor: Any,
    action: str,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    event_id: int | None = None,
) -> AuditEntry:
    """Store one audit entry for a change to ``obj``.

    ``actor`` may be None (a system action) or an anonymous user (stored as None).
    ``before``/``after`` are JSON-able snapshots (dates and decimals are converted).
    Call it inside the service's transaction so the record and the change commit together.
    """
    if actor is not None and not getattr(actor, "is_authenticated", False):
        actor = None
    content_type = None
    object_id = ""
    object_repr = ""
    if obj is not None:
        content_type = ContentType.objects.get_for_model(type(obj))
        object_id = str(getattr(obj, "pk", "") or "")
        object_repr = str(obj)[:200]
    return AuditEntry.objects.create(
        actor=actor,
        action=action,
        content_type=content_type,
        object_id=object_id,
        object_repr=object_repr,
        event_id=event_id,
        before=_jsonable(before),
        after=_jsonable(after),
        reason=reason,
    )


def audit_trail_for(obj: Any):
    """Audit entries for one object, newest first."""
    content_type = ContentType.objects.get_for_model(type(obj))
    return AuditEntry.objects.filter(content_type=content_type, object_id=str(obj.pk)).select_related("actor")
