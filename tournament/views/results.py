"""Staff result entry: the keyboard quick entry and the correction page."""

from __future__ import annotations

from django import forms as djforms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from core.errors import DomainError, NotAllowed

from .. import access, selectors, services
from ..enums import MatchResult
from ..forms import CorrectionForm, QuickResultForm
from ..models import Event
from ._common import _current, _forbidden, _int, _result_text, _staff_url, _wants_json, staff_action


@staff_action("enter_results", anchor="results")
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


@staff_action("enter_results", anchor="results")
def staff_accept_report(request: HttpRequest, event: Event):
    """The scorekeeper takes a lone player's report as the result (the opponent cannot confirm)."""
    match_id = _int(request.POST.get("match"), name="match")
    match = selectors.matches_for_event(event).filter(pk=match_id).first()
    if match is None:
        raise DomainError(
            gettext("no match %(match_id)s at this event") % {"match_id": match_id}, field="match"
        )
    match = services.accept_report(match, actor=request.user)
    message = f"Table {match.table_number}: {_result_text(match)} (the player's report, accepted)."
    if _wants_json(request):
        return JsonResponse({"ok": True, "message": message, "table": match.table_number})
    return message


def _games_follow_result(data, match):
    """The posted correction with its games made to fit a changed result when the games are still
    the ones the form was prefilled with: a new winner swaps them ("1-0" for A becomes "0-1" for
    B), a draw or a double loss clears them. Games the staff typed are left as typed."""
    try:
        posted = tuple(int(data.get(k, "")) for k in ("games_a", "games_b", "games_drawn"))
    except ValueError:
        return data
    result = data.get("result")
    if (
        not match.result
        or result == match.result
        or posted != (match.games_a, match.games_b, match.games_drawn)
    ):
        return data
    games_a, games_b, drawn = posted
    if (
        result == MatchResult.A_WINS
        and games_a <= games_b
        or result == MatchResult.B_WINS
        and games_b <= games_a
    ):
        games_a, games_b = games_b, games_a
    elif result in (MatchResult.DRAW, MatchResult.DOUBLE_LOSS) and games_a != games_b:
        games_a = games_b = 0
    data = data.copy()
    data["games_a"], data["games_b"], data["games_drawn"] = str(games_a), str(games_b), str(drawn)
    return data


def staff_correct(request: HttpRequest, slug: str) -> HttpResponse:
    """Correct or settle a result: pick round and table, preview the changes, apply with a reason."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="enter_results")
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
        "version": match.version,
    }
    form = CorrectionForm(
        _games_follow_result(request.POST, match) if request.POST else None, initial=initial
    )
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
        expected = {"expected_version": d.get("version")}
        try:
            if match.result == MatchResult.PENDING:
                services.enter_result(match, actor=request.user, reason=d["reason"], **values, **expected)
                messages.success(
                    request,
                    gettext("Table %(table_number)s: result entered.") % {"table_number": match.table_number},
                )
                return redirect(_staff_url(event, "results"))
            if d["confirm"]:
                services.correct_result(match, actor=request.user, reason=d["reason"], **values, **expected)
                messages.success(
                    request,
                    gettext("Round %(number)s table %(table_number)s corrected.")
                    % {"number": round_.number, "table_number": match.table_number},
                )
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
