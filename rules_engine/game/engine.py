"""Apply log entries to a game state and check each step against the Comprehensive Rules.

One entry is applied to a copy of the state. If any clause is illegal, the copy is thrown away and
the state before the entry stands (CR 1.10.3): the policy is that the whole numbered entry is
reversed, and the later entries apply to that state. A clause the engine cannot apply (a card that
is not where the log says) is reported the same way, as "cannot apply", without a rule violation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .cards import CardFacts, CardLookup, norm_name, split_colour
from .effects import TOKEN_RULES, TextEffect, activated_ability, recognise, token_facts
from .rules import (
    AMBIGUITY,
    CANNOT_APPLY,
    MANUAL,
    MISMATCH,
    MISSED_TRIGGER,
    NOTE,
    STEP_RULES,
    UNKNOWN_CARD,
    UNREADABLE,
    VIOLATION,
    CannotApply,
    Finding,
    Illegal,
    cite,
    fact_rules,
)
from .state import (
    COMBAT_STEPS,
    PLAYERS,
    Card,
    ChainLink,
    Effect,
    GameState,
    Layer,
    PendingDamage,
    PlayerState,
    other,
)
from .view import get_path, view

MAX_LOOP = 60


def link_power(link: ChainLink) -> int:
    """The active-attack's power: printed power, its changes, and piercing N when an equipment
    defends (CR 8.3.23); never below zero."""
    power = (link.attack.facts.power or 0) + link.power_bonus
    pierce = link.attack.facts.keyword("piercing")
    if pierce and any(c.facts.is_equipment for c in link.defending):
        power += pierce
    return max(0, power)


def same_card(card: Card, name: str) -> bool:
    """The named card: "Snatch (blue)" names a Snatch with pitch 3 (CR 1.3.4: name and pitch)."""
    if norm_name(card.name) == norm_name(name):
        return True
    base, pitch = split_colour(name)
    return pitch is not None and norm_name(card.name) == norm_name(base) and card.pitch == pitch


def defense_of(s: GameState, card: Card) -> int:
    """A defending card's defense with static effects (Embodiment of Earth, CR 8.6.11)."""
    d = card.defense or 0
    f = card.facts
    if "non-attack" in f.subtypes and any(
        norm_name(t.name).startswith("embodiment of earth") for t in s.p(card.owner).permanents
    ):
        d += 1
    return d


@dataclass
class Event:
    kind: str  # "damage", "hit", "gain_ap", "trigger", "resolve", "draw", "shuffle", "random", "reveal"
    player: str = ""
    subject: str = ""
    amount: int = 0


@dataclass
class StepResult:
    state: GameState
    findings: list[Finding] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    reversed: bool = False


class Ctx:
    def __init__(
        self, entry: A.Entry, version: str, prev_events: list[Event], history: list[Event] | None = None
    ) -> None:
        self.entry = entry
        self.version = version
        self.findings: list[Finding] = []
        self.events: list[Event] = []
        self.prev_events = prev_events
        self.history = history or []  # events of the earlier lines of this turn (missed-trigger checks)

    def add(
        self, kind: str, message: str, key: str = "", rules: list[str] | None = None, **data: Any
    ) -> None:
        r = list(rules or [])
        if key:
            r = cite(self.version, key) + [x for x in r if x not in cite(self.version, key)]
        if not r and kind == MISMATCH and data.get("fact"):
            r = fact_rules(self.version, str(data["fact"]))
        self.findings.append(
            Finding(
                kind=kind,
                message=message,
                rules=r,
                action=self.entry.number,
                line=self.entry.text,
                version=self.version,
                data=dict(data),
            )
        )


