"""Every state change of an event, one module per domain; the public names are re-exported here
so callers keep writing ``from tournament import services`` / ``services.pair_next_round``.

Modules: ``events`` (events, days, rule defaults, finishing), ``staff``, ``registration``
(players, registrations, drops, DQ, no-shows), ``teams``, ``rounds`` (pairing, edits,
publishing), ``clock``, ``results`` (reports, entry, corrections, previews); ``_common`` holds
the shared plumbing (retrying transaction, locks, audit, snapshots) and ``_shared`` the steps
several modules take (eligibility checks, the waitlist, closing a round, conceding a match), so
no module imports another one's private helpers.

Each public service is ``@transaction.atomic``, checks the actor's role, leaves an audit record
(``core.audit.record_audit`` with ``event_id``) and raises a typed ``DomainError`` (400),
``NotAllowed`` (403) or ``ConflictError`` (409) with a message naming the problem and, where a
rule decides, the rule number. ``actor=None`` means the system (management commands, tasks):
role checks are skipped for it.

Services other apps call (keyword-only actor): ``add_match_extension``,
``record_penalty_result``, ``disqualify_registration``, ``drop_registration``.

Index (main object positional, the rest keyword-only):

- events: ``create_event(*, actor, name, slug=None, **fields)``, ``update_event(event, *, actor,
  reason="", **changes)``, ``set_event_days(event, *, actor, days)``, ``finish_event``, ``reopen_event(event, *, actor,
  reason)``; ``require_event_open(event)`` (409 once finished: every change service calls it); rule
  defaults ``default_round_minutes``, ``default_decklists_required``,
  ``default_regular_deck_checks``, ``event_type_defaults``, ``rel_for_round``
- check-in and walk-ins (``checkin``): ``check_in_all``, ``check_in_by_text``, ``check_in_token`` /
  ``registration_for_token`` (the player's QR code), ``phone_token`` /
  ``registration_for_phone_token`` (a walk-in's private page), ``register_walk_in`` (temporary ID, claim
  code), ``replace_temporary_id``, ``claim_registration(*, user, code, player_id="") -> WalkInClaim``
- who plays as which player ID (``identity``): ``link_player_account(user, *, actor, player_id,
  display_name, event=None)``, ``unlink_player_account(profile, *, actor, reason)`` (site
  officials), ``request_self_registration(event, *, user, player_id, display_name)``
- staff: ``assign_staff(event, *, user, role, actor)``, ``end_staff_assignment``
- players: ``create_player_profile(*, actor, player_id, display_name, user=None)``,
  ``register_player(event, *, player, actor, late_entry=False)``, ``check_in``,
  ``drop_registration``, ``reenter_registration``, ``undo_drop``, ``disqualify_registration``,
  ``record_no_show(match, *, absent, actor, drop=True)``, ``set_fixed_table``
- rounds: ``pair_next_round(event, *, actor, seed=None)``, ``repair_round``, ``swap_players``,
  ``set_table_number``, ``publish_round``, ``day_plan_for_round``
- teams (TR&P 9.2): ``register_team``, ``invite_team``, ``answer_team_invitation``;
  ``close_decided_team_match(match, *, actor)`` (team_play; a team with two members out is
  dropped by the drop, DQ and no-show services)
- keep apart (``constraints``): ``keep_apart(event, *, first, second, actor, reason="")``,
  ``end_keep_apart(pair, *, actor, reason="")``; Swiss pairing avoids the pair like a rematch
- pods (TR&P 9.3, ``pods``): ``uses_pods(event)``, ``pair_pod_round`` (also reached through
  ``pair_next_round``), ``report_pod_result(pod, *, actor, places)``, ``confirm_pod_result``,
  ``event_pod_standings(event)``
- drafts (TR&P 8.2): ``seat_pods_at_random(event, *, actor, pod_size=8)``, ``set_pod_seating``,
  ``seat_playoff_draft``, ``set_playoff_seats``
- rounds: ``pair_next_round(event, *, actor, seed=None, not_checked_in=None)``, ``repair_round``,
  ``swap_players``, ``set_table_number``, ``publish_round(round_, *, actor, override_reason="")``,
  ``day_plan_for_round``
- clock: ``start_clock``, ``pause_clock``, ``resume_clock``, ``call_time``, ``adjust_clock``
  (each ``(round_, *, actor, ...)``), ``clock_status`` (re-exported from selectors),
  ``extension_for_pause``, ``extension_for_deck_check``, ``add_match_extension``
- results: ``report_result`` / ``confirm_result`` (players), ``enter_result``,
  ``enter_result_by_table``, ``match_at_table``, ``correct_result``, ``record_penalty_result``,
  ``preview_result_correction`` (no writes)

Concurrency: results lock the match row and accept ``expected_version`` (409 when stale);
pairing locks the event row. On SQLite a locked database is retried (``_common._atomic``).
"""

from __future__ import annotations

