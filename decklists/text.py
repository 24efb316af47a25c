"""Input handling before parsing: decode uploads, refuse binary junk and oversize input.

Every refusal is a ``DomainError`` naming the problem (never a traceback). The text the
player entered is stored unchanged; ``text_for_parser`` only evens out whitespace that
carries no meaning (tabs, no-break spaces, Windows line ends) so line numbers still match.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from core.errors import DomainError
from rules_engine.decklist_text import even_out

#: Far above any real list (a sealed pool is under 100 lines) yet small enough to parse fast.
MAX_LINES = 1000
MAX_CHARS = 100_000
MAX_UPLOAD_BYTES = 200_000

_ALLOWED_CONTROLS = {"\t", "\n", "\r", "\f", "\v"}


def _control_position(text: str) -> tuple[int, str] | None:
    for line_no, line in enumerate(text.splitlines() or [text], start=1):
        for ch in line:
            if ch in _ALLOWED_CONTROLS:
                continue
            cat = unicodedata.category(ch)
            if cat in {"Cc", "Cs", "Co"} or ch in {"\ufffd", "\ufffe", "\uffff"}:
                return line_no, f"U+{ord(ch):04X}"
    return None


def check_text(text: str, *, field: str = "text") -> str:
    """Return ``text`` if it can be a decklist, else raise DomainError saying why.

    Refuses: nothing but whitespace, more than MAX_CHARS characters or MAX_LINES lines,
    and control characters (binary data such as NUL bytes, which PostgreSQL cannot store).
    """
    if text is None or not isinstance(text, str):
        raise DomainError(_("The decklist text is missing."), code="empty", field=field)
    if not text.strip():
        raise DomainError(_("The decklist is empty: enter at least one card."), code="empty", field=field)
    lines = len(text.splitlines())
    if lines > MAX_LINES:
        raise DomainError(
            _("The decklist has %(lines)s lines; at most %(max_lines)s are accepted.")
            % {"lines": format(lines, ","), "max_lines": format(MAX_LINES, ",")},
            code="too_many_lines",
            field=field,
        )
    if len(text) > MAX_CHARS:
        raise DomainError(
            _("The decklist is %(count)s characters long; at most %(max_chars)s are accepted.")
            % {"count": format(len(text), ","), "max_chars": format(MAX_CHARS, ",")},
            code="too_long",
            field=field,
        )
    bad = _control_position(text)
    if bad is not None:
        line_no, code_point = bad
        raise DomainError(
            _(
                "The decklist contains binary data (control character %(code_point)s on line %(line_no)s); paste or upload plain text."
            )
            % {"code_point": code_point, "line_no": line_no},
            code="binary",
            field=field,
        )
    return text


def decode_upload(data: bytes, *, filename: str = "") -> str:
    """Decode an uploaded decklist file to text (UTF-8, UTF-16 with BOM, or Windows-1252).

    Raises DomainError for an empty, oversize or binary file.
    """
    label = f"The file {filename!r}" if filename else "The file"
    if not data:
        raise DomainError(_("%(label)s is empty.") % {"label": label}, code="empty", field="file")
    if len(data) > MAX_UPLOAD_BYTES:
        raise DomainError(
            _("%(label)s is %(count)s bytes; at most %(max_upload_bytes)s are accepted.")
            % {
                "label": label,
                "count": format(len(data), ","),
                "max_upload_bytes": format(MAX_UPLOAD_BYTES, ","),
            },
            code="too_long",
            field="file",
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise DomainError(
                _("%(label)s is not readable text.") % {"label": label}, code="binary", field="file"
            ) from None
    elif b"\x00" in data:
        raise DomainError(
            _("%(label)s is not a text file (it contains binary data); upload a .txt export.")
            % {"label": label},
            code="binary",
            field="file",
        )
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    try:
        return check_text(text, field="file")
    except DomainError as exc:
        if exc.code == "binary":
            raise DomainError(
                _("%(label)s is not a text file (it contains binary data); upload a .txt export.")
                % {"label": label},
                code="binary",
                field="file",
            ) from None
        raise


def text_for_parser(text: str) -> str:
    """Marks without meaning evened out, same line count (``rules_engine.decklist_text.even_out``)."""
    return even_out(text)
