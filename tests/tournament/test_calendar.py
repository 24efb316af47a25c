"""Calendar feeds (issue 30): an event's rounds as planned or as started, an organizer's public
events, valid iCalendar text (CRLF lines, escaped text, folded long lines), drafts hidden."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament.calendar import calendar
from tournament.enums import StaffRole


def _lines(body: bytes) -> list[str]:
    text = body.decode()
    assert "\r\n" in text and all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    return text.replace("\r\n ", "").split("\r\n")  # unfolded


@pytest.mark.django_db
def test_event_calendar_plans_every_round(client):
    start = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    event = EventFactory(
        name="Calling; Lisbon, day 1",
        status="registration",
        starts_at=start,
        swiss_rounds=3,
        top_cut=8,
        round_minutes=50,
        venue="Hall A",
    )
    lines = _lines(client.get(f"/events/{event.slug}/calendar.ics").content)
    assert lines[0] == "BEGIN:VCALENDAR" and "END:VCALENDAR" in lines
    assert lines.count("BEGIN:VEVENT") == 1 + 3 + 3  # the event, 3 Swiss rounds, top 8 (3 rounds)
    assert "SUMMARY:Calling\\; Lisbon\\, day 1" in lines
    assert "DTSTART:20261205T100000Z" in lines
    assert "DTSTART:20261205T110000Z" in lines  # round 2: 50 minutes + 10 minutes later
    assert "LOCATION:Hall A" in lines


@pytest.mark.django_db
def test_organizer_calendar_lists_public_events_only(client):
    org = UserFactory(username="ana")
    public = EventFactory(
        status="registration", starts_at=datetime(2026, 12, 1, 18, tzinfo=UTC), name="Friday"
    )
    draft = EventFactory(status="draft", starts_at=datetime(2026, 12, 2, 18, tzinfo=UTC), name="Secret")
    for e in (public, draft):
        StaffAssignmentFactory(event=e, user=org, role=StaffRole.ORGANIZER)
    lines = _lines(client.get("/events/organizer/ANA/calendar.ics").content)
    assert "SUMMARY:Friday" in lines and "SUMMARY:Secret" not in lines
    assert client.get("/events/organizer/nobody/calendar.ics").status_code == 404
    assert client.get(f"/events/{draft.slug}/calendar.ics").status_code == 404


def test_long_lines_are_folded():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    text = calendar(
        [{"uid": "x@y", "start": now, "end": now + timedelta(hours=1), "summary": "Ü" * 80}],
        name="N",
        now=now,
    )
    raw = text.split("\r\n")
    assert all(len(line.encode()) <= 75 for line in raw)
    assert "SUMMARY:" + "Ü" * 80 in text.replace("\r\n ", "")
