"""The player page: my table, my opponent, reporting my result, my record, why I am ranked here."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import wraps

from django import forms as djforms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from core import parsing
from core.errors import DomainError, NotAllowed
from core.site import site_url
from pairings.tiebreakers import explain_ranking

from .. import access, addons, live, selectors, services
from ..access import access_team_invitation, is_invitee, player_lens, team_invitations_for
from ..enums import (
    TEAM_FORMATS,
    VISIBLE_ROUND_STATUSES,
    EventStatus,
    RegistrationStatus,
    RoundStage,
    RoundStatus,
)
from ..forms import PlayerReportForm
from ..models import Event, Match, PlayerProfile
from ..standings_policies import FAB_SPEC, policy_spec
from ._common import _clock_label, _forbidden, _result_text, claim_for_reader, registration_sentence
from ._fragments import _cached_standings, _qr


def _player_context(
    request: HttpRequest, event: Event, registration, report_form=None, *, phone_token: str = ""
) -> dict:
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
        link_request = addons.pending_player_id(request.user) if profile is None else None
        context["pending_link"] = link_request
        context["pending_here"] = link_request is not None and link_request.get("event_id") == event.pk
        context["needs_profile"] = profile is None and not context["pending_here"]
        # Waiting for the desk: the page shows the registration once the staff confirm it.
        context["auto_refresh"] = context["pending_here"]
        context["can_self_register"] = (
            profile is not None and event.allow_self_registration and event.status == EventStatus.REGISTRATION
        )
        context["profile_form"] = ProfileForm() if profile is None else None
        # Team events (TR&P 9.2): a player forms a team by inviting two teammates, and answers
        # the invitations addressed to their own player ID.
        context["is_team_event"] = event.format in TEAM_FORMATS
        context["can_form_team"] = context["is_team_event"] and context["can_self_register"]
        context["own_player_id"] = profile.player_id if profile is not None else ""
        context["team_invitations"] = list(team_invitations_for(request.user, event=event))
        context["can_self_register"] = context["can_self_register"] and not context["is_team_event"]
        return context
    # The add-ons' pages (decklist, penalties, calls) need an account: not on the private page.
    context["addon_links"] = [] if phone_token else addons.player_links(event)
    context["event_closed"] = event.status in services.CLOSED_STATUSES
    # The walk-in's private page (no account): the same page, read-only (reporting needs an account).
    context["phone_token"] = phone_token
    context["state_url"] = (
        reverse("tournament:player_phone_state", args=[event.slug, phone_token])
        if phone_token
        else reverse("tournament:player_state", args=[event.slug])
    )
    context["rendered_at"] = timezone.now()
    context["player_panels"] = addons.player_panels(event, registration, phone_token=phone_token)
    if registration.status == RegistrationStatus.REGISTERED and not context["event_closed"]:
        # The staff's phone opens this URL from the QR code and checks the player in.
        token = services.check_in_token(registration)
        url = site_url(request, reverse("tournament:staff_check_in_code", args=[event.slug, token]))
        context["check_in_qr"] = _qr(url)
    # Other players' names as the organizer shows them to the public (short at a Casual event
    # that chose it); never their player IDs.
    lens = player_lens(request.user, event)
    games_to_win = event.games_per_match
    if match is not None and round_ is not None:
        i_am_a = match.player_a_id == registration.pk
        opponent = match.player_b if i_am_a else match.player_a
        reports = {r.registration_id: r for r in match.reports.all()} if match.report_status else {}
        pending = reports.get(match.reported_by_id) if match.reported_by_id else None
        pending_text = claim_for_reader(pending, match, registration) if pending is not None else ""
        status = selectors.clock_status(round_)
        context.update(
            {
                "opponent": opponent,
                "opponent_name": lens.name(opponent) if opponent is not None else "",
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
                "opponent": lens.name(other) if other else "BYE",
                "outcome": _result_text(m, as_registration=registration),
            }
        )
    # Late entry: the Swiss rounds before the player joined are losses (docs/event-structures.md)
    played_rounds = {row["round"] for row in record}
    for number in range(1, registration.joined_in_round):
        if number not in played_rounds and any(
            r.number == number and r.stage == RoundStage.SWISS for r in rounds
        ):
            record.append({"round": number, "opponent": "–", "outcome": _("Loss (missed: late entry)")})
    record.sort(key=lambda row: row["round"])
    context["record"] = record
    standings_round, token = live.standings_state(event, rounds)
    standings = _cached_standings(event, standings_round, token)
    mine = next((s for s in standings if s.registration_id == registration.pk), None)
    context["standing"] = mine
    spec = policy_spec(event.standings_policy)
    context["standings_spec"] = spec
    context["standing_figures"] = (
        [{"label": c.label, "value": c.show(mine.figure(c.key))} for c in spec.columns] if mine else []
    )
    explanations = []
    if mine is not None:
        index = standings.index(mine)
        for label, neighbour in (("Above me", index - 1), ("Below me", index + 1)):
            if 0 <= neighbour < len(standings):
                other = standings[neighbour]
                # The engine's explanation (what selectors.explain_standing returns) from the rows
                # already computed, instead of computing the standings again per neighbour.
                a, b = mine.row, other.row
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
        return _("tied on every tiebreaker")
    names = {
        "match_points": _("match points"),
        "cmp": "CMP",
        "mlp": "MLP",
        "omlp": _("opponents' MLP"),
        "ocmp": _("opponents' CMP"),
        "omw": _("opponents' match-win % (OMW%)"),
        "gw": _("game-win % (GW%)"),
        "ogw": _("opponents' game-win % (OGW%)"),
        "random": _("random tiebreak"),
    }
    name = names.get(deciding["tiebreaker"], deciding["tiebreaker"])
    higher = deciding.get("prefer") == "higher"
    mine_ahead = str(deciding["ahead"]) == str(mine.registration_id)
    earlier = [names.get(s["tiebreaker"], s["tiebreaker"]) for s in steps if s is not deciding]
    column = next((c for c in spec.columns if c.key == deciding["tiebreaker"]), None)
    mine_value, their_value = deciding["a"], deciding["b"]
    if column is not None and column.percent:
        mine_value, their_value = column.show(Fraction(mine_value)), column.show(Fraction(their_value))
    # One whole sentence per case, so a translator sees each as it is read.
    if higher and mine_ahead:
        sentence = _(
            "decided by %(name)s (higher is better): you %(mine_value)s, them %(their_value)s, so you are ahead (%(rule)s step %(step)s)."
        )
    elif higher:
        sentence = _(
            "decided by %(name)s (higher is better): you %(mine_value)s, them %(their_value)s, so they are ahead (%(rule)s step %(step)s)."
        )
    elif mine_ahead:
        sentence = _(
            "decided by %(name)s (lower is better): you %(mine_value)s, them %(their_value)s, so you are ahead (%(rule)s step %(step)s)."
        )
    else:
        sentence = _(
            "decided by %(name)s (lower is better): you %(mine_value)s, them %(their_value)s, so they are ahead (%(rule)s step %(step)s)."
        )
    text = sentence % {
        "name": name,
        "mine_value": mine_value,
        "their_value": their_value,
        "rule": spec.rule,
        "step": deciding["step"],
    }
    if earlier:
        text = _("tied on %(earlier)s; %(decided)s") % {
            "earlier": ", ".join(str(e) for e in earlier),
            "decided": text,
        }
    late = []
    if missed := getattr(mine.row, "missed", 0):
        late.append(
            ngettext(
                "you missed %(n)s round as a late entry", "you missed %(n)s rounds as a late entry", missed
            )
            % {"n": missed}
        )
    if missed := getattr(other.row, "missed", 0):
        late.append(
            ngettext(
                "they missed %(n)s round as a late entry", "they missed %(n)s rounds as a late entry", missed
            )
            % {"n": missed}
        )
    if late:
        missed_text = (
            late[0]
            if len(late) == 1
            else _("%(first)s and %(second)s") % {"first": late[0], "second": late[1]}
        )
        text = _("%(text)s (%(late)s: each missed round counts as a loss in every figure.)") % {
            "text": text,
            "late": missed_text,
        }
    return text


class ProfileForm(djforms.Form):
    player_id = djforms.CharField(max_length=32, label=gettext_lazy("Player ID (GEM ID)"))
    display_name = djforms.CharField(max_length=120)


@login_required
def player_page(request: HttpRequest, slug: str) -> HttpResponse:
    """My table, my opponent, report my result, my record, why I am ranked here."""
    event = access.event_for_viewer(request.user, slug)
    registration = selectors.registration_for_user(request.user, event)
    return render(request, "tournament/player.html", _player_context(request, event, registration))


@login_required
def player_state(request: HttpRequest, slug: str) -> HttpResponse:
    """What the player's page polls (``live.player_state``), with an ETag: 304 while unchanged."""
    event = access.event_for_viewer(request.user, slug)
    registration = selectors.registration_for_user(request.user, event)
    if registration is None:
        raise Http404(_("you are not registered in this event"))
    return _state_answer(request, event, registration)


