"""Paths and card data shared by the reconstruction-engine tests (pure Python, no database)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"
SHARED = (ROOT / ".." / "shared").resolve()
SAMPLE = SHARED / "data" / "scenarios" / "fab-cr-scenarios-sample.yaml"
FABCUBE = SHARED / "data" / "fabcube"
SEEDS = SHARED / "seeds"


@pytest.fixture(scope="session")
def fabcube_cards():
    from rules_engine.game.cards import FabCubeCards

    if not (FABCUBE / "card.json").exists():
        pytest.skip("../shared/data/fabcube is absent")
    return FabCubeCards.load(FABCUBE)
