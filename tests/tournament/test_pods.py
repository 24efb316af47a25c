"""Ultimate Pit Fight and social pods at an event (TR&P 9.3; issue 32): seating, reporting by a
player and confirmation by the others, staff entry, round completion, standings, permissions."""

from __future__ import annotations

import os
import random

import pytest

from core.errors import ConflictError, DomainError, NotAllowed
from core.models import AuditEntry
from tests.conftest import login_in_browser
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.enums import FormatCode, RoundStatus, StaffRole
from tournament.models import Pod, Round


def _event(n: int, **fields):
    event = EventFactory(status="registration", format=FormatCode.UPF, round_minutes=35, **fields)
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    regs = [
        RegistrationFactory(
            event=event, player=PlayerProfileFactory(user=UserFactory(), display_name=f"P{i:02d}")
        )
        for i in range(n)
    ]
    return event, sk, regs


def _play_round(event, sk, rng) -> Round:
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    for pod in Pod.objects.filter(round=rnd).prefetch_related("seats__registration__player__user"):
        seats = list(pod.seats.all())
        if len(seats) == 1:
            continue
        places = list(range(1, len(seats) + 1))
        rng.shuffle(places)
        reporter = seats[0].registration.player.user
        services.report_pod_result(
            pod, actor=reporter, places={s.registration_id: p for s, p in zip(seats, places)}
        )
        for seat in seats[1:]:
            services.confirm_pod_result(pod, actor=seat.registration.player.user)
    rnd.refresh_from_db()
    return rnd


@pytest.mark.django_db
def test_a_16_player_upf_event_runs_in_pods_of_four_without_repeats(staffed_event):
    event, sk, regs = _event(16)
    assert services.uses_pods(event)
    rng = random.Random(3)
    met: dict[int, set[int]] = {r.pk: set() for r in regs}
    for number in (1, 2, 3):
        rnd = _play_round(event, sk, rng)
        assert rnd.status == RoundStatus.COMPLETE, f"round {number} did not close"
        pods = list(Pod.objects.filter(round=rnd).prefetch_related("seats"))
        assert sorted(len(p.seats.all()) for p in pods) == [4, 4, 4, 4]
        for pod in pods:
            ids = [s.registration_id for s in pod.seats.all()]
            assert [s.seat for s in pod.seats.all()] == [1, 2, 3, 4]
            for a in ids:
                assert not (met[a] & (set(ids) - {a})), "a repeat pod-mate in the first rounds"
                met[a] |= set(ids) - {a}
    rows = services.event_pod_standings(event)
    assert len(rows) == 16
    assert [row.rank for row, _reg in rows] == list(range(1, 17))
    assert rows[0][0].points >= rows[-1][0].points
    assert sum(row.points for row, _ in rows) == 3 * 4 * (3 + 2 + 1 + 0)


@pytest.mark.django_db
def test_13_players_sit_as_the_policy_says(staffed_event):
    event, sk, _ = _event(13)
    rnd = services.pair_next_round(event, actor=sk)
    assert sorted(p.seats.count() for p in rnd.pods.all()) == [4, 4, 5]
    event2, sk2, _ = _event(13, pod_policy="threes")
    rnd2 = services.pair_next_round(event2, actor=sk2)
    assert sorted(p.seats.count() for p in rnd2.pods.all()) == [3, 3, 3, 4]


