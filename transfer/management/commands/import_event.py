"""manage.py import_event FILE [--replace] [--slug NEW] [--background]: an event file written by
export_event, imported as one job of ``core.files`` (one transaction: all or nothing)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from core.models import GeneratedFile, GeneratedFileStatus
from transfer import services, tasks


class Command(BaseCommand):
    help = (
        "Create the event of a file written by export_event, with all its rows. Players are matched by "
        "player ID; refuses when an event with the same slug exists unless --replace or --slug NEW. "
        "All or nothing: a file that fails at any row leaves nothing here, and --replace keeps the "
        "event it would replace."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace the event with that slug here (in the same transaction as the import)",
        )
        parser.add_argument("--slug", help="import under another slug (keeps an existing event as it is)")
        parser.add_argument(
            "--background",
            action="store_true",
            help="queue the import for a Celery worker and print the job's key instead of waiting",
        )

    def handle(self, *args, file, replace=False, slug=None, background=False, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"file not found: {path}")
        limit = services.ImportLimits.from_settings().max_bytes
        if path.stat().st_size > limit:
            raise CommandError(f"{path} is larger than {limit:,} bytes: refused")
        try:
            job = tasks.start_import_job(
                path.read_bytes(), filename=path.name, replace=replace, slug=slug or None
            )
        except services.TransferError as exc:
            raise CommandError(exc.message) from None
        if background:
            tasks.task_import_event.delay(file_id=job.pk)
            self.stdout.write(f"queued import job {job.key.hex} (core.GeneratedFile {job.pk})")
            return
        try:
            job = tasks.run_import_job(job.pk)
        except KeyboardInterrupt:  # the transaction is rolled back; the job row says so
            GeneratedFile.objects.filter(pk=job.pk).update(
                status=GeneratedFileStatus.FAILED, error="stopped (interrupted): nothing imported"
            )
            raise
        if job.status != GeneratedFileStatus.DONE:
            raise CommandError(f"nothing imported: {job.error}")
        for line in job.result.get("lines", []):
            self.stdout.write(line)
