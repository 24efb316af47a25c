"""Template helpers for decklist pages."""

from __future__ import annotations

from django import template
from django.utils.html import escape

register = template.Library()


@register.filter
def rule_ref(value):
    """A rule citation linked to the rules reference when that app provides ``rule_link``."""
    if not value:
        return ""
    try:
        from reference.templatetags.rules import rule_link
    except ImportError:
        return escape(str(value))
    return rule_link(value)
