"""Card data types and the in-memory card database (pure Python, no Django).

Card identity for copy limits is (name, pitch) in FaB (CR 1.3.4) and the name in
Grand Archive. Card categories follow CR 1.3.2 (hero-, token-, deck- and arena-cards);
supertypes are classes and talents (CR 2.11.6); hybrid cards carry alternative
supertype sets (CR 1.1.3b, 2.14.1b). Card properties come from the latest printing
plus errata (TR&P 4.2, CR 2.0.2); every printing's rarity is kept because Commoner
legality depends on it (TR&P 7.4).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from datetime import date
from typing import Any

from .wording import Phrase, join, say

# ---------------------------------------------------------------------------
# Vocabularies
# ---------------------------------------------------------------------------

#: Normalised rarities, lowest to highest (sort order only, not a game rule).
RARITIES: tuple[str, ...] = (
    "Token",
    "Basic",
    "Common",
    "Rare",
    "Super Rare",
    "Majestic",
    "Legendary",
    "Fabled",
    "Marvel",
    "Promo",
)

#: Source rarity codes (the-fab-cube rarity.json ids) and spelled-out names -> normalised.
#: C Common, R Rare, S Super Rare, M Majestic, L Legendary, F Fabled, T Token,
#: B Basic, V Marvel, P Promo.
RARITY_CODES: dict[str, str] = {
    "C": "Common",
    "R": "Rare",
    "S": "Super Rare",
    "M": "Majestic",
    "L": "Legendary",
    "F": "Fabled",
    "T": "Token",
    "B": "Basic",
    "V": "Marvel",
    "P": "Promo",
}


def normalise_rarity(value: str) -> str:
    """Map a source rarity ("C", "common", "Super Rare", "SR") to one of RARITIES.

    Raises ValueError for an unknown value.
    """
    raw = (value or "").strip()
    if raw.upper() in RARITY_CODES:
        return RARITY_CODES[raw.upper()]
    if raw.upper() == "SR":
        return "Super Rare"
    for rarity in RARITIES:
        if raw.casefold() == rarity.casefold():
            return rarity
    raise ValueError(f"unknown rarity {value!r}")


#: Project-wide format codes.
FORMAT_CODES: tuple[str, ...] = (
    "cc",
    "ll",
    "blitz",
    "sage",
    "commoner",
    "upf",
    "sealed",
    "draft",
    "blitz-precon",
    "ira",
    "team-cc",
    "ga-standard",
    "ga-team-standard",
    "ga-pantheon",
    "ga-draft",
)

#: Source format names (fabrary Format enum, the-fab-cube file/field prefixes) -> code.
#: Formats the project does not model keep a slug of their name ("golden-age", "open", "clash").
FORMAT_NAMES: dict[str, str] = {
    "classic constructed": "cc",
    "cc": "cc",
    "living legend": "ll",
    "ll": "ll",
    "blitz": "blitz",
    "silver age": "sage",
    "sage": "sage",
    "commoner": "commoner",
    "ultimate pit fight": "upf",
    "upf": "upf",
    "sealed": "sealed",
    "sealed deck": "sealed",
    "draft": "draft",
    "booster draft": "draft",
    "blitz preconstructed": "blitz-precon",
    "blitz precon": "blitz-precon",
    "ira": "ira",
    "ira - learn to play": "ira",
    "welcome deck": "ira",
    "team classic constructed": "team-cc",
    "team cc": "team-cc",
    "ga standard": "ga-standard",
    "standard": "ga-standard",
    "ga draft": "ga-draft",
    "ga team standard": "ga-team-standard",
    "team standard": "ga-team-standard",
    "team standard constructed": "ga-team-standard",
    "ga pantheon": "ga-pantheon",
    "pantheon": "ga-pantheon",
}


def format_code(name: str) -> str:
    """Map a source format name to the project's format code (slug for unknown ones)."""
    key = " ".join((name or "").replace("–", "-").split()).casefold()
    if key in FORMAT_NAMES:
        return FORMAT_NAMES[key]
    if key.replace("-", " ") in FORMAT_NAMES:  # file-name spellings: "silver-age", "living-legend"
        return FORMAT_NAMES[key.replace("-", " ")]
    if key in FORMAT_CODES:
        return key
    return re.sub(r"[^a-z0-9]+", "-", key).strip("-")


