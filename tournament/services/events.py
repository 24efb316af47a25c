"""Events: creation, settings, days, the rule defaults behind them, and finishing (TR&P 1, App A, C)."""

from __future__ import annotations

import secrets
import zoneinfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from cards.selectors import active_release
from core.errors import ConflictError, DomainError

from .. import selectors
from ..access import require
from ..citations import cite
from ..day_plan import check_day_plan
from ..enums import (
    DEFAULT_STANDINGS_POLICY,
    EVENT_TYPE_DEFAULTS,
    EVENT_TYPE_DEFAULTS_2023,
    GA_EVENT_TYPES,
    GA_FORMATS,
    REL,
    ROUND_MINUTES_2023,
    ROUND_MINUTES_2025,
    CrVersion,
    EventStatus,
    EventType,
    FormatCode,
    Game,
    PpgVersion,
    RoundStage,
    RoundStatus,
    StaffRole,
    StandingsPolicy,
    StructureKind,
    TrpVersion,
)
from ..models import (
    Event,
    EventDay,
    Round,
    StaffAssignment,
)
from ._common import CLOSED_STATUSES, _atomic, _audit, _choice, _lock_event, require_event_open
from ._shared import _promote_waitlist

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


#: Settings whose value the rules give from the game, event type, format and REL. Each one
#: follows those until the organizer sets it by hand (``Event.rule_overrides`` names those).
RULE_FIELDS = (
    "format",
    "event_type",
    "tier",
    "rel",
    "round_minutes",
    "games_per_match",
    "standings_policy",
    "decklists_required",
    "regular_deck_checks",
    "allow_late_entries",
)
#: The settings the others follow: changing one of these recomputes what is not set by hand.
RULE_DRIVERS = ("game", "format", "event_type", "rel", "trp_version")


def rule_defaults(values: dict) -> dict:
    """What the rules give for each of ``RULE_FIELDS``, from ``values`` (the game, TR&P edition
    and any rule field the organizer set by hand; the others are left out).

    The chain: the game gives the event ladder, the format and match length (Grand Archive:
    its regular store event, Standard, best of three, entries closed at round 1,
    ga-organized-play.md sections 2, 3, 5); the event type gives tier and REL (TR&P App A);
    the format gives the round length (App C); the REL and format give decklists (TR&P 3.7,
    App E) and regular deck checks (3.8); the game gives the standings policy (App D; Grand
    Archive: 3/1/0 points).
    """
    trp = values.get("trp_version") or TrpVersion.TRP_2025
    game = values.get("game") or (Game.GA if values.get("format") in GA_FORMATS else Game.FAB)
    ga = game == Game.GA
    fmt = values.get("format") or (FormatCode.GA_STANDARD if ga else FormatCode.CLASSIC_CONSTRUCTED)
    event_type = values.get("event_type") or (EventType.GA_REGULAR if ga else EventType.ARMORY)
    tier, rel_day1, _ = event_type_defaults(event_type, trp_version=trp)
    rel = values.get("rel") or rel_day1
    return {
        "format": fmt,
        "event_type": event_type,
        "tier": tier,
        "rel": rel_day1,
        "round_minutes": default_round_minutes(fmt, trp_version=trp),
        "games_per_match": 2 if ga else 1,
        "standings_policy": DEFAULT_STANDINGS_POLICY.get(game, StandingsPolicy.FAB),
        "decklists_required": default_decklists_required(rel, fmt),
        "regular_deck_checks": default_regular_deck_checks(rel),
        "allow_late_entries": not ga,
    }


def _hand_set(values: dict, names) -> dict:
    return {name: values[name] for name in names if name in values and values[name] not in (None, "")}


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
    "check_in_required",
    "allow_late_entries",
    "short_public_names",
    "trp_version",
    "ppg_version",
    "cr_version",
    "status",
    "pairing_seed",
    "card_release",
    "pod_play",
    "pod_policy",
    "pod_allow_two",
    "pod_points",
    "print_language",
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
    "pod_play",
)


