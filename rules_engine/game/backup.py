"""What a backup to a given line would undo and reveal (PPG 2023 1.3 and 3.1-3.6).

The engine proposes; the judge decides. The report lists the actions undone (newest first), the
random events crossed (draws of unknown cards, shuffles, intimidate, boost), per player the cards
they saw that they could not see at the backup point, the cards that would go back and where, what
else comes back, and whether the backup is clean (nothing random crossed and no hidden card seen).

- Seen: every card shown, revealed, looked at or moved where a player could see it during the undone
  lines counts, including those of a line that was reversed as illegal (the engine records what the
  reversed part showed as ``shown`` events: a rewind does not address information, PPG 1.3).
- Returns: a card goes back to its zone at the backup point; a card that was unknown there goes back to
  the zone it came from (hand, arsenal, deck top) and the entry says so; a token created after the
  backup point ceases to exist, and a token or card destroyed since comes back.
- Restores: counters on cards, life, resource, action and chi points come back to their values.
- Clean: never across a random event (unknown draws, shuffles, intimidate, boost) or a reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .log import Replay
from .state import PLAYERS, GameState
from .view import counters
from .zones import locate, tracked, visible

__all__ = ["BackupReport", "backup", "locate", "visible"]

#: Where an untracked card goes back to, by the zone it came from (PPG 3.1: the state at the backup point).
_BACK_TO = {
    "hand": "hand (it was an unknown card in its owner's hand at the backup point; it goes back unknown to the opponent)",
    "arsenal": "arsenal (face down, as it was at the backup point)",
    "deck": "deck top (it was the unknown top card of the deck at the backup point)",
}

#: Kinds of events that make a backup unclean: something random happened or a hidden card was seen.
_UNCLEAN = ("random", "shuffle", "reveal", "look", "shown")


def _points(s: GameState) -> dict[str, dict[str, int | None]]:
    return {
        pl: {
            "life": s.p(pl).life,
            "resource_points": s.p(pl).resource_points,
            "action_points": s.p(pl).action_points,
            "chi_points": s.p(pl).chi_points,
        }
        for pl in PLAYERS
    }


@dataclass
class BackupReport:
    to: int
    undone: list[dict[str, Any]] = field(default_factory=list)
    random_events: list[dict[str, Any]] = field(default_factory=list)
    revealed: dict[str, list[str]] = field(default_factory=dict)
    returns: list[dict[str, Any]] = field(default_factory=list)
    restores: list[dict[str, Any]] = field(default_factory=list)
    clean: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "to": self.to,
            "undone": self.undone,
            "random_events": self.random_events,
            "revealed": self.revealed,
            "returns": self.returns,
            "restores": self.restores,
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
    unknown_draws: dict[str, int] = dict.fromkeys(PLAYERS, 0)
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
            elif e.kind in ("reveal",) or (e.kind == "shown" and not e.player):
                for pl in PLAYERS:
                    seen[pl].add(e.subject)
            elif e.kind in ("look", "shown"):
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
    final = rep.final if not undone else undone[-1].state
    after = locate(final)
    cards_after = tracked(final)
    cards_before = tracked(base)
    for cid, (owner, zone, _face, name) in after.items():
        old = before.get(cid)
        card = cards_after[cid][0]
        if old is None:
            if "token" in card.facts.types:
                back = "nothing (a token created after the backup point ceases to exist)"
            else:
                origin = card.origin.split(":", 1)[0]
                origin = "deck" if origin.startswith("deck") else origin
                back = _BACK_TO.get(origin, "deck (it was not tracked at the backup point)")
            report.returns.append({"card": name, "owner": owner, "now": zone, "back_to": back})
        elif old[1] != zone:
            report.returns.append({"card": name, "owner": owner, "now": zone, "back_to": old[1]})
        else:
            # in the scenario vocabulary, +1 and -1 counters listed apart (CR 1.15.4): ["+1{p}", "-1{p}"]
            was = counters(cards_before[cid][0])
            if counters(card) != was:
                report.restores.append(
                    {"card": name, "owner": owner, "what": "counters", "now": counters(card), "back_to": was}
                )
    for cid, (owner, zone, _face, name) in before.items():
        if cid not in after:
            card = cards_before[cid][0]
            what = (
                "a token that ceased to exist" if "token" in card.facts.types else "a card no longer tracked"
            )
            report.returns.append({"card": name, "owner": owner, "now": f"gone ({what})", "back_to": zone})
    now_points, old_points = _points(final), _points(base)
    for pl in PLAYERS:
        for key, value in old_points[pl].items():
            if now_points[pl][key] != value:
                report.restores.append(
                    {"player": pl, "what": key, "now": now_points[pl][key], "back_to": value}
                )
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
    crossed = any(e.kind in _UNCLEAN for st in undone for e in st.events)
    report.clean = not report.random_events and not any(report.revealed.values()) and not crossed
    return report
