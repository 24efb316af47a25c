"""Activated abilities of equipment, items and weapons (branch abilities30): the cost parts the engine
pays (CR 5.2.1c; effect-costs 1.14.4, life 1.14.2e) and the whole effects the activated layer applies
(CR 5.2.1d, 5.3). Each replays a short log with the real card from the fabrary dump, written as a judge
would ("pops", "cracks", "activates"), and checks the derived state."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import FLAGGED, MODELLED, card_status, coverage
from tests.rules_engine.game.replaying import messages, run_log


def _given(p1: dict[str, Any], **rest: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Dash, Inventor Extraordinaire", "action_points": 1, "life": 20, **p1},
        "P2": {"hero": "Rhinar", "life": 20},
        **rest,
    }


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


def _counters(state: dict[str, Any], name: str) -> list[str]:
    card = next(c for c in state["P1"]["permanents"] if not isinstance(c, str) and c["name"] == name)
    return list(card.get("counters", []))


@pytest.mark.parametrize(
    "name",
    [
        "Fuel Injector",
        "Medkit",
        "Optekal Monocle",
        "Dissolving Shield",
        "Carrion Crown",
        "Flail of Agony",
        "Monstrous Veil",
        "Skullhorn",
        "Driftwood Quiver",
        "Patch the Hole",
        "Sapphire Amulet",
        "Helm of Isen's Peak",
        "Flamescale Furnace",
        "Hand of Vengeance",
        "Path of Vengeance",
        "Coat of Frost",
    ],
)
def test_the_cards_are_computed_in_full(fabrary_cards, name):
    facts = fabrary_cards.get(name)
    assert facts is not None
    parts = coverage(facts)
    assert card_status(parts) == MODELLED, [(p.text, p.status) for p in parts]


# --- "Put this on the bottom of its owner's deck" (an effect-cost, CR 1.14.4) ------------------------


def test_fuel_injector_goes_to_the_bottom_of_the_deck_and_gains_a_resource(fabrary_cards):
    given = _given({"permanents": ["Fuel Injector"], "deck": 10})
    result = run_log(given, ["P1 pops Fuel Injector", "P1 passes; P2 passes"], fabrary_cards, all_read=True)
    assert not messages(result, "violation"), result.findings
    p1 = result.state["P1"]
    assert _names(p1["permanents"]) == []
    assert p1["deck"] == 11  # the cost put it on the bottom of the deck
    assert p1["resource_points"] == 1


def test_medkit_heals_once_then_it_is_gone(fabrary_cards):
    given = _given({"permanents": ["Medkit"], "deck": 5, "life": 12, "action_points": 2})
    lines = ["P1 activates Medkit", "P1 passes; P2 passes", "P1 activates Medkit"]
    result = run_log(given, lines, fabrary_cards)
    p1 = result.state["P1"]
    assert p1["life"] == 14
    assert p1["deck"] == 6
    assert p1["action_points"] == 1  # the action ability took one
    assert p1["deck_bottom"] == ["Medkit"]
    assert any("controls no 'Medkit'" in m for m in messages(result, "cannot_apply"))


# --- "Remove a steam counter from this" (an effect-cost the counters must pay, CR 1.14.4b) -------------


def test_optekal_monocle_removes_a_steam_counter_for_each_opt(fabrary_cards):
    given = _given(
        {"permanents": [{"name": "Optekal Monocle", "counters": {"steam": 2}}], "action_points": 1}
    )
    lines = ["P1 activates Optekal Monocle", "P1 passes; P2 passes"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert _counters(result.state, "Optekal Monocle") == ["steam"]
    assert result.state["P1"]["action_points"] == 1  # its own go again gives the action point back


def test_optekal_monocle_with_its_last_counter_removed_is_destroyed(fabrary_cards):
    given = _given({"permanents": [{"name": "Optekal Monocle", "counters": {"steam": 1}}]})
    result = run_log(given, ["P1 activates Optekal Monocle", "P1 passes; P2 passes"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    p1 = result.state["P1"]
    assert _names(p1["permanents"]) == []
    assert _names(p1["graveyard"]) == ["Optekal Monocle"]


def test_a_counter_cost_with_no_counter_left_is_reversed(fabrary_cards):
    given = _given({"permanents": [{"name": "Dissolving Shield", "counters": {}}]})
    result = run_log(given, ["P1 activates Dissolving Shield"], fabrary_cards)
    assert any("has 0" in m for m in messages(result, "violation"))
    assert _names(result.state["P1"]["permanents"]) == ["Dissolving Shield"]
    assert not result.state.get("stack")


def test_dissolving_shield_prevents_one_and_is_destroyed_with_no_counters(fabrary_cards):
    given = _given({"permanents": [{"name": "Dissolving Shield", "counters": {"steam": 1}}]})
    result = run_log(given, ["P1 activates Dissolving Shield", "P1 passes; P2 passes"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert _names(result.state["P1"]["graveyard"]) == ["Dissolving Shield"]
    assert [e["kind"] for e in result.state["effects"]] == ["prevent_next"]


# --- "{h}": a life point cost (CR 1.14.2e); once per turn (CR 5.2.1a) ---------------------------------


def test_flail_of_agony_pays_a_life_to_attack_once_per_turn(fabrary_cards):
    given = _given({"hero": "Vynnset", "weapons": ["Flail of Agony"], "action_points": 2, "life": 20})
    lines = [
        "P1 attacks with Flail of Agony",
        "P1 passes; P2 passes",
        "P2 defends with nothing",
        "P1 passes; P2 passes",
        "P1 passes; P2 passes",
        "P1 attacks with Flail of Agony",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert result.state["P1"]["life"] == 19  # one life paid; the second attack is reversed
    assert any("once per turn" in m for m in messages(result, "violation"))


# --- "Discard an ally" (the log's discard line pays it, CR 1.14.4) ---------------------------------------


def test_carrion_crown_the_discarded_ally_pays_the_cost(fabrary_cards):
    given = _given({"equipment": ["Carrion Crown"], "hand": ["Barnacle", "Sink Below (red)"], "deck": 5})
    lines = ["P1 activates Carrion Crown", "P1 discards Barnacle", "P1 passes; P2 passes"]
    result = run_log(given, lines, fabrary_cards)
    p1 = result.state["P1"]
    assert not messages(result, "violation"), result.findings
    assert not messages(result, "manual_effect"), result.findings
    assert (p1["deck"], p1["hand_size"]) == (4, 2)  # Sink Below and the card drawn
    assert _names(p1["graveyard"]) == ["Carrion Crown", "Barnacle"]


def test_carrion_crown_discarding_a_card_that_is_not_an_ally_is_a_violation(fabrary_cards):
    given = _given({"equipment": ["Carrion Crown"], "hand": ["Sink Below (red)"], "deck": 5})
    result = run_log(given, ["P1 activates Carrion Crown", "P1 discards Sink Below (red)"], fabrary_cards)
    assert any("is not one" in m for m in messages(result, "violation"))
    assert _names(result.state["P1"]["hand"]) == ["Sink Below"]


# --- "Draw a card then discard a random card" -----------------------------------------------------------


@pytest.mark.parametrize(
    "activation",
    ["P1 activates Skullhorn", "P1 pops Skullhorn", "P1 destroys Skullhorn", "P1 uses Skullhorn"],
    ids=["formal", "pops", "destroys", "uses"],
)
def test_skullhorn_draws_and_the_logged_discard_is_the_random_one(fabrary_cards, activation):
    """CR 5.2.2: "P1 destroys Skullhorn" names the cost of its ability (1.14.4), so it is the activation."""
    given = _given({"equipment": ["Skullhorn"], "hand": ["Sink Below (red)"], "deck": 5})
    lines = [activation, "P1 passes; P2 passes", "P1 discards Sink Below (red)"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    p1 = result.state["P1"]
    assert p1["deck"] == 4
    assert p1["hand_size"] == 1
    assert _names(p1["graveyard"]) == ["Skullhorn", "Sink Below"]
    assert p1["action_points"] == 1  # go again


def test_destroying_a_permanent_whose_ability_does_not_cost_that_is_not_an_activation(fabrary_cards):
    given = _given({"permanents": [{"name": "Optekal Monocle", "counters": {"steam": 2}}]})
    result = run_log(given, ["P1 destroys Optekal Monocle"], fabrary_cards)
    assert _counters(result.state, "Optekal Monocle") == ["steam", "steam"]
    assert messages(result, "observation_mismatch")  # a claim the state does not bear out


def test_monstrous_veil_a_discard_never_logged_is_asked_for(fabrary_cards):
    given = _given({"hero": "Rhinar", "equipment": ["Monstrous Veil"], "deck": 5})
    lines = ["P1 activates Monstrous Veil", "P1 passes; P2 passes", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert any("never showed the discard" in m for m in messages(result, "manual_effect"))


# --- the arsenal's card (CR 3.3.2: one card a zone) -------------------------------------------------------


def test_patch_the_hole_returns_the_arsenal_card_to_hand(fabrary_cards):
    given = _given({"equipment": ["Patch the Hole"], "arsenal": ["Sink Below (red)"]})
    result = run_log(given, ["P1 pops Patch the Hole", "P1 passes; P2 passes"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    p1 = result.state["P1"]
    assert _names(p1["hand"]) == ["Sink Below"]
    assert not p1.get("arsenal")


def test_driftwood_quiver_puts_the_arsenal_card_on_the_bottom(fabrary_cards):
    given = _given(
        {"hero": "Riptide", "equipment": ["Driftwood Quiver"], "arsenal": ["Sink Below (red)"], "deck": 3}
    )
    result = run_log(given, ["P1 destroys Driftwood Quiver", "P1 passes; P2 passes"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    p1 = result.state["P1"]
    assert not p1.get("arsenal")
    assert p1["deck"] == 4


# --- "+1{i} this turn": the end phase draws up to the higher intellect (CR 2.4, 4.4.3f) -----------------


def test_sapphire_amulet_draws_one_more_in_the_end_phase(fabrary_cards):
    given = _given({"permanents": ["Sapphire Amulet"], "deck": 10, "intellect": 4})
    lines = ["P1 cracks Sapphire Amulet", "P1 passes; P2 passes", "all pass", "P1 draws 5"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["turn"] == "P2"
    assert result.state["P1"]["hand_size"] == 5
    assert result.state["P1"]["intellect"] == 4  # the effect ended with the turn (CR 4.4.4)


def test_helm_of_isens_peak_a_draw_up_to_the_printed_intellect_is_short(fabrary_cards):
    given = _given({"equipment": ["Helm of Isen's Peak"], "deck": 10, "intellect": 4, "resource_points": 1})
    lines = ["P1 activates Helm of Isen's Peak", "P1 passes; P2 passes", "all pass", "P1 draws 4"]
    result = run_log(given, lines, fabrary_cards)
    assert any("should draw 5" in m for m in messages(result, "violation"))


def test_a_second_ability_on_the_line_is_not_counted_for_the_first():
    # the statuses are the module's own: a cost it does not pay stays the judge's
    from rules_engine.game.cards import CardFacts

    facts = CardFacts(
        name="Test Widget",
        types=("Action", "Item"),
        text="Instant - Put a card from your hand on the bottom of your deck: Gain {r}",
    )
    assert [p.status for p in coverage(facts)] == [FLAGGED]


# --- "Gain {r} for each red card in your pitch zone", once per turn (CR 5.2.1a, 5.3) ---------------------


def test_flamescale_furnace_counts_the_red_cards_pitched_and_is_once_per_turn(fabrary_cards):
    given = _given(
        {
            "equipment": ["Flamescale Furnace"],
            "resource_points": 1,
            "hand": ["Brutal Assault (red)", "Sink Below (red)", "Sink Below (red)"],
        }
    )
    lines = [
        "P1 plays Brutal Assault (red), pitching Sink Below (red)",
        "P1 activates Flamescale Furnace, pitching Sink Below (red)",
        "P1 passes; P2 passes",
        "P1 activates Flamescale Furnace",
    ]
    result = run_log(given, lines, fabrary_cards)
    # 2 resources paid for the attack, 1 for the ability; 2 red cards in the pitch zone as it resolves
    assert result.state["P1"]["resource_points"] == 2
    assert any("once per turn" in m for m in messages(result, "violation"))


# --- "Target attack that is attacking Arakni" (a target with a requirement, CR 1.8.5d) -------------------


def _arakni(p2_hero: str) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Uzuri, Switchblade",
            "action_points": 1,
            "resource_points": 3,
            "equipment": ["Hand of Vengeance", "Path of Vengeance"],
            "hand": ["Brutal Assault (red)"],
        },
        "P2": {"hero": p2_hero, "life": 20},
    }


def test_hand_and_path_of_vengeance_on_an_attack_at_arakni(fabrary_cards):
    lines = [
        "P1 plays Brutal Assault (red)",
        "P1 passes; P2 passes",
        "P2 doesn't block",
        "P1 pops Hand of Vengeance",
        "P1 passes; P2 passes",
        "P1 pops Path of Vengeance",
        "P1 passes; P2 passes",
    ]
    result = run_log(_arakni("Arakni, Marionette"), lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    link = result.state["combat_chain"]["links"][-1]
    assert link["attack"]["power"] == 7  # Brutal Assault's 6 and Hand of Vengeance's +1
    assert link["go_again"] is True
    assert _names(result.state["P1"]["graveyard"])[-2:] == ["Hand of Vengeance", "Path of Vengeance"]


def test_hand_of_vengeance_with_no_attack_at_arakni_is_reversed(fabrary_cards):
    lines = [
        "P1 plays Brutal Assault (red)",
        "P1 passes; P2 passes",
        "P2 doesn't block",
        "P1 pops Hand of Vengeance",
    ]
    result = run_log(_arakni("Rhinar"), lines, fabrary_cards)
    assert any("attacking Arakni" in m for m in messages(result, "violation"))
    assert "Hand of Vengeance" not in _names(result.state["P1"]["graveyard"])


def test_crown_of_everbloom_moves_the_arsenal_card_and_reports_what_follows(fabrary_cards):
    """The first sentence is applied; "If you do, draw a card and create a Spellbane Aegis token" is not
    read by the grammar, so the judge is asked for it as the ability resolves (nothing silent)."""
    given = _given({"equipment": ["Crown of Everbloom"], "arsenal": ["Sink Below (red)"], "deck": 3})
    result = run_log(given, ["P1 pops Crown of Everbloom", "P1 passes; P2 passes"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    p1 = result.state["P1"]
    assert not p1.get("arsenal")
    assert p1["deck"] == 4
    assert any("Spellbane Aegis" in m for m in messages(result, "manual_effect"))


def test_an_ability_activated_only_from_the_graveyard_stays_the_judges(fabrary_cards):
    facts = fabrary_cards.get("Never Give Up")
    assert facts is not None
    assert [p.status for p in coverage(facts)] == [FLAGGED, FLAGGED]


@pytest.mark.parametrize(
    ("line", "holder"),
    [
        ("P1 pops Coat of Frost", "P2"),
        ("P1 activates Coat of Frost targeting P2", "P2"),
        ("P1 pops Coat of Frost targeting P1", "P1"),
    ],
)
def test_coat_of_frost_gives_the_target_hero_a_frostbite(fabrary_cards, line, holder):
    """CR 8.5.2c: the token enters under the control of the hero the ability targets; go again (8.3.5a)."""
    given = _given({"equipment": ["Coat of Frost"]})
    result = run_log(given, [line, "P1 passes; P2 passes"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert _names(result.state[holder]["permanents"]) == ["Frostbite"]
    assert _names(result.state["P1"]["graveyard"]) == ["Coat of Frost"]
    assert result.state["P1"]["action_points"] == 1
