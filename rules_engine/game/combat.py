"""The combat steps (CR 7): from the Layer Step to the Close Step.

When all players pass with an empty stack in combat, the step ends and the next begins: Attack,
Defend, Reaction, Damage, Resolution and (in the older edition) Link, then Close. The Damage Step
deals the attack's power minus the total defense (CR 7.5.2); go again gives its action point at the
start of the Resolution Step (in the older edition at the Link Step). Closing the chain (CR 7.7)
sends attacks and reactions to the graveyard, resolves the layers left on the stack, applies blade
break, battleworn, temper and guardwell to the equipment that defended and returns permanents.
"""

from __future__ import annotations

import re

from rules_engine.wording import say

from . import conditions
from .context import Ctx, Event, give_priority
from .damage import deal_damage
from .defending import mark_declared, recheck_grants
from .effects import CLOSE_NO_HIT_TOKEN, plain, self_named, split_sentences
from .layers import resolve_top
from .rules import NOTE
from .state import Card, ChainLink, GameState, Layer
from .values import defended_go_again, defense_of, link_power
from .zones import destroy_permanent, make_token, to_graveyard


def advance_combat(s: GameState, ctx: Ctx) -> None:
    """End the current combat step with an empty stack and begin the next (CR 7.1.3-7.7.2a)."""
    step = s.combat_step
    if step == "layer":
        begin_step(s, "close", ctx)
    elif step == "attack":
        begin_step(s, "defend", ctx)
    elif step == "defend":
        mark_declared(s)
        begin_step(s, "reaction", ctx)
    elif step == "reaction":
        begin_step(s, "damage", ctx)
    elif step == "damage":
        begin_step(s, "resolution", ctx)
    elif step == "resolution":
        begin_step(s, "link" if ctx.version == "older" else "close", ctx)
    elif step == "link":
        begin_step(s, "close", ctx)
    else:
        begin_step(s, "close", ctx)


def begin_step(s: GameState, step: str, ctx: Ctx) -> None:
    """The combat step begins: the Damage Step deals damage, the Resolution (or older Link) Step
    gives go again's action point, the Close Step closes the chain; priority goes to the turn-player
    (not in the older edition's Damage Step, CR 7.5.1 of that edition)."""
    s.combat_step = step
    s.passes = 0
    link = s.chain[-1] if s.chain else None
    if step == "defend":
        if link is not None:
            link.declared = False
        give_priority(s)
    elif step == "reaction":
        give_priority(s)
        s.fresh = True
    elif step == "damage":
        damage_step(s, ctx)
        if s.game_over:
            return
        if ctx.version == "older":
            # older CR 7.5.1/7.5.2: no priority in the Damage Step; it ends once damage is dealt
            if s.pending is None:
                begin_step(s, "resolution", ctx)
            else:
                s.priority = None
        else:
            give_priority(s)  # CR 7.5.3
    elif step == "resolution":
        if link is not None:
            link.resolved = True
            if ctx.version != "older":
                go_again(s, link, ctx)
        give_priority(s)
    elif step == "link":
        if link is not None:
            go_again(s, link, ctx)
        give_priority(s)
    elif step == "close":
        close_chain(s, ctx)
    else:
        give_priority(s)


