"""manage.py import_cards {fabrary,fabcube,ga,cards-2026,fabcube-csv,pool} [PATH|URL] [--activate] [--background] | --defaults

Every import is a new release kept beside the others; a failed import stores nothing and
leaves the active release as it was. One source is imported as a job of ``core.files``
(``cards.tasks``); archives are unpacked with checks (``cards.archives``)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards import services, tasks
from cards.selectors import active_release
from core.errors import DomainError
from core.models import GeneratedFileStatus
from rules_engine.importers import CardImportError


class Command(BaseCommand):
    help = (
        "Import card data as a new release. Sources: fabrary (npm @flesh-and-blood/cards; PATH = a dump "
        "JSON, default: dump the installed package with node), fabcube (the-fab-cube JSON directory, .zip or "
        ".tar.gz archive, or URL of one; default: the shared copy), ga (Grand Archive JSON file or directory, "
        "or URL; default: the shared copy), cards-2026 (newer fabrary data: latest-set files, spoiler sheets, "
        "printing list; merged by card into the newest imported fabrary release; default: the shared copy), "
        "fabcube-csv (the-fab-cube CSV layout with newer upstream-* legality copies beside it; default: "
        "the shared fabcube-2026), pool (one card pool of the imported FaB releases, every card dated by "
        "its first release; PATH: the shared folder holding the set lists). "
        "A source already imported at the same version is skipped. --defaults imports every default source, "
        "then builds the pool and makes it active."
    )

    def add_arguments(self, parser):
        parser.add_argument("source", nargs="?", choices=services.SOURCES)
        parser.add_argument("path", nargs="?", help="file or directory to read (default: see above)")
        parser.add_argument("--activate", action="store_true", help="make the release active for its game")
        parser.add_argument("--defaults", action="store_true", help="import every default source present")
        parser.add_argument(
            "--background",
            action="store_true",
            help="queue the import of SOURCE for a Celery worker (which must be able to read PATH) and "
            "print the job's key instead of waiting",
        )
        parser.add_argument(
            "--from",
            dest="shared_dir",
            default=None,
            help="--defaults: the folder holding data/fabcube, data/ga and data/cards-2026 "
            "(default: ARBITER_SHARED_DIR, else ../shared beside the checkout); a source it lacks is "
            "read from its public address when online (ARBITER_ONLINE_SOURCES)",
        )
        parser.add_argument(
            "--published",
            default=None,
            help="fabrary: the package version's publication date YYYY-MM-DD (statuses the package "
            "states without dates apply from it; default: the known date of that version, else today)",
        )

    def handle(
        self,
        *args,
        source=None,
        path=None,
        activate=False,
        defaults=False,
        published=None,
        shared_dir=None,
        background=False,
        **options,
    ):
        if defaults == bool(source):
            raise CommandError(f"give a source ({', '.join(services.SOURCES)}) or --defaults")
        try:
            if defaults:
                folder = Path(shared_dir) if shared_dir else None
                if folder is not None and not folder.is_dir():
                    raise CommandError(f"--from {folder}: no such folder")
                for row in services.import_defaults(shared_dir=folder):
                    label = row.release or row.source
                    self.stdout.write(f"{label}: {row.status}" + (f" ({row.detail})" if row.detail else ""))
            else:
                try:
                    day = date.fromisoformat(published) if published else None
                except ValueError:
                    raise CommandError(f"--published must be YYYY-MM-DD, got {published!r}") from None
                job = tasks.start_import_job(source, path, activate=activate, published=day)
                if background:
                    tasks.task_import_cards.delay(file_id=job.pk)
                    self.stdout.write(f"queued card import job {job.key.hex} (core.GeneratedFile {job.pk})")
                    return
                job = tasks.run_import_job(job.pk)
                if job.status != GeneratedFileStatus.DONE:
                    raise CommandError(job.error)
                done = job.result
                verb = "imported" if done["created"] else "already imported"
                self.stdout.write(
                    f"{done['label']}: {verb}, {done['cards']} cards"
                    + (f", data of {done['published_on']}" if done["published_on"] else "")
                    + (" (active)" if done["active"] else "")
                )
                if done["notes"]:
                    self.stdout.write(done["notes"])
        except CardImportError as exc:
            raise CommandError(f"card data rejected, nothing imported: {exc}") from None
        except DomainError as exc:
            raise CommandError(exc.message) from None
        for game in ("fab", "ga"):
            rel = active_release(game)
            if rel is not None:
                self.stdout.write(f"active {game} card data: {rel.label}")
