"""The tournament data contract: events, staff, players, registrations, rounds, matches.

Models hold fields, constraints and cheap properties only. Every write goes through
``tournament.services`` (audited, transactional); reads through ``tournament.selectors``.
Field names listed in the shared contract only grow: never rename or remove them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from .enums import (
    REL,
    ClockState,
    CrVersion,
    EventStatus,
    EventType,
    FormatCode,
    Game,
    MatchResult,
    MirrorSource,
    PpgVersion,
    RegistrationStatus,
    ReportStatus,
    ResultKind,
    RoundStage,
    RoundStatus,
    StaffRole,
    StandingsPolicy,
    StructureKind,
    TeamInvitationStatus,
    TrpVersion,
)


class PlayerProfile(models.Model):
    """A person who plays: one GEM profile per individual (TR&P 1.5)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_profile",
        null=True,
        blank=True,
    )
    player_id = models.CharField(gettext_lazy("GEM player ID"), max_length=32, unique=True)
    display_name = models.CharField(max_length=120)
    banned = models.BooleanField(default=False, help_text=gettext_lazy("Banned by LSS (TR&P 1.4)."))
    suspended_until = models.DateField(
        null=True, blank=True, help_text=gettext_lazy("Suspended by LSS until this date (TR&P 1.4).")
    )
    # A walk-in registered by staff without a player ID gets a temporary one (TR&P 1.5: the real
    # ID replaces it later, results kept); the claim code lets the player link it to an account.
    is_temporary = models.BooleanField(
        gettext_lazy("Temporary player ID"),
        default=False,
        help_text=gettext_lazy("Made for a walk-in; replace it with the real ID."),
    )
    claim_code = models.CharField(max_length=16, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["claim_code"], condition=~models.Q(claim_code=""), name="player_unique_claim_code"
            )
        ]

    def is_suspended(self, on=None) -> bool:
        on = on or timezone.localdate()
        return self.suspended_until is not None and self.suspended_until >= on

    def __str__(self) -> str:
        return f"{self.display_name} ({self.player_id})"


