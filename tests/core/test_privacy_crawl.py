"""No public answer carries a player ID (issue 18).

The demo event is seeded (two rounds, results, accepted decklists that the organizer has
published, a judge call with its ruling at a player's table) and then every GET route of the
site that concerns an event is asked with every value its parameters can take (slug, round
numbers, match, registration and object ids, document kinds, export formats), and every
same-site link those pages show is followed. API answers, HTML pages, CSV, JSON and PDFs (as
text, through ``pdftotext``) are searched for the demo players' IDs.

Readers: anonymous, a logged-in stranger with no registration, and a registered player (who may
see their own ID and nobody else's).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SLUG = "demo-armory"
# Parts of the site that are about no event (rules, cards, admin, log-in) are not crawled.
SKIP_PREFIXES = (
    "/static/",
    "/admin/",
    "/accounts/",
    "/rules/",
    "/cards/",
    "/api/cards",
    "/api/rules",
    "/api/schema",
    "/api/docs",
)
MAX_ANSWERS = 900
MAX_PER_PDF_SHAPE = 2


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def _routes() -> list[str]:
    """Every URL pattern of the site as a route string with ``<conv:name>`` placeholders."""
    out: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern):
                out.append(route)

    walk(get_resolver().url_patterns, "")
    return ["/" + r.lstrip("^").rstrip("$") for r in out]


def _expand(route: str, values: dict[str, list[str]]) -> list[str]:
    """The route with each placeholder replaced by each of its values (a cartesian product)."""
    urls = [route]
    for match in re.finditer(r"<(?:\w+:)?(\w+)>", route):
        name = match.group(1)
        options = values.get(name)
        if not options:
            return []
        urls = [u.replace(match.group(0), v, 1) for u in urls for v in options]
    return urls


def _pdf_text(body: bytes) -> str:
    exe = shutil.which("pdftotext")
    assert exe, "pdftotext (poppler-utils) is needed to read the PDFs' text"
    done = subprocess.run([exe, "-layout", "-", "-"], input=body, capture_output=True, check=True, timeout=60)
    return done.stdout.decode("utf-8", "replace")


def _text(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if response.get("Content-Type", "").startswith("application/pdf"):
        return _pdf_text(body)
    return body.decode("utf-8", "replace")


@pytest.fixture
def seeded(demo_site):
    """The demo event plus the things a public reader could reach: published decklists and a
    ruled judge call at player 01's table."""
    from django.utils import timezone

    from decklists.models import DecklistPolicy
    from judging.services import calls as call_services
    from tournament import selectors
    from tournament.models import Event, PlayerProfile

    event = Event.objects.get(slug=SLUG)
    users = get_user_model().objects
    organizer, judge = users.get(username="demo-organizer"), users.get(username="demo-floorjudge")
    # As if the event were over and its lists published (TR&P 3.7): anyone may then read them.
    DecklistPolicy.objects.update_or_create(
        event=event, defaults={"published_at": timezone.now(), "published_by": organizer}
    )
    player = users.get(username="demo-player-01")
    me = PlayerProfile.objects.get(user=player)
    match = selectors.match_for_registration(
        selectors.current_round(event), me.registrations.get(event=event)
    )
    call = call_services.open_call(event, actor=judge, match=match, question="private note")
    call_services.claim_call(call, judge=judge)
    call_services.record_ruling(call, judge=judge, ruling="the ruling", citations=[])
    ids = dict(
        PlayerProfile.objects.filter(registrations__event=event).values_list("player_id", "user__username")
    )
    return {"event": event, "ids": ids, "player": player, "stranger": users.create_user("privacy-stranger")}


def _values(event) -> dict[str, list[str]]:
    from core.models import GeneratedFile
    from decklists.models import Decklist
    from judging.models import DeckCheck, JudgeCall, Penalty
    from tournament.models import Match, Registration
    from tournament.pdf import DOCUMENT_KINDS

    regs = list(Registration.objects.filter(event=event).values_list("pk", flat=True))
    matches = list(Match.objects.filter(round__event=event).values_list("pk", flat=True))
    pks: list[int] = []
    for model in (JudgeCall, Penalty, DeckCheck):
        pks += list(model.objects.filter(event=event).values_list("pk", flat=True))
    pks += list(Decklist.objects.filter(registration__event=event).values_list("pk", flat=True)[:12])
    pks += list(GeneratedFile.objects.values_list("pk", flat=True))
    return {
        "slug": [SLUG],
        "number": [str(r.number) for r in event.rounds.all()],
        "reg_id": [str(r) for r in regs[:6]],
        "match_id": [str(m) for m in matches[:6]],
        "pk": sorted({str(p) for p in pks}),
        "kind": list(DOCUMENT_KINDS),
        "what": ["standings", "results"],
        "fmt": ["csv", "json"],
        "table": ["1", "2"],
    }


