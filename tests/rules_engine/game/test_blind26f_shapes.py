"""Shapes and rules the sixth blind batch (``scenarios/blind-26f.yaml``) found unread or unchecked,
closed the general way (docs/reconstruction.md, "Seventh pass"). Each situation is told formally,
tersely and conversationally: every telling is read in full, has no violation and derives the same
facts. The rule tests give a legal and an illegal case each, told in different registers."""

from __future__ import annotations

from typing import Any

import pytest

from .replaying import messages, run_log

ATTACK_A = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 3, "defense": 2}
ATTACK_GA = dict(ATTACK_A, name="Attack G", keywords=["go again"])
CARD_Y = {"name": "Card Y", "type": "action", "cost": 0, "pitch": 2, "defense": 2}
CARD_K = {"name": "Card K", "type": "action", "cost": 0, "pitch": 1, "defense": 3}
SWORD = {"name": "Sword S", "type": "weapon (1H)", "power": 3, "text": "Once per Turn Action - {r}: Attack"}
BOLT = {"name": "Bolt Z", "type": "non-attack action", "cost": 0, "pitch": 1, "defense": 2,
        "text": "Deal 3 arcane damage to target hero."}  # fmt: skip
HOOD = {"name": "Hood H", "type": "equipment (head)", "defense": 0, "keywords": ["arcane barrier 1"]}
ROBE = {"name": "Robe R", "type": "equipment (chest)", "defense": 0, "keywords": ["arcane barrier 1"]}


def _closed(p1: dict[str, Any], p2: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"turn": "P1", "phase": "action", "combat_chain": "closed", "first_turn": False, **extra,
            "P1": {"life": 20, "intellect": 4, "deck": 20, **p1},
            "P2": {"life": 20, "intellect": 4, "deck": 20, **(p2 or {"hand": []})}}  # fmt: skip


