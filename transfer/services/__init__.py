"""One event as one file: export it here, import it on another installation.

The file (JSON, ``FORMAT`` version ``FORMAT_VERSION``) carries every row that belongs to the
event: the event itself and every row of every model that points at it, directly or through
another such row (days, staff, registrations, rounds, matches, reports, extensions, team
invitations, decklists, judge calls, penalties, deck checks, reconstructions, and whatever a
later app adds with a foreign key into that graph), plus the event's audit trail. Nothing here
names those models: they are found by following foreign keys from ``tournament.Event``
(``event_models``), so a new model or field moves without a change here.

Rows the event only *refers to* are not copied but matched on the other installation:

- player profiles by their GEM player ID (TR&P 1.5: one profile per person), created when the
  ID is new there;
- user accounts through their player profile, else by username, else created (with no usable
  password: the person sets one through the password reset);
- card data releases by game, source and version (the event keeps none when that release is not
  imported there: the import says so);
- content types by app and model name.

Generated files (PDFs, bundles) are not carried: they are caches, made again on request.

Modules: ``_common`` (the format, limits, errors, the model graph and value encoding),
``export`` (``export_event``, ``dumps``), ``importing`` (``loads``, ``check_document``,
``import_event``). The public names are re-exported here.
"""

from __future__ import annotations

from ._common import (
    CHUNK,
    FORMAT,
    FORMAT_VERSION,
    MATCHED,
    NOT_CARRIED,
    EventExists,
    ImportLimits,
    Progress,
    TransferError,
    event_models,
)
from .export import (
    collect_rows,
    dumps,
    export_event,
)
from .importing import (
    ImportSummary,
    check_document,
    delete_event_rows,
    import_event,
    loads,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MATCHED",
    "NOT_CARRIED",
    "CHUNK",
    "Progress",
    "ImportLimits",
    "TransferError",
    "EventExists",
    "event_models",
    "collect_rows",
    "export_event",
    "dumps",
    "ImportSummary",
    "loads",
    "check_document",
    "delete_event_rows",
    "import_event",
]
