"""Real cards' text (issue 27): nothing silent, conditional keywords, attack text, hero abilities."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.cards import facts_from_mapping, parse_keywords, split_conditional
from rules_engine.game.effects import SILENT, activated_ability, attack_text, combo, coverage
from tests.rules_engine.game.replaying import run_log as _run


def _manual(result: Any) -> list[str]:
    return [f.message for f in result.findings if f.kind == "manual_effect"]


def test_conditional_keywords_are_kept_out_of_the_keywords():
    kws = parse_keywords(["Combo", "Dominate", "Go again"])
    text = "**Combo** - If Head Jab was the last attack this combat chain, Open the Center gains +1{p}, **go again**, and **dominate**."
    always, conditional = split_conditional(kws, text)
    assert always == (("combo", None),)
    assert conditional == ("dominate", "go again")
    # a keyword on its own line stays a keyword
    assert split_conditional(parse_keywords(["Go again"]), "**Go again**") == ((("go again", None),), ())
    assert split_conditional(parse_keywords(["Intimidate"]), "When this attacks, intimidate.")[1] == ()


def test_combo_reads_power_and_keywords():
    f = facts_from_mapping(
        {
            "name": "Open the Center",
            "type": "attack action",
            "keywords": ["combo", "go again", "dominate"],
            "text": "Combo - If Head Jab was the last attack this combat chain, Open the Center gains +1{p}, go again, and dominate.",
        }
    )
    c = combo(f)
    assert c is not None and c.after == ("head jab",) and c.power == 1
    assert set(c.keywords) == {"go again", "dominate"}
    assert f.conditional and not f.has("dominate")


def test_attack_text_sorts_sentences():
    f = facts_from_mapping(
        {
            "name": "Lava Burst",
            "type": "attack action",
            "text": "Rupture - If Lava Burst is played as chain link 4 or higher, it has +3{p}. When this attacks, gain 1{h}. Choose 1; - this gets +1{p}.",
        }
    )
    at = attack_text(f)
    assert at.rupture == 3
    assert [e.kind for e in at.on_attack] == ["gain_life"]
    assert at.unmodelled == ("Choose 1; - this gets +1{p}",)


def test_activated_ability_other_cost():
    f = facts_from_mapping(
        {
            "name": "Rally",
            "type": "attack action",
            "text": "Once per Turn Instant - Discard a card: This gets +3{d}.",
        }
    )
    ab = activated_ability(f)
    # "Discard a card" is paid by the log's next discard line (abilities30), like "discard an instant"
    assert ab is not None and (ab.other_cost, ab.discard_cost) == ("", "card")
    g = facts_from_mapping(
        {
            "name": "Widget",
            "type": "action item",
            "text": "Action - Put a card from your hand on the bottom of your deck: Gain {r}{r}{r}.",
        }
    )
    ab = activated_ability(g)
    assert ab is not None and ab.other_cost == "put a card from your hand on the bottom of your deck"


def test_no_real_card_text_is_silent(fabcube_cards):
    silent = []
    for variants in fabcube_cards.by_name.values():
        parts = coverage(variants[0])
        silent += [(variants[0].name, p.text) for p in parts if p.status == SILENT]
    assert silent == []


def test_an_attacks_unmodelled_text_is_flagged_when_it_attacks(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": ["Bonds of Memory (red)"]},
        "P2": {"life": 20},
    }
    result = _run(
        given, ["P1 plays Bonds of Memory targeting P2's hero", "all pass to the Defend Step"], fabcube_cards
    )
    assert any("Bonds of Memory attacks" in m and "Whenever this banishes" in m for m in _manual(result))


def test_additional_cost_flagged_on_play_and_a_mode_is_asked(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": ["Enlightened Strike", "Snatch (red)"]},
        "P2": {"life": 20},
    }
    result = _run(given, ["P1 plays Enlightened Strike targeting P2's hero"], fabcube_cards)
    assert any("additional cost" in m for m in _manual(result))
    assert any(f.kind == "ambiguity" and "modes" in f.message for f in result.findings)


def test_lightning_surge_go_again_only_from_arsenal(fabcube_cards):
    base = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P2": {"life": 20},
    }
    lines = [
        "all pass to the Defend Step; P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
    ]
    from_hand = _run(
        {**base, "P1": {"action_points": 1, "hand": ["Lightning Surge (red)"]}},
        ["P1 plays Lightning Surge targeting P2's hero", *lines],
        fabcube_cards,
    )
    assert from_hand.state["P1"]["action_points"] == 0
    from_arsenal = _run(
        {**base, "P1": {"action_points": 1, "arsenal": ["Lightning Surge (red)"]}},
        ["P1 plays Lightning Surge from arsenal targeting P2's hero", *lines],
        fabcube_cards,
    )
    assert from_arsenal.state["P1"]["action_points"] == 1
    assert from_arsenal.state["P2"]["life"] == 16


def test_heroes_and_weapons_abilities_are_flagged_at_the_first_line(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Dorinthea Ironsong",
            "action_points": 1,
            "resource_points": 1,
            "weapons": [
                "Dawnblade",
                {
                    "name": "Rain Axe",
                    "type": "weapon",
                    "power": 3,
                    "text": "While it rains, this gets +1{p}.",
                },
            ],
        },
        "P2": {"life": 20},
    }
    result = _run(
        given,
        ["P1 activates Dawnblade targeting P2's hero, paying 1 with floating resource points"],
        fabcube_cards,
    )
    messages = _manual(result)
    assert any("Rain Axe" in m and "While it rains" in m for m in messages)
    # Dawnblade's count of its hits this turn is computed (effects.weapon_turn_text), so not flagged
    assert not any("second time it has hit" in m for m in messages)
    # Dorinthea's own ability is modelled (a second weapon attack after a hit), so it is not flagged
    assert not any("Dorinthea" in m for m in messages)


def test_a_defending_cards_defend_text_is_flagged(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "step": "defend (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": {"name": "Attack A", "power": 5}, "defending": []}]},
        "P2": {"life": 20, "hand": ["Rally the Rearguard (red)"]},
    }
    result = _run(given, ["P2 declares Rally the Rearguard as a defending card"], fabcube_cards)
    assert any("Rally the Rearguard defends" in m for m in _manual(result))


@pytest.mark.parametrize(
    ("text", "flagged"),
    [("Target attack gets +2{p}. If it hits, draw a card.", True), ("Target attack gets +2{p}.", False)],
)
def test_non_attack_text_is_flagged_or_applied(text: str, flagged: bool):
    given = {
        "turn": "P1",
        "phase": "action",
        "step": "reaction (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": {"name": "Attack A", "power": 5}, "defending": []}]},
        "P1": {"hand": [{"name": "AR R", "type": "attack reaction", "cost": 0, "pitch": 1, "text": text}]},
        "P2": {"life": 20},
    }
    result = _run(given, ["P1 plays AR R targeting Attack A", "all pass (AR R resolves)"])
    assert bool(_manual(result)) is flagged


def test_phoenix_flame_gets_power_with_two_draconic_chain_links(fabcube_cards):
    flame = fabcube_cards.get("Phoenix Flame (red)")
    given = {
        "turn": "P1",
        "phase": "action",
        "step": "resolution (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": "Phoenix Flame (red)", "defending": []}]},
        "P1": {"action_points": 1, "hand": ["Phoenix Flame (red)"]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Phoenix Flame targeting P2's hero",
            "all pass to the Defend Step; P2 declares no defending cards",
            "all pass through the Reaction and Damage Steps",
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 20 - (flame.power + 1)
    # the reminder text in parentheses is not reported
    assert not any("Uprising" in m for m in _manual(result))
