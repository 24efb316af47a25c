"""Card-text templates compiled to effects (issue 27, "Card texts as effects"): each family replays a
short log with a real card using it and checks the state the engine derives."""

from __future__ import annotations

from typing import Any

from rules_engine.game.effects import FLAGGED, MODELLED, coverage, recognise
from tests.rules_engine.game.replaying import run_log as _run


def _manual(result: Any) -> list[str]:
    return [f.message for f in result.findings if f.kind == "manual_effect"]


def _violations(result: Any) -> list[str]:
    return [f.message for f in result.findings if f.kind == "violation"]


_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


# --- "Your next [dagger / arrow / weapon / class] attack this turn gets +N{p}" (CR 5.1.2a) -----------


def test_next_dagger_attack_gets_power_from_cut_deep(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 1,
            "hand": ["Cut Deep"],
            "weapons": ["Claw of Vynserakai"],
        },
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Cut Deep",
            "all pass (Cut Deep resolves)",
            "P1 activates Claw of Vynserakai targeting P2's hero, paying 1 with floating resource points",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 1 - 4
    assert not any("Cut Deep" in m for m in _manual(result))


def test_next_weapon_attack_bonus_waits_for_a_weapon_attack(fabcube_cards):
    """Sharpen Steel's +3{p} is not given to an attack action card; it stays for the weapon."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 0,
            "hand": [
                "Sharpen Steel (red)",
                {
                    "name": "Attack A",
                    "type": "attack action",
                    "cost": 0,
                    "power": 2,
                    "keywords": ["go again"],
                    "text": "Go again",
                },
            ],
        },
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Sharpen Steel",
            "all pass (Sharpen Steel resolves)",
            "P1 plays Attack A targeting P2's hero",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 18
    assert any(
        "next weapon attack" in e
        for e in result.state["P1"].get("effects", []) + [str(result.state.get("effects"))]
    )


def test_typed_next_attack_sentences_are_computed_only_with_a_computable_ability():
    assert [e.kind for e in recognise("Your next arrow attack this turn gains +3{p}.")[0]] == [
        "next_typed_attack"
    ]
    assert recognise(
        'Your next arrow attack this turn gets +3{p} and "When this hits a hero, {t} them and all allies they control."'
    )[1]
    from rules_engine.game.cards import facts_from_mapping

    f = facts_from_mapping(
        {
            "name": "Cut Deep",
            "type": "action",
            "keywords": ["go again"],
            "text": "Your next dagger attack this turn gets +4{p}.\n\nGo again",
        }
    )
    assert {p.status for p in coverage(f)} == {MODELLED}
    f = facts_from_mapping(
        {
            "name": "Drop the Anchor",
            "type": "action",
            "text": 'Your next arrow attack this turn gets +3{p} and "When this hits a hero, {t} them and all allies they control."',
        }
    )
    assert FLAGGED in {p.status for p in coverage(f)}


# --- A permanent's "At the start of your turn / beginning of your action phase, destroy this, then ..." --


def _at_start(permanents: list[Any], hand: list[Any] | None = None) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "start",
        "combat_chain": "closed",
        "P1": {
            "resource_points": 1,
            "permanents": permanents,
            "weapons": [
                {
                    "name": "Sword W",
                    "type": "weapon (1H)",
                    "power": 2,
                    "text": "Once per Turn Action - {r}: Attack",
                }
            ],
            "hand": hand or [],
        },
        "P2": {"life": 20},
    }


def test_blessing_of_steel_gives_the_next_weapon_attack_three_at_the_start_of_turn(fabcube_cards):
    result = _run(
        _at_start(["Blessing of Steel"]),
        ["P1 activates Sword W targeting P2's hero, paying 1 with floating resource points", *_THROUGH],
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 2 - 3
    assert result.state["P1"]["graveyard"] == ["Blessing of Steel"]
    assert result.state["P1"]["permanents"] == []
    assert not any("Blessing of Steel" in m for m in _manual(result))


def test_harvest_season_and_tome_of_aeo_act_as_the_action_phase_begins(fabcube_cards):
    given = _at_start(["Harvest Season", "Tome of Aeo"])
    given["P1"]["deck_top"] = ["Snatch (red)"]
    given["P1"]["deck"] = 10
    given["P1"]["life"] = 15
    result = _run(given, ["P1 passes"], fabcube_cards)
    p1 = result.state["P1"]
    assert p1["life"] == 18
    assert p1["hand"] == ["Snatch"]
    assert sorted(p1["graveyard"]) == ["Harvest Season", "Tome of Aeo"]


def test_an_aura_played_this_turn_waits_for_its_controllers_next_turn(fabcube_cards):
    """Strong Yield resolves into the arena; nothing happens until P1's next action phase."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 1, "hand": ["Strong Yield (red)"]},
        "P2": {"life": 20},
    }
    result = _run(given, ["P1 plays Strong Yield", "all pass (Strong Yield resolves)"], fabcube_cards)
    assert [c["name"] for c in result.state["P1"]["permanents"]] == ["Strong Yield"]
    assert result.state["effects"] == []
    assert not any("Strong Yield" in m for m in _manual(result))


