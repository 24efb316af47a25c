"""What the disputes-27d batch needed (scenarios/disputes-27d.yaml): the judge's shorthand for real cards
and heroes (a card named by part of its name, a bare colour word, the hero's name for the player and for
its ability), explanations said after an action kept as remarks, a weapon attack told while a trigger
waits, and an additional random discard that cannot be paid. Each shape is told in several phrasings,
with a check that the rule still bites."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game import shorthand
from rules_engine.game.phrases import NameIndex, Parser

from .replaying import messages, run_log


def _p1(hero: str, hand: list[str], **more: Any) -> dict[str, Any]:
    p1: dict[str, Any] = {"hero": hero, "life": 40, "action_points": 1, "resource_points": 0, "hand": hand}
    p1.update(more)
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": p1,
        "P2": {"life": 40, "hand": []},
    }


# -- reading, without cards -----------------------------------------------------------------------------

NAMES = NameIndex(
    ["Ronin Renegade (red)", "Warrior's Valor (red)", "Cintari Saber", "Mark with Magma (red)", "Snatch"]
)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("ronin (red) @p2", "Ronin Renegade (red) @p2"),
        ("P1 Ronin, then Snatch", "P1 Ronin Renegade, then Snatch"),
        ("P1 valor red, pitching X", "P1 Warrior's Valor red, pitching X"),
        ("swings the saber", "swings the Cintari Saber"),
        ("saber again", "Cintari Saber again"),
    ],
)
def test_a_part_of_one_of_the_scenario_names_is_that_card(said, read):
    """CR 1.3.4 / 2.7 (a card is named by its name): the first or last words of exactly one of the
    scenario's own card names, said where a card is named, are that card."""
    assert shorthand.part_said(NAMES, said) == read


@pytest.mark.parametrize(
    "said",
    [
        "P1 Mark with Magma (red), paying 1",  # a known name said in full keeps its words
        "crush: P2 discards 2 random cards",  # a keyword is never a part of a name
        "no ronin",  # after "no": a remark, not a card named
        "the renegade's owner",  # a part followed by other words is not a card named
    ],
)
def test_a_part_is_not_read_where_no_card_is_named(said):
    assert shorthand.part_said(NAMES, said) == said


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("P1 Snatch red @p2", "P1 Snatch (red) @p2"),
        ("pitching snatch blue", "pitching snatch (blue)"),
        ("P1 Snatch yellow, no block", "P1 Snatch (yellow), no block"),
    ],
)
def test_a_bare_colour_word_after_a_name_is_its_pitch_variant(said, read, fabrary_cards):
    """CR 1.3.4: the colour tells the pitch variants apart; said bare after the name it is that variant."""
    from rules_engine.game.phrases import index_for

    assert shorthand.colour_after(index_for(fabrary_cards), said) == read


def test_a_colour_word_not_after_a_name_is_left(fabrary_cards):
    from rules_engine.game.phrases import index_for

    said = "P1 pitches a red card, then a blue one"
    assert shorthand.colour_after(index_for(fabrary_cards), said) == said


HEROES = {"kayo": ("P1", "Kayo"), "lyath": ("P2", "Lyath Goldmane"), "dori": ("P1", "Dorinthea")}


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("kayo breakneck (red) @p2", "P1 breakneck (red) @p2"),
        ("Kayo: Breakneck Battery (red) @p2", "P1 Breakneck Battery (red) @p2"),
        ("lyath blocks w/ snatch (red)", "P2 blocks w/ snatch (red)"),
        (
            "kayo ability on wounding blow, pitch sink below (blue)",
            "P1 uses Kayo targeting wounding blow, pitching sink below (blue)",
        ),
        ("kayo again", "P1 uses Kayo again"),
        ("Kayo's ability again, pitching X", "P1 uses Kayo again, pitching X"),
        ("lyath: pitch X, boo", "P2 uses Lyath, pitching X, boo"),
        ("kayo taps, pops gold, draws", "P1 uses Kayo, destroying a gold, draws"),
        ("dori trigger (attack again)", "Dorinthea trigger (attack again)"),
    ],
)
def test_a_hero_named_first_is_its_player_or_its_ability(said, read):
    """CR 5.2 (an activated ability; its {t} and other costs are part of activating it): the hero's name
    opening a clause is the player who controls that hero, and followed by ':', 'ability' or 'again' it
    is the hero's activated ability."""
    assert shorthand.hero_said(HEROES, said) == read


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Snatch (red), GA bc Ronin was red",
        "P1 plays Snatch (red), 6 power w/ kayo so GA",
        "no block, 3 dmg, contract done",
        "P1 plays Snatch (red), Snatch gets go again",
        "no block, 4, draw",
    ],
)
def test_an_explanation_after_an_action_is_a_remark(line):
    """A judge's reason for a keyword or bonus is reported as a remark the engine did not check, never a
    card list or an unread clause (the engine derives the keyword itself, CR 8.3)."""
    entry = Parser(NameIndex(["Snatch (red)"])).parse(1, line)
    assert entry.unparsed == []
    assert entry.unchecked


