"""``manage.py import_mirror``: import or re-import a mirrored event from files or Omnidex."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from mirror import services
from mirror.parsers import ImportFileError
from tournament.models import Event


class Command(BaseCommand):
    help = (
        "Import (or re-import) an event mirrored from GEM or Omnidex: GEM CSV downloads, saved "
        "organizer pages or text, an Omnidex JSON file, or --omnidex URL-or-id (fetched)."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", help="GEM CSV / HTML / text files or an Omnidex JSON file")
        parser.add_argument(
            "--omnidex", default="", help="an Omnidex event address or id (needs the network)"
        )
        parser.add_argument(
            "--source-id", default="", help="the event's id in GEM (its files do not carry it)"
        )
        parser.add_argument("--event", default="", help="slug of the mirrored event to re-import into")
        parser.add_argument("--name", default="", help="name of a new event")
        parser.add_argument(
            "--format", default="", help="format code of a new event (default: from the source)"
        )
        parser.add_argument(
            "--standings-round", type=int, default=None, help="round of a standings file naming none"
        )
        parser.add_argument(
            "--user", required=True, help="username of the importer (organizer of a new event)"
        )

    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"no user {options['user']!r}")
        event = None
        if options["event"]:
            event = Event.objects.filter(slug=options["event"]).first()
            if event is None:
                raise CommandError(f"no event {options['event']!r}")
        files: list[tuple[str, bytes | str]] = []
        for name in options["files"]:
            path = Path(name)
            if not path.is_file():
                raise CommandError(f"no file {name}")
            files.append((path.name, path.read_bytes()))
        try:
            parsed = services.read_submission(
                files=files,
                omnidex=options["omnidex"],
                source_id=options["source_id"],
                standings_round=options["standings_round"],
            )
            outcome = services.import_event(
                parsed, actor=user, event=event, name=options["name"], format=options["format"]
            )
        except ImportFileError as exc:
            raise CommandError(f"nothing was imported: {exc}") from exc
        except DomainError as exc:
            raise CommandError(f"nothing was imported: {exc.message}") from exc
        verb = "created" if outcome.created else "updated"
        self.stdout.write(
            f"{outcome.event.name} ({outcome.event.slug}) {verb}: {len(outcome.changes)} change(s)"
        )
        for line in outcome.changes:
            self.stdout.write(f"  {line}")
        for line in outcome.notes:
            self.stdout.write(f"  note: {line}")
