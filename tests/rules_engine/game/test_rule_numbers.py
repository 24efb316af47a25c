"""Every rule number the engine can cite exists in the imported CR text of that edition."""

from __future__ import annotations

import re

import pytest

from rules_engine.game.effects import TOKEN_RULES
from rules_engine.game.rules import VERSIONS, rules_for

from .conftest import SEEDS

FILES = {"2.13.0": "fab-comprehensive-rules-2.13.0.txt", "older": "fab-comprehensive-rules-older.txt"}


def _numbers(version: str) -> set[str]:
    from reference.parsing import parse_document

    path = SEEDS / FILES[version]
    if not path.exists():
        pytest.skip(f"{path} is absent (the shared rules documents)")
    doc = parse_document(path.read_text(encoding="utf-8"), "cr")
    return {r.number for r in doc.rules}


@pytest.mark.parametrize("version", VERSIONS)
def test_every_cited_rule_exists(version: str) -> None:
    numbers = _numbers(version)
    missing = sorted({n for nums in rules_for(version).values() for n in nums if n not in numbers})
    assert not missing, f"rule numbers not in the {version} CR: {missing}"


def test_token_rules_exist_in_2_13() -> None:
    numbers = _numbers("2.13.0")
    assert not [n for n in TOKEN_RULES.values() if n not in numbers]


def test_every_rule_number_in_engine_source_is_catalogued() -> None:
    """Rule numbers written as string literals in the engine come from the catalogue (or exist)."""
    from pathlib import Path

    import rules_engine.game as pkg

    numbers = _numbers("2.13.0") | _numbers("older")
    src = Path(pkg.__file__).parent
    for path in src.glob("*.py"):
        for lit in re.findall(r"\"(\d\.\d+(?:\.\d+[a-z]?)?)\"", path.read_text(encoding="utf-8")):
            if lit.count(".") >= 1 and not lit.startswith(("2.13", "0.")):
                assert lit in numbers, f"{path.name}: {lit} is not a rule number in either edition"


@pytest.mark.parametrize("version", VERSIONS)
def test_fact_and_step_rules_exist(version: str) -> None:
    from rules_engine.game.rules import FACT_RULES, STEP_RULES

    numbers = _numbers(version)
    missing = sorted(
        {
            n
            for n in list(FACT_RULES[version].values()) + list(STEP_RULES[version].values())
            if n not in numbers
        }
    )
    assert not missing, missing


def test_every_rules_finding_of_every_scenario_cites_existing_rules() -> None:
    """Violations, mismatches, missed triggers, manual effects and ambiguities all cite rules of their edition."""
    import yaml

    from rules_engine.game.scenarios import run_scenario

    from .conftest import SAMPLE, SCENARIO_DIR

    numbers = {v: _numbers(v) for v in VERSIONS}
    kinds = {"violation", "observation_mismatch", "missed_trigger", "manual_effect", "ambiguity"}
    seen = 0
    for path in sorted(SCENARIO_DIR.glob("*.yaml")) + ([SAMPLE] if SAMPLE.exists() else []):
        if path.name == "real-cards.yaml":
            continue
        for sc in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            result = run_scenario(sc)
            for f in result.findings:
                if f.kind not in kinds:
                    continue
                seen += 1
                assert f.rules, f"{sc['id']}: {f.kind} without rules: {f.message}"
                bad = [r for r in f.rules if r not in numbers[f.version]]
                assert not bad, f"{sc['id']}: {bad} not in the {f.version} CR ({f.message})"
    assert seen > 20
