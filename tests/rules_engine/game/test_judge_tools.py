"""A judge's fixes in more of the words a judge writes (issue 27), and the adjustment lines a
flagged card sentence offers (``adjustments.outcome_lines``)."""

from __future__ import annotations

import pytest

from rules_engine.game.adjustments import outcome_lines
from rules_engine.game.cards import InlineCards
from rules_engine.game.log import names_for, replay
from rules_engine.game.start import start_state

GIVEN = {
    "turn": "P1",
    "phase": "action",
    "P1": {
        "hand": [
            {"name": "Snatch", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}
        ],
        "hand_size": 3,
        "deck": 20,
        "action_points": 1,
    },
    "P2": {"hand_size": 4, "deck": 30},
}


def _run(lines):
    state, cards = start_state(GIVEN, InlineCards())
    rep = replay(state, lines, cards, names=names_for(state, lookup=cards))
    return rep


def _notes(rep, n):
    return [f.message for f in rep.steps[n - 1].findings]


def test_top_card_of_the_deck_moves_face_down():
    rep = _run(["judge: P2 moves the top card of their deck to banished face down ! revealed by mistake"])
    p2 = rep.final.p("P2")
    assert p2.deck_count == 29 and [c.face for c in p2.banished] == ["down"]
    assert (
        "unknown card moved from top of the deck to banished, face down (revealed by mistake)"
        in _notes(rep, 1)[0]
    )


@pytest.mark.parametrize(
    ("line", "zone"),
    [
        ("judge: banish Snatch from P1's hand", "banished"),
        ("adj: P1 discards Snatch from hand", "graveyard"),
        ("judge: P1 discarded Snatch from their hand", "graveyard"),
    ],
)
def test_banish_and_discard_in_a_judges_words(line, zone):
    rep = _run([line])
    p1 = rep.final.p("P1")
    assert [c.name for c in getattr(p1, zone)] == ["Snatch"] and not p1.hand
    # rewind undoes it: the line is set aside and the state is the one before it
    back = _run([line, "rewind 0"])
    assert [c.name for c in back.final.p("P1").hand] == ["Snatch"]


def test_a_keyword_fix_states_its_time():
    rep = _run(["P1 plays Snatch targeting P2's hero", "judge: Snatch gains dominate until end of turn"])
    assert "Snatch gains dominate until end of turn" in _notes(rep, 2)[0]
    assert "dominate" in rep.final.stack[-1].granted


@pytest.mark.parametrize(
    ("card", "sentence", "lines"),
    [
        (
            "Arcanic Crackle",
            "When this attacks, deal 1 arcane damage to target hero.",
            ["judge: Arcanic Crackle deals 1 arcane damage to P2"],
        ),
        ("Sigil", "If you have dealt arcane damage this turn, gain 1{h}.", ["judge: P1 gains 1 life"]),
        ("Snatch", "If Snatch hits, draw a card.", ["judge: P1 draws 1"]),
        (
            "Lava Burst",
            "Rupture - If played as chain link 4 or higher, it gets +2{p}.",
            ["judge: the attack gets +2"],
        ),
        ("Hood", "Create a Gold token.", ["judge: P1 creates 1 Gold token"]),
        ("Ironsong", "Put a +1{p} counter on it.", ["judge: add 1 +1{p} counter to Ironsong"]),
        ("Command", "The defending hero discards a card.", ["judge: P2 discards CARD from hand"]),
        ("Odd", "Something no shape reads.", []),
    ],
)
def test_outcome_lines_from_card_text(card, sentence, lines):
    assert outcome_lines(card, sentence, "P1") == lines


def test_outcome_lines_are_readable_adjustments():
    for line in outcome_lines(
        "Arcanic Crackle", "Deal 1 arcane damage to target hero; gain 1{h}; draw a card", "P1"
    ):
        rep = _run([line])
        assert not [f for f in rep.steps[0].findings if f.kind in ("unreadable", "cannot_apply")], line


def test_a_counter_on_a_card_both_players_have_names_whose():
    given = {
        "turn": "P1",
        "P1": {"equipment": {"head": {"name": "Helm H", "type": "equipment (head)", "defense": 1}}},
        "P2": {"equipment": {"head": {"name": "Helm H", "type": "equipment (head)", "defense": 1}}},
    }
    state, cards = start_state(given, InlineCards())
    rep = replay(
        state,
        ["judge: add a -1{d} counter to Helm H", "judge: add a -1{d} counter to P2's Helm H"],
        cards,
        names=names_for(state, lookup=cards),
    )
    assert "both players have Helm H: say whose" in rep.steps[0].findings[0].message
    assert rep.final.p("P2").equipment["head"].counters == {"-defense": 1}
    assert rep.final.p("P1").equipment["head"].counters == {}


def test_create_and_destroy_a_token_in_a_judges_words():
    rep = _run(
        [
            "judge: P2 creates two Gold tokens",
            "judge: destroy a Gold token ! it was spent",
            "adj: destroy P2's Gold token",
        ]
    )
    assert [c.name for c in rep.steps[0].state.p("P2").permanents] == ["Gold", "Gold"]
    assert [c.name for c in rep.steps[1].state.p("P2").permanents] == ["Gold"]
    assert "P2's Gold destroyed (it was spent)" in _notes(rep, 2)[0]
    assert rep.final.p("P2").permanents == []