@pytest.mark.django_db
def test_a_player_reports_the_others_confirm_and_outsiders_cannot(staffed_event):
    event, sk, regs = _event(4)
    rnd = services.pair_next_round(event, actor=sk)
    pod = rnd.pods.get()
    seats = list(pod.seats.select_related("registration__player__user"))
    users = [s.registration.player.user for s in seats]
    places = {s.registration_id: i for i, s in enumerate(seats, start=1)}
    with pytest.raises(DomainError, match="results go in while it runs"):
        services.report_pod_result(pod, actor=users[0], places=places)
    services.publish_round(rnd, actor=sk)
    with pytest.raises(NotAllowed):
        services.report_pod_result(pod, actor=UserFactory(), places=places)
    with pytest.raises(DomainError, match="missing"):
        services.report_pod_result(pod, actor=users[0], places=dict(list(places.items())[:3]))
    with pytest.raises(DomainError, match="from 1 to 4"):
        services.report_pod_result(pod, actor=users[0], places={**places, seats[0].registration_id: 7})
    with pytest.raises(DomainError, match="first"):
        services.report_pod_result(pod, actor=users[0], places=dict.fromkeys(places, 2))
    pod = services.report_pod_result(pod, actor=users[0], places=places)
    with pytest.raises(ConflictError):
        services.confirm_pod_result(pod, actor=users[1], expected_version=pod.version - 1)
    for user in users[1:3]:
        services.confirm_pod_result(pod, actor=user)
    rnd.refresh_from_db()
    assert rnd.status != RoundStatus.COMPLETE  # one confirmation is still missing
    services.confirm_pod_result(pod, actor=users[3])
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE
    assert AuditEntry.objects.filter(event_id=event.pk, action="pod.result").count() == 1
    assert AuditEntry.objects.filter(event_id=event.pk, action="pod.confirm").count() == 3


@pytest.mark.django_db
def test_staff_entry_is_final_and_ties_share_a_place(staffed_event):
    event, sk, regs = _event(4)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    pod = rnd.pods.get()
    seats = list(pod.seats.all())
    tied = {
        seats[0].registration_id: 1,
        seats[1].registration_id: 1,
        seats[2].registration_id: 3,
        seats[3].registration_id: 4,
    }
    services.report_pod_result(pod, actor=sk, places=tied)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE
    points = {reg.pk: row.points for row, reg in services.event_pod_standings(event)}
    assert points[seats[0].registration_id] == points[seats[1].registration_id] == 3
    assert points[seats[2].registration_id] == 1 and points[seats[3].registration_id] == 0


@pytest.mark.django_db
def test_a_lone_player_gets_a_bye_and_social_play_keeps_no_standings(staffed_event):
    event, sk, _ = _event(5, pod_play="social", pod_policy="threes")
    event.format = FormatCode.CLASSIC_CONSTRUCTED
    event.save()
    assert services.uses_pods(event)
    rnd = services.pair_next_round(event, actor=sk)
    assert sorted(p.seats.count() for p in rnd.pods.all()) == [5]
    assert services.event_pod_standings(event) == []
    one, sk1, _ = _event(1)
    rnd1 = services.pair_next_round(one, actor=sk1)
    bye = rnd1.pods.get()
    assert bye.report_status == "confirmed" and bye.seats.get().place == 1


@pytest.mark.django_db
def test_bad_pod_points_are_refused_by_name(staffed_event):
    event, _sk, _ = _event(4)
    organizer = UserFactory()
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    with pytest.raises(DomainError, match="pod points"):
        services.update_event(event, actor=organizer, pod_points="3,x,1")
    with pytest.raises(DomainError, match="never worth more"):
        services.update_event(event, actor=organizer, pod_points="1,2,3")
    services.update_event(event, actor=organizer, pod_points="4,2,1")
    event.refresh_from_db()
    assert event.pod_points == "4,2,1"


