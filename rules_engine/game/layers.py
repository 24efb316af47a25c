"""Resolving layers (CR 5.3) and applying what card text says.

When all players pass with a layer on the stack, the top layer resolves: an attack becomes a new
chain link in the Attack Step (combo is checked, CR 8.4.1), a defense reaction joins the defending
cards, a triggered layer does its effect, and any other card does what its recognised sentences
say (``effects.recognise``), gives an action point with go again, and goes to the graveyard or
stays as a permanent. Sentences the engine does not recognise are reported for the judge to enter.

A resolving trigger can end the combat chain (phantasm destroys the attack, CR 7.7.2c; spectra
leaves an attack with no target, CR 7.2.2). ``resolve_top`` then returns True and its caller closes
the chain (``combat.close_chain``), so this module never imports the combat steps.
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine.wording import say

from . import abilities, choices, conditions, heroes_crowd, heroes_more
from . import actions as A
from .cards import CardFacts, norm_name
from .context import Ctx, Event, check_game_over, give_priority
from .damage import deal_damage
from .defending import (
    check_can_defend,
    conditional_trigger,
    recheck_grants,
    self_triggers,
    trigger_condition_holds,
    without_self_triggers,
)
from .effects import (
    PHASE_TRIGGER_KEYS,
    SEARCH_BANISH_PLAY,
    SHARPEN,
    Grant,
    TextEffect,
    attack_mode,
    attack_text,
    attack_unmodelled,
    class_attack_bonus,
    coded_token,
    combo,
    decided_keywords,
    defender_descriptor,
    describe_choice,
    is_permanent_card,
    phase_of,
    plain,
    recognise,
    self_named,
    skipped_sentences,
    split_sentences,
    static_sentences,
    steam_text,
    unpack_choice,
    unpaid_cost_condition,
)
from .heroes import (
    crank_abilities,
    grants_crank,
    hero_link_grants,
    resolve_ability,
    start_search,
    token_created,
)
from .rules import MANUAL, NOTE, Illegal
from .state import PLAYERS, Card, ChainLink, Effect, GameState, Layer, other
from .trigger_words import hand_size, hero_fits
from .values import GROWING_CONDITIONS, attack_is, defender_fits, phantasm_defender
from .zones import (
    banish_if_fits,
    counter_off_self,
    destroy_permanent,
    draw,
    make_token,
    new_card,
    permanents_of,
    phase_trigger_applies,
    put_bottom,
    self_move_triggers,
    settle_random_discard,
    target_player,
    to_graveyard,
    token_base,
)


def resolve_top(s: GameState, ctx: Ctx, give: bool = True) -> bool:
    """The top layer resolves (CR 5.3); then the turn-player gets priority, unless ``give`` is off
    or the chain is closing. True when the layer ended the combat chain: the caller closes it."""
    layer = s.stack.pop()
    ctx.events.append(Event("resolve", layer.controller, layer.name))
    if layer.attack:
        attack_resolves(s, layer, ctx)
        return False
    chain_ends = False
    if layer.kind == "triggered":
        chain_ends = resolve_trigger(s, layer, ctx)
    elif layer.kind == "activated":
        text = resolve_ability(s, layer, ctx)  # a hero ability's modelled parts (Azalea's)
        text = abilities.resolve(s, layer, text, ctx)  # an item's or equipment's whole effect (Skullhorn)
        resolve_text(s, layer.controller, layer.name, text, ctx, layer)
        if any(x.casefold() == "go again" for x in split_sentences(plain(layer.effect))):
            # the ability's own go again (CR 8.3.5a), not "target attack gains go again" (Boltyn)
            gain_ap(s, layer.controller, layer.name, ctx)
    elif layer.card is not None:
        card = layer.card
        f = card.facts
        settle_random_discard(s, layer, ctx)  # a random-discard cost the log never showed
        if f.is_("defense reaction"):
            link = s.active_link()
            if link is not None:
                try:
                    card.origin = layer.source_zone or "hand"
                    m = re.search(
                        r"if .+? (?:is|was) played from (?:your )?arsenal, (?:it|this) (?:gains|gets) \+(\d+)\{d\}",
                        f.text,
                        re.I,
                    )
                    if m and card.origin == "arsenal":
                        card.counters["defense_effect"] = card.counters.get("defense_effect", 0) + int(
                            m.group(1)
                        )
                    check_can_defend(s, link, [card], ctx, reaction=True)
                    link.defending.append(card)  # CR 8.1.3b / 7.4.2d
                    link.hand_defended = link.hand_defended or card.origin == "hand"
                    self_triggers(s, [card], "defends", ctx)  # CR 7.0.5a
                except Illegal:
                    to_graveyard(s, card)  # fails to resolve
            else:
                to_graveyard(s, card)
            text = without_self_triggers(f.text)
            if text:
                resolve_text(s, layer.controller, card.name, text, ctx, layer)
            flag_card_text(f, skipped_sentences(f.text), decided_keywords(f), "resolves", ctx)
        else:
            if layer.effect.startswith("mode:"):
                resolve_mode(s, layer, ctx)
                before = re.split(r"(?:^|\n)\s*choose 1", f.text, maxsplit=1, flags=re.I)[0]
                if before.strip():  # the text before "Choose 1" applies too
                    resolve_text(s, layer.controller, card.name, before, ctx, layer)
                flag_card_text(f, [], decided_keywords(f), "resolves", ctx)  # its conditional keywords
            else:
                resolve_text(s, layer.controller, card.name, f.text, ctx, layer)
                flag_card_text(f, skipped_sentences(f.text), decided_keywords(f), "resolves", ctx)
            if f.has("go again") or layer.go_again:
                gain_ap(s, layer.controller, card.name, ctx)  # CR 8.3.5a
            if is_permanent_card(f):  # a figment too: it enters the arena as it resolves (CR 8.2.16a)
                if f.is_equipment and f.slot:
                    s.p(card.owner).equipment[f.slot] = card
                elif f.is_weapon:
                    s.p(card.owner).weapons.append(card)
                else:
                    s.p(card.owner).permanents.append(card)
                enter_arena(s, card, layer.controller, ctx)
                for made in self_move_triggers(s, card, ("enters",)):  # CR 6.6.1
                    ctx.events.append(Event("trigger", made.controller, made.name))
            elif any(e.kind == "transcend" and e.subject == card.id for e in ctx.events):
                transcend(s, card, ctx)
            else:
                to_graveyard(s, card)
    if give and s.phase == "action" and s.combat_step != "close":
        give_priority(s)
    return chain_ends


def transcend(s: GameState, card: Card, ctx: Ctx) -> None:
    """Transcend (CR 8.5.48, 9.1.5b): the resolved card goes to its owner's hand with its back face
    active, a new object (3.0.9). The card data gives no back face by name, so it joins the hand as a
    card the engine does not name (the log names it when it is played or pitched); a note says so."""
    s.p(card.owner).hand_unknown += 1
    ctx.add(
        NOTE,
        say(
            "line {number}: {card} transcends: it goes to {owner}'s hand with its back face active (CR 8.5.48); the engine counts it as a card in hand without its back face's name.",
            number=ctx.entry.number,
            card=card.name,
            owner=card.owner,
        ),
        "transcend",
    )


def attack_resolves(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """CR 7.1.3, 7.2: the attack resolves and becomes chain link N+1 in the Attack Step."""
    settle_random_discard(s, layer, ctx)
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
        granted=list(layer.granted),
    )
    previous = s.chain[-1].attack.name if s.chain else ""
    s.chain.append(link)
    s.combat_step = "attack"
    text = card.facts.text
    apply_combo(s, link, previous, ctx)
    if not card.facts.is_attack_action:
        # a weapon's "If [condition], this gets +1{p} / this card's attacks get go again": its
        # attack-proxy has the weapon's abilities (CR 1.4.3a), a static bonus while it holds (6.1.3)
        apply_grants(s, link, attack_text(card.facts).grants, ctx)
        recheck_grants(s, link, ctx)
        flag_card_text(card.facts, [], decided_keywords(card.facts), "attacks", ctx)
    if card.facts.is_attack_action:
        attack_card_text(s, link, layer, ctx)
        flag_card_text(
            card.facts, attack_unmodelled(card.facts), decided_keywords(card.facts), "attacks", ctx
        )
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
    # "When this attacks" triggers of the attack card are made by attack_card_text (CR 7.2.4)
    give_priority(s)


def attack_card_text(s: GameState, link: ChainLink, layer: Layer, ctx: Ctx) -> None:
    """What an attack card's text does as it becomes a chain link: rupture (CR 8.4.6) at link 4 or
    higher, a bonus for being played from arsenal, its own resolution's effects (Arcanic Crackle's
    arcane damage, CR 5.3.4) and its "when this attacks" trigger (CR 6.6), which goes on the stack."""
    facts = link.attack.facts
    at = attack_text(facts)
    if at.rupture and link.number >= 4:
        link.power_bonus += at.rupture
        ctx.events.append(Event("rupture", link.controller, facts.name, at.rupture))
    if layer.source_zone == "arsenal":
        link.power_bonus += at.arsenal_power
        link.go_again = link.go_again or at.arsenal_go_again
    apply_grants(s, link, at.grants, ctx)
    for e in at.on_resolution:
        apply_text_effect(s, link.controller, facts.name, e, ctx, None)
    on_attack = [e for e in at.on_attack if not e.trigger]
    on_attack_if = [e for e in at.on_attack if e.trigger.startswith("cond:")]
    if link.target in s.marked:
        on_attack += at.on_marked_attack  # "When this attacks a marked hero" (CR 9.3, 6.6)
    manual_hero: list[str] = []
    for words, found in at.on_hero_attack:
        # "When this attacks a Revered hero, ...": only on such a hero (CR 6.6.5b, 2.11.6)
        fits = hero_fits(s.p(link.target[:2]).hero_card, words, link.target in s.marked)
        if fits:
            on_attack += list(found)
        elif fits is None:
            manual_hero.append(f"the hero attacked must be {words.replace('|', ' or ')}")
    if layer.effect.startswith("mode:") and layer.effect[5:]:
        mode = attack_mode(facts, layer.effect[5:])
        if mode is None:
            flag_card_text(facts, [layer.effect[5:]], (), "attacks in the chosen mode", ctx)
        else:
            link.power_bonus += mode.power
            link.go_again = link.go_again or mode.go_again
            on_attack += mode.on_attack
    power, _defense, go_again = class_attack_bonus([c.facts for c in s.p(link.controller).permanents], facts)
    link.power_bonus += power  # "Your Mechanologist attack action cards get +1{p}" (a Script in the arena)
    link.go_again = link.go_again or go_again
    link.waiting.extend(hero_link_grants(s, link))  # the hero's conditional bonus (Arakni's)
    recheck_grants(s, link, ctx)
    if on_attack or at.on_attack_manual or manual_hero:
        trig = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{facts.name} attack trigger",
            controller=link.controller,
            effect="text"
            if not at.on_attack_manual and not manual_hero
            else "manual attack trigger: " + "; ".join([*at.on_attack_manual, *manual_hero]),
        )
        trig.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in on_attack]
        trig.source_id = link.attack.id
        s.stack.append(trig)
        ctx.events.append(Event("trigger", link.controller, trig.name))
    if on_attack_if:
        conditional_trigger(
            s, link.controller, f"{facts.name} attack trigger", on_attack_if, link.attack, ctx
        )


def apply_grants(s: GameState, link: ChainLink, grants: tuple[Grant, ...], ctx: Ctx) -> None:
    """An attack's (or a weapon's) "If [condition], this gets +N{p} / keywords" (CR 6.1.3): given now
    when the condition holds; a growing condition waits on the link (``defending.recheck_grants``)."""
    facts = link.attack.facts
    for g in grants:
        if g.condition in GROWING_CONDITIONS or conditions.growing(g.condition):
            # checked again before defending, damage and go again (defending.recheck_grants)
            # keywords and granted abilities each end with ";" (an ability may hold a comma)
            link.waiting.append(f"{g.condition}|{g.number}|{g.power}|{''.join(k + ';' for k in g.keywords)}")
            continue
        if ";" in g.condition:  # the condition grammar's key (CR 6.1.3)
            met = conditions.holds(
                s, link.controller, g.condition, facts, link.number, link.attack.id, link.source_zone
            )
        else:
            met = condition_holds(s, link.controller, g.condition)  # CR 6.1.3
        if met:
            link.power_bonus += g.power
            for kw in g.keywords:
                if kw == "go again":
                    link.go_again = True
                elif kw not in link.granted:
                    link.granted.append(kw)


def apply_combo(s: GameState, link: ChainLink, previous: str, ctx: Ctx) -> tuple[str, ...]:
    """CR 8.4.1: a printed combo whose condition is met gives its +N{p} and keywords (go again,
    dominate, overpower ...) to the attack. Returns the keywords the combo decides (met or not)."""
    found = combo(link.attack.facts)
    if found is None:
        return ()
    if previous and norm_name(previous) in [norm_name(x) for x in found.after]:
        link.power_bonus += found.power
        for kw in found.keywords:
            if kw == "go again":
                link.go_again = True
            elif kw not in link.granted:
                link.granted.append(kw)
        link.granted.extend(a for a in found.abilities if a not in link.granted)  # read by hit_triggers
        ctx.events.append(Event("combo", link.controller, link.attack.name, found.power))
    return found.keywords


def flag_card_text(
    facts: CardFacts, sentences: list[str], decided: tuple[str, ...], moment: str, ctx: Ctx
) -> None:
    """Nothing silent: every sentence the engine does not compute, and every keyword the card has
    only under a condition the engine cannot check, is reported to the judge here."""
    n = ctx.entry.number
    for sentence in sentences:
        ctx.add(
            MANUAL,
            say(
                "line {n}: {facts} {moment}; the engine does not apply its text {sentence}; if it applies, enter its outcome as adjustment lines (judge: ...).",
                n=n,
                facts=facts.name,
                moment=moment,
                sentence=repr(sentence),
            ),
            "manual_effect",
        )
    for kw in facts.conditional:
        if kw in decided:
            continue
        ctx.add(
            MANUAL,
            say(
                "line {n}: {facts} has {kw} only under a condition of its text; the engine did not apply {kw}. Check the condition: if it is met, {kw} applies (and what follows from it is the judge's call).",
                n=n,
                facts=facts.name,
                kw=kw,
            ),
            "conditional_keyword",
        )


def static_text_notes(s: GameState, ctx: Ctx) -> None:
    """At the first line: the abilities of each hero, equipment, weapon and permanent in play that
    the engine does not apply (static and triggered ones may act at any step), for the judge to watch."""
    for pl in PLAYERS:
        p = s.p(pl)
        sources = [("hero", p.hero_card)] if p.hero_card is not None else []
        sources += [("equipment", c.facts) for c in p.equipment.values() if c is not None]
        sources += [("weapon", c.facts) for c in p.weapons]
        sources += [("permanent", c.facts) for c in p.permanents]
        for what, facts in sources:
            for sentence in static_sentences(facts):
                ctx.add(
                    MANUAL,
                    say(
                        "line {number}: the engine does not apply {pl}'s {what} {facts}'s ability {sentence}; when it acts, enter its outcome as adjustment lines (judge: ...).",
                        number=ctx.entry.number,
                        pl=pl,
                        what=what,
                        facts=facts.name,
                        sentence=repr(sentence),
                    ),
                    "manual_effect",
                    watch=True,  # an ability in play to watch, not an event of this line (pages fold them)
                    card=facts.name,
                    sentence=sentence,
                    player=pl,
                )


def resolve_trigger(s: GameState, layer: Layer, ctx: Ctx) -> bool:
    """A triggered layer does its effect (a token that made it is destroyed first). True when the
    effect ends the combat chain, which the caller then closes."""
    eff = layer.effect
    chain_ends = False
    if layer.source_zone.startswith("o"):
        for tok in list(s.p(layer.controller).permanents):
            if tok.id == layer.source_zone:
                destroy_permanent(s, tok)

    if eff.startswith("crowd:"):  # Betsy's wager payment, Kayo, Berserker Runt's roll (heroes_crowd)
        heroes_crowd.resolve_trigger(s, layer, ctx)
    elif eff == "arcane1":
        target = layer.targets[0] if layer.targets else other(layer.controller)
        deal_damage(s, target, 1, layer.name, ctx, arcane=True, controller=layer.controller)
    elif eff == "go_again":
        bump_attack(s, layer, go_again=True)
    elif eff == "power1":
        bump_attack(s, layer, power=1)
    elif eff == "card_go_again":
        for lay in s.stack:
            if lay.id in layer.targets:
                lay.go_again = True
    elif eff == "banished_to_arena":  # Data Doll MKII (zones.deck_banish_triggers)
        p = s.p(layer.controller)
        for card in [c for c in p.banished if c.id in layer.targets]:
            p.banished.remove(card)
            card.face, card.origin, card.duration = "up", "", ""
            p.permanents.append(card)  # CR 8.1.4: an item is a permanent in the arena
            ctx.events.append(Event("move", layer.controller, f"{card.name}: banished -> arena"))
    elif eff == "search":  # Katsu's first-hit trigger (triggers.hero_hit_abilities)
        m = SEARCH_BANISH_PLAY.fullmatch(layer.targets[0]) if layer.targets else None
        if m is not None:
            start_search(s, layer.controller, layer.name, m, ctx)
    elif eff == "steam_on_named":  # a boosted card's own trigger (zones.boost_banish_triggers)
        kind = norm_name(layer.targets[0]) if layer.targets else ""
        fits = [c for c in s.p(layer.controller).permanents if norm_name(token_base(c.name)) == kind]
        if fits:
            fits[0].counters["steam"] = fits[0].counters.get("steam", 0) + 1
            ctx.events.append(Event("counter", layer.controller, fits[0].name))
            if len(fits) > 1:
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {name} puts its steam counter on one of {player}'s {count} {kind}s; the engine chose the first, the log may say which.",
                        number=ctx.entry.number,
                        name=layer.name,
                        player=layer.controller,
                        count=len(fits),
                        kind=layer.targets[0],
                    ),
                    "steam",
                )
    elif eff == "destroy_source":
        for pl in PLAYERS:
            for tok in list(s.p(pl).permanents):
                if tok.id in layer.targets:
                    destroy_permanent(s, tok)
    elif eff == "spectra":
        for pl in PLAYERS:
            for perm in list(s.p(pl).permanents):
                if perm.id in layer.targets:
                    destroy_permanent(s, perm)
                    key = f"{pl}:{perm.name}"
                    for lay in list(s.stack):
                        if lay.attack and lay.targets and all(t == key for t in lay.targets):
                            s.stack.remove(lay)  # no legal attack-target remains (CR 7.2.2)
                            if lay.card is not None and lay.source_zone != "weapon":
                                to_graveyard(s, lay.card)
        if not s.chain and not any(lay.attack for lay in s.stack):
            chain_ends = True
    elif eff == "phantasm":
        link = s.active_link()
        if link is not None and phantasm_defender(link.defending) is None:
            # CR 8.3.13a (5.3.2a): the condition is checked again as the trigger resolves
            ctx.add(
                NOTE,
                say(
                    "line {number}: {layer} does nothing: no non-Illusionist attack action card with 6 or more power defends the attack any more (CR 8.3.13a), so the attack is not destroyed.",
                    number=ctx.entry.number,
                    layer=layer.name,
                ),
                "phantasm",
            )
        elif link is not None and link.damage is not None:
            # CR 8.3.13b: destroyed after its damage was calculated, the chain does not close
            ctx.events.append(Event("destroy", link.controller, link.attack.name))
        elif link is not None:
            ctx.events.append(Event("destroy", link.controller, link.attack.name))
            chain_ends = True  # the attack is destroyed: CR 7.7.2c
        if link is not None and phantasm_defender(link.defending) is not None:
            # its own "When this is destroyed, create ..." (CR 6.6.1): a layer above the chain's closing
            for made in self_move_triggers(s, link.attack, ("destroyed",)):
                ctx.events.append(Event("trigger", made.controller, made.name))
    elif eff == "intimidate":
        ctx.add(
            NOTE,
            say(
                "line {number}: intimidate resolves; log the random card banished face-down ('P2 banishes X face-down (intimidate, random)').",
                number=ctx.entry.number,
            ),
            "intimidate",
        )
    elif eff == "text" or eff.startswith("text-if:"):
        if eff.startswith("text-if:"):
            key, _, source_id = eff[len("text-if:") :].partition("|")
            if key.startswith("hit-hand:"):
                held = hand_size(s, other(layer.controller)) >= int(key.split(":")[1])  # CR 1.8.4
            else:
                held = trigger_condition_holds(s, layer.controller, key, source_id)
            if not held:
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {layer} resolves; its condition no longer holds ({key}), so it does nothing.",
                        number=ctx.entry.number,
                        layer=layer.name,
                        key=key.split(";")[0],
                    ),
                    "trigger",
                )
                return chain_ends
        # an attack trigger's "this gets +N{p}" names the attack itself (its card's name)
        own = layer.name[: -len(" attack trigger")] if layer.name.endswith(" attack trigger") else layer.name
        for t in layer.targets:
            kind, amount, target = (t.split(":", 2) + ["", ""])[:3]
            apply_text_effect(
                s,
                layer.controller,
                own if kind == "self_power" else layer.name,
                TextEffect(kind, int(amount or 0), "", target),
                ctx,
                layer,
            )
    elif eff.startswith("hero:"):  # Arakni's contract look, Vynnset's life payment (heroes_more)
        heroes_more.resolve_trigger(s, layer, ctx)
    elif eff.startswith("manual"):
        ctx.add(
            MANUAL,
            say(
                "line {number}: {layer} resolves; the engine cannot compute its effect ({value}{eff}). Enter the outcome as adjustment lines.",
                number=ctx.entry.number,
                layer=layer.name,
                value=layer.amount or "",
                eff=eff[7:],
            ),
            "manual_effect",
        )
    elif eff:
        resolve_text(s, layer.controller, layer.name, eff, ctx, layer)
    return chain_ends


def resolve_mode(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """The chosen mode of a "Choose 1" card: "+N{p}" and a granted ability in quotes."""
    text = layer.effect[len("mode:") :]
    m = re.match(r'target .+? (?:gets|gains) \+(\d+)\{p\}(?: and "(.+)")?\.?$', text, re.I)
    link = s.active_link()
    if m and link is not None:
        link.power_bonus += int(m.group(1))
        if m.group(2):
            link.granted.append(m.group(2))
    elif text:
        resolve_text(s, layer.controller, layer.name, text, ctx, layer)


def gain_ap(s: GameState, player: str, source: str, ctx: Ctx, n: int = 1) -> None:
    """A non-turn player cannot gain action points (older CR 1.13.2b; the turn-player alone uses them)."""
    if player != s.turn_player:
        return
    s.p(player).action_points += n
    ctx.events.append(Event("gain_ap", player, source, n))


def bump_attack(s: GameState, layer: Layer, power: int = 0, go_again: bool = False) -> None:
    """An effect on "target attack": the attack on the stack, else the active chain link."""
    for lay in reversed(s.stack):
        if lay.attack:
            lay.power_bonus += power
            lay.go_again = lay.go_again or go_again
            return
    link = s.active_link()
    if link is not None:
        link.power_bonus += power
        link.go_again = link.go_again or go_again


def sharpen_text(s: GameState, player: str, name: str, text: str, ctx: Ctx, layer: Layer | None) -> str:
    """Sharpen (CR 8.5.58): a +1{p} counter on the weapon, and at the beginning of the end phase all
    +1{p} counters come off it (a delayed trigger, kept as an effect until then). Returns the text
    without the sentence; a weapon the engine cannot tell is reported for the judge."""
    m = SHARPEN.search(text)
    if m is None:
        return text
    kind = (m.group(1) or "weapon").casefold()
    weapons = [
        w for w in s.p(player).weapons if kind == "weapon" or kind in {x.casefold() for x in w.facts.subtypes}
    ]
    named = [t for t in (layer.targets if layer is not None else []) if not t.startswith(("P1", "P2"))]
    weapon = next((w for w in weapons for t in named if norm_name(w.name) == norm_name(t)), None)
    if weapon is None and len(weapons) == 1:
        weapon = weapons[0]
    if weapon is None:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name} sharpens a weapon the engine cannot tell; enter the counter as an adjustment line.",
                number=ctx.entry.number,
                name=name,
            ),
            "sharpen",
        )
    else:
        times = 2 if m.group(2) else 1
        weapon.counters["power"] = weapon.counters.get("power", 0) + times
        if not any(e.kind == "sharpen" and e.card_id == weapon.id for e in s.effects):
            s.effects.append(Effect("sharpen", player, 1, "end", name, weapon.id))
        ctx.events.append(Event("sharpen", player, weapon.name, times))
    return (text[: m.start()] + text[m.end() :]).strip()


def resolve_text(
    s: GameState,
    player: str,
    name: str,
    text: str,
    ctx: Ctx,
    layer: Layer | None,
) -> None:
    """A resolving card's recognised sentences apply (reprise only when a card from hand defends);
    any other sentence is reported for the judge to enter."""
    text = sharpen_text(s, player, name, text, ctx, layer)
    if layer is not None and layer.card is not None:
        text = self_named(text, layer.card.facts.name)  # "If Cold Snap is played from arsenal" (CR 6.1.3)
    effects, unknown = recognise(text)
    start = len(ctx.events)
    for e in effects:
        if e.trigger.startswith("surge:"):
            continue  # after the card's own damage (below)
        if e.trigger == "reprise":
            link = s.active_link()
            if link is None or not any(c.origin == "hand" for c in link.defending):
                continue
        elif e.trigger.startswith("cond:") and unpaid_cost_condition(
            layer.card.facts if layer is not None and layer.card is not None else None, e.trigger
        ):
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name}'s condition names the card paid for its cost, which the engine does not know here; if it is met, enter its outcome as adjustment lines.",
                    number=ctx.entry.number,
                    name=name,
                ),
                "manual_effect",
            )
            continue
        elif e.trigger.startswith("unless:"):
            if condition_holds(s, player, e.trigger[len("unless:") :], layer):
                continue  # replaced by the "instead" effect after it (CR 6.3)
        elif e.trigger.startswith("cond:"):
            if not condition_holds(s, player, e.trigger[5:], layer):
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {name}'s condition is not met as it resolves, so it does nothing (CR 6.1.3).",
                        number=ctx.entry.number,
                        name=name,
                    ),
                    "condition_unmet",
                )
                continue
        elif phase_of(e.trigger) in PHASE_TRIGGER_KEYS.values() or e.trigger.startswith("move:"):
            continue  # acts from the arena when that phase begins / as it moves (zones.self_move_triggers)
        elif e.trigger:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name}'s {trigger} effect is not applied by the engine; if it happens, enter its outcome as adjustment lines.",
                    number=ctx.entry.number,
                    name=name,
                    trigger=e.trigger,
                ),
                "manual_effect",
            )
            continue
        if e.kind == "self_go_again" and _own_card_layer(layer):
            # "If ..., draw a card and Sun Kiss gains go again": the resolving non-attack action card's own
            # go again, its action point as it resolves (CR 8.3.5a), not the attack's on the chain
            assert layer is not None
            layer.go_again = True
            continue
        apply_text_effect(s, player, name, e, ctx, layer)
    surge = [e for e in effects if e.trigger.startswith("surge:")]
    if surge:
        apply_surge(s, player, name, surge, ctx, layer, start)
    for sentence in unknown:
        ctx.add(
            MANUAL,
            say(
                "line {number}: the engine cannot compute {name}'s text {sentence}; enter its outcome as an adjustment line (judge: ...).",
                number=ctx.entry.number,
                name=name,
                sentence=repr(sentence),
            ),
            "manual_effect",
        )


def _own_card_layer(layer: Layer | None) -> bool:
    """A non-attack action card resolving (its "this gains go again" is its own, CR 8.3.5)."""
    if layer is None or layer.card is None or layer.kind in ("triggered", "activated"):
        return False
    f = layer.card.facts
    return f.is_action and not f.is_attack_action


def apply_surge(
    s: GameState, player: str, name: str, surge: list[TextEffect], ctx: Ctx, layer: Layer | None, start: int
) -> None:
    """CR 8.4.8: a surge effect applies when the card's own damage as it resolved was more than N (to a
    hero, when it says so; every damage event here is to a hero). A damage event still waiting for the
    defender's prevention choice is not final: the judge is told to enter the surge outcome."""
    if s.pending is not None and s.pending.source == name:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}'s surge depends on the damage dealt, which waits for the prevention choice; if it deals more than {n}, enter its outcome as adjustment lines.",
                number=ctx.entry.number,
                name=name,
                n=surge[0].trigger.split(":")[1],
            ),
            "manual_effect",
        )
        return
    dealt = sum(ev.amount for ev in ctx.events[start:] if ev.kind == "damage" and ev.subject == name)
    need = int(surge[0].trigger.split(":")[1])
    if dealt <= need:
        ctx.add(
            NOTE,
            say(
                "line {number}: {name} dealt {dealt} damage, not more than {need}: its surge does nothing (CR 8.4.8).",
                number=ctx.entry.number,
                name=name,
                dealt=dealt,
                need=need,
            ),
            "condition_unmet",
        )
        return
    for e in surge:
        if e.kind == "self_go_again" and layer is not None and layer.card is not None:
            layer.go_again = True  # the resolving card's own go again (CR 8.3.5a on resolution)
            continue
        apply_text_effect(s, player, name, TextEffect(e.kind, e.amount, "", e.target), ctx, layer)


