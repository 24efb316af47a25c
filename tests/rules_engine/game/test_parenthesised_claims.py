"""Claims in parentheses and after "then" / ";" are read and checked, never swallowed (issue 26).

One attack (6{p}) blocked by Card C (3{d}), so 3 damage and P2 at 17; then a defense reaction (DR D,
2{d}) added in the Reaction Step of a second telling, so 1 damage and P2 at 19. Each telling, formal,
terse or conversational, must derive the same state; a claimed outcome that holds gives no finding,
one that does not is an observation mismatch, and one the grammar cannot read is reported as such.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import MISMATCH, UNREADABLE, VIOLATION
from rules_engine.game.start import start_state
from rules_engine.game.view import view

ATTACK = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 6, "defense": 2}
CARD_C = {"name": "Card C", "type": "action", "cost": 0, "pitch": 1, "defense": 3}
DR_D = {"name": "DR D", "type": "defense reaction", "cost": 0, "pitch": 1, "defense": 2}
GIVEN: dict[str, Any] = {
    "turn": "P1",
    "phase": "action",
    "P1": {"life": 20, "action_points": 1, "hand": [ATTACK]},
    "P2": {"life": 20, "hand": [CARD_C, DR_D]},
}


def _replay(lines: list[str]) -> Replay:
    state, cards = start_state(GIVEN)
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


def _kinds(rep: Replay) -> list[str]:
    return [f.kind for step in rep.steps for f in step.findings]


BLOCKED = [
    # formal
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass through the Reaction and Damage Steps (Attack A deals 6 - 3 = 3)",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass through the Reaction and Damage Steps (3 damage; P2 is at 17)",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass through the Reaction and Damage Steps (P2 takes 3 and is at 17)",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass through the Reaction and Damage Steps (P2 goes to 17)",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass to the Damage Step, then P2 is at 17",
    # terse
    "P1 atk w/ Attack A, P2 blk w/ Card C (3 dmg)",
    "P1 atk w/ Attack A, P2 blk w/ Card C, 3 dmg",
    "p1 atk Attack A @p2; p2 blk Card C (3 dmg, P2 17)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (P2 -> 17)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (3 through)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg; P2 17",
    # conversational
    "P1 swung Attack A at P2, P2 blocked with Card C and took 3",
    "P1 swung Attack A at P2 and P2 blocked with Card C; damage (so 3 got through)",
    "P1 went in with Attack A at P2; P2 blocked with Card C; damage (P2 down to 17)",
    "P1 swung Attack A at P2; P2 blocked with Card C, then took the 3",
    "P1 swung Attack A at P2; P2 blocked with Card C; we went to damage (P2 dropped to 17)",
    # more outcomes said in passing
    "P1 atk w/ Attack A (no go again); P2 blk w/ Card C (3 dmg, hits)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (3 dmg, it hits)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (Attack A hits for 3)",
    "P1 atk w/ Attack A; P2 blk w/ Card C (P2 has 1 card in hand); dmg (P2 took 3, now 17)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (P2: 20 -> 17)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (6 vs 3, 3 through)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (3 to P2)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; all pass through damage and resolution (the chain closed, Card C to graveyard)",
]


@pytest.mark.parametrize("line", BLOCKED)
def test_a_claimed_outcome_that_holds_is_read_and_gives_no_finding(line: str) -> None:
    rep = _replay([line])
    assert view(rep.final)["P2"]["life"] == 17
    kinds = _kinds(rep)
    assert UNREADABLE not in kinds and MISMATCH not in kinds and VIOLATION not in kinds, [
        f.message for step in rep.steps for f in step.findings
    ]


WRONG = [
    "P1 atk w/ Attack A, P2 blk w/ Card C (4 dmg)",
    "P1 atk w/ Attack A, P2 blk w/ Card C, 2 dmg",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (P2 -> 16)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (P2 at 14)",
    "P1 swung Attack A at P2; P2 blocked with Card C, then took 6",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass through the Reaction and Damage Steps (P2 goes to 14)",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card;"
    " all pass through the Reaction and Damage Steps (Attack A deals 6)",
    "P1 plays Attack A targeting P2's hero; all pass to the Defend Step; P2 declares Card C as a defending card"
    " (DR D defends)",
    "P1 swung Attack A at P2; P2 blocked with Card C; damage (so 4 got through)",
    "P1 atk w/ Attack A (GA); P2 blk w/ Card C",
    "P1 atk w/ Attack A; P2 blk w/ Card C (P2 has 2 cards in hand)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (P2 took 3, now 16)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (6 vs 4)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (5 to P2)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; all pass through damage and resolution (Attack A to graveyard, DR D to graveyard)",
]


@pytest.mark.parametrize("line", WRONG)
def test_a_claimed_outcome_that_does_not_hold_is_a_mismatch(line: str) -> None:
    rep = _replay([line])
    assert MISMATCH in _kinds(rep)
    assert VIOLATION not in _kinds(rep)


UNREAD = [
    "P1 atk w/ Attack A, P2 blk w/ Card C (P1 grins)",
    "P1 plays Attack A targeting P2's hero (a brave choice)",
    "P1 atk w/ Attack A; P2 blk w/ Card C; dmg (the crowd gasps)",
]


@pytest.mark.parametrize("line", UNREAD)
def test_a_claim_the_grammar_cannot_read_is_reported(line: str) -> None:
    rep = _replay([line])
    unread = [f for step in rep.steps for f in step.findings if f.kind == UNREADABLE]
    assert unread and "not checked" in unread[0].message


REACTION = (
    "P1 atk w/ Attack A; all pass to the Defend Step; P2 blk w/ Card C; all pass; P1 passes; P2 plays DR D"
)
WITH_DR = [
    f"{REACTION} (DR D resolves and defends); dmg (1 dmg)",
    f"{REACTION} (it resolves and blocks too); dmg (P2 at 19)",
    f"{REACTION}; all pass (DR D resolves and defends); all pass (1 dmg)",
    f"{REACTION}; both pass, DR D blocks too; dmg (P2 at 19)",
    f"{REACTION}; all pass (DR D is added as a defender); dmg (1 through)",
    f"{REACTION}; all pass (DR D resolves and defends for 2); dmg (P2 goes to 19)",
    f"{REACTION}; all pass (DR D resolves; it defends), then 1 dmg",
    f"{REACTION}; all pass (DR D defends); all pass (P2 takes 1)",
]


@pytest.mark.parametrize("line", WITH_DR)
def test_a_defense_reaction_said_to_resolve_and_defend_is_checked(line: str) -> None:
    rep = _replay([line])
    final = view(rep.final)
    assert final["P2"]["life"] == 19
    kinds = _kinds(rep)
    assert UNREADABLE not in kinds and MISMATCH not in kinds and VIOLATION not in kinds, [
        f.message for step in rep.steps for f in step.findings
    ]


def test_a_defense_reaction_said_to_resolve_while_it_cannot_is_not_a_silent_pass() -> None:
    # DR D was never played: the pass that says it resolves would end the Reaction Step instead
    rep = _replay([f"{REACTION.rsplit(';', 1)[0]}; all pass (DR D resolves and defends)"])
    assert "ambiguity" in _kinds(rep)
    assert view(rep.final)["combat_chain"]["step"] == "reaction"