#: Legality statuses a LegalityEvent may carry. "rotated": the card left the format's card pool
#: on the period's start (format rotation), and is back in it from its end, if any.
LEGALITY_STATUSES: frozenset[str] = frozenset(
    {"banned", "suspended", "restricted", "living_legend", "rotated"}
)

#: CR 1.3.2c: types that make a card a deck-card.
DECK_CARD_TYPES: frozenset[str] = frozenset(
    {"Action", "Attack Reaction", "Block", "Defense Reaction", "Instant", "Mentor", "Resource"}
)

#: CR 2.11.6a / 2.11.6b (CR 2.13.0): class and talent supertypes. Data-driven callers
#: should prefer the classes/talents actually present in the card data.
CLASSES: frozenset[str] = frozenset(
    {
        "Adjudicator",
        "Assassin",
        "Bard",
        "Brute",
        "Guardian",
        "Illusionist",
        "Mechanologist",
        "Merchant",
        "Necromancer",
        "Ninja",
        "Pirate",
        "Ranger",
        "Runeblade",
        "Shapeshifter",
        "Thief",
        "Warrior",
        "Wizard",
    }
)
TALENTS: frozenset[str] = frozenset(
    {
        "Chaos",
        "Draconic",
        "Earth",
        "Elemental",
        "Ice",
        "Light",
        "Lightning",
        "Mystic",
        "Revered",
        "Reviled",
        "Royal",
        "Shadow",
    }
)

PITCH_COLOURS: dict[int, str] = {1: "red", 2: "yellow", 3: "blue"}
COLOUR_PITCHES: dict[str, int] = {v: k for k, v in PITCH_COLOURS.items()}


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Printing:
    """One printing of a card: its printing id (e.g. "WTR115"), set and rarity.

    ``rarity`` is one of RARITIES for FaB (see RARITY_CODES for the source codes);
    Grand Archive printings use the GA Index rarity names (Common, Uncommon, ...).
    """

    id: str
    set_code: str
    rarity: str
    edition: str = ""
    foiling: str = ""
    treatment: str = ""
    set_name: str = ""


@dataclass(frozen=True, slots=True)
class LegalityEvent:
    """A period during which a card has a legality status in a format.

    ``status`` is one of LEGALITY_STATUSES; ``start``/``end`` are in-effect dates
    (``None`` = unknown / open-ended). ``end`` is exclusive.

    ``source`` names who says so (a card-data release label such as
    "fabcube@v8.0.0", or "organizer: <url>"). ``start_bound`` is True when the data
    only says the status was in effect by ``start`` at the latest (a source without
    dates, dated by its publication): the status is applied from ``start`` and never
    before, and findings say the date is a bound. ``end_bound`` is the same for the
    end (a newer source no longer states a status an older dated source had open).
    """

    format: str
    status: str
    start: date | None = None
    end: date | None = None
    source: str = ""
    start_bound: bool = False
    end_bound: bool = False

    def applies_on(self, day: date) -> bool:
        if self.start is not None and day < self.start:
            return False
        if self.end is not None and day >= self.end:
            return False
        return True

    def describe(self) -> str:
        """ "since 2023-01-27 (fabcube@v8)"; bounds are said as such."""
        return str(self.phrase())

    def phrase(self) -> Phrase:
        """``describe`` as a phrase a page can say in the reader's language (``rules_engine.wording``)."""
        start = self.start.isoformat() if self.start is not None else ""
        if not start:
            first = say("undated")
        elif self.start_bound:
            first = say("in effect by {date}", date=start)
        else:
            first = say("since {date}", date=start)
        parts: list[Phrase | str] = [first]
        if self.end is not None:
            end = self.end.isoformat()
            parts.append(
                say("lifted by {date}", date=end) if self.end_bound else say("until {date}", date=end)
            )
        text = join(parts)
        assert isinstance(text, Phrase)
        return say("{text} ({source})", text=text, source=self.source) if self.source else text

    def to_dict(self) -> dict[str, object]:
        return {
            "format": self.format,
            "status": self.status,
            "start": self.start.isoformat() if self.start else None,
            "end": self.end.isoformat() if self.end else None,
            "source": self.source,
            "start_bound": self.start_bound,
            "end_bound": self.end_bound,
        }