def test_unless_clause_is_not_read_as_a_name():
    """The steam-counter upkeep is the steam rules' (layers.steam_upkeep), not "destroy this, then ..."."""
    found, _unread = recognise(
        "At the start of your turn, destroy this unless you remove a steam counter from it."
    )
    assert not any(e.kind == "destroy_self" for e in found)


# --- A card's own name read as "this": hit and crush sentences that name the card ----------------------


def test_a_hit_sentence_naming_the_card_is_reported_when_it_hits(fabcube_cards):
    """Hamstring Shot's "If Hamstring Shot hits a hero, ..." used to be ignored at run time."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 1, "arsenal": ["Hamstring Shot (red)"]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Hamstring Shot from arsenal targeting P2's hero, paying 1 with floating resource points",
            *_THROUGH,
            "all pass (Hamstring Shot hit trigger resolves)",
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 20 - 5
    assert any("first attack during their next turn" in m for m in _manual(result)), result.findings


def test_crippling_crush_crush_naming_the_card_is_reported(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 7, "hand": ["Crippling Crush"]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Crippling Crush targeting P2's hero, paying 7 with floating resource points",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 20 - 11
    assert any(f.kind == "manual_effect" and "crush" in f.message.casefold() for f in result.findings), (
        result.findings
    )


def test_lace_with_frailty_gives_the_hit_hero_a_frailty_token(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "resource_points": 1,
            "hand": ["Lace with Frailty"],
            "arsenal": ["Red in the Ledger"],
        },
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Lace with Frailty",
            "all pass (Lace with Frailty resolves)",
            "P1 plays Red in the Ledger from arsenal targeting P2's hero, paying 1 with floating resource points",
            *_THROUGH,
            "all pass (the hit trigger resolves)",
        ],
        fabcube_cards,
    )
    assert result.state["P2"]["life"] == 20 - 5 - 3
    assert [t["name"] for t in result.state["P2"]["permanents"]] == ["Frailty"]
    assert result.state["P1"]["permanents"] == []


# --- "If you've dealt arcane damage this turn, this gets +N{p}" (a static ability, CR 6.1.3) -----------


def _spike(extra_hand: list[Any]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 2, "hand": ["Arcanic Spike (red)", *extra_hand]},
        "P2": {"life": 20},
    }


_SPIKE = "P1 plays Arcanic Spike targeting P2's hero, paying 2 with floating resource points"


def test_arcanic_spike_without_arcane_damage_has_its_printed_power(fabcube_cards):
    result = _run(_spike([]), [_SPIKE, *_THROUGH], fabcube_cards)
    assert result.state["P2"]["life"] == 15


def test_arcanic_spike_gets_two_once_arcane_damage_is_dealt_during_its_chain_link(fabcube_cards):
    """The arcane damage comes after the attack became a chain link (an instant in the Reaction
    Step): the static bonus applies from then on."""
    zap = {
        "name": "Zap",
        "type": "instant",
        "cost": 0,
        "pitch": 1,
        "text": "Deal 1 arcane damage to target hero.",
    }
    result = _run(
        _spike([zap]),
        [
            _SPIKE,
            "all pass to the Defend Step",
            "P2 declares no defending cards",
            "P1 plays Zap targeting P2's hero",
            "all pass (Zap resolves)",
            "all pass through the Reaction and Damage Steps",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 1 - 7


# --- Hero abilities ---------------------------------------------------------------------------------


def test_ira_second_attack_each_turn_gets_one_more(fabcube_cards):
    attack = {
        "name": "Attack A",
        "type": "attack action",
        "cost": 0,
        "pitch": 1,
        "power": 3,
        "keywords": ["go again"],
        "text": "Go again",
    }
    attack_b = {**attack, "name": "Attack B"}
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Ira, Scarlet Revenger", "action_points": 1, "hand": [attack, attack_b]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P1 plays Attack A targeting P2's hero",
            *_THROUGH,
            "P1 plays Attack B targeting P2's hero",
            *_THROUGH,
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 3 - 4
    assert not any("Ira" in m for m in _manual(result))


def test_arakni_five_lipped_first_stealth_line_is_computed(fabcube_cards):
    hero = fabcube_cards.get("Arakni, 5L!p3d 7hRu 7h3 cR4X")
    assert hero is not None
    assert {p.status for p in coverage(hero)} == {MODELLED}


# --- "Target [class / subtype / weapon] attack [action card] [with stealth / cost N or less] gets ..." -------


def _reaction_step(attacker: dict[str, Any], p1: dict[str, Any]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "step": "reaction (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": attacker, "defending": []}]},
        "P1": p1,
        "P2": {"life": 20},
    }


def test_diced_needs_a_dagger_attack(fabcube_cards):
    sword = {"name": "Attack S", "type": "attack action", "subtypes": ["sword"], "power": 4, "cost": 0}
    result = _run(
        _reaction_step(sword, {"hand": ["Diced (red)"]}), ["P1 plays Diced targeting Attack S"], fabcube_cards
    )
    assert any(f.kind == "violation" and "target dagger attack" in f.message for f in result.findings)
    dagger = {"name": "Attack D", "type": "attack action", "subtypes": ["dagger"], "power": 2, "cost": 0}
    result = _run(
        _reaction_step(dagger, {"hand": ["Diced (red)"]}),
        [
            "P1 plays Diced targeting Attack D",
            "all pass (Diced resolves)",
            "all pass through the Damage Step",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 3


def test_stains_of_the_redback_needs_an_attack_with_stealth(fabcube_cards):
    plain_attack = {"name": "Attack A", "type": "attack action", "power": 3, "cost": 0}
    result = _run(
        _reaction_step(plain_attack, {"resource_points": 1, "hand": ["Stains of the Redback (red)"]}),
        ["P1 plays Stains of the Redback targeting Attack A, paying 1 with floating resource points"],
        fabcube_cards,
    )
    assert any(f.kind == "violation" and "with stealth" in f.message for f in result.findings)
    stealthy = {**plain_attack, "keywords": ["stealth"], "text": "Stealth"}
    result = _run(
        _reaction_step(stealthy, {"resource_points": 1, "hand": ["Stains of the Redback (red)"]}),
        [
            "P1 plays Stains of the Redback targeting Attack A, paying 1 with floating resource points",
            "all pass (Stains of the Redback resolves)",
            "all pass through the Damage Step",
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 6
    assert result.state["combat_chain"]["links"][0]["go_again"] is True


# --- Mark (CR 8.5.50, 9.3): "mark them", "if this is attacking a marked hero", "when this attacks a marked hero" --


def test_mark_the_prey_marks_and_the_next_hit_removes_the_mark(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": ["Mark the Prey (red)", "Plunge the Prospect (red)"]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        ["P1 plays Mark the Prey targeting P2's hero", *_THROUGH, "all pass (the hit trigger resolves)"],
        fabcube_cards,
    )
    assert result.state["P2"].get("marked") is True
    assert not any("mark them" in m for m in _manual(result))
    given["P1"]["hand"] = ["Plunge the Prospect (red)"]
    given["P2"]["marked"] = True
    result = _run(given, ["P1 plays Plunge the Prospect targeting P2's hero", *_THROUGH], fabcube_cards)
    assert result.state["P2"]["life"] == 20 - 4  # 3 + 1 while P2 is marked
    assert "marked" not in result.state["P2"]  # the hit removed it (CR 9.3.3)


def test_scuttle_the_canal_has_go_again_only_against_a_marked_hero(fabcube_cards):
    def run(marked: bool) -> Any:
        given = {
            "turn": "P1",
            "phase": "action",
            "combat_chain": "closed",
            "P1": {"action_points": 1, "hand": ["Scuttle the Canal (red)"]},
            "P2": {"life": 20, "marked": marked},
        }
        return _run(given, ["P1 plays Scuttle the Canal targeting P2's hero", *_THROUGH], fabcube_cards)

    assert run(True).state["P1"]["action_points"] == 1
    assert run(False).state["P1"]["action_points"] == 0
    assert not any("Scuttle" in m for m in _manual(run(False)))


# --- "This costs {r} less to play for each Draconic chain link you control" (CR 5.1.6a) -----------------


def test_blood_line_costs_one_less_after_a_draconic_chain_link(fabcube_cards):
    """Blood Line costs 2; with Blood Drop's chain link (Draconic) it costs 1."""
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 2, "hand": ["Blood Drop (red)", "Blood Line (red)"]},
        "P2": {"life": 20},
    }
    lines = [
        "P1 plays Blood Drop targeting P2's hero, paying 1 with floating resource points",
        *_THROUGH,
        "P1 plays Blood Line targeting P2's hero, paying 1 with floating resource points",
        *_THROUGH,
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 20 - 2 - 3
    assert result.state["P1"]["resource_points"] == 0
    assert not any("costs" in m for m in _manual(result))


def test_blood_line_with_no_draconic_link_costs_its_printed_two(fabcube_cards):
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": 1, "hand": ["Blood Line (red)"]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        ["P1 plays Blood Line targeting P2's hero, paying 1 with floating resource points"],
        fabcube_cards,
    )
    assert _violations(result)  # 2 to pay, 1 point: the play is reversed (CR 5.1.7a)


