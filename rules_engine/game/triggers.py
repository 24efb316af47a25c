"""Triggered abilities (CR 6.6) and the tokens' triggers (CR 8.6).

When an event triggers an ability, its layer goes on the stack here: the token triggers on playing a
card or an attack (Frostbite, Eloquence, Runechant, Quicken, Courage, Embodiment of Lightning), the
spectra trigger, the hit and crush triggers of the Damage Step, and the tokens that trigger as a
phase begins (Soul Shackle and Seismic Surge at the action phase, Might, Vigor, Agility, Confidence
and Toughness at the start of a turn). A trigger the log names is checked against the stack and its
token's condition. Triggers resolve in ``layers``.
"""

from __future__ import annotations

import re

from rules_engine.wording import say

from . import actions as A
from . import conditions
from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .effects import (
    CRUSH,
    HERO_FIRST_HIT,
    HERO_MARKED_HIT,
    HERO_WEAPON_KIND_HIT,
    HIT_BANISH_ARSENAL,
    HIT_BANISH_FROM_HAND,
    NEXT_ATTACK_POWER_LASTING,
    SEARCH_BANISH_PLAY,
    TOKEN_RULES,
    TextEffect,
    crush_effects,
    recognise,
    split_sentences,
    token_facts,
)
from .heroes_text import START_BANISH_HAND_TOKEN
from .rules import MANUAL, MISSED_TRIGGER, NOTE, Illegal
from .state import PLAYERS, Card, ChainLink, Effect, GameState, Layer, other
from .trigger_words import hero_fits
from .values import attack_is, grant_met
from .zones import deck_banish_triggers, destroy_permanent, draw, target_player, token_base


def action_phase_triggers(s: GameState, ctx: Ctx) -> None:
    """The turn-player's tokens that trigger as the action phase begins: Soul Shackle banishes the
    top card of the deck, Seismic Surge is destroyed and the next Guardian attack costs 1 less
    (CR 8.6.2)."""
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
            conditions.record_banished(s, s.turn_player, top)
            ctx.events.append(Event("trigger", s.turn_player, "soul shackle"))
            deck_banish_triggers(s, s.turn_player, top, ctx)  # Data Doll MKII
            ctx.events.append(
                Event("random", s.turn_player, f"Soul Shackle banished {top.name} from the top of the deck")
            )
        if t is not None and t.text == "action_phase:cost_less":
            destroy_permanent(s, tok)  # CR 8.6.2
            s.effects.append(Effect("cost_next_guardian", s.turn_player, -1, "turn", "Seismic Surge"))
            ctx.events.append(Event("trigger", s.turn_player, "seismic surge"))


def play_triggers(s: GameState, player: str, ctx: Ctx) -> None:
    """Frostbite (CR 8.6.10): when its controller plays a card, it is destroyed."""
    for tok in list(s.p(player).permanents):
        t = token_facts(tok.name)
        if t is not None and t.text == "cost_more":
            s.stack.append(
                Layer(
                    id=s.new_id(),
                    kind="triggered",
                    name=f"{token_base(tok.name)} trigger",
                    controller=player,
                    effect="destroy_source",
                    targets=[tok.id],
                )
            )
            ctx.events.append(Event("trigger", player, "Frostbite"))


def nonattack_triggers(s: GameState, player: str, layer: Layer, ctx: Ctx) -> None:
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


def spectra_trigger(s: GameState, target: str, ctx: Ctx) -> None:
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


def attack_played_triggers(s: GameState, player: str, layer: Layer, ctx: Ctx, action_card: bool) -> None:
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