def _plain(value):
    """A JSON-able value for the audit trail (model instances become their primary key)."""
    return getattr(value, "pk", value)


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
        raise DomainError(gettext("the event needs a name"), field="name")
    if "tier" in values and (not isinstance(values["tier"], int) or not 1 <= values["tier"] <= 4):
        raise DomainError(
            gettext("tier must be 1, 2, 3 or 4 (%(cite)s)")
            % {"cite": cite(values.get("game", Game.FAB), "tier")},
            field="tier",
        )
    for name, low in (("capacity", 2), ("round_minutes", 1), ("games_per_match", 1), ("swiss_rounds", 1)):
        value = values.get(name)
        if value is not None and (not isinstance(value, int) or value < low):
            raise DomainError(
                gettext("%(name)s must be a whole number of at least %(low)s") % {"name": name, "low": low},
                field=name,
            )
    top_cut = values.get("top_cut")
    if top_cut is not None and top_cut not in (0, 2, 4, 8, 16, 32, 64):
        raise DomainError(gettext("top_cut must be 0 (none) or a power of two from 2 to 64"), field="top_cut")
    game, fmt = values.get("game"), values.get("format")
    if game and fmt and (game == Game.GA) != (fmt in GA_FORMATS):
        raise DomainError(
            gettext("format %(fmt)s does not belong to game %(game)s (G-05)")
            % {"fmt": repr(fmt), "game": repr(game)},
            field="format",
        )
    if values.get("short_public_names") and values.get("rel", REL.CASUAL) != REL.CASUAL:
        raise DomainError(
            gettext("only a Casual event can show first names and initials to the public"),
            field="short_public_names",
        )
    if values.get("pod_play", "") not in ("", "swiss", "pods", "social"):
        raise DomainError(
            gettext("pod_play must be empty (by format), swiss, pods or social"), field="pod_play"
        )
    if "print_language" in values and values["print_language"] not in dict(settings.LANGUAGES):
        raise DomainError(
            gettext("print_language must be one of %(codes)s")
            % {"codes": ", ".join(dict(settings.LANGUAGES))},
            field="print_language",
        )
    if values.get("pod_policy", "fives") not in ("fives", "threes"):
        raise DomainError(gettext("pod_policy must be fives or threes"), field="pod_policy")
    if "pod_points" in values:
        pod_points_table(values["pod_points"])  # refuses a bad table by name
    tz = values.get("time_zone")
    if tz:
        try:
            zoneinfo.ZoneInfo(tz)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise DomainError(
                gettext("unknown time zone %(tz)s") % {"tz": repr(tz)}, field="time_zone"
            ) from None


def pod_points_table(text) -> tuple[int, ...]:
    """Points per finishing place in a pod ("3,2,1,0"): whole numbers, not increasing (OPEN-22)."""
    try:
        table = tuple(int(x) for x in str(text).replace(" ", "").split(",") if x != "")
    except ValueError:
        raise DomainError(
            gettext(
                "pod points are whole numbers separated by commas, first place first (like 3,2,1,0), not %(text)s"
            )
            % {"text": repr(text)},
            field="pod_points",
        ) from None
    if not table or any(x < 0 for x in table) or any(a < b for a, b in zip(table, table[1:])):
        raise DomainError(
            gettext(
                "pod points need at least one number, none negative, and a place never worth more than the one above it"
            ),
            field="pod_points",
        )
    return table


