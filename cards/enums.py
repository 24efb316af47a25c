from django.db import models


class CardGame(models.TextChoices):
    """Same codes as tournament.enums.Game (kept here so cards depends on no other app)."""

    FAB = "fab", "Flesh and Blood"
    GA = "ga", "Grand Archive"


class CardSource(models.TextChoices):
    FABRARY = "fabrary-cards", "@flesh-and-blood/cards (npm, fabrary)"
    FABCUBE = "fabcube", "the-fab-cube flesh-and-blood-cards"
    GA_INDEX = "ga-index", "Grand Archive Index JSON"
    CARDS_2026 = "cards-2026", "Newer fabrary data merged by card into an older full release"
    POOL = "pool", "One card pool from every imported source, each card dated by its first release"
    OTHER = "other", "Other"
