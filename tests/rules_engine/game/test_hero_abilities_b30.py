"""Hero abilities of issue 30 (branch heroesB30, ``rules_engine/game/heroes_more.py``), each replayed with
the real hero from the fabrary dump: Arakni's look at an opponent's top card when she plays a contract
card, Vynnset's start-of-turn banish and her life payment for an unpreventable Runechant, Kassai of the
Golden Sand's graveyard cost and her Gold on the next weapon hit, Riptide's arsenal option and his damage
when a trap triggers, and a weapon's life cost (Flail of Agony). Each is told formally, tersely and conversationally, with a check that the rule still bites."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log


def _names(cards: list[Any]) -> list[str]:
    return [c if isinstance(c, str) else c["name"] for c in cards]


@pytest.mark.parametrize(
    "hero",
    [
        "Arakni, Huntsman",
        "Arakni",
        "Vynnset, Iron Maiden",
        "Vynnset",
        "Kassai of the Golden Sand",
        "Kassai",
        "Flail of Agony",
        "Riptide, Lurker of the Deep",
        "Riptide",
    ],
)
def test_the_heroes_of_this_pass_are_computed_in_full(fabrary_cards, hero):
    facts = fabrary_cards.get(hero)
    assert facts is not None
    assert [p.text for p in coverage(facts) if p.status != MODELLED] == []


# --- Arakni: a contract card lets her look at the opponent's top card and bottom it -----------------


def _arakni(hero: str = "Arakni, Huntsman", deck_top: list[str] | None = None) -> dict[str, Any]:
    p2: dict[str, Any] = {"life": 20, "hand": [], "deck": 20}
    if deck_top:
        p2["deck_top"] = deck_top
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": hero,
            "action_points": 1,
            "resource_points": 0,
            "hand": ["Already Dead (red)", "Toughen Up (blue)", "Toughen Up (blue)"],
        },
        "P2": p2,
    }


_PLAY_CONTRACT = "P1 plays Already Dead (red), pitching Toughen Up (blue)"


@pytest.mark.parametrize(
    "look",
    [
        "Arakni trigger: P1 looks at P2's top card (Sink Below (red)) and puts it on the bottom",
        "P1 looks at the top card of P2's deck: Sink Below (red), bottoms it",
        "then P1 peeks at P2's top card, Sink Below (red), and puts it on the bottom of their deck",
    ],
    ids=["formal", "terse", "conversational"],
)
@pytest.mark.parametrize("hero", ["Arakni, Huntsman", "Arakni"])
def test_arakni_puts_the_opponents_top_card_on_the_bottom(fabrary_cards, look, hero):
    """CR 6.6: playing a card with contract (8.4.7) puts Arakni's trigger on the stack above it; the look
    line implies the passes that resolve it; the card the judge names is the top card of P2's deck
    (hidden information is what the log says, CR 3.0.1) and goes to the bottom; the deck keeps its size."""
    r = run_log(_arakni(hero), [_PLAY_CONTRACT, look], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert _names(state["P2"]["deck_bottom"]) == ["Sink Below"]
    assert state["P2"]["deck_top"] == []
    assert state["P2"]["deck"] == 20
    assert [x["card"] for x in state["stack"]] == ["Already Dead"]  # the trigger resolved


def test_arakni_may_leave_the_card_on_top(fabrary_cards):
    """CR 1.8.3: putting it on the bottom is optional; the card seen stays the known top card."""
    lines = [_PLAY_CONTRACT, "Arakni trigger: P1 looks at the top card of P2's deck, Snatch (red), leaves it"]
    r = run_log(_arakni(), lines, fabrary_cards, all_read=True)
    state = r.to_json()["state"]
    assert _names(state["P2"]["deck_top"]) == ["Snatch"]
    assert state["P2"]["deck_bottom"] == []


def test_arakni_the_card_named_must_be_the_known_top_card(fabrary_cards):
    """The start state knows P2's top card: another name is a violation, the line reversed (CR 1.10.3)."""
    lines = [_PLAY_CONTRACT, "P1 looks at P2's top card (Snatch (red)) and puts it on the bottom"]
    r = run_log(_arakni(deck_top=["Sink Below (red)"]), lines, fabrary_cards)
    assert any("not the top card" in m for m in messages(r, "violation"))
    assert _names(r.to_json()["state"]["P2"]["deck_top"]) == ["Sink Below"]


