"""Run rules scenarios (GIVEN state / WHEN steps / EXPECT facts) and compare expectations.

The file format is the one of the project's scenario files: a YAML list of scenarios with ``id``,
``given`` (turn, phase, step, combat_chain, stack, P1/P2 zones with inline cards), ``when`` (plain
English steps, numbered from 1) and ``expect`` (facts, ``checkpoints``, ``violations``,
``mismatches``). A top-level ``rules_version: "older"`` judges a scenario by the older CR edition.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import CardLookup, InlineCards, facts_from_mapping, norm_name
from .context import Event
from .engine import Engine
from .given import GivenError, StateBuilder, collect_cards, names_in
from .phrases import NameIndex, Parser, index_for
from .rules import MISMATCH, VIOLATION, Finding
from .view import view

__all__ = [
    "GivenError",
    "ScenarioResult",
    "StateBuilder",
    "collect_cards",
    "compare_expect",
    "load_yaml",
    "run_file",
    "run_scenario",
]


# ----------------------------------------------------------------------------------------------
# running
# ----------------------------------------------------------------------------------------------


@dataclass
class ScenarioResult:
    id: str
    violations: list[dict[str, Any]] = field(default_factory=list)
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    checkpoints: dict[str, dict[str, Any]] = field(default_factory=dict)
    unparsed: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    failures: list[str] = field(default_factory=list)
    rules_version: str = "2.13.0"
    hashes: list[str] = field(default_factory=list)

    def to_json(self, with_findings: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "rules_version": self.rules_version,
            "violations": self.violations,
            "mismatches": self.mismatches,
            "state": self.state,
            "checkpoints": self.checkpoints,
            "unparsed": self.unparsed,
            "error": self.error,
        }
        if with_findings:
            out["findings"] = [f.to_json() for f in self.findings]
            out["failures"] = list(self.failures)
        return out


def run_scenario(sc: dict[str, Any], lookup: CardLookup | None = None) -> ScenarioResult:
    """Build the given state, replay the ``when`` steps, and compare with ``expect``. Never raises.
    A Grand Archive scenario (``given.game: ga``) runs on the GA engine (:mod:`rules_engine.ga`)."""
    given0 = sc.get("given")
    if isinstance(given0, dict) and str(given0.get("game", "")).casefold() == "ga":
        # The GA runner builds on this module's result and comparison: importing it at the top
        # would be circular.
        from rules_engine.ga.scenarios import run_ga_scenario  # noqa: PLC0415

        return run_ga_scenario(sc)
    sid = str(sc.get("id", "?"))
    # the version may also be written inside ``given`` (a start position is pinned to an edition)
    given0 = sc.get("given")
    given0 = given0 if isinstance(given0, dict) else {}
    version = str(sc.get("rules_version", given0.get("rules_version", "2.13.0")))
    if version not in ("2.13.0", "older"):
        version = "older" if "old" in version.casefold() else "2.13.0"
    res = ScenarioResult(id=sid, rules_version=version)
    try:
        given = sc.get("given") or {}
        if not isinstance(given, dict):
            raise GivenError("given must be a mapping")
        inline = InlineCards(collect_cards(given), fallback=lookup)
        for extra in sc.get("cards") or []:
            inline.add(facts_from_mapping(extra))
        engine = Engine(inline, version)
        state = StateBuilder(inline, version).build(given)
        names: set[str] = set(inline.inline_names())
        names_in(given, names)
        index = NameIndex(sorted(names), parent=index_for(lookup))
        parser = Parser(index)
        parser.set_heroes(state)
        prev: list[Event] = []
        history: list[Event] = []
        steps = sc.get("when") or []
        for i, text in enumerate(steps, start=1):
            parser.turn_player = state.turn_player  # a pronoun's referent by role (phrases._pronouns)
            entry = parser.parse(i, str(text))
            for u in entry.unparsed:
                res.unparsed.append({"action": i, "text": u})
            step = engine.apply(state, entry, prev, history)
            prev = step.events
            history = history + step.events if step.state.turn_number == state.turn_number else []
            state = step.state
            res.findings.extend(step.findings)
            res.checkpoints[str(i)] = view(state)
            res.hashes.append(state.state_hash())
        if state.pending is not None:
            state = engine.end_of_log(state, len(steps) + 1)
        res.state = view(state)
    except Exception as exc:  # never a traceback: the scenario reports its error
        res.error = f"{type(exc).__name__}: {exc}"
    return finish_result(res, sc)


def finish_result(res: ScenarioResult, sc: dict[str, Any]) -> ScenarioResult:
    """The violations and claim mismatches of ``res.findings`` in the contract's shape, and the
    comparison with the scenario's ``expect`` (shared by the FaB and GA runners)."""
    for f in res.findings:
        if f.kind == VIOLATION:
            res.violations.append({"action": f.action, "rules": f.rules, "message": f.message})
        elif f.kind == MISMATCH and f.data.get("fact"):
            res.mismatches.append(
                {
                    "action": f.action,
                    "fact": f.data.get("fact"),
                    "claimed": f.data.get("claimed"),
                    "derived": f.data.get("derived"),
                }
            )
    res.failures = compare_expect(sc.get("expect") or {}, res)
    return res


