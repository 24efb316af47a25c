"""Judge calls, penalties and deck checks (TR&P 3.8, 3.9; PPG 1.2, 1.4).

Models hold fields and cheap properties; every write goes through ``judging.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournament.citations import is_ga

from . import catalogue
from .enums import (
    INFRACTION_CHOICES,
    CallerKind,
    CallStatus,
    DeckCheckKind,
    DeckCheckStatus,
    EffectStatus,
    PenaltyStatus,
    PenaltyType,
    ReconstructionFix,
    ReconstructionRules,
)

USER = settings.AUTH_USER_MODEL


class JudgeCall(models.Model):
    """One judge call (TR&P 3.9) with its ruling, appeal and the time it held the match."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="judge_calls")
    match = models.ForeignKey(
        "tournament.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="judge_calls"
    )
    table_number = models.PositiveIntegerField(null=True, blank=True)
    caller = models.CharField(max_length=16, choices=CallerKind.choices, default=CallerKind.PLAYER_A)
    question = models.TextField(blank=True)
    status = models.CharField(max_length=16, choices=CallStatus.choices, default=CallStatus.OPEN)
    opened_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    opened_at = models.DateTimeField()
    claimed_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    claimed_at = models.DateTimeField(null=True, blank=True)
    ruling = models.TextField(blank=True)
    citations = models.JSONField(default=list, blank=True)
    ruled_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    ruled_at = models.DateTimeField(null=True, blank=True)
    appealed_at = models.DateTimeField(null=True, blank=True)
    appealed_by = models.CharField(max_length=16, choices=CallerKind.choices, blank=True)
    appeal_judge = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    final_ruling = models.TextField(blank=True)
    final_citations = models.JSONField(default=list, blank=True)
    final_ruled_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    closed_at = models.DateTimeField(null=True, blank=True)
    duration_seconds = models.PositiveIntegerField(null=True, blank=True)
    extension_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-opened_at", "-id"]
        indexes = [models.Index(fields=["event", "status", "opened_at"])]

    def __str__(self) -> str:
        where = f"table {self.table_number}" if self.table_number else "no table"
        return f"Call #{self.pk} at {where} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("judging:call", kwargs={"slug": self.event.slug, "pk": self.pk})

    @property
    def is_open(self) -> bool:
        return self.status != CallStatus.CLOSED

    @property
    def was_appealed(self) -> bool:
        return self.appealed_at is not None


