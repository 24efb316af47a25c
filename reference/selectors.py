"""Reads for the rules reference: documents, tables of contents, rules in context, search, compare."""

from __future__ import annotations

import difflib
import html
import re
import unicodedata
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank
from django.db.models import Count, F, Q, QuerySet
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .citations import NUMBER_RE, Citation, parse_citation
from .enums import DocumentKind
from .models import GlossaryTerm, Rule, RulesDocument
from .symbols import symbols_html

SEARCH_LIMIT = 50
HEADLINE_HITS = 12  # ts_headline is costly: the first screenfuls get it, the rest Python highlighting
HIT_FIELDS = (
    "id",
    "number",
    "title",
    "text",
    "order",
    "depth",
    "document_id",
    "document__kind",
    "document__version",
    "document__is_current",
    "document__title",
)
MAX_QUERY_LENGTH = 200
_WORD = re.compile(r"[\w’'-]+", re.UNICODE)
_STOPWORDS = {
    "a",
    "an",
    "the",
    "of",
    "to",
    "and",
    "or",
    "in",
    "on",
    "is",
    "it",
    "be",
    "by",
    "for",
    "if",
    "at",
    "as",
}


class DocumentNotFound(Exception):
    """No such document kind or version."""


def all_documents() -> QuerySet[RulesDocument]:
    return RulesDocument.objects.order_by("kind", "-is_current", "-imported_at")


def any_documents() -> bool:
    """Whether any rules document is imported."""
    return RulesDocument.objects.exists()


def any_documents_of(kind: str) -> bool:
    """Whether any edition of the document ``kind`` is imported."""
    return RulesDocument.objects.filter(kind=(kind or "").lower()).exists()


def document_for(kind: str, version: str | None = None) -> RulesDocument:
    """The current edition of ``kind``, or the named ``version``; DocumentNotFound otherwise."""
    qs = RulesDocument.objects.filter(kind=(kind or "").lower())
    doc = qs.filter(version=version).first() if version else qs.filter(is_current=True).first()
    if doc is None and not version:
        doc = qs.order_by("-imported_at").first()
    if doc is None:
        raise DocumentNotFound(f"No rules document {kind!r}" + (f" version {version!r}" if version else ""))
    return doc


def toc_for_document(document: RulesDocument) -> list[Rule]:
    """Chapters, sections and sub-sections of a document in reading order (one query)."""
    return list(
        Rule.objects.filter(document=document, is_heading=True)
        .only("id", "number", "title", "depth", "anchor", "order", "document_id")
        .order_by("order")
    )


@dataclass
class RuleContext:
    document: RulesDocument
    rule: Rule
    ancestors: list[Rule]
    body: list[Rule]
    children: list[Rule]
    previous: Rule | None
    next: Rule | None
    versions: list[RulesDocument] = field(default_factory=list)


def find_rule(document: RulesDocument, number: str) -> Rule | None:
    number = (number or "").strip().rstrip(".")
    rule = Rule.objects.filter(document=document, number=number).first()
    if rule is None and number.lower() != number:
        rule = Rule.objects.filter(document=document, number=number.lower()).first()
    if rule is None:
        rule = Rule.objects.filter(document=document, number__iexact=number).first()
    return rule


