"""Printable decklists: ``DecklistSheet`` (one or many lists, TR&P App E grouping) and
``PoolRegistrationSheet`` (limited pool, TR&P 8.1.1 / 8.2.2).

Rendered with ``core.pdf.render_pdf``: autoescaped, WeasyPrint reads only our static files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.template.loader import render_to_string

from core.pdf import StaticOnlyFetcher, render_pdf

from .validation import grouped_cards


def sheet_context(decklist, *, show_player_id: bool = True) -> dict:
    """Everything one page needs: player, player ID (left out with ``show_player_id=False``,
    for a reader who is neither the player nor an official), hero, event, grouped cards, totals."""
    registration = decklist.registration
    event = registration.event
    groups = grouped_cards(decklist.cards, game=event.game)
    deck_total = sum(c["qty"] for c in decklist.cards if c["section"] in ("deck", "main"))
    arena_total = sum(c["qty"] for c in decklist.cards if c["section"] in ("arena", "material"))
    return {
        "decklist": decklist,
        "event": event,
        "player_name": registration.player.display_name,
        "player_id": registration.player.player_id if show_player_id else "",
        "hero": decklist.hero,
        "groups": [g | {"total": sum(r["qty"] for r in g["cards"])} for g in groups],
        "deck_total": deck_total,
        "arena_total": arena_total,
        "registered_by": decklist.registered_by,
    }


class DecklistSheet:
    """One page per list, in the TR&P App E grouping, with a signature line."""

    template_name = "decklists/pdf/decklist_sheet.html"

    def __init__(self, decklists: Iterable, *, title: str = "Decklist", show_player_id: bool = True):
        self.decklists = list(decklists)
        self.title = title
        self.show_player_id = show_player_id

    def context(self) -> dict:
        sheets = [sheet_context(d, show_player_id=self.show_player_id) for d in self.decklists]
        return {"title": self.title, "sheets": sheets}

    def render(self) -> bytes:
        return render_pdf(self.template_name, self.context())

    def render_with_progress(self, progress: Callable[[int, int], None] | None = None) -> bytes:
        """The same PDF built list by list, calling ``progress(done, total)`` after each one
        (for the combined PDF of a big event rendered in a Celery task)."""
        from weasyprint import HTML  # noqa: PLC0415 (a third-party library only this code path needs)

        total = len(self.decklists)
        if total == 0:
            return self.render()
        first = None
        pages = []
        for i, decklist in enumerate(self.decklists, start=1):
            html = render_to_string(
                self.template_name,
                {
                    "title": self.title,
                    "sheets": [sheet_context(decklist, show_player_id=self.show_player_id)],
                },
            )
            document = HTML(string=html, base_url="file:///", url_fetcher=StaticOnlyFetcher()).render()
            first = first or document
            pages.extend(document.pages)
            if progress is not None:
                progress(i, total)
        if first is None:
            raise ValueError("no decklists to render")
        return first.copy(pages).write_pdf()


class PoolRegistrationSheet(DecklistSheet):
    """Limited card-pool registration: player using the pool, player registering it, judge sign-off."""

    template_name = "decklists/pdf/pool_sheet.html"
