"""Hit and crush triggers on the attack card and on the hero hit (issue 27, branch hits29): "When this hits,
put it into your hero's soul / on the bottom of its owner's deck" (the card leaves the combat chain, its
chain link stays, CR 7.0.3c), and "When this hits a hero / Crush - When this deals 4 or more damage to a
hero, destroy the top card of their deck / a card in their arsenal / an item / all auras they control, put
a card from their arsenal on the bottom of their deck, {t} them, they create tokens" (CR 7.5.5, 8.4.2).
Each replays real cards from the fabrary dump and checks the coverage state and the replayed state."""

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


# --- coverage: each template is computed, a near miss stays manual -------------------------------------


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        ("Herald of Tenacity", "When this hits"),
        ("Herald of Erudition", "When this hits"),
        ("Illuminate", "If Illuminate hits"),
        ("Over Loop", "When this hits"),
        ("Salvage Shot", "When this hits"),
        ("Grind Them Down", "Crush"),
        ("Disable", "Crush"),
        ("Knock 'Em Off Their Feet", "Crush"),
        ("Flatten the Field", "Crush"),
        ("Disenchantment of the Old Ones", "Crush"),
        ("Wee Wrecking Ball", "Crush"),
        ("HMS Kraken", "When this hits"),
        ("HMS Marlin", "When this hits"),
        ("Rift Breaker", "When this hits"),
        ("Intoxicating Shot", "When this hits"),
    ],
)
def test_hit_and_crush_templates_are_computed(fabrary_cards, card, sentence):
    assert _state_of(fabrary_cards, card, sentence) == MODELLED


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        ("Herald of Judgment", "When this hits"),  # "can't play cards from their banished zone": not read
        ("Batter to a Pulp", "Crush"),  # "an equipment with no defense value": a kind the engine cannot tell
        ("Annexation of Grandeur", "Crush"),  # gaining control of an aura
        ("Buckling Blow", "Crush"),  # a counter on an equipment of the attacker's choice
    ],
)
def test_near_misses_stay_manual(fabrary_cards, card, sentence):
    assert _state_of(fabrary_cards, card, sentence) == FLAGGED


# --- the attack card leaves the combat chain -----------------------------------------------------------


