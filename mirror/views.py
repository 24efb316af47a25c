"""Pages of the mirror add-on: import, re-import, standings side by side, hand-back sheets."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import parsing
from core.documents import pdf_response, requested_language
from core.errors import DomainError
from core.models import GeneratedFile, GeneratedFileStatus
from tournament.enums import FormatCode, MirrorSource

from . import access, coverage, jobs, selectors, tasks
from .documents import PenaltyLog, ResultSheet
from .limits import MirrorLimits


def _submission(request: HttpRequest) -> dict:
    """What the form carries; refused before any file is read when there are too many files or
    one is too large (``mirror.limits``; the lines are counted when the job is started)."""
    limits = MirrorLimits.from_settings()
    uploads = request.FILES.getlist("files")
    if len(uploads) > limits.max_files:
        raise DomainError(
            _("at most %(max_files)s files at once") % {"max_files": limits.max_files}, field="files"
        )
    total = 0
    for upload in uploads:
        size = upload.size or 0
        total += size
        if size > limits.max_file_bytes:
            raise DomainError(
                _("%(name)s is larger than %(value)s MB")
                % {"name": upload.name, "value": format(limits.max_file_bytes / 1_000_000, "g")},
                field="files",
            )
        if total > limits.max_total_bytes:
            raise DomainError(
                _("the files are larger than %(value)s MB together")
                % {"value": format(limits.max_total_bytes / 1_000_000, "g")},
                field="files",
            )
    standings_round = (request.POST.get("standings_round") or "").strip()
    if standings_round and not parsing.is_whole_number(standings_round, maximum=999):
        raise DomainError(_("the standings round is a whole number from 0 to 999"), field="standings_round")
    return {
        "files": [(upload.name, upload.read()) for upload in uploads],
        "text": request.POST.get("text") or "",
        "omnidex": request.POST.get("omnidex") or "",
        "source_id": request.POST.get("source_id") or "",
        "standings_round": int(standings_round) if standings_round else None,
        "name": (request.POST.get("name") or "").strip(),
        "format": request.POST.get("format") or "",
    }


def _start_import(request: HttpRequest, *, event=None) -> GeneratedFile | None:
    """Queue the import the form carries (a worker runs it; with no broker it has run when this
    returns); a message and None when it is refused before it is queued."""
    try:
        job = jobs.start_import_job(actor=request.user, event=event, **_submission(request))
    except DomainError as exc:
        messages.error(request, _("Nothing was imported: %(message)s") % {"message": exc.message})
        return None
    return tasks.queue_import(job)


def _after_import(request: HttpRequest, job: GeneratedFile, *, reimport: bool) -> HttpResponse | None:
    """Where the browser goes once the import is queued: the event when it is done already (no
    broker), the job's page while it runs; None (the form again) when it failed."""
    if job.status == GeneratedFileStatus.FAILED:
        messages.error(request, _("Nothing was imported. %(error)s") % {"error": job.error})
        return None
    if job.status != GeneratedFileStatus.DONE:
        return redirect("mirror:job", key=job.key.hex)
    _announce(request, job, reimport=reimport)
    return redirect("mirror:event", slug=job.result["slug"])


def _announce(request: HttpRequest, job: GeneratedFile, *, reimport: bool) -> None:
    changes = job.result.get("changes", 0)
    if reimport:
        messages.success(
            request,
            ngettext("Re-imported: %(changes)s change.", "Re-imported: %(changes)s changes.", changes)
            % {"changes": changes}
            if changes
            else _("Re-imported: nothing changed."),
        )
    else:
        words = (
            ngettext(
                "Imported %(name)s: %(changes)s change.", "Imported %(name)s: %(changes)s changes.", changes
            )
            if job.result.get("created")
            else ngettext(
                "Updated %(name)s: %(changes)s change.", "Updated %(name)s: %(changes)s changes.", changes
            )
        )
        messages.success(request, words % {"name": job.result.get("name", ""), "changes": changes})


@login_required
def job_page(request: HttpRequest, key: str) -> HttpResponse:
    """An import queued for a worker: its progress, then the event (or why nothing was imported)."""
    job = jobs.job_for(request.user, key)
    if job.status == GeneratedFileStatus.DONE:
        _announce(request, job, reimport=job.event_id is not None)
        return redirect("mirror:event", slug=job.result["slug"])
    return render(request, "mirror/job.html", {"job": job})


