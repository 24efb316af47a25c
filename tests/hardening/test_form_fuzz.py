"""The HTML side of the API fuzz (issue 35, item 5): every POST form a role is shown on the
pages of a running event, its decklists, its judging pages and a mirrored event (the upload
form included) is sent garbage of each kind, its hidden fields kept (so the garbage reaches
the services) and spoiled (hidden ids and versions are input too). No answer is a server error.

Kinds: Unicode digits, a number past ``int()``'s 4,300-digit limit, a number no column stores,
an over-long ID and name, deeply nested JSON; files: a deeply nested JSON file, JSON with a
5,000-digit number, GEM CSVs with Unicode-digit rounds and over-long player IDs.

The pages are the event's own (one hop of links from a few entry pages, PDFs left out), so the
run stays short; ``tests/core/test_crawl.py`` walks the whole demo site with other garbage.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client

from decklists.models import Decklist
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from tests.core.test_crawl import Form, PageParser, same_site
from tests.mirror.conftest import ROUND_2_FILES, import_gem
from tournament import services

pytestmark = pytest.mark.django_db

FIVE_THOUSAND_DIGITS = "9" * 5000
DEEP_JSON = "[" * 100_000 + "]" * 100_000
#: One garbage value per kind, written into every visible field (and, spoiled, hidden ones).
KINDS = {
    "superscript": "²",
    "arabic_indic": "١٢",
    "fullwidth": "１２",
    "5000_digits": FIVE_THOUSAND_DIGITS,
    "4000_digits": "9" * 4000,
    "int64_plus_one": str(2**63),
    "long_id": "9" * 200,
    "long_name": "N" * 5000,
    "deep_json": DEEP_JSON,
}
#: The file sent in every file field, per kind (the CSV and JSON the mirror reads).
FILES = {
    "superscript": (
        "pairings.csv",
        "Round,Table,Player 1,Player 1 ID,Player 2,Player 2 ID,Result\n²,1,A,1,B,2,1WIN\n",
    ),
    "arabic_indic": ("standings.csv", "Rank,Player Name,Player ID,Wins\n١,Ada,10000001,٣\n"),
    "5000_digits": ("omnidex.json", '{"event": {"id": ' + FIVE_THOUSAND_DIGITS + "}}"),
    "long_id": ("standings.csv", "Rank,Player Name,Player ID,Wins\n1,Ada," + "9" * 200 + ",3\n"),
    "long_name": ("standings.csv", "Rank,Player Name,Player ID,Wins\n1," + "N" * 5000 + ",10000001,3\n"),
    "deep_json": ("deep.json", DEEP_JSON),
}
ROLES = ("organizer", "head_judge", "scorekeeper", "player")
PAGES_PER_ROLE = 45
SKIPPED = ("/accounts/logout/", "/static/")


@pytest.fixture
def world(staffed_event, add_players):
    event = staffed_event["event"]
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    match = rnd.matches.exclude(player_b=None).order_by("table_number").first()
    fj = staffed_event["floor_judge"]
    call = call_services.open_call(event, actor=fj, match=match, question="which blocked?")
    recon = recon_services.create_reconstruction(
        call, actor=fj, start={"turn": "P1", "P1": {"life": 20}, "P2": {"life": 20}}
    )
    decklist = Decklist.objects.create(
        registration=match.player_a, raw_text="Hero: X", status="draft", version=1
    )
    mirrored = import_gem(staffed_event["organizer"], *ROUND_2_FILES).event
    slug = event.slug
    seeds = [
        f"/events/{slug}/",
        f"/events/{slug}/staff/",
        f"/events/{slug}/me/",
        f"/events/{slug}/edit/",
        "/events/new/",
        f"/decklists/e/{slug}/",
        f"/decklists/e/{slug}/manage/",
        f"/decklists/{decklist.pk}/",
        f"/judging/{slug}/",
        f"/judging/{slug}/calls/{call.pk}/",
        f"/judging/{slug}/reconstructions/{recon.pk}/",
        f"/judging/{slug}/penalties/new/",
        f"/judging/{slug}/deck-checks/",
        "/mirror/",
        f"/mirror/{mirrored.slug}/",
        "/accounts/",
    ]
    users = {role: staffed_event[role] for role in ROLES if role != "player"}
    users["player"] = match.player_a.player.user
    return {
        "seeds": seeds,
        "users": users,
        "prefixes": (f"/events/{slug}/", f"/judging/{slug}/", "/decklists/", "/mirror/"),
    }


def _forms(client: Client, seeds: list[str], prefixes: tuple[str, ...]) -> dict[tuple, tuple[str, Form]]:
    """The POST forms on the seed pages and on the pages one link away (under ``prefixes``)."""
    forms: dict[tuple, tuple[str, Form]] = {}
    queue, seen = list(seeds), set(seeds)
    visited = 0
    while queue and visited < PAGES_PER_ROLE:
        url = queue.pop(0)
        response = client.get(url)
        visited += 1
        assert response.status_code < 500, f"GET {url} -> {response.status_code}"
        if response.status_code != 200 or not response.get("Content-Type", "").startswith("text/html"):
            continue
        parser = PageParser()
        parser.feed(response.content.decode(response.charset or "utf-8"))
        for form in parser.forms:
            action = same_site(url, form.action or url)
            if form.method == "post" and action and not action.startswith(SKIPPED):
                forms.setdefault((action, tuple(sorted(n for n, _, _ in form.fields))), (url, form))
        if url in seeds:
            for href in parser.links:
                target = same_site(url, href)
                path = urlsplit(target).path if target else ""
                if target and target not in seen and path.startswith(prefixes) and ".pdf" not in path:
                    if "/pdf" not in path and not path.endswith((".csv", ".json")):
                        seen.add(target)
                        queue.append(target)
    return forms


def _payload(form: Form, kind: str, *, spoil_hidden: bool) -> dict:
    value = KINDS[kind]
    data: dict = {}
    for name, field_kind, default in form.fields:
        if name == "csrfmiddlewaretoken":
            continue
        if field_kind == "file":
            file_name, content = FILES.get(kind, ("garbage.txt", value))
            data[name] = SimpleUploadedFile(file_name, content.encode(), "application/octet-stream")
        elif field_kind == "hidden" and not spoil_hidden:
            data[name] = default
        elif field_kind in ("select", "checkbox", "radio") and not spoil_hidden:
            data[name] = default
        else:
            data[name] = value
    return data


@pytest.mark.slow
@pytest.mark.parametrize("role", ROLES)
def test_no_form_answers_garbage_with_a_server_error(world, role):
    client = Client(raise_request_exception=False)
    client.force_login(world["users"][role])
    forms = _forms(client, world["seeds"], world["prefixes"])
    assert forms, "no form found: the fuzz would test nothing"
    if role == "organizer":  # the mirror upload and the event's own forms are among them
        actions = {action for action, _ in forms}
        assert "/mirror/" in actions and any(a.startswith("/events/") for a in actions), sorted(actions)
    problems = []
    with transaction.atomic():  # garbage that is accepted changes nothing the next role sees
        for (action, _), (_page, form) in sorted(forms.items(), key=lambda kv: kv[0]):
            kept = {kind for _, kind, _ in form.fields} & {"hidden", "select", "checkbox", "radio"}
            for kind in KINDS:
                for spoil_hidden in (False, True) if kept else (True,):
                    response = client.post(action, _payload(form, kind, spoil_hidden=spoil_hidden))
                    if response.status_code >= 500:
                        problems.append(f"{role}: POST {action[:80]} {kind} spoil={spoil_hidden}")
        transaction.set_rollback(True)
    assert problems == []