class DeckCheck(models.Model):
    """One player's deck check (TR&P 3.8; requirements DC-05)."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="deck_checks")
    round = models.ForeignKey(
        "tournament.Round", on_delete=models.SET_NULL, null=True, blank=True, related_name="deck_checks"
    )
    match = models.ForeignKey(
        "tournament.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="deck_checks"
    )
    registration = models.ForeignKey(
        "tournament.Registration", on_delete=models.CASCADE, related_name="deck_checks"
    )
    kind = models.CharField(max_length=16, choices=DeckCheckKind.choices, default=DeckCheckKind.REGULAR)
    status = models.CharField(max_length=16, choices=DeckCheckStatus.choices, default=DeckCheckStatus.PLANNED)
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    planned_reason = models.CharField(max_length=120, blank=True)
    judge = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    extension_seconds = models.PositiveIntegerField(default=0)
    #: ``[{"card", "listed", "presented"}]`` side by side.
    counts = models.JSONField(default=list, blank=True)
    checklist = models.JSONField(default=dict, blank=True)
    findings = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "-created_at", "id"]
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        return f"Deck check #{self.pk} of {self.registration_id} ({self.get_status_display()})"

    @property
    def duration_seconds(self) -> int | None:
        if self.started_at and self.ended_at:
            return int((self.ended_at - self.started_at).total_seconds())
        return None

    @property
    def mismatches(self) -> list[dict]:
        return [row for row in self.counts if row.get("listed") != row.get("presented")]


class Penalty(models.Model):
    """One infraction and the penalty issued for it (PPG 1.2, 1.4; requirements PEN-08).

    Stores the standard recommendation, the penalty applied, any deviation reason and the
    head judge who confirmed it, and what the penalty did to results.
    """

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(
        "tournament.Registration", on_delete=models.CASCADE, related_name="penalties"
    )
    match = models.ForeignKey(
        "tournament.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    call = models.ForeignKey(
        JudgeCall, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    deck_check = models.ForeignKey(
        DeckCheck, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    infraction = models.CharField(max_length=40, choices=INFRACTION_CHOICES)
    category = models.CharField(max_length=12)
    rule = models.CharField(max_length=20)
    ppg_version = models.CharField(max_length=8, default=catalogue.DEFAULT_VERSION)
    rel = models.CharField(max_length=16)
    day = models.PositiveSmallIntegerField(default=1)
    variant = models.CharField(max_length=40, blank=True)
    recommended = models.CharField(max_length=20, choices=PenaltyType.choices)
    penalty = models.CharField(max_length=20, choices=PenaltyType.choices)
    upgraded = models.BooleanField(default=False)
    explanation = models.JSONField(default=list, blank=True)
    deviation_reason = models.TextField(blank=True)
    description = models.TextField(blank=True)
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    statement = models.TextField(
        blank=True, help_text=gettext_lazy("Written statement for a Disqualification (PPG 1.4).")
    )
    simultaneous = models.BooleanField(
        default=False, help_text=gettext_lazy("Issued to every player of the match at once (PPG 1.4).")
    )
    status = models.CharField(max_length=12, choices=PenaltyStatus.choices, default=PenaltyStatus.ISSUED)
    needs_confirmation = models.BooleanField(default=False)
    effect = models.CharField(
        max_length=16, choices=EffectStatus.choices, default=EffectStatus.NONE, blank=True
    )
    issued_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, related_name="+")
    issued_at = models.DateTimeField()
    confirmed_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    rejection_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-issued_at", "-id"]
        verbose_name_plural = gettext_lazy("penalties")
        indexes = [
            models.Index(fields=["event", "registration", "infraction", "day"]),
            models.Index(fields=["event", "status"]),
        ]

    def __str__(self) -> str:
        return f"{self.get_infraction_display()}: {self.get_penalty_display()}"

    def get_absolute_url(self) -> str:
        return reverse("judging:penalty", kwargs={"slug": self.event.slug, "pk": self.pk})

    @property
    def is_deviation(self) -> bool:
        return self.penalty != self.recommended

    @property
    def infraction_entry(self) -> catalogue.Infraction:
        if is_ga(self.event):  # a Grand Archive event records GA IPG entries, not the FaB PPG's
            return catalogue.ga_infraction(self.infraction, self.ppg_version)
        return catalogue.get_infraction(self.infraction, self.ppg_version)


class Reconstruction(models.Model):
    """A judge's rebuild of one disputed game of a judge call (several per call are allowed).

    ``start`` is the agreed starting state in the engine's ``given`` vocabulary; ``lines`` holds the
    log exactly as typed, one entry per line, append-only (a rewind is a line too, so nothing is
    ever deleted). ``version`` is bumped by every change: writers send the version they read and a
    stale one is refused (optimistic concurrency). The recorded fix follows PPG 1.3 and 3.1.
    """

    call = models.ForeignKey(JudgeCall, on_delete=models.CASCADE, related_name="reconstructions")
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    title = models.CharField(max_length=120, blank=True)
    rules_version = models.CharField(
        max_length=8, choices=ReconstructionRules.choices, default=ReconstructionRules.CR_2_13_0
    )
    start = models.JSONField(default=dict, blank=True)
    lines = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=1)
    fix = models.CharField(max_length=12, choices=ReconstructionFix.choices, blank=True)
    fix_step = models.PositiveIntegerField(null=True, blank=True)
    fix_note = models.TextField(blank=True)
    #: The backup report and findings the fix was recorded with (what the judge saw).
    fix_report = models.JSONField(default=dict, blank=True)
    fixed_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    fixed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["call", "created_at", "id"]

    def __str__(self) -> str:
        game = f" game {self.game_number}" if self.game_number else ""
        return f"Reconstruction #{self.pk} of call #{self.call_id}{game}"

    def get_absolute_url(self) -> str:
        return reverse("judging:reconstruction", kwargs={"slug": self.call.event.slug, "pk": self.pk})


class FloorZone(models.Model):
    """A section of the hall a floor judge watches (issue 30): table ranges, optionally the
    event's feature tables, and the judges assigned to it (TR&P 2.1: the head judge directs the
    floor). ``tables`` holds ``[first, last]`` pairs, kept sorted; zones of an event never share a
    table (``judging.floor.save_zone`` checks)."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="floor_zones")
    name = models.CharField(max_length=60)
    tables = models.JSONField(default=list, blank=True)
    feature = models.BooleanField(
        default=False, help_text=gettext_lazy("Includes the event's feature tables.")
    )
    judges: models.ManyToManyField = models.ManyToManyField(USER, blank=True, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "name", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="floor_zone_unique_name")]

    def __str__(self) -> str:
        return self.name

    def holds(self, table_number: int | None, feature_tables: frozenset[int] = frozenset()) -> bool:
        if table_number is None:
            return False
        if self.feature and table_number in feature_tables:
            return True
        return any(lo <= table_number <= hi for lo, hi in self.tables)
