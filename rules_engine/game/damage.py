"""Damage and prevention (CR 6.4, 8.3.8, 8.3.15, 8.3.19, 8.3.20).

Damage is dealt through one path: fixed prevention shields first (CR 6.4.10), then ward and arcane
shelter, then the optional prevention the defending player chooses (arcane barrier, spellvoid, quell),
for which the damage event waits (``GameState.pending``) until the next line applies or declines it.
Dealing the damage lowers life, marks the hit of a chain link (CR 7.5.5) and puts its hit and crush
triggers on the stack, then checks the end of the game. An "unless you pay" damage (Bloodrot Pox)
waits the same way for its payment.
"""

from __future__ import annotations

import re

from rules_engine.wording import say

from . import actions as A
from . import conditions
from .cards import norm_name
from .choices import claim
from .context import Ctx, Event, check_game_over
from .costs import pay_resources
from .effects import self_prevention, weapon_turn_text
from .heroes import granted_hit_banish, pay_offer_effect, take_pay_offer
from .heroes_more import unpreventable
from .rules import Illegal, cite
from .state import Card, ChainLink, Effect, GameState, Layer, PendingDamage
from .triggers import crush, damage_triggers, hit_triggers, next_hit_triggers, order_pending
from .zones import banish_permanent, destroy_permanent, take


