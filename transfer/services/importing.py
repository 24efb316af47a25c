"""Import an event document: parse it within limits, check every value against its field, match
the rows it refers to (users, player profiles, card releases) and write the rows with new keys."""

from __future__ import annotations

import json
import secrets
import time as clock
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from cards.models import CardDataRelease
from core.audit import record_audit
from core.errors import DomainError
from core.i18n import names_and_more
from core.models import AuditEntry
from tournament.models import Event, PlayerProfile

from ._common import (
    CHUNK,
    FORMAT,
    FORMAT_VERSION,
    EventExists,
    ImportLimits,
    Progress,
    TransferError,
    _chunks,
    _label,
    _m2m,
    event_models,
    log,
)
from .export import collect_rows

# -------------------------------------------------------------------------- import


@dataclass
class ImportSummary:
    event: Event
    counts: dict[str, int] = field(default_factory=dict)
    users_matched: int = 0
    users_created: int = 0
    profiles_matched: int = 0
    profiles_created: int = 0
    #: usernames of the accounts created without an email address (no password reset for them)
    users_without_email: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: (model label, pk in the file) -> pk here
    pk_map: dict[tuple[str, Any], Any] = field(default_factory=dict)

    def describe(self) -> list[str]:
        lines = [
            _("imported event %(slug)s: %(counts)s")
            % {
                "slug": repr(self.event.slug),
                "counts": ", ".join(f"{n} {label}" for label, n in self.counts.items() if n),
            },
            _("player profiles: %(matched)s matched by player ID, %(created)s new")
            % {"matched": self.profiles_matched, "created": self.profiles_created},
            _(
                "user accounts: %(matched)s matched, %(created)s new (with a random password nobody knows: they "
                "choose theirs through the password reset, sent to their email address)"
            )
            % {"matched": self.users_matched, "created": self.users_created},
        ]
        if self.users_without_email:
            lines.append(
                _(
                    "new accounts without an email address (no password reset until an administrator gives them "
                    "one, or sets a password with manage.py changepassword): %(names)s"
                )
                % {"names": names_and_more(self.users_without_email, shown=20)}
            )
        return lines + [_("warning: %(warning)s") % {"warning": w} for w in self.warnings]

    def as_result(self) -> dict:
        """What a job row keeps of the import (JSON)."""
        return {"slug": self.event.slug, "event_id": self.event.pk, "lines": self.describe()}


def _bounded_int(limits: ImportLimits) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text.lstrip("-")) > limits.max_digits:
            raise TransferError(
                _("a number in the file has more than %(max_digits)s digits: %(text)s...")
                % {"max_digits": limits.max_digits, "text": text[:30]}
            )
        return int(text)

    return parse


def _no_constant(name: str) -> Any:
    raise TransferError(
        _("the file contains %(name)s, which is not a number an event file holds") % {"name": name}
    )


def loads(text: str | bytes, *, limits: ImportLimits | None = None) -> dict:
    """The event file ``text``, parsed and checked (``check_document``); ``TransferError`` with
    the reason when it is not one, is too large, or holds what no event file holds."""
    limits = limits or ImportLimits.from_settings()
    if len(text) > limits.max_bytes:
        raise TransferError(
            _("the file is larger than %(max_bytes)s bytes") % {"max_bytes": format(limits.max_bytes, ",")}
        )
    try:
        document = json.loads(text, parse_int=_bounded_int(limits), parse_constant=_no_constant)
    except RecursionError:
        raise TransferError(
            _("not an event file (nested deeper than %(max_depth)s levels)") % {"max_depth": limits.max_depth}
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, TransferError):
            raise
        raise TransferError(_("not an event file (invalid JSON: %(exc)s)") % {"exc": exc}) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise TransferError(_("not an event file (format is not %(format)s)") % {"format": repr(FORMAT)})
    version = document.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise TransferError(
            _(
                "event file version %(version)s is newer than this installation reads (%(format_version)s): update Arbiter here first"
            )
            % {"version": repr(version), "format_version": FORMAT_VERSION}
        )
    check_document(document, limits=limits)
    return document