@dataclass(frozen=True, slots=True)
class Card:
    """A unique card: FaB identity is (name, pitch) per CR 1.3.4; GA identity is the name.

    ``classes`` and ``talents`` hold supertypes only (CR 2.11.6): "Generic"/"NotClassed"
    are dropped, so a generic card has both empty. ``hybrid_class_sets`` holds the
    alternative supertype sets of a hybrid card (CR 1.1.3b, 2.14.1b), else ().
    ``legal_formats``/``legal_heroes`` are what the source states (format codes /
    hero names); empty when the source does not say.
    """

    identifier: str
    name: str
    pitch: int | None = None
    cost: str | None = None
    power: str | None = None
    defense: str | None = None
    life: str | None = None
    intellect: str | None = None
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    classes: frozenset[str] = frozenset()
    talents: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    #: Keywords with their printed values, e.g. (("Arcane Barrier", "1"), ("Ward", "2")): the
    #: reconstruction engine needs them; ``keywords`` holds the bare keyword names.
    keyword_values: tuple[tuple[str, str], ...] = ()
    specializations: frozenset[str] = frozenset()
    young: bool = False
    legendary: bool = False
    hybrid_class_sets: tuple[frozenset[str], ...] = ()
    printings: tuple[Printing, ...] = ()
    legal_formats: frozenset[str] = frozenset()
    legal_heroes: frozenset[str] = frozenset()
    legality_history: tuple[LegalityEvent, ...] = ()
    functional_text: str = ""
    type_text: str = ""
    game: str = "fab"
    metatypes: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    #: CR 8.3.16: supertypes granted by "Essence of ..." (as the text names them).
    essences: frozenset[str] = frozenset()
    #: Hero moniker a hero card belongs to (e.g. "Kano"), else None.
    hero: str | None = None
    arcane: str | None = None
    #: identifier of the other face of a double-faced card, if any.
    other_face: str | None = None
    #: the source's own id for the card (the-fab-cube unique_id, GA Index uuid), if any.
    source_id: str | None = None
    # Grand Archive only
    element: str | None = None
    level: str | None = None
    memory_cost: str | None = None
    reserve_cost: str | None = None
    durability: str | None = None
    speed: str | None = None
    ga_classes: frozenset[str] | None = None
    #: The first release date of the card's earliest printing (TR&P 7: constructed pools use
    #: officially released cards), and that printing's set code; None when the data gives none.
    released: date | None = None
    released_in: str = ""

    def released_on(self, day: date) -> bool:
        """Was the card released on ``day``? A card with no known release date counts as released."""
        return self.released is None or self.released <= day

    # -- categories (CR 1.3.2) ------------------------------------------------

    @property
    def is_hero(self) -> bool:
        """CR 1.3.2a: a hero-card has the type Hero."""
        return "Hero" in self.types

    @property
    def is_token_or_macro(self) -> bool:
        """CR 1.3.2b, 1.5.2: tokens and macros are never part of a card-pool."""
        return "Token" in self.types or "Macro" in self.types

    @property
    def is_deck_card(self) -> bool:
        """CR 1.3.2c: a deck-card has a deck-card type (Action, Attack Reaction, Block, ...)."""
        if self.game != "fab":
            return not self.is_token_or_macro
        return not self.is_hero and not self.is_token_or_macro and bool(self.types & DECK_CARD_TYPES)

    @property
    def is_arena_card(self) -> bool:
        """CR 1.3.2d: any non-hero, non-token, non-deck card (equipment, weapons, ...)."""
        if self.game != "fab":
            return False
        return not self.is_hero and not self.is_token_or_macro and not self.is_deck_card

    # -- identity and display ------------------------------------------------

    @property
    def key(self) -> tuple[str, int | None]:
        """CR 1.3.4: (name, pitch) identifies a unique FaB card."""
        return (self.name, self.pitch)

    @property
    def colour(self) -> str | None:
        return PITCH_COLOURS.get(self.pitch) if self.pitch is not None else None

    @property
    def display_name(self) -> str:
        """ "Snatch (red)"; the plain name when the card has no pitch."""
        colour = self.colour
        return f"{self.name} ({colour})" if colour else self.name

    @property
    def supertypes(self) -> frozenset[str]:
        """CR 2.11.6: classes and talents together."""
        return self.classes | self.talents

    @property
    def is_generic(self) -> bool:
        """CR 2.14.1a: a card with no supertypes."""
        return not self.classes and not self.talents

    @property
    def rarities(self) -> frozenset[str]:
        """Rarities of every printing (TR&P 7.4 needs "ever printed at")."""
        return frozenset(p.rarity for p in self.printings)

    @property
    def set_codes(self) -> frozenset[str]:
        return frozenset(p.set_code for p in self.printings)

    def statuses_on(self, format_code: str, day: date) -> frozenset[str]:
        """Legality statuses (banned, suspended, restricted, living_legend) in effect on ``day``."""
        return frozenset(
            ev.status for ev in self.legality_history if ev.format == format_code and ev.applies_on(day)
        )

    def __str__(self) -> str:
        return self.display_name

    # -- JSON round trip (storage of releases) ---------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; Card.from_dict(card.to_dict()) == card."""
        out: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if name == "printings":
                value = [
                    [p.id, p.set_code, p.rarity, p.edition, p.foiling, p.treatment, p.set_name] for p in value
                ]
            elif name == "legality_history":
                value = [_event_row(e) for e in value]
            elif name == "keyword_values":
                value = [list(kv) for kv in value]
            elif name == "hybrid_class_sets":
                value = [sorted(s) for s in value]
            elif name == "released":
                value = value.isoformat() if value else None
            elif isinstance(value, frozenset):
                value = sorted(value)
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        """Inverse of to_dict; unknown keys are ignored, missing ones take defaults."""
        kwargs: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            if name not in data:
                continue
            value = data[name]
            if name == "printings":
                value = tuple(Printing(*row) for row in value)
            elif name == "legality_history":
                value = tuple(_event_from_row(row) for row in value)
            elif name == "keyword_values":
                value = tuple((str(k), str(v)) for k, v in value)
            elif name == "hybrid_class_sets":
                value = tuple(frozenset(s) for s in value)
            elif name == "released":
                value = date.fromisoformat(value) if value else None
            elif name in _SET_FIELDS and value is not None:
                value = frozenset(value)
            kwargs[name] = value
        return cls(**kwargs)


