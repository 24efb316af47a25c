"""Decklist and card-pool sheets at their real widths: no two printed words overlap."""

from __future__ import annotations

import pytest

from decklists import services
from decklists.enums import DecklistKind
from decklists.pdf import DecklistSheet, PoolRegistrationSheet
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory
from tests.pdf_words import PDFTOTEXT, overlapping_words

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed"),
]


def test_decklist_sheet_words_do_not_overlap(event_with_staff, card_db, legal_cc_text):
    alice = event_with_staff["alice"]
    alice.player.display_name = "Bartholomew Featherstonehaugh-Cholmondeley"
    alice.player.save()
    decklist = services.save_decklist(alice, actor=alice.player.user, text=legal_cc_text, db=card_db)
    assert overlapping_words(DecklistSheet([decklist]).render()) == []


def test_pool_sheet_words_do_not_overlap(card_db):
    event = EventFactory(format="sealed", rel="competitive")
    using = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Using Player"))
    registrar = RegistrationFactory(event=event).player.user
    pool = services.save_decklist(
        using, actor=registrar, text="3 Snatch (red)\n1 Sink Below (blue)", kind=DecklistKind.POOL, db=card_db
    )
    assert overlapping_words(PoolRegistrationSheet([pool], title="Card-pool registration").render()) == []
