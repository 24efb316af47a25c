"""Set mechanics and their keywords, third pass (issue 27, branch mech29): each template replays real
cards (the fabrary dump, ``fabrary_cards``) and checks both the coverage state and what the engine
did in the log, told formally, tersely and conversationally, with a case where the rule bites."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.game.effects import MODELLED, coverage

from .replaying import messages, run_log


def _computed(lookup: Any, name: str, words: str) -> bool:
    """Whether the card's sentence containing ``words`` is computed in the coverage measure."""
    parts = [p for p in coverage(lookup.get(name)) if words.casefold() in p.text.casefold()]
    assert parts, (name, words, [p.text for p in coverage(lookup.get(name))])
    return all(p.status == MODELLED for p in parts)


def _state(result: Any) -> dict[str, Any]:
    return result.to_json()["state"]


# --- "Instant - Banish this and a card from your hero's soul: ..." (CR 1.14.4, 3.11.5) -----------------


def _radiant(soul: list[str], piece: tuple[str, str]) -> dict[str, Any]:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {"hero": "Prism", "action_points": 1, "soul": soul, "equipment": {piece[0]: piece[1]}},
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    ("piece", "line"),
    [
        (("legs", "Radiant Flow"), "P1 activates Radiant Flow"),
        (("chest", "Radiant Raiment"), "p1 activate Radiant Raiment"),
        (("arms", "Radiant Touch"), "P1 uses Radiant Touch's ability"),
    ],
    ids=["formal", "terse", "conversational"],
)
def test_radiant_equipment_banishes_itself_and_a_soul_card_to_prevent(fabrary_cards, piece, line):
    """CR 1.14.4: both effect-costs are paid (the equipment and a soul card go to the banished zone)
    and the prevention shield waits for the next damage (CR 6.4.10)."""
    assert _computed(fabrary_cards, piece[1], "banish this and a card")
    r = run_log(_radiant(["Herald of Judgment"], piece), [line, "all pass"], fabrary_cards, all_read=True)
    assert not messages(r, "violation")
    p1 = _state(r)["P1"]
    assert [c["name"] for c in p1["banished"]] == ["Herald of Judgment", piece[1]]
    assert p1.get("soul", []) == []
    assert p1["equipment"][piece[0]] is None
    assert p1["effects"] == ["Prevent the next 2 damage that would be dealt to you this turn."]


def test_radiant_equipment_cannot_pay_with_an_empty_soul(fabrary_cards):
    """CR 1.14.4b: a cost that cannot be paid reverses the activation; the equipment stays."""
    r = run_log(_radiant([], ("head", "Radiant View")), ["P1 activates Radiant View"], fabrary_cards)
    assert any("soul" in m for m in messages(r, "violation"))
    assert _state(r)["P1"]["equipment"]["head"]["name"] == "Radiant View"
