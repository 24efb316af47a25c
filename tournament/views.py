"""Event pages: public event page, player page, staff dashboard, projector clock, paper, exports.

Views parse input, call one access function (``selectors.event_for_staff`` and friends) and
one service or selector, map ``DomainError`` to a message (HTML) or its status code (JSON),
and render. The rules live in ``tournament.services`` and ``tournament.selectors``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, wraps
from html import escape

from django import forms as djforms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, Sum
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from core.errors import DomainError, NotAllowed
from core.pdf import qr_svg_data_uri

from . import pdf_tasks, selectors, services
from .enums import (
    JUDGE_ROLES,
    MANAGE_ROLES,
    RESULT_ROLES,
    VISIBLE_ROUND_STATUSES,
    ClockState,
    EventStatus,
    MatchResult,
    RoundStage,
    RoundStatus,
    StaffRole,
)
from .forms import CorrectionForm, EventForm, PlayerReportForm, QuickResultForm, ReasonForm
from .models import Event, Match, PlayerProfile
from .pdf import DOCUMENT_KINDS, PUBLIC_KINDS, document_for, rows_by_name, rows_by_table
from .standings_policies import FAB_SPEC, policy_spec

# Above this many matches in a round, PDFs render in a Celery task with progress.
PDF_SYNC_MAX_MATCHES = 128
# Rendered pairings/standings fragments are cached under a key that changes with every result
# and pairing change; the timeout only bounds staleness after writes that bypass the services.
FRAGMENT_SECONDS = 300
EVENT_ROLES = {StaffRole.ORGANIZER}
# The dashboard lists at most this many players; the search box finds the others.
STAFF_PLAYER_ROWS = 300
CLOCK_ROLES = RESULT_ROLES | JUDGE_ROLES


# --------------------------------------------------------------------------- helpers


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch" or "application/json" in request.headers.get(
        "Accept", ""
    )


def _int(value, *, name: str) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise DomainError(f"{name} must be a whole number, not {value!r}", field=name) from None
    if number < 0:
        raise DomainError(f"{name} must not be negative", field=name)
    return number


def _staff_url(event: Event, anchor: str = "") -> str:
    return reverse("tournament:staff", args=[event.slug]) + (f"#{anchor}" if anchor else "")


def _forbidden(request: HttpRequest, message: str) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"ok": False, "message": message}, status=403)
    return render(request, "tournament/forbidden.html", {"message": message}, status=403)


def staff_action(roles=None, *, anchor: str = ""):
    """Decorate a POST action of the staff dashboard.

    The wrapped function gets ``(request, event)`` and returns a success message (or a
    response). Anonymous users are sent to log in; non-staff get 403; ``DomainError`` becomes
    a message on the dashboard (HTML) or a JSON answer with the error's status code.
    """

    def decorate(fn: Callable) -> Callable:
        @require_POST
        @wraps(fn)
        def view(request: HttpRequest, slug: str, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(reverse("tournament:staff", args=[slug]))
            event = selectors.event_for_staff(request.user, slug, roles=roles)
            try:
                answer = fn(request, event, *args, **kwargs)
            except NotAllowed as exc:
                return _forbidden(request, exc.message)
            except DomainError as exc:
                if _wants_json(request):
                    return JsonResponse(
                        {"ok": False, "message": exc.message, "code": exc.code, "field": exc.field},
                        status=exc.status_code,
                    )
                messages.error(request, exc.message)
                return redirect(_staff_url(event, anchor))
            except djforms.ValidationError as exc:
                message = " ".join(exc.messages)
                if _wants_json(request):
                    return JsonResponse({"ok": False, "message": message}, status=400)
                messages.error(request, message)
                return redirect(_staff_url(event, anchor))
            if isinstance(answer, HttpResponse):
                return answer
            messages.success(request, answer)
            return redirect(_staff_url(event, anchor))

        return view

    return decorate


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
    from pairings.services import points_before_rounds

    return {reg: pts for (reg, n), pts in points_before_rounds(event).items() if n == round_.number}


def _last_complete_swiss(rounds) -> int | None:
    done = [r.number for r in rounds if r.status == RoundStatus.COMPLETE and r.stage == RoundStage.SWISS]
    return done[-1] if done else None


def _clock_label(status) -> str:
    if status is None:
        return "No round running"
    if status.state == ClockState.RUNNING and status.time_called:
        return "Time"
    return ClockState(status.state).label


def _fmt_seconds(seconds: float) -> str:
    s = max(0, int(round(seconds)))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def _result_text(match, *, as_registration=None) -> str:
    """A result in words, from the point of view of ``as_registration`` when given."""
    if match.result == MatchResult.PENDING:
        return "pending"
    if match.result == MatchResult.BYE:
        return "Bye (win)"
    score = f"{match.games_a}-{match.games_b}" + (f"-{match.games_drawn}" if match.games_drawn else "")
    if as_registration is not None and as_registration.pk == match.player_b_id:
        score = f"{match.games_b}-{match.games_a}" + (f"-{match.games_drawn}" if match.games_drawn else "")
    if match.result == MatchResult.DRAW:
        return f"Draw {score}"
    if match.result == MatchResult.DOUBLE_LOSS:
        return "Double loss"
    if as_registration is None:
        winner = match.player_a if match.result == MatchResult.A_WINS else match.player_b
        return f"{winner.player.display_name} won {score}"
    won = (match.result == MatchResult.A_WINS) == (as_registration.pk == match.player_a_id)
    return f"{'Won' if won else 'Lost'} {score}"


# --------------------------------------------------------------------------- public pages


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
    event = selectors.event_for_staff(request.user, slug, roles={StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE})
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


def _cell(value) -> str:
    return "" if value is None else escape(str(value))


def _by_name_html(rows, *, points: bool = True) -> SafeString:
    """Pairings by name as table rows (built in Python: 2,000 rows render in milliseconds)."""
    parts = []
    for r in rows:
        table = r["table"] if r["table"] is not None else "–"
        pts = f'<td class="num">{_cell(r["points"])}</td>' if points else ""
        parts.append(
            f'<tr data-reg="{r["registration_id"]}"><td>{escape(r["name"])}</td>'
            f'<td class="num"><strong>{table}</strong></td><td>{escape(r["opponent"])}</td>{pts}</tr>'
        )
    return mark_safe("\n".join(parts))  # noqa: S308 - every value above is escaped or an int


def _by_table_html(rows) -> SafeString:
    parts = []
    for r in rows:
        a_pts = f' <span class="muted">({r["a_points"]})</span>' if r["a_points"] is not None else ""
        b_pts = f' <span class="muted">({r["b_points"]})</span>' if r["b_points"] is not None else ""
        result = (
            f"{escape(r['result_label'])} {escape(r['score'])}"
            if r["result"]
            else '<span class="muted">playing</span>'
        )
        table = r["table"] if r["table"] is not None else "–"
        parts.append(
            f'<tr data-table="{_cell(r["table"])}"><td class="num"><strong>{table}</strong></td>'
            f"<td>{escape(r['a_name'])}{a_pts}</td><td>{escape(r['b_name'])}{b_pts}</td><td>{result}</td></tr>"
        )
    return mark_safe("\n".join(parts))  # noqa: S308


def _standings_html(standings, spec=FAB_SPEC) -> SafeString:
    """Table rows with the tiebreaker columns of the standings policy ``spec``."""
    parts = []
    for s in standings:
        badge = ' <span class="badge">dropped</span>' if s.status == "dropped" else ""
        cells = "".join(f'<td class="num">{c.show(getattr(s, c.key))}</td>' for c in spec.columns)
        parts.append(
            f'<tr data-reg="{s.registration_id}"><td class="num">{s.rank}</td><td>{escape(s.name)}{badge}</td>'
            f'<td>{escape(s.record)}</td><td class="num">{s.match_points}</td>{cells}</tr>'
        )
    return mark_safe("\n".join(parts))  # noqa: S308


@dataclass(frozen=True)
class ShownStanding:
    """A standings row reduced to plain values: cheap to cache and to send to every page.

    ``engine`` is the pairings engine's StandingRow with fractions as ("F", num, den), so the
    ranking explanation can be rebuilt exactly for the few rows a player page needs.
    """

    rank: int
    registration_id: int
    name: str
    player_id: str
    match_points: int
    record: str
    cmp: float
    mlp: float
    omlp: float
    ocmp: float
    status: str
    engine: tuple
    omw: float | None = None
    gw: float | None = None
    ogw: float | None = None
    policy: str = "fab"

    @classmethod
    def of(cls, s) -> ShownStanding:
        engine = tuple(("F", v.numerator, v.denominator) if isinstance(v, Fraction) else v for v in s.row)
        return cls(
            s.rank,
            s.registration.pk,
            s.registration.player.display_name,
            s.registration.player.player_id,
            s.match_points,
            s.record,
            s.cmp,
            s.mlp,
            s.omlp,
            s.ocmp,
            s.status,
            engine,
            s.omw,
            s.gw,
            s.ogw,
            s.policy,
        )

    def engine_row(self):
        from pairings.tiebreakers import StandingRow

        return StandingRow._make(
            Fraction(v[1], v[2]) if isinstance(v, tuple) and len(v) == 3 and v[0] == "F" else v
            for v in self.engine
        )


def _results_token(event: Event, *, through_round: int | None = None, round_=None) -> str:
    """Changes whenever a match of the rounds concerned is created, changed or removed
    (services bump ``Match.version`` on every change) or a player is disqualified."""
    qs = (
        Match.objects.filter(round=round_)
        if round_ is not None
        else Match.objects.filter(round__event=event, round__number__lte=through_round or 0)
    )
    agg = qs.aggregate(v=Sum("version"), n=Count("id"), m=Sum("id"), done=Count("id", filter=~Q(result="")))
    return f"{agg['v'] or 0}.{agg['n']}.{agg['m'] or 0}.{agg['done']}"


@lru_cache(maxsize=512)
def _qr(url: str) -> str:
    """QR codes are pure functions of the URL and cost tens of milliseconds: keep them."""
    return qr_svg_data_uri(url)


_build_locks: dict[str, threading.Lock] = {}
_build_locks_guard = threading.Lock()


def _cached_fragment(key: str, build: Callable[[], dict]) -> dict:
    """``build()`` once per key and process: when a room of phones asks for a page whose
    results just changed, one request renders it and the others wait for that copy."""
    value = cache.get(key)
    if value is not None:
        return value
    with _build_locks_guard:
        lock = _build_locks.setdefault(key, threading.Lock())
        if len(_build_locks) > 1000:
            _build_locks.clear()
            _build_locks[key] = lock
    with lock:
        value = cache.get(key)
        if value is None:
            value = build()
            cache.set(key, value, FRAGMENT_SECONDS)
    return value


def _standings_state(event: Event, rounds) -> tuple[int | None, str]:
    """(last complete Swiss round, a token that changes with anything the standings show)."""
    standings_round = _last_complete_swiss(rounds)
    # Late entries (more registrations), drops, re-entries and disqualifications change the rows.
    left = event.registrations.aggregate(
        n=Count("id"),
        dq=Count("id", filter=Q(status="disqualified")),
        dropped=Count("id", filter=Q(status="dropped")),
    )
    token = f"{standings_round}.{left['n']}.{left['dq']}.{left['dropped']}." + _results_token(
        event, through_round=standings_round
    )
    return standings_round, token


def _cached_standings(event: Event, standings_round: int | None, token: str) -> list:
    """Standings after ``standings_round`` (TR&P App D, computed by the pairings engine), cached per token."""
    if not standings_round:
        return []
    key = f"tournament:standings-rows:{event.pk}:{event.slug}:{event.standings_policy}:{token}"
    return _cached_fragment(
        key,
        lambda: {
            "rows": [
                ShownStanding.of(s) for s in selectors.standings_for_event(event, after_round=standings_round)
            ]
        },
    )["rows"]


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
        return {"count": len(standings), "html": _standings_html(standings, spec)}

    standings = _cached_fragment(
        f"tournament:standings:{event.pk}:{event.slug}:{spec.code}:{standings_token}", build_standings
    )

    pairings = None
    if round_ is not None:
        token = f"{round_.pk}.{round_.status}." + _results_token(event, round_=round_)

        def build_pairings() -> dict:
            matches = list(selectors.matches_for_round(round_))
            points = _points_going_into(event, round_) if round_.stage == RoundStage.SWISS else {}
            by_name = rows_by_name(matches, points)
            return {
                "count": len(by_name),
                "tables": len(matches),
                "by_name_html": _by_name_html(by_name),
                "by_table_html": _by_table_html(rows_by_table(matches, points)),
            }

        pairings = _cached_fragment(
            f"tournament:pairings:{event.pk}:{token}:{standings_token}", build_pairings
        )
    bracket = selectors.bracket_for_event(event) if any(r.stage == RoundStage.TOP_CUT for r in rounds) else []
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


# --------------------------------------------------------------------------- player page


def _player_context(request: HttpRequest, event: Event, registration, report_form=None) -> dict:
    rounds = list(selectors.visible_rounds(event))
    round_ = rounds[-1] if rounds else None
    match = selectors.match_for_registration(round_, registration) if (round_ and registration) else None
    context = {
        "event": event,
        "registration": registration,
        "round_": round_,
        "match": match,
        "can_self_register": False,
        "needs_profile": False,
    }
    if registration is None:
        profile = PlayerProfile.objects.filter(user=request.user).first()
        context["needs_profile"] = profile is None
        context["can_self_register"] = (
            profile is not None and event.allow_self_registration and event.status == EventStatus.REGISTRATION
        )
        context["profile_form"] = ProfileForm() if profile is None else None
        return context
    games_to_win = event.games_per_match
    if match is not None:
        i_am_a = match.player_a_id == registration.pk
        opponent = match.player_b if i_am_a else match.player_a
        reports = {r.registration_id: r for r in match.reports.all()} if match.report_status else {}
        pending = reports.get(match.reported_by_id) if match.reported_by_id else None
        pending_text = ""
        if pending is not None:
            pending_text = _result_text(
                type(match)(
                    result=pending.result,
                    games_a=pending.games_a,
                    games_b=pending.games_b,
                    games_drawn=pending.games_drawn,
                    player_a=match.player_a,
                    player_b=match.player_b,
                ),
                as_registration=registration,
            )
        status = selectors.clock_status(round_)
        context.update(
            {
                "opponent": opponent,
                "i_am_a": i_am_a,
                "reported_by_me": match.reported_by_id == registration.pk,
                "pending_text": pending_text,
                "result_text": _result_text(match, as_registration=registration),
                "round_is_open": round_.status in (RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS),
                "clock": status,
                "clock_label": _clock_label(status),
                "clock_minutes": max(0, int((status.remaining_seconds + match.extension_seconds) // 60)),
            }
        )
    context["report_form"] = report_form or PlayerReportForm(games_to_win=games_to_win)
    record = []
    for m in selectors.matches_for_registration(registration).filter(
        round__status__in=VISIBLE_ROUND_STATUSES
    ):
        other = m.player_b if m.player_a_id == registration.pk else m.player_a
        record.append(
            {
                "round": m.round.number,
                "opponent": other.player.display_name if other else "BYE",
                "outcome": _result_text(m, as_registration=registration),
            }
        )
    context["record"] = record
    standings_round, token = _standings_state(event, rounds)
    standings = _cached_standings(event, standings_round, token)
    mine = next((s for s in standings if s.registration_id == registration.pk), None)
    context["standing"] = mine
    spec = policy_spec(event.standings_policy)
    context["standings_spec"] = spec
    context["standing_figures"] = (
        [{"label": c.label, "value": c.show(getattr(mine, c.key))} for c in spec.columns] if mine else []
    )
    explanations = []
    if mine is not None:
        from pairings.tiebreakers import explain_ranking

        index = standings.index(mine)
        for label, neighbour in (("Above me", index - 1), ("Below me", index + 1)):
            if 0 <= neighbour < len(standings):
                other = standings[neighbour]
                # The engine's explanation (what selectors.explain_standing returns) from the rows
                # already computed, instead of computing the standings again per neighbour.
                a, b = mine.engine_row(), other.engine_row()
                steps = explain_ranking({a.id: a, b.id: b}, a.id, b.id)
                explanations.append(
                    {"label": f"{label}: {other.name}", "text": _explain_text(steps, mine, other, spec)}
                )
    context["explanations"] = explanations
    # Waiting for pairings or for the opponent's confirmation: the page refreshes itself
    # (never while a form is there to fill in).
    context["auto_refresh"] = match is None or (
        match.report_status == "reported" and match.reported_by_id == registration.pk and not match.result
    )
    return context


def _explain_text(steps, mine, other, spec=FAB_SPEC) -> str:
    """The deciding tiebreaker between me and a neighbour, in words (engine: explain_ranking),
    citing the rule of the event's standings policy (TR&P App D, or the GA section 4 order)."""
    if isinstance(steps, str):
        return steps
    deciding = next((s for s in steps if s.get("ahead") is not None), None)
    if deciding is None:
        return "tied on every tiebreaker"
    names = {
        "match_points": "match points",
        "cmp": "CMP",
        "mlp": "MLP",
        "omlp": "opponents' MLP",
        "ocmp": "opponents' CMP",
        "omw": "opponents' match-win % (OMW%)",
        "gw": "game-win % (GW%)",
        "ogw": "opponents' game-win % (OGW%)",
        "random": "random tiebreak",
    }
    name = names.get(deciding["tiebreaker"], deciding["tiebreaker"])
    better = "higher" if deciding.get("prefer") == "higher" else "lower"
    who = "you are" if str(deciding["ahead"]) == str(mine.registration_id) else "they are"
    earlier = [names.get(s["tiebreaker"], s["tiebreaker"]) for s in steps if s is not deciding]
    tied = f"tied on {', '.join(earlier)}; " if earlier else ""
    column = next((c for c in spec.columns if c.key == deciding["tiebreaker"]), None)
    mine_value, their_value = deciding["a"], deciding["b"]
    if column is not None and column.percent:
        mine_value, their_value = column.show(Fraction(mine_value)), column.show(Fraction(their_value))
    return (
        f"{tied}decided by {name} ({better} is better): you {mine_value}, them {their_value}, "
        f"so {who} ahead ({spec.rule} step {deciding['step']})."
    )


