"""Public event pages: the event list, creating and editing an event, the event page."""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from core import parsing
from core.errors import DomainError, NotAllowed
from core.middleware import remember_version
from core.site import site_url
from pairings.pods import explain_pod_ranking

from .. import access, live, progress, selectors, services
from ..access import public_lens
from ..enums import (
    GA_EVENT_TYPES,
    GA_FORMATS,
    REL,
    EventStatus,
    EventType,
    FormatCode,
    Game,
    RoundStage,
    TrpVersion,
)
from ..forms import EventForm
from ..models import Event
from ..standings_policies import policy_spec
from ._common import _forbidden, _staff_url
from ._fragments import (
    PAGE_ROWS,
    _cached_standings,
    _qr,
    page_count,
    page_of,
    round_rows,
    standing_row,
)
from .days import public_days
from .teams_drafts import team_standings_rows


def _visible_round(event: Event, number: str | None):
    """The round to show publicly: ``?round=N`` if visible, else the latest visible round."""
    rounds = list(selectors.visible_rounds(event))
    if not rounds:
        return rounds, None
    if number:
        wanted = next((r for r in rounds if str(r.number) == str(number)), None)
        if wanted is None:
            raise Http404(gettext("round %(number)s is not published") % {"number": number})
        return rounds, wanted
    return rounds, rounds[-1]


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.exclude(status=EventStatus.DRAFT).order_by("-starts_at", "-id")[:200]
    return render(request, "tournament/event_list.html", {"events": events})


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        values = form.changed_values()
        name = values.pop("name")
        try:
            event = services.create_event(actor=request.user, name=name, **values)
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(
                request, gettext("Event %(name)s created. You are its organizer.") % {"name": event.name}
            )
            for warning in selectors.event_format_warnings(event):
                messages.warning(request, warning)
            return redirect(_staff_url(event))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/event_form.html", {"form": form, "event": None}, status=status)


@require_GET
def rule_defaults(request: HttpRequest) -> JsonResponse:
    """What the rules give for each rule field of a new event from the choices made so far
    (``?game=&format=&event_type=&rel=&trp_version=``): the new-event form shows these as "From
    the rules: ..." so the organizer sees each value before creating the event. One source of
    truth with the service (``services.rule_defaults``)."""
    known = {
        "game": Game,
        "format": FormatCode,
        "event_type": EventType,
        "rel": REL,
        "trp_version": TrpVersion,
    }
    given = {}
    for name, enum in known.items():
        value = (request.GET.get(name) or "").strip()
        if value:
            if value not in enum.values:
                return JsonResponse(
                    {
                        "detail": gettext("unknown %(name)s %(value)s")
                        % {"name": name, "value": repr(value[:40])},
                        "field": name,
                    },
                    status=400,
                )
            given[name] = value
    if (
        given.get("format")
        and given.get("game")
        and (given["game"] == Game.GA) != (given["format"] in GA_FORMATS)
    ):
        given.pop("format")
    if given.get("event_type") and (given["event_type"] in GA_EVENT_TYPES) != (given.get("game") == Game.GA):
        given.pop("event_type")
    values = services.rule_defaults(given)
    fields = {f.name: f for f in Event._meta.get_fields() if hasattr(f, "choices")}
    answer = {}
    for name, value in values.items():
        choices = dict(fields[name].choices or []) if name in fields else {}
        if isinstance(value, bool):
            label = "Yes" if value else "No"
        elif name == "games_per_match":
            label = {1: "1 game win (a single game)", 2: "2 game wins (best of three)"}.get(value, str(value))
        else:
            label = str(choices.get(value, value))
        answer[name] = {"value": value, "label": label}
    return JsonResponse(answer)


def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="change_event")
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        changes = form.changed_values()
        try:
            # The form validated against a copy; the service re-reads and audits the real row.
            services.update_event(
                access.event_by_slug(slug),
                actor=request.user,
                follow_rules=form.cleaned_data.get("follow_rules") or [],
                **changes,
            )
        except NotAllowed as exc:
            return _forbidden(request, exc.message)
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            followed = changes or form.cleaned_data.get("follow_rules")
            messages.success(request, "Event saved." if followed else "Nothing changed.")
            return redirect(_staff_url(event))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/event_form.html", {"form": form, "event": event}, status=status)


def _page_number(request: HttpRequest) -> int:
    try:
        return parsing.whole_number(request.GET.get("page", "1"), field="page", minimum=1, maximum=100_000)
    except DomainError:
        return 1


