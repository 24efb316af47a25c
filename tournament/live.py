"""Live event data for pollers: version tokens, the shared build-once cache, conditional GET.

A room of phones polls the event page, the clock and the standings while every table reports.
Three things keep that cheap, for the pages and the API alike:

- a **token** per thing shown (a round's pairings, the standings after a round) that changes
  with every write that changes it and with nothing else (services bump ``Match.version`` on
  every match change; registrations are counted by status), computed with one aggregate query;
- **build once per token**: ``cached_fragment`` stores what was built under the token in the
  Django cache (Redis, shared by every worker, when configured), and concurrent requests for
  the same new token wait for the one that builds it;
- **conditional GET**: ``etag_for`` turns the tokens into an ETag, and ``not_modified``
  answers 304 before anything is built or rendered when the poller already has that version;
- **row chunks** for the staff (``cached_chunks``): long tables are rendered in chunks of rows,
  each cached under a digest of exactly what it shows, so one result re-renders one chunk;
- a **microcache** for anonymous spectators (``public_microcache``): their answer is the same
  for all of them, so it is kept whole for a second or two and served from the shared cache.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Q, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.template import Context, Engine
from django.utils.http import parse_etags, quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.middleware import is_anonymous_poll

from . import selectors
from .access import STAFF_LENS, PlayerLens, public_lens
from .enums import RoundStage, RoundStatus
from .models import Event, Match, Pod, Registration, Round

# Built fragments are cached under a key that changes with every result and pairing change; the
# timeout only bounds staleness after writes that bypass the services.
FRAGMENT_SECONDS = 300
# How long the other requests wait for the one building a fragment before building it themselves.
BUILD_WAIT_SECONDS = 10
BUILD_POLL_SECONDS = 0.02


def results_token(event: Event, *, through_round: int | None = None, round_=None) -> str:
    """Changes whenever a match of the rounds concerned is created, changed or removed
    (services bump ``Match.version`` on every change) or a player is disqualified."""
    qs = (
        Match.objects.filter(round=round_)
        if round_ is not None
        else Match.objects.filter(round__event=event, round__number__lte=through_round or 0)
    )
    agg = qs.aggregate(v=Sum("version"), n=Count("id"), m=Sum("id"), done=Count("id", filter=~Q(result="")))
    return f"{agg['v'] or 0}.{agg['n']}.{agg['m'] or 0}.{agg['done']}"


def last_complete_swiss(rounds) -> int | None:
    done = [r.number for r in rounds if r.status == RoundStatus.COMPLETE and r.stage == RoundStage.SWISS]
    return done[-1] if done else None


def standings_state(event: Event, rounds) -> tuple[int | None, str]:
    """(last complete Swiss round of ``rounds``, a token that changes with anything the standings show)."""
    standings_round = last_complete_swiss(rounds)
    # Late entries (more registrations), drops, re-entries and disqualifications change the rows.
    left = event.registrations.aggregate(
        n=Count("id"),
        dq=Count("id", filter=Q(status="disqualified")),
        dropped=Count("id", filter=Q(status="dropped")),
    )
    token = f"{standings_round}.{left['n']}.{left['dq']}.{left['dropped']}." + results_token(
        event, through_round=standings_round
    )
    return standings_round, token


def cached_fragment(key: str, build: Callable[[], dict], timeout: int = FRAGMENT_SECONDS) -> dict:
    """``build()`` once per key: when a room of phones asks for a page whose results just
    changed, one request builds it and the others wait for that copy.

    The one that builds is the one whose ``cache.add`` of the key's "building" marker succeeds
    (atomic in every cache backend, so on Redis this holds across processes and machines); the
    others poll for the value, and build it themselves if the builder fails or takes longer
    than ``BUILD_WAIT_SECONDS``.

    Fragments hold words (result labels, badges), so each language has its own copy.
    """
    key = f"{key}:{get_language()}"
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
            if cache.get(marker) is None:
                # The builder finished (its copy may have landed between our two looks) or gave
                # up on an error: look once more, and build here only when there is no copy.
                value = cache.get(key)
                if value is not None:
                    return value
                break
    else:
        # A builder may have stored the value and dropped its marker between our first look
        # and our marker: look again before building a second time.
        value = cache.get(key)
        if value is not None:
            cache.delete(marker)
            return value
    try:
        value = build()
        cache.set(key, value, timeout)
    finally:
        cache.delete(marker)
    return value


# --------------------------------------------------------------------------- row chunks

#: Rows per chunk of ``cached_chunks`` (a 1,000-table round: 20 chunks, one re-rendered per result).
CHUNK_ROWS = 50


def chunked(rows: list, size: int | None = None) -> list[list]:
    """``rows`` in consecutive chunks of ``size`` (default ``CHUNK_ROWS``)."""
    size = size or CHUNK_ROWS
    return [rows[i : i + size] for i in range(0, len(rows), size)]


def cached_chunks(
    template_name: str, chunks: list[list], shared: dict, *, prefix: str, timeout: int = FRAGMENT_SECONDS
) -> list[SafeString]:
    """``template_name`` rendered once per chunk of rows (its context: ``shared`` and ``rows``,
    the chunk), each rendering kept in the shared cache: a poller whose table changed in one row
    renders one chunk and reads the others with one ``get_many``.

    A chunk's key is ``prefix`` and a digest of everything the rendering reads: the template's
    source (it must include no other template), the active language, ``shared`` (the viewer's flags that change the markup) and the
    chunk's rows, which must therefore be plain values (their ``repr`` is digested). A changed
    row, flag or template gives another key, so a kept chunk is never stale and one staff
    member's markup (an "edit" link) is never shown to a role that may not have it. The
    rendering gets no request and no context processors: nothing outside the key goes in.
    """
    engine = Engine.get_default()  # the project's one Django template engine
    template = engine.get_template(template_name)
    base = hashlib.blake2b(digest_size=16)
    base.update(template.source.encode())
    base.update(f"|{get_language()}|{sorted(shared.items())!r}|".encode())
    keys = []
    for rows in chunks:
        digest = base.copy()
        digest.update(repr(rows).encode())
        keys.append(f"{prefix}:{digest.hexdigest()}")
    kept = cache.get_many(keys) if keys else {}
    built: dict[str, str] = {}
    out = []
    for key, rows in zip(keys, chunks, strict=True):
        html = kept.get(key, built.get(key))
        if html is None:
            html = built[key] = template.render(
                Context({**shared, "rows": rows}, autoescape=engine.autoescape)
            )
        out.append(mark_safe(html))  # rendered above or by a poller before, autoescaped
    if built:
        cache.set_many(built, timeout)
    return out


# --------------------------------------------------------------------------- conditional GET


def etag_for(*parts) -> str:
    """A strong ETag (quoted) from the tokens and choices that determine a response."""
    digest = hashlib.blake2b("|".join(str(p) for p in parts).encode(), digest_size=12).hexdigest()
    return quote_etag(digest)


def not_modified(request: HttpRequest, etag: str) -> HttpResponseNotModified | None:
    """A 304 when the request's If-None-Match names ``etag`` (weak or strong: GZipMiddleware
    weakens the ETags it compresses), else None."""
    header = request.headers.get("If-None-Match")
    if not header:
        return None
    wanted = etag.removeprefix("W/")
    for tag in parse_etags(header):
        if tag == "*" or tag.removeprefix("W/") == wanted:
            response = HttpResponseNotModified()
            response["ETag"] = etag
            return response
    return None


def clock_token(round_: Round | None, *, now=None) -> str:
    """Changes with anything a clock's poller cannot work out by counting down itself: the
    round (a new one published), its status and stage, the stored clock (started, paused,
    adjusted, time called) and the moment time runs out. A poller that has this version keeps
    counting down from the answer it has (``clock.js``, the coverage overlay)."""
    if round_ is None:
        return "none"
    status = selectors.clock_status(round_, now=now)
    return (
        f"{round_.pk}.{round_.number}.{round_.status}.{round_.stage}.{round_.clock_state}."
        f"{round_.started_at}.{round_.paused_at}.{round_.elapsed_before_pause}.{round_.duration_seconds}."
        f"{round_.time_called_at}.{int(status.time_called)}"
    )


def pods_token(event: Event) -> str:
    """Changes with every pod seated, reported or confirmed (services bump ``Pod.version``)."""
    agg = Pod.objects.filter(round__event=event).aggregate(n=Count("id"), v=Sum("version"), m=Sum("id"))
    return f"{agg['n']}.{agg['v'] or 0}.{agg['m'] or 0}"


# --------------------------------------------------------------------------- standings API


def standings_payload(
    event: Event, *, after_round: int | None = None, lens: PlayerLens | None = None
) -> tuple[str, Callable[[], list]]:
    """(ETag, payload getter) of the standings API: the rows (``Standing.as_dict``) computed
    once per standings token and shared by every worker, never per request.

    Two copies are cached, the staff's (every player ID) and the public's (no IDs, short names
    when the event uses them); a player's own row is then shown with their own ID and name
    (``PlayerLens``), so the ETag also names that player."""
    lens = lens or public_lens(event)
    base = STAFF_LENS if lens.show_ids else public_lens(event)
    rounds: Iterable[Round] = (
        Round.objects.filter(event=event).only("number", "status", "stage").order_by("number")
    )
    shown = [r for r in rounds if after_round is None or r.number <= after_round]
    standings_round, token = standings_state(event, shown)
    key = (
        f"tournament:standings-api:{event.pk}:{event.slug}:{event.standings_policy}:"
        f"{event.updated_at.timestamp()}:{standings_round}:{token}:{'staff' if base.show_ids else 'public'}"
    )
    etag = etag_for(f"{key}:{lens.own_player_pk or ''}")

    def payload() -> list:
        rows = cached_fragment(
            key,
            lambda: {
                "rows": [
                    selectors.standing_dict(r, base)
                    for r in selectors.standings_for_event(event, after_round=after_round)
                ]
            },
        )["rows"]
        if base.show_ids or lens.own_player_pk is None:
            return rows
        own = (
            Registration.objects.filter(event=event, player_id=lens.own_player_pk)
            .select_related("player")
            .first()
        )
        if own is None:
            return rows
        return [lens.redact(row, own.player) if row["registration_id"] == own.pk else row for row in rows]

    return etag, payload


# --------------------------------------------------------------------------- staff dashboard


def staff_live_token(event: Event, round_: Round | None) -> str:
    """Changes with anything the live part of the staff dashboard shows: a result, report,
    confirmation or dispute in any round so far (each bumps ``Match.version``), the current
    round's status and the registrations by status. Two aggregate queries."""
    if round_ is None:
        results = "-"
    else:
        results = results_token(event, through_round=round_.number)
    regs = event.registrations.order_by().values_list("status").annotate(n=Count("id"))
    counts = ",".join(f"{status}={n}" for status, n in sorted(regs))
    head = f"{round_.pk}.{round_.status}" if round_ is not None else "none"
    return f"{head}|{results}|{counts}"


