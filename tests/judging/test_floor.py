"""The judges' floor view (issue 30): zones, what each judge sees, the sweep, 304 while nothing
changed."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from core.errors import DomainError, NotAllowed
from core.models import AuditEntry
from judging import floor
from judging.models import FloorZone
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from tests.factories import (
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.judging.conftest import make_world
from tournament import services as tournament_services
from tournament.enums import MatchResult, StaffRole
from tournament.models import FeatureTable


def _hall(tables=20):
    """make_world's event with ``tables`` tables in round 1 and two more floor judges."""
    w = make_world()
    for n in range(2, tables + 1):
        a = RegistrationFactory(event=w.event, player=PlayerProfileFactory(display_name=f"A{n}"))
        b = RegistrationFactory(event=w.event, player=PlayerProfileFactory(display_name=f"B{n}"))
        MatchFactory(round=w.round, table_number=n, player_a=a, player_b=b)
    w.fj2 = UserFactory(username=f"fj2-{w.event.slug}")
    StaffAssignmentFactory(event=w.event, user=w.fj2, role=StaffRole.FLOOR_JUDGE)
    return w


def _tables(view, zone_name):
    zone = next(z for z in view.zones if z.name == zone_name)
    return [t.table for t in zone.tables]


# --------------------------------------------------------------------------- table ranges


@pytest.mark.parametrize(
    "text, ranges",
    [
        ("1-40, 55", [[1, 40], [55, 55]]),
        ("1 - 40;55", [[1, 40], [55, 55]]),
        ("1 to 10, 11-20", [[1, 20]]),  # adjacent ranges merge
        ("55 56 57", [[55, 57]]),
        ("30-40, 1-10, 35-45", [[1, 10], [30, 45]]),
        ("7", [[7, 7]]),
        ("1–12", [[1, 12]]),  # an en dash, as phones type it
        ("", []),
    ],
)
def test_parse_tables_reads_what_people_write(text, ranges):
    assert floor.parse_tables(text) == ranges
    assert floor.parse_tables(floor.tables_text(ranges)) == ranges


@pytest.mark.parametrize(
    "text, words",
    [
        ("40-1", "runs backwards"),
        ("A-F", "'A-F' is not a table"),
        ("0-5", "from 1 to"),
        ("1-99999", "from 1 to"),
    ],
)
def test_parse_tables_names_what_is_wrong(text, words):
    with pytest.raises(DomainError) as err:
        floor.parse_tables(text)
    assert words in err.value.message and err.value.field == "tables"


# --------------------------------------------------------------------------- zones


@pytest.mark.django_db
def test_head_judge_divides_the_floor_and_it_is_audited():
    w = _hall()
    zone = floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-10", judges=[w.fj.pk])
    assert (zone.tables, [j.pk for j in zone.judges.all()]) == ([[1, 10]], [w.fj.pk])
    entry = AuditEntry.objects.get(action="floor_zone.save")
    assert entry.actor == w.hj and entry.before is None
    assert entry.after == {"name": "Zone A", "tables": "1-10", "feature": False, "judges": [w.fj.username]}

    floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-12", judges=[w.fj.pk, w.fj2.pk], zone=zone)
    change = AuditEntry.objects.filter(action="floor_zone.save").latest("id")
    assert change.before["tables"] == "1-10" and change.after["tables"] == "1-12"
    assert sorted(change.after["judges"]) == sorted([w.fj.username, w.fj2.username])

    floor.delete_zone(zone, actor=w.to)  # the organizer may too
    assert not FloorZone.objects.exists()
    assert AuditEntry.objects.filter(action="floor_zone.delete", actor=w.to).exists()


@pytest.mark.django_db
def test_a_floor_judge_or_scorekeeper_cannot_divide_the_floor():
    w = _hall()
    for who in (w.fj, w.sk):
        with pytest.raises(NotAllowed):
            floor.save_zone(w.event, actor=who, name="Mine", tables="1-20", judges=[who.pk])
    assert not FloorZone.objects.exists()


