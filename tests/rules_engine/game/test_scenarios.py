"""Every scenario file replays and matches its ``expect`` block (one pytest case per scenario).

The comparison reads the runner's JSON output: violations by action number (the scenario's rule
numbers must all be cited), observation mismatches, checkpoints and the final facts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from rules_engine.game.scenarios import compare_expect, run_scenario

from .conftest import SAMPLE, SCENARIO_DIR


def _cases() -> list[object]:
    files = sorted(SCENARIO_DIR.glob("*.yaml"))
    if SAMPLE.exists():
        files.append(SAMPLE)
    cases = []
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for sc in data:
            if isinstance(sc, dict) and "id" in sc:
                cases.append(pytest.param(path, sc, id=f"{path.stem}:{sc['id']}"))
    return cases


CASES = _cases()

#: Scenario files whose real cards come from the fabrary dump (``fabrary_cards``).
FABRARY_FILES = ("disputes-27b.yaml",)

#: Scenarios the engine does not pass yet, each with the reason (reported, never hidden): the engine
#: reports these situations as manual-effect findings instead of computing them.
KNOWN_GAPS: dict[str, str] = {
    # issue 26's blind scenarios (scenarios/blind-26.yaml) the engine does not match yet; see
    # docs/reconstruction.md, "Blind scenarios"
    "b26-23": "Pummel's mode and 'paying the 2 resource points' are not read (card modes are card-text work)",
    "b26-26": "the card text 'Intimidate.' is a manual effect; the banish said in parentheses is only a claim",
    "b26-30": "Oasis Respite's prevention is card text the engine does not compute (manual effect)",
    "b26-45": "Razor Reflex's modes are card text the engine does not compute (manual effect)",
    # the second blind batch (scenarios/blind-26b.yaml)
    "b26b-21": "'the temper counter finished the gauntlets off' (an idiom for the close-step trigger) is not read",
    # the third blind batch (scenarios/blind-26c.yaml); see docs/reconstruction.md, "Fourth pass"
    "b26c-08": "terse trigger ordering ('S trig + Aura L trig, P1 picks P1 to stack first', 'all pass x2 (L: ..., "
    "then S: ...)') is not read, and Aura L's 'Whenever you are dealt damage, gain 1{h}' is a manual effect",
    "b26c-22": "'fired off Instant G ..., back up to 5': the instant's resolution is said only by the life total "
    "after it, so the checkpoint after line 1 still has it on the stack (the final state matches)",
    "b26c-28": "Razor Reflex's modes are card text the engine does not compute, so its illegal target (a cost-2 "
    "attack for the 'cost 1 or less' mode, CR 5.1.4a) is not flagged",
    "b26c-29": "Razor Reflex's modes (the +2{p} and the go again on hit) are card text the engine does not compute",
    "b26c-30": "Pummel's modes are card text the engine does not compute; 'P2 Toughen Up' right after P1's Pummel "
    "leaves P1's pass out, which the engine keeps as acting without priority (CR 1.11.5)",
    "b26c-32": "a conversational account ('Snatch comes in for 4 and P2 says they're blowing up Spell Fray "
    "Leggings to only take 3', 'Nope, that's physical') is not read, so the illegal spellvoid is not flagged",
    "b26c-36": "removing counters as an activation cost (Fyendal's Spring Tunic) is a manual effect, so the "
    "second activation with no counters left (CR 1.14.4b) is not flagged",
}


def test_there_are_scenarios():
    assert len(CASES) >= 20


@pytest.mark.parametrize(("path", "scenario"), CASES)
def test_scenario(path: Path, scenario: dict, request: pytest.FixtureRequest) -> None:
    if scenario["id"] in KNOWN_GAPS:
        request.applymarker(pytest.mark.xfail(reason=KNOWN_GAPS[scenario["id"]], strict=False))
    # cards named only: the card data gives them
    real = path.name in ("real-cards.yaml", "meta-heroes.yaml", "mechanics.yaml")
    current = path.name in FABRARY_FILES  # current cards: the fabrary dump (the-fab-cube copy lacks them)
    lookup = (
        request.getfixturevalue("fabrary_cards")
        if current
        else request.getfixturevalue("fabcube_cards")
        if real
        else None
    )
    result = run_scenario(scenario, lookup)
    payload = json.loads(json.dumps(result.to_json(with_findings=False), default=str))
    assert set(payload) >= {"id", "violations", "state", "checkpoints", "unparsed", "error"}
    assert payload["error"] is None, payload["error"]
    failures = compare_expect(scenario.get("expect") or {}, result)
    assert not failures, "\n".join(
        failures + [f"finding: {f.kind} {f.rules} {f.message}" for f in result.findings]
    )
