"""Decklist fixtures: the real card data (fabrary package dump) and an event with roles."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from rules_engine.cards import CardDatabase
from rules_engine.importers.fabrary import parse_fabrary
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory, StaffAssignmentFactory
from tournament.enums import StaffRole

LEGAL_CC = """Name: Dori test
Hero: Dorinthea Ironsong
Format: Classic Constructed

Arena cards
1x Dawnblade, Resplendent
1x Braveforge Bracers
1x Helm of Sharp Eye
1x Ironrot Legs
1x Ironrot Gauntlet
1x Ironrot Helm
1x Ironrot Plate

Deck cards
3x Glistening Steelblade (yellow)
3x En Garde (red)
3x Run Through (red)
3x Out for Blood (red)
3x Warrior's Valor (red)
3x Ironsong Response (red)
3x Steelblade Supremacy (red)
3x Sharpen Steel (red)
3x Driving Blade (red)
3x Overpower (red)
3x Sink Below (red)
3x Fate Foreseen (red)
3x Toughen Up (blue)
3x Flock of the Feather Walkers (blue)
3x Sigil of Solace (blue)
3x Enlightened Strike (red)
3x Ironsong Response (yellow)
3x Run Through (yellow)
3x Driving Blade (yellow)
3x Sigil of Solace (red)
3x Sigil of Solace (yellow)
3x Warrior's Valor (blue)

See the full deck @ https://fabrary.net/decks/example
"""


def _dump_path(tmp_dir: Path) -> Path:
    node = shutil.which("node")
    script = Path(settings.BASE_DIR) / "tools" / "fabrary" / "dump.mjs"
    if node is None or not script.exists():
        pytest.fail("node and tools/fabrary (make card-package) are needed for the decklist tests")
    out = tmp_dir / "fabrary.json"
    subprocess.run([node, str(script), str(out)], check=True, capture_output=True)
    return out


@pytest.fixture(scope="session")
def card_db(tmp_path_factory) -> CardDatabase:
    """The real FaB card data of the pinned fabrary package."""
    result = parse_fabrary(_dump_path(tmp_path_factory.mktemp("cards")))
    return CardDatabase(result.cards, release=f"{result.source}@{result.version}")


@pytest.fixture
def legal_cc_text() -> str:
    return LEGAL_CC


@pytest.fixture
def event_with_staff(db):
    """A Competitive CC event with an organizer, a head judge, a floor judge and two players."""
    event = EventFactory(rel="competitive", decklists_required=True)
    staff = {}
    for role in (StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.FLOOR_JUDGE, StaffRole.SCOREKEEPER):
        staff[role] = StaffAssignmentFactory(event=event, role=role).user
    alice = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Alice"))
    bob = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bob"))
    return {
        "event": event,
        "organizer": staff[StaffRole.ORGANIZER],
        "head_judge": staff[StaffRole.HEAD_JUDGE],
        "floor_judge": staff[StaffRole.FLOOR_JUDGE],
        "scorekeeper": staff[StaffRole.SCOREKEEPER],
        "alice": alice,
        "bob": bob,
    }


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Factories hash a password per user; the default hasher costs ~1 s each on a busy machine."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


EXTRA_CARD_NAMES = ("Snatch", "Sink Below", "Kayo", "Gorganian Tome", "Remembrance")


@pytest.fixture
def fab_release(db, card_db, legal_cc_text):
    """An active card-data release in the database with the real cards the tests use."""
    from cards.services import import_release
    from rules_engine.cards import normalise_name
    from rules_engine.decklist_text import parse_decklist
    from rules_engine.importers import ImportResult

    names = {normalise_name(line.name) for line in parse_decklist(legal_cc_text).lines}
    names |= {normalise_name(n) for n in EXTRA_CARD_NAMES}
    cards = tuple(c for c in card_db if normalise_name(c.name) in names)
    release, _ = import_release(
        ImportResult(
            game="fab",
            source="fabrary-cards",
            version=card_db.release.split("@")[-1] + "-subset",
            cards=cards,
        ),
        activate=True,
    )
    return release
