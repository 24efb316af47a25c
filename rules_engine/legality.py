"""Card-pool legality: judge a registered card-pool for a format as of a date.

``check_pool`` runs an ordered list of rule functions over the pool and returns
``Finding`` objects; a legal pool has no finding with severity "error". Every
finding names the cards involved, says what is wrong in words a player
understands, cites the rule (TR&P, CR, PPG or GA number) and the card-data
release used. Pure Python: no Django import.

What a pool holds (``CardPool``): the hero, and entries ``(Card, quantity,
section)``. Sections: "hero", "arena", "deck", "sideboard" for Flesh and Blood;
"champion", "material", "main", "sideboard" for Grand Archive. In constructed
formats "deck" and "sideboard" together are the registered card-pool; when a
sideboard is given, the "deck" entries are taken as the starting deck. In
limited formats the entries are the deck the player will play and
``registered`` is the registered limited card-pool (TR&P App E), with
``set_codes`` naming the set(s) of the event (TR&P 8.1, 8.2).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from rules_engine.cards import CLASSES, TALENTS, Card, LegalityEvent, normalise_name
from rules_engine.format_timeline import FormatChange, format_on
from rules_engine.formats import (
    COMMONER_COMMON_RARITIES,
    COMMONER_RARE_RARITIES,
    DEFAULT_EDITION,
    SILVER_AGE_RARITIES,
    Format,
    get_format,
)
from rules_engine.statuses import status_basis
from rules_engine.wording import Phrase, say, say_n

ERROR = "error"
WARNING = "warning"

FAB_SECTIONS = frozenset({"hero", "arena", "deck", "sideboard"})
GA_SECTIONS = frozenset({"champion", "material", "main", "sideboard"})


@dataclass(frozen=True)
class Finding:
    """One problem with a card-pool. ``code`` is stable (API clients may switch on it)."""

    code: str
    severity: str
    cards: list[str]
    #: The English sentence; given as a ``Phrase`` it is kept in ``words`` too.
    message: str | Phrase
    rule: str
    data_version: str
    member: str = ""
    #: The dated statuses (LegalityEvent) that decided this finding, with start and source.
    statuses: tuple[LegalityEvent, ...] = ()
    #: The message as template and values (``rules_engine.wording``), so a page can say it in
    #: the reader's language.
    words: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.message, Phrase):
            object.__setattr__(self, "words", self.message.to_dict())
            object.__setattr__(self, "message", str(self.message))

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "cards": list(self.cards),
            "message": self.message,
            "rule": self.rule,
            "data_version": self.data_version,
        }
        if self.member:
            out["member"] = self.member
        if self.statuses:
            out["statuses"] = [ev.to_dict() for ev in self.statuses]
        if self.words:
            out["words"] = dict(self.words)
        return out


@dataclass
class CardPool:
    """A registered card-pool. ``entries`` are ``(Card, quantity, section)``.

    ``registered`` (limited only) is the registered limited card-pool as
    ``(Card, quantity)``; ``set_codes`` the sets the limited event uses
    (three-letter printing prefixes, e.g. "HNT"). ``label`` names the pool's
    owner in team findings.
    """

    hero: Card | None
    entries: list[tuple[Card, int, str]] = field(default_factory=list)
    registered: list[tuple[Card, int]] | None = None
    set_codes: frozenset[str] = frozenset()
    label: str = ""


def is_legal(findings: Iterable[Finding]) -> bool:
    return not any(f.severity == ERROR for f in findings)


# --- helpers ------------------------------------------------------------------------------------------

_WORD_RE = re.compile(r"[A-Za-z]+")


def _side_supertypes(type_text: str) -> list[frozenset[str]]:
    """CR 9.2.2a: the supertypes printed on each side of a split card ("A // B")."""
    out = []
    for side in type_text.split("//"):
        words = _WORD_RE.findall(side)
        out.append(frozenset(w for w in words if w in CLASSES or w in TALENTS))
    return out


def _is_split(card: Card) -> bool:
    return "//" in card.name and "//" in (card.type_text or "")


def _statuses(card: Card, lists: Sequence[str], day: date) -> frozenset[str]:
    found: set[str] = set()
    for code in lists:
        found |= card.statuses_on(code, day)
    return frozenset(found)


def _events(card: Card, lists: Sequence[str], day: date, status: str) -> tuple[LegalityEvent, ...]:
    return tuple(
        ev
        for ev in card.legality_history
        if ev.format in lists and ev.status == status and ev.applies_on(day)
    )


def _since(events: Sequence[LegalityEvent]) -> Phrase | str:
    """ " (since 2023-01-27, fabcube@v8 (living-legend-cc.json))" for a finding's message."""
    if not events:
        return ""
    ev = events[0]
    if ev.start_bound:
        return say(
            " ({dates}; the data gives no exact date, so this is the latest it can have started)",
            dates=ev.phrase(),
        )
    return say(" ({dates})", dates=ev.phrase())


def _has_ll_history(card: Card) -> bool:
    return any(ev.status == "living_legend" for ev in card.legality_history)


class _Ctx:
    """What every rule function sees. Counting is done once here."""

    def __init__(
        self,
        pool: CardPool,
        fmt: Format,
        as_of: date,
        release: str,
        db: Any,
        infer_living_legends: bool = True,
        format_changes: Sequence[FormatChange] = (),
    ):
        self.infer_living_legends = infer_living_legends
        self.format_changes = list(format_changes)
        self.pool = pool
        self.fmt = fmt
        self.as_of = as_of
        self.release = release
        self.db = db
        self.findings: list[Finding] = []
        heroes: list[Card] = []
        if pool.hero is not None:
            heroes.append(pool.hero)
        self.cards: list[tuple[Card, int, str]] = []  # pool cards: arena + deck (+ sideboard)
        self.tokens: list[tuple[Card, int, str]] = []
        self.bad_quantity: list[tuple[Card, int, str]] = []
        self.counts: Counter[tuple[str, int | None]] = Counter()
        self.by_key: dict[tuple[str, int | None], Card] = {}
        self.deck_flag: dict[tuple[str, int | None], bool] = {}
        deck_cards = arena_cards = starting = 0
        has_sideboard = False
        for card, qty, section in pool.entries:
            if not isinstance(qty, int) or isinstance(qty, bool) or qty < 1:
                self.bad_quantity.append((card, qty, section))
                continue
            types = card.types
            if "Token" in types or "Macro" in types:
                self.tokens.append((card, qty, section))
            elif "Hero" in types or section in ("hero", "champion") and card.game == "fab":
                if pool.hero is not None and card.key == pool.hero.key and section == "hero" and qty == 1:
                    continue  # the hero repeated as an entry
                heroes.extend([card] * qty)
            else:
                self.cards.append((card, qty, section))
                key = (card.name, card.pitch)
                self.counts[key] += qty
                if key not in self.by_key:
                    self.by_key[key] = card
                    self.deck_flag[key] = card.is_deck_card
                if self.deck_flag[key]:
                    deck_cards += qty
                    if section != "sideboard":
                        starting += qty
                else:
                    arena_cards += qty
                if section == "sideboard":
                    has_sideboard = True
        self.heroes = heroes
        self.hero: Card | None = heroes[0] if heroes else None
        self.has_sideboard = has_sideboard
        self.deck_cards = deck_cards
        self.arena_cards = arena_cards
        self.starting_deck = starting
        self.pool_size = deck_cards + arena_cards

    def add(
        self,
        code: str,
        severity: str,
        cards: Iterable[Card | str],
        message: Phrase,
        rule: str,
        statuses: tuple[LegalityEvent, ...] = (),
    ) -> None:
        names = [c if isinstance(c, str) else c.display_name for c in cards]
        self.findings.append(
            Finding(code, severity, names, message, rule, self.release, self.pool.label, statuses)
        )

    def error(
        self,
        code: str,
        cards: Iterable[Card | str],
        message: Phrase,
        rule: str,
        statuses: tuple[LegalityEvent, ...] = (),
    ) -> None:
        self.add(code, ERROR, cards, message, rule, statuses)

    def warn(self, code: str, cards: Iterable[Card | str], message: Phrase, rule: str) -> None:
        self.add(code, WARNING, cards, message, rule)

    def unique_cards(self) -> list[Card]:
        return list(self.by_key.values())

    def deck_section_cards(self) -> list[tuple[Card, int, str]]:
        """Cards the supertype rule applies to: the whole pool in constructed, the deck in limited."""
        if self.fmt.is_limited:
            return [(c, q, s) for c, q, s in self.cards if s != "sideboard"]
        return self.cards


# --- FaB rule functions ----------------------------------------------------------------------------------


