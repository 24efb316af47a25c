"""Large events' PDFs render in a Celery task (eager here) with progress and a download link."""

from __future__ import annotations

import pytest
from django.test import Client

from core.models import GeneratedFile
from tests.factories import StaffAssignmentFactory, UserFactory
from tests.tournament.test_pages import build_running_event
from tournament import pdf_tasks, views
from tournament.enums import StaffRole


@pytest.fixture(autouse=True)
def media_and_hasher(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def large_threshold(monkeypatch):
    """Treat any round with more than one match as large so a small event exercises the task."""
    monkeypatch.setattr(views.exports, "PDF_SYNC_MAX_MATCHES", 1)


@pytest.mark.django_db
def test_task_writes_the_pdf_and_marks_the_file_done(tmp_path):
    event, regs, r1, r2 = build_running_event(6)
    generated = pdf_tasks.start_pdf_job(event=event, kind="pairings-name", round_number=2, site_url="")
    job = pdf_tasks.job_payload(generated, event)
    assert (job["status"], job["progress"], job["kind"]) == ("done", 100, "pairings-name")
    assert generated.file.path.startswith(str(tmp_path))
    data = generated.file.read()
    assert data.startswith(b"%PDF-") and job["size"] == len(data)
    assert job["filename"] == f"{event.slug}-round-2-pairings-name.pdf"


@pytest.mark.django_db
def test_task_failure_is_recorded_on_the_file():
    event, regs, r1, r2 = build_running_event(4)
    generated = pdf_tasks.start_pdf_job(event=event, kind="standings", round_number=7, site_url="")
    job = pdf_tasks.job_payload(generated, event)
    assert job["status"] == "failed" and "round 7" in job["error"]
    assert not generated.file


@pytest.mark.django_db
def test_large_round_pdf_goes_through_a_job_page_with_a_download_link(large_threshold):
    event, regs, r1, r2 = build_running_event(6)
    c = Client()
    response = c.get(f"/events/{event.slug}/pdf/pairings-table/?round=2")
    assert response.status_code == 302
    job_url = response["Location"]
    status = c.get(job_url, HTTP_ACCEPT="application/json").json()
    assert status["status"] == "done" and status["progress"] == 100
    page = c.get(job_url)
    assert "data-download" in page.content.decode()
    pdf = c.get(status["download_url"])
    assert pdf.status_code == 200
    assert b"".join(pdf.streaming_content).startswith(b"%PDF-")


@pytest.mark.django_db
def test_staff_start_a_background_slip_job_that_the_public_cannot_read(large_threshold):
    event, regs, r1, r2 = build_running_event(6)
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    c = Client()
    c.force_login(sk)
    response = c.post(f"/events/{event.slug}/pdf-jobs/", {"kind": "slips", "round": "2"})
    assert response.status_code == 302
    job_url = response["Location"]
    assert c.get(job_url, {"format": "json"}).json()["status"] == "done"
    assert Client().get(job_url).status_code == 403
    assert (
        Client().post(f"/events/{event.slug}/pdf-jobs/", {"kind": "slips", "round": "2"}).status_code == 302
    )


@pytest.mark.django_db
@pytest.mark.parametrize("job_id", ["../../etc/passwd", "0" * 32, "not-a-job"])
def test_unknown_or_malicious_job_ids_are_404(job_id):
    event, regs, r1, r2 = build_running_event(2)
    assert Client().get(f"/events/{event.slug}/pdf-jobs/{job_id}/").status_code == 404


@pytest.mark.django_db
def test_a_job_of_another_event_is_not_served(tmp_path):
    event, regs, r1, r2 = build_running_event(2)
    other, *_ = build_running_event(2)
    job_id = pdf_tasks.start_pdf_job(event=event, kind="standings", round_number=1, site_url="").key.hex
    assert GeneratedFile.objects.get(key=job_id).status == "done"
    assert Client().get(f"/events/{event.slug}/pdf-jobs/{job_id}/").status_code == 200
    assert Client().get(f"/events/{other.slug}/pdf-jobs/{job_id}/").status_code == 404


@pytest.mark.django_db
def test_an_expired_job_is_gone(tmp_path):
    from datetime import timedelta

    from django.utils import timezone

    event, regs, r1, r2 = build_running_event(2)
    generated = pdf_tasks.start_pdf_job(event=event, kind="standings", round_number=1, site_url="")
    GeneratedFile.objects.filter(pk=generated.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    url = f"/events/{event.slug}/pdf-jobs/{generated.key.hex}/"
    assert Client().get(url).status_code == 404
    assert Client().get(url + "download/").status_code == 404


@pytest.mark.django_db
def test_a_dead_workers_pdf_job_shows_the_failure_and_trying_again_makes_the_pdf(large_threshold):
    """Issue 35, item 9: a job whose worker was killed stayed "running" (the page refreshing
    forever); it is now failed with a message and the page offers to try again."""
    from datetime import timedelta

    from django.utils import timezone

    event, regs, r1, r2 = build_running_event(6)
    dead = GeneratedFile.objects.create(
        app_label="tournament",
        kind="pairings-table",
        event_id=event.pk,
        params={"round_number": 2, "site_url": "", "with_ids": False},
        status="running",
        heartbeat_at=timezone.now() - timedelta(minutes=30),
        expires_at=timezone.now() + timedelta(days=1),
    )
    c = Client()
    job_url = f"/events/{event.slug}/pdf-jobs/{dead.key.hex}/"
    status = c.get(job_url, HTTP_ACCEPT="application/json").json()
    assert status["status"] == "failed" and "Ask for it again" in status["error"]
    page = c.get(job_url).content.decode()
    assert 'http-equiv="refresh"' not in page and "data-retry" in page
    retry = f"/events/{event.slug}/pdf/pairings-table/?round=2"
    assert f'href="{retry}"' in page
    again = c.get(retry)
    assert again.status_code == 302 and again["Location"] != job_url
    assert c.get(again["Location"], HTTP_ACCEPT="application/json").json()["status"] == "done"