def _check_event_type_game(event_type: str, game: str) -> None:
    """A Grand Archive event takes a type of GA's ladder; a FaB event one of TR&P App A."""
    if (event_type in GA_EVENT_TYPES) != (game == Game.GA):
        which = gettext("Grand Archive's event ladder") if game == Game.GA else "TR&P Appendix A"
        raise DomainError(
            gettext("event type %(event_type)s is not one of %(which)s for a %(label)s event")
            % {"event_type": repr(event_type), "which": which, "label": Game(game).label},
            field="event_type",
        )


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

    Defaults (``rule_defaults``): tier and REL from the event type (TR&P App A), round length by
    format (App C), decklists by REL (TR&P 3.7, App E), regular deck checks by REL (TR&P 3.8),
    rules versions TR&P 2025 + PPG 2023 + CR 2.13.0 (G-01), standings policy by game (Grand
    Archive: 3/1/0, ga-organized-play.md section 4; FaB: TR&P App D). A rule field given here is
    recorded as set by hand (``Event.rule_overrides``); the others follow later changes of the
    game, type, format or REL (``update_event``). Swiss rounds and top cut stay empty: they
    default from attendance (App B) until set. Side effects: an organizer StaffAssignment, audit
    entries.
    """
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise DomainError(
            gettext("unknown event field(s): %(sorted)s") % {"sorted": ", ".join(sorted(unknown))},
            field=sorted(unknown)[0],
        )
    values = {"name": name, **fields}
    values.setdefault("game", Game.GA if values.get("format") in GA_FORMATS else Game.FAB)
    values.setdefault("trp_version", TrpVersion.TRP_2025)
    hand = _hand_set(values, RULE_FIELDS)
    _validate_event_values({k: v for k, v in values.items() if k not in RULE_FIELDS or k in hand})
    if "event_type" in hand:
        _check_event_type_game(hand["event_type"], values["game"])
    defaults = rule_defaults({**hand, "game": values["game"], "trp_version": values["trp_version"]})
    for name_ in RULE_FIELDS:
        if name_ not in hand:
            values[name_] = defaults[name_]
    _check_event_type_game(values["event_type"], values["game"])
    _validate_event_values(values)
    values["rule_overrides"] = sorted(hand)
    values.setdefault("pairing_seed", secrets.randbits(31))
    if "card_release" not in values:
        values["card_release"] = active_release(values["game"])
    elif values["card_release"] is not None and values["card_release"].game != values["game"]:
        raise DomainError(gettext("the card-data release is for another game"), field="card_release")
    if slug:
        slug = slugify(slug)
        if not slug:
            raise DomainError(gettext("the slug must contain letters or digits"), field="slug")
        if Event.objects.filter(slug=slug).exists():
            raise ConflictError(
                gettext("an event with slug %(slug)s already exists") % {"slug": repr(slug)}, field="slug"
            )
    else:
        slug = _unique_slug(name)
    created_by = actor if actor is not None and actor.is_authenticated else None
    try:
        with transaction.atomic():
            event = Event.objects.create(slug=slug, created_by=created_by, **values)
    except IntegrityError as exc:
        raise ConflictError(
            gettext("an event with slug %(slug)s already exists") % {"slug": repr(slug)}, field="slug"
        ) from exc
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
def update_event(
    event: Event, *, actor, reason: str = "", follow_rules: list[str] | tuple[str, ...] = (), **changes
) -> Event:
    """Change event settings (organizer or head judge). Rules versions, game, format and games
    per match, card data and the standings policy are pinned once the first round is paired
    (G-01). Audited with before/after.

    A rule field changed here is from then on set by hand; ``follow_rules`` names rule fields
    to give back to the rules. When the game, format, event type, REL or TR&P edition changes
    (or a field is given back), every rule field not set by hand takes the value
    ``rule_defaults`` gives (a Road to Nationals raised from Casual turns decklists on), except
    what is pinned once pairings exist.
    """
    require(actor, event, "change_event", gettext("change the event"))
    require_event_open(event)
    unknown = (set(changes) - set(EVENT_FIELDS)) | (set(follow_rules) - set(RULE_FIELDS))
    if unknown:
        raise DomainError(
            gettext("unknown event field(s): %(sorted)s") % {"sorted": ", ".join(sorted(unknown))},
            field=sorted(unknown)[0],
        )
    event = _lock_event(event)
    merged = {f: getattr(event, f) for f in EVENT_FIELDS} | changes
    _validate_event_values(merged)
    if "event_type" in changes or "game" in changes:
        _check_event_type_game(merged["event_type"], merged["game"])
    started = Round.objects.filter(event=event).exists()
    old_overrides = sorted(event.rule_overrides or [])
    hand = (set(old_overrides) | {f for f in changes if f in RULE_FIELDS}) - set(follow_rules)
    drivers_changed = any(merged[f] != getattr(event, f) for f in RULE_DRIVERS)
    followed: dict = {}
    if drivers_changed or follow_rules:
        defaults = rule_defaults(
            {f: merged[f] for f in hand} | {"game": merged["game"], "trp_version": merged["trp_version"]}
        )
        for name in RULE_FIELDS:
            if name in hand or name in changes or merged[name] == defaults[name]:
                continue
            if started and name in _PINNED_AFTER_START:
                continue
            followed[name] = defaults[name]
        if followed:
            merged |= followed
            _validate_event_values(merged)
            _check_event_type_game(merged["event_type"], merged["game"])
    before, after = {}, {}
    for name, value in (changes | followed).items():
        old = getattr(event, name)
        if old == value:
            continue
        if started and name in _PINNED_AFTER_START:
            raise ConflictError(
                gettext("%(name)s is pinned once pairings exist (G-01)") % {"name": name}, field=name
            )
        before[name], after[name] = _plain(old), _plain(value)
        setattr(event, name, value)
    if sorted(hand) != old_overrides:
        event.rule_overrides = sorted(hand)
        # A field changed by hand is set by hand, which its own before/after already says; a
        # give-back, or a field confirmed by hand at the value it had, is news of its own.
        if follow_rules or not after:
            before["rule_overrides"], after["rule_overrides"] = old_overrides, sorted(hand)
    if after:
        event.save()
        if followed:
            note = gettext("follows the rules: ") + ", ".join(sorted(set(followed) & set(after)))
            reason = f"{reason}; {note}" if reason else note
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
    after) and the cut to the next day (App B: top N or X-2, whichever is larger). The plan is
    complete and valid or refused with a message naming what is missing
    (``tournament.day_plan.check_day_plan``). An empty list removes the saved plan (a multi-day
    event then follows the App B default again).
    """
    require(actor, event, "change_event", gettext("plan event days"))
    require_event_open(event)
    played = Round.objects.filter(event=event, stage=RoundStage.SWISS).count()
    checked = check_day_plan(days, event=event, played=played) if days else []
    before = list(EventDay.objects.filter(event=event).values("number", "rel", "swiss_rounds", "cut_size"))
    EventDay.objects.filter(event=event).delete()
    created = [EventDay.objects.create(event=event, **d) for d in checked]
    _audit(
        event,
        event=event,
        actor=actor,
        action="event.days",
        before=before,
        after=[{k: v for k, v in d.items() if k != "date"} for d in checked],
    )
    return created


