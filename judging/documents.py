"""The judging PDFs as ``core.documents.Document``: the event's penalty report (PenaltyReport;
a large one is rendered by ``judging.tasks``). The reconstruction record is
``judging.reconstruction.documents.ReconstructionRecord``.

Staff documents: printed in the language of the person who asked (``requested_language``; a
queued report stores it with its job).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from core.documents import Document

from . import selectors
from .enums import EffectStatus


@dataclass
class PenaltyReport(Document):
    """Every penalty of an event with the judge-call statistics (PPG / GA IPG), named
    ``<event>-penalties.pdf``."""

    event: Any
    print_language: str = ""
    template_name = "judging/pdf/penalty_report.html"

    def language(self) -> str:
        return self.print_language

    def filename(self) -> str:
        return f"{self.event.slug}-penalties.pdf"

    def context(self) -> dict[str, Any]:
        return {
            "event": self.event,
            # The printed status cell's second line is the effect, left out when it would only
            # repeat the status ("Awaiting head-judge confirmation" / "Waits for ...").
            "rows": [
                {**row, "effect_note": "" if row["effect"] == EffectStatus.WAITING.label else row["effect"]}
                for row in selectors.penalty_report_rows(self.event)
            ],
            "stats": selectors.call_statistics(self.event),
            "generated_at": timezone.now(),
        }
