"""Importing releases: real sources through the command, broken sources, activation, selectors."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import IntegrityError

from cards import selectors, services
from cards.models import CardDataRelease, CardRecord
from core.audit import audit_trail_for
from core.errors import DomainError
from tests.cards.conftest import make_card, sample_cards
from tests.conftest import shared_or_stand_in, shared_path

FABCUBE = Path(settings.SHARED_DIR) / "data" / "fabcube"
GA = Path(settings.SHARED_DIR) / "data" / "ga"
ROOT = Path(settings.BASE_DIR)


@pytest.fixture(scope="session")
def fabrary_dump(tmp_path_factory) -> Path:
    if services.fabrary_package_version() is None or shutil.which("node") is None:
        pytest.skip("npm package @flesh-and-blood/cards not installed (make card-package)")
    out = tmp_path_factory.mktemp("fabrary") / "fabrary.json"
    subprocess.run(
        ["node", str(ROOT / "tools" / "fabrary" / "dump.mjs"), str(out)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return out


def _call(*args) -> str:
    from io import StringIO

    out = StringIO()
    call_command("import_cards", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_import_fabcube_real_data_via_command():
    out = _call("fabcube", str(shared_path("data", "fabcube")))
    release = CardDataRelease.objects.get(source="fabcube")
    assert release.card_count == 3878
    assert release.cards.count() == 3878
    assert release.is_active  # first FaB release becomes active
    assert f"{release.label}: imported, 3878 cards, data of 2025-05-20 (active)" in out
    db = selectors.card_database()
    assert db.release == release.label
    assert len(db) == 3878
    assert db.get("Bravo, Star of the Show").essences == {"Earth", "Ice", "Lightning"}
    assert [a.action for a in audit_trail_for(release)] == ["card_release.activate", "card_release.import"]


@pytest.mark.django_db
def test_import_fabrary_real_dump_via_command(fabrary_dump):
    out = _call("fabrary", str(fabrary_dump), "--activate")
    release = CardDataRelease.objects.get(source="fabrary-cards")
    assert release.version == "3.8.6"
    assert release.card_count == 4682
    assert "fabrary-cards@3.8.6: imported, 4682 cards, data of 2026-05-16 (active)" in out
    assert selectors.card_database(release).get("Snatch", 1).identifier == "snatch-red"


@pytest.mark.django_db
def test_import_ga_real_data_via_command():
    _call("ga", str(shared_path("data", "ga")))
    release = CardDataRelease.objects.get(game="ga")
    assert release.card_count == 642
    assert release.is_active
    db = selectors.card_database(game="ga")
    assert db.get("spirit of fire").element == "Fire"


@pytest.mark.django_db
def test_import_same_version_twice_is_skipped():
    ga = shared_or_stand_in("data", "ga")
    _call("ga", str(ga))
    out = _call("ga", str(ga))
    assert "already imported" in out
    assert CardDataRelease.objects.filter(game="ga").count() == 1
    assert CardRecord.objects.count() == CardDataRelease.objects.get(game="ga").card_count > 0


def _broken_ga(tmp_path: Path, mutate) -> Path:
    src = GA / "ga_cards_from_GrandArchiveOnline_2024-03.json"
    if not src.is_file():  # the invented stand-in (12 cards, same layout)
        src = shared_or_stand_in("data", "ga") / "ga_cards_fixture.json"
    data = json.loads(src.read_text())[:40]
    mutate(data)
    d = tmp_path / "ga"
    d.mkdir()
    (d / src.name).write_text(json.dumps(data) if not isinstance(data, str) else data)
    return d


@pytest.mark.django_db
@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d[5].pop("name"), "record 5 (uuid="),
        (lambda d: d[7].update(types="CHAMPION"), "field 'types' must be a list of strings"),
        (lambda d: d[9].update(power={"x": 1}), "field 'power' must be a number or text"),
    ],
)
def test_broken_source_is_rejected_and_active_release_stays(tmp_path, make_release, mutate, message):
    active = make_release(game="ga", source="ga-index", version="good")
    d = _broken_ga(tmp_path, mutate)
    with pytest.raises(CommandError) as err:
        _call("ga", str(d), "--activate")
    text = str(err.value)
    assert "nothing imported" in text
    assert next(d.iterdir()).name in text  # the file is named
    assert message in text
    assert list(CardDataRelease.objects.filter(game="ga")) == [active]
    active.refresh_from_db()
    assert active.is_active
    assert CardRecord.objects.filter(release__game="ga").count() == len(sample_cards())


@pytest.mark.django_db
def test_truncated_fabcube_is_rejected(tmp_path, make_release):
    active = make_release()
    d = tmp_path / "fabcube"
    d.mkdir()
    (d / "card.json").write_text((shared_or_stand_in("data", "fabcube") / "card.json").read_text()[:2000])
    with pytest.raises(CommandError, match=r"card\.json: invalid or truncated JSON at line"):
        _call("fabcube", str(d), "--activate")
    assert list(CardDataRelease.objects.all()) == [active]
    assert selectors.active_release("fab") == active


@pytest.mark.django_db
def test_failure_inside_transaction_stores_nothing(make_release):
    """A release whose cards clash (duplicate identifier) rolls back entirely."""
    active = make_release()
    from rules_engine.importers import ImportResult

    dup = make_card("Twin", 1)
    with pytest.raises(IntegrityError):  # card_record_release_identifier_unique
        services.import_release(ImportResult("fab", "other", "dup", (dup, dup)), activate=True)
    assert list(CardDataRelease.objects.all()) == [active]
    active.refresh_from_db()
    assert active.is_active


def test_command_needs_source_or_defaults(db):
    with pytest.raises(CommandError, match="give a source"):
        _call()


@pytest.mark.django_db
def test_activate_switches_the_active_release(make_release):
    first = make_release()
    second = make_release(activate=False)
    assert selectors.active_release() == first
    services.activate_release(second)
    first.refresh_from_db()
    assert (first.is_active, selectors.active_release()) == (False, second)
    assert selectors.card_database().release == second.label
    assert selectors.card_database(first).release == first.label
    assert selectors.card_database(first.pk).release == first.label


@pytest.mark.django_db
def test_card_database_without_data_names_the_command():
    with pytest.raises(DomainError, match="import_cards --defaults"):
        selectors.card_database()


@pytest.mark.django_db
def test_card_database_is_cached_per_release(make_release, django_assert_num_queries):
    release = make_release()
    db = selectors.card_database(release)
    with django_assert_num_queries(0):
        assert selectors.card_database(release) is db
    assert db.get("ruu'di, gem keeper").hero is None


@pytest.mark.django_db
def test_stored_card_round_trips(make_release):
    release = make_release()
    stored = {c.identifier: c for c in selectors.card_database(release)}
    assert stored == {c.identifier: c for c in sample_cards()}


@pytest.mark.django_db
def test_import_defaults_reports_missing_sources(tmp_path):
    ga = tmp_path / "data" / "ga"
    ga.parent.mkdir()
    shutil.copytree(shared_or_stand_in("data", "ga"), ga)
    rows = services.import_defaults(shared_dir=tmp_path, package_dir=tmp_path / "no-package")
    assert [(r.source, r.status) for r in rows] == [
        ("fabrary", "missing"),
        ("fabcube", "missing"),
        ("ga", "imported"),
        ("cards-2026", "missing"),
        ("fabcube-csv", "missing"),
        ("pool", "missing"),
    ]
    rows = services.import_defaults(shared_dir=tmp_path, package_dir=tmp_path / "no-package")
    assert [r.status for r in rows] == ["missing", "missing", "skipped", "missing", "missing", "missing"]
    assert CardDataRelease.objects.count() == 1


@pytest.mark.slow
@pytest.mark.django_db
def test_import_cards_defaults_real_sources_then_rerun_changes_nothing(fabrary_dump):
    """What `make run` does: every source once; the newer data (merged into fabrary 3.8.6), the
    the-fab-cube CSV copy, then one dated pool of them all, which becomes active for FaB; a second
    run skips all."""
    for part in ("fabcube", "ga", "cards-2026", "fabcube-2026"):
        shared_path("data", part)
    out = _call("--defaults")
    assert "fabrary-cards@3.8.6: imported (4682 cards)" in out
    assert ": imported (3878 cards)" in out
    assert ": imported (642 cards)" in out
    assert "cards-2026@2026-08-22+" in out
    assert "fabcube@csv+" in out and ": imported (4858 cards)" in out
    assert "active fab card data: pool@2026-09-18+" in out
    before = list(CardDataRelease.objects.values_list("pk", "is_active", "card_count"))
    out = _call("--defaults")
    assert out.count("skipped (already imported)") == 6
    assert list(CardDataRelease.objects.values_list("pk", "is_active", "card_count")) == before


@pytest.mark.django_db
def test_import_missing_path_names_it(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(CommandError, match=r"nope\.json: file not found"):
        _call("fabrary", str(missing))
    assert CardDataRelease.objects.count() == 0


SAMPLE_DUMP = Path(__file__).resolve().parents[1] / "rules_engine" / "test_oracle_sample.json"


@pytest.mark.django_db
def test_fabrary_statuses_are_dated_by_the_given_publication_date():
    out = _call("fabrary", str(SAMPLE_DUMP), "--published", "2026-03-01")
    release = CardDataRelease.objects.get(source="fabrary-cards")
    assert release.published_on == date(2026, 3, 1)
    assert "data of 2026-03-01" in out
    db = selectors.card_database(release)
    dated = [ev for c in db for ev in c.legality_history if ev.source.startswith("fabrary-cards@")]
    assert dated and all(ev.start == date(2026, 3, 1) and ev.start_bound for ev in dated)


@pytest.mark.django_db
def test_an_unknown_fabrary_version_is_dated_by_the_import_day():
    from django.utils import timezone

    _call("fabrary", str(SAMPLE_DUMP))
    release = CardDataRelease.objects.get(source="fabrary-cards")
    assert release.published_on == timezone.localdate()
    db = selectors.card_database(release)
    assert all(ev.start is not None for c in db for ev in c.legality_history)


@pytest.mark.django_db
def test_bad_published_date_is_refused():
    with pytest.raises(CommandError, match="--published must be YYYY-MM-DD"):
        _call("fabrary", str(SAMPLE_DUMP), "--published", "yesterday")
