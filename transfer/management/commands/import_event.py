"""manage.py import_event FILE [--replace] [--slug NEW]: an event file written by export_event."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from transfer import services


class Command(BaseCommand):
    help = (
        "Create the event of a file written by export_event, with all its rows. Players are matched by "
        "player ID; refuses when an event with the same slug exists unless --replace or --slug NEW."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--replace", action="store_true", help="remove the event with that slug here first"
        )
        parser.add_argument("--slug", help="import under another slug (keeps an existing event as it is)")

    def handle(self, *args, file, replace=False, slug=None, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"file not found: {path}")
        try:
            summary = services.import_event(
                services.loads(path.read_bytes()), replace=replace, slug=slug or None
            )
        except services.TransferError as exc:
            raise CommandError(exc.message) from None
        except services.EventExists as exc:
            raise CommandError(exc.message) from None
        for line in summary.describe():
            self.stdout.write(line)
