"""Every rule the product cites must exist in the shared rules documents.

Scans string literals, docstrings and comments of Python files and the data files (json, yaml, csv, txt,
html) under the product's folders for citations ("CR 1.1.3b", "TR&P'23 3.4", "PPG 4.4", "GA 1.5.1a")
and checks each against the seeds parsed by reference.parsing (no database). A failure lists every
dangling citation as file:line so its owner can fix it.
"""

from __future__ import annotations

import io
import tokenize
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

from reference.citations import find_citations
from reference.parsing import parse_document
from reference.seeds import DEFAULT_VERSION, SEEDS

ROOT = Path(__file__).resolve().parents[2]
SCANNED = (
    "rules_engine",
    "pairings",
    "tournament",
    "decklists",
    "judging",
    "cards",
    "reference",
    "templates",
)
DATA_SUFFIXES = {".json", ".yaml", ".yml", ".csv", ".txt", ".html", ".toml", ".md"}
SEEDS_DIR = Path(settings.SHARED_DIR) / "seeds"


@cache
def _numbers(kind: str, version: str) -> frozenset[str] | None:
    seed = next((s for s in SEEDS if s.kind == kind and s.version == version), None)
    if seed is None or not (SEEDS_DIR / seed.filename).is_file():
        return None
    doc = parse_document((SEEDS_DIR / seed.filename).read_text(encoding="utf-8"), kind)
    return frozenset(r.number for r in doc.rules)


def _python_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal and comment; one entry per physical line."""
    out: list[tuple[int, str]] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return [
            (i, line)
            for i, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        ]
    for tok in tokens:
        if tok.type in (tokenize.STRING, tokenize.COMMENT) or tok.type == getattr(
            tokenize, "FSTRING_MIDDLE", -1
        ):
            for offset, line in enumerate(tok.string.splitlines()):
                out.append((tok.start[0] + offset, line))
    return out


def _scanned_files() -> list[Path]:
    files: list[Path] = []
    for folder in SCANNED:
        base = ROOT / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if not path.is_file() or "node_modules" in path.parts or "migrations" in path.parts:
                continue
            if path.suffix == ".py" or path.suffix in DATA_SUFFIXES:
                files.append(path)
    return files


def dangling_citations() -> tuple[list[str], int]:
    problems: list[str] = []
    checked = 0
    for path in _scanned_files():
        if path.stat().st_size > 2_000_000:
            continue
        if path.suffix == ".py":
            lines = _python_strings(path)
        else:
            lines = list(enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1))
        for lineno, text in lines:
            for match in find_citations(text):
                cit = match.citation
                version = cit.version or DEFAULT_VERSION.get(cit.doc)
                known = _numbers(cit.doc, version) if version else None
                where = f"{path.relative_to(ROOT)}:{lineno}"
                if known is None:
                    if version and not any(s.kind == cit.doc and s.version == version for s in SEEDS):
                        problems.append(
                            f"{where}: {text[match.start : match.end]!r} names an unknown edition"
                        )
                    continue
                checked += 1
                if cit.number not in known:
                    problems.append(
                        f"{where}: {text[match.start : match.end]!r} -> no rule {cit.number} in "
                        f"{cit.doc} {version}"
                    )
    return problems, checked


def test_every_cited_rule_exists():
    if not SEEDS_DIR.is_dir() or not any((SEEDS_DIR / s.filename).is_file() for s in SEEDS):
        pytest.skip("the shared rules documents are not present")
    problems, checked = dangling_citations()

    assert not problems, f"{len(problems)} dangling rule citation(s) of {checked}:\n" + "\n".join(problems)


def test_citation_scanner_reports_file_and_line(tmp_path, monkeypatch):
    if _numbers("cr", DEFAULT_VERSION["cr"]) is None:
        pytest.skip("the shared CR is not present")
    pkg = tmp_path / "judging"
    pkg.mkdir()
    (pkg / "x.py").write_text(
        '"""CR 1.1.3b: fine."""\n\n# CR 99.9.9 is not a rule\nX = "PPG 4.4 and TR&P 3.2"\n'
    )
    monkeypatch.setitem(globals(), "ROOT", tmp_path)

    problems, checked = dangling_citations()

    assert problems == ["judging/x.py:3: 'CR 99.9.9' -> no rule 99.9.9 in cr 2.13.0"]
    assert checked == 4
