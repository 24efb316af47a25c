"""Every change to a game-state reconstruction (issue 12), on top of ``rules_engine.game``.

Each service is atomic, checks the actor may ``reconstruct`` (``judging.access.ACTIONS``),
refuses a stale ``expected_version`` (two judges typing at once never overwrite each other's
steps: the second one is told to reload, and the web page keeps what they typed), and leaves an
audit entry with the state before and after. The log is append-only: a rewind is a line of the
log ("rewind K") that starts a branch, and nothing typed is ever deleted or rewritten.

A Grand Archive event's reconstruction goes through the same services (issue 34): its start is
checked by ``ga.check_start`` (two players only, GA 1.2.4), it is replayed by ``rules_engine.ga``,
and its findings cite the GA CR; a fix cites no FaB PPG section.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import record_audit
from core.errors import ConflictError, DomainError
from rules_engine.game.start import GivenError, start_state
from tournament.citations import is_ga

from ..access import require
from ..enums import ReconstructionFix, ReconstructionRules
from ..models import JudgeCall, Reconstruction
from ..services.calls import record_ruling
from . import engine as recon_engine
from . import ga as recon_ga

#: Guard rails for one request (a phone cannot type more; a script must not fill the table).
MAX_LINE_LENGTH = 500
MAX_LINES = 1000

#: PPG sections a recorded fix cites: the backup guidance and the partial fix of a game state.
FIX_CITATIONS: dict[str, list[str]] = {
    ReconstructionFix.BACKUP: ["PPG 1.3", "PPG 3.1"],
    ReconstructionFix.PARTIAL: ["PPG 1.3", "PPG 3.1"],
    ReconstructionFix.LEAVE: ["PPG 1.3"],
}


def fix_citations(recon: Reconstruction) -> list[str]:
    """The rule numbers the recorded fix cites: the PPG's at a FaB event; none at a Grand Archive
    event (GA's documents in the reference number no backup procedure, and a ruling cites rule
    numbers only: the fix is stated in the ruling's words instead)."""
    if is_ga(recon.call.event):
        return []
    return list(FIX_CITATIONS.get(recon.fix, []))


def _snapshot(recon: Reconstruction) -> dict[str, Any]:
    return {
        "version": recon.version,
        "game_number": recon.game_number,
        "title": recon.title,
        "rules_version": recon.rules_version,
        "start": recon.start,
        "lines": list(recon.lines),
        "fix": recon.fix,
        "fix_step": recon.fix_step,
        "fix_note": recon.fix_note,
    }


def _lock(recon: Reconstruction, expected_version: int | None) -> Reconstruction:
    """The row locked for this change; a stale ``expected_version`` is a 409 with a clear message."""
    locked = (
        Reconstruction.objects.select_for_update(of=("self",))
        .select_related("call__event", "call__match__player_a", "call__match__player_b")
        .get(pk=recon.pk)
    )
    if expected_version is not None and int(expected_version) != locked.version:
        raise ConflictError(
            _(
                "another judge changed this reconstruction while you were typing (you had version %(expected_version)s, it is now %(version)s); nothing of yours was saved: reload, check their steps and add yours again"
            )
            % {"expected_version": expected_version, "version": locked.version},
            code="stale_version",
        )
    return locked


def _save(recon: Reconstruction, fields: list[str]) -> None:
    recon.version += 1
    recon.save(update_fields=[*fields, "version", "updated_at"])


def _audit(recon: Reconstruction, actor, action: str, before: dict | None, **extra: Any) -> None:
    after = _snapshot(recon) | extra
    record_audit(recon, actor=actor, action=action, before=before, after=after, event_id=recon.call.event_id)


def rules_version_for(call: JudgeCall) -> str:
    """The engine's edition for the event's pinned CR version (``Event.cr_version``); a Grand
    Archive event's is the GA CR (``rules_engine.ga.rules.VERSION``)."""
    if is_ga(call.event):
        return ReconstructionRules.GA
    return ReconstructionRules.CR_2_13_0 if call.event.cr_version == "2.13.0" else ReconstructionRules.OLDER


def _check_start(start: Any, event: Any = None) -> dict[str, Any]:
    if not isinstance(start, dict):
        raise DomainError(_("the starting state is a mapping (turn, phase, P1, P2)"), field="start")
    if event is not None and is_ga(event):
        try:
            recon_ga.check_start(start)
        except (GivenError, TypeError, ValueError) as exc:
            raise DomainError(
                _("the starting state cannot be read: %(exc)s") % {"exc": exc}, field="start"
            ) from None
        return {**start, "game": "ga"}
    try:
        start_state(start, recon_engine.event_lookup(event), "2.13.0")
    except GivenError as exc:
        raise DomainError(
            _("the starting state cannot be read: %(exc)s") % {"exc": exc}, field="start"
        ) from None
    return start


@transaction.atomic
def create_reconstruction(
    call: JudgeCall,
    *,
    actor,
    game_number: int | None = None,
    title: str = "",
    start: dict[str, Any] | None = None,
) -> Reconstruction:
    """Start a reconstruction of one disputed game of ``call`` (several per call are allowed).

    Without ``start`` the starting state comes from the players' accepted decklists
    (``recon_engine.start_from_decklists``). The CR edition is the event's pinned one.
    Side effects: audit entry ``reconstruction.create``.
    """
    require(actor, call.event, "reconstruct", _("reconstruct game states"))
    if game_number is not None and game_number < 1:
        raise DomainError(_("games are numbered from 1"), field="game_number")
    start = _check_start(start, call.event) if start is not None else recon_engine.start_from_decklists(call)
    recon = Reconstruction.objects.create(
        call=call,
        game_number=game_number,
        title=title.strip()[:120],
        rules_version=rules_version_for(call),
        start=start,
        lines=[],
        created_by=actor,
    )
    _audit(recon, actor, "reconstruction.create", None)
    return recon


@transaction.atomic
def update_start(
    recon: Reconstruction, *, actor, start: dict[str, Any], expected_version: int | None
) -> Reconstruction:
    """Replace the agreed starting state (life totals, turn, phase, known cards, counters).

    Side effects: audit entry ``reconstruction.start`` with the old and new state.
    """
    recon = _lock(recon, expected_version)
    require(actor, recon.call.event, "reconstruct", _("reconstruct game states"))
    before = _snapshot(recon)
    recon.start = _check_start(start, recon.call.event)
    _save(recon, ["start"])
    _audit(recon, actor, "reconstruction.start", before)
    return recon


def split_lines(text: str | list[str]) -> list[str]:
    """The lines a judge typed, verbatim (line ends removed, blank lines dropped)."""
    raw = text.splitlines() if isinstance(text, str) else [str(x) for x in text]
    lines = [line.rstrip("\r\n") for line in raw if str(line).strip()]
    for line in lines:
        if len(line) > MAX_LINE_LENGTH:
            raise DomainError(
                _("a line is longer than %(max_line_length)s characters")
                % {"max_line_length": MAX_LINE_LENGTH},
                field="lines",
            )
    return lines


@transaction.atomic
def append_steps(
    recon: Reconstruction, *, actor, lines: str | list[str], expected_version: int | None
) -> Reconstruction:
    """Append the typed lines to the log exactly as typed. A line the engine cannot read is kept
    and shown in place with its error; nothing is rejected for what it says.

    Side effects: audit entry ``reconstruction.append`` (the lines added).
    """
    new = split_lines(lines)
    if not new:
        raise DomainError(_("type at least one step"), field="lines")
    recon = _lock(recon, expected_version)
    require(actor, recon.call.event, "reconstruct", _("reconstruct game states"))
    if len(recon.lines) + len(new) > MAX_LINES:
        raise DomainError(
            _("a reconstruction holds at most %(max_lines)s steps") % {"max_lines": MAX_LINES}, field="lines"
        )
    before = _snapshot(recon)
    recon.lines = [*recon.lines, *new]
    _save(recon, ["lines"])
    _audit(recon, actor, "reconstruction.append", before, added=new)
    return recon


@transaction.atomic
def rewind(recon: Reconstruction, *, actor, to: int, expected_version: int | None) -> Reconstruction:
    """Make the state after step ``to`` current again (0 = the starting state). The steps after
    it stay in the log, marked superseded; the next steps start a branch from there.

    Side effects: a ``rewind K`` line; audit entry ``reconstruction.rewind`` with the backup
    report of what the rewind undid.
    """
    recon = _lock(recon, expected_version)
    require(actor, recon.call.event, "reconstruct", _("reconstruct game states"))
    outcome = recon_engine.run(recon)
    report = outcome.backup_report(int(to))
    before = _snapshot(recon)
    recon.lines = [*recon.lines, f"rewind {int(to)}"]
    _save(recon, ["lines"])
    _audit(recon, actor, "reconstruction.rewind", before, backup=report)
    return recon


@transaction.atomic
def record_fix(
    recon: Reconstruction,
    *,
    actor,
    fix: str,
    step: int | None = None,
    note: str = "",
    expected_version: int | None,
) -> Reconstruction:
    """Record the judge's decision (PPG 1.3, 3.1): back up to step ``step``, a partial fix
    (``note`` says what was fixed), or leave the game state as it is. The backup report and the
    findings at that moment are stored with it.

    Side effects: audit entry ``reconstruction.fix``.
    """
    if fix not in ReconstructionFix.values:
        raise DomainError(_("unknown fix %(fix)s") % {"fix": repr(fix)}, field="fix")
    recon = _lock(recon, expected_version)
    require(actor, recon.call.event, "reconstruct", _("reconstruct game states"))
    outcome = recon_engine.run(recon)
    report: dict[str, Any] = {"findings": outcome.findings()}
    if fix == ReconstructionFix.BACKUP:
        if step is None:
            raise DomainError(_("say which step to back up to"), field="step")
        report["backup"] = outcome.backup_report(int(step))
    elif fix == ReconstructionFix.PARTIAL and not note.strip():
        raise DomainError(_("say what the partial fix puts right"), field="note")
    before = _snapshot(recon)
    recon.fix = fix
    recon.fix_step = int(step) if fix == ReconstructionFix.BACKUP and step is not None else None
    recon.fix_note = note.strip()
    recon.fix_report = report
    recon.fixed_by = actor
    recon.fixed_at = timezone.now()
    _save(recon, ["fix", "fix_step", "fix_note", "fix_report", "fixed_by", "fixed_at"])
    _audit(recon, actor, "reconstruction.fix", before)
    return recon


def fix_sentence(recon: Reconstruction) -> str:
    if recon.fix == ReconstructionFix.BACKUP:
        return _("Backed up to the state after step %(fix_step)s.") % {"fix_step": recon.fix_step}
    if recon.fix == ReconstructionFix.PARTIAL:
        return _("Partial fix: %(fix_note)s") % {"fix_note": recon.fix_note}
    if recon.fix == ReconstructionFix.LEAVE:
        return _("The game state was left as it is.") + (f" {recon.fix_note}" if recon.fix_note else "")
    return ""


@transaction.atomic
def cite_in_ruling(recon: Reconstruction, *, judge) -> JudgeCall:
    """Cite the reconstruction's findings (and the PPG sections of its fix) in the call's ruling
    in one tap: the citations are added to the ruling's, and a ruling not written yet gets a
    summary of the findings. Goes through ``services.record_ruling`` (its checks and audit)."""
    require(judge, recon.call.event, "rule_on_calls", _("rule on judge calls"))
    outcome = recon_engine.run(recon)
    citations = list(recon.call.citations)
    for c in outcome.citations() + fix_citations(recon):
        if c not in citations:
            citations.append(c)
    ruling = recon.call.ruling
    if not ruling:
        parts = [f"Game-state reconstruction #{recon.pk}:"]
        violations = outcome.violations()
        parts += [f["message"] for f in violations] or ["no rules violation found in the agreed steps."]
        if recon.fix:
            parts.append(fix_sentence(recon))
        ruling = " ".join(parts)
    return record_ruling(recon.call, judge=judge, ruling=ruling, citations=citations)
