"""Team events and booster drafts on the pages: team standings rows, the staff action that closes a
decided team match (TR&P 9.2) and the staff page for draft pods and seats (TR&P 8.2)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import DomainError, NotAllowed

from .. import access, pairing, pdf, selectors, services
from ..enums import TEAM_FORMATS, RoundStage
from ..models import Event
from ..services.drafts import DEFAULT_POD_SIZE
from ..standings_policies import PolicySpec
from ._common import _int, _wants_json, staff_action


def team_standings_rows(event: Event, spec: PolicySpec, *, lens=None) -> list[dict]:
    """Team standings rows for a page or a PDF: the selector's rows with the tiebreakers shown as
    the event's policy shows them. Empty for an individual event."""
    if event.format not in TEAM_FORMATS:
        return []
    return pdf.team_standings_rows(selectors.team_standings_for_event(event, lens=lens), spec)


@staff_action("run_rounds", anchor="results")
def staff_close_team_match(request: HttpRequest, event: Event):
    """Close a team match one team has won with two game wins (TR&P 9.2): its unfinished board
    ends without a result."""
    match_id = _int(request.POST.get("match"), name="match")
    match = selectors.matches_for_event(event).filter(pk=match_id).first()
    if match is None:
        raise DomainError(_("no match %(match_id)s at this event") % {"match_id": match_id}, field="match")
    boards = services.close_decided_team_match(
        match, actor=request.user, reason=request.POST.get("reason", "")
    )
    a, b = match.player_a.team_name, match.player_b.team_name if match.player_b_id else ""
    closed = sum(1 for m in boards if m.result == "unfinished")
    return f"{a} v {b}: team match closed ({closed} unfinished board{'s' if closed != 1 else ''})."


def _pods_url(event: Event) -> str:
    return reverse("tournament:staff_pods", args=[event.slug])


def staff_pods(request: HttpRequest, slug: str) -> HttpResponse:
    """Draft pods and seats (TR&P 8.2): seat at random, edit any seat, seat the play-off draft."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="view_staff_pages")
    swiss_rounds, top_cut = selectors.effective_structure(event)
    draft_playoff = pairing.draft_playoff_applies(event, top_cut=top_cut)
    playoff_ready = (
        draft_playoff
        and selectors.swiss_rounds_played(event) >= swiss_rounds
        and not event.rounds.filter(stage=RoundStage.TOP_CUT).exists()
    )
    context = {
        "event": event,
        "seating": selectors.draft_seating(event, lens=access.STAFF_LENS),
        "can": access.allowed_actions(request.user, event),
        "default_pod_size": DEFAULT_POD_SIZE,
        "draft_playoff": draft_playoff,
        "playoff_ready": playoff_ready,
        "top_cut": top_cut,
        "qualifiers": pairing.top_cut_qualifiers(event, top_cut=top_cut) if playoff_ready else [],
    }
    return render(request, "tournament/pods.html", context)


def _seat_value(raw: str | None, name: str) -> int | None:
    raw = (raw or "").strip()
    return _int(raw, name=name) if raw else None


@staff_action("manage_players", anchor="pods")
def staff_pods_action(request: HttpRequest, event: Event):
    """The pods page's buttons; answers go back to the pods page (JSON callers get JSON)."""
    if _wants_json(request):
        return _pods_op(request, event, lambda _request, message: message)

    def done(request: HttpRequest, message: str):
        messages.success(request, message)
        return redirect(_pods_url(event))

    try:
        return _pods_op(request, event, done)
    except NotAllowed:
        raise
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect(_pods_url(event))


def _pods_op(request: HttpRequest, event: Event, done):
    """``op`` random (pods of ``pod_size``), save (each listed row's pod and seat),
    playoff_random, playoff_save (each listed qualifier's play-off seat)."""
    op = request.POST.get("op")
    reason = (request.POST.get("reason") or "").strip()
    if op == "random":
        size = _int(request.POST.get("pod_size") or DEFAULT_POD_SIZE, name="pod_size")
        regs = services.seat_pods_at_random(event, actor=request.user, pod_size=size)
        pods = len({r.pod for r in regs})
        return done(request, f"{len(regs)} players seated at random in {pods} pod{'s' if pods != 1 else ''}.")
    if op == "save":
        seats = {}
        for reg_id in request.POST.getlist("registration"):
            rid = _int(reg_id, name="registration")
            seats[rid] = (
                _seat_value(request.POST.get(f"pod-{rid}"), "pod"),
                _seat_value(request.POST.get(f"seat-{rid}"), "seat"),
            )
        changed = services.set_pod_seating(event, seats=seats, actor=request.user, reason=reason)
        return done(
            request,
            ngettext(
                "Seating saved for %(count)s player.", "Seating saved for %(count)s players.", len(changed)
            )
            % {"count": len(changed)},
        )
    if op == "playoff_random":
        regs = services.seat_playoff_draft(event, actor=request.user)
        return done(request, f"{len(regs)} play-off players seated at random.")
    if op == "playoff_save":
        seats = {
            _int(reg_id, name="registration"): _seat_value(request.POST.get(f"playoff-{reg_id}"), "seat")
            for reg_id in request.POST.getlist("registration")
        }
        services.set_playoff_seats(event, seats=seats, actor=request.user, reason=reason)
        return done(request, _("Play-off draft seating saved."))
    raise DomainError(_("unknown action %(op)s") % {"op": repr(op)}, field="op")
