"""Public pages of the rules reference (no login): documents, contents, rules, search, glossary, compare."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .enums import DocumentKind
from .models import RulesDocument
from .rendering import document_index, render_rule_text
from .selectors import (
    DocumentNotFound,
    all_documents,
    any_documents_of,
    compare_documents,
    document_for,
    glossary_for,
    rule_context,
    search_rules,
    toc_for_document,
)
from .services import default_seeds_folder

COMPARE_PAGE_SIZE = 150


class _NotFound(Exception):
    def __init__(self, message: str, *, missing_kind: str = "") -> None:
        super().__init__(message)
        self.missing_kind = missing_kind  # a document kind with no edition imported at all


_SHORT_LABELS = {"cr": "CR", "trp": "TR&P", "ppg": "PPG", "ga": "GA"}


def _document_or_404(doc: str, version: str | None) -> RulesDocument:
    if doc not in DocumentKind.values:
        raise _NotFound(
            _("There is no rules document called %(doc)s: try cr, trp, ppg or ga.") % {"doc": repr(doc)}
        )
    try:
        return document_for(doc, version or None)
    except DocumentNotFound as exc:
        missing = "" if any_documents_of(doc) else doc
        raise _NotFound(f"{exc}.", missing_kind=missing) from exc


def _not_found(request: HttpRequest, message: str, q: str = "", missing_kind: str = "") -> HttpResponse:
    context: dict = {"message": message, "q": q}
    if missing_kind:
        # A clone without the rules documents: the citation stays readable, with what to run.
        context.update(
            {
                "missing_document": DocumentKind(missing_kind).label,
                "citation": f"{_SHORT_LABELS[missing_kind]} {q}".strip(),
                "seeds_folder": default_seeds_folder(),
            }
        )
    return render(request, "reference/not_found.html", context, status=404)


def _answers_404(view):
    """Unknown documents, versions and rules get a page naming the problem (with a search box)."""

    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except _NotFound as exc:
            return _not_found(request, str(exc), kwargs.get("number", ""), exc.missing_kind)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    documents = list(all_documents())
    context = {"documents": documents, "kinds": DocumentKind.choices}
    if not documents:
        context["seeds_folder"] = default_seeds_folder()
    return render(request, "reference/index.html", context)


@require_GET
def search(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")
    kind = request.GET.get("doc") or None
    results = search_rules(q, kind=kind)
    exact = [h for h in results.hits if h.exact]
    if results.number_query and len(exact) == 1 and request.GET.get("go") == "1":
        hit = exact[0]
        return redirect(_rule_href(hit.document, hit.rule.number))
    return render(
        request,
        "reference/search.html",
        {"results": results, "q": q, "doc": kind or "", "kinds": DocumentKind.choices},
    )


def _rule_href(document, number: str) -> str:
    url = reverse("reference:rule", kwargs={"doc": document.kind, "number": number})
    return url if document.is_current else f"{url}?version={document.version}"


@require_GET
@_answers_404
def toc(request: HttpRequest, doc: str, version: str | None = None) -> HttpResponse:
    document = _document_or_404(doc, version or request.GET.get("version"))
    headings = toc_for_document(document)
    versions = [d for d in all_documents() if d.kind == document.kind]
    return render(
        request, "reference/toc.html", {"document": document, "headings": headings, "versions": versions}
    )


@require_GET
@_answers_404
def rule_detail(request: HttpRequest, doc: str, number: str, version: str | None = None) -> HttpResponse:
    document = _document_or_404(doc, version or request.GET.get("version"))
    ctx = rule_context(document, number)
    if ctx is None:
        raise _NotFound(
            _("%(short_label)s %(version)s has no rule %(number)s.")
            % {"short_label": document.short_label, "version": document.version, "number": number}
        )
    index_ = document_index(document)
    linked: set[str] = set()
    body = [(r, render_rule_text(r.text, index_, linked_terms=linked)) for r in ctx.body]
    href = index_.rule_href
    return render(
        request,
        "reference/rule.html",
        {
            "ctx": ctx,
            "document": document,
            "body": body,
            "ancestors": [(r, href(r.number)) for r in ctx.ancestors],
            "children": [(r, href(r.number)) for r in ctx.children] if len(ctx.body) == 1 else [],
            "previous": (ctx.previous, href(ctx.previous.number)) if ctx.previous else None,
            "next": (ctx.next, href(ctx.next.number)) if ctx.next else None,
            "versions": [(d, _rule_href(d, ctx.rule.number)) for d in ctx.versions],
            "compare_versions": list(ctx.versions),
        },
    )


@require_GET
@_answers_404
def glossary(request: HttpRequest, doc: str) -> HttpResponse:
    document = _document_or_404(doc, request.GET.get("version"))
    index_ = document_index(document)
    terms = [
        (t, render_rule_text(t.definition.replace("\n", "\n\n"), index_, link_glossary=False))
        for t in glossary_for(document)
    ]
    letters: dict[str, str] = {}
    for t, _html in terms:
        first = t.term.lstrip("(")[:1].upper()
        if first.isalpha():
            letters.setdefault(first, t.slug)
    return render(
        request,
        "reference/glossary.html",
        {"document": document, "terms": terms, "letters": sorted(letters.items())},
    )


@require_GET
def compare(request: HttpRequest, doc: str) -> HttpResponse:
    if doc not in DocumentKind.values:
        return _not_found(
            request,
            _("There is no rules document called %(doc)s: try cr, trp, ppg or ga.") % {"doc": repr(doc)},
        )
    versions = [d for d in all_documents() if d.kind == doc]
    old_v, new_v = request.GET.get("from", ""), request.GET.get("to", "")
    status = request.GET.get("show") or None
    if status not in (None, "added", "removed", "changed"):
        status = None
    error = ""
    comparison = None
    if old_v or new_v:
        by_version = {d.version: d for d in versions}
        if old_v not in by_version or new_v not in by_version:
            error = (
                _("Choose two imported versions: ") + ", ".join(by_version)
                if by_version
                else _("No versions imported.")
            )
        elif old_v == new_v:
            error = _("Choose two different versions.")
        else:
            comparison = compare_documents(by_version[old_v], by_version[new_v], status=status)
    page = Paginator(comparison.changes if comparison else [], COMPARE_PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "reference/compare.html",
        {
            "doc": doc,
            "versions": versions,
            "comparison": comparison,
            "page": page,
            "error": error,
            "from": old_v,
            "to": new_v,
            "show": status or "",
        },
        status=400 if error else 200,
    )
