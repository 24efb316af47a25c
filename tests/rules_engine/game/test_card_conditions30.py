"""Card conditions, third pass (branch conditions30): a keyword the card data lists as conditional is
the engine's when every sentence that gives it is computed (a hit trigger's go again, an option's, a
resolving card's conditional go again, an attack trigger's intimidate), the card paid for a random
additional cost ("If a card with 6 or more {p} is banished this way", "If the discarded card has 6 or
more {p}, draw 2 cards and ... gains go again"). Each replays real cards (the fabrary dump) with the
condition met and not met and checks the state: a go again that is not there leaves no action point
for the next action card (CR 1.10.3 reverses that play), a +N{p} that is not there deals less."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game import conditions
from rules_engine.game.effects import MODELLED, coverage, decided_keywords

from .replaying import messages, run_log

_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]
_CLOSE = [*_THROUGH, "all pass"]
_BIG = {"name": "Big Card", "type": "attack action", "cost": 0, "pitch": 1, "power": 6, "defense": 2}
_SMALL = {"name": "Small Card", "type": "attack action", "cost": 0, "pitch": 1, "power": 2, "defense": 2}
_PLAIN = {"name": "Plain Attack", "type": "attack action", "cost": 0, "pitch": 1, "power": 3, "defense": 2}
_WALL = {"name": "Wall", "type": "action", "cost": 0, "pitch": 3, "defense": 6}
#: the next action card after the one under test: it needs the action point go again gives (CR 1.11.1)
_NEXT = "P1 plays Head Jab (red)"


def _given(hand: list[Any], ap: int = 1, resources: int = 9, **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": ap, "resource_points": resources, "hand": hand, "deck_count": 10, **p1},
        "P2": {"life": 20, "hand": [_WALL]},
    }


def _violations(result: Any) -> list[str]:
    return [v["message"] for v in result.violations]


def _no_action_point(result: Any) -> bool:
    return any("action point" in m for m in _violations(result))


def _flagged_keyword(result: Any, name: str) -> bool:
    return any(name in m for m in messages(result, "manual_effect") if "only under a condition" in m)


# --- a keyword given by a computed sentence -------------------------------------------------------


@pytest.mark.parametrize("name", ["Torrent of Tempo (red)", "Soulbead Strike (red)", "Overload (red)"])
@pytest.mark.parametrize("hits", [True, False])
def test_a_hit_triggers_go_again_gives_the_next_action_point(fabrary_cards, name, hits):
    """ "When this hits, it gets go again" (CR 7.5.3 hit, 8.3.5 go again): a hit leaves an action point;
    an attack blocked by a bigger defender does not hit, and the next action card cannot be played."""
    defend = "P2 declares no defending cards" if hits else "P2 defends with Wall"
    when = [f"P1 plays {name}", "all pass to the Defend Step", defend, *_THROUGH[2:], _NEXT]
    result = run_log(_given([name, "Head Jab (red)"]), when, fabrary_cards)
    assert _no_action_point(result) is not hits, result.violations
    assert not _flagged_keyword(result, name.split(" (")[0])


@pytest.mark.parametrize("destroys", [True, False])
def test_arc_ramp_has_go_again_only_when_a_lightning_flow_is_destroyed(fabrary_cards, destroys):
    """ "You may destroy a Lightning Flow you control. If you do, this gets go again" (CR 1.8.3, 1.8.4)."""
    given = _given(["Arc Ramp (red)", "Head Jab (red)"], permanents=["Lightning Flow"])
    when = [
        "P1 plays Arc Ramp (red)",
        "all pass",
        *(["P1 destroys Lightning Flow"] if destroys else []),
        _NEXT,
    ]
    result = run_log(given, when, fabrary_cards)
    assert _no_action_point(result) is not destroys, result.violations
    assert not _flagged_keyword(result, "Arc Ramp")


@pytest.mark.parametrize("takes", [True, False])
def test_emissary_of_wind_has_go_again_only_when_its_option_is_taken(fabrary_cards, takes):
    given = _given(["Emissary of Wind (red)", "Head Jab (red)", "Sink Below (red)"])
    option = ["P1 puts Sink Below (red) on the bottom of their deck"] if takes else []
    when = ["P1 plays Emissary of Wind (red)", "all pass", *option, *_CLOSE, _NEXT]
    result = run_log(given, when, fabrary_cards)
    assert _no_action_point(result) is not takes, result.violations


@pytest.mark.parametrize("moon_wish", [True, False])
def test_sun_kiss_draws_and_has_go_again_after_moon_wish(fabrary_cards, moon_wish):
    """A resolving non-attack action card's own conditional go again is its action point as it
    resolves (CR 8.3.5a, 6.1.3), not the closed chain's."""
    first = "Moon Wish (red)" if moon_wish else _PLAIN
    given = _given([first, "Sun Kiss (red)", "Head Jab (red)"], ap=2)
    opener = "P1 plays Moon Wish (red)" if moon_wish else "P1 plays Plain Attack"
    result = run_log(given, [opener, *_CLOSE, "P1 plays Sun Kiss (red)", "all pass", _NEXT], fabrary_cards)
    assert _no_action_point(result) is not moon_wish, result.violations
    assert result.state["P1"]["hand_unknown"] == (1 if moon_wish else 0)  # "draw a card"
    assert not _flagged_keyword(result, "Sun Kiss")


