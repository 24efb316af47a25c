"""Readers of what GEM and Omnidex let an organizer download, save or copy (plain Python, no Django).

Neither system documents these shapes; they are what community tools that read them observed
(see docs/mirror.md). Every reader therefore:

- finds columns by their header label, in any order, in several interface languages, and says
  which columns it did not read (``ParsedEvent.notes``);
- raises ``ImportFileError`` naming the file and the line for what it cannot make sense of
  (a round that is not a number, a match without players, a file of no known shape);
- returns plain dataclasses; the import service (``mirror.services``) turns them into an event.

Result codes inside Arbiter follow ``tournament.enums.MatchResult``: ``a``, ``b``, ``draw``,
``double_loss``, ``bye`` and ``""`` (not played yet). GEM's own codes are 1WIN, 2WIN, DRAW and
LOSSALL (``GEM_RESULT_CODES``).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

from core.parsing import BadJSON, load_json

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
            raise ImportFileError(f"a {what} is longer than {limit} characters", file=", ".join(self.files))
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
                f"{other.files} are from {other.source}, the other files from {self.source}"
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
            f"the file is {len(text):,} characters long; at most {MAX_FILE_CHARS:,}", file=file
        )
    if "\x00" in text:
        raise ImportFileError(
            "the file is binary, not text", file=file, line=text[: text.index("\x00")].count("\n") + 1
        )
    return text


def _int(value: str, *, what: str, file: str, line: int, allow_empty: bool = False) -> int | None:
    value = (value or "").strip()
    if not value and allow_empty:
        return None
    # ASCII digits, at most nine: "١٢" or a 5,000-digit number is not a round, table or rank.
    digits = re.fullmatch(r"[#A-Za-z .]*?([0-9]{1,9})\.?", value, re.ASCII)
    if not digits:
        raise ImportFileError(f"{what} {value!r} is not a whole number", file=file, line=line)
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


# --------------------------------------------------------------------------- GEM CSV downloads

# Canonical column -> header labels (normalised) seen in GEM's interface languages.
# fmt: off
COLUMN_ALIASES: dict[str, set[str]] = {
    "round": {
        "manche", "rnd", "rodada", "ronda", "ronde", "round", "runde", "turno"
    },
    "table": {
        "mesa", "table", "tableno", "tablenumber", "tafel", "tavolo", "tisch"
    },
    "p1_name": {
        "giocatore1", "jogador1", "joueur1", "jugador1", "p1", "p1name", "player1", "player1name", "speler1",
        "spieler1", "spieler1name"
    },
    "p1_id": {
        "gemid1", "giocatore1id", "id1", "idjoueur1", "jogador1id", "joueur1id", "jugador1id", "p1id",
        "player1gemid", "player1id", "player1playerid", "speler1id", "spieler1id"
    },
    "p2_name": {
        "giocatore2", "jogador2", "joueur2", "jugador2", "p2", "p2name", "player2", "player2name", "speler2",
        "spieler2", "spieler2name"
    },
    "p2_id": {
        "gemid2", "giocatore2id", "id2", "idjoueur2", "jogador2id", "joueur2id", "jugador2id", "p2id",
        "player2gemid", "player2id", "player2playerid", "speler2id", "spieler2id"
    },
    "result": {
        "ergebnis", "outcome", "result", "resultado", "resultat", "results", "risultato", "uitslag"
    },
    "rank": {
        "classement", "plaats", "place", "platz", "platzierung", "pos", "posicao", "posicion", "position",
        "posizione", "rang", "rank", "ranking"
    },
    "name": {
        "giocatore", "jogador", "joueur", "jugador", "naam", "name", "nom", "nombre", "nome", "player",
        "playername", "speler", "spieler", "spielername"
    },
    "player_id": {
        "gemid", "gemplayerid", "giocatoreid", "id", "idgiocatore", "idjoueur", "idjugador", "jogadorid",
        "joueurid", "jugadorid", "playerid", "spelerid", "spielerid"
    },
    "wins": {
        "matchwins", "overwinningen", "sieg", "siege", "victoires", "victorias", "vitorias", "vittorie", "w",
        "win", "wins"
    },
    "points": {
        "matchpoints", "points", "pontos", "punkte", "punten", "punti", "puntos"
    },
    "country": {
        "country", "countryorregion", "countryregion", "land", "landoderregion", "landregion", "paese", "pais",
        "paisoregion", "paisregion", "pays", "paysouregion", "paysregion", "region", "regione"
    },
    "hero": {
        "eroe", "held", "helden", "hero", "heroe", "heroes", "heroi", "heros"
    },
    "dropped": {
        "abandon", "abgemeldet", "ausgeschieden", "drop", "dropped", "drops", "retirado", "status"
    },
}
# fmt: on
_LABEL_TO_COLUMN = {label: column for column, labels in COLUMN_ALIASES.items() for label in labels}

KIND_COLUMNS: dict[str, tuple[str, ...]] = {
    "pairings": ("round", "p1_id", "p2_id"),
    "standings": ("rank", "player_id"),
    "heroes": ("player_id", "hero"),
}


@dataclass
class CsvTable:
    file: str
    columns: dict[str, int]  # canonical column -> index
    header: list[str]
    rows: list[tuple[int, list[str]]]  # (line number, cells)
    unread: list[str]


def read_csv(text: str, *, file: str = "") -> CsvTable:
    """The rows of a CSV (comma, semicolon or tab separated) with its columns found by label."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ImportFileError("the file is empty", file=file)
    sample = lines[first]
    delimiter = max((",", ";", "\t"), key=lambda d: sample.count(d))
    if sample.count(delimiter) == 0:
        raise ImportFileError(
            f"this is not a CSV with a header row (no comma, semicolon or tab in {sample[:60]!r})",
            file=file,
            line=first + 1,
        )
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, list[str]]] = []
    header: list[str] | None = None
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if header is None:
                header = [c.strip() for c in cells]
                continue
            rows.append((line, [c.strip() for c in cells]))
    except csv.Error as exc:
        raise ImportFileError(f"unreadable CSV: {exc}", file=file, line=reader.line_num) from exc
    assert header is not None
    columns: dict[str, int] = {}
    unread: list[str] = []
    for index, label in enumerate(header):
        column = _LABEL_TO_COLUMN.get(normalise_label(label))
        if column is None or column in columns:
            if label:
                unread.append(label)
            continue
        columns[column] = index
    return CsvTable(file, columns, header, rows, unread)