def hit_triggers(s: GameState, link: ChainLink, amount: int, ctx: Ctx, marked: bool = False) -> None:
    """CR 7.5.5: effects that trigger on the hit-event go on the stack in the Damage Step; ``marked``:
    the hit hero was marked as the hit happened (CR 9.3.3)."""
    text = own_name_as_this(link.attack.facts)

    def granted(m: re.Match[str]) -> str:
        # "If you've dealt arcane damage this turn, this gets "When this hits ..."" (a conditional grant)
        return m.group(1) if link.controller in s.arcane_dealt else ""

    text = re.sub(r"if you've dealt arcane damage this turn, this gets \"(.+?)\"", granted, text, flags=re.I)
    # each granted ability its own sentence; the Agents' granted hit banishes are heroes.granted_hit_banish's
    granted_lines = [
        g for g in link.granted if not (HIT_BANISH_ARSENAL.match(g) or HIT_BANISH_FROM_HAND.match(g))
    ]
    text = "\n".join([text] + granted_lines)
    effects, _ = recognise(text)
    hit = [e for e in effects if e.trigger == "hit"]
    conditional = [e for e in effects if e.trigger.startswith("hit-if:")]
    qualified = [e for e in effects if e.trigger.startswith(("hit-hero:", "hit-hand:"))]
    if link.no_hit_triggers:
        # CR 6.6.5f: a trigger stopped from triggering still counts for "the first time ..." limits
        if hit or conditional or qualified:
            ctx.events.append(Event("trigger_prevented", link.controller, f"{link.attack.name} hit trigger"))
        hero_hit_abilities(s, link, ctx, prevented=True, marked=marked)
        return
    if hit:
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{link.attack.name} hit trigger",
            controller=link.controller,
            effect="text",
            source_id=link.attack.id,
        )
        layer.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in hit]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, layer.name))
    for key in dict.fromkeys(e.trigger[len("hit-if:") :] for e in conditional):
        # "When this hits a hero, if [condition], EFFECT": it triggers only if the condition holds, and
        # is checked again as it resolves (CR 1.8.4; layers.resolve_trigger, "text-if")
        if not grant_met(
            s, link, key, 0
        ):  # the attack's own power as the rules count it, or the grammar's key
            ctx.add(
                NOTE,
                say(
                    "line {number}: {name}: its condition does not hold ({key}), so it does nothing.",
                    number=ctx.entry.number,
                    name=f"{link.attack.name} hit trigger",
                    key=key.split(";")[0],
                ),
                "trigger",
            )
            continue
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{link.attack.name} hit trigger",
            controller=link.controller,
            effect=f"text-if:{key}|{link.attack.id}",
            source_id=link.attack.id,
        )
        layer.targets = [
            f"{e.kind}:{e.amount}:{e.target}" for e in conditional if e.trigger == f"hit-if:{key}"
        ]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, layer.name))
    qualified_hit_triggers(s, link, qualified, ctx, marked)
    hero_hit_abilities(s, link, ctx, marked=marked)


def qualified_hit_triggers(
    s: GameState, link: ChainLink, found: list[TextEffect], ctx: Ctx, marked: bool
) -> None:
    """ "When this hits a Brute / Runeblade or Wizard / marked hero, EFFECT": the hero hit is part of the
    trigger condition, so it triggers only on such a hero (CR 6.6.5b; a class or talent of the hero card, a
    supertype, 2.11.6; a mark as the hit happened, 9.3.3); an unknown hero card leaves it to the judge. "When this
    hits a hero, if they have N or more cards in hand, EFFECT": the condition belongs to the effect (CR
    6.6.1c, 1.8.4), checked as the layer resolves (``layers.resolve_trigger``)."""
    for trig in dict.fromkeys(e.trigger for e in found):
        mine = [e for e in found if e.trigger == trig]
        kind, _, words = trig.partition(":")
        effect = "text"
        if kind == "hit-hand":
            effect = f"text-if:{trig}|{link.attack.id}"
        else:
            fits = hero_fits(s.p(link.target[:2]).hero_card, words, marked)
            if fits is False:
                continue  # not the hero the trigger names: it does not trigger (CR 6.6.5b)
            if fits is None:
                effect = f"manual hit trigger ({link.attack.name}: the hero hit must be {words.replace('|', ' or ')})"
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{link.attack.name} hit trigger",
            controller=link.controller,
            effect=effect,
            source_id=link.attack.id,
        )
        layer.targets = (
            [] if effect.startswith("manual") else [f"{e.kind}:{e.amount}:{e.target}" for e in mine]
        )
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, layer.name))


