"""Template helpers for decklist pages."""

from __future__ import annotations

from django import template

from reference.templatetags.rules import rule_link

register = template.Library()


@register.filter
def rule_ref(value):
    """A rule citation linked to the rules reference."""
    if not value:
        return ""
    return rule_link(value)
