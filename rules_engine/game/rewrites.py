"""Ordered tables of regex rewrites, applied fast.

The judge's-English reader rewrites each line through long ordered tables of ``(pattern,
replacement)`` pairs (idioms, abbreviations, verb synonyms). Most lines match none of a table's
patterns, yet trying each one costs a ``sub`` call per pattern. ``Rewrites`` joins the patterns
into one alternation that is searched first: when it finds nothing, no pattern of the table can
change the line (each rewrite before a match leaves the line as it was), so the table is skipped
with one search. When it finds something, the table runs in its order as before, so the result is
always the one the plain loop gives. Patterns that cannot join the alternation (back-references,
named groups) are always tried.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Replacement = str | Callable[[re.Match[str]], str]

_FLAG_LETTERS = ((re.I, "i"), (re.M, "m"), (re.S, "s"), (re.X, "x"))
_BACKREF = re.compile(r"\\[1-9]|\(\?P[<=]")


def _scoped(p: re.Pattern[str]) -> str | None:
    """The pattern as a group carrying its own flags, or None when it cannot join an alternation."""
    if _BACKREF.search(p.pattern):
        return None
    letters = "".join(ch for flag, ch in _FLAG_LETTERS if p.flags & flag)
    return f"(?{letters}:{p.pattern})" if letters else f"(?:{p.pattern})"


class Rewrites:
    """An ordered table of rewrites; ``apply`` gives what applying each in turn gives."""

    def __init__(self, rules: Sequence[tuple[re.Pattern[str], Replacement]]) -> None:
        self.rules = list(rules)
        parts = [_scoped(p) for p, _ in self.rules]
        self.joined = [x is not None for x in parts]
        self.any: re.Pattern[str] | None
        try:
            self.any = re.compile("|".join(x for x in parts if x is not None)) if any(self.joined) else None
        except re.error:  # a pattern the alternation cannot hold: try every pattern, as the plain loop
            self.any, self.joined = None, [False] * len(self.rules)

    def apply(self, text: str, count: int = 0) -> str:
        """The text after each rewrite in order (``count`` as for ``re.sub``)."""
        skip = self.any is not None and self.any.search(text) is None
        for (pattern, replacement), joined in zip(self.rules, self.joined, strict=True):
            if skip and joined:
                continue
            new = pattern.sub(replacement, text, count=count)
            if new != text:
                text, skip = new, False  # the line changed: every later pattern may match it now
        return text
