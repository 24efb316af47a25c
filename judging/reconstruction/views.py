"""The phone page of a game-state reconstruction, its printable view and its PDF (issue 12).

A floor judge types the agreed steps at the table; the page replays them after every change and
shows each step's state and findings. Judges, the head judge and the organizer edit; the two
players of the match see the final state (without the opponent's hidden cards) and the ruling
once the call is closed. Every change goes through ``judging.reconstruction.services``.
A Grand Archive event's reconstruction uses the same page with GA's start form, panel, notation
and backup report (``judging.reconstruction.ga``, issue 34).
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.documents import pdf_response, requested_language
from core.errors import DomainError
from core.parsing import optional_whole_number
from tournament.citations import is_ga

from .. import access
from ..enums import CallStatus, ReconstructionFix
from ..models import Reconstruction
from . import engine as recon_engine
from . import ga as recon_ga
from . import services as recon_services
from .documents import START_LISTS, START_NUMBERS, ReconstructionRecord, start_fields
from .selectors import players_of

#: The buttons above the text area: label -> text inserted at the cursor (compact notation).
QUICK_ACTIONS = [
    (gettext_lazy("P1 play"), "p1 play "),
    (gettext_lazy("P2 play"), "p2 play "),
    ("@ P2", " @p2"),
    ("@ P1", " @p1"),
    (gettext_lazy("Pitch"), " ^ "),
    (gettext_lazy("Defend"), ">defend\n"),
    (gettext_lazy("P2 defends"), "p2 def "),
    (gettext_lazy("P1 defends"), "p1 def "),
    (gettext_lazy("No block"), "p2 def -\n"),
    (gettext_lazy("Pass"), "pass\n"),
    (gettext_lazy("To damage"), ">>reaction\n"),
    (gettext_lazy("Player says"), "obs "),
    (gettext_lazy("Judge sets"), "adj "),
]
#: The same for a Grand Archive game (GA's verbs, read by ``rules_engine.ga.phrases``).
GA_QUICK_ACTIONS = [
    (gettext_lazy("P1 plays"), "p1 plays "),
    (gettext_lazy("P2 plays"), "p2 plays "),
    (gettext_lazy("reserving"), " reserving "),
    (gettext_lazy("Materialize"), "p1 materializes "),
    (gettext_lazy("P1 attacks"), "p1 attacks with "),
    (gettext_lazy("P2 retaliates"), "p2 retaliates with "),
    (gettext_lazy("No retaliation"), "no ret\n"),
    (gettext_lazy("All pass"), "all pass\n"),
    (gettext_lazy("Ends turn"), "p1 ends the turn\n"),
]


def _recon_for(request, slug, pk) -> tuple[Reconstruction, str]:
    recon, viewer = access.access_reconstruction(request.user, pk)
    if recon.call.event.slug != slug:
        raise Http404(_("no such reconstruction at this event"))
    return recon, viewer


def _int(value: Any, field: str) -> int | None:
    return optional_whole_number(value, field=field)


def _split_top(text: str) -> list[str]:
    """``text`` split at the commas outside square brackets ("Helm [-1{d}, 2 steam], Gold")."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [part.strip() for part in parts if part.strip()]


def _names(text: str, lookup=None) -> list[str]:
    """Card names typed with commas between them. Many card names hold a comma themselves
    ("Dawnblade, Resplendent"): two neighbouring parts that together name a card stay one."""
    parts = _split_top(text)
    names: list[str] = []
    i = 0
    while i < len(parts):
        joined = f"{parts[i]}, {parts[i + 1]}" if i + 1 < len(parts) else ""
        if (
            joined
            and "[" not in parts[i]
            and lookup is not None
            and lookup.get(joined.split(" [")[0]) is not None
        ):
            names.append(joined)
            i += 2
        else:
            names.append(parts[i])
            i += 1
    return names


_COUNTER_ITEM = re.compile(r"(?:(\d+)\s*x?\s+)?([+-]1\s*\{[pd]\}|[a-z][a-z -]*)", re.I)


