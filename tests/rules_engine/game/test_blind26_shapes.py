"""Shapes the blind scenarios of issue 26 (``scenarios/blind-26.yaml``) still missed, closed the
general way, each told formally, tersely and conversationally: every telling is read in full (no
unreadable clause, no violation) and derives the state of the first formal telling
(docs/reconstruction.md, "Blind scenarios")."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import MISMATCH, NOTE, UNREADABLE, VIOLATION
from rules_engine.game.start import start_state
from rules_engine.game.view import view

from .test_paraphrases import ATTACK_FORMAL, CARD_B, TO_DAMAGE, TO_DEFEND, TO_REACTION, _given

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


ATTACK_G = {
    "name": "Attack G",
    "type": "attack action",
    "cost": 0,
    "pitch": 1,
    "power": 3,
    "defense": 2,
    "keywords": ["go again"],
}
INSTANT_W = {"name": "Instant W", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 2{h}."}


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
    if kind == "respond":
        g["P2"]["hand"].append(INSTANT_W)
    if kind == "lethal":
        g["P2"]["life"] = 3
    if kind == "goagain":
        g["P1"]["hand"].append(ATTACK_G)
    if kind == "end":
        g["phase"] = "end"
        g["first_turn"] = False
        g["P1"]["hand"] = [c for c in g["P1"]["hand"] if c["name"] != "Card B"]
        g["P1"]["pitch_zone"] = [CARD_B]
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
                ],
                [
                    "P1 cast Spark S at P2. Nobody responded.",
                    "P2 paid for the arcane barrier by pitching Card C and took 1",
                ],
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
            "terse": [
                ["p1 atk Attack A @p2 ^ Card B", "p2 blk C + H vs the atk", "pass to dmg"],
                ["P1 atk w/ Attack A pitch Card B, P2 blocks C + H, 0 dmg"],
            ],
            "conversational": [
                [
                    "P1 attacks with Attack A at P2, pitching Card B",
                    "P2 blocked with Card C and their helmet, Helm H, and took 0",
                ],
                [
                    "P1 swung Attack A at P2 and pitched Card B for it",
                    "P2 blocked with Card C and Helm H",
                    "no more reactions, P2 took nothing",
                ],
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
    # CR 1.11.4a: "responds" says the player holding priority passed it
    "a response implies the holder's pass": (
        "respond",
        {
            "formal": [
                [
                    "P1 plays Instant Z",
                    "P1 passes",
                    "P2 plays Instant W",
                    "all pass (Instant W resolves)",
                    "all pass (Instant Z resolves)",
                ]
            ],
            "terse": [["P1 Instant Z; P2 responds w/ Instant W", "pass pass (W res), pass pass (Z res)"]],
            "conversational": [
                [
                    "P1 played Instant Z and P2 responded with Instant W",
                    "all pass (Instant W resolves)",
                    "everyone passed",
                ]
            ],
        },
    ),
    # CR 1.10.2, 7.5.2: "that was game" is a checked claim, and implies the passes to the Damage Step
    "lethal damage said as the end of the game": (
        "lethal",
        {
            "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE]],
            "terse": [["p1 atk Attack A @p2 ^ Card B", "P2 no blk, game over"]],
            "conversational": [
                ["P1 went for Attack A at P2, pitching Card B", "P2 took it all and that was game"]
            ],
        },
    ),
    # CR 8.3.5, 7.6.2: go again's action point in the Resolution Step, the steps abbreviated
    "go again told with abbreviated steps": (
        "goagain",
        {
            "formal": [
                [
                    "P1 plays Attack G targeting P2's hero",
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    "all pass through the Reaction and Damage Steps",
                ]
            ],
            "terse": [["P1 atk Attack G @P2; P2 no blocks; 3 dmg", "-> res, P1 gets 1 AP from GA"]],
            "conversational": [["P1 swung Attack G at P2", "P2 took it, pass thru rxn and dmg"]],
        },
    ),
    # CR 4.4.3b, 4.4.3c, 4.4.3f: the end of the turn told in one line
    "the end of the turn in one line": (
        "end",
        {
            "formal": [["P1 does not put a card into their arsenal", "P1 draws 4"]],
            "terse": [["P1 no arsenal; P1 draws 4"]],
            "conversational": [
                ["P1 doesn't arsenal anything, Card B goes to the bottom of the deck, and P1 draws 4"]
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


def _kinds(rep: Replay, kind: str) -> list[str]:
    return [f.message for s in rep.steps for f in s.findings if f.kind == kind]


def test_a_bare_number_after_a_card_is_checked_against_its_printed_values() -> None:
    """CR 2.3: "Sink S (5)" names no printed value of Sink S (defense 4, pitch 1): a mismatch, not damage."""
    lines = [ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_REACTION, "P1 passes"]
    assert _kinds(_run("sink", [*lines, "P2 plays Sink S (4)"]), MISMATCH) == []
    wrong = _kinds(_run("sink", [*lines, "P2 plays Sink S (5)"]), MISMATCH)
    assert len(wrong) == 1 and "5 after Sink S" in wrong[0]


def test_a_broken_helm_is_checked_by_its_slot() -> None:
    """Blade break (CR 8.3.3) destroys the helm as the chain closes; without it, "the helm broke" is a mismatch."""
    lines = [ATTACK_FORMAL, "P2 blocked with Helm H and took 3", "the chain closed and the helm broke"]
    assert _kinds(_run("blade", lines), MISMATCH) == []
    assert len(_kinds(_run("", lines), MISMATCH)) == 1


def test_a_remark_about_combo_is_reported_not_dropped() -> None:
    rep = _run("", [f"{ATTACK_FORMAL}; combo is on"])
    assert any("combo is on" in m for m in _kinds(rep, UNREADABLE))
    assert rep.steps[0].entry.unparsed == []


def test_passing_through_damage_tells_the_judge_about_go_again() -> None:
    """CR 7.5.4, 7.6.2 (shared scenario def-15): a line ending "through ... Damage" begins the
    Resolution Step, so go again's action point is already there; the finding says so."""
    g = _start("")
    g["P1"]["hand"].append(
        {
            "name": "Attack G",
            "type": "attack action",
            "cost": 0,
            "pitch": 1,
            "power": 3,
            "defense": 2,
            "keywords": ["go again"],
        }
    )
    state, cards = start_state(g)
    rep = replay(
        state,
        [
            "P1 plays Attack G targeting P2's hero",
            TO_DEFEND,
            "P2 declares no defending cards; all pass through the Reaction and Damage Steps",
        ],
        cards,
        names=names_for(state, lookup=cards),
    )
    notes = [m for m in _kinds(rep, NOTE) if "7.6.2" in m]
    assert len(notes) == 1 and "P1 has 1 after this line" in notes[0]
    assert view(rep.final)["P1"]["action_points"] == 1
