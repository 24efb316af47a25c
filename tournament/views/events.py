"""Public event pages: the event list, creating and editing an event, the event page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from core.errors import DomainError, NotAllowed

from .. import selectors, services
from ..access import public_lens
from ..enums import EVENT_EDIT_ROLES, EventStatus, RoundStage
from ..forms import EventForm
from ..models import Event
from ..pairing import points_before_rounds
from ..pdf import rows_by_name, rows_by_table
from ..standings_policies import policy_spec
from ._common import _forbidden, _staff_url
from ._fragments import (
    _cached_fragment,
    _cached_standings,
    _qr,
    _results_token,
    _standings_state,
    by_name_rows,
    by_table_rows,
    standings_rows,
)


def _visible_round(event: Event, number: str | None):
    """The round to show publicly: ``?round=N`` if visible, else the latest visible round."""
    rounds = list(selectors.visible_rounds(event))
    if not rounds:
        return rounds, None
    if number:
        wanted = next((r for r in rounds if str(r.number) == str(number)), None)
        if wanted is None:
            raise Http404(f"round {number} is not published")
        return rounds, wanted
    return rounds, rounds[-1]


def _points_going_into(event: Event, round_) -> dict[int, int]:
    """Each player's match points going into ``round_`` (the pairings' score groups)."""
    return {reg: pts for (reg, n), pts in points_before_rounds(event).items() if n == round_.number}


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
            messages.success(request, f"Event {event.name} created. You are its organizer.")
            return redirect(_staff_url(event))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/event_form.html", {"form": form, "event": None}, status=status)


def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = selectors.event_for_staff(request.user, slug, roles=EVENT_EDIT_ROLES)
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        changes = form.changed_values()
        try:
            # The form validated against a copy; the service re-reads and audits the real row.
            services.update_event(selectors.event_by_slug(slug), actor=request.user, **changes)
        except NotAllowed as exc:
            return _forbidden(request, exc.message)
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, "Event saved." if changes else "Nothing changed.")
            return redirect(_staff_url(event))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/event_form.html", {"form": form, "event": event}, status=status)


@require_GET
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Public page: QR code, pairings of a published round by name and by table, standings, bracket.

    The pairings and the standings fragments are cached per result state, so a room of phones
    refreshing the page costs a few small queries each.
    """
    event = selectors.event_for_viewer(request.user, slug)
    rounds, round_ = _visible_round(event, request.GET.get("round"))
    # Standings after the chosen round (or after the last complete one before it).
    shown_rounds = [r for r in rounds if round_ is None or r.number <= round_.number]
    standings_round, standings_token = _standings_state(event, shown_rounds)

    spec = policy_spec(event.standings_policy)

    def build_standings() -> dict:
        standings = _cached_standings(event, standings_round, standings_token)
        return {"count": len(standings), "html": standings_rows(standings, spec)}

    lens = public_lens(event)  # one public page for everyone: names only, short if chosen
    names = "short" if lens.short_names else "full"
    standings = _cached_fragment(
        f"tournament:standings:{event.pk}:{event.slug}:{spec.code}:{names}:{standings_token}", build_standings
    )

    pairings = None
    if round_ is not None:
        token = f"{round_.pk}.{round_.status}." + _results_token(event, round_=round_)

        def build_pairings() -> dict:
            matches = list(selectors.matches_for_round(round_))
            points = _points_going_into(event, round_) if round_.stage == RoundStage.SWISS else {}
            by_name = rows_by_name(matches, points, lens=lens)
            return {
                "count": len(by_name),
                "tables": len(matches),
                "by_name_html": by_name_rows(by_name),
                "by_table_html": by_table_rows(rows_by_table(matches, points, lens=lens)),
            }

        pairings = _cached_fragment(
            f"tournament:pairings:{event.pk}:{names}:{token}:{standings_token}", build_pairings
        )
    bracket = selectors.bracket_for_event(event) if any(r.stage == RoundStage.TOP_CUT for r in rounds) else []
    for matches in bracket:  # the bracket shows the public's names, like the rest of the page
        for m in matches:
            setattr(m, "a_name", lens.name(m.player_a))  # read by _bracket.html only
            setattr(m, "b_name", lens.name(m.player_b) if m.player_b_id else "")
    registration = selectors.registration_for_user(request.user, event)
    context = {
        "event": event,
        "rounds": rounds,
        "round_": round_,
        "pairings": pairings,
        "standings": standings,
        "standings_round": standings_round,
        "standings_spec": spec,
        "bracket": bracket,
        "qr": _qr(request.build_absolute_uri(reverse("tournament:event_detail", args=[slug]))),
        "is_staff": selectors.is_official(request.user, event),
        "me_id": registration.pk if registration else None,
    }
    return render(request, "tournament/event_detail.html", context)
