"""Wall screens for a TV or projector (issue 30): pairings by name or by a range of tables,
standings, with the round and clock always shown. Each page fits the screen without scrolling:
the rows flow into as many columns as the width holds, and when there are more, the screen turns
to the next page on a timer (``tournament/screen.js``). A screen reloads itself when a new round
is published (the clock's poll, ``clock.js``). Public: names as the public sees them, no IDs.
A staff page lists the screens with links and QR codes to open on each TV."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.errors import DomainError
from core.middleware import remember_version
from core.site import site_url

from .. import access, live, selectors, services
from ..access import has_role, public_lens
from ..enums import CALL_READ_ROLES
from ..models import FeatureTable, Round
from ..pdf import rows_by_name, rows_by_table, standings_rows
from ._common import _int, staff_action
from ._fragments import _qr

#: Seconds a page of a screen stays before the next (organizers can pass ?seconds=N, 3-120).
DEFAULT_PAGE_SECONDS = 12
#: Tables per section when the staff page suggests screens by table range.
TABLES_PER_SECTION = 60


def _seconds(request: HttpRequest) -> int:
    raw = request.GET.get("seconds", "")
    return min(120, max(3, int(raw))) if raw.isdigit() else DEFAULT_PAGE_SECONDS


def _round(event):
    return selectors.visible_rounds(event).order_by("-number").first()


def _range(request: HttpRequest) -> tuple[int | None, int | None]:
    low, high = request.GET.get("from", ""), request.GET.get("to", "")
    return (int(low) if low.isdigit() else None, int(high) if high.isdigit() else None)


def _answer(request: HttpRequest, etag: str, build: Callable[[], dict]) -> HttpResponse:
    """The screen with its ETag, revalidated on every reload. The page is rendered once per version (the ETag names the URL and everything
    shown) and kept in the shared cache: a hall of TVs switched on together, or reloading for
    the next round, builds each screen once."""
    key = f"tournament:screen:{etag}:{get_language()}"
    html = live.cached_fragment(
        key,
        lambda: {"html": render_to_string("tournament/screen.html", build())},
    )["html"]
    response = HttpResponse(html)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _screen_etag(request: HttpRequest, event, *parts) -> str:
    return live.etag_for(
        "screen", event.pk, event.updated_at.timestamp(), request.get_full_path(), _seconds(request), *parts
    )


@require_GET
@remember_version
@live.public_microcache
def screen_pairings(request: HttpRequest, slug: str) -> HttpResponse:
    """Pairings of the current round by name (default) or by table (``?order=table``), optionally
    only tables ``?from=1&to=60`` (one screen per section of the hall).

    Published pairings do not change, so the page's ETag is the round's and its state: a screen
    polling with it gets a 304 (two small queries, or none from the anonymous microcache) until
    the next round is published."""
    event = access.event_for_viewer(request.user, slug)
    round_ = _round(event)
    etag = _screen_etag(
        request,
        event,
        round_.pk if round_ else "-",
        round_.status if round_ else "-",
        round_.published_at if round_ else "-",
    )
    unchanged = live.not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    return _answer(request, etag, lambda: _pairings_context(request, event, round_))


def _pairings_context(request: HttpRequest, event, round_) -> dict:
    order = "table" if request.GET.get("order") == "table" else "name"
    low, high = _range(request)
    lens = public_lens(event)
    rows: list[dict] = []
    pods = services.uses_pods(event)
    if round_ is not None and pods:
        order = "table"
        for pod in round_.pods.prefetch_related("seats__registration__player").order_by("number"):
            if (low is None or pod.number >= low) and (high is None or pod.number <= high):
                names = [lens.name(s.registration) for s in pod.seats.all()]
                rows.append({"table": pod.number, "a_name": " · ".join(names), "b_name": "", "pod": True})
    elif round_ is not None:
        # Plain values, not model instances: a 2,000-player round's screen builds in a third
        # of the time (``registration_id`` of these rows is the profile's, unused here).
        matches = selectors.match_rows_for_round(round_)
        if order == "table":
            rows = [
                r
                for r in rows_by_table(matches, lens=lens)
                if (low is None or (r["table"] or 0) >= low) and (high is None or (r["table"] or 0) <= high)
            ]
        else:
            rows = [
                r
                for r in rows_by_name(matches, lens=lens)
                if (low is None or (r["table"] or 0) >= low) and (high is None or (r["table"] or 0) <= high)
            ]
    title = "Pairings by table" if order == "table" else "Pairings by name"
    if low is not None or high is not None:
        title += f" · tables {low or 1}–{high or '…'}"
    return {
        "event": event,
        "round_": round_,
        "kind": "pairings",
        "order": order,
        "rows": rows,
        "title": title,
        "seconds": _seconds(request),
        "pods": pods,
    }


@require_GET
@remember_version
@live.public_microcache
def screen_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings after the last complete round (Swiss: record and points; pods: points).

    The ETag is the standings' token (results, drops, late entries) with the current round's
    state, so a polling screen gets a 304 until the standings it shows change."""
    event = access.event_for_viewer(request.user, slug)
    round_ = _round(event)
    pods = services.uses_pods(event)
    rounds = list(Round.objects.filter(event=event).only("number", "status", "stage").order_by("number"))
    etag = _screen_etag(
        request,
        event,
        round_.pk if round_ else "-",
        round_.status if round_ else "-",
        live.standings_state(event, rounds)[1],
        live.pods_token(event) if pods else "",
    )
    unchanged = live.not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    return _answer(request, etag, lambda: _standings_context(request, event, round_, pods))


