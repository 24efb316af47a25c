"""A judge's English for Grand Archive, read the same way however it is phrased (issue 34).

Each shape is written several ways (notation, terse, formal, conversational); the reader must give
the same clause for all of them, and the engine the same state.
"""

from __future__ import annotations

import pytest

from rules_engine.ga.phrases import GAParser
from rules_engine.game.scenarios import load_yaml, run_scenario

from .test_ga_scenarios import SCENARIO_DIR

CARDS = [
    "Lorraine, Wandering Warrior",
    "Lorraine",
    "Silvie, Wilds Whisperer",
    "Silvie",
    "Strapping Conscript",
    "Giant Tortoise",
    "Barrier Servant",
    "Backstab",
    "Hypothermia",
    "Gentle Respite",
    "Drawn Blade",
    "Archon Broadsword",
    "Spark Alight",
    "Honorable Vanguard",
]
PARSER = GAParser(CARDS, {"P1": "Alice", "P2": "Bob"})


def one(line: str):
    clauses = PARSER.parse(line, "P1")
    assert len(clauses) == 1, [c.verb for c in clauses]
    return clauses[0]


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Honorable Vanguard, reserving Backstab and Hypothermia",
        "p1 plays honorable vanguard res: backstab, hypothermia",
        "Player 1 activates Honorable Vanguard (reserving Backstab, Hypothermia)",
        "P1 summons Honorable Vanguard, putting Backstab and Hypothermia into memory",
        "Alice casts Honorable Vanguard paying with Backstab and Hypothermia",
    ],
)
def test_playing_a_card_with_named_reserve_cards(line: str) -> None:
    c = one(line)
    assert (c.verb, c.player, c.card) == ("activate", "P1", "Honorable Vanguard")
    assert c.paid_with == ["Backstab", "Hypothermia"]


@pytest.mark.parametrize(
    "line",
    [
        "P1 materializes Lorraine, Wandering Warrior, banishing Hypothermia from memory",
        "p1 mat Lorraine, Wandering Warrior (banishing hypothermia from memory)",
        "P1 levels up into Lorraine, Wandering Warrior, banishing Hypothermia from memory",
        "Alice lvl up to Lorraine, Wandering Warrior banishing Hypothermia from her memory",
        "Player 1 levelled into Lorraine, Wandering Warrior, banishing Hypothermia from memory",
    ],
)
def test_materializing_with_a_named_memory_card(line: str) -> None:
    c = one(line)
    assert (c.verb, c.player, c.card, c.banished) == (
        "materialize",
        "P1",
        "Lorraine, Wandering Warrior",
        ["Hypothermia"],
    )


@pytest.mark.parametrize(
    "line",
    [
        "P1 attacks with Strapping Conscript targeting P2's champion",
        "p1 atk w/ Strapping Conscript -> p2",
        "Strapping Conscript attacks Silvie",
        "P1 swings at P2 with Strapping Conscript",
        "Alice attacks Bob's champion with Strapping Conscript",
        "Strapping Conscript swings at the opponent's champion",
    ],
)
def test_an_ally_attacking_the_champion(line: str) -> None:
    c = one(line)
    assert c.verb == "attack" and c.card == "Strapping Conscript"
    assert c.target in ("champion", "Silvie")


@pytest.mark.parametrize(
    "line",
    [
        "P1 attacks P2 with Drawn Blade",
        "p1 atk w/ drawn blade -> p2 champ",
        "Lorraine attacks with Drawn Blade at P2's champion",
        "P1 swings Drawn Blade at P2",
    ],
)
def test_a_weapon_attack(line: str) -> None:
    c = one(line)
    assert c.verb == "attack" and "Drawn Blade" in (c.card, c.weapon)


@pytest.mark.parametrize(
    "line",
    [
        "P2 retaliates with Giant Tortoise",
        "Giant Tortoise retaliates",
        "p2 ret w/ giant tortoise",
        "Bob rests Giant Tortoise to retaliate",
    ],
)
def test_retaliation(line: str) -> None:
    c = one(line)
    assert (c.verb, c.card) == ("retaliate", "Giant Tortoise")


@pytest.mark.parametrize(
    "line",
    [
        "no retaliation",
        "P2 doesn't retaliate",
        "P2 declines to retaliate",
        "no ret",
        "Bob does not retaliate",
    ],
)
def test_no_retaliation(line: str) -> None:
    assert one(line).verb == "no_retaliate"


@pytest.mark.parametrize(
    "line",
    [
        "P2 takes 3 damage",
        "P2 takes 3",
        "Silvie takes 3",
        "3 damage",
        "p2 takes 3 dmg",
        "it deals 3 damage to P2's champion",
    ],
)
def test_a_damage_number(line: str) -> None:
    c = one(line)
    assert (c.verb, c.amount) == ("damage", 3)


@pytest.mark.parametrize(
    "line",
    ["P1 ends the turn", "p1 passes the turn", "end of turn", "P1 ends his turn", "Alice finishes her turn"],
)
def test_ending_the_turn(line: str) -> None:
    assert one(line).verb == "end_turn"


@pytest.mark.parametrize(
    "line", ["all pass", "both pass", "no responses", "everyone passes", "both players pass"]
)
def test_all_pass(line: str) -> None:
    assert one(line).verb == "all_pass"


def test_several_clauses_in_one_line_keep_their_player() -> None:
    clauses = PARSER.parse(
        "P1 attacks with Strapping Conscript at Silvie, no retaliation, Silvie takes 2; P1 ends the turn",
        "P1",
    )
    assert [c.verb for c in clauses] == ["attack", "no_retaliate", "damage", "end_turn"]


def test_a_card_name_with_a_comma_is_never_split() -> None:
    clauses = PARSER.parse("P1 materializes Lorraine, Wandering Warrior, then all pass", "P1")
    assert [(c.verb, c.card) for c in clauses] == [
        ("materialize", "Lorraine, Wandering Warrior"),
        ("all_pass", None),
    ]


def test_an_unreadable_line_is_reported_with_what_it_names() -> None:
    c = one("Backstab goes sideways")
    assert c.verb == "unreadable" and c.card == "Backstab"


def _combat_scenario() -> dict:
    for sc in load_yaml(str(SCENARIO_DIR / "ga-ch2-combat-and-damage.yaml")):
        if sc["id"] == "ga-atk-08":
            return sc
    raise AssertionError("ga-atk-08 is missing")


@pytest.mark.parametrize(
    "when",
    [
        ["P1's Strapping Conscript attacks P2's Giant Tortoise", "Giant Tortoise retaliates", "all pass"],
        ["p1 atk w/ strapping conscript -> giant tortoise", "p2 ret w/ giant tortoise", "both pass"],
        ["Strapping Conscript attacks Giant Tortoise, Giant Tortoise retaliates, no responses"],
        ["P1 swings at the Tortoise with Strapping Conscript; P2 retaliates with Giant Tortoise; 2 damage"],
    ],
)
def test_the_same_combat_in_four_registers_gives_the_same_state(when: list[str]) -> None:
    sc = dict(_combat_scenario())
    sc["when"] = when
    result = run_scenario(sc)
    assert result.failures == [], result.failures