def permanent_phase_triggers(s: GameState, when: str, ctx: Ctx) -> None:
    """The turn-player's permanents whose text says "At the start of your turn" (``when`` is
    "turn_start", CR 4.2.2: such layers resolve at once, as if all players passed) or "At the
    beginning of your action phase" ("action_phase", CR 4.3.1; resolved at once like Seismic Surge's,
    CR 8.6.2), "destroy this[, then EFFECT]": the permanent is destroyed and the effect applied."""
    player = s.turn_player
    if when == "turn_start":
        steam_upkeep(s, ctx)
        suspense_upkeep(s, ctx)
    p = s.p(player)
    for card in list(p.permanents) + [c for c in p.equipment.values() if c is not None]:
        if card.facts.is_token and coded_token(card.name):
            continue  # the CR 8.6 tokens' own triggers (triggers.start_phase)
        effects, _unknown = recognise(self_named(plain(card.facts.text), card.facts.name))
        seen: dict[str, bool] = {}
        mine = [e for e in effects if phase_of(e.trigger) == when]
        # a conditional effect acts only when its condition is met as it resolves (CR 1.8.4)
        destroy = [
            e for e in mine if e.kind == "destroy_self" and phase_trigger_applies(s, card, e.trigger, seen)
        ]
        if not mine:
            continue
        depth = len(s.stack)
        if destroy:
            destroy_permanent(s, card)
        mine = [
            e for e in mine if e.kind != "destroy_self" and phase_trigger_applies(s, card, e.trigger, seen)
        ]
        if mine or destroy:
            ctx.events.append(Event("trigger", player, f"{card.name} {when.replace('_', ' ')} trigger"))
        for e in mine:
            if e.kind == "soul_self" and card in s.p(player).permanents:
                s.p(player).permanents.remove(card)  # "put this into your soul" (CR 3.11)
                s.p(player).soul.append(card)
                self_move_triggers(s, card, ("leaves",))
            elif e.kind == "counter_off_self":
                counter_off_self(s, card, e.target, ctx)
            elif e.kind != "destroy_self":
                apply_text_effect(s, player, card.name, TextEffect(e.kind, e.amount, "", e.target), ctx, None)
        while len(s.stack) > depth:  # its leave trigger resolves at once too (CR 4.2.2, 4.3.1)
            made = s.stack.pop()
            ctx.events.append(Event("trigger", made.controller, made.name))
            resolve_trigger(s, made, ctx)


