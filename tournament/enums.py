"""Choices shared by the tournament models, services and other apps.

Layer 0: no Django model imports, only ``TextChoices``/``IntegerChoices`` and plain tables
of rule defaults (TR&P Appendix A, C, E; TR&P 3.8).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class Game(models.TextChoices):
    FAB = "fab", gettext_lazy("Flesh and Blood")
    GA = "ga", gettext_lazy("Grand Archive")


class FormatCode(models.TextChoices):
    """Formats of TR&P 1.3 and chapters 7-9, plus the Grand Archive formats."""

    CLASSIC_CONSTRUCTED = "cc", gettext_lazy("Classic Constructed")
    LIVING_LEGEND = "ll", gettext_lazy("Living Legend")
    BLITZ = "blitz", gettext_lazy("Blitz")
    SAGE = "sage", gettext_lazy("Silver Age")
    COMMONER = "commoner", gettext_lazy("Commoner")
    UPF = "upf", gettext_lazy("Ultimate Pit Fight")
    SEALED = "sealed", gettext_lazy("Sealed Deck")
    DRAFT = "draft", gettext_lazy("Booster Draft")
    BLITZ_PRECON = "blitz-precon", gettext_lazy("Blitz Preconstructed")
    IRA = "ira", gettext_lazy("Welcome Deck (Ira)")
    TEAM_CC = "team-cc", gettext_lazy("Team Classic Constructed")
    GA_STANDARD = "ga-standard", gettext_lazy("Grand Archive Standard")
    GA_DRAFT = "ga-draft", gettext_lazy("Grand Archive Draft")


LIMITED_FORMATS = frozenset({FormatCode.SEALED, FormatCode.DRAFT, FormatCode.GA_DRAFT})
TEAM_FORMATS = frozenset({FormatCode.TEAM_CC})
GA_FORMATS = frozenset({FormatCode.GA_STANDARD, FormatCode.GA_DRAFT})


class REL(models.TextChoices):
    """Rules Enforcement Levels, TR&P 1.2."""

    CASUAL = "casual", gettext_lazy("Casual")
    COMPETITIVE = "competitive", gettext_lazy("Competitive")
    PROFESSIONAL = "professional", gettext_lazy("Professional")


class EventType(models.TextChoices):
    """Tournament catalogue of TR&P Appendix A (2025). Defaults in ``EVENT_TYPE_DEFAULTS``."""

    WORLDS = "worlds", gettext_lazy("World Championship")
    PRO_TOUR = "pro-tour", gettext_lazy("Pro Tour")
    NATIONALS_USA = "nationals-usa", gettext_lazy("National Championship (USA)")
    NATIONALS = "nationals", gettext_lazy("National Championship")
    CALLING = "calling", gettext_lazy("Calling")
    BATTLE_HARDENED = "battle-hardened", gettext_lazy("Battle Hardened")
    PROQUEST_PLUS = "proquest-plus", gettext_lazy("ProQuest+")
    PROQUEST = "proquest", gettext_lazy("ProQuest")
    ROAD_TO_NATIONALS = "road-to-nationals", gettext_lazy("Road to Nationals")
    SKIRMISH = "skirmish", gettext_lazy("Skirmish")
    WORLD_PREMIERE = "world-premiere", gettext_lazy("World Premiere")
    PRERELEASE = "prerelease", gettext_lazy("Prerelease")
    ARMORY = "armory", gettext_lazy("Armory")
    ON_DEMAND = "on-demand", gettext_lazy("On-demand")
    PLAY_ANYWHERE = "play-anywhere", gettext_lazy("Play Anywhere")
    OTHER = "other", gettext_lazy("Other (TO-configured)")
    # Grand Archive's own event ladder (ga-organized-play.md section 2), not FaB's App A.
    GA_REGULAR = "ga-regular", gettext_lazy("Grand Archive: regular store event")
    GA_STORE_CHAMPIONSHIP = "ga-store-championship", gettext_lazy("Grand Archive: Store Championship")
    GA_REGIONALS = "ga-regionals", gettext_lazy("Grand Archive: Regionals")
    GA_ASCENT = "ga-ascent", gettext_lazy("Grand Archive: Ascent")
    GA_NATIONALS = "ga-nationals", gettext_lazy("Grand Archive: Nationals")
    GA_WORLDS = "ga-worlds", gettext_lazy("Grand Archive: World Championship")


#: Event types of Grand Archive's ladder; FaB events use the others (TR&P App A).
GA_EVENT_TYPES = frozenset(
    {
        EventType.GA_REGULAR,
        EventType.GA_STORE_CHAMPIONSHIP,
        EventType.GA_REGIONALS,
        EventType.GA_ASCENT,
        EventType.GA_NATIONALS,
        EventType.GA_WORLDS,
    }
)


# TR&P Appendix A (2025): (default tier, default REL of day 1, default REL of day 2+).
EVENT_TYPE_DEFAULTS: dict[str, tuple[int, str, str]] = {
    EventType.WORLDS: (4, REL.PROFESSIONAL, REL.PROFESSIONAL),
    EventType.PRO_TOUR: (4, REL.PROFESSIONAL, REL.PROFESSIONAL),
    EventType.NATIONALS_USA: (3, REL.PROFESSIONAL, REL.PROFESSIONAL),
    EventType.NATIONALS: (3, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.CALLING: (3, REL.COMPETITIVE, REL.PROFESSIONAL),
    EventType.BATTLE_HARDENED: (3, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.PROQUEST_PLUS: (2, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.PROQUEST: (2, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.ROAD_TO_NATIONALS: (2, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.SKIRMISH: (1, REL.CASUAL, REL.CASUAL),
    EventType.WORLD_PREMIERE: (1, REL.CASUAL, REL.CASUAL),
    EventType.PRERELEASE: (1, REL.CASUAL, REL.CASUAL),
    EventType.ARMORY: (1, REL.CASUAL, REL.CASUAL),
    EventType.ON_DEMAND: (1, REL.CASUAL, REL.CASUAL),
    EventType.PLAY_ANYWHERE: (1, REL.CASUAL, REL.CASUAL),
    EventType.OTHER: (1, REL.CASUAL, REL.CASUAL),
    # Grand Archive has no named REL. Our mapping of its ladder onto the enforcement levels the
    # project models: below Store Championship the GA IPG's "Variable Enforcement" applies (our
    # Casual); Store Championships and Regionals enforce strictly (Competitive); premier events
    # (Ascent, Nationals, Worlds) are our Professional. Tiers follow the ladder's order.
    EventType.GA_REGULAR: (1, REL.CASUAL, REL.CASUAL),
    EventType.GA_STORE_CHAMPIONSHIP: (2, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.GA_REGIONALS: (2, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.GA_ASCENT: (3, REL.PROFESSIONAL, REL.PROFESSIONAL),
    EventType.GA_NATIONALS: (3, REL.PROFESSIONAL, REL.PROFESSIONAL),
    EventType.GA_WORLDS: (4, REL.PROFESSIONAL, REL.PROFESSIONAL),
}

# TR&P'23 Appendix A differences: Battle Hardened was tier 2; one Nationals at Professional.
EVENT_TYPE_DEFAULTS_2023: dict[str, tuple[int, str, str]] = {
    **EVENT_TYPE_DEFAULTS,
    EventType.BATTLE_HARDENED: (2, REL.COMPETITIVE, REL.COMPETITIVE),
    EventType.NATIONALS: (3, REL.PROFESSIONAL, REL.PROFESSIONAL),
}

# TR&P App C round lengths in minutes (2025); OPEN-7 defaults for formats App C omits.
ROUND_MINUTES_2025: dict[str, int] = {
    FormatCode.CLASSIC_CONSTRUCTED: 55,
    FormatCode.LIVING_LEGEND: 55,
    FormatCode.SAGE: 35,
    FormatCode.BLITZ: 35,
    FormatCode.COMMONER: 35,
    FormatCode.BLITZ_PRECON: 35,
    FormatCode.UPF: 35,
    FormatCode.SEALED: 35,
    FormatCode.DRAFT: 35,
    FormatCode.IRA: 30,
    FormatCode.TEAM_CC: 55,
    # Grand Archive's recommended round times (ga-organized-play.md section 3): 60 minutes for
    # best-of-three Swiss and for draft rounds.
    FormatCode.GA_STANDARD: 60,
    FormatCode.GA_DRAFT: 60,
}
# TR&P'23 App C: limited rounds were 30 minutes.
ROUND_MINUTES_2023: dict[str, int] = {
    **ROUND_MINUTES_2025,
    FormatCode.SEALED: 30,
    FormatCode.DRAFT: 30,
}


class TrpVersion(models.TextChoices):
    TRP_2025 = "2025", gettext_lazy("TR&P 2025-01-31")
    TRP_2023 = "2023", gettext_lazy("TR&P 2023-03-31")


class PpgVersion(models.TextChoices):
    PPG_2023 = "2023", gettext_lazy("PPG 2023-03-31")


class CrVersion(models.TextChoices):
    CR_2_13_0 = "2.13.0", gettext_lazy("CR 2.13.0")
    CR_OLD = "old", gettext_lazy("CR (2023 era)")


class StructureKind(models.TextChoices):
    """Which TR&P Appendix B table gives the default structure."""

    SINGLE_DAY = "single_day", gettext_lazy("Single day")
    SINGLE_DAY_DRAFT_PLAYOFF = "single_day_draft_playoff", gettext_lazy("Single day, booster draft play-off")
    TEAM = "team", gettext_lazy("Team")
    MULTI_DAY_CONSTRUCTED = "multi_day_constructed", gettext_lazy("Multi-day constructed")
    MULTI_DAY_LIMITED = "multi_day_limited", gettext_lazy("Multi-day limited")


class MirrorSource(models.TextChoices):
    """The official system a mirrored event is imported from (the ``mirror`` add-on)."""

    NONE = "", gettext_lazy("Not mirrored")
    GEM = "gem", gettext_lazy("GEM (Flesh and Blood)")
    OMNIDEX = "omnidex", gettext_lazy("Omnidex (Grand Archive)")


class EventStatus(models.TextChoices):
    DRAFT = "draft", gettext_lazy("Draft (not announced)")
    REGISTRATION = "registration", gettext_lazy("Registration open")
    RUNNING = "running", gettext_lazy("Running")
    FINISHED = "finished", gettext_lazy("Finished")
    CANCELLED = "cancelled", gettext_lazy("Cancelled")


class StaffRole(models.TextChoices):
    """Officials of TR&P 2.1."""

    ORGANIZER = "organizer", gettext_lazy("Tournament organizer")
    HEAD_JUDGE = "head_judge", gettext_lazy("Head judge")
    APPEALS_JUDGE = "appeals_judge", gettext_lazy("Appeals judge")
    FLOOR_JUDGE = "floor_judge", gettext_lazy("Floor judge")
    SCOREKEEPER = "scorekeeper", gettext_lazy("Scorekeeper")


# --- Role vocabulary: the one place that says which staff roles make up each kind of authority.
# Every app's ``access.py`` builds its predicates from these sets; nothing else lists roles.

#: Every official of TR&P 2.1.
OFFICIAL_ROLES = frozenset(StaffRole)
JUDGE_ROLES = frozenset({StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE, StaffRole.FLOOR_JUDGE})
#: EV-09: appeals judges have the head judge's authority (confirm penalties, decide appeals).
HEAD_ROLES = frozenset({StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE})
# Roles allowed to run rounds and enter results.
RESULT_ROLES = frozenset(
    {StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE, StaffRole.SCOREKEEPER}
)
# Roles allowed to change the event, its staff and registrations.
MANAGE_ROLES = frozenset({StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.SCOREKEEPER})
#: Change the event's settings and days; manage its decklists (lock, publish, deadline).
EVENT_EDIT_ROLES = frozenset({StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE})
#: Assign and remove staff.
STAFF_ADMIN_ROLES = frozenset({StaffRole.ORGANIZER})
#: Run the round clock, extend matches, record no-shows and penalty results (TR&P 3.6, 3.9).
CLOCK_ROLES = RESULT_ROLES | JUDGE_ROLES
#: Requirements "Reports": the organizer and the head judge see the judging statistics.
REPORT_ROLES = frozenset({StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.APPEALS_JUDGE})
#: Who may read an event's penalties.
PENALTY_READ_ROLES = JUDGE_ROLES | {StaffRole.ORGANIZER, StaffRole.SCOREKEEPER}
#: See and edit game-state reconstructions of judge calls: the judges and the organizer.
RECONSTRUCTION_ROLES = JUDGE_ROLES | {StaffRole.ORGANIZER}
#: Who sees the players' IDs (GEM IDs) of an event besides each player themself: its officials.
PLAYER_ID_ROLES = OFFICIAL_ROLES
#: Who reads judge calls with their questions, rulings and notes (the scorekeeper sees only
#: the time extensions they gave; players see the calls at their own table once ruled).
CALL_READ_ROLES = JUDGE_ROLES | {StaffRole.ORGANIZER}
#: Who sees the time extensions judge calls gave (to run the clock and results).
CALL_EXTENSION_ROLES = CALL_READ_ROLES | {StaffRole.SCOREKEEPER}


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", gettext_lazy("Registered")
    WAITLISTED = "waitlisted", gettext_lazy("Waitlisted")
    CHECKED_IN = "checked_in", gettext_lazy("Checked in")
    DROPPED = "dropped", gettext_lazy("Dropped")
    DISQUALIFIED = "disqualified", gettext_lazy("Disqualified")


ACTIVE_REGISTRATION_STATUSES = frozenset({RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN})


class TeamInvitationStatus(models.TextChoices):
    """A teammate's seat on a team being formed (TR&P 9.2): the team registers once all accept."""

    PENDING = "pending", gettext_lazy("Invited")
    ACCEPTED = "accepted", gettext_lazy("Accepted")
    DECLINED = "declined", gettext_lazy("Declined")
    CANCELLED = "cancelled", gettext_lazy("Cancelled")


