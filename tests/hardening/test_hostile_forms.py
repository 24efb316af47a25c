"""Issue 35, item 5: garbage in a form, a query, an uploaded file or a JSON body is a client
error (or the empty answer), never a server error, and never a slow one.

The kinds of garbage: Unicode digits (``"²".isdigit()`` is true but ``int("²")`` fails,
``int("١٢")`` is 12), numbers past ``int()``'s 4,300-digit limit, numbers no column stores,
over-long player IDs and names, and JSON nested far deeper than anything we read.
"""

from __future__ import annotations

import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.errors import DomainError
from core.parsing import BadJSON, load_json, optional_whole_number, whole_number
from decklists.models import Decklist
from mirror.models import MirrorImport
from mirror.parsers import ImportFileError, parse_files
from tests.factories import PlayerProfileFactory, UserFactory
from tournament import services
from tournament.models import PlayerProfile

pytestmark = pytest.mark.django_db

FIVE_THOUSAND_DIGITS = "9" * 5000
FOUR_THOUSAND_DIGITS = "9" * 4000  # int() takes it; no column stores it
UNICODE_DIGITS = ["²", "١٢", "１２", "߁"]  # superscript, Arabic-Indic, fullwidth, NKo
NUMERIC_GARBAGE = [*UNICODE_DIGITS, FIVE_THOUSAND_DIGITS, FOUR_THOUSAND_DIGITS, "abc", "-1", "1e309"]
LONG_ID = "9" * 200
LONG_NAME = "N" * 5000
DEEP_JSON = "[" * 200_000 + "]" * 200_000

STANDINGS_CSV = "Rank,Player Name,Player ID,Wins\n1,Ada Lovelace,10000001,3\n2,Alan Turing,10000002,2\n"


