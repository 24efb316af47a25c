"""Plain-text decklists: parse lines into entries, then resolve names against card data.

Registration lists name each card with its quantity and, for cards with a pitch
value, the pitch (TR&P App E; PPG 4.4: an entry without a pitch is ambiguous
when several pitches exist). This module accepts what people actually paste:

* ``3 Snatch (red)``, ``3x Snatch (R)``, ``Snatch (red) x3``, ``3 Snatch (1)``,
  ``(3) Snatch (red)``, ``Snatch - red``, ``3 Snatch [red]``;
* the hero on the first line, equipment and weapons without a pitch;
* section headers (``Arena cards``, ``Deck cards``, ``Sideboard``, ``Hero``,
  ``Equipment``, ``Weapons``, ``Red``/``Pitch 1``..., and for Grand Archive
  ``Champion(s)``, ``Material deck``, ``Main deck``), with or without ``#``,
  ``:``, ``*`` or a card count;
* the fabrary text export (``Name:``, ``Hero:``, ``Format:``, ``Arena cards``,
  ``Deck cards``, ``See the full deck @ ...``) and FaBDB-style exports
  (``Hero: X``, ``Weapons: A, B``, ``Equipment: A, B``, ``(3) Name (red)``);
* Markdown and spreadsheet table rows (``| 3 | Snatch | Red |``, header and separator rows
  skipped) and CSV lines (``3,Snatch,Red``, ``Snatch, red, 3``);
* ``x3 Snatch``, ``3 copies of Snatch``, pitch as ``- r``, ``- pitch 1`` or a coloured-circle
  emoji, a printing's set code after the name (``WTR167``, ``[WTR]``), a ``// note`` after the
  card (not the ``//`` of a two-sided card's name), and in ``resolve`` an unbracketed colour
  word (``3 Red Snatch``, ``3 Snatch red``) when the name without it is a card;
* blank lines, comments (``//``), curly quotes, tabs, odd case and spacing.

``parse_decklist`` is pure text and never raises; ``resolve`` looks names up in
a card database and reports unknown names with suggestions, and names with
several colours and no pitch as ambiguous.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from rules_engine.wording import Phrase, join, say

MAX_LINE_CHARS = 300
MAX_QUANTITY = 999

HERO = "hero"
ARENA = "arena"
DECK = "deck"
SIDEBOARD = "sideboard"
MATERIAL = "material"
MAIN = "main"
CHAMPION = "champion"
SECTIONS = (HERO, ARENA, DECK, SIDEBOARD, MATERIAL, MAIN, CHAMPION)

PITCH_WORDS = {
    "red": 1,
    "r": 1,
    "1": 1,
    "pitch 1": 1,
    "p1": 1,
    "yellow": 2,
    "y": 2,
    "2": 2,
    "pitch 2": 2,
    "p2": 2,
    "red pitch": 1,
    "rd": 1,
    "yellow pitch": 2,
    "yel": 2,
    "ylw": 2,
    "blue": 3,
    "blue pitch": 3,
    "blu": 3,
    "b": 3,
    "u": 3,
    "3": 3,
    "pitch 3": 3,
    "p3": 3,
}
PITCH_NAMES = {1: "red", 2: "yellow", 3: "blue"}

# Header text (lower case, decoration removed) -> (section, pitch hint).
_HEADERS: dict[str, tuple[str, int | None]] = {}
for _words, _sec in (
    (("hero", "heroes", "hero card", "hero cards", "hero-card"), HERO),
    (
        (
            "arena",
            "arena cards",
            "arena-cards",
            "arena card",
            "equipment",
            "equipments",
            "weapon",
            "weapons",
            "weapons and equipment",
            "equipment and weapons",
            "equipment & weapons",
            "weapons & equipment",
            "arena-cards (hero, equipment, weapons, etc.)",
            "inventory",
        ),
        ARENA,
    ),
    (("deck", "deck cards", "deck-cards", "deck card", "deck list", "decklist", "cards", "maindeck"), DECK),
    (("sideboard", "side board", "side", "sideboard cards", "reserve"), SIDEBOARD),
    (("material", "material deck", "materials", "material cards", "regalia"), MATERIAL),
    (("main", "main deck", "main-deck", "main cards"), MAIN),
    (("champion", "champions"), CHAMPION),
):
    for _w in _words:
        _HEADERS[_w] = (_sec, None)
for _w, _p in (
    ("red", 1),
    ("yellow", 2),
    ("blue", 3),
    ("pitch 1", 1),
    ("pitch 2", 2),
    ("pitch 3", 3),
    ("red cards", 1),
    ("yellow cards", 2),
    ("blue cards", 3),
    ("pearl", None),
    ("no pitch", None),
    ("pitch 0", None),
):
    _HEADERS[_w] = (DECK, _p)
for _p, _names in (
    (1, ("red", "pitch 1", "pitch value 1")),
    (2, ("yellow", "pitch 2", "pitch value 2")),
    (3, ("blue", "pitch 3", "pitch value 3")),
):
    for _n in _names:
        _HEADERS[f"deck-cards {_n}"] = (DECK, _p)
        _HEADERS[f"deck cards {_n}"] = (DECK, _p)
        _HEADERS[f"deck-cards with {_n}"] = (DECK, _p)
        _HEADERS[f"deck cards with {_n}"] = (DECK, _p)

# "Key: value" lines of the deck-builder exports.
_META_KEYS = {
    "name",
    "deck",
    "deck name",
    "format",
    "class",
    "talent",
    "author",
    "by",
    "created",
    "updated",
    "notes",
    "note",
    "player",
    "event",
    "date",
    "source",
    "url",
    "link",
    "id",
    "gem id",
    "fabrary",
    "fabdb",
    "tags",
    "game",
}
_CARD_KEYS = {
    "hero": HERO,
    "champion": CHAMPION,
    "champions": CHAMPION,
    "weapon": ARENA,
    "weapons": ARENA,
    "equipment": ARENA,
    "equipments": ARENA,
    "arena": ARENA,
    "arena cards": ARENA,
}
_NOISE_PREFIXES = (
    "see the full deck",
    "made with",
    "deck build - via",
    "deck build via",
    "exported from",
    "generated by",
    "built with",
    "view this deck",
    "deck built with",
    "http://",
    "https://",
    "www.",
)

_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u00d7": "x",
        "\t": " ",
        "\u00a0": " ",
        "\u3000": " ",
        "\ufeff": "",
    }
)

_PITCH_ALT = r"(?:red|yellow|blue)(?:\s+pitch)?|rd|yel|ylw|blu|r|y|b|u|1|2|3|pitch\s*[123]|p[123]"
_QTY_PREFIX = re.compile(r"^(?:\((\d+)\)|\[(\d+)\]|(\d+)\s*(?:x\b|x(?=\s)|\*|\.|:|-(?=\s))?)\s*(.*)$", re.I)
_QTY_SUFFIX = re.compile(r"^(.*?)\s*(?:(?:\bx|\*)\s*(\d+)|\((\d+)x\))$", re.I)
# "Snatch x3 red": the quantity between the name and a pitch word.
_QTY_THEN_PITCH = re.compile(r"^(.+?)\s+(?:x\s*(\d+)|(\d+)\s*x)\s+(" + _PITCH_ALT + r")$", re.I)
# "Snatch (red) - 3": a quantity after a bracketed pitch, behind a dash.
_DASH_QTY_AFTER_PITCH = re.compile(r"^(.+?[\)\]])\s*-\s*(\d+)$")
# "3 Snatch - 1", "3 Snatch Red (1)": with the quantity in front, a last pitch number after a
# dash, or a pitch word followed by the same pitch's number, is the pitch.
_DASH_PITCH_NUMBER = re.compile(r"^(.+?)\s+-\s*([123])$")
_WORD_AND_NUMBER = re.compile(r"^(.+?)\s+(red|yellow|blue)\s*[\(\[]([123])[\)\]]$", re.I)
_PITCH_SUFFIX = re.compile(
    r"^(.*?)\s*(?:[\(\[\{]\s*("
    + _PITCH_ALT
    + r")\s*[\)\]\}]|\s-\s*(red|yellow|blue|r|y|b|pitch\s*[123]|p[123]))$",
    re.I,
)
# Coloured-circle emoji some lists use for the pitch.
_PITCH_EMOJI = {"\U0001f534": "red", "\U0001f7e1": "yellow", "\U0001f535": "blue", "\u2b55": "red"}
_EMOJI_PITCH = re.compile(r"\s*[\(\[]?\s*([\U0001f534\U0001f7e1\U0001f535\u2b55])\s*[\)\]]?\s*$")
_EMOJI_PITCH_LEAD = re.compile(r"^(\d+\s*x?\s+)?([\U0001f534\U0001f7e1\U0001f535\u2b55])\s*(.+)$", re.I)
# A printing's set code and number after the name: "WTR167", "1HP-123", "[WTR]", "(WTR)".
_LOOSE_SET_CODE = re.compile(
    r"^(.*?\S)\s+(?:[-\u2013\u2014|\u2022\u00b7]\s*)?(?:(?=\d?[A-Z])[A-Z0-9]{2,4}-?\d{2,3}[A-Z]?"
    r"|[\(\[](?!(?:RED|YELLOW|BLUE)[\)\]])(?=[A-Z0-9]*[A-Z])[A-Z0-9]{2,4}[\)\]])$"
)
# "// a note" after a card; not the "//" inside a two-sided card's name ("Vaporize // Shock"),
# so only after a closing bracket or when the note starts in lower case.
_COLOUR_WORD = re.compile(
    r"^(?:(red|yellow|blue)\s+(.+)|(.+?)\s+[-\u2013\u2022\u00b7|]?\s*(red|yellow|blue|r|y|b))$", re.I
)
_TRAILING_COMMENT = re.compile(r"(?:(?<=[\)\]])\s*//.*|\s+//\s*(?=[a-z0-9(\[]).*)$")
_LEADING_X_QTY = re.compile(r"^x\s*(\d+)\s+(?=\S)", re.I)
_COPIES_OF = re.compile(r"^(\d+)\s*(?:x\s*)?(?:copies|copy|cop\.)\s+(?:of\s+)?", re.I)
_TABLE_HEADER_WORDS = {
    "qty",
    "quantity",
    "count",
    "#",
    "n",
    "card",
    "cards",
    "name",
    "card name",
    "pitch",
    "color",
    "colour",
    "set",
    "type",
    "x",
}
_SET_CODE_SUFFIX = re.compile(r"^(.*?)\s*[\(\[]\s*[A-Z0-9]{2,4}\d{3}[A-Z\-]*\s*[\)\]]$")
_HEADER_PITCH = re.compile(r"\s*[\(\[]\s*(?:red|yellow|blue|pearl)\s*[\)\]]\s*$", re.I)
_HEADER_COUNT = re.compile(
    r"\s*(?:[\(\[]\s*\d+\s*(?:cards?)?\s*[\)\]]|[-:]\s*\d+\s*(?:cards?)?|\d+\s+cards?)\s*$", re.I
)


@dataclass(frozen=True)
class ParsedLine:
    """One card entry. ``section`` is None when the list gave no section (the card's type decides)."""

    line_no: int
    raw: str
    quantity: int
    name: str
    pitch: int | None
    section: str | None
    #: True for a first bare line taken as the hero only because it comes first (TR&P App E);
    #: a deck builder's title line ("Boltyn Aggro") is read this way too, see ``resolve``.
    hero_guess: bool = False

    def label(self) -> str:
        return f"{self.name} ({PITCH_NAMES[self.pitch]})" if self.pitch in PITCH_NAMES else self.name


def _keep_words(record: Any, attr: str) -> None:
    """A record given a ``Phrase`` keeps its English text in ``attr`` and the phrase in ``words``."""
    value = getattr(record, attr)
    if isinstance(value, Phrase):
        object.__setattr__(record, "words", value.to_dict())
        object.__setattr__(record, attr, str(value))


def _pitch_words(pitches: Iterable[int | None]) -> Phrase | str:
    """ "red, blue" as a phrase (pitch colours are words a page translates)."""
    words = {1: say("red"), 2: say("yellow"), 3: say("blue")}
    return join([words.get(p or 0) or say("no pitch") for p in pitches])


@dataclass(frozen=True)
class LineError:
    line_no: int
    raw: str
    #: Why the line was not read; given as a ``Phrase`` it is kept in ``words`` too.
    reason: str | Phrase
    words: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        _keep_words(self, "reason")

    def __str__(self) -> str:
        return f"line {self.line_no}: {self.reason}: {self.raw!r}"


@dataclass
class ParsedList:
    lines: list[ParsedLine] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    metadata: dict[str, str] = field(default_factory=dict)
    #: A header just read: (section, pitch hint) for the lines that follow (parser state).
    section_change: tuple[str, int | None] | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": [asdict(x) for x in self.lines],
            "errors": [asdict(e) for e in self.errors],
            "metadata": dict(self.metadata),
        }


