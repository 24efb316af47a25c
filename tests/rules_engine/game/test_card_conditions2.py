"""Card conditions, second pass (issue 27): clauses the grammar reads now ("a card with 6 or more {p}",
discards and banishes this turn, tokens created, "a Might or Vigor token", "the defending hero has no
cards in hand", "you've hit with a dagger this combat chain"), and the shapes around them: a weapon's
conditional bonus, "When you play this, if ...", "Play this only if ...", "When this attacks / defends,
if ..., ..." and an activated ability whose cost destroys the card by its own name. Each replays a real
card (the-fab-cube data) with the condition met and not met and checks the state."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game import conditions
from rules_engine.game.effects import MODELLED, coverage
from rules_engine.game.scenarios import run_scenario

_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


def _run(given: dict[str, Any], when: list[str], lookup: Any) -> Any:
    result = run_scenario({"id": "t", "given": given, "when": when, "expect": {}}, lookup)
    assert result.error is None, result.error
    return result


def _kinds(result: Any, kind: str) -> list[str]:
    return [f.message for f in result.findings if f.kind == kind]


def _violations(result: Any) -> list[str]:
    return [v["message"] for v in result.violations]


def _big(name: str = "Big Card", power: int = 6, cost: int = 0) -> dict[str, Any]:
    return {"name": name, "type": "attack action", "cost": cost, "pitch": 1, "power": power, "defense": 2}


def _given(hand: list[Any], ap: int = 1, resources: int = 0, **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": ap, "resource_points": resources, "hand": hand, **p1},
        "P2": {"life": 20},
    }


# --- the grammar ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "key"),
    [
        ("there is a card with 6 or more {p} in your pitch zone", "pitch;1;0;pow>=6"),
        ("there are two or more cards with cost 3 or more in your pitch zone", "pitch;2;0;cost>=3"),
        ("you have a card in your pitch zone with cost 0", "pitch;1;0;cost=0"),
        ("you've pitched a card with 6 or more {p} this turn", "pitch;1;0;pow>=6"),
        ("you have discarded a card with 6 or more {p} this turn", "discarded;1;0;pow>=6"),
        ("a card has been put into your banished zone this turn", "banishedto;1;0;"),
        ("a card with 6 or more {p} has been put into your banished zone this turn", "banishedto;1;0;pow>=6"),
        ("you've created a card this turn", "created;1;0;"),
        ("you've created a fealty token this turn", "created;1;0;name=fealty"),
        ("you control a might or vigor token", "control_any;1;0;might+vigor"),
        ("you control less gold than an opponent", "control_less;0;0;gold"),
        ("the defending hero has no cards in hand", "opp_empty_hand;0;0;"),
        ("you've hit with a dagger this combat chain", "hit_with;1;0;dagger"),
        ("this is played at chain link 3 or higher", "link;3;0;"),
    ],
)
def test_new_condition_words_compile_to_keys(words, key):
    assert conditions.parse(words) == key


@pytest.mark.parametrize(
    "words",
    [
        "you've banished a card with 6 or more {p} this turn",  # who banished it is not kept
        "you control a card with 6 or more {p}",
        "a yellow card has been put into your hero's soul this turn",
        "the defending hero has 1 or more cards in their soul",  # a soul the start may not give
        "you control a guardian off-hand or a might token",
    ],
)
def test_words_still_unread_stay_unread(words):
    assert conditions.parse(words) is None


# --- discards: "If you've discarded a card with 6 or more {p} this turn" ----------------------------


@pytest.mark.parametrize(("power", "damage"), [(6, 8), (5, 7)])
def test_riled_up_counts_a_discarded_card_with_six_or_more_power(fabcube_cards, power, damage):
    result = _run(
        _given(["Riled Up (red)", _big(power=power)], resources=3),
        ["P1 discards Big Card", "P1 plays Riled Up (red)", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("power", "damage"), [(6, 4), (3, 3)])
def test_ball_breakers_attack_gets_one_more_after_a_big_discard(fabcube_cards, power, damage):
    """A weapon's conditional bonus: its attack-proxy has the weapon's abilities (CR 1.4.3a)."""
    given = _given([_big(power=power)], resources=2, weapons=["Ball Breaker"])
    result = _run(given, ["P1 discards Big Card", "P1 activates Ball Breaker", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    assert not any("Ball Breaker" in m for m in _kinds(result, "manual_effect"))


@pytest.mark.parametrize(("power", "legal"), [(6, True), (2, False)])
def test_rumble_grunting_may_be_played_only_after_a_big_discard(fabcube_cards, power, legal):
    result = _run(
        _given(["Rumble Grunting (red)", _big(power=power)]),
        ["P1 discards Big Card", "P1 plays Rumble Grunting (red)"],
        fabcube_cards,
    )
    if legal:
        assert not _violations(result), result.violations
        assert result.state["P1"]["hand"] == []
    else:
        assert any("only if" in m for m in _violations(result)), result.violations
        assert "Rumble Grunting" in str(result.state["P1"]["hand"])  # the play is reversed


# --- the pitch zone: a card's printed cost ---------------------------------------------------------


@pytest.mark.parametrize(("cost", "damage"), [(3, 4), (2, 3)])
def test_titans_fist_has_one_more_with_a_cost_three_card_in_the_pitch_zone(fabcube_cards, cost, damage):
    given = _given([], resources=3, weapons=["Titan's Fist"], pitch_zone=[_big("Heavy", 4, cost=cost)])
    result = _run(given, ["P1 activates Titan's Fist", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


# --- banishes this turn ----------------------------------------------------------------------------


def test_tremor_gets_two_after_a_card_is_banished_this_turn(fabcube_cards):
    result = _run(
        _given(["Tremor of íArathael (red)", _big()], resources=1),
        ["adj: P1 moves Big Card from hand to banished", "P1 plays Tremor of íArathael (red)", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 4 - 2


def test_tremor_does_not_count_a_card_banished_before_this_turn(fabcube_cards):
    given = _given(["Tremor of íArathael (red)"], resources=1, banished=[_big()])
    result = _run(given, ["P1 plays Tremor of íArathael (red)", *_THROUGH], fabcube_cards)
    assert result.state["P2"]["life"] == 20 - 4


# --- tokens created, hits with a dagger, the defending hero's hand --------------------------------


@pytest.mark.parametrize(("created", "ap"), [(True, 1), (False, 0)])
def test_march_of_loyalty_has_go_again_after_a_fealty_token(fabcube_cards, created, ap):
    lines = ["P1 creates a Fealty token"] if created else []
    result = _run(
        _given(["March of Loyalty (red)"]),
        [*lines, "P1 plays March of Loyalty (red)", *_THROUGH, "all pass"],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == ap


_DAGGER = {
    "name": "Test Dagger",
    "types": ["weapon"],
    "subtypes": ["dagger", "1h"],
    "power": 1,
    "text": "Once per Turn Action - {r}: Attack. Go again",
}


@pytest.mark.parametrize(("hit", "damage", "ap"), [(True, 1 + 4, 1), (False, 3, 0)])
def test_cut_through_after_a_dagger_hit_this_chain(fabcube_cards, hit, damage, ap):
    given = _given(["Cut Through (red)"], resources=1, weapons=[_DAGGER])
    if hit:
        lines = ["P1 activates Test Dagger", *_THROUGH]
    else:  # the dagger attacks but is fully defended: no hit
        given["P2"]["hand"] = [{"name": "Wall", "type": "action", "defense": 3, "pitch": 3, "cost": 0}]
        lines = [
            "P1 activates Test Dagger",
            "all pass to the Defend Step",
            "P2 declares Wall as a defending card",
            "all pass through the Reaction and Damage Steps",
        ]
    # played in the Resolution Step, on the same combat chain (CR 7.6)
    result = _run(given, [*lines, "P1 plays Cut Through (red)", *_THROUGH, "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    assert result.state["P1"]["action_points"] == ap


def test_show_no_mercy_gets_three_against_an_empty_hand(fabcube_cards):
    result = _run(
        _given(["Show No Mercy (red)"], resources=3),
        ["P1 plays Show No Mercy (red)", "all pass (the intimidate trigger resolves)", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 9


def test_show_no_mercy_against_a_card_left_in_hand_has_its_printed_power(fabcube_cards):
    given = _given(["Show No Mercy (red)"], resources=3)
    given["P2"]["hand"] = [_big("Keep A", 1), _big("Keep B", 1)]
    result = _run(
        given,
        [
            "P1 plays Show No Mercy (red)",
            "all pass",
            "P2 banishes Keep A face-down (intimidate, random)",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 6


# --- "When you play this, if ..., this gets ..." ----------------------------------------------------


@pytest.mark.parametrize(("p1_life", "damage"), [(10, 7), (20, 4)])
def test_adrenaline_rush_gets_three_when_behind_on_life(fabcube_cards, p1_life, damage):
    given = _given(["Adrenaline Rush (red)"], resources=2, life=p1_life)
    result = _run(given, ["P1 plays Adrenaline Rush (red)", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


# --- "Play this only if ..." -------------------------------------------------------------------------


@pytest.mark.parametrize(("tokens", "legal"), [(3, True), (2, False)])
def test_hunts_end_needs_three_fealty_tokens(fabcube_cards, tokens, legal):
    given = _given(["Hunt's End (red)"], resources=3, permanents=["Fealty"] * tokens, weapons=[_DAGGER])
    lines = [
        "P1 activates Test Dagger",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass to the Reaction Step",
        "P1 plays Hunt's End (red)",
        "all pass",
        "all pass through the Damage Step",
    ]
    result = _run(given, lines, fabcube_cards)
    if legal:
        assert not _violations(result), result.violations
        assert result.state["P2"]["life"] == 20 - 1 - 4  # "Target dagger attack gets +4{p}"
    else:
        assert [m for m in _violations(result) if "only if" in m], result.violations
        assert result.state["P2"]["life"] == 20 - 1


# --- "When this defends[, if ...], ..." --------------------------------------------------------------


def _defend_with(card: str, p2: dict[str, Any]) -> dict[str, Any]:
    given = _given([_big("Swing", 5)])
    given["P2"] = {"life": 10, "hand": [card], **p2}
    return given


@pytest.mark.parametrize(("vigor", "life"), [(True, 11), (False, 10)])
def test_hearty_block_gains_life_only_with_a_vigor_token(fabcube_cards, vigor, life):
    given = _defend_with("Hearty Block (red)", {"permanents": ["Vigor"] if vigor else []})
    result = _run(
        given,
        [
            "P1 plays Swing",
            "all pass to the Defend Step",
            "P2 declares Hearty Block (red) as a defending card",
            "all pass (the Hearty Block trigger resolves)",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life
    assert not any("Hearty Block" in m for m in _kinds(result, "manual_effect"))


def test_canopy_shelter_creates_a_might_token_when_it_defends(fabcube_cards):
    given = _defend_with("Canopy Shelter (blue)", {})
    result = _run(
        given,
        [
            "P1 plays Swing",
            "all pass to the Defend Step",
            "P2 declares Canopy Shelter (blue) as a defending card",
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert "Might" in str(result.state["P2"].get("permanents"))


# --- "When you attack with this, if it was fused, ..." ------------------------------------------------


@pytest.mark.parametrize(("fused", "life"), [(True, 20 - 1 - 4), (False, 20 - 4)])
def test_arcanic_shockwave_deals_arcane_only_when_fused(fabcube_cards, fused, life):
    weave = {"name": "Lightning Weave", "type": "action", "classes": ["lightning"], "cost": 0, "pitch": 1}
    play = (
        "P1 plays Arcanic Shockwave (red), fusing Lightning Weave"
        if fused
        else "P1 plays Arcanic Shockwave (red)"
    )
    result = _run(
        _given(["Arcanic Shockwave (red)", weave]),
        [play, "all pass", "all pass (the attack trigger resolves)", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == life


# --- activated abilities that destroy the card by its own name -------------------------------------


def test_robe_of_rapture_destroys_itself_for_three_resources(fabcube_cards):
    given = _given([], equipment={"chest": "Robe of Rapture"})
    result = _run(given, ["P1 activates Robe of Rapture", "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["resource_points"] == 3
    assert "Robe of Rapture" in str(result.state["P1"]["graveyard"])
    assert not _kinds(result, "manual_effect"), result.findings


def test_robe_of_rapture_cannot_be_activated_twice(fabcube_cards):
    given = _given([], ap=2, equipment={"chest": "Robe of Rapture"})
    result = run_scenario(
        {
            "id": "t",
            "given": given,
            "when": ["P1 activates Robe of Rapture", "all pass", "P1 activates Robe of Rapture"],
            "expect": {},
        },
        fabcube_cards,
    )
    assert result.state["P1"]["resource_points"] == 3  # the second activation did nothing


@pytest.mark.parametrize(("in_reaction_step", "damage"), [(True, 6), (False, 5)])
def test_fisticuffs_is_an_attack_reaction_of_the_attacks_controller(fabcube_cards, in_reaction_step, damage):
    given = _given([_big("Swing", 5)], resources=2, equipment={"arms": "Fisticuffs"})
    if in_reaction_step:
        lines = [
            "P1 plays Swing",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "P1 activates Fisticuffs targeting Swing",
            "all pass",
            "all pass through the Damage Step",
        ]
    else:  # before any defence is declared: no Reaction Step yet (CR 8.1.2a timing)
        lines = [
            "P1 plays Swing",
            "all pass",
            "P1 activates Fisticuffs targeting Swing",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass through the Reaction and Damage Steps",
        ]
    result = _run(given, lines, fabcube_cards)
    assert result.state["P2"]["life"] == 20 - damage
    assert bool(_violations(result)) is not in_reaction_step, result.violations


# --- the coverage follows what is applied --------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Riled Up (red)",
        "Ball Breaker",
        "Titan's Fist",
        "Tremor of íArathael (red)",
        "March of Loyalty (red)",
        "Cut Through (red)",
        "Adrenaline Rush (red)",
        "Hunt's End (red)",
        "Hearty Block (red)",
        "Canopy Shelter (blue)",
        "Arcanic Shockwave (red)",
        "Robe of Rapture",
        "Fisticuffs",
    ],
)
def test_cards_with_these_templates_are_computed_in_full(fabcube_cards, name):
    parts = coverage(fabcube_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]


# --- more clauses: an empty hand, a weapon attack, intimidation, the last attack's hit, damage dealt --


@pytest.mark.parametrize(("hand", "drawn"), [([], 1), ([_big("Spare", 1)], 0)])
def test_kindle_draws_only_from_an_empty_hand(fabcube_cards, hand, drawn):
    given = _given(["Kindle", *hand], deck_count=10)
    result = _run(given, ["P1 plays Kindle", "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert len(result.state["P1"]["hand"]) + result.state["P1"].get("hand_unknown", 0) == len(hand) + drawn


@pytest.mark.parametrize(("red_first", "marked"), [(True, True), (False, False)])
def test_hunt_the_hunter_marks_only_after_another_red_card(fabcube_cards, red_first, marked):
    spark = {
        "name": "Spark",
        "type": "action",
        "cost": 0,
        "pitch": 1 if red_first else 3,
        "keywords": ["go again"],
    }
    result = _run(
        _given(["Hunt the Hunter (red)", spark], resources=1),
        [
            "P1 plays Spark",
            "all pass",
            "P1 plays Hunt the Hunter (red)",
            "all pass",
            "all pass (the attack trigger resolves)",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert bool(result.state["P2"].get("marked")) is marked


@pytest.mark.parametrize(("weapon_first", "damage"), [(True, 1 + 4 + 4), (False, 4)])
def test_second_swing_needs_a_weapon_attack_this_turn(fabcube_cards, weapon_first, damage):
    given = _given(["Second Swing (red)", _big("Follow Up", 4)], ap=1, resources=2, weapons=[_DAGGER])
    lines = ["P1 activates Test Dagger", *_THROUGH, "all pass"] if weapon_first else []
    result = _run(
        given,
        [*lines, "P1 plays Second Swing (red)", "all pass", "P1 plays Follow Up", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("intimidated", "damage"), [(True, 8), (False, 6)])
def test_beast_mode_gets_two_after_an_intimidation(fabcube_cards, intimidated, damage):
    given = _given(["Beast Mode (red)"], resources=3)
    given["P2"]["hand"] = [_big("Hidden", 1)]
    lines = ["P2 banishes Hidden face-down (intimidate, random)"] if intimidated else []
    result = _run(given, [*lines, "P1 plays Beast Mode (red)", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("first_hits", "damage"), [(True, 1 + 6), (False, 4)])
def test_push_the_point_after_a_hit_on_the_last_link(fabcube_cards, first_hits, damage):
    given = _given([_big("Jab", 1), "Push the Point (red)"], resources=1)
    jab = _big("Jab", 1)
    jab["keywords"] = ["go again"]
    given["P1"]["hand"] = [jab, "Push the Point (red)"]
    if first_hits:
        lines = ["P1 plays Jab", *_THROUGH]
    else:
        given["P2"]["hand"] = [{"name": "Wall", "type": "action", "defense": 3, "pitch": 3, "cost": 0}]
        lines = [
            "P1 plays Jab",
            "all pass to the Defend Step",
            "P2 declares Wall as a defending card",
            "all pass through the Reaction and Damage Steps",
        ]
    result = _run(given, [*lines, "P1 plays Push the Point (red)", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("gold", "golds_after"), [(0, 1), (1, 1)])
def test_starting_stake_creates_gold_only_without_one(fabcube_cards, gold, golds_after):
    given = _given(["Starting Stake"], permanents=["Gold"] * gold)
    result = _run(given, ["P1 plays Starting Stake", "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert str(result.state["P1"]["permanents"]).count("Gold") == golds_after


@pytest.mark.parametrize(("hand", "damage"), [([], 5), ([_big("Spare", 1)], 2)])
def test_spring_load_gets_three_when_it_attacks_from_an_empty_hand(fabcube_cards, hand, damage):
    result = _run(
        _given(["Spring Load (red)", *hand], resources=1),
        ["P1 plays Spring Load (red)", "all pass", "all pass (the attack trigger resolves)", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("hit_first", "damage", "ap"), [(True, 1 + 4, 1), (False, 3, 0)])
def test_second_strike_after_damage_this_turn_gets_one_more_and_go_again(
    fabcube_cards, hit_first, damage, ap
):
    jab = _big("Jab", 1)
    jab["keywords"] = ["go again"]
    given = _given([jab, "Second Strike (red)"])
    lines = ["P1 plays Jab", *_THROUGH, "all pass"] if hit_first else []
    result = _run(
        given,
        [
            *lines,
            "P1 plays Second Strike (red)",
            "all pass",
            "all pass (the attack trigger resolves)",
            *_THROUGH,
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    assert result.state["P1"]["action_points"] == ap


@pytest.mark.parametrize(
    "name",
    [
        "Kindle",
        "Hunt the Hunter (red)",
        "Second Swing (red)",
        "Beast Mode (red)",
        "Push the Point (red)",
        "Starting Stake",
        "Spring Load (red)",
        "Second Strike (red)",
    ],
)
def test_more_cards_with_these_clauses_are_computed_in_full(fabcube_cards, name):
    parts = coverage(fabcube_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]


# --- "When this defends an attack with go again / a red card, ..." and the traps' "and the attacking
# hero has ..." ------------------------------------------------------------------------------------


def _reaction_given(reaction: str, swing: dict[str, Any]) -> dict[str, Any]:
    given = _given([swing], resources=1)
    given["P2"] = {"life": 20, "hand": [reaction]}
    return given


_DEFEND_WITH_REACTION = [
    "P1 plays Swing",
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass to the Reaction Step",
]


@pytest.mark.parametrize("go_again", [True, False])
def test_frailty_trap_gives_frailty_only_against_an_attack_with_go_again(fabcube_cards, go_again):
    swing = _big("Swing", 5)
    swing["keywords"] = ["go again"] if go_again else []
    result = _run(
        _reaction_given("Frailty Trap (red)", swing),
        [
            *_DEFEND_WITH_REACTION,
            "P1 passes",
            "P2 plays Frailty Trap (red)",
            "all pass",
            "all pass (the trigger resolves)",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert ("Frailty" in str(result.state["P1"]["permanents"])) is go_again


@pytest.mark.parametrize(("pitch", "marked"), [(1, True), (3, False)])
def test_smoke_out_marks_the_attacker_only_when_it_defends_a_red_card(fabcube_cards, pitch, marked):
    swing = _big("Swing", 5)
    swing["pitch"] = pitch
    result = _run(
        _reaction_given("Smoke Out (red)", swing),
        [*_DEFEND_WITH_REACTION, "P1 passes", "P2 plays Smoke Out (red)", "all pass", "all pass"],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert bool(result.state["P1"].get("marked")) is marked


@pytest.mark.parametrize(("reaction", "life"), [(True, 19), (False, 20)])
def test_hunted_or_hunter_costs_the_attacker_a_life_after_an_attack_reaction(fabcube_cards, reaction, life):
    given = _reaction_given("Hunted or Hunter", _big("Swing", 5))
    given["P1"]["hand"].append({"name": "Push", "type": "attack reaction", "cost": 0, "pitch": 1})
    lines = [*_DEFEND_WITH_REACTION]
    if reaction:
        lines += ["P1 plays Push", "all pass"]
    lines += ["P1 passes"]
    result = _run(given, [*lines, "P2 plays Hunted or Hunter", "all pass", "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["life"] == life


@pytest.mark.parametrize(("hits", "marked"), [(True, True), (False, False)])
def test_hunters_klaive_marks_the_hero_it_hits(fabcube_cards, hits, marked):
    given = _given([], resources=2, weapons=["Hunter's Klaive"])
    if hits:
        lines = ["P1 activates Hunter's Klaive", *_THROUGH, "all pass"]
    else:
        given["P2"]["hand"] = [{"name": "Wall", "type": "action", "defense": 3, "pitch": 3, "cost": 0}]
        lines = [
            "P1 activates Hunter's Klaive",
            "all pass to the Defend Step",
            "P2 declares Wall as a defending card",
            "all pass through the Reaction and Damage Steps",
        ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.violations
    assert bool(result.state["P2"].get("marked")) is marked


@pytest.mark.parametrize(
    "name", ["Frailty Trap (red)", "Smoke Out (red)", "Hunted or Hunter", "Bloodrot Trap", "Hunter's Klaive"]
)
def test_defend_and_weapon_hit_triggers_are_computed_in_full(fabcube_cards, name):
    parts = coverage(fabcube_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]


# --- equipment destroyed as the cost of its own ability ----------------------------------------------


def test_fiddle_dee_gives_each_hero_a_might_token_and_go_again(fabcube_cards):
    given = _given([], equipment={"arms": "Fiddle-dee"})
    result = _run(given, ["P1 activates Fiddle-dee", "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert "Might" in str(result.state["P1"]["permanents"])
    assert "Might" in str(result.state["P2"]["permanents"])  # each hero, not only its controller
    assert result.state["P1"]["action_points"] == 1  # the ability's go again
    assert "Fiddle-dee" in str(result.state["P1"]["graveyard"])


_NONATTACK = {"name": "Plan", "type": "action", "subtypes": ["non-attack"], "cost": 0, "pitch": 1}


@pytest.mark.parametrize(("card", "ap"), [(_NONATTACK, 1), (_big("Swing", 3), 0)])
def test_mage_master_boots_give_the_next_non_attack_action_go_again(fabcube_cards, card, ap):
    card = {**card, "types": ["action"], "subtypes": card.get("subtypes", ["attack"])}
    card.pop("type", None)
    given = _given([card], ap=1, resources=1, equipment={"legs": "Mage Master Boots"})
    lines = ["P1 activates Mage Master Boots", "all pass", f"P1 plays {card['name']}"]
    lines += ["all pass"] if ap else [*_THROUGH, "all pass"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["action_points"] == ap


@pytest.mark.parametrize(("cost", "damage"), [(2, 6), (1, 4)])
def test_goliath_gauntlet_gives_two_to_the_next_attack_with_cost_two_or_more(fabcube_cards, cost, damage):
    given = _given(
        [_big("Swing", 4, cost=cost)], ap=1, resources=cost, equipment={"arms": "Goliath Gauntlet"}
    )
    result = _run(
        given, ["P1 activates Goliath Gauntlet", "all pass", "P1 plays Swing", *_THROUGH], fabcube_cards
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("attack", "legal"), [("Rising Knee Thrust (red)", True), ("Swing", False)])
def test_breaking_scales_targets_only_an_attack_with_combo(fabcube_cards, attack, legal):
    given = _given([attack if legal else _big("Swing", 3)], equipment={"arms": "Breaking Scales"})
    result = _run(
        given,
        [
            f"P1 plays {attack}",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass to the Reaction Step",
            f"P1 activates Breaking Scales targeting {attack}",
            "all pass",
            "all pass through the Damage Step",
        ],
        fabcube_cards,
    )
    assert bool(_violations(result)) is not legal, result.violations
    assert result.state["P2"]["life"] == 20 - (4 if legal else 3)


@pytest.mark.parametrize(
    "name", ["Fiddle-dee", "Nom de Plume", "Mage Master Boots", "Goliath Gauntlet", "Breaking Scales"]
)
def test_self_destroying_equipment_is_computed_in_full(fabcube_cards, name):
    parts = coverage(fabcube_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]


# --- "Activate this only if ..." with the clauses above ------------------------------------------------


@pytest.mark.parametrize(("drawn", "legal"), [(2, True), (1, False)])
def test_balance_of_justice_after_the_opponent_drew_two(fabcube_cards, drawn, legal):
    given = _given([], equipment={"head": "Balance of Justice"}, deck_count=10)
    given["P2"]["deck_count"] = 10
    result = _run(given, [f"P2 draws {drawn}", "P1 activates Balance of Justice", "all pass"], fabcube_cards)
    assert bool([m for m in _violations(result) if "only if" in m]) is not legal, result.violations
    assert ("Balance of Justice" in str(result.state["P1"]["graveyard"])) is legal


def test_swiftstrike_bracers_after_a_nimblism(fabcube_cards):
    given = _given(
        ["Nimblism (red)", _big("Swing", 3, cost=2)], resources=2, equipment={"arms": "Swiftstrike Bracers"}
    )
    result = _run(
        given,
        [
            "P1 plays Nimblism (red)",
            "all pass",
            "P1 activates Swiftstrike Bracers",
            "all pass",
            "P1 plays Swing",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 3 - 2


def test_swiftstrike_bracers_without_a_nimblism_cannot_be_activated(fabcube_cards):
    given = _given([], equipment={"arms": "Swiftstrike Bracers"})
    result = _run(given, ["P1 activates Swiftstrike Bracers"], fabcube_cards)
    assert [m for m in _violations(result) if "only if" in m], result.violations
    assert "Swiftstrike Bracers" in str(result.state["P1"]["equipment"])


# --- "Create a Crouching Tiger in your hand" -------------------------------------------------------


def _pitch(pitch: int) -> dict[str, Any]:
    return {"name": f"Pitch {pitch}", "type": "action", "cost": 0, "pitch": pitch}


@pytest.mark.parametrize(("pitch", "tigers"), [(3, 1), (2, 0)])
def test_companion_of_the_claw_creates_a_tiger_after_a_blue_pitch(fabcube_cards, pitch, tigers):
    given = _given(["Companion of the Claw (red)", _pitch(pitch)])  # costs 2
    result = _run(
        given,
        [
            f"P1 plays Companion of the Claw (red), pitching Pitch {pitch}",
            "all pass",
            "all pass (the attack trigger resolves)",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert str(result.state["P1"]["hand"]).count("Crouching Tiger") == tigers


def test_stride_of_reprisal_creates_a_tiger_in_hand_when_it_defends(fabcube_cards):
    given = _given([_big("Swing", 4)])
    given["P2"] = {"life": 20, "equipment": {"legs": "Stride of Reprisal"}}
    result = _run(
        given,
        [
            "P1 plays Swing",
            "all pass to the Defend Step",
            "P2 declares Stride of Reprisal as a defending card",
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.violations
    assert "Crouching Tiger" in str(result.state["P2"]["hand"])
    assert "Crouching Tiger" not in str(result.state["P1"]["hand"])


# --- "If ..., instead it gets +3{p}" / "If ..., it gets "When this hits ..."" after a target's bonus --


_DRAKE_DAGGER = {**_DAGGER, "name": "Drake Dagger", "classes": ["draconic"]}


def _second_draconic_link(first_class: str, reaction: str) -> tuple[dict[str, Any], list[str]]:
    first = {**_big("Opener", 1), "classes": [first_class], "keywords": ["go again"]}
    given = _given([first, reaction], resources=1, weapons=[_DRAKE_DAGGER])
    lines = [
        "P1 plays Opener",
        *_THROUGH,
        "P1 activates Drake Dagger",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass to the Reaction Step",
        f"P1 plays {reaction} targeting Drake Dagger",
        "all pass",
        "all pass through the Damage Step",
    ]
    return given, lines


@pytest.mark.parametrize(("first_class", "bonus"), [("draconic", 3), ("ninja", 2)])
def test_blistering_blade_gets_three_instead_of_two_with_two_draconic_links(
    fabcube_cards, first_class, bonus
):
    given, lines = _second_draconic_link(first_class, "Blistering Blade (red)")
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 1 - (1 + bonus)


@pytest.mark.parametrize(("first_class", "marked"), [("draconic", True), ("ninja", False)])
def test_searing_gaze_gives_the_mark_on_hit_only_with_two_draconic_links(fabcube_cards, first_class, marked):
    given, lines = _second_draconic_link(first_class, "Searing Gaze (red)")
    result = _run(given, [*lines, "all pass"], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 1 - (1 + 2)
    assert bool(result.state["P2"].get("marked")) is marked


# --- "Your next attack this turn gains dominate" ----------------------------------------------------


@pytest.mark.parametrize("weapon_first", [True, False])
def test_push_forward_gives_dominate_only_after_a_weapon_attack(fabcube_cards, weapon_first):
    given = _given(["Push Forward (red)", _big("Follow Up", 4)], ap=1, resources=2, weapons=[_DAGGER])
    given["P2"]["hand"] = [
        {"name": f"Block {i}", "type": "action", "defense": 2, "pitch": 3, "cost": 0} for i in (1, 2)
    ]
    lines = ["P1 activates Test Dagger", *_THROUGH, "all pass"] if weapon_first else []  # the chain closes
    result = run_scenario(
        {
            "id": "t",
            "given": given,
            "when": [
                *lines,
                "P1 plays Push Forward (red)",
                "all pass",
                "P1 plays Follow Up",
                "all pass to the Defend Step",
                "P2 declares Block 1 and Block 2 as defending cards",
            ],
            "expect": {},
        },
        fabcube_cards,
    )
    assert result.error is None, result.error
    refused = [m for m in _violations(result) if "dominate" in m]
    assert bool(refused) is weapon_first, result.violations


@pytest.mark.parametrize("name", ["Push Forward (red)", "Pedal to the Metal (red)"])
def test_a_keyword_given_to_the_next_attack_is_not_the_cards_own(fabcube_cards, name):
    parts = coverage(fabcube_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]


# --- a weapon's "If an Earth card was pitched to attack with this" and "... gains +3{p} until end of turn"


@pytest.mark.parametrize(("earth", "damage"), [(True, 1), (False, 0)])
def test_redwood_hammer_gets_one_more_when_an_earth_card_paid_for_its_attack(fabcube_cards, earth, damage):
    card = {"name": "Payment", "type": "action", "cost": 0, "pitch": 3, "classes": ["earth"] if earth else []}
    given = _given([card], weapons=["Redwood Hammer"])
    result = _run(given, ["P1 activates Redwood Hammer, pitching Payment", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    power = fabcube_cards.get("Redwood Hammer").power
    assert result.state["P2"]["life"] == 20 - power - damage


@pytest.mark.parametrize(("nonattack_first", "bonus"), [(True, 3), (False, 0)])
def test_nebula_blade_gets_three_after_a_non_attack_action(fabcube_cards, nonattack_first, bonus):
    plan = {
        "name": "Plan",
        "types": ["action"],
        "subtypes": ["non-attack"],
        "cost": 0,
        "pitch": 1,
        "keywords": ["go again"],
    }
    given = _given([plan], resources=2, weapons=["Nebula Blade"])
    lines = ["P1 plays Plan", "all pass"] if nonattack_first else []
    result = _run(given, [*lines, "P1 activates Nebula Blade", *_THROUGH], fabcube_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - fabcube_cards.get("Nebula Blade").power - bonus
