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
    ],
)
def test_cards_with_these_templates_are_computed_in_full(fabrary_cards, name):
    parts = coverage(fabrary_cards.get(name))
    assert parts and all(p.status == MODELLED for p in parts), [p for p in parts if p.status != MODELLED]
