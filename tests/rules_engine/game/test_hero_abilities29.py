"""Hero abilities of issue 27's fourth pass (branch heroes29), each replayed with the real hero from the
fabrary dump (``fabrary_cards``): Chane's token cost and his next Runeblade or Shadow action's go again,
Boltyn's target with power above its base and his bonus while defended by an attack action card. Each
told formally, tersely and conversationally, with a check that the rule still bites."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


@pytest.mark.parametrize("hero", ["Chane", "Chane, Bound by Shadow", "Boltyn", "Ser Boltyn, Breaker of Dawn"])
def test_the_heroes_of_this_pass_are_computed_in_full(fabrary_cards, hero):
    facts = fabrary_cards.get(hero)
    assert facts is not None
    assert [p.text for p in coverage(facts) if p.status != MODELLED] == []


def _chane(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Chane, Bound by Shadow", "action_points": 1, "resource_points": 0, "hand": hand},
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "first",
    ["P1 activates Chane, Bound by Shadow", "Chane activates", "P1 used Chane's ability"],
    ids=["formal", "terse", "conversational"],
)
def test_chane_creates_a_soul_shackle_and_his_next_runeblade_action_gains_go_again(fabrary_cards, first):
    """CR 1.14.4: creating the token is the ability's cost; CR 5.1.2a: the next Runeblade or Shadow
    action card played this turn gains go again (the ability's own go again, CR 8.3.5a, gives back
    the action point the activation spent)."""
    lines = [first, "P1 plays Consuming Volition (red), pitching Sink Below (yellow)"]
    r = run_log(
        _chane(["Consuming Volition (red)", "Sink Below (yellow)"]), lines, fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert _names(state["P1"]["permanents"]) == ["Soul Shackle"]
    assert [(x["card"], x["go_again"]) for x in state["stack"]] == [("Consuming Volition", True)]
    assert not any(e["kind"] == "next_action_go_again" for e in state["effects"])  # used by the play


def test_chane_the_go_again_waits_for_a_runeblade_or_shadow_action(fabrary_cards):
    """A Generic attack is not a Runeblade or Shadow action: the effect stays for the next one."""
    lines = ["P1 activates Chane", "P1 plays Brutal Assault (red), pitching Sink Below (blue)"]
    r = run_log(_chane(["Brutal Assault (red)", "Sink Below (blue)"]), lines, fabrary_cards, all_read=True)
    state = r.to_json()["state"]
    assert [e["kind"] for e in state["effects"]] == ["next_action_go_again"]


def test_chane_a_second_activation_is_refused_and_makes_no_second_token(fabrary_cards):
    """CR 5.2.1a: once per turn; the refused activation pays nothing, so no second Soul Shackle."""
    r = run_log(_chane([]), ["Chane activates", "P1 passes, P2 passes", "Chane activates"], fabrary_cards)
    assert any("once per turn" in m for m in messages(r, "violation"))
    assert _names(r.to_json()["state"]["P1"]["permanents"]) == ["Soul Shackle"]


def _boltyn(p2_hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Ser Boltyn, Breaker of Dawn",
            "action_points": 1,
            "resource_points": 0,
            "soul": ["Ray of Hope (yellow)"],
            "hand": ["Brutal Assault (red)", "Cracked Bauble (yellow)", "Lunging Press (blue)"],
        },
        "P2": {"life": 20, "hand": p2_hand},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Lunging Press (blue) targeting Brutal Assault",
            "P1 activates Boltyn, banishing Ray of Hope (yellow)",
        ],
        ["P1 Lunging Press on Brutal Assault", "Boltyn activates"],
        [
            "then P1 played Lunging Press (blue) on Brutal Assault",
            "P1 used Boltyn's ability to give it go again",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_boltyn_gives_go_again_to_an_attack_above_its_base_power(fabrary_cards, lines):
    """CR 1.8.5d, 5.2.2: the target must have {p} greater than its base as the ability is activated; the
    player's own Lunging Press on the stack is taken as resolved first (a note), the soul card is
    banished (CR 1.14.4) and the attack gets go again (the ability has none of its own)."""
    start = ["P1 plays Brutal Assault (red), pitching Cracked Bauble (yellow)", "P2 doesn't block"]
    r = run_log(_boltyn([]), start + lines + ["Brutal Assault hits for 7", "Resolution step"], fabrary_cards)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P2"]["life"] == 13
    assert state["P1"]["action_points"] == 1
    assert _names(state["P1"]["banished"]) == ["Ray of Hope"]


def test_boltyn_refuses_an_attack_at_its_base_power(fabrary_cards):
    """No bonus on the attack: no legal target, the activation is reversed and the soul kept."""
    lines = [
        "P1 plays Brutal Assault (red), pitching Cracked Bauble (yellow)",
        "P2 doesn't block",
        "Reaction step: P1 activates Boltyn, banishing Ray of Hope (yellow)",
    ]
    r = run_log(_boltyn([]), lines, fabrary_cards)
    assert any("greater than its base" in m for m in messages(r, "violation"))
    assert _names(r.to_json()["state"]["P1"]["soul"]) == ["Ray of Hope"]


def _charged(block: str, life: int) -> list[str]:
    return [
        "P1 plays Beaming Bravado (red), charging Banneret of Courage",
        f"P2 defends with {block}",
        f"Beaming Bravado deals {20 - life}",
    ]


@pytest.mark.parametrize(
    ("block", "life"),
    [("Brutal Assault (red)", 18), ("Ironrot Helm", 17)],
    ids=["attack action defends", "equipment defends"],
)
def test_boltyn_charged_attacks_get_power_while_defended_by_an_attack_action_card(fabrary_cards, block, life):
    """CR 6.1.3: both conditions, a charge this turn and an attack action card defending, are checked
    before damage: Beaming Bravado 3 + 1 (a yellow card charged) + 1 (Boltyn) against Brutal Assault's
    3 deals 2; against Ironrot Helm (1 defense) no bonus: 4 - 1 = 3."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Ser Boltyn, Breaker of Dawn",
            "action_points": 1,
            "hand": ["Beaming Bravado (red)", "Banneret of Courage"],
        },
        "P2": {"life": 20, "hand": [block]}
        if "Helm" not in block
        else {"life": 20, "equipment": {"head": block}},
    }
    r = run_log(given, _charged(block, life), fabrary_cards)
    assert not messages(r, "violation") and not messages(r, "observation_mismatch")
    assert r.to_json()["state"]["P2"]["life"] == life


