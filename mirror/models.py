"""What the mirror add-on keeps beside the tournament data: the source's own view of an event.

The event, its players, rounds and matches are ordinary ``tournament`` rows (so every judging
tool works on them); these models hold what only the source says: each import and what it
changed, the hero and country of each player, the result the source last showed for each
match (to tell what still has to be re-entered there) and the source's standings per round.
Written only by ``mirror.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournament.enums import MirrorSource


class MirrorImport(models.Model):
    """One import (or re-import) of an event from its source, with the change summary shown."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="mirror_imports")
    source = models.CharField(max_length=16, choices=MirrorSource.choices)
    files = models.JSONField(default=list, blank=True)
    changes = models.JSONField(default=list, blank=True)
    notes = models.JSONField(default=list, blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-imported_at", "-id"]

    def __str__(self) -> str:
        return f"import of {self.event} at {self.imported_at:%Y-%m-%d %H:%M}"


class SourcePlayer(models.Model):
    """A mirrored player as the source shows them: the ID there, the name, hero and country."""

    registration = models.OneToOneField(
        "tournament.Registration", on_delete=models.CASCADE, related_name="source_player"
    )
    source_id = models.CharField(max_length=64)
    name = models.CharField(max_length=200, blank=True)
    hero = models.CharField(max_length=200, blank=True)
    country = models.CharField(max_length=80, blank=True)

    class Meta:
        ordering = ["registration"]

    def __str__(self) -> str:
        return f"{self.name} ({self.source_id})"


class SourceMatch(models.Model):
    """The result the source showed for a match at the last import (``""``: not played there yet)."""

    match = models.OneToOneField("tournament.Match", on_delete=models.CASCADE, related_name="source_match")
    result = models.CharField(max_length=16, blank=True)

    def __str__(self) -> str:
        return f"source result {self.result or 'none'} of match {self.match_id}"


class SourceStanding(models.Model):
    """One row of the source's standings after a round."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="source_standings")
    round_number = models.PositiveSmallIntegerField()
    registration = models.ForeignKey("tournament.Registration", on_delete=models.CASCADE, related_name="+")
    rank = models.PositiveIntegerField()
    wins = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.FloatField(null=True, blank=True)
    omw = models.FloatField(null=True, blank=True)
    gw = models.FloatField(null=True, blank=True)
    ogw = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["event", "round_number", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round_number", "registration"], name="sourcestanding_one_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"source rank {self.rank} after round {self.round_number}"