#: Suspense (CR 8.3.42): the counters an aura of suspense enters the arena with.
SUSPENSE_COUNTERS = 2


def suspense_upkeep(s: GameState, ctx: Ctx) -> None:
    """Suspense (CR 8.3.42): at the start of its controller's turn a suspense counter is removed from
    each of their auras of suspense, and one with none left is destroyed (a state-based trigger, 6.6.5c).
    The start phase's layers resolve as if all players passed (CR 4.2.2), so the aura's own "when this
    leaves the arena" trigger resolves at once too. A given permanent listed without its counters is
    read as having none."""
    player = s.turn_player
    for card in list(s.p(player).permanents):
        if not card.facts.has("suspense"):
            continue
        if card.counters.get("suspense", 0):
            card.counters["suspense"] -= 1
            if not card.counters["suspense"]:
                del card.counters["suspense"]
            ctx.events.append(Event("trigger", player, f"{card.name}: a suspense counter removed"))
        if card.counters.get("suspense", 0):
            continue
        depth = len(s.stack)
        destroy_permanent(s, card)
        ctx.events.append(Event("destroy", player, card.name))
        while len(s.stack) > depth:
            made = s.stack.pop()
            ctx.events.append(Event("trigger", made.controller, made.name))
            resolve_trigger(s, made, ctx)