def _standings_context(request: HttpRequest, event, round_, pods: bool) -> dict:
    lens = public_lens(event)
    rows: list[dict] = []
    if pods:
        rows = [
            {"rank": row.rank, "name": lens.name(reg), "record": "", "points": row.points}
            for row, reg in services.event_pod_standings(event)
            if row.pods or row.byes
        ]
    else:
        held = selectors.last_complete_swiss_round(event)
        if held:
            rows = standings_rows(selectors.standings_for_event(event, after_round=held), lens=lens)
    return {
        "event": event,
        "round_": round_,
        "kind": "standings",
        "rows": rows,
        "title": _("Standings"),
        "seconds": _seconds(request),
    }


@require_GET
def screens_index(request: HttpRequest, slug: str) -> HttpResponse:
    """Staff: the screens to open on each TV, with links and QR codes; by-table sections sized
    from the current round."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="view_staff_pages")
    round_ = _round(event)
    tables = 0
    if round_ is not None:
        tables = round_.pods.count() if services.uses_pods(event) else round_.matches.count()
    base_pairings = reverse("tournament:screen_pairings", args=[slug])
    screens = [
        ("Pairings by name", base_pairings),
        ("Pairings by table", base_pairings + "?order=table"),
        ("Standings", reverse("tournament:screen_standings", args=[slug])),
    ]
    for start in range(1, tables + 1, TABLES_PER_SECTION):
        end = min(tables, start + TABLES_PER_SECTION - 1)
        screens.append((f"Tables {start}–{end}", f"{base_pairings}?order=table&from={start}&to={end}"))
    items = []
    for label, path in screens:
        url = site_url(request, path)
        items.append({"label": label, "url": url, "qr": _qr(url)})
    if not items:
        raise Http404(_("no screens"))
    overlays = [
        {"table": t, "url": site_url(request, f"/coverage/{slug}/overlay/{t.table_number}/")}
        for t in FeatureTable.objects.filter(event=event)
    ]
    return render(
        request,
        "tournament/screens.html",
        {
            "event": event,
            "screens": items,
            "round_": round_,
            "overlays": overlays,
            "can_feature": access.can(request.user, event, "manage_players"),
            # The judges' floor view is judging's "view_floor" (judging.access.ACTIONS: the call
            # readers); the core cannot import judging, so it asks the same role group here.
            "can_floor": has_role(request.user, event, CALL_READ_ROLES),
        },
    )


@staff_action("manage_players")
def staff_feature_table(request: HttpRequest, event):
    """Add (table number, optional name) or remove a feature table; back to the screens page."""
    try:
        if request.POST.get("remove"):
            table = FeatureTable.objects.filter(
                event=event, pk=_int(request.POST["remove"], name="remove")
            ).first()
            if table is None:
                raise DomainError(_("that table is no longer featured"), field="remove")
            services.remove_feature_table(table, actor=request.user)
            messages.success(
                request,
                _("Table %(table_number)s is no longer featured.") % {"table_number": table.table_number},
            )
        else:
            number = _int(request.POST.get("table_number"), name="table_number")
            services.add_feature_table(
                event, table_number=number, name=request.POST.get("name", ""), actor=request.user
            )
            messages.success(
                request,
                _("Table %(number)s is featured: players who opted out of coverage are not seated there.")
                % {"number": number},
            )
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("tournament:screens_index", args=[event.slug]))
