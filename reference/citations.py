"""Find and resolve rule citations such as "CR 1.1.3b", "TR&P'23 3.4", "PPG 4.4" or "GA 1.7.h.3a".

Citation style follows requirements 0.1: without an edition a citation means the current edition
(CR 2.13.0, TR&P 2025, PPG 2023, GA 2023-04-03); "TR&P'23" is the 2023 edition, "CR-old" and
"CR-web" the older CR texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse

from reference.seeds import KIND_LABELS

_NUM_STRICT = r"(?:\d{1,2}|X)(?:\.(?:\d{1,3}[a-z]?|[a-z]{1,4}|XX|[A-Z]))*"
NUMBER_RE = re.compile(rf"^{_NUM_STRICT}$", re.IGNORECASE)
_DOC = r"(?P<doc>CR(?:[-\u2011 ]?(?:old|web))?|TR\s?&\s?P|TR&amp;P|TRP|PPG|GA)"
_EDITION = r"(?:\s?['’‘](?P<ed>\d{2}))?"
_HEAD = rf"(?<![\w&]){_DOC}\b{_EDITION}\s*(?:§\s*)?"
_TARGET = (
    rf"(?:App(?:endix)?\.?\s+(?P<app>[A-F])\b"
    rf"|(?:ch(?:apter)?\.?\s*(?=\d))?(?P<num>{_NUM_STRICT})(?![\w.]\w))"
)
CITATION_RE = re.compile(
    rf"{_HEAD}{_TARGET}(?P<tail>(?:\s*(?:,|–|—|-|\band\b|\bor\b|\bto\b)\s*{_NUM_STRICT}(?![\w.]\w))*)",
    re.IGNORECASE,
)
_TAIL_NUM = re.compile(rf"{_NUM_STRICT}(?![\w.]\w)")


class Citation(tuple):
    """``(doc, number)`` with an optional ``version`` attribute (None means the current edition)."""

    version: str | None

    def __new__(cls, doc: str, number: str, version: str | None = None):
        self = super().__new__(cls, (doc, number))
        self.version = version
        return self

    @property
    def doc(self) -> str:
        return self[0]

    @property
    def number(self) -> str:
        return self[1]

    def label(self) -> str:
        edition = {"old": "-old", "web": "-web"}.get(self.version or "", "")
        if self.version in ("2023",) and self.doc in ("trp", "ppg"):
            edition = "'23"
        return f"{KIND_LABELS[self.doc]}{edition} {self.number}"

    def __repr__(self) -> str:
        return f"Citation({self.doc!r}, {self.number!r}, version={self.version!r})"


@dataclass(frozen=True)
class CitationMatch:
    start: int
    end: int
    citation: Citation


def _doc_and_version(doc_raw: str, edition: str | None) -> tuple[str, str | None]:
    d = re.sub(r"[\s\u2011-]", "", doc_raw.lower()).replace("&amp;", "&")
    version: str | None = None
    if d.startswith("cr"):
        if d.endswith("old"):
            version = "old"
        elif d.endswith("web"):
            version = "web"
        doc = "cr"
    elif d in ("tr&p", "trp"):
        doc = "trp"
    else:
        doc = d
    if edition:
        version = {"trp": {"23": "2023", "25": "2025"}, "ppg": {"23": "2023"}}.get(doc, {}).get(
            edition, f"20{edition}"
        )
    return doc, version


def _canonical_number(doc: str, number: str) -> str:
    """FaB letters are lower-case; GA keeps its chapter X, the X.A/X.B sections and XX upper-case."""
    if doc != "ga":
        return number.lower()
    parts = number.split(".")
    out: list[str] = []
    for i, part in enumerate(parts):
        if part.upper() in ("X", "XX") or (i == 1 and out and out[0] == "X" and len(part) == 1):
            out.append(part.upper())
        else:
            out.append(part.lower())
    return ".".join(out)


def find_citations(text: str) -> list[CitationMatch]:
    """Every citation in ``text`` with its span, including the members of lists ("TR&P 2.5, 5.10")."""
    out: list[CitationMatch] = []
    if not text:
        return out
    for m in CITATION_RE.finditer(text):
        doc, version = _doc_and_version(m.group("doc"), m.group("ed"))
        if m.group("app"):
            start, end = m.start(), m.end("app")
            out.append(CitationMatch(start, end, Citation(doc, m.group("app").upper(), version)))
            continue
        if doc == "cr" and re.fullmatch(r"\d+\.\d+\.0", m.group("num")):
            continue  # "CR 2.13.0" names an edition; rule numbers never end in .0
        out.append(
            CitationMatch(
                m.start(), m.end("num"), Citation(doc, _canonical_number(doc, m.group("num")), version)
            )
        )
        tail = m.group("tail")
        if tail:
            base = m.start("tail")
            for t in _TAIL_NUM.finditer(tail):
                out.append(
                    CitationMatch(
                        base + t.start(),
                        base + t.end(),
                        Citation(doc, _canonical_number(doc, t.group()), version),
                    )
                )
    return out


def parse_citation(text: str | None) -> Citation | None:
    """``"CR 1.1.3b"`` -> ``("cr", "1.1.3b")``; ``"TR&P'23 3.4"`` -> ``("trp", "3.4")`` with version "2023".

    Returns None when ``text`` holds no citation.
    """
    if not text or not isinstance(text, str):
        return None
    found = find_citations(text.strip())
    return found[0].citation if found else None


def rule_url(citation: str | Citation | None) -> str | None:
    """The stable address of a cited rule (``/rules/cr/1.1.3b/``), or None if it cannot be parsed."""

    cit = citation if isinstance(citation, Citation) else parse_citation(citation)
    if cit is None:
        return None
    url = reverse("reference:rule", kwargs={"doc": cit.doc, "number": cit.number})
    if cit.version:
        url += "?" + urlencode({"version": cit.version})
    return url
