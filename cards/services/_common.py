"""What the card services share: the signals the decklists app receives, and forgetting the
cached status sources after a change."""

from __future__ import annotations

import django.dispatch

from cards.selectors import forget_status_sources

#: Sent after a new release is committed (``release=``): lists waiting on unknown cards are
#: re-validated by the decklists app (its receiver), so cards knows nothing about decklists.
card_data_changed = django.dispatch.Signal()

#: Sent after a recorded status is committed or withdrawn (``game=``, ``format_code=``,
#: ``effective_from=``, ``effective_until=``, ``actor=``): the decklists app re-validates the
#: lists of unfinished events of that game whose date the status covers (its receiver).
card_statuses_changed = django.dispatch.Signal()


def _forget_status_sources() -> None:
    forget_status_sources()
