"""Shapes the blind scenarios of issue 26 (``scenarios/blind-26.yaml``) still missed, closed the
general way, each told formally, tersely and conversationally: every telling is read in full (no
unreadable clause, no violation) and derives the state of the first formal telling
(docs/reconstruction.md, "Blind scenarios")."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import MISMATCH, UNREADABLE, VIOLATION
from rules_engine.game.start import start_state
from rules_engine.game.view import view

from .test_paraphrases import ATTACK_FORMAL, TO_DAMAGE, TO_DEFEND, TO_REACTION, _given

SPARK = {
    "name": "Spark S",
    "type": "non-attack action",
    "cost": 0,
    "pitch": 1,
    "defense": 2,
    "text": "Deal 2 arcane damage to target hero.",
}
ROBE = {"name": "Robe R", "type": "equipment (chest)", "defense": 0, "keywords": ["arcane barrier 1"]}
GRAB = {
    "name": "Grab G",
    "type": "attack action",
    "cost": 0,
    "pitch": 1,
    "power": 4,
    "defense": 2,
    "text": "When this hits, draw a card.",
}
SHIELD = {"name": "Spectral Shield", "type": "token aura", "keywords": ["ward 1"]}
SINK = {
    "name": "Sink S",
    "type": "defense reaction",
    "cost": 0,
    "pitch": 1,
    "defense": 4,
    "text": "You may put a card from your hand on the bottom of your deck. If you do, draw a card.",
}


def _start(kind: str) -> dict[str, Any]:
    """The shared start position of test_paraphrases with what one situation adds."""
    g = _given()
    if kind == "arcane":
        g["P1"]["hand"].append(SPARK)
        g["P2"]["equipment"]["chest"] = ROBE
    if kind == "hit":
        g["P1"]["hand"].append(GRAB)
    if kind == "blade":
        g["P2"]["equipment"]["head"] = dict(g["P2"]["equipment"]["head"], keywords=["blade break"])
    if kind == "ward":
        g["P2"]["permanents"] = [SHIELD]
    if kind == "sink":
        g["P2"]["hand"].append(SINK)
    return g


def _run(kind: str, lines: list[str]) -> Replay:
    state, cards = start_state(_start(kind))
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


ARC_FORMAL = [
    "P1 plays Spark S targeting P2's hero",
    "all pass (Spark S resolves)",
    "P2 applies Arcane Barrier 1, pitching Card C",
    "P2 takes 1 damage",
]

SITUATIONS: dict[str, tuple[str, dict[str, list[list[str]]]]] = {
    # CR 8.3.8: arcane barrier written as its initials; "takes 1" after ";" is the same player's
    "arcane barrier as AB1 and a subjectless 'takes'": (
        "arcane",
        {
            "formal": [ARC_FORMAL],
            "terse": [["P1 Spark S @ P2", "pass pass; P2 AB1, pitch Card C; takes 1"]],
            "conversational": [
                [
                    "P1 played Spark S at P2",
                    "both players pass",
                    "P2 pitches Card C to pay for Arcane Barrier 1, and took 1",
                ]
            ],
        },
    ),
    # CR 8.1.2: an attack reaction; "AR" said as the verb, "on Attack A" as its target
    "the card type as a verb": (
        "",
        {
            "formal": [
                [
                    ATTACK_FORMAL,
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    TO_REACTION,
                    "P1 plays AR R targeting Attack A",
                    "all pass (AR R resolves)",
                    TO_DAMAGE,
                ]
            ],
            "terse": [
                [
                    "p1 atk Attack A @p2 ^ Card B",
                    "P2 no block",
                    "-> reaction",
                    "P1 AR AR R on Attack A",
                    "pass, AR R resolves",
                    "dmg 6",
                ]
            ],
            "conversational": [
                [
                    "P1 went for Attack A at P2, pitching Card B",
                    "nobody blocked",
                    "pass to the reaction step",
                    "P1 ARs AR R on Attack A, it resolves",
                    "P2 took 6",
                ]
            ],
        },
    ),
    # CR 7.3.2a: the defending cards named by slot ("their head, Helm H") or by their last word ("C + H")
    "an equipment named by its slot and short names": (
        "",
        {
            "formal": [
                [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card C and Helm H as defending cards", TO_DAMAGE]
            ],
            "terse": [["p1 atk Attack A @p2 ^ Card B", "p2 blk C + H vs the atk", "pass to dmg"]],
            "conversational": [
                [
                    "P1 attacks with Attack A at P2, pitching Card B",
                    "P2 blocked with Card C and their helmet, Helm H, and took 0",
                ]
            ],
        },
    ),
    # CR 7.5.2: a lower life total said once the defence is declared is the Damage Step's damage
    "a life total after no block": (
        "",
        {
            "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE]],
            "terse": [["p1 atk Attack A @p2 ^ Card B", "no block; P2 20->16"]],
            "conversational": [
                ["P1 went for Attack A at P2, pitching Card B", "P2 didn't block, P2 is at 16"]
            ],
        },
    ),
    # CR 7.7.2, 8.3.x blade break: the close-step keyword named alone, "the helm broke" (checked by slot)
    "the chain closing with blade break": (
        "blade",
        {
            "formal": [
                [
                    ATTACK_FORMAL,
                    TO_DEFEND,
                    "P2 declares Helm H as a defending card",
                    "all pass through the Reaction, Damage and Resolution Steps",
                ]
            ],
            "terse": [
                ["p1 atk Attack A @p2 ^ Card B", "p2 blk Helm H", "3 dmg", "chain closes, blade break"]
            ],
            "conversational": [
                [
                    "P1 attacks with Attack A at P2, pitching Card B",
                    "P2 blocked with Helm H and took 3",
                    "nothing else happened, the chain closed and the helm broke",
                ]
            ],
        },
    ),
    # CR 7.5.5, 5.3.4: the hit trigger named with an arrow; the draw said after it is its effect told again
    "a hit trigger with an arrow and its draw told again": (
        "hit",
        {
            "formal": [
                [
                    "P1 plays Grab G targeting P2's hero",
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    TO_DAMAGE,
                    "all pass (the Grab G trigger resolves)",
                ]
            ],
            "terse": [
                ["P1 atk Grab G @P2", "P2 no block", "4 dmg, hit -> Grab G trigger", "trigger res, P1 draws"]
            ],
            "conversational": [
                [
                    "P1 attacks with Grab G at P2",
                    "nobody blocked",
                    "4 dmg, hit -> Grab G trigger",
                    "the trigger resolves, P1 draws",
                ]
            ],
        },
    ),
    # CR 8.3.x ward: a ward's prevention said as eating the damage
    "a ward eating damage": (
        "ward",
        {
            "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE]],
            "terse": [["p1 atk Attack A @p2 ^ Card B", "no block, Spectral Shield ate 1, P2 takes 3"]],
            "conversational": [
                [
                    "P1 went for Attack A at P2, pitching Card B",
                    "nobody blocked, the Spectral Shield ate 1 of it and P2 took 3",
                ]
            ],
        },
    ),
    # CR 2.3: a bare number after a card is its printed value (checked); "no sink" declines its option
    "a defense reaction with its defense and its option declined": (
        "sink",
        {
            "formal": [
                [
                    ATTACK_FORMAL,
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    TO_REACTION,
                    "P1 passes",
                    "P2 plays Sink S",
                    "P2 does not use its optional effect",
                    "all pass (Sink S resolves)",
                    TO_DAMAGE,
                ]
            ],
            "terse": [
                [
                    "p1 atk Attack A @p2 ^ Card B",
                    "P2 no block",
                    "-> reaction",
                    "P2 DRs Sink S (4), no sink",
                    "pass, pass; dmg 0",
                ]
            ],
            "conversational": [
                [
                    "P1 went for Attack A at P2, pitching Card B",
                    "P2 didn't block",
                    "pass to the reaction step",
                    "P2 threw Sink S (4), no sink",
                    "everyone passed",
                    "pass to damage",
                ]
            ],
        },
    ),
}


def _cases() -> list[tuple[str, list[str]]]:
    return [
        (name, lines)
        for name, (_, registers) in SITUATIONS.items()
        for register in ("formal", "terse", "conversational")
        for lines in registers[register]
    ]


@pytest.mark.parametrize(("name", "lines"), _cases())
def test_three_registers_derive_the_same_state(name: str, lines: list[str]) -> None:
    kind, registers = SITUATIONS[name]
    rep = _run(kind, lines)
    findings = [f for s in rep.steps for f in s.findings]
    assert [f.message for f in findings if f.kind in (UNREADABLE, VIOLATION, MISMATCH)] == []
    assert view(rep.final) == view(_run(kind, registers["formal"][0]).final)


def test_each_situation_has_three_registers() -> None:
    for _, registers in SITUATIONS.values():
        assert all(registers[r] for r in ("formal", "terse", "conversational"))