def go_again(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """CR 8.3.5b / 7.6.2 (older 7.7.2): an attack with go again gives its controller 1 action point."""
    recheck_grants(s, link, ctx)
    if link.go_again or link.attack.facts.has("go again") or defended_go_again(link):
        s.p(link.controller).action_points += 1
        ctx.events.append(Event("gain_ap", link.controller, link.attack.name, 1))
        said = ctx.entry.text
        if (
            ctx.version != "older"
            and re.search(r"\bthrough\b[^;]*\bdamage\b", said, re.I)
            and not re.search(r"\bresolution\b|\bres\b", said[said.casefold().rfind("through") :], re.I)
        ):
            # the line stopped "through ... Damage": the judge may not expect the Resolution Step's
            # action point yet (shared scenario def-15; docs/reconstruction.md)
            ctx.add(
                NOTE,
                say(
                    "line {number}: passing through the Damage Step ends it and begins the Resolution Step (CR 7.5.4), where {attack}'s go again gives {controller} 1 action point (CR 7.6.2): {controller} has {action_points} after this line.",
                    number=ctx.entry.number,
                    attack=link.attack.name,
                    controller=link.controller,
                    action_points=s.p(link.controller).action_points,
                ),
            )


def damage_step(s: GameState, ctx: Ctx) -> None:
    """CR 7.5.2: damage is the attack's power minus the total defense of the defending cards."""
    link = s.active_link()
    if link is None:
        return
    recheck_grants(s, link, ctx)
    power = link_power(link)
    defense = sum(max(0, defense_of(s, c)) for c in link.defending)
    link.total_defense = defense
    amount = max(0, power - defense)
    link.damage = 0
    if amount > 0:
        deal_damage(
            s,
            link.target,
            amount,
            link.attack.name,
            ctx,
            arcane=False,
            hit_link=link.number,
            controller=link.controller,
        )


def close_chain(s: GameState, ctx: Ctx) -> None:
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
            to_graveyard(s, layer.card)
        else:
            keep.append(layer)
    s.stack = keep
    while s.stack:
        if resolve_top(s, ctx, give=False):
            close_chain(s, ctx)
    for link in s.chain:
        for sentence in split_sentences(self_named(plain(link.attack.facts.text), link.attack.facts.name)):
            m = CLOSE_NO_HIT_TOKEN.match(sentence.casefold())
            if m and not link.hit:  # "if this didn't hit": a token for the defending hero or its controller
                owner = link.target if m.group(1) == "the defending hero" else link.controller
                make_token(s, owner, m.group(2).title(), ctx)
                ctx.events.append(Event("trigger", link.controller, f"{link.attack.name} close trigger"))
        if not link.proxy and not link.gone:
            # a weapon's attack-proxy ceases to exist (the weapon never left its zone); an attack card
            # a hit trigger moved (to the soul, the deck, the hand) is no longer on the chain
            to_graveyard(s, link.attack, from_arena=True)
        for card in link.defending:
            after_defending(s, card, ctx)
    for e in [e for e in s.effects if e.kind == "destroy_at_close"]:
        # "{r}, destroy this when the combat chain closes" (Kunai of Retribution): the cost's delayed part
        weapon = next((c for c in s.p(e.player).weapons if c.id == e.card_id), None)
        if weapon is not None:
            destroy_permanent(s, weapon)
            ctx.events.append(Event("destroy", e.player, weapon.name))
    s.chain = []
    s.combat_step = ""
    s.effects = [e for e in s.effects if e.duration not in ("chain", "link", "close")]
    give_priority(s)


def after_defending(s: GameState, card: Card, ctx: Ctx) -> None:
    """A defending card as the chain closes: equipment and weapons lose defense or are destroyed by
    their keyword (blade break CR 8.3.3, battleworn 8.3.2, temper 8.3.10, guardwell 8.3.34) and return to
    their slot; any other card goes to the graveyard."""
    f = card.facts
    fates = [x for x in ("banish", "destroy", "blade_break") if card.counters.pop(f"{x}_close_effect", 0)]
    if "banish" in fates:  # "banish it when the combat chain closes" (Depths of Despair)
        card.origin = ""
        s.p(card.owner).banished.append(card)
        conditions.record_banished(s, card.owner, card)
        ctx.events.append(Event("move", card.owner, f"{card.name}: banished"))
        return
    if "destroy" in fates:  # Ironhide's "When the combat chain closes, destroy this" (CR 7.7)
        ctx.events.append(Event("destroy", card.owner, card.name))
        to_graveyard(s, card)
        return
    permanent = f.is_equipment or f.is_weapon or card.origin.startswith("equipment")
    if permanent:
        destroyed = False
        for kw in ("blade break", "battleworn", "temper", "guardwell"):
            if f.has(kw):  # the close trigger a line may name ("the temper trigger resolves")
                ctx.events.append(Event("trigger", card.owner, f"{card.name} {kw}"))
                break
        if f.has("blade break") or "blade_break" in fates:
            destroyed = True
            ctx.events.append(Event("destroy", card.owner, card.name))
        elif f.has("battleworn"):
            card.add_counters("defense", -1)
        elif f.has("temper"):
            card.add_counters("defense", -1)
            if (card.defense or 0) <= 0:
                destroyed = True
        elif f.has("guardwell"):
            card.add_counters("defense", -(card.defense or 0))
        if destroyed:
            to_graveyard(s, card, from_arena=True)
            return
        slot = card.origin.split(":", 1)[1] if card.origin.startswith("equipment:") else (f.slot or "")
        if slot:
            s.p(card.owner).equipment[slot] = card
        else:
            s.p(card.owner).permanents.append(card)
        return
    to_graveyard(s, card, from_arena=True)  # cleared from the combat chain (CR 7.7.6, 3.0.12)
