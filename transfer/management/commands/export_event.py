"""manage.py export_event SLUG [-o FILE]: one event and all its rows as one file (transfer.services)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Event
from transfer import services


class Command(BaseCommand):
    help = (
        "Write one event (players, registrations, rounds, matches, results, decklists, judge calls, "
        "penalties, deck checks, reconstructions, audit trail) to a JSON file that import_event reads "
        "on another installation."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug (its address: /events/SLUG/)")
        parser.add_argument(
            "-o", "--output", help="file to write (default: SLUG.arbiter-event.json; - for stdout)"
        )

    def handle(self, *args, slug, output=None, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"no event {slug!r} here")
        try:
            text = services.dumps(services.export_event(event))
        except services.TransferError as exc:
            raise CommandError(exc.message) from None
        if output == "-":
            self.stdout.write(text)
            return
        path = Path(output or f"{slug}.arbiter-event.json")
        path.write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {path} ({path.stat().st_size:,} bytes)")
