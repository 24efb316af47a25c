"""Players staff keep apart (issue 32): Swiss pairing avoids them like a rematch, an unavoidable
meeting is shown before publishing, every change is audited, only managers change the list."""

from __future__ import annotations

import os

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
from tournament.enums import StaffRole
from tournament.models import KeepApart, Match

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")


def _opponents(rnd) -> set[frozenset[int]]:
    return {
        frozenset((m.player_a_id, m.player_b_id))
        for m in Match.objects.filter(round=rnd, player_b__isnull=False)
    }


@pytest.mark.django_db
def test_kept_apart_players_are_not_paired_when_avoidable(staffed_event, add_players):
    event, org = staffed_event["event"], staffed_event["organizer"]
    regs = add_players(event, 4)
    services.keep_apart(event, first=regs[0], second=regs[1], actor=org, reason="siblings")
    for seed in range(8):
        rnd = services.pair_next_round(event, actor=org, seed=seed)
        assert frozenset((regs[0].pk, regs[1].pk)) not in _opponents(rnd)
        entry = AuditEntry.objects.filter(event_id=event.pk, action="round.pair").latest("id")
        assert "kept_apart_met" not in entry.after
        rnd.matches.all().delete()
        rnd.delete()


@pytest.mark.django_db
def test_an_unavoidable_meeting_is_shown_before_publishing(client, staffed_event, add_players):
    event, org = staffed_event["event"], staffed_event["organizer"]
    a, b = add_players(event, 2)
    services.keep_apart(event, first=b, second=a, actor=org, reason="parent and child")
    rnd = services.pair_next_round(event, actor=org, seed=1)
    assert _opponents(rnd) == {frozenset((a.pk, b.pk))}
    entry = AuditEntry.objects.filter(event_id=event.pk, action="round.pair").latest("id")
    assert sorted(entry.after["kept_apart_met"][0]) == sorted([a.pk, b.pk])
    client.force_login(org)
    page = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert "data-kept-apart-met" in page and a.player.display_name in page
    services.publish_round(rnd, actor=org)
    page = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert "data-kept-apart-met" not in page


@pytest.mark.django_db
def test_keep_apart_refusals_name_the_problem(staffed_event, add_players):
    event, org = staffed_event["event"], staffed_event["organizer"]
    a, b = add_players(event, 2)
    with pytest.raises(DomainError, match="two different players"):
        services.keep_apart(event, first=a, second=a, actor=org)
    services.keep_apart(event, first=a, second=b, actor=org)
    with pytest.raises(ConflictError, match="already kept apart"):
        services.keep_apart(event, first=b, second=a, actor=org)  # the same pair, either order
    with pytest.raises(NotAllowed):
        services.keep_apart(event, first=a, second=b, actor=staffed_event["floor_judge"])
    other_event_reg = add_players(
        staffed_event["event"].__class__.objects.create(slug="other", name="Other"), 1
    )[0]
    with pytest.raises(DomainError, match="registered in this event"):
        services.keep_apart(event, first=a, second=other_event_reg, actor=org)
    assert KeepApart.objects.filter(event=event).count() == 1


@pytest.mark.django_db
def test_each_change_is_audited_with_before_and_after(staffed_event, add_players):
    event, scorekeeper = staffed_event["event"], staffed_event["scorekeeper"]
    a, b = add_players(event, 2)
    pair = services.keep_apart(event, first=a, second=b, actor=scorekeeper, reason="teammates")
    added = AuditEntry.objects.get(event_id=event.pk, action="pairing.keep_apart")
    assert added.after["reason"] == "teammates" and added.actor_id == scorekeeper.pk
    services.end_keep_apart(pair, actor=scorekeeper, reason="asked by both")
    ended = AuditEntry.objects.get(event_id=event.pk, action="pairing.keep_apart_end")
    assert ended.before["reason"] == "teammates" and ended.reason == "asked by both"
    assert not KeepApart.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_the_page_lets_managers_change_and_officials_read(client, staffed_event, add_players):
    event, hj = staffed_event["event"], staffed_event["head_judge"]
    a, b = add_players(event, 2)
    url = f"/events/{event.slug}/staff/keep-apart/"
    client.force_login(hj)
    response = client.post(url + "add/", {"first": a.pk, "second": b.pk, "reason": "twins"})
    assert response.status_code == 302 and response["Location"].endswith("/staff/keep-apart/")
    page = client.get(url).content.decode()
    assert "will not be paired against each other" in page and "twins" in page
    response = client.post(url + "add/", {"first": a.pk, "second": "999999"})
    page = client.get(response["Location"]).content.decode()
    assert "no player of this event has second 999999" in page

    client.force_login(staffed_event["floor_judge"])
    page = client.get(url).content.decode()
    assert "twins" in page and "Keep two players apart" not in page
    pair = KeepApart.objects.get(event=event)
    assert client.post(url + "end/", {"pair": pair.pk}).status_code == 403
    assert KeepApart.objects.filter(pk=pair.pk).exists()

    client.force_login(staffed_event["outsider"])
    assert client.get(url).status_code in (403, 404)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_head_judge_keeps_two_players_apart_at_phone_width(live_server, phone_page):
    event = EventFactory(status="registration")
    hj = UserFactory(username="hj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    ana = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Ana Sister"))
    RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Ben Brother"))
    page = phone_page
    login_in_browser(page, live_server, "hj", "pw-hj")
    page.goto(f"{live_server.url}/events/{event.slug}/staff/")
    page.click("nav >> text=Keep apart")
    page.select_option("select[name=first]", label="Ana Sister")
    page.select_option("select[name=second]", label="Ben Brother")
    page.fill("input[name=reason]", "siblings")
    page.click("form[action$='/add/'] button[type=submit]")
    page.wait_for_selector("[data-keep-apart]")
    assert "Ana Sister and Ben Brother" in page.inner_text("[data-keep-apart]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "keep-apart-390.png"), full_page=True)
    assert KeepApart.objects.filter(event=event, first=ana).exists()
