"""Command line: ``python -m rules_engine.game replay|scenarios|backup|cards-index ...``.

    replay FILE [--json] [--cards CARDS | --dump FABRARY_JSON | --no-cards] [--rules-version V]
        Replay a log (YAML with ``given`` and ``log``, or a text file with one line per entry) and
        print each line's state and findings.
    scenarios FILE [--id ID] [--json] [--cards CARDS | --dump FABRARY_JSON]
        Run scenario files; ``--json`` prints the stable contract {"scenarios": [...]}.
    backup FILE --to K [--json]
        What backing up to the state after line K would undo and reveal.
    cards-index SRC OUT
        Write a compact card file (JSON list of card facts) from the-fab-cube data, for ``--cards``.
    cards-coverage --format cc|sage|blitz|ll [--json] [--dump FABRARY_JSON] [--list STATE]
        Each text sentence of each card legal in the format with its state (computed / manual /
        silent) and totals; ``--json`` prints the contract documented in ``cardcoverage``. The pool is
        a fabrary dump (``node tools/fabrary/dump.mjs OUT.json``), default $ARBITER_FABRARY_JSON.

CARDS is a the-fab-cube directory or card.json, or a compact card file; it defaults to
$ARBITER_CARDS or the shared the-fab-cube copy (cards given inline always come first). Never prints a traceback:
unreadable input is reported and the exit status is 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from rules_engine.cards import CardDatabase
from rules_engine.importers.fabrary import parse_fabrary

from .backup import backup
from .cardcoverage import FORMATS, coverage_report, pool, render_text
from .cardindex import load_indexed
from .cards import CardLookup, DatabaseCards, FabCubeCards, InlineCards, facts_from_mapping
from .log import names_for, replay
from .scenarios import GivenError, load_yaml, run_file
from .start import start_state
from .state import GameState, PlayerState
from .view import view


def default_cards() -> str | None:
    """The card data a judge's replay uses when ``--cards`` is not given: ``$ARBITER_CARDS``, else
    the-fab-cube copy in the shared data folder next to the project (when present)."""
    env = os.environ.get("ARBITER_CARDS")
    if env:
        return env
    shared = Path(os.environ.get("ARBITER_SHARED_DIR", Path(__file__).resolve().parents[3] / "shared"))
    cube = shared / "data" / "fabcube" / "card.json"
    return str(cube) if cube.exists() else None


#: A card lookup given by the caller (``manage.py reconstruct --release``: the database release);
#: when set it replaces ``--cards`` for every subcommand.
GIVEN_LOOKUP: list[CardLookup] = []


def load_cards(path: str | None) -> CardLookup | None:
    """The card lookup of ``path``: a the-fab-cube file through its on-disk index (``cardindex``,
    built once per file and code version, so a run reads only the cards it names), or a compact
    card file. ``$ARBITER_CARDS_NO_INDEX=1`` reads the whole file instead."""
    if GIVEN_LOOKUP:
        return GIVEN_LOOKUP[0]
    if not path:
        return None
    p = Path(path)
    fabcube = p.is_dir() or p.name == "card.json"
    if not fabcube:
        with p.open(encoding="utf-8") as fh:
            head = fh.read(4096)
        fabcube = head.lstrip().startswith("[") and '"unique_id"' in head
    if fabcube:
        if os.environ.get("ARBITER_CARDS_NO_INDEX"):
            return FabCubeCards.load(p)
        return load_indexed(p)
    data = json.loads(p.read_text(encoding="utf-8"))
    return InlineCards(facts_from_mapping(x) for x in data)


def load_fabrary(path: str) -> CardLookup:
    """The card lookup of a fabrary dump (``node tools/fabrary/dump.mjs OUT.json``): the project's
    card records of the pinned ``@flesh-and-blood/cards`` package, the data the coverage report reads."""
    result = parse_fabrary(path)
    return DatabaseCards(CardDatabase(result.cards, release=f"{result.source}@{result.version}"))


def _lookup(args: argparse.Namespace) -> CardLookup | None:
    """The card lookup a replay, scenario run or backup uses: none with ``--no-cards``, a fabrary
    dump with ``--dump`` (unless the caller gave a lookup), else ``--cards`` or the default file."""
    if args.no_cards:
        return None
    if getattr(args, "dump", None) and not GIVEN_LOOKUP:
        return load_fabrary(args.dump)
    return load_cards(args.cards or default_cards())


def load_log(path: str, lookup: CardLookup | None) -> tuple[GameState, list[str], InlineCards, str]:
    text = Path(path).read_text(encoding="utf-8")
    if path.endswith((".yaml", ".yml")):
        import yaml  # noqa: PLC0415 (a third-party library only this code path needs)

        data = yaml.safe_load(text) or {}
        if not isinstance(data, dict):
            raise GivenError("a log file is a mapping with 'given' and 'log'")
        version = str(data.get("rules_version", "2.13.0"))
        state, inline = start_state(
            data.get("given") or {},
            lookup,
            version,
            extra_cards=[facts_from_mapping(extra) for extra in data.get("cards") or []],
        )
        lines = [str(x) for x in (data.get("log") or data.get("when") or [])]
        return state, lines, inline, version
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    state = GameState()
    state.players = {pl: PlayerState(hand_unknown=4) for pl in ("P1", "P2")}
    state.p("P1").action_points = 1
    return state, lines, InlineCards(fallback=lookup), "2.13.0"


def _print_findings(findings: list[Any]) -> None:
    for f in findings:
        rules = f", CR {', '.join(f.rules)}" if f.rules else ""
        print(f"    [{f.kind}{rules}] {f.message}")


def cmd_replay(args: argparse.Namespace) -> int:
    lookup = _lookup(args)
    state, lines, inline, version = load_log(args.file, lookup)
    version = args.rules_version or version
    idx = names_for(state, lookup=inline)
    rep = replay(state, lines, inline, version=version, names=idx)
    if args.json:
        print(
            json.dumps(
                {"initial": view(rep.initial), "steps": [s.to_json() for s in rep.steps]},
                indent=1,
                default=str,
            )
        )
        return 0
    for s in rep.steps:
        mark = "" if s.active else " (superseded)"
        print(f"{s.number:>3}. {s.text}{mark}   [{s.state.state_hash()}]")
        v = view(s.state)
        chain = v["combat_chain"]
        print(
            f"     turn {v['turn']} {v['phase']}{' / ' + str(chain['step']) if chain['step'] else ''}; "
            + "; ".join(
                f"{pl}: life {v[pl]['life']}, AP {v[pl]['action_points']}, RP {v[pl]['resource_points']}, hand {v[pl]['hand_size']}"
                for pl in ("P1", "P2")
            )
            + f"; stack {[x['card'] for x in v['stack']]}"
        )
        _print_findings(s.findings)
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    lookup = _lookup(args)
    state, lines, inline, version = load_log(args.file, lookup)
    rep = replay(state, lines, inline, version=version, names=names_for(state, lookup=inline))
    report = backup(rep, args.to)
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        print(f"Backup to after line {args.to}: {'clean' if report.clean else 'NOT clean'}")
        for u in report.undone:
            print(f"  undo line {u['line']}: {u['text']}")
        for r in report.random_events:
            print(f"  random event crossed (line {r['line']}): {r['player']} {r['event']}")
        for pl, cards in report.revealed.items():
            if cards:
                print(f"  {pl} has seen: {', '.join(cards)}")
        for r in report.returns:
            print(f"  {r['card']} ({r['owner']}) goes back from {r['now']} to {r['back_to']}")
        for r in report.restores:
            who = f"{r['card']} ({r['owner']})" if "card" in r else r["player"]
            print(f"  {who} {r['what']} come back from {r['now']} to {r['back_to']}")
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    lookup = _lookup(args)
    out: list[dict[str, Any]] = []
    failed = 0
    for path in args.files:
        results = run_file(load_yaml(path), lookup, only=args.id)
        for r in results:
            out.append(r.to_json(with_findings=not args.json))
            if r.failures:
                failed += 1
    if args.json:
        print(json.dumps({"scenarios": out}, indent=1, default=str))
        return 0
    for item in out:
        status = "ok  " if not item["failures"] else "FAIL"
        print(f"{status} {item['id']}")
        for f in item["failures"]:
            print(f"       {f}")
    print(f"{len(out) - failed}/{len(out)} scenarios match their expectations")
    return 1 if failed else 0


def cmd_cards_index(args: argparse.Namespace) -> int:
    db = FabCubeCards.load(args.src)
    items = [f.to_json() for variants in db.by_name.values() for f in variants]
    Path(args.out).write_text(json.dumps(items), encoding="utf-8")
    print(f"wrote {len(items)} cards to {args.out}")
    return 0


def cmd_cards_coverage(args: argparse.Namespace) -> int:
    if not args.dump:
        raise ValueError("no card pool: give --dump FABRARY_JSON or set $ARBITER_FABRARY_JSON")
    result = parse_fabrary(args.dump)
    report = coverage_report(
        pool(result.cards, args.format), fmt=args.format, source=f"{result.source}@{result.version}"
    )
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(render_text(report, only=args.list))
    return 0


def main(argv: list[str] | None = None, *, lookup: CardLookup | None = None) -> int:
    """Run one subcommand; ``lookup`` (the database release of ``manage.py reconstruct``) replaces
    the card file for replay, scenarios and backup."""
    GIVEN_LOOKUP[:] = [lookup] if lookup is not None else []
    ap = argparse.ArgumentParser(
        prog="python -m rules_engine.game", description="Flesh and Blood game-state reconstruction"
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="replay a log")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.add_argument("--cards")
    r.add_argument("--rules-version", choices=["2.13.0", "older"])
    r.add_argument("--no-cards", action="store_true", help="use only the cards given in the log")
    r.add_argument("--dump", help="a fabrary dump (FABRARY_JSON) as the card data")
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("scenarios", help="run scenario files")
    s.add_argument("files", nargs="+")
    s.add_argument("--id")
    s.add_argument("--json", action="store_true")
    s.add_argument("--cards")
    s.add_argument("--no-cards", action="store_true", help="use only each scenario's own cards")
    s.add_argument("--dump", help="a fabrary dump (FABRARY_JSON) as the card data")
    s.set_defaults(func=cmd_scenarios)
    b = sub.add_parser("backup", help="report a backup")
    b.add_argument("file")
    b.add_argument("--to", type=int, required=True)
    b.add_argument("--json", action="store_true")
    b.add_argument("--cards")
    b.add_argument("--no-cards", action="store_true", help="use only the cards given in the log")
    b.add_argument("--dump", help="a fabrary dump (FABRARY_JSON) as the card data")
    b.set_defaults(func=cmd_backup)
    c = sub.add_parser("cards-index", help="write a compact card file")
    c.add_argument("src")
    c.add_argument("out")
    c.set_defaults(func=cmd_cards_index)
    cc = sub.add_parser("cards-coverage", help="what the engine does with each card's text")
    cc.add_argument("--format", choices=FORMATS, default="cc")
    cc.add_argument("--json", action="store_true")
    cc.add_argument("--dump", default=os.environ.get("ARBITER_FABRARY_JSON"))
    cc.add_argument("--list", choices=["computed", "manual", "silent"], help="list the cards in one state")
    cc.set_defaults(func=cmd_cards_coverage)
    args = ap.parse_args(argv)
    try:
        return int(args.func(args))
    except (OSError, ValueError, GivenError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - the CLI never shows a traceback
        print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
