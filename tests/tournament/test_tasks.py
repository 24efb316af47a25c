from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import EventFactory
from tournament import services, tasks
from tournament.enums import ClockState

pytestmark = pytest.mark.django_db


def test_task_pair_next_round_pairs_publishes_and_reports_refusals(add_players):
    event = EventFactory(swiss_rounds=3, top_cut=0)
    add_players(event, 6)
    assert tasks.task_pair_next_round.delay(event_id=event.pk, publish=True).get() == {
        "ok": True, "round": 1, "status": "published"
    }  # fmt: skip
    again = tasks.task_pair_next_round.delay(event_id=event.pk).get()
    assert again["ok"] is False and "round 1" in again["error"]


def test_task_call_time_when_due(add_players):
    event = EventFactory(swiss_rounds=3, top_cut=0)
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    services.start_clock(rnd, actor=None, now=timezone.now() - timedelta(minutes=10))
    assert tasks.task_call_time_when_due.delay(round_id=rnd.pk).get()["called"] is False
    rnd.refresh_from_db()
    rnd.started_at = timezone.now() - timedelta(minutes=60)
    rnd.save()
    assert tasks.task_call_time_when_due.delay(round_id=rnd.pk).get()["called"] is True
    rnd.refresh_from_db()
    assert rnd.clock_state == ClockState.FINISHED
