"""core.files: the one generated-file mechanism (status, progress, access, expiry, cleanup)."""

from __future__ import annotations

import os
from datetime import timedelta
from io import StringIO

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.http import Http404
from django.utils import timezone

from core import files
from core.models import GeneratedFile
from core.tasks import task_delete_expired_files
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _made(generated, progress):
    progress(1, 2)
    seen = GeneratedFile.objects.get(pk=generated.pk)
    assert (seen.status, seen.done, seen.total, seen.percent) == ("running", 1, 2, 50)
    progress(2, 2)
    return files.Output(content=b"%PDF-1.7 test", filename="report.pdf", result={"rows": 2})


def test_run_stores_the_file_progress_and_result(tmp_path):
    user = UserFactory()
    generated = files.start_generated_file("demo", "report", event_id=7, requested_by=user)
    assert (generated.status, generated.percent, generated.created_by) == ("pending", 0, user)
    assert generated.expires_at > timezone.now() + timedelta(days=6)
    done = files.run_generated_file(generated.pk, _made)
    assert (done.status, done.percent, done.done, done.total) == ("done", 100, 2, 2)
    assert (done.filename, done.size, done.content_type, done.result) == (
        "report.pdf",
        13,
        "application/pdf",
        {"rows": 2},
    )
    assert done.file.path.startswith(str(tmp_path)) and done.file.read() == b"%PDF-1.7 test"
    assert done.finished_at is not None


def test_an_anonymous_request_has_no_owner():
    from django.contrib.auth.models import AnonymousUser

    generated = files.start_generated_file("demo", "report", requested_by=AnonymousUser())
    assert generated.created_by is None and not files.requested_by(AnonymousUser(), generated)


def _broken(generated, progress):
    raise ValueError("no round 9")


def test_a_failure_is_recorded_and_reraised_unless_told():
    generated = files.start_generated_file("demo", "report")
    with pytest.raises(ValueError):
        files.run_generated_file(generated.pk, _broken)
    generated.refresh_from_db()
    assert (generated.status, generated.error, bool(generated.file)) == ("failed", "no round 9", False)
    quiet = files.start_generated_file("demo", "report")
    assert files.run_generated_file(quiet.pk, _broken, reraise=False).status == "failed"


def test_find_refuses_unknown_expired_and_foreign_rows():
    generated = files.start_generated_file("demo", "report", event_id=1)
    key = generated.key.hex
    assert files.find_generated_file(app_label="demo", key=key, event_id=1) == generated
    assert files.find_generated_file(app_label="demo", pk=generated.pk, kinds=["report"]) == generated
    for lookup in (
        {"app_label": "other", "key": key},
        {"app_label": "demo", "key": key, "event_id": 2},
        {"app_label": "demo", "key": key, "kinds": ["slips"]},
        {"app_label": "demo", "key": "../../etc/passwd"},
        {"app_label": "demo", "key": "0" * 32},
        {"app_label": "demo"},
    ):
        with pytest.raises(Http404):
            files.find_generated_file(**lookup)
    GeneratedFile.objects.filter(pk=generated.pk).update(expires_at=timezone.now())
    with pytest.raises(Http404):
        files.find_generated_file(app_label="demo", key=key)


def test_access_asks_the_app_and_raises_the_chosen_refusal():
    owner, other = UserFactory(), UserFactory()
    generated = files.start_generated_file("demo", "report", requested_by=owner)

    def allowed(g):
        return files.requested_by(owner, g)

    assert files.access_generated_file(owner, app_label="demo", pk=generated.pk, allowed=allowed) == generated
    assert files.requested_by(owner, generated) and not files.requested_by(other, generated)
    with pytest.raises(Http404):
        files.access_generated_file(other, app_label="demo", pk=generated.pk, allowed=lambda g: False)
    with pytest.raises(PermissionDenied):
        files.access_generated_file(
            other, app_label="demo", pk=generated.pk, allowed=lambda g: False, denied=PermissionDenied
        )


def test_cleanup_deletes_expired_rows_and_their_files():
    old = files.run_generated_file(files.start_generated_file("demo", "report").pk, _made)
    fresh = files.run_generated_file(files.start_generated_file("demo", "report").pk, _made)
    old_path = old.file.path
    GeneratedFile.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    assert task_delete_expired_files.delay().get() == 1
    assert list(GeneratedFile.objects.values_list("pk", flat=True)) == [fresh.pk]

    assert not os.path.exists(old_path) and os.path.exists(fresh.file.path)
    GeneratedFile.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    out = StringIO()
    call_command("delete_expired_files", stdout=out)
    assert "deleted 1" in out.getvalue() and not GeneratedFile.objects.exists()


def test_ttl_comes_from_settings(settings):
    settings.GENERATED_FILE_TTL_HOURS = 2
    generated = files.start_generated_file("demo", "report")
    assert generated.expires_at < timezone.now() + timedelta(hours=2, minutes=1)


