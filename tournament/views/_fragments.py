"""Cached page fragments: pairings and standings rows, standings, QR codes.

A fragment is cached under a key that changes with every result, pairing or registration
change the fragment shows (the "token"), so readers never see stale rows after a service write."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import Count, Q, Sum
from django.template.loader import render_to_string

from core.pdf import qr_svg_data_uri
from pairings.tiebreakers import StandingRow

from .. import selectors
from ..access import PlayerLens, public_lens
from ..enums import RoundStage, RoundStatus
from ..models import Event, Match
from ..standings_policies import FAB_SPEC

# Rendered pairings/standings fragments are cached under a key that changes with every result
# and pairing change; the timeout only bounds staleness after writes that bypass the services.
FRAGMENT_SECONDS = 300


def _last_complete_swiss(rounds) -> int | None:
    done = [r.number for r in rounds if r.status == RoundStatus.COMPLETE and r.stage == RoundStage.SWISS]
    return done[-1] if done else None


def by_name_rows(rows, *, points: bool = True) -> str:
    """Pairings by name (``tournament.pdf.rows_by_name``) as table rows, from a template fragment."""
    return render_to_string("tournament/_rows_by_name.html", {"rows": rows, "points": points})


def by_table_rows(rows) -> str:
    """Pairings by table (``tournament.pdf.rows_by_table``) as table rows, from a template fragment."""
    return render_to_string("tournament/_rows_by_table.html", {"rows": rows})


def standings_rows(standings, spec=FAB_SPEC) -> str:
    """Table rows with the tiebreaker columns of the standings policy ``spec``."""
    rows = [
        {
            "registration_id": s.registration_id,
            "rank": s.rank,
            "name": s.name,
            "status": s.status,
            "record": s.record,
            "match_points": s.match_points,
            "cells": [c.show(s.figure(c.key)) for c in spec.columns],
        }
        for s in standings
    ]
    return render_to_string("tournament/_rows_standings.html", {"rows": rows})


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


def _results_token(event: Event, *, through_round: int | None = None, round_=None) -> str:
    """Changes whenever a match of the rounds concerned is created, changed or removed
    (services bump ``Match.version`` on every change) or a player is disqualified."""
    qs = (
        Match.objects.filter(round=round_)
        if round_ is not None
        else Match.objects.filter(round__event=event, round__number__lte=through_round or 0)
    )
    agg = qs.aggregate(v=Sum("version"), n=Count("id"), m=Sum("id"), done=Count("id", filter=~Q(result="")))
    return f"{agg['v'] or 0}.{agg['n']}.{agg['m'] or 0}.{agg['done']}"


# QR codes are pure functions of the URL and cost tens of milliseconds: keep them a day.
QR_SECONDS = 24 * 3600
# How long the other requests wait for the one building a fragment before building it themselves.
BUILD_WAIT_SECONDS = 10
BUILD_POLL_SECONDS = 0.02


def _qr(url: str) -> str:
    """The page's QR code as a data URI, through the cache (shared by every process on Redis)."""
    key = "tournament:qr:" + hashlib.sha256(url.encode()).hexdigest()
    return cache.get_or_set(key, lambda: qr_svg_data_uri(url), QR_SECONDS)


def _cached_fragment(key: str, build: Callable[[], dict]) -> dict:
    """``build()`` once per key: when a room of phones asks for a page whose results just
    changed, one request renders it and the others wait for that copy.

    The one that builds is the one whose ``cache.add`` of the key's "building" marker succeeds
    (atomic in every cache backend, so on Redis this holds across processes and machines); the
    others poll for the value, and build it themselves if the builder fails or takes longer
    than ``BUILD_WAIT_SECONDS``.
    """
    value = cache.get(key)
    if value is not None:
        return value
    marker = f"{key}:building"
    if not cache.add(marker, 1, BUILD_WAIT_SECONDS):
        deadline = time.monotonic() + BUILD_WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(BUILD_POLL_SECONDS)
            value = cache.get(key)
            if value is not None:
                return value
            if cache.get(marker) is None:  # the builder gave up (an error): build here
                break
    try:
        value = build()
        cache.set(key, value, FRAGMENT_SECONDS)
    finally:
        cache.delete(marker)
    return value


def _standings_state(event: Event, rounds) -> tuple[int | None, str]:
    """(last complete Swiss round, a token that changes with anything the standings show)."""
    standings_round = _last_complete_swiss(rounds)
    # Late entries (more registrations), drops, re-entries and disqualifications change the rows.
    left = event.registrations.aggregate(
        n=Count("id"),
        dq=Count("id", filter=Q(status="disqualified")),
        dropped=Count("id", filter=Q(status="dropped")),
    )
    token = f"{standings_round}.{left['n']}.{left['dq']}.{left['dropped']}." + _results_token(
        event, through_round=standings_round
    )
    return standings_round, token


def _cached_standings(event: Event, standings_round: int | None, token: str) -> list:
    """Standings after ``standings_round`` (TR&P App D, computed by the pairings engine), cached per token."""
    if not standings_round:
        return []
    lens = public_lens(event)  # the public pages show the public's names (never IDs)
    key = (
        f"tournament:standings-rows:{event.pk}:{event.slug}:{event.standings_policy}:"
        f"{int(lens.short_names)}:{token}"
    )
    return _cached_fragment(
        key,
        lambda: {
            "rows": [
                StandingLine.of(s, lens)
                for s in selectors.standings_for_event(event, after_round=standings_round)
            ]
        },
    )["rows"]
