"""A permanent's own "When this enters / leaves the arena / is destroyed" triggers (CR 6.6.1, 6.6.4),
the passes a judge leaves out before an action card over such a trigger, and keywords a card only
gives to another attack (issue 27, card texts as effects). Each replays a short log with a real card."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.cards import CardFacts
from rules_engine.game.effects import (
    MODELLED,
    coverage,
    decided_keywords,
    granted_by_computed_text,
    granted_to_others,
    move_trigger_effects,
)
from tests.rules_engine.game.replaying import messages as _kinds
from tests.rules_engine.game.replaying import run_log as _run


def _action(hand: list[Any], **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"life": 15, "resource_points": 0, "action_points": 1, "hand": hand, **p1},
        "P2": {"life": 20},
    }


def test_sigil_leaving_the_arena_as_the_action_phase_begins_draws_at_once(fabcube_cards):
    """Sigil of Brilliance is destroyed as P1's action phase begins; its leave trigger resolves at once
    like the destroy (CR 4.3.1), so the play after it is legal and P1 has drawn."""
    given = _action(["Snatch (red)"], deck=10, permanents=["Sigil of Brilliance"])
    given["phase"] = "start"
    result = _run(given, ["P1 plays Snatch targeting P2"], fabcube_cards)
    p1 = result.state["P1"]
    assert p1["graveyard"] == ["Sigil of Brilliance"]
    assert p1["hand_unknown"] == 1 and p1["deck"] == 9
    assert not _kinds(result, "violation") and not _kinds(result, "manual_effect")


def test_sigil_of_fyendal_gains_life_when_it_leaves(fabcube_cards):
    given = _action(["Snatch (red)"], permanents=["Sigil of Fyendal"])
    given["phase"] = "start"
    result = _run(given, ["P1 plays Snatch targeting P2"], fabcube_cards)
    assert result.state["P1"]["life"] == 16
    assert not _kinds(result, "manual_effect")


def test_loan_shark_enters_and_its_gold_trigger_resolves_before_the_next_action(fabcube_cards):
    """The enter trigger waits on the stack; the judge writes the next play without the passes."""
    result = _run(
        _action(["Loan Shark", "Snatch (red)"]),
        ["P1 plays Loan Shark", "all pass (Loan Shark resolves)", "P1 plays Snatch targeting P2's hero"],
        fabcube_cards,
    )
    names = [c["name"] for c in result.state["P1"]["permanents"]]
    assert names == ["Loan Shark", "Gold", "Gold"]
    assert [lay["card"] for lay in result.state["stack"]] == ["Snatch"]
    assert not _kinds(result, "violation")
    assert any("are implied" in m and "Loan Shark enters trigger" in m for m in _kinds(result, "note"))


def test_the_enter_trigger_resolving_said_in_words_is_the_same_state(fabcube_cards):
    said = _run(
        _action(["Loan Shark", "Snatch (red)"]),
        [
            "P1 plays Loan Shark",
            "all pass, Loan Shark resolves",
            "both pass and the Loan Shark trigger resolves",
            "P1 plays Snatch targeting P2's hero",
        ],
        fabcube_cards,
    )
    assert not _kinds(said, "violation"), said.findings
    assert [c["name"] for c in said.state["P1"]["permanents"]] == ["Loan Shark", "Gold", "Gold"]
    assert not any("are implied" in m for m in _kinds(said, "note"))


def test_an_action_while_a_card_still_waits_on_the_stack_is_still_illegal(fabcube_cards):
    """Only passes a judge left out are implied: a line that says the player kept priority keeps the
    rule for the card still on the stack (CR 8.1.1a, 1.10.3 reversal)."""
    given = _action(["Loan Shark", "Snatch (red)"])
    given["P2"]["hand"] = ["Sink Below (red)"]
    result = _run(
        given,
        ["P1 plays Loan Shark", "P1 keeps priority and plays Snatch targeting P2's hero"],
        fabcube_cards,
    )
    assert _kinds(result, "violation")
    assert [c["name"] for c in result.state["P1"]["permanents"]] == []


def test_move_trigger_sentences_are_computed_and_read_with_the_cards_own_name():
    facts = CardFacts(
        name="Test Shell",
        types=frozenset({"action"}),
        subtypes=frozenset({"aura", "non-attack"}),
        text="When Test Shell is destroyed, create a Vigor token.\nWhen this enters the arena, gain 1{h}.",
    )
    assert [e.kind for e in move_trigger_effects(facts, "destroyed")] == ["create_token"]
    assert [e.kind for e in move_trigger_effects(facts, "enters")] == ["gain_life"]
    assert move_trigger_effects(facts, "leaves") == ()
    assert all(p.status == MODELLED for p in coverage(facts))
    # an attack action card's "when this is destroyed" is not a permanent's trigger: still manual
    attack = CardFacts(
        name="Test Attack",
        types=frozenset({"action"}),
        subtypes=frozenset({"attack"}),
        power=3,
        text="When this is destroyed, create an Ash token.",
    )
    assert move_trigger_effects(attack, "destroyed") == ()


def test_a_trigger_whose_effect_is_not_read_stays_manual():
    facts = CardFacts(
        name="Test Aura",
        types=frozenset({"action"}),
        subtypes=frozenset({"aura"}),
        text="When this leaves the arena, name a card.",
    )
    assert move_trigger_effects(facts, "leaves") == ()
    assert [p.status for p in coverage(facts)] != [MODELLED]


def test_a_keyword_given_only_to_another_attack_is_not_the_cards_own():
    """Blade Flash's data lists go again, which its text gives to the targeted sword attack."""
    flash = CardFacts(
        name="Blade Flash",
        types=frozenset({"attack reaction"}),
        text="Target sword attack gains go again.",
        conditional=("go again",),
    )
    assert decided_keywords(flash) == ("go again",)
    assert all(p.status == MODELLED for p in coverage(flash))
    own = CardFacts(
        name="Test Ramp",
        types=frozenset({"action"}),
        subtypes=frozenset({"non-attack"}),
        text="You may destroy a Lightning Flow you control. If you do, this gets go again.",
        conditional=("go again",),
    )
    # its own go again is not one given to another attack; it is the engine's because the option
    # that gives it is computed (effects.granted_by_computed_text, test_card_conditions30)
    assert not granted_to_others(own, "go again")
    assert granted_by_computed_text(own, "go again")


