"""Writes for the rules reference: importing documents and choosing the current edition."""

from __future__ import annotations

import hashlib
import http.client
import logging
import urllib.request
from dataclasses import dataclass
from datetime import date
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.postgres.search import SearchVector
from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import DomainError

from .editions import edition_in_text
from .enums import DocumentKind
from .models import GlossaryTerm, Rule, RulesDocument
from .parsing import PARSER_VERSION, ParsedDocument, parse_document
from .pdftext import PdfTextError, is_pdf, pdf_to_text
from .seeds import SEEDS

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 5_000_000
USER_AGENT = "Mozilla/5.0 (compatible; Arbiter tournament software; rules importer)"


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
            _("Unknown document %(kind)s: expected one of %(values)s.")
            % {"kind": repr(kind), "values": ", ".join(DocumentKind.values)},
            field="document",
        )
    return kind


def _check_version(version: str) -> str:
    version = (version or "").strip()
    if not version or len(version) > 40 or "/" in version or not version.isprintable():
        raise DomainError(
            _("A version is required (up to 40 characters, no '/'), e.g. 2.13.0 or 2025."), field="version"
        )
    return version


def _already_imported(document: RulesDocument, *, make_current: bool | None) -> ImportResult:
    """The answer for text that is imported already: nothing changes, except that ``make_current``
    makes that edition the current one."""
    if make_current and not document.is_current:
        set_current_document(document)
    return ImportResult(
        document,
        created=False,
        changed=False,
        rule_count=document.rule_count,
        glossary_count=document.glossary_terms.count(),
    )


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
        raise DomainError(_("The document is empty."), field="file")
    digest = content_hash(text)
    existing = RulesDocument.objects.select_for_update().filter(kind=kind, version=version).first()
    if existing is not None and existing.content_hash == digest and not force:
        return _already_imported(existing, make_current=make_current)
    parsed = parse_document(text, kind)
    if len(parsed.rules) < 2:
        raise DomainError(
            _("No numbered rules found in %(value)s: is it a %(label)s?")
            % {"value": source_name or "the text", "label": DocumentKind(kind).label},
            field="file",
        )
    created = existing is None
    if existing is None:
        document = RulesDocument(kind=kind, version=version)
    else:
        document = existing
        document.rules.all().delete()
        document.glossary_terms.all().delete()
    document.title = str(DocumentKind(kind).label)
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


@dataclass(frozen=True)
class DocumentSource:
    """A rules document's text as read from a file or an address (a PDF already turned into text)."""

    text: str
    name: str
    last_modified: date | None = None
    from_pdf: bool = False

    def edition(self, kind: str) -> str | None:
        """The version to store it under: the one its front page names
        (:func:`reference.editions.edition_in_text`), else the day the address last changed it."""
        found = edition_in_text(self.text, kind)
        if found is None and self.last_modified is not None:
            found = self.last_modified.isoformat()
        return found


def _decode(raw: bytes, name: str) -> tuple[str, bool]:
    """Text of a document file: a PDF through pdftotext, else UTF-8 (BOM tolerated) or Windows-1252."""
    if is_pdf(raw):
        try:
            return pdf_to_text(raw), True
        except PdfTextError as exc:
            raise DomainError(f"{name}: {exc}", field="file") from None
    try:
        return raw.decode("utf-8-sig"), False
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace"), False


def _http_only_opener():
    """An opener that follows redirects only to http(s) addresses (never file: or ftp:)."""

    class HttpOnlyRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            if urlsplit(newurl).scheme not in ("http", "https"):  # urllib itself allows ftp:
                raise DomainError(
                    _("%(full_url)s redirects to %(newurl)s, which is not an http(s) address")
                    % {"full_url": req.full_url, "newurl": newurl}
                )
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(HttpOnlyRedirects)