def player_phone(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A walk-in's private page (``services.phone_token``): their own page without an account."""
    event = access.event_for_viewer(request.user, slug)
    registration = services.registration_for_phone_token(event, token)
    if registration is None:
        raise Http404(_("no such page"))
    context = _player_context(request, event, registration, phone_token=token)
    response = render(request, "tournament/player.html", context)
    response["Referrer-Policy"] = "no-referrer"  # the token is the key to this page
    return response


def player_phone_state(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """``player_state`` for the private page."""
    event = access.event_for_viewer(request.user, slug)
    registration = services.registration_for_phone_token(event, token)
    if registration is None:
        raise Http404(_("no such page"))
    return _state_answer(request, event, registration)


def _state_answer(request: HttpRequest, event: Event, registration) -> HttpResponse:
    state = live.player_state(event, registration, player_lens(request.user, event))
    etag = live.etag_for(state["version"], state["attention"], state["words"])
    answer: HttpResponse | None = live.not_modified(request, etag)
    if answer is None:
        answer = JsonResponse(state)
        answer["ETag"] = etag
    answer["Cache-Control"] = "private, no-cache"
    return answer


def _player_action(fn: Callable) -> Callable:
    @require_POST
    @wraps(fn)
    def view(request: HttpRequest, slug: str):
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("tournament:player", args=[slug]))
        event = access.event_for_viewer(request.user, slug)
        registration = selectors.registration_for_user(request.user, event)
        try:
            answer = fn(request, event, registration)
        except NotAllowed as exc:
            return _forbidden(request, exc.message)
        except DomainError as exc:
            messages.error(request, exc.message)
            status = exc.status_code
            context = _player_context(request, event, selectors.registration_for_user(request.user, event))
            if context.get("profile_form") is not None and "player_id" in request.POST:
                context["profile_form"] = ProfileForm(request.POST)  # what was typed stays typed
            return render(request, "tournament/player.html", context, status=status)
        if isinstance(answer, HttpResponse):
            return answer
        messages.success(request, answer)
        return redirect(reverse("tournament:player", args=[slug]))

    return view


def _my_match(event: Event, registration, match_id) -> Match:
    if registration is None:
        raise NotAllowed(_("you are not registered for this event"))
    rounds = list(selectors.visible_rounds(event))
    match = selectors.match_for_registration(rounds[-1], registration) if rounds else None
    if match is None or str(match.pk) != str(match_id):
        raise DomainError(_("that match is not your current match; reload the page"), code="stale")
    return match


@_player_action
def player_register(request, event, registration):
    if registration is not None:
        return _("You already have a place at this event. %(registration)s") % {
            "registration": registration_sentence(registration, you=True)
        }
    profile = PlayerProfile.objects.filter(user=request.user).first()
    if profile is None:
        form = ProfileForm(request.POST)
        if not form.is_valid():
            raise DomainError(
                _("enter your player ID (GEM ID) and the name to show on pairings"), field="player_id"
            )
        # Nothing is linked on the player's word (TR&P 1.5): the staff confirm the ID at the desk.
        services.request_self_registration(event, user=request.user, **form.cleaned_data)
        return str(services.PENDING_REGISTRATION_MESSAGE)
    reg = services.register_player(event, player=profile, actor=request.user)
    return registration_sentence(reg, you=True)


@_player_action
def player_report(request, event, registration):
    match = _my_match(event, registration, request.POST.get("match"))
    form = PlayerReportForm(request.POST, games_to_win=event.games_per_match)
    if not form.is_valid():
        errors = " ".join(e for errs in form.errors.values() for e in errs)
        raise DomainError(errors or _("choose your result"))
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
        return _("Result confirmed: both of you agree.")
    if match.report_status == "disputed":
        return _("Your report differs from your opponent's: the scorekeeper will sort it out.")
    opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    if opponent is None or opponent.player.user_id is None:
        # A player registered at the desk has no account to confirm with: the staff do it.
        return _("Result sent. Your opponent has no account here, so the scorekeeper confirms it.")
    return _("Result sent. Your opponent confirms it on their phone.")


@_player_action
def player_confirm(request, event, registration):
    match = _my_match(event, registration, request.POST.get("match"))
    services.confirm_result(match, actor=request.user)
    return _("Result confirmed.")


@_player_action
def player_drop(request, event, registration):
    if registration is None:
        raise NotAllowed(_("you are not registered for this event"))
    services.drop_registration(registration, actor=request.user, reason="dropped by the player")
    return _("You have dropped from the event.")


@_player_action
def player_team(request, event, registration):
    """Form a team (TR&P 9.2): the player's own seat and two invited teammates by player ID."""
    if registration is not None:
        return _("You already have a place at this event. %(registration)s") % {
            "registration": registration_sentence(registration, you=True)
        }
    members = [((request.POST.get(f"member_{pos}") or "").strip(), pos) for pos in ("A", "B", "C")]
    services.invite_team(
        event, team_name=request.POST.get("team_name", ""), members=members, actor=request.user
    )
    return _("Team formed: your teammates are invited. The team is registered once both accept.")


@_player_action
def player_team_answer(request, event, registration):
    """Accept or decline a team invitation addressed to the player's own ID."""
    invitation = access_team_invitation(request.user, _int_or_404(request.POST.get("invitation")))
    if invitation.event_id != event.pk or not is_invitee(request.user, invitation):
        raise Http404(_("no such invitation"))
    accept = request.POST.get("answer") == "accept"
    services.answer_team_invitation(invitation, actor=request.user, accept=accept)
    if not accept:
        return _("You declined to play for %(team_name)s.") % {"team_name": invitation.team_name}
    if selectors.registration_for_user(request.user, event) is not None:
        return _("%(team_name)s is complete and registered.") % {"team_name": invitation.team_name}
    return _("You joined %(team_name)s; the team is registered once every teammate accepts.") % {
        "team_name": invitation.team_name
    }


def _int_or_404(value) -> int:
    try:
        return parsing.whole_number(value, field="invitation")
    except DomainError:
        raise Http404(_("no such invitation")) from None


@require_POST
def player_coverage(request: HttpRequest, slug: str) -> HttpResponse:
    """A player opts out of coverage, or back in (issue 30)."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("tournament:player", args=[slug]))
    event = access.event_for_viewer(request.user, slug)
    registration = selectors.registration_for_user(request.user, event)
    if registration is None:
        raise Http404(_("you are not registered in this event"))
    try:
        services.set_coverage_opt_out(
            registration, opt_out=request.POST.get("opt_out") == "1", actor=request.user
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Coverage choice saved."))
    return redirect(reverse("tournament:player", args=[slug]) + "#coverage")
