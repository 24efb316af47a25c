"""What every reader shares: the parsed shapes (``ParsedEvent`` and its rows), ``ImportFileError``,
the limits and small helpers (labels, decoding, numbers, names, GEM's result codes)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

GEM = "gem"
OMNIDEX = "omnidex"

#: GEM result code -> Arbiter result (player 1 is side a).
GEM_RESULT_CODES: dict[str, str] = {"1WIN": "a", "2WIN": "b", "DRAW": "draw", "LOSSALL": "double_loss"}
#: Arbiter result -> the GEM code an organizer re-enters.
RESULT_TO_GEM: dict[str, str] = {v: k for k, v in GEM_RESULT_CODES.items()} | {"bye": "BYE", "": ""}

_BYE_WORDS = {"bye", "freilos", "freilosrunde", "exento", "descanso", "exempt", "riposo"}
_TEXT_RESULTS = {
    "draw": "draw",
    "unentschieden": "draw",
    "empate": "draw",
    "egalite": "draw",
    "pareggio": "draw",
    "doubleloss": "double_loss",
    "bye": "bye",
    "freilos": "bye",
}

MAX_FILE_CHARS = 5_000_000


#: What a player profile stores (``tournament.models.PlayerProfile``).
MAX_PLAYER_ID = 32
MAX_PLAYER_NAME = 120


class ImportFileError(ValueError):
    """A file (or part of one) that cannot be imported; ``str()`` names the file and the line."""

    def __init__(self, message: str, *, file: str = "", line: int | None = None):
        self.file = file
        self.line = line
        self.detail = message
        where = ", ".join(p for p in (file, f"line {line}" if line is not None else "") if p)
        super().__init__(f"{where}: {message}" if where else message)


@dataclass
class ParsedPlayer:
    player_id: str
    name: str = ""
    hero: str = ""
    country: str = ""
    dropped_in_round: int | None = None


@dataclass
class ParsedMatch:
    round: int
    table: int | None
    a_id: str
    b_id: str | None  # None: a bye
    result: str = ""  # a, b, draw, double_loss, bye, "" (not played yet)
    a_name: str = ""
    b_name: str = ""
    stage: str = "swiss"  # swiss or top_cut
    games_a: int | None = None
    games_b: int | None = None
    line: int | None = None


@dataclass
class ParsedStanding:
    round: int | None
    rank: int
    player_id: str
    name: str = ""
    wins: int | None = None
    points: float | None = None
    omw: float | None = None  # fractions of 1
    gw: float | None = None
    ogw: float | None = None
    dropped: bool = False


@dataclass
class ParsedDecklist:
    player_id: str
    material: list[tuple[int, str]] = field(default_factory=list)
    main: list[tuple[int, str]] = field(default_factory=list)
    sideboard: list[tuple[int, str]] = field(default_factory=list)

    def as_text(self) -> str:
        """The list in the section layout the decklist parser reads (Material / Main / Sideboard)."""
        parts = []
        for title, rows in (
            ("Material deck", self.material),
            ("Main deck", self.main),
            ("Sideboard", self.sideboard),
        ):
            if rows:
                parts.append(title + "\n" + "\n".join(f"{q} {name}" for q, name in rows))
        return "\n\n".join(parts) + "\n"


@dataclass
class ParsedEvent:
    source: str
    source_id: str = ""
    name: str = ""
    format: str = ""
    status: str = ""
    swiss_rounds: int | None = None
    cut_size: int | None = None
    games_per_match: int | None = None  # game wins needed (Omnidex bo1 / bo3 / bo5)
    players: dict[str, ParsedPlayer] = field(default_factory=dict)
    matches: list[ParsedMatch] = field(default_factory=list)
    standings: list[ParsedStanding] = field(default_factory=list)
    judges: list[str] = field(default_factory=list)
    decklists: list[ParsedDecklist] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    def player(self, player_id: str, name: str = "") -> ParsedPlayer:
        """The player with ``player_id`` (added if new); a name fills an empty one. An ID or a
        name longer than a player profile stores is refused (ImportFileError)."""
        if len(player_id) > MAX_PLAYER_ID or len(name) > MAX_PLAYER_NAME:
            what = "player ID" if len(player_id) > MAX_PLAYER_ID else "player name"
            limit = MAX_PLAYER_ID if what == "player ID" else MAX_PLAYER_NAME
            raise ImportFileError(
                _("a %(what)s is longer than %(limit)s characters") % {"what": what, "limit": limit},
                file=", ".join(self.files),
            )
        p = self.players.get(player_id)
        if p is None:
            p = self.players[player_id] = ParsedPlayer(player_id, name)
        elif name and not p.name:
            p.name = name
        return p

    def merge(self, other: ParsedEvent) -> None:
        """Add what ``other`` (another file of the same event) read."""
        if other.source != self.source:
            raise ImportFileError(
                _("%(files)s are from %(source)s, the other files from %(source2)s")
                % {"files": other.files, "source": other.source, "source2": self.source}
            )
        for attr in ("source_id", "name", "format", "status", "swiss_rounds", "cut_size", "games_per_match"):
            if not getattr(self, attr) and getattr(other, attr):
                setattr(self, attr, getattr(other, attr))
        for pid, p in other.players.items():
            mine = self.player(pid, p.name)
            mine.hero = mine.hero or p.hero
            mine.country = mine.country or p.country
            if p.dropped_in_round is not None:
                mine.dropped_in_round = p.dropped_in_round
        self.matches.extend(other.matches)
        self.standings.extend(other.standings)
        self.judges.extend(j for j in other.judges if j not in self.judges)
        self.decklists.extend(other.decklists)
        self.notes.extend(other.notes)
        self.files.extend(other.files)


# --------------------------------------------------------------------------- shared helpers


def normalise_label(label: str) -> str:
    """A header label reduced to lower-case ASCII letters and digits ("Spieler 1-ID" -> "spieler1id")."""
    text = unicodedata.normalize("NFKD", label or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9]", "", text)


def decode(data: bytes | str, *, file: str = "") -> str:
    """Bytes as text: UTF-8 (with or without a byte-order mark), else UTF-16 with a mark, else
    Windows-1252 (what a spreadsheet saves on a European Windows machine)."""
    if isinstance(data, str):
        text = data
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    text = text.lstrip("\ufeff")
    if len(text) > MAX_FILE_CHARS:
        raise ImportFileError(
            _("the file is %(count)s characters long; at most %(max_file_chars)s")
            % {"count": format(len(text), ","), "max_file_chars": format(MAX_FILE_CHARS, ",")},
            file=file,
        )
    if "\x00" in text:
        raise ImportFileError(
            _("the file is binary, not text"), file=file, line=text[: text.index("\x00")].count("\n") + 1
        )
    return text


def _int(value: str, *, what: str, file: str, line: int, allow_empty: bool = False) -> int | None:
    value = (value or "").strip()
    if not value and allow_empty:
        return None
    # ASCII digits, at most nine: "١٢" or a 5,000-digit number is not a round, table or rank.
    digits = re.fullmatch(r"[#A-Za-z .]*?([0-9]{1,9})\.?", value, re.ASCII)
    if not digits:
        raise ImportFileError(
            _("%(what)s %(value)s is not a whole number") % {"what": what, "value": repr(value)},
            file=file,
            line=line,
        )
    return int(digits.group(1))


def _number(value: str) -> float | None:
    value = (value or "").strip().rstrip("%").replace(",", ".")
    try:
        return float(value)
    except ValueError:
        return None


def split_last_first(name: str) -> str:
    """GEM's "Last, First" as "First Last"; any other name unchanged."""
    name = " ".join((name or "").split())
    if name.count(",") == 1:
        last, first = (p.strip() for p in name.split(","))
        if last and first:
            return f"{first} {last}"
    return name


def _is_bye_name(name: str) -> bool:
    return normalise_label(name) in _BYE_WORDS


def gem_result(value: str) -> str | None:
    """A result cell as an Arbiter result ("" = not played yet); None when it cannot be read."""
    raw = (value or "").strip()
    if not raw or raw in {"-", "–", "—"}:
        return ""
    code = raw.upper().replace(" ", "").replace("_", "")
    if code in GEM_RESULT_CODES:
        return GEM_RESULT_CODES[code]
    return _TEXT_RESULTS.get(normalise_label(raw))
