"""Shapes the fifth blind batch (``scenarios/blind-26e.yaml``) found unread or misread, closed the
general way. Each situation is told formally, tersely and conversationally: every telling is read in
full (no unreadable clause), has no violation and derives the same facts; further tests check that the
rules the new readings sit next to still bite (docs/reconstruction.md, "Sixth pass")."""

from __future__ import annotations

from typing import Any

import pytest

from .replaying import messages, run_log

ATTACK_A = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 3, "defense": 2,
            "keywords": ["go again"]}  # fmt: skip
ATTACK_B = {"name": "Attack B", "type": "attack action", "cost": 2, "pitch": 1, "power": 4, "defense": 2}
ATTACK_P = {"name": "Attack P", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}
CARD_BLUE = {"name": "Card Blue", "type": "action", "cost": 0, "pitch": 3, "defense": 3}
CARD_K = {"name": "Card K", "type": "action", "cost": 0, "pitch": 1, "defense": 2}
DR_ONE = {"name": "DR One", "type": "defense reaction", "cost": 1, "pitch": 1, "defense": 3}
BUFF = {"name": "Buff N", "type": "non-attack action", "cost": 0, "pitch": 1, "defense": 2,
        "keywords": ["go again"], "text": "Your next attack this turn gets +2{p}."}  # fmt: skip
BOLT = {"name": "Bolt Q", "type": "non-attack action", "cost": 1, "pitch": 1, "defense": 3,
        "text": "Deal 3 arcane damage to target hero."}  # fmt: skip
HOOD = {"name": "Hood N", "type": "equipment (head)", "defense": 0, "keywords": ["arcane barrier 1"]}
PUMMEL = {"name": "Pummel P", "type": "attack reaction", "cost": 0, "pitch": 1, "defense": 2,
          "text": "Choose 1;\n- Target club or hammer weapon attack gains +4{p}.\n"
          "- Target attack action with cost 2 or greater gains +4{p}."}  # fmt: skip
HITTER = {"name": "Attack L", "type": "attack action", "cost": 0, "pitch": 1, "power": 3, "defense": 2,
          "text": "When this hits, the defending hero loses 1{h}."}  # fmt: skip


def _closed(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"turn": "P1", "phase": "action", "combat_chain": "closed", "first_turn": False,
            "P1": {"life": 20, "intellect": 4, "deck": 20, **p1},
            "P2": {"life": 20, "intellect": 4, "deck": 20, **(p2 or {"hand": []})}}  # fmt: skip


def _reaction(attack: dict[str, Any], p1: dict[str, Any], p2: dict[str, Any]) -> dict[str, Any]:
    g = _closed(p1, p2)
    g.pop("combat_chain")
    g["step"] = "reaction (chain link 1)"
    g["combat_chain"] = {"links": [{"link": 1, "attack": attack, "defending": []}]}
    return g


