"""iCalendar (RFC 5545) feeds for players' calendars (issue 30): an event's schedule, one entry
for the event and one per round as planned (or as started, once its clock ran), and an
organizer's public events. Pure text building; the views in ``views/calendar.py`` serve it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

#: Minutes planned between rounds when an event says nothing else (pairing, reporting, seating).
BREAK_MINUTES = 10


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _text(value: str) -> str:
    """RFC 5545 3.3.11: backslash, semicolon, comma and newlines escaped."""
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> list[str]:
    """RFC 5545 3.1: lines longer than 75 octets folded with a leading space."""
    out, current = [], ""
    for ch in line:
        if len((current + ch).encode()) > 75:
            out.append(current)
            current = " " + ch
        else:
            current += ch
    return out + [current]


def calendar(entries: list[dict], *, name: str, now: datetime) -> str:
    """A VCALENDAR of ``entries`` ({uid, start, end, summary, description, url, location})."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Arbiter//Tournament calendar//EN",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{_text(name)}",
    ]
    for e in entries:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{e['uid']}",
            f"DTSTAMP:{_stamp(now)}",
            f"DTSTART:{_stamp(e['start'])}",
            f"DTEND:{_stamp(e['end'])}",
            f"SUMMARY:{_text(e['summary'])}",
        ]
        if e.get("description"):
            lines.append(f"DESCRIPTION:{_text(e['description'])}")
        if e.get("location"):
            lines.append(f"LOCATION:{_text(e['location'])}")
        if e.get("url"):
            lines.append(f"URL:{e['url']}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(folded for line in lines for folded in _fold(line)) + "\r\n"


def event_entries(event, rounds: list, *, url: str, host: str, planned_rounds: int) -> list[dict]:
    """The event and its rounds: a started round at its start, the others planned one after the
    other from the event's start (round length plus ``BREAK_MINUTES``)."""
    if event.starts_at is None:
        return []
    length = timedelta(minutes=event.round_minutes)
    step = length + timedelta(minutes=BREAK_MINUTES)
    started = {r.number: r.started_at for r in rounds if getattr(r, "started_at", None)}
    count = max(planned_rounds, max((r.number for r in rounds), default=0))
    entries = []
    for n in range(1, count + 1):
        start = started.get(n) or (event.starts_at + (n - 1) * step)
        entries.append(
            {
                "uid": f"{event.slug}-round-{n}@{host}",
                "start": start,
                "end": start + length,
                "summary": f"{event.name}: round {n}",
                "url": url,
                "location": event.venue,
            }
        )
    end = entries[-1]["end"] if entries else event.starts_at + length
    entries.insert(
        0,
        {
            "uid": f"{event.slug}@{host}",
            "start": event.starts_at,
            "end": end,
            "summary": event.name,
            "description": f"{event.get_format_display()} · {event.get_rel_display()} REL",
            "url": url,
            "location": event.venue,
        },
    )
    return entries
