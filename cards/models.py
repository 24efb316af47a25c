"""Card-data releases and the cards stored for each release.

A release is one import of one source at one version (e.g. fabrary-cards@3.8.6);
its cards never change afterwards, so an event can pin the release it uses and
validation results stay reproducible. One release per game is active (the default
for new events).
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from .enums import CardGame, CardSource


class CardDataRelease(models.Model):
    game = models.CharField(max_length=8, choices=CardGame.choices, default=CardGame.FAB)
    source = models.CharField(max_length=32, choices=CardSource.choices)
    version = models.CharField(max_length=100)
    imported_at = models.DateTimeField(default=timezone.now)
    is_active = models.BooleanField(default=False)
    card_count = models.PositiveIntegerField(default=0)
    files = models.JSONField(
        default=list, blank=True, help_text=gettext_lazy("Source files the release was read from.")
    )
    notes = models.TextField(blank=True)
    published_on = models.DateField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "The date the data is current to (package publication, newest dated change). "
            "Statuses the source states without dates apply from this date, never before."
        ),
    )

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

    @property
    def current_from(self):
        """``published_on``, else the import date."""
        return self.published_on or self.imported_at.date()


class CardRecord(models.Model):
    """One unique card of a release: indexed columns for search, the full card in ``data``.

    ``data`` is rules_engine.cards.Card.to_dict(); the *_text columns hold
    "|value|value|" lists (lower case) so search works the same on SQLite and PostgreSQL.
    """

    release = models.ForeignKey(CardDataRelease, on_delete=models.CASCADE, related_name="cards")
    identifier = models.CharField(max_length=200)
    name = models.CharField(max_length=200)
    name_key = models.CharField(
        max_length=200, help_text=gettext_lazy("Normalised name (case, quotes, spaces).")
    )
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
        colour = {1: "red", 2: "yellow", 3: "blue"}.get(self.pitch or 0)
        return f"{self.name} ({colour})" if colour else self.name


class RecordedStatus(models.Model):
    """A ban, suspension, restriction or living-legend status announced after the newest card
    data, recorded by an organizer or head judge (TR&P 7: the Card Legality Policy).

    Applied from ``effective_from`` (until ``effective_until``, exclusive) to every release of
    the game, and superseded as soon as a data release states the same status itself.
    Changed only through ``cards.services`` (audited).
    """

    STATUS_CHOICES = [
        ("banned", gettext_lazy("Banned")),
        ("suspended", gettext_lazy("Suspended")),
        ("restricted", gettext_lazy("Restricted")),
        ("living_legend", gettext_lazy("Living legend")),
        ("lifted", gettext_lazy("Lifted (ends a ban or suspension the data has open)")),
    ]

    game = models.CharField(max_length=8, choices=CardGame.choices, default=CardGame.FAB)
    card_name = models.CharField(max_length=200)
    pitch = models.SmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("Empty: every pitch of the name.")
    )
    format = models.CharField(
        max_length=32, help_text=gettext_lazy("Format code, e.g. cc, blitz, sage, ll, ga-standard.")
    )
    status = models.CharField(max_length=16, choices=STATUS_CHOICES)
    effective_from = models.DateField()
    effective_until = models.DateField(
        null=True, blank=True, help_text=gettext_lazy("Empty: still in effect.")
    )
    source_url = models.URLField(max_length=500, help_text=gettext_lazy("The announcement."))
    note = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "card_name", "format", "effective_from"]

    def __str__(self) -> str:
        colour = {1: " (red)", 2: " (yellow)", 3: " (blue)"}.get(self.pitch or 0, "")
        return f"{self.card_name}{colour}: {self.status} in {self.format} from {self.effective_from}"


class FormatRuleChange(models.Model):
    """A dated change of a format's rules (``rules_engine.format_timeline.FormatChange``) recorded
    by an official: the rule values it sets from ``effective_from`` (pool and deck sizes, copy
    limit, hero age, rarity rule, lists, retired), the source, and whether it is confirmed.

    Added to the timeline the project ships; an entry of the same format and date replaces the
    shipped one (so an official confirms or corrects it). An unconfirmed change is listed beside
    verdicts and never applied. Withdrawn, never deleted.
    """

    format = models.CharField(
        max_length=32, help_text=gettext_lazy("Format code, e.g. blitz, sage, cc, commoner.")
    )
    effective_from = models.DateField()
    changes = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy(
            'Rule values from this date, e.g. {"deck_min": 40, "retired": true}; empty: a note only.'
        ),
    )
    source = models.CharField(
        max_length=500, help_text=gettext_lazy("The announcement or document that states the change.")
    )
    confirmed = models.BooleanField(
        default=False, help_text=gettext_lazy("Only confirmed changes are applied.")
    )
    note = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["format", "effective_from"]

    def __str__(self) -> str:
        return f"{self.format} from {self.effective_from}: {self.changes or self.note}"
