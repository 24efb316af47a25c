"""``manage.py reconstruct [--release ID|LABEL] replay|scenarios|backup ...``: the reconstruction
command line (``python -m rules_engine.game``) with card facts from the database (issue 27).

The card facts are the ones the phone page uses: ``judging.reconstruction.engine.card_lookup`` over
a card-data release. ``--release`` takes a release id or its label ("fabrary-cards@3.8.6"); without
it the newest imported FaB release is used. Every other argument is the pure command line's
(``python -m rules_engine.game --help``); ``--cards FILE`` there still reads a card file instead,
for a machine without a database. The release used is named on standard error.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.management.commands.validate_decklist import release_id
from cards.models import CardDataRelease
from rules_engine.game.__main__ import main as engine_main

from ...reconstruction.engine import card_lookup


def newest_release() -> CardDataRelease | None:
    """The newest imported FaB card-data release (the command line's default)."""
    return CardDataRelease.objects.filter(game="fab").order_by("-imported_at", "-pk").first()


def release_for(text: str | None) -> CardDataRelease:
    """The release named by ``text`` (id or label), else the newest imported one."""
    if text:
        key = release_id(text)
        found = CardDataRelease.objects.filter(pk=int(key), game="fab").first() if key.isdigit() else None
        if found is None:
            raise CommandError(
                f"no FaB card-data release {text!r} (give an id or a label such as fabrary-cards@3.8.6)"
            )
        return found
    newest = newest_release()
    if newest is None:
        raise CommandError(
            "no card data imported: run `python manage.py import_cards --defaults`, or use "
            "`python -m rules_engine.game ... --cards FILE` without a database"
        )
    return newest


class Command(BaseCommand):
    help = "Replay a game log, run scenarios or report a backup with the card facts of a database release."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--release", help="card-data release id or label (default: the newest imported)")
        parser.add_argument(
            "args", nargs=argparse.REMAINDER, help="the arguments of python -m rules_engine.game"
        )

    def run_from_argv(self, argv: list[str]) -> None:
        # everything after the command name goes to the engine's own parser untouched, except
        # --release (so its options such as --json or --to are not read by Django's parser)
        rest = list(argv[2:])
        release = None
        for i, item in enumerate(rest):
            if item == "--release" and i + 1 < len(rest):
                release = rest[i + 1]
                del rest[i : i + 2]
                break
            if item.startswith("--release="):
                release = item.split("=", 1)[1]
                del rest[i]
                break
        try:
            code = self.run_engine(rest, release)
        except CommandError as exc:
            sys.stderr.write(f"error: {exc}\n")
            code = 2
        sys.exit(code)

    def run_engine(self, args: list[str], release: str | None) -> int:
        if "--cards" in args or any(a.startswith("--cards=") for a in args) or "--no-cards" in args:
            return engine_main(args)
        rel = release_for(release)
        sys.stderr.write(f"card data: {rel.label} (release {rel.pk})\n")
        return engine_main(args, lookup=card_lookup(rel))

    def handle(self, *args: Any, **options: Any) -> None:  # called by call_command
        code = self.run_engine([str(a) for a in args], options.get("release"))
        if code:
            raise CommandError(f"exit status {code}")
