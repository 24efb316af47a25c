"""Writes for card data: importing a parsed source as a release, activating a release.

Which FaB release is active by default: the npm package @flesh-and-blood/cards
(fabrary) at the pinned version, because it is current through 2026 (newer sets,
Silver Age, legal heroes). The-fab-cube copy (mid-2025) is also imported and keeps the
dated legality history (banned/suspended/living legend/restricted with dates), so
an event dated before mid-2025 can pin that release instead.

Modules: ``releases`` (importing and activating releases, the sources, the default import),
``statuses`` (statuses recorded by organizers and head judges), ``format_changes`` (dated format
changes recorded by officials). The public names are re-exported here.
"""

from __future__ import annotations

from ._common import card_data_changed, card_statuses_changed
from .format_changes import (
    record_format_change,
    withdraw_format_change,
)
from .releases import (
    CARDS_2026_DIR,
    FABCUBE_CSV_DIR,
    FABRARY_DIR,
    FABRARY_PACKAGE,
    GA_TIMELINE_GLOB,
    MAX_DOWNLOAD_BYTES,
    MAX_PAGES,
    POOL_BUILD,
    SOURCES,
    DefaultImport,
    activate_release,
    base_fab_cards,
    download_json_pages,
    dump_fabrary_package,
    fabrary_package_version,
    import_defaults,
    import_release,
    local_copy,
    newer_fabcube_copies,
    parse_source,
    pool_from_releases,
    pool_set_dates,
    record_fields,
    with_ga_timeline,
)
from .statuses import (
    RECORDED_STATUSES,
    can_record_statuses,
    record_status,
    withdraw_status,
)

__all__ = [
    "card_data_changed",
    "card_statuses_changed",
    "card_data_changed",
    "card_statuses_changed",
    "FABRARY_DIR",
    "FABRARY_PACKAGE",
    "SOURCES",
    "CARDS_2026_DIR",
    "FABCUBE_CSV_DIR",
    "record_fields",
    "import_release",
    "activate_release",
    "fabrary_package_version",
    "dump_fabrary_package",
    "parse_source",
    "newer_fabcube_copies",
    "pool_set_dates",
    "POOL_BUILD",
    "pool_from_releases",
    "GA_TIMELINE_GLOB",
    "with_ga_timeline",
    "base_fab_cards",
    "MAX_DOWNLOAD_BYTES",
    "MAX_PAGES",
    "download_json_pages",
    "local_copy",
    "DefaultImport",
    "import_defaults",
    "RECORDED_STATUSES",
    "can_record_statuses",
    "record_status",
    "withdraw_status",
    "record_format_change",
    "withdraw_format_change",
]
