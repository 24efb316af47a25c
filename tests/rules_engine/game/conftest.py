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


@pytest.fixture(scope="session")
def fabrary_cards(tmp_path_factory):
    """The card lookup of a fabrary dump (the pinned ``@flesh-and-blood/cards`` package, current
    cards the-fab-cube copy lacks): ``$ARBITER_FABRARY_JSON``, else dumped with node from
    ``tools/fabrary`` (``make card-package``), else the tests that need it skip."""
    import shutil
    import subprocess

    from rules_engine.game.__main__ import load_fabrary

    named = os.environ.get("ARBITER_FABRARY_JSON")
    if named and Path(named).is_file():
        return load_fabrary(named)
    package = ROOT / "tools" / "fabrary" / "node_modules" / "@flesh-and-blood" / "cards"
    if not package.is_dir() or shutil.which("node") is None:
        pytest.skip(
            "no fabrary dump: set ARBITER_FABRARY_JSON or install the card package (make card-package)"
        )
    out = tmp_path_factory.mktemp("fabrary") / "fabrary.json"
    subprocess.run(
        ["node", str(ROOT / "tools" / "fabrary" / "dump.mjs"), str(out)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return load_fabrary(str(out))