@pytest.mark.django_db
def test_zones_never_share_a_table_and_only_judges_are_assigned():
    w = _hall()
    floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-10", judges=[w.fj.pk], feature=True)
    with pytest.raises(DomainError, match="tables 8-10 are already in Zone A"):
        floor.save_zone(w.event, actor=w.hj, name="Zone B", tables="8-20")
    with pytest.raises(DomainError, match="already a zone called 'Zone A'"):
        floor.save_zone(w.event, actor=w.hj, name="zone a", tables="11-20")
    with pytest.raises(DomainError, match="feature tables are already in Zone A"):
        floor.save_zone(w.event, actor=w.hj, name="Zone B", tables="11-20", feature=True)
    with pytest.raises(DomainError, match=f"not a judge at this event: {w.sk.username}"):
        floor.save_zone(w.event, actor=w.hj, name="Zone B", tables="11-20", judges=[w.sk.pk])
    with pytest.raises(DomainError, match="give the zone's tables"):
        floor.save_zone(w.event, actor=w.hj, name="Zone B", tables=" ")
    assert FloorZone.objects.count() == 1


# --------------------------------------------------------------------------- the view


@pytest.mark.django_db
def test_a_floor_judge_sees_only_their_zone_the_head_judge_every_table():
    w = _hall()
    floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-10", judges=[w.fj.pk])
    floor.save_zone(w.event, actor=w.hj, name="Zone B", tables="11-16", judges=[w.fj2.pk])

    mine = floor.floor_view(w.event, w.fj)
    assert [z.name for z in mine.zones] == ["Zone A"] and not mine.whole_floor
    assert _tables(mine, "Zone A") == list(range(1, 11))

    head = floor.floor_view(w.event, w.hj)
    assert [z.name for z in head.zones] == ["Zone A", "Zone B", "No zone"]
    assert _tables(head, "No zone") == [17, 18, 19, 20]

    # A judge without a zone is shown the whole floor, and told why.
    loose = UserFactory()
    StaffAssignmentFactory(event=w.event, user=loose, role=StaffRole.FLOOR_JUDGE)
    theirs = floor.floor_view(w.event, loose)
    assert theirs.unassigned_judge and [z.name for z in theirs.zones] == ["Zone A", "Zone B", "No zone"]


@pytest.mark.django_db
def test_calls_deck_checks_extensions_and_the_feature_table_land_in_their_zone():
    w = _hall()
    FeatureTable.objects.create(event=w.event, table_number=20, name="Feature")
    floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-10", judges=[w.fj.pk])
    floor.save_zone(w.event, actor=w.hj, name="Stage", tables="", feature=True, judges=[w.fj2.pk])
    call_services.open_call(w.event, actor=w.fj, table_number=4, question="pitch order?")
    call_services.open_call(w.event, actor=w.fj, table_number=20)
    call_services.open_call(w.event, actor=w.fj, table_number=15)  # in no zone
    match7 = w.round.matches.get(table_number=7)
    tournament_services.add_match_extension(match7, seconds=180, reason="deck check", actor=w.hj)
    deck_check_services.create_deck_check(match7.player_a, judge=w.fj, match=match7)  # collected: in progress

    view = floor.floor_view(w.event, w.fj)
    (zone,) = view.zones
    assert [c["table"] for c in zone.calls] == [4]
    assert zone.calls[0]["question"] == "pitch order?"
    assert [(t.table, t.extension_minutes) for t in zone.extended] == [(7, 3)]
    assert [d["table"] for d in zone.deck_checks] == [7]

    stage = floor.floor_view(w.event, w.fj2)
    assert _tables(stage, "Stage") == [20] and [c["table"] for c in stage.zones[0].calls] == [20]

    head = floor.floor_view(w.event, w.hj)
    assert [c["table"] for c in next(z for z in head.zones if z.name == "No zone").calls] == [15]