def _event_row(e: LegalityEvent) -> list[object]:
    row: list[object] = [
        e.format,
        e.status,
        e.start.isoformat() if e.start else None,
        e.end.isoformat() if e.end else None,
    ]
    if e.source or e.start_bound or e.end_bound:
        row += [e.source, e.start_bound, e.end_bound]
    return row


def _event_from_row(row: list[object] | tuple[object, ...]) -> LegalityEvent:
    """Rows of 4 (older releases) or 7 items (with source and bounds)."""
    f, st, a, b = row[:4]
    extra = list(row[4:7]) + ["", False, False][len(row[4:7]) :]
    return LegalityEvent(
        str(f),
        str(st),
        date.fromisoformat(str(a)) if a else None,
        date.fromisoformat(str(b)) if b else None,
        str(extra[0] or ""),
        bool(extra[1]),
        bool(extra[2]),
    )


_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Card))
_SET_FIELDS: frozenset[str] = frozenset(f.name for f in fields(Card) if str(f.type).startswith("frozenset"))


# ---------------------------------------------------------------------------
# Name normalisation and parsing helpers
# ---------------------------------------------------------------------------

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
    }
)
_PITCH_SUFFIX = re.compile(
    r"^(?P<name>.*?)\s*[\(\[]\s*(?P<pitch>red|yellow|blue|[123])\s*[\)\]]\s*$", re.I | re.S
)


def normalise_name(text: str) -> str:
    """Case-fold, straighten curly quotes/dashes, collapse whitespace (CR 2.7.5: names
    compare case-insensitively)."""
    text = unicodedata.normalize("NFKC", text or "").translate(_QUOTES)
    return " ".join(text.split()).casefold()


def split_pitch_suffix(text: str) -> tuple[str, int | None]:
    """ "Snatch (red)" -> ("Snatch", 1); "Snatch (3)" -> ("Snatch", 3); else (text, None)."""
    m = _PITCH_SUFFIX.match(text or "")
    if not m:
        return text, None
    p = m.group("pitch").casefold()
    return m.group("name"), int(p) if p.isdigit() else COLOUR_PITCHES[p]


def slugify_identifier(name: str, pitch: int | None = None) -> str:
    """Stable slug like fabrary's cardIdentifier: "Snatch", 1 -> "snatch-red"."""
    text = name.replace("ð", "d").replace("Ð", "D").replace("þ", "th").replace("æ", "ae").replace(" & ", " ")
    base = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    slug = re.sub(r"[^a-z0-9 \-]", "", base).strip().replace(" ", "-")
    if pitch in PITCH_COLOURS:
        slug = f"{slug}-{PITCH_COLOURS[pitch]}"
    return slug