# --- "Instant - Discard this: ..." activated from the hand (CR 5.2.1, 1.14.4) ------------------------


def _hand(*cards: str) -> dict[str, Any]:
    return _action(list(cards))


def test_agile_windup_discarded_for_its_ability_creates_an_agility_token_in_three_registers(fabcube_cards):
    for line in (
        "P1 activates Agile Windup",
        "P1 discards Agile Windup for its instant ability",
        "P1 uses Agile Windup from hand (discarding it)",
    ):
        result = _run(_hand("Agile Windup (red)"), [line, "all pass"], fabcube_cards)
        assert not _kinds(result, "violation"), (line, result.findings)
        assert [c["name"] for c in result.state["P1"]["permanents"]] == ["Agility"], line
        assert result.state["P1"]["graveyard"] == ["Agile Windup"], line
        assert result.state["P1"]["hand"] == [], line


def test_an_unknown_hand_card_named_by_the_log_pays_the_discard(fabcube_cards):
    given = _action([], hand_size=3)
    given["P1"]["life"] = 15
    result = _run(given, ["P1 activates Fruits of the Forest", "all pass"], fabcube_cards)
    assert result.state["P1"]["life"] == 17
    assert result.state["P1"]["hand_size"] == 2
    assert result.state["P1"]["graveyard"] == ["Fruits of the Forest"]


def test_tip_off_marks_the_hero_it_targets(fabcube_cards):
    result = _run(
        _hand("Tip-Off (red)"),
        ["P1 discards Tip-Off to use its ability, targeting P2", "all pass"],
        fabcube_cards,
    )
    assert result.state["P2"].get("marked") is True


def test_playing_the_card_normally_does_not_apply_its_hand_ability(fabcube_cards):
    given = _action(["Agile Windup (red)"], resource_points=3)
    result = _run(given, ["P1 plays Agile Windup targeting P2's hero", "all pass"], fabcube_cards)
    assert result.state["P1"]["permanents"] == []
    assert not any("Discard this" in m for m in _kinds(result, "manual_effect"))


def test_two_tokens_in_one_sentence_are_one_of_each():
    from rules_engine.game.effects import recognise

    found, unread = recognise("Create a Toughness and a Vigor token.")
    assert not unread
    assert [(e.kind, e.target) for e in found] == [("create_token", "Toughness"), ("create_token", "Vigor")]


# --- "{t} your hero" as an effect-cost (CR 8.5.55a, 1.14.4b) -----------------------------------------