class ProfileForm(djforms.Form):
    player_id = djforms.CharField(max_length=32, label="Player ID (GEM ID)")
    display_name = djforms.CharField(max_length=120)


@login_required
def player_page(request: HttpRequest, slug: str) -> HttpResponse:
    """My table, my opponent, report my result, my record, why I am ranked here."""
    event = selectors.event_for_viewer(request.user, slug)
    registration = selectors.registration_for_user(request.user, event)
    return render(request, "tournament/player.html", _player_context(request, event, registration))


def _player_action(fn: Callable) -> Callable:
    @require_POST
    @wraps(fn)
    def view(request: HttpRequest, slug: str):
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("tournament:player", args=[slug]))
        event = selectors.event_for_viewer(request.user, slug)
        registration = selectors.registration_for_user(request.user, event)
        try:
            answer = fn(request, event, registration)
        except NotAllowed as exc:
            return _forbidden(request, exc.message)
        except DomainError as exc:
            messages.error(request, exc.message)
            status = exc.status_code
            context = _player_context(request, event, selectors.registration_for_user(request.user, event))
            return render(request, "tournament/player.html", context, status=status)
        if isinstance(answer, HttpResponse):
            return answer
        messages.success(request, answer)
        return redirect(reverse("tournament:player", args=[slug]))

    return view


