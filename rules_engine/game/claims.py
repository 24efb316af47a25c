"""Claims, observations and the judge's own lines.

What players say happened is checked, never applied: a narrated event ("Attack A deals 3 and hits",
"the blood debt trigger resolves") against the events the engine derived, an observation ("P2 life
is 11") against the derived state in the vocabulary of ``view``. A claimed life total higher than
the derived one by exactly a resolved trigger's damage is a probable missed trigger. The judge's
lines are applied as given and are never violations: an adjustment ("set P2.life to 14"), an
effect's outcome entered by hand, and a deck check against the hero (CR 8.3.6, 8.3.7, 1.1.3).
"""

from __future__ import annotations

import re
from typing import Any

from . import actions as A
from .cards import norm_name
from .context import Ctx, check_game_over
from .damage import deal_damage
from .layers import bump_attack
from .rules import MISMATCH, MISSED_TRIGGER, NOTE, UNREADABLE, CannotApply, Illegal
from .state import PLAYERS, GameState, Layer
from .view import get_path, view


def claim(s: GameState, c: A.Claim, ctx: Ctx) -> None:
    """Narrated automatic events are checked, never applied."""
    events = ctx.events + ctx.prev_events
    ok = True
    derived: Any = None
    if c.kind == "deals":
        link = next(
            (lk for lk in reversed(s.chain) if norm_name(lk.attack.name) == norm_name(c.subject)), None
        )
        if link is not None:
            derived = link.damage
            ok = link.damage == c.value
        else:
            dmg = [e for e in events if e.kind == "damage" and norm_name(e.subject) == norm_name(c.subject)]
            derived = dmg[-1].amount if dmg else None
            ok = derived == c.value
    elif c.kind == "hits":
        link = next(
            (lk for lk in reversed(s.chain) if norm_name(lk.attack.name) == norm_name(c.subject)), None
        )
        derived = link.hit if link else None
        ok = bool(derived)
    elif c.kind == "gains_ap":
        gained = sum(e.amount for e in events if e.kind == "gain_ap" and e.player == c.subject)
        derived = gained
        ok = gained == (c.value or 1)
    elif c.kind == "trigger_resolves":
        want = c.subject.casefold()
        if not any(
            e.kind in ("trigger", "resolve", "destroy") and want in e.subject.casefold() for e in events
        ):
            key = {
                "blood debt": "blood_debt",
                "crush": "crush",
                "quell destroy": "quell",
                "intimidate return": "intimidate",
                "blade break": "blade_break",
            }.get(want, "missed_trigger")
            raise Illegal(key, f"the log resolves a {c.subject} trigger, but it did not trigger here.")
        return
    elif c.kind == "trigger_added":
        derived = [x.name for x in s.stack if x.kind == "triggered"]
        ok = bool(derived) or any(e.kind == "trigger" for e in events)
        if not ok:
            ctx.add(
                MISSED_TRIGGER,
                f"line {ctx.entry.number}: the log says a trigger was added, but the engine found none.",
                "trigger",
            )
            return
    if not ok:
        ctx.add(
            MISMATCH,
            f"line {ctx.entry.number}: the line says {c.subject} {c.kind.replace('_', ' ')} {c.value if c.value is not None else ''}; the engine derives {derived}.",
            fact=f"{c.subject}.{c.kind}",
            claimed=c.value,
            derived=derived,
        )


def observe(s: GameState, c: A.Observe, ctx: Ctx) -> None:
    """A claim about the state: checked against the derived state, never applied."""
    v = view(s)
    found, derived = get_path(v, c.path)
    if not found:
        ctx.add(UNREADABLE, f"line {ctx.entry.number}: unknown fact {c.path!r} in an observation.")
        return
    claimed = c.value
    same = derived == claimed
    if isinstance(derived, list) and isinstance(claimed, list):
        same = sorted(map(str, derived)) == sorted(map(str, claimed))
    elif isinstance(derived, int) and isinstance(claimed, str) and claimed.lstrip("-").isdigit():
        same = derived == int(claimed)
        claimed = int(claimed)
    if not same:
        probable_missed_trigger(c.path, claimed, derived, ctx)
        ctx.add(
            MISMATCH,
            f"line {ctx.entry.number}: {c.who + ' says ' if c.who else ''}{c.path} is {claimed}; the derived state has {derived}.",
            fact=c.path,
            claimed=claimed,
            derived=derived,
        )


def probable_missed_trigger(path: str, claimed: Any, derived: Any, ctx: Ctx) -> None:
    """A claimed life total higher than the derived one by exactly the damage of a trigger the
    engine resolved this turn suggests the players missed that trigger (CR 6.6.5, 6.6.6)."""
    m = re.fullmatch(r"(P[12])\.life", path)
    if not m or not isinstance(claimed, int) or not isinstance(derived, int) or claimed <= derived:
        return
    gap = claimed - derived
    events = ctx.history + ctx.prev_events + ctx.events
    hits = [
        e
        for e in events
        if e.kind == "damage" and e.player == m.group(1) and e.subject.endswith("trigger") and e.amount > 0
    ]
    single = [e for e in hits if e.amount == gap]
    if single or (hits and sum(e.amount for e in hits) == gap):
        names = ", ".join(sorted({e.subject for e in (single or hits)}))
        ctx.add(
            MISSED_TRIGGER,
            f"line {ctx.entry.number}: the claim is {gap} higher than the derived life, exactly the damage of {names}; the players probably missed that trigger.",
            "missed_trigger",
        )


