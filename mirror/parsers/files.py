"""One call for any file: ``parse_files`` tells the readers apart by shape."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from ._common import ImportFileError, ParsedEvent, decode
from .gem_csv import gem_csv_kind, parse_gem_csv, read_csv
from .gem_page import looks_like_html, parse_gem_page
from .omnidex import parse_omnidex

# --------------------------------------------------------------------------- one call for any file


def parse_files(
    files: Iterable[tuple[str, bytes | str]], *, standings_round: int | None = None
) -> ParsedEvent:
    """The files of one event (any mix of GEM CSVs and pages, or one Omnidex JSON) read together."""
    merged: ParsedEvent | None = None
    for name, data in files:
        text = decode(data, file=name)
        stripped = text.lstrip()
        if name.lower().endswith(".json") or stripped.startswith(("{", "[")):
            parsed = parse_omnidex(text, file=name)
        elif name.lower().endswith((".html", ".htm")) or looks_like_html(text) or not _csv_like(text):
            parsed = parse_gem_page(text, file=name)
        elif name.lower().endswith(".csv"):
            parsed = parse_gem_csv(text, file=name, round_number=standings_round)
        else:
            # A text file or pasted text with separators: a CSV if its header is one of GEM's,
            # else a copied page (whose table rows are tab-separated too).
            try:
                gem_csv_kind(read_csv(text, file=name))
            except ImportFileError:
                parsed = parse_gem_page(text, file=name)
            else:
                parsed = parse_gem_csv(text, file=name, round_number=standings_round)
        if merged is None:
            merged = parsed
        else:
            merged.merge(parsed)
    if merged is None:
        raise ImportFileError(_("no file given"))
    return merged


def _csv_like(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first.count(",") + first.count(";") + first.count("\t") >= 2 and "(" not in first
