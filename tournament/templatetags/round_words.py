"""``{% load round_words %}``: rounds and clock figures in the words a table reads.

``{{ seconds|extension }}`` is ``"+7 min"`` for 420 seconds and ``"+4 min 45 s"`` for 285,
never ``"+420s"``; ``{{ round_|round_title }}`` is "Round 3", or "Top 4 (semifinals)" in the
play-off.
"""

from __future__ import annotations

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournament.selectors import round_title

register = template.Library()


def extension_words(seconds) -> str:
    """An extension of ``seconds`` as "+7 min", "+4 min 45 s" or "+30 s"."""
    try:
        total = max(0, int(seconds or 0))
    except (TypeError, ValueError):
        return ""
    minutes, rest = divmod(total, 60)
    if minutes and rest:
        return f"+{minutes} min {rest} s"
    if minutes:
        return f"+{minutes} min"
    return f"+{rest} s"


#: The printed documents (``tournament.pdf.DOCUMENT_KINDS``) and background jobs in words.
DOCUMENT_NAMES = {
    "pairings-table": gettext_lazy("Pairings by table"),
    "pairings-name": gettext_lazy("Pairings by name"),
    "standings": gettext_lazy("Standings"),
    "slips": gettext_lazy("Match result slips"),
}
JOB_STATUS_WORDS = {
    "pending": gettext_lazy("waiting"),
    "running": gettext_lazy("in progress"),
    "done": gettext_lazy("ready"),
    "failed": gettext_lazy("failed"),
}


def document_name(kind) -> str | Promise:
    """ "Pairings by table" for ``pairings-table``: never the code."""
    return DOCUMENT_NAMES.get(str(kind), str(kind).replace("-", " ").replace("_", " ").capitalize())


def job_status(status) -> str | Promise:
    return JOB_STATUS_WORDS.get(str(status), str(status))


register.filter("extension", extension_words)
register.filter("document_name", document_name)
register.filter("job_status", job_status)
register.filter("round_title", round_title)
