"""Priority and the turn's structure (CR 1.11, 4.2, 4.3): what happens when players pass.

A player with priority passes it to the other; all players passing in succession (CR 1.11.4a)
resolves the top layer, or with an empty stack ends the combat step, or with no combat ends the
action phase. Lines that name a step or phase ("all pass to the Defend Step", "the end phase") are
as many passes as it takes to get there. A waiting damage event is completed before a pass. A
line that says what the pass resolves is checked against the stack first, so a line written after a
reversed or unread one does not end a step or phase the players did not end.
"""

from __future__ import annotations

import re

from rules_engine.wording import Phrase, say

from . import actions as A
from . import choices
from .cards import norm_name
from .combat import advance_combat, begin_step, close_chain
from .context import MAX_LOOP, Ctx, give_priority
from .damage import finish_pending
from .defending import awaiting_defenders, mark_declared
from .end_phase import begin_end_phase, finish_end_phase
from .heroes import start_of_turn_abilities
from .layers import apply_choice, permanent_phase_triggers, resolve_top
from .rules import AMBIGUITY, NOTE, STEP_RULES, Illegal
from .state import COMBAT_STEPS, PLAYERS, GameState, other
from .triggers import action_phase_triggers, start_phase


def begin_action_phase(s: GameState, ctx: Ctx) -> None:
    """CR 4.3.1-4.3.3: the action phase starts, the turn-player has 1 action point and priority."""
    if s.phase == "start":
        start_phase(
            s, ctx
        )  # the CR 8.6 tokens' start-of-turn triggers a start position left pending (CR 4.2.2)
        permanent_phase_triggers(s, "turn_start", ctx)  # CR 4.2.2
        start_of_turn_abilities(s, ctx)  # the hero's (Valda), CR 4.2.2
    s.phase = "action"
    s.end_step = ""
    s.p(s.turn_player).action_points = 1
    # CR 4.3.1, 6.6.6b: the turn-player orders the triggers; the engine resolves the permanents' own
    # first, then the CR 8.6 tokens' (Promising Terrain counts the Seismic Surge tokens before they go)
    permanent_phase_triggers(s, "action_phase", ctx)
    action_phase_triggers(s, ctx)
    give_priority(s)


def pass_priority(s: GameState, c: A.Pass, ctx: Ctx) -> None:
    """CR 1.11.4: the active player passes; priority goes to the next player. All players passing in
    succession resolves the top layer or ends the step (CR 1.11.4a, 5.3.1)."""
    if s.phase != "action" or s.priority is None:
        raise Illegal(
            "no_priority_phase",
            say("{player} cannot pass priority: no player has priority now.", player=c.player),
        )
    if s.combat_step == "defend" and awaiting_defenders(s):
        mark_declared(s)
    if s.priority != c.player:
        raise Illegal(
            "priority",
            say(
                "{player} passed without having priority ({priority} has it).",
                player=c.player,
                priority=s.priority,
            ),
        )
    if c.resolves and s.passes + 1 >= len(PLAYERS) and not resolves_named(s, c.resolves, ctx):
        # the round of passing the line describes is not applied: priority goes back to the player
        # who passed first in it, as if no one had passed (the later lines follow from there)
        first = c.player
        for _ in range(s.passes):
            first = other(first)
        give_priority(s, first)
        return
    s.passes += 1
    if s.passes >= len(PLAYERS):
        all_pass(s, ctx)
    else:
        s.priority = other(c.player)