# -- replays with real cards ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Ronin Renegade (red) targeting P2's hero",
            "P2 declares no defending cards; all pass through the Reaction, Damage and Resolution Steps",
            "P1 plays Blaze Headlong (red) targeting P2's hero",
            "P2 declares no defending cards; all pass through the Reaction, Damage and Resolution Steps",
        ],
        [
            "cindra ronin (red) @p2",
            "no block, 3",
            "p1 blaze headlong red, GA bc ronin was red",
            "p2 no blk, takes 4",
            "chain closes",
        ],
        [
            "Cindra leads Ronin at P2",
            "P2 took 3",
            "then Blaze Headlong red, so it has go again",
            "P2 eats the 4",
            "chain closes",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_cindra_shorthand_and_a_conditional_go_again(fabrary_cards, lines):
    """CR 7.6.2 and 8.3.5: Blaze Headlong has go again because another red card was played this turn;
    the hero's name, the short card names and the bare colour are read."""
    given = _p1("Cindra, Dracai of Retribution", ["Ronin Renegade (red)", "Blaze Headlong (red)"])
    result = run_log(given, lines, fabrary_cards, all_read=True)
    assert messages(result, "violation") == []
    assert result.state["P2"]["life"] == 33
    assert result.state["P1"]["action_points"] == 1


def test_blaze_headlong_first_has_no_go_again(fabrary_cards):
    """The same card played first (no other red card played): no go again, so the next action is illegal."""
    given = _p1("Cindra, Dracai of Retribution", ["Blaze Headlong (red)", "Ronin Renegade (red)"])
    result = run_log(
        given,
        ["cindra blaze headlong red @p2", "no block, 4", "chain closes", "ronin red @p2"],
        fabrary_cards,
    )
    assert len(messages(result, "violation")) == 1
    assert result.state["P1"]["hand"] == ["Ronin Renegade"]


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Wounding Blow (blue) targeting P2's hero",
            "P1 uses Kayo targeting Wounding Blow, pitching Sink Below (blue) and Snatch (red)",
            "P1 uses Kayo again",
        ],
        [
            "p1 wounding blow blue @p2",
            "kayo ability on wounding blow, pitch sink below (blue) + snatch (red)",
            "kayo again",
        ],
        [
            "Kayo Wounding Blow blue at P2",
            "Kayo: pitch sink below (blue), pitch snatch (red)",
            "Kayo's ability again",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_a_tapped_hero_cannot_activate_again(fabrary_cards, lines):
    """CR 5.2.2 and 1.10.3: the {t} in the hero's ability cost cannot be paid while the hero is tapped."""
    given = _p1("Kayo, Underhanded Cheat", ["Wounding Blow (blue)", "Sink Below (blue)", "Snatch (red)"])
    result = run_log(given, lines, fabrary_cards)
    flagged = messages(result, "violation")
    assert len(flagged) == 1 and "tapped" in flagged[0]


@pytest.mark.parametrize(
    "swing",
    ["p1 dawnblade again $1", "P1 swings Dawnblade again, paying 1 from the float", "Dawnblade again for 1"],
)
def test_a_weapon_attack_told_while_the_hit_triggers_wait(fabrary_cards, swing):
    """CR 1.11.4a and 8.1.1: a weapon's attack is an action ability played only on an empty stack; told
    after the hit while only the player's own triggers wait, the passes that resolve them are implied."""
    given = _p1("Dorinthea Ironsong", ["Warrior's Valor (red)", "Sink Below (blue)"], weapons=["Dawnblade"])
    lines = [
        "p1 valor red ^ sink below blue",
        "p1 swings dawnblade @p2 $1",
        "no block, 6, dori trigger - attack again",
        swing,
    ]
    result = run_log(given, lines, fabrary_cards, all_read=True)
    assert messages(result, "violation") == []
    assert result.state["P2"]["life"] == 34
    assert result.state["combat_chain"]["links"]


@pytest.mark.parametrize(
    "line",
    [
        "P1 Savage Feast (red) @P2 pitching Wounding Blow (blue), no card left for the discard",
        "P1 plays Savage Feast (red) targeting P2's hero, pitching Wounding Blow (blue)",
        "kayo savage feast red at p2, pitch wounding blow blue",
    ],
)
def test_a_random_discard_cost_with_an_empty_hand_is_illegal(fabrary_cards, line):
    """CR 5.1.7, 5.1.8a and 1.10.3: the pitch is paid first; with no card left, the additional cost
    "discard a random card" cannot be paid, so the play is reversed."""
    given = _p1("Kayo, Armed and Dangerous", ["Savage Feast (red)", "Wounding Blow (blue)"])
    result = run_log(given, [line], fabrary_cards)
    assert len(messages(result, "violation")) == 1
    assert sorted(result.state["P1"]["hand"]) == ["Savage Feast", "Wounding Blow"]


def test_a_random_discard_cost_with_a_card_left_is_paid(fabrary_cards):
    given = _p1("Kayo, Armed and Dangerous", ["Savage Feast (red)", "Wounding Blow (blue)", "Snatch (red)"])
    line = "P1 plays Savage Feast (red) targeting P2's hero, pitching Wounding Blow (blue), discarding Snatch (red)"
    result = run_log(given, [line], fabrary_cards, all_read=True)
    assert messages(result, "violation") == []
    assert result.state["P1"]["graveyard"] == ["Snatch"]
