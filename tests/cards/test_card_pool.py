"""The dated card pool in the app (issue 28): built from the imported releases, chosen for every
event date, a card not yet out reported as such (never "no card named"), dated format changes
recorded by officials, and the warning when an event is created for a retired format.
Synthetic releases stored through the import service; the real database."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from cards import selectors, services
from cards.models import CardDataRelease, FormatRuleChange
from core.audit import audit_trail_for
from core.errors import DomainError
from decklists.validation import validate_text
from rules_engine.cards import LegalityEvent
from rules_engine.importers import ImportResult
from tests.cards.conftest import make_card
from tests.factories import UserFactory
from tests.tournament.test_api import client_for

pytestmark = pytest.mark.django_db


def hero():
    return make_card("Testa", types=("Hero",), young=True, formats=("sage", "blitz"), rarity="Token")


def deck_cards(prefix: str, n: int, set_code: str = "OLD"):
    from dataclasses import replace

    from rules_engine.cards import Printing

    return [
        replace(
            make_card(f"{prefix} {i}", 1, formats=("sage", "blitz")),
            printings=(Printing(f"{set_code}{i:03d}", set_code, "Common"),),
        )
        for i in range(n)
    ]


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    """A shared folder holding only fabrary's set list and overrides (the set dates)."""
    fab = tmp_path / "data" / "cards-2026" / "fab"
    fab.mkdir(parents=True)
    sets = [
        {"id": "OLD", "printings": [{"initial_release_date": "2020-01-10T00:00:00.000Z"}]},
        {"id": "NEW", "printings": [{"initial_release_date": "2026-06-05T00:00:00.000Z"}]},
    ]
    (fab / "fabrary_Released_set.json").write_text(json.dumps(sets))
    (fab / "fabrary_first-release-date-overrides.json").write_text(json.dumps({"new-0-red": "2026-06-01"}))
    return tmp_path


@pytest.fixture
def pool(shared):
    """A current-state release with old cards, a dated release with a newer set and a hero ban."""
    from dataclasses import replace

    old = [hero(), *deck_cards("Old", 20)]
    current = ImportResult("fab", "cards-2026", "2026-05-16+t", tuple(old), published=date(2026, 5, 16))
    banned_hero = replace(
        hero(),
        legality_history=(
            LegalityEvent(
                "sage", "banned", date(2026, 9, 18), None, "fabcube@csv+t (banned-silver-age.csv; x)"
            ),
        ),
    )
    dated_cards = (banned_hero, *deck_cards("Old", 20), *deck_cards("New", 3, "NEW"))
    dated = ImportResult("fab", "fabcube", "csv+t", dated_cards, published=date(2026, 9, 18))
    services.import_release(current)
    services.import_release(dated)
    rel, created = services.import_release(services.pool_from_releases(shared_dir=shared), activate=True)
    assert created
    return rel


def test_pool_holds_every_card_dated_by_its_own_release(pool):
    db = selectors.card_database(pool)
    assert db.get("New 1", 1).released == date(2026, 6, 5)
    assert db.get("New 0", 1).released == date(2026, 6, 1)  # fabrary's override
    assert db.get("Old 1", 1).released == date(2020, 1, 10)
    assert [(e.start, e.end) for e in db.get("Testa").legality_history] == [(date(2026, 9, 18), None)]
    assert pool.published_on == date(2026, 9, 18)


@pytest.mark.parametrize(
    ("day", "current"),
    [
        (date(2025, 12, 13), None),
        (date(2026, 7, 1), "cards-2026@2026-05-16+t"),
        (date(2026, 11, 1), "fabcube@csv+t"),
    ],
)
def test_every_event_date_is_checked_against_the_pool(pool, day, current):
    older = CardDataRelease.objects.get(source="cards-2026")
    rel, note = selectors.release_for_event_date("fab", day, pinned=older)
    assert rel == pool
    assert "every card as of its own first release" in note
    if current:  # the single release current that day is named, as a label only
        assert f"of the single releases, {current}, data of" in note
    else:
        assert "single releases" not in note


def sage_text(extra: str = "") -> str:
    lines = ["Testa", *[f"2 Old {i} (red)" for i in range(19 if extra else 20)]]
    return "\n".join(lines + ([extra] if extra else []))


def test_card_not_yet_out_is_named_with_its_date_not_unknown(pool):
    db = selectors.card_database(pool)
    early = validate_text(sage_text("2 New 1 (red)"), db=db, format_code="sage", as_of=date(2026, 3, 1))
    assert early.problems == []  # the card is known: no "no card named"
    (f,) = [f for f in early.findings if f["severity"] == "error"]
    assert f["code"] == "NOT_YET_RELEASED"
    assert f["message"].startswith("'New 1 (red)' is not released until 2026-06-05 (NEW)")
    later = validate_text(sage_text("2 New 1 (red)"), db=db, format_code="sage", as_of=date(2026, 7, 1))
    assert [f for f in later.findings if f["severity"] == "error"] == []