# ----------------------------------------------------------------------------------------------
# comparing expectations
# ----------------------------------------------------------------------------------------------

_UNORDERED = {
    "keywords",
    "counters",
    "effects",
    "hand",
    "graveyard",
    "pitch_zone",
    "banished",
    "permanents",
    "soul",
    "weapons",
    "defending",
    "hand_includes",
    "arsenal",
    # Grand Archive zones (rules_engine.ga)
    "banishment",
    "memory_cards",
    "material_deck",
    "field",
}
_IGNORED = {"notes", "reason", "title"}


def _name_of(x: Any) -> str | None:
    if isinstance(x, str):
        return x
    if isinstance(x, dict):
        for k in ("name", "card"):
            if isinstance(x.get(k), str):
                return str(x[k])
    return None


def _match(exp: Any, act: Any, path: str, errs: list[str]) -> None:
    if isinstance(exp, dict) and isinstance(act, dict):
        for k, v in exp.items():
            if k in _IGNORED:
                continue
            if k == "hand_includes":
                hand = [str(n) for n in act.get("hand", [])]
                for n in v or []:
                    if not any(_same_card(str(n), h) for h in hand):
                        errs.append(f"{path}.hand does not include {n!r} (hand: {act.get('hand')})")
                continue
            if k == "links" and isinstance(v, int):
                n = len(act.get("links") or [])
                if n != v:
                    errs.append(f"{path}.links: expected {v} links, got {n}")
                continue
            if k == "links" and isinstance(v, list):
                links = act.get("links") or []
                for i, lv in enumerate(v):
                    num = lv.get("link", i + 1) if isinstance(lv, dict) else i + 1
                    found = next((x for x in links if x.get("link") == num), None)
                    if found is None:
                        errs.append(f"{path}.links: no link {num}")
                    else:
                        _match(lv, found, f"{path}.links[{num}]", errs)
                continue
            if k not in act:
                if v is None or (k == "soul" and v == []):
                    continue  # "head: null", "soul: []": nothing there, and the view leaves it out
                if k in _SHOWN_WHEN_SET and v in (False, []):
                    continue  # "marked: false": the view shows the mark only when there is one
                errs.append(f"{path}.{k}: not in the derived state")
                continue
            _match_value(k, v, act[k], f"{path}.{k}", errs)
        return
    _match_value(path.rsplit(".", 1)[-1], exp, act, path, errs)


_COLOUR = re.compile(r"\s*\((?:red|yellow|blue)\)\s*$", re.I)


def _same_card(expected: str, derived: str) -> bool:
    """An expected card name against a derived one. An expectation may name a pitch variant
    ("Snatch (red)") where the derived zones keep the card's name alone ("Snatch"): the colour
    chose the card when it was given or played, so it is compared only when both sides say one."""
    if norm_name(expected) == norm_name(derived):
        return True
    if _COLOUR.search(derived):
        return False
    return norm_name(_COLOUR.sub("", expected)) == norm_name(derived)


def _layer_key(name: str, key: str) -> str:
    """A name as compared; on the stack, the words for a layer's kind are one ("Gold activated-layer"
    is the engine's "Gold ability", CR 1.6) and a token trigger's number is left out ("Runechant 2
    trigger" is a "Runechant trigger")."""
    n = norm_name(name)
    if key != "stack":
        return n
    n = re.sub(r"\b(?:activated[- ]layer|activated ability|activated-ability)\b", "ability", n)
    return re.sub(r" \d+ trigger\b", " trigger", n)


