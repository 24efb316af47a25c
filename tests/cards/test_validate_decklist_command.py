"""validate_decklist: exit 0 legal, 1 not legal, 2 unreadable (naming the line); text and JSON output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from rules_engine.oracle import load_reference_database
from tests.conftest import FIXTURE_SHARED_DIR, SHARED_DIR, shared_path


def run(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("validate_decklist", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _stand_in_card_data(settings):
    """Without the real shared folder the command reads the invented stand-in (tests of options
    and unreadable input need no real card); tests over real cards call ``shared_path``."""
    if not (SHARED_DIR / "data" / "fabcube").is_dir():
        settings.SHARED_DIR = FIXTURE_SHARED_DIR


def legal_cc_text():
    db = load_reference_database(str(shared_path("data", "fabcube").parent.parent))
    lines = ["Ser Boltyn, Breaker of Dawn", "", "Arena cards", "1 Dawnblade", "", "Deck cards"]
    total = 0
    for c in db:
        if total >= 60:
            break
        if (
            c.is_deck_card
            and c.is_generic
            and not c.legality_history
            and not c.legendary
            and not c.specializations
            and "Ephemeral" not in c.keywords
            and "//" not in c.name
            and c.rarities & {"Common", "Rare"}
        ):
            colour = {1: "red", 2: "yellow", 3: "blue"}.get(c.pitch)
            lines.append(f"3x {c.name} ({colour})" if colour else f"3x {c.name}")
            total += 3
    return "\n".join(lines) + "\n"


@pytest.fixture
def deck_file(tmp_path):
    def write(text, name="deck.txt"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


@pytest.mark.django_db
def test_legal_pool_exits_0_and_names_the_release(deck_file):
    code, out, _err = run(deck_file(legal_cc_text()), "--format", "cc", "--date", "2025-07-01")
    assert code == 0
    assert "Card data: fabcube@" in out
    assert out.strip().endswith("LEGAL: 0 error(s), 0 warning(s)")


@pytest.mark.django_db
def test_illegal_pool_exits_1_with_rule(deck_file):
    text = legal_cc_text() + "4x Snatch (red)\n"
    code, out, _err = run(deck_file(text), "--format", "cc", "--date", "2025-07-01")
    assert code == 1
    assert "ERROR   COPY_LIMIT: 4 copies of Snatch (red); Classic Constructed allows 3 [TR&P 7.1]" in out
    assert "NOT LEGAL: 1 error(s)" in out


@pytest.mark.django_db
def test_unreadable_lines_exit_2_naming_the_line(deck_file):
    shared_path("data", "fabcube")  # the suggestion names a real card
    code, _out, err = run(deck_file("Boltyn\n3 Snatc (red)\n3x\n3 Snatch\n"), "--format", "blitz")
    assert code == 2
    assert "line 2: no card named 'Snatc' (did you mean: Snatch" in err
    assert "line 3: a quantity without a card name" in err
    assert "line 4: Snatch exists as red, yellow, blue; say which" in err


@pytest.mark.django_db
def test_json_output(deck_file):
    text = legal_cc_text().replace("Ser Boltyn, Breaker of Dawn", "Boltyn")
    code, out, _err = run(deck_file(text), "--format", "cc", "--date", "2025-07-01", "--json")
    data = json.loads(out)
    assert code == 1
    assert data["legal"] is False and data["format"] == "cc" and data["as_of"] == "2025-07-01"
    assert data["data_version"].startswith("fabcube@")
    assert [f["code"] for f in data["findings"]] == ["HERO_YOUNG"]
    assert data["findings"][0]["rule"] == "TR&P 7.1"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "modern"], "unknown format 'modern'"),
        (["--format", "cc", "--date", "01/02/2025"], "--date must be YYYY-MM-DD, got '01/02/2025'"),
        (["--format", "cc", "--edition", "1999"], "unknown rules edition '1999'"),
    ],
)
def test_bad_options_exit_2(deck_file, args, message):
    code, _out, err = run(deck_file("Boltyn\n3x Plain Jab (red)\n"), *args)
    assert code == 2
    assert message in err


@pytest.mark.django_db
def test_missing_file_and_binary_junk_exit_2(tmp_path):
    code, _out, err = run(str(tmp_path / "nope.txt"), "--format", "cc")
    assert code == 2 and "no such file" in err
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    code, _out, err = run(str(junk), "--format", "cc")
    assert code == 2 and "could not be read" in err


@pytest.mark.django_db
def test_grand_archive_deck(deck_file):
    db = load_reference_database(str(shared_path("data", "ga").parent.parent), "ga")
    lv0 = next(c for c in db if "Champion" in c.types and c.level == "0")
    main = [c for c in db if not ({"Champion", "Regalia", "Token"} & c.types)][:15]
    text = f"# Material deck\n1 {lv0.name}\n# Main deck\n" + "".join(f"4 {c.name}\n" for c in main)
    code, out, _err = run(deck_file(text), "--format", "ga-standard", "--json")
    data = json.loads(out)
    assert code == 0, data
    assert data["data_version"].startswith("ga-index@")


def test_subprocess_exit_code(tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("Boltyn\n3x\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "manage.py", "validate_decklist", str(deck), "--format", "blitz"],
        cwd=Path(settings.BASE_DIR),
        env={**os.environ, "ARBITER_SHARED_DIR": str(settings.SHARED_DIR)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "line 2: a quantity without a card name" in proc.stderr


@pytest.mark.django_db
def test_limited_deck_against_registered_pool(deck_file):
    db = load_reference_database(str(shared_path("data", "fabcube").parent.parent))
    cards = [
        c
        for c in db
        if c.is_deck_card and c.is_generic and not c.legality_history and c.pitch == 1 and "//" not in c.name
    ][:10]
    pool_text = "Boltyn\n" + "".join(f"3x {c.name} (red)\n" for c in cards)
    deck_text = "Boltyn\n" + "".join(f"3x {c.name} (red)\n" for c in cards)
    registered = deck_file(pool_text, "pool.txt")
    code, out, _err = run(deck_file(deck_text), "--format", "sealed", "--registered", registered)
    assert code == 0, out
    too_many = deck_text.replace(f"3x {cards[0].name} (red)", f"4x {cards[0].name} (red)").replace(
        f"3x {cards[1].name} (red)\n", f"2x {cards[1].name} (red)\n"
    )
    code, out, _err = run(deck_file(too_many, "deck2.txt"), "--format", "sealed", "--registered", registered)
    assert code == 1
    assert f"NOT_IN_REGISTERED_POOL: 4 {cards[0].name} (red) played but 3 registered [TR&P 8.1]" in out


@pytest.mark.django_db
def test_release_is_taken_by_its_label_as_the_pages_show_it_or_by_its_id(deck_file):
    """Issue 36: every screen names a release "source@version"; the option takes that too."""
    from cards.management.commands.validate_decklist import release_id
    from cards.models import CardDataRelease

    release = CardDataRelease.objects.create(game="fab", source="fabcube", version="v-label-test")
    assert release_id("fabcube@v-label-test") == str(release.pk)
    assert release_id("fabcube@v-label-test+fabcube@v8+1 recorded") == str(release.pk)
    assert release_id(str(release.pk)) == str(release.pk)
    assert release_id("fabcube@no-such") == "fabcube@no-such"
    path = deck_file("Ser Boltyn, Breaker of Dawn\n")
    by_label = run(path, "--format", "cc", "--release", "fabcube@v-label-test")
    by_id = run(path, "--format", "cc", "--release", str(release.pk))
    assert by_label == by_id
    assert "fabcube@v-label-test" in by_label[1] + by_label[2]
    assert "no card data" not in by_label[2]
