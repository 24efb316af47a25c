"""Apply log entries to a game state and check each step against the Comprehensive Rules.

One entry is applied to a copy of the state. If a clause is illegal, that clause and the rest of the
entry are reversed and the clauses before it stand (CR 1.10.3); the later entries apply to that state.
Within a payment only an extra pitch is reversed alone (``costs.pay_resources``); a payment that
cannot complete reverses the whole play (CR 5.1.7a; docs/reconstruction.md, "Reversal policy"). A clause the engine cannot apply (a card that
is not where the log says) is reported the same way, as "cannot apply", without a rule violation.

The engine is the entry point and the dispatcher; the rules live in one module per part of the
game, each a set of functions of (state, clause, ``Ctx``) that import only the parts below them
(docs/reconstruction.md, "Module layout"):

    turn        priority, passing, steps and phases named by a line        CR 1.11, 4.2, 4.3
    combat      the combat steps and closing the chain                     CR 7
    claims      claims, observations, judge adjustments, deck checks
    playing     playing cards and activating abilities                     CR 5.1, 5.2, 8.1
    layers      resolving layers and applying card text                    CR 5.3
    end_phase   the end phase and the turn's end                           CR 4.4
    damage      damage and prevention                                      CR 6.4, 8.3
    defending   declaring defenders and their limits                       CR 7.3, 7.4.2
    costs       costs and payment                                          CR 1.14, 5.1.6
    triggers    triggered abilities and token triggers                     CR 6.6, 8.6
    zones       finding, moving and creating cards
    context     the line being applied (``Ctx``), events, priority, game over
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from rules_engine.wording import Phrase, say

from . import actions as A
from . import choices, heroes_crowd
from .adjustments import change_counters, change_keyword, destroy, move_card
from .cards import CardLookup, norm_name
from .claims import adjust, claim, deck_check, noop, observe, outcome
from .combat import close_chain
from .context import Ctx, Event, StepResult
from .damage import apply_prevention, decline_prevention, finish_pending, pay, pitch_alone
from .defending import defend
from .effects import (
    LOOK_TOP_BANISH_PLAY,
    activated_ability,
    attack_text,
    recognise,
    self_named,
    self_prevention,
    unpack_choice,
)
from .end_phase import arsenal, draw_clause, heave, no_arsenal, pitch_to_bottom
from .heroes import become, look_top, search
from .heroes_more import pay_life
from .layers import apply_choice, crank, static_text_notes
from .playing import BUFFED_TARGET, activate, hero_named, play
from .rules import (
    AMBIGUITY,
    CANNOT_APPLY,
    NOTE,
    UNKNOWN_CARD,
    UNREADABLE,
    VIOLATION,
    CannotApply,
    Finding,
    Illegal,
    cite,
)
from .state import COMBAT_STEPS, Effect, GameState, Layer, other
from .text_crowd import PITCH_TOP_CHEER
from .triggers import trigger
from .turn import all_pass_clause, begin_action_phase, pass_priority, phase_marker, step_marker
from .values import link_power, same_card
from .zones import banish, create_token, discard, opt, reveal, shown_by_attempt, shuffle

__all__ = ["Ctx", "Engine", "Event", "StepResult"]

Handler = Callable[[GameState, Any, Ctx], None]

#: The rule that applies each kind of clause (after the game-over and start-phase checks).
HANDLERS: dict[type[A.Action], Handler] = {
    A.Play: lambda s, c, ctx: play_or_attack(s, c, ctx),
    A.Activate: lambda s, c, ctx: activate_named(s, c, ctx),
    A.Attack: lambda s, c, ctx: attack_with(s, c, ctx),
    A.Pitch: lambda s, c, ctx: None if heroes_crowd.pitch_clause(s, c, ctx) else pitch_alone(s, c, ctx),
    A.Pass: pass_priority,
    A.AllPass: all_pass_clause,
    A.StepMarker: step_marker,
    A.PhaseMarker: phase_marker,
    A.Defend: lambda s, c, ctx: defend(s, defended_slots(s, c), ctx),
    A.Arsenal: arsenal,
    A.NoArsenal: no_arsenal,
    A.PitchToBottom: pitch_to_bottom,
    A.Draw: draw_clause,
    A.ApplyPrevention: apply_prevention,
    A.DeclinePrevention: decline_prevention,
    A.CreateToken: lambda s, c, ctx: create_token(
        s, c if c.player else dataclasses.replace(c, player=_controller_of(s, c.source)), ctx
    ),
    A.Reveal: reveal,
    A.Opt: opt,
    A.Banish: banish,
    A.Trigger: trigger,
    A.Outcome: outcome,
    A.MoveCard: move_card,
    A.CounterChange: change_counters,
    A.KeywordChange: change_keyword,
    A.Destroy: destroy,
    A.Heave: heave,
    A.Discard: discard,
    A.DeckCheck: deck_check,
    A.Pay: pay,
    A.Shuffle: shuffle,
    A.Crank: crank,
    A.Become: become,
    A.Search: search,
    A.LookTop: look_top,
    A.PayLife: pay_life,
    A.Crowd: heroes_crowd.crowd_clause,
    A.Wagers: heroes_crowd.wagers,
    A.WagerWon: heroes_crowd.wager_won,
    A.Roll: heroes_crowd.roll_clause,
    A.Clash: heroes_crowd.clash,
}

#: Clauses that leave a damage event waiting for the defender's choices (the choices themselves,
#: and lines that only say what is true or where the game is).
_WAITS = (
    A.ApplyPrevention,
    A.DeclinePrevention,
    A.Observe,
    A.Claim,
    A.Noop,
    A.Pitch,
    A.StepMarker,
    A.Pay,
)


_PREVENTIONS = ("spellvoid", "arcane barrier", "quell", "ward", "arcane shelter")


def prevention_keyword(s: GameState, c: A.ApplyPrevention) -> A.ApplyPrevention:
    """ "P2 destroys Helm SV to prevent 2": the prevention keyword is the one the named card has."""
    p = s.p(c.player)
    for card in [x for x in p.equipment.values() if x is not None] + list(p.permanents):
        if norm_name(card.name) == norm_name(c.source):
            for kw in _PREVENTIONS:
                if card.facts.keyword(kw) is not None:
                    return A.ApplyPrevention(c.player, kw, c.amount, c.source, c.pitches, c.pay)
            # "you may banish this to prevent 2" (Cloak of Darkness)
            if self_prevention(card.facts) is not None:
                return A.ApplyPrevention(c.player, "self", c.amount, c.source, c.pitches, c.pay)
    return A.ApplyPrevention(c.player, "spellvoid", c.amount, c.source, c.pitches, c.pay)


def holder(s: GameState, name: str) -> str:
    """The player whose hand holds a card of that name (else the one who is not the turn-player)."""
    for pl, p in s.players.items():
        if any(norm_name(x.name) == norm_name(name) for x in p.hand):
            return pl
    return next((pl for pl in s.players if pl != s.turn_player), s.turn_player)


#: Words before a weapon's name ("the Kunai", "a Fire Vein", "the other Saber") and payment remarks
#: after it ("Dawnblade for 1", "Fire Vein, 0", "the Saber for free"), which name no card.
_SOURCE_DETERMINERS = re.compile(
    r"^(?:(?:the|a|an|their|his|her|one of|one|other|another|second|first|same|that)\s+)+", re.I
)
_SOURCE_PAYMENT = re.compile(
    r"(?:\s+for\s+(?:\d+|free|zero|nothing)(?:\s+res(?:ources?)?)?|\s+again|,\s*(?:\d+|free))\s*$", re.I
)


def arena_source(s: GameState, player: str, said: str) -> str | None:
    """The name of the weapon, equipment or permanent of ``player`` a judge's words name: the whole
    name, or words of exactly one such card's name in a row ("the Kunai" for Kunai of Retribution,
    "a Fire Vein" for Obsidian Fire Vein, "the Chelicera" for a Graphene Chelicera token), with
    determiners and a payment remark left out; None when no card or several cards fit."""
    p = s.p(player)
    arena = list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents)
    bare = _SOURCE_PAYMENT.sub("", _SOURCE_DETERMINERS.sub("", said.strip())).strip()
    if not bare:
        return None
    key = norm_name(bare)
    exact = [x.name for x in arena if norm_name(x.name) == key]
    if exact:
        return exact[0]
    found = {x.name for x in arena if f" {key} " in f" {norm_name(x.name)} "}
    if not found and key.endswith("s"):  # "one of the Sabers": the plural of the name's words
        found = {x.name for x in arena if f" {key[:-1]} " in f" {norm_name(x.name)} "}
    return found.pop() if len(found) == 1 else None


def play_or_attack(s: GameState, c: A.Play, ctx: Ctx) -> None:
    """ "Dawnblade @ P2 for 1", "P1 plays the Kunai": a card said to be played that the player has
    in no hand or arsenal but controls as a weapon or permanent with an attack ability is that
    ability activated (CR 5.2, 1.4.3); anything else is played (CR 5.1)."""
    p = s.p(c.player) if c.player in s.players else None
    if p is not None and not c.card.zone:
        held = any(norm_name(x.name) == norm_name(c.card.name) for x in list(p.hand) + list(p.arsenal))
        source = None if held else arena_source(s, c.player, c.card.name)
        if source is not None:
            card = next(
                x
                for x in list(p.weapons)
                + [e for e in p.equipment.values() if e is not None]
                + list(p.permanents)
                if x.name == source
            )
            ab = activated_ability(card.facts)
            if ab is not None and ab.attack:
                activate(s, A.Activate(c.player, source, c.targets, c.pitches), ctx)
                return
    play(s, c, ctx)


def attack_with(s: GameState, c: A.Attack, ctx: Ctx) -> None:
    """ "P1 attacks with X": the attack ability of a weapon or permanent X the player controls
    (CR 1.4.3, 5.2), else playing the attack card X (CR 5.1)."""
    p = s.p(c.player)
    named = arena_source(s, c.player, c.play.card.name)
    if named is not None and not any(norm_name(x.name) == norm_name(c.play.card.name) for x in p.hand):
        activate(s, A.Activate(c.player, named, c.play.targets, c.play.pitches), ctx)
        return
    arena = list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents)
    source = re.sub(r"^(?:the|their|his|her) ", "", c.play.card.name, flags=re.I)  # "the Kodachi"
    if not any(norm_name(x.name) == norm_name(source) for x in arena):
        source = (
            c.play.card.name
            if any(norm_name(x.name) == norm_name(c.play.card.name) for x in p.hand)
            else source
        )
    if not any(norm_name(x.name) == norm_name(source) for x in arena) and not any(
        norm_name(x.name) == norm_name(source) for x in p.hand
    ):
        # "swings Kodachi" for the Harmonized Kodachi the player holds: the last words of one weapon's name
        short = [x for x in p.weapons if norm_name(x.name).endswith(" " + norm_name(source))]
        if len(short) == 1:
            source = short[0].name
    if any(norm_name(x.name) == norm_name(source) for x in arena):
        activate(s, A.Activate(c.player, source, c.play.targets, c.play.pitches), ctx)
    else:
        play(s, c.play, ctx)


def activate_named(s: GameState, c: A.Activate, ctx: Ctx) -> None:
    """ "P2 used Nullrune Hood", "P2 cracked Instant G": what activating a named card means depends on
    where it is. A permanent whose prevention keyword applies to the damage being dealt now is that
    prevention applied (arcane barrier, CR 8.3.8; spellvoid, 8.3.15); a card in the player's hand
    and no permanent of that name is the card played (CR 5.1); anything else is an activated
    ability (CR 5.2). With no player said ("Chane activates"), the player is the one whose hero or
    permanent has that name (CR 5.2.2: the controller of the source activates)."""
    if not c.player:
        c = dataclasses.replace(c, player=_controller_of(s, c.source))
    p = s.p(c.player)
    if not any(norm_name(x.name) == norm_name(c.source) for x in p.hand):
        named_source = arena_source(s, c.player, c.source)  # "P1 cracks the Gold", "pops a Gold"
        if named_source is not None:
            c = dataclasses.replace(c, source=named_source)
    arena = list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents)
    named = [x for x in arena if norm_name(x.name) == norm_name(c.source)]
    kw = _prevention_of(s, c)
    if kw is not None:
        apply_prevention(s, A.ApplyPrevention(c.player, kw, None, c.source, c.pitches), ctx)
        return
    in_hand = [x for x in p.hand if norm_name(x.name) == norm_name(c.source)]
    if not named and in_hand and not _ACTIVATED_ABILITY.search(in_hand[0].facts.text or ""):
        play(s, A.Play(c.player, A.CardRef(c.source), targets=c.targets, pitches=c.pitches), ctx)
        return
    activate(s, c, ctx)


def _controller_of(s: GameState, source: str) -> str:
    """The player whose hero (by name or moniker) or permanent is named ``source``; the player with
    priority when neither or both have one."""
    owners = [
        pl
        for pl, p in s.players.items()
        if (p.hero_card is not None and hero_named(p.hero, p.hero_card, source))
        or any(
            norm_name(x.name) == norm_name(source)
            for x in list(p.weapons) + [e for e in p.equipment.values() if e is not None] + list(p.permanents)
        )
    ]
    return owners[0] if len(owners) == 1 else (s.priority or s.turn_player)


#: An activated ability in a card's text ("Instant - Discard this: ...", CR 5.2.1).
_ACTIVATED_ABILITY = re.compile(
    r"(?:^|\n)\s*(?:\*\*)?(?:once per turn |twice per turn )?(?:instant|action|attack reaction|defense reaction)"
    r"(?:\*\*)?\s*[-–]\s*[^:\n]*:",
    re.I,
)


def _prevention_of(s: GameState, c: A.Activate) -> str | None:
    """The one prevention keyword of the permanent a player "uses" while damage to their hero waits
    for their choices (CR 6.4.2), else None."""
    if s.pending is None or s.pending.target != c.player:
        return None
    p = s.p(c.player)
    arena = [x for x in p.equipment.values() if x is not None] + list(p.permanents)
    named = [x for x in arena if norm_name(x.name) == norm_name(c.source)]
    kws = [kw for kw in _PREVENTIONS if len(named) == 1 and named[0].facts.keyword(kw) is not None]
    if not kws and len(named) == 1 and self_prevention(named[0].facts) is not None:
        return "self"  # "P2 uses Cloak of Darkness": its "banish this to prevent 2" (CR 6.4.2)
    return kws[0] if len(kws) == 1 else None


#: Slot words a judge names equipment by ("blk w/ C1 + helm + chest").
_SLOT_WORDS = {
    "helm": "head",
    "helmet": "head",
    "head": "head",
    "hat": "head",
    "chest": "chest",
    "chest piece": "chest",
    "arms": "arms",
    "gloves": "arms",
    "legs": "legs",
    "boots": "legs",
    "pants": "legs",
}


def defended_slots(s: GameState, c: A.Defend) -> A.Defend:
    """ "P2 blk: C1 + helm + chest": a defending card named by its equipment slot is the equipment
    the player has in that slot (CR 7.3.2a: public equipment permanents they control); a card of
    that name, or an empty slot, is left to the rule."""
    p = s.p(c.player)
    out = []
    for ref in c.cards:
        slot = _SLOT_WORDS.get(re.sub(r"^(?:the|their|his|her|P[12]'s) ", "", ref.name.casefold().strip()))
        held = p.equipment.get(slot) if slot else None
        known = any(norm_name(x.name) == norm_name(ref.name) for x in p.hand)
        out.append(dataclasses.replace(ref, name=held.name) if held is not None and not known else ref)
    return dataclasses.replace(c, cards=tuple(out))


def _resolve_top(s: GameState, ctx: Ctx, note: Phrase) -> None:
    """One round of passes a judge left out (CR 1.11.4a: the top layer resolves), with the note
    that says so and why."""
    all_pass_clause(s, A.AllPass("once", ()), ctx)
    ctx.add(NOTE, note)


def _pass_to(s: GameState, ctx: Ctx, step: str, note: Phrase) -> None:
    """The passes a judge left out up to a combat step (a step ends when all pass on an
    empty stack, CR 1.11.4a), with the note."""
    all_pass_clause(s, A.AllPass("to", (step,)), ctx)
    ctx.add(NOTE, note)


def _option_note(ctx: Ctx, layer: str) -> Phrase:
    return say(
        "line {number}: the passes that resolve {layer} are implied: its option is taken as it resolves (CR 1.8.3a).",
        number=ctx.entry.number,
        layer=layer,
    )


#: A line that says its player acted while a layer still waited: no passes are implied before it.
_HELD_PRIORITY = re.compile(
    r"\b(?:priority|on the stack|in response|respond(?:s|ed|ing)?|without (?:passing|letting)|"
    r"before (?:it|that|\w+) (?:resolves|resolved)|still (?:waiting|pending|unresolved|there|up)|"
    r"while (?:it|that|[\w']+(?: [\w']+){0,3}) (?:is|was|'s) (?:still|waiting|pending|unresolved)|"
    r"while (?:it|that|[\w']+(?: [\w']+){0,3}) (?:waits|waited|resolves))\b",
    re.I,
)


def implied_trigger_resolution(s: GameState, clause: A.Play, ctx: Ctx, *, weapon: bool = False) -> None:
    """A card that can be played only on an empty stack (an action, CR 5.1.1 / 1.11.2), played by the
    player holding priority while only triggered layers wait there (an aura's "when this enters the
    arena", a "when this leaves the arena") or the player's own activated abilities (a hero's
    "Action - {r}{r}: ... Go again", Bravo's or Lexi's, then the attack it was for, CR 5.2.2): the
    judge left out the passes that resolved them, since nothing else could have happened. So is the
    player's own 'non-attack' action card, unless the line says they kept priority. They resolve
    first, with a note; another player's card or activated ability is left to the rule (the play is
    then illegal)."""

    held = _HELD_PRIORITY.search(ctx.entry.text) is not None

    def waits(layer: Layer) -> bool:
        if layer.kind == "card":
            # the player's own 'non-attack' action card ("P1 Steelblade Supremacy on Dawnblade", then "P1
            # attacks with Dawnblade"): nothing but its resolution lets the player act at action speed
            # again (CR 1.11.4a, 5.1.1); a line that says the player kept priority or acted while it
            # was on the stack is left to the rule
            return (
                not held
                and not layer.attack
                and layer.controller == clause.player
                and layer.card is not None
                and layer.card.facts.is_action
                and not layer.card.facts.is_("instant")
            )
        return layer.kind == "triggered" or (layer.kind == "activated" and layer.controller == clause.player)

    if not s.stack or s.priority != clause.player or not all(waits(layer) for layer in s.stack):
        return
    if clause.as_instant:
        return
    facts = next(
        (c.facts for c in s.p(clause.player).hand if norm_name(c.name) == norm_name(clause.card.name)), None
    )
    facts = facts or ctx.lookup.get(clause.card.name)
    controlled = arena_source(s, clause.player, clause.card.name) is not None
    if controlled and (weapon or facts is None or not facts.is_action):
        # a weapon the player controls ("P1 Dawnblade again" reads as a play of it): its attack is an
        # action ability (CR 8.1.1)
        weapon, facts = True, None
    elif weapon:
        # "P1 attacks with a Kunai" while the ability that equips it (Cindra's) waits: it resolves first
        if not any(layer.kind == "activated" and layer.controller == clause.player for layer in s.stack):
            return
        facts = None
    if not weapon and (facts is None or not facts.is_action or facts.is_("instant")):
        return
    names = [layer.name for layer in reversed(s.stack)]
    for _ in range(len(s.stack) + 4):  # each pass resolves one (new triggers may join)
        if not s.stack or not all(waits(layer) for layer in s.stack) or s.game_over:
            break
        all_pass_clause(s, A.AllPass("once", ()), ctx)
    ctx.add(
        NOTE,
        say(
            "line {number}: the passes that resolve {layers} before {card} are implied (an action card is played only on an empty stack).",
            number=ctx.entry.number,
            layers=", ".join(names),
            card=clause.card.name,
        ),
    )


def _search_trigger_resolution(s: GameState, player: str, ctx: Ctx) -> None:
    """Katsu's trigger waiting on the stack while the log says its discard or search ("Katsu triggers:
    P1 discards X, searches out Y"): the passes that resolve it are implied (only triggered layers wait;
    nothing else could have happened), with a note."""
    if not s.stack or any(x.kind != "triggered" for x in s.stack) or s.priority != player:
        return
    top = s.stack[-1]
    if top.controller != player or top.effect != "search":
        return
    if any(e.kind == "search_due" and e.player == player for e in s.effects):
        return
    names = [layer.name for layer in reversed(s.stack)]
    for _ in range(len(s.stack) + 2):
        if not s.stack or s.stack[-1].kind != "triggered" or s.game_over:
            break
        top = s.stack[-1]
        all_pass_clause(s, A.AllPass("once", ()), ctx)
        if top.effect == "search":
            break
    ctx.add(
        NOTE,
        say(
            "line {number}: the passes that resolve {layers} are implied (the line tells its discard or search).",
            number=ctx.entry.number,
            layers=", ".join(names),
        ),
    )


def _crowd_resolution(s: GameState, clause: A.Crowd | A.Roll | A.Pitch, ctx: Ctx) -> None:
    """A line telling what a waiting layer of the player's does: the crowd booing or cheering them while
    Lyath's or Tuffnut's ability waits, the roll while Kayo, Berserker Runt's roll trigger waits, the card
    Tuffnut pitches from the top of the deck. With only that player's layers on the stack and the player
    holding priority, the passes that resolve it are implied, with a note (CR 5.3); a roll is the
    trigger's (its number resolves it, CR 8.5.18)."""
    if not s.stack:
        return
    top = s.stack[-1]
    player = clause.player or top.controller
    if top.controller != player or s.priority != player or any(x.controller != player for x in s.stack):
        return
    if isinstance(clause, A.Roll):
        if top.kind != "triggered" or not top.effect.startswith("crowd:roll:"):
            return
        top.amount = clause.value
    elif isinstance(clause, A.Pitch):
        if top.kind != "activated" or not PITCH_TOP_CHEER.search(top.effect):
            return
        if s.p(player).deck_top and not same_card(s.p(player).deck_top[0], clause.card.name):
            return
    else:
        said = "the crowd boos you" if clause.kind == "boo" else "the crowd cheers you"
        if top.kind != "activated" or said not in top.effect.casefold():
            return
        if clause.kind == "cheer" and not s.p(player).deck_top:
            return  # Tuffnut's pitch is still to be named (the pitch line resolves it)
    _resolve_top(
        s,
        ctx,
        say(
            "line {number}: the passes that resolve {layer} are implied (the line tells what it did).",
            number=ctx.entry.number,
            layer=top.name,
        ),
    )