# --- Resolution conditions, one-event prevention, Runechant cost reduction --------------------------------


def _closed(p1: dict[str, Any]) -> dict[str, Any]:
    return {"turn": "P1", "phase": "action", "combat_chain": "closed", "P1": p1, "P2": {"life": 20}}


def test_endear_devotion_creates_fealty_only_with_two_draconic_links(fabcube_cards):
    facts = fabcube_cards.get("Endear Devotion")
    assert facts is not None
    effects, unknown = recognise(facts.text)
    assert not unknown
    assert [(e.kind, e.trigger) for e in effects] == [
        ("target_power", ""),
        ("create_token", "cond:draconic_links:2"),
    ]
    assert {p.status for p in coverage(facts)} == {MODELLED}


def test_sigil_of_shelter_style_prevention_covers_one_damage_event():
    shield = {
        "name": "Shelter S",
        "type": "instant",
        "cost": 0,
        "pitch": 3,
        "text": "The next time you would be dealt damage this turn, prevent 2 of that damage.",
    }
    given = {
        "turn": "P2",
        "phase": "action",
        "step": "reaction (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": {"name": "Attack A", "power": 5}, "defending": []}]},
        "P1": {"life": 20, "hand": [shield]},
        "P2": {"life": 20},
    }
    result = _run(
        given,
        [
            "P2 passes",
            "P1 plays Shelter S",
            "all pass (Shelter S resolves)",
            "all pass through the Damage Step",
        ],
    )
    assert not _violations(result), result.findings
    assert result.state["P1"]["life"] == 20 - 3
    assert result.state["effects"] == []


