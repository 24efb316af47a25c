"""Importing a mirrored event: the one writer of mirrored events' players, rounds and matches.

``import_event`` turns what ``mirror.parsers`` read into an Arbiter event marked as mirrored
(``Event.mirror_source`` / ``mirror_source_id``): players matched or created by player ID,
rounds and tables as in the source, results as the source says, the source's standings kept
beside ours. A re-import updates the same rows (keyed by round and table, byes by player) and
returns what changed; importing the same files twice changes nothing. All or nothing: one
transaction, so a bad file leaves no half-imported event.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.audit import record_audit
from core.errors import ConflictError, DomainError, NotAllowed
from core.i18n import names_and_more
from decklists import services as decklist_services
from decklists.enums import DecklistSource, DecklistStatus
from decklists.models import Decklist
from tournament import services as tournament_services
from tournament.enums import (
    FormatCode,
    Game,
    MatchResult,
    MirrorSource,
    RegistrationStatus,
    ReportStatus,
    ResultKind,
    RoundStage,
    RoundStatus,
)
from tournament.models import Event, Match, PlayerProfile, Registration, Round

from . import access
from .limits import check_parsed, check_submission
from .models import MirrorImport, SourceMatch, SourcePlayer, SourceStanding
from .parsers import (
    GEM,
    RESULT_TO_GEM,
    ImportFileError,
    ParsedEvent,
    ParsedMatch,
    fetch_omnidex,
    omnidex_api_url,
    parse_files,
    parse_omnidex,
)

#: How many names a summary line lists before it says "and N more".
SUMMARY_NAMES = 12


@dataclass
class ImportResult:
    event: Event
    record: MirrorImport
    created: bool
    changes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def arbiter_player_id(source: str, source_id: str) -> str:
    """The Arbiter player ID of a source's player: GEM IDs as they are (Arbiter's player IDs
    are GEM IDs), Omnidex ids prefixed so they never collide with a GEM number."""
    return source_id if source == GEM else f"omni-{source_id}"


def source_player_id(event: Event, registration: Registration) -> str:
    """The ID to type into the source for ``registration``."""
    pid = registration.player.player_id
    if event.mirror_source == MirrorSource.OMNIDEX and pid.startswith("omni-"):
        return pid[len("omni-") :]
    return pid


def _names(items: list[str]) -> str:
    return names_and_more(items, shown=SUMMARY_NAMES)


def _code(result: str) -> str:
    return RESULT_TO_GEM.get(result, result) or _("not played")


def _check_source_consistency(parsed: ParsedEvent) -> None:
    """Refuse (naming the line) a round with a table or a player twice: a mix of two events."""
    tables: dict[tuple[int, int], ParsedMatch] = {}
    seats: dict[tuple[int, str], ParsedMatch] = {}
    for m in parsed.matches:
        if m.table is not None:
            other = tables.get((m.round, m.table))
            if other is not None and (other.a_id, other.b_id) != (m.a_id, m.b_id):
                raise ImportFileError(
                    _("round %(round)s has table %(table)s twice with different players")
                    % {"round": m.round, "table": m.table},
                    line=m.line,
                )
            tables[(m.round, m.table)] = m
        for pid in (m.a_id, m.b_id):
            if pid is None:
                continue
            other = seats.get((m.round, pid))
            if (
                other is not None
                and other is not m
                and (other.a_id, other.b_id, other.table) != (m.a_id, m.b_id, m.table)
            ):
                raise ImportFileError(
                    _("player %(player_id)s is paired twice in round %(round)s")
                    % {"player_id": pid, "round": m.round},
                    line=m.line,
                )
            seats[(m.round, pid)] = m


def _dedupe(matches: list[ParsedMatch]) -> list[ParsedMatch]:
    """The same match read from two files (a page and a CSV) once; a result beats none."""
    out: dict[tuple, ParsedMatch] = {}
    for m in matches:
        key = (m.round, m.table, m.a_id) if m.b_id else (m.round, None, m.a_id)
        if key not in out or (m.result and not out[key].result):
            out[key] = m
    return list(out.values())


def _find_or_create_event(
    parsed: ParsedEvent, *, actor, event: Event | None, name: str, fmt: str
) -> tuple[Event, bool]:
    source = MirrorSource(parsed.source)
    if event is not None:
        if not event.is_mirrored:
            raise ConflictError(
                _("%(name)s is not a mirrored event; import into a new event instead") % {"name": event.name},
                code="mirrored",
            )
        if event.mirror_source != source:
            raise DomainError(
                _("%(name)s is mirrored from %(mirror_source)s, these files are from %(label)s")
                % {
                    "name": event.name,
                    "mirror_source": event.get_mirror_source_display(),
                    "label": source.label,
                },
                field="files",
            )
        if parsed.source_id and parsed.source_id != event.mirror_source_id:
            raise DomainError(
                _("these files are of %(label)s event %(source_id)s, not %(mirror_source_id)s")
                % {
                    "label": source.label,
                    "source_id": parsed.source_id,
                    "mirror_source_id": event.mirror_source_id,
                },
                field="files",
            )
        return event, False
    if not parsed.source_id:
        raise DomainError(_("give the event's %(label)s id") % {"label": source.label}, field="source_id")
    existing = Event.objects.filter(mirror_source=source, mirror_source_id=parsed.source_id).first()
    if existing is not None:
        return existing, False
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise NotAllowed(_("log in to import an event"))
    game = Game.GA if source == MirrorSource.OMNIDEX else Game.FAB
    fmt = (
        fmt
        or parsed.format
        or (FormatCode.GA_STANDARD if game == Game.GA else FormatCode.CLASSIC_CONSTRUCTED)
    )
    fields: dict = {"game": game, "format": fmt}
    if parsed.swiss_rounds:
        fields["swiss_rounds"] = parsed.swiss_rounds
    if parsed.cut_size is not None:
        fields["top_cut"] = parsed.cut_size
    if parsed.games_per_match:
        fields["games_per_match"] = parsed.games_per_match
    new = tournament_services.create_event(
        actor=actor, name=name or parsed.name or f"{source.label} event {parsed.source_id}", **fields
    )
    new.mirror_source = source
    new.mirror_source_id = parsed.source_id
    new.status = "running"
    try:
        with transaction.atomic():
            new.save(update_fields=["mirror_source", "mirror_source_id", "status", "updated_at"])
    except IntegrityError as exc:  # two first imports of one event at once: the other one won
        raise ConflictError(
            _("%(label)s event %(source_id)s was just imported by someone else; import again to update it")
            % {"label": source.label, "source_id": parsed.source_id},
            code="mirrored",
        ) from exc
    record_audit(
        new,
        actor=actor,
        action="event.mirror",
        after={"mirror_source": source.value, "mirror_source_id": parsed.source_id, "status": "running"},
        event_id=new.pk,
    )
    return new, True


@transaction.atomic
def import_event(
    parsed: ParsedEvent,
    *,
    actor,
    event: Event | None = None,
    name: str = "",
    format: str = "",
) -> ImportResult:
    """Create or update the mirrored event ``parsed`` describes; returns what changed.

    Side effects (all in one transaction): a new event (``actor`` its organizer) or the
    existing one with the same source and id; players and registrations by player ID; rounds
    and matches as the source has them (a source without a result leaves a result entered here
    alone: that is what the hand-back sheet lists); drops; the source's heroes, results and
    standings; public Omnidex decklists saved and accepted; one ``MirrorImport`` row and audit
    entries (the import, each changed match). Raises ``ImportFileError`` for inconsistent
    files, ``NotAllowed`` unless ``actor`` may run rounds at an existing event, and
    ``ConflictError`` for a finished event.
    """
    if not parsed.players and not parsed.matches:
        raise DomainError(_("the files name no players and no matches: nothing to import"), field="files")
    check_parsed(parsed)
    _check_source_consistency(parsed)
    event, created = _find_or_create_event(parsed, actor=actor, event=event, name=name, fmt=format)
    if not created:
        access.require(actor, event, "reimport_events", _("import into a mirrored event"))
    event = Event.objects.select_for_update().get(pk=event.pk)
    tournament_services.require_event_open(event)
    changes: list[str] = []
    notes = list(parsed.notes)
    _update_structure(event, parsed, changes, actor)
    regs = _import_players(event, parsed, changes)
    _import_rounds(event, parsed, regs, changes, actor)
    _import_drops(event, parsed, regs, changes, actor)
    _import_standings(event, parsed, regs, changes, notes)
    _import_decklists(event, parsed, regs, changes, notes, actor)
    if parsed.judges:
        notes.append(
            _("judges listed by the source (not staff here unless assigned): %(names)s")
            % {"names": _names(parsed.judges)}
        )
    record = MirrorImport.objects.create(
        event=event,
        source=event.mirror_source,
        files=parsed.files,
        changes=changes,
        notes=notes,
        imported_by=actor if actor is not None and actor.is_authenticated else None,
    )
    record_audit(
        event,
        actor=actor,
        action="mirror.import",
        after={"files": parsed.files, "changes": changes},
        event_id=event.pk,
    )
    return ImportResult(event, record, created, changes, notes)


def _update_structure(event: Event, parsed: ParsedEvent, changes: list[str], actor) -> None:
    before = {"swiss_rounds": event.swiss_rounds, "top_cut": event.top_cut}
    if parsed.swiss_rounds and parsed.swiss_rounds != event.swiss_rounds:
        event.swiss_rounds = parsed.swiss_rounds
    if parsed.cut_size is not None and parsed.cut_size != event.top_cut:
        event.top_cut = parsed.cut_size
    after = {"swiss_rounds": event.swiss_rounds, "top_cut": event.top_cut}
    if after != before:
        event.save(update_fields=["swiss_rounds", "top_cut", "updated_at"])
        changes.append(
            _("structure: %(swiss_rounds)s Swiss rounds, top %(top_cut)s")
            % {"swiss_rounds": after["swiss_rounds"], "top_cut": after["top_cut"]}
        )
        record_audit(
            event, actor=actor, action="event.structure", before=before, after=after, event_id=event.pk
        )


def _import_players(event: Event, parsed: ParsedEvent, changes: list[str]) -> dict[str, Registration]:
    """Registrations by source id: profiles found by player ID or created, entries created."""
    ids = {sid: arbiter_player_id(parsed.source, sid) for sid in parsed.players}
    profiles = {p.player_id: p for p in PlayerProfile.objects.filter(player_id__in=ids.values())}
    first_round: dict[str, int] = {}
    for m in parsed.matches:
        for pid in (m.a_id, m.b_id):
            if pid is not None:
                first_round[pid] = min(first_round.get(pid, m.round), m.round)
    new_profiles = [
        PlayerProfile(player_id=ids[sid], display_name=(p.name or f"Player {sid}")[:120])
        for sid, p in parsed.players.items()
        if ids[sid] not in profiles
    ]
    if new_profiles:
        PlayerProfile.objects.bulk_create(new_profiles)
        profiles = {p.player_id: p for p in PlayerProfile.objects.filter(player_id__in=ids.values())}
    existing = {r.player_id: r for r in Registration.objects.filter(event=event).select_related("player")}
    added = []
    regs: dict[str, Registration] = {}
    for sid in parsed.players:
        profile = profiles[ids[sid]]
        reg = existing.get(profile.pk)
        if reg is None:
            reg = Registration.objects.create(
                event=event,
                player=profile,
                status=RegistrationStatus.REGISTERED,
                joined_in_round=first_round.get(sid, 1),
            )
            reg.player = profile
            added.append(f"{profile.display_name} ({sid})")
        regs[sid] = reg
    if added:
        changes.append(
            ngettext("%(count)s player added: %(names)s", "%(count)s players added: %(names)s", len(added))
            % {"count": len(added), "names": _names(added)}
        )
    known = {sp.registration_id: sp for sp in SourcePlayer.objects.filter(registration__event=event)}
    heroes = []
    for sid, p in parsed.players.items():
        reg = regs[sid]
        sp = known.get(reg.pk)
        if sp is None:
            SourcePlayer.objects.create(
                registration=reg, source_id=sid, name=p.name, hero=p.hero, country=p.country
            )
            if p.hero and reg.player.display_name + f" ({sid})" not in added:
                heroes.append(f"{reg.player.display_name}: {p.hero}")
            continue
        update = {}
        for attr in ("name", "hero", "country"):
            value = getattr(p, attr)
            if value and value != getattr(sp, attr):
                update[attr] = value
        if update:
            if "hero" in update:
                heroes.append(f"{reg.player.display_name}: {update['hero']}")
            for attr, value in update.items():
                setattr(sp, attr, value)
            sp.save(update_fields=list(update))
    if heroes:
        changes.append(
            ngettext("%(count)s hero set: %(names)s", "%(count)s heroes set: %(names)s", len(heroes))
            % {"count": len(heroes), "names": _names(heroes)}
        )
    return regs


def _games(event: Event, m: ParsedMatch) -> tuple[int, int, int]:
    if m.games_a is not None and m.games_b is not None and m.result in ("a", "b", "draw"):
        return m.games_a, m.games_b, 0
    wins = event.games_per_match
    return {
        "a": (wins, 0, 0),
        "b": (0, wins, 0),
        "bye": (wins, 0, 0),
    }.get(m.result, (0, 0, 0))


def _snapshot(match: Match) -> dict:
    return {
        "table": match.table_number,
        "player_a": match.player_a_id,
        "player_b": match.player_b_id,
        "result": match.result,
        "games": [match.games_a, match.games_b, match.games_drawn],
    }


def _set_result(event: Event, match: Match, m: ParsedMatch) -> None:
    match.result = m.result
    match.games_a, match.games_b, match.games_drawn = _games(event, m)
    if m.result == "bye":
        match.result_kind = ResultKind.BYE
    elif m.result:
        match.result_kind = ResultKind.PLAYED
    else:
        match.result_kind = ""
    match.report_status = ReportStatus.STAFF if m.result else ReportStatus.NONE


def _label(m: ParsedMatch) -> str:
    if m.table is not None:
        return _("table %(table)s") % {"table": m.table}
    return _("bye of %(player_id)s") % {"player_id": m.a_id}


def _import_rounds(
    event: Event, parsed: ParsedEvent, regs: dict[str, Registration], changes: list[str], actor
) -> None:
    by_round: dict[int, list[ParsedMatch]] = defaultdict(list)
    for m in _dedupe(parsed.matches):
        by_round[m.round].append(m)
    rounds = {r.number: r for r in Round.objects.filter(event=event)}
    now = timezone.now()
    for number in sorted(by_round):
        wanted = by_round[number]
        free = iter(n for n in range(1, 10_000) if n not in {m.table for m in wanted})
        for m in wanted:
            if m.b_id is not None and m.table is None:
                m.table = next(free)
        stage = RoundStage.TOP_CUT if any(m.stage == "top_cut" for m in wanted) else RoundStage.SWISS
        if parsed.source == GEM and event.swiss_rounds and number > event.swiss_rounds:
            # GEM's files do not say which rounds are the play-off: those after the event's
            # Swiss rounds (as set in its settings) are.
            stage = RoundStage.TOP_CUT
        rnd = rounds.get(number)
        if rnd is not None and rnd.stage != stage:
            rnd.stage = stage
            rnd.save(update_fields=["stage"])
            changes.append(
                _("round %(number)s: now %(stage)s") % {"number": number, "stage": rnd.get_stage_display()}
            )
        if rnd is None:
            rnd = Round.objects.create(
                event=event,
                number=number,
                stage=stage,
                status=RoundStatus.PUBLISHED,
                published_at=now,
                duration_seconds=event.round_minutes * 60 if stage == RoundStage.SWISS else 0,
            )
            tables = sum(1 for m in wanted if m.b_id)
            changes.append(
                ngettext(
                    "round %(number)s: new, %(count)s table",
                    "round %(number)s: new, %(count)s tables",
                    tables,
                )
                % {"number": number, "count": tables}
            )
        existing = list(Match.objects.filter(round=rnd).select_related("source_match"))
        by_key: dict = {}
        for match in existing:
            by_key[match.table_number if match.player_b_id else ("bye", match.player_a_id)] = match
        keep = set()
        plan = []
        for m in wanted:
            a = regs[m.a_id]
            key = m.table if m.b_id is not None else ("bye", a.pk)
            plan.append((m, key))
            keep.add(key)
        for key, gone in by_key.items():
            if key not in keep:
                changes.append(
                    _("round %(number)s: table %(table)s is no longer in the source; removed")
                    % {"number": number, "table": gone.table_number}
                    if gone.player_b_id
                    else _("round %(number)s: a bye is no longer in the source; removed") % {"number": number}
                )
                record_audit(
                    gone,
                    actor=actor,
                    action="mirror.match_removed",
                    before=_snapshot(gone),
                    event_id=event.pk,
                )
                gone.delete()
        for m, key in plan:
            a, b = regs[m.a_id], regs[m.b_id] if m.b_id else None
            found = by_key.get(key)
            if found is None:
                match = Match(round=rnd, table_number=m.table, player_a=a, player_b=b)
                _set_result(event, match, m)
                match.save()
                SourceMatch.objects.create(match=match, result=m.result)
                if number in rounds:
                    changes.append(
                        _("round %(number)s %(place)s: new pairing %(a)s v %(b)s")
                        % {
                            "number": number,
                            "place": _label(m),
                            "a": a.player.display_name,
                            "b": b.player.display_name if b else _("BYE"),
                        }
                    )
                continue
            match = found
            before = _snapshot(match)
            what: list[str] = []
            if (match.player_a_id, match.player_b_id) != (a.pk, b.pk if b else None):
                # re-paired in the source: a result entered here was for other players
                match.player_a, match.player_b = a, b
                what.append(_("players changed"))
                if m.result != match.result:
                    what.append(
                        _("result %(before)s -> %(after)s")
                        % {"before": _code(match.result), "after": _code(m.result)}
                    )
                _set_result(event, match, m)
            elif m.result and m.result != match.result:
                what.append(
                    _("result %(before)s -> %(after)s")
                    % {"before": _code(match.result), "after": _code(m.result)}
                )
                _set_result(event, match, m)
            elif (
                m.result
                and _games(event, m) != (match.games_a, match.games_b, match.games_drawn)
                and m.games_a is not None
            ):
                match.games_a, match.games_b, match.games_drawn = _games(event, m)
                what.append(_("games changed"))
            if what:
                match.version += 1
                match.save()
                changes.append(
                    _("round %(number)s %(place)s: %(what)s")
                    % {"number": number, "place": _label(m), "what": ", ".join(what)}
                )
                record_audit(
                    match,
                    actor=actor,
                    action="mirror.match",
                    before=before,
                    after=_snapshot(match),
                    event_id=event.pk,
                )
            source = getattr(match, "source_match", None)
            if source is None:
                SourceMatch.objects.create(match=match, result=m.result)
            elif source.result != m.result:
                source.result = m.result
                source.save(update_fields=["result"])
        _settle_round_status(rnd, changes)


def _settle_round_status(rnd: Round, changes: list[str]) -> None:
    results = list(Match.objects.filter(round=rnd).values_list("result", flat=True))
    status: str
    if results and all(r != MatchResult.PENDING for r in results):
        status = RoundStatus.COMPLETE
    elif rnd.status == RoundStatus.COMPLETE or any(r != MatchResult.PENDING for r in results):
        status = RoundStatus.IN_PROGRESS
    else:
        status = rnd.status
    if status != rnd.status:
        rnd.status = status
        rnd.completed_at = timezone.now() if status == RoundStatus.COMPLETE else None
        rnd.save(update_fields=["status", "completed_at"])
        if status == RoundStatus.COMPLETE:
            changes.append(_("round %(number)s: every result in, complete") % {"number": rnd.number})


def _import_drops(
    event: Event, parsed: ParsedEvent, regs: dict[str, Registration], changes: list[str], actor
) -> None:
    dropped: dict[str, int] = {}
    for sid, p in parsed.players.items():
        if p.dropped_in_round is not None:
            dropped[sid] = p.dropped_in_round
    for s in parsed.standings:
        if s.dropped and s.player_id not in dropped:
            dropped[s.player_id] = s.round or 0
    for sid, number in dropped.items():
        reg = regs[sid]
        if reg.status in (RegistrationStatus.DROPPED, RegistrationStatus.DISQUALIFIED):
            continue
        before = {"status": reg.status, "dropped_in_round": reg.dropped_in_round}
        reg.status = RegistrationStatus.DROPPED
        reg.dropped_in_round = number or None
        reg.dropped_at = timezone.now()
        reg.save(update_fields=["status", "dropped_in_round", "dropped_at"])
        record_audit(
            reg,
            actor=actor,
            action="mirror.drop",
            before=before,
            after={"status": reg.status, "dropped_in_round": reg.dropped_in_round},
            event_id=event.pk,
        )
        changes.append(
            _("%(name)s (%(player_id)s) dropped in round %(number)s")
            % {"name": reg.player.display_name, "player_id": sid, "number": number}
            if number
            else _("%(name)s (%(player_id)s) dropped") % {"name": reg.player.display_name, "player_id": sid}
        )
    last_paired: dict[str, int] = {}
    for m in parsed.matches:
        for pid in (m.a_id, m.b_id):
            if pid is not None:
                last_paired[pid] = max(last_paired.get(pid, 0), m.round)
    for sid, number in last_paired.items():
        reg = regs[sid]
        if (
            sid in dropped
            or reg.status != RegistrationStatus.DROPPED
            or number <= (reg.dropped_in_round or 0)
        ):
            continue
        # The source pairs the player after the round they dropped in here: the source decides.
        before = {"status": reg.status, "dropped_in_round": reg.dropped_in_round}
        reg.status, reg.dropped_in_round, reg.dropped_at = RegistrationStatus.REGISTERED, None, None
        reg.save(update_fields=["status", "dropped_in_round", "dropped_at"])
        record_audit(
            reg,
            actor=actor,
            action="mirror.undrop",
            before=before,
            after={"status": reg.status, "dropped_in_round": None},
            event_id=event.pk,
        )
        changes.append(
            _("%(name)s (%(player_id)s) is paired in round %(number)s by the source: no longer dropped")
            % {"name": reg.player.display_name, "player_id": sid, "number": number}
        )


def _import_standings(
    event: Event, parsed: ParsedEvent, regs: dict[str, Registration], changes: list[str], notes: list[str]
) -> None:
    by_round: dict[int, list] = defaultdict(list)
    last_complete = max(
        (
            n
            for n in Round.objects.filter(event=event, status=RoundStatus.COMPLETE).values_list(
                "number", flat=True
            )
        ),
        default=None,
    )
    for s in parsed.standings:
        number = s.round
        if number is None:
            if last_complete is None:
                raise DomainError(
                    _(
                        "a standings file says no round (no round column, none in its name) and no round is complete"
                    ),
                    field="files",
                )
            number = last_complete
            s.round = number
            if not by_round[number]:
                notes.append(
                    _("a standings file names no round: read as the standings after round %(number)s")
                    % {"number": number}
                )
        by_round[number].append(s)
    for number, rows in sorted(by_round.items()):
        wanted = {regs[s.player_id].pk: (s.rank, s.wins, s.points, s.omw, s.gw, s.ogw) for s in rows}
        have = {
            r.registration_id: (r.rank, r.wins, r.points, r.omw, r.gw, r.ogw)
            for r in SourceStanding.objects.filter(event=event, round_number=number)
        }
        if wanted == have:
            continue
        SourceStanding.objects.filter(event=event, round_number=number).delete()
        SourceStanding.objects.bulk_create(
            SourceStanding(
                event=event,
                round_number=number,
                registration_id=reg_id,
                rank=v[0],
                wins=v[1],
                points=v[2],
                omw=v[3],
                gw=v[4],
                ogw=v[5],
            )
            for reg_id, v in wanted.items()
        )
        if have:
            moved = sum(1 for k, v in wanted.items() if have.get(k) != v)
            changes.append(
                ngettext(
                    "source standings after round %(number)s: %(count)s row changed",
                    "source standings after round %(number)s: %(count)s rows changed",
                    moved,
                )
                % {"number": number, "count": moved}
            )
        else:
            changes.append(
                ngettext(
                    "source standings after round %(number)s: %(count)s row imported",
                    "source standings after round %(number)s: %(count)s rows imported",
                    len(wanted),
                )
                % {"number": number, "count": len(wanted)}
            )


def _import_decklists(
    event: Event,
    parsed: ParsedEvent,
    regs: dict[str, Registration],
    changes: list[str],
    notes: list[str],
    actor,
) -> None:
    saved = []
    for deck in parsed.decklists:
        reg = regs.get(deck.player_id)
        if reg is None:
            notes.append(
                _("decklist of unknown player %(player_id)s not imported") % {"player_id": deck.player_id}
            )
            continue
        text = deck.as_text()
        current = Decklist.objects.filter(registration=reg).order_by("-id").first()
        if current is not None and current.raw_text == text:
            continue
        try:
            decklist = decklist_services.save_decklist(reg, actor=actor, text=text, source=DecklistSource.API)
        except DomainError as exc:
            notes.append(
                _("decklist of %(display_name)s not imported: %(message)s")
                % {"display_name": reg.player.display_name, "message": exc.message}
            )
            continue
        try:
            decklist = decklist_services.submit_decklist(decklist, actor=actor)
            if decklist.status != DecklistStatus.ACCEPTED:
                decklist_services.accept_decklist(decklist, actor=actor)
        except DomainError as exc:
            notes.append(
                _("decklist of %(display_name)s saved as a draft, not accepted: %(message)s")
                % {"display_name": reg.player.display_name, "message": exc.message}
            )
        saved.append(reg.player.display_name)
    if saved:
        changes.append(
            ngettext(
                "%(count)s public decklist imported: %(names)s",
                "%(count)s public decklists imported: %(names)s",
                len(saved),
            )
            % {"count": len(saved), "names": _names(saved)}
        )


def read_submission(
    *,
    files: list[tuple[str, bytes | str]] = (),  # type: ignore[assignment]
    text: str = "",
    omnidex: str = "",
    source_id: str = "",
    standings_round: int | None = None,
    get_json=None,
) -> ParsedEvent:
    """What an organizer handed in, read: an Omnidex URL or id (fetched), or files and pasted
    text. ``source_id`` names the event in GEM (its files do not carry it). Raises
    ``ImportFileError`` (file and line) or ``DomainError`` (nothing given, ids that disagree,
    more files, bytes, lines, players, matches or rounds than ``mirror.limits`` allows: the
    sizes and lines are counted before anything is parsed)."""
    if omnidex.strip():
        if files or text.strip():
            raise DomainError(_("give an Omnidex address or files, not both"), field="omnidex")
        try:
            bundle = fetch_omnidex(omnidex, get_json)
        except ValueError as exc:
            if isinstance(exc, ImportFileError):
                raise
            raise DomainError(str(exc), field="omnidex") from exc
        parsed = parse_omnidex(bundle, file=omnidex_api_url(omnidex))
    else:
        given = list(files)
        check_submission(given, text)
        if text.strip():
            given.append(("pasted text", text))
        if not given:
            raise DomainError(
                _("upload the event's files, paste a GEM page or give an Omnidex address"), field="files"
            )
        parsed = parse_files(given, standings_round=standings_round)
    check_parsed(parsed)
    source_id = source_id.strip()
    if source_id:
        if parsed.source_id and parsed.source_id != source_id:
            raise DomainError(
                _("the files are of event %(source_id)s, not %(source_id2)s")
                % {"source_id": parsed.source_id, "source_id2": source_id},
                field="source_id",
            )
        parsed.source_id = source_id
    return parsed
