"""A reversed or unreadable line never cascades (issue 26).

"all pass (X resolves)" written after the line that put X on the stack was reversed (CR 1.10.3) or
not read would, applied to the engine's state, resolve another layer or end the step, the action
phase and the turn (CR 1.11.4a, 5.3.1, 4.3.4). The pass is not applied; the line gets an ambiguity
finding that names it, and the later lines follow from the state the players and the engine share.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game import actions as A
from rules_engine.game.engine import Engine
from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.phrases import Parser
from rules_engine.game.rules import AMBIGUITY, VIOLATION
from rules_engine.game.start import start_state
from rules_engine.game.state import Layer
from rules_engine.game.view import view

ATTACK = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}
INSTANT = {"name": "Instant Z", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 1{h}."}
DEAR = {"name": "Instant D", "type": "instant", "cost": 3, "pitch": 1, "text": "Gain 2{h}."}
BIG = {"name": "Attack Big", "type": "attack action", "cost": 3, "pitch": 1, "power": 6, "defense": 2}
AR = {"name": "AR R", "type": "attack reaction", "cost": 0, "pitch": 1, "text": "Target attack gets +1{p}."}
CARD_C = {"name": "Card C", "type": "action", "cost": 0, "pitch": 1, "defense": 3}
DR = {"name": "DR D", "type": "defense reaction", "cost": 0, "pitch": 1, "defense": 3}


def _given(**p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "P1": {"life": 20, "action_points": 1, "hand": [ATTACK, INSTANT, DEAR], **p1},
        "P2": {"life": 20, "hand": [CARD_C, DR]},
    }


def _replay(lines: list[str], **p1: Any) -> Replay:
    state, cards = start_state(_given(**p1))
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


def _kinds(rep: Replay, line: int) -> list[str]:
    return [f.kind for f in rep.steps[line - 1].findings]


def test_all_pass_naming_a_layer_that_was_reversed_ends_nothing() -> None:
    rep = _replay(
        ["P1 plays Instant D", "all pass (Instant D resolves)", "P1 plays Attack A targeting P2's hero"]
    )

    assert _kinds(rep, 1) == [VIOLATION]  # 3 resource points short: reversed
    assert _kinds(rep, 2) == [AMBIGUITY]
    finding = rep.steps[1].findings[0]
    assert finding.action == 2 and finding.line == "all pass (Instant D resolves)"
    assert "Instant D is not on the stack" in finding.message and "end the action phase" in finding.message
    assert "1.11.4a" in finding.rules
    after = view(rep.steps[1].state)
    assert (after["phase"], after["turn"], after["priority"]) == ("action", "P1", "P1")
    assert rep.steps[1].state.state_hash() == rep.steps[0].state.state_hash()
    # the attack the players played next is still legal: the turn did not end behind their backs
    assert _kinds(rep, 3) == [] and view(rep.final)["stack"][0]["card"] == "Attack A"


def test_all_pass_naming_a_reversed_layer_does_not_resolve_the_one_below() -> None:
    rep = _replay(
        [
            "P1 plays Attack A targeting P2's hero",
            "P1 plays Instant D",
            "all pass (Instant D resolves)",
        ]
    )

    assert _kinds(rep, 2) == [VIOLATION]
    assert _kinds(rep, 3) == [AMBIGUITY]
    assert "the pass would resolve Attack A" in rep.steps[2].findings[0].message
    assert [x["card"] for x in view(rep.final)["stack"]] == ["Attack A"]
    assert view(rep.final)["combat_chain"]["step"] == "layer"


@pytest.mark.parametrize(
    "line",
    [
        "all pass (Instant Z resolves)",
        "all pass (it resolves)",
        "all pass (the top layer resolves)",
        "all pass (Instant Z resolves; P1 gains 1 life)",
        "all pass (Instant Z resolves: P1 gains 1 life)",
    ],
)
def test_all_pass_naming_the_layer_on_the_stack_resolves_it(line: str) -> None:
    rep = _replay(["P1 plays Instant Z", line])

    assert _kinds(rep, 2) == []
    assert view(rep.final)["stack"] == [] and view(rep.final)["P1"]["life"] == 21


@pytest.mark.parametrize(
    ("said", "layer"),
    [
        ("the top Runechant trigger", "Runechant 2 trigger"),
        ("the second Runechant trigger", "Runechant 1 trigger"),
        ("the Gold activated-layer", "Gold ability"),
        ("the hit trigger", "Attack A hit trigger"),
        ("P2's Spectral Shield trigger", "Spectral Shield trigger"),
        ("the trigger", "Frostbite trigger"),
    ],
)
def test_a_layer_is_named_leniently(said: str, layer: str) -> None:
    state, cards = start_state(_given())
    state.stack.append(Layer(id=state.new_id(), kind="triggered", name=layer, controller="P1"))
    step = Engine(cards).apply(state, Parser().parse(1, f"all pass ({said} resolves)"))

    assert [f.kind for f in step.findings] == []
    assert step.state.stack == []


def test_a_line_saying_what_the_pass_ends_is_not_checked_against_the_stack() -> None:
    rep = _replay(["all pass (the action phase ends)"])

    assert _kinds(rep, 1) == []
    assert view(rep.final)["phase"] == "end"


def test_the_parser_keeps_what_an_all_pass_line_says_resolves() -> None:
    parse = Parser().parse

    # what else the parentheses say is read as claims, checked after the pass (never applied)
    assert parse(1, "all pass (Instant Z resolves; the ward applies)").clauses == [
        A.AllPass("once", (), "Instant Z"),
        A.Claim("prevents", "ward"),
    ]
    assert parse(1, "all pass (Resolution Step ends; the temper trigger resolves)").clauses == [
        A.AllPass("once"),
        A.Claim("step", "resolution", 1),
        A.Claim("resolved", "temper trigger"),
    ]
    assert parse(1, "all pass").clauses == [A.AllPass("once")]


def test_all_pass_naming_a_layer_that_is_not_on_top_is_not_applied() -> None:
    """CR 5.3.1: all players passing resolves the top layer; a line naming one further down was
    written about another stack, so the pass is not applied."""
    rep = _replay(
        ["P1 plays Instant Z", "P1 plays Instant D", "all pass (Instant Z resolves)"], resource_points=3
    )

    assert _kinds(rep, 2) == []
    assert _kinds(rep, 3) == [AMBIGUITY]
    message = rep.steps[2].findings[0].message
    assert "Instant Z is on the stack but not on top" in message and "resolve Instant D" in message
    assert [x["card"] for x in view(rep.final)["stack"]] == ["Instant Z", "Instant D"]
    assert rep.steps[2].state.state_hash() == rep.steps[1].state.state_hash()


def test_passes_by_name_naming_a_reversed_layer_end_nothing() -> None:
    rep = _replay(["P1 plays Instant D", "P1 passes; P2 passes (Instant D resolves)", "P1 plays Instant Z"])

    assert _kinds(rep, 1) == [VIOLATION]
    assert _kinds(rep, 2) == [AMBIGUITY]
    assert "Instant D is not on the stack" in rep.steps[1].findings[0].message
    assert view(rep.steps[1].state)["phase"] == "action"
    # P1's pass stands, P2's round-completing pass does not: the action phase did not end
    assert _kinds(rep, 3) == [] and [x["card"] for x in view(rep.final)["stack"]] == ["Instant Z"]


def test_passes_by_name_naming_the_top_layer_resolve_it() -> None:
    rep = _replay(["P1 plays Instant Z", "P1 passes; P2 passes (Instant Z resolves)"])

    assert _kinds(rep, 2) == []
    assert view(rep.final)["stack"] == [] and view(rep.final)["P1"]["life"] == 21


def test_the_parser_keeps_what_a_pass_line_says_resolves() -> None:
    parse = Parser().parse

    # (The bracketed words are also kept as a claim the replay checks: docs/reconstruction.md.)
    for line in ("P1 passes; P2 passes (Instant Z resolves)", "P1 passes and P2 passes (Instant Z resolves)"):
        clauses = parse(1, line).clauses
        assert [c for c in clauses if not isinstance(c, A.Claim)] == [A.Pass("P1"), A.Pass("P2", "Instant Z")]
        assert all(c.kind == "resolved" for c in clauses if isinstance(c, A.Claim))


def test_passing_to_a_step_the_chain_cannot_reach_is_not_applied() -> None:
    """An attack that was not played (its line reversed) leaves no chain link to reach the Defend
    Step: passing would end the action phase (CR 4.3.4), so the pass is not applied."""
    rep = _replay(
        ["P1 plays Instant D", "all pass to the Defend Step", "P1 plays Attack A targeting P2's hero"]
    )

    assert _kinds(rep, 1) == [VIOLATION]
    assert _kinds(rep, 2) == [AMBIGUITY]
    assert "passes to the defend step" in rep.steps[1].findings[0].message.casefold()
    assert view(rep.steps[1].state)["phase"] == "action"
    assert _kinds(rep, 3) == [] and view(rep.final)["stack"][0]["card"] == "Attack A"


def test_passing_to_the_defend_step_with_an_attack_on_the_stack_reaches_it() -> None:
    rep = _replay(["P1 plays Attack A targeting P2's hero", "all pass to the Defend Step"])

    assert _kinds(rep, 2) == []
    assert view(rep.final)["combat_chain"]["step"] == "defend"


def test_an_illegal_action_after_an_unread_part_of_its_line_is_not_called_a_violation() -> None:
    rep = _replay(["P1 frobnicates the widget; P2 declares no defending cards"])

    kinds = _kinds(rep, 1)
    assert VIOLATION not in kinds and AMBIGUITY in kinds
    finding = next(f for f in rep.steps[0].findings if f.kind == AMBIGUITY)
    assert "frobnicates the widget" in finding.message and "1.10.3" in finding.rules
    assert rep.steps[0].reversed


def test_an_illegal_action_before_an_unread_part_is_still_a_violation() -> None:
    rep = _replay(["P2 declares no defending cards; P1 frobnicates the widget"])

    assert VIOLATION in _kinds(rep, 1)


@pytest.mark.parametrize(
    "line",
    [
        "all pass (Instant D resolves)",
        "both pass, Instant D resolves",
        "all pass and Instant D resolves",
        "everyone passes; Instant D resolved.",
        "Instant D resolves",
        "Instant D resolved",
        "P1 passes, P2 passes, Instant D resolves",
        "pass (Instant D resolves)",
        "Instant D resolves (all pass)",
        "we both passed and Instant D resolved",
        "both players pass, then Instant D resolves",
    ],
)
def test_every_phrasing_of_a_pass_naming_a_reversed_layer_is_an_ambiguity(line: str) -> None:
    rep = _replay(["P1 plays Instant D", line, "P1 plays Attack A targeting P2's hero"])

    assert _kinds(rep, 1) == [VIOLATION]
    assert AMBIGUITY in _kinds(rep, 2) and VIOLATION not in _kinds(rep, 2)
    finding = next(f for f in rep.steps[1].findings if f.kind == AMBIGUITY)
    assert finding.action == 2 and "Instant D" in finding.message
    assert rep.steps[1].state.state_hash() == rep.steps[0].state.state_hash()
    assert _kinds(rep, 3) == [] and view(rep.final)["stack"][0]["card"] == "Attack A"


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Instant Z; both pass and it resolves",
        "P1 plays Instant Z; Instant Z resolves",
        "P1 plays Instant Z, all pass and it resolved",
    ],
)
def test_a_pass_naming_the_layer_on_top_resolves_it_once(line: str) -> None:
    rep = _replay([line, "Instant Z resolved", "P1 plays Attack A targeting P2's hero"])
    assert view(rep.steps[0].state)["P1"]["life"] == 21
    assert rep.steps[1].state.state_hash() == rep.steps[0].state.state_hash()  # a restatement
    assert _kinds(rep, 3) == []


@pytest.mark.parametrize(
    "line",
    [
        "P2 declares no defending cards",
        "P2 didn't block and took the 6",
        "P2 blocks with Card C",
        "P1 plays AR R targeting Attack Big",
        "P2 plays DR D",
    ],
)
def test_a_line_that_needs_the_reversed_attack_is_not_a_second_violation(line: str) -> None:
    rep = _replay(
        ["P1 plays Attack Big targeting P2's hero", line, "P1 plays Instant Z"],
        hand=[ATTACK, INSTANT, BIG, AR],
    )
    assert _kinds(rep, 1) == [VIOLATION]
    assert VIOLATION not in _kinds(rep, 2) and AMBIGUITY in _kinds(rep, 2)
    assert "line 1" in next(f.message for f in rep.steps[1].findings if f.kind == AMBIGUITY)
    assert _kinds(rep, 3) == []


def test_an_unread_attack_line_makes_the_block_after_it_an_ambiguity() -> None:
    rep = _replay(["P1 zorps Attack A at P2", "P2 blocks with Card C", "all pass (Attack A resolves)"])
    assert VIOLATION not in _kinds(rep, 2) and AMBIGUITY in _kinds(rep, 2)
    assert _kinds(rep, 3) == [AMBIGUITY]
    assert view(rep.final)["phase"] == "action"


def test_a_reversed_line_that_is_not_an_attack_leaves_later_violations_alone() -> None:
    rep = _replay(["P1 plays Instant D", "P2 plays DR D"])
    assert _kinds(rep, 2) == [VIOLATION]


@pytest.mark.parametrize(
    ("line", "rewritten"),
    [
        ("both pass, Instant D resolves", "all pass (Instant D resolves)"),
        ("we both passed and Instant D resolved", "all pass (Instant D resolves)"),
        ("P2 passes back, it resolved", "P2 passes (it resolves)"),
        (
            "P1 passes, P2 passes and the Runechant trigger resolves",
            "P1 passes, P2 passes (the Runechant trigger resolves)",
        ),
        ("both pass and the attack resolves and P2 blocks", "all pass (the attack resolves); P2 blocks"),
        (
            "all pass, then the top Runechant trigger resolves and deals 1",
            "all pass (the top Runechant trigger resolves; the top Runechant trigger deals 1)",
        ),
        # left alone: the layer is a play of the line, or the pass goes to a step
        ("P1 passes; P2 plays Instant Z and it resolves", "P1 passes; P2 plays Instant Z and it resolves"),
        ("all pass to the Defend Step, Attack A resolves", "all pass to the Defend Step, Attack A resolves"),
        ("all pass (the action phase ends)", "all pass (the action phase ends)"),
    ],
)
def test_a_pass_and_what_it_resolves_are_rewritten_into_the_checked_shape(line: str, rewritten: str) -> None:
    from rules_engine.game.phrases import said_resolves

    assert said_resolves(line) == rewritten


def test_the_outcome_claimed_for_a_pass_that_was_not_applied_is_not_a_mismatch() -> None:
    rep = _replay(
        [
            "P1 plays Attack Big targeting P2's hero",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass through the Reaction and Damage Steps (P2 takes 6)",
            "P1 plays Instant Z",
        ],
        hand=[ATTACK, INSTANT, BIG],
    )
    assert _kinds(rep, 1) == [VIOLATION]
    assert _kinds(rep, 2) == [AMBIGUITY] and AMBIGUITY in _kinds(rep, 4)
    assert "observation_mismatch" not in _kinds(rep, 4)
    assert any("not checked" in f.message for f in rep.steps[3].findings)
    assert _kinds(rep, 5) == [] and view(rep.final)["P2"]["life"] == 20
