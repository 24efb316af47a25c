"""The reporting storm's requests (bench/load.py) cost the same number of SQL queries at 20
players as at 2,000 (issue 37): an N+1 in any of them fails here, long before a benchmark run.

Each request is counted cold (caches cleared first) and, where the page answers from the shared
cache, warm. The pins are the counts measured when this test was written; a change that needs one
more query raises the pin in the same commit, with the reason in its message.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament import selectors, services
from tournament.enums import MatchResult, RegistrationStatus, RoundStatus, StaffRole
from tournament.models import Match, PlayerProfile, Registration

#: Most queries each storm request may make, whatever the number of players.
PINS = {
    "report POST": 13,  # +1: does any phone listen to this event (notifications, issue 29)
    "confirm POST": 13,
    "clock GET": 2,
    "event page": 12,
    "event page (warm)": 8,
    "standings API": 7,
    "staff fragment": 14,
}


def _event_with_players(n: int):
    """An event with ``n`` players: round 1 played (results written in bulk), round 2 paired,
    published and its clock running; returns the event, the scorekeeper and one round-2 table."""
    event = EventFactory(status="registration", swiss_rounds=5, top_cut=0)
    organizer = UserFactory()
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    users = [UserFactory.build(username=f"storm-{event.pk}-{i}") for i in range(n)]
    for u in users:
        u.set_unusable_password()
    users = type(users[0]).objects.bulk_create(users)
    profiles = PlayerProfile.objects.bulk_create(
        [
            PlayerProfile(user=u, player_id=f"S{event.pk}-{i:05d}", display_name=f"Player {i:05d}")
            for i, u in enumerate(users)
        ]
    )
    Registration.objects.bulk_create(
        [Registration(event=event, player=p, status=RegistrationStatus.CHECKED_IN) for p in profiles]
    )
    round1 = services.pair_next_round(event, actor=sk)
    services.publish_round(round1, actor=sk)
    Match.objects.filter(round=round1, player_b__isnull=False).update(
        result=MatchResult.A_WINS, games_a=1, games_b=0
    )
    round1.status = RoundStatus.COMPLETE
    round1.save(update_fields=["status"])
    round2 = services.pair_next_round(event, actor=sk)
    services.publish_round(round2, actor=sk)
    services.start_clock(round2, actor=sk)
    match = next(m for m in selectors.matches_for_round(round2) if m.player_b_id is not None)
    return event, sk, round2, match


def _count(client, method: str, url: str, **kw) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(url, **kw)
    assert response.status_code in (200, 304), (url, response.status_code, response.content[:500])
    return len(ctx.captured_queries), response.status_code


def _storm_counts(client, players: int) -> dict[str, int]:
    event, sk, round2, match = _event_with_players(players)
    a_token = Token.objects.create(user=match.player_a.player.user).key
    b_token = Token.objects.create(user=match.player_b.player.user).key
    counts: dict[str, int] = {}
    cache.clear()
    counts["event page"], _ = _count(client, "get", f"/events/{event.slug}/")
    counts["clock GET"], _ = _count(client, "get", f"/api/events/{event.slug}/rounds/{round2.number}/clock/")
    counts["standings API"], _ = _count(client, "get", f"/api/events/{event.slug}/standings/")
    counts["report POST"], _ = _count(
        client,
        "post",
        f"/api/matches/{match.pk}/report/",
        data={"result": "a", "games_a": 1, "games_b": 0},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {a_token}",
    )
    counts["confirm POST"], _ = _count(
        client,
        "post",
        f"/api/matches/{match.pk}/confirm/",
        data={},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {b_token}",
    )
    client.force_login(sk)
    # A session's first page also looks up the account's language once (docs/i18n.md); the
    # fragment is polled every few seconds, so the pin is for the polls after it.
    client.get(f"/events/{event.slug}/staff/live/")
    counts["staff fragment"], _ = _count(client, "get", f"/events/{event.slug}/staff/live/")
    client.logout()
    counts["event page (warm)"], _ = _count(client, "get", f"/events/{event.slug}/")
    match.refresh_from_db()
    assert match.result == MatchResult.A_WINS and match.confirmed_at is not None
    return counts


@pytest.mark.django_db
def test_storm_requests_do_not_grow_with_the_field(client):
    small = _storm_counts(client, 20)
    large = _storm_counts(client, 2000)
    for players, counts in ((20, small), (2000, large)):
        over = {k: (v, PINS[k]) for k, v in counts.items() if k in PINS and v > PINS[k]}
        assert not over, f"{players} players: queries over their pins {over} (all: {counts})"
        assert counts["event page (warm)"] <= counts["event page"]
    grown = {k: (small[k], large[k]) for k in small if large[k] > small[k]}
    # (the first event of the test may pay a query the second finds cached, such as a content type)
    assert not grown, f"query counts grow with the field (20 players, 2,000 players): {grown}"
