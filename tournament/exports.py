"""The event's files for spreadsheets and scripts: standings, team standings and results as
CSV (escaped against spreadsheet formulas by ``core.exports.write_csv``) and JSON, with player
IDs and names as a ``PlayerLens`` sees them (the public's by default). Reads only; the views of
``tournament.views.exports`` serve them.
"""

from __future__ import annotations

import json

from core.exports import write_csv

from .access import PlayerLens, public_lens
from .enums import VISIBLE_ROUND_STATUSES
from .models import Event
from .selectors import matches_for_event, standing_dict, standings_for_event, team_standings_for_event
from .standings_policies import policy_spec

# --------------------------------------------------------------------------- team standings


def team_standings_columns(event: Event) -> list[str]:
    """CSV columns of the team standings (the event's policy's tiebreakers)."""
    spec = policy_spec(event.standings_policy)
    return [
        "rank",
        "team",
        "members",
        "match_points",
        "record",
        "byes",
        *(c.key for c in spec.columns),
        "status",
    ]


def team_standings_csv(event: Event, *, lens: PlayerLens | None = None) -> str:
    """Team standings as CSV text (members joined by " / "; escaped against spreadsheet formulas)."""
    rows = [
        {**row, "members": " / ".join(row["members"])} for row in team_standings_for_event(event, lens=lens)
    ]
    return write_csv(rows, team_standings_columns(event))


def team_standings_json(event: Event, *, lens: PlayerLens | None = None) -> str:
    return json.dumps(
        {
            "event": event.slug,
            "standings_policy": event.standings_policy,
            "team_standings": team_standings_for_event(event, lens=lens),
        },
        indent=2,
    )


# --------------------------------------------------------------------------- exports

STANDINGS_COLUMNS = [
    "rank",
    "player_id",
    "name",
    "match_points",
    "record",
    "byes",
    "cmp",
    "mlp",
    "omlp",
    "ocmp",
    "status",
]


def standings_columns(event: Event) -> list[str]:
    """CSV columns of the standings: FaB's ``STANDINGS_COLUMNS``, or the same with the event's
    policy's tiebreakers (3/1/0: omw, gw, ogw) in place of cmp, mlp, omlp, ocmp."""
    spec = policy_spec(event.standings_policy)
    return [*STANDINGS_COLUMNS[:6], *(c.key for c in spec.columns), "status"]


RESULTS_COLUMNS = [
    "round",
    "stage",
    "table",
    "player_a_id",
    "player_a",
    "player_b_id",
    "player_b",
    "result",
    "result_kind",
    "games_a",
    "games_b",
    "games_drawn",
]


def _placed_rows(event: Event, after_round: int | None, lens: PlayerLens, placings) -> list[dict]:
    """Standings rows; with ``placings`` (``progress.placing_by_registration``: the final places
    once play is over) each row gains ``place`` and ``finish`` and the rows go in final order."""
    rows = [
        (row.registration.pk, standing_dict(row, lens))
        for row in standings_for_event(event, after_round=after_round)
    ]
    if not placings:
        return [r for _pk, r in rows]
    for pk, r in rows:
        placing = placings.get(pk)
        r["place"] = placing.place if placing else None
        r["finish"] = placing.label if placing else ""
    return [r for _pk, r in sorted(rows, key=lambda pr: (pr[1]["place"] is None, pr[1]["place"] or 0))]


def standings_csv(
    event: Event, *, after_round: int | None = None, lens: PlayerLens | None = None, placings=None
) -> str:
    """Standings as CSV text (header row first; names escaped against spreadsheet formulas).
    Player IDs and names as ``lens`` sees them (default: the public's, with no IDs). With
    ``placings`` (final standings of a finished event) the first columns are place and finish."""
    lens = lens or public_lens(event)
    rows = _placed_rows(event, after_round, lens, placings)
    columns = ["place", "finish", *standings_columns(event)] if placings else standings_columns(event)
    return write_csv(rows, columns, ignore_extra=True)


def standings_json(
    event: Event, *, after_round: int | None = None, lens: PlayerLens | None = None, placings=None
) -> str:
    lens = lens or public_lens(event)
    rows = _placed_rows(event, after_round, lens, placings)
    return json.dumps(
        {
            "event": event.slug,
            "after_round": after_round,
            "standings_policy": event.standings_policy,
            "final": bool(placings),
            "standings": rows,
        },
        indent=2,
    )


def _result_rows(event: Event, lens: PlayerLens):
    for m in matches_for_event(event).filter(round__status__in=VISIBLE_ROUND_STATUSES):
        b = m.player_b if m.player_b_id else None
        yield {
            "round": m.round.number,
            "stage": m.round.stage,
            "table": m.table_number,
            "player_a_id": lens.player_id(m.player_a) or "",
            "player_a": lens.name(m.player_a),
            "player_b_id": lens.player_id(b) or "",
            "player_b": lens.name(b),
            "result": m.result,
            "result_kind": m.result_kind,
            "games_a": m.games_a,
            "games_b": m.games_b,
            "games_drawn": m.games_drawn,
        }


def results_csv(event: Event, *, lens: PlayerLens | None = None) -> str:
    """Every published match result as CSV text (names escaped against spreadsheet formulas).
    Player IDs and names as ``lens`` sees them (default: the public's, with no IDs)."""
    return write_csv(_result_rows(event, lens or public_lens(event)), RESULTS_COLUMNS)


def results_json(event: Event, *, lens: PlayerLens | None = None) -> str:
    rows = list(_result_rows(event, lens or public_lens(event)))
    return json.dumps({"event": event.slug, "results": rows}, indent=2)