#: The reference sections of a file: for each, the keys every entry has and their types.
_SECTIONS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "users": {"pk": (int, str), "username": str},
    "player_profiles": {"pk": (int, str), "player_id": str, "display_name": str},
    "card_releases": {"pk": (int, str), "game": str, "source": str, "version": str},
    "content_types": {"pk": (int, str), "app_label": str, "model": str},
}


def _walk_values(document: dict, limits: ImportLimits) -> None:
    """Refuse nesting deeper than the limit and NUL characters, naming where (no recursion)."""
    stack: list[tuple[Any, int, tuple]] = [(document, 0, ())]
    while stack:
        value, depth, path = stack.pop()
        if depth > limits.max_depth:
            raise TransferError(
                _("%(map)s...: nested deeper than %(max_depth)s levels")
                % {"map": ".".join(map(str, path[:6])), "max_depth": limits.max_depth}
            )
        if isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    raise TransferError(
                        _("%(map)s: a key contains a NUL character") % {"map": ".".join(map(str, path))}
                    )
                stack.append((item, depth + 1, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, (*path, n)) for n, item in enumerate(value))
        elif isinstance(value, str) and "\x00" in value:
            raise TransferError(
                _("%(map)s: a text contains a NUL character") % {"map": ".".join(map(str, path))}
            )


def check_document(document: dict, *, limits: ImportLimits | None = None) -> int:
    """Check the shape of an event file before anything is written; returns its row count.

    Every section is of the right type, every entry has its keys, the counts and nesting are
    within ``limits``; ``TransferError`` names the section, entry and key otherwise. Values are
    checked against their columns while importing (``import_event``)."""
    limits = limits or ImportLimits.from_settings()
    for section, keys in _SECTIONS.items():
        entries = document.get(section, [])
        if not isinstance(entries, list):
            raise TransferError(
                _("%(section)s: a list was expected, not %(name)s")
                % {"section": section, "name": type(entries).__name__}
            )
        if len(entries) > limits.max_people:
            raise TransferError(
                _("%(section)s: more than %(max_people)s entries")
                % {"section": section, "max_people": format(limits.max_people, ",")}
            )
        for n, entry in enumerate(entries, start=1):
            if not isinstance(entry, dict):
                raise TransferError(
                    _("%(section)s entry %(n)s: an object was expected") % {"section": section, "n": n}
                )
            for key, kind in keys.items():
                value = entry.get(key)
                if not isinstance(value, kind) or isinstance(value, bool) or value == "":
                    raise TransferError(
                        _("%(section)s entry %(n)s: %(key)s is missing or not a %(kind)s")
                        % {"section": section, "n": n, "key": repr(key), "kind": _kind(kind)}
                    )
    rows = document.get("rows", {})
    if not isinstance(rows, dict):
        raise TransferError(_("rows: an object of model labels was expected"))
    total = 0
    for label, entries in rows.items():
        if not isinstance(entries, list):
            raise TransferError(_("rows.%(label)s: a list was expected") % {"label": label})
        total += len(entries)
        if total > limits.max_rows:
            raise TransferError(
                _("the file has more than %(max_rows)s rows") % {"max_rows": format(limits.max_rows, ",")}
            )
        seen: set = set()
        for n, entry in enumerate(entries, start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("fields"), dict):
                raise TransferError(
                    _("%(label)s row %(n)s: an object with 'pk' and 'fields' was expected")
                    % {"label": label, "n": n}
                )
            pk = entry.get("pk")
            if not isinstance(pk, int | str) or isinstance(pk, bool):
                raise TransferError(
                    _("%(label)s row %(n)s: 'pk' is missing or not a number or text")
                    % {"label": label, "n": n}
                )
            if pk in seen:
                raise TransferError(
                    _("%(label)s row %(n)s: pk %(pk)s appears twice")
                    % {"label": label, "n": n, "pk": repr(pk)}
                )
            seen.add(pk)
    _walk_values(document, limits)
    return total


