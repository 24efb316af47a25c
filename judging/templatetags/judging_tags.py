"""``{% load judging_tags %}``: rule citations linked to the rules reference when it is installed."""

from __future__ import annotations

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

register = template.Library()

try:  # the rules reference app provides the real links
    from reference.templatetags.rules import rule_link as _rule_link
except Exception:  # pragma: no cover - fallback while the reference app is missing
    _rule_link = None


@register.filter
def cite(value):
    """One citation ("PPG 4.4") as a link to the rules reference, or plain text."""
    if not value:
        return ""
    if _rule_link is not None:
        return _rule_link(value)
    return format_html('<span class="rule-cite">{}</span>', value)


@register.filter
def cite_all(values):
    """A list of citations, each linked, comma separated."""
    return mark_safe(", ".join(str(cite(v)) for v in (values or [])))


@register.filter
def minutes(seconds):
    """Seconds as "m:ss"."""
    if seconds is None or seconds == "":
        return ""
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


@register.filter
def penalty_label(code):
    from judging.catalogue import PENALTY_LABELS

    return escape(PENALTY_LABELS.get(code, code))
