"""A judge's English (issue 26): the same situation told in three registers derives the same state.

Each situation is told formally (the grammar's own shapes, docs/reconstruction.md), tersely (the
phone notation and abbreviations) and conversationally (synonyms, past tense, several actions per
line, omitted obvious passes, claims in parentheses). Every telling must be read in full (no
unreadable clause, no unread claim) and must derive the state the first formal telling derives.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import UNREADABLE, VIOLATION
from rules_engine.game.start import start_state
from rules_engine.game.view import view

ATTACK = {"name": "Attack A", "type": "attack action", "cost": 1, "pitch": 1, "power": 4, "defense": 3}
CARD_B = {"name": "Card B", "type": "action", "cost": 0, "pitch": 3, "defense": 3}
INSTANT_Z = {"name": "Instant Z", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 1{h}."}
INSTANT_Y = {"name": "Instant Y", "type": "instant", "cost": 0, "pitch": 1, "text": "Gain 2{h}."}
AR_R = {
    "name": "AR R",
    "type": "attack reaction",
    "cost": 0,
    "pitch": 1,
    "defense": 2,
    "text": "Target attack action card gets +2{p}.",
}
SWORD = {
    "name": "Sword W",
    "type": "weapon (1H sword)",
    "power": 3,
    "text": "Once per Turn Action - {r}: Attack",
}
CARD_C = {"name": "Card C", "type": "action", "cost": 0, "pitch": 1, "defense": 3}
CARD_D = {"name": "Card D", "type": "action", "cost": 0, "pitch": 2, "defense": 2}
DR_D = {"name": "DR D", "type": "defense reaction", "cost": 0, "pitch": 1, "defense": 3}
HELM = {"name": "Helm H", "type": "equipment head", "defense": 1}


def _given() -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "life": 20,
            "intellect": 8,
            "action_points": 1,
            "hand": [ATTACK, CARD_B, INSTANT_Z, INSTANT_Y, AR_R],
            "weapons": [SWORD],
            "deck": 20,
        },
        "P2": {
            "life": 20,
            "intellect": 4,
            "hand": [CARD_C, CARD_D, DR_D],
            "equipment": {"head": HELM},
            "deck": 20,
        },
    }


def _replay(lines: list[str]) -> Replay:
    state, cards = start_state(_given())
    return replay(state, lines, cards, names=names_for(state, lookup=cards))


ATTACK_FORMAL = "P1 plays Attack A targeting P2's hero, pitching Card B (pitch 3)"
TO_DEFEND = "all pass to the Defend Step"
TO_REACTION = "all pass to the Reaction Step"
TO_DAMAGE = "all pass to the Damage Step"

#: situation -> {"formal": [...tellings], "terse": [...], "conversational": [...]}; a telling is a
#: list of lines. The first formal telling is the reference.
SITUATIONS: dict[str, dict[str, list[list[str]]]] = {
    "attack with a card, pitching": {
        "formal": [
            [ATTACK_FORMAL],
            ["P1 plays Attack A from hand targeting P2's hero, pitching Card B"],
            ["P1 plays Attack A targeting P2's hero, by pitching Card B (pitch 3)"],
        ],
        "terse": [
            ["p1 play Attack A @p2 ^ Card B"],
            ["P1 play Attack A @P2 ^ Card B"],
            ["p1 atk Attack A @ p2, pitch Card B"],
            ["p1 plays Attack A @p2 + pitch Card B"],
        ],
        "conversational": [
            ["P1 attacks with Attack A at P2, pitching Card B"],
            ["P1 swings Attack A at P2, pitching Card B"],
            ["P1 swings with Attack A at P2, paying with Card B"],
            ["P1 goes in with Attack A at P2, pitching Card B"],
            ["P1 played Attack A at P2's hero, paid with Card B"],
            ["P1 casts Attack A against P2, pitching Card B (pitch 3)"],
            ["P1 attacked with Attack A into P2, pitching Card B"],
            ["Player 1 plays Attack A at P2, pitching Card B"],
            ["p1 swung Attack A at p2, pays with Card B"],
        ],
    },
    "attack, no block, damage": {
        "formal": [
            [ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE],
            [ATTACK_FORMAL + "; " + TO_DEFEND + "; P2 declares no defending cards; " + TO_DAMAGE],
            [ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE + " (Attack A deals 4)"],
        ],
        "terse": [
            ["p1 play Attack A @p2 ^ Card B", ">defend", "p2 def -", ">damage"],
            ["p1 play Attack A @p2 ^ Card B; >defend; p2 def -; >damage"],
            ["p1 atk Attack A @p2 ^ Card B", "p2 def -", "p2 takes 4"],
            ["p1 atk Attack A @p2 ^ Card B", "p2 no block", "P2 takes 4 dmg"],
        ],
        "conversational": [
            ["P1 swings Attack A at P2, pitching Card B", "P2 didn't block and took the 4"],
            ["P1 attacks with Attack A at P2, pitching Card B; P2 doesn't block; P2 takes 4"],
            ["P1 attacks with Attack A at P2, pitching Card B, P2 does not defend, P2 takes 4 damage"],
            ["P1 played Attack A at P2, pitching Card B", "P2 did not block", "P2 was dealt 4"],
            ["P1 swings Attack A at P2 pitching Card B, then P2 doesn't block and eats the 4"],
            ["P1 goes in with Attack A at P2, pitching Card B", "P2 declined to block", "P2 takes 4"],
            ["P1 attacks with Attack A at P2, pitching Card B", "P2 blocks with nothing, takes 4"],
            ["P1 attacks with Attack A at P2, pitching Card B", "P2 won't block", "P2 gets hit for 4"],
            ["P1 attacks with Attack A at P2, pitching Card B", "P2 takes it", "P2 takes 4 (4 damage)"],
        ],
    },
    "attack, blocked with a card and equipment": {
        "formal": [
            [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card C and Helm H as defending cards", TO_DAMAGE],
            [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card C (defense 3) and Helm H (defense 1)", TO_DAMAGE],
        ],
        "terse": [
            ["p1 play Attack A @p2 ^ Card B", ">defend", "p2 def Card C, Helm H", ">damage"],
            ["p1 atk Attack A @p2 ^ Card B", "p2 blk Card C, Helm H", ">damage"],
            ["p1 atk Attack A @p2 ^ Card B; p2 blk Card C & Helm H; >damage"],
        ],
        "conversational": [
            ["P1 swings Attack A at P2, pitching Card B", "P2 blocks with Card C and Helm H", TO_DAMAGE],
            ["P1 swings Attack A at P2, pitching Card B", "P2 blocked with Card C and Helm H", TO_DAMAGE],
            ["P1 swings Attack A at P2, pitching Card B", "P2 defends with Card C and Helm H", TO_DAMAGE],
            ["P1 swings Attack A at P2, pitching Card B", "P2 blocks w/ Card C, Helm H", TO_DAMAGE],
            ["P1 swings Attack A at P2, pitching Card B", "P2 defended with Card C & Helm H", TO_DAMAGE],
            [
                "P1 attacks with Attack A at P2, pitching Card B; P2 blocks with Card C and Helm H; "
                + TO_DAMAGE
            ],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 blocks with Card C and Helm H (0 damage)",
                TO_DAMAGE,
            ],
            ["P1 swings Attack A at P2, pitching Card B", "P2 blocks with Card C and Helm H and takes 0"],
        ],
    },
    "a single pass": {
        "formal": [["P1 passes"], ["P1 passes priority"]],
        "terse": [["p1 pass"], ["P1 pass"]],
        "conversational": [["P1 passed"], ["P1 passes back"], ["P1 passed priority"], ["player 1 passes"]],
    },
    "an instant resolves": {
        "formal": [
            ["P1 plays Instant Z", "all pass"],
            ["P1 plays Instant Z", "all pass (Instant Z resolves)"],
            ["P1 plays Instant Z; all pass (Instant Z resolves)"],
        ],
        "terse": [["p1 play Instant Z", "pass"], ["p1 play Instant Z; pass"]],
        "conversational": [
            ["P1 casts Instant Z", "both players pass (it resolves)"],
            ["P1 cast Instant Z, all pass"],
            ["P1 played Instant Z, then all pass (P1 gains 1 life)"],
            ["P1 casts Instant Z and everyone passes"],
            ["P1 casts Instant Z", "all pass (Instant Z resolves: P1 gains 1 life)"],
            ["P1 plays Instant Z", "P1 passes; P2 passes"],
            ["P1 plays Instant Z", "P1 passes, P2 passes"],
            ["P1 plays Instant Z, P1 passes and P2 passes"],
        ],
    },
    "keeping priority": {
        "formal": [["P1 plays Instant Z", "P1 plays Instant Y"], ["P1 plays Instant Z; P1 plays Instant Y"]],
        "terse": [["p1 play Instant Z", "p1 play Instant Y"], ["p1 play Instant Z; p1 play Instant Y"]],
        "conversational": [
            ["P1 plays Instant Z", "P1 keeps priority and plays Instant Y"],
            ["P1 plays Instant Z; P1 keeps priority and plays Instant Y"],
            ["P1 casts Instant Z, then holds priority and casts Instant Y"],
            ["P1 plays Instant Z", "P1 kept priority and played Instant Y"],
            ["P1 plays Instant Z and then plays Instant Y"],
            ["P1 plays Instant Z", "P1 holds priority, plays Instant Y"],
            ["P1 plays Instant Z", "P1 plays Instant Y while Instant Z is on the stack"],
            ["P1 plays Instant Z", "P1 plays Instant Y in response to Instant Z"],
        ],
    },
    "both instants resolve": {
        "formal": [["P1 plays Instant Z", "P1 plays Instant Y", "all pass", "all pass"]],
        "terse": [
            ["p1 play Instant Z", "p1 play Instant Y", "pass", "pass"],
            ["p1 play Instant Z; p1 play Instant Y; pass; pass"],
        ],
        "conversational": [
            [
                "P1 plays Instant Z",
                "P1 keeps priority and plays Instant Y",
                "all pass (Instant Y resolves)",
                "all pass (Instant Z resolves)",
            ],
            [
                "P1 casts Instant Z, then casts Instant Y",
                "all pass (P1 gains 2 life)",
                "all pass (P1 gains 1 life)",
            ],
            [
                "P1 played Instant Z",
                "P1 played Instant Y",
                "both pass (Instant Y resolves)",
                "both pass (Instant Z resolves)",
            ],
            [
                "P1 plays Instant Z; P1 plays Instant Y; all pass (the top layer resolves); all pass (it resolves)"
            ],
        ],
    },
    "weapon attack": {
        "formal": [
            ["P1 activates Sword W targeting P2's hero, pitching Card B (pitch 3)"],
            ["P1 activates Sword W targeting P2's hero, pitching Card B"],
        ],
        "terse": [["p1 act Sword W @p2 ^ Card B"], ["p1 atk Sword W @p2 ^ Card B"]],
        "conversational": [
            ["P1 attacks with Sword W at P2, pitching Card B"],
            ["P1 swings Sword W at P2, pays with Card B"],
            ["P1 uses Sword W on P2, pitching Card B"],
            ["P1 swung with Sword W at P2's hero, pitching Card B"],
            ["P1 activated Sword W targeting P2, pitching Card B"],
            ["P1 goes in w/ Sword W at P2, pitching Card B"],
        ],
    },
    "attack reaction": {
        "formal": [
            [
                ATTACK_FORMAL,
                TO_DEFEND,
                "P2 declares no defending cards",
                TO_REACTION,
                "P1 plays AR R targeting Attack A",
                "all pass (AR R resolves)",
                TO_DAMAGE,
            ],
        ],
        "terse": [
            [
                "p1 play Attack A @p2 ^ Card B",
                ">defend",
                "p2 def -",
                ">reaction",
                "p1 play AR R @Attack A",
                "pass",
                ">damage",
            ],
        ],
        "conversational": [
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_REACTION,
                "P1 plays AR R targeting Attack A, all pass",
                "P2 takes 6",
            ],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 no block",
                TO_REACTION,
                "P1 casts AR R targeting Attack A; all pass (AR R resolves)",
                "all pass to the Damage Step (Attack A deals 6)",
            ],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 didn't block",
                TO_REACTION,
                "P1 plays AR R targeting Attack A and all pass",
                "P2 took 6",
            ],
        ],
    },
    "defense reaction": {
        "formal": [
            [
                ATTACK_FORMAL,
                TO_DEFEND,
                "P2 declares no defending cards",
                TO_REACTION,
                "P1 passes",
                "P2 plays DR D",
                "all pass (DR D resolves)",
                TO_DAMAGE,
            ],
        ],
        "terse": [
            [
                "p1 play Attack A @p2 ^ Card B",
                ">defend",
                "p2 def -",
                ">reaction",
                "p1 pass",
                "p2 play DR D",
                "pass",
                ">damage",
            ],
        ],
        "conversational": [
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_REACTION,
                "P1 passes, P2 plays DR D",
                "all pass (DR D resolves and defends)",
                "P2 takes 1",
            ],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_REACTION,
                "P1 passed and P2 played DR D",
                "all pass (DR D becomes a defending card)",
                TO_DAMAGE + " (Attack A deals 4 - 3 = 1)",
            ],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_REACTION,
                "P1 passes; P2 casts DR D",
                "all pass (DR D resolves)",
                "all pass to the Damage Step (1 damage)",
            ],
        ],
    },
    "end of turn with an arsenal": {
        "formal": [["all pass (the action phase ends)", "P1 puts Card B face-down into their arsenal"]],
        "terse": [["pass", "p1 ars Card B"]],
        "conversational": [
            ["all pass (the action phase ends)", "P1 arsenals Card B"],
            ["all pass", "P1 arsenaled Card B"],
            ["everyone passes (action phase ends)", "P1 arsenals Card B face-down"],
            ["both pass", "P1 puts Card B face down into their arsenal"],
        ],
    },
    "end of turn without an arsenal": {
        "formal": [["all pass (the action phase ends)", "P1 does not arsenal"]],
        "terse": [["pass", "P1 arsenals nothing"]],
        "conversational": [
            ["all pass", "P1 doesn't arsenal"],
            ["all pass", "P1 does not put a card into arsenal"],
            ["all pass", "P1 didn't put anything into their arsenal"],
            ["all pass", "P1 skips arsenal"],
            ["all pass", "P1 puts nothing into their arsenal"],
        ],
    },
    "observations": {
        "formal": [["P1 plays Instant Z", "all pass", "observe: P1 life is 21"]],
        "terse": [["p1 play Instant Z", "pass", "obs p1.life 21"]],
        "conversational": [
            ["P1 plays Instant Z", "all pass", "P1 life 21"],
            ["P1 plays Instant Z", "all pass", "P1 is at 21"],
            ["P1 plays Instant Z", "all pass", "P1's life is 21"],
            ["P1 plays Instant Z", "all pass (P1 is at 21)"],
            ["P1 plays Instant Z", "all pass (P1 gains 1 life; P1 is at 21)"],
        ],
    },
    "judge adjustments": {
        "formal": [["judge: set P2.life to 14 (missed Runechant damage)"]],
        "terse": [["adj p2.life 14 ! missed Runechant damage"], ["adj P2.life 14"]],
        "conversational": [
            ["judge: P2.life = 14 because the players forgot a Runechant"],
            ["judge: P2.life is 14"],
        ],
    },
    "two actions joined": {
        "formal": [[ATTACK_FORMAL, TO_DEFEND], [ATTACK_FORMAL + "; " + TO_DEFEND]],
        "terse": [["p1 play Attack A @p2 ^ Card B; >defend"]],
        "conversational": [
            [ATTACK_FORMAL + ", then " + TO_DEFEND],
            [ATTACK_FORMAL + " and " + TO_DEFEND],
            [ATTACK_FORMAL + ", and " + TO_DEFEND],
            [ATTACK_FORMAL + " then " + TO_DEFEND],
            ["P1 swings Attack A at P2, pitching Card B - all pass to the Defend Step"],
        ],
    },
    "draw at the end of the turn": {
        "formal": [["all pass (the action phase ends)", "P1 does not arsenal", "P1 draws 3 cards"]],
        "terse": [["pass", "P1 arsenals nothing", "p1 draw 3"]],
        "conversational": [
            ["all pass", "P1 doesn't arsenal", "P1 drew 3"],
            ["all pass", "P1 doesn't arsenal", "P1 draws three cards"],
            ["all pass", "P1 doesn't arsenal, P1 draws 3"],
            ["all pass", "P1 doesn't arsenal and draws 3"],
        ],
    },
    "go again from a hit claim": {
        "formal": [
            [
                ATTACK_FORMAL,
                TO_DEFEND,
                "P2 declares no defending cards",
                TO_DAMAGE,
                "Damage Step - Attack A deals 4 and hits",
            ]
        ],
        "terse": [
            ["p1 play Attack A @p2 ^ Card B", ">defend", "p2 def -", ">damage", "Attack A deals 4 and hits"]
        ],
        "conversational": [
            ["P1 swings Attack A at P2, pitching Card B", "P2 doesn't block", "P2 takes 4 (Attack A hits)"],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_DAMAGE + " (Attack A deals 4 and hits)",
            ],
            ["P1 swings Attack A at P2, pitching Card B", "P2 doesn't block", TO_DAMAGE + " (4 dmg)"],
            [
                "P1 swings Attack A at P2, pitching Card B",
                "P2 doesn't block",
                TO_DAMAGE + "; Attack A deals 4",
            ],
        ],
    },
}


# Generated tellings: each verb, target, payment and joiner form the inventory lists, combined so
# that every form appears with several others (not the full product, which would repeat itself).
_PLAY_VERBS = [
    "plays",
    "played",
    "casts",
    "cast",
    "attacks with",
    "attacked with",
    "swings",
    "swung",
    "swings with",
    "goes in with",
    "went in with",
    "atk",
    "atks",
    "play",
    "attack with",
    "swing",
]
_TARGETS = [
    "targeting P2's hero",
    "at P2",
    "at P2's hero",
    "@P2",
    "against P2",
    "into P2",
    "targeting P2",
    "vs P2",
]
_PAYMENTS = [
    ", pitching Card B",
    ", paying with Card B",
    ", pitch Card B",
    " pitching Card B",
    ", paid with Card B",
    ", pays with Card B",
    ", by pitching Card B",
    " + pitch Card B",
    ", pitching Card B (pitch 3)",
    ", w/ Card B pitched"[:0] or ", pitched Card B",
]
_SUBJECTS = ["P1", "p1", "Player 1"]
_NO_BLOCK = [
    "didn't block",
    "doesn't block",
    "does not block",
    "did not defend",
    "doesn't defend",
    "won't block",
    "no block",
    "no blocks",
    "blocks nothing",
    "declares no defending cards",
    "declares no defenders",
    "declares nothing",
    "takes it",
    "declines to block",
    "chooses not to block",
    "blocks with nothing",
    "defends with nothing",
    "did not block",
]
_TAKES = [
    "takes 4",
    "took 4",
    "took the 4",
    "is dealt 4",
    "was dealt 4",
    "eats the 4",
    "gets hit for 4",
    "takes 4 dmg",
    "takes 4 damage",
    "took 4 damage",
    "ate the 4",
    "got hit for 4",
]
_BLOCK_VERBS = [
    "declares",
    "blocks with",
    "blocked with",
    "defends with",
    "defended with",
    "blk",
    "blocks w/",
    "block with",
    "blocks",
    "defends",
    "declared",
    "blks",
]
_JOINERS = [" and ", ", ", " & ", ", and "]
_PASS_VERBS = ["passes", "passed", "pass", "passes priority", "passed priority", "passes back", "passes too"]
_DRAWS = [
    "draws 3",
    "drew 3",
    "draws 3 cards",
    "draws three cards",
    "draw 3",
    "draws three",
    "drew three cards",
]
_ARSENALS = [
    "arsenals Card B",
    "arsenaled Card B",
    "puts Card B face-down into their arsenal",
    "puts Card B face down into their arsenal",
    "arsenal Card B",
    "arsenals Card B face-down",
]


def _generated() -> dict[str, tuple[list[str], list[list[str]]]]:
    gen: dict[str, tuple[list[str], list[list[str]]]] = {}
    plays = []
    for i, verb in enumerate(_PLAY_VERBS):
        for j in range(4):
            target = _TARGETS[(i + 3 * j) % len(_TARGETS)]
            pay = _PAYMENTS[(2 * i + j) % len(_PAYMENTS)]
            subject = _SUBJECTS[(i + j) % len(_SUBJECTS)]
            plays.append([f"{subject} {verb} Attack A {target}{pay}"])
    gen["attack, every verb, target and payment"] = ([ATTACK_FORMAL], plays)
    blocks = []
    for verb in _BLOCK_VERBS:
        for joiner in _JOINERS:
            first, second = "Card C", "Helm H"
            blocks.append([ATTACK_FORMAL, f"P2 {verb} {first}{joiner}{second}", TO_DAMAGE])
    gen["block, every verb and joiner"] = (
        [ATTACK_FORMAL, TO_DEFEND, "P2 declares Card C and Helm H as defending cards", TO_DAMAGE],
        blocks,
    )
    no_blocks = []
    for i, no in enumerate(_NO_BLOCK):
        for j in range(2):
            takes = _TAKES[(i + 5 * j) % len(_TAKES)]
            subject = "P2" if j == 0 else "p2"
            if (i + j) % 3 == 0:
                no_blocks.append([ATTACK_FORMAL, f"{subject} {no} and {takes}"])
            elif (i + j) % 3 == 1:
                no_blocks.append([ATTACK_FORMAL, f"{subject} {no}, {subject} {takes}"])
            else:
                no_blocks.append([ATTACK_FORMAL, f"{subject} {no}", f"{subject} {takes}"])
    gen["no block and the damage taken, every form"] = (
        [ATTACK_FORMAL, TO_DEFEND, "P2 declares no defending cards", TO_DAMAGE],
        no_blocks,
    )
    passes = [[f"{subject} {verb}"] for subject in _SUBJECTS for verb in _PASS_VERBS]
    gen["a pass, every form"] = (["P1 passes"], passes)
    draws = [
        ["all pass", "P1 does not arsenal", f"{subject} {draw}"]
        for k, draw in enumerate(_DRAWS)
        for subject in _SUBJECTS[: 2 + k % 2]
    ]
    gen["a draw, every form"] = (
        ["all pass (the action phase ends)", "P1 does not arsenal", "P1 draws 3 cards"],
        draws,
    )
    arsenals = [["all pass", f"{subject} {ars}"] for ars in _ARSENALS for subject in _SUBJECTS[:2]]
    gen["an arsenal, every form"] = (
        ["all pass (the action phase ends)", "P1 puts Card B face-down into their arsenal"],
        arsenals,
    )
    return gen


GENERATED = _generated()


def _cases() -> list[Any]:
    out = []
    for name, (reference, tellings) in GENERATED.items():
        SITUATIONS.setdefault(name, {"formal": [reference], "generated": tellings})
    for name, registers in SITUATIONS.items():
        for register, tellings in registers.items():
            for i, lines in enumerate(tellings):
                out.append(pytest.param(name, lines, id=f"{name}-{register}-{i + 1}"))
    return out


_REFERENCE: dict[str, dict[str, Any]] = {}


def _reference(name: str) -> dict[str, Any]:
    if name not in _REFERENCE:
        rep = _replay(SITUATIONS[name]["formal"][0])
        _REFERENCE[name] = view(rep.final)
    return _REFERENCE[name]


@pytest.mark.parametrize(("name", "lines"), _cases())
def test_three_registers_derive_the_same_state(name: str, lines: list[str]) -> None:
    rep = _replay(lines)
    findings = [f for s in rep.steps for f in s.findings]

    assert [f.message for f in findings if f.kind == UNREADABLE] == []
    assert [f.message for f in findings if f.kind == VIOLATION] == []
    assert view(rep.final) == _reference(name)


def test_there_are_at_least_three_hundred_paraphrases() -> None:
    assert len(_cases()) >= 300