def rule_context(document: RulesDocument, number: str) -> RuleContext | None:
    """A rule with its ancestors, its whole sub-tree (for reading), children, previous and next."""
    rule = find_rule(document, number)
    if rule is None:
        return None
    ancestors: list[Rule] = []
    by_id: dict[int, Rule] = {}
    if rule.parent_id:
        # all rules of a document are few (under 2,000): fetch the skeleton once instead of walking up
        by_id = {
            r.pk: r
            for r in Rule.objects.filter(document=document, depth__lt=rule.depth).only(
                "id", "number", "title", "parent_id", "depth", "document_id"
            )
        }
        pid: int | None = rule.parent_id
        while pid and pid in by_id:
            ancestors.insert(0, by_id[pid])
            pid = by_id[pid].parent_id
    # the sub-tree is the run of following rules deeper than this one
    following = list(
        Rule.objects.filter(document=document, order__gt=rule.order)
        .only(
            "id",
            "number",
            "title",
            "text",
            "depth",
            "order",
            "is_heading",
            "anchor",
            "parent_id",
            "document_id",
        )
        .order_by("order")[:600]
    )
    body = [rule]
    for r in following:
        if r.depth <= rule.depth:
            break
        body.append(r)
    if rule.depth == 0 and len(body) > 80:
        body = [rule]  # a whole chapter is too long for a phone: list its sections instead
    children = [r for r in following[: len(body) + 600] if r.parent_id == rule.pk]
    # headings step to the next heading of the same level, rules to the next rule in reading order
    siblings = Rule.objects.filter(document=document).only("id", "number", "title", "order")
    if rule.is_heading:
        siblings = siblings.filter(depth=rule.depth, is_heading=True)
    previous = siblings.filter(order__lt=rule.order).order_by("-order").first()
    nxt = siblings.filter(order__gt=rule.order).order_by("order").first()
    versions = list(
        RulesDocument.objects.filter(kind=document.kind, rules__number=rule.number)
        .exclude(pk=document.pk)
        .order_by("-is_current", "version")
    )
    return RuleContext(document, rule, ancestors, body, children, previous, nxt, versions)


def rule_for_citation(citation: str | Citation | None) -> Rule | None:
    """The Rule a citation ("CR 1.1.3b", "TR&P'23 3.4") points at in the imported documents, or None."""
    cit = citation if isinstance(citation, Citation) else parse_citation(citation)
    if cit is None:
        return None
    try:
        document = document_for(cit.doc, cit.version)
    except DocumentNotFound:
        return None
    return Rule.objects.filter(document=document, number=cit.number).select_related("document").first()


def _suggest_number(document: RulesDocument, number: str) -> str | None:
    """The nearest number of ``document`` to an unknown ``number``: a close spelling, else the
    nearest enclosing rule (``1.1.3z`` -> ``1.1.3``), else None."""
    numbers = list(Rule.objects.filter(document=document).values_list("number", flat=True))
    if not numbers:
        return None
    close = difflib.get_close_matches(number, numbers, n=1, cutoff=0.75)
    if close:
        return close[0]
    known = set(numbers)
    trimmed = number
    while trimmed:
        trimmed = re.sub(r"(\.[^.]*|[a-z])$", "", trimmed, flags=re.IGNORECASE)
        if trimmed in known:
            return trimmed
        if "." not in trimmed and not re.search(r"[a-z]$", trimmed, re.IGNORECASE):
            break
    return None


def citation_problem(text: str) -> str | None:
    """Why the citation ``text`` ("CR 1.1.3b", "TR&P'23 3.4") cannot be accepted, with a
    suggestion of the nearest rule, or None when it names a rule of the imported document.

    A citation of a document that was never imported cannot be checked and is not refused."""
    cit = parse_citation(text)
    if cit is None:
        return f"{text!r} is not a rule number such as 'CR 1.1.3b', 'TR&P 3.2' or 'PPG 4.4'"
    try:
        document = document_for(cit.doc, cit.version)
    except DocumentNotFound:
        return None
    if len(cit.number) == 1 and cit.number.isalpha():  # an appendix ("TR&P App. E")
        return None
    if find_rule(document, cit.number) is not None:
        return None
    where = f"{cit.label().rsplit(' ', 1)[0]} {document.version}"
    message = f"{text} is not a rule of {where}"
    suggestion = _suggest_number(document, cit.number)
    if suggestion is not None:
        message += f"; did you mean {Citation(cit.doc, suggestion, cit.version).label()}?"
    return message


def glossary_for(document: RulesDocument) -> list[GlossaryTerm]:
    return list(GlossaryTerm.objects.filter(document=document).order_by("order"))


# --------------------------------------------------------------------------------------------
# Search
# --------------------------------------------------------------------------------------------


@dataclass
class SearchHit:
    rule: Rule
    document: RulesDocument
    snippet: SafeString
    exact: bool = False


