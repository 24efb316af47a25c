"""The penalty report PDF at its real widths: no column header (or cell) spills into its
neighbour, and no header word is broken. The words' boxes come from poppler (``pdftotext -bbox``)."""

from __future__ import annotations

import pytest

from judging.services import penalties as penalty_services
from judging.tasks import render_penalty_report
from tests.pdf_words import PDFTOTEXT, overlapping_words, words

pytestmark = pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed")


def test_penalty_report_headers_do_not_overlap(world):
    for infraction in ("improper_concession", "tardiness_minor"):
        penalty_services.issue_penalty(
            world.bob,
            infraction=infraction,
            judge=world.hj,
            match=world.match,
            description="Long description of what happened at the table, in full.",
        )
    pdf = render_penalty_report(world.event)
    first_page = [w.text for w in words(pdf) if w.page == 1]
    for header in ("When", "Player", "Infraction", "Recommended", "Issued", "Status", "Notes"):
        assert header in first_page, first_page
    assert overlapping_words(pdf) == []
