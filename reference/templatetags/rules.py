"""Template filters that link rule citations: ``{% load rules %}``.

``{{ finding.rule|rule_link }}`` -> an <a> to the cited rule ("CR 1.1.3b"), or the escaped text
when it holds no citation. ``{{ text|link_citations }}`` escapes the text and links each citation.
"""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from reference.citations import Citation, parse_citation, rule_url
from reference.rendering import link_citations_html
from reference.symbols import symbols_html

register = template.Library()


@register.filter(is_safe=False)
def rule_link(value):
    if value is None or value == "":
        return ""
    citation: Citation | None
    if isinstance(value, Citation):
        citation, text = value, value.label()
    elif isinstance(value, tuple) and len(value) == 2:
        citation = Citation(str(value[0]), str(value[1]))
        text = citation.label()
    else:
        text = str(value)
        citation = parse_citation(text)
    if citation is None or citation.doc not in ("cr", "trp", "ppg", "ga"):
        return escape(text)
    return mark_safe(f'<a class="rule-cite" href="{escape(rule_url(citation))}">{escape(text)}</a>')


@register.filter(is_safe=False)
def link_citations(value):
    if value is None:
        return ""
    return link_citations_html(str(value))


@register.filter(is_safe=False)
def rule_symbols(value):
    """Escape rule text and show its card symbols ({p}, {d}, ...) as readable symbols."""
    if value is None:
        return ""
    return mark_safe(symbols_html(str(escape(value))))


@register.filter
def rule_url_for(value):
    """The URL of a citation (for href attributes); empty when it cannot be parsed."""
    return rule_url(str(value)) or "" if value else ""