def card_item(text: str) -> str | dict[str, Any]:
    """One typed card of the start form: "Name", or "Name [counters and face]" such as
    "Ironrot Helm [-1{d}]", "Gold [face up]", "Frostbite [2 x -1{p}]", "Hope Merchant's Hood [2 steam]".
    Counters are CR 1.15 counters (+1 and -1 of a property apart, CR 1.15.4); "face up" / "face
    down" is the card's face (an arsenal card is face down unless it says so)."""
    m = re.fullmatch(r"(.+?)\s*\[(.*)\]", text.strip())
    if not m:
        return text.strip()
    name = m.group(1).strip()
    item: dict[str, Any] = {"name": name}
    counters: dict[str, int] = {}
    for raw in re.split(r"[;,]", m.group(2)):
        part = raw.strip()
        if not part:
            continue
        face = re.fullmatch(r"(?:face[- ]?)?(up|down)", part, re.I)
        if face:
            item["face"] = face.group(1).casefold()
            continue
        cm = _COUNTER_ITEM.fullmatch(part)
        if cm is None:
            raise DomainError(
                _(
                    "cannot read %(part)s in the brackets of %(name)s: write counters such as '-1{d}', '2 +1{p}', '3 steam' or 'face up'"
                )
                % {"part": repr(part), "name": repr(name)},
                field="start",
            )
        n = int(cm.group(1) or 1)
        kind = re.sub(r"\s+", "", cm.group(2)).casefold()
        stat = re.fullmatch(r"([+-])1\{([pd])\}", kind)
        if stat:
            kind = ("" if stat.group(1) == "+" else "-") + ("power" if stat.group(2) == "p" else "defense")
        else:
            kind = re.sub(r"\s*counters?$", "", cm.group(2).strip().casefold())
        counters[kind] = counters.get(kind, 0) + n
    if counters:
        item["counters"] = counters
    return item


def start_from_form(start: dict[str, Any], post, lookup=None) -> dict[str, Any]:
    """The starting state with the start form's fields applied (issue 27: everything a game can
    have in play): a blank field leaves its value unchanged, "-" empties it. Numbers: life,
    intellect, hand size, action and resource points, cards in the deck; lists of cards typed by
    name with commas between them, each with its counters and face in brackets ("Ironrot Helm
    [-1{d}]", see ``card_item``): known cards in hand, arsenal, the deck's known top and bottom
    cards (top first), graveyard, banished, pitch zone, permanents and tokens, weapons and
    equipment (each piece to the slot its card names); the hero; whose turn, phase, turn number
    and the first-turn flag (CR 4.1.4: no action on the first turn beyond the first player's)."""
    out = {**start}
    if post.get("turn") in ("P1", "P2"):
        out["turn"] = post["turn"]
    if post.get("phase") in ("start", "action", "end"):
        out["phase"] = post["phase"]
    turn_number = _int(post.get("turn_number"), "turn_number")
    if turn_number:
        out["turn_number"] = turn_number
    if post.get("first_turn_shown"):
        if post.get("first_turn"):
            out["first_turn"] = True
        else:
            out.pop("first_turn", None)
    for pl in ("P1", "P2"):
        p = dict(out.get(pl) or {})
        for key in START_NUMBERS:
            raw = str(post.get(f"{pl}-{key}", "")).strip()
            if raw == "-":
                p.pop(key, None)
                continue
            value = _int(raw, f"{pl}-{key}")
            if value is not None:
                p[key] = value
        hero = str(post.get(f"{pl}-hero", "")).strip()[:120]
        if hero == "-":
            p.pop("hero", None)
        elif hero:
            p["hero"] = hero
        for key in START_LISTS:
            raw = str(post.get(f"{pl}-{key}", "")).strip()
            if raw == "-":
                p.pop(key, None)
            elif raw:
                p[key] = [card_item(name) for name in _names(raw, lookup)]
        out[pl] = p
    return out


