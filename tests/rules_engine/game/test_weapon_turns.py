"""Weapons that count their own attacks and hits in a turn (issue 27, Dorinthea's weapons), and the
condition "a weapon you control has hit this turn" (Braveforge Bracers). Real cards, replayed."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage, weapon_turn_text
from tests.rules_engine.game.replaying import messages, run_log


def _dorinthea(weapon: Any, **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Dorinthea Ironsong",
            "life": 20,
            "resource_points": 3,
            "action_points": 2,
            "weapons": [weapon],
            **p1,
        },
        "P2": {"life": 20},
    }


def _two_swings(name: str, second_taken: int) -> list[str]:
    return [
        f"P1 attacks with {name}",
        "P2 doesn't block",
        "all pass",
        "all pass",
        "all pass",
        f"P1 attacks with {name} again",
        "P2 doesn't block",
        f"P2 takes {second_taken}",
    ]


def test_dawnblade_resplendent_gains_power_on_its_second_attack_of_the_turn(fabcube_cards):
    """ "The second time you attack with Dawnblade each turn, it gains +1{p}": 2, then 3."""
    result = run_log(
        _dorinthea("Dawnblade, Resplendent"), _two_swings("Dawnblade, Resplendent", 3), fabcube_cards
    )
    assert not messages(result, "observation_mismatch") and not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 15
    assert not any("second time you attack" in m for m in messages(result, "manual_effect"))


def test_dawnblade_resplendent_first_attack_has_no_bonus(fabcube_cards):
    result = run_log(
        _dorinthea("Dawnblade, Resplendent"),
        ["P1 attacks with Dawnblade, Resplendent", "P2 doesn't block", "P2 takes 2"],
        fabcube_cards,
    )
    assert not messages(result, "observation_mismatch"), result.findings
    assert result.state["P2"]["life"] == 18


def test_dawnblade_gets_a_counter_on_its_second_hit_of_the_turn(fabcube_cards):
    result = run_log(_dorinthea("Dawnblade"), [*_two_swings("Dawnblade", 3), "all pass"], fabcube_cards)
    assert [w["counters"] for w in result.state["P1"]["weapons"]] == [["+1{p}"]]
    assert result.state["P2"]["life"] == 14


def test_dawnblade_blocked_once_gets_no_counter(fabcube_cards):
    given = _dorinthea("Dawnblade")
    given["P2"]["hand"] = [{"name": "Wall", "type": "block", "defense": 3}]
    lines = [
        "P1 attacks with Dawnblade",
        "P2 defends with Wall",
        "all pass",
        "all pass",
        "all pass",
        "P1 attacks with Dawnblade again",
        "P2 doesn't block",
        "all pass",
        "all pass",
        "all pass",
    ]
    result = run_log(given, lines, fabcube_cards)
    assert [w["counters"] for w in result.state["P1"]["weapons"]] == [[]]


@pytest.mark.parametrize("hits, kept", [(False, []), (True, ["+1{p}"])])
def test_dawnblade_loses_its_counters_at_the_end_phase_only_when_it_did_not_hit(fabcube_cards, hits, kept):
    given = _dorinthea({"name": "Dawnblade", "counters": {"power": 1}})
    given["P2"]["hand"] = [{"name": "Wall", "type": "block", "defense": 9}]
    block = "P2 doesn't block" if hits else "P2 defends with Wall"
    lines = ["P1 attacks with Dawnblade", block, "all pass", "all pass", "all pass", "all pass", "all pass"]
    result = run_log(given, lines, fabcube_cards)
    assert result.state["phase"] == "end"
    assert [w["counters"] for w in result.state["P1"]["weapons"]] == [kept]


def test_braveforge_bracers_needs_a_weapon_hit_this_turn(fabcube_cards):
    given = _dorinthea("Dawnblade", equipment=["Braveforge Bracers"])
    early = run_log(given, ["P1 activates Braveforge Bracers"], fabcube_cards)
    assert any("a weapon you control has hit this turn" in m for m in messages(early, "violation"))
    late = run_log(
        given,
        [
            "P1 attacks with Dawnblade",
            "P2 doesn't block",
            "P2 takes 3",
            "all pass",
            "all pass",
            "P1 activates Braveforge Bracers",
        ],
        fabcube_cards,
    )
    assert not messages(late, "violation"), late.findings
    assert late.state["P1"]["resource_points"] == 1


def test_the_weapon_sentences_count_as_computed(fabcube_cards):
    for name in ("Dawnblade", "Dawnblade, Resplendent", "Braveforge Bracers"):
        facts = fabcube_cards.get(name)
        assert facts is not None
        assert all(p.status == MODELLED for p in coverage(facts)), [
            (p.text, p.status) for p in coverage(facts)
        ]
    assert weapon_turn_text(fabcube_cards.get("Dawnblade, Resplendent")) == (1, False, False)
    assert weapon_turn_text(fabcube_cards.get("Dawnblade")) == (0, True, True)