class Engine:
    """Replays entries with a card lookup and a rules version ("2.13.0" or "older")."""

    def __init__(self, lookup: CardLookup, version: str = "2.13.0") -> None:
        self.lookup = lookup
        self.version = version
        self._warned: set[str] = set()

    # ------------------------------------------------------------------------------------------
    # entry point
    # ------------------------------------------------------------------------------------------
    def apply(
        self,
        state: GameState,
        entry: A.Entry,
        prev_events: list[Event] | None = None,
        history: list[Event] | None = None,
    ) -> StepResult:
        """Apply one entry; returns the new state (or the old one if the entry is reversed).

        ``prev_events`` are the previous line's events (narrations on this line may describe them);
        ``history`` holds the earlier events of the turn, used to spot probable missed triggers."""
        ctx = Ctx(entry, self.version, prev_events or [], history)
        for text in entry.unparsed:
            ctx.add(
                UNREADABLE,
                f"line {entry.number}: could not read {text!r}; it was skipped (the rest of the line applies)",
            )
        s = state.clone()
        done = 0
        try:
            for clause in entry.clauses:
                self.apply_clause(s, clause, ctx)
                done += 1
        except Illegal as exc:
            rules = cite(self.version, exc.key) + list(exc.extra)
            if "1.10.3" not in rules:
                rules_shown = rules + ["1.10.3"]
            else:
                rules_shown = rules
            # CR 1.10.3: the illegal action is reversed; the actions before it on the same line stand
            kept_state = state
            kept = [f for f in ctx.findings if f.kind in (UNREADABLE, UNKNOWN_CARD, AMBIGUITY)]
            events: list[Event] = []
            if done:
                redo = Ctx(entry, self.version, prev_events or [])
                kept_state = state.clone()
                try:
                    for clause in entry.clauses[:done]:
                        self.apply_clause(kept_state, clause, redo)
                    kept = [f for f in redo.findings]
                    events = redo.events
                except (Illegal, CannotApply):
                    kept_state = state
            what = (
                "The line is reversed"
                if not done
                else f"This part of the line (clause {done + 1}) and the rest of the line are reversed"
            )
            kept.append(
                Finding(
                    kind=VIOLATION,
                    message=f"line {entry.number}: {exc.message} {what} (CR 1.10.3).",
                    rules=rules_shown,
                    action=entry.number,
                    line=entry.text,
                    version=self.version,
                )
            )
            return StepResult(state=kept_state, findings=kept, events=events, reversed=True)
        except CannotApply as exc:
            kept = [f for f in ctx.findings if f.kind in (UNREADABLE, UNKNOWN_CARD, AMBIGUITY)]
            kept.append(
                Finding(
                    kind=CANNOT_APPLY,
                    message=f"line {entry.number}: {exc.message}; the line was not applied.",
                    action=entry.number,
                    line=entry.text,
                    version=self.version,
                )
            )
            return StepResult(state=state, findings=kept, events=[], reversed=True)
        except Exception as exc:  # never a traceback for the judge
            kept = [f for f in ctx.findings if f.kind in (UNREADABLE, UNKNOWN_CARD, AMBIGUITY)]
            kept.append(
                Finding(
                    kind=CANNOT_APPLY,
                    message=f"line {entry.number}: the engine could not apply this line ({type(exc).__name__}: {exc}).",
                    action=entry.number,
                    line=entry.text,
                    version=self.version,
                )
            )
            return StepResult(state=state, findings=kept, events=[], reversed=True)
        return StepResult(state=s, findings=ctx.findings, events=ctx.events)

    # ------------------------------------------------------------------------------------------
    # dispatch
    # ------------------------------------------------------------------------------------------
    def apply_clause(self, s: GameState, clause: A.Action, ctx: Ctx) -> None:
        """Apply one clause. A damage event waiting for the defender's choices is completed first,
        unless the clause is one of those choices or only names where the game is."""
        waits = isinstance(
            clause,
            (
                A.ApplyPrevention,
                A.DeclinePrevention,
                A.Observe,
                A.Claim,
                A.Noop,
                A.Pitch,
                A.StepMarker,
                A.Pay,
            ),
        ) or (isinstance(clause, A.PhaseMarker) and clause.phase == s.phase)
        if s.pending is not None and not waits:
            self.finish_pending(s, ctx)
        self.clause(s, clause, ctx)

    def clause(self, s: GameState, c: A.Action, ctx: Ctx) -> None:
        if isinstance(c, (A.Observe,)):
            self.observe(s, c, ctx)
            return
        if isinstance(c, A.Noop):
            self.noop(s, c, ctx)
            return
        if isinstance(c, A.Adjust):
            self.adjust(s, c, ctx)
            return
        if isinstance(c, A.Claim):
            self.claim(s, c, ctx)
            return
        if isinstance(c, A.Rewind):
            return
        if isinstance(c, A.DeckCheck):
            self.deck_check(s, c, ctx)
            return
        if s.game_over:
            if isinstance(c, (A.StepMarker, A.AllPass, A.Pass, A.PhaseMarker, A.Reveal)):
                return
            raise Illegal("game_over", "The game is already over; no further actions are possible.")
        if s.phase == "start" and not isinstance(c, (A.PhaseMarker, A.Trigger, A.CreateToken, A.Reveal)):
            self.begin_action_phase(s, ctx)
        handler = {
            A.Play: self.play,
            A.Activate: self.activate,
            A.Pitch: self.pitch_alone,
            A.Pass: self.pass_,
            A.AllPass: self.all_pass_clause,
            A.StepMarker: self.step_marker,
            A.PhaseMarker: self.phase_marker,
            A.Defend: self.defend,
            A.Arsenal: self.arsenal,
            A.NoArsenal: self.no_arsenal,
            A.PitchToBottom: self.pitch_to_bottom,
            A.Draw: self.draw_clause,
            A.ApplyPrevention: self.apply_prevention,
            A.DeclinePrevention: self.decline_prevention,
            A.CreateToken: self.create_token,
            A.Reveal: self.reveal,
            A.Opt: self.opt,
            A.Banish: self.banish,
            A.Trigger: self.trigger,
            A.Outcome: self.outcome,
            A.Heave: self.heave,
            A.Discard: self.discard,
            A.DeckCheck: self.deck_check,
            A.Pay: self.pay,
            A.Shuffle: self.shuffle,
        }.get(type(c))
        if handler is None:
            raise CannotApply(f"no handler for {type(c).__name__}")
        handler(s, c, ctx)  # type: ignore[operator]

    # ------------------------------------------------------------------------------------------
    # cards and zones
    # ------------------------------------------------------------------------------------------
    def no_go_again_rules(self, s: GameState, player: str) -> tuple[str, ...]:
        """Why the player's previous attack this turn gave no action point, when a keyword of it
        decides that: boost gives go again only for a Mechanologist card banished (CR 8.3.9), combo
        only when its condition is met (CR 8.4.1)."""
        if player != s.turn_player or not s.attacks_this_turn:
            return ()
        facts = self.lookup.get(s.attacks_this_turn[-1])
        if facts is None:
            return ()
        out: list[str] = []
        for keyword in ("boost", "combo"):
            if facts.has(keyword):
                out += [r for r in cite(self.version, keyword) if r not in out]
        return tuple(out)

    def facts(self, name: str, ctx: Ctx | None = None, claims: tuple[tuple[str, int], ...] = ()) -> CardFacts:
        tok = token_facts(name)
        found = self.lookup.get(name)
        if found is not None and not (tok is not None and found.is_token):
            return found
        if tok is not None:
            return CardFacts(
                name=name, types=tok.types, subtypes=tok.subtypes, keywords=tok.keywords, text=tok.text
            )
        if ctx is not None and norm_name(name) not in self._warned:
            self._warned.add(norm_name(name))
            sugg = self.lookup.suggest(name)
            hint = f" Did you mean: {', '.join(sugg)}?" if sugg else ""
            ctx.add(
                UNKNOWN_CARD,
                f"line {ctx.entry.number}: unknown card {name!r}; it is treated as a card with only the stats the line gives.{hint}",
                suggestions=sugg,
            )
        return CardFacts(name=name, known=True)

    def new_card(
        self, s: GameState, name: str, owner: str, ctx: Ctx | None, claims: tuple[tuple[str, int], ...] = ()
    ) -> Card:
        facts = self.facts(name, ctx, claims)
        card = Card(id=s.new_id(), facts=facts, owner=owner)
        for k, v in claims:
            if getattr(facts, k, None) is None:
                card.constraints[k] = v
        return card

    def take(
        self, s: GameState, player: str, ref: A.CardRef, zones: tuple[str, ...], ctx: Ctx, illegal: str = ""
    ) -> tuple[Card, str]:
        """Remove the named card from the first zone that holds it; an unknown hand card may be revealed."""
        p = s.p(player)
        key = norm_name(ref.name)
        if ref.name == "?":
            if "hand" in zones and p.hand_unknown > 0:
                p.hand_unknown -= 1
                unknown = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=player)
                unknown.constraints = dict(ref.claims)
                unknown.origin = "hand"
                return unknown, "hand"
            raise CannotApply(f"{player} has no unknown card in {' or '.join(zones)}")
        for zone in zones:
            if zone == "equipment":
                for slot, card in p.equipment.items():
                    if card is not None and same_card(card, ref.name):
                        p.equipment[slot] = None
                        card.origin = f"equipment:{slot}"
                        return card, "equipment"
                continue
            if zone == "deck":
                for lst in (p.deck_top, p.deck_bottom):
                    for i, card in enumerate(lst):
                        if same_card(card, ref.name):
                            lst.pop(i)
                            if p.deck_count is not None:
                                p.deck_count -= 1
                            return card, "deck"
                continue
            lst = getattr(p, zone)
            for i, card in enumerate(lst):
                if same_card(card, ref.name):
                    lst.pop(i)
                    card.origin = zone
                    return card, zone
            if zone == "hand" and p.hand_unknown > 0:
                p.hand_unknown -= 1
                card = self.new_card(s, ref.name, player, ctx, ref.claims)
                card.origin = "hand"
                ctx.events.append(Event("reveal", player, ref.name))
                return card, "hand"
        where = " or ".join(zones)
        if illegal:
            if self.lookup.get(ref.name) is None and not self.find_zone(s, player, key):
                self.facts(ref.name, ctx)  # reports the unknown card with suggestions
            for link in s.chain:
                if any(norm_name(c.name) == key for c in link.defending):
                    raise Illegal(
                        "defend_twice",
                        f"{ref.name} is already defending on chain link {link.number} (7.3.2b B).",
                    )
            elsewhere = self.find_zone(s, player, key)
            detail = f" (it is in {elsewhere})" if elsewhere else ""
            raise Illegal(illegal, f"{player} has no {ref.name} in {where}{detail}.")
        raise CannotApply(f"{player} has no {ref.name!r} in {where}")

    def find_zone(self, s: GameState, player: str, key: str) -> str:
        p = s.p(player)
        for zone in (
            "hand",
            "arsenal",
            "graveyard",
            "banished",
            "pitch_zone",
            "permanents",
            "weapons",
            "deck_top",
            "deck_bottom",
        ):
            if any(norm_name(c.name) == key for c in getattr(p, zone)):
                return "the banished zone" if zone == "banished" else zone.replace("_", " ")
        return ""

    def check_claims(self, card: Card, ref: A.CardRef, ctx: Ctx) -> None:
        for k, v in ref.claims:
            actual = getattr(card.facts, k, None)
            if actual is None:
                card.constraints[k] = v
                continue
            if k == "defense":
                actual = card.defense
            if actual != v:
                ctx.add(
                    MISMATCH,
                    f"line {ctx.entry.number}: the line says {card.name} has {k} {v}, the card data says {actual}",
                    fact=f"{card.name}.{k}",
                    claimed=v,
                    derived=actual,
                )

    # ------------------------------------------------------------------------------------------
    # priority and turn structure (CR 1.11, 4)
    # ------------------------------------------------------------------------------------------
    def give_priority(self, s: GameState, player: str | None = None) -> None:
        s.priority = player or s.turn_player
        s.passes = 0

    def begin_action_phase(self, s: GameState, ctx: Ctx) -> None:
        """CR 4.3.1-4.3.3: the action phase starts, the turn-player has 1 action point and priority."""
        s.phase = "action"
        s.end_step = ""
        s.p(s.turn_player).action_points = 1
        for tok in list(s.p(s.turn_player).permanents):
            t = token_facts(tok.name)
            if t is not None and t.name == "Soul Shackle":
                p = s.p(s.turn_player)
                top = (
                    p.deck_top.pop(0)
                    if p.deck_top
                    else Card(
                        id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=s.turn_player
                    )
                )
                if p.deck_count is not None:
                    p.deck_count = max(0, p.deck_count - 1)
                p.banished.append(top)
                ctx.events.append(Event("trigger", s.turn_player, "soul shackle"))
                ctx.events.append(
                    Event(
                        "random", s.turn_player, f"Soul Shackle banished {top.name} from the top of the deck"
                    )
                )
            if t is not None and t.text == "action_phase:cost_less":
                self.destroy_permanent(s, tok)  # CR 8.6.2
                s.effects.append(Effect("cost_next_guardian", s.turn_player, -1, "turn", "Seismic Surge"))
                ctx.events.append(Event("trigger", s.turn_player, "seismic surge"))
        self.give_priority(s)

    def pass_(self, s: GameState, c: A.Pass, ctx: Ctx) -> None:
        """CR 1.11.4: the active player passes; priority goes to the next player. All players passing in
        succession resolves the top layer or ends the step (CR 1.11.4a, 5.3.1)."""
        if s.phase != "action" or s.priority is None:
            raise Illegal(
                "no_priority_phase", f"{c.player} cannot pass priority: no player has priority now."
            )
        if s.combat_step == "defend" and self.awaiting_defenders(s):
            self.mark_declared(s)
        if s.priority != c.player:
            raise Illegal("priority", f"{c.player} passed without having priority ({s.priority} has it).")
        s.passes += 1
        if s.passes >= len(PLAYERS):
            self.all_pass(s, ctx)
        else:
            s.priority = other(c.player)

    def all_pass_clause(self, s: GameState, c: A.AllPass, ctx: Ctx) -> None:
        if s.phase != "action":
            return
        if c.mode == "once":
            self.all_pass(s, ctx)
            return
        order = COMBAT_STEPS[self.version]
        steps = [self.norm_step(x) for x in c.steps]
        steps = [x for x in steps if x in order]
        if not steps:
            self.all_pass(s, ctx)
            return
        if c.mode == "to":
            goal = order.index(steps[-1])
            for _ in range(MAX_LOOP):
                if s.game_over or not s.combat_step or s.pending is not None:
                    return
                if order.index(s.combat_step) >= goal and not s.stack:
                    return
                self.all_pass(s, ctx)
            return
        # through: pass until the last named step has ended
        last = order.index(steps[-1])
        for _ in range(MAX_LOOP):
            if s.game_over or not s.combat_step:
                return
            if s.pending is not None:
                self.finish_pending(s, ctx)
                continue
            if order.index(s.combat_step) > last:
                return
            self.all_pass(s, ctx)

    def norm_step(self, step: str) -> str:
        st = step.casefold().replace(" step", "").strip()
        if st == "link" and self.version == "2.13.0":
            return "resolution"
        return st

    def step_marker(self, s: GameState, c: A.StepMarker, ctx: Ctx) -> None:
        """ "Damage Step": the game is in, or reaches by all players passing, the named step."""
        if s.phase != "action":
            return
        step = self.norm_step(c.step)
        order = COMBAT_STEPS[self.version]
        if step not in order:
            return
        if not s.combat_step:
            if step == "close":
                return
            ctx.add(
                AMBIGUITY,
                f"line {ctx.entry.number}: the line names the {c.step} but the combat chain is closed.",
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
                        f"line {ctx.entry.number}: the line names the {c.step}, but the game is already in the {s.combat_step} step.",
                        rules=[STEP_RULES[self.version].get(s.combat_step, "7.0.2")],
                    )
                return
            self.all_pass(s, ctx)

    def phase_marker(self, s: GameState, c: A.PhaseMarker, ctx: Ctx) -> None:
        ph = c.phase.casefold()
        if ph == "end" and s.phase == "action":
            for _ in range(MAX_LOOP):
                if s.phase != "action" or s.game_over:
                    break
                self.all_pass(s, ctx)
        elif ph == "action" and s.phase == "start":
            self.begin_action_phase(s, ctx)
        elif ph == "start" and s.phase == "end":
            self.finish_end_phase(s, ctx)

    def all_pass(self, s: GameState, ctx: Ctx) -> None:
        """All players pass in succession (CR 1.11.4a): the top layer resolves, or the step/phase ends."""
        if s.game_over:
            return
        if s.pending is not None:
            self.finish_pending(s, ctx)
            return
        if s.phase == "start":
            self.begin_action_phase(s, ctx)
            return
        if s.phase != "action":
            return
        if s.combat_step == "defend" and self.awaiting_defenders(s):
            self.mark_declared(s)
        if self.version == "older" and s.combat_step == "damage":
            # nobody has priority in the older Damage Step: the first chance to pass is the Resolution Step
            self.begin_step(s, "resolution", ctx)
        if s.stack:
            self.resolve_top(s, ctx)
            return
        if s.combat_step:
            self.advance_combat(s, ctx)
            return
        self.begin_end_phase(s, ctx)

    # ------------------------------------------------------------------------------------------
    # combat (CR 7)
    # ------------------------------------------------------------------------------------------
    def awaiting_defenders(self, s: GameState) -> bool:
        link = s.active_link()
        return link is not None and not link.declared

    def mark_declared(self, s: GameState) -> None:
        link = s.active_link()
        if link is not None:
            link.declared = True

    def advance_combat(self, s: GameState, ctx: Ctx) -> None:
        """End the current combat step with an empty stack and begin the next (CR 7.1.3-7.7.2a)."""
        step = s.combat_step
        if step == "layer":
            self.begin_step(s, "close", ctx)
        elif step == "attack":
            self.begin_step(s, "defend", ctx)
        elif step == "defend":
            self.mark_declared(s)
            self.begin_step(s, "reaction", ctx)
        elif step == "reaction":
            self.begin_step(s, "damage", ctx)
        elif step == "damage":
            self.begin_step(s, "resolution", ctx)
        elif step == "resolution":
            self.begin_step(s, "link" if self.version == "older" else "close", ctx)
        elif step == "link":
            self.begin_step(s, "close", ctx)
        else:
            self.begin_step(s, "close", ctx)

    def begin_step(self, s: GameState, step: str, ctx: Ctx) -> None:
        s.combat_step = step
        s.passes = 0
        link = s.chain[-1] if s.chain else None
        if step == "defend":
            if link is not None:
                link.declared = False
            self.give_priority(s)
        elif step == "reaction":
            self.give_priority(s)
        elif step == "damage":
            self.damage_step(s, ctx)
            if s.game_over:
                return
            if self.version == "older":
                # older CR 7.5.1/7.5.2: no priority in the Damage Step; it ends once damage is dealt
                if s.pending is None:
                    self.begin_step(s, "resolution", ctx)
                else:
                    s.priority = None
            else:
                self.give_priority(s)  # CR 7.5.3
        elif step == "resolution":
            if link is not None:
                link.resolved = True
                if self.version != "older":
                    self.go_again(s, link, ctx)
            self.give_priority(s)
        elif step == "link":
            if link is not None:
                self.go_again(s, link, ctx)
            self.give_priority(s)
        elif step == "close":
            self.close_chain(s, ctx)
        else:
            self.give_priority(s)

    def go_again(self, s: GameState, link: ChainLink, ctx: Ctx) -> None:
        """CR 8.3.5b / 7.6.2 (older 7.7.2): an attack with go again gives its controller 1 action point."""
        if link.go_again or link.attack.facts.has("go again"):
            s.p(link.controller).action_points += 1
            ctx.events.append(Event("gain_ap", link.controller, link.attack.name, 1))

    def attack_power(self, s: GameState, link: ChainLink) -> int:
        return link_power(link)

    def damage_step(self, s: GameState, ctx: Ctx) -> None:
        """CR 7.5.2: damage is the attack's power minus the total defense of the defending cards."""
        link = s.active_link()
        if link is None:
            return
        power = self.attack_power(s, link)
        defense = sum(max(0, defense_of(s, c)) for c in link.defending)
        link.total_defense = defense
        amount = max(0, power - defense)
        link.damage = 0
        if amount > 0:
            self.deal_damage(
                s,
                link.target,
                amount,
                link.attack.name,
                ctx,
                arcane=False,
                hit_link=link.number,
                controller=link.controller,
            )

    def close_chain(self, s: GameState, ctx: Ctx) -> None:
        """CR 7.7.3-7.7.7 (older 7.8.3-7.8.7): attacks and reactions on the stack go to the graveyard,
        blade break / battleworn / temper / guardwell apply to equipment that defended, permanents
        return, the rest of the chain is cleared, and the action phase continues."""
        s.combat_step = "close"
        keep: list[Layer] = []
        for layer in s.stack:
            if layer.card is not None and (
                layer.attack
                or layer.card.facts.is_("attack reaction")
                or layer.card.facts.is_("defense reaction")
            ):
                self.to_graveyard(s, layer.card)
            else:
                keep.append(layer)
        s.stack = keep
        while s.stack:
            self.resolve_top(s, ctx, give=False)
        for link in s.chain:
            if not link.proxy:  # a weapon's attack-proxy ceases to exist; the weapon never left its zone
                self.to_graveyard(s, link.attack)
            for card in link.defending:
                self.after_defending(s, card, ctx)
        s.chain = []
        s.combat_step = ""
        s.effects = [e for e in s.effects if e.duration not in ("chain", "link")]
        self.give_priority(s)

    def after_defending(self, s: GameState, card: Card, ctx: Ctx) -> None:
        f = card.facts
        permanent = f.is_equipment or f.is_weapon or card.origin.startswith("equipment")
        if permanent:
            destroyed = False
            if f.has("blade break"):
                destroyed = True
                ctx.events.append(Event("destroy", card.owner, card.name))
            elif f.has("battleworn"):
                card.counters["defense"] = card.counters.get("defense", 0) - 1
            elif f.has("temper"):
                card.counters["defense"] = card.counters.get("defense", 0) - 1
                if (card.defense or 0) <= 0:
                    destroyed = True
            elif f.has("guardwell"):
                card.counters["defense"] = card.counters.get("defense", 0) - (card.defense or 0)
            if destroyed:
                self.to_graveyard(s, card)
                return
            slot = card.origin.split(":", 1)[1] if card.origin.startswith("equipment:") else (f.slot or "")
            if slot:
                s.p(card.owner).equipment[slot] = card
            else:
                s.p(card.owner).permanents.append(card)
            return
        self.to_graveyard(s, card)

    def to_graveyard(self, s: GameState, card: Card) -> None:
        """Tokens and ephemeral cards cease to exist instead (CR 8.3.21); otherwise the owner's graveyard."""
        if (
            card.facts.is_token
            or card.facts.has("ephemeral")
            or token_facts(card.name) is not None
            and not card.facts.types
        ):
            return
        card.face = "up"
        card.origin = ""
        s.p(card.owner).graveyard.append(card)

    # ------------------------------------------------------------------------------------------
    # damage and prevention (CR 6.4, 8.3.8, 8.3.15, 8.3.19, 8.3.20)
    # ------------------------------------------------------------------------------------------
    def deal_damage(
        self,
        s: GameState,
        target: str,
        amount: int,
        source: str,
        ctx: Ctx,
        *,
        arcane: bool,
        hit_link: int = 0,
        controller: str = "",
        check: bool = True,
    ) -> None:
        p = s.p(target)
        # fixed prevention shields first (CR 6.4.10), then ward / arcane shelter / Zen State
        for eff in list(s.effects):
            if amount <= 0:
                break
            if eff.player != target or eff.amount <= 0:
                continue
            if eff.kind == "prevent_next" or (eff.kind == "prevent_next_arcane" and arcane):
                used = min(eff.amount, amount)
                amount -= used
                eff.amount -= used
                eff.text = ""
                if eff.amount <= 0:
                    s.effects.remove(eff)
            elif eff.kind == "prevent_fixed":
                amount -= min(eff.amount, amount)  # one event only (CR 6.4.10)
                s.effects.remove(eff)
        for card in list(p.permanents) + [c for c in p.equipment.values() if c is not None]:
            if amount <= 0:
                break
            ward = card.facts.keyword("ward")
            shelter = card.facts.keyword("arcane shelter") if arcane else None
            n = ward or shelter
            if n:
                amount -= min(n, amount)
                self.destroy_permanent(s, card)
                ctx.events.append(Event("prevent", target, card.name, n))
            elif "prevent1" == card.facts.text and amount > 0:
                amount -= 1
        pending = PendingDamage(target, amount, source, arcane, hit_link, controller)
        if amount > 0 and self.optional_prevention(s, target, arcane):
            s.pending = pending
            return
        self.finish_damage(s, pending, ctx, check=check)

    def optional_prevention(self, s: GameState, target: str, arcane: bool) -> list[Card]:
        p = s.p(target)
        out = []
        for card in [c for c in p.equipment.values() if c is not None] + list(p.permanents):
            f = card.facts
            if arcane and (f.keyword("arcane barrier") or f.keyword("spellvoid")):
                out.append(card)
            elif f.keyword("quell"):
                out.append(card)
        return out

    def finish_pending(self, s: GameState, ctx: Ctx) -> None:
        pending = s.pending
        s.pending = None
        if pending is not None:
            self.finish_damage(s, pending, ctx)

    def finish_damage(self, s: GameState, d: PendingDamage, ctx: Ctx, check: bool = True) -> None:
        p = s.p(d.target)
        amount = max(0, d.amount)
        if p.life is not None:
            p.life = max(0, p.life - amount)  # CR 2.5.3e
        ctx.events.append(Event("damage", d.target, d.source, amount))
        if d.arcane and amount > 0 and d.source_controller and d.source_controller not in s.arcane_dealt:
            s.arcane_dealt.append(d.source_controller)
        if d.hit_link:
            link = next((lk for lk in s.chain if lk.number == d.hit_link), None)
            if link is not None:
                link.damage = amount
                if amount > 0:
                    link.hit = True  # CR 7.5.5
                    ctx.events.append(Event("hit", link.controller, link.attack.name, amount))
                    self.hit_triggers(s, link, amount, ctx)
                if amount >= 4:
                    self.crush(s, link, ctx)
        if check:
            self.check_game_over(s, ctx)

    def hit_triggers(self, s: GameState, link: ChainLink, amount: int, ctx: Ctx) -> None:
        """CR 7.5.5: effects that trigger on the hit-event go on the stack in the Damage Step."""
        text = link.attack.facts.text

        def granted(m: re.Match[str]) -> str:
            # "If you've dealt arcane damage this turn, this gets "When this hits ..."" (a conditional grant)
            return m.group(1) if link.controller in s.arcane_dealt else ""

        text = re.sub(
            r"if you've dealt arcane damage this turn, this gets \"(.+?)\"", granted, text, flags=re.I
        )
        text = " ".join([text] + link.granted)
        effects, _ = recognise(text)
        hit = [e for e in effects if e.trigger == "hit"]
        if hit:
            layer = Layer(
                id=s.new_id(),
                kind="triggered",
                name=f"{link.attack.name} hit trigger",
                controller=link.controller,
                effect="text",
            )
            layer.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in hit]
            s.stack.append(layer)
            ctx.events.append(Event("trigger", link.controller, layer.name))

    def crush(self, s: GameState, link: ChainLink, ctx: Ctx) -> None:
        """CR 8.4.2: "Crush - When this deals 4 or more damage, [EFFECTS]" triggers."""
        m = re.search(
            r"crush\s*[-–]\s*when this deals 4 or more damage(?: to a hero)?, (.+?)(?:\.|$)",
            link.attack.facts.text,
            re.I,
        )
        if not m:
            return
        effects, unknown = recognise(m.group(1) + ".")
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{link.attack.name} crush trigger",
            controller=link.controller,
            effect="text" if effects and not unknown else "manual crush",
        )
        layer.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in effects]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, "crush"))

    def check_game_over(self, s: GameState, ctx: Ctx) -> None:
        """CR 4.5.3a / 4.5.2a / 4.5.4a: a hero at 0 life loses; all at 0 is a draw."""
        dead = [pl for pl in PLAYERS if s.p(pl).life is not None and (s.p(pl).life or 0) <= 0]
        if not dead or s.game_over:
            return
        s.game_over = True
        s.priority = None
        if len(dead) == len(PLAYERS):
            s.result = "draw"
        else:
            loser = dead[0]
            s.result = f"{other(loser)} wins ({loser} lost: hero life total reduced to 0)"
        ctx.events.append(Event("game_over", "", s.result))

    def destroy_permanent(self, s: GameState, card: Card) -> None:
        p = s.p(card.owner)
        for slot, c in list(p.equipment.items()):
            if c is card:
                p.equipment[slot] = None
        if card in p.permanents:
            p.permanents.remove(card)
        if card in p.weapons:
            p.weapons.remove(card)
        self.to_graveyard(s, card)

    def apply_prevention(self, s: GameState, c: A.ApplyPrevention, ctx: Ctx) -> None:
        """Optional prevention on the damage being dealt now: arcane barrier pays N (CR 8.3.8),
        spellvoid destroys its source (CR 8.3.15), quell pays N (CR 8.3.19)."""
        d = s.pending
        kw = c.keyword.casefold()
        key = kw.replace(" ", "_")
        if d is None or d.target != c.player:
            # in the Damage Step the damage is the attack's combat damage, which arcane barrier and
            # spellvoid cannot prevent (CR 8.5.3f: they only prevent arcane damage)
            combat = (
                d is None
                and kw in ("arcane barrier", "spellvoid")
                and s.combat_step == "damage"
                and s.active_link() is not None
            )
            raise Illegal(
                key if key in ("arcane_barrier", "spellvoid", "quell") else "prevention",
                f"{c.player} applied {c.keyword} with no damage being dealt to their hero"
                + (" (the combat damage of this Damage Step is not arcane damage)." if combat else "."),
                tuple(cite(self.version, "damage_type")) if combat else (),
            )
        if kw in ("arcane barrier", "spellvoid") and not d.arcane:
            raise Illegal(
                key, f"{c.keyword} only prevents arcane damage.", tuple(cite(self.version, "damage_type"))
            )
        p = s.p(c.player)
        source = None
        for card in [x for x in p.equipment.values() if x is not None] + list(p.permanents):
            if (
                card.facts.keyword(kw)
                and (not c.source or norm_name(card.name) == norm_name(c.source))
                and card.id not in d.used
            ):
                source = card
                break
        if source is None:
            raise Illegal(
                key, f"{c.player} controls no unused {c.keyword}{' on ' + c.source if c.source else ''}."
            )
        n = source.facts.keyword(kw) or 0
        amount = c.amount if c.amount is not None else n
        if kw in ("arcane barrier",):
            amount = min(amount, n)
        if kw in ("arcane barrier", "quell"):
            cost = c.pay if c.pay is not None else amount
            if kw == "quell":
                cost = n
                amount = n
            try:
                self.pay_resources(s, c.player, cost, c.pitches, ctx)
            except Illegal as exc:
                raise Illegal(
                    exc.key, f"{c.keyword}: {exc.message}", tuple(cite(self.version, key)) + exc.extra
                ) from None
        if kw == "spellvoid":
            amount = n
            self.destroy_permanent(s, source)
        if kw == "quell":
            s.effects.append(Effect("quell_destroy", c.player, 0, "end", source.name, source.id))
        d.used.append(source.id)
        d.amount = max(0, d.amount - amount)
        ctx.events.append(Event("prevent", c.player, source.name, amount))
        if not self.optional_prevention_left(s, d) or d.amount == 0:
            self.finish_pending(s, ctx)

    def optional_prevention_left(self, s: GameState, d: PendingDamage) -> bool:
        return any(card.id not in d.used for card in self.optional_prevention(s, d.target, d.arcane))

    def decline_prevention(self, s: GameState, c: A.DeclinePrevention, ctx: Ctx) -> None:
        if s.pending is not None:
            self.finish_pending(s, ctx)

    # ------------------------------------------------------------------------------------------
    # costs (CR 1.14, 5.1.6, 5.1.7)
    # ------------------------------------------------------------------------------------------
    def pay_resources(
        self,
        s: GameState,
        player: str,
        cost: int,
        pitches: tuple[A.CardRef, ...],
        ctx: Ctx,
        chi_cost: int = 0,
    ) -> None:
        """Pitch the named cards one at a time while the cost is not covered (CR 1.14.2d, 1.14.3b),
        then pay chi points first and resource points next (CR 1.14.2a/d); a chi cost is paid with
        chi points only (CR 1.14.2c)."""
        p = s.p(player)
        for ref in pitches:
            chi_short = p.chi_points < chi_cost
            res_short = p.resource_points + max(0, p.chi_points - chi_cost) < cost
            if not chi_short and not res_short:
                raise Illegal(
                    "pitch_no_cost",
                    f"{player} pitched {ref.name} although the cost of {cost} was already covered.",
                )
            card, _ = self.take(
                s, player, A.CardRef(ref.name, "hand", ref.claims), ("hand",), ctx, illegal="pitch_no_cost"
            )
            self.check_claims(card, ref, ctx)
            pitch = card.pitch
            if pitch is None:
                raise Illegal(
                    "pitch_no_property", f"{card.name} has no pitch property and cannot be pitched."
                )
            if chi_short and not res_short and not card.facts.chi_pitch:
                raise Illegal(
                    "chi_cost", f"{card.name} gains resource points, which cannot pay a chi point cost."
                )
            p.pitch_zone.append(card)
            if card.facts.chi_pitch:
                p.chi_points += pitch
            else:
                p.resource_points += pitch
            ctx.events.append(Event("pitch", player, card.name, pitch))
        if p.chi_points < chi_cost:
            raise Illegal(
                "not_enough_resources",
                f"{player} had {p.chi_points} chi points for a chi cost of {chi_cost}.",
                ("1.14.2c",),
            )
        p.chi_points -= chi_cost
        if p.resource_points + p.chi_points < cost:
            raise Illegal(
                "not_enough_resources",
                f"{player} had {p.resource_points + p.chi_points} resource points for a cost of {cost}.",
            )
        from_chi = min(p.chi_points, cost)
        p.chi_points -= from_chi
        p.resource_points -= cost - from_chi

    def cost_modifiers(self, s: GameState, player: str, facts: CardFacts, is_attack: bool) -> int:
        """CR 5.1.6a: increases (Frostbite, CR 8.6.10), then reductions; the cost stops at zero."""
        delta = 0
        for card in s.p(player).permanents:
            tok = token_facts(card.name)
            if card.facts.text == "cost_more" or (tok is not None and tok.text == "cost_more"):
                delta += 1
        for eff in s.effects:
            if eff.player != player:
                continue
            if eff.kind == "cost_change":
                delta += eff.amount
            elif eff.kind == "cost_next_attack" and is_attack:
                delta += eff.amount
            elif eff.kind == "cost_next_guardian" and is_attack and "guardian" in facts.classes:
                delta += eff.amount
        return delta

    def cost_token_rules(
        self, s: GameState, player: str, facts: CardFacts, is_attack: bool
    ) -> tuple[str, ...]:
        """The token rules that explain a short payment: a Frostbite raised the cost (CR 8.6.10), or a
        Seismic Surge reduction does not apply to a card that is not a Guardian attack (CR 8.6.2)."""
        out: list[str] = []
        for card in s.p(player).permanents:
            tok = token_facts(card.name)
            if tok is not None and tok.text == "cost_more" and card.name.casefold() == "frostbite":
                out += cite(self.version, "frostbite")
                break
        for eff in s.effects:
            if (
                eff.player == player
                and eff.kind == "cost_next_guardian"
                and not (is_attack and "guardian" in facts.classes)
            ):
                out += cite(self.version, "seismic_surge")
                break
        return tuple(out)

    def consume_cost_effects(self, s: GameState, player: str, facts: CardFacts, is_attack: bool) -> None:
        keep = []
        for eff in s.effects:
            if (
                eff.player == player
                and is_attack
                and (
                    eff.kind == "cost_next_attack"
                    or (eff.kind == "cost_next_guardian" and "guardian" in facts.classes)
                )
            ):
                continue
            keep.append(eff)
        s.effects = keep

    def choose_mode(self, s: GameState, card: Card, c: A.Play, ctx: Ctx) -> str | None:
        """CR 1.7.5: a "Choose 1" card's mode is declared as it is played; the chosen mode's target
        description must fit the target (CR 1.8.5d)."""
        text = card.facts.text
        if not re.match(r"\s*choose 1", text, re.I):
            return None
        modes = [m.strip() for m in re.split(r"\n\s*[-–]\s*|\s[-–]\s(?=target)", text)[1:] if m.strip()]
        if not modes:
            return None
        if not c.mode or c.mode > len(modes):
            ctx.add(
                AMBIGUITY,
                f"line {ctx.entry.number}: {card.name} has {len(modes)} modes; the line does not say which ('(mode 2)').",
                rules=["1.7.5"],
            )
            return ""
        chosen = modes[c.mode - 1]
        m = re.match(r"target (.+?) (?:gets|gains) \+\d+\{p\}", chosen, re.I)
        link = s.active_link()
        if m and link is not None:
            desc = m.group(1).casefold()
            ok = True
            if "weapon attack" in desc:
                ok = bool(link.proxy)
            elif "attack action" in desc:
                ok = not link.proxy and link.attack.facts.is_attack_action
            mc = re.search(r"with cost (\d+) or (greater|less)", desc)
            if ok and mc:
                cost = link.attack.facts.cost or 0
                ok = cost >= int(mc.group(1)) if mc.group(2) == "greater" else cost <= int(mc.group(1))
            if not ok:
                raise Illegal(
                    "effect_target",
                    f"{card.name}'s mode {c.mode} needs {m.group(1)}; {link.attack.name} is not one.",
                )
        return chosen

    def check_targets(
        self, s: GameState, player: str, card: Card, targets: tuple[str, ...], is_attack: bool
    ) -> None:
        """Attack-targets must be attackable opposing objects (CR 1.4.5, 1.4.5a, 8.3.14a); effect
        targets must suit the effect (CR 1.8.5d): damage needs a hero, negate needs a layer."""
        low = card.facts.text.casefold()
        for t in targets:
            obj = ""
            who = ""
            if ":" in t and t[:2] in PLAYERS:
                who, obj = t[:2], t[3:]
            elif t in PLAYERS:
                who = t
            if is_attack:
                if who == player:
                    raise Illegal(
                        "attack_target",
                        f"{card.name} cannot attack {player}'s own hero: an attack-target must be an opposing attackable object.",
                    )
                if obj:
                    perm = next((x for x in s.p(who).permanents if norm_name(x.name) == norm_name(obj)), None)
                    if perm is None or not perm.facts.has("spectra"):
                        raise Illegal(
                            "attack_target",
                            f"{obj} is not attackable (only living objects, or objects made attackable such as spectra).",
                        )
                continue
            if "target attack action card" in low and not obj:
                link = s.active_link()
                if (
                    link is not None
                    and norm_name(link.attack.name) in norm_name(t)
                    and (link.proxy or not link.attack.facts.is_attack_action)
                ):
                    raise Illegal(
                        "effect_target", f"{card.name} needs an attack action card; {t} is a weapon attack."
                    )
            if "negate target" in low:
                if not any(norm_name(layer.name) == norm_name(obj or t) for layer in s.stack):
                    raise Illegal(
                        "negate_target",
                        f"{card.name} can only target a layer on the stack; {obj or t} is not on the stack.",
                    )
            elif "damage to" in low and obj:
                raise Illegal(
                    "damage_target", f"{card.name}'s damage needs a target with life; {obj} has none."
                )

    def play_triggers(self, s: GameState, player: str, ctx: Ctx) -> None:
        """Frostbite (CR 8.6.10): when its controller plays a card, it is destroyed."""
        for tok in list(s.p(player).permanents):
            t = token_facts(tok.name)
            if t is not None and t.text == "cost_more":
                s.stack.append(
                    Layer(
                        id=s.new_id(),
                        kind="triggered",
                        name=f"{self.token_base(tok.name)} trigger",
                        controller=player,
                        effect="destroy_source",
                        targets=[tok.id],
                    )
                )
                ctx.events.append(Event("trigger", player, "Frostbite"))

    def nonattack_triggers(self, s: GameState, player: str, layer: Layer, ctx: Ctx) -> None:
        """Eloquence (CR 8.6.23): when its controller plays a non-attack action card, destroy it and
        the card gets go again (when the trigger resolves)."""
        for tok in list(s.p(player).permanents):
            t = token_facts(tok.name)
            if t is None or not t.text.startswith("nonattack_trigger"):
                continue
            s.stack.append(
                Layer(
                    id=s.new_id(),
                    kind="triggered",
                    name=f"{tok.name} trigger",
                    controller=player,
                    effect="card_go_again",
                    targets=[layer.id],
                    source_zone=tok.id,
                )
            )
            ctx.events.append(Event("trigger", player, t.name.casefold()))

    def token_base(self, name: str) -> str:
        return re.sub(r"\s+\d+$", "", name)

    def spectra_trigger(self, s: GameState, target: str, ctx: Ctx) -> None:
        """CR 8.3.14: when a spectra object becomes the target of an attack, destroy it."""
        who, obj = target[:2], target[3:]
        perm = next((x for x in s.p(who).permanents if norm_name(x.name) == norm_name(obj)), None)
        if perm is not None and perm.facts.has("spectra"):
            s.stack.append(
                Layer(
                    id=s.new_id(),
                    kind="triggered",
                    name=f"{perm.name} spectra trigger",
                    controller=who,
                    effect="spectra",
                    targets=[perm.id],
                )
            )
            ctx.events.append(Event("trigger", who, "spectra"))

    # ------------------------------------------------------------------------------------------
    # playing cards (CR 5.1, 8.1)
    # ------------------------------------------------------------------------------------------
    def play(self, s: GameState, c: A.Play, ctx: Ctx) -> None:
        player = c.player
        if s.phase != "action":
            raise Illegal(
                "no_priority_phase",
                f"{player} cannot play a card in the {s.phase} phase: no player has priority"
                + (
                    f" (the end phase is not over: log the turn-player's draw, e.g. '{s.turn_player} draws N', or 'the turn ends')."
                    if s.phase == "end"
                    else "."
                ),
            )
        if s.combat_step == "defend" and self.awaiting_defenders(s):
            self.mark_declared(s)
        if s.combat_step == "close":
            raise Illegal("close_no_priority", "No player has priority in the Close Step.")
        if s.priority is None and s.combat_step == "damage":
            raise Illegal(
                "no_priority_damage", "No player gets priority in the Damage Step under this rules version."
            )
        zones: tuple[str, ...] = (c.card.zone,) if c.card.zone else ("hand", "arsenal")
        card, zone = self.take(s, player, c.card, zones, ctx, illegal="play_zone")
        self.check_claims(card, c.card, ctx)
        f = card.facts
        if zone not in ("hand", "arsenal") and not c.card.zone:
            raise Illegal("play_zone", f"{card.name} cannot be played from {zone}.")
        if s.priority != player:
            if f.is_("attack reaction") and (s.combat_step == "reaction"):
                link = s.active_link()
                if link is not None and link.controller != player:
                    raise Illegal(
                        "attack_reaction",
                        f"{player} does not control the attack, so cannot play the attack reaction {card.name}.",
                    )
            after_resolution = s.priority == s.turn_player and s.passes == 0
            raise Illegal(
                "priority",
                f"{player} played {card.name} without priority ({s.priority or 'nobody'} has it).",
                ("5.3.7",) if after_resolution and self.version != "older" else (),
            )
        is_attack = f.is_attack_action
        action_cost = 0
        if f.is_("attack reaction"):
            link = s.active_link()
            if s.combat_step != "reaction" or link is None or link.controller != player:
                raise Illegal(
                    "attack_reaction",
                    f"{player} cannot play the attack reaction {card.name}: only the attack's controller may, in the Reaction Step.",
                )
        elif f.is_("defense reaction"):
            link = s.active_link()
            if s.combat_step != "reaction" or link is None or link.target != player:
                raise Illegal(
                    "defense_reaction",
                    f"{player} cannot play the defense reaction {card.name}: only the defending hero may, in the Reaction Step.",
                )
            if "defense reaction cards can't be played this chain link" in link.attack.facts.text.casefold():
                raise Illegal(
                    "no_defense_reactions",
                    f"{link.attack.name} forbids defense reaction cards this chain link.",
                )
            self.check_can_defend(s, link, [card], ctx, reaction=True)
        elif f.is_("instant") or c.as_instant:
            pass
        elif f.is_action or not f.types:
            if s.stack:
                raise Illegal(
                    "action_stack_not_empty", f"{card.name} is an action and the stack is not empty."
                )
            if s.combat_step and not (
                (is_attack and s.combat_step == "resolution" and self.version != "older")
                or (s.combat_step == "link" and self.version == "older")
            ):
                raise Illegal(
                    "action_during_combat",
                    f"{card.name} is an action and cannot be played during the {s.combat_step} step of combat.",
                )
            action_cost = 1
        self.check_targets(s, player, card, c.targets, is_attack)
        mode_text = self.choose_mode(s, card, c, ctx)
        cost = max(0, (f.cost or 0) + self.cost_modifiers(s, player, f, is_attack))
        if c.boost and not s.p(player).deck_top and not s.p(player).deck_count:
            raise Illegal(
                "boost_no_card", f"{player} cannot boost: there is no top card of the deck to banish."
            )
        if c.floating is not None and s.p(player).resource_points < c.floating:
            ctx.add(
                MISMATCH,
                f"line {ctx.entry.number}: the line says {player} paid {c.floating} from floating resource points; {player} had {s.p(player).resource_points}.",
                fact=f"{player}.resource_points",
                claimed=c.floating,
                derived=s.p(player).resource_points,
            )
        try:
            self.pay_resources(s, player, cost, c.pitches, ctx, chi_cost=f.chi_cost or 0)
        except Illegal as exc:
            if exc.key != "not_enough_resources":
                raise
            raise Illegal(
                exc.key, exc.message, exc.extra + self.cost_token_rules(s, player, f, is_attack)
            ) from None
        self.consume_cost_effects(s, player, f, is_attack)
        if action_cost:
            if s.p(player).action_points < action_cost:
                raise Illegal(
                    "no_action_point",
                    f"{card.name} costs 1 action point and {player} has {s.p(player).action_points}.",
                    self.no_go_again_rules(s, player),
                )
            s.p(player).action_points -= action_cost
            if player != s.turn_player:
                raise Illegal(
                    "not_turn_player_action",
                    f"{player} is not the turn-player and cannot play the action {card.name}.",
                )
        layer = Layer(
            id=s.new_id(), kind="card", name=card.name, controller=player, card=card, source_zone=zone
        )
        if mode_text is not None:
            layer.effect = "mode:" + mode_text
        layer.targets = list(c.targets)
        if is_attack:
            layer.attack = True
            if not layer.targets:
                layer.targets = [other(player)]
            layer.targets = [t if ":" in t else self.target_player(t, player) for t in layer.targets]
        if c.boost:
            self.boost(s, player, layer, c.boost_card, ctx)
        self.apply_next_card_effects(s, player, layer, ctx)
        s.stack.append(layer)
        self.play_triggers(s, player, ctx)
        if "non-attack" in f.subtypes and f.is_action:
            self.nonattack_triggers(s, player, layer, ctx)
        if is_attack:
            s.attacks_this_turn.append(card.name)
            self.attack_played_triggers(s, player, layer, ctx, action_card=True)
            for t in layer.targets:
                if ":" in t:
                    self.spectra_trigger(s, t, ctx)
            if not s.combat_step or s.combat_step in ("resolution", "link"):
                s.combat_step = "layer"  # CR 7.0.2a, 7.6.3
        if f.has("intimidate") and is_attack:
            ctx.add(
                NOTE,
                f"line {ctx.entry.number}: {card.name} intimidates; log the banished card ('P2 banishes X face-down (intimidate, random)').",
                "intimidate",
            )
        self.give_priority(s, player)  # CR 1.11.5

    def target_player(self, target: str, player: str) -> str:
        m = re.match(r"(P[12])", target)
        return m.group(1) if m else other(player)

    def boost(self, s: GameState, player: str, layer: Layer, name: str, ctx: Ctx) -> None:
        """CR 8.3.9: banish the top card of the deck; a Mechanologist card gives the attack go again."""
        p = s.p(player)
        if p.deck_top:
            top = p.deck_top.pop(0)
            if name and norm_name(top.name) != norm_name(name):
                ctx.add(
                    MISMATCH,
                    f"line {ctx.entry.number}: the known top card was {top.name}, the line says {name}.",
                )
        elif name:
            top = self.new_card(s, name, player, ctx)
        else:
            top = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=player)
        if p.deck_count is not None:
            p.deck_count = max(0, p.deck_count - 1)
        top.face = "up"
        p.banished.append(top)
        ctx.events.append(Event("random", player, f"boost banished {top.name} from the top of the deck"))
        if "mechanologist" in top.facts.classes:
            layer.go_again = True

    def apply_next_card_effects(self, s: GameState, player: str, layer: Layer, ctx: Ctx) -> None:
        """CR 5.1.2a: effects on "the next attack" apply when the attack is played."""
        if not layer.attack:
            return
        if (layer.source_zone in ("arsenal", "weapon")) and any(
            norm_name(self.token_base(t.name)) == "frailty" for t in s.p(player).permanents
        ):
            layer.power_bonus -= 1  # Frailty, CR 8.6.20
        keep = []
        for eff in s.effects:
            if eff.player == player and eff.kind == "next_attack_power":
                layer.power_bonus += eff.amount
            elif eff.player == player and eff.kind == "next_attack_go_again":
                layer.go_again = True
            elif (
                eff.player == player
                and eff.kind == "next_attack_max_nonblock"
                and layer.card is not None
                and layer.card.facts.is_attack_action
            ):
                layer.max_nonblock = eff.amount
            else:
                keep.append(eff)
        s.effects = keep

    def attack_played_triggers(
        self, s: GameState, player: str, layer: Layer, ctx: Ctx, action_card: bool
    ) -> None:
        """Token triggers on playing an attack (Runechant CR 8.6.3, Quicken 8.6.1, Courage 8.6.22,
        Embodiment of Lightning 8.6.12): each goes on the stack above the attack."""
        for tok in list(s.p(player).permanents):
            tf = token_facts(tok.name)
            t = (
                tok.facts.text
                if tok.facts.text.startswith(("attack_trigger", "attack_action_trigger"))
                else (tf.text if tf is not None else "")
            )
            if not t.startswith(("attack_trigger", "attack_action_trigger")):
                continue
            if t.startswith("attack_action_trigger") and not action_card:
                continue
            effect = t.split(":", 1)[1]
            trig = Layer(
                id=s.new_id(),
                kind="triggered",
                name=f"{tok.name} trigger",
                controller=player,
                effect=effect,
                targets=[other(player)] if effect == "arcane1" else [layer.id],
                source_zone=tok.id,  # the token is destroyed when the trigger resolves
            )
            s.stack.append(trig)
            ctx.events.append(Event("trigger", player, trig.name))

    def activate(self, s: GameState, c: A.Activate, ctx: Ctx) -> None:
        """CR 5.2: activate the (first) activated ability of a permanent; a weapon's attack makes an
        attack-proxy (CR 8.3.1)."""
        player = c.player
        if s.phase != "action" or s.priority != player:
            raise Illegal("priority", f"{player} activated {c.source} without priority.")
        p = s.p(player)
        src = None
        for card in list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents):
            if norm_name(card.name) == norm_name(c.source):
                src = card
                break
        if src is None:
            raise CannotApply(f"{player} controls no {c.source!r}")
        ab = activated_ability(src.facts)
        if ab is None:
            ctx.add(
                MANUAL,
                f"line {ctx.entry.number}: the engine does not know {src.name}'s ability; enter its outcome as adjustment lines.",
                "manual_effect",
            )
            return
        if (
            "can only attack if you've attacked with a weapon this turn" in src.facts.text.casefold()
            and player not in s.weapon_attacked
        ):
            rule = TOKEN_RULES.get(self.token_base(src.name).casefold(), "8.6")
            raise Illegal(
                "token",
                f"{src.name} can only attack if {player} has attacked with a weapon this turn.",
                (rule,),
            )
        if ab.once_per_turn and src.id in p.once_per_turn:
            raise Illegal(
                "once_per_turn",
                f"{src.name}'s ability can be activated once per turn and was already activated this turn.",
            )
        action_cost = 0
        if ab.type == "action":
            if player != s.turn_player:
                raise Illegal("not_turn_player_action", f"{player} is not the turn-player.")
            if s.stack:
                raise Illegal("action_stack_not_empty", "An action ability needs an empty stack.")
            if s.combat_step and not (ab.attack and s.combat_step in ("resolution", "link")):
                raise Illegal(
                    "action_during_combat", f"{src.name}'s action ability cannot be activated during combat."
                )
            action_cost = 1
        self.pay_resources(s, player, ab.resource_cost, c.pitches, ctx)
        if action_cost:
            if p.action_points < 1:
                raise Illegal(
                    "no_action_point", f"{src.name}'s action ability costs 1 action point and {player} has 0."
                )
            p.action_points -= 1
        if ab.once_per_turn:
            p.once_per_turn.append(src.id)
        if ab.destroy_self:
            self.destroy_permanent(s, src)
        layer = Layer(
            id=s.new_id(),
            kind="activated",
            name=f"{src.name} ability",
            controller=player,
            card=None,
            effect=ab.ability_text,
        )
        if ab.attack:
            proxy = Card(id=s.new_id(), facts=src.facts, owner=player)
            layer = Layer(
                id=s.new_id(),
                kind="activated",
                name=src.name,
                controller=player,
                card=proxy,
                attack=True,
                source_zone="weapon",
            )
            layer.targets = [self.target_player(t, player) for t in (c.targets or (other(player),))]
            layer.go_again = ab.go_again
            self.apply_next_card_effects(s, player, layer, ctx)
            s.stack.append(layer)
            s.attacks_this_turn.append(src.name)
            if src.facts.is_weapon and player not in s.weapon_attacked:
                s.weapon_attacked.append(player)
            self.attack_played_triggers(s, player, layer, ctx, action_card=False)
            if not s.combat_step or s.combat_step in ("resolution", "link"):
                s.combat_step = "layer"
        else:
            s.stack.append(layer)
        self.give_priority(s, player)

    def pitch_alone(self, s: GameState, c: A.Pitch, ctx: Ctx) -> None:
        """CR 1.14.3b: a card may only be pitched to pay an asset-cost being paid."""
        d = s.pending
        if d is not None and d.target == c.player and self.optional_prevention(s, c.player, d.arcane):
            card, _ = self.take(s, c.player, c.card, ("hand",), ctx)
            if card.pitch is None:
                raise Illegal("pitch_no_property", f"{card.name} has no pitch property.")
            s.p(c.player).pitch_zone.append(card)
            s.p(c.player).resource_points += card.pitch
            return
        raise Illegal("pitch_no_cost", f"{c.player} pitched {c.card.name} with no asset-cost being paid.")

    # ------------------------------------------------------------------------------------------
    # resolving layers (CR 5.3)
    # ------------------------------------------------------------------------------------------
    def resolve_top(self, s: GameState, ctx: Ctx, give: bool = True) -> None:
        layer = s.stack.pop()
        ctx.events.append(Event("resolve", layer.controller, layer.name))
        if layer.attack:
            self.attack_resolves(s, layer, ctx)
            return
        if layer.kind == "triggered":
            self.resolve_trigger(s, layer, ctx)
        elif layer.kind == "activated":
            self.resolve_text(s, layer.controller, layer.name, layer.effect, ctx, layer)
            if re.search(r"\bgo again\b", layer.effect, re.I):
                self.gain_ap(s, layer.controller, layer.name, ctx)
        elif layer.card is not None:
            card = layer.card
            f = card.facts
            if f.is_("defense reaction"):
                link = s.active_link()
                if link is not None:
                    try:
                        card.origin = layer.source_zone or "hand"
                        m = re.search(
                            r"if .+? is played from (?:your )?arsenal, it (?:gains|gets) \+(\d+)\{d\}",
                            f.text,
                            re.I,
                        )
                        if m and card.origin == "arsenal":
                            card.counters["defense_effect"] = card.counters.get("defense_effect", 0) + int(
                                m.group(1)
                            )
                        self.check_can_defend(s, link, [card], ctx, reaction=True)
                        link.defending.append(card)  # CR 8.1.3b / 7.4.2d
                        link.hand_defended = link.hand_defended or card.origin == "hand"
                    except Illegal:
                        self.to_graveyard(s, card)  # fails to resolve
                else:
                    self.to_graveyard(s, card)
                self.resolve_text(s, layer.controller, card.name, f.text, ctx, layer)
            else:
                if layer.effect.startswith("mode:"):
                    self.resolve_mode(s, layer, ctx)
                else:
                    self.resolve_text(s, layer.controller, card.name, f.text, ctx, layer)
                if f.has("go again") or layer.go_again:
                    self.gain_ap(s, layer.controller, card.name, ctx)  # CR 8.3.5a
                if f.is_("aura") or f.is_("item") or f.is_("ally") or f.is_("equipment") or f.is_("weapon"):
                    if f.is_equipment and f.slot:
                        s.p(card.owner).equipment[f.slot] = card
                    elif f.is_weapon:
                        s.p(card.owner).weapons.append(card)
                    else:
                        s.p(card.owner).permanents.append(card)
                else:
                    self.to_graveyard(s, card)
        if give and s.phase == "action" and s.combat_step != "close":
            self.give_priority(s)

    def resolve_mode(self, s: GameState, layer: Layer, ctx: Ctx) -> None:
        """The chosen mode of a "Choose 1" card: "+N{p}" and a granted ability in quotes."""
        text = layer.effect[len("mode:") :]
        m = re.match(r'target .+? (?:gets|gains) \+(\d+)\{p\}(?: and "(.+)")?\.?$', text, re.I)
        link = s.active_link()
        if m and link is not None:
            link.power_bonus += int(m.group(1))
            if m.group(2):
                link.granted.append(m.group(2))
        elif text:
            self.resolve_text(s, layer.controller, layer.name, text, ctx, layer)

    def gain_ap(self, s: GameState, player: str, source: str, ctx: Ctx, n: int = 1) -> None:
        """A non-turn player cannot gain action points (older CR 1.13.2b; the turn-player alone uses them)."""
        if player != s.turn_player:
            return
        s.p(player).action_points += n
        ctx.events.append(Event("gain_ap", player, source, n))

    def attack_resolves(self, s: GameState, layer: Layer, ctx: Ctx) -> None:
        """CR 7.1.3, 7.2: the attack resolves and becomes chain link N+1 in the Attack Step."""
        card = layer.card or Card(id=s.new_id(), facts=CardFacts(name=layer.name), owner=layer.controller)
        target = layer.targets[0] if layer.targets else other(layer.controller)
        link = ChainLink(
            number=len(s.chain) + 1,
            attack=card,
            controller=layer.controller,
            target=target,
            power_bonus=layer.power_bonus,
            go_again=layer.go_again,
            max_nonblock=layer.max_nonblock,
            source_zone=layer.source_zone,
            proxy=card.name if layer.source_zone == "weapon" else "",
        )
        previous = s.chain[-1].attack.name if s.chain else ""
        s.chain.append(link)
        s.combat_step = "attack"
        text = card.facts.text
        m = re.search(
            r"combo\s*[-–]\s*if (.+?) was the last attack this combat chain, this gets \+(\d+)\{p\}",
            text,
            re.I,
        )
        if (
            m
            and previous
            and norm_name(previous) in [norm_name(x) for x in re.split(r"\s+or\s+|,\s*", m.group(1))]
        ):
            link.power_bonus += int(m.group(2))  # CR 8.4.1
            ctx.events.append(Event("combo", link.controller, card.name, int(m.group(2))))
        if re.search(r"when this attacks, intimidate", text, re.I) or card.facts.has("intimidate"):
            s.stack.append(
                Layer(
                    id=s.new_id(),
                    kind="triggered",
                    name=f"{card.name} intimidate trigger",
                    controller=link.controller,
                    effect="intimidate",
                )
            )
            ctx.events.append(Event("trigger", link.controller, "intimidate"))
        self.give_priority(s)

    def resolve_trigger(self, s: GameState, layer: Layer, ctx: Ctx) -> None:
        eff = layer.effect
        if layer.source_zone.startswith("o"):
            for tok in list(s.p(layer.controller).permanents):
                if tok.id == layer.source_zone:
                    self.destroy_permanent(s, tok)

        if eff == "arcane1":
            target = layer.targets[0] if layer.targets else other(layer.controller)
            self.deal_damage(s, target, 1, layer.name, ctx, arcane=True, controller=layer.controller)
        elif eff == "go_again":
            self.bump_attack(s, layer, go_again=True)
        elif eff == "power1":
            self.bump_attack(s, layer, power=1)
        elif eff == "card_go_again":
            for lay in s.stack:
                if lay.id in layer.targets:
                    lay.go_again = True
        elif eff == "destroy_source":
            for pl in PLAYERS:
                for tok in list(s.p(pl).permanents):
                    if tok.id in layer.targets:
                        self.destroy_permanent(s, tok)
        elif eff == "spectra":
            for pl in PLAYERS:
                for perm in list(s.p(pl).permanents):
                    if perm.id in layer.targets:
                        self.destroy_permanent(s, perm)
                        key = f"{pl}:{perm.name}"
                        for lay in list(s.stack):
                            if lay.attack and lay.targets and all(t == key for t in lay.targets):
                                s.stack.remove(lay)  # no legal attack-target remains (CR 7.2.2)
                                if lay.card is not None and lay.source_zone != "weapon":
                                    self.to_graveyard(s, lay.card)
            if not s.chain and not any(lay.attack for lay in s.stack):
                self.close_chain(s, ctx)
        elif eff == "phantasm":
            link = s.active_link()
            if link is not None:
                ctx.events.append(Event("destroy", link.controller, link.attack.name))
                self.close_chain(s, ctx)  # the attack is destroyed: CR 7.7.2c
        elif eff == "intimidate":
            ctx.add(
                NOTE,
                f"line {ctx.entry.number}: intimidate resolves; log the random card banished face-down ('P2 banishes X face-down (intimidate, random)').",
                "intimidate",
            )
        elif eff == "text":
            for t in layer.targets:
                kind, amount, target = (t.split(":", 2) + ["", ""])[:3]
                self.apply_text_effect(
                    s,
                    layer.controller,
                    layer.name,
                    TextEffect(kind, int(amount or 0), "", target),
                    ctx,
                    layer,
                )
        elif eff.startswith("manual"):
            ctx.add(
                MANUAL,
                f"line {ctx.entry.number}: {layer.name} resolves; the engine cannot compute its effect ({layer.amount or ''}{eff[7:]}). Enter the outcome as adjustment lines.",
                "manual_effect",
            )
        elif eff:
            self.resolve_text(s, layer.controller, layer.name, eff, ctx, layer)

    def bump_attack(self, s: GameState, layer: Layer, power: int = 0, go_again: bool = False) -> None:
        for lay in reversed(s.stack):
            if lay.attack:
                lay.power_bonus += power
                lay.go_again = lay.go_again or go_again
                return
        link = s.active_link()
        if link is not None:
            link.power_bonus += power
            link.go_again = link.go_again or go_again

    def resolve_text(
        self,
        s: GameState,
        player: str,
        name: str,
        text: str,
        ctx: Ctx,
        layer: Layer | None,
    ) -> None:
        effects, unknown = recognise(text)
        for e in effects:
            if e.trigger == "reprise":
                link = s.active_link()
                if link is None or not any(c.origin == "hand" for c in link.defending):
                    continue
            elif e.trigger:
                continue
            self.apply_text_effect(s, player, name, e, ctx, layer)
        for sentence in unknown:
            ctx.add(
                MANUAL,
                f"line {ctx.entry.number}: the engine cannot compute {name}'s text {sentence!r}; enter its outcome as an adjustment line (judge: ...).",
                "manual_effect",
            )

    def apply_text_effect(
        self, s: GameState, player: str, name: str, e: TextEffect, ctx: Ctx, layer: Layer | None
    ) -> None:
        p = s.p(player)
        k = e.kind
        if k == "target_power" or k == "target_go_again":
            target = None
            if layer is not None and layer.targets:
                target = layer.targets[0]
            link = s.active_link()
            bonus = e.amount if k == "target_power" else 0
            if link is not None and (
                target is None
                or norm_name(target) == norm_name(link.attack.name)
                or target.startswith("P") is False
            ):
                link.power_bonus += bonus
                link.go_again = link.go_again or k == "target_go_again"
            else:
                for lay in reversed(s.stack):
                    if lay.attack:
                        lay.power_bonus += bonus
                        lay.go_again = lay.go_again or k == "target_go_again"
                        break
        elif k == "self_power":
            link = s.active_link()
            if link is not None and norm_name(link.attack.name) == norm_name(name):
                link.power_bonus += e.amount
        elif k == "next_attack_power":
            s.effects.append(Effect("next_attack_power", player, e.amount, "turn", name))
        elif k == "next_attack_go_again":
            s.effects.append(Effect("next_attack_go_again", player, 0, "turn", name))
        elif k == "gain_life":
            if p.life is not None:
                p.life += e.amount
        elif k == "gain_resources":
            p.resource_points += e.amount
        elif k == "gain_ap":
            p.action_points += e.amount
        elif k == "arcane_each":
            targets = [self.target_player(t, player) for t in (layer.targets if layer else [])] or [
                other(player)
            ]
            for t in targets:
                self.deal_damage(s, t, e.amount, name, ctx, arcane=True, controller=player, check=False)
            self.check_game_over(s, ctx)
        elif k == "negate":
            wanted = layer.targets[0] if layer is not None and layer.targets else ""
            for lay in reversed(s.stack):
                if norm_name(lay.name) == norm_name(wanted.split(":")[-1]):
                    s.stack.remove(lay)  # CR 8.5.26: cleared, does not resolve
                    if lay.card is not None:
                        self.to_graveyard(s, lay.card)
                    ctx.events.append(Event("negate", player, lay.name))
                    break
        elif k == "self_go_again":
            link = s.active_link()
            if link is not None:
                link.go_again = True
        elif k == "destroy_arsenal":
            victim = s.p(other(player))
            for card in list(victim.arsenal):
                victim.arsenal.remove(card)
                self.to_graveyard(s, card)
            ctx.events.append(Event("destroy", other(player), "arsenal"))
        elif k == "discard_choice":
            ctx.events.append(Event("trigger", player, f"{name} discard"))
            ctx.add(
                NOTE,
                f"line {ctx.entry.number}: {name} makes {other(player)} discard a card of their choice; log it ('{other(player)} discards X').",
                "discard",
            )
        elif k == "bottom_defending":
            wanted = layer.targets[0] if layer is not None and layer.targets else ""
            link = s.active_link()
            if link is not None:
                for card in list(link.defending):
                    if norm_name(card.name) == norm_name(wanted.split(":")[-1]):
                        link.defending.remove(card)
                        self.put_bottom(s.p(card.owner), [card])
                        break
        elif k in ("arcane", "damage"):
            target = other(player)
            if layer is not None and layer.targets:
                target = self.target_player(layer.targets[0], player)
            self.deal_damage(s, target, e.amount, name, ctx, arcane=k == "arcane", controller=player)
        elif k == "draw":
            self.draw(s, player, e.amount, ctx)
        elif k == "prevent_next":
            s.effects.append(Effect("prevent_next", player, e.amount, "turn", name))
        elif k == "create_token":
            for _ in range(max(1, e.amount)):
                self.make_token(s, player, e.target, ctx)
        elif k == "opt":
            ctx.add(
                NOTE,
                f"line {ctx.entry.number}: {name} makes {player} opt {e.amount}; log where the cards go ('{player} opts {e.amount}: ...').",
                "opt",
            )
        elif k == "manual":
            ctx.add(
                MANUAL,
                f"line {ctx.entry.number}: the engine cannot compute {e.target!r}; enter its outcome as an adjustment line.",
                "manual_effect",
            )

    # ------------------------------------------------------------------------------------------
    # defending (CR 7.3)
    # ------------------------------------------------------------------------------------------
    def check_can_defend(
        self, s: GameState, link: ChainLink, new: list[Card], ctx: Ctx, reaction: bool = False
    ) -> None:
        for card in new:
            if card.defense is None and card.facts.defense is None and "defense" not in card.constraints:
                if card.facts.types or card.facts.defense is None and not reaction:
                    raise Illegal(
                        "defend_no_property",
                        f"{card.name} has no defense property and cannot defend (7.3.2b A).",
                    )
        all_cards = list(link.defending) + new
        atk = link.attack.facts
        if atk.has("dominate"):
            from_hand = [c for c in all_cards if c.origin == "hand"]
            earlier = (
                1
                if (
                    self.version == "older"
                    and link.hand_defended
                    and not any(c.origin == "hand" for c in link.defending)
                )
                else 0
            )
            if len(from_hand) + earlier > 1:
                raise Illegal(
                    "dominate" if not reaction else "dominate_dr",
                    f"{link.attack.name} has dominate and can't be defended by more than one card from hand.",
                )
        if link.max_nonblock:
            nonblock = [c for c in all_cards if "block" not in c.facts.types]
            if len(nonblock) > link.max_nonblock:
                raise Illegal(
                    "confidence",
                    f"{link.attack.name} can't be defended by more than {link.max_nonblock} non-block cards.",
                )
        if atk.has("overpower"):
            actions = [c for c in all_cards if c.facts.is_action]
            if len(actions) > 1:
                raise Illegal(
                    "overpower",
                    f"{link.attack.name} has overpower and can't be defended by more than one action card.",
                )

    def defend(self, s: GameState, c: A.Defend, ctx: Ctx) -> None:
        link = s.active_link()
        if s.combat_step != "defend" or link is None:
            raise Illegal("defend_step", f"{c.player} declared defending cards outside the Defend Step.")
        if link.declared:
            raise Illegal(
                "defend_step", f"defending cards for chain link {link.number} were already declared."
            )
        if c.player != link.target:
            raise Illegal("defend_from", f"{c.player} is not the defending hero.")
        new: list[Card] = []
        for ref in c.cards:
            zones: tuple[str, ...]
            if ref.zone in ("hand",):
                zones = ("hand",)
            elif ref.zone == "arsenal":
                zones = ("arsenal",)
            elif ref.zone == "equipment":
                zones = ("equipment",)
            else:
                zones = ("equipment", "hand", "arsenal")
            card, zone = self.take(s, c.player, ref, zones, ctx, illegal="defend_from")
            self.check_claims(card, ref, ctx)
            if zone == "arsenal" and not card.facts.has("ambush"):
                raise Illegal(
                    "defend_from",
                    f"{card.name} is in the arsenal and has no ambush; only hand cards and equipment defend (7.3.2a).",
                )
            if card.facts.is_("defense reaction"):
                raise Illegal(
                    "defend_from",
                    f"{card.name} is a defense reaction and cannot be declared as a defending card (7.3.2a).",
                )
            if zone != "equipment":
                card.origin = zone
            new.append(card)
        self.check_can_defend(s, link, new, ctx)
        for eff in list(s.effects):
            if eff.kind == "next_defend_action" and eff.player == c.player:
                first = next((x for x in new if x.facts.is_action), None)
                if first is not None:
                    first.counters["defense_effect"] = first.counters.get("defense_effect", 0) + eff.amount
                    s.effects.remove(eff)
        link.defending.extend(new)
        link.hand_defended = link.hand_defended or any(c.origin == "hand" for c in new)
        link.declared = True
        if link.attack.facts.has("phantasm"):
            for card in new:
                f = card.facts
                if f.is_attack_action and "illusionist" not in f.classes and (f.power or 0) >= 6:
                    s.stack.append(
                        Layer(
                            id=s.new_id(),
                            kind="triggered",
                            name=f"{link.attack.name} phantasm trigger",
                            controller=link.controller,
                            effect="phantasm",
                        )
                    )
                    ctx.events.append(Event("trigger", link.controller, "phantasm"))
                    break
        self.give_priority(s)  # CR 7.3.3

    # ------------------------------------------------------------------------------------------
    # end phase (CR 4.4)
    # ------------------------------------------------------------------------------------------
    def begin_end_phase(self, s: GameState, ctx: Ctx) -> None:
        """CR 4.3.4 -> 4.4.2: the action phase ends; beginning-of-end-phase effects happen."""
        s.phase = "end"
        s.end_step = "arsenal"
        s.priority = None
        s.passes = 0
        keep = []
        for eff in s.effects:
            if eff.kind == "intimidated":
                p = s.p(eff.player)
                for card in list(p.banished):
                    if card.id == eff.card_id:
                        p.banished.remove(card)
                        card.face = "up"
                        card.duration = ""
                        p.hand.append(card)  # CR 8.5.10
                        ctx.events.append(Event("trigger", eff.player, "intimidate return"))
            elif eff.kind == "quell_destroy":
                p = s.p(eff.player)
                for card in [x for x in p.equipment.values() if x is not None] + list(p.permanents):
                    if card.id == eff.card_id:
                        self.destroy_permanent(s, card)
                        ctx.events.append(Event("trigger", eff.player, "quell destroy"))
            else:
                keep.append(eff)
        s.effects = keep
        tp = s.p(s.turn_player)
        for card in tp.banished:
            if card.facts.has("blood debt") and card.face == "up" and tp.life is not None:
                tp.life = max(0, tp.life - 1)  # CR 8.3.11 / 8.3.11a: only a public card
                ctx.events.append(Event("trigger", s.turn_player, "blood debt"))
        self.check_game_over(s, ctx)
        for pl in PLAYERS:
            for tok in list(s.p(pl).permanents):
                t = token_facts(tok.name)
                if t is None or not t.text.startswith("end_phase") or pl != s.turn_player:
                    continue
                if t.text == "end_phase:draw":
                    self.destroy_permanent(s, tok)
                    self.draw(s, pl, 1, ctx)
                    ctx.events.append(Event("trigger", pl, "ponder"))
                elif t.text == "end_phase:destroy":
                    self.destroy_permanent(s, tok)
                elif t.text == "end_phase:pox":
                    self.destroy_permanent(s, tok)
                    ctx.events.append(Event("trigger", pl, "bloodrot pox"))
                    s.pending = PendingDamage(pl, 2, "Bloodrot Pox", False, 0, pl, [], 3)
                elif t.name == "Inertia":
                    self.destroy_permanent(s, tok)
                    p = s.p(pl)
                    moved = list(p.hand) + list(p.arsenal)
                    for card in moved:
                        card.face = "down"
                        card.private_to = pl
                    self.put_bottom(p, moved)
                    if p.deck_count is not None:
                        p.deck_count += p.hand_unknown
                    p.hand, p.arsenal, p.hand_unknown = [], [], 0
                    ctx.events.append(Event("trigger", pl, "inertia"))
                else:
                    ctx.add(
                        MANUAL,
                        f"line {ctx.entry.number}: {tok.name} triggers at the beginning of the end phase; enter its outcome.",
                        "tokens",
                    )

    def end_step_index(self, step: str) -> int:
        return ["arsenal", "pitch", "assets", "draw", "done"].index(step) if step else 0

    def require_end(self, s: GameState, ctx: Ctx, key: str, what: str) -> None:
        if s.phase == "action" and not s.stack and not s.combat_step:
            ctx.add(
                NOTE,
                f"line {ctx.entry.number}: the action phase ends before {what} (all players pass, CR 4.3.4).",
                "action_phase_ends",
            )
            self.begin_end_phase(s, ctx)
        if s.phase != "end":
            raise Illegal(key, f"{what} happens only in the end phase (it is the {s.phase} phase).")

    def arsenal(self, s: GameState, c: A.Arsenal, ctx: Ctx) -> None:
        """CR 4.4.3b: the turn-player may put a card from hand face-down into an empty arsenal."""
        self.require_end(s, ctx, "arsenal_timing", "putting a card into the arsenal")
        if c.player != s.turn_player:
            raise Illegal("arsenal_not_turn_player", f"{c.player} is not the turn-player.")
        if self.end_step_index(s.end_step) > 0:
            raise Illegal(
                "end_order",
                "The arsenal step comes before the pitch zones go to the bottom of the deck.",
                ("4.4.3b",),
            )
        p = s.p(c.player)
        if p.arsenal:
            raise Illegal("arsenal_occupied", f"{c.player}'s arsenal already holds a card.")
        if c.extra:
            raise Illegal(
                "arsenal_occupied",
                f"an arsenal zone holds one card; {c.player} put {1 + len(c.extra)} cards there.",
            )
        card, _ = self.take(s, c.player, c.card, ("hand",), ctx)
        card.face = c.face
        card.origin = ""
        p.arsenal.append(card)
        s.end_step = "pitch"

    def no_arsenal(self, s: GameState, c: A.NoArsenal, ctx: Ctx) -> None:
        self.require_end(s, ctx, "arsenal_timing", "the arsenal step")
        if self.end_step_index(s.end_step) == 0:
            s.end_step = "pitch"

    def pitch_to_bottom(self, s: GameState, c: A.PitchToBottom, ctx: Ctx) -> None:
        """CR 4.4.3c: each player puts their pitch zone on the bottom of their deck in any order (hidden)."""
        self.require_end(s, ctx, "pitch_to_bottom", "putting pitched cards on the bottom of the deck")
        if self.end_step_index(s.end_step) > 1:
            raise Illegal("end_order", "The pitch zones go to the bottom before the draw.", ("4.4.3c",))
        s.end_step = "pitch"
        players = [c.player] if c.player else list(PLAYERS)
        for pl in players:
            p = s.p(pl)
            if c.player and c.cards:
                names = [norm_name(n) for n in c.cards]
                have = sorted(norm_name(x.name) for x in p.pitch_zone)
                if sorted(names) != have:
                    raise CannotApply(
                        f"{pl}'s pitch zone holds {[x.name for x in p.pitch_zone]}, not {list(c.cards)}"
                    )
                ordered = []
                pool = list(p.pitch_zone)
                for n in names:
                    card = next(x for x in pool if norm_name(x.name) == n)
                    pool.remove(card)
                    ordered.append(card)
                for card in ordered:
                    card.private_to = pl
                self.put_bottom(p, ordered)
            else:
                for card in p.pitch_zone:
                    card.private_to = pl
                self.put_bottom(p, list(p.pitch_zone))
            p.pitch_zone = []

    def put_bottom(self, p: PlayerState, cards: list[Card]) -> None:
        for card in cards:
            card.origin = ""
            p.deck_bottom.append(card)
        if p.deck_count is not None:
            p.deck_count += len(cards)

    def finish_pitch_and_assets(self, s: GameState, ctx: Ctx) -> None:
        if self.end_step_index(s.end_step) <= 1:
            for pl in PLAYERS:
                p = s.p(pl)
                if p.pitch_zone:
                    for card in p.pitch_zone:
                        card.private_to = pl
                    self.put_bottom(p, list(p.pitch_zone))
                    p.pitch_zone = []
        if self.end_step_index(s.end_step) <= 2:
            if self.version != "older":
                for card in self.permanents_of(s, s.turn_player):
                    card.tapped = False  # CR 4.4.3d
            for pl in PLAYERS:
                s.p(pl).action_points = 0  # CR 4.4.3e (older 4.4.3d)
                s.p(pl).resource_points = 0
            s.end_step = "draw"

    def permanents_of(self, s: GameState, player: str) -> list[Card]:
        p = s.p(player)
        return [x for x in p.equipment.values() if x is not None] + list(p.permanents) + list(p.weapons)

    def draw_clause(self, s: GameState, c: A.Draw, ctx: Ctx) -> None:
        if c.because:
            events = ctx.events + ctx.prev_events
            if not any(
                e.kind in ("trigger", "resolve") and c.because in e.subject.casefold() for e in events
            ):
                key = {"crush": "crush"}.get(c.because, "missed_trigger")
                raise Illegal(key, f"the line draws for {c.because}, but {c.because} did not happen here.")
        if s.phase == "end":
            # CR 4.4.3f: drawing up to intellect; the steps before it happen first if not logged
            self.finish_pitch_and_assets(s, ctx)
            p = s.p(c.player)
            must = c.player == s.turn_player or s.first_turn
            expected = max(0, (p.intellect or 0) - p.hand_size) if must else 0
            if c.count != expected:
                raise Illegal(
                    "draw_up",
                    f"{c.player} should draw {expected} (intellect {p.intellect}, {p.hand_size} cards in hand), not {c.count}.",
                )
            self.draw(s, c.player, c.count, ctx)
            done = (
                s.p(s.turn_player).hand_size >= (s.p(s.turn_player).intellect or 0)
                or not s.p(s.turn_player).deck_count
            )
            if c.player == s.turn_player and not s.first_turn and done:
                self.finish_end_phase(s, ctx)
            elif s.first_turn and all(s.p(pl).hand_size >= (s.p(pl).intellect or 0) for pl in PLAYERS):
                self.finish_end_phase(s, ctx)
            return
        self.draw(s, c.player, c.count, ctx)

    def finish_end_phase(self, s: GameState, ctx: Ctx) -> None:
        """CR 4.4.4: the turn ends, "this turn" effects end, the next player begins their Start Phase."""
        self.finish_pitch_and_assets(s, ctx)
        s.effects = [e for e in s.effects if e.duration not in ("turn", "chain", "link", "end")]
        for pl in PLAYERS:
            s.p(pl).once_per_turn = []
            for card in list(s.p(pl).banished):
                if card.duration == "until end of turn":
                    card.duration = ""
        s.turn_player = other(s.turn_player)
        s.turn_number += 1
        s.first_turn = False
        s.phase = "start"
        s.end_step = ""
        s.priority = None
        s.attacks_this_turn = []
        s.arcane_dealt = []
        s.weapon_attacked = []
        self.start_phase(s, ctx)

    def start_phase(self, s: GameState, ctx: Ctx) -> None:
        """CR 4.2.2: start-of-turn triggers (Might, Vigor, Agility, Confidence of the turn-player;
        Toughness of the other player, CR 8.6.26-8.6.28, 8.6.35, 8.6.36)."""
        for pl in PLAYERS:
            for tok in list(s.p(pl).permanents):
                t = token_facts(tok.name)
                if t is None:
                    continue
                mine = t.text.startswith("start:") and pl == s.turn_player
                theirs = t.text.startswith("opp_start:") and pl != s.turn_player
                if not (mine or theirs):
                    continue
                self.destroy_permanent(s, tok)
                ctx.events.append(Event("trigger", pl, t.name.casefold()))
                self.apply_token_effect(s, pl, t.name, t.text.split(":", 1)[1], ctx)

    def draw(self, s: GameState, player: str, n: int, ctx: Ctx) -> None:
        p = s.p(player)
        for _ in range(n):
            if p.deck_count is not None and p.deck_count <= 0:
                ctx.add(
                    NOTE,
                    f"line {ctx.entry.number}: {player}'s deck is empty; no card is drawn.",
                    "draw_empty",
                )
                return
            if p.deck_top:
                card = p.deck_top.pop(0)
                p.hand.append(card)
                ctx.events.append(Event("draw", player, card.name))
            elif p.deck_count is not None and p.deck_count == len(p.deck_bottom) and p.deck_bottom:
                card = p.deck_bottom.pop(0)
                p.hand.append(card)
                ctx.events.append(Event("draw", player, card.name))
            else:
                p.hand_unknown += 1
                ctx.events.append(Event("draw", player, "unknown"))
            if p.deck_count is not None:
                p.deck_count -= 1

    # ------------------------------------------------------------------------------------------
    # other entries
    # ------------------------------------------------------------------------------------------
    def make_token(self, s: GameState, player: str, name: str, ctx: Ctx) -> Card:
        facts = token_facts(name) or self.lookup.get(name)
        if facts is None:
            ctx.add(
                UNKNOWN_CARD,
                f"line {ctx.entry.number}: {name!r} is not a CR 8.6 token; created with no abilities.",
            )
            facts = CardFacts(name=name, types=frozenset({"token"}))
        card = Card(id=s.new_id(), facts=facts, owner=player)
        s.p(player).permanents.append(card)
        return card

    def create_token(self, s: GameState, c: A.CreateToken, ctx: Ctx) -> None:
        for _ in range(c.count):
            self.make_token(s, c.player, c.name, ctx)

    def reveal(self, s: GameState, c: A.Reveal, ctx: Ctx) -> None:
        """A card becomes known. An unknown card already in a zone is filled in, and its constraints
        ("a blue card") are checked against the card."""
        p = s.p(c.player)
        if any(norm_name(x.name) == norm_name(c.card) for x in getattr(p, c.zone, p.hand)):
            return
        facts = self.facts(c.card, ctx)
        for zone in ("pitch_zone", "graveyard", "banished", "arsenal", "hand", "deck_top", "deck_bottom"):
            for card in getattr(p, zone):
                if card.facts.known or (zone != c.zone and c.zone not in ("hand",)):
                    continue
                for k, v in card.constraints.items():
                    actual = getattr(facts, k, None)
                    if actual is not None and actual != v:
                        ctx.add(
                            MISMATCH,
                            f"line {ctx.entry.number}: the revealed {c.card} has {k} {actual}, but the unknown card had {k} {v}.",
                            fact=f"{c.card}.{k}",
                            claimed=v,
                            derived=actual,
                        )
                card.facts = facts
                ctx.events.append(Event("reveal", c.player, c.card))
                return
        if c.zone == "hand" and p.hand_unknown > 0:
            p.hand_unknown -= 1
            card = self.new_card(s, c.card, c.player, ctx)
            p.hand.append(card)
            ctx.events.append(Event("reveal", c.player, c.card))
            return
        raise CannotApply(f"{c.player} has no unknown card in {c.zone} to reveal as {c.card!r}")

    def opt(self, s: GameState, c: A.Opt, ctx: Ctx) -> None:
        """CR 8.5.22: look at the top N cards, put any on the top or bottom in any order."""
        p = s.p(c.player)
        n = len(c.top) + len(c.bottom)
        known = p.deck_top[:n]
        rest = p.deck_top[n:]
        pool = {norm_name(x.name): x for x in known}
        for name in c.top + c.bottom:
            if norm_name(name) not in pool:
                where = self.find_zone(s, c.player, norm_name(name))
                if where and where not in ("deck top", "deck bottom"):
                    raise Illegal("opt", f"{name} is in {where}, not among the top {n} cards of the deck.")
        top_cards = []
        for name in c.top:
            card = (
                pool.pop(norm_name(name))
                if norm_name(name) in pool
                else self.new_card(s, name, c.player, ctx)
            )
            card.private_to = c.player
            top_cards.append(card)
        bottom_cards = []
        for name in c.bottom:
            card = (
                pool.pop(norm_name(name))
                if norm_name(name) in pool
                else self.new_card(s, name, c.player, ctx)
            )
            card.private_to = c.player
            bottom_cards.append(card)
        p.deck_top = top_cards + rest
        p.deck_bottom = p.deck_bottom + bottom_cards
        ctx.events.append(Event("look", c.player, f"opt {n}", n))

    def banish(self, s: GameState, c: A.Banish, ctx: Ctx) -> None:
        """Intimidate (CR 8.5.10): a random card from hand is banished face-down until the end phase."""
        card, _ = self.take(s, c.player, c.card, ("hand",), ctx)
        card.face = c.face
        if c.intimidate:
            card.duration = "until the beginning of the end phase"
            s.effects.append(Effect("intimidated", c.player, 0, "end", "intimidate", card.id))
            ctx.events.append(Event("random", c.player, "intimidate: a random card banished from hand"))
        s.p(c.player).banished.append(card)

    def shuffle(self, s: GameState, c: A.Shuffle, ctx: Ctx) -> None:
        """A shuffle (CR 8.5.20) randomises the deck: the known top and bottom cards are known no more."""
        p = s.p(c.player)
        p.deck_top, p.deck_bottom = [], []
        ctx.events.append(Event("shuffle", c.player, "shuffled their deck"))

    def pay(self, s: GameState, c: A.Pay, ctx: Ctx) -> None:
        """Pay an optional cost that avoids damage (Bloodrot Pox: 2 damage unless you pay 3, CR 8.6.19)."""
        d = s.pending
        if d is None or not d.unless_cost or d.target != c.player:
            raise Illegal(
                "pitch_no_cost", f"{c.player} pays {c.amount}, but no effect offers that payment now."
            )
        if c.amount != d.unless_cost:
            raise Illegal("not_enough_resources", f"the payment is {d.unless_cost}, not {c.amount}.")
        self.pay_resources(s, c.player, d.unless_cost, c.pitches, ctx)
        s.pending = None
        ctx.events.append(Event("paid", c.player, d.source, d.unless_cost))

    def deck_check(self, s: GameState, c: A.DeckCheck, ctx: Ctx) -> None:
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

    def discard(self, s: GameState, c: A.Discard, ctx: Ctx) -> None:
        """A discard entered from an effect's outcome: hand -> graveyard (random if unknown)."""
        if c.because:
            events = ctx.events + ctx.prev_events
            if not any(
                e.kind in ("trigger", "resolve") and c.because.casefold() in e.subject.casefold()
                for e in events
            ):
                key = {"crush": "crush"}.get(c.because.casefold(), "discard")
                raise Illegal(key, f"the line discards for {c.because}, but {c.because} did not happen here.")
        p = s.p(c.player)
        for ref in c.cards:
            card, _ = self.take(s, c.player, ref, ("hand",), ctx, illegal="play_zone")
            self.to_graveyard(s, card)
        for _ in range(c.random):
            if p.hand_unknown > 0:
                p.hand_unknown -= 1
                ctx.events.append(Event("random", c.player, "discarded an unknown card at random"))
            elif p.hand:
                card = p.hand.pop(0)
                self.to_graveyard(s, card)
                ctx.events.append(Event("random", c.player, f"discarded {card.name} at random"))

    def trigger(self, s: GameState, c: A.Trigger, ctx: Ctx) -> None:
        """A trigger named by the log: if the engine already put it on the stack this confirms it;
        otherwise the layer is added (and a known token's trigger is applied when it resolves)."""
        name = norm_name(c.source)
        parts = [norm_name(x) for x in re.split(r"\s+and\s+|,\s*", c.source) if x.strip()]
        if len(parts) > 1:
            for part in parts:
                self.trigger(s, A.Trigger(part, c.player, c.targets), ctx)
            return
        for layer in s.stack:
            if layer.kind == "triggered" and norm_name(layer.name).startswith(name):
                if c.targets and layer.effect == "arcane1":
                    layer.targets = [self.target_player(c.targets[0], layer.controller)]
                return
        player = c.player or s.turn_player
        events = ctx.events + ctx.prev_events
        if any(e.kind == "trigger" and name.rstrip("s") in e.subject.casefold() for e in events):
            return  # the engine already applied it
        t = token_facts(c.source.rstrip("s")) or token_facts(c.source)
        if t is not None:
            self.token_trigger(s, c, player, t, ctx)
            return
        effect = "manual"
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{c.source} trigger", controller=player, effect=effect
        )
        if effect == "manual":
            ctx.add(
                MANUAL,
                f"line {ctx.entry.number}: the log adds {c.source}'s trigger; enter its outcome as adjustment lines.",
                "manual_effect",
            )
            s.stack.append(layer)
            return
        layer.targets = (
            [self.target_player(x, player) for x in c.targets]
            if c.targets
            else ([other(player)] if effect == "arcane1" else [])
        )
        for tok in s.p(player).permanents:
            if norm_name(tok.name) == name and effect in ("arcane1", "go_again", "power1"):
                self.destroy_permanent(s, tok)
                break
        s.stack.append(layer)
        ctx.add(
            MISSED_TRIGGER if effect != "manual" else MANUAL,
            f"line {ctx.entry.number}: the log adds {c.source}'s trigger; the engine had not put it on the stack at this point.",
            "trigger",
        )

    def token_trigger(self, s: GameState, c: A.Trigger, player: str, t: CardFacts, ctx: Ctx) -> None:
        """A token trigger named by the log, checked against its CR 8.6 trigger condition."""
        rule = TOKEN_RULES.get(t.name.casefold(), "8.6")
        tok = next(
            (x for x in s.p(player).permanents if norm_name(self.token_base(x.name)) == norm_name(t.name)),
            None,
        )
        cond = t.text.split(":", 1)[0]
        if tok is None:
            raise Illegal("token", f"{player} controls no {t.name} token.", (rule,))
        ok = cond == "opp_start" or (
            (cond == "start" and s.phase == "start" and player == s.turn_player)
            or (cond == "end_phase" and s.phase == "end" and player == s.turn_player)
            or (cond == "action_phase" and s.phase == "action" and player == s.turn_player)
        )
        if not ok:
            raise Illegal(
                "token",
                f"{t.name}'s trigger condition is not met now ({s.phase} phase of {s.turn_player}'s turn).",
                (rule,),
            )
        if cond == "opp_start":
            ok = s.phase == "start" and player != s.turn_player
            if not ok:
                raise Illegal(
                    "token", f"{t.name} triggers at the start of its controller's opponent's turn.", (rule,)
                )
        effect = t.text.split(":", 1)[1]
        self.destroy_permanent(s, tok)
        ctx.events.append(Event("trigger", player, t.name.casefold()))
        self.apply_token_effect(s, player, t.name, effect, ctx)

    def apply_token_effect(self, s: GameState, player: str, name: str, effect: str, ctx: Ctx) -> None:
        """The effect of a CR 8.6 token's start-of-turn / phase trigger."""
        if effect == "confidence":
            s.effects.append(Effect("next_attack_max_nonblock", player, 2, "turn", name))
        elif effect == "next_defend_action":
            s.effects.append(Effect("next_defend_action", player, 1, "turn", name))
        elif effect == "next_attack_power1":
            s.effects.append(Effect("next_attack_power", player, 1, "turn", name))
        elif effect == "gain_resource1":
            s.p(player).resource_points += 1
        elif effect == "next_attack_go_again":
            s.effects.append(Effect("next_attack_go_again", player, 0, "turn", name))
        elif effect == "draw":
            self.draw(s, player, 1, ctx)
        elif effect == "cost_less":
            s.effects.append(Effect("cost_next_guardian", player, -1, "turn", name))
        elif effect != "destroy":
            ctx.add(
                MANUAL,
                f"line {ctx.entry.number}: {name}'s trigger needs its outcome entered by the judge.",
                "tokens",
            )

    def outcome(self, s: GameState, c: A.Outcome, ctx: Ctx) -> None:
        p = s.p(c.player) if c.player in PLAYERS else None
        if c.kind in ("gain_life", "lose_life") and p is not None and p.life is not None:
            p.life = max(0, p.life + (c.amount if c.kind == "gain_life" else -c.amount))
            self.check_game_over(s, ctx)
        elif c.kind in ("damage", "arcane") and c.target in PLAYERS:
            self.deal_damage(
                s,
                c.target,
                c.amount,
                c.source or "effect",
                ctx,
                arcane=c.kind == "arcane",
                controller=c.player,
            )
        elif c.kind == "power":
            self.bump_attack(s, Layer(id="", kind="", name="", controller=""), power=c.amount)
        elif c.kind == "go_again":
            self.bump_attack(s, Layer(id="", kind="", name="", controller=""), go_again=True)
        elif c.kind == "gain_resources" and p is not None:
            p.resource_points += c.amount
        elif c.kind == "gain_ap" and p is not None:
            p.action_points += c.amount
        ctx.add(NOTE, f"line {ctx.entry.number}: effect outcome entered by the judge: {c.kind} {c.amount}.")

    def heave(self, s: GameState, c: A.Heave, ctx: Ctx) -> None:
        """CR 8.3.18: at the beginning of the end phase, pay N and put the card face-up into the arsenal."""
        if s.phase != "end":
            self.require_end(s, ctx, "arsenal_timing", "heave")
        card, _ = self.take(s, c.player, c.card, ("hand",), ctx)
        n = card.facts.keyword("heave") or 0
        self.pay_resources(s, c.player, n if c.pay is None else c.pay, c.pitches, ctx)
        p = s.p(c.player)
        if p.arsenal:
            raise Illegal(
                "heave_arsenal", f"{c.player}'s arsenal is not empty, so heave cannot put {card.name} there."
            )
        card.face = "up"
        p.arsenal.append(card)
        for _ in range(n):
            self.make_token(s, c.player, "Seismic Surge", ctx)

    def noop(self, s: GameState, c: A.Noop, ctx: Ctx) -> None:
        if c.text == "no_end_triggers" and s.phase == "end":
            pending = [e for e in s.effects if e.kind in ("intimidated", "quell_destroy")]
            if pending:
                ctx.add(
                    MISSED_TRIGGER,
                    f"line {ctx.entry.number}: the log says there are no beginning-of-end-phase triggers, but {len(pending)} delayed effect(s) apply.",
                    "missed_trigger",
                )

    def claim(self, s: GameState, c: A.Claim, ctx: Ctx) -> None:
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
                dmg = [
                    e for e in events if e.kind == "damage" and norm_name(e.subject) == norm_name(c.subject)
                ]
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

    def observe(self, s: GameState, c: A.Observe, ctx: Ctx) -> None:
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
            self.probable_missed_trigger(c.path, claimed, derived, ctx)
            ctx.add(
                MISMATCH,
                f"line {ctx.entry.number}: {c.who + ' says ' if c.who else ''}{c.path} is {claimed}; the derived state has {derived}.",
                fact=c.path,
                claimed=claimed,
                derived=derived,
            )

    def probable_missed_trigger(self, path: str, claimed: Any, derived: Any, ctx: Ctx) -> None:
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
            if e.kind == "damage"
            and e.player == m.group(1)
            and e.subject.endswith("trigger")
            and e.amount > 0
        ]
        single = [e for e in hits if e.amount == gap]
        if single or (hits and sum(e.amount for e in hits) == gap):
            names = ", ".join(sorted({e.subject for e in (single or hits)}))
            ctx.add(
                MISSED_TRIGGER,
                f"line {ctx.entry.number}: the claim is {gap} higher than the derived life, exactly the damage of {names}; the players probably missed that trigger.",
                "missed_trigger",
            )

    def adjust(self, s: GameState, c: A.Adjust, ctx: Ctx) -> None:
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
        self.check_game_over(s, ctx)
