"""Event pages: public event page, player page, staff dashboard, projector clock, paper, exports.

One module per domain (``events``, ``player``, ``staff``, ``checkin``, ``rounds``, ``clock``, ``results``,
``exports``); ``tournament/urls.py`` reaches every view through this package. Views parse input,
call one access function (``access.event_for_staff`` and friends) and one service or
selector, map ``DomainError`` to a message (HTML) or its status code (JSON), and render
templates. The rules live in ``tournament.services`` and ``tournament.selectors``.
"""

from .calendar import event_calendar, organizer_calendar
from .checkin import (
    claim_registration,
    staff_check_in,
    staff_check_in_code,
    staff_finish,
    staff_reopen,
    staff_replace_id,
    staff_undo_drop,
    staff_walk_in,
    staff_walk_in_slip,
)
from .clock import clock_json, clock_page, staff_clock, staff_extension
from .constraints import staff_keep_apart, staff_keep_apart_add, staff_keep_apart_end
from .days import staff_days
from .events import event_create, event_detail, event_edit, event_list, rule_defaults
from .exports import export, pdf_document, pdf_job, pdf_job_file, pdf_job_start
from .officials import (
    staff_invitation,
    staff_officials,
    staff_officials_add,
    staff_officials_end,
    staff_officials_invite,
    staff_officials_revoke,
)
from .player import (
    player_confirm,
    player_coverage,
    player_drop,
    player_page,
    player_phone,
    player_phone_state,
    player_register,
    player_report,
    player_state,
    player_team,
    player_team_answer,
)
from .pods import pod_confirm, pod_report
from .results import staff_accept_report, staff_correct, staff_quick_result
from .rounds import staff_pair, staff_publish, staff_repair, staff_swap, staff_table
from .screens import screen_pairings, screen_standings, screens_index, staff_feature_table
from .staff import staff_dashboard, staff_live, staff_register, staff_registration
from .teams_drafts import staff_close_team_match, staff_pods, staff_pods_action

__all__ = [
    "event_calendar",
    "organizer_calendar",
    "screen_pairings",
    "screen_standings",
    "screens_index",
    "staff_feature_table",
    "player_coverage",
    "pod_confirm",
    "pod_report",
    "staff_keep_apart",
    "staff_keep_apart_add",
    "staff_keep_apart_end",
    "claim_registration",
    "staff_check_in",
    "staff_check_in_code",
    "staff_finish",
    "staff_reopen",
    "staff_replace_id",
    "staff_undo_drop",
    "staff_walk_in",
    "staff_walk_in_slip",
    "clock_json",
    "clock_page",
    "event_create",
    "staff_invitation",
    "staff_officials",
    "staff_officials_add",
    "staff_officials_end",
    "staff_officials_invite",
    "staff_officials_revoke",
    "rule_defaults",
    "event_detail",
    "event_edit",
    "event_list",
    "export",
    "pdf_document",
    "pdf_job",
    "pdf_job_file",
    "pdf_job_start",
    "player_confirm",
    "player_drop",
    "player_page",
    "player_phone",
    "player_phone_state",
    "player_state",
    "player_register",
    "player_report",
    "player_team",
    "player_team_answer",
    "staff_clock",
    "staff_close_team_match",
    "staff_accept_report",
    "staff_correct",
    "staff_dashboard",
    "staff_days",
    "staff_extension",
    "staff_live",
    "staff_pair",
    "staff_pods",
    "staff_pods_action",
    "staff_publish",
    "staff_quick_result",
    "staff_register",
    "staff_registration",
    "staff_repair",
    "staff_swap",
    "staff_table",
]
