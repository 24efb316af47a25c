"""Coverage for streams and writers (issue 30): an overlay page per feature table for streaming
software (transparent background) and the same as JSON, the round results and the hero breakdown
as JSON. A player who opted out of coverage is never named: their name is left empty. Heroes come
from accepted decklists only once the organizer has published the lists (TR&P 3.7)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from core.middleware import remember_version
from decklists.enums import FROZEN
from decklists.models import Decklist, DecklistPolicy
from decklists.selectors import hero_breakdown
from tournament import access as tournament_access
from tournament import selectors as tournament_selectors
from tournament.access import public_lens
from tournament.enums import VISIBLE_ROUND_STATUSES
from tournament.live import (
    cached_fragment,
    clock_token,
    etag_for,
    not_modified,
    standings_state,
)
from tournament.models import FeatureTable, Match, Round

#: How long a version of an overlay's data answers its polls (every 3 s) without the view: a
#: score reaches the stream at most this late (streams run tens of seconds behind anyway).
OVERLAY_VERSION_SECONDS = 6


def _name(lens, reg) -> str:
    if reg is None or reg.coverage_opt_out:
        return ""
    return lens.name(reg)


def _lists_public(event) -> bool:
    return DecklistPolicy.objects.filter(event=event, published_at__isnull=False).exists()


def _overlay_state(event, table_number: int):
    """(feature table, current round, token of the players' part, whether lists are public)."""
    feature = FeatureTable.objects.filter(event=event, table_number=table_number).first()
    if feature is None:
        raise Http404(gettext("not a feature table"))
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    visible = [r for r in rounds if r.status in VISIBLE_ROUND_STATUSES]
    round_ = visible[-1] if visible else None
    if round_ is None:
        return feature, None, "-", False
    covered = event.registrations.filter(coverage_opt_out=True).count()
    lists = _lists_public(event)
    # The table's own match (its version changes with every report, result and extension) and
    # the standings it shows records from (the last complete round's): a result at another
    # table does not rebuild this overlay's part.
    match = (
        Match.objects.filter(round=round_, table_number=table_number)
        .values_list("pk", "version", "player_a_id", "player_b_id")
        .first()
    )
    standings = standings_state(event, rounds)[1]
    table = "-".join(str(v) for v in match) if match else "none"
    token = f"{round_.pk}.{round_.status}.{table}.{standings}.{covered}.{int(lists)}"
    return feature, round_, token, lists


def overlay_etag(event, table_number: int) -> tuple[str, tuple]:
    """(ETag, state): the ETag changes with the players' part (a result, a drop, a coverage
    choice, published lists), the feature table's name and the clock's stored state
    (``clock_token``); the overlay counts the clock down by itself between changes."""
    state = _overlay_state(event, table_number)
    feature, round_, token, _ = state
    return etag_for("overlay", event.pk, table_number, feature.name, token, clock_token(round_)), state


def overlay_data(event, table_number: int, state: tuple | None = None) -> dict:
    feature, round_, token, lists = state or _overlay_state(event, table_number)
    data: dict = {
        "event": event.name,
        "table": table_number,
        "table_name": feature.name or f"Table {table_number}",
        "round": round_.number if round_ else None,
        "clock": None,
        "players": [],
        "score": None,
        "result": None,
    }
    if round_ is None:
        return data
    data["clock"] = tournament_selectors.clock_status(round_).as_dict()
    # The players' part is shared by every poller until a result, a drop or a coverage choice
    # changes (one build per change, in the shared cache); only the clock is computed each time.
    data.update(
        cached_fragment(
            f"coverage:overlay:{event.pk}:{table_number}:{token}",
            lambda: _table_part(event, round_, table_number, lists),
        )
    )
    return data


def _table_part(event, round_, table_number: int, lists_public: bool) -> dict:
    data: dict = {"players": [], "score": None, "result": None}
    match = next(
        (m for m in tournament_selectors.matches_for_round(round_) if m.table_number == table_number), None
    )
    if match is None:
        return data
    lens = public_lens(event)
    held = tournament_selectors.last_complete_swiss_round(event)
    standings = {}
    if held:
        standings = {
            s.registration.pk: s for s in tournament_selectors.standings_for_event(event, after_round=held)
        }
    heroes = {}
    if lists_public:
        heroes = dict(
            Decklist.objects.filter(
                registration_id__in=[match.player_a_id, match.player_b_id], status__in=list(FROZEN)
            ).values_list("registration_id", "hero")
        )
    for reg in (match.player_a, match.player_b):
        if reg is None:
            continue
        s = standings.get(reg.pk)
        hidden = reg.coverage_opt_out
        data["players"].append(
            {
                "name": _name(lens, reg),
                "hero": "" if hidden else heroes.get(reg.pk, ""),
                "record": "" if hidden or s is None else s.record,
                "rank": None if hidden or s is None else s.rank,
            }
        )
    data["score"] = f"{match.games_a}-{match.games_b}"
    data["result"] = match.result if match.result != "pending" else None
    return data


@require_GET
def overlay(request: HttpRequest, slug: str, table: int) -> HttpResponse:
    event = tournament_access.event_for_viewer(request.user, slug)
    return render(
        request, "mirror/overlay.html", {"event": event, "data": overlay_data(event, table), "table": table}
    )


@require_GET
@remember_version(seconds=OVERLAY_VERSION_SECONDS)
def overlay_json(request: HttpRequest, slug: str, table: int) -> HttpResponse:
    """The overlay's data; 304 to a poller that has the current version (``overlay_etag``).
    Not kept in the anonymous microcache: its clock figure is computed for this moment."""
    event = tournament_access.event_for_viewer(request.user, slug)
    etag, state = overlay_etag(event, table)
    unchanged = not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    response = JsonResponse(overlay_data(event, table, state))
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def results_json(request: HttpRequest, slug: str) -> JsonResponse:
    event = tournament_access.event_for_viewer(request.user, slug)
    lens = public_lens(event)
    rounds = []
    for rnd in tournament_selectors.visible_rounds(event):
        rounds.append(
            {
                "round": rnd.number,
                "status": rnd.status,
                "tables": [
                    {
                        "table": m.table_number,
                        "a": _name(lens, m.player_a),
                        "b": _name(lens, m.player_b),
                        "result": m.result if m.result != "pending" else None,
                        "score": f"{m.games_a}-{m.games_b}",
                    }
                    for m in tournament_selectors.matches_for_round(rnd)
                ],
            }
        )
    return JsonResponse({"event": event.name, "rounds": rounds})


@require_GET
def heroes_json(request: HttpRequest, slug: str) -> JsonResponse:
    event = tournament_access.event_for_viewer(request.user, slug)
    if not _lists_public(event):
        return JsonResponse({"event": event.name, "published": False, "heroes": []})
    return JsonResponse({"event": event.name, "published": True, "heroes": hero_breakdown(event)})