def _web(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _api(user) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def running(staffed_event, add_players):
    event = staffed_event["event"]
    regs = add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    return {**staffed_event, "regs": regs, "round": rnd}


# --------------------------------------------------------------------------- the helpers


@pytest.mark.parametrize("value", NUMERIC_GARBAGE + ["", " ", None, "1.5", "+", "--1", "0x10", "1_000"])
def test_whole_number_refuses_all_garbage_with_a_domain_error(value):
    with pytest.raises(DomainError) as refused:
        whole_number(value, field="round", minimum=0, maximum=10_000)
    assert refused.value.field == "round"


@pytest.mark.parametrize(
    ("value", "expected"), [("12", 12), (" 7 ", 7), ("+3", 3), (5, 5), ("", None), (None, None)]
)
def test_optional_whole_number_reads_ascii_numbers(value, expected):
    assert optional_whole_number(value, field="n") == expected


@pytest.mark.parametrize(
    "text",
    [
        DEEP_JSON,
        '{"a": ' + FIVE_THOUSAND_DIGITS + "}",
        '{"a": NaN}',
        '{"a": Infinity}',
        "{",
        '"\\ud800',
        b"\xff\xfe",
    ],
)
def test_load_json_refuses_what_json_loads_would_crash_on(text):
    started = time.monotonic()
    with pytest.raises(BadJSON):
        load_json(text)
    assert time.monotonic() - started < 2


# --------------------------------------------------------------------------- decklists


@pytest.mark.parametrize("version", NUMERIC_GARBAGE)
def test_decklist_submit_with_a_garbage_version_is_not_a_server_error(running, version):
    reg = running["regs"][0]
    decklist = Decklist.objects.create(registration=reg, raw_text="Hero: X", status="draft", version=1)
    response = _web(reg.player.user).post(f"/decklists/{decklist.pk}/submit/", {"version": version})
    assert response.status_code in (302, 400), response.content[:300]
    decklist.refresh_from_db()
    assert decklist.status == "draft"


@pytest.mark.parametrize("version", [*UNICODE_DIGITS, FIVE_THOUSAND_DIGITS, FOUR_THOUSAND_DIGITS])
def test_decklist_submit_api_with_a_garbage_version_is_400(running, version):
    reg = running["regs"][0]
    decklist = Decklist.objects.create(registration=reg, raw_text="Hero: X", status="draft", version=1)
    response = _api(reg.player.user).post(
        f"/api/decklists/{decklist.pk}/submit/", {"version": version}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "version"


@pytest.mark.parametrize("qty", [*UNICODE_DIGITS, FIVE_THOUSAND_DIGITS])
def test_decklist_rows_with_garbage_quantities_are_not_a_server_error(running, qty):
    reg = running["regs"][0]
    response = _web(reg.player.user).post(
        f"/decklists/e/{running['event'].slug}/",
        {"text": "", "row_qty": [qty], "row_name": ["Some Card"], "row_pitch": [""]},
    )
    assert response.status_code < 500, response.content[:300]


# --------------------------------------------------------------------------- mirror imports


@pytest.mark.parametrize("standings_round", NUMERIC_GARBAGE)
def test_mirror_import_with_a_garbage_standings_round_is_refused(db, standings_round):
    user = UserFactory()
    upload = SimpleUploadedFile("standings.csv", STANDINGS_CSV.encode(), "text/csv")
    response = _web(user).post(
        "/mirror/", {"source_id": "GEM-1", "standings_round": standings_round, "files": [upload]}, follow=True
    )
    assert response.status_code < 500, response.content[:300]
    assert b"standings round is a whole number" in response.content
    assert not MirrorImport.objects.exists()


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("pairings.csv", "Round,Table,Player 1,Player 1 ID,Player 2,Player 2 ID,Result\n²,1,A,1,B,2,1WIN\n"),
        (
            "pairings.csv",
            f"Round,Table,Player 1,Player 1 ID,Player 2,Player 2 ID,Result\n1,{FIVE_THOUSAND_DIGITS},A,1,B,2,1WIN\n",
        ),
        ("standings.csv", f"Rank,Player Name,Player ID,Wins\n{FIVE_THOUSAND_DIGITS},Ada,10000001,3\n"),
        ("standings.csv", f"Rank,Player Name,Player ID,Wins\n1,Ada,{LONG_ID},3\n"),
        ("standings.csv", f"Rank,Player Name,Player ID,Wins\n1,{LONG_NAME},10000001,3\n"),
        ("omnidex.json", DEEP_JSON),
        ("omnidex.json", '{"event": {"id": ' + FIVE_THOUSAND_DIGITS + "}}"),
        ("page.txt", "Round 1\n1 Lovelace, Ada (1) (dropped in round " + FIVE_THOUSAND_DIGITS + ")\n"),
    ],
)
def test_a_garbage_mirror_file_is_an_import_error_not_a_crash(name, content):
    started = time.monotonic()
    try:
        parsed = parse_files([(name, content.encode())], standings_round=1)
    except ImportFileError:
        parsed = None
    assert time.monotonic() - started < 5
    if parsed is not None:  # what was read is within what the models store
        assert all(len(p.player_id) <= 32 and len(p.name) <= 120 for p in parsed.players.values())
        assert all(m.round < 1000 and (m.table or 0) < 10**9 for m in parsed.matches)


def test_a_garbage_mirror_upload_is_refused_quickly_through_the_page(db):
    user = UserFactory()
    started = time.monotonic()
    for name, content in [
        ("deep.json", DEEP_JSON),
        ("long.csv", f"Rank,Player Name,Player ID,Wins\n1,Ada,{LONG_ID},3\n"),
    ]:
        upload = SimpleUploadedFile(name, content.encode(), "application/octet-stream")
        response = _web(user).post("/mirror/", {"source_id": "GEM-2", "files": [upload]}, follow=True)
        assert response.status_code == 200 and b"Nothing was imported" in response.content
    assert time.monotonic() - started < 10
    assert not MirrorImport.objects.exists()


