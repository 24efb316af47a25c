"""The round clock: the projector page, its JSON, and the staff clock actions and extensions."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.errors import DomainError
from core.middleware import remember_version

from .. import access, live, selectors, services
from ..access import public_lens
from ..enums import RoundStage
from ..models import Event
from ..pdf import rows_by_name
from ._common import _clock_label, _current, _int, _remaining_text, staff_action
from ._fragments import by_name_rows


def _clock_round(event: Event):
    return selectors.visible_rounds(event).order_by("-number").first()


@require_GET
def clock_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Full-screen projector: a large countdown and the pairings scrolling."""
    event = access.event_for_viewer(request.user, slug)
    round_ = _clock_round(event)
    status = selectors.clock_status(round_) if round_ else None
    rows_html = ""
    if round_ is not None:
        # Published pairings do not change (edits happen before publishing).
        lens = public_lens(event)  # the projector is public: names only, short if chosen
        published = round_.published_at.timestamp() if round_.published_at else 0
        key = f"tournament:projector:{round_.pk}:{published}:{int(lens.short_names)}"
        rows_html = live.cached_fragment(
            key,
            lambda: {
                "html": by_name_rows(
                    rows_by_name(selectors.matches_for_round(round_), lens=lens), points=False
                )
            },
        )["html"]
    context = {
        "event": event,
        "round_": round_,
        "clock": status,
        "clock_label": _clock_label(status),
        "remaining_text": _remaining_text(status, idle="--:--"),
        "rows_html": rows_html,
    }
    return render(request, "tournament/clock.html", context)


@never_cache
@require_GET
@remember_version
def clock_json(request: HttpRequest, slug: str) -> HttpResponse:
    """Server-authoritative clock: remaining seconds computed now from the stored clock fields.

    Answers 304 to a poller whose ETag names the current clock (``live.clock_token``): nothing
    changed that it cannot count down by itself. Wall screens, projectors and the overlay poll
    this every few seconds, so the unchanged answer costs two small queries and no JSON."""
    event = access.event_for_viewer(request.user, slug)
    round_ = _clock_round(event)
    etag = live.etag_for("clock", event.pk, live.clock_token(round_))
    unchanged = live.not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    data = {
        "event": event.slug,
        "round": None,
        "stage": None,
        "state": "not_started",
        "remaining_seconds": None,
    }
    if round_ is not None:
        status = selectors.clock_status(round_)
        data.update(status.as_dict())
        data.update(
            {
                "round": round_.number,
                "round_title": selectors.round_title(round_),
                "stage": round_.stage,
                "round_status": round_.status,
                "state_label": _clock_label(status),
            }
        )
        data["untimed"] = not round_.duration_seconds
        if round_.stage == RoundStage.TOP_CUT and not round_.duration_seconds:
            data["remaining_seconds"] = None  # untimed play-off round
    data["server_time"] = timezone.now().isoformat()
    response = JsonResponse(data)
    response["ETag"] = etag
    return response


@staff_action("use_clock", anchor="clock")
def staff_clock(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    op = request.POST.get("op")
    if op == "start":
        services.start_clock(rnd, actor=request.user)
        return gettext("Round %(number)s clock started.") % {"number": rnd.number}
    if op == "pause":
        services.pause_clock(rnd, actor=request.user, reason=request.POST.get("reason", ""))
        return gettext("Clock paused.")
    if op == "resume":
        services.resume_clock(rnd, actor=request.user)
        return gettext("Clock resumed.")
    if op == "call":
        services.call_time(rnd, actor=request.user)
        return gettext("Time called.")
    if op == "adjust":
        minutes = request.POST.get("minutes", "")
        try:
            seconds = int(round(float(minutes) * 60))
        except (ValueError, OverflowError):  # "abc", "nan", "1e309"
            raise DomainError(
                gettext("minutes must be a number, not %(minutes)s") % {"minutes": repr(minutes)},
                field="minutes",
            ) from None
        services.adjust_clock(rnd, seconds=seconds, actor=request.user, reason=request.POST.get("reason", ""))
        return gettext("Clock adjusted by %(minutes)s min.") % {"minutes": minutes}
    raise DomainError(gettext("unknown clock action %(op)s") % {"op": repr(op)}, field="op")


@staff_action("use_clock", anchor="clock")
def staff_extension(request: HttpRequest, event: Event):
    """A per-table time extension (judge ruling, deck check: TR&P 3.2)."""
    rnd, _ = _current(event)
    match = services.match_at_table(rnd, _int(request.POST.get("table"), name="table"))
    minutes = _int(request.POST.get("minutes"), name="minutes")
    services.add_match_extension(
        match, seconds=minutes * 60, reason=request.POST.get("reason", ""), actor=request.user
    )
    return gettext("Table %(table_number)s: +%(minutes)s min.") % {
        "table_number": match.table_number,
        "minutes": minutes,
    }
