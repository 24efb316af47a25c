"""Optional effects and what depends on them, "You may X. If you do, Y" (CR 1.8.3, 1.8.4; issue 27):
the choice is read from the log's next line (a payment, a destruction, a discard), its outcome then
applies; a log that goes on without it has the option declined, and the judge is told. Each case
replays a short log with real cards, in the registers judges write."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.cards import CardFacts
from rules_engine.game.effects import MODELLED, coverage, recognise, split_sentences
from tests.rules_engine.game.replaying import messages as _kinds
from tests.rules_engine.game.replaying import run_log as _run


def _bad(result: Any) -> list[str]:
    return [
        f.message
        for f in result.findings
        if f.kind in ("violation", "unreadable", "observation_mismatch", "unknown_card", "manual_effect")
    ]


def _attacked(p2: dict[str, Any], p1_hand: list[str] | None = None) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"life": 20, "resource_points": 0, "action_points": 1, "hand": p1_hand or ["Snatch (red)"]},
        "P2": {"life": 20, **p2},
    }


BROTHERS = {"hand": ["Brothers in Arms (red)", "Sink Below (blue)"]}


@pytest.mark.parametrize(
    "defence",
    [
        ["P2 defends with Brothers in Arms", "all pass", "P2 pays 1, pitching Sink Below"],
        [
            "P2 defends with Brothers in Arms",
            "Brothers in Arms trigger resolves, P2 pays 1 by pitching Sink Below",
        ],
        ["P2 defends with Brothers in Arms and pays 1, pitching Sink Below"],
        ["P2 blocks w/ Brothers in Arms + pays 1 (pitch Sink Below)"],
        ["P2 blocks with Brothers in Arms; P2 pays {r} (pitch Sink Below)"],
        ["P2 blocked with Brothers in Arms and paid 1 for it, pitching Sink Below"],
        ["P2 blocked with Brothers in Arms and paid for the +2 with Sink Below"],
    ],
)
def test_brothers_in_arms_paid_for_defends_for_four(fabcube_cards, defence):
    """Brothers in Arms (2{d}): "When you defend with this, you may pay {r}. If you do, it gains
    +2{d}": paid, it stops all 4 of Snatch's damage, however the payment is written."""
    result = _run(
        _attacked(BROTHERS),
        ["P1 plays Snatch targeting P2's hero", *defence, "no reactions", "P2 takes 0"],
        fabcube_cards,
    )
    assert not _bad(result), _bad(result)
    assert result.state["P2"]["life"] == 20
    assert result.state["P2"]["pitch_zone"] == ["Sink Below"]
    assert not _kinds(result, "note") or not any("does not show" in m for m in _kinds(result, "note"))


@pytest.mark.parametrize(
    "rest",
    [
        ["all pass", "all pass", "all pass"],
        ["no reactions", "P2 takes 2"],
    ],
)
def test_an_option_the_log_never_shows_is_declined_and_the_judge_told(fabcube_cards, rest):
    result = _run(
        _attacked(BROTHERS),
        ["P1 plays Snatch targeting P2's hero", "P2 defends with Brothers in Arms", *rest],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 18
    assert result.state["P2"]["hand"] == ["Sink Below"]
    declined = [m for m in _kinds(result, "note") if "does not show P2 taking" in m]
    assert len(declined) == 1 and "Brothers in Arms" in declined[0] and "1.8.3a" in declined[0]
    assert not _kinds(result, "violation")


def test_a_payment_of_another_amount_is_not_the_option(fabcube_cards):
    """Paying 2 where the option costs {r}: no effect offers that payment (a violation, reversed)."""
    result = _run(
        _attacked({"hand": ["Brothers in Arms (red)", "Sink Below (blue)", "Sink Below (red)"]}),
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 defends with Brothers in Arms",
            "all pass",
            "P2 pays 2, pitching Sink Below (blue)",
        ],
        fabcube_cards,
    )
    assert _kinds(result, "violation")
    assert result.state["P2"]["pitch_zone"] == []


@pytest.mark.parametrize(
    "taken",
    [
        ["all pass", "P2 destroys Hyper Driver"],
        ["P2 destroys Hyper Driver for the galvanize"],
        ["all pass, P2 destroys their Hyper Driver"],
    ],
)
def test_galvanize_destroys_an_item_for_two_defense(fabcube_cards, taken):
    """Infuse Alloy (2{d}) defends Snatch (4): destroying the item P2 controls makes it 4{d}."""
    result = _run(
        _attacked({"hand": ["Infuse Alloy (red)"], "permanents": ["Hyper Driver"]}),
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 defends with Infuse Alloy",
            *taken,
            "all pass",
            "all pass",
        ],
        fabcube_cards,
    )
    assert not _bad(result), _bad(result)
    assert result.state["P2"]["life"] == 20
    assert [c["name"] for c in result.state["P2"]["permanents"]] == []
    assert not any("judge adjustment" in m for m in _kinds(result, "note"))


