"""Omnidex (Grand Archive): an event fetched from its API (by address or ID) or a saved answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.utils.translation import gettext as _

from core.parsing import BadJSON, load_json

from ._common import (
    OMNIDEX,
    ImportFileError,
    ParsedDecklist,
    ParsedEvent,
    ParsedMatch,
    ParsedStanding,
    decode,
)

# --------------------------------------------------------------------------- Omnidex

OMNIDEX_API = "https://api.gatcg.com/omnidex/events/"
OMNIDEX_HOSTS = {"omni.gatcg.com", "www.omni.gatcg.com", "api.gatcg.com", "omnidex.gatcg.com"}
_OMNIDEX_FORMATS = {"standard": "ga-standard", "draft": "ga-draft", "team-standard-3v3": "ga-standard"}


def omnidex_event_id(ref: str) -> str:
    """The event id in an Omnidex event URL (site or API) or a bare id; ValueError otherwise."""
    ref = (ref or "").strip()
    if re.fullmatch(r"\d{1,12}", ref):
        return ref
    url = ref if "://" in ref else "https://" + ref
    parts = urlsplit(url)
    if parts.hostname not in OMNIDEX_HOSTS:
        raise ValueError(
            _("%(ref)s is not an Omnidex address (omni.gatcg.com or api.gatcg.com) or an event id")
            % {"ref": repr(ref)}
        )
    match = re.search(r"/events?/(\d{1,12})(?:[-/?#]|$)", parts.path + ("?" if parts.query else ""))
    if match is None:
        raise ValueError(_("%(ref)s names no event: expected .../events/<number>") % {"ref": repr(ref)})
    return match.group(1)


def omnidex_api_url(ref: str) -> str:
    """The public API address of the event an Omnidex URL or id names."""
    return OMNIDEX_API + omnidex_event_id(ref)


def fetch_omnidex(ref: str, get_json: Callable[[str], Any] | None = None, *, max_rounds: int = 30) -> dict:
    """Everything the public API says about an event, as the bundle ``parse_omnidex`` reads.

    ``get_json(url)`` returns decoded JSON or raises; by default an HTTP GET (httpx, 20 s
    timeout). Players, judges, standings and decklists are optional: a failure is noted.
    Pairings are read stage by stage and round by round until a round is not there.
    """
    get = get_json or _http_get_json
    base = omnidex_api_url(ref)
    bundle: dict[str, Any] = {"event": get(base), "notes": []}
    for part in ("players", "judges", "standings", "decklists"):
        try:
            bundle[part] = get(f"{base}/{part}")
        except Exception as exc:  # noqa: BLE001 - the outside world: say what failed and go on
            bundle["notes"].append(_("%(part)s not read from Omnidex: %(exc)s") % {"part": part, "exc": exc})
    event = bundle["event"] if isinstance(bundle["event"], dict) else {}
    bundle["pairings"] = []
    for stage in event.get("stages") or []:
        stage_id = stage.get("id") if isinstance(stage, dict) else stage
        for number in range(1, max_rounds + 1):
            try:
                page = get(f"{base}/pairings?stage={stage_id}&round={number}")
            except Exception:  # noqa: BLE001 - no such round: this stage is read
                break
            if not isinstance(page, dict) or not page.get("pairings"):
                break
            page.setdefault("stage", stage_id)
            page.setdefault("roundNumber", number)
            bundle["pairings"].append(page)
    return bundle


def _http_get_json(url: str) -> Any:
    # httpx is a dependency already; imported here so the pure readers load without it.
    import httpx  # noqa: PLC0415 (a third-party library only this code path needs)

    try:
        response = httpx.get(
            url,
            timeout=20.0,
            follow_redirects=True,
            headers={"Accept": "application/json", "User-Agent": "Arbiter"},
        )
        response.raise_for_status()
        return response.json()
    except (httpx.HTTPError, ValueError) as exc:
        raise ImportFileError(
            _("Omnidex did not answer %(url)s: %(exc)s") % {"url": url, "exc": exc}
        ) from exc


def _omni_id(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("id", value.get("playerId", value.get("userId")))
    return "" if value is None else str(value)


def _list(value: Any, *keys: str) -> list:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in keys:
            if isinstance(value.get(key), list):
                return value[key]
    return []


def _pct(value: Any) -> float | None:
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return round(number / 100 if number > 1 else number, 6)


def _cards(rows: Any, path: str, notes: list[str]) -> list[tuple[int, str]]:
    out = []
    for i, row in enumerate(rows or []):
        if isinstance(row, dict):
            card = row.get("card")
            name = card.get("name") if isinstance(card, dict) else card
            name = name or row.get("name")
            qty = row.get("quantity", row.get("qty", 1))
        else:
            name, qty = None, None
        if not name or not isinstance(qty, int):
            notes.append(
                _("%(path)s[%(i)s] not read (expected a card and a quantity)") % {"path": path, "i": i}
            )
            continue
        out.append((qty, str(name)))
    return out


def parse_omnidex(data: bytes | str | dict, *, file: str = "omnidex.json") -> ParsedEvent:
    """An Omnidex event: the bundle ``fetch_omnidex`` builds (or saved as JSON): ``event``,
    ``players``, ``judges``, ``standings``, ``pairings`` (one page per stage and round) and
    ``decklists``. The bare event object alone is read too (then only its name and structure).
    """
    if isinstance(data, dict):
        bundle = data
    else:
        text = decode(data, file=file)
        try:
            bundle = load_json(text)
        except BadJSON as exc:
            raise ImportFileError(exc.message, file=file, line=exc.line) from exc
    if not isinstance(bundle, dict):
        raise ImportFileError(_("an Omnidex export is a JSON object"), file=file, line=1)
    event = bundle.get("event", bundle)
    if not isinstance(event, dict) or "id" not in event:
        raise ImportFileError(_("no Omnidex event (an object with an id) in this file"), file=file, line=1)
    out = ParsedEvent(
        source=OMNIDEX,
        source_id=str(event["id"]),
        name=str(event.get("name") or f"Omnidex event {event['id']}"),
        format=_OMNIDEX_FORMATS.get(str(event.get("format") or ""), ""),
        status=str(event.get("status") or ""),
        files=[file],
        notes=[str(n) for n in bundle.get("notes") or []],
    )
    if event.get("format") and not out.format:
        out.notes.append(
            _("format %(get)s not known; the event is Grand Archive Standard")
            % {"get": repr(event.get("format"))}
        )
    swiss = event.get("swissRounds")
    out.swiss_rounds = swiss if isinstance(swiss, int) and swiss > 0 else None
    match_config = str(event.get("swissMatchConfig") or "").lower()
    out.games_per_match = {"bo1": 1, "bo3": 2, "bo5": 3}.get(match_config)
    cut = event.get("singleEliminationCutSize")
    out.cut_size = cut if isinstance(cut, int) and cut >= 0 else None
    for i, row in enumerate(_list(bundle.get("players"), "players", "data")):
        pid = _omni_id(row)
        if not pid or not isinstance(row, dict):
            out.notes.append(_("players[%(i)s] not read (no id)") % {"i": i})
            continue
        p = out.player(pid, str(row.get("username") or row.get("name") or ""))
        p.country = str(row.get("country") or "")
    for row in _list(bundle.get("judges"), "judges", "data"):
        if isinstance(row, dict) and (row.get("username") or row.get("id")):
            out.judges.append(str(row.get("username") or row.get("id")))
    stage_types = {
        _omni_id(s): str(s.get("type") or "swiss") for s in event.get("stages") or [] if isinstance(s, dict)
    }
    swiss_offset = out.swiss_rounds or 0
    for page_no, page in enumerate(_list(bundle.get("pairings"), "pairings")):
        path = f"pairings[{page_no}]"
        if not isinstance(page, dict):
            raise ImportFileError(_("%(path)s is not an object") % {"path": path}, file=file)
        stage_type = stage_types.get(_omni_id(page.get("stage")), "swiss")
        rnd = page.get("round")
        number = page.get("roundNumber")
        if isinstance(rnd, dict):
            number = number or rnd.get("number") or rnd.get("round")
        elif isinstance(rnd, int):
            number = rnd
        if not isinstance(number, int) or number < 1:
            raise ImportFileError(_("%(path)s has no round number") % {"path": path}, file=file)
        top_cut = stage_type != "swiss"
        if top_cut:
            if not swiss_offset:
                swiss_offset = max((m.round for m in out.matches if m.stage == "swiss"), default=0)
            number += swiss_offset
        for i, item in enumerate(_list(page, "pairings")):
            out.matches.append(_omnidex_match(item, number, top_cut, f"{path}.pairings[{i}]", file, out))
    standings = bundle.get("standings")
    latest = None
    if isinstance(standings, dict) and isinstance(standings.get("rounds"), dict):
        latest = standings["rounds"].get("latest")
    for i, row in enumerate(_list(standings, "standings")):
        if not isinstance(row, dict):
            out.notes.append(_("standings[%(i)s] not read") % {"i": i})
            continue
        pid = _omni_id(row.get("player")) or str(
            row.get("playerId") or row.get("userId") or row.get("id") or ""
        )
        if not pid:
            out.notes.append(_("standings[%(i)s] not read (no player)") % {"i": i})
            continue
        name = row.get("player", {}).get("username", "") if isinstance(row.get("player"), dict) else ""
        out.player(pid, str(name or row.get("username") or ""))
        wins = row.get("statsWins")
        score = row.get("statsScore")
        dropped = row.get("statsDroppedRound")
        if isinstance(dropped, int) and dropped > 0:
            out.player(pid).dropped_in_round = dropped
        out.standings.append(
            ParsedStanding(
                latest if isinstance(latest, int) else None,
                i + 1,
                pid,
                str(name or ""),
                wins=wins if isinstance(wins, int) else None,
                points=float(score) if isinstance(score, (int, float)) else None,
                omw=_pct(row.get("statsPercentOMW")),
                gw=_pct(row.get("statsPercentGW")),
                ogw=_pct(row.get("statsPercentOGW")),
                dropped=isinstance(dropped, int) and dropped > 0,
            )
        )
    for i, row in enumerate(_list(bundle.get("decklists"), "decklists", "data")):
        if not isinstance(row, dict):
            continue
        pid = _omni_id(row.get("player")) or str(row.get("playerId") or "")
        if not pid:
            out.notes.append(_("decklists[%(i)s] not read (no player)") % {"i": i})
            continue
        if row.get("isDecklistPublic") is False or row.get("public") is False:
            continue
        deck: dict = row["decklist"] if isinstance(row.get("decklist"), dict) else row
        out.decklists.append(
            ParsedDecklist(
                pid,
                _cards(deck.get("material"), f"decklists[{i}].material", out.notes),
                _cards(deck.get("main"), f"decklists[{i}].main", out.notes),
                _cards(deck.get("sideboard"), f"decklists[{i}].sideboard", out.notes),
            )
        )
    return out


def _omnidex_match(
    item: Any, number: int, top_cut: bool, path: str, file: str, out: ParsedEvent
) -> ParsedMatch:
    if not isinstance(item, dict):
        raise ImportFileError(_("%(path)s is not an object") % {"path": path}, file=file)
    sides = [s for s in item.get("pairing") or [] if isinstance(s, dict)]
    if not sides or not _omni_id(sides[0]):
        raise ImportFileError(_("%(path)s has no players") % {"path": path}, file=file)
    label = str(item.get("label") or item.get("table") or "")
    digits = re.search(r"[0-9]{1,9}", label)
    table = int(digits.group()) if digits else None
    stage = "top_cut" if top_cut else "swiss"
    a = sides[0]
    a_id = _omni_id(a)
    out.player(a_id)
    if a.get("dropped") is True and out.players[a_id].dropped_in_round is None:
        out.players[a_id].dropped_in_round = number
    if len(sides) == 1 or item.get("status") == "byed" or a.get("status") == "byed":
        return ParsedMatch(number, None, a_id, None, "bye", stage=stage)
    b = sides[1]
    b_id = _omni_id(b)
    out.player(b_id)
    if b.get("dropped") is True and out.players[b_id].dropped_in_round is None:
        out.players[b_id].dropped_in_round = number
    statuses = (str(a.get("status")), str(b.get("status")))
    result = {
        ("winner", "loser"): "a",
        ("loser", "winner"): "b",
        ("tied", "tied"): "draw",
        ("loser", "loser"): "double_loss",
    }.get(statuses, "")
    if not result and item.get("status") == "complete":
        out.notes.append(
            _("%(path)s: sides %(statuses)s not read; the match is kept as not played")
            % {"path": path, "statuses": statuses}
        )
    score_a, score_b = a.get("score"), b.get("score")
    return ParsedMatch(
        number,
        table,
        a_id,
        b_id,
        result,
        stage=stage,
        games_a=score_a if isinstance(score_a, int) else None,
        games_b=score_b if isinstance(score_b, int) else None,
    )