def condition_holds(s: GameState, player: str, condition: str, layer: Layer | None = None) -> bool:
    """A card's "If ..." checked on resolution (CR 6.1.3): life compared with an opposing hero, or a
    key of the condition grammar checked for the resolving card (``layer``: "another", its pitch)."""
    if ";" in condition:
        card = layer.card if layer is not None else None
        return conditions.holds(
            s,
            player,
            condition,
            card.facts if card is not None else None,
            card_id=card.id if card is not None else "",
            zone=layer.source_zone if layer is not None else "",
        )
    if condition.startswith("draconic_links:"):
        need = int(condition.split(":")[1])
        return (
            sum(1 for x in s.chain if x.controller == player and "draconic" in x.attack.facts.classes) >= need
        )
    mine = s.p(player).life
    theirs = s.p(other(player)).life
    if mine is None or theirs is None:
        return True  # life unknown: the engine cannot tell; the judge's log decides
    if condition == "less_life":
        return mine < theirs
    if condition == "more_life":
        return mine > theirs
    return True


def _source_card(s: GameState, card_id: str) -> tuple[Card | None, str]:
    """The card with ``card_id`` and where it is: "link" (attacking), "defending", "stack", or ""."""
    for link in s.chain:
        if link.attack.id == card_id:
            return link.attack, "link"
        for c in link.defending:
            if c.id == card_id:
                return c, "defending"
    for lay in s.stack:
        if lay.card is not None and lay.card.id == card_id:
            return lay.card, "stack"
    return None, ""


def offer_choice(s: GameState, player: str, name: str, e: TextEffect, ctx: Ctx, layer: Layer | None) -> None:
    """An optional effect as its ability resolves (CR 1.8.3a): an offer the log's next clause takes
    (``choices.claim``) or leaves (it lapses, ``engine``). "This" is the layer's source card."""
    source_id = ""
    if layer is not None:
        source_id = layer.source_id or (layer.card.id if layer.card is not None else "")
    card, _ = _source_card(s, source_id)
    source = card.name if card is not None else re.sub(r" (?:attack|defend|hit) trigger$", "", name)
    s.effects.append(
        Effect(
            "choice_offer",
            player,
            e.amount,
            choices.OPEN,
            source,
            source_id,
            text=describe_choice(e.target),
            choice=e.target,
        )
    )
    ctx.events.append(Event("choice", player, source, e.amount))


def mark_close_fate(card: Card, fate: str) -> None:
    """A defending card an effect will destroy or banish as the combat chain closes, or that gained
    blade break (CR 7.7, 8.3.3): kept on the card until ``combat.after_defending`` reads it."""
    card.counters[f"{fate.replace(' ', '_')}_close_effect"] = 1