def test_galvanize_without_an_item_destroyed_keeps_its_printed_defense(fabcube_cards):
    result = _run(
        _attacked({"hand": ["Infuse Alloy (red)"], "permanents": ["Hyper Driver"]}),
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 defends with Infuse Alloy",
            "all pass",
            "all pass",
            "all pass",
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 18
    assert [c["name"] for c in result.state["P2"]["permanents"]] == ["Hyper Driver"]


def test_teeth_of_the_cog_creates_a_golden_cog_when_the_item_goes(fabcube_cards):
    result = _run(
        _attacked({"hand": ["Teeth of the Cog (red)"], "permanents": ["Hyper Driver"]}),
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 defends with Teeth of the Cog",
            "all pass",
            "P2 destroys Hyper Driver",
        ],
        fabcube_cards,
    )
    assert not _bad(result), _bad(result)
    assert [c["name"] for c in result.state["P2"]["permanents"]] == ["Golden Cog"]


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 plays Trade In targeting P2's hero", "all pass", "all pass", "P1 discards Sink Below"],
        ["P1 plays Trade In at P2", "all pass", "the Trade In trigger resolves, P1 discards Sink Below"],
        ["P1 attacks with Trade In", "pass pass", "P1 discards Sink Below"],
        ["P1 atk w/ Trade In", "P1 discards Sink Below to draw (Trade In trigger)"],
        ["P1 attacks with Trade In and discards Sink Below for the trigger, draws"],
        ["P1 attacks with Trade In", "P1 discards Sink Below for the Trade In trigger and draws 1"],
    ],
)
def test_trade_in_discards_to_draw(fabcube_cards, lines):
    """Trade In: "When this attacks, you may discard a card. If you do, draw a card."."""
    given = _attacked({}, ["Trade In (red)", "Sink Below (blue)"])
    given["P1"]["deck"] = 10
    result = _run(given, lines, fabcube_cards)
    assert not _bad(result), _bad(result)
    p1 = result.state["P1"]
    assert p1["graveyard"] == ["Sink Below"]
    assert p1["deck"] == 9 and p1["hand_unknown"] == 1


def test_golden_tipple_takes_only_a_yellow_discard(fabcube_cards):
    """ "You may discard a yellow card. If you do, draw a card and create a Gold token": a red card
    discarded is not the option (it lapses, with a note); a yellow one is."""
    given = _attacked({}, ["Golden Tipple (red)", "Sink Below (red)", "Sink Below (yellow)"])
    given["P1"]["resource_points"] = 1
    given["P1"]["deck"] = 10
    start = ["P1 plays Golden Tipple targeting P2's hero", "all pass", "all pass"]
    red = _run(given, [*start, "P1 discards Sink Below (red)"], fabcube_cards)
    assert red.state["P1"]["deck"] == 10
    assert [c["name"] for c in red.state["P1"]["permanents"]] == []
    yellow = _run(given, [*start, "P1 discards Sink Below (yellow)"], fabcube_cards)
    assert not _bad(yellow), _bad(yellow)
    assert yellow.state["P1"]["deck"] == 9
    assert [c["name"] for c in yellow.state["P1"]["permanents"]] == ["Gold"]


def test_a_resolved_cards_go_again_is_its_action_point_when_the_option_is_taken():
    """A non-attack action whose option gives it go again: taken after it resolved, the go again is
    the action point it gives (CR 8.3.5); not taken, the player has none."""
    card = {
        "name": "Test Spark",
        "type": "action",
        "cost": 0,
        "pitch": 1,
        "text": "You may destroy an aura you control. If you do, this gets go again.",
    }
    given = _attacked({}, [card])
    given["P1"]["permanents"] = ["Runechant"]
    taken = _run(given, ["P1 plays Test Spark", "all pass", "P1 destroys Runechant"])
    assert taken.state["P1"]["action_points"] == 1
    assert not _kinds(taken, "violation")
    left = _run(given, ["P1 plays Test Spark", "all pass", "P1 passes"])
    assert left.state["P1"]["action_points"] == 0
    assert [c["name"] for c in left.state["P1"]["permanents"]] == ["Runechant"]


