"""Writes for the rules reference: importing documents and choosing the current edition."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from core.errors import DomainError

from .enums import DocumentKind
from .models import GlossaryTerm, Rule, RulesDocument
from .parsing import PARSER_VERSION, ParsedDocument, parse_document
from .seeds import SEEDS

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 5_000_000


@dataclass(frozen=True)
class ImportResult:
    document: RulesDocument
    created: bool
    changed: bool
    rule_count: int
    glossary_count: int

    def describe(self) -> str:
        state = "unchanged" if not self.changed else ("imported" if self.created else "replaced")
        return (
            f"{self.document.short_label} {self.document.version}: {state} "
            f"({self.rule_count} rules, {self.glossary_count} glossary terms)"
        )


def content_hash(text: str) -> str:
    """Hash of the text and of the parser version (a parser change re-imports unchanged text)."""
    return hashlib.sha256(f"parser {PARSER_VERSION}\n{text}".encode()).hexdigest()


def anchor_for(number: str) -> str:
    return "r-" + (slugify(number.replace(".", "-")) or "rule")


def _check_kind(kind: str) -> str:
    kind = (kind or "").lower()
    if kind not in DocumentKind.values:
        raise DomainError(
            f"Unknown document {kind!r}: expected one of {', '.join(DocumentKind.values)}.", field="document"
        )
    return kind


def _check_version(version: str) -> str:
    version = (version or "").strip()
    if not version or len(version) > 40 or "/" in version or not version.isprintable():
        raise DomainError(
            "A version is required (up to 40 characters, no '/'), e.g. 2.13.0 or 2025.", field="version"
        )
    return version


@transaction.atomic
def import_rules_document(
    text: str,
    *,
    kind: str,
    version: str,
    source_name: str = "",
    make_current: bool | None = None,
    force: bool = False,
) -> ImportResult:
    """Parse ``text`` and store it as ``kind``/``version``, replacing that version atomically.

    Side effects: creates or replaces one RulesDocument with its Rule and GlossaryTerm rows; on
    PostgreSQL fills Rule.search_vector. Re-importing the same text is a no-op (content hash),
    unless ``force``. ``make_current`` None means: current if the kind has no current version yet.
    Raises DomainError when the text yields no rules.
    """
    kind = _check_kind(kind)
    version = _check_version(version)
    if not isinstance(text, str) or not text.strip():
        raise DomainError("The document is empty.", field="file")
    digest = content_hash(text)
    existing = RulesDocument.objects.select_for_update().filter(kind=kind, version=version).first()
    if existing is not None and existing.content_hash == digest and not force:
        if make_current and not existing.is_current:
            set_current_document(existing)
        return ImportResult(
            existing,
            created=False,
            changed=False,
            rule_count=existing.rule_count,
            glossary_count=existing.glossary_terms.count(),
        )
    parsed = parse_document(text, kind)
    if len(parsed.rules) < 2:
        raise DomainError(
            f"No numbered rules found in {source_name or 'the text'}: is it a {DocumentKind(kind).label}?",
            field="file",
        )
    created = existing is None
    if created:
        document = RulesDocument(kind=kind, version=version)
    else:
        document = existing
        document.rules.all().delete()
        document.glossary_terms.all().delete()
    document.title = DocumentKind(kind).label
    document.source_name = source_name[:200]
    document.content_hash = digest
    document.imported_at = timezone.now()
    document.rule_count = len(parsed.rules)
    if make_current is None:
        make_current = (
            document.is_current or not RulesDocument.objects.filter(kind=kind, is_current=True).exists()
        )
    if make_current:
        RulesDocument.objects.filter(kind=kind, is_current=True).exclude(pk=document.pk).update(
            is_current=False
        )
    document.is_current = bool(make_current) or (document.is_current and not created)
    document.save()
    glossary_count = _store_parsed(document, parsed)
    return ImportResult(
        document, created=created, changed=True, rule_count=len(parsed.rules), glossary_count=glossary_count
    )


def _store_parsed(document: RulesDocument, parsed: ParsedDocument) -> int:
    rules = [
        Rule(
            document=document,
            number=r.number[:40],
            title=r.title[:200],
            text=r.text,
            order=i,
            depth=r.depth,
            is_heading=r.is_heading,
            anchor=anchor_for(r.number),
        )
        for i, r in enumerate(parsed.rules)
    ]
    Rule.objects.bulk_create(rules, batch_size=500)
    if not all(r.pk for r in rules):
        ids = dict(Rule.objects.filter(document=document).values_list("number", "pk"))
        for r in rules:
            r.pk = ids[r.number]
    ids = {r.number: r.pk for r in rules}
    with_parent = []
    for obj, pr in zip(rules, parsed.rules):
        if pr.parent and pr.parent in ids:
            obj.parent_id = ids[pr.parent]
            with_parent.append(obj)
    Rule.objects.bulk_update(with_parent, ["parent"], batch_size=500)
    terms: list[GlossaryTerm] = []
    seen: set[str] = set()
    for i, g in enumerate(parsed.glossary):
        slug = slugify(g.term)[:130] or f"term-{i}"
        base, n = slug, 2
        while slug in seen:
            slug, n = f"{base}-{n}", n + 1
        seen.add(slug)
        terms.append(
            GlossaryTerm(
                document=document,
                term=g.term[:120],
                slug=slug,
                definition=g.definition,
                rule_number=g.rule_number[:40],
                order=i,
            )
        )
    GlossaryTerm.objects.bulk_create(terms, batch_size=500)
    if connection.vendor == "postgresql":
        _fill_search_vectors(document)
    return len(terms)


def _fill_search_vectors(document: RulesDocument) -> None:
    from django.contrib.postgres.search import SearchVector

    Rule.objects.filter(document=document).update(
        search_vector=SearchVector("number", weight="A", config="english")
        + SearchVector("title", weight="A", config="english")
        + SearchVector("text", weight="B", config="english")
    )


@transaction.atomic
def set_current_document(document: RulesDocument) -> RulesDocument:
    """Make ``document`` the current edition of its kind (the one unversioned citations mean)."""
    RulesDocument.objects.filter(kind=document.kind, is_current=True).exclude(pk=document.pk).update(
        is_current=False
    )
    document.is_current = True
    document.save(update_fields=["is_current"])
    return document


def read_document_url(url: str) -> str:
    """Download a rules document's text (an http(s) address the operator names); DomainError
    naming the address when it cannot be read."""
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=60) as resp:  # noqa: S310 (an operator-given URL)
            raw = resp.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as exc:
        raise DomainError(f"{url}: download failed ({exc})", field="file") from None
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise DomainError(f"{url} is larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB.", field="file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def read_document_file(path: Path | str) -> str:
    """Read a rules text file as UTF-8 (BOM tolerated); DomainError for a missing or unreadable file."""
    path = Path(path)
    if not path.is_file():
        raise DomainError(f"File not found: {path}", field="file")
    if path.stat().st_size > MAX_DOCUMENT_BYTES:
        raise DomainError(f"{path.name} is larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB.", field="file")
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def default_seeds_folder(named: Path | str | None = None) -> Path:
    """The folder of rules document texts: ``named`` (or its seeds/ subfolder), else
    ``SHARED_DIR/seeds``."""
    if named:
        folder = Path(named)
        return folder / "seeds" if (folder / "seeds").is_dir() else folder
    return Path(settings.SHARED_DIR) / "seeds"


def import_default_documents(seeds_dir: Path | str | None = None) -> list[ImportResult]:
    """Import every known seed present in ``seeds_dir`` (default SHARED_DIR/seeds) as its kind/version.

    Quick no-op for documents already imported with the same content hash.
    """
    folder = default_seeds_folder(seeds_dir)
    results: list[ImportResult] = []
    for seed in SEEDS:
        path = folder / seed.filename
        if not path.is_file():
            continue
        text = read_document_file(path)
        results.append(
            import_rules_document(
                text,
                kind=seed.kind,
                version=seed.version,
                source_name=seed.filename,
                make_current=seed.current or None,
            )
        )
    return results