def deal_damage(
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
    """Deal damage to a hero (CR 6.4): fixed prevention first (CR 6.4.10), then ward and arcane
    shelter; if optional prevention could apply, the event waits in ``s.pending`` for the defender's
    choice, otherwise it is dealt now. ``hit_link`` makes it a chain link's combat damage."""
    p = s.p(target)
    if arcane and controller and amount > 0:
        # "the next card you play with an arcane damage effect deals that much plus N" (CR 6.4.3): this card's
        for eff in [e for e in s.effects if e.kind == "arcane_plus_card" and e.player == controller]:
            if norm_name(eff.text) == norm_name(source):
                amount += eff.amount
                s.effects.remove(eff)
    if arcane and controller and amount > 0:
        # amp (CR 8.5.47): the next arcane damage an event of the controller deals this turn is more
        for eff in [e for e in s.effects if e.kind == "amp" and e.player == controller]:
            amount += eff.amount
            s.effects.remove(eff)
    # fixed prevention shields first (CR 6.4.10), then ward / arcane shelter / Zen State. Damage an effect
    # made unpreventable (Vynnset's next Runechant): each prevention effect still applies (a fixed one is
    # used, a ward destroyed) but reduces nothing, and a shield keeps its amount (CR 6.4.10h)
    sure = amount > 0 and unpreventable(s, source, controller)
    dealt = amount
    fixed_used: set[str] = set()
    for eff in list(s.effects):
        if amount <= 0:
            break
        if sure and eff.kind in ("prevent_next", "prevent_next_arcane"):
            continue
        if eff.player != target or eff.amount <= 0:
            continue
        if eff.kind == "prevent_next" or (eff.kind == "prevent_next_arcane" and arcane):
            used = min(eff.amount, amount)
            amount -= used
            eff.amount -= used
            eff.text = ""
            if eff.amount <= 0:
                s.effects.remove(eff)
        elif eff.kind == "prevent_fixed" and eff.source not in fixed_used:
            amount -= min(eff.amount, amount)  # one event only (CR 6.4.10)
            s.effects.remove(eff)
            fixed_used.add(eff.source)  # each of one card's "next 3 times" shields is a later event's
        elif eff.kind == "prevent_physical" and hit_link and eff.source not in fixed_used:
            amount -= min(eff.amount, amount)  # physical damage: the Damage Step's (CR 8.5.3b, 8.5.3f)
            s.effects.remove(eff)
            fixed_used.add(eff.source)
        elif (
            eff.kind == "prevent_class" and eff.source not in fixed_used and _source_is(ctx, source, eff.text)
        ):
            amount -= min(eff.amount, amount)  # "the next time a Shadow source would deal damage"
            s.effects.remove(eff)
            fixed_used.add(eff.source)
        elif eff.kind == "prevent_small" and amount <= eff.amount:
            amount = 0  # "the next time you would be dealt N or less damage, prevent it" (CR 6.4.10)
            s.effects.remove(eff)
    for card in list(p.permanents) + [c for c in p.equipment.values() if c is not None]:
        if amount <= 0:
            break
        ward = card.facts.keyword("ward")
        shelter = card.facts.keyword("arcane shelter") if arcane else None
        n = ward or shelter
        if n:
            amount -= min(n, amount)
            destroy_permanent(s, card)
            ctx.events.append(Event("prevent", target, card.name, n))
        elif "prevent1" == card.facts.text and amount > 0:
            amount -= 1
    pending = PendingDamage(target, amount, source, arcane, hit_link, controller)
    if sure:
        amount = dealt
    if amount > 0 and not sure and optional_prevention(s, target, arcane):
        s.pending = pending
        return
    finish_damage(s, pending, ctx, check=check)


def _source_is(ctx: Ctx, source: str, word: str) -> bool:
    """Whether the damage's source (a card's name, or its trigger's "X attack trigger") has that class or
    talent (CR 1.3.2)."""
    name = re.sub(r" (?:attack|hit|defend|ability|trigger)(?: trigger)?$", "", source)
    facts = ctx.lookup.get(name)
    return facts is not None and word in {c.casefold() for c in facts.classes}


def optional_prevention(s: GameState, target: str, arcane: bool) -> list[Card]:
    """The target's unused sources of optional prevention: arcane barrier and spellvoid against
    arcane damage, quell against any."""
    p = s.p(target)
    out = []
    for card in [c for c in p.equipment.values() if c is not None] + list(p.permanents):
        f = card.facts
        if arcane and (f.keyword("arcane barrier") or f.keyword("spellvoid")):
            out.append(card)
        elif f.keyword("quell") or self_prevention(f) is not None:
            out.append(card)  # quell, or "you may banish this to prevent 2 of that damage"
    return out


def finish_pending(s: GameState, ctx: Ctx) -> None:
    """A waiting damage event is dealt with the prevention chosen so far."""
    pending = s.pending
    s.pending = None
    if pending is not None:
        finish_damage(s, pending, ctx)


def finish_damage(s: GameState, d: PendingDamage, ctx: Ctx, check: bool = True) -> None:
    """Life goes down (not below 0, CR 2.5.3e); arcane damage is recorded for "if you've dealt
    arcane damage"; combat damage marks the hit and puts hit and crush triggers on the stack."""
    p = s.p(d.target)
    amount = max(0, d.amount)
    if p.life is not None:
        p.life = max(0, p.life - amount)  # CR 2.5.3e
    ctx.events.append(Event("damage", d.target, d.source, amount))
    if amount > 0:
        conditions.record(s, d.target, "damaged")  # "if you've been dealt damage this turn"
        if d.source_controller and d.source_controller != d.target:
            conditions.record(s, d.source_controller, "dealt")  # "if you've dealt damage this turn"
        if d.arcane:
            conditions.record(s, d.target, "arcane_damaged")  # "if you've been dealt arcane damage"
    if d.arcane and amount > 0 and d.source_controller and d.source_controller not in s.arcane_dealt:
        s.arcane_dealt.append(d.source_controller)
    # CR 1.10.2a before 1.10.2d: a hero at 0 life loses before triggered layers are added, so
    # lethal damage puts no trigger on the stack (the game is over, CR 4.5.1)
    dead = p.life is not None and p.life <= 0
    start = len(s.stack)
    if d.hit_link:
        link = next((lk for lk in s.chain if lk.number == d.hit_link), None)
        if link is not None:
            link.damage = amount
            if amount > 0:
                link.hit = True  # CR 7.5.5
                if link.proxy or link.source_zone == "weapon":
                    weapon_hit(s, link, ctx)
                marked = d.target in s.marked and link.controller != d.target
                if marked:
                    s.marked.remove(d.target)  # CR 9.3.3: part of the hit event, before hit triggers
                ctx.events.append(Event("hit", link.controller, link.attack.name, amount))
                if not dead:
                    hit_triggers(s, link, amount, ctx, marked=marked)
                    next_hit_triggers(s, link, ctx)  # "The next time an attack action card hits" (CR 6.6)
                    if not link.no_hit_triggers:
                        granted_hit_banish(s, link, ctx)  # the Agents' granted hit abilities (Funnel Web)
            if amount >= 4 and not dead:
                crush(s, link, ctx)
    if amount > 0 and not dead:
        damage_triggers(s, d.target, ctx)
    order_pending(s, start)
    if check:
        check_game_over(s, ctx)


def apply_prevention(s: GameState, c: A.ApplyPrevention, ctx: Ctx) -> None:
    """Optional prevention on the damage being dealt now: arcane barrier pays N (CR 8.3.8),
    spellvoid destroys its source (CR 8.3.15), quell pays N (CR 8.3.19)."""
    d = s.pending
    kw = c.keyword.casefold()
    if kw == "self":
        self_prevent(s, c, ctx)
        return
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
            say(
                "{player} applied {keyword} with no damage being dealt to their hero (the combat damage of this "
                "Damage Step is not arcane damage).",
                player=c.player,
                keyword=c.keyword,
            )
            if combat
            else say(
                "{player} applied {keyword} with no damage being dealt to their hero.",
                player=c.player,
                keyword=c.keyword,
            ),
            tuple(cite(ctx.version, "damage_type")) if combat else (),
        )
    if kw in ("arcane barrier", "spellvoid") and not d.arcane:
        raise Illegal(
            key,
            say("{keyword} only prevents arcane damage.", keyword=c.keyword),
            tuple(cite(ctx.version, "damage_type")),
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
            key,
            say(
                "{player} controls no unused {keyword}{value}.",
                player=c.player,
                keyword=c.keyword,
                value=" on " + c.source if c.source else "",
            ),
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
            pay_resources(s, c.player, cost, c.pitches, ctx)
        except Illegal as exc:
            raise Illegal(
                exc.key,
                say("{keyword}: {message}", keyword=c.keyword, message=exc.phrase),
                tuple(cite(ctx.version, key)) + exc.extra,
            ) from None
    if kw == "spellvoid":
        amount = n
        destroy_permanent(s, source)
    if kw == "quell":
        s.effects.append(Effect("quell_destroy", c.player, 0, "end", source.name, source.id))
    d.used.append(source.id)
    d.amount = max(0, d.amount - amount)
    ctx.events.append(Event("prevent", c.player, source.name, amount))
    if not optional_prevention_left(s, d) or d.amount == 0:
        finish_pending(s, ctx)


def self_prevent(s: GameState, c: A.ApplyPrevention, ctx: Ctx) -> None:
    """ "If your hero would be dealt damage, you may banish this to prevent 2 of that damage" (Cloak of
    Darkness): an optional replacement of the damage event now waiting (CR 6.4.2, 6.4.10); its cost is
    the card itself, banished or destroyed (CR 1.14.4)."""
    d = s.pending
    p = s.p(c.player)
    source = next(
        (
            card
            for card in [x for x in p.equipment.values() if x is not None] + list(p.permanents)
            if norm_name(card.name) == norm_name(c.source) and self_prevention(card.facts) is not None
        ),
        None,
    )
    if d is None or d.target != c.player or source is None:
        raise Illegal(
            "prevention",
            say(
                "{player} applied {keyword} with no damage being dealt to their hero.",
                player=c.player,
                keyword=c.source,
            ),
        )
    verb, n = self_prevention(source.facts) or ("banish", 0)
    if verb == "banish":
        banish_permanent(s, source)
    else:
        destroy_permanent(s, source)
    d.used.append(source.id)
    d.amount = max(0, d.amount - n)
    ctx.events.append(Event("prevent", c.player, source.name, n))
    if not optional_prevention_left(s, d) or d.amount == 0:
        finish_pending(s, ctx)


def optional_prevention_left(s: GameState, d: PendingDamage) -> bool:
    """Whether any optional prevention source has not been used on this event."""
    return any(card.id not in d.used for card in optional_prevention(s, d.target, d.arcane))


def decline_prevention(s: GameState, c: A.DeclinePrevention, ctx: Ctx) -> None:
    """The defender declines optional prevention: the damage is dealt."""
    if s.pending is not None:
        finish_pending(s, ctx)


def pitch_alone(s: GameState, c: A.Pitch, ctx: Ctx) -> None:
    """CR 1.14.3b: a card may only be pitched to pay an asset-cost being paid."""
    d = s.pending
    if d is not None and d.target == c.player and optional_prevention(s, c.player, d.arcane):
        card, _ = take(s, c.player, c.card, ("hand",), ctx)
        if card.pitch is None:
            raise Illegal("pitch_no_property", say("{card} has no pitch property.", card=card.name))
        s.p(c.player).pitch_zone.append(card)
        s.p(c.player).resource_points += card.pitch
        return
    raise Illegal(
        "pitch_no_cost",
        say("{player} pitched {card} with no asset-cost being paid.", player=c.player, card=c.card.name),
    )


def weapon_hit(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """A weapon's attack hit: the turn's fact "a weapon you control has hit" and this weapon's hits
    (``conditions``); Dawnblade's second hit this turn puts its trigger on the stack, a +1{p} counter
    on the weapon as it resolves (CR 6.6, 7.5.5)."""
    name = norm_name(link.proxy or link.attack.name)
    conditions.record(s, link.controller, "weapon_hit")
    conditions.record(s, link.controller, f"weapon_hit_by {name}")
    weapon = next((w for w in s.p(link.controller).weapons if norm_name(w.name) == name), None)
    if weapon is None or not weapon_turn_text(weapon.facts)[1]:
        return
    if s.turn_log.count(f"{link.controller} weapon_hit_by {name}") == 2:
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{weapon.name} hit trigger",
            controller=link.controller,
            effect="text",
            targets=["weapon_counter:1:"],
            source_id=weapon.id,
        )
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, layer.name))


