"""Template helpers for decklist pages."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy

from core.i18n import engine_words
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
    "decklist.save": gettext_lazy("saved as a draft"),
    "decklist.submit": gettext_lazy("submitted"),
    "decklist.accept": gettext_lazy("accepted"),
    "decklist.reject": gettext_lazy("sent back to the player"),
    "decklist.exception": gettext_lazy("exception by the head judge"),
    "decklist.fix": gettext_lazy("corrected by a judge"),
    "decklist.lock": gettext_lazy("locked"),
    "decklist.publish": gettext_lazy("published"),
    "decklist.revalidate": gettext_lazy("checked again against new card data"),
    "decklist.deadline": gettext_lazy("deadline passed"),
}


#: A finding's severity in words (the badge; the CSS class keeps the code).
SEVERITY_WORDS = {
    "error": gettext_lazy("error"),
    "warning": gettext_lazy("warning"),
    "info": gettext_lazy("info"),
}


@register.filter
def finding_text(finding) -> str:
    """A legality finding's message in the reader's language, from the template and values the
    engine kept (``rules_engine.legality.Finding.words``); an older stored finding shows its message."""
    if not isinstance(finding, dict):
        return str(finding)
    return engine_words(finding.get("words"), finding.get("message", ""))


@register.filter
def problem_text(problem) -> str:
    """Why a decklist line was not read, in the reader's language (``rules_engine.decklist_text``)."""
    if not isinstance(problem, dict):
        return str(problem)
    return engine_words(problem.get("words"), problem.get("reason", ""))


@register.filter
def severity_words(code) -> str:
    """ "error", "warning", "info" in the reader's language."""
    return str(SEVERITY_WORDS.get(str(code), code))


@register.filter
def action_words(code) -> str:
    """An audit action in words: "submitted" for ``decklist.submit``, never the code."""
    code = str(code)
    return str(ACTION_WORDS.get(code, code.rsplit(".", 1)[-1].replace("_", " ")))
