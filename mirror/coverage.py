"""Arbiter's event in the column layout of GEM's coverage CSV downloads (issue 30), so fan tools
and spreadsheets that read GEM read Arbiter unchanged. The same labels ``mirror.parsers`` reads
GEM's files by, so a file written here reads back through the importer into the same pairings,
standings and heroes (a round-trip test holds it to that).

Columns (first row is the header, comma-separated, UTF-8):

* pairings: Round, Table, Player 1, Player 1 ID, Player 2, Player 2 ID, Result; every published
  round in one file; Result in GEM's codes (1WIN, 2WIN, DRAW, LOSSALL, BYE; empty while
  unplayed); a bye has an empty player 2.
* standings: Rank, Name, Player ID, Wins, Points, Dropped; after a complete round (``round``,
  default the last complete one).
* heroes: Name, Player ID, Country, Hero; the heroes of accepted (or locked) decklists.

Player IDs are in every file, so only the event's officials download them.
"""

from __future__ import annotations

import csv
import io

from decklists.enums import FROZEN
from decklists.models import Decklist
from tournament import selectors as tournament_selectors
from tournament.models import Event

from .parsers import RESULT_TO_GEM


def _csv(header: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def _name(reg) -> str:
    return reg.player.display_name if reg is not None else ""


def _pid(reg) -> str:
    return reg.player.player_id if reg is not None else ""


def gem_pairings_csv(event: Event) -> str:
    rows = []
    for rnd in tournament_selectors.visible_rounds(event):
        for m in tournament_selectors.matches_for_round(rnd):
            if m.player_b_id is None:
                result = "BYE"
            else:
                result = RESULT_TO_GEM.get(m.result if m.result != "pending" else "", "")
            rows.append(
                [
                    rnd.number,
                    m.table_number or "",
                    _name(m.player_a),
                    _pid(m.player_a),
                    _name(m.player_b),
                    _pid(m.player_b),
                    result,
                ]
            )
    return _csv(["Round", "Table", "Player 1", "Player 1 ID", "Player 2", "Player 2 ID", "Result"], rows)


def gem_standings_csv(event: Event, *, after_round: int | None = None) -> str:
    held = tournament_selectors.last_complete_swiss_round(event, through=after_round)
    rows = []
    if held:
        for s in tournament_selectors.standings_for_event(event, after_round=held):
            rows.append(
                [
                    s.rank,
                    _name(s.registration),
                    _pid(s.registration),
                    s.wins,
                    s.match_points,
                    "Yes" if s.status in ("dropped", "disqualified") else "",
                ]
            )
    return _csv(["Rank", "Name", "Player ID", "Wins", "Points", "Dropped"], rows)


def gem_heroes_csv(event: Event) -> str:
    lists = (
        Decklist.objects.filter(registration__event=event, status__in=list(FROZEN))
        .select_related("registration__player")
        .order_by("registration__player__display_name")
    )
    rows = [[_name(d.registration), _pid(d.registration), "", d.hero] for d in lists]
    return _csv(["Name", "Player ID", "Country", "Hero"], rows)
