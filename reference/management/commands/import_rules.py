"""python manage.py import_rules FILE_OR_URL --document cr|trp|ppg|ga [--version VERSION]
                               | --defaults [--from FOLDER] | --official [--document KIND]

A document is a text file or a PDF (read with poppler's pdftotext), from a path or an http(s)
address. Without --version the edition is read from the document's front page.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from reference.enums import DocumentKind
from reference.seeds import SEEDS
from reference.selectors import any_documents
from reference.services import (
    default_seeds_folder,
    fetch_document,
    import_default_documents,
    import_document_source,
    import_missing_official_documents,
    import_official_document,
    official_addresses,
)


class Command(BaseCommand):
    help = (
        "Import a rules document (text or PDF, a file or an address; re-importing a version replaces "
        "it), every document in the seeds folder (--defaults, downloading what it lacks), or the "
        "publishers' current editions (--official)."
    )

    def create_parser(self, prog_name, subcommand, **kwargs):
        # --version names the document edition here, not Django's version.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser):
        parser.add_argument(
            "file", nargs="?", help="the document, text or PDF: a file, or an http(s) address"
        )
        parser.add_argument("--document", choices=DocumentKind.values, help="which document it is")
        parser.add_argument(
            "--version",
            dest="doc_version",
            help="edition, e.g. 2.13.0, 2025, 2023-04-03 (default: the one its front page names)",
        )
        parser.add_argument(
            "--defaults",
            action="store_true",
            help="import every known rules document in the seeds folder (--from, else SHARED_DIR/seeds); "
            "a document neither there nor imported yet is downloaded from its publisher's address "
            "(ARBITER_ONLINE_SOURCES, ARBITER_CR_URL, ...)",
        )
        parser.add_argument(
            "--from",
            dest="seeds_dir",
            default=None,
            help="--defaults: a folder of rules documents (text, or PDF) under their known names, or a "
            "folder holding such a seeds/ folder (default: ARBITER_SHARED_DIR, else ../shared)",
        )
        parser.add_argument(
            "--official",
            action="store_true",
            help="download the current edition of each document (or of --document) from its publisher's "
            "address now, whatever is imported already",
        )
        parser.add_argument("--current", action="store_true", help="make this version the current one")
        parser.add_argument("--force", action="store_true", help="re-import even when the text is unchanged")

    def handle(self, *args, **opts):
        make_current = True if opts["current"] else None
        try:
            if opts["defaults"]:
                if opts["file"] or opts["official"]:
                    raise CommandError("--defaults takes no FILE and no --official.")
                self._defaults(opts["seeds_dir"])
                return
            if opts["official"]:
                if opts["file"]:
                    raise CommandError("--official takes no FILE: it reads the addresses in the settings.")
                self._official(opts["document"], make_current)
                return
            if not opts["file"] or not opts["document"]:
                raise CommandError(
                    "Give FILE_OR_URL --document cr|trp|ppg|ga [--version VERSION], --defaults or --official."
                )
            source = fetch_document(str(opts["file"]))
            result = import_document_source(
                source,
                kind=opts["document"],
                version=opts["doc_version"],
                make_current=make_current,
                force=opts["force"],
            )
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(result.describe())

    def _official(self, only: str | None, make_current: bool | None) -> None:
        """Each document's current edition from its publisher; a kind without an address is
        skipped unless it was asked for by name. Fails (exit status 1) when a download failed."""
        failed = []
        for kind in [only] if only else list(DocumentKind.values):
            label = DocumentKind(kind).label
            if not only and not official_addresses(kind):
                self.stdout.write(f"{label}: no address is set (ARBITER_RULES_URLS): skipped")
                continue
            try:
                result = import_official_document(kind, make_current=make_current)
            except DomainError as exc:
                self.stderr.write(f"{label}: {exc.message}")
                failed.append(kind)
                continue
            line = result.describe()
            if not result.document.is_current:
                line += f"; not the current edition (--current makes {result.document.version} current)"
            self.stdout.write(line)
        if failed:
            raise CommandError(f"Not imported: {', '.join(failed)} (see above).")

    def _defaults(self, seeds_dir: str | None) -> None:
        folder = default_seeds_folder(seeds_dir)
        problems: list[str] = []
        results = import_default_documents(folder, problems=problems)
        for result in results:
            self.stdout.write(result.describe())
        for problem in problems:
            self.stderr.write(f"Not imported: {problem}")
        present = {result.document.kind for result in results}
        outcomes = import_missing_official_documents(present, seeds_dir=folder)
        for outcome in outcomes:
            self.stdout.write(outcome.describe())
        if (
            not results
            and not any(o.status in ("imported", "unchanged") for o in outcomes)
            and not any_documents()
        ):
            self.stdout.write(
                f"No rules documents found in {folder}. Put them there, as text or PDF "
                f"({', '.join(seed.filename for seed in SEEDS)}), name another folder with "
                "--from or ARBITER_SHARED_DIR, or import one file: "
                "manage.py import_rules FILE_OR_URL --document cr|trp|ppg|ga [--version VERSION]"
            )