def _look_top_resolution(s: GameState, clause: A.LookTop, ctx: Ctx) -> None:
    """Kano's ability waiting on the stack while the log tells what it saw ("Top card is X; P1 banishes
    it"): with only that player's layers waiting and nobody else acting, the passes that resolve it are
    implied, with a note (CR 5.3)."""
    if any(e.kind == "look_top_due" for e in s.effects) or not s.stack:
        return
    top = s.stack[-1]
    player = clause.player or top.controller
    if top.kind != "activated" or top.controller != player or not LOOK_TOP_BANISH_PLAY.search(top.effect):
        return
    if s.priority != player or any(x.controller != player for x in s.stack):
        return
    _resolve_top(
        s,
        ctx,
        say(
            "line {number}: the passes that resolve {layer} are implied (the line tells what it saw).",
            number=ctx.entry.number,
            layer=top.name,
        ),
    )


def _hero_trigger_resolution(s: GameState, player: str, ctx: Ctx) -> None:
    """A hero's trigger (Arakni's contract look, Vynnset's life payment) waiting on top of the stack while
    the log tells what its controller did with it ("Arakni trigger: P1 looks at P2's top card ...", "P1
    pays 1 life"): with only that player's layers waiting, the passes that resolve it are implied, with a
    note (CR 5.3; the option is taken as the layer resolves, CR 1.8.3)."""
    if not s.stack:
        return
    top = s.stack[-1]
    who = player or top.controller
    if top.kind != "triggered" or not top.effect.startswith("hero:") or top.controller != who:
        return
    if s.priority != who or any(x.controller != who for x in s.stack):
        return
    _resolve_top(
        s,
        ctx,
        say(
            "line {number}: the passes that resolve {layer} are implied (the line tells what its controller chose).",
            number=ctx.entry.number,
            layer=top.name,
        ),
    )