def hero_hit_abilities(
    s: GameState, link: ChainLink, ctx: Ctx, prevented: bool = False, marked: bool = False
) -> None:
    """A hero's "The first time an attack action card you control hits (each turn), ..." (Katsu,
    Briar): a triggered layer once per turn (CR 6.6); "Whenever you hit a marked hero, ..." (Cindra,
    Fang): a triggered layer on each hit of a hero who was marked when the hit happened (``marked``;
    the hit itself removes the mark, CR 9.3.3, so the trigger reads the state before it). An effect
    the engine cannot compute is reported when the layer resolves."""
    p = s.p(link.controller)
    _next_weapon_hit(s, link, ctx, prevented)
    hero = p.hero_card
    if hero is None:
        return
    for sentence in [x.strip() for x in hero.text.split("\n") if x.strip()]:  # one ability per line
        m = HERO_FIRST_HIT.match(sentence)
        if m:
            if not link.attack.facts.is_attack_action:
                continue
            key = f"{link.controller}-hero-first-hit"
            if key in p.once_per_turn:
                continue
            p.once_per_turn.append(key)
        elif (w := HERO_WEAPON_KIND_HIT.match(sentence)) is not None:
            kind = sentence.split()[2].casefold()  # "whenever a dagger you own hits a hero"
            if kind not in link.attack.facts.subtypes or link.attack.owner != link.controller:
                continue
            m = w
        else:
            m = HERO_MARKED_HIT.match(sentence)
            if not m or not marked:
                continue
        if prevented:
            ctx.events.append(Event("trigger_prevented", link.controller, f"{hero.name} trigger"))
            continue
        rest = sentence[m.start(1) :]
        lasting = NEXT_ATTACK_POWER_LASTING.match(rest)
        if lasting:  # Benji: "your next attack gains +1{p}", no duration (it waits for the next attack)
            layer = Layer(
                id=s.new_id(),
                kind="triggered",
                name=f"{hero.name} trigger",
                controller=link.controller,
                effect="text",
            )
            layer.targets = [f"next_attack_power:{lasting.group(1)}:lasting"]
            s.stack.append(layer)
            ctx.events.append(Event("trigger", link.controller, layer.name))
            continue
        effects, unknown = recognise(rest.rstrip("."))
        computed = (
            bool(effects) and not unknown and all(not e.trigger and e.kind != "manual" for e in effects)
        )
        search = SEARCH_BANISH_PLAY.fullmatch(rest.strip())  # Katsu: heroes.start_search as it resolves
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{hero.name} trigger",
            controller=link.controller,
            effect="text" if computed else "search" if search else f"manual {rest}",
        )
        layer.targets = (
            [f"{e.kind}:{e.amount}:{e.target}" for e in effects]
            if computed
            else [rest.strip()]
            if search
            else []
        )
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, layer.name))


def _next_weapon_hit(s: GameState, link: ChainLink, ctx: Ctx, prevented: bool) -> None:
    """Kassai of the Golden Sand's delayed "The next time a weapon you control hits a hero this turn, create
    a Gold token" (``heroes_more.resolve_ability`` leaves it as an effect): the next hit of a weapon's
    attack (its attack-proxy, CR 1.4.3) the player controls puts its triggered layer on the stack (CR 6.6)
    and the effect is used; a hit whose triggers are stopped uses it too (CR 6.6.5f)."""
    if not link.attack.facts.is_weapon or not link.target.startswith(("P1", "P2")):
        return
    eff = next(
        (e for e in s.effects if e.kind == "next_weapon_hit_token" and e.player == link.controller), None
    )
    if eff is None:
        return
    s.effects.remove(eff)
    if prevented:
        ctx.events.append(Event("trigger_prevented", link.controller, f"{eff.source} trigger"))
        return
    name = eff.source.removesuffix(" ability")
    layer = Layer(
        id=s.new_id(), kind="triggered", name=f"{name} trigger", controller=link.controller, effect="text"
    )
    layer.targets = [f"create_token:1:{eff.card_id}"]
    s.stack.append(layer)
    ctx.events.append(Event("trigger", link.controller, layer.name))


_DEALT_DAMAGE = re.compile(r"whenever you are dealt damage, (.+?)(?:\.|$)", re.I)