def all_pass_clause(s: GameState, c: A.AllPass, ctx: Ctx) -> None:
    """All players pass once, or "to" a step (until it is reached with an empty stack), or
    "through" steps (until the last one named has ended)."""
    if s.phase != "action":
        return
    if c.mode == "once":
        if c.resolves and not resolves_named(s, c.resolves, ctx):
            return
        all_pass(s, ctx)
        return
    if c.mode == "said":
        # "X resolves" said as an event of its own: a restatement when X resolved on this line or the
        # one before; otherwise the players passed and X resolved, which the stack must allow (an
        # ambiguity naming the line when X is not on top, never a silent end of a step or phase)
        wanted = _name_words(c.resolves) - _LAYER_WORDS
        waiting = (
            bool(s.stack)
            and (s.stack[-1].kind == "triggered" or (s.stack[-1].kind == "card" and bool(wanted)))
            and wanted <= _name_words(s.stack[-1].name)
        )
        if _resolved_already(c.resolves, ctx) and not waiting:
            # (a card, or a trigger that triggered on this line, still waiting on top has not resolved)
            return
        if not resolves_named(s, c.resolves, ctx):
            return
        ctx.add(
            NOTE,
            say(
                "line {number}: the line says {resolves} resolves: all players passed (CR 1.11.4a, 5.3.1).",
                number=ctx.entry.number,
                resolves=c.resolves,
            ),
        )
        all_pass(s, ctx)
        return
    if c.mode == "if_top":
        # "its attack trigger resolves" said as an event: the players passed and it resolved, when
        # it is the top layer; otherwise it is only a remark (the line's claim checks it)
        wanted = _name_words(c.resolves) - _LAYER_WORDS
        # (an activated ability's layer too: "pops Energy Potion (+2 r)" says it resolved, CR 5.3)
        top = (
            s.stack[-1] if s.stack and s.pending is None and (s.combat_step or s.phase == "action") else None
        )
        if (
            top is not None
            and (top.kind == "triggered" or (top.kind == "activated" and wanted))
            and (not wanted or wanted <= _name_words(top.name))
        ):
            all_pass(s, ctx)
        return
    order = COMBAT_STEPS[ctx.version]
    steps = [norm_step(x, ctx.version) for x in c.steps]
    steps = [x for x in steps if x in order]
    if not steps:
        all_pass(s, ctx)
        return
    if c.mode == "to":
        goal = order.index(steps[-1])
        if not reachable(s, steps[-1], goal, order, ctx):
            return
        start = s.combat_step
        for _ in range(MAX_LOOP):
            if s.game_over or not s.combat_step or s.pending is not None:
                return
            if order.index(s.combat_step) >= goal and (not s.stack or s.combat_step != start):
                # a layer that arrived with the step reached (a hit trigger in the Damage Step) waits
                # for the players' next passes, which the line did not say (CR 7.5.3)
                return
            all_pass(s, ctx)
        return
    # through: pass until the last named step has ended
    last = order.index(steps[-1])
    if not s.combat_step and not reachable(s, steps[-1], last, order, ctx):
        return  # no chain and no attack: the steps the line passes through are not there
    for _ in range(MAX_LOOP):
        if s.game_over or not s.combat_step:
            return
        if order.index(s.combat_step) > last:
            return  # a damage event waiting in the next step waits for the defender's choice
        if s.pending is not None:
            finish_pending(s, ctx)
            continue
        all_pass(s, ctx)


#: Words that say which layer or what kind of layer, not whose: "the top Runechant trigger",
#: "the Gold activated-layer", "the second trigger" all name by the remaining words.
_LAYER_WORDS = frozenset(
    {"the", "a", "an", "top", "first", "second", "third", "next", "last", "other", "it", "that", "this"}
    | {"layer", "trigger", "triggered", "ability", "activated", "activated-layer", "effect", "card"}
)


def _name_words(text: str) -> set[str]:
    words = re.findall(r"[\w'-]+", norm_name(text).replace("'s ", " "))
    return {w.removesuffix("'s") for w in words if not w.isdigit() and not re.fullmatch(r"p[12]('s)?", w)}


def _resolved_already(said: str, ctx: Ctx) -> bool:
    """Whether a layer the line names resolved on this line or the one before (a restatement)."""
    wanted = _name_words(said) - _LAYER_WORDS
    return any(
        e.kind in ("resolve", "trigger") and (not wanted or wanted <= _name_words(str(e.subject)))
        for e in ctx.events + ctx.prev_events
    )


def resolves_named(s: GameState, said: str, ctx: Ctx) -> bool:
    """Whether the layer the line says resolves ("all pass (Instant Z resolves)") may be on the stack.

    All players passing resolves the top layer (CR 1.11.4a, 5.3.1), and with an empty stack ends
    the step or the action phase. A line whose layer is not on top of the stack was written about another
    state, usually because an earlier line was reversed or not read; applying the pass would end a
    step, the phase or the turn the players did not end, and every later line would follow from
    there. So the pass is not applied and the line gets an ambiguity finding for the judge. The
    name is read leniently (a layer whose name has all the words the line gives, leaving out words
    such as "top", "trigger" or a token's count); only a clear contradiction is reported."""
    wanted = _name_words(said) - _LAYER_WORDS
    if s.stack and (not wanted or wanted <= _name_words(s.stack[-1].name)):
        return True
    below = [layer for layer in s.stack[:-1] if wanted <= _name_words(layer.name)]
    if below:
        # CR 5.3.1: passing resolves the top layer only; the named one is further down
        now: Phrase = say(
            "{layer} is on the stack but not on top: {top} is above it, so the pass would resolve {top} (CR 5.3.1)",
            layer=below[-1].name,
            top=s.stack[-1].name,
        )
    elif s.stack:
        held = ", ".join(layer.name for layer in reversed(s.stack))
        now = say(
            "the stack holds {held} (top first), so the pass would resolve {top}",
            held=held,
            top=s.stack[-1].name,
        )
    elif s.combat_step:
        now = say("the stack is empty, so the pass would end the {step} step", step=s.combat_step)
    else:
        now = say("the stack is empty and the combat chain is closed, so the pass would end the action phase")
    if not below:
        now = say("{layer} is not on the stack: {now}", layer=said, now=now)
    ctx.add(
        AMBIGUITY,
        say(
            "line {number}: the line says {said} resolves, but {now}. The pass was not applied; an earlier line may "
            "have been reversed or not read. Enter what happened (or fix the earlier line).",
            number=ctx.entry.number,
            said=said,
            now=now,
        ),
        "pass",
    )
    ctx.withheld = True
    return False


