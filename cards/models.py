"""Card-data releases and the cards stored for each release.

A release is one import of one source at one version (e.g. fabrary-cards@3.8.6);
its cards never change afterwards, so an event can pin the release it uses and
validation results stay reproducible. One release per game is active (the default
for new events).
"""

from django.db import models
from django.utils import timezone

from .enums import CardGame, CardSource


class CardDataRelease(models.Model):
    game = models.CharField(max_length=8, choices=CardGame.choices, default=CardGame.FAB)
    source = models.CharField(max_length=32, choices=CardSource.choices)
    version = models.CharField(max_length=100)
    imported_at = models.DateTimeField(default=timezone.now)
    is_active = models.BooleanField(default=False)
    card_count = models.PositiveIntegerField(default=0)
    files = models.JSONField(default=list, blank=True, help_text="Source files the release was read from.")
    notes = models.TextField(blank=True)

    class Meta:
        ordering = ["game", "-imported_at"]
        constraints = [
            models.UniqueConstraint(fields=["source", "version"], name="card_release_source_version_unique"),
            models.UniqueConstraint(
                fields=["game"], condition=models.Q(is_active=True), name="card_release_one_active_per_game"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """ "fabrary-cards@3.8.6": the data version recorded with validation results."""
        return f"{self.source}@{self.version}"


class CardRecord(models.Model):
    """One unique card of a release: indexed columns for search, the full card in ``data``.

    ``data`` is rules_engine.cards.Card.to_dict(); the *_text columns hold
    "|value|value|" lists (lower case) so search works the same on SQLite and PostgreSQL.
    """

    release = models.ForeignKey(CardDataRelease, on_delete=models.CASCADE, related_name="cards")
    identifier = models.CharField(max_length=200)
    name = models.CharField(max_length=200)
    name_key = models.CharField(max_length=200, help_text="Normalised name (case, quotes, spaces).")
    pitch = models.SmallIntegerField(null=True, blank=True)
    type_text = models.CharField(max_length=200, blank=True)
    types_text = models.CharField(max_length=300, blank=True)
    classes_text = models.CharField(max_length=300, blank=True)
    talents_text = models.CharField(max_length=300, blank=True)
    formats_text = models.CharField(max_length=300, blank=True)
    data = models.JSONField()

    class Meta:
        ordering = ["name_key", "pitch"]
        constraints = [
            models.UniqueConstraint(
                fields=["release", "identifier"], name="card_record_release_identifier_unique"
            ),
        ]
        indexes = [models.Index(fields=["release", "name_key", "pitch"], name="card_record_name_idx")]

    def __str__(self) -> str:
        colour = {1: "red", 2: "yellow", 3: "blue"}.get(self.pitch)
        return f"{self.name} ({colour})" if colour else self.name