def step_groups(steps: list[dict]) -> list[dict]:
    """The steps in runs: the active ones shown, each run of steps superseded by a rewind folded
    into one group the judge opens when needed (a long dispute's branches stay out of the way)."""
    groups: list[dict] = []
    for step in steps:
        superseded = not step.get("active", True)
        if groups and groups[-1]["superseded"] == superseded:
            groups[-1]["steps"].append(step)
            groups[-1]["last"] = step.get("line")
        else:
            groups.append(
                {
                    "superseded": superseded,
                    "steps": [step],
                    "first": step.get("line"),
                    "last": step.get("line"),
                }
            )
    return groups


@login_required
@require_POST
def reconstruction_new(request, slug, pk):
    """Start a reconstruction from the call page (the starting state from the decklists)."""
    call = access.access_call_for_reconstruction(request.user, pk)
    if call.event.slug != slug:
        raise Http404(_("no such call at this event"))
    try:
        recon = recon_services.create_reconstruction(
            call,
            actor=request.user,
            game_number=_int(request.POST.get("game_number"), "game_number"),
        )
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("judging:call", slug=slug, pk=call.pk)
    return redirect("judging:reconstruction", slug=slug, pk=recon.pk)


def _handle_post(request, recon: Reconstruction) -> str | None:
    """Apply one POSTed action; returns the typed text to keep in the text area on a conflict."""
    action = request.POST.get("action")
    version = _int(request.POST.get("version"), "version")
    if action == "steps":
        recon_services.append_steps(
            recon, actor=request.user, lines=request.POST.get("lines", ""), expected_version=version
        )
    elif action == "rewind":
        to = _int(request.POST.get("to"), "to")
        if to is None:
            raise DomainError(_("say which step to return to"), field="to")
        recon_services.rewind(recon, actor=request.user, to=to, expected_version=version)
        messages.success(request, _("Rewound to step %(to)s: the next steps start a branch.") % {"to": to})
    elif action == "start" and is_ga(recon.call.event):
        recon_services.update_start(
            recon,
            actor=request.user,
            start=recon_ga.start_from_form(recon.start or {}, request.POST),
            expected_version=version,
        )
    elif action == "start":
        recon_services.update_start(
            recon,
            actor=request.user,
            start=recon_engine.with_hero_stats(
                recon.start,
                start_from_form(recon.start, request.POST, recon_engine.event_lookup(recon.call.event)),
                recon_engine.event_lookup(recon.call.event),
            ),
            expected_version=version,
        )
    elif action == "fix":
        recon_services.record_fix(
            recon,
            actor=request.user,
            fix=request.POST.get("fix", ""),
            step=_int(request.POST.get("step"), "step"),
            note=request.POST.get("note", ""),
            expected_version=version,
        )
        messages.success(request, _("Fix recorded."))
    elif action == "cite":
        recon_services.cite_in_ruling(recon, judge=request.user)
        messages.success(request, _("The findings are cited in the call's ruling."))
    else:
        raise DomainError(_("unknown action"))
    return None


