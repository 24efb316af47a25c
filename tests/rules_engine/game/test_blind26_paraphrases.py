"""Shapes found by the blind scenarios of issue 26 (``scenarios/blind-26.yaml``), each told formally,
tersely and conversationally: every telling is read in full and derives the state of the first
formal telling (docs/reconstruction.md, "Blind scenarios")."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.rules import UNREADABLE, VIOLATION
from rules_engine.game.view import view

from .test_paraphrases import ATTACK_FORMAL, TO_DAMAGE, TO_DEFEND, TO_REACTION, _replay

SITUATIONS: dict[str, dict[str, list[list[str]]]] = {
    # CR 7.4.2, 1.11.4: the turn-player's pass at the start of the Reaction Step is the one judges omit
    "a defense reaction at the start of the Reaction Step": {
        "formal": [
            [
                ATTACK_FORMAL,
                TO_DEFEND,
                "P2 declares no defending cards",
                TO_REACTION,
                "P1 passes",
                "P2 plays DR D",
                "all pass (DR D resolves)",
            ],
            [
                ATTACK_FORMAL,
                TO_DEFEND,
                "P2 declares no defending cards",
                TO_REACTION,
                "P2 plays DR D.",
                "All pass. DR D resolves.",
            ],
        ],
        "terse": [
            ["p1 atk Attack A @p2 ^ Card B", "pass pass, P2 no blocks", "pass to rxn; P2 DR D", "pass"],
            [
                "P1 atk w/ Attack A -> P2, pitch Card B",
                "P2 no block",
                "-> reaction",
                "p2 play DR D",
                "pass pass",
            ],
        ],
        "conversational": [
            [
                "P1 went for Attack A at P2, pitching Card B",
                "P2 didn't block",
                "pass to the reaction step",
                "P2 threw DR D in the reaction step",
                "everyone passed",
            ],
            [
                "P1 attacks with Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_REACTION,
                "P2 plays DR D during the Reaction Step",
                "nobody did anything else",
            ],
        ],
    },
    # a card list joined by "+" (CR 7.3.2a: the defending cards are declared together)
    "a block declared with a plus sign": {
        "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares Card C and Helm H as defending cards", TO_DAMAGE]],
        "terse": [
            ["p1 atk Attack A @p2 ^ Card B", "p2 blk Card C + Helm H", "pass to dmg"],
            ["P1 atk w/ Attack A -> P2, pitch Card B", "P2 blk w/ Card C + Helm H", "-> damage"],
        ],
        "conversational": [
            [
                "P1 attacks with Attack A at P2, pitching Card B",
                "P2 adds Card C and Helm H as defending cards",
                "pass to damage",
            ],
            [
                "P1 went for Attack A at P2, pitching Card B",
                "P2 blocked with Card C + Helm H",
                "pass to the damage step",
            ],
        ],
    },
    # CR 1.14.2d, 1.14.3: a payment said in passing, with the pitch value as a claim
    "a payment said in passing": {
        "formal": [["P1 plays Attack A targeting P2's hero, pitching Card B (pitch 3)"]],
        "terse": [["P1 atk w/ Attack A -> P2, pitch Card B"], ["p1 atk Attack A @ p2 + pitch Card B"]],
        "conversational": [
            ["P1 went for Attack A at P2 and only pitched Card B, which is a 3"],
            ["P1 then played Attack A at P2, this time pitching Card B for 3"],
            ["P1 goes for Attack A at P2 and just pitches Card B"],
        ],
    },
    # CR 5.3.1, 1.11.4a: "it resolves" names the card just played; then the next card is played
    "an instant resolves, then an attack": {
        "formal": [["P1 plays Instant Z", "all pass (Instant Z resolves)", ATTACK_FORMAL]],
        "terse": [["p1 play Instant Z; pass", "p1 atk Attack A @p2 ^ Card B"]],
        "conversational": [
            ["P1 plays Instant Z, it resolves, then Attack A at P2, pitching Card B"],
            [
                "P1 casts Instant Z. Passes go round, Instant Z resolves. P1 went for Attack A at P2 (pitch Card B)"
            ],
        ],
    },
    # a correction mid-line: the corrected object is the one applied (CR 7.3.2a)
    "a block corrected mid-line": {
        "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares Card D as a defending card", TO_DAMAGE]],
        "terse": [["p1 atk Attack A @p2 ^ Card B", "p2 blk Card C, correction: Card D", "pass to dmg"]],
        "conversational": [
            [
                "P1 went for Attack A at P2, pitching Card B",
                "P2 blocks with Card C, no wait, with Card D",
                TO_DAMAGE,
            ],
            [
                "P1 attacks with Attack A at P2, pitching Card B",
                "P2 blocked with Card C, sorry, Card D",
                "pass to damage",
            ],
        ],
    },
}


def _cases() -> list[Any]:
    return [
        pytest.param(name, lines, id=f"{name}-{register}-{i + 1}")
        for name, registers in SITUATIONS.items()
        for register, tellings in registers.items()
        for i, lines in enumerate(tellings)
    ]


@pytest.mark.parametrize(("name", "lines"), _cases())
def test_three_registers_derive_the_same_state(name: str, lines: list[str]) -> None:
    rep = _replay(lines)
    findings = [f for s in rep.steps for f in s.findings]
    assert [f.message for f in findings if f.kind == UNREADABLE] == []
    assert [f.message for f in findings if f.kind == VIOLATION] == []
    assert view(rep.final) == view(_replay(SITUATIONS[name]["formal"][0]).final)


def test_acting_without_priority_after_a_play_is_still_illegal() -> None:
    """CR 1.11.5: the implied pass is only the one at a step's start; after P1 plays a card, P2's play
    said "before P1 passes" is still a violation (here the defense reaction's own timing rule, CR
    8.1.3a, is cited before priority) and the aside is read as a claim, not swallowed."""
    rep = _replay([ATTACK_FORMAL, "Before P1 passes priority, P2 plays DR D"])
    findings = [f for s in rep.steps for f in s.findings]
    assert any(f.kind == VIOLATION and "8.1.3a" in f.rules for f in findings)
    assert [f.message for f in findings if f.kind == UNREADABLE] == []
    assert view(rep.final)["P2"]["hand"] == view(_replay([ATTACK_FORMAL]).final)["P2"]["hand"]
