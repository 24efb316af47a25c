"""The command line (replay, scenarios --json contract, backup) and unknown cards with constraints."""

from __future__ import annotations

import json
import subprocess
import sys

import yaml

from rules_engine.game.cards import CardFacts, InlineCards
from rules_engine.game.log import names_for, replay
from rules_engine.game.rules import MISMATCH
from rules_engine.game.scenarios import StateBuilder, collect_cards
from rules_engine.game.view import view

from .conftest import ROOT, SAMPLE

LOG = {
    "rules_version": "2.13.0",
    "given": {
        "turn": "P1",
        "phase": "action",
        "combat_chain": "closed",
        "P1": {
            "action_points": 1,
            "hand_size": 3,
            "hand": [
                {"name": "Attack W", "type": "attack action", "cost": 3, "pitch": 1, "power": 7, "defense": 2}
            ],
        },
        "P2": {"life": 20, "hand": []},
    },
    "cards": [{"name": "Sink Below", "type": "defense reaction", "cost": 0, "pitch": 1, "defense": 4}],
    "log": [
        "P1 plays Attack W targeting P2's hero, pitching a blue card",
        "all pass to the Defend Step; P2 declares no defending cards",
        "all pass through the Reaction and Damage Steps",
        "observe: P2 says P2.life is 15",
    ],
}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine.game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_replay_json_lists_every_line_with_state_hash_and_findings(tmp_path) -> None:
    path = tmp_path / "dispute.yaml"
    path.write_text(yaml.safe_dump(LOG))
    proc = _cli("replay", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [s["line"] for s in data["steps"]] == [1, 2, 3, 4]
    last = data["steps"][-1]
    assert last["state"]["P2"]["life"] == 13
    assert last["findings"][0]["kind"] == "observation_mismatch"
    assert last["findings"][0]["data"] == {"fact": "P2.life", "claimed": 15, "derived": 13}
    text = _cli("replay", str(path))
    assert "observation_mismatch" in text.stdout and "Traceback" not in text.stderr


def test_backup_cli_reports_the_random_reveal(tmp_path) -> None:
    path = tmp_path / "dispute.yaml"
    path.write_text(yaml.safe_dump(LOG))
    proc = _cli("backup", str(path), "--to", "0", "--json")
    data = json.loads(proc.stdout)
    assert [u["line"] for u in data["undone"]] == [4, 3, 2, 1]
    assert data["clean"] is False
    assert "Attack W" in data["revealed"]["P2"]


def test_scenarios_json_contract() -> None:
    if not SAMPLE.exists():
        import pytest

        pytest.skip(f"{SAMPLE} is absent (the shared scenario sample)")
    proc = _cli("scenarios", str(SAMPLE), "--json")
    data = json.loads(proc.stdout)
    items = {x["id"]: x for x in data["scenarios"]}
    assert len(items) == 20
    assert items["cost-03"]["violations"][0]["action"] == 2
    assert {"1.14.3b", "1.14.2d"} <= set(items["cost-03"]["violations"][0]["rules"])
    for item in items.values():
        assert set(item) >= {"id", "violations", "state", "checkpoints", "unparsed", "error"}
        assert item["error"] is None and item["unparsed"] == []
        assert set(item["state"]) >= {"P1", "P2", "stack", "combat_chain", "phase", "game"}
        assert set(item["state"]["P1"]) >= {
            "life",
            "action_points",
            "resource_points",
            "chi_points",
            "hand",
            "hand_size",
            "deck",
            "deck_bottom",
            "arsenal",
            "pitch_zone",
            "graveyard",
            "banished",
            "equipment",
            "weapons",
            "permanents",
        }
    assert _cli("scenarios", str(SAMPLE)).returncode == 0


def test_an_unknown_pitched_card_pays_by_its_constraint_and_is_checked_when_revealed() -> None:
    inline = InlineCards(
        collect_cards(LOG["given"])
        + [CardFacts(name="Sink Below", types=frozenset({"defense reaction"}), cost=0, pitch=1, defense=4)]
    )
    state = StateBuilder(inline, "2.13.0").build(LOG["given"])
    lines = [LOG["log"][0], "P1 reveals Sink Below in their pitch zone"]
    rep = replay(state, lines, inline, names=names_for(state, inline.names()))
    first = view(rep.steps[0].state)["P1"]
    assert (
        first["pitch_zone"] == ["unknown card"] and first["resource_points"] == 0 and first["hand_size"] == 1
    )
    assert view(rep.final)["P1"]["pitch_zone"] == ["Sink Below"]
    assert [f.kind for f in rep.steps[1].findings] == [MISMATCH]


def test_an_unknown_card_that_cannot_pay_is_a_violation() -> None:
    inline = InlineCards(collect_cards(LOG["given"]))
    state = StateBuilder(inline, "2.13.0").build(LOG["given"])
    rep = replay(
        state,
        ["P1 plays Attack W targeting P2's hero, pitching a red card"],
        inline,
        names=names_for(state, inline.names()),
    )
    assert rep.steps[0].findings[-1].kind == "violation"
    assert "5.1.7a" in rep.steps[0].findings[-1].rules
    assert rep.final.p("P1").hand_size == 3


def test_the_project_card_database_adapter_gives_real_stats_and_keyword_values() -> None:
    import pytest

    from rules_engine.game.cards import DatabaseCards, FabCubeCards
    from rules_engine.oracle import load_reference_database

    from .conftest import FABCUBE, SHARED

    if not (FABCUBE / "card.json").exists():
        pytest.skip(f"{FABCUBE} is absent (the-fab-cube card data)")
    db = DatabaseCards(load_reference_database(SHARED))
    cube = FabCubeCards.load(FABCUBE)
    hood = db.get("Nullrune Hood")
    assert hood is not None and hood.keyword("arcane barrier") == 1 and hood.slot == "head"
    jab = db.get("Head Jab (red)")
    assert (
        jab is not None
        and jab.has("go again")
        and (jab.cost, jab.pitch, jab.power, jab.defense) == (0, 1, 3, 2)
    )
    for name in ("Snatch (red)", "Sink Below (red)", "Command and Conquer (red)", "Nullrune Hood"):
        a, b = db.get(name), cube.get(name)
        assert a is not None and b is not None
        assert (a.cost, a.pitch, a.power, a.defense) == (b.cost, b.pitch, b.power, b.defense), name
        assert dict(a.keywords).get("arcane barrier") == dict(b.keywords).get("arcane barrier")
    assert db.get("Nullrune Hod") is None and "Nullrune Hood" in db.suggest("Nullrune Hod")


def test_real_card_disputes_replay_with_the_project_card_database() -> None:
    import pytest

    from rules_engine.game.cards import DatabaseCards
    from rules_engine.game.scenarios import load_yaml, run_file
    from rules_engine.oracle import load_reference_database

    from .conftest import FABCUBE, SCENARIO_DIR, SHARED

    path = SCENARIO_DIR / "real-cards.yaml"
    if not (FABCUBE / "card.json").exists() or not path.exists():
        pytest.skip("card data or real-card disputes absent")
    results = run_file(load_yaml(str(path)), DatabaseCards(load_reference_database(SHARED)))
    assert len(results) >= 12
    assert [r.id for r in results if r.failures] == []


def test_the_documented_example_dispute_replays() -> None:
    path = ROOT / "docs" / "examples" / "blade-break-dispute.yaml"
    data = json.loads(_cli("replay", str(path), "--json").stdout)
    last = data["steps"][-1]
    assert last["state"]["P2"]["life"] == 14
    assert last["state"]["P2"]["equipment"]["head"] is None
    assert "Helm B" in last["state"]["P2"]["graveyard"]
    kinds = [f["kind"] for s in data["steps"] for f in s["findings"]]
    assert kinds == ["observation_mismatch", "observation_mismatch"]
    assert data["steps"][-1]["findings"][0]["rules"] == ["3.10"]


def test_an_unknown_defending_card_counts_with_its_stated_defense() -> None:
    given = {
        "turn": "P1",
        "phase": "action",
        "step": "defend (chain link 1)",
        "combat_chain": {"links": [{"link": 1, "attack": {"name": "Attack A", "power": 6}, "defending": []}]},
        "P2": {"life": 20, "hand_size": 4},
    }
    inline = InlineCards()
    state = StateBuilder(inline, "2.13.0").build(given)
    rep = replay(
        state,
        [
            "P2 declares a card (defense 3) and a blue card (defense 2)",
            "all pass through the Reaction and Damage Steps",
        ],
        inline,
        names=names_for(state),
    )
    assert rep.final.p("P2").life == 19
    assert rep.final.p("P2").hand_size == 2
    link = view(rep.final)["combat_chain"]["links"][0]
    assert link["total_defense"] == 5 and link["damage"] == 1