class Event(models.Model):
    """One tournament with its pinned rules versions (G-01) and defaults (TR&P App B, C, E)."""

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=200)
    game = models.CharField(max_length=8, choices=Game.choices, default=Game.FAB)
    format = models.CharField(
        max_length=20, choices=FormatCode.choices, default=FormatCode.CLASSIC_CONSTRUCTED
    )
    rel = models.CharField("REL", max_length=16, choices=REL.choices, default=REL.CASUAL)
    tier = models.PositiveSmallIntegerField(default=1)
    event_type = models.CharField(max_length=24, choices=EventType.choices, default=EventType.ARMORY)
    starts_at = models.DateTimeField(null=True, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    venue = models.CharField(max_length=200, blank=True)
    capacity = models.PositiveIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Empty means no limit.")
    )
    round_minutes = models.PositiveSmallIntegerField(default=55)
    # The name is kept (the data contract only grows); it means game wins needed, not "best of".
    games_per_match = models.PositiveSmallIntegerField(
        gettext_lazy("game wins needed to win a match"),
        default=1,
        help_text=(
            gettext_lazy(
                "Game wins a player needs to win the match: 1 = a single game, 2 = best of three, "
                "3 = best of five (TR&P 3.1; Grand Archive Swiss is usually best of three)."
            )
        ),
    )
    swiss_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Empty: the TR&P App B default from attendance.")
    )
    top_cut = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Empty: the TR&P App B default; 0 means no play-off.")
    )
    structure_kind = models.CharField(
        max_length=32, choices=StructureKind.choices, default=StructureKind.SINGLE_DAY
    )
    decklists_required = models.BooleanField(default=False)
    regular_deck_checks = models.BooleanField(default=False)
    bye_counts_in_cmp = models.BooleanField(
        default=True, help_text=gettext_lazy("OPEN-16: a bye counts as a win in CMP.")
    )
    standings_policy = models.CharField(
        max_length=16,
        choices=StandingsPolicy.choices,
        default=StandingsPolicy.FAB,
        help_text=gettext_lazy("How Swiss standings are scored and ordered (Grand Archive: 3/1/0 points)."),
    )
    allow_self_registration = models.BooleanField(default=True)
    # The rule-given settings the organizer set by hand (services.events.RULE_FIELDS); the others
    # follow the game, event type, format and REL when those change.
    rule_overrides = models.JSONField(default=list, blank=True)
    check_in_required = models.BooleanField(
        gettext_lazy("Players check in before round 1"),
        default=False,
        help_text=gettext_lazy("Only checked-in players are paired. Off: every registered player is paired."),
    )
    allow_late_entries = models.BooleanField(
        default=True,
        help_text=(
            gettext_lazy(
                "Staff may enter players after round 1 is paired; each round they missed is a loss. "
                "Grand Archive recommends closing entries at the round-1 pairings (off by default there)."
            )
        ),
    )
    # The language of the event's printed sheets (pairings, standings, slips, pods), whoever
    # prints them (issue 31; core.i18n.in_language).
    print_language = models.CharField(
        "language of printed sheets", max_length=8, choices=settings.LANGUAGES, default="en"
    )
    pod_play = models.CharField(
        max_length=8,
        choices=[
            ("", gettext_lazy("By format (pods for Ultimate Pit Fight)")),
            ("swiss", gettext_lazy("Swiss matches")),
            ("pods", gettext_lazy("Pods with standings")),
            ("social", gettext_lazy("Pods without standings (social play)")),
        ],
        default="",
        blank=True,
        help_text=gettext_lazy(
            "Multiplayer pods (as in Ultimate Pit Fight) instead of one-on-one Swiss matches."
        ),
    )
    pod_policy = models.CharField(
        max_length=8,
        choices=[
            ("fives", gettext_lazy("Pods of 5 where 4s do not fit")),
            ("threes", gettext_lazy("Pods of 3 where 4s do not fit")),
        ],
        default="fives",
    )
    pod_allow_two = models.BooleanField(
        default=False, help_text=gettext_lazy("Allow a pod of two players when the count forces it.")
    )
    pod_points = models.CharField(
        max_length=40,
        default="3,2,1,0",
        help_text=gettext_lazy("Points for 1st, 2nd, 3rd... place in a pod, comma-separated."),
    )
    short_public_names = models.BooleanField(
        gettext_lazy("Public names as first name and initial"),
        default=False,
        help_text=gettext_lazy(
            "Casual events only: the public sees first names and the initial of the last name."
        ),
    )
    trp_version = models.CharField(max_length=8, choices=TrpVersion.choices, default=TrpVersion.TRP_2025)
    ppg_version = models.CharField(max_length=8, choices=PpgVersion.choices, default=PpgVersion.PPG_2023)
    cr_version = models.CharField(max_length=8, choices=CrVersion.choices, default=CrVersion.CR_2_13_0)
    card_release = models.ForeignKey(
        "cards.CardDataRelease",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=gettext_lazy("Card data pinned for this event (empty: the game's active release)."),
    )
    status = models.CharField(max_length=16, choices=EventStatus.choices, default=EventStatus.REGISTRATION)
    pairing_seed = models.BigIntegerField(
        default=0, help_text=gettext_lazy("Base seed for pairings and random tiebreaks.")
    )
    mirror_source = models.CharField(
        max_length=16,
        choices=MirrorSource.choices,
        default=MirrorSource.NONE,
        blank=True,
        help_text=gettext_lazy(
            "Mirrored from an official system: its pairings are imported, never made here."
        ),
    )
    mirror_source_id = models.CharField(
        max_length=64,
        blank=True,
        help_text=gettext_lazy("The event's id in the official system it is mirrored from."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(tier__gte=1, tier__lte=4), name="event_tier_1_to_4"),
            models.CheckConstraint(
                condition=models.Q(games_per_match__gte=1), name="event_games_per_match_positive"
            ),
            models.UniqueConstraint(
                fields=["mirror_source", "mirror_source_id"],
                condition=~models.Q(mirror_source="") & ~models.Q(mirror_source_id=""),
                name="event_unique_mirror_source",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_mirrored(self) -> bool:
        """Pairings come from GEM or Omnidex (imported by the ``mirror`` add-on), never from Arbiter."""
        return bool(self.mirror_source)

    @property
    def officials_cannot_play(self) -> bool:
        """TR&P 1.4, 2.1: at tier 2+ and at a Skirmish officials may not also play."""
        return self.tier >= 2 or self.event_type == EventType.SKIRMISH

    @property
    def organizer_cannot_judge(self) -> bool:
        """TR&P 2.1: at tier 2+ the organizer may not be a judge."""
        return self.tier >= 2


class EventDay(models.Model):
    """One day (phase) of a multi-day event with its own REL and cut (TR&P 1.2, App A, App B)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="days")
    number = models.PositiveSmallIntegerField()
    date = models.DateField(null=True, blank=True)
    rel = models.CharField("REL", max_length=16, choices=REL.choices)
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    cut_size = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Players advancing to the next day (TR&P App B: top N or X-2)."),
    )
    cut_max_losses = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("X-2 rule: records with at most this many non-wins also advance."),
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="eventday_unique_number")]

    def __str__(self) -> str:
        return f"{self.event} day {self.number}"


class StaffAssignment(models.Model):
    """An official's role at an event (TR&P 2.1). Ended assignments keep ``ended_at`` for the trail."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_assignments"
    )
    role = models.CharField(max_length=16, choices=StaffRole.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "role", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user", "role"],
                condition=models.Q(ended_at__isnull=True),
                name="staff_unique_active_role",
            ),
            models.UniqueConstraint(
                fields=["event"],
                condition=models.Q(role="head_judge", ended_at__isnull=True),
                name="staff_one_head_judge",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.get_role_display()} at {self.event}"


class StaffInvitation(models.Model):
    """A link that makes whoever opens it, logged in, an official of the event (TR&P 2.2: the
    organizer designates the officials). Used once; ends after ``expires_at`` or when revoked."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff_invitations")
    role = models.CharField(max_length=16, choices=StaffRole.choices)
    key = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_role_display()} invitation to {self.event}"


class Registration(models.Model):
    """A player's entry in an event (unique per event and player)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(PlayerProfile, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(
        max_length=16, choices=RegistrationStatus.choices, default=RegistrationStatus.REGISTERED
    )
    checked_in_at = models.DateTimeField(null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_in_round = models.PositiveSmallIntegerField(null=True, blank=True)
    team_name = models.CharField(max_length=120, null=True, blank=True)
    team_position = models.CharField(max_length=1, null=True, blank=True)
    joined_in_round = models.PositiveSmallIntegerField(
        default=1,
        help_text=gettext_lazy(
            "Late entry: the first round this player is paired in; earlier rounds are losses."
        ),
    )
    fixed_table = models.PositiveIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Pinned table (accessibility, TR&P 3.10).")
    )
    pod = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Draft pod (TR&P 8.2).")
    )
    seat = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Seat at the pod's draft table, clockwise from 1 (TR&P 8.2)."),
    )
    playoff_seat = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Seat at the play-off draft table; the draft play-off bracket follows it (TR&P 8.2)."
        ),
    )
    disqualified_at = models.DateTimeField(null=True, blank=True)
    coverage_opt_out = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Not seated at a feature table; no overlay or coverage feed shows the name."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="registration_unique_player")]
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        return f"{self.player.display_name} at {self.event}"

    @property
    def is_active(self) -> bool:
        return self.status in (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)


