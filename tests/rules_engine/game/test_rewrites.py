"""rules_engine.game.rewrites: an ordered table of rewrites applied with one search first gives what
the plain loop gives, on every line of the scenario files and on lines made to match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rules_engine.game import phrases
from rules_engine.game.rewrites import Rewrites

SCENARIOS = Path(__file__).parent / "scenarios"
#: every table of rewrites the reader applies (a table added later is checked too)
TABLES = sorted(name for name, value in vars(phrases).items() if isinstance(value, Rewrites))


def _lines() -> list[str]:
    out: list[str] = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for item in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            if isinstance(item, dict):
                out += [str(x) for x in item.get("when") or [] if isinstance(x, str)]
    return out


def _plain(rules, text: str, count: int = 0) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text, count=count)
    return text


LINES = _lines()


def test_the_scenario_files_give_lines_to_check():
    assert len(LINES) > 1000
    assert len(TABLES) >= 6


@pytest.mark.parametrize("table", TABLES)
def test_a_table_rewrites_every_scenario_line_as_the_plain_loop(table):
    rw: Rewrites = getattr(phrases, table)
    count = 1 if table == "_VERB_RW" else 0
    changed = 0
    for line in LINES:
        for text in (line, f"P1 {line.split(' ', 1)[-1]}"):
            got = rw.apply(text, count=count)
            assert got == _plain(rw.rules, text, count), text
            changed += got != text
    assert changed > 0  # the table does rewrite some of them


def test_a_later_rule_sees_what_an_earlier_one_wrote():
    rw = Rewrites([(re.compile(r"\bfoo\b"), "bar"), (re.compile(r"^bar baz\b"), "done")])
    assert rw.apply("foo baz") == "done"
    assert rw.apply("nothing here") == "nothing here"


def test_a_rule_with_a_back_reference_or_no_anchor_is_tried_on_its_own():
    rw = Rewrites(
        [
            (re.compile(r"^(\w+) \1\b"), r"\1"),
            (re.compile(r"^the cat\b"), "a cat"),
            (re.compile(r"\bdog\b"), "hound"),
            (re.compile(r"^x|y"), "z"),  # the "^" anchors one side of the alternation only
        ]
    )
    assert rw.joined == [False, True, False, False]
    assert rw.apply("the the cat") == "a cat"
    assert rw.apply("the dog") == "the hound"
    assert rw.apply("a y") == "a z"


def test_flags_stay_with_their_pattern():
    rw = Rewrites([(re.compile(r"^dmg\b", re.I), "damage"), (re.compile(r"^HP\b"), "life")])
    assert rw.joined == [True, True]
    assert rw.apply("DMG 4") == "damage 4"
    assert rw.apply("hp") == "hp"  # the second pattern is case-sensitive


def test_the_remarks_word_gate_gives_what_trying_every_pattern_gives():
    """shorthand.remarks skips a pattern when the line has none of the words it needs (speed only)."""
    from rules_engine.game.shorthand import remarks  # noqa: PLC0415

    changed = 0
    extra = [
        "P1 Ronin (red), GA bc ronin was red",
        "no block, 2, gold",
        "P1 Snatch, +2, might; contract done",
    ]
    for line in LINES + extra:
        got = remarks(line)
        assert got == remarks(line, gate=False), line
        changed += got != "; ".join(x.strip() for x in line.split(";"))
    assert changed > 0