from ..selectors import clock_status
from ._common import CLOSED_STATUSES, require_event_open
from .checkin import (
    NOT_CHECKED_IN_CHOICES,
    WalkInClaim,
    check_in_all,
    check_in_by_text,
    check_in_token,
    claim_registration,
    find_registration,
    phone_token,
    register_walk_in,
    registration_for_phone_token,
    registration_for_token,
    replace_temporary_id,
)
from .clock import (
    add_match_extension,
    adjust_clock,
    call_time,
    extension_for_deck_check,
    extension_for_pause,
    pause_clock,
    resume_clock,
    start_clock,
)
from .constraints import end_keep_apart, keep_apart
from .coverage import add_feature_table, remove_feature_table, set_coverage_opt_out
from .drafts import (
    seat_playoff_draft,
    seat_pods_at_random,
    set_playoff_seats,
    set_pod_seating,
)
from .events import (
    EVENT_FIELDS,
    RULE_FIELDS,
    create_event,
    default_decklists_required,
    default_regular_deck_checks,
    default_round_minutes,
    event_type_defaults,
    finish_event,
    rel_for_round,
    reopen_event,
    rule_defaults,
    set_event_days,
    update_event,
)
from .identity import (
    PENDING_REGISTRATION_MESSAGE,
    link_player_account,
    request_self_registration,
    unlink_player_account,
)
from .pods import confirm_pod_result, event_pod_standings, pair_pod_round, report_pod_result, uses_pods
from .registration import (
    check_in,
    create_player_profile,
    disqualify_registration,
    drop_registration,
    player_id_spellings,
    record_no_show,
    reenter_registration,
    register_new_player,
    register_player,
    set_fixed_table,
    tidy_player_id,
    undo_drop,
)
from .results import (
    CorrectionPreview,
    accept_report,
    confirm_result,
    correct_result,
    enter_result,
    enter_result_by_table,
    match_at_table,
    preview_result_correction,
    record_penalty_result,
    report_result,
)
from .rounds import (
    day_plan_for_round,
    pair_next_round,
    publish_round,
    repair_round,
    require_not_mirrored,
    set_table_number,
    swap_players,
)
from .staff import (
    INVITATION_DAYS,
    accept_staff_invitation,
    assign_staff,
    assign_staff_by_username,
    end_staff_assignment,
    invite_staff,
    open_invitation,
    revoke_staff_invitation,
)
from .team_play import close_decided_team_match
from .teams import (
    TEAM_POSITIONS,
    answer_team_invitation,
    invite_team,
    register_team,
)

__all__ = [
    "add_feature_table",
    "remove_feature_table",
    "set_coverage_opt_out",
    "confirm_pod_result",
    "event_pod_standings",
    "pair_pod_round",
    "report_pod_result",
    "uses_pods",
    "end_keep_apart",
    "keep_apart",
    "NOT_CHECKED_IN_CHOICES",
    "check_in_all",
    "check_in_by_text",
    "check_in_token",
    "phone_token",
    "registration_for_phone_token",
    "claim_registration",
    "WalkInClaim",
    "link_player_account",
    "PENDING_REGISTRATION_MESSAGE",
    "unlink_player_account",
    "request_self_registration",
    "find_registration",
    "register_walk_in",
    "registration_for_token",
    "replace_temporary_id",
    "CLOSED_STATUSES",
    "CorrectionPreview",
    "EVENT_FIELDS",
    "RULE_FIELDS",
    "rule_defaults",
    "TEAM_POSITIONS",
    "add_match_extension",
    "adjust_clock",
    "assign_staff",
    "assign_staff_by_username",
    "accept_staff_invitation",
    "invite_staff",
    "open_invitation",
    "revoke_staff_invitation",
    "INVITATION_DAYS",
    "call_time",
    "check_in",
    "close_decided_team_match",
    "clock_status",
    "confirm_result",
    "correct_result",
    "create_event",
    "create_player_profile",
    "day_plan_for_round",
    "default_decklists_required",
    "default_regular_deck_checks",
    "default_round_minutes",
    "disqualify_registration",
    "drop_registration",
    "end_staff_assignment",
    "enter_result",
    "enter_result_by_table",
    "accept_report",
    "event_type_defaults",
    "extension_for_deck_check",
    "extension_for_pause",
    "finish_event",
    "match_at_table",
    "pair_next_round",
    "pause_clock",
    "preview_result_correction",
    "publish_round",
    "record_no_show",
    "record_penalty_result",
    "reenter_registration",
    "reopen_event",
    "register_new_player",
    "player_id_spellings",
    "tidy_player_id",
    "register_player",
    "register_team",
    "invite_team",
    "answer_team_invitation",
    "rel_for_round",
    "repair_round",
    "report_result",
    "require_event_open",
    "resume_clock",
    "seat_playoff_draft",
    "seat_pods_at_random",
    "set_event_days",
    "set_playoff_seats",
    "set_pod_seating",
    "set_fixed_table",
    "set_table_number",
    "start_clock",
    "swap_players",
    "require_not_mirrored",
    "undo_drop",
    "update_event",
]
