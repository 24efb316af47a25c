"""The shared seed documents and the document/version each one is imported as (pure Python)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seed:
    filename: str
    kind: str
    version: str
    current: bool


SEEDS: tuple[Seed, ...] = (
    Seed("fab-comprehensive-rules-2.13.0.txt", "cr", "2.13.0", True),
    Seed("fab-comprehensive-rules-older.txt", "cr", "old", False),
    Seed("fab-comprehensive-rules-web-excerpt.txt", "cr", "web", False),
    Seed("fab-tournament-rules-and-policy-2025-01-31.txt", "trp", "2025", True),
    Seed("fab-tournament-rules-and-policy-2023-03-31.txt", "trp", "2023", False),
    Seed("fab-procedure-and-penalty-guide-2023-03-31.txt", "ppg", "2023", True),
    Seed("ga-comprehensive-rules-2023-04-03.txt", "ga", "2023-04-03", True),
)

# The edition a citation without an explicit edition refers to (requirements 0.1).
DEFAULT_VERSION: dict[str, str] = {s.kind: s.version for s in SEEDS if s.current}

KIND_LABELS: dict[str, str] = {
    "cr": "CR",
    "trp": "TR&P",
    "ppg": "PPG",
    "ga": "GA",
}
