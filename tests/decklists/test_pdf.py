"""DecklistSheet and PoolRegistrationSheet: content, grouping, escaping, PDF bytes."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from decklists import services
from decklists.enums import DecklistKind
from decklists.pdf import DecklistSheet, PoolRegistrationSheet
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory

pytestmark = pytest.mark.django_db


def test_decklist_sheet_has_player_hero_event_groups_and_signature(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    s["alice"].player.display_name = "Alice <script>alert(1)</script>"
    s["alice"].player.save()
    decklist = services.save_decklist(
        s["alice"], actor=s["alice"].player.user, text=legal_cc_text, db=card_db
    )
    sheet = DecklistSheet([decklist])
    html = render_to_string(sheet.template_name, sheet.context())
    assert "Alice &lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html
    assert s["alice"].player.player_id in html
    assert "Dorinthea Ironsong" in html and s["event"].name in html
    assert (
        html.index("Arena-cards")
        < html.index("pitch 1 (red)")
        < html.index("pitch 2 (yellow)")
        < html.index("pitch 3 (blue)")
    )
    assert "Player signature" in html
    assert "66 in the deck, 7 arena" in html
    assert sheet.render().startswith(b"%PDF")


def test_pool_sheet_names_user_and_registrar(card_db):
    event = EventFactory(format="sealed", rel="competitive")
    using = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Using Player"))
    registrar = RegistrationFactory(event=event).player.user
    pool = services.save_decklist(
        using, actor=registrar, text="3 Snatch (red)\n1 Sink Below (blue)", kind=DecklistKind.POOL, db=card_db
    )
    sheet = PoolRegistrationSheet([pool], title="Card-pool registration")
    html = render_to_string(sheet.template_name, sheet.context())
    assert "Using Player" in html and registrar.username in html
    assert "Player registering pool" in html and "Judge sign-off" in html
    assert sheet.render().startswith(b"%PDF")


def test_combined_pdf_reports_progress_per_list(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    lists = [
        services.save_decklist(r, actor=r.player.user, text=legal_cc_text, db=card_db)
        for r in (s["alice"], s["bob"])
    ]
    seen = []
    pdf = DecklistSheet(lists, title="Decklists").render_with_progress(
        lambda done, total: seen.append((done, total))
    )
    assert seen == [(1, 2), (2, 2)]
    assert pdf.startswith(b"%PDF")
    single = DecklistSheet(lists[:1]).render_with_progress()
    assert single.startswith(b"%PDF") and len(pdf) > len(single)
