"""Card data releases: import a parsed source as a release, activate it, the sources (fabrary,
the-fab-cube, the pool, official addresses) and the default import."""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import subprocess
import tempfile
import urllib.request
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.audit import record_audit
from core.errors import DomainError
from rules_engine.cards import Card, normalise_name
from rules_engine.importers import (
    CardImportError,
    ImportResult,
    fabcube_version,
    parse_cards_2026,
    parse_fabcube,
    parse_fabrary,
    parse_grand_archive,
)
from rules_engine.importers.fabcube_csv import parse_fabcube_csv
from rules_engine.importers.ga_banlist import apply_ga_timeline, parse_ga_timeline
from rules_engine.pool import SOURCE as POOL_SOURCE
from rules_engine.pool import build_pool
from rules_engine.release_dates import (
    merge_set_dates,
    read_overrides,
    set_dates_from_csv,
    set_dates_from_json,
)

from ..archives import unpack_archive
from ..models import CardDataRelease, CardRecord
from ._common import _forget_status_sources, card_data_changed

FABRARY_DIR = Path(settings.BASE_DIR) / "tools" / "fabrary"
FABRARY_PACKAGE = FABRARY_DIR / "node_modules" / "@flesh-and-blood" / "cards"
SOURCES = ("fabrary", "fabcube", "ga", "cards-2026", "fabcube-csv", "pool")
CARDS_2026_DIR = Path(settings.SHARED_DIR) / "data" / "cards-2026"
FABCUBE_CSV_DIR = Path(settings.SHARED_DIR) / "data" / "fabcube-2026"


def _pipes(values) -> str:
    values = sorted({str(v).casefold() for v in values})
    return "|" + "|".join(values) + "|" if values else ""


def record_fields(card: Card) -> dict:
    """Indexed columns of a CardRecord for ``card``."""
    return {
        "identifier": card.identifier[:200],
        "name": card.name[:200],
        "name_key": normalise_name(card.name)[:200],
        "pitch": card.pitch,
        "type_text": card.type_text[:200],
        "types_text": _pipes(card.types | card.subtypes)[:300],
        "classes_text": _pipes(card.classes or ({"generic"} if not card.talents else ()))[:300],
        "talents_text": _pipes(card.talents)[:300],
        "formats_text": _pipes(card.legal_formats)[:300],
        "data": card.to_dict(),
    }


@transaction.atomic
def import_release(
    result: ImportResult, *, activate: bool = False, actor=None
) -> tuple[CardDataRelease, bool]:
    """Store a parsed source as a new release; returns (release, created).

    A release with the same source and version is returned unchanged (created False),
    activated only if ``activate``. Side effects: one CardDataRelease and one CardRecord
    per card, all in one transaction (a failure stores nothing); audit entries for the
    import and any activation. The new release becomes active when ``activate`` or when
    its game has no active release.
    """
    existing = CardDataRelease.objects.filter(source=result.source, version=result.version).first()
    if existing is not None:
        if activate and not existing.is_active:
            activate_release(existing, actor=actor)
        return existing, False
    if not result.cards:
        raise DomainError(
            gettext("%(release)s: no cards to import") % {"release": result.release}, code="empty_release"
        )
    release = CardDataRelease.objects.create(
        game=result.game,
        source=result.source,
        version=result.version,
        card_count=len(result.cards),
        files=list(result.files),
        published_on=result.published,
        notes=result.notes,
    )
    CardRecord.objects.bulk_create(
        [CardRecord(release=release, **record_fields(card)) for card in result.cards], batch_size=500
    )
    record_audit(
        release,
        actor=actor,
        action="card_release.import",
        after={
            "release": release.label,
            "cards": release.card_count,
            "files": release.files,
            "published_on": release.published_on,
        },
    )
    if activate or not CardDataRelease.objects.filter(game=result.game, is_active=True).exists():
        activate_release(release, actor=actor)
    _forget_status_sources()
    transaction.on_commit(_forget_status_sources)
    transaction.on_commit(lambda: card_data_changed.send(sender=CardDataRelease, release=release))
    return release, True


