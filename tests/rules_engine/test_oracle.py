"""The regression oracle: agreement counting, explained disagreements, and the command."""

from __future__ import annotations

import json
from datetime import date
from io import StringIO
from pathlib import Path

import pytest

from rules_engine.cards import CardDatabase
from rules_engine.importers.fabrary import parse_fabrary
from rules_engine.oracle import (
    card_legal_for_hero,
    card_legal_in_format,
    fabrary_hero_keys,
    load_reference_database,
    merge_living_legends,
    run_oracle,
)
from tests.conftest import shared_path

SAMPLE = Path(__file__).with_name("test_oracle_sample.json")
AS_OF = date(2025, 7, 1)


@pytest.fixture(scope="module")
def fabcube():
    return load_reference_database(str(shared_path("data", "fabcube").parent.parent))


@pytest.fixture(scope="module")
def sample(fabcube):
    result = parse_fabrary(SAMPLE)
    db = CardDatabase(result.cards, release=result.release)
    return merge_living_legends(db, fabcube)


def test_sample_agreement_counts(sample):
    report = run_oracle(
        sample,
        formats=("cc", "blitz"),
        as_of=AS_OF,
        hero_keys=fabrary_hero_keys(json.loads(SAMPLE.read_text())),
    )
    cc = report.formats["cc"]
    # 8 cards; fabrary lists ephemeral Fang Strike as CC-legal, CR 8.3.21a does not allow it.
    assert (cc.compared, cc.agree, cc.only_ours, cc.only_theirs) == (8, 7, [], ["Fang Strike"])
    blitz = report.formats["blitz"]
    # Rhinar: a living legend in Blitz per the-fab-cube's dated list (TR&P 7.3); fabrary still lists it.
    assert blitz.only_theirs == ["Fang Strike", "Rhinar"]
    assert report.heroes.only_ours == []
    assert report.lines()[1].startswith("cc       card x format: 7/8 agree (87.50%)")


def test_merge_living_legends_adds_dated_events(sample):
    chane = sample.get("Chane, Bound by Shadow")
    assert [(e.format, e.status, e.start) for e in chane.legality_history if e.status == "living_legend"] == [
        ("cc", "living_legend", date(2022, 6, 24))
    ]
    assert sample.release.startswith("fabrary-cards@3.8.6-test+living-legends:fabcube@")


def test_fabrary_hero_keys_reads_the_raw_hero_field():
    keys = fabrary_hero_keys(
        {
            "cards": [
                {"name": "Kayo, Strong-arm", "types": ["Hero"], "hero": "RKO"},
                {"name": "Snatch", "types": ["Action"]},
            ]
        }
    )
    assert keys == {"Kayo, Strong-arm": "RKO"}


@pytest.mark.parametrize(
    ("name", "pitch", "fmt", "expected"),
    [
        ("Snatch", 1, "cc", True),
        ("Fang Strike", None, "cc", False),  # ephemeral (CR 8.3.21a)
        ("Chane, Bound by Shadow", None, "cc", False),  # living legend (TR&P 7.1)
        ("Chane, Bound by Shadow", None, "ll", True),
    ],
)
def test_card_legal_in_format(fabcube, name, pitch, fmt, expected):
    host = fabcube.get("Dorinthea Ironsong")
    assert card_legal_in_format(fabcube.get(name, pitch), fmt, as_of=AS_OF, db=fabcube, host=host) is expected


@pytest.mark.parametrize(
    ("name", "pitch", "hero", "expected"),
    [
        ("Alpha Rampage", 1, "Rhinar", True),
        ("Alpha Rampage", 1, "Ser Boltyn, Breaker of Dawn", False),
        ("Banneret of Courage", 2, "Ser Boltyn, Breaker of Dawn", True),
    ],
)
def test_card_legal_for_hero(fabcube, name, pitch, hero, expected):
    assert (
        card_legal_for_hero(fabcube.get(name, pitch), fabcube.get(hero), as_of=AS_OF, db=fabcube) is expected
    )


def test_oracle_command_prints_agreement_per_format():
    from django.core.management import call_command

    out = StringIO()
    call_command(
        "legality_oracle",
        "--fabrary-json",
        str(SAMPLE),
        "--format",
        "cc",
        "--format",
        "ll",
        "--date",
        "2025-07-01",
        stdout=out,
        stderr=StringIO(),
    )
    text = out.getvalue()
    assert "cc       card x format: 7/8 agree (87.50%)" in text
    assert "ll       card x format: 7/8 agree (87.50%)" in text
    assert "cc: fabrary allows, we not: Fang Strike" in text
    assert "heroes   card x hero:" in text


def test_oracle_command_json_and_bad_input(tmp_path):
    from django.core.management import call_command

    shared_path("data", "fabcube")  # the living-legend lists decide Rhinar's line
    out = StringIO()
    call_command(
        "legality_oracle",
        "--fabrary-json",
        str(SAMPLE),
        "--format",
        "blitz",
        "--no-heroes",
        "--date",
        "2025-07-01",
        "--json",
        stdout=out,
    )
    data = json.loads(out.getvalue())
    assert data["formats"]["blitz"]["fabrary_allows_we_not"] == ["Fang Strike", "Rhinar"]
    assert data["heroes"] is None
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    err = StringIO()
    with pytest.raises(SystemExit) as exc:
        call_command("legality_oracle", "--fabrary-json", str(bad), stdout=StringIO(), stderr=err)
    assert exc.value.code == 2
    assert "cannot load fabrary card data" in err.getvalue() and "invalid or truncated JSON" in err.getvalue()