def damage_triggers(s: GameState, target: str, ctx: Ctx) -> None:
    """The damaged hero's permanents that trigger "whenever you are dealt damage" (CR 6.6.5b: on the
    damage event that occurred); each is a triggered layer its controller adds (CR 6.6.6)."""
    p = s.p(target)
    for card in list(p.permanents) + [c for c in p.equipment.values() if c is not None]:
        m = _DEALT_DAMAGE.search(card.facts.text)
        if not m:
            continue
        effects, unknown = recognise(m.group(1) + ".")
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{card.name} trigger",
            controller=target,
            effect="text" if effects and not unknown else "manual",
        )
        layer.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in effects]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", target, layer.name))


def order_pending(s: GameState, start: int) -> None:
    """CR 6.6.6b: triggered layers created by the same event go on the stack player by player, the
    turn-player's first (the engine reads the turn-player as selecting themselves, the usual choice;
    a log that says otherwise is entered as the judge's adjustment), so the other player's resolve
    first. The order within one player's layers is kept."""
    new = s.stack[start:]
    if len({layer.controller for layer in new}) > 1:
        s.stack[start:] = sorted(new, key=lambda layer: layer.controller != s.turn_player)


def own_name_as_this(facts: CardFacts) -> str:
    """A card's text with its own name read as "this" ("If Hamstring Shot hits" = "If this hits")."""
    return re.sub(re.escape(facts.name), "this", facts.text, flags=re.I) if facts.name else facts.text


def crush(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """CR 8.4.2: "Crush - When this deals 4 or more damage, [EFFECTS]" triggers."""
    m = next(
        (CRUSH.match(x) for x in split_sentences(own_name_as_this(link.attack.facts)) if CRUSH.match(x)), None
    )
    if not m:
        return
    effects = crush_effects(m.group(2)) or []
    if m.group(1):  # "to a Guardian hero": the trigger condition reads the hero card (CR 6.6.5b)
        hero = s.p(link.target).hero_card
        if hero is not None and hero.known and "guardian" not in {c.casefold() for c in hero.classes}:
            return
        if hero is None or not hero.known:
            effects = []  # the hero's class is the judge's to check
    layer = Layer(
        id=s.new_id(),
        kind="triggered",
        name=f"{link.attack.name} crush trigger",
        controller=link.controller,
        effect="text" if effects else "manual crush",
        source_id=link.attack.id,
    )
    layer.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in effects]
    s.stack.append(layer)
    ctx.events.append(Event("trigger", link.controller, "crush"))


def start_phase(s: GameState, ctx: Ctx) -> None:
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
            destroy_permanent(s, tok)
            ctx.events.append(Event("trigger", pl, t.name.casefold()))
            apply_token_effect(s, pl, t.name, t.text.split(":", 1)[1], ctx)


def trigger(s: GameState, c: A.Trigger, ctx: Ctx) -> None:
    """A trigger named by the log: if the engine already put it on the stack this confirms it;
    otherwise the layer is added (and a known token's trigger is applied when it resolves)."""
    name = norm_name(c.source)
    parts = [norm_name(x) for x in re.split(r"\s+and\s+|,\s*", c.source) if x.strip()]
    if len(parts) > 1:
        for part in parts:
            trigger(s, A.Trigger(part, c.player, c.targets), ctx)
        return
    for layer in s.stack:
        if layer.kind == "triggered" and norm_name(layer.name).startswith(name):
            if c.targets and layer.effect == "arcane1":
                layer.targets = [target_player(c.targets[0], layer.controller)]
            return
    player = c.player or s.turn_player
    events = ctx.events + ctx.prev_events
    if any(e.kind == "trigger" and name.rstrip("s") in e.subject.casefold() for e in events):
        return  # the engine already applied it
    if any(
        e.kind in ("banish_due", "look_opp_top_due", "pay_life_offer")
        and norm_name(e.source).startswith(name)
        for e in s.effects
    ):
        return  # a hero's trigger that resolved and waits for the choice the line tells (heroes_more)
    hero = s.p(s.turn_player).hero_card
    if (
        s.phase == "start"
        and hero is not None
        and norm_name(hero.name).startswith(name)
        and any(START_BANISH_HAND_TOKEN.match(x.strip()) for x in hero.text.split("\n"))
    ):
        return  # Vynnset's start-of-turn trigger, which the engine makes as the Start Phase ends (heroes_more)
    t = token_facts(c.source.rstrip("s")) or token_facts(c.source)
    if t is not None:
        token_trigger(s, c, player, t, ctx)
        return
    effect = "manual"
    layer = Layer(
        id=s.new_id(), kind="triggered", name=f"{c.source} trigger", controller=player, effect=effect
    )
    if effect == "manual":
        ctx.add(
            MANUAL,
            say(
                "line {number}: the log adds {source}'s trigger; enter its outcome as adjustment lines.",
                number=ctx.entry.number,
                source=c.source,
            ),
            "manual_effect",
        )
        s.stack.append(layer)
        return
    layer.targets = (
        [target_player(x, player) for x in c.targets]
        if c.targets
        else ([other(player)] if effect == "arcane1" else [])
    )
    for tok in s.p(player).permanents:
        if norm_name(tok.name) == name and effect in ("arcane1", "go_again", "power1"):
            destroy_permanent(s, tok)
            break
    s.stack.append(layer)
    ctx.add(
        MISSED_TRIGGER if effect != "manual" else MANUAL,
        say(
            "line {number}: the log adds {source}'s trigger; the engine had not put it on the stack at this point.",
            number=ctx.entry.number,
            source=c.source,
        ),
        "trigger",
    )


