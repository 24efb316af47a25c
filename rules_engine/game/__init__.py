"""Game-state reconstruction for Flesh and Blood (pure Python, no Django).

A judge's log of a disputed game is parsed (``phrases``), replayed line by line on immutable-by-
convention states (``engine`` and its phase modules, ``state``; the layout is in
docs/reconstruction.md), checked against the Comprehensive Rules of the pinned
edition (``rules``: CR 2.13.0 or the older edition), and a backup to any line is reported
(``backup``). ``start.start_state`` builds a log's starting state and card index for callers; ``scenarios``
runs GIVEN/WHEN/EXPECT scenario files; ``python -m rules_engine.game``
is the command line. The design and the notation are described in docs/reconstruction.md.
"""

from .backup import BackupReport, backup
from .cards import CardFacts, CardLookup, DatabaseCards, FabCubeCards, InlineCards
from .engine import Engine
from .log import Replay, names_for, replay
from .rules import Finding
from .scenarios import run_scenario
from .start import GivenError, start_state
from .state import GameState

__all__ = [
    "BackupReport",
    "CardFacts",
    "CardLookup",
    "DatabaseCards",
    "Engine",
    "FabCubeCards",
    "Finding",
    "GameState",
    "GivenError",
    "InlineCards",
    "Replay",
    "backup",
    "names_for",
    "replay",
    "run_scenario",
    "start_state",
]
