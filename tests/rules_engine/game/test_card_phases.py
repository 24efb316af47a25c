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


# --- conditional phase and move triggers: "if COND, EFFECT", "destroy this unless COND" (CR 1.8.4) -----

_NAA = {
    "name": "Quick Thought",
    "type": "Generic Action - Non-Attack",
    "cost": 0,
    "pitch": 1,
    "text": "Go again",
}


@pytest.mark.parametrize("played", [True, False])
def test_enchanting_melody_stays_if_a_non_attack_action_was_played(fabrary_cards, played):
    """At the beginning of P1's end phase (CR 4.4.2) it is destroyed unless P1 played a 'non-attack'
    action card this turn."""
    assert _computed(fabrary_cards, "Enchanting Melody", "unless you have played")
    given = _action([_NAA], permanents=["Enchanting Melody"])
    lines = ["P1 plays Quick Thought", "all pass", "all pass"] if played else ["all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.violations
    assert ("Enchanting Melody" in _names(result.state["P1"]["permanents"])) == played


@pytest.mark.parametrize("surges", [0, 1])
def test_ley_line_is_destroyed_with_no_seismic_surge(fabrary_cards, surges):
    assert _computed(fabrary_cards, "Ley Line of the Old Ones", "if you control no Seismic Surge tokens")
    given = _action([], permanents=["Ley Line of the Old Ones"] + ["Seismic Surge"] * surges)
    result = run_log(given, ["all pass"], fabrary_cards)
    assert ("Ley Line of the Old Ones" in _names(result.state["P1"]["permanents"])) == bool(surges)


@pytest.mark.parametrize("surges", [3, 2])
def test_promising_terrain_draws_and_gains_with_three_seismic_surges(fabrary_cards, surges):
    """Destroyed as the action phase begins (CR 4.3.1); then with 3 or more Seismic Surge tokens P1
    draws a card and gains 1{h}; with 2, only the destroy."""
    assert _computed(fabrary_cards, "Promising Terrain", "then if you control 3 or more")
    perms = ["Promising Terrain"] + ["Seismic Surge"] * surges
    given = {"turn": "P1", "phase": "start", "P1": {"life": 15, "permanents": perms, "deck": 10}, "P2": {}}
    result = run_log(given, ["P1 passes"], fabrary_cards)
    p1 = result.state["P1"]
    assert "Promising Terrain" not in _names(p1["permanents"])
    assert (p1["deck"], p1["life"]) == ((9, 16) if surges == 3 else (10, 15))


@pytest.mark.parametrize("fused", [True, False])
def test_strength_of_sequoia_creates_a_seismic_surge_only_when_fused(fabrary_cards, fused):
    """Its enter trigger checks "if it was fused" as it resolves (CR 8.3.17a, 1.8.4)."""
    assert _computed(fabrary_cards, "Strength of Sequoia", "if it was fused")
    earth = {"name": "Earth Bit", "type": "action", "classes": ["earth"], "cost": 0, "pitch": 1}
    cost = fabrary_cards.get("Strength of Sequoia").cost or 0
    given = _action(["Strength of Sequoia", earth], resource_points=cost)
    play = "P1 plays Strength of Sequoia, fusing Earth Bit" if fused else "P1 plays Strength of Sequoia"
    result = run_log(given, [play, "all pass", "all pass"], fabrary_cards)
    assert not messages(result, "violation"), result.violations
    perms = _names(result.state["P1"]["permanents"])
    assert "Strength of Sequoia" in perms
    assert ("Seismic Surge" in perms) == fused


@pytest.mark.parametrize("blue", [True, False])
def test_waning_vengeance_leaving_creates_a_spectral_shield_after_a_blue_pitch(fabrary_cards, blue):
    """P2's 4-power attack: ward 3 destroys Waning Vengeance (CR 8.3.38); its leave trigger creates a
    Spectral Shield only if P1 pitched a blue card this turn."""
    assert _computed(fabrary_cards, "Waning Vengeance", "if you've pitched a blue card")
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
        "P1": {"life": 20, "permanents": ["Waning Vengeance"]},
        "P2": {"action_points": 1, "hand": [swing]},
    }
    if blue:  # pitched this turn: the card is in P1's pitch zone (CR 1.14.3)
        given["P1"]["pitch_zone"] = [{"name": "Blue Card", "pitch": 3}]
    lines = ["P2 plays Swing", "all pass to the Defend Step", "P1 declares no defending cards"]
    result = run_log(
        given, [*lines, "all pass through the Reaction and Damage Steps", "all pass"], fabrary_cards
    )
    assert "Waning Vengeance" in str(result.state["P1"]["graveyard"]), result.state["P1"]
    assert ("Spectral Shield" in _names(result.state["P1"]["permanents"])) == blue


