"""bench/request_cpu.py --check: the budget comparison itself (the CPU figures are measured by the
benchmark, never by the suite)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("request_cpu", ROOT / "bench" / "request_cpu.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_budget_file_names_every_endpoint_the_bench_measures():
    budget = json.loads((ROOT / "bench" / "request_cpu_budget.json").read_text())
    source = (ROOT / "bench" / "request_cpu.py").read_text()
    for label in budget["p50_ms"]:
        assert f'"{label}"' in source, label


def test_over_budget_by_more_than_half_fails(tmp_path, capsys):
    path = tmp_path / "budget.json"
    path.write_text(
        json.dumps({"players": 100, "tolerance": 0.5, "p50_ms": {"clock GET": 4.0, "report POST": 10.0}})
    )
    check = _bench().check_budget
    assert check({"clock GET": 5.9, "report POST": 14.9}, 100, path) == 0
    assert check({"clock GET": 6.1, "report POST": 10.0}, 100, path) == 1
    assert "OVER" in capsys.readouterr().out
    assert check({"clock GET": 1.0}, 100, path) == 1  # an endpoint not measured is not within budget
    assert check({"clock GET": 1.0, "report POST": 1.0}, 2000, path) == 1  # another field size