class RoundStage(models.TextChoices):
    SWISS = "swiss", gettext_lazy("Swiss")
    TOP_CUT = "top_cut", gettext_lazy("Top cut")


class RoundStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Pending")
    PAIRED = "paired", gettext_lazy("Paired (not published)")
    PUBLISHED = "published", gettext_lazy("Published")
    IN_PROGRESS = "in_progress", gettext_lazy("In progress")
    COMPLETE = "complete", gettext_lazy("Complete")


VISIBLE_ROUND_STATUSES = frozenset({RoundStatus.PUBLISHED, RoundStatus.IN_PROGRESS, RoundStatus.COMPLETE})


class MatchResult(models.TextChoices):
    PENDING = "", gettext_lazy("Pending")
    A_WINS = "a", gettext_lazy("Player A wins")
    B_WINS = "b", gettext_lazy("Player B wins")
    DRAW = "draw", gettext_lazy("Draw")
    DOUBLE_LOSS = "double_loss", gettext_lazy("Double loss")
    BYE = "bye", gettext_lazy("Bye")
    # TR&P 9.2: a board whose game ended because the team match was already decided; it has
    # no winner and counts in no individual record.
    UNFINISHED = "unfinished", gettext_lazy("Not finished (team match decided)")


class ResultKind(models.TextChoices):
    """How a result came about (kept for audit and the reconciliation queue)."""

    PLAYED = "played", gettext_lazy("Played")
    INTENTIONAL_DRAW = "intentional_draw", gettext_lazy("Intentional draw (TR&P 3.5)")
    CONCESSION = "concession", gettext_lazy("Concession (TR&P 3.5)")
    DROP = "drop", gettext_lazy("Drop (TR&P 3.6)")
    NO_SHOW = "no_show", gettext_lazy("No-show (TR&P 3.6)")
    PENALTY = "penalty", gettext_lazy("Penalty (PPG 1.4)")
    BYE = "bye", gettext_lazy("Bye")
    LATE_ENTRY = "late_entry", gettext_lazy("Missed round (late entry)")
    TEAM_DECIDED = "team_decided", gettext_lazy("Ended: team match decided (TR&P 9.2)")


