"""Importing an event file is all or nothing: a failure or a stop at any row leaves no event,
account or profile behind, --replace keeps the original when the new copy fails, and a hostile
file is a message naming the model, row and field, never a traceback."""

from __future__ import annotations

import copy
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import CommandError, call_command

from core.models import AuditEntry, GeneratedFile, GeneratedFileStatus
from tests.transfer.test_round_trip import build_event
from tournament.models import Event, Match, PlayerProfile, Registration
from transfer import services, tasks

pytestmark = pytest.mark.django_db


def _counts() -> dict[str, int]:
    return {
        "events": Event.objects.count(),
        "registrations": Registration.objects.count(),
        "matches": Match.objects.count(),
        "profiles": PlayerProfile.objects.count(),
        "users": get_user_model().objects.count(),
        "audit": AuditEntry.objects.count(),
    }


@pytest.fixture
def exported():
    """An exported event file and the installation emptied of the event, its players and the
    floor judge's account (so an import creates profiles and an account)."""
    w = build_event()
    document = json.loads(services.dumps(services.export_event(w.event)))
    services.delete_event_rows(w.event)
    PlayerProfile.objects.filter(player_id=w.bob.player.player_id).delete()
    get_user_model().objects.filter(pk=w.fj.pk).delete()
    return document


def test_a_file_failing_at_its_last_row_leaves_nothing(exported):
    """The database refuses the last match (its table repeats another's: a unique constraint),
    after the event, profiles, account, rounds and registrations were written."""
    document = copy.deepcopy(exported)
    matches = document["rows"]["tournament.match"]
    twin = copy.deepcopy(matches[0])
    twin["pk"] = 999_999
    matches.append(twin)
    before = _counts()
    with pytest.raises(services.TransferError) as err:
        services.import_event(document)
    assert err.value.message.startswith("tournament.match row 2 (pk 999999): the database refused it")
    assert _counts() == before


def test_an_import_stopped_half_way_leaves_nothing(exported):
    """A stop at the Nth row (a signal, a killed worker): the transaction is rolled back."""

    class Stopped(BaseException):
        pass

    def progress(done, total):
        raise Stopped

    before = _counts()
    with pytest.raises(Stopped):
        services.import_event(exported, progress=progress, limits=services.ImportLimits())
    assert _counts() == before


def test_the_progress_of_an_import_reaches_the_job_row(exported, tmp_path, settings):
    settings.MEDIA_ROOT = str(tmp_path)
    job = tasks.start_import_job(json.dumps(exported).encode(), filename="event.json")
    job = tasks.run_import_job(job.pk)
    assert job.status == GeneratedFileStatus.DONE
    assert job.done == job.total == services.check_document(exported)
    assert job.result["slug"] == exported["event"]
    assert not job.file  # the stored copy of the file is gone once imported


def test_replace_that_fails_keeps_the_original(exported):
    original = services.import_event(copy.deepcopy(exported)).event
    rounds = list(original.rounds.values_list("pk", flat=True))
    broken = copy.deepcopy(exported)
    broken["rows"]["tournament.match"][0]["fields"]["table_number"] = "not a number"
    before = _counts()
    with pytest.raises(CommandError, match=r"tournament.match row 1 \(pk \d+\), field 'table_number'"):
        _command(broken, "--replace")
    assert _counts() == before
    kept = Event.objects.get(slug=exported["event"])
    assert kept.pk == original.pk and list(kept.rounds.values_list("pk", flat=True)) == rounds


def test_replace_that_succeeds_swaps_the_event(exported):
    original = services.import_event(copy.deepcopy(exported)).event
    out = _command(exported, "--replace")
    assert "imported event" in out
    assert Event.objects.get(slug=exported["event"]).pk != original.pk


def _command(document, *args) -> str:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.json"
        path.write_text(document if isinstance(document, str) else json.dumps(document))
        out = io.StringIO()
        call_command("import_event", str(path), *args, stdout=out)
        return out.getvalue()


def _with(change):
    def make(document: dict) -> str:
        document = copy.deepcopy(document)
        change(document)
        return json.dumps(document)

    return make


def _set_field(label: str, name: str, value):
    def change(document):
        document["rows"][label][0]["fields"][name] = value

    return change