def test_a_runechant_makes_a_card_cost_less(fabcube_cards):
    facts = fabcube_cards.get("Ninth Blade of the Blood Oath")
    assert facts is not None
    given = _closed(
        {
            "action_points": 1,
            "resource_points": facts.cost - 1,
            "hand": ["Ninth Blade of the Blood Oath"],
            "permanents": ["Runechant"],
        }
    )
    result = _run(
        given,
        [
            f"P1 plays Ninth Blade of the Blood Oath targeting P2's hero, paying {facts.cost - 1} with floating resource points"
        ],
        fabcube_cards,
    )
    assert not _violations(result), result.findings


def test_endear_devotion_replay_creates_fealty_with_two_draconic_links_only(fabcube_cards):
    def run(links: int) -> Any:
        chain = [
            {
                "link": i,
                "attack": {
                    "name": f"Dagger {i}",
                    "type": "attack action",
                    "subtypes": ["dagger"],
                    "classes": ["draconic"],
                    "power": 1,
                },
                "defending": [],
            }
            for i in range(1, links + 1)
        ]
        for link in chain[:-1]:
            link["resolved"] = True
        given = {
            "turn": "P1",
            "phase": "action",
            "step": f"reaction (chain link {links})",
            "combat_chain": {"links": chain},
            "P1": {"resource_points": 2, "hand": ["Endear Devotion"]},
            "P2": {"life": 20},
        }
        return _run(
            given,
            [
                f"P1 plays Endear Devotion targeting Dagger {links}, paying 2 with floating resource points",
                "all pass (Endear Devotion resolves)",
            ],
            fabcube_cards,
        )

    two = run(2)
    assert not _violations(two), two.findings
    assert [p["name"] for p in two.state["P1"]["permanents"]] == ["Fealty"]
    one = run(1)
    assert one.state["P1"]["permanents"] == []