@pytest.mark.parametrize("value", [LONG_NAME, "GEM-" + "9" * 500])
def test_over_long_mirror_event_names_and_source_ids_are_not_a_server_error(db, value):
    user = UserFactory()
    upload = SimpleUploadedFile("standings.csv", STANDINGS_CSV.encode(), "text/csv")
    response = Client(raise_request_exception=False)
    response.force_login(user)
    answer = response.post("/mirror/", {"source_id": value, "name": value, "files": [upload]})
    assert answer.status_code < 500, answer.content[:300]


# --------------------------------------------------------------------------- event pages


@pytest.mark.parametrize("value", NUMERIC_GARBAGE)
def test_numbers_in_queries_are_never_a_server_error(running, value):
    slug = running["event"].slug
    client = _web(running["organizer"])
    for url in (
        f"/events/{slug}/export/standings.csv?round={value}",
        f"/events/{slug}/pdf/pairings/?round={value}",
        f"/events/?page={value}",
        f"/events/{slug}/staff/?page={value}",
    ):
        response = client.get(url)
        assert response.status_code < 500, (url[:80], response.status_code)


@pytest.mark.parametrize("value", NUMERIC_GARBAGE)
def test_numbers_in_staff_forms_are_never_a_server_error(running, value):
    slug = running["event"].slug
    client = _web(running["organizer"])
    match = running["round"].matches.exclude(player_b=None).first()
    posts = [
        (f"/events/{slug}/staff/result/", {"entry": f"{value[:30]} 2-1"}),
        (f"/events/{slug}/staff/result/", {"entry": f"{match.table_number} {value[:30]}-1"}),
        (f"/events/{slug}/staff/table/", {"table": value, "new_table": value, "reason": "x"}),
        (f"/events/{slug}/staff/table/", {"table": match.table_number, "new_table": value, "reason": "x"}),
        (f"/events/{slug}/staff/registration/", {"registration": value, "op": "drop", "reason": "x"}),
    ]
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code < 500, (url, response.status_code, response.content[:200])


@pytest.mark.parametrize(
    ("player_id", "name"), [(LONG_ID, "Ada"), ("12345678", LONG_NAME), (FIVE_THOUSAND_DIGITS, LONG_NAME)]
)
def test_over_long_player_ids_and_names_in_staff_forms_are_400(running, player_id, name):
    slug = running["event"].slug
    client = _web(running["organizer"])
    before = PlayerProfile.objects.count()
    for url in (f"/events/{slug}/staff/register/", f"/events/{slug}/staff/walk-in/"):
        response = client.post(url, {"player_id": player_id, "display_name": name})
        assert response.status_code < 500, (url, response.status_code, response.content[:200])
    assert PlayerProfile.objects.count() == before


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/api/events/{slug}/walk-ins/", {"display_name": LONG_NAME}),
        ("/api/events/{slug}/walk-ins/", {"display_name": "Ada", "player_id": LONG_ID}),
        ("/api/events/{slug}/players/", {"player_id": LONG_ID, "display_name": "Ada"}),
        ("/api/events/{slug}/players/", {"player_id": "12345678", "display_name": LONG_NAME}),
        ("/api/events/{slug}/teams/", {"team_name": LONG_NAME, "members": []}),
        ("/api/claim/", {"player_id": LONG_ID}),
    ],
)
def test_over_long_player_ids_and_names_in_the_api_are_400(running, url, body):
    response = _api(running["organizer"]).post(url.format(slug=running["event"].slug), body, format="json")
    assert response.status_code in (400, 403, 404, 409), (response.status_code, response.content[:200])


@pytest.mark.parametrize(
    "url",
    [
        "/api/events/{slug}/rounds/",
        "/api/events/{slug}/check-in/",
        "/api/judging/events/{slug}/calls/",
        "/api/judging/events/{slug}/deck-checks/",
        "/api/matches/{match}/result/",
        "/api/matches/{match}/table/",
    ],
)
def test_five_thousand_digit_numbers_in_json_bodies_are_400(running, url):
    match = running["round"].matches.exclude(player_b=None).first()
    body = '{"seed": %s, "table_number": %s, "registration": %s, "games_a": %s, "round": %s}' % (
        (FIVE_THOUSAND_DIGITS,) * 5
    )
    response = _api(running["head_judge"]).generic(
        "POST", url.format(slug=running["event"].slug, match=match.pk), body, content_type="application/json"
    )
    assert response.status_code == 400, response.content[:200]


