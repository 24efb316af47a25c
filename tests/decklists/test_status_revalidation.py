"""A ban or restriction recorded by an organizer or head judge re-validates, automatically, the
lists of upcoming and running events of that game whose date the status covers (the
``cards.services.card_statuses_changed`` signal, received by decklists); withdrawing it does the
same; each changed list is audited like any re-validation. Synthetic releases from
test_dated_agreement (Filler Card NN are legal in CC and LL; Lexa is an LL hero)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from cards.services import record_status, withdraw_status
from core.models import AuditEntry
from decklists import services
from decklists.models import Decklist
from tests.decklists.test_dated_agreement import list_text, releases  # noqa: F401  (fixture)
from tests.factories import EventFactory, RegistrationFactory
from tournament.enums import EventStatus

BAN_FROM = date(2026, 7, 1)


def _list(day, *, fmt="ll", status=EventStatus.REGISTRATION):
    event = EventFactory(
        format=fmt,
        status=EventStatus.REGISTRATION,
        starts_at=datetime.combine(day, datetime.min.time().replace(hour=12), tzinfo=UTC),
    )
    reg = RegistrationFactory(event=event)
    decklist = services.save_decklist(reg, actor=reg.player.user, text=list_text())
    # The list is written while the event is open; then the event moves on (a finished event
    # refuses new lists).
    type(event).objects.filter(pk=event.pk).update(status=status)
    # Lexa is a living legend in CC since 2023: a CC list is illegal for that alone.
    assert decklist.is_legal is (fmt == "ll"), (decklist.findings, decklist.problems)
    return decklist


def _ban(actor, *, until=None, fmt="Living Legend"):
    return record_status(
        actor=actor,
        card_name="Filler Card 03",
        pitch=1,
        format_code=fmt,
        status="banned",
        effective_from=BAN_FROM,
        effective_until=until,
        source_url="https://example.org/ll-ban",
    )


def _legal(decklist):
    decklist.refresh_from_db()
    return decklist.is_legal


def _codes(decklist):
    decklist.refresh_from_db()
    return sorted(f["code"] for f in decklist.findings if f["severity"] == "error")


@pytest.mark.django_db(transaction=False)
def test_recorded_ban_revalidates_covered_lists_and_is_audited(
    releases,  # noqa: F811
    admin_user,
    django_capture_on_commit_callbacks,
):
    before = _list(date(2026, 6, 30))  # before the ban: stays legal
    on = _list(BAN_FROM)  # upcoming, on the effective date
    running = _list(date(2026, 7, 20), status=EventStatus.RUNNING)
    finished = _list(date(2026, 7, 10), status=EventStatus.FINISHED)  # finished: left as it was
    cc_event = _list(date(2026, 7, 20), fmt="cc")
    audits = AuditEntry.objects.filter(action="decklist.revalidate")
    assert audits.count() == 0

    with django_capture_on_commit_callbacks(execute=True):
        _ban(admin_user)

    assert _legal(before) is True
    assert _codes(on) == ["BANNED"] and _codes(running) == ["BANNED"]
    assert _legal(finished) is True  # not re-validated: its event is over
    assert _codes(cc_event) == ["LIVING_LEGEND_HERO"]  # an LL ban does not reach CC lists
    assert sorted(int(a.object_id) for a in audits) == sorted([on.pk, running.pk])
    assert {a.actor_id for a in audits} == {admin_user.pk}
    (ban,) = [f for f in Decklist.objects.get(pk=on.pk).findings if f["code"] == "BANNED"]
    assert "https://example.org/ll-ban" in ban["message"]


@pytest.mark.django_db(transaction=False)
def test_ban_with_an_end_date_only_reaches_events_inside_it_and_withdrawal_revalidates(
    releases,  # noqa: F811
    admin_user,
    django_capture_on_commit_callbacks,
):
    inside = _list(date(2026, 7, 5))
    after_end = _list(date(2026, 8, 1))
    with django_capture_on_commit_callbacks(execute=True):
        rs = _ban(admin_user, until=date(2026, 8, 1))
    assert _codes(inside) == ["BANNED"]
    assert _legal(after_end) is True
    assert AuditEntry.objects.filter(action="decklist.revalidate").count() == 1

    with django_capture_on_commit_callbacks(execute=True):
        withdraw_status(rs, actor=admin_user, reason="entered by mistake")
    assert _legal(inside) is True
    assert AuditEntry.objects.filter(action="decklist.revalidate").count() == 2


@pytest.mark.django_db(transaction=False)
def test_lists_covered_by_status_selects_by_game_date_and_format(releases):  # noqa: F811
    on = _list(BAN_FROM)
    _list(date(2026, 6, 30))
    cc = _list(date(2026, 7, 2), fmt="cc")
    assert [d.pk for d in services.lists_covered_by_status("fab", "ll", BAN_FROM)] == [on.pk]
    assert [d.pk for d in services.lists_covered_by_status("fab", "cc", BAN_FROM)] == [cc.pk]
    assert services.lists_covered_by_status("ga", "ll", BAN_FROM) == []
    assert services.lists_covered_by_status("fab", "ll", BAN_FROM, date(2026, 7, 1)) == []


@pytest.mark.django_db(transaction=False)
def test_recorded_format_change_revalidates_lists_of_events_from_its_date(
    releases,  # noqa: F811
    admin_user,
    django_capture_on_commit_callbacks,
):
    """A confirmed format change (here: LL copy limit 2 from BAN_FROM) re-checks the lists of
    unfinished events of that format dated on or after it; withdrawing it re-checks them again."""
    from cards.services import record_format_change, withdraw_format_change

    before = _list(date(2026, 6, 30))
    after = _list(date(2026, 7, 20))
    with django_capture_on_commit_callbacks(execute=True):
        change = record_format_change(
            actor=admin_user,
            format_code="ll",
            effective_from=BAN_FROM,
            changes={"copy_limit": 2},
            source="https://example.org/ll-two-copies",
            confirmed=True,
        )
    assert _legal(before) is True
    assert "COPY_LIMIT" in _codes(after)
    with django_capture_on_commit_callbacks(execute=True):
        withdraw_format_change(change, actor=admin_user)
    assert _legal(after) is True


@pytest.mark.django_db(transaction=False)
def test_a_card_pool_landing_revalidates_every_list_of_unfinished_events(
    releases,  # noqa: F811
    tmp_path,
    django_capture_on_commit_callbacks,
):
    """The pool checks every event from then on: a list legal on the release of its date is
    re-checked, and a card the pool dates after the event is now reported as not yet released."""
    import json

    from cards.services import import_release, pool_from_releases

    early = _list(date(2026, 6, 30))
    fab = tmp_path / "data" / "cards-2026" / "fab"
    fab.mkdir(parents=True)
    sets = [{"id": "TST", "printings": [{"initial_release_date": "2026-07-10T00:00:00.000Z"}]}]
    (fab / "fabrary_Released_set.json").write_text(json.dumps(sets))
    with django_capture_on_commit_callbacks(execute=True):
        import_release(pool_from_releases(shared_dir=tmp_path), activate=True)
    assert "NOT_YET_RELEASED" in _codes(early)
    assert AuditEntry.objects.filter(action="decklist.revalidate", object_id=str(early.pk)).exists()