def fetch_document_url(url: str) -> DocumentSource:
    """Download a rules document (text or PDF) from an http(s) address; DomainError naming the
    address when it is not an http(s) address, cannot be read, is a web page rather than a
    document, or arrives cut short."""

    try:
        parts = urlsplit(url)
    except ValueError as exc:  # "http://[::1/x": a bracket left open
        raise DomainError(
            _("%(url)s is not an address (%(exc)s).") % {"url": repr(url), "exc": exc}, field="file"
        ) from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise DomainError(_("%(url)s is not an http(s) address.") % {"url": repr(url)}, field="file")
    try:
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        with _http_only_opener().open(request, timeout=60) as resp:
            raw = resp.read(MAX_DOCUMENT_BYTES + 1)
            modified = resp.headers.get("Last-Modified")
            content_type = (resp.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            announced = resp.headers.get("Content-Length")
    except DomainError as exc:
        raise DomainError(f"{url}: {exc.message}", field="file") from None
    except (OSError, ValueError, http.client.HTTPException) as exc:
        raise DomainError(
            _("%(url)s: download failed (%(exc)s)") % {"url": url, "exc": exc}, field="file"
        ) from None
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise DomainError(
            _("%(url)s is larger than %(value)s MB.")
            % {"url": url, "value": MAX_DOCUMENT_BYTES // 1_000_000},
            field="file",
        )
    if announced and announced.isdigit() and int(announced) != len(raw):
        raise DomainError(
            _("%(url)s: the download stopped after %(count)s of %(announced)s bytes.")
            % {"url": url, "count": len(raw), "announced": announced},
            field="file",
        )
    if content_type in ("text/html", "application/xhtml+xml") and not is_pdf(raw):
        raise DomainError(
            _("%(url)s is a web page, not a rules document (a PDF or a text file).") % {"url": url},
            field="file",
        )
    last_modified = None
    if modified:
        try:
            last_modified = parsedate_to_datetime(modified).date()
        except (TypeError, ValueError):
            last_modified = None
    text, from_pdf = _decode(raw, url)
    return DocumentSource(text, url, last_modified, from_pdf)


def read_document_url(url: str) -> str:
    """The text of the rules document at an http(s) address (see :func:`fetch_document_url`)."""
    return fetch_document_url(url).text


def fetch_document_file(path: Path | str) -> DocumentSource:
    """Read a rules document file, text or PDF; DomainError for a missing or unreadable file."""
    path = Path(path)
    if not path.is_file():
        raise DomainError(_("File not found: %(path)s") % {"path": path}, field="file")
    if path.stat().st_size > MAX_DOCUMENT_BYTES:
        raise DomainError(
            _("%(name)s is larger than %(value)s MB.")
            % {"name": path.name, "value": MAX_DOCUMENT_BYTES // 1_000_000},
            field="file",
        )
    text, from_pdf = _decode(path.read_bytes(), path.name)
    return DocumentSource(text, path.name, None, from_pdf)


def read_document_file(path: Path | str) -> str:
    """The text of a rules document file (see :func:`fetch_document_file`)."""
    return fetch_document_file(path).text


def fetch_document(location: str) -> DocumentSource:
    """A rules document from a file path or an http(s) address."""
    if location.startswith(("http://", "https://")):
        return fetch_document_url(location)
    return fetch_document_file(location)


def import_document_source(
    source: DocumentSource,
    *,
    kind: str,
    version: str | None = None,
    make_current: bool | None = None,
    force: bool = False,
) -> ImportResult:
    """Import a document read by :func:`fetch_document`. Without ``version`` the edition is read
    from the text (:meth:`DocumentSource.edition`); DomainError asking for one when it cannot be."""
    kind = _check_kind(kind)
    version = version or source.edition(kind)
    if not version:
        raise DomainError(
            _("%(name)s: its front page names no edition (version or date): give --version.")
            % {"name": source.name},
            field="version",
        )
    return import_rules_document(
        source.text,
        kind=kind,
        version=version,
        source_name=source.name[:200],
        make_current=make_current,
        force=force,
    )


def default_seeds_folder(named: Path | str | None = None) -> Path:
    """The folder of rules document texts: ``named`` (or its seeds/ subfolder), else
    ``SHARED_DIR/seeds``."""
    if named:
        folder = Path(named)
        return folder / "seeds" if (folder / "seeds").is_dir() else folder
    return Path(settings.SHARED_DIR) / "seeds"


def _seed_file(folder: Path, filename: str) -> Path | None:
    """A seed's file in ``folder``: its text file, else a PDF of the same name."""
    for candidate in (folder / filename, (folder / filename).with_suffix(".pdf")):
        if candidate.is_file():
            return candidate
    return None


def import_default_documents(
    seeds_dir: Path | str | None = None, *, problems: list[str] | None = None
) -> list[ImportResult]:
    """Import every known seed present in ``seeds_dir`` (default SHARED_DIR/seeds) as its kind/version
    (its text file, or a PDF under the same name).

    Quick no-op for documents already imported with the same content hash. A seed that cannot be
    read or parsed raises DomainError, unless ``problems`` is given: then its message is added
    there and the other seeds are still imported (each import is its own transaction).
    """
    folder = default_seeds_folder(seeds_dir)
    results: list[ImportResult] = []
    for seed in SEEDS:
        path = _seed_file(folder, seed.filename)
        if path is None:
            continue
        try:
            results.append(
                import_rules_document(
                    fetch_document_file(path).text,
                    kind=seed.kind,
                    version=seed.version,
                    source_name=path.name,
                    make_current=seed.current or None,
                )
            )
        except DomainError as exc:
            if problems is None:
                raise
            problems.append(exc.message if path.name in exc.message else f"{path.name}: {exc.message}")
    return results


@dataclass(frozen=True)
class OfficialOutcome:
    """What became of one document kind that the seeds folder lacked."""

    kind: str
    status: str  # "imported", "unchanged", "missing" or "failed"
    detail: str

    def describe(self) -> str:
        return f"{DocumentKind(self.kind).label}: {self.detail}"


def official_addresses(kind: str) -> list[str]:
    """The addresses ``settings.ARBITER_RULES_URLS`` gives for ``kind``, in the order to try them
    (several may be given, separated by spaces: a PDF and, should it fail, a text export)."""
    return str(settings.ARBITER_RULES_URLS.get(kind, "") or "").split()


def import_official_document(kind: str, *, make_current: bool | None = None) -> ImportResult:
    """Download the current edition of ``kind`` from its publisher (the first of
    :func:`official_addresses` that gives a rules document) and import it under the edition its
    front page names (else the day the address last changed it, else today). Text already
    imported under any version is not imported again. DomainError when there is no address or
    every address fails (the message names each address and why)."""
    kind = _check_kind(kind)
    addresses = official_addresses(kind)
    if not addresses:
        raise DomainError(
            _(
                "No address is set for the %(label)s (its publisher offers no single file): name a file or an address with `manage.py import_rules FILE_OR_URL --document %(kind)s`."
            )
            % {"label": DocumentKind(kind).label, "kind": kind},
            field="document",
        )
    failures: list[str] = []
    for url in addresses:
        try:
            source = fetch_document_url(url)
            same = RulesDocument.objects.filter(kind=kind, content_hash=content_hash(source.text)).first()
            if same is not None:
                return _already_imported(same, make_current=make_current)
            version = source.edition(kind) or timezone.localdate().isoformat()
            return import_document_source(source, kind=kind, version=version, make_current=make_current)
        except DomainError as exc:
            failures.append(exc.message.rstrip("."))
    raise DomainError("; then ".join(failures), field="file")


def import_missing_official_documents(
    present_kinds: set[str], *, seeds_dir: Path | str | None = None
) -> list[OfficialOutcome]:
    """For each document kind that neither the seeds folder (``present_kinds``) nor the database
    holds: download it from the publisher's address when online sources are allowed
    (``ARBITER_ONLINE_SOURCES``), else say what to run. One failed download does not stop the others."""
    folder = default_seeds_folder(seeds_dir)
    outcomes: list[OfficialOutcome] = []
    for kind in DocumentKind.values:
        if kind in present_kinds or RulesDocument.objects.filter(kind=kind).exists():
            continue
        names = ", ".join(seed.filename for seed in SEEDS if seed.kind == kind and seed.current)
        how = _(
            "put its text or PDF in %(folder)s (%(names)s) or run `manage.py import_rules FILE_OR_URL --document %(kind)s`"
        ) % {"folder": folder, "names": names, "kind": kind}
        url = " or ".join(official_addresses(kind))
        if not url:
            outcomes.append(
                OfficialOutcome(
                    kind,
                    "missing",
                    _("not found, and its publisher offers no single file: %(how)s") % {"how": how},
                )
            )
            continue
        if not settings.ARBITER_ONLINE_SOURCES:
            outcomes.append(
                OfficialOutcome(
                    kind,
                    "missing",
                    _("not found (%(how)s; ARBITER_ONLINE_SOURCES=0 keeps %(url)s from being read)")
                    % {"how": how, "url": url},
                )
            )
            continue
        try:
            result = import_official_document(kind)
        except DomainError as exc:
            outcomes.append(OfficialOutcome(kind, "failed", f"{exc.message.rstrip('.')}; {how}"))
            continue
        document = result.document
        outcomes.append(
            OfficialOutcome(
                kind,
                "imported" if result.changed else "unchanged",
                _(
                    "%(version)s from %(source_name)s (%(rule_count)s rules, %(glossary_count)s glossary terms)"
                )
                % {
                    "version": document.version,
                    "source_name": document.source_name,
                    "rule_count": result.rule_count,
                    "glossary_count": result.glossary_count,
                },
            )
        )
    return outcomes
