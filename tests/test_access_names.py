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
#: The permission matrices: each takes its expectations from the access tables by action name.
MATRIX_TESTS = (
    ROOT / "tests" / "hardening" / "test_permission_matrix.py",
    ROOT / "tests" / "judging" / "test_permissions_audit.py",
    ROOT / "tests" / "decklists" / "test_permissions_audit.py",
    ROOT / "tests" / "mirror" / "test_permissions.py",
)
APPS = ("accounts", "cards", "decklists", "judging", "mirror", "reference", "tournament", "transfer")

#: Access modules with no action of their own: they ask other apps' tables by name and use no
#: role group themselves (accounts: a link is decided by evidence; its desk check is the
#: tournament's "manage_players").
NO_OWN_ACTIONS = {"accounts"}


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
        assert app in NO_OWN_ACTIONS, f"{app}.access has no ACTIONS table"
        source = (ROOT / app / "access.py").read_text(encoding="utf-8")
        assert "_ROLES" not in source, f"{app}.access asks a role group instead of an action name"
        return
    assert app not in NO_OWN_ACTIONS, f"{app}.access has its ACTIONS table: take it off NO_OWN_ACTIONS"
    assert actions, f"{app}.access.ACTIONS is empty"
    code = _app_sources(app)
    matrix = "\n".join(path.read_text(encoding="utf-8") for path in MATRIX_TESTS)
    unused = sorted(name for name in actions if not _used(name, code))
    untested = sorted(name for name in actions if not _used(name, matrix))
    assert not unused, f"{app}.access.ACTIONS names actions no service, view or template uses: {unused}"
    assert not untested, f"{app}.access.ACTIONS names actions the permission matrix does not test: {untested}"


def _tables() -> dict[str, dict]:
    tables = {}
    for app in _access_modules():
        actions = getattr(importlib.import_module(f"{app}.access"), "ACTIONS", None)
        if actions is not None:
            tables[app] = actions
    return tables


def test_each_action_is_named_in_one_table_only():
    """One name per permission: no two apps' tables name the same action."""
    seen: dict[str, str] = {}
    twice = []
    for app, actions in _tables().items():
        for name in actions:
            if name in seen:
                twice.append(f"{name} ({seen[name]}, {app})")
            seen[name] = app
    assert not twice, f"actions named in two tables: {twice}"


def test_the_code_asks_only_for_named_actions():
    """``require(..., "x")``, ``can(..., "x")``, ``event_for(..., "x")``, ``roles_for("x")``,
    ``action="x"`` and ``can.x`` name an action of some app's table."""
    known = {name for actions in _tables().values() for name in actions}

    asked: set[str] = set()
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT) if path.is_file() else None
        if rel is None or rel.parts[0] in (".venv", "tests", "bench") or path.suffix not in (".py", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"""\b(?:require|can)\([^()"']*?,\s*[^()"']*?,\s*"([a-z_]+)\"""", text))
        asked |= set(
            re.findall(r"""\b(?:event_for_staff|access_event_decklists)\([^)]*\baction="([a-z_]+)\"""", text)
        )
        asked |= set(re.findall(r"""\bevent_for\([^()"']*?,\s*[^()"']*?,\s*"([a-z_]+)\"""", text))
        asked |= set(re.findall(r"""\broles_for\("([a-z_]+)\"""", text))
        asked |= set(re.findall(r"""@staff_action\("([a-z_]+)\"""", text))
        asked |= set(re.findall(r"""\{%[^%]*\bcan\.([a-z_]+)""", text))
    unknown = sorted(asked - known)
    assert not unknown, f"actions asked for but in no access table: {unknown}"
    # the scan finds the calls of every app
    assert {
        "enter_results",
        "issue_penalties",
        "divide_floor",
        "manage_decklists",
        "reimport_events",
    } <= asked
