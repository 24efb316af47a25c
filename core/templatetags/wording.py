"""``{% load wording %}``: words placed inside a sentence of the active language."""

from __future__ import annotations

from django import template
from django.utils import translation

register = template.Library()

#: Languages that capitalise nouns inside a sentence: a label such as a role or an event status
#: ("Hauptschiedsrichter") keeps its capital there.
NOUN_CAPITALS = ("de",)


@register.filter
def in_sentence(value) -> str:
    """A label (a role, a status) as it reads inside a sentence: lower case, except in a language
    that capitalises nouns (German), where ``|lower`` would misspell it."""
    text = str(value)
    language = (translation.get_language() or "en").split("-")[0]
    return text if language in NOUN_CAPITALS else text.lower()
