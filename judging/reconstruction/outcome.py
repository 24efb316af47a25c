"""What both reconstruction adapters return (``engine.Outcome`` for Flesh and Blood,
``ga.GAOutcome`` for Grand Archive): the replayed steps as the pages and the API show them, and
the reads on them that do not depend on the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules_engine.game.rules import VIOLATION

from ..models import Reconstruction


@dataclass
class OutcomeBase:
    """A replayed reconstruction: the engine's replay (``None`` when the start cannot be read)
    and its steps as dicts (line, text, active, parent, reversed, unreadable, findings, state)."""

    #: Which engine replayed it ("fab" or "ga"); the templates branch on it.
    game: ClassVar[str] = "fab"

    recon: Reconstruction
    replay: Any
    start_error: str = ""
    steps: list[dict[str, Any]] = field(default_factory=list)

    def findings(self) -> list[dict[str, Any]]:
        return [f for s in self.steps if s["active"] for f in s["findings"]]

    def violations(self) -> list[dict[str, Any]]:
        return [f for f in self.findings() if f["kind"] == VIOLATION]

    def citations(self) -> list[str]:
        out: list[str] = []
        for f in self.findings():
            for c in f["citations"]:
                if c not in out:
                    out.append(c)
        return out

    def path_numbers(self) -> list[int]:
        return [s["line"] for s in self.steps if s["active"]]
