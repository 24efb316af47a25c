"""GA Comprehensive Rules numbers the GA engine cites, by a short key.

Numbers follow the project's GA citation style ("GA 2.3.c.1", requirements 0.1): section
``2.3.c``, item ``1``, sub-item letters and roman numerals appended as the reference app parses them.
Every number here must exist in the imported GA CR text (a test parses the seed file).
Findings reuse :class:`rules_engine.game.rules.Finding` with ``version`` set to :data:`VERSION`.
"""

from __future__ import annotations

from rules_engine.game.rules import (
    AMBIGUITY,
    CANNOT_APPLY,
    MANUAL,
    MISMATCH,
    NOTE,
    UNKNOWN_CARD,
    UNREADABLE,
    VIOLATION,
    Finding,
)
from rules_engine.wording import Phrase

__all__ = [
    "AMBIGUITY",
    "CANNOT_APPLY",
    "MANUAL",
    "MISMATCH",
    "NOTE",
    "RULES",
    "UNKNOWN_CARD",
    "UNREADABLE",
    "VERSION",
    "VIOLATION",
    "Finding",
    "GAIllegal",
    "rule",
]

#: The GA CR edition in the shared documents.
VERSION = "ga-2023-04-03"

RULES: dict[str, tuple[str, ...]] = {
    # timing (2.8)
    "slow_not_turn_player": ("2.8.a.2b", "2.2.e.4"),
    "slow_stack_not_empty": ("2.8.a.2a",),
    "slow_not_main": ("2.8.a.2a", "2.2.e.2"),
    "pass_resolve": ("2.8.b.1e",),
    "stack_order": ("2.1.i.1",),
    # playing cards (2.3)
    "hand_only": ("2.3.a.10", "2.1.h.3"),
    "element": ("2.3.a.3", "1.6.d.2"),
    "element_materialize": ("2.3.b.3", "1.6.d.2"),
    "public_counts": ("2.1.a.7",),
    "revert": ("2.3.a.7", "2.3.a.8"),
    "reserve_cost": ("2.3.c.1", "2.3.a.8"),
    "memory_cost": ("2.3.c.2", "2.3.a.8"),
    "no_cost": ("2.3.c.4",),
    "reserved_stay": ("2.3.c.1d",),
    "random_memory": ("2.3.c.2a", "2.12.d.2"),
    "efficiency": ("X.A.5a",),
    "floating_memory": ("X.A.7b",),
    # materializing (2.2.b, 2.3.b, 1.7.a)
    "materialize_phase": ("2.2.b.3a", "2.3.b.1a"),
    "materialize_twice": ("2.3.b.1a",),
    "materialize_first_turn": ("2.2.b.1",),
    "materialize_from": ("2.2.b.3a",),
    "materialize_lv0": ("1.7.a.3",),
    "level_up": ("1.7.a.4a", "2.3.d.2a"),
    "level_up_wakes": ("1.7.a.4c", "1.7.a.4c.i"),
    "champion_element": ("1.7.a.4b",),
    "lineage_keyword": ("X.A.11a",),
    "reserve_materialize": ("2.3.b.4a",),
    # objects
    "ally_enters_awake": ("1.7.b.3",),
    "weapon_durability_enters": ("1.7.f.4a",),
    "action_to_graveyard": ("1.7.c.5",),
    "fizzle": ("2.3.d.4b", "2.3.d.4b.i"),
    "unique": ("1.7.h.2", "2.12.h.5"),
    "regalia_banished": ("1.7.h.3c",),
    # attacking (2.6, 2.2.g)
    "attack_not_main": ("2.6.1b",),
    "attack_rested": ("2.6.1a", "2.6.1d", "1.7.b.4"),
    "attack_power": ("2.6.1c", "2.9.7"),
    "champion_no_power": ("1.7.a.8a",),
    "ally_weapon": ("1.7.f.3a",),
    "attack_own": ("2.6.11",),
    "attack_card_intent": ("1.7.d.5", "2.6.3"),
    "attack_card_rests": ("1.7.d.2",),
    "stealth": ("X.A.22a",),
    "intercept": ("X.A.10a", "X.A.10b"),
    "retaliate": ("2.2.g.i.2",),
    "retaliate_rested": ("X.B.30a.i", "2.2.g.i.2", "1.7.b.5"),
    "retaliate_power": ("2.2.g.i.2b",),
    "retaliate_not_defending": ("2.2.g.i.2", "X.B.30a"),
    "damage_step": ("2.2.g.ii.2",),
    "durability": ("1.7.f.4c", "2.2.g.ii.2e.ii"),
    "end_of_combat": ("2.2.g.iii.1a",),
    # damage and state-based effects (2.9, 2.12.h)
    "hit": ("2.9.10",),
    "ally_dies": ("1.7.b.6", "2.12.h.3"),
    "weapon_destroyed": ("1.7.f.4d", "2.12.h.4"),
    "champion_defeated": ("1.4.3a", "2.9.14"),
    "deck_out": ("1.4.3c", "2.10.6"),
    "concede": ("2.12.c.1a",),
    # turn (2.2)
    "wake_up": ("2.2.a.1",),
    "recollection": ("2.2.c.2",),
    "draw_phase": ("2.2.d.1",),
    "end_phase": ("2.2.f.4a", "2.9.13"),
    "vigor": ("X.A.24a",),
    # counters (2.11)
    "buff": ("2.11.6a.i",),
    "level_counter": ("2.11.6e.i",),
    "enlighten": ("2.11.6d.i",),
    "recover": ("X.B.29a",),
    # the judge's part
    "manual": ("2.12.i.2",),
    "obedience": ("X.B.24a",),
    "rest_cost": ("X.B.3b", "X.B.32b"),
    "multiplayer": ("1.2.4",),
}


def rule(key: str) -> list[str]:
    """The GA CR numbers cited for ``key``."""
    return list(RULES[key])


class GAIllegal(Exception):
    """An illegal player action: the whole action is reverted (GA 2.3.a.7, 2.3.a.8)."""

    def __init__(self, key: str, message: str | Phrase) -> None:
        super().__init__(str(message))
        self.key = key
        self.phrase = message
        self.message = str(message)
