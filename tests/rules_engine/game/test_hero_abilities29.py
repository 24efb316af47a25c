"""Hero abilities of issue 27's fourth pass (branch heroes29), each replayed with the real hero from the
fabrary dump (``fabrary_cards``): Chane's token cost and his next Runeblade or Shadow action's go again,
Boltyn's target with power above its base and his bonus while defended by an attack action card. Each
told formally, tersely and conversationally, with a check that the rule still bites."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


@pytest.mark.parametrize("hero", ["Chane", "Chane, Bound by Shadow", "Boltyn", "Ser Boltyn, Breaker of Dawn"])
def test_the_heroes_of_this_pass_are_computed_in_full(fabrary_cards, hero):
    facts = fabrary_cards.get(hero)
    assert facts is not None
    assert [p.text for p in coverage(facts) if p.status != MODELLED] == []


def _chane(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Chane, Bound by Shadow", "action_points": 1, "resource_points": 0, "hand": hand},
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "first",
    ["P1 activates Chane, Bound by Shadow", "Chane activates", "P1 used Chane's ability"],
    ids=["formal", "terse", "conversational"],
)
def test_chane_creates_a_soul_shackle_and_his_next_runeblade_action_gains_go_again(fabrary_cards, first):
    """CR 1.14.4: creating the token is the ability's cost; CR 5.1.2a: the next Runeblade or Shadow
    action card played this turn gains go again (the ability's own go again, CR 8.3.5a, gives back
    the action point the activation spent)."""
    lines = [first, "P1 plays Consuming Volition (red), pitching Sink Below (yellow)"]
    r = run_log(
        _chane(["Consuming Volition (red)", "Sink Below (yellow)"]), lines, fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert _names(state["P1"]["permanents"]) == ["Soul Shackle"]
    assert [(x["card"], x["go_again"]) for x in state["stack"]] == [("Consuming Volition", True)]
    assert not any(e["kind"] == "next_action_go_again" for e in state["effects"])  # used by the play


def test_chane_the_go_again_waits_for_a_runeblade_or_shadow_action(fabrary_cards):
    """A Generic attack is not a Runeblade or Shadow action: the effect stays for the next one."""
    lines = ["P1 activates Chane", "P1 plays Brutal Assault (red), pitching Sink Below (blue)"]
    r = run_log(_chane(["Brutal Assault (red)", "Sink Below (blue)"]), lines, fabrary_cards, all_read=True)
    state = r.to_json()["state"]
    assert [e["kind"] for e in state["effects"]] == ["next_action_go_again"]


def test_chane_a_second_activation_is_refused_and_makes_no_second_token(fabrary_cards):
    """CR 5.2.1a: once per turn; the refused activation pays nothing, so no second Soul Shackle."""
    r = run_log(_chane([]), ["Chane activates", "P1 passes, P2 passes", "Chane activates"], fabrary_cards)
    assert any("once per turn" in m for m in messages(r, "violation"))
    assert _names(r.to_json()["state"]["P1"]["permanents"]) == ["Soul Shackle"]


def _boltyn(p2_hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Ser Boltyn, Breaker of Dawn",
            "action_points": 1,
            "resource_points": 0,
            "soul": ["Ray of Hope (yellow)"],
            "hand": ["Brutal Assault (red)", "Cracked Bauble (yellow)", "Lunging Press (blue)"],
        },
        "P2": {"life": 20, "hand": p2_hand},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Lunging Press (blue) targeting Brutal Assault",
            "P1 activates Boltyn, banishing Ray of Hope (yellow)",
        ],
        ["P1 Lunging Press on Brutal Assault", "Boltyn activates"],
        [
            "then P1 played Lunging Press (blue) on Brutal Assault",
            "P1 used Boltyn's ability to give it go again",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_boltyn_gives_go_again_to_an_attack_above_its_base_power(fabrary_cards, lines):
    """CR 1.8.5d, 5.2.2: the target must have {p} greater than its base as the ability is activated; the
    player's own Lunging Press on the stack is taken as resolved first (a note), the soul card is
    banished (CR 1.14.4) and the attack gets go again (the ability has none of its own)."""
    start = ["P1 plays Brutal Assault (red), pitching Cracked Bauble (yellow)", "P2 doesn't block"]
    r = run_log(_boltyn([]), start + lines + ["Brutal Assault hits for 7", "Resolution step"], fabrary_cards)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P2"]["life"] == 13
    assert state["P1"]["action_points"] == 1
    assert _names(state["P1"]["banished"]) == ["Ray of Hope"]


def test_boltyn_refuses_an_attack_at_its_base_power(fabrary_cards):
    """No bonus on the attack: no legal target, the activation is reversed and the soul kept."""
    lines = [
        "P1 plays Brutal Assault (red), pitching Cracked Bauble (yellow)",
        "P2 doesn't block",
        "Reaction step: P1 activates Boltyn, banishing Ray of Hope (yellow)",
    ]
    r = run_log(_boltyn([]), lines, fabrary_cards)
    assert any("greater than its base" in m for m in messages(r, "violation"))
    assert _names(r.to_json()["state"]["P1"]["soul"]) == ["Ray of Hope"]


def _charged(block: str, life: int) -> list[str]:
    return [
        "P1 plays Beaming Bravado (red), charging Banneret of Courage",
        f"P2 defends with {block}",
        f"Beaming Bravado deals {20 - life}",
    ]


@pytest.mark.parametrize(
    ("block", "life"),
    [("Brutal Assault (red)", 18), ("Ironrot Helm", 17)],
    ids=["attack action defends", "equipment defends"],
)
def test_boltyn_charged_attacks_get_power_while_defended_by_an_attack_action_card(fabrary_cards, block, life):
    """CR 6.1.3: both conditions, a charge this turn and an attack action card defending, are checked
    before damage: Beaming Bravado 3 + 1 (a yellow card charged) + 1 (Boltyn) against Brutal Assault's
    3 deals 2; against Ironrot Helm (1 defense) no bonus: 4 - 1 = 3."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Ser Boltyn, Breaker of Dawn",
            "action_points": 1,
            "hand": ["Beaming Bravado (red)", "Banneret of Courage"],
        },
        "P2": {"life": 20, "hand": [block]}
        if "Helm" not in block
        else {"life": 20, "equipment": {"head": block}},
    }
    r = run_log(given, _charged(block, life), fabrary_cards)
    assert not messages(r, "violation") and not messages(r, "observation_mismatch")
    assert r.to_json()["state"]["P2"]["life"] == life
