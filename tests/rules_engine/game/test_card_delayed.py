"""Delayed and "next" effects, phase triggers, costs and prevention (issue 27, delayed29): sentences of
real cards (the fabrary dump) the engine now computes. Each test checks the coverage state of the
sentence and replays a log in which the effect applies, and one where it must not, with the log told
formally, tersely or conversationally."""

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
_TERSE = ["pass to defend", "P2 no blocks", "pass through reaction and damage"]


def _attack(name: str, power: int, cost: int = 0, classes: tuple[str, ...] = (), pitch: int = 1) -> dict:
    return {
        "name": name,
        "type": "attack action",
        "cost": cost,
        "pitch": pitch,
        "power": power,
        "defense": 2,
        "classes": list(classes),
    }


def _given(hand: list[Any], ap: int = 1, resources: int = 0, p2: dict | None = None, **p1: Any) -> dict:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": ap, "resource_points": resources, "hand": hand, **p1},
        "P2": {"life": 20, **(p2 or {})},
    }


def _computed(lookup: Any, name: str, words: str) -> bool:
    facts = lookup.get(name)
    assert facts is not None, name
    parts = [p for p in coverage(facts) if words in p.text]
    assert parts, [p.text for p in coverage(facts)]
    return all(p.status == MODELLED for p in parts)


def _violations(result: Any) -> list[str]:
    return [v["message"] for v in result.violations]


# --- "Your next Guardian or Warrior attack this turn gets +3{p}": a list of classes ------------------


