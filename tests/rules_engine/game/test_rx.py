"""rules_engine.game.rx gives what the ``re`` module's functions give, with the same arguments."""

from __future__ import annotations

import re

import pytest

from rules_engine.game import rx

LINES = [
    "P1 plays Snatch (red) targeting P2's hero, pitching Sink Below (blue)",
    "p2 blocks w/ Helm + Sink Below; 3 dmg",
    "",
    "all pass (Snatch resolves)",
]


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize(
    ("pattern", "flags"),
    [(r"\b(p[12])\b", re.I), (r"(\w+) (\w+)", 0), (r"[;,]\s*", 0), (r"^(P1|P2)", 0), (r"x*", 0)],
)
def test_every_function_gives_what_re_gives(line, pattern, flags):
    assert rx.sub(pattern, r"<\1>" if "(" in pattern else "-", line, flags=flags) == re.sub(
        pattern, r"<\1>" if "(" in pattern else "-", line, flags=flags
    )
    assert rx.sub(pattern, lambda m: m.group(0).upper(), line, 1, flags) == re.sub(
        pattern, lambda m: m.group(0).upper(), line, count=1, flags=flags
    )
    assert rx.subn(pattern, "", line, flags=flags) == re.subn(pattern, "", line, flags=flags)
    for name in ("match", "fullmatch", "search"):
        got, want = getattr(rx, name)(pattern, line, flags), getattr(re, name)(pattern, line, flags)
        assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))
    assert rx.split(pattern, line, 1, flags) == re.split(pattern, line, maxsplit=1, flags=flags)
    assert rx.findall(pattern, line, flags) == re.findall(pattern, line, flags)
    assert [m.span() for m in rx.finditer(pattern, line, flags)] == [
        m.span() for m in re.finditer(pattern, line, flags)
    ]


def test_a_pattern_object_is_used_as_it_is():
    p = re.compile(r"snatch", re.I)
    assert rx.compiled(p) is p
    assert rx.sub(p, "Grab", "P1 plays Snatch") == "P1 plays Grab"


def test_the_same_words_with_other_flags_are_another_pattern():
    assert rx.search("snatch", "P1 plays Snatch") is None
    assert rx.search("snatch", "P1 plays Snatch", re.I) is not None
