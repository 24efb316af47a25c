"""Triggers of phases and zones on real cards (issue 27, branch phases30): a figment entering the arena
(CR 8.2.16), a phantasm attack's own "When this is destroyed" (CR 8.3.13, 6.6.1), "When this is put into
your graveyard from anywhere" on an attack card (CR 6.6.1, 3.8), and the phase triggers of permanents
(CR 4.2.2 start of turn, 4.3.1 action phase, 4.4.2 end phase). Each test replays a short log with the
card from the fabrary dump and checks the state, with a case where the trigger must not act."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log

_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


def _computed(lookup: Any, name: str, words: str) -> bool:
    facts = lookup.get(name)
    assert facts is not None, name
    parts = [p for p in coverage(facts) if words in p.text]
    assert parts, [p.text for p in coverage(facts)]
    return all(p.status == MODELLED for p in parts)


def _names(cards: list[Any]) -> list[str]:
    return [c["name"] if isinstance(c, dict) else str(c) for c in cards]


def _action(hand: list[Any], **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"life": 15, "resource_points": 0, "action_points": 1, "hand": hand, **p1},
        "P2": {"life": 20},
    }


# --- a figment enters the arena as it resolves (CR 8.2.16a-b) and its enter trigger acts ---------------


@pytest.mark.parametrize(
    ("card", "token"),
    [
        ("Figment of War", "Courage"),
        ("Figment of Erudition", "Ponder"),
        ("Figment of Protection", "Spectral Shield"),
    ],
)
def test_a_figment_enters_the_arena_and_creates_its_token(fabrary_cards, card, token):
    assert _computed(fabrary_cards, card, "When this enters the arena")
    cost = fabrary_cards.get(card).cost or 0
    given = _action([card], resource_points=cost)
    result = run_log(given, [f"P1 plays {card}", "all pass", "all pass"], fabrary_cards)
    assert not messages(result, "violation"), result.violations
    perms = _names(result.state["P1"]["permanents"])
    assert card in perms and token in perms, perms
    assert card not in str(result.state["P1"]["graveyard"])


# --- a phantasm attack's own "When this is destroyed, create a token" (CR 8.3.13, 6.6.1) ---------------

_BIG = {"name": "Big Block", "type": "Generic attack action", "cost": 2, "pitch": 1, "defense": 2}


@pytest.mark.parametrize(
    ("card", "token"), [("Dunebreaker Cenipai", "Ash"), ("Phantasmal Haze", "Spectral Shield")]
)
@pytest.mark.parametrize("power", [6, 5])
def test_a_phantasm_attack_destroyed_creates_its_token(fabrary_cards, card, token, power):
    assert _computed(fabrary_cards, card, "is destroyed")
    cost = fabrary_cards.get(card).cost or 0
    given = _action([card], resource_points=cost)
    given["P2"]["hand"] = [{**_BIG, "power": power}]
    lines = [
        f"P1 plays {card}",
        "all pass to the Defend Step",
        "P2 declares Big Block",
        "all pass",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    perms = _names(result.state["P1"]["permanents"])
    # a defender with 6 or more {p} destroys the attack (CR 8.3.13a); with 5 it is not destroyed
    assert (token in perms) == (power == 6), perms
    assert not messages(result, "violation"), result.violations


# --- "When this is put into your graveyard from anywhere, gain N{h}" on an attack card ------------------


def test_an_attack_card_put_into_the_graveyard_gains_life(fabrary_cards):
    assert _computed(fabrary_cards, "Sirens of Safe Harbor", "put into your graveyard")
    cost = fabrary_cards.get("Sirens of Safe Harbor").cost or 0
    given = _action(["Sirens of Safe Harbor"], resource_points=cost)
    lines = ["P1 plays Sirens of Safe Harbor", *_THROUGH, "all pass (the combat chain closes)", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.violations
    assert "Sirens of Safe Harbor" in str(result.state["P1"]["graveyard"])
    assert result.state["P1"]["life"] == 15 + 1


@pytest.mark.parametrize("defends", [True, False])
def test_a_block_card_put_into_the_graveyard_gains_life(fabrary_cards, defends):
    """Fiddler's Green defends; as the chain closes it goes to its owner's graveyard (CR 7.7) and its
    trigger gains 3{h}; kept in hand, it does nothing."""
    assert _computed(fabrary_cards, "Fiddler's Green", "put into your graveyard")
    given = _action(
        [{"name": "Swing", "type": "Generic attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}]
    )
    given["P2"]["hand"] = ["Fiddler's Green"]
    block = "P2 declares Fiddler's Green" if defends else "P2 declares no defending cards"
    lines = [
        "P1 plays Swing",
        "all pass to the Defend Step",
        block,
        "all pass through the Reaction and Damage Steps",
        "all pass",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.violations
    damage = max(0, 4 - (fabrary_cards.get("Fiddler's Green").defense or 0)) if defends else 4
    assert result.state["P2"]["life"] == 20 - damage + (3 if defends else 0)


# --- phase triggers of a token with printed text, an equipment, Soul Shackle (CR 4.2.2, 4.3.1) ----------


@pytest.mark.parametrize("turn", ["P1", "P2"])
def test_sigil_of_fate_is_destroyed_as_its_controllers_action_phase_begins_and_opts(fabrary_cards, turn):
    assert _computed(fabrary_cards, "Sigil of Fate", "At the beginning of your action phase")
    assert _computed(fabrary_cards, "Sigil of Fate", "When this leaves the arena, opt 1")
    given = {"turn": turn, "phase": "start", "P1": {"permanents": ["Sigil of Fate"]}, "P2": {}}
    result = run_log(given, [f"{turn} passes"], fabrary_cards)
    gone = turn == "P1"
    assert ("Sigil of Fate" in _names(result.state["P1"]["permanents"])) != gone
    assert any("opt 1" in m for m in messages(result, "note")) == gone


@pytest.mark.parametrize("turn", ["P1", "P2"])
def test_a_cloaked_equipment_is_destroyed_at_the_start_of_its_controllers_turn(fabrary_cards, turn):
    assert _computed(fabrary_cards, "Aqua Laps", "At the start of your turn, destroy this")
    given = {"turn": turn, "phase": "start", "P1": {"equipment": {"legs": "Aqua Laps"}}, "P2": {}}
    result = run_log(given, [f"{turn} passes"], fabrary_cards)
    gone = turn == "P1"
    assert ("Aqua Laps" in str(result.state["P1"]["graveyard"])) == gone
    assert ("Aqua Laps" in str(result.state["P1"]["equipment"])) != gone


def test_soul_shackle_banishes_the_top_card_as_the_action_phase_begins(fabrary_cards):
    assert _computed(fabrary_cards, "Soul Shackle", "banish the top card of your deck")
    given = {"turn": "P1", "phase": "start", "P1": {"permanents": ["Soul Shackle"], "deck": 10}, "P2": {}}
    result = run_log(given, ["P1 passes"], fabrary_cards)
    assert result.state["P1"]["deck"] == 9
    assert len(result.state["P1"]["banished"]) == 1


# --- "remove a steam counter from this and gain {r}{r}" (Teklo Core), "gain {r} and amp 1" -------------


@pytest.mark.parametrize(("steam", "left"), [(2, True), (1, False)])
def test_teklo_core_gives_two_resources_and_loses_a_steam_counter(fabrary_cards, steam, left):
    """As P1's action phase begins (CR 4.3.1) a steam counter comes off and P1 gains {r}{r}; with none
    left, its "no steam counters" trigger destroys it (CR 6.6.5c)."""
    assert _computed(fabrary_cards, "Teklo Core", "At the beginning of your action phase")
    core = {"name": "Teklo Core", "counters": {"steam": steam}}
    given = {"turn": "P1", "phase": "start", "P1": {"permanents": [core], "resource_points": 0}, "P2": {}}
    result = run_log(given, ["P1 passes"], fabrary_cards)
    assert result.state["P1"]["resource_points"] == 2
    perms = [c for c in result.state["P1"]["permanents"] if "Teklo Core" in str(c)]
    assert bool(perms) == left, result.state["P1"]
    if left:
        assert perms[0]["counters"] == ["steam"], perms  # one steam counter left


def test_stardust_spike_leaving_the_arena_gains_a_resource_and_amps(fabrary_cards):
    """P2's attack would deal 4 damage to P1: ward 2 destroys Stardust Spike to prevent 2 (CR 8.3.38);
    its leave trigger (CR 6.6.1) gains P1 {r} and amp 1 (CR 8.5.47)."""
    assert _computed(fabrary_cards, "Stardust Spike", "When this leaves the arena")
    swing = {
        "name": "Swing",
        "type": "Generic attack action",
        "cost": 0,
        "pitch": 1,
        "power": 4,
        "defense": 2,
    }
    given = {
        "turn": "P2",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"life": 20, "permanents": ["Stardust Spike"], "resource_points": 0},
        "P2": {"action_points": 1, "hand": [swing]},
    }
    lines = ["P2 plays Swing", "all pass to the Defend Step", "P1 declares no defending cards"]
    result = run_log(
        given, [*lines, "all pass through the Reaction and Damage Steps", "all pass"], fabrary_cards
    )
    assert "Stardust Spike" in str(result.state["P1"]["graveyard"]), result.state["P1"]
    assert result.state["P1"]["life"] == 20 - 2
    assert result.state["P1"]["resource_points"] == 1
    assert "amp" in str(result.state["effects"]), result.state["effects"]
