"""Export one event as one document (every row of its model graph and its audit trail)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone

from cards.models import CardDataRelease
from core.models import AuditEntry
from tournament.models import Event, PlayerProfile

from ._common import FORMAT, FORMAT_VERSION, MATCHED, _chunks, _encode, _label, _m2m, _relations, event_models

# -------------------------------------------------------------------------- export


def collect_rows(event: Event) -> dict[type[models.Model], list[int]]:
    """The primary keys of every row of ``event`` (see the module doc), per model."""
    order = event_models()
    ids: dict[type[models.Model], set] = {m: set() for m in order}
    ids[Event] = {event.pk}
    changed = True
    while changed:  # a row may reach the event only through a model found later
        changed = False
        for model in order:
            if model in (Event, AuditEntry):
                continue
            for f in _relations(model):
                parents = ids.get(f.related_model) if f.related_model is not None else None
                if not parents or f.related_model is model:
                    continue
                for chunk in _chunks(parents):
                    found = set(
                        model._base_manager.filter(**{f"{f.name}__in": chunk}).values_list("pk", flat=True)
                    )
                    if not found <= ids[model]:
                        ids[model] |= found
                        changed = True
    audit = set(AuditEntry.objects.filter(event_id=event.pk).values_list("pk", flat=True))
    for model in order[:-1]:
        ct = ContentType.objects.get_for_model(model)
        for chunk in _chunks(str(pk) for pk in ids[model]):
            audit |= set(
                AuditEntry.objects.filter(content_type=ct, object_id__in=chunk).values_list("pk", flat=True)
            )
    ids[AuditEntry] = audit
    return {model: sorted(ids[model]) for model in order}


def _row(obj: models.Model) -> dict:
    row: dict[str, Any] = {}
    for f in obj._meta.concrete_fields:
        if f.primary_key:
            continue
        row[f.attname if f.is_relation else f.name] = f.value_from_object(obj)
    for f in _m2m(type(obj)):
        row[f.name] = sorted(getattr(obj, f.name).values_list("pk", flat=True))
    return row


def export_event(event: Event) -> dict:
    """The event file's content (a JSON-able dict) for ``event``."""
    rows = collect_rows(event)
    referenced: dict[str, set] = defaultdict(set)
    data: dict[str, list] = {}
    for model, pks in rows.items():
        out = []
        for chunk in _chunks(pks):
            for obj in model._base_manager.filter(pk__in=chunk).order_by("pk"):
                row = _row(obj)
                for f in _relations(model):
                    value = row.get(f.attname)
                    if value is not None and _label(f.related_model) in MATCHED:
                        referenced[_label(f.related_model)].add(value)
                for f in _m2m(model):
                    if _label(f.related_model) in MATCHED:
                        referenced[_label(f.related_model)].update(row[f.name])
                out.append({"pk": obj.pk, "fields": row})
        data[_label(model)] = out
    User = get_user_model()
    profiles = list(
        PlayerProfile.objects.filter(pk__in=referenced["tournament.playerprofile"]).order_by("pk")
    )
    user_ids = referenced[_label(User)] | {p.user_id for p in profiles if p.user_id}
    profile_of_user = dict(
        PlayerProfile.objects.filter(user_id__in=user_ids).values_list("user_id", "player_id")
    )
    users = [
        {
            "pk": u.pk,
            "username": u.get_username(),
            "first_name": getattr(u, "first_name", ""),
            "last_name": getattr(u, "last_name", ""),
            "email": getattr(u, "email", ""),
            "is_active": u.is_active,
            "player_id": profile_of_user.get(u.pk),
        }
        for u in User._base_manager.filter(pk__in=user_ids).order_by("pk")
    ]
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": timezone.now(),
        "event": event.slug,
        "users": users,
        "player_profiles": [
            {
                "pk": p.pk,
                "player_id": p.player_id,
                "display_name": p.display_name,
                "banned": p.banned,
                "suspended_until": p.suspended_until,
                "user": p.user_id,
            }
            for p in profiles
        ],
        "card_releases": [
            {"pk": r.pk, "game": r.game, "source": r.source, "version": r.version}
            for r in CardDataRelease.objects.filter(pk__in=referenced["cards.carddatarelease"]).order_by("pk")
        ],
        "content_types": [
            {"pk": ct.pk, "app_label": ct.app_label, "model": ct.model}
            for ct in ContentType.objects.filter(pk__in=referenced["contenttypes.contenttype"]).order_by("pk")
        ],
        "rows": data,
    }


def dumps(document: dict) -> str:
    return json.dumps(document, default=_encode, ensure_ascii=False, indent=1)
