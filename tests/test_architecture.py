"""The import-direction contracts (pyproject.toml, ``[tool.importlinter]``) hold, and they bite.

docs/architecture.md describes the layers; ``lint-imports`` checks them. The first test runs the
contracts over the real tree. The others copy the source packages to a scratch folder, add one
module that imports the wrong way, and check that the right contract breaks, so a contract that
silently stopped matching anything (a renamed package, a typo in a layer) fails here too.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "rules_engine",
    "pairings",
    "config",
    "core",
    "cards",
    "tournament",
    "decklists",
    "judging",
    "reference",
    "accounts",
    "mirror",
    "transfer",
    "notifications",
)


CONTRACTS = len(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"])


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "lint-imports"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "importlinter.cli"]
    return subprocess.run(
        [*command, "--no-logo", "--no-cache"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_import_contracts_hold_for_the_tree():
    result = _lint_imports(ROOT)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def _copy_sources(dest: Path) -> None:
    def only_python(folder: str, names: list[str]) -> list[str]:
        return [
            n
            for n in names
            if not n.endswith(".py") and not (Path(folder) / n).is_dir() or n == "__pycache__"
        ]

    for package in PACKAGES:
        shutil.copytree(ROOT / package, dest / package, ignore=only_python)
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")


@pytest.mark.parametrize(
    ("module", "source", "contract"),
    [
        (
            "rules_engine/_probe.py",
            "from django.db import models\n",
            "rules_engine and pairings import no Django",
        ),
        (
            "pairings/_probe.py",
            "from tournament import models\n",
            "rules_engine and pairings import no Django",
        ),
        ("tournament/_probe.py", "from judging import selectors\n", "Apps layer one way"),
        ("tournament/_probe.py", "from decklists import models\n", "Apps layer one way"),
        ("core/_probe.py", "from tournament import models\n", "Apps layer one way"),
        ("cards/_probe.py", "from tournament import models\n", "Apps layer one way"),
        ("reference/_probe.py", "from judging import models\n", "Add-ons build on each other"),
        ("decklists/_probe.py", "from judging import selectors\n", "Add-ons build on each other"),
        ("tournament/_probe.py", "from accounts import models\n", "Apps layer one way"),
        ("accounts/_probe.py", "from judging import models\n", "accounts builds on the core only"),
        ("notifications/_probe.py", "from judging import models\n", "notifications builds on the core only"),
        ("tournament/_probe.py", "from notifications import models\n", "Apps layer one way"),
        (
            "judging/_probe.py",
            "from tournament import views\n",
            "Only tournament's URL configuration imports tournament.views",
        ),
        # the engine's view of a state must not reach back into the engine (the old circle)
        ("rules_engine/game/view.py", "from .engine import Engine\n", "The reconstruction engine imports"),
        # a phase reaches only the phases below it: resolving a layer never imports the combat steps
        (
            "rules_engine/game/layers.py",
            "from .combat import close_chain\n",
            "The reconstruction engine imports",
        ),
    ],
)
def test_import_contracts_break_on_a_wrong_direction(tmp_path, module, source, contract):
    _copy_sources(tmp_path)
    (tmp_path / module).write_text(source)

    result = _lint_imports(tmp_path)

    assert result.returncode != 0, result.stdout
    assert f"{CONTRACTS - 1} kept, 1 broken" in result.stdout, result.stdout
    broken_section = result.stdout.split("Broken contracts", 1)[1]
    assert contract in broken_section, result.stdout
    assert module.replace("/", ".").removesuffix(".py") in broken_section, result.stdout
