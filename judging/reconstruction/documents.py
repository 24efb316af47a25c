"""The printed record of a reconstruction (``ReconstructionRecord``, a ``core.documents.Document``)
and the starting state as the start form and the record show it.

Staff paper for appeals and reports: printed in the language of the judge who asked
(``requested_language``), named ``<event>-reconstruction-<id>.pdf``; small enough to render inline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from core.documents import Document

from ..models import Reconstruction
from . import engine as recon_engine
from . import ga as recon_ga
from . import services as recon_services
from .selectors import players_of


def item_text(item: Any) -> str:
    """A card of the starting state as the start form shows it (the inverse of ``card_item``)."""
    if not isinstance(item, dict):
        return str(item)
    bits: list[str] = []
    shown = {"power": "+1{p}", "-power": "-1{p}", "defense": "+1{d}", "-defense": "-1{d}"}
    counters = item.get("counters") or {}
    if isinstance(counters, dict):
        for kind, n in counters.items():
            if str(kind) in ("power", "defense") and int(n) < 0:
                kind, n = f"-{kind}", -int(n)
            bits.append(
                f"{n} {shown.get(str(kind), str(kind))}" if int(n) != 1 else shown.get(str(kind), str(kind))
            )
    elif isinstance(counters, list):
        bits += [str(c) for c in counters]
    if item.get("face"):
        bits.append(f"face {item['face']}")
    name = str(item.get("name", ""))
    return f"{name} [{', '.join(bits)}]" if bits else name


#: The start form's lists of cards, by the ``given`` key they fill.
START_LISTS = (
    "hand",
    "arsenal",
    "deck_top",
    "deck_bottom",
    "graveyard",
    "banished",
    "pitch_zone",
    "permanents",
    "weapons",
    "equipment",
)
#: The start form's numbers, by the ``given`` key they set.
START_NUMBERS = ("life", "intellect", "hand_size", "action_points", "resource_points", "deck")


def start_fields(start: dict[str, Any]) -> dict[str, Any]:
    """The current starting state as the start form shows it (counters and face in brackets)."""
    fields: dict[str, Any] = {
        "turn": start.get("turn", "P1"),
        "phase": start.get("phase", "action"),
        "turn_number": start.get("turn_number", ""),
        "first_turn": bool(start.get("first_turn")),
    }
    for pl in ("P1", "P2"):
        p = start.get(pl) or {}
        row: dict[str, Any] = {"hero": p.get("hero", "")}
        for key in START_NUMBERS:
            row[key] = p.get(key, "") if not isinstance(p.get(key), list) else len(p[key])
        for key in START_LISTS:
            items = p.get(key) or []
            if isinstance(items, dict):  # equipment by slot
                items = [v for v in items.values() if v]
            elif not isinstance(items, list):
                items = [items]
            row[key] = ", ".join(item_text(x) for x in items)
        fields[pl] = row
    return fields


@dataclass
class ReconstructionRecord(Document):
    """The record of one reconstruction: the starting state, every step with its findings, the
    final state and the ruling (the printable page shows the same context)."""

    recon: Reconstruction
    print_language: str = ""
    template_name = "judging/pdf/reconstruction.html"

    def language(self) -> str:
        return self.print_language

    def filename(self) -> str:
        return f"{self.recon.call.event.slug}-reconstruction-{self.recon.pk}.pdf"

    def context(self) -> dict[str, Any]:
        recon = self.recon
        outcome = recon_engine.run(recon)
        return {
            "event": recon.call.event,
            "recon": recon,
            "call": recon.call,
            "players": players_of(recon),
            "outcome": outcome,
            "steps": outcome.steps,
            "final": outcome.final_view(None),
            "game": outcome.game,
            "start_fields": recon_ga.start_fields(recon.start or {})
            if outcome.game == "ga"
            else start_fields(recon.start or {}),
            "fix_sentence": recon_services.fix_sentence(recon),
            "fix_citations": recon_services.fix_citations(recon),
            "generated_at": timezone.now(),
        }