def _check_entries(ctx: _Ctx) -> None:
    """CR 1.3.2b / 1.5.2: tokens and macros are never part of a card-pool; they are ignored here.
    CR 9.1.3-9.1.5: a double-faced card is a card of the category of its front face."""
    for card, qty, _sec in ctx.bad_quantity:
        ctx.error(
            "BAD_QUANTITY",
            [card],
            say(
                "{card}: quantity {quantity} is not a positive number",
                card=card.display_name,
                quantity=repr(qty),
            ),
            ctx.fmt.rule("listing"),
        )
    for card, _qty, _sec in ctx.tokens:
        macro = "Macro" in card.types
        ctx.warn(
            "TOKEN_NOT_IN_POOL",
            [card],
            say(
                "{card} is a macro; macros are not part of a card-pool and were not counted",
                card=card.display_name,
            )
            if macro
            else say(
                "{card} is a token; tokens are not part of a card-pool and were not counted",
                card=card.display_name,
            ),
            ctx.fmt.rule("macro" if macro else "token"),
        )
    for card, _qty, sec in ctx.cards:
        if card.game == "fab" and not card.types and card.other_face:
            front = ctx.db.by_identifier(card.other_face) if ctx.db is not None else None
            shown = front.display_name if front is not None else card.other_face
            ctx.error(
                "DOUBLE_FACED_BACK",
                [card],
                say(
                    "{card} is the back face of {front}; list the card by its front face",
                    card=card.name,
                    front=shown,
                ),
                ctx.fmt.rule("double_faced"),
            )
            continue
        if card.game != "fab":
            ctx.error(
                "WRONG_GAME",
                [card],
                say("{card} is not a Flesh and Blood card", card=card.display_name),
                ctx.fmt.rule("format"),
            )
        elif sec not in FAB_SECTIONS:
            ctx.warn(
                "UNKNOWN_SECTION",
                [card],
                say("{card} is listed under {section}", card=card.display_name, section=repr(sec)),
                "TR&P App E",
            )


def _check_released(ctx: _Ctx) -> None:
    """TR&P 7: constructed card-pools are built from officially released cards (TR&P 8 for limited:
    released products). A card whose first printing is released after the event's date is not yet
    in any card-pool; the finding says when it comes out and in which set."""
    subjects = ([ctx.hero] if ctx.hero is not None else []) + ctx.unique_cards()
    for card in subjects:
        if card.released_on(ctx.as_of):
            continue
        assert card.released is not None
        values = {
            "card": card.display_name,
            "date": card.released.isoformat(),
            "event_date": ctx.as_of.isoformat(),
        }
        if card.released_in and card.released_in != "override":
            message = say(
                "'{card}' is not released until {date} ({set}); the event is on {event_date}",
                set=card.released_in,
                **values,
            )
        else:
            message = say("'{card}' is not released until {date}; the event is on {event_date}", **values)
        ctx.error("NOT_YET_RELEASED", [card], message, ctx.fmt.rule("released"))


SANCTIONED_CODES = frozenset({"cc", "ll", "blitz", "sage", "commoner", "upf", "sealed", "draft"})
_NOT_UPF = SANCTIONED_CODES - {"upf"}
_MAIN_CODES = frozenset({"cc", "ll", "blitz", "sage", "commoner"})


def _stated_upf_only(card: Card) -> bool:
    """The card data states the card legal in Ultimate Pit Fight and no other sanctioned format
    (Pit-Fighter heroes, UPF promos)."""
    lf = card.legal_formats
    return bool(lf) and "upf" in lf and not lf & _NOT_UPF


def _stated_not_sanctioned(card: Card) -> bool:
    """The card data states legal formats and none of them is a sanctioned format."""
    lf = card.legal_formats
    return bool(lf) and not lf & SANCTIONED_CODES


def _check_stated_formats(ctx: _Ctx) -> None:
    """TR&P 7: the Card Legality Policy decides which released cards a format uses; card data that
    states a card legal only in Ultimate Pit Fight (TR&P 9.3), or in no sanctioned format, is followed."""
    fmt = ctx.fmt
    if fmt.is_limited or fmt.fixed_list:
        return
    subjects = ([ctx.hero] if ctx.hero is not None else []) + ctx.unique_cards()
    for card in subjects:
        lf = card.legal_formats
        if not lf or lf & _MAIN_CODES:
            continue
        if _stated_not_sanctioned(card):
            ctx.error(
                "NOT_TOURNAMENT_LEGAL",
                [card],
                say("{card} is not legal in any sanctioned format", card=card.display_name),
                "TR&P 7",
            )
        elif fmt.code != "upf" and _stated_upf_only(card):
            ctx.error(
                "UPF_ONLY",
                [card],
                say("{card} is legal only in Ultimate Pit Fight", card=card.display_name),
                "TR&P 9.3",
            )


def _upf_hero(card: Card) -> bool:
    """Heroes made for Ultimate Pit Fight (subtype Pit-Fighter, or stated legal only there)."""
    return "Pit-Fighter" in card.subtypes or _stated_upf_only(card)


def _check_hero(ctx: _Ctx) -> None:
    """TR&P 7.1 / 7.3 / 8.1: exactly one hero, adult in CC and LL, young elsewhere (CR 1.3.2a)."""
    fmt = ctx.fmt
    if not ctx.heroes:
        ctx.error(
            "HERO_MISSING", [], say("no hero: the card-pool must name exactly one hero"), fmt.rule("hero")
        )
        return
    if len(ctx.heroes) > 1:
        ctx.error(
            "HERO_COUNT",
            ctx.heroes,
            say("{count} heroes listed; a card-pool has exactly one hero", count=len(ctx.heroes)),
            fmt.rule("hero"),
        )
    hero = ctx.hero
    assert hero is not None
    if not hero.is_hero:
        ctx.error(
            "NOT_A_HERO",
            [hero],
            say("{card} is not a hero card", card=hero.display_name),
            fmt.rule("hero_card"),
        )
        return
    if fmt.code == "upf" and _upf_hero(hero):
        return
    _check_format_heroes(ctx, hero)
    if fmt.hero == "young" and not hero.young:
        ctx.error(
            "HERO_NOT_YOUNG",
            [hero],
            say("{format} needs a young hero; {hero} is an adult hero", format=fmt.name, hero=hero.name),
            fmt.rule("hero"),
        )
    elif fmt.hero == "adult" and hero.young:
        ctx.error(
            "HERO_YOUNG",
            [hero],
            say("{format} needs an adult (non-young) hero; {hero} is young", format=fmt.name, hero=hero.name),
            fmt.rule("hero"),
        )


def _format_change_for(ctx: _Ctx, field_name: str) -> Phrase | str:
    """ " (from 2026-09-18, <source>)": the dated format change that set ``field_name``."""
    for ch in reversed(ctx.format_changes):
        if ch.confirmed and field_name in ch.changes and ch.effective <= ctx.as_of:
            return say(" (from {date}, {source})", date=ch.effective.isoformat(), source=ch.source)
    return ""


def _check_format_heroes(ctx: _Ctx, hero: Card) -> None:
    """TR&P 7: the heroes a format admits on the date, as a dated format change sets them
    (``Format.heroes_benched``, ``Format.heroes_allowed``); the whole card-pool is illegal."""
    fmt = ctx.fmt
    name = normalise_name(hero.name)
    if any(normalise_name(h) == name for h in fmt.heroes_benched):
        ctx.error(
            "HERO_BANNED",
            [hero],
            say(
                "{hero} is benched in {format} on {date}{change}: the whole card-pool is illegal with this hero",
                hero=hero.name,
                format=fmt.name,
                date=ctx.as_of.isoformat(),
                change=_format_change_for(ctx, "heroes_benched"),
            ),
            fmt.rule("banned"),
        )
    if fmt.heroes_allowed is not None and not any(normalise_name(h) == name for h in fmt.heroes_allowed):
        ctx.error(
            "HERO_NOT_ALLOWED",
            [hero],
            say(
                "{hero} is not one of the heroes {format} allows on {date}{change}",
                hero=hero.name,
                format=fmt.name,
                date=ctx.as_of.isoformat(),
                change=_format_change_for(ctx, "heroes_allowed"),
            ),
            fmt.rule("hero"),
        )


def _living_legend(card: Card, list_code: str, day: date, infer: bool = True) -> bool:
    """CR 9.4 / TR&P 7.1, 7.3: the card (hero or signature weapon) is a living legend in ``list_code``.

    Card data with dated living-legend lists (the-fab-cube) is used as is. Data that only
    states current legal formats (fabrary) marks a living legend by being legal in Living
    Legend but not in Classic Constructed without being banned there.
    """
    if "living_legend" in card.statuses_on(list_code, day):
        return True
    if not infer or _has_ll_history(card) or not card.legal_formats:
        return False
    if list_code == "cc" and not card.young:
        return (
            "ll" in card.legal_formats
            and "cc" not in card.legal_formats
            and "banned" not in card.statuses_on("cc", day)
            and "open" in card.legal_formats
            and (card.is_hero or "Weapon" in card.types)
        )
    return False


