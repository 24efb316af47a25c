"""The log's branch model: a rewind to any earlier line (superseded or not) starts a new branch.

Property tests (hypothesis): after any sequence of appends and rewinds, the final state equals a fresh
replay of the active branch's lines, and a backup to a line of the active branch lists exactly the
active lines after it (never the rewind markers).
"""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.game.backup import backup
from rules_engine.game.cards import InlineCards
from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.scenarios import StateBuilder, collect_cards

from .conftest import SCENARIO_DIR


def _scenario(file: str, sid: str) -> dict:
    data = yaml.safe_load((SCENARIO_DIR / file).read_text(encoding="utf-8"))
    return next(x for x in data if isinstance(x, dict) and x.get("id") == sid)


# scenarios with many lines of different kinds (timing, tokens, combat)
POOLS = [_scenario("timing.yaml", "tim-04"), _scenario("tokens.yaml", "tok-qk-01")]


def _run(sc: dict, lines: list[str]) -> Replay:
    version = str(sc.get("rules_version", "2.13.0"))
    inline = InlineCards(collect_cards(sc["given"]))
    state = StateBuilder(inline, version).build(sc["given"])
    return replay(state, lines, inline, version=version, names=names_for(state, inline.names()))


# an operation is ("line", index into the scenario's lines) or ("rewind", fraction of the lines so far)
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("line"), st.integers(0, 7)),
        st.tuples(st.just("rewind"), st.floats(0, 1)),
    ),
    min_size=1,
    max_size=14,
)


def _lines(sc: dict, ops: list[tuple[str, float]]) -> list[str]:
    pool = [str(x) for x in sc["when"]]
    out: list[str] = []
    for kind, v in ops:
        if kind == "line":
            out.append(pool[int(v) % len(pool)])
        else:
            out.append(f"rewind {int(v * len(out))}")
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(POOLS) - 1), ops=OPS)
def test_the_final_state_equals_a_fresh_replay_of_the_active_branch(which: int, ops: list) -> None:
    sc = POOLS[which]
    lines = _lines(sc, ops)
    rep = _run(sc, lines)
    active = [s for s in rep.steps if s.active]
    # the active branch is the path of parent links from the newest line back to the start
    chain, n = [], len(rep.steps)
    while n:
        chain.append(n)
        n = rep.steps[n - 1].parent
    assert [s.number for s in active] == sorted(chain)
    fresh = _run(sc, [s.text for s in active if not s.is_rewind])
    assert rep.final.state_hash() == fresh.final.state_hash()
    # each active line's state equals the fresh replay's state at the same point
    fresh_states = [fresh.initial.state_hash()] + [s.state.state_hash() for s in fresh.steps]
    i = 0
    for s in active:
        if not s.is_rewind:
            i += 1
        assert s.state.state_hash() == fresh_states[i]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(POOLS) - 1), ops=OPS)
def test_a_backup_on_the_active_branch_lists_exactly_the_active_lines_after_it(which: int, ops: list) -> None:
    sc = POOLS[which]
    rep = _run(sc, _lines(sc, ops))
    active = [s for s in rep.steps if s.active]
    for to in [0] + [s.number for s in active]:
        report = backup(rep, to)
        expected = [s.number for s in reversed(active) if s.number > to and not s.is_rewind]
        assert [u["line"] for u in report.undone] == expected


def test_a_rewind_to_a_superseded_line_rebuilds_that_lines_branch() -> None:
    sc = POOLS[0]
    pool = [str(x) for x in sc["when"]]
    # 1, 2, 3; rewind to 1 (line 4); line 5; rewind to 3 (superseded by line 4): the branch is 1, 2, 3
    rep = _run(sc, pool[:3] + ["rewind 1", pool[3], "rewind 3"])
    assert [s.number for s in rep.path()] == [1, 2, 3, 6]
    assert rep.final.state_hash() == _run(sc, pool[:3]).final.state_hash()
    assert [u["line"] for u in backup(rep, 1).undone] == [3, 2]
    assert [u["line"] for u in backup(rep, 0).undone] == [3, 2, 1]
    # line 5 is on the superseded branch now
    assert not rep.steps[4].active and "not on the current path" in backup(rep, 5).undone[0]["note"]


def test_a_backup_does_not_count_rewind_markers_as_undone_actions() -> None:
    sc = POOLS[0]
    pool = [str(x) for x in sc["when"]]
    rep = _run(sc, pool[:2] + ["rewind 1", pool[2], pool[3]])
    assert [u["line"] for u in backup(rep, 0).undone] == [5, 4, 1]
    assert [u["line"] for u in backup(rep, 1).undone] == [5, 4]