def test_benched_hero_verdict_names_the_hero_date_and_source(pool):
    db = selectors.card_database(pool)
    result = validate_text(sage_text(), db=db, format_code="sage", as_of=date(2026, 10, 1))
    (f,) = [f for f in result.findings if f["severity"] == "error"]
    assert f["code"] == "HERO_BANNED"
    assert f["message"].startswith("Testa is benched (banned) in Silver Age on 2026-10-01 (since 2026-09-18")
    assert f["statuses"][0]["source"] == "fabcube@csv+t (banned-silver-age.csv; x)"
    rules = [b for b in result.basis if b["code"] == "FORMAT_RULES"]
    assert any("its own dated ban list" in b["message"] for b in rules)


def test_official_records_a_format_change_that_replaces_the_shipped_entry():
    official = UserFactory(is_staff=True)
    fc = services.record_format_change(
        actor=official,
        format_code="blitz",
        effective_from=date(2026, 1, 1),
        changes={"copy_limit": 3},
        source="https://example.org/blitz-2026",
        confirmed=True,
    )
    assert [e.action for e in audit_trail_for(fc)] == ["format_change.record"]
    timeline = [c for c in selectors.format_timeline() if c.format == "blitz"]
    from rules_engine.format_timeline import format_on

    fmt, changes = format_on("blitz", date(2026, 2, 1), timeline=timeline)
    assert (
        fmt.copy_limit == 3
        and changes[-1].source == "recorded by an official: https://example.org/blitz-2026"
    )
    services.withdraw_format_change(fc, actor=official)
    assert format_on("blitz", date(2026, 2, 1), timeline=selectors.format_timeline())[0].copy_limit == 2


@pytest.mark.parametrize(
    ("changes", "field"), [({"name": "x"}, "changes"), ({"deck_min": "forty"}, "changes")]
)
def test_a_format_change_that_is_not_a_rule_value_is_refused(changes, field):
    with pytest.raises(DomainError) as exc:
        services.record_format_change(
            actor=None, format_code="blitz", effective_from=date(2026, 1, 1), changes=changes, source="s"
        )
    assert exc.value.field == field
    assert FormatRuleChange.objects.count() == 0


def test_event_created_for_a_retired_format_is_warned():
    c = client_for(UserFactory())
    body = c.post(
        "/api/events/",
        {"name": "Commoner night", "format": "commoner", "starts_at": "2026-02-10T18:00:00Z"},
        format="json",
    ).json()
    (warning,) = body["warnings"]
    assert warning.startswith("Commoner is retired since 2026-01-01")
    before = c.post(
        "/api/events/",
        {"name": "Old commoner", "format": "commoner", "starts_at": "2025-11-10T18:00:00Z"},
        format="json",
    ).json()
    assert before["warnings"] == []


def test_event_form_shows_the_retired_format_warning(client):
    user = UserFactory()
    client.force_login(user)
    from tests.tournament.test_views_events import BASE

    data = {**BASE, "name": "Commoner night", "format": "commoner", "starts_at": "2026-02-10T18:00"}
    resp = client.post("/events/new/", data, follow=True)
    shown = [str(m) for m in resp.context["messages"]]
    assert any(m.startswith("Commoner is retired since 2026-01-01") for m in shown), shown


def test_card_page_shows_the_first_release(pool, client):
    html = client.get("/cards/new-1-red/").content.decode()
    assert "<th>First released</th><td>2026-06-05 (NEW)</td>" in html


def test_a_ban_the_newer_data_no_longer_states_is_lifted_by_the_fabrary_date(shared):
    """cards-2026 keeps fabrary's statuses: a dated ban in a list older than fabrary's data that
    fabrary no longer states (the card listed legal) ends by fabrary's publication, as a bound."""
    from dataclasses import replace

    card = make_card("Lifted", 1, formats=("blitz",))
    services.import_release(
        ImportResult("fab", "fabrary-cards", "9.9.9", (card,), published=date(2026, 5, 16))
    )
    services.import_release(
        ImportResult("fab", "cards-2026", "2026-08-22+t", (card,), published=date(2026, 8, 22))
    )
    ban = LegalityEvent("blitz", "banned", date(2024, 9, 9), None, "fabcube@csv+t (banned-blitz.csv)")
    dated = replace(card, legality_history=(ban,))
    services.import_release(ImportResult("fab", "fabcube", "csv+t", (dated,), published=date(2025, 9, 1)))
    rel, _ = services.import_release(services.pool_from_releases(shared_dir=shared))
    (ev,) = selectors.card_database(rel).get("Lifted", 1).legality_history
    assert (ev.start, ev.end, ev.end_bound) == (date(2024, 9, 9), date(2026, 5, 16), True)


def test_an_official_records_that_a_ban_was_lifted(pool):
    """The pool's Silver Age ban of Testa (from 2026-09-18) ends on a recorded lift's date."""
    official = UserFactory(is_staff=True)
    services.record_status(
        actor=official,
        card_name="Testa",
        format_code="sage",
        status="lifted",
        effective_from=date(2026, 10, 15),
        source_url="https://example.org/testa-back",
    )
    (ev,) = selectors.card_database(pool).get("Testa").legality_history
    assert (ev.start, ev.end) == (date(2026, 9, 18), date(2026, 10, 15))
    assert ev.source.endswith("lifted: recorded by an official: https://example.org/testa-back")
