"""Template helpers for decklist pages."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy

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


#: Findings whose words a page says in the reader's language, from the values the engine kept
#: (``rules_engine.legality.Finding.params``); any other finding shows its message as stored.
FINDING_TEXTS = {
    "CARD_DATA": gettext_lazy("checked as of %(as_of)s against card data %(release)s"),
}


@register.filter
def finding_text(finding) -> str:
    """A legality finding's message in the reader's language where the engine kept its values."""
    params = finding.get("params") if isinstance(finding, dict) else None
    text = FINDING_TEXTS.get(finding.get("code", "")) if isinstance(finding, dict) else None
    if not params or text is None:
        return finding.get("message", "") if isinstance(finding, dict) else str(finding)
    out = str(text) % {k: params.get(k, "") for k in ("as_of", "release")}
    return f"{out}: {params['note']}" if params.get("note") else out


@register.filter
def action_words(code) -> str:
    """An audit action in words: "submitted" for ``decklist.submit``, never the code."""
    code = str(code)
    return str(ACTION_WORDS.get(code, code.rsplit(".", 1)[-1].replace("_", " ")))
