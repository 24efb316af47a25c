"""Each shape of a judge's English on its own (issue 26; the inventory is in docs/reconstruction.md).

The parser reads a shape into the same clauses as the grammar's formal line; claims in parentheses
and after a colon become checked claims; a claim it cannot read is reported; a clause it cannot
read gets the nearest readings and is never guessed.
"""

from __future__ import annotations

import pytest

from rules_engine.game import actions as A
from rules_engine.game.log import names_for, replay
from rules_engine.game.phrases import NameIndex, Parser, canonical, read_claims, suggest_readings
from rules_engine.game.rules import MISMATCH, NOTE, UNREADABLE
from rules_engine.game.start import start_state
from rules_engine.game.view import view

NAMES = NameIndex(
    ["Attack A", "Card B", "Card C", "Helm H", "Command and Conquer", "Sword W", "Instant Z", "DR D", "AR R"]
)


def parse(line: str) -> A.Entry:
    return Parser(NAMES).parse(1, line)


def clauses(line: str) -> list[A.Action]:
    entry = parse(line)
    assert entry.unparsed == [], entry.unparsed
    return entry.clauses


PLAY = A.Play("P1", A.CardRef("Attack A"), ("P2",), (A.CardRef("Card B"),))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # verbs and their synonyms
        ("P1 plays Attack A targeting P2's hero, pitching Card B", [PLAY]),
        ("P1 casts Attack A at P2, pitching Card B", [PLAY]),
        ("P1 played Attack A at P2, pitching Card B", [PLAY]),
        ("P1 plays Attack A @P2, pays with Card B", [PLAY]),
        ("P1 plays Attack A against P2, paying with Card B", [PLAY]),
        ("P1 plays Attack A into P2, pitch Card B", [PLAY]),
        (
            "P1 attacks with Attack A at P2, pitching Card B",
            [A.Attack("P1", PLAY)],
        ),
        (
            "P1 swings Attack A at P2, pitching Card B",
            [A.Attack("P1", PLAY)],
        ),
        (
            "P1 goes in with Attack A at P2, pitching Card B",
            [A.Attack("P1", PLAY)],
        ),
        (
            "p1 atk Attack A at p2, pitching Card B",
            [A.Attack("P1", PLAY)],
        ),
        (
            "P1 attacks with Attack A from arsenal at P2, boosting",
            [A.Attack("P1", A.Play("P1", A.CardRef("Attack A", "arsenal"), ("P2",), (), None, True))],
        ),
        (
            "P1 swings Attack A at P2 (mode 2)",
            [A.Attack("P1", A.Play("P1", A.CardRef("Attack A"), ("P2",), mode=2))],
        ),
        ("P1 uses Sword W on P2", [A.Activate("P1", "Sword W", ("P2",))]),
        ("P1 activated Sword W targeting P2's hero", [A.Activate("P1", "Sword W", ("P2",))]),
        ("P2 blocks with Card C and Helm H", [A.Defend("P2", (A.CardRef("Card C"), A.CardRef("Helm H")))]),
        ("P2 defends w/ Card C, Helm H", [A.Defend("P2", (A.CardRef("Card C"), A.CardRef("Helm H")))]),
        ("P2 blk Card C & Helm H", [A.Defend("P2", (A.CardRef("Card C"), A.CardRef("Helm H")))]),
        ("P2 blocked with Card C", [A.Defend("P2", (A.CardRef("Card C"),))]),
        ("P2 didn't block", [A.Defend("P2", ())]),
        ("P2 doesn't defend", [A.Defend("P2", ())]),
        ("P2 no block", [A.Defend("P2", ())]),
        ("P2 takes it", [A.Defend("P2", ())]),
        ("P2 declines to block", [A.Defend("P2", ())]),
        ("P1 passes", [A.Pass("P1")]),
        ("P1 passed priority", [A.Pass("P1")]),
        ("P1 passes back", [A.Pass("P1")]),
        ("both pass", [A.AllPass("once")]),
        ("everyone passes", [A.AllPass("once")]),
        ("P2 takes 4", [A.Claim("taken", "P2", 4)]),
        ("P2 took the 4", [A.Claim("taken", "P2", 4)]),
        ("P2 is dealt 4", [A.Claim("taken", "P2", 4)]),
        ("P2 takes 4 dmg", [A.Claim("taken", "P2", 4)]),
        ("P2 gets hit for 4", [A.Claim("taken", "P2", 4)]),
        ("P1 drew 2", [A.Draw("P1", 2)]),
        ("P1 arsenaled Card B", [A.Arsenal("P1", A.CardRef("Card B"))]),
        ("P1 doesn't arsenal", [A.NoArsenal("P1")]),
        ("P1 does not put a card into arsenal", [A.NoArsenal("P1")]),
        ("P1 gains 1 action point from go again", [A.Claim("gains_ap", "P1", 1)]),
        ("P1 gets 1 AP", [A.Claim("gains_ap", "P1", 1)]),
        ("P1 keeps priority", [A.Observe("priority", "P1")]),
        ("P2 is at 16", [A.Observe("P2.life", 16)]),
        # several actions per line, the subject carried
        ("P2 didn't block and took the 4", [A.Defend("P2", ()), A.Claim("taken", "P2", 4)]),
        (
            "P1 kept priority and played Instant Z",
            [A.Observe("priority", "P1"), A.Play("P1", A.CardRef("Instant Z"))],
        ),
        (
            "P1 gains 1 action point and plays Attack A",
            [A.Claim("gains_ap", "P1", 1), A.Play("P1", A.CardRef("Attack A"))],
        ),
        ("P1 passes, P2 passes", [A.Pass("P1"), A.Pass("P2")]),
        ("P1 passes then P2 plays DR D", [A.Pass("P1"), A.Play("P2", A.CardRef("DR D"))]),
        ("P1 plays Instant Z; all pass", [A.Play("P1", A.CardRef("Instant Z")), A.AllPass("once")]),
        ("P1 plays Instant Z, and all pass", [A.Play("P1", A.CardRef("Instant Z")), A.AllPass("once")]),
        # a card's name may hold "and" and commas: never split there
        (
            "P1 plays Command and Conquer targeting P2's hero, pitching Card B",
            [A.Play("P1", A.CardRef("Command and Conquer"), ("P2",), (A.CardRef("Card B"),))],
        ),
        (
            "P2 blocks with Command and Conquer and Card C",
            [A.Defend("P2", (A.CardRef("Command and Conquer"), A.CardRef("Card C")))],
        ),
        # pitch lists
        (
            "P1 plays Attack A targeting P2's hero, pitching Card B (pitch 3), then Card C (pitch 1)",
            [
                A.Play(
                    "P1",
                    A.CardRef("Attack A"),
                    ("P2",),
                    (
                        A.CardRef("Card B", claims=(("pitch", 3),)),
                        A.CardRef("Card C", claims=(("pitch", 1),)),
                    ),
                )
            ],
        ),
        (
            "P1 plays Attack A targeting P2's hero, pitching Card B (1 resource point)",
            [A.Play("P1", A.CardRef("Attack A"), ("P2",), (A.CardRef("Card B", claims=(("pitch", 1),)),))],
        ),
        (
            "P2 declares Card C (cost 0, defense 3)",
            [A.Defend("P2", (A.CardRef("Card C", claims=(("cost", 0), ("defense", 3))),))],
        ),
        ("P1 plays Attack A, pitching nothing", [A.Play("P1", A.CardRef("Attack A"))]),
        ("P2 declares Helm H again", [A.Defend("P2", (A.CardRef("Helm H"),))]),
        # claims in parentheses and after a colon
        ("all pass (DR D resolves and defends)", [A.AllPass("once", (), "DR D"), A.Claim("defends", "DR D")]),
        (
            "all pass (Instant Z resolves; P1 gains 1 life)",
            [A.AllPass("once", (), "Instant Z"), A.Claim("gains_life", "P1", 1)],
        ),
        ("all pass to the Damage Step (3 damage)", [A.AllPass("to", ("damage",)), A.Claim("dealt", "", 3)]),
        (
            "all pass to the Damage Step (Attack A deals 5 - 3 = 2)",
            [A.AllPass("to", ("damage",)), A.Claim("deals", "Attack A", 2)],
        ),
        (
            "all pass to the Damage Step (1 prevented, 2 dealt)",
            [A.AllPass("to", ("damage",)), A.Claim("prevents", "", 1), A.Claim("dealt", "", 2)],
        ),
        ("all pass (the combat chain closes)", [A.AllPass("once"), A.Claim("chain_closed")]),
        ("all pass (Reaction Step ends)", [A.AllPass("once"), A.Claim("step", "reaction", 1)]),
        ("P1 plays Attack A (layer 1)", [A.Play("P1", A.CardRef("Attack A")), A.Claim("layer", "", 1)]),
        ("Ward 3 applies", [A.Claim("prevents", "ward")]),
        ("the Courage trigger goes on the stack", [A.Claim("trigger_added", "Courage")]),
        ("Attack A would deal 4{p} damage", [A.Claim("would_deal", "", 4)]),
        ("7 - 3 = 4 would be dealt", [A.Claim("would_deal", "", 4)]),
        ("Card B returns to P2's hand", [A.Claim("holds", "P2:Card B")]),
        (
            "Vigor triggers and resolves: Vigor is destroyed, P1 gains 1 resource point",
            [A.Trigger("Vigor"), A.Claim("destroyed", "Vigor"), A.Claim("gains_rp", "P1", 1)],
        ),
        (
            "P1 plays Instant Z while Attack A is on the stack",
            [A.Play("P1", A.CardRef("Instant Z")), A.Claim("on_stack", "Attack A")],
        ),
        (
            "P1 plays Instant Z in response to Attack A",
            [A.Play("P1", A.CardRef("Instant Z")), A.Claim("on_stack", "Attack A")],
        ),
        ("all pass through to Damage, no defenders", [A.AllPass("to", ("damage",)), A.Claim("no_defenders")]),
        ("all pass to the Reaction Step of chain link 2", [A.AllPass("to", ("reaction",))]),
        (
            "P1 plays Attack A targeting P2's hero, declaring boost (banishing Card C) and pitching Card B",
            [A.Play("P1", A.CardRef("Attack A"), ("P2",), (A.CardRef("Card B"),), None, True, "Card C")],
        ),
        (
            "P1 plays Attack A targeting P2's hero without boosting",
            [A.Play("P1", A.CardRef("Attack A"), ("P2",))],
        ),
        ("the random card is Card C, banished face-down", [A.Banish("", A.CardRef("Card C"), "down", True)]),
        (
            "P2 plays Instant Z as though it were an instant",
            [A.Play("P2", A.CardRef("Instant Z"), as_instant=True)],
        ),
        # prevention in a judge's words
        ("P2 destroys Helm H to prevent 2 of the damage", [A.ApplyPrevention("P2", "", 2, "Helm H")]),
    ],
)
def test_each_shape_reads_into_its_clauses(line: str, expected: list[A.Action]) -> None:
    assert clauses(line) == expected


