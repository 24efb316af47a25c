"""``start_state``: the starting state and card index callers build a replay from."""

from __future__ import annotations

import pytest

from rules_engine.game import GivenError, start_state
from rules_engine.game.cards import InlineCards, facts_from_mapping
from rules_engine.game.log import names_for, replay
from rules_engine.game.scenarios import StateBuilder, collect_cards

GIVEN = {
    "turn": "P1",
    "phase": "action",
    "P1": {
        "action_points": 1,
        "hand": [
            {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}
        ],
    },
    "P2": {"life": 20},
}


def test_the_state_and_index_match_the_scenario_builder() -> None:
    state, cards = start_state(GIVEN, None, "2.13.0")
    inline = InlineCards(collect_cards(GIVEN))
    assert state.state_hash() == StateBuilder(inline, "2.13.0").build(GIVEN).state_hash()
    facts = cards.get("Attack A")
    assert facts is not None and facts.power == 4
    rep = replay(
        state, ["P1 plays Attack A targeting P2's hero"], cards, names=names_for(state, cards.names())
    )
    assert rep.final.stack and rep.final.stack[0].name == "Attack A"


def test_inline_cards_come_before_extra_cards_and_the_lookup() -> None:
    lookup = InlineCards([facts_from_mapping({"name": "Card Z", "type": "action", "pitch": 2})])
    extra = [facts_from_mapping({"name": "Card Y", "type": "instant", "pitch": 3})]
    _, cards = start_state(GIVEN, lookup, "older", extra_cards=extra)
    y, z = cards.get("Card Y"), cards.get("Card Z")
    assert y is not None and y.pitch == 3
    assert z is not None and z.pitch == 2
    assert cards.get("Nothing Such") is None


@pytest.mark.parametrize("bad", [["not", "a", "mapping"], {"P1": {"life": "many"}}, {"turn": "P7"}])
def test_an_unreadable_block_raises_given_error_only(bad: object) -> None:
    with pytest.raises(GivenError):
        start_state(bad, None, "2.13.0")  # type: ignore[arg-type]
