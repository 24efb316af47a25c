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

    # -- the game's own reads of a state (each adapter names its engine's functions) ------------
    def state_view(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def state_summary(self, v: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def redacted(self, v: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def final(self) -> Any:
        return self.replay.final if self.replay is not None else None

    def final_view(self, viewer: str | None = None) -> dict[str, Any] | None:
        """The final state as ``viewer`` ("P1"/"P2") may see it; ``None`` (a judge) sees all."""
        final = self.final
        return None if final is None else self.redacted(self.state_view(final), viewer)

    def initial_summary(self) -> dict[str, Any] | None:
        """The starting state's panel facts (before any step)."""
        return self.state_summary(self.state_view(self.replay.initial)) if self.replay is not None else None
