"""Phone-first pages for floor and head judges (mounted at /judging/)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.forms import BaseForm
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.documents import pdf_response, requested_language, stored_pdf_response
from core.errors import DomainError
from core.parsing import whole_number
from tournament.access import event_by_slug, event_for_viewer, event_is_visible
from tournament.citations import is_ga
from tournament.enums import ACTIVE_REGISTRATION_STATUSES
from tournament.models import Match, PlayerProfile, Registration, Round
from tournament.selectors import current_round

from . import access, catalogue, forms, selectors, tasks
from .documents import PenaltyReport
from .enums import DECK_CHECK_ITEMS, GA_DECK_CHECK_ITEMS, CallStatus, DeckCheckStatus, PenaltyStatus
from .models import DeckCheck, JudgeCall, Penalty
from .services import calls as call_services
from .services import deck_checks as deck_check_services
from .services import penalties as penalty_services


def _form_error(request, form, exc: DomainError) -> None:
    if form is not None and exc.field and exc.field in form.fields:
        form.add_error(exc.field, exc.message)
    else:
        messages.error(request, exc.message)


def _ctx(request, event, **extra) -> dict:
    return {"event": event, "can": access.allowed_actions(request.user, event), **extra}


# --------------------------------------------------------------------------- dashboard and calls


@login_required
def event_home(request, slug):
    """The live queue of open calls (TR&P 3.9), pending confirmations, and a quick call form."""
    event = access.event_for(request.user, slug)
    oldest = request.GET.get("order") == "oldest"
    readable = access.can(request.user, event, "read_calls")
    ctx = _ctx(
        request,
        event,
        # The scorekeeper sees the time extensions calls gave, not the calls (judging.access).
        calls=selectors.open_calls_for_event(event, oldest_first=oldest) if readable else None,
        extensions=[] if readable else list(selectors.call_extensions_for_event(event)),
        oldest=oldest,
        pending=selectors.pending_penalties(event),
        deferred=selectors.deferred_penalties(event),
        open_form=forms.OpenCallForm(),
        now=timezone.now(),
    )
    return render(request, "judging/event_home.html", ctx)


@login_required
@require_POST
def call_open(request, slug):
    event = access.event_for(request.user, slug)
    form = forms.OpenCallForm(request.POST)
    if form.is_valid():
        try:
            call = call_services.open_call(
                event,
                actor=request.user,
                table_number=form.cleaned_data["table_number"],
                caller=form.cleaned_data["caller"],
                question=form.cleaned_data["question"],
            )
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(
                request, _("Call opened at table %(table_number)s.") % {"table_number": call.table_number}
            )
            if access.can(request.user, event, "read_calls"):
                return redirect("judging:call", slug=slug, pk=call.pk)
    else:
        messages.error(request, _("Give the table number."))
    return redirect("judging:home", slug=slug)


def _call_for(request, slug, pk) -> JudgeCall:
    call = access.access_call(request.user, pk)
    if call.event.slug != slug:
        raise Http404(_("no such call at this event"))
    return call


@login_required
def call_detail(request, slug, pk):
    """One call: claim, rule with citations, appeal, final ruling, close (TR&P 3.9)."""
    call = _call_for(request, slug, pk)
    ga = is_ga(call.event)
    ruling_form = forms.RulingForm(
        initial={"ruling": call.ruling, "citations": ", ".join(call.citations)}, ga=ga
    )
    final_form = forms.RulingForm(prefix="final", ga=ga)
    appeal_form = forms.AppealForm()
    close_form = forms.CloseCallForm()
    if request.method == "POST":
        action = request.POST.get("action")
        form: BaseForm | None = None
        try:
            if action == "claim":
                call_services.claim_call(call, judge=request.user)
            elif action == "rule":
                form = ruling_form = forms.RulingForm(request.POST, ga=ga)
                if not form.is_valid():
                    raise DomainError(_("write the ruling"), field="ruling")
                call_services.record_ruling(
                    call,
                    judge=request.user,
                    ruling=form.cleaned_data["ruling"],
                    citations=form.cleaned_data["citations"],
                )
            elif action == "appeal":
                form = appeal_form = forms.AppealForm(request.POST)
                if not form.is_valid():
                    raise DomainError(_("say which player appeals"), field="appealed_by")
                call_services.appeal_call(
                    call, actor=request.user, appealed_by=form.cleaned_data["appealed_by"]
                )
            elif action == "final":
                form = final_form = forms.RulingForm(request.POST, prefix="final", ga=ga)
                if not form.is_valid():
                    raise DomainError(_("write the final ruling"), field="ruling")
                call_services.record_final_ruling(
                    call,
                    head_judge=request.user,
                    ruling=form.cleaned_data["ruling"],
                    citations=form.cleaned_data["citations"],
                )
            elif action == "close":
                form = close_form = forms.CloseCallForm(request.POST)
                if not form.is_valid():
                    raise DomainError(_("the call length must be whole minutes and seconds"))
                closed = call_services.close_call(call, judge=request.user, duration_seconds=form.duration())
                if closed.extension_seconds:
                    messages.success(
                        request,
                        _("Call closed; the match gets +%(value)s min.")
                        % {"value": closed.extension_seconds // 60},
                    )
                else:
                    messages.success(request, _("Call closed; no extension (one minute or less)."))
                return redirect("judging:home", slug=slug)
            else:
                raise DomainError(_("unknown action"))
        except DomainError as exc:
            _form_error(request, form, exc)
        else:
            return redirect("judging:call", slug=slug, pk=call.pk)
        call = _call_for(request, slug, pk)
    ctx = _ctx(
        request,
        call.event,
        call=call,
        ruling_form=ruling_form,
        final_form=final_form,
        appeal_form=appeal_form,
        close_form=close_form,
        statuses=CallStatus,
        penalties=call.penalties.select_related("registration__player"),
        reconstructions=selectors.reconstructions_for_call(call),
        can_reconstruct=access.can(request.user, call.event, "reconstruct"),
    )
    return render(request, "judging/call_detail.html", ctx)


# --------------------------------------------------------------------------- penalties


def _registrations_for_form(event, match: Match | None):
    qs = Registration.objects.filter(event=event).select_related("player")
    if match is not None:
        qs = qs.filter(Q(pk=match.player_a_id) | Q(pk=match.player_b_id))
    else:
        qs = qs.filter(status__in=list(ACTIVE_REGISTRATION_STATUSES))
    return list(qs.order_by("player__display_name"))


def _id_or_404(value) -> int:
    """The id a link or form names; an id that is not a number names nothing (404)."""
    try:
        return whole_number(value, field="id")
    except DomainError:
        raise Http404(_("no such object")) from None


@login_required
def penalty_new(request, slug):
    """Pick the player and infraction; the page shows the recommendation for this REL and the
    player's repeats, then issues (PPG 1.2). ``?call=``, ``?deck_check=``, ``?match=`` link it."""
    event = access.event_for(request.user, slug, "issue_penalties")
    source = request.POST if request.method == "POST" else request.GET
    call = deck_check = match = None
    if source.get("call"):
        call = get_object_or_404(JudgeCall, event=event, pk=_id_or_404(source.get("call")))
        match = call.match
    if source.get("deck_check"):
        deck_check = get_object_or_404(DeckCheck, event=event, pk=_id_or_404(source.get("deck_check")))
        match = deck_check.match
    if source.get("match") and match is None:
        match = get_object_or_404(
            Match.objects.select_related("round"), round__event=event, pk=_id_or_404(source.get("match"))
        )
    registrations = _registrations_for_form(event, match)
    initial = {k: source.get(k) for k in ("registration", "infraction", "variant") if source.get(k)}
    form = forms.PenaltyForm(
        request.POST or None,
        registrations=registrations,
        version=event.ppg_version,
        initial=initial,
        ga=is_ga(event),
    )
    recommendation = None
    entry = None
    reg_id, code = source.get("registration"), source.get("infraction")
    if reg_id and code:
        registration = next((r for r in registrations if str(r.pk) == str(reg_id)), None)
        try:
            if registration is None:
                raise DomainError(_("choose a player of this event"), field="registration")
            recommendation = penalty_services.recommendation_for(
                registration, code, variant=source.get("variant", ""), match=match
            )
            entry = recommendation.infraction
        except DomainError as exc:
            if source.get("step") != "issue":
                messages.error(request, exc.message)
    if request.method == "POST" and request.POST.get("step") == "issue_both" and match is not None:
        form.fields["registration"].required = False
        if form.is_valid():
            data = form.cleaned_data
            try:
                issued = penalty_services.issue_simultaneous_penalties(
                    match,
                    infraction=data["infraction"],
                    judge=request.user,
                    penalty=data["penalty"] or None,
                    deviation_reason=data["deviation_reason"],
                    description=data["description"],
                    game_number=data["game_number"],
                    call=call,
                )
            except DomainError as exc:
                _form_error(request, form, exc)
            else:
                penalty = issued[0].get_penalty_display()
                if not issued[0].simultaneous:
                    text = _("%(penalty)s recorded for both players.") % {"penalty": penalty}
                elif is_ga(event):
                    text = _("%(penalty)s recorded for both players (no game effect).") % {"penalty": penalty}
                else:
                    text = _("%(penalty)s recorded for both players (no game effect, %(cite)s).") % {
                        "penalty": penalty,
                        "cite": "PPG 1.4",
                    }
                messages.success(request, text)
                return redirect("judging:penalties", slug=slug)
    if request.method == "POST" and request.POST.get("step") == "issue" and form.is_valid():
        data = form.cleaned_data
        registration = next((r for r in registrations if r.pk == data["registration"]), None)
        try:
            if registration is None:
                raise DomainError(_("choose a player of this event"), field="registration")
            p = penalty_services.issue_penalty(
                registration,
                infraction=data["infraction"],
                judge=request.user,
                penalty=data["penalty"] or None,
                variant=data["variant"],
                match=match,
                call=call,
                deck_check=deck_check,
                game_number=data["game_number"],
                deviation_reason=data["deviation_reason"],
                description=data["description"],
                statement=data["statement"],
            )
        except DomainError as exc:
            _form_error(request, form, exc)
        else:
            if p.status == PenaltyStatus.PENDING:
                why = "GA Judge Handbook" if is_ga(event) else "PPG 1.2"
                messages.success(
                    request,
                    _("%(penalty)s recorded; waiting for the head judge (%(why)s).")
                    % {"penalty": p.get_penalty_display(), "why": why},
                )
            else:
                messages.success(
                    request,
                    _("%(penalty)s issued to %(display_name)s.")
                    % {"penalty": p.get_penalty_display(), "display_name": registration.player.display_name},
                )
            return redirect("judging:penalty", slug=slug, pk=p.pk)
    if entry is not None:  # once the infraction is known, offer only its own situations
        form.fields["variant"].widget.choices = [("", "Usual case")] + [
            (v.code, v.label) for v in entry.variants
        ]
    needs_hj = None
    if recommendation is not None:
        needs_hj = penalty_services.needs_head_judge(
            event, recommendation.infraction.code, recommendation.penalty
        )
    ctx = _ctx(
        request,
        event,
        form=form,
        recommendation=recommendation,
        entry=entry,
        needs_hj=needs_hj,
        call=call,
        deck_check=deck_check,
        match=match,
    )
    return render(request, "judging/penalty_form.html", ctx)