def test_alpha_rampages_intimidate_is_its_attack_trigger(fabrary_cards):
    """ "When you attack with Alpha Rampage, intimidate" (CR 8.5.10): the keyword the card data lists is
    that trigger, which resolves and asks for the banished card."""
    given = _given(["Alpha Rampage (red)", _SMALL])
    result = run_log(
        given,
        ["P1 plays Alpha Rampage (red)", "P1 discards Small Card", "all pass", "all pass"],
        fabrary_cards,
    )
    assert not _violations(result), result.violations
    assert any("intimidate" in m for m in messages(result, "note"))
    assert not _flagged_keyword(result, "Alpha Rampage")


def test_a_keyword_named_only_in_a_condition_is_not_given():
    """ "If it has go again, ..." names the keyword in its condition; it gives nothing."""
    from rules_engine.game.cards import CardFacts

    facts = CardFacts(
        name="Probe",
        types=frozenset({"action"}),
        subtypes=frozenset({"attack"}),
        text="If it has go again, draw a card.",
        conditional=("go again",),
    )
    assert "go again" not in decided_keywords(facts)


# --- the card paid for a random additional cost ---------------------------------------------------


def test_banished_this_way_compiles_to_the_cost_key():
    assert conditions.parse("a card with 6 or more {p} is banished this way") == "costbanish;6;0;"


@pytest.mark.parametrize(("banished", "damage"), [(_BIG, 8), (_SMALL, 6)])
def test_tribute_to_demolition_gets_two_when_a_big_card_is_banished_for_it(fabrary_cards, banished, damage):
    """ "As an additional cost to play this, banish a random card from your hand" (CR 1.14.4, 5.1.5):
    the log's banish line pays it, and that card decides "If a card with 6 or more {p} is banished this
    way, this gets +2{p}" (CR 6.1.3)."""
    given = _given(["Tribute to Demolition (red)", banished])
    when = ["P1 plays Tribute to Demolition (red)", f"P1 banishes {banished['name']} face up", *_THROUGH]
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


def test_a_big_card_banished_before_the_play_is_not_the_cost(fabrary_cards):
    """Only the card that paid the cost counts, not another card banished this turn."""
    given = _given([_BIG, "Tribute to Demolition (red)", _SMALL])
    when = [
        "P1 banishes Big Card face up",
        "P1 plays Tribute to Demolition (red)",
        "P1 banishes Small Card face up",
        *_THROUGH,
    ]
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - 6


@pytest.mark.parametrize("big", [True, False])
def test_ram_raider_has_go_again_when_a_big_card_is_banished_for_it(fabrary_cards, big):
    card = _BIG if big else _SMALL
    given = _given(["Ram Raider (red)", card, "Head Jab (red)"])
    when = ["P1 plays Ram Raider (red)", f"P1 banishes {card['name']} face up", *_CLOSE, _NEXT]
    result = run_log(given, when, fabrary_cards)
    assert _no_action_point(result) is not big, result.violations


