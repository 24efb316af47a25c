"""The demo event command: round 2 running with a clock, idempotent."""

import pytest
from django.core.management import call_command

from core.models import AuditEntry
from tournament import selectors
from tournament.enums import ClockState, RoundStatus
from tournament.models import Event, Match, Registration, StaffAssignment

pytestmark = pytest.mark.django_db


def test_create_demo_event_builds_a_running_round_and_is_idempotent(capsys, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event")
    first = capsys.readouterr().out
    event = Event.objects.get(slug="demo-armory")
    assert "Created demo event" in first
    assert (event.format, Registration.objects.filter(event=event).count()) == ("cc", 32)
    assert set(StaffAssignment.objects.filter(event=event).values_list("role", flat=True)) == {
        "organizer", "head_judge", "floor_judge", "scorekeeper"
    }  # fmt: skip
    r1, r2 = selectors.rounds_for_event(event)
    assert (r1.status, r2.status) == (RoundStatus.COMPLETE, RoundStatus.IN_PROGRESS)
    clock = selectors.clock_status(r2)
    assert clock.state == ClockState.RUNNING and 0 < clock.remaining_seconds < 55 * 60
    assert selectors.outstanding_matches(r2).count() == 12
    password = (tmp_path / "demo-password.txt").read_text().strip()
    assert password in first

    counts = (Match.objects.count(), AuditEntry.objects.count(), Registration.objects.count())
    call_command("create_demo_event")
    second = capsys.readouterr().out
    assert "nothing changed" in second and password in second
    assert (Match.objects.count(), AuditEntry.objects.count(), Registration.objects.count()) == counts


def test_demo_accounts_log_in_with_the_printed_password(client, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    call_command("create_demo_event")
    password = (tmp_path / "demo-password.txt").read_text().strip()
    assert client.login(username="demo-scorekeeper", password=password)
    assert client.login(username="demo-player-07", password=password)