@dataclass
class SearchResults:
    query: str
    hits: list[SearchHit]
    words: list[str]
    number_query: bool
    error: str = ""
    glossary: list[GlossaryTerm] = field(default_factory=list)


def _word_pattern(words: list[str]) -> re.Pattern | None:
    if not words:
        return None
    alternation = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"\b(?:{alternation})\w*", re.IGNORECASE)


def _highlight(text: str, words: list[str] | re.Pattern | None, *, width: int = 240) -> SafeString:
    """Escape ``text`` and wrap each word that starts with a query word in <mark> (text is data)."""
    if not text:
        return mark_safe("")
    pattern = _word_pattern(words) if isinstance(words, list) else words
    start = 0
    if pattern is not None:
        m = pattern.search(text)
        start = max(0, (m.start() if m else 0) - width // 3)
    if start:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 30 else start
    snippet = text[start : start + width]
    prefix = "… " if start else ""
    suffix = " …" if start + width < len(text) else ""
    if pattern is None:
        return mark_safe(symbols_html(prefix + html.escape(snippet) + suffix))
    out: list[str] = []
    pos = 0
    for m in pattern.finditer(snippet):
        out.append(html.escape(snippet[pos : m.start()]))
        out.append("<mark>" + html.escape(m.group(0)) + "</mark>")
        pos = m.end()
    out.append(html.escape(snippet[pos:]))
    return mark_safe(symbols_html(prefix + "".join(out) + suffix))


_START, _STOP = "\u0001", "\u0003"


def _headline_to_html(headline: str) -> SafeString:
    """SearchHeadline output with sentinel markers -> escaped HTML with <mark> tags."""
    escaped = html.escape(headline or "", quote=True)
    return mark_safe(symbols_html(escaped.replace(_START, "<mark>").replace(_STOP, "</mark>")))


def _search_documents(kind: str | None) -> QuerySet[RulesDocument]:
    qs = RulesDocument.objects.filter(is_current=True)
    if kind:
        qs = qs.filter(kind=kind)
    return qs


def search_rules(
    query: str, *, kind: str | None = None, version: str | None = None, limit: int = SEARCH_LIMIT
) -> SearchResults:
    """Search the current editions by rule number ("1.1.3b", "CR 1.1.3b", "tr&p 3.2") or by words.

    Word search uses PostgreSQL full-text search (ranked, GIN index) when available and a LIKE
    match on every word elsewhere. Snippets are escaped, with matched words in <mark>.
    """
    q = " ".join((query or "").split())[:MAX_QUERY_LENGTH]
    if not q:
        return SearchResults(q, [], [], False)
    if kind and kind not in DocumentKind.values:
        return SearchResults(q, [], [], False, error=_("Unknown document %(kind)s.") % {"kind": repr(kind)})
    citation = parse_citation(q)
    bare = q.rstrip(".")
    if citation is not None or NUMBER_RE.match(bare):
        hits = _number_hits(citation, bare, kind=kind, version=version, limit=limit)
        if hits or citation is not None:
            return SearchResults(q, hits, [], True)
    words = [w.lower() for w in _WORD.findall(q) if w.lower() not in _STOPWORDS][:10]
    if not words:
        return SearchResults(q, [], [], False, error=_("Type a rule number or some words."))
    if settings.IS_POSTGRES:
        hits = _postgres_hits(q, words, kind=kind, version=version, limit=limit)
    else:
        hits = _fallback_hits(words, kind=kind, version=version, limit=limit)
    return SearchResults(q, hits, words, False, glossary=_glossary_hits(q, kind=kind))


def _glossary_hits(q: str, *, kind: str | None, limit: int = 4) -> list[GlossaryTerm]:
    """Glossary entries whose term starts with the query ("go again" -> Go Again), exact ones first."""
    terms = (
        GlossaryTerm.objects.filter(document__in=_search_documents(kind), term__istartswith=q)
        .select_related("document")
        .order_by("document__kind", "order")[: limit * 3]
    )
    return sorted(terms, key=lambda t: (t.term.lower() != q.lower(), len(t.term)))[:limit]


def _docs_filter(kind: str | None, version: str | None) -> Q:
    if version and kind:
        return Q(document__kind=kind, document__version=version)
    return Q(document__in=_search_documents(kind))


def _number_hits(citation, bare: str, *, kind, version, limit) -> list[SearchHit]:
    if citation is not None:
        kind = citation.doc
        version = citation.version or version
        number = citation.number
    else:
        number = bare
    filt = _docs_filter(kind, version) if (kind or version) else Q(document__is_current=True)
    exact = Q(number__in={number, number.lower()})
    base = Rule.objects.filter(filt).select_related("document").only(*HIT_FIELDS)
    rules = list(base.filter(exact).order_by("document__kind")[:limit])
    hits = [SearchHit(r, r.document, _highlight(r.text, None), exact=True) for r in rules]
    room = limit - len(rules)
    if rules and room > 0:
        # then the rules under each hit (1.1 -> 1.1.1, 1.1.1a ...): the run of deeper rules that follow it
        ranges = Q()
        for r in rules:
            ranges |= Q(
                document_id=r.document_id,
                order__gt=r.order,
                order__lte=r.order + room,
                number__startswith=r.number,
            )
        following = list(
            Rule.objects.filter(ranges)
            .select_related("document")
            .only(*HIT_FIELDS)
            .order_by("document__kind", "order")
        )
        for r in rules:
            for f in (x for x in following if x.document_id == r.document_id and x.order > r.order):
                if f.depth <= r.depth or len(hits) >= limit:
                    break
                hits.append(SearchHit(f, f.document, _highlight(f.text, None)))
    return hits


def _fallback_hits(words: list[str], *, kind, version, limit) -> list[SearchHit]:
    qs = Rule.objects.filter(_docs_filter(kind, version)).select_related("document").only(*HIT_FIELDS)
    for w in words:
        qs = qs.filter(Q(text__icontains=w) | Q(title__icontains=w))
    rules = list(qs.order_by("document__kind", "order")[: limit * 3])

    whole_words = [re.compile(rf"\b{re.escape(w)}\b") for w in words]
    phrase = " ".join(words)

    def score(r: Rule) -> tuple:
        title = r.title.lower()
        hay = f"{title} {r.text}".lower()
        whole = sum(1 for p in whole_words if p.search(hay))
        density = sum(hay.count(w) for w in words) / (1 + len(hay) / 400)
        # a rule titled with the words (a keyword's definition) first, then the exact phrase
        return (-(phrase in title), -whole, -(phrase in hay), -density, r.document.kind, r.order)

    rules.sort(key=score)
    pattern = _word_pattern(words)
    return [SearchHit(r, r.document, _highlight(r.text or r.title, pattern)) for r in rules[:limit]]


def _postgres_hits(q: str, words: list[str], *, kind, version, limit) -> list[SearchHit]:
    query = SearchQuery(" ".join(words), config="english", search_type="plain")
    qs = (
        Rule.objects.filter(_docs_filter(kind, version))
        .filter(search_vector=query)
        .select_related("document")
        .only(*HIT_FIELDS)
        .annotate(rank=SearchRank(F("search_vector"), query))
        .order_by("-rank", "document__kind", "order")[:limit]
    )
    ids = [r.pk for r in qs]
    rules = {r.pk: r for r in qs}
    heads = (
        dict(
            Rule.objects.filter(pk__in=ids[:HEADLINE_HITS])
            .annotate(
                headline=SearchHeadline(
                    "text",
                    query,
                    config="english",
                    start_sel=_START,
                    stop_sel=_STOP,
                    max_words=40,
                    min_words=15,
                    max_fragments=2,
                    fragment_delimiter=" … ",
                )
            )
            .values_list("pk", "headline")
        )
        if ids
        else {}
    )
    hits = []
    pattern = _word_pattern(words)
    for pk in ids:
        r = rules[pk]
        if r.text and pk in heads and not re.search(r"[<>&]", r.text):
            snippet = _headline_to_html(heads.get(pk, ""))
        else:
            # ts_headline drops anything that looks like markup; such text is shown as written
            snippet = _highlight(r.text or r.title, pattern)
        hits.append(SearchHit(r, r.document, snippet))
    if not hits:
        # stemming may miss partial words ("pitc"): fall back to LIKE
        return _fallback_hits(words, kind=kind, version=version, limit=limit)
    return hits


# --------------------------------------------------------------------------------------------
# Compare
# --------------------------------------------------------------------------------------------


@dataclass
class RuleChange:
    number: str
    status: str  # added | removed | changed
    old: Rule | None
    new: Rule | None
    diff_html: SafeString = mark_safe("")


@dataclass
class Comparison:
    old: RulesDocument
    new: RulesDocument
    changes: list[RuleChange]
    unchanged: int
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, status: str) -> int:
        return sum(1 for c in self.changes if c.status == status)


