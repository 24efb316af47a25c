"""``{% load judging_tags %}``: rule citations linked to the rules reference (``reference`` ships
with every install, so the link is always there)."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, pgettext_lazy

from core.i18n import engine_words
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


#: What a reconstruction finding is, in words (``rules_engine.game.rules`` kinds; the CSS class
#: keeps the code).
FINDING_KINDS = {
    "violation": pgettext_lazy("reconstruction finding", "violation"),
    "observation_mismatch": pgettext_lazy("reconstruction finding", "mismatch"),
    "missed_trigger": pgettext_lazy("reconstruction finding", "missed trigger"),
    "manual_effect": pgettext_lazy("reconstruction finding", "manual"),
    "ambiguity": pgettext_lazy("reconstruction finding", "ambiguity"),
    "unreadable": pgettext_lazy("reconstruction finding", "unreadable"),
    "unknown_card": pgettext_lazy("reconstruction finding", "unknown card"),
    "cannot_apply": pgettext_lazy("reconstruction finding", "cannot apply"),
    "note": pgettext_lazy("reconstruction finding", "note"),
}

#: The combat chain's steps by their names in the Comprehensive Rules (CR 7.1-7.7).
COMBAT_STEPS = {
    "layer": gettext_lazy("Layer Step"),
    "attack": gettext_lazy("Attack Step"),
    "defend": gettext_lazy("Defend Step"),
    "reaction": gettext_lazy("Reaction Step"),
    "damage": gettext_lazy("Damage Step"),
    "resolution": gettext_lazy("Resolution Step"),
    "link": gettext_lazy("Link Step"),
    "close": gettext_lazy("Close Step"),
}


#: A turn's phases by their names in the Comprehensive Rules (CR 4.2-4.4).
TURN_PHASES = {
    "start": gettext_lazy("Start Phase"),
    "action": gettext_lazy("Action Phase"),
    "end": gettext_lazy("End Phase"),
}


@register.filter
def turn_phase(code) -> str:
    """A turn phase in the reader's language ("Action Phase" for ``action``)."""
    code = str(code)
    return str(TURN_PHASES.get(code, code))


@register.filter
def finding_kind(code) -> str:
    """A reconstruction finding's kind in the reader's language ("violation", "mismatch", ...)."""
    code = str(code)
    return str(FINDING_KINDS.get(code, code.replace("_", " ")))


@register.filter
def combat_step(code) -> str:
    """A combat step in the reader's language ("Defend Step" for ``defend``)."""
    code = str(code)
    return str(COMBAT_STEPS.get(code, code))


@register.filter
def finding_words(finding) -> str:
    """A reconstruction finding's sentence in the reader's language, from the template and values
    the engine kept (``rules_engine.wording``); a finding without them shows its English message."""
    if not isinstance(finding, dict):
        return str(finding)
    return engine_words(finding.get("words"), str(finding.get("message", "")))
