"""``{% load judging_tags %}``: rule citations linked to the rules reference (``reference`` ships
with every install, so the link is always there)."""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

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


#: A turn's phases by their names in the Comprehensive Rules (CR 4.2-4.4), and a Grand Archive
#: turn's (GA 2.2: wake up, materialize, recollection, draw, main, end; combat within the main).
TURN_PHASES = {
    "start": gettext_lazy("Start Phase"),
    "action": gettext_lazy("Action Phase"),
    "end": gettext_lazy("End Phase"),
    "wake_up": gettext_lazy("Wake Up Phase"),
    "materialize": gettext_lazy("Materialize Phase"),
    "recollection": gettext_lazy("Recollection Phase"),
    "draw": gettext_lazy("Draw Phase"),
    "main": gettext_lazy("Main Phase"),
    "combat": gettext_lazy("Combat"),
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


#: The fixed words of a backup report (``rules_engine.game.backup``: zones, points and what goes
#: back where), said in the reader's language; card names and the random events' own words stay.
BACKUP_WORDS = {
    "hand": pgettext_lazy("game zone", "hand"),
    "deck": pgettext_lazy("game zone", "deck"),
    "deck_top": pgettext_lazy("game zone", "top of the deck"),
    "deck_bottom": pgettext_lazy("game zone", "bottom of the deck"),
    "arsenal": pgettext_lazy("game zone", "arsenal"),
    "pitch_zone": pgettext_lazy("game zone", "pitch zone"),
    "graveyard": pgettext_lazy("game zone", "graveyard"),
    "banished": pgettext_lazy("game zone", "banished"),
    "weapons": pgettext_lazy("game zone", "weapons"),
    "permanents": pgettext_lazy("game zone", "permanents"),
    "equipment": pgettext_lazy("game zone", "equipment"),
    "stack": pgettext_lazy("game zone", "stack"),
    "chain": pgettext_lazy("game zone", "combat chain"),
    "life": pgettext_lazy("game value", "life"),
    "resource_points": pgettext_lazy("game value", "resource points"),
    "action_points": pgettext_lazy("game value", "action points"),
    "chi_points": pgettext_lazy("game value", "chi points"),
    "counters": pgettext_lazy("game value", "counters"),
    "hand (it was an unknown card in its owner's hand at the backup point; it goes back unknown to the opponent)": (
        gettext_lazy(
            "hand (it was an unknown card in its owner's hand at the backup point; it goes back unknown to the "
            "opponent)"
        )
    ),
    "arsenal (face down, as it was at the backup point)": gettext_lazy(
        "arsenal (face down, as it was at the backup point)"
    ),
    "deck top (it was the unknown top card of the deck at the backup point)": gettext_lazy(
        "deck top (it was the unknown top card of the deck at the backup point)"
    ),
    "deck (it was not tracked at the backup point)": gettext_lazy(
        "deck (it was not tracked at the backup point)"
    ),
    "nothing (a token created after the backup point ceases to exist)": gettext_lazy(
        "nothing (a token created after the backup point ceases to exist)"
    ),
    "deck (random: the deck would need a shuffle or the judge's decision, PPG 3.1)": gettext_lazy(
        "deck (random: the deck would need a shuffle or the judge's decision, PPG 3.1)"
    ),
    "gone (a token that ceased to exist)": gettext_lazy("gone (a token that ceased to exist)"),
    "gone (a card no longer tracked)": gettext_lazy("gone (a card no longer tracked)"),
    "drew an unknown card": gettext_lazy("drew an unknown card"),
    "drew an unknown card (on a line that was then reversed)": gettext_lazy(
        "drew an unknown card (on a line that was then reversed)"
    ),
}
_UNKNOWN_CARDS = re.compile(r"^(\d+) unknown card\(s\)$")


@register.filter
def backup_words(value) -> str:
    """A backup report's zone, value or sentence in the reader's language; anything else as it is."""
    text = str(value)
    found = BACKUP_WORDS.get(text)
    if found is not None:
        return str(found)
    many = _UNKNOWN_CARDS.match(text)
    if many:
        n = int(many.group(1))
        return ngettext("%(count)s unknown card", "%(count)s unknown cards", n) % {"count": n}
    return text
