"""Regression oracle: compare our legality checker with fabrary's per-card legality.

fabrary's card data (``@flesh-and-blood/cards``) states, for each card, the
formats it is legal in (``legalFormats``) and the hero monikers that may
include it (``legalHeroes``). Those were computed by other people from the same
rules, so every disagreement is either a bug on our side or theirs; the
remaining classes are explained in docs/legality-oracle.md.

Two comparisons, both run through ``check_pool`` (no second implementation):

* card x format: is the card legal in the format at all? A hero is checked as
  the pool's hero; any other card as a one-card pool with a hero that accepts
  it, keeping only the findings about the card itself (banned, rarity, living
  legend, ephemeral, ...).
* card x hero: may a hero with this moniker include the card? Only supertype,
  specialization and hero-metatype findings count (CR 1.1.3, 8.3.7, 2.6.6).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from rules_engine.cards import Card, CardDatabase
from rules_engine.importers.fabcube import parse_fabcube
from rules_engine.importers.fabcube_csv import parse_fabcube_csv
from rules_engine.importers.fabrary import parse_fabrary
from rules_engine.importers.grand_archive import parse_grand_archive
from rules_engine.legality import CardPool, check_card_for_hero, check_pool
from rules_engine.statuses import merge_statuses

# Formats fabrary states that this project models (fabrary also has "open" and "golden-age").
ORACLE_FORMATS: tuple[str, ...] = ("cc", "ll", "blitz", "sage", "upf")

CARD_LEVEL_CODES = frozenset(
    {
        "BANNED",
        "HERO_BANNED",
        "HERO_NOT_ALLOWED",
        "NOT_YET_RELEASED",
        "SUSPENDED",
        "LIVING_LEGEND_HERO",
        "LIVING_LEGEND_WEAPON",
        "COMMONER_RARITY",
        "SILVER_AGE_RARITY",
        "EPHEMERAL",
        "HERO_NOT_YOUNG",
        "HERO_YOUNG",
        "NOT_A_HERO",
        "MENTOR_NEEDS_YOUNG_HERO",
        "NOT_TOURNAMENT_LEGAL",
        "UPF_ONLY",
    }
)
HERO_LEVEL_CODES = frozenset(
    {
        "SUPERTYPE",
        "HYBRID_SUPERTYPE",
        "SPLIT_SUPERTYPE",
        "SPECIALIZATION",
        "HERO_METATYPE",
        "HERO_RESTRICTION",
    }
)


@dataclass
class FormatAgreement:
    format: str
    compared: int = 0
    agree: int = 0
    only_ours: list[str] = field(default_factory=list)  # we say legal, fabrary says not
    only_theirs: list[str] = field(default_factory=list)  # fabrary says legal, we say not

    @property
    def rate(self) -> float:
        return self.agree / self.compared if self.compared else 1.0


@dataclass
class OracleReport:
    release: str
    as_of: date
    formats: dict[str, FormatAgreement]
    heroes: FormatAgreement
    hero_disagreements: dict[str, list[str]]

    def lines(self) -> list[str]:
        out = [f"card data: {self.release}; as of {self.as_of.isoformat()}"]
        for code, fa in self.formats.items():
            out.append(
                f"{code:8s} card x format: {fa.agree}/{fa.compared} agree ({fa.rate:.2%}); "
                f"we allow, fabrary not: {len(fa.only_ours)}; fabrary allows, we not: {len(fa.only_theirs)}"
            )
        h = self.heroes
        out.append(
            f"heroes   card x hero:   {h.agree}/{h.compared} agree ({h.rate:.2%}); "
            f"we allow, fabrary not: {len(h.only_ours)}; fabrary allows, we not: {len(h.only_theirs)}"
        )
        return out


def _is_real_card(card: Card) -> bool:
    # Back faces of double-faced cards (no type of their own) and tokens/macros are not pool cards.
    return card.game == "fab" and bool(card.types) and not card.is_token_or_macro


def _codes(findings: Iterable[Any]) -> set[str]:
    return {f.code for f in findings if f.severity == "error"}


def _hosts(heroes: Sequence[Card], fmt: str) -> list[Card]:
    """Heroes that could host a card in ``fmt`` (age-appropriate), generic-friendly first."""
    young = fmt in ("blitz", "sage", "upf", "commoner", "sealed", "draft")
    return [h for h in heroes if h.young == young]


def card_legal_in_format(
    card: Card, fmt: str, *, as_of: date, db: Any, host: Card | None, infer_living_legends: bool = False
) -> bool:
    """Our verdict on "this card may be in some card-pool of ``fmt``".

    A hero is judged as the pool's hero; any other card in a one-card pool under ``host``,
    counting only the error findings that name the card itself.
    """
    if card.is_hero:
        pool = CardPool(hero=card, entries=[])
    else:
        pool = CardPool(hero=host, entries=[(card, 1, "deck")])
    findings = check_pool(pool, fmt, as_of=as_of, db=db, infer_living_legends=infer_living_legends)
    name = card.display_name
    return not any(f.severity == "error" and f.code in CARD_LEVEL_CODES and name in f.cards for f in findings)


def card_legal_for_hero(card: Card, hero: Card, *, as_of: date, db: Any) -> bool:
    """Our verdict on "``hero`` may include ``card``" (supertypes, specialization, hero-metatype only)."""
    return not (_codes(check_card_for_hero(card, hero, db=db, as_of=as_of)) & HERO_LEVEL_CODES)


def run_oracle(
    db: Any,
    *,
    formats: Sequence[str] = ORACLE_FORMATS,
    as_of: date | None = None,
    heroes_check: bool = True,
    hero_keys: Mapping[str, str] | None = None,
    infer_living_legends: bool = False,
) -> OracleReport:
    """Compare our verdicts with the card data's stated ``legal_formats`` and ``legal_heroes``.

    ``hero_keys`` maps a hero card's name to the key the source uses in ``legal_heroes``
    (fabrary's ``hero`` field: "Kayo, Strong-arm" -> "RKO"); default: the card's moniker.
    Living-legend status is not inferred from the stated formats unless asked (that would be
    circular): pass card data with living-legend lists merged in (``merge_living_legends``).
    """
    as_of = as_of or date.today()
    cards = [c for c in db if _is_real_card(c) and c.legal_formats]
    heroes = [h for h in db.heroes() if h.legal_formats]
    report_formats: dict[str, FormatAgreement] = {}
    for fmt in formats:
        fa = FormatAgreement(fmt)
        hosts = _hosts(heroes, fmt)
        host = hosts[0] if hosts else None
        for card in cards:
            ours = card_legal_in_format(
                card, fmt, as_of=as_of, db=db, host=host, infer_living_legends=infer_living_legends
            )
            theirs = fmt in card.legal_formats
            fa.compared += 1
            if ours == theirs:
                fa.agree += 1
            elif ours:
                fa.only_ours.append(card.display_name)
            else:
                fa.only_theirs.append(card.display_name)
        report_formats[fmt] = fa
    hero_fa = FormatAgreement("heroes")
    hero_dis: dict[str, list[str]] = defaultdict(list)
    if heroes_check:
        by_key: dict[str, list[Card]] = defaultdict(list)
        for h in heroes:
            key = (hero_keys or {}).get(h.name) or h.hero
            if key:
                by_key[key].append(h)
        for card in cards:
            if card.is_hero:
                continue
            for key, hs in by_key.items():
                ours = any(card_legal_for_hero(card, h, as_of=as_of, db=db) for h in hs)
                theirs = key in card.legal_heroes
                hero_fa.compared += 1
                if ours == theirs:
                    hero_fa.agree += 1
                elif ours:
                    hero_fa.only_ours.append(f"{card.display_name} / {key}")
                    hero_dis[key].append(f"+{card.display_name}")
                else:
                    hero_fa.only_theirs.append(f"{card.display_name} / {key}")
                    hero_dis[key].append(f"-{card.display_name}")
    return OracleReport(getattr(db, "release", "unknown"), as_of, report_formats, hero_fa, dict(hero_dis))


def merge_living_legends(db: CardDatabase, source: CardDatabase) -> CardDatabase:
    """``db`` with the dated statuses of ``source`` (e.g. the-fab-cube) merged in by card
    (``rules_engine.statuses.merge_statuses``): dated living-legend lists and bans replace
    the undated statements of ``db``; a dated list with a change after ``db``'s publication
    decides alone (the later announcement wins)."""
    published = getattr(db, "published", None) or max(
        (ev.start for c in db for ev in c.legality_history if ev.start_bound and ev.start), default=None
    )
    merged = merge_statuses(
        db,
        source,
        published=published,
        release=db.release,
        dated_release=source.release,
    )
    return CardDatabase(merged, release=f"{db.release}+living-legends:{source.release}")


def fabrary_hero_keys(dump: Any) -> dict[str, str]:
    """Hero card name -> fabrary ``hero`` key, from the raw dump (``{"cards": [...]}`` or a list)."""
    records = dump.get("cards", []) if isinstance(dump, dict) else dump
    out: dict[str, str] = {}
    for rec in records or []:
        if isinstance(rec, dict) and "Hero" in (rec.get("types") or []) and rec.get("hero"):
            out[str(rec.get("name"))] = str(rec["hero"])
    return out


def load_dated_database(shared_dir: str | Path) -> tuple[CardDatabase, date | None]:
    """The newest dated status source in ``<shared_dir>/data``: the-fab-cube CSV copy in
    ``fabcube-2026`` with any ``upstream-*`` legality copies merged in, else the JSON copy in
    ``fabcube``; with the date it is current to."""

    folder = Path(shared_dir) / "data" / "fabcube-2026"
    if (folder / "csvs" / "english" / "card.csv").is_file():
        newer = [
            (f"upstream {p.name.split('-', 1)[-1]}", p)
            for p in sorted(folder.glob("upstream-*"))
            if p.is_dir()
        ]
        result = parse_fabcube_csv(folder, newer=newer)
    else:
        result = parse_fabcube(Path(shared_dir) / "data" / "fabcube")
    return CardDatabase(result.cards, release=result.release), result.published


@functools.lru_cache(maxsize=4)
def load_reference_database(
    shared_dir: str | Path, game: str = "fab", fabrary_dump: str | Path | None = None
) -> CardDatabase:
    """A card database read straight from files, for use without an imported release.

    FaB: the fabrary dump when ``fabrary_dump`` names an existing file, else the-fab-cube
    copy in ``<shared_dir>/data/fabcube`` (dated legality). GA: ``<shared_dir>/data/ga``.
    Raises ``CardImportError`` (a ValueError) naming the file when the data can't be read.
    """
    base = Path(shared_dir) / "data"
    if game == "ga":
        result = parse_grand_archive(base / "ga")
    elif fabrary_dump is not None and Path(fabrary_dump).is_file():
        result = parse_fabrary(Path(fabrary_dump))
    else:
        result = parse_fabcube(base / "fabcube")
    return CardDatabase(result.cards, release=result.release)