SITUATIONS: list[tuple[str, dict[str, Any], list[list[str]], list[str]]] = [
    (
        "one attack through every step to the close, in pass/pass notation and with pronouns",
        _closed({"action_points": 1, "hand": [ATTACK_A]}),
        [
            [
                "P1 plays Attack A targeting P2's hero",
                "all pass to the Defend Step; P2 declares no defending cards",
                "all pass through the Reaction and Damage Steps",
                "all pass (the combat chain closes)",
            ],
            [
                "P1 atk A @P2",
                "pass to DS, P2 no blk",
                "pass/pass -> rxn step; pass/pass -> DS, 3 dmg",
                "res step all pass",
            ],
            [
                "she leads with Attack A",
                "nobody does anything else and we go to blocks, P2 doesn't block",
                "no reactions, she takes 3",
                "everyone passes and the chain closes",
            ],
        ],
        ["P2.life", "P1.graveyard", "P1.action_points"],
    ),
    (
        "a go-again attack, then the weapon swung in the Resolution Step",
        _closed({"action_points": 1, "resource_points": 0, "weapons": [SWORD], "hand": [ATTACK_GA, CARD_Y]}),
        [
            [
                "P1 plays Attack G targeting P2's hero",
                "all pass to the Defend Step; P2 declares no defending cards; all pass through the Reaction and Damage Steps",
                "P1 activates Sword S targeting P2's hero, pitching Card Y (pitch 2)",
                "all pass to the Defend Step; P2 declares no defending cards; all pass through the Reaction and Damage Steps",
            ],
            [
                "P1 atk G @P2; P2 no blk; no rxn; 3 dmg",
                "res step: P1 +1 AP (go again); P1 swings Sword S (pitch Y (2))",
                "pass to DS, P2 no blk; no rxn; 3 dmg",
            ],  # fmt: skip
            [
                "she leads with Attack G, P2 doesn't block and takes 3",
                "go again gives her the action point back, then she swung with the sword, pitching Card Y for it",
                "P2 didn't block that either and took the 3",
            ],
        ],
        ["P2.life", "P1.action_points", "P1.resource_points", "P1.pitch_zone"],
    ),
    (
        "two arcane barriers paid with one pitched card",
        _closed(
            {"action_points": 1, "hand": [BOLT]},
            {"resource_points": 0, "hand": [CARD_Y], "equipment": {"head": HOOD, "chest": ROBE}},
        ),
        [
            [
                "P1 plays Bolt Z targeting P2's hero",
                "all pass (Bolt Z resolves); P2 applies Arcane Barrier 1 of Hood H, pitching Card Y (pitch 2); "
                "P2 applies Arcane Barrier 1 of Robe R",
            ],
            ["P1 Bolt Z @P2 hero", "pass/pass, Z res: P2 AB1 Hood + AB1 Robe, pitch Y (2)"],
            [
                "P1 fires off Bolt Z at P2's hero for 3 arcane",
                "it resolves and P2 uses the Hood's arcane barrier 1, pitching Card Y; P2 uses the Robe's arcane barrier 1",
            ],
        ],
        ["P2.life", "P2.resource_points", "P2.pitch_zone", "P1.graveyard"],
    ),
    (
        "the end of a turn with labels and a hero's intellect as the reason",
        _closed(
            {
                "action_points": 0,
                "intellect": 3,
                "hand": [],
                "arsenal": [{"name": "Card Q", "face": "down"}],
                "pitch_zone": [{"name": "Card X", "pitch": 3}],
            },
            phase="end",
        ),  # fmt: skip
        [
            [
                "P1 does not put a card into their arsenal",
                "P1 puts Card X on the bottom of their deck",
                "P1 draws 3",
            ],
            ["EP: P1 no ars; pitch -> btm", "P1 draws 3"],
            [
                "P1 had nothing in hand to arsenal, and her arsenal's full anyway",
                "both pitch zones go to the bottom",
                "P1's hero only has 3 intellect so she draws 3",
            ],
        ],
        ["P1.hand_size", "P1.deck", "P1.pitch_zone", "P1.arsenal"],
    ),
    (
        "a defender's instant in the Attack Step, then the block",
        {
            "turn": "P1",
            "phase": "action",
            "step": "attack (chain link 1)",
            "first_turn": False,
            "combat_chain": {"links": [{"link": 1, "attack": dict(ATTACK_A, power=6), "defending": []}]},
            "P1": {"hand": []},
            "P2": {
                "life": 20,
                "hand": [
                    {
                        "name": "Instant W",
                        "type": "instant",
                        "cost": 0,
                        "pitch": 1,
                        "text": "Target attack gets -2{p}.",
                    },
                    CARD_K,
                ],
            },
        },  # fmt: skip
        [
            [
                "P1 passes; P2 plays Instant W targeting Attack A",
                "all pass (Instant W resolves)",
                "all pass to the Defend Step; P2 declares Card K (defense 3)",
                "all pass through the Reaction and Damage Steps",
            ],
            [
                "P1 pass; P2 Instant W on Attack A",
                "pass/pass - W res",
                "pass to DS, P2 blk K (3)",
                "no rxn; 1 dmg",
            ],
            [
                "P1 passes and P2 throws Instant W on Attack A to shrink it by 2",
                "they both pass, so W resolves and Attack A is down to 4",
                "nobody does anything else and we go to blocks, P2 blocks with Card K",
                "no reactions, P2 takes 1",
            ],
        ],
        ["P2.life", "P2.graveyard", "P2.hand"],
    ),
]


def _get(payload: dict[str, Any], path: str) -> Any:
    head, _, key = path.partition(".")
    value = payload["state"][head][key]
    return [c["name"] if isinstance(c, dict) else c for c in value] if isinstance(value, list) else value


def _facts(given: dict[str, Any], lines: list[str], keys: list[str]) -> dict[str, Any]:
    result = run_log(given, lines, all_read=True)
    assert not messages(result, "unreadable"), messages(result, "unreadable")
    assert not messages(result, "violation"), messages(result, "violation")
    payload = result.to_json(with_findings=False)
    return {k: _get(payload, k) for k in keys}


@pytest.mark.parametrize(
    ("given", "lines", "keys", "formal"),
    [
        pytest.param(given, lines, keys, tellings[0], id=f"{name}-{register}")
        for name, given, tellings, keys in SITUATIONS
        for register, lines in zip(("formal", "terse", "conversational"), tellings, strict=True)
    ],
)
def test_three_registers_derive_the_same_state(
    given: dict[str, Any], lines: list[str], keys: list[str], formal: list[str]
) -> None:
    assert _facts(given, lines, keys) == _facts(given, formal, keys)


def _violation_rules(given: dict[str, Any], lines: list[str]) -> dict[int, list[str]]:
    result = run_log(given, lines, all_read=True)
    return {v["action"]: v["rules"] for v in result.violations}


