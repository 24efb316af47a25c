"""Demo lists: legal, accepted, idempotent; the demo command's hook uses them."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from core.models import AuditEntry
from decklists.demo import add_demo_decklists, demo_list_texts
from decklists.enums import DecklistStatus
from decklists.models import Decklist
from decklists.services import event_date
from decklists.validation import validate_text

pytestmark = pytest.mark.django_db


def test_demo_texts_are_legal_for_different_heroes(card_db, event_with_staff):
    texts = demo_list_texts(card_db, as_of=event_date(event_with_staff["event"]))
    assert len(texts) == 4
    heroes = set()
    for text in texts:
        result = validate_text(
            text, db=card_db, format_code="cc", as_of=event_date(event_with_staff["event"])
        )
        assert result.is_legal, result.findings
        heroes.add(result.hero)
    assert len(heroes) == 4


def test_add_demo_decklists_is_idempotent(card_db, event_with_staff):
    s = event_with_staff
    assert add_demo_decklists(s["event"], head_judge=s["head_judge"], db=card_db) == 2
    audits = AuditEntry.objects.count()
    assert add_demo_decklists(s["event"], head_judge=s["head_judge"], db=card_db) == 2
    assert AuditEntry.objects.count() == audits
    lists = Decklist.objects.filter(registration__event=s["event"])
    assert {d.status for d in lists} == {DecklistStatus.ACCEPTED}
    assert all(d.is_legal for d in lists) and lists.count() == 2


def test_demo_command_gives_every_player_an_accepted_list(fab_release, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event", stdout=io.StringIO())
    lists = Decklist.objects.filter(registration__event__slug="demo-armory")
    assert lists.count() == 32
    assert {d.status for d in lists} == {DecklistStatus.ACCEPTED}
    assert all(d.is_legal for d in lists)
    call_command("create_demo_event", stdout=io.StringIO())
    assert Decklist.objects.filter(registration__event__slug="demo-armory").count() == 32


def test_demo_command_without_card_data_adds_no_lists(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event", stdout=io.StringIO())
    assert not Decklist.objects.exists()