def _effect_matches(said: str, effect: dict[str, Any]) -> bool:
    """An expected effect written in words ("prevent the next 1 damage (1 remaining)") against a
    derived one: its words begin the effect's description (or its card text), and a "(N remaining)"
    is its amount."""
    remaining = re.search(r"\((\d+) remaining\)", said)
    words = norm_name(re.sub(r"\([^)]*\)", "", said))
    described = [norm_name(str(effect.get(k) or "")) for k in ("description", "text")]
    if not words or not any(d.startswith(words) or words in d for d in described if d):
        return False
    return remaining is None or int(remaining.group(1)) == effect.get("amount")


def _match_value(key: str, exp: Any, act: Any, path: str, errs: list[str]) -> None:
    if (
        key == "effects"
        and isinstance(exp, list)
        and isinstance(act, list)
        and all(isinstance(e, str) for e in exp)
        and all(isinstance(a, dict) for a in act)
    ):
        left = list(act)
        for said in exp:
            found = next((a for a in left if _effect_matches(said, a)), None)
            if found is None:
                errs.append(f"{path}: expected {exp!r}, got {[a.get('description') for a in act]!r}")
                return
            left.remove(found)
        if left:
            errs.append(f"{path}: expected {exp!r}, got {[a.get('description') for a in act]!r}")
        return
    if isinstance(exp, dict):
        if isinstance(act, dict):
            _match(exp, act, path, errs)
        else:
            errs.append(f"{path}: expected {exp!r}, got {act!r}")
        return
    if isinstance(exp, list):
        if not isinstance(act, list):
            errs.append(f"{path}: expected {exp!r}, got {act!r}")
            return
        if len(exp) != len(act):
            errs.append(f"{path}: expected {exp!r}, got {[_name_of(a) or a for a in act]!r}")
            return
        pairs: list[tuple[Any, Any]]
        if key in _UNORDERED:
            remaining = list(act)
            pairs = []
            for e in exp:
                en = _name_of(e)
                cand = next(
                    (
                        a
                        for a in remaining
                        if en is not None and _name_of(a) is not None and _same_card(en, str(_name_of(a)))
                    ),
                    None,
                )
                if cand is None:
                    errs.append(f"{path}: expected {exp!r}, got {[_name_of(a) or a for a in act]!r}")
                    return
                remaining.remove(cand)
                pairs.append((e, cand))
        else:
            pairs = list(zip(exp, act))
        for e, a in pairs:
            if isinstance(e, str):
                an = _name_of(a)
                if an is None or not (_layer_key(an, key) == _layer_key(e, key) or _same_card(e, an)):
                    errs.append(f"{path}: expected {exp!r}, got {[_name_of(x) or x for x in act]!r}")
                    return
            else:
                _match_value(key, e, a, path, errs)
        return
    if isinstance(exp, str) and isinstance(act, dict):
        an = _name_of(act)
        if an is None or not _same_card(exp, an):
            errs.append(f"{path}: expected {exp!r}, got {an!r}")
        return
    if isinstance(exp, str) and isinstance(act, str):
        if key == "result" and norm_name(act).startswith(norm_name(exp) + " ("):
            return  # "P1 wins" names the outcome; the engine adds why in parentheses
        if not _same_card(exp, act):
            errs.append(f"{path}: expected {exp!r}, got {act!r}")
        return
    if exp != act:
        errs.append(f"{path}: expected {exp!r}, got {act!r}")


def _match_state(exp: dict[str, Any], state: dict[str, Any], label: str, errs: list[str]) -> None:
    for k, v in exp.items():
        if k in ("violations", "checkpoints", "mismatches", "notes", "after", "reason", "findings"):
            continue
        if k == "next":
            m = re.search(r"(P[12]) is the turn-player", str(v))
            if m and state.get("turn") != m.group(1):
                errs.append(
                    f"{label}.next: expected {m.group(1)} to be the turn-player, got {state.get('turn')}"
                )
            if "start phase" in str(v).casefold() and state.get("phase") != "start":
                errs.append(f"{label}.next: expected the start phase, got {state.get('phase')}")
            continue
        if k not in state:
            if k in _SHOWN_WHEN_SET and v in (False, [], None):
                continue  # the view shows "marked", "soul", "hero_tapped" only when there is one
            errs.append(f"{label}.{k}: not in the derived state")
            continue
        _match_value(k, v, state[k], f"{label}.{k}", errs)