def _check_living_legend(ctx: _Ctx) -> None:
    """TR&P 7.1 (CC: living legend heroes and their signature weapons), 7.3 (Blitz: heroes only), 7.2 (LL: legal).

    The Blitz living-legend list also names weapons; TR&P 7.3 bars only the heroes, so the
    weapons stay legal in Blitz, Commoner and Ultimate Pit Fight.
    """
    fmt = ctx.fmt
    if fmt.living_legend_heroes_legal or fmt.game != "fab":
        return
    list_code = "cc" if fmt.hero == "adult" else "blitz"
    hero = ctx.hero
    infer = ctx.infer_living_legends
    if hero is not None and hero.is_hero and _living_legend(hero, list_code, ctx.as_of, infer):
        evs = _events(hero, (list_code,), ctx.as_of, "living_legend")
        ctx.error(
            "LIVING_LEGEND_HERO",
            [hero],
            say(
                "{hero} is a living legend{since} and is not legal in {format}",
                hero=hero.name,
                since=_since(evs),
                format=fmt.name,
            ),
            fmt.rule("living_legend"),
            evs,
        )
    if fmt.living_legend_weapons_legal:
        return
    for card in ctx.unique_cards():
        if "Weapon" in card.types and _living_legend(card, list_code, ctx.as_of, infer):
            evs = _events(card, (list_code,), ctx.as_of, "living_legend")
            ctx.error(
                "LIVING_LEGEND_WEAPON",
                [card],
                say(
                    "{card} is the signature weapon of a living legend{since} and is not legal in {format}",
                    card=card.name,
                    since=_since(evs),
                    format=fmt.name,
                ),
                fmt.rule("living_legend"),
                evs,
            )


def _check_lists(ctx: _Ctx) -> None:
    """TR&P 7: banned cards can't be in a card-pool, restricted ones at most 1 copy; PPG 4.4 suspended."""
    fmt = ctx.fmt
    if not fmt.legality_lists:
        return
    subjects: list[Card] = ([ctx.hero] if ctx.hero is not None else []) + ctx.unique_cards()
    for card in subjects:
        if not card.legality_history:
            continue
        st = _statuses(card, fmt.legality_lists, ctx.as_of)
        if not st:
            continue
        when = ctx.as_of.isoformat()
        lists = fmt.legality_lists
        if "banned" in st:
            evs = _events(card, lists, ctx.as_of, "banned")
            if _reported_as_living_legend(ctx, card):
                continue
            if card.is_hero and card is ctx.hero:
                # A banned hero ("benched" in Silver Age) makes the whole card-pool illegal.
                values = {"hero": card.name, "format": fmt.name, "date": when, "since": _since(evs)}
                message = (
                    say(
                        "{hero} is benched (banned) in {format} on {date}{since}: the whole card-pool is "
                        "illegal with this hero",
                        **values,
                    )
                    if fmt.code == "sage"
                    else say(
                        "{hero} is banned in {format} on {date}{since}: the whole card-pool is illegal with this hero",
                        **values,
                    )
                )
                ctx.error("HERO_BANNED", [card], message, fmt.rule("banned"), evs)
                continue
            ctx.error(
                "BANNED",
                [card],
                say(
                    "{card} is banned in {format} on {date}{since}",
                    card=card.display_name,
                    format=fmt.name,
                    date=when,
                    since=_since(evs),
                ),
                fmt.rule("banned"),
                evs,
            )
        elif "suspended" in st:
            evs = _events(card, lists, ctx.as_of, "suspended")
            ctx.error(
                "SUSPENDED",
                [card],
                say(
                    "{card} is suspended in {format} on {date}{since}",
                    card=card.display_name,
                    format=fmt.name,
                    date=when,
                    since=_since(evs),
                ),
                fmt.rule("suspended"),
                evs,
            )
        if "rotated" in st and not {"banned", "suspended"} & st:
            evs = _events(card, lists, ctx.as_of, "rotated")
            ctx.error(
                "ROTATED",
                [card],
                say(
                    "{card} is not in the {format} card pool on {date}: rotated out{since}",
                    card=card.display_name,
                    format=fmt.name,
                    date=when,
                    since=_since(evs),
                ),
                fmt.rule("rotation"),
                evs,
            )
        if "restricted" in st and ctx.counts.get(card.key, 0) > 1:
            evs = _events(card, lists, ctx.as_of, "restricted")
            ctx.error(
                "RESTRICTED",
                [card],
                say(
                    "{count} copies of {card}; it is restricted in {format}{since}, so at most 1",
                    count=ctx.counts[card.key],
                    card=card.display_name,
                    format=fmt.name,
                    since=_since(evs),
                ),
                fmt.rule("restricted"),
                evs,
            )


def _reported_as_living_legend(ctx: _Ctx, card: Card) -> bool:
    """TR&P 7.1: a living legend is reported as such, not a second time as "banned"."""
    return any(
        f.code in ("LIVING_LEGEND_HERO", "LIVING_LEGEND_WEAPON")
        and card.display_name in f.cards
        or f.code == "LIVING_LEGEND_HERO"
        and card.name in f.cards
        for f in ctx.findings
    )


def _hero_supertypes(ctx: _Ctx) -> frozenset[str]:
    hero = ctx.hero
    if hero is None:
        return frozenset()
    # CR 8.3.16: Essence of [SUPERTYPES] lets those supertypes in as though the hero had them.
    return hero.supertypes | hero.essences


_Allowance = tuple[Callable[[Card, "re.Match[str]"], bool], "re.Match[str]"]
_ALLOWANCE_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[Card, re.Match[str]], bool]], ...] = (
    (re.compile(r"may have equipment of any class or talent", re.I), lambda c, m: "Equipment" in c.types),
    (
        re.compile(r"may have cards with (\w+) of any class or talent", re.I),
        lambda c, m: m.group(1).casefold() in {k.casefold() for k in c.keywords},
    ),
    (
        re.compile(r"may have cards with (\w+) in their name of any class or talent", re.I),
        lambda c, m: re.search(rf"\b{re.escape(m.group(1))}\b", c.name, re.I) is not None,
    ),
    (re.compile(r"may have specialization cards of any hero", re.I), lambda c, m: bool(c.specializations)),
)
_ALLOWANCE_CACHE: dict[str, tuple[_Allowance, ...]] = {}


def _hero_allowances(hero: Card) -> tuple[_Allowance, ...]:
    key = hero.identifier
    found = _ALLOWANCE_CACHE.get(key)
    if found is None:
        text = (hero.functional_text or "").replace("*", "")
        found = tuple((pred, m) for pat, pred in _ALLOWANCE_PATTERNS if (m := pat.search(text)))
        _ALLOWANCE_CACHE[key] = found
    return found


def _allows_other_supertypes(ctx: _Ctx, card: Card) -> bool:
    """CR 1.1.3a: a hero's meta-static text lets the player include cards outside the supertype subset.

    Recognised hero texts: equipment of any class or talent (Taylor), cards with a keyword of
    any class or talent (Brutus: clash), cards with a word in their name (The Librarian: Tome),
    specialization cards of any hero (Shiyana).
    """
    hero = ctx.hero
    if hero is None:
        return False
    return any(pred(card, m) for pred, m in _hero_allowances(hero))


_ONLY_RED = re.compile(r"may only have red cards in your deck", re.I)


def _check_hero_restrictions(ctx: _Ctx) -> None:
    """CR 1.1.3a (card text calls the card-pool the deck): hero meta-static restrictions,
    e.g. Emperor, Dracai of Aesir allows only red deck-cards."""
    hero = ctx.hero
    if hero is None or not hero.is_hero:
        return
    text = (hero.functional_text or "").replace("*", "")
    if _ONLY_RED.search(text):
        for card in ctx.unique_cards():
            if card.is_deck_card and card.pitch != 1:
                ctx.error(
                    "HERO_RESTRICTION",
                    [card],
                    say(
                        "{hero} may only have red cards in the deck; {card} is not red",
                        hero=hero.name,
                        card=card.display_name,
                    ),
                    ctx.fmt.rule("start_outside"),
                )


