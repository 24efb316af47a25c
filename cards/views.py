"""Card search and detail pages (public); the staff page recording bans announced after the data."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import DomainError
from rules_engine.cards import PITCH_COLOURS

from . import selectors, services
from .models import RecordedStatus

PAGE_SIZE = 50


def _release(request, game: str = "fab"):
    return selectors.release_or_active(
        request.GET.get("release") or None, game=request.GET.get("game") or game
    )


def card_search(request):
    """/cards/: search by name, class, talent, type, pitch and format legality."""
    filters = {f: request.GET.get(f, "").strip() for f in selectors.SEARCH_FIELDS}
    context: dict[str, Any] = {
        "filters": filters,
        "error": "",
        "page": None,
        "release": None,
        "releases": selectors.releases(),
        "facets": {},
    }
    try:
        release = _release(request)
        context["release"] = release
        context["facets"] = selectors.facet_choices(release)
        qs = selectors.search_cards(release, **filters).only(
            "identifier", "name", "pitch", "type_text", "classes_text", "talents_text", "data"
        )
        context["page"] = Paginator(qs, PAGE_SIZE).get_page(request.GET.get("page"))
    except DomainError as exc:
        context["error"] = exc.message
    query = request.GET.copy()
    query.pop("page", None)
    context["query_string"] = query.urlencode()
    return render(
        request,
        "cards/card_search.html",
        context,
        status=400 if context["error"] and context["release"] is not None else 200,
    )


def card_detail(request, identifier: str):
    """/cards/<identifier>/: every stat, printings with rarity, legality per format, text."""
    try:
        release = _release(request)
        db = selectors.card_database(release)
    except DomainError as exc:
        return render(
            request,
            "cards/card_search.html",
            {"error": exc.message, "filters": {}, "facets": {}, "releases": selectors.releases()},
            status=404,
        )
    card = db.by_identifier(identifier)
    if card is None:
        raise Http404(
            _("No card %(identifier)s in %(label)s")
            % {"identifier": repr(identifier), "label": release.label}
        )
    legality = []
    for fmt in sorted({e.format for e in card.legality_history} | set(card.legal_formats)):
        legality.append(
            {
                "format": fmt,
                "legal": fmt in card.legal_formats,
                "events": [e for e in card.legality_history if e.format == fmt],
            }
        )
    variants = [c for c in db.variants(card.name) if c.identifier != card.identifier]
    return render(
        request,
        "cards/card_detail.html",
        {
            "card": card,
            "release": release,
            "legality": legality,
            "variants": variants,
            "colour": PITCH_COLOURS.get(card.pitch) if card.pitch is not None else None,
            "printings": sorted(card.printings, key=lambda p: (p.set_code, p.id)),
        },
    )


def _parse_day(value: str, field: str) -> date | None:
    if not (value or "").strip():
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise DomainError(_("%(field)s must be a date YYYY-MM-DD") % {"field": field}, field=field) from None


def recorded_statuses(request):
    """/cards/statuses/ (staff): bans, suspensions, restrictions and living legends announced
    after the newest card data; recording one goes through ``services.record_status`` (audited)."""
    if not services.can_record_statuses(request.user):
        raise PermissionDenied(_("Only staff record card statuses."))
    error = ""
    form = {
        k: request.POST.get(k, "")
        for k in (
            "game",
            "card_name",
            "pitch",
            "format",
            "status",
            "effective_from",
            "effective_until",
            "source_url",
            "note",
        )
    }
    if request.method == "POST":
        try:
            pitch = form["pitch"].strip()
            start = _parse_day(form["effective_from"], "effective_from")
            if start is None:
                raise DomainError(_("give the date the status takes effect"), field="effective_from")
            services.record_status(
                actor=request.user,
                card_name=form["card_name"],
                format_code=form["format"],
                status=form["status"],
                effective_from=start,
                effective_until=_parse_day(form["effective_until"], "effective_until"),
                source_url=form["source_url"],
                pitch=int(pitch) if pitch in ("0", "1", "2", "3") else None,
                game=form["game"] or "fab",
                note=form["note"],
            )
        except DomainError as exc:
            error = exc.message
        else:
            messages.success(request, _("Status recorded; lists checked from now on apply it from its date."))
            return redirect("cards:statuses")
    return render(
        request,
        "cards/recorded_statuses.html",
        {
            "rows": RecordedStatus.objects.order_by("-recorded_at")[:200],
            "statuses": RecordedStatus.STATUS_CHOICES,
            "form": form,
            "error": error,
        },
        status=400 if error else 200,
    )
