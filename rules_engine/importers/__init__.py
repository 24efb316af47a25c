"""Card-data parsers (pure Python, no Django): each turns one source into an
ImportResult (cards + source + version) or raises CardImportError naming the file
and the record. Nothing is half-imported: parsers build everything in memory first.
"""

from rules_engine.importers.base import CardImportError, ImportResult
from rules_engine.importers.cards2026 import parse_cards_2026
from rules_engine.importers.fabcube import fabcube_version, parse_fabcube
from rules_engine.importers.fabrary import parse_fabrary
from rules_engine.importers.grand_archive import parse_grand_archive

PARSERS = {
    "fabrary": parse_fabrary,
    "fabcube": parse_fabcube,
    "ga": parse_grand_archive,
}

__all__ = [
    "CardImportError",
    "fabcube_version",
    "ImportResult",
    "PARSERS",
    "parse_cards_2026",
    "parse_fabcube",
    "parse_fabrary",
    "parse_grand_archive",
]
