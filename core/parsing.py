"""Reading numbers and JSON that came from outside (a form field, a query parameter, an
uploaded file), so that no input ends in a server error.

Python's own conversions accept more than a form means: ``str.isdigit()`` is true for "²" and
"١٢" and ``int()`` takes some of them ("١٢" is 12) but not others ("²" raises ValueError);
``int()`` refuses more than 4,300 digits with a ValueError and accepts 4,000 that no column
stores; ``json.loads`` recurses once per nesting level. The helpers here accept ASCII digits
only, bound the size, and raise one kind of error each, which the callers already answer as a
client error.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _

from .errors import DomainError

#: Largest whole number any column stores (a signed 64-bit integer).
MAX_INT64 = 2**63 - 1
#: Deepest nesting of arrays and objects a JSON document may have. No body or file we read
#: has more than a few levels; a deeper one is refused before anything walks it recursively.
MAX_JSON_DEPTH = 32
#: A JSON number longer than this is refused before Python converts it (it cannot fit 64 bits).
_MAX_JSON_DIGITS = 20


def whole_number(
    value: Any,
    *,
    field: str,
    minimum: int | None = 0,
    maximum: int = MAX_INT64,
    label: str | None = None,
) -> int:
    """``value`` (a str or an int) as an int from ``minimum`` to ``maximum``: ASCII digits with
    an optional sign, spaces around allowed; DomainError (400) naming ``field`` otherwise."""
    what = label or field.replace("_", " ")
    if isinstance(value, bool):
        raise DomainError(_("%(what)s must be a whole number") % {"what": what}, field=field)
    if isinstance(value, int):
        number = value
    else:
        text = str(value if value is not None else "").strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_INT64)):
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise DomainError(
                _("%(what)s must be a whole number, not %(shown)s") % {"what": what, "shown": repr(shown)},
                field=field,
            )
        number = int(text)
    if minimum is not None and number < minimum:
        raise DomainError(
            _("%(what)s must be at least %(minimum)s") % {"what": what, "minimum": minimum}, field=field
        )
    if number > maximum:
        raise DomainError(
            _("%(what)s must be at most %(maximum)s") % {"what": what, "maximum": maximum}, field=field
        )
    return number


def is_whole_number(text: str, *, minimum: int = 0, maximum: int = MAX_INT64) -> bool:
    """True when ``text`` is ASCII digits (no sign) for a number from ``minimum`` to
    ``maximum``, so that ``int(text)`` is safe and in range."""
    text = text.strip()
    return (
        text.isascii()
        and text.isdigit()
        and len(text) <= len(str(maximum))
        and minimum <= int(text) <= maximum
    )


def optional_whole_number(value: Any, *, field: str, **bounds: Any) -> int | None:
    """``whole_number`` of ``value``, or None when it is missing or blank."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return whole_number(value, field=field, **bounds)


def json_depth_exceeds(raw: bytes | str, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when the JSON text ``raw`` nests arrays/objects deeper than ``limit`` (brackets
    inside strings do not count). One pass, no recursion."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if data.count(b"[") + data.count(b"{") <= limit:
        return False  # not enough brackets to nest that deep
    depth = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


class BadJSON(ValueError):
    """A JSON document that cannot be read: ``message`` says why, ``line`` where (1-based)."""

    def __init__(self, message: str, *, line: int = 1):
        super().__init__(message)
        self.message = message
        self.line = line


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_JSON_DIGITS:
        raise BadJSON(_("a number of %(count)s digits is out of range") % {"count": len(text)})
    return int(text)


def _no_constant(name: str) -> Any:
    raise BadJSON(_("%(name)s is not a JSON number") % {"name": name})


def load_json(raw: bytes | str, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` for a document from outside: BadJSON (never RecursionError, never the
    int-conversion ValueError) when it is not JSON, nests deeper than ``max_depth``, carries a
    number longer than 20 digits, or NaN/Infinity."""
    if json_depth_exceeds(raw, max_depth):
        raise BadJSON(_("the JSON is nested deeper than %(max_depth)s levels") % {"max_depth": max_depth})
    try:
        return json.loads(raw, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BadJSON(
            _("not valid JSON: %(msg)s (column %(colno)s)") % {"msg": exc.msg, "colno": exc.colno},
            line=exc.lineno,
        ) from None
    except RecursionError:
        raise BadJSON(_("the JSON is nested too deeply")) from None
    except UnicodeDecodeError:
        raise BadJSON(_("the JSON is not UTF-8 text")) from None