def _check_supertypes(ctx: _Ctx) -> None:
    """CR 1.1.3 subset rule; CR 1.1.3b hybrid (either set); CR 9.2.2a split (both sides); CR 8.3.35 Universal."""
    hero = ctx.hero
    if hero is None or not hero.is_hero:
        return
    allowed = _hero_supertypes(ctx)
    allowances = _hero_allowances(hero)
    seen: set[tuple[str, int | None]] = set()
    for card, _qty, _sec in ctx.deck_section_cards():
        key = (card.name, card.pitch)
        if key in seen:
            continue
        seen.add(key)
        if card.supertypes <= allowed and not card.hybrid_class_sets and "//" not in card.name:
            continue
        if allowances and any(pred(card, m) for pred, m in allowances):
            continue
        universal = "Universal" in card.keywords
        if _is_split(card):
            sides = _side_supertypes(card.type_text)
            if universal:
                sides = [s - CLASSES for s in sides]
            bad = [s for s in sides if not s <= allowed]
            if bad:
                extra = sorted(set().union(*bad) - allowed)
                ctx.error(
                    "SPLIT_SUPERTYPE",
                    [card],
                    say(
                        "{card} is a split card and both sides must fit {hero}; {supertypes} does not",
                        card=card.name,
                        hero=hero.name,
                        supertypes=", ".join(extra),
                    ),
                    ctx.fmt.rule("split"),
                )
            continue
        if card.hybrid_class_sets:
            sets = [s - CLASSES if universal else s for s in card.hybrid_class_sets]
            non_hybrid = card.supertypes - frozenset().union(*card.hybrid_class_sets)
            if any((s | non_hybrid) <= allowed for s in sets):
                continue
            ctx.error(
                "HYBRID_SUPERTYPE",
                [card],
                say(
                    "{card} is a hybrid card and none of its sides ({sides}) fits {hero} ({allowed})",
                    card=card.display_name,
                    sides=", ".join("/".join(sorted(s)) for s in card.hybrid_class_sets),
                    hero=hero.name,
                    allowed=", ".join(sorted(allowed)) or "Generic",
                ),
                ctx.fmt.rule("hybrid"),
            )
            continue
        st = card.talents if universal else card.supertypes
        if not st <= allowed:
            extra = sorted(st - allowed)
            ctx.error(
                "SUPERTYPE",
                [card],
                say(
                    "{card} is {supertypes}; {hero} ({allowed}) can't include {extra} cards",
                    card=card.display_name,
                    supertypes=" ".join(sorted(card.supertypes)),
                    hero=hero.name,
                    allowed=", ".join(sorted(allowed)) or "Generic",
                    extra=", ".join(extra),
                ),
                ctx.fmt.rule("supertypes"),
            )


def _any_hero_specialization(hero: Card) -> bool:
    text = (hero.functional_text or "").replace("*", "").lower()
    return "specialization cards of any hero" in text


def _moniker(hero: Card) -> str:
    if hero.hero:
        return hero.hero
    # CR 2.7.3: the moniker of a personal name precedes the comma.
    return hero.name.split(",")[0].strip()


def _check_specialization(ctx: _Ctx) -> None:
    """CR 8.3.7: "[HERO] Specialization" cards need a hero with that moniker (Shiyana: any hero)."""
    hero = ctx.hero
    if hero is None or not hero.is_hero:
        return
    if _any_hero_specialization(hero):
        return
    moniker = _moniker(hero)
    monikers = {moniker, hero.name}
    for card, _qty, _sec in ctx.deck_section_cards():
        if card.specializations and not (card.specializations & monikers):
            ctx.error(
                "SPECIALIZATION",
                [card],
                say(
                    "{card} is a {heroes} specialization; {hero} can't include it",
                    card=card.display_name,
                    heroes=" / ".join(sorted(card.specializations)),
                    hero=hero.name,
                ),
                ctx.fmt.rule("specialization"),
            )


def _check_metatypes(ctx: _Ctx) -> None:
    """CR 2.6.6: a hero-metatype card is only legal with a hero of that moniker."""
    hero = ctx.hero
    if hero is None or not hero.is_hero:
        return
    moniker = _moniker(hero)
    known = _hero_monikers(ctx.db)
    for card in ctx.unique_cards():
        hero_meta = {m for m in card.metatypes if m in known}
        if hero_meta and moniker not in hero_meta:
            ctx.error(
                "HERO_METATYPE",
                [card],
                say(
                    "{card} can only be played by {heroes}",
                    card=card.display_name,
                    heroes=" / ".join(sorted(hero_meta)),
                ),
                ctx.fmt.rule("metatype"),
            )


_MONIKER_CACHE: dict[int, frozenset[str]] = {}


def _hero_monikers(db: Any) -> frozenset[str]:
    if db is None:
        return frozenset()
    key = id(db)
    cached = _MONIKER_CACHE.get(key)
    if cached is None:
        try:
            cached = frozenset(_moniker(h) for h in db.heroes())
        except Exception:
            cached = frozenset()
        _MONIKER_CACHE[key] = cached
    return cached


def _check_card_abilities(ctx: _Ctx) -> None:
    """CR 8.3.21a Ephemeral can't be in a card-pool; CR 8.1.10a Mentor needs a young hero; CR 1.3.2d arena-cards."""
    hero = ctx.hero
    for card in ctx.unique_cards():
        if "Ephemeral" in card.keywords:
            ctx.error(
                "EPHEMERAL",
                [card],
                say("{card} is ephemeral and can't be in a card-pool", card=card.display_name),
                ctx.fmt.rule("ephemeral"),
            )
        if "Mentor" in card.types and hero is not None and hero.is_hero and not hero.young:
            ctx.error(
                "MENTOR_NEEDS_YOUNG_HERO",
                [card],
                say("{card} is a mentor; only a young hero can include it", card=card.display_name),
                ctx.fmt.rule("mentor"),
            )
    for card, _qty, sec in ctx.cards:
        if sec == "deck" and not ctx.deck_flag[card.key] and card.is_arena_card:
            ctx.warn(
                "ARENA_CARD_IN_DECK",
                [card],
                say(
                    "{card} is an arena-card listed with the deck-cards; it can't start in the deck",
                    card=card.display_name,
                ),
                ctx.fmt.rule("arena"),
            )
        elif sec == "arena" and ctx.deck_flag[card.key]:
            ctx.warn(
                "DECK_CARD_IN_ARENA",
                [card],
                say("{card} is a deck-card listed with the arena-cards", card=card.display_name),
                "TR&P App E",
            )


_ANY_NUMBER = re.compile(r"may have any number of (.+?) in your deck", re.I)


def _unlimited_names(hero: Card | None) -> frozenset[str]:
    """Hero text "You may have any number of [NAME] in your deck" (e.g. Brevant: Chivalry)."""
    if hero is None:
        return frozenset()
    return frozenset(
        m.group(1).strip().casefold()
        for m in _ANY_NUMBER.finditer((hero.functional_text or "").replace("*", ""))
    )


def _check_copies(ctx: _Ctx) -> None:
    """TR&P 7.1/7.3 copy limits per unique card (CR 1.3.4: name and pitch); CR 8.3.40 Unlimited; CR 8.3.6
    Legendary; hero text allowing any number of a named card (CR 1.1.3a)."""
    fmt = ctx.fmt
    limit = fmt.copy_limit
    legendary = fmt.legendary_applies
    if fmt.is_limited:
        counts: Counter[Any] = Counter()
        for card, qty, sec in ctx.cards:
            if sec != "sideboard":
                counts[card.key] += qty
    else:
        counts = ctx.counts
    any_number = _unlimited_names(ctx.hero)
    for key, n in counts.items():
        card = ctx.by_key[key]
        if "Unlimited" in card.keywords or card.name.casefold() in any_number:
            continue
        if legendary and card.legendary and n > 1:
            ctx.error(
                "LEGENDARY",
                [card],
                say(
                    "{count} copies of {card}; it is legendary, so at most 1 in the deck",
                    count=n,
                    card=card.display_name,
                )
                if fmt.is_limited
                else say(
                    "{count} copies of {card}; it is legendary, so at most 1 in the card-pool",
                    count=n,
                    card=card.display_name,
                ),
                fmt.rule("legendary"),
            )
            continue
        if limit is not None and n > limit:
            ctx.error(
                "COPY_LIMIT",
                [card],
                say(
                    "{count} copies of {card}; {format} allows {limit}",
                    count=n,
                    card=card.display_name,
                    format=fmt.name,
                    limit=limit,
                ),
                fmt.rule("copies"),
            )


