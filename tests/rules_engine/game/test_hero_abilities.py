"""Hero abilities the engine applies (issue 27, "every hero of those formats computed"): triggers on
playing, drawing, activating and hitting, a start-of-turn grant, a defending restriction and a timing
permission, and the sentences the start position settles. Each replays a short log with the real hero
(the-fab-cube data) and checks the derived state."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage
from rules_engine.game.scenarios import run_scenario


def _run(given: dict[str, Any], when: list[str], lookup: Any = None) -> Any:
    result = run_scenario({"id": "t", "given": given, "when": when, "expect": {}}, lookup)
    assert result.error is None, result.error
    return result


def _violations(result: Any) -> list[str]:
    return [f.message for f in result.findings if f.kind == "violation"]


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


def _given(
    p1: dict[str, Any], p2: dict[str, Any] | None = None, turn: str = "P1", phase: str = "action"
) -> Any:
    return {
        "turn": turn,
        "phase": phase,
        "combat_chain": "closed",
        "P1": {"action_points": 1 if turn == "P1" else 0, **p1},
        "P2": {"life": 20, **(p2 or {})},
    }


# --- the heroes counted computed in full ------------------------------------------------------------


def test_the_heroes_of_this_file_are_computed_in_full(fabcube_cards):
    for name in (
        "Jarl Vetreiði",
        "Iyslander",
        "Valda, Seismic Impact",
        "Valda Brightaxe",
        "Benji, the Piercing Wind",
        "Scurv, Stowaway",
        "Fai",
        "Dash",
        "Oscilio",
        "Oscilio, Constella Intelligence",
        "Dash I/O",
        "Dash, Database",
        "Kavdaen, Trader of Skins",
        "Lexi",
        "Bravo, Flattering Showman",
        "Cindra, Dracai of Retribution",
        "Cindra",
        "Data Doll MKII",
        "Terra",
        "Marlynn",
        "Marlynn, Treasure Hunter",
        "Puffin",
        "Puffin, Hightail",
        "Maxx Nitro",
        "Maxx 'The Hype' Nitro",
        "Levia",
        "Levia, Shadowborn Abomination",
        "Dromai",
        "Arakni, Marionette",
        "Arakni, Web of Deceit",
        "Arakni, Redback",
        "Arakni, Tarantula",
        "Gravy Bones",
        "Gravy Bones, Shipwrecked Looter",
        "Arakni, Orb-Weaver",
        "Arakni, Funnel Web",
        "Arakni, Black Widow",
    ):
        facts = fabcube_cards.get(name)
        assert facts is not None, name
        parts = coverage(facts)
        assert all(p.status == MODELLED for p in parts), (name, [(p.text, p.status) for p in parts])


def test_start_position_sentences_say_why():
    from rules_engine.game.cards import facts_from_mapping  # noqa: PLC0415 (test-local helper)

    dash = facts_from_mapping(
        {
            "name": "Dash",
            "type": "hero",
            "text": "You may start the game with a Mechanologist item with cost 2 or less in the arena.",
        }
    )
    look = facts_from_mapping(
        {"name": "Dash I/O", "type": "hero", "text": "You may look at the top card of your deck at any time."}
    )
    assert [p.when for p in coverage(dash)] == ["start position"]
    assert [p.when for p in coverage(look)] == ["no state change"]
    # the same sentence on a card that is not a hero is not settled by the start position
    item = facts_from_mapping(
        {
            "name": "X",
            "type": "action",
            "text": "You may start the game with a Mechanologist item with cost 2 or less in the arena.",
        }
    )
    assert [p.status for p in coverage(item)] != [MODELLED]


def test_fai_starts_with_a_phoenix_flame_in_the_graveyard_and_returns_it(fabcube_cards):
    given = _given({"hero": "Fai", "resource_points": 3, "graveyard": ["Phoenix Flame"]})
    result = _run(given, ["P1 activates Fai", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["hand"]) == ["Phoenix Flame"]
    assert not any("start the game" in f.message for f in result.findings)  # nothing reported at line 1


# --- Jarl: "Whenever you play an Ice card, create a Frostbite token in an opponent's exposed zone" ---


def test_jarl_playing_an_ice_card_gives_the_opponent_a_frostbite(fabcube_cards):
    given = _given({"hero": "Jarl Vetreiði", "resource_points": 2, "hand": ["Frost Fang (red)"]})
    lines = ["P1 plays Frost Fang (red)", "P1 passes; P2 passes"]  # the trigger resolves first
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P2"]["permanents"]) == ["Frostbite"]
    assert result.state["P1"].get("permanents", []) == []


def test_jarl_no_frostbite_without_an_exposed_zone(fabcube_cards):
    covered = {
        "head": "Crown of Seeds",
        "chest": "Tectonic Plating",
        "arms": "Crater Fist",
        "legs": "Heart of Ice",
    }
    given = _given(
        {"hero": "Jarl Vetreiði", "resource_points": 2, "hand": ["Frost Fang (red)"]}, {"equipment": covered}
    )
    result = _run(given, ["P1 plays Frost Fang (red)"], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P2"].get("permanents", []) == []
    assert any("no exposed" in f.message for f in result.findings)


def test_jarl_a_card_that_is_not_ice_creates_nothing(fabcube_cards):
    given = _given({"hero": "Jarl Vetreiði", "hand": ["Head Jab (blue)"]})
    result = _run(given, ["P1 plays Head Jab (blue)"], fabcube_cards)
    assert result.state["P2"].get("permanents", []) == []
    assert len(result.state["stack"]) == 1  # the attack alone


# --- Iyslander: blue 'non-attack' actions from arsenal as instants on an opponent's turn; Frostbite --


def test_iyslander_plays_a_blue_nonattack_from_arsenal_on_the_opponents_turn(fabcube_cards):
    given = _given(
        {"hero": "Iyslander", "arsenal": ["Arctic Incarceration (blue)"]},
        {"action_points": 1},
        turn="P2",
    )
    lines = [
        "P2 passes",
        "P1 plays Arctic Incarceration (blue) from arsenal targeting P2",
        "all pass",
        "all pass",
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    # Iyslander's trigger resolves first: one Frostbite under P2's control (the blue card's own
    # "under target hero's control" is the judge's to enter, a manual finding)
    assert _names(result.state["P2"]["permanents"]) == ["Frostbite"]
    assert result.state["P1"]["graveyard"] == ["Arctic Incarceration"]
    assert result.state["turn"] == "P2"


def test_iyslander_on_her_own_turn_no_frostbite_and_the_arsenal_card_is_an_action(fabcube_cards):
    given = _given({"hero": "Iyslander", "arsenal": ["Arctic Incarceration (blue)"]})
    result = _run(given, ["P1 plays Arctic Incarceration (blue) from arsenal targeting P2"], fabcube_cards)
    assert not _violations(result), result.findings
    assert len(result.state["stack"]) == 1  # no trigger on her own turn
    assert result.state["P1"]["action_points"] == 0  # played as an action


def test_iyslander_from_hand_on_the_opponents_turn_is_illegal(fabcube_cards):
    given = _given(
        {"hero": "Iyslander", "hand": ["Arctic Incarceration (blue)"]},
        {"action_points": 1},
        turn="P2",
    )
    result = _run(
        given, ["P2 passes", "P1 plays Arctic Incarceration (blue) from hand targeting P2"], fabcube_cards
    )
    assert _violations(result)


# --- Valda: Seismic Surge tokens for an opponent's draws; dominate for crush cards --------------------


def test_valda_gets_a_seismic_surge_per_card_an_opponent_draws_in_the_action_phase(fabcube_cards):
    given = _given({"resource_points": 0}, {"hero": "Valda, Seismic Impact"})
    result = _run(given, ["P1 draws 2", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P2"]["permanents"]) == ["Seismic Surge", "Seismic Surge"]


def test_young_valda_counts_each_card_drawn(fabcube_cards):
    given = _given({"resource_points": 0}, {"hero": "Valda Brightaxe"})
    result = _run(given, ["P1 draws 1", "all pass"], fabcube_cards)
    assert _names(result.state["P2"]["permanents"]) == ["Seismic Surge"]


def test_valda_with_three_surges_her_crush_attack_has_dominate(fabcube_cards):
    given = _given(
        {
            "hero": "Valda, Seismic Impact",
            "resource_points": 4,
            "permanents": ["Seismic Surge", "Seismic Surge", "Seismic Surge"],
            "hand": ["Buckling Blow (red)"],
        },
        {"hand": ["Head Jab (red)", "Head Jab (yellow)"]},
        phase="start",
    )
    lines = [
        "P1 plays Buckling Blow (red)",
        "all pass to the Defend Step",
        "P2 declares Head Jab (red) and Head Jab (yellow) as defending cards",
    ]
    result = _run(given, lines, fabcube_cards)
    assert any("dominate" in m for m in _violations(result)), result.findings
    assert result.state["P1"]["permanents"] == []  # the three surges were destroyed as the action phase began


def test_valda_with_two_surges_no_dominate(fabcube_cards):
    given = _given(
        {
            "hero": "Valda, Seismic Impact",
            "resource_points": 4,
            "permanents": ["Seismic Surge", "Seismic Surge"],
            "hand": ["Buckling Blow (red)"],
        },
        {"hand": ["Head Jab (red)", "Head Jab (yellow)"]},
        phase="start",
    )
    lines = [
        "P1 plays Buckling Blow (red)",
        "all pass to the Defend Step",
        "P2 declares Head Jab (red) and Head Jab (yellow) as defending cards",
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings


# --- Benji: low-power attacks can't be defended from hand; the first hit gives the next attack +1{p} --


def test_benji_a_one_power_attack_cannot_be_defended_from_hand(fabcube_cards):
    given = _given(
        {"hero": "Benji, the Piercing Wind", "hand": ["Head Jab (blue)"]}, {"hand": ["Head Jab (red)"]}
    )
    lines = [
        "P1 plays Head Jab (blue)",
        "all pass to the Defend Step",
        "P2 defends with Head Jab (red) from hand",
    ]
    result = _run(given, lines, fabcube_cards)
    assert any("can't be defended by cards from hand" in m for m in _violations(result)), result.findings


def test_benji_a_three_power_attack_can_be_defended_from_hand(fabcube_cards):
    given = _given(
        {"hero": "Benji, the Piercing Wind", "hand": ["Head Jab (red)"]}, {"hand": ["Head Jab (blue)"]}
    )
    lines = [
        "P1 plays Head Jab (red)",
        "all pass to the Defend Step",
        "P2 defends with Head Jab (blue) from hand",
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings


def test_benji_first_hit_gives_the_next_attack_one_power(fabcube_cards):
    given = _given(
        {"hero": "Benji, the Piercing Wind", "hand": ["Head Jab (blue)", "Head Jab (red)"]}, {"hand": []}
    )
    lines = [
        "P1 plays Head Jab (blue)",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
        "all pass",  # Benji's trigger resolves
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 19
    assert [e["description"] for e in result.state["effects"]] == ["Your next attack gets +1{p}."]
    more = lines + [
        "P1 plays Head Jab (red)",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
    ]
    result = _run(given, more, fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 15  # 1, then 3 + 1
    assert result.state["effects"] == []


# --- Scurv: "Whenever you activate a Goldkiss Rum, gain {r}" ----------------------------------------


def test_scurv_gains_a_resource_point_when_she_activates_a_goldkiss_rum(fabcube_cards):
    given = _given({"hero": "Scurv, Stowaway", "permanents": ["Goldkiss Rum"]})
    result = _run(given, ["P1 activates Goldkiss Rum", "P1 passes; P2 passes"], fabcube_cards)
    assert result.state["P1"]["resource_points"] == 1
    # the Rum's own ability ("{t} your hero, destroy this: ...") stays the judge's to enter
    assert any("Goldkiss Rum's ability" in f.message for f in result.findings if f.kind == "manual_effect")


def test_scurv_creates_a_goldkiss_rum_then_gains_on_activating_it(fabcube_cards):
    given = _given({"hero": "Scurv, Stowaway", "permanents": ["Gold"]})
    lines = ["P1 activates Scurv", "all pass", "P1 activates Goldkiss Rum", "P1 passes; P2 passes"]
    result = _run(given, lines, fabcube_cards)
    assert result.state["P1"]["resource_points"] == 1


# --- Oscilio: "Once per Turn Instant - Discard an instant: Draw a card" -------------------------------

_OSCILIO_HAND = {
    "hero": "Oscilio, Constella Intelligence",
    "hand": ["Sigil of Solace (blue)", "Head Jab (red)"],
    "deck": 10,
}


def test_oscilio_the_logged_discard_of_an_instant_pays_the_cost(fabcube_cards):
    lines = ["P1 activates Oscilio", "P1 discards Sigil of Solace (blue)", "all pass"]
    result = _run(_given(dict(_OSCILIO_HAND)), lines, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["graveyard"]) == ["Sigil of Solace"]
    assert (p1["hand_size"], p1["deck"]) == (2, 9)  # Head Jab and the card drawn
    assert not [f for f in result.findings if f.kind == "manual_effect"]


def test_oscilio_discarding_a_card_that_is_not_an_instant_is_a_violation(fabcube_cards):
    lines = ["P1 activates Oscilio", "P1 discards Head Jab (red)"]
    result = _run(_given(dict(_OSCILIO_HAND)), lines, fabcube_cards)
    assert any("is not one" in m for m in _violations(result))
    assert _names(result.state["P1"]["hand"]) == ["Sigil of Solace", "Head Jab"]  # the line is reversed


def test_oscilio_without_the_discard_in_the_log_the_judge_is_asked(fabcube_cards):
    result = _run(_given(dict(_OSCILIO_HAND)), ["P1 activates Oscilio", "all pass"], fabcube_cards)
    assert result.state["P1"]["deck"] == 9  # the draw is computed
    assert any(
        "did not show its cost paid" in f.message for f in result.findings if f.kind == "manual_effect"
    )


# --- Dash I/O: a Mechanologist item with cost 0 or 1 from the top of the deck, as an instant, {r} more --


def test_dash_plays_an_item_from_the_top_of_her_deck_for_one_more(fabcube_cards):
    given = _given({"hero": "Dash I/O", "resource_points": 1, "deck_top": ["Teklo Core (blue)"], "deck": 10})
    result = _run(given, ["P1 plays Teklo Core (blue) from deck"], fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert (p1["resource_points"], p1["deck"], p1["action_points"]) == (0, 9, 1)  # 0 + 1; an instant's timing
    assert [x["card"] for x in result.state["stack"]] == ["Teklo Core"]


def test_dash_an_unknown_top_card_is_the_one_the_line_names(fabcube_cards):
    given = _given(
        {"hero": "Dash, Database", "resource_points": 1, "deck": 10}, {"action_points": 1}, turn="P2"
    )
    result = _run(given, ["P2 passes", "P1 plays Teklo Core (blue) from deck", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["permanents"]) == ["Teklo Core"]  # on P2's turn: an instant's timing
    assert result.state["P1"]["deck"] == 9


def test_dash_only_items_of_cost_0_or_1_and_once_per_turn(fabcube_cards):
    given = _given(
        {"hero": "Dash I/O", "resource_points": 3, "deck_top": ["Dissipation Shield (yellow)"], "deck": 10}
    )
    result = _run(given, ["P1 plays Dissipation Shield (yellow) from deck"], fabcube_cards)
    assert any("is not one" in m for m in _violations(result))  # cost 2
    top = ["Teklo Core (blue)", "Teklo Core (blue)"]
    given = _given({"hero": "Dash I/O", "resource_points": 2, "deck_top": top, "deck": 10})
    lines = ["P1 plays Teklo Core (blue) from deck", "all pass", "P1 plays Teklo Core (blue) from deck"]
    result = _run(given, lines, fabcube_cards)
    assert any("already used this turn" in m for m in _violations(result))
    assert result.state["P1"]["resource_points"] == 1


def test_dash_the_named_card_must_be_the_known_top_card(fabcube_cards):
    top = ["Head Jab (red)", "Teklo Core (blue)"]
    given = _given({"hero": "Dash I/O", "resource_points": 1, "deck_top": top, "deck": 10})
    result = _run(given, ["P1 plays Teklo Core (blue) from deck"], fabcube_cards)
    assert any("is not the top card" in m for m in _violations(result))


# --- Kassai: "If you've drawn a card this turn, your sword attacks cost {r} less to activate" ---------


def test_kassai_sword_attack_costs_one_less_after_a_draw(fabcube_cards):
    lines = ["P1 draws 1", "P1 activates Cintari Saber targeting P2's hero"]
    result = _run(
        _given({"hero": "Kassai of the Golden Sand", "weapons": ["Cintari Saber"], "deck": 10}),
        lines,
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert any("costs {r} less" in f.message for f in result.findings)
    no_draw = _run(_given({"hero": "Kassai", "weapons": ["Cintari Saber"]}), lines[1:], fabcube_cards)
    assert _violations(no_draw)  # {r} to pay and none available


# --- Kavdaen: the hero with most life loses 1 and creates a Copper; then the one with least gains 1 --


def test_kavdaen_balances_the_life_totals(fabcube_cards):
    given = _given({"hero": "Kavdaen, Trader of Skins", "life": 20, "resource_points": 3}, {"life": 15})
    result = _run(given, ["P1 activates Kavdaen", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    p1, p2 = result.state["P1"], result.state["P2"]
    assert (p1["life"], p2["life"]) == (19, 16)
    assert _names(p1["permanents"]) == ["Copper"]
    assert p1["action_points"] == 1  # go again gives back the action point


def test_kavdaen_with_equal_lives_nothing_happens(fabcube_cards):
    given = _given({"hero": "Kavdaen, Trader of Skins", "life": 18, "resource_points": 3}, {"life": 18})
    result = _run(given, ["P1 activates Kavdaen", "all pass"], fabcube_cards)
    assert (result.state["P1"]["life"], result.state["P2"]["life"]) == (18, 18)
    assert result.state["P1"]["permanents"] == []


def test_kavdaen_one_life_apart_the_second_step_levels_them_again(fabcube_cards):
    given = _given({"hero": "Kavdaen, Trader of Skins", "life": 10, "resource_points": 3}, {"life": 11})
    result = _run(given, ["P1 activates Kavdaen", "all pass"], fabcube_cards)
    # P2 had most: 11 -> 10 and a Copper for P2; then the lives are equal, nobody gains
    assert (result.state["P1"]["life"], result.state["P2"]["life"]) == (10, 10)
    assert _names(result.state["P2"]["permanents"]) == ["Copper"]


# --- Lexi: turn a face-down arsenal card face up; Lightning: go again, Ice: Frostbite ----------------


def test_lexi_an_ice_card_gives_the_target_a_frostbite(fabcube_cards):
    given = _given({"hero": "Lexi", "arsenal": ["Frost Fang (red)"]})
    result = _run(given, ["P1 activates Lexi targeting P2", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P2"]["permanents"]) == ["Frostbite"]
    assert result.state["P1"]["arsenal"][0]["face"] == "up"
    assert result.state["P1"]["action_points"] == 1


def test_lexi_a_lightning_card_gives_the_next_attack_go_again(fabcube_cards):
    given = _given({"hero": "Lexi", "arsenal": ["Electrify (red)"], "hand": ["Head Jab (blue)"]})
    result = _run(given, ["P1 activates Lexi", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert [e["kind"] for e in result.state["effects"]] == ["next_attack_go_again"]
    assert result.state["P2"].get("permanents", []) == []


def test_lexi_without_a_face_down_arsenal_card_cannot_activate(fabcube_cards):
    given = _given({"hero": "Lexi", "arsenal": []})
    result = _run(given, ["P1 activates Lexi"], fabcube_cards)
    assert any("face-down arsenal card" in m for m in _violations(result))


# --- Bravo, Flattering Showman: a crush card turned face up gets +2{p} and dominate this turn -------


def test_bravo_flattering_showman_crush_card_gets_power_and_dominate(fabcube_cards):
    given = _given(
        {"hero": "Bravo, Flattering Showman", "resource_points": 6, "arsenal": ["Buckling Blow (red)"]},
        {"hand": ["Head Jab (red)", "Head Jab (yellow)"]},
    )
    lines = [
        "P1 activates Bravo",
        "all pass",
        "P1 plays Buckling Blow (red) from arsenal",
        "all pass to the Defend Step",
        "P2 declares Head Jab (red) and Head Jab (yellow) as defending cards",
    ]
    result = _run(given, lines, fabcube_cards)
    assert any("dominate" in m for m in _violations(result)), result.findings
    done = _run(
        given,
        lines[:-1] + ["P2 declares no defending cards", "all pass through the Reaction and Damage Steps"],
        fabcube_cards,
    )
    assert not _violations(done), done.findings
    assert done.state["P2"]["life"] == 20 - (8 + 2)  # Buckling Blow (red): 8 power, +2


def test_bravo_flattering_showman_a_card_without_crush_gets_nothing(fabcube_cards):
    given = _given({"hero": "Bravo, Flattering Showman", "resource_points": 2, "arsenal": ["Head Jab (red)"]})
    result = _run(given, ["P1 activates Bravo", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["effects"] == []
    assert result.state["P1"]["arsenal"][0]["face"] == "up"


def test_skullbone_crosswrap_pays_the_same_arsenal_flip_cost(fabcube_cards):
    # an equipment with Lexi's cost: "Once per Turn Action - Turn a face down card in your arsenal face up: Opt 1. Go again"
    given = _given(
        {"hero": "Azalea", "equipment": ["Skullbone Crosswrap"], "arsenal": ["Head Jab (red)"], "deck": 10}
    )
    result = _run(given, ["P1 activates Skullbone Crosswrap", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P1"]["arsenal"][0]["face"] == "up"
    assert result.state["P1"]["action_points"] == 1
    assert any("opt 1" in f.message for f in result.findings)
    face_up = _given(
        {
            "hero": "Azalea",
            "equipment": ["Skullbone Crosswrap"],
            "arsenal": [{"name": "Head Jab (red)", "face": "up"}],
        }
    )
    result = _run(face_up, ["P1 activates Skullbone Crosswrap"], fabcube_cards)
    assert any("face-down arsenal card" in m for m in _violations(result))


# --- Cindra: "Equip up to 2 Draconic daggers from your graveyard" (the daggers the line names) ---------

_KUNAI = "Kunai of Retribution"


def _cindra(**p1: Any) -> Any:
    return _given({"hero": "Cindra, Dracai of Retribution", "resource_points": 3, **p1})


def test_cindra_equips_the_named_daggers_from_her_graveyard(fabcube_cards):
    given = _cindra(graveyard=[_KUNAI, _KUNAI, "Head Jab (red)"])
    lines = [f"P1 activates Cindra targeting {_KUNAI} and {_KUNAI}", "all pass"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["weapons"]) == [_KUNAI, _KUNAI]
    assert _names(p1["graveyard"]) == ["Head Jab"]
    assert not [f for f in result.findings if f.kind == "manual_effect"]


def test_cindra_a_full_weapon_zone_leaves_the_dagger_in_the_graveyard(fabcube_cards):
    given = _cindra(weapons=[_KUNAI], graveyard=[_KUNAI, _KUNAI])
    result = _run(given, [f"P1 activates Cindra targeting {_KUNAI} and {_KUNAI}", "all pass"], fabcube_cards)
    assert _names(result.state["P1"]["weapons"]) == [_KUNAI, _KUNAI]
    assert _names(result.state["P1"]["graveyard"]) == [_KUNAI]
    assert any("no empty weapon zone" in f.message for f in result.findings)


def test_cindra_a_named_card_that_is_not_a_draconic_dagger_is_a_violation(fabcube_cards):
    given = _cindra(graveyard=["Head Jab (red)"])
    result = _run(given, ["P1 activates Cindra targeting Head Jab (red)", "all pass"], fabcube_cards)
    assert any("is not one there" in m for m in _violations(result))
    assert _names(result.state["P1"]["graveyard"]) == ["Head Jab"]


def test_cindra_with_no_dagger_named_the_judge_is_asked(fabcube_cards):
    result = _run(_cindra(graveyard=[_KUNAI]), ["P1 activates Cindra", "all pass"], fabcube_cards)
    assert any("up to 2" in f.message for f in result.findings if f.kind == "manual_effect")
    assert result.state["P1"]["weapons"] == []


# --- Arakni, Marionette: stealth attacks at a marked hero get +1{p} and "When this hits, this gets go again" --

_KISS = [
    "P1 plays Kiss of Death (red)",  # stealth, power 3: "When this hits a hero, they lose 1{h}."
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
    "all pass",
]


def test_arakni_stealth_attack_at_a_marked_hero_gets_power_and_go_again_on_hit(fabcube_cards):
    given = _given({"hero": "Arakni, Marionette", "hand": ["Kiss of Death (red)"]}, {"marked": True})
    result = _run(given, _KISS, fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - (3 + 1) - 1
    assert result.state["P2"].get("marked", False) is False  # the hit removed the mark (CR 9.3.3)
    assert result.state["P1"]["action_points"] == 1  # the granted hit ability's go again


def test_arakni_an_unmarked_hero_gets_no_bonus(fabcube_cards):
    given = _given({"hero": "Arakni, Web of Deceit", "hand": ["Kiss of Death (red)"]})
    result = _run(given, _KISS, fabcube_cards)
    assert result.state["P2"]["life"] == 20 - 3 - 1
    assert result.state["P1"]["action_points"] == 0


# --- Gravy Bones: draw, then the discard the log names; Marlynn: a Goldfin Harpoon in hand; Maxx --------


def test_gravy_bones_draws_then_the_logged_discard(fabcube_cards):
    given = _given(
        {
            "hero": "Gravy Bones, Shipwrecked Looter",
            "permanents": ["Gold"],
            "hand": ["Head Jab (red)"],
            "deck": 10,
        }
    )
    lines = ["P1 activates Gravy Bones", "all pass", "P1 discards Head Jab (red)"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert (p1["deck"], p1["hand_size"], p1["permanents"]) == (9, 1, [])
    assert _names(p1["graveyard"]) == ["Head Jab"]
    assert result.state["effects"] == []  # the discard due is paid
    assert p1["hero_tapped"] is True


def test_gravy_bones_a_discard_never_logged_is_reported_at_the_end_phase(fabcube_cards):
    given = _given({"hero": "Gravy Bones", "permanents": ["Gold"], "deck": 10})
    result = _run(given, ["P1 activates Gravy Bones", "all pass"], fabcube_cards)
    assert [e["description"] for e in result.state["effects"]] == ["Discard a card (the log names it)."]
    ended = _run(given, ["P1 activates Gravy Bones", "all pass", "all pass"], fabcube_cards)
    assert any("never showed the discard" in f.message for f in ended.findings if f.kind == "manual_effect")


def test_marlynn_creates_a_goldfin_harpoon_in_her_hand(fabcube_cards):
    given = _given({"hero": "Marlynn, Treasure Hunter", "permanents": ["Gold"]})
    result = _run(given, ["P1 activates Marlynn", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["hand"]) == ["Goldfin Harpoon"]
    assert (p1["permanents"], p1["action_points"]) == ([], 1)  # the Gold destroyed; go again


def test_maxx_creates_a_hyper_driver_with_two_steam_counters_after_a_boost(fabcube_cards):
    p1 = {"hero": "Maxx Nitro", "action_points": 2, "resource_points": 2, "hand": ["Zero to Sixty (red)"]}
    given = _given(p1 | {"deck_top": ["Head Jab (red)"], "deck": 10})
    boost = [
        "P1 plays Zero to Sixty (red) targeting P2's hero, boosting",  # Mechanologist attack with boost
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
        "all pass",  # the chain closes
    ]
    result = _run(given, [*boost, "P1 activates Maxx Nitro", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    (driver,) = result.state["P1"]["permanents"]
    assert driver["name"] == "Hyper Driver"
    assert driver["counters"] == ["steam", "steam"]
    no_boost = _run(_given(p1), ["P1 activates Maxx Nitro"], fabcube_cards)
    assert any("boosted this turn" in m for m in _violations(no_boost))


# --- Data Doll MKII: a Mechanologist item of cost 2 or less banished from the deck goes to the arena ----


def _doll(top: str) -> Any:
    return _given({"hero": "Data Doll MKII", "hand": ["Zero to Sixty (red)"], "deck_top": [top], "deck": 10})


_BOOST = ["P1 plays Zero to Sixty (red) targeting P2's hero, boosting", "P1 passes; P2 passes"]


def test_data_doll_a_boosted_item_goes_into_the_arena(fabcube_cards):
    result = _run(_doll("Teklo Core (blue)"), _BOOST, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["permanents"]) == ["Teklo Core"]
    assert p1["banished"] == []
    assert [x["card"] for x in result.state["stack"]] == ["Zero to Sixty"]  # the trigger resolved above it


def test_data_doll_a_boosted_card_that_is_not_such_an_item_stays_banished(fabcube_cards):
    result = _run(_doll("Head Jab (red)"), _BOOST[:1], fabcube_cards)
    assert _names(result.state["P1"]["banished"]) == ["Head Jab"]
    assert [x["card"] for x in result.state["stack"]] == ["Zero to Sixty"]  # no trigger


# --- Terra: at the beginning of each end phase, with an Earth card pitched, pay {r} for a Might token --

_EARTH = "Autumn's Touch (blue)"  # an Earth attack action card


def test_terra_pays_one_in_her_end_phase_for_a_might_token(fabcube_cards):
    given = _given({"hero": "Terra", "action_points": 0, "pitch_zone": [_EARTH], "hand": ["Head Jab (red)"]})
    result = _run(given, ["all pass", "P1 pays 1, pitching Head Jab (red)"], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["permanents"]) == ["Might"]
    assert result.state["effects"] == []


def test_terra_on_the_opponents_end_phase_too(fabcube_cards):
    given = _given(
        {"hero": "Terra", "pitch_zone": [_EARTH], "hand": ["Head Jab (red)"]}, {"action_points": 0}, turn="P2"
    )
    result = _run(given, ["all pass", "P1 pays 1, pitching Head Jab (red)"], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["permanents"]) == ["Might"]


def test_terra_without_an_earth_card_pitched_there_is_nothing_to_pay(fabcube_cards):
    given = _given(
        {"hero": "Terra", "action_points": 0, "pitch_zone": ["Head Jab (blue)"], "hand": ["Head Jab (red)"]}
    )
    result = _run(given, ["all pass", "P1 pays 1, pitching Head Jab (red)"], fabcube_cards)
    assert any("no effect offers" in m for m in _violations(result))
    assert result.state["P1"]["permanents"] == []


def test_terra_who_does_not_pay_gets_nothing(fabcube_cards):
    given = _given({"hero": "Terra", "action_points": 0, "pitch_zone": [_EARTH]})
    result = _run(given, ["all pass"], fabcube_cards)
    assert [e["kind"] for e in result.state["effects"]] == ["pay_offer"]  # offered until the end phase ends
    assert result.state["P1"]["permanents"] == []


# --- Marlynn: after a draw in her action phase, an arrow from hand face up into her arsenal -------------


def test_marlynn_puts_an_arrow_face_up_into_her_arsenal_after_a_draw(fabcube_cards):
    given = _given({"hero": "Marlynn", "hand": ["Goldfin Harpoon"], "deck": 10})
    lines = ["P1 draws 1", "P1 puts Goldfin Harpoon face up into their arsenal"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert [(c["name"], c["face"]) for c in p1["arsenal"]] == [("Goldfin Harpoon", "up")]
    assert (result.state["phase"], p1["hand_size"]) == ("action", 1)  # still her action phase


def test_marlynn_only_an_arrow_and_only_into_an_empty_arsenal(fabcube_cards):
    given = _given({"hero": "Marlynn, Treasure Hunter", "hand": ["Head Jab (red)"], "deck": 10})
    result = _run(given, ["P1 draws 1", "P1 puts Head Jab (red) face up into their arsenal"], fabcube_cards)
    assert any("is not one" in m for m in _violations(result))
    full = _given({"hero": "Marlynn", "hand": ["Goldfin Harpoon"], "arsenal": ["Head Jab (red)"], "deck": 10})
    result = _run(full, ["P1 draws 1", "P1 puts Goldfin Harpoon face up into their arsenal"], fabcube_cards)
    assert any("already holds a card" in m for m in _violations(result))


# --- Victor Goldmane: the first Gold token an effect of his creates each turn draws a card ------------


def test_victor_draws_on_his_first_gold_token_each_turn_only(fabcube_cards):
    estate = "Visit Goldmane Estate (blue)"  # cost 1: "Create a Gold token. Then if ... Go again"
    given = _given(
        {
            "hero": "Victor Goldmane, High and Mighty",
            "resource_points": 2,
            "hand": [estate, estate],
            "deck": 10,
        }
    )
    once = ["P1 plays Visit Goldmane Estate (blue)", "all pass", "all pass"]  # the card, then his trigger
    result = _run(given, once, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert (_names(p1["permanents"]), p1["deck"], p1["hand_size"]) == (["Gold"], 9, 2)
    twice = _run(given, [*once, "P1 plays Visit Goldmane Estate (blue)", "all pass"], fabcube_cards)
    p1 = twice.state["P1"]
    assert (_names(p1["permanents"]), p1["deck"], p1["stack"] if "stack" in p1 else []) == (
        ["Gold", "Gold"],
        9,
        [],
    )
    assert twice.state["stack"] == []  # no second trigger this turn


# --- Puffin and Maxx: crank (CR 8.3.29) ---------------------------------------------------------------


def test_puffin_draws_on_the_second_crank_of_the_turn_only(fabcube_cards):
    given = _given({"hero": "Puffin, Hightail", "deck": 10, "hand": []})
    cog = ["P1 creates a Golden Cog token", "P1 cranks it"]
    once = _run(given, [*cog, "all pass"], fabcube_cards)
    assert not _violations(once), once.findings
    assert (once.state["P1"]["deck"], once.state["stack"]) == (10, [])  # one crank: no draw
    twice = _run(given, [*cog, *cog, "all pass"], fabcube_cards)
    assert not _violations(twice), twice.findings
    assert (twice.state["P1"]["deck"], twice.state["P1"]["hand_size"]) == (9, 1)
    thrice = _run(given, [*cog, *cog, "all pass", *cog, "all pass"], fabcube_cards)
    assert (thrice.state["P1"]["deck"], thrice.state["P1"]["hand_size"]) == (9, 1)  # not the third


@pytest.mark.parametrize(
    "line",
    ["P1 cranks Hyper Driver", "p1 crank hyper driver", "P1 cranked the Hyper Driver for an action point"],
)
def test_maxx_hyper_drivers_get_crank(fabcube_cards, line):
    given = _given({"hero": "Maxx Nitro", "resource_points": 1, "hand": ["Hyper Driver (red)"]})
    result = _run(given, ["P1 plays Hyper Driver (red)", "all pass", line], fabcube_cards)
    assert not _violations(result), result.findings
    (driver,) = result.state["P1"]["permanents"]
    assert (driver["counters"], result.state["P1"]["action_points"]) == (["steam", "steam"], 1)
    given["P1"]["hero"] = "Dash"  # without Maxx a Hyper Driver has no crank
    other = _run(given, ["P1 plays Hyper Driver (red)", "all pass", line], fabcube_cards)
    assert any("has no crank" in m for m in _violations(other))
    assert other.state["P1"]["action_points"] == 0


# --- Levia: a card with 6 or more power banished this turn, her cards lose blood debt -----------------


@pytest.mark.parametrize(
    "line",
    [
        "adj: P1 moves Boneyard Marauder (red) from graveyard to banished",
        "P1 banishes Boneyard Marauder (red) face-down",
        "adj: p1 moves boneyard marauder from graveyard to banished",
    ],
)
def test_levia_a_six_power_card_banished_this_turn_spares_the_blood_debt(fabcube_cards, line):
    given = _given(
        {
            "hero": "Levia",
            "action_points": 0,
            "life": 20,
            "hand": ["Boneyard Marauder (red)"],
            "graveyard": ["Boneyard Marauder (red)"],
            "banished": ["Battlefield Breaker (red)"],  # blood debt, face up
        }
    )
    result = _run(given, [line, "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P1"]["life"] == 20


def test_levia_without_such_a_card_the_blood_debt_costs_a_life(fabcube_cards):
    given = _given(
        {
            "hero": "Levia",
            "action_points": 0,
            "life": 20,
            "hand": ["Head Jab (red)"],  # 3 power
            "banished": ["Battlefield Breaker (red)"],
        }
    )
    result = _run(given, ["P1 banishes Head Jab (red) face-down", "all pass"], fabcube_cards)
    assert result.state["P1"]["life"] == 19
    given["P1"]["hero"] = "Kayo"  # another hero banishing a 6-power card still loses the life
    given["P1"]["hand"] = ["Boneyard Marauder (red)"]
    result = _run(given, ["P1 banishes Boneyard Marauder (red) face-down", "all pass"], fabcube_cards)
    assert result.state["P1"]["life"] == 19


# --- Dromai: a red card pitched creates an Ash; dragons have go again after a red card -----------------


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Hyper Driver (red), pitching Head Jab (red)",
        "p1 plays hyper driver (red), pitches head jab (red)",
        "P1: Hyper Driver (red), pitch Head Jab (red)",
    ],
)
def test_dromai_pitching_a_red_card_creates_an_ash(fabcube_cards, line):
    given = _given({"hero": "Dromai", "hand": ["Hyper Driver (red)", "Head Jab (red)"]})
    result = _run(given, [line, "all pass", "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    assert sorted(_names(result.state["P1"]["permanents"])) == ["Ash", "Hyper Driver"]
    given["P1"]["hand"] = ["Hyper Driver (red)", "Head Jab (blue)"]
    blue = _run(given, ["P1 plays Hyper Driver (red), pitching Head Jab (blue)", "all pass"], fabcube_cards)
    assert _names(blue.state["P1"]["permanents"]) == ["Hyper Driver"]


def _with_a_dragon_attack(fabcube_cards: Any) -> Any:
    """The card pool plus a dragon attack action card (the printed dragons are allies and tokens)."""
    from rules_engine.game.cards import InlineCards, facts_from_mapping  # noqa: PLC0415 (test-local helper)

    wyrm = {"name": "Test Wyrm", "types": ["action"], "subtypes": ["attack", "dragon"], "cost": 0, "power": 3}
    return InlineCards([facts_from_mapping(wyrm | {"pitch": 3})], fallback=fabcube_cards)


def test_dromai_dragons_have_go_again_after_a_red_card_this_turn(fabcube_cards):
    cards = _with_a_dragon_attack(fabcube_cards)
    attack = [
        "P1 plays Test Wyrm targeting P2",
        "all pass",
        "P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
    ]
    hand = {"hero": "Dromai", "hand": ["Test Wyrm", "Hyper Driver (red)"], "resource_points": 1}
    after_red = _run(
        _given(hand | {"action_points": 2}), ["P1 plays Hyper Driver (red)", "all pass", *attack], cards
    )
    assert not _violations(after_red), after_red.findings
    assert after_red.state["P1"]["action_points"] == 1  # go again
    no_red = _run(_given(hand), attack, cards)
    assert no_red.state["P1"]["action_points"] == 0


# --- Arakni and the Agents of Chaos: a random Agent the log names, the brood, the Agents' reaction -----


def _marionette(hero: str = "Arakni, Marionette") -> Any:
    p1 = {"hero": hero, "action_points": 0, "life": 40, "deck": 10}
    return _given(p1, {"marked": True, "action_points": 0, "deck": 10})


_NEXT_TURN = [
    "P1 does not arsenal",
    "P1 draws 4 cards",
    "all pass",
    "P2 does not arsenal",
    "P2 draws 4 cards",
]


@pytest.mark.parametrize(
    "line",
    ["P1 becomes Arakni, Redback", "p1 transforms into Arakni, Redback", "P1's hero is now Arakni, Redback"],
)
def test_arakni_becomes_the_agent_the_log_names_and_returns_to_the_brood(fabcube_cards, line):
    result = _run(_marionette(), ["all pass", line], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P1"]["hero"] == "Arakni, Redback"
    assert result.state["P1"]["life"] == 40  # the life total stays
    back = _run(_marionette(), ["all pass", line, *_NEXT_TURN, "all pass"], fabcube_cards)
    assert not _violations(back), back.findings
    assert (back.state["turn"], back.state["phase"]) == ("P1", "end")
    assert back.state["P1"]["hero"] == "Arakni, Marionette"  # at the beginning of the Agent's end phase
    assert back.state["effects"] == []


def test_web_of_deceit_with_no_agent_named_the_judge_is_asked(fabcube_cards):
    result = _run(_marionette("Arakni, Web of Deceit"), ["all pass", *_NEXT_TURN[:2]], fabcube_cards)
    assert any("never named it" in f.message for f in result.findings if f.kind == "manual_effect")
    assert result.state["P1"]["hero"] == "Arakni, Web of Deceit"


def test_arakni_becomes_an_agent_only_with_an_opponent_marked_and_only_an_agent(fabcube_cards):
    unmarked = _marionette()
    unmarked["P2"]["marked"] = False
    result = _run(unmarked, ["all pass", "P1 becomes Arakni, Redback"], fabcube_cards)
    assert any("none is pending" in m for m in _violations(result))
    assert result.state["P1"]["hero"] == "Arakni, Marionette"
    not_agent = _run(_marionette(), ["all pass", "P1 becomes Kayo"], fabcube_cards)
    assert any("none is pending" in m for m in _violations(not_agent))


def _agent(hero: str, attack: str, hand: list[str], **p1: Any) -> Any:
    return _given({"hero": hero, "hand": [attack, *hand], **p1})


def _reaction(attack: str, discard: str = "Kiss of Death (red)", twice: bool = False) -> list[str]:
    react = ["P1 activates Arakni", f"P1 discards {discard}", "all pass"]
    return [
        f"P1 plays {attack} targeting P2",
        "all pass",
        "P2 declares no defending cards",
        "all pass",  # to the Reaction Step, where attack reactions are activated
        *react,
        *(react if twice else []),
        "all pass through the Reaction and Damage Steps",
    ]


def test_redback_gives_an_assassin_attack_three_power_and_go_again_with_stealth(fabcube_cards):
    stealth = _run(
        _agent("Arakni, Redback", "Back Stab (red)", ["Kiss of Death (red)"]),
        _reaction("Back Stab (red)"),
        fabcube_cards,
    )
    assert not _violations(stealth), stealth.findings
    assert (stealth.state["P2"]["life"], stealth.state["P1"]["action_points"]) == (14, 1)  # 3 + 3, go again
    assert _names(stealth.state["P1"]["graveyard"]) == ["Kiss of Death"]
    given = _agent(
        "Arakni, Redback", "Annihilate the Armed (red)", ["Kiss of Death (red)"], resource_points=1
    )
    plain = _run(given, _reaction("Annihilate the Armed (red)"), fabcube_cards)
    assert (plain.state["P2"]["life"], plain.state["P1"]["action_points"]) == (12, 0)  # 5 + 3, no stealth


def test_the_agent_reaction_is_once_per_turn_and_costs_an_assassin_card(fabcube_cards):
    hand = ["Kiss of Death (red)", "Kiss of Death (red)"]
    twice = _run(
        _agent("Arakni, Redback", "Back Stab (red)", hand),
        _reaction("Back Stab (red)", twice=True),
        fabcube_cards,
    )
    assert any("once per turn" in m for m in _violations(twice))  # the second activation this turn
    assert twice.state["P2"]["life"] == 14
    not_assassin = _run(
        _agent("Arakni, Redback", "Back Stab (red)", ["Head Jab (red)"]),
        _reaction("Back Stab (red)", "Head Jab (red)"),
        fabcube_cards,
    )
    assert any("is not one" in m for m in _violations(not_assassin))


def test_tarantula_dagger_hits_lose_a_life_and_the_reaction_needs_a_dagger_attack(fabcube_cards):
    given = _agent(
        "Arakni, Tarantula",
        "Back Stab (red)",
        ["Kiss of Death (red)"],
        weapons=["Kunai of Retribution"],
        resource_points=1,
    )
    dagger = [
        "P1 attacks with Kunai of Retribution targeting P2",
        "all pass",
        "P2 declares no defending cards",
        "all pass",  # to the Reaction Step
    ]
    plain = _run(given, [*dagger, "all pass through the Reaction and Damage Steps"], fabcube_cards)
    assert plain.state["P2"]["life"] == 18  # 1 damage, then the trigger's 1 life
    react = ["P1 activates Arakni", "P1 discards Kiss of Death (red)", "all pass"]
    boosted = _run(given, [*dagger, *react, "all pass through the Reaction and Damage Steps"], fabcube_cards)
    assert not _violations(boosted), boosted.findings
    assert boosted.state["P2"]["life"] == 15  # 1 + 3 damage and 1 life
    not_dagger = _run(given, _reaction("Back Stab (red)"), fabcube_cards)
    assert not_dagger.state["P2"]["life"] == 17  # Back Stab is no dagger: no +3 and no life loss


# --- Gravy Bones: watery grave cards from the graveyard after a blue card went there this turn --------


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Amethyst Amulet from graveyard",
        "p1 play amethyst amulet from graveyard",
        "P1 plays Amethyst Amulet from their graveyard",
    ],
)
def test_gravy_bones_plays_a_watery_grave_card_from_the_graveyard_after_a_blue_card(fabcube_cards, line):
    p1 = {
        "hero": "Gravy Bones, Shipwrecked Looter",
        "permanents": ["Gold"],
        "hand": ["Head Jab (blue)", "Head Jab (red)"],
        "graveyard": ["Amethyst Amulet"],  # watery grave
        "deck": 10,
    }
    loot = ["P1 activates Gravy Bones", "all pass"]
    blue = _run(_given(p1), [*loot, "P1 discards Head Jab (blue)", line, "all pass"], fabcube_cards)
    assert not _violations(blue), blue.findings
    assert _names(blue.state["P1"]["permanents"]) == ["Amethyst Amulet"]
    red = _run(_given(p1), [*loot, "P1 discards Head Jab (red)", line], fabcube_cards)
    assert any("only after a blue card" in m for m in _violations(red))
    assert _names(red.state["P1"]["graveyard"]) == ["Amethyst Amulet", "Head Jab"]


# --- Arakni, Orb-Weaver: equip a Graphene Chelicera, +3{p} to the next attack with stealth -----------

_CHELICERA = [
    "P1 attacks with Graphene Chelicera targeting P2",  # {r}, one less with Orb-Weaver
    "all pass",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


@pytest.mark.parametrize(
    "discard",
    [
        "P1 discards Kiss of Death (red)",
        "p1 discards kiss of death",
        "P1 discarded Kiss of Death to pay the cost",
    ],
)
def test_orb_weaver_equips_a_chelicera_for_free_and_the_stealth_attack_gets_three(fabcube_cards, discard):
    given = _given({"hero": "Arakni, Orb-Weaver", "hand": ["Kiss of Death (red)", "Kiss of Death (red)"]})
    result = _run(given, ["P1 activates Arakni", discard, "all pass", *_CHELICERA], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["weapons"]) == ["Graphene Chelicera"]
    assert result.state["P2"]["life"] == 16  # 1 + 3, paid with no resource point
    assert result.state["effects"] == []
    again = _run(given, ["P1 activates Arakni", discard, "all pass", "P1 activates Arakni"], fabcube_cards)
    assert any("once per turn" in m for m in _violations(again))


def test_orb_weaver_the_bonus_waits_for_an_attack_with_stealth(fabcube_cards):
    given = _given(
        {
            "hero": "Arakni, Orb-Weaver",
            "hand": ["Kiss of Death (red)", "Annihilate the Armed (red)"],  # 5 power, no stealth
            "resource_points": 1,
            "weapons": ["Graphene Chelicera", "Graphene Chelicera"],  # both weapon zones full
        }
    )
    attack = [
        "P1 plays Annihilate the Armed (red) targeting P2",
        "all pass",
        "P2 declares no defending cards",
    ]
    lines = ["P1 activates Arakni", "P1 discards Kiss of Death (red)", "all pass", *attack]
    result = _run(given, [*lines, "all pass through the Reaction and Damage Steps"], fabcube_cards)
    assert not _violations(result), result.findings
    assert len(result.state["P1"]["weapons"]) == 2  # no empty zone: no token equipped
    assert result.state["P2"]["life"] == 15  # 5, no bonus
    assert [e["kind"] for e in result.state["effects"]] == ["next_typed_attack"]  # still waiting


# --- Oscilio, Forked Continuum: discard a card, a Ponder token, and the instant discarded this way ------

# the printed text (fabrary 3.8.6; the-fab-cube data does not have this hero yet)
_FORKED = {
    "name": "Oscilio, Forked Continuum",
    "type": "hero",
    "text": "Instant - {r}, {t}, destroy a Lightning Flow you control: Discard a card and create a Ponder "
    "token. If an instant is discard this way, you may play it this turn.",
}


def _forked() -> Any:
    hand = ["Sigil of Solace (blue)", "Head Jab (red)"]  # an instant, and not one
    return _given({"hero": _FORKED, "resource_points": 1, "permanents": ["Lightning Flow"], "hand": hand})


@pytest.mark.parametrize(
    "discard",
    [
        "P1 discards Sigil of Solace (blue)",
        "p1 discards sigil of solace",
        "P1 discarded Sigil of Solace",
    ],
)
def test_forked_continuum_the_discarded_instant_is_played_from_the_graveyard(fabcube_cards, discard):
    lines = [
        "P1 activates Oscilio",
        "all pass",
        discard,
        "P1 plays Sigil of Solace (blue) from graveyard",
        "all pass",
    ]
    result = _run(_forked(), lines, fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["permanents"]) == ["Ponder"]
    assert p1["life"] == 21  # Sigil of Solace resolved: gain 1
    assert result.state["effects"] == []


def test_forked_continuum_a_card_that_is_not_an_instant_gives_no_permission(fabcube_cards):
    lines = ["P1 activates Oscilio", "all pass", "P1 discards Head Jab (red)"]
    result = _run(_forked(), lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["graveyard"]) == ["Lightning Flow", "Head Jab"]
    assert result.state["effects"] == []  # the discard paid, no permission
    silent = _run(_forked(), ["P1 activates Oscilio", "all pass", "all pass"], fabcube_cards)
    assert any("never showed the discard" in f.message for f in silent.findings if f.kind == "manual_effect")


# --- Zyggy Starlight: banish a Lightning aura with no holo counters, it returns with one --------------

_ZYGGY = {  # the printed text (fabrary 3.8.6; not in the-fab-cube data yet)
    "name": "Zyggy Starlight",
    "type": "hero",
    "text": "Instant - {r}{r}, {t}, destroy a Lightning Flow you control, banish another Lightning aura permanent "
    "you control with no holo counters: Return the banished aura to the arena with a holo counter.",
}


def _zyggy(valley: Any = "Channel Lightning Valley") -> Any:  # a Lightning aura
    return _given({"hero": _ZYGGY, "resource_points": 2, "permanents": ["Lightning Flow", valley]})


@pytest.mark.parametrize(
    "line",
    [
        "P1 activates Zyggy Starlight targeting Channel Lightning Valley",
        "p1 activates zyggy starlight",  # the only aura that fits
        "P1 activates Zyggy Starlight, banishing Channel Lightning Valley",
    ],
)
def test_zyggy_returns_the_banished_aura_with_a_holo_counter(fabcube_cards, line):
    result = _run(_zyggy(), [line, "all pass"], fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert [(c["name"], c["counters"]) for c in p1["permanents"]] == [("Channel Lightning Valley", ["holo"])]
    assert (p1["banished"], _names(p1["graveyard"])) == ([], ["Lightning Flow"])


def test_zyggy_an_aura_with_a_holo_counter_cannot_pay(fabcube_cards):
    holo = {"name": "Channel Lightning Valley", "counters": ["holo"]}
    result = _run(_zyggy(holo), ["P1 activates Zyggy Starlight"], fabcube_cards)
    assert any("there is none" in m for m in _violations(result))
    assert len(result.state["P1"]["permanents"]) == 2  # the activation is reversed
    named = _run(_zyggy(), ["P1 activates Zyggy Starlight targeting Lightning Flow"], fabcube_cards)
    assert any("is not one" in m for m in _violations(named))


def test_the_heroes_given_by_their_printed_text_are_computed_in_full():
    from rules_engine.game.cards import facts_from_mapping  # noqa: PLC0415 (test-local helper)

    for hero in (_FORKED, _ZYGGY):
        parts = coverage(facts_from_mapping(hero))
        assert parts and all(p.status == MODELLED for p in parts), [(p.text, p.status) for p in parts]


def test_funnel_web_a_stealth_attack_that_hits_banishes_the_arsenal_card(fabcube_cards):
    p2 = {"arsenal": ["Head Jab (red)"]}
    given = _given({"hero": "Arakni, Funnel Web", "hand": ["Back Stab (red)", "Kiss of Death (red)"]}, p2)
    result = _run(given, _reaction("Back Stab (red)"), fabcube_cards)
    assert not _violations(result), result.findings
    assert (result.state["P2"]["arsenal"], _names(result.state["P2"]["banished"])) == ([], ["Head Jab"])
    assert result.state["P2"]["life"] == 14
    hand = {"hero": "Arakni, Funnel Web", "hand": ["Annihilate the Armed (red)", "Kiss of Death (red)"]}
    no_stealth = _run(
        _given(hand | {"resource_points": 1}, p2), _reaction("Annihilate the Armed (red)"), fabcube_cards
    )
    assert _names(no_stealth.state["P2"]["arsenal"]) == ["Head Jab"]
    assert no_stealth.state["P2"]["life"] == 12


@pytest.mark.parametrize(
    "banish",
    [
        "adj: P2 moves Head Jab (red) from hand to banished",
        "P2 banishes Head Jab (red) face-down",
        "adj: p2 moves head jab from hand to banished",
    ],
)
def test_black_widow_the_hit_hero_banishes_the_card_the_log_names(fabcube_cards, banish):
    p2 = {"hand": ["Head Jab (red)", "Head Jab (blue)"]}
    given = _given({"hero": "Arakni, Black Widow", "hand": ["Back Stab (red)", "Kiss of Death (red)"]}, p2)
    result = _run(given, [*_reaction("Back Stab (red)"), banish], fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P2"]["banished"]) == ["Head Jab"]
    assert result.state["effects"] == []  # the banish the hit asked for is paid
    silent = _run(given, [*_reaction("Back Stab (red)"), "all pass", *_NEXT_TURN[:2]], fabcube_cards)
    assert any("never named it" in f.message for f in silent.findings if f.kind == "manual_effect")


def test_black_widow_with_one_card_in_hand_that_card_is_banished(fabcube_cards):
    given = _given(
        {"hero": "Arakni, Black Widow", "hand": ["Back Stab (red)", "Kiss of Death (red)"]},
        {"hand": ["Head Jab (red)"]},
    )
    result = _run(given, _reaction("Back Stab (red)"), fabcube_cards)
    assert (result.state["P2"]["hand"], _names(result.state["P2"]["banished"])) == ([], ["Head Jab"])