@pytest.mark.django_db
def test_tables_still_playing_are_listed_in_the_last_minutes_with_their_own_time():
    w = _hall(tables=4)
    rnd = w.round
    rnd.clock_state, rnd.started_at, rnd.duration_seconds = "running", timezone.now(), 55 * 60
    rnd.save()
    assert not floor.floor_view(w.event, w.fj).late
    tournament_services.enter_result(w.match, actor=w.sk, result=MatchResult.A_WINS, games_a=2)
    match3 = rnd.matches.get(table_number=3)
    tournament_services.add_match_extension(match3, seconds=300, reason="ruling", actor=w.hj)

    rnd.started_at = timezone.now() - timedelta(minutes=50)
    rnd.save()
    view = floor.floor_view(w.event, w.fj)
    assert view.late and not view.time_called
    (zone,) = view.zones
    assert [t.table for t in zone.playing] == [2, 3, 4]  # table 1 has its result
    left = {t.table: t.remaining_seconds for t in zone.playing}
    assert 4 * 60 < left[2] <= 5 * 60 and left[3] - left[2] == pytest.approx(300)


# --------------------------------------------------------------------------- pages


@pytest.mark.django_db
def test_floor_pages_are_for_judges_and_the_organizer_only(client):
    w = _hall(tables=3)
    url = reverse("judging:floor", args=[w.event.slug])
    for user, status in ((w.fj, 200), (w.hj, 200), (w.to, 200), (w.sk, 403)):
        client.force_login(user)
        assert client.get(url).status_code == status, user
    player = UserFactory()
    w.alice.player.user = player
    w.alice.player.save()
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert client.get(reverse("judging:floor_live", args=[w.event.slug])).status_code == 403
    client.logout()
    assert client.get(reverse("judging:floor_live", args=[w.event.slug])).status_code == 401


@pytest.mark.django_db
def test_zone_editor_posts_and_errors_name_the_problem(client):
    w = _hall()
    client.force_login(w.hj)
    url = reverse("judging:floor_zone", args=[w.event.slug])
    client.post(url, {"name": "Zone A", "tables": "1-10", "judges": [w.fj.pk]})
    zone = FloorZone.objects.get()
    answer = client.post(url, {"name": "Zone B", "tables": "5-12"}, follow=True)
    assert "tables 5-10 are already in Zone A" in answer.content.decode()
    client.post(url, {"zone": zone.pk, "name": "Zone A", "tables": "1-8", "judges": [w.fj.pk, w.fj2.pk]})
    zone.refresh_from_db()
    assert zone.tables == [[1, 8]] and zone.judges.count() == 2
    client.force_login(w.fj)
    client.post(url, {"zone": zone.pk, "delete": "1"})
    assert FloorZone.objects.filter(pk=zone.pk).exists()  # a floor judge may not remove it
    client.force_login(w.hj)
    client.post(url, {"zone": zone.pk, "delete": "1"})
    assert not FloorZone.objects.exists()


@pytest.mark.django_db
def test_floor_live_answers_304_until_something_it_shows_changes(client):
    w = _hall(tables=6)
    floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-3", judges=[w.fj.pk])
    client.force_login(w.fj)
    url = reverse("judging:floor_live", args=[w.event.slug])
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and 'data-zone="Zone A"' in first.content.decode()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert len(queries) <= 12, [q["sql"] for q in queries]

    changes = [
        lambda: call_services.open_call(w.event, actor=w.fj, table_number=2),
        lambda: tournament_services.add_match_extension(
            w.round.matches.get(table_number=5), seconds=60, reason="x", actor=w.hj
        ),
        lambda: tournament_services.enter_result(w.match, actor=w.sk, result=MatchResult.A_WINS, games_a=2),
        lambda: floor.save_zone(
            w.event, actor=w.hj, name="Zone A", tables="1-4", zone=FloorZone.objects.get(), judges=[w.fj.pk]
        ),
    ]
    for change in changes:
        change()
        answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert answer.status_code == 200, change
        etag = answer["ETag"]
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # The sweep is another view of the same zone: another ETag.
    assert client.get(url + "?sweep=1", HTTP_IF_NONE_MATCH=etag).status_code == 200


