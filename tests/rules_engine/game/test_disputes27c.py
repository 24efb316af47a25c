"""Real-card replays for what the disputes-27c batch needed (scenarios/disputes-27c.yaml): weapons named
as judges name them, a weapon's delayed "destroy this when the combat chain closes" cost, the zones a
card is played from said in table words, a random additional-cost discard named, a defender's instant
right after the defence, the marked condition said in passing, and Cindra's daggers named on her
activation. Each told formally, tersely and conversationally, with a check that the rule still bites."""

from __future__ import annotations

from typing import Any

import pytest

from .replaying import messages, run_log


def _cindra(**p1: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "hero": "Cindra, Dracai of Retribution",
        "weapons": ["Kunai of Retribution"],
        "action_points": 1,
        "resource_points": 0,
        "hand": ["Toughen Up (blue)"],
    }
    base.update(p1)
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": base,
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 attacks with Kunai of Retribution targeting P2's hero, pitching Toughen Up (blue)",
            "P2 declares no defending cards",
            "all pass through the Reaction, Damage and Resolution Steps",
            "all pass",
        ],
        [
            "P1 swings the Kunai, pitch Toughen Up (blue)",
            "P2 no block, Kunai hits for 1",
            "all pass, chain closes",
        ],
        [
            "P1 went in with a Kunai, paying with Toughen Up (blue)",
            "P2 didn't block and took 1",
            "everyone passed and the chain closed",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_weapon_named_by_part_of_its_name_and_destroyed_when_the_chain_closes(fabrary_cards, lines):
    """CR 5.2 (a weapon's attack ability), 1.14.4 and 6.3: "the Kunai" / "a Kunai" is the Kunai of
    Retribution P1 controls; its cost "destroy this when the combat chain closes" keeps it in its zone
    while it attacks and destroys it as the chain closes."""
    during = run_log(_cindra(), lines[:1], fabrary_cards, all_read=True)
    assert not messages(during, "violation")
    assert [w["name"] for w in during.to_json()["state"]["P1"]["weapons"]] == ["Kunai of Retribution"]
    r = run_log(_cindra(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["weapons"] == []
    assert state["P1"]["graveyard"] == ["Kunai of Retribution"]
    assert state["P2"]["life"] == 19


def test_a_weapon_named_in_part_still_attacks_once_per_turn(fabrary_cards):
    """CR 5.2.1a: the Kunai's attack is Once per Turn, however it is named."""
    r = run_log(
        _cindra(action_points=2, resource_points=2),
        ["P1 swings the Kunai", "P2 no block, Kunai hits for 1", "res step, P1 swings the Kunai again"],
        fabrary_cards,
    )
    assert any("once per turn" in m for m in messages(r, "violation"))


def _kassai() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Kassai of the Golden Sand",
            "weapons": ["Cintari Saber", "Cintari Saber"],
            "action_points": 3,
            "resource_points": 3,
            "hand": [],
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 attacks with Cintari Saber targeting P2's hero",
            "P2 declares no defending cards",
            "all pass through the Reaction, Damage and Resolution Steps",
            "P1 attacks with Cintari Saber targeting P2's hero",
            "P2 declares no defending cards",
            "all pass through the Reaction and Damage Steps",
        ],
        ["P1 swings a Saber", "P2 no block, 2", "res step, P1 swings the other Saber", "no block, 2"],
        [
            "P1 went in with one of the Sabers",
            "P2 didn't block and took 2",
            "then P1 swung the second Saber",
            "P2 took 2 more",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_two_weapons_of_one_name_each_attack_once(fabrary_cards, lines):
    """CR 5.2.1a counts an ability's activations per object: the second Cintari Saber may attack after
    the first did."""
    r = run_log(_kassai(), lines, fabrary_cards)
    assert not messages(r, "violation")
    assert r.to_json()["state"]["P2"]["life"] == 16


def test_a_third_swing_of_two_weapons_is_still_flagged(fabrary_cards):
    """CR 5.2.1a: with both Sabers used this turn, another Saber attack is over the limit."""
    r = run_log(
        _kassai(),
        [
            "P1 swings a Saber",
            "P2 no block, 2",
            "res step, P1 swings the other Saber",
            "no block, 2",
            "res step, P1 swings a Saber",
        ],
        fabrary_cards,
    )
    assert any("once per turn" in m for m in messages(r, "violation"))


def _vynnset(card: str) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Vynnset, Iron Maiden",
            "action_points": 1,
            "resource_points": 0,
            "banished": [card],
            "hand": ["Toughen Up (blue)"],
        },
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Howl from Beyond (red) from banished, pitching Toughen Up (blue)",
        "P1 Howl from Beyond (red) from banish, pitch Toughen Up (blue)",
        "P1 played Howl from Beyond out of the banished zone, paying with Toughen Up (blue)",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_card_played_from_banish_said_in_table_words(fabrary_cards, line):
    """CR 5.1.1a: Howl from Beyond may be played from the banished zone ("from banish", "out of the
    banished zone"), and its name's own "from" is not taken for the zone."""
    r = run_log(_vynnset("Howl from Beyond (red)"), [line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["banished"] == []
    # Vynnset's "whenever you play a Shadow non-attack action card" trigger waits above it (CR 6.6)
    assert [layer["card"] for layer in state["stack"]] == ["Howl from Beyond", "Vynnset, Iron Maiden trigger"]


def test_a_card_no_effect_lets_be_played_from_banish_is_flagged(fabrary_cards):
    """CR 5.1.1a: Snatch has no permission to be played from the banished zone."""
    r = run_log(
        _vynnset("Snatch (red)"), ["P1 Snatch (red) from banish, pitch Toughen Up (blue)"], fabrary_cards
    )
    assert messages(r, "violation")


def _kayo() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Kayo, Armed and Dangerous",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Breakneck Battery (red)", "Flex Speed (red)", "Toughen Up (blue)"],
        },
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Breakneck Battery (red), pitching Toughen Up (blue), discarding Flex Speed (red) at random",
        "P1 Breakneck Battery (red), pitch Toughen Up (blue), random discard Flex Speed (red)",
        "P1 played Breakneck Battery, pitched Toughen Up, and the random discard was Flex Speed (red)",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_the_random_additional_cost_discard_named(fabrary_cards, line):
    """CR 5.1.3b, 1.14.4: Breakneck Battery's additional cost discards a random card; the line names
    it, so it goes to the graveyard and is not read as another pitched card."""
    r = run_log(_kayo(), [line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["graveyard"] == ["Flex Speed"]
    assert state["P1"]["pitch_zone"] == ["Toughen Up"]
    assert state["P1"]["hand"] == []


def _oscilio() -> dict[str, Any]:
    return {
        "turn": "P2",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Oscilio, Constella Intelligence",
            "life": 36,
            "hand": ["Cosmic Suture (red)", "Toughen Up (blue)"],
        },
        "P2": {
            "life": 20,
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Snatch (red)", "Lunging Press (blue)"],
        },
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P2 plays Snatch (red) targeting P1's hero",
            "P1 declares no defending cards",
            "P1 plays Cosmic Suture (red), pitching Toughen Up (blue)",
        ],
        ["P2 Snatch (red) @P1", "P1 no block", "P1 Cosmic Suture (red) pitch Toughen Up (blue)"],
        [
            "P2 swings Snatch (red) at P1",
            "P1 doesn't block",
            "then P1 fires off Cosmic Suture (red), paying with Toughen Up (blue)",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_defenders_instant_right_after_the_defence_implies_the_turn_players_pass(fabrary_cards, lines):
    """CR 7.3.3, 1.11.4: after the defence the turn-player has priority and nobody has acted; the
    defender's instant told next means the turn-player passed (noted)."""
    r = run_log(_oscilio(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert any("pass before P1 acts is implied" in m for m in messages(r, "note"))
    assert [layer["card"] for layer in r.to_json()["state"]["stack"]] == ["Cosmic Suture"]


def test_an_instant_after_the_turn_players_reaction_still_needs_priority(fabrary_cards):
    """CR 1.11.5: once the turn-player has played a reaction, they hold priority; the defender acting
    then without the pass is still flagged."""
    r = run_log(
        _oscilio(),
        [
            "P2 Snatch (red) @P1",
            "P1 no block",
            "P2 passes",
            "P1 passes",
            "P2 plays Lunging Press (blue) targeting Snatch",
            "P1 Cosmic Suture (red) pitch Toughen Up (blue)",
        ],
        fabrary_cards,
    )
    assert any("without priority" in m for m in messages(r, "violation"))


@pytest.mark.parametrize(
    "claim",
    ["P2 is marked", "P2 gets marked", "P2 is marked now"],
    ids=["formal", "terse", "conversational"],
)
def test_the_marked_condition_said_in_passing_is_checked(fabrary_cards, claim):
    """CR 9.3: "P2 gets marked" is a claim about the marked condition, checked against the state."""
    given = _cindra()
    given["P2"]["marked"] = True
    held = run_log(given, [claim], fabrary_cards, all_read=True)
    assert not messages(held, "observation_mismatch")
    given["P2"]["marked"] = False
    wrong = run_log(given, [claim], fabrary_cards, all_read=True)
    assert any("marked" in m for m in messages(wrong, "observation_mismatch"))


@pytest.mark.parametrize(
    "line",
    [
        "P1 activates Cindra, pitching Toughen Up (blue), equipping Kunai of Retribution and Kunai of Retribution",
        "P1 Cindra ability, pitch Toughen Up (blue), equips both Kunai from the yard",
        "P1 used Cindra, pitched Toughen Up (blue) and equipped the two Kunai from the graveyard",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_cindras_daggers_named_on_the_activation(fabrary_cards, line):
    """CR 8.5.41: Cindra's ability equips the daggers the activation line names from the graveyard."""
    given = _cindra(weapons=[], graveyard=["Kunai of Retribution", "Kunai of Retribution"])
    r = run_log(given, [line, "all pass"], fabrary_cards)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert [w["name"] for w in state["P1"]["weapons"]] == ["Kunai of Retribution", "Kunai of Retribution"]
    assert state["P1"]["graveyard"] == []


def test_cindra_cannot_equip_a_card_that_is_no_draconic_dagger(fabrary_cards):
    """CR 8.5.41 with Cindra's text: only Draconic daggers from the graveyard."""
    given = _cindra(weapons=[], graveyard=["Snatch (red)"])
    r = run_log(
        given,
        ["P1 activates Cindra, pitching Toughen Up (blue), equipping Snatch (red)", "all pass"],
        fabrary_cards,
    )
    assert messages(r, "violation")


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Put 'Em In Their Place (red) targeting P2's hero, pitching Toughen Up (blue) and Toughen Up (blue)",
        "P1 Put 'Em In Their Place (red), pitching both Toughen Ups",
        "P1 slammed Put 'Em In Their Place, pitched the two Toughen Ups",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_two_copies_pitched_said_as_both(fabrary_cards, line):
    """CR 1.14.2: both copies are pitched for the cost of 6."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Valda, Seismic Impact",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Put 'Em In Their Place (red)", "Toughen Up (blue)", "Toughen Up (blue)"],
        },
        "P2": {"life": 20},
    }
    r = run_log(given, [line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert r.to_json()["state"]["P1"]["pitch_zone"] == ["Toughen Up", "Toughen Up"]


def _kayo_hand(*cards: str) -> dict[str, Any]:
    given = _kayo()
    given["P1"]["hand"] = list(cards)
    return given


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Breakneck Battery (red) targeting P2's hero, pitching Toughen Up (blue), discarding Flex Speed (red) at random",
            "P2 declares no defending cards",
            "all pass through the Reaction, Damage and Resolution Steps",
        ],
        [
            "P1 Breakneck Battery (red), pitch Toughen Up (blue), random discard Flex Speed (red)",
            "P2 no block, 6",
            "all pass",
        ],
        [
            "P1 played Breakneck Battery, pitched Toughen Up, and the random discard was Flex Speed (red)",
            "P2 didn't block and took 6",
            "we went to the resolution step",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_kayos_bonus_counts_for_the_discarded_card_of_an_additional_cost(fabrary_cards, lines):
    """Breakneck Battery: "If the discarded card has 6 or more {p}, this gains go again" (CR 5.1.3b,
    6.1.3); Kayo's +1{p} outside the combat chain makes Flex Speed (5) a 6, so go again gives the
    action point (CR 7.6.2) and Kayo's first 6+ discard makes a Might token."""
    r = run_log(_kayo(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["action_points"] == 1
    assert [p["name"] for p in state["P1"]["permanents"]] == ["Might"]


def test_a_discarded_card_below_six_with_kayos_bonus_gives_no_go_again(fabrary_cards):
    """Bare Fangs (blue) has 4{p}, 5 with Kayo: Breakneck Battery gets no go again (CR 6.1.3)."""
    r = run_log(
        _kayo_hand("Breakneck Battery (red)", "Bare Fangs (blue)", "Toughen Up (blue)"),
        [
            "P1 Breakneck Battery (red), pitch Toughen Up (blue), random discard Bare Fangs (blue)",
            "P2 no block, 6",
            "all pass",
        ],
        fabrary_cards,
    )
    state = r.to_json()["state"]
    assert state["P1"]["action_points"] == 0
    assert state["P1"]["permanents"] == []


@pytest.mark.parametrize(
    ("pitched", "action_points"),
    [("Bare Fangs (yellow)", 1), ("Bare Fangs (blue)", 0)],
    ids=["five-plus-one-is-six", "four-plus-one-is-five"],
)
def test_kayos_bonus_counts_in_the_pitch_zone(fabrary_cards, pitched, action_points):
    """Buckwild: "If there is a card with 6 or more {p} in your pitch zone, this gets go again"; Kayo's
    static ability counts there (the pitch zone is not the combat chain)."""
    given = _kayo_hand("Buckwild (red)", pitched, "Toughen Up (blue)")
    given["P1"]["resource_points"] = 1
    r = run_log(
        given, [f"P1 plays Buckwild (red), pitching {pitched}", "P2 no block, 7", "all pass"], fabrary_cards
    )
    assert r.to_json()["state"]["P1"]["action_points"] == action_points


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 attacks with Kunai of Retribution targeting P2's hero, pitching Toughen Up (blue)",
            "P2 declares no defending cards",
            "all pass through the Reaction and Damage Steps",
            "P1 plays Mark with Magma (red) targeting P2's hero",
            "P2 declares no defending cards",
            "all pass through the Reaction Step",
            "all pass",
            "P2 is marked",
        ],
        [
            "P1 swings the Kunai, pitch Toughen Up (blue)",
            "P2 no block, 1",
            "P1 Mark with Magma (red)",
            "P2 takes 4, gets marked",
        ],
        [
            "P1 went in with the Kunai, paying with Toughen Up (blue)",
            "P2 didn't block and took 1",
            "then P1 played Mark with Magma (red)",
            "P2 took the 4 and got marked",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_mark_said_while_the_hit_trigger_that_marks_waits(fabrary_cards, lines):
    """CR 8.5.50, 9.3: Mark with Magma, the second Draconic link, marks on the hit; "gets marked" said
    while its hit trigger waits resolves it (the passes are implied), and the claim holds."""
    r = run_log(
        _cindra(hand=["Mark with Magma (red)", "Toughen Up (blue)"]), lines, fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    assert not messages(r, "observation_mismatch")
    state = r.to_json()["state"]
    assert state["P2"].get("marked") is True
    assert state["P2"]["life"] == 15


def test_a_mark_claimed_without_a_marking_effect_is_a_mismatch(fabrary_cards):
    """CR 9.3: Blood Drop marks nobody; "P2 gets marked" is then a mismatch."""
    r = run_log(
        _cindra(hand=["Blood Drop (red)", "Toughen Up (blue)"]),
        [
            "P1 swings the Kunai, pitch Toughen Up (blue)",
            "P2 no block, 1",
            "P1 Blood Drop (red)",
            "P2 takes 2, gets marked",
        ],
        fabrary_cards,
    )
    assert any("marked" in m for m in messages(r, "observation_mismatch"))
