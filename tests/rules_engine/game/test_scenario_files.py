"""Structural checks of the rules scenario files in ``scenarios/``.

The scenario files are data for the game-reconstruction engine's tests (format described in
``scenarios/PHRASES.md``). These checks keep the data well-formed: every file is a YAML list, ids are unique,
step numbers used by ``violations``, ``checkpoints`` and ``mismatches`` point at existing ``when`` steps, and rule
numbers look like Comprehensive Rules numbers. They say nothing about whether the engine agrees with them.
"""

import re
from pathlib import Path

import pytest
import yaml

SCENARIO_DIR = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIO_DIR.glob("*.yaml"))
RULE_NUMBER = re.compile(r"^\d+\.\d+(\.\d+[a-z]?)?$")
REQUIRED_KEYS = {"id", "rules", "title", "given", "when", "expect"}


def _load(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, list), f"{path.name} must hold a YAML list of scenarios"
    return data


def test_there_are_at_least_110_scenarios():
    assert sum(len(_load(path)) for path in FILES) >= 110


def test_ids_are_unique_across_files():
    seen = {}
    for path in FILES:
        for scenario in _load(path):
            assert scenario["id"] not in seen, (
                f"{scenario['id']} in {path.name} and {seen.get(scenario['id'])}"
            )
            seen[scenario["id"]] = path.name


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_scenarios_are_well_formed(path):
    for scenario in _load(path):
        sid = scenario.get("id")
        assert REQUIRED_KEYS <= set(scenario), f"{sid}: missing {REQUIRED_KEYS - set(scenario)}"
        assert scenario.get("rules_version", "2.13.0") in {"2.13.0", "older"}, sid
        steps = scenario["when"]
        assert steps and all(isinstance(step, str) and step for step in steps), sid
        expect = scenario["expect"]
        numbers = list(scenario["rules"])
        for violation in expect.get("violations") or []:
            assert 1 <= violation["action"] <= len(steps), f"{sid}: violation action out of range"
            assert violation["rules"] and violation.get("reason"), sid
            numbers += violation["rules"]
        for checkpoint in expect.get("checkpoints") or []:
            assert 1 <= checkpoint["after"] <= len(steps), f"{sid}: checkpoint out of range"
        for mismatch in expect.get("mismatches") or []:
            assert 1 <= mismatch["action"] <= len(steps), f"{sid}: mismatch action out of range"
            # an observe step, or a judge's claim in parentheses on the step (docs/reconstruction.md,
            # "Parentheses and colons are read"; blind-26h)
            step = steps[mismatch["action"] - 1]
            assert step.startswith("observe:") or "(" in step, (
                f"{sid}: mismatch must point at an observe step or a claim in parentheses"
            )
            assert mismatch["claimed"] != mismatch["derived"], sid
        for number in numbers:
            assert isinstance(number, str) and RULE_NUMBER.match(number), f"{sid}: bad rule number {number!r}"


def test_phrase_guide_exists():
    assert (SCENARIO_DIR / "PHRASES.md").is_file()
