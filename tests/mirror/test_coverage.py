"""Coverage (issue 30): feature tables, players who opt out (never at a feature table, never named
on an overlay or feed), the overlay per feature table and its JSON, results and hero feeds."""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from core.errors import ConflictError, NotAllowed
from core.models import AuditEntry
from decklists.models import Decklist, DecklistPolicy
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import selectors, services
from tournament.enums import StaffRole


def _event(n: int):
    event = EventFactory(status="registration", swiss_rounds=4, top_cut=0)
    sk = UserFactory(username=f"cov-sk-{event.pk}")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    regs = [
        RegistrationFactory(
            event=event, player=PlayerProfileFactory(user=UserFactory(), display_name=f"Cov {i:02d}")
        )
        for i in range(n)
    ]
    return event, sk, regs


@pytest.mark.django_db
def test_opted_out_players_never_sit_at_a_feature_table():
    for seed in range(6):
        event, sk, regs = _event(12)
        services.add_feature_table(event, table_number=1, name="Feature table", actor=sk)
        for reg in regs[:6]:  # half the field opts out
            services.set_coverage_opt_out(reg, opt_out=True, actor=reg.player.user)
        rnd = services.pair_next_round(event, actor=sk, seed=seed)
        at_one = [m for m in selectors.matches_for_round(rnd) if m.table_number == 1]
        # covered players at the feature table, or nobody there when no pair of covered players exists
        assert not at_one or not (at_one[0].player_a.coverage_opt_out or at_one[0].player_b.coverage_opt_out)
        assert len({m.table_number for m in selectors.matches_for_round(rnd)}) == 6
    # one opted-out player: there is always a covered pair to trade with
    event, sk, regs = _event(12)
    services.add_feature_table(event, table_number=1, actor=sk)
    for seed in range(6):
        services.set_coverage_opt_out(regs[seed], opt_out=True, actor=sk)
        rnd = services.pair_next_round(event, actor=sk, seed=seed)
        at_one = next(m for m in selectors.matches_for_round(rnd) if m.table_number == 1)
        assert not at_one.player_a.coverage_opt_out and not at_one.player_b.coverage_opt_out
        rnd.matches.all().delete()
        rnd.delete()
        services.set_coverage_opt_out(regs[seed], opt_out=False, actor=sk)


@pytest.mark.django_db
def test_feature_tables_and_opt_out_are_permissioned_and_audited():
    event, sk, regs = _event(4)
    with pytest.raises(NotAllowed):
        services.add_feature_table(event, table_number=1, actor=regs[0].player.user)
    services.add_feature_table(event, table_number=1, actor=sk)
    with pytest.raises(ConflictError):
        services.add_feature_table(event, table_number=1, actor=sk)
    with pytest.raises(NotAllowed):
        services.set_coverage_opt_out(regs[0], opt_out=True, actor=regs[1].player.user)
    services.set_coverage_opt_out(regs[0], opt_out=True, actor=regs[0].player.user)
    assert AuditEntry.objects.filter(event_id=event.pk, action="coverage.opt_out").count() == 1
    assert AuditEntry.objects.filter(event_id=event.pk, action="coverage.feature_table").count() == 1


