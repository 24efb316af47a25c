"""The command line's card index (issue 27): the same facts as reading the whole card file, a
new index for new card data, and the whole file never read again for an unchanged one."""

from __future__ import annotations

import json

import pytest

from rules_engine.game import __main__ as cli
from rules_engine.game.cardindex import IndexedCards, load_indexed
from rules_engine.game.cards import FabCubeCards

from .conftest import FABCUBE

NAMES = ["Snatch", "Snatch (blue)", "Head Jab (red)", "Nullrune Hood", "Dawnblade, Resplendent", "Bravo"]


@pytest.fixture(scope="module")
def small_cube(tmp_path_factory):
    """A the-fab-cube card.json holding a few hundred real records (the named cards among them)."""
    if not (FABCUBE / "card.json").exists():
        pytest.skip(f"{FABCUBE} is absent (the-fab-cube card data)")
    records = json.loads((FABCUBE / "card.json").read_text(encoding="utf-8"))
    wanted = {n.split(" (")[0].casefold() for n in NAMES}
    keep = [r for r in records if str(r.get("name", "")).casefold() in wanted] + records[:300]
    path = tmp_path_factory.mktemp("cube") / "card.json"
    path.write_text(json.dumps(keep), encoding="utf-8")
    return path


def test_index_gives_the_facts_of_the_whole_file(small_cube, tmp_path):
    whole = FabCubeCards.load(small_cube)
    indexed = load_indexed(small_cube, tmp_path)
    assert isinstance(indexed, IndexedCards)
    for name in NAMES + ["No Such Card"]:
        assert indexed.get(name) == whole.get(name), name
        assert indexed.variants(name) == whole.variants(name), name
    assert sorted(indexed.names()) == sorted(whole.names())
    assert indexed.suggest("Snatc") == whole.suggest("Snatc")
    # the log parser's name index comes built from the file, and reads names as the whole file's
    from rules_engine.game.phrases import index_for

    for text in ("Dawnblade, Resplendent attacks", "Snatch (blue) hits", "Head Jab targeting P2"):
        assert index_for(indexed).prefix(text) == index_for(whole).prefix(text), text


def test_unchanged_file_reuses_the_index_and_changed_data_builds_a_new_one(small_cube, tmp_path):
    first = load_indexed(small_cube, tmp_path)
    assert isinstance(first, IndexedCards)
    built = first.path.stat().st_mtime_ns
    again = load_indexed(small_cube, tmp_path)
    assert isinstance(again, IndexedCards)
    assert again.path == first.path and again.path.stat().st_mtime_ns == built
    # new card data (a card's power changed): another index, with the new fact
    records = json.loads(small_cube.read_text(encoding="utf-8"))
    changed = tmp_path / "changed" / "card.json"
    changed.parent.mkdir()
    for r in records:
        if r["name"] == "Snatch":
            r["power"] = "9"
    changed.write_text(json.dumps(records), encoding="utf-8")
    other = load_indexed(changed, tmp_path)
    assert isinstance(other, IndexedCards) and other.path != first.path
    assert other.get("Snatch").power == 9 and first.get("Snatch").power != 9


def test_cli_reads_a_fabcube_file_through_the_index(small_cube, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ARBITER_CARDS_CACHE", str(tmp_path / "cache"))
    log = tmp_path / "log.txt"
    log.write_text("P1 plays Snatch (red) targeting P2's hero\n", encoding="utf-8")
    assert cli.main(["replay", str(log), "--cards", str(small_cube), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [x["card"] for x in out["steps"][0]["state"]["stack"]] == ["Snatch"]
    assert any(p.suffix == ".sqlite" for p in (tmp_path / "cache").iterdir())
    # the same run reading the whole file gives the same answer
    monkeypatch.setenv("ARBITER_CARDS_NO_INDEX", "1")
    assert cli.main(["replay", str(log), "--cards", str(small_cube), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out