_BOOTS = {
    "name": "Boots of Astral Sanctuary",
    "type": "equipment (legs)",
    "defense": 0,
    "text": "Instant - {t} your hero, destroy this: Prevent the next 1 damage that would be dealt to you this turn.",
}


def test_tapping_the_hero_pays_the_boots_and_a_second_tap_is_refused():
    given = _action([])
    given["P1"]["equipment"] = {"legs": dict(_BOOTS)}
    given["P1"]["hero"] = "Test Hero"
    result = _run(given, ["P1 activates Boots of Astral Sanctuary", "all pass"])
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P1"]["graveyard"] == ["Boots of Astral Sanctuary"]
    assert any(e["kind"] == "prevent_next" for e in result.state["effects"]), result.state["effects"]
    tapped = _action([], hero_tapped=True)
    tapped["P1"]["equipment"] = {"legs": dict(_BOOTS)}
    refused = _run(tapped, ["P1 activates Boots of Astral Sanctuary"])
    assert any("tapped" in m for m in _kinds(refused, "violation"))
    assert refused.state["P1"]["equipment"]["legs"]["name"] == "Boots of Astral Sanctuary"


# --- "When you pitch this, EFFECT" (CR 1.14.3, 6.6.1, 6.6.4) -----------------------------------------


def _pitching() -> dict[str, Any]:
    return _action(["Command and Conquer (red)", "Arknight Shard"], deck=5)


def test_arknight_shard_pitched_makes_a_runechant_trigger_above_the_attack(fabcube_cards):
    result = _run(
        _pitching(), ["P1 plays Command and Conquer targeting P2, pitching Arknight Shard"], fabcube_cards
    )
    assert [lay["card"] for lay in result.state["stack"]] == [
        "Command and Conquer",
        "Arknight Shard pitched trigger",
    ]


def test_the_pitch_trigger_resolves_before_the_defence_said_or_left_out(fabcube_cards):
    for lines in (
        ["P1 plays Command and Conquer targeting P2, pitching Arknight Shard", "P2 defends with nothing"],
        [
            "P1 atk w/ Command and Conquer pitch Arknight Shard",
            "all pass (Arknight Shard trigger resolves)",
            "no block",
        ],
        ["P1 swung Command and Conquer at P2, pitched Arknight Shard for it", "P2 didn't block"],
    ):
        result = _run(_pitching(), [*lines, "all pass through the damage step"], fabcube_cards)
        assert not _kinds(result, "violation"), (lines, result.findings)
        assert [c["name"] for c in result.state["P1"]["permanents"]] == ["Runechant"], lines
        assert result.state["P2"]["life"] == 14, lines


def test_a_pitch_trigger_the_engine_cannot_compute_is_a_manual_layer_above_the_card():
    """One place makes pitch triggers (zones.pitch_triggers): an effect not computed is still a layer
    above the card it paid for (CR 6.6.5a), reported for the judge as it resolves."""
    shard = {
        "name": "Test Shard",
        "type": "resource",
        "pitch": 1,
        "text": "When you pitch this, name a card.",
    }
    attack = {"name": "Attack A", "type": "attack action", "cost": 1, "pitch": 1, "power": 3, "defense": 2}
    result = _run(
        _action([attack, shard]), ["P1 plays Attack A targeting P2, pitching Test Shard", "all pass"]
    )
    assert [lay["card"] for lay in result.state["stack"]] == ["Attack A"]
    assert any("Test Shard pitched trigger" in m for m in _kinds(result, "manual_effect"))


def test_a_pitch_to_pay_an_option_makes_its_trigger_too(fabcube_cards):
    """Arknight Shard pitched to pay Brothers in Arms' option: its Runechant trigger (CR 1.14.3c)."""
    given = _action(["Snatch (red)"])
    given["P2"]["hand"] = ["Brothers in Arms (red)", "Arknight Shard"]
    result = _run(
        given,
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 defends with Brothers in Arms and pays 1, pitching Arknight Shard",
        ],
        fabcube_cards,
    )
    assert [lay["card"] for lay in result.state["stack"]] == ["Arknight Shard pitched trigger"]
    result = _run(
        given,
        [
            "P1 plays Snatch targeting P2's hero",
            "P2 defends with Brothers in Arms and pays 1, pitching Arknight Shard",
            "all pass",
        ],
        fabcube_cards,
    )
    assert [c["name"] for c in result.state["P2"]["permanents"]] == ["Runechant"]


