"""The ``re`` module's functions over a plain dictionary of compiled patterns.

The reader of a judge's English (``phrases``, ``shorthand``, ``claims``) calls ``re.sub``,
``re.match`` and the like with pattern strings about two hundred times a line. Each such call first
looks the pattern up in ``re``'s own cache, which checks its flags and argument types on every call
and costs about as much as the match itself on these short lines. These functions take the same
arguments and give the same results, with one dictionary lookup keyed by the pattern and its flags
(``tests/rules_engine/game/test_rx.py``); a pattern object is used as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

_Pattern = str | re.Pattern[str]
_Repl = Any  # a string, or a function of the match (as for re.sub)

_CACHE: dict[tuple[Any, Any], re.Pattern[str]] = {}


def compiled(pattern: _Pattern, flags: Any = 0) -> re.Pattern[str]:
    """The compiled pattern (compiled once per pattern and flags)."""
    try:
        return _CACHE[pattern, flags]
    except KeyError:
        p = _CACHE[pattern, flags] = re.compile(pattern, flags)
        return p


def sub(pattern: _Pattern, repl: _Repl, string: str, count: int = 0, flags: Any = 0) -> str:
    return compiled(pattern, flags).sub(repl, string, count)


def subn(pattern: _Pattern, repl: _Repl, string: str, count: int = 0, flags: Any = 0) -> tuple[str, int]:
    return compiled(pattern, flags).subn(repl, string, count)


def match(pattern: _Pattern, string: str, flags: Any = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(string)


def fullmatch(pattern: _Pattern, string: str, flags: Any = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).fullmatch(string)


def search(pattern: _Pattern, string: str, flags: Any = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(string)


def split(pattern: _Pattern, string: str, maxsplit: int = 0, flags: Any = 0) -> list[Any]:
    return compiled(pattern, flags).split(string, maxsplit)


def findall(pattern: _Pattern, string: str, flags: Any = 0) -> list[Any]:
    return compiled(pattern, flags).findall(string)


def finditer(pattern: _Pattern, string: str, flags: Any = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(string)
