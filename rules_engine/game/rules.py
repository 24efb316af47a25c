"""Rule numbers the engine cites, per Comprehensive Rules edition, and the findings it reports.

Every number here must exist in the imported CR text of its edition (a test parses both seed files).
The engine looks rules up by a short key so that one check cites the right number in each edition:
the older edition has a separate Link Step (its 7.7) and a Close Step numbered 7.8, no priority in
the Damage Step (its 7.5.1), and lettering 4.4.3d/4.4.3e where 2.13.0 has 4.4.3e/4.4.3f.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.wording import Phrase

VERSIONS: tuple[str, ...] = ("2.13.0", "older")

#: key -> rule numbers in CR 2.13.0.
RULES_2_13: dict[str, tuple[str, ...]] = {
    "sharpen": ("8.5.58",),
    "reverse": ("1.10.3",),
    "priority": ("1.11.1", "1.11.2", "1.11.5"),
    "pass": ("1.11.4", "1.11.4a"),
    "no_priority_phase": ("1.11.3",),
    "pitch_no_cost": ("1.14.3b", "1.14.2d"),
    "pitch_no_property": ("1.14.3a",),
    "not_enough_resources": ("5.1.7a", "1.14.2b"),
    "no_action_point": ("8.1.1c", "5.1.7a"),
    "action_stack_not_empty": ("8.1.1a",),
    "action_during_combat": ("8.1.1b", "7.0.1a"),
    "not_turn_player_action": ("5.1.2b", "4.3.3"),
    "attack_reaction": ("8.1.2a", "7.4.2a"),
    "defense_reaction": ("8.1.3a", "7.4.2b"),
    "damage_type": ("8.5.3f",),
    "defense_reaction_cannot_defend": ("7.4.2c",),
    "play_zone": ("5.1.1a",),
    "defend_step": ("7.3.2", "7.3.3"),
    "defend_no_property": ("7.3.2b",),
    "defend_from": ("7.3.2a",),
    "defend_twice": ("7.3.2b",),
    "dominate": ("8.3.4", "7.3.2b"),
    "hero_no_hand_defense": ("7.3.2", "1.0.2"),
    "equip": ("8.5.41",),
    "overpower": ("8.3.22", "7.3.2b"),
    "arsenal_occupied": ("4.4.3b", "3.3.2"),
    "arsenal_not_turn_player": ("4.4.3b",),
    "arsenal_timing": ("4.4.3b",),
    "end_order": ("4.4.3",),
    "pitch_to_bottom": ("4.4.3c",),
    "lose_assets": ("4.4.3e",),
    "draw_up": ("4.4.3f",),
    "turn_ends": ("4.4.4",),
    "game_over": ("4.5.1",),
    "lose_life": ("4.5.3a", "4.5.2a"),
    "draw_game": ("4.5.4a",),
    "damage_calc": ("7.5.2",),
    "hit": ("7.5.2a", "7.5.5"),
    "damage_priority": ("7.5.3",),
    "go_again_link": ("8.3.5b", "7.6.2"),
    "go_again_card": ("8.3.5a",),
    "resolution_attack": ("7.6.3a",),
    "close": ("7.7.3", "7.7.5", "7.7.6", "7.7.7"),
    "blade_break": ("8.3.3",),
    "battleworn": ("8.3.2",),
    "temper": ("8.3.10",),
    "guardwell": ("8.3.34",),
    "piercing": ("8.3.23",),
    "boost": ("8.3.9",),
    "phantasm": ("8.3.13", "8.3.13a"),
    "spectra": ("8.3.14",),
    "arcane_barrier": ("8.3.8",),
    "spellvoid": ("8.3.15",),
    "ward": ("8.3.20",),
    "quell": ("8.3.19",),
    "arcane_shelter": ("8.3.37",),
    "ambush": ("8.3.28",),
    "ephemeral": ("8.3.21",),
    "intimidate": ("8.5.10",),
    "opt": ("8.5.22",),
    "prevention": ("6.4.10",),
    "tokens": ("8.6",),
    "runechant": ("8.6.3",),
    "spectral_shield": ("8.6.8",),
    "seismic_surge": ("8.6.2",),
    "frostbite": ("8.6.10",),
    "cost_asset_order": ("1.14.2a",),
    "trigger": ("6.6.5", "6.6.6"),
    "observation": ("1.10.3",),
    "missed_trigger": ("6.6.5", "6.6.6"),
    "manual_effect": ("6.1.1",),
    "conditional_keyword": ("1.8.4", "8.3"),
    "defend_equipment": ("1.0.2", "7.3.2"),
    "defend_only": ("1.0.2a", "7.3.2b"),
    "layer_resolve": ("5.3.1",),
    "close_no_priority": ("7.7.1",),
    "life_floor": ("2.5.3e",),
    "activate": ("5.2.2",),
    "once_per_turn": ("5.2.1a",),
    "tapped": ("8.5.55a", "1.14.4b"),
    "effect_cost": ("1.14.4b",),
    "activation_condition": ("5.2.1e",),
    "play_condition": ("1.0.2a", "5.1.2b"),
    "start_phase": ("4.2.2",),
    "action_phase_ends": ("4.3.4",),
    "draw_empty": ("8.5.6",),
    "crush": ("8.4.2",),
    "combo": ("8.4.1",),
    "attack_target": ("1.4.5", "1.4.5a", "5.1.5"),
    "damage_target": ("1.8.5d", "8.5.3"),
    "negate_target": ("8.5.26", "1.8.5d"),
    "chi_cost": ("1.14.2c", "1.14.3b"),
    "boost_no_card": ("8.3.9b", "8.3.9"),
    "blood_debt": ("8.3.11", "8.3.11a"),
    "no_priority_damage": ("1.11.3",),
    "dominate_dr": ("8.3.4b", "7.4.2c"),
    "non_turn_ap": ("1.13.2",),
    "token": (),
    "heave": ("8.3.18",),
    "fusion": ("8.3.17", "8.3.17b"),
    "crank": ("8.3.29", "8.3.29a"),
    "rune_gate": ("8.3.27", "5.1.1a"),
    "beat_chest": ("8.3.33",),
    "wager": ("8.5.46", "8.5.46a"),  # the wager's winner follows the hit (heroes_crowd)
    "clash": ("8.5.45", "8.5.45a"),  # the revealed top cards and their {p}
    "roll": ("8.5.18", "8.5.18b"),  # a die shows 1 to its number of faces
    "scrap": ("8.3.32",),
    "reload": ("8.5.23",),
    "charge": ("8.5.29",),
    "legendary": ("8.3.6",),
    "discard": ("8.5.5",),
    "no_defense_reactions": ("5.1.5", "7.4.2c"),
    "confidence": ("8.6.35", "7.3.2b"),
    "specialization": ("8.3.7",),
    "supertypes": ("1.1.3",),
    "effect_target": ("1.8.5d", "5.1.5"),
    "heave_arsenal": ("8.3.18b", "3.3.2"),
    "quell_trigger": ("8.3.19",),
    "resource_play": ("8.1.7a",),
    "no_priority_start": ("4.2.1", "1.11.3"),
    "arsenal_from_hand": ("4.4.3b",),
}

#: Older edition: the keys whose numbers differ.
RULES_OLDER_DIFF: dict[str, tuple[str, ...]] = {
    "equip": ("8.5.35",),
    # the older edition has no rules for these two tokens
    "seismic_surge": (),
    "frostbite": (),
    # nor sharpen (2.13.0 8.5.58)
    "sharpen": (),
    "pitch_no_cost": ("1.14.3b", "1.14.2c"),
    "action_during_combat": ("8.1.1b",),
    "lose_assets": ("4.4.3d",),
    "draw_up": ("4.4.3e",),
    "go_again_link": ("8.3.5b", "7.7.2"),
    "resolution_attack": ("7.7.3",),
    "close": ("7.8.3", "7.8.5", "7.8.6", "7.8.7"),
    "close_no_priority": ("7.8.1",),
    "damage_priority": ("7.5.1",),
    "arcane_shelter": ("8.3.8",),
    "guardwell": ("8.3.2",),
    "ambush": ("8.3.24",),
    "no_priority_damage": ("1.11.3", "7.5.1"),
    "hit": ("7.5.2a", "7.5.3"),
    "damage_type": ("8.3.8",),
    "attack_target": ("5.1.4b", "5.1.5"),
    "damage_target": ("1.8.4", "8.5.3"),
    "negate_target": ("8.5.26", "1.8.4"),
    "effect_target": ("1.8.4", "5.1.5"),
    "conditional_keyword": ("1.8.3", "8.3"),
    "heave_arsenal": ("8.3.18a", "3.3.2"),
    "fusion": ("8.3.17a", "8.3.17d"),
    "crank": (),  # the older edition has no crank
    "rune_gate": ("5.1.1a",),  # nor rune gate
    "beat_chest": ("1.10.3",),  # nor beat chest
    "wager": ("1.10.3",),  # nor wager, clash or rolls (its 8.5.18 is Name)
    "clash": ("1.10.3",),
    "roll": ("1.10.3",),
    "scrap": ("1.10.3",),  # nor scrap
    "reload": ("8.5.20a",),  # numbered 8.5.20 in the older edition
    "charge": (),  # nor charge
    "confidence": ("7.3.2b",),
    "dominate_dr": ("8.3.4c", "8.3.4"),
    "non_turn_ap": ("1.13.2b",),
    "chi_cost": ("1.14.3b",),
    "tapped": ("1.14.4b",),  # the older edition has no tap rule of its own
    "boost_no_card": ("8.3.9",),
    "blood_debt": ("8.3.11",),
    "crush": ("8.4.2",),
    "combo": ("8.4.1",),
}


#: The rule (section) of each fact an observation or a stat claim can name, per edition.
FACT_RULES: dict[str, dict[str, str]] = {
    "2.13.0": {
        "life": "2.5",
        "intellect": "2.4",
        "action_points": "1.13.2",
        "resource_points": "1.13.3",
        "chi_points": "1.13.5",
        "hand": "3.9",
        "hand_size": "3.9",
        "deck": "3.7",
        "deck_top": "3.7",
        "deck_bottom": "3.7",
        "arsenal": "3.3",
        "pitch_zone": "3.14",
        "graveyard": "3.8",
        "banished": "3.4",
        "equipment": "3.1",
        "head": "3.10",
        "chest": "3.5",
        "arms": "3.2",
        "legs": "3.12",
        "weapons": "3.16",
        "permanents": "3.13",
        "stack": "3.15",
        "combat_chain": "3.6",
        "pitch": "2.8",
        "defense": "2.3",
        "power": "2.9",
        "cost": "2.2",
        "type": "2.15",
        "deals": "7.5.2",
        "hits": "7.5.5",
        "gains_ap": "8.3.5b",
        "phase": "4.0",
        "turn": "4.0",
        "game": "4.5",
        "marked": "9.3",
    },
    "older": {
        "life": "2.5",
        "intellect": "2.4",
        "action_points": "1.13.2",
        "resource_points": "1.13.3",
        "chi_points": "1.13",
        "hand": "3.8",
        "hand_size": "3.8",
        "deck": "3.6",
        "deck_top": "3.6",
        "deck_bottom": "3.6",
        "arsenal": "3.2",
        "pitch_zone": "3.13",
        "graveyard": "3.7",
        "banished": "3.3",
        "equipment": "3.0",
        "head": "3.9",
        "chest": "3.4",
        "arms": "3.1",
        "legs": "3.11",
        "weapons": "3.15",
        "permanents": "3.12",
        "stack": "3.14",
        "combat_chain": "3.5",
        "pitch": "2.7",
        "defense": "2.3",
        "power": "2.8",
        "cost": "2.2",
        "type": "2.13",
        "deals": "7.5.2",
        "hits": "7.5.3",
        "gains_ap": "7.7.2",
        "phase": "4.0",
        "turn": "4.0",
        "game": "4.5",
    },
}

#: The section of each combat step, per edition (ambiguities about steps cite it).
STEP_RULES: dict[str, dict[str, str]] = {
    "2.13.0": {
        "layer": "7.1",
        "attack": "7.2",
        "defend": "7.3",
        "reaction": "7.4",
        "damage": "7.5",
        "resolution": "7.6",
        "close": "7.7",
    },
    "older": {
        "layer": "7.1",
        "attack": "7.2",
        "defend": "7.3",
        "reaction": "7.4",
        "damage": "7.5",
        "resolution": "7.6",
        "link": "7.7",
        "close": "7.8",
    },
}


def fact_rules(version: str, fact: str) -> list[str]:
    """The rule of the last known word of a dotted fact ("P2.life" -> 2.5; "Card B.pitch" -> 2.8)."""
    table = FACT_RULES.get(version, FACT_RULES["2.13.0"])
    for part in reversed(fact.split(".")):
        if part in table:
            return [table[part]]
    return []


def rules_for(version: str) -> dict[str, tuple[str, ...]]:
    if version == "older":
        merged = dict(RULES_2_13)
        merged.update(RULES_OLDER_DIFF)
        return merged
    return RULES_2_13


def cite(version: str, key: str) -> list[str]:
    return list(rules_for(version).get(key, ()))


#: Finding kinds (the judge sees these).
VIOLATION = "violation"
MISMATCH = "observation_mismatch"
MISSED_TRIGGER = "missed_trigger"
MANUAL = "manual_effect"
AMBIGUITY = "ambiguity"
UNREADABLE = "unreadable"
UNKNOWN_CARD = "unknown_card"
CANNOT_APPLY = "cannot_apply"
NOTE = "note"

KINDS: tuple[str, ...] = (
    VIOLATION,
    MISMATCH,
    MISSED_TRIGGER,
    MANUAL,
    AMBIGUITY,
    UNREADABLE,
    UNKNOWN_CARD,
    CANNOT_APPLY,
    NOTE,
)


@dataclass
class Finding:
    """One finding about one log entry (``action`` is the 1-based entry number, ``line`` its text)."""

    kind: str
    #: The English sentence; given as a ``Phrase`` it is kept in ``words`` too, so a page can say
    #: it in the reader's language (``rules_engine.wording``).
    message: str | Phrase
    rules: list[str] = field(default_factory=list)
    action: int = 0
    line: str = ""
    version: str = "2.13.0"
    data: dict[str, Any] = field(default_factory=dict)
    words: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.message, Phrase):
            self.words = self.message.to_dict()
            self.message = str(self.message)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "action": self.action,
            "rules": list(self.rules),
            "version": self.version,
            "message": self.message,
            "line": self.line,
        }
        if self.data:
            out["data"] = dict(self.data)
        if self.words:
            out["words"] = dict(self.words)
        return out


class Illegal(Exception):
    """Raised inside a step when an action is illegal; the whole entry is reversed (CR 1.10.3).
    ``phrase`` keeps the message as a phrase (``rules_engine.wording``), ``message`` its English."""

    def __init__(self, key: str, message: str | Phrase, extra: tuple[str, ...] = ()) -> None:
        super().__init__(str(message))
        self.key = key
        self.phrase = message
        self.message = str(message)
        self.extra = extra


class CannotApply(Exception):
    """Raised when a step cannot be applied to the state (a card is not where the log says)."""

    def __init__(self, message: str | Phrase) -> None:
        super().__init__(str(message))
        self.phrase = message
        self.message = str(message)
