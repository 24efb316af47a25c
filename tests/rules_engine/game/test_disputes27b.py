"""Real-card replays for what the disputes-27b batch needed (scenarios/disputes-27b.yaml): a hero's
own activated ability left to resolve before the attack it was for, a source named as the subject
of "activates", and a token the log reports after an ability the engine applies made it. Each told
formally, tersely and conversationally, with a check that the rule still bites."""

from __future__ import annotations

from typing import Any

import pytest

from .replaying import messages, run_log


def _bravo() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Bravo, Showstopper",
            "action_points": 1,
            "resource_points": 0,
            "hand": [
                "Crippling Crush (red)",
                "Cracked Bauble (yellow)",
                "Toughen Up (blue)",
                "Titanium Bauble (blue)",
                "Sink Below (red)",
            ],
        },
        "P2": {"life": 20, "hand": ["Snatch (red)", "Brutal Assault (red)"]},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 activates Bravo's hero ability, pitching Cracked Bauble (yellow)",
            "P1 plays Crippling Crush (red) targeting P2's hero, pitching Toughen Up (blue), Titanium Bauble (blue) and Sink Below (red)",
        ],
        [
            "Bravo activates, pitching Cracked Bauble (yellow)",
            "P1 Crippling Crush pitch Toughen Up, Titanium Bauble, Sink Below",
        ],
        [
            "P1 used Bravo's ability, pitching Cracked Bauble (yellow)",
            "then P1 played Crippling Crush (red), pitching Toughen Up (blue), Titanium Bauble (blue) and Sink Below (red)",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_own_hero_action_ability_resolves_before_the_attack_it_was_for(fabrary_cards, lines):
    """CR 5.2.2, 1.11.4a: the hero's go-again action ability waits alone on the stack, so the passes
    that resolved it are implied; the attack is then played legally and gets dominate from it."""
    r = run_log(_bravo(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert any("Bravo" in m and "implied" in m for m in messages(r, "note"))
    state = r.to_json()["state"]
    assert [layer["card"] for layer in state["stack"]] == ["Crippling Crush"]
    assert state["P1"]["action_points"] == 0
    assert state["P1"]["resource_points"] == 0


def _hit_and_run() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Dorinthea Ironsong",
            "action_points": 1,
            "hand": ["Hit and Run (red)", "Snatch (red)"],
        },
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Snatch (red)",
        "P1 Snatch @P2",
        "then she swings Snatch at P2",
        "P1 plays Snatch (red) (still action phase)",
        "P1 plays Snatch (red) while still in the action phase",
    ],
    ids=["formal", "terse", "conversational", "still-the-phase", "while-in-the-phase"],
)
def test_the_players_own_action_card_on_the_stack_resolves_before_their_next_action(fabrary_cards, line):
    """CR 1.11.4a, 5.1.1: the player's own 'non-attack' action card waiting on the stack when the log
    has them play another action card resolved first (only all passing lets them act at action
    speed again); the passes are implied, with a note, and Hit and Run's go again pays for Snatch."""
    r = run_log(_hit_and_run(), ["P1 plays Hit and Run (red)", line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert any("before Snatch" in m and "implied" in m for m in messages(r, "note"))
    state = r.to_json()["state"]
    assert [layer["card"].split(" (")[0] for layer in state["stack"]] == ["Snatch"]
    assert state["P1"]["graveyard"] == ["Hit and Run"]


@pytest.mark.parametrize(
    "line",
    [
        "P1 keeps priority and plays Snatch (red)",
        "While Hit and Run is still on the stack, P1 plays Snatch (red)",
        "P1 plays Snatch (red) in response",
        "P1 plays Snatch (red) while Hit and Run is still waiting",
        "Hit and Run still unresolved, P1 plays Snatch (red)",
        "P1 plays Snatch (red) while it waits",
    ],
    ids=["formal", "conversational", "terse", "while-waiting", "still-unresolved", "while-it-waits"],
)
def test_a_card_on_the_stack_still_forbids_an_action_said_while_it_waits(fabrary_cards, line):
    """CR 1.11.2, 8.1.1a: a line that says the player acted while the card still waited is not read
    as the passes that resolve it; the action is illegal."""
    r = run_log(_hit_and_run(), ["P1 plays Hit and Run (red)", line], fabrary_cards)
    assert any("stack is not empty" in m for m in messages(r, "violation"))


def _chane() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Chane, Bound by Shadow", "action_points": 1, "hand": ["Snatch (red)"]},
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "line",
    ["Chane, Bound by Shadow activates", "Chane activates", "Chane's ability gets activated"],
    ids=["formal", "terse", "conversational"],
)
def test_a_hero_named_as_the_subject_of_activates_is_its_controllers_ability(fabrary_cards, line):
    """CR 5.2.2: the source's controller activates it; the hero's once-per-turn limit is then used."""
    r = run_log(_chane(), [line, "Chane activates"], fabrary_cards, all_read=True)
    violations = messages(r, "violation")
    assert len(violations) == 1 and "once per turn" in violations[0]  # the second activation (CR 5.2.1a)
    assert r.violations[0]["action"] == 2


def _kayo() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Kayo, Armed and Dangerous",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Savage Swing (red)", "Sink Below (blue)", "Wrecker Romp (blue)"],
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "line",
    ["P1 creates a Might token", "P1 makes a Might token", "P1 made a Might"],
    ids=["formal", "terse", "conversational"],
)
def test_a_token_the_engine_made_is_not_made_again_when_the_log_reports_it(fabrary_cards, line):
    """Kayo's discard trigger (computed) creates the Might; the log's report of it resolves the
    trigger (CR 1.11.4a) and does not create a second one."""
    lines = ["P1 plays Savage Swing (red), pitching Sink Below (blue), discarding Wrecker Romp (blue)", line]
    r = run_log(_kayo(), lines, fabrary_cards)
    perms = r.to_json()["state"]["P1"]["permanents"]
    assert [p if isinstance(p, str) else p["name"] for p in perms] == ["Might"]
    assert any("reports the token" in m for m in messages(r, "note"))  # the trigger resolved


