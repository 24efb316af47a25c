"""Parse a decklist text and check it with the rules engine (layer 2 helper, no writes).

TR&P App E: a list records name, pitch and quantity of every card, grouped into
arena-cards and deck-cards by pitch. PPG 4.4: an entry is ambiguous when its name
exists in several pitches and none is given. Legality comes from
``rules_engine.legality.check_pool`` for the event's format, card data and date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.utils.translation import gettext

from rules_engine import decklist_text, legality
from rules_engine.format_timeline import FormatChange

from .enums import DecklistKind
from .models import card_display
from .text import text_for_parser

#: Grand Archive lists are checked against GA's own texts: the FaB citations the shared
#: reading and checking code attaches become the GA document that covers the same ground
#: (ga-organized-play.md sections 1, 6), so no TR&P or PPG number reaches a GA player.
GA_CITATIONS = {
    "TR&P App E": "GA TRG Decklists",
    "PPG 4.4": "GA IPG Deck Issue",
    "TR&P 1.3": "GA TRG Format Conventions",
    "TR&P 7": "GA TRG Card Legality",
}
GA_FORMAT_CODES = frozenset({"ga-standard", "ga-draft"})


def _cite_for_game(items: list[dict], format_code: str) -> list[dict]:
    """Rewrite FaB rule citations of ``items`` (their ``rule`` field and their text) for a
    Grand Archive format; anything else is returned unchanged."""
    if format_code not in GA_FORMAT_CODES:
        return items
    out = []
    for item in items:
        item = dict(item)
        rule = item.get("rule") or ""
        if rule.startswith(("TR&P", "PPG")):
            item["rule"] = GA_CITATIONS.get(rule, "GA TRG")
        for key in ("message", "reason"):
            if isinstance(item.get(key), str):
                for fab, ga in GA_CITATIONS.items():
                    item[key] = item[key].replace(f"({fab})", f"({ga})")
        out.append(item)
    return out


def hero_of(entries: list[tuple[Any, int, str]]) -> str:
    """The list's hero (FaB) or champion (GA): the card listed in the hero or champion section,
    else the first card whose type is Hero or Champion wherever it is listed, so the answer
    is the same whether the section headers ("# Main", "# Material", ...) were kept or not."""
    for card, _qty, section in entries:
        if section in ("hero", "champion"):
            return card.name
    for card, _qty, _section in entries:
        types = getattr(card, "types", ()) or ()
        if "Hero" in types or "Champion" in types or "CHAMPION" in types:
            return card.name
    return ""


#: Sections in display order for each game.
FAB_SECTIONS = ("hero", "arena", "deck", "sideboard")
GA_SECTIONS = ("champion", "material", "main", "sideboard")


@dataclass
class Validation:
    """The outcome of reading and checking one list (JSON-able dicts only)."""

    hero: str = ""
    cards: list[dict] = field(default_factory=list)
    problems: list[dict] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    data_version: str = ""
    #: What the verdict rests on: the release used and why, dated statuses not in effect.
    basis: list[dict] = field(default_factory=list)

    @property
    def error_count(self) -> int:
        return len(self.problems) + sum(1 for f in self.findings if f.get("severity") == "error")

    @property
    def is_legal(self) -> bool:
        return self.error_count == 0 and bool(self.cards)


def read_text(text: str, db: Any) -> tuple[list[tuple[Any, int, str]], list[dict]]:
    """Parse and resolve ``text``: ``(card, qty, section)`` entries and the unreadable lines.

    Each unreadable line keeps its number, its text, the reason and suggestions
    (nearest names, or the pitches when the pitch is missing).
    """
    parsed = decklist_text.parse_decklist(text_for_parser(text))
    problems: list[dict[str, Any]] = [
        {
            "line": e.line_no,
            "text": e.raw,
            "code": "UNREADABLE",
            "reason": e.reason,
            "words": e.words,
            "suggestions": [],
            "rule": "TR&P App E",
        }
        for e in parsed.errors
    ]
    entries, resolve_problems = decklist_text.resolve(parsed, db)
    problems += [
        {
            "line": p.line_no,
            "text": p.raw,
            "code": p.code,
            "reason": p.message,
            "words": p.words,
            "suggestions": list(p.suggestions),
            "rule": "PPG 4.4",
        }
        for p in resolve_problems
    ]
    problems.sort(key=lambda p: p["line"])
    return entries, problems


def entries_to_cards(entries: list[tuple[Any, int, str]]) -> list[dict]:
    """Merge repeated lines of the same card and section; keep first-seen order."""
    merged: dict[tuple[str, int | None, str], int] = {}
    for card, qty, section in entries:
        key = (card.name, card.pitch, section)
        merged[key] = merged.get(key, 0) + int(qty)
    return [{"name": n, "pitch": p, "qty": q, "section": s} for (n, p, s), q in merged.items()]


def registered_pool(pool_cards: list[dict], db: Any) -> list[tuple[Any, int]]:
    """The registered limited pool as ``(Card, qty)``; cards the data no longer knows are skipped."""
    out = []
    for c in pool_cards:
        card = db.get(c["name"], c.get("pitch"))
        if card is not None:
            out.append((card, int(c["qty"])))
    return out


def legality_findings(
    entries: list[tuple[Any, int, str]],
    *,
    format_code: str,
    as_of: date,
    db: Any,
    rules_edition: str,
    registered: list[tuple[Any, int]] | None = None,
    set_codes: frozenset[str] = frozenset(),
    timeline: Sequence[FormatChange] | None = None,
) -> list[dict]:
    """Run ``rules_engine.legality.check_pool`` over the resolved entries; findings as dicts.
    ``timeline``: the dated format changes (``cards.selectors.format_timeline``; default the
    shipped ones).

    For a limited deck ``registered`` is the registered pool: the engine checks the deck
    is drawn from it (TR&P 8.1, 8.2) and that the hero is young.
    """
    pool = legality.CardPool(hero=None, entries=list(entries), registered=registered, set_codes=set_codes)
    try:
        found = legality.check_pool(
            pool, format_code, as_of=as_of, db=db, rules_edition=rules_edition, timeline=timeline
        )
    except ValueError as exc:  # UnknownFormat: the event's format has no construction rules
        return [
            {
                "code": "UNKNOWN_FORMAT",
                "severity": "error",
                "cards": [],
                "message": str(exc),
                "rule": "TR&P 1.3",
                "data_version": getattr(db, "release", ""),
            }
        ]
    return [_finding_dict(f) for f in found]


def _finding_dict(f: Any) -> dict:
    if hasattr(f, "to_dict"):
        d = dict(f.to_dict())
    else:
        d = {k: getattr(f, k, None) for k in ("code", "severity", "cards", "message", "rule", "data_version")}
    d["cards"] = list(d.get("cards") or [])
    return d


def validate_text(
    text: str,
    *,
    db: Any,
    format_code: str,
    as_of: date,
    kind: str = DecklistKind.CONSTRUCTED,
    rules_edition: str = "2025",
    pool_cards: list[dict] | None = None,
    set_codes: frozenset[str] = frozenset(),
    release_note: str = "",
    timeline: Sequence[FormatChange] | None = None,
) -> Validation:
    """Read ``text`` and check it. A pool registration (TR&P 8.1.1) is only read: the
    pool itself has no construction rules; the deck drawn from it is checked.

    ``basis`` (info findings, ``legality.basis_findings``) says which card-data release was used and
    why (``release_note``), and which dated statuses of the listed cards were not in effect
    on ``as_of``; the statuses that were in effect are on the error findings they caused."""
    entries, problems = read_text(text, db)
    cards = entries_to_cards(entries)
    hero = hero_of(entries)
    findings: list[dict] = []
    basis: list[dict] = []
    if kind != DecklistKind.POOL and entries:
        registered = (
            registered_pool(pool_cards, db) if kind == DecklistKind.DECK and pool_cards is not None else None
        )
        findings = legality_findings(
            entries,
            format_code=format_code,
            as_of=as_of,
            db=db,
            rules_edition=rules_edition,
            registered=registered,
            set_codes=set_codes,
            timeline=timeline,
        )
        basis = [
            _finding_dict(f)
            for f in legality.basis_findings(
                legality.CardPool(hero=None, entries=list(entries)),
                format_code,
                as_of=as_of,
                db=db,
                rules_edition=rules_edition,
                release_note=release_note,
                timeline=timeline,
            )
        ]
    if not entries and not problems:
        problems.append(
            {
                "line": 0,
                "text": "",
                "code": "NO_CARDS",
                "reason": gettext("the list names no cards"),
                "suggestions": [],
                "rule": "TR&P App E",
            }
        )
    return Validation(
        hero=hero,
        cards=cards,
        problems=_cite_for_game(problems, format_code),
        findings=_cite_for_game(findings, format_code),
        data_version=getattr(db, "release", ""),
        basis=basis,
    )


def grouped_cards(cards: list[dict], *, game: str = "fab") -> list[dict]:
    """TR&P App E grouping: arena-cards (hero first); deck-cards red and pearl; yellow; blue.
    Grand Archive: champions, material deck, main deck, sideboard."""
    groups: list[tuple[str, str, Any]]
    if game == "ga":
        groups = [
            ("Champions", "champion", None),
            ("Material deck", "material", None),
            ("Main deck", "main", None),
            ("Sideboard", "sideboard", None),
        ]
        out = []
        for title, section, _ in groups:
            rows = [c for c in cards if c["section"] == section]
            out.append({"title": title, "cards": _rows(rows)})
        return out
    arena = [c for c in cards if c["section"] in ("hero", "arena")]
    arena.sort(key=lambda c: (c["section"] != "hero", c["name"].casefold()))
    deck = [c for c in cards if c["section"] not in ("hero", "arena")]
    red = [c for c in deck if c.get("pitch") in (1, None)]
    yellow = [c for c in deck if c.get("pitch") == 2]
    blue = [c for c in deck if c.get("pitch") == 3]
    return [
        {"title": gettext("Arena-cards (hero, equipment, weapons)"), "cards": _rows(arena, keep_order=True)},
        {"title": gettext("Deck-cards: pitch 1 (red) or no pitch (pearl)"), "cards": _rows(red)},
        {"title": gettext("Deck-cards: pitch 2 (yellow)"), "cards": _rows(yellow)},
        {"title": gettext("Deck-cards: pitch 3 (blue)"), "cards": _rows(blue)},
    ]


def _rows(cards: list[dict], *, keep_order: bool = False) -> list[dict]:
    rows = [
        {
            "qty": c["qty"],
            "name": c["name"],
            "pitch": c.get("pitch"),
            "section": c["section"],
            "display": card_display(c["name"], c.get("pitch")),
        }
        for c in cards
    ]
    if not keep_order:
        rows.sort(key=lambda r: (r["name"].casefold(), r["pitch"] or 0))
    return rows
