"""A card declared as a defender with "When this defends, ..." (CR 6.6.5, 7.3.2): the sentence
becomes a trigger the engine computes, so the judge is not also told the text was not applied."""

from __future__ import annotations

from rules_engine.game.log import names_for, replay
from rules_engine.game.rules import MANUAL
from rules_engine.game.start import start_state

ATTACK = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}
GUARD = {
    "name": "Guard G",
    "type": "action",
    "cost": 0,
    "pitch": 1,
    "defense": 3,
    "text": "When this defends, gain 1{h}.",
}


def test_a_when_this_defends_sentence_is_a_trigger_not_a_manual_finding():
    given = {
        "turn": "P1",
        "phase": "action",
        "P1": {"life": 20, "action_points": 1, "hand": [ATTACK]},
        "P2": {"life": 20, "hand": [GUARD]},
    }
    state, cards = start_state(given)
    rep = replay(
        state,
        ["P1 plays Attack A targeting P2's hero", "all pass to the Defend Step", "P2 defends with Guard G"],
        cards,
        names=names_for(state, lookup=cards),
    )
    defend = rep.steps[2]
    assert not [f for f in defend.findings if f.kind == MANUAL and "When this defends" in f.message]
    assert [layer.name for layer in rep.final.stack] == ["Guard G defend trigger"]