def test_a_token_the_log_creates_twice_is_made_twice(fabrary_cards):
    """With no ability making it, each token the log creates is made (an adjustment each)."""
    lines = ["P1 creates a Runechant token", "P1 creates a Runechant token"]
    r = run_log(_chane(), lines, fabrary_cards)
    perms = r.to_json()["state"]["P1"]["permanents"]
    assert len(perms) == 2


def _dromai() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Dromai, Ash Artist",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Brutal Assault (red)", "Snatch (red)", "Sink Below (red)"],
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "line",
    ["Dromai, Ash Artist creates two Ash tokens", "Dromai makes 2 Ash", "Dromai's ability made two Ash"],
    ids=["formal", "terse", "conversational"],
)
def test_a_card_named_as_the_maker_of_tokens_gives_them_to_its_controller(fabrary_cards, line):
    """Dromai's pitch trigger is a manual effect; the line naming the hero as the tokens' maker is
    the judge's outcome, created under the hero's controller (CR 8.6)."""
    lines = ["P1 plays Brutal Assault (red), pitching Snatch (red) and Sink Below (red)", line]
    r = run_log(_dromai(), lines, fabrary_cards, all_read=True)
    state = r.to_json()["state"]
    assert [p if isinstance(p, str) else p["name"] for p in state["P1"]["permanents"]] == ["Ash", "Ash"]
    assert state["P2"]["permanents"] == []


def test_a_token_maker_naming_the_player_gives_it_to_that_player(fabrary_cards):
    """ "... makes a Frostbite for P2": the player named gets it, not the card's controller."""
    r = run_log(_dromai(), ["Dromai makes a Frostbite for P2"], fabrary_cards, all_read=True)
    state = r.to_json()["state"]
    assert [p if isinstance(p, str) else p["name"] for p in state["P2"]["permanents"]] == ["Frostbite"]
    assert state["P1"]["permanents"] == []


def _iyslander() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": ["Snatch (red)"]},
        "P2": {
            "hero": "Iyslander, Stormbind",
            "life": 20,
            "equipment": {"head": "Ironrot Helm"},
            "arsenal": [{"name": "Ice Quake (blue)", "face": "down"}],
            "hand": ["Brutal Assault (red)", "Sink Below (blue)"],
        },
    }