def _my_match(event: Event, registration, match_id) -> object:
    if registration is None:
        raise NotAllowed("you are not registered for this event")
    rounds = list(selectors.visible_rounds(event))
    match = selectors.match_for_registration(rounds[-1], registration) if rounds else None
    if match is None or str(match.pk) != str(match_id):
        raise DomainError("that match is not your current match; reload the page", code="stale")
    return match


@_player_action
def player_register(request, event, registration):
    if registration is not None:
        return f"You are already registered ({registration.get_status_display().lower()})."
    profile = PlayerProfile.objects.filter(user=request.user).first()
    if profile is None:
        form = ProfileForm(request.POST)
        if not form.is_valid():
            raise DomainError(
                "enter your player ID (GEM ID) and the name to show on pairings", field="player_id"
            )
        profile = services.create_player_profile(actor=request.user, user=request.user, **form.cleaned_data)
    reg = services.register_player(event, player=profile, actor=request.user)
    return f"Registered ({reg.get_status_display().lower()})."


@_player_action
def player_report(request, event, registration):
    match = _my_match(event, registration, request.POST.get("match"))
    form = PlayerReportForm(request.POST, games_to_win=event.games_per_match)
    if not form.is_valid():
        errors = " ".join(e for errs in form.errors.values() for e in errs)
        raise DomainError(errors or "choose your result")
    parsed = form.as_match_result(i_am_a=match.player_a_id == registration.pk)
    match = services.report_result(
        match,
        actor=request.user,
        result=parsed.result,
        games_a=parsed.games_a,
        games_b=parsed.games_b,
        games_drawn=parsed.games_drawn,
    )
    if match.result:
        return "Result confirmed: both of you agree."
    if match.report_status == "disputed":
        return "Your report differs from your opponent's: the scorekeeper will sort it out."
    return "Result sent. Your opponent confirms it on their phone."


