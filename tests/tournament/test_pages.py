"""Event pages for every role: what each one sees and may do, and constant query counts."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import MatchResult, ReportStatus, RoundStatus, StaffRole
from tournament.models import Match, Round


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Factories hash a password per user; a fast hasher keeps 128-player events quick to build."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Page fragments are cached by result state; ids are reused between tests, so start empty."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def table_rows(html: str, css_class: str) -> list[list[str]]:
    """The body rows of ``<table class="css_class">`` as lists of cell texts."""
    body = re.search(rf'<table class="{css_class}">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    rows = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [
            unescape(re.sub(r"<[^>]+>", "", td)).strip()
            for td in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        ]
        rows.append(cells)
    return rows


def build_running_event(n_players: int, *, event=None):
    """Round 1 complete (A always wins), round 2 published with every result pending."""
    event = event or EventFactory(swiss_rounds=3, top_cut=0)
    regs = [
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"Player {i:04d}"))
        for i in range(n_players)
    ]
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    r2 = RoundFactory(event=event, number=2, status=RoundStatus.PUBLISHED)
    half = n_players // 2
    for t in range(half):
        MatchFactory(
            round=r1,
            table_number=t + 1,
            player_a=regs[2 * t],
            player_b=regs[2 * t + 1],
            result=MatchResult.A_WINS,
            games_a=1,
            report_status=ReportStatus.STAFF,
        )
    winners, losers = regs[0::2], regs[1::2]
    order = winners + losers
    for t in range(half):
        MatchFactory(round=r2, table_number=t + 1, player_a=order[2 * t], player_b=order[2 * t + 1])
    return event, regs, r1, r2


def client_for(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


# --------------------------------------------------------------------------- public


@pytest.mark.django_db
def test_event_list_shows_events_to_anyone():
    EventFactory(name="Friday Armory")
    response = client_for().get("/events/")
    assert response.status_code == 200
    assert "Friday Armory" in response.content.decode()


@pytest.mark.django_db
def test_public_event_page_shows_qr_pairings_by_name_and_standings():
    event, regs, r1, r2 = build_running_event(8)
    response = client_for().get(f"/events/{event.slug}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "data:image/svg+xml" in html  # the QR code to this page
    assert response.context["round_"].number == 2
    by_name = table_rows(html, "pairings-by-name")
    names = [row[0] for row in by_name]
    assert names == sorted(names) and len(names) == 8
    assert (
        by_name[0][0] == "Player 0000" and by_name[0][1] == "1" and by_name[0][3] == "1"
    )  # table 1, 1 point
    by_table = table_rows(html, "pairings-by-table")
    assert [row[0] for row in by_table] == ["1", "2", "3", "4"]
    assert by_table[0][1:] == ["Player 0000 (1)", "Player 0002 (1)", "playing"]
    # standings after round 1: the four winners first with 1 point each
    standings = table_rows(html, "standings")
    assert response.context["standings_round"] == 1
    assert [row[3] for row in standings] == ["1", "1", "1", "1", "0", "0", "0", "0"]
    assert {row[1] for row in standings[:4]} == {r.player.display_name for r in regs[0::2]}


@pytest.mark.django_db
def test_public_page_hides_unpublished_pairings():
    event, regs, r1, r2 = build_running_event(4)
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.PAIRED)
    response = client_for().get(f"/events/{event.slug}/")
    assert response.context["round_"].number == 1
    assert client_for().get(f"/events/{event.slug}/?round=2").status_code == 404


@pytest.mark.django_db
def test_unknown_event_is_404_not_500():
    assert client_for().get("/events/nope/").status_code == 404
    assert client_for().get("/events/nope/clock.json").status_code == 404


@pytest.mark.django_db
def test_clock_json_is_server_computed():
    event, regs, r1, r2 = build_running_event(4)
    data = client_for().get(f"/events/{event.slug}/clock.json").json()
    assert data["round"] == 2
    assert data["state"] == "not_started"
    assert data["remaining_seconds"] == r2.duration_seconds


@pytest.mark.django_db
def test_clock_page_is_a_projector_page_with_the_pairings():
    event, regs, r1, r2 = build_running_event(4)
    response = client_for().get(f"/events/{event.slug}/clock/")
    html = response.content.decode()
    assert 'class="projector"' in html
    assert "data-clock-url" in html and "clock.js" in html
    assert regs[0].player.display_name in html


# --------------------------------------------------------------------------- role matrix

ROLE_CASES = [
    # (who, staff dashboard, edit page, pair/publish action, clock action)
    ("anonymous", 302, 302, 302, 302),
    ("outsider", 403, 403, 403, 403),
    ("player", 403, 403, 403, 403),
    (StaffRole.FLOOR_JUDGE, 200, 403, 403, 302),
    (StaffRole.SCOREKEEPER, 200, 403, 302, 302),
    (StaffRole.HEAD_JUDGE, 200, 200, 302, 302),
    (StaffRole.ORGANIZER, 200, 200, 302, 302),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("who", "dashboard", "edit", "publish", "clock"), ROLE_CASES)
def test_staff_pages_by_role(who, dashboard, edit, publish, clock):
    event, regs, r1, r2 = build_running_event(4)
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.PAIRED)
    user = None
    if who == "outsider":
        user = UserFactory()
    elif who == "player":
        user = regs[0].player.user
    elif who != "anonymous":
        user = UserFactory()
        StaffAssignmentFactory(event=event, user=user, role=who)
    c = client_for(user)
    assert c.get(f"/events/{event.slug}/staff/").status_code == dashboard
    assert c.get(f"/events/{event.slug}/edit/").status_code == edit
    assert c.post(f"/events/{event.slug}/staff/publish/").status_code == publish
    r2.refresh_from_db()
    assert r2.status == (RoundStatus.PUBLISHED if publish == 302 and user else RoundStatus.PAIRED)
    assert c.post(f"/events/{event.slug}/staff/clock/", {"op": "start"}).status_code == clock
    r2.refresh_from_db()
    started = clock == 302 and user is not None and r2.status != RoundStatus.PAIRED
    assert (r2.clock_state == "running") == started


@pytest.mark.django_db
def test_slips_are_staff_only_but_pairings_pdf_is_public():
    event, regs, r1, r2 = build_running_event(4)
    anon = client_for()
    assert anon.get(f"/events/{event.slug}/pdf/slips/?round=2").status_code == 403
    response = anon.get(f"/events/{event.slug}/pdf/pairings-name/?round=2")
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF-")
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    slips = client_for(sk).get(f"/events/{event.slug}/pdf/slips/?round=2")
    assert slips.status_code == 200 and slips["Content-Type"] == "application/pdf"


@pytest.mark.django_db
def test_unpublished_round_pdf_is_refused_to_the_public():
    event, regs, r1, r2 = build_running_event(4)
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.PAIRED)
    assert client_for().get(f"/events/{event.slug}/pdf/pairings-table/?round=2").status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/pdf/menu/?round=1", "/pdf/slips/?round=9", "/pdf/slips/?round=x", "/export/people.csv"]
)
def test_bad_document_requests_are_404(url):
    event, regs, r1, r2 = build_running_event(4)
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    assert client_for(sk).get(f"/events/{event.slug}{url}").status_code == 404


@pytest.mark.django_db
def test_exports_csv_and_json():
    event, regs, r1, r2 = build_running_event(4)
    c = client_for()
    csv_text = c.get(f"/events/{event.slug}/export/standings.csv").content.decode()
    assert csv_text.splitlines()[0].startswith("rank,player_id,name")
    assert len(csv_text.strip().splitlines()) == 5
    data = c.get(f"/events/{event.slug}/export/results.json").json()
    assert len(data["results"]) == 4  # two in round 1, two pending in round 2
    assert c.get(f"/events/{event.slug}/export/standings.csv?round=x").status_code == 400


# --------------------------------------------------------------------------- player page


@pytest.mark.django_db
def test_player_page_needs_login():
    event, regs, r1, r2 = build_running_event(4)
    response = client_for().get(f"/events/{event.slug}/me/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_player_page_shows_my_table_opponent_record_and_ranking():
    event, regs, r1, r2 = build_running_event(8)
    me = regs[0]
    response = client_for(me.player.user).get(f"/events/{event.slug}/me/")
    assert response.status_code == 200
    match = response.context["match"]
    assert match.table_number == 1
    assert response.context["opponent"].pk == regs[2].pk
    assert response.context["record"] == [
        {"round": 1, "opponent": regs[1].player.display_name, "outcome": "Won 1-0"},
        {"round": 2, "opponent": regs[2].player.display_name, "outcome": "pending"},
    ]
    assert response.context["standing"].match_points == 1
    explanations = response.context["explanations"]
    assert explanations, "why am I ranked here"
    for item in explanations:
        expected = "so they are ahead" if item["label"].startswith("Above me") else "so you are ahead"
        assert expected in item["text"], item
    assert "Table 1" in response.content.decode()


@pytest.mark.django_db
def test_player_reports_and_opponent_confirms():
    event, regs, r1, r2 = build_running_event(4)
    a, b = regs[0], regs[2]
    match = Match.objects.get(round=r2, table_number=1)
    ca, cb = client_for(a.player.user), client_for(b.player.user)
    response = ca.post(f"/events/{event.slug}/me/report/", {"match": match.pk, "outcome": "win"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.result, match.report_status) == ("", ReportStatus.REPORTED)
    assert ca.get(f"/events/{event.slug}/me/").context["auto_refresh"] is True  # waiting for the opponent
    page = cb.get(f"/events/{event.slug}/me/")
    assert page.context["pending_text"] == "that you lost 0-1"  # told from the reader's side
    assert "Your opponent reported <strong data-pending>that you lost 0-1</strong>." in page.content.decode()
    assert page.context["auto_refresh"] is False  # a confirm button to press
    response = cb.post(f"/events/{event.slug}/me/confirm/", {"match": match.pk})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.result, match.report_status) == (MatchResult.A_WINS, ReportStatus.CONFIRMED)


@pytest.mark.django_db
def test_disagreeing_reports_go_to_the_reconciliation_queue():
    event, regs, r1, r2 = build_running_event(4)
    a, b = regs[0], regs[2]
    match = Match.objects.get(round=r2, table_number=1)
    client_for(a.player.user).post(f"/events/{event.slug}/me/report/", {"match": match.pk, "outcome": "win"})
    client_for(b.player.user).post(f"/events/{event.slug}/me/report/", {"match": match.pk, "outcome": "win"})
    match.refresh_from_db()
    assert match.report_status == ReportStatus.DISPUTED
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    dashboard = client_for(sk).get(f"/events/{event.slug}/staff/")
    assert [row["match"].pk for row in dashboard.context["queue"]] == [match.pk]


@pytest.mark.django_db
def test_a_player_cannot_report_someone_elses_match():
    event, regs, r1, r2 = build_running_event(4)
    other = Match.objects.get(round=r2, table_number=2)
    response = client_for(regs[0].player.user).post(
        f"/events/{event.slug}/me/report/", {"match": other.pk, "outcome": "win"}
    )
    assert response.status_code == 400
    other.refresh_from_db()
    assert other.report_status == ""


@pytest.mark.django_db
def test_player_report_with_bad_input_is_400_with_a_message():
    event, regs, r1, r2 = build_running_event(4)
    match = Match.objects.get(round=r2, table_number=1)
    response = client_for(regs[0].player.user).post(
        f"/events/{event.slug}/me/report/", {"match": match.pk, "outcome": "sideways"}
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()


# --------------------------------------------------------------------------- staff: results


def _scorekeeper(event):
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    return client_for(sk)


@pytest.mark.django_db
def test_quick_entry_by_table_answers_json_and_closes_the_round():
    event, regs, r1, r2 = build_running_event(4)
    c = _scorekeeper(event)
    url = f"/events/{event.slug}/staff/result/"
    first = c.post(url, {"entry": "1 1-0"}, HTTP_X_REQUESTED_WITH="fetch")
    assert first.status_code == 200
    assert first.json()["outstanding"] == 1 and first.json()["table"] == 1
    again = c.post(url, {"entry": "1 0-1"}, HTTP_X_REQUESTED_WITH="fetch")
    assert again.status_code == 409 and "already has a result" in again.json()["message"]
    bad = c.post(url, {"entry": "table one"}, HTTP_X_REQUESTED_WITH="fetch")
    assert bad.status_code == 400 and "table number" in bad.json()["message"]
    missing = c.post(url, {"entry": "99 a"}, HTTP_X_REQUESTED_WITH="fetch")
    assert missing.status_code == 400 and "no table 99" in missing.json()["message"]
    last = c.post(url, {"entry": "2 b"})  # plain form post: redirect with a message
    assert last.status_code == 302
    r2.refresh_from_db()
    assert r2.status == RoundStatus.COMPLETE
    dashboard = c.get(f"/events/{event.slug}/staff/")
    assert "data-round-complete" in dashboard.content.decode()


@pytest.mark.django_db
def test_correction_of_an_earlier_round_previews_then_applies():
    event, regs, r1, r2 = build_running_event(4)
    c = _scorekeeper(event)
    url = f"/events/{event.slug}/staff/correct/"
    form = c.get(url, {"round": 1, "table": 1})
    assert form.status_code == 200
    data = {
        "round": 1,
        "table": 1,
        "match": form.context["match"].pk,
        "result": "b",
        "games_a": 0,
        "games_b": 1,
        "games_drawn": 0,
        "reason": "slip was filled in backwards",
    }
    preview = c.post(url, data)
    assert preview.status_code == 200
    changes = preview.context["preview"].standings_changes
    assert {c["name"] for c in changes} >= {regs[0].player.display_name, regs[1].player.display_name}
    assert preview.context["preview"].affected_pairings  # round 2 was paired from the old points
    m = Match.objects.get(round=r1, table_number=1)
    assert m.result == MatchResult.A_WINS  # nothing applied yet
    applied = c.post(url, {**data, "confirm": "on"})
    assert applied.status_code == 302
    m.refresh_from_db()
    assert (m.result, m.games_b) == (MatchResult.B_WINS, 1)


@pytest.mark.django_db
def test_correction_needs_a_reason():
    event, regs, r1, r2 = build_running_event(4)
    c = _scorekeeper(event)
    m = Match.objects.get(round=r1, table_number=1)
    response = c.post(
        f"/events/{event.slug}/staff/correct/",
        {
            "round": 1,
            "table": 1,
            "match": m.pk,
            "result": "b",
            "games_a": 0,
            "games_b": 1,
            "games_drawn": 0,
            "reason": "",
        },
    )
    assert response.status_code == 400


@pytest.mark.django_db
def test_staff_registers_checks_in_and_drops_players():
    event = EventFactory()
    c = _scorekeeper(event)
    response = c.post(
        f"/events/{event.slug}/staff/register/", {"player_id": "GEM-777", "display_name": "Nina"}
    )
    assert response.status_code == 302
    reg = event.registrations.get()
    assert (reg.player.display_name, reg.status) == ("Nina", "registered")
    c.post(f"/events/{event.slug}/staff/registration/", {"registration": reg.pk, "op": "check_in"})
    reg.refresh_from_db()
    assert reg.status == "checked_in"
    c.post(f"/events/{event.slug}/staff/registration/", {"registration": reg.pk, "op": "drop"})
    reg.refresh_from_db()
    assert reg.status == "dropped"
    dup = c.post(f"/events/{event.slug}/staff/register/", {"player_id": "GEM-777"}, follow=True)
    assert "already registered" in dup.content.decode()


@pytest.mark.django_db
def test_only_the_head_judge_disqualifies():
    event, regs, r1, r2 = build_running_event(4)
    sk = _scorekeeper(event)
    response = sk.post(
        f"/events/{event.slug}/staff/registration/",
        {"registration": regs[0].pk, "op": "disqualify", "reason": "cheating"},
    )
    assert response.status_code == 403
    hj = UserFactory()
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    response = client_for(hj).post(
        f"/events/{event.slug}/staff/registration/",
        {"registration": regs[0].pk, "op": "disqualify", "reason": "cheating"},
    )
    assert response.status_code == 302
    regs[0].refresh_from_db()
    assert regs[0].status == "disqualified"


# --------------------------------------------------------------------------- N+1 guards
#
# Each page is loaded at 16 and at 128 players; the larger event must use exactly the number
# of queries of the smaller one (django_assert_num_queries). The counts include the event-core
# selectors, so they are measured rather than hard-coded, with a ceiling to catch drift.


def _queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_event_page_queries_do_not_grow_with_players(django_assert_num_queries):
    from django.core.cache import cache

    small, *_ = build_running_event(16)
    big, *_ = build_running_event(128)
    c = client_for()
    cold = _queries(c, f"/events/{small.slug}/")
    warm = _queries(c, f"/events/{small.slug}/")
    assert warm < cold <= 12
    with django_assert_num_queries(cold):
        response = c.get(f"/events/{big.slug}/")
    assert response.context["pairings"]["count"] == 128
    assert response.context["standings"]["count"] == 128
    with django_assert_num_queries(warm):
        c.get(f"/events/{big.slug}/")
    cache.clear()


@pytest.mark.django_db
def test_clock_page_queries_do_not_grow_with_players(django_assert_num_queries):
    small, *_ = build_running_event(16)
    big, *_ = build_running_event(128)
    c = client_for()
    count = _queries(c, f"/events/{small.slug}/clock/")
    assert count <= 4
    with django_assert_num_queries(count):
        c.get(f"/events/{big.slug}/clock/")


@pytest.mark.django_db
def test_staff_dashboard_queries_do_not_grow_with_players(django_assert_num_queries):
    small, *_ = build_running_event(16)
    big, *_ = build_running_event(128)
    sk = UserFactory()
    for event in (small, big):
        StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    c = client_for(sk)
    c.get(f"/events/{small.slug}/staff/")  # the session and the user are loaded once
    count = _queries(c, f"/events/{small.slug}/staff/")
    assert count <= 16  # 16th: the self-registrations waiting at the desk (docs/access.md)
    with django_assert_num_queries(count):
        response = c.get(f"/events/{big.slug}/staff/")
    assert len(response.context["outstanding"]) == 64
    assert response.context["counts"]["checked_in"] == 128


@pytest.mark.django_db
def test_pressing_pair_twice_creates_one_round_and_says_so():
    event = EventFactory(swiss_rounds=3, top_cut=0)
    for i in range(6):
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"P{i}"))
    c = _scorekeeper(event)
    first = c.post(f"/events/{event.slug}/staff/pair/", {"expected": "1"})
    second = c.post(f"/events/{event.slug}/staff/pair/", {"expected": "1"}, follow=True)
    assert first.status_code == 302
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1]
    assert "round 1 is already paired" in second.content.decode()
    assert Match.objects.filter(round__event=event).count() == 3


@pytest.mark.django_db
def test_staff_swap_before_publishing_is_recorded_with_the_reason():
    from core.models import AuditEntry

    event, regs, r1, r2 = build_running_event(4)
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.PAIRED)
    c = _scorekeeper(event)
    a = Match.objects.get(round=r2, table_number=1).player_a
    b = Match.objects.get(round=r2, table_number=2).player_a
    response = c.post(
        f"/events/{event.slug}/staff/swap/", {"first": a.pk, "second": b.pk, "reason": "family members"}
    )
    assert response.status_code == 302
    assert Match.objects.get(round=r2, table_number=1).player_a_id == b.pk
    assert AuditEntry.objects.get(event_id=event.pk, action="round.edit_pairings").reason == "family members"
    no_reason = c.post(
        f"/events/{event.slug}/staff/swap/", {"first": a.pk, "second": b.pk, "reason": ""}, follow=True
    )
    assert "say why" in no_reason.content.decode()


def test_a_fragment_is_built_once_when_many_requests_miss_together():
    import threading
    import time

    from tournament.live import cached_fragment as _cached_fragment

    calls = []

    def build():
        calls.append(1)
        time.sleep(0.2)
        return {"html": "rows"}

    results = []
    threads = [
        threading.Thread(target=lambda: results.append(_cached_fragment("test:single-flight", build)))
        for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1
    assert results == [{"html": "rows"}] * 8


def test_a_fragment_whose_build_fails_is_built_by_the_next_request():
    from tournament.live import cached_fragment as _cached_fragment

    def broken():
        raise RuntimeError("database went away")

    with pytest.raises(RuntimeError):
        _cached_fragment("test:broken", broken)
    # The failed builder leaves no "building" marker behind: the next request builds at once.
    assert _cached_fragment("test:broken", lambda: {"html": "rows"}) == {"html": "rows"}


@pytest.mark.django_db
def test_top_cut_bracket_on_the_public_page_and_procedure_for_staff():
    from tournament.enums import RoundStage

    event, regs, r1, r2 = build_running_event(8)
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.COMPLETE)
    top = RoundFactory(event=event, number=3, stage=RoundStage.TOP_CUT, status=RoundStatus.PUBLISHED)
    MatchFactory(
        round=top,
        table_number=1,
        player_a=regs[0],
        player_b=regs[3],
        seed_a=1,
        seed_b=4,
        bracket_slot=1,
        result=MatchResult.A_WINS,
        games_a=2,
    )
    MatchFactory(
        round=top, table_number=2, player_a=regs[2], player_b=regs[1], seed_a=2, seed_b=3, bracket_slot=2
    )
    html = client_for().get(f"/events/{event.slug}/").content.decode()
    bracket = re.search(r'<section class="section" id="top-cut">(.*?)</section>', html, re.S).group(1)
    assert '<div class="winner"><span class="muted">1</span> Player 0000' in bracket
    assert "Player 0002" in bracket and "Player 0001" in bracket
    dashboard = _scorekeeper(event).get(f"/events/{event.slug}/staff/")
    steps = dashboard.context["elimination"]
    assert [s["step"] for s in steps] == ["1", "2", "3", "4", "5"]  # TR&P 2025 3.4, five steps
    assert "TR&amp;P 3.4 step 5" in dashboard.content.decode()


@pytest.mark.django_db
def test_dashboard_charts_tables_still_playing_over_time():
    from datetime import timedelta

    from django.utils import timezone

    event, regs, r1, r2 = build_running_event(8)
    start = timezone.now() - timedelta(minutes=20)
    Round.objects.filter(pk=r2.pk).update(
        started_at=start, clock_state="running", status=RoundStatus.IN_PROGRESS
    )
    for table, minutes in ((1, 3), (2, 12)):
        Match.objects.filter(round=r2, table_number=table).update(
            result=MatchResult.A_WINS, games_a=1, reported_at=start + timedelta(minutes=minutes)
        )
    chart = _scorekeeper(event).get(f"/events/{event.slug}/staff/").context["tables_over_time"]
    assert [(p["minute"], p["playing"]) for p in chart[:4]] == [(0, 4), (5, 3), (10, 3), (15, 2)]
    assert chart[0]["width"] == 100


@pytest.mark.django_db
def test_staff_dashboard_finds_players_by_name_or_id():
    event, regs, r1, r2 = build_running_event(8)
    c = _scorekeeper(event)
    found = c.get(f"/events/{event.slug}/staff/", {"q": "player 0003"}).context["registrations"]
    assert [r.pk for r in found] == [regs[3].pk]
    by_id = c.get(f"/events/{event.slug}/staff/", {"q": regs[5].player.player_id}).context["registrations"]
    assert [r.pk for r in by_id] == [regs[5].pk]


@pytest.mark.django_db
def test_a_player_registers_themself_with_a_new_player_id():
    """The registration waits for the desk (the player's page says so); one tap at the desk
    registers and links; another account asking for the same ID hears the same answer."""
    event = EventFactory(allow_self_registration=True, status="registration")
    scorekeeper = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    user = UserFactory()
    c = client_for(user)
    page = c.get(f"/events/{event.slug}/me/")
    assert page.context["needs_profile"] is True
    response = c.post(f"/events/{event.slug}/me/register/", {"player_id": "GEM-4242", "display_name": "Kim"})
    assert response.status_code == 302
    assert not event.registrations.exists()
    mine = c.get(f"/events/{event.slug}/me/").content.decode()
    assert "data-registration-pending" in mine and "You are not registered" not in mine
    desk = client_for(scorekeeper)
    dashboard = desk.get(f"/events/{event.slug}/staff/").content.decode()
    row = re.search(r'data-pending-link="(\d+)"', dashboard)
    assert row and "GEM-4242" in dashboard
    done = desk.post(
        "/accounts/claims/decide/",
        {
            "claim": row.group(1),
            "decision": "confirm",
            "next": f"/events/{event.slug}/staff/#pending-players",
        },
    )
    assert done.status_code == 302 and done["Location"].startswith(f"/events/{event.slug}/staff/")
    reg = event.registrations.get()
    assert (reg.player.player_id, reg.player.user_id, reg.status) == ("GEM-4242", user.pk, "registered")
    again = client_for(UserFactory()).post(
        f"/events/{event.slug}/me/register/", {"player_id": "GEM-4242", "display_name": "Imposter"}
    )
    assert again.status_code == 302
    assert event.registrations.get().player.user_id == user.pk


@pytest.mark.django_db
def test_open_judge_calls_appear_on_the_dashboard():
    from judging.services import calls as call_services

    event, regs, r1, r2 = build_running_event(4)
    fj = UserFactory()
    StaffAssignmentFactory(event=event, user=fj, role=StaffRole.FLOOR_JUDGE)
    call = call_services.open_call(event, actor=fj, table_number=2, question="Is <this> legal?")
    html = client_for(fj).get(f"/events/{event.slug}/staff/").content.decode()
    calls = re.search(r'<ul class="judge-calls">(.*?)</ul>', html, re.S).group(1)
    assert f"/judging/{event.slug}/calls/{call.pk}/" in calls
    assert "Table 2" in calls and "Is &lt;this&gt; legal?" in calls


@pytest.mark.django_db
def test_standings_after_each_round_follow_the_chosen_round():
    event, regs, r1, r2 = build_running_event(4)
    for m in Match.objects.filter(round=r2):
        Match.objects.filter(pk=m.pk).update(result=MatchResult.B_WINS, games_b=1, version=m.version + 1)
    Round.objects.filter(pk=r2.pk).update(status=RoundStatus.COMPLETE)
    c = client_for()
    latest = c.get(f"/events/{event.slug}/")
    assert latest.context["standings_round"] == 2
    assert [row[3] for row in table_rows(latest.content.decode(), "standings")] == ["2", "1", "1", "0"]
    first = c.get(f"/events/{event.slug}/?round=1")
    assert first.context["standings_round"] == 1
    assert [row[3] for row in table_rows(first.content.decode(), "standings")] == ["1", "1", "0", "0"]


@pytest.mark.django_db
def test_event_page_cache_follows_every_result_and_drop():
    from tournament import services

    event, regs, r1, r2 = build_running_event(4)
    c = client_for()
    assert (
        table_rows(c.get(f"/events/{event.slug}/").content.decode(), "pairings-by-table")[0][3] == "playing"
    )
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    services.enter_result(Match.objects.get(round=r2, table_number=1), actor=sk, result="b", games_b=1)
    html = c.get(f"/events/{event.slug}/").content.decode()
    match = Match.objects.get(round=r2, table_number=1)
    assert table_rows(html, "pairings-by-table")[0][3] == f"{match.player_b.player.display_name} won 0-1"
    services.drop_registration(regs[1], actor=sk)
    html = c.get(f"/events/{event.slug}/").content.decode()
    dropped = [row for row in table_rows(html, "standings") if row[1].startswith(regs[1].player.display_name)]
    assert dropped[0][1].endswith("dropped")
