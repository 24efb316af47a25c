"""The command-line contract: ``python -m pairings pair|standings`` (subprocess, no Django)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _run(command, payload):
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    proc = subprocess.run(
        [sys.executable, "-m", "pairings", command], input=data, cwd=ROOT, capture_output=True, timeout=60
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def test_pair_contract_example():
    players = [
        {"id": "p1", "points": 3, "opponents": ["p2", "p5", "p9"], "had_bye": False, "rank": 12, "pod": None}
    ]
    players += [{"id": f"p{i}", "points": i % 4, "opponents": []} for i in range(2, 12)]
    code, out, err = _run("pair", {"round": 4, "seed": 7, "players": players})
    assert code == 0, err
    result = json.loads(out)
    assert set(result) == {"pairings", "bye"}
    assert result["bye"] in {f"p{i}" for i in range(1, 12)}
    flat = [x for pair in result["pairings"] for x in pair] + [result["bye"]]
    assert sorted(flat) == sorted(p["id"] for p in players)
    assert ["p1", "p2"] not in result["pairings"] and ["p2", "p1"] not in result["pairings"]
    again = _run("pair", {"round": 4, "seed": 7, "players": players})
    assert json.loads(again[1]) == result


def test_pair_even_field_bye_is_null():
    code, out, _ = _run(
        "pair", {"round": 1, "seed": 1, "players": [{"id": "a", "points": 0}, {"id": "b", "points": 0}]}
    )
    assert code == 0
    assert json.loads(out) == {"pairings": [["a", "b"]], "bye": None}


def test_standings_contract_example_3():
    matches = [
        {"round": 1, "a": "A", "b": "B", "result": "a"},
        {"round": 1, "a": "C", "b": "D", "result": "draw"},
        {"round": 1, "a": "E", "b": None, "result": "bye"},
        {"round": 2, "a": "E", "b": "A", "result": "a"},
        {"round": 2, "a": "B", "b": "C", "result": "a"},
        {"round": 2, "a": "D", "b": None, "result": "bye"},
        {"round": 3, "a": "B", "b": "E", "result": "a"},
        {"round": 3, "a": "A", "b": "D", "result": "a"},
        {"round": 3, "a": "C", "b": None, "result": "bye"},
    ]
    payload = {
        "rounds_completed": 3,
        "players": [{"id": x} for x in "ABCDE"],
        "matches": matches,
        "options": {"bye_counts_in_cmp": True, "seed": 1},
    }
    code, out, err = _run("standings", payload)
    assert code == 0, err
    standings = json.loads(out)["standings"]
    assert standings[0] == {
        "rank": 1,
        "id": "E",
        "match_points": 2,
        "cmp": "13/17",
        "mlp": "1/2",
        "omlp": "1/3",
        "ocmp": "21/34",
    }
    assert [row["id"] for row in standings] == ["E", "A", "B", "D", "C"]
    payload["options"] = {"bye_counts_in_cmp": False, "seed": 1}
    assert [row["id"] for row in json.loads(_run("standings", payload)[1])["standings"]] == [
        "A",
        "B",
        "E",
        "D",
        "C",
    ]


def test_standings_points_3_1_0_adds_percentages():
    payload = {
        "rounds_completed": 1,
        "players": [{"id": "A"}, {"id": "B"}],
        "matches": [{"round": 1, "a": "A", "b": "B", "result": "a", "games_a": 2, "games_b": 1}],
        "options": {"policy": "points_3_1_0"},
    }
    code, out, err = _run("standings", payload)
    assert code == 0, err
    first = json.loads(out)["standings"][0]
    assert (first["id"], first["match_points"], first["gw"], first["omw"]) == ("A", 3, "2/3", "1/3")


@pytest.mark.parametrize(
    "command, payload, field",
    [
        ("pair", b"{not json", "input"),
        ("pair", [], "input"),
        ("pair", {"players": []}, "round"),
        ("pair", {"round": 0, "players": []}, "round"),
        ("pair", {"round": 1, "players": {}}, "players"),
        ("pair", {"round": 1, "players": [{"id": "a"}]}, "players[0].points"),
        ("pair", {"round": 1, "players": [{"id": "a", "points": "3"}]}, "players[0].points"),
        ("pair", {"round": 1, "players": [{"id": 5, "points": 3}]}, "players[0].id"),
        (
            "pair",
            {"round": 1, "players": [{"id": "a", "points": 1, "opponents": [1]}]},
            "players[0].opponents[0]",
        ),
        ("pair", {"round": 1, "players": [{"id": "a", "points": 1, "had_bye": "no"}]}, "players[0].had_bye"),
        (
            "pair",
            {"round": 1, "players": [{"id": "a", "points": 1}, {"id": "a", "points": 1}]},
            "players[1].id",
        ),
        ("pair", {"round": 1, "seed": 1.5, "players": []}, "seed"),
        (
            "pair",
            {"round": 2, "players": [{"id": "a", "points": 10**23}, {"id": "b", "points": 0}]},
            "players[0].points",
        ),
        ("standings", {"rounds_completed": 10**7, "players": []}, "rounds_completed"),
        ("standings", {"players": []}, "rounds_completed"),
        (
            "standings",
            {
                "rounds_completed": 1,
                "players": [{"id": "A"}],
                "matches": [{"round": 1, "a": "A", "b": "Z", "result": "a"}],
            },
            "matches[0].b",
        ),
        (
            "standings",
            {
                "rounds_completed": 1,
                "players": [{"id": "A"}],
                "matches": [{"round": 1, "a": "A", "result": "won"}],
            },
            "matches[0].result",
        ),
        (
            "standings",
            {"rounds_completed": 1, "players": [{"id": "A"}], "options": {"policy": "elo"}},
            "options.policy",
        ),
        (
            "standings",
            {"rounds_completed": 1, "players": [{"id": "A"}], "options": {"seed": "x"}},
            "options.seed",
        ),
        ("standings", {"rounds_completed": 1, "players": [{"id": "A"}], "options": []}, "options"),
    ],
)
def test_bad_input_exits_2_naming_the_field(command, payload, field):
    code, out, err = _run(command, payload)
    assert code == 2
    assert out == ""
    assert err.startswith(f"error: {field}: ")
    assert "Traceback" not in err


def test_unknown_command_exits_2_with_usage():
    proc = subprocess.run(
        [sys.executable, "-m", "pairings", "shuffle"], input=b"{}", cwd=ROOT, capture_output=True
    )
    assert proc.returncode == 2
    assert b"usage:" in proc.stderr


def test_commands_do_not_import_django():
    code = (
        "import sys, io, json; from pairings.cli import main; "
        "sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps({'round': 1, 'players': []}).encode())); "
        "main(['pair']); print('django' in sys.modules, file=sys.stderr)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.stderr.strip() == "False"


def test_pair_several_odd_pods_lists_every_bye():
    players = [{"id": f"{pod}{i}", "points": 0, "pod": pod} for pod in "AB" for i in range(3)]
    code, out, err = _run("pair", {"round": 1, "seed": 3, "players": players})
    assert code == 0, err
    result = json.loads(out)
    assert sorted(b[0] for b in result["byes"]) == ["A", "B"]
    assert result["bye"] == result["byes"][0]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([10**6, 10**23, -(10**23)])
    | st.floats(allow_nan=False)
    | st.text(max_size=3),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "round",
                    "seed",
                    "players",
                    "id",
                    "points",
                    "opponents",
                    "had_bye",
                    "rank",
                    "pod",
                    "rounds_completed",
                    "matches",
                    "a",
                    "b",
                    "result",
                    "options",
                    "policy",
                    "removed",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["pair", "standings"]), json_values)
def test_any_json_input_gives_a_result_or_a_named_error(command, payload):
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main([command], stdin=io.StringIO(json.dumps(payload)), stdout=stdout, stderr=stderr)
    assert code in (0, 2)
    if code == 2:
        assert stderr.getvalue().startswith("error: ")
    else:
        json.loads(stdout.getvalue())


def test_pairing_is_identical_across_processes_and_hash_seeds():
    import os
    import random

    rng = random.Random(5)
    ids = [f"x{i}" for i in range(501)]
    players = [
        {
            "id": pid,
            "points": rng.randrange(7),
            "opponents": rng.sample(ids, 5),
            "had_bye": rng.random() < 0.1,
        }
        for pid in ids
    ]
    for p in players:
        p["opponents"] = [o for o in p["opponents"] if o != p["id"]]
    data = json.dumps({"round": 6, "seed": 42, "players": players}).encode()
    outputs = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        proc = subprocess.run(
            [sys.executable, "-m", "pairings", "pair"],
            input=data,
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        outputs.add(proc.stdout)
    assert len(outputs) == 1
    result = json.loads(outputs.pop())
    assert result["bye"] is not None
    assert len(result["pairings"]) == 250