class FeatureTable(models.Model):
    """A table staff feature for coverage (issue 30): it keeps its number, or shows a name; no
    player who opted out of coverage is seated there."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="feature_tables")
    table_number = models.PositiveIntegerField()
    name = models.CharField(max_length=60, blank=True, help_text=gettext_lazy('e.g. "Feature table"'))

    class Meta:
        ordering = ["event", "table_number"]
        constraints = [models.UniqueConstraint(fields=["event", "table_number"], name="feature_table_unique")]

    def __str__(self) -> str:
        return self.name or f"table {self.table_number}"


class KeepApart(models.Model):
    """Two players of an event whom pairings keep apart (siblings, a parent and a child, a
    judge's family): avoided like a rematch in Swiss rounds, ignored by the top cut. The reason
    is for staff only. Stored with ``first`` the lower registration id, so a pair is one row."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="keep_apart")
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "first", "second"], name="keep_apart_unique_pair"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="keep_apart_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"keep apart {self.first_id} and {self.second_id} at {self.event_id}"


class Round(models.Model):
    """One round. The clock is stored (server-authoritative); remaining time is computed from now."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    day = models.PositiveSmallIntegerField(default=1)
    stage = models.CharField(max_length=8, choices=RoundStage.choices, default=RoundStage.SWISS)
    status = models.CharField(max_length=16, choices=RoundStatus.choices, default=RoundStatus.PENDING)
    seed = models.BigIntegerField(default=0)
    published_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    duration_seconds = models.PositiveIntegerField(default=55 * 60)
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    elapsed_before_pause = models.FloatField(
        default=0.0, help_text=gettext_lazy("Seconds run before the current start.")
    )
    clock_state = models.CharField(max_length=16, choices=ClockState.choices, default=ClockState.NOT_STARTED)
    time_called_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Pod(models.Model):
    """A multiplayer table of one round (TR&P 9.3): its seats in order (neighbours left and right)
    and its result, finishing places reported by a player and confirmed by the others, or entered
    by staff. A pod of one is a bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pods")
    number = models.PositiveIntegerField(help_text=gettext_lazy("Table number."))
    report_status = models.CharField(max_length=16, default="", blank=True)  # "", "reported", "confirmed"
    reported_by = models.ForeignKey(
        "Registration", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="pod_unique_number")]

    def __str__(self) -> str:
        return f"pod {self.number} of {self.round}"