_TYPE_WORDS = (
    "Attack Reaction",
    "Defense Reaction",
    "Demi-Hero",
    "Action",
    "Block",
    "Instant",
    "Mentor",
    "Resource",
    "Equipment",
    "Weapon",
    "Hero",
    "Token",
    "Macro",
    "Companion",
    "Ally",
)
_TYPE_RE = re.compile(r"\b(" + "|".join(re.escape(t) for t in _TYPE_WORDS) + r")\b")


def hybrid_class_sets_from_type_text(type_text: str) -> tuple[frozenset[str], ...]:
    """CR 1.1.3b, 2.14.1b: "Brute / Warrior Action" -> ({"Brute"}, {"Warrior"}).

    Only the supertype part before the type word is inspected; split cards ("A // B")
    are not hybrid. Returns () for a non-hybrid type line.
    """
    first_face = (type_text or "").split("//")[0]
    m = _TYPE_RE.search(first_face)
    head = first_face[: m.start()] if m else first_face
    if "/" not in head:
        return ()
    sets = []
    for part in head.split("/"):
        words = frozenset(w for w in part.split() if w in CLASSES or w in TALENTS)
        if words:
            sets.append(words)
    return tuple(sets) if len(sets) > 1 else ()


_ESSENCE_RE = re.compile(r"Essence of ([A-Z][a-z]+(?:(?:, | and |, and )[A-Z][a-z]+)*)")


def essences_from_text(text: str) -> frozenset[str]:
    """CR 8.3.16: "Essence of Earth and Lightning" -> {"Earth", "Lightning"}."""
    found: set[str] = set()
    for m in _ESSENCE_RE.finditer((text or "").replace("*", "")):
        found.update(w for w in re.split(r", and |, | and ", m.group(1)) if w)
    return frozenset(found)


def keyword_values_from_text(
    keywords: Iterable[str], text: str, known: Iterable[tuple[str, str]] = ()
) -> tuple[tuple[str, str], ...]:
    """Keyword values ("Arcane Barrier 1", "Ward 2", "Blade Break"-style keywords have none).

    ``known`` values (from a source that lists them, e.g. "Arcane Barrier 1") win; otherwise
    the value printed after the keyword in the card text is taken. Sorted by keyword.
    """
    out: dict[str, str] = dict(known)
    plain = (text or "").replace("*", "")
    for kw in keywords:
        if kw in out or not kw:
            continue
        m = re.search(rf"\b{re.escape(kw)}\s+(\d+|X)\b", plain, re.I)
        if m:
            out[kw] = m.group(1).upper()
    return tuple(sorted(out.items()))


_SPECIALIZATION_RE = re.compile(r"([A-Z][\w’'\- ]*?) Specialization")


def specializations_from_text(text: str) -> frozenset[str]:
    """CR 8.3.7: "**Dorinthea Specialization**" -> {"Dorinthea"}."""
    found = set()
    for m in _SPECIALIZATION_RE.finditer((text or "").replace("*", "")):
        found.add(m.group(1).strip())
    return frozenset(found)


# ---------------------------------------------------------------------------
# Database
# ---------------------------------------------------------------------------


