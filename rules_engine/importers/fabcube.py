"""Parser for the-fab-cube flesh-and-blood-cards English JSON.

Reads ``card.json`` plus every legality file in the same directory:
``banned-<fmt>.json``, ``suspended-<fmt>.json``, ``living-legend-<fmt>.json`` and
``restricted-<fmt>.json``. Each legality record is a dated change (status_active
true = the status starts on date_in_effect, false = it ends), so the result has a
dated legality_history per card and format.

The source lists one ``types`` array mixing classes, talents, types, subtypes and
metatypes; it is split using CR 2.11.6 (class/talent supertypes), the card-type
vocabulary of CR 1.3.2 and the position in the type line (subtypes follow the dash,
CR 2.14.1). Young, Legendary, Specialization (CR 8.3.7), Essence (CR 8.3.16) and
hybrid class sets (CR 1.1.3b) are derived from the types, keywords and text.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from datetime import date
from pathlib import Path

from rules_engine.cards import (
    CLASSES,
    TALENTS,
    Card,
    LegalityEvent,
    Printing,
    essences_from_text,
    format_code,
    hybrid_class_sets_from_type_text,
    keyword_values_from_text,
    normalise_rarity,
    slugify_identifier,
    specializations_from_text,
)
from rules_engine.importers.base import (
    CardImportError,
    ImportResult,
    RecordReader,
    check_unique,
    files_digest,
    load_json,
    record_label,
    require_list,
)

SOURCE = "fabcube"

#: Card types (CR 1.3.2 categories plus the other types the data uses).
FAB_TYPES = frozenset(
    {
        "Action",
        "Attack Reaction",
        "Defense Reaction",
        "Instant",
        "Block",
        "Mentor",
        "Resource",
        "Equipment",
        "Weapon",
        "Hero",
        "Demi-Hero",
        "Token",
        "Macro",
        "Companion",
        "Event",
        "Placeholder Card",
    }
)

_LEGALITY_FILE = re.compile(r"^(banned|suspended|living-legend|restricted)-([a-z0-9-]+)\.json$")
_STATUS = {
    "banned": "banned",
    "suspended": "suspended",
    "living-legend": "living_legend",
    "restricted": "restricted",
}
#: Current-status flags in card.json -> (format code, status); used only when the
#: dated files say nothing about that card/format/status.
_FLAG_STATUS = {
    "cc_banned": ("cc", "banned"),
    "blitz_banned": ("blitz", "banned"),
    "commoner_banned": ("commoner", "banned"),
    "ll_banned": ("ll", "banned"),
    "upf_banned": ("upf", "banned"),
    "cc_suspended": ("cc", "suspended"),
    "blitz_suspended": ("blitz", "suspended"),
    "commoner_suspended": ("commoner", "suspended"),
    "cc_living_legend": ("cc", "living_legend"),
    "blitz_living_legend": ("blitz", "living_legend"),
    "ll_restricted": ("ll", "restricted"),
}
_LEGAL_FLAGS = {"cc_legal": "cc", "blitz_legal": "blitz", "ll_legal": "ll", "commoner_legal": "commoner"}
_EDITIONS = {"A": "Alpha", "F": "First", "U": "Unlimited", "N": ""}
_FOILINGS = {"S": "", "R": "Rainbow", "C": "Cold", "G": "Gold"}
_KEYWORD_VALUE = re.compile(r"\s+(\d+|X)$")
_EPOCH = date(1970, 1, 1)
#: One dated change: (date in effect, status active, order, file name, article or deciding source).
Change = tuple[date, bool, int, str, str]


def parse_fabcube(directory: str | Path, *, version: str | None = None) -> ImportResult:
    """Parse a the-fab-cube English JSON directory. Raises CardImportError naming file and record.

    ``version`` defaults to the tag named in PROVENANCE.md (if any) plus a content hash.
    """
    directory = Path(directory)
    if not directory.is_dir():
        raise CardImportError("not a directory", file=directory)
    card_file = directory / "card.json"
    records = require_list(load_json(card_file), file=card_file)
    if not records:
        raise CardImportError("no cards in the file", file=card_file)

    readers = [
        RecordReader(rec, file=card_file, label=record_label(i, rec, "unique_id", "name"))
        for i, rec in enumerate(records)
    ]
    ids = {}
    for r in readers:
        uid = r.str("unique_id", allow_empty=False)
        if uid in ids:
            r.fail(f"duplicate unique_id {uid!r}")
        ids[uid] = r

    legality_files = sorted(p for p in directory.iterdir() if _LEGALITY_FILE.match(p.name))
    if version is None:
        version = fabcube_version(directory)
    history = _parse_legality_files(legality_files, set(ids), release=f"{SOURCE}@{version}")
    monikers = _hero_monikers(readers)

    cards = [_parse_card(r, history.get(uid, {}), monikers) for uid, r in ids.items()]
    check_unique(cards, file=card_file)
    faces_file = directory / "card-face-association.json"
    if faces_file.is_file():
        cards = _attach_faces(cards, readers, faces_file)
    files = [card_file, *legality_files] + ([faces_file] if faces_file.is_file() else [])
    return ImportResult(
        game="fab",
        source=SOURCE,
        version=version,
        cards=tuple(cards),
        files=tuple(str(f) for f in files),
        published=_latest_change(history),
    )


def _latest_change(history: dict[str, dict[tuple[str, str], list[LegalityEvent]]]) -> date | None:
    """The newest date in the dated legality files: the data is current at least to then."""
    found = [
        d
        for per_card in history.values()
        for evs in per_card.values()
        for e in evs
        for d in (e.start, e.end)
        if d
    ]
    return max(found) if found else None


def fabcube_version(directory: str | Path) -> str:
    """The version parse_fabcube gives this directory, without parsing it: the tag named
    in PROVENANCE.md (if any) + a hash of card.json, the legality and face files."""
    directory = Path(directory)
    card_file = directory / "card.json"
    if not card_file.is_file():
        raise CardImportError("file not found", file=card_file)
    legality_files = sorted(p for p in directory.iterdir() if _LEGALITY_FILE.match(p.name))
    faces = (
        [directory / "card-face-association.json"]
        if (directory / "card-face-association.json").is_file()
        else []
    )
    return _provenance_tag(directory) + files_digest([card_file, *legality_files, *faces])


def _attach_faces(cards: list[Card], readers: list[RecordReader], path: Path) -> list[Card]:
    """CR 9.1: a double-faced card (is_DFC) records the identifier of its other face.

    The association file names printings (printing unique_id); other double-sided
    printings (token backs) are not faces of one card and are ignored.
    """

    by_printing: dict[str, int] = {}
    for i, r in enumerate(readers):
        for p in r.record.get("printings") or ():
            if isinstance(p, dict) and isinstance(p.get("unique_id"), str):
                by_printing[p["unique_id"]] = i
    other: dict[int, int] = {}
    records = require_list(load_json(path), file=path, what="a list of face associations")
    for k, rec in enumerate(records):
        r = RecordReader(rec, file=path, label=record_label(k, rec, "front_unique_id"))
        front, back = r.str("front_unique_id", allow_empty=False), r.str("back_unique_id", allow_empty=False)
        if not r.bool("is_DFC"):
            continue
        for uid in (front, back):
            if uid not in by_printing:
                r.fail(f"printing {uid!r} is not in card.json")
        a, b = by_printing[front], by_printing[back]
        if a != b:
            other.setdefault(a, b)
            other.setdefault(b, a)
    return [
        replace(c, other_face=cards[other[i]].identifier) if i in other else c for i, c in enumerate(cards)
    ]


def _provenance_tag(directory: Path) -> str:
    prov = directory / "PROVENANCE.md"
    if prov.is_file():
        m = re.search(r"latest tag (v[\w.\-]+)", prov.read_text(encoding="utf-8", errors="replace"))
        if m:
            return m.group(1) + "+"
    return ""


def _parse_legality_files(
    paths: list[Path], card_ids: set[str], release: str = SOURCE
) -> dict[str, dict[tuple[str, str], list[LegalityEvent]]]:
    """-> {card_unique_id: {(format, status): [LegalityEvent, ...]}} from dated change records."""
    changes: dict[tuple[str, str, str], list[Change]] = defaultdict(list)
    for path in paths:
        matched = _LEGALITY_FILE.match(path.name)
        assert matched is not None  # the caller selected the files by this pattern
        kind, fmt = matched.groups()
        status, code = _STATUS[kind], format_code(fmt)
        records = require_list(load_json(path), file=path, what="a list of legality changes")
        for i, rec in enumerate(records):
            r = RecordReader(rec, file=path, label=record_label(i, rec, "unique_id", "card_unique_id"))
            r.str("unique_id", allow_empty=False)
            cid = r.str("card_unique_id", allow_empty=False)
            active = r.bool("status_active")
            effective = r.date("date_in_effect")
            r.date("date_announced")
            article = r.str("legality_article", required=False) or ""
            if cid not in card_ids:
                r.fail(f"card_unique_id {cid!r} is not in card.json")
            changes[(cid, code, status)].append((effective, active, i, path.name, article))
    return build_history(changes, release)


def build_history(
    changes: dict[tuple[str, str, str], list[Change]], release: str
) -> dict[str, dict[tuple[str, str], list[LegalityEvent]]]:
    """Dated change records per (card id, format, status) -> periods (a start, then an end)."""
    out: dict[str, dict[tuple[str, str], list[LegalityEvent]]] = defaultdict(dict)
    for (cid, code, status), items in changes.items():
        items.sort(key=lambda t: (t[0], t[2]))
        events = []
        start = None
        open_ = False
        source = f"{release} ({items[0][3]})"
        for effective, active, _i, name, article in items:
            here = f"{release} ({name}{'; ' + article if article else ''})"
            if active and not open_:
                start, open_, source = effective, True, here
            elif not active:
                events.append(
                    LegalityEvent(
                        code, status, start if open_ else None, effective, source if open_ else here
                    )
                )
                open_ = False
        if open_:
            events.append(LegalityEvent(code, status, start, None, source))
        out[cid][(code, status)] = events
    return out


def _hero_monikers(readers: list[RecordReader]) -> set[str]:
    """CR 2.7.3: monikers are the part of a hero name before the comma (or a young hero's name)."""
    names = set()
    for r in readers:
        types = r.record.get("types") or []
        name = r.record.get("name")
        if isinstance(name, str) and isinstance(types, list) and "Hero" in types:
            if "," in name:
                names.add(name.split(",")[0].strip())
            elif "Young" in types:
                names.add(name.strip())
    return names


def _moniker(name: str, monikers: set[str]) -> str:
    if "," in name:
        return name.split(",")[0].strip()
    best = max((m for m in monikers if name == m or name.startswith(m + " ")), key=len, default=None)
    return best or name.split()[0]


def _pitch(r: RecordReader) -> int | None:
    if "pitch" not in r.record:
        r.fail("missing required field 'pitch'")
    raw = r.stat("pitch")
    if raw is None:
        return None
    if raw not in ("0", "1", "2", "3"):
        r.fail(f"field 'pitch' must be empty or 0-3, got {raw!r}")
    return int(raw)


def _parse_card(
    r: RecordReader, history: dict[tuple[str, str], list[LegalityEvent]], monikers: set[str]
) -> Card:
    name = r.str("name", allow_empty=False)
    pitch = _pitch(r)
    type_text = r.str("type_text")
    raw_types = r.str_list("types")
    text = r.str("functional_text")
    raw_keywords = r.str_list("card_keywords")
    for fld in ("cost", "power", "defense", "health", "intelligence"):
        if fld not in r.record:
            r.fail(f"missing required field {fld!r}")
        r.stat(fld)
    after_dash = type_text.split("//")[0].split(" - ", 1)[1] if " - " in type_text.split("//")[0] else ""
    sub_words = set(re.split(r"[\s()]+", after_dash))

    classes, talents, types, subtypes, metatypes = set(), set(), set(), set(), set()
    for t in raw_types:
        if t == "Generic":
            continue
        if t in CLASSES:
            classes.add(t)
        elif t in TALENTS:
            talents.add(t)
        elif t in FAB_TYPES:
            types.add(t)
        elif t in sub_words or t in after_dash:
            subtypes.add(t)
        else:
            metatypes.add(t)

    keywords, specializations = set(), set()
    valued: list[tuple[str, str]] = []
    in_essence = False  # the source splits "Essence of Earth, Ice, and Lightning" at the commas
    for kw in raw_keywords:
        kw = kw.strip()
        if in_essence and (kw in CLASSES or kw in TALENTS or kw.startswith("and ")):
            continue
        in_essence = kw.startswith("Essence of")
        if kw.endswith(" Specialization"):
            keywords.add("Specialization")
            specializations.add(kw[: -len(" Specialization")].strip())
        elif in_essence:
            keywords.add("Essence")
        elif kw:
            bare = _KEYWORD_VALUE.sub("", kw)
            keywords.add(bare)
            m = _KEYWORD_VALUE.search(kw)
            if m:
                valued.append((bare, m.group(1)))
    if "Specialization" in keywords and not specializations:
        specializations = set(specializations_from_text(text))

    printings = []
    for j, p in enumerate(r.obj_list("printings")):
        pr = RecordReader(p, file=r.file, label=f"{r.label} printing {j}")
        pid = pr.str("id", allow_empty=False)
        code = pr.str("rarity", allow_empty=False)
        try:
            rarity = normalise_rarity(code)
        except ValueError as exc:
            pr.fail(str(exc))
        printings.append(
            Printing(
                id=pid,
                set_code=pr.str("set_id", allow_empty=False),
                rarity=rarity,
                edition=_EDITIONS.get(pr.str("edition", required=False) or "", ""),
                foiling=_FOILINGS.get(pr.str("foiling", required=False) or "", ""),
                treatment=", ".join(pr.str_list("art_variations", required=False)),
            )
        )
    if not printings:
        r.fail("card has no printings")

    legal = set()
    for flag, code in _LEGAL_FLAGS.items():
        if r.bool(flag):
            legal.add(code)
    events = [ev for evs in history.values() for ev in evs]
    for flag, (code, status) in _FLAG_STATUS.items():
        if r.bool(flag, required=False) and (code, status) not in history:
            events.append(LegalityEvent(code, status, source=f"card.json {flag}"))
    events.sort(key=lambda e: (e.format, e.status, e.start or e.end or _EPOCH))

    is_hero = "Hero" in types
    return Card(
        identifier=slugify_identifier(name, pitch),
        name=name,
        pitch=pitch,
        cost=r.stat("cost"),
        power=r.stat("power"),
        defense=r.stat("defense"),
        life=r.stat("health"),
        intellect=r.stat("intelligence"),
        arcane=r.stat("arcane"),
        types=frozenset(types),
        subtypes=frozenset(subtypes),
        classes=frozenset(classes),
        talents=frozenset(talents),
        keywords=frozenset(keywords),
        keyword_values=keyword_values_from_text(keywords, text, valued),
        specializations=frozenset(specializations),
        young="Young" in raw_types,
        legendary="Legendary" in keywords,
        hybrid_class_sets=hybrid_class_sets_from_type_text(type_text),
        printings=tuple(printings),
        legal_formats=frozenset(legal),
        legal_heroes=frozenset(),
        legality_history=tuple(events),
        functional_text=text,
        type_text=type_text,
        game="fab",
        metatypes=frozenset(metatypes),
        traits=frozenset(r.str_list("traits", required=False)),
        essences=essences_from_text(text + "\n" + ", ".join(raw_keywords))
        if "Essence" in keywords
        else frozenset(),
        hero=_moniker(name, monikers) if is_hero else None,
        source_id=r.record["unique_id"],
    )