def _check_sizes(ctx: _Ctx) -> None:
    """TR&P 7.1 (80 / at least 60), 7.3 (52 / exactly 40), 8.1-8.2 (exactly 30); TR&P'23 7.2 (11 + 40)."""
    fmt = ctx.fmt
    if fmt.pool_max is not None and ctx.pool_size > fmt.pool_max and not fmt.is_limited:
        ctx.error(
            "POOL_TOO_LARGE",
            [],
            say(
                "{count} cards ({arena} arena + {deck} deck); {format} allows at most {limit} besides the hero",
                count=ctx.pool_size,
                arena=ctx.arena_cards,
                deck=ctx.deck_cards,
                format=fmt.name,
                limit=fmt.pool_max,
            ),
            fmt.rule("size"),
        )
    if fmt.arena_exact is not None and ctx.arena_cards != fmt.arena_exact:
        ctx.error(
            "ARENA_COUNT",
            [],
            say_n(
                "{count} arena-card; {format} needs exactly {limit}",
                "{count} arena-cards; {format} needs exactly {limit}",
                ctx.arena_cards,
                format=fmt.name,
                limit=fmt.arena_exact,
            ),
            fmt.rule("size"),
        )
    if fmt.arena_exact is not None and fmt.deck_max is not None and ctx.deck_cards != fmt.deck_max:
        ctx.error(
            "DECK_COUNT",
            [],
            say_n(
                "{count} deck-card; {format} needs exactly {limit}",
                "{count} deck-cards; {format} needs exactly {limit}",
                ctx.deck_cards,
                format=fmt.name,
                limit=fmt.deck_max,
            ),
            fmt.rule("size"),
        )
        return
    if fmt.deck_min is None:
        return
    exact = fmt.deck_max is not None and fmt.deck_max == fmt.deck_min
    if ctx.has_sideboard or (fmt.is_limited and ctx.pool.registered is not None):
        n = ctx.starting_deck
        if n < fmt.deck_min or (fmt.deck_max is not None and n > fmt.deck_max):
            values = {"format": fmt.name, "minimum": fmt.deck_min, "maximum": fmt.deck_max or ""}
            if exact:
                message = say_n(
                    "{count} deck-card in the deck; {format} needs exactly {minimum}",
                    "{count} deck-cards in the deck; {format} needs exactly {minimum}",
                    n,
                    **values,
                )
            elif fmt.deck_max:
                message = say_n(
                    "{count} deck-card in the deck; {format} needs {minimum} to {maximum}",
                    "{count} deck-cards in the deck; {format} needs {minimum} to {maximum}",
                    n,
                    **values,
                )
            else:
                message = say_n(
                    "{count} deck-card in the deck; {format} needs at least {minimum}",
                    "{count} deck-cards in the deck; {format} needs at least {minimum}",
                    n,
                    **values,
                )
            ctx.error("DECK_SIZE", [], message, fmt.rule("size"))
    elif ctx.deck_cards < fmt.deck_min:
        if exact:
            message = say_n(
                "only {count} deck-card; {format} needs exactly {minimum} in the deck",
                "only {count} deck-cards; {format} needs exactly {minimum} in the deck",
                ctx.deck_cards,
                format=fmt.name,
                minimum=fmt.deck_min,
            )
        else:
            message = say_n(
                "only {count} deck-card; {format} needs at least {minimum} in the deck",
                "only {count} deck-cards; {format} needs at least {minimum} in the deck",
                ctx.deck_cards,
                format=fmt.name,
                minimum=fmt.deck_min,
            )
        ctx.error("DECK_SIZE", [], message, fmt.rule("size"))


def _commoner_class(card: Card) -> str:
    """TR&P 7.4: "common" if ever printed at token or common rarity, else "rare" if ever at rare."""
    rarities = card.rarities
    if rarities & COMMONER_COMMON_RARITIES - {"Basic"}:
        return "common"
    if rarities & COMMONER_RARE_RARITIES:
        return "rare"
    return "other"


def _check_rarity(ctx: _Ctx) -> None:
    """TR&P 7.4 Commoner (hero and arena: common or rare; deck: common); Silver Age printed rarities."""
    fmt = ctx.fmt
    if fmt.rarity_rule is None:
        return
    subjects = ([ctx.hero] if ctx.hero is not None and ctx.hero.is_hero else []) + ctx.unique_cards()
    for card in subjects:
        shown = ", ".join(sorted(card.rarities)) or "unknown"
        if fmt.rarity_rule == "commoner":
            kind = _commoner_class(card)
            if card.is_deck_card and kind != "common":
                ctx.error(
                    "COMMONER_RARITY",
                    [card],
                    say(
                        "{card} was never printed at common or token rarity ({rarities}); Commoner deck-cards "
                        "must be common",
                        card=card.display_name,
                        rarities=shown,
                    ),
                    fmt.rule("rarity"),
                )
            elif not card.is_deck_card and kind == "other":
                ctx.error(
                    "COMMONER_RARITY",
                    [card],
                    say(
                        "{card} was never printed at common, token or rare rarity ({rarities}); Commoner heroes "
                        "and arena-cards must be common or rare",
                        card=card.display_name,
                        rarities=shown,
                    ),
                    fmt.rule("rarity"),
                )
        elif fmt.rarity_rule == "silver_age" and not card.rarities & SILVER_AGE_RARITIES:
            ctx.error(
                "SILVER_AGE_RARITY",
                [card],
                say(
                    "{card} was never printed at Basic, Token, Common or Rare rarity ({rarities})",
                    card=card.display_name,
                    rarities=shown,
                ),
                fmt.rule("rarity"),
            )


def _token_rarity_from_sets(card: Card, set_codes: frozenset[str]) -> bool:
    return any(p.rarity == "Token" and (not set_codes or p.set_code in set_codes) for p in card.printings)


def _check_limited(ctx: _Ctx) -> None:
    """TR&P 8.1, 8.2: young hero from the set(s); the deck comes from the registered limited pool
    plus any token-rarity cards of the set(s); App F Uprising: at most 3 Phoenix Flame."""
    fmt = ctx.fmt
    pool = ctx.pool
    if not fmt.is_limited:
        return
    _check_set_rules(ctx)
    if fmt.code not in ("sealed", "draft"):
        return
    hero = ctx.hero
    if hero is not None and hero.is_hero and pool.set_codes and not hero.set_codes & pool.set_codes:
        ctx.error(
            "HERO_NOT_FROM_SET",
            [hero],
            say(
                "{hero} was not printed in {sets}; limited heroes come from the set(s) used",
                hero=hero.name,
                sets=", ".join(sorted(pool.set_codes)),
            ),
            fmt.rule("hero"),
        )
    if pool.set_codes:
        for card in ctx.unique_cards():
            if not card.set_codes & pool.set_codes:
                ctx.error(
                    "CARD_NOT_FROM_SET",
                    [card],
                    say(
                        "{card} was not printed in {sets}",
                        card=card.display_name,
                        sets=", ".join(sorted(pool.set_codes)),
                    ),
                    fmt.rule("pool"),
                )
    if pool.registered is not None:
        registered: Counter[Any] = Counter()
        for card, qty in pool.registered:
            registered[card.key] += qty
        used: Counter[Any] = Counter()
        for card, qty, _sec in ctx.cards:
            used[card.key] += qty
        for key, n in used.items():
            card = ctx.by_key[key]
            if _token_rarity_from_sets(card, pool.set_codes):
                continue
            if n > registered.get(key, 0):
                ctx.error(
                    "NOT_IN_REGISTERED_POOL",
                    [card],
                    say(
                        "{count} {card} played but {registered} registered",
                        count=n,
                        card=card.display_name,
                        registered=registered.get(key, 0),
                    ),
                    fmt.rule("pool"),
                )


def _check_set_rules(ctx: _Ctx) -> None:
    """TR&P App F set-specific rules for every limited format (sealed, draft, Blitz Preconstructed):
    Uprising allows at most 3 Phoenix Flame per limited card-pool; TR&P'23 8.2 counted them per deck."""
    fmt = ctx.fmt
    pool = ctx.pool
    if "UPR" not in pool.set_codes:
        return
    per_deck = fmt.edition == "2023" or pool.registered is None
    if per_deck:
        n = sum(q for c, q, s in ctx.cards if c.name == "Phoenix Flame" and s != "sideboard")
        in_deck = fmt.edition == "2023"
    else:
        n = sum(q for c, q in pool.registered or [] if c.name == "Phoenix Flame")
        in_deck = False
    if n > 3:
        rule = "TR&P'23 8.2" if fmt.edition == "2023" else fmt.rule("set_rules")
        ctx.error(
            "SET_CARD_LIMIT",
            ["Phoenix Flame"],
            say("{count} Phoenix Flame; Uprising allows at most 3 per deck", count=n)
            if in_deck
            else say("{count} Phoenix Flame; Uprising allows at most 3 per limited card-pool", count=n),
            rule,
        )