def apply_choice(s: GameState, offer: Effect, ctx: Ctx, paid: bool = True) -> None:
    """The effect after "If you do" (CR 1.8.4), once the log shows the option taken. "This gets
    +N{d}" / "+N{p}" / "go again" act on the source card where it now is; go again on a card that has
    already resolved is its action point (CR 8.3.5); the rest as the card's other effects. For
    "[EFFECT] unless you pay {r}" (CR 1.8.4b) the effect happens only when it was not paid (``paid``
    False: the offer lapsed)."""
    option, outcome = unpack_choice(offer.choice)
    if option[2] == "unless":
        if paid:
            ctx.events.append(Event("choice_taken", offer.player, offer.source, 0))
            return
        ctx.add(
            NOTE,
            say(
                "line {number}: the log does not show {player} paying for {source} ({option}), so its effect happens (CR 1.8.4b).",
                number=ctx.entry.number,
                player=offer.player,
                source=offer.source,
                option=offer.text,
            ),
            "choice_declined",
        )
    card, where = _source_card(s, offer.card_id)
    if paid:
        ctx.events.append(Event("choice_taken", offer.player, offer.source, 0))
    for e in outcome:
        if e.kind == "self_defense" and where == "defending" and card is not None:
            card.counters["defense_effect"] = card.counters.get("defense_effect", 0) + e.amount
        elif e.kind == "self_close" and where == "defending" and card is not None:
            mark_close_fate(card, e.target)
        elif e.kind in ("self_power", "self_go_again") and where in ("link", "stack"):
            link = next((lk for lk in s.chain if lk.attack.id == offer.card_id), None)
            lay = next((x for x in s.stack if x.card is not None and x.card.id == offer.card_id), None)
            target: Any = link if link is not None else lay
            if e.kind == "self_power":
                target.power_bonus += e.amount
            else:
                target.go_again = True
        elif e.kind == "self_go_again" and not where:
            s.p(offer.player).action_points += 1  # the resolved card's go again (CR 8.3.5)
        elif e.kind in ("self_defense", "self_power", "self_go_again"):
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name}'s effect after 'If you do' acts on a card the engine cannot find now; enter its outcome as an adjustment line.",
                    number=ctx.entry.number,
                    name=offer.source,
                ),
                "manual_effect",
            )
        else:
            apply_text_effect(s, offer.player, offer.source, e, ctx, None)


