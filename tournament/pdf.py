"""Printable documents of an event: pairings, standings and match result slips.

Each document class turns already-loaded rows (from ``tournament.selectors``) into
one template under ``tournament/templates/tournament/pdf/``; each is a ``core.documents.Document``
printed in the event's ``print_language`` and named ``<event>-round-<n>-<kind>.pdf``.
The row builders here are shared with the HTML pages so paper and screen agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from core.documents import Document
from core.pdf import qr_svg_data_uri

from . import progress, selectors
from .access import STAFF_LENS, PlayerLens, public_lens
from .enums import MatchResult, RoundStage
from .services.pods import event_pod_standings, uses_pods
from .standings import points_before_rounds
from .standings_policies import PolicySpec, policy_spec

BYE_LABEL = "BYE"


def event_meta(event) -> str:
    """One line describing the event (format, REL, venue) for headers."""
    parts = [event.get_format_display(), f"{event.get_rel_display()} REL"]
    if event.venue:
        parts.append(event.venue)
    if event.starts_at:
        parts.append(event.starts_at.date().isoformat())
    return " · ".join(parts)


def _name(registration, lens: PlayerLens) -> str:
    return lens.name(registration) if registration is not None else BYE_LABEL


def _pid(registration, lens: PlayerLens) -> str:
    return lens.player_id(registration) or ""


def _result_label(match, lens: PlayerLens) -> str:
    """A result in words for pages and paper: "Ana won", "Draw", "Double loss", "Bye" (the
    staff's "player A / player B" stays on the correction form)."""
    if not match.result:
        return ""
    if match.result == MatchResult.A_WINS:
        return f"{_name(match.player_a, lens)} won"
    if match.result == MatchResult.B_WINS and match.player_b_id:
        return f"{_name(match.player_b, lens)} won"
    return match.get_result_display()


def rows_by_table(
    matches: Iterable, points: Mapping[int, Any] | None = None, *, lens: PlayerLens = STAFF_LENS
) -> list[dict[str, Any]]:
    """One row per match, ordered by table number (byes, with no table, last); names and
    player IDs as ``lens`` sees them (public pages and documents pass the public's lens)."""
    points = points or {}
    rows = []
    for m in matches:
        rows.append(
            {
                "match_id": m.pk,
                "table": m.table_number,
                "a_id": m.player_a_id,
                "a_name": _name(m.player_a, lens),
                "a_player_id": _pid(m.player_a, lens),
                "a_points": points.get(m.player_a_id),
                "b_id": m.player_b_id,
                "b_name": _name(m.player_b, lens),
                "b_player_id": _pid(m.player_b, lens),
                "b_points": points.get(m.player_b_id) if m.player_b_id else None,
                "result": m.result,
                "result_label": _result_label(m, lens),
                "score": f"{m.games_a}-{m.games_b}" + (f"-{m.games_drawn}" if m.games_drawn else "")
                if m.result
                and m.player_b_id
                and m.result != "unfinished"  # TR&P 9.2: no score
                and (m.games_a or m.games_b or m.games_drawn)
                else "",
                "is_bye": m.player_b_id is None,
            }
        )
    rows.sort(key=lambda r: (r["table"] is None, r["table"] or 0, r["a_name"].casefold()))
    return rows


def rows_by_name(
    matches: Iterable, points: Mapping[int, Any] | None = None, *, lens: PlayerLens = STAFF_LENS
) -> list[dict[str, Any]]:
    """One row per player (both sides of every match), alphabetical, so players find their table
    fast; names and player IDs as ``lens`` sees them."""
    points = points or {}
    rows = []
    for m in matches:
        sides = [(m.player_a, m.player_b)]
        if m.player_b_id:
            sides.append((m.player_b, m.player_a))
        for me, opponent in sides:
            rows.append(
                {
                    "registration_id": me.pk,
                    "name": _name(me, lens),
                    "player_id": _pid(me, lens),
                    "table": m.table_number,
                    "opponent": _name(opponent, lens),
                    "opponent_player_id": _pid(opponent, lens),
                    "points": points.get(me.pk),
                }
            )
    rows.sort(key=lambda r: (r["name"].casefold(), r["player_id"]))
    return rows


class EventSheet(Document):
    """A document of one round of an event, printed in the event's language of printed sheets."""

    event: Any
    round_number: int

    def kind(self) -> str:
        """One of ``DOCUMENT_KINDS``."""
        raise NotImplementedError

    def language(self) -> str:
        return getattr(self.event, "print_language", "")

    def filename(self) -> str:
        return f"{self.event.slug}-round-{self.round_number}-{self.kind()}.pdf"


@dataclass
class PairingsSheet(EventSheet):
    """Pairings of one round, by table or alphabetically by name, for the wall."""

    event: Any
    round_number: int
    matches: list
    order: str = "table"
    points: Mapping[int, Any] = field(default_factory=dict)
    lens: PlayerLens = STAFF_LENS
    template_name = "tournament/pdf/pairings.html"

    def kind(self) -> str:
        return f"pairings-{self.order}"

    def __post_init__(self) -> None:
        if self.order not in ("table", "name"):
            raise ValueError(f"unknown pairings order {self.order!r}: use 'table' or 'name'")

    def context(self) -> dict[str, Any]:
        build = rows_by_table if self.order == "table" else rows_by_name
        return {
            "event": self.event,
            "event_meta": event_meta(self.event),
            "round_number": self.round_number,
            "order": self.order,
            "rows": build(self.matches, self.points, lens=self.lens),
        }


@dataclass
class StandingsSheet(EventSheet):
    """Standings after a round from rows built by ``standings_rows``, with the tiebreaker
    columns of the event's standings policy (TR&P App D; GA: ga-organized-play.md section 4)."""

    event: Any
    round_number: int
    rows: list
    tiebreak_labels: tuple[str, ...] | None = None  # default: the event's policy's columns
    team_rows: list = field(default_factory=list)  # team events (TR&P 9.2): team_standings_rows
    placings: list = field(default_factory=list)  # ``placing_rows``: the final places, once play is over
    unfinished_round: int | None = None  # a Swiss round asked for whose results are not all in
    template_name = "tournament/pdf/standings.html"

    def kind(self) -> str:
        return "standings"

    def context(self) -> dict[str, Any]:
        spec = policy_spec(getattr(self.event, "standings_policy", "fab"))
        labels = (
            self.tiebreak_labels if self.tiebreak_labels is not None else tuple(c.label for c in spec.columns)
        )
        return {
            "event": self.event,
            "event_meta": event_meta(self.event),
            "round_number": self.round_number,
            "rows": self.rows,
            "tiebreak_labels": labels,
            "team_rows": self.team_rows,
            "summary": spec.summary,
            "column_count": 4 + len(labels),
            "placings": self.placings,
            "unfinished_round": self.unfinished_round,
        }


@dataclass
class MatchSlips(EventSheet):
    """One result slip per table with a QR code to the reporting page (byes get no slip)."""

    event: Any
    round_number: int
    matches: list
    report_url: Callable[[Any], str]
    template_name = "tournament/pdf/slips.html"

    def kind(self) -> str:
        return "slips"

    def context(self) -> dict[str, Any]:
        slips = []
        codes: dict[str, str] = {}  # usually one reporting URL for every table: encode it once
        for row in rows_by_table(self.matches):
            if row["is_bye"]:
                continue
            url = self.report_url(row)
            if url not in codes:
                codes[url] = qr_svg_data_uri(url, scale=3)
            slips.append({**row, "qr": codes[url]})
        return {
            "event": self.event,
            "event_meta": event_meta(self.event),
            "round_number": self.round_number,
            "slips": slips,
        }


def standings_rows(standings: Iterable, *, lens: PlayerLens = STAFF_LENS) -> list[dict[str, Any]]:
    """Rows for ``StandingsSheet`` from ``selectors.standings_for_event`` results: the
    tiebreakers of each row's standings policy (FaB: CMP, MLP, OMLP, OCMP; 3/1/0: OMW%, GW%, OGW%);
    names and player IDs as ``lens`` sees them."""
    return [
        {
            "rank": s.rank,
            "name": lens.name(s.registration),
            "player_id": lens.player_id(s.registration) or "",
            "record": s.record,
            "points": s.match_points,
            "tiebreaks": [c.show(getattr(s, c.key)) for c in policy_spec(s.policy).columns],
            "dropped": s.status in ("dropped", "disqualified"),
        }
        for s in standings
    ]


def team_standings_rows(rows: Iterable[dict], spec: PolicySpec) -> list[dict[str, Any]]:
    """Rows of a team standings table (the PDF's and the event page's) from
    ``selectors.team_standings_for_event`` (TR&P 9.2), tiebreakers shown as ``spec`` shows them."""
    return [{**row, "tiebreaks": [c.show(row.get(c.key)) for c in spec.columns]} for row in rows]


def placing_rows(placings: Iterable, *, lens: PlayerLens = STAFF_LENS) -> list[dict[str, Any]]:
    """Rows of the final placings (``progress.final_placings``): place, winner / finalist / top N
    label ("Swiss standings" for the places after a top cut), name and player ID as ``lens`` sees
    them, Swiss record and points."""
    placings = list(placings)
    after_cut = _("Swiss standings") if any(p.label not in ("", _("Winner")) for p in placings) else ""
    return [
        {
            "place": p.place,
            "label": p.label or after_cut,
            "name": lens.name(p.registration),
            "player_id": lens.player_id(p.registration) or "",
            "record": p.standing.record if p.standing is not None else "",
            "points": p.standing.match_points if p.standing is not None else "",
        }
        for p in placings
    ]


@dataclass
class PodSheet(EventSheet):
    """A round of a pod event on paper (TR&P 9.3): pods by table with their seats clockwise, or
    players by name with table, seat and neighbours, or the pod standings, or slips to write the
    places on. ``mode``: "table", "name", "standings" or "slips"."""

    event: Any
    round_number: int
    mode: str
    pods: list = field(default_factory=list)
    standings: list = field(default_factory=list)
    lens: PlayerLens = STAFF_LENS
    template_name = "tournament/pdf/pods.html"

    def kind(self) -> str:
        return f"pairings-{self.mode}" if self.mode in ("table", "name") else self.mode

    def context(self) -> dict[str, Any]:
        tables = []
        by_name = []
        for pod in self.pods:
            seats = list(pod.seats.all())
            names = [_name(s.registration, self.lens) for s in seats]
            tables.append(
                {
                    "table": pod.number,
                    "seats": [
                        {
                            "seat": s.seat,
                            "name": n,
                            "player_id": _pid(s.registration, self.lens),
                            "place": s.place,
                        }
                        for s, n in zip(seats, names)
                    ],
                }
            )
            for i, (seat, name) in enumerate(zip(seats, names)):
                by_name.append(
                    {
                        "name": name,
                        "player_id": _pid(seat.registration, self.lens),
                        "table": pod.number,
                        "seat": seat.seat,
                        "left": names[i - 1] if len(names) > 1 else "bye",
                        "right": names[(i + 1) % len(names)] if len(names) > 1 else "",
                    }
                )
        by_name.sort(key=lambda r: (r["name"].casefold(), r["player_id"]))
        return {
            "event": self.event,
            "event_meta": event_meta(self.event),
            "round_number": self.round_number,
            "mode": self.mode,
            "tables": tables,
            "by_name": by_name,
            "standings": self.standings,
            "points_table": self.event.pod_points,
        }


def pod_document(event, kind: str, round_, *, lens: PlayerLens) -> PodSheet:
    """``document_for`` of an event played in pods."""

    mode = {"pairings-table": "table", "pairings-name": "name", "standings": "standings", "slips": "slips"}[
        kind
    ]
    pods = list(round_.pods.prefetch_related("seats__registration__player").order_by("number"))
    standings = []
    if mode == "standings":
        standings = [
            {
                "rank": row.rank,
                "name": _name(reg, lens),
                "player_id": _pid(reg, lens),
                "points": row.points,
                "firsts": row.firsts,
                "mates": f"{float(row.mates_average):.2f}",
            }
            for row, reg in event_pod_standings(event)
            if row.pods or row.byes
        ]
    return PodSheet(event, round_.number, mode, pods=pods, standings=standings, lens=lens)


DOCUMENT_KINDS = ("pairings-table", "pairings-name", "standings", "slips")
PUBLIC_KINDS = frozenset({"pairings-table", "pairings-name", "standings"})


def document_for(event, kind: str, round_number: int, *, site_url: str = "", lens: PlayerLens | None = None):
    """The document ``kind`` of ``event`` for round ``round_number`` (standings: after that round).

    Public documents show names and IDs as ``lens`` sees them (default: the public's, no IDs);
    match slips are staff paper and always carry both players' IDs.

    Raises ``ValueError`` for an unknown kind and ``Http404`` for an unknown round.
    """

    if kind not in DOCUMENT_KINDS:
        raise ValueError(f"unknown document {kind!r}: choose one of {', '.join(DOCUMENT_KINDS)}")
    lens = lens or public_lens(event)
    round_ = selectors.round_by_number(event, round_number)

    if uses_pods(event):
        return pod_document(event, kind, round_, lens=STAFF_LENS if kind == "slips" else lens)
    if kind == "standings":
        # Standings count complete Swiss rounds only: while round 3 runs, "after round 3" holds
        # round 2's, so the sheet is labelled with the round it holds.
        held = selectors.last_complete_swiss_round(event, through=round_.number) or 0
        standings = selectors.standings_for_event(event, after_round=held) if held else []
        teams = team_standings_rows(
            selectors.team_standings_for_event(event, after_round=held, lens=lens) if held else [],
            policy_spec(event.standings_policy),
        )
        later_swiss = selectors.rounds_for_event(event).filter(stage=RoundStage.SWISS, number__gt=held)
        unfinished = list(later_swiss.filter(number__lte=round_.number).order_by("number"))
        # From the last Swiss round on, a finished event's sheet leads with the final placings
        # (the public page offers the last Swiss round's sheet; the staff the last round's).
        placings = progress.final_placings(event) if held and not later_swiss.exists() else []
        return StandingsSheet(
            event,
            held,
            standings_rows(standings, lens=lens),
            team_rows=teams,
            placings=placing_rows(placings, lens=lens),
            unfinished_round=unfinished[0].number if unfinished else None,
        )
    matches = list(selectors.matches_for_round(round_))
    if kind == "slips":
        report_url = site_url.rstrip("/") + reverse("tournament:player", args=[event.slug])
        return MatchSlips(event, round_.number, matches, report_url=lambda row: report_url)
    points = {reg: pts for (reg, n), pts in points_before_rounds(event).items() if n == round_.number}
    order = "table" if kind == "pairings-table" else "name"
    return PairingsSheet(event, round_.number, matches, order=order, points=points, lens=lens)
