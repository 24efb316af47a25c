"""Keywords the scenario files do not cover yet, as scenarios in the same format (CR 8.3, 8.6)."""

from __future__ import annotations

import pytest

from rules_engine.game.scenarios import run_scenario

DEFEND_LINK = {"links": [{"link": 1, "attack": {"name": "Attack A", "power": 5}, "defending": []}]}

SCENARIOS = [
    {
        "id": "x-guardwell",
        "given": {
            "turn": "P1",
            "phase": "action",
            "step": "defend (chain link 1)",
            "combat_chain": DEFEND_LINK,
            "P2": {
                "life": 20,
                "equipment": {
                    "chest": {
                        "name": "Chest G",
                        "type": "equipment (chest)",
                        "defense": 2,
                        "keywords": ["guardwell"],
                    }
                },
            },
        },
        "when": ["P2 declares Chest G", "all pass through the Defend, Reaction, Damage and Resolution Steps"],
        "expect": {
            "P2": {
                "life": 17,
                "equipment": {"chest": {"name": "Chest G", "defense": 0, "counters": ["-1{d}", "-1{d}"]}},
            },
            "combat_chain": {"state": "closed"},
            "violations": [],
        },
    },
    {
        "id": "x-ambush",
        "given": {
            "turn": "P1",
            "phase": "action",
            "step": "defend (chain link 1)",
            "combat_chain": DEFEND_LINK,
            "P2": {
                "life": 20,
                "arsenal": [
                    {"name": "Card M", "type": "action", "cost": 0, "pitch": 1, "defense": 3, "face": "down"}
                ],
                "hand": [],
            },
        },
        "when": [
            "P2 declares Card M from arsenal",
            "P2 declares no defending cards",
            "all pass through the Defend, Reaction and Damage Steps",
        ],
        "expect": {
            "violations": [{"action": 1, "rules": ["7.3.2a"]}],
            "P2": {"life": 15, "arsenal": ["Card M"]},
        },
    },
    {
        "id": "x-ambush-ok",
        "given": {
            "turn": "P1",
            "phase": "action",
            "step": "defend (chain link 1)",
            "combat_chain": DEFEND_LINK,
            "P2": {
                "life": 20,
                "arsenal": [
                    {
                        "name": "Card M",
                        "type": "action",
                        "cost": 0,
                        "pitch": 1,
                        "defense": 3,
                        "keywords": ["ambush"],
                        "face": "down",
                    }
                ],
            },
        },
        "when": ["P2 declares Card M from arsenal", "all pass through the Defend, Reaction and Damage Steps"],
        "expect": {
            "violations": [],
            "P2": {"life": 18, "arsenal": []},
            "combat_chain": {"links": [{"link": 1, "defending": ["Card M"], "damage": 2}]},
        },
    },
    {
        "id": "x-ephemeral",
        "given": {
            "turn": "P1",
            "phase": "action",
            "step": "resolution (chain link 1)",
            "combat_chain": {
                "links": [
                    {
                        "link": 1,
                        "attack": {
                            "name": "Attack E",
                            "type": "attack action",
                            "power": 3,
                            "keywords": ["ephemeral"],
                        },
                        "defending": [],
                        "resolved": True,
                    }
                ]
            },
            "P1": {"action_points": 0, "graveyard": []},
        },
        "when": ["all pass (Resolution Step ends; Close Step)"],
        "expect": {
            "P1": {"graveyard": []},
            "combat_chain": {"state": "closed", "links": 0},
            "violations": [],
        },
    },
    {
        "id": "x-arcane-shelter",
        "given": {
            "turn": "P1",
            "phase": "action",
            "combat_chain": "closed",
            "P1": {
                "action_points": 1,
                "hand": [
                    {
                        "name": "Action Z",
                        "type": "non-attack action",
                        "cost": 0,
                        "pitch": 1,
                        "defense": 2,
                        "text": "Deal 3 arcane damage to target hero.",
                    }
                ],
            },
            "P2": {
                "life": 20,
                "equipment": {
                    "head": {
                        "name": "Hood S",
                        "type": "equipment (head)",
                        "defense": 0,
                        "keywords": ["arcane shelter 2"],
                    }
                },
            },
        },
        "when": ["P1 plays Action Z targeting P2's hero", "all pass (Action Z resolves)"],
        "expect": {
            "P2": {"life": 19, "equipment": {"head": None}, "graveyard": ["Hood S"]},
            "violations": [],
        },
    },
    {
        "id": "x-aether-ashwing",
        "given": {
            "turn": "P1",
            "phase": "action",
            "combat_chain": "closed",
            "P1": {
                "action_points": 1,
                "hand": [
                    {
                        "name": "Action Z",
                        "type": "non-attack action",
                        "cost": 0,
                        "pitch": 1,
                        "defense": 2,
                        "text": "Deal 2 arcane damage to target hero.",
                    }
                ],
            },
            "P2": {
                "life": 20,
                "resource_points": 1,
                "permanents": [{"name": "Aether Ashwing", "type": "token ally"}],
            },
        },
        "when": [
            "P1 plays Action Z targeting P2's hero",
            "all pass (Action Z resolves)",
            "P2 applies Arcane Barrier 1 of Aether Ashwing, paying 1 resource point",
        ],
        "expect": {
            "P2": {"life": 19, "resource_points": 0, "permanents": ["Aether Ashwing"]},
            "violations": [],
        },
    },
    {
        "id": "x-arcane-barrier-on-physical-damage",
        "rules_version": "older",
        "given": {
            "turn": "P1",
            "phase": "action",
            "step": "reaction (chain link 1)",
            "combat_chain": {
                "links": [{"link": 1, "attack": {"name": "Attack A", "power": 4}, "defending": []}]
            },
            "P2": {
                "life": 20,
                "resource_points": 2,
                "equipment": {
                    "chest": {
                        "name": "Robe R",
                        "type": "equipment (chest)",
                        "defense": 0,
                        "keywords": ["arcane barrier 2"],
                    }
                },
            },
        },
        "when": [
            "all pass (Reaction Step ends); Damage Step",
            "P2 applies Arcane Barrier 2, paying 2 resource points",
        ],
        "expect": {
            "violations": [{"action": 2, "rules": ["8.3.8"]}],
            "P2": {"life": 16, "resource_points": 2},
            "combat_chain": {"step": "resolution"},
        },
    },
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_keyword_scenario(scenario: dict) -> None:
    result = run_scenario(scenario)
    assert not result.failures, "\n".join(
        result.failures + [f"{f.kind} {f.rules} {f.message}" for f in result.findings]
    )


def test_eloquence_gives_a_non_attack_action_go_again() -> None:
    scenario = {
        "id": "x-eloquence",
        "given": {
            "turn": "P1",
            "phase": "action",
            "combat_chain": "closed",
            "P1": {
                "action_points": 1,
                "permanents": [{"name": "Eloquence", "type": "token aura"}],
                "hand": [
                    {
                        "name": "Action N",
                        "type": "non-attack action",
                        "cost": 0,
                        "pitch": 1,
                        "defense": 2,
                        "text": "Gain 1{h}.",
                    }
                ],
            },
        },
        "when": [
            "P1 plays Action N",
            "all pass (the Eloquence trigger resolves)",
            "all pass (Action N resolves)",
        ],
        "expect": {
            "checkpoints": [
                {"after": 1, "stack": ["Action N", "Eloquence trigger"], "P1": {"permanents": ["Eloquence"]}}
            ],
            "P1": {"action_points": 1, "life": 21, "permanents": [], "graveyard": ["Action N"]},
            "violations": [],
        },
    }
    result = run_scenario(scenario)
    assert not result.failures, result.failures


# --- phantasm is checked again as its trigger resolves (CR 8.3.13a, 5.3.2a) ---------------------


def _phantasm_after_defending(big_power: int = 6):
    from rules_engine.game.log import names_for, replay
    from rules_engine.game.start import start_state

    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "hand": [
                {
                    "name": "Attack Ph",
                    "type": "Illusionist attack action",
                    "cost": 0,
                    "pitch": 1,
                    "power": 5,
                    "defense": 2,
                    "keywords": ["phantasm"],
                }
            ],
        },
        "P2": {
            "life": 20,
            "hand": [
                {
                    "name": "Card Big",
                    "type": "Generic attack action",
                    "cost": 2,
                    "pitch": 1,
                    "power": big_power,
                    "defense": 2,
                }
            ],
        },
    }
    state, cards = start_state(given)
    lines = ["P1 plays Attack Ph targeting P2's hero", "all pass to the Defend Step", "P2 declares Card Big"]
    rep = replay(state, lines, cards, names=names_for(state, lookup=cards))
    return rep, cards


