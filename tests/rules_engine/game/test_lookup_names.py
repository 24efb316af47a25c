"""``CardLookup.names()``: every lookup's names reach the phrase parser, so names with "and" or
commas parse whatever the lookup (inline cards, the-fab-cube, the project's card database)."""

from __future__ import annotations

import pytest

from rules_engine.game import actions as A
from rules_engine.game.cards import DatabaseCards, FabCubeCards, InlineCards, facts_from_mapping
from rules_engine.game.log import names_for, replay
from rules_engine.game.phrases import Parser, index_for
from rules_engine.game.start import start_state

from .conftest import FABCUBE, SHARED

GIVEN = {
    "turn": "P1",
    "phase": "action",
    "P1": {"action_points": 1, "resource_points": 1, "hand_size": 4},
    "P2": {"life": 20},
}
LINE = "P1 plays Command and Conquer (red) targeting P2's hero, pitching Pick a Card, Any Card"


def _played(lookup) -> tuple[str, list[str]]:
    state, cards = start_state(GIVEN, lookup, "2.13.0")
    entry = Parser(names_for(state, lookup=cards)).parse(1, LINE)
    play = next(c for c in entry.clauses if isinstance(c, A.Play))
    return play.card.name, [p.name for p in play.pitches]


@pytest.fixture(scope="module")
def cube() -> FabCubeCards:
    if not (FABCUBE / "card.json").exists():
        pytest.skip(f"{FABCUBE} is absent (the-fab-cube card data)")
    return FabCubeCards.load(FABCUBE)


@pytest.fixture(scope="module")
def database() -> DatabaseCards:
    from rules_engine.oracle import load_reference_database

    if not (FABCUBE / "card.json").exists():
        pytest.skip(f"{FABCUBE} is absent (the-fab-cube card data)")
    return DatabaseCards(load_reference_database(SHARED))


def test_inline_cards_know_their_names_and_the_fallbacks() -> None:
    base = InlineCards([facts_from_mapping({"name": "Pick a Card, Any Card", "type": "action", "pitch": 3})])
    top = InlineCards(
        [facts_from_mapping({"name": "Command and Conquer", "type": "attack action"})], fallback=base
    )
    assert top.names() == ["Command and Conquer", "Pick a Card, Any Card"]
    assert top.inline_names() == ["Command and Conquer"]
    assert top.names() is top.names()  # cached
    top.add(facts_from_mapping({"name": "Twist and Turn", "type": "action"}))
    assert "Twist and Turn" in top.names()


def test_names_with_and_and_commas_parse_with_inline_cards_behind_inline_cards() -> None:
    base = InlineCards(
        [
            facts_from_mapping({"name": "Pick a Card, Any Card", "type": "action", "pitch": 3}),
            facts_from_mapping({"name": "Command and Conquer", "type": "attack action", "pitch": 1}),
        ]
    )
    card, pitched = _played(base)
    assert card.startswith("Command and Conquer") and pitched == ["Pick a Card, Any Card"]


def test_names_with_and_and_commas_parse_with_the_fab_cube(cube: FabCubeCards) -> None:
    card, pitched = _played(cube)
    assert card.startswith("Command and Conquer") and pitched == ["Pick a Card, Any Card"]
    assert cube.names() is cube.names() and "Kayo, Armed and Dangerous" in cube.names()
    assert index_for(cube) is index_for(cube)  # the index is built once per lookup


def test_names_with_and_and_commas_parse_with_the_project_card_database(database: DatabaseCards) -> None:
    card, pitched = _played(database)
    assert card.startswith("Command and Conquer") and pitched == ["Pick a Card, Any Card"]
    assert database.names() is database.names()
    assert index_for(database) is index_for(database)


def test_replay_indexes_the_lookups_names_without_an_explicit_index(database: DatabaseCards) -> None:
    state, cards = start_state(GIVEN, database, "2.13.0")
    rep = replay(state, [LINE], cards)
    assert rep.final.stack and rep.final.stack[0].name.startswith("Command and Conquer")


@pytest.mark.parametrize(
    ("file", "sid", "action", "rule"),
    [
        ("keywords-attack.yaml", "kw-bst-02", 4, "8.3.9"),
        ("keywords-attack.yaml", "kw-cmb-02", 4, "8.4.1"),
        ("prevention.yaml", "prv-ab-02", 2, "8.5.3f"),
        ("prevention.yaml", "prv-sv-02", 2, "8.5.3f"),
        ("tokens.yaml", "tok-fb-02", 1, "8.6.10"),
        ("tokens.yaml", "tok-sz-02", 1, "8.6.2"),
    ],
)
def test_a_violation_also_cites_the_rule_that_explains_it(
    file: str, sid: str, action: int, rule: str
) -> None:
    import yaml

    from rules_engine.game.scenarios import run_scenario

    from .conftest import SCENARIO_DIR

    sc = next(
        x for x in yaml.safe_load((SCENARIO_DIR / file).read_text(encoding="utf-8")) if x.get("id") == sid
    )
    cited = [r for v in run_scenario(sc).violations if v["action"] == action for r in v["rules"]]
    assert rule in cited and "1.10.3" in cited