def rel_for_round(event: Event, round_number: int) -> str:
    """The REL in force for a round: its day's REL when a day plan exists (TR&P 1.2)."""
    rnd = Round.objects.filter(event=event, number=round_number).first()
    day_number = rnd.day if rnd else 1
    day = EventDay.objects.filter(event=event, number=day_number).first()
    return day.rel if day else event.rel


# --------------------------------------------------------------------------- finishing


@_atomic
def finish_event(event: Event, *, actor) -> Event:
    """Close the event once its last round is complete (organizer, head judge, scorekeeper)."""
    require(actor, event, "finish_event", gettext("finish the event"))
    event = _lock_event(event)
    require_event_open(event)
    last = selectors.current_round(event)
    if last is None or last.status != RoundStatus.COMPLETE:
        raise ConflictError(gettext("the last round is not complete"))
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


@_atomic
def reopen_event(event: Event, *, actor, reason: str) -> Event:
    """Open a finished (or cancelled) event again so results, players and rounds can change.

    Organizer or head judge, with a reason (audited). The event goes back to running when it
    has rounds, to registration otherwise.
    """
    require(actor, event, "change_event", gettext("reopen the event"))
    if not (reason or "").strip():
        raise DomainError(gettext("reopening an event needs a reason"), field="reason")
    event = _lock_event(event)
    if event.status not in CLOSED_STATUSES:
        raise ConflictError(gettext("the event is not finished"), code="not_closed")
    before = event.status
    event.status = (
        EventStatus.RUNNING if Round.objects.filter(event=event).exists() else EventStatus.REGISTRATION
    )
    event.save(update_fields=["status", "updated_at"])
    _audit(
        event,
        event=event,
        actor=actor,
        action="event.reopen",
        before={"status": before},
        after={"status": event.status},
        reason=reason.strip(),
    )
    return event
