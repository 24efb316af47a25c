"""The CR 8.6 tokens the engine applies from its own table count as computed card text (issue 27's
coverage measure), and each one's printed text is what the engine does: Frostbite's end-phase
destruction (CR 8.6.10) checked here, the others by their own replay tests."""

from __future__ import annotations

import pytest

from rules_engine.game.cards import CardFacts
from rules_engine.game.effects import COMPUTED_TOKENS, MODELLED, TOKENS, coverage
from tests.rules_engine.game.replaying import run_log as _run


@pytest.mark.parametrize("holder, kept", [("P1", []), ("P2", ["Frostbite"])])
def test_frostbite_is_destroyed_at_the_beginning_of_its_controllers_end_phase(holder, kept):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"life": 20, "action_points": 0},
        "P2": {"life": 20},
    }
    given[holder]["permanents"] = ["Frostbite"]
    result = _run(given, ["P1 passes", "P2 passes"])
    assert [c["name"] for c in result.state[holder]["permanents"]] == kept


def test_computed_tokens_are_in_the_engines_table_and_their_text_counts_as_computed():
    assert COMPUTED_TOKENS <= set(TOKENS)
    might = CardFacts(
        name="Might",
        types=frozenset({"token"}),
        subtypes=frozenset({"aura"}),
        text="At the start of your turn, destroy this, then your next attack this turn gets +1{p}.",
    )
    assert [p.status for p in coverage(might)] == [MODELLED]
    # a token the engine only names (its abilities are the judge's) is not counted computed
    fealty = CardFacts(
        name="Fealty",
        types=frozenset({"token"}),
        subtypes=frozenset({"aura"}),
        text="Instant - Destroy this: The next card you play this turn is Draconic.",
    )
    assert any(p.status != MODELLED for p in coverage(fealty))
    # a token whose printed text the engine reads (PRINTED_TOKENS): its triggers act as written
    # (tests/rules_engine/game/test_card_phases.py replays Sigil of Fate's)
    sigil = CardFacts(
        name="Sigil of Fate",
        types=frozenset({"token"}),
        subtypes=frozenset({"aura"}),
        text="When this leaves the arena, opt 1.\nAt the beginning of your action phase, destroy this.",
    )
    assert all(p.status == MODELLED for p in coverage(sigil))
