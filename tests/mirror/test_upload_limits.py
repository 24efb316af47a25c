"""A mirror upload cannot tie up the server: sizes and lines are counted before anything is
read, players and matches before anything is written, the web request only queues a job, and
an account that staffs no event starts only a few imports a day."""

from __future__ import annotations

import io
import time

import pytest

from core.models import GeneratedFile, GeneratedFileStatus
from mirror import tasks
from tests.factories import UserFactory
from tests.mirror.conftest import fixture
from tournament.models import Event, PlayerProfile, Registration

pytestmark = pytest.mark.django_db

HEADER = "Round,Table,Player 1,Player 1 ID,Player 2,Player 2 ID,Result\n"


def pairings_csv(players: int, *, rounds: int = 1) -> io.BytesIO:
    rows = [
        f"{r},{t},P{2 * t - 1},{10_000_000 + 2 * t - 1},P{2 * t},{10_000_000 + 2 * t},1WIN\n"
        for r in range(1, rounds + 1)
        for t in range(1, players // 2 + 1)
    ]
    upload = io.BytesIO((HEADER + "".join(rows)).encode())
    upload.name = "pairings.csv"
    return upload


def _nothing_written() -> bool:
    return (
        not Event.objects.exists()
        and not Registration.objects.exists()
        and not PlayerProfile.objects.exists()
    )


def test_an_upload_of_too_many_lines_is_refused_before_it_is_read(client):
    """The attack's shape: about 5 MB of CSV naming some 160,000 players, from a fresh account."""
    client.force_login(UserFactory())
    upload = pairings_csv(210_000)
    assert 4_000_000 < len(upload.getvalue()) < 10_000_000

    started = time.monotonic()
    response = client.post("/mirror/", {"source_id": "GEM-1", "files": [upload]}, follow=True)

    assert time.monotonic() - started < 5
    assert (
        "Nothing was imported: more lines than a real event has (at most 100,000)"
        in response.content.decode()
    )
    assert not GeneratedFile.objects.exists()
    assert _nothing_written()


def test_more_players_than_a_real_event_are_refused_and_nothing_is_written(client):
    client.force_login(UserFactory())

    response = client.post("/mirror/", {"source_id": "GEM-2", "files": [pairings_csv(6_000)]}, follow=True)

    assert (
        "Nothing was imported. more players than a real event has (at most 5,000)"
        in response.content.decode()
    )
    job = GeneratedFile.objects.get(app_label="mirror")
    assert job.status == GeneratedFileStatus.FAILED and not job.file  # the upload is not kept
    assert _nothing_written()


def test_too_many_rounds_or_files_too_large_together_are_refused(client, settings):
    settings.MIRROR_MAX_TOTAL_BYTES = 1_000
    client.force_login(UserFactory())
    response = client.post(
        "/mirror/", {"source_id": "GEM-3", "files": [pairings_csv(40), pairings_csv(40)]}, follow=True
    )
    assert "larger than 0.001 MB together" in response.content.decode()
    settings.MIRROR_MAX_TOTAL_BYTES = 10_000_000
    response = client.post(
        "/mirror/", {"source_id": "GEM-3", "files": [pairings_csv(4, rounds=41)]}, follow=True
    )
    assert "a round number outside 1 to 40" in response.content.decode()
    assert _nothing_written()


def test_the_web_request_queues_a_job_and_the_worker_imports(client, monkeypatch):
    queued = []
    # the outside world: the broker that would carry the task to a worker
    monkeypatch.setattr(tasks.task_import_event, "apply_async", lambda kwargs, task_id: queued.append(kwargs))
    user = UserFactory()
    client.force_login(user)
    upload = io.BytesIO(fixture("gem_pairings_r2.csv")[1])
    upload.name = "gem_pairings_r2.csv"

    response = client.post("/mirror/", {"name": "Armory Night", "source_id": "GEM-4", "files": [upload]})

    job = GeneratedFile.objects.get(app_label="mirror", kind="import")
    assert response.status_code == 302 and response["Location"] == f"/mirror/jobs/{job.key.hex}/"
    assert queued == [{"file_id": job.pk}]
    assert job.status == GeneratedFileStatus.PENDING and job.created_by == user
    assert _nothing_written()  # nothing imported in the request
    page = client.get(f"/mirror/jobs/{job.key.hex}/").content.decode()
    assert "queued" in page and 'http-equiv="refresh"' in page
    other = UserFactory()
    client.force_login(other)
    assert client.get(f"/mirror/jobs/{job.key.hex}/").status_code == 404
    client.force_login(user)
    assert (
        "still running"
        in client.post("/mirror/", {"source_id": "GEM-5", "text": "x"}, follow=True).content.decode()
    )

    tasks.task_import_event(file_id=job.pk)  # the worker

    event = Event.objects.get(mirror_source_id="GEM-4")
    assert event.registrations.count() == 9
    answer = client.get(f"/mirror/jobs/{job.key.hex}/", follow=True)
    assert answer.redirect_chain[-1][0] == f"/mirror/{event.slug}/"
    assert "Imported Armory Night" in answer.content.decode()


def test_an_account_that_staffs_no_event_starts_only_a_few_imports_a_day(client, settings):
    settings.MIRROR_IMPORTS_PER_DAY_WITHOUT_EVENTS = 2
    client.force_login(UserFactory())
    bad = {"source_id": "GEM-6", "text": "Round 1\n1\tnobody (12345678)\tsomebody"}
    pages = [client.post("/mirror/", bad, follow=True).content.decode() for _ in range(3)]

    assert "Nothing was imported." in pages[0] and "Nothing was imported." in pages[1]
    assert "an account that staffs no event yet may start 2 imports a day" in pages[2]
    assert GeneratedFile.objects.filter(app_label="mirror").count() == 2


def test_an_official_of_an_event_is_not_held_to_the_fresh_account_limit(
    client, settings, gem_event, organizer
):
    settings.MIRROR_IMPORTS_PER_DAY_WITHOUT_EVENTS = 0
    client.force_login(organizer)
    upload = io.BytesIO(fixture("gem_pairings_r3.csv")[1])
    upload.name = "gem_pairings_r3.csv"

    response = client.post(f"/mirror/{gem_event.slug}/", {"files": [upload]}, follow=True)

    assert "Re-imported: " in response.content.decode()
    assert gem_event.rounds.filter(number=3).exists()


def test_the_command_refuses_too_many_players_too(organizer, tmp_path, settings):
    from django.core.management import CommandError, call_command

    settings.MIRROR_MAX_PLAYERS = 10
    path = tmp_path / "pairings.csv"
    path.write_bytes(pairings_csv(12).getvalue())
    with pytest.raises(CommandError, match="more players than a real event has"):
        call_command("import_mirror", str(path), "--source-id", "GEM-7", "--user", organizer.username)
    assert not Event.objects.filter(mirror_source_id="GEM-7").exists()
