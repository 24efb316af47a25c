"""Parser for the JSON dump of the npm package @flesh-and-blood/cards (fabrary).

The dump is written by ``node tools/fabrary/dump.mjs OUT.json`` and looks like
``{"package": "@flesh-and-blood/cards", "version": "3.8.6", "cards": [...]}``; a bare
array of cards is accepted too (version then "unknown").

The package states current legality only: ``legalFormats``, ``legalHeroes``,
``bannedFormats``, ``restrictedFormats`` (and ``suspendedFormats`` /
``livingLegendFormats`` if present), without dates. A status the package states is
therefore known to be in effect on the package's publication date and nothing more:
each becomes a LegalityEvent starting on that date with ``start_bound`` set (the
real date may be earlier; ``cards.services`` merges the-fab-cube's dated lists by card
so that the real date is used where it is known). Without a publication date the
events are undated (in effect on any day).

fabrary states a living legend (CR 9.4, TR&P 7.1) as "banned in Classic Constructed"
on a hero or weapon that stays legal in Living Legend; such a status is recorded as
``living_legend`` in ``cc`` so findings call it what it is.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from rules_engine.cards import (
    Card,
    LegalityEvent,
    Printing,
    essences_from_text,
    format_code,
    hybrid_class_sets_from_type_text,
    keyword_values_from_text,
    normalise_rarity,
    specializations_from_text,
)
from rules_engine.importers.base import (
    CardImportError,
    ImportResult,
    RecordReader,
    check_unique,
    load_json,
    record_label,
)

SOURCE = "fabrary-cards"

_STATUS_FIELDS = {
    "bannedFormats": "banned",
    "suspendedFormats": "suspended",
    "restrictedFormats": "restricted",
    "livingLegendFormats": "living_legend",
}
_NOT_SUPERTYPES = {"Generic", "NotClassed"}

#: Publication dates of package versions (the npm registry's "time" field), used when the
#: dump does not carry one. Statuses the package states apply from this date, never before.
KNOWN_PUBLISHED: dict[str, date] = {
    "3.8.6": date(2026, 5, 16),
}


def parse_fabrary(path: str | Path, *, published: date | None = None) -> ImportResult:
    """Parse a fabrary dump into Cards. Raises CardImportError naming file and record.

    ``published``: the package's publication date (else the dump's "published" field,
    else KNOWN_PUBLISHED for its version, else None: undated statuses).
    """
    path = Path(path)
    data = load_json(path)
    version = "unknown"
    if isinstance(data, dict):
        if not isinstance(data.get("cards"), list):
            raise CardImportError("expected a 'cards' array", file=path)
        version = str(data.get("version") or "unknown")
        records = data["cards"]
    elif isinstance(data, list):
        records = data
    else:
        raise CardImportError(
            f"expected an object with 'cards' or an array, got {type(data).__name__}", file=path
        )
    if not records:
        raise CardImportError("no cards in the file", file=path)
    if published is None and isinstance(data, dict) and isinstance(data.get("published"), str):
        try:
            published = date.fromisoformat(data["published"][:10])
        except ValueError:
            raise CardImportError(f"'published' is not a date: {data['published']!r}", file=path) from None
    if published is None:
        published = KNOWN_PUBLISHED.get(version)
    release = f"{SOURCE}@{version}"
    cards = [
        _parse_card(
            RecordReader(rec, file=path, label=record_label(i, rec, "cardIdentifier", "name")),
            published=published,
            release=release,
        )
        for i, rec in enumerate(records)
    ]
    check_unique(cards, file=path)
    return ImportResult(
        game="fab",
        source=SOURCE,
        version=version,
        cards=tuple(cards),
        files=(str(path),),
        published=published,
    )


def stated_events(
    r: RecordReader,
    *,
    types: list[str],
    young: bool,
    legal: frozenset[str],
    published: date | None,
    release: str,
) -> list[LegalityEvent]:
    """The statuses a fabrary record states, dated by the publication (see the module doc)."""
    history = []
    ll_candidate = ("Hero" in types and not young or "Weapon" in types) and "ll" in legal
    for fld, status in _STATUS_FIELDS.items():
        for fmt in r.str_list(fld, required=False):
            code = format_code(fmt)
            st = status
            if st == "banned" and code == "cc" and ll_candidate:
                st = "living_legend"
            history.append(
                LegalityEvent(
                    format=code,
                    status=st,
                    start=published,
                    source=release,
                    start_bound=published is not None,
                )
            )
    return history


def _parse_card(r: RecordReader, *, published: date | None = None, release: str = SOURCE) -> Card:
    identifier = r.str("cardIdentifier", allow_empty=False)
    name = r.str("name", allow_empty=False)
    type_text = r.str("typeText")
    types = r.str_list("types")
    subtypes = r.str_list("subtypes")
    classes = [c for c in r.str_list("classes") if c not in _NOT_SUPERTYPES]
    talents = r.str_list("talents", required=False)
    keywords = r.str_list("keywords", required=False)
    text = r.str("functionalText", required=False) or ""
    pitch = r.int("pitch", required=False)
    if pitch is not None and pitch not in (0, 1, 2, 3):
        r.fail(f"field 'pitch' must be 0-3, got {pitch}")

    printings = []
    for j, p in enumerate(r.obj_list("printings")):
        pr = RecordReader(p, file=r.file, label=f"{r.label} printing {j}")
        pid = pr.str("identifier", allow_empty=False)
        rarity_raw = pr.str("rarity", required=False)
        if rarity_raw is None:
            r.fail(f"printing {j} ({pid}) has no rarity")
        try:
            rarity = normalise_rarity(rarity_raw)
        except ValueError as exc:
            pr.fail(str(exc))
        printings.append(
            Printing(
                id=pid,
                set_code=pid[:3].upper(),
                rarity=rarity,
                edition=pr.str("edition", required=False) or "",
                foiling=pr.str("foiling", required=False) or "",
                treatment=pr.str("treatment", required=False) or "",
                set_name=pr.str("set", required=False) or "",
            )
        )
    if not printings:
        r.fail("card has no printings")

    young = bool(r.bool("young", required=False)) or "Young" in subtypes
    legal = frozenset(format_code(f) for f in r.str_list("legalFormats", required=False))
    history = stated_events(r, types=types, young=young, legal=legal, published=published, release=release)

    specializations = set(r.str_list("specializations", required=False))
    if "Specialization" in keywords and not specializations:
        specializations = set(specializations_from_text(text))
    other_face = r.str("oppositeSideCardIdentifier", required=False)
    released = _first_release(r.str("firstReleaseDate", required=False))

    return Card(
        identifier=identifier,
        name=name,
        pitch=pitch,
        cost=r.stat("specialCost") or r.stat("cost"),
        power=r.stat("specialPower") or r.stat("power"),
        defense=r.stat("specialDefense") or r.stat("defense"),
        life=r.stat("specialLife") or r.stat("life"),
        intellect=r.stat("intellect"),
        arcane=r.stat("specialArcane") or r.stat("arcane"),
        types=frozenset(types),
        subtypes=frozenset(subtypes),
        classes=frozenset(classes),
        talents=frozenset(talents),
        keywords=frozenset(keywords),
        keyword_values=keyword_values_from_text(keywords, text),
        specializations=frozenset(specializations),
        young=young,
        legendary="Legendary" in keywords,
        hybrid_class_sets=hybrid_class_sets_from_type_text(type_text),
        printings=tuple(printings),
        legal_formats=legal,
        legal_heroes=frozenset(r.str_list("legalHeroes", required=False)),
        legality_history=tuple(history),
        functional_text=text,
        type_text=type_text,
        game="fab",
        metatypes=frozenset(r.str_list("metatypes", required=False)),
        traits=frozenset(r.str_list("traits", required=False)),
        essences=essences_from_text(text) if "Essence" in keywords else frozenset(),
        hero=_moniker(name, r.str("hero", required=False)) if "Hero" in types else None,
        other_face=other_face or None,
        released=released,
    )


def _first_release(value: str | None) -> date | None:
    """fabrary's ``firstReleaseDate`` ("2026-09-25" or an ISO timestamp); None when absent or unreadable."""
    try:
        return date.fromisoformat(value[:10]) if value else None
    except ValueError:
        return None


def _moniker(name: str, source_hero: str | None) -> str:
    """CR 2.7.3: the moniker is the name before the comma; else the source's hero name."""
    if "," in name:
        return name.split(",")[0].strip()
    return source_hero or name.split()[0]
