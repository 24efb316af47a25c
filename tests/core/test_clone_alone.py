"""A clone with nothing beside it: card data and rules documents come from a folder the user
names, or (card data) from the public addresses when online, and every page that needs missing
data says what to run. Runs on the invented stand-ins in tests/fixtures/shared/."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards import services as card_services
from cards.models import CardDataRelease
from reference.models import RulesDocument
from reference.seeds import SEEDS
from tests.conftest import FIXTURE_SHARED_DIR

pytestmark = pytest.mark.django_db


def test_card_data_from_a_named_folder(tmp_path):
    rows = card_services.import_defaults(shared_dir=FIXTURE_SHARED_DIR, package_dir=tmp_path / "no-package")
    by_source = {row.source: row for row in rows}
    assert by_source["fabrary"].status == "missing"
    assert by_source["fabcube"].status == "imported" and by_source["fabcube"].detail == "8 cards"
    assert by_source["ga"].status == "imported" and by_source["ga"].detail == "12 cards"
    assert CardDataRelease.objects.filter(source="fabcube").get().card_count == 8
    again = card_services.import_defaults(shared_dir=FIXTURE_SHARED_DIR, package_dir=tmp_path / "no-package")
    assert {row.source: row.status for row in again}["fabcube"] == "skipped"


def test_import_cards_from_option_refuses_a_missing_folder(tmp_path):
    with pytest.raises(CommandError, match="no such folder"):
        call_command("import_cards", "--defaults", "--from", str(tmp_path / "nowhere"), stdout=io.StringIO())


def test_offline_without_the_folder_says_what_to_run(tmp_path):
    rows = card_services.import_defaults(shared_dir=tmp_path, package_dir=tmp_path / "no-package")
    by_source = {row.source: row for row in rows}
    for source in ("fabcube", "ga"):
        assert by_source[source].status == "missing"
        assert f"manage.py import_cards {source} PATH_OR_URL" in by_source[source].detail
        assert "ARBITER_SHARED_DIR" in by_source[source].detail


def test_card_data_from_the_public_addresses_when_online(tmp_path, settings, loopback_site):
    root, url = loopback_site
    # the-fab-cube's repository archive keeps the JSON in json/english/; the GA API answers pages.
    repo = tmp_path / "flesh-and-blood-cards-develop" / "json" / "english"
    shutil.copytree(FIXTURE_SHARED_DIR / "data" / "fabcube", repo)
    with tarfile.open(root / "develop.tar.gz", "w:gz") as archive:
        archive.add(tmp_path / "flesh-and-blood-cards-develop", arcname="flesh-and-blood-cards-develop")
    cards = json.loads((FIXTURE_SHARED_DIR / "data" / "ga" / "ga_cards_fixture.json").read_text())
    (root / "search").write_text(json.dumps({"data": cards, "page": 1, "total_pages": 1}))
    settings.ARBITER_ONLINE_SOURCES = True
    settings.ARBITER_SOURCE_URLS = {"fabcube": f"{url}/develop.tar.gz", "ga": f"{url}/search"}
    empty = tmp_path / "empty"
    empty.mkdir()
    rows = {row.source: row for row in card_services.import_defaults(shared_dir=empty, package_dir=empty)}
    assert rows["fabcube"].status == "imported", rows["fabcube"]
    assert rows["fabcube"].detail == f"8 cards from {url}/develop.tar.gz"
    assert rows["ga"].status == "imported", rows["ga"]
    assert CardDataRelease.objects.get(game="ga").card_count == 12


def test_unreachable_public_address_says_what_to_run(tmp_path, settings):
    settings.ARBITER_ONLINE_SOURCES = True
    settings.ARBITER_SOURCE_URLS = {"fabcube": "http://127.0.0.1:9/none.tar.gz", "ga": ""}
    rows = {
        row.source: row for row in card_services.import_defaults(shared_dir=tmp_path, package_dir=tmp_path)
    }
    assert rows["fabcube"].status == "missing"
    assert "the download failed (http://127.0.0.1:9/none.tar.gz" in rows["fabcube"].detail
    assert "manage.py import_cards fabcube PATH_OR_URL" in rows["fabcube"].detail


def test_rules_documents_from_a_named_folder():
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(FIXTURE_SHARED_DIR), stdout=out)
    assert RulesDocument.objects.count() == len(SEEDS)
    assert RulesDocument.objects.filter(kind="cr", version="2.13.0", is_current=True).exists()


def test_import_rules_with_no_documents_says_what_to_do(tmp_path):
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path), stdout=out)
    text = out.getvalue()
    assert f"No rules documents found in {tmp_path}" in text
    assert "fab-comprehensive-rules-2.13.0.txt" in text and "--document cr|trp|ppg|ga" in text


def test_rules_page_without_documents_says_what_to_run(client, settings, tmp_path):
    settings.SHARED_DIR = tmp_path
    page = client.get("/rules/").content.decode()
    assert "python manage.py import_rules --defaults" in page
    assert str(tmp_path / "seeds") in page


def test_cards_page_without_data_says_what_to_run(client):
    page = client.get("/cards/").content.decode()
    assert 'id="no-card-data"' in page and "python manage.py import_cards --defaults" in page


def test_cards_page_with_data_does_not(client, tmp_path):
    card_services.import_defaults(shared_dir=FIXTURE_SHARED_DIR, package_dir=tmp_path)
    page = client.get("/cards/?q=Plain").content.decode()
    assert 'id="no-card-data"' not in page and "Plain Jab" in page


def test_fixture_stand_ins_are_current():
    """tests/fixtures/shared is what tests/fixtures/make_shared.py writes (run it after a change)."""
    import tempfile

    from tests.fixtures import make_shared

    with tempfile.TemporaryDirectory() as tmp:
        make_shared.write(Path(tmp))
        written = sorted(p.relative_to(tmp) for p in Path(tmp).rglob("*") if p.is_file())
        kept = sorted(p.relative_to(FIXTURE_SHARED_DIR) for p in FIXTURE_SHARED_DIR.rglob("*") if p.is_file())
        assert written == kept
        for rel in written:
            assert (Path(tmp) / rel).read_bytes() == (FIXTURE_SHARED_DIR / rel).read_bytes(), rel


def test_one_rules_document_from_an_address(loopback_site):
    root, url = loopback_site
    shutil.copy(FIXTURE_SHARED_DIR / "seeds" / "fab-comprehensive-rules-2.13.0.txt", root / "cr.txt")
    out = io.StringIO()
    call_command("import_rules", f"{url}/cr.txt", "--document", "cr", "--version", "9.9.9", stdout=out)
    document = RulesDocument.objects.get(kind="cr", version="9.9.9")
    assert document.source_name == f"{url}/cr.txt" and document.rule_count > 3
    with pytest.raises(CommandError, match="download failed"):
        call_command("import_rules", f"{url}/missing.txt", "--document", "cr", "--version", "1", stdout=out)


def test_a_rule_citation_without_its_document_names_the_rule_and_what_to_run(client, settings, tmp_path):
    """Issue 36: offline, a lone clone's citation links keep the rule's number and document and
    say how to import the documents, instead of a bare "not found"."""
    settings.SHARED_DIR = tmp_path
    answer = client.get("/rules/trp/3.2/")
    page = answer.content.decode()
    assert answer.status_code == 404
    assert "<h1 data-citation>TR&amp;P 3.2</h1>" in page
    assert "Flesh and Blood Tournament Rules and Policy" in page
    assert "make rulesdata" in page and "import_rules --defaults" in page
    assert str(tmp_path / "seeds") in page


def test_a_missing_rule_of_an_imported_document_is_still_plain_not_found(client):
    call_command("import_rules", "--defaults", "--from", str(FIXTURE_SHARED_DIR), stdout=io.StringIO())
    page = client.get("/rules/trp/99.99/").content.decode()
    assert 'id="not-found"' in page and "make rulesdata" not in page


def test_settings_name_the_shared_folder_the_readme_names_when_none_exists(tmp_path):
    """Issue 36: with no shared folder anywhere, messages name ../shared (as the README), not var/shared."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k != "ARBITER_SHARED_DIR"}
    env["ARBITER_VAR_DIR"] = str(tmp_path)
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup();"
        "from django.conf import settings as s; print(s.SHARED_DIR)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == root.parent / "shared"
    assert "No hostname was supplied" not in result.stderr


def test_no_kombu_hostname_warning_without_a_broker(caplog):
    """Issue 36: `make run` printed kombu's "No hostname was supplied" warning on every command."""
    from config.celery import app

    app.connection_for_write()._info()
    assert "No hostname was supplied" not in caplog.text