@pytest.mark.parametrize(
    "lines",
    [
        [
            "Player 1 plays Resource R.",
            "P1 plays Attack A targeting P2's hero, pitching Resource R (pitch 3)",
        ],
        ["P1 Resource R", "P1 atk A @P2 (pitch Resource R)"],
        ["P1 tried to play Resource R", "so she played Attack A at P2, pitching Resource R"],
    ],
)
def test_a_resource_card_cannot_be_played_but_can_be_pitched(lines: list[str]) -> None:
    """CR 8.1.7a: a resource card is only pitched."""
    g = _closed(
        {
            "action_points": 1,
            "hand": [{"name": "Resource R", "type": "resource", "pitch": 3}, dict(ATTACK_A, cost=1)],
        }
    )
    assert _violation_rules(g, lines) == {1: ["8.1.7a", "1.10.3"]}


def test_a_play_said_in_the_start_phase_is_illegal_and_the_start_tokens_then_trigger() -> None:
    """CR 4.2.1: no priority in the Start Phase; a play the line places there is reversed, and a start
    position's Vigor still resolves when the action phase begins (CR 4.2.2)."""
    vigor = {
        "name": "Vigor",
        "type": "token aura",
        "text": "At the start of your turn, destroy this, then gain {r}.",
    }
    inst = {"name": "Instant I", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 1{h}."}
    g = _closed({"permanents": [vigor], "hand": [inst]}, phase="start")
    assert _violation_rules(g, ["Player 1 plays Instant I during the Start Phase."]) == {
        1: ["4.2.1", "1.11.3", "1.10.3"]
    }
    ok = run_log(g, ["The Vigor trigger resolves: Vigor is destroyed and Player 1 gains 1 resource point.",
                     "P1 plays Instant I"], all_read=True)  # fmt: skip
    assert not ok.violations
    assert ok.to_json(with_findings=False)["state"]["P1"]["resource_points"] == 1


@pytest.mark.parametrize(
    ("lines", "illegal"),
    [
        (["P1 puts Card X face-down into their arsenal"], True),
        (["P1 wanted to keep the blue so she put Card X from her pitch zone into arsenal"], True),
        (["P1 arsenals Card K"], False),
    ],
)
def test_the_arsenal_card_comes_from_hand(lines: list[str], illegal: bool) -> None:
    """CR 4.4.3b: only a card from hand goes into the arsenal at end of turn."""
    g = _closed({"hand": [CARD_K], "pitch_zone": [{"name": "Card X", "pitch": 3}]}, phase="end")
    assert (_violation_rules(g, lines) == {1: ["4.4.3b", "1.10.3"]}) is illegal


@pytest.mark.parametrize(
    ("text", "illegal"),
    [("", True), ("You may play this from your graveyard.", False)],
)
def test_a_card_is_played_from_the_graveyard_only_when_something_allows_it(text: str, illegal: bool) -> None:
    """CR 5.1.1a, 5.1.2b: hand or arsenal, unless a rule or effect (here the card's own) allows another zone."""
    g = _closed({"action_points": 1, "graveyard": [dict(ATTACK_A, name="Attack Q", text=text)], "hand": []})
    rules = _violation_rules(g, ["P1 grabs Attack Q out of her graveyard and plays it"])
    assert (rules.get(1) == ["5.1.1a", "1.10.3"]) is illegal


def test_only_the_controller_activates_a_token() -> None:
    """CR 5.2.2: the opponent cannot activate P1's Gold; P1 can."""
    gold = {
        "name": "Gold",
        "type": "token item",
        "text": "Action - {r}{r}, destroy this: Draw a card. Go again.",
    }
    g = _closed(
        {"action_points": 1, "permanents": [gold], "hand": [CARD_Y], "deck_top": [CARD_K]}, {"hand": [CARD_Y]}
    )
    assert _violation_rules(g, ["P2 tries to crack P1's Gold token, pitching Card Y"]) == {
        1: ["5.2.2", "1.10.3"]
    }
    assert _violation_rules(g, ["P1 cracks her Gold, pitching Card Y", "all pass"]) == {}


@pytest.mark.parametrize(("extra", "illegal"), [([], True), ([CARD_K], False)])
def test_an_additional_discard_cost_needs_a_card_left_after_the_pitch(
    extra: list[Any], illegal: bool
) -> None:
    """CR 5.1.8a, 1.14.4b: the pitch (an asset-cost, 5.1.7) is paid first; with no card left to discard
    the play is reversed, the pitch included."""
    attack = dict(
        ATTACK_A, name="Attack D", cost=1, text="As an additional cost to play this, discard a card."
    )
    g = _closed({"action_points": 1, "hand": [attack, CARD_Y, *extra]})
    result = run_log(g, ["P1 plays Attack D targeting P2's hero, pitching Card Y (pitch 2)"], all_read=True)
    assert bool(result.violations) is illegal
    if illegal:
        assert "5.1.8a" in result.violations[0]["rules"]
        assert result.to_json(with_findings=False)["state"]["P1"]["pitch_zone"] == []


@pytest.mark.parametrize(
    ("text", "illegal"),
    [("Target attack action card gets +3{p}.", True), ("Target attack gets +1{p}.", False)],
)
def test_a_weapon_attack_given_on_the_chain_is_the_weapons_attack_proxy(text: str, illegal: bool) -> None:
    """CR 1.4.3, 8.3.1, 1.8.5d: a chain link whose attack names the controller's weapon is that weapon's
    attack (not an attack action card) for a reaction's target."""
    g = {"turn": "P1", "phase": "action", "step": "reaction (chain link 1)", "first_turn": False,
         "combat_chain": {"links": [{"link": 1, "attack": {"name": "Sword S", "power": 3}, "defending": []}]},
         "P1": {"weapons": [SWORD], "hand": [{"name": "AR X", "type": "attack reaction", "cost": 0, "pitch": 1, "text": text}]},
         "P2": {"life": 20}}  # fmt: skip
    result = run_log(g, ["P1 plays AR X targeting Sword S"], all_read=True)
    assert bool(result.violations) is illegal


def test_an_effect_on_attacks_you_control_this_turn_outlasts_the_chain() -> None:
    """CR 6.2.2a, 4.4.4, 7.7.7: "this turn" ends with the turn, not with the combat chain."""
    inst = {
        "name": "Instant T",
        "type": "instant",
        "cost": 0,
        "pitch": 1,
        "text": "Attacks you control get +1{p} this turn.",
    }
    g = _closed({"action_points": 1, "hand": [inst, ATTACK_GA, dict(ATTACK_A, name="Attack B", power=4)]})
    lines = [
        "P1 plays Instant T; all pass (Instant T resolves)",
        "P1 plays Attack G targeting P2's hero; all pass to the Defend Step; P2 declares no defending cards; "
        "all pass through the Reaction and Damage Steps",
        "all pass (the combat chain closes)",
        "then P1 plays Attack B at P2, who doesn't block, and it hits for 5",
    ]
    result = run_log(g, lines, all_read=True)
    assert not result.violations
    assert result.to_json(with_findings=False)["state"]["P2"]["life"] == 20 - 4 - 5


def test_a_counter_on_target_equipment_you_control() -> None:
    """CR 8.5.14, 1.15.2a: the +1{d} counter goes on the equipment the instant targets."""
    inst = {"name": "Instant U", "type": "instant", "cost": 0, "pitch": 1,
            "text": "Put a +1{d} counter on target equipment you control."}  # fmt: skip
    helm = {"name": "Helm H", "type": "equipment (head)", "defense": 1}
    g = _closed({"action_points": 1, "hand": [inst], "equipment": {"head": helm}})
    result = run_log(
        g, ["P1 casts Instant U on her Helm H", "it resolves, the helm's a 2 now"], all_read=True
    )
    head = result.to_json(with_findings=False)["state"]["P1"]["equipment"]["head"]
    assert (head["counters"], head["defense"]) == (["+1{d}"], 2)


def test_a_pronoun_takes_the_player_its_verb_belongs_to() -> None:
    """Only the turn-player attacks and only the defending player takes the hit (CR 7.2, 7.5.2): "she"
    after P2 is named is the attacker when she swings, the defender when she takes the damage."""
    g = _closed({"action_points": 1, "hand": [ATTACK_GA, dict(ATTACK_A, name="Attack B")]})
    result = run_log(
        g,
        [
            "P1 plays Attack G at P2, who doesn't block, and it hits for 3",
            "then she swung Attack B",
            "she took 3",
        ],
        all_read=True,
    )
    assert not result.violations
    assert result.to_json(with_findings=False)["state"]["P2"]["life"] == 14
