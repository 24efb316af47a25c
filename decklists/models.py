"""Card-pool registrations (decklists), per-event decklist policy and background jobs.

TR&P 3.7 and Appendix E: what a list records and when; TR&P 8.1-8.2: limited pools.
The raw text is kept exactly as entered; the parsed cards, unreadable lines and the
legality findings are stored beside it as JSON so re-validation needs no joins.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .enums import DecklistKind, DecklistSource, DecklistStatus

PITCH_COLOURS = {1: "red", 2: "yellow", 3: "blue"}


def card_display(name: str, pitch: int | None) -> str:
    """ "Snatch (red)"; the plain name for a card without pitch."""
    colour = PITCH_COLOURS.get(pitch) if pitch is not None else None
    return f"{name} ({colour})" if colour else name


class Decklist(models.Model):
    """One card-pool registration of one registration (at most one per kind).

    ``cards`` holds ``{"name", "pitch", "qty", "section"}`` dicts; sections are
    "hero", "arena", "deck" (FaB) or "champion", "material", "main", "sideboard" (GA).
    ``problems`` holds the lines that could not be read (line, text, reason, suggestions);
    ``findings`` the legality findings of the last validation.
    """

    registration = models.ForeignKey(
        "tournament.Registration", on_delete=models.CASCADE, related_name="decklists"
    )
    kind = models.CharField(max_length=16, choices=DecklistKind.choices, default=DecklistKind.CONSTRUCTED)
    status = models.CharField(max_length=16, choices=DecklistStatus.choices, default=DecklistStatus.DRAFT)
    source = models.CharField(max_length=16, choices=DecklistSource.choices, default=DecklistSource.TEXT)
    raw_text = models.TextField(blank=True)
    hero = models.CharField(max_length=200, blank=True)
    cards = models.JSONField(default=list, blank=True)
    problems = models.JSONField(default=list, blank=True)
    findings = models.JSONField(default=list, blank=True)
    is_legal = models.BooleanField(null=True, blank=True)
    data_version = models.CharField(max_length=120, blank=True)
    # What the last validation rested on: the card-data release and why, dated statuses of
    # listed cards that were not in effect on the event date (info findings, never errors).
    basis = models.JSONField(default=list, blank=True)
    validated_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    is_late = models.BooleanField(default=False)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    locked_at = models.DateTimeField(null=True, blank=True)
    exception_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    exception_reason = models.TextField(blank=True)
    exception_at = models.DateTimeField(null=True, blank=True)
    # TR&P 8.1.1 / 8.2.2: the "player registering pool" may differ from the player using it.
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # TR&P 8.1.1 "Validate": corrections to a pool sheet need a judge's sign-off.
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    signed_off_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["registration_id", "kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "kind"], name="decklist_one_per_registration_kind"
            )
        ]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({self.status})"

    @property
    def card_total(self) -> int:
        return sum(int(c.get("qty", 0)) for c in self.cards)

    @property
    def error_count(self) -> int:
        return len(self.problems) + sum(1 for f in self.findings if f.get("severity") == "error")

    @property
    def has_exception(self) -> bool:
        return self.exception_by_id is not None


class DecklistPolicy(models.Model):
    """Per-event decklist settings (TR&P 3.7): deadline and publication after the event."""

    event = models.OneToOneField("tournament.Event", on_delete=models.CASCADE, related_name="decklist_policy")
    # The organizer's time; if empty the TR&P 3.7 default applies (round 1 / end of construction).
    deadline = models.DateTimeField(null=True, blank=True)
    construction_ends_at = models.DateTimeField(null=True, blank=True)
    # TR&P 8.1, 8.2: the set(s) a limited event uses (printing prefixes such as "HNT, MST").
    limited_sets = models.CharField(max_length=100, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"Decklist policy for event {self.event_id}"

    @property
    def set_codes(self) -> frozenset[str]:
        return frozenset(
            code.strip().upper() for code in self.limited_sets.replace(";", ",").split(",") if code.strip()
        )
