"""The GA log with rewinds and the backup report (rules_engine/ga/log.py, issue 34)."""

from __future__ import annotations

import pytest

from rules_engine.ga.cards import GACards, card_from_mapping
from rules_engine.ga.log import backup_report, replay
from rules_engine.ga.phrases import GAParser, NameIndex
from rules_engine.ga.scenarios import build_state, card_names_with_aliases

CARDS = GACards(
    card_from_mapping(m)
    for m in [
        {"name": "Lost Spirit", "types": ["champion"], "level": 0, "life": 15},
        {"name": "Silvie, Wilds Whisperer", "types": ["champion"], "level": 1, "cost_memory": 1, "life": 19},
        {
            "name": "Lorraine, Wandering Warrior",
            "types": ["champion"],
            "level": 1,
            "cost_memory": 1,
            "life": 20,
        },
        {"name": "Honorable Vanguard", "types": ["ally"], "cost_reserve": 2, "power": 1, "life": 2},
        {"name": "Strapping Conscript", "types": ["ally"], "cost_reserve": 2, "power": 2, "life": 1},
        {"name": "Backstab", "types": ["attack"], "cost_reserve": 2, "power": 2},
        {"name": "Hypothermia", "types": ["action"], "cost_reserve": 2},
        {"name": "Gentle Respite", "types": ["action"], "cost_reserve": 3},
    ]
)
PARSER = GAParser(NameIndex(card_names_with_aliases(CARDS)))


def _start():
    return build_state(
        {
            "game": "ga",
            "turn": "P1",
            "phase": "materialize",
            "P1": {
                "champion": "Lost Spirit",
                "memory": ["Backstab", "Gentle Respite"],
                "hand": ["Honorable Vanguard", "Hypothermia"],
                "deck": ["Strapping Conscript"],
                "field": ["Strapping Conscript"],
            },
            "P2": {"champion": "Silvie, Wilds Whisperer"},
        },
        CARDS,
    )


LINES = [
    "P1 materializes Lorraine, Wandering Warrior; all pass",  # random memory banish
    "P1 draws Strapping Conscript",
    "P1 plays Honorable Vanguard reserving Hypothermia and Strapping Conscript; all pass",
    "Strapping Conscript attacks Silvie, 2 damage",
]


def test_a_rewind_starts_a_branch_and_keeps_every_line():
    rep = replay(_start(), [*LINES, "rewind 2", "P1 ends the turn"], CARDS, PARSER)
    assert [s.active for s in rep.steps] == [True, True, False, False, True, True]
    assert rep.steps[-1].parent == 5 and rep.steps[4].parent == 2
    assert rep.final.turn == "P2"
    assert rep.final.champion("P2").damage == 0  # the attack is on the abandoned branch
    assert rep.steps[3].state.champion("P2").damage == 2  # and kept there


def test_the_backup_report_names_what_goes_back_and_the_random_memory_banish():
    rep = replay(_start(), LINES, CARDS, PARSER)
    report = backup_report(rep, 0)
    p1 = report["players"]["P1"]
    assert [u["line"] for u in report["undoes"]] == [1, 2, 3, 4]
    assert p1["champion"] == {
        "now": "Lorraine, Wandering Warrior",
        "after_backup": "Lost Spirit",
        "damage_now": 0,
        "damage_after_backup": 0,
    }
    assert p1["objects_leaving_the_field"] == ["Honorable Vanguard"]
    assert p1["cards_back_on_top_of_deck"] == 1
    assert "Honorable Vanguard" in p1["cards_back_to_hand"] and "Hypothermia" in p1["cards_back_to_hand"]
    assert report["players"]["P2"]["champion"]["damage_now"] == 2
    assert any("at random on line(s) 1" in n for n in report["notes"])


def test_a_backup_to_a_line_off_the_path_is_refused():
    rep = replay(_start(), [*LINES, "rewind 1", "P1 ends the turn"], CARDS, PARSER)
    with pytest.raises(ValueError, match="not on the current path"):
        backup_report(rep, 3)
