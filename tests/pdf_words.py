"""Word boxes of a PDF (poppler's ``pdftotext -bbox``) and a check that no two words printed on
the same line overlap: the mark of a column header or cell spilling into its neighbour."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from html import unescape
from pathlib import Path

PDFTOTEXT = shutil.which("pdftotext")
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
_PAGE = re.compile(r"<page [^>]*>(.*?)</page>", re.S)


@dataclass(frozen=True)
class Word:
    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    text: str


def words(pdf: bytes) -> list[Word]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        html = subprocess.run(
            [PDFTOTEXT, "-bbox", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
    out = []
    for number, page in enumerate(_PAGE.findall(html), start=1):
        for x0, y0, x1, y1, text in _WORD.findall(page):
            out.append(Word(number, float(x0), float(y0), float(x1), float(y1), unescape(text)))
    return out


def overlapping_words(pdf: bytes, *, tolerance: float = 0.5) -> list[tuple[Word, Word]]:
    """Pairs of words whose boxes overlap (more than ``tolerance`` points both ways)."""
    found = []
    items = words(pdf)
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            if a.page != b.page:
                continue
            dx = min(a.x1, b.x1) - max(a.x0, b.x0)
            dy = min(a.y1, b.y1) - max(a.y0, b.y0)
            if dx > tolerance and dy > tolerance:
                found.append((a, b))
    return found