def gem_csv_kind(table: CsvTable) -> str:
    """``pairings``, ``standings`` or ``heroes``; ImportFileError (line 1) for anything else."""
    for kind, needed in KIND_COLUMNS.items():
        if all(c in table.columns for c in needed):
            return kind
    raise ImportFileError(
        "not a GEM pairings, standings or heroes file: no known set of columns in the header "
        f"({', '.join(table.header) or 'empty'}); pairings need round, player 1 ID and player 2 ID, "
        "standings need rank and player ID, heroes need player ID and hero",
        file=table.file,
        line=1,
    )


def _cell(cells: list[str], table: CsvTable, column: str) -> str:
    index = table.columns.get(column)
    if index is None or index >= len(cells):
        return ""
    return cells[index].strip()


def _unread_note(table: CsvTable, kind: str) -> list[str]:
    if not table.unread:
        return []
    return [f"{table.file}: {kind} columns not read: {', '.join(table.unread)}"]


def parse_gem_pairings_csv(text: str, *, file: str = "pairings.csv") -> ParsedEvent:
    """GEM's coverage pairings CSV: every round in one file (round, table, both players and IDs, result)."""
    table = read_csv(decode(text, file=file), file=file)
    if gem_csv_kind(table) != "pairings":
        raise ImportFileError(
            "this is not a pairings file (no round and player ID columns)", file=file, line=1
        )
    out = ParsedEvent(source=GEM, files=[file], notes=_unread_note(table, "pairings"))
    for line, cells in table.rows:
        number = _int(_cell(cells, table, "round"), what="round", file=file, line=line)
        assert number is not None
        table_no = _int(_cell(cells, table, "table"), what="table", file=file, line=line, allow_empty=True)
        a_id, a_name = _cell(cells, table, "p1_id"), _cell(cells, table, "p1_name")
        b_id, b_name = _cell(cells, table, "p2_id"), _cell(cells, table, "p2_name")
        raw = _cell(cells, table, "result")
        result = gem_result(raw)
        if not a_id and b_id and not _is_bye_name(b_name):
            a_id, a_name, b_id, b_name = b_id, b_name, a_id, a_name
        if not a_id:
            raise ImportFileError("the row has no player 1 ID", file=file, line=line)
        bye = not b_id or _is_bye_name(b_name) or _is_bye_name(b_id) or result == "bye"
        if result is None:
            out.notes.append(f"{file} line {line}: result {raw!r} not read; the match is kept as not played")
            result = ""
        out.player(a_id, split_last_first(a_name))
        if bye:
            out.matches.append(ParsedMatch(number, None, a_id, None, "bye", a_name=a_name, line=line))
            continue
        out.player(b_id, split_last_first(b_name))
        if table_no == 0:
            table_no = None
        out.matches.append(ParsedMatch(number, table_no, a_id, b_id, result, a_name, b_name, line=line))
    return out


