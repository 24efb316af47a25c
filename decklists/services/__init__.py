"""Every change to a decklist, audited (core.audit) inside its transaction.

Lifecycle (TR&P 3.7): draft -> submitted -> accepted (by an official) -> locked.
Players change their list only until it is accepted; afterwards only the head judge
corrects it (PPG 4.4, Decklist Error), with the before and after recorded.

Modules: ``player`` (save, suggestions, submit), ``official`` (accept, reject, exceptions,
fixes, lock, deadline, publish), ``jobs`` (generated files and revalidation on card data or
status changes); ``_common`` holds what they share. The public names are re-exported here.
"""

from __future__ import annotations

from ._common import (
    card_data_for,
    card_db_for,
    event_date,
    is_past_deadline,
    limited_set_codes,
    run_validation,
    team_findings,
)
from .jobs import (
    lists_covered_by_status,
    lists_waiting_on_card_data,
    on_card_data_changed,
    on_card_statuses_changed,
    revalidate_decklists,
    revalidate_status_lists,
    revalidate_waiting_lists,
    revalidation_output,
    start_job,
)
from .official import (
    accept_decklist,
    fix_decklist,
    grant_exception,
    lock_event_decklists,
    publish_event_decklists,
    reject_decklist,
    set_decklist_deadline,
)
from .player import (
    save_decklist,
    submit_decklist,
    use_suggestion,
)

__all__ = [
    "card_data_for",
    "card_db_for",
    "event_date",
    "team_findings",
    "limited_set_codes",
    "run_validation",
    "is_past_deadline",
    "save_decklist",
    "use_suggestion",
    "submit_decklist",
    "accept_decklist",
    "reject_decklist",
    "grant_exception",
    "fix_decklist",
    "lock_event_decklists",
    "set_decklist_deadline",
    "publish_event_decklists",
    "start_job",
    "revalidate_decklists",
    "revalidation_output",
    "lists_waiting_on_card_data",
    "revalidate_waiting_lists",
    "lists_covered_by_status",
    "revalidate_status_lists",
    "on_card_statuses_changed",
    "on_card_data_changed",
]