# --- Cindra and Fang: "Whenever you hit a marked hero, create a Fealty token" (CR 9.3.3, 6.6) ------------
# --- Fang: "If you control 3 or more Fealty tokens, dagger attacks cost you {r} less to activate" -----------


def _fang(fealty: int, resource_points: int, marked: bool) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Fang, Dracai of Blades",
            "action_points": 1,
            "resource_points": resource_points,
            "weapons": ["Claw of Vynserakai"],  # 1H dagger, power 1: "Once per Turn Action - {r}: Attack"
            "permanents": ["Fealty"] * fealty,
        },
        "P2": {"life": 20, "marked": marked},
    }


_CLAW = "P1 activates Claw of Vynserakai targeting P2's hero"


def _fealty(result: Any) -> int:
    return sum(1 for c in result.state["P1"].get("permanents", []) if "Fealty" in str(c))


def test_fang_hitting_a_marked_hero_creates_a_fealty_token(fabcube_cards):
    lines = [_CLAW + ", paying 1 with floating resource points", *_THROUGH]  # the trigger resolves there
    result = _run(_fang(0, 1, True), lines, fabcube_cards)
    assert [f for f in result.findings if f.kind in ("violation", "ambiguity")] == []
    assert result.state["P2"]["life"] == 19
    assert "marked" not in result.state["P2"]  # the hit removed it, after the trigger saw it (CR 9.3.3)
    assert _fealty(result) == 1
    assert not any("Fealty" in m for m in _manual(result))
    unmarked = _run(_fang(0, 1, False), lines, fabcube_cards)
    assert _fealty(unmarked) == 0