def test_arakni_no_contract_card_no_look(fabrary_cards):
    """A card without contract makes no trigger, so a look at P2's deck has nothing allowing it."""
    given = _arakni()
    given["P1"]["hand"] = ["Brutal Assault (red)", "Toughen Up (blue)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Toughen Up (blue)",
        "P1 looks at P2's top card (Sink Below (red)) and puts it on the bottom",
    ]
    r = run_log(given, lines, fabrary_cards)
    assert any("No ability lets P1 look" in m for m in messages(r, "violation"))
    assert r.to_json()["state"]["P2"]["deck_bottom"] == []


# --- Vynnset: a banish from hand at the start of her turn, and a life payment -----------------------


def _vynnset(hand: list[str], phase: str = "action", p2: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": phase,
        "combat_chain": "closed",
        "P1": {
            "hero": "Vynnset, Iron Maiden",
            "life": 40,
            "action_points": 1,
            "resource_points": 0,
            "weapons": ["Flail of Agony"],
            "hand": hand,
        },
        "P2": p2 or {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "line",
    [
        "Vynnset trigger: P1 banishes Howl from Beyond (red) from hand, creates a Runechant",
        "P1 banishes Howl from Beyond (red) (Vynnset)",
        "start of turn: P1 banishes Howl from Beyond (red) for Vynnset and makes a Runechant",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_vynnset_banishes_the_card_the_log_names_and_creates_a_runechant(fabrary_cards, line):
    """CR 4.2.2: her start-of-turn trigger resolves in the Start Phase; which card is banished is her
    hidden choice, so the log's banish from hand takes it, and then ("If you do", CR 1.8.4) one Runechant;
    a Runechant the line also says is that one, not a second."""
    r = run_log(
        _vynnset(["Howl from Beyond (red)", "Toughen Up (blue)"], phase="start"),
        [line],
        fabrary_cards,
        all_read=True,
    )
    assert not messages(r, "violation")
    assert not messages(r, "manual_effect")
    state = r.to_json()["state"]
    assert _names(state["P1"]["banished"]) == ["Howl from Beyond"]
    assert _names(state["P1"]["hand"]) == ["Toughen Up"]
    assert _names(state["P1"]["permanents"]) == ["Runechant"]


def test_vynnset_one_card_in_hand_is_banished_by_itself(fabrary_cards):
    """With one card in hand there is no choice: it is banished and the Runechant made as the turn starts."""
    r = run_log(_vynnset(["Howl from Beyond (red)"], phase="start"), ["P1 passes"], fabrary_cards)
    state = r.to_json()["state"]
    assert _names(state["P1"]["banished"]) == ["Howl from Beyond"]
    assert _names(state["P1"]["permanents"]) == ["Runechant"]


def test_vynnset_a_banish_never_named_is_asked_of_the_judge(fabrary_cards):
    """The banish is not optional: a log that never names the card gets a question as the turn ends."""
    given = _vynnset(["Howl from Beyond (red)", "Toughen Up (blue)"], phase="start")
    lines = ["P1 passes", "P2 passes", "End phase", "P1 arsenals nothing", "P1 draws 2"]
    r = run_log(given, lines, fabrary_cards)
    assert any("never named it" in m for m in messages(r, "manual_effect"))


_HOWL = "P1 plays Howl from Beyond (red), pitching Toughen Up (blue)"


_BARRIER = "P2 uses arcane barrier 1 from Nullrune Hood, pitching Sink Below (red)"


def _vynnset_runechant() -> dict[str, Any]:
    given = _vynnset(
        ["Howl from Beyond (red)", "Toughen Up (blue)"],
        p2={"life": 20, "hand": ["Sink Below (red)"], "equipment": {"head": "Nullrune Hood"}},
    )
    given["P1"]["permanents"] = ["Runechant"]
    return given


@pytest.mark.parametrize(
    "pay",
    [
        "Vynnset trigger: P1 pays 1 life",
        "P1 pays {h}",
        "P1 pays 1 life for Vynnset (next Runechant can't be prevented)",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_vynnset_pays_a_life_and_her_next_runechant_cannot_be_prevented(fabrary_cards, pay):
    """CR 1.8.3, 1.14.2e: the trigger's optional payment is made in life; the Runechant's arcane damage
    then cannot be prevented, so P2's arcane barrier has no damage to apply to (CR 6.4.10h) and the line
    using it is refused. Flail of Agony's cost is a life too (CR 1.14.2e)."""
    lines = [
        _HOWL,
        pay,
        "Howl resolves",
        "P1 attacks with Flail of Agony, paying 1 life",
        "P1 passes",
        "P2 passes",
    ]
    r = run_log(_vynnset_runechant(), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["life"] == 38
    assert state["P2"]["life"] == 19
    assert not any(e["kind"] == "unpreventable_next" for e in state["effects"])
    r = run_log(_vynnset_runechant(), [*lines, _BARRIER], fabrary_cards)
    assert any("arcane barrier" in m for m in messages(r, "violation"))
    assert r.to_json()["state"]["P2"]["life"] == 19


def test_vynnset_without_the_payment_the_runechant_can_be_prevented(fabrary_cards):
    """No payment: P2's arcane barrier prevents the Runechant's 1 (CR 8.3.8)."""
    lines = [_HOWL, "all pass", "P1 attacks with Flail of Agony", "P1 passes", "P2 passes", _BARRIER]
    r = run_log(_vynnset_runechant(), lines, fabrary_cards)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["life"] == 39
    assert state["P2"]["life"] == 20


def test_vynnset_a_life_payment_nothing_offers_is_a_violation(fabrary_cards):
    """A payment with no trigger offering it (no Shadow 'non-attack' action card played) is refused."""
    r = run_log(_vynnset(["Toughen Up (blue)"]), ["P1 pays 1 life"], fabrary_cards)
    assert any("no effect offers" in m for m in messages(r, "violation"))
    assert r.to_json()["state"]["P1"]["life"] == 40


def test_flail_of_agony_cannot_be_paid_without_the_life(fabrary_cards):
    """CR 1.14.2b: a life cost the player cannot pay reverses the activation."""
    given = _vynnset([])
    given["P1"]["life"] = 0
    r = run_log(given, ["P1 attacks with Flail of Agony"], fabrary_cards)
    assert any("1 life" in m for m in messages(r, "violation"))


# --- Kassai of the Golden Sand: a graveyard cost and a Gold on the next weapon hit -----------------


def _kassai(graveyard: list[str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Kassai of the Golden Sand",
            "weapons": ["Cintari Saber"],
            "action_points": 1,
            "resource_points": 0,
            "graveyard": graveyard,
            "hand": ["Toughen Up (blue)"],
        },
        "P2": {"life": 20, "hand": []},
    }


_GRAVE = [
    "Snatch (red)",
    "Brutal Assault (red)",
    "Snatch (yellow)",
    "Brutal Assault (yellow)",
    "Sink Below (blue)",
]


@pytest.mark.parametrize(
    "activation",
    [
        "P1 activates Kassai, banishing Snatch (red), Brutal Assault (red), Snatch (yellow) and Brutal Assault (yellow) from the graveyard",
        "Kassai ability: banish Snatch (red), Brutal Assault (red), Snatch (yellow), Brutal Assault (yellow) from gy",
        "P1 uses Kassai: banishes Snatch (red), Brutal Assault (red), Snatch (yellow), Brutal Assault (yellow) from graveyard",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_kassai_banishes_two_red_and_two_yellow_and_her_next_weapon_hit_makes_a_gold(
    fabrary_cards, activation
):
    """CR 1.14.4: the four graveyard cards pay the cost; the ability's go again gives back its action
    point (CR 8.3.5a); the next weapon hit this turn triggers the delayed ability (CR 6.6): a Gold."""
    lines = [
        activation,
        "P1 attacks with Cintari Saber, pitching Toughen Up (blue)",
        "P2 doesn't block",
        "Cintari Saber hits for 2",
        "all pass",
    ]
    r = run_log(_kassai(list(_GRAVE)), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert _names(state["P1"]["graveyard"]) == ["Sink Below"]
    assert sorted(_names(state["P1"]["banished"])) == ["Brutal Assault", "Brutal Assault", "Snatch", "Snatch"]
    assert _names(state["P1"]["permanents"]) == ["Gold"]
    assert state["P2"]["life"] == 18


def test_kassai_needs_two_of_each_colour(fabrary_cards):
    """CR 1.14.4b: one yellow card in the graveyard cannot pay the cost; the activation is reversed."""
    grave = ["Snatch (red)", "Brutal Assault (red)", "Snatch (yellow)", "Sink Below (blue)"]
    r = run_log(_kassai(grave), ["P1 activates Kassai of the Golden Sand"], fabrary_cards)
    assert any("holds 1" in m for m in messages(r, "violation"))
    assert len(r.to_json()["state"]["P1"]["graveyard"]) == 4


def test_kassai_once_per_turn(fabrary_cards):
    """CR 5.2.1a: a second activation the same turn is refused and pays nothing."""
    grave = list(_GRAVE) + [
        "Snatch (red)",
        "Brutal Assault (red)",
        "Snatch (yellow)",
        "Brutal Assault (yellow)",
    ]
    half = (
        "Snatch (red), Brutal Assault (red), Snatch (yellow) and Brutal Assault (yellow) from the graveyard"
    )
    lines = [f"P1 activates Kassai, banishing {half}", "all pass", f"P1 activates Kassai, banishing {half}"]
    r = run_log(_kassai(grave), lines, fabrary_cards)
    assert any("once per turn" in m.casefold() for m in messages(r, "violation"))
    assert len(r.to_json()["state"]["P1"]["banished"]) == 4


# --- Riptide: a card from hand into the arsenal on each play from hand, 1 damage when a trap triggers --


def _riptide(hand: list[str], arsenal: list[str] | None = None) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Riptide, Lurker of the Deep",
            "action_points": 1,
            "resource_points": 0,
            "hand": hand,
            "arsenal": arsenal or [],
        },
        "P2": {"life": 20, "hand": []},
    }


@pytest.mark.parametrize(
    "line",
    [
        "Riptide trigger: P1 puts Frailty Trap (red) face down into their arsenal",
        "P1 arsenals Frailty Trap (red) face down (Riptide)",
        "and P1 slides Frailty Trap into the arsenal",
    ],
    ids=["formal", "terse", "conversational"],
)
def test_riptide_puts_a_card_from_hand_face_down_into_the_arsenal(fabrary_cards, line):
    """CR 6.6: playing a card from hand makes his trigger; its option (CR 1.8.3) is taken by the log's
    arsenal line, whose passes resolving the trigger are implied: the card goes face down into the empty
    arsenal and the attack still waits on the stack."""
    hand = ["Brutal Assault (red)", "Toughen Up (blue)", "Frailty Trap (red)"]
    lines = ["P1 plays Brutal Assault (red), pitching Toughen Up (blue)", line]
    r = run_log(_riptide(hand), lines, fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P1"]["arsenal"] == [{"name": "Frailty Trap", "face": "down"}]
    assert state["P1"]["hand"] == []
    assert [x["card"] for x in state["stack"]] == ["Brutal Assault"]


def test_riptide_the_arsenal_must_be_empty(fabrary_cards):
    """CR 3.3.2: an arsenal holds one card; the line putting a second one there is refused."""
    hand = ["Brutal Assault (red)", "Toughen Up (blue)", "Frailty Trap (red)"]
    lines = [
        "P1 plays Brutal Assault (red), pitching Toughen Up (blue)",
        "P1 arsenals Frailty Trap (red) face down",
    ]
    r = run_log(_riptide(hand, ["Sink Below (red)"]), lines, fabrary_cards)
    assert messages(r, "violation")
    assert _names(r.to_json()["state"]["P1"]["hand"]) == ["Frailty Trap"]


def test_riptide_a_card_played_from_arsenal_makes_no_trigger(fabrary_cards):
    """ "from hand": a card played from the arsenal makes no trigger, so nothing waits on the stack."""
    lines = ["P1 plays Brutal Assault (red) from arsenal, pitching Toughen Up (blue)"]
    r = run_log(_riptide(["Toughen Up (blue)"], ["Brutal Assault (red)"]), lines, fabrary_cards)
    assert [x["card"] for x in r.to_json()["state"]["stack"]] == ["Brutal Assault"]


def test_riptide_a_trap_that_triggers_deals_1_damage_to_the_attacking_hero(fabrary_cards):
    """CR 6.6: Frailty Trap's trigger (it defends an attack with go again) makes Riptide's trigger above
    it: 1 damage to the attacking hero, then the Frailty token (CR 8.6)."""
    given = {
        "turn": "P2",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Riptide, Lurker of the Deep",
            "life": 38,
            "resource_points": 3,
            "hand": ["Frailty Trap (red)"],
        },
        "P2": {"life": 20, "action_points": 1, "resource_points": 0, "hand": ["Head Jab (red)"]},
    }
    lines = [
        "P2 plays Head Jab (red)",
        "P1 doesn't block",
        "Reaction step: P1 plays Frailty Trap (red)",
        "all pass",
        "all pass",
        "all pass",
        "all pass",
    ]
    r = run_log(given, lines, fabrary_cards)
    assert not messages(r, "violation")
    state = r.to_json()["state"]
    assert state["P2"]["life"] == 19
    assert _names(state["P2"]["permanents"]) == ["Frailty"]