@login_required
def tardiness(request, slug):
    """PPG 4.1 / 2.3: the judge enters how late the player was; the system picks Minor or Major by
    the REL's thresholds, issues it and extends the table by the delay."""
    event = access.event_for(request.user, slug, "issue_penalties")
    registrations = _registrations_for_form(event, None)
    form = forms.TardinessForm(request.POST or None, registrations=registrations)
    if request.method == "POST" and form.is_valid():
        registration = next(r for r in registrations if r.pk == form.cleaned_data["registration"])
        try:
            p = penalty_services.issue_tardiness(
                registration, judge=request.user, seconds_late=form.seconds()
            )
        except DomainError as exc:
            _form_error(request, form, exc)
        else:
            if p is None:
                messages.success(request, _("Under the threshold: no penalty; the table gets the time back."))
                return redirect("judging:home", slug=slug)
            messages.success(request, f"{p.get_infraction_display()}: {p.get_penalty_display()}.")
            return redirect("judging:penalty", slug=slug, pk=p.pk)
    return render(request, "judging/tardiness.html", _ctx(request, event, form=form))


def _penalty_for(request, slug, pk) -> Penalty:
    p = access.access_penalty(request.user, pk)
    if p.event.slug != slug:
        raise Http404(_("no such penalty at this event"))
    return p