def test_the_invitation_answer_with_unicode_digits_is_404(running):
    player = PlayerProfileFactory(user=UserFactory())
    response = _web(player.user).post(
        f"/events/{running['event'].slug}/me/team/answer/", {"invitation": "²", "answer": "accept"}
    )
    assert response.status_code in (302, 400, 404)


def test_a_json_body_past_the_upload_limit_is_400_before_it_is_parsed(running, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100_000
    body = ('{"seed": 1, "pad": "' + "x" * 200_000 + '"}').encode()
    client = _api(running["organizer"])
    client.get(f"/api/events/{running['event'].slug}/")  # the first request loads the URLs
    started = time.monotonic()
    response = client.generic(
        "POST", f"/api/events/{running['event'].slug}/rounds/", body, content_type="application/json"
    )
    assert response.status_code == 400  # Django's own check, or the parser's when nothing read it
    assert time.monotonic() - started < 2
    wide = ("[" + ",".join(["[[[1]]]"] * 20_000) + "]").encode()  # wide, not deep: still parsed
    assert (
        _api(running["organizer"])
        .generic(
            "POST", f"/api/events/{running['event'].slug}/rounds/", wide, content_type="application/json"
        )
        .status_code
        == 400
    )


def test_an_escaped_domain_or_data_error_is_answered_as_the_client_error_it_is(rf):
    from django.db import DataError

    from core.errors import ConflictError, NotAllowed
    from core.middleware import OUT_OF_RANGE_MESSAGE, ClientErrorsAreNotServerErrors

    net = ClientErrorsAreNotServerErrors(lambda request: None)
    request = rf.post("/events/x/staff/register/")
    answers = {
        type(exc).__name__: net.process_exception(request, exc)
        for exc in (
            DomainError("no such table"),
            NotAllowed("not yours"),
            ConflictError("changed"),
            DataError("long"),
        )
    }
    import re

    def refusal(response) -> str:
        found = re.search(r"data-refusal>([^<]*)<", response.content.decode())
        return found.group(1) if found else response.content.decode()

    assert {name: (r.status_code, refusal(r)) for name, r in answers.items()} == {
        "DomainError": (400, "No such table"),
        "NotAllowed": (403, "Not yours"),
        "ConflictError": (409, "Changed"),
        "DataError": (400, OUT_OF_RANGE_MESSAGE),
    }
    assert "Nothing was changed" in answers["DomainError"].content.decode()  # a page, with a way back
    api = net.process_exception(rf.post("/api/events/x/"), DomainError("no such table"))
    assert api.status_code == 400 and json.loads(api.content)["detail"] == "no such table"
    assert net.process_exception(request, KeyError("a bug")) is None  # a bug stays a 500


@pytest.mark.parametrize(("player_id", "name"), [(LONG_ID, "Team"), ("12345678", LONG_NAME), ("²", "١٢")])
def test_over_long_ids_and_names_in_player_forms_are_not_a_server_error(db, player_id, name):
    from tests.factories import EventFactory
    from tournament.enums import TEAM_FORMATS, EventStatus

    event = EventFactory(format=sorted(TEAM_FORMATS)[0], status=EventStatus.REGISTRATION)
    player = PlayerProfileFactory(user=UserFactory())
    client = _web(player.user)
    members = {f"member_{pos}": player_id for pos in ("B", "C")}
    posts = [
        (f"/events/{event.slug}/me/team/", {"team_name": name, "member_A": player.player_id, **members}),
        ("/events/claim/", {"code": name, "player_id": player_id}),
        ("/accounts/", {"player_id": player_id, "display_name": name}),
    ]
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code < 500, (url, response.status_code, response.content[:200])
