"""The crowd, wager, clash and die-roll heroes (issue 30, branch heroesA30), each replayed with the real hero
from the fabrary dump (``fabrary_cards``) as a judge would type the log, in several phrasings, with a check
that the rule still bites. The random outcomes (the roll, the revealed cards, the crowd's reaction the judge
reports) are the log's, never the engine's."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log

HEROES = [
    "Kayo, Underhanded Cheat",
    "Kayo, Strong-arm",
    "Lyath Goldmane, Vile Savant",
    "Lyath Goldmane",
    "Pleiades, Superstar",
    "Pleiades",
    "Tuffnut, Bumbling Hulkster",
    "Tuffnut",
    "Betsy, Skin in the Game",
    "Betsy",
    "Olympia, Prized Fighter",
    "Olympia",
    "Victor Goldmane, High and Mighty",
    "Victor Goldmane",
    "Kayo",
    "Kayo, Armed and Dangerous",
    "Kayo, Berserker Runt",
]


@pytest.mark.parametrize("hero", HEROES)
def test_the_heroes_of_this_pass_are_computed_in_full(fabrary_cards, hero):
    facts = fabrary_cards.get(hero)
    assert facts is not None
    assert [p.text for p in coverage(facts) if p.status != MODELLED] == []


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


def _given(hero: str, hand: list[str], turn: str = "P1", **p1: Any) -> dict[str, Any]:
    return {
        "turn": turn,
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": hero, "action_points": 1, "resource_points": 0, "hand": hand, **p1},
        "P2": {"life": 20, "hand": ["Wounding Blow (red)", "Wounding Blow (red)", "Brutal Assault (red)"]},
    }


# -- Kayo, Underhanded Cheat / Strong-arm ----------------------------------------------------------------


@pytest.mark.parametrize(
    "activate",
    [
        "P1 activates Kayo, Underhanded Cheat, pitching Sink Below (blue) and Sink Below (blue) targeting Wounding Blow",
        "Kayo activates, pitching Sink Below (blue) and Sink Below (blue)",
        "P1 used Kayo's ability on Wounding Blow, pitching Sink Below (blue) and Sink Below (blue)",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_kayo_sets_the_attack_base_power_to_six(fabrary_cards, activate):
    """CR 6.3.3 (stage 7, substage 2): the ability sets the attack action card's base {p} to 6, so a 4{p}
    Wounding Blow hits for 6; the crowd booing him makes a Vigor token (a triggered layer, CR 6.6, 8.5.57)."""
    hand = ["Wounding Blow (red)", "Sink Below (blue)", "Sink Below (blue)"]
    lines = [
        "P1 plays Wounding Blow (red)",
        "P2 doesn't block",
        activate,
        "P1 passes, P2 passes",
        "Wounding Blow hits for 6",
        "the crowd boos P1",
        "P1 passes, P2 passes",
    ]
    r = run_log(_given("Kayo, Underhanded Cheat", hand), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert not messages(r, "observation_mismatch")
    state = r.to_json()["state"]
    assert state["P2"]["life"] == 14
    assert _names(state["P1"]["permanents"]) == ["Vigor"]


def test_kayo_is_tapped_after_one_activation(fabrary_cards):
    """CR 1.14.4b, 8.5.55a: the {t} in the cost cannot be paid again while he is tapped."""
    hand = ["Wounding Blow (red)", *["Sink Below (blue)"] * 4]
    lines = [
        "P1 plays Wounding Blow (red)",
        "P2 doesn't block",
        "P1 activates Kayo, Strong-arm, pitching Sink Below (blue) and Sink Below (blue)",
        "P1 passes, P2 passes",
        "P1 activates Kayo, Strong-arm, pitching Sink Below (blue) and Sink Below (blue)",
    ]
    r = run_log(_given("Kayo, Strong-arm", hand), lines, fabrary_cards)
    assert any("tapped" in m for m in messages(r, "violation"))


# -- Lyath Goldmane ------------------------------------------------------------------------------------


def test_lyath_halves_the_base_power_of_her_attack(fabrary_cards):
    """CR 6.3.3 (substage 4): the base {p} of a card she controls is halved, rounded up: a 6{p} Brutal
    Assault hits for 3; a claim of 6 is a mismatch."""
    hand = ["Brutal Assault (red)", "Sink Below (blue)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Sink Below (blue)",
        "P2 doesn't block",
        "Brutal Assault hits for 6",
    ]
    r = run_log(_given("Lyath Goldmane, Vile Savant", hand), lines, fabrary_cards, all_read=True)
    assert r.to_json()["state"]["P2"]["life"] == 17
    assert messages(r, "observation_mismatch")


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 activates Lyath Goldmane, pitching Sink Below (blue)",
            "P1 passes, P2 passes",
            "the crowd boos P1",
        ],
        ["Lyath activates, pitching Sink Below (blue)", "the crowd boos P1"],
        ["P1 used Lyath's ability, pitching Sink Below (blue)", "P1 passes, P2 passes"],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_lyath_boos_herself_and_her_defending_action_cards_get_defense(fabrary_cards, lines):
    """On P2's turn Lyath defends with a Wounding Blow (3{d} halved, rounded up: 2); her instant boos her
    (CR 8.5.57: one Might token, however the log tells the boo) and gives defending action cards +1{d} this
    turn, so the 6{p} attack deals 3."""
    given = _given("Lyath Goldmane", ["Wounding Blow (red)", "Sink Below (blue)"], turn="P2")
    given["P2"]["action_points"] = 1
    given["P2"]["hand"] = ["Brutal Assault (red)", "Sink Below (blue)"]
    start = [
        "P2 plays Brutal Assault (red), pitching Sink Below (blue)",
        "P1 defends with Wounding Blow (red)",
        "P2 passes",
    ]
    end = ["P2 passes, P1 passes", "P2 passes, P1 passes", "Brutal Assault hits for 3"]
    r = run_log(given, start + lines + end, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["life"] == 17
    assert _names(state["P1"]["permanents"]) == ["Might"]


# -- Tuffnut -------------------------------------------------------------------------------------------


def test_tuffnut_pitches_the_known_top_card_and_the_crowd_cheers(fabrary_cards):
    """CR 8.5.44: the top card goes to the pitch zone and its pitch value is gained; with 6 or more {p} the
    crowd cheers him (8.5.57) and his trigger makes a Toughness token."""
    given = _given("Tuffnut, Bumbling Hulkster", [], deck_top=["Brutal Assault (red)"], deck=20)
    r = run_log(
        given, ["P1 activates Tuffnut", "P1 passes, P2 passes", "P1 passes, P2 passes"], fabrary_cards
    )
    assert not messages(r, "violation")
    p1 = r.to_json()["state"]["P1"]
    assert _names(p1["pitch_zone"]) == ["Brutal Assault"]
    assert p1["resource_points"] == 1
    assert p1["deck"] == 19
    assert _names(p1["permanents"]) == ["Toughness"]


@pytest.mark.parametrize(
    "told",
    [
        "P1 pitches Brutal Assault (red) from the top of the deck",
        "P1 pitches the top card: Brutal Assault (red), the crowd cheers P1",
        "P1 pitches the top card, Brutal Assault (red); P1 is cheered",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_tuffnut_the_log_names_the_unknown_top_card(fabrary_cards, told):
    """The top card's identity is the log's (CR 3.0.1); the line resolves the waiting ability (its passes
    implied) and the cheer it tells is the one the ability made: one Toughness token."""
    given = _given("Tuffnut", [], deck=20)
    r = run_log(given, ["P1 activates Tuffnut", told, "P1 passes, P2 passes"], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = r.to_json()["state"]["P1"]
    assert _names(p1["pitch_zone"]) == ["Brutal Assault"]
    assert _names(p1["permanents"]) == ["Toughness"]


def test_tuffnut_a_card_with_less_power_is_not_cheered(fabrary_cards):
    """A 4{p} card: pitched (1 resource), no cheer, no token."""
    given = _given("Tuffnut", [], deck_top=["Wounding Blow (red)"], deck=20)
    r = run_log(given, ["Tuffnut activates", "P1 passes, P2 passes"], fabrary_cards)
    p1 = r.to_json()["state"]["P1"]
    assert _names(p1["pitch_zone"]) == ["Wounding Blow"]
    assert p1["permanents"] == []


# -- Pleiades ------------------------------------------------------------------------------------------


def _pleiades(hero: str, counters: int) -> dict[str, Any]:
    aura = {"name": "Act of Glory (red)", "counters": {"suspense": counters}} if counters else "Cheers!"
    return _given(hero, [], permanents=[aura, "Cheers!"])


@pytest.mark.parametrize(
    "activate",
    [
        "P1 activates Pleiades, Superstar targeting Act of Glory",
        "Pleiades activates",
        "P1 used Pleiades's ability",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_pleiades_moves_a_suspense_counter_and_the_crowd_cheers(fabrary_cards, activate):
    """CR 1.14.4: a suspense counter is removed from an aura she controls as the cost, one is put on an
    aura of suspense as the ability resolves (8.3.42); the crowd cheering her makes a Confidence token."""
    lines = [activate, "P1 passes, P2 passes", "the crowd cheers P1", "P1 passes, P2 passes"]
    r = run_log(_pleiades("Pleiades, Superstar", 2), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    permanents = r.to_json()["state"]["P1"]["permanents"]
    assert _names(permanents) == ["Act of Glory", "Cheers!", "Confidence"]
    assert permanents[0]["counters"] == ["suspense", "suspense"]  # removed as the cost, put back


def test_pleiades_without_a_suspense_counter_cannot_pay(fabrary_cards):
    """The cost names an aura with a suspense counter; Cheers! has none: the activation is reversed."""
    r = run_log(_pleiades("Pleiades", 0), ["P1 activates Pleiades"], fabrary_cards)
    assert any("suspense counter" in m for m in messages(r, "violation"))


# -- Betsy and Olympia: wager ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wagers",
    ["P1's attack wagers", "the attack wagers", "P1 wagers a Gold token"],
    ids=["formal", "terse", "conversational"],
)
def test_betsy_pays_for_power_and_overpower(fabrary_cards, wagers):
    """CR 8.5.46a: the attack wagers; Betsy's trigger offers {r}{r} for +1{p} and overpower (CR 1.8.3,
    8.3.22: then no more than one action card may defend it)."""
    hand = ["Brutal Assault (red)", "Sink Below (blue)", "Sink Below (blue)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Sink Below (blue)",
        wagers,
        "P1 passes, P2 passes",
        "P1 pays 2, pitching Sink Below (blue)",
        "P1 passes, P2 passes",
        "P2 defends with Wounding Blow (red) and Wounding Blow (red)",
    ]
    r = run_log(_given("Betsy, Skin in the Game", hand), lines, fabrary_cards, all_read=True)
    assert any("overpower" in m for m in messages(r, "violation"))
    link = r.to_json()["state"]["combat_chain"]["links"][0]
    assert link["attack"]["power"] == 7


@pytest.mark.parametrize(
    "won",
    ["P1 wins the wager", "wager goes to P1", "P1 won the wager (Gold)"],
    ids=["formal", "terse", "conversational"],
)
def test_olympia_the_first_wager_each_attack_wins_makes_gold(fabrary_cards, won):
    """CR 8.5.46a: the attack hit, so its controller wins; Olympia's trigger makes one Gold token for that
    attack, however often the log says it won."""
    hand = ["Brutal Assault (red)", "Sink Below (blue)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Sink Below (blue)",
        "P2 doesn't block",
        "Brutal Assault hits for 6",
        won,
        "P1 passes, P2 passes",
        won,
        "P1 passes, P2 passes",
    ]
    r = run_log(_given("Olympia, Prized Fighter", hand), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert _names(r.to_json()["state"]["P1"]["permanents"]) == ["Gold"]


def test_olympia_a_wager_the_attack_did_not_hit_is_the_other_players(fabrary_cards):
    """CR 8.5.46a: no hit, so the defending player wins the wager; the judge's line naming P1 is reversed."""
    hand = ["Brutal Assault (red)", "Sink Below (blue)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Sink Below (blue)",
        "P2 defends with Wounding Blow (red) and Wounding Blow (red)",
        "P1 passes, P2 passes",
        "P1 passes, P2 passes",
        "P1 wins the wager",
        "P2 wins the wager",
    ]
    r = run_log(_given("Olympia", hand), lines, fabrary_cards, all_read=True)
    assert any("8.5.46a" in m for m in messages(r, "violation"))
    assert r.to_json()["state"]["P1"]["permanents"] == []