@pytest.mark.django_db
def test_overlay_and_feeds_name_only_covered_players_and_heroes_once_published(client):
    event, sk, regs = _event(4)
    services.add_feature_table(event, table_number=1, name="Feature table", actor=sk)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    match = next(m for m in selectors.matches_for_round(rnd) if m.table_number == 1)
    Decklist.objects.create(registration=match.player_a, hero="Katsu, the Wanderer", status="accepted")
    data = client.get(f"/coverage/{event.slug}/overlay/1/data.json").json()
    assert (
        data["table_name"] == "Feature table"
        and data["players"][0]["name"] == match.player_a.player.display_name
    )
    assert data["players"][0]["hero"] == ""  # lists not published yet
    assert client.get(f"/coverage/{event.slug}/heroes.json").json() == {
        "event": event.name,
        "published": False,
        "heroes": [],
    }
    DecklistPolicy.objects.create(event=event, published_at=timezone.now(), published_by=sk)
    data = client.get(f"/coverage/{event.slug}/overlay/1/data.json").json()
    assert data["players"][0]["hero"] == "Katsu, the Wanderer"
    assert (
        client.get(f"/coverage/{event.slug}/heroes.json").json()["heroes"][0]["hero"] == "Katsu, the Wanderer"
    )
    # a player who opted out (seated there before opting out) is never named
    services.set_coverage_opt_out(match.player_b, opt_out=True, actor=sk)
    data = client.get(f"/coverage/{event.slug}/overlay/1/data.json").json()
    assert data["players"][1]["name"] == "" and data["players"][1]["record"] == ""
    results = client.get(f"/coverage/{event.slug}/results.json").json()
    names = {n for r in results["rounds"] for t in r["tables"] for n in (t["a"], t["b"])}
    assert match.player_b.player.display_name not in names and match.player_a.player.display_name in names
    assert client.get(f"/coverage/{event.slug}/overlay/2/").status_code == 404  # not a feature table
    page = client.get(f"/coverage/{event.slug}/overlay/1/").content.decode()
    assert "data-overlay-url" in page and match.player_b.player.display_name not in page


@pytest.mark.django_db
def test_overlay_json_answers_304_until_the_table_or_the_clock_changes(client):
    """Issue 30: the overlay polls every 3 s; unchanged, it gets a 304 and counts its clock down
    by itself. A score, an opt-out, published lists, the clock's start or the table's name give
    a new version."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event, sk, regs = _event(4)
    services.add_feature_table(event, table_number=1, actor=sk)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    match = next(m for m in selectors.matches_for_round(rnd) if m.table_number == 1)
    url = f"/coverage/{event.slug}/overlay/1/data.json"
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) <= 8, [q["sql"] for q in queries]
    changes = [
        lambda: services.start_clock(rnd, actor=sk),
        lambda: services.enter_result(match, actor=sk, result="a", games_a=1, games_b=0),
        lambda: services.set_coverage_opt_out(match.player_b, opt_out=True, actor=sk),
        lambda: DecklistPolicy.objects.create(event=event, published_at=timezone.now(), published_by=sk),
    ]
    for change in changes:
        change()
        answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert answer.status_code == 200, change
        etag = answer["ETag"]
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    data = client.get(url).json()
    assert data["score"] == "1-0" and data["players"][1]["name"] == "" and data["clock"]["state"] == "running"


@pytest.mark.django_db
def test_player_opts_out_on_their_page(client):
    event, sk, regs = _event(2)
    client.force_login(regs[0].player.user)
    response = client.post(f"/events/{event.slug}/me/coverage/", {"opt_out": "1"})
    assert response.status_code == 302
    regs[0].refresh_from_db()
    assert regs[0].coverage_opt_out is True
    assert "Allow coverage again" in client.get(response["Location"]).content.decode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_overlay_is_transparent_and_follows_the_game_score(live_server, chromium_browser):
    event, sk, regs = _event(4)
    services.add_feature_table(event, table_number=1, actor=sk)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 200})
    page = context.new_page()
    page.goto(f"{live_server.url}/coverage/{event.slug}/overlay/1/")
    page.wait_for_selector("[data-score]")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") in (
        "rgba(0, 0, 0, 0)",
        "transparent",
    )
    match = next(m for m in selectors.matches_for_round(rnd) if m.table_number == 1)
    services.enter_result(match, actor=sk, result="a", games_a=1, games_b=0)  # as staff would
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and page.inner_text("[data-score]") != "1-0":
        page.wait_for_timeout(300)
    assert page.inner_text("[data-score]") == "1-0"
    # The clock counts down on the overlay between polls (the polls answer 304 meanwhile).
    services.start_clock(rnd, actor=sk)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and ":" not in page.inner_text("[data-clock]"):
        page.wait_for_timeout(300)
    first = page.inner_text("[data-clock]")
    page.wait_for_timeout(4500)
    later = page.inner_text("[data-clock]")
    assert first.startswith("Table 1 · R1 · 5") and later != first, (first, later)
    context.close()