def adjust(s: GameState, c: A.Adjust, ctx: Ctx) -> None:
    """A judge's explicit correction: applied as given, never a violation."""
    m = re.fullmatch(r"(P[12])\.(\w+)", c.path)
    if not m:
        raise CannotApply(f"cannot adjust {c.path!r}")
    p = s.p(m.group(1))
    key = m.group(2)
    value = c.value
    if isinstance(value, str) and re.fullmatch(r"[+-]\d+", value):
        current = {"deck": p.deck_count, "hand_size": p.hand_size}.get(key, getattr(p, key, 0))
        value = int(current or 0) + int(value)
    elif isinstance(value, str) and value.lstrip("-").isdigit():
        value = int(value)
    if key in ("life", "intellect", "action_points", "resource_points", "chi_points"):
        setattr(p, key, value)
    elif key == "deck":
        p.deck_count = value
    elif key == "hand_size":
        p.hand_unknown = max(0, int(value) - len(p.hand))
    else:
        raise CannotApply(f"cannot adjust {c.path!r}")
    ctx.add(
        NOTE,
        f"line {ctx.entry.number}: judge adjustment {c.path} -> {value}{' (' + c.reason + ')' if c.reason else ''}.",
    )
    check_game_over(s, ctx)


def outcome(s: GameState, c: A.Outcome, ctx: Ctx) -> None:
    """An effect's outcome the judge enters (life, damage, power, go again, points): applied."""
    p = s.p(c.player) if c.player in PLAYERS else None
    if c.kind in ("gain_life", "lose_life") and p is not None and p.life is not None:
        p.life = max(0, p.life + (c.amount if c.kind == "gain_life" else -c.amount))
        check_game_over(s, ctx)
    elif c.kind in ("damage", "arcane") and c.target in PLAYERS:
        deal_damage(
            s,
            c.target,
            c.amount,
            c.source or "effect",
            ctx,
            arcane=c.kind == "arcane",
            controller=c.player,
        )
    elif c.kind == "power":
        bump_attack(s, Layer(id="", kind="", name="", controller=""), power=c.amount)
    elif c.kind == "go_again":
        bump_attack(s, Layer(id="", kind="", name="", controller=""), go_again=True)
    elif c.kind == "gain_resources" and p is not None:
        p.resource_points += c.amount
    elif c.kind == "gain_ap" and p is not None:
        p.action_points += c.amount
    ctx.add(NOTE, f"line {ctx.entry.number}: effect outcome entered by the judge: {c.kind} {c.amount}.")


def noop(s: GameState, c: A.Noop, ctx: Ctx) -> None:
    """A line that says nothing happens; "no end-phase triggers" is checked against the delayed
    effects that apply."""
    if c.text == "no_end_triggers" and s.phase == "end":
        pending = [e for e in s.effects if e.kind in ("intimidated", "quell_destroy")]
        if pending:
            ctx.add(
                MISSED_TRIGGER,
                f"line {ctx.entry.number}: the log says there are no beginning-of-end-phase triggers, but {len(pending)} delayed effect(s) apply.",
                "missed_trigger",
            )


def deck_check(s: GameState, c: A.DeckCheck, ctx: Ctx) -> None:
    """A deck check against the hero: legendary (CR 8.3.6), specialization (CR 8.3.7), and
    supertypes within the hero's, widened by essence (CR 1.1.3, 8.3.16)."""
    p = s.p(c.player)
    hero = p.hero_card
    allowed = set(hero.classes) if hero else set()
    if hero is not None:
        for k, _ in hero.keywords:
            m = re.fullmatch(r"essence of (.+)", k)
            if m:
                allowed |= {x.strip() for x in re.split(r",|\s+and\s+|\s+", m.group(1)) if x.strip()}
    problems: list[tuple[str, str]] = []
    for facts, copies in p.decklist:
        if facts.has("legendary") and copies > 1:
            problems.append(("legendary", f"{facts.name} is legendary and appears {copies} times"))
        for k, _ in facts.keywords:
            m = re.fullmatch(r"(.+?) specialization", k)
            if m and norm_name(m.group(1)) != norm_name(p.hero):
                problems.append(
                    (
                        "specialization",
                        f"{facts.name} is {m.group(1).title()} specialization; the hero is {p.hero}",
                    )
                )
        extra = set(facts.classes) - {"generic"} - allowed
        if hero is not None and extra:
            problems.append(
                ("supertypes", f"{facts.name} has supertypes {sorted(extra)} the hero does not have")
            )
    if problems:
        key, _ = problems[0]
        raise Illegal(key, "deck check: " + "; ".join(msg for _, msg in problems) + ".")
    ctx.add(NOTE, f"line {ctx.entry.number}: deck check of {c.player}: no problem found.")
