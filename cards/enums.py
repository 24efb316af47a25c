from django.db import models
from django.utils.translation import gettext_lazy


class CardGame(models.TextChoices):
    """Same codes as tournament.enums.Game (kept here so cards depends on no other app)."""

    FAB = "fab", gettext_lazy("Flesh and Blood")
    GA = "ga", gettext_lazy("Grand Archive")


class CardSource(models.TextChoices):
    FABRARY = "fabrary-cards", gettext_lazy("@flesh-and-blood/cards (npm, fabrary)")
    FABCUBE = "fabcube", gettext_lazy("the-fab-cube flesh-and-blood-cards")
    GA_INDEX = "ga-index", gettext_lazy("Grand Archive Index JSON")
    CARDS_2026 = "cards-2026", gettext_lazy("Newer fabrary data merged by card into an older full release")
    POOL = (
        "pool",
        gettext_lazy("One card pool from every imported source, each card dated by its first release"),
    )
    OTHER = "other", gettext_lazy("Other")