def round_from_filename(file: str) -> int | None:
    """The round number a standings file's name carries ("standings-round-3.csv", "Runde 4", "r2")."""
    name = file.rsplit("/", 1)[-1].lower()
    match = re.search(r"(?:round|runde|ronda|rnd|r)[ _-]*(\d{1,2})(?!\d)", name)
    return int(match.group(1)) if match else None


def _dropped_cell(value: str) -> bool:
    word = normalise_label(value)
    return word in {
        "yes",
        "ja",
        "si",
        "oui",
        "x",
        "true",
        "1",
        "dropped",
        "drop",
        "ausgeschieden",
        "abgemeldet",
        "retirado",
        "abandon",
    }


def parse_gem_standings_csv(
    text: str, *, file: str = "standings.csv", round_number: int | None = None
) -> ParsedEvent:
    """GEM's standings CSV of one finished round: rank, name, player ID, wins (and more, not read).

    The round comes from a round column, else ``round_number``, else the file name; None when
    none says (the import service then takes the last round with results and notes it).
    """
    table = read_csv(decode(text, file=file), file=file)
    if gem_csv_kind(table) == "pairings" or "rank" not in table.columns:
        raise ImportFileError(
            "this is not a standings file (no rank and player ID columns)", file=file, line=1
        )
    out = ParsedEvent(source=GEM, files=[file], notes=_unread_note(table, "standings"))
    number = round_number or round_from_filename(file)
    for line, cells in table.rows:
        pid = _cell(cells, table, "player_id")
        if not pid:
            raise ImportFileError("the row has no player ID", file=file, line=line)
        rank = _int(_cell(cells, table, "rank"), what="rank", file=file, line=line)
        assert rank is not None
        row_round = _int(_cell(cells, table, "round"), what="round", file=file, line=line, allow_empty=True)
        wins = _int(_cell(cells, table, "wins"), what="wins", file=file, line=line, allow_empty=True)
        name = split_last_first(_cell(cells, table, "name"))
        dropped = _dropped_cell(_cell(cells, table, "dropped"))
        out.player(pid, name)
        out.standings.append(
            ParsedStanding(
                row_round or number,
                rank,
                pid,
                name,
                wins=wins,
                points=_number(_cell(cells, table, "points")),
                dropped=dropped,
            )
        )
    return out