@login_required
def penalty_detail(request, slug, pk):
    p = _penalty_for(request, slug, pk)
    reject_form = forms.RejectForm()
    if request.method == "POST":
        try:
            if request.POST.get("action") == "apply_next":
                penalty_services.apply_deferred_penalty(p, judge=request.user)
                messages.success(request, _("Applied to the player's current match."))
            elif request.POST.get("action") == "confirm":
                penalty_services.confirm_penalty(p, head_judge=request.user)
                messages.success(request, _("Penalty confirmed."))
            elif request.POST.get("action") == "reject":
                reject_form = forms.RejectForm(request.POST)
                if not reject_form.is_valid():
                    raise DomainError(_("say why the penalty is rejected"), field="reason")
                penalty_services.reject_penalty(
                    p, head_judge=request.user, reason=reject_form.cleaned_data["reason"]
                )
                messages.success(request, _("Penalty rejected."))
            else:
                raise DomainError(_("unknown action"))
        except DomainError as exc:
            _form_error(request, reject_form, exc)
        else:
            return redirect("judging:penalty", slug=slug, pk=p.pk)
    decklist = (
        deck_check_services.accepted_decklist(p.registration) if p.infraction == "decklist_error" else None
    )
    ctx = _ctx(request, p.event, penalty=p, reject_form=reject_form, decklist=decklist)
    return render(request, "judging/penalty_detail.html", ctx)


