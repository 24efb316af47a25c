"""``{% load event_citations %}``: the citation of a topic for the page's event, by game.

``{{ event|cite_for:"drop" }}`` is ``"TR&P 3.6"`` in a Flesh and Blood event and
``"GA TRG Dropping from Tournaments"`` in a Grand Archive one (``tournament.citations``), so a
page shared by both games never names a FaB document to a GA event's players and staff.
Plain text (auto-escaped); judging pages pipe it through ``cite`` to link the FaB numbers.
"""

from __future__ import annotations

from django import template

from tournament.citations import cite, is_ga

register = template.Library()


@register.filter
def cite_for(event, topic: str) -> str:
    """The citation of ``topic`` for ``event``'s game (an Event or a ``Game`` value)."""
    return cite(event, topic)


@register.filter
def ga_event(event) -> bool:
    """True when ``event`` is a Grand Archive event."""
    return is_ga(event)
