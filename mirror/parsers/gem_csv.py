"""GEM's CSV downloads (pairings, standings, heroes), read by their header labels in any of
GEM's interface languages."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from ._common import (
    GEM,
    ImportFileError,
    ParsedEvent,
    ParsedMatch,
    ParsedStanding,
    _int,
    _is_bye_name,
    _number,
    decode,
    gem_result,
    normalise_label,
    split_last_first,
)

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
        raise ImportFileError(_("the file is empty"), file=file)
    sample = lines[first]
    delimiter = max((",", ";", "\t"), key=lambda d: sample.count(d))
    if sample.count(delimiter) == 0:
        raise ImportFileError(
            _("this is not a CSV with a header row (no comma, semicolon or tab in %(sample)s)")
            % {"sample": repr(sample[:60])},
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
        _(
            "not a GEM pairings, standings or heroes file: no known set of columns in the header (%(value)s); pairings need round, player 1 ID and player 2 ID, standings need rank and player ID, heroes need player ID and hero"
        )
        % {"value": ", ".join(table.header) or "empty"},
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
            _("this is not a pairings file (no round and player ID columns)"), file=file, line=1
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
            raise ImportFileError(_("the row has no player 1 ID"), file=file, line=line)
        bye = not b_id or _is_bye_name(b_name) or _is_bye_name(b_id) or result == "bye"
        if result is None:
            out.notes.append(
                _("%(file)s line %(line)s: result %(raw)s not read; the match is kept as not played")
                % {"file": file, "line": line, "raw": repr(raw)}
            )
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
            _("this is not a standings file (no rank and player ID columns)"), file=file, line=1
        )
    out = ParsedEvent(source=GEM, files=[file], notes=_unread_note(table, "standings"))
    number = round_number or round_from_filename(file)
    for line, cells in table.rows:
        pid = _cell(cells, table, "player_id")
        if not pid:
            raise ImportFileError(_("the row has no player ID"), file=file, line=line)
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
        raise ImportFileError(
            _("this is not a heroes file (no player ID and hero columns)"), file=file, line=1
        )
    out = ParsedEvent(source=GEM, files=[file], notes=_unread_note(table, "heroes"))
    for line, cells in table.rows:
        pid = _cell(cells, table, "player_id")
        if not pid:
            raise ImportFileError(_("the row has no player ID"), file=file, line=line)
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