@login_required
def penalty_list(request, slug):
    event = access.event_for(request.user, slug, "read_penalties")
    return render(
        request,
        "judging/penalty_list.html",
        _ctx(request, event, penalties=selectors.penalties_for_event(event)),
    )


# --------------------------------------------------------------------------- deck checks


@login_required
def deck_checks(request, slug):
    """Plan regular checks for a round (TR&P 3.8), start a check, see who still needs one."""
    event = access.event_for(request.user, slug, "run_deck_checks")
    rnd = current_round(event)
    plan_form = forms.PlanForm(initial={"round_number": rnd.number if rnd else 1})
    registrations = list(
        Registration.objects.filter(event=event, status__in=list(ACTIVE_REGISTRATION_STATUSES))
        .select_related("player")
        .order_by("player__display_name")
    )
    new_form = forms.NewDeckCheckForm(registrations=registrations)
    if request.method == "POST":
        form: BaseForm | None = None
        try:
            if request.POST.get("action") == "plan":
                form = plan_form = forms.PlanForm(request.POST)
                if not form.is_valid():
                    raise DomainError(_("give the round number"), field="round_number")
                round_ = Round.objects.filter(event=event, number=form.cleaned_data["round_number"]).first()
                if round_ is None:
                    raise DomainError(_("there is no such round yet"), field="round_number")
                planned = deck_check_services.plan_deck_checks(
                    round_, actor=request.user, rate=form.cleaned_data["rate"]
                )
                messages.success(
                    request,
                    _("%(count)s deck check(s) planned for round %(number)s.")
                    % {"count": len(planned), "number": round_.number},
                )
            else:
                form = new_form = forms.NewDeckCheckForm(request.POST, registrations=registrations)
                if not form.is_valid():
                    raise DomainError(_("choose the player"), field="registration")
                registration = next(r for r in registrations if r.pk == form.cleaned_data["registration"])
                check = deck_check_services.create_deck_check(
                    registration, judge=request.user, kind=form.cleaned_data["kind"]
                )
                return redirect("judging:deck_check", slug=slug, pk=check.pk)
        except DomainError as exc:
            _form_error(request, form, exc)
        else:
            return redirect("judging:deck_checks", slug=slug)
    unchecked_ids = deck_check_services.likely_playoff_unchecked(event)
    unchecked = [r for r in registrations if r.pk in set(unchecked_ids)]
    ctx = _ctx(
        request,
        event,
        checks=selectors.deck_checks_for_event(event),
        plan_form=plan_form,
        new_form=new_form,
        unchecked=unchecked,
    )
    return render(request, "judging/deck_checks.html", ctx)


