"""Every kind of news reaches the right phones through the real services, the task and the
protocol (decrypted at the loopback push service): disputes and corrections, decklists,
judge calls, the clock watcher's last 10 minutes and tables over time, the top cut."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from decklists import services as decklist_services
from decklists.enums import DecklistStatus
from decklists.models import Decklist
from judging.services import calls as call_services
from notifications.models import Notice
from notifications.tasks import task_watch_clocks
from tests.factories.tournament import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.notifications.conftest import BrowserKeys
from tournament import services
from tournament.enums import ClockState, EventStatus, MatchResult, RoundStage, RoundStatus, StaffRole


class Phones:
    """Subscribed phones by name; ``said(name)`` decrypts what each one received."""

    def __init__(self, client, event, push_service):
        self.client, self.event, self.service, self.keys = client, event, push_service, {}

    def player(self, name: str, registration) -> None:
        self._subscribe(name, registration.player.user, "player")

    def staff(self, name: str, user) -> None:
        self._subscribe(name, user, "staff")

    def _subscribe(self, name, user, audience) -> None:
        self.keys[name] = BrowserKeys.new()
        self.client.force_login(user)
        answer = self.client.post(
            f"/push/{self.event.slug}/subscribe/",
            data=json.dumps(
                {
                    "subscription": self.keys[name].subscription(f"{self.service.url}/{name}"),
                    "audience": audience,
                }
            ),
            content_type="application/json",
        )
        assert answer.status_code == 200, answer.content

    def said(self, name: str) -> list[dict]:
        told = [self.keys[name].decrypt(r) for r in self.service.for_path(f"/{name}")]
        # Privacy (issue 29): whatever the news, no message carries a player ID, the opponent's
        # least of all.
        for player_id in ("GEM111", "GEM222"):
            assert player_id not in json.dumps(told), (name, told)
        return told


@pytest.fixture
def world(db, client, push_service, vapid_key):
    event = EventFactory(status=EventStatus.RUNNING)
    judge = UserFactory(username="judge")
    StaffAssignmentFactory(event=event, user=judge, role=StaffRole.HEAD_JUDGE)
    ana = RegistrationFactory(
        event=event, player=PlayerProfileFactory(display_name="Ana", player_id="GEM111")
    )
    bo = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Bo", player_id="GEM222"))
    rnd = RoundFactory(event=event, number=2, status=RoundStatus.IN_PROGRESS)
    match = MatchFactory(round=rnd, table_number=7, player_a=ana, player_b=bo)
    phones = Phones(client, event, push_service)
    phones.player("ana", ana)
    phones.player("bo", bo)
    phones.staff("judge", judge)
    return event, judge, ana, bo, rnd, match, phones


def test_disputed_reports_tell_both_players_and_the_staff(world, django_capture_on_commit_callbacks):
    event, judge, ana, bo, rnd, match, phones = world
    with django_capture_on_commit_callbacks(execute=True):
        services.report_result(match, actor=ana.player.user, result=MatchResult.A_WINS, games_a=1)
        services.report_result(match, actor=bo.player.user, result=MatchResult.B_WINS, games_b=1)
    assert [m["body"] for m in phones.said("ana")] == [
        "Your reports disagree: the scorekeeper will sort it out. Please see the staff."
    ]
    assert len(phones.said("bo")) == 2  # asked to confirm, then the disagreement
    [staff] = phones.said("judge")
    assert staff["title"] == "Result disputed: Round 2, table 7"
    assert staff["url"] == f"/events/{event.slug}/staff/#outstanding"

    with django_capture_on_commit_callbacks(execute=True):
        services.correct_result(
            match, actor=judge, result=MatchResult.A_WINS, games_a=1, reason="judge ruled"
        )
    assert phones.said("ana")[-1]["body"] == "The staff corrected your result. Open your page to see it."
    assert phones.said("bo")[-1]["body"] == "The staff corrected your result. Open your page to see it."


def test_a_rejected_decklist_tells_its_player_the_reason(world, django_capture_on_commit_callbacks):
    event, judge, ana, bo, rnd, match, phones = world
    decklist = Decklist.objects.create(registration=ana, status=DecklistStatus.SUBMITTED, raw_text="x")
    with django_capture_on_commit_callbacks(execute=True):
        decklist_services.reject_decklist(decklist, actor=judge, reason="the hero is illegible")
    [told] = phones.said("ana")
    assert (told["title"], told["body"]) == (
        "Decklist rejected",
        "Reason: the hero is illegible. Fix it and submit it again.",
    )
    assert phones.said("bo") == []


def test_an_accepted_decklist_tells_its_player_and_links_the_decklist(
    world, django_capture_on_commit_callbacks
):
    event, judge, ana, bo, rnd, match, phones = world
    decklist = Decklist.objects.create(registration=ana, status=DecklistStatus.SUBMITTED, raw_text="x")
    with django_capture_on_commit_callbacks(execute=True):
        decklist_services.accept_decklist(decklist, actor=judge)
    [told] = phones.said("ana")
    assert (told["title"], told["body"], told["url"]) == (
        "Decklist accepted",
        "An official accepted your decklist.",
        f"/decklists/{decklist.pk}/",
    )
    assert phones.said("bo") == []
    assert phones.said("judge") == []


def test_judge_calls_opened_to_the_staff_and_answered_to_the_table(world, django_capture_on_commit_callbacks):
    event, judge, ana, bo, rnd, match, phones = world
    with django_capture_on_commit_callbacks(execute=True):
        call = call_services.open_call(event, actor=judge, table_number=7)
    [opened] = phones.said("judge")
    assert (opened["title"], opened["url"]) == (
        "Judge call at table 7",
        f"/judging/{event.slug}/calls/{call.pk}/",
    )
    with django_capture_on_commit_callbacks(execute=True):
        call_services.record_ruling(call, judge=judge, ruling="Play on.")
    assert [m["title"] for m in phones.said("ana")] == ["Table 7: the judge's ruling"]
    assert [m["title"] for m in phones.said("bo")] == ["Table 7: the judge's ruling"]


def test_the_clock_watcher_says_10_minutes_left_once_and_tables_over_time(world, settings):
    event, judge, ana, bo, rnd, match, phones = world
    now = timezone.now()
    rnd.clock_state = ClockState.RUNNING
    rnd.started_at = now - timedelta(seconds=rnd.duration_seconds - 300)
    rnd.save()
    assert task_watch_clocks() == 1
    assert task_watch_clocks() == 0  # once only
    assert [m["title"] for m in phones.said("ana")] == ["Round 2: 10 minutes left"]

    rnd.clock_state = ClockState.FINISHED
    rnd.started_at = None
    rnd.time_called_at = now - timedelta(minutes=settings.PUSH_OVER_TIME_MINUTES + 1)
    rnd.save()
    assert task_watch_clocks() == 1
    assert task_watch_clocks() == 0
    assert [m["title"] for m in phones.said("judge")] == ["Table 7 is over time"]
    assert Notice.objects.count() == 2


def test_the_first_round_of_the_cut_says_the_player_made_it(world, django_capture_on_commit_callbacks):
    event, judge, ana, bo, rnd, match, phones = world
    top = RoundFactory(event=event, number=3, stage=RoundStage.TOP_CUT, status=RoundStatus.PAIRED)
    MatchFactory(round=top, table_number=1, player_a=ana, player_b=bo)
    rnd.status = RoundStatus.COMPLETE
    rnd.save(update_fields=["status"])
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(top, actor=None)
    [told] = phones.said("ana")
    assert told["title"].startswith("You made the cut! ")
    assert told["body"] == "You play Bo at table 1."
