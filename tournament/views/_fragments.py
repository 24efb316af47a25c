"""Cached page fragments: pairings and standings rows, standings, QR codes.

A fragment is cached under a key that changes with every result, pairing or registration
change the fragment shows (the "token"), so readers never see stale rows after a service write."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import NamedTuple

from django.core.cache import cache
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from core.pdf import qr_svg_data_uri
from pairings.tiebreakers import StandingRow

from .. import live, selectors
from ..access import PlayerLens, public_lens
from ..enums import RoundStage
from ..models import Event, Match
from ..pdf import rows_by_name, rows_by_table
from ..standings import points_before_rounds
from ..standings_policies import FAB_SPEC

# The tokens and the build-once cache live in ``tournament.live`` (the API uses them too).


# One table row per line, built with ``format_html`` (every value escaped) rather than a
# template: a 2,000-player round is 3,000 rows, and rows are built one match at a time when a
# result changes (``round_rows``), so a row must cost microseconds, not a template render.
_BY_NAME = '<tr data-reg="{}"><td>{}</td><td class="num"><strong>{}</strong></td><td>{}</td>{}</tr>'
_POINTS_CELL = '<td class="num">{}</td>'
_BY_TABLE = (
    '<tr data-table="{}"><td class="num"><strong>{}</strong></td><td>{}{}</td><td>{}{}</td><td>{}</td></tr>'
)
_MUTED_POINTS = ' <span class="muted">({})</span>'
_STANDING = '<tr data-reg="{}"><td class="num">{}</td><td>{}{}</td><td>{}</td><td class="num">{}</td>{}</tr>'
_NUM_CELL = '<td class="num">{}</td>'


def _playing() -> SafeString:
    return format_html('<span class="muted">{}</span>', _("playing"))


def _dropped() -> SafeString:
    return format_html(' <span class="badge">{}</span>', _("dropped"))


def _dash(value):
    return "–" if value is None else value


def by_name_row(r: dict, *, points: bool = True) -> SafeString:
    """One player's pairing (a row of ``tournament.pdf.rows_by_name``) as a table row."""
    cell = format_html(_POINTS_CELL, "" if r["points"] is None else r["points"]) if points else ""
    return format_html(_BY_NAME, r["registration_id"], r["name"], _dash(r["table"]), r["opponent"], cell)


def by_table_row(r: dict) -> SafeString:
    """One table (a row of ``tournament.pdf.rows_by_table``) with its result as a table row."""
    a_points = format_html(_MUTED_POINTS, r["a_points"]) if r["a_points"] is not None else ""
    b_points = format_html(_MUTED_POINTS, r["b_points"]) if r["b_points"] is not None else ""
    result = format_html("{} {}", r["result_label"], r["score"]) if r["result"] else _playing()
    table = "" if r["table"] is None else r["table"]
    return format_html(
        _BY_TABLE, table, _dash(r["table"]), r["a_name"], a_points, r["b_name"], b_points, result
    )


def standing_row(s, spec=FAB_SPEC, *, below_cut: bool = False) -> SafeString:
    """One standings line (``StandingLine``) with the tiebreaker columns of the policy ``spec``;
    ``below_cut`` marks a player who did not make a multi-day event's cut (TR&P App B)."""
    cells = format_html_join("", _NUM_CELL, ((c.show(s.figure(c.key)),) for c in spec.columns))
    badge = _dropped() if s.status == "dropped" else ""
    if below_cut:
        badge = format_html('{} <span class="badge below-cut">{}</span>', badge, _("below the cut"))
    return format_html(_STANDING, s.registration_id, s.rank, s.name, badge, s.record, s.match_points, cells)


def join_rows(rows: Iterable[SafeString]) -> SafeString:
    """Rows one per line (already escaped: joined as they are)."""
    return format_html_join("\n", "{}", ((row,) for row in rows))


def by_name_rows(rows, *, points: bool = True) -> SafeString:
    """Pairings by name (``tournament.pdf.rows_by_name``) as table rows."""
    return join_rows(by_name_row(r, points=points) for r in rows)


def by_table_rows(rows) -> SafeString:
    """Pairings by table (``tournament.pdf.rows_by_table``) as table rows."""
    return join_rows(by_table_row(r) for r in rows)


def standings_rows(standings, spec=FAB_SPEC) -> SafeString:
    """Table rows with the tiebreaker columns of the standings policy ``spec``."""
    return join_rows(standing_row(s, spec) for s in standings)


class StandingLine(NamedTuple):
    """A standings row as the pages show it: the engine's own row (rank, match points and the
    exact tiebreaker values, which the ranking explanation needs) and the few things the engine
    does not know. A tuple of plain values, so the whole standings are cheap to cache and read."""

    registration_id: int
    name: str
    record: str
    status: str
    row: StandingRow

    @classmethod
    def of(cls, standing, lens: PlayerLens | None = None) -> StandingLine:
        """From a ``selectors.Standing``, with the name as ``lens`` shows it (default: in full)."""
        return cls(
            standing.registration.pk,
            lens.name(standing.registration) if lens else standing.registration.player.display_name,
            standing.record,
            standing.status,
            standing.row,
        )

    @property
    def rank(self) -> int:
        return self.row.rank

    @property
    def match_points(self) -> int:
        return self.row.match_points

    def figure(self, key: str):
        """The value of a tiebreaker column (``Column.key``) of the standings policy."""
        return getattr(self.row, key)


