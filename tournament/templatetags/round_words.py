"""``{% load round_words %}``: rounds and clock figures in the words a table reads.

``{{ seconds|extension }}`` is ``"+7 min"`` for 420 seconds and ``"+4 min 45 s"`` for 285,
never ``"+420s"``; ``{{ round_|round_title }}`` is "Round 3", or "Top 4 (semifinals)" in the
play-off.
"""

from __future__ import annotations

from django import template

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


register.filter("extension", extension_words)
register.filter("round_title", round_title)