def test_phantasm_trigger_does_nothing_when_the_defender_dropped_below_6_power():
    from rules_engine.game.engine import Engine
    from rules_engine.game.phrases import Parser
    from rules_engine.game.view import view

    rep, cards = _phantasm_after_defending()
    state = rep.final.clone()
    assert [layer.name for layer in state.stack] == ["Attack Ph phantasm trigger"]
    state.chain[0].defending[0].counters["power_effect"] = -2  # "Card Big gets -2{p}" resolved first
    step = Engine(cards).apply(state, Parser().parse(4, "all pass (the phantasm trigger resolves)"))

    assert [f.kind for f in step.findings] == ["note"] and "8.3.13a" in step.findings[0].rules
    after = view(step.state)
    assert after["combat_chain"]["state"] == "open" and after["stack"] == []


def test_phantasm_trigger_destroys_the_attack_while_the_condition_holds():
    from rules_engine.game.engine import Engine
    from rules_engine.game.phrases import Parser
    from rules_engine.game.view import view

    rep, cards = _phantasm_after_defending()
    step = Engine(cards).apply(rep.final, Parser().parse(4, "all pass (the phantasm trigger resolves)"))

    assert view(step.state)["combat_chain"]["state"] == "closed"
    assert "Attack Ph" in view(step.state)["P1"]["graveyard"]


def test_a_defender_below_6_power_adds_no_phantasm_trigger():
    rep, _ = _phantasm_after_defending(big_power=5)
    assert rep.final.stack == []