HOSTILE = {
    "not JSON": (lambda d: "{not json", "invalid JSON"),
    "deep nesting": (
        lambda d: '{"format": "arbiter-event", "version": 1, "x": ' + "[" * 5000 + "]" * 5000 + "}",
        "nested deeper",
    ),
    "nested JSON value": (
        _with(_set_field("judging.reconstruction", "lines", json.loads("[" * 40 + "]" * 40))),
        "nested deeper than 32 levels",
    ),
    "huge integer": (
        lambda d: json.dumps(d).replace('"version": 1', '"version": 1' + "0" * 5000, 1),
        "more than 19 digits",
    ),
    "NaN": (lambda d: json.dumps(d).replace('"version": 1', '"version": NaN', 1), "NaN"),
    "rows not an object": (_with(lambda d: d.__setitem__("rows", [1, 2])), "rows: an object of model labels"),
    "row without fields": (
        _with(lambda d: d["rows"]["tournament.match"].__setitem__(0, {"pk": 1})),
        "tournament.match row 1: an object with 'pk' and 'fields' was expected",
    ),
    "user without username": (
        _with(lambda d: d["users"][0].pop("username")),
        "users entry 1: 'username' is missing or not a text",
    ),
    "profile name too long": (
        _with(lambda d: [p.__setitem__("display_name", "x" * 500) for p in d["player_profiles"]]),
        "'display_name': Ensure this value has at most 120 characters",
    ),
    "unknown content type": (
        _with(lambda d: d["content_types"][0].__setitem__("model", "nothing")),
        "is not a model of this installation",
    ),
    "bad date": (
        _with(_set_field("tournament.event", "date", "the 31st of February")),
        "tournament.event row 1",
    ),
    "integer out of range": (
        _with(_set_field("tournament.match", "table_number", 2**40)),
        "field 'table_number': Ensure this value is less than or equal to",
    ),
    "key to a row not in the file": (
        _with(_set_field("tournament.match", "round_id", 424242)),
        "refers to tournament.round 424242, which the file does not carry",
    ),
    "key that is a list": (
        _with(_set_field("tournament.match", "round_id", [1])),
        "a key (number or text) was expected",
    ),
    "NUL in a text": (
        _with(_set_field("tournament.event", "venue", "back\x00room")),
        "a text contains a NUL character",
    ),
    "duplicate pk": (
        _with(
            lambda d: d["rows"]["tournament.round"].append(copy.deepcopy(d["rows"]["tournament.round"][0]))
        ),
        "appears twice",
    ),
    "no event row": (_with(lambda d: d["rows"]["tournament.event"].clear()), "refers to tournament.event"),
    "unknown field": (_with(_set_field("tournament.match", "secret", 1)), "fields unknown here: secret"),
    "bad slug": (_with(lambda d: d.__setitem__("event", "../../etc")), "the event's slug"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_file_is_a_named_refusal_and_writes_nothing(exported, name):
    make, expected = HOSTILE[name]
    text = make(exported)
    before = _counts()
    with pytest.raises(CommandError) as err:
        _command(text)
    assert expected in str(err.value)
    assert _counts() == before
    failed = GeneratedFile.objects.filter(app_label="transfer").first()
    if failed is not None:  # refused before the job was made when it is too large
        assert failed.status == GeneratedFileStatus.FAILED and expected in failed.error


def test_a_file_above_the_size_limit_is_refused_before_it_is_read(exported, settings):
    settings.TRANSFER_IMPORT_MAX_BYTES = 1000
    with pytest.raises(CommandError, match="is larger than 1,000 bytes: refused"):
        _command(exported)
    assert not GeneratedFile.objects.exists()


def test_an_import_made_account_can_reset_its_password(exported, client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    document = copy.deepcopy(exported)
    fj = next(u for u in document["users"] if not u["player_id"] and u["username"].startswith("fj"))
    fj["email"] = "floor.judge@example.org"
    summary = services.import_event(document)
    user = get_user_model().objects.get(pk=summary.pk_map[("auth.user", fj["pk"])])
    answer = client.post("/accounts/password_reset/", {"email": "floor.judge@example.org"})
    assert answer.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["floor.judge@example.org"]
    assert user.username in mail.outbox[0].body
    assert not client.login(username=user.username, password="")


def test_new_accounts_without_an_email_are_listed_for_an_administrator(exported):
    document = copy.deepcopy(exported)
    for user in document["users"]:
        user["email"] = ""
    summary = services.import_event(document)
    assert summary.users_without_email == [u.username for u in get_user_model().objects.filter(email="")]
    assert any("manage.py changepassword" in line for line in summary.describe())


ODD_VALUES = [
    None,
    "",
    "x" * 3000,
    -1,
    2**63,
    2**31,
    [],
    {},
    True,
    1.5,
    "2026-13-45",
    {"a": [1]},
    [None],
    -(2**40),
]


def test_any_odd_value_anywhere_is_a_named_refusal_or_an_import(exported):
    """120 files, each with one value of one row (and some reference entry) replaced by an odd
    one: each is imported or refused with a TransferError naming where, never anything else,
    and a refusal writes nothing."""
    import random

    from django.db import transaction

    rnd = random.Random(35)
    before = _counts()
    for n in range(120):
        document = copy.deepcopy(exported)
        label = rnd.choice([label for label, rows in document["rows"].items() if rows])
        row = rnd.choice(document["rows"][label])
        name = rnd.choice(list(row["fields"]))
        row["fields"][name] = rnd.choice(ODD_VALUES)
        if n % 4 == 0:
            section = rnd.choice(["users", "player_profiles", "content_types", "card_releases"])
            entry = rnd.choice(document[section])
            entry[rnd.choice(list(entry))] = rnd.choice(ODD_VALUES)
        try:
            with transaction.atomic():
                services.import_event(json.loads(json.dumps(document)), slug=f"odd-{n}")
                transaction.set_rollback(True)
        except services.TransferError as exc:
            assert "cannot be imported (" not in exc.message, exc.message
            assert _counts() == before