_BULLET = re.compile(r"^[ \t]*[*\u2022\u00b7\u25aa\u2023+][ \t]+(?=\S)|^[ \t]*-[ \t]+(?=[^\s-])", re.M)


def even_out(text: str) -> str:
    """Marks without meaning evened out, same line count: tabs, no-break spaces, CR/LF, and
    list bullets of Markdown exports ("* 3 Snatch (red)", "- 3 Snatch (red)"). The web form
    and ``manage.py validate_decklist`` both read text through this."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.translate(
        {0x09: " ", 0x0B: " ", 0x0C: " ", 0xA0: " ", 0x2007: " ", 0x202F: " ", 0xFEFF: None}
    )
    return _BULLET.sub("", text)


_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_URL_ONLY = re.compile(r"^<?(?:https?://|www\.)\S+>?$", re.I)
_SPACES = re.compile(r"\s+")


def _clean(raw: str) -> str:
    if raw.isascii():
        text = _ASCII_CONTROL.sub(" ", raw.replace("`", "'"))
    else:
        text = unicodedata.normalize("NFKC", raw).translate(_TRANSLATE)
        text = "".join(ch for ch in text if ch == " " or unicodedata.category(ch)[0] != "C")
    return _SPACES.sub(" ", text).strip()


def _header_key(text: str) -> str:
    key = text.strip().strip("#=*_~>|").strip()
    key = _HEADER_COUNT.sub("", key).strip()
    key = _HEADER_PITCH.sub("", key).strip()
    key = key.rstrip(":").strip().strip("#=*_~").strip().lower()
    return re.sub(r"\s+", " ", key)


def _pitch_of(word: str) -> int | None:
    return PITCH_WORDS.get(re.sub(r"\s+", " ", word.strip().lower()))


def _cells_to_line(cells: list[str], joiner: str) -> str | None:
    """A row of a table or a CSV line as ``"<qty> <name> (<pitch>)"``: the first or last cell a
    number, one cell a pitch word, the cells between them the name (joined back with
    ``joiner``, so "10,000 Year Reunion" survives a CSV split). None when it does not fit."""
    stripped = [c.strip() for c in cells]
    qty_i = 0 if stripped[0].isdigit() else (len(cells) - 1 if stripped[-1].isdigit() else None)
    pitch_i = None
    for i in range(len(cells) - 1, -1, -1):
        word = stripped[i].strip("()[]")
        if i != qty_i and word and not word.isdigit() and _pitch_of(word) is not None:
            pitch_i = i
            break
    if pitch_i is None and qty_i == 0 and len(cells) >= 3 and stripped[-1] in ("1", "2", "3"):
        pitch_i = len(cells) - 1  # "3,Snatch,1": the last number is the pitch
    if qty_i is None and pitch_i is None:
        return None
    name = joiner.join(c for i, c in enumerate(cells) if i not in (qty_i, pitch_i)).strip().strip(",").strip()
    if not name or not name[0].isalnum() or not any(ch.isalpha() for ch in name):
        return None
    out = f"{stripped[qty_i]} {name}" if qty_i is not None else name
    if pitch_i is not None:
        out += f" ({stripped[pitch_i].strip('()[]')})"
    return out


def _tidy_card_text(text: str) -> str | None:
    """Shapes of card lines that real lists use, turned into the plain one ``_split_card``
    reads: Markdown and spreadsheet tables ("| 3 | Snatch | Red |"), CSV ("3,Snatch,Red"),
    "x3 Snatch", "3 copies of Snatch", pitch emoji, set codes after the name ("WTR167"),
    trailing "// comments". None for a table's header or separator row."""
    text = _TRAILING_COMMENT.sub("", text).strip()
    if "|" in text:
        cells = [c.strip() for c in text.strip().strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            return None
        if all(c.lower() in _TABLE_HEADER_WORDS for c in cells if c):
            return None
        line = _cells_to_line([c for c in cells if c], " ")
        if line is not None:
            text = line
    elif ";" in text:
        # Spreadsheets in many European locales separate CSV cells with semicolons.
        line = _cells_to_line([c for c in text.split(";") if c.strip()], " ")
        if line is not None:
            text = line
    elif "," in text:
        cells = text.split(",")
        first, last = cells[0].strip(), cells[-1].strip()
        pitchy = any(not c.strip().isdigit() and _pitch_of(c.strip()) is not None for c in cells)
        # "3,Snatch,Red", "Snatch, red, 3", "1,Dawnblade, Resplendent"; never "10,000 Year
        # Reunion" (no letter right after the first comma) nor "1 10,000 Year Reunion".
        after_first = cells[1].strip()[:1]
        last_is_pitch = not last.isdigit() and _pitch_of(last) is not None
        if (first.isdigit() and (after_first.isalpha() or (last_is_pitch and len(cells) >= 3))) or (
            last.isdigit() and pitchy
        ):
            line = _cells_to_line(cells, ",")
            if line is not None:
                text = line
        elif len(cells) >= 2 and last.lower() in ("red", "yellow", "blue"):
            # "3 Snatch, red": the colour after a comma (no card name ends in a colour word).
            text = f"{','.join(cells[:-1]).strip()} ({last})"
    m = _LEADING_X_QTY.match(text)
    if m:
        text = f"{m.group(1)} {text[m.end() :]}"
    m = _COPIES_OF.match(text)
    if m:
        text = f"{m.group(1)} {text[m.end() :]}"
    m = _EMOJI_PITCH.search(text)
    if m:
        text = f"{text[: m.start()].rstrip()} ({_PITCH_EMOJI[m.group(1)]})"
    else:
        m = _EMOJI_PITCH_LEAD.match(text)
        if m:
            text = f"{m.group(1) or ''}{m.group(3)} ({_PITCH_EMOJI[m.group(2)]})"
    for _ in range(2):  # the set code may come before or after the pitch
        m = _LOOSE_SET_CODE.match(text)
        if m:
            text = m.group(1)
        m = _PITCH_SUFFIX.match(text)
        if m and m.group(1):
            inner = _LOOSE_SET_CODE.match(m.group(1))
            if inner:
                text = f"{inner.group(1)} ({m.group(2) or m.group(3)})"
    return text


def _split_card(text: str) -> tuple[int | None, str, int | None, Phrase | None]:
    """(quantity or None, name, pitch or None, error) for one cleaned line."""
    quantity: int | None = None
    rest = text
    m = _QTY_PREFIX.match(rest)
    if m and (m.group(1) or m.group(2) or m.group(3)) and m.group(4) is not None:
        digits = m.group(1) or m.group(2) or m.group(3)
        remaining = m.group(4)
        glued = m.group(3) is not None and m.end(3) < len(rest) and rest[m.end(3)] in ",0123456789"
        # "3 Snatch", "3x Snatch" and "1 10,000 Year Reunion" count; "10,000 Year Reunion" alone
        # is a name that begins with digits (no separator after them), read as one copy.
        if remaining and not glued and any(ch.isalpha() for ch in remaining):
            quantity = int(digits[:6])
            rest = remaining
        elif not remaining:
            return None, "", None, say("a quantity without a card name")
    m = _SET_CODE_SUFFIX.match(rest)
    if m and m.group(1):
        rest = m.group(1)
    m = _WORD_AND_NUMBER.match(rest)
    if m and _pitch_of(m.group(2)) == int(m.group(3)):
        rest = f"{m.group(1)} ({m.group(3)})"
    if quantity is None:
        m = _QTY_THEN_PITCH.match(rest)
        if m and _pitch_of(m.group(4)) is not None:
            quantity = int((m.group(2) or m.group(3))[:6])
            rest = f"{m.group(1)} ({m.group(4)})"
        m = _DASH_QTY_AFTER_PITCH.match(rest)
        if quantity is None and m:
            quantity = int(m.group(2)[:6])
            rest = m.group(1)
    else:
        m = _DASH_PITCH_NUMBER.match(rest)
        if m:
            rest = f"{m.group(1)} ({m.group(2)})"
    if quantity is None:
        m = _QTY_SUFFIX.match(rest)
        if m and m.group(1):
            quantity = int((m.group(2) or m.group(3))[:6])
            rest = m.group(1)
    pitch = None
    m = _PITCH_SUFFIX.match(rest)
    if m and m.group(1):
        pitch = _pitch_of(m.group(2) or m.group(3))
        rest = m.group(1)
    elif m:
        return quantity, "", _pitch_of(m.group(2) or m.group(3)), say("no card name")
    if quantity is None:
        # "Snatch (red) x3": the quantity may follow the pitch.
        m = _QTY_SUFFIX.match(rest)
        if m and m.group(1):
            quantity = int((m.group(2) or m.group(3))[:6])
            rest = m.group(1)
    name = rest.strip().strip(",;").strip()
    if name.startswith('"') and name.endswith('"') and len(name) > 1:
        name = name[1:-1].strip()
    if not name:
        return quantity, "", pitch, say("no card name")
    if not any(ch.isalpha() for ch in name):
        return quantity, name, pitch, say("no card name (no letters)")
    if quantity is not None and not (1 <= quantity <= MAX_QUANTITY):
        return quantity, name, pitch, say("quantity must be between 1 and {maximum}", maximum=MAX_QUANTITY)
    return quantity, name, pitch, None


def parse_decklist(text: Any) -> ParsedList:
    """Parse a pasted decklist into entries and per-line errors. Never raises.

    Guarantees: every non-blank line ends up as exactly one of a card entry, a
    header, a metadata/noise line, or a ``LineError`` naming the line and why.
    Lines before any header have ``section=None``; the first such line without
    a quantity is taken as the hero (TR&P App E lists the hero first).
    """
    result = ParsedList()
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8", errors="replace")
        if not isinstance(text, str):
            result.errors.append(LineError(0, "", say("the decklist is not text")))
            return result
        section: str | None = None
        pitch_hint: int | None = None
        seen_card = False
        for line_no, raw in enumerate(text.splitlines(), start=1):
            _parse_line(result, line_no, raw, section, pitch_hint, seen_card)
            state = result.section_change
            if state is not None:
                section, pitch_hint = state
                result.section_change = None
            if result.lines and result.lines[-1].line_no == line_no:
                seen_card = True
    except Exception as exc:  # pragma: no cover - defensive: the contract is "never raises"
        result.errors.append(
            LineError(0, "", say("could not read the decklist ({error})", error=type(exc).__name__))
        )
    return result


def _parse_line(
    result: ParsedList, line_no: int, raw: str, section: str | None, pitch_hint: int | None, seen_card: bool
) -> None:
    shown = raw if len(raw) <= 120 else raw[:117] + "..."
    # Header, comment, link and note lines of any length are ignored (deck-builder exports
    # carry long URLs and notes); only a line that would be counted as a card is limited.
    text = _clean(raw)
    if not text:
        return
    low = text.lower()
    if low.startswith(("//", "--")) or set(low) <= set("-=_*#~ "):
        return
    if low.startswith(_NOISE_PREFIXES) or _URL_ONLY.match(text):
        return
    if len(text) > MAX_LINE_CHARS and text.startswith("#"):
        return  # a long markdown heading or comment
    if len(text) > MAX_LINE_CHARS:
        head = text.partition(":")[0].strip().lower()
        if ":" in text and (head in _META_KEYS or head not in _CARD_KEYS and len(head) <= 40):
            # "Notes: <a long paragraph>": a metadata line, not a card.
            result.metadata.setdefault(head, text.partition(":")[2].strip()[:MAX_LINE_CHARS])
            return
        result.errors.append(
            LineError(line_no, shown, say("line too long ({count} characters)", count=len(text)))
        )
        return
    # Headers: "Arena cards", "## Main Deck (60)", "Deck cards:", "Red", "Sideboard - 4".
    key = _header_key(text)
    if key in _HEADERS:
        result.section_change = _HEADERS[key]
        return
    if text.startswith("#"):
        # An unknown markdown heading or a comment: not a card line.
        return
    # "Key: value" lines.
    if ":" in text and not text[:1].isdigit() and not text.startswith("("):
        head, _, value = text.partition(":")
        hkey = head.strip().lower()
        value = value.strip()
        if hkey in _META_KEYS:
            if hkey not in result.metadata:
                result.metadata[hkey] = value
            return
        if hkey in _CARD_KEYS:
            sec = _CARD_KEYS[hkey]
            if not value:
                result.section_change = (sec, None)
                return
            # "Weapons: A, B": FaBDB-style lists ("A; B" and "A | B" too: no card name holds ";" or
            # " | "). A name with a comma ("Dawnblade, Resplendent") splits here too; ``resolve``
            # rejoins neighbouring parts of one line that name a card.
            parts = (
                [value]
                if sec in (HERO, CHAMPION)
                else [p for p in re.split(r",|;|\s\|\s", value) if p.strip()]
            )
            for part in parts:
                _add_card(result, line_no, raw, part.strip(), sec, None)
            return
    _add_card(
        result, line_no, raw, text, section, pitch_hint, hero_if_bare=(section is None and not seen_card)
    )


def _add_card(
    result: ParsedList,
    line_no: int,
    raw: str,
    text: str,
    section: str | None,
    pitch_hint: int | None,
    hero_if_bare: bool = False,
) -> None:
    shown = raw if len(raw) <= 120 else raw[:117] + "..."
    tidied = _tidy_card_text(text)
    if tidied is None:
        return  # a table's header or separator row
    quantity, name, pitch, error = _split_card(tidied)
    if error:
        result.errors.append(LineError(line_no, shown, error))
        return
    if pitch is None and pitch_hint is not None:
        pitch = pitch_hint
    guessed = False
    if quantity is None:
        quantity = 1
        if hero_if_bare:
            section = HERO
            guessed = True
    result.lines.append(ParsedLine(line_no, shown, quantity, name, pitch, section, guessed))


# --- resolving against a card database -------------------------------------------------------------


@dataclass(frozen=True)
class ResolveProblem:
    """A line that names no single card: ``code`` is UNKNOWN_CARD, AMBIGUOUS_PITCH or NO_SUCH_PITCH."""

    line_no: int
    raw: str
    code: str
    #: Given as a ``Phrase`` it is kept in ``words`` too (``rules_engine.wording``).
    message: str | Phrase
    suggestions: tuple[str, ...] = ()
    words: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        _keep_words(self, "message")

    def to_dict(self) -> dict[str, Any]:
        return {
            "line_no": self.line_no,
            "raw": self.raw,
            "code": self.code,
            "message": self.message,
            "suggestions": list(self.suggestions),
            "rule": "PPG 4.4",
            "words": dict(self.words),
        }


def _variants(db: Any, name: str) -> list[Any]:
    try:
        found = list(db.variants(name) or [])
        if not found and re.search(r"&|\band\b", name, re.I):
            # "Command & Conquer" for "Command and Conquer", and the other way round.
            other = re.sub(r"\s*&\s*", " and ", name) if "&" in name else re.sub(r"\band\b", "&", name)
            found = list(db.variants(other) or [])
        return found
    except Exception:
        return []


def _suggest(db: Any, text: str) -> tuple[str, ...]:
    try:
        found = db.suggest(text, 5) or []
    except Exception:
        return ()
    out: list[str] = []
    for item in found:
        label = getattr(item, "display_name", None) or getattr(item, "name", None) or str(item)
        if isinstance(item, tuple) and item:
            first = item[0]
            label = getattr(first, "display_name", None) or getattr(first, "name", None) or str(first)
        if label not in out:
            out.append(label)
    return tuple(out)


def _section_for(card: Any, section: str | None) -> str:
    if section is not None and section != DECK:
        return section
    types = set(getattr(card, "types", ()) or ())
    if getattr(card, "game", "fab") == "ga":
        if "Champion" in types:
            return CHAMPION if section is None else MATERIAL
        if "Regalia" in types or "Regalia" in set(getattr(card, "subtypes", ()) or ()):
            return MATERIAL
        return MAIN if section in (None, DECK) else section
    if "Hero" in types:
        return HERO
    if section is None or section == DECK:
        is_deck = getattr(card, "is_deck_card", None)
        is_arena = getattr(card, "is_arena_card", None)
        if is_arena and not is_deck:
            return ARENA if section is None else DECK
        return DECK
    return section


def resolve(parsed: ParsedList, db: Any) -> tuple[list[tuple[Any, int, str]], list[ResolveProblem]]:
    """Map parsed lines to ``(Card, quantity, section)`` entries.

    Unknown names are reported with ``db.suggest`` suggestions; a name printed
    in several pitches with no pitch given is ambiguous and the problem names
    the pitches (PPG 4.4). Lines without a section take one from the card's
    type: hero, arena-card or deck-card (CR 1.3.2); GA champions and regalia go
    to the material deck. An arena-card listed under a deck header keeps the
    ``deck`` section so the checker can report it (CR 1.3.2d).
    """
    entries: list[tuple[Any, int, str]] = []
    problems: list[ResolveProblem] = []
    lines = list(parsed.lines)
    suggestions: dict[str, tuple[str, ...]] = {}
    named_hero = any(ln.section in (HERO, CHAMPION) and not ln.hero_guess for ln in lines)
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        variants = _variants(db, line.name)
        # Parts of one comma-separated line ("Weapons: Dawnblade, Resplendent, Helm") that
        # together name a card are rejoined.
        while (
            i < len(lines)
            and lines[i].line_no == line.line_no
            and _variants(db, f"{line.name}, {lines[i].name}")
        ):
            line = ParsedLine(
                line.line_no,
                line.raw,
                line.quantity,
                f"{line.name}, {lines[i].name}",
                lines[i].pitch,
                line.section,
                line.hero_guess,
            )
            variants = _variants(db, line.name)
            i += 1
        if not variants and line.pitch is None:
            # "3 Red Snatch", "3 Snatch red": a colour word before or after the name, unbracketed.
            bare = _COLOUR_WORD.match(line.name)
            if bare:
                name = bare.group(2) or bare.group(3)
                found = _variants(db, name)
                if found:
                    pitch = _pitch_of(bare.group(1) or bare.group(4))
                    line = ParsedLine(
                        line.line_no, line.raw, line.quantity, name, pitch, line.section, line.hero_guess
                    )
                    variants = found
        if not variants and line.hero_guess and named_hero:
            # A deck builder's title line ("Boltyn Aggro" above "Hero: Ser Boltyn"): the list
            # names its hero elsewhere, so the first bare line that is no card is its name.
            parsed.metadata.setdefault("name", line.name)
            continue
        if not variants:
            if line.name not in suggestions:
                suggestions[line.name] = _suggest(db, line.name)
            problems.append(
                ResolveProblem(
                    line.line_no,
                    line.raw,
                    "UNKNOWN_CARD",
                    say("line {line}: no card named {name}", line=line.line_no, name=repr(line.name)),
                    suggestions[line.name],
                )
            )
            continue
        if line.pitch is not None:
            chosen = [c for c in variants if getattr(c, "pitch", None) == line.pitch]
            if not chosen:
                have = sorted(
                    {getattr(c, "pitch", None) for c in variants}, key=lambda p: (p is None, p or 0)
                )
                shown = _pitch_words(have)
                problems.append(
                    ResolveProblem(
                        line.line_no,
                        line.raw,
                        "NO_SUCH_PITCH",
                        say(
                            "line {line}: {name} has no {pitch} version (printed as: {printed})",
                            line=line.line_no,
                            name=line.name,
                            pitch=_pitch_words([line.pitch]),
                            printed=shown,
                        ),
                        tuple(
                            f"{getattr(c, 'name', line.name)} ({PITCH_NAMES[c.pitch]})"
                            if c.pitch in PITCH_NAMES
                            else getattr(c, "name", line.name)
                            for c in variants
                        ),
                    )
                )
                continue
            card = chosen[0]
        else:
            pitches = {getattr(c, "pitch", None) for c in variants}
            if len(variants) > 1 and len(pitches) > 1:
                names = _pitch_words(sorted(pitches, key=lambda p: (p is None, p or 0)))
                problems.append(
                    ResolveProblem(
                        line.line_no,
                        line.raw,
                        "AMBIGUOUS_PITCH",
                        say(
                            "line {line}: {name} exists as {pitches}; say which",
                            line=line.line_no,
                            name=line.name,
                            pitches=names,
                        ),
                        tuple(f"{line.name} ({PITCH_NAMES[p]})" for p in sorted(p for p in pitches if p)),
                    )
                )
                continue
            card = variants[0]
        entries.append((card, line.quantity, _section_for(card, line.section)))
    return entries, problems
