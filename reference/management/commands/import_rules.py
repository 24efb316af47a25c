"""python manage.py import_rules FILE --document cr|trp|ppg|ga --version VERSION | --defaults"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from reference.enums import DocumentKind
from reference.seeds import SEEDS
from reference.services import (
    default_seeds_folder,
    import_default_documents,
    import_rules_document,
    read_document_file,
    read_document_url,
)


class Command(BaseCommand):
    help = "Import a rules document from its text (re-importing a version replaces it), or every shared seed."

    def create_parser(self, prog_name, subcommand, **kwargs):
        # --version names the document edition here, not Django's version.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="the document's text: a file, or an http(s) address")
        parser.add_argument("--document", choices=DocumentKind.values, help="which document the text is")
        parser.add_argument("--version", dest="doc_version", help="edition, e.g. 2.13.0, 2025, 2023-04-03")
        parser.add_argument(
            "--defaults",
            action="store_true",
            help="import every known rules document in the seeds folder (--from, else SHARED_DIR/seeds)",
        )
        parser.add_argument(
            "--from",
            dest="seeds_dir",
            default=None,
            help="--defaults: a folder of rules document text files under their known names, or a "
            "folder holding such a seeds/ folder (default: ARBITER_SHARED_DIR, else ../shared)",
        )
        parser.add_argument("--current", action="store_true", help="make this version the current one")
        parser.add_argument("--force", action="store_true", help="re-import even when the text is unchanged")

    def handle(self, *args, **opts):
        try:
            if opts["defaults"]:
                if opts["file"]:
                    raise CommandError("--defaults takes no FILE.")
                folder = default_seeds_folder(opts["seeds_dir"])
                results = import_default_documents(folder)
                if not results:
                    self.stdout.write(
                        f"No rules documents found in {folder}. Put the text files there "
                        f"({', '.join(seed.filename for seed in SEEDS)}), name another folder with "
                        "--from or ARBITER_SHARED_DIR, or import one file: "
                        "manage.py import_rules FILE --document cr|trp|ppg|ga --version VERSION"
                    )
            else:
                if not opts["file"] or not opts["document"] or not opts["doc_version"]:
                    raise CommandError("Give FILE --document cr|trp|ppg|ga --version VERSION, or --defaults.")
                location = str(opts["file"])
                is_url = location.startswith(("http://", "https://"))
                text = read_document_url(location) if is_url else read_document_file(location)
                results = [
                    import_rules_document(
                        text,
                        kind=opts["document"],
                        version=opts["doc_version"],
                        source_name=location.rstrip("/").rsplit("/", 1)[-1].split("?")[0][:200],
                        make_current=True if opts["current"] else None,
                        force=opts["force"],
                    )
                ]
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        for result in results:
            self.stdout.write(result.describe())