def test_a_potions_activated_line_is_not_part_of_its_resolution_and_applies_when_activated(fabcube_cards):
    """Energy Potion resolves into the arena without its ability; destroying it for {r}{r} is the ability."""
    given = _action(["Energy Potion"], resource_points=1)
    result = _run(given, ["P1 plays Energy Potion", "all pass"], fabcube_cards)
    assert not _kinds(result, "manual_effect"), result.findings
    assert [c["name"] for c in result.state["P1"]["permanents"]] == ["Energy Potion"]
    before = result.state["P1"]["resource_points"]
    result = _run(
        given, ["P1 plays Energy Potion", "all pass", "P1 cracks Energy Potion", "all pass"], fabcube_cards
    )
    assert result.state["P1"]["resource_points"] == before + 2
    assert result.state["P1"]["graveyard"] == ["Energy Potion"]


def test_only_the_first_activated_ability_of_a_card_is_computed():
    facts = CardFacts(
        name="Test Relic",
        types=frozenset({"action"}),
        subtypes=frozenset({"item"}),
        text="Action - Destroy this: Gain {r}.\nInstant - {r}{r}, destroy this: Draw a card.",
    )
    states = [p.status for p in coverage(facts)]
    assert states[0] == MODELLED and states[1] != MODELLED


# --- Surge (CR 8.4.8) -------------------------------------------------------------------------------


def test_open_the_flood_gates_dealing_exactly_three_does_not_surge(fabcube_cards):
    given = _action(["Open the Flood Gates (red)"], resource_points=5, deck=10)
    result = _run(given, ["P1 plays Open the Flood Gates targeting P2", "all pass"], fabcube_cards)
    assert result.state["P2"]["life"] == 17
    assert result.state["P1"]["hand_unknown"] == 0
    assert any("surge does nothing" in m for m in _kinds(result, "note"))
    assert not _kinds(result, "manual_effect")


_BIG = {
    "name": "Test Torrent",
    "type": "non-attack action",
    "cost": 0,
    "pitch": 1,
    "text": "Deal 5 arcane damage to target hero.\nSurge - If this deals more than 3 damage, draw 2 cards and it gets go again.",
}


def test_more_damage_than_the_surge_number_applies_its_effect_and_go_again():
    given = _action([dict(_BIG)], deck=10, action_points=1)
    result = _run(given, ["P1 plays Test Torrent targeting P2", "all pass"])
    assert result.state["P2"]["life"] == 15
    assert result.state["P1"]["hand_unknown"] == 2 and result.state["P1"]["deck"] == 8
    assert result.state["P1"]["action_points"] == 1  # spent 1, regained by the surge's go again


def test_damage_prevented_below_the_surge_number_does_not_surge():
    given = _action([dict(_BIG)], deck=10, action_points=1)
    given["P2"]["resource_points"] = 2
    given["P2"]["equipment"] = {
        "head": {
            "name": "Test Barrier",
            "type": "equipment (head)",
            "defense": 0,
            "keywords": ["arcane barrier 2"],
        }
    }
    result = _run(
        given,
        [
            "P1 plays Test Torrent targeting P2",
            "all pass",
            "P2 applies Arcane Barrier 2, paying 2",
            "P2 says P2.life is 17",
        ],
    )
    assert result.state["P2"]["life"] == 17
    assert result.state["P1"]["hand_unknown"] == 0
    assert any("surge" in m for m in _kinds(result, "manual_effect")), result.findings


# --- "This counts as a Gold" -------------------------------------------------------------------------


def test_an_equipment_that_counts_as_a_gold_pays_a_destroy_a_gold_cost():
    given = _action([], deck=10)
    given["P1"]["equipment"] = {
        "head": {
            "name": "Test Galea",
            "type": "equipment (head)",
            "defense": 1,
            "text": "This counts as a Gold.",
        }
    }
    given["P1"]["permanents"] = [
        {"name": "Test Vault", "type": "item", "text": "Instant - Destroy a Gold you control: Draw a card."}
    ]
    result = _run(given, ["P1 activates Test Vault", "all pass"])
    assert not _kinds(result, "violation"), result.findings
    assert result.state["P1"]["graveyard"] == ["Test Galea"]
    assert result.state["P1"]["hand_unknown"] == 1
    from rules_engine.game.conditions import counts_as

    assert counts_as(CardFacts(name="Golden Gait", text="Golden Gait counts as a Gold.")) == ("gold",)
    plain = CardFacts(name="Test Boots", types=frozenset({"equipment"}), text="This counts as a Gold.")
    assert all(p.status == MODELLED for p in coverage(plain))