@require_GET
@remember_version
@live.public_microcache
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Public page: QR code, pairings of a published round by name and by table, standings, bracket.

    Sized for phones: the player's own pairing and standing first, then the lists a page of
    ``PAGE_ROWS`` players at a time (``?page=N``; ``?all=1`` for everything at once). The
    pairings rows are rebuilt per changed match (``round_rows``) and the standings once per
    results change, shared by every worker; a poller that already has the current version
    gets a 304 before anything is built.
    """
    event = access.event_for_viewer(request.user, slug)
    rounds, round_ = _visible_round(event, request.GET.get("round"))
    if services.uses_pods(event):
        return _pod_event_detail(request, event, rounds, round_)
    # Standings after the chosen round (or after the last complete one before it).
    shown_rounds = [r for r in rounds if round_ is None or r.number <= round_.number]
    standings_round, standings_token = live.standings_state(event, shown_rounds)
    token = None
    if round_ is not None:
        token = f"{round_.pk}.{round_.status}." + live.results_token(event, round_=round_)
    show_all = request.GET.get("all") == "1"
    page = _page_number(request)
    has_cut = any(r.stage == RoundStage.TOP_CUT for r in rounds)
    etag = live.etag_for(
        event.pk,
        event.updated_at.timestamp(),
        [(r.pk, r.status) for r in rounds],
        token,
        standings_token,
        page,
        show_all,
        request.user.pk,
        request.build_absolute_uri(),
    )
    # The bracket has no token of its own; pending messages must be shown: no 304 then.
    if not has_cut and not len(messages.get_messages(request)):
        unchanged = live.not_modified(request, etag)
        if unchanged is not None:
            return unchanged

    spec = policy_spec(event.standings_policy)
    days = public_days(event, rounds)
    cut = days["cut"] if days else None
    # players below a multi-day cut are marked once standings after the cut's round are shown
    below = None
    cut_key = "nocut"
    if cut is not None and standings_round and standings_round >= cut["after_round"]:
        below = cut["advancing"]
        digest = hashlib.sha256(",".join(map(str, sorted(below))).encode()).hexdigest()[:16]
        cut_key = f"cut{cut['after_round']}-{digest}"

    def build_standings() -> dict:
        lines = _cached_standings(event, standings_round, standings_token)
        return {
            "rows": [
                standing_row(s, spec, below_cut=below is not None and s.registration_id not in below)
                for s in lines
            ],
            "index": {s.registration_id: i for i, s in enumerate(lines)},
        }

    lens = public_lens(event)  # one public page for everyone: names only, short if chosen
    names = "short" if lens.short_names else "full"
    standings = live.cached_fragment(
        f"tournament:standings:{event.pk}:{event.slug}:{spec.code}:{names}:{standings_token}:{cut_key}",
        build_standings,
    )

    pairings = None
    if round_ is not None:
        pairings = live.cached_fragment(
            f"tournament:pairings:{event.pk}:{names}:{token}:{standings_token}",
            lambda: round_rows(event, round_, lens=lens),
        )
    bracket = selectors.bracket_for_event(event) if has_cut else []
    for matches in bracket:  # the bracket shows the public's names, like the rest of the page
        for m in matches:
            setattr(m, "a_name", lens.name(m.player_a))  # read by _bracket.html only
            setattr(m, "b_name", lens.name(m.player_b) if m.player_b_id else "")
    placings = []
    if event.status == EventStatus.FINISHED:  # every place: bracket first, then the Swiss
        final = progress.final_placings(event)
        after_cut = (
            gettext("Swiss standings") if any(p.label not in ("", gettext("Winner")) for p in final) else ""
        )
        placings = [
            {
                "place": p.place,
                "label": p.label or after_cut,
                "name": lens.name(p.registration),
                "reg": p.registration.pk,
            }
            for p in final
        ]
    registration = selectors.registration_for_user(request.user, event)
    me_id = registration.pk if registration else None
    pages = max(
        page_count(len(pairings["names"]) if pairings else 0, PAGE_ROWS),
        page_count(len(standings["rows"]), PAGE_ROWS),
    )
    page = min(page, pages)
    context = {
        "event": event,
        "rounds": rounds,
        # Check-in matters until round 1 is paired; a running or finished event says nothing of it.
        "before_round_one": not rounds and event.status in (EventStatus.DRAFT, EventStatus.REGISTRATION),
        "round_": round_,
        "pairings": pairings and _pairings_page(pairings, page, show_all, me_id),
        "standings": _standings_page(standings, page, show_all, me_id),
        "standings_round": standings_round,
        "standings_spec": spec,
        "team_standings": team_standings_rows(event, spec, lens=lens),  # TR&P 9.2
        "bracket": bracket,
        "placings": placings,
        "days": days,
        "qr": _qr(site_url(request, reverse("tournament:event_detail", args=[slug]))),
        "is_staff": access.is_official(request.user, event),
        "me_id": me_id,
        "pager": _pager(request, page, pages, show_all),
    }
    response = render(request, "tournament/event_detail.html", context)
    if not has_cut:
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
    return response


def _pod_event_detail(request: HttpRequest, event, rounds, round_) -> HttpResponse:
    """The public page of an event played in pods (TR&P 9.3): the round's pods with their seats
    (left and right neighbours matter for targeting), places once confirmed, the viewer's own pod
    with its report and confirm buttons, and the pod standings (none at a social event)."""
    lens = public_lens(event)
    registration = selectors.registration_for_user(request.user, event)
    pods = []
    mine = None
    if round_ is not None:
        for pod in round_.pods.prefetch_related("seats__registration__player").order_by("number"):
            seats = [
                {
                    "seat": s.seat,
                    "name": lens.name(s.registration),
                    "place": s.place,
                    "confirmed": s.confirmed,
                    "reg": s.registration_id,
                }
                for s in pod.seats.all()
            ]
            entry = {"pod": pod, "seats": seats, "bye": len(seats) == 1}
            pods.append(entry)
            if registration is not None and any(x["reg"] == registration.pk for x in seats):
                mine = entry
                i = next(k for k, x in enumerate(seats) if x["reg"] == registration.pk)
                if len(seats) > 1:
                    entry["left"] = seats[i - 1]["name"]
                    entry["right"] = seats[(i + 1) % len(seats)]["name"]
                entry["my_seat"] = seats[i]
    pod_rows = [(row, reg) for row, reg in services.event_pod_standings(event) if row.pods or row.byes]
    standings = [
        {
            "rank": row.rank,
            "name": lens.name(reg),
            "points": row.points,
            "firsts": row.firsts,
            "mates": f"{float(row.mates_average):.2f}",
            "reg": reg.pk,
        }
        for row, reg in pod_rows
    ]
    why_ranked = None
    mine_at = next(
        (i for i, (_row, reg) in enumerate(pod_rows) if registration and reg.pk == registration.pk), None
    )
    if mine_at:  # "why am I ranked here": the steps against the player just above
        labels = {
            "points": "points",
            "mates_average": "pod-mates' average points",
            "firsts": "first places",
            "random": "random draw",
        }
        me, above = pod_rows[mine_at], pod_rows[mine_at - 1]
        steps = explain_pod_ranking([r for r, _ in pod_rows], me[0].id, above[0].id)
        why_ranked = {
            "rank": me[0].rank,
            "above": lens.name(above[1]),
            "above_rank": above[0].rank,
            "steps": [{**st, "label": labels.get(str(st["tiebreaker"]), st["tiebreaker"])} for st in steps],
        }
    context = {
        "event": event,
        "rounds": rounds,
        "round_": round_,
        "pods": pods,
        "my_pod": mine,
        "me_id": registration.pk if registration else None,
        "pod_standings": standings,
        "why_ranked": why_ranked,
        "pod_points": event.pod_points,
        "can_enter": access.is_official(request.user, event),
        "qr": _qr(site_url(request, reverse("tournament:event_detail", args=[event.slug]))),
    }
    return render(request, "tournament/pods_event.html", context)


def _pairings_page(rows: dict, page: int, show_all: bool, me_id) -> dict:
    """This page of the pairings by name and by table (``round_rows``), and the viewer's own lines."""
    names, tables, where = rows["names"], rows["tables"], rows["index"]
    mine = None
    if me_id in where:
        i, t = where[me_id]
        mine = (names[i], tables[t])
    return {
        "count": len(names),
        "tables": len(tables),
        "by_name_html": page_of(names, PAGE_ROWS, page, show_all),
        "by_table_html": page_of(tables, PAGE_ROWS // 2, page, show_all),
        "mine": mine,
    }


def _standings_page(standings: dict, page: int, show_all: bool, me_id) -> dict:
    """This page of the standings and the viewer's own line."""
    rows, where = standings["rows"], standings["index"]
    return {
        "count": len(rows),
        "html": page_of(rows, PAGE_ROWS, page, show_all),
        "mine": rows[where[me_id]] if me_id in where else None,
    }


def _pager(request: HttpRequest, page: int, page_count: int, show_all: bool) -> dict | None:
    """Links to the neighbouring pages of the long lists (None when everything fits one page)."""
    if page_count <= 1:
        return None
    params = request.GET.copy()
    params.pop("all", None)
    params.pop("page", None)

    def url(**extra) -> str:
        query = params.copy()
        query.update(extra)
        return "?" + query.urlencode()

    return {
        "page": page,
        "count": page_count,
        "show_all": show_all,
        "previous": url(page=str(page - 1)) if page > 1 and not show_all else None,
        "next": url(page=str(page + 1)) if page < page_count and not show_all else None,
        "first": url(page="1"),
        "all": url(all="1"),
    }
