"""Apply a judge's log of a Grand Archive game, line by line, and say what is illegal.

Each line's clauses (:mod:`.phrases`) are applied in order to a copy of the state. An illegal
player action is reverted as a whole (GA 2.3.a.7, 2.3.a.8: the game goes back to the point before
the activation was declared) and reported with its rule; the next clause is still read against the
state a judge would expect, so one bad line never cascades. A card's own effect is never computed
from text the data does not carry: the engine reports it as a manual effect and applies the
outcome the judge writes (damage, draws, counters ...).

Policies, stated once:

- **Implied passes.** Judges rarely write "all pass" after a card everybody let resolve. When the
  turn player takes a slow action (materialize, a slow card, an attack) or ends the turn with cards
  on the Effects Stack, the stack resolves first and a note says so; a line that says it was done
  "in response" / "while X is on the stack" is judged against the stack as it stands.
- **Implied phases.** Recollection (2.2.c.2) and the draw (2.2.d.1) happen when the log moves past
  the materialize phase; a combat's damage (2.2.g.ii.2) is dealt when the log moves past it (a
  new attack, the end of the turn, a claimed damage number, a pass).
- **Random memory costs** (2.3.c.2a): the banished cards are the ones the line names; when it names
  none, the memory's remaining cards are no longer known by name and a note says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules_engine.wording import Phrase, say

from .cards import GACard, GACards, norm
from .phrases import Clause, GAParser
from .rules import (
    AMBIGUITY,
    CANNOT_APPLY,
    MANUAL,
    MISMATCH,
    NOTE,
    UNKNOWN_CARD,
    UNREADABLE,
    VERSION,
    VIOLATION,
    Finding,
    GAIllegal,
    rule,
)
from .state import UNKNOWN, Combat, GAObject, GAState, StackItem

_RESPONSE = re.compile(
    r"\bin response\b|\bwhile\b.*\bon the (?:effects )?stack\b|\bbefore\b.*\bresolves?\b|\bresponds?\b", re.I
)
_BY_EFFECT = re.compile(
    r"\b(?:effect|ability|on enter|on attack|on hit|on death|on kill|on leave|because of|thanks to|via|due to)\b",
    re.I,
)
_FROM_ZONE = re.compile(
    r"\bfrom (?:the |his |her |their |my )?(?:graveyard|banishment|memory|material deck)\b", re.I
)
_PRE_MAIN = ("wake_up", "materialize", "recollection", "draw")


@dataclass
class Step:
    state: GAState
    findings: list[Finding] = field(default_factory=list)


class GAEngine:
    """Applies log lines to a :class:`GAState`. Pure: no Django, no I/O."""

    def __init__(self, cards: GACards, parser: GAParser) -> None:
        self.cards = cards
        self.parser = parser
        self._reverted = -9  # the last line with a reverted (illegal) action

    # -- entry point -----------------------------------------------------------------------------
    def apply(self, state: GAState, action: int, line: str) -> Step:
        st = state.copy()
        self._out: list[Finding] = []
        self._action = action
        self._line = line
        if st.result:
            self._find(
                NOTE, say("the game is over ({result}); the line is not applied", result=st.result), []
            )
            return Step(st, self._out)
        for clause in self.parser.parse(line, st.turn):
            before = st.copy()
            try:
                self._clause(st, clause)
            except GAIllegal as exc:
                st = before
                self._find(VIOLATION, exc.phrase, rule(exc.key), clause)
                self._reverted = action
            except _Cannot as exc:
                st = before
                self._find(CANNOT_APPLY, exc.args[0], [], clause)
            self._state_based(st)
            if st.result:
                break
        return Step(st, self._out)

    # -- findings --------------------------------------------------------------------------------
    def _find(
        self, kind: str, message: str | Phrase, rules: list[str], clause: Clause | None = None, **data: object
    ) -> None:
        self._out.append(
            Finding(
                kind, message, rules, action=self._action, line=self._line, version=VERSION, data=dict(data)
            )
        )

    # -- dispatch --------------------------------------------------------------------------------
    def _clause(self, st: GAState, c: Clause) -> None:
        handler = getattr(self, "_do_" + c.verb, None)
        if handler is None:
            raise _Cannot(say("no handler for {verb}", verb=c.verb))
        handler(st, c)

    def _do_unreadable(self, st: GAState, c: Clause) -> None:
        hint = f" (it names {c.card})" if c.card else ""
        self._find(
            UNREADABLE,
            say(
                "could not read {text}{hint}: write it as e.g. 'P1 plays <card> reserving <card>, <card>', 'P1 materializes <card>', 'P1 attacks with <ally or weapon> targeting P2's champion', 'P2 retaliates with <ally>', 'all pass', 'P1 ends the turn'",
                text=repr(c.text),
                hint=hint,
            ),
            [],
            c,
        )

    # -- helpers ---------------------------------------------------------------------------------
    def _who(self, st: GAState, c: Clause) -> str:
        return c.player or st.turn

    def _card(self, name: str | None, c: Clause) -> GACard | None:
        if not name:
            return None
        card = self.cards.get(name)
        if card is None:
            self._find(
                UNKNOWN_CARD, say("{name} is not a card the engine knows", name=name), [], c, card=name
            )
        return card

    def _settle_stack(self, st: GAState, c: Clause) -> None:
        """Implied passes: the stack resolves before the turn player's next slow action."""
        if st.stack and not _RESPONSE.search(c.text):
            names = ", ".join(s.name for s in reversed(st.stack))
            self._find(
                NOTE,
                say("taken as: all passed and {names} resolved first", names=names),
                list(rule("pass_resolve")),
                c,
            )
            while st.stack:
                self._resolve_top(st, c)

    def _settle_combat(self, st: GAState, c: Clause) -> None:
        if st.combat is not None:
            self._combat_damage(st, c)

    def _to_main(self, st: GAState, c: Clause, drawn: str | None = None) -> None:
        """Recollection then the draw (GA 2.2.c.2, 2.2.d.1), when the log moves past them."""
        if st.phase not in _PRE_MAIN:
            return
        p = st.players[st.turn]
        if st.phase in ("wake_up", "materialize", "recollection") and not p.first_turn:
            p.hand.extend(p.memory)
            p.memory.clear()
        st.phase = "draw"
        if not (p.first_turn and st.turn_number == 1):
            self._draw_one(st, st.turn, drawn, c)
        st.phase = "main"

    def _draw_one(self, st: GAState, who: str, name: str | None, c: Clause) -> None:
        p = st.players[who]
        if p.deck_count <= 0:
            p.lost = "drew from an empty deck"
            st.result = f"{st.other(who)} wins ({who} drew from an empty deck)"
            self._find(
                NOTE, say("{who} draws from an empty deck and loses the game", who=who), rule("deck_out"), c
            )
            return
        p.deck_count -= 1
        top = p.deck.pop(0) if p.deck else None
        if name and top and norm(top) != norm(name):
            self._find(
                MISMATCH,
                say("{who} drew {name}, but the top card was given as {top}", who=who, name=name, top=top),
                rule("draw_phase"),
                c,
                fact=f"{who}.drew",
                claimed=name,
                derived=top,
            )
        p.hand.append(name or top or UNKNOWN)

    def _take_from_hand(self, st: GAState, who: str, name: str) -> bool:
        hand = st.players[who].hand
        for i, h in enumerate(hand):
            if norm(h) == norm(name):
                del hand[i]
                return True
        if UNKNOWN in hand:
            hand.remove(UNKNOWN)
            return True
        return False

    def _opponent_champion(self, st: GAState, who: str, player: str | None) -> GAObject | None:
        return st.champion(player or st.other(who))

    # -- costs (GA 2.3.c) -----------------------------------------------------------------------
    def _pay(self, st: GAState, who: str, card: GACard, c: Clause, materialize: bool) -> None:
        p = st.players[who]
        reserve = card.cost_reserve
        memory = card.cost_memory
        if reserve is None and memory is None:
            if card.is_champion or not card.costless:
                return
            raise GAIllegal(
                "no_cost",
                say("{card} has no cost to pay, so it cannot be played (not a cost of 0)", card=card.name),
            )
        if reserve is not None:
            cost = reserve
            if not materialize and "efficiency" in card.keywords:
                champ = st.champion(who)
                cost = max(0, cost - (champ.level() if champ else 0))
            if len(p.hand) < cost:
                raise GAIllegal(
                    "reserve_cost",
                    say(
                        "{card} costs {cost} reserve but {who} has only {count} other card(s) in hand: the activation is reverted",
                        card=card.name,
                        cost=cost,
                        who=who,
                        count=len(p.hand),
                    ),
                )
            named = list(c.paid_with)
            if named and len(named) != cost:
                self._find(
                    AMBIGUITY if len(named) < cost else VIOLATION,
                    say(
                        "{card} costs {cost} reserve; the line reserves {count} card(s) ({list})",
                        card=card.name,
                        cost=cost,
                        count=len(named),
                        list=", ".join(named),
                    ),
                    rule("reserve_cost"),
                    c,
                )
                if len(named) > cost:
                    named = named[:cost]
            moved: list[str] = []
            for n in named:
                if not self._take_from_hand(st, who, n):
                    raise GAIllegal(
                        "reserve_cost", say("{who} reserves {n}, which is not in their hand", who=who, n=n)
                    )
                moved.append(n)
            while len(moved) < cost:
                pick = UNKNOWN if UNKNOWN in p.hand else p.hand[-1]
                p.hand.remove(pick)
                moved.append(pick)
                if pick != UNKNOWN and not named:
                    named = ["(unnamed)"]
            if c.paid_with == [] and cost and any(m != UNKNOWN for m in moved):
                self._find(
                    AMBIGUITY,
                    say(
                        "the line does not say which {cost} card(s) {who} reserved for {card}; taken as {list}",
                        cost=cost,
                        who=who,
                        card=card.name,
                        list=", ".join(moved),
                    ),
                    rule("reserve_cost"),
                    c,
                )
            p.memory.extend(moved)
        if memory is not None:
            if len(p.memory) < memory:
                raise GAIllegal(
                    "memory_cost",
                    say(
                        "{card} costs {memory} memory but {who} has {count} card(s) in memory: the play is reverted",
                        card=card.name,
                        memory=memory,
                        who=who,
                        count=len(p.memory),
                    ),
                )
            named = list(c.banished)
            for n in named[:memory]:
                hit = next((m for m in p.memory if norm(m) == norm(n)), None)
                if hit is None:
                    hit = UNKNOWN if UNKNOWN in p.memory else None
                if hit is None:
                    raise GAIllegal(
                        "memory_cost",
                        say("{who} banishes {n} from memory, but it is not in their memory", who=who, n=n),
                    )
                p.memory.remove(hit)
                p.banishment.append(n)
            rest = memory - min(len(named), memory)
            if rest:
                known = [m for m in p.memory if m != UNKNOWN]
                if len(set(known)) > 1 or (known and len(p.memory) > rest):
                    self._find(
                        NOTE,
                        say(
                            "{rest} card(s) banished at random from {who}'s memory are not named: the memory's cards are no longer known by name",
                            rest=rest,
                            who=who,
                        ),
                        rule("random_memory"),
                        c,
                    )
                    if len(set(p.memory)) == 1:
                        banished = [p.memory[0]] * rest
                    else:
                        banished = [UNKNOWN] * rest
                    remaining = len(p.memory) - rest
                    p.memory = [p.memory[0]] * remaining if len(set(p.memory)) == 1 else [UNKNOWN] * remaining
                else:
                    banished = [p.memory[0] if p.memory else UNKNOWN] * rest
                    del p.memory[:rest]
                p.banishment.extend(banished)

    # -- timing (GA 2.8) ------------------------------------------------------------------------
    def _slow_ok(self, st: GAState, who: str, what: Phrase, c: Clause) -> None:
        if who != st.turn:
            raise GAIllegal(
                "slow_not_turn_player",
                say("{who} is not the turn player and cannot {what} (slow speed)", who=who, what=what),
            )
        if st.phase in _PRE_MAIN:
            self._to_main(st, c)
        self._settle_stack(st, c)
        if st.combat is not None:
            if (
                _RESPONSE.search(c.text)
                or st.combat.step == "damage"
                and "before damage" in c.text.casefold()
            ):
                raise GAIllegal(
                    "slow_not_main",
                    say(
                        "{who} cannot {what} during combat: slow speed is for the main phase",
                        who=who,
                        what=what,
                    ),
                )
            self._settle_combat(st, c)
        if st.stack:
            raise GAIllegal(
                "slow_stack_not_empty",
                say("{who} cannot {what} while the Effects Stack is not empty", who=who, what=what),
            )
        if st.phase != "main":
            raise GAIllegal(
                "slow_not_main",
                say(
                    "{who} cannot {what} in the {replace} phase",
                    who=who,
                    what=what,
                    replace=st.phase.replace("_", " "),
                ),
            )

    # -- materialize (GA 2.2.b, 2.3.b, 1.7.a) ---------------------------------------------------
    def _do_materialize(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        card = self._card(c.card, c)
        if card is None:
            if not c.card:
                self._do_unreadable(st, c)
            return
        p = st.players[who]
        by_effect = bool(_BY_EFFECT.search(c.text))
        if not by_effect:
            if who != st.turn:
                raise GAIllegal(
                    "materialize_phase",
                    say("{who} cannot materialize on {turn}'s turn", who=who, turn=st.turn),
                )
            if p.first_turn:
                raise GAIllegal(
                    "materialize_first_turn",
                    say("{who} skips the materialize phase on their first turn", who=who),
                )
            if st.phase not in ("wake_up", "materialize"):
                self._settle_stack(st, c)
                raise GAIllegal(
                    "materialize_phase",
                    say(
                        "{who} materializes {card} in the {replace} phase: a player materializes in their materialize phase (or when an effect lets them)",
                        who=who,
                        card=card.name,
                        replace=st.phase.replace("_", " "),
                    ),
                )
            if p.materialized:
                raise GAIllegal("materialize_twice", say("{who} has already materialized this turn", who=who))
        if p.material and not any(norm(m) == norm(card.name) for m in p.material):
            raise GAIllegal(
                "materialize_from", say("{card} is not in {who}'s material deck", card=card.name, who=who)
            )
        if card.is_champion:
            if card.level == 0:
                raise GAIllegal(
                    "materialize_lv0",
                    say("{card} is a level 0 champion, which cannot be materialized", card=card.name),
                )
            champ = st.champion(who)
            printed = champ.card.level if champ and champ.card and champ.card.level is not None else None
            if printed is not None and card.level is not None and card.level != printed + 1:
                raise GAIllegal(
                    "level_up",
                    say(
                        "{card} is level {level}; {who}'s champion is printed level {printed}, so only a level {amount} champion can level it up",
                        card=card.name,
                        level=card.level,
                        who=who,
                        printed=printed,
                        amount=printed + 1,
                    ),
                )
        else:
            self._element_ok(st, who, card, "element_materialize")
        self._pay(st, who, card, c, materialize=True)
        p.material = [m for m in p.material if norm(m) != norm(card.name)] if p.material else p.material
        if not by_effect:
            p.materialized = True
        champ = st.champion(who)
        st.stack.append(
            StackItem(
                card.name,
                who,
                "materialization",
                card,
                origin="material",
                level_up=champ.oid if (champ and card.is_champion) else None,
            )
        )
        st.passes = 0

    def _element_ok(self, st: GAState, who: str, card: GACard, key: str = "element") -> None:
        champ = st.champion(who)
        if champ is None or card.element in ("norm", ""):
            return
        if card.element not in champ.elements():
            raise GAIllegal(
                key,
                say(
                    "{card} is {title}, an element {who}'s champion ({champ}) has not enabled",
                    card=card.name,
                    title=card.element.title(),
                    who=who,
                    champ=champ.name,
                ),
            )

    # -- activate (GA 2.3.a) --------------------------------------------------------------------
    def _do_activate(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        card = self._card(c.card, c)
        if card is None:
            if not c.card:
                self._do_unreadable(st, c)
            return
        on_field = st.find(card.name, who)
        if on_field is None and re.search(r"\babilit(?:y|ies)\b", c.text, re.I):
            on_field = st.find(card.name)
        if on_field is not None and (
            re.search(r"\babilit(?:y|ies)\b", c.text, re.I)
            or not any(norm(h) == norm(card.name) for h in st.players[who].hand)
        ):
            self._activate_ability(st, c, who, on_field)
            return
        if card.is_attack:
            self._attack_card(st, c, who, card)
            return
        if (
            card.material
            and any(norm(m) == norm(card.name) for m in st.players[who].material)
            and not c.paid_with
        ):
            self._do_materialize(st, c)
            return
        if card.is_slow:
            self._slow_ok(st, who, say("activate {card}", card=card.name), c)
        elif st.phase in _PRE_MAIN and who == st.turn and not _RESPONSE.search(c.text):
            self._to_main(st, c)
        self._element_ok(st, who, card)
        from_hand = self._take_from_hand(st, who, card.name)
        if not from_hand and not (_BY_EFFECT.search(c.text) or _FROM_ZONE.search(c.text)):
            raise GAIllegal(
                "hand_only",
                say("{card} is not in {who}'s hand; cards are activated from hand", card=card.name, who=who),
            )
        self._pay(st, who, card, c, materialize=False)
        target = self._target_object(st, who, c)
        st.stack.append(StackItem(card.name, who, "activation", card, target=target.oid if target else None))
        st.passes = 0

    def _activate_ability(self, st: GAState, c: Clause, who: str, obj: GAObject) -> None:
        """An object's activated ability (GA 2.4.a): fast by default (2.4.a.5), its cost paid as the
        line says ("resting it": an object must be awake to rest, X.B.3b); its effect is the judge's."""
        if obj.controller != who:
            raise GAIllegal("obedience", say("{who} does not control {card}", who=who, card=obj.name))
        if re.search(r"\brest(?:s|ing)?\b", c.text, re.I):
            if obj.rested:
                raise GAIllegal(
                    "rest_cost", say("{card} is rested and cannot rest to pay for its ability", card=obj.name)
                )
            obj.rested = True
        target = self._target_object(st, who, c) if c.target else None
        st.stack.append(
            StackItem(f"{obj.name} ability", who, "ability", None, target=target.oid if target else None)
        )
        st.passes = 0

    def _target_object(self, st: GAState, who: str, c: Clause) -> GAObject | None:
        if c.target == "champion":
            return self._opponent_champion(st, who, c.target_player)
        if c.target:
            return st.find(c.target)
        return None

    # -- resolving (GA 2.3.d) -------------------------------------------------------------------
    def _resolve_top(self, st: GAState, c: Clause) -> None:
        item = st.stack.pop()
        st.passes = 0
        card = item.card
        p = st.players[item.controller]
        if item.kind == "materialization" and card is not None and card.is_champion:
            champ = st.obj(item.level_up) or st.champion(item.controller)
            if champ is None:
                champ = st.new_object(card.name, item.controller, card)
                champ.lineage = [card.name]
                champ.lineage_cards = [card]
                return
            champ.lineage.append(card.name)
            champ.lineage_cards.append(card)
            champ.card = card
            champ.name = card.name
            champ.rested = False  # GA 1.7.a.4c.i
            return
        if item.kind == "ability":
            self._find(
                MANUAL,
                say(
                    "{item} resolved; its effect is not computed: write what it did on the next line",
                    item=item.name,
                ),
                rule("manual"),
                c,
                card=item.name,
            )
            return
        if card is None:
            return
        if card.is_attack:
            self._enter_intent(st, item, c)
            return
        if card.is_object:
            obj = st.new_object(card.name, item.controller, card)
            if card.durability is not None:
                obj.counters["durability"] = card.durability  # GA 1.7.f.4a
            self._unique(st, obj, c)
            return
        if item.target is not None and st.obj(item.target) is None:
            # Its one target is gone: the card does not resolve (GA 2.3.d.4b) and goes to the graveyard.
            p.graveyard.append(card.name)
            self._find(
                NOTE,
                say(
                    "{card}'s target left the field before it resolved: it fizzles and has no effect",
                    card=card.name,
                ),
                rule("fizzle"),
                c,
            )
            return
        p.graveyard.append(card.name)  # GA 1.7.c.5
        self._find(
            MANUAL,
            say(
                "{card} resolved; its effect is not computed: write what it did on the next line (e.g. 'it deals 2 damage to P2's champion', 'P1 draws 1', 'P1 puts a buff counter on <ally>')",
                card=card.name,
            ),
            rule("manual"),
            c,
            card=card.name,
        )

    def _unique(self, st: GAState, obj: GAObject, c: Clause) -> None:
        if obj.card is None or "unique" not in obj.card.types:
            return
        same = [o for o in st.field if o.controller == obj.controller and norm(o.name) == norm(obj.name)]
        if len(same) > 1:
            self._find(
                NOTE,
                say(
                    "{controller} controls two {card} (unique): they keep one and sacrifice the rest; the older one is taken as sacrificed unless the log says otherwise",
                    controller=obj.controller,
                    card=obj.name,
                ),
                rule("unique"),
                c,
            )
            for o in same[:-1]:
                self._leave_field(st, o, "graveyard")

    def _do_all_pass(self, st: GAState, c: Clause) -> None:
        if c.card and not any(norm(s.name) == norm(c.card) for s in st.stack):
            where = ", ".join(s.name for s in st.stack) or "nothing"
            self._find(
                AMBIGUITY,
                say(
                    "the line says {card} resolves, but it is not on the Effects Stack (on it: {where}); nothing was resolved or moved on",
                    card=c.card,
                    where=where,
                ),
                rule("stack_order"),
                c,
            )
            return
        if st.stack:
            if c.card and norm(st.stack[-1].name) != norm(c.card):
                self._find(
                    AMBIGUITY,
                    say(
                        "{card} is not on top of the Effects Stack ({stack} is): {stack} resolves first",
                        card=c.card,
                        stack=st.stack[-1].name,
                    ),
                    rule("stack_order"),
                    c,
                )
            self._resolve_top(st, c)
            return
        if st.combat is not None:
            # A judge's "all pass" in a combat means the rest of it happened: nobody else
            # retaliated and the damage was dealt (2.2.g.i.3, 2.2.g.ii.2).
            if "damage step" in c.text.casefold() and st.combat.step == "retaliation":
                st.combat.step = "damage"
            else:
                self._combat_damage(st, c)
            return
        if st.phase in _PRE_MAIN:
            self._to_main(st, c)
        elif st.phase == "main" and self._reverted in (self._action, self._action - 1):
            # "all pass" written for a play that was just reverted: it let that play resolve in
            # the judge's mind; it does not end the main phase (no cascade from one illegal line).
            self._find(
                NOTE,
                say(
                    "nothing is on the stack (the action on line {reverted} was reverted): the pass is not taken as ending the main phase",
                    reverted=self._reverted,
                ),
                [],
                c,
            )
        elif st.phase == "main":
            self._end_phase_begins(st, c)
        elif st.phase == "end":
            self._next_turn(st, c)

    def _do_pass(self, st: GAState, c: Clause) -> None:
        st.passes += 1
        if st.passes >= 2:
            st.passes = 0
            self._do_all_pass(st, c)

    def _do_resolve(self, st: GAState, c: Clause) -> None:
        if c.card is None and st.stack:
            self._resolve_top(st, c)
            return
        self._do_all_pass(st, c)

    # -- attacking (GA 2.6, 2.2.g) --------------------------------------------------------------
    def _attack_card(self, st: GAState, c: Clause, who: str, card: GACard) -> None:
        self._slow_ok(st, who, say("attack with {card}", card=card.name), c)
        self._element_ok(st, who, card)
        champ = st.champion(who)
        if champ is None:
            raise _Cannot(say("{who} controls no champion to attack with {card}", who=who, card=card.name))
        if champ.rested:
            raise GAIllegal(
                "attack_card_rests",
                say("{who}'s champion is rested: resting it is the cost of {card}", who=who, card=card.name),
            )
        weapon = self._weapon(st, who, c.weapon, c)
        power = (card.power or 0) + ((weapon.power() or 0) if weapon else 0)
        if power <= 0:
            raise GAIllegal(
                "attack_power", say("{card} would attack with {power} power", card=card.name, power=power)
            )
        if not self._take_from_hand(st, who, card.name) and not (
            _BY_EFFECT.search(c.text) or _FROM_ZONE.search(c.text)
        ):
            raise GAIllegal(
                "hand_only",
                say("{card} is not in {who}'s hand; cards are activated from hand", card=card.name, who=who),
            )
        self._pay(st, who, card, c, materialize=False)
        champ.rested = True
        target = self._target_object(st, who, c) if c.target else self._opponent_champion(st, who, None)
        st.stack.append(
            StackItem(
                card.name,
                who,
                "activation",
                card,
                target=target.oid if target else None,
                weapon=weapon.oid if weapon else None,
            )
        )
        st.passes = 0

    def _weapon(self, st: GAState, who: str, name: str | None, c: Clause) -> GAObject | None:
        if not name:
            return None
        w = st.find(name, who)
        if w is None or not w.is_weapon:
            raise _Cannot(say("{who} controls no weapon called {name}", who=who, name=name))
        return w

    def _enter_intent(self, st: GAState, item: StackItem, c: Clause) -> None:
        """A resolved attack card enters its champion's intent and the combat begins (GA 1.7.d.5)."""
        champ = st.champion(item.controller)
        if champ is None:
            st.players[item.controller].graveyard.append(item.name)
            return
        target = st.obj(item.target) or self._opponent_champion(st, item.controller, None)
        self._check_target(st, champ, target, c)
        power = item.card.power if item.card and item.card.power is not None else 0
        w = st.obj(item.weapon)
        st.combat = Combat(
            attacker=champ.oid,
            target=target.oid if target else None,
            weapon=item.weapon,
            attack_card=item.name,
            attack_power=power + ((w.power() or 0) if w else 0),
        )
        st.phase = "combat"

    def _check_target(self, st: GAState, attacker: GAObject, target: GAObject | None, c: Clause) -> None:
        if target is None:
            return
        if target.controller == attacker.controller:
            raise GAIllegal(
                "attack_own",
                say(
                    "{controller} cannot attack {target}, a unit they control",
                    controller=attacker.controller,
                    target=target.name,
                ),
            )
        if target.card is not None and "stealth" in target.card.keywords:
            if attacker.card is None or "true sight" not in attacker.card.keywords:
                raise GAIllegal(
                    "stealth",
                    say("{target} has stealth and cannot be targeted by this attack", target=target.name),
                )

    def _do_attack(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        named = self.cards.get(c.card) if c.card else None
        if named is not None and named.is_attack and st.find(named.name, who) is None:
            self._attack_card(st, c, who, named)
            return
        if c.card and named is None:
            own = st.find(c.card, who)
            if own is None or not own.is_champion:
                self._card(c.card, c)
                return
            named = own.card
        self._slow_ok(st, who, say("attack"), c)
        attacker: GAObject | None
        weapon: GAObject | None = None
        champ = st.champion(who)
        if named is not None and named.is_weapon:
            weapon = self._weapon(st, who, named.name, c)
            attacker = champ
        elif named is not None and not named.is_champion:
            attacker = st.find(named.name, who)
            if attacker is None:
                raise _Cannot(say("{who} controls no {named} on the field", who=who, named=named.name))
            if c.weapon:
                raise GAIllegal(
                    "ally_weapon", say("{named} is an ally: allies cannot use weapons", named=named.name)
                )
        else:
            attacker = champ
            if c.weapon:
                weapon = self._weapon(st, who, c.weapon, c)
        if attacker is None:
            raise _Cannot(say("{who} controls no champion", who=who))
        if attacker.rested:
            raise GAIllegal(
                "attack_rested", say("{attacker} is rested and cannot attack", attacker=attacker.name)
            )
        power = attacker.power()
        if attacker.is_champion:
            if weapon is None:
                raise GAIllegal(
                    "champion_no_power",
                    say(
                        "{attacker} has no power of its own: a champion attacks with a weapon or an attack card",
                        attacker=attacker.name,
                    ),
                )
            power = (power or 0) + (weapon.power() or 0)
        if power is None or power <= 0:
            raise GAIllegal(
                "attack_power",
                say("{attacker} would attack with {value} power", attacker=attacker.name, value=power or 0),
            )
        if c.target is None:
            c.target = self._partial_target(st, who, c, attacker)
        target = self._target_object(st, who, c) if c.target else self._opponent_champion(st, who, None)
        if c.target and target is None:
            raise _Cannot(say("nothing called {target} is on the field to attack", target=c.target))
        self._check_target(st, attacker, target, c)
        attacker.rested = True  # GA 2.6.1d
        st.combat = Combat(
            attacker=attacker.oid,
            target=target.oid if target else None,
            weapon=weapon.oid if weapon else None,
            attack_power=power,
        )
        st.phase = "combat"
        st.passes = 0

    def _partial_target(self, st: GAState, who: str, c: Clause, attacker: GAObject) -> str | None:
        """An opponent's object named by one word of its name ("attacks the Tortoise"), when
        exactly one of their objects has that word."""
        words = set(re.findall(r"[a-z']{4,}", c.text.casefold())) - set(
            re.findall(r"[a-z']+", attacker.name.casefold())
        )
        hits = [
            o
            for o in st.field
            if o.controller != who
            and not o.is_champion
            and words & set(re.findall(r"[a-z']{4,}", o.name.casefold()))
        ]
        return hits[0].name if len(hits) == 1 else None

    def _do_intercept(self, st: GAState, c: Clause) -> None:
        cb = st.combat
        if cb is None:
            raise _Cannot(say("no attack is in progress to intercept"))
        ally = st.find(c.card) if c.card else None
        if ally is None or not ally.is_ally:
            raise _Cannot(say("no ally called {card} to intercept with", card=c.card))
        tgt = st.obj(cb.target)
        if ally.card is not None and "intercept" not in ally.card.keywords:
            raise GAIllegal(
                "intercept",
                say("{ally} does not have intercept (in the card data the engine reads)", ally=ally.name),
            )
        if ally.rested:
            raise GAIllegal("intercept", say("{ally} is rested and cannot intercept", ally=ally.name))
        if tgt is None or not tgt.is_champion or tgt.controller != ally.controller:
            raise GAIllegal(
                "intercept",
                say("{ally} can only intercept an attack on its controller's champion", ally=ally.name),
            )
        cb.target = ally.oid

    def _do_retaliate(self, st: GAState, c: Clause) -> None:
        cb = st.combat
        if cb is None:
            raise _Cannot(say("no attack is in progress to retaliate against"))
        who = self._who(st, c)
        unit = st.find(c.card) if c.card else st.obj(cb.target)
        if unit is None:
            raise _Cannot(say("no unit called {card} on the field", card=c.card))
        if cb.step != "retaliation":
            raise GAIllegal(
                "retaliate", say("retaliation is declared in the retaliation step, which has passed")
            )
        if unit.oid != cb.target:
            tgt = st.obj(cb.target)
            raise GAIllegal(
                "retaliate_not_defending",
                say(
                    "{unit} is not the attacked unit ({value} is), so it cannot retaliate",
                    unit=unit.name,
                    value=tgt.name if tgt else "none",
                ),
            )
        if unit.rested:
            raise GAIllegal("retaliate_rested", say("{unit} is rested and cannot retaliate", unit=unit.name))
        if unit.power() is None or (unit.power() or 0) <= 0:
            raise GAIllegal(
                "retaliate_power", say("{unit} has no power above 0 and cannot retaliate", unit=unit.name)
            )
        if who not in (unit.controller,) and c.player is not None:
            raise GAIllegal("retaliate", say("{who} does not control {unit}", who=who, unit=unit.name))
        unit.rested = True
        cb.retaliators.append(unit.oid)
        cb.step = "damage"

    def _do_no_retaliate(self, st: GAState, c: Clause) -> None:
        if st.combat is not None and st.combat.step == "retaliation":
            st.combat.step = "damage"

    def _combat_damage(self, st: GAState, c: Clause) -> tuple[int, int | None]:
        """The damage step (GA 2.2.g.ii.2) and the end of combat (2.2.g.iii)."""
        cb = st.combat
        assert cb is not None
        attacker = st.obj(cb.attacker)
        target = st.obj(cb.target)
        dealt = 0
        if attacker is not None and target is not None:
            if cb.attack_card is not None:
                w = st.obj(cb.weapon)
                card = self.cards.get(cb.attack_card)
                dealt = (card.power if card and card.power else 0) + ((w.power() or 0) if w else 0)
            else:
                w = st.obj(cb.weapon)
                dealt = (attacker.power() or 0) + ((w.power() or 0) if w and attacker.is_champion else 0)
            retaliating = [o for o in (st.obj(r) for r in cb.retaliators) if o is not None]
            back = sum(o.power() or 0 for o in retaliating)
            if dealt > 0:
                target.damage += dealt
            if back > 0 and attacker is not None:
                attacker.damage += back
            w = st.obj(cb.weapon)
            if w is not None:
                w.counters["durability"] = w.counters.get("durability", 0) - 1  # GA 1.7.f.4c
        if cb.attack_card:
            owner = attacker.controller if attacker else st.turn
            st.players[owner].graveyard.append(cb.attack_card)  # GA 2.2.g.iii.1a
        st.combat = None
        st.phase = "main"
        self._state_based(st)
        return dealt, (target.oid if target else None)

    # -- damage and claims ----------------------------------------------------------------------
    def _do_damage(self, st: GAState, c: Clause) -> None:
        amount = c.amount or 0
        cb = st.combat
        if cb is not None and not st.stack:
            target = st.obj(cb.target)
            named = c.target is not None or re.search(r"\b(?:p[12]|player ?[12])\b", c.text, re.I)
            claim_target = self._damage_target(st, c) if named else None
            if claim_target is None or (target is not None and claim_target.oid == target.oid):
                before = target.damage if target else 0
                ref = target
                self._combat_damage(st, c)
                dealt = (ref.damage - before) if ref is not None else 0
                if ref is not None and dealt != amount:
                    self._find(
                        MISMATCH,
                        say(
                            "the line says {amount} damage, but the attack dealt {dealt} to {ref}",
                            amount=amount,
                            dealt=dealt,
                            ref=ref.name,
                        ),
                        rule("damage_step"),
                        c,
                        fact=f"{ref.controller}.damage" if ref.is_champion else f"{ref.name}.damage",
                        claimed=amount,
                        derived=dealt,
                    )
                return
        target = self._damage_target(st, c)
        if target is None:
            raise _Cannot(say("the line does not say who takes the {amount} damage", amount=amount))
        target.damage += amount

    def _damage_target(self, st: GAState, c: Clause) -> GAObject | None:
        if c.target == "champion" or (c.target is None and c.verb == "damage"):
            who = c.target_player or (
                c.player if "take" in c.text.casefold() or "dealt" in c.text.casefold() else None
            )
            if who is None:
                who = st.other(self._who(st, c))
            return st.champion(who)
        if c.target:
            return st.find(c.target)
        return None

    def _do_observe_count(self, st: GAState, c: Clause) -> None:
        """A claim about a public count or the life left (GA 2.1.a.7): checked, never applied."""
        who = self._who(st, c)
        if st.combat is not None and not st.stack and c.counter == "life_left":
            self._combat_damage(st, c)
        p = st.players[who]
        champ = st.champion(who)
        derived: int | None
        if c.counter == "memory":
            derived = len(p.memory)
        elif c.counter == "hand":
            derived = len(p.hand)
        elif c.counter == "deck":
            derived = p.deck_count
        else:
            life = champ.life() if champ else None
            derived = (life - champ.damage) if (champ and life is not None) else None
        if derived is not None and derived != c.amount:
            self._find(
                MISMATCH,
                say(
                    "the line says {who} has {amount} ({replace}); the log gives {derived}",
                    who=who,
                    amount=c.amount,
                    replace=(c.counter or "").replace("_", " "),
                    derived=derived,
                ),
                rule("public_counts"),
                c,
                fact=f"{who}.{c.counter}",
                claimed=c.amount,
                derived=derived,
            )

    def _do_enlighten(self, st: GAState, c: Clause) -> None:
        """The champions' innate ability: remove 3 enlighten counters to draw a card (GA 2.11.6d.i)."""
        who = self._who(st, c)
        champ = st.champion(who)
        if champ is None:
            raise _Cannot(say("{who} controls no champion", who=who))
        have = champ.counters.get("enlighten", 0)
        if have < 3:
            raise GAIllegal(
                "enlighten",
                say(
                    "{champ} has {have} enlighten counter(s); the ability costs 3",
                    champ=champ.name,
                    have=have,
                ),
            )
        champ.counters["enlighten"] = have - 3
        self._draw_one(st, who, c.card, c)

    def _do_observe(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        obj = st.find(c.card) if c.card else st.champion(who)
        if obj is None:
            return
        if st.combat is not None and not st.stack:
            self._combat_damage(st, c)
        if obj.damage != c.amount:
            self._find(
                MISMATCH,
                say(
                    "the line says {card} has {amount} damage; the log gives {damage}",
                    card=obj.name,
                    amount=c.amount,
                    damage=obj.damage,
                ),
                rule("hit"),
                c,
                fact=f"{obj.controller}.damage" if obj.is_champion else f"{obj.name}.damage",
                claimed=c.amount,
                derived=obj.damage,
            )

    def _do_recover(self, st: GAState, c: Clause) -> None:
        champ = st.champion(self._who(st, c))
        if champ is not None:
            champ.damage = max(0, champ.damage - (c.amount or 0))  # GA X.B.29b

    def _do_draw(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        if who == st.turn and st.phase in _PRE_MAIN:
            self._to_main(st, c, drawn=c.card)
            return
        for i in range(c.amount or 1):
            self._draw_one(st, who, c.card if i == 0 else None, c)
            if st.result:
                return

    def _do_counter(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        name = c.target if c.target not in (None, "champion") else c.card
        obj = st.find(name) if name else st.champion(c.target_player or who)
        if obj is None:
            raise _Cannot(say("no object called {name} on the field", name=name))
        k = c.counter or "buff"
        if k == "damage" and obj.is_champion:
            obj.damage = max(0, obj.damage + (c.amount or 0))
            return
        obj.counters[k] = max(0, obj.counters.get(k, 0) + (c.amount or 0))

    def _do_rest(self, st: GAState, c: Clause) -> None:
        obj = st.find(c.card) if c.card else None
        if obj is None:
            raise _Cannot(say("no object called {card} on the field", card=c.card))
        obj.rested = True

    def _do_wake(self, st: GAState, c: Clause) -> None:
        obj = st.find(c.card) if c.card else None
        if obj is None:
            raise _Cannot(say("no object called {card} on the field", card=c.card))
        obj.rested = False

    def _do_destroy(self, st: GAState, c: Clause) -> None:
        obj = st.find(c.card) if c.card else None
        if obj is None:
            raise _Cannot(say("no object called {card} on the field", card=c.card))
        self._leave_field(st, obj, "graveyard")

    def _do_banish(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        if not c.card:
            raise _Cannot(say("the line does not name the banished card"))
        obj = st.find(c.card)
        if obj is not None:
            self._leave_field(st, obj, "banishment")
            return
        p = st.players[who]
        for zone in (p.graveyard, p.hand, p.memory):
            hit = next((x for x in zone if norm(x) == norm(c.card)), None)
            if hit is not None:
                zone.remove(hit)
                p.banishment.append(hit)
                return
        raise _Cannot(
            say("{card} is not on the field or in {who}'s graveyard, hand or memory", card=c.card, who=who)
        )

    def _do_discard(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        if not c.card or not self._take_from_hand(st, who, c.card):
            raise _Cannot(
                say("{value} is not in {who}'s hand to discard", value=c.card or "the card", who=who)
            )
        st.players[who].graveyard.append(c.card)

    def _leave_field(self, st: GAState, obj: GAObject, zone: str) -> None:
        st.field.remove(obj)
        owner = st.players[obj.controller]
        names = list(obj.lineage) if obj.is_champion else [obj.name]
        if obj.card is not None and obj.card.is_regalia:
            zone = "banishment"  # GA 1.7.h.3c
        (owner.banishment if zone == "banishment" else owner.graveyard).extend(names)

    def _do_concede(self, st: GAState, c: Clause) -> None:
        who = self._who(st, c)
        st.players[who].lost = "conceded"
        st.result = f"{st.other(who)} wins ({who} conceded)"

    # -- turn (GA 2.2) --------------------------------------------------------------------------
    def _do_phase(self, st: GAState, c: Clause) -> None:
        ph = c.phase or ""
        if ph in ("damage", "retaliation"):
            if st.combat is not None and ph == "damage" and st.combat.step == "retaliation":
                st.combat.step = "damage"
            return
        if ph in ("main", "draw", "recollection"):
            if st.phase in _PRE_MAIN:
                self._to_main(st, c)
            elif st.combat is not None:
                self._combat_damage(st, c)
            return
        if ph == "end":
            self._settle_stack(st, c)
            self._settle_combat(st, c)
            self._end_phase_begins(st, c)
            return
        if ph == "materialize" and st.phase == "wake_up":
            st.phase = "materialize"

    def _do_end_turn(self, st: GAState, c: Clause) -> None:
        self._settle_stack(st, c)
        self._settle_combat(st, c)
        if st.phase in _PRE_MAIN:
            self._to_main(st, c)
        if st.phase != "end":
            self._end_phase_begins(st, c)
        self._next_turn(st, c)

    def _end_phase_begins(self, st: GAState, c: Clause) -> None:
        st.phase = "end"
        for o in st.field:  # Vigor (X.A.24a)
            if o.controller == st.turn and o.card is not None and "vigor" in o.card.keywords:
                o.rested = False

    def _next_turn(self, st: GAState, c: Clause) -> None:
        for o in st.field:  # GA 2.2.f.4a: damage marked on allies is removed
            if o.is_ally:
                o.damage = 0
        st.players[st.turn].first_turn = False
        st.turn = st.other(st.turn)
        st.turn_number += 1
        st.players[st.turn].materialized = False
        st.passes = 0
        for o in st.field:  # GA 2.2.a.1: wake up
            if o.controller == st.turn:
                o.rested = False
        st.phase = "materialize" if not st.players[st.turn].first_turn else "draw"

    # -- state-based effects (GA 2.12.h) --------------------------------------------------------
    def _state_based(self, st: GAState) -> None:
        for o in list(st.field):
            if o.is_ally:
                life = o.life()
                if life is not None and o.damage >= life:
                    self._leave_field(st, o, "graveyard")  # GA 1.7.b.6
            elif o.is_weapon and "durability" in o.counters and o.counters["durability"] <= 0:
                self._leave_field(st, o, "graveyard")  # GA 1.7.f.4d
        for pname in ("P1", "P2"):
            champ = st.champion(pname)
            if champ is None:
                continue
            life = champ.life()
            if life is not None and champ.damage >= life and not st.result:
                st.players[pname].lost = "champion defeated"
                st.result = (
                    f"{st.other(pname)} wins ({pname}'s champion has {champ.damage} damage, life {life})"
                )


class _Cannot(Exception):
    """A line that cannot be applied to the state (the card is not where the log says)."""
