"""How a scenario's ``expect`` is compared with the derived state (names, outcomes, empty slots)."""

from __future__ import annotations

from rules_engine.game.scenarios import _match


def _errs(exp: dict, act: dict) -> list[str]:
    errs: list[str] = []
    _match(exp, act, "final", errs)
    return errs


def test_stack_layer_kinds_and_token_numbers_are_one_name() -> None:
    act = {"stack": [{"card": "Gold ability"}, {"card": "Runechant 2 trigger"}]}
    assert _errs({"stack": ["Gold activated-layer", "Runechant trigger"]}, act) == []
    assert _errs({"stack": ["Silver activated-layer", "Runechant trigger"]}, act) != []


def test_an_outcome_matches_the_engine_result_with_its_reason() -> None:
    act = {"game": {"over": True, "result": "P1 wins (P2 lost: hero life total reduced to 0)"}}
    assert _errs({"game": {"result": "P1 wins"}}, act) == []
    assert _errs({"game": {"result": "P2 wins"}}, act) != []


def test_a_null_slot_matches_an_empty_slot() -> None:
    assert _errs({"P2": {"equipment": {"head": None}}}, {"P2": {"equipment": {}}}) == []
    assert _errs({"P2": {"equipment": {"head": "Helm"}}}, {"P2": {"equipment": {}}}) != []