def pay(s: GameState, c: A.Pay, ctx: Ctx) -> None:
    """Pay an optional cost that avoids damage (Bloodrot Pox: 2 damage unless you pay 3, CR 8.6.19)."""
    d = s.pending
    if d is None or not d.unless_cost or d.target != c.player:
        chosen = claim(s, c.player, "pay", c.amount)  # "you may pay {r}. If you do, ..." (CR 1.8.3)
        if chosen is not None:
            amount = c.amount or chosen.amount  # "pays for the +2": the option's own cost
            pay_resources(s, c.player, amount, c.pitches, ctx)
            ctx.events.append(Event("paid", c.player, chosen.source, amount))
            return
        offer = take_pay_offer(s, c.player, c.amount)  # a hero's "you may pay {r}" (Terra's)
        if offer is not None:
            pay_resources(s, c.player, c.amount, c.pitches, ctx)
            pay_offer_effect(s, offer, ctx)
            ctx.events.append(Event("paid", c.player, offer.source, c.amount))
            return
        raise Illegal(
            "pitch_no_cost",
            say(
                "{player} pays {amount}, but no effect offers that payment now.",
                player=c.player,
                amount=c.amount,
            ),
        )
    if c.amount != d.unless_cost:
        raise Illegal(
            "not_enough_resources",
            say("the payment is {unless_cost}, not {amount}.", unless_cost=d.unless_cost, amount=c.amount),
        )
    pay_resources(s, c.player, d.unless_cost, c.pitches, ctx)
    s.pending = None
    ctx.events.append(Event("paid", c.player, d.source, d.unless_cost))
