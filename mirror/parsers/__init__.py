"""Readers of what GEM and Omnidex let an organizer download, save or copy (plain Python, no Django).

Neither system documents these shapes; they are what community tools that read them observed
(see docs/mirror.md). Every reader therefore:

- finds columns by their header label, in any order, in several interface languages, and says
  which columns it did not read (``ParsedEvent.notes``);
- raises ``ImportFileError`` naming the file and the line for what it cannot make sense of
  (a round that is not a number, a match without players, a file of no known shape);
- returns plain dataclasses; the import service (``mirror.services``) turns them into an event.

Result codes inside Arbiter follow ``tournament.enums.MatchResult``: ``a``, ``b``, ``draw``,
``double_loss``, ``bye`` and ``""`` (not played yet). GEM's own codes are 1WIN, 2WIN, DRAW and
LOSSALL (``GEM_RESULT_CODES``).

Modules: ``_common`` (the parsed shapes, ``ImportFileError``, shared helpers), ``gem_csv``
(GEM's CSV downloads), ``gem_page`` (GEM organizer pages, saved or pasted), ``omnidex`` (Omnidex's
API), ``files`` (``parse_files``: one call for any file). The public names are re-exported here.
"""

from __future__ import annotations

from ._common import (
    GEM,
    GEM_RESULT_CODES,
    MAX_FILE_CHARS,
    MAX_PLAYER_ID,
    MAX_PLAYER_NAME,
    OMNIDEX,
    RESULT_TO_GEM,
    ImportFileError,
    ParsedDecklist,
    ParsedEvent,
    ParsedMatch,
    ParsedPlayer,
    ParsedStanding,
    decode,
    gem_result,
    normalise_label,
    split_last_first,
)
from .files import (
    parse_files,
)
from .gem_csv import (
    COLUMN_ALIASES,
    KIND_COLUMNS,
    CsvTable,
    gem_csv_kind,
    parse_gem_csv,
    parse_gem_heroes_csv,
    parse_gem_pairings_csv,
    parse_gem_standings_csv,
    read_csv,
    round_from_filename,
)
from .gem_page import (
    html_lines,
    looks_like_html,
    parse_gem_page,
)
from .omnidex import (
    OMNIDEX_API,
    OMNIDEX_HOSTS,
    fetch_omnidex,
    omnidex_api_url,
    omnidex_event_id,
    parse_omnidex,
)

__all__ = [
    "GEM",
    "OMNIDEX",
    "GEM_RESULT_CODES",
    "RESULT_TO_GEM",
    "MAX_FILE_CHARS",
    "MAX_PLAYER_ID",
    "MAX_PLAYER_NAME",
    "ImportFileError",
    "ParsedPlayer",
    "ParsedMatch",
    "ParsedStanding",
    "ParsedDecklist",
    "ParsedEvent",
    "normalise_label",
    "decode",
    "split_last_first",
    "gem_result",
    "COLUMN_ALIASES",
    "KIND_COLUMNS",
    "CsvTable",
    "read_csv",
    "gem_csv_kind",
    "parse_gem_pairings_csv",
    "round_from_filename",
    "parse_gem_standings_csv",
    "parse_gem_heroes_csv",
    "parse_gem_csv",
    "html_lines",
    "looks_like_html",
    "parse_gem_page",
    "OMNIDEX_API",
    "OMNIDEX_HOSTS",
    "omnidex_event_id",
    "omnidex_api_url",
    "fetch_omnidex",
    "parse_omnidex",
    "parse_files",
]
