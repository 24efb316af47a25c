"""The card symbols the rules documents write as ``{p}``, ``{d}``, ``{h}``, ``{i}``, ``{r}``,
``{c}``, ``{t}``, ``{u}``, shown as readable symbols instead of raw markup.

In HTML each becomes a small glyph with its name for screen readers and as a tooltip
(``+1{p}`` reads "+1 ⚔" and is announced "+1 power"); where markup cannot go (attributes, plain
text) the name is written out in words.
"""

from __future__ import annotations

import re

# letter -> (glyph, name); the glyphs are in the common fonts (DejaVu, Noto, system UI fonts).
SYMBOLS: dict[str, tuple[str, str]] = {
    "p": ("\u2694", "power"),  # crossed swords
    "d": ("\u26e8", "defense"),  # shield
    "h": ("\u2665", "life"),  # heart
    "i": ("\u2726", "intellect"),  # four-pointed star
    "r": ("\u25cf", "resource"),  # filled circle (the red pip)
    "c": ("\u25c9", "chi"),  # fisheye
    "t": ("\u21b7", "tap"),  # clockwise arrow
    "u": ("\u21b6", "untap"),  # anticlockwise arrow
}
SYMBOL_RE = re.compile(r"\{([pdhircut])\}")


def symbols_html(escaped: str) -> str:
    """``escaped`` (already HTML-escaped text) with each symbol as a labelled glyph."""

    def one(m: re.Match[str]) -> str:
        glyph, name = SYMBOLS[m.group(1)]
        return f'<span class="rule-sym rule-sym-{m.group(1)}" role="img" aria-label="{name}" title="{name}">{glyph}</span>'

    return SYMBOL_RE.sub(one, escaped)


def symbols_words(text: str) -> str:
    """``text`` with each symbol written as its name ("+1{p}" -> "+1 power")."""
    return SYMBOL_RE.sub(lambda m: f" {SYMBOLS[m.group(1)][1]}", text).replace("  ", " ")