# --------------------------------------------------------------------------- microcache

# Headers of a kept answer that are replayed; the rest (Vary, Content-Length, compression) are
# set again by the middleware on the way out.
_REPLAYED_HEADERS = ("Content-Type", "ETag", "Cache-Control", "Content-Language", "Allow")


# How long a kept answer may still be served, stale, while one request builds its successor.
MICROCACHE_STALE_SECONDS = 30


def _replay(request: HttpRequest, headers: list, content: bytes) -> HttpResponse:
    """The kept answer again, or a 304 when the poller already has its ETag."""
    etag = dict(headers).get("ETag")
    if etag:
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
    response = HttpResponse(content)
    for name, value in headers:
        response[name] = value
    return response


def microcache_key(request: HttpRequest) -> str:
    """The cache key of an anonymous answer: the full URL, the Accept header (which chooses
    between the API's JSON and its browsable page) and the page's language (from the switcher's
    cookie or Accept-Language: core.middleware.AccountLocale)."""
    varies = f"{request.build_absolute_uri()} {request.headers.get('Accept', '')} {get_language()}"
    return "tournament:micro:" + hashlib.blake2b(varies.encode(), digest_size=16).hexdigest()


def public_microcache(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve anonymous GETs of ``view`` from a copy kept ``ARBITER_PUBLIC_MICROCACHE_SECONDS``
    in the shared cache (issue 20: a hundred spectators polling a 2,000-player event cost one
    build per interval instead of one per request, whatever changed in between).

    Only answers that are the same for every anonymous visitor are kept: 200s that set no
    cookie and used no CSRF token, to requests with no session, messages or Authorization.
    Logged-in players, staff and API clients with a token always get a fresh answer. The kept
    answer keeps its ETag, so a poller that has it gets a 304.

    When the copy is older than the interval, one request (the one whose ``cache.add`` of the
    "building" marker succeeds, across processes) builds the next copy while the others are
    still answered with the old one, so spectators never queue behind a rebuild; a copy is
    never served more than ``MICROCACHE_STALE_SECONDS`` past its interval.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        seconds = settings.ARBITER_PUBLIC_MICROCACHE_SECONDS
        if seconds <= 0 or not is_anonymous_poll(request):
            return view(request, *args, **kwargs)
        key = microcache_key(request)
        marker = f"{key}:building"
        kept = cache.get(key)
        building = False
        if kept is not None:
            fresh_until, headers, content = kept
            if time.time() < fresh_until:
                return _replay(request, headers, content)
            building = cache.add(marker, 1, BUILD_WAIT_SECONDS)
            if not building:  # another request is building the next copy: the old one meanwhile
                return _replay(request, headers, content)
        try:
            response = view(request, *args, **kwargs)
            if hasattr(response, "render") and callable(response.render):
                response = response.render()  # DRF and template responses: their bytes are kept
            keep = (
                response.status_code == 200
                and not response.cookies
                and not getattr(response, "streaming", False)
                and not request.META.get("CSRF_COOKIE_USED")
            )
            if keep:
                headers = [(name, response[name]) for name in _REPLAYED_HEADERS if response.has_header(name)]
                cache.set(
                    key,
                    (time.time() + seconds, headers, response.content),
                    seconds + MICROCACHE_STALE_SECONDS,
                )
            return response
        finally:
            if building:
                cache.delete(marker)

    return wrapper


# --------------------------------------------------------------------------- the player's phone


def player_state(event: Event, registration: Registration, lens: PlayerLens) -> dict:
    """What a player's page polls (``player.js``): a ``version`` that changes with anything their
    page shows about their own match (a new round published, their match's result and reports,
    the clock, their registration) and, when something needs them, an ``attention`` key with the
    words to show ("Round 3: table 12 against Ana", "Your opponent reported a result: confirm
    it"). The key is new for each new thing (the round, the report), so the page raises its
    banner once per thing. Two queries; the words use ``lens`` (never another player's ID)."""
    round_ = selectors.visible_rounds(event).last()
    match = selectors.match_for_registration(round_, registration) if round_ is not None else None
    version = "|".join(
        [
            clock_token(round_),
            f"{registration.status}.{registration.pk}",
            f"{match.pk}.{match.version}.{match.report_status}.{match.result}" if match else "-",
        ]
    )
    attention, words = "", ""
    if match is not None and round_ is not None:
        title = selectors.round_title(round_)
        opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
        if match.report_status == "reported" and match.reported_by_id not in (None, registration.pk):
            attention, words = (
                f"confirm-{match.pk}-{match.version}",
                _("%(title)s: your opponent reported a result. Confirm it.") % {"title": title},
            )
        elif match.report_status == "disputed":
            attention, words = (
                f"disputed-{match.pk}",
                _("%(title)s: your reports disagree. See the staff.") % {"title": title},
            )
        elif round_.time_called_at is not None and not match.result:
            attention, words = (
                f"time-{round_.pk}",
                _("%(title)s: time is called. Finish your turn.") % {"title": title},
            )
        elif opponent is None and round_.status != RoundStatus.COMPLETE:
            attention, words = f"pairing-{match.pk}", _("%(title)s: you have a bye.") % {"title": title}
        elif not match.result:
            attention, words = (
                f"pairing-{match.pk}",
                _("%(title)s: table %(table_number)s against %(name)s.")
                % {"title": title, "table_number": match.table_number, "name": lens.name(opponent)},
            )
    return {"version": version, "attention": attention, "words": words}