@pytest.mark.parametrize(
    ("card", "classes", "damage"),
    [
        ("Lead with Heart", ("warrior",), 4 + 3),
        ("Lead with Heart", ("guardian",), 4 + 3),
        ("Lead with Heart", ("ninja",), 4),
        ("Lead with Power", ("brute",), 4 + 3),
        ("Lead with Speed", ("guardian",), 4),
        ("Sizzle", ("elemental",), 4 + 3),
        ("Pulse of Volthaven", ("ice",), 4 + 4),
        ("Pulse of Volthaven", ("wizard",), 4),
    ],
)
def test_next_attack_of_one_of_several_classes_gets_the_bonus(fabrary_cards, card, classes, damage):
    first = "Your next" if card != "Pulse of Volthaven" else "Your next Ice"
    assert _computed(fabrary_cards, card, first)
    cost = fabrary_cards.get(card).cost or 0
    given = _given([card, _attack("Swing", 4, classes=classes)], resources=cost)
    result = run_log(given, [f"P1 plays {card}", "all pass", "P1 plays Swing", *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    assert not any(card in m for m in messages(result, "manual_effect"))


# --- "Your next attack with 3 or less base {p} ...", "with cost 1 or less" ---------------------------


@pytest.mark.parametrize(("power", "ap"), [(3, 1), (5, 0)])
def test_trot_along_gives_go_again_to_a_small_attack_only(fabrary_cards, power, ap):
    assert _computed(fabrary_cards, "Trot Along", "base {p}")
    given = _given(["Trot Along", _attack("Jab", power)])
    lines = ["P1 plays Trot Along", "all pass (it resolves)", "P1 plays Jab", *_TERSE, "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - power
    assert result.state["P1"]["action_points"] == ap


@pytest.mark.parametrize(("power", "damage"), [(3, 6), (4, 4)])
def test_minnowism_counts_the_printed_power(fabrary_cards, power, damage):
    assert _computed(fabrary_cards, "Minnowism", "base {p}")
    given = _given(["Minnowism", _attack("Minnow", power)])
    result = run_log(given, ["P1 plays Minnowism", "all pass", "P1 plays Minnow", *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("cost", "damage"), [(1, 7), (2, 4)])
def test_electrostatic_discharge_needs_a_cheap_attack_action_card(fabrary_cards, cost, damage):
    assert _computed(fabrary_cards, "Electrostatic Discharge", "with cost 1 or less")
    given = _given(["Electrostatic Discharge", _attack("Zap Swing", 4, cost=cost)], resources=cost)
    lines = ["P1 plays Electrostatic Discharge", "all pass", "P1 plays Zap Swing", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


# --- "The next blue action card you play this turn gets go again" ------------------------------------


@pytest.mark.parametrize(
    ("card", "pitch", "cost", "ap"),
    [
        ("Fasting Carcass", 1, 0, 1),
        ("Fasting Carcass", 2, 0, 0),
        ("Flash", 2, 0, 1),
    ],
)
def test_next_action_card_of_a_colour_or_cost_gets_go_again(fabrary_cards, card, pitch, cost, ap):
    assert _computed(fabrary_cards, card, "gets go again")
    given = _given([card, _attack("Follow Up", 3, cost=cost, pitch=pitch)])
    lines = [f"P1 plays {card}", "all pass", "P1 plays Follow Up", *_THROUGH, "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == ap


def test_first_tenet_of_chi_wind_is_computed(fabrary_cards):
    """The blue twin of Fasting Carcass (a log line cannot name a card with a colon yet)."""
    assert _computed(fabrary_cards, "First Tenet of Chi: Wind", "next blue action card")


def test_the_go_again_waits_for_the_card_that_fits(fabrary_cards):
    """A blue card played first does not use up "the next red action card" (CR 5.1.2a)."""
    nonattack = {"name": "Blue Step", "type": "action", "cost": 0, "pitch": 3, "keywords": ["go again"]}
    given = _given(["Fasting Carcass", nonattack, _attack("Red Kick", 3, pitch=1)])
    lines = [
        "P1 plays Fasting Carcass",
        "all pass",
        "P1 plays Blue Step",
        "all pass",
        "P1 plays Red Kick",
        *_THROUGH,
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == 1


# --- an aura's start-of-turn trigger: "destroy this, then ..." ---------------------------------------


def test_two_steps_ahead_creates_a_confidence_and_three_might_tokens(fabrary_cards):
    assert _computed(fabrary_cards, "Two Steps Ahead", "At the start of your turn")
    given = {"turn": "P1", "phase": "start", "P1": {"life": 20, "permanents": ["Two Steps Ahead"]}, "P2": {}}
    result = run_log(given, ["P1 passes"], fabrary_cards)
    perms = [str(x) for x in result.state["P1"]["permanents"]]
    assert sum("Might" in x for x in perms) == 3, perms
    assert sum("Confidence" in x for x in perms) == 1, perms
    assert not any("Two Steps Ahead" in x for x in perms)


@pytest.mark.parametrize(("power", "damage"), [(6, 9), (5, 5)])
def test_blessing_of_savagery_gives_three_to_a_big_attack(fabrary_cards, power, damage):
    assert _computed(fabrary_cards, "Blessing of Savagery", "At the start of your turn")
    given = {
        "turn": "P1",
        "phase": "start",
        "combat_chain": "closed",
        "P1": {"permanents": ["Blessing of Savagery"], "hand": [_attack("Club", power)]},
        "P2": {"life": 20},
    }
    lines = ["P1 plays Club", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


# --- costs: "The next attack action card you play this turn costs {r}{r} less" ------------------------


@pytest.mark.parametrize(("resources", "legal"), [(1, True), (0, False)])
def test_heartened_cross_strap_makes_the_next_attack_cheaper(fabrary_cards, resources, legal):
    assert _computed(fabrary_cards, "Heartened Cross Strap", "costs {r}{r} less")
    given = _given([_attack("Heavy Blow", 5, cost=3)], ap=1, resources=resources)
    given["P1"]["equipment"] = {"chest": "Heartened Cross Strap"}
    result = run_log(
        given, ["P1 activates Heartened Cross Strap", "all pass", "P1 plays Heavy Blow"], fabrary_cards
    )
    if legal:
        assert not _violations(result), result.violations
        assert result.state["P1"]["resource_points"] == 0
    else:
        assert _violations(result)


def test_swing_fist_think_later_pays_its_random_discard(fabrary_cards):
    """The card's name has a comma; its additional cost is still the random discard (CR 1.14.4)."""
    assert _computed(fabrary_cards, "Swing Fist, Think Later", "discard a random card")
    given = _given(["Swing Fist, Think Later", "Sink Below"], resources=1)
    result = run_log(given, ["P1 plays Swing Fist, Think Later, discarding Sink Below"], fabrary_cards)
    assert not _violations(result), result.violations
    assert "Sink Below" in str(result.state["P1"]["graveyard"])


# --- prevention ---------------------------------------------------------------------------------------


def _defending_with(card: str) -> dict:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 2, "hand": [_attack("Hit One", 2), _attack("Hit Two", 2)]},
        "P2": {"life": 20, "hand": [card], "resource_points": 1},
    }


def test_calming_breeze_prevents_one_of_each_of_the_next_three_events(fabrary_cards):
    assert _computed(fabrary_cards, "Calming Breeze", "next 3 times")
    given = _defending_with("Calming Breeze")
    given["P1"]["hand"] = [
        {
            "name": "Quick One",
            "type": "attack action",
            "cost": 0,
            "pitch": 1,
            "power": 2,
            "defense": 2,
            "keywords": ["go again"],
        },
        _attack("Hit Two", 2),
    ]
    lines = [
        "P1 plays Quick One",
        "P1 passes",
        "P2 plays Calming Breeze",
        "all pass",
        *_THROUGH,
        "all pass",
        "P1 plays Hit Two",
        *_TERSE,
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 1 - 1  # one prevented from each hit, not two from the first


@pytest.mark.parametrize(("power", "life"), [(3, 20), (4, 16)])
def test_brush_off_prevents_only_a_small_event(fabrary_cards, power, life):
    assert _computed(fabrary_cards, "Brush Off", "3 or less damage")
    given = _defending_with("Brush Off")
    given["P1"]["hand"] = [_attack("Poke", power)]
    lines = ["P1 plays Poke", "P1 passes; P2 plays Brush Off", "all pass (Brush Off resolves)", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life


def test_shelter_from_the_storm_from_hand_shields_two_events(fabrary_cards):
    assert _computed(fabrary_cards, "Shelter from the Storm", "next 3 times")
    given = _defending_with("Shelter from the Storm")
    given["P1"]["hand"] = [
        {
            "name": "Quick One",
            "type": "attack action",
            "cost": 0,
            "pitch": 1,
            "power": 2,
            "defense": 2,
            "keywords": ["go again"],
        },
        _attack("Hit Two", 3),
    ]
    lines = [
        "P1 plays Quick One",
        "P1 passes, P2 activates Shelter from the Storm",
        "all pass",
        *_THROUGH,
        "all pass",
        "P1 plays Hit Two",
        *_THROUGH,
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 1 - 2
    assert "Shelter from the Storm" in str(result.state["P2"]["graveyard"])


def test_templar_spellbane_shields_arcane_damage_only(fabrary_cards):
    assert _computed(fabrary_cards, "Templar Spellbane", "Prevent the next 1 arcane damage")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 2, "hand": [_attack("Hit One", 3)]},
        "P2": {"life": 20, "equipment": {"head": "Templar Spellbane"}},
    }
    lines = ["P1 plays Hit One", "P1 passes", "P2 activates Templar Spellbane", "all pass", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 3  # combat damage is not arcane: nothing prevented


@pytest.mark.parametrize("card", ["Templar Spellbane", "Misfire Dampener"])
def test_an_arcane_shield_prevents_one_of_arcane_damage(fabrary_cards, card):
    slot = "head" if card == "Templar Spellbane" else "arms"
    zap = {
        "name": "Zap",
        "type": "instant",
        "cost": 0,
        "pitch": 1,
        "text": "Deal 2 arcane damage to target hero.",
    }
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [zap]},
        "P2": {"life": 20, "equipment": {slot: card}},
    }
    lines = ["P1 plays Zap targeting P2's hero", "P1 passes", f"P2 activates {card}", "all pass", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 1
    assert card in str(result.state["P2"]["graveyard"])


# --- effect-costs: "Banish this and a card from your hero's soul", "Destroy this and a Runechant" -------


@pytest.mark.parametrize("card", ["Radiant Raiment", "Radiant Flow"])
def test_radiant_equipment_banishes_itself_and_a_soul_card_to_prevent_two(fabrary_cards, card):
    assert _computed(fabrary_cards, card, "Banish this and a card from your hero's soul")
    slot = next(iter(fabrary_cards.get(card).subtypes & {"head", "chest", "arms", "legs"}))
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [_attack("Hit One", 5)]},
        "P2": {"life": 20, "equipment": {slot: card}, "soul": ["Sink Below"]},
    }
    lines = ["P1 plays Hit One", "P1 passes", f"P2 activates {card}", "all pass", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 3
    banished = str(result.state["P2"]["banished"])
    assert card in banished and "Sink Below" in banished


def test_radiant_raiment_cannot_be_activated_with_an_empty_soul(fabrary_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [_attack("Hit One", 5)]},
        "P2": {"life": 20, "equipment": {"chest": "Radiant Raiment"}, "soul": []},
    }
    lines = ["P1 plays Hit One", "P1 passes", "P2 activates Radiant Raiment"]
    result = run_log(given, lines, fabrary_cards)
    assert any("soul" in m for m in _violations(result)), result.violations


@pytest.mark.parametrize(("runechants", "legal"), [(1, True), (0, False)])
def test_runebleed_robe_destroys_itself_and_a_runechant(fabrary_cards, runechants, legal):
    assert _computed(fabrary_cards, "Runebleed Robe", "Destroy this and a Runechant")
    zap = {
        "name": "Zap",
        "type": "instant",
        "cost": 0,
        "pitch": 1,
        "text": "Deal 2 arcane damage to target hero.",
    }
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [zap]},
        "P2": {
            "life": 20,
            "equipment": {"chest": "Runebleed Robe"},
            "permanents": ["Runechant"] * runechants,
        },
    }
    lines = ["P1 plays Zap targeting P2's hero", "P1 passes", "P2 activates Runebleed Robe"]
    result = run_log(given, [*lines, "all pass", "all pass"], fabrary_cards)
    if legal:
        assert not _violations(result), result.violations
        assert result.state["P2"]["permanents"] == []
        assert result.state["P2"]["life"] == 20 - 1
    else:
        assert _violations(result)


# --- an optional prevention: "you may banish this to prevent 2 of that damage" --------------------------


@pytest.mark.parametrize(
    ("card", "line", "life"),
    [
        ("Cloak of Darkness", "P2 banishes Cloak of Darkness to prevent 2", 17),
        ("Shroud of Darkness", "P2 uses Shroud of Darkness", 17),
        ("Grasp of Darkness", "all pass", 15),  # not used: the damage is dealt in full
    ],
)
def test_darkness_equipment_may_be_banished_to_prevent_two(fabrary_cards, card, line, life):
    assert _computed(fabrary_cards, card, "you may banish this to prevent")
    slot = next(iter(fabrary_cards.get(card).subtypes & {"head", "chest", "arms", "legs"}))
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [_attack("Hit One", 5)]},
        "P2": {"life": 20, "equipment": {slot: card}},
    }
    lines = [
        "P1 plays Hit One",
        "all pass to the Defend Step",
        "P2 no blocks",
        "all pass through the Reaction Step",
    ]
    result = run_log(given, [*lines, line], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    assert (card in str(result.state["P2"]["banished"])) == (life == 17)


def test_a_darkness_cloak_cannot_prevent_with_no_damage_waiting(fabrary_cards):
    given = {"turn": "P1", "phase": "action", "P1": {}, "P2": {"equipment": {"chest": "Cloak of Darkness"}}}
    result = run_log(given, ["P2 banishes Cloak of Darkness to prevent 2"], fabrary_cards)
    assert _violations(result)


# --- "the next attack you boost / play from arsenal / the next Crouching Tiger" ------------------------


@pytest.mark.parametrize(("zone", "damage"), [("arsenal", 4 + 3), ("hand", 4)])
def test_scout_the_periphery_gives_three_to_an_attack_from_arsenal(fabrary_cards, zone, damage):
    assert _computed(fabrary_cards, "Scout the Periphery", "from arsenal")
    given = _given(["Scout the Periphery"])
    given["P1"]["arsenal" if zone == "arsenal" else "hand"] = (
        [_attack("Stored", 4)] if zone == "arsenal" else ["Scout the Periphery", _attack("Stored", 4)]
    )
    lines = [
        "P1 plays Scout the Periphery targeting P2's hero",
        "all pass",
        f"P1 plays Stored from {zone}",
        *_THROUGH,
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("attack", "damage"), [("Crouching Tiger", 0 + 3), ("Other Cat", 2)])
def test_tiger_form_incantation_waits_for_a_crouching_tiger(fabrary_cards, attack, damage):
    assert _computed(fabrary_cards, "Tiger Form Incantation", "next Crouching Tiger")
    card = "Crouching Tiger" if attack == "Crouching Tiger" else _attack("Other Cat", 2)
    given = _given(["Tiger Form Incantation", card], resources=1)
    lines = ["P1 plays Tiger Form Incantation", "all pass", f"P1 plays {attack}", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("boost", "damage"), [(True, 3 + 4), (False, 3)])
def test_gas_up_gives_four_to_the_next_boosted_attack(fabrary_cards, boost, damage):
    mech = {
        "name": "Mech Punch",
        "type": "attack action",
        "classes": ["mechanologist"],
        "cost": 0,
        "pitch": 1,
        "power": 3,
        "defense": 2,
        "keywords": ["boost"],
    }
    given = _given(["Gas Up", mech], resources=1, deck_top=["Sink Below"], deck=10)
    play = "P1 plays Mech Punch targeting P2's hero" + (", boosting" if boost else "")
    result = run_log(given, ["P1 plays Gas Up", "all pass", play, *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


# --- more phase triggers: the end phase, the soul, "your dagger attacks get ..." -----------------------


@pytest.mark.parametrize("card", ["Sting of Sorcery", "Hypothermia", "Concealed Object"])
def test_an_aura_destroys_itself_at_the_beginning_of_its_end_phase(fabrary_cards, card):
    assert _computed(fabrary_cards, card, "At the beginning of your end phase")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"permanents": [card]},
        "P2": {},
    }
    result = run_log(given, ["all pass (the action phase ends)"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["permanents"] == []
    assert card in str(result.state["P1"]["graveyard"])


def test_the_opponents_end_phase_leaves_the_aura(fabrary_cards):
    given = {
        "turn": "P2",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"permanents": ["Hypothermia"]},
        "P2": {},
    }
    result = run_log(given, ["all pass"], fabrary_cards)
    assert "Hypothermia" in str(result.state["P1"]["permanents"])


def test_earths_embrace_creates_an_embodiment_of_earth_each_end_phase(fabrary_cards):
    assert _computed(fabrary_cards, "Earth's Embrace", "create an Embodiment of Earth")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"permanents": ["Earth's Embrace"]},
    }
    result = run_log(given, ["P1 passes, P2 passes"], fabrary_cards)
    perms = str(result.state["P1"]["permanents"])
    assert "Earth's Embrace" in perms and "Embodiment of Earth" in perms


@pytest.mark.parametrize("card", ["Blessing of Aegis", "Blessing of Bellona"])
def test_a_blessing_goes_into_the_soul_at_the_start_of_the_turn(fabrary_cards, card):
    assert _computed(fabrary_cards, card, "put this into your soul")
    given = {"turn": "P1", "phase": "start", "P1": {"permanents": [card], "soul": []}, "P2": {}}
    result = run_log(given, ["P1 passes"], fabrary_cards)
    assert result.state["P1"]["permanents"] == []
    assert card in str(result.state["P1"]["soul"])


_DAGGER = {
    "name": "Test Dagger",
    "types": ["weapon"],
    "subtypes": ["dagger", "1h"],
    "power": 1,
    "text": "Once per Turn Action - {r}: Attack",
}


@pytest.mark.parametrize(("card", "damage", "ap"), [("Agility Stance", 1, 1), ("Power Stance", 2, 0)])
def test_a_stance_gives_the_dagger_attacks_of_the_turn(fabrary_cards, card, damage, ap):
    assert _computed(fabrary_cards, card, "your dagger attacks get")
    given = {
        "turn": "P1",
        "phase": "start",
        "combat_chain": "closed",
        "P1": {"permanents": [card], "weapons": [_DAGGER], "resource_points": 1},
        "P2": {"life": 20},
    }
    lines = ["P1 attacks with Test Dagger", *_THROUGH, "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    assert result.state["P1"]["action_points"] == ap


@pytest.mark.parametrize(("classes", "damage"), [(("brute",), 6), (("warrior",), 4)])
def test_bloodrush_bellow_gives_brute_attacks_two(fabrary_cards, classes, damage):
    given = _given(
        ["Bloodrush Bellow", "Sink Below", _attack("Smash", 4, classes=classes)], ap=2, resources=2
    )
    lines = ["P1 plays Bloodrush Bellow, discarding Sink Below", "all pass", "P1 plays Smash", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


# --- equipment: the next Guardian attack from arsenal, cards of a kind cost less this turn ---------------


@pytest.mark.parametrize(
    ("card", "zone", "classes", "damage", "dominate"),
    [
        ("Gauntlet of Boulderhold", "arsenal", ("guardian",), 6 + 2, False),
        ("Gauntlet of Boulderhold", "hand", ("guardian",), 6, False),
        ("Gauntlet of Boulderhold", "arsenal", ("brute",), 6, False),
        ("Craterhoof", "arsenal", ("guardian",), 6, True),
    ],
)
def test_the_next_guardian_attack_from_arsenal(fabrary_cards, card, zone, classes, damage, dominate):
    assert _computed(fabrary_cards, card, "from arsenal")
    slot = next(iter(fabrary_cards.get(card).subtypes & {"head", "chest", "arms", "legs"}))
    given = _given([], ap=1, resources=3, equipment={slot: card})
    given["P1"][zone] = [_attack("Boulder", 6, classes=classes)]
    lines = [f"P1 activates {card}", "all pass", f"P1 plays Boulder from {zone}"]
    result = run_log(given, [*lines, *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    # dominate: the defending hero may not defend with more than one card from hand (CR 8.3.4)
    given["P2"]["hand"] = [_attack("Block A", 1), _attack("Block B", 1)]
    blocked = run_log(
        given,
        [*lines, "all pass to the Defend Step", "P2 declares Block A and Block B as defending cards"],
        fabrary_cards,
    )
    assert bool(_violations(blocked)) == dominate, blocked.violations


@pytest.mark.parametrize(("power", "legal"), [(6, True), (5, False)])
def test_savage_sash_makes_big_attack_action_cards_cheaper(fabrary_cards, power, legal):
    assert _computed(fabrary_cards, "Savage Sash", "cost you {r} less")
    given = _given(
        [_attack("Big Swing", power, cost=2)], ap=2, resources=1, equipment={"chest": "Savage Sash"}
    )
    result = run_log(given, ["P1 activates Savage Sash", "all pass", "P1 plays Big Swing"], fabrary_cards)
    assert bool(_violations(result)) != legal, result.violations


def test_solar_plexus_banishes_a_soul_card_and_cheapens_yellow_cards(fabrary_cards):
    assert _computed(fabrary_cards, "Solar Plexus", "Yellow cards cost you")
    yellow = _attack("Yellow Jab", 3, cost=1, pitch=2)
    given = _given([yellow], ap=1, resources=0, equipment={"chest": "Solar Plexus"}, soul=["Sink Below"])
    result = run_log(
        given, ["P1 activates Solar Plexus", "all pass", "P1 plays Yellow Jab", *_THROUGH], fabrary_cards
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 3
    assert "Sink Below" in str(result.state["P1"]["banished"])


@pytest.mark.parametrize("first", ["action", "instant"])
def test_lead_the_charge_gives_an_action_point_for_the_next_action_card(fabrary_cards, first):
    """The delayed trigger goes on the stack above the next action card and resolves first (CR 6.6); an
    instant played first leaves it waiting for the action card."""
    assert _computed(fabrary_cards, "Lead the Charge", "gain 1 action point")
    step = {"name": "Step", "type": first, "cost": 0, "pitch": 1}
    last = {"name": "Last Step", "type": "action", "cost": 0, "pitch": 1}
    given = _given(["Lead the Charge", step, last], ap=1)
    lines = [
        "P1 plays Lead the Charge",
        "all pass",
        "P1 plays Step",
        "all pass (the trigger resolves)",
        "all pass",
    ]
    if first == "instant":  # no trigger: the first pass resolves the instant
        lines = [*lines[:3], "all pass", "P1 plays Last Step", "all pass", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == 1


# --- "As an additional cost to play this, banish a random card from your hand" ---------------------------


def test_shaden_swing_is_paid_by_the_banish_the_log_shows(fabrary_cards):
    assert _computed(fabrary_cards, "Shaden Swing", "banish a random card")
    given = _given(["Shaden Swing", "Sink Below"], resources=1)
    lines = ["P1 plays Shaden Swing", "P1 banishes Sink Below face up from hand", *_THROUGH]
    result = run_log(given, lines, fabrary_cards, all_read=True)
    assert not _violations(result), result.violations
    assert "Sink Below" in str(result.state["P1"]["banished"])
    assert result.state["P2"]["life"] == 20 - 7
    assert not any("additional cost" in m for m in messages(result, "manual_effect"))


def test_shaden_scream_banishes_an_unknown_card_when_the_log_is_silent(fabrary_cards):
    assert _computed(fabrary_cards, "Shaden Scream", "banish a random card")
    given = _given(["Shaden Scream", _attack("Brute Hit", 4, classes=("brute",))], ap=1, hand_size=3)
    lines = ["P1 plays Shaden Scream", "all pass", "P1 plays Brute Hit", *_TERSE]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert len(result.state["P1"]["banished"]) == 1
    assert result.state["P2"]["life"] == 20 - 4 - 5
    assert any("at random" in m for m in messages(result, "note"))


def test_a_random_banish_with_only_known_cards_asks_the_judge(fabrary_cards):
    given = _given(["Shaden Scream", "Sink Below"], ap=1)
    result = run_log(given, ["P1 plays Shaden Scream", "all pass"], fabrary_cards)
    assert any("banishes a random card" in m for m in messages(result, "manual_effect"))


# --- "The next card you play this turn with an effect that deals arcane damage, instead ... plus N" ------

_ZAP = {
    "name": "Zap",
    "type": "instant",
    "cost": 0,
    "pitch": 1,
    "text": "Deal 2 arcane damage to target hero.",
}
_BIG_ZAP = {
    "name": "Big Zap",
    "type": "instant",
    "cost": 3,
    "pitch": 1,
    "text": "Deal 2 arcane damage to target hero.",
}
_NO_ZAP = {"name": "Quiet", "type": "instant", "cost": 0, "pitch": 1, "text": "Draw a card."}


def test_rousing_aether_adds_one_to_the_next_arcane_card(fabrary_cards):
    assert _computed(fabrary_cards, "Rousing Aether", "plus 1")
    given = _given(["Rousing Aether", _NO_ZAP, _ZAP], resources=2, deck=10)
    lines = [
        "P1 plays Rousing Aether targeting P2's hero",
        "all pass",
        "P1 plays Quiet",  # no arcane damage effect: the replacement waits
        "all pass",
        "P1 plays Zap targeting P2's hero",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 4 - 3


@pytest.mark.parametrize(("zap", "damage"), [(_ZAP, 3), (_BIG_ZAP, 2)])
def test_tempest_aurora_needs_a_cheap_arcane_card(fabrary_cards, zap, damage):
    assert _computed(fabrary_cards, "Tempest Aurora", "cost 2 or less")
    given = _given(["Tempest Aurora", zap], resources=zap["cost"])
    lines = ["P1 plays Tempest Aurora", "all pass", f"P1 plays {zap['name']} targeting P2's hero", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


def test_blessing_of_aether_at_the_start_of_the_turn(fabrary_cards):
    assert _computed(fabrary_cards, "Blessing of Aether", "At the start of your turn")
    given = {
        "turn": "P1",
        "phase": "start",
        "P1": {"permanents": ["Blessing of Aether"], "hand": [_ZAP]},
        "P2": {"life": 20},
    }
    result = run_log(given, ["P1 plays Zap targeting P2's hero", "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 5
    assert "Blessing of Aether" in str(result.state["P1"]["graveyard"])


# --- "{p} damage" (physical: the Damage Step's, CR 8.5.3b) and a source's class -------------------------


@pytest.mark.parametrize(("card", "prevented"), [("Peace of Mind", 4), ("Blessing of Serenity", 3)])
def test_a_physical_shield_prevents_combat_damage(fabrary_cards, card, prevented):
    assert _computed(fabrary_cards, card, "{p} damage")
    given = _defending_with(card)
    given["P1"]["hand"] = [_attack("Poke", 5)]
    given["P2"]["resource_points"] = fabrary_cards.get(card).cost or 0
    lines = ["P1 plays Poke", "P1 passes", f"P2 plays {card}", "all pass", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - (5 - prevented)


def test_a_physical_shield_does_not_prevent_arcane_damage(fabrary_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [_ZAP]},
        "P2": {"life": 20, "hand": ["Blessing of Serenity"], "resource_points": 1},
    }
    lines = [
        "P1 plays Zap targeting P2's hero",
        "P1 passes",
        "P2 plays Blessing of Serenity",
        "all pass",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 2


@pytest.mark.parametrize(("classes", "life"), [(("shadow",), 20), (("brute",), 16)])
def test_break_of_dawn_prevents_a_shadow_source(fabrary_cards, classes, life):
    assert _computed(fabrary_cards, "Break of Dawn", "Shadow source")
    given = _defending_with("Break of Dawn")
    given["P1"]["hand"] = [_attack("Dark Hit", 4, classes=classes)]
    lines = ["P1 plays Dark Hit", "P1 passes", "P2 plays Break of Dawn", "all pass", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life


# --- "The next time an attack action card hits a hero this turn, ...": a delayed hit trigger -----------


@pytest.mark.parametrize(
    ("card", "life", "p1_perms"), [("Electrify", 20 - 4 - 3, 0), ("High Striker", 16, 6)]
)
def test_a_delayed_hit_trigger_acts_on_the_next_hit(fabrary_cards, card, life, p1_perms):
    assert _computed(fabrary_cards, card, "The next time an attack")
    given = _given([card, _attack("Jolt", 4)], resources=fabrary_cards.get(card).cost or 0)
    lines = [f"P1 plays {card}", "all pass", "P1 plays Jolt", *_THROUGH, "all pass (the trigger resolves)"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    assert len(result.state["P1"].get("permanents", [])) == p1_perms


def test_no_hit_leaves_the_delayed_trigger_waiting(fabrary_cards):
    given = _given(["Electrify", _attack("Jolt", 2)], resources=1)
    given["P2"]["hand"] = [{"name": "Wall", "type": "action", "defense": 3, "pitch": 3, "cost": 0}]
    lines = [
        "P1 plays Electrify",
        "all pass",
        "P1 plays Jolt",
        "all pass to the Defend Step",
        "P2 declares Wall as a defending card",
        "all pass through the Reaction and Damage Steps",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20
    assert "Electrify" in str(result.state.get("effects"))


@pytest.mark.parametrize(("classes", "frostbites"), [(("ice",), 3), (("brute",), 0)])
def test_chill_to_the_bone_needs_an_ice_or_elemental_hit(fabrary_cards, classes, frostbites):
    assert _computed(fabrary_cards, "Chill to the Bone", "Ice or Elemental attack")
    given = _given(["Chill to the Bone", _attack("Cold Hit", 3, classes=classes)])
    lines = ["P1 plays Chill to the Bone", "all pass", "P1 plays Cold Hit", *_THROUGH, "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert str(result.state["P2"].get("permanents", [])).count("Frostbite") == frostbites


# --- "If [condition], this costs {r} less to play" -----------------------------------------------------


@pytest.mark.parametrize(("driver", "legal"), [(True, True), (False, False)])
def test_jump_start_costs_one_less_with_a_hyper_driver(fabrary_cards, driver, legal):
    assert _computed(fabrary_cards, "Jump Start", "Hyper Driver")
    given = _given(["Jump Start"], resources=1, permanents=["Hyper Driver"] if driver else [])
    result = run_log(given, ["P1 plays Jump Start"], fabrary_cards)
    assert bool(_violations(result)) != legal, result.violations


@pytest.mark.parametrize(("drew", "legal"), [(True, True), (False, False)])
def test_rising_energy_costs_one_less_after_a_draw(fabrary_cards, drew, legal):
    assert _computed(fabrary_cards, "Rising Energy", "drawn a card")
    given = _given(["Rising Energy"], resources=1, deck=10)
    lines = (["P1 draws a card"] if drew else []) + ["P1 plays Rising Energy"]
    result = run_log(given, lines, fabrary_cards)
    assert bool(_violations(result)) != legal, result.violations


@pytest.mark.parametrize(("life", "legal"), [(15, True), (20, False)])
def test_hulk_up_costs_one_less_when_behind_on_life(fabrary_cards, life, legal):
    assert _computed(fabrary_cards, "Hulk Up", "less {h}")
    given = _given(["Hulk Up"], resources=3, life=life)
    result = run_log(given, ["P1 plays Hulk Up"], fabrary_cards)
    assert bool(_violations(result)) != legal, result.violations