def apply_text_effect(
    s: GameState, player: str, name: str, e: TextEffect, ctx: Ctx, layer: Layer | None
) -> None:
    """One recognised sentence (``effects.TextEffect``) applied to the state."""
    p = s.p(player)
    k = e.kind
    if k == "choice":  # "You may X. If you do, Y" (CR 1.8.3, 1.8.4): the log's next clause says
        offer_choice(s, player, name, e, ctx, layer)
        return
    if k == "weapon_counter":  # Dawnblade's second hit this turn: a +1{p} counter on the weapon (CR 1.15)
        weapon = next((w for w in p.weapons if layer is not None and w.id == layer.source_id), None)
        if weapon is not None:
            weapon.counters["power"] = weapon.counters.get("power", 0) + e.amount
            ctx.events.append(Event("counter", player, weapon.name, e.amount))
        return
    if k == "amp":  # CR 8.5.47: used by the player's next arcane damage this turn (damage.deal_damage)
        s.effects.append(Effect("amp", player, e.amount, "turn", name))
        ctx.events.append(Event("amp", player, name, e.amount))
        return
    if k == "intimidate":  # CR 8.5.10: the banished card is random; the log names it
        ctx.add(
            NOTE,
            say(
                "line {number}: intimidate resolves; log the random card banished face-down ('P2 banishes X face-down (intimidate, random)').",
                number=ctx.entry.number,
            ),
            "intimidate",
        )
        return
    if k == "target_power_defenders":
        # X is counted as the effect resolves (CR 6.2.2b): the cards defending the targeted attack now
        link = s.active_link()
        x = len(link.defending) if link is not None else 0
        e = TextEffect(kind="target_power", amount=x, trigger=e.trigger, target=e.target)
        k = e.kind
    if k in ("target_power", "target_go_again", "target_grant", "target_grant_hit"):
        target = None
        if layer is not None and layer.targets:
            target = layer.targets[0]
        link = s.active_link()
        bonus = e.amount if k != "target_go_again" else 0
        keywords = [w for w in e.target.split(",") if w] if k == "target_grant" else []
        go_again = k == "target_go_again" or "go again" in keywords
        others = [w for w in keywords if w != "go again"] + ([e.target] if k == "target_grant_hit" else [])
        defender = (
            next((c for c in link.defending if norm_name(c.name) == norm_name(target)), None)
            if link is not None and target is not None and norm_name(target) != norm_name(link.attack.name)
            else None
        )
        if defender is not None:
            # a defending attack action card targeted by "target attack action card gets N{p}"
            defender.counters["power_effect"] = defender.counters.get("power_effect", 0) + bonus
        elif link is not None and (
            target is None
            or norm_name(target) == norm_name(link.attack.name)
            or target.startswith("P") is False
        ):
            link.power_bonus += bonus
            link.go_again = link.go_again or go_again
            link.granted.extend(w for w in others if w not in link.granted)  # CR 8.3.4, 8.3.22
        else:
            for lay in reversed(s.stack):
                if lay.attack:
                    lay.power_bonus += bonus
                    lay.go_again = lay.go_again or go_again
                    lay.granted.extend(w for w in others if w not in lay.granted)
                    break
    elif k == "no_hit_triggers":
        link = s.active_link()
        if link is not None:
            link.no_hit_triggers = True
    elif k == "counter_on_own":
        # a +1/-1 counter on a permanent its controller controls (CR 8.5.14, 1.15.2a): the layer's
        # target, or the only permanent of that kind
        prop, kind = e.target.split("|", 1)
        arena = list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents)
        fits = [
            x
            for x in arena
            if kind == "permanent"
            or (kind == "equipment" and x in p.equipment.values())
            or (kind == "weapon" and x in p.weapons)
            or kind in {t.casefold() for t in x.facts.subtypes | x.facts.types}
        ]
        named_targets = [
            t for t in (layer.targets if layer is not None else []) if not t.startswith(("P1", "P2"))
        ]
        own = next((x for x in fits for t in named_targets if norm_name(x.name) == norm_name(t)), None)
        if own is None and not named_targets and len(fits) == 1:
            own = fits[0]
        if own is None:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name} puts a counter on a permanent the engine cannot tell; enter it as an adjustment line.",
                    number=ctx.entry.number,
                    name=name,
                ),
                "manual_effect",
            )
        else:
            own.add_counters(prop, e.amount)
            ctx.events.append(Event("counter", player, own.name, e.amount))
    elif k == "counter_on_defender":
        # a counter changes the card's defense while it defends and stays after (CR 1.15.2a, 7.7.5)
        link = s.active_link()
        wanted = layer.targets[0] if layer is not None and layer.targets else ""
        card = next(
            (
                c
                for c in (link.defending if link else [])
                if not wanted or norm_name(c.name) == norm_name(wanted)
            ),
            None,
        )
        if card is None:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name} puts a counter on a defending card, but {value} is not defending this attack; enter its outcome as an adjustment line.",
                    number=ctx.entry.number,
                    name=name,
                    value=wanted or "no card",
                ),
                "manual_effect",
            )
        else:
            card.add_counters(e.target, e.amount)
            if link is not None and link.total_defense is not None:
                link.total_defense = None  # computed again from the defending cards
    elif k == "your_attacks_power":
        # "Your attacks get +N{p} this combat chain": the attacks now on it and every later one;
        # with the chain closed a "this combat chain" effect fails to be generated (CR 7.0.2b)
        if e.target == "chain" and not s.chain:
            ctx.add(
                NOTE,
                say(
                    "line {number}: {name}'s effect lasts 'this combat chain' and the chain is closed, so it is not generated (CR 7.0.2b).",
                    number=ctx.entry.number,
                    name=name,
                ),
                "chain_closed_effect",
            )
            return
        s.effects.append(Effect("attacks_power", player, e.amount, e.target or "turn", name))
        for lk in s.chain:
            if lk.controller == player and not lk.resolved:
                lk.power_bonus += e.amount
        for lay in s.stack:
            if lay.attack and lay.controller == player:
                lay.power_bonus += e.amount
    elif k == "attack_power":  # a defend trigger's "it gets -3{p}": the attack it defends (Drag Down)
        link = s.active_link()
        if link is not None:
            link.power_bonus += e.amount
    elif k == "self_power":
        link = s.active_link()
        if link is not None and norm_name(link.attack.name) == norm_name(name):
            link.power_bonus += e.amount
    elif k == "next_attack_power":
        # "lasting": no duration printed (Benji's hit trigger), the effect waits for the next attack
        if e.target == "lasting":
            text = f"Your next attack gets +{e.amount}{{p}}."
            s.effects.append(Effect("next_attack_power", player, e.amount, "", name, text=text))
        else:
            s.effects.append(Effect("next_attack_power", player, e.amount, "turn", name))
    elif k == "next_attack_grant":
        # "The next Runeblade attack action card you play this turn gains go again and 'If this hits, ...'"
        s.effects.append(Effect("next_attack_grant", player, e.amount, "turn", name, text=e.target))
    elif k == "next_cheap_attack_power":
        # Nimblism: the next attack action card of cost N or less (CR 5.1.2a: applies as it is played)
        s.effects.append(Effect("next_cheap_attack_power", player, e.amount, "turn", name, text=e.target))
    elif k == "next_attack_go_again":
        s.effects.append(Effect("next_attack_go_again", player, 0, "turn", name))
    elif k == "next_attack_keyword":  # consumed by playing.apply_next_card_effects (CR 5.1.2a)
        s.effects.append(Effect("next_attack_keyword", player, 0, "turn", name, text=e.target))
    elif k == "next_nonattack_go_again":  # consumed by playing.play (CR 5.1.2a)
        s.effects.append(Effect("next_nonattack_go_again", player, 0, "turn", name))
    elif k == "next_filtered_attack":  # consumed by playing.apply_next_card_effects (CR 5.1.2a)
        s.effects.append(Effect("next_filtered_attack", player, e.amount, "turn", name, text=e.target))
    elif k == "typed_attacks":
        # "Your dagger attacks get go again this turn": the attacks of that kind now on the stack or the
        # chain and every later one this turn (CR 6.2.1; playing.apply_next_card_effects)
        s.effects.append(Effect("typed_attacks", player, e.amount, "turn", name, text=e.target))
        word, again = (e.target.split("|") + ["", ""])[:2]
        for lk in s.chain:
            if lk.controller == player and not lk.resolved and attack_is(word, lk.attack, bool(lk.proxy)):
                lk.power_bonus += e.amount
                lk.go_again = lk.go_again or bool(again)
        for lay in s.stack:
            if (
                lay.attack
                and lay.controller == player
                and lay.card is not None
                and attack_is(word, lay.card, lay.source_zone == "weapon")
            ):
                lay.power_bonus += e.amount
                lay.go_again = lay.go_again or bool(again)
    elif k == "cost_filtered":  # costs.cost_modifiers, for every fitting card this turn (CR 5.1.6a)
        s.effects.append(Effect("cost_filtered", player, e.amount, "turn", name, text=e.target))
    elif k == "next_action_ap":  # playing.next_action_ap: a delayed trigger (CR 6.6)
        s.effects.append(Effect("next_action_ap", player, e.amount, "turn", name, text=e.target))
    elif k == "next_hit":  # triggers.next_hit_triggers: on the player's next such hit (CR 6.6, 7.5.5)
        s.effects.append(Effect("next_hit", player, 0, "turn", name, text=e.target))
    elif k == "damage_them":  # the hero the attack hit (a delayed hit trigger's "them")
        deal_damage(s, other(player), e.amount, name, ctx, arcane=False, controller=player)
    elif k == "next_arcane_plus":  # playing.next_arcane_plus binds it to the next such card (CR 6.4.3)
        s.effects.append(Effect("next_arcane_plus", player, e.amount, "turn", name, text=e.target))
    elif k == "next_way_attack":  # consumed by playing.apply_next_card_effects (CR 5.1.2a)
        s.effects.append(Effect("next_way_attack", player, e.amount, "turn", name, text=e.target))
    elif k == "next_action_go_again":  # consumed by playing.play (CR 5.1.2a)
        s.effects.append(Effect("next_action_go_again", player, 0, "turn", name, text=e.target))
    elif k == "next_attack_cost":  # costs.cost_modifiers, used up by the attack it applies to (CR 5.1.6a)
        kind = "cost_next_guardian" if e.target == "guardian" else "cost_next_attack"
        s.effects.append(Effect(kind, player, e.amount, "turn", name))
    elif k == "each_create_token":
        # "Each hero creates a Might token": a multi-event, the effect's controller first (CR 1.9.2c)
        for pl in (player, other(player)):
            for _ in range(max(1, e.amount)):
                make_token(s, pl, e.target, ctx)
    elif k == "each_draw":
        for pl in (player, other(player)):  # CR 1.9.2c
            draw(s, pl, e.amount, ctx)
    elif k == "sharpen_all":
        # "sharpen all swords you control" (CR 8.5.58): a +1{p} counter on each, removed as the end phase begins
        for weapon in p.weapons:
            if e.target != "weapon" and e.target not in {x.casefold() for x in weapon.facts.subtypes}:
                continue
            weapon.counters["power"] = weapon.counters.get("power", 0) + 1
            if not any(x.kind == "sharpen" and x.card_id == weapon.id for x in s.effects):
                s.effects.append(Effect("sharpen", player, 1, "end", name, weapon.id))
            ctx.events.append(Event("sharpen", player, weapon.name, 1))
    elif k == "next_typed_attack":
        # "Your next dagger attack this turn gets +1{p}": applies as a matching attack is played (CR 5.1.2a)
        s.effects.append(Effect("next_typed_attack", player, e.amount, "turn", name, text=e.target))
    elif k == "gain_life":
        if p.life is not None:
            p.life += e.amount
    elif k in ("target_lose_life", "opponent_lose_life", "lose_life"):
        # losing life is not damage: prevention and ward do not apply (CR 8.5.3d)
        if k == "lose_life":
            loser = player
        elif k == "target_lose_life" and layer is not None and layer.targets:
            loser = target_player(layer.targets[0], player)
        else:
            loser = other(player)
        victim = s.p(loser)
        if victim.life is not None:
            victim.life -= e.amount
            ctx.events.append(Event("life_loss", loser, str(e.amount)))
            check_game_over(s, ctx)
    elif k == "gain_resources":
        p.resource_points += e.amount
    elif k == "gain_ap":
        p.action_points += e.amount
    elif k == "arcane_each":
        targets = [target_player(t, player) for t in (layer.targets if layer else [])] or [other(player)]
        for t in targets:
            deal_damage(s, t, e.amount, name, ctx, arcane=True, controller=player, check=False)
        check_game_over(s, ctx)
    elif k == "negate":
        wanted = layer.targets[0] if layer is not None and layer.targets else ""
        for lay in reversed(s.stack):
            if norm_name(lay.name) == norm_name(wanted.split(":")[-1]):
                s.stack.remove(lay)  # CR 8.5.26: cleared, does not resolve
                if lay.card is not None:
                    to_graveyard(s, lay.card)
                ctx.events.append(Event("negate", player, lay.name))
                break
    elif k == "mark":
        hit_hero = other(player)  # "mark them" (the hit hero) / "mark target opposing hero" (CR 8.5.50)
        if hit_hero not in s.marked:
            s.marked.append(hit_hero)  # an already marked hero stays marked (CR 9.3.2a)
    elif k == "self_go_again":
        link = s.active_link()
        if link is not None:
            link.go_again = True
    elif k == "create_token_hit_damage":  # "equal to the damage dealt this way": the hit's damage (CR 7.5.2a)
        link = next((lk for lk in s.chain if layer is not None and lk.attack.id == layer.source_id), None)
        for _ in range(link.damage or 0 if link is not None else 0):
            make_token(s, player, e.target, ctx)
    elif k in ("self_to_soul", "self_to_bottom", "self_to_hand"):
        move_attack_card(s, player, name, k[len("self_to_") :], layer, ctx)
    elif k in (
        "destroy_deck_top",
        "destroy_arsenal_card",
        "arsenal_to_bottom",
        "tap_hero",
        "destroy_opp",
        "arsenal_reveal_banish",
        "banish_arsenal_card",
        "they_banish_hand",
    ):
        hit_hero_effect(s, player, name, e, ctx)
    elif k == "destroy_arsenal":
        victim = s.p(other(player))
        for card in list(victim.arsenal):
            victim.arsenal.remove(card)
            to_graveyard(s, card)
        ctx.events.append(Event("destroy", other(player), "arsenal"))
    elif k == "discard_choice":
        ctx.events.append(Event("trigger", player, f"{name} discard"))
        ctx.add(
            NOTE,
            say(
                "line {number}: {name} makes {other} discard a card of their choice; log it ('{other} discards X').",
                number=ctx.entry.number,
                name=name,
                other=other(player),
            ),
            "discard",
        )
    elif k == "bottom_defending":
        wanted = layer.targets[0] if layer is not None and layer.targets else ""
        link = s.active_link()
        if link is not None:
            for card in list(link.defending):
                if norm_name(card.name) == norm_name(wanted.split(":")[-1]):
                    link.defending.remove(card)
                    put_bottom(s.p(card.owner), [card])
                    break
    elif k in ("arcane", "damage"):
        target = other(player)
        if layer is not None and layer.targets:
            target = target_player(layer.targets[0], player)
        deal_damage(s, target, e.amount, name, ctx, arcane=k == "arcane", controller=player)
    elif k == "draw":
        draw(s, player, e.amount, ctx)
    elif k == "target_defense":  # "target defending [X] card gets +N{d}" (CR 1.8.5: the line names it)
        link = s.active_link()
        named = layer.targets[0] if layer is not None and layer.targets else ""
        named = re.sub(r"^(?:the )?defending ", "", named, flags=re.I)  # "targeting the defending Brick"
        described = defender_descriptor(e.target or "card") or ((),)
        pool = [c for c in (link.defending if link else []) if defender_fits(c, described)]
        chosen = next(
            (c for c in pool if named and norm_name(c.name) == norm_name(named.split(":")[-1])), None
        )
        if chosen is None and len(pool) == 1 and named in ("", other(player), player):
            chosen = pool[0]  # the only defending card it can target
        if chosen is not None:
            chosen.counters["defense_effect"] = chosen.counters.get("defense_effect", 0) + e.amount
        else:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name}: the engine cannot tell which defending card it targets (name it: 'targeting X'); enter its outcome as an adjustment line.",
                    number=ctx.entry.number,
                    name=name,
                ),
                "manual_effect",
            )
    elif k == "arsenal_bottom":
        # "Put a face-up card from your arsenal on the bottom of your deck. If you do, Y" (CR 1.8.4): the
        # arsenal's face-up card, if any, goes; then Y acts as an option's outcome does (apply_choice)
        up = next((c for c in p.arsenal if c.face == "up"), None)
        if up is None:
            ctx.add(
                NOTE,
                say(
                    "line {number}: {name}: there is no face-up card in {player}'s arsenal, so nothing happens.",
                    number=ctx.entry.number,
                    name=name,
                    player=player,
                ),
            )
            return
        p.arsenal.remove(up)
        put_bottom(p, [up])
        ctx.events.append(Event("move", player, f"{up.name}: arsenal -> deck bottom"))
        source = (layer.source_id or (layer.card.id if layer.card is not None else "")) if layer else ""
        apply_choice(s, Effect("choice_offer", player, 0, "link", name, card_id=source, choice=e.target), ctx)
    elif k == "add_defender_offer":  # the log's next line adds the card (defending.add_from_offer)
        s.effects.append(Effect("add_defender", player, 0, "link", name, text=e.target))
        ctx.add(
            NOTE,
            say(
                "line {number}: {name} lets {player} add a {kind} card from their arsenal as a defending card; log it ('{player} adds X from arsenal as a defending card').",
                number=ctx.entry.number,
                name=name,
                player=player,
                kind=e.target,
            ),
        )
    elif k in (
        "opponent_draw",
        "they_draw",
    ):  # "another target hero draws a card", "they draw": the other hero
        draw(s, other(player), e.amount, ctx)
    elif k in ("self_defense", "self_close"):
        # a defend trigger's "this gets +N{d}" / "banish it when the combat chain closes": its source,
        # defending (CR 6.6.5); a defense reaction's own text names the card itself
        source = (layer.source_id or (layer.card.id if layer.card is not None else "")) if layer else ""
        link = s.active_link()
        card = next((c for c in (link.defending if link else []) if source and c.id == source), None)
        if card is not None and k == "self_defense":
            card.counters["defense_effect"] = card.counters.get("defense_effect", 0) + e.amount
        elif card is not None:
            mark_close_fate(card, e.target)
        else:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name}'s effect after 'If you do' acts on a card the engine cannot find now; enter its outcome as an adjustment line.",
                    number=ctx.entry.number,
                    name=name,
                ),
                "manual_effect",
            )
    elif k == "prevent_next":
        s.effects.append(Effect("prevent_next", player, e.amount, "turn", name))
    elif k == "prevent_fixed":
        s.effects.append(Effect("prevent_fixed", player, e.amount, "turn", name))
    elif k == "prevent_next_arcane":  # a shield for arcane damage only (damage.deal_damage, CR 6.4.10)
        s.effects.append(Effect("prevent_next_arcane", player, e.amount, "turn", name))
    elif k == "prevent_times":  # one shield per damage event, for the next N events (CR 6.4.10)
        for _ in range(int(e.target.split(":")[1])):
            s.effects.append(Effect("prevent_fixed", player, e.amount, "turn", name))
    elif k == "prevent_physical":  # the next {p} damage event (damage.deal_damage; CR 8.5.3b, 6.4.10)
        text = f"The next time you would be dealt {{p}} damage, prevent {e.amount} of that damage."
        duration = "" if e.target == "lasting" else "turn"
        s.effects.append(Effect("prevent_physical", player, e.amount, duration, name, text=text))
    elif k == "prevent_class":  # the next event of a source of that class (damage.deal_damage; CR 6.4.10)
        s.effects.append(Effect("prevent_class", player, e.amount, "turn", name, text=e.target))
    elif k == "prevent_small":  # the next event of at most N damage is prevented in full (CR 6.4.10)
        s.effects.append(Effect("prevent_small", player, e.amount, "turn", name))
    elif k == "prevent_next_target":
        shielded = target_player(layer.targets[0], player) if layer is not None and layer.targets else player
        s.effects.append(Effect("prevent_next", shielded, e.amount, "turn", name))
    elif k == "create_token":
        for _ in range(max(1, e.amount)):
            make_token(s, player, e.target, ctx)
        token_created(s, player, e.target, ctx)  # Victor Goldmane's first Gold each turn
    elif k == "create_in_hand":  # "Create a Fang Strike in your hand" (CR 1.3.1b)
        card = new_card(s, e.target, player, ctx)
        card.private_to = player
        p.hand.append(card)
        conditions.record_creation(s, player, card)  # "if you've created a card this turn"
        ctx.events.append(Event("create", player, f"{card.name}: hand"))
    elif k in ("create_token_opp", "they_create_token"):
        for _ in range(max(1, e.amount)):
            make_token(s, other(player), e.target, ctx)  # "under their control": the opposing hero
    elif k == "return_to_hand":
        for card in list(p.graveyard):
            if norm_name(card.name) == norm_name(e.target) or norm_name(card.name).startswith(
                norm_name(e.target)
            ):
                p.graveyard.remove(card)
                p.hand.append(card)
                ctx.events.append(Event("move", player, card.name))
                break
        else:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name} returns a {target} from {player}'s graveyard, and the engine found none there; enter the outcome as an adjustment line.",
                    number=ctx.entry.number,
                    name=name,
                    target=e.target,
                    player=player,
                ),
                "manual_effect",
            )
    elif k == "grant_cost_keyword":
        # Bravo, Showstopper: attack action cards with cost N or greater gain a keyword this turn
        s.effects.append(Effect("grant_keyword", player, e.amount, "turn", name, text=e.target))
    elif k == "transcend":
        if layer is not None and layer.card is not None:  # resolve_top puts it into the hand
            ctx.events.append(Event("transcend", player, layer.card.id))
            conditions.record(s, player, "transcended")  # CR 8.5.48a: the player has transcended
    elif k == "opt":
        ctx.add(
            NOTE,
            say(
                "line {number}: {name} makes {player} opt {amount}; log where the cards go ('{player} opts {amount}: ...').",
                number=ctx.entry.number,
                name=name,
                player=player,
                amount=e.amount,
            ),
            "opt",
        )
    elif k == "manual":
        ctx.add(
            MANUAL,
            say(
                "line {number}: the engine cannot compute {target}; enter its outcome as an adjustment line.",
                number=ctx.entry.number,
                target=repr(e.target),
            ),
            "manual_effect",
        )