def _formats() -> list[tuple[str, str]]:
    return [(c.value, str(c.label)) for c in FormatCode]


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Import a new mirrored event; the mirrored events the user is staff of."""
    if request.method == "POST":
        job = _start_import(request)
        answer = _after_import(request, job, reimport=False) if job is not None else None
        if answer is not None:
            return answer
    events = list(selectors.mirrored_events_for(request.user)[:200])
    return render(
        request,
        "mirror/home.html",
        {"events": events, "sources": MirrorSource.choices[1:], "formats": _formats(), "form": request.POST},
    )


@login_required
def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The mirror of one event: its imports and what each changed, re-import, hand-back links."""
    event = access.event_for(request.user, slug)
    can = access.allowed_actions(request.user, event)
    if request.method == "POST":
        if not can["reimport_events"]:
            raise PermissionDenied(_("only the organizer, head judge or scorekeeper may re-import"))
        if not event.is_mirrored:
            raise Http404(_("this event is not mirrored"))
        job = _start_import(request, event=event)
        answer = _after_import(request, job, reimport=True) if job is not None else None
        if answer is not None:
            return answer
    imports = list(selectors.imports_for_event(event)[:20])
    rounds = list(selectors.rounds_for_handback(event))
    return render(
        request,
        "mirror/event.html",
        {
            "event": event,
            "imports": imports,
            "rounds": rounds,
            "players": list(selectors.source_players(event)),
            "can": can,
        },
    )


def _official_event(request: HttpRequest, slug: str):
    if not request.user.is_authenticated:
        raise PermissionDenied(_("log in"))
    event = access.event_for(request.user, slug)
    if not access.can(request.user, event, "read_handback"):
        raise PermissionDenied(_("only the event's officials"))
    return event


@login_required
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = _official_event(request, slug)
    number = request.GET.get("round")
    wanted = int(number) if number and parsing.is_whole_number(number, maximum=999) else None
    comparison = selectors.standings_comparison(event, wanted)
    return render(request, "mirror/standings.html", {"event": event, "cmp": comparison})


def _round_number(event, number: int) -> int:
    if not selectors.rounds_for_handback(event).filter(number=number).exists():
        raise Http404(_("no round %(number)s") % {"number": number})
    return number


@login_required
def results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _official_event(request, slug)
    rows = selectors.result_sheet(event, _round_number(event, number))
    return render(
        request,
        "mirror/results.html",
        {
            "event": event,
            "number": number,
            "rows": rows,
            "rounds": list(selectors.rounds_for_handback(event)),
        },
    )


def _download(content: bytes | str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def gem_layout_csv(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """The event in GEM's coverage CSV layout (``mirror.coverage``): pairings, standings, heroes."""
    event = _official_event(request, slug)
    if kind == "pairings":
        text = coverage.gem_pairings_csv(event)
    elif kind == "standings":
        after = request.GET.get("round", "")
        text = coverage.gem_standings_csv(event, after_round=int(after) if after.isdigit() else None)
    elif kind == "heroes":
        text = coverage.gem_heroes_csv(event)
    else:
        raise Http404(_("choose pairings, standings or heroes"))
    return _download(text, f"{event.slug}-gem-{kind}.csv", "text/csv; charset=utf-8")


@login_required
def results_csv(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _official_event(request, slug)
    text = selectors.result_sheet_csv(event, _round_number(event, number))
    return _download(text, f"{event.slug}-round-{number}-results.csv", "text/csv; charset=utf-8")


@login_required
def results_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _official_event(request, slug)
    rows = selectors.result_sheet(event, _round_number(event, number))
    return pdf_response(ResultSheet(event, number, rows, requested_language(request.user)), attachment=True)


def _penalty_event(request: HttpRequest, slug: str):
    if not request.user.is_authenticated:
        raise PermissionDenied(_("log in"))
    event = access.event_for(request.user, slug)
    if not access.can(request.user, event, "read_penalties"):
        raise PermissionDenied(_("only the judges, the organizer and the scorekeeper read penalties"))
    return event


@login_required
def penalties(request: HttpRequest, slug: str) -> HttpResponse:
    event = _penalty_event(request, slug)
    groups = selectors.players_with_entries(selectors.penalty_log(event))
    return render(request, "mirror/penalties.html", {"event": event, "groups": groups})


@login_required
def penalties_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = _penalty_event(request, slug)
    return _download(
        selectors.penalty_log_csv(event), f"{event.slug}-penalty-log.csv", "text/csv; charset=utf-8"
    )


@login_required
def penalties_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    event = _penalty_event(request, slug)
    groups = selectors.players_with_entries(selectors.penalty_log(event))
    return pdf_response(PenaltyLog(event, groups, requested_language(request.user)), attachment=True)