def reachable(s: GameState, step: str, goal: int, order: tuple[str, ...], ctx: Ctx) -> bool:
    """Whether passing can reach the named step: it can while the chain link is before it, or when an
    attack on the stack will begin a new chain link. Otherwise the line was written about another
    state (an earlier line or part of this one was reversed or not read): passing would end the
    combat chain or the action phase (CR 7.6.4, 7.7, 4.3.4), so it is not applied and the line gets
    an ambiguity finding, as for "all pass (X resolves)"."""
    if any(layer.attack for layer in s.stack):
        return True
    if s.combat_step and s.combat_step in order and order.index(s.combat_step) <= goal:
        return True
    now = (
        say(
            "the combat chain is in the {step} step with no attack on the stack, so passing would close the combat "
            "chain",
            step=s.combat_step,
        )
        if s.combat_step
        else say(
            "the combat chain is closed and no attack is on the stack, so passing would end the action phase"
        )
    )
    ctx.add(
        AMBIGUITY,
        say(
            "line {number}: the line passes to the {step} step, but {now}. The pass was not applied; an earlier line may have been reversed or not read. Enter what happened (or fix the earlier line).",
            number=ctx.entry.number,
            step=step,
            now=now,
        ),
        "pass",
    )
    ctx.withheld = True
    return False


def norm_step(step: str, version: str) -> str:
    """A step's name as the engine spells it; 2.13.0 has no Link Step (its Resolution Step does
    that work)."""
    st = step.casefold().replace(" step", "").strip()
    if st == "link" and version == "2.13.0":
        return "resolution"
    return st


def step_marker(s: GameState, c: A.StepMarker, ctx: Ctx) -> None:
    """ "Damage Step": the game is in, or reaches by all players passing, the named step."""
    if s.phase != "action":
        return
    step = norm_step(c.step, ctx.version)
    order = COMBAT_STEPS[ctx.version]
    if step not in order:
        return
    if not s.combat_step:
        if step == "close":
            return
        ctx.add(
            AMBIGUITY,
            say(
                "line {number}: the line names the {step} but the combat chain is closed.",
                number=ctx.entry.number,
                step=c.step,
            ),
            rules=["7.0.2"],
        )
        return
    goal = order.index(step)
    for _ in range(MAX_LOOP):
        if s.game_over or not s.combat_step or s.pending is not None:
            return
        cur = order.index(s.combat_step)
        if cur >= goal:
            if cur > goal:
                ctx.add(
                    AMBIGUITY,
                    say(
                        "line {number}: the line names the {step}, but the game is already in the {combat_step} step.",
                        number=ctx.entry.number,
                        step=c.step,
                        combat_step=s.combat_step,
                    ),
                    rules=[STEP_RULES[ctx.version].get(s.combat_step, "7.0.2")],
                )
            return
        all_pass(s, ctx)


def phase_marker(s: GameState, c: A.PhaseMarker, ctx: Ctx) -> None:
    """A line naming a phase: "the end phase" passes until the action phase is over; the action
    phase begins after the start phase; "the start phase" after the end phase ends the turn."""
    ph = c.phase.casefold()
    if ph == "end" and s.phase == "action":
        for _ in range(MAX_LOOP):
            if s.phase != "action" or s.game_over:
                break
            all_pass(s, ctx)
    elif ph == "action" and s.phase == "start":
        begin_action_phase(s, ctx)
    elif ph == "start" and s.phase == "end":
        finish_end_phase(s, ctx)


def all_pass(s: GameState, ctx: Ctx) -> None:
    """All players pass in succession (CR 1.11.4a): the top layer resolves, or the step/phase ends.
    An option a resolved ability offered and nobody took lapses as they pass (``choices``)."""
    if s.game_over:
        return
    for unpaid in choices.lapse(s, ctx):
        apply_choice(s, unpaid, ctx, paid=False)  # "unless you pay": not paid (CR 1.8.4b)
    if s.pending is not None:
        finish_pending(s, ctx)
        return
    if s.phase == "start":
        begin_action_phase(s, ctx)
        return
    if s.phase != "action":
        return
    if s.combat_step == "defend" and awaiting_defenders(s):
        mark_declared(s)
    if ctx.version == "older" and s.combat_step == "damage":
        # nobody has priority in the older Damage Step: the first chance to pass is the Resolution Step
        begin_step(s, "resolution", ctx)
    if s.stack:
        if resolve_top(s, ctx):
            close_chain(s, ctx)
        return
    if s.combat_step:
        advance_combat(s, ctx)
        return
    begin_end_phase(s, ctx)
