"""Tournament formats as data (TR&P 2025 ch. 7-9 and App F; TR&P'23 ch. 7-8; GA 1.5).

A ``Format`` describes what a card-pool needs for one format: the hero rule,
the pool and deck bounds, copy limits, the rarity rule, which banned /
suspended / restricted lists apply, and the rule citations the legality checker
quotes in its findings. Nothing here looks at cards; ``rules_engine.legality``
applies these numbers.

Rules editions (requirements Appendix A 14, section 11):

* ``"2025"``: TR&P 2025-01-31 with CR 2.13.0. Legendary restricts constructed
  decks only (CR 8.3.6), Blitz has a combined maximum of 52, limited decks are
  exactly 30 cards.
* ``"2023"``: TR&P 2023-03-31 with the older CR. Legendary also restricts the
  starting deck in limited (CR-old 8.3.6a), a Blitz pool is exactly 11
  arena-cards and 40 deck-cards (TR&P'23 7.2), limited decks have a minimum of
  30 and no maximum (TR&P'23 8).

Silver Age is not in the supplied TR&P (it replaced Blitz later in 2025). Its
numbers (young heroes, cards ever printed at Basic, Token, Common or Rare
rarity, pool of at most 55, exactly 40 in the deck, 2 copies) come from the
issue and agree with the card data: every card fabrary lists as legal in
"Silver Age" has such a printing, and no card without one is legal there.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from typing import Any

EDITIONS = ("2025", "2023")
DEFAULT_EDITION = "2025"

CONSTRUCTED = "constructed"
LIMITED = "limited"
SPECIAL = "special"

YOUNG = "young"
ADULT = "adult"

# Rarity names as the card data spells them.
COMMONER_COMMON_RARITIES = frozenset({"Token", "Common", "Basic"})
COMMONER_RARE_RARITIES = frozenset({"Rare"})
SILVER_AGE_RARITIES = frozenset({"Basic", "Token", "Common", "Rare"})


@dataclass(frozen=True)
class Format:
    """One format's construction rules.

    ``pool_max`` counts arena-cards and deck-cards together, the hero excluded
    (CR 1.1.3, CR 8.1.5b). ``deck_min``/``deck_max`` bound the starting deck
    (equal values mean "exactly"). ``copy_limit`` is per unique card, i.e. per
    (name, pitch) in FaB (CR 1.3.4) and per name in GA; ``None`` is unlimited.
    """

    code: str
    name: str
    game: str = "fab"
    kind: str = CONSTRUCTED
    hero: str | None = ADULT
    pool_max: int | None = None
    arena_exact: int | None = None
    deck_min: int | None = None
    deck_max: int | None = None
    copy_limit: int | None = None
    rarity_rule: str | None = None
    legality_lists: tuple[str, ...] = ()
    living_legend_heroes_legal: bool = False
    living_legend_weapons_legal: bool = True
    fixed_list: tuple[tuple[str, int | None, int], ...] | None = None
    team: bool = False
    # Grand Archive
    material_max: int | None = None
    material_copy_limit: int | None = None
    needs_level0_champion: bool = False
    material_min: int | None = None
    sideboard_allowed: bool = True
    sideboard_max: int | None = None
    sideboard_points_max: int | None = None
    edition: str = DEFAULT_EDITION
    #: The format is no longer sanctioned (``rules_engine.format_timeline``); lists are still
    #: checked, with a warning.
    retired: bool = False
    #: Heroes (full names) a dated format change benches or admits (``rules_engine.format_timeline``):
    #: ``heroes_benched`` may not be played; ``heroes_allowed``, when set, are the only heroes allowed.
    heroes_benched: tuple[str, ...] = ()
    heroes_allowed: tuple[str, ...] | None = None
    rules: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_limited(self) -> bool:
        return self.kind == LIMITED

    @property
    def is_constructed(self) -> bool:
        return self.kind == CONSTRUCTED

    @property
    def legendary_applies(self) -> bool:
        """CR 8.3.6: Legendary limits the constructed deck; CR-old 8.3.6a also the limited starting deck."""
        if self.game != "fab":
            return False
        if self.kind == LIMITED:
            return self.edition == "2023"
        return True

    def rule(self, topic: str) -> str:
        """The citation for ``topic`` (``"hero"``, ``"size"``, ``"copies"``, ...)."""
        return self.rules.get(topic) or self.rules.get("format", "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "game": self.game,
            "kind": self.kind,
            "hero": self.hero,
            "pool_max": self.pool_max,
            "arena_exact": self.arena_exact,
            "deck_min": self.deck_min,
            "deck_max": self.deck_max,
            "copy_limit": self.copy_limit,
            "rarity_rule": self.rarity_rule,
            "legality_lists": list(self.legality_lists),
            "living_legend_heroes_legal": self.living_legend_heroes_legal,
            "living_legend_weapons_legal": self.living_legend_weapons_legal,
            "material_max": self.material_max,
            "material_copy_limit": self.material_copy_limit,
            "material_min": self.material_min,
            "sideboard_allowed": self.sideboard_allowed,
            "sideboard_max": self.sideboard_max,
            "sideboard_points_max": self.sideboard_points_max,
            "legendary_applies": self.legendary_applies,
            "edition": self.edition,
            "retired": self.retired,
            "heroes_benched": list(self.heroes_benched),
            "heroes_allowed": None if self.heroes_allowed is None else list(self.heroes_allowed),
            "rules": dict(self.rules),
        }


def _rules(**kw: str) -> dict[str, str]:
    return kw


IRA_LEARN_TO_PLAY = (
    # (name, pitch, quantity); TR&P 9.1 (TR&P'23 9.2 "Welcome Deck").
    ("Ira, Crimson Haze", None, 1),
    ("Edge of Autumn", None, 1),
    ("Whirling Mist Blossom", 2, 3),
    ("Salt the Wound", 2, 3),
    ("Bittering Thorns", 2, 3),
    ("Torrent of Tempo", 1, 3),
    ("Flying Kick", 1, 3),
    ("Head Jab", 3, 3),
    ("Scar for a Scar", 1, 3),
    ("Brutal Assault", 3, 3),
    ("Lunging Press", 3, 3),
    ("Springboard Somersault", 2, 3),
)

_CR = _rules(
    supertypes="CR 1.1.3",
    hybrid="CR 1.1.3b",
    split="CR 9.2.2a",
    start_outside="CR 1.1.3a",
    specialization="CR 8.3.7",
    legendary="CR 8.3.6",
    essence="CR 8.3.16",
    universal="CR 8.3.35",
    unlimited="CR 8.3.40",
    ephemeral="CR 8.3.21",
    mentor="CR 8.1.10a",
    metatype="CR 2.6.6",
    token="CR 1.3.2b",
    macro="CR 1.5.2",
    arena="CR 1.3.2d",
    distinct="CR 1.3.4",
    hero_card="CR 1.3.2a",
    double_faced="CR 9.1.3",
    listing="PPG 4.4",
    released="TR&P 7",
)


def _fab(code: str, name: str, **kw: Any) -> Format:
    rules = dict(_CR)
    rules.update(kw.pop("rules", {}))
    return Format(code=code, name=name, rules=rules, **kw)


_BASE: dict[str, Format] = {}


def _add(fmt: Format) -> None:
    _BASE[fmt.code] = fmt


_add(
    _fab(
        "cc",
        "Classic Constructed",
        hero=ADULT,
        pool_max=80,
        deck_min=60,
        copy_limit=3,
        legality_lists=("cc",),
        living_legend_heroes_legal=False,
        living_legend_weapons_legal=False,
        rules=_rules(
            format="TR&P 7.1",
            hero="TR&P 7.1",
            size="TR&P 7.1",
            copies="TR&P 7.1",
            living_legend="TR&P 7.1",
            banned="TR&P 7",
            restricted="TR&P 7",
            suspended="PPG 4.4",
        ),
    )
)
_add(
    _fab(
        "ll",
        "Living Legend",
        hero=ADULT,
        pool_max=80,
        deck_min=60,
        copy_limit=3,
        legality_lists=("ll",),
        living_legend_heroes_legal=True,
        living_legend_weapons_legal=True,
        rules=_rules(
            format="TR&P 7.2",
            hero="TR&P 7.1",
            size="TR&P 7.1",
            copies="TR&P 7.1",
            living_legend="TR&P 7.2",
            banned="TR&P 7.2",
            restricted="TR&P 7",
            suspended="PPG 4.4",
        ),
    )
)
_add(
    _fab(
        "blitz",
        "Blitz",
        hero=YOUNG,
        pool_max=52,
        deck_min=40,
        deck_max=40,
        copy_limit=2,
        legality_lists=("blitz",),
        living_legend_heroes_legal=False,
        rules=_rules(
            format="TR&P 7.3",
            hero="TR&P 7.3",
            size="TR&P 7.3",
            copies="TR&P 7.3",
            living_legend="TR&P 7.3",
            banned="TR&P 7",
            restricted="TR&P 7",
            suspended="PPG 4.4",
        ),
    )
)
_add(
    _fab(
        "sage",
        "Silver Age",
        hero=YOUNG,
        pool_max=55,
        deck_min=40,
        deck_max=40,
        copy_limit=2,
        rarity_rule="silver_age",
        legality_lists=("sage",),
        living_legend_heroes_legal=True,
        rules=_rules(
            format="Silver Age format (LSS 2025)",
            hero="Silver Age format (LSS 2025)",
            size="Silver Age format (LSS 2025)",
            copies="Silver Age format (LSS 2025)",
            rarity="Silver Age format (LSS 2025)",
            banned="TR&P 7",
            restricted="TR&P 7",
            suspended="PPG 4.4",
        ),
    )
)
_add(
    _fab(
        "commoner",
        "Commoner",
        hero=YOUNG,
        pool_max=52,
        deck_min=40,
        deck_max=40,
        copy_limit=2,
        rarity_rule="commoner",
        legality_lists=("commoner",),
        living_legend_heroes_legal=False,
        rules=_rules(
            format="TR&P 7.4",
            hero="TR&P 7.3",
            size="TR&P 7.3",
            copies="TR&P 7.3",
            rarity="TR&P 7.4",
            living_legend="TR&P 7.3",
            banned="TR&P 7.4",
            restricted="TR&P 7",
            suspended="PPG 4.4",
        ),
    )
)
_add(
    _fab(
        "upf",
        "Ultimate Pit Fight",
        kind=SPECIAL,
        hero=YOUNG,
        pool_max=52,
        deck_min=40,
        deck_max=40,
        copy_limit=2,
        legality_lists=("upf",),
        living_legend_heroes_legal=False,
        rules=_rules(
            format="TR&P 9.3",
            hero="TR&P 7.3",
            size="TR&P 7.3",
            copies="TR&P 7.3",
            living_legend="TR&P 7.3",
            banned="TR&P 9.3",
            restricted="TR&P 7",
            suspended="PPG 4.4",
        ),
    )
)
_add(
    _fab(
        "sealed",
        "Sealed Deck",
        kind=LIMITED,
        hero=YOUNG,
        deck_min=30,
        deck_max=30,
        copy_limit=None,
        living_legend_heroes_legal=True,
        rules=_rules(
            format="TR&P 8.1",
            hero="TR&P 8.1",
            size="TR&P 8.1",
            copies="TR&P 8.1",
            pool="TR&P 8.1",
            set_rules="TR&P App F",
            legendary="CR 8.3.6",
        ),
    )
)
_add(
    _fab(
        "draft",
        "Booster Draft",
        kind=LIMITED,
        hero=YOUNG,
        deck_min=30,
        deck_max=30,
        copy_limit=None,
        living_legend_heroes_legal=True,
        rules=_rules(
            format="TR&P 8.2",
            hero="TR&P 8.2",
            size="TR&P 8.2",
            copies="TR&P 8.2",
            pool="TR&P 8.2",
            set_rules="TR&P App F",
            legendary="CR 8.3.6",
        ),
    )
)
_add(
    _fab(
        "blitz-precon",
        "Blitz Preconstructed",
        kind=LIMITED,
        hero=YOUNG,
        pool_max=52,
        deck_min=40,
        deck_max=40,
        copy_limit=None,
        living_legend_heroes_legal=True,
        rules=_rules(
            format="TR&P 8.3",
            hero="TR&P 8.3",
            size="TR&P 7.3",
            copies="TR&P 8.3",
            pool="TR&P 8.3",
            set_rules="TR&P App F",
        ),
    )
)
_add(
    _fab(
        "ira",
        "Ira - Learn to Play",
        kind=SPECIAL,
        hero=YOUNG,
        deck_min=30,
        deck_max=30,
        copy_limit=None,
        fixed_list=IRA_LEARN_TO_PLAY,
        living_legend_heroes_legal=True,
        rules=_rules(
            format="TR&P 9.1", hero="TR&P 9.1", size="TR&P 9.1", copies="TR&P 9.1", fixed="TR&P 9.1"
        ),
    )
)
_add(
    replace(
        _BASE["cc"],
        code="team-cc",
        name="Team Constructed",
        kind=SPECIAL,
        team=True,
        rules={**_BASE["cc"].rules, "team": "TR&P 9.2.1"},
    )
)
_add(
    Format(
        code="ga-standard",
        name="Grand Archive Standard",
        game="ga",
        hero=None,
        deck_min=60,
        copy_limit=4,
        material_max=12,
        material_copy_limit=1,
        needs_level0_champion=True,
        # GA TRG Standard Constructed (https://trg.gatcg.com/format-conventions/standard-constructed):
        # at most 15 sideboard cards and 15 points (main-deck card 1, regalia or champion 3).
        sideboard_max=15,
        sideboard_points_max=15,
        rules=_rules(
            format="GA 1.5.1",
            size="GA 1.5.1a",
            copies="GA 1.5.1a",
            material="GA 1.5.1b",
            material_copies="GA 1.5.1b",
            champion="GA 1.5.1c",
            spirit="GA 1.3.3",
            material_types="GA 2.1.c.1",
            main_types="GA 2.1.b.4",
            divine_relic="GA X.A.4",
            token="GA 1.5.1",
            sideboard="GA TRG Standard Constructed (sideboard)",
        ),
    )
)
# GA TRG Format Conventions, Team Standard Constructed
# (https://trg.gatcg.com/format-conventions/team-standard-constructed): each member's decks follow Standard
# (main >= 60, material <= 12 with a Lv 0 champion) but there is no sideboard; Standard's bans
# apply. The copy limits across the team's decks are ``legality.check_ga_team``.
_add(
    replace(
        _BASE["ga-standard"],
        code="ga-team-standard",
        name="Grand Archive Team Standard",
        kind=SPECIAL,
        team=True,
        sideboard_allowed=False,
        sideboard_max=None,
        sideboard_points_max=None,
        legality_lists=("ga-standard",),
        rules={
            **_BASE["ga-standard"].rules,
            "sideboard": "GA TRG Team Standard Constructed (no sideboard)",
            "team": "GA TRG Team Standard Constructed",
        },
    )
)
# GA TRG Format Conventions, Pantheon (https://trg.gatcg.com/format-conventions/pantheon):
# main deck >= 60, singleton; material deck exactly 12,
# singleton, with a Lv 0 champion; no sideboard (the Pantheon zone's boons are not checked
# here); Pantheon keeps its own ban list.
_add(
    Format(
        code="ga-pantheon",
        name="Grand Archive Pantheon",
        game="ga",
        kind=SPECIAL,
        hero=None,
        deck_min=60,
        copy_limit=1,
        material_min=12,
        material_max=12,
        material_copy_limit=1,
        needs_level0_champion=True,
        sideboard_allowed=False,
        rules=_rules(
            format="GA TRG Pantheon",
            size="GA TRG Pantheon (main deck)",
            copies="GA TRG Pantheon (singleton)",
            material="GA TRG Pantheon (material deck)",
            material_copies="GA TRG Pantheon (singleton)",
            champion="GA TRG Pantheon (material deck)",
            spirit="GA 1.3.3",
            material_types="GA 2.1.c.1",
            main_types="GA 2.1.b.4",
            divine_relic="GA X.A.4",
            token="GA TRG Pantheon",
            sideboard="GA TRG Pantheon (no sideboard)",
        ),
    )
)
_add(
    Format(
        code="ga-draft",
        name="Grand Archive Draft",
        game="ga",
        kind=LIMITED,
        hero=None,
        deck_min=30,
        copy_limit=None,
        material_max=None,
        material_copy_limit=None,
        needs_level0_champion=True,
        rules=_rules(
            format="GA 1.5.2",
            size="GA 1.5.2a",
            copies="GA 1.5.2a",
            material="GA 1.5.2b",
            champion="GA 1.5.2b",
            spirit="GA 1.3.3",
            material_types="GA 2.1.c.1",
            main_types="GA 2.1.b.4",
            divine_relic="GA X.A.4",
            token="GA 1.5.2",
        ),
    )
)

FORMAT_CODES: tuple[str, ...] = tuple(_BASE)

# Names people type for a format (decklist headers, fabrary's "Format:" line).
FORMAT_ALIASES: dict[str, str] = {
    "classic constructed": "cc",
    "classic": "cc",
    "living legend": "ll",
    "blitz": "blitz",
    "silver age": "sage",
    "commoner": "commoner",
    "ultimate pit fight": "upf",
    "sealed": "sealed",
    "sealed deck": "sealed",
    "draft": "draft",
    "booster draft": "draft",
    "blitz preconstructed": "blitz-precon",
    "ira": "ira",
    "learn to play": "ira",
    "team constructed": "team-cc",
    "team standard": "ga-team-standard",
    "pantheon": "ga-pantheon",
}


class UnknownFormat(ValueError):
    """Raised for a format code this engine does not know; the message lists the known codes."""


def _edition_overrides(fmt: Format, edition: str) -> Format:
    """TR&P'23 / CR-old differences (requirements 11.1, FMT-03)."""
    if edition == "2023":
        if fmt.code == "blitz":
            # TR&P'23 7.2: one young hero, 11 arena-cards and 40 deck-cards.
            return replace(
                fmt,
                edition=edition,
                pool_max=51,
                arena_exact=11,
                rules={
                    **fmt.rules,
                    "format": "TR&P'23 7.2",
                    "size": "TR&P'23 7.2",
                    "copies": "TR&P'23 7.2",
                    "hero": "TR&P'23 7.2",
                },
            )
        if fmt.code in ("cc", "team-cc"):
            return replace(
                fmt,
                edition=edition,
                rules={
                    **fmt.rules,
                    "format": "TR&P'23 7.1",
                    "size": "TR&P'23 7.1",
                    "copies": "TR&P'23 7.1",
                    "hero": "TR&P'23 7.1",
                },
            )
        if fmt.code in ("sealed", "draft"):
            sec = "TR&P'23 8.3" if fmt.code == "sealed" else "TR&P'23 8.4"
            return replace(
                fmt,
                edition=edition,
                deck_max=None,
                rules={**fmt.rules, "size": "TR&P'23 8", "legendary": "CR-old 8.3.6a", "format": sec},
            )
        if fmt.code == "ira":
            return replace(
                fmt, edition=edition, rules={**fmt.rules, "format": "TR&P'23 9.2", "fixed": "TR&P'23 9.2"}
            )
    return replace(fmt, edition=edition)


@functools.lru_cache(maxsize=128)
def get_format(code: str, edition: str = DEFAULT_EDITION) -> Format:
    """The format ``code`` under rules ``edition`` ("2025" or "2023").

    Raises ``UnknownFormat`` (a ``ValueError``) naming the valid codes or editions.
    """
    key = (code or "").strip().lower()
    key = FORMAT_ALIASES.get(key, key)
    if key not in _BASE:
        raise UnknownFormat(f"unknown format {code!r}; use one of: {', '.join(FORMAT_CODES)}")
    if edition not in EDITIONS:
        raise UnknownFormat(f"unknown rules edition {edition!r}; use one of: {', '.join(EDITIONS)}")
    return _edition_overrides(_BASE[key], edition)


def all_formats(edition: str = DEFAULT_EDITION) -> list[Format]:
    return [get_format(code, edition) for code in FORMAT_CODES]
