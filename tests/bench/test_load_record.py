"""bench/load.py --record writes its figures and its command to docs/benchmarks-history.md (issues 20, 33)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load_module():
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_record_text_names_the_command_and_keeps_the_report():
    load = _load_module()
    lines = ["bench/load.py issue20 at abc1234, 2026-11-25 01:43 UTC\n", "500 players:\n", "  storm: 121 s\n"]
    text = load.record_text(["--players", "500"], lines)
    assert text.startswith("\n### bench/load.py issue20 at abc1234, 2026-11-25 01:43 UTC\n")
    assert "Command: `.venv/bin/python bench/load.py --players 500`" in text
    assert (
        "```\nbench/load.py issue20 at abc1234, 2026-11-25 01:43 UTC\n500 players:\n  storm: 121 s\n```\n"
        in text
    )


def test_run_and_record_appends_only_a_successful_run(tmp_path, monkeypatch):
    load = _load_module()
    target = tmp_path / "benchmarks-history.md"
    target.write_text("# Benchmark history\n")
    # A stand-in for the storm: a script that prints a report (and one that fails).
    ok = tmp_path / "ok.py"
    ok.write_text("print('bench/load.py issue20 at x'); print('0 errors')\n")
    bad = tmp_path / "bad.py"
    bad.write_text("print('half a report'); raise SystemExit(3)\n")
    monkeypatch.setattr(load, "__file__", str(ok))
    assert load.run_and_record(["--players", "1"], target) == 0
    monkeypatch.setattr(load, "__file__", str(bad))
    assert load.run_and_record(["--players", "1"], target) == 3
    text = target.read_text()
    assert "0 errors" in text and "Command: `.venv/bin/python bench/load.py --players 1`" in text
    assert "half a report" not in text


def test_record_goes_to_the_history_file_under_its_recorded_runs_heading():
    """The default target is docs/benchmarks-history.md, whose last section ("Later runs") collects
    the runs recorded since the split; docs/benchmarks.md (current figures) links to it."""
    load = _load_module()
    assert load.BENCHMARKS_HISTORY_MD == ROOT / "docs" / "benchmarks-history.md"
    assert load.run_and_record.__defaults__ == (load.BENCHMARKS_HISTORY_MD,)
    history = load.BENCHMARKS_HISTORY_MD.read_text(encoding="utf-8")
    headings = [line for line in history.splitlines() if line.startswith("## ")]
    assert headings[-1] == "## Later runs"
    assert "benchmarks-history.md" in (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")


def test_server_cpu_counts_processes_in_their_own_process_groups():
    """config.serve starts gunicorn in a process group of its own (issue 35): the bench's CPU per
    request must still count it (it printed 0 ms per request when it summed one process group)."""
    import subprocess
    import sys
    import time

    load = _load_module()
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\ntime.sleep(30)"
    spawn = (
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {burn!r}], start_new_session=True)\n"
        "time.sleep(30)"
    )
    root = subprocess.Popen([sys.executable, "-c", spawn])
    try:
        deadline = time.monotonic() + 20
        while load.server_cpu_seconds(root.pid) < 0.5:
            assert time.monotonic() < deadline, "the grandchild's CPU in its own session was not counted"
            time.sleep(0.2)
    finally:
        import os
        import signal

        for line in subprocess.run(
            ["pgrep", "-P", str(root.pid)], capture_output=True, text=True
        ).stdout.split():
            os.kill(int(line), signal.SIGKILL)
        root.kill()
        root.wait()
