"""``{% js_strings %}``: the scripts' words in the page's language (core.js_strings)."""

from __future__ import annotations

from django import template
from django.utils.html import json_script

from core.js_strings import js_strings as strings

register = template.Library()


@register.simple_tag
def js_strings() -> str:
    return json_script(strings(), "js-strings")