# QR codes are pure functions of the URL and cost tens of milliseconds: keep them a day.
QR_SECONDS = 24 * 3600


def _qr(url: str) -> str:
    """The page's QR code as a data URI, through the cache (shared by every process on Redis)."""
    key = "tournament:qr:" + hashlib.sha256(url.encode()).hexdigest()
    return cache.get_or_set(key, lambda: qr_svg_data_uri(url), QR_SECONDS)


def _cached_standings(event: Event, standings_round: int | None, token: str) -> list:
    """Standings after ``standings_round`` (TR&P App D, computed by the pairings engine), cached per token."""
    if not standings_round:
        return []
    lens = public_lens(event)  # the public pages show the public's names (never IDs)
    key = (
        f"tournament:standings-rows:{event.pk}:{event.slug}:{event.standings_policy}:"
        f"{int(lens.short_names)}:{token}"
    )
    return live.cached_fragment(
        key,
        lambda: {
            "rows": [
                StandingLine.of(s, lens)
                for s in selectors.standings_for_event(event, after_round=standings_round)
            ]
        },
    )["rows"]


# --------------------------------------------------------------------------- pairings, per match

# A round's rendered rows are kept (shared cache) for a day of play; each entry is small.
ROUND_ROWS_SECONDS = 12 * 3600


def points_going_into(event: Event, round_) -> dict[int, int]:
    """Each player's match points going into ``round_`` (the pairings' score groups)."""
    return {reg: pts for (reg, n), pts in points_before_rounds(event).items() if n == round_.number}


def round_rows(event: Event, round_, *, lens: PlayerLens | None = None) -> dict:
    """The pairings of ``round_`` as rendered rows: ``{"tables": [row by table, in table order],
    "names": [row by name, alphabetical], "index": {registration id: (position in names,
    position in tables)}}``.

    Work is proportional to what changed: the rows are kept in the shared cache per match with
    the ``Match.version`` they were built from, and a call re-reads and re-renders only the
    matches whose version moved (a report or a confirmation: one match, three rows). The points
    going into the round depend on earlier rounds only, so they are part of the cache key.
    Names and player IDs are as ``lens`` sees them (default: the public's, which shows no IDs).
    """
    lens = lens or public_lens(event)
    swiss = round_.stage == RoundStage.SWISS
    earlier = live.results_token(event, through_round=round_.number - 1) if swiss else "-"
    seen = f"{int(lens.show_ids)}{int(lens.short_names)}"
    key = f"tournament:round-rows:{round_.pk}:{event.standings_policy}:{earlier}:{seen}"
    state = cache.get(key) or {"versions": {}, "by_table": {}, "by_name": {}, "points": None}
    current = dict(Match.objects.filter(round=round_).values_list("id", "version"))
    changed = [mid for mid, v in current.items() if state["versions"].get(mid) != v]
    gone = [mid for mid in state["versions"] if mid not in current]
    if changed:
        matches = selectors.matches_for_round(round_)
        if len(changed) < len(current):
            matches = matches.filter(pk__in=changed)
        matches = list(matches)
        points = state["points"]
        players = {p for m in matches for p in (m.player_a_id, m.player_b_id) if p is not None}
        if points is None or (swiss and not players <= points.keys()):
            points = state["points"] = points_going_into(event, round_) if swiss else {}
        for m in matches:
            t = rows_by_table([m], points, lens=lens)[0]
            state["by_table"][m.pk] = (
                (t["table"] is None, t["table"] or 0, t["a_name"].casefold()),
                by_table_row(t),
            )
            state["by_name"][m.pk] = [
                ((r["name"].casefold(), r["registration_id"]), r["registration_id"], by_name_row(r))
                for r in rows_by_name([m], points, lens=lens)
            ]
            state["versions"][m.pk] = m.version  # the version these rows were built from
    for mid in gone:
        for part in ("versions", "by_table", "by_name"):
            state[part].pop(mid, None)
    if changed or gone:
        cache.set(key, state, ROUND_ROWS_SECONDS)
    ordered = sorted(state["by_table"].items(), key=lambda e: e[1][0])
    table_index = {mid: i for i, (mid, _entry) in enumerate(ordered)}
    names = sorted(
        (
            (sort, reg, html, table_index[mid])
            for mid, rows in state["by_name"].items()
            for sort, reg, html in rows
        ),
        key=lambda e: e[0],
    )
    return {
        "tables": [html for _mid, (_sort, html) in ordered],
        "names": [html for _sort, _reg, html, _t in names],
        "index": {reg: (i, t) for i, (_sort, reg, _html, t) in enumerate(names)},
    }


# Phones get the player's own line first and the long lists a page at a time.
PAGE_ROWS = 100


def page_of(rows: list, size: int, page: int, show_all: bool = False) -> SafeString:
    """Page ``page`` (from 1) of ``rows`` (rendered), ``size`` rows a page, or all of them."""
    return join_rows(rows if show_all else rows[(page - 1) * size : page * size])


def page_count(count: int, size: int) -> int:
    return max(1, -(-count // size))