SITUATIONS: list[tuple[str, dict[str, Any], list[list[str]], list[str]]] = [
    (
        "a go-again chain paid from the pool, told as it happened",
        _closed({"action_points": 1, "hand": [ATTACK_A, ATTACK_B, CARD_BLUE]}),
        [
            [
                "P1 plays Attack A targeting P2's hero",
                "all pass to the Defend Step; P2 declares no defending cards",
                "all pass through the Reaction and Damage Steps",
                "P1 plays Attack B targeting P2's hero, pitching Card Blue",
                "all pass to the Defend Step; P2 declares no defending cards; all pass to the Damage Step",
            ],
            ["P1 Attack A, no blk, 3. Attack B (pitch Card Blue), no blk, 4."],
            [
                "so P1 swings Attack A and P2 just takes it, 3 in",
                "then Attack B, pitch Card Blue, no block, 4",
            ],
        ],
        ["P2.life", "P1.pitch_zone", "P1.resource_points"],
    ),
    (
        "a resolution said bare after a play, and a go-again action",
        _closed({"action_points": 1, "hand": [BUFF, ATTACK_P]}),
        [
            ["P1 plays Buff N", "all pass (Buff N resolves)", "P1 plays Attack P targeting P2's hero"],
            ["P1 Buff N -> res; Attack P at P2"],
            ["P1 plays Buff N, it resolves too", "then P1 plays Attack P right away at P2"],
        ],
        ["P1.action_points", "P1.graveyard", "stack"],
    ),
    (
        "two defense reactions, the second paid with the floating points",
        _reaction(
            {"name": "Attack E", "type": "attack action", "power": 8},
            {},
            {"resource_points": 0, "hand": [DR_ONE, dict(DR_ONE, name="DR Two", cost=2), CARD_BLUE]},
        ),
        [
            [
                "P1 passes",
                "P2 plays DR One, pitching Card Blue",
                "all pass (DR One resolves)",
                "P1 passes",
                "P2 plays DR Two, paying 2 with floating resource points",
                "all pass (DR Two resolves)",
            ],
            [
                "P1 passes; P2 DR One (pitch Card Blue); resolves",
                "P1 passes; P2 DR Two w/ the 2 floating; res",
            ],
            [
                "P1 passes, P2 plays DR One pitching Card Blue and it resolves",
                "P1 passes again and P2 plays DR Two paying the 2 floating resources, it resolves too",
            ],
        ],
        ["P2.resource_points", "P2.hand", "P2.pitch_zone"],
    ),
    (
        "the end of a turn narrated with pronouns",
        {
            **_closed(
                {
                    "action_points": 0,
                    "hand": [CARD_K, dict(CARD_K, name="Card A")],
                    "pitch_zone": [{"name": "Card X", "pitch": 3}],
                }
            )
        },
        [
            [
                "all pass (the action phase ends)",
                "P1 puts Card A face-down into their arsenal",
                "P1 puts Card X on the bottom of their deck",
                "P1 draws 3",
            ],
            ["P1 passes, eot. P1 arsenals Card A; Card X goes to the bottom; P1 draws 3"],
            [
                "P1's done, passes, end of turn. They stick Card A in arsenal face down, Card X goes to the bottom, "
                "and they draw 3 back up to 4"
            ],
        ],
        ["P1.arsenal", "P1.hand_size", "P1.deck", "P1.pitch_zone"],
    ),
    (
        "an arcane barrier paid for by pitching, with the colour said before the name",
        _closed(
            {"action_points": 1, "hand": [BOLT, dict(CARD_BLUE, name="Bolt Q", pitch=3)]},
            {"resource_points": 0, "hand": [CARD_K], "equipment": {"head": HOOD}},
        ),
        [
            [
                "P1 plays Bolt Q (red) targeting P2's hero, pitching Bolt Q (blue)",
                "all pass (Bolt Q resolves)",
                "P2 applies Arcane Barrier 1, pitching Card K",
            ],
            ["P1 Bolt Q (red) at P2, pitching the blue Bolt Q; res; P2 AB1, pitch Card K"],
            [
                "P1 fires off the red Bolt Q at P2, pitching the blue Bolt Q",
                "it resolves; P2 pitches Card K for Hood N's barrier 1, takes 2",
            ],
        ],
        ["P2.life", "P2.pitch_zone", "P1.pitch_zone"],
    ),
    (
        "a lethal hit trigger narrated after the pass that resolves it",
        {
            "turn": "P1",
            "phase": "action",
            "step": "reaction (chain link 1)",
            "first_turn": False,
            "combat_chain": {"links": [{"link": 1, "attack": HITTER, "defending": []}]},
            "P1": {"life": 20},
            "P2": {"life": 4, "hand": []},
        },  # fmt: skip
        [
            ["all pass; Damage Step - Attack L deals 3", "all pass (the hit trigger resolves)"],
            [
                "all pass; Attack L deals 3, P2 at 1; hit trigger goes on the stack",
                "all pass, P2 loses 1 life",
            ],
            [
                "everyone passes and Attack L hits for 3",
                "all pass, the trigger resolves, P2 loses 1 life and that's game",
            ],
        ],
        ["P2.life", "game.over"],
    ),
]


def _get(payload: dict[str, Any], path: str) -> Any:
    head, _, key = path.partition(".")
    if head == "game":
        return payload["state"]["game"][key]
    if head == "stack":
        return [layer["card"] for layer in payload["state"]["stack"]]
    value = payload["state"][head][key]
    return [c["name"] if isinstance(c, dict) else c for c in value] if isinstance(value, list) else value


def _facts(given: dict[str, Any], lines: list[str], keys: list[str]) -> dict[str, Any]:
    result = run_log(given, lines)
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