@pytest.mark.parametrize(
    "lines",
    [
        ["P1 plays Herald of Tenacity (red) targeting P2", *_THROUGH, "all pass"],
        ["p1 play Herald of Tenacity (red) @p2", "all pass", "p2 no block", *["all pass"] * 5],
        [
            "P1 attacks P2 with Herald of Tenacity",
            "everyone passes; P2 doesn't block",
            "all pass through the Reaction and Damage Steps",
            "all pass",
            "all pass",
            "the combat chain closes",
        ],
    ],
)
def test_herald_of_tenacity_hits_into_the_soul(fabrary_cards, lines):
    result = run_log(_given(["Herald of Tenacity (red)"]), lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["soul"] == ["Herald of Tenacity"]
    assert result.state["P1"]["graveyard"] == []  # the Close Step does not move it again
    assert result.state["P2"]["life"] == 20 - 6
    assert result.state["combat_chain"]["state"] == "closed"


def test_an_attack_that_does_not_hit_goes_to_the_graveyard(fabrary_cards):
    given = _given(["Illuminate"], {"hand": ["Enlightened Strike (red)", "Wounding Blow (red)"]})
    lines = [
        "P1 plays Illuminate targeting P2",
        "all pass to the Defend Step",
        "P2 defends with Enlightened Strike and Wounding Blow",
        "all pass through the Reaction and Damage Steps",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert "soul" not in result.state["P1"]
    assert result.state["P1"]["graveyard"] == ["Illuminate"]


def test_herald_of_erudition_goes_to_the_soul_and_draws_two(fabrary_cards):
    given = _given(
        ["Herald of Erudition (yellow)"], deck=["Sink Below (red)", "Enlightened Strike (red)", "Toughen Up"]
    )
    lines = ["P1 plays Herald of Erudition targeting P2", *_THROUGH]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["soul"] == ["Herald of Erudition"]
    assert sorted(result.state["P1"]["hand"]) == ["Enlightened Strike", "Sink Below"]
    assert result.state["P1"]["deck"] == 1
    # still the active chain link, by its last known information (CR 7.0.3c)
    assert result.state["combat_chain"]["links"][0]["attack"]["name"] == "Herald of Erudition"


def test_illuminate_reads_its_own_name_as_this(fabrary_cards):
    result = run_log(
        _given(["Illuminate"]), ["P1 plays Illuminate targeting P2", *_THROUGH, "all pass"], fabrary_cards
    )
    assert result.state["P1"]["soul"] == ["Illuminate"]
    assert result.state["P2"]["life"] == 16


@pytest.mark.parametrize("card", ["Over Loop (red)", "Under Loop (red)"])
def test_loops_go_to_the_bottom_of_the_deck(fabrary_cards, card):
    name = card.split(" (")[0]
    result = run_log(
        _given([card], deck=3), [f"P1 plays {card} targeting P2", *_THROUGH, "all pass"], fabrary_cards
    )
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["deck_bottom"] == [name]
    assert result.state["P1"]["deck"] == 4
    assert result.state["P1"]["graveyard"] == []


def test_a_granted_bottom_trigger_moves_the_attack(fabrary_cards):
    """Warmonger's Recital's next attack gains "When this hits, put it on the bottom of its owner's deck."."""
    lines = [
        "P1 plays Warmonger's Recital",
        "all pass",
        "P1 plays Grind Them Down (red) targeting P2",
        *_THROUGH,
        "all pass",
    ]
    given = _given(["Warmonger's Recital (red)", "Grind Them Down (red)"], resources=4, deck=2)
    given["P2"]["deck"] = 5
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 10
    assert result.state["P1"]["deck_bottom"] == ["Grind Them Down"]
    assert result.state["P2"]["deck"] == 4  # its own crush destroyed P2's top card too
    assert result.state["P2"]["graveyard"] == ["unknown card"]


# --- crush and hit triggers on the hero hit ------------------------------------------------------------


def test_grind_them_down_destroys_the_known_top_card(fabrary_cards):
    given = _given(["Grind Them Down (red)"], {"deck_top": ["Sink Below (red)"], "deck": 6})
    result = run_log(given, ["P1 plays Grind Them Down (red) targeting P2", *_THROUGH], fabrary_cards)
    assert result.state["P2"]["graveyard"] == ["Sink Below"]
    assert result.state["P2"]["deck"] == 5


def test_grind_them_down_under_four_damage_does_not_trigger(fabrary_cards):
    given = _given(
        ["Grind Them Down (red)"], {"deck": 6, "hand": ["Enlightened Strike (red)", "Wounding Blow (red)"]}
    )
    lines = [
        "P1 plays Grind Them Down (red) targeting P2",
        "all pass to the Defend Step",
        "P2 defends with Enlightened Strike, Wounding Blow",
        "all pass through the Reaction and Damage Steps",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - 1  # a hit, but for less than 4
    assert result.state["P2"]["deck"] == 6
    assert result.state["P2"]["graveyard"] == []


def test_disable_puts_the_arsenal_card_on_the_bottom(fabrary_cards):
    given = _given(["Disable (red)"], {"arsenal": ["Sink Below (red)"], "deck": 6})
    result = run_log(given, ["P1 plays Disable (red) targeting P2", *_THROUGH], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["arsenal"] == []
    assert result.state["P2"]["deck_bottom"] == ["Sink Below"]
    assert result.state["P2"]["deck"] == 7


def test_wee_wrecking_ball_destroys_the_arsenal_card(fabrary_cards):
    """3{p}: it crushes only with help; two +1{p} counters make its power greater than its base, so its
    own "+1{p}" applies too (3 + 2 + 1)."""
    given = _given(["Wee Wrecking Ball"], {"arsenal": ["Sink Below (red)"]})
    lines = [
        "P1 plays Wee Wrecking Ball targeting P2",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "judge: put two +1{p} counters on Wee Wrecking Ball",
        "all pass through the Reaction and Damage Steps",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert result.state["P2"]["life"] == 20 - 6  # 3 + 2, and +1 for power greater than its base
    assert result.state["P2"]["arsenal"] == []
    assert result.state["P2"]["graveyard"] == ["Sink Below"]


def test_knock_em_off_their_feet_taps_the_hero(fabrary_cards):
    given = _given(["Knock 'Em Off Their Feet"])
    result = run_log(given, ["P1 plays Knock 'Em Off Their Feet targeting P2", *_THROUGH], fabrary_cards)
    assert result.state["P2"]["hero_tapped"] is True
    assert result.state["P2"]["life"] == 12


def test_flatten_the_field_destroys_a_seismic_surge(fabrary_cards):
    given = _given(["Flatten the Field"], {"permanents": ["Seismic Surge", "Seismic Surge", "Courage"]})
    result = run_log(given, ["P1 plays Flatten the Field targeting P2", *_THROUGH], fabrary_cards)
    assert [p["name"] for p in result.state["P2"]["permanents"]] == ["Seismic Surge", "Courage"]


@pytest.mark.parametrize(
    ("hero", "left"),
    [("Bravo, Showstopper", []), ("Dorinthea Ironsong", ["Courage", "Seismic Surge"])],
)
def test_disenchantment_crushes_only_a_guardian_hero(fabrary_cards, hero, left):
    given = _given(
        ["Disenchantment of the Old Ones"],
        {"hero": hero, "permanents": ["Courage", "Seismic Surge"], "life": 40},
        resources=6,
    )
    result = run_log(
        given, ["P1 plays Disenchantment of the Old Ones targeting P2", *_THROUGH], fabrary_cards
    )
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 30
    assert [p["name"] for p in result.state["P2"]["permanents"]] == left


def test_hms_kraken_destroys_the_only_item(fabrary_cards):
    given = _given(["HMS Kraken"], {"permanents": ["Gold", "Courage"]})
    result = run_log(given, ["P1 plays HMS Kraken targeting P2", *_THROUGH], fabrary_cards)
    assert [p["name"] for p in result.state["P2"]["permanents"]] == ["Courage"]


@pytest.mark.parametrize(
    "choice", ["P1 destroys P2's Copper", "P1 destroys their Copper", "Copper destroyed"]
)
def test_hms_kraken_with_two_items_takes_the_one_the_log_names(fabrary_cards, choice):
    given = _given(["HMS Kraken"], {"permanents": ["Gold", "Copper"]})
    lines = ["P1 plays HMS Kraken targeting P2", *_THROUGH, choice]
    result = run_log(given, lines, fabrary_cards)
    assert any("log which" in m for m in messages(result, "note")), result.findings
    assert [p["name"] for p in result.state["P2"]["permanents"]] == ["Gold"]


def test_hms_marlin_and_intoxicating_shot(fabrary_cards):
    given = _given(["HMS Marlin"], {"deck": 3})
    result = run_log(given, ["P1 plays HMS Marlin targeting P2", *_THROUGH], fabrary_cards)
    assert result.state["P2"]["deck"] == 2
    assert result.state["P2"]["graveyard"] == ["unknown card"]
    shot = run_log(
        _given(["Intoxicating Shot"]), ["P1 plays Intoxicating Shot targeting P2", *_THROUGH], fabrary_cards
    )
    assert sorted(p["name"] for p in shot.state["P2"]["permanents"]) == ["Courage", "Quicken"]


# --- conditional hit triggers, the hit's damage, any target ----------------------------------------


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        ("Command Respect", "When this hits"),
        ("Concuss", "When this hits"),
        ("Whirling Mist Blossom", "When this hits"),
        ("Arknight Ascendancy", "When this hits"),
        ("Blow for a Blow", "When this hits"),
    ],
)
def test_conditional_and_counted_hit_triggers_are_computed(fabrary_cards, card, sentence):
    assert _state_of(fabrary_cards, card, sentence) == MODELLED


@pytest.mark.parametrize(
    ("extra", "arsenal", "graveyard"),
    [
        ([], ["Sink Below"], []),  # 6{p}, its base: the trigger's condition does not hold
        (["judge: put a +1{p} counter on Command Respect"], [], ["Sink Below"]),
        (["adj: add 1 +1{p} counter to Command Respect"], [], ["Sink Below"]),
    ],
)
def test_command_respect_destroys_the_arsenal_card_only_when_buffed(fabrary_cards, extra, arsenal, graveyard):
    given = _given(["Command Respect"], {"arsenal": ["Sink Below (red)"]})
    lines = [
        "P1 plays Command Respect targeting P2",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        *extra,
        "all pass through the Reaction and Damage Steps",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert [c["name"] for c in result.state["P2"]["arsenal"]] == arsenal
    assert result.state["P2"]["graveyard"] == graveyard
    if not extra:
        assert any("condition does not hold" in m for m in messages(result, "note")), result.findings


def test_concuss_buffed_makes_them_discard(fabrary_cards):
    given = _given(["Concuss"], {"hand": ["Sink Below (red)", "Enlightened Strike (red)"]})
    lines = [
        "P1 plays Concuss targeting P2",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "judge: put a +1{p} counter on Concuss",
        "all pass through the Reaction and Damage Steps",
        "P2 discards Sink Below",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["graveyard"] == ["Sink Below"]
    assert any("discard a card of their choice" in m for m in messages(result, "note")), result.findings


def test_arknight_ascendancy_makes_a_runechant_per_damage(fabrary_cards):
    given = _given(["Arknight Ascendancy"], hero="Viserai, Rune Blood")
    result = run_log(given, ["P1 plays Arknight Ascendancy targeting P2", *_THROUGH], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 15
    assert [p["name"] for p in result.state["P1"]["permanents"]] == ["Runechant"] * 5


def test_blow_for_a_blow_deals_one_more_to_the_hero(fabrary_cards):
    result = run_log(
        _given(["Blow for a Blow"]), ["P1 plays Blow for a Blow targeting P2", *_THROUGH], fabrary_cards
    )
    assert result.state["P2"]["life"] == 20 - 4 - 1


@pytest.mark.parametrize(("first_hits", "hand"), [(True, 2), (False, 0)])
def test_whirling_mist_blossom_draws_on_the_second_hit_in_a_row(fabrary_cards, first_hits, hand):
    given = _given(
        ["Whirling Mist Blossom", "Whirling Mist Blossom"],
        {"hand": ["Enlightened Strike (red)"]},
        hero="Ira, Crimson Haze",
        deck=["Sink Below (red)", "Toughen Up", "Head Jab (red)"],
    )
    defend = "P2 declares no defending cards" if first_hits else "P2 defends with Enlightened Strike"
    lines = [
        "P1 plays Whirling Mist Blossom targeting P2",
        "all pass to the Defend Step",
        defend,
        "all pass through the Reaction and Damage Steps",
        "p1 attacks p2 with whirling mist blossom",
        "all pass to the Defend Step",
        "P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert len(result.state["P1"]["hand"]) == hand


# --- "When this attacks, it gets -1{p} unless you pay {r}" (CR 1.8.4b) --------------------------------


@pytest.mark.parametrize("card", ["Bluster Buff", "Chest Puff", "Look Tuff"])
def test_unless_you_pay_attack_triggers_are_computed(fabrary_cards, card):
    assert _state_of(fabrary_cards, card, "When this attacks") == MODELLED


@pytest.mark.parametrize(
    ("pay", "life", "left"),
    [
        (["P1 pays 1"], 20 - 6, 1),
        (["p1 pays {r} for Bluster Buff"], 20 - 6, 1),
        (["all pass", "P1 pays 1"], 20 - 6, 1),  # the trigger resolves, then the payment
        ([], 20 - 5, 2),  # never paid: -1{p}
    ],
)
def test_bluster_buff_loses_a_power_unless_paid(fabrary_cards, pay, life, left):
    lines = ["P1 plays Bluster Buff targeting P2", "all pass", *pay, *_THROUGH]
    result = run_log(_given(["Bluster Buff"], resources=3), lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == life
    assert result.state["P1"]["resource_points"] == left
    if not pay:
        assert any("so its effect happens" in m for m in messages(result, "note")), result.findings


def test_look_tuff_unpaid_when_the_defence_is_declared(fabrary_cards):
    given = _given(["Look Tuff"], {"hand": ["Enlightened Strike (red)"]}, resources=4)
    lines = [
        "P1 plays Look Tuff targeting P2",
        "all pass",
        "all pass",  # the trigger resolves: the offer waits
        "P2 defends with Enlightened Strike",
        "all pass through the Reaction and Damage Steps",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 20 - (8 - 1 - 3)


# --- "When this attacks or defends, if ..., ..." (one ability, two events: CR 6.6.5b) ------------------


def test_full_of_bravado_is_computed(fabrary_cards):
    assert _state_of(fabrary_cards, "Full of Bravado", "When this attacks or defends") == MODELLED


@pytest.mark.parametrize(
    ("aura", "made"), [(["Act of Glory (red)"], ["Confidence"]), (["Bloodied Oval"], [])]
)
def test_full_of_bravado_attacking_with_an_aura_of_suspense(fabrary_cards, aura, made):
    """An aura of suspense is an aura with the suspense ability (CR 8.3.42), not a name."""
    lines = ["P1 plays Full of Bravado targeting P2", "all pass", "all pass"]
    result = run_log(_given(["Full of Bravado"], permanents=aura), lines, fabrary_cards)
    names = [p["name"] for p in result.state["P1"]["permanents"]]
    assert names == [a.split(" (")[0] for a in aura] + made


def test_full_of_bravado_defending(fabrary_cards):
    given = _given(
        ["Enlightened Strike (red)"], {"hand": ["Full of Bravado"], "permanents": ["Act of Glory (red)"]}
    )
    lines = [
        "P1 plays Enlightened Strike (red) targeting P2",
        "all pass to the Defend Step",
        "P2 defends with Full of Bravado",
        "all pass",
    ]
    result = run_log(given, lines, fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [p["name"] for p in result.state["P2"]["permanents"]] == ["Act of Glory", "Confidence"]


def test_endless_arrow_returns_to_its_owners_hand(fabrary_cards):
    result = run_log(
        _given(["Endless Arrow"]),
        ["P1 plays Endless Arrow targeting P2", *_THROUGH, "all pass"],
        fabrary_cards,
    )
    assert not messages(result, "violation"), result.findings
    assert result.state["P1"]["hand"] == ["Endless Arrow"]
    assert result.state["P1"]["graveyard"] == []
    assert result.state["combat_chain"]["state"] == "closed"


# --- "turn a card in their arsenal face-up, then banish a [kind] card from their arsenal" ---------------


@pytest.mark.parametrize("card", ["Hand Behind the Pen", "Smash Up", "Tongue Tied"])
def test_arsenal_reveal_banish_is_computed(fabrary_cards, card):
    assert _state_of(fabrary_cards, card, "When this hits") == MODELLED


@pytest.mark.parametrize(
    ("arsenal", "banished", "left"),
    [(["Sink Below (red)"], [], ["Sink Below"]), (["Enlightened Strike (red)"], ["Enlightened Strike"], [])],
)
def test_smash_up_banishes_a_known_attack_action_card(fabrary_cards, arsenal, banished, left):
    given = _given(["Smash Up"], {"arsenal": arsenal})
    result = run_log(given, ["P1 plays Smash Up targeting P2", *_THROUGH], fabrary_cards)
    assert not messages(result, "violation"), result.findings
    assert [c["name"] for c in result.state["P2"]["banished"]] == banished
    assert [c["name"] for c in result.state["P2"]["arsenal"]] == left


@pytest.mark.parametrize(
    ("reveal", "banished"),
    [
        ("P2 reveals Enlightened Strike in their arsenal", ["Enlightened Strike"]),
        ("P2 reveals Sink Below from arsenal", []),
    ],
)
def test_smash_up_on_a_hidden_arsenal_card_takes_the_logged_reveal(fabrary_cards, reveal, banished):
    given = _given(["Smash Up"], {"hand_size": 1})
    hide = "judge: P2 moves a card from hand to arsenal face-down"  # a card P1 has not seen
    result = run_log(given, [hide, "P1 plays Smash Up targeting P2", *_THROUGH, reveal], fabrary_cards)
    assert any("reveals X in their arsenal" in m for m in messages(result, "note")), result.findings
    assert [c["name"] for c in result.state["P2"]["banished"]] == banished
