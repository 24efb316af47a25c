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


#: What happened to a list, in words (audit entries are stored with codes such as "decklist.submit").
ACTION_WORDS = {
    "decklist.save": "saved as a draft",
    "decklist.submit": "submitted",
    "decklist.accept": "accepted",
    "decklist.reject": "sent back to the player",
    "decklist.exception": "exception by the head judge",
    "decklist.fix": "corrected by a judge",
    "decklist.lock": "locked",
    "decklist.publish": "published",
    "decklist.revalidate": "checked again against new card data",
    "decklist.deadline": "deadline passed",
}


@register.filter
def action_words(code) -> str:
    """An audit action in words: "submitted" for ``decklist.submit``, never the code."""
    code = str(code)
    return ACTION_WORDS.get(code, code.rsplit(".", 1)[-1].replace("_", " "))
