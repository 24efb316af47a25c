"""Split the text of a rules document into chapters, sections, numbered rules and glossary entries.

Pure Python (no Django import): the importer, the citation-integrity test and the benchmarks all
call :func:`parse_document` directly.

The inputs are text extractions of PDFs and web pages, so the parser first removes their debris:
running page headers ("CHAPTER 3. ZONES", "GLOSSARY"), page numbers (arabic and roman), the table of
contents with its dot leaders, PDF soft-hyphen control characters (U+0002, U+00AD) and words broken
by hyphenation at the end of a line. Hard-wrapped lines are joined back into paragraphs.

Numbering styles understood:

* FaB CR: chapter ``1``, section ``1.1``, rule ``1.1.3``, sub-rule ``1.1.3b``.
* TR&P / PPG: chapter ``3``, section ``3.2``, sub-section ``8.2.1``, appendices ``A``..``F``.
* GA: chapter ``1``, section ``1.5``, sub-section ``1.7.h`` (``2.2.g.i``), numbered items inside a
  section (``1.5.1``), lettered sub-items (``1.5.1a``), roman sub-sub-items (``1.5.1a.i``), and the
  glossary chapter ``X`` with ``X.A``/``X.B`` whose numbered items are keyword definitions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

KINDS = ("cr", "trp", "ppg", "ga")

# Part of each import's content hash: bump it when parsing changes so `import_rules --defaults`
# re-imports documents whose text did not change.
PARSER_VERSION = "6"

RULE_HEADING = "heading"
RULE_TEXT = "rule"


@dataclass
class ParsedRule:
    number: str
    title: str = ""
    text: str = ""
    parent: str | None = None
    depth: int = 0
    is_heading: bool = False
    paragraphs: list[str] = field(default_factory=list, repr=False)

    def finish(self) -> None:
        self.text = "\n\n".join(p for p in (s.strip() for s in self.paragraphs) if p)


@dataclass
class ParsedGlossaryTerm:
    term: str
    definition: str
    rule_number: str = ""


@dataclass
class ParsedDocument:
    kind: str
    title: str
    rules: list[ParsedRule]
    glossary: list[ParsedGlossaryTerm]

    def by_number(self) -> dict[str, ParsedRule]:
        return {r.number: r for r in self.rules}


# --------------------------------------------------------------------------------------------
# Cleaning
# --------------------------------------------------------------------------------------------

_PAGE_NUMBER = re.compile(r"^\s*(?:\d{1,3}|[ivxlc]{1,6}|page \d+(?: of \d+)?)\s*$", re.I)
_RUNNING_HEADER = re.compile(r"^\s*(?:CHAPTER \d+\.?\s.*|APPENDIX [A-Z]\.?\s.*)$")
_DOT_LEADER = re.compile(r"(?:\s*\.\s*){4,}\s*(?:\d+|[ivxlc]+)?\s*$", re.I)
_TOC_ENTRY = re.compile(
    r"^\s*(?:[0-9A-Z]+(?:\.[0-9A-Za-z]+)*\.?\s+)?\S.*?(?:\s|\t)+\**(?:\d{1,3}|[ivxlc]{1,5})\**\s*$", re.I
)
_SOFT_HYPHEN = re.compile(r"(?<=\w)[\u0002\u00ad](?=\w)")
_MD_LINK = re.compile(r"\[((?:\\\[|\\\]|[^\]])*)\]\((?:#|https?://[^)]*)\)")
_FOOTNOTE_REF = re.compile(r"\^\{?((?:\[[^\]]+\])+)\}?")
_URL_ANGLE = re.compile(r"<(https?://[^>]+)>")


def normalize_text(raw: str) -> str:
    """Unicode and control-character clean-up; keeps the line structure."""
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    text = _SOFT_HYPHEN.sub("-", text)
    text = text.replace("\u0002", "").replace("\u00ad", "").replace("\f", "\n")
    text = text.replace("\u00a0", " ").replace("\u2009", " ").replace("\u200b", "")
    text = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch) != "Cc")
    return unicodedata.normalize("NFC", text)


def clean_inline(line: str) -> str:
    """Strip markdown emphasis, link syntax and footnote markers from one line of text.

    A tab-separated table row becomes its cells joined by " | ".
    """
    if "\t" in line.strip():
        cells = [clean_inline(c) for c in line.strip().split("\t")]
        while cells and not cells[-1]:
            cells.pop()
        return " | ".join(cells)
    line = line.replace("\t", " ")
    line = re.sub(r"^\s*[•·–]\s+", "- ", line)
    line = _MD_LINK.sub(lambda m: m.group(1).replace("\\[", "[").replace("\\]", "]"), line)
    line = _FOOTNOTE_REF.sub(lambda m: " " + m.group(1), line)
    line = _URL_ANGLE.sub(r"\1", line)
    line = line.replace("\\[", "[").replace("\\]", "]")
    line = re.sub(r"\*{1,3}", "", line)
    line = line.replace("§", "")
    line = re.sub(r"[ \t]{2,}", " ", line)
    line = re.sub(r"\s+([,.;:])(?=\s|$)", r"\1", line)
    return line.strip()


_CAPS_LINE = re.compile(r"[A-Z][A-Z &,'’\-]{3,}")
_CAPS_HEADERS = frozenset(
    {"TABLE OF CONTENTS", "CONTENTS", "GLOSSARY", "ACKNOWLEDGMENTS", "ACKNOWLEDGEMENTS"}
)


def _repeated_caps_lines(lines: list[str]) -> frozenset[str]:
    """All-caps one-liners that occur more than once: running page headers."""
    seen: dict[str, int] = {}
    for line in lines:
        s = line.strip()
        if _CAPS_LINE.fullmatch(s):
            seen[s] = seen.get(s, 0) + 1
    return frozenset(s for s, count in seen.items() if count > 1)


def _is_debris(line: str, running_headers: frozenset[str] | None = None) -> bool:
    """Page furniture. An all-caps one-liner is a running header when it is a document part's name
    (TABLE OF CONTENTS, GLOSSARY) or one of ``running_headers`` (such lines seen more than once;
    every such line when None): a capitalised word that a PDF's line breaking left alone on a line
    ("MODIFICATION") is kept."""
    s = line.strip()
    if not s:
        return False
    if _PAGE_NUMBER.match(s):
        return True
    if _RUNNING_HEADER.match(s) and s.upper() == s:
        return True
    if _CAPS_LINE.fullmatch(s) and (running_headers is None or s in running_headers or s in _CAPS_HEADERS):
        return True
    if s.lower() in {"skip to content", "back to top"}:
        return True
    return False


def _strip_toc(lines: list[str]) -> list[str]:
    """Drop the table of contents: from its title to the last entry that ends with a page number."""
    out: list[str] = []
    i = 0
    n = len(lines)
    while i < n:
        s = lines[i].strip()
        if re.fullmatch(r"(?i)table of contents|contents", s):
            i += 1
            while i < n:
                t = lines[i].strip()
                if not t or _is_debris(t) or _DOT_LEADER.search(t) or _TOC_ENTRY.match(t):
                    i += 1
                    continue
                # entries without page numbers directly followed by a dot-leader entry
                break
            continue
        out.append(lines[i])
        i += 1
    return out


# --------------------------------------------------------------------------------------------
# Paragraph assembly (hard-wrapped PDF text)
# --------------------------------------------------------------------------------------------

_BLOCK_START = re.compile(
    r"^\s*(?:(?:Glossary|Preface|Credits|Acknowledge?ments)\s*$|[-•–·]\s|\d+(?:\.\d+)*[a-z]?\.?\s|(?:[0-9]+|X)\.[A-Za-z0-9.]+\s|[a-zA-Z]{1,4}\.\s|Example|Note:|Appendix\s)"
)


def _join_wrapped(lines: list[str], known_words: set[str]) -> list[str]:
    """Join hard-wrapped lines back into logical lines; a blank line always ends a paragraph."""
    widths = sorted(len(x) for x in lines if x.strip())
    wrap_width = widths[int(len(widths) * 0.9)] if widths else 0
    hard_wrapped = 60 <= wrap_width <= 140
    out: list[str] = []
    prev_blank = True
    in_glossary = False
    for raw in lines:
        line = raw.rstrip()
        if in_glossary:
            out.append(line)
            continue
        if re.fullmatch(r"\s*Glossary\s*", line):
            in_glossary = True
            out.append(line)
            continue
        if not line.strip():
            out.append("")
            prev_blank = True
            continue
        if out and not prev_blank and out[-1] and "\t" not in line and "\t" not in out[-1]:
            prev = out[-1]
            ends_word_hyphen = re.search(r"[A-Za-z]-$", prev) is not None
            if ends_word_hyphen and re.match(r"\s*[A-Za-z]", line):
                # "tour-" + "nament": a word broken by the typesetter when the joined word is one the
                # document uses; "end-of-" + "match", "Deck-" + "Checks": a compound broken at its hyphen.
                head_match = re.search(r"([A-Za-z]+)-$", prev)
                tail_match = re.match(r"\s*([A-Za-z]+)", line)
                assert head_match is not None and tail_match is not None  # the two tests above
                head, tail = head_match.group(1), tail_match.group(1)
                if (
                    tail[0].islower()
                    and (head + tail).lower() in known_words
                    and f"{head}-{tail}".lower() not in known_words
                ):
                    out[-1] = prev[:-1] + line.lstrip()
                else:
                    out[-1] = prev + line.lstrip()
                prev_blank = False
                continue
            if hard_wrapped and re.search(r"[A-Za-z]/$", prev) and re.match(r"\s*[A-Za-z]", line):
                out[-1] = prev + line.lstrip()  # "and/" + "or": a line broken after a slash
                prev_blank = False
                continue
            dangling = (
                re.search(r"(?i)\b(?:Rules?|Sections?|Chapters?|See|and|or|of|to|the)$", prev) is not None
            )
            continuation = (
                hard_wrapped
                and (dangling or not _BLOCK_START.match(line))
                and (len(prev) >= wrap_width * 0.72 or not re.search(r"[.:;!?)”\"]$", prev))
            )
            if _is_subheading(prev) or (_is_subheading(line) and re.search(r"[.:;!?)”\"]$", prev)):
                continuation = False
            if continuation and not _looks_like_heading_line(prev):
                out[-1] = prev + " " + line.lstrip()
                prev_blank = False
                continue
        out.append(line)
        prev_blank = False
    return out


def _is_subheading(line: str) -> bool:
    """A short capitalised line such as "Philosophy" or "Procedure and Penalty" inside a section."""
    s = line.strip()
    return len(s) <= 40 and len(s.split()) <= 5 and re.fullmatch(r"[A-Z][A-Za-z’'&/ -]*:?", s) is not None


def _looks_like_heading_line(line: str) -> bool:
    if re.fullmatch(r"\s*(?:Glossary|Preface|Credits|Acknowledge?ments|Table of Contents)\s*", line, re.I):
        return True
    return bool(
        re.match(
            r"^\s*(?:\d+(?:\.\d+)*\.?|[A-Z]\.|(?:\d+|X)(?:\.[0-9A-Za-z]{1,3})+\.?|Appendix [A-Z] -)\s+[A-Z][^.]{0,70}$",
            line,
        )
    ) and not re.search(r"[.:]$", line.strip())


# --------------------------------------------------------------------------------------------
# Structure
# --------------------------------------------------------------------------------------------

_ROMAN = re.compile(r"^(?=[ivxlc]+$)m*(?:c[md]|d?c{0,3})(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})$")


def number_key(number: str) -> tuple:
    """A sort key that orders rule numbers naturally (1.2 < 1.10 < 1.10a < 2; appendices last)."""
    key: list = []
    for part in re.findall(r"\d+|[A-Za-z]+", number):
        if part.isdigit():
            key.append((0, int(part), ""))
        elif part.isupper() and len(part) == 1 and not key:
            key.append((2, 0, part))
        else:
            key.append((1, 0, part.lower()))
    return tuple(key)


def parent_of(number: str, kind: str) -> str | None:
    """The number of the enclosing rule for the FaB styles (CR, TR&P, PPG)."""
    m = re.fullmatch(r"(.*\d)([a-z]+)", number)
    if m:
        return m.group(1)
    if "." in number:
        return number.rsplit(".", 1)[0]
    return None


class _Builder:
    def __init__(self, kind: str):
        self.kind = kind
        self.rules: list[ParsedRule] = []
        self.numbers: set[str] = set()
        self.current: ParsedRule | None = None

    def add(
        self, number: str, *, title: str = "", text: str = "", parent: str | None, heading: bool
    ) -> ParsedRule:
        if parent is not None and parent not in self.numbers:
            parent = None
        depth = 0
        if parent is not None:
            depth = next(r.depth for r in reversed(self.rules) if r.number == parent) + 1
        rule = ParsedRule(number=number, title=title.strip(), parent=parent, depth=depth, is_heading=heading)
        if text:
            rule.paragraphs.append(text)
        self.rules.append(rule)
        self.numbers.add(number)
        self.current = rule
        return rule

    def text(self, line: str) -> None:
        if self.current is not None:
            self.current.paragraphs.append(line)

    def finish(self) -> list[ParsedRule]:
        for r in self.rules:
            r.finish()
        return self.rules


_FAB_RULE = re.compile(r"^(?:[-•]\s+)?(\d+\.\d+\.\d+[a-z]?)\.?\s+(.*)$")
_FAB_SECTION = re.compile(r"^(\d+\.\d+(?:\.\d+)?)\.?\s+(\S.{0,90})$")
_FAB_CHAPTER = re.compile(r"^(\d+)\.?\s+(\S.{0,70})$")
_APPENDIX = re.compile(r"^(?:Appendix\s+([A-Z])\s*[-–:]\s*(.+)|([A-Z])\.\s+([A-Z].{0,70}))$")
_GLOSSARY_HEAD = re.compile(r"^(?:X\.\s+)?Glossary\s*$", re.I)
_END_MATTER = re.compile(r"^(?:Acknowledge?ments|Credits)\s*$", re.I)
_BOLD_TITLE = re.compile(r"^\*\*([^*]{1,60})\*\*\s*")


def _ok_title(title: str) -> bool:
    t = title.strip()
    return bool(t) and not re.search(r"[.;,]$", t) and len(t) <= 90 and t[0].isupper()


def _parse_fab(kind: str, lines: list[str]) -> tuple[list[ParsedRule], list[str]]:
    """CR, TR&P and PPG: numbered headings and rules; returns the rules and the glossary lines."""
    b = _Builder(kind)
    last_key: tuple = ()
    in_appendix = False
    glossary: list[str] = []
    mode = "pre"
    nonblank = [i for i, ln in enumerate(lines) if ln.strip()]
    next_line = {a: lines[b].strip() for a, b in zip(nonblank, nonblank[1:])}
    for idx, raw in enumerate(lines):
        line = raw.strip()
        if mode == "glossary":
            if _END_MATTER.match(line):
                mode = "end"
                continue
            glossary.append(raw)
            continue
        if mode == "end":
            continue
        if not line:
            continue
        if _GLOSSARY_HEAD.match(line) and b.rules:
            mode = "glossary"
            continue
        if _END_MATTER.match(line) and b.rules:
            mode = "end"
            continue
        if line.lower() == "preface" and not b.rules:
            b.add("preface", title="Preface", parent=None, heading=True)
            mode = "body"
            continue
        m = _APPENDIX.match(line)
        if m and (m.group(1) or (m.group(3) and b.rules and kind in ("ppg", "trp") and len(b.rules) > 5)):
            letter = m.group(1) or m.group(3)
            title = (m.group(2) or m.group(4)).strip()
            key = number_key(letter)
            if letter not in b.numbers and (not last_key or key > last_key):
                b.add(letter, title=f"Appendix {letter} - {title}", parent=None, heading=True)
                last_key = key
                in_appendix = True
                mode = "body"
                continue
        if not in_appendix:
            stripped = clean_inline(line)
            stripped_noprefix = re.sub(r"^[-•]\s+", "", stripped)
            m = _FAB_RULE.match(stripped_noprefix) if kind == "cr" else None
            if m and m.group(1) not in b.numbers and number_key(m.group(1)) > last_key:
                number, rest = m.group(1), m.group(2)
                title = ""
                bt = _BOLD_TITLE.match(re.sub(r"^[-•]\s+", "", line.strip()).split(None, 1)[-1])
                if bt:
                    title = bt.group(1).strip()
                    if rest.startswith(title):
                        rest = rest[len(title) :].strip()
                elif len(rest) <= 40 and not re.search(r"[.:;,)\]]$", rest):
                    title, rest = rest, ""
                b.add(number, title=title, text=rest, parent=parent_of(number, kind), heading=False)
                last_key = number_key(number)
                mode = "body"
                continue
            m = _FAB_SECTION.match(stripped)
            if (
                m
                and _ok_title(m.group(2))
                and m.group(1) not in b.numbers
                and _plausible_next(m.group(1), last_key)
            ):
                number = m.group(1)
                b.add(number, title=m.group(2), parent=parent_of(number, kind), heading=True)
                last_key = number_key(number)
                mode = "body"
                continue
            m = _FAB_CHAPTER.match(stripped)
            dotted = m is not None and stripped.startswith(m.group(1) + ".")
            if (
                m
                and not dotted
                and not clean_inline(next_line.get(idx, "")).startswith(m.group(1) + ".")
                and not _chapter_opens(lines, idx, m.group(1), last_key)
            ):
                m = None
            if (
                m
                and _ok_title(m.group(2))
                and m.group(1) not in b.numbers
                and _plausible_next(m.group(1), last_key)
            ):
                b.add(m.group(1), title=m.group(2), parent=None, heading=True)
                last_key = number_key(m.group(1))
                mode = "body"
                continue
        if mode == "pre":
            continue
        b.text(clean_inline(line))
    return b.finish(), glossary


def _chapter_opens(lines: list[str], idx: int, number: str, last_key: tuple, reach: int = 60) -> bool:
    """Whether an undotted "7 Constructed Formats" line opens chapter 7 although a paragraph, not
    its first section, follows it (the publishers' text exports, one paragraph per line): the
    chapter's first section ``7.1`` comes within ``reach`` lines and no rule of the chapter still
    open (``6.x``) comes before it. A table row such as "2 Severity ..." inside chapter 1 fails
    this, because 1.x rules follow it; so does a row of a numbered table ("1 Warning", "2 Intellect
    Penalty") or a line whose chapter heading ("2. Casual") comes after it."""
    current = str(last_key[0][1]) if last_key and last_key[0][0] == 0 else None
    first_section = re.compile(rf"^{re.escape(number)}\.1\.?\s+[A-Z]")
    same_chapter_dotted = re.compile(rf"^{re.escape(number)}\.\s+[A-Z]")
    still_open = re.compile(rf"^{re.escape(current)}\.\d") if current else None
    numbered_row = re.compile(r"^\d+\s+\S")
    previous = next((ln.strip() for ln in reversed(lines[max(0, idx - 50) : idx]) if ln.strip()), "")
    if previous and numbered_row.match(clean_inline(previous)):
        return False  # "1 Warning" / "2 Intellect Penalty": rows of a table or a list
    seen = 0
    for raw in lines[idx + 1 :]:
        line = clean_inline(raw.strip())
        if not line:
            continue
        if seen == 0 and numbered_row.match(line):
            return False
        if first_section.match(line):
            return True
        if same_chapter_dotted.match(line):
            return False  # the chapter's own heading comes later
        if still_open is not None and still_open.match(line):
            return False
        seen += 1
        if seen >= reach:
            return False
    return False


def _plausible_next(number: str, last_key: tuple) -> bool:
    """A heading number must come after the previous one, and not jump more than a few places."""
    key = number_key(number)
    if last_key and key <= last_key:
        return False
    parts = number.split(".")
    last_parts = [p[1] for p in last_key]
    if not last_key:
        return parts[0] in ("0", "1")
    if len(parts) == 1:
        return int(parts[0]) == (last_parts[0] + 1 if last_parts else 1)
    if int(parts[0]) != last_parts[0]:
        return int(parts[0]) == last_parts[0] + 1 and int(parts[1]) <= 1
    if len(parts) == 2:
        prev_sec = last_parts[1] if len(last_parts) > 1 else -1
        return int(parts[1]) <= prev_sec + 2
    return True


# ---- GA -------------------------------------------------------------------------------------

_GA_CHAPTER = re.compile(r"^(\d+|X)\.\s+(\S.{0,60})$")
_GA_SECTION = re.compile(r"^((?:\d+|X)\.(?:\d+|[A-Z])(?:\.(?:[a-z]{1,4}|XX))*)\s+(\S.{0,100})$")
_GA_ITEM = re.compile(r"^(?:-\s*)?(\d+)\.\s+(.*)$")
_GA_SUB = re.compile(r"^(?:-\s*)?([a-z]|[ivxlc]{1,6}|[IVXLC]{1,6})\.\s+(.*)$")


def _parse_ga(lines: list[str]) -> tuple[list[ParsedRule], list[ParsedGlossaryTerm]]:
    b = _Builder("ga")
    chapter: str | None = None
    section: str | None = None
    item: str | None = None
    letter: str | None = None
    last_letter = ""
    glossary: list[ParsedGlossaryTerm] = []
    nonblank = [ln.strip() for ln in lines if ln.strip()]
    for idx, line in enumerate(nonblank):
        line = clean_inline(line)
        if not line:
            continue
        m = _GA_CHAPTER.match(line)
        if m and _ok_title(m.group(2)):
            nxt = clean_inline(nonblank[idx + 1]) if idx + 1 < len(nonblank) else ""
            if nxt.startswith(m.group(1) + ".") and _GA_SECTION.match(nxt) and m.group(1) not in b.numbers:
                chapter = m.group(1)
                b.add(chapter, title=m.group(2), parent=None, heading=True)
                section = item = letter = None
                continue
        m = _GA_SECTION.match(line)
        if (
            m
            and chapter
            and m.group(1).split(".")[0] == chapter
            and _ok_title(m.group(2))
            and m.group(1) not in b.numbers
        ):
            number = m.group(1)
            parent = number.rsplit(".", 1)[0]
            b.add(number, title=m.group(2), parent=parent, heading=True)
            section, item, letter, last_letter = number, None, None, ""
            continue
        if section is None:
            continue
        m = _GA_ITEM.match(line)
        if m:
            number = f"{section}.{m.group(1)}"
            if number not in b.numbers:
                text = m.group(2)
                title = ""
                if chapter == "X" and len(text) <= 60 and not text.endswith("."):
                    title, text = text, ""
                b.add(number, title=title, text=text, parent=section, heading=False)
                item, letter, last_letter = number, None, ""
                continue
        m = _GA_SUB.match(line)
        if m and item:
            tag, text = m.group(1), m.group(2)
            is_roman = False
            if tag.isupper():
                is_roman = True
            elif len(tag) > 1:
                is_roman = True
            elif tag in "ivxlc" and letter is not None:
                expected = chr(ord(last_letter) + 1) if last_letter else "a"
                is_roman = tag != expected
            if is_roman and letter is not None:
                number = f"{letter}.{tag.lower()}"
                if number not in b.numbers:
                    b.add(number, text=text, parent=letter, heading=False)
                    continue
            elif not is_roman:
                number = f"{item}{tag}"
                if number not in b.numbers:
                    b.add(number, text=text, parent=item, heading=False)
                    letter, last_letter = number, tag
                    continue
        b.text(line)
    rules = b.finish()
    for r in rules:
        if r.number.startswith("X.") and r.title and r.number.count(".") == 2:
            children = [c for c in rules if c.parent == r.number]
            definition = children[0].text if children else r.text
            glossary.append(ParsedGlossaryTerm(term=r.title, definition=definition, rule_number=r.number))
    return rules, glossary


# ---- glossary (FaB CR) ---------------------------------------------------------------------

# Words a definition sentence starts with ("Ability An object property ..."), capitalised.
_DEF_STARTERS = {
    "A",
    "An",
    "The",
    "To",
    "See",
    "When",
    "If",
    "Used",
    "One",
    "Any",
    "Each",
    "Refers",
    "Something",
    "Where",
    "How",
    "This",
    "That",
    "Is",
    "Are",
    "Zero",
    "Either",
    "Literal",
    "For",
    "It",
    "As",
    "In",
    "Objects",
    "Cards",
}
_REF_TAIL = re.compile(
    r"\s*(?:\(See (?:Rule|Section|Chapter)s?\s+([0-9A-Z][0-9.a-z]*)[^)]*\)|((?:\[[0-9][^\]]*\])+))\s*$"
)


def _split_term(line: str) -> tuple[str, str] | None:
    """ "Go again An ability keyword ..." -> ("Go again", "An ability keyword ...")."""
    words = line.split(" ")
    for i in range(1, min(len(words), 10)):
        if words[i] in _DEF_STARTERS and words[i - 1] != "/":
            return " ".join(words[:i]), " ".join(words[i:])
    # no usual first word: the definition starts at the capitalised word before the first lower-case one
    for j in range(1, min(len(words), 10)):
        if words[j][:1].islower():
            return (" ".join(words[: j - 1]), " ".join(words[j - 1 :])) if j >= 2 else None
    return None


def _parse_fab_glossary(lines: list[str]) -> list[ParsedGlossaryTerm]:
    """Glossary styles: "Term Definition.^[ref]" paragraphs (2.13.0) or term line + definition lines (older)."""
    terms: list[ParsedGlossaryTerm] = []
    blocks: list[list[str]] = []
    cur: list[str] = []
    for raw in lines:
        s = raw.strip()
        if not s:
            if cur:
                blocks.append(cur)
                cur = []
            continue
        cur.append(s)
    if cur:
        blocks.append(cur)
    nonblank = sum(len(b) for b in blocks)
    blank_separated = len(blocks) >= 2 and len(blocks) >= nonblank * 0.3
    entries: list[tuple[str, list[str]]] = []
    if blank_separated:
        for blk in blocks:
            first = clean_inline(blk[0])
            senses = [clean_inline(x) for x in blk[1:]]
            if entries and (
                re.match(r"^[-•]\s", blk[0]) or re.match(r"^\**[a-z][a-z ()-]{0,20}:\**\s", blk[0])
            ):
                entries[-1][1].extend(clean_inline(x) for x in blk)
                continue
            split = (
                _split_term(first) if not (len(first) <= 40 and not first.endswith((".", "]", ")"))) else None
            )
            if split:
                entries.append((split[0], [split[1], *senses]))
            elif len(first) <= 40 and not first.endswith((".", "]", ")")):
                entries.append((first, senses))
            elif entries:
                entries[-1][1].extend([first, *senses])
    else:
        flat = [clean_inline(x) for blk in blocks for x in blk]
        term: str | None = None
        body: list[str] = []
        for s in flat:
            closed = not body or re.search(r"\)\s*$|\]\s*$", body[-1]) is not None
            is_term = len(s) <= 45 and not re.search(r"[.,;:)\]]$", s) and s[:1].isupper() is True and closed
            is_term = is_term or (len(s) <= 12 and s.startswith("(") and s.endswith(")") and closed)
            if is_term:
                if term is not None:
                    entries.append((term, body))
                term, body = s, []
            elif term is not None:
                body.append(s)
        if term is not None:
            entries.append((term, body))
    for term, body in entries:
        definition = _join_definition(body)
        rule_number = ""
        m = re.search(
            r"\((?:See )?(?:Rule|Section|Chapter)s?\s+(\d+(?:\.\d+)*[a-z]?)", definition
        ) or re.search(r"\[(\d+(?:\.\d+)*[a-z]?)\]", definition)
        if m:
            rule_number = m.group(1)
        term = term.strip().rstrip(":")
        if term and definition:
            terms.append(ParsedGlossaryTerm(term=term, definition=definition, rule_number=rule_number))
    return terms


def _join_definition(body: list[str]) -> str:
    parts: list[str] = []
    for s in body:
        # "- " after an unfinished sentence is a wrapped "Section 5.4 - Static Abilities", not a list item
        subterm = re.match(r"^[-•]?\s*[a-z][a-z ()-]{0,20}:\s", s) is not None
        last = parts[-1].rsplit("\n", 1)[-1].rstrip() if parts else ""
        wrapped_dash = (
            s.startswith("- ") and not subterm and len(last) > 40 and not re.search(r"[.:;!?)”\"]$", last)
        )
        if not wrapped_dash and (subterm or re.match(r"^[-•]\s", s)):
            parts.append("\n" + re.sub(r"^[-•]\s*", "", s))
        elif parts:
            parts[-1] += " " + s
        else:
            parts.append(s)
    return "\n".join(p.strip() for p in "".join(parts).split("\n") if p.strip()).strip()


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def _title_of(lines: list[str], kind: str) -> str:
    for line in lines[:12]:
        s = clean_inline(line)
        if s and not re.fullmatch(r"[\d./ -]+", s) and s.lower() not in ("skip to content",):
            if kind == "ga" and s.upper() == s:
                continue
            return s
    return {
        "cr": "Comprehensive Rules",
        "trp": "Tournament Rules and Policy",
        "ppg": "Procedure and Penalty Guide",
        "ga": "Grand Archive Comprehensive Rules",
    }[kind]


def parse_document(raw: str, kind: str) -> ParsedDocument:
    """Parse one document's text; guarantees unique rule numbers, parents defined before children."""
    if kind not in KINDS:
        raise ValueError(f"unknown document kind {kind!r}: expected one of {', '.join(KINDS)}")
    text = normalize_text(raw)
    lines = text.split("\n")
    title = _title_of(lines, kind)
    lines = [ln for ln in lines if not _DOT_LEADER.search(ln) or not re.search(r"\.\s*\.\s*\.", ln)]
    lines = _strip_toc(lines)
    running_headers = _repeated_caps_lines(lines)
    lines = ["" if _is_debris(ln, running_headers) else ln for ln in lines]
    # remove blank lines that only separated debris from the text around it in hard-wrapped docs
    words = set(re.findall(r"[a-z]+(?:-[a-z]+)?", text.lower()))
    known = set(words)
    lines = _join_wrapped(_collapse_debris_gaps(text, lines), known)
    if kind == "ga":
        rules, glossary = _parse_ga(lines)
    else:
        rules, glossary_lines = _parse_fab(kind, lines)
        glossary = _parse_fab_glossary(glossary_lines)
    return ParsedDocument(kind=kind, title=title, rules=rules, glossary=glossary)


def _collapse_debris_gaps(text: str, lines: list[str]) -> list[str]:
    """In documents without blank lines, a removed page number or header must not split a paragraph."""
    original_blank = sum(1 for ln in text.split("\n") if not ln.strip())
    if original_blank > len(lines) * 0.2:
        return lines
    return [ln for ln in lines if ln.strip()]
