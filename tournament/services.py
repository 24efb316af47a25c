"""Every state change of an event: events, staff, players, registrations, rounds, clock, results.

Each public service is ``@transaction.atomic``, checks the actor's role, leaves an audit record
(``core.audit.record_audit`` with ``event_id``) and raises a typed ``DomainError`` (400),
``NotAllowed`` (403) or ``ConflictError`` (409) with a message naming the problem and, where a
rule decides, the rule number. ``actor=None`` means the system (management commands, tasks):
role checks are skipped for it.

Services other apps call (keyword-only actor): ``add_match_extension``,
``record_penalty_result``, ``disqualify_registration``, ``drop_registration``.

Index (main object positional, the rest keyword-only):

- events: ``create_event(*, actor, name, slug=None, **fields)``, ``update_event(event, *, actor,
  reason="", **changes)``, ``set_event_days(event, *, actor, days)``, ``finish_event``; rule
  defaults ``default_round_minutes``, ``default_decklists_required``,
  ``default_regular_deck_checks``, ``event_type_defaults``, ``rel_for_round``
- staff: ``assign_staff(event, *, user, role, actor)``, ``end_staff_assignment``
- players: ``create_player_profile(*, actor, player_id, display_name, user=None)``,
  ``register_player(event, *, player, actor, late_entry=False)``, ``check_in``,
  ``drop_registration``, ``reenter_registration``, ``disqualify_registration``,
  ``record_no_show(match, *, absent, actor, drop=True)``, ``set_fixed_table``
- rounds: ``pair_next_round(event, *, actor, seed=None)``, ``repair_round``, ``swap_players``,
  ``set_table_number``, ``publish_round``, ``day_plan_for_round``
- clock: ``start_clock``, ``pause_clock``, ``resume_clock``, ``call_time``, ``adjust_clock``
  (each ``(round_, *, actor, ...)``), ``clock_status`` (re-exported from selectors),
  ``extension_for_pause``, ``extension_for_deck_check``, ``add_match_extension``
- results: ``report_result`` / ``confirm_result`` (players), ``enter_result``,
  ``enter_result_by_table``, ``match_at_table``, ``correct_result``, ``record_penalty_result``,
  ``preview_result_correction`` (no writes)

Concurrency: results lock the match row and accept ``expected_version`` (409 when stale);
pairing locks the event row. On SQLite a locked database is retried (``_atomic``).
"""

from __future__ import annotations

import functools
import math
import random
import re
import secrets
import time
import zoneinfo
from dataclasses import dataclass, field

from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

from cards.selectors import active_release
from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed

from . import pairing, selectors
from .access import (
    can_manage_players,
    forget_cached_roles,
    is_organizer,
    require_role,
    require_self_or_role,
)
from .enums import (
    ACTIVE_REGISTRATION_STATUSES,
    CLOCK_ROLES,
    DEFAULT_STANDINGS_POLICY,
    EVENT_EDIT_ROLES,
    EVENT_TYPE_DEFAULTS,
    EVENT_TYPE_DEFAULTS_2023,
    GA_FORMATS,
    JUDGE_ROLES,
    MANAGE_ROLES,
    REL,
    RESULT_ROLES,
    ROUND_MINUTES_2023,
    ROUND_MINUTES_2025,
    STAFF_ADMIN_ROLES,
    TEAM_FORMATS,
    ClockState,
    CrVersion,
    EventStatus,
    EventType,
    FormatCode,
    Game,
    MatchResult,
    PpgVersion,
    RegistrationStatus,
    ReportStatus,
    ResultKind,
    RoundStage,
    RoundStatus,
    StaffRole,
    StandingsPolicy,
    StructureKind,
    TrpVersion,
)
from .models import (
    Event,
    EventDay,
    Match,
    MatchExtension,
    MatchReport,
    PlayerProfile,
    Registration,
    Round,
    StaffAssignment,
)
from .selectors import clock_status  # noqa: F401  (re-exported: services.clock_status)

# --------------------------------------------------------------------------- helpers

_LOCK_RETRIES = 40