def move_attack_card(s: GameState, player: str, name: str, dest: str, layer: Layer | None, ctx: Ctx) -> None:
    """A hit trigger's "put it into your hero's soul / on the bottom of its owner's deck / into its
    owner's hand": the attack card (the trigger's source) leaves the combat chain; its chain link stays,
    known by the card's last known information (CR 7.0.3c, 7.6.2a), and the Close Step does not move
    it again (CR 7.7). An attack-proxy, or a card no longer on the chain, does not move (CR 1.4.3)."""
    source_id = layer.source_id if layer is not None else ""
    link = next((lk for lk in s.chain if source_id and lk.attack.id == source_id), None)
    if link is None or link.gone or link.proxy:
        ctx.add(
            NOTE,
            say(
                "line {number}: {name} is no longer on the combat chain, so it does not move.",
                number=ctx.entry.number,
                name=name,
            ),
            "moved",
        )
        return
    card = link.attack.clone()
    card.origin = ""
    link.gone = dest
    if dest == "soul":
        s.p(player).soul.append(card)  # "your hero's soul": the trigger's controller (CR 3.11.5)
    elif dest == "bottom":
        put_bottom(s.p(card.owner), [card])
    else:
        s.p(card.owner).hand.append(card)
    ctx.events.append(Event("move", player, f"{card.name}: combat chain -> {dest}"))


def fits_words(card: Card, words: str) -> bool:
    """A permanent answers to "an aura", "an item", "a Seismic Surge token", "an aura token"."""
    words = words.casefold()
    if words.endswith(" token"):
        base = words[: -len(" token")]
        descriptor = conditions._descriptor(base)
        if descriptor is not None:
            return card.facts.is_token and conditions._fits(conditions.tags(card.facts), descriptor)
        return conditions.answers_to(card, base)
    descriptor = conditions._descriptor(words)
    return descriptor is not None and conditions._fits(conditions.tags(card.facts), descriptor)


