"""Set mechanics and their keywords, third pass (issue 27, branch mech29): each template replays real
cards (the fabrary dump, ``fabrary_cards``) and checks both the coverage state and what the engine
did in the log, told formally, tersely and conversationally, with a case where the rule bites."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log


def _computed(lookup: Any, name: str, words: str) -> bool:
    """Whether the card's sentence containing ``words`` is computed in the coverage measure."""
    parts = [p for p in coverage(lookup.get(name)) if words.casefold() in p.text.casefold()]
    assert parts, (name, words, [p.text for p in coverage(lookup.get(name))])
    return all(p.status == MODELLED for p in parts)


def _state(result: Any) -> dict[str, Any]:
    return result.to_json()["state"]


# --- "Instant - Banish this and a card from your hero's soul: ..." (CR 1.14.4, 3.11.5) -----------------


def _radiant(soul: list[str], piece: tuple[str, str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Prism", "action_points": 1, "soul": soul, "equipment": {piece[0]: piece[1]}},
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    ("piece", "line"),
    [
        (("legs", "Radiant Flow"), "P1 activates Radiant Flow"),
        (("chest", "Radiant Raiment"), "p1 activate Radiant Raiment"),
        (("arms", "Radiant Touch"), "P1 uses Radiant Touch's ability"),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_radiant_equipment_banishes_itself_and_a_soul_card_to_prevent(fabrary_cards, piece, line):
    """CR 1.14.4: both effect-costs are paid (the equipment and a soul card go to the banished zone)
    and the prevention shield waits for the next damage (CR 6.4.10)."""
    assert _computed(fabrary_cards, piece[1], "banish this and a card")
    r = run_log(_radiant(["Herald of Judgment"], piece), [line, "all pass"], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = _state(r)["P1"]
    assert [c["name"] for c in p1["banished"]] == ["Herald of Judgment", piece[1]]
    assert p1.get("soul", []) == []
    assert p1["equipment"][piece[0]] is None
    assert p1["effects"] == ["Prevent the next 2 damage that would be dealt to you this turn."]


def test_radiant_equipment_cannot_pay_with_an_empty_soul(fabrary_cards):
    """CR 1.14.4b: a cost that cannot be paid reverses the activation; the equipment stays."""
    r = run_log(_radiant([], ("head", "Radiant View")), ["P1 activates Radiant View"], fabrary_cards)
    assert any("soul" in m for m in messages(r, "violation"))
    assert _state(r)["P1"]["equipment"]["head"]["name"] == "Radiant View"


# --- Watery grave (CR 8.3.41) and Legend of the Watery Grave (8.3.6 and 8.3.41) ----------------------


@pytest.mark.parametrize(
    ("amulet", "line"),
    [
        ("Amethyst Amulet", "P1 activates Amethyst Amulet"),
        ("Diamond Amulet", "p1 pop Diamond Amulet"),
        ("Ruby Amulet", "P1 uses Ruby Amulet's ability"),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_legend_of_the_watery_grave_item_goes_to_the_graveyard_face_down(fabrary_cards, amulet, line):
    """CR 8.3.41: destroyed from the arena (its own cost), the amulet is turned face-down in the
    graveyard; the view lists it under graveyard_face_down."""
    assert _computed(fabrary_cards, amulet, "legend of the watery grave")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "permanents": [amulet]},
        "P2": {"life": 20},
    }
    r = run_log(given, [line, "all pass"], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = _state(r)["P1"]
    assert p1["graveyard"] == [amulet]
    assert p1["graveyard_face_down"] == [amulet]


def _attack_into(defender_hand: list[str], permanents: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 3,
            "hand": ["Brutal Assault (red)"],
            "permanents": permanents,
        },
        "P2": {"life": 20, "hand": defender_hand, "resource_points": 3},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Brutal Assault (red)",
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "P2 plays Beneath the Surface as a defense reaction",
            "all pass",
            "all pass through the Reaction and Damage Steps",
            "all pass",
        ],
        ["p1 Brutal Assault", "p2 no block", "p2 Beneath the Surface"] + ["all pass"] * 4,
    ],
    ids=["formal", "terse"],
)
def test_watery_grave_defense_reaction_leaves_the_chain_face_down(fabrary_cards, lines):
    """CR 7.7.6, 8.3.41: the defense reaction is cleared from the combat chain into the graveyard and
    turned face-down; its restated "while this is defending" sentence is the same rule, computed."""
    assert _computed(fabrary_cards, "Beneath the Surface", "watery grave")
    assert _computed(fabrary_cards, "Beneath the Surface", "turn it face-down")
    r = run_log(_attack_into(["Beneath the Surface"], []), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = _state(r)
    assert state["P2"]["graveyard_face_down"] == ["Beneath the Surface"]
    assert "graveyard_face_down" not in state["P1"]  # Brutal Assault has no watery grave
    assert state["P1"]["graveyard"] == ["Brutal Assault"]


def test_watery_grave_ally_destroyed_goes_face_down_but_a_discard_stays_face_up(fabrary_cards):
    """CR 8.3.41 reads only the arena: the destroyed ally is face-down, the discarded copy from hand
    (a hand is no part of the arena, CR 3.0.5) is face up."""
    assert _computed(fabrary_cards, "Barnacle", "watery grave")
    given = _attack_into([], ["Barnacle"])
    given["P1"]["hand"] = ["Swabbie"]
    r = run_log(given, ["adj: destroy P1's Barnacle", "P1 discards Swabbie"], fabrary_cards, all_read=True)
    p1 = _state(r)["P1"]
    assert p1["graveyard"] == ["Barnacle", "Swabbie"]
    assert p1["graveyard_face_down"] == ["Barnacle"]


# --- Suspense (CR 8.3.42) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 plays Hungry for More (red)", "all pass"],
        ["p1 Hungry for More", "all pass"],
        ["P1 casts Hungry for More (red) and it resolves"],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_an_aura_of_suspense_enters_with_two_suspense_counters(fabrary_cards, lines):
    assert _computed(fabrary_cards, "Hungry for More", "suspense")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 3, "hand": ["Hungry for More (red)"]},
        "P2": {"life": 20},
    }
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert _state(r)["P1"]["permanents"][0]["counters"] == ["suspense", "suspense"]


@pytest.mark.parametrize(
    ("aura", "bonus"),
    [("Act of Glory (red)", 6), ("Edge of Their Seats (red)", 5), ("Tension in the Air (red)", 4)],
)
def test_the_last_suspense_counter_goes_at_the_start_of_turn_and_the_aura_leaves(fabrary_cards, aura, bonus):
    """CR 8.3.42, 4.2.2: the last counter is removed as P1's turn starts, the aura is destroyed, and its
    "When this leaves the arena, your next attack this turn gets +N{p}" resolves at once; an aura with
    two counters only loses one."""
    assert _computed(fabrary_cards, aura.split(" (")[0], "suspense")
    given = {
        "turn": "P1",
        "phase": "start",
        "combat_chain": "closed",
        "P1": {
            "resource_points": 3,
            "hand": ["Brutal Assault (red)"],
            "permanents": [
                {"name": aura, "counters": {"suspense": 1}},
                {"name": "Hungry for More (red)", "counters": {"suspense": 2}},
            ],
            "life": 10,
        },
        "P2": {"life": 20},
    }
    lines = [
        "P1 plays Brutal Assault (red)",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
    ]
    r = run_log(given, lines, fabrary_cards, all_read=True)
    p1 = _state(r)["P1"]
    assert p1["graveyard"] == [aura.split(" (")[0]]
    assert [(c["name"], c["counters"]) for c in p1["permanents"]] == [("Hungry for More", ["suspense"])]
    assert p1["life"] == 10  # Hungry for More did not leave: no life gained
    assert _state(r)["P2"]["life"] == 20 - 6 - bonus


# --- Playing from the banished zone: rune gate (CR 8.3.27) and "You may play this from your banished
# zone" (CR 5.1.1a) ------------------------------------------------------------------------------------


def _banished(banished: list[str], runechants: int = 0, resources: int = 0, **p1: Any) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": resources,
            "banished": banished,
            "permanents": ["Runechant"] * runechants,
            **p1,
        },
        "P2": {"life": 20},
    }