def test_cleanup_removes_old_files_of_the_former_mechanisms(tmp_path):
    old = tmp_path / "pdf-jobs" / "0123.pdf"
    recent = tmp_path / "judging-reports" / "event-1-penalties.pdf"
    for path in (old, recent):
        path.parent.mkdir()
        path.write_bytes(b"%PDF-")
    eight_days_ago = (timezone.now() - timedelta(days=8)).timestamp()
    os.utime(old, (eight_days_ago, eight_days_ago))
    files.delete_expired_files()
    assert not old.exists() and recent.exists()


# -- issue 35, item 9: a job whose worker died does not stay "running" forever ---------------------


def _aged(generated, *, status, heartbeat_minutes_ago=None, created_minutes_ago=0):
    now = timezone.now()
    GeneratedFile.objects.filter(pk=generated.pk).update(
        status=status,
        heartbeat_at=None
        if heartbeat_minutes_ago is None
        else now - timedelta(minutes=heartbeat_minutes_ago),
        created_at=now - timedelta(minutes=created_minutes_ago),
    )
    generated.refresh_from_db()
    return generated


def test_a_running_file_whose_worker_died_is_failed_by_the_periodic_task(settings):
    from core.tasks import task_fail_stale_files

    settings.GENERATED_FILE_STALE_MINUTES = 5
    dead = _aged(files.start_generated_file("demo", "report"), status="running", heartbeat_minutes_ago=6)
    never_beat = _aged(files.start_generated_file("demo", "report"), status="running", created_minutes_ago=6)
    alive = _aged(files.start_generated_file("demo", "report"), status="running", heartbeat_minutes_ago=1)
    finished = _aged(files.start_generated_file("demo", "report"), status="done", heartbeat_minutes_ago=60)
    assert task_fail_stale_files.delay().get() == 2
    statuses = {g.pk: GeneratedFile.objects.get(pk=g.pk).status for g in (dead, never_beat, alive, finished)}
    assert statuses == {dead.pk: "failed", never_beat.pk: "failed", alive.pk: "running", finished.pk: "done"}
    dead.refresh_from_db()
    assert "stopped (no sign of life for 5 minutes)" in dead.error and "Ask for it again" in dead.error
    assert dead.finished_at is not None and dead.is_finished


def test_a_pending_file_no_worker_started_is_failed_after_its_own_longer_wait(settings):
    settings.GENERATED_FILE_PENDING_MINUTES = 60
    waiting = _aged(files.start_generated_file("demo", "report"), status="pending", created_minutes_ago=30)
    lost = _aged(files.start_generated_file("demo", "report"), status="pending", created_minutes_ago=61)
    assert files.fail_stale_files() == 1
    assert GeneratedFile.objects.get(pk=waiting.pk).status == "pending"
    lost.refresh_from_db()
    assert lost.status == "failed" and "No background worker started this" in lost.error


def test_reading_a_dead_job_marks_it_failed_without_beat():
    dead = _aged(files.start_generated_file("demo", "report"), status="running", heartbeat_minutes_ago=30)
    seen = files.find_generated_file(app_label="demo", key=dead.key.hex)
    assert seen.status == "failed" and "Ask for it again" in seen.error
    assert GeneratedFile.objects.get(pk=dead.pk).status == "failed"


def test_a_file_being_made_beats_when_it_starts_and_on_each_progress_report():
    generated = files.start_generated_file("demo", "report")
    assert generated.heartbeat_at is None
    beats = []

    def produce(row, progress):
        beats.append(GeneratedFile.objects.get(pk=row.pk).heartbeat_at)
        GeneratedFile.objects.filter(pk=row.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
        progress(1, 1)
        beats.append(GeneratedFile.objects.get(pk=row.pk).heartbeat_at)
        return files.Output(result={"ok": True})

    before = timezone.now()
    done = files.run_generated_file(generated.pk, produce)
    assert done.status == "done" and beats[0] >= before and beats[1] >= before


def test_a_stale_failed_file_run_again_by_a_late_worker_ends_done_without_the_old_error():
    generated = _aged(
        files.start_generated_file("demo", "report"), status="running", heartbeat_minutes_ago=30
    )
    files.fail_stale_files()
    done = files.run_generated_file(generated.pk, lambda row, progress: files.Output(result={"ok": 1}))
    assert (done.status, done.error) == ("done", "")


@pytest.mark.django_db(transaction=True)
def test_a_long_job_without_progress_reports_still_beats_from_its_thread(settings):
    """A render that reports no progress for minutes is alive: a thread beside it keeps the
    row's heartbeat fresh (here every second), so it is not mistaken for a dead worker's."""
    import time

    settings.GENERATED_FILE_STALE_MINUTES = 5 / 60  # a beat every second
    generated = files.start_generated_file("demo", "report")
    seen = {}

    def produce(row, progress):
        first = GeneratedFile.objects.get(pk=row.pk).heartbeat_at
        for _ in range(200):  # waiting for the thread's beat, not measuring anything
            later = GeneratedFile.objects.get(pk=row.pk).heartbeat_at
            if later != first:
                seen["beat"] = (first, later)
                break
            time.sleep(0.05)
        return files.Output(result={"ok": True})

    done = files.run_generated_file(generated.pk, produce)
    assert done.status == "done"
    first, later = seen["beat"]
    assert later > first