def parse_gem_heroes_csv(text: str, *, file: str = "heroes.csv") -> ParsedEvent:
    """GEM's heroes CSV: player name, player ID, country or region, hero (labels in the UI's language)."""
    table = read_csv(decode(text, file=file), file=file)
    if gem_csv_kind(table) != "heroes":
        raise ImportFileError("this is not a heroes file (no player ID and hero columns)", file=file, line=1)
    out = ParsedEvent(source=GEM, files=[file], notes=_unread_note(table, "heroes"))
    for line, cells in table.rows:
        pid = _cell(cells, table, "player_id")
        if not pid:
            raise ImportFileError("the row has no player ID", file=file, line=line)
        p = out.player(pid, split_last_first(_cell(cells, table, "name")))
        p.hero = _cell(cells, table, "hero")
        p.country = _cell(cells, table, "country")
    return out


def parse_gem_csv(text: str, *, file: str, round_number: int | None = None) -> ParsedEvent:
    """Any of GEM's three CSV downloads, told apart by their columns."""
    text = decode(text, file=file)
    kind = gem_csv_kind(read_csv(text, file=file))
    if kind == "pairings":
        return parse_gem_pairings_csv(text, file=file)
    if kind == "standings":
        return parse_gem_standings_csv(text, file=file, round_number=round_number)
    return parse_gem_heroes_csv(text, file=file)


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
                    "a match row comes before any 'Round N' heading", file=file, line=line_no
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
                f"a row with a player ID that is neither a player nor a match row: {line[:80]!r}",
                file=file,
                line=line_no,
            )
        unread.append((line_no, line))
    if not out.players:
        raise ImportFileError(
            "no players and no match rows found: expected lines such as 'Doe, Jane (12345678) Hero' "
            "or 'Round 1' followed by '3  Doe, Jane (123)  Roe, Rick (456)  1WIN'",
            file=file,
            line=lines[0][0] if lines else 1,
        )
    if unread:
        first_line, first_text = unread[0]
        out.notes.append(
            f"{file}: {len(unread)} line(s) not read (first: line {first_line} {first_text[:60]!r})"
        )
    return out


# --------------------------------------------------------------------------- Omnidex

OMNIDEX_API = "https://api.gatcg.com/omnidex/events/"
OMNIDEX_HOSTS = {"omni.gatcg.com", "www.omni.gatcg.com", "api.gatcg.com", "omnidex.gatcg.com"}
_OMNIDEX_FORMATS = {"standard": "ga-standard", "draft": "ga-draft", "team-standard-3v3": "ga-standard"}


def omnidex_event_id(ref: str) -> str:
    """The event id in an Omnidex event URL (site or API) or a bare id; ValueError otherwise."""
    ref = (ref or "").strip()
    if re.fullmatch(r"\d{1,12}", ref):
        return ref
    url = ref if "://" in ref else "https://" + ref
    parts = urlsplit(url)
    if parts.hostname not in OMNIDEX_HOSTS:
        raise ValueError(
            f"{ref!r} is not an Omnidex address (omni.gatcg.com or api.gatcg.com) or an event id"
        )
    match = re.search(r"/events?/(\d{1,12})(?:[-/?#]|$)", parts.path + ("?" if parts.query else ""))
    if match is None:
        raise ValueError(f"{ref!r} names no event: expected .../events/<number>")
    return match.group(1)


def omnidex_api_url(ref: str) -> str:
    """The public API address of the event an Omnidex URL or id names."""
    return OMNIDEX_API + omnidex_event_id(ref)


