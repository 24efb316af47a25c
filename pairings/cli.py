"""Command line: ``python -m pairings pair`` and ``python -m pairings standings`` (stable contract).

Both read one JSON object on stdin and write one on stdout. Bad input exits with status 2 and a
one-line message on stderr naming the bad field; no traceback, no Django.

pair in:  {"round": 4, "seed": 7, "players": [{"id": "p1", "points": 3, "opponents": ["p2"],
          "had_bye": false, "rank": 12, "pod": null, "avoid": ["p9"]}, ...]}
pair out: {"pairings": [["p1", "p7"], ...], "bye": "p33"}            (bye null when none;
          with several odd pods a "byes" list is added; when keep-apart pairs had to meet,
          "kept_apart": [["p1", "p9"], ...] is added)

standings in:  {"rounds_completed": 3, "players": [{"id": "A"}, {"id": "L", "joined_in_round": 2}, ...],
                "matches": [{"round": 1, "a": "A", "b": "B", "result": "a"}, ...],
                "options": {"bye_counts_in_cmp": true, "seed": 1, "removed": [], "policy": "fab"}}
standings out: {"standings": [{"rank": 1, "id": "E", "match_points": 2, "cmp": "13/17",
                "mlp": "1/2", "omlp": "1/3", "ocmp": "21/34"}, ...]}  (fractions in lowest terms;
                policy "points_3_1_0" adds "omw", "gw", "ogw"; a late entrant's earlier rounds
                are losses, counted in "missed")
"""

from __future__ import annotations

import json
import sys
from typing import Any, Literal, TextIO, overload

from pairings.errors import InvalidInput
from pairings.swiss import PlayerState, pair_round
from pairings.tiebreakers import MatchRecord, compute_standings

USAGE = "usage: python -m pairings pair|standings < in.json > out.json"