def test_frontline_equipment_gets_its_counter_as_its_controllers_end_phase_begins():
    helm = {
        "name": "Frontline Helm",
        "type": "equipment (head)",
        "defense": 2,
        "keywords": ["blade break"],
        "text": "At the beginning of your end phase, put a -1{d} counter on this.\nBlade Break",
    }
    given = _action([])
    given["P1"]["equipment"] = {"head": dict(helm)}
    given["P2"]["equipment"] = {"head": dict(helm)}
    result = _run(given, ["P1 passes", "P2 passes"])  # the action phase ends: P1's end phase begins
    assert result.state["P1"]["equipment"]["head"]["counters"] == ["-1{d}"], result.state["P1"]["equipment"]
    assert result.state["P2"]["equipment"]["head"]["counters"] == []  # only its controller's end phase


# --- "When the combat chain closes, if this didn't hit, the defending hero creates a X token" (CR 7.7) ---

_SWING = {
    "name": "Swing Big",
    "type": "attack action",
    "cost": 0,
    "pitch": 1,
    "power": 8,
    "defense": 2,
    "text": "When the combat chain closes, if this didn't hit, the defending hero creates a Quicken token.",
}


def test_swing_big_blocked_out_gives_the_defender_a_quicken_token_and_not_when_it_hits():
    given = _action([dict(_SWING)])
    given["P2"]["hand"] = [{"name": "Wall", "type": "block", "defense": 9}]
    blocked = _run(
        given,
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 defends with Wall",
            "all pass through the damage and resolution steps",
        ],
    )
    assert not _kinds(blocked, "violation"), blocked.findings
    assert [c["name"] for c in blocked.state["P2"]["permanents"]] == ["Quicken"]
    assert blocked.state["P1"]["permanents"] == []
    hit = _run(
        _action([dict(_SWING)]),
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 doesn't block",
            "all pass through the damage and resolution steps",
        ],
    )
    assert hit.state["P2"]["life"] == 12
    assert hit.state["P2"]["permanents"] == []


def test_blade_beckoner_gets_one_more_defense_against_a_weapon_attack_only():
    helm = {
        "name": "Blade Beckoner Helm",
        "type": "equipment (head)",
        "defense": 1,
        "text": "This gets +1{d} while defending a weapon attack.",
    }
    sword = {
        "name": "Sword W",
        "type": "weapon (sword, 2H)",
        "power": 4,
        "text": "Once per Turn Action - {r}: Attack",
    }
    given = _action([dict(_SWING)], resource_points=1, weapons=[sword])
    given["P2"]["equipment"] = {"head": dict(helm)}
    weapon = _run(
        given,
        [
            "P1 attacks with Sword W targeting P2",
            "P2 defends with Blade Beckoner Helm",
            "all pass through the damage step",
        ],
    )
    assert not _kinds(weapon, "violation"), weapon.findings
    assert weapon.state["P2"]["life"] == 20 - (4 - 2)
    card = _run(
        given,
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 defends with Blade Beckoner Helm",
            "all pass through the damage step",
        ],
    )
    assert card.state["P2"]["life"] == 20 - (8 - 1)


# --- "As an additional cost to play this, discard a random card" (CR 5.1.5, 1.14.4) ----------------


def _swing() -> dict[str, Any]:
    given = _action(["Savage Swing (red)"], resource_points=1, hand_size=4)
    return given


def test_the_random_discard_said_on_the_play_line_or_after_it_is_paid_once(fabcube_cards):
    for lines in (
        ["P1 plays Savage Swing targeting P2, discarding Bone Head Barrier"],
        ["P1 atk w/ Savage Swing, discarded Bone Head Barrier at random"],
        ["P1 plays Savage Swing targeting P2", "P1 discards Bone Head Barrier (random)"],
    ):
        result = _run(_swing(), [*lines, "P2 defends with nothing"], fabcube_cards)
        assert not _kinds(result, "violation"), (lines, result.findings)
        assert result.state["P1"]["hand_size"] == 2, lines
        assert result.state["P1"]["graveyard"] == ["Bone Head Barrier"], lines
        assert result.state["effects"] == [], lines


def test_a_random_discard_the_log_leaves_out_takes_an_unknown_card_as_the_attack_resolves(fabcube_cards):
    result = _run(_swing(), ["P1 plays Savage Swing targeting P2", "P2 defends with nothing"], fabcube_cards)
    assert result.state["P1"]["hand_size"] == 2
    assert any("at random" in m for m in _kinds(result, "note"))
    assert not _kinds(result, "manual_effect")


