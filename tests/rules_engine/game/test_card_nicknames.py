"""A card said by its initials with "&" for "and" ("C&C" for Command and Conquer), and a claim that
names the card with its colour while the engine's card has none (issue 26, a judge's English)."""

from __future__ import annotations

import pytest

from tests.rules_engine.game.replaying import messages, run_log


def _cnc() -> dict:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "life": 20,
            "resource_points": 0,
            "action_points": 1,
            "hand": ["Command and Conquer (red)", "Sink Below (blue)"],
        },
        "P2": {"life": 20, "arsenal": ["Pummel (red)"]},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Command and Conquer targeting P2, pitching Sink Below",
            "P2 defends with nothing",
            "all pass through the damage step",
        ],
        ["P1 plays C&C pitching Sink Below, P2 no block, C&C hits for 6", "the hit trigger resolves"],
        ["P1 swung C&C at P2 (pitched Sink Below)", "P2 didn't block and took the 6", "all pass"],
        ["P1 CnC pitch Sink Below, no blk, 6 dmg", "pass pass"],
    ],
)
def test_command_and_conquer_by_any_name_hits_and_clears_the_arsenal(fabcube_cards, lines):
    result = run_log(_cnc(), lines, fabcube_cards)
    assert not messages(result, "observation_mismatch") and not messages(result, "unreadable"), (
        result.findings
    )
    assert not messages(result, "violation"), result.findings
    assert result.state["P2"]["life"] == 14
    assert result.state["P2"]["arsenal"] == []


def _viserai() -> dict:
    return {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "hero": "Viserai, Rune Blood",
            "life": 20,
            "resource_points": 0,
            "action_points": 2,
            "hand": ["Machinations of Dominion (blue)", "Runerager Swarm (red)", "Snatch (red)"],
            "deck": 20,
        },
        "P2": {"life": 20},
    }


@pytest.mark.parametrize(
    "lines",
    [
        [
            "P1 plays Runerager Swarm (red)",
            "all pass",
            "all pass",
            "P2 defends with nothing",
            "all pass through the damage step",
            "P1 plays Snatch (red) targeting P2's hero",
            "all pass",
            "all pass",
            "P2 defends with nothing",
            "all pass through the damage step",
        ],
        [
            "P1 plays Runerager Swarm (red) - Viserai trigger, 1 Runechant",
            "P2 no block, 3 dmg",
            "res step, P1 plays Snatch (red); the Runechant pings P2 for 1",
            "Snatch unblocked, hits for 4, P1 draws",
        ],
        [
            "P1 swung Runerager Swarm (red) at P2 and Viserai made a Runechant",
            "P2 didn't block and took 3",
            "Resolution step: P1 played Snatch (red)",
            "the Runechant pings P2 for 1",
            "P2 didn't block and took the 4",
            "all pass",
        ],
    ],
)
def test_viserais_runechant_told_every_way(fabrary_cards, lines):
    """Viserai, Rune Blood (the fabrary data writes "non-attack" without quotes): a Runeblade card
    after a 'non-attack' action card makes a Runechant; the token's damage and the attack's are
    said in three registers."""
    result = run_log(
        _viserai(), ["P1 plays Machinations of Dominion (blue)", "all pass", *lines], fabrary_cards
    )
    assert not messages(result, "violation"), result.findings
    assert not messages(result, "unreadable"), messages(result, "unreadable")
    assert result.state["P2"]["life"] == 12  # 3 + 1 + 4
    assert result.state["P1"]["permanents"] == []