@pytest.mark.parametrize(
    ("text", "canon"),
    [
        ("p1 swings w/ Attack A", "P1 attacks with Attack A"),
        ("P2 blk Card C", "P2 defends with Card C"),
        ("P1 gets GA", "P1 gets go again"),
        ("the CC closes", "the combat chain closes"),
        ("P2 takes 4 dmg", "P2 takes 4 damage"),
        ("Player 2 passed", "P2 passes"),
    ],
)
def test_abbreviations_and_verbs_are_rewritten(text: str, canon: str) -> None:
    assert canonical(text) == canon


def test_no_apostrophe_is_still_read() -> None:
    assert clauses("P2 didnt block, took 4") == [A.Defend("P2", ()), A.Claim("taken", "P2", 4)]


def test_a_play_of_more_than_one_card_is_not_half_read() -> None:
    entry = parse("P1 plays Attack A and Card C")
    assert entry.clauses == [] and entry.unparsed == ["P1 plays Attack A and Card C"]


def test_a_claim_the_engine_cannot_read_is_reported_and_the_rest_read() -> None:
    claims, unread = read_claims("AR R resolves: X = 1; P1 gains 1 life")
    assert claims == [A.Claim("resolved", "AR R"), A.Claim("gains_life", "P1", 1)]
    assert unread == ["X = 1"]