class PodSeat(models.Model):
    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey("Registration", on_delete=models.PROTECT, related_name="pod_seats")
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    confirmed = models.BooleanField(default=False)

    class Meta:
        ordering = ["pod", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "seat"], name="podseat_unique_seat"),
            models.UniqueConstraint(fields=["pod", "registration"], name="podseat_unique_player"),
        ]


class Match(models.Model):
    """One pairing of a round; ``player_b`` is empty for a bye. ``version`` guards concurrent writes."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table_number = models.PositiveIntegerField(null=True, blank=True)
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="matches_as_a")
    player_b = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="matches_as_b", null=True, blank=True
    )
    result = models.CharField(
        max_length=16, choices=MatchResult.choices, default=MatchResult.PENDING, blank=True
    )
    result_kind = models.CharField(max_length=20, choices=ResultKind.choices, blank=True)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    extension_seconds = models.PositiveIntegerField(default=0)
    report_status = models.CharField(
        max_length=16, choices=ReportStatus.choices, default=ReportStatus.NONE, blank=True
    )
    reported_by = models.ForeignKey(
        Registration, on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Top cut: the seeds (Swiss standing) of each side, used by TR&P 3.4 step 5.
    seed_a = models.PositiveSmallIntegerField(null=True, blank=True)
    seed_b = models.PositiveSmallIntegerField(null=True, blank=True)
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "table_number", "id"]
        verbose_name_plural = gettext_lazy("matches")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table_number"],
                condition=models.Q(table_number__isnull=False),
                name="match_unique_table",
            ),
        ]
        indexes = [models.Index(fields=["round", "result"])]

    def __str__(self) -> str:
        b = self.player_b.player.display_name if self.player_b is not None else "BYE"
        return f"R{self.round.number} T{self.table_number}: {self.player_a.player.display_name} v {b}"

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    @property
    def is_complete(self) -> bool:
        return self.result != MatchResult.PENDING


class MatchReport(models.Model):
    """A player's report of a match result (one reports, the opponent confirms)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    result = models.CharField(max_length=16, choices=MatchResult.choices)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "registration"], name="matchreport_one_per_player")
        ]

    def __str__(self) -> str:
        return f"report {self.result} on {self.match_id} by {self.registration_id}"


class MatchExtension(models.Model):
    """A per-match time extension with reason and issuing official (TR&P 3.2)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="extensions")
    seconds = models.PositiveIntegerField()
    reason = models.CharField(max_length=200)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at"]

    def __str__(self) -> str:
        return f"+{self.seconds}s on match {self.match_id}: {self.reason}"


class TeamInvitation(models.Model):
    """One seat of a team a player is forming for a team event (TR&P 9.2).

    A player who registers a team names their teammates by player ID; each teammate is
    invited and the team is registered only once all three have accepted. The ID is kept as
    typed and is never looked up when the invitation is made, so the answer to the player who
    makes it is the same whether the ID belongs to anyone or not; only the player whose profile
    has that ID sees the invitation.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="team_invitations")
    team_name = models.CharField(max_length=120)
    position = models.CharField(max_length=1)
    player_id = models.CharField(gettext_lazy("invited player ID"), max_length=32)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        max_length=12, choices=TeamInvitationStatus.choices, default=TeamInvitationStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    responded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "team_name", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "team_name", "position"],
                condition=models.Q(status__in=["pending", "accepted"]),
                name="team_invitation_one_open_seat",
            )
        ]
        indexes = [models.Index(fields=["player_id", "status"])]

    def __str__(self) -> str:
        return f"{self.team_name} {self.position} at {self.event} ({self.get_status_display()})"
