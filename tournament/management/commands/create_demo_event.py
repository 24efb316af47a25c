"""``python manage.py create_demo_event``: a 32-player Classic Constructed Armory in progress.

Round 1 is complete, round 2 is published with its clock running, a few round-2 results are
in and one player report waits for confirmation. Staff and players get accounts sharing one
password (kept in ``var/demo-password.txt``, printed every run). A second run changes nothing
and says so.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournament import selectors, services
from tournament.enums import EventType, FormatCode, MatchResult, StaffRole
from tournament.models import Event, PlayerProfile
from tournament.signals import demo_players_registered

SLUG = "demo-armory"
PLAYERS = 32
STAFF = (
    ("demo-organizer", StaffRole.ORGANIZER),
    ("demo-headjudge", StaffRole.HEAD_JUDGE),
    ("demo-floorjudge", StaffRole.FLOOR_JUDGE),
    ("demo-scorekeeper", StaffRole.SCOREKEEPER),
)
NAMES = (
    "Ada Brightwood", "Bram Okafor", "Cleo Varga", "Dmitri Santos", "Esme Laurent", "Felix Nakamura",
    "Greta Holm", "Hugo Mbeki", "Ines Duarte", "Jonah Price", "Kaia Lindqvist", "Luca Moretti",
    "Mira Chen", "Nils Andersen", "Olga Petrova", "Pax Whitfield", "Quinn Adeyemi", "Rosa Kowalski",
    "Sami Haddad", "Tove Berg", "Uma Raman", "Viktor Hale", "Wren Castillo", "Xavi Ortega",
    "Yara Nasser", "Zane Fischer", "Alba Reyes", "Bodhi Clarke", "Cass Morgan", "Dario Ricci",
    "Elin Sato", "Finn O'Brien",
)  # fmt: skip


def _password() -> str:
    path = settings.VAR_DIR / "demo-password.txt"
    if path.exists():
        return path.read_text().strip()
    password = secrets.token_urlsafe(9)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(password + "\n")
    return password


def _let_add_ons_join(event: Event) -> None:
    """Tell the add-ons the demo players are registered (``demo_players_registered``): the
    decklists app gives each a legal, accepted Classic Constructed list. Called once, inside
    the creation transaction, after registration and before round 1 is paired."""
    head_judge = event.staff.filter(role=StaffRole.HEAD_JUDGE, ended_at__isnull=True).first()
    if head_judge is not None:
        demo_players_registered.send(sender=Event, event=event, head_judge=head_judge.user)


class Command(BaseCommand):
    help = "Create the demo event (32-player Classic Constructed Armory, round 2 running). Idempotent."

    def handle(self, *args, **options):
        password = _password()
        if Event.objects.filter(slug=SLUG).exists():
            self.stdout.write(f"Demo event '{SLUG}' already exists: nothing changed.")
        else:
            self._create(password)
            self.stdout.write(self.style.SUCCESS(f"Created demo event '{SLUG}' (round 2 running)."))
        self.stdout.write(
            f"Demo logins (password for all: {password}): "
            + ", ".join(u for u, _ in STAFF)
            + f", players demo-player-01 .. demo-player-{PLAYERS:02d}"
        )
        self.stdout.write(f"Event page: /events/{SLUG}/  API: /api/events/{SLUG}/")

    @transaction.atomic
    def _create(self, password: str) -> None:
        User = get_user_model()
        hashed = make_password(password)  # hash once: 36 accounts share the password
        staff_users = {}
        for username, role in STAFF:
            user, _ = User.objects.get_or_create(username=username, defaults={"password": hashed})
            staff_users[role] = user
        organizer = staff_users[StaffRole.ORGANIZER]
        event = services.create_event(
            actor=organizer,
            name="Demo Armory",
            slug=SLUG,
            format=FormatCode.CLASSIC_CONSTRUCTED,
            event_type=EventType.ARMORY,
            venue="The Demo Game Store",
            starts_at=timezone.now().replace(minute=0, second=0, microsecond=0),
            pairing_seed=20250131,
        )
        for role, user in staff_users.items():
            if role != StaffRole.ORGANIZER:
                services.assign_staff(event, user=user, role=role, actor=organizer)
        sk = staff_users[StaffRole.SCOREKEEPER]
        for i, name in enumerate(NAMES[:PLAYERS], start=1):
            user, _ = User.objects.get_or_create(
                username=f"demo-player-{i:02d}", defaults={"password": hashed}
            )
            profile = PlayerProfile.objects.filter(user=user).first() or services.create_player_profile(
                actor=sk, player_id=f"D{10000 + i}", display_name=name, user=user
            )
            reg = services.register_player(event, player=profile, actor=user)
            services.check_in(reg, actor=user)
        _let_add_ons_join(event)

        rng = random.Random(7)
        round1 = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
        services.start_clock(round1, actor=sk, now=timezone.now() - timedelta(minutes=70))
        for m in selectors.outstanding_matches(round1):
            a_wins = rng.random() < 0.5
            services.enter_result(
                m,
                actor=sk,
                result=MatchResult.A_WINS if a_wins else MatchResult.B_WINS,
                games_a=int(a_wins),
                games_b=int(not a_wins),
            )
        round2 = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
        services.start_clock(round2, actor=sk, now=timezone.now() - timedelta(minutes=12))
        matches = list(selectors.outstanding_matches(round2))
        for m in matches[-4:]:
            services.enter_result(m, actor=sk, result=MatchResult.A_WINS, games_a=1)
        reporter = matches[0].player_a.player.user
        services.report_result(matches[0], actor=reporter, result=MatchResult.A_WINS, games_a=1)