def test_an_unreadable_clause_gets_the_nearest_readings_and_is_not_guessed() -> None:
    entry = parse("P1 yeets Attack A at P2")
    assert entry.clauses == []
    assert entry.unparsed == ["P1 yeets Attack A at P2"]
    near = entry.suggestions["P1 yeets Attack A at P2"]
    assert near and all(isinstance(x, str) for x in near)
    assert suggest_readings("P2 blocks Card C with gusto")  # some reading is always near a block
    # the readings are written with the judge's own player and card
    assert "P1 plays Attack A targeting P2's hero, pitching Card B" in near


# -- in a replay ------------------------------------------------------------------------------

ATTACK = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 3}
CARD_C = {"name": "Card C", "type": "action", "cost": 0, "pitch": 1, "defense": 3}
SWORD = {
    "name": "Sword W",
    "type": "weapon (1H sword)",
    "power": 3,
    "text": "Once per Turn Action - {r}: Attack",
}
HELM_SV = {"name": "Helm SV", "type": "equipment head", "defense": 0, "keywords": ["Spellvoid 2"]}
ARCANE = {
    "name": "Instant Z",
    "type": "instant",
    "cost": 0,
    "pitch": 1,
    "text": "Deal 3 arcane damage to target hero.",
}
CARD_B = {"name": "Card B", "type": "action", "cost": 0, "pitch": 3, "defense": 3}


