"""Importing the newer card data (../shared/data/cards-2026) merged by card into an older full
release; unknown cards waiting on data; archives and failed imports."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from cards import selectors, services
from cards.models import CardDataRelease
from rules_engine.cards import CardDatabase
from rules_engine.importers import CardImportError, ImportResult, parse_cards_2026
from tests.cards.conftest import make_card, sample_cards

CARDS_2026 = Path(settings.SHARED_DIR) / "data" / "cards-2026"
NEW_NAMES = (
    "Aethersling",
    "Comet Collision",
    "Meteoric Impact",
    "Path of Same Ends",
    "Arcbane Grasp",
    "Rush of Power",
    "Quick Succession",
    "Voltaris",
    "Nucleus Aetherbolt",
    "Blitz Kicks",
    "Clear Conscience",
)

pytestmark = pytest.mark.skipif(not CARDS_2026.is_dir(), reason="shared cards-2026 data not present")


@pytest.fixture(scope="module")
def parsed():
    return parse_cards_2026(CARDS_2026, base=sample_cards(), base_release="base@1")


def test_2026_names_resolve_and_base_cards_are_kept(parsed):
    db = CardDatabase(parsed.cards, release=parsed.release)
    for name in NEW_NAMES:
        assert db.variants(name), name
    snatch = db.get("Snatch", 1)
    old = next(c for c in sample_cards() if c.key == ("Snatch", 1))
    assert snatch.legality_history == old.legality_history and snatch.types == old.types
    assert snatch.printings[0] == old.printings[0]  # the base card, with the newer printings added
    assert any(p.id == "1HP371" for p in snatch.printings)
    assert parsed.published == date(2026, 8, 22)
    assert parsed.release.startswith("cards-2026@2026-08-22+")
    assert "merged by card into base@1" in parsed.notes


def test_keyword_values_are_kept(parsed):
    db = CardDatabase(parsed.cards, release=parsed.release)
    assert ("Arcane Barrier", "1") in db.get("Arcbane Grasp", 3).keyword_values
    assert ("Ward", "10") in db.get("10,000 Year Reunion", 1).keyword_values


def test_full_records_win_over_the_printing_list(parsed):
    db = CardDatabase(parsed.cards, release=parsed.release)
    aethersling = db.get("Aethersling", 1)
    assert aethersling.classes == {"Wizard"} and "incomplete-data" not in aethersling.traits
    assert any(p.set_code == "OMN" for p in aethersling.printings)


def test_malformed_records_are_reported_not_fatal(parsed):
    assert "malformed records skipped" in parsed.notes


def test_a_folder_without_card_files_is_refused(tmp_path):
    with pytest.raises(CardImportError, match="no fabrary_latest-set"):
        parse_cards_2026(tmp_path)


@pytest.mark.django_db
def test_import_merges_into_the_newest_fabrary_release(make_release):
    base = make_release(sample_cards(), source="fabrary-cards", version="3.8.6-test")
    result = services.parse_source("cards-2026")
    release, created = services.import_release(result, activate=True)
    assert created and release.published_on == date(2026, 8, 22)
    assert "fabrary-cards@3.8.6-test" in release.notes
    db = selectors.card_database(release)
    assert db.get("Snatch", 1) is not None and db.variants("Comet Collision")
    assert CardDataRelease.objects.filter(pk=base.pk).exists()  # kept side by side


@pytest.mark.django_db
def test_a_failed_import_keeps_the_active_release(make_release, tmp_path):
    active = make_release()
    broken = tmp_path / "fab"
    broken.mkdir()
    (broken / "fabrary_latest-set_X_2026-01-01.json").write_text("[{", encoding="utf-8")
    with pytest.raises(Exception, match="nothing imported"):
        call_command("import_cards", "cards-2026", str(tmp_path))
    active.refresh_from_db()
    assert active.is_active and CardDataRelease.objects.count() == 1


@pytest.mark.django_db
def test_fabcube_from_a_zip_archive(tmp_path):
    src = tmp_path / "repo" / "flesh-and-blood-cards-main" / "json" / "english"
    src.mkdir(parents=True)
    fabcube = Path(settings.SHARED_DIR) / "data" / "fabcube"
    for name in ("card.json", "banned-cc.json", "living-legend-cc.json"):
        shutil.copy(fabcube / name, src / name)
    archive = shutil.make_archive(str(tmp_path / "fab-cube"), "zip", tmp_path / "repo")
    result = services.parse_source("fabcube", archive)
    assert result.source == "fabcube" and len(result.cards) > 3000
    assert result.published is not None


@pytest.mark.django_db
def test_unknown_cards_wait_for_data_and_are_revalidated_when_it_lands(
    db, django_capture_on_commit_callbacks
):
    from decklists import services as decklist_services
    from tests.factories import EventFactory, RegistrationFactory

    services.import_release(
        ImportResult("fab", "fabrary-cards", "old", tuple(sample_cards()), published=date(2026, 5, 16)),
        activate=True,
    )
    event = EventFactory(format="cc", status="registration", card_release=CardDataRelease.objects.get())
    reg = RegistrationFactory(event=event)
    text = "Dorinthea Ironsong\n1 Dawnblade\n3 Snatch (red)\n3 Aethersling (red)\n"
    decklist = decklist_services.save_decklist(reg, actor=reg.player.user, text=text)
    (problem,) = decklist.problems
    assert problem["code"] == "UNKNOWN_CARD" and "Aethersling" in problem["text"]
    assert decklist.status == "draft"
    newer = [*sample_cards(), make_card("Aethersling", 1, classes=("Wizard",))]
    with django_capture_on_commit_callbacks(execute=True):
        services.import_release(
            ImportResult("fab", "cards-2026", "t", tuple(newer), published=date(2026, 8, 22)), activate=True
        )
    decklist.refresh_from_db()
    assert decklist.problems == []
    assert {"name": "Aethersling", "pitch": 1, "qty": 3, "section": "deck"} in decklist.cards
    assert decklist.data_version.startswith("cards-2026@t")  # although the event pinned the older release


@pytest.mark.django_db
def test_ga_index_json_pages_from_a_url():
    """The GA Index search API answers page by page; every page is read (a local server here)."""
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from urllib.parse import parse_qs, urlsplit

    cards = json.loads(
        (
            Path(settings.SHARED_DIR) / "data" / "ga" / "ga_cards_from_GrandArchiveOnline_2024-03.json"
        ).read_text()
    )
    pages = [cards[:300], cards[300:]]
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server API)
            page = int(parse_qs(urlsplit(self.path).query).get("page", ["1"])[0])
            seen.append(page)
            body = json.dumps({"data": pages[page - 1], "page": page, "total_pages": len(pages)}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/cards/search?game=ga"
        result = services.parse_source("ga", url)
    finally:
        server.shutdown()
    assert seen == [1, 2]
    assert len(result.cards) == len(cards)
    assert result.game == "ga"