@pytest.mark.parametrize(
    "line",
    ["Ice Quake resolves", "Ice Quake res", "then the Ice Quake resolved"],
    ids=["formal", "terse", "conversational"],
)
def test_a_card_said_to_resolve_while_it_waits_on_top_resolves(fabrary_cards, line):
    """CR 1.11.4a, 5.3: Ice Quake's play triggered Iyslander (its trigger resolved on that line);
    the card itself, still on top of the stack, resolves when the next line says so."""
    lines = [
        "P1 plays Snatch (red)",
        "P2 blocks with Brutal Assault (red) and Ironrot Helm",
        "Reaction step: P2 plays Ice Quake (blue) from arsenal, pitching Sink Below (blue); Iyslander makes a Frostbite for P1",
        line,
    ]
    r = run_log(_iyslander(), lines, fabrary_cards, all_read=True)
    state = r.to_json()["state"]
    assert state["stack"] == []
    assert state["P2"]["graveyard"] == ["Ice Quake"]
    assert [p if isinstance(p, str) else p["name"] for p in state["P1"]["permanents"]] == ["Frostbite"]


def _ninja() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Katsu, the Wanderer",
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Head Jab (red)", "Leg Tap (red)", "Sink Below (blue)", "Rising Knee Thrust (red)"],
        },
        "P2": {"life": 20, "equipment": {"head": "Ironrot Helm"}, "hand": ["Snatch (red)"]},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Head Jab (red); P2 declares no defending cards; P2 takes 3 damage",
            "P1 plays Leg Tap (red), pitching Sink Below (blue)",
            "P2 defends with Ironrot Helm; P2 takes 3 damage",
            "P1 plays Rising Knee Thrust (red) (combo is on)",
            "P2 declares no defending cards; P2 takes 5 damage",
        ],
        [
            "P1 Head Jab (red), no blk, 3",
            "P1 Leg Tap (red) pitch Sink Below (blue)",
            "P2 blk helm, 3",
            "P1 Rising Knee Thrust (red), combo on",
            "no blk, 5",
        ],
        [
            "P1 led with Head Jab (red) and P2 didn't block, took 3",
            "then P1 played Leg Tap (red), pitching Sink Below (blue)",
            "P2 put the helm in front of it and took 3",
            "then Rising Knee Thrust (red), combo on",
            "P2 didn't block that either and took all 5",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_the_next_attack_after_the_damage_implies_the_resolution_step(fabrary_cards, lines):
    """CR 7.5.4, 7.6.2, 7.6.3a: the next attack told right after the damage is played in the
    Resolution Step, where go again gave the action point; the combo then applies (CR 8.4.1)."""
    r = run_log(_ninja(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["action_points"] == 0
    assert state["P2"]["life"] == 9  # 3 + (4 - 1) + (3 + 2 from the combo)


def test_an_attack_without_go_again_still_has_no_action_point_after_the_damage(fabrary_cards):
    """The implied Resolution Step gives no point the attack did not earn (CR 8.1.1c, 5.1.7a)."""
    given = _ninja()
    given["P1"]["hand"] = ["Head Jab (red)", "Rising Knee Thrust (red)", "Snatch (red)"]
    r = run_log(
        given,
        [
            "P1 plays Head Jab (red)",
            "P2 takes 3",
            "P1 plays Rising Knee Thrust (red)",
            "P2 takes 3",
            "P1 plays Snatch (red)",
        ],
        fabrary_cards,
    )
    assert [v["action"] for v in r.violations] == [5]  # no combo (Head Jab was last): no go again


def _dorinthea(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Dorinthea Ironsong",
            "weapons": ["Dawnblade"],
            "action_points": 1,
            "resource_points": 0,
            "hand": hand,
        },
        "P2": {"life": 20, "equipment": {"head": "Ironrot Helm"}, "hand": ["Snatch (red)"]},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 attacks with Dawnblade, pitching Sink Below (red)",
            "P2 defends with Ironrot Helm",
            "P1 plays Ironsong Response (red) targeting Dawnblade (reprise is off)",
            "Dawnblade deals 2 damage",
        ],
        [
            "P1 atk Dawnblade pitch Sink Below (red)",
            "P2 blk helm only",
            "P1 Ironsong Response (red), reprise off",
            "2 dmg",
        ],
        [
            "P1 swung Dawnblade at P2, pitching Sink Below (red)",
            "P2 just put the helm in front of it",
            "P1 threw in Ironsong Response (red), reprise is off",
            "so 2 went through",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_coloured_reaction_after_the_defence_and_the_damage_after_it(fabrary_cards, lines):
    """CR 7.3.4, 7.4.2a: the attack reaction named with its colour, right after the defence, is
    played in the Reaction Step; the damage said next resolves it first (CR 1.11.4a, 7.4.3)."""
    r = run_log(
        _dorinthea(["Sink Below (red)", "Ironsong Response (red)"]), lines, fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["graveyard"] == ["Ironsong Response"]
    assert state["P2"]["life"] == 18


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Hit and Run (red); all pass (Hit and Run resolves)",
            "P1 attacks with Dawnblade targeting P2's hero, pitching Toughen Up (blue)",
        ],
        ["P1: Hit and Run (red), resolves", "P1 atk w/ Dawnblade pitch Toughen Up (blue)"],
        [
            "P1 played Hit and Run (red) and it resolved",
            "then P1 swung Dawnblade at P2, pitching Toughen Up (blue)",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_your_next_weapon_attack_gains_go_again(fabrary_cards, lines):
    """Hit and Run: "Your next weapon attack this turn gains go again" applies as the weapon attack
    is played (CR 5.1.2a); the attack's go again then gives the action point (CR 7.6.2)."""
    given = _dorinthea(["Hit and Run (red)", "Toughen Up (blue)"])
    r = run_log(
        given, lines + ["P2 declares no defending cards; P2 takes 3 damage"], fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["combat_chain"]["links"][0]["go_again"] is True
    assert state["P1"]["resource_points"] == 2


def test_a_non_weapon_attack_does_not_take_the_weapon_go_again(fabrary_cards):
    """The effect waits for a weapon attack: Snatch played next does not get go again."""
    given = _dorinthea(["Hit and Run (red)", "Snatch (red)", "Snatch (yellow)"])
    r = run_log(
        given,
        [
            "P1 plays Hit and Run (red), it resolves",
            "P1 plays Snatch (red)",
            "P2 takes 4",
            "P1 plays Snatch (yellow)",
        ],
        fabrary_cards,
    )
    assert [v["action"] for v in r.violations] == [4]  # no go again from Hit and Run, no action point


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Wounded Bull (red), pitching Toughen Up (blue) (it gets +1 because P1 has less life)",
        "P1 atk w/ Wounded Bull (red) pitch Toughen Up (blue), +1 since P1 is lower",
        "P1 swung Wounded Bull (red) at P2 at 12 vs 18, pitching Toughen Up (blue)",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_judges_reason_is_a_remark_not_a_payment(fabrary_cards, line):
    """The reason a judge adds ("+1 since P1 is lower", "at 12 vs 18") is a remark: only the card
    named is pitched (CR 1.14.3), and nothing is flagged."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Rhinar, Reckless Rampage",
            "life": 12,
            "action_points": 1,
            "hand": ["Wounded Bull (red)", "Toughen Up (blue)"],
        },
        "P2": {"life": 18, "hand": []},
    }
    r = run_log(given, [line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["pitch_zone"] == ["Toughen Up"]
    assert state["P1"]["resource_points"] == 0


@pytest.mark.parametrize(
    "line",
    [
        "P1 attacks with Dawnblade targeting P2's hero, paying 1 with floating resource points",
        "Resolution step, P1 attacks again with Dawnblade using the last floating resource",
        "P1 swings Dawnblade again for 3, paying 1 of the floating resources",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_second_weapon_attack_paid_from_the_float(fabrary_cards, line):
    """Dorinthea's extra attack (CR 5.2.3c) after a hit with go again, paid with a floating point."""
    given = _dorinthea(["Warrior's Valor (red)", "Sink Below (blue)"])
    lines = [
        "P1 plays Warrior's Valor (red), pitching Sink Below (blue); all pass",
        "P1 attacks with Dawnblade, paying 1 with floating resource points",
        "P2 declares no defending cards; P2 takes 6 damage",
        "all pass to the resolution step",
        line,
    ]
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["resource_points"] == 0
    assert [layer["card"] for layer in state["stack"]] == ["Dawnblade"]


def _kodachi() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Katsu, the Wanderer",
            "weapons": ["Harmonized Kodachi"],
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Head Jab (blue)"],
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "line",
    [
        "P1 attacks with Kodachi targeting P2's hero, pitching Head Jab (blue)",
        "P1 atk Kodachi pitch Head Jab (blue) -- cost-0 card in pitch",
        "P1 swung the Kodachi at P2, pitching Head Jab (blue)",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_weapon_named_by_the_last_words_of_its_name(fabrary_cards, line):
    """ "Kodachi" for the Harmonized Kodachi the player holds (the only weapon whose name ends so):
    its attack is activated (CR 5.2), not a card named Kodachi played from hand."""
    r = run_log(_kodachi(), [line], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert [layer["card"] for layer in state["stack"]] == ["Harmonized Kodachi"]
    assert state["P1"]["resource_points"] == 2


def test_a_weapon_not_held_is_still_refused(fabrary_cards):
    """A weapon the player does not control cannot attack (CR 5.2.2)."""
    r = run_log(_kodachi(), ["P1 attacks with Dawnblade, pitching Head Jab (blue)"], fabrary_cards)
    assert messages(r, "violation")


@pytest.mark.parametrize(
    "line",
    [
        "P2 plays Sink Below (red)",
        "P2 plays Sink Below (red) as a defense reaction",
        "P2 DRs Sink Below (red) -- hoping to dig",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_command_and_conquer_forbids_a_defense_reaction_however_said(fabrary_cards, line):
    """Command and Conquer: "Defense reaction cards can't be played this chain link" (CR 1.10.3)."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": ["Command and Conquer (red)", "Cracked Bauble (yellow)"]},
        "P2": {"life": 20, "hand": ["Snatch (red)", "Sink Below (red)"]},
    }
    lines = [
        "P1 plays Command and Conquer (red), pitching Cracked Bauble (yellow)",
        "P2 defends with Snatch (red)",
        line,
    ]
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert [v["action"] for v in r.violations] == [3]


def _anothos(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Bravo, Showstopper",
            "weapons": ["Anothos"],
            "action_points": 1,
            "resource_points": 0,
            "hand": hand,
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    ("pitched", "life"),
    [
        ("Crippling Crush (red) and Thunder Quake (blue)", 14),  # two cost-3+ cards: 4 + 2
        ("Toughen Up (blue)", 16),  # Toughen Up costs 2: no bonus
    ],
)
def test_a_weapons_while_bonus_follows_the_pitch_zone(fabrary_cards, pitched, life):
    """Anothos: "While there are 2 or more cards with cost 3 or greater in your pitch zone, Anothos
    has +2{p}" (CR 6.1.3, a static condition read like "If ..., this has ...")."""
    given = _anothos(["Crippling Crush (red)", "Thunder Quake (blue)", "Toughen Up (blue)"])
    lines = [
        f"P1 attacks with Anothos targeting P2's hero, pitching {pitched}",
        "P2 declares no defending cards",
    ]
    r = run_log(given, [*lines, "all pass to the damage step"], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert r.to_json()["state"]["P2"]["life"] == life


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Whelming Gustwave (red) (the combo is on)",
        "Res step P1 plays Whelming Gustwave (red) -> combo, 4 power w/ go again",
        "then P1 played Whelming Gustwave (red) - combo on",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_combo_remark_after_the_play(fabrary_cards, line):
    """Whelming Gustwave after Surging Strike: the combo (CR 8.4.1) is the engine's to decide; the
    judge's remark about it is kept as a claim and the play applies."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Katsu, the Wanderer",
            "action_points": 1,
            "hand": ["Surging Strike (red)", "Toughen Up (blue)", "Whelming Gustwave (red)"],
        },
        "P2": {"life": 20, "hand": []},
    }
    lines = ["P1 plays Surging Strike (red), pitching Toughen Up (blue); P2 takes 5", line, "no block, 4"]
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert r.to_json()["state"]["P2"]["life"] == 11
