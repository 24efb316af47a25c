"""Card facts for the reconstruction engine and the card-lookup interface.

The engine needs only the printed properties that the generic rules read: cost (CR 2.4), pitch
(CR 2.8), power (CR 2.9), defense (CR 2.3), life (CR 2.5), intellect (CR 2.6), types and subtypes
(CR 2.12, 2.13), classes and talents (CR 2.11) and the chapter-8 keywords with their values (CR 8.3).
A missing property is ``None``: the card does not have it (CR 2.2.2); 0 is a value.

Cards come from a :class:`CardLookup`. Pure tests and scenario files pass cards inline
(:class:`InlineCards`); the command line reads the-fab-cube JSON (:class:`FabCubeCards`), whose
``card_keywords`` carry keyword values ("Arcane Barrier 1"), unlike fabrary's keyword list.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

#: Keywords whose value is a number written after the word (CR 8.3: "Arcane Barrier N", ...).
VALUED_KEYWORDS: frozenset[str] = frozenset(
    {"arcane barrier", "spellvoid", "ward", "quell", "piercing", "heave", "arcane shelter", "intimidate"}
)

#: Keywords the generic rules know (CR 8.3 and the effect keywords of CR 8.5 that cards carry).
KNOWN_KEYWORDS: frozenset[str] = frozenset(
    {
        "go again",
        "dominate",
        "overpower",
        "blade break",
        "battleworn",
        "temper",
        "guardwell",
        "boost",
        "combo",
        "crush",
        "intimidate",
        "phantasm",
        "spectra",
        "mirage",
        "ambush",
        "ephemeral",
        "legendary",
        "specialization",
        "stealth",
        "protect",
    }
    | VALUED_KEYWORDS
)

PITCH_BY_COLOUR: dict[str, int] = {"red": 1, "yellow": 2, "blue": 3}

_SLOTS = ("head", "chest", "arms", "legs")


def norm_name(name: str) -> str:
    """Case- and space-insensitive key for a card name."""
    return " ".join(name.replace("’", "'").split()).casefold()


@dataclass(frozen=True, slots=True)
class CardFacts:
    """The printed properties of one card (one pitch variant in FaB, CR 1.3.4)."""

    name: str
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    classes: frozenset[str] = frozenset()
    cost: int | None = None
    pitch: int | None = None
    power: int | None = None
    defense: int | None = None
    life: int | None = None
    intellect: int | None = None
    keywords: tuple[tuple[str, int | None], ...] = ()
    text: str = ""
    known: bool = True
    chi_pitch: bool = False  # CR 1.14.3: pitching it gains chi points instead of resource points
    chi_cost: int | None = None  # a chi point cost (CR 1.14.2c)
    # keywords the card data lists that the text gives only under a condition ("Combo - ... gains
    # dominate", "If ..., it gets overpower"): kept out of ``keywords`` so no rule applies them always
    conditional: tuple[str, ...] = ()

    # -- type tests (CR 2.12, 8.1) ------------------------------------------------------------
    def is_(self, type_: str) -> bool:
        return type_ in self.types or type_ in self.subtypes

    @property
    def is_attack_action(self) -> bool:
        return "action" in self.types and "attack" in self.subtypes

    @property
    def is_action(self) -> bool:
        return "action" in self.types

    @property
    def is_equipment(self) -> bool:
        return "equipment" in self.types

    @property
    def is_weapon(self) -> bool:
        return "weapon" in self.types

    @property
    def is_token(self) -> bool:
        return "token" in self.types

    @property
    def slot(self) -> str | None:
        """The equipment slot (CR 3.2, 3.5, 3.10, 3.12: arms, chest, head and legs zones) named by the subtype, if any."""
        for s in _SLOTS:
            if s in self.subtypes:
                return s
        return None

    def keyword(self, name: str) -> int | None:
        """Value of a valued keyword, 0 for a present keyword without a value, None if absent."""
        for k, v in self.keywords:
            if k == name:
                return 0 if v is None else v
        return None

    def has(self, name: str) -> bool:
        return any(k == name for k, _ in self.keywords)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.types:
            out["types"] = sorted(self.types)
        if self.subtypes:
            out["subtypes"] = sorted(self.subtypes)
        if self.classes:
            out["classes"] = sorted(self.classes)
        for attr in ("cost", "pitch", "power", "defense", "life", "intellect"):
            v = getattr(self, attr)
            if v is not None:
                out[attr] = v
        if self.keywords:
            out["keywords"] = [k if v is None else f"{k} {v}" for k, v in self.keywords]
        if self.text:
            out["text"] = self.text
        if not self.known:
            out["known"] = False
        if self.chi_pitch:
            out["pitch_asset"] = "chi"
        if self.chi_cost is not None:
            out["cost_chi"] = self.chi_cost
        if self.conditional:
            out["conditional_keywords"] = list(self.conditional)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardFacts:
        return facts_from_mapping(data)


#: Keywords the generic rules apply from their mere presence; the card data lists them also when the
#: text gives them only under a condition.
ACTING_KEYWORDS: frozenset[str] = frozenset({"go again", "dominate", "overpower", "piercing", "intimidate"})


#: Keywords acting as the combat chain closes that a text may give only under a condition ("If you do, it
#: gains +1{d} and blade break", Vambrace of Determination): kept out of the card's own keywords the same way.
_CLOSE_KEYWORDS: frozenset[str] = frozenset({"blade break", "battleworn", "temper"})


def split_conditional(
    keywords: tuple[tuple[str, int | None], ...], text: str
) -> tuple[tuple[tuple[str, int | None], ...], tuple[str, ...]]:
    """The keywords a card has always, and the acting keywords its text gives only inside a sentence
    (a combo, an "if ..."), never on a line or sentence of their own (CR 8.3, 8.4.1)."""
    body = re.sub(r"\*\*|__", "", text)
    if not body.strip():
        return keywords, ()
    sentences = {
        " ".join(x.split()).rstrip(".").strip().casefold() for x in re.split(r"(?<=[.!])\s+|\n", body)
    }
    keep: list[tuple[str, int | None]] = []
    conditional: list[str] = []
    for kw, value in keywords:
        if kw not in ACTING_KEYWORDS | _CLOSE_KEYWORDS or kw in sentences or f"{kw} {value}" in sentences:
            keep.append((kw, value))
        elif kw == "intimidate" and (
            "when this attacks, intimidate" in sentences
            or "when this attacks a hero, intimidate them" in sentences
        ):
            keep.append((kw, value))  # the attack trigger, always
        elif re.search(rf"\b{re.escape(kw)}\b", body, re.I):
            conditional.append(kw)
        else:
            keep.append((kw, value))
    return tuple(keep), tuple(conditional)


def parse_keywords(values: Iterable[Any]) -> tuple[tuple[str, int | None], ...]:
    """Parse keyword strings such as "go again", "Arcane Barrier 2", "ward 1" (CR 8.3)."""
    out: list[tuple[str, int | None]] = []
    for raw in values:
        text = " ".join(str(raw).split()).casefold()
        if not text:
            continue
        m = re.fullmatch(r"(.+?)\s+(\d+)", text)
        if m:
            out.append((m.group(1), int(m.group(2))))
        else:
            out.append((text, None))
    return tuple(out)


def parse_type_line(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """Parse a scenario-style type line ("attack action", "equipment (chest)", "token aura",
    "defense reaction", "non-attack action", "weapon (sword, 1H)") into types and subtypes (CR 2.12, 2.13).
    """
    t = " ".join(text.replace("-", " - ").split()).casefold()
    types: set[str] = set()
    subtypes: set[str] = set()
    inner = re.findall(r"\(([^)]*)\)", t)
    for group in inner:
        for part in re.split(r"[,/]", group):
            if part.strip():
                subtypes.add(part.strip())
    t = re.sub(r"\([^)]*\)", " ", t)
    t = t.replace("non - attack", "non-attack")
    if "non-attack" in t:
        types.add("action")
        subtypes.add("non-attack")
        t = t.replace("non-attack", " ")
    for two in ("attack reaction", "defense reaction"):
        if two in t:
            types.add(two)
            t = t.replace(two, " ")
    words = [w for w in re.split(r"[\s,]+", t) if w and w != "-"]
    for w in words:
        if w in {"action", "instant", "equipment", "weapon", "token", "hero", "resource", "block", "mentor"}:
            types.add(w)
        elif w == "attack" and "action" in words:
            subtypes.add("attack")
        elif w == "attack":
            subtypes.add("attack")
            types.add("action")
        elif w in {"aura", "item", "ally", "arrow", "landmark"}:
            subtypes.add(w)
        else:
            subtypes.add(w)
    if "action" in types and "attack" not in subtypes and "non-attack" not in subtypes:
        pass
    return frozenset(types), frozenset(subtypes)


def _int_or_none(value: Any) -> int | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    m = re.match(r"\s*(-?\d+)", str(value))
    return int(m.group(1)) if m else None


def facts_from_mapping(data: Mapping[str, Any]) -> CardFacts:
    """Build facts from a scenario-style mapping ({name, type, cost, pitch, power, defense, keywords, text})."""
    name = str(data.get("name", "")).strip()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    if isinstance(data.get("types"), list) or isinstance(data.get("subtypes"), list):
        types = frozenset(str(t).casefold() for t in data.get("types", []) or [])
        subtypes = frozenset(str(t).casefold() for t in data.get("subtypes", []) or [])
    elif data.get("type"):
        types, subtypes = parse_type_line(str(data["type"]))
    raw_classes: list[Any] = []
    for key in ("classes", "supertype", "supertypes"):
        v = data.get(key)
        if isinstance(v, str):
            raw_classes.extend(v.replace(",", " ").split())
        elif isinstance(v, list):
            raw_classes.extend(v)
    classes = frozenset(str(c).casefold() for c in raw_classes)
    kw = data.get("keywords") or []
    if isinstance(kw, str):
        kw = [kw]
    keywords, conditional = split_conditional(parse_keywords(kw), str(data.get("text") or ""))
    conditional = tuple(dict.fromkeys(conditional + tuple(data.get("conditional_keywords") or ())))
    return CardFacts(
        name=name,
        types=types,
        subtypes=subtypes,
        classes=classes,
        cost=_int_or_none(data.get("cost")),
        pitch=_int_or_none(data.get("pitch")),
        power=_int_or_none(data.get("power")),
        defense=_int_or_none(data.get("defense")),
        life=_int_or_none(data.get("life")),
        intellect=_int_or_none(data.get("intellect")),
        keywords=keywords,
        conditional=conditional,
        text=str(data.get("text") or ""),
        known=bool(data.get("known", True)),
        chi_pitch=str(data.get("pitch_asset", "")).casefold() == "chi",
        chi_cost=_int_or_none(data.get("cost_chi")),
    )


class CardLookup(Protocol):
    """What the engine asks of a card database."""

    def get(self, name: str) -> CardFacts | None:
        """The card with this name (a pitch variant may be named "Snatch (red)"), or None."""
        ...

    def suggest(self, name: str) -> list[str]:
        """Up to five close names for an unknown one."""
        ...

    def names(self) -> Sequence[str]:
        """Every card name this lookup knows (one per card, pitch variants share it); computed once
        per lookup and cached, so the phrase parser can index multi-word names ("Command and
        Conquer", "Pick a Card, Any Card") whatever the lookup."""
        ...


def split_colour(name: str) -> tuple[str, int | None]:
    """ "Snatch (red)" / "Snatch red" -> ("Snatch", 1)."""
    m = re.fullmatch(r"(.+?)\s*\(?\b(red|yellow|blue)\)?", name.strip(), re.I)
    if m:
        return m.group(1).strip(), PITCH_BY_COLOUR[m.group(2).casefold()]
    return name.strip(), None


class InlineCards:
    """A card lookup over cards given inline (scenario files, pure tests), optionally backed by another."""

    def __init__(self, cards: Iterable[CardFacts] = (), fallback: CardLookup | None = None) -> None:
        self._cards: dict[str, CardFacts] = {}
        self.fallback = fallback
        self._names: list[str] | None = None
        for c in cards:
            self.add(c)

    def add(self, facts: CardFacts) -> None:
        self._cards[norm_name(facts.name)] = facts
        self._names = None
        self.__dict__.pop("_name_index", None)  # the parser's index over these names is stale

    def inline_names(self) -> list[str]:
        """The names of the cards given inline (without the fallback's)."""
        return [c.name for c in self._cards.values()]

    def names(self) -> list[str]:
        """The inline cards' names, then the fallback's (cached until a card is added)."""
        if self._names is None:
            own = self.inline_names()
            keys = {norm_name(n) for n in own}
            rest = [n for n in self.fallback.names() if norm_name(n) not in keys] if self.fallback else []
            self._names = own + rest
        return self._names

    def get(self, name: str) -> CardFacts | None:
        found = self._cards.get(norm_name(name))
        if found is None and self.fallback is not None:
            return self.fallback.get(name)
        return found

    def suggest(self, name: str) -> list[str]:
        names = self.inline_names()
        out = difflib.get_close_matches(name, names, n=5, cutoff=0.6)
        if self.fallback is not None:
            out += [n for n in self.fallback.suggest(name) if n not in out]
        return out[:5]


_FABCUBE_TYPES = {
    "action": "action",
    "attack reaction": "attack reaction",
    "defense reaction": "defense reaction",
    "instant": "instant",
    "equipment": "equipment",
    "weapon": "weapon",
    "token": "token",
    "hero": "hero",
    "resource": "resource",
    "block": "block",
    "mentor": "mentor",
}


def facts_from_fabcube(record: Mapping[str, Any]) -> CardFacts:
    """Facts from one the-fab-cube ``card.json`` record (keyword values from ``card_keywords``)."""
    raw_types = [str(t) for t in record.get("types", [])]
    low = [t.casefold() for t in raw_types]
    types: set[str] = set()
    subtypes: set[str] = set()
    joined = " ".join(low)
    for key, value in _FABCUBE_TYPES.items():
        if key in low or (" " in key and key in joined):
            types.add(value)
    # the-fab-cube lists "Attack" + "Reaction" for attack reactions
    if "reaction" in low and "attack" in low:
        types.add("attack reaction")
    if "reaction" in low and "defense" in low:
        types.add("defense reaction")
    type_text = str(record.get("type_text", ""))
    if " - " in type_text or " – " in type_text:
        tail = re.split(r"\s[-–]\s", type_text, maxsplit=1)[1]
        for part in re.split(r"[\s,]+", tail.casefold()):
            part = part.strip("()")
            if part:
                subtypes.add(part)
    if "action" in types and "attack" not in subtypes:
        subtypes.add("non-attack")
    classes = frozenset(
        t.casefold()
        for t in raw_types
        if t in {"Generic", "Warrior", "Ninja", "Brute", "Guardian", "Wizard", "Runeblade", "Illusionist"}
        or t
        in {
            "Ranger",
            "Mechanologist",
            "Assassin",
            "Shapeshifter",
            "Merchant",
            "Bard",
            "Adjudicator",
            "Thief",
            "Pirate",
            "Necromancer",
        }
        # talents (CR 2.11): Fai's ability counts Draconic chain links
        or t
        in {
            "Draconic",
            "Light",
            "Shadow",
            "Elemental",
            "Ice",
            "Earth",
            "Lightning",
            "Mystic",
            "Royal",
            "Chaos",
        }
    )
    keywords = list(record.get("card_keywords") or [])
    text = str(record.get("functional_text_plain") or "")
    if re.search(r"\bgo again\b", text, re.I) and not any("go again" in str(k).casefold() for k in keywords):
        # the-fab-cube lists "Go again" in card_keywords for most cards; keep any printed on its own line
        if re.search(r"(^|\n)\s*go again\s*($|\n)", text, re.I):
            keywords.append("Go again")
    always, conditional = split_conditional(parse_keywords(keywords), text)
    return CardFacts(
        name=str(record.get("name", "")),
        types=frozenset(types),
        subtypes=frozenset(subtypes),
        classes=classes,
        cost=_int_or_none(record.get("cost")),
        pitch=_int_or_none(record.get("pitch")),
        power=_int_or_none(record.get("power")),
        defense=_int_or_none(record.get("defense")),
        life=_int_or_none(record.get("health")),
        intellect=_int_or_none(record.get("intelligence")),
        keywords=always,
        conditional=conditional,
        text=text,
    )


@dataclass
class FabCubeCards:
    """Card lookup over the-fab-cube ``card.json`` (loaded once; lookups are dictionary reads).

    A name with several pitch variants resolves to the red one unless the colour is given
    ("Snatch (blue)"); :meth:`variants` lets callers flag the ambiguity.
    """

    by_name: dict[str, list[CardFacts]] = field(default_factory=dict)
    _names: list[str] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def load(cls, path: str | Path) -> FabCubeCards:
        p = Path(path)
        if p.is_dir():
            p = p / "card.json"
        with p.open(encoding="utf-8") as fh:
            records = json.load(fh)
        out = cls()
        for rec in records:
            facts = facts_from_fabcube(rec)
            out.by_name.setdefault(norm_name(facts.name), []).append(facts)
        for variants in out.by_name.values():
            variants.sort(key=lambda f: f.pitch if f.pitch is not None else 0)
        return out

    def names(self) -> list[str]:
        """Every card name (once per name; cached after the first call)."""
        if self._names is None:
            self._names = [v[0].name for v in self.by_name.values()]
        return self._names

    def variants(self, name: str) -> list[CardFacts]:
        base, _ = split_colour(name)
        return list(self.by_name.get(norm_name(name)) or self.by_name.get(norm_name(base)) or [])

    def get(self, name: str) -> CardFacts | None:
        exact = self.by_name.get(norm_name(name))
        if exact:
            return exact[0]
        base, pitch = split_colour(name)
        found = self.by_name.get(norm_name(base))
        if not found:
            return None
        if pitch is None:
            return found[0]
        for f in found:
            if f.pitch == pitch:
                return f
        return None

    def suggest(self, name: str) -> list[str]:
        keys = list(self.by_name)
        close = difflib.get_close_matches(norm_name(name), keys, n=5, cutoff=0.7)
        return [self.by_name[k][0].name for k in close]


def facts_from_card(card: Any) -> CardFacts:
    """Facts from the project's card database record (``rules_engine.cards.Card``).

    That record keeps keyword names without their values, so the value of a valued keyword
    ("Arcane Barrier 1", "Ward 3") is read from the card's functional text (CR 8.3).
    """
    text = str(getattr(card, "functional_text", "") or "")
    plain = re.sub(r"\*\*|__", "", text)
    keywords: list[tuple[str, int | None]] = []
    for kw in sorted(getattr(card, "keywords", ()) or ()):
        k = " ".join(str(kw).split()).casefold()
        value: int | None = None
        if k in VALUED_KEYWORDS:
            m = re.search(rf"\b{re.escape(k)}\s+(\d+)", plain, re.I)
            value = int(m.group(1)) if m else None
        keywords.append((k, value))
    always, conditional = split_conditional(tuple(keywords), plain)
    types = frozenset(str(t).casefold() for t in getattr(card, "types", ()) or ())
    subtypes = {str(t).casefold() for t in getattr(card, "subtypes", ()) or ()}
    if "action" in types and "attack" not in subtypes:
        subtypes.add("non-attack")
    classes = frozenset(str(c).casefold() for c in (getattr(card, "classes", ()) or ())) | frozenset(
        str(c).casefold() for c in (getattr(card, "talents", ()) or ())
    )
    return CardFacts(
        name=str(card.name),
        types=types,
        subtypes=frozenset(subtypes),
        classes=classes,
        cost=_int_or_none(getattr(card, "cost", None)),
        pitch=_int_or_none(getattr(card, "pitch", None)),
        power=_int_or_none(getattr(card, "power", None)),
        defense=_int_or_none(getattr(card, "defense", None)),
        life=_int_or_none(getattr(card, "life", None)),
        intellect=_int_or_none(getattr(card, "intellect", None)),
        keywords=always,
        conditional=conditional,
        text=plain,
    )


class DatabaseCards:
    """A card lookup over the project's ``rules_engine.cards.CardDatabase`` (what the Django side
    holds for an imported release). A name with several pitch variants resolves to the lowest
    pitch unless the colour is given ("Snatch (blue)")."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self._cache: dict[str, CardFacts | None] = {}
        self._names: list[str] | None = None

    def get(self, name: str) -> CardFacts | None:
        key = norm_name(name)
        if key in self._cache:
            return self._cache[key]
        card = self.db.get(name)
        if card is None:
            base, pitch = split_colour(name)
            variants = self.db.variants(base)
            if pitch is not None:
                variants = [v for v in variants if v.pitch == pitch]
            card = variants[0] if variants else None
        facts = facts_from_card(card) if card is not None else None
        self._cache[key] = facts
        return facts

    def suggest(self, name: str) -> list[str]:
        return list(self.db.suggest(name, limit=5))

    def names(self) -> list[str]:
        """Every card name of the release (read from the database once per lookup)."""
        if self._names is None:
            self._names = list(self.db.names())
        return self._names