def _implied_buff_resolution(s: GameState, clause: A.Activate, ctx: Ctx) -> None:
    """Boltyn's "Target attack with {p} greater than its base {p}" activated while the player's own
    cards wait on the stack above the attack (Lunging Press, then "P1 activates Boltyn"): the target is
    chosen as the ability is activated (CR 5.2.2, 1.8.5d), so the log's activation says the player's
    reaction had resolved and raised the power. With the attack not yet above its base, and only the
    player's own layers waiting, the passes that resolve them are implied, with a note; anything else
    is left to the rule."""
    # "Boltyn activates": the hero named is the player's (the subject is filled in later, engine.apply)
    named = [
        x
        for x in ("P1", "P2")
        if (h := s.p(x).hero_card) is not None and hero_named(s.p(x).hero, h, clause.source)
    ]
    player = clause.player or (named[0] if named else "")
    if player not in ("P1", "P2"):
        return
    p = s.p(player)
    if p.hero_card is None or not hero_named(p.hero, p.hero_card, clause.source):
        return
    ab = activated_ability(p.hero_card)
    link = s.active_link()
    if ab is None or link is None or not BUFFED_TARGET.search(ab.ability_text):
        return
    if not s.stack or s.priority != player or any(x.controller != player for x in s.stack):
        return
    if link_power(link) > (link.attack.facts.power or 0):
        return
    names = [layer.name for layer in reversed(s.stack)]
    for _ in range(len(s.stack) + 4):
        if not s.stack or any(x.controller != player for x in s.stack) or s.game_over:
            break
        all_pass_clause(s, A.AllPass("once", ()), ctx)
    ctx.add(
        NOTE,
        say(
            "line {number}: the passes that resolve {layers} before {card} are implied (its target must have {{p}} greater than its base {{p}} as it is activated).",
            number=ctx.entry.number,
            layers=", ".join(names),
            card=clause.source,
        ),
    )