def _kind(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join({"int": "number", "str": "text"}.get(k.__name__, k.__name__) for k in kinds)


def _checked(f: models.Field, value: Any, where: str) -> Any:
    """``value`` as field ``f`` stores it, validated (length, range, format); TransferError
    naming ``where`` otherwise."""
    if value is None:
        if not f.null:
            raise TransferError(_("%(where)s: may not be empty (null)") % {"where": where})
        return None
    if isinstance(value, dict | list) and not isinstance(f, models.JSONField):
        raise TransferError(
            _("%(where)s: a single value was expected, not %(name)s")
            % {"where": where, "name": type(value).__name__}
        )
    try:
        value = f.to_python(value)
        f.run_validators(value)
        # The same range on every database (SQLite stores any size): a file that one site
        # accepts, every site accepts.
        bounds = BaseDatabaseOperations.integer_field_ranges.get(f.get_internal_type())
        if bounds is not None and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
            raise ValidationError(
                _("Ensure this value is less than or equal to %(bounds)s and at least %(bounds2)s.")
                % {"bounds": bounds[1], "bounds2": bounds[0]}
            )
    except ValidationError as exc:
        raise TransferError(
            _("%(where)s: %(messages)s (value %(str)s)")
            % {"where": where, "messages": " ".join(exc.messages), "str": repr(str(value)[:60])}
        ) from None
    except (TypeError, ValueError, OverflowError, ArithmeticError) as exc:
        raise TransferError(_("%(where)s: cannot be read (%(exc)s)") % {"where": where, "exc": exc}) from None
    return value


def delete_event_rows(event: Event) -> None:
    """Remove ``event`` and every row the event file would carry (children first)."""
    rows = collect_rows(event)
    for model in reversed(list(rows)):
        for chunk in _chunks(rows[model]):
            model._base_manager.filter(pk__in=chunk).delete()


def _keep_mirror_link_unique(event: Event, summary: ImportSummary) -> None:
    """A copy of a mirrored event (imported under another slug beside the original) cannot
    also be the one that re-imports from GEM or Omnidex update: it keeps the source's name but
    not its event id, and the summary says so."""
    if not event.mirror_source or not event.mirror_source_id:
        return
    taken = Event.objects.filter(
        mirror_source=event.mirror_source, mirror_source_id=event.mirror_source_id
    ).first()
    if taken is not None:
        summary.warnings.append(
            _(
                "event %(mirror_source_id)s of %(mirror_source)s is already mirrored here by %(slug)s: this copy is not linked to it (re-imports update the original)"
            )
            % {
                "mirror_source_id": repr(event.mirror_source_id),
                "mirror_source": event.get_mirror_source_display(),
                "slug": repr(taken.slug),
            }
        )
        event.mirror_source_id = ""


class _Cursor:
    """Where the import is, for the message of a failure found by the database, and its clock."""

    def __init__(self, limits: ImportLimits, total: int, progress: Progress | None) -> None:
        self.where = _("the file")
        self.limits = limits
        self.total = total
        self.done = 0
        self.progress = progress
        self.started = clock.monotonic()

    def step(self, where: str) -> None:
        self.where = where
        self.done += 1
        if self.done % 200 == 0:
            if clock.monotonic() - self.started > self.limits.max_seconds:
                raise TransferError(
                    _("the import took longer than %(max_seconds)s s: stopped at %(where)s")
                    % {"max_seconds": self.limits.max_seconds, "where": where}
                )
            if self.progress is not None and self.done % CHUNK == 0:
                self.progress(self.done, self.total)


def import_event(
    document: dict,
    *,
    replace: bool = False,
    slug: str | None = None,
    actor=None,
    progress: Progress | None = None,
    limits: ImportLimits | None = None,
) -> ImportSummary:
    """Create the event of ``document`` (see ``loads``) here with all its rows.

    All or nothing: one transaction, so a file that fails at any row (or an import stopped
    half-way) leaves no event, account or profile behind, and with ``replace`` the event it
    would have replaced is kept as it was. Refuses (EventExists) when an event with its slug
    exists, unless ``replace`` (that event and its rows are removed in the same transaction)
    or a new ``slug`` is given. Every refusal is a ``TransferError`` naming the model, row and
    field. ``progress(done, total)`` is called as rows are written. Audited (``event.imported``).
    """
    limits = limits or ImportLimits.from_settings()
    total = check_document(document, limits=limits)
    slug = slug or str(document.get("event") or "")
    if not slug:
        raise TransferError(_("the file names no event slug: give one (--slug)"))
    slug_field = Event._meta.get_field("slug")
    slug = _checked(slug_field, slug, "the event's slug")
    cursor = _Cursor(limits, total, progress)
    if progress is not None:
        progress(0, total)  # seen at once; what the transaction writes is seen when it commits
    try:
        with transaction.atomic():
            return _import_event(document, replace=replace, slug=slug, actor=actor, cursor=cursor)
    except DatabaseError as exc:
        log.warning("event import refused by the database at %s", cursor.where, exc_info=True)
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else exc.__class__.__name__
        raise TransferError(
            _("%(where)s: the database refused it (%(reason)s)") % {"where": cursor.where, "reason": reason}
        ) from None
    except DomainError:
        raise
    except Exception as exc:  # a hostile file gets a message naming the row, never a traceback
        log.exception("event import failed at %s", cursor.where)
        raise TransferError(
            _("%(where)s: cannot be imported (%(name)s: %(exc)s)")
            % {"where": cursor.where, "name": exc.__class__.__name__, "exc": exc}
        ) from None


def _import_event(document: dict, *, replace: bool, slug: str, actor, cursor: _Cursor) -> ImportSummary:
    existing = Event.objects.select_for_update().filter(slug=slug).first()
    if existing is not None:
        if not replace:
            raise EventExists(
                _("an event %(slug)s exists here: import with --replace to overwrite it, or --slug NEW")
                % {"slug": repr(slug)},
                code="event_exists",
            )
        cursor.where = _("removing the event %(slug)s it replaces") % {"slug": repr(slug)}
        delete_event_rows(existing)
    summary = ImportSummary(event=Event())  # set below
    pk_map = summary.pk_map
    _match_references(document, summary, cursor)
    order = event_models()
    by_label = {_label(m): m for m in order}
    unknown = set(document.get("rows", {})) - set(by_label)
    if unknown:
        raise TransferError(
            _("the file has rows of models this installation does not have: %(models)s")
            % {"models": ", ".join(sorted(unknown))}
        )
    deferred: list[tuple[type[models.Model], Any, str, str, Any, str]] = []
    for model in order:
        label = _label(model)
        rows = document.get("rows", {}).get(label, [])
        fields = {(f.attname if f.is_relation else f.name): f for f in model._meta.concrete_fields}
        m2m = {f.name: f for f in _m2m(model)}
        later = set(order[order.index(model) :])
        for n, entry in enumerate(rows, start=1):
            row_where = _("%(label)s row %(n)s (pk %(pk)s)") % {
                "label": label,
                "n": n,
                "pk": repr(entry["pk"]),
            }
            cursor.step(row_where)
            values = dict(entry["fields"])
            extra = set(values) - set(fields) - set(m2m)
            if extra:
                raise TransferError(
                    _("%(row_where)s: fields unknown here: %(sorted)s")
                    % {"row_where": row_where, "sorted": ", ".join(sorted(extra))}
                )
            obj = model()
            pending: list[tuple[str, str, Any]] = []
            for name, value in values.items():
                if name in m2m:
                    continue
                f = fields[name]
                if f.primary_key:
                    continue
                where = _("%(row)s, field %(field)s") % {"row": row_where, "field": repr(name)}
                if f.is_relation and value is None and not f.null:
                    raise TransferError(_("%(where)s: may not be empty (null)") % {"where": where})
                if f.is_relation and value is not None:
                    if not isinstance(value, int | str) or isinstance(value, bool):
                        raise TransferError(
                            _("%(where)s: a key (number or text) was expected") % {"where": where}
                        )
                    target = _label(f.related_model)
                    if f.related_model in later:  # inserted later (or this model): filled in afterwards
                        pending.append((f.attname, target, value))
                        value = None
                    else:
                        value = _mapped(pk_map, target, value, summary, where)
                elif not f.is_relation:
                    value = _checked(f, value, where)
                setattr(obj, f.attname, value)
            if isinstance(obj, Event):
                obj.slug = slug
                _keep_mirror_link_unique(obj, summary)
            if isinstance(obj, AuditEntry):
                _remap_audit(obj, pk_map)
            cursor.where = row_where
            obj.save_base(raw=True)  # raw: the file's timestamps, not "now"
            pk_map[(label, entry["pk"])] = obj.pk
            for attname, target, value in pending:
                deferred.append(
                    (
                        model,
                        obj.pk,
                        attname,
                        target,
                        value,
                        _("%(row)s, field %(field)s") % {"row": row_where, "field": repr(attname)},
                    )
                )
            for name, f in m2m.items():
                keys = values.get(name, [])
                if not isinstance(keys, list):
                    raise TransferError(
                        _("%(row_where)s, field %(name)s: a list of keys was expected")
                        % {"row_where": row_where, "name": repr(name)}
                    )
                targets = [pk_map.get((_label(f.related_model), v)) for v in keys if isinstance(v, int | str)]
                cursor.where = _("%(row)s, field %(field)s") % {"row": row_where, "field": repr(name)}
                getattr(obj, name).set([t for t in targets if t is not None])
        summary.counts[label] = len(rows)
    for model, pk, attname, target, value, where in deferred:
        new = _mapped(pk_map, target, value, summary, where)
        cursor.where = where
        model._base_manager.filter(pk=pk).update(**{attname: new})
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise TransferError(_("the file has no tournament.event row"))
    summary.event = event
    record_audit(
        event,
        actor=actor,
        action="event.imported",
        after={
            "slug": slug,
            "rows": sum(summary.counts.values()),
            "exported_at": str(document.get("exported_at") or "")[:40] or None,
        },
        reason="replaced the event here" if existing is not None else "",
        event_id=event.pk,
    )
    if cursor.progress is not None:
        cursor.progress(cursor.total, cursor.total)
    return summary


def _mapped(pk_map: dict, target: str, value: Any, summary: ImportSummary, where: str) -> Any:
    key = (target, value)
    if key in pk_map:
        return pk_map[key]
    if target == "cards.carddatarelease":
        return None  # reported by _match_references
    raise TransferError(
        _("%(where)s refers to %(target)s %(value)s, which the file does not carry")
        % {"where": where, "target": target, "value": repr(value)}
    )


def _remap_audit(entry: AuditEntry, pk_map: dict) -> None:
    """The audit entry's plain ids (its event, the changed object) point at the new rows."""
    if entry.event_id is not None:
        entry.event_id = pk_map.get(("tournament.event", entry.event_id), entry.event_id)
    if entry.content_type_id and entry.object_id:
        ct = ContentType.objects.get_for_id(entry.content_type_id)
        label = f"{ct.app_label}.{ct.model}"
        model_class = ct.model_class()
        pk_field = model_class._meta.pk if model_class is not None else None
        try:
            old = pk_field.to_python(entry.object_id) if pk_field is not None else entry.object_id
        except Exception:  # noqa: BLE001 - an id that is not this model's key stays as written
            return
        new = pk_map.get((label, old))
        if new is not None:
            entry.object_id = str(new)


def _field_value(model: type[models.Model], name: str, value: Any, where: str) -> Any:
    f = model._meta.get_field(name)
    assert isinstance(f, models.Field)  # a column of the model, not a reverse relation
    return _checked(f, value, f"{where}, {name!r}")


def _match_references(document: dict, summary: ImportSummary, cursor: _Cursor) -> None:
    """Map the file's users, player profiles, card releases and content types to rows here.

    New accounts get one random password nobody knows (hashed once per import), so Django's
    password reset, which skips accounts without a usable password, reaches them by email."""
    pk_map = summary.pk_map
    User = get_user_model()
    for n, ct in enumerate(document.get("content_types", []), start=1):
        cursor.where = f"content_types entry {n}"
        try:
            content_type = ContentType.objects.get_by_natural_key(ct["app_label"], ct["model"])
        except ContentType.DoesNotExist:
            raise TransferError(
                _("content_types entry %(n)s: %(app_label)s.%(model)s is not a model of this installation")
                % {"n": n, "app_label": ct["app_label"], "model": ct["model"]}
            ) from None
        pk_map[("contenttypes.contenttype", ct["pk"])] = content_type.pk
    for rel in document.get("card_releases", []):
        release = CardDataRelease.objects.filter(
            game=rel["game"], source=rel["source"], version=rel["version"]
        ).first()
        if release is None:
            summary.warnings.append(
                _(
                    "card data %(source)s@%(version)s (%(game)s) is not imported here: rows that named it keep none (run manage.py import_cards, then set the event's card data)"
                )
                % {"source": rel["source"], "version": rel["version"], "game": rel["game"]}
            )
        else:
            pk_map[("cards.carddatarelease", rel["pk"])] = release.pk
    profiles_by_player_id = {p["player_id"]: p for p in document.get("player_profiles", [])}
    user_label = _label(User)
    unknown_password: str | None = None
    for n, u in enumerate(document.get("users", []), start=1):
        where = f"users entry {n}"
        cursor.step(where)
        player_id = u.get("player_id")
        if player_id is not None and not isinstance(player_id, str):
            raise TransferError(_("%(where)s: 'player_id' is not text") % {"where": where})
        user = None
        if player_id:
            here = PlayerProfile.objects.filter(player_id=player_id).select_related("user").first()
            user = here.user if here is not None else None
        if user is None:
            same_name = User._base_manager.filter(username=u["username"]).first()
            if same_name is not None:
                other = (
                    PlayerProfile.objects.filter(user=same_name).values_list("player_id", flat=True).first()
                )
                if player_id is None or other in (None, player_id):
                    user = same_name
        if user is not None:
            summary.users_matched += 1
        else:
            username = _field_value(User, User.USERNAME_FIELD, u["username"], where)
            user = User(
                username=_free_username(User, username),
                first_name=_field_value(User, "first_name", u.get("first_name") or "", where),
                last_name=_field_value(User, "last_name", u.get("last_name") or "", where),
                email=_field_value(User, "email", u.get("email") or "", where),
                is_active=_field_value(User, "is_active", u.get("is_active", True), where),
            )
            if unknown_password is None:
                unknown_password = make_password(secrets.token_urlsafe(32))
            user.password = unknown_password
            user.save()
            summary.users_created += 1
            if not user.email:
                summary.users_without_email.append(user.username)
        pk_map[(user_label, u["pk"])] = user.pk
    for n, p in enumerate(profiles_by_player_id.values(), start=1):
        where = f"player_profiles entry {n}"
        cursor.step(where)
        player_id = _field_value(PlayerProfile, "player_id", p["player_id"], where)
        profile = PlayerProfile.objects.filter(player_id=player_id).first()
        if profile is not None:
            summary.profiles_matched += 1
        else:
            if not isinstance(p.get("user"), int | str | None) or isinstance(p.get("user"), bool):
                raise TransferError(_("%(where)s: 'user' is not a key (number or text)") % {"where": where})
            user_pk = pk_map.get((user_label, p.get("user")))
            if user_pk is not None and PlayerProfile.objects.filter(user_id=user_pk).exists():
                user_pk = None
            profile = PlayerProfile.objects.create(
                player_id=player_id,
                display_name=_field_value(PlayerProfile, "display_name", p["display_name"], where),
                banned=_field_value(PlayerProfile, "banned", p.get("banned", False), where),
                suspended_until=_field_value(
                    PlayerProfile, "suspended_until", p.get("suspended_until"), where
                ),
                user_id=user_pk,
            )
            summary.profiles_created += 1
        pk_map[("tournament.playerprofile", p["pk"])] = profile.pk


def _free_username(User, wanted: str) -> str:
    name, n = wanted, 1
    while User._base_manager.filter(username=name).exists():
        n += 1
        name = f"{wanted[:140]}-{n}"
    return name