@transaction.atomic
def activate_release(release: CardDataRelease, *, actor=None) -> CardDataRelease:
    """Make ``release`` the active one of its game (the default for new events).

    Side effects: deactivates the previously active release of that game; audited.
    Events that pinned a release keep it.
    """
    previous = list(
        CardDataRelease.objects.select_for_update()
        .filter(game=release.game, is_active=True)
        .exclude(pk=release.pk)
    )
    for old in previous:
        old.is_active = False
        old.save(update_fields=["is_active"])
    if not release.is_active:
        release.is_active = True
        release.save(update_fields=["is_active"])
        record_audit(
            release,
            actor=actor,
            action="card_release.activate",
            before={"active": [r.label for r in previous]},
            after={"active": release.label},
        )
    return release


# -- sources -------------------------------------------------------------------------


def fabrary_package_version(package_dir: Path = FABRARY_PACKAGE) -> str | None:
    """Version of the installed npm package, or None when it is not installed."""
    try:
        return json.loads((Path(package_dir) / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def dump_fabrary_package(out: Path) -> Path:
    """Run ``node tools/fabrary/dump.mjs OUT`` (the package must be installed)."""
    node = shutil.which("node")
    if node is None:
        raise CardImportError("node is not installed (needed to read the npm package)", file=FABRARY_DIR)
    if fabrary_package_version() is None:
        raise CardImportError(
            "@flesh-and-blood/cards is not installed: run `make card-package`", file=FABRARY_PACKAGE
        )
    proc = subprocess.run(
        [node, str(FABRARY_DIR / "dump.mjs"), str(out)], capture_output=True, text=True, timeout=300
    )
    if proc.returncode != 0:
        raise CardImportError(f"dump.mjs failed: {proc.stderr.strip()[:500]}", file=FABRARY_DIR / "dump.mjs")
    return out


def parse_source(
    source: str, path: str | Path | None = None, *, published: date | None = None
) -> ImportResult:
    """Parse one source. ``path`` defaults to the npm package (fabrary) or the shared copies.

    ``published`` (fabrary): the package version's publication date. Without it the dump's
    own date or the known date of that version is used, else today: the statuses the package
    states without dates then apply from the import day on, never earlier (a safe bound).
    """
    if source == "fabrary":
        if path is not None:
            return _dated_fabrary(Path(path), published)
        with tempfile.TemporaryDirectory() as tmp:
            return _dated_fabrary(dump_fabrary_package(Path(tmp) / "fabrary.json"), published)
    if source == "fabcube":
        with local_copy(path or Path(settings.SHARED_DIR) / "data" / "fabcube") as folder:
            return parse_fabcube(_card_json_folder(Path(folder)))
    if source == "ga":
        if str(path or "").startswith(("http://", "https://")) and not str(path).endswith(
            (".zip", ".tar", ".tar.gz", ".tgz")
        ):
            with tempfile.TemporaryDirectory() as tmp:
                return with_ga_timeline(parse_grand_archive(download_json_pages(str(path), Path(tmp))))
        with local_copy(path or Path(settings.SHARED_DIR) / "data" / "ga") as folder:
            return with_ga_timeline(parse_grand_archive(folder))
    if source == "cards-2026":
        base, base_release = base_fab_cards()
        with local_copy(path or CARDS_2026_DIR) as folder:
            return parse_cards_2026(folder, base=base, base_release=base_release)
    if source == "fabcube-csv":
        with local_copy(path or FABCUBE_CSV_DIR) as folder:
            return parse_fabcube_csv(Path(folder), newer=newer_fabcube_copies(Path(folder)))
    if source == "pool":
        return pool_from_releases(shared_dir=Path(path) if path else None)
    raise DomainError(
        gettext("unknown card source %(source)s; choose one of %(sources)s")
        % {"source": repr(source), "sources": ", ".join(SOURCES)},
        code="source",
    )


def newer_fabcube_copies(folder: Path) -> list[tuple[str, Path]]:
    """Newer copies of the-fab-cube's legality files kept beside a copy (``upstream-<commit>/``),
    oldest name first: their rows are merged by row id, the later one winning."""
    return [
        (f"upstream {p.name.split('-', 1)[1]}" if "-" in p.name else p.name, p)
        for p in sorted(folder.glob("upstream-*"))
        if p.is_dir()
    ]


def _release_cards(rel: CardDataRelease) -> list[Card]:
    rows = CardRecord.objects.filter(release=rel).values_list("data", flat=True)
    return [Card.from_dict(d) for d in rows.iterator(chunk_size=2000)]


def _newest(*sources: str) -> CardDataRelease | None:
    return (
        CardDataRelease.objects.filter(game="fab", source__in=sources)
        .order_by("-published_on", "-imported_at", "-pk")
        .first()
    )


def pool_set_dates(shared_dir: Path | None = None) -> dict[str, date]:
    """Set code -> first release date from every set list in the shared data (the-fab-cube CSV and
    JSON copies, fabrary's Released/set.json); the earliest date of a set wins."""
    data = Path(shared_dir or settings.SHARED_DIR) / "data"
    tables = [set_dates_from_csv(p) for p in sorted(data.glob("*/csvs/english")) if (p / "set.csv").is_file()]
    tables += [set_dates_from_json(p) for p in sorted(data.glob("*/set.json"))]
    tables += [set_dates_from_json(p) for p in sorted(data.glob("*/json/english/set.json"))]
    tables += [set_dates_from_json(p) for p in sorted(data.glob("*/fab/fabrary_Released_set.json"))]
    return merge_set_dates(*tables)


#: Changes when the way a pool is built changes, so a re-import builds it again.
POOL_BUILD = "pool-build-4"


def pool_from_releases(*, shared_dir: Path | None = None) -> ImportResult:
    """One card pool (``rules_engine.pool``) from the imported FaB releases: the newest
    current-state release (cards-2026 or fabrary) as the base, the newest dated the-fab-cube
    release for statuses and the cards the base lacks, every other the-fab-cube release for
    older cards; each card dated by its first release (set lists and fabrary's overrides in
    the shared data). DomainError when no FaB release is imported."""
    current = _newest("cards-2026", "fabrary-cards")
    dated = _newest("fabcube")
    if current is None and dated is None:
        raise DomainError(gettext("no FaB card data imported to build a pool from"), code="no_card_data")
    others = [
        r
        for r in CardDataRelease.objects.filter(game="fab", source="fabcube").order_by("-published_on", "-pk")
        if dated is None or r.pk != dated.pk
    ]
    base = current or dated
    assert base is not None
    parts = [r for r in (current, dated, *others) if r is not None]
    folder = Path(shared_dir or settings.SHARED_DIR) / "data"
    override_files = sorted(folder.glob("*/fab/fabrary_first-release-date-overrides.json"))
    overrides: dict[str, date] = {}
    for path in override_files:
        overrides.update(read_overrides(path))
    set_dates = pool_set_dates(shared_dir)
    label = "+".join(r.label for r in parts)
    statuses_of = base.published_on
    if current is not None and current.source == "cards-2026":
        # cards-2026 keeps the statuses of the fabrary release it was merged into: the date that
        # data stopped stating a status is that release's publication (a tighter bound).
        fab = _newest("fabrary-cards")
        if fab is not None and fab.published_on and (statuses_of is None or fab.published_on < statuses_of):
            statuses_of = fab.published_on
    differences: list[str] = []
    cards = build_pool(
        _release_cards(base),
        _release_cards(dated) if dated is not None and dated is not base else (),
        [_release_cards(r) for r in others],
        published=statuses_of,
        release=base.label,
        dated_release=dated.label if dated is not None else "",
        set_dates=set_dates,
        overrides=overrides,
        differences=differences,
    )
    stamp = hashlib.sha256(
        (POOL_BUILD + label + repr(sorted(set_dates.items())) + repr(sorted(overrides.items()))).encode()
    ).hexdigest()[:12]
    published = max((r.published_on for r in parts if r.published_on), default=None)
    undated = sum(1 for c in cards if c.released is None)
    return ImportResult(
        game="fab",
        source=POOL_SOURCE,
        version=f"{published.isoformat() if published else 'undated'}+{stamp}",
        cards=tuple(cards),
        files=tuple(str(p) for p in override_files),
        published=published,
        notes=(
            f"one pool from {label}: {len(cards)} cards, each dated by its first printing "
            f"({len(set_dates)} dated sets, {len(overrides)} fabrary overrides; {undated} cards with no "
            f"known release date count as released)"
            + (
                f"; {len(differences)} stats differ between the sources (the current release's kept): "
                + "; ".join(differences[:40])
                if differences
                else ""
            )
        ),
    )


def _dated_fabrary(path: Path, published: date | None) -> ImportResult:
    result = parse_fabrary(path, published=published)
    if result.published is None:
        result = parse_fabrary(path, published=timezone.localdate())
    return result


GA_TIMELINE_GLOB = "ga_standard_format_timeline_and_banlist_*.json"


def with_ga_timeline(result: ImportResult, timeline: Path | None = None) -> ImportResult:
    """GA cards with the dated Standard banned list (community timeline, see
    ``rules_engine.importers.ga_banlist``) applied by name; unchanged when no timeline file."""

    if timeline is None:
        found = (
            sorted((CARDS_2026_DIR / "ga").glob(GA_TIMELINE_GLOB)) if (CARDS_2026_DIR / "ga").is_dir() else []
        )
        if not found:
            return result
        timeline = found[-1]
    events, source = parse_ga_timeline(timeline)
    stamp = timeline.stem.rsplit("_", 1)[-1]
    return replace(
        result,
        cards=tuple(apply_ga_timeline(result.cards, events)),
        version=f"{result.version}+bans-{stamp}",
        files=(*result.files, str(timeline)),
        notes=(result.notes + "; " if result.notes else "") + f"dated Standard bans from {source}",
    )


def base_fab_cards() -> tuple[list[Card], str]:
    """The full FaB card data a newer partial source is merged into: the newest imported
    fabrary release, else the installed npm package, else the-fab-cube shared copy."""
    rel = (
        CardDataRelease.objects.filter(game="fab", source="fabrary-cards")
        .order_by("-published_on", "-imported_at", "-pk")
        .first()
    )
    if rel is not None:
        rows = CardRecord.objects.filter(release=rel).values_list("data", flat=True)
        return [Card.from_dict(d) for d in rows.iterator(chunk_size=2000)], rel.label
    if fabrary_package_version() is not None and shutil.which("node") is not None:
        result = parse_source("fabrary")
    else:
        result = parse_fabcube(Path(settings.SHARED_DIR) / "data" / "fabcube")
    return list(result.cards), result.release


MAX_DOWNLOAD_BYTES = 200_000_000


MAX_PAGES = 500


def _fetch_json(url: str) -> Any:
    try:
        with urllib.request.urlopen(url, timeout=60) as resp:  # noqa: S310 (an operator-given URL)
            raw = resp.read(MAX_DOWNLOAD_BYTES + 1)
    except OSError as exc:
        raise CardImportError(f"download failed ({exc})", file=url) from None
    if len(raw) > MAX_DOWNLOAD_BYTES:
        raise CardImportError("download larger than 200 MB", file=url)
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise CardImportError(f"not JSON ({exc})", file=url) from None


def download_json_pages(url: str, folder: Path) -> Path:
    """Fetch a paged JSON API (the GA Index search: ``{"data": [...], "page": 1,
    "total_pages": N}`` or ``"has_more": true``) page by page into ``folder``; a plain JSON
    list is one page. Raises CardImportError naming the URL."""

    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    page = int(query.get("page", "1") or 1)
    for n in range(MAX_PAGES):
        here = urlunsplit(parts._replace(query=urlencode({**query, "page": page})))
        data = _fetch_json(url if n == 0 else here)
        (folder / f"page-{n + 1:03d}.json").write_text(json.dumps(data), encoding="utf-8")
        if not isinstance(data, dict):
            break
        total = data.get("total_pages")
        more = data.get("has_more")
        if not ((isinstance(total, int) and page < total) or more is True) or not data.get("data"):
            break
        page += 1
    else:
        raise CardImportError(f"more than {MAX_PAGES} pages", file=url)
    return folder


def _card_json_folder(folder: Path) -> Path:
    """the-fab-cube's repository archive keeps the English JSON in json/english/."""
    if not folder.is_dir() or (folder / "card.json").is_file():
        return folder
    found = sorted(folder.rglob("card.json"), key=lambda p: ("english" not in p.parts, len(p.parts)))
    return found[0].parent if found else folder


@contextlib.contextmanager
def local_copy(location: str | Path):
    """A local folder or file for ``location``: a folder or JSON file as is; a .zip or
    .tar(.gz) archive unpacked to a temporary folder (``cards.archives``: no member outside
    it, no links or devices, limits on members, size and compression ratio); an http(s) URL
    downloaded first. Raises CardImportError naming the location when it can't be read."""
    text = str(location)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(text)
        if text.startswith(("http://", "https://")):
            name = text.rstrip("/").rsplit("/", 1)[-1].split("?")[0] or "download"
            path = Path(tmp) / name
            try:
                with urllib.request.urlopen(text, timeout=120) as resp, path.open("wb") as out:  # noqa: S310
                    total = 0
                    while chunk := resp.read(1 << 20):
                        total += len(chunk)
                        if total > MAX_DOWNLOAD_BYTES:
                            raise CardImportError("download larger than 200 MB", file=text)
                        out.write(chunk)
            except OSError as exc:
                raise CardImportError(f"download failed ({exc})", file=text) from None
        if path.is_file() and path.name.endswith((".zip", ".tar", ".tar.gz", ".tgz")):
            folder = Path(tmp) / "unpacked"
            unpack_archive(path, folder)
            # An archive with one top folder: use it.
            entries = list(folder.iterdir())
            yield entries[0] if len(entries) == 1 and entries[0].is_dir() else folder
            return
        yield path


@dataclass
class DefaultImport:
    source: str
    release: str
    status: str  # "imported", "skipped", "missing"
    detail: str = ""


def import_defaults(
    *, actor=None, shared_dir: Path | None = None, package_dir: Path = FABRARY_PACKAGE
) -> list[DefaultImport]:
    """Import every default source that is present; already-imported versions are skipped.

    Order: fabrary npm package, the-fab-cube shared copy, the GA shared copy. The
    fabrary release becomes active for FaB if no FaB release is active (see module doc).
    Side effects: as import_release, per source (each source in its own transaction).
    """
    out: list[DefaultImport] = []
    shared_dir = Path(shared_dir or settings.SHARED_DIR)
    version = fabrary_package_version(package_dir)
    if version is None or shutil.which("node") is None:
        out.append(DefaultImport("fabrary", "", "missing", "npm package or node not installed"))
    elif CardDataRelease.objects.filter(source="fabrary-cards", version=version).exists():
        out.append(DefaultImport("fabrary", f"fabrary-cards@{version}", "skipped", "already imported"))
    else:
        release, _ = import_release(
            parse_source("fabrary"),
            actor=actor,
            activate=not CardDataRelease.objects.filter(game="fab", is_active=True).exists(),
        )
        out.append(DefaultImport("fabrary", release.label, "imported", f"{release.card_count} cards"))

    for source, sub in (("fabcube", "fabcube"), ("ga", "ga")):
        path = shared_dir / "data" / sub
        if not path.is_dir():
            out.append(_import_from_official_address(source, path, actor=actor))
            continue
        if source == "fabcube":
            label = f"fabcube@{fabcube_version(path)}"
            if CardDataRelease.objects.filter(source="fabcube", version=label.split("@", 1)[1]).exists():
                out.append(DefaultImport(source, label, "skipped", "already imported"))
                continue
        release, created = import_release(parse_source(source, path), actor=actor)
        out.append(
            DefaultImport(
                source,
                release.label,
                "imported" if created else "skipped",
                f"{release.card_count} cards" if created else "already imported",
            )
        )
    out.append(_import_newer_fab_data(actor=actor, folder=shared_dir / "data" / "cards-2026"))
    out.append(_import_fabcube_csv(actor=actor, folder=shared_dir / "data" / "fabcube-2026"))
    out.append(_import_pool(actor=actor, shared_dir=shared_dir))
    return out


def _import_fabcube_csv(*, actor, folder: Path) -> DefaultImport:
    """the-fab-cube's CSV copy (with any newer legality copies beside it), a dated release."""
    if not (folder / "csvs" / "english" / "card.csv").is_file():
        return DefaultImport(
            "fabcube-csv", "", "missing", f"{folder / 'csvs' / 'english'} not found (optional)"
        )
    release, created = import_release(parse_source("fabcube-csv", folder), actor=actor)
    return DefaultImport(
        "fabcube-csv",
        release.label,
        "imported" if created else "skipped",
        f"{release.card_count} cards" if created else "already imported",
    )


def _import_pool(*, actor, shared_dir: Path) -> DefaultImport:
    """One dated card pool from every FaB release imported; it becomes the active FaB release."""
    if not CardDataRelease.objects.filter(game="fab").exists():
        return DefaultImport("pool", "", "missing", "no FaB release imported")
    result = pool_from_releases(shared_dir=shared_dir)
    release, created = import_release(result, actor=actor, activate=True)
    return DefaultImport(
        "pool",
        release.label,
        "imported" if created else "skipped",
        f"{release.card_count} cards, now active" if created else "already imported",
    )


def _import_from_official_address(source: str, missing: Path, *, actor) -> DefaultImport:
    """``source`` from its public address (``settings.ARBITER_SOURCE_URLS``) when the shared
    folder lacks it and online sources are allowed (``ARBITER_ONLINE_SOURCES``); else "missing"
    with what to run."""
    url = settings.ARBITER_SOURCE_URLS.get(source, "")
    how = (
        f"run `manage.py import_cards {source} PATH_OR_URL`, or put the data in "
        f"{missing} (ARBITER_SHARED_DIR names another folder)"
    )
    if not url or not settings.ARBITER_ONLINE_SOURCES:
        return DefaultImport(source, "", "missing", f"{missing} not found: {how}")
    try:
        result = parse_source(source, url)
    except CardImportError as exc:
        return DefaultImport(
            source, "", "missing", f"{missing} not found and the download failed ({exc}): {how}"
        )
    release, created = import_release(result, actor=actor)
    return DefaultImport(
        source,
        release.label,
        "imported" if created else "skipped",
        (f"{release.card_count} cards from {url}" if created else "already imported"),
    )


def _import_newer_fab_data(*, actor, folder: Path) -> DefaultImport:
    """The newer-data folder, merged into the newest fabrary release. It becomes the active
    FaB release when the active one is the release it was merged into (it holds every card
    of that release), so new events and lists use the newer cards."""
    if not (folder / "fab").is_dir():
        return DefaultImport(
            "cards-2026",
            "",
            "missing",
            f"{folder / 'fab'} not found (optional newer data: `manage.py import_cards cards-2026 FOLDER`)",
        )
    result = parse_source("cards-2026", folder)
    if CardDataRelease.objects.filter(source=result.source, version=result.version).exists():
        return DefaultImport("cards-2026", result.release, "skipped", "already imported")
    active = CardDataRelease.objects.filter(game="fab", is_active=True).first()
    merged_into_active = active is not None and f"merged by card into {active.label} " in result.notes
    release, _ = import_release(result, actor=actor, activate=merged_into_active)
    return DefaultImport(
        "cards-2026",
        release.label,
        "imported",
        f"{release.card_count} cards" + (", now active" if release.is_active else ""),
    )