def _choice_kind(clause: A.Action) -> tuple[str, str, int] | None:
    """The option a clause may take (``choices``): its kind, player ("" when the line does not say)
    and the amount paid."""
    if isinstance(clause, A.Pay):
        return "pay", clause.player, clause.amount
    if isinstance(clause, A.Discard) and clause.cards:
        return "discard", clause.player, 0
    if isinstance(clause, A.Destroy) or (isinstance(clause, A.Claim) and clause.kind == "destroyed"):
        return "destroy", "", 0
    if isinstance(clause, A.PitchToBottom) and clause.player:
        return "bottom", clause.player, 0
    return None


def _offers(packed: list[str], want: tuple[str, str, int]) -> bool:
    """Whether packed layer effects ("kind:amount:target") hold a choice the clause ``want`` takes."""
    options = [unpack_choice(t.split(":", 2)[2])[0] for t in packed if t.startswith("choice:")]
    return any(o[0] == want[0] and (want[0] != "pay" or not want[2] or o[1] == want[2]) for o in options)


def implied_choice_resolution(s: GameState, clause: A.Action, ctx: Ctx) -> None:
    """A payment, discard or destruction written while the ability that offers it has yet to resolve
    ("P2 defends with Brothers in Arms, pays 1"; "P1 atk w/ Trade In, discards X to draw"): the
    judge left out the passes that resolve it (CR 1.8.3a: the choice is made as it resolves). The
    triggered layer resolves first, after the attack whose "when this attacks" makes it when that
    attack is still the top layer; with a note."""
    want = _choice_kind(clause)
    if want is None or s.pending is not None or choices.open_offers(s) or not s.stack:
        return
    top = s.stack[-1]
    if (want[1] and want[1] != top.controller) or top.kind not in ("triggered", "card"):
        return
    if top.kind == "card" and top.card is not None and not top.attack:
        # a card whose own resolution offers it (Sink Below: "P2 Sink Below, bottoms Pummel, draws")
        found, _ = recognise(self_named(top.card.facts.text, top.card.facts.name))
        if _offers([f"{e.kind}:{e.amount}:{e.target}" for e in found if not e.trigger], want):
            _resolve_top(s, ctx, _option_note(ctx, top.name))
        return
    if top.kind == "card":
        if not top.attack or top.card is None or s.priority != top.controller:
            return
        packed = [f"{e.kind}:{e.amount}:{e.target}" for e in attack_text(top.card.facts).on_attack]
        if not _offers(packed, want):
            return
        all_pass_clause(s, A.AllPass("once", ()), ctx)  # the attack resolves (CR 7.2.4): its trigger
        if not s.stack or s.stack[-1].kind != "triggered":
            return
        top = s.stack[-1]
    if top.effect != "text" or not _offers(top.targets, want):
        return
    _resolve_top(s, ctx, _option_note(ctx, top.name))


_NO_DECISION = (A.Claim, A.Observe, A.Noop)


def settle_choices(s: GameState, clause: A.Action, before: list[Effect], ctx: Ctx) -> None:
    """After a clause: an offer it took has its outcome applied (CR 1.8.4); an offer made before it
    that it did not take lapses, since the player went on without taking it (CR 1.8.3a). A claim or
    an observation decides nothing."""
    for offer in [e for e in s.effects if e.kind == "choice_offer" and e.duration == choices.TAKEN]:
        s.effects.remove(offer)
        apply_choice(s, offer, ctx)
    if not isinstance(clause, _NO_DECISION):
        for unpaid in choices.lapse(s, ctx, before):
            apply_choice(s, unpaid, ctx, paid=False)  # "unless you pay": not paid (CR 1.8.4b)