@pytest.mark.django_db
def test_sweep_lists_unfinished_tables_in_order_with_extra_time(client):
    w = _hall(tables=5)
    floor.save_zone(w.event, actor=w.hj, name="Zone A", tables="1-5", judges=[w.fj.pk])
    tournament_services.enter_result(
        w.round.matches.get(table_number=2), actor=w.sk, result=MatchResult.B_WINS, games_b=2
    )
    tournament_services.add_match_extension(
        w.round.matches.get(table_number=4), seconds=240, reason="judge call", actor=w.hj
    )
    client.force_login(w.fj)
    page = client.get(reverse("judging:floor", args=[w.event.slug]) + "?sweep=1").content.decode()
    rows = [int(part.split('"')[0]) for part in page.split('<tr data-table="')[1:]]
    assert rows == [1, 3, 4, 5]
    assert "+4 min" in page and "End-of-round sweep" in page


@pytest.mark.django_db
def test_judges_polls_share_one_floor_token_for_the_microcache_seconds(client, settings):
    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 30
    w = _hall(tables=4)
    url = reverse("judging:floor_live", args=[w.event.slug])
    client.force_login(w.fj)
    etag = client.get(url)["ETag"]
    client.force_login(w.fj2)
    client.get(url)
    client.force_login(w.fj)
    with CaptureQueriesContext(connection) as again:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    aggregates = [q for q in again if "COUNT(" in q["sql"].upper() or "MAX(" in q["sql"].upper()]
    assert aggregates == [], [q["sql"] for q in aggregates]
    # The token is shared, not frozen: with the cache emptied a change shows at once.
    cache.clear()
    call_services.open_call(w.event, actor=w.fj, table_number=2)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


@pytest.mark.django_db
def test_a_call_left_open_from_an_earlier_round_is_not_put_at_this_rounds_table():
    from tests.factories import RoundFactory

    w = _hall(tables=3)
    call_services.open_call(w.event, actor=w.fj, table_number=2)  # round 1's table 2
    w.round.status = "complete"
    w.round.save()
    second = RoundFactory(event=w.event, number=2, status="in_progress")
    MatchFactory(round=second, table_number=2, player_a=w.alice, player_b=w.bob)
    (zone,) = floor.floor_view(w.event, w.hj).zones
    assert zone.calls == [] and [t.table for t in zone.tables] == [2]


@pytest.mark.django_db
def test_a_pod_events_tables_are_its_pods():
    from tests.tournament.test_pods import _event as pod_event

    event, sk, regs = pod_event(8)
    hj = UserFactory()
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    rnd = tournament_services.pair_next_round(event, actor=sk)
    tournament_services.publish_round(rnd, actor=sk)
    floor.save_zone(event, actor=hj, name="Pods", tables="1-2")
    before = floor.floor_token(event, rnd)
    (zone,) = floor.floor_view(event, hj).zones
    assert [t.table for t in zone.playing] == [1, 2]
    assert all(len(t.names.split(" · ")) == 4 for t in zone.playing)
    pod = rnd.pods.get(number=1)
    seats = list(pod.seats.select_related("registration__player__user"))
    tournament_services.report_pod_result(
        pod,
        actor=seats[0].registration.player.user,
        places={s.registration_id: i for i, s in enumerate(seats, start=1)},
    )
    assert floor.floor_token(event, rnd) != before
    (zone,) = floor.floor_view(event, hj).zones
    assert [t.table for t in zone.tables if t.reported] == [1]
