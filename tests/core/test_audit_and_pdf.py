import pytest

from core.audit import audit_trail_for, record_audit
from core.models import AuditEntry
from core.pdf import PdfFetchRefused, StaticOnlyFetcher, qr_svg_data_uri, render_pdf


@pytest.mark.django_db
def test_record_audit_keeps_who_before_and_after(user_factory):
    judge = user_factory("judge")
    target = user_factory("player")
    entry = record_audit(
        target,
        actor=judge,
        action="result.corrected",
        before={"score": "2-0"},
        after={"score": "2-1"},
        event_id=7,
    )
    assert list(audit_trail_for(target)) == [entry]
    stored = AuditEntry.objects.get(pk=entry.pk)
    assert (stored.actor, stored.before, stored.after, stored.event_id) == (
        judge,
        {"score": "2-0"},
        {"score": "2-1"},
        7,
    )


def test_pdf_fetcher_refuses_outside_urls():
    fetcher = StaticOnlyFetcher()
    with pytest.raises(PdfFetchRefused):
        fetcher.fetch("http://example.org/x.png")
    with pytest.raises(PdfFetchRefused):
        fetcher.fetch("file:///etc/passwd")
    assert b"Arbiter" in fetcher.fetch("file:///static/css/site.css").read()


def test_render_pdf_makes_a_real_pdf_and_escapes_user_input():
    pdf = render_pdf(
        "core/pdf/sample.html",
        {"title": "Pairings <script>", "qr": qr_svg_data_uri("x"), "body": "<img src='http://evil'>"},
    )
    assert pdf.startswith(b"%PDF-")
    assert len(pdf) > 1000


def test_qr_code_is_an_svg_data_uri():
    assert qr_svg_data_uri("https://arbiter.example/e/1").startswith("data:image/svg+xml")