def hit_hero_effect(s: GameState, player: str, name: str, e: TextEffect, ctx: Ctx) -> None:
    """A hit or crush trigger's effect on the hero it hit (CR 7.5.5, 8.4.2): the top card of their deck
    destroyed (an unknown card until the log reveals it), the card in their arsenal destroyed or put on
    the bottom of their deck, their hero tapped (CR 8.5.55), or "destroy an aura / item / ally / a NAME
    token they control" (all of them for "all"). With several that fit, the choice is the trigger's
    controller's: the log's next line names it ("P1 destroys P2's X"), as for a choice (``choices``)."""
    victim = other(player)
    vp = s.p(victim)
    k = e.kind
    if k == "tap_hero":
        vp.hero_tapped = True
        ctx.events.append(Event("tap", victim, vp.hero or "hero"))
    elif k == "destroy_deck_top":
        if vp.deck_count == 0 or (vp.deck_count is None and not vp.deck_top and not vp.deck_bottom):
            return  # an empty deck: nothing to destroy
        if vp.deck_top:
            top = vp.deck_top.pop(0)
        elif vp.deck_count is not None and vp.deck_count <= len(vp.deck_bottom) and vp.deck_bottom:
            top = vp.deck_bottom.pop(0)  # the deck is only its known bottom
        else:
            top = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=victim)
        if vp.deck_count is not None:
            vp.deck_count = max(0, vp.deck_count - 1)
        to_graveyard(s, top)
        ctx.events.append(Event("destroy", victim, f"{top.name}: deck -> graveyard"))
    elif k == "they_banish_hand":
        # the hero hit chooses (CR 1.8.1b): one known card is that one; more, the log's banish line names it
        # (adjustments: heroes.take_banish_due), reported as the turn ends if it never does
        if len(vp.hand) + vp.hand_unknown == 1 and vp.hand:
            card = vp.hand.pop()
            card.face, card.private_to = "up", ""
            vp.banished.append(card)
            conditions.record_banished(s, victim, card)
            ctx.events.append(Event("move", victim, f"{card.name}: hand -> banished"))
        elif vp.hand or vp.hand_unknown:
            text = "Banish a card from hand (the log names it)."
            s.effects.append(Effect("banish_due", victim, 1, "turn", name, text=text))
            ctx.add(
                NOTE,
                say(
                    "line {number}: {name} makes {victim} banish a card from their hand; log which ('{victim} banishes X').",
                    number=ctx.entry.number,
                    name=name,
                    victim=victim,
                ),
                "banish",
            )
    elif k in ("destroy_arsenal_card", "arsenal_to_bottom", "banish_arsenal_card"):
        if len(vp.arsenal) > 1:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: the engine cannot compute {target}; enter its outcome as an adjustment line.",
                    number=ctx.entry.number,
                    target=repr(f"{name}: {k.replace('_', ' ')}"),
                ),
                "manual_effect",
            )
            return
        for card in list(vp.arsenal):
            vp.arsenal.remove(card)
            if k == "arsenal_to_bottom":
                put_bottom(vp, [card])
                ctx.events.append(Event("move", victim, f"{card.name}: arsenal -> bottom"))
            elif k == "banish_arsenal_card":  # banished face up (CR 3.4)
                card.face, card.private_to = "up", ""
                vp.banished.append(card)
                conditions.record_banished(s, victim, card)
                ctx.events.append(Event("move", victim, f"{card.name}: arsenal -> banished"))
            else:
                to_graveyard(s, card)
                ctx.events.append(Event("destroy", victim, card.name))
    elif k == "arsenal_reveal_banish":
        # "turn a card in their arsenal face-up, then banish a [kind] card from their arsenal": a hidden
        # card is named by the log's reveal line, which banishes it if it fits (zones.reveal)
        for card in list(vp.arsenal):
            card.face = "up"
            if not card.facts.known:
                s.effects.append(
                    Effect("arsenal_banish_due", victim, 0, "turn", name, card.id, text=e.target)
                )
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {name} turns {victim}'s arsenal card face up; log which card it is ('{victim} reveals X in their arsenal').",
                        number=ctx.entry.number,
                        name=name,
                        victim=victim,
                    ),
                    "reveal",
                )
            else:
                banish_if_fits(s, vp, card, e.target, ctx)
    elif k == "destroy_opp":
        fitting = [c for c in permanents_of(s, victim) if fits_words(c, e.target)]
        if e.amount and len({norm_name(c.name) for c in fitting}) > 1:
            s.effects.append(Effect("destroy_due", player, 1, "turn", name, text=f"{victim}:{e.target}"))
            ctx.add(
                NOTE,
                say(
                    "line {number}: {name} destroys {what} {victim} controls, of {player}'s choice; log which ('{player} destroys {victim}'s X').",
                    number=ctx.entry.number,
                    name=name,
                    what=f"{'an' if e.target[:1] in 'aeiou' else 'a'} {e.target}",
                    victim=victim,
                    player=player,
                ),
                "destroy",
            )
            return
        for card in fitting[: e.amount or None]:
            destroy_permanent(s, card)
            ctx.events.append(Event("destroy", victim, card.name))


def enter_arena(s: GameState, card: Card, player: str, ctx: Ctx) -> None:
    """A permanent entering the arena from a resolving card: "enters the arena with N steam counters"
    (an identity replacement, CR 6.4.8) puts them on as it enters; a card with crank (8.3.29) may then
    have one removed for an action point, which the log says ("P1 cranks X", ``crank``)."""
    steam = steam_text(card.facts)
    if steam.enters:
        card.counters["steam"] = card.counters.get("steam", 0) + steam.enters
    if card.facts.has("suspense"):  # "This enters the arena with 2 suspense counters" (CR 8.3.42)
        card.counters["suspense"] = card.counters.get("suspense", 0) + SUSPENSE_COUNTERS
    conditions.record(s, player, f"entered id:{card.id}")
    if (steam.crank or grants_crank(s, player, card)) and card.counters.get("steam", 0):
        ctx.add(
            NOTE,
            say(
                "line {number}: {card} enters the arena with crank; if {player} removed a steam counter for an action point, log '{player} cranks {card}' (CR 8.3.29).",
                number=ctx.entry.number,
                card=card.name,
                player=player,
            ),
            "crank",
        )
    steam_gone(s, card, ctx)


def steam_gone(s: GameState, card: Card, ctx: Ctx) -> None:
    """ "When this has no steam counters, destroy it": a state-based trigger (CR 6.6.5c), resolved at
    once here (nothing the log shows responds to it)."""
    if steam_text(card.facts).none_destroys and not card.counters.get("steam", 0):
        destroy_permanent(s, card)
        ctx.events.append(Event("destroy", card.owner, card.name))


def crank(s: GameState, c: A.Crank, ctx: Ctx) -> None:
    """CR 8.3.29: as a card with crank enters the arena, its controller may remove a steam counter from
    it and gain an action point (8.3.29a: they have cranked). Only a card that entered the arena this
    turn and was not cranked yet, with a steam counter on it, can be cranked."""
    p = s.p(c.player)
    it = norm_name(c.card) in ("it", "this", "that", "that item", "the item")  # the card that just entered
    found = [
        x
        for x in p.permanents
        if (it and _has_crank(s, c.player, x)) or norm_name(x.name) == norm_name(c.card)
    ]
    entered = [x for x in found if f"{c.player} entered id:{x.id}" in s.turn_log]
    candidates = entered or found
    card = candidates[-1] if candidates else None
    if card is None:
        raise Illegal("crank", say("{player} controls no {card} to crank.", player=c.player, card=c.card))
    if not _has_crank(s, c.player, card):
        raise Illegal("crank", say("{card} has no crank.", card=card.name))
    if card not in entered or f"{c.player} cranked id:{card.id}" in s.turn_log:
        raise Illegal(
            "crank",
            say(
                "{card} can be cranked only as it enters the arena, once; it did not just enter.",
                card=card.name,
            ),
        )
    if not card.counters.get("steam", 0):
        raise Illegal("crank", say("{card} has no steam counter to remove for crank.", card=card.name))
    card.counters["steam"] -= 1
    p.action_points += 1
    conditions.record(s, c.player, f"cranked id:{card.id}")
    ctx.events.append(Event("crank", c.player, card.name, 1))
    crank_abilities(s, c.player, ctx)  # Puffin's second crank of the turn
    steam_gone(s, card, ctx)


def _has_crank(s: GameState, player: str, card: Card) -> bool:
    """Crank printed on the card or granted by the hero (Maxx's Hyper Drivers)."""
    return card.facts.has("crank") or grants_crank(s, player, card)


def steam_upkeep(s: GameState, ctx: Ctx) -> None:
    """The turn-player's permanents that say "At the start of your turn, destroy this unless you remove
    a steam counter from it" (CR 4.2.2: resolved as the start phase ends): a steam counter is removed
    when there is one (a player who chose not to logs the destroy instead), else the card is destroyed."""
    player = s.turn_player
    for card in list(s.p(player).permanents):
        if not steam_text(card.facts).upkeep:
            continue
        if card.counters.get("steam", 0):
            card.counters["steam"] -= 1
            ctx.events.append(Event("trigger", player, f"{card.name}: a steam counter removed"))
            ctx.add(
                NOTE,
                say(
                    "line {number}: {player} removes a steam counter from {card} as the turn starts, so it is not destroyed; if {player} chose to let it be destroyed, log '{player} destroys {card}'.",
                    number=ctx.entry.number,
                    player=player,
                    card=card.name,
                ),
                "steam",
            )
            steam_gone(s, card, ctx)
        else:
            destroy_permanent(s, card)
            ctx.events.append(Event("destroy", player, card.name))
