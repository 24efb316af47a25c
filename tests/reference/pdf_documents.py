"""Rules documents typeset as PDFs by the tests themselves (WeasyPrint), for the PDF importer.

Publishers hand out their rules as PDFs: text hard-wrapped at the page width, words broken at
their hyphens and after slashes, a running title on every page and a page number at the foot.
:func:`rules_pdf` typesets a document's text that way. :func:`invented_policy` and
:func:`invented_comprehensive` write invented documents long enough to span several pages, in
this project's own words, with the numbering styles of the FaB documents.
"""

from __future__ import annotations

import html
import random
import re

from weasyprint import HTML

from reference.parsing import clean_inline

_WORDS = (
    "widget sprocket table-top end-of-round start-of-game referee and/or clock round player match "
    "deck-check result cog gear lever spindle pod seat timer pause re-pair hand-off score-keeper"
).split()


def rules_pdf(text: str, *, running_title: str = "Widget Rules") -> bytes:
    """Each line of ``text`` a paragraph on A4 pages, a running title at the top of each page and
    "Page N" at its foot. Markdown emphasis, links and tab-separated table cells, which only the
    publishers' text exports carry, are flattened first (a PDF shows none of them)."""
    paragraphs = (clean_inline(line.replace("\t", " ")) for line in text.split("\n"))
    body = "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs if p)
    css = (
        "@page { size: A4; margin: 2cm;"
        f" @top-center {{ content: '{running_title}'; font: 9pt DejaVu Sans }}"
        " @bottom-center { content: 'Page ' counter(page); font: 9pt DejaVu Sans } }"
        "p { margin: 0 0 4pt; font: 10pt/1.3 DejaVu Sans }"
    )
    return HTML(string=f"<style>{css}</style>{body}").write_pdf()


def _sentence(rng: random.Random, words: int) -> str:
    chosen = [rng.choice(_WORDS) for _ in range(words)]
    return chosen[0].capitalize() + " " + " ".join(chosen[1:]) + "."


def _paragraph(rng: random.Random, sentences: int = 4) -> str:
    return " ".join(_sentence(rng, rng.randint(8, 18)) for _ in range(sentences))


_TITLES = ("Clocks", "Seats", "Results", "Widgets", "Sprockets", "Pods", "Timers", "Levers", "Gears")


def invented_policy(*, chapters: int = 5, sections: int = 4, seed: int = 7) -> str:
    """A tournament-policy-like document (chapters ``1.``, some opening with a paragraph, sections
    ``1.1.``, paragraphs), "Last updated 2 March 2099"."""
    rng = random.Random(seed)
    lines = ["Widget Tournament Policy", "Last updated 2 March 2099", ""]
    for c in range(1, chapters + 1):
        lines += [f"{c}. {_TITLES[c % len(_TITLES)]} and {_TITLES[(c + 3) % len(_TITLES)]}", ""]
        if c % 2:  # some chapters open with a paragraph before their first section
            lines += [_paragraph(rng, 2), ""]
        for s in range(1, sections + 1):
            lines += [f"{c}.{s}. {_TITLES[(c + s) % len(_TITLES)]} of the Round", ""]
            lines += [_paragraph(rng), "", _paragraph(rng, 3), ""]
    return "\n".join(lines)


def invented_comprehensive(*, chapters: int = 4, sections: int = 3, rules: int = 5, seed: int = 11) -> str:
    """A comprehensive-rules-like document (``1 Title``, ``1.0 Title``, ``1.0.1 text``,
    ``1.0.1a text``) whose cover names version 9.9.9."""
    rng = random.Random(seed)
    lines = ["Widget Game Comprehensive Rules", "", "2099-1-1", "", "9.9.9", ""]
    for c in range(1, chapters + 1):
        lines += [f"{c} {_TITLES[c % len(_TITLES)]}", ""]
        for s in range(sections):
            lines += [f"{c}.{s} {_TITLES[(c + s) % len(_TITLES)]}", ""]
            for r in range(1, rules + 1):
                lines += [f"{c}.{s}.{r} {_paragraph(rng, 2)}", ""]
                if r % 2:
                    lines += [f"{c}.{s}.{r}a {_paragraph(rng, 1)}", ""]
    return "\n".join(lines)


def as_text_export(text: str) -> str:
    """``text`` laid out as the publishers' plain-text exports are: one paragraph per line, no
    blank lines, headings numbered without a trailing dot ("7 Constructed Formats", "7.1 ...")."""
    lines = (re.sub(r"^(\d+(?:\.\d+)*)\.\s", r"\1 ", line.strip()) for line in text.split("\n"))
    return "\n".join(line for line in lines if line)
