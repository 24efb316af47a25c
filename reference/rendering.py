"""Rule text to safe HTML: paragraphs, lists, links to cited rules and to glossary terms.

Rule text is data: every piece is escaped; only the tags built here are emitted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .citations import _NUM_STRICT, find_citations, rule_url
from .models import GlossaryTerm, Rule, RulesDocument
from .symbols import symbols_html, symbols_words

_INTERNAL_REF = re.compile(
    rf"\[(?P<b>{_NUM_STRICT})\]|\b(?:Rules?|Sections?|Chapters?)\s+(?P<w>{_NUM_STRICT})(?![\w.]\w)|\((?P<p>\d+\.\d+(?:\.\d+[a-z]?)?)\)"
)
_BULLET = re.compile(r"^[-•–·]\s+")
_SUBHEAD = re.compile(r"^[A-Z][A-Za-z’'&/ -]{0,38}:?$")


@dataclass(frozen=True)
class DocumentIndex:
    """What rendering needs to know about one document: its rule numbers and glossary terms."""

    kind: str
    version: str
    is_current: bool
    numbers: frozenset[str]
    glossary_re: re.Pattern | None
    glossary: dict[str, tuple[str, str]]  # lower-case term -> (slug, definition)

    def rule_href(self, number: str) -> str:
        url = reverse("reference:rule", kwargs={"doc": self.kind, "number": number})
        return url if self.is_current else url + "?" + urlencode({"version": self.version})

    def glossary_href(self, slug: str) -> str:
        url = reverse("reference:glossary", kwargs={"doc": self.kind})
        if not self.is_current:
            url += "?" + urlencode({"version": self.version})
        return f"{url}#{slug}"


@lru_cache(maxsize=32)
def _index(document_id: int, content_hash: str, is_current: bool) -> DocumentIndex:
    document = RulesDocument.objects.get(pk=document_id)
    numbers = frozenset(Rule.objects.filter(document_id=document_id).values_list("number", flat=True))
    terms = list(
        GlossaryTerm.objects.filter(document_id=document_id).values_list("term", "slug", "definition")
    )
    glossary: dict[str, tuple[str, str]] = {}
    names: list[str] = []
    for term, slug, definition in terms:
        name = re.sub(r"\s*\(.*?\)\s*", "", term).strip()
        if len(name) < 3 or not re.search(r"[A-Za-z]", name):
            continue
        glossary.setdefault(name.lower(), (slug, definition))
        names.append(name)
    pattern = None
    if names:
        alternation = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])({alternation})(?:s|es)?(?![\w-])", re.IGNORECASE)
    return DocumentIndex(document.kind, document.version, is_current, numbers, pattern, glossary)


def document_index(document: RulesDocument) -> DocumentIndex:
    return _index(document.pk, document.content_hash, document.is_current)


def _link_inline(text: str, index: DocumentIndex | None, used_terms: set[str]) -> str:
    """Escape one paragraph, linking citations, in-document rule references and glossary terms."""
    spans: list[tuple[int, int, str]] = []
    for m in find_citations(text):
        url = rule_url(m.citation)
        if url:
            spans.append(
                (
                    m.start,
                    m.end,
                    f'<a class="rule-cite" href="{escape(url)}">{escape(text[m.start : m.end])}</a>',
                )
            )
    if index is not None:
        for ref in _INTERNAL_REF.finditer(text):
            key = "b" if ref.group("b") else ("w" if ref.group("w") else "p")
            number = ref.group(key)
            if number not in index.numbers:
                continue
            s, e = ref.span(key)
            spans.append(
                (s, e, f'<a class="rule-ref" href="{escape(index.rule_href(number))}">{escape(number)}</a>')
            )
        if index.glossary_re is not None:
            for gm in index.glossary_re.finditer(text):
                key = gm.group(1).lower()
                if key in used_terms or key not in index.glossary:
                    continue
                used_terms.add(key)
                slug, definition = index.glossary[key]
                spans.append(
                    (
                        gm.start(),
                        gm.end(),
                        f'<a class="gloss" href="{escape(index.glossary_href(slug))}" '
                        f'title="{escape(symbols_words(definition[:200]))}">{escape(gm.group(0))}</a>',
                    )
                )
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    out: list[str] = []
    pos = 0
    for start, end, html_ in spans:
        if start < pos:
            continue
        out.append(symbols_html(escape(text[pos:start])))
        out.append(html_)
        pos = end
    out.append(symbols_html(escape(text[pos:])))
    return "".join(out)


def render_rule_text(
    text: str,
    index: DocumentIndex | None = None,
    *,
    link_glossary: bool = True,
    linked_terms: set[str] | None = None,
) -> SafeString:
    """Paragraphs as <p>, bullet runs as <ul>, "Example:" paragraphs marked; everything escaped.

    A glossary term is linked once: pass the same ``linked_terms`` set for every rule of a page.
    """
    parts: list[str] = []
    items: list[str] = []
    rows: list[str] = []
    # with link_glossary off, pretend every term was already linked
    if not link_glossary and index is not None:
        used = set(index.glossary)
    else:
        used = linked_terms if linked_terms is not None else set()
    for para in (p.strip() for p in (text or "").split("\n\n")):
        if not para:
            continue
        if " | " in para and "\n" not in para:
            cells = para.split(" | ")
            tag = "th" if not rows else "td"
            rows.append(
                "<tr>" + "".join(f"<{tag}>{_link_inline(c, index, used)}</{tag}>" for c in cells) + "</tr>"
            )
            continue
        if rows:
            parts.append(
                '<div class="table-wrap"><table class="rules-table">' + "".join(rows) + "</table></div>"
            )
            rows = []
        if _BULLET.match(para):
            items.append("<li>" + _link_inline(_BULLET.sub("", para), index, used) + "</li>")
            continue
        if items:
            parts.append("<ul>" + "".join(items) + "</ul>")
            items = []
        if para.startswith("Example"):
            parts.append('<p class="example">' + _link_inline(para, index, used) + "</p>")
        elif _SUBHEAD.match(para) and len(para.split()) <= 5:
            parts.append('<p class="subhead"><strong>' + symbols_html(escape(para)) + "</strong></p>")
        else:
            parts.append("<p>" + _link_inline(para, index, used) + "</p>")
    if items:
        parts.append("<ul>" + "".join(items) + "</ul>")
    if rows:
        parts.append('<div class="table-wrap"><table class="rules-table">' + "".join(rows) + "</table></div>")
    return mark_safe("".join(parts))


def link_citations_html(text: str) -> SafeString:
    """Escape ``text`` and link every rule citation in it."""
    return mark_safe(_link_inline(str(text), None, set()))
