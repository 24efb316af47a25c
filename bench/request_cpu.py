"""CPU cost per request of the reporting storm's endpoints, in one process (issue 20).

Wall-clock latency needs a quiet machine (bench/load.py); the CPU a request costs does not:
this script builds the same event as bench/load.py (N players, round 1 played, round 2
published with its clock running) in a PostgreSQL database of its own, then drives Django's
test client in-process through the same sequence a storm sends (a report, a confirmation, the
public event page and the standings API after each change, the clock, conditional re-polls, a
logged-in player's event page (and a second player's right after it) and a scorekeeper's live dashboard fragment)
and prints the CPU time per request by endpoint (process time, so waiting for a core is not
counted), with ``--profile`` the top functions by cumulative time.

Run:  .venv/bin/python bench/request_cpu.py --players 2000 [--tables 200] [--profile] [--check]

``--check`` compares each endpoint's median with its budget in ``bench/request_cpu_budget.json``
and exits 1 when one exceeds it by more than the file's tolerance (50%): run it before a change
that touches the storm's paths (reporting, the event page, standings, the clock, the staff
fragment). Not a test of the suite: CPU time depends on the machine, so the budget is re-recorded
with the figures in docs/benchmarks.md when the machine changes.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--tables", type=int, default=200, help="tables that report and confirm")
    ap.add_argument("--db", default="arbiter_request_cpu")
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="ENDPOINT",
        help="profile only this endpoint's requests (repeatable), e.g. 'report POST'",
    )
    ap.add_argument("--check", action="store_true", help="exit 1 when an endpoint is over its CPU budget")
    args = ap.parse_args()

    sys.path.insert(0, str(ROOT / "bench"))
    import load  # noqa: E402  (bench/load.py: the same event and stores as the storm)

    db_url = load.fresh_stores(args.db, args.redis)

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "state.json")
        load.child_setup(db_url, args.redis, args.players, out)
        state = json.loads(Path(out).read_text())

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.authtoken.models import Token

    settings.ALLOWED_HOSTS = ["*"]
    client = Client()  # an anonymous spectator: answered from the public microcache
    # A logged-in player and a scorekeeper are always answered fresh: their rows measure what
    # building the page costs (the player's event page, the staff dashboard's live fragment).
    # A second player opens the page right after the first: what the rest of the room pays at
    # a version someone already built.
    player_client, other_player_client, staff_client = Client(), Client(), Client()
    settings.AXES_ENABLED = False  # force_login has no request address for the login log
    player_client.force_login(Token.objects.get(key=state["tables"][0]["a"]).user)
    other_player_client.force_login(Token.objects.get(key=state["tables"][1]["b"]).user)
    staff_client.force_login(get_user_model().objects.get(username=f"{state['slug']}-sk"))
    slug, number = state["slug"], state["round"]
    cpu: dict[str, list[float]] = defaultdict(list)
    profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not wall

    def call(label: str, method: str, url: str, *, by=None, **kw):
        t = time.process_time()
        profiling = profiler is not None and (not args.only or label in args.only)
        if profiling:
            profiler.enable()
        response = getattr(by or client, method)(url, secure=True, **kw)
        if profiling:
            profiler.disable()
        cpu[label].append(time.process_time() - t)
        assert response.status_code in (200, 304), (label, response.status_code, response.content[:300])
        return response

    etag_page = etag_standings = None
    for t in state["tables"][: args.tables]:
        url = f"/api/matches/{t['id']}/"
        call(
            "report POST",
            "post",
            url + "report/",
            data=t["body"],
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {t['a']}",
        )
        call(
            "confirm POST",
            "post",
            url + "confirm/",
            data={},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {t['b']}",
        )
        r = call("event page (changed)", "get", f"/events/{slug}/", HTTP_ACCEPT_ENCODING="gzip")
        etag_page = r.headers.get("ETag")
        call("event page (304)", "get", f"/events/{slug}/", HTTP_IF_NONE_MATCH=etag_page or "")
        call("event page (warm)", "get", f"/events/{slug}/", HTTP_ACCEPT_ENCODING="gzip")
        call("event page (player)", "get", f"/events/{slug}/", by=player_client, HTTP_ACCEPT_ENCODING="gzip")
        call(
            "event page (2nd player)",
            "get",
            f"/events/{slug}/",
            by=other_player_client,
            HTTP_ACCEPT_ENCODING="gzip",
        )
        r = call("staff live (changed)", "get", f"/events/{slug}/staff/live/", by=staff_client)
        call(
            "staff live (304)",
            "get",
            f"/events/{slug}/staff/live/",
            by=staff_client,
            HTTP_IF_NONE_MATCH=r.headers.get("ETag") or "",
        )
        r = call("standings API (changed)", "get", f"/api/events/{slug}/standings/")
        etag_standings = r.headers.get("ETag")
        call(
            "standings API (304)",
            "get",
            f"/api/events/{slug}/standings/",
            HTTP_IF_NONE_MATCH=etag_standings or "",
        )
        r = call("clock GET", "get", f"/api/events/{slug}/rounds/{number}/clock/")
        call(
            "clock GET (304)",
            "get",
            f"/api/events/{slug}/rounds/{number}/clock/",
            HTTP_IF_NONE_MATCH=r.headers.get("ETag") or "",
        )

    print(f"{args.players} players, {args.tables} tables reported and confirmed (CPU ms per request)")
    print(f"{'endpoint':26} {'n':>5} {'p50':>8} {'p95':>8} {'mean':>8}")
    for label, values in cpu.items():
        ms = sorted(v * 1000 for v in values)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"{label:26} {len(ms):5d} {statistics.median(ms):8.1f} {p95:8.1f} {statistics.fmean(ms):8.1f}")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(
            r"arbiter|wt-|tournament|core|django/(template|db|core/cache)", 60
        )
    if args.check:
        medians = {label: statistics.median(v * 1000 for v in values) for label, values in cpu.items()}
        raise SystemExit(check_budget(medians, args.players))


def check_budget(medians: dict[str, float], players: int, path: Path | None = None) -> int:
    """Print each median beside its budget; 1 when one is over budget by more than the tolerance."""
    budget = json.loads((path or ROOT / "bench" / "request_cpu_budget.json").read_text())
    if players != budget["players"]:
        print(f"budget check: the budget is for {budget['players']} players, not {players}; not checked")
        return 1
    limit = 1 + float(budget["tolerance"])
    over = []
    print(f"{'endpoint':26} {'p50 ms':>8} {'budget':>8} {'limit':>8}")
    for label, allowed in budget["p50_ms"].items():
        got = medians.get(label)
        if got is None:
            print(f"{label:26} {'missing':>8} {allowed:8.1f}")
            over.append(label)
            continue
        flag = "  OVER" if got > allowed * limit else ""
        print(f"{label:26} {got:8.1f} {allowed:8.1f} {allowed * limit:8.1f}{flag}")
        if flag:
            over.append(label)
    print(
        "budget check: "
        + (f"{len(over)} over budget: {', '.join(over)}" if over else "every endpoint within budget")
    )
    return 1 if over else 0


if __name__ == "__main__":
    main()