@login_required
def deck_check_detail(request, slug, pk):
    """Collect, time and compare: listed and presented counts side by side (PPG 4.4-4.5)."""
    check = access.access_deck_check(request.user, pk)
    if check.event.slug != slug:
        raise Http404(_("no such deck check at this event"))
    listed = deck_check_services.listed_counts(check.registration) or {}
    listed_names = sorted(listed, key=str.lower)
    if request.method == "POST":
        try:
            if request.POST.get("action") == "start":
                deck_check_services.start_deck_check(check, judge=request.user)
            else:
                presented = forms.parse_presented(request.POST, listed_names)
                deck_check_services.finish_deck_check(
                    check,
                    judge=request.user,
                    presented=presented,
                    checklist=forms.checklist_from_post(request.POST),
                    findings=request.POST.get("findings", ""),
                )
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            return redirect("judging:deck_check", slug=slug, pk=check.pk)
    rows = [{"index": i, "card": name, "listed": listed[name]} for i, name in enumerate(listed_names)]
    ctx = _ctx(
        request,
        check.event,
        check=check,
        rows=rows,
        items=GA_DECK_CHECK_ITEMS if is_ga(check.event) else DECK_CHECK_ITEMS,
        statuses=DeckCheckStatus,
        suggestions=deck_check_services.deck_check_suggestions(check)
        if check.status == DeckCheckStatus.DONE
        else [],
        decklist=deck_check_services.accepted_decklist(check.registration),
        penalties=check.penalties.all(),
    )
    return render(request, "judging/deck_check_detail.html", ctx)


# --------------------------------------------------------------------------- reports


@login_required
def reports(request, slug):
    """Judge-call statistics and the penalty report for the organizer and head judge."""
    event = access.event_for(request.user, slug, "see_reports")
    ctx = _ctx(
        request, event, stats=selectors.call_statistics(event), rows=selectors.penalty_report_rows(event)
    )
    return render(request, "judging/reports.html", ctx)


@login_required
def report_csv(request, slug):
    event = access.event_for(request.user, slug, "see_reports")
    response = HttpResponse(selectors.penalty_report_csv(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-penalties.csv"'
    return response


#: Above this many penalties the PDF is rendered by Celery and served from the stored file.
INLINE_PDF_LIMIT = 100


@login_required
def report_pdf(request, slug):
    """The PenaltyReport document in the asker's language; large reports come from the
    background task (stored with the asker's language)."""
    event = access.event_for(request.user, slug, "see_reports")
    count = selectors.penalties_for_event(event).count()
    if count <= INLINE_PDF_LIMIT:
        return pdf_response(PenaltyReport(event, requested_language(request.user)))
    generated = tasks.penalty_report_file(event, requested_by=request.user)
    if generated.status != "done" or not generated.file:
        return render(request, "judging/report_pending.html", _ctx(request, event, count=count), status=202)
    return stored_pdf_response(generated)


# --------------------------------------------------------------------------- players and catalogue


@login_required
def player_history(request, player_id):
    """A player's penalties across events (own only, or an official of an event they entered)."""
    player = access.access_player_history(request.user, player_id)
    return render(
        request,
        "judging/player_history.html",
        {
            "player": player,
            "penalties": access.penalties_for_viewer(request.user, player),
            "is_self": player.user_id == request.user.pk,
            "reconstructions": (
                selectors.closed_reconstructions_for_player(player)
                if player.user_id == request.user.pk
                else []
            ),
        },
    )


@login_required
def my_calls(request, slug):
    """The judge calls at the player's own table, each with its ruling once given (TR&P 3.9)."""
    event = event_for_viewer(request.user, slug)
    return render(
        request,
        "judging/my_calls.html",
        {"event": event, "calls": access.calls_at_my_table(request.user, event)},
    )


@login_required
def my_penalties(request):
    player = PlayerProfile.objects.filter(user=request.user).first()
    if player is None:
        raise Http404(_("your account has no player profile"))
    return redirect("judging:player", player_id=player.player_id)


def catalogue_page(request):
    """PPG Appendix A with the per-REL columns (public). Opened for a Grand Archive event
    (``?event=``), the GA IPG infractions our codes map to and their base penalties instead:
    a GA event's players and staff never see the FaB PPG there."""
    slug = request.GET.get("event")
    event = None
    if slug:
        try:
            event = event_by_slug(slug)
        except Http404:
            event = None
    # A draft event's name stays with its staff; its game still picks the table.
    name = event.name if event is not None and event_is_visible(request.user, event) else ""
    if event is not None and is_ga(event):
        ga_rows, ga_unmapped = catalogue.ga_catalogue(event.ppg_version)
        return render(
            request,
            "judging/catalogue.html",
            {"event_name": name, "ga": True, "ga_rows": ga_rows, "ga_unmapped": ga_unmapped},
        )
    return render(
        request,
        "judging/catalogue.html",
        {
            "event_name": name,
            "ga": False,
            "items": catalogue.catalogue(),
            "labels": catalogue.PENALTY_LABELS,
            "rel": event.rel if event is not None else None,
        },
    )
