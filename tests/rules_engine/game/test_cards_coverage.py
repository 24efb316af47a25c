"""``cards-coverage``: every sentence of every card in each format's pool is computed or manual (issue 27).

Walks the real card pool (a dump of the pinned ``@flesh-and-blood/cards`` package) for CC, Silver Age,
Blitz and Living Legend through the command line and fails on any sentence in neither state.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rules_engine.game.__main__ import main
from rules_engine.game.cardcoverage import coverage_report
from rules_engine.game.cards import facts_from_mapping

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "tools" / "fabrary" / "node_modules" / "@flesh-and-blood" / "cards"


@pytest.fixture(scope="module")
def dump(tmp_path_factory) -> Path:
    if not PACKAGE.is_dir() or shutil.which("node") is None:
        pytest.skip("npm package @flesh-and-blood/cards not installed (make card-package)")
    out = tmp_path_factory.mktemp("fabrary") / "fabrary.json"
    script = ROOT / "tools" / "fabrary" / "dump.mjs"
    subprocess.run(["node", str(script), str(out)], check=True, capture_output=True, timeout=120)
    return out


@pytest.mark.parametrize("fmt", ["cc", "sage", "blitz", "ll"])
def test_no_sentence_is_silent_in_any_format(dump, fmt, capsys):
    assert main(["cards-coverage", "--format", fmt, "--dump", str(dump), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["format"] == fmt
    totals = report["totals"]
    assert totals["cards"] > 1000
    silent = [
        (c["name"], s["text"])
        for c in report["cards"]
        for s in c["sentences"]
        if s["state"] not in ("computed", "manual")
    ]
    assert silent == []
    assert totals["silent"] == 0
    assert totals["computed"] + totals["manual"] == totals["cards"]
    assert sum(totals["sentences"].values()) == sum(len(c["sentences"]) for c in report["cards"])
    heroes = totals["heroes"]
    assert 0 < heroes["computed"] < heroes["cards"] < totals["cards"]
    assert heroes["sentences"]["silent"] == 0


def test_report_states_and_compiled_effects():
    cards = {
        "Raging Onslaught": facts_from_mapping(
            {"name": "Raging Onslaught", "type": "Generic Action - Attack", "power": 6, "defense": 3}
        ),
        "Lunging Press": facts_from_mapping(
            {"name": "Lunging Press", "type": "Generic Attack Reaction", "text": "Target attack gets +1{p}."}
        ),
        "Strange Text": facts_from_mapping(
            {"name": "Strange Text", "type": "Generic Instant", "text": "Swap hands with the judge."}
        ),
    }
    report = coverage_report(cards, fmt="cc", source="inline")
    by_name = {c["name"]: c for c in report["cards"]}
    assert by_name["Raging Onslaught"]["state"] == "computed"
    assert by_name["Raging Onslaught"]["sentences"] == []
    assert by_name["Strange Text"]["state"] == "manual"
    assert by_name["Strange Text"]["sentences"][0]["text"].startswith("Swap hands")
    press = by_name["Lunging Press"]["sentences"][0]
    assert press["state"] == "computed"
    assert press["effects"] and press["effects"][0]["amount"] == 1
    assert report["totals"]["computed"] == 2 and report["totals"]["manual"] == 1
    assert report["totals"]["heroes"] == {
        "cards": 0,
        "computed": 0,
        "sentences": {"computed": 0, "manual": 0, "silent": 0},
    }


def test_hero_totals_count_heroes_and_their_sentences():
    heroes = {
        "Prism": facts_from_mapping(
            {
                "name": "Prism",
                "type": "Illusionist Hero",
                "text": "Once per Turn Instant - {r}{r}, banish a card from Prism's soul: Create a Spectral Shield token.",
            }
        ),
        "Zen": facts_from_mapping(
            {
                "name": "Zen",
                "type": "Ninja Hero",
                "text": "Once per Turn Instant - {c}{c}{c}: Create a Crouching Tiger in your hand. Search your deck for a card with combo, banish it, then shuffle.",
            }
        ),
    }
    report = coverage_report(heroes, fmt="sage", source="inline")
    assert report["totals"]["heroes"] == {
        "cards": 2,
        "computed": 1,
        # Zen's "Create a Crouching Tiger in your hand" is computed (a card created in hand); its search is not
        "sentences": {"computed": 2, "manual": 1, "silent": 0},
    }


def test_missing_pool_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.delenv("ARBITER_FABRARY_JSON", raising=False)
    assert main(["cards-coverage", "--format", "cc", "--dump", "/nonexistent/fab.json"]) == 2
    assert "error" in capsys.readouterr().err
