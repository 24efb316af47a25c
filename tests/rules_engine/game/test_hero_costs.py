"""Hero abilities whose costs the engine pays (issue 27): chi costs (CR 1.14.2c), tapping the hero
(8.5.55, 1.14.4b), destroying a named permanent and banishing from the hero's soul (1.14.4, 3.11.5).
Each replays a short log with the real card and checks the derived state."""

from __future__ import annotations

from typing import Any

from rules_engine.game.effects import FLAGGED, MODELLED, activated_ability, coverage
from rules_engine.game.state import GameState
from tests.rules_engine.game.replaying import run_log as _run

AURORA = {
    "name": "Aurora, Emissary of Lightning",
    "type": "hero",
    "text": "Instant - {r}{r}, {t}, destroy a Lightning Flow you control: Create an Embodiment of Lightning token.",
}


def _violations(result: Any) -> list[str]:
    return [f.message for f in result.findings if f.kind == "violation"]


def _given(hero: Any, **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": hero, "action_points": 1, **p1},
        "P2": {"life": 20},
    }


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


def test_aurora_taps_destroys_the_flow_and_creates_an_embodiment(fabcube_cards):
    given = _given(AURORA, resource_points=2, permanents=["Lightning Flow"])
    result = _run(given, ["P1 activates Aurora", "P1 passes; P2 passes"], fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["permanents"]) == ["Embodiment of Lightning"]
    assert p1["resource_points"] == 0
    assert p1["hero_tapped"] is True


def test_a_tapped_hero_cannot_pay_a_tap_cost_again(fabcube_cards):
    given = _given(AURORA, resource_points=4, permanents=["Lightning Flow", "Lightning Flow"])
    lines = ["P1 activates Aurora", "P1 passes; P2 passes", "P1 activates Aurora"]
    result = _run(given, lines, fabcube_cards)
    assert any("is tapped" in m for m in _violations(result))
    assert _names(result.state["P1"]["permanents"]) == ["Lightning Flow", "Embodiment of Lightning"]