# --- more effects in phase and move triggers -----------------------------------------------------------


def test_draw_a_crowd_entering_makes_each_hero_draw(fabrary_cards):
    """Its enter trigger (CR 6.6.1): each hero draws a card, the controller first (CR 1.9.2c)."""
    assert _computed(fabrary_cards, "Draw a Crowd", "each hero draws a card")
    cost = fabrary_cards.get("Draw a Crowd").cost or 0
    given = _action(["Draw a Crowd"], resource_points=cost, deck=10)
    given["P2"]["deck"] = 10
    result = run_log(given, ["P1 plays Draw a Crowd", "all pass", "all pass"], fabrary_cards)
    assert not messages(result, "violation"), result.violations
    assert (result.state["P1"]["deck"], result.state["P2"]["deck"]) == (9, 9)


@pytest.mark.parametrize(("guardian", "legal"), [(True, True), (False, False)])
def test_earthlore_empowerment_makes_the_next_guardian_attack_cheaper_and_bigger(
    fabrary_cards, guardian, legal
):
    """At the start of P1's turn (CR 4.2.2) it is destroyed; the next Guardian attack action card costs
    {r} less and gets +5{p} (CR 5.1.6a); a card of another class pays its full cost."""
    assert _computed(fabrary_cards, "Earthlore Empowerment", "costs {r} less to play and gets +5{p}")
    club = {
        "name": "Club",
        "type": "attack action",
        "cost": 1,
        "pitch": 1,
        "power": 4,
        "defense": 2,
        "classes": ["guardian" if guardian else "brute"],
    }
    given = {
        "turn": "P1",
        "phase": "start",
        "combat_chain": "closed",
        "P1": {"permanents": ["Earthlore Empowerment"], "hand": [club], "resource_points": 0},
        "P2": {"life": 20},
    }
    result = run_log(given, ["P1 plays Club", *_THROUGH], fabrary_cards)
    assert bool(messages(result, "violation")) != legal, result.violations
    if legal:
        assert result.state["P2"]["life"] == 20 - 9


def test_read_the_ripples_opts_and_draws_as_its_end_phase_begins(fabrary_cards):
    assert _computed(fabrary_cards, "Read the Ripples", "opt 1, opt 1, opt 1, and draw a card")
    given = _action([], permanents=["Read the Ripples"], deck=10)
    result = run_log(given, ["all pass (the action phase ends)"], fabrary_cards)
    assert "Read the Ripples" in str(result.state["P1"]["graveyard"])
    assert result.state["P1"]["deck"] == 9
    assert sum("opt 1" in m for m in messages(result, "note")) == 3


def test_visit_the_dawnsmith_sharpens_each_sword(fabrary_cards):
    """At the start of P1's turn each sword gets a +1{p} counter (CR 8.5.58); a dagger does not."""
    assert _computed(fabrary_cards, "Visit the Dawnsmith", "sharpen all swords you control")
    sword = {"name": "Test Sword", "types": ["weapon"], "subtypes": ["sword", "2h"], "power": 3}
    dagger = {"name": "Test Dagger", "types": ["weapon"], "subtypes": ["dagger", "1h"], "power": 1}
    given = {
        "turn": "P1",
        "phase": "start",
        "P1": {"permanents": ["Visit the Dawnsmith"], "weapons": [sword, dagger]},
        "P2": {},
    }
    result = run_log(given, ["P1 passes"], fabrary_cards)
    weapons = {w["name"]: w for w in result.state["P1"]["weapons"]}
    assert weapons["Test Sword"]["counters"], weapons
    assert not weapons["Test Dagger"].get("counters"), weapons
    assert "Visit the Dawnsmith" in str(result.state["P1"]["graveyard"])