def token_trigger(s: GameState, c: A.Trigger, player: str, t: CardFacts, ctx: Ctx) -> None:
    """A token trigger named by the log, checked against its CR 8.6 trigger condition."""
    rule = TOKEN_RULES.get(t.name.casefold(), "8.6")
    tok = next(
        (x for x in s.p(player).permanents if norm_name(token_base(x.name)) == norm_name(t.name)),
        None,
    )
    cond = t.text.split(":", 1)[0]
    if tok is None:
        raise Illegal("token", say("{player} controls no {t} token.", player=player, t=t.name), (rule,))
    ok = cond == "opp_start" or (
        (cond == "start" and s.phase == "start" and player == s.turn_player)
        or (cond == "end_phase" and s.phase == "end" and player == s.turn_player)
        or (cond == "action_phase" and s.phase == "action" and player == s.turn_player)
    )
    if not ok:
        raise Illegal(
            "token",
            say(
                "{t}'s trigger condition is not met now ({phase} phase of {turn_player}'s turn).",
                t=t.name,
                phase=s.phase,
                turn_player=s.turn_player,
            ),
            (rule,),
        )
    if cond == "opp_start":
        ok = s.phase == "start" and player != s.turn_player
        if not ok:
            raise Illegal(
                "token",
                say("{t} triggers at the start of its controller's opponent's turn.", t=t.name),
                (rule,),
            )
    effect = t.text.split(":", 1)[1]
    destroy_permanent(s, tok)
    ctx.events.append(Event("trigger", player, t.name.casefold()))
    apply_token_effect(s, player, t.name, effect, ctx)


def apply_token_effect(s: GameState, player: str, name: str, effect: str, ctx: Ctx) -> None:
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
        draw(s, player, 1, ctx)
    elif effect == "cost_less":
        s.effects.append(Effect("cost_next_guardian", player, -1, "turn", name))
    elif effect != "destroy":
        ctx.add(
            MANUAL,
            say(
                "line {number}: {name}'s trigger needs its outcome entered by the judge.",
                number=ctx.entry.number,
                name=name,
            ),
            "tokens",
        )


def next_hit_triggers(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """ "The next time an attack action card hits a hero this turn, ...": the attack's controller's
    delayed triggered abilities whose attack fits trigger on this hit (CR 6.6, 7.5.5); each goes on the
    stack once and is used up."""
    for eff in list(s.effects):
        if eff.kind != "next_hit" or eff.player != link.controller:
            continue
        word, noun, specs = (eff.text.split("|", 2) + ["", "", ""])[:3]
        if noun == "attack action card" and (link.proxy or not link.attack.facts.is_attack_action):
            continue
        if word and not attack_is(word, link.attack, bool(link.proxy)):
            continue
        s.effects.remove(eff)
        layer = Layer(
            id=s.new_id(),
            kind="triggered",
            name=f"{eff.source} trigger",
            controller=link.controller,
            effect="text",
            targets=specs.split(";"),
        )
        s.stack.append(layer)
        ctx.events.append(Event("trigger", link.controller, layer.name))