def implied_passes(s: GameState, clause: A.Action, ctx: Ctx) -> None:
    """Passes a judge leaves out because nothing else could have happened (docs/reconstruction.md):
    defenders declared while the attack waits alone on the stack (all pass to the Defend Step), and
    damage taken or dealt ("P2 takes 3", "(3 dmg)") while the defence is declared and nobody has
    played anything (all pass to the Damage Step). Each is noted; a line that does not fit is left to its own rule."""
    if s.phase != "action" or s.pending is not None:
        return
    if isinstance(clause, A.Play):
        implied_trigger_resolution(s, clause, ctx)
    if isinstance(clause, A.Activate):
        _implied_buff_resolution(s, clause, ctx)
    if isinstance(clause, (A.Search, A.Discard)) and clause.player:
        _search_trigger_resolution(s, clause.player, ctx)
    if isinstance(clause, A.LookTop):
        _look_top_resolution(s, clause, ctx)
    if isinstance(clause, (A.LookTop, A.PayLife, A.Arsenal)):
        _hero_trigger_resolution(s, clause.player, ctx)
    if isinstance(clause, (A.Crowd, A.Roll, A.Pitch)):
        _crowd_resolution(s, clause, ctx)
    if isinstance(clause, A.Attack):
        # "swings Snatch" (a card from hand) or "attacks with the Kunai" (a weapon: an action ability)
        in_hand = any(norm_name(x.name) == norm_name(clause.play.card.name) for x in s.p(clause.player).hand)
        implied_trigger_resolution(s, clause.play, ctx, weapon=not in_hand)
    if isinstance(clause, A.CreateToken):
        _token_trigger_resolution(s, clause.name, ctx, clause.count)
    if isinstance(clause, A.Observe) and re.fullmatch(r"P[12]\.marked", clause.path) and clause.value is True:
        # "P2 takes 4, gets marked" while the hit trigger that marks waits on top: it resolved (CR 1.11.4a)
        top = s.stack[-1] if s.stack else None
        if top is not None and top.kind == "triggered" and any(t.startswith("mark:") for t in top.targets):
            _resolve_top(
                s,
                ctx,
                say(
                    "line {number}: the passes that resolve {layer} are implied: the line reports the mark.",
                    number=ctx.entry.number,
                    layer=top.name,
                ),
            )
    if isinstance(clause, A.Draw) and s.phase == "action":
        _draw_trigger_resolution(s, clause.player, ctx)
    if isinstance(clause, A.Claim) and clause.kind == "deals" and clause.subject:
        _damage_trigger_resolution(s, clause.subject, ctx)
    elif isinstance(clause, A.Claim) and clause.kind == "controls" and ":" in str(clause.subject):
        _token_trigger_resolution(s, str(clause.subject).split(":", 1)[1], ctx)  # "P1 made a Might"
    if not s.combat_step:
        return
    order = COMBAT_STEPS[ctx.version]
    declares = isinstance(clause, A.Defend) or (isinstance(clause, A.Claim) and clause.kind == "no_defenders")
    if declares and s.combat_step in ("layer", "attack"):
        # "no block" said while the attack waits alone on the stack is the defence too (CR 7.3.2)
        # triggered layers above the attack (a pitched card's "when you pitch this") resolve first
        if not s.stack or (s.stack[0].attack and all(layer.kind == "triggered" for layer in s.stack[1:])):
            _pass_to(
                s,
                ctx,
                "defend",
                say("line {number}: the passes to the Defend Step are implied.", number=ctx.entry.number),
            )
    if isinstance(clause, (A.Play, A.Activate)) and s.combat_step == "defend" and not s.stack:
        _reaction_after_declaring(s, clause, ctx)
        return
    if isinstance(clause, (A.Play, A.Attack)) and s.combat_step == "damage":
        _attack_after_damage(s, clause, ctx)
    if (
        isinstance(clause, A.Claim)
        and clause.kind in ("gains_ap", "go_again")
        and s.combat_step == "damage"
        and not s.stack
        and s.priority == s.turn_player
    ):
        link = s.active_link()
        if (
            link is not None
            and link.damage is not None
            and (
                clause.subject in ("", s.turn_player)
                or (clause.kind == "gains_ap" and clause.subject == link.attack.name)
            )
        ):
            # ("Attack T gets go again" said as a hit trigger resolves is the attack's keyword, checked
            # where it is said: only the action point said of the player implies the passes)
            # "P2 took the 3; P1 gets the action point back from go again and plays Attack B": the
            # go again point is gained at the start of the Resolution Step (CR 7.5.4, 7.6.2), so the
            # passes that ended the Damage Step are implied; the claim is then checked there
            _pass_to(
                s,
                ctx,
                "resolution",
                say("line {number}: the passes to the Resolution Step are implied.", number=ctx.entry.number),
            )
    if (
        isinstance(clause, A.Claim)
        and clause.kind == "taken"
        and isinstance(clause.value, int)
        and s.combat_step == "layer"
        and len(s.stack) == 1
        and s.stack[0].attack
        and s.stack[0].card is not None
        and clause.subject in s.stack[0].targets + [f"{t}'s hero" for t in s.stack[0].targets]
        and clause.value == max(0, (s.stack[0].card.facts.power or 0) + s.stack[0].power_bonus)
        and clause.value > 0
    ):
        # "P1 played Surging Strike; P2 took the 5": the whole power of the attack, taken while it
        # waits alone on the stack, says nobody defended and the players passed to the Damage Step
        # (CR 7.1.3, 7.3.2, 7.5.2); a different amount (a block the log left out) implies nothing
        target = clause.subject.split("'")[0]
        all_pass_clause(s, A.AllPass("to", ("defend",)), ctx)
        if s.combat_step == "defend":
            HANDLERS[A.Defend](s, A.Defend(target, ()), ctx)
            all_pass_clause(s, A.AllPass("to", ("damage",)), ctx)
            ctx.add(
                NOTE,
                say(
                    "line {number}: no defending cards and the passes to the Damage Step are implied.",
                    number=ctx.entry.number,
                ),
            )
    if isinstance(clause, A.Claim) and clause.kind == "no_defenders" and s.combat_step == "defend":
        link = s.active_link()
        if link is not None and not link.declared and not link.defending:
            # "nobody blocked" in the Defend Step: the attack's target declared no defending cards
            HANDLERS[A.Defend](s, A.Defend(link.target, ()), ctx)
        return
    if (
        isinstance(clause, A.Claim)
        and clause.kind in ("taken", "dealt", "deals")
        and s.stack
        and (
            s.combat_step == "reaction"
            # an instant or ability told in the Defend Step after the defence (CR 7.3.3: priority there),
            # then the damage: it resolved and the step ended as in the Reaction Step
            or (s.combat_step == "defend" and (link0 := s.active_link()) is not None and link0.declared)
        )
        and not any(layer.attack for layer in s.stack)
    ):
        link = s.active_link()
        said = clause.subject.split("'")[0] if clause.kind == "taken" else link.target if link else ""
        if (
            clause.kind == "deals"
            and link is not None
            and norm_name(_uncoloured_name(clause.subject)) != norm_name(_uncoloured_name(link.attack.name))
        ):
            said = ""  # "Attack A deals 2" is the active attack's damage only
        if link is not None and link.damage is None and link.target == said:
            # ("2 dmg" said after the reactions: the damage of the active link, like "P2 took 2")
            # "P1 played Reaction R on Attack A" then "P2 took 6": the reactions resolved and the
            # Reaction Step ended before the damage (CR 1.11.4a, 7.4.3); each pass is a player's
            # pass nobody logged, noted
            for _ in range(len(s.stack)):
                if not s.stack or s.pending is not None or s.game_over:
                    break
                all_pass_clause(s, A.AllPass("once"), ctx)
            if not s.stack and s.pending is None and not s.game_over:
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: the layers on the stack resolved before the damage (the passes are implied).",
                        number=ctx.entry.number,
                    ),
                )
    if (
        isinstance(clause, A.Claim)
        and clause.kind in ("taken", "dealt", "deals")
        and not s.stack
        and s.combat_step in order
        and order.index(s.combat_step) < order.index("damage")
        and order.index(s.combat_step) >= order.index("defend")
    ):
        link = s.active_link()
        # "P2 blk w/ Card C (3 dmg)": the damage said after the defence (declared) implies the passes too
        if (
            clause.kind == "deals"
            and link is not None
            and norm_name(_uncoloured_name(clause.subject)) != norm_name(_uncoloured_name(link.attack.name))
        ):
            link = None  # "Attack A deals 4" implies the passes only when A is the active attack
        if link is not None and link.damage is None and (clause.kind == "taken" or link.declared):
            _pass_to(
                s,
                ctx,
                "damage",
                say("line {number}: the passes to the Damage Step are implied.", number=ctx.entry.number),
            )
    elif isinstance(clause, A.Observe) and not s.stack and s.combat_step in order:
        # "no block; P2 20->16": a lower life total of the attack's target, said once the defence is
        # declared, is the damage the Damage Step deals (CR 7.5.2), so the passes to it are implied
        link = s.active_link()
        step = order.index(s.combat_step)
        if (
            link is not None
            and link.damage is None
            and (link.declared or _declared_on_line(ctx))
            and (
                (
                    clause.path == f"{link.target}.life"
                    and isinstance(clause.value, int)
                    and clause.value < (s.p(link.target).life or 0)
                )
                or (clause.path == "game.over" and clause.value is True)  # "took it all and that was game"
            )
            and order.index("defend") <= step < order.index("damage")
        ):
            _pass_to(
                s,
                ctx,
                "damage",
                say("line {number}: the passes to the Damage Step are implied.", number=ctx.entry.number),
            )


