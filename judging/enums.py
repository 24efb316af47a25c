"""Choices for the judging models. Penalty and infraction values come from the pure catalogue."""

from __future__ import annotations

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from . import catalogue

#: A label: text, or text translated when shown.
StrOrPromise = str | Promise


class PenaltyType(models.TextChoices):
    """PPG 1.4, in ascending severity."""

    CAUTION = catalogue.CAUTION, gettext_lazy("Caution")
    WARNING = catalogue.WARNING, gettext_lazy("Warning")
    IP2 = catalogue.IP2, gettext_lazy("Intellect Penalty (IP2)")
    IP3 = catalogue.IP3, gettext_lazy("Intellect Penalty (IP3)")
    GAME_LOSS = catalogue.GAME_LOSS, gettext_lazy("Game Loss")
    MATCH_LOSS = catalogue.MATCH_LOSS, gettext_lazy("Match Loss")
    DISQUALIFICATION = catalogue.DISQUALIFICATION, gettext_lazy("Disqualification")


class InfractionCategory(models.TextChoices):
    """PPG 1.1."""

    GAMEPLAY = catalogue.GAMEPLAY, gettext_lazy("Gameplay")
    TOURNAMENT = catalogue.TOURNAMENT, gettext_lazy("Tournament")
    CONDUCT = catalogue.CONDUCT, gettext_lazy("Conduct")


INFRACTION_CHOICES = catalogue.infraction_choices()


class PenaltyStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Awaiting head-judge confirmation")
    ISSUED = "issued", gettext_lazy("Issued")
    REJECTED = "rejected", gettext_lazy("Rejected by the head judge")


class EffectStatus(models.TextChoices):
    """What the penalty did to the match, the registration or the game (PPG 1.4)."""

    NONE = "", gettext_lazy("Recorded only")
    WAITING = "waiting", gettext_lazy("Waits for head-judge confirmation")
    APPLIED = "applied", gettext_lazy("Applied")
    NEXT_MATCH = "next_match", gettext_lazy("Applies to the player's next match")
    GAME_RECORD = "game_record", gettext_lazy("Recorded against the game")
    NO_EFFECT = "no_effect", gettext_lazy("Simultaneous: recorded, no game effect")


class CallStatus(models.TextChoices):
    """TR&P 3.9: open, claimed by a judge, ruled, under appeal, closed."""

    OPEN = "open", gettext_lazy("Open")
    CLAIMED = "claimed", gettext_lazy("Claimed")
    RULED = "ruled", gettext_lazy("Ruled")
    APPEALED = "appealed", gettext_lazy("Appealed to the head judge")
    CLOSED = "closed", gettext_lazy("Closed")


OPEN_CALL_STATUSES = (CallStatus.OPEN, CallStatus.CLAIMED, CallStatus.RULED, CallStatus.APPEALED)


class CallerKind(models.TextChoices):
    """TR&P 3.9: who raised the call (spectators may only bring it to a judge's attention)."""

    PLAYER_A = "player_a", gettext_lazy("Player A")
    PLAYER_B = "player_b", gettext_lazy("Player B")
    OFFICIAL = "official", gettext_lazy("Official on the players' behalf")
    SPECTATOR = "spectator", gettext_lazy("Spectator (brought to a judge's attention)")


class DeckCheckKind(models.TextChoices):
    """TR&P 3.8."""

    REGULAR = "regular", gettext_lazy("Regular (before the opening hand)")
    MID_GAME = "mid_game", gettext_lazy("Non-regular, mid-game")
    BETWEEN_ROUNDS = "between_rounds", gettext_lazy("Non-regular, between rounds")


class DeckCheckStatus(models.TextChoices):
    PLANNED = "planned", gettext_lazy("Planned")
    IN_PROGRESS = "in_progress", gettext_lazy("In progress")
    DONE = "done", gettext_lazy("Done")
    CANCELLED = "cancelled", gettext_lazy("Cancelled")


#: TR&P 3.8 and requirements DC-06: the checklist the judge ticks.
DECK_CHECK_ITEMS: tuple[tuple[str, StrOrPromise], ...] = (
    ("hero", gettext_lazy("Registered hero matches (PPG 4.4)")),
    (
        "counts",
        gettext_lazy(
            "Every card stored with the pool matches the list by name, pitch and quantity (PPG 4.5)"
        ),
    ),
    (
        "presented_legal",
        gettext_lazy("Presented deck is legal: size, no arena-cards in the deck, starting cards (PPG 4.6)"),
    ),
    ("not_marked", gettext_lazy("No marked cards; sleeves identical (TR&P 5.13; PPG 4.8)")),
    ("tokens", gettext_lazy("Tokens for registered token-creating cards (TR&P 4.5)")),
    ("proxies", gettext_lazy("Proxies from this head judge only; placeholders legible (TR&P 4.3, 4.4)")),
)

#: The same checks (same keys: the suggestions read them) in a Grand Archive event, worded for
#: GA's decks (main deck, material deck with the champion, sideboard) and citing GA's IPG
#: (Deck Issue, Marked Cards) and TRG (Format Conventions) as ga-organized-play.md section 6 does.
GA_DECK_CHECK_ITEMS: tuple[tuple[str, StrOrPromise], ...] = (
    ("hero", gettext_lazy("Registered champion and material deck match (GA IPG Deck Issue)")),
    (
        "counts",
        gettext_lazy(
            "Main deck, material deck and sideboard match the list by name and quantity (GA IPG Deck Issue)"
        ),
    ),
    ("presented_legal", gettext_lazy("Presented deck is legal for the format (GA TRG Format Conventions)")),
    ("not_marked", gettext_lazy("No marked cards; sleeves identical (GA IPG Marked Cards)")),
    ("tokens", gettext_lazy("No extra generated cards or stand-ins left in the deck (GA IPG Deck Issue)")),
    (
        "proxies",
        gettext_lazy("Proxies from this head judge only; placeholders legible (head judge's decision)"),
    ),
)


class ReconstructionFix(models.TextChoices):
    """The fix a judge records after a game-state reconstruction (PPG 1.3, 3.1)."""

    BACKUP = "backup", gettext_lazy("Back up to a step")
    PARTIAL = "partial", gettext_lazy("Partial fix")
    LEAVE = "leave", gettext_lazy("Leave the game state as is")


class ReconstructionRules(models.TextChoices):
    """The Comprehensive Rules edition a replay is judged by (the engine's version names)."""

    CR_2_13_0 = "2.13.0", gettext_lazy("CR 2.13.0")
    OLDER = "older", gettext_lazy("CR (older edition)")
    GA = "ga", gettext_lazy("GA Comprehensive Rules")