def _run(lines: list[str]) -> list[list[tuple[str, str]]]:
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand": [ATTACK, ARCANE, CARD_B], "weapons": [SWORD]},
        "P2": {"life": 20, "hand": [CARD_C], "equipment": {"head": HELM_SV}},
    }
    state, cards = start_state(given)
    rep = replay(state, lines, cards, names=names_for(state, lookup=cards))
    _run.final = view(rep.final)  # type: ignore[attr-defined]
    return [[(f.kind, f.message) for f in s.findings] for s in rep.steps]


def test_a_claim_in_parentheses_that_does_not_hold_is_a_mismatch() -> None:
    found = _run(
        ["P1 swings Attack A at P2", "P2 doesn't block", "all pass to the Damage Step (Attack A deals 5)"]
    )
    assert [k for k, _ in found[2]] == [MISMATCH]
    assert "engine derives 4" in found[2][0][1]


def test_a_claim_that_holds_adds_nothing() -> None:
    found = _run(
        ["P1 swings Attack A at P2", "P2 doesn't block", "all pass to the Damage Step (Attack A deals 4)"]
    )
    assert found[2] == []


def test_an_unread_claim_is_reported_and_the_action_applies() -> None:
    found = _run(["P1 plays Instant Z targeting P2's hero", "all pass (Instant Z resolves: X = 1)"])
    assert [k for k, _ in found[1]] == [UNREADABLE]
    assert "X = 1" in found[1][0][1] and "not checked" in found[1][0][1]


def test_an_unreadable_line_names_the_nearest_readings() -> None:
    found = _run(["P1 yeets Attack A at P2"])
    assert [k for k, _ in found[0]] == [UNREADABLE]
    assert "Nearest readings" in found[0][0][1]
    assert _run.final["stack"] == []  # type: ignore[attr-defined]


def test_omitted_passes_are_implied_and_noted() -> None:
    found = _run(["P1 attacks with Attack A at P2", "P2 blocks with Card C and takes 1"])
    assert [k for k, _ in found[1]] == [NOTE, NOTE]
    assert "Defend Step are implied" in found[1][0][1] and "Damage Step are implied" in found[1][1][1]
    assert _run.final["P2"]["life"] == 19  # type: ignore[attr-defined]


def test_a_type_named_in_parentheses_is_checked_against_the_card() -> None:
    assert clauses("P1 plays Instant Z (AR) targeting P2's hero") == [
        A.Play("P1", A.CardRef("Instant Z", claims=(("type:attack reaction", 1),)), ("P2",))
    ]
    found = _run(["P1 plays Instant Z (AR) targeting P2's hero"])
    assert [k for k, _ in found[0]] == [MISMATCH]
    assert "Instant Z is of type attack reaction" in found[0][0][1]
    assert _run(["P1 plays Instant Z (instant) targeting P2's hero"]) == [[]]


def test_attacks_with_a_weapon_activates_it() -> None:
    _run(["P1 attacks with Sword W at P2, pitching Card B"])
    assert _run.final["stack"][0]["card"].startswith("Sword W")  # type: ignore[attr-defined]


def test_destroying_a_card_to_prevent_uses_its_prevention_keyword() -> None:
    found = _run(
        [
            "P1 plays Instant Z targeting P2's hero",
            "all pass",
            "P2 destroys Helm SV to prevent 2 of the arcane damage",
        ]
    )
    assert not any(k == "violation" for k, _ in found[2])
    assert _run.final["P2"]["life"] == 19  # type: ignore[attr-defined]
    assert _run.final["P2"]["equipment"]["head"] is None  # type: ignore[attr-defined]
