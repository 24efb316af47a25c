"""What every view module shares: input parsing, answers for errors, the staff-action decorator,
results and clock in words."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django import forms as djforms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import DomainError, NotAllowed
from core.parsing import whole_number

from .. import access, selectors
from ..enums import ClockState, MatchResult
from ..models import Event

# The dashboard lists at most this many players; the search box finds the others.
STAFF_PLAYER_ROWS = 300


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch" or "application/json" in request.headers.get(
        "Accept", ""
    )


def _int(value, *, name: str) -> int:
    """A non-negative whole number a form posted (``core.parsing.whole_number``)."""
    return whole_number(value, field=name, label=name)


def posted_registration(event: Event, request: HttpRequest):
    """The registration of ``event`` named by the POSTed "registration" id; DomainError otherwise."""
    reg_id = _int(request.POST.get("registration"), name="registration")
    reg = selectors.registrations_for_event(event).filter(pk=reg_id).first()
    if reg is None:
        raise DomainError(
            _("no registration %(reg_id)s at this event") % {"reg_id": reg_id}, field="registration"
        )
    return reg


def _staff_url(event: Event, anchor: str = "") -> str:
    return reverse("tournament:staff", args=[event.slug]) + (f"#{anchor}" if anchor else "")


def _forbidden(request: HttpRequest, message: str) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"ok": False, "message": message}, status=403)
    return render(request, "tournament/forbidden.html", {"message": message}, status=403)


def staff_action(action: str | None = None, *, anchor: str = ""):
    """Decorate a POST action of the staff dashboard.

    ``action`` names the ``tournament.access.ACTIONS`` entry the user needs (any staff role
    when None). The wrapped function gets ``(request, event)`` and returns a success message (or a
    response). Anonymous users are sent to log in; non-staff get 403; ``DomainError`` becomes
    a message on the dashboard (HTML) or a JSON answer with the error's status code.
    """

    def decorate(fn: Callable) -> Callable:
        @require_POST
        @wraps(fn)
        def view(request: HttpRequest, slug: str, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(reverse("tournament:staff", args=[slug]))
            event = access.event_for_staff(request.user, slug, action=action)
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


def _current(event: Event):
    rnd = selectors.current_round(event)
    if rnd is None:
        raise DomainError(_("no round has been paired yet"))
    number = rnd.number
    return rnd, number


def _clock_label(status) -> str:
    if status is None:
        return _("No round running")
    if not status.duration_seconds:
        return _("No time limit in this round")  # a play-off round, TR&P 3.1: no clock to start or call
    if status.state == ClockState.RUNNING and status.time_called:
        return "Time"
    if status.state == ClockState.FINISHED and not status.time_called:
        return _("Stopped: every result is in")
    return ClockState(status.state).label


def _fmt_seconds(seconds: float) -> str:
    s = max(0, int(round(seconds)))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def _remaining_text(status, *, idle: str) -> str:
    """The big figure of a clock: the time left, "Untimed" for a round without a time limit (a
    play-off round, TR&P 3.1), ``idle`` when no round runs."""
    if status is None:
        return idle
    if not status.duration_seconds:
        return _("Untimed")
    return _fmt_seconds(status.remaining_seconds)


def _result_text(match, *, as_registration=None) -> str:
    """A result in words, from the point of view of ``as_registration`` when given."""
    if match.result == MatchResult.PENDING:
        return "pending"
    if match.result == MatchResult.BYE:
        return _("Bye (win)")
    if match.result == MatchResult.UNFINISHED:
        # No citation: the text serves FaB (TR&P 9.2) and GA Team Standard events alike.
        return _("Not finished: the team match was decided")
    score = f"{match.games_a}-{match.games_b}" + (f"-{match.games_drawn}" if match.games_drawn else "")
    if as_registration is not None and as_registration.pk == match.player_b_id:
        score = f"{match.games_b}-{match.games_a}" + (f"-{match.games_drawn}" if match.games_drawn else "")
    if match.result == MatchResult.DRAW:
        return _("Draw %(score)s") % {"score": score}
    if match.result == MatchResult.DOUBLE_LOSS:
        return _("Double loss")
    if as_registration is None:
        winner = match.player_a if match.result == MatchResult.A_WINS else match.player_b
        return _("%(name)s won %(score)s") % {"name": winner.player.display_name, "score": score}
    won = (match.result == MatchResult.A_WINS) == (as_registration.pk == match.player_a_id)
    if won:
        return _("Won %(score)s") % {"score": score}
    return _("Lost %(score)s") % {"score": score}


def report_in_words(report, match, names: dict) -> str:
    """A player's claim (``MatchReport`` of ``match``) in words, naming both players and giving the
    winner's games first ("Gus won 1-0 against Ana"); ``names`` maps the match's registration ids
    to display names."""
    name_a, name_b = names.get(match.player_a_id, "?"), names.get(match.player_b_id, "?")
    drawn = f"-{report.games_drawn}" if report.games_drawn else ""
    if report.result == MatchResult.DRAW:
        return _("%(name_a)s and %(name_b)s drew %(games_a)s-%(games_b)s%(drawn)s") % {
            "name_a": name_a,
            "name_b": name_b,
            "games_a": report.games_a,
            "games_b": report.games_b,
            "drawn": drawn,
        }
    if report.result == MatchResult.DOUBLE_LOSS:
        return _("a double loss for %(name_a)s and %(name_b)s") % {"name_a": name_a, "name_b": name_b}
    if report.result == MatchResult.A_WINS:
        return _("%(name_a)s won %(games_a)s-%(games_b)s%(drawn)s against %(name_b)s") % {
            "name_a": name_a,
            "games_a": report.games_a,
            "games_b": report.games_b,
            "drawn": drawn,
            "name_b": name_b,
        }
    return _("%(name_b)s won %(games_b)s-%(games_a)s%(drawn)s against %(name_a)s") % {
        "name_b": name_b,
        "games_b": report.games_b,
        "games_a": report.games_a,
        "drawn": drawn,
        "name_a": name_a,
    }


def claim_for_reader(report, match, reader) -> str:
    """A claim (``MatchReport`` of ``match``) as the words after "... reported", told to the
    player ``reader`` from their own side: "that you lost 0-1", "a draw, 1-1", "a double loss"."""
    mine_first = reader.pk != match.player_b_id
    ours, theirs = (report.games_a, report.games_b) if mine_first else (report.games_b, report.games_a)
    score = f"{ours}-{theirs}" + (f"-{report.games_drawn}" if report.games_drawn else "")
    if report.result == MatchResult.DRAW:
        return _("a draw, %(score)s") % {"score": score}
    if report.result == MatchResult.DOUBLE_LOSS:
        return _("a double loss")
    won = (report.result == MatchResult.A_WINS) == mine_first
    if won:
        return _("that you won %(score)s") % {"score": score}
    return _("that you lost %(score)s") % {"score": score}


# A registration's status as a sentence, for the player ("you") and for staff (the name).
_STATUS_SENTENCES = {
    "registered": (gettext_lazy("You are registered."), gettext_lazy("{name} is registered.")),
    "checked_in": (gettext_lazy("You are checked in."), gettext_lazy("{name} is checked in.")),
    "waitlisted": (
        gettext_lazy("The event is full: you are on the waitlist and get a place when one frees up."),
        gettext_lazy("The event is full: {name} is on the waitlist."),
    ),
    "dropped": (gettext_lazy("You have dropped from this event."), gettext_lazy("{name} has dropped.")),
    "disqualified": (
        gettext_lazy("You are disqualified from this event."),
        gettext_lazy("{name} is disqualified."),
    ),
}


def registration_sentence(registration, *, you: bool) -> str:
    """ "You are on the waitlist..." rather than "Registered (waitlisted)"."""
    mine, theirs = _STATUS_SENTENCES.get(
        registration.status, (_("Your registration is {status}."), _("{name}: {status}."))
    )
    return (mine if you else theirs).format(
        name=registration.player.display_name, status=registration.get_status_display().lower()
    )