def main(
    argv: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if len(argv) != 1 or argv[0] not in ("pair", "standings"):
        print(USAGE, file=stderr)
        return 2
    try:
        try:
            raw = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InvalidInput(
                "input", f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
            ) from None
        except UnicodeDecodeError:
            raise InvalidInput("input", "not valid UTF-8") from None
        out = run_pair(data) if argv[0] == "pair" else run_standings(data)
    except InvalidInput as exc:
        print(f"error: {exc}", file=stderr)
        return 2
    except RecursionError:
        print("error: input: nested too deeply", file=stderr)
        return 2
    except Exception as exc:  # a bug, not bad input: one line, no traceback, a distinct status
        print(f"internal error (please report): {type(exc).__name__}: {exc}", file=stderr)
        return 1
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n"
    if hasattr(stdout, "buffer"):
        stdout.flush()
        stdout.buffer.write(text.encode("utf-8"))
        stdout.buffer.flush()
    else:
        stdout.write(text)
    return 0


def run_pair(data: Any) -> dict[str, Any]:

    obj = _object(data, "input")
    round_number = _int(obj, "round", "round", minimum=1)
    seed = _int(obj, "seed", "seed", default=0)
    players = []
    for i, item in enumerate(_list(obj, "players", "players")):
        where = f"players[{i}]"
        p = _object(item, where)
        opponents = _strings(p, "opponents", where)
        avoid = _strings(p, "avoid", where)
        players.append(
            PlayerState(
                id=_str(p, "id", f"{where}.id"),
                points=_int(p, "points", f"{where}.points", minimum=0),
                opponents=tuple(opponents),
                had_bye=_bool(p, "had_bye", f"{where}.had_bye", default=False),
                rank=_int(p, "rank", f"{where}.rank", default=None, nullable=True),
                pod=_str(p, "pod", f"{where}.pod", default=None, nullable=True),
                avoid=tuple(avoid),
            )
        )
    result = pair_round(players, round_number=round_number, seed=seed)
    out: dict[str, Any] = {"pairings": [list(pair) for pair in result.pairings], "bye": result.bye}
    if len(result.byes) > 1:  # several odd draft pods: "bye" is the first, "byes" lists them all
        out["byes"] = list(result.byes)
    if result.kept_apart:
        out["kept_apart"] = [list(pair) for pair in result.kept_apart]
    return out


def _strings(p: dict[str, Any], key: str, where: str) -> list[str]:
    values = _list(p, key, f"{where}.{key}", default=[])
    for k, value in enumerate(values):
        if not isinstance(value, str):
            raise InvalidInput(f"{where}.{key}[{k}]", "must be a string")
    return values


def run_standings(data: Any) -> dict[str, Any]:

    obj = _object(data, "input")
    rounds = _int(obj, "rounds_completed", "rounds_completed", minimum=0)
    ids = []
    joined: dict[str, int] = {}
    for i, item in enumerate(_list(obj, "players", "players")):
        player = _object(item, f"players[{i}]")
        ids.append(_str(player, "id", f"players[{i}].id"))
        if "joined_in_round" in player:
            joined[ids[-1]] = _int(player, "joined_in_round", f"players[{i}].joined_in_round", minimum=1)
    matches = []
    for i, item in enumerate(_list(obj, "matches", "matches", default=[])):
        if type(item) is dict and len(item) == 4:  # fast path for the plain {round, a, b, result} shape
            r, a, b, res = item.get("round"), item.get("a"), item.get("b", 0), item.get("result")
            if (
                type(r) is int
                and r >= 1
                and type(a) is str
                and a
                and type(res) is str
                and res
                and (b is None or (type(b) is str and b))
            ):
                matches.append(MatchRecord(r, a, b, res))
                continue
        where = f"matches[{i}]"
        m = _object(item, where)
        matches.append(
            MatchRecord(
                round=_int(m, "round", f"{where}.round", minimum=1),
                a=_str(m, "a", f"{where}.a"),
                b=_str(m, "b", f"{where}.b", default=None, nullable=True),
                result=_str(m, "result", f"{where}.result"),
                games_a=_int(m, "games_a", f"{where}.games_a", default=0, minimum=0),
                games_b=_int(m, "games_b", f"{where}.games_b", default=0, minimum=0),
                games_drawn=_int(m, "games_drawn", f"{where}.games_drawn", default=0, minimum=0),
            )
        )
    options = _object(obj.get("options", {}), "options")
    removed = _list(options, "removed", "options.removed", default=[])
    for k, pid in enumerate(removed):
        if not isinstance(pid, str) or not pid:
            raise InvalidInput(f"options.removed[{k}]", "must be a non-empty string")
    policy = _str(options, "policy", "options.policy", default="fab")
    try:
        rows = compute_standings(
            ids,
            matches,
            rounds_completed=rounds,
            bye_counts_in_cmp=_bool(options, "bye_counts_in_cmp", "options.bye_counts_in_cmp", default=True),
            seed=_int(options, "seed", "options.seed", default=0),
            removed=removed,
            policy=policy,
            joined=joined,
        )
    except InvalidInput as exc:
        if exc.field in ("policy", "seed"):
            raise InvalidInput(f"options.{exc.field}", exc.message) from None
        raise
    out: list[dict[str, Any]] = []
    for row in rows:
        entry: dict[str, Any] = {
            "rank": row.rank,
            "id": row.id,
            "match_points": row.match_points,
            "cmp": str(row.cmp),
            "mlp": str(row.mlp),
            "omlp": str(row.omlp),
            "ocmp": str(row.ocmp),
        }
        if row.missed:
            entry["missed"] = row.missed
        if row.omw is not None:
            entry.update(omw=str(row.omw), gw=str(row.gw), ogw=str(row.ogw))
        out.append(entry)
    return {"standings": out}


# -- field readers: each names the field it rejects --------------------------------------

_MISSING = object()


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidInput(field, "must be a JSON object")
    return value


def _get(obj: dict[str, Any], key: str, field: str, default: Any) -> Any:
    if key in obj:
        return obj[key]
    if default is _MISSING:
        raise InvalidInput(field, "is required")
    return default


def _list(obj: dict[str, Any], key: str, field: str, default: Any = _MISSING) -> list[Any]:
    value = _get(obj, key, field, default)
    if not isinstance(value, list):
        raise InvalidInput(field, "must be a JSON array")
    return value


@overload
def _int(
    obj: dict[str, Any],
    key: str,
    field: str,
    *,
    default: Any = _MISSING,
    minimum: int | None = None,
    nullable: Literal[False] = False,
) -> int: ...
@overload
def _int(
    obj: dict[str, Any],
    key: str,
    field: str,
    *,
    default: Any = _MISSING,
    minimum: int | None = None,
    nullable: bool,
) -> int | None: ...
def _int(
    obj: dict[str, Any],
    key: str,
    field: str,
    *,
    default: Any = _MISSING,
    minimum: int | None = None,
    nullable: bool = False,
) -> int | None:
    value = _get(obj, key, field, default)
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(field, "must be an integer" + (" or null" if nullable else ""))
    if minimum is not None and value < minimum:
        raise InvalidInput(field, f"must be at least {minimum}")
    return value


@overload
def _str(
    obj: dict[str, Any], key: str, field: str, *, default: Any = _MISSING, nullable: Literal[False] = False
) -> str: ...
@overload
def _str(
    obj: dict[str, Any], key: str, field: str, *, default: Any = _MISSING, nullable: bool
) -> str | None: ...
def _str(
    obj: dict[str, Any], key: str, field: str, *, default: Any = _MISSING, nullable: bool = False
) -> str | None:
    value = _get(obj, key, field, default)
    if value is None and nullable:
        return None
    if not isinstance(value, str) or not value:
        raise InvalidInput(field, "must be a non-empty string" + (" or null" if nullable else ""))
    return value


def _bool(obj: dict[str, Any], key: str, field: str, *, default: Any = _MISSING) -> bool:
    value = _get(obj, key, field, default)
    if not isinstance(value, bool):
        raise InvalidInput(field, "must be true or false")
    return value