class CardDatabase:
    """In-memory card database indexed by (name, pitch), identifier and printing id.

    ``release`` names the data version (e.g. "fabrary-cards@3.8.6", "fabcube@v8.0.0").
    Names are matched with normalise_name (case, curly quotes, spacing).
    """

    def __init__(self, cards: Iterable[Card], *, release: str):
        self.release = release
        self._cards: list[Card] = sorted(cards, key=lambda c: (normalise_name(c.name), c.pitch or 0))
        self._by_key: dict[tuple[str, int | None], Card] = {}
        self._by_name: dict[str, list[Card]] = {}
        self._by_identifier: dict[str, Card] = {}
        self._by_printing: dict[str, Card] = {}
        for card in self._cards:
            n = normalise_name(card.name)
            self._by_key.setdefault((n, card.pitch), card)
            self._by_name.setdefault(n, []).append(card)
            self._by_identifier.setdefault(card.identifier, card)
            for p in card.printings:
                self._by_printing.setdefault(p.id.upper(), card)
        # One entry per normalised name, sorted, for prefix bisection; display names aligned.
        self._norm_names: list[str] = sorted(self._by_name)
        self._names: list[str] = [self._by_name[n][0].name for n in self._norm_names]
        # Every later word of every name ("gem keeper" of "ruu'di, gem keeper"), sorted.
        word_index = sorted(
            (n[pos + 1 :], i) for i, n in enumerate(self._norm_names) for pos, ch in enumerate(n) if ch == " "
        )
        self._word_suffixes: list[str] = [w for w, _ in word_index]
        self._word_owner: list[int] = [i for _, i in word_index]

    # -- basic protocol -----------------------------------------------------

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __repr__(self) -> str:
        return f"<CardDatabase {self.release} ({len(self)} cards)>"

    # -- lookups --------------------------------------------------------------

    def get(self, name: str, pitch: int | None = None) -> Card | None:
        """Exact lookup by name (and pitch). With pitch None: the card if the name has
        exactly one variant, or the pitch named in a "(red)"/"(2)" suffix; else None."""
        n = normalise_name(name)
        if pitch is not None:
            return self._by_key.get((n, pitch))
        group = self._by_name.get(n)
        if group is None:
            base, suffix_pitch = split_pitch_suffix(name)
            if suffix_pitch is not None:
                return self._by_key.get((normalise_name(base), suffix_pitch))
            return None
        return group[0] if len(group) == 1 else None

    def variants(self, name: str) -> list[Card]:
        """All cards with this name (every pitch), ordered by pitch."""
        return list(self._by_name.get(normalise_name(name), ()))

    def by_identifier(self, identifier: str) -> Card | None:
        return self._by_identifier.get((identifier or "").strip().casefold())

    def by_printing(self, printing_id: str) -> Card | None:
        return self._by_printing.get((printing_id or "").strip().upper())

    def names(self) -> list[str]:
        return list(self._names)

    def heroes(self) -> list[Card]:
        return [c for c in self._cards if c.is_hero]

    def suggest(self, text: str, limit: int = 5) -> list[str]:
        """ "Did you mean": up to ``limit`` card names closest to ``text``.

        Names starting with the text come first (autocomplete), then names with a word
        starting with it, then fuzzy matches
        (rapidfuzz QRatio >= 60, best first).
        """
        from rapidfuzz import fuzz, process  # noqa: PLC0415 (a third-party library only this code path needs)

        q = normalise_name(split_pitch_suffix(text)[0])
        if not q or limit <= 0:
            return []
        out: list[str] = []
        seen: set[int] = set()
        names, words = self._norm_names, self._word_suffixes
        i = bisect_left(names, q)
        while i < len(names) and names[i].startswith(q):
            out.append(self._names[i])
            seen.add(i)
            if len(out) >= limit:
                return out
            i += 1
        j = bisect_left(words, q)
        while j < len(words) and words[j].startswith(q):
            owner = self._word_owner[j]
            if owner not in seen:
                out.append(self._names[owner])
                seen.add(owner)
                if len(out) >= limit:
                    return out
            j += 1
        for _match, _score, i in process.extract(
            q, self._norm_names, scorer=fuzz.QRatio, limit=limit + len(seen), score_cutoff=60
        ):
            if i not in seen:
                out.append(self._names[i])
                seen.add(i)
                if len(out) >= limit:
                    break
        return out

    def search(
        self,
        text: str = "",
        *,
        card_class: str = "",
        talent: str = "",
        type: str = "",
        pitch: int | None = None,
        format: str = "",
        hero: str = "",
        limit: int | None = None,
    ) -> list[Card]:
        """Cards matching every given filter.

        ``text``: substring of the name; ``card_class``: a class ("Generic" = no supertypes);
        ``talent``; ``type``: a type or subtype; ``pitch``; ``format``: a format code the
        card is stated legal in; ``hero``: a hero name in legal_heroes.
        """
        q = normalise_name(text)
        cls = card_class.strip().casefold()
        tal = talent.strip().casefold()
        typ = type.strip().casefold()
        fmt = format_code(format) if format else ""
        her = normalise_name(hero)
        out: list[Card] = []
        for card in self._cards:
            if q and q not in normalise_name(card.name):
                continue
            if cls:
                if cls == "generic":
                    if not card.is_generic:
                        continue
                elif cls not in {c.casefold() for c in card.classes}:
                    continue
            if tal and tal not in {t.casefold() for t in card.talents}:
                continue
            if typ and typ not in {t.casefold() for t in card.types | card.subtypes}:
                continue
            if pitch is not None and card.pitch != pitch:
                continue
            if fmt and fmt not in card.legal_formats:
                continue
            if her and her not in {normalise_name(h) for h in card.legal_heroes}:
                continue
            out.append(card)
            if limit is not None and len(out) >= limit:
                break
        return out
