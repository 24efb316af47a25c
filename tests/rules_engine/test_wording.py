"""The engines' sentences as templates and values (``rules_engine.wording``)."""

from __future__ import annotations

import ast
from pathlib import Path

from rules_engine.wording import Phrase, join, render, say, say_n

ROOT = Path(__file__).resolve().parents[2] / "rules_engine"


def test_a_phrase_reads_as_its_english_sentence_and_keeps_its_values():
    phrase = say(
        "{count} copies of {card}; {format} allows {limit}", count=4, card="Snatch", format="Blitz", limit=2
    )
    assert str(phrase) == "4 copies of Snatch; Blitz allows 2"
    assert phrase.to_dict() == {
        "template": "{count} copies of {card}; {format} allows {limit}",
        "values": {"count": 4, "card": "Snatch", "format": "Blitz", "limit": 2},
    }


def test_a_nested_phrase_and_a_plural_are_translated_in_turn():
    since = say(" ({dates})", dates=say("since {date}", date="2024-01-01"))
    phrase = say("{card} is banned{since}", card="X", since=since)
    table = {"{card} is banned{since}": "{card} est bannie{since}", "since {date}": "depuis le {date}"}
    assert render(phrase.to_dict(), lambda t: table.get(t, t)) == "X est bannie (depuis le 2024-01-01)"
    cards = say_n("{count} deck-card", "{count} deck-cards", 1)
    assert (
        str(cards) == "1 deck-card"
        and str(say_n("{count} deck-card", "{count} deck-cards", 2)) == "2 deck-cards"
    )
    chosen = render(cards.to_dict(), translate_n=lambda s, p, n: "un" if n == 1 else "plusieurs")
    assert chosen == "un"


def test_a_translation_with_wrong_fields_falls_back_to_english_and_empty_parts_vanish():
    phrase = say("{card} is banned{since}", card="X", since="")
    assert render(phrase.to_dict(), lambda t: "{carte} est bannie") == "X is banned"
    assert render(None) == "" and render("plain") == "plain"
    assert str(join(["", say("red"), say("blue")])) == "red, blue" and join([]) == ""
    assert isinstance(join([say("red")]), Phrase)


def test_every_engine_template_is_a_literal_so_makemessages_extracts_it():
    """``say``/``say_n`` are gettext keywords (core/management/commands/makemessages.py): a template
    built at run time would never reach the catalogues and would stay English on every page."""
    offenders = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("say", "say_n")
            ):
                wanted = 2 if node.func.id == "say_n" else 1
                args = node.args[:wanted]
                if len(args) < wanted or not all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
                ):
                    offenders.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}")
    assert not offenders, offenders
