"""One name per permission (issue 33): every action an app's ``access.py`` names in its
``ACTIONS`` table (action -> roles) is used by the app's code (a service, view, API view or
template) and by the permission matrix tests, and no code outside the table asks for an
action the table does not name.

The source is read as text: an action is used where its name appears as a string literal
(``require(actor, event, "enter_results", ...)``, ``can(user, event, "run_rounds")``,
``action="change_event"``) or as ``can.<name>`` in a template.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MATRIX_TESTS = (ROOT / "tests" / "hardening" / "test_permission_matrix.py",)
APPS = ("accounts", "cards", "decklists", "judging", "mirror", "reference", "tournament", "transfer")

#: Access modules that still answer with one predicate per role group rather than a table of
#: named actions (issue 33 converts them one app at a time; this list only shrinks).
NOT_YET_TABLED = {"accounts", "decklists", "judging", "mirror"}


def _access_modules() -> list[str]:
    return [app for app in APPS if (ROOT / app / "access.py").exists()]


def _app_sources(app: str) -> str:
    """Every Python and template file of the project outside tests and the access module itself."""
    texts = []
    for path in ROOT.rglob("*"):
        if path.suffix not in (".py", ".html") or not path.is_file():
            continue
        rel = path.relative_to(ROOT)
        if rel.parts[0] in (".venv", "tests", "bench", "node_modules") or rel == Path(app, "access.py"):
            continue
        texts.append(path.read_text(encoding="utf-8"))
    return "\n".join(texts)


def _used(name: str, text: str) -> bool:
    return bool(re.search(rf"""["']{re.escape(name)}["']|\bcan\.{re.escape(name)}\b""", text))


@pytest.mark.parametrize("app", _access_modules())
def test_every_action_is_used_by_the_code_and_the_matrix(app):
    module = importlib.import_module(f"{app}.access")
    actions = getattr(module, "ACTIONS", None)
    if actions is None:
        assert app in NOT_YET_TABLED, f"{app}.access has no ACTIONS table"
        return
    assert app not in NOT_YET_TABLED, f"{app}.access has its ACTIONS table: take it off NOT_YET_TABLED"
    assert actions, f"{app}.access.ACTIONS is empty"
    code = _app_sources(app)
    matrix = "\n".join(path.read_text(encoding="utf-8") for path in MATRIX_TESTS)
    unused = sorted(name for name in actions if not _used(name, code))
    untested = sorted(name for name in actions if not _used(name, matrix))
    assert not unused, f"{app}.access.ACTIONS names actions no service, view or template uses: {unused}"
    assert not untested, f"{app}.access.ACTIONS names actions the permission matrix does not test: {untested}"


def test_the_code_asks_only_for_named_actions():
    """``require(..., "x")``, ``can(..., "x")``, ``action="x"`` and ``can.x`` name an action of the
    tournament table (the other apps' tables join when they have one)."""
    from tournament.access import ACTIONS

    asked: set[str] = set()
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT) if path.is_file() else None
        if rel is None or rel.parts[0] in (".venv", "tests", "bench") or path.suffix not in (".py", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"""\b(?:require|can)\([^()"']*?,\s*[^()"']*?,\s*"([a-z_]+)\"""", text))
        asked |= set(re.findall(r"""event_for_staff\([^)]*\baction="([a-z_]+)\"""", text))
        asked |= set(re.findall(r"""@staff_action\("([a-z_]+)\"""", text))
        asked |= set(re.findall(r"""\{%[^%]*\bcan\.([a-z_]+)""", text))
    unknown = sorted(asked - set(ACTIONS))
    assert not unknown, f"actions asked for but not in tournament.access.ACTIONS: {unknown}"
    assert {"enter_results", "run_rounds", "manage_players"} <= asked  # the scan finds the calls
