"""Writes for card data: importing a parsed source as a release, activating a release.

Which FaB release is active by default: the npm package @flesh-and-blood/cards
(fabrary) at the pinned version, because it is current through 2026 (newer sets,
Silver Age, legal heroes). The-fab-cube copy (mid-2025) is also imported and keeps the
dated legality history (banned/suspended/living legend/restricted with dates), so
an event dated before mid-2025 can pin that release instead.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction

from core.audit import record_audit
from core.errors import DomainError
from rules_engine.cards import Card, normalise_name
from rules_engine.importers import (
    CardImportError,
    ImportResult,
    fabcube_version,
    parse_fabcube,
    parse_fabrary,
    parse_grand_archive,
)

from .models import CardDataRelease, CardRecord

FABRARY_DIR = Path(settings.BASE_DIR) / "tools" / "fabrary"
FABRARY_PACKAGE = FABRARY_DIR / "node_modules" / "@flesh-and-blood" / "cards"
SOURCES = ("fabrary", "fabcube", "ga")


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
        raise DomainError(f"{result.release}: no cards to import", code="empty_release")
    release = CardDataRelease.objects.create(
        game=result.game,
        source=result.source,
        version=result.version,
        card_count=len(result.cards),
        files=list(result.files),
    )
    CardRecord.objects.bulk_create(
        [CardRecord(release=release, **record_fields(card)) for card in result.cards], batch_size=500
    )
    record_audit(
        release,
        actor=actor,
        action="card_release.import",
        after={"release": release.label, "cards": release.card_count, "files": release.files},
    )
    if activate or not CardDataRelease.objects.filter(game=result.game, is_active=True).exists():
        activate_release(release, actor=actor)
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


def parse_source(source: str, path: str | Path | None = None) -> ImportResult:
    """Parse one source. ``path`` defaults to the npm package (fabrary) or the shared copies."""
    if source == "fabrary":
        if path is not None:
            return parse_fabrary(path)
        with tempfile.TemporaryDirectory() as tmp:
            return parse_fabrary(dump_fabrary_package(Path(tmp) / "fabrary.json"))
    if source == "fabcube":
        return parse_fabcube(path or Path(settings.SHARED_DIR) / "data" / "fabcube")
    if source == "ga":
        return parse_grand_archive(path or Path(settings.SHARED_DIR) / "data" / "ga")
    raise DomainError(f"unknown card source {source!r}; choose one of {', '.join(SOURCES)}", code="source")


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
            out.append(DefaultImport(source, "", "missing", f"{path} not found"))
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
    return out
