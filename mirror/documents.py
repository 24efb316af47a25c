"""The mirror's hand-back sheets as ``core.documents.Document``: a round's results to re-enter
into the source system (``ResultSheet``) and the penalties and deck checks by player
(``PenaltyLog``). Staff paper, printed in the language of the official who asked
(``requested_language``); downloaded as attachments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from core.documents import Document


@dataclass
class ResultSheet(Document):
    """Round ``number``'s results (``selectors.result_sheet`` rows), named
    ``<event>-round-<n>-results.pdf``."""

    event: Any
    number: int
    rows: list
    print_language: str = ""
    template_name = "mirror/pdf/results.html"

    def language(self) -> str:
        return self.print_language

    def filename(self) -> str:
        return f"{self.event.slug}-round-{self.number}-results.pdf"

    def context(self) -> dict[str, Any]:
        return {"event": self.event, "number": self.number, "rows": self.rows, "generated_at": timezone.now()}


@dataclass
class PenaltyLog(Document):
    """The penalties and deck checks by player (``selectors.players_with_entries`` groups),
    named ``<event>-penalty-log.pdf``."""

    event: Any
    groups: list
    print_language: str = ""
    template_name = "mirror/pdf/penalties.html"

    def language(self) -> str:
        return self.print_language

    def filename(self) -> str:
        return f"{self.event.slug}-penalty-log.pdf"

    def context(self) -> dict[str, Any]:
        return {"event": self.event, "groups": self.groups, "generated_at": timezone.now()}