SHOTS = os.environ.get("ARBITER_SCREENSHOTS")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_16_player_upf_round_reported_and_confirmed_on_phones(live_server, phone_page):
    """Staff seat and publish; at one table a player reports the places on their phone and the
    three others confirm on theirs; the other tables are entered by staff; standings appear."""
    event, sk, regs = _event(16)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    pods = list(Pod.objects.filter(round=rnd).prefetch_related("seats__registration__player__user"))
    first = pods[0]
    seats = list(first.seats.all())
    page = phone_page
    login_in_browser(
        page,
        live_server,
        seats[0].registration.player.user.username,
        "pw-" + seats[0].registration.player.user.username,
    )
    page.goto(f"{live_server.url}/events/{event.slug}/")
    text = page.inner_text("[data-my-pod]")
    assert f"table {first.number}" in text and "on your left" in text
    left, right = seats[-1].registration.player.display_name, seats[1].registration.player.display_name
    assert left in text and right in text  # neighbours, around the table
    for i, seat in enumerate(seats, start=1):
        page.select_option(f"select[name=place_{seat.registration_id}]", str(i))
    page.click("[data-pod-report] button[type=submit]")
    page.wait_for_selector("text=Places at table")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "pod-report-390.png"), full_page=True)
    for seat in seats[1:]:
        user = seat.registration.player.user
        page.context.clear_cookies()
        login_in_browser(page, live_server, user.username, "pw-" + user.username)
        page.goto(f"{live_server.url}/events/{event.slug}/")
        page.click("[data-pod-confirm]")
        page.wait_for_selector("text=You confirmed the places")
    for pod in pods[1:]:  # every other table too, each on its players' phones
        others = list(pod.seats.all())
        reporter = others[0].registration.player.user
        page.context.clear_cookies()
        login_in_browser(page, live_server, reporter.username, "pw-" + reporter.username)
        page.goto(f"{live_server.url}/events/{event.slug}/")
        for i, seat in enumerate(others, start=1):
            page.select_option(f"select[name=place_{seat.registration_id}]", str(i))
        page.click("[data-pod-report] button[type=submit]")
        page.wait_for_selector("text=Places at table")
        for seat in others[1:]:
            user = seat.registration.player.user
            page.context.clear_cookies()
            login_in_browser(page, live_server, user.username, "pw-" + user.username)
            page.goto(f"{live_server.url}/events/{event.slug}/")
            page.click("[data-pod-confirm]")
            page.wait_for_selector("text=You confirmed the places")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE
    page.goto(f"{live_server.url}/events/{event.slug}/")
    standings = page.inner_text("#pod-standings")
    assert seats[0].registration.player.display_name in standings
    rows = page.locator("#pod-standings tbody tr")
    assert rows.count() == 16
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "pod-standings-390.png"), full_page=True)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["pairings-table", "pairings-name", "standings", "slips"])
def test_pod_papers_show_seats_neighbours_places_and_standings(kind, client):
    """The paper of a pod round, through the same page any visitor uses, without overlapping words."""
    from tests.pdf_words import PDFTOTEXT, overlapping_words

    if PDFTOTEXT is None:
        pytest.skip("poppler-utils (pdftotext) is not installed")
    import subprocess

    event, sk, regs = _event(9)
    rng = random.Random(1)
    _play_round(event, sk, rng)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    client.force_login(sk)
    response = client.get(f"/events/{event.slug}/pdf/{kind}/?round={2 if kind != 'standings' else 1}")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pdf = b"".join(response.streaming_content) if response.streaming else response.content
    out = os.environ.get("ARBITER_PDF_DUMP")
    if out:
        with open(os.path.join(out, f"pods-{kind}.pdf"), "wb") as fh:
            fh.write(pdf)
    text = subprocess.run(
        [PDFTOTEXT, "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    first = rnd.pods.order_by("number").first()
    names = [s.registration.player.display_name for s in first.seats.select_related("registration__player")]
    if kind == "standings":
        assert "Points" in text and all(r.player.display_name in text for r in regs)
    else:
        assert all(n in text for n in names), text[:500]
    if kind == "pairings-name":
        assert "Left" in text and "Right" in text
    if kind == "slips":
        assert "Place" in text and "Table" in text
    assert overlapping_words(pdf) == []


@pytest.mark.django_db
def test_the_api_reports_confirms_and_lists(client):
    from rest_framework.test import APIClient

    event, sk, regs = _event(4)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    api = APIClient()
    listed = api.get(f"/api/events/{event.slug}/rounds/1/pods/").json()
    assert len(listed) == 1 and [s["seat"] for s in listed[0]["seats"]] == [1, 2, 3, 4]
    assert all("player_id" not in s for s in listed[0]["seats"])  # the public never sees IDs
    pod = listed[0]
    users = {r.pk: r.player.user for r in regs}
    places = {str(s["registration"]): i for i, s in enumerate(pod["seats"], start=1)}
    api.force_authenticate(UserFactory())
    assert api.post(f"/api/pods/{pod['id']}/report/", {"places": places}, format="json").status_code == 403
    reporter = users[pod["seats"][0]["registration"]]
    api.force_authenticate(reporter)
    bad = api.post(f"/api/pods/{pod['id']}/report/", {"places": {**places, "999999": 1}}, format="json")
    assert bad.status_code == 400 and "not seated" in bad.json()["detail"]
    answer = api.post(f"/api/pods/{pod['id']}/report/", {"places": places}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "reported"
    for seat in pod["seats"][1:]:
        api.force_authenticate(users[seat["registration"]])
        answer = api.post(f"/api/pods/{pod['id']}/confirm/", {}, format="json")
        assert answer.status_code == 200
    assert answer.json()["status"] == "confirmed"
    rows = APIClient().get(f"/api/events/{event.slug}/pod-standings/").json()["rows"]
    assert [r["points"] for r in rows] == [3, 2, 1, 0]


@pytest.mark.django_db
def test_winner_only_reporting_and_the_why_ranked_explanation(client):
    event, sk, regs = _event(8, pod_points="3,0")
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    pods = list(rnd.pods.prefetch_related("seats__registration__player__user"))
    first = pods[0]
    seats = list(first.seats.all())
    winner = seats[2].registration
    client.force_login(seats[0].registration.player.user)
    response = client.post(
        f"/events/{event.slug}/pods/{first.pk}/report/", {"winner": winner.pk, "version": first.version}
    )
    assert response.status_code == 302
    first.refresh_from_db()
    assert {s.registration_id: s.place for s in first.seats.all()} == {
        s.registration_id: (1 if s.registration_id == winner.pk else 2) for s in seats
    }
    with pytest.raises(DomainError, match="not seated"):
        services.report_pod_result(pods[1], actor=sk, places={"winner": winner.pk})
    services.report_pod_result(first, actor=sk, places={"winner": winner.pk})
    services.report_pod_result(pods[1], actor=sk, places={"winner": pods[1].seats.first().registration_id})
    points = {reg.pk: row.points for row, reg in services.event_pod_standings(event)}
    assert points[winner.pk] == 3 and points[seats[0].registration_id] == 0
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "data-why-ranked" in page and "this decides" in page


@pytest.mark.django_db
def test_an_unavoidable_keep_apart_at_a_pod_is_shown_before_publishing(client):
    event, sk, regs = _event(4)
    services.keep_apart(event, first=regs[0], second=regs[1], actor=sk, reason="siblings")
    rnd = services.pair_next_round(event, actor=sk)
    client.force_login(sk)
    page = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert "data-kept-apart-met" in page and regs[0].player.display_name in page
    assert rnd.status == RoundStatus.PAIRED


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_13_players_are_seated_4_4_5_on_the_page(live_server, phone_page):
    event, sk, regs = _event(13)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    phone_page.goto(f"{live_server.url}/events/{event.slug}/")
    sizes = sorted(
        phone_page.evaluate(
            "() => [...document.querySelectorAll('#pods tr[data-pod]')].map(r => r.querySelectorAll('[data-reg]').length)"
        )
    )
    assert sizes == [4, 4, 5]
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.django_db
def test_a_player_who_drops_mid_round_is_not_waited_for():
    event, sk, regs = _event(4)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    pod = rnd.pods.get()
    seats = list(pod.seats.select_related("registration__player__user"))
    places = {s.registration_id: i for i, s in enumerate(seats, start=1)}
    pod = services.report_pod_result(pod, actor=seats[0].registration.player.user, places=places)
    services.drop_registration(seats[3].registration, actor=sk)
    services.confirm_pod_result(pod, actor=seats[1].registration.player.user)
    rnd.refresh_from_db()
    assert rnd.status != RoundStatus.COMPLETE
    services.confirm_pod_result(pod, actor=seats[2].registration.player.user)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE  # the dropped player's confirmation is not needed
    assert seats[3].registration_id in {reg.pk for _row, reg in services.event_pod_standings(event)}