#: Keys of a player's view that are present only when set (``view.view``), so an expectation of
#: false or empty is met by their absence.
_SHOWN_WHEN_SET = frozenset({"marked", "soul", "hero_tapped"})


def compare_expect(expect: dict[str, Any], res: ScenarioResult) -> list[str]:
    """Every difference between ``expect`` and the result, as readable lines (empty = pass)."""
    errs: list[str] = []
    if res.error:
        return [f"error: {res.error}"]
    if res.unparsed:
        errs.append(f"unparsed steps: {res.unparsed}")
    if "violations" in expect:
        exp_v = expect.get("violations") or []
        got = {v["action"]: v["rules"] for v in res.violations}
        exp_actions = {int(v["action"]) for v in exp_v}
        if set(got) != exp_actions:
            errs.append(
                f"violations: expected at actions {sorted(exp_actions)}, got {sorted(got)} ({res.violations})"
            )
        for v in exp_v:
            rules = [str(r) for r in v.get("rules", [])]
            have = got.get(int(v["action"]), [])
            if int(v["action"]) in got and rules and not set(rules) & set(have):
                errs.append(
                    f"violation at action {v['action']}: none of the rules {rules} is cited (cited {have})"
                )
    if "mismatches" in expect:
        exp_m = expect.get("mismatches") or []
        got_m = [
            (m["action"], m["fact"])
            for m in res.mismatches
            if m.get("fact")
            and "." in str(m["fact"])
            and str(m["fact"]).startswith(("P1", "P2", "combat", "phase", "turn", "game"))
        ]
        want = [(int(m["action"]), str(m["fact"])) for m in exp_m]
        if sorted(got_m) != sorted(want):
            errs.append(f"mismatches: expected {want}, got {got_m}")
        for m in exp_m:
            found = next(
                (x for x in res.mismatches if x["action"] == int(m["action"]) and x["fact"] == m["fact"]),
                None,
            )
            if found is not None:
                for key in ("claimed", "derived"):
                    if key in m and found.get(key) != m[key]:
                        errs.append(
                            f"mismatch at action {m['action']}: {key} expected {m[key]!r}, got {found.get(key)!r}"
                        )
    cps = expect.get("checkpoints") or []
    for cp in cps:
        after = str(cp.get("after"))
        state = res.checkpoints.get(after)
        if state is None:
            errs.append(f"checkpoint after {after}: no such step")
            continue
        _match_state(cp, state, f"after {after}", errs)
    _match_state(expect, res.state, "final", errs)
    return errs


def run_file(
    scenarios: Iterable[dict[str, Any]], lookup: CardLookup | None = None, only: str | None = None
) -> list[ScenarioResult]:
    out = []
    for sc in scenarios:
        if not isinstance(sc, dict):
            continue
        if only and str(sc.get("id")) != only:
            continue
        out.append(run_scenario(sc, lookup))
    return out


def load_yaml(path: str) -> list[dict[str, Any]]:
    import yaml  # noqa: PLC0415 (a third-party library only this code path needs)

    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    shared_cards: list[Any] = []
    if isinstance(data, dict):
        # A file may list its cards once (``cards:`` beside ``scenarios:``) for all its scenarios.
        shared_cards = list(data.get("cards") or []) if "scenarios" in data else []
        if "scenarios" in data and data.get("cards_from"):
            # ... or names a card file beside it (a YAML list of cards).
            other = os.path.join(os.path.dirname(path), str(data["cards_from"]))
            with open(other, encoding="utf-8") as fh:
                shared_cards += list(yaml.safe_load(fh) or [])
        data = data.get("scenarios", [data])
    out = [x for x in (data or []) if isinstance(x, dict)]
    if shared_cards:
        for sc in out:
            sc["cards"] = list(sc.get("cards") or []) + shared_cards
    return out
