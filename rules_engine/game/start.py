"""The starting state of a log, for callers (the command line, the judging app, scripts).

``start_state(given, lookup, version)`` reads a ``given`` block (the shape of a scenario's ``given``:
turn, phase, combat chain and each player's zones, see docs/reconstruction.md) and returns the state
before the first line together with the card index the replay should use: the cards the block gives
with stats come first, then ``extra_cards``, then ``lookup`` (the card database). Callers need not
know how the block is built (``given.StateBuilder``) or where its inline cards come from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import CardFacts, CardLookup, InlineCards
from .given import GivenError, StateBuilder, collect_cards
from .state import GameState

__all__ = ["GivenError", "start_state"]


def start_state(
    given: Mapping[str, Any] | None,
    lookup: CardLookup | None = None,
    version: str = "2.13.0",
    *,
    extra_cards: Iterable[CardFacts] = (),
) -> tuple[GameState, InlineCards]:
    """The state described by ``given`` and its card index (inline cards backed by ``lookup``).

    Raises :class:`GivenError` (a ``ValueError``) with a readable message when the block cannot be
    read; no other exception escapes for bad input.
    """
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise GivenError("the starting state is a mapping (turn, phase, P1, P2)")
    block = dict(given)
    try:
        cards = InlineCards(collect_cards(block), fallback=lookup)
        for facts in extra_cards:
            cards.add(facts)
        state = StateBuilder(cards, version).build(block)
    except GivenError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise GivenError(str(exc) or exc.__class__.__name__) from exc
    return state, cards