def _atomic(fn):
    """``transaction.atomic`` that retries when SQLite reports its table or database locked.

    PostgreSQL serialises writers with row locks (select_for_update); SQLite has none, and its
    shared-cache in-memory databases fail at once instead of waiting. Retrying the whole
    transaction makes concurrent writers queue on both. Inside an outer transaction nothing
    is retried (the caller's transaction owns the outcome).
    """
    atomic_fn = transaction.atomic(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        for attempt in range(_LOCK_RETRIES):
            try:
                return atomic_fn(*args, **kwargs)
            except OperationalError as exc:
                locked = "locked" in str(exc)
                if not locked or connection.in_atomic_block or attempt == _LOCK_RETRIES - 1:
                    raise
                time.sleep(0.02 + random.random() * 0.05)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def _audit(obj, *, event: Event, actor, action: str, before=None, after=None, reason: str = "") -> None:
    record_audit(
        obj, actor=actor, action=action, before=before, after=after, reason=reason, event_id=event.pk
    )


def _lock_event(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _lock_match(match: Match) -> Match:
    """The match row locked for this transaction (players joined for messages and audit)."""
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round", "round__event", "player_a__player", "player_b__player")
        .get(pk=match.pk)
    )


def _check_version(match: Match, expected_version: int | None) -> None:
    if expected_version is not None and match.version != expected_version:
        raise ConflictError(
            f"table {match.table_number} changed since you loaded it (version {expected_version}, "
            f"now {match.version}); reload and try again",
            code="stale",
        )


def _snapshot_match(m: Match) -> dict:
    return {
        "result": m.result,
        "result_kind": m.result_kind,
        "games_a": m.games_a,
        "games_b": m.games_b,
        "games_drawn": m.games_drawn,
        "report_status": m.report_status,
        "player_a": m.player_a_id,
        "player_b": m.player_b_id,
        "table_number": m.table_number,
        "version": m.version,
    }


def _snapshot_registration(r: Registration) -> dict:
    return {
        "team": r.team_name,
        "position": r.team_position,
        "status": r.status,
        "dropped_in_round": r.dropped_in_round,
        "joined_in_round": r.joined_in_round,
        "fixed_table": r.fixed_table,
    }


# --------------------------------------------------------------------------- event defaults


def default_round_minutes(format_code: str, *, trp_version: str = TrpVersion.TRP_2025) -> int:
    """TR&P App C round length for ``format_code`` (OPEN-7 for formats App C does not list)."""
    table = ROUND_MINUTES_2023 if trp_version == TrpVersion.TRP_2023 else ROUND_MINUTES_2025
    return table.get(format_code, 55)


def default_decklists_required(rel: str, format_code: str) -> bool:
    """TR&P 3.7, App E: required at Competitive and Professional; never for Welcome Deck (Ira)."""
    if format_code == FormatCode.IRA:
        return False
    return rel in (REL.COMPETITIVE, REL.PROFESSIONAL)


def default_regular_deck_checks(rel: str) -> bool:
    """TR&P 3.8: a must at Professional, recommended at Competitive, TO's choice at Casual."""
    return rel in (REL.COMPETITIVE, REL.PROFESSIONAL)


def event_type_defaults(event_type: str, *, trp_version: str = TrpVersion.TRP_2025) -> tuple[int, str, str]:
    """TR&P App A: (tier, REL of day 1, REL of day 2+) for ``event_type``."""
    table = EVENT_TYPE_DEFAULTS_2023 if trp_version == TrpVersion.TRP_2023 else EVENT_TYPE_DEFAULTS
    return table[event_type]


# Event settings the services accept (create_event/update_event); the event form edits these.
EVENT_FIELDS = (
    "name",
    "game",
    "format",
    "rel",
    "tier",
    "event_type",
    "starts_at",
    "time_zone",
    "venue",
    "capacity",
    "round_minutes",
    "games_per_match",
    "swiss_rounds",
    "top_cut",
    "structure_kind",
    "decklists_required",
    "regular_deck_checks",
    "bye_counts_in_cmp",
    "standings_policy",
    "allow_self_registration",
    "trp_version",
    "ppg_version",
    "cr_version",
    "status",
    "pairing_seed",
    "card_release",
)
_PINNED_AFTER_START = (
    "game",
    "format",
    "trp_version",
    "ppg_version",
    "cr_version",
    "games_per_match",
    "card_release",
    "standings_policy",
)


def _plain(value):
    """A JSON-able value for the audit trail (model instances become their primary key)."""
    return getattr(value, "pk", value)


def _choice(value, enum, field_name: str):
    if value not in enum.values:
        allowed = ", ".join(str(v) for v in enum.values)
        raise DomainError(f"{field_name} {value!r} is not one of: {allowed}", code="choice", field=field_name)
    return value


def _validate_event_values(values: dict) -> None:
    for name, enum in (
        ("game", Game),
        ("format", FormatCode),
        ("rel", REL),
        ("event_type", EventType),
        ("trp_version", TrpVersion),
        ("ppg_version", PpgVersion),
        ("cr_version", CrVersion),
        ("structure_kind", StructureKind),
        ("status", EventStatus),
        ("standings_policy", StandingsPolicy),
    ):
        if name in values:
            _choice(values[name], enum, name)
    if "name" in values and not str(values["name"]).strip():
        raise DomainError("the event needs a name", field="name")
    if "tier" in values and (not isinstance(values["tier"], int) or not 1 <= values["tier"] <= 4):
        raise DomainError("tier must be 1, 2, 3 or 4 (TR&P 1.1)", field="tier")
    for name, low in (("capacity", 2), ("round_minutes", 1), ("games_per_match", 1), ("swiss_rounds", 1)):
        value = values.get(name)
        if value is not None and (not isinstance(value, int) or value < low):
            raise DomainError(f"{name} must be a whole number of at least {low}", field=name)
    top_cut = values.get("top_cut")
    if top_cut is not None and top_cut not in (0, 2, 4, 8, 16, 32, 64):
        raise DomainError("top_cut must be 0 (none) or a power of two from 2 to 64", field="top_cut")
    game, fmt = values.get("game"), values.get("format")
    if game and fmt and (game == Game.GA) != (fmt in GA_FORMATS):
        raise DomainError(f"format {fmt!r} does not belong to game {game!r} (G-05)", field="format")
    tz = values.get("time_zone")
    if tz:
        try:
            zoneinfo.ZoneInfo(tz)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise DomainError(f"unknown time zone {tz!r}", field="time_zone") from None


def _unique_slug(base: str) -> str:
    base = slugify(base)[:60] or "event"
    slug, n = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


@_atomic
def create_event(*, actor, name: str, slug: str | None = None, **fields) -> Event:
    """Create an event with rule defaults for what is not given, and make ``actor`` its organizer.

    Defaults: tier and REL from the event type (TR&P App A), round length by format (App C),
    decklists by REL (TR&P 3.7, App E), regular deck checks by REL (TR&P 3.8), rules versions
    TR&P 2025 + PPG 2023 + CR 2.13.0 (G-01), standings policy by game (Grand Archive: 3/1/0,
    ga-organized-play.md section 4; FaB: TR&P App D). Swiss rounds and top cut stay empty: they default
    from attendance (App B) until set. Side effects: an organizer StaffAssignment, audit entries.
    """
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise DomainError(f"unknown event field(s): {', '.join(sorted(unknown))}", field=sorted(unknown)[0])
    values = {"name": name, **fields}
    values.setdefault("game", Game.GA if values.get("format") in GA_FORMATS else Game.FAB)
    values.setdefault(
        "format", FormatCode.GA_STANDARD if values["game"] == Game.GA else FormatCode.CLASSIC_CONSTRUCTED
    )
    values.setdefault("event_type", EventType.ARMORY)
    values.setdefault("standings_policy", DEFAULT_STANDINGS_POLICY.get(values["game"], StandingsPolicy.FAB))
    values.setdefault("trp_version", TrpVersion.TRP_2025)
    _validate_event_values(values)
    tier, rel_day1, _ = event_type_defaults(values["event_type"], trp_version=values["trp_version"])
    values.setdefault("tier", tier)
    values.setdefault("rel", rel_day1)
    values.setdefault(
        "round_minutes", default_round_minutes(values["format"], trp_version=values["trp_version"])
    )
    values.setdefault("decklists_required", default_decklists_required(values["rel"], values["format"]))
    values.setdefault("regular_deck_checks", default_regular_deck_checks(values["rel"]))
    values.setdefault("pairing_seed", secrets.randbits(31))
    if "card_release" not in values:
        values["card_release"] = active_release(values["game"])
    elif values["card_release"] is not None and values["card_release"].game != values["game"]:
        raise DomainError("the card-data release is for another game", field="card_release")
    if slug:
        slug = slugify(slug)
        if not slug:
            raise DomainError("the slug must contain letters or digits", field="slug")
        if Event.objects.filter(slug=slug).exists():
            raise ConflictError(f"an event with slug {slug!r} already exists", field="slug")
    else:
        slug = _unique_slug(name)
    created_by = actor if actor is not None and actor.is_authenticated else None
    try:
        with transaction.atomic():
            event = Event.objects.create(slug=slug, created_by=created_by, **values)
    except IntegrityError as exc:
        raise ConflictError(f"an event with slug {slug!r} already exists", field="slug") from exc
    _audit(
        event,
        event=event,
        actor=actor,
        action="event.create",
        after={k: _plain(v) for k, v in values.items()},
    )
    if created_by is not None:
        StaffAssignment.objects.create(event=event, user=created_by, role=StaffRole.ORGANIZER)
        _audit(
            event,
            event=event,
            actor=actor,
            action="staff.assign",
            after={"user": created_by.pk, "role": "organizer"},
        )
    return event


@_atomic
def update_event(event: Event, *, actor, reason: str = "", **changes) -> Event:
    """Change event settings (organizer or head judge). Rules versions, game, format and games
    per match, card data and the standings policy are pinned once the first round is paired (G-01). Audited with before/after."""
    require_role(actor, event, EVENT_EDIT_ROLES, "change the event")
    unknown = set(changes) - set(EVENT_FIELDS)
    if unknown:
        raise DomainError(f"unknown event field(s): {', '.join(sorted(unknown))}", field=sorted(unknown)[0])
    event = _lock_event(event)
    merged = {f: getattr(event, f) for f in EVENT_FIELDS} | changes
    _validate_event_values(merged)
    started = Round.objects.filter(event=event).exists()
    before, after = {}, {}
    for name, value in changes.items():
        old = getattr(event, name)
        if old == value:
            continue
        if started and name in _PINNED_AFTER_START:
            raise ConflictError(f"{name} is pinned once pairings exist (G-01)", field=name)
        before[name], after[name] = _plain(old), _plain(value)
        setattr(event, name, value)
    if after:
        event.save()
        _audit(
            event, event=event, actor=actor, action="event.update", before=before, after=after, reason=reason
        )
        if "capacity" in after:  # a larger (or removed) capacity lets waitlisted players in
            while _promote_waitlist(event, actor=actor) is not None:
                pass
    return event


@_atomic
def set_event_days(event: Event, *, actor, days: list[dict]) -> list[EventDay]:
    """Replace the day plan: ``[{"number", "rel", "swiss_rounds", "cut_size", "cut_max_losses", "date"}]``.

    A REL per day (TR&P 1.2, App A: e.g. a Calling is Competitive on day 1 and Professional
    after) and the day-2 cut (App B: top N or X-2, whichever is larger).
    """
    require_role(actor, event, EVENT_EDIT_ROLES, "plan event days")
    numbers = [d.get("number") for d in days]
    if sorted(numbers) != list(range(1, len(days) + 1)):
        raise DomainError("days must be numbered 1, 2, 3, ... without gaps", field="days")
    before = list(EventDay.objects.filter(event=event).values("number", "rel", "swiss_rounds", "cut_size"))
    EventDay.objects.filter(event=event).delete()
    created = []
    for d in days:
        _choice(d.get("rel"), REL, "rel")
        created.append(
            EventDay.objects.create(
                event=event,
                number=d["number"],
                rel=d["rel"],
                date=d.get("date"),
                swiss_rounds=d.get("swiss_rounds"),
                cut_size=d.get("cut_size"),
                cut_max_losses=d.get("cut_max_losses"),
            )
        )
    _audit(
        event,
        event=event,
        actor=actor,
        action="event.days",
        before=before,
        after=[{k: v for k, v in d.items() if k != "date"} for d in days],
    )
    return created


def rel_for_round(event: Event, round_number: int) -> str:
    """The REL in force for a round: its day's REL when a day plan exists (TR&P 1.2)."""
    rnd = Round.objects.filter(event=event, number=round_number).first()
    day_number = rnd.day if rnd else 1
    day = EventDay.objects.filter(event=event, number=day_number).first()
    return day.rel if day else event.rel


# --------------------------------------------------------------------------- staff


@_atomic
def assign_staff(event: Event, *, user, role: str, actor) -> StaffAssignment:
    """Give ``user`` an official role at ``event`` (the organizer designates officials, TR&P 2.2).

    Refused, each with the rule: a second head judge (one official HJ, TR&P 2.1); a player of
    a Skirmish or tier 2+ tournament as an official (TR&P 1.4); the organizer as a judge at
    tier 2+ or a judge as organizer at tier 2+ (TR&P 2.1); the same role twice (409).
    """
    require_role(actor, event, STAFF_ADMIN_ROLES, "assign staff")
    _choice(role, StaffRole, "role")
    event = _lock_event(event)
    active = StaffAssignment.objects.filter(event=event, ended_at__isnull=True)
    held = set(active.filter(user=user).values_list("role", flat=True))
    if role in held:
        raise ConflictError(f"{user} is already {StaffRole(role).label.lower()} at this event", field="role")
    _check_official_eligibility(user)
    if role == StaffRole.HEAD_JUDGE and active.filter(role=StaffRole.HEAD_JUDGE).exists():
        raise DomainError(
            "this event already has a head judge; add appeals judges instead (TR&P 2.1)",
            code="rule",
            field="role",
        )
    if event.officials_cannot_play:
        played = Registration.objects.filter(event=event, player__user=user).exclude(
            status=RegistrationStatus.WAITLISTED
        )
        if played.exists():
            raise DomainError(
                f"{user} is registered as a player; at a Skirmish or tier 2+ tournament a player "
                "cannot also be an official (TR&P 1.4, 2.1)",
                code="rule",
                field="user",
            )
    if event.organizer_cannot_judge:
        if role in JUDGE_ROLES and StaffRole.ORGANIZER in held:
            raise DomainError(
                f"{user} is the organizer; at tier 2+ the organizer cannot be a judge (TR&P 2.1)",
                code="rule",
                field="role",
            )
        if role == StaffRole.ORGANIZER and held & JUDGE_ROLES:
            raise DomainError(
                f"{user} is a judge; at tier 2+ the organizer cannot be a judge (TR&P 2.1)",
                code="rule",
                field="role",
            )
    try:
        with transaction.atomic():
            assignment = StaffAssignment.objects.create(event=event, user=user, role=role)
    except IntegrityError as exc:
        raise ConflictError("that role was just assigned by someone else; reload", field="role") from exc
    forget_cached_roles(user)
    _audit(assignment, event=event, actor=actor, action="staff.assign", after={"user": user.pk, "role": role})
    return assignment


@_atomic
def end_staff_assignment(assignment: StaffAssignment, *, actor, reason: str = "") -> StaffAssignment:
    """End a role (kept with ``ended_at`` for the trail, EV-09). The last organizer stays."""
    event = assignment.event
    require_role(actor, event, STAFF_ADMIN_ROLES, "remove staff")
    if assignment.ended_at is not None:
        raise ConflictError("this assignment has already ended")
    if (
        assignment.role == StaffRole.ORGANIZER
        and not StaffAssignment.objects.filter(event=event, role=StaffRole.ORGANIZER, ended_at__isnull=True)
        .exclude(pk=assignment.pk)
        .exists()
    ):
        raise DomainError("an event keeps at least one organizer (TR&P 2.1)", code="rule")
    assignment.ended_at = timezone.now()
    assignment.save(update_fields=["ended_at"])
    forget_cached_roles(assignment.user)
    _audit(
        assignment,
        event=event,
        actor=actor,
        action="staff.end",
        before={"role": assignment.role},
        reason=reason,
    )
    return assignment


# --------------------------------------------------------------------------- players

_PLAYER_ID_RE = re.compile(r"^[A-Za-z0-9-]{1,32}$")


@_atomic
def create_player_profile(*, actor, player_id: str, display_name: str, user=None) -> PlayerProfile:
    """A player profile with a unique GEM player ID (TR&P 1.5). A duplicate ID is a 409."""
    player_id = (player_id or "").strip()
    display_name = (display_name or "").strip()
    if not _PLAYER_ID_RE.match(player_id):
        raise DomainError("a player ID is 1 to 32 letters, digits or dashes (TR&P 1.5)", field="player_id")
    if not display_name:
        raise DomainError("a player needs a display name", field="display_name")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in display_name):
        raise DomainError("a display name cannot contain control characters", field="display_name")
    if PlayerProfile.objects.filter(player_id__iexact=player_id).exists():
        raise ConflictError(f"player ID {player_id} belongs to another profile (TR&P 1.5)", field="player_id")
    if user is not None and PlayerProfile.objects.filter(user=user).exists():
        raise ConflictError(f"{user} already has a player profile", field="user")
    try:
        with transaction.atomic():
            profile = PlayerProfile.objects.create(user=user, player_id=player_id, display_name=display_name)
    except IntegrityError as exc:
        raise ConflictError(f"player ID {player_id} was just taken", field="player_id") from exc
    record_audit(
        profile, actor=actor, action="player.create", after={"player_id": player_id, "name": display_name}
    )
    return profile


