"""Replay properties, rewinds, JSON round-trips, bad input and the compact notation."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import yaml

from rules_engine.game.cards import InlineCards
from rules_engine.game.log import names_for, replay
from rules_engine.game.phrases import Parser
from rules_engine.game.rules import CANNOT_APPLY, UNKNOWN_CARD, UNREADABLE, VIOLATION
from rules_engine.game.scenarios import StateBuilder, collect_cards
from rules_engine.game.state import GameState

from .conftest import ROOT, SAMPLE, SCENARIO_DIR


def _scenarios() -> list[dict]:
    out = []
    for path in sorted(SCENARIO_DIR.glob("*.yaml")) + ([SAMPLE] if SAMPLE.exists() else []):
        out.extend(
            x
            for x in yaml.safe_load(path.read_text(encoding="utf-8")) or []
            if isinstance(x, dict) and x.get("when")
        )
    return out


SCENARIOS = _scenarios()


def _setup(sc: dict) -> tuple[GameState, list[str], InlineCards, str]:
    version = str(sc.get("rules_version", "2.13.0"))
    inline = InlineCards(collect_cards(sc["given"]))
    state = StateBuilder(inline, version).build(sc["given"])
    return state, [str(x) for x in sc["when"]], inline, version


def _run(sc: dict, lines: list[str] | None = None):
    state, when, inline, version = _setup(sc)
    return replay(
        state,
        lines if lines is not None else when,
        inline,
        version=version,
        names=names_for(state, inline.names()),
    )


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_replaying_twice_gives_the_same_hashes(sc: dict) -> None:
    a = [s.state.state_hash() for s in _run(sc).steps]
    b = [s.state.state_hash() for s in _run(sc).steps]
    assert a == b


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_json_round_trip_keeps_the_hash(sc: dict) -> None:
    for step in _run(sc).steps:
        blob = json.dumps(step.state.to_json())
        again = GameState.from_json(json.loads(blob))
        assert again.state_hash() == step.state.state_hash()


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_rewind_to_k_equals_a_fresh_replay_of_1_to_k(sc: dict) -> None:
    lines = [str(x) for x in sc["when"]]
    for k in range(len(lines) + 1):
        fresh = _run(sc, lines[:k])
        rewound = _run(sc, lines + [f"rewind {k}"])
        assert rewound.final.state_hash() == fresh.final.state_hash()
        assert [s.number for s in rewound.path()] == list(range(1, k + 1)) + [len(lines) + 1]


def test_a_rewind_keeps_the_superseded_lines() -> None:
    sc = (
        next(s for s in SCENARIOS if s["id"] == "turn-01")
        if any(s["id"] == "turn-01" for s in SCENARIOS)
        else SCENARIOS[0]
    )
    lines = [str(x) for x in sc["when"]]
    rep = _run(sc, lines + ["rewind 1"] + lines[1:2])
    assert len(rep.steps) == len(lines) + 2
    assert [s.active for s in rep.steps[1 : len(lines)]] == [False] * (len(lines) - 1)
    assert rep.final.state_hash() == _run(sc, lines[:2]).final.state_hash()


BASE = {
    "turn": "P1",
    "phase": "action",
    "combat_chain": "closed",
    "P1": {
        "action_points": 1,
        "hand": [
            {"name": "Attack A", "type": "attack action", "cost": 1, "pitch": 1, "power": 4, "defense": 2},
            {"name": "Card B", "type": "action", "cost": 0, "pitch": 3, "defense": 2},
        ],
    },
    "P2": {"life": 20, "hand": [{"name": "Card C", "type": "action", "cost": 0, "pitch": 1, "defense": 3}]},
}


def _base_run(lines: list[str]):
    inline = InlineCards(collect_cards(BASE))
    state = StateBuilder(inline, "2.13.0").build(BASE)
    return replay(state, lines, inline, names=names_for(state, inline.names()))


def test_an_unreadable_line_is_a_finding_and_the_rest_replays() -> None:
    rep = _base_run(["P1 frobnicates the table", "P1 plays Attack A targeting P2's hero, pitching Card B"])
    assert rep.steps[0].findings[0].kind == UNREADABLE
    assert "line 1" in rep.steps[0].findings[0].message
    assert [x.name for x in rep.final.stack] == ["Attack A"]


def test_an_unknown_card_is_a_finding_naming_the_line_with_suggestions() -> None:
    rep = _base_run(
        [
            "P1 plays Atack A targeting P2's hero, pitching Card B",
            "P1 plays Attack A targeting P2's hero, pitching Card B",
        ]
    )
    kinds = [f.kind for f in rep.steps[0].findings]
    assert CANNOT_APPLY in kinds or UNKNOWN_CARD in kinds
    assert all("line 1" in f.message for f in rep.steps[0].findings)
    assert [x.name for x in rep.final.stack] == ["Attack A"]


def test_a_step_that_cannot_apply_is_reported_not_raised() -> None:
    rep = _base_run(
        ["P2 declares Card C", "P1 draws 3", "P2 plays Card Q", "P1 plays Attack A, pitching Card B"]
    )
    assert any(f.kind in (VIOLATION, CANNOT_APPLY) for f in rep.steps[0].findings)
    assert rep.final.stack and rep.final.stack[0].name == "Attack A"


def test_garbage_never_raises() -> None:
    rep = _base_run(
        [
            "",
            ";;;",
            "P1 plays",
            "P3 passes",
            "all pass to the Moon Step",
            "judge: set P9.life to x",
            "observe: P2.nothing is 3",
            "rewind 99",
            "((((",
            "P1 plays Attack A targeting",
        ]
    )
    assert len(rep.steps) == 10


def test_observation_is_checked_never_applied() -> None:
    rep = _base_run(["observe: P2 says P2.life is 11"])
    f = rep.steps[0].findings[0]
    assert f.kind == "observation_mismatch" and f.data["claimed"] == 11 and f.data["derived"] == 20
    assert rep.final.p("P2").life == 20


def test_judge_adjustment_is_applied() -> None:
    rep = _base_run(["judge: set P2.life to 14 (missed Runechant damage)"])
    assert rep.final.p("P2").life == 14
    assert rep.steps[0].findings[0].kind == "note"


def test_notation_parses_like_english() -> None:
    names = names_for(GameState(), ["Attack A", "Card B", "Card C"])
    p = Parser(names)
    pairs = [
        ("p1 play Attack A @p2 ^ Card B", "P1 plays Attack A targeting P2's hero, pitching Card B"),
        ("pass", "all pass"),
        ("p2 def Card C", "P2 declares Card C"),
        ("p2 def -", "P2 declares no defending cards"),
        (">defend", "all pass to the Defend Step"),
        ("p1 ars Card B", "P1 puts Card B face-down into their arsenal"),
        ("obs p2.life 11", "observe: P2.life is 11"),
        (
            "p1 play Attack A @p2 $1",
            "P1 plays Attack A targeting P2's hero, paying 1 with floating resource points",
        ),
    ]
    for short, long in pairs:
        assert p.parse(1, short).clauses == p.parse(1, long).clauses, short


def test_cli_never_shows_a_traceback(tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("given: [1, 2]\nlog: ['P1 plays X']\n")
    garbage = tmp_path / "g.txt"
    garbage.write_text("P1 plays Nothing\nwhat\n")
    for args in (
        ["replay", str(bad)],
        ["replay", str(garbage)],
        ["replay", str(tmp_path / "missing.yaml")],
        ["scenarios", str(bad)],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "rules_engine.game", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "Traceback" not in proc.stderr, proc.stderr
        assert proc.returncode in (0, 1, 2)


def test_package_imports_no_django() -> None:
    code = (
        "import sys, rules_engine.game.scenarios, rules_engine.game.log, rules_engine.game.backup, rules_engine.game.__main__; "
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_documented_compact_example_replays_without_unreadable_lines() -> None:
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"action_points": 1, "hand_size": 4, "deck": 30},
        "P2": {"life": 20, "hand_size": 4},
    }
    from rules_engine.game.cards import CardFacts

    inline = InlineCards(
        [
            CardFacts(
                name="Snatch",
                types=frozenset({"action"}),
                subtypes=frozenset({"attack"}),
                cost=0,
                pitch=1,
                power=4,
                defense=2,
                text="When this hits, draw a card.",
            )
        ]
    )
    state = StateBuilder(inline, "2.13.0").build(given)
    lines = [
        "p1 play Snatch @p2",
        ">defend",
        "p2 def -",
        ">>reaction",
        "pass",
        "obs p1.hand_size 4",
        "adj p2.life 16 ! players agree the hit happened",
    ]
    rep = replay(state, lines, inline, names=names_for(state, inline.names()))
    kinds = [f.kind for s in rep.steps for f in s.findings]
    assert "unreadable" not in kinds and "violation" not in kinds, kinds
    assert rep.final.p("P2").life == 16
    assert rep.final.p("P1").hand_size == 4
    assert "observation_mismatch" not in kinds  # Snatch left a hand of 4; its hit trigger drew one back


try:
    from hypothesis import given as hgiven
    from hypothesis import settings
    from hypothesis import strategies as st

    WORDS = [
        "P1",
        "P2",
        "plays",
        "Attack A",
        "Card B",
        "Card C",
        "targeting",
        "P2's hero",
        "pitching",
        "all",
        "pass",
        "to",
        "the",
        "Defend",
        "Step",
        "declares",
        "draws",
        "3",
        ";",
        "(",
        ")",
        "observe:",
        "judge:",
        "set",
        "P2.life",
        "rewind",
        "1",
        "through",
        "Damage",
        "-",
        "deals",
        "arsenal",
        "face-down",
        "into",
        "their",
    ]

    @settings(max_examples=150, deadline=None)
    @hgiven(st.lists(st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join), max_size=8))
    def test_random_lines_never_raise(lines: list[str]) -> None:
        rep = _base_run(lines)
        assert len(rep.steps) == len(lines)
        for step in rep.steps:
            json.dumps(step.state.to_json())

except ImportError:  # pragma: no cover
    pass


def test_a_colour_names_the_pitch_variant() -> None:
    given = {
        "turn": "P1",
        "phase": "action",
        "step": "defend (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": {"name": "Attack A", "power": 6}, "defending": []}]},
        "P2": {
            "life": 20,
            "hand": [
                {"name": "Snatch", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2},
                {"name": "Snatch", "type": "attack action", "cost": 0, "pitch": 3, "power": 2, "defense": 3},
            ],
        },
    }
    inline = InlineCards()
    state = StateBuilder(inline, "2.13.0").build(given)
    rep = replay(
        state,
        ["P2 declares Snatch (blue)", "all pass through the Reaction and Damage Steps"],
        inline,
        names=names_for(state),
    )
    assert [c.pitch for c in rep.final.p("P2").hand] == [1]
    assert rep.final.p("P2").life == 17


def test_a_claim_missing_exactly_a_triggers_damage_is_a_probable_missed_trigger() -> None:
    given = {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "permanents": [{"name": "Runechant", "type": "token aura"}],
            "hand": [
                {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 3, "defense": 2}
            ],
        },
        "P2": {"life": 20, "hand": []},
    }
    inline = InlineCards(collect_cards(given))
    state = StateBuilder(inline, "2.13.0").build(given)
    lines = [
        "P1 plays Attack A targeting P2's hero",
        "all pass to the Defend Step; P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
        "observe: P2 says P2.life is 17",
    ]
    rep = replay(state, lines, inline, names=names_for(state, inline.names()))
    assert rep.final.p("P2").life == 16
    kinds = [f.kind for f in rep.steps[-1].findings]
    assert kinds == ["missed_trigger", "observation_mismatch"]
    assert "Runechant trigger" in rep.steps[-1].findings[0].message
    assert rep.steps[-1].findings[0].rules == ["6.6.5", "6.6.6"]
