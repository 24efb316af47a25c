"""Shapes the fourth blind batch (``scenarios/blind-26d.yaml``) found unread, closed the general way,
each told formally, tersely and conversationally: every telling is read in full (no unreadable
clause, no violation, no mismatch) and derives the state of the first formal telling
(docs/reconstruction.md, "Fifth pass: a fourth blind batch")."""

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
ATTACK_E = {"name": "Attack E", "type": "attack action", "cost": 2, "pitch": 1, "power": 5, "defense": 2}
CARD_B = {"name": "Card B", "type": "action", "cost": 0, "pitch": 3, "defense": 2}
CARD_C = {"name": "Card C", "type": "action", "cost": 0, "pitch": 3, "defense": 2}
CARD_D = {"name": "Card D", "type": "action", "cost": 0, "pitch": 1, "defense": 3}
INSTANT_G = {"name": "Instant G", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 2{h}."}
REACTION_R = {
    "name": "Reaction R",
    "type": "attack reaction",
    "cost": 0,
    "pitch": 1,
    "defense": 3,
    "text": "Target attack action card gets +2{p}.",
}
BOLT = {
    "name": "Bolt Q",
    "type": "non-attack action",
    "cost": 1,
    "pitch": 1,
    "defense": 3,
    "text": "Deal 3 arcane damage to target hero.",
}
HOOD = {"name": "Hood N", "type": "equipment (head)", "defense": 0, "keywords": ["arcane barrier 1"]}
HELM = {"name": "Helm X", "type": "equipment (head)", "defense": 1}
CHEST = {"name": "Chest Y", "type": "equipment (chest)", "defense": 2}
PUMMEL = {
    "name": "Pummel P",
    "type": "attack reaction",
    "cost": 0,
    "pitch": 1,
    "defense": 2,
    "text": "Choose 1;\n- Target club or hammer weapon attack gains +4{p}.\n"
    "- Target attack action with cost 2 or greater gains +4{p}.",
}
WALL = {
    "name": "Wall U",
    "type": "defense reaction",
    "cost": 0,
    "pitch": 1,
    "defense": 4,
    "text": "If this was played from arsenal, it gets +1{d}.",
}


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
            "hand": [ATTACK_A, ATTACK_E, CARD_B],
            "deck": 20,
        },
        "P2": {"life": 20, "intellect": 4, "hand": [CARD_C, CARD_D], "deck": 20},
    }
    if kind == "instant":
        g["P1"]["action_points"] = 0
        g["P2"]["hand"] = [INSTANT_G, CARD_C]
    if kind == "arcane":
        g["P1"]["hand"] = [BOLT, CARD_B]
        g["P2"]["hand"] = [CARD_D]
        g["P2"]["equipment"] = {"head": HOOD}
    if kind == "slots":
        g["P1"]["hand"] = [ATTACK_A, CARD_B]
        g["P2"]["equipment"] = {"head": HELM, "chest": CHEST}
    if kind == "reaction":
        g["P1"]["hand"] = [ATTACK_A, CARD_B, REACTION_R]
    if kind == "modes":
        g["P1"]["hand"] = [ATTACK_E, CARD_B, PUMMEL]
    if kind == "first":
        g["phase"] = "end"
        g["first_turn"] = True
        g["P1"]["hand"] = [CARD_D]
        g["P2"]["hand"] = [CARD_C]
    return g


def _run(kind: str, lines: list[str]) -> Replay:
    state, cards = start_state(_start(kind))
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


ATTACK_FORMAL = "P1 plays Attack A targeting P2's hero, pitching Card B"
TO_DEFEND = "all pass to the Defend Step"
TO_REACTION = "all pass to the Reaction Step"
TO_DAMAGE = "all pass to the Damage Step"
NO_BLOCK = "P2 declares no defending cards"

