"""The day plan page: organizers and head judges edit the days of a multi-day event (TR&P App A, B)."""

from __future__ import annotations

from django import forms as djforms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.errors import DomainError, NotAllowed

from .. import access, services
from ..day_plan import cut_line, day_plan_for_event, default_day_plan, is_multi_day, saved_days
from ..enums import REL
from ._common import _forbidden


class DayForm(djforms.Form):
    """One day: every field may be left empty in the form; the service says what is missing."""

    date = djforms.DateField(required=False, widget=djforms.DateInput(attrs={"type": "date"}))
    rel = djforms.ChoiceField(label=gettext_lazy("REL"), required=False, choices=[("", "–"), *REL.choices])
    swiss_rounds = djforms.IntegerField(
        label=gettext_lazy("Swiss rounds"), required=False, min_value=1, max_value=30
    )
    cut_size = djforms.IntegerField(
        label=gettext_lazy("Cut: top N"), required=False, min_value=2, max_value=4096
    )
    cut_max_losses = djforms.IntegerField(
        label=gettext_lazy("Cut: X-N"), required=False, min_value=0, max_value=30
    )

    def is_blank(self) -> bool:
        return all(self.cleaned_data.get(k) in (None, "") for k in self.fields)


DayFormSet = djforms.formset_factory(DayForm, extra=0, max_num=7, absolute_max=7)


def _initial(event) -> tuple[list[dict], str]:
    saved = saved_days(event)
    if saved:
        return saved, "saved"
    return default_day_plan(event), "default"


def staff_days(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the day plan (the saved one, else the App B multi-day default) as a form with one
    empty row to add a day. POST ``op=save``: save it (rows left empty are dropped, the rest
    numbered in order); ``op=default``: remove the saved plan (the App B default applies)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="change_event")
    initial, source = _initial(event)
    if request.method == "POST":
        formset = DayFormSet(request.POST, prefix="day")
    else:
        formset = DayFormSet(initial=[*initial, {}], prefix="day")
    error = ""
    if request.method == "POST":
        try:
            if request.POST.get("op") == "default":
                services.set_event_days(event, actor=request.user, days=[])
                messages.success(
                    request, _("Saved day plan removed: the default plan for this attendance applies.")
                )
                return redirect(reverse("tournament:staff_days", args=[event.slug]))
            if formset.is_valid():
                rows = [f.cleaned_data for f in formset.forms if f.cleaned_data and not f.is_blank()]
                days = [{**row, "number": n} for n, row in enumerate(rows, start=1)]
                services.set_event_days(event, actor=request.user, days=days)
                messages.success(
                    request,
                    ngettext("Day plan saved: %(count)s day.", "Day plan saved: %(count)s days.", len(days))
                    % {"count": len(days)},
                )
                return redirect(reverse("tournament:staff_days", args=[event.slug]))
            error = _("Check the marked fields.")
        except NotAllowed as exc:
            return _forbidden(request, exc.message)
        except DomainError as exc:
            error = exc.message
    try:
        plan = day_plan_for_event(event)
        plan_error = ""
    except DomainError as exc:
        plan, plan_error = None, exc.message
    context = {
        "event": event,
        "formset": formset,
        "source": source,
        "plan": plan,
        "plan_error": plan_error,
        "error": error,
    }
    return render(request, "tournament/days.html", context, status=400 if error else 200)


def public_days(event, rounds) -> dict | None:
    """The days of a multi-day event for its public page: each day's REL, rounds and cut, the
    current day, and the latest cut (who advanced). None for a single-day event; a saved plan
    that is incomplete shows nothing here (staff see why on the day plan page)."""
    if not is_multi_day(event) and not any(r.day > 1 for r in rounds):
        return None  # a single-day event (no query for its days: the page's query budget)
    try:
        plan = day_plan_for_event(event)
    except DomainError:
        return None
    if plan is None:
        return None
    current = max((r.day for r in rounds), default=None)
    return {"plan": plan, "current": current, "cut": cut_line(event, plan)}
