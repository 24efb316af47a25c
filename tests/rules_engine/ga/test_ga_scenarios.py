"""The Grand Archive reconstruction engine on its scenario files (issue 34).

Each file in ``scenarios/`` is written from a section of the GA Comprehensive Rules; the engine
must derive every expected state, violation and claim mismatch. Pure Python, no database.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules_engine.ga.rules import RULES
from rules_engine.game.scenarios import load_yaml, run_file, run_scenario

from ..game.conftest import SEEDS

HERE = Path(__file__).resolve().parent
SCENARIO_DIR = HERE / "scenarios"
FILES = sorted(p for p in SCENARIO_DIR.glob("ga-*.yaml") if p.name != "ga-cards.yaml")

GA_CR = SEEDS / "ga-comprehensive-rules-2023-04-03.txt"


def _scenarios() -> list[tuple[str, dict]]:
    out = []
    for path in FILES:
        for sc in load_yaml(str(path)):
            out.append((f"{path.stem}:{sc['id']}", sc))
    return out


SCENARIOS = _scenarios()


@pytest.mark.parametrize("sc", [s for _, s in SCENARIOS], ids=[i for i, _ in SCENARIOS])
def test_ga_scenario_matches_its_expectations(sc: dict) -> None:
    (result,) = run_file([sc])
    assert not result.error, result.error
    assert result.failures == [], "\n".join(result.failures)


def _ga_numbers() -> set[str]:
    from reference.parsing import parse_document

    if not GA_CR.exists():
        pytest.skip(f"{GA_CR} is absent (the shared rules documents)")
    doc = parse_document(GA_CR.read_text(encoding="utf-8"), "ga")
    return {r.number for r in doc.rules}


def test_every_rule_the_ga_engine_cites_exists_in_the_ga_cr() -> None:
    numbers = _ga_numbers()
    missing = sorted({n for nums in RULES.values() for n in nums if n not in numbers})
    assert not missing, f"not in the GA CR: {missing}"


def test_every_rule_a_ga_scenario_cites_exists_in_the_ga_cr() -> None:
    numbers = _ga_numbers()
    cited: set[str] = set()
    for _, sc in SCENARIOS:
        cited.update(str(r) for r in sc.get("rules", []))
        for v in (sc.get("expect") or {}).get("violations") or []:
            cited.update(str(r) for r in v.get("rules", []))
    assert not sorted(cited - numbers)


def test_ga_scenarios_are_well_formed_and_ids_unique() -> None:
    seen: set[str] = set()
    for path in FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("cards_from") == "ga-cards.yaml", path.name
        for sc in data["scenarios"]:
            assert {"id", "rules", "title", "given", "when", "expect"} <= set(sc), sc.get("id")
            assert sc["given"].get("game") == "ga", sc["id"]
            assert sc["id"] not in seen, sc["id"]
            seen.add(sc["id"])
            for v in sc["expect"].get("violations") or []:
                assert 1 <= v["action"] <= len(sc["when"]) and v.get("reason"), sc["id"]


def test_a_third_player_is_refused_with_the_rule() -> None:
    result = run_scenario(
        {
            "id": "three",
            "given": {"game": "ga", "P1": {}, "P2": {}, "P3": {}},
            "when": ["P1 ends the turn"],
            "expect": {},
        }
    )
    assert result.error and "two-player" in result.error and "1.2.4" in result.error


def test_a_violation_cites_the_ga_cr_edition() -> None:
    (result,) = run_file(
        [
            {
                "id": "x",
                "cards": [
                    {
                        "name": "Honorable Vanguard",
                        "types": ["ally"],
                        "cost_reserve": 2,
                        "power": 1,
                        "life": 2,
                    }
                ],
                "given": {"game": "ga", "P1": {"hand": ["Honorable Vanguard"]}, "P2": {}},
                "when": ["P2 plays Honorable Vanguard"],
                "expect": {},
            }
        ]
    )
    (finding,) = [f for f in result.findings if f.kind == "violation"]
    assert finding.version == "ga-2023-04-03"
    assert result.to_json()["rules_version"] == "ga-2023-04-03"
