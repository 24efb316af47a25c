"""``{% load judging_tags %}``: rule citations linked to the rules reference (``reference`` ships
with every install, so the link is always there)."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from judging.catalogue import PENALTY_LABELS
from reference.templatetags.rules import rule_link

register = template.Library()


@register.filter
def cite(value):
    """One citation ("PPG 4.4") as a link to the rules reference."""
    if not value:
        return ""
    return rule_link(value)


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
    return escape(PENALTY_LABELS.get(code, code))