def fetch_omnidex(ref: str, get_json: Callable[[str], Any] | None = None, *, max_rounds: int = 30) -> dict:
    """Everything the public API says about an event, as the bundle ``parse_omnidex`` reads.

    ``get_json(url)`` returns decoded JSON or raises; by default an HTTP GET (httpx, 20 s
    timeout). Players, judges, standings and decklists are optional: a failure is noted.
    Pairings are read stage by stage and round by round until a round is not there.
    """
    get = get_json or _http_get_json
    base = omnidex_api_url(ref)
    bundle: dict[str, Any] = {"event": get(base), "notes": []}
    for part in ("players", "judges", "standings", "decklists"):
        try:
            bundle[part] = get(f"{base}/{part}")
        except Exception as exc:  # noqa: BLE001 - the outside world: say what failed and go on
            bundle["notes"].append(f"{part} not read from Omnidex: {exc}")
    event = bundle["event"] if isinstance(bundle["event"], dict) else {}
    bundle["pairings"] = []
    for stage in event.get("stages") or []:
        stage_id = stage.get("id") if isinstance(stage, dict) else stage
        for number in range(1, max_rounds + 1):
            try:
                page = get(f"{base}/pairings?stage={stage_id}&round={number}")
            except Exception:  # noqa: BLE001 - no such round: this stage is read
                break
            if not isinstance(page, dict) or not page.get("pairings"):
                break
            page.setdefault("stage", stage_id)
            page.setdefault("roundNumber", number)
            bundle["pairings"].append(page)
    return bundle


def _http_get_json(url: str) -> Any:
    # httpx is a dependency already; imported here so the pure readers load without it.
    import httpx

    try:
        response = httpx.get(
            url,
            timeout=20.0,
            follow_redirects=True,
            headers={"Accept": "application/json", "User-Agent": "Arbiter"},
        )
        response.raise_for_status()
        return response.json()
    except (httpx.HTTPError, ValueError) as exc:
        raise ImportFileError(f"Omnidex did not answer {url}: {exc}") from exc


