"""Large events' PDFs render in a Celery task (eager here) with progress and a download link."""

from __future__ import annotations

import json

import pytest
from django.test import Client

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
def test_task_writes_the_pdf_and_a_done_manifest(tmp_path):
    event, regs, r1, r2 = build_running_event(6)
    job_id = pdf_tasks.task_render_event_pdf.delay(
        event_id=event.pk, kind="pairings-name", round_number=2
    ).get()
    job = pdf_tasks.read_job(job_id)
    assert (job["status"], job["progress"], job["kind"]) == ("done", 100, "pairings-name")
    data = (tmp_path / "pdf-jobs" / f"{job_id}.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and job["size"] == len(data)


@pytest.mark.django_db
def test_task_failure_is_recorded_in_the_manifest():
    event, regs, r1, r2 = build_running_event(4)
    job_id = pdf_tasks.task_render_event_pdf.delay(event_id=event.pk, kind="standings", round_number=7).get()
    job = pdf_tasks.read_job(job_id)
    assert job["status"] == "failed" and "round 7" in job["error"]


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
    job_id = pdf_tasks.task_render_event_pdf.delay(event_id=event.pk, kind="standings", round_number=1).get()
    assert json.loads((tmp_path / "pdf-jobs" / f"{job_id}.json").read_text())["status"] == "done"
    assert Client().get(f"/events/{other.slug}/pdf-jobs/{job_id}/").status_code == 404