def _check_fixed_list(ctx: _Ctx) -> None:
    """TR&P 9.1: the Ira Learn-to-Play card-pool is a fixed list."""
    fmt = ctx.fmt
    if not fmt.fixed_list:
        return
    want: Counter[Any] = Counter()
    for name, pitch, qty in fmt.fixed_list:
        want[(name.casefold(), pitch)] += qty
    have: Counter[Any] = Counter()
    shown: dict[tuple[str, int | None], str] = {}
    for card in ctx.heroes:
        have[(card.name.casefold(), card.pitch)] += 1
        shown[(card.name.casefold(), card.pitch)] = card.display_name
    for card, qty, _sec in ctx.cards:
        have[(card.name.casefold(), card.pitch)] += qty
        shown[(card.name.casefold(), card.pitch)] = card.display_name
    for name, pitch, qty in fmt.fixed_list:
        key = (name.casefold(), pitch)
        if have.get(key, 0) != qty:
            label = f"{name} ({ {1: 'red', 2: 'yellow', 3: 'blue'}[pitch] })" if pitch else name
            ctx.error(
                "FIXED_LIST",
                [label],
                say(
                    "{card}: {count} listed, the {format} list has {wanted}",
                    card=label,
                    count=have.get(key, 0),
                    format=fmt.name,
                    wanted=qty,
                ),
                fmt.rule("fixed"),
            )
    for key, _n in have.items():
        if key not in want:
            ctx.error(
                "FIXED_LIST",
                [shown[key]],
                say("{card} is not in the {format} list", card=shown[key], format=fmt.name),
                fmt.rule("fixed"),
            )


FAB_RULES: tuple[Callable[[_Ctx], None], ...] = (
    _check_entries,
    _check_released,
    _check_hero,
    _check_stated_formats,
    _check_living_legend,
    _check_lists,
    _check_supertypes,
    _check_specialization,
    _check_hero_restrictions,
    _check_metatypes,
    _check_card_abilities,
    _check_copies,
    _check_sizes,
    _check_rarity,
    _check_limited,
    _check_fixed_list,
)


# --- Grand Archive ----------------------------------------------------------------------------------------


def _ga_is_champion(card: Card) -> bool:
    return "Champion" in card.types or "CHAMPION" in card.types


def _ga_is_regalia(card: Card) -> bool:
    return bool({"Regalia", "REGALIA"} & (card.types | card.subtypes))


def _ga_level(card: Card) -> int | None:
    try:
        return int(str(card.level).strip()) if card.level not in (None, "") else None
    except ValueError:
        return None


def _lineage_name(card: Card) -> str:
    """GA 1.6.a.2: a champion's lineage name is its name without titles ("Lorraine, Blademaster" -> "Lorraine")."""
    return card.name.split(",")[0].strip().casefold()


_LINEAGE_TEXT = re.compile(r"\b([A-Z][\w'\-]+) Lineage\b")


def _check_ga_lineage(champions: list[Card], add: Callable[..., None]) -> None:
    """GA 1.7.a.4 / 1.7.a.4.a: a champion of level N+1 levels up from a level N champion; GA X.A.11:
    a champion with Lineage must level from the named champion. A champion in the material deck
    that no other champion there can lead to can never be materialized: a warning (GA 1.5 only
    requires a level 0 champion)."""
    by_level: dict[int, list[Card]] = {}
    for c in champions:
        lv = _ga_level(c)
        if lv is not None:
            by_level.setdefault(lv, []).append(c)
    for c in champions:
        lv = _ga_level(c)
        if lv is None or lv < 1:
            continue
        below = by_level.get(lv - 1, [])
        if not below:
            add(
                "CHAMPION_LEVEL_GAP",
                WARNING,
                [c],
                say(
                    "{champion} is level {level} but the material deck has no level {below} champion to level up from",
                    champion=c.name,
                    level=lv,
                    below=lv - 1,
                ),
                "GA 1.7.a.4",
            )
            continue
        named = {m.group(1).casefold() for m in _LINEAGE_TEXT.finditer(c.functional_text or "")}
        if "Lineage" in c.keywords or named:
            wanted = named or {_lineage_name(c)}
            if not any(_lineage_name(b) in wanted for b in below):
                add(
                    "CHAMPION_LINEAGE",
                    WARNING,
                    [c],
                    say(
                        "{champion} must level up from a level {below} {lineage} champion; the material deck has none",
                        champion=c.name,
                        below=lv - 1,
                        lineage="/".join(sorted(wanted)).title(),
                    ),
                    "GA X.A.11",
                )


#: GA TRG Standard Constructed: a sideboard card costs 1 point, a regalia or champion 3.
GA_SIDEBOARD_POINTS_MAIN = 1
GA_SIDEBOARD_POINTS_MATERIAL = 3


def ga_sideboard_points(card: Card) -> int:
    """Sideboard points of one copy of ``card`` (GA TRG Standard Constructed)."""
    if _ga_is_champion(card) or _ga_is_regalia(card):
        return GA_SIDEBOARD_POINTS_MATERIAL
    return GA_SIDEBOARD_POINTS_MAIN


def _check_ga_sideboard(
    fmt: Format, sideboard: Counter[Any], by_name: dict[str, Card], add: Callable[..., None]
) -> None:
    """GA TRG Format Conventions: Standard allows at most 15 sideboard cards and at most 15 points
    (a main-deck card 1 point, a regalia or champion 3); Team Standard and Pantheon have no sideboard."""
    if not sideboard:
        return
    names = sorted(by_name[n].name for n in sideboard)
    if not fmt.sideboard_allowed:
        add(
            "SIDEBOARD_NOT_ALLOWED",
            ERROR,
            names,
            say_n(
                "{format} has no sideboard; {count} card listed in it",
                "{format} has no sideboard; {count} cards listed in it",
                sum(sideboard.values()),
                format=fmt.name,
            ),
            fmt.rule("sideboard"),
        )
        return
    count = sum(sideboard.values())
    if fmt.sideboard_max is not None and count > fmt.sideboard_max:
        add(
            "SIDEBOARD_SIZE",
            ERROR,
            [],
            say(
                "{count} cards in the sideboard; {format} allows at most {limit}",
                count=count,
                format=fmt.name,
                limit=fmt.sideboard_max,
            ),
            fmt.rule("sideboard"),
        )
    if fmt.sideboard_points_max is not None:
        points = sum(ga_sideboard_points(by_name[n]) * q for n, q in sideboard.items())
        if points > fmt.sideboard_points_max:
            heavy = sorted(by_name[n].name for n in sideboard if ga_sideboard_points(by_name[n]) > 1)
            add(
                "SIDEBOARD_POINTS",
                ERROR,
                heavy,
                say(
                    "the sideboard is worth {points} points; {format} allows at most {limit} (a main-deck card "
                    "counts 1, a regalia or champion 3)",
                    points=points,
                    format=fmt.name,
                    limit=fmt.sideboard_points_max,
                ),
                fmt.rule("sideboard"),
            )