# -- Victor Goldmane: clash ----------------------------------------------------------------------------


def _victor(hero: str = "Victor Goldmane, High and Mighty") -> dict[str, Any]:
    given = _given(hero, [], deck_top=["Wounding Blow (red)"], deck=20, permanents=["Gold", "Gold"])
    given["P2"].update({"deck_top": ["Brutal Assault (red)"], "deck": 20})
    return given


@pytest.mark.parametrize(
    "again",
    [
        [
            "P1 destroys a Gold",
            "clash: P1 reveals Smash Instinct (red) (7), P2 reveals Brutal Assault (red) (6)",
        ],
        [
            "P1 destroys a Gold and clashes again: P1 reveals Smash Instinct (red), P2 reveals Brutal Assault (red)"
        ],
        ["P1 destroys Gold", "Clash - P1 reveals Smash Instinct (red) and P2 reveals Brutal Assault (red)"],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_victor_destroys_a_gold_to_clash_again(fabrary_cards, again):
    """CR 8.5.45: 4 against 6, Victor would fail to win; his replacement (the first time this turn) lets him
    destroy a Gold, put a revealed card on the bottom of its owner's deck and clash again: the new reveal
    shows which went (his Wounding Blow), and he wins with 7."""
    lines = ["clash: P1 reveals Wounding Blow (red) (4), P2 reveals Brutal Assault (red) (6)", *again]
    r = run_log(_victor(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = r.to_json()["state"]["P1"]
    assert _names(p1["permanents"]) == ["Gold"]
    assert _names(p1["deck_top"]) == ["Smash Instinct"]
    assert _names(p1["deck_bottom"]) == ["Wounding Blow"]


def test_victor_only_the_first_failed_clash_each_turn(fabrary_cards):
    """The replacement is the first time each turn: a second failed clash offers nothing, and the Gold
    destroyed after it is not a clash again (the revealed cards stay on top)."""
    lines = [
        "clash: P1 reveals Wounding Blow (red) (4), P2 reveals Brutal Assault (red) (6)",
        "clash: P1 reveals Wounding Blow (red) (4), P2 reveals Brutal Assault (red) (6)",
        "P1 destroys a Gold",
        "clash: P1 reveals Wounding Blow (red) (4), P2 reveals Brutal Assault (red) (6)",
    ]
    r = run_log(_victor("Victor Goldmane"), lines, fabrary_cards)
    p1 = r.to_json()["state"]["P1"]
    assert _names(p1["deck_top"]) == ["Wounding Blow"]
    assert p1["deck_bottom"] == []


def test_a_clash_must_reveal_the_known_top_card_with_its_power(fabrary_cards):
    """CR 8.5.45: the revealed card is the top card; a power claim the card does not have is reversed."""
    r = run_log(
        _victor(), ["clash: P1 reveals Smash Instinct (red), P2 reveals Brutal Assault (red)"], fabrary_cards
    )
    assert any("top card" in m for m in messages(r, "violation"))
    r = run_log(
        _victor(),
        ["clash: P1 reveals Wounding Blow (red) (6), P2 reveals Brutal Assault (red)"],
        fabrary_cards,
    )
    assert any("not 6" in m for m in messages(r, "violation"))


def test_kayo_counts_his_bonus_on_a_card_revealed_from_the_deck(fabrary_cards):
    """Kayo's "+1{p} while in any zone other than the combat chain": his 4{p} Wounding Blow has 5 on top
    of his deck (CR 2.9), so a claim of 4 is reversed and one of 5 stands."""
    given = _victor("Kayo")
    bad = ["clash: P1 reveals Wounding Blow (red) (4), P2 reveals Brutal Assault (red) (6)"]
    good = ["clash: P1 reveals Wounding Blow (red) (5), P2 reveals Brutal Assault (red) (6)"]
    assert any("has 5" in m for m in messages(run_log(given, bad, fabrary_cards), "violation"))
    assert not messages(run_log(given, good, fabrary_cards), "violation")


# -- Kayo, Berserker Runt: die roll ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolled", "power"),
    [
        (["Kayo triggers, P1 rolls a 5"], 12),
        (["P1 passes, P2 passes", "P1 rolled 6"], 12),
        (["Kayo's trigger resolves, P1 rolls a 2"], 3),
        (["P1 passes, P2 passes", "the die roll is 1"], 3),
    ],
    ids=["formal", "terse", "resolves", "conversational"],
)
def test_berserker_runt_doubles_or_halves_on_the_roll(fabrary_cards, rolled, power):
    """CR 8.5.18: the roll is the judge's; 5-6 doubles the attack's base {p}, 1-4 halves it rounded down
    (CR 6.3.3 substages 3 and 4)."""
    hand = ["Brutal Assault (red)", "Sink Below (blue)"]
    lines = ["P1 plays Brutal Assault (red), pitching Sink Below (blue)", *rolled, "P1 passes, P2 passes"]
    r = run_log(_given("Kayo, Berserker Runt", hand), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert r.to_json()["state"]["combat_chain"]["links"][0]["attack"]["power"] == power


def test_berserker_runt_a_roll_off_the_die_and_a_small_attack(fabrary_cards):
    """A 6 sided die cannot roll 7 (CR 8.5.18b); a 4{p} attack does not trigger the roll."""
    hand = ["Brutal Assault (red)", "Sink Below (blue)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Sink Below (blue)",
        "P1 passes, P2 passes",
        "P1 rolls a 7",
    ]
    r = run_log(_given("Kayo, Berserker Runt", hand), lines, fabrary_cards)
    assert any("8.5.18b" in m or "cannot roll" in m for m in messages(r, "violation"))
    r = run_log(
        _given("Kayo, Berserker Runt", ["Wounding Blow (red)"]),
        ["P1 plays Wounding Blow (red)"],
        fabrary_cards,
    )
    assert [x["card"] for x in r.to_json()["state"]["stack"]] == ["Wounding Blow"]