def _norm(s: str) -> str:
    """Typography that differs between a PDF and a web copy (quotes, ™, bullets) is not a change."""
    s = (
        unicodedata.normalize("NFKC", s)
        .replace("’", "'")
        .replace("‘", "'")
        .replace("“", '"')
        .replace("”", '"')
    )
    return " ".join(s.replace("•", "-").split())


def word_diff(old: str, new: str, *, context: int | None = None) -> SafeString:
    """An escaped word-level diff: removed words in <del>, added words in <ins>.

    With ``context``, long unchanged stretches keep only that many words on each side of a change.
    """
    a, b = old.split(), new.split()
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    out: list[str] = []
    for n, (op, i1, i2, j1, j2) in enumerate(ops):
        if op == "equal":
            words = a[i1:i2]
            if context is not None and len(words) > 2 * context + 3:
                head = words[:context] if n > 0 else []
                tail = words[-context:] if n < len(ops) - 1 else []
                out.append(
                    " ".join(filter(None, [html.escape(" ".join(head)), "…", html.escape(" ".join(tail))]))
                )
            else:
                out.append(html.escape(" ".join(words)))
        if op in ("delete", "replace"):
            out.append("<del>" + html.escape(" ".join(a[i1:i2])) + "</del>")
        if op in ("insert", "replace"):
            out.append("<ins>" + html.escape(" ".join(b[j1:j2])) + "</ins>")
    return mark_safe(symbols_html(" ".join(out)))


