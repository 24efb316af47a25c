"""Triggers on a card's own attack, hit and defence (branch trigger30), each replayed with real cards from
the fabrary dump: the hero attacked or hit named by the trigger ("When this hits a Guardian hero", "When
this attacks a Revered hero", CR 6.6.5b, 2.11.6), "they" as the hero attacked ("they draw a card"), an
effect's condition on the hit hero's hand (CR 1.8.4, 6.6.1c) or on the attack itself ("if it has go
again"), "create 3 more" tokens, options taken by a reveal or by discarding a named card (CR 1.8.3,
1.8.4), and the attacking hero named by a defending card."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import FLAGGED, MODELLED, coverage

from .replaying import messages, run_log

_THROUGH = [
    "all pass to the Defend Step",
    "P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


def _given(
    hand: list[str], p2: dict[str, Any] | None = None, resources: int = 6, **p1: Any
) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "resource_points": resources, "hand": hand, "life": 20, **p1},
        "P2": {"life": 20, "hero": "Dorinthea Ironsong", **(p2 or {})},
    }


def _state_of(cards: Any, name: str, sentence_start: str) -> str:
    facts = cards.get(name)
    assert facts is not None, name
    parts = [p for p in coverage(facts) if p.text.casefold().startswith(sentence_start.casefold())]
    assert parts, [p.text for p in coverage(facts)]
    return parts[0].status


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        ("Bash Guardian", "When this hits"),
        ("Disturb the Peace", "When this hits"),
        ("Fight Dirty", "When this hits"),
        ("Fight Fair", "When this hits"),
        ("Tame the Beastly Behavior", "When this attacks"),
        ("Tame the Beastly Behavior", "When this hits"),
        ("Tear Down the Idols", "When this attacks"),
        ("Hostile Encroachment", "When this attacks"),
        ("Escalate Violence", "When this attacks"),
        ("Runner Runner", "When this attacks"),
        ("Cut Down to Size", "When this hits"),
        ("Sigil of Suffering", "Deal 1 arcane damage"),
        ("Zap Clappers", "When this defends"),
        ("Starlight Striders", "When this defends"),
        ("Crash and Bash", "When this defends"),
        ("Breaker Helm Protos", "When this defends"),
        ("Tricorn of Saltwater Death", "When this defends"),
        ("Fire that Burns Within", "When this attacks"),
        ("Man Overboard", "When this attacks"),
        ("Man Overboard", "go again (only"),
        ("Drag Down", "When this defends"),
        ("Mark of the Funnel Web", "When this hits"),
        ("Mark of the Black Widow", "When this hits"),
        ("Flowshard Elemental", "go again (only"),
        ("Emissary of Wind", "go again (only"),
    ],
)
def test_templates_are_computed(fabrary_cards, card, sentence):
    assert _state_of(fabrary_cards, card, sentence) == MODELLED


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        ("Mage Hunter Arrow", "When this hits"),  # "you may destroy an aura they control": no such option
        ("Lay to Rest", "When this hits"),  # turning a banished card face-down: not read
        ("Turn the Crowd Grateful", "When this hits"),  # the crowd: another family
        (
            "Art of the Dragon: Fire",
            "When this attacks",
        ),  # "if it is Draconic": a type the state does not change
    ],
)
def test_near_misses_stay_manual(fabrary_cards, card, sentence):
    assert _state_of(fabrary_cards, card, sentence) == FLAGGED


# --- the hero the trigger names ------------------------------------------------------------------------


@pytest.mark.parametrize(("hero", "graveyard", "deck"), [("Pleiades", ["Sink Below"], 5), ("Bravo", [], 6)])
def test_fight_dirty_destroys_the_top_card_of_a_revered_hero_only(fabrary_cards, hero, graveyard, deck):
    """Pleiades is Revered (a talent, CR 2.11.6b): the hit triggers (CR 6.6.5b); Bravo is not: no trigger."""
    given = _given(["Fight Dirty"], {"hero": hero, "deck_top": ["Sink Below (red)"], "deck": 6})
    result = run_log(given, ["P1 plays Fight Dirty targeting P2", *_THROUGH], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 7
    assert result.state["P2"]["graveyard"] == graveyard
    assert result.state["P2"]["deck"] == deck


@pytest.mark.parametrize(("hero", "left"), [("Bravo", []), ("Dorinthea Ironsong", ["Courage"])])
def test_disturb_the_peace_destroys_an_aura_of_a_guardian_hero(fabrary_cards, hero, left):
    given = _given(["Disturb the Peace"], {"hero": hero, "permanents": ["Courage"]})
    result = run_log(given, ["P1 plays Disturb the Peace targeting P2", *_THROUGH], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P2"]["permanents"]] == left


def test_bash_guardian_destroys_an_aura_token_of_a_guardian_hero(fabrary_cards):
    given = _given(["Bash Guardian"], {"hero": "Bravo", "permanents": ["Seismic Surge"]})
    result = run_log(given, ["P1 plays Bash Guardian targeting P2", *_THROUGH], fabrary_cards)
    assert result.state["P2"]["permanents"] == []


@pytest.mark.parametrize(("hero", "moved"), [("Kayo, Underhanded Cheat", True), ("Pleiades", False)])
def test_fight_fair_goes_to_the_bottom_on_a_reviled_hero(fabrary_cards, hero, moved):
    """CR 7.0.3c: the card leaves the chain as its hit trigger resolves; on another hero it stays to the
    Close Step and goes to the graveyard."""
    given = _given(["Fight Fair"], {"hero": hero}, deck=10)
    lines = ["P1 plays Fight Fair targeting P2", *_THROUGH, "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 6
    assert (result.state["P1"]["deck_bottom"] == ["Fight Fair"]) is moved
    assert (result.state["P1"]["graveyard"] == ["Fight Fair"]) is not moved


@pytest.mark.parametrize(
    ("hero", "life", "arsenal"), [("Lyath Goldmane", 20 - 8, []), ("Pleiades", 20 - 7, ["Sink Below"])]
)
def test_tame_the_beastly_behavior_on_a_reviled_hero(fabrary_cards, hero, life, arsenal):
    """Its attack trigger gives +1{p} and its hit trigger puts the arsenal card on the bottom, each only
    when the hero attacked is Reviled (Lyath Goldmane; CR 6.6.5b)."""
    given = _given(["Tame the Beastly Behavior"], {"hero": hero, "arsenal": ["Sink Below (red)"], "deck": 6})
    lines = ["P1 plays Tame the Beastly Behavior targeting P2", "all pass", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == life
    assert [c["name"] for c in result.state["P2"]["arsenal"]] == arsenal
    assert result.state["P2"]["deck_bottom"] == ([] if arsenal else ["Sink Below"])


def test_an_unknown_hero_leaves_the_trigger_to_the_judge(fabrary_cards):
    given = _given(["Fight Dirty"], {"hero": None, "deck": 6})
    result = run_log(given, ["P1 plays Fight Dirty targeting P2", *_THROUGH], fabrary_cards)
    assert any("Revered" in m or "revered" in m for m in messages(result, "manual_effect")), result.findings
    assert result.state["P2"]["deck"] == 6


def test_tear_down_the_idols_intimidates_a_revered_hero(fabrary_cards):
    given = _given(["Tear Down the Idols"], {"hero": "Tuffnut", "hand": ["Sink Below (red)"]})
    lines = [
        "P1 plays Tear Down the Idols targeting P2",
        "all pass",
        "all pass",
        "P2 banishes Sink Below face-down (intimidate, random)",
        *_THROUGH,
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert any("intimidate" in m for m in messages(result, "note")), result.findings
    assert result.state["P2"]["life"] == 20 - 7
    assert any("discard" in m for m in messages(result, "note")), result.findings


# --- "they" as the hero attacked, conditions, "create 3 more" -----------------------------------------------


def test_hostile_encroachment_makes_the_hero_attacked_draw(fabrary_cards):
    given = _given(["Hostile Encroachment"], {"deck": 6, "hand": []})
    lines = ["P1 plays Hostile Encroachment targeting P2", "all pass", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["deck"] == 5
    assert result.state["P2"]["hand_size"] == 1


@pytest.mark.parametrize(("might", "after"), [(1, 4), (0, 0)])
def test_escalate_violence_creates_three_more_might(fabrary_cards, might, after):
    """CR 1.8.4: checked as it triggers and as it resolves; "3 more" are Might tokens."""
    given = _given(["Escalate Violence"], permanents=["Might"] * might)
    lines = ["P1 plays Escalate Violence targeting P2", "all pass", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P1"]["permanents"]].count("Might") == after


@pytest.mark.parametrize(("quicken", "agility"), [(True, 1), (False, 0)])
def test_runner_runner_with_go_again_creates_an_agility(fabrary_cards, quicken, agility):
    """A Quicken token gives the attack go again as it is played (CR 8.6.1): "if it has go again" holds
    as the attack trigger triggers and resolves (CR 1.8.4)."""
    given = _given(["Runner Runner"], permanents=["Quicken"] if quicken else [])
    lines = ["P1 plays Runner Runner targeting P2", "all pass", "all pass", "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P1"]["permanents"]].count("Agility") == agility


@pytest.mark.parametrize(("hand", "discard"), [(4, True), (3, False)])
def test_cut_down_to_size_needs_four_cards_in_hand(fabrary_cards, hand, discard):
    """The condition belongs to the effect (CR 6.6.1c, 1.8.4): read from the hit hero's hand (CR 3.9) as
    the layer resolves."""
    given = _given(["Cut Down to Size"], {"hand": ["Sink Below (red)"] * hand})
    result = run_log(given, ["P1 plays Cut Down to Size targeting P2", *_THROUGH, "all pass"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    asked = any("discard a card of their choice" in m for m in messages(result, "note"))
    assert asked is discard
    assert any("no longer holds" in m for m in messages(result, "note")) is not discard


def test_sigil_of_suffering_hits_the_attacking_hero(fabrary_cards):
    given = _given(["Enlightened Strike (red)"], {"hand": ["Sigil of Suffering (red)"]})
    lines = [
        "P1 plays Enlightened Strike (red) targeting P2",
        "all pass",
        "P2 declares no defending cards",
        "P2 plays Sigil of Suffering (red)",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["life"] == 20 - 1


# --- options taken by a reveal or by discarding a named card (CR 1.8.3, 1.8.4) --------------------------------


def _defended(p2: dict[str, Any], defends: str, after: list[str]) -> tuple[dict[str, Any], list[str]]:
    given = _given(["Wounding Blow (red)"], {**p2})
    lines = [
        "P1 plays Wounding Blow (red) targeting P2",
        "all pass",
        f"P2 defends with {defends}",
        "all pass",
    ]
    return given, lines + after


@pytest.mark.parametrize(
    ("after", "life"), [(["P2 reveals Lightning Press from hand"], 19), (["all pass"], 20)]
)
def test_zap_clappers_reveal_deals_arcane_damage_to_the_attacker(fabrary_cards, after, life):
    """The reveal line takes the option and the damage follows (CR 1.8.4); a log that goes on without it
    lets the offer lapse (CR 1.8.3a)."""
    given, lines = _defended(
        {"equipment": {"arms": "Zap Clappers"}, "hand": ["Lightning Press (red)"]}, "Zap Clappers", after
    )
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["life"] == life
    assert any("reveal" in m for m in messages(result, "note")) is (life == 20)


def test_starlight_striders_reveal_of_an_instant_creates_an_embodiment(fabrary_cards):
    given, lines = _defended(
        {"equipment": {"legs": "Starlight Striders"}, "hand": ["Lightning Press (red)"]},
        "Starlight Striders",
        ["P2 reveals Lightning Press from hand"],
    )
    result = run_log(given, lines, fabrary_cards)
    assert [p["name"] for p in result.state["P2"]["permanents"]] == ["Embodiment of Lightning"]


@pytest.mark.parametrize(("shown", "made"), [("Crippling Crush", 1), ("Sink Below", 0)])
def test_crash_and_bash_needs_a_card_with_crush(fabrary_cards, shown, made):
    """Crippling Crush has crush (CR 8.4.2); Sink Below does not, so its reveal does not take the option."""
    given, lines = _defended(
        {"hand": ["Crash and Bash", "Crippling Crush", "Sink Below (red)"]},
        "Crash and Bash",
        [f"P2 reveals {shown} from hand", "all pass"],
    )
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P2"]["permanents"]].count("Seismic Surge") == made


def test_breaker_helm_protos_discards_a_hyper_driver(fabrary_cards):
    given, lines = _defended(
        {"equipment": {"head": "Breaker Helm Protos"}, "hand": ["Hyper Driver (red)"], "deck": 5},
        "Breaker Helm Protos",
        ["P2 discards Hyper Driver", "all pass", "all pass"],
    )
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert (result.state["P2"]["hand_size"], result.state["P2"]["deck"]) == (1, 4)
    assert result.state["P2"]["life"] == 20 - (4 - 2)  # its 1{d} and +1{d}


def test_tricorn_discards_a_card_with_watery_grave(fabrary_cards):
    given, lines = _defended(
        {"equipment": {"head": "Tricorn of Saltwater Death"}, "hand": ["Barnacle"], "deck": 5},
        "Tricorn of Saltwater Death",
        ["P2 discards Barnacle"],
    )
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert (result.state["P2"]["hand_size"], result.state["P2"]["deck"]) == (1, 4)


def test_fire_that_burns_within_discards_a_phoenix_flame(fabrary_cards):
    given = _given(["Fire that Burns Within", "Phoenix Flame"], deck=5)
    lines = [
        "P1 plays Fire that Burns Within targeting P2",
        "all pass",
        "all pass",
        "P1 discards Phoenix Flame",
        *_THROUGH,
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert (result.state["P1"]["hand_size"], result.state["P1"]["deck"]) == (1, 4)
    assert result.state["P2"]["life"] == 20 - (2 + 2)


def test_man_overboard_discards_an_ally_for_power_and_go_again(fabrary_cards):
    given = _given(["Man Overboard", "Barnacle"], resources=3)
    lines = [
        "P1 plays Man Overboard targeting P2",
        "all pass",
        "all pass",
        "P1 discards Barnacle",
        *_THROUGH,
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - (3 + 1)
    assert result.state["P1"]["action_points"] == 1  # its go again (CR 8.3.5)


def test_drag_down_lowers_the_attack_it_defends(fabrary_cards):
    given = _given(["Wounding Blow (red)"], {"hand": ["Drag Down (red)"]})
    lines = [
        "P1 plays Wounding Blow (red) targeting P2",
        "all pass",
        "P2 declares no defending cards",
        "P2 plays Drag Down (red)",
        "all pass",
        "all pass",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - (4 - 3)


@pytest.mark.parametrize(
    ("marked", "arsenal", "banished"), [(True, [], ["Sink Below"]), (False, ["Sink Below"], [])]
)
def test_mark_of_the_funnel_web_banishes_the_arsenal_card_of_a_marked_hero(
    fabrary_cards, marked, arsenal, banished
):
    """The hero must be marked as the hit happens (the hit then removes the mark, CR 9.3.3, 6.6.5b)."""
    given = _given(["Mark of the Funnel Web (red)"], {"arsenal": ["Sink Below (red)"], "marked": marked})
    lines = ["P1 plays Mark of the Funnel Web (red) targeting P2", *_THROUGH, "all pass"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [c["name"] for c in result.state["P2"]["arsenal"]] == arsenal
    assert [c["name"] for c in result.state["P2"]["banished"]] == banished


def test_mark_of_the_black_widow_the_hit_hero_banishes_the_card_the_log_names(fabrary_cards):
    """The hero hit chooses the card (CR 1.8.1b): the log's banish line pays what the trigger asked."""
    given = _given(
        ["Mark of the Black Widow (red)"], {"hand": ["Sink Below (red)", "Head Jab (red)"], "marked": True}
    )
    lines = [
        "P1 plays Mark of the Black Widow (red) targeting P2",
        *_THROUGH,
        "all pass",
        "P2 banishes Head Jab (red) face-down",
    ]
    asked = run_log(given, lines[:-1], fabrary_cards)
    assert [e["kind"] for e in asked.state["effects"]] == ["banish_due"]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["hand"] == ["Sink Below"]
    assert result.state["effects"] == []


