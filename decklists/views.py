"""Decklist pages, mounted at /decklists/.

Views parse input, call one access function from ``selectors`` and one service, turn a
``DomainError`` into a message (never a server error), and render. The API calls the
same services, so the web form and the API behave the same.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.audit import audit_entries_for, audit_trail_for
from core.documents import pdf_response
from core.errors import DomainError
from core.models import GeneratedFile
from core.parsing import optional_whole_number, whole_number
from tournament.access import event_for_viewer
from tournament.citations import is_ga
from tournament.enums import LIMITED_FORMATS
from tournament.services import CLOSED_STATUSES

from . import access, selectors, services
from .enums import FROZEN, DecklistKind, DecklistStatus, JobKind
from .forms import DeadlineForm, DecklistForm, FixForm, ReasonForm
from .models import Decklist
from .pdf import player_sheet
from .tasks import start_event_job
from .validation import grouped_cards

# -- helpers -------------------------------------------------------------------------------


def annotate_groups(decklist: Decklist) -> tuple[list[dict], list[dict]]:
    """Grouped cards with each finding placed next to the cards it names; the rest apart."""
    groups = grouped_cards(decklist.cards, game=decklist.registration.event.game)
    placed: set[int] = set()
    by_card: dict[str, list[dict]] = {}
    for i, finding in enumerate(decklist.findings):
        for name in finding.get("cards") or []:
            by_card.setdefault(name, []).append(finding)
            placed.add(i)
    for group in groups:
        for row in group["cards"]:
            row["findings"] = by_card.get(row["display"], []) or by_card.get(row["name"], [])
    shown = {row["display"] for g in groups for row in g["cards"]} | {
        row["name"] for g in groups for row in g["cards"]
    }
    general = [
        f
        for i, f in enumerate(decklist.findings)
        if i not in placed or not any(n in shown for n in f.get("cards") or [])
    ]
    return groups, general


def _kind(request: HttpRequest, event) -> str:
    kind = request.POST.get("kind") or request.GET.get("kind") or selectors.primary_kind(event)
    if kind not in DecklistKind.values:
        raise Http404(_("Unknown kind of decklist."))
    return kind


def _target_registration(request: HttpRequest, event):
    """The registration being submitted for: the user's own, or (pool swap or official)
    the one named by ``for``."""
    target = request.POST.get("for") or request.GET.get("for")
    if target:
        try:
            pk = whole_number(target, field="for")
            registration = event.registrations.select_related("player__user", "event").get(pk=pk)
        except (DomainError, event.registrations.model.DoesNotExist):
            raise Http404(_("No such registration in this event.")) from None
        return registration
    registration = selectors.registration_of(request.user, event)
    if registration is None:
        raise Http404(_("You are not registered for this event."))
    return registration


# -- player pages --------------------------------------------------------------------------


@login_required
def my_decklists(request: HttpRequest) -> HttpResponse:
    registrations = (
        selectors.Registration.objects.filter(player__user_id=cast(int, request.user.pk))
        .select_related("event", "player")
        .prefetch_related("decklists")
        .order_by("-event__starts_at", "-id")
    )
    rows = []
    for registration in registrations:
        limited = registration.event.format in LIMITED_FORMATS
        rows.append(
            {
                "registration": registration,
                "limited": limited,
                "pool_targets": list(selectors.limited_pool_targets(registration)) if limited else [],
            }
        )
    opponent_lists = list(selectors.opponent_decklists_for(request.user))
    return render(
        request,
        "decklists/my_decklists.html",
        {
            "rows": rows,
            "opponent_lists": opponent_lists,
            # The heading cites TR&P 3.7 only when every list is from a Flesh and Blood event.
            "opponent_lists_fab": not any(is_ga(d.registration.event) for d in opponent_lists),
        },
    )


@login_required
def submit(request: HttpRequest, slug: str) -> HttpResponse:
    """Paste, upload or fill in a list; save it as a draft or submit it."""
    event = event_for_viewer(request.user, slug)
    registration = _target_registration(request, event)
    kind = _kind(request, event)
    decklist = Decklist.objects.filter(registration=registration, kind=kind).first()
    if decklist is not None and not access.can_view_decklist(request.user, decklist):
        raise Http404(_("No such decklist."))
    if request.method == "POST":
        rows = (
            request.POST.getlist("row_qty"),
            request.POST.getlist("row_name"),
            request.POST.getlist("row_pitch"),
        )
        form = DecklistForm(request.POST, request.FILES, rows=rows)
        if form.is_valid():
            try:
                decklist = services.save_decklist(
                    registration,
                    actor=request.user,
                    text=form.cleaned_data["text"],
                    source=form.source,
                    kind=kind,
                    version=form.cleaned_data.get("version"),
                )
            except DomainError as exc:
                form.add_error(None, exc.message)
            else:
                if "submit" in request.POST:
                    try:
                        services.submit_decklist(decklist, actor=request.user)
                        messages.success(request, _("Decklist submitted."))
                    except DomainError as exc:
                        messages.error(
                            request,
                            _("Saved as a draft, not submitted: %(message)s") % {"message": exc.message},
                        )
                else:
                    messages.success(request, _("Draft saved."))
                return redirect(reverse("decklists:detail", args=[decklist.pk]))
        status = 400
    else:
        initial = {"text": decklist.raw_text, "version": decklist.version} if decklist else {}
        form = DecklistForm(initial=initial)
        status = 200
    return render(
        request,
        "decklists/submit.html",
        {
            "event": event,
            "registration": registration,
            "decklist": decklist,
            "form": form,
            "kind": kind,
            "kinds": DecklistKind,
            "frozen": decklist is not None and decklist.status in FROZEN,
        },
        status=status,
    )


def detail(request: HttpRequest, pk: int) -> HttpResponse:
    decklist = access.access_decklist(request.user, pk)
    event = decklist.registration.event
    groups, general = annotate_groups(decklist)
    can = access.allowed_actions(request.user, event)
    is_official = can["review_decklists"]
    context = {
        "decklist": decklist,
        "event": event,
        "groups": groups,
        "general_findings": general,
        "is_owner": request.user.is_authenticated and decklist.registration.player.user_id == request.user.pk,
        "can": can,
        "player_id": access.decklist_player_id(request.user, decklist),
        "audit": audit_entries_for(request.user, event, audit_trail_for(decklist), limit=50)
        if is_official
        else [],
        "official_changes": selectors.official_changes(decklist),
        "reason_form": ReasonForm(),
        "fix_form": FixForm(initial={"text": decklist.raw_text}, ga=is_ga(event)),
        "Status": DecklistStatus,
        "frozen": decklist.status in FROZEN,
        # A finished or cancelled event takes no change (services.require_event_open): no buttons.
        "event_closed": event.status in CLOSED_STATUSES,
    }
    return render(request, "decklists/detail.html", context)


ACTIONS = ("submit", "accept", "reject", "exception", "fix", "use-suggestion")


@login_required
@require_POST
def action(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    """One lifecycle step on one list (submit, accept, reject, exception, fix)."""
    if name not in ACTIONS:
        raise Http404(_("Unknown action."))
    decklist = access.access_decklist(request.user, pk)
    try:
        if name == "use-suggestion":
            line = optional_whole_number(request.POST.get("line"), field="line") or 0
            decklist = services.use_suggestion(
                decklist,
                actor=request.user,
                line=line,
                suggestion=request.POST.get("suggestion", ""),
            )
            messages.success(
                request,
                _("Line %(line)s now reads %(get)s.")
                % {"line": line, "get": request.POST.get("suggestion", "")},
            )
        elif name == "submit":
            version = optional_whole_number(request.POST.get("version"), field="version")
            services.submit_decklist(decklist, actor=request.user, version=version)
            messages.success(request, _("Decklist submitted."))
        elif name == "accept":
            services.accept_decklist(decklist, actor=request.user)
            messages.success(request, _("Decklist accepted."))
        elif name in ("reject", "exception"):
            form = ReasonForm(request.POST)
            if not form.is_valid():
                raise DomainError(_("Give a reason."), field="reason")
            if name == "reject":
                services.reject_decklist(decklist, actor=request.user, reason=form.cleaned_data["reason"])
                messages.success(request, _("Decklist sent back to the player."))
            else:
                services.grant_exception(decklist, actor=request.user, reason=form.cleaned_data["reason"])
                messages.success(request, _("Exception recorded."))
        elif name == "fix":
            fix_form = FixForm(request.POST)
            if not fix_form.is_valid():
                raise DomainError(_("A correction needs the new list and a reason."))
            services.fix_decklist(
                decklist,
                actor=request.user,
                text=fix_form.cleaned_data["text"],
                reason=fix_form.cleaned_data["reason"],
            )
            messages.success(request, _("Correction recorded."))
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("decklists:detail", args=[decklist.pk]))


def decklist_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    decklist = access.access_decklist(request.user, pk)
    # A published list's reader sees the player's name, not the player ID.
    show_id = access.decklist_player_id(request.user, decklist) is not None
    # The player's own sheet, in the player's language when they chose one (issue 31).
    return pdf_response(player_sheet(decklist, show_player_id=show_id))


# -- officials -----------------------------------------------------------------------------


def _event_for_official(request: HttpRequest, slug: str):
    if not request.user.is_authenticated:
        raise PermissionDenied(_("Log in as an official of this event."))
    return access.access_event_decklists(request.user, slug)


@login_required
def event_decklists(request: HttpRequest, slug: str) -> HttpResponse:
    """All lists of an event for its officials: status, lateness, legality, jobs, breakdown."""
    event = _event_for_official(request, slug)
    decklists = list(selectors.decklists_for_event(event))
    with_lists = {d.registration_id for d in decklists if d.kind == selectors.primary_kind(event)}
    missing = [
        r
        for r in event.registrations.select_related("player").order_by("player__display_name")
        if r.pk not in with_lists
    ]
    locked = bool(decklists) and all(
        d.status == DecklistStatus.LOCKED for d in decklists if d.kind == selectors.primary_kind(event)
    )
    policy = selectors.policy_for(event)
    breakdown = selectors.hero_breakdown(event) if locked else None
    classes = None
    if breakdown:
        try:
            classes = selectors.class_breakdown(breakdown, services.card_db_for(event))
        except DomainError:
            classes = None
    context = {
        "event": event,
        "decklists": decklists,
        "missing": missing,
        "summary": selectors.status_summary(event),
        "breakdown": breakdown,
        "class_breakdown": classes,
        "jobs": list(selectors.jobs_for_event(event)[:10]),
        "deadline": selectors.decklist_deadline(event),
        "policy": policy,
        "deadline_form": DeadlineForm(
            initial={
                "deadline": policy.deadline if policy else None,
                "construction_ends_at": policy.construction_ends_at if policy else None,
                "limited_sets": policy.limited_sets if policy else "",
            },
            ga=is_ga(event),
        ),
        "can": access.allowed_actions(request.user, event),
        "releases": selectors.card_releases_for(event),
        # Lock, re-validate and the deadline change lists: refused once the event is closed.
        "event_closed": event.status in CLOSED_STATUSES,
    }
    return render(request, "decklists/event.html", context)


EVENT_ACTIONS = ("lock", "publish", "revalidate", "render", "deadline")


@login_required
@require_POST
def event_action(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    if name not in EVENT_ACTIONS:
        raise Http404(_("Unknown action."))
    event = _event_for_official(request, slug)
    try:
        if name == "lock":
            n = services.lock_event_decklists(event, actor=request.user)
            messages.success(request, _("%(n)s decklist(s) locked.") % {"n": n})
        elif name == "publish":
            services.publish_event_decklists(event, actor=request.user)
            messages.success(request, _("Decklists published."))
        elif name == "deadline":
            form = DeadlineForm(request.POST)
            if not form.is_valid():
                raise DomainError(_("Enter a valid date and time."))
            services.set_decklist_deadline(
                event,
                actor=request.user,
                deadline=form.cleaned_data["deadline"],
                construction_ends_at=form.cleaned_data["construction_ends_at"],
                limited_sets=form.cleaned_data["limited_sets"],
            )
            messages.success(request, _("Deadline saved."))
        else:
            job = start_event_job(
                event,
                actor=request.user,
                kind=JobKind.REVALIDATE if name == "revalidate" else JobKind.RENDER,
                release=request.POST.get("release") or None,
            )
            return redirect(reverse("decklists:job", args=[job.pk]))
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("decklists:event", args=[event.slug]))


def job_payload(job: GeneratedFile) -> dict:
    return {
        "id": job.pk,
        "kind": job.kind,
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "error": job.error,
        "result": job.result,
        "download": reverse("decklists:job_file", args=[job.pk]) if job.file else None,
    }


@login_required
def job_status(request: HttpRequest, pk: int) -> HttpResponse:
    job, event = access.access_job(request.user, pk)
    if "application/json" in request.headers.get("Accept", "") or request.GET.get("format") == "json":
        return JsonResponse(job_payload(job))
    return render(request, "decklists/job.html", {"job": job, "event": event})


@login_required
def job_file(request: HttpRequest, pk: int) -> FileResponse:
    job, event = access.access_job(request.user, pk)
    if not job.file:
        raise Http404(_("The file is not ready yet."))
    return FileResponse(
        job.file.open("rb"), content_type=job.content_type, filename=f"decklists-{event.slug}.pdf"
    )


def published(request: HttpRequest, slug: str) -> HttpResponse:
    """TR&P 3.7: lists the organizer published after the event, for everyone."""
    event = event_for_viewer(request.user, slug)
    policy = selectors.policy_for(event)
    if policy is None or policy.published_at is None:
        raise Http404(_("The decklists of this event are not published."))
    decklists = [
        d
        for d in selectors.decklists_for_event(event, kind=selectors.primary_kind(event))
        if d.status in FROZEN
    ]
    return render(
        request,
        "decklists/published.html",
        {"event": event, "decklists": decklists, "breakdown": selectors.hero_breakdown(event)},
    )
