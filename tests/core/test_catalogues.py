"""The translation catalogues (issue 31; docs/i18n.md): valid gettext, current with the marked
strings, and complete for every language declared complete (``core.i18n.COMPLETE_LANGUAGES``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from core.i18n import COMPLETE_LANGUAGES

LOCALE = Path(settings.BASE_DIR) / "locale"
OTHER_LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
IGNORE = [".venv/*", "tools/*", "var/*", "tests/*", "bench/*", "node_modules/*"]


def _catalogue(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "django.po"


def _msgids(po: Path) -> set[str]:
    """The msgids of a catalogue (continuation lines joined; the header's empty id left out)."""
    ids: set[str] = set()
    current: list[str] | None = None
    for line in po.read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith("msgid "):
            current = [line[6:].strip()[1:-1]]
        elif line.startswith('"') and current is not None:
            current.append(line.strip()[1:-1])
        else:
            if current is not None and "".join(current):
                ids.add("".join(current))
            current = None
    return ids


def _statistics(po: Path) -> dict[str, int]:
    out = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    counts = {"translated": 0, "fuzzy": 0, "untranslated": 0}
    for number, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", out.stderr):
        counts[kind] = int(number)
    return counts


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_language_has_a_valid_catalogue(code):
    po = _catalogue(code)
    assert po.exists(), f"no catalogue for {code}: run makemessages (docs/i18n.md)"
    counts = _statistics(po)
    assert sum(counts.values()) > 1000  # the whole site's messages, not a stub


def test_the_catalogues_hold_every_marked_string_and_no_stale_one(tmp_path):
    """A fresh extraction (Django's makemessages, in a scratch copy of the sources, since it writes
    beside them) finds exactly the messages the committed catalogues hold: a string marked since is
    not left untranslatable, and no catalogue carries a message the site no longer has."""
    root = Path(settings.BASE_DIR)
    copy = tmp_path / "src"
    shutil.copytree(
        root,
        copy,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "var", "tools", "tests", "bench", "node_modules", "*.pyc"
        ),
    )
    shutil.rmtree(copy / "locale")
    (copy / "locale").mkdir()
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "--add-location", "file", "-v", "0"]
        + [arg for pattern in IGNORE for arg in ("--ignore", pattern)],
        cwd=copy,
        check=True,
        capture_output=True,
        env={**os.environ, "ARBITER_VAR_DIR": str(tmp_path / "var")},
    )
    fresh = _msgids(copy / "locale" / "fr" / "LC_MESSAGES" / "django.po")
    assert len(fresh) > 1000, "the extraction found the site's messages"
    for code in OTHER_LANGUAGES:
        held = _msgids(_catalogue(code))
        missing, stale = sorted(fresh - held), sorted(held - fresh)
        assert not missing and not stale, (
            f"{code}: run makemessages (docs/i18n.md); missing {missing[:5]}, stale {stale[:5]}"
        )


@pytest.mark.parametrize("code", COMPLETE_LANGUAGES)
def test_a_complete_language_has_no_untranslated_or_fuzzy_entry(code):
    counts = _statistics(_catalogue(code))
    assert counts["untranslated"] == 0 and counts["fuzzy"] == 0, counts


def test_the_statistics_reader_counts_an_untranslated_entry(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Round"\nmsgstr "Ronde"\n\nmsgid "Table"\nmsgstr ""\n',
        encoding="utf-8",
    )
    assert _statistics(po) == {"translated": 1, "fuzzy": 0, "untranslated": 1}
    assert _msgids(po) == {"Round", "Table"}
