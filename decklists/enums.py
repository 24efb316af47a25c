"""Choices for card-pool registration (TR&P 3.7, Appendix E). Layer 0."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class DecklistKind(models.TextChoices):
    """What a registration records.

    CONSTRUCTED: a constructed decklist (TR&P App E). POOL: a limited card-pool
    registration sheet (TR&P 8.1.1, 8.2.2). DECK: the limited deck chosen from the pool
    (hero + the cards played, a subset of the pool; TR&P 8.1, 8.2).
    """

    CONSTRUCTED = "constructed", gettext_lazy("Constructed decklist")
    POOL = "pool", gettext_lazy("Limited pool registration")
    DECK = "deck", gettext_lazy("Limited deck")


class DecklistStatus(models.TextChoices):
    """Lifecycle, TR&P 3.7: a list is altered by the player only until it is accepted."""

    DRAFT = "draft", gettext_lazy("Draft")
    SUBMITTED = "submitted", gettext_lazy("Submitted")
    ACCEPTED = "accepted", gettext_lazy("Accepted")
    LOCKED = "locked", gettext_lazy("Locked")


class DecklistSource(models.TextChoices):
    FORM = "form", gettext_lazy("Card form")
    TEXT = "text", gettext_lazy("Pasted text")
    FILE = "file", gettext_lazy("Uploaded file")
    API = "api", gettext_lazy("API")
    JUDGE_FIX = "judge_fix", gettext_lazy("Head judge correction")
    DEMO = "demo", gettext_lazy("Demo data")


class JobKind(models.TextChoices):
    RENDER = "render", gettext_lazy("Combined decklist PDF")
    REVALIDATE = "revalidate", gettext_lazy("Re-validation")


#: Statuses in which the player may still change the list (TR&P 3.7).
PLAYER_EDITABLE = frozenset({DecklistStatus.DRAFT, DecklistStatus.SUBMITTED})
#: Statuses after acceptance: only the head judge changes the list (PPG 4.4).
FROZEN = frozenset({DecklistStatus.ACCEPTED, DecklistStatus.LOCKED})
