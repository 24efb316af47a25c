"""The readers of GEM's and Omnidex's shapes (plain Python, no database)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mirror import parsers
from tests.mirror.conftest import FIXTURES, fixture


def read(*names: str) -> parsers.ParsedEvent:
    return parsers.parse_files([fixture(n) for n in names])


def test_pairings_csv_reads_every_round_with_utf8_names_byes_and_results():
    parsed = read("gem_pairings_r2.csv")

    rows = [(m.round, m.table, m.a_id, m.b_id, m.result) for m in parsed.matches]
    assert rows[:5] == [
        (1, 1, "10000001", "10000002", "a"),
        (1, 2, "10000003", "10000004", "b"),
        (1, 3, "10000005", "10000006", "draw"),
        (1, 4, "10000007", "10000008", "a"),
        (1, None, "10000009", None, "bye"),
    ]
    assert rows[8] == (2, 4, "10000006", "10000003", "double_loss")
    assert parsed.players["10000004"].name == "Łukasz Wójcik"
    assert parsed.players["10000009"].name == "Nguyễn Văn An"
    assert parsed.notes == ["gem_pairings_r2.csv: pairings columns not read: Reported At"]


def test_german_heroes_csv_reads_quoted_hero_names_with_commas():
    parsed = read("heroes_de.csv")

    assert parsed.players["10000001"].hero == "Kano, Dracai of Aether"
    assert parsed.players["10000003"].hero == "Dorinthea Ironsong"
    assert parsed.players["10000008"].country == "Deutschland"
    assert parsed.notes == ["heroes_de.csv: heroes columns not read: Deckliste"]


def test_standings_csv_takes_its_round_from_the_file_name_and_reads_drops():
    parsed = read("standings-round-2.csv")

    assert {s.round for s in parsed.standings} == {2}
    assert [(s.rank, s.player_id, s.wins) for s in parsed.standings[:2]] == [
        (1, "10000001", 2),
        (2, "10000007", 2),
    ]
    assert [s.player_id for s in parsed.standings if s.dropped] == ["10000006"]


def test_pasted_gem_page_reads_players_heroes_rounds_byes_and_a_drop():
    parsed = read("gem_page.txt")

    assert parsed.players["10000001"].name == "Åsa Lindqvist"
    assert parsed.players["10000004"].hero == "Briar, Warden of Thorns"
    assert parsed.players["10000006"].dropped_in_round == 2
    assert [(m.round, m.table, m.result) for m in parsed.matches if m.round == 2] == [
        (2, 1, "a"),
        (2, 2, "b"),
        (2, 3, "a"),
        (2, 4, "double_loss"),
        (2, None, "bye"),
    ]
    assert parsed.notes == ["gem_page.txt: 2 line(s) not read (first: line 1 'Armory Night – Players')"]


def test_saved_gem_html_page_reads_table_rows_and_skips_scripts():
    parsed = read("gem_page.html")

    assert [(m.round, m.table, m.a_id, m.b_id, m.result) for m in parsed.matches] == [
        (1, 1, "10000001", "10000002", "a"),
        (1, 2, "10000003", "10000004", "b"),
        (1, None, "10000005", None, "bye"),
    ]
    assert parsed.players["10000002"].hero == "Bravo, Showstopper"
    assert parsed.name == "Armory Night · Turnierverwaltung"


def test_omnidex_bundle_reads_event_players_results_standings_and_public_decklists():
    parsed = read("omnidex_event_4242.json")

    assert (parsed.source, parsed.source_id, parsed.format, parsed.swiss_rounds, parsed.cut_size) == (
        "omnidex",
        "4242",
        "ga-standard",
        3,
        4,
    )
    assert [(m.round, m.table, m.a_id, m.b_id, m.result, m.games_a, m.games_b) for m in parsed.matches] == [
        (1, 1, "501", "502", "a", 2, 1),
        (1, 2, "503", "504", "draw", 1, 1),
        (1, None, "505", None, "bye", None, None),
        (2, 1, "501", "505", "b", 0, 2),
        (2, 2, "502", "503", "a", 2, 1),
        (2, None, "504", None, "bye", None, None),
    ]
    assert parsed.players["502"].name == "Ælfric"
    assert parsed.players["504"].dropped_in_round == 2
    assert [(s.rank, s.player_id, s.points, s.omw) for s in parsed.standings[:2]] == [
        (1, "505", 6.0, 0.5),
        (2, "504", 4.0, 0.333),
    ]
    assert [d.player_id for d in parsed.decklists] == ["501"]  # 502's list is not public
    assert (
        parsed.decklists[0]
        .as_text()
        .startswith("Material deck\n1 Spirit of Fire\n1 Lorraine, Wandering Warrior\n")
    )
    assert parsed.judges == ["judge_kaede"]


@pytest.mark.parametrize(
    "ref",
    [
        "4242",
        "https://omni.gatcg.com/events/4242",
        "omni.gatcg.com/events/4242/standings",
        "https://omni.gatcg.com/events/4242-store-championship",
        "https://api.gatcg.com/omnidex/events/4242/pairings?stage=11&round=1",
    ],
)
def test_omnidex_addresses_map_to_the_event_api(ref):
    assert parsers.omnidex_api_url(ref) == "https://api.gatcg.com/omnidex/events/4242"


@pytest.mark.parametrize(
    "ref", ["https://example.com/events/4242", "https://omni.gatcg.com/decks/12", "four"]
)
def test_other_addresses_are_refused(ref):
    with pytest.raises(ValueError):
        parsers.omnidex_api_url(ref)


def test_fetch_reads_every_endpoint_and_the_pairings_round_by_round():
    answers = json.loads((FIXTURES / "omnidex_api_answers.json").read_text())
    asked = []

    def get(url):
        asked.append(url)
        if url not in answers:
            raise parsers.ImportFileError(f"404 {url}")
        return answers[url]

    bundle = parsers.fetch_omnidex("https://omni.gatcg.com/events/4242", get)
    parsed = parsers.parse_omnidex(bundle)

    assert len(parsed.matches) == 6
    assert "https://api.gatcg.com/omnidex/events/4242/pairings?stage=11&round=3" in asked
    assert "https://api.gatcg.com/omnidex/events/4242/pairings?stage=12&round=1" in asked
    saved = read("omnidex_event_4242.json")
    assert (parsed.matches, parsed.standings, parsed.decklists) == (
        saved.matches,
        saved.standings,
        saved.decklists,
    )


@pytest.mark.parametrize(
    "name, message",
    [
        ("bad_round.csv", "bad_round.csv, line 4: round 'two' is not a whole number"),
        ("unknown.csv", "unknown.csv, line 1: not a GEM pairings, standings or heroes file"),
        ("gem_page_bad.txt", "gem_page_bad.txt, line 3: a match row comes before any 'Round N' heading"),
    ],
)
def test_bad_files_are_refused_naming_the_line(name, message):
    with pytest.raises(parsers.ImportFileError) as error:
        read(name)

    assert str(error.value).startswith(message)


def test_broken_json_names_its_line():
    with pytest.raises(parsers.ImportFileError) as error:
        parsers.parse_files([("event.json", b'{\n "event": {"id": 1,\n }\n')])

    assert str(error.value).startswith("event.json, line 3: not valid JSON")


def test_pairings_row_without_player_id_names_the_line():
    text = "Round,Table,Player 1,Player 1 ID,Player 2,Player 2 ID,Result\n1,1,A,,B,,1WIN\n"
    with pytest.raises(parsers.ImportFileError) as error:
        parsers.parse_gem_pairings_csv(text, file="p.csv")

    assert str(error.value) == "p.csv, line 2: the row has no player 1 ID"


def test_unknown_result_is_reported_and_kept_unplayed():
    text = "Runde;Tisch;Spieler 1;Spieler 1 ID;Spieler 2;Spieler 2 ID;Ergebnis\n1;1;A;1;B;2;3WIN\n"
    parsed = parsers.parse_gem_pairings_csv(text, file="p.csv")

    assert parsed.matches[0].result == ""
    assert parsed.notes == ["p.csv line 2: result '3WIN' not read; the match is kept as not played"]


def test_german_standings_headers_are_read():
    text = "Platz;Name;Spieler-ID;Siege;Runde\n1;Jürgen Weiß;10000008;3;3\n2;Åsa Lindqvist;10000001;2;3\n"

    parsed = parsers.parse_gem_standings_csv(text, file="Rangliste.csv")

    assert [(s.round, s.rank, s.player_id, s.wins, s.name) for s in parsed.standings] == [
        (3, 1, "10000008", 3, "Jürgen Weiß"),
        (3, 2, "10000001", 2, "Åsa Lindqvist"),
    ]


_NAME = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Co", "Zl", "Zp")), min_size=1, max_size=30
).filter(lambda s: s.strip() and s.strip() == " ".join(s.split()) and "," not in s)
_HERO = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Co", "Zl", "Zp")), min_size=1, max_size=40
)


@given(
    rows=st.lists(
        st.tuples(_NAME, st.integers(1, 99_999_999), _HERO),
        min_size=1,
        max_size=8,
        unique_by=lambda r: r[1],
    )
)
def test_heroes_csv_written_by_a_spreadsheet_reads_back_every_name_id_and_hero(rows):
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(["Spielername", "Spieler-ID", "Land oder Region", "Held"])
    for name, pid, hero in rows:
        writer.writerow([name, str(pid), "", hero])

    parsed = parsers.parse_gem_heroes_csv(out.getvalue(), file="h.csv")

    assert {p.player_id: (p.name, p.hero) for p in parsed.players.values()} == {
        str(pid): (name.strip(), hero.strip()) for name, pid, hero in rows
    }


def test_a_csv_saved_as_text_and_a_page_copied_with_tabs_are_told_apart():
    csv_text = fixture("gem_pairings_r2.csv")[1]
    page = b"Table\tPlayer 1\tPlayer 2\tResult\nRound 1\n1\tDoe, Jane (11)\tRoe, Rick (22)\t2WIN\n"

    as_text = parsers.parse_files([("pairings.txt", csv_text)])
    pasted = parsers.parse_files([("pasted text", page)])

    assert len(as_text.matches) == 10
    assert [(m.round, m.table, m.a_id, m.b_id, m.result) for m in pasted.matches] == [(1, 1, "11", "22", "b")]