_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


@pytest.mark.parametrize(
    ("card", "line"),
    [
        ("Vantom Wraith (red)", "P1 plays Vantom Wraith (red) from banished"),
        ("Vantom Banshee (red)", "p1 play Vantom Banshee from banished zone"),
        ("Rift Skitter (red)", "P1 plays Rift Skitter (red) from their banished zone"),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_rune_gate_plays_from_banished_without_paying_with_enough_runechants(fabrary_cards, card, line):
    """CR 8.3.27: with Runechants equal to or greater than its cost, the card is played from the
    banished zone for no resources (P1 has none); the Runechants then deal their arcane damage."""
    name = card.split(" (")[0]
    assert _computed(fabrary_cards, name, "rune gate")
    cost = fabrary_cards.get(card).cost or 0
    r = run_log(_banished([card], runechants=max(cost, 1)), [line, *_THROUGH], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert any("rune gated" in m for m in messages(r, "note"))
    state = _state(r)
    assert state["P1"]["banished"] == []
    power = fabrary_cards.get(card).power or 0
    assert state["P2"]["life"] == 20 - power - max(cost, 1)


def test_rune_gate_needs_enough_runechants(fabrary_cards):
    """CR 8.3.27: fewer Runechants than its cost: no permission to play it from the banished zone."""
    cost = fabrary_cards.get("Vantom Wraith (red)").cost or 0
    assert cost >= 2
    r = run_log(
        _banished(["Vantom Wraith (red)"], runechants=cost - 1, resources=5),
        ["P1 plays Vantom Wraith (red) from banished"],
        fabrary_cards,
    )
    assert any("rune gate" in m for m in messages(r, "violation"))
    assert [c["name"] for c in _state(r)["P1"]["banished"]] == ["Vantom Wraith"]


@pytest.mark.parametrize(
    ("card", "line"),
    [
        ("Ghostly Visit (red)", "P1 plays Ghostly Visit (red) from banished"),
        ("Void Wraith (red)", "p1 play Void Wraith from banished zone"),
        (
            "Piercing Shadow Vise (red)",
            "P1 plays Piercing Shadow Vise from their banished zone, paying for it",
        ),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_own_permission_plays_a_card_from_banished_paying_its_cost(fabrary_cards, card, line):
    """CR 5.1.1a: the card's own "You may play this from your banished zone" lets it be played there;
    its cost is paid as usual."""
    name = card.split(" (")[0]
    assert _computed(fabrary_cards, name, "from your banished zone")
    cost = fabrary_cards.get(card).cost or 0
    r = run_log(_banished([card], resources=cost), [line, *_THROUGH], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = _state(r)
    assert state["P1"]["banished"] == []
    assert state["P1"]["resource_points"] == 0
    assert state["P2"]["life"] == 20 - (fabrary_cards.get(card).power or 0)


def test_conditional_permission_from_banished_is_checked_on_play(fabrary_cards):
    """Deep Rooted Evil: "If a card with 6 or more {p} has been put into your banished zone this turn"
    (the turn's log of banished cards): unmet, the play is reversed; met by a boost that banished a
    6-power card, it is played."""
    assert _computed(fabrary_cards, "Deep Rooted Evil", "from your banished zone")
    cost = fabrary_cards.get("Deep Rooted Evil").cost or 0
    r = run_log(
        _banished(["Deep Rooted Evil"], resources=cost),
        ["P1 plays Deep Rooted Evil from banished"],
        fabrary_cards,
    )
    assert any("banished zone only if" in m for m in messages(r, "violation"))
    given = _banished(["Deep Rooted Evil"], resources=cost, hand=["Brutal Assault (red)"])
    r = run_log(
        given,
        ["adj: P1 moves Brutal Assault from hand to banished", "P1 plays Deep Rooted Evil from banished"],
        fabrary_cards,
        all_read=True,
    )
    assert not messages(r, "violation")
    assert [c["name"] for c in _state(r)["P1"]["banished"]] == ["Brutal Assault"]


# --- "Opt N" after an activated ability's first sentence (CR 8.5.22) ---------------------------------


@pytest.mark.parametrize(
    ("piece", "lines"),
    [
        (
            ("chest", "Seeker's Gilet"),
            ["P1 activates Seeker's Gilet, paying 1", "all pass", "P1 opts 1: Snatch on the bottom"],
        ),
        (
            ("head", "Seeker's Hood"),
            ["p1 activate Seeker's Hood pay 1", "all pass", "P1 opts 1: Snatch on the bottom"],
        ),
        (
            ("legs", "Seeker's Leggings"),
            [
                "P1 uses Seeker's Leggings's ability, paying 1, and it resolves",
                "P1 opts 1: Snatch on the bottom",
            ],
        ),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_seekers_equipment_prevents_then_opts(fabrary_cards, piece, lines):
    """The ability's second sentence "Opt 1" resolves with its first (the whole line's body is the
    layer's effect): the prevention shield waits, and the log's opt line moves the known top card."""
    assert _computed(fabrary_cards, piece[1], "opt 1")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 1,
            "equipment": {piece[0]: piece[1]},
            "deck_top": ["Snatch (red)"],
            "deck": 10,
        },
        "P2": {"life": 20},
    }
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert any("opt 1" in m for m in messages(r, "note"))
    p1 = _state(r)["P1"]
    assert p1["graveyard"] == [piece[1]]
    assert p1["deck_top"] == []
    assert p1["deck_bottom"] == ["Snatch"]
    assert p1["effects"] == ["Prevent the next 1 damage that would be dealt to you this turn."]


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 plays Grim Feast from banished, paying 1", "all pass"],
        ["p1 play Grim Feast from banished zone pay 1", "all pass"],
        ["P1 plays Grim Feast from their banished zone for 1 and it resolves"],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_banished_play_if_you_do_costs_less(fabrary_cards, lines):
    """Grim Feast (cost 3): "If you do, it costs {r}{r} less to play": 1 resource pays it from the
    banished zone, and it resolves (gain 3{h}); from hand it would cost 3."""
    assert _computed(fabrary_cards, "Grim Feast", "from your banished zone")
    r = run_log(_banished(["Grim Feast"], resources=1, life=10), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = _state(r)["P1"]
    assert (p1["life"], p1["resource_points"], p1["graveyard"]) == (13, 0, ["Grim Feast"])
    r = run_log(
        _banished([], resources=1, hand=["Grim Feast"]), ["P1 plays Grim Feast, paying 1"], fabrary_cards
    )
    assert messages(r, "violation")  # from hand, the full cost


def test_banished_play_if_you_do_gains_power_under_its_condition(fabrary_cards):
    """Bounding Demigon: after a 'non-attack' action card this turn it may be played from the banished
    zone and gains +1{p}; before one, it cannot."""
    assert _computed(fabrary_cards, "Bounding Demigon", "from your banished zone")
    r = run_log(
        _banished(["Bounding Demigon (red)"]),
        ["P1 plays Bounding Demigon (red) from banished"],
        fabrary_cards,
    )
    assert any("banished zone only if" in m for m in messages(r, "violation"))
    given = _banished(["Bounding Demigon (red)"], resources=2, hand=["Howl from Beyond (red)"])
    given["P1"]["action_points"] = 2
    lines = [
        "P1 plays Howl from Beyond (red), paying 2",
        "all pass",
        "P1 plays Bounding Demigon (red) from banished",
        *_THROUGH,
    ]
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert _state(r)["P2"]["life"] == 20 - (3 + 1 + 3)  # its 3{p}, +1{p} from the banished zone, +3{p} Howl


# --- "Your Mechanologist attack action cards get +1{p} / +1{d} / go again" (the Scripts, CR 6.2) ------


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 plays Zipper Hit (red)", *_THROUGH],
        ["p1 Zipper Hit", "p2 no block", "all pass", "all pass"],
        [
            "P1 attacks with Zipper Hit (red)",
            "P2 doesn't block",
            "all pass through the Reaction and Damage Steps",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_scripts_give_mechanologist_attacks_power_and_go_again(fabrary_cards, lines):
    """Penetration Script's +1{p} and MHz Script's go again apply to the Mechanologist attack action
    card as it becomes a chain link."""
    for name in ("Penetration Script", "MHz Script"):
        assert _computed(fabrary_cards, name, "attack action cards get")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 1,
            "hand": ["Zipper Hit (red)"],
            "permanents": [{"name": "Penetration Script", "counters": {"steam": 1}}, "MHz Script"],
        },
        "P2": {"life": 20},
    }
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = _state(r)
    assert state["P2"]["life"] == 20 - 5 - 1
    assert state["combat_chain"]["links"][0]["go_again"] is True


def test_scripts_leave_other_attacks_alone_and_security_script_adds_defense(fabrary_cards):
    """Brutal Assault is no Mechanologist card: no bonus. Security Script's +1{d} counts for its
    controller's Mechanologist attack action card defending."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 3,
            "hand": ["Brutal Assault (red)"],
            "permanents": ["Penetration Script", "MHz Script"],
        },
        "P2": {"life": 20, "hand": ["Zipper Hit (red)"], "permanents": ["Security Script"]},
    }
    lines = [
        "P1 plays Brutal Assault (red)",
        "all pass to the Defend Step",
        "P2 defends with Zipper Hit (red)",
        "all pass through the Reaction and Damage Steps",
    ]
    r = run_log(given, lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    link = _state(r)["combat_chain"]["links"][0]
    assert link["defending"][0]["defense"] == 3 + 1
    assert link["go_again"] is False
    power = fabrary_cards.get("Brutal Assault (red)").power
    assert _state(r)["P2"]["life"] == 20 - max(0, power - 4)


# --- "When this is banished from boosting, put a steam counter on a Hyper Driver you control" (CR 8.3.9)


@pytest.mark.parametrize(
    ("banished", "line"),
    [
        ("Big Bertha", "P1 plays Crankshaft (red), boosting (banishes Big Bertha)"),
        ("Crankshaft (red)", "p1 play Crankshaft (red) with boost"),
        ("Big Bertha", "P1 plays Crankshaft (red) and boosts (banishing Big Bertha)"),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_card_banished_by_boost_puts_a_steam_counter_on_a_hyper_driver(fabrary_cards, banished, line):
    """CR 8.3.9, 6.6: the boosted card's own trigger goes on the stack above the attack and resolves
    before the defence (implied passes); the Hyper Driver gets a steam counter."""
    assert _computed(fabrary_cards, banished.split(" (")[0], "banished from boosting")
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 2,
            "hand": ["Crankshaft (red)"],
            "deck_top": [banished],
            "deck": 10,
            "permanents": [{"name": "Hyper Driver", "counters": {"steam": 1}}],
        },
        "P2": {"life": 20},
    }
    r = run_log(given, [line, *_THROUGH], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = _state(r)
    assert state["P1"]["permanents"][0]["counters"] == ["steam", "steam"]
    assert [c["name"] for c in state["P1"]["banished"]] == [banished.split(" (")[0]]


def test_card_banished_by_boost_with_no_hyper_driver_does_nothing(fabrary_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 2,
            "hand": ["Crankshaft (red)"],
            "deck_top": ["Big Bertha"],
            "deck": 10,
            "permanents": ["Penetration Script"],
        },
        "P2": {"life": 20},
    }
    r = run_log(
        given, ["P1 plays Crankshaft (red), boosting (banishes Big Bertha)", *_THROUGH], fabrary_cards
    )
    assert not messages(r, "violation")
    assert _state(r)["P1"]["permanents"][0]["counters"] == []


# --- Beat chest (CR 8.3.33) and "if you've beaten chest this turn" ---------------------------------


def _brute(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 3, "hand": hand},
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    ("card", "token", "line"),
    [
        ("Pound Town (red)", "Might", "P1 plays Pound Town (red), discarding Assault and Battery (red)"),
        (
            "Assault and Battery (red)",
            "Agility",
            "p1 play Assault and Battery (red) beating chest with Pound Town (red)",
        ),
        (
            "Pound Town (red)",
            "Might",
            "P1 plays Pound Town (red) and beats chest by discarding Assault and Battery (red)",
        ),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_beat_chest_discards_a_six_power_card_and_the_attack_trigger_makes_its_token(
    fabrary_cards, card, token, line
):
    """CR 8.3.33: the named card with 6 or more {p} is discarded as the additional cost; the turn's log
    then has beaten chest, so "When this attacks, if you've beaten chest this turn, create a X token"
    creates it as the attack's trigger resolves."""
    name = card.split(" (")[0]
    assert _computed(fabrary_cards, name, "beat chest")
    assert _computed(fabrary_cards, name, "if you've beaten chest this turn")
    other = "Assault and Battery (red)" if card.startswith("Pound") else "Pound Town (red)"
    r = run_log(_brute([card, other]), [line, *_THROUGH], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = _state(r)["P1"]
    assert p1["graveyard"] == [other.split(" (")[0]]
    assert [c["name"] for c in p1["permanents"]] == [token]


def test_beat_chest_needs_six_power_and_a_silent_line_has_not_beaten(fabrary_cards):
    r = run_log(
        _brute(["Pound Town (red)", "Sink Below (red)"]),
        ["P1 plays Pound Town (red), discarding Sink Below (red)"],
        fabrary_cards,
    )
    assert any("beat chest" in m for m in messages(r, "violation"))
    r = run_log(_brute(["Pound Town (red)"]), ["P1 plays Pound Town (red)", *_THROUGH], fabrary_cards)
    assert not messages(r, "violation")
    assert _state(r)["P1"]["permanents"] == []


# --- Scrap (CR 8.3.32) and "if it scrapped a card" ---------------------------------------------------


def _scrapper(card: str, graveyard: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 3, "hand": [card], "graveyard": graveyard},
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "line",
    [
        "P1 plays Junkyard Dogg (red), scrapping Copper Cog",
        "p1 play Junkyard Dogg (red) scrapping Copper Cog",
        "P1 plays Junkyard Dogg (red) and scraps the Copper Cog from their graveyard",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_scrap_banishes_an_item_from_the_graveyard_and_the_attack_gets_its_bonus(fabrary_cards, line):
    """CR 8.3.32: Copper Cog goes from the graveyard to the banished zone as the cost; "When this
    attacks, if it scrapped a card, this gets +1{p}" then applies (6 + 1 damage)."""
    assert _computed(fabrary_cards, "Junkyard Dogg", "scrap")
    assert _computed(fabrary_cards, "Junkyard Dogg", "if it scrapped a card")
    r = run_log(
        _scrapper("Junkyard Dogg (red)", ["Copper Cog"]), [line, *_THROUGH], fabrary_cards, all_read=True
    )
    assert not messages(r, "violation")
    state = _state(r)
    assert state["P1"]["graveyard"] == []  # Junkyard Dogg is still attacking
    assert [c["name"] for c in state["P1"]["banished"]] == ["Copper Cog"]
    assert state["P2"]["life"] == 20 - 6 - 1


@pytest.mark.parametrize(
    ("card", "check"),
    [
        ("Scrap Hopper (red)", lambda p1: [c["name"] for c in p1["permanents"]] == ["Quicken"]),
        ("Scrap Prospector (red)", lambda p1: p1["resource_points"] == 3 + 1),
    ],
)
def test_scrap_attack_triggers_make_their_effect_only_when_scrapped(fabrary_cards, card, check):
    name = card.split(" (")[0]
    assert _computed(fabrary_cards, name, "if it scrapped a card")
    r = run_log(
        _scrapper(card, ["Teklo Core"]), [f"P1 plays {card}, scrapping Teklo Core", *_THROUGH], fabrary_cards
    )
    assert not messages(r, "violation")
    assert check(_state(r)["P1"])
    r = run_log(_scrapper(card, ["Teklo Core"]), [f"P1 plays {card}", *_THROUGH], fabrary_cards)
    assert not check(_state(r)["P1"])  # not scrapped: the trigger's condition does not hold


def test_scrap_needs_an_item_or_equipment_in_the_graveyard(fabrary_cards):
    r = run_log(
        _scrapper("Junkyard Dogg (red)", ["Brutal Assault (red)"]),
        ["P1 plays Junkyard Dogg (red), scrapping Brutal Assault (red)"],
        fabrary_cards,
    )
    assert any("neither an item nor an equipment" in m for m in messages(r, "violation"))
    assert _state(r)["P1"]["graveyard"] == ["Brutal Assault"]


# --- Transcend (CR 8.5.48, 9.1.5) and "if you've transcended this turn" ------------------------------


def _mystic(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 3, "hand": hand, "life": 10},
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    ("instant", "lines"),
    [
        (
            "Homage to Ancestors",
            [
                "P1 plays Second Tenet of Chi: Tide, paying 3",
                "all pass to the Defend Step",
                "P2 declares no defending cards",
                "P1 plays Homage to Ancestors",
                "all pass",
                "all pass through the Reaction and Damage Steps",
            ],
        ),
        (
            "The Grain that Tips the Scale",
            [
                "p1 play Second Tenet of Chi: Tide",
                "p2 no block",
                "p1 play The Grain that Tips the Scale",
                "all pass",
                "all pass",
                "all pass",
            ],
        ),
        (
            "Path Well Traveled",
            [
                "P1 attacks with Second Tenet of Chi: Tide, paying 3",
                "P2 doesn't block",
                "P1 plays Path Well Traveled and it resolves",
                "all pass through the Reaction and Damage Steps",
            ],
        ),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_instant_transcends_after_another_blue_card_and_the_tenet_gets_its_bonus(
    fabrary_cards, instant, lines
):
    """CR 8.5.48: with another blue card played this turn (the attack), the instant goes to its owner's
    hand with its back face (a card in hand the engine does not name) instead of the graveyard; then
    "If you've transcended this turn, this gets +2{p}" gives the attack 5 + 2."""
    assert _computed(fabrary_cards, instant, "transcend")
    assert _computed(fabrary_cards, "Second Tenet of Chi: Tide", "transcended")
    r = run_log(_mystic(["Second Tenet of Chi: Tide", instant]), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    assert any("transcends" in m for m in messages(r, "note"))
    state = _state(r)
    assert instant not in state["P1"]["graveyard"]
    assert state["P1"]["hand_unknown"] == 1
    bonus = 1 if instant == "The Grain that Tips the Scale" else 0
    assert state["P2"]["life"] == 20 - 5 - 2 - bonus


def test_instant_without_another_blue_card_does_not_transcend(fabrary_cards):
    r = run_log(_mystic(["Homage to Ancestors"]), ["P1 plays Homage to Ancestors", "all pass"], fabrary_cards)
    p1 = _state(r)["P1"]
    assert (p1["graveyard"], p1["hand_unknown"], p1["life"]) == (["Homage to Ancestors"], 0, 11)


# --- Reload (CR 8.5.23) --------------------------------------------------------------------------------


def _ranger(arsenal: list[str] | None = None) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 1,
            "hand": ["Over Flex (red)", "Snatch (red)"],
            "arsenal": arsenal or [],
        },
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 plays Over Flex (red)", "all pass", "P1 puts Snatch (red) face down into their arsenal"],
        ["p1 play Over Flex", "all pass", "P1 puts Snatch into arsenal"],
        [
            "P1 plays Over Flex (red) and it resolves",
            "then P1 put Snatch (red) face-down into the arsenal",
        ],
    ],
    ids=["formal", "terse", "conversational"],
)
def test_reload_puts_a_card_from_hand_into_the_empty_arsenal(fabrary_cards, lines):
    """CR 8.5.23: the resolved "Reload" offers it; the log's arsenal line in the action phase takes it."""
    assert _computed(fabrary_cards, "Over Flex", "reload")
    assert _computed(fabrary_cards, "Take Cover", "reload")
    r = run_log(_ranger(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = _state(r)["P1"]
    assert p1["arsenal"] == [{"name": "Snatch", "face": "down"}]
    assert p1["hand"] == []


def test_reload_with_an_occupied_arsenal_is_reversed_and_without_the_line_nothing_moves(fabrary_cards):
    r = run_log(
        _ranger(["Sink Below (red)"]),
        ["P1 plays Over Flex (red)", "all pass", "P1 puts Snatch (red) face down into their arsenal"],
        fabrary_cards,
    )
    assert any("reload" in m for m in messages(r, "violation"))
    r = run_log(_ranger(), ["P1 plays Over Flex (red)", "all pass", "P1 passes"], fabrary_cards)
    assert _state(r)["P1"]["arsenal"] == []