def test_an_attack_in_the_damage_step_from_a_start_position_is_still_illegal() -> None:
    """CR 7.0.1a: the passes to the Resolution Step are implied only when the line says that step or the
    go-again chain was told as it happened; from a start position in the Damage Step the play is flagged."""
    g = {"turn": "P1", "phase": "action", "step": "damage (chain link 1)", "first_turn": False,
         "combat_chain": {"links": [{"link": 1, "attack": ATTACK_A, "defending": [], "damage": 3, "hit": True}]},
         "P1": {"action_points": 0, "hand": [ATTACK_P]}, "P2": {"life": 17}}  # fmt: skip
    result = run_log(g, ["P1 plays Attack P targeting P2's hero"])
    assert messages(result, "violation")
    said = run_log(g, ["P1 plays Attack P targeting P2's hero in the resolution step"])
    assert any("Resolution Step are implied" in m for m in messages(said, "note"))


def test_a_second_attack_without_go_again_is_flagged_under_action_points() -> None:
    """CR 8.1.1c: "then P1 plays Attack B right away in the resolution step" after an attack without go
    again is read, and the play costs an action point P1 does not have."""
    g = _closed({"action_points": 1, "hand": [ATTACK_P, dict(ATTACK_P, name="Attack Q")]})
    result = run_log(
        g, ["so P1 swings with Attack P and P2 just takes it, goes to 16",
            "then P1 plays Attack Q right away in the resolution step"],
    )  # fmt: skip
    assert not messages(result, "unreadable")
    assert any("action point" in m for m in messages(result, "violation"))


def test_no_mode_fitting_the_attack_is_a_violation() -> None:
    """CR 5.1.5, 1.8.5d: a "Choose 1" card whose every mode's target description misses the attack has
    no legal target, whichever mode was meant."""
    g = _reaction(dict(ATTACK_P, name="Attack Z"), {"hand": [PUMMEL]}, {"hand": []})
    result = run_log(g, ["P1 wants +4 so plays Pummel P targeting Attack Z"])
    assert any("no mode of Pummel P fits" in m for m in messages(result, "violation"))


def test_the_older_edition_gives_no_priority_in_the_damage_step() -> None:
    """Older CR 7.5.1 (given.rules_version): an instant said to be played in the Damage Step cites it."""
    instant = {"name": "Instant H", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 2{h}."}
    g = _reaction({"name": "Attack E", "type": "attack action", "power": 4}, {}, {"hand": [instant]})
    g["rules_version"] = "older"
    result = run_log(g, ["all pass; Damage Step, Attack E deals 4", "P2 plays Instant H in the Damage Step"])
    found = [f for f in result.findings if f.kind == "violation"]
    assert found and "7.5.1" in found[0].rules
    newer = dict(g)
    newer.pop("rules_version")
    assert not messages(run_log(newer, ["all pass; Damage Step, Attack E deals 4", "P1 passes",
                                        "P2 plays Instant H"]), "violation")  # fmt: skip


def test_a_prevention_instant_shields_the_hero_it_targets() -> None:
    """CR 5.3.1, 6.4.10: "Prevent the next 3 damage that would be dealt to target hero this turn" played
    in response resolves first and shields the hero targeted, not its controller's."""
    shield = {"name": "Instant P", "type": "instant", "cost": 0, "pitch": 1,
              "text": "Prevent the next 3 damage that would be dealt to target hero this turn."}  # fmt: skip
    g = _closed({"action_points": 1, "hand": [dict(BOLT, cost=0)]}, {"hand": [shield]})
    lines = ["P1 plays Bolt Q targeting P2's hero", "P2 responds with Instant P targeting themselves",
             "all pass (Instant P resolves); all pass (Bolt Q resolves)"]  # fmt: skip
    result = run_log(g, lines)
    assert result.to_json(with_findings=False)["state"]["P2"]["life"] == 20
    g2 = _closed({"action_points": 1, "hand": [dict(BOLT, cost=0)]}, {"hand": [shield]})
    lines2 = ["P1 plays Bolt Q targeting P2's hero", "P2 responds with Instant P targeting P1's hero",
              "all pass (Instant P resolves); all pass (Bolt Q resolves)"]  # fmt: skip
    assert run_log(g2, lines2).to_json(with_findings=False)["state"]["P2"]["life"] == 17
