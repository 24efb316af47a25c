"""Opposing counters stay apart (CR 1.15.4) and what a line says about counters is checked.

A +1{p} and a -1{p} counter on one card are two counters: both modify the power (1.15.2a, 2.0.3d),
neither removes the other, and an effect that removes one kind (sharpen's delayed trigger, 8.5.58)
leaves the other. A claim that the counters came off or stayed is read and checked, never applied.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import MISMATCH, NOTE, UNREADABLE
from rules_engine.game.start import start_state
from rules_engine.game.state import Card, GameState, split_counters
from rules_engine.game.view import view

AXE = {"name": "Axe W", "type": "weapon (2H)", "power": 3, "text": "Once per Turn Action - {r}: Attack"}


def _replay(lines: list[str], counters: list[str]) -> Replay:
    given: dict[str, Any] = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 0, "weapons": [{**AXE, "counters": counters}]},
        "P2": {"life": 20, "hand": []},
    }
    state, cards = start_state(given)
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


def _axe(rep: Replay) -> dict[str, Any]:
    return dict(view(rep.final)["P1"]["weapons"][0])


def test_signed_counters_of_older_states_become_separate_minus_counters() -> None:
    assert split_counters({"defense": -2, "power": 1, "steam": 1}) == {"-defense": 2, "power": 1, "steam": 1}


def test_adding_the_opposing_counter_keeps_both() -> None:
    state, _ = start_state(
        {"turn": "P1", "phase": "action", "P1": {"weapons": [{**AXE, "counters": ["+1{p}"]}]}}
    )
    axe: Card = state.p("P1").weapons[0]
    axe.add_counters("power", -1)
    assert axe.counters == {"power": 1, "-power": 1} and axe.counter_mod("power") == 0
    assert GameState.from_json(state.to_json()).p("P1").weapons[0].counters == {"power": 1, "-power": 1}


@pytest.mark.parametrize(
    "line",
    [
        "all pass (the action phase ends); the sharpen trigger removes the +1{p} counter",
        "all pass; beginning of the End Phase - sharpen's delayed trigger removes the counter",
        "all pass (the action phase ends); the sharpen trigger removes the +1{p} counter (the -1{p} counter stays)",
    ],
)
def test_a_sharpen_trigger_the_line_names_removes_only_the_plus_counters(line: str) -> None:
    rep = _replay([line], ["+1{p}", "-1{p}"])
    assert _axe(rep)["counters"] == ["-1{p}"] and _axe(rep)["power"] == 2
    kinds = [f.kind for f in rep.steps[0].findings]
    assert MISMATCH not in kinds and UNREADABLE not in kinds
    assert any(f.kind == NOTE and "8.5.58" in f.rules for f in rep.steps[0].findings)


@pytest.mark.parametrize(
    "line",
    [
        "all pass (the action phase ends); the sharpen trigger removes the -1{p} counter",
        "all pass (the action phase ends); the sharpen trigger removes the +1{p} counter (the +1{p} counter stays)",
    ],
)
def test_a_wrong_claim_about_counters_is_a_mismatch(line: str) -> None:
    rep = _replay([line], ["+1{p}", "-1{p}"])
    assert _axe(rep)["counters"] == ["-1{p}"]
    assert MISMATCH in [f.kind for f in rep.steps[0].findings]


def test_a_sharpen_trigger_is_not_invented_without_a_plus_counter() -> None:
    rep = _replay(["all pass (the action phase ends); the sharpen trigger removes the counter"], ["-1{p}"])
    assert _axe(rep)["counters"] == ["-1{p}"]
    assert not any("recorded no sharpen" in f.message for f in rep.steps[0].findings)


def test_a_judge_cannot_remove_a_counter_the_card_does_not_have() -> None:
    rep = _replay(["judge: remove a -1{p} counter from Axe W"], ["+1{p}"])
    assert _axe(rep)["counters"] == ["+1{p}"]
    assert any("only 0 -1{p}" in f.message for f in rep.steps[0].findings)


def test_a_backup_restores_counters_listed_apart() -> None:
    from rules_engine.game.backup import backup

    rep = _replay(["judge: add a -1{p} counter to Axe W (a card put it there)"], ["+1{p}"])
    assert _axe(rep)["counters"] == ["+1{p}", "-1{p}"] and _axe(rep)["power"] == 3
    report = backup(rep, 0)
    assert {
        "card": "Axe W",
        "owner": "P1",
        "what": "counters",
        "now": ["+1{p}", "-1{p}"],
        "back_to": ["+1{p}"],
    } in (report.restores)
