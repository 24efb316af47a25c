"""Card search and detail pages (public)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from core.errors import DomainError
from rules_engine.cards import PITCH_COLOURS

from . import selectors

PAGE_SIZE = 50


def _release(request, game: str = "fab"):
    return selectors.release_or_active(
        request.GET.get("release") or None, game=request.GET.get("game") or game
    )


def card_search(request):
    """/cards/: search by name, class, talent, type, pitch and format legality."""
    filters = {f: request.GET.get(f, "").strip() for f in selectors.SEARCH_FIELDS}
    context = {
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
        raise Http404(f"No card {identifier!r} in {release.label}")
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