@pytest.mark.parametrize("big", [True, False])
def test_bloodrush_bellow_draws_two_and_has_go_again_after_a_big_discard(fabrary_cards, big):
    """ "If the discarded card has 6 or more {p}, draw 2 cards and Bloodrush Bellow gains go again": the
    random discard the log shows pays the cost (CR 1.14.4) and is the discarded card (CR 6.1.3)."""
    card = _BIG if big else _SMALL
    given = _given(["Bloodrush Bellow (yellow)", card, "Head Jab (red)"])
    when = ["P1 plays Bloodrush Bellow (yellow)", f"P1 discards {card['name']}", "all pass", _NEXT]
    result = run_log(given, when, fabrary_cards)
    assert _no_action_point(result) is not big, result.violations
    assert result.state["P1"]["hand_unknown"] == (2 if big else 0)


@pytest.mark.parametrize("big", [True, False])
def test_savage_feast_draws_when_its_cost_discarded_a_big_card(fabrary_cards, big):
    """Savage Feast prints its cost without a comma ("to play Savage Feast discard a random card"): the
    same random-discard cost, paid by the log's discard line."""
    card = _BIG if big else _SMALL
    given = _given(["Savage Feast (red)", card])
    when = ["P1 plays Savage Feast (red)", f"P1 discards {card['name']}", "all pass", "all pass"]
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["hand_unknown"] == (1 if big else 0)


def test_a_discard_that_is_not_a_cost_stays_the_judges(fabrary_cards):
    """Sand Sketched Plan discards as it resolves, not as a cost: "the discarded card" is not one the
    engine pays, so that sentence stays manual."""
    parts = coverage(fabrary_cards.get("Sand Sketched Plan"))
    assert any(p.status != MODELLED and "discarded card" in p.text for p in parts)


# --- "If [condition], you may play this as though it were an instant" (CR 8.1.1d, 5.1.3d) ----------

_ZAP = {
    "name": "Zap",
    "type": "action non-attack",
    "cost": 0,
    "pitch": 1,
    "text": "Deal 1 arcane damage to target hero.\n\nGo again",
}
_PLAIN_ACTION = {"name": "Plain Action", "type": "action non-attack", "cost": 0, "pitch": 1}


@pytest.mark.parametrize("wizard_first", [True, False])
def test_snapback_after_another_wizard_card_costs_no_action_point(fabrary_cards, wizard_first):
    """With the condition met the card may be played as an instant: no action point (CR 8.1.1d); with it
    not met it is an action, and the player has none left."""
    first = "P1 plays Snapback (red) targeting P2" if wizard_first else "P1 plays Plain Action"
    given = _given(["Snapback (red)", "Snapback (red)" if wizard_first else _PLAIN_ACTION])
    result = run_log(
        given, [first, "all pass", "P1 plays Snapback (red) targeting P2", "all pass"], fabrary_cards
    )
    assert _no_action_point(result) is not wizard_first, result.violations
    assert result.state["P2"]["life"] == (14 if wizard_first else 20)


@pytest.mark.parametrize("arcane_first", [True, False])
def test_strike_twice_after_arcane_damage_to_an_opponent(fabrary_cards, arcane_first):
    first = "P1 plays Strike Twice (red) targeting P2" if arcane_first else "P1 plays Plain Action"
    given = _given(["Strike Twice (red)", "Strike Twice (red)" if arcane_first else _PLAIN_ACTION])
    when = [first, "all pass", "P1 plays Strike Twice (red) targeting P2", "all pass"]
    result = run_log(given, when, fabrary_cards)
    assert _no_action_point(result) is not arcane_first, result.violations


@pytest.mark.parametrize("turn", ["P2", "P1"])
def test_cindering_foresight_is_an_instant_on_the_opponents_turn(fabrary_cards, turn):
    """ "If it's not your turn, ...": on the opponent's turn it is played with priority and no action
    point; on its owner's turn with no action point left it cannot be played."""
    given = _given(["Cindering Foresight (red)"], ap=0)
    given["turn"], given["priority"] = turn, "P1"
    result = run_log(given, ["P1 plays Cindering Foresight (red)", "all pass"], fabrary_cards)
    assert _no_action_point(result) is (turn == "P1"), result.violations
    assert not any("as though it were an instant" in m for m in messages(result, "manual_effect"))


# --- "If [condition], instead EFFECT": one effect or the other (CR 6.3) -----------------------------