def _check_ga(pool: CardPool, fmt: Format, release: str, as_of: date) -> list[Finding]:
    """GA 1.5.1 (standard) and 1.5.2 (draft): main deck, material deck, Lv 0 champion."""
    findings: list[Finding] = []

    def add(code: str, severity: str, cards: Iterable[Card | str], message: Phrase, rule: str) -> None:
        names = [c if isinstance(c, str) else c.name for c in cards]
        findings.append(Finding(code, severity, names, message, rule, release, pool.label))

    main: Counter[Any] = Counter()
    material: Counter[Any] = Counter()
    sideboard: Counter[Any] = Counter()
    by_name: dict[str, Card] = {}
    entries = list(pool.entries)
    if pool.hero is not None:
        entries.insert(0, (pool.hero, 1, "material"))
    for card, qty, sec in entries:
        if not isinstance(qty, int) or qty < 1:
            add(
                "BAD_QUANTITY",
                ERROR,
                [card],
                say(
                    "{card}: quantity {quantity} is not a positive number", card=card.name, quantity=repr(qty)
                ),
                "GA 1.5",
            )
            continue
        if card.game != "ga":
            add(
                "WRONG_GAME",
                ERROR,
                [card],
                say("{card} is not a Grand Archive card", card=card.name),
                fmt.rule("format"),
            )
            continue
        by_name.setdefault(card.name.casefold(), card)
        if sec == "sideboard":
            sideboard[card.name.casefold()] += qty
            continue
        is_material_kind = _ga_is_champion(card) or _ga_is_regalia(card)
        if sec in ("champion", "material"):
            if not is_material_kind:
                add(
                    "MATERIAL_TYPE",
                    ERROR,
                    [card],
                    say(
                        "{card} is not a champion or regalia card and can't be in the material deck",
                        card=card.name,
                    ),
                    fmt.rule("material_types"),
                )
            material[card.name.casefold()] += qty
        else:
            if is_material_kind:
                add(
                    "MAIN_DECK_TYPE",
                    ERROR,
                    [card],
                    say("{card} is a champion or regalia card and can't be in the main deck", card=card.name),
                    fmt.rule("main_types"),
                )
            main[card.name.casefold()] += qty
    n_main = sum(main.values())
    n_material = sum(material.values())
    if fmt.deck_min is not None and n_main < fmt.deck_min:
        add(
            "MAIN_DECK_SIZE",
            ERROR,
            [],
            say(
                "{count} cards in the main deck; {format} needs at least {minimum}",
                count=n_main,
                format=fmt.name,
                minimum=fmt.deck_min,
            ),
            fmt.rule("size"),
        )
    if fmt.copy_limit is not None:
        for name, n in main.items():
            if n > fmt.copy_limit:
                add(
                    "COPY_LIMIT",
                    ERROR,
                    [by_name[name]],
                    say(
                        "{count} copies of {card} in the main deck; at most {limit}",
                        count=n,
                        card=by_name[name].name,
                        limit=fmt.copy_limit,
                    ),
                    fmt.rule("copies"),
                )
    if fmt.material_max is not None and n_material > fmt.material_max:
        add(
            "MATERIAL_DECK_SIZE",
            ERROR,
            [],
            say(
                "{count} cards in the material deck; {format} allows at most {limit}",
                count=n_material,
                format=fmt.name,
                limit=fmt.material_max,
            ),
            fmt.rule("material"),
        )
    if fmt.material_min is not None and n_material < fmt.material_min:
        exactly = fmt.material_min == fmt.material_max
        add(
            "MATERIAL_DECK_SIZE",
            ERROR,
            [],
            say(
                "{count} cards in the material deck; {format} needs exactly {minimum}",
                count=n_material,
                format=fmt.name,
                minimum=fmt.material_min,
            )
            if exactly
            else say(
                "{count} cards in the material deck; {format} needs at least {minimum}",
                count=n_material,
                format=fmt.name,
                minimum=fmt.material_min,
            ),
            fmt.rule("material"),
        )
    _check_ga_sideboard(fmt, sideboard, by_name, add)
    if fmt.material_copy_limit is not None:
        for name, n in material.items():
            if n > fmt.material_copy_limit:
                add(
                    "MATERIAL_COPY_LIMIT",
                    ERROR,
                    [by_name[name]],
                    say(
                        "{count} copies of {card} in the material deck; at most {limit}",
                        count=n,
                        card=by_name[name].name,
                        limit=fmt.material_copy_limit,
                    ),
                    fmt.rule("material_copies"),
                )
    champions = [by_name[n] for n in material if _ga_is_champion(by_name[n])]
    level0 = [c for c in champions if _ga_level(c) == 0]
    if fmt.needs_level0_champion and not level0:
        add(
            "NO_LEVEL0_CHAMPION",
            ERROR,
            [],
            say("the material deck has no level 0 champion"),
            fmt.rule("champion"),
        )
    elif level0 and not any(
        "Spirit" in (c.ga_classes or frozenset()) | c.classes | c.subtypes for c in level0
    ):
        add(
            "NO_LEVEL0_SPIRIT",
            WARNING,
            level0,
            say("no level 0 Spirit champion: the first turn puts one onto the field"),
            fmt.rule("spirit"),
        )
    # GA 1.6.d.2-1.6.d.4: elements gate activation, not legality; Norm is always enabled and the
    # champions' elements enable the others, so a main-deck card no champion can enable is a warning.
    enabled = {"Norm"} | {
        by_name[n].element for n in material if _ga_is_champion(by_name[n]) and by_name[n].element
    }
    dead = sorted({by_name[n].name for n in main if by_name[n].element and by_name[n].element not in enabled})
    if dead and material:
        add(
            "ELEMENT_NOT_ENABLED",
            WARNING,
            dead,
            say("no champion in the material deck enables the element of {cards}", cards=", ".join(dead))
            if len(dead) <= 5
            else say_n(
                "no champion in the material deck enables the element of {cards} and {count} more",
                "no champion in the material deck enables the element of {cards} and {count} more",
                len(dead) - 5,
                cards=", ".join(dead[:5]),
            ),
            "GA 1.6.d.4",
        )
    ban_lists = tuple(dict.fromkeys((*fmt.legality_lists, fmt.code)))
    for card in by_name.values():
        evs = _events(card, ban_lists, as_of, "banned")
        if evs:
            findings.append(
                Finding(
                    "BANNED",
                    ERROR,
                    [card.name],
                    say(
                        "{card} is banned in {format} on {date}{since}",
                        card=card.name,
                        format=fmt.name,
                        date=as_of.isoformat(),
                        since=_since(evs),
                    ),
                    "GA 1.5.3",
                    release,
                    pool.label,
                    evs,
                )
            )
            continue
        evs = _events(card, ban_lists, as_of, "rotated")
        if evs:
            findings.append(
                Finding(
                    "ROTATED",
                    ERROR,
                    [card.name],
                    say(
                        "{card} is not in the {format} card pool on {date}: rotated out{since}",
                        card=card.name,
                        format=fmt.name,
                        date=as_of.isoformat(),
                        since=_since(evs),
                    ),
                    fmt.rule("rotation"),
                    release,
                    pool.label,
                    evs,
                )
            )
    _check_ga_lineage([by_name[n] for n in material if _ga_is_champion(by_name[n])], add)
    relics = [by_name[n] for n in material if "Divine Relic" in by_name[n].keywords]
    if len(relics) > 1:
        add(
            "DIVINE_RELIC",
            ERROR,
            relics,
            say("more than one Divine Relic in the material deck"),
            fmt.rule("divine_relic"),
        )
    return findings


# --- entry points -----------------------------------------------------------------------------------------


def check_pool(
    pool: CardPool,
    format_code: str,
    *,
    as_of: date,
    db: Any = None,
    rules_edition: str = DEFAULT_EDITION,
    infer_living_legends: bool = True,
    timeline: Sequence[FormatChange] | None = None,
) -> list[Finding]:
    """Judge ``pool`` for ``format_code`` on ``as_of`` under ``rules_edition`` ("2025" or "2023").

    Returns findings in rule order; no error finding means the pool is legal.
    ``db`` (a ``CardDatabase``) supplies the data version and the list of hero
    monikers; raises ``UnknownFormat`` (a ValueError) for an unknown format code.
    ``infer_living_legends``: with card data that has no living-legend lists (fabrary),
    infer the status from the stated legal formats (see ``_living_legend``).
    ``timeline``: the dated format changes (``rules_engine.format_timeline``; default its
    ``DEFAULT_TIMELINE``): the format is checked as it stood on ``as_of``.
    """
    fmt, _changes = format_on(format_code, as_of, rules_edition, timeline)
    release = getattr(db, "release", "") or "unknown"
    if fmt.game == "ga":
        return _check_ga(pool, fmt, release, as_of)
    ctx = _Ctx(pool, fmt, as_of, release, db, infer_living_legends, _changes)
    if fmt.retired:
        retired = next(
            (
                c
                for c in reversed(_changes)
                if c.confirmed and c.changes.get("retired") and c.effective <= as_of
            ),
            None,
        )
        ctx.warn(
            "FORMAT_RETIRED",
            [],
            say(
                "{format} is retired since {since} ({source}); the list is checked by its last rules for an event on "
                "{date}",
                format=fmt.name,
                since=retired.effective.isoformat(),
                source=retired.source,
                date=as_of.isoformat(),
            )
            if retired
            else say(
                "{format} is retired; the list is checked by its last rules for an event on {date}",
                format=fmt.name,
                date=as_of.isoformat(),
            ),
            (retired.rule if retired and retired.rule else fmt.rule("format")),
        )
    for rule in FAB_RULES:
        rule(ctx)
    return ctx.findings


HERO_RULES: tuple[Callable[[_Ctx], None], ...] = (
    _check_supertypes,
    _check_specialization,
    _check_hero_restrictions,
    _check_metatypes,
)


def check_card_for_hero(
    card: Card, hero: Card, *, db: Any = None, format_code: str = "ll", as_of: date | None = None
) -> list[Finding]:
    """Only the hero-dependent rules for one card (CR 1.1.3, 1.1.3a/b, 9.2.2a, 8.3.7, 2.6.6).

    The same rule functions ``check_pool`` runs; useful for "which heroes can play this card".
    """
    fmt = get_format(format_code)
    ctx = _Ctx(
        CardPool(hero=hero, entries=[(card, 1, "deck")]),
        fmt,
        as_of or date.today(),
        getattr(db, "release", "") or "unknown",
        db,
    )
    for rule in HERO_RULES:
        rule(ctx)
    return ctx.findings


