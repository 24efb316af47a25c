"""Cards as they defend (issue 27, the defence family): an attack's restrictions on its defenders and
its bonus from them, a defending card's "may only defend" restriction, and the defending card's own
"Whenever this defends", "When this defends together with ... / alone" and "When this defends a Brute
attack, this gets +N{d}" triggers. Each replays a real card (the fabrary dump) with its condition met
and not met, and checks the state and the coverage the card now has."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log


def _violations(result: Any) -> list[str]:
    return [v["message"] for v in result.violations]


def _card(name: str, power: int = 4, defense: int = 3, **more: Any) -> dict[str, Any]:
    return {
        "name": name,
        "type": "attack action",
        "cost": 0,
        "pitch": 1,
        "power": power,
        "defense": defense,
        **more,
    }


def _given(attack: Any, p2: dict[str, Any], **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 6, "hand": [attack], **p1},
        "P2": {"life": 20, **p2},
    }


def _attack_and_block(attack: str, defenders: str) -> list[str]:
    return [
        f"P1 plays {attack}",
        "all pass to the Defend Step",
        f"P2 declares {defenders} as defending cards",
    ]


_THROUGH = ["all pass through the Reaction and Damage Steps"]


def _computed(lookup: Any, name: str) -> None:
    parts = coverage(lookup.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]


# --- an attack's restriction on its defenders (CR 1.0.2, 7.3.2b) -----------------------------------


@pytest.mark.parametrize(("slot", "legal"), [("head", True), ("chest", False)])
def test_headbutt_can_be_defended_only_by_head_equipment(fabrary_cards, slot, legal):
    gear = {"name": f"Gear {slot}", "type": f"equipment ({slot})", "defense": 1}
    result = run_log(
        _given("Headbutt (blue)", {"equipment": {slot: gear}}),
        [*_attack_and_block("Headbutt (blue)", f"Gear {slot}"), *_THROUGH],
        fabrary_cards,
    )
    assert bool(_violations(result)) is not legal, result.violations
    if not legal:
        assert "can't defend Headbutt" in _violations(result)[0]


@pytest.mark.parametrize(("defender", "legal"), [("Wall", True), ("Helm", False)])
def test_lay_waste_cannot_be_defended_by_equipment(fabrary_cards, defender, legal):
    p2 = {
        "hand": [_card("Wall", power=0, defense=3)],
        "equipment": {"head": {"name": "Helm", "type": "equipment (head)", "defense": 1}},
    }
    result = run_log(
        _given("Lay Waste (red)", p2),
        [*_attack_and_block("Lay Waste (red)", defender), *_THROUGH],
        fabrary_cards,
    )
    assert bool(_violations(result)) is not legal, result.violations
    assert result.state["P2"]["life"] == 20 - 5 + (3 if legal else 0)
    _computed(fabrary_cards, "Lay Waste")


# --- a defending card's "may only defend" (CR 1.0.2a) ---------------------------------------------------


@pytest.mark.parametrize(("power", "legal"), [(3, True), (5, False)])
def test_put_in_context_only_defends_an_attack_of_three_or_less_base_power(fabrary_cards, power, legal):
    result = run_log(
        _given(_card("Swing", power=power), {"hand": ["Put in Context (blue)"]}),
        [
            "P1 plays Swing",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass to the Reaction Step",
            "P1 passes",
            "P2 plays Put in Context (blue)",
            "all pass",
        ],
        fabrary_cards,
    )
    assert bool(_violations(result)) is not legal, result.violations
    _computed(fabrary_cards, "Put in Context")


@pytest.mark.parametrize(("drew", "legal"), [(True, True), (False, False)])
def test_face_adversity_defends_only_when_the_attacker_drew_this_turn(fabrary_cards, drew, legal):
    lines = ["P1 draws a card"] if drew else []
    result = run_log(
        _given(_card("Swing"), {"equipment": {"head": "Face Adversity"}}, deck_count=5),
        [*lines, *_attack_and_block("Swing", "Face Adversity"), *_THROUGH],
        fabrary_cards,
    )
    assert bool(_violations(result)) is not legal, result.violations
    assert result.state["P2"]["life"] == 20 - 4 + (2 if legal else 0)
    _computed(fabrary_cards, "Face Adversity")


# --- an attack's bonus from the cards defending it (CR 6.1.3, 7.0.5) ---------------------------------


@pytest.mark.parametrize(("defender", "life"), [("Wall", 20 - (3 + 2 - 2)), ("Helm", 20 - (3 - 1))])
def test_feisty_locals_gets_two_more_when_an_action_card_defends_it(fabrary_cards, defender, life):
    p2 = {
        "hand": [_card("Wall", power=0, defense=2)],
        "equipment": {"head": {"name": "Helm", "type": "equipment (head)", "defense": 1}},
    }
    result = run_log(
        _given("Feisty Locals (red)", p2),
        [*_attack_and_block("Feisty Locals (red)", defender), *_THROUGH],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Feisty Locals")


@pytest.mark.parametrize(("walls", "life"), [(0, 20 - 5), (2, 20 - (5 + 2 - 2))])
def test_surging_militia_gets_one_more_for_each_non_equipment_defender(fabrary_cards, walls, life):
    p2 = {"hand": [_card(f"Wall {i}", power=0, defense=1) for i in range(walls)]}
    lines = (
        ["P1 plays Surging Militia (red)", "all pass to the Defend Step", "P2 declares no defending cards"]
        if not walls
        else _attack_and_block("Surging Militia (red)", " and ".join(f"Wall {i}" for i in range(walls)))
    )
    result = run_log(_given("Surging Militia (red)", p2), [*lines, *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Surging Militia")


@pytest.mark.parametrize(("defenders", "action_points"), [(3, 1), (2, 0)])
def test_unwavering_resolve_gets_go_again_when_three_cards_defend_it(fabrary_cards, defenders, action_points):
    p2 = {"hand": [_card(f"Wall {i}", power=0, defense=1) for i in range(defenders)]}
    result = run_log(
        _given("Unwavering Resolve (red)", p2),
        [
            *_attack_and_block(
                "Unwavering Resolve (red)", " and ".join(f"Wall {i}" for i in range(defenders))
            ),
            "all pass through the Reaction, Damage and Resolution Steps",
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == action_points
    assert not any("go again" in m for m in messages(result, "manual_effect"))


@pytest.mark.parametrize(("walls", "life"), [(1, 20 - (7 + 1 - 1)), (2, 20 - (7 - 2))])
def test_barraging_brawnhide_has_one_more_while_fewer_than_two_non_equipment_defend(
    fabrary_cards, walls, life
):
    p2 = {"hand": [_card(f"Wall {i}", power=0, defense=1) for i in range(walls)]}
    result = run_log(
        _given("Barraging Brawnhide (red)", p2),
        [
            *_attack_and_block("Barraging Brawnhide (red)", " and ".join(f"Wall {i}" for i in range(walls))),
            *_THROUGH,
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life


# --- "Whenever this defends" / "Whenever you defend with Stalagmite" -----------------------------------


@pytest.mark.parametrize(
    ("gear", "slot", "check"),
    [
        ("Civic Duty", "chest", lambda st: "Vigor" in str(st["P1"]["permanents"])),
        (
            "Stalagmite, Bastion of Isenloft",
            "off_hand",
            lambda st: "Frostbite" in str(st["P1"]["permanents"]),
        ),
        ("Civic Peak", "head", lambda st: st["P1"]["hand_size"] == 1),
    ],
)
def test_whenever_this_defends_gives_the_attacking_hero_its_effect(fabrary_cards, gear, slot, check):
    result = run_log(
        _given(_card("Swing"), {"equipment": {slot: gear}}, deck_count=5),
        [*_attack_and_block("Swing", gear), "all pass (the defend trigger resolves)"],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert check(result.state), result.state["P1"]
    assert not messages(result, "manual_effect")
    _computed(fabrary_cards, gear)


# --- "When this defends together with ..." / "alone" (CR 7.0.5e) ---------------------------------------


@pytest.mark.parametrize(("power", "might"), [(6, True), (3, False)])
def test_apex_bonebreaker_makes_might_when_it_defends_with_a_six_power_card(fabrary_cards, power, might):
    p2 = {"hand": [_card("Big", power=power, defense=2)], "equipment": {"arms": "Apex Bonebreaker"}}
    result = run_log(
        _given(_card("Swing", power=8), p2),
        [*_attack_and_block("Swing", "Apex Bonebreaker and Big"), "all pass"],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert ("Might" in str(result.state["P2"]["permanents"])) is might
    _computed(fabrary_cards, "Apex Bonebreaker")


@pytest.mark.parametrize(("ice", "frostbite"), [(True, True), (False, False)])
def test_ollin_ice_cap_freezes_the_attacker_when_it_defends_with_an_ice_card(fabrary_cards, ice, frostbite):
    block = _card("Block", power=0, defense=2, classes=["ice"] if ice else [])
    p2 = {"hand": [block], "equipment": {"head": "Ollin Ice Cap"}}
    result = run_log(
        _given(_card("Swing", power=8), p2),
        [*_attack_and_block("Swing", "Ollin Ice Cap and Block"), "all pass"],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert ("Frostbite" in str(result.state["P1"]["permanents"])) is frostbite


@pytest.mark.parametrize(("alone", "life"), [(True, 20 - (7 - 2 - 1)), (False, 20 - (7 - 2 - 2))])
def test_battlefront_bastion_prevents_one_only_when_it_defends_alone(fabrary_cards, alone, life):
    hand = ["Battlefront Bastion (red)"] + ([] if alone else [_card("Wall", power=0, defense=2)])
    result = run_log(
        _given(_card("Swing", power=7), {"hand": hand}),
        [
            *_attack_and_block("Swing", "Battlefront Bastion" + ("" if alone else " and Wall")),
            "all pass",
            *_THROUGH,
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Battlefront Bastion")


# --- "When this defends a Brute attack / an attack with overpower, this gets +N{d}" -------------------


@pytest.mark.parametrize(("brute", "life"), [(True, 20 - (8 - 5)), (False, 20 - (8 - 2))])
def test_sit_gets_three_more_defense_against_a_brute_attack(fabrary_cards, brute, life):
    swing = _card("Swing", power=8, classes=["brute"] if brute else [])
    result = run_log(
        _given(swing, {"hand": ["Sit! (red)"]}),
        [*_attack_and_block("Swing", "Sit!"), "all pass (the defend trigger resolves)", *_THROUGH],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Sit!")


# --- "You may play this from your banished zone" (CR 5.1.1a) --------------------------------------------


def _banished(card: str, **p1: Any) -> dict[str, Any]:
    given = _given(card, {})
    given["P1"]["hand"] = []
    given["P1"]["banished"] = [card]
    given["P1"].update(p1)
    return given


def test_ghostly_visit_is_played_from_the_banished_zone(fabrary_cards):
    result = run_log(
        _banished("Ghostly Visit (red)"),
        [
            "P1 plays Ghostly Visit (red) from their banished zone",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            *_THROUGH,
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - fabrary_cards.get("Ghostly Visit (red)").power
    assert not result.state["P1"]["banished"]
    _computed(fabrary_cards, "Ghostly Visit")


@pytest.mark.parametrize("played_nonattack", [True, False])
def test_unhallowed_rites_needs_a_non_attack_action_played_to_come_from_banished(
    fabrary_cards, played_nonattack
):
    given = _banished("Unhallowed Rites (red)")
    given["P1"]["hand"] = [
        {"name": "Ritual", "type": "non-attack action", "cost": 0, "pitch": 1, "keywords": ["go again"]}
    ]
    lines = ["P1 plays Ritual", "all pass"] if played_nonattack else []
    result = run_log(given, [*lines, "P1 plays Unhallowed Rites (red) from banished"], fabrary_cards)
    assert bool(_violations(result)) is not played_nonattack, result.violations
    if not played_nonattack:
        assert "from the banished zone only if" in _violations(result)[0]
    else:
        assert not result.state["P1"]["banished"]


@pytest.mark.parametrize(("zone", "resources"), [("banished", 6 - 1), ("hand", 6 - 3)])
def test_grim_feast_costs_two_less_from_the_banished_zone(fabrary_cards, zone, resources):
    given = _banished("Grim Feast (red)") if zone == "banished" else _given("Grim Feast (red)", {})
    result = run_log(given, [f"P1 plays Grim Feast (red) from {zone}"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["resource_points"] == resources


@pytest.mark.parametrize(("zone", "action_points"), [("banished", 1), ("hand", 0)])
def test_embalm_gets_go_again_when_played_from_the_banished_zone(fabrary_cards, zone, action_points):
    given = _banished("Embalm (yellow)") if zone == "banished" else _given("Embalm (yellow)", {})
    result = run_log(given, [f"P1 plays Embalm (yellow) from {zone}", "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == action_points
    assert not any("go again" in m for m in messages(result, "manual_effect"))


# --- "you may pay {r}. If you do, it gains +N{d} and ... when the combat chain closes" (CR 1.8.4, 7.7) ----


def _defend_and_close(gear: str, slot: str, pay: bool, power: int = 6) -> Any:
    given = _given(_card("Swing", power=power), {"resource_points": 1, "equipment": {slot: gear}})
    return [
        given,
        [
            *_attack_and_block("Swing", gear),
            "all pass (the defend trigger resolves)",
            *(["P2 pays 1"] if pay else []),
            "all pass through the Reaction, Damage and Resolution Steps",
            "all pass",
        ],
    ]


@pytest.mark.parametrize("gear", ["Ironhide Helm", "Ironhide Plate"])
@pytest.mark.parametrize(("pay", "life", "destroyed"), [(True, 20 - (6 - 2), True), (False, 20 - 6, False)])
def test_ironhide_gains_two_defense_and_is_destroyed_as_the_chain_closes(
    fabrary_cards, gear, pay, life, destroyed
):
    slot = {"Ironhide Helm": "head", "Ironhide Plate": "chest"}[gear]
    result = run_log(*_defend_and_close(gear, slot, pay), fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    assert (gear in result.state["P2"]["graveyard"]) is destroyed
    assert (result.state["P2"]["equipment"][slot] is None) is destroyed
    _computed(fabrary_cards, gear)


@pytest.mark.parametrize(("pay", "destroyed"), [(True, True), (False, False)])
def test_vambrace_of_determination_gains_blade_break_when_paid_for(fabrary_cards, pay, destroyed):
    result = run_log(*_defend_and_close("Vambrace of Determination", "arms", pay), fabrary_cards)
    assert not _violations(result), result.violations
    assert ("Vambrace of Determination" in result.state["P2"]["graveyard"]) is destroyed


def test_depths_of_despair_is_banished_as_the_chain_closes(fabrary_cards):
    given = _given(_card("Swing", power=6), {"hand": ["Depths of Despair (red)"]})
    result = run_log(
        given,
        [
            *_attack_and_block("Swing", "Depths of Despair (red)"),
            "all pass (the defend trigger resolves)",
            "all pass through the Reaction, Damage and Resolution Steps",
            "all pass",
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert "Depths of Despair" in str(result.state["P2"]["banished"])
    assert not result.state["P2"]["graveyard"]
    _computed(fabrary_cards, "Depths of Despair")


# --- "While this is defending [a weapon attack / and X], this gets +N{d}" (CR 6.1.3) ----------------------


def _reaction_lines(attack: str, reaction: str, activate: bool = False) -> list[str]:
    return [
        f"P1 activates {attack}" if activate else f"P1 plays {attack}",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass to the Reaction Step",
        "P1 passes",
        f"P2 plays {reaction}",
        "all pass",
        *_THROUGH,
    ]


@pytest.mark.parametrize(("weapon", "life"), [(True, 20 - (4 - 4)), (False, 20 - (4 - 3))])
def test_steel_on_steel_gets_one_more_defense_against_a_weapon_attack(fabrary_cards, weapon, life):
    given = _given(_card("Swing", power=4), {"hand": ["Steel on Steel (red)"]}, weapons=["Anothos"])
    lines = _reaction_lines("Anothos" if weapon else "Swing", "Steel on Steel (red)", activate=weapon)
    result = run_log(given, lines, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Steel on Steel")


@pytest.mark.parametrize(("flurry", "life"), [(True, 20 - (5 - 4)), (False, 20 - (5 - 2))])
def test_flurry_foot_dance_gets_two_more_with_a_flurry_token(fabrary_cards, flurry, life):
    p2 = {"hand": ["Flurry Foot Dance (yellow)"], "permanents": ["Flurry"] if flurry else []}
    result = run_log(
        _given(_card("Swing", power=5), p2),
        _reaction_lines("Swing", "Flurry Foot Dance (yellow)"),
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Flurry Foot Dance")


@pytest.mark.parametrize(("aura", "life"), [(True, 20 - (5 - 3)), (False, 20 - (5 - 2))])
def test_yinti_yanti_defends_for_one_more_while_its_owner_controls_an_aura(fabrary_cards, aura, life):
    ward = {"name": "Ward Aura", "type": "aura", "cost": 0, "pitch": 1}
    p2 = {"hand": ["Yinti Yanti (red)"], "permanents": [ward] if aura else []}
    result = run_log(
        _given(_card("Swing", power=5), p2),
        [*_attack_and_block("Swing", "Yinti Yanti (red)"), *_THROUGH],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Yinti Yanti")


# --- "Target defending [X] card gets +N{d}" (CR 1.8.5) ---------------------------------------------------


def _instant_on_defender(
    instant: str,
    target: str,
    defender: dict[str, Any],
    power: int = 7,
    play: str = "P2 plays {card} targeting {target}",
) -> Any:
    given = _given(_card("Swing", power=power), {"hand": [defender, instant], "resource_points": 3})
    return given, [
        *_attack_and_block("Swing", defender["name"]),
        "all pass to the Reaction Step",
        "P1 passes",
        play.format(card=instant, target=target),
        "all pass",
        *_THROUGH,
    ]


@pytest.mark.parametrize(
    ("defender", "legal"),
    [(_card("Brick", power=3, defense=2), True), ({"name": "Brick", "type": "block", "defense": 2}, False)],
)
def test_reinforce_the_line_gives_four_defense_to_a_defending_attack_action_card(
    fabrary_cards, defender, legal
):
    result = run_log(*_instant_on_defender("Reinforce the Line (red)", "Brick", defender), fabrary_cards)
    assert bool(_violations(result)) is not legal, result.violations
    if legal:
        assert result.state["P2"]["life"] == 20 - (7 - 2 - 4)
        assert not messages(result, "manual_effect")
    _computed(fabrary_cards, "Reinforce the Line")


@pytest.mark.parametrize(("earth", "legal"), [(True, True), (False, False)])
def test_summerwood_shelter_needs_a_defending_earth_or_elemental_action_card(fabrary_cards, earth, legal):
    defender = _card("Brick", power=3, defense=2, classes=["earth"] if earth else [])
    result = run_log(*_instant_on_defender("Summerwood Shelter (red)", "Brick", defender), fabrary_cards)
    assert bool(_violations(result)) is not legal, result.violations
    if legal:
        assert result.state["P2"]["life"] == 20 - (7 - 2 - 4)


# --- "If it's defended by an attack action card, create an Agility token" (CR 7.0.5, 6.1.3) --------------


@pytest.mark.parametrize("reaction", ["Agile Engagement (red)", "Vigorous Engagement (red)"])
@pytest.mark.parametrize("attack_action", [True, False])
def test_engagements_make_a_token_when_an_attack_action_card_defends(fabrary_cards, reaction, attack_action):
    defender = (
        _card("Brick", power=3, defense=2)
        if attack_action
        else {"name": "Brick", "type": "block", "defense": 2}
    )
    given = _given(_card("Swing", power=6, classes=["warrior"]), {"hand": [defender]})
    given["P1"]["hand"].append(reaction)
    result = run_log(
        given,
        [
            *_attack_and_block("Swing", "Brick"),
            f"P1 plays {reaction} targeting Swing",
            "all pass",
            *_THROUGH,
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    token = "Agility" if reaction.startswith("Agile") else "Vigor"
    assert (token in str(result.state["P1"]["permanents"])) is attack_action
    assert result.state["P2"]["life"] == 20 - (6 + 3 - 2)
    _computed(fabrary_cards, reaction.split(" (")[0])


# --- "When an opponent plays or activates an attack reaction, you may add this ... as a defending card" ---


@pytest.mark.parametrize(
    "line",
    [
        "P2 adds Leap Frog Gloves to the chain link as a defending card",
        "p2 add Leap Frog Gloves as a blocker",
        "P2 adds Leap Frog Gloves to the active chain link as a defending card (its trigger)",
    ],
)
@pytest.mark.parametrize("reaction", [True, False])
def test_leap_frog_gloves_join_the_defence_after_an_attack_reaction(fabrary_cards, line, reaction):
    push = {"name": "Push", "type": "attack reaction", "cost": 0, "pitch": 1}
    given = _given(_card("Swing", power=5), {"equipment": {"arms": "Leap Frog Gloves"}})
    given["P1"]["hand"].append(push)
    lines = [
        "P1 plays Swing",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass to the Reaction Step",
        *(["P1 plays Push", "all pass"] if reaction else []),
        line,
        *_THROUGH,
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert bool(_violations(result)) is not reaction, result.violations
    if reaction:
        assert result.state["P2"]["life"] == 20 - (5 - 1)
        assert "Leap Frog Gloves" in result.state["P2"]["graveyard"]  # blade break as the chain closes
    _computed(fabrary_cards, "Leap Frog Gloves")


@pytest.mark.parametrize(
    "play",
    [
        "P2 plays {card} targeting {target}",
        "p2 play {card} @{target}",
        "P2 plays {card} targeting the defending {target}",
    ],
)
def test_a_defending_card_targeted_in_three_registers(fabrary_cards, play):
    defender = _card("Brick", power=3, defense=2)
    result = run_log(
        *_instant_on_defender("Reinforce the Line (red)", "Brick", defender, play=play),
        fabrary_cards,
        all_read=True,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - (7 - 2 - 4)


@pytest.mark.parametrize(
    "play",
    [
        "P1 plays Grim Feast (red) from their banished zone",
        "p1 play Grim Feast (red) from banished",
        "P1 played Grim Feast (red) from the banished zone",
    ],
)
def test_a_play_from_the_banished_zone_in_three_registers(fabrary_cards, play):
    result = run_log(_banished("Grim Feast (red)"), [play], fabrary_cards, all_read=True)
    assert not _violations(result), result.violations
    assert result.state["P1"]["resource_points"] == 6 - 1


# --- "Defense Reaction - Destroy this: You may add an action card from your arsenal ..." (CR 7.0.5a) ------


@pytest.mark.parametrize("gear", [("Bunker Beard", "head"), ("Burnished Bunkerplate", "chest")])
@pytest.mark.parametrize(("action", "legal"), [(True, True), (False, False)])
def test_bunker_gear_adds_an_action_card_from_arsenal_as_a_defender(fabrary_cards, gear, action, legal):
    brick = _card("Brick", power=3, defense=3) if action else {"name": "Brick", "type": "block", "defense": 3}
    given = _given(_card("Swing", power=5), {"arsenal": [brick], "equipment": {gear[1]: gear[0]}})
    result = run_log(
        given,
        [
            "P1 plays Swing",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass to the Reaction Step",
            "P1 passes",
            f"P2 activates {gear[0]}",
            "all pass",
            "P2 adds Brick from arsenal as a defending card",
            *_THROUGH,
        ],
        fabrary_cards,
    )
    assert bool(_violations(result)) is not legal, result.violations
    assert result.state["P2"]["life"] == 20 - (5 - 3 if legal else 5)
    assert gear[0] in result.state["P2"]["graveyard"]
    _computed(fabrary_cards, gear[0])


@pytest.mark.parametrize(("weapon", "discard"), [(True, True), (False, False)])
def test_blunten_makes_the_attacker_discard_only_against_a_weapon_attack(fabrary_cards, weapon, discard):
    given = _given(_card("Swing", power=4), {"hand": ["Blunten (yellow)"]}, weapons=["Anothos"])
    given["P1"]["hand"].append(_card("Spare"))
    attack = "Anothos" if weapon else "Swing"
    result = run_log(
        given,
        [
            f"P1 {'activates' if weapon else 'plays'} {attack}",
            "all pass to the Defend Step",
            "P2 declares Blunten as a defending card",
            "all pass (the defend trigger resolves)",
        ],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert any("discard a card" in m for m in messages(result, "note")) is discard
    _computed(fabrary_cards, "Blunten")


@pytest.mark.parametrize(
    ("gear", "slot", "token"),
    [("Confront Adversity", "chest", "Vigor"), ("Embrace Adversity", "arms", "Might")],
)
@pytest.mark.parametrize("destroyed", [True, False])
def test_adversity_gear_defends_only_after_the_attacker_destroyed_its_token(
    fabrary_cards, gear, slot, token, destroyed
):
    given = _given(_card("Swing"), {"equipment": {slot: gear}}, permanents=[token])
    lines = [f"judge: destroy P1's {token} token ! its own ability"] if destroyed else []
    result = run_log(given, [*lines, *_attack_and_block("Swing", gear), *_THROUGH], fabrary_cards)
    assert bool(_violations(result)) is not destroyed, result.violations
    assert result.state["P2"]["life"] == 20 - 4 + (2 if destroyed else 0)
    _computed(fabrary_cards, gear)


@pytest.mark.parametrize(("walls", "life"), [(1, 20 - (4 + 3 - 1)), (2, 20 - (4 - 2))])
def test_widowmaker_has_three_more_while_defended_by_fewer_than_two_cards(fabrary_cards, walls, life):
    p2 = {"hand": [_card(f"Wall {i}", power=0, defense=1) for i in range(walls)]}
    result = run_log(
        _given("Widowmaker (red)", p2),
        [*_attack_and_block("Widowmaker (red)", " and ".join(f"Wall {i}" for i in range(walls))), *_THROUGH],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    _computed(fabrary_cards, "Widowmaker")


def test_no_defense_reaction_may_be_played_to_widowmakers_chain_link(fabrary_cards):
    reaction = {"name": "Brace", "type": "defense reaction", "cost": 0, "pitch": 1, "defense": 3}
    result = run_log(
        _given("Widowmaker (red)", {"hand": [reaction]}),
        [
            "P1 plays Widowmaker (red)",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass to the Reaction Step",
            "P1 passes",
            "P2 plays Brace",
        ],
        fabrary_cards,
    )
    assert [v["rules"][:2] for v in result.violations] == [["5.1.5", "7.4.2c"]]


# --- "When this defends, put a face-up card from your arsenal on the bottom of your deck. If you do, ..." ---


@pytest.mark.parametrize(("gear", "slot"), [("Sunkwater Exoshell", "chest"), ("Sunkwater Lookout", "head")])
@pytest.mark.parametrize("face_up", [True, False])
def test_sunkwater_gear_trades_a_face_up_arsenal_card_for_a_card_and_defense(
    fabrary_cards, gear, slot, face_up
):
    arsenal = [
        {
            "name": "Kept",
            "type": "attack action",
            "cost": 0,
            "pitch": 1,
            "power": 1,
            "defense": 1,
            "face": "up" if face_up else "down",
        }
    ]
    p2 = {"equipment": {slot: gear}, "arsenal": arsenal, "deck": 5}
    result = run_log(
        _given(_card("Swing", power=3), p2),
        [*_attack_and_block("Swing", gear), "all pass (the defend trigger resolves)", *_THROUGH],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - (3 - (1 if face_up else 0))
    assert result.state["P2"]["hand_size"] == (1 if face_up else 0)
    assert bool(result.state["P2"]["arsenal"]) is not face_up
    _computed(fabrary_cards, gear)