def test_cindra_hitting_a_marked_hero_creates_a_fealty_token(fabcube_cards):
    given = _fang(0, 1, True)
    given["P1"]["hero"] = "Cindra, Dracai of Retribution"
    given["P1"]["weapons"] = ["Kunai of Retribution"]
    lines = [
        "P1 activates Kunai of Retribution targeting P2's hero, paying 1 with floating resource points",
        *_THROUGH,
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert _fealty(result) == 1


def test_fang_with_three_fealty_tokens_attacks_with_a_dagger_for_nothing(fabcube_cards):
    result = _run(_fang(3, 0, False), [_CLAW, *_THROUGH], fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P2"]["life"] == 19
    assert any("costs {r} less" in f.message for f in result.findings)


def test_fang_with_two_fealty_tokens_pays_the_daggers_full_cost(fabcube_cards):
    result = _run(_fang(2, 0, False), [_CLAW], fabcube_cards)
    assert _violations(result)  # {r} to pay, no resources (CR 1.14.2)
    full = _run(_fang(2, 1, False), [_CLAW + ", paying 1 with floating resource points"], fabcube_cards)
    assert not _violations(full), full.findings
    assert full.state["P1"]["resource_points"] == 0


def test_cindra_and_fang_lines_are_computed(fabcube_cards):
    for name in ("Fang, Dracai of Blades", "Fang"):
        hero = fabcube_cards.get(name)
        assert hero is not None
        assert {p.status for p in coverage(hero)} == {MODELLED}
    cindra = fabcube_cards.get("Cindra, Dracai of Retribution")
    assert cindra is not None
    statuses = [p.status for p in coverage(cindra)]
    assert statuses == [MODELLED, MODELLED, MODELLED]  # the daggers the activation line names (heroes)


def test_cindra_ability_costs_one_less_per_draconic_chain_link(fabcube_cards):
    given = _fang(0, 3, False)
    given["P1"]["hero"] = "Cindra, Dracai of Retribution"
    given["P1"]["weapons"] = ["Kunai of Retribution"]  # Draconic Ninja dagger
    lines = [
        "P1 activates Kunai of Retribution targeting P2's hero, paying 1 with floating resource points",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "P1 activates Cindra, paying 2 with floating resource points",
    ]
    result = _run(given, lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert result.state["P1"]["resource_points"] == 0  # 3 - 1 (Kunai) - 2 (Cindra: {r}{r}{r} less 1)
    again = _run(
        given,
        [
            *lines,
            "all pass (Cindra's ability resolves)",
            "P1 activates Cindra, paying 0 with floating resource points",
        ],
        fabcube_cards,
    )
    assert any("up to 2" in m for m in _manual(again))  # no dagger named: the judge's
    assert any("once per turn" in m for m in _violations(again))


# --- Kayo: the first discard of a card with 6 or more {p} in his action phase creates a Might token ---------


def _kayo(hand: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Kayo", "action_points": 1, "hand": hand},
        "P2": {"life": 20},
    }


def _might(result: Any) -> int:
    return sum(1 for c in result.state["P1"].get("permanents", []) if "Might" in str(c))


def test_kayo_discarding_a_five_power_attack_counts_his_plus_one(fabcube_cards):
    # Madcap Charger: Brute attack action, 5{p}; in hand it has 6 under Kayo's second ability
    lines = ["P1 discards Madcap Charger", "all pass (Kayo's trigger resolves)"]
    result = _run(_kayo(["Madcap Charger (red)"]), lines, fabcube_cards)
    assert [f for f in result.findings if f.kind in ("violation", "ambiguity")] == [], result.findings
    assert _might(result) == 1
    assert not any("Might" in m for m in _manual(result))


def test_kayo_creates_one_might_token_per_action_phase(fabcube_cards):
    lines = [
        "P1 discards Madcap Charger",
        "all pass (Kayo's trigger resolves)",
        "P1 discards Bam Bam",
    ]
    result = _run(_kayo(["Madcap Charger (red)", "Bam Bam (yellow)"]), lines, fabcube_cards)
    assert _might(result) == 1
    assert not result.state.get("stack")  # no second trigger


def test_a_low_power_discard_creates_no_might_token(fabcube_cards):
    lines = ["P1 discards Sink Below"]
    result = _run(_kayo(["Sink Below (red)"]), lines, fabcube_cards)  # a defense reaction, no {p}
    assert _might(result) == 0
    assert not result.state.get("stack")


def test_young_bravo_wording_compiles_to_the_cost_keyword_grant():
    effects, unknown = recognise(
        "Until end of turn, your attack action cards with cost 3 or more get dominate"
    )
    assert not unknown
    assert [(e.kind, e.amount, e.target) for e in effects] == [("grant_cost_keyword", 3, "dominate")]


# --- Kassai, Cintari Sellsword: "Your second sword attack each turn costs {r} less" (CR 5.2.2, 1.14.2) -----


def _kassai(resource_points: int) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Kassai, Cintari Sellsword",
            "action_points": 2,
            "resource_points": resource_points,
            "weapons": ["Cintari Saber", "Hot Streak"],  # 1H swords: "Once per Turn Action - {r}: Attack"
        },
        "P2": {"life": 20},
    }


def test_kassai_second_sword_attack_costs_nothing(fabcube_cards):
    lines = [
        "P1 activates Cintari Saber targeting P2's hero, paying 1 with floating resource points",
        *_THROUGH,
        "P1 activates Hot Streak targeting P2's hero",
        *_THROUGH,
    ]
    result = _run(_kassai(1), lines, fabcube_cards)
    assert not _violations(result), result.findings
    assert any("second sword attack" in f.message for f in result.findings)


def test_kassai_first_sword_attack_costs_its_full_price(fabcube_cards):
    result = _run(_kassai(0), ["P1 activates Cintari Saber targeting P2's hero"], fabcube_cards)
    assert _violations(result)  # {r} to pay, no resources (CR 1.14.2)


def test_cindra_trigger_also_fires_on_an_attack_card_hitting_a_marked_hero(fabcube_cards):
    attack = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 3, "text": ""}
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Cindra", "action_points": 1, "hand": [attack]},
        "P2": {"life": 20, "marked": True},
    }
    result = _run(given, ["P1 plays Attack A targeting P2's hero", *_THROUGH], fabcube_cards)
    assert [f for f in result.findings if f.kind in ("violation", "ambiguity")] == []
    assert result.state["P2"]["life"] == 17
    assert _fealty(result) == 1