def _omni_id(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("id", value.get("playerId", value.get("userId")))
    return "" if value is None else str(value)


def _list(value: Any, *keys: str) -> list:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in keys:
            if isinstance(value.get(key), list):
                return value[key]
    return []


def _pct(value: Any) -> float | None:
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return round(number / 100 if number > 1 else number, 6)


def _cards(rows: Any, path: str, notes: list[str]) -> list[tuple[int, str]]:
    out = []
    for i, row in enumerate(rows or []):
        if isinstance(row, dict):
            card = row.get("card")
            name = card.get("name") if isinstance(card, dict) else card
            name = name or row.get("name")
            qty = row.get("quantity", row.get("qty", 1))
        else:
            name, qty = None, None
        if not name or not isinstance(qty, int):
            notes.append(f"{path}[{i}] not read (expected a card and a quantity)")
            continue
        out.append((qty, str(name)))
    return out


def parse_omnidex(data: bytes | str | dict, *, file: str = "omnidex.json") -> ParsedEvent:
    """An Omnidex event: the bundle ``fetch_omnidex`` builds (or saved as JSON): ``event``,
    ``players``, ``judges``, ``standings``, ``pairings`` (one page per stage and round) and
    ``decklists``. The bare event object alone is read too (then only its name and structure).
    """
    if isinstance(data, dict):
        bundle = data
    else:
        text = decode(data, file=file)
        try:
            bundle = load_json(text)
        except BadJSON as exc:
            raise ImportFileError(exc.message, file=file, line=exc.line) from exc
    if not isinstance(bundle, dict):
        raise ImportFileError("an Omnidex export is a JSON object", file=file, line=1)
    event = bundle.get("event", bundle)
    if not isinstance(event, dict) or "id" not in event:
        raise ImportFileError("no Omnidex event (an object with an id) in this file", file=file, line=1)
    out = ParsedEvent(
        source=OMNIDEX,
        source_id=str(event["id"]),
        name=str(event.get("name") or f"Omnidex event {event['id']}"),
        format=_OMNIDEX_FORMATS.get(str(event.get("format") or ""), ""),
        status=str(event.get("status") or ""),
        files=[file],
        notes=[str(n) for n in bundle.get("notes") or []],
    )
    if event.get("format") and not out.format:
        out.notes.append(f"format {event.get('format')!r} not known; the event is Grand Archive Standard")
    swiss = event.get("swissRounds")
    out.swiss_rounds = swiss if isinstance(swiss, int) and swiss > 0 else None
    match_config = str(event.get("swissMatchConfig") or "").lower()
    out.games_per_match = {"bo1": 1, "bo3": 2, "bo5": 3}.get(match_config)
    cut = event.get("singleEliminationCutSize")
    out.cut_size = cut if isinstance(cut, int) and cut >= 0 else None
    for i, row in enumerate(_list(bundle.get("players"), "players", "data")):
        pid = _omni_id(row)
        if not pid or not isinstance(row, dict):
            out.notes.append(f"players[{i}] not read (no id)")
            continue
        p = out.player(pid, str(row.get("username") or row.get("name") or ""))
        p.country = str(row.get("country") or "")
    for row in _list(bundle.get("judges"), "judges", "data"):
        if isinstance(row, dict) and (row.get("username") or row.get("id")):
            out.judges.append(str(row.get("username") or row.get("id")))
    stage_types = {
        _omni_id(s): str(s.get("type") or "swiss") for s in event.get("stages") or [] if isinstance(s, dict)
    }
    swiss_offset = out.swiss_rounds or 0
    for page_no, page in enumerate(_list(bundle.get("pairings"), "pairings")):
        path = f"pairings[{page_no}]"
        if not isinstance(page, dict):
            raise ImportFileError(f"{path} is not an object", file=file)
        stage_type = stage_types.get(_omni_id(page.get("stage")), "swiss")
        rnd = page.get("round")
        number = page.get("roundNumber")
        if isinstance(rnd, dict):
            number = number or rnd.get("number") or rnd.get("round")
        elif isinstance(rnd, int):
            number = rnd
        if not isinstance(number, int) or number < 1:
            raise ImportFileError(f"{path} has no round number", file=file)
        top_cut = stage_type != "swiss"
        if top_cut:
            if not swiss_offset:
                swiss_offset = max((m.round for m in out.matches if m.stage == "swiss"), default=0)
            number += swiss_offset
        for i, item in enumerate(_list(page, "pairings")):
            out.matches.append(_omnidex_match(item, number, top_cut, f"{path}.pairings[{i}]", file, out))
    standings = bundle.get("standings")
    latest = None
    if isinstance(standings, dict) and isinstance(standings.get("rounds"), dict):
        latest = standings["rounds"].get("latest")
    for i, row in enumerate(_list(standings, "standings")):
        if not isinstance(row, dict):
            out.notes.append(f"standings[{i}] not read")
            continue
        pid = _omni_id(row.get("player")) or str(
            row.get("playerId") or row.get("userId") or row.get("id") or ""
        )
        if not pid:
            out.notes.append(f"standings[{i}] not read (no player)")
            continue
        name = row.get("player", {}).get("username", "") if isinstance(row.get("player"), dict) else ""
        out.player(pid, str(name or row.get("username") or ""))
        wins = row.get("statsWins")
        score = row.get("statsScore")
        dropped = row.get("statsDroppedRound")
        if isinstance(dropped, int) and dropped > 0:
            out.player(pid).dropped_in_round = dropped
        out.standings.append(
            ParsedStanding(
                latest if isinstance(latest, int) else None,
                i + 1,
                pid,
                str(name or ""),
                wins=wins if isinstance(wins, int) else None,
                points=float(score) if isinstance(score, (int, float)) else None,
                omw=_pct(row.get("statsPercentOMW")),
                gw=_pct(row.get("statsPercentGW")),
                ogw=_pct(row.get("statsPercentOGW")),
                dropped=isinstance(dropped, int) and dropped > 0,
            )
        )
    for i, row in enumerate(_list(bundle.get("decklists"), "decklists", "data")):
        if not isinstance(row, dict):
            continue
        pid = _omni_id(row.get("player")) or str(row.get("playerId") or "")
        if not pid:
            out.notes.append(f"decklists[{i}] not read (no player)")
            continue
        if row.get("isDecklistPublic") is False or row.get("public") is False:
            continue
        deck: dict = row["decklist"] if isinstance(row.get("decklist"), dict) else row
        out.decklists.append(
            ParsedDecklist(
                pid,
                _cards(deck.get("material"), f"decklists[{i}].material", out.notes),
                _cards(deck.get("main"), f"decklists[{i}].main", out.notes),
                _cards(deck.get("sideboard"), f"decklists[{i}].sideboard", out.notes),
            )
        )
    return out


def _omnidex_match(
    item: Any, number: int, top_cut: bool, path: str, file: str, out: ParsedEvent
) -> ParsedMatch:
    if not isinstance(item, dict):
        raise ImportFileError(f"{path} is not an object", file=file)
    sides = [s for s in item.get("pairing") or [] if isinstance(s, dict)]
    if not sides or not _omni_id(sides[0]):
        raise ImportFileError(f"{path} has no players", file=file)
    label = str(item.get("label") or item.get("table") or "")
    digits = re.search(r"[0-9]{1,9}", label)
    table = int(digits.group()) if digits else None
    stage = "top_cut" if top_cut else "swiss"
    a = sides[0]
    a_id = _omni_id(a)
    out.player(a_id)
    if a.get("dropped") is True and out.players[a_id].dropped_in_round is None:
        out.players[a_id].dropped_in_round = number
    if len(sides) == 1 or item.get("status") == "byed" or a.get("status") == "byed":
        return ParsedMatch(number, None, a_id, None, "bye", stage=stage)
    b = sides[1]
    b_id = _omni_id(b)
    out.player(b_id)
    if b.get("dropped") is True and out.players[b_id].dropped_in_round is None:
        out.players[b_id].dropped_in_round = number
    statuses = (str(a.get("status")), str(b.get("status")))
    result = {
        ("winner", "loser"): "a",
        ("loser", "winner"): "b",
        ("tied", "tied"): "draw",
        ("loser", "loser"): "double_loss",
    }.get(statuses, "")
    if not result and item.get("status") == "complete":
        out.notes.append(f"{path}: sides {statuses} not read; the match is kept as not played")
    score_a, score_b = a.get("score"), b.get("score")
    return ParsedMatch(
        number,
        table,
        a_id,
        b_id,
        result,
        stage=stage,
        games_a=score_a if isinstance(score_a, int) else None,
        games_b=score_b if isinstance(score_b, int) else None,
    )


# --------------------------------------------------------------------------- one call for any file


def parse_files(
    files: Iterable[tuple[str, bytes | str]], *, standings_round: int | None = None
) -> ParsedEvent:
    """The files of one event (any mix of GEM CSVs and pages, or one Omnidex JSON) read together."""
    merged: ParsedEvent | None = None
    for name, data in files:
        text = decode(data, file=name)
        stripped = text.lstrip()
        if name.lower().endswith(".json") or stripped.startswith(("{", "[")):
            parsed = parse_omnidex(text, file=name)
        elif name.lower().endswith((".html", ".htm")) or looks_like_html(text) or not _csv_like(text):
            parsed = parse_gem_page(text, file=name)
        elif name.lower().endswith(".csv"):
            parsed = parse_gem_csv(text, file=name, round_number=standings_round)
        else:
            # A text file or pasted text with separators: a CSV if its header is one of GEM's,
            # else a copied page (whose table rows are tab-separated too).
            try:
                gem_csv_kind(read_csv(text, file=name))
            except ImportFileError:
                parsed = parse_gem_page(text, file=name)
            else:
                parsed = parse_gem_csv(text, file=name, round_number=standings_round)
        if merged is None:
            merged = parsed
        else:
            merged.merge(parsed)
    if merged is None:
        raise ImportFileError("no file given")
    return merged


def _csv_like(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first.count(",") + first.count(";") + first.count("\t") >= 2 and "(" not in first
