"""Shapes the third blind batch (``scenarios/blind-26c.yaml``) found unread, closed the general way,
each told formally, tersely and conversationally: every telling is read in full (no unreadable
clause, no violation, no mismatch) and derives the state of the first formal telling
(docs/reconstruction.md, "Fourth pass: a third blind batch")."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import MISMATCH, UNREADABLE, VIOLATION
from rules_engine.game.start import start_state
from rules_engine.game.view import view

ATTACK_A = {
    "name": "Attack A",
    "type": "attack action",
    "cost": 1,
    "pitch": 1,
    "power": 4,
    "defense": 3,
    "keywords": ["go again"],
}
ATTACK_C = {"name": "Attack C", "type": "attack action", "cost": 2, "pitch": 1, "power": 5, "defense": 2}
CARD_B = {"name": "Card B", "type": "action", "cost": 0, "pitch": 3, "defense": 2}
CARD_C = {"name": "Card C", "type": "action", "cost": 0, "pitch": 3, "defense": 2}
REACTION_R = {
    "name": "Reaction R",
    "type": "attack reaction",
    "cost": 1,
    "pitch": 1,
    "defense": 3,
    "text": "Target attack action card gets +2{p}.",
}
SNATCH = {
    "name": "Snatch (red)",
    "type": "attack action",
    "cost": 0,
    "pitch": 1,
    "power": 4,
    "defense": 2,
    "text": "When this hits, draw a card.",
}
CONQUER = {
    "name": "Command and Conquer (red)",
    "type": "attack action",
    "cost": 2,
    "pitch": 1,
    "power": 6,
    "defense": 3,
    "text": "Defense reaction cards can't be played this chain link. When this hits a hero, destroy all cards in their arsenal.",
}
POTION = {
    "name": "Energy Potion (blue)",
    "type": "action item",
    "pitch": 3,
    "text": "Instant - Destroy this: Gain {r}{r}",
}
HELM = {"name": "Helm X", "type": "equipment (head)", "defense": 1, "keywords": ["blade break"]}
SPARK = {
    "name": "Spark S",
    "type": "non-attack action",
    "cost": 0,
    "pitch": 1,
    "defense": 2,
    "text": "Deal 2 arcane damage to target hero.",
}
ZAP = {
    "name": "Zap (red)",
    "type": "action",
    "cost": 0,
    "pitch": 1,
    "defense": 3,
    "text": "Deal 3 arcane damage to target hero.",
}
HOOD = {"name": "Hood N", "type": "equipment (head)", "defense": 0, "keywords": ["arcane barrier 1"]}
CLOAK = {"name": "Cloak S", "type": "equipment (chest)", "defense": 0, "keywords": ["spellvoid 1"]}


def _start(kind: str) -> dict[str, Any]:
    g: dict[str, Any] = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "first_turn": False,
        "P1": {
            "life": 20,
            "intellect": 4,
            "action_points": 1,
            "hand": [ATTACK_A, ATTACK_C, CARD_B, REACTION_R],
            "deck": 20,
        },
        "P2": {"life": 20, "intellect": 4, "hand": [CARD_C], "equipment": {"head": HELM}, "deck": 20},
    }
    if kind == "real":
        g["P1"]["hand"] = [SNATCH, CONQUER, CARD_B]
    if kind == "potion":
        g["P1"]["hand"] = [ATTACK_C]
        g["P1"]["permanents"] = [POTION]
    if kind == "arcane":
        g["P1"]["hand"] = [SPARK]
        g["P2"]["equipment"] = {"head": HOOD, "chest": CLOAK}
    if kind == "zap":
        g["P1"]["hand"] = [ZAP]
    if kind == "ward":
        g["P2"]["permanents"] = [{"name": "Sigil W", "type": "aura (card)", "keywords": ["ward 3"]}]
    if kind == "end":
        g["P1"]["action_points"] = 0
        g["P1"]["hand"] = [{"name": "Card K1", "type": "action", "cost": 0, "pitch": 1, "defense": 2}]
        g["P1"]["pitch_zone"] = [CARD_B]
    return g


def _run(kind: str, lines: list[str]) -> Replay:
    state, cards = start_state(_start(kind))
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


ATTACK_FORMAL = "P1 plays Attack A targeting P2's hero, pitching Card B"
TO_DEFEND = "all pass to the Defend Step"
TO_REACTION = "all pass to the Reaction Step"
TO_DAMAGE = "all pass to the Damage Step"

SITUATIONS: dict[str, tuple[str, dict[str, list[list[str]]]]] = {
    # CR 5.1, 7.3.2, 7.5.2: a card right after the player is the card played; "no blk" and "4 in" alone
    "a play without a verb, the defence and the damage said alone": (
        "",
        {
            "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE]],
            "terse": [
                ["P1 Attack A, pitch Card B", "no blk, 4 in"],
                ["P1: Attack A (pitch Card B), no blk, 4"],
            ],
            "conversational": [["P1 swung Attack A and pitched Card B for it", "P2 didn't block, 4 in"]],
        },
    ),
    # CR 8.3.5b, 7.6.3a, 1.14.2d: the Resolution Step named first or mid-line, the floating points
    "go again, the Resolution Step and the floating points": (
        "",
        {
            "formal": [
                [
                    ATTACK_FORMAL,
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    "all pass through the Reaction and Damage Steps",
                    "Resolution Step - P1 plays Attack C targeting P2's hero, paying 2 with floating resource points",
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    TO_DAMAGE,
                ]
            ],
            "terse": [
                [
                    "P1 Attack A, pitch Card B",
                    "no blk, 4 in",
                    "res: GA, P1 Attack C off the float",
                    "no blk, 5",
                ]
            ],
            "conversational": [
                [
                    "P1 swung Attack A and pitched Card B for it",
                    "P2 didn't block and took 4",
                    "P1 got the action point back in the resolution step and swung Attack C off the float",
                    "P2 didn't block and took 5 more",
                ]
            ],
        },
    ),
    # CR 7.3.4, 7.4.2a, 1.11.4a: a reaction right after the declaration; "took 6" after it resolves it
    "a reaction right after the declaration and the damage after it": (
        "",
        {
            "formal": [
                [
                    ATTACK_FORMAL,
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    TO_REACTION,
                    "P1 plays Reaction R targeting Attack A, paying 1 with floating resource points",
                    "all pass (Reaction R resolves)",
                    TO_DAMAGE,
                ]
            ],
            "terse": [
                [
                    "P1 Attack A, pitch Card B",
                    "P2 no blk",
                    "P1 Reaction R on Attack A off the float",
                    "P2 took 6",
                ]
            ],
            "conversational": [
                [
                    "P1 swung Attack A and pitched Card B for it",
                    "P2 didn't block",
                    "P1 played Reaction R on Attack A off the float, nothing pitched",
                    "P2 took 6",
                ]
            ],
        },
    ),
    # CR 1.3.4, 5.3.4, 8.3.3: a coloured card said again without its colour, its draw as its trigger,
    # "helm BB" for blade break
    "a coloured card said once, its draw and a broken helm": (
        "real",
        {
            "formal": [
                [
                    "P1 plays Snatch (red) targeting P2's hero",
                    TO_DEFEND,
                    "P2 declares Helm X as a defending card",
                    TO_DAMAGE,
                    "all pass (the Snatch trigger resolves)",
                    "all pass through the Resolution Step",
                ]
            ],
            "terse": [["P1 Snatch (red), P2 blk Helm X, 3 dmg, Snatch draws", "pass, chain closes, helm BB"]],
            "conversational": [
                [
                    "P1 went for Snatch (red) at P2",
                    "P2 blocked with Helm X and took 3, and Snatch drew P1 a card",
                    "nothing else, and P1 let the chain close",
                ]
            ],
        },
    ),
    # CR 7.5.2: a card said by its initials ("CnC"), "chose not to block", "hit for 6"
    "a card said by its initials": (
        "real",
        {
            "formal": [
                [
                    "P1 plays Command and Conquer (red) targeting P2's hero, pitching Card B",
                    TO_DEFEND,
                    "P2 declares no defending cards",
                    TO_DAMAGE,
                ]
            ],
            "terse": [["P1 CnC, pitch Card B", "no blk, 6 in"]],
            "conversational": [
                ["P1 swung CnC at P2, pitching Card B", "P2 chose not to block and CnC hit for 6"]
            ],
        },
    ),
    # CR 5.2, 5.3, 8.5.7: an activation that resolved, said by what it gave; the next play off the float
    "an item popped for resources and a play off the float": (
        "potion",
        {
            "formal": [
                [
                    "P1 activates Energy Potion (blue)",
                    "all pass",
                    "P1 plays Attack C targeting P2's hero, paying 2 with floating resource points",
                ]
            ],
            "terse": [["P1 pops Energy Potion (+2 r), Attack C off the float"]],
            "conversational": [
                ["P1 cracked Energy Potion (+2 r)", "then P1 played Attack C at P2 off the float"]
            ],
        },
    ),
    # CR 6.4.2, 6.5.5, 8.3.8, 8.3.15: the damage about to be dealt, spellvoid and arcane barrier
    "spellvoid and arcane barrier on one arcane damage event": (
        "arcane",
        {
            "formal": [
                [
                    "P1 plays Spark S targeting P2's hero",
                    "all pass (Spark S resolves)",
                    "P2 destroys Cloak S to prevent 1",
                    "P2 applies Arcane Barrier 1, pitching Card C",
                ]
            ],
            "terse": [
                ["P1 Spark S @ P2", "pass pass; P2 blows up Cloak S to knock 1 off; P2 AB1, pitch Card C"]
            ],
            "conversational": [
                [
                    "P1 cast Spark S at P2",
                    "Nobody responded. As the 2 arcane damage would be dealt, P2 destroys Cloak S for Spellvoid 1, "
                    "then pays 1 for Hood N's Arcane Barrier 1, pitching Card C. P2 is dealt no damage.",
                ]
            ],
        },
    ),
    # CR 5.1: a one-word card's name said as the verb ("P1 Zapped P2") is that card played at its target
    "a card's name as the verb": (
        "zap",
        {
            "formal": [["P1 plays Zap (red) targeting P2's hero", "all pass"]],
            "terse": [["P1 Zap (red) @ P2", "pass pass"]],
            "conversational": [["P1 Zapped P2", "nobody did anything"]],
        },
    ),
    # CR 8.3.20, 7.5.2: "ward 3" named alone with what got through ("1 thru")
    "a ward named by its value and what got through": (
        "ward",
        {
            "formal": [[ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE]],
            "terse": [["P1 Attack A, pitch Card B", "P2 no blk; pass thru rxn; dmg 4, ward 3, 1 thru"]],
            "conversational": [
                [
                    "P1 swung Attack A and pitched Card B for it",
                    "P2 didn't block, the ward ate 3 and P2 took 1",
                ]
            ],
        },
    ),
    # CR 4.3.4, 4.4.3b, 4.4.3c, 4.4.3f: the end of the turn told in a judge's words
    "the end of the turn": (
        "end",
        {
            "formal": [
                [
                    "all pass (the action phase ends)",
                    "P1 puts Card K1 face-down into their arsenal",
                    "P1 puts Card B on the bottom of their deck",
                    "P1 draws 4 cards",
                ]
            ],
            "terse": [
                [
                    "action phase over",
                    "P1 arsenals Card K1",
                    "pitch goes to the bottom",
                    "P1 draws back up to 4",
                ]
            ],
            "conversational": [
                [
                    "All players pass with the stack empty; the Action Phase ends and the game proceeds to the End Phase.",
                    "P1 slid Card K1 into arsenal",
                    "Each player then puts the cards in their pitch zone on the bottom of their deck.",
                    "P1 just drew back up to 4",
                ]
            ],
        },
    ),
}


def _cases() -> list[object]:
    out = []
    for name, (_, registers) in SITUATIONS.items():
        for register, tellings in registers.items():
            for i, lines in enumerate(tellings):
                out.append(pytest.param(name, lines, id=f"{name}-{register}-{i}"))
    return out


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


def test_a_remark_after_a_card_list_is_reported_not_read_as_a_card() -> None:
    """ "pitched Card B for it, so 2 floating": the remark is kept as a claim (reported when unread),
    never taken for a second card pitched (which CR 1.14.3b would forbid)."""
    rep = _run("", ["P1 swung Attack A and pitched Card B for it, so 2 floating"])
    assert _kinds(rep, VIOLATION) == []
    assert any("so 2 floating" in m for m in _kinds(rep, UNREADABLE))
    assert rep.final.p("P1").resource_points == 2


def test_a_reaction_said_to_be_in_the_defend_step_is_still_illegal() -> None:
    """CR 8.1.2a: the implied passes to the Reaction Step are not taken when the line says the
    reaction was played in the Defend Step."""
    lines = [ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards"]
    ok = _run("", [*lines, "P1 plays Reaction R targeting Attack A"])
    assert _kinds(ok, VIOLATION) == []
    bad = _run("", [*lines, "P1 (priority in the Defend Step) plays Reaction R targeting Attack A"])
    assert len(_kinds(bad, VIOLATION)) == 1
