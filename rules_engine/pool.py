"""One card pool from every source, each card dated by its own first release (TR&P 7).

Sources are snapshots: a current-state release (fabrary, with the newer cards-2026 data
merged in), the-fab-cube's dated data (CSV or JSON layout) and any older full release.
Checking an event against whichever snapshot was "current" on its date left every event
between two snapshots with the older card list. The pool instead holds every card any
source knows, with the newest text and stats, and the date its first printing came out;
a card exists on a date when it was released on or before it
(``Card.released_on``), and a card not yet out says so instead of being unknown.

``build_pool`` merges by card (name and pitch, CR 1.3.4):

* the current-state cards first, as they are (text, stats, legal heroes), with stats they
  lack (an arcane value, say) filled from the dated source;
* a card of the dated source the current data lacks, or knows only from a bare printing
  list (``incomplete-data``), is taken from the dated source; printings are united;
* cards only an older source knows are added last;
* statuses: the dated source's periods merged by card (``rules_engine.statuses``), the
  later announcement winning where the sources disagree;
* every card dated by ``rules_engine.release_dates``.

Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import date

from rules_engine.cards import Card, Printing, normalise_name
from rules_engine.release_dates import date_cards
from rules_engine.statuses import list_freshness, merge_card

INCOMPLETE = "incomplete-data"
SOURCE = "pool"


def _key(card: Card) -> tuple[str, int | None]:
    return (normalise_name(card.name), card.pitch)


def _with_printings(card: Card, extra: Iterable[Printing]) -> Card:
    have = {p.id.upper() for p in card.printings}
    new = []
    for p in extra:
        if p.id.upper() not in have:
            have.add(p.id.upper())
            new.append(p)
    return replace(card, printings=card.printings + tuple(new)) if new else card


_STATS = ("cost", "power", "defense", "life", "intellect", "arcane")


def _fill_stats(card: Card, other: Card, differences: list[str] | None) -> Card:
    """``card`` with the stats it lacks taken from ``other`` (the same card in the dated source);
    stats both state differently are kept from ``card`` and named in ``differences``."""
    filled = {}
    for name in _STATS:
        mine, theirs = getattr(card, name), getattr(other, name)
        if mine in (None, "") and theirs not in (None, ""):
            filled[name] = theirs
        elif theirs not in (None, "") and mine != theirs and differences is not None:
            differences.append(f"{card.display_name} {name} {mine} (kept) / {theirs}")
    return replace(card, **filled) if filled else card


def build_pool(
    current: Iterable[Card],
    dated: Iterable[Card] = (),
    older: Iterable[Iterable[Card]] = (),
    *,
    published: date | None,
    release: str,
    dated_release: str = "",
    set_dates: Mapping[str, date] = {},
    overrides: Mapping[str, date] = {},
    differences: list[str] | None = None,
) -> list[Card]:
    """The merged, dated card list (see the module doc).

    ``published``: the date the current-state data is current to; a dated list with a change
    on or after it decides alone (``rules_engine.statuses.merge_card``). Stats the current card
    lacks are filled from the dated source; stats both state differently keep the current value
    and are appended to ``differences`` (for the release notes).
    """
    merged: dict[tuple[str, int | None], Card] = {}
    from_dated: set[tuple[str, int | None]] = set()
    for card in current:
        merged.setdefault(_key(card), card)
    dated_by_key: dict[tuple[str, int | None], Card] = {}
    for card in dated:
        key = _key(card)
        dated_by_key.setdefault(key, card)
        here = merged.get(key)
        if here is None or INCOMPLETE in here.traits:
            merged[key] = _with_printings(card, here.printings if here is not None else ())
            from_dated.add(key)
        else:
            merged[key] = _fill_stats(_with_printings(here, card.printings), card, differences)
    for source in older:
        for card in source:
            key = _key(card)
            if key in merged:
                merged[key] = _with_printings(merged[key], card.printings)
            else:
                merged[key] = card
    fresh = list_freshness(dated_by_key.values())
    out: list[Card] = []
    ids: set[str] = set()
    for key, card in merged.items():
        if key not in from_dated and key in dated_by_key:
            card = merge_card(
                card,
                dated_by_key[key],
                published=published,
                release=release,
                dated_release=dated_release,
                dated_fresh=fresh,
            )
        if card.identifier in ids:  # identifiers stay unique: a clash gets the printing id appended
            suffix = card.printings[0].id.lower() if card.printings else str(len(ids))
            card = replace(card, identifier=f"{card.identifier}-{suffix}")
        ids.add(card.identifier)
        out.append(card)
    return date_cards(out, set_dates, overrides)