SITUATIONS: dict[str, tuple[str, dict[str, list[list[str]]]]] = {
    # CR 1.11.4a, 1.11.5, 5.3: a pass said with the state it happens in, and everyone passing said as an event
    "a pass and a resolution said as events": (
        "instant",
        {
            "formal": [
                ["P1 passes", "P2 plays Instant G", "all pass (Instant G resolves)"],
                [
                    "With an empty stack, P1 passes priority to P2.",
                    "P2 plays Instant G.",
                    "Both players pass in succession and Instant G resolves.",
                ],
            ],
            "terse": [["P1 passes prio to P2", "P2 inst G", "P1 and P2 both pass"]],
            "conversational": [
                [
                    "P1 passed priority with nothing going on",
                    "P2 then cracked Instant G",
                    "nobody responded so it resolved",
                ]
            ],
        },
    ),
    # CR 5.1.2, 7.6.2, 7.6.3a: the target said before the card, "announces", the go again point and
    # the next attack said as a follow-up
    "an attack at a player, go again, and the follow-up": (
        "",
        {
            "formal": [
                [
                    ATTACK_FORMAL,
                    TO_DEFEND,
                    NO_BLOCK,
                    TO_DAMAGE,
                    "all pass to the Resolution Step",
                    "P1 plays Attack E targeting P2's hero, paying 2 with floating resource points",
                ],
                [
                    "P1 announces Attack A targeting P2's hero and pitches Card B to pay for it.",
                    "P2 declares no defending cards; all pass through the Reaction Step.",
                    "All players pass again; the Resolution Step follows.",
                    "P1 plays Attack E targeting P2's hero, paying 2 with floating resource points.",
                ],
            ],
            "terse": [
                [
                    "P1 atk P2 w/ Attack A, pitch Card B",
                    "P2 no blk, 4 dmg",
                    "Attack E off the go again, paying with the float",
                ]
            ],
            "conversational": [
                [
                    "P1 swung at P2 with Attack A, pitching Card B",
                    "P2 didn't block and took the 4",
                    "P1 gets the action point back from go again and follows up with Attack E off the float",
                ]
            ],
        },
    ),
    # CR 1.14.3, 8.3.8: a pitch said before the play it paid for; a permanent "used" while arcane
    # damage waits applies its prevention keyword
    "a pitch said first and a barrier used": (
        "arcane",
        {
            "formal": [
                [
                    "P1 plays Bolt Q targeting P2's hero, pitching Card B",
                    "all pass (Bolt Q resolves)",
                    "P2 applies Arcane Barrier 1, pitching Card D",
                ]
            ],
            "terse": [["P1 pitch Card B, then plays Bolt Q @P2", "res; P2 pops Hood N, pitch Card D"]],
            "conversational": [
                [
                    "P1 pitched Card B and played Bolt Q at P2's face",
                    "P2 let it resolve and used Hood N, pitching Card D for the 1",
                ]
            ],
        },
    ),
    # CR 7.3.2a: equipment named by its slot; the attack named after the defenders is the active one
    "defenders named by slot and the attack they block": (
        "slots",
        {
            "formal": [
                [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card C, Helm X and Chest Y as defending cards"]
            ],
            "terse": [
                [ATTACK_FORMAL, "P2 blk: Card C + helm + chest"],
                [ATTACK_FORMAL, "P2 blk Card C + helm + chest vs Attack A"],
            ],
            "conversational": [[ATTACK_FORMAL, "P2 put Card C, the helm and the chest in front of it"]],
        },
    ),
    # CR 7.3.4, 7.4.3, 7.5.2: the steps between the defence and the damage said in words
    "the passes to the damage said in words": (
        "",
        {
            "formal": [
                [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card D as a defending card", TO_REACTION, TO_DAMAGE]
            ],
            "terse": [[ATTACK_FORMAL, "P2 blk w/ Card D", "all pass, dmg"]],
            "conversational": [
                [
                    ATTACK_FORMAL,
                    "P2 blocked with just Card D",
                    "we went straight through reactions with nothing played",
                    "the attack does 1",
                ],
                [
                    ATTACK_FORMAL,
                    "P2 blocked with Card D only",
                    "P2 passed through to reactions, P1 had nothing, P2 passes, damage",
                ],
            ],
        },
    ),
    # CR 7.1.3, 7.3.2, 7.5.2: the attack's whole power taken while it waits alone on the stack
    "the whole power taken with no block said": (
        "",
        {
            "formal": [[ATTACK_FORMAL, TO_DEFEND, NO_BLOCK, TO_DAMAGE]],
            "terse": [[ATTACK_FORMAL, "P2 takes 4"]],
            "conversational": [["P1 played Attack A at P2 and pitched Card B for it", "P2 just took all 4"]],
        },
    ),
    # CR 4.4.3b, 4.4.3f: no card put into the arsenal, and the draws of the first turn
    "the first turn's end said in words": (
        "first",
        {
            "formal": [["P1 does not arsenal", "P1 draws 3", "P2 draws 3"]],
            "terse": [
                ["P1 kept their hand, nothing went to arsenal", "P1 draws up to 4", "P2 draws up to 4 too"]
            ],
            "conversational": [
                [
                    "P1 put nothing into arsenal",
                    "P1 drew back up to 4",
                    "since it's turn one, P2 drew up to 4 as well",
                ]
            ],
        },
    ),
    # CR 1.7.5, 5.1.4a: a modal card's mode declared by its number, its ordinal or its words
    "a mode named in words": (
        "modes",
        {
            "formal": [
                [
                    "P1 plays Attack E targeting P2's hero, pitching Card B",
                    TO_DEFEND,
                    NO_BLOCK,
                    TO_REACTION,
                    "P1 plays Pummel P (mode 2) targeting Attack E",
                    "all pass (Pummel P resolves)",
                ]
            ],
            "terse": [
                [
                    "P1 atk P2 w/ Attack E, pitch Card B",
                    "P2 no blk",
                    "P1 plays Pummel P, choosing the second mode and targeting Attack E",
                    "all pass, Pummel P res",
                ],
                [
                    "P1 atk P2 w/ Attack E, pitch Card B",
                    "P2 no blk",
                    "P1 Pummel P -> Attack E (2nd mode: +4)",
                    "all pass",
                ],
                [
                    "P1 atk P2 w/ Attack E, pitch Card B",
                    "P2 no blk",
                    "P1 Pummel P -> Attack E (atk action mode)",
                    "all pass",
                ],
            ],
            "conversational": [
                [
                    "P1 swung at P2 with Attack E, pitching Card B",
                    "P2 didn't block",
                    "P1 played Pummel P, choosing the attack action mode, on Attack E",
                    "P2 let it resolve",
                ],
                # the mode left out: only the second mode's target fits Attack E (CR 1.7.5, 1.8.5d)
                [
                    "P1 swung at P2 with Attack E, pitching Card B",
                    "P2 didn't block",
                    "P1 threw Pummel P on Attack E",
                    "P2 let it resolve",
                ],
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


def test_a_reaction_by_a_player_said_to_have_priority_in_the_defend_step_is_illegal() -> None:
    """CR 8.1.2a: "P1, who now has priority in the Defend Step, plays R" keeps the reaction in the Defend
    Step (no passes implied), so it is flagged; in the Reaction Step the same play is legal."""
    lines = [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card D as a defending card"]
    bad = _run(
        "reaction",
        [*lines, "P1, who now has priority in the Defend Step, plays Reaction R targeting Attack A"],
    )
    assert len(_kinds(bad, VIOLATION)) == 1
    ok = _run("reaction", [*lines, TO_REACTION, "P1 plays Reaction R targeting Attack A"])
    assert _kinds(ok, VIOLATION) == []


def test_damage_taken_that_is_not_the_whole_power_implies_no_passes() -> None:
    """ "P2 takes 3" against a 4-power attack on the stack: a block the log left out is possible, so
    nothing is implied (the attack stays on the stack and the claim is reported)."""
    rep = _run("", [ATTACK_FORMAL, "P2 takes 3"])
    assert rep.final.stack and rep.final.combat_step == "layer"
    assert rep.final.p("P2").life == 20


def test_a_permanent_used_with_no_damage_waiting_is_an_activation() -> None:
    """CR 6.4.2: "uses Hood N" applies its arcane barrier only while damage to its controller waits;
    before the damage it is an activation (Hood N has no activated ability, so it is not a prevention)."""
    rep = _run("arcane", ["P1 plays Bolt Q targeting P2's hero, pitching Card B", "P2 uses Hood N"])
    assert rep.final.p("P2").life == 20
    assert rep.final.stack  # Bolt Q has not resolved


def test_a_defense_reaction_from_arsenal_gets_its_arsenal_bonus_only_from_arsenal() -> None:
    """Unmovable's "If this was played from arsenal, it gets +1{d}" (CR 8.1.3b, 5.1.1a): 5 defense from
    arsenal, 4 from hand."""
    g = _start("")
    lines = [ATTACK_FORMAL, TO_DEFEND, NO_BLOCK, TO_REACTION, "P1 passes"]
    for zone, damage in (("arsenal", 0), ("hand", 0)):
        g2 = {
            **g,
            "P2": {
                **g["P2"],
                "hand": [WALL] if zone == "hand" else [],
                "arsenal": [WALL] if zone == "arsenal" else [],
            },
        }
        state, cards = start_state(g2)
        rep = replay(
            state,
            [*lines, f"P2 plays Wall U from {zone}", "all pass (Wall U resolves)"],
            cards,
            names=names_for(state, lookup=cards),
        )
        link = rep.final.active_link()
        assert link is not None
        assert [c.name for c in link.defending] == ["Wall U"]
        expected = 5 if zone == "arsenal" else 4
        from rules_engine.game.values import defense_of

        assert sum(defense_of(rep.final, c) for c in link.defending) == expected
        del damage


def test_a_mode_named_in_words_is_checked_against_its_target() -> None:
    """CR 1.7.5, 1.8.5d: the mode named by its words is that mode, so its target rule applies: a
    cost-0 attack is not a legal target for the "cost 2 or greater" mode (the play is reversed)."""
    g = _start("modes")
    g["P1"]["hand"] = [ATTACK_A, CARD_B, PUMMEL]
    state, cards = start_state(g)
    lines = [ATTACK_FORMAL, TO_DEFEND, NO_BLOCK, TO_REACTION]
    bad = replay(
        state,
        [*lines, "P1 plays Pummel P, choosing the attack action mode and targeting Attack A"],
        cards,
        names=names_for(state, lookup=cards),
    )
    assert len(_kinds(bad, VIOLATION)) == 1
    assert [c.name for c in bad.final.p("P1").hand] == ["Pummel P"]


def test_a_mode_left_out_is_inferred_only_when_one_mode_fits() -> None:
    """CR 1.7.5: with no mode said, the mode is read only when exactly one mode's target description
    fits the attack (a note says so); against a cost-0 attack neither fits, so the play is illegal."""
    fits = _run(
        "modes",
        [
            "P1 plays Attack E targeting P2's hero, pitching Card B",
            TO_DEFEND,
            NO_BLOCK,
            TO_REACTION,
            "P1 plays Pummel P targeting Attack E",
        ],
    )
    assert any("only mode 2 fits" in m for m in _kinds(fits, "note"))
    g = _start("modes")
    g["P1"]["hand"] = [ATTACK_A, CARD_B, PUMMEL]
    state, cards = start_state(g)
    none = replay(
        state,
        [ATTACK_FORMAL, TO_DEFEND, NO_BLOCK, TO_REACTION, "P1 plays Pummel P targeting Attack A"],
        cards,
        names=names_for(state, lookup=cards),
    )
    assert not any("only mode" in m for m in _kinds(none, "note"))
    # blind-26e: no mode fits a cost-0 attack, so whichever was meant the card has no legal target
    # (CR 5.1.5, 1.8.5d): a violation, no longer an ambiguity
    assert any("no mode of Pummel P fits" in m for m in _kinds(none, "violation"))