def _pairings_started(event: Event) -> bool:
    return Round.objects.filter(event=event).exists()


def _next_round_number(event: Event) -> int:
    last = selectors.current_round(event)
    return (last.number + 1) if last else 1


def _has_room(event: Event) -> bool:
    if event.capacity is None:
        return True
    taken = Registration.objects.filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES).count()
    return taken < event.capacity


@_atomic
def register_player(
    event: Event, *, player: PlayerProfile, actor, late_entry: bool = False, approved: bool = False
) -> Registration:
    """Register ``player`` at ``event``: by the player (self-registration) or by staff.

    - a full event puts the player on the waitlist (promoted when someone leaves);
    - once pairings exist only staff may enter a player, as a late entry: the player joins at
      the next round and every earlier Swiss round counts as a loss (no match points);
    - an official of a Skirmish or tier 2+ tournament cannot play (TR&P 1.4, 2.1);
    - a second registration of the same player is a 409;
    - banned players never play; suspended players only at a Casual tier 1 event with the
      organizer's approval (``approved=True`` by the organizer) (TR&P 1.4).
    """
    is_self = actor is not None and player.user_id is not None and player.user_id == actor.pk
    staff = actor is None or can_manage_players(actor, event)
    if not staff and not is_self:
        raise NotAllowed("players register themselves; staff register others", code="role")
    event = _lock_event(event)
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise DomainError(f"the event is {event.get_status_display().lower()}", code="closed")
    if not staff:
        if not event.allow_self_registration or event.status != EventStatus.REGISTRATION:
            raise DomainError(
                "self-registration is closed for this event; ask the scorekeeper", code="closed"
            )
    if event.format in TEAM_FORMATS:
        raise DomainError("this is a team event: register a team of three (TR&P 9.2)", code="team")
    _check_player_eligibility(event, player, actor=actor, approved=approved)
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None:
        raise ConflictError(f"{player.display_name} is already registered ({existing.get_status_display()})")
    _check_not_an_official(event, player)
    started = _pairings_started(event)
    joined = 1
    if started:
        if not staff:
            raise DomainError("pairings have started: only staff can add a late entry", code="closed")
        if not late_entry:
            raise DomainError(
                "pairings have started: register as a late entry (late_entry=true)", code="late"
            )
        if Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).exists():
            raise DomainError("the play-off has started: no more entries", code="closed")
        joined = _next_round_number(event)
    status = RegistrationStatus.REGISTERED if _has_room(event) else RegistrationStatus.WAITLISTED
    try:
        with transaction.atomic():
            reg = Registration.objects.create(
                event=event, player=player, status=status, joined_in_round=joined
            )
    except IntegrityError as exc:
        raise ConflictError(f"{player.display_name} is already registered") from exc
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.create",
        after=_snapshot_registration(reg),
        reason="late entry" if started else "",
    )
    return reg


def _check_not_an_official(event: Event, player: PlayerProfile, *, field: str | None = None) -> None:
    """TR&P 1.4, 2.1: at a Skirmish or a tier 2+ tournament an official of the event cannot play."""
    if (
        event.officials_cannot_play
        and player.user_id
        and StaffAssignment.objects.filter(
            event=event, user_id=player.user_id, ended_at__isnull=True
        ).exists()
    ):
        raise DomainError(
            f"{player.display_name} is an official of this event; at a Skirmish or tier 2+ tournament "
            "officials cannot play (TR&P 1.4, 2.1)",
            code="rule",
            field=field,
        )


def _check_player_eligibility(event: Event, player: PlayerProfile, *, actor, approved: bool = False) -> None:
    """TR&P 1.4: banned players may not play; suspended players only in a Casual tier 1 event,
    with the organizer's approval."""
    if player.banned:
        raise DomainError(f"{player.display_name} is banned and may not play (TR&P 1.4)", code="rule")
    if player.is_suspended():
        if event.tier >= 2 or event.rel != REL.CASUAL:
            raise DomainError(
                f"{player.display_name} is suspended: no tier 2+ or Competitive/Professional play (TR&P 1.4)",
                code="rule",
            )
        organizer = actor is None or is_organizer(actor, event)
        if not (approved and organizer):
            raise DomainError(
                f"{player.display_name} is suspended: the organizer must approve this entry (TR&P 1.4)",
                code="approval",
            )


def _check_official_eligibility(user) -> None:
    """TR&P 1.4: suspended or banned individuals may not be officials."""
    profile = PlayerProfile.objects.filter(user=user).first()
    if profile is not None and (profile.banned or profile.is_suspended()):
        raise DomainError(f"{user} is suspended or banned and cannot be an official (TR&P 1.4)", code="rule")


TEAM_POSITIONS = ("A", "B", "C")


