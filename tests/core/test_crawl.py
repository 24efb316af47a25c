"""All-roles crawl: no page or form answers with a server error, and no page shows a link its
reader cannot follow.

Each role (anonymous, player, the four staff roles, a superuser) crawls the demo event's site
breadth-first from a few entry pages, following same-site ``<a href>`` links, GET forms and
redirects, then POSTs garbage to every POST form it was shown.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client

from tests.core.conftest import CRAWL_ADMIN

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SLUG = "demo-armory"
SEEDS = (
    "/",
    f"/events/{SLUG}/",
    f"/events/{SLUG}/staff/",
    f"/events/{SLUG}/me/",
    "/decklists/",
    f"/judging/{SLUG}/",
    "/cards/",
    "/rules/",
)
ROLES = {
    "anonymous": None,
    "player": "demo-player-01",
    "floor_judge": "demo-floorjudge",
    "head_judge": "demo-headjudge",
    "scorekeeper": "demo-scorekeeper",
    "organizer": "demo-organizer",
    "admin": CRAWL_ADMIN,
}
MAX_PAGES = 400
# Rules and cards have thousands of pages alike, the same for every reader: the anonymous
# crawl samples them widely, the other roles only check their entry pages' links.
SECTION_BUDGET = {"/rules/": 70, "/cards/": 40}
SMALL_SECTION_BUDGET = {"/rules/": 12, "/cards/": 8}
MAX_VARIANTS_PER_PATH = 4  # query-string variants of one path (searches, pages, filters)
# Addresses differing only in their numbers (/decklists/7/, ?round=2) run the same view; PDFs
# (WeasyPrint, up to seconds each) are fetched once per shape.
MAX_PER_SHAPE = 2
SKIP_PREFIXES = ("/static/", "/accounts/logout/")
HUGE = "x" * 20_000
BINARY = "\x00\x01\xff\ufffd%00<script>\u202e'\"; DROP TABLE--\ud7ff"
WRONG_TYPES = (
    "-1",
    "abc",
    "1e309",
    "-99999999999999999999",
)  # hidden ids stay real, so these reach the services


@dataclass
class Form:
    method: str
    action: str
    fields: list[tuple[str, str, str]] = field(default_factory=list)  # (name, type, default value)


class PageParser(HTMLParser):
    """Links, forms, the title and the viewport meta tag of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[Form] = []
        self.title = ""
        self.has_viewport = False
        self._in_title = False
        self._select: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        elif tag == "title":
            self._in_title = True
        elif tag == "meta" and a.get("name") == "viewport" and "width=" in a.get("content", ""):
            self.has_viewport = True
        elif tag == "form":
            self.forms.append(Form(method=(a.get("method") or "get").lower(), action=a.get("action", "")))
        elif self.forms and tag in ("input", "textarea", "button") and a.get("name"):
            kind = a.get("type", "text" if tag != "textarea" else "textarea").lower()
            if tag == "button" or kind in ("submit", "image", "reset"):
                return  # a submit button's name/value only matters when it is the one pressed
            if kind in ("checkbox", "radio") and "checked" not in a:
                kind_default = ""
            else:
                kind_default = a.get("value", "")
            self.forms[-1].fields.append((a["name"], kind, kind_default))
        elif self.forms and tag == "select" and a.get("name"):
            self._select = (a["name"], [])
        elif tag == "option" and self._select is not None:
            self._select[1].append(a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        elif tag == "select" and self._select is not None:
            name, options = self._select
            self.forms[-1].fields.append((name, "select", options[0] if options else ""))
            self._select = None

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def same_site(base: str, href: str) -> str | None:
    """The path+query of ``href`` (relative to ``base``) if it stays on this site, else None."""
    href = href.strip()
    if not href or href.startswith(("#", "mailto:", "tel:", "javascript:", "data:")):
        return None
    parts = urlsplit(urljoin("http://testserver" + base, href))
    if parts.scheme not in ("http", "https") or parts.netloc != "testserver":
        return None
    return urlunsplit(("", "", parts.path or "/", parts.query, ""))


def crawlable(url: str) -> bool:
    path = urlsplit(url).path
    if path.startswith(SKIP_PREFIXES):
        return False
    if path.startswith("/admin/") and path != "/admin/":
        return False  # the admin's own pages are Django's; only its index is ours to link to
    return True


@dataclass
class Crawl:
    """What one role saw: every response status, every problem, every POST form."""

    role: str
    client: Client
    statuses: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    post_forms: dict[tuple[str, tuple[str, ...]], tuple[str, Form]] = field(default_factory=dict)
    budgets: dict[str, int] = field(default_factory=lambda: dict(SECTION_BUDGET))

    def run(self, seeds=SEEDS, *, shown_on: str | None = None) -> None:
        """Crawl from ``seeds`` (links shown on page ``shown_on``, or entry points if None)."""
        queue: deque[tuple[str, str | None]] = deque((s, shown_on) for s in seeds)
        seen: set[str] = set(seeds)
        variants: dict[str, int] = {}
        sections: dict[str, int] = {}
        shapes: dict[str, int] = {}
        while queue and len(self.statuses) < MAX_PAGES:
            url, shown_on = queue.popleft()
            response = self.client.get(url)
            status = response.status_code
            self.statuses[url] = status
            where = f"{url} (linked from {shown_on})" if shown_on else url
            if status >= 500:
                self.problems.append(f"{self.role}: GET {where} -> {status}")
                continue
            if shown_on and status in (403, 404):
                self.problems.append(f"{self.role}: shown a link it cannot follow: GET {where} -> {status}")
                continue
            targets: list[str] = []
            if status in (301, 302, 303, 307, 308):
                location = same_site(url, response["Location"])
                if location is None:
                    continue
                if shown_on and self.role != "anonymous" and location.startswith("/accounts/login/"):
                    self.problems.append(f"{self.role}: link sends a logged-in reader to log in: {where}")
                targets.append(location)
            content_type = response.get("Content-Type", "")
            if status == 200 and content_type.startswith("text/html"):
                targets += self.read_page(url, response.content.decode(response.charset or "utf-8"))
            for target in targets:
                if target in seen or not crawlable(target):
                    continue
                path = urlsplit(target).path
                if urlsplit(target).query:
                    if variants.get(path, 0) >= MAX_VARIANTS_PER_PATH:
                        continue
                    variants[path] = variants.get(path, 0) + 1
                shape = re.sub(r"\d+", "N", target)
                if shapes.get(shape, 0) >= (1 if "pdf" in path else MAX_PER_SHAPE):
                    continue
                shapes[shape] = shapes.get(shape, 0) + 1
                section = next((p for p in self.budgets if path.startswith(p)), None)
                if section is not None:
                    if sections.get(section, 0) >= self.budgets[section]:
                        continue
                    sections[section] = sections.get(section, 0) + 1
                seen.add(target)
                queue.append((target, url))

    def read_page(self, url: str, html: str) -> list[str]:
        parser = PageParser()
        parser.feed(html)
        if not parser.title.strip():
            self.problems.append(f"{self.role}: {url} has no <title>")
        if not parser.has_viewport:
            self.problems.append(f"{self.role}: {url} has no viewport meta tag")
        if "<html" not in html.lower()[:500]:
            return []  # an HTML fragment (htmx partial): links checked where it is embedded
        targets = [t for t in (same_site(url, h) for h in parser.links) if t]
        for form in parser.forms:
            action = same_site(url, form.action or url)
            if action is None:
                continue
            if form.method == "get":
                query = [(n, v) for n, kind, v in form.fields if kind not in ("checkbox", "radio") or v]
                base = urlsplit(action)
                merged = parse_qsl(base.query) + query
                targets.append(urlunsplit(("", "", base.path, urlencode(merged), "")))
            elif not urlsplit(action).path.startswith(SKIP_PREFIXES):
                key = (action, tuple(sorted(n for n, _, _ in form.fields)))
                self.post_forms.setdefault(key, (url, form))
        return targets

    def post_garbage(self) -> int:
        """POST every garbage payload to every POST form seen; returns how many POSTs were made."""
        posts = 0
        for (action, _), (page, form) in sorted(self.post_forms.items(), key=lambda kv: kv[0][0]):
            for payload in garbage_payloads(form):
                response = self.client.post(action, payload)
                posts += 1
                if response.status_code >= 500:
                    shown = {k: (v[:40] if isinstance(v, str) else "<file>") for k, v in payload.items()}
                    self.problems.append(
                        f"{self.role}: POST {action} (form on {page}) {shown} -> {response.status_code}"
                    )
        return posts


def garbage_payloads(form: Form) -> list[dict]:
    """Empty, huge, wrongly typed and binary-looking values; hidden fields both kept and spoiled."""

    def fill(value_for, keep_hidden: bool) -> dict:
        data: dict = {}
        for name, kind, default in form.fields:
            if name == "csrfmiddlewaretoken":
                continue
            if kind == "file":
                data[name] = SimpleUploadedFile("garbage.txt", b"\x00\xff\xfe garbage \x89PNG", "text/plain")
            elif kind == "hidden" and keep_hidden:
                data[name] = default
            else:
                data[name] = value_for(kind)
        return data

    payloads = [fill(lambda kind: "", keep_hidden=True), fill(lambda kind: "", keep_hidden=False)]
    payloads.append(fill(lambda kind: HUGE, keep_hidden=True))
    payloads.append(fill(lambda kind: BINARY, keep_hidden=True))
    payloads.append(fill(lambda kind: BINARY, keep_hidden=False))
    for wrong in WRONG_TYPES:
        payloads.append(fill(lambda kind, w=wrong: w, keep_hidden=True))
    return payloads


def client_for(role: str) -> Client:
    client = Client(raise_request_exception=False)
    username = ROLES[role]
    if username is not None:
        client.force_login(get_user_model().objects.get(username=username))
    return client


# Slow by design (about 80 s on an idle two-core machine): every role crawls the demo event's whole
# site and posts garbage to every form it was shown, which is what makes it a check of every page
# and form rather than a sample. On a machine loaded by a parallel suite it took over the suite's
# 300 s hang timeout (issue 33), so it gets its own.
@pytest.mark.timeout(900)
def test_crawl_finds_no_server_error_and_no_dead_link_for_any_role(demo_site):
    problems: list[str] = []
    summary: dict[str, tuple[int, int]] = {}
    for role in ROLES:
        with transaction.atomic():  # each role starts from the same demo event
            budgets = SECTION_BUDGET if role == "anonymous" else SMALL_SECTION_BUDGET
            crawl = Crawl(role=role, client=client_for(role), budgets=dict(budgets))
            crawl.run()
            posts = crawl.post_garbage()
            transaction.set_rollback(True)
        problems += crawl.problems
        summary[role] = (len(crawl.statuses), posts)
        assert crawl.statuses["/"] == 200 and crawl.statuses["/rules/"] == 200

    assert all(pages >= 20 for pages, _ in summary.values()), summary
    assert all(posts > 0 for role, (_, posts) in summary.items() if role != "anonymous"), summary
    assert problems == []


def test_crawler_reports_dead_links_missing_titles_and_server_errors(db):
    """The crawler can fail: a dead link, a page without title or viewport, a 500 on POST."""
    crawl = Crawl(role="anonymous", client=client_for("anonymous"))
    targets = crawl.read_page(
        "/x/",
        "<html><head></head><a href='/no-such-page/'>a</a><a href='https://elsewhere.example/'>b</a>"
        "<form method=post action='/accounts/login/'><input name=username></form></html>",
    )

    assert targets == ["/no-such-page/"]
    assert crawl.problems == ["anonymous: /x/ has no <title>", "anonymous: /x/ has no viewport meta tag"]
    assert [key[0] for key in crawl.post_forms] == ["/accounts/login/"]
    crawl.problems.clear()
    crawl.run(seeds=targets, shown_on="/x/")
    assert crawl.problems == [
        "anonymous: shown a link it cannot follow: GET /no-such-page/ (linked from /x/) -> 404"
    ]
