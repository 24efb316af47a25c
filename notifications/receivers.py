"""The one receiver of ``tournament.signals.news``: after the change commits, a task turns the
news into messages and sends them. A rolled-back change queues nothing (``on_commit``)."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from .access import event_sends
from .models import Subscription
from .tasks import task_news

#: The senders (audit actions) that tell someone something.
KINDS = frozenset(
    {
        "round.publish",
        "clock.time_called",
        "match.report",
        "match.dispute",
        "match.correct",
        "decklist.accept",
        "decklist.reject",
        "judge_call.open",
        "judge_call.rule",
        "judge_call.final_ruling",
    }
)


def _ids(*, round_=None, match=None, decklist=None, call=None, reason: str = "", **_) -> dict:
    if round_ is not None:
        return {"round_id": round_.pk}
    if match is not None:
        return {"match_id": match.pk}
    if decklist is not None:
        return {"decklist_id": decklist.pk, "registration_id": decklist.registration_id, "reason": reason}
    if call is not None:
        return {"call_id": call.pk, "match_id": call.match_id, "table_number": call.table_number}
    return {}


def on_news(sender, *, event, **objects) -> None:
    """Queue the news for after the commit, when the event sends and some phone listens (one
    cheap query on the request: an event nobody subscribed to costs nothing more)."""
    if sender not in KINDS or not event_sends(event):
        return
    if not Subscription.objects.filter(event_id=event.pk).exists():
        return
    # robust: a broker that is down (or a failure of the eager task on a laptop) is logged, never
    # turned into an error of a request whose change is already committed.
    transaction.on_commit(
        partial(task_news.delay, kind=sender, event_id=event.pk, **_ids(**objects)), robust=True
    )
