"""The staff dashboard and player administration (registering, check-in, drops, disqualification)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.site import site_url

from .. import access, addons, day_plan, live, progress, selectors, services
from ..access import STAFF_LENS
from ..enums import (
    LIMITED_FORMATS,
    MatchResult,
    ReportStatus,
    RoundStage,
    RoundStatus,
    StaffRole,
    StructureKind,
)
from ..forms import QuickResultForm
from ..models import Event, PlayerProfile
from ..pdf import DOCUMENT_KINDS, rows_by_table
from . import exports
from ._common import (
    STAFF_PLAYER_ROWS,
    _clock_label,
    _remaining_text,
    posted_registration,
    registration_sentence,
    report_in_words,
    staff_action,
)
from ._fragments import _qr


def _tables_over_time(round_, matches) -> list[dict]:
    """Tables still playing at each 5-minute mark since the clock started (for the dashboard)."""
    start = round_.started_at or round_.published_at
    if start is None and round_.elapsed_before_pause:
        return []
    if start is None:
        return []
    finished = sorted(
        max(0.0, ((m.confirmed_at or m.reported_at) - start).total_seconds() / 60)
        for m in matches
        if m.player_b_id and m.result and (m.confirmed_at or m.reported_at)
    )
    total = sum(1 for m in matches if m.player_b_id)
    if not total:
        return []
    last = max(finished[-1] if finished else 0, (timezone.now() - start).total_seconds() / 60)
    points: list[dict[str, int]] = []
    minute = 0
    while minute <= last + 5 and len(points) < 60:
        done = sum(1 for f in finished if f <= minute)
        playing = total - done
        points.append({"minute": minute, "playing": playing, "width": round(100 * playing / total)})
        minute += 5
    return points


def _queue_rows(event: Event) -> list[dict]:
    """The reconciliation queue in words: who reported what, by name (never an internal id)."""
    rows = []
    for m in selectors.reconciliation_queue(event):
        names = {m.player_a_id: m.player_a.player.display_name}
        if m.player_b_id:
            names[m.player_b_id] = m.player_b.player.display_name
        claims = [
            {"name": names.get(r.registration_id, "?"), "text": report_in_words(r, m, names)}
            for r in m.reports.all()
        ]
        rows.append({"match": m, "claims": claims})
    return rows


#: The columns of a pairing row that _staff_pairing_rows.html shows (a chunk's key digests them).
_PAIRING_ROW_KEYS = ("table", "a_name", "b_name", "result", "result_label", "score")


def _row_chunks(event: Event, round_, by_table: list[dict], matches: list, *, edit_links: bool) -> dict:
    """The pairing rows and the outstanding rows as chunks of HTML from the shared cache
    (``live.cached_chunks``): after a result only the chunk holding that table is rendered again.

    Outstanding rows are chunked by their match's place in the round (not by their place in the
    shrinking list), so a result changes one chunk, not every chunk after it."""
    prefix = f"tournament:staff-rows:{event.pk}:{round_.pk}"
    pairing_rows = [{k: r[k] for k in _PAIRING_ROW_KEYS} for r in by_table]
    pairing_flags = {
        "edit_links": edit_links,
        "correct_url": reverse("tournament:staff_correct", args=[event.slug]),
        "round_number": round_.number,
    }
    outstanding_blocks = [
        [
            {
                "table_number": m.table_number,
                "a_name": STAFF_LENS.name(m.player_a),
                "player_b_id": m.player_b_id,
                "b_name": STAFF_LENS.name(m.player_b) if m.player_b_id else "",
                "report_status_label": m.get_report_status_display(),
                "extension_seconds": m.extension_seconds,
                "match_id": m.pk,
                # One player reported and the other has not confirmed: the staff may accept it.
                "acceptable": m.report_status == ReportStatus.REPORTED,
            }
            for m in block
            if m.result == MatchResult.PENDING
        ]
        for block in live.chunked(matches)
    ]
    return {
        "pairing_chunks": live.cached_chunks(
            "tournament/_staff_pairing_rows.html",
            live.chunked(pairing_rows),
            pairing_flags,
            prefix=f"{prefix}:pairings",
        ),
        "outstanding_chunks": live.cached_chunks(
            "tournament/_staff_outstanding_rows.html",
            [block for block in outstanding_blocks if block],
            {},
            prefix=f"{prefix}:outstanding",
        ),
    }


def _live_context(request: HttpRequest, event: Event, round_, matches: list, *, is_open=None) -> dict:
    """What the live part of the dashboard shows (the page and the poller build it alike).
    ``matches``: the round's ``Match``es or ``selectors.MatchRow``s (the poller's lighter read)."""
    counts = dict(
        selectors.registrations_for_event(event).order_by().values_list("status").annotate(n=Count("id"))
    )
    # Whether anything may change (a finished event is closed until reopened).
    is_open = progress.next_step(event).kind != progress.CLOSED if is_open is None else is_open
    can = access.allowed_actions(request.user, event)
    by_table = rows_by_table(matches)
    chunks = (
        _row_chunks(
            event,
            round_,
            by_table,
            matches,
            edit_links=can["enter_results"] and is_open and round_.status != RoundStatus.PAIRED,
        )
        if round_ is not None
        else {"pairing_chunks": [], "outstanding_chunks": []}
    )
    return {
        "event": event,
        "is_open": is_open,
        "can": can,
        "round_": round_,
        "matches": matches,
        "by_table": by_table,
        **chunks,
        "outstanding": [m for m in matches if m.result == MatchResult.PENDING],
        "queue": _queue_rows(event),
        "players_total": sum(counts.values()),
        "counts": {
            s: counts.get(s, 0) for s in ("registered", "checked_in", "waitlisted", "dropped", "disqualified")
        },
    }


def staff_live(request: HttpRequest, slug: str) -> HttpResponse:
    """The live part of the staff dashboard (outstanding results, reconciliation queue, counts,
    the pairings' results), polled every few seconds by the page. Answers 304 before building
    anything when nothing changed since the poller's copy (``live.staff_live_token``)."""
    if not request.user.is_authenticated:
        return HttpResponse(status=401)
    event = access.event_for_staff(request.user, slug, action="view_staff_pages")
    round_ = selectors.current_round(event)
    etag = live.etag_for(
        "staff-live",
        event.pk,
        request.user.pk,
        live.staff_live_token(event, round_),
        addons.staff_panels_token(event),
    )
    unchanged = live.not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    # Plain values, not model instances: this runs after every result, for every staff member.
    matches = selectors.match_rows_for_round(round_) if round_ else []
    context = {
        **_live_context(request, event, round_, matches),
        "oob": True,
        "addon_panels": addons.staff_panels(event, request.user),
    }
    response = render(request, "tournament/_staff_live.html", context)
    response["ETag"] = etag
    # Always revalidate (the browser then sends If-None-Match and gets a 304 while nothing changed).
    response["Cache-Control"] = "private, no-cache"
    return response


def staff_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """Registration, rounds, clock, results outstanding, reconciliation, corrections, paper."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="view_staff_pages")
    roles = access.staff_roles(request.user, event)
    round_ = selectors.current_round(event)
    matches = list(selectors.matches_for_round(round_)) if round_ else []
    status = selectors.clock_status(round_) if round_ else None
    swiss_rounds, top_cut = selectors.effective_structure(event)
    all_registrations = selectors.registrations_for_event(event)
    query = (request.GET.get("q") or "").strip()
    shown = all_registrations
    if query:
        shown = shown.filter(Q(player__display_name__icontains=query) | Q(player__player_id__icontains=query))
    registrations = list(shown[:STAFF_PLAYER_ROWS])
    step = progress.next_step(event)
    is_open = step.kind != progress.CLOSED
    context = {
        **_live_context(request, event, round_, matches, is_open=is_open),
        # The one next step (pair, start the top cut, finish) and whether anything may change.
        "next_step": step,
        "is_open": is_open,
        "not_checked_in": list(selectors.not_checked_in(event)[:STAFF_PLAYER_ROWS])
        if event.check_in_required and round_ is None and is_open
        else [],
        "not_checked_in_choices": services.NOT_CHECKED_IN_CHOICES,
        "publish_problems": selectors.publish_problems(round_)
        if round_ is not None and round_.status == RoundStatus.PAIRED
        else [],
        "plays_in_pods": services.uses_pods(event),
        "kept_apart_meetings": selectors.kept_apart_meetings(round_)
        if round_ is not None and round_.status == RoundStatus.PAIRED
        else [],
        "event": event,
        "roles": sorted(StaffRole(r).label for r in roles),
        "clock": status,
        "clock_label": _clock_label(status),
        "remaining_text": _remaining_text(status, idle=""),
        "swiss_rounds": swiss_rounds,
        "top_cut": top_cut,
        "registrations": registrations,
        "player_query": query,
        "tables_over_time": _tables_over_time(round_, matches) if round_ else [],
        # The Day 1 / Day 2 editor only for a multi-day structure: a Friday Armory has one day.
        "show_day_plan": day_plan.is_multi_day(event),
        # Add-ons (judging, decklists) contribute tabs and panels through tournament.addons.
        "addon_links": addons.staff_links(event),
        "addon_panels": addons.staff_panels(event, request.user),
        # Self-registrations waiting for a player ID to be confirmed (docs/access.md)
        "link_requests": addons.link_requests_at_desk(event, request.user) if is_open else [],
        "quick_form": QuickResultForm(),
        "kinds": DOCUMENT_KINDS,
        "pdf_async": len(matches) > exports.PDF_SYNC_MAX_MATCHES,
        # TR&P 9.2: team matches already won, closed in one action; TR&P 8.2: draft pods page
        "decided_team_matches": selectors.decided_open_team_matches(round_),
        "structure_warnings": selectors.structure_warnings(event),
        "uses_pods": event.format in LIMITED_FORMATS
        or event.structure_kind == StructureKind.SINGLE_DAY_DRAFT_PLAYOFF,
        "elimination": selectors.elimination_procedure(event)
        if round_ is not None and round_.stage == RoundStage.TOP_CUT
        else [],
    }
    # What players' phones open (the laptop's network address under `make store`, core.site).
    context["phones_url"] = site_url(request, reverse("tournament:event_detail", args=[event.slug]))
    context["phones_qr"] = _qr(context["phones_url"])
    return render(request, "tournament/staff.html", context)


@staff_action("manage_players", anchor="players")
def staff_register(request: HttpRequest, event: Event):
    """Register a player by player ID; an unknown ID creates the profile with the given name."""
    typed = request.POST.get("player_id") or ""
    player_id = services.tidy_player_id(typed)
    name = (request.POST.get("display_name") or "").strip()
    if not player_id:
        raise DomainError(_("enter the player's ID (GEM ID)"), field="player_id")
    # PostgreSQL refuses NUL in a query; such an ID is never on file and the service rejects it.
    profile = None
    if "\x00" not in typed:  # as typed ("GEM100022" on file), else tidied ("GEM# 1234" is 1234)
        for spelling in services.player_id_spellings(typed):
            profile = profile or PlayerProfile.objects.filter(player_id__iexact=spelling).first()
    late = request.POST.get("late_entry") == "on"
    if profile is None:  # the new profile exists only if the registration is made
        reg = services.register_new_player(
            event, actor=request.user, player_id=player_id, display_name=name, late_entry=late
        )
    else:
        reg = services.register_player(event, player=profile, actor=request.user, late_entry=late)
    return registration_sentence(reg, you=False)


@staff_action("manage_players", anchor="players")
def staff_registration(request: HttpRequest, event: Event):
    """Check in, drop, re-enter (head judge) or disqualify (head judge) one registration."""
    reg = posted_registration(event, request)
    op = request.POST.get("op")
    reason = (request.POST.get("reason") or "").strip()
    name = reg.player.display_name
    if op == "check_in":
        services.check_in(reg, actor=request.user)
        return f"{name} checked in."
    if op == "drop":
        services.drop_registration(reg, actor=request.user, reason=reason)
        return f"{name} dropped."
    if op == "reenter":
        services.reenter_registration(reg, actor=request.user, reason=reason)
        return f"{name} re-entered."
    if op == "disqualify":
        services.disqualify_registration(reg, actor=request.user, reason=reason)
        return f"{name} disqualified."
    raise DomainError(_("unknown action %(op)s") % {"op": repr(op)}, field="op")
