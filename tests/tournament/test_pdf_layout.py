"""Every tournament PDF (pairings by table and by name, standings, match slips) at its real
widths, with long names and the staff's IDs: no two printed words overlap (poppler's word
boxes), the mark of a header or cell spilling into its neighbour."""

from __future__ import annotations

import os

import pytest

from tests.pdf_words import PDFTOTEXT, overlapping_words
from tests.tournament.test_pages import build_running_event
from tournament.access import STAFF_LENS
from tournament.pdf import DOCUMENT_KINDS, document_for

pytestmark = pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed")


@pytest.mark.django_db
@pytest.mark.parametrize("kind", DOCUMENT_KINDS)
def test_tournament_pdfs_have_no_overlapping_words(kind):
    event, regs, r1, r2 = build_running_event(8)
    long = regs[0].player
    long.display_name = "Bartholomew Featherstonehaugh-Cholmondeley"
    long.player_id = "GEM-12345678901234"
    long.save()
    number = 1 if kind == "standings" else 2
    pdf = document_for(event, kind, number, site_url="http://arbiter.example", lens=STAFF_LENS).render()
    out = os.environ.get("ARBITER_PDF_DUMP")  # set it to look at the pages (pdftoppm -png)
    if out:
        with open(os.path.join(out, f"{kind}.pdf"), "wb") as fh:
            fh.write(pdf)
    assert overlapping_words(pdf) == []