class ReportStatus(models.TextChoices):
    NONE = "", gettext_lazy("Not reported")
    REPORTED = "reported", gettext_lazy("Reported, awaiting confirmation")
    DISPUTED = "disputed", gettext_lazy("Disputed (reconciliation queue)")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed by both players")
    STAFF = "staff", gettext_lazy("Entered by staff")


class ClockState(models.TextChoices):
    NOT_STARTED = "not_started", gettext_lazy("Not started")
    RUNNING = "running", gettext_lazy("Running")
    PAUSED = "paused", gettext_lazy("Paused")
    FINISHED = "finished", gettext_lazy("Time called")


# Results staff may record (no pending, no bye): a named list so the OpenAPI enum has a stable name.
PLAYED_RESULT_CHOICES = [c for c in MatchResult.choices if c[0] not in ("", "bye", "unfinished")]


class StandingsPolicy(models.TextChoices):
    """How Swiss standings are scored and ordered (the engine's ``policy`` argument)."""

    FAB = "fab", gettext_lazy("Flesh and Blood (TR&P App D: MP, CMP, MLP, OMLP, OCMP)")
    POINTS_3_1_0 = "points_3_1_0", gettext_lazy("3/1/0 points, OMW%, GW%, OGW% (Grand Archive)")


# The default standings policy of each game (create_event; editable until the first pairings).
DEFAULT_STANDINGS_POLICY: dict[str, str] = {
    Game.FAB: StandingsPolicy.FAB,
    Game.GA: StandingsPolicy.POINTS_3_1_0,
}

#: The highest table number a venue can have: table numbers from forms, the API and services
#: are checked against it (far above any real hall, far below any database column's limit).
MAX_TABLE_NUMBER = 10_000
