"""Printable decklists, each a ``core.documents.Document``: ``DecklistSheet`` (one or many lists,
TR&P App E grouping), ``PoolRegistrationSheet`` (limited pool, TR&P 8.1.1 / 8.2.2) and
``EventDecklists`` (every list of an event in one PDF for its officials, rendered by a task).

The language: a player's own sheet (``player_sheet``) is printed in the player's account
language; the officials' bundle in the language of the official who asked for it, stored with
the queued job (``core.documents.queued_language``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext

from core.documents import Document
from core.i18n import account_language, in_language
from core.pdf import StaticOnlyFetcher

from .enums import DecklistKind
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


class DecklistSheet(Document):
    """One page per list, in the TR&P App E grouping, with a signature line.

    ``title``: the heading of every page (default: "Decklist" in the document's language);
    ``language``: the language it is printed in ("" keeps the active one)."""

    template_name = "decklists/pdf/decklist_sheet.html"

    def __init__(
        self,
        decklists: Iterable,
        *,
        title: str | None = None,
        show_player_id: bool = True,
        language: str = "",
    ):
        self.decklists = list(decklists)
        self.title = title
        self.show_player_id = show_player_id
        self.print_language = language

    def default_title(self) -> str:
        return gettext("Decklist")

    def heading(self) -> str:
        """The title, in the active language (a lazy or marked title is translated here)."""
        return str(self.title) if self.title else self.default_title()

    def language(self) -> str:
        return self.print_language

    def filename(self) -> str:
        if len(self.decklists) == 1:
            return f"decklist-{self.decklists[0].pk}.pdf"
        return "decklists.pdf"

    def context(self) -> dict[str, Any]:
        sheets = [sheet_context(d, show_player_id=self.show_player_id) for d in self.decklists]
        return {"title": self.heading(), "sheets": sheets}

    def render_with_progress(self, progress: Callable[[int, int], None] | None = None) -> bytes:
        """The same PDF built list by list in the document's language, calling
        ``progress(done, total)`` after each one (for the combined PDF of a big event)."""
        with in_language(self.language()):
            return self._render_pages(progress)

    def _render_pages(self, progress: Callable[[int, int], None] | None) -> bytes:
        from weasyprint import HTML  # noqa: PLC0415 (a third-party library only this code path needs)

        total = len(self.decklists)
        if total == 0:
            return super().render_document()
        title = self.heading()
        first = None
        pages = []
        for i, decklist in enumerate(self.decklists, start=1):
            html = render_to_string(
                self.template_name,
                {"title": title, "sheets": [sheet_context(decklist, show_player_id=self.show_player_id)]},
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

    def default_title(self) -> str:
        return gettext("Card-pool registration")


def player_sheet(decklist, *, show_player_id: bool) -> DecklistSheet:
    """A player's own list on paper (a card pool's registration sheet for a pool), printed in
    the player's account language when they chose one (issue 31), else the page's; named
    ``decklist-<id>.pdf`` whoever reads it."""
    sheet = PoolRegistrationSheet if decklist.kind == DecklistKind.POOL else DecklistSheet
    language = account_language(decklist.registration.player.user_id)
    return sheet([decklist], show_player_id=show_player_id, language=language)


class EventDecklists(DecklistSheet):
    """Every list of an event in one PDF for its officials ("Decklists: <event>"), built list by
    list with ``progress`` reported after each; named ``decklists-<event>-<job>.pdf``."""

    def __init__(
        self,
        event,
        decklists: Iterable,
        *,
        job_id: int,
        language: str = "",
        progress: Callable[[int, int], None] | None = None,
    ):
        super().__init__(decklists, language=language)
        self.event = event
        self.job_id = job_id
        self.progress = progress

    def default_title(self) -> str:
        return gettext("Decklists: %(name)s") % {"name": self.event.name}

    def filename(self) -> str:
        return f"decklists-{self.event.slug}-{self.job_id}.pdf"

    def render_document(self) -> bytes:
        return self._render_pages(self.progress)
