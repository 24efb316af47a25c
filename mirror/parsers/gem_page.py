"""GEM organizer pages, saved as HTML or copied as text: rounds, pairings, results and drops."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from django.utils.translation import gettext as _

from ._common import (
    GEM,
    GEM_RESULT_CODES,
    ImportFileError,
    ParsedEvent,
    ParsedMatch,
    decode,
    split_last_first,
)

# --------------------------------------------------------------------------- GEM organizer pages

_ID = r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}"


def _person(n: str) -> str:
    return rf"(?P<{n}>[^\t()|]+?)\s*\((?P<{n}id>{_ID})\)"


_ROUND_RE = re.compile(r"^\s*(?:round|runde|ronda|manche|turno|rodada|ronde)\s*#?\s*(\d{1,2})\b", re.I)
_PLAYER_RE = re.compile(
    rf"^\s*(?:\d{{1,4}}[.)]?\s*[\t|]?\s*)?(?P<name>[^\t()|,]+,[^\t()|]+?)\s*\((?P<id>{_ID})\)\s*[\t|:–—-]*\s*(?P<hero>.*?)\s*$"
)
_RESULT_WORDS = r"1WIN|2WIN|DRAW|LOSSALL|BYE"
_MATCH_RE = re.compile(
    r"^\s*(?:(?:table|tisch|mesa|tavolo)\s*)?(?P<table>\d{1,5})\s*[\t|:.]*\s*"
    + _person("a")
    + r"\s*(?:[\t|]|\s)*(?:vs\.?|v\.?|gegen|contre|–|—|-)?\s*(?:[\t|]|\s)*"
    + r"(?:"
    + _person("b")
    + r"|(?P<byeword>BYE|Freilos))"
    + rf"\s*[\t|]*\s*(?P<result>{_RESULT_WORDS})?\s*[\t|]*\s*$",
    re.I,
)
_BYE_RE = re.compile(
    r"^\s*(?:(?:table|tisch|mesa|tavolo)\s*)?[-–—]?\s*[\t|]*\s*"
    + _person("a")
    + r"\s*[\t|]*\s*(?:vs\.?)?\s*[\t|]*\s*(?:BYE|Freilos)\s*[\t|]*\s*(?:BYE)?\s*[\t|]*\s*$",
    re.I,
)
_DROP_RE = re.compile(
    r"\((?:dropped|drop|ausgeschieden)(?:\s*(?:in\s*)?(?:round|runde|r)\s*(\d{1,3}))?\)", re.I
)


class _PageText(HTMLParser):
    """Visible text of a saved page as lines: a table row is one line with its cells joined by a
    tab; every line keeps the number of the HTML line it starts on (for error messages)."""

    BLOCKS = {
        "p",
        "div",
        "li",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "section",
        "article",
        "header",
        "caption",
        "ul",
        "ol",
        "table",
        "thead",
        "tbody",
        "dt",
        "dd",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[int, str]] = []
        self._parts: list[str] = []
        self._line = 1
        self._skip = 0
        self._in_row = False
        self._row_line = 1
        self._cells: list[str] = []
        self.title = ""
        self._in_title = False

    def _flush(self) -> None:
        text = " ".join("".join(self._parts).split())
        if text:
            if self._in_row:
                self._cells.append(text)
            else:
                self.lines.append((self._line, text))
        self._parts = []
        self._line = self.getpos()[0]

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style", "noscript", "template"):
            self._skip += 1
            return
        if tag == "title":
            self._in_title = True
        if tag == "tr":
            self._flush()
            self._in_row, self._cells = True, []
            self._line = self.getpos()[0]
            self._row_line = self._line
        elif tag in ("td", "th"):
            self._flush()
        elif tag in self.BLOCKS or tag == "br":
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "noscript", "template"):
            self._skip = max(0, self._skip - 1)
            return
        if tag == "title":
            self._in_title = False
        if tag in ("td", "th"):
            self._flush()
        elif tag == "tr":
            self._flush()
            if any(self._cells):
                self.lines.append((self._row_line, "\t".join(self._cells)))
            self._in_row, self._cells = False, []
        elif tag in self.BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._in_title:
            self.title += data
            return
        if not self._parts:
            self._line = self.getpos()[0]
        self._parts.append(data)


def html_lines(html: str) -> tuple[list[tuple[int, str]], str]:
    """(line number, text) of a saved HTML page, and its title."""
    parser = _PageText()
    parser.feed(html)
    parser.close()
    parser._flush()
    return parser.lines, " ".join(parser.title.split())


def looks_like_html(text: str) -> bool:
    head = text.lstrip()[:2000].lower()
    return head.startswith("<!doctype") or "<html" in head or "<table" in head or "<body" in head


def parse_gem_page(text: str, *, file: str = "pasted text") -> ParsedEvent:
    """GEM's organizer pages, saved as HTML or copied as text: the player list ("Last, First
    (GEMID)" and the hero) and the match rows of each round (table, both players as
    "Name (GEMID)", result 1WIN / 2WIN / DRAW / LOSSALL).

    A match row needs a "Round N" heading above it. Lines that are neither are counted in a note.
    """
    text = decode(text, file=file)
    title = ""
    if looks_like_html(text):
        lines, title = html_lines(text)
    else:
        lines = [(i, line) for i, line in enumerate(text.splitlines(), start=1)]
    out = ParsedEvent(source=GEM, files=[file], name=title)
    current_round: int | None = None
    unread: list[tuple[int, str]] = []
    for line_no, raw in lines:
        line = raw.strip()
        if not line:
            continue
        round_match = _ROUND_RE.match(line)
        if round_match and "(" not in line:
            current_round = int(round_match.group(1))
            continue
        drop = _DROP_RE.search(line)
        clean = _DROP_RE.sub("", line) if drop else line
        m = _MATCH_RE.match(clean)
        bye = None if m else _BYE_RE.match(clean)
        if m or bye:
            if current_round is None:
                raise ImportFileError(
                    _("a match row comes before any 'Round N' heading"), file=file, line=line_no
                )
            found = m or bye
            assert found is not None
            a_name, a_id = split_last_first(found.group("a")), found.group("aid")
            out.player(a_id, a_name)
            if m and m.group("bid"):
                b_name, b_id = split_last_first(m.group("b")), m.group("bid")
                out.player(b_id, b_name)
                code = (m.group("result") or "").upper()
                result = GEM_RESULT_CODES.get(code, "bye" if code == "BYE" else "")
                out.matches.append(
                    ParsedMatch(
                        current_round, int(m.group("table")), a_id, b_id, result, a_name, b_name, line=line_no
                    )
                )
            else:
                out.matches.append(ParsedMatch(current_round, None, a_id, None, "bye", a_name, line=line_no))
            continue
        p = _PLAYER_RE.match(clean)
        if p:
            player = out.player(p.group("id"), split_last_first(p.group("name")))
            player.hero = p.group("hero").strip(" \t|:-–—")
            if drop:
                player.dropped_in_round = int(drop.group(1)) if drop.group(1) else current_round or 0
            continue
        if "(" in line and re.search(rf"\({_ID}\)", line):
            raise ImportFileError(
                _("a row with a player ID that is neither a player nor a match row: %(line)s")
                % {"line": repr(line[:80])},
                file=file,
                line=line_no,
            )
        unread.append((line_no, line))
    if not out.players:
        raise ImportFileError(
            _(
                "no players and no match rows found: expected lines such as 'Doe, Jane (12345678) Hero' or 'Round 1' followed by '3  Doe, Jane (123)  Roe, Rick (456)  1WIN'"
            ),
            file=file,
            line=lines[0][0] if lines else 1,
        )
    if unread:
        first_line, first_text = unread[0]
        out.notes.append(
            _("%(file)s: %(count)s line(s) not read (first: line %(first_line)s %(first_text)s)")
            % {
                "file": file,
                "count": len(unread),
                "first_line": first_line,
                "first_text": repr(first_text[:60]),
            }
        )
    return out
