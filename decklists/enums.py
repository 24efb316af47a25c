"""Choices for card-pool registration (TR&P 3.7, Appendix E). Layer 0."""

from __future__ import annotations

from django.db import models


class DecklistKind(models.TextChoices):
    """What a registration records.

    CONSTRUCTED: a constructed decklist (TR&P App E). POOL: a limited card-pool
    registration sheet (TR&P 8.1.1, 8.2.2). DECK: the limited deck chosen from the pool
    (hero + the cards played, a subset of the pool; TR&P 8.1, 8.2).
    """

    CONSTRUCTED = "constructed", "Constructed decklist"
    POOL = "pool", "Limited pool registration"
    DECK = "deck", "Limited deck"


class DecklistStatus(models.TextChoices):
    """Lifecycle, TR&P 3.7: a list is altered by the player only until it is accepted."""

    DRAFT = "draft", "Draft"
    SUBMITTED = "submitted", "Submitted"
    ACCEPTED = "accepted", "Accepted"
    LOCKED = "locked", "Locked"


class DecklistSource(models.TextChoices):
    FORM = "form", "Card form"
    TEXT = "text", "Pasted text"
    FILE = "file", "Uploaded file"
    API = "api", "API"
    JUDGE_FIX = "judge_fix", "Head judge correction"
    DEMO = "demo", "Demo data"


class JobKind(models.TextChoices):
    RENDER = "render", "Combined decklist PDF"
    REVALIDATE = "revalidate", "Re-validation"


#: Statuses in which the player may still change the list (TR&P 3.7).
PLAYER_EDITABLE = frozenset({DecklistStatus.DRAFT, DecklistStatus.SUBMITTED})
#: Statuses after acceptance: only the head judge changes the list (PPG 4.4).
FROZEN = frozenset({DecklistStatus.ACCEPTED, DecklistStatus.LOCKED})
