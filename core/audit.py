"""The one way to leave an audit record (who, when, before, after), and the one way to read
an event's records for a person (``audit_entries_for``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q, QuerySet

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


# --------------------------------------------------------------------------- reading the trail
#
# An audit entry's before/after is a copy of the object it is about, so whoever reads the trail
# reads the object. The trail is therefore read through the same lens as the object: each app
# that owns objects some officials may not read (judge calls, penalties, deck checks,
# reconstructions, decklists) registers a policy for its action namespace ("judge_call" for
# "judge_call.rule"), and the readers of the trail (``audit_entries_for``) apply it.


@dataclass(frozen=True)
class AuditView:
    """What a reader sees of the entries of one namespace: their before/after cut down to
    ``keys`` (None: every key) and, when ``reason`` is False, no reason."""

    keys: frozenset[str] | None = None
    reason: bool = True


#: The whole entry.
FULL_VIEW = AuditView()

#: ``policy(user, event) -> AuditView | None``: None hides the namespace's entries altogether.
AuditPolicy = Callable[[Any, Any], "AuditView | None"]

_policies: dict[str, AuditPolicy] = {}


def register_audit_policy(namespace: str, policy: AuditPolicy) -> None:
    """Read the entries whose action is ``<namespace>.<verb>`` through ``policy`` (called from
    the owning app's ``AppConfig.ready``; registering the same namespace again replaces it)."""
    _policies[namespace] = policy


def audit_policies() -> dict[str, AuditPolicy]:
    """The registered policies by namespace (a copy)."""
    return dict(_policies)


def action_namespace(action: str) -> str:
    return action.split(".", 1)[0]


def _cut(snapshot: Any, keys: frozenset[str]) -> Any:
    if not isinstance(snapshot, dict):
        return None
    return {k: v for k, v in snapshot.items() if k in keys}


def audit_entries_for(
    user: Any, event: Any, entries: QuerySet[AuditEntry], *, limit: int
) -> list[AuditEntry]:
    """The first ``limit`` of ``entries`` (one event's) as ``user`` may read them: a hidden
    namespace's entries are left out in the query (so ``limit`` counts only what is shown), a
    partly visible one's before/after keep only the policy's keys. Namespaces without a policy
    are read whole: the caller has already checked that ``user`` reads the event's trail.

    The redacted entries are copies cut down in memory; they are never saved."""
    views = {namespace: policy(user, event) for namespace, policy in _policies.items()}
    hidden = Q()
    for namespace, view in views.items():
        if view is None:
            hidden |= Q(action__startswith=f"{namespace}.")
    shown = list((entries.exclude(hidden) if hidden else entries)[:limit])
    for entry in shown:
        view = views.get(action_namespace(entry.action)) or FULL_VIEW
        if view.keys is not None:
            entry.before = _cut(entry.before, view.keys)
            entry.after = _cut(entry.after, view.keys)
        if not view.reason:
            entry.reason = ""
    return shown