def test_with_only_known_cards_in_hand_the_judge_is_asked_which_was_discarded(fabcube_cards):
    given = _action(["Savage Swing (red)", "Snatch (red)"], resource_points=1)
    result = _run(given, ["P1 plays Savage Swing targeting P2", "P2 defends with nothing"], fabcube_cards)
    assert any("random card" in m for m in _kinds(result, "manual_effect"))
    assert result.state["P1"]["hand"] == ["Snatch"]


# --- Unity (CR 8.4.10) -------------------------------------------------------------------------------

_BASTION = {
    "name": "Helm of Unity",
    "type": "equipment (head)",
    "defense": 1,
    "text": "Unity - When this defends together with a card from hand, this gets +1{d} until end of turn.",
}


def test_unity_counts_only_when_declared_with_a_card_from_hand_and_ends_with_the_turn():
    given = _action([dict(_SWING)])
    given["P2"]["equipment"] = {"head": dict(_BASTION)}
    given["P2"]["hand"] = [{"name": "Wall", "type": "block", "defense": 2}]
    together = _run(
        given,
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 defends with Helm of Unity and Wall",
            "all pass through the damage step",
        ],
    )
    assert not _kinds(together, "violation"), together.findings
    assert together.state["P2"]["life"] == 20 - (8 - 1 - 1 - 2)
    assert not _kinds(together, "manual_effect")
    alone = _run(
        given,
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 defends with Helm of Unity",
            "all pass through the damage step",
        ],
    )
    assert alone.state["P2"]["life"] == 20 - (8 - 1)
    ended = _run(
        given,
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 defends with Helm of Unity and Wall",
            "all pass through the damage and resolution steps",
            "all pass",
            "P1 draws 4",
        ],
    )
    assert ended.state["turn"] == "P2", ended.findings
    assert ended.state["P2"]["equipment"]["head"]["defense"] == 1, ended.state["P2"]["equipment"]


# --- "Activate this only if you've been dealt damage this turn" (CR 5.2.1e) -------------------------

_HOOD = {
    "name": "Hood of Second Thoughts",
    "type": "equipment (head)",
    "defense": 1,
    "text": "Instant - Destroy this: Gain 1{h}.\nActivate this only if you've been dealt damage this turn.",
}


def test_an_activation_condition_read_by_the_grammar_is_checked_when_activated():
    given = _action([dict(_SWING)])
    given["P2"]["equipment"] = {"head": dict(_HOOD)}
    early = _run(given, ["P1 passes", "P2 activates Hood of Second Thoughts"])
    assert any("only if" in m for m in _kinds(early, "violation")), early.findings
    assert early.state["P2"]["equipment"]["head"]["name"] == "Hood of Second Thoughts"
    hit = _run(
        given,
        [
            "P1 plays Swing Big targeting P2's hero",
            "P2 doesn't block",
            "all pass through the damage step",
            "P1 passes",
            "P2 activates Hood of Second Thoughts",
            "all pass",
        ],
    )
    assert not _kinds(hit, "violation"), hit.findings
    assert hit.state["P2"]["life"] == 20 - 8 + 1
    facts = CardFacts(name="Hood of Second Thoughts", types=frozenset({"equipment"}), text=_HOOD["text"])
    assert all(p.status == MODELLED for p in coverage(facts))


@pytest.mark.parametrize(
    "told",
    [
        ["P2 takes 3", "P1 draws a card"],
        ["3 dmg, P1 draws"],
        ["P2 took the 3 and P1 drew off the hit"],
    ],
)
def test_a_draw_said_over_the_hit_trigger_that_draws_is_that_trigger(told):
    """ "P1 draws" while the hit trigger that draws waits on the stack: the passes that resolve it are
    implied and the line tells its draw, not a second one."""
    attack = {
        "name": "Attack D",
        "type": "attack action",
        "cost": 0,
        "pitch": 1,
        "power": 3,
        "defense": 2,
        "text": "If this hits, draw a card.",
    }
    given = _action([attack], deck=10)
    result = _run(
        given, ["P1 plays Attack D targeting P2's hero", "P2 defends with nothing", *told, "all pass"]
    )
    assert not _kinds(result, "violation") and not _kinds(result, "unreadable"), result.findings
    assert result.state["P1"]["deck"] == 9 and result.state["P1"]["hand_unknown"] == 1
    assert result.state["P2"]["life"] == 17