@pytest.mark.parametrize("hero", ["Katsu", "Katsu, the Wanderer", "Zen", "Zen, Tamer of Purpose"])
def test_the_searching_heroes_are_computed_in_full(fabrary_cards, hero):
    facts = fabrary_cards.get(hero)
    assert facts is not None
    assert [p.text for p in coverage(facts) if p.status != MODELLED] == []


def _katsu(discard: str = "Rising Knee Thrust (red)") -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Katsu, the Wanderer",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Head Jab (red)", discard, "Head Jab (blue)"],
            "deck": 20,
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Head Jab (red). No block, P2 takes 3.",
            "Katsu triggers: P1 discards Rising Knee Thrust (red), searches out Open the Center (red) and banishes it face up",
            "Resolution step: P1 plays Open the Center (red) from banish, pitching Head Jab (blue)",
        ],
        [
            "P1 Head Jab, no block, 3 dmg",
            "P1 discards Rising Knee Thrust; P1 tutors Open the Center",
            "Res step: P1 plays Open the Center from banished, pitching Head Jab (blue)",
        ],
        [
            "P1 played Head Jab (red) and P2 didn't block, took 3",
            "Katsu trigger, P1 discards Rising Knee Thrust (red), then P1 searched their deck for Open the Center (red)",
            "in the resolution step P1 played Open the Center (red) from their banished zone, pitching Head Jab (blue)",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_katsu_discards_a_cost_zero_card_searches_for_a_combo_card_and_plays_it(fabrary_cards, lines):
    """CR 6.6: the first hit's trigger; its discard of a card with cost 0, then the search the log names
    (a card with combo, CR 8.4.1), banished face up and played from there this turn (CR 5.1.1)."""
    r = run_log(_katsu(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    p1 = state["P1"]
    assert _names(p1["graveyard"]) == ["Rising Knee Thrust"]
    assert p1["banished"] == [] and p1["deck"] == 19
    assert [x["card"] for x in state["stack"]] == ["Open the Center"]
    assert not any(e["kind"] in ("search_due", "play_from_banished") for e in state["effects"])


def test_katsu_the_discard_must_cost_zero(fabrary_cards):
    """CR 1.10.3: Surging Strike costs 2, so it cannot be the discard that lets Katsu search."""
    lines = [
        "P1 plays Head Jab (red). No block, P2 takes 3.",
        "Katsu triggers: P1 discards Surging Strike (red), searches out Open the Center (red)",
    ]
    r = run_log(_katsu("Surging Strike (red)"), lines, fabrary_cards)
    violations = messages(r, "violation")
    assert any("cost 0" in m for m in violations)
    assert r.to_json()["state"]["P1"]["deck"] == 20  # no search: the discard never let it happen


def test_katsu_the_searched_card_must_have_combo(fabrary_cards):
    """Surging Strike has no combo: the search cannot find it (CR 1.10.3)."""
    lines = [
        "P1 plays Head Jab (red). No block, P2 takes 3.",
        "Katsu triggers: P1 discards Rising Knee Thrust (red), searches out Surging Strike (red)",
    ]
    r = run_log(_katsu(), lines, fabrary_cards)
    assert any("combo" in m for m in messages(r, "violation"))
    assert r.to_json()["state"]["P1"]["banished"] == []


def test_a_search_with_no_ability_asking_for_it_is_refused(fabrary_cards):
    r = run_log(_katsu(), ["P1 searches their deck for Open the Center (red)"], fabrary_cards)
    assert any("search their deck" in m for m in messages(r, "violation"))
    assert r.to_json()["state"]["P1"]["deck"] == 20


def _zen() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Zen, Tamer of Purpose",
            "action_points": 1,
            "resource_points": 0,
            "chi_points": 3,
            "hand": [],
            "deck": 20,
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 activates Zen", "P1 passes, P2 passes", "P1 searches their deck for Open the Center (red)"],
        ["Zen activates", "all pass", "P1 tutors Open the Center"],
        [
            "P1 used Zen's ability",
            "P1 passes, P2 passes",
            "P1 searched out Open the Center (red) and banished it",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_zen_creates_a_crouching_tiger_and_searches_for_a_combo_card(fabrary_cards, lines):
    """CR 1.14.2c: {c}{c}{c} paid with chi; as the ability resolves (CR 5.3) the Crouching Tiger is
    created in hand and the card the log names is banished from the deck with a permission to play it."""
    r = run_log(_zen(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert _names(state["P1"]["hand"]) == ["Crouching Tiger"]
    assert _names(state["P1"]["banished"]) == ["Open the Center"]
    assert state["P1"]["deck"] == 19
    assert [e["kind"] for e in state["effects"]] == ["play_from_banished"]


@pytest.mark.parametrize("hero", ["Kano", "Kano, Dracai of Aether"])
def test_kano_is_computed_in_full(fabrary_cards, hero):
    facts = fabrary_cards.get(hero)
    assert facts is not None
    assert [p.text for p in coverage(facts) if p.status != MODELLED] == []


def _kano(top: str | None, hand: list[str]) -> dict[str, Any]:
    p1: dict[str, Any] = {
        "hero": "Kano, Dracai of Aether",
        "action_points": 1,
        "resource_points": 0,
        "hand": hand,
    }
    p1["deck"] = 20
    if top:
        p1["deck_top"] = [top]
    return {"turn": "P1", "phase": "action", "combat_chain": "closed", "P1": p1, "P2": {"life": 20}}


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 activates Kano, pitching Sink Below (blue)",
            "Top card is Aether Wildfire (red), a non-attack action; P1 banishes it",
            "P1 plays Aether Wildfire from banish targeting P2, pitching Fate Foreseen (yellow)",
        ],
        [
            "Kano activates, pitch Sink Below",
            "top card Aether Wildfire, P1 banishes it",
            "P1 plays Aether Wildfire (red) from banished targeting P2, pitching Fate Foreseen",
        ],
        [
            "P1 used Kano's ability, pitching Sink Below (blue)",
            "Kano looked at the top card, Aether Wildfire (red), and banished it to play it",
            "then P1 played Aether Wildfire from their banished zone targeting P2, pitching Fate Foreseen (yellow)",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_kano_banishes_a_non_attack_action_off_the_top_and_plays_it_as_an_instant(fabrary_cards, lines):
    """CR 5.3: the ability resolves (its passes implied); the card the log names is the top card (CR
    3.0.1), banished face up, and played from the banished zone with an instant's timing (CR 5.1.1)
    while Kano's own ability... the stack is not empty of actions: nothing forbids it."""
    r = run_log(
        _kano(None, ["Sink Below (blue)", "Fate Foreseen (yellow)"]), lines, fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["deck"] == 19 and state["P1"]["banished"] == []
    assert [x["card"] for x in state["stack"]] == ["Aether Wildfire"]
    assert state["P1"]["action_points"] == 1  # played as though it were an instant: no action point


def test_kano_cannot_banish_an_attack_action_card(fabrary_cards):
    """CR 1.10.3: Brutal Assault is an attack: the banish is reversed and the card stays on top."""
    lines = [
        "P1 uses Kano's ability, pitches Toughen Up (blue)",
        "Top card is Brutal Assault (red); P1 banishes it",
    ]
    r = run_log(_kano("Brutal Assault (red)", ["Toughen Up (blue)"]), lines, fabrary_cards)
    assert any("'non-attack' action card" in m for m in messages(r, "violation"))
    p1 = r.to_json()["state"]["P1"]
    assert p1["banished"] == [] and p1["deck"] == 20


def test_kano_the_named_card_must_be_the_known_top_card(fabrary_cards):
    lines = ["P1 activates Kano, pitching Toughen Up (blue)", "Top card is Aether Wildfire (red)"]
    r = run_log(_kano("Brutal Assault (red)", ["Toughen Up (blue)"]), lines, fabrary_cards)
    assert any("is not the top card" in m for m in messages(r, "violation"))


def test_a_card_banished_by_kano_is_not_an_instant_without_his_permission(fabrary_cards):
    """Without Kano's look, an action card in the banished zone keeps an action's timing: on the
    opponent's turn it is refused (CR 5.1.1)."""
    given = _kano(None, ["Fate Foreseen (yellow)"])
    given["turn"] = "P2"
    given["P1"]["banished"] = ["Aether Wildfire (red)"]
    lines = [
        "P2 passes",
        "P1 plays Aether Wildfire from banish targeting P2, pitching Fate Foreseen (yellow)",
    ]
    r = run_log(given, lines, fabrary_cards)
    assert messages(r, "violation")
    assert _names(r.to_json()["state"]["P1"]["banished"]) == ["Aether Wildfire"]


def _oscilio() -> dict[str, Any]:
    return {
        "turn": "P2",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Oscilio, Constella Intelligence",
            "hand": ["Sink Below (blue)", "Lightning Press (red)"],
            "deck_top": ["Fate Foreseen (red)"],
            "deck": 20,
        },
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "line",
    [
        "During P2's turn P1 activates Oscilio, discarding Lightning Press (red), and draws",
        "on P2's turn P1 activates Oscilio discarding Lightning Press and draws",
        "During P2's turn P1 used Oscilio's ability, discarding Lightning Press (red), then P1 drew",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_oscilio_on_the_opponents_turn_discards_an_instant_and_draws(fabrary_cards, line):
    """CR 1.11.4a: the turn-player's pass before the other player acts is implied; the discard the line
    names pays the cost (CR 1.14.4) and the draw told is the ability resolving, not a second draw."""
    r = run_log(_oscilio(), [line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert _names(state["P1"]["hand"]) == ["Sink Below", "Fate Foreseen"]
    assert _names(state["P1"]["graveyard"]) == ["Lightning Press"]
    assert state["P1"]["deck"] == 19 and state["stack"] == []


def test_oscilio_a_discard_that_is_no_instant_reverses_the_activation(fabrary_cards):
    """CR 5.1.5 (by way of 5.2.2), 1.14.4b: Sink Below is a defense reaction: the activation and its
    discard are reversed, and the once-per-turn ability is still unused."""
    lines = [
        "During P2's turn P1 activates Oscilio, discarding Sink Below (blue)",
        "P1 activates Oscilio, discarding Lightning Press (red)",
    ]
    r = run_log(_oscilio(), lines, fabrary_cards)
    violations = [v for v in r.violations if "5.1.5" in v["rules"]]
    assert [v["action"] for v in violations] == [1]
    assert _names(r.to_json()["state"]["P1"]["graveyard"]) == ["Lightning Press"]


def _fai() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Fai, Rising Rebellion",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Phoenix Flame (red)", "Sink Below (yellow)"],
            "graveyard": ["Phoenix Flame (red)"],
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "Resolution step: P1 activates Fai, pitching Sink Below (yellow), returning Phoenix Flame (red) to hand",
            "P1 plays the Phoenix Flame (red)",
        ],
        ["Res step: Fai activates, pitching Sink Below, returning Phoenix Flame", "P1 plays Phoenix Flame"],
        [
            "Resolution step: P1 used Fai's ability, pitching Sink Below (yellow), returning Phoenix Flame (red) to hand",
            "then P1 played the Phoenix Flame (red)",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_fai_returns_a_phoenix_flame_told_with_the_activation_and_it_is_replayed(fabrary_cards, lines):
    """CR 5.2.2: 'returning X to hand' says the ability's effect, which the engine applies as it resolves
    (its passes implied by the action card played next, CR 5.3); the cost is 1 less per Draconic chain
    link (one here), so one yellow card pays it."""
    start = ["P1 plays Phoenix Flame (red); P2 doesn't block, 0 damage"]
    r = run_log(_fai(), start + lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["graveyard"] == [] and state["P1"]["hand"] == []
    assert [x["card"] for x in state["stack"]] == ["Phoenix Flame"]
