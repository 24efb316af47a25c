"""Paths and card data shared by the reconstruction-engine tests (pure Python, no database)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"


def _shared() -> Path:
    """The shared folder as the settings find it (ARBITER_SHARED_DIR, else ../shared beside the
    checkout, else var/shared), read here without Django: these tests are pure Python."""
    named = os.environ.get("ARBITER_SHARED_DIR")
    if named:
        return Path(named).resolve()
    beside = (ROOT / ".." / "shared").resolve()
    return beside if beside.is_dir() else Path(os.environ.get("ARBITER_VAR_DIR") or ROOT / "var") / "shared"


SHARED = _shared()
SAMPLE = SHARED / "data" / "scenarios" / "fab-cr-scenarios-sample.yaml"
SHARED_85 = SHARED / "data" / "scenarios" / "fab-cr-scenarios-85.yaml"
FABCUBE = SHARED / "data" / "fabcube"
SEEDS = SHARED / "seeds"


@pytest.fixture(scope="session")
def fabcube_cards():
    from rules_engine.game.cards import FabCubeCards

    if not (FABCUBE / "card.json").exists():
        pytest.skip(f"{FABCUBE} is absent (the-fab-cube card data)")
    return FabCubeCards.load(FABCUBE)
