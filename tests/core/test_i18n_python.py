"""Issue 31: every Python string shown to people goes through gettext.

An AST scan of the apps' sources fails on a string literal (plain, f-string, or a literal
formatted with ``%``/``.format``) handed straight to the places whose text reaches a person:
validation and domain errors, DRF exceptions, ``django.contrib.messages`` and form fields'
``label=``/``help_text=``, and the ``detail`` of an API error body built by hand. A literal wrapped in ``_()``/``gettext``/``gettext_lazy``/``ngettext``...
passes. ``rules_engine/`` and ``pairings/`` are pure Python without Django and are not scanned.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The Django apps whose Python is scanned (the pure packages have no gettext).
APPS = (
    "accounts",
    "cards",
    "config",
    "core",
    "decklists",
    "judging",
    "mirror",
    "notifications",
    "reference",
    "tournament",
    "transfer",
)

#: Exceptions whose first argument (or ``message=``/``detail=``) is shown to the user: Django's
#: and DRF's, and the project's domain errors (core.errors and their subclasses).
ERROR_CLASSES = frozenset(
    {
        "ValidationError",
        "DomainError",
        "ConflictError",
        "NotAllowed",
        "InvalidInput",
        "TransferError",
        "EventExists",
        "TooManyImports",
        "PermissionDenied",
        "NotFound",
        "ParseError",
        "AuthenticationFailed",
        "NotAuthenticated",
        "MethodNotAllowed",
        "APIException",
        "Http404",
    }
)
MESSAGE_FUNCTIONS = frozenset({"success", "error", "warning", "info"})
FIELD_KEYWORDS = frozenset({"label", "help_text"})
GETTEXT_NAMES = frozenset(
    {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy", "npgettext"}
)


def _is_literal_text(node: ast.expr) -> bool:
    """A string a person would read that was not translated: a literal, an f-string with
    words, or a literal formatted with ``%`` or ``.format()``."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(part, ast.Constant) and any(c.isalpha() for c in str(part.value))
            for part in node.values
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
        return _is_literal_text(node.left) or (isinstance(node.op, ast.Add) and _is_literal_text(node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _is_literal_text(node.func.value)
    return False


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_messages_call(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr in MESSAGE_FUNCTIONS
        and isinstance(func.value, ast.Name)
        and func.value.id == "messages"
    )


def unmarked_strings(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: what`` for each user-facing literal not passed through gettext."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Dict):
            # An API error body built by hand: {"detail": "...", "code": ...}.
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "detail" and _is_literal_text(value):
                    found.append(f"{filename}:{value.lineno}: detail {ast.unparse(value)[:70]}")
            continue
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        shown: list[tuple[str, ast.expr]] = []
        if name in ERROR_CLASSES:
            shown += [(name, arg) for arg in node.args[:1]]
            shown += [
                (f"{name}({kw.arg}=)", kw.value) for kw in node.keywords if kw.arg in ("message", "detail")
            ]
        elif _is_messages_call(node.func):
            shown += [(f"messages.{name}", arg) for arg in node.args[1:2]]
            shown += [(f"messages.{name}", kw.value) for kw in node.keywords if kw.arg == "message"]
        shown += [(f"{kw.arg}=", kw.value) for kw in node.keywords if kw.arg in FIELD_KEYWORDS]
        for what, value in shown:
            if _is_literal_text(value):
                found.append(f"{filename}:{value.lineno}: {what} {ast.unparse(value)[:70]}")
    return found


def _sources() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts and "management" not in path.parts
    )


def test_scanner_finds_unmarked_samples():
    sample = """
from django.contrib import messages
from django.utils.translation import gettext as _

def view(request, n):
    messages.success(request, "Saved.")
    messages.error(request, _("Marked."))
    raise ValidationError(f"Table {n} is taken.")

class Form:
    name = forms.CharField(label="Name", help_text=_("Shown to players."))

def service():
    raise ConflictError("Round %s is open." % 3, code="open")
    raise NotFound(detail="No such event.")
    raise DomainError(_("Marked %(n)s.") % {"n": 1})
    raise ValidationError({"field": "x"})
    return JsonResponse({"detail": f"unknown {name}", "code": "x"})
"""
    found = unmarked_strings(sample, "sample.py")

    assert [line.split(": ", 1)[1].split(" ", 1)[0] for line in found] == [
        "messages.success",
        "ValidationError",
        "label=",
        "ConflictError",
        "NotFound(detail=)",
        "detail",
    ]


def test_scanner_passes_marked_and_non_text():
    sample = """
raise ValidationError(_("Bad."))
raise DomainError(gettext_lazy("Bad."), code="bad")
raise NotAllowed(ngettext("%(n)d table", "%(n)d tables", n) % {"n": n})
raise ValidationError(str(error))
field = forms.CharField(label=_("Name"), help_text="")
body = {"detail": _("Bad."), "code": "bad"}
"""
    assert unmarked_strings(sample) == []


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_user_facing_python_strings_are_marked(path):
    found = unmarked_strings(path.read_text(), str(path.relative_to(ROOT)))

    assert found == [], "strings shown to people must go through gettext:\n" + "\n".join(found)
