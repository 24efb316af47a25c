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

from rules_engine.wording import say

from . import actions as A
from . import choices, rx
from .cards import norm_name
from .context import Ctx, Event, check_game_over
from .damage import deal_damage
from .effects import activated_ability
from .end_phase import named_sharpen
from .heroes_crowd import destroy_for_clash
from .layers import bump_attack, fits_words
from .playing import activate
from .rules import MISMATCH, MISSED_TRIGGER, NOTE, UNREADABLE, CannotApply, Illegal
from .state import COMBAT_STEPS, PLAYERS, GameState, Layer
from .values import link_power
from .view import get_path, view
from .zones import destroy_permanent, permanents_of


def claim(s: GameState, c: A.Claim, ctx: Ctx) -> None:
    """Narrated automatic events are checked, never applied; "P2 destroys X" while an ability offers
    that destruction is the option taken (``destroy_chosen``)."""
    if c.kind == "destroyed" and not c.subject.startswith("slot:"):
        if destroy_for_clash(s, c.subject, ctx):  # Victor's Gold first
            pass
        elif not destroy_chosen(s, c.subject, ctx) and destroy_to_activate(s, c.subject, ctx):
            return
    events = ctx.events + ctx.prev_events
    ok = True
    derived: Any = None
    if c.kind in _READ_CLAIMS:
        read_claim(s, c, ctx)
        return
    if c.kind == "deals":
        link = next(
            (lk for lk in reversed(s.chain) if not c.subject or _same_card(lk.attack.name, c.subject)),
            None,
        )
        if link is not None:
            derived = link.damage
            ok = link.damage == c.value
        else:
            want = norm_name(c.subject)  # "Runechant" for the damage of its trigger, "Runechant trigger"
            dmg = [
                e
                for e in events
                if e.kind == "damage"
                and (norm_name(e.subject) == want or norm_name(e.subject).startswith(want + " "))
            ]
            derived = dmg[-1].amount if dmg else None
            ok = derived == c.value
    elif c.kind == "power":
        # "Attack A is down to 4": the attack's power on its chain link now (CR 2.9.3); an attack not
        # on the chain is not decided here
        link = next((lk for lk in reversed(s.chain) if _same_card(lk.attack.name, c.subject)), None)
        if link is None:
            return
        derived = link_power(link)
        ok = derived == c.value
    elif c.kind == "hits":
        link = next(
            (lk for lk in reversed(s.chain) if not c.subject or _same_card(lk.attack.name, c.subject)),
            None,
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
            raise Illegal(
                key,
                say("the log resolves a {subject} trigger, but it did not trigger here.", subject=c.subject),
            )
        return
    elif c.kind == "trigger_added":
        derived = [x.name for x in s.stack if x.kind == "triggered"]
        ok = bool(derived) or any(e.kind == "trigger" for e in events)
        if not ok:
            ctx.add(
                MISSED_TRIGGER,
                say(
                    "line {number}: the log says a trigger was added, but the engine found none.",
                    number=ctx.entry.number,
                ),
                "trigger",
            )
            return
    if not ok:
        ctx.add(
            MISMATCH,
            say(
                "line {number}: the line says {subject} {replace} {value}; the engine derives {derived}.",
                number=ctx.entry.number,
                subject=c.subject,
                replace=c.kind.replace("_", " "),
                value=c.value if c.value is not None else "",
                derived=derived,
            ),
            fact=f"{c.subject}.{c.kind}",
            claimed=c.value,
            derived=derived,
        )


_READ_CLAIMS = {
    "taken",
    "dealt",
    "prevents",
    "defends",
    "destroyed",
    "holds",
    "on_stack",
    "chain_closed",
    "step",
    "phase",
    "links",
    "layer",
    "no_defenders",
    "no_trigger",
    "resolved",
    "would_deal",
    "drew",
    "gains_rp",
    "gains_life",
    "go_again",
    "negated",
    "controls",
    "unchecked",
    "counters_gone",
    "counters_stay",
    "in_graveyard",
    "power_change",
}


#: The word of the state each read claim is about (its rule is that word's, rules.fact_rules).
_FACT_WORD = {
    "taken": "life",
    "dealt": "deals",
    "would_deal": "deals",
    "defends": "combat_chain",
    "no_defenders": "combat_chain",
    "links": "combat_chain",
    "chain_closed": "combat_chain",
    "step": "combat_chain",
    "destroyed": "permanents",
    "holds": "hand",
    "drew": "hand",
    "on_stack": "stack",
    "layer": "stack",
    "resolved": "stack",
    "phase": "phase",
    "gains_rp": "resource_points",
    "gains_life": "life",
    "controls": "permanents",
    "counters_gone": "permanents",
    "counters_stay": "permanents",
    "in_graveyard": "graveyard",
    "power_change": "power",
}


#: How a read claim is told back to the judge.
_SAYS = {
    "taken": "{s} takes {v} damage",
    "dealt": "{v} damage is dealt",
    "would_deal": "{v} damage would be dealt",
    "prevents": "{s} prevents {v}",
    "defends": "{s} defends",
    "no_defenders": "no defending cards were declared",
    "destroyed": "{s} is destroyed",
    "holds": "{s} is in hand",
    "drew": "{s} draws {v}",
    "on_stack": "{s} is on the stack",
    "layer": "the stack holds {v} layers",
    "links": "the combat chain has {v} chain links",
    "chain_closed": "the combat chain closes",
    "step": "the {s} step {e}",
    "phase": "the {s} phase {e}",
    "no_trigger": "{s} does not trigger",
    "resolved": "{s} resolves",
    "go_again": "{s} has go again",
    "negated": "{s} is negated",
    "controls": "{s} is in the arena",
    "gains_rp": "{s} gains {v} resource points",
    "gains_life": "{s} gains {v} life",
    "counters_gone": "the counters come off ({s})",
    "counters_stay": "the counters stay ({s})",
    "in_graveyard": "{s} is in a graveyard",
    "power_change": "the power of {s} changes by {v}",
}


def says(c: A.Claim) -> str:
    """A read claim in words ("P2 takes 5 damage")."""
    if c.kind == "go_again" and c.value == 0:
        return f"{c.subject or 'it'} has no go again"
    text = _SAYS.get(c.kind, "{k} {s} {v}").format(
        s=c.subject.replace(":", "'s ") or "it",
        v="" if c.value is None else c.value,
        e="ends" if c.value else "is reached",
        k=c.kind.replace("_", " "),
    )
    return " ".join(text.split())


def destroy_chosen(s: GameState, subject: str, ctx: Ctx) -> bool:
    """ "P2 destroys Hyper Driver (for the galvanize)" while a resolved ability offers "you may destroy
    an item you control" (CR 1.8.3): the permanent is destroyed and the option taken (``choices``)."""
    want = rx.sub(r"^(?:the|their|his|her|P[12]'s)\s+", "", subject.strip(), flags=re.I)
    want = rx.split(r"\s+(?:for|to|with|as)\s+", want, maxsplit=1)[0]
    for due in [e for e in s.effects if e.kind == "destroy_due"]:
        # a hit or crush trigger's "destroy an aura they control" with several that fit (layers.hit_hero_effect)
        victim, _, words = due.text.partition(":")
        for card in permanents_of(s, victim):
            if want and _named(card.name, want) and fits_words(card, words):
                s.effects.remove(due)
                destroy_permanent(s, card)
                ctx.events.append(Event("destroy", victim, card.name))
                return True
    for offer in reversed(choices.open_offers(s)):
        p = s.p(offer.player)
        arena = list(p.permanents) + list(p.weapons) + [y for y in p.equipment.values() if y is not None]
        for card in arena:
            if want and _named(card.name, want) and choices.claim(s, offer.player, "destroy", card=card):
                destroy_permanent(s, card)
                ctx.events.append(Event("destroy", offer.player, card.name))
                return True
    return False


def destroy_to_activate(s: GameState, subject: str, ctx: Ctx) -> bool:
    """ "P1 destroys Skullhorn": the player names destroying their own permanent whose (first) activated
    ability costs destroying it, and nothing else destroys it here; the destruction is that cost, so the
    line is the ability's activation (CR 5.2.2, 1.14.4), with a note saying so."""
    m = rx.match(
        r"^\s*(P[12])\s+(?:destroys|destroyed)\s+(?:their\s+|his\s+|her\s+)?(.+?)\s*\.?\s*$", ctx.entry.text
    )
    if m is None or not _named(m.group(2), subject):
        return False
    player = m.group(1)
    p = s.p(player)
    arena = list(p.permanents) + list(p.weapons) + [y for y in p.equipment.values() if y is not None]
    card = next((x for x in arena if norm_name(x.name) == norm_name(subject)), None)
    if card is None and len([x for x in arena if _named(x.name, subject)]) == 1:
        card = next(x for x in arena if _named(x.name, subject))
    ability = activated_ability(card.facts) if card is not None else None
    if card is None or ability is None or not ability.destroy_self or ability.attack:
        return False
    ctx.add(
        NOTE,
        say(
            "line {number}: {player} destroys {card} as the cost of its ability: read as activating it.",
            number=ctx.entry.number,
            player=player,
            card=card.name,
        ),
        "activate",
    )
    activate(s, A.Activate(player, card.name), ctx)
    return True


def _named(name: str, want: str) -> bool:
    a, b = norm_name(name), norm_name(want)
    return bool(b) and (a == b or a.startswith(b) or b in a)


def read_claim(s: GameState, c: A.Claim, ctx: Ctx) -> None:
    """A claim read from a judge's English (in parentheses, after a colon, or a narrated event):
    checked against the derived state and this line's events, never applied. A claim that does
    not hold is an observation mismatch; one the engine cannot decide is reported as such."""
    if c.kind == "resolved" and c.subject and _named("sharpen", c.subject):
        named_sharpen(s, ctx)  # a delayed trigger the start position did not record
    events = ctx.events + ctx.prev_events
    here = ctx.events
    ok: bool | None = True
    derived: Any = None
    link = s.chain[-1] if s.chain else None
    if c.kind == "unchecked":
        ctx.add(
            UNREADABLE,
            say(
                "line {number}: the claim {subject} could not be checked (the engine does not compute it).",
                number=ctx.entry.number,
                subject=repr(c.subject),
            ),
            claim=c.subject,
        )
        return
    if c.kind == "taken":
        derived = sum(e.amount for e in here if e.kind == "damage" and e.player == c.subject)
        if not derived:
            derived = sum(e.amount for e in events if e.kind == "damage" and e.player == c.subject)
        ok = derived == c.value
    elif c.kind == "dealt":
        dealt = [e.amount for e in here if e.kind == "damage"]
        derived = sum(dealt) if dealt else (link.damage if link is not None else None)
        ok = derived == c.value
    elif c.kind == "would_deal":
        # what the damage would have been lies between what was dealt (or waits) and that plus what
        # was prevented (a ward's event records its full value, so the upper bound is generous)
        dealt_now = link.damage if link is not None and link.damage is not None else None
        if s.pending is not None:
            dealt_now = s.pending.amount
        prevented = sum(e.amount for e in events if e.kind == "prevent")
        derived = dealt_now
        if dealt_now is None or c.value is None:
            ok = None
        elif c.value > dealt_now and not prevented:
            ok = None  # shields and effects keep no prevention event: not decided
        else:
            ok = dealt_now <= c.value <= dealt_now + prevented
    elif c.kind == "prevents":
        prevented_by = [
            e
            for e in events
            if e.kind == "prevent" and (not c.subject or c.subject == "ward" or _named(e.subject, c.subject))
        ]
        derived = sum(e.amount for e in prevented_by)
        if not prevented_by:
            ok = None  # shields and effects keep no prevention event: not decided
        else:
            ok = c.value is None or derived == c.value
    elif c.kind == "defends":
        active = s.chain[-1] if s.chain else None
        derived = [x.name for x in active.defending] if active is not None else []
        ok = any(_named(n, c.subject) for n in derived) if c.subject else bool(derived)
    elif c.kind == "no_defenders":
        derived = [x.name for x in link.defending] if link is not None else []
        ok = not derived
    elif c.kind == "destroyed" and c.subject.startswith("slot:"):
        # "the helm broke": an equipment of that slot was destroyed on this line or the one before
        slot = c.subject.partition(":")[2]
        derived = [
            x.name
            for p in s.players.values()
            for x in p.graveyard
            if x.facts.slot == slot and any(e.kind == "destroy" and _named(x.name, e.subject) for e in events)
        ]
        ok = bool(derived)
    elif c.kind == "destroyed":
        arena = [
            x.name
            for p in s.players.values()
            for x in list(p.permanents) + list(p.weapons) + [y for y in p.equipment.values() if y is not None]
        ]
        derived = [n for n in arena if _named(n, c.subject)]
        ok = not derived
    elif c.kind == "holds":
        player, _, name = c.subject.partition(":")
        derived = [x.name for x in s.p(player).hand]
        ok = any(_named(n, name) for n in derived)
    elif c.kind == "on_stack":
        derived = [x.name for x in s.stack]
        ok = any(_named(n, c.subject) or _named(c.subject, n) for n in derived)
    elif c.kind == "chain_closed":
        derived = "closed" if not s.combat_step else "open"
        ok = not s.combat_step
    elif c.kind == "step":
        derived = s.combat_step or "closed"
        order = list(COMBAT_STEPS[ctx.version])
        if not s.combat_step:
            # the chain is closed: every step of it has passed (a claim that a step begins or is
            # current is about a chain that is gone, which the engine cannot place)
            ok = True if c.value or c.subject in ("resolution", "link", "close") else None
        elif c.subject not in order:
            ok = None
        elif c.value:  # "X Step ends": the game is past it
            ok = order.index(s.combat_step) > order.index(c.subject)
        else:
            ok = order.index(s.combat_step) >= order.index(c.subject)
    elif c.kind == "phase":
        derived = s.phase
        ok = (s.phase != c.subject) if c.value else (s.phase == c.subject)
    elif c.kind == "links":
        derived = len(s.chain)
        ok = derived == c.value or (derived == (c.value or 0) - 1 and bool(s.stack) and s.stack[-1].attack)
    elif c.kind == "layer":
        derived = len(s.stack)
        ok = derived == c.value
    elif c.kind == "no_trigger":
        derived = [e.subject for e in here if e.kind == "trigger" and _named(e.subject, c.subject)]
        ok = not derived
    elif c.kind == "resolved":
        resolved = [e for e in here if e.kind in ("resolve", "trigger", "destroy")]
        derived = [e.subject for e in resolved]
        ok = bool(resolved) if not c.subject else any(_named(e.subject, c.subject) for e in events)
        if not ok and c.subject and any(_named(x.name, c.subject) for x in s.stack):
            ok = False
        elif not ok:
            ok = None  # the engine keeps no event for it: not decided
    elif c.kind == "drew":
        derived = sum(1 for e in here if e.kind == "draw" and e.player == c.subject) or None
        ok = None if derived is None else derived >= (c.value or 1)
    elif c.kind == "go_again":
        lk = next((x for x in reversed(s.chain) if not c.subject or _named(x.attack.name, c.subject)), None)
        top = s.stack[-1] if s.stack and s.stack[-1].attack and s.stack[-1].card is not None else None
        if (
            lk is None
            and top is not None
            and top.card is not None
            and (not c.subject or _named(top.name, c.subject))
        ):
            # "P1 attacks with Attack A (go again)": the attack still on the stack
            derived = bool(top.go_again or top.card.facts.has("go again") or "go again" in top.granted)
        else:
            derived = (
                None
                if lk is None
                else bool(lk.go_again or lk.attack.facts.has("go again") or "go again" in lk.granted)
            )
        ok = derived if c.value is None else (None if derived is None else not derived)
    elif c.kind == "in_graveyard":
        derived = [x.name for p in s.players.values() for x in p.graveyard if _named(x.name, c.subject)]
        ok = bool(derived)
    elif c.kind == "negated":
        derived = [e.subject for e in events if e.kind == "negate"]
        ok = any(_named(n, c.subject) or _named(c.subject, n) for n in derived) if derived else None
    elif c.kind == "controls":
        player, _, name = c.subject.partition(":")
        derived = [x.name for x in s.p(player).permanents if _named(x.name, name)]
        ok = len(derived) >= (c.value or 1)
    elif c.kind in ("counters_gone", "counters_stay"):
        # "the sharpen trigger removes the +1{p} counter": none of that kind is left (CR 1.15.3);
        # the opposing kind is another counter and stays (CR 1.15.4)
        kind, _, name = c.subject.partition(":")
        cards = [
            x
            for p in s.players.values()
            for x in list(p.permanents) + list(p.weapons) + [y for y in p.equipment.values() if y is not None]
            if not name or _named(x.name, name)
        ]
        derived = [x.name for x in cards if x.counters.get(kind, 0) > 0]
        ok = None if name and not cards else (not derived) == (c.kind == "counters_gone")
    elif c.kind == "gains_life":
        before = ctx.before.p(c.subject).life if ctx.before is not None else None
        now = s.p(c.subject).life
        derived = None if before is None or now is None else now - before
        ok = None if derived is None else derived == c.value
    elif c.kind == "gains_rp":
        derived = s.p(c.subject).resource_points
        ok = derived >= (c.value or 1)
    elif c.kind == "power_change":
        # "Attack A gets +1{p}": the attack's power now against before the line (CR 2.9.3), on the
        # stack or on its chain link; an attack the engine does not find is not decided
        before = _attack_power(ctx.before, c.subject) if ctx.before is not None else None
        now = _attack_power(s, c.subject)
        derived = None if before is None or now is None else now - before
        ok = None if derived is None else derived == c.value
    if ok is None:
        ctx.add(
            NOTE,
            say(
                "line {number}: the line says {says}; the engine keeps no record to check that against.",
                number=ctx.entry.number,
                says=says(c),
            ),
        )
        return
    if not ok and ctx.withheld:
        _withheld(says(c), ctx)
        return
    if not ok:
        ctx.add(
            MISMATCH,
            say(
                "line {number}: the line says {says}; the engine derives {derived}.",
                number=ctx.entry.number,
                says=says(c),
                derived=derived,
            ),
            key={"prevents": "prevention", "no_trigger": "trigger"}.get(c.kind, ""),
            fact=f"claim.{c.kind}.{_FACT_WORD.get(c.kind, 'combat_chain')}",
            subject=c.subject,
            claimed=c.value,
            derived=derived,
        )


def observe(s: GameState, c: A.Observe, ctx: Ctx) -> None:
    """A claim about the state: checked against the derived state, never applied."""
    v = view(s)
    found, derived = get_path(v, c.path)
    if not found and rx.fullmatch(r"P[12]\.marked", c.path):
        found, derived = True, False  # the view shows the mark only when there is one (CR 9.3)
    if not found:
        ctx.add(
            UNREADABLE,
            say(
                "line {number}: unknown fact {path} in an observation.",
                number=ctx.entry.number,
                path=repr(c.path),
            ),
        )
        return
    claimed = c.value
    same = derived == claimed
    if isinstance(derived, list) and isinstance(claimed, list):
        same = sorted(map(str, derived)) == sorted(map(str, claimed))
    elif isinstance(derived, int) and isinstance(claimed, str) and claimed.lstrip("-").isdigit():
        same = derived == int(claimed)
        claimed = int(claimed)
    if not same and ctx.withheld:
        _withheld(f"{c.path} is {claimed}", ctx)
        return
    if not same:
        probable_missed_trigger(c.path, claimed, derived, ctx)
        ctx.add(
            MISMATCH,
            say(
                "line {number}: {value}{path} is {claimed}; the derived state has {derived}.",
                number=ctx.entry.number,
                value=c.who + " says " if c.who else "",
                path=c.path,
                claimed=claimed,
                derived=derived,
            ),
            fact=c.path,
            claimed=claimed,
            derived=derived,
        )


def _withheld(said: str, ctx: Ctx) -> None:
    """A claimed outcome of a pass that was not applied (an ambiguity on the same line): not
    compared, since it describes the state the pass would have reached, not the one the engine has
    (a reversed or unreadable line never cascades)."""
    ctx.add(
        NOTE,
        say(
            "line {number}: the line says {said}; not checked, since the pass it describes was not applied.",
            number=ctx.entry.number,
            said=said,
        ),
    )


def probable_missed_trigger(path: str, claimed: Any, derived: Any, ctx: Ctx) -> None:
    """A claimed life total higher than the derived one by exactly the damage of a trigger the
    engine resolved this turn suggests the players missed that trigger (CR 6.6.5, 6.6.6)."""
    m = rx.fullmatch(r"(P[12])\.life", path)
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
            say(
                "line {number}: the claim is {gap} higher than the derived life, exactly the damage of {names}; the players probably missed that trigger.",
                number=ctx.entry.number,
                gap=gap,
                names=names,
            ),
            "missed_trigger",
        )