def _crawl(client: Client, start: list[str]) -> dict[str, str]:
    """GET every URL of ``start`` and every same-site link found, once; returns url -> text."""
    seen: dict[str, str] = {}
    pdf_shapes: dict[str, int] = {}
    queue = deque(start)
    while queue and len(seen) < MAX_ANSWERS:
        url = queue.popleft()
        path = urlsplit(url).path
        if url in seen or path.startswith(SKIP_PREFIXES) or "/logout" in path:
            continue
        if "pdf" in path:  # PDFs take seconds each: two of each shape (one decklist is like another)
            shape = re.sub(r"\d+", "N", path)
            pdf_shapes[shape] = pdf_shapes.get(shape, 0) + 1
            if pdf_shapes[shape] > MAX_PER_PDF_SHAPE and not path.startswith(f"/events/{SLUG}/pdf/"):
                continue
        response = client.get(url)
        seen[url] = _text(response) if response.status_code < 500 else ""
        assert response.status_code < 500, url
        if response.status_code in (301, 302) and response.get("Location", "").startswith("/"):
            queue.append(response["Location"])
        if "text/html" in response.get("Content-Type", ""):
            parser = _Links()
            parser.feed(seen[url])
            for href in parser.hrefs:
                target = urljoin(url, href.split("#")[0])
                if target.startswith("/") and target not in seen:
                    queue.append(target)
    return seen


def _leaks(answers: dict[str, str], ids: dict[str, str], own: str | None) -> dict[str, list[str]]:
    found = {}
    pattern = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9])")
    for url, text in answers.items():
        hits = sorted({m for m in pattern.findall(text) if m != own})
        if hits:
            found[url] = hits
    return found


@pytest.mark.parametrize("reader", ["anonymous", "stranger", "player"])
def test_no_public_answer_contains_a_player_id(seeded, reader):
    event = seeded["event"]
    values = _values(event)
    start = [u for route in _routes() if not route.startswith(SKIP_PREFIXES) for u in _expand(route, values)]
    start += [f"/events/{SLUG}/pdf/{kind}/?round={n}" for kind in values["kind"] for n in values["number"]]
    start += [f"/events/{SLUG}/export/standings.{fmt}?round=1" for fmt in values["fmt"]]
    client = Client()
    own = None
    if reader != "anonymous":
        user = seeded["player"] if reader == "player" else seeded["stranger"]
        client.force_login(user)
        if reader == "player":
            own = next(pid for pid, name in seeded["ids"].items() if name == user.username)
            start += [f"/judging/players/{own}/", f"/api/judging/players/{own}/penalties/"]
    answers = _crawl(client, start)
    # The crawl really read the event's public answers (names are there, PDFs were read).
    assert len(answers) > 60
    assert any("pdf/standings" in u and "standings after round" in t for u, t in answers.items())
    assert any(
        u.startswith(f"/api/events/{SLUG}/rounds/") and u.endswith("/matches/") and '"name"' in t
        for u, t in answers.items()
    )
    assert any("/export/results.csv" in u and "player_a" in t for u, t in answers.items())
    assert _leaks(answers, seeded["ids"], own) == {}
    if reader == "player":  # the player does see their own ID (on their own page at least)
        assert any(own in t for t in answers.values())


def test_the_staff_do_see_the_ids_the_public_does_not(seeded):
    """The same crawl checker finds the IDs where the staff look (so it can fail)."""
    client = Client()
    client.force_login(get_user_model().objects.get(username="demo-scorekeeper"))
    answers = _crawl(
        client,
        [
            f"/api/events/{SLUG}/standings/",
            f"/events/{SLUG}/export/results.csv",
            f"/events/{SLUG}/pdf/pairings-name/?round=2",
        ],
    )
    leaks = _leaks(answers, seeded["ids"], None)
    assert set(leaks) == set(answers) and all(len(hits) > 10 for hits in leaks.values())