@_atomic
def register_team(
    event: Event, *, team_name: str, members: list[tuple[PlayerProfile, str]], actor
) -> list[Registration]:
    """Register a team of exactly three players with positions A, B and C (TR&P 9.2).

    By staff or by one of the members, before the first pairings. Positions are fixed at
    registration (they cannot be swapped later). Each member passes the player checks of
    ``register_player`` (officials cannot play at a Skirmish or tier 2+, TR&P 1.4). A team
    needs three free seats.
    """
    event = _lock_event(event)
    if event.format not in TEAM_FORMATS:
        raise DomainError("teams register only in a team format (TR&P 9.2)", code="team")
    staff = actor is None or can_manage_players(actor, event)
    member_users = {p.user_id for p, _pos in members if p.user_id}
    if not staff and (actor is None or actor.pk not in member_users):
        raise NotAllowed("a team is registered by one of its members or by staff", code="role")
    if not staff and (not event.allow_self_registration or event.status != EventStatus.REGISTRATION):
        raise DomainError("self-registration is closed for this event; ask the scorekeeper", code="closed")
    if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED) or _pairings_started(event):
        raise DomainError("teams register before the first pairings", code="closed")
    team_name = (team_name or "").strip()
    if not team_name:
        raise DomainError("the team needs a name", field="team_name")
    if Registration.objects.filter(event=event, team_name__iexact=team_name).exists():
        raise ConflictError(f"a team named {team_name!r} is already registered", field="team_name")
    if len(members) != 3 or sorted(pos for _p, pos in members) != list(TEAM_POSITIONS):
        raise DomainError(
            "a team has exactly three members at positions A, B and C (TR&P 9.2)", field="members"
        )
    if len({p.pk for p, _pos in members}) != 3:
        raise DomainError("the three members must be different players", field="members")
    for player, _pos in members:
        _check_player_eligibility(event, player, actor=actor)
        if Registration.objects.filter(event=event, player=player).exists():
            raise ConflictError(f"{player.display_name} is already registered", field="members")
        _check_not_an_official(event, player, field="members")
    if event.capacity is not None:
        taken = Registration.objects.filter(event=event, status__in=ACTIVE_REGISTRATION_STATUSES).count()
        if taken + 3 > event.capacity:
            raise DomainError("the event has no room for three more players", code="full")
    regs = []
    for player, pos in sorted(members, key=lambda m: m[1]):
        reg = Registration.objects.create(
            event=event,
            player=player,
            status=RegistrationStatus.REGISTERED,
            team_name=team_name,
            team_position=pos,
        )
        _audit(
            reg,
            event=event,
            actor=actor,
            action="registration.create",
            after=_snapshot_registration(reg),
            reason=f"team {team_name}, position {pos}",
        )
        regs.append(reg)
    return regs


def _promote_waitlist(event: Event, *, actor) -> Registration | None:
    if _pairings_started(event) or not _has_room(event):
        return None
    nxt = selectors.waitlist_for_event(event).select_for_update().first()
    if nxt is None:
        return None
    nxt.status = RegistrationStatus.REGISTERED
    nxt.save(update_fields=["status"])
    _audit(
        nxt,
        event=event,
        actor=actor,
        action="registration.promote",
        before={"status": "waitlisted"},
        after={"status": "registered"},
    )
    return nxt


