"""Sentences the pure engines write, kept as an English template and its values.

The engines have no Django and no catalogue, yet a player reads their findings ("3 copies of
Snatch; Blitz allows 2") in their own language. So an engine does not format its sentence: it
writes ``say("{n} copies of {card}; {format} allows {limit}", n=3, ...)``, a ``Phrase`` that reads
as the English sentence (``str(phrase)``) and serialises to its template and values
(``to_dict``). The site renders the stored dict in the reader's language with ``render`` and its
gettext functions: the template is the catalogue's message id.

``say`` and ``say_n`` are gettext keywords for the project's ``makemessages`` (see
``core/management/commands/makemessages.py``), so every template written here lands in the
catalogues by itself. A template must therefore be a string literal at the call.

Values are inserted as they are: card names, numbers, dates, format names and sources stay as
printed. A value that is itself words is a nested ``Phrase`` (translated in turn); "" stands for
an absent part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

#: A value: inserted as it is (anything else than a number or a phrase is kept as its text).
Value = Union[str, int, "Phrase", Any]


@dataclass(frozen=True)
class Phrase:
    """An English template (``str.format`` fields) with its values; ``plural``/``count`` for a
    sentence whose form follows a number (the English form is chosen by ``count == 1``)."""

    template: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str = ""
    count: int | None = None

    def __str__(self) -> str:
        return render(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "template": self.template,
            "values": {k: _value_dict(v) for k, v in self.values.items()},
        }
        if self.plural:
            out["plural"] = self.plural
            out["count"] = self.count
        return out


def _value_dict(value: Value) -> Any:
    if isinstance(value, Phrase):
        return value.to_dict()
    return value if isinstance(value, (str, int, float)) else str(value)


def say(template: str, /, **values: Value) -> Phrase:
    """A sentence with no plural form."""
    return Phrase(template, values)


def say_n(singular: str, plural: str, count: int, /, **values: Value) -> Phrase:
    """A sentence whose form follows ``count`` (also available to the template as ``{count}``)."""
    return Phrase(singular, {"count": count, **values}, plural, count)


def _english(template: str) -> str:
    return template


def _english_n(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def render(
    data: Any,
    translate: Callable[[str], str] = _english,
    translate_n: Callable[[str, str, int], str] = _english_n,
) -> str:
    """The sentence a stored phrase (``Phrase.to_dict``) says, through ``translate`` (gettext) and
    ``translate_n`` (ngettext); a plain value is returned as text. A translation whose fields do
    not match the values falls back to the English template rather than failing a page."""
    if isinstance(data, Phrase):
        data = data.to_dict()
    if not isinstance(data, Mapping) or "template" not in data:
        return "" if data is None else str(data)
    template = str(data["template"])
    if not template:
        return ""
    values = {k: render(v, translate, translate_n) for k, v in (data.get("values") or {}).items()}
    plural = data.get("plural")
    if plural:
        count = int(data.get("count") or 0)
        text = translate_n(template, str(plural), count)
        fallback = _english_n(template, str(plural), count)
    else:
        text = translate(template)
        fallback = template
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return fallback.format(**values)


def join(parts: list[Phrase | str]) -> Phrase | str:
    """Two or more parts as one phrase ("a, b"); one part as itself; none as ""."""
    parts = [p for p in parts if p]
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = say("{first}, {second}", first=out, second=part)
    return out