def check_team(
    pools: Sequence[CardPool | tuple[CardPool, str]],
    format_code: str = "team-cc",
    *,
    as_of: date,
    db: Any = None,
    rules_edition: str = DEFAULT_EDITION,
) -> list[Finding]:
    """TR&P 9.2.1: each member's pool is checked for their own constructed format, and no two
    members may register the same hero (different heroes sharing a moniker are fine).

    ``pools`` holds a ``CardPool`` per member, or ``(CardPool, member_format_code)`` for a mixed team.
    """
    release = getattr(db, "release", "") or "unknown"
    findings: list[Finding] = []
    heroes: dict[str, list[str]] = {}
    for i, item in enumerate(pools):
        pool, code = (
            item if isinstance(item, tuple) else (item, "cc" if format_code == "team-cc" else format_code)
        )
        label = pool.label or "ABCDEFGHIJ"[i % 10]
        if not pool.label:
            pool = CardPool(pool.hero, pool.entries, pool.registered, pool.set_codes, label)
        findings.extend(check_pool(pool, code, as_of=as_of, db=db, rules_edition=rules_edition))
        if pool.hero is not None:
            heroes.setdefault(pool.hero.name.casefold(), []).append(label)
    if len(pools) != 3:
        findings.append(
            Finding(
                "TEAM_SIZE",
                WARNING,
                [],
                say("a team has three members; {count} pools given", count=len(pools)),
                "TR&P 9.2",
                release,
            )
        )
    for name_key, members in heroes.items():
        if len(members) > 1:
            hero_name = next(
                p.hero.name
                for p in (x[0] if isinstance(x, tuple) else x for x in pools)
                if p.hero is not None and p.hero.name.casefold() == name_key
            )
            findings.append(
                Finding(
                    "TEAM_DUPLICATE_HERO",
                    ERROR,
                    [hero_name],
                    say(
                        "members {members} registered the same hero {hero}",
                        members=", ".join(members),
                        hero=hero_name,
                    ),
                    "TR&P 9.2.1",
                    release,
                )
            )
    return findings


def check_ga_team(pools: Sequence[CardPool], *, as_of: date, db: Any = None) -> list[Finding]:
    """GA TRG Team Standard Constructed: each member's decks are checked as Team Standard
    (``ga-team-standard``); across the team's decks at most 4 copies of a name in the main decks
    and 1 in the material decks. The aliasing of named Spirits to their base Spirit is not
    modelled (the one-copy material limit already keeps two members off the same champion)."""
    fmt = get_format("ga-team-standard")
    release = getattr(db, "release", "") or "unknown"
    findings: list[Finding] = []
    totals: dict[str, Counter[str]] = {"main": Counter(), "material": Counter()}
    names: dict[str, str] = {}
    members: dict[tuple[str, str], list[str]] = {}
    for i, pool in enumerate(pools):
        label = pool.label or "ABCDEFGHIJ"[i % 10]
        if not pool.label:
            pool = CardPool(pool.hero, pool.entries, pool.registered, pool.set_codes, label)
        findings.extend(check_pool(pool, fmt.code, as_of=as_of, db=db))
        for card, qty, sec in pool.entries:
            if not isinstance(qty, int) or qty < 1 or sec == "sideboard":
                continue
            part = "material" if sec in ("champion", "material") else "main"
            key = card.name.casefold()
            names.setdefault(key, card.name)
            totals[part][key] += qty
            if label not in members.setdefault((part, key), []):
                members[(part, key)].append(label)
    limits = {"main": fmt.copy_limit, "material": fmt.material_copy_limit}
    for part, counter in totals.items():
        limit = limits[part]
        for key, n in counter.items():
            if limit is not None and n > limit and len(members[(part, key)]) > 1:
                findings.append(
                    Finding(
                        "TEAM_COPY_LIMIT",
                        ERROR,
                        [names[key]],
                        (
                            say(
                                "{count} copies of {card} across the main decks of members {members}; the team may "
                                "have at most {limit}",
                                count=n,
                                card=names[key],
                                members=", ".join(members[(part, key)]),
                                limit=limit,
                            )
                            if part == "main"
                            else say(
                                "{count} copies of {card} across the material decks of members {members}; the team "
                                "may have at most {limit}",
                                count=n,
                                card=names[key],
                                members=", ".join(members[(part, key)]),
                                limit=limit,
                            )
                        ),
                        fmt.rule("team"),
                        release,
                    )
                )
    return findings


def status_lists(format_code: str, rules_edition: str = DEFAULT_EDITION) -> tuple[str, ...]:
    """The status lists a format consults: its banned/suspended/restricted lists and, for
    formats where living legends are not legal, the living-legend list (TR&P 7.1, 7.3)."""
    fmt = get_format(format_code, rules_edition)
    lists = list(fmt.legality_lists)
    if fmt.game == "fab" and not fmt.living_legend_heroes_legal:
        ll = "cc" if fmt.hero == "adult" else "blitz"
        if ll not in lists:
            lists.append(ll)
    if fmt.game == "ga" and fmt.code not in lists:
        lists.append(fmt.code)
    return tuple(lists)


def legality_basis(
    pool: CardPool, format_code: str, *, as_of: date, rules_edition: str = DEFAULT_EDITION
) -> list[dict[str, Any]]:
    """Which dated statuses bear on ``pool`` in the format on ``as_of``, applied or not.

    One dict per status period of a pool card (see ``rules_engine.statuses.status_basis``):
    the ones with ``applies`` True decided findings; the others were checked and were not
    in effect that day (a ban announced later, a living legend from a later date, a lifted ban).
    """

    cards = ([pool.hero] if pool.hero is not None else []) + [c for c, _q, _s in pool.entries]
    return status_basis(cards, status_lists(format_code, rules_edition), as_of)


INFO = "info"


def status_words(status: str) -> Phrase | str:
    """A dated status in words ("living legend" for ``living_legend``)."""
    words = {
        "banned": say("banned"),
        "suspended": say("suspended"),
        "restricted": say("restricted"),
        "rotated": say("rotated"),
        "living_legend": say("living legend"),
    }
    return words.get(status, status.replace("_", " "))


def basis_findings(
    pool: CardPool,
    format_code: str,
    *,
    as_of: date,
    db: Any = None,
    rules_edition: str = DEFAULT_EDITION,
    release_note: str = "",
    timeline: Sequence[FormatChange] | None = None,
) -> list[Finding]:
    """Info findings saying what the verdict rests on (they never make a list illegal).

    * ``CARD_DATA``: the card-data release used and why it was chosen (``release_note``);
    * ``STATUS_NOT_IN_EFFECT``: a dated status of a pool card in a list the format uses
      that was not in effect on ``as_of`` (announced later, lifted before, a living legend
      from a later date), with its dates and source. Statuses that were in effect appear
      on the error findings they caused (``Finding.statuses``).
    """
    release = getattr(db, "release", "") or "unknown"
    label = pool.label
    out = [
        Finding(
            "CARD_DATA",
            INFO,
            [],
            say(
                "checked as of {date} against card data {release}: {note}",
                date=as_of.isoformat(),
                release=release,
                note=release_note,
            )
            if release_note
            else say(
                "checked as of {date} against card data {release}", date=as_of.isoformat(), release=release
            ),
            "TR&P 7",
            release,
            label,
        )
    ]
    try:
        rows = legality_basis(pool, format_code, as_of=as_of, rules_edition=rules_edition)
        _fmt, changes = format_on(format_code, as_of, rules_edition, timeline)
    except ValueError:
        return out
    for ch in changes:
        values = {"format": _fmt.name, "change": ch.phrase(), "date": as_of.isoformat()}
        out.append(
            Finding(
                "FORMAT_RULES",
                INFO,
                [],
                say("{format}: {change}; in effect on {date}", **values)
                if ch.effective <= as_of
                else say("{format}: {change}; not yet in effect on {date}", **values),
                ch.rule or _fmt.rule("format"),
                release,
                label,
            )
        )
    for row in rows:
        if row["applies"]:
            continue
        event = LegalityEvent(
            row["format"],
            row["status"],
            date.fromisoformat(row["start"]) if row["start"] else None,
            date.fromisoformat(row["end"]) if row["end"] else None,
            row["source"],
            row["start_bound"],
            row["end_bound"],
        )
        out.append(
            Finding(
                "STATUS_NOT_IN_EFFECT",
                INFO,
                [row["card"]],
                say(
                    "{card}: {status} in {format} {dates}; not in effect on {date}",
                    card=row["card"],
                    status=status_words(str(row["status"])),
                    format=row["format"],
                    dates=event.phrase(),
                    date=as_of.isoformat(),
                ),
                "TR&P 7",
                release,
                label,
                (event,),
            )
        )
    return out