def test_the_two_sentences_are_one_choice_and_count_as_computed():
    assert split_sentences("When this defends, you may pay {r}. If you do, it gets +1{d}. Temper") == [
        "When this defends, you may pay {r}. If you do, it gets +1{d}",
        "Temper",
    ]
    # "If you do" after a cost that is not optional stays its own sentence (Azalea's, CR 1.8.4)
    assert (
        len(
            split_sentences(
                "Put a card from your arsenal on the bottom of your deck. If you do, draw a card."
            )
        )
        == 2
    )
    ram = CardFacts(
        name="Test Ram",
        types=frozenset({"equipment"}),
        subtypes=frozenset({"arms"}),
        defense=1,
        text="When this defends, you may pay {r}. If you do, it gets +1{d} until end of turn.",
    )
    assert [p.status for p in coverage(ram)] == [MODELLED]
    effects, unknown = recognise(
        "You may discard a yellow card. If you do, draw a card and create a Gold token."
    )
    assert not unknown and [e.kind for e in effects] == ["choice"]


def test_an_option_the_engine_cannot_see_stays_manual():
    """Banishing from the graveyard is not an option the engine reads: the choice is the judge's."""
    effects, unknown = recognise("You may banish a card from your graveyard. If you do, draw a card.")
    assert unknown and not effects
    spell = CardFacts(
        name="Test Spell",
        types=frozenset({"action"}),
        subtypes=frozenset({"non-attack"}),
        text="You may pay {r}{r}. If you do, this gets +2{d}.",
    )
    # the card's own +2{d} means something only where it defends: not computed on a non-defending card
    assert [p.status for p in coverage(spell)] != [MODELLED]


def test_a_discard_said_on_the_play_line_that_no_cost_asks_for_is_reported_not_dropped(fabcube_cards):
    given = _attacked({}, ["Trade In (red)", "Sink Below (blue)"])
    given["P1"]["deck"] = 10
    result = _run(given, ["P1 attacks with Trade In, discarding Sink Below to draw"], fabcube_cards)
    said = _kinds(result, "ambiguity")
    assert len(said) == 1 and "Sink Below" in said[0] and "no discard as a cost" in said[0]
    assert result.state["P1"]["deck"] == 10


SINK = {"hand": ["Sink Below (red)", "Pummel (red)"], "deck": 10}


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Snatch targeting P2's hero",
            "all pass",
            "P2 defends with nothing",
            "P2 plays Sink Below",
            "all pass",
            "P2 puts Pummel on the bottom of their deck",
        ],
        ["P1 plays Snatch targeting P2's hero", "P2 no block", "P2 Sink Below, bottoms Pummel, draws"],
        ["P1 atk w/ Snatch", "no block", "P2 plays Sink Below and puts Pummel on the bottom, drawing a card"],
        ["P1 swung Snatch at P2", "P2 didn't block", "P2 played Sink Below, cycled Pummel and drew"],
    ],
)
def test_sink_below_puts_a_card_on_the_bottom_to_draw(fabcube_cards, lines):
    """Sink Below: "You may put a card from your hand on the bottom of your deck. If you do, draw a
    card": the card goes to the bottom and one card is drawn, however the judge writes it."""
    result = _run(_attacked(SINK), [*lines, "P2 takes 0"], fabcube_cards)
    assert not _bad(result), _bad(result)
    p2 = result.state["P2"]
    assert p2["hand"] == [] and p2["hand_unknown"] == 1 and p2["deck"] == 10
    assert p2["life"] == 20


def test_sink_below_without_the_option_keeps_the_hand_and_says_so(fabcube_cards):
    result = _run(
        _attacked(SINK),
        ["P1 plays Snatch targeting P2's hero", "P2 no block", "P2 plays Sink Below", "all pass", "all pass"],
        fabcube_cards,
    )
    assert result.state["P2"]["hand"] == ["Pummel"] and result.state["P2"]["deck"] == 10
    declined = [m for m in _kinds(result, "note") if "does not show P2 taking" in m]
    assert len(declined) == 1 and "on the bottom of their deck" in declined[0]


def test_a_card_put_on_the_bottom_must_come_from_the_zone_the_option_names(fabcube_cards):
    """Sink Below takes a card from the hand: a card the hand does not hold cannot be put there."""
    result = _run(
        _attacked(SINK),
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 no block",
            "P2 plays Sink Below",
            "all pass",
            "P2 puts Snatch on the bottom of their deck",
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["hand"] == ["Pummel"]
    assert _kinds(result, "cannot_apply") or _kinds(result, "violation")
