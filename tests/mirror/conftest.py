"""Arrangements for the mirror tests: the fixture files and a GEM event imported from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mirror import services
from tests.factories import UserFactory

FIXTURES = Path(__file__).parent / "fixtures"
GEM_ID = "GEM-77001"


def fixture(name: str) -> tuple[str, bytes]:
    return name, (FIXTURES / name).read_bytes()


def import_gem(user, *names: str, event=None, source_id: str = GEM_ID, name: str = "Armory Night"):
    parsed = services.read_submission(
        files=[fixture(n) for n in names], source_id=source_id if event is None else ""
    )
    return services.import_event(parsed, actor=user, event=event, name=name)


ROUND_2_FILES = ("gem_pairings_r2.csv", "standings-round-1.csv", "standings-round-2.csv", "heroes_de.csv")


@pytest.fixture
def organizer(db):
    return UserFactory(username="mirror-to")


@pytest.fixture
def gem_event(organizer):
    """The GEM event after round 2 (pairings, two standings files, German heroes)."""
    return import_gem(organizer, *ROUND_2_FILES).event