@pytest.mark.parametrize(("target", "life"), [("P1", 10 - 1 + 4), ("P2", 10 + 1)])
def test_arcane_polarity_gains_four_after_arcane_damage_to_its_player(fabrary_cards, target, life):
    given = _given(["Arcane Polarity (red)", _ZAP])
    given["P1"]["life"] = 10
    when = [f"P1 plays Zap targeting {target}", "all pass", "P1 plays Arcane Polarity (red)", "all pass"]
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["life"] == life


@pytest.mark.parametrize(("earth", "life"), [(4, 15), (3, 12)])
def test_fertile_ground_gains_five_with_four_earth_cards_banished(fabrary_cards, earth, life):
    given = _given(["Fertile Ground (red)"], banished=["Fertile Ground (red)"] * earth)
    given["P1"]["life"] = 10
    result = run_log(given, ["P1 plays Fertile Ground (red)", "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["life"] == life


@pytest.mark.parametrize(("beat", "damage"), [(True, 7 + 5), (False, 7 + 3)])
def test_bonebreaker_bellow_gives_five_after_beating_chest(fabrary_cards, beat, damage):
    """ "Your next Brute attack this turn gains +3{p}. If you've beaten chest this turn, instead it gains
    +5{p}" (CR 8.3.33 beat chest): the next attack gets one bonus, not both."""
    given = _given(["Bonebreaker Bellow (red)", "Pound Town (red)", _BIG])
    first = "P1 plays Bonebreaker Bellow (red)" + (", beating chest with Big Card" if beat else "")
    result = run_log(given, [first, "all pass", "P1 plays Pound Town (red)", *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("turn", "damage"), [("P2", 6), ("P1", 4)])
def test_emeritus_scolding_deals_six_on_the_opponents_turn(fabrary_cards, turn, damage):
    given = _given(["Emeritus Scolding (red)"])
    given["turn"], given["priority"] = turn, "P1"
    line = "P1 plays Emeritus Scolding (red) targeting P2" + (" as an instant" if turn == "P2" else "")
    result = run_log(given, [line, "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("turn", "damage"), [("P2", 3), ("P1", 2)])
def test_waning_moons_ability_deals_three_on_the_opponents_turn(fabrary_cards, turn, damage):
    """An activated ability's "If ..., instead ..." is part of its effect, checked as it resolves (CR
    5.2, 6.1.3); its "Activate this only if you've played a 'non-attack' action card" needs a card first."""
    first = ["P1 plays Cindering Foresight (red)", "all pass", "P2 passes"] if turn == "P2" else []
    first = first or ["P1 plays Zap targeting P1", "all pass"]
    given = _given(["Cindering Foresight (red)" if turn == "P2" else _ZAP], weapons=["Waning Moon"])
    given["turn"], given["priority"] = turn, "P1"
    result = run_log(given, [*first, "P1 activates Waning Moon targeting P2", "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage
    assert not any("Waning Moon" in m for m in messages(result, "manual_effect"))


# --- "If an item / an aura you control has been destroyed this turn" (CR 8.5.4) ----------------------


def test_destroyed_kinds_compile_to_keys():
    assert conditions.parse("an item you control has been destroyed this turn") == "destroyed;1;0;item"
    assert conditions.parse("an aura you control was destroyed this turn") == "destroyed;1;0;aura"


@pytest.mark.parametrize("destroyed", [True, False])
def test_soup_up_has_go_again_after_an_item_is_destroyed(fabrary_cards, destroyed):
    given = _given(["Soup Up (red)", "Head Jab (red)"], permanents=["Hyper Driver"])
    first = ["judge: destroy Hyper Driver"] if destroyed else []
    result = run_log(given, [*first, "P1 plays Soup Up (red)", *_CLOSE, _NEXT], fabrary_cards)
    assert _no_action_point(result) is not destroyed, result.violations


@pytest.mark.parametrize(("destroyed", "life"), [(True, 13), (False, 12)])
def test_ominous_respite_gains_three_after_an_aura_is_destroyed(fabrary_cards, destroyed, life):
    given = _given(["Ominous Respite (yellow)"], permanents=["Runechant"])
    given["P1"]["life"] = 10
    first = ["judge: destroy Runechant"] if destroyed else []
    result = run_log(given, [*first, "P1 plays Ominous Respite (yellow)", "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["life"] == life


# --- marks, the turn's attacks, names: "If the defending hero is marked", "If you are marked, you can't
# play this", "If it's your second attack this turn", "a card with Sigil in its name", "a Chivalry" ----


@pytest.mark.parametrize(
    ("words", "key"),
    [
        ("the defending hero is marked", "opp_marked;0;0;"),
        ("you are marked", "marked;0;0;"),
        ("it's your second attack this turn", "attack_count;2;0;"),
        ("you control a card with sigil in its name", "control_name_has;1;0;sigil"),
        ("you have a chivalry in your pitch zone", "pitch_named;1;0;chivalry"),
        ("it's not your turn", "not_your_turn;0;0;"),
        ("this is played during an opponents turn", "not_your_turn;0;0;"),
    ],
)
def test_more_condition_words_compile_to_keys(words, key):
    assert conditions.parse(words) == key


_REACT = ["all pass to the Defend Step", "P2 declares no defending cards"]
_RESOLVE_REACTION = ["all pass", "all pass through the Reaction and Damage Steps"]


@pytest.mark.parametrize(("marked", "damage"), [(True, 1 + 4), (False, 1 + 3)])
def test_to_the_point_gives_four_against_a_marked_hero(fabrary_cards, marked, damage):
    """CR 9.3: a marked hero; "instead it gets +4{p}" replaces the +3{p} (CR 6.3)."""
    given = _given(["To the Point (red)"], weapons=["Kunai of Retribution"])
    given["P2"]["marked"] = marked
    when = ["P1 activates Kunai of Retribution", *_REACT, "P1 plays To the Point (red)", *_RESOLVE_REACTION]
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("second", "damage"), [(True, 3 + 2 + 3), (False, 2 + 2)])
def test_back_for_seconds_gives_three_to_the_turns_second_attack(fabrary_cards, second, damage):
    given = _given(["Back for Seconds (yellow)", "Head Jab (red)"], ap=2, weapons=["Cintari Saber"])
    first = ["P1 plays Head Jab (red)", *_CLOSE] if second else []
    saber = ["P1 activates Cintari Saber", *_REACT, "P1 plays Back for Seconds (yellow)", *_RESOLVE_REACTION]
    result = run_log(given, [*first, *saber], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("sigil", "damage"), [(True, 6), (False, 4)])
def test_glyph_power_spell_deals_six_with_a_sigil_in_the_arena(fabrary_cards, sigil, damage):
    given = _given(["Glyph Power Spell (red)"], permanents=["Sigil of Solace"] if sigil else [])
    result = run_log(given, ["P1 plays Glyph Power Spell (red) targeting P2", "all pass"], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("chivalry", "damage"), [(True, 4), (False, 3)])
def test_hammer_of_havenhold_gets_one_with_chivalry_in_the_pitch_zone(fabrary_cards, chivalry, damage):
    """A weapon's conditional bonus: its attack-proxy has the weapon's abilities (CR 1.4.3a)."""
    given = _given([], weapons=["Hammer of Havenhold"], pitch_zone=["Chivalry"] if chivalry else [])
    result = run_log(given, ["P1 activates Hammer of Havenhold", *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


@pytest.mark.parametrize(("p1_marked", "p2_marked", "damage"), [(False, True, 4), (False, False, 3)])
def test_outed_gets_one_against_a_marked_hero(fabrary_cards, p1_marked, p2_marked, damage):
    given = _given(["Outed (red)"])
    given["P1"]["marked"], given["P2"]["marked"] = p1_marked, p2_marked
    result = run_log(given, ["P1 plays Outed (red)", *_THROUGH], fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P2"]["life"] == 20 - damage


def test_outed_cannot_be_played_by_a_marked_hero(fabrary_cards):
    """ "If you are marked, you can't play this": a restriction (CR 1.0.2a); the play is reversed."""
    given = _given(["Outed (red)"])
    given["P1"]["marked"] = True
    result = run_log(given, ["P1 plays Outed (red)"], fabrary_cards)
    assert any("cannot be played when you are marked" in m for m in _violations(result)), result.violations
    assert "Outed" in str(result.state["P1"]["hand"])


# --- "Until end of turn, arrows you control gain go again" (CR 6.2.1: every such attack this turn) ----


@pytest.mark.parametrize("rapid_fire", [True, False])
def test_rapid_fire_gives_the_turns_arrow_attacks_go_again(fabrary_cards, rapid_fire):
    given = _given(
        ["Rapid Fire (yellow)", "Head Jab (red)"], weapons=["Death Dealer"], arsenal=["Withering Shot (red)"]
    )
    first = ["P1 plays Rapid Fire (yellow)", "all pass"] if rapid_fire else []
    when = [*first, "P1 plays Withering Shot (red) from arsenal", *_CLOSE, _NEXT]
    result = run_log(given, when, fabrary_cards)
    assert _no_action_point(result) is not rapid_fire, result.violations


def test_a_static_you_control_bonus_is_not_read_as_this_turns():
    """ "Wrenches you control get +2{p}" is a permanent's static ability, not a bonus for this turn."""
    from rules_engine.game.effects import recognise

    assert not recognise("Wrenches you control get +2{p}.")[0]
    assert [e.kind for e in recognise("Until end of turn, arrows you control gain go again.")[0]] == [
        "typed_attacks"
    ]


# --- a defense reaction's condition: its cost's discarded card, the attack it defends ----------------


def _defended(card: str, p2_hand: list[Any], reaction: list[str], weapon: bool = False) -> tuple[Any, Any]:
    given = _given([] if weapon else [_PLAIN], weapons=["Cintari Saber"] if weapon else [])
    given["P2"]["hand"], given["P2"]["resource_points"] = [card, *p2_hand], 3
    first = "P1 activates Cintari Saber" if weapon else "P1 plays Plain Attack"
    when = [first, "all pass to the Defend Step", "P2 declares no defending cards", *reaction, "all pass"]
    return given, [*when, "all pass through the Reaction and Damage Steps"]


@pytest.mark.parametrize(("discarded", "life"), [(_BIG, 18), (_SMALL, 20)])
def test_reckless_swing_hurts_the_attacker_after_a_big_discard(fabrary_cards, discarded, life):
    """ "If the discarded card has 6 or more {p}, deal 2 damage to the attacking hero": the defense
    reaction's cost (CR 1.14.4) and its controller's opponent, the attacking hero (CR 7.0.5)."""
    given, when = _defended(
        "Reckless Swing (blue)",
        [discarded],
        ["P2 plays Reckless Swing (blue)", f"P2 discards {discarded['name']}"],
    )
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["life"] == life


@pytest.mark.parametrize(("weapon", "life"), [(True, 19), (False, 20)])
def test_steelblade_shunt_hurts_the_attacker_only_against_a_weapon(fabrary_cards, weapon, life):
    given, when = _defended("Steelblade Shunt (red)", [], ["P2 plays Steelblade Shunt (red)"], weapon=weapon)
    result = run_log(given, when, fabrary_cards)
    assert not _violations(result), result.violations
    assert result.state["P1"]["life"] == life


@pytest.mark.parametrize(
    "name",
    [
        "Torrent of Tempo",
        "Soulbead Strike",
        "Overload",
        "Light the Way",
        "Arc Ramp",
        "Emissary of Wind",
        "Flowshard Elemental",
        "Sun Kiss",
        "Alpha Rampage",
        "Tribute to Demolition",
        "Tribute to the Legions of Doom",
        "Ram Raider",
        "Bloodrush Bellow",
        "Savage Feast",
        "Snapback",
        "Strike Twice",
        "Rejuvenate",
        "Cindering Foresight",
        "Arcane Polarity",
        "Fertile Ground",
        "Bonebreaker Bellow",
        "Wind Chakra",
        "Moon Chakra",
        "Emeritus Scolding",
        "Waning Moon",
        "Misfire Dampener",
        "Templar Spellbane",
        "Soup Up",
        "Torque Tuned",
        "Ominous Respite",
        "Ominous Aggression",
        "To the Point",
        "Back for Seconds",
        "Glyph Power Spell",
        "Hammer of Havenhold",
        "Outed",
        "Exposed",
        "Rapid Fire",
        "Biting Blade",
        "Reckless Swing",
        "Steelblade Shunt",
    ],
)
def test_cards_with_these_templates_are_computed_in_full(fabrary_cards, name):
    parts = coverage(fabrary_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]