def compare_documents(old: RulesDocument, new: RulesDocument, *, status: str | None = None) -> Comparison:
    """Rule-by-rule comparison of two versions by number: added, removed, changed (word diff)."""
    fields = ("id", "number", "title", "text", "order", "anchor", "document_id")
    a = {r.number: r for r in Rule.objects.filter(document=old).only(*fields)}
    b = {r.number: r for r in Rule.objects.filter(document=new).only(*fields)}
    changes: list[RuleChange] = []
    unchanged = 0
    for number, r in sorted(b.items(), key=lambda kv: kv[1].order):
        if number not in a:
            changes.append(RuleChange(number, "added", None, r))
            continue
        o = a[number]
        if _norm(o.text) == _norm(r.text) and _norm(o.title) == _norm(r.title):
            unchanged += 1
            continue
        diff = word_diff(_norm(f"{o.title} {o.text}"), _norm(f"{r.title} {r.text}"), context=12)
        changes.append(RuleChange(number, "changed", o, r, diff))
    for number, o in sorted(a.items(), key=lambda kv: kv[1].order):
        if number not in b:
            changes.append(RuleChange(number, "removed", o, None))
    counts = {s: sum(1 for c in changes if c.status == s) for s in ("added", "removed", "changed")}
    if status:
        changes = [c for c in changes if c.status == status]
    return Comparison(old, new, changes, unchanged, counts)


def document_summaries() -> list[RulesDocument]:
    return list(
        RulesDocument.objects.annotate(glossary_size=Count("glossary_terms")).order_by(
            "kind", "-is_current", "version"
        )
    )
