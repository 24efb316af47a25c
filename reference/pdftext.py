"""Text out of a rules document published as a PDF (pure Python over poppler's ``pdftotext``).

The publishers hand out their rules documents as PDFs; :mod:`reference.parsing` reads text.
Extraction runs ``pdftotext -raw`` (content-stream order). Its reading-order mode would join a
word broken at the end of a line by itself and drop the hyphen, turning "end-of-match" wrapped
after "end-of-" into "end-ofmatch"; in raw order the hyphen stays and the parser, which knows the
document's own words, decides whether it belonged to the word or to the line break.

Page furniture: a line that opens or closes most pages (a running title, "Page 3 of 40", a
copyright line) is removed here, where the page breaks are still known; digits are ignored when
lines are compared, so numbered footers count as one line. The parser then drops what is left of
the usual debris (bare page numbers, capitalised chapter headers).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

PDF_MAGIC = b"%PDF-"

# Lines looked at, at each end of a page, for headers and footers.
_EDGE_LINES = 2


class PdfTextError(Exception):
    """The PDF could not be turned into text; the message says why and what to do instead."""


def is_pdf(data: bytes) -> bool:
    """True when ``data`` is a PDF file (its header may follow up to 1 KB of junk, as readers allow)."""
    return PDF_MAGIC in data[:1024]


def pdftotext_path() -> str | None:
    return shutil.which("pdftotext")


def pdf_to_text(data: bytes, *, timeout: float = 120) -> str:
    """The text of a PDF document, page furniture removed; PdfTextError naming the problem."""
    tool = pdftotext_path()
    if tool is None:
        raise PdfTextError(
            "Reading a PDF needs poppler's pdftotext, which is not installed "
            "(Debian/Ubuntu: apt-get install poppler-utils; macOS: brew install poppler; "
            "`make run` installs it), or give the document as text."
        )
    with tempfile.TemporaryDirectory(prefix="arbiter-pdf-") as folder:
        source = Path(folder) / "document.pdf"
        target = Path(folder) / "document.txt"
        source.write_bytes(data)
        try:
            done = subprocess.run(
                [tool, "-raw", "-enc", "UTF-8", str(source), str(target)],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise PdfTextError(f"pdftotext took longer than {timeout:.0f} s over the PDF.") from None
        if done.returncode != 0 or not target.is_file():
            detail = (done.stderr or "").strip().splitlines()
            reason = detail[-1] if detail else f"exit status {done.returncode}"
            raise PdfTextError(f"pdftotext could not read the PDF ({reason}): is the file a whole PDF?")
        text = target.read_text(encoding="utf-8", errors="replace")
    if not text.replace("\f", "").strip():
        raise PdfTextError(
            "The PDF has no text to read (a scanned document?): give the document as text instead."
        )
    return strip_page_furniture(text)


def _shape(line: str) -> str:
    """A line with its page number blurred: "Page 3 of 40" and "Page 4 of 40" are the same footer,
    so are "Widget Rules 12" and "Widget Rules 13". Only short lines have every number blurred, and
    long ones only a number standing first or last, so rules that differ by their numbers
    ("1.1 Rule 1 ...", "1.2 Rule 2 ...") are never taken for one repeated line."""
    s = re.sub(r"\s+", " ", line.strip().lower())
    if re.fullmatch(r"[ivxlc]{1,6}", s):
        return "#"
    if len(s) <= 24:
        return re.sub(r"\d+", "#", s)
    return re.sub(r"^\d+ |(?<= )\d+$", "# ", s)


def _edges(lines: list[str]) -> list[int]:
    """Indexes of the first and last few non-blank lines of a page."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return sorted(set(filled[:_EDGE_LINES] + filled[-_EDGE_LINES:]))


def strip_page_furniture(text: str) -> str:
    """Join the pages of ``pdftotext`` output (form feeds) without their running headers and
    footers: lines at a page's edges whose shape (see :func:`_shape`) is at an edge of at least
    40% of the pages (and of three pages or more)."""
    pages = [page.split("\n") for page in text.split("\f")]
    if len(pages) < 3:
        return text.replace("\f", "\n")
    seen: Counter[str] = Counter()
    for lines in pages:
        seen.update({_shape(lines[i]) for i in _edges(lines)})
    threshold = max(3, round(len(pages) * 0.4))
    furniture = {shape for shape, count in seen.items() if count >= threshold}
    kept: list[str] = []
    for lines in pages:
        drop = {i for i in _edges(lines) if _shape(lines[i]) in furniture}
        kept.extend(line for i, line in enumerate(lines) if i not in drop)
    return "\n".join(kept)