@login_required
def reconstruction_page(request, slug, pk):
    """The phone page: sticky state panel, the steps with their findings, the text area with
    buttons, rewind, backup report, fix and ruling (judges); final state and ruling (players)."""
    recon, viewer = _recon_for(request, slug, pk)
    if viewer != "judge":
        if request.method == "POST":
            raise PermissionDenied(_("only the event's judges and organizer change reconstructions"))
        outcome = recon_engine.run(recon)
        ctx = {
            "event": recon.call.event,
            "recon": recon,
            "call": recon.call,
            "viewer": viewer,
            "players": players_of(recon),
            "final": outcome.final_view(viewer),
            "game": outcome.game,
        }
        return render(request, "judging/reconstruction_player.html", ctx)
    kept_lines = ""
    if request.method == "POST":
        try:
            _handle_post(request, recon)
        except DomainError as exc:
            messages.error(request, exc.message)
            kept_lines = request.POST.get("lines", "")
        else:
            # back where the judge was: the text area under the newest step (or the form used)
            anchor = {"start": "start-card", "fix": "fix-form"}.get(
                request.POST.get("action", ""), "steps-form"
            )
            url = reverse("judging:reconstruction", kwargs={"slug": slug, "pk": recon.pk})
            return redirect(f"{url}#{anchor}")
        recon, viewer = _recon_for(request, slug, pk)
    outcome = recon_engine.run(recon)
    if not kept_lines and request.GET.get("adjust"):
        # "Enter its outcome" of a flagged manual effect: its adjustment lines, prefilled, to edit
        kept_lines = str(request.GET["adjust"])[:2000]
    backup_to = request.GET.get("backup")
    report = None
    if backup_to not in (None, ""):
        try:
            report = outcome.backup_report(int(backup_to))
        except (DomainError, ValueError) as exc:
            messages.error(request, getattr(exc, "message", "give a step number"))
    rewind_confirm = None
    if request.GET.get("rewind", "").isdigit():
        to = int(request.GET["rewind"])
        # what the rewind sets aside: the active steps after it (asked before it is done)
        undone = [
            st
            for st in outcome.steps
            if st.get("active") and st["line"] > to and not str(st["text"]).startswith("rewind")
        ]
        rewind_confirm = {"to": to, "undone": undone}
    ga = isinstance(outcome, recon_ga.GAOutcome)
    fields = recon_ga.start_fields(recon.start or {}) if ga else start_fields(recon.start or {})
    if isinstance(outcome, recon_engine.Outcome) and outcome.replay is not None:
        # a number left blank shows what the engine takes for it (AP 1 for the turn player, ...)
        first = recon_engine.view(outcome.replay.initial)
        for pl in ("P1", "P2"):
            fields[pl]["defaults"] = {
                "action_points": first[pl]["action_points"],
                "resource_points": first[pl]["resource_points"],
                "deck": first[pl]["deck"] if first[pl]["deck"] is not None else "unknown",
            }
    ctx = {
        "event": recon.call.event,
        "recon": recon,
        "call": recon.call,
        "viewer": viewer,
        "players": players_of(recon),
        "outcome": outcome,
        "steps": outcome.steps,
        "step_groups": step_groups(outcome.steps),
        "final": outcome.final_view(None),
        "current": outcome.steps[-1]["state"] if outcome.steps else None,
        "start_state": outcome.initial_summary(),
        "game": outcome.game,
        "ga_phases": recon_ga.PHASES,
        "path": outcome.path_numbers(),
        "report": report,
        "backup_to": backup_to,
        "kept_lines": kept_lines,
        "rewind_confirm": rewind_confirm,
        "quick_actions": GA_QUICK_ACTIONS if ga else QUICK_ACTIONS,
        "fixes": ReconstructionFix,
        "start_fields": fields,
        "start_players": [("P1", fields["P1"]), ("P2", fields["P2"])],
        "call_closed": recon.call.status == CallStatus.CLOSED,
        "violations": outcome.violations(),
        "citations": outcome.citations(),
        "fix_citations": recon_services.fix_citations(recon),
    }
    return render(request, "judging/reconstruction.html", ctx)


@login_required
def reconstruction_print(request, slug, pk):
    """The printable record of a reconstruction (judges and organizer), for appeals and reports."""
    recon, viewer = _recon_for(request, slug, pk)
    if viewer != "judge":
        raise PermissionDenied(_("only the event's judges and organizer print reconstructions"))
    return render(request, "judging/reconstruction_print.html", ReconstructionRecord(recon).context())


@login_required
def reconstruction_pdf(request, slug, pk):
    recon, viewer = _recon_for(request, slug, pk)
    if viewer != "judge":
        raise PermissionDenied(_("only the event's judges and organizer print reconstructions"))
    return pdf_response(ReconstructionRecord(recon, requested_language(request.user)))
