"""Paper and exports: PDFs (inline or rendered in a background job) and CSV/JSON downloads."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.documents import pdf_response
from core.errors import DomainError
from core.site import site_url

from .. import access, exports, pdf_tasks, progress, selectors
from ..access import document_lens, player_lens
from ..enums import TEAM_FORMATS, VISIBLE_ROUND_STATUSES
from ..models import Event
from ..pdf import DOCUMENT_KINDS, PUBLIC_KINDS, document_for
from ._common import _int, _wants_json, staff_action

# Above this many matches in a round, PDFs render in a Celery task with progress.
PDF_SYNC_MAX_MATCHES = 128


def _document_allowed(request: HttpRequest, event: Event, kind: str, round_) -> None:
    if kind in PUBLIC_KINDS and round_.status in VISIBLE_ROUND_STATUSES:
        return
    if not access.is_official(request.user, event):
        raise PermissionDenied(_("only the event's staff can print this document"))


@require_GET
def pdf_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A PDF of pairings (by name/table), standings or match slips; large rounds render in a task."""
    event = access.event_for_viewer(request.user, slug)
    if kind not in DOCUMENT_KINDS:
        raise Http404(_("no document %(kind)s") % {"kind": repr(kind)})
    number = request.GET.get("round")
    if number is None:
        last = selectors.current_round(event)
        if last is None:
            raise Http404(_("no rounds yet"))
        number = last.number
    try:
        wanted = _int(number, name="round")
    except DomainError:
        wanted = -1  # no such round: 404 below, like any unknown round
    round_ = selectors.round_by_number(event, wanted)
    _document_allowed(request, event, kind, round_)
    if round_.matches.count() > PDF_SYNC_MAX_MATCHES:
        job = pdf_tasks.start_pdf_job(
            event=event,
            kind=kind,
            round_number=round_.number,
            site_url=site_url(request, "/"),
            requested_by=request.user if request.user.is_authenticated else None,
        )
        return redirect(reverse("tournament:pdf_job", args=[slug, job.key.hex]))
    document = document_for(
        event,
        kind,
        round_.number,
        site_url=site_url(request, "/"),
        lens=document_lens(request.user, event),
    )
    return pdf_response(document)


@staff_action(anchor="paper")
def pdf_job_start(request: HttpRequest, event: Event):
    kind = request.POST.get("kind", "")
    if kind not in DOCUMENT_KINDS:
        raise DomainError(_("unknown document %(kind)s") % {"kind": repr(kind)}, field="kind")
    round_ = selectors.round_by_number(event, _int(request.POST.get("round"), name="round"))
    job = pdf_tasks.start_pdf_job(
        event=event,
        kind=kind,
        round_number=round_.number,
        site_url=site_url(request, "/"),
        requested_by=request.user,
    )
    return redirect(reverse("tournament:pdf_job", args=[event.slug, job.key.hex]))


def _job_for(request: HttpRequest, slug: str, job_id: str):
    event = access.event_for_viewer(request.user, slug)
    return event, pdf_tasks.job_for(request.user, event, job_id)


@never_cache
@require_GET
def pdf_job(request: HttpRequest, slug: str, job_id: str) -> HttpResponse:
    """Progress of a background PDF (JSON for polling, HTML with a download link when done)."""
    event, generated = _job_for(request, slug, job_id)
    job = pdf_tasks.job_payload(generated, event)
    download = (
        reverse("tournament:pdf_job_file", args=[slug, job_id]) if job.get("status") == "done" else None
    )
    if _wants_json(request) or request.GET.get("format") == "json":
        return JsonResponse({**job, "download_url": download})
    return render(request, "tournament/pdf_job.html", {"event": event, "job": job, "download_url": download})


@require_GET
def pdf_job_file(request: HttpRequest, slug: str, job_id: str) -> HttpResponse:
    event, generated = _job_for(request, slug, job_id)
    if generated.status != "done" or not generated.file:
        raise Http404(_("the document is not ready yet"))
    return FileResponse(
        generated.file.open("rb"), content_type=generated.content_type, filename=generated.filename
    )


EXPORTS: dict[tuple[str, str], tuple[Callable[..., str], str]] = {
    ("standings", "csv"): (exports.standings_csv, "text/csv"),
    ("standings", "json"): (exports.standings_json, "application/json"),
    ("results", "csv"): (exports.results_csv, "text/csv"),
    ("results", "json"): (exports.results_json, "application/json"),
    ("team-standings", "csv"): (exports.team_standings_csv, "text/csv"),
    ("team-standings", "json"): (exports.team_standings_json, "application/json"),
}


@require_GET
def export(request: HttpRequest, slug: str, what: str, fmt: str) -> HttpResponse:
    """Results and standings as CSV or JSON (published rounds only, like the public page)."""
    event = access.event_for_viewer(request.user, slug)
    if (what, fmt) not in EXPORTS:
        raise Http404(
            _("no export %(what)s.%(fmt)s: choose standings or results, csv or json")
            % {"what": what, "fmt": fmt}
        )
    if what == "team-standings" and event.format not in TEAM_FORMATS:
        raise Http404(_("team standings exist in team events only (TR&P 9.2)"))
    build, content_type = EXPORTS[(what, fmt)]
    lens = player_lens(request.user, event)  # player IDs: the player's own and the staff's only
    if what == "standings":
        after = request.GET.get("round")
        try:
            after_round = _int(after, name="round") if after else None
        except DomainError as exc:
            return HttpResponse(exc.message, status=400, content_type="text/plain")
        # The final standings of a finished event carry the final placings (place, finish).
        placings = progress.placing_by_registration(event) if after_round is None else None
        body = build(event, after_round=after_round, lens=lens, placings=placings)
    else:
        body = build(event, lens=lens)
    response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{what}.{fmt}"'
    return response