def _damage_trigger_resolution(s: GameState, source: str, ctx: Ctx) -> None:
    """ "the Runechant pings P2 for 1" while that token's trigger is the top layer: the line reports
    what the trigger did, so everyone passed and it resolved (CR 1.11.4a); the claim is checked then."""
    top = s.stack[-1] if s.stack else None
    want = norm_name(source)
    if top is None or top.kind != "triggered" or not want:
        return
    name = norm_name(top.name)
    if not (name == want or name.startswith(want + " ")):
        return
    if any(norm_name(link.attack.name) == want for link in s.chain):
        return  # "Attack S deals 3": the attack's own damage, not its hit trigger's
    _resolve_top(
        s,
        ctx,
        say(
            "line {number}: the passes that resolve {layer} are implied: the line reports its damage.",
            number=ctx.entry.number,
            layer=top.name,
        ),
    )


def _draw_trigger_resolution(s: GameState, player: str, ctx: Ctx) -> None:
    """ "4 damage, P1 draws" while the top layer is the player's computed trigger that draws (a hit
    trigger's "draw a card"): the line reports the trigger's outcome, so everyone passed and it
    resolved (CR 1.11.4a); the draw line is then read as telling it (``end_phase.draw_clause``)."""

    def draws(layer: Layer) -> bool:
        if layer.kind == "activated" and not layer.attack and not layer.cost_due:
            # "P1 Oscilio: discards X, draws 1": the player's own ability that draws, its cost paid
            return any(e.kind == "draw" for e in recognise(layer.effect or "")[0])
        return (
            layer.kind == "triggered"
            and layer.effect == "text"
            and any(t.startswith("draw:") for t in layer.targets)
        )

    mine = 0  # the player's own computed layers above the one that draws resolve first (CR 1.11.4a)
    for layer in reversed(s.stack):
        if layer.controller != player or draws(layer):
            break
        if layer.kind != "triggered" or layer.effect != "text":
            return
        mine += 1
    if mine >= len(s.stack) or s.stack[-1 - mine].controller != player or not draws(s.stack[-1 - mine]):
        return
    for _ in range(mine):
        _resolve_top(
            s,
            ctx,
            say(
                "line {number}: the passes that resolve {layer} are implied: the line reports the card it draws.",
                number=ctx.entry.number,
                layer=s.stack[-1].name,
            ),
        )
    top = s.stack[-1]
    _resolve_top(
        s,
        ctx,
        say(
            "line {number}: the passes that resolve {layer} are implied: the line reports the card it draws.",
            number=ctx.entry.number,
            layer=top.name,
        ),
    )


def _token_trigger_resolution(s: GameState, token: str, ctx: Ctx, count: int = 1) -> None:
    """ "P1 creates a Might token" (or the claim "P1 made a Might") while the top layer is a computed trigger that creates that token
    (Kayo's discard trigger, a hero's "create a Frostbite token"): the line reports the trigger's
    outcome, so everyone passed and it resolved (CR 1.11.4a); the token is then the trigger's, not
    made a second time (``zones.create_token``). With a note."""
    want = norm_name(token)
    for _ in range(max(1, count)):  # "Dromai makes 2 Ash" over two such triggers resolves both
        if not s.stack or s.stack[-1].kind != "triggered" or not s.stack[-1].effect:
            return
        top = s.stack[-1]
        if top.effect == "text":
            makes = [
                t.split(":", 2)[2] for t in top.targets if t.startswith("create_token") and t.count(":") >= 2
            ]
        else:  # a trigger whose effect is its sentence ("Create a Runechant token.": Viserai's)
            makes = [e.target for e in recognise(top.effect)[0] if e.kind == "create_token"]
        if not any(norm_name(m) == want or norm_name(m).startswith(want + " ") for m in makes):
            return
        _resolve_top(
            s,
            ctx,
            say(
                "line {number}: the passes that resolve {layer} are implied: the line reports the token it creates.",
                number=ctx.entry.number,
                layer=top.name,
            ),
        )


def _uncoloured_name(name: str) -> str:
    return re.sub(r"\s*\((?:red|yellow|blue)\)\s*$", "", name or "", flags=re.I)


def _attack_after_damage(s: GameState, clause: A.Play | A.Attack, ctx: Ctx) -> None:
    """ "P2 took 3. Then Rising Knee Thrust": the turn-player's next attack, played once the damage
    is dealt and the stack is empty, implies the passes that ended the Damage Step (CR 7.5.4): the
    Resolution Step is the one step where it can be played (CR 7.6.3a), and there the go again point
    (if any) is gained first (CR 7.6.2). Whether the player has the action point is then checked as
    usual. Only on the line that tells the damage or the next one; a non-attack card, or another
    player's play, is left to its own rule."""
    link = s.active_link()
    player = clause.player
    if (
        link is None
        or link.damage is None
        or s.stack
        or s.priority != s.turn_player
        or player != s.turn_player
    ):
        return
    said = any(
        isinstance(c, A.Claim) and c.kind == "step" and c.subject == "resolution" for c in ctx.entry.clauses
    )  # blind-26e: "P1 plays Attack B in the resolution step" says so itself
    told = any(e.kind == "damage" for e in ctx.prev_events + ctx.events) or (
        link.damage == 0
        and s.combat_step == "damage"  # "no block, 0": an attack that dealt nothing (no event)
    )
    if not said and not told:
        return  # only right after the damage was told: a log that walks the steps itself is read as written
    play = clause.play if isinstance(clause, A.Attack) else clause
    p = s.p(player)
    want = norm_name(play.card.name)
    bare = norm_name(_uncoloured_name(play.card.name))
    pool = list(p.hand) + list(p.arsenal) + list(p.banished) + list(p.weapons)
    card = next((c for c in pool if norm_name(c.name) == want), None) or next(
        (c for c in pool if norm_name(c.name) == bare), None
    )
    if card is None:
        named = arena_source(s, player, play.card.name)  # "the second Saber", "the Kunai"
        card = next((c for c in p.weapons if c.name == named), None) if named else None
    if card is None:
        return
    facts = card.facts
    weapon = card in p.weapons or facts.is_("weapon")
    if not weapon and not (facts.is_action and facts.is_("attack")):
        return
    all_pass_clause(s, A.AllPass("to", ("resolution",)), ctx)
    ctx.add(
        NOTE,
        say("line {number}: the passes to the Resolution Step are implied.", number=ctx.entry.number),
    )


def _reaction_after_declaring(s: GameState, clause: A.Play | A.Activate, ctx: Ctx) -> None:
    """ "P2 didn't block. P1 plays Reaction R on Attack A": a reaction played by the player it belongs
    to, once the defence is declared and nobody has acted in the Defend Step, implies the passes to
    the Reaction Step (CR 7.3.4, 7.4.2a, 7.4.2b), the one step where it could be played. A reaction
    played by the wrong player, or after something else happened in the Defend Step, is left to its
    own rule."""
    link = s.active_link()
    if link is None or not (link.declared or link.defending) or s.priority != s.turn_player or s.passes:
        return
    if any(
        isinstance(c, A.Claim) and c.kind == "step" and c.subject == "defend" for c in ctx.entry.clauses
    ) or any(isinstance(c, A.StepMarker) and c.step == "defend" for c in ctx.entry.clauses):
        return  # the line says the reaction was played in the Defend Step: its own rule decides
    if clause.player not in ("P1", "P2"):
        return  # "Kayo activates": the player is found from the hero's name later (activate_named)
    p = s.p(clause.player)
    if isinstance(clause, A.Activate):  # an equipment's "Attack Reaction - destroy this: ..." (CR 5.2)
        arena = [*p.weapons, *[c for c in p.equipment.values() if c is not None], *p.permanents]
        source = next((c for c in arena if norm_name(c.name) == norm_name(clause.source)), None)
        ab = activated_ability(source.facts) if source is not None else None
        if source is None and p.hero_card is not None and hero_named(p.hero, p.hero_card, clause.source):
            ab = activated_ability(p.hero_card)  # a hero's "Attack Reaction - ..." (Boltyn's, CR 5.2)
        kind = ab.type if ab is not None else ""
    else:
        zones = [clause.card.zone] if clause.card.zone in ("hand", "arsenal") else ["hand", "arsenal"]
        pool = [c for z in zones for c in (p.hand if z == "hand" else p.arsenal)]
        said = norm_name(clause.card.name)
        card = next((c for c in pool if norm_name(c.name) == said), None) or next(
            (c for c in pool if norm_name(c.name) == norm_name(_uncoloured_name(clause.card.name))), None
        )  # "Ironsong Response (red)": the colour names the pitch variant in hand
        if card is None:
            return
        kind = next((k for k in ("attack reaction", "defense reaction") if card.facts.is_(k)), "")
    mine = (kind == "attack reaction" and link.controller == clause.player) or (
        kind == "defense reaction" and link.target == clause.player
    )
    if not mine:
        return
    all_pass_clause(s, A.AllPass("to", ("reaction",)), ctx)
    ctx.add(NOTE, say("line {number}: the passes to the Reaction Step are implied.", number=ctx.entry.number))


