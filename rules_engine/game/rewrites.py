"""Ordered tables of regex rewrites, applied fast.

The judge's-English reader rewrites each line through long ordered tables of ``(pattern,
replacement)`` pairs (idioms, abbreviations, verb synonyms). Most lines match none of a table's
patterns, yet trying each one costs a ``sub`` call per pattern. ``Rewrites`` joins the patterns
anchored at the start of the line ("^P1 (?:blocks|blk) ...") into one alternation matched at the
start first: when it does not match, none of them can change the line (each rewrite before a match
leaves the line as it was), so they are skipped with one match. When it matches, or once any rewrite
has changed the line, the table runs in its order as before, so the result is always the one the
plain loop gives. Patterns not anchored so (a word anywhere in the line) are each searched before
their ``sub`` is called: one alternation of those is slower for Python's regex engine than a search
each, and a search costs less than a ``sub`` that finds nothing (measured on the 204-entry log of
``bench/reconstruction.py``).
"""

from __future__ import annotations

import re
import re._constants as _constants  # the parsed form of a pattern, to see where its "^" applies
import re._parser as _parser
from collections.abc import Callable, Sequence

Replacement = str | Callable[[re.Match[str]], str]

_FLAG_LETTERS = ((re.I, "i"), (re.M, "m"), (re.S, "s"), (re.X, "x"))
_BACKREF = re.compile(r"\\[1-9]|\(\?P[<=]")


def _anchored_body(p: re.Pattern[str]) -> str | None:
    """The pattern without its leading "^", as a group carrying its own flags, when the "^" anchors the
    whole pattern (no alternation around it) and nothing in it refers to its own groups; else None
    (the pattern is then always tried)."""
    if not p.pattern.startswith("^") or p.flags & re.M or _BACKREF.search(p.pattern):
        return None
    try:
        first = _parser.parse(p.pattern, p.flags & ~re.U).data[0]
    except (re.error, IndexError):
        return None
    if first != (_constants.AT, _constants.AT_BEGINNING):
        return None
    letters = "".join(ch for flag, ch in _FLAG_LETTERS if p.flags & flag)
    return f"(?{letters}:{p.pattern[1:]})" if letters else f"(?:{p.pattern[1:]})"


class Rewrites:
    """An ordered table of rewrites; ``apply`` gives what applying each in turn gives."""

    def __init__(self, rules: Sequence[tuple[re.Pattern[str], Replacement]]) -> None:
        self.rules = list(rules)
        parts = [_anchored_body(p) for p, _ in self.rules]
        self.joined = [x is not None for x in parts]
        self.any: re.Pattern[str] | None
        try:
            joined = "|".join(x for x in parts if x is not None)
            self.any = re.compile(f"^(?:{joined})") if any(self.joined) else None
        except re.error:  # a pattern the alternation cannot hold: try every pattern, as the plain loop
            self.any, self.joined = None, [False] * len(self.rules)

    def apply(self, text: str, count: int = 0) -> str:
        """The text after each rewrite in order (``count`` as for ``re.sub``)."""
        skip = self.any is not None and self.any.match(text) is None
        for (pattern, replacement), joined in zip(self.rules, self.joined, strict=True):
            if joined and skip:
                continue
            if not joined and pattern.search(text) is None:
                continue  # a search costs less than a sub that finds nothing (it prepares its template)
            new = pattern.sub(replacement, text, count=count)
            if new != text:
                text, skip = new, False  # the line changed: every later pattern may match it now
        return text
