"""Replaying a short log through the scenario runner, for the engine's card and rule tests."""

from __future__ import annotations

from typing import Any

from rules_engine.game.scenarios import ScenarioResult, run_scenario


def run_log(
    given: dict[str, Any], when: list[str], lookup: Any = None, *, all_read: bool = False
) -> ScenarioResult:
    """The log ``when`` replayed from the start position ``given`` (with the card ``lookup``); the
    scenario must load, and with ``all_read`` every line must be read."""
    result = run_scenario({"id": "t", "given": given, "when": when, "expect": {}}, lookup)
    assert result.error is None, result.error
    if all_read:
        assert not result.unparsed, result.unparsed
    return result


def messages(result: ScenarioResult, kind: str) -> list[str]:
    """The messages of the result's findings of one kind ("violation", "note", "manual_effect" ...)."""
    return [f.message for f in result.findings if f.kind == kind]
