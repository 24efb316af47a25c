"""What every phase of the engine works with: the line being applied and what it produced.

``Ctx`` carries one numbered line of the log through the phase modules: the entry, the rules edition,
the card lookup, the findings and events the line produces, and the events of the lines before it
(claims on a line may describe what the previous line caused; missed-trigger checks read the turn).
It also holds the two state changes every phase ends with: giving priority (CR 1.11) and ending the
game when a hero's life reaches 0 (CR 4.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.wording import Phrase, say

from . import actions as A
from .cards import CardLookup
from .rules import MISMATCH, NOTE, Finding, cite, fact_rules
from .state import PLAYERS, GameState, other

#: The most passes a line that names a step or phase ("all pass to the Damage Step") may imply.
MAX_LOOP = 60


@dataclass
class Event:
    kind: str  # "damage", "hit", "gain_ap", "trigger", "resolve", "draw", "shuffle", "random", "reveal"
    player: str = ""
    subject: str = ""
    amount: int = 0


@dataclass
class StepResult:
    state: GameState
    findings: list[Finding] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    reversed: bool = False


class Ctx:
    """One line being applied. ``warned`` is shared by every line of a replay, so an unknown card
    name is reported once, at its first line."""

    def __init__(
        self,
        entry: A.Entry,
        version: str,
        prev_events: list[Event],
        history: list[Event] | None = None,
        *,
        lookup: CardLookup,
        warned: set[str],
    ) -> None:
        self.entry = entry
        self.version = version
        self.lookup = lookup
        self.warned = warned
        self.findings: list[Finding] = []
        self.events: list[Event] = []
        self.prev_events = prev_events
        self.history = history or []  # events of the earlier lines of this turn (missed-trigger checks)
        self.before: GameState | None = None  # the state before the line (claims about a change)
        #: set when a pass the line describes was not applied (its layer or step is not there): the
        #: outcomes the line claims for it are then not compared, since they describe that pass
        self.withheld = False

    def add(
        self, kind: str, message: str | Phrase, key: str = "", rules: list[str] | None = None, **data: Any
    ) -> None:
        r = list(rules or [])
        if key:
            r = cite(self.version, key) + [x for x in r if x not in cite(self.version, key)]
        if not r and kind == MISMATCH and data.get("fact"):
            r = fact_rules(self.version, str(data["fact"]))
        self.findings.append(
            Finding(
                kind=kind,
                message=message,
                rules=r,
                action=self.entry.number,
                line=self.entry.text,
                version=self.version,
                data=dict(data),
            )
        )


def give_priority(s: GameState, player: str | None = None) -> None:
    """CR 1.11: the player (by default the turn-player) gets priority; no one has passed since."""
    s.priority = player or s.turn_player
    s.passes = 0
    s.fresh = False


def implied_step_pass(s: GameState, player: str, ctx: Ctx) -> bool:
    """A play or activation by the player without priority right after a combat step began (the
    turn-player got priority from the rule, CR 7.4.2, and nobody has acted, the stack empty): the
    turn-player's pass is the one a judge leaves out (CR 1.11.4), applied and noted. Anywhere else
    (after a layer was played or resolved, CR 1.11.5, 5.3.7) acting without priority stays illegal."""
    if not s.fresh or s.stack or s.passes or s.priority is None or s.priority == player:
        return False
    ctx.add(
        NOTE,
        say(
            "line {number}: {priority}'s pass before {player} acts is implied.",
            number=ctx.entry.number,
            priority=s.priority,
            player=player,
        ),
    )
    s.passes = 1
    s.priority = player
    s.fresh = False
    return True


def check_game_over(s: GameState, ctx: Ctx) -> None:
    """CR 4.5.3a / 4.5.2a / 4.5.4a: a hero at 0 life loses; all at 0 is a draw."""
    dead = [pl for pl in PLAYERS if s.p(pl).life is not None and (s.p(pl).life or 0) <= 0]
    if not dead or s.game_over:
        return
    s.game_over = True
    s.priority = None
    if len(dead) == len(PLAYERS):
        s.result = "draw"
    else:
        loser = dead[0]
        s.result = f"{other(loser)} wins ({loser} lost: hero life total reduced to 0)"
    ctx.events.append(Event("game_over", "", s.result))
