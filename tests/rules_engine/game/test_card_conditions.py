"""Conditions over the turn's facts (issue 27): "If you've played another red card this turn, this gets
go again", "If there are 2 or more blue cards in your pitch zone", "If you've drawn a card this turn",
"If a Draconic attack was the last attack this combat chain", "If this was played as chain link 3 or
higher". Each replays a real card with and without its condition met and checks the state."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game import conditions
from rules_engine.game.effects import MODELLED, coverage, decided_keywords, recognise
from rules_engine.game.scenarios import run_scenario

_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


def _run(given: dict[str, Any], when: list[str], lookup: Any = None) -> Any:
    result = run_scenario({"id": "t", "given": given, "when": when, "expect": {}}, lookup)
    assert result.error is None, result.error
    return result


def _kinds(result: Any, kind: str) -> list[str]:
    return [f.message for f in result.findings if f.kind == kind]


def _card(name: str, pitch: int, *, attack: bool = False, power: int = 3, cls: str = "") -> dict[str, Any]:
    card: dict[str, Any] = {
        "name": name,
        "type": "attack action" if attack else "action",
        "cost": 0,
        "pitch": pitch,
        "keywords": ["go again"],
    }
    if attack:
        card["power"] = power
    if cls:
        card["classes"] = [cls]
    return card


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
        ("you've played another blue card this turn", "played;1;1;blue"),
        ("you have played a 'non-attack' action card this turn", "played;1;0;non-attack action"),
        ("you've played a lightning card this turn", "played;1;0;lightning"),
        ("there are 2 or more blue cards in your pitch zone", "pitch;2;0;blue"),
        ("you have a yellow card in your pitch zone", "pitch;1;0;yellow"),
        ("you've drawn a card this turn", "drew;1;0;"),
        ("you've boosted 2 or more times this turn", "boosted;2;0;"),
        ("you control 3 or more auras", "control;3;0;aura"),
        ("this was played as chain link 3 or higher", "link;3;0;"),
        ("a draconic attack was the last attack this combat chain", "last;1;0;draconic"),
        ("you have less {h} than each other hero", "less_life;0;0;"),
        ("you've activated a cannon this turn", "activated;1;0;cannon"),
        ("an earth card was pitched to play this", "pitched_for;1;0;earth"),
        ("you have played or created an aura this turn", "played_created;1;0;aura"),
        ("this was played from arsenal", "from_arsenal;0;0;"),
        (
            "an attack reaction has been played or activated this chain link",
            "linkuse_any;1;0;attack reaction",
        ),
        ("you control a might and a vigor token", "control_named;1;0;might+vigor"),
        ("this has an aim counter", "counter;1;0;aim"),
        ("rushing river or this was the last attack this combat chain", "lastname;1;0;rushing river+this"),
        ("a red attack action card was the last attack this combat chain", "last;1;0;red"),
        ("you've played a card with 6 or more {p} this turn", "played;1;0;pow>=6"),  # its printed {p}
    ],
)
def test_condition_words_compile_to_keys(words, key):
    assert conditions.parse(words) == key


@pytest.mark.parametrize(
    "words",
    [
        "you've played a card with sigil in its name this turn",  # a name's part, not a descriptor word
        "you've been cheered this turn",
        "you've played another blorp card this turn",
        "you control a guardian off-hand",  # a description, not a name
        "edge of autumn or a card with vengeance in its name was the last attack this combat chain",
    ],
)
def test_words_the_grammar_does_not_read_stay_unread(words):
    assert conditions.parse(words) is None


def test_a_resolving_cards_condition_gates_its_effect_and_an_unread_effect_stays_manual():
    found, unread = recognise("If you have boosted this turn, draw a card.")
    assert not unread and [(e.kind, e.trigger) for e in found] == [("draw", "cond:boosted;1;0;")]
    found, unread = recognise("If you've played another blue card this turn, clash with target hero.")
    assert [e.kind for e in found] == ["manual"]  # clash is not computed: the judge's
    found, unread = recognise("If you've played another blue card this turn, transcend.")
    assert [(e.kind, e.trigger) for e in found] == [("transcend", "cond:played;1;1;blue")]  # CR 8.5.48


# --- "If you've played another red card this turn, this gets go again" ------------------------------


def test_blaze_headlong_gets_go_again_after_another_red_card(fabcube_cards):
    result = _run(
        _given(["Blaze Headlong", _card("Red Spark", 1)]),
        [
            "P1 plays Red Spark",
            "all pass (Red Spark resolves)",
            "P1 plays Blaze Headlong",
            *_THROUGH,
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 16
    assert result.state["P1"]["action_points"] == 1  # go again (CR 8.3.1)
    assert not any("Blaze Headlong" in m for m in _kinds(result, "manual_effect"))


def test_blaze_headlong_after_a_blue_card_has_no_go_again(fabcube_cards):
    result = _run(
        _given(["Blaze Headlong", _card("Blue Spark", 3)]),
        [
            "P1 plays Blue Spark",
            "all pass (Blue Spark resolves)",
            "P1 plays Blaze Headlong",
            *_THROUGH,
            "all pass",
        ],
        fabcube_cards,
    )
    assert result.state["P1"]["action_points"] == 0


def test_blaze_headlong_alone_does_not_count_itself_as_another_red_card(fabcube_cards):
    result = _run(
        _given(["Blaze Headlong"]), ["P1 plays Blaze Headlong", *_THROUGH, "all pass"], fabcube_cards
    )
    assert result.state["P1"]["action_points"] == 0


# --- "High Tide - If there are 2 or more blue cards in your pitch zone, this gets go again" ---------


def test_swiftwater_sloop_high_tide_with_two_blue_cards_in_the_pitch_zone(fabcube_cards):
    """One blue card pitched earlier this turn and one for Sloop."""
    blue_a, blue_b = _card("Blue A", 3), _card("Blue B", 3)
    result = _run(
        _given(["Swiftwater Sloop (red)", blue_b], pitch_zone=[blue_a]),
        ["P1 plays Swiftwater Sloop (red), pitching Blue B", *_THROUGH, "all pass"],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 14
    assert result.state["P1"]["action_points"] == 1


def test_swiftwater_sloop_with_one_blue_card_in_the_pitch_zone_has_no_go_again(fabcube_cards):
    result = _run(
        _given(["Swiftwater Sloop (red)", _card("Blue A", 3)]),
        ["P1 plays Swiftwater Sloop (red), pitching Blue A", *_THROUGH, "all pass"],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P1"]["action_points"] == 0


# --- "If you've drawn a card this turn, this gets +1{p}" -------------------------------------------


def test_rising_power_after_a_draw_gets_one_more(fabcube_cards):
    result = _run(
        _given(["Rising Power (red)"], resources=2, deck_count=10),
        ["P1 draws a card", "P1 plays Rising Power (red)", *_THROUGH],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 7


def test_rising_power_without_a_draw_has_its_printed_power(fabcube_cards):
    result = _run(
        _given(["Rising Power (red)"], resources=2), ["P1 plays Rising Power (red)", *_THROUGH], fabcube_cards
    )
    assert result.state["P2"]["life"] == 20 - 6


# --- chain facts: the last attack, the chain link's number -----------------------------------------


def test_grow_claws_after_a_draconic_attack_gets_one_more(fabcube_cards):
    drake = _card("Drake", 1, attack=True, power=1, cls="draconic")
    result = _run(
        _given([drake, "Grow Claws (red)"], resources=1),
        ["P1 plays Drake", *_THROUGH, "P1 plays Grow Claws (red)", *_THROUGH],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 1 - 5


def test_grow_claws_after_a_ninja_attack_has_its_printed_power(fabcube_cards):
    kick = _card("Kick", 1, attack=True, power=1, cls="ninja")
    result = _run(
        _given([kick, "Grow Claws (red)"], resources=1),
        ["P1 plays Kick", *_THROUGH, "P1 plays Grow Claws (red)", *_THROUGH],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 20 - 1 - 4


@pytest.mark.parametrize(("before", "power"), [(2, 7), (1, 5)])
def test_flying_kick_gets_two_at_chain_link_three(fabcube_cards, before, power):
    hand: list[Any] = [_card(f"Jab {i}", 1, attack=True, power=1) for i in range(before)]
    lines: list[str] = []
    for i in range(before):
        lines += [f"P1 plays Jab {i}", *_THROUGH]  # the chain stays open (CR 7.6)
    result = _run(
        _given([*hand, "Flying Kick (red)"], resources=2),
        [*lines, "P1 plays Flying Kick (red)", *_THROUGH],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - before - power


# --- the coverage follows what is applied --------------------------------------------------------


def test_conditional_keywords_read_by_the_grammar_are_decided_and_computed(fabcube_cards):
    for name in ("Blaze Headlong", "Swiftwater Sloop (red)", "Rising Power (red)", "Flying Kick (red)"):
        facts = fabcube_cards.get(name)
        parts = coverage(facts)
        assert parts and all(p.status == MODELLED for p in parts), (name, parts)
    assert "go again" in decided_keywords(fabcube_cards.get("Blaze Headlong"))


# --- the arena and the attack itself: banished zone, a named permanent, the attack's go again ------


def _earth(i: int) -> dict[str, Any]:
    return {"name": f"Earth {i}", "type": "action", "classes": ["earth"], "cost": 0, "pitch": 1}


@pytest.mark.parametrize(("earth", "damage"), [(4, 8), (3, 4)])
def test_strength_of_four_seasons_counts_earth_cards_in_the_banished_zone(fabcube_cards, earth, damage):
    given = _given(
        ["Strength of Four Seasons (red)"], resources=2, banished=[_earth(i) for i in range(earth)]
    )
    result = _run(given, ["P1 plays Strength of Four Seasons (red)", *_THROUGH], fabcube_cards)
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage


def _bull_bar(permanents: list[Any]) -> Any:
    given = _given(["Bull Bar (red)"], resources=2, permanents=permanents)
    given["P2"]["hand"] = [_card("Block A", 2), _card("Block B", 2)]
    for card in given["P2"]["hand"]:
        card["defense"] = 3
    return given


def test_bull_bar_with_a_hyper_driver_has_overpower(fabcube_cards):
    result = run_scenario(
        {
            "id": "t",
            "given": _bull_bar(["Hyper Driver (red)"]),
            "when": [
                "P1 plays Bull Bar (red)",
                "all pass to the Defend Step",
                "P2 declares Block A and Block B as defending cards",
            ],
            "expect": {},
        },
        fabcube_cards,
    )
    assert result.error is None, result.error
    assert any("overpower" in v["message"] for v in result.violations), result.violations


def test_bull_bar_without_a_hyper_driver_may_be_defended_by_two_action_cards(fabcube_cards):
    result = _run(
        _bull_bar([]),
        [
            "P1 plays Bull Bar (red)",
            "all pass to the Defend Step",
            "P2 declares Block A and Block B as defending cards",
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings


def test_skyzyk_gets_one_more_once_it_has_go_again(fabcube_cards):
    hasten = {
        "name": "Hasten",
        "type": "attack reaction",
        "cost": 0,
        "pitch": 1,
        "text": "Target attack gets go again.",
    }
    result = _run(
        _given(["Skyzyk (red)", hasten]),
        [
            "P1 plays Skyzyk (red)",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "all pass (Defend Step ends; Reaction Step)",
            "P1 plays Hasten targeting Skyzyk",
            "all pass (Hasten resolves)",
            "all pass (Reaction Step ends); Damage Step",
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 4


def test_skyzyk_without_go_again_has_its_printed_power(fabcube_cards):
    result = _run(_given(["Skyzyk (red)"]), ["P1 plays Skyzyk (red)", *_THROUGH], fabcube_cards)
    assert result.state["P2"]["life"] == 20 - 3


# --- a resolving card's "If ..., [effect]" ---------------------------------------------------------


@pytest.mark.parametrize("dealt", [True, False])
def test_written_in_the_stars_draws_only_after_arcane_damage(fabcube_cards, dealt):
    given = _given(["Written in the Stars"], deck_count=10)
    given["P1"]["deck_top"] = ["Card X"]
    given["turn_facts"] = {"P1_dealt_arcane_damage_this_turn": dealt}
    given["P1"]["hand"].append({"name": "Card X", "type": "action", "cost": 0, "pitch": 1})
    given["P1"]["hand"] = given["P1"]["hand"][:1]
    result = _run(
        given, ["P1 plays Written in the Stars", "all pass (Written in the Stars resolves)"], fabcube_cards
    )
    assert not _kinds(result, "violation"), result.findings
    hand = result.state["P1"]["hand"]
    assert (len(hand) if isinstance(hand, list) else hand) == (1 if dealt else 0), hand
    unmet = [f.message for f in result.findings if f.kind == "note" and "condition is not met" in f.message]
    assert bool(unmet) is not dealt


@pytest.mark.parametrize(("counters", "damage"), [({"aim": 1}, 6), ({}, 5)])
def test_withering_shot_has_one_more_with_an_aim_counter(fabcube_cards, counters, damage):
    arrow: dict[str, Any] = {"name": "Withering Shot (red)"}
    if counters:
        arrow["counters"] = counters
    given = _given([], resources=1, arsenal=[arrow], weapons=["Death Dealer"])
    result = _run(given, ["P1 plays Withering Shot (red) from arsenal", *_THROUGH], fabcube_cards)
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage


# --- a granted hit ability under a condition -------------------------------------------------------


@pytest.mark.parametrize("second", [True, False])
def test_mark_with_magma_at_two_draconic_links_has_go_again_and_marks_on_hit(fabcube_cards, second):
    drake = _card("Drake", 1, attack=True, power=1, cls="draconic")
    lines = ["P1 plays Drake", *_THROUGH] if second else []
    result = _run(
        _given([drake, "Mark with Magma (red)"], resources=1),
        [*lines, "P1 plays Mark with Magma (red)", *_THROUGH, "all pass"],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 4 - (1 if second else 0)
    assert bool(result.state["P2"].get("marked")) is second
    assert result.state["P1"]["action_points"] == (1 if second else 0)


# --- "If [condition], this gets +N{d}" on a card that defends ---------------------------------------


@pytest.mark.parametrize(("earth", "damage"), [(4, 3), (3, 4)])
def test_helm_of_lignum_vitae_defends_for_two_with_four_earth_cards_banished(fabcube_cards, earth, damage):
    given = _given([_card("Hammer", 1, attack=True, power=5)])
    given["P2"] = {
        "life": 20,
        "equipment": {"head": "Helm of Lignum Vitae"},
        "banished": [_earth(i) for i in range(earth)],
    }
    result = _run(
        given,
        [
            "P1 plays Hammer",
            "all pass to the Defend Step",
            "P2 declares Helm of Lignum Vitae as a defending card",
            "all pass through the Reaction and Damage Steps",
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("blue_first", "damage"), [(True, 1), (False, 3)])
def test_wash_away_defends_for_two_more_after_another_blue_card(fabcube_cards, blue_first, damage):
    trick = {"name": "Blue Trick", "type": "instant", "cost": 0, "pitch": 3}
    given = _given([_card("Hammer", 1, attack=True, power=6)])
    given["P2"] = {"life": 20, "hand": ["Wash Away", trick], "resource_points": 2}
    before = ["P2 plays Blue Trick", "all pass (Blue Trick resolves)"] if blue_first else []
    result = _run(
        given,
        [
            "P1 plays Hammer",
            "all pass to the Defend Step; P2 declares no defending cards",
            "all pass (Defend Step ends; Reaction Step)",
            "P1 passes",
            *before,
            *(["P1 passes"] if blue_first else []),
            "P2 plays Wash Away",
            "all pass (Wash Away resolves)",
            "all pass (Reaction Step ends); Damage Step",
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage
    assert not any("Wash Away" in m for m in _kinds(result, "manual_effect"))


# --- what was played during this chain link -------------------------------------------------------

_LUNGE = {
    "name": "Lunge",
    "type": "attack reaction",
    "cost": 0,
    "pitch": 1,
    "text": "Target attack gets +1{p}.",
}


def _reaction_lines(attack: str, reaction: bool, defender: str = "") -> list[str]:
    declare = f"P2 declares {defender} as a defending card" if defender else "P2 declares no defending cards"
    return [
        f"P1 plays {attack}",
        f"all pass to the Defend Step; {declare}",
        "all pass (Defend Step ends; Reaction Step)",
        *([f"P1 plays Lunge targeting {attack}", "all pass (Lunge resolves)"] if reaction else []),
        "all pass (Reaction Step ends); Damage Step",
    ]


@pytest.mark.parametrize(("reaction", "damage"), [(True, 6 + 1 - 2), (False, 6 - 1)])
def test_red_alert_visor_defends_for_one_more_once_an_attack_reaction_is_played(
    fabcube_cards, reaction, damage
):
    given = _given([_card("Hammer", 1, attack=True, power=6), _LUNGE])
    given["P2"] = {"life": 20, "equipment": {"head": "Red Alert Visor"}}
    result = _run(given, _reaction_lines("Hammer", reaction, "Red Alert Visor"), fabcube_cards)
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("reaction", "damage"), [(True, 3 + 4 + 1), (False, 3)])
def test_sneak_attack_gets_four_once_an_attack_reaction_is_played_on_its_chain_link(
    fabcube_cards, reaction, damage
):
    result = _run(
        _given(["Sneak Attack (red)", _LUNGE], resources=2),
        _reaction_lines("Sneak Attack", reaction),
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize("close", [False, True])
def test_an_attack_reaction_on_an_earlier_chain_link_does_not_count(fabcube_cards, close):
    """Not on the chain's next link, nor on link 1 of a new chain the same turn."""
    jab = _card("Jab", 1, attack=True, power=1)
    closing = ["all pass (Damage Step ends)", *(["all pass (the combat chain closes)"] if close else [])]
    result = _run(
        _given([jab, _LUNGE, "Sneak Attack (red)"], resources=2),
        [*_reaction_lines("Jab", True), *closing, *_reaction_lines("Sneak Attack", False)],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    links = result.state["combat_chain"]["links"]
    assert [x["link"] for x in links][-1] == (1 if close else 2)
    assert result.state["P2"]["life"] == 20 - 2 - 3


# --- what paid for the card, where it came from, what was created --------------------------------


@pytest.mark.parametrize(("earth", "damage"), [(True, 7), (False, 6)])
def test_strong_wood_gets_one_more_when_an_earth_card_paid_for_it(fabcube_cards, earth, damage):
    payer: dict[str, Any] = {"name": "Payer", "type": "action", "cost": 0, "pitch": 3}
    if earth:
        payer["classes"] = ["earth"]
    result = _run(
        _given(["Strong Wood (red)", payer]),
        ["P1 plays Strong Wood (red), pitching Payer", *_THROUGH],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - damage


def test_an_earth_card_pitched_for_an_earlier_card_does_not_count(fabcube_cards):
    earth = {"name": "Earth Payer", "type": "action", "classes": ["earth"], "cost": 0, "pitch": 3}
    plain = {"name": "Plain Payer", "type": "action", "cost": 0, "pitch": 3}
    starter = {"name": "Starter", "type": "action", "cost": 1, "pitch": 1, "keywords": ["go again"]}
    result = _run(
        _given(["Strong Wood (red)", earth, plain, starter]),
        [
            "P1 plays Starter, pitching Earth Payer",
            "all pass (Starter resolves)",
            "P1 plays Strong Wood (red), pitching Plain Payer",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 6


@pytest.mark.parametrize("created", [True, False])
def test_runerager_swarm_has_go_again_after_an_aura_is_created(fabcube_cards, created):
    maker = {"name": "Rune Maker", "type": "action", "cost": 0, "pitch": 1, "keywords": ["go again"]}
    maker["text"] = "Create a Runechant token." if created else "Gain 1{h}."
    result = _run(
        _given(["Runerager Swarm (red)", maker]),
        [
            "P1 plays Rune Maker",
            "all pass (Rune Maker resolves)",
            "P1 plays Runerager Swarm (red)",
            *_THROUGH,
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P1"]["action_points"] == (1 if created else 0)


@pytest.mark.parametrize(("zone", "drawn"), [("arsenal", 1), ("hand", 0)])
def test_seduce_secrets_draws_only_when_played_from_arsenal(fabcube_cards, zone, drawn):
    given = _given([], deck_count=10, deck_top=["Card X"])
    given["P1"][zone] = ["Seduce Secrets"]
    where = " from arsenal" if zone == "arsenal" else ""
    result = _run(
        given,
        [f"P1 plays Seduce Secrets{where} targeting P2's hero", "all pass (Seduce Secrets resolves)"],
        fabcube_cards,
    )
    assert not _kinds(result, "violation"), result.findings
    hand = result.state["P1"]["hand"]
    assert [c if isinstance(c, str) else c.get("name") for c in hand] == (["Card X"] if drawn else [])


def test_an_activation_is_told_by_its_source_and_its_ability_type():
    from rules_engine.game.cards import facts_from_mapping
    from rules_engine.game.state import GameState

    cannon = facts_from_mapping({"name": "Big Gun", "type": "pirate weapon - cannon", "classes": ["pirate"]})
    s = GameState()
    assert not conditions.holds(s, "P1", "activated;1;0;cannon")
    conditions.record_activation(s, "P1", "instant", cannon)
    assert conditions.holds(s, "P1", "activated;1;0;cannon")
    assert not conditions.holds(s, "P2", "activated;1;0;cannon")
    assert not conditions.holds(s, "P1", "activated;1;0;attack reaction")


def test_a_named_permanent_may_be_a_weapon_or_an_equipment_too():
    from rules_engine.game.cards import facts_from_mapping
    from rules_engine.game.state import Card, GameState

    s = GameState()
    key = conditions.parse("you control an orbitoclast")
    assert key == "control_named;1;0;orbitoclast"
    assert not conditions.holds(s, "P1", key)
    s.p("P1").weapons.append(
        Card(id="w1", facts=facts_from_mapping({"name": "Orbitoclast", "type": "weapon"}), owner="P1")
    )
    assert conditions.holds(s, "P1", key)