def test_the_hero_untaps_in_her_end_phase(fabcube_cards):
    given = _given(AURORA, resource_points=2, permanents=["Lightning Flow"])
    lines = ["P1 activates Aurora", "P1 passes; P2 passes", "all pass", "P1 draws 4"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["turn"] == "P2"  # the end phase is over
    assert result.state["P1"].get("hero_tapped", False) is False  # CR 4.4.3d
    saved = GameState()
    saved.p("P1").hero_tapped = True
    assert GameState.from_json(saved.to_json()).p("P1").hero_tapped is True  # kept in a saved state


def test_no_lightning_flow_means_no_activation(fabcube_cards):
    result = _run(_given(AURORA, resource_points=2), ["P1 activates Aurora"], fabcube_cards)
    assert any("none is in the arena" in m for m in _violations(result))
    assert result.state["P1"]["resource_points"] == 2  # the whole activation is reversed (CR 1.10.3)


def test_prism_banishes_a_card_from_her_soul(fabcube_cards):
    given = _given("Prism", resource_points=2, soul=["Herald of Judgment"])
    result = _run(given, ["P1 activates Prism", "P1 passes; P2 passes"], fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert _names(p1["permanents"]) == ["Spectral Shield"]
    assert _names(p1["banished"]) == ["Herald of Judgment"]


def test_prism_with_an_empty_soul_cannot_activate(fabcube_cards):
    result = _run(_given("Prism", resource_points=2, soul=[]), ["P1 activates Prism"], fabcube_cards)
    assert any("soul" in m for m in _violations(result))


def test_an_unknown_soul_is_taken_as_paid_with_a_note(fabcube_cards):
    result = _run(_given("Prism", resource_points=2), ["P1 activates Prism"], fabcube_cards)
    assert not _violations(result)
    assert any("does not give" in f.message for f in result.findings)


def test_a_card_moved_into_the_soul_pays_the_next_cost(fabcube_cards):
    given = _given("Prism", resource_points=2, soul=[], hand=["Herald of Judgment"])
    lines = ["adj: P1 moves Herald of Judgment from hand to soul", "P1 activates Prism"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["banished"]) == ["Herald of Judgment"]


def test_zen_chi_cost_needs_chi_points(fabcube_cards):
    result = _run(_given("Zen", resource_points=3), ["P1 activates Zen"], fabcube_cards)
    assert any("chi" in m for m in _violations(result))
    paid = _run(_given("Zen", chi_points=3, resource_points=1), ["P1 activates Zen"], fabcube_cards)
    assert not _violations(paid), paid.findings
    assert paid.state["P1"]["chi_points"] == 0
    assert paid.state["P1"]["resource_points"] == 1


def test_effect_costs_are_parsed_and_counted_computed():
    from rules_engine.game.cards import facts_from_mapping  # noqa: PLC0415 (test-local helper)

    aurora = facts_from_mapping(AURORA)
    ab = activated_ability(aurora)
    assert ab is not None
    assert (ab.resource_cost, ab.tap, ab.destroy_named, ab.other_cost) == (2, True, "lightning flow", "")
    assert [p.status for p in coverage(aurora)] == [MODELLED]
    prism = facts_from_mapping(
        {
            "name": "Prism",
            "type": "hero",
            "text": "Once per Turn Instant - {r}{r}, banish a card from Prism's soul: Create a Spectral Shield token.",
        }
    )
    ab = activated_ability(prism)
    assert ab is not None and ab.soul_cost == 1 and ab.once_per_turn
    assert [p.status for p in coverage(prism)] == [MODELLED]
    # "discard an instant" is paid by the log's discard line (zones.pay_discard_cost)
    oscilio = facts_from_mapping(
        {
            "name": "Oscilio",
            "type": "hero",
            "text": "Once per Turn Instant - Discard an instant: Draw a card.",
        }
    )
    ab = activated_ability(oscilio)
    assert ab is not None and (ab.discard_cost, ab.other_cost) == ("instant", "")
    assert [p.status for p in coverage(oscilio)] == [MODELLED]
    # banishing chosen cards of given colours from the graveyard is paid as the ability is activated
    # (heroes_more.pay_graveyard_banish, CR 1.14.4), so the ability is computed
    kassai = facts_from_mapping(
        {
            "name": "Kassai",
            "type": "hero",
            "text": "Once per Turn Action - Banish 2 red and 2 yellow cards from your graveyard: Draw a card.",
        }
    )
    assert [p.status for p in coverage(kassai)] == [MODELLED]
    ab = activated_ability(kassai)
    assert ab is not None and ab.graveyard_banish and ab.other_cost == ""
    # a cost the engine does not pay keeps the ability manual
    other = facts_from_mapping(
        {
            "name": "Other",
            "type": "hero",
            "text": "Once per Turn Action - Banish a card from your hand: Draw a card.",
        }
    )
    assert [p.status for p in coverage(other)] == [FLAGGED]


def test_a_weapon_with_a_tap_cost_attacks_once_until_it_untaps(fabcube_cards):
    claw = {"name": "Savage Claw", "type": "weapon", "power": 3, "text": "Action - {r}{r}, {t}: Attack"}
    given = _given("Kayo", action_points=2, resource_points=4, weapons=[claw])
    lines = [
        "P1 activates Savage Claw targeting P2's hero",
        "all pass to the Defend Step; P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
        "P1 activates Savage Claw targeting P2's hero",
    ]
    result = _run(given, lines, fabcube_cards)
    assert [f.action for f in result.findings if f.kind == "violation"] == [4]
    assert result.state["P2"]["life"] == 17


def test_dead_threads_taps_for_a_resource(fabcube_cards):
    # "Instant - {t}: Gain {r}. Activate this only if an ally has been put into your graveyard this turn."
    ally = {"name": "Fallen Ally", "types": ["ally"], "power": 1, "life": 1}
    given = _given("Kayo", equipment=["Dead Threads"], hand=[ally])
    died = "adj: P1 moves Fallen Ally from hand to graveyard"
    result = _run(given, [died, "P1 activates Dead Threads", "P1 passes; P2 passes"], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P1"]["resource_points"] == 1
    again = _run(
        given,
        [died, "P1 activates Dead Threads", "P1 passes; P2 passes", "P1 activates Dead Threads"],
        fabcube_cards,
    )
    assert any("is tapped" in m for m in _violations(again))
    alive = _run(given, ["P1 activates Dead Threads"], fabcube_cards)  # no ally went to the graveyard
    assert any("only if" in m for m in _violations(alive)), alive.findings


HALA = {
    "name": "Hala, Bladesaint of the Vow",
    "type": "hero",
    "text": "Action - {r}{r}{r}, {t}: Sharpen target sword you control. Go again",
}


def test_hala_sharpens_the_named_sword_and_the_counter_leaves_at_the_end_phase(fabcube_cards):
    dagger = {"name": "Dagger D", "type": "weapon", "subtypes": ["dagger", "1h"], "power": 1, "text": ""}
    given = _given(HALA, resource_points=3, weapons=[dagger, "Cintari Saber"])
    lines = ["P1 activates Hala targeting Cintari Saber", "P1 passes; P2 passes"]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    weapons = {w["name"]: w["counters"] for w in result.state["P1"]["weapons"]}
    assert weapons == {"Dagger D": [], "Cintari Saber": ["+1{p}"]}
    assert result.state["P1"]["action_points"] == 1  # the ability's go again
    ended = _run(given, [*lines, "all pass"], fabcube_cards)
    assert all(w["counters"] == [] for w in ended.state["P1"]["weapons"])  # CR 8.5.58


def test_hala_sharpens_only_a_sword(fabcube_cards):
    dagger = {"name": "Dagger D", "type": "weapon", "subtypes": ["dagger", "1h"], "power": 1, "text": ""}
    given = _given(HALA, resource_points=3, weapons=[dagger])
    result = _run(given, ["P1 activates Hala", "P1 passes; P2 passes"], fabcube_cards)
    assert [w["counters"] for w in result.state["P1"]["weapons"]] == [[]]
    assert any(f.kind == "manual_effect" and "sharpens" in f.message for f in result.findings)


# --- Azalea: arsenal to the bottom, the top card face up into the arsenal, an arrow gains dominate -----


def _azalea(deck_top: list[Any], arsenal: list[Any]) -> dict[str, Any]:
    return _given("Azalea", resource_points=1, arsenal=arsenal, deck_top=deck_top, deck=10)


def test_azalea_puts_the_known_top_arrow_face_up_with_dominate(fabcube_cards):
    given = _azalea(["Red in the Ledger (red)"], ["Sink Below (red)"])
    result = _run(given, ["P1 activates Azalea", "P1 passes; P2 passes"], fabcube_cards)
    assert not _violations(result), result.findings
    p1 = result.state["P1"]
    assert [(c["name"], c["face"]) for c in p1["arsenal"]] == [("Red in the Ledger", "up")]
    assert p1["deck_bottom"] == ["Sink Below"] and p1["deck"] == 10
    assert p1["action_points"] == 1  # the ability's go again
    defend = [
        "P1 plays Red in the Ledger from arsenal targeting P2's hero, paying 1 with floating resource points",
        "all pass to the Defend Step",
        "P2 declares Wounding Blow (red) and Wounding Blow (yellow) as defending cards",
    ]
    given["P2"] = {"life": 20, "hand": ["Wounding Blow (red)", "Wounding Blow (yellow)"]}
    blocked = _run(given, ["P1 activates Azalea", "P1 passes; P2 passes", *defend], fabcube_cards)
    assert [f.action for f in blocked.findings if f.kind == "violation"] == [5]  # dominate (CR 8.3.4)


def test_azalea_non_arrow_gets_no_dominate(fabcube_cards):
    given = _azalea(["Sink Below (blue)"], ["Sink Below (red)"])
    result = _run(given, ["P1 activates Azalea", "P1 passes; P2 passes"], fabcube_cards)
    assert [c["name"] for c in result.state["P1"]["arsenal"]] == ["Sink Below"]
    assert not any("dominate" in f.message for f in result.findings)


def test_azalea_unknown_top_card_is_asked_of_the_judge(fabcube_cards):
    given = _azalea([], ["Sink Below (red)"])
    result = _run(given, ["P1 activates Azalea", "P1 passes; P2 passes"], fabcube_cards)
    assert result.state["P1"]["arsenal"] == []
    assert any(f.kind == "manual_effect" and "top card" in f.message for f in result.findings)


def test_azalea_is_computed_in_full(fabcube_cards):
    assert {p.status for p in coverage(fabcube_cards.get("Azalea"))} == {MODELLED}


# --- Kassai, Cintari Sellsword: Copper tokens for the weapon attacks that hit (CR 4.4.2) -----------------

_SWORD_ATTACK = [
    "all pass to the Defend Step; P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


def _kassai_turn(second: bool) -> list[str]:
    lines = [
        "P1 activates Cintari Saber targeting P2's hero, paying 1 with floating resource points",
        *_SWORD_ATTACK,
    ]
    if second:
        lines += ["P1 activates Hot Streak targeting P2's hero", *_SWORD_ATTACK]
    return [*lines, "all pass (the action phase ends); End Phase begins"]


def test_kassai_creates_a_copper_token_per_weapon_hit(fabcube_cards):
    given = _given(
        "Kassai, Cintari Sellsword",
        action_points=2,
        resource_points=1,
        weapons=["Cintari Saber", "Hot Streak"],
    )
    result = _run(given, _kassai_turn(True), fabcube_cards)
    assert not _violations(result), result.findings
    assert _names(result.state["P1"]["permanents"]) == ["Copper", "Copper"]
    once = _run(given, _kassai_turn(False), fabcube_cards)
    assert _names(once.state["P1"]["permanents"]) == []  # one weapon attack is not "2 or more"


def test_kassai_end_phase_line_is_computed(fabcube_cards):
    assert {p.status for p in coverage(fabcube_cards.get("Kassai, Cintari Sellsword"))} == {MODELLED}


# --- Cards played this turn: Viserai, Briar, Aurora (GameState.played_this_turn) -------------------------

_NONATTACK = {
    "name": "Card N",
    "type": "Generic Action - Non-Attack",
    "cost": 0,
    "pitch": 1,
    "keywords": ["go again"],
}
_RUNE = {"name": "Rune R", "type": "Runeblade Action - Attack", "cost": 0, "pitch": 1, "power": 3}


def test_a_start_state_lists_the_cards_played_earlier_this_turn(fabcube_cards):
    from rules_engine.game.given import StateBuilder  # noqa: PLC0415 (only this test builds a state by hand)

    s = StateBuilder(fabcube_cards, "2.13.0").build(
        {"turn": "P1", "played_this_turn": ["P1: Lightning Press"], "P1": {"hero": "Aurora"}, "P2": {}}
    )
    assert s.played_this_turn == [["P1", "Lightning Press", "instant lightning red"]]


def test_viserai_runechant_needs_another_nonattack_card_first(fabcube_cards):
    given = _given("Viserai", hand=[_NONATTACK, _RUNE])
    lines = [
        "P1 plays Card N",
        "P1 passes; P2 passes",
        "P1 plays Rune R targeting P2's hero",
        "P1 passes; P2 passes",
    ]
    result = _run(given, lines, fabcube_cards)
    assert _names(result.state["P1"]["permanents"]) == ["Runechant"]
    first = _run(_given("Viserai", hand=[_RUNE]), ["P1 plays Rune R targeting P2's hero"], fabcube_cards)
    assert first.state["stack"] and len(first.state["stack"]) == 1  # the attack alone, no trigger


def test_briar_second_nonattack_card_makes_an_embodiment_of_lightning(fabcube_cards):
    second = dict(_NONATTACK, name="Card M")
    given = _given("Briar", hand=[_NONATTACK, second])
    one = _run(given, ["P1 plays Card N", "P1 passes; P2 passes"], fabcube_cards)
    assert _names(one.state["P1"]["permanents"]) == []
    lines = ["P1 plays Card N", "P1 passes; P2 passes", "P1 plays Card M", "P1 passes; P2 passes"]
    two = _run(given, lines, fabcube_cards)
    assert _names(two.state["P1"]["permanents"]) == ["Embodiment of Lightning"]


def test_aurora_needs_a_lightning_card_played_this_turn(fabcube_cards):
    denied = _run(_given("Aurora", resource_points=2), ["P1 activates Aurora"], fabcube_cards)
    assert any("Lightning card" in m for m in _violations(denied))
    given = dict(_given("Aurora", resource_points=2), played_this_turn=["P1: Lightning Press"])
    result = _run(given, ["P1 activates Aurora", "P1 passes; P2 passes"], fabcube_cards)
    assert not _violations(result) and not [f for f in result.findings if f.kind == "manual_effect"]
    assert _names(result.state["P1"]["permanents"]) == ["Embodiment of Lightning"]


def test_the_three_heroes_are_computed_in_full(fabcube_cards):
    for name in ("Viserai", "Briar", "Aurora"):
        assert {p.status for p in coverage(fabcube_cards.get(name))} == {MODELLED}, name


def test_an_equipments_activation_condition_is_checked_too(fabcube_cards):
    # Twinkle Toes: "Instant - Destroy this: Prevent the next 2 damage ... Activate this only if you've
    # played an instant card this turn."
    given = _given("Aurora", equipment=["Twinkle Toes"])
    denied = _run(given, ["P1 activates Twinkle Toes"], fabcube_cards)
    assert any("instant card" in m for m in _violations(denied))
    given["played_this_turn"] = ["P1: Lightning Press"]
    allowed = _run(given, ["P1 activates Twinkle Toes"], fabcube_cards)
    assert not _violations(allowed), allowed.findings


def test_the_cards_played_this_turn_are_forgotten_as_the_turn_ends(fabcube_cards):
    from rules_engine.game import actions as A  # noqa: PLC0415 (only this test drives the end phase)
    from rules_engine.game.context import Ctx  # noqa: PLC0415
    from rules_engine.game.end_phase import finish_end_phase  # noqa: PLC0415

    s = GameState()
    s.phase = "end"
    s.played_this_turn = [["P1", "Lightning Press", "instant lightning red"]]
    assert GameState.from_json(s.to_json()).played_this_turn == s.played_this_turn  # kept in a saved state
    finish_end_phase(s, Ctx(A.Entry(1, "P1 draws 4"), "2.13.0", [], lookup=fabcube_cards, warned=set()))
    assert s.turn_player == "P2" and s.played_this_turn == []