@_player_action
def player_confirm(request, event, registration):
    match = _my_match(event, registration, request.POST.get("match"))
    services.confirm_result(match, actor=request.user)
    return "Result confirmed."


@_player_action
def player_drop(request, event, registration):
    if registration is None:
        raise NotAllowed("you are not registered for this event")
    services.drop_registration(registration, actor=request.user, reason="dropped by the player")
    return "You have dropped from the event."


# --------------------------------------------------------------------------- projector clock


def _clock_round(event: Event):
    return selectors.visible_rounds(event).order_by("-number").first()


@require_GET
def clock_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Full-screen projector: a large countdown and the pairings scrolling."""
    event = selectors.event_for_viewer(request.user, slug)
    round_ = _clock_round(event)
    status = selectors.clock_status(round_) if round_ else None
    rows_html = ""
    if round_ is not None:
        # Published pairings do not change (edits happen before publishing).
        key = f"tournament:projector:{round_.pk}:{round_.published_at.timestamp() if round_.published_at else 0}"
        rows_html = _cached_fragment(
            key,
            lambda: {"html": _by_name_html(rows_by_name(selectors.matches_for_round(round_)), points=False)},
        )["html"]
    context = {
        "event": event,
        "round_": round_,
        "clock": status,
        "clock_label": _clock_label(status),
        "remaining_text": _fmt_seconds(status.remaining_seconds) if status else "--:--",
        "rows_html": rows_html,
    }
    return render(request, "tournament/clock.html", context)


@never_cache
@require_GET
def clock_json(request: HttpRequest, slug: str) -> JsonResponse:
    """Server-authoritative clock: remaining seconds computed now from the stored clock fields."""
    event = selectors.event_for_viewer(request.user, slug)
    round_ = _clock_round(event)
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
                "stage": round_.stage,
                "round_status": round_.status,
                "state_label": _clock_label(status),
            }
        )
        if round_.stage == RoundStage.TOP_CUT and not round_.duration_seconds:
            data["remaining_seconds"] = None  # untimed play-off round
    data["server_time"] = timezone.now().isoformat()
    return JsonResponse(data)


# --------------------------------------------------------------------------- paper and exports


def _document_allowed(request: HttpRequest, event: Event, kind: str, round_) -> None:
    if kind in PUBLIC_KINDS and round_.status in VISIBLE_ROUND_STATUSES:
        return
    if not selectors.is_official(request.user, event):
        raise PermissionDenied("only the event's staff can print this document")


@require_GET
def pdf_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A PDF of pairings (by name/table), standings or match slips; large rounds render in a task."""
    event = selectors.event_for_viewer(request.user, slug)
    if kind not in DOCUMENT_KINDS:
        raise Http404(f"no document {kind!r}")
    number = request.GET.get("round")
    if number is None:
        last = selectors.current_round(event)
        if last is None:
            raise Http404("no rounds yet")
        number = last.number
    round_ = selectors.round_by_number(event, _int(number, name="round") if str(number).isdigit() else -1)
    _document_allowed(request, event, kind, round_)
    if round_.matches.count() > PDF_SYNC_MAX_MATCHES:
        job = pdf_tasks.start_pdf_job(
            event=event,
            kind=kind,
            round_number=round_.number,
            site_url=request.build_absolute_uri("/"),
            requested_by=request.user if request.user.is_authenticated else None,
        )
        return redirect(reverse("tournament:pdf_job", args=[slug, job.key.hex]))
    document = document_for(event, kind, round_.number, site_url=request.build_absolute_uri("/"))
    response = HttpResponse(document.render(), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{event.slug}-round-{round_.number}-{kind}.pdf"'
    return response


@staff_action(anchor="paper")
def pdf_job_start(request: HttpRequest, event: Event):
    kind = request.POST.get("kind", "")
    if kind not in DOCUMENT_KINDS:
        raise DomainError(f"unknown document {kind!r}", field="kind")
    round_ = selectors.round_by_number(event, _int(request.POST.get("round"), name="round"))
    job = pdf_tasks.start_pdf_job(
        event=event,
        kind=kind,
        round_number=round_.number,
        site_url=request.build_absolute_uri("/"),
        requested_by=request.user,
    )
    return redirect(reverse("tournament:pdf_job", args=[event.slug, job.key.hex]))


def _job_for(request: HttpRequest, slug: str, job_id: str):
    event = selectors.event_for_viewer(request.user, slug)
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
        raise Http404("the document is not ready yet")
    return FileResponse(
        generated.file.open("rb"), content_type=generated.content_type, filename=generated.filename
    )


EXPORTS = {
    ("standings", "csv"): (selectors.standings_csv, "text/csv"),
    ("standings", "json"): (selectors.standings_json, "application/json"),
    ("results", "csv"): (selectors.results_csv, "text/csv"),
    ("results", "json"): (selectors.results_json, "application/json"),
}


@require_GET
def export(request: HttpRequest, slug: str, what: str, fmt: str) -> HttpResponse:
    """Results and standings as CSV or JSON (published rounds only, like the public page)."""
    event = selectors.event_for_viewer(request.user, slug)
    if (what, fmt) not in EXPORTS:
        raise Http404(f"no export {what}.{fmt}: choose standings or results, csv or json")
    build, content_type = EXPORTS[(what, fmt)]
    if what == "standings":
        after = request.GET.get("round")
        after_round = _int(after, name="round") if after and after.isdigit() else None
        if after and after_round is None:
            return HttpResponse(
                f"round must be a number, not {after!r}", status=400, content_type="text/plain"
            )
        body = build(event, after_round=after_round)
    else:
        body = build(event)
    response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{what}.{fmt}"'
    return response


# --------------------------------------------------------------------------- staff dashboard


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
    points, minute = [], 0
    while minute <= last + 5 and len(points) < 60:
        done = sum(1 for f in finished if f <= minute)
        playing = total - done
        points.append({"minute": minute, "playing": playing, "width": round(100 * playing / total)})
        minute += 5
    return points


def _open_judge_calls(event: Event):
    try:
        from judging.selectors import open_calls_for_event
    except ImportError:
        return None
    return list(open_calls_for_event(event))


def staff_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """Registration, rounds, clock, results outstanding, reconciliation, corrections, paper."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = selectors.event_for_staff(request.user, slug)
    roles = selectors.staff_roles(request.user, event)
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
    counts = dict(all_registrations.order_by().values_list("status").annotate(n=Count("id")))
    outstanding = [m for m in matches if m.result == MatchResult.PENDING]
    context = {
        "event": event,
        "roles": sorted(StaffRole(r).label for r in roles),
        "can_results": bool(roles & {str(r) for r in RESULT_ROLES}),
        "can_manage": bool(roles & {str(r) for r in MANAGE_ROLES}),
        "can_edit_event": bool(roles & {str(StaffRole.ORGANIZER), str(StaffRole.HEAD_JUDGE)}),
        "can_clock": bool(roles & {str(r) for r in CLOCK_ROLES}),
        "is_head_judge": StaffRole.HEAD_JUDGE in roles,
        "round_": round_,
        "matches": matches,
        "by_table": rows_by_table(matches),
        "outstanding": outstanding,
        "queue": list(selectors.reconciliation_queue(event)),
        "clock": status,
        "clock_label": _clock_label(status),
        "remaining_text": _fmt_seconds(status.remaining_seconds) if status else "",
        "swiss_rounds": swiss_rounds,
        "top_cut": top_cut,
        "registrations": registrations,
        "player_query": query,
        "players_total": sum(counts.values()),
        "counts": {
            s: counts.get(s, 0) for s in ("registered", "checked_in", "waitlisted", "dropped", "disqualified")
        },
        "tables_over_time": _tables_over_time(round_, matches) if round_ else [],
        "judge_calls": _open_judge_calls(event),
        "quick_form": QuickResultForm(),
        "kinds": DOCUMENT_KINDS,
        "pdf_async": len(matches) > PDF_SYNC_MAX_MATCHES,
        "elimination": selectors.elimination_procedure(event)
        if round_ is not None and round_.stage == RoundStage.TOP_CUT
        else [],
    }
    return render(request, "tournament/staff.html", context)


@staff_action(MANAGE_ROLES, anchor="players")
def staff_register(request: HttpRequest, event: Event):
    """Register a player by player ID; an unknown ID creates the profile with the given name."""
    player_id = (request.POST.get("player_id") or "").strip()
    name = (request.POST.get("display_name") or "").strip()
    if not player_id:
        raise DomainError("enter the player's ID (GEM ID)", field="player_id")
    # PostgreSQL refuses NUL in a query; such an ID is never on file and the service rejects it.
    profile = (
        PlayerProfile.objects.filter(player_id__iexact=player_id).first() if "\x00" not in player_id else None
    )
    if profile is None:
        profile = services.create_player_profile(actor=request.user, player_id=player_id, display_name=name)
    late = request.POST.get("late_entry") == "on"
    reg = services.register_player(event, player=profile, actor=request.user, late_entry=late)
    return f"{profile.display_name} registered ({reg.get_status_display().lower()})."


def _registration(event: Event, request: HttpRequest):
    reg_id = _int(request.POST.get("registration"), name="registration")
    reg = selectors.registrations_for_event(event).filter(pk=reg_id).first()
    if reg is None:
        raise DomainError(f"no registration {reg_id} at this event", field="registration")
    return reg


@staff_action(MANAGE_ROLES, anchor="players")
def staff_registration(request: HttpRequest, event: Event):
    """Check in, drop, re-enter (head judge) or disqualify (head judge) one registration."""
    reg = _registration(event, request)
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
    raise DomainError(f"unknown action {op!r}", field="op")


@staff_action(RESULT_ROLES, anchor="round")
def staff_pair(request: HttpRequest, event: Event):
    """Pair the next round. ``expected`` (the round number the button was shown for) makes a
    second press of the same button a clear 'already paired' instead of pairing round N+1."""
    expected = request.POST.get("expected")
    if expected:
        last = selectors.current_round(event)
        if last is not None and last.number >= _int(expected, name="expected"):
            raise DomainError(f"round {last.number} is already paired", code="already_paired")
    rnd = services.pair_next_round(event, actor=request.user)
    return f"Round {rnd.number} paired: review it, then publish."


def _current(event: Event):
    rnd = selectors.current_round(event)
    if rnd is None:
        raise DomainError("no round has been paired yet")
    number = rnd.number
    return rnd, number


@staff_action(RESULT_ROLES, anchor="round")
def staff_repair(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    reason = ReasonForm(request.POST)
    if not reason.is_valid():
        raise DomainError("say why the round is re-paired", field="reason")
    services.repair_round(rnd, actor=request.user, reason=reason.cleaned_data["reason"])
    return f"Round {rnd.number} re-paired."


@staff_action(RESULT_ROLES, anchor="round")
def staff_swap(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    first = (
        selectors.registrations_for_event(event)
        .filter(pk=_int(request.POST.get("first"), name="first"))
        .first()
    )
    second = (
        selectors.registrations_for_event(event)
        .filter(pk=_int(request.POST.get("second"), name="second"))
        .first()
    )
    if first is None or second is None:
        raise DomainError("choose two players of this event", field="first")
    services.swap_players(
        rnd, first=first, second=second, actor=request.user, reason=request.POST.get("reason", "")
    )
    return f"{first.player.display_name} and {second.player.display_name} swapped."


@staff_action(RESULT_ROLES, anchor="round")
def staff_table(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    match = services.match_at_table(rnd, _int(request.POST.get("table"), name="table"))
    new_table = _int(request.POST.get("new_table"), name="new table")
    reason = (request.POST.get("reason") or "").strip()
    if not reason:
        raise DomainError("say why the table changes", field="reason")
    services.set_table_number(match, table_number=new_table, actor=request.user, reason=reason)
    return f"Match moved to table {new_table}."


@staff_action(RESULT_ROLES, anchor="round")
def staff_publish(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    services.publish_round(rnd, actor=request.user)
    return f"Round {rnd.number} published."


@staff_action(CLOCK_ROLES, anchor="clock")
def staff_clock(request: HttpRequest, event: Event):
    rnd, _ = _current(event)
    op = request.POST.get("op")
    if op == "start":
        services.start_clock(rnd, actor=request.user)
        return f"Round {rnd.number} clock started."
    if op == "pause":
        services.pause_clock(rnd, actor=request.user, reason=request.POST.get("reason", ""))
        return "Clock paused."
    if op == "resume":
        services.resume_clock(rnd, actor=request.user)
        return "Clock resumed."
    if op == "call":
        services.call_time(rnd, actor=request.user)
        return "Time called."
    if op == "adjust":
        minutes = request.POST.get("minutes", "")
        try:
            seconds = int(round(float(minutes) * 60))
        except (ValueError, OverflowError):  # "abc", "nan", "1e309"
            raise DomainError(f"minutes must be a number, not {minutes!r}", field="minutes") from None
        services.adjust_clock(rnd, seconds=seconds, actor=request.user, reason=request.POST.get("reason", ""))
        return f"Clock adjusted by {minutes} min."
    raise DomainError(f"unknown clock action {op!r}", field="op")


@staff_action(CLOCK_ROLES, anchor="clock")
def staff_extension(request: HttpRequest, event: Event):
    """A per-table time extension (judge ruling, deck check: TR&P 3.2)."""
    rnd, _ = _current(event)
    match = services.match_at_table(rnd, _int(request.POST.get("table"), name="table"))
    minutes = _int(request.POST.get("minutes"), name="minutes")
    services.add_match_extension(
        match, seconds=minutes * 60, reason=request.POST.get("reason", ""), actor=request.user
    )
    return f"Table {match.table_number}: +{minutes} min."


@staff_action(RESULT_ROLES, anchor="results")
def staff_quick_result(request: HttpRequest, event: Event):
    """Keyboard entry: '<table> <result>' then Enter (JSON for the fetch form, redirect otherwise)."""
    round_, _ = _current(event)
    form = QuickResultForm(request.POST, games_to_win=event.games_per_match)
    if not form.is_valid():
        raise djforms.ValidationError(" ".join(e for errs in form.errors.values() for e in errs))
    parsed = form.cleaned_data["entry"]
    match = services.enter_result_by_table(
        round_,
        table_number=parsed.table,
        actor=request.user,
        result=parsed.result,
        games_a=parsed.games_a,
        games_b=parsed.games_b,
        games_drawn=parsed.games_drawn,
    )
    message = f"Table {match.table_number}: {_result_text(match)}."
    if _wants_json(request):
        outstanding = selectors.outstanding_matches(round_).count()
        return JsonResponse(
            {"ok": True, "message": message, "table": match.table_number, "outstanding": outstanding}
        )
    return message


def staff_correct(request: HttpRequest, slug: str) -> HttpResponse:
    """Correct or settle a result: pick round and table, preview the changes, apply with a reason."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = selectors.event_for_staff(request.user, slug, roles=RESULT_ROLES)
    data = request.POST if request.method == "POST" else request.GET
    try:
        round_ = selectors.round_by_number(event, _int(data.get("round"), name="round"))
        match = services.match_at_table(round_, _int(data.get("table"), name="table"))
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect(_staff_url(event, "results"))
    initial = {
        "match": match.pk,
        "result": match.result or MatchResult.A_WINS,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "games_drawn": match.games_drawn,
    }
    form = CorrectionForm(request.POST or None, initial=initial)
    preview = None
    status = 200
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        values = {
            "result": d["result"],
            "games_a": d["games_a"],
            "games_b": d["games_b"],
            "games_drawn": d["games_drawn"],
        }
        if d["result_kind"]:
            values["kind"] = d["result_kind"]
        try:
            if match.result == MatchResult.PENDING:
                services.enter_result(match, actor=request.user, reason=d["reason"], **values)
                messages.success(request, f"Table {match.table_number}: result entered.")
                return redirect(_staff_url(event, "results"))
            if d["confirm"]:
                services.correct_result(match, actor=request.user, reason=d["reason"], **values)
                messages.success(request, f"Round {round_.number} table {match.table_number} corrected.")
                return redirect(_staff_url(event, "results"))
            preview = services.preview_result_correction(match, **values)
        except NotAllowed as exc:
            return _forbidden(request, exc.message)
        except DomainError as exc:
            form.add_error(None, exc.message)
            status = exc.status_code
    elif request.method == "POST":
        status = 400
    context = {
        "event": event,
        "round_": round_,
        "match": match,
        "form": form,
        "preview": preview,
        "reports": list(match.reports.select_related("registration__player")),
        "current": _result_text(match),
    }
    return render(request, "tournament/correct.html", context, status=status)