def test_flowshard_elemental_discard_gives_a_lightning_flow_and_go_again(fabrary_cards):
    """The option's outcome is applied after the discard line (CR 1.8.4); its go again is an action point
    as the chain link resolves (CR 7.6.2), so the conditional keyword is the engine's to apply."""
    given = _given(["Flowshard Elemental (red)", "Lightning Press (red)"])
    lines = [
        "P1 plays Flowshard Elemental (red) targeting P2",
        "all pass",
        "all pass",
        "P1 discards Lightning Press",
        *_THROUGH,
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P1"]["permanents"]] == ["Lightning Flow"]
    assert result.state["P1"]["action_points"] == 1


def test_emissary_of_wind_bottom_option_gives_go_again(fabrary_cards):
    given = _given(["Emissary of Wind (red)", "Sink Below (red)"], deck=5)
    lines = [
        "P1 plays Emissary of Wind (red) targeting P2",
        "all pass",
        "all pass",
        "P1 puts Sink Below on the bottom of their deck",
        *_THROUGH,
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["deck_bottom"] == ["Sink Below"]
    assert result.state["P1"]["action_points"] == 1


def test_escalate_order_creates_three_more_toughness(fabrary_cards):
    given = _given(["Escalate Order"], permanents=["Toughness"])
    result = run_log(given, ["P1 plays Escalate Order targeting P2", "all pass", "all pass"], fabrary_cards)
    assert [p["name"] for p in result.state["P1"]["permanents"]] == ["Toughness"] * 4


@pytest.mark.parametrize(("hero", "left"), [("Kayo, Underhanded Cheat", []), ("Bravo", ["Might"])])
def test_bash_brute_destroys_an_aura_token_of_a_brute_hero(fabrary_cards, hero, left):
    given = _given(["Bash Brute"], {"hero": hero, "permanents": ["Might"]})
    result = run_log(given, ["P1 plays Bash Brute targeting P2", *_THROUGH, "all pass"], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P2"]["permanents"]] == left
