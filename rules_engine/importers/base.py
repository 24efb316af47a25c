"""Shared pieces of the card-data parsers: the error type, the result type and
validation helpers. Pure Python, no Django."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, Literal, NoReturn, overload

from rules_engine.cards import Card


class CardImportError(ValueError):
    """A card-data source is malformed or partial.

    ``file`` names the source file, ``record`` the offending record (index plus
    unique id / name when known); ``str(err)`` contains both.
    """

    def __init__(self, message: str, *, file: str | Path, record: str = ""):
        self.file = str(file)
        self.record = record
        self.detail = message
        where = f"{self.file}"
        if record:
            where += f", {record}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class ImportResult:
    """What a parser produced: the cards plus the release identity.

    ``release`` is "<source>@<version>", e.g. "fabrary-cards@3.8.6".
    """

    game: str
    source: str
    version: str
    cards: tuple[Card, ...]
    files: tuple[str, ...] = ()
    #: The date the data is current to (a package's publication date, the newest dated
    #: change of a dated source); statuses the source states without dates apply from it.
    published: date | None = None
    #: What the import did, in words (kept on the release).
    notes: str = ""

    @property
    def release(self) -> str:
        return f"{self.source}@{self.version}"


def load_json(path: Path) -> Any:
    """Read a JSON file; a missing, unreadable or truncated file raises CardImportError."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CardImportError("file not found", file=path) from None
    except OSError as exc:
        raise CardImportError(f"cannot read file ({exc.strerror})", file=path) from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise CardImportError(f"not UTF-8 text (byte {exc.start})", file=path) from None
    except json.JSONDecodeError as exc:
        raise CardImportError(
            f"invalid or truncated JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", file=path
        ) from None


def record_label(index: int, record: Any, *id_fields: str) -> str:
    """ "record 12 (unique_id=abc, name='Snatch')" for error messages."""
    parts = []
    if isinstance(record, dict):
        for f in id_fields:
            v = record.get(f)
            if isinstance(v, str | int) and v != "":
                parts.append(f"{f}={v!r}")
    return f"record {index}" + (f" ({', '.join(parts)})" if parts else "")


_Str = str
_Bool = bool
_Int = int


class RecordReader:
    """Typed access to one source record, raising CardImportError naming file and record.

    With ``required=True`` (the default) a getter returns a value or raises; the
    ``Optional`` return types are for ``required=False``."""

    def __init__(self, record: Any, *, file: Path | _Str, label: _Str):
        self.file = file
        self.label = label
        if not isinstance(record, dict):
            self.fail(f"expected an object, got {type(record).__name__}")
        self.record: dict[_Str, Any] = record

    def fail(self, message: _Str) -> NoReturn:
        raise CardImportError(message, file=self.file, record=self.label)

    def _get(self, key: _Str, required: _Bool) -> Any:
        if key not in self.record or (required and self.record[key] is None):
            if required:
                self.fail(f"missing required field {key!r}")
            return None
        return self.record[key]

    @overload
    def str(self, key: _Str, *, required: Literal[True] = ..., allow_empty: _Bool = ...) -> _Str: ...
    @overload
    def str(self, key: _Str, *, required: _Bool, allow_empty: _Bool = ...) -> _Str | None: ...
    def str(self, key: _Str, *, required: _Bool = True, allow_empty: _Bool = True) -> _Str | None:
        v = self._get(key, required)
        if v is None:
            return None
        if not isinstance(v, _Str):
            self.fail(f"field {key!r} must be a string, got {type(v).__name__}")
        if not allow_empty and not v.strip():
            self.fail(f"field {key!r} must not be empty")
        return v

    @overload
    def bool(self, key: _Str, *, required: Literal[True] = ...) -> _Bool: ...
    @overload
    def bool(self, key: _Str, *, required: _Bool) -> _Bool | None: ...
    def bool(self, key: _Str, *, required: _Bool = True) -> _Bool | None:
        v = self._get(key, required)
        if v is None:
            return None
        if not isinstance(v, _Bool):
            self.fail(f"field {key!r} must be true/false, got {type(v).__name__}")
        return v

    @overload
    def int(self, key: _Str, *, required: Literal[True] = ...) -> _Int: ...
    @overload
    def int(self, key: _Str, *, required: _Bool) -> _Int | None: ...
    def int(self, key: _Str, *, required: _Bool = True) -> _Int | None:
        v = self._get(key, required)
        if v is None:
            return None
        if isinstance(v, _Bool) or not isinstance(v, _Int):
            self.fail(f"field {key!r} must be an integer, got {type(v).__name__}")
        return v

    def stat(self, key: _Str, *, required: _Bool = False) -> _Str | None:
        """A printed stat: int or string (e.g. "X", "*", "3"); "" and None mean absent."""
        v = self._get(key, required)
        if v is None or v == "":
            return None
        if isinstance(v, _Bool) or not isinstance(v, _Int | _Str):
            self.fail(f"field {key!r} must be a number or text, got {type(v).__name__}")
        return _Str(v)

    def str_list(self, key: _Str, *, required: _Bool = True) -> list[_Str]:
        v = self._get(key, required)
        if v is None:
            return []
        if not isinstance(v, list) or not all(isinstance(x, _Str) for x in v):
            self.fail(f"field {key!r} must be a list of strings")
        return v

    def obj_list(self, key: _Str, *, required: _Bool = True) -> list[dict[_Str, Any]]:
        v = self._get(key, required)
        if v is None:
            return []
        if not isinstance(v, list):
            self.fail(f"field {key!r} must be a list, got {type(v).__name__}")
        return v

    @overload
    def date(self, key: _Str, *, required: Literal[True] = ...) -> date: ...
    @overload
    def date(self, key: _Str, *, required: _Bool) -> date | None: ...
    def date(self, key: _Str, *, required: _Bool = True) -> date | None:
        v = self.str(key, required=required)
        if not v:
            if required:
                self.fail(f"field {key!r} must be a date")
            return None
        try:
            return datetime.fromisoformat(v.replace("Z", "+00:00")).date()
        except ValueError:
            self.fail(f"field {key!r} is not an ISO date: {v!r}")


def require_list(data: Any, *, file: Path | str, what: str = "a list of cards") -> list[Any]:
    if not isinstance(data, list):
        raise CardImportError(f"expected {what} (a JSON array), got {type(data).__name__}", file=file)
    return data


def files_digest(paths: Iterable[Path]) -> str:
    """Short content hash of the given files (release version when the source has none)."""
    h = hashlib.sha256()
    for p in sorted(paths, key=lambda p: p.name):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


def check_unique(cards: Iterable[Card], *, file: Path | str, by_name_only: bool = False) -> None:
    """CR 1.3.4 identity must be unique in a release; so must identifiers."""
    seen_key: dict[Any, int] = {}
    seen_id: dict[str, int] = {}
    for i, card in enumerate(cards):
        key = card.name.casefold() if by_name_only else (card.name.casefold(), card.pitch)
        if key in seen_key:
            raise CardImportError(
                f"duplicate card {card.display_name!r} (also record {seen_key[key]})",
                file=file,
                record=f"record {i} (name={card.name!r})",
            )
        seen_key[key] = i
        if card.identifier in seen_id:
            raise CardImportError(
                f"duplicate identifier {card.identifier!r} (also record {seen_id[card.identifier]})",
                file=file,
                record=f"record {i} (name={card.name!r})",
            )
        seen_id[card.identifier] = i