def _attack_power(s: GameState, name: str) -> int | None:
    """The power of the named attack as a layer on the stack or as a chain link's active-attack."""
    for lay in reversed(s.stack):
        if lay.attack and _same_card(lay.name, name):
            printed = lay.card.facts.power if lay.card is not None else None
            return None if printed is None else printed + lay.power_bonus
    link = next((lk for lk in reversed(s.chain) if _same_card(lk.attack.name, name)), None)
    return link_power(link) if link is not None else None


def adjust(s: GameState, c: A.Adjust, ctx: Ctx) -> None:
    """A judge's explicit correction: applied as given, never a violation."""
    m = rx.fullmatch(r"(P[12])\.(\w+)", c.path)
    if not m:
        raise CannotApply(say("cannot adjust {path}", path=repr(c.path)))
    p = s.p(m.group(1))
    key = m.group(2)
    value = c.value
    if isinstance(value, str) and rx.fullmatch(r"[+-]\d+", value):
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
        raise CannotApply(say("cannot adjust {path}", path=repr(c.path)))
    ctx.add(
        NOTE,
        say(
            "line {number}: judge adjustment {path} -> {value}{value_2}.",
            number=ctx.entry.number,
            path=c.path,
            value=value,
            value_2=" (" + c.reason + ")" if c.reason else "",
        ),
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
    ctx.add(
        NOTE,
        say(
            "line {number}: effect outcome entered by the judge: {kind} {amount}.",
            number=ctx.entry.number,
            kind=c.kind,
            amount=c.amount,
        ),
    )


def noop(s: GameState, c: A.Noop, ctx: Ctx) -> None:
    """A line that says nothing happens; "no end-phase triggers" is checked against the delayed
    effects that apply."""
    if c.text == "no_end_triggers" and s.phase == "end":
        pending = [e for e in s.effects if e.kind in ("intimidated", "quell_destroy")]
        if pending:
            ctx.add(
                MISSED_TRIGGER,
                say(
                    "line {number}: the log says there are no beginning-of-end-phase triggers, but {count} delayed effect(s) apply.",
                    number=ctx.entry.number,
                    count=len(pending),
                ),
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
            m = rx.fullmatch(r"essence of (.+)", k)
            if m:
                allowed |= {x.strip() for x in rx.split(r",|\s+and\s+|\s+", m.group(1)) if x.strip()}
    problems: list[tuple[str, str]] = []
    for facts, copies in p.decklist:
        if facts.has("legendary") and copies > 1:
            problems.append(("legendary", f"{facts.name} is legendary and appears {copies} times"))
        for k, _ in facts.keywords:
            m = rx.fullmatch(r"(.+?) specialization", k)
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
    ctx.add(
        NOTE,
        say(
            "line {number}: deck check of {player}: no problem found.",
            number=ctx.entry.number,
            player=c.player,
        ),
    )


def _same_card(name: str, said: str) -> bool:
    """Whether a claim's card is this card: the same name, or the name said without the colour a
    judge adds to tell pitch variants apart ("Consuming Volition" for Consuming Volition (red))."""
    if norm_name(name) == norm_name(said):
        return True

    def bare(x: str) -> str:
        return norm_name(rx.sub(r"\s*\((?:red|yellow|blue)\)\s*$", "", x, flags=re.I))

    # either side may carry the colour: the engine's card ("Consuming Volition (red)") or the
    # judge's words ("Command and Conquer (red)", from "C&C" read as the one coloured card it can be)
    return bare(name) == norm_name(said) or bare(name) == bare(said)
