"""Card-data parsers on the real shared data and on broken input (pure Python, no database)."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings

from rules_engine.cards import CardDatabase
from rules_engine.importers import CardImportError, parse_fabcube, parse_fabrary, parse_grand_archive
from tests.conftest import shared_or_stand_in, shared_path

ROOT = Path(__file__).resolve().parents[2]
FABCUBE = Path(settings.SHARED_DIR) / "data" / "fabcube"
GA = Path(settings.SHARED_DIR) / "data" / "ga"
DUMP_SCRIPT = ROOT / "tools" / "fabrary" / "dump.mjs"
PACKAGE = ROOT / "tools" / "fabrary" / "node_modules" / "@flesh-and-blood" / "cards"


@pytest.fixture(scope="session")
def fabrary_dump(tmp_path_factory) -> Path:
    if not PACKAGE.is_dir() or shutil.which("node") is None:
        pytest.skip("npm package @flesh-and-blood/cards not installed (make card-package)")
    out = tmp_path_factory.mktemp("fabrary") / "fabrary.json"
    subprocess.run(["node", str(DUMP_SCRIPT), str(out)], check=True, capture_output=True, timeout=120)
    return out


@pytest.fixture(scope="session")
def fabcube_result():
    return parse_fabcube(shared_path("data", "fabcube"))


@pytest.fixture(scope="session")
def fabrary_result(fabrary_dump):
    return parse_fabrary(fabrary_dump)


# -- real data --------------------------------------------------------------


def test_fabrary_real_dump(fabrary_result):
    res = fabrary_result
    assert res.release == "fabrary-cards@3.8.6"
    assert len(res.cards) == 4682
    db = CardDatabase(res.cards, release=res.release)
    snatch = db.get("Snatch", 1)
    assert snatch.identifier == "snatch-red"
    assert snatch.is_deck_card
    assert {"cc", "blitz", "ll", "sage"} <= snatch.legal_formats
    kano = db.get("Kano")
    assert kano.young and kano.is_hero and kano.hero == "Kano"
    adult = db.get("Kano, Dracai of Aether")
    assert not adult.young
    # fabrary states a living legend as "banned in CC" without a date: it is recorded as a
    # living legend, in effect from the package's publication date (a bound), never before.
    assert res.published == date(2026, 5, 16)
    assert adult.statuses_on("cc", date(2026, 5, 16)) == {"living_legend"}
    assert adult.statuses_on("cc", date(2026, 5, 15)) == frozenset()
    (event,) = [e for e in adult.legality_history if e.format == "cc"]
    assert event.start_bound and event.source == "fabrary-cards@3.8.6"
    steel = db.get("Steelblade Supremacy", 1)
    assert steel.specializations == {"Dorinthea"}
    windup = db.get("Agile Windup", 1)
    assert windup.hybrid_class_sets == (frozenset({"Brute"}), frozenset({"Warrior"}))
    dawnblade = db.get("Dawnblade")
    assert {"Token", "Common"} <= dawnblade.rarities
    assert dawnblade.is_arena_card
    assert db.by_printing("WTR115") is dawnblade
    assert "Boltyn" in dawnblade.legal_heroes
    legendary = [c for c in res.cards if c.legendary]
    assert len(legendary) == 90


def test_fabcube_real_data(fabcube_result):
    res = fabcube_result
    assert res.source == "fabcube"
    assert res.version.startswith("v8.0.0+")
    assert len(res.cards) == 3878
    db = CardDatabase(res.cards, release=res.release)
    bravo = db.get("Bravo, Star of the Show")
    assert bravo.hero == "Bravo"
    assert bravo.essences == {"Earth", "Ice", "Lightning"}
    assert "Ice" not in bravo.keywords
    assert bravo.statuses_on("cc", date(2025, 7, 1)) == {"living_legend"}
    steel = db.get("Steelblade Supremacy", 1)
    assert steel.specializations == {"Dorinthea"}
    assert "Specialization" in steel.keywords
    assert db.get("Dorinthea").young
    assert db.get("Dorinthea Ironsong").hero == "Dorinthea"
    polly = db.get("Polly Cranka")
    assert polly.metatypes == {"Puffin"} and polly.subtypes == {"Ally", "Off-Hand"}
    dawnblade = db.get("Dawnblade")
    assert dawnblade.rarities >= {"Token", "Common"}
    assert dawnblade.subtypes == {"Sword", "2H"}
    assert db.get("Agile Windup", 2).hybrid_class_sets == (frozenset({"Brute"}), frozenset({"Warrior"}))
    reunion = db.get("10,000 Year Reunion", 1)
    assert reunion.keywords == {"Ward"}
    assert reunion.source_id == "FM9T9Dg8bj9h9MW7k9HCQ"


def test_fabcube_double_faced_cards_know_their_other_face(fabcube_result):
    db = CardDatabase(fabcube_result.cards, release=fabcube_result.release)
    figment = db.get("Figment of Erudition", 2)
    assert figment.other_face == "suraya-archangel-of-erudition"
    assert db.by_identifier(figment.other_face).other_face == figment.identifier
    assert db.get("Frailty").other_face is None  # a double-sided token printing, not a DFC


def test_fabcube_version_matches_parse(fabcube_result):
    from rules_engine.importers import fabcube_version

    assert fabcube_version(FABCUBE) == fabcube_result.version


def test_fabcube_dated_history_opens_and_closes(fabcube_result):
    """A suspension that was later lifted is in effect only between the two dates."""
    raw = json.loads((FABCUBE / "suspended-cc.json").read_text())
    ended = next(r for r in raw if not r["status_active"])
    started = next(r for r in raw if r["status_active"] and r["card_unique_id"] == ended["card_unique_id"])
    card = next(c for c in fabcube_result.cards if c.source_id == ended["card_unique_id"])
    start = date.fromisoformat(started["date_in_effect"][:10])
    end = date.fromisoformat(ended["date_in_effect"][:10])
    assert "suspended" in card.statuses_on("cc", start)
    assert "suspended" not in card.statuses_on("cc", end)
    assert "suspended" not in card.statuses_on("cc", date(start.year - 1, 1, 1))


def test_grand_archive_real_data():
    res = parse_grand_archive(shared_path("data", "ga"))
    assert res.game == "ga"
    assert len(res.cards) == 642
    db = CardDatabase(res.cards, release=res.release)
    spirit = db.get("Spirit of Fire")
    assert spirit.game == "ga"
    assert spirit.element == "Fire"
    assert spirit.life == "15" and spirit.level == "0"
    assert spirit.types == {"Champion"}
    assert spirit.source_id == "LMyKyVC2O9"
    assert spirit.pitch is None
    assert sum(len(c.printings) for c in res.cards) > 0


def test_grand_archive_api_envelope(tmp_path):
    f = tmp_path / "search.json"
    f.write_text(
        json.dumps(
            {
                "data": [
                    {
                        "uuid": "abcde12345",
                        "slug": "crescent-glaive",
                        "name": "Crescent Glaive",
                        "types": ["REGALIA", "WEAPON"],
                        "subtypes": ["WARRIOR", "POLEARM"],
                        "classes": ["WARRIOR"],
                        "elements": ["WATER"],
                        "cost_memory": 1,
                        "cost_reserve": None,
                        "power": 1,
                        "durability": 3,
                        "level": None,
                        "life": None,
                        "speed": None,
                        "legality": {"STANDARD": {"limit": 0}},
                        "effect_raw": "text",
                        "editions": [
                            {
                                "slug": "crescent-glaive-amb",
                                "rarity": 1,
                                "set": {"prefix": "AMB", "name": "Mortal Ambition"},
                            }
                        ],
                    }
                ]
            }
        )
    )
    card = parse_grand_archive(f).cards[0]
    assert card.identifier == "crescent-glaive"
    assert card.element == "Water" and card.memory_cost == "1" and card.durability == "3"
    assert card.ga_classes == {"Warrior"}
    assert card.printings[0].rarity == "Common" and card.printings[0].set_code == "AMB"
    assert card.statuses_on("ga-standard", date(2025, 1, 1)) == {"banned"}


# -- broken input -----------------------------------------------------------


@pytest.fixture(scope="session")
def fabcube_raw_cards() -> list:
    return json.loads((shared_or_stand_in("data", "fabcube") / "card.json").read_text())


@pytest.fixture
def small_fabcube(tmp_path, fabcube_raw_cards) -> Path:
    """A copy of the fab-cube data cut to about 30 cards (and their legality records); the
    invented stand-in when the real data is absent."""
    cards = fabcube_raw_cards
    legality = {
        p.name: json.loads(p.read_text())
        for p in shared_or_stand_in("data", "fabcube").glob("*.json")
        if p.name.split("-")[0] in ("banned", "suspended", "living", "restricted")
    }
    wanted = {r["card_unique_id"] for recs in legality.values() for r in recs[:2]}
    keep = [c for c in cards if c["unique_id"] in wanted] + cards[:10]
    seen, subset = set(), []
    for c in keep:
        if c["unique_id"] not in seen:
            seen.add(c["unique_id"])
            subset.append(c)
    d = tmp_path / "fabcube"
    d.mkdir()
    (d / "card.json").write_text(json.dumps(subset))
    for name, recs in legality.items():
        (d / name).write_text(json.dumps([r for r in recs if r["card_unique_id"] in seen]))
    return d


def test_small_fabcube_parses(small_fabcube):
    res = parse_fabcube(small_fabcube)
    assert len(res.cards) == len(json.loads((small_fabcube / "card.json").read_text()))


def _rewrite(path: Path, mutate):
    data = json.loads(path.read_text())
    mutate(data)
    path.write_text(json.dumps(data))
    return data


def test_fabcube_truncated_json_names_file(small_fabcube):
    f = small_fabcube / "card.json"
    f.write_text(f.read_text()[:5000])
    with pytest.raises(CardImportError) as err:
        parse_fabcube(small_fabcube)
    assert err.value.file == str(f)
    assert "truncated JSON" in str(err.value)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda c: c.pop("name"), "missing required field 'name'"),
        (lambda c: c.pop("printings"), "missing required field 'printings'"),
        (lambda c: c.update(types="Action"), "field 'types' must be a list of strings"),
        (lambda c: c.update(pitch="7"), "field 'pitch' must be empty or 0-3"),
        (lambda c: c.update(cc_legal="yes"), "field 'cc_legal' must be true/false"),
        (lambda c: c.update(cost=[1]), "field 'cost' must be a number or text"),
        (lambda c: c["printings"][0].update(rarity="Q"), "unknown rarity 'Q'"),
    ],
)
def test_fabcube_bad_record_names_file_and_record(small_fabcube, mutate, message):
    f = small_fabcube / "card.json"
    data = _rewrite(f, lambda d: mutate(d[3]))
    with pytest.raises(CardImportError) as err:
        parse_fabcube(small_fabcube)
    assert err.value.file == str(f)
    assert err.value.record.startswith("record 3")
    assert data[3]["unique_id"] in err.value.record
    assert message in str(err.value)


def test_fabcube_legality_record_for_unknown_card(small_fabcube):
    f = small_fabcube / "banned-cc.json"
    _rewrite(
        f,
        lambda d: d.append(
            {
                "unique_id": "zz",
                "card_unique_id": "nope",
                "status_active": True,
                "date_announced": "2024-01-01",
                "date_in_effect": "2024-01-02",
                "legality_article": "",
            }
        ),
    )
    with pytest.raises(
        CardImportError, match=r"banned-cc\.json, record \d+ \(unique_id='zz'.*not in card\.json"
    ):
        parse_fabcube(small_fabcube)


def test_fabcube_legality_bad_date(small_fabcube):
    f = small_fabcube / "banned-cc.json"
    _rewrite(f, lambda d: d[0].update(date_in_effect="soon"))
    with pytest.raises(CardImportError, match=r"banned-cc\.json, record 0 .*not an ISO date: 'soon'"):
        parse_fabcube(small_fabcube)


def test_fabcube_face_for_unknown_printing(small_fabcube):
    f = small_fabcube / "card-face-association.json"
    f.write_text(json.dumps([{"front_unique_id": "a", "back_unique_id": "b", "is_DFC": True}]))
    with pytest.raises(
        CardImportError, match=r"card-face-association\.json, record 0 .*printing 'a' is not in card"
    ):
        parse_fabcube(small_fabcube)


def test_fabcube_missing_card_json(tmp_path):
    with pytest.raises(CardImportError, match="card.json: file not found"):
        parse_fabcube(tmp_path)


def test_fabcube_duplicate_card(small_fabcube):
    f = small_fabcube / "card.json"
    _rewrite(f, lambda d: d.append({**copy.deepcopy(d[0]), "unique_id": "another"}))
    with pytest.raises(CardImportError, match="duplicate card"):
        parse_fabcube(small_fabcube)


@pytest.fixture
def small_fabrary(fabrary_dump, tmp_path) -> Path:
    data = json.loads(fabrary_dump.read_text())
    data["cards"] = data["cards"][:25]
    f = tmp_path / "fabrary.json"
    f.write_text(json.dumps(data))
    return f


def test_fabrary_truncated(small_fabrary):
    small_fabrary.write_text(small_fabrary.read_text()[:3000])
    with pytest.raises(CardImportError) as err:
        parse_fabrary(small_fabrary)
    assert err.value.file == str(small_fabrary)
    assert "truncated JSON" in str(err.value)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda c: c.pop("cardIdentifier"), "missing required field 'cardIdentifier'"),
        (lambda c: c.pop("types"), "missing required field 'types'"),
        (lambda c: c.update(pitch="red"), "field 'pitch' must be an integer"),
        (lambda c: c.update(classes="Warrior"), "field 'classes' must be a list of strings"),
        (lambda c: c.update(printings=[]), "card has no printings"),
        (lambda c: c["printings"][0].update(rarity="Ultra"), "unknown rarity 'Ultra'"),
    ],
)
def test_fabrary_bad_record_names_file_and_record(small_fabrary, mutate, message):
    data = json.loads(small_fabrary.read_text())
    name = data["cards"][7]["name"]
    mutate(data["cards"][7])
    small_fabrary.write_text(json.dumps(data))
    with pytest.raises(CardImportError) as err:
        parse_fabrary(small_fabrary)
    assert err.value.file == str(small_fabrary)
    assert err.value.record.startswith("record 7")
    assert repr(name) in err.value.record
    assert message in str(err.value)


def test_fabrary_not_a_dump(tmp_path):
    f = tmp_path / "x.json"
    f.write_text('{"hello": 1}')
    with pytest.raises(CardImportError, match="expected a 'cards' array"):
        parse_fabrary(f)


@pytest.fixture
def small_ga(tmp_path) -> Path:
    real = GA / "ga_cards_from_GrandArchiveOnline_2024-03.json"
    src = real if real.is_file() else shared_or_stand_in("data", "ga") / "ga_cards_fixture.json"
    d = tmp_path / "ga"
    d.mkdir()
    (d / src.name).write_text(json.dumps(json.loads(src.read_text())[:20]))
    return d


def test_ga_truncated(small_ga):
    f = next(small_ga.glob("*.json"))
    f.write_text(f.read_text()[:500])
    with pytest.raises(CardImportError, match="truncated JSON"):
        parse_grand_archive(small_ga)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda c: c.pop("types"), "missing required field 'types'"),
        (lambda c: c.update(name=""), "field 'name' must not be empty"),
        (lambda c: c.update(life=[15]), "field 'life' must be a number or text"),
        (
            lambda c: c.update(legality={"STANDARD": {"limit": "none"}}),
            "must be an object with an integer 'limit'",
        ),
    ],
)
def test_ga_bad_record_names_file_and_record(small_ga, mutate, message):
    f = next(small_ga.glob("*.json"))
    data = _rewrite(f, lambda d: mutate(d[4]))
    with pytest.raises(CardImportError) as err:
        parse_grand_archive(small_ga)
    assert err.value.file == str(f)
    assert err.value.record.startswith("record 4")
    assert data[4]["uuid"] in err.value.record
    assert message in str(err.value)


def test_rules_engine_cards_imports_no_django():
    code = (
        "import sys, rules_engine.cards, rules_engine.importers; "
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