def _declared_on_line(ctx: Ctx) -> bool:
    """Whether the line being read declared the defence ("no block", "P2 blocks with ...")."""
    return any(
        isinstance(c, A.Defend) or (isinstance(c, A.Claim) and c.kind == "no_defenders")
        for c in ctx.entry.clauses
    )


def _parts(text: str) -> list[str]:
    """A line's actions: split at the semicolons outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == ";" and depth <= 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + [cur]


def after_unread(entry: A.Entry, done: int) -> str:
    """The first part of the line that was not read, when clause ``done`` certainly comes after it
    (each action after the unread part gives at least one clause), else "". A reversed or unreadable
    part never cascades into violations of the actions that follow it on the same line."""
    if not entry.unparsed:
        return ""
    first = entry.unparsed[0]
    parts = _parts(entry.text)
    at = next((i for i, part in enumerate(parts) if first.strip() and first.strip() in part), None)
    if at is None:
        return ""
    after = len(parts) - at - 1
    return first if done >= len(entry.clauses) - after else ""


def _clause_card(clause: A.Action) -> str:
    """The card a clause plays, activates or attacks with ("" for any other clause)."""
    if isinstance(clause, A.Attack):
        clause = clause.play
    if isinstance(clause, A.Play):
        return clause.card.name
    if isinstance(clause, A.Activate):
        return clause.source
    return ""


def doubts(state: GameState, entry: A.Entry, failed: A.Action | None, knock: bool = False) -> list[Event]:
    """What a later line may lack because of this one: a `doubt` event for a part not read ("unread")
    and for a reversed or unapplied clause, its subject the card it played; its player field says
    whether that was an attack ("attack": an attack card, a weapon's or permanent's attack), another
    clause ("other"), or itself a knock-on of an earlier doubt ("knock")."""
    out = [Event("doubt", "unread", "", entry.number) for _ in entry.unparsed[:1]]
    if failed is not None:
        name = _clause_card(failed)
        attack = isinstance(failed, (A.Attack, A.Activate))
        if isinstance(failed, A.Play):
            p = state.p(failed.player)
            attack = any(
                norm_name(c.name) == norm_name(name) and (c.facts.is_attack_action or c.facts.is_("attack"))
                for c in list(p.hand) + list(p.arsenal)
            )
        out.append(Event("doubt", "knock" if knock else "attack" if attack else "other", name, entry.number))
    return out


_COMBAT_KEYS = frozenset({"defend_step", "attack_reaction", "defense_reaction"})


def knock_on(s: GameState, clause: A.Action, key: str, ctx: Ctx) -> Event | None:
    """The earlier line of this turn (reversed, not applied or not read) that may be why ``clause``
    is illegal, so that it is reported as an ambiguity rather than a violation (a reversed or
    unreadable line never cascades). Two cases: the clause names the card a reversed line played
    ("P1 plays AR R targeting Attack B" after Attack B's play was reversed), or it needs a combat
    chain (declaring defenders, an attack or defense reaction) while none is open and no attack is
    on the stack, after a line that was reversed or not read."""
    seen = [e for e in ctx.history + ctx.prev_events if e.kind == "doubt" and e.player != "knock"]
    if not seen:
        return None
    named = {norm_name(x) for x in _clause_names(clause)}
    for e in reversed(seen):
        if e.subject and norm_name(e.subject) in named:
            return e
    seen = [e for e in seen if e.player in ("attack", "unread")]
    if not seen or s.combat_step or any(layer.attack for layer in s.stack):
        return None
    reaction = False
    if isinstance(clause, A.Play):
        cards = [c for c in s.p(clause.player).hand if norm_name(c.name) == norm_name(clause.card.name)]
        reaction = any(c.facts.is_("attack reaction") or c.facts.is_("defense reaction") for c in cards)
    if key in _COMBAT_KEYS or isinstance(clause, A.Defend) or (key == "priority" and reaction):
        return seen[-1]
    return None


def _clause_names(clause: A.Action) -> list[str]:
    if isinstance(clause, A.Attack):
        clause = clause.play
    if isinstance(clause, A.Play):
        return [clause.card.name, *clause.targets]
    return []


class Engine:
    """Replays entries with a card lookup and a rules version ("2.13.0" or "older")."""

    def __init__(self, lookup: CardLookup, version: str = "2.13.0") -> None:
        self.lookup = lookup
        self.version = version
        self._warned: set[str] = set()

    def context(self, entry: A.Entry, prev_events: list[Event], history: list[Event] | None = None) -> Ctx:
        """The context one line is applied in (unknown card names are reported once per engine)."""
        return Ctx(entry, self.version, prev_events, history, lookup=self.lookup, warned=self._warned)

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
        ctx = self.context(entry, prev_events or [], history)
        for text in entry.unparsed:
            near = entry.suggestions.get(text) or []
            ctx.add(
                UNREADABLE,
                say(
                    "line {number}: could not read {text}; it was skipped (the rest of the line applies). Nearest "
                    "readings: {readings}",
                    number=entry.number,
                    text=repr(text),
                    readings="; ".join(repr(x) for x in near),
                )
                if near
                else say(
                    "line {number}: could not read {text}; it was skipped (the rest of the line applies)",
                    number=entry.number,
                    text=repr(text),
                ),
                suggestions=near,
            )
        for text in entry.unchecked:
            ctx.add(
                UNREADABLE,
                say(
                    "line {number}: the claim {text} could not be read, so it was not checked (the action applies)",
                    number=entry.number,
                    text=repr(text),
                ),
                claim=text,
            )
        ctx.before = state
        s = state.clone()
        if entry.number == 1:
            static_text_notes(s, ctx)  # nothing silent: abilities the engine does not apply
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
                redo = self.context(entry, prev_events or [])
                kept_state = state.clone()
                try:
                    for clause in entry.clauses[:done]:
                        self.apply_clause(kept_state, clause, redo)
                    kept = list(redo.findings)
                    events = redo.events
                except (Illegal, CannotApply):
                    kept_state = state
            # what the reversed part showed still counts as seen in a backup report (PPG 1.3)
            events = events + shown_by_attempt(
                kept_state, s, ctx.events[len(events) :] if done else ctx.events
            )
            what: Phrase = (
                say("The line is reversed")
                if not done
                else say(
                    "This part of the line (clause {clause}) and the rest of the line are reversed",
                    clause=done + 1,
                )
            )
            unread = after_unread(entry, done)
            failed = entry.clauses[done] if done < len(entry.clauses) else None
            earlier = knock_on(state, failed, exc.key, ctx) if failed is not None and not unread else None
            if earlier is not None:
                what = say(
                    "{what}; it may be illegal only because line {line} was reversed or not read{where}, so it is "
                    "reported for the judge rather than as a violation",
                    what=what,
                    line=earlier.amount,
                    where=say(" ({card} is not where the line expects it)", card=earlier.subject)
                    if earlier.subject
                    else "",
                )
            if unread:
                # not a cascade: the clause may be illegal only because of the part not read
                what = say(
                    "{what}; it comes after the part of this line that was not read ({unread}), which may be why, "
                    "so it is reported for the judge rather than as a violation",
                    what=what,
                    unread=repr(unread),
                )
            kept.append(
                Finding(
                    kind=AMBIGUITY if unread or earlier is not None else VIOLATION,
                    message=say(
                        "line {line}: {illegal} {what} (CR 1.10.3).",
                        line=entry.number,
                        illegal=exc.phrase,
                        what=what,
                    ),
                    rules=rules_shown,
                    action=entry.number,
                    line=entry.text,
                    version=self.version,
                )
            )
            events = events + doubts(state, entry, failed, knock=earlier is not None)
            return StepResult(state=self.settle(kept_state, ctx), findings=kept, events=events, reversed=True)
        except CannotApply as exc:
            kept = [f for f in ctx.findings if f.kind in (UNREADABLE, UNKNOWN_CARD, AMBIGUITY)]
            kept.append(
                Finding(
                    kind=CANNOT_APPLY,
                    message=say(
                        "line {line}: {message}; the line was not applied.",
                        line=entry.number,
                        message=exc.phrase,
                    ),
                    action=entry.number,
                    line=entry.text,
                    version=self.version,
                )
            )
            return StepResult(
                state=self.settle(state, ctx),
                findings=kept,
                events=shown_by_attempt(state, s, ctx.events) + doubts(state, entry, entry.clauses[done]),
                reversed=True,
            )
        except Exception as exc:  # never a traceback for the judge
            kept = [f for f in ctx.findings if f.kind in (UNREADABLE, UNKNOWN_CARD, AMBIGUITY)]
            kept.append(
                Finding(
                    kind=CANNOT_APPLY,
                    message=say(
                        "line {number}: the engine could not apply this line ({error}).",
                        number=entry.number,
                        error=f"{type(exc).__name__}: {exc}",
                    ),
                    action=entry.number,
                    line=entry.text,
                    version=self.version,
                )
            )
            return StepResult(state=state, findings=kept, events=[], reversed=True)
        return StepResult(
            state=self.settle(s, ctx), findings=ctx.findings, events=ctx.events + doubts(state, entry, None)
        )

    def settle(self, state: GameState, ctx: Ctx) -> GameState:
        """What the game does by itself once a line is done: a Close Step in progress (a start
        position, or a line reversed in it) completes, since no player gets priority in it and its
        layers resolve as if all players passed (CR 7.7.1, 7.7.4). Returns a copy when it changes."""
        if state.combat_step != "close" or not state.chain or state.game_over or state.pending is not None:
            return state
        s = state.clone()
        close_chain(s, ctx)
        return s

    # ------------------------------------------------------------------------------------------
    # dispatch
    # ------------------------------------------------------------------------------------------
    def apply_clause(self, s: GameState, clause: A.Action, ctx: Ctx) -> None:
        """Apply one clause. A damage event waiting for the defender's choices is completed first,
        unless the clause is one of those choices or only names where the game is."""
        waits = (
            isinstance(clause, _WAITS)
            or (isinstance(clause, A.PhaseMarker) and clause.phase == s.phase)
            or (isinstance(clause, A.AllPass) and clause.mode == "if_top")  # only a remark then
            or (isinstance(clause, A.Activate) and _prevention_of(s, clause) is not None)
        )
        if s.pending is not None and not waits:
            finish_pending(s, ctx)
        implied_passes(s, clause, ctx)
        if isinstance(clause, A.Banish) and not clause.player:
            clause = A.Banish(holder(s, clause.card.name), clause.card, clause.face, clause.intimidate)
        if isinstance(clause, A.ApplyPrevention) and not clause.keyword:
            clause = prevention_keyword(s, clause)
        if (
            isinstance(clause, A.Defend)
            and not clause.cards
            and s.combat_step in ("reaction", "damage", "resolution")
            and (link := s.active_link()) is not None
            and (link.declared or link.defending)
        ):
            # "P2 let it through" / "P2 didn't block" said after the Defend Step: not a declaration
            # (CR 7.3.2, made once), a claim that none was declared, checked against the chain link
            clause = A.Claim("no_defenders")
        implied_choice_resolution(s, clause, ctx)
        offers = choices.open_offers(s)
        self.clause(s, clause, ctx)
        settle_choices(s, clause, offers, ctx)

    def clause(self, s: GameState, c: A.Action, ctx: Ctx) -> None:
        """Claims, observations and judge lines apply even after the game is over; every other
        clause needs a game in progress and begins the action phase if the start phase is over."""
        if isinstance(c, (A.Observe,)):
            observe(s, c, ctx)
            return
        if isinstance(c, A.Noop) and c.text.startswith("responds:"):
            responder = c.text.partition(":")[2]
            holder_ = other(responder)
            if s.stack and s.priority == holder_ and not s.game_over:
                # CR 1.11.4a: a response comes after the player holding priority passed it
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {holder}'s pass is implied by '{responder} responds'.",
                        number=ctx.entry.number,
                        holder=holder_,
                        responder=responder,
                    ),
                )
                HANDLERS[A.Pass](s, A.Pass(holder_), ctx)
            return
        if isinstance(c, A.Noop) and c.text.startswith("offturn:"):
            holder_ = c.text.partition(":")[2]
            if (
                s.phase == "action"
                and not s.stack
                and s.turn_player == holder_
                and s.priority == holder_
                and not s.passes
                and not s.game_over
            ):
                # "During P2's turn P1 activates X": the other player acts on the turn-player's pass
                # (CR 1.11.4a), the one pass the judge leaves out
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {holder}'s pass is implied by '{responder} acts during {holder}'s turn'.",
                        number=ctx.entry.number,
                        holder=holder_,
                        responder=other(holder_),
                    ),
                )
                HANDLERS[A.Pass](s, A.Pass(holder_), ctx)
            return
        if isinstance(c, A.Noop):
            noop(s, c, ctx)
            return
        if isinstance(c, A.Adjust):
            adjust(s, c, ctx)
            return
        if isinstance(c, A.Claim):
            claim(s, c, ctx)
            return
        if isinstance(c, A.Rewind):
            return
        if isinstance(c, A.DeckCheck):
            deck_check(s, c, ctx)
            return
        if s.game_over:
            if isinstance(c, (A.StepMarker, A.AllPass, A.Pass, A.PhaseMarker, A.Reveal, A.Trigger, A.Noop)):
                return  # passes, markers, a trigger named or a choice declined: narration (CR 4.5.1)
            if isinstance(c, A.Outcome) and ctx.before is not None and not ctx.before.game_over:
                # "all pass, the trigger resolves, P2 loses 1 life": the outcome that ended the game on
                # this very line, said after it happened (a narration, CR 4.5.1), not a new action
                return
            raise Illegal("game_over", say("The game is already over; no further actions are possible."))
        if s.phase == "start" and not isinstance(c, (A.PhaseMarker, A.Trigger, A.CreateToken, A.Reveal)):
            if isinstance(c, (A.Play, A.Activate)) and any(
                isinstance(x, A.Claim) and x.kind == "phase" and x.subject == "start"
                for x in ctx.entry.clauses
            ):
                # "P1 plays Instant I during the Start Phase": the line says the phase, so the Start
                # Phase is not taken as over; nobody has priority there (CR 4.2.1)
                raise Illegal(
                    "no_priority_start",
                    say(
                        "{player} cannot play or activate in the Start Phase: no player has priority.",
                        player=c.player,
                    ),
                )
            begin_action_phase(s, ctx)
        handler = HANDLERS.get(type(c))
        if handler is None:
            raise CannotApply(say("no handler for {name}", name=type(c).__name__))
        handler(s, c, ctx)

    def end_of_log(self, state: GameState, number: int) -> GameState:
        """The state at the end of a log: a damage event still waiting for optional prevention is
        completed without those choices, on a copy (``number`` is the line number findings get)."""
        final = state.clone()
        finish_pending(final, self.context(A.Entry(number, "(end of log)"), []))
        return final
