"""What a backup to a given line would undo and reveal (PPG 2023 1.3 and 3.1-3.6).

The engine proposes; the judge decides. The report lists the actions undone (newest first), the
random events crossed (draws of unknown cards, shuffles, intimidate, boost), per player the cards
they saw that they could not see at the backup point, the cards that would go back and where, and
whether the backup is clean (nothing random crossed and no hidden card revealed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .log import Replay
from .state import PLAYERS, GameState

_PUBLIC = {"graveyard", "pitch_zone", "equipment", "weapons", "permanents", "stack", "chain"}


def locate(s: GameState) -> dict[str, tuple[str, str, str, str]]:
    """card id -> (owner, zone, face, name) for every tracked card."""
    out: dict[str, tuple[str, str, str, str]] = {}
    for pl in PLAYERS:
        p = s.p(pl)
        for zone in (
            "hand",
            "deck_top",
            "deck_bottom",
            "arsenal",
            "pitch_zone",
            "graveyard",
            "banished",
            "weapons",
            "permanents",
        ):
            for c in getattr(p, zone):
                out[c.id] = (c.owner, zone, c.face, c.name)
        for c in p.equipment.values():
            if c is not None:
                out[c.id] = (c.owner, "equipment", c.face, c.name)
    for layer in s.stack:
        if layer.card is not None:
            out[layer.card.id] = (layer.card.owner, "stack", "up", layer.card.name)
    for link in s.chain:
        out[link.attack.id] = (link.attack.owner, "chain", "up", link.attack.name)
        for c in link.defending:
            out[c.id] = (c.owner, "chain", "up", c.name)
    return out


def visible(owner: str, zone: str, face: str, viewer: str) -> bool:
    if zone in _PUBLIC:
        return True
    if zone in ("arsenal", "banished"):
        return face == "up" or viewer == owner and zone == "arsenal"
    if zone == "hand":
        return viewer == owner
    return False


@dataclass
class BackupReport:
    to: int
    undone: list[dict[str, Any]] = field(default_factory=list)
    random_events: list[dict[str, Any]] = field(default_factory=list)
    revealed: dict[str, list[str]] = field(default_factory=dict)
    returns: list[dict[str, Any]] = field(default_factory=list)
    clean: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "to": self.to,
            "undone": self.undone,
            "random_events": self.random_events,
            "revealed": self.revealed,
            "returns": self.returns,
            "clean": self.clean,
            "rules": ["PPG 1.3", "PPG 3.1"],
        }


def backup(rep: Replay, to: int) -> BackupReport:
    """Report a backup of the active path to the state after line ``to`` (0 = the start)."""
    path = rep.path()
    numbers = [s.number for s in path]
    report = BackupReport(to=to)
    if to not in numbers and to != 0:
        report.clean = False
        report.undone.append({"line": to, "text": "", "note": f"line {to} is not on the current path"})
        return report
    undone = [s for s in path if s.number > to]
    base = rep.initial if to == 0 else rep.steps[to - 1].state
    before = locate(base)
    for s in reversed(undone):
        if s.is_rewind:
            continue  # a rewind marker is no action of the game (it undoes nothing by itself)
        report.undone.append({"line": s.number, "text": s.text, "reversed": s.reversed})
    seen: dict[str, set[str]] = {pl: set() for pl in PLAYERS}
    unknown_draws: dict[str, int] = {pl: 0 for pl in PLAYERS}
    for s in undone:
        for e in s.events:
            if e.kind == "random" or e.kind == "shuffle":
                report.random_events.append({"line": s.number, "player": e.player, "event": e.subject})
            elif e.kind == "draw":
                if e.subject == "unknown":
                    unknown_draws[e.player] += 1
                    report.random_events.append(
                        {"line": s.number, "player": e.player, "event": "drew an unknown card"}
                    )
                else:
                    seen[e.player].add(e.subject)
            elif e.kind in ("reveal",):
                for pl in PLAYERS:
                    seen[pl].add(e.subject)
            elif e.kind == "look":
                seen[e.player].add(e.subject)
        where = locate(s.state)
        for cid, (owner, zone, face, name) in where.items():
            old = before.get(cid)
            for viewer in PLAYERS:
                if not visible(owner, zone, face, viewer):
                    continue
                if old is None or not visible(old[0], old[1], old[2], viewer):
                    seen[viewer].add(name)
    report.revealed = {pl: sorted(v) for pl, v in seen.items()}
    after = locate(rep.final if not undone else undone[-1].state)
    for cid, (owner, zone, face, name) in after.items():
        old = before.get(cid)
        if old is None:
            report.returns.append(
                {
                    "card": name,
                    "owner": owner,
                    "now": zone,
                    "back_to": "deck (it was not tracked at the backup point)",
                }
            )
        elif old[1] != zone:
            report.returns.append({"card": name, "owner": owner, "now": zone, "back_to": old[1]})
    for pl, n in unknown_draws.items():
        if n:
            report.returns.append(
                {
                    "card": f"{n} unknown card(s)",
                    "owner": pl,
                    "now": "hand",
                    "back_to": "deck (random: the deck would need a shuffle or the judge's decision, PPG 3.1)",
                }
            )
    report.clean = not report.random_events and not any(report.revealed.values())
    return report