@_atomic
def check_in(registration: Registration, *, actor) -> Registration:
    """Mark a registered player present (player themself or staff)."""
    event = registration.event
    require_self_or_role(actor, registration, MANAGE_ROLES, "check in")
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    if reg.status == RegistrationStatus.CHECKED_IN:
        return reg
    if reg.status != RegistrationStatus.REGISTERED:
        raise DomainError(f"cannot check in a registration that is {reg.get_status_display().lower()}")
    reg.status = RegistrationStatus.CHECKED_IN
    reg.checked_in_at = timezone.now()
    reg.save(update_fields=["status", "checked_in_at"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.check_in",
        before={"status": "registered"},
        after={"status": "checked_in"},
    )
    return reg


def _live_match(reg: Registration) -> Match | None:
    """The pending match of ``reg`` in a round that has pairings (paired/published/in progress)."""
    return (
        Match.objects.select_for_update()
        .filter(Q(player_a=reg) | Q(player_b=reg), result=MatchResult.PENDING)
        .exclude(round__status=RoundStatus.COMPLETE)
        .select_related("round")
        .first()
    )


def _concede(match: Match, loser: Registration, *, kind: str, actor, reason: str) -> Match:
    before = _snapshot_match(match)
    winner_is_a = match.player_b_id == loser.pk
    match.result = MatchResult.A_WINS if winner_is_a else MatchResult.B_WINS
    match.result_kind = kind
    need = match.round.event.games_per_match
    match.games_a, match.games_b = (need, 0) if winner_is_a else (0, need)
    match.games_drawn = 0
    match.report_status = ReportStatus.STAFF
    match.version += 1
    match.save()
    _audit(
        match,
        event=match.round.event,
        actor=actor,
        action=f"match.{kind}",
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def drop_registration(registration: Registration, *, actor, reason: str = "") -> Registration:
    """Drop a player (the player themself or staff; TR&P 3.6).

    Before the first pairings the player is treated as never having played (not in the
    standings). After pairings for a round the player concedes that round's match, then drops.
    A freed seat before the first pairings promotes the first waitlisted player.
    """
    require_self_or_role(actor, registration, MANAGE_ROLES, "drop a player")
    event = registration.event
    reg = Registration.objects.select_for_update().select_related("player", "event").get(pk=registration.pk)
    if reg.status in (RegistrationStatus.DROPPED, RegistrationStatus.DISQUALIFIED):
        raise ConflictError(f"{reg.player.display_name} is already {reg.get_status_display().lower()}")
    before = _snapshot_registration(reg)
    was_waitlisted = reg.status == RegistrationStatus.WAITLISTED
    live = _live_match(reg)
    if live is not None and not live.is_bye:
        _concede(live, reg, kind=ResultKind.DROP, actor=actor, reason=reason or "player dropped (TR&P 3.6)")
    elif live is not None and live.is_bye:
        pass  # a bye is already a result; nothing to concede
    last = selectors.current_round(event)
    reg.status = RegistrationStatus.DROPPED
    reg.dropped_at = timezone.now()
    reg.dropped_in_round = last.number if last else None
    reg.save(update_fields=["status", "dropped_at", "dropped_in_round"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.drop",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    if not was_waitlisted:
        _promote_waitlist(event, actor=actor)
    return reg


@_atomic
def reenter_registration(registration: Registration, *, actor, reason: str = "") -> Registration:
    """Re-enter a dropped player: the head judge's decision only (TR&P 3.6)."""
    event = registration.event
    require_role(
        actor,
        event,
        {StaffRole.HEAD_JUDGE},
        "re-enter",
        message="only the head judge may re-enter a dropped player (TR&P 3.6)",
    )
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    if reg.status != RegistrationStatus.DROPPED:
        raise DomainError(
            f"only a dropped player can re-enter; this one is {reg.get_status_display().lower()}"
        )
    if Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).exists():
        raise DomainError(
            "the play-off has started: a dropped player cannot come back (TR&P 3.6)", code="rule"
        )
    before = _snapshot_registration(reg)
    reg.status = RegistrationStatus.CHECKED_IN
    reg.dropped_at = None
    reg.save(update_fields=["status", "dropped_at"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.reenter",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    return reg


@_atomic
def disqualify_registration(registration: Registration, *, actor, reason: str) -> Registration:
    """Disqualify a player (head judge, PPG 1.4): the live match is conceded and the player has
    no place in the standings (everyone below moves up). A DQ after the cut: nobody advances."""
    event = registration.event
    require_role(
        actor,
        event,
        {StaffRole.HEAD_JUDGE},
        "disqualify",
        message="only the head judge may disqualify a player (PPG 1.4)",
    )
    if not (reason or "").strip():
        raise DomainError("a disqualification needs a reason", field="reason")
    reg = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if reg.status == RegistrationStatus.DISQUALIFIED:
        raise ConflictError(f"{reg.player.display_name} is already disqualified")
    before = _snapshot_registration(reg)
    live = _live_match(reg)
    if live is not None and not live.is_bye:
        _concede(live, reg, kind=ResultKind.PENALTY, actor=actor, reason=f"disqualification: {reason}")
    last = selectors.current_round(event)
    reg.status = RegistrationStatus.DISQUALIFIED
    reg.disqualified_at = timezone.now()
    if reg.dropped_in_round is None:
        reg.dropped_in_round = last.number if last else None
    reg.save(update_fields=["status", "disqualified_at", "dropped_in_round"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.disqualify",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    return reg


@_atomic
def record_no_show(match: Match, *, absent: list[Registration], actor, drop: bool = True) -> Match:
    """A player who does not show up concedes the match (TR&P 3.6; PPG 4.1.2); both absent is a
    double loss. Absent players are dropped unless ``drop=False`` (they told the scorekeeper)."""
    event = match.round.event
    require_role(actor, event, CLOCK_ROLES, "record a no-show")
    match = _lock_match(match)
    ids = {r.pk for r in absent}
    if not ids or not ids <= {match.player_a_id, match.player_b_id}:
        raise DomainError("the absent players must be the players of this match", field="absent")
    if match.is_bye:
        raise DomainError("a bye has no opponent to concede to")
    if match.result != MatchResult.PENDING:
        raise ConflictError(f"table {match.table_number} already has a result; correct it instead")
    before = _snapshot_match(match)
    if len(ids) == 2:
        match.result, match.games_a, match.games_b = MatchResult.DOUBLE_LOSS, 0, 0
    elif match.player_a_id in ids:
        match.result, match.games_a, match.games_b = MatchResult.B_WINS, 0, event.games_per_match
    else:
        match.result, match.games_a, match.games_b = MatchResult.A_WINS, event.games_per_match, 0
    match.result_kind = ResultKind.NO_SHOW
    match.report_status = ReportStatus.STAFF
    match.version += 1
    match.save()
    _audit(
        match, event=event, actor=actor, action="match.no_show", before=before, after=_snapshot_match(match)
    )
    if drop:
        for reg in Registration.objects.filter(pk__in=ids):
            if reg.status in ACTIVE_REGISTRATION_STATUSES:
                b = _snapshot_registration(reg)
                reg.status = RegistrationStatus.DROPPED
                reg.dropped_at = timezone.now()
                reg.dropped_in_round = match.round.number
                reg.save(update_fields=["status", "dropped_at", "dropped_in_round"])
                _audit(
                    reg,
                    event=event,
                    actor=actor,
                    action="registration.drop",
                    before=b,
                    after=_snapshot_registration(reg),
                    reason="no-show (TR&P 3.6)",
                )
    _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def set_fixed_table(
    registration: Registration, *, table_number: int | None, actor, reason: str
) -> Registration:
    """Pin a player to a table (accessibility, approved by the head judge, TR&P 3.10)."""
    event = registration.event
    require_role(
        actor,
        event,
        EVENT_EDIT_ROLES,
        "fix a table",
        message="only the head judge approves a fixed table (TR&P 3.10)",
    )
    if table_number is not None and (not isinstance(table_number, int) or table_number < 1):
        raise DomainError("a table number is a positive whole number", field="table_number")
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    before = _snapshot_registration(reg)
    reg.fixed_table = table_number
    reg.save(update_fields=["fixed_table"])
    _audit(
        reg,
        event=event,
        actor=actor,
        action="registration.fixed_table",
        before=before,
        after=_snapshot_registration(reg),
        reason=reason,
    )
    return reg


# --------------------------------------------------------------------------- rounds


def day_plan_for_round(event: Event, number: int) -> tuple[int, set[int] | None]:
    """(day, registrations allowed to play) for Swiss round ``number`` of a multi-day event.

    Days come from the event's day plan (``EventDay.swiss_rounds``). On day 2+ only the players
    who made the previous day's cut play: the top ``cut_size`` of the standings after that day,
    or everyone within ``cut_max_losses`` non-wins (X-2), whichever group is larger (TR&P App B;
    RD-09, OPEN-6: wins and byes >= rounds - X). ``None`` means everyone active plays.
    """
    days = list(EventDay.objects.filter(event=event).order_by("number"))
    if not days or any(d.swiss_rounds is None for d in days):
        return 1, None
    end = 0
    for i, day in enumerate(days):
        start, end = end, end + day.swiss_rounds
        if number <= end:
            break
    else:
        return days[-1].number, None
    if i == 0:
        return day.number, None
    previous = days[i - 1]
    if previous.cut_size is None and previous.cut_max_losses is None:
        return day.number, None
    standings = [
        s for s in selectors.standings_for_event(event, after_round=start) if s.registration.is_active
    ]
    top_n = previous.cut_size or 0
    within = 0
    if previous.cut_max_losses is not None:
        # non-wins counted from the record, so a 3/1/0 event's draws are non-wins too
        within = sum(1 for s in standings if s.wins + s.byes >= start - previous.cut_max_losses)
    return day.number, {s.registration.pk for s in standings[: max(top_n, within)]}


@_atomic
def pair_next_round(event: Event, *, actor, seed: int | None = None) -> Round:
    """Create the next round with its pairings (status PAIRED, not yet public).

    Exactly one round is created even when two staff press at once: the event row is locked
    (select_for_update) and (event, number) is unique; the loser gets a 409. Refused while the
    previous round is not complete. After the Swiss rounds (the event's or TR&P App B's count)
    the top cut is seeded from the standings (TR&P 3.1; bracket 1v8, 4v5, 3v6, 2v7, OPEN-10)
    and later play-off rounds pair the winners. Tables: top tables to the highest standings,
    pinned tables kept (TR&P 3.10).
    """

    require_role(actor, event, RESULT_ROLES, "pair a round")
    event = _lock_event(event)
    last = selectors.current_round(event)
    if last is not None and last.status != RoundStatus.COMPLETE:
        raise ConflictError(
            f"round {last.number} is {last.get_status_display().lower()}: finish it before pairing the next",
            code="round_open",
        )
    number = (last.number + 1) if last else 1
    swiss_rounds, top_cut = selectors.effective_structure(event)
    if last is None and (event.swiss_rounds is None or event.top_cut is None):
        # TR&P App B defaults come from attendance: fix them when play starts so later drops
        # do not change the number of rounds.
        before = {"swiss_rounds": event.swiss_rounds, "top_cut": event.top_cut}
        if not event.days.exists():
            event.swiss_rounds = swiss_rounds
        event.top_cut = top_cut
        event.save(update_fields=["swiss_rounds", "top_cut", "updated_at"])
        _audit(
            event,
            event=event,
            actor=actor,
            action="event.structure",
            before=before,
            after={"swiss_rounds": swiss_rounds, "top_cut": top_cut},
            reason="TR&P App B default from attendance, fixed at the first pairings",
        )
    swiss_played = selectors.swiss_rounds_played(event)
    if seed is None:
        seed = (event.pairing_seed * 1_000_003 + number) % (2**31)
    day, only = day_plan_for_round(event, number)
    if swiss_played < swiss_rounds and (last is None or last.stage == RoundStage.SWISS):
        stage = RoundStage.SWISS
        if event.format in TEAM_FORMATS:
            plan = pairing.plan_team_round(event, round_number=number, seed=seed)
        else:
            plan = pairing.plan_swiss_round(event, round_number=number, seed=seed, only=only)
    elif top_cut and event.format in TEAM_FORMATS:
        stage = RoundStage.TOP_CUT
        plan = pairing.plan_team_top_cut(event, round_number=number, top_cut=top_cut)
        if plan is None:
            raise DomainError("the play-off is over: the event has a winner", code="finished")
    elif top_cut:
        stage = RoundStage.TOP_CUT
        plan = pairing.plan_top_cut_round(event, round_number=number, top_cut=top_cut)
        if plan is None:
            raise DomainError("the play-off is over: the event has a winner", code="finished")
    else:
        raise DomainError(
            f"all {swiss_rounds} Swiss rounds are played and there is no top cut", code="finished"
        )
    duration = event.round_minutes * 60 if stage == RoundStage.SWISS else 0
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                event=event,
                number=number,
                stage=stage,
                status=RoundStatus.PAIRED,
                seed=seed,
                duration_seconds=duration,
                day=day if stage == RoundStage.SWISS else (last.day if last else 1),
            )
    except IntegrityError as exc:
        raise ConflictError(f"round {number} was just paired by someone else", code="round_open") from exc
    _create_matches(rnd, plan)
    _apply_forfeits(rnd, plan, actor=actor)
    if event.status == EventStatus.REGISTRATION:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status", "updated_at"])
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.pair",
        after={
            "number": number,
            "stage": stage,
            "seed": seed,
            "matches": len(plan.pairs),
            "byes": [r.pk for r in plan.byes],
            "rematches": plan.rematches,
        },
    )
    return rnd


def _create_matches(rnd: Round, plan) -> None:
    seeds = plan.seeds or {}
    slots = plan.slots or [None] * len(plan.pairs)
    matches = [
        Match(
            round=rnd,
            player_a=a,
            player_b=b,
            table_number=table,
            bracket_slot=slot,
            seed_a=seeds.get(a.pk),
            seed_b=seeds.get(b.pk),
        )
        for (a, b), table, slot in zip(plan.pairs, plan.tables, slots, strict=True)
    ]
    bye_slots = plan.bye_slots or [None] * len(plan.byes)
    for reg, slot in zip(plan.byes, bye_slots, strict=True):
        matches.append(
            Match(
                round=rnd,
                player_a=reg,
                player_b=None,
                table_number=None,
                bracket_slot=slot,
                seed_a=seeds.get(reg.pk),
                result=MatchResult.BYE,
                result_kind=ResultKind.BYE,
                games_a=rnd.event.games_per_match,
                report_status=ReportStatus.STAFF,
            )
        )
    Match.objects.bulk_create(matches)


def _apply_forfeits(rnd: Round, plan, *, actor) -> None:
    """Team events: a member who is out forfeits their board (TR&P 9.2, RD-37)."""
    for reg_id in getattr(plan, "forfeits", ()) or ():
        match = Match.objects.select_related("round__event").get(
            Q(player_a_id=reg_id) | Q(player_b_id=reg_id), round=rnd
        )
        if match.result == MatchResult.PENDING:
            loser = match.player_a if match.player_a_id == reg_id else match.player_b
            _concede(match, loser, kind=ResultKind.DROP, actor=actor, reason="team member out (TR&P 9.2)")


def _editable_round(round_: Round) -> Round:
    rnd = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if rnd.status != RoundStatus.PAIRED:
        raise ConflictError(
            f"round {rnd.number} is {rnd.get_status_display().lower()}: pairings can only change before publishing",
            code="published",
        )
    return rnd


@_atomic
def repair_round(round_: Round, *, actor, seed: int | None = None, reason: str = "") -> Round:
    """Throw away unpublished pairings and pair the round again (a new seed unless given)."""

    event = round_.event
    require_role(actor, event, RESULT_ROLES, "re-pair a round")
    _lock_event(event)
    rnd = _editable_round(round_)
    before = [_snapshot_match(m) for m in rnd.matches.all()]
    seed = seed if seed is not None else secrets.randbits(31)
    rnd.matches.all().delete()
    if rnd.stage == RoundStage.SWISS and event.format in TEAM_FORMATS:
        plan = pairing.plan_team_round(event, round_number=rnd.number, seed=seed)
    elif rnd.stage == RoundStage.SWISS:
        _day, only = day_plan_for_round(event, rnd.number)
        plan = pairing.plan_swiss_round(event, round_number=rnd.number, seed=seed, only=only)
    else:
        _, top_cut = selectors.effective_structure(event)
        plan = pairing.plan_top_cut_round(event, round_number=rnd.number, top_cut=top_cut)
    rnd.seed = seed
    rnd.save(update_fields=["seed"])
    _create_matches(rnd, plan)
    _apply_forfeits(rnd, plan, actor=actor)
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.repair",
        before=before,
        after={"seed": seed},
        reason=reason,
    )
    return rnd


@_atomic
def swap_players(round_: Round, *, first: Registration, second: Registration, actor, reason: str) -> Round:
    """Manual pairing edit before publishing: ``first`` and ``second`` trade places (and
    opponents). Recorded with who and why. A player with a bye can be swapped too."""
    event = round_.event
    require_role(actor, event, RESULT_ROLES, "edit pairings")
    if not (reason or "").strip():
        raise DomainError("say why the pairings are edited", field="reason")
    rnd = _editable_round(round_)
    if rnd.stage != RoundStage.SWISS:
        raise DomainError("play-off pairings follow the bracket and cannot be edited", code="rule")
    if first.pk == second.pk:
        raise DomainError("choose two different players", field="second")
    matches = list(
        rnd.matches.select_for_update().filter(
            Q(player_a__in=[first, second]) | Q(player_b__in=[first, second])
        )
    )
    slots = {}
    for m in matches:
        for side in ("player_a", "player_b"):
            rid = getattr(m, f"{side}_id")
            if rid in (first.pk, second.pk):
                slots[rid] = (m, side)
    for reg in (first, second):
        if reg.pk not in slots:
            raise DomainError(f"{reg.player.display_name} is not paired in round {rnd.number}", field="first")
    before = [_snapshot_match(m) for m in matches]
    (m1, s1), (m2, s2) = slots[first.pk], slots[second.pk]
    if m1.pk == m2.pk:
        raise DomainError("those two players already play each other", field="second")
    setattr(m1, f"{s1}_id", second.pk)
    setattr(m2, f"{s2}_id", first.pk)
    for m in (m1, m2):
        if m.player_a_id is None:  # keep a bye as player_a with an empty side b
            m.player_a_id, m.player_b_id = m.player_b_id, None
        m.version += 1
        m.save()
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.edit_pairings",
        before=before,
        after=[_snapshot_match(m) for m in (m1, m2)],
        reason=reason,
    )
    return rnd


@_atomic
def set_table_number(match: Match, *, table_number: int, actor, reason: str) -> Match:
    """Move an unpublished match to another table (two matches swap tables if it is taken)."""
    event = match.round.event
    require_role(actor, event, RESULT_ROLES, "edit pairings")
    rnd = _editable_round(match.round)
    if not isinstance(table_number, int) or table_number < 1:
        raise DomainError("a table number is a positive whole number", field="table_number")
    match = _lock_match(match)
    if match.is_bye:
        raise DomainError("a bye has no table", field="table_number")
    before = _snapshot_match(match)
    other = (
        Match.objects.select_for_update()
        .filter(round=rnd, table_number=table_number)
        .exclude(pk=match.pk)
        .first()
    )
    old = match.table_number
    match.table_number = None
    match.save(update_fields=["table_number"])
    if other is not None:
        other.table_number = old
        other.version += 1
        other.save(update_fields=["table_number", "version"])
    match.table_number = table_number
    match.version += 1
    match.save(update_fields=["table_number", "version"])
    _audit(
        match,
        event=event,
        actor=actor,
        action="match.table",
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    return match


@_atomic
def publish_round(round_: Round, *, actor) -> Round:
    """Make the pairings public (PAIRED -> PUBLISHED). Publishing twice is a 409."""
    event = round_.event
    require_role(actor, event, RESULT_ROLES, "publish pairings")
    rnd = Round.objects.select_for_update().get(pk=round_.pk)
    if rnd.status != RoundStatus.PAIRED:
        raise ConflictError(
            f"round {rnd.number} is {rnd.get_status_display().lower()}, not waiting to be published"
        )
    rnd.status = RoundStatus.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    _audit(
        rnd,
        event=event,
        actor=actor,
        action="round.publish",
        before={"status": "paired"},
        after={"status": "published"},
    )
    _maybe_close_round(rnd, actor=actor)  # a round of byes only is complete at once
    return rnd


# --------------------------------------------------------------------------- clock


def _clock_round(round_: Round, actor, what: str) -> Round:
    require_role(actor, round_.event, CLOCK_ROLES, what)
    rnd = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS, RoundStatus.COMPLETE):
        raise DomainError(f"publish round {rnd.number} before using its clock", code="not_published")
    if rnd.stage == RoundStage.TOP_CUT:
        raise DomainError("play-off rounds are untimed (TR&P 3.1)", code="untimed")
    return rnd


def _clock_audit(rnd: Round, before: str, actor, action: str, reason: str = "") -> None:
    _audit(
        rnd,
        event=rnd.event,
        actor=actor,
        action=action,
        before={"clock": before},
        after={"clock": rnd.clock_state, "elapsed": rnd.elapsed_before_pause},
        reason=reason,
    )


@_atomic
def start_clock(round_: Round, *, actor, now=None) -> Round:
    """Start the round timer (TR&P 3.2). The round moves to IN_PROGRESS."""
    rnd = _clock_round(round_, actor, "start the clock")
    if rnd.clock_state != ClockState.NOT_STARTED:
        raise ConflictError(f"the clock of round {rnd.number} has already been started")
    before = rnd.clock_state
    rnd.clock_state = ClockState.RUNNING
    rnd.started_at = now or timezone.now()
    rnd.elapsed_before_pause = 0.0
    if rnd.status == RoundStatus.PUBLISHED:
        rnd.status = RoundStatus.IN_PROGRESS
    rnd.save()
    _clock_audit(rnd, before, actor, "clock.start")
    return rnd


@_atomic
def pause_clock(round_: Round, *, actor, now=None, reason: str = "") -> Round:
    rnd = _clock_round(round_, actor, "pause the clock")
    if rnd.clock_state != ClockState.RUNNING:
        raise ConflictError("the clock is not running")
    now = now or timezone.now()
    rnd.elapsed_before_pause += (now - rnd.started_at).total_seconds()
    rnd.paused_at = now
    rnd.started_at = None
    rnd.clock_state = ClockState.PAUSED
    rnd.save()
    _clock_audit(rnd, ClockState.RUNNING, actor, "clock.pause", reason)
    return rnd


@_atomic
def resume_clock(round_: Round, *, actor, now=None) -> Round:
    rnd = _clock_round(round_, actor, "resume the clock")
    if rnd.clock_state != ClockState.PAUSED:
        raise ConflictError("the clock is not paused")
    rnd.started_at = now or timezone.now()
    rnd.paused_at = None
    rnd.clock_state = ClockState.RUNNING
    rnd.save()
    _clock_audit(rnd, ClockState.PAUSED, actor, "clock.resume")
    return rnd


@_atomic
def call_time(round_: Round, *, actor, now=None) -> Round:
    """Time is called: the clock stops at zero or wherever it is (end-of-round, TR&P 3.4)."""
    rnd = _clock_round(round_, actor, "call time")
    if rnd.clock_state == ClockState.FINISHED:
        raise ConflictError("time has already been called")
    now = now or timezone.now()
    before = rnd.clock_state
    if rnd.clock_state == ClockState.RUNNING:
        rnd.elapsed_before_pause += (now - rnd.started_at).total_seconds()
    rnd.started_at = None
    rnd.clock_state = ClockState.FINISHED
    rnd.time_called_at = now
    rnd.save()
    _clock_audit(rnd, before, actor, "clock.time_called")
    return rnd


@_atomic
def adjust_clock(round_: Round, *, seconds: int, actor, reason: str) -> Round:
    """Add (positive) or remove (negative) time for the whole round."""
    rnd = _clock_round(round_, actor, "adjust the clock")
    if not isinstance(seconds, int) or seconds == 0 or abs(seconds) > 4 * 3600:
        raise DomainError("seconds must be a non-zero whole number up to four hours", field="seconds")
    before = rnd.duration_seconds
    rnd.duration_seconds = max(0, rnd.duration_seconds + seconds)
    rnd.save(update_fields=["duration_seconds"])
    _audit(
        rnd,
        event=rnd.event,
        actor=actor,
        action="clock.adjust",
        before={"duration": before},
        after={"duration": rnd.duration_seconds},
        reason=reason,
    )
    return rnd


def extension_for_pause(pause_seconds: float) -> int:
    """TR&P 3.2, PPG 1.2: a pause over one minute earns at least that time, rounded up to the
    minute; one minute or less earns nothing. Returns seconds."""
    if pause_seconds <= 60:
        return 0
    return math.ceil(pause_seconds / 60) * 60


def extension_for_deck_check(check_seconds: float, *, round_minutes: int) -> int:
    """TR&P 3.2, 3.8 (OPEN-8): the check's time rounded up to the minute plus 3 minutes, capped
    at the original round length. Returns seconds."""
    minutes = math.ceil(check_seconds / 60) + 3
    return min(minutes, round_minutes) * 60


@_atomic
def add_match_extension(match: Match, *, seconds: int, reason: str, actor) -> Match:
    """Give one table extra time (judge rulings and deck checks, TR&P 3.2). Judges, the
    organizer and the scorekeeper may; the extension is stored with reason and issuer."""
    event = match.round.event
    require_role(actor, event, CLOCK_ROLES, "extend a match")
    if not isinstance(seconds, int) or not 0 < seconds <= 4 * 3600:
        raise DomainError(
            "an extension is a positive whole number of seconds up to four hours", field="seconds"
        )
    if not (reason or "").strip():
        raise DomainError("an extension needs a reason", field="reason")
    match = _lock_match(match)
    if match.is_bye:
        raise DomainError("a bye has no clock", field="match")
    if match.round.stage == RoundStage.TOP_CUT:
        raise DomainError("play-off rounds are untimed (TR&P 3.1)", code="untimed")
    before = match.extension_seconds
    MatchExtension.objects.create(
        match=match,
        seconds=seconds,
        reason=reason[:200],
        issued_by=actor if actor is not None and actor.is_authenticated else None,
    )
    match.extension_seconds = before + seconds
    match.version += 1
    match.save(update_fields=["extension_seconds", "version"])
    _audit(
        match,
        event=event,
        actor=actor,
        action="match.extension",
        before={"extension_seconds": before},
        after={"extension_seconds": match.extension_seconds},
        reason=reason,
    )
    return match


# --------------------------------------------------------------------------- results


def _validate_result(
    match: Match, *, result: str, games_a: int, games_b: int, games_drawn: int, kind: str = ResultKind.PLAYED
) -> None:
    """Check a result is coherent with the games and the round (TR&P 3.1, 3.4, 3.5)."""
    _choice(result, MatchResult, "result")
    if result in (MatchResult.PENDING, MatchResult.BYE):
        raise DomainError("report a win, a draw or a double loss", field="result")
    for name, v in (("games_a", games_a), ("games_b", games_b), ("games_drawn", games_drawn)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 20:
            raise DomainError(f"{name} must be a whole number from 0 to 20", field=name)
    if match.is_bye:
        raise DomainError("a bye needs no result", field="match")
    need = match.round.event.games_per_match
    elimination = match.round.stage == RoundStage.TOP_CUT
    if result == MatchResult.DRAW:
        if elimination:
            raise DomainError(
                "play-off matches cannot end in a draw (TR&P 3.4, 3.5)", code="rule", field="result"
            )
        if games_a != games_b:
            raise DomainError("a drawn match has equal game wins", field="games_a")
    if kind == ResultKind.INTENTIONAL_DRAW and elimination:
        raise DomainError("no intentional draws in play-off rounds (TR&P 3.5)", code="rule", field="result")
    if result == MatchResult.A_WINS and kind == ResultKind.PLAYED and games_a <= games_b:
        raise DomainError("the winner must have won more games", field="games_a")
    if result == MatchResult.B_WINS and kind == ResultKind.PLAYED and games_b <= games_a:
        raise DomainError("the winner must have won more games", field="games_b")
    if games_a > need or games_b > need:
        raise DomainError(f"a match is won with {need} game win(s) (TR&P 3.1)", field="games_a")


def _apply_result(match: Match, *, result, games_a, games_b, games_drawn, kind, status) -> None:
    match.result = result
    match.games_a, match.games_b, match.games_drawn = games_a, games_b, games_drawn
    match.result_kind = kind
    match.report_status = status
    match.version += 1


def _maybe_close_round(round_: Round, *, actor) -> bool:
    """A round closes when every result is in; time is called on its clock if still running."""
    rnd = Round.objects.select_for_update().get(pk=round_.pk)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS):
        return False
    if Match.objects.filter(round=rnd, result=MatchResult.PENDING).exists():
        return False
    now = timezone.now()
    rnd.status = RoundStatus.COMPLETE
    rnd.completed_at = now
    if rnd.clock_state == ClockState.RUNNING:
        rnd.elapsed_before_pause += (now - rnd.started_at).total_seconds()
        rnd.started_at = None
        rnd.clock_state = ClockState.FINISHED
    rnd.save()
    _audit(rnd, event=rnd.event, actor=actor, action="round.complete", after={"status": "complete"})
    return True


def _match_open_for_results(match: Match) -> None:
    if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS):
        raise DomainError(
            f"round {match.round.number} is {match.round.get_status_display().lower()}: results go in while it runs",
            code="round_closed",
        )


@_atomic
def report_result(
    match: Match,
    *,
    actor,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    intentional_draw: bool = False,
    expected_version: int | None = None,
) -> Match:
    """A player reports their match (TR&P 3.4: players agree, then submit).

    The first report waits for the opponent; the opponent reporting the same result confirms
    it; a different result sends the match to the reconciliation queue. Two reports at once:
    the match row is locked, so one is stored first and the other confirms or disputes it.
    """
    match = _lock_match(match)
    _check_version(match, expected_version)
    reg = _player_side(match, actor)
    if match.result != MatchResult.PENDING:
        raise ConflictError(f"table {match.table_number} already has a result", code="has_result")
    _match_open_for_results(match)
    if result == MatchResult.DOUBLE_LOSS:
        raise DomainError("a double loss is entered by staff", field="result")
    kind = ResultKind.INTENTIONAL_DRAW if intentional_draw else ResultKind.PLAYED
    if intentional_draw and result != MatchResult.DRAW:
        raise DomainError("an intentional draw is a draw", field="result")
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    event = match.round.event
    MatchReport.objects.update_or_create(
        match=match,
        registration=reg,
        defaults={"result": result, "games_a": games_a, "games_b": games_b, "games_drawn": games_drawn},
    )
    other = MatchReport.objects.filter(match=match).exclude(registration=reg).first()
    before = _snapshot_match(match)
    now = timezone.now()
    if other is None:
        match.report_status = ReportStatus.REPORTED
        match.reported_by = reg
        match.reported_at = now
        match.version += 1
        action = "match.report"
    elif (other.result, other.games_a, other.games_b, other.games_drawn) == (
        result,
        games_a,
        games_b,
        games_drawn,
    ):
        _apply_result(
            match,
            result=result,
            games_a=games_a,
            games_b=games_b,
            games_drawn=games_drawn,
            kind=kind,
            status=ReportStatus.CONFIRMED,
        )
        match.confirmed_at = now
        action = "match.confirm"
    else:
        match.report_status = ReportStatus.DISPUTED
        match.version += 1
        action = "match.dispute"
    match.save()
    _audit(match, event=event, actor=actor, action=action, before=before, after=_snapshot_match(match))
    if match.result != MatchResult.PENDING:
        _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def confirm_result(match: Match, *, actor, expected_version: int | None = None) -> Match:
    """The opponent confirms the reported result; it becomes the match result."""
    match = _lock_match(match)
    _check_version(match, expected_version)
    reg = _player_side(match, actor)
    if match.result != MatchResult.PENDING:
        raise ConflictError(f"table {match.table_number} already has a result", code="has_result")
    _match_open_for_results(match)
    report = MatchReport.objects.filter(match=match).exclude(registration=reg).first()
    if report is None:
        if MatchReport.objects.filter(match=match, registration=reg).exists():
            raise DomainError("you reported this result: your opponent confirms it", code="own_report")
        raise DomainError("your opponent has not reported a result yet; report it yourself", code="no_report")
    if match.report_status == ReportStatus.DISPUTED:
        raise ConflictError(
            "the reports disagree: a judge or the scorekeeper will settle it", code="disputed"
        )
    MatchReport.objects.update_or_create(
        match=match,
        registration=reg,
        defaults={
            "result": report.result,
            "games_a": report.games_a,
            "games_b": report.games_b,
            "games_drawn": report.games_drawn,
        },
    )
    before = _snapshot_match(match)
    _apply_result(
        match,
        result=report.result,
        games_a=report.games_a,
        games_b=report.games_b,
        games_drawn=report.games_drawn,
        kind=ResultKind.PLAYED,
        status=ReportStatus.CONFIRMED,
    )
    match.confirmed_at = timezone.now()
    match.save()
    _audit(
        match,
        event=match.round.event,
        actor=actor,
        action="match.confirm",
        before=before,
        after=_snapshot_match(match),
    )
    _maybe_close_round(match.round, actor=actor)
    return match


def _player_side(match: Match, actor) -> Registration:
    if actor is None or not actor.is_authenticated:
        raise NotAllowed("log in to report your match", code="auth")
    for reg in (match.player_a, match.player_b):
        if reg is not None and reg.player.user_id == actor.pk:
            return reg
    raise NotAllowed("only the two players of this match may report or confirm it", code="role")


@_atomic
def enter_result(
    match: Match,
    *,
    actor,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    kind: str = ResultKind.PLAYED,
    expected_version: int | None = None,
    reason: str = "",
) -> Match:
    """Staff enter a match result (scorekeeper, organizer, head/appeals judge). Settles a
    disputed report. A match that already has a result needs ``correct_result``."""
    event = match.round.event
    require_role(actor, event, RESULT_ROLES, "enter results")
    match = _lock_match(match)
    _check_version(match, expected_version)
    if match.result != MatchResult.PENDING:
        raise ConflictError(
            f"table {match.table_number} already has a result ({match.get_result_display()}); correct it instead",
            code="has_result",
        )
    _match_open_for_results(match)
    _choice(kind, ResultKind, "kind")
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    before = _snapshot_match(match)
    match.reported_at = match.reported_at or timezone.now()
    return _store_staff_result(
        match,
        event=event,
        actor=actor,
        action="match.enter",
        before=before,
        reason=reason,
        result=result,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        kind=kind,
    )


def match_at_table(round_: Round, table_number: int) -> Match:
    """The match at ``table_number`` of ``round_`` (keyboard entry by table)."""
    match = (
        Match.objects.filter(round=round_, table_number=table_number).select_related("round__event").first()
    )
    if match is None:
        raise DomainError(f"round {round_.number} has no table {table_number}", field="table_number")
    return match


def enter_result_by_table(round_: Round, *, table_number: int, actor, **kwargs) -> Match:
    """``enter_result`` for the match at ``table_number`` (fast keyboard entry)."""
    return enter_result(match_at_table(round_, table_number), actor=actor, **kwargs)


@_atomic
def correct_result(
    match: Match,
    *,
    actor,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    kind: str = ResultKind.PLAYED,
    reason: str,
    expected_version: int | None = None,
) -> Match:
    """Staff correct any result, of this or an earlier round (games, draw, intentional draw,
    concession, double loss). A reason is required; before and after are audited. Use
    ``preview_result_correction`` first to see which standings and pairings change."""
    event = match.round.event
    require_role(actor, event, RESULT_ROLES, "correct results")
    if not (reason or "").strip():
        raise DomainError("a correction needs a reason", field="reason")
    match = _lock_match(match)
    _check_version(match, expected_version)
    if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS, RoundStatus.COMPLETE):
        raise DomainError("publish the round before entering results", code="not_published")
    _choice(kind, ResultKind, "kind")
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    if match.round.stage == RoundStage.TOP_CUT and match.result not in (MatchResult.PENDING, result):
        later = Round.objects.filter(event=event, number__gt=match.round.number).exists()
        if later:
            raise ConflictError("the next play-off round is already paired from this result", code="bracket")
    before = _snapshot_match(match)
    return _store_staff_result(
        match,
        event=event,
        actor=actor,
        action="match.correct",
        before=before,
        reason=reason,
        result=result,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        kind=kind,
    )


def _store_staff_result(
    match: Match, *, event: Event, actor, action: str, before, reason: str, **result
) -> Match:
    """Apply a staff-entered result, save it, audit before/after and close the round if it was
    the last one outstanding. Shared by entry and correction (callers hold the match lock)."""
    _apply_result(match, status=ReportStatus.STAFF, **result)
    match.save()
    _audit(
        match,
        event=event,
        actor=actor,
        action=action,
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    _maybe_close_round(match.round, actor=actor)
    return match


@_atomic
def record_penalty_result(match: Match, *, loser: Registration, kind: str, actor, reason: str) -> Match:
    """Apply a Game Loss or Match Loss to the match result (PPG 1.4).

    ``kind="match_loss"``: the opponent wins the match (both players: a double loss).
    ``kind="game_loss"``: the opponent is given one game win; reaching the games needed wins the
    match. Judges, the organizer and the scorekeeper may apply it.
    """
    event = match.round.event
    require_role(actor, event, CLOCK_ROLES, "apply a penalty to a result")
    if kind not in ("game_loss", "match_loss"):
        raise DomainError("kind is 'game_loss' or 'match_loss'", field="kind")
    match = _lock_match(match)
    if loser.pk not in (match.player_a_id, match.player_b_id) or match.is_bye:
        raise DomainError("the penalised player does not play this match", field="loser")
    before = _snapshot_match(match)
    loser_is_a = loser.pk == match.player_a_id
    need = event.games_per_match
    if kind == "match_loss":
        penalised_before = match.result_kind == ResultKind.PENALTY and match.result in (
            MatchResult.A_WINS,
            MatchResult.B_WINS,
        )
        other_lost = penalised_before and (match.result == MatchResult.A_WINS) == loser_is_a
        if other_lost:
            match.result = MatchResult.DOUBLE_LOSS
        else:
            match.result = MatchResult.B_WINS if loser_is_a else MatchResult.A_WINS
            match.games_a, match.games_b = (0, need) if loser_is_a else (need, 0)
    else:
        if loser_is_a:
            match.games_b = min(need, match.games_b + 1)
            if match.games_b >= need:
                match.result = MatchResult.B_WINS
        else:
            match.games_a = min(need, match.games_a + 1)
            if match.games_a >= need:
                match.result = MatchResult.A_WINS
    match.result_kind = ResultKind.PENALTY
    match.report_status = ReportStatus.STAFF
    match.version += 1
    match.save()
    _audit(
        match,
        event=event,
        actor=actor,
        action=f"match.{kind}",
        before=before,
        after=_snapshot_match(match),
        reason=reason,
    )
    if match.result != MatchResult.PENDING and match.round.status != RoundStatus.PAIRED:
        _maybe_close_round(match.round, actor=actor)
    return match


# --------------------------------------------------------------------------- previews


@dataclass
class CorrectionPreview:
    """What a correction would change, computed without writing anything."""

    match_id: int
    before: dict
    after: dict
    standings_changes: list[dict] = field(default_factory=list)
    affected_pairings: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "match_id": self.match_id,
            "before": self.before,
            "after": self.after,
            "standings_changes": self.standings_changes,
            "affected_pairings": self.affected_pairings,
        }


def preview_result_correction(
    match: Match,
    *,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    kind: str = ResultKind.PLAYED,
) -> CorrectionPreview:
    """Which standings and later pairings a correction of ``match`` would change (nothing saved).

    Standings changes: every player whose rank, match points or record differ. Affected
    pairings: matches of later rounds with a player whose match points going into that round
    differ (those pairings were made from the old points).
    """
    _validate_result(
        match, result=result, games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind
    )
    event = match.round.event
    override = {match.pk: (result, games_a, games_b, games_drawn)}
    old = {s.registration.pk: s for s in selectors.standings_for_event(event)}
    new = {s.registration.pk: s for s in selectors.standings_for_event(event, overrides=override)}
    changes = []
    for reg_id in sorted(set(old) | set(new), key=lambda r: new[r].rank if r in new else 10**9):
        o, n = old.get(reg_id), new.get(reg_id)
        if o is None or n is None or (o.rank, o.match_points, o.record) != (n.rank, n.match_points, n.record):
            s = n or o
            changes.append(
                {
                    "registration_id": reg_id,
                    "name": s.registration.player.display_name,
                    "old_rank": o.rank if o else None,
                    "new_rank": n.rank if n else None,
                    "old_match_points": o.match_points if o else None,
                    "new_match_points": n.match_points if n else None,
                    "old_record": o.record if o else None,
                    "new_record": n.record if n else None,
                }
            )

    old_points = pairing.points_before_rounds(event)
    new_points = pairing.points_before_rounds(event, overrides=override)
    affected = []
    for m in selectors.matches_for_event(event).filter(round__number__gt=match.round.number):
        n = m.round.number
        changed = [
            r
            for r in (m.player_a, m.player_b)
            if r is not None and old_points.get((r.pk, n)) != new_points.get((r.pk, n))
        ]
        if changed:
            affected.append(
                {
                    "round": n,
                    "table": m.table_number,
                    "match_id": m.pk,
                    "players": [r.player.display_name for r in changed],
                }
            )
    after = dict(
        _snapshot_match(match),
        result=result,
        games_a=games_a,
        games_b=games_b,
        games_drawn=games_drawn,
        result_kind=kind,
    )
    return CorrectionPreview(match.pk, _snapshot_match(match), after, changes, affected)


# --------------------------------------------------------------------------- finishing


@_atomic
def finish_event(event: Event, *, actor) -> Event:
    """Close the event once its last round is complete (organizer, head judge, scorekeeper)."""
    require_role(actor, event, MANAGE_ROLES, "finish the event")
    event = _lock_event(event)
    last = selectors.current_round(event)
    if last is None or last.status != RoundStatus.COMPLETE:
        raise ConflictError("the last round is not complete")
    before = event.status
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status", "updated_at"])
    _audit(
        event,
        event=event,
        actor=actor,
        action="event.finish",
        before={"status": before},
        after={"status": event.status},
    )
    return event
