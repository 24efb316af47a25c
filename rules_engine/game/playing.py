"""Playing cards and activating abilities (CR 5.1, 5.2, 8.1): putting layers on the stack.

A card is played from hand or arsenal by the player with priority, at the time its type allows
(actions on an empty stack outside combat, attacks also in the Resolution Step, attack reactions by
the attacker and defense reactions by the defender in the Reaction Step, instants whenever), to
legal targets, in a declared mode; its cost is paid, an action costs an action point of the
turn-player, and the layer goes on the stack with the "next attack" effects applied and the triggers
it causes above it. The player who played it gets priority (CR 1.11.5). Layers resolve in ``layers``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from rules_engine.wording import say

from . import abilities, conditions, heroes_crowd, heroes_more
from . import actions as A
from .cards import CardFacts, norm_name
from .context import Ctx, Event, give_priority, implied_step_pass
from .costs import charge, consume_cost_effects, cost_modifiers, cost_token_rules, fuse, pay_resources
from .defending import awaiting_defenders, check_can_defend, mark_declared
from .effects import (
    ADDITIONAL_WEAPON_ATTACK,
    BEAT_CHEST,
    COSTS_LESS_PER_DRACONIC_LINK,
    DRAWN_SWORD_DISCOUNT,
    FEALTY_DAGGER_DISCOUNT,
    FIRST_STEALTH_GO_AGAIN,
    NAMED_WEAPON_DISCOUNT,
    NO_DEFENSE_REACTIONS,
    RANDOM_BANISH_COST,
    RANDOM_DISCARD_COST,
    SECOND_ATTACK_POWER,
    SECOND_SWORD_ATTACK_DISCOUNT,
    SOLFLARE,
    TARGET_ATTACK,
    TOKEN_RULES,
    BanishedPlay,
    activated_ability,
    additional_costs,
    banished_play,
    defender_descriptor,
    instant_permission,
    plain,
    play_condition,
    play_forbidden,
    self_named,
    solflare_effects,
    split_sentences,
    target_fits,
    weapon_turn_text,
)
from .heroes import (
    activate_abilities,
    check_activation_condition,
    check_graveyard_play,
    deck_top_play,
    hero_banished_play,
    pay_arsenal_flip,
    pay_banish_aura,
    play_abilities,
    plays_as_instant,
    record_play,
    reveal_deck_top,
)
from .rules import AMBIGUITY, MANUAL, MISMATCH, NOTE, CannotApply, Illegal, cite
from .state import PLAYERS, Card, ChainLink, Effect, GameState, Layer, other
from .triggers import (
    attack_played_triggers,
    nonattack_triggers,
    play_triggers,
    spectra_trigger,
)
from .values import attack_is, card_filter_fits, defender_fits, link_power
from .zones import (
    banish_permanent,
    boost_banish_triggers,
    check_claims,
    deck_banish_triggers,
    destroy_permanent,
    discard,
    discard_triggers,
    make_token,
    new_card,
    take,
    target_player,
    to_graveyard,
    token_base,
)


def play(s: GameState, c: A.Play, ctx: Ctx) -> None:
    """CR 5.1: play a card (from hand or arsenal unless the line says where): priority, timing by
    type, targets, mode, cost, action point, then the layer and the triggers it causes go on the stack
    and its player gets priority."""
    player = c.player
    if s.phase != "action":
        raise Illegal(
            "no_priority_phase",
            say(
                "{player} cannot play a card in the {phase} phase: no player has priority (the end phase is not "
                "over: log the turn-player's draw, e.g. '{turn_player} draws N', or 'the turn ends').",
                player=player,
                phase=s.phase,
                turn_player=s.turn_player,
            )
            if s.phase == "end"
            else say(
                "{player} cannot play a card in the {phase} phase: no player has priority.",
                player=player,
                phase=s.phase,
            ),
        )
    if s.combat_step == "defend" and awaiting_defenders(s):
        mark_declared(s)
    if s.combat_step == "close":
        raise Illegal("close_no_priority", say("No player has priority in the Close Step."))
    if s.priority is None and s.combat_step == "damage":
        raise Illegal(
            "no_priority_damage", say("No player gets priority in the Damage Step under this rules version.")
        )
    zones: tuple[str, ...] = (c.card.zone,) if c.card.zone else ("hand", "arsenal")
    reveal_deck_top(s, player, c.card, ctx)  # Dash: the top card the line names
    card, zone = take(s, player, c.card, zones, ctx, illegal="play_zone")
    extra_cost = deck_top_play(s, player, card.facts, zone, ctx)  # Dash: checked, and its additional cost
    check_claims(card, c.card, ctx)
    f = card.facts
    if f.is_("resource"):
        # CR 8.1.7a: a resource card can only be pitched
        raise Illegal("resource_play", say("{card} is a resource card and cannot be played.", card=card.name))
    if s.phase == "start":
        # CR 4.2.1: nobody has priority in the Start Phase (a line said to play there, not a later one)
        raise Illegal(
            "no_priority_start",
            say("{player} cannot play a card in the Start Phase: no player has priority.", player=player),
        )
    if zone not in ("hand", "arsenal") and not c.card.zone:
        raise Illegal("play_zone", say("{card} cannot be played from {zone}.", card=card.name, zone=zone))
    if zone == "graveyard":
        check_graveyard_play(s, player, card, ctx)  # Gravy Bones's and Oscilio's permissions (CR 5.1.1)
    # a hero's permission (Katsu's, Zen's search, Kano's as though it were an instant), else the
    # card's own (CR 5.1.1a)
    hero_play = hero_banished_play(s, player, card, ctx) if zone == "banished" else None
    banished_instant = bool(hero_play)
    from_banished = (
        check_banished_play(s, player, card, ctx) if zone == "banished" and hero_play is None else None
    )
    if s.priority != player and not implied_step_pass(s, player, ctx):
        if f.is_("attack reaction") and (s.combat_step == "reaction"):
            link = s.active_link()
            if link is not None and link.controller != player:
                raise Illegal(
                    "attack_reaction",
                    say(
                        "{player} does not control the attack, so cannot play the attack reaction {card}.",
                        player=player,
                        card=card.name,
                    ),
                )
        if f.is_("defense reaction"):
            link = s.active_link()
            if s.combat_step != "reaction" or link is None or link.target != player:
                # the card's own timing rule is the more specific reason (CR 8.1.3a)
                raise Illegal(
                    "defense_reaction",
                    say(
                        "{player} cannot play the defense reaction {card}: only the defending hero may, in the Reaction Step.",
                        player=player,
                        card=card.name,
                    ),
                )
        after_resolution = s.priority == s.turn_player and s.passes == 0
        raise Illegal(
            "priority",
            say(
                "{player} played {card} without priority ({value} has it).",
                player=player,
                card=card.name,
                value=s.priority or "nobody",
            ),
            ("5.3.7",) if after_resolution and ctx.version != "older" else _older_damage_step(ctx),
        )
    is_attack = f.is_attack_action
    action_cost = 0
    if f.is_("attack reaction"):
        link = s.active_link()
        if s.combat_step != "reaction" or link is None or link.controller != player:
            raise Illegal(
                "attack_reaction",
                say(
                    "{player} cannot play the attack reaction {card}: only the attack's controller may, in the Reaction Step.",
                    player=player,
                    card=card.name,
                ),
            )
    elif f.is_("defense reaction"):
        link = s.active_link()
        if s.combat_step != "reaction" or link is None or link.target != player:
            raise Illegal(
                "defense_reaction",
                say(
                    "{player} cannot play the defense reaction {card}: only the defending hero may, in the Reaction Step.",
                    player=player,
                    card=card.name,
                ),
            )
        if any(
            NO_DEFENSE_REACTIONS.match(self_named(x, link.attack.name).casefold())
            for x in split_sentences(plain(link.attack.facts.text))
        ):
            raise Illegal(
                "no_defense_reactions",
                say("{attack} forbids defense reaction cards this chain link.", attack=link.attack.name),
            )
        check_can_defend(s, link, [card], ctx, reaction=True)
    elif (
        f.is_("instant")
        or c.as_instant
        or banished_instant
        or plays_as_instant(s, player, f, zone)
        or own_instant_permission(s, player, card, zone)
    ):
        pass  # an instant's timing (CR 5.1.1; Iyslander's arsenal cards on an opponent's turn)
    elif f.is_action or not f.types:
        if s.stack:
            raise Illegal(
                "action_stack_not_empty",
                say("{card} is an action and the stack is not empty.", card=card.name),
            )
        if s.combat_step and not (
            (is_attack and s.combat_step == "resolution" and ctx.version != "older")
            or (s.combat_step == "link" and ctx.version == "older")
        ):
            raise Illegal(
                "action_during_combat",
                say(
                    "{card} is an action and cannot be played during the {combat_step} step of combat.",
                    card=card.name,
                    combat_step=s.combat_step,
                ),
            )
        action_cost = 1
    check_targets(s, player, card, c.targets, is_attack)
    check_play_condition(s, player, card)
    mode_text = choose_mode(s, card, c, ctx)
    cost = max(0, (f.cost or 0) + cost_modifiers(s, player, f, is_attack)) + extra_cost
    if from_banished is not None and from_banished.cost_less < 0:
        cost = extra_cost  # rune gate: played without paying its {r} cost (CR 8.3.27)
    elif from_banished is not None:
        cost = max(0, cost - from_banished.cost_less)  # "If you do, it costs {r}{r} less" (CR 5.1.6a)
    if c.boost and not s.p(player).deck_top and not s.p(player).deck_count:
        raise Illegal(
            "boost_no_card",
            say("{player} cannot boost: there is no top card of the deck to banish.", player=player),
        )
    if c.floating is not None and s.p(player).resource_points < c.floating:
        ctx.add(
            MISMATCH,
            say(
                "line {number}: the line says {player} paid {floating} from floating resource points; {player} had {resource_points}.",
                number=ctx.entry.number,
                player=player,
                floating=c.floating,
                resource_points=s.p(player).resource_points,
            ),
            fact=f"{player}.resource_points",
            claimed=c.floating,
            derived=s.p(player).resource_points,
        )
    fused = fuse(s, player, card, c, ctx)  # fusion's optional additional cost (CR 8.3.17)
    charged = charge(s, player, card, c, ctx)  # charging the soul as an additional cost (CR 8.5.29)
    pitched_from = len(s.p(player).pitch_zone)  # the cards pitched to play this one follow (turn_log)
    depth = len(s.stack)
    try:
        pay_resources(s, player, cost, c.pitches, ctx, chi_cost=f.chi_cost or 0)
    except Illegal as exc:
        if exc.key != "not_enough_resources":
            raise
        raise Illegal(
            exc.key, exc.phrase, exc.extra + cost_token_rules(s, player, f, is_attack, ctx)
        ) from None
    consume_cost_effects(s, player, f, is_attack)
    if action_cost:
        if s.p(player).action_points < action_cost:
            raise Illegal(
                "no_action_point",
                say(
                    "{card} costs 1 action point and {player} has {action_points}.",
                    card=card.name,
                    player=player,
                    action_points=s.p(player).action_points,
                ),
                no_go_again_rules(s, player, ctx),
            )
        s.p(player).action_points -= action_cost
        if player != s.turn_player:
            raise Illegal(
                "not_turn_player_action",
                say(
                    "{player} is not the turn-player and cannot play the action {card}.",
                    player=player,
                    card=card.name,
                ),
            )
    if any(RANDOM_BANISH_COST.match(x) for x in split_sentences(f.text)):
        # "banish a random card from your hand": the log's next banish line pays it (zones.banish), else
        # an unknown card of the hand goes as the card resolves (zones.settle_random_discard; CR 1.14.4)
        s.effects.append(Effect("random_banish_due", player, 1, "turn", card.name, card_id=card.id))
    if c.scrapped:
        scrap(s, player, card, c.scrapped, ctx)  # CR 8.3.32
    if any(RANDOM_DISCARD_COST.match(x) for x in split_sentences(f.text)):
        pay_random_discard(s, player, card, c.discarded, ctx)
    elif c.discarded and any(BEAT_CHEST.match(x.casefold()) for x in split_sentences(f.text)):
        beat_chest(s, player, card, c.discarded, ctx)  # CR 8.3.33
    elif c.discarded:
        # never dropped in silence: a discard the card's cost does not ask for is the judge's to place
        ctx.add(
            AMBIGUITY,
            say(
                "line {number}: the line says {player} discards {cards} as {card} is played, but {card} has no discard as a cost, so the discard is not applied; if it was made for another effect (a 'when this attacks' option), write it as its own line after the attack ('{player} discards ...').",
                number=ctx.entry.number,
                player=player,
                cards=", ".join(r.name for r in c.discarded),
                card=card.name,
            ),
            rules=["5.1.3b"],  # the additional costs a card declares (none is a discard here)
        )
    for sentence in additional_costs(f):
        need = _discard_cost_count(sentence)
        hand = len(s.p(player).hand) + s.p(player).hand_unknown
        if need and hand < need:
            # CR 5.1.8a, 1.14.4b: an effect-cost that cannot be paid (the asset-costs, pitches
            # included, were paid first, 5.1.7) makes the card illegal to play; the play is reversed
            raise Illegal(
                "effect_cost",
                say(
                    "{card}'s additional cost {sentence} cannot be paid: {player} has {amount} cards left in hand.",
                    card=card.name,
                    sentence=repr(sentence),
                    player=player,
                    amount=hand,
                ),
                ("5.1.8a",),
            )
        ctx.add(
            MANUAL,
            say(
                "line {number}: the engine does not check or pay {card}'s additional cost {sentence}; log it (the card moved or destroyed) or enter it as an adjustment line.",
                number=ctx.entry.number,
                card=card.name,
                sentence=repr(sentence),
            ),
            "manual_effect",
        )
    layer = Layer(id=s.new_id(), kind="card", name=card.name, controller=player, card=card, source_zone=zone)
    if mode_text is not None:
        layer.effect = "mode:" + mode_text
    layer.targets = list(c.targets)
    if is_attack:
        layer.attack = True
        if not layer.targets:
            layer.targets = [other(player)]
        layer.targets = [t if ":" in t else target_player(t, player) for t in layer.targets]
    if from_banished is not None:  # "If you do, it gets go again / gains +N{p}" (CR 1.8.4)
        layer.power_bonus += from_banished.power
        layer.go_again = layer.go_again or from_banished.go_again
    boosted = boost(s, player, layer, c.boost_card, ctx) if c.boost else None
    ways = tuple(w for w, done in (("boost", c.boost), ("fuse", fused), ("charge", charged)) if done)
    heroes_crowd.card_on_stack(s, player, card, ctx)  # Lyath's halved base {p} and {d} (CR 6.3.3)
    apply_next_card_effects(s, player, layer, ctx, ways)
    s.stack.insert(depth, layer)  # triggered by paying its cost (a pitched card's): above it (CR 6.6.4)
    deck_banish_triggers(s, player, boosted, ctx)  # Data Doll MKII: above the card (CR 6.6)
    boost_banish_triggers(s, player, boosted, ctx)  # "When this is banished from boosting" (CR 6.6)
    # the turn's facts card texts ask about
    conditions.record_play(
        s, player, f, card.pitch, card.id, s.p(player).pitch_zone[pitched_from:], fused, charged
    )
    for soul_card in charged:  # Solflare: the charged card's trigger goes on the stack (CR 8.4.9, 6.6)
        m = SOLFLARE.match(
            next((x for x in split_sentences(plain(soul_card.facts.text)) if SOLFLARE.match(x)), "")
        )
        if m and solflare_effects(soul_card.facts) is not None:
            s.stack.append(
                Layer(
                    id=s.new_id(),
                    kind="triggered",
                    name=f"{soul_card.name} Solflare trigger",
                    controller=player,
                    effect=m.group(1),
                )
            )
            ctx.events.append(Event("trigger", player, f"{soul_card.name} Solflare trigger"))
        elif m:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {card}'s Solflare trigger is not applied by the engine; enter its outcome as an adjustment line.",
                    number=ctx.entry.number,
                    card=soul_card.name,
                ),
                "manual_effect",
            )
    record_play(s, player, f)
    play_abilities(s, player, f, ctx, zone)  # the hero's "whenever you play" triggers (Viserai, Briar)
    heroes_crowd.card_played(s, player, layer, ctx)  # Kayo, Berserker Runt's roll trigger
    play_triggers(s, player, ctx)
    if "non-attack" in f.subtypes and f.is_action:
        # "The next non-attack action card you play this turn gets go again" (CR 5.1.2a)
        due = next((e for e in s.effects if e.kind == "next_nonattack_go_again" and e.player == player), None)
        if due is not None:
            s.effects.remove(due)
            layer.go_again = True
        nonattack_triggers(s, player, layer, ctx)
    next_arcane_plus(s, player, card)
    if f.is_action:
        next_action_go_again(s, player, card, layer)
        next_action_ap(s, player, card, ctx)
    if is_attack:
        s.attacks_this_turn.append(card.name)
        hero_attack_abilities(s, player, layer, f, ctx)
        attack_played_triggers(s, player, layer, ctx, action_card=True)
        for t in layer.targets:
            if ":" in t:
                spectra_trigger(s, t, ctx)
        if not s.combat_step or s.combat_step in ("resolution", "link"):
            s.combat_step = "layer"  # CR 7.0.2a, 7.6.3
    if f.has("intimidate") and is_attack:
        ctx.add(
            NOTE,
            say(
                "line {number}: {card} intimidates; log the banished card ('P2 banishes X face-down (intimidate, random)').",
                number=ctx.entry.number,
                card=card.name,
            ),
            "intimidate",
        )
    give_priority(s, player)  # CR 1.11.5


def own_instant_permission(s: GameState, player: str, card: Card, zone: str) -> bool:
    """The card's own "If [condition], you may play this as though it were an instant" holds as it is
    announced (CR 8.1.1d: then it may be played whenever its player has priority, and costs no action
    point). The player declares which way it is played (CR 5.1.3d); a log that does not say is read
    the way the condition allows, as an instant. The card is not yet in the turn's log, so "another"
    counts only the other cards."""
    for sentence in split_sentences(plain(card.facts.text)):
        key = instant_permission(sentence, card.facts)
        if key is not None and conditions.holds(s, player, key, None, card_id=card.id, zone=zone):
            return True
    return False


def check_play_condition(s: GameState, player: str, card: Card) -> None:
    """ "Play this only if [condition]" (a restriction, CR 1.0.2a; 5.1.2b): a card whose condition does
    not hold as it is announced cannot be played, and the line is reversed (CR 1.10.3)."""
    for sentence in split_sentences(plain(card.facts.text)):
        forbidden = play_forbidden(sentence, card.facts)
        if forbidden is not None and conditions.holds(s, player, forbidden, None, card_id=card.id):
            # "If you are marked, you can't play this" (CR 1.0.2a)
            raise Illegal(
                "play_condition",
                say(
                    "{card} cannot be played when {condition}; this log shows it is so for {player}.",
                    card=card.name,
                    condition=re.sub(r"^if (.+?), .*$", r"\1", sentence.strip(), flags=re.I),
                    player=player,
                ),
            )
        key = play_condition(sentence, card.facts)
        if key is not None and not conditions.holds(s, player, key, None, card_id=card.id):
            raise Illegal(
                "play_condition",
                say(
                    "{card} can be played only if {condition}; this log shows it is not so for {player}.",
                    card=card.name,
                    condition=sentence.split(" only if ", 1)[-1].rstrip("."),
                    player=player,
                ),
            )


def pay_random_discard(s: GameState, player: str, card: Card, said: tuple[A.CardRef, ...], ctx: Ctx) -> None:
    """ "As an additional cost to play this, discard a random card" (CR 5.1.5, 1.14.4): the card the
    play line names ("discarding X") is discarded now; otherwise the log's next discard line pays it
    (``zones.pay_discard_cost``), and if none comes before the card resolves, ``layers`` takes an
    unknown card of the hand at random (``settle_random_discard``). The discard triggers what discards
    trigger (Rhinar's intimidate)."""
    named = [r for r in said if r.name != "?"]
    if named:
        taken, _ = take(s, player, named[0], ("hand",), ctx, illegal="play_zone")
        to_graveyard(s, taken)
        conditions.record_cost_discard(s, player, card.id, taken)
        ctx.events.append(Event("random", player, f"discarded {taken.name} at random"))
        discard_triggers(s, player, taken, ctx)
        return
    if not s.p(player).hand and not s.p(player).hand_unknown:
        # CR 5.1.8a, 1.14.4b: the asset-costs (pitches included) are paid first (5.1.7); with no card
        # left in hand the discard cannot be paid, so the card is illegal to play and the play reversed
        raise Illegal(
            "effect_cost",
            say(
                "{card}'s additional cost (discard a random card) cannot be paid: {player} has no card left in hand.",
                card=card.name,
                player=player,
            ),
            ("5.1.8a",),
        )
    s.effects.append(Effect("random_discard_due", player, 1, "turn", card.name, card_id=card.id))


def beat_chest(s: GameState, player: str, card: Card, said: tuple[A.CardRef, ...], ctx: Ctx) -> None:
    """Beat chest (CR 8.3.33: as an additional cost the player may discard a card with 6 or more {p}):
    the card the play line names ("discarding X", "beating chest with X") is discarded from hand, and
    the player has beaten chest this turn (the turn's log, read by "if you've beaten chest this turn").
    A card with less {p} cannot pay it (the line is reversed, CR 1.10.3)."""
    named = [r for r in said if r.name != "?"]
    if not named:
        ctx.add(
            AMBIGUITY,
            say(
                "line {number}: the line says {player} beat chest to play {card} without naming the discarded card; the engine takes it as not beaten. Log it ('{player} plays {card}, discarding X').",
                number=ctx.entry.number,
                player=player,
                card=card.name,
            ),
        )
        return
    taken, _ = take(s, player, named[0], ("hand",), ctx, illegal="play_zone")
    if taken.facts.power is None or conditions.off_chain_power(s, player, taken) < 6:
        raise Illegal(
            "beat_chest",
            say(
                "{player} cannot beat chest with {discarded} to play {card}: it needs a card with 6 or more {{p}}.",
                player=player,
                discarded=taken.name,
                card=card.name,
            ),
        )
    to_graveyard(s, taken)
    ctx.events.append(Event("discard", player, taken.name))
    discard_triggers(s, player, taken, ctx)
    conditions.record(s, player, "beat_chest")  # CR 8.3.33


def scrap(s: GameState, player: str, card: Card, said: tuple[A.CardRef, ...], ctx: Ctx) -> None:
    """Scrap (CR 8.3.32: as an additional cost the player may banish an item or equipment from their
    graveyard): the card the play line names ("scrapping Copper Cog") moves from the graveyard to the
    banished zone, and the play's own entry in the turn's log records it ("if it scrapped a card / a
    Hyper Driver"). A card that is no item or equipment, or not in the graveyard, cannot pay it (the
    line is reversed, CR 1.10.3). A line silent about it is taken as not scrapped."""
    if not card.facts.has("scrap"):
        raise Illegal(
            "scrap", say("{card} has no scrap; nothing can be scrapped to play it.", card=card.name)
        )
    for ref in said[:1]:
        taken, _ = take(s, player, ref, ("graveyard",), ctx, illegal="scrap")
        f = taken.facts
        if f.known and not (f.is_("item") or f.is_equipment):
            raise Illegal(
                "scrap",
                say(
                    "{player} cannot scrap {scrapped} to play {card}: it is neither an item nor an equipment.",
                    player=player,
                    scrapped=taken.name,
                    card=card.name,
                ),
            )
        taken.face, taken.origin = "up", ""
        s.p(player).banished.append(taken)
        conditions.record_banished(s, player, taken)
        conditions.record(s, player, f"scrapped id:{card.id} " + " ".join(conditions.tags(f, taken.pitch)))


def no_go_again_rules(s: GameState, player: str, ctx: Ctx) -> tuple[str, ...]:
    """Why the player's previous attack this turn gave no action point, when a keyword of it
    decides that: boost gives go again only for a Mechanologist card banished (CR 8.3.9), combo
    only when its condition is met (CR 8.4.1)."""
    if player != s.turn_player or not s.attacks_this_turn:
        return ()
    facts = ctx.lookup.get(s.attacks_this_turn[-1])
    if facts is None:
        return ()
    out: list[str] = []
    for keyword in ("boost", "combo"):
        if facts.has(keyword):
            out += [r for r in cite(ctx.version, keyword) if r not in out]
    return tuple(out)


def check_targets(s: GameState, player: str, card: Card, targets: tuple[str, ...], is_attack: bool) -> None:
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
                    say(
                        "{card} cannot attack {player}'s own hero: an attack-target must be an opposing attackable object.",
                        card=card.name,
                        player=player,
                    ),
                )
            if obj:
                perm = next((x for x in s.p(who).permanents if norm_name(x.name) == norm_name(obj)), None)
                if perm is None or not perm.facts.has("spectra"):
                    raise Illegal(
                        "attack_target",
                        say(
                            "{obj} is not attackable (only living objects, or objects made attackable such as spectra).",
                            obj=obj,
                        ),
                    )
            continue
        link = s.active_link()
        # a "Choose 1" card's target is checked against its chosen mode (choose_mode)
        modal = re.search(r"(?:^|\n)\s*choose 1", low)
        wanted = None if modal else re.search(r"\btarget (" + TARGET_ATTACK + r") (?:gets|gains)\b", low)
        if wanted and not obj and link is not None and norm_name(link.attack.name) in norm_name(t):
            weapon = bool(link.proxy) or link.source_zone == "weapon"
            if target_fits(wanted.group(1), link.attack.facts, weapon) is False:
                raise Illegal(
                    "effect_target",
                    say(
                        "{card} needs a target {group}; {attack}'s attack is not one.",
                        card=card.name,
                        group=wanted.group(1),
                        attack=link.attack.name,
                    ),
                )
        wants_defender = re.search(
            r"\btarget defending ((?:[a-z' -]+? )?)card (?:gets|gains) \+\d+\{d\}", low
        )
        if wants_defender and not who:
            fits = defender_descriptor(wants_defender.group(1).strip() or "card")
            bare = re.sub(r"^(?:the )?defending ", "", t, flags=re.I)  # "targeting the defending Brick"
            named = next(
                (c for c in (link.defending if link else []) if norm_name(c.name) == norm_name(bare)), None
            )
            if fits is not None and (named is None or not defender_fits(named, fits)):
                # CR 1.8.5d: a target must be an object the effect describes
                raise Illegal(
                    "effect_target",
                    say(
                        "{card} needs a target defending {group}card; {value} is not one.",
                        card=card.name,
                        group=wants_defender.group(1),
                        value=t,
                    ),
                )
        if "negate target" in low:
            if not any(norm_name(layer.name) == norm_name(obj or t) for layer in s.stack):
                raise Illegal(
                    "negate_target",
                    say(
                        "{card} can only target a layer on the stack; {value} is not on the stack.",
                        card=card.name,
                        value=obj or t,
                    ),
                )
        elif "damage to" in low and obj:
            raise Illegal(
                "damage_target",
                say("{card}'s damage needs a target with life; {obj} has none.", card=card.name, obj=obj),
            )


def _mode_fits(mode: str, link: ChainLink) -> bool | None:
    """Whether a mode's "target ... gets +N{p}" description fits the active attack (CR 1.8.5d): a
    weapon attack is an attack-proxy, an attack action card is not, and "with cost N or greater/less"
    compares the card's cost. None when the mode names no target this way."""
    m = re.match(r"target (.+?) (?:gets|gains) \+\d+\{p\}", mode, re.I)
    if not m:
        return None
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
    return ok


def choose_mode(s: GameState, card: Card, c: A.Play, ctx: Ctx) -> str | None:
    """CR 1.7.5: a "Choose 1" card's mode is declared as it is played; the chosen mode's target
    description must fit the target (CR 1.8.5d)."""
    text = card.facts.text
    found = re.search(r"(?:^|\n)\s*choose 1", text, re.I)  # after an additional cost (Enlightened Strike)
    if not found:
        return None
    text = text[found.start() :].lstrip("\n")
    # one mode per line, or on one line after "Choose 1;" as " - Target ..." (the case of "target" varies)
    modes = [
        m.strip() for m in re.split(r"\n\s*[-–]\s*|\s[-–]\s(?=target)", text, flags=re.I)[1:] if m.strip()
    ]
    if not modes:
        return None
    if not c.mode and c.mode_said:
        # "choosing the attack action mode": the one mode whose text holds every word said (CR 1.7.5)
        words = [
            w for w in re.findall(r"[a-z0-9]+", c.mode_said.casefold()) if w not in ("the", "a", "an", "one")
        ]
        fits = [i for i, m in enumerate(modes) if all(re.search(rf"\b{w}\b", m.casefold()) for w in words)]
        if len(fits) == 1:
            c = dataclasses.replace(c, mode=fits[0] + 1)
    link = s.active_link()
    if not c.mode and link is not None:
        fitting = [i for i, m in enumerate(modes) if _mode_fits(m, link) is True]
        if len(fitting) == 1 and all(_mode_fits(m, link) is not None for m in modes):
            # "P1 threw Razor Reflex on Snatch": the line names no mode, but only one mode's target
            # description fits the attack, so nothing else could have been declared (CR 1.7.5, 1.8.5d)
            c = dataclasses.replace(c, mode=fitting[0] + 1)
            ctx.add(
                NOTE,
                say(
                    "line {number}: {card}'s mode is not said; only mode {mode} fits {attack}, so it is read as mode {mode}.",
                    number=ctx.entry.number,
                    card=card.name,
                    mode=c.mode,
                    attack=link.attack.name,
                ),
                rules=["1.7.5"],
            )
    if not c.mode and link is not None and modes and all(_mode_fits(m, link) is False for m in modes):
        # "P1 plays Pummel on Wounding Blow" (cost 0): whichever mode was meant, its target
        # description does not fit the attack, so the card has no legal target (CR 1.7.5, 5.1.4a)
        raise Illegal(
            "effect_target",
            say(
                "no mode of {card} fits {attack}, so it has no legal target.",
                card=card.name,
                attack=link.attack.name,
            ),
        )
    if not c.mode or c.mode > len(modes):
        ctx.add(
            AMBIGUITY,
            say(
                "line {number}: {card} has {count} modes; the line does not say which ('(mode 2)').",
                number=ctx.entry.number,
                card=card.name,
                count=len(modes),
            ),
            rules=["1.7.5"],
        )
        return ""
    chosen = modes[c.mode - 1]
    m = re.match(r"target (.+?) (?:gets|gains) \+\d+\{p\}", chosen, re.I)
    if m and link is not None:
        if not _mode_fits(chosen, link):
            raise Illegal(
                "effect_target",
                say(
                    "{card}'s mode {mode} needs {group}; {attack} is not one.",
                    card=card.name,
                    mode=c.mode,
                    group=m.group(1),
                    attack=link.attack.name,
                ),
            )
    return chosen


def boost(s: GameState, player: str, layer: Layer, name: str, ctx: Ctx) -> Card:
    """CR 8.3.9: banish the top card of the deck; a Mechanologist card gives the attack go again."""
    p = s.p(player)
    if p.deck_top:
        top = p.deck_top.pop(0)
        if name and norm_name(top.name) != norm_name(name):
            ctx.add(
                MISMATCH,
                say(
                    "line {number}: the known top card was {top}, the line says {name}.",
                    number=ctx.entry.number,
                    top=top.name,
                    name=name,
                ),
            )
    elif name:
        top = new_card(s, name, player, ctx)
    else:
        top = Card(id=s.new_id(), facts=CardFacts(name="unknown card", known=False), owner=player)
    if p.deck_count is not None:
        p.deck_count = max(0, p.deck_count - 1)
    top.face = "up"
    top.origin = top.origin or "deck"  # a backup puts it back on top of the deck
    p.banished.append(top)
    conditions.record_banished(s, player, top)
    ctx.events.append(Event("random", player, f"boost banished {top.name} from the top of the deck"))
    if player not in s.boosted:
        s.boosted.append(player)  # CR 8.3.9a: the player has boosted this turn
    conditions.record(s, player, "boosted")
    if "mechanologist" in top.facts.classes or "mechanologist" in top.facts.subtypes:
        layer.go_again = True
    return top


def _grant_fits(eff: Effect, layer: Layer) -> bool:
    """Whether a "next [class] attack action card" effect applies to the attack just played."""
    if layer.card is None or not layer.card.facts.is_attack_action:
        return False
    cls = eff.text.split("|", 1)[0].strip().casefold()
    return not cls or cls in {c.casefold() for c in layer.card.facts.classes}


def typed_attack_fits(word: str, layer: Layer) -> bool:
    """Whether the attack just played is a "[word] attack" (``values.attack_is``)."""
    if layer.card is None:
        return False
    return attack_is(word, layer.card, layer.source_zone == "weapon")


#: A card "with an effect that deals arcane damage" (its text deals arcane damage to something).
_ARCANE_EFFECT = re.compile(r"\bdeals? (?:\d+|x) arcane damage\b", re.I)


def next_arcane_plus(s: GameState, player: str, card: Card) -> None:
    """ "The next card you play this turn with an effect that deals arcane damage, instead deals that
    much arcane damage plus N": the first such card played (CR 5.1.2a) gets the replacement, kept for its
    own arcane damage (``damage.deal_damage``, CR 6.4.3); a card without such an effect leaves it waiting."""
    if not _ARCANE_EFFECT.search(card.facts.text):
        return
    for eff in list(s.effects):
        if eff.player != player or eff.kind != "next_arcane_plus":
            continue
        if not card_filter_fits(eff.text, card.facts):
            continue
        s.effects.remove(eff)
        s.effects.append(
            Effect("arcane_plus_card", player, eff.amount, "turn", eff.source, card.id, card.name)
        )


def next_action_ap(s: GameState, player: str, card: Card, ctx: Ctx) -> None:
    """ "The next time you play an action card with cost 0 or greater this turn, gain 1 action point":
    the delayed trigger goes on the stack above the card just played (CR 6.6, 6.6.4) and is used up."""
    for eff in s.effects:
        if eff.player != player or eff.kind != "next_action_ap":
            continue
        colour, filt = (eff.text.split("|") + ["", ""])[:2]
        if card_filter_fits(colour, card.facts, card.pitch) and card_filter_fits(filt, card.facts):
            s.effects.remove(eff)
            layer = Layer(
                id=s.new_id(),
                kind="triggered",
                name=f"{eff.source} trigger",
                controller=player,
                effect="text",
                targets=[f"gain_ap:{eff.amount}:"],
            )
            s.stack.append(layer)
            ctx.events.append(Event("trigger", player, layer.name))
            return


def next_action_go_again(s: GameState, player: str, card: Card, layer: Layer) -> None:
    """ "The next blue action card you play this turn gets go again" / "The next action card you play
    this turn with cost 0 or greater gets go again": the first action card that fits, as it is played
    (CR 5.1.2a, 8.3.5)."""
    for eff in s.effects:
        if eff.player != player or eff.kind != "next_action_go_again":
            continue
        colour, filt = (eff.text.split("|") + ["", ""])[:2]
        if card_filter_fits(colour, card.facts, card.pitch) and card_filter_fits(filt, card.facts):
            s.effects.remove(eff)
            layer.go_again = True
            return


def _way_fits(text: str, layer: Layer, ways: tuple[str, ...]) -> bool:
    """Whether a "the next attack you boost / fuse / play from arsenal / Crouching Tiger" effect fits
    the attack just played (``ways``: how it was played: "boost", "fuse", "charge")."""
    noun, way, cls = (text.split("|") + ["", "", ""])[:3]
    if layer.card is None:
        return False
    facts = layer.card.facts
    if cls and cls not in {x.casefold() for x in facts.classes}:
        return False
    if noun == "attack action card" and not facts.is_attack_action:
        return False
    if noun == "crouching tiger" and norm_name(facts.name) != "crouching tiger":
        return False
    if way == "arsenal":
        return layer.source_zone == "arsenal"
    return not way or way in ways


def apply_next_card_effects(
    s: GameState, player: str, layer: Layer, ctx: Ctx, ways: tuple[str, ...] = ()
) -> None:
    """CR 5.1.2a: effects on "the next attack" apply when the attack is played (``ways``: how it was
    played, for "the next attack you boost / fuse / charge to play")."""
    if not layer.attack:
        return
    if (layer.source_zone in ("arsenal", "weapon")) and any(
        norm_name(token_base(t.name)) == "frailty" for t in s.p(player).permanents
    ):
        layer.power_bonus -= 1  # Frailty, CR 8.6.20
    keep = []
    for eff in s.effects:
        if eff.kind == "power_card" and layer.card is not None and eff.card_id == layer.card.id:
            layer.power_bonus += eff.amount  # this card's bonus this turn (Bravo, Flattering Showman)
            keep.append(eff)
            continue
        if eff.player == player and eff.kind == "typed_attacks":
            word, go_again = (eff.text.split("|") + ["", ""])[:2]
            if typed_attack_fits(word, layer):  # kept: every such attack while it lasts (CR 6.2.1)
                layer.power_bonus += eff.amount
                layer.go_again = layer.go_again or bool(go_again)
            keep.append(eff)
            continue
        if eff.player == player and eff.kind == "attacks_power":
            layer.power_bonus += eff.amount  # kept: it applies to every attack while it lasts
            keep.append(eff)
            continue
        elif eff.player == player and eff.kind == "next_attack_power":
            layer.power_bonus += eff.amount
        elif eff.player == player and eff.kind == "next_attack_grant" and _grant_fits(eff, layer):
            _cls, go_again, ability = (eff.text.split("|", 2) + ["", "", ""])[:3]
            layer.power_bonus += eff.amount
            layer.go_again = layer.go_again or bool(go_again)
            if ability:
                layer.granted.append(ability)  # a hit ability, read by triggers.hit_triggers
        elif (
            eff.player == player
            and eff.kind == "next_cheap_attack_power"
            and layer.card is not None
            and layer.card.facts.is_attack_action
            and (
                (layer.card.facts.cost or 0) >= int(eff.text[2:])
                if eff.text.startswith(">=")
                else (layer.card.facts.cost or 0) <= int(eff.text or 0)
            )
        ):
            layer.power_bonus += eff.amount
        elif eff.player == player and eff.kind == "next_attack_go_again":
            layer.go_again = True
        elif (
            eff.player == player
            and eff.kind == "next_attack_keyword"
            and (
                not eff.text.startswith("action|")
                or (layer.card is not None and layer.card.facts.is_attack_action)
            )
        ):
            keyword = eff.text.split("|", 1)[1]
            if keyword not in layer.granted:
                layer.granted.append(keyword)  # dominate / overpower (CR 8.3.4, 8.3.22)
        elif (
            eff.player == player
            and eff.kind == "next_typed_attack"
            and typed_attack_fits(eff.text.split("|")[0], layer)
        ):
            _word, go_again, keyword, ability = (eff.text.split("|", 3) + ["", "", "", ""])[:4]
            layer.power_bonus += eff.amount
            layer.go_again = layer.go_again or bool(go_again)
            layer.granted.extend(x for x in (keyword, ability) if x and x not in layer.granted)
        elif eff.player == player and eff.kind == "next_way_attack" and _way_fits(eff.text, layer, ways):
            layer.power_bonus += eff.amount
            keyword = (eff.text.split("|") + ["", "", "", ""])[3]
            if keyword and keyword not in layer.granted:
                layer.granted.append(keyword)  # dominate / overpower (CR 8.3.4, 8.3.22)
        elif (
            eff.player == player
            and eff.kind == "next_filtered_attack"
            and layer.card is not None
            and (not eff.text.startswith("action|") or layer.card.facts.is_attack_action)
            and card_filter_fits(eff.text.split("|")[1], layer.card.facts)
        ):
            layer.power_bonus += eff.amount  # "your next attack with 3 or less base {p}" (CR 5.1.2a)
            layer.go_again = layer.go_again or eff.text.endswith("|go again")
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


def hero_attack_abilities(s: GameState, player: str, layer: Layer, f: CardFacts, ctx: Ctx) -> None:
    """Hero abilities that act on playing an attack (a card or a weapon's, counted from the attacks
    this log shows this turn): Arakni, Solitary Confinement's first attack with stealth each turn has
    go again; Ira, Scarlet Revenger's second attack each turn gets +1{p}."""
    hero = s.p(player).hero_card
    if hero is None:
        return
    for sentence in split_sentences(hero.text):
        m = SECOND_ATTACK_POWER.match(sentence)
        if m and player == s.turn_player and len(s.attacks_this_turn) == 2:
            layer.power_bonus += int(m.group(1))
            ctx.add(
                NOTE,
                say(
                    "line {number}: {hero}: {f} is the second attack this turn and gets +{group}{{p}}.",
                    number=ctx.entry.number,
                    hero=hero.name,
                    f=f.name,
                    group=m.group(1),
                ),
                "hero_ability",
            )
    if not f.has("stealth"):
        return
    if any(FIRST_STEALTH_GO_AGAIN.match(x) for x in split_sentences(hero.text)):
        stealthy = [n for n in s.attacks_this_turn if (ctx.lookup.get(n) or f).has("stealth")]
        if len(stealthy) == 1:
            layer.go_again = True
            ctx.add(
                NOTE,
                say(
                    "line {number}: {hero}: the first attack with stealth this turn, {f}, has go again.",
                    number=ctx.entry.number,
                    hero=hero.name,
                    f=f.name,
                ),
                "go_again_card",
            )


def hero_named(moniker: str, hero: CardFacts, source: str) -> bool:
    """The line names the player's hero ("Bravo", "Bravo, Showstopper", "their hero", "Boltyn")."""
    want = norm_name(source)
    first = norm_name(hero.name.split(",")[0])
    return want in (
        norm_name(hero.name),
        norm_name(moniker),
        "hero",
        "their hero",
        norm_name(hero.name.split(",")[0]),
        # "Boltyn" for Ser Boltyn, Breaker of Dawn: the name his text calls himself, without the title
        norm_name(re.sub(r"^(?:ser|sir|dame|lady|lord|professor) ", "", hero.name.split(",")[0], flags=re.I)),
    ) or (" " in first and want == first.split(" ")[0])  # "Gravy" for Gravy Bones, Shipwrecked Looter


def additional_weapon_attack(s: GameState, p: Any, src: Card, ab: Any, ctx: Ctx) -> bool:
    """Dorinthea Ironsong (once per turn): when a weapon the player controls hits, it may attack an
    additional time this turn, so its once-per-turn attack (CR 5.2.1a) may be activated again. True
    (and the hero's once-per-turn effect is used) when the weapon hit this turn and the hero's effect
    is unused."""
    hero = p.hero_card
    if not ab.attack or hero is None or not ADDITIONAL_WEAPON_ATTACK.search(hero.text):
        return False
    key = f"{src.owner}-hero-additional"
    if key in p.once_per_turn:
        return False
    hit = any(
        link.hit and link.source_zone == "weapon" and norm_name(link.attack.name) == norm_name(src.name)
        for link in s.chain
    ) or any(
        e.kind == "hit" and e.player == src.owner and norm_name(str(e.subject)) == norm_name(src.name)
        for e in list(ctx.history) + list(ctx.prev_events) + list(ctx.events)
    )
    if not hit:
        return False
    p.once_per_turn.append(key)
    ctx.add(
        NOTE,
        say(
            "line {number}: {src} hit this turn; {hero}'s ability lets it attack an additional time (its once-per-turn effect is now used).",
            number=ctx.entry.number,
            src=src.name,
            hero=hero.name,
        ),
        "once_per_turn",
    )
    return True


def hero_weapon_discount(s: GameState, p: Any, src: Card, ab: Any, ctx: Ctx) -> int:
    """A hero's reduction of a weapon attack's cost, worked out as the cost is determined (CR 5.2.2,
    1.14.2): Fang's "If you control 3 or more Fealty tokens, dagger attacks cost you {r} less to
    activate" and Kassai, Cintari Sellsword's "Your second sword attack each turn costs {r} less" (the
    sword attacks counted from the log's attacks this turn). 1 when one applies, else 0."""
    hero = p.hero_card
    if hero is None or not ab.attack:
        return 0
    subtypes = {x.casefold() for x in src.facts.subtypes}
    for sentence in split_sentences(hero.text):
        sentence = sentence.strip()
        m = FEALTY_DAGGER_DISCOUNT.match(sentence)
        if m and "dagger" in subtypes:
            fealty = sum(1 for t in p.permanents if norm_name(token_base(t.name)) == "fealty")
            if fealty < int(m.group(1)):
                continue
            why = f"{fealty} Fealty tokens"
        elif SECOND_SWORD_ATTACK_DISCOUNT.match(sentence) and "sword" in subtypes:
            owned = {norm_name(w.name): w.facts for w in p.weapons}
            swords = sum(
                1
                for name in s.attacks_this_turn
                if "sword"
                in {
                    x.casefold()
                    for x in (owned.get(norm_name(name)) or ctx.lookup.get(name) or src.facts).subtypes
                }
                and (norm_name(name) in owned or ctx.lookup.get(name) is not None)
            )
            if s.turn_player != src.owner or swords != 1:
                continue
            why = "the second sword attack this turn"
        elif (n := NAMED_WEAPON_DISCOUNT.match(sentence)) is not None and norm_name(n.group(1)) in {
            norm_name(token_base(src.name)) + end for end in ("", "s", "e", "es")
        }:
            why = src.name  # Arakni, Orb-Weaver's Graphene Chelicerae
        elif DRAWN_SWORD_DISCOUNT.match(sentence) and "sword" in subtypes:
            if f"{src.owner} drew" not in s.turn_log:
                continue
            why = "a card drawn this turn"
        else:
            continue
        ctx.add(
            NOTE,
            say(
                "line {number}: {hero}: {src}'s attack costs {{r}} less ({why}).",
                number=ctx.entry.number,
                hero=hero.name,
                src=src.name,
                why=why,
            ),
            "activate",
        )
        return 1
    return 0


def _named_permanent(p: Any, name: str) -> Card | None:
    """The player's permanent of that name: a token or permanent by name, else one that counts as it
    ("This counts as a Gold" on an equipment, ``effects.counts_as``)."""
    want = norm_name(name)
    found = next((x for x in p.permanents if norm_name(token_base(x.name)) == want), None)
    if found is None:
        arena = [*p.permanents, *[c for c in p.equipment.values() if c is not None], *p.weapons]
        found = next((x for x in arena if name.casefold() in conditions.counts_as(x.facts)), None)
    return found


def check_effect_costs(s: GameState, p: Any, src: Card, ab: Any, is_hero: bool) -> None:
    """Before an activation's costs are paid, each effect-cost the engine pays must be payable
    (CR 1.14.4b): the source untapped for "{t}" (8.5.55a; a hero's tapped state is
    ``PlayerState.hero_tapped``), the named permanent for "destroy a Gold you control", enough cards
    in the hero's soul (3.11.5) for "banish a card from Prism's soul"."""
    if ab.tap_hero and p.hero_tapped:
        raise Illegal(
            "tapped",
            say(
                "{hero} is tapped: {src}'s cost {{t}} your hero cannot be paid until the hero untaps.",
                hero=p.hero or "the hero",
                src=src.name,
            ),
        )
    if ab.tap and (p.hero_tapped if is_hero else src.tapped):
        raise Illegal(
            "tapped",
            say(
                "{src} is tapped: the {{t}} in its ability's cost cannot be paid until it untaps.",
                src=src.name,
            ),
        )
    if ab.destroy_named and _named_permanent(p, ab.destroy_named) is None:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s ability costs destroying a {title}; none is in the arena.",
                src=src.name,
                title=ab.destroy_named.title(),
            ),
        )
    if ab.soul_cost and p.soul_known and len(p.soul) < ab.soul_cost:
        raise Illegal(
            "effect_cost",
            say(
                "{src}'s ability costs banishing {soul_cost} card(s) from the hero's soul, which holds {count}.",
                src=src.name,
                soul_cost=ab.soul_cost,
                count=len(p.soul),
            ),
        )


def pay_effect_costs(s: GameState, p: Any, src: Card, ab: Any, is_hero: bool, ctx: Ctx) -> None:
    """Pay the effect-costs ``check_effect_costs`` allowed (CR 1.14.4): tap the source, destroy the
    named permanent, banish from the soul (the cards are public there, so the first one stands for
    the one the player chose when the log does not say)."""
    if ab.tap:
        if is_hero:
            p.hero_tapped = True
        else:
            src.tapped = True
    if ab.tap_hero:
        p.hero_tapped = True
    if ab.create_token:
        make_token(s, src.owner, ab.create_token, ctx)  # Chane's Soul Shackle (CR 1.14.4, 8.6)
    if ab.destroy_named:
        target = _named_permanent(p, ab.destroy_named)
        assert target is not None  # checked above
        destroy_permanent(s, target)
    if ab.soul_cost and not p.soul_known:
        ctx.add(
            NOTE,
            say(
                "line {number}: the start state does not give {hero}'s soul; {src}'s cost of banishing from it is taken as paid (give 'soul: [...]' to check it).",
                number=ctx.entry.number,
                hero=p.hero,
                src=src.name,
            ),
            "activate",
        )
        return
    for _ in range(ab.soul_cost):
        card = p.soul.pop(0)
        card.face = "up"
        p.banished.append(card)
        conditions.record_banished(s, src.owner, card)
        ctx.add(
            NOTE,
            say(
                "line {number}: {card} is banished from {hero}'s soul to pay {src}'s ability.",
                number=ctx.entry.number,
                card=card.name,
                hero=p.hero,
                src=src.name,
            ),
            "activate",
        )


def activate(s: GameState, c: A.Activate, ctx: Ctx) -> None:
    """CR 5.2: activate the (first) activated ability of a permanent; a weapon's attack makes an
    attack-proxy (CR 8.3.1)."""
    player = c.player
    theirs = _opponents_source(s, player, c.source)
    if theirs:
        # CR 5.2.2: only the player who controls an ability's source may activate it
        raise Illegal(
            "activate",
            say(
                "{player} does not control {source}; only its controller may activate it.",
                player=player,
                source=theirs,
            ),
        )
    if s.phase != "action" or (s.priority != player and not implied_step_pass(s, player, ctx)):
        raise Illegal(
            "priority", say("{player} activated {source} without priority.", player=player, source=c.source)
        )
    p = s.p(player)
    src = None
    same_named = [
        card
        for card in list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents)
        if norm_name(card.name) == norm_name(c.source)
    ]
    if same_named:
        # two copies ("the other Saber"): the one not yet activated this turn (CR 5.2.1a counts per object)
        src = next((card for card in same_named if card.id not in p.once_per_turn), same_named[0])
    if src is None:
        # "pops Energy Potion" for the Energy Potion (blue) in the arena: the colour tells pitch
        # variants apart (CR 1.3.4); a permanent's name said without it is that permanent when only one matches
        bare = norm_name(re.sub(r"\s*\((?:red|yellow|blue)\)\s*$", "", c.source, flags=re.I))
        arena = list(p.weapons) + [x for x in p.equipment.values() if x is not None] + list(p.permanents)
        same = [
            x
            for x in arena
            if norm_name(re.sub(r"\s*\((?:red|yellow|blue)\)\s*$", "", x.name, flags=re.I)) == bare
        ]
        if len(same) == 1:
            src = same[0]
    if src is None and p.hero_card is not None and hero_named(p.hero, p.hero_card, c.source):
        src = Card(id=f"{player}-hero", facts=p.hero_card, owner=player)  # a hero's ability (CR 5.2)
    from_hand = src is None and _discard_from_hand(s, player, c.source, ctx)
    if from_hand:
        src, _ = take(s, player, A.CardRef(c.source), ("hand",), ctx, illegal="play_zone")
    if src is None:
        raise CannotApply(say("{player} controls no {source}", player=player, source=repr(c.source)))
    ab = activated_ability(src.facts)
    if ab is None:
        activate_abilities(s, player, src.name, ctx)  # activated all the same: Scurv's trigger
        ctx.add(
            MANUAL,
            say(
                "line {number}: the engine does not know {src}'s ability; enter its outcome as adjustment lines.",
                number=ctx.entry.number,
                src=src.name,
            ),
            "manual_effect",
        )
        return
    conditions.record_activation(s, player, ab.type, src.facts)  # the turn's facts card texts ask about
    if (
        "can only attack if you've attacked with a weapon this turn" in src.facts.text.casefold()
        and player not in s.weapon_attacked
    ):
        rule = TOKEN_RULES.get(token_base(src.name).casefold(), "8.6")
        raise Illegal(
            "token",
            say(
                "{src} can only attack if {player} has attacked with a weapon this turn.",
                src=src.name,
                player=player,
            ),
            (rule,),
        )
    proxy_on_chain = ab.attack and sum(
        1
        for lk in s.chain
        if lk.controller == player
        and norm_name(lk.attack.name) in (norm_name(src.name), norm_name(f"{src.name} (attack-proxy)"))
    ) >= max(
        1, len(same_named)
    )  # the chain is this turn's: an attack of this weapon on it was this ability's activation
    if (
        ab.once_per_turn
        and (src.id in p.once_per_turn or proxy_on_chain)
        and not additional_weapon_attack(s, p, src, ab, ctx)
    ):
        raise Illegal(
            "once_per_turn",
            say(
                "{src}'s ability can be activated once per turn and was already activated this turn.",
                src=src.name,
            ),
        )
    action_cost = 0
    if ab.type == "action":
        if player != s.turn_player:
            raise Illegal("not_turn_player_action", say("{player} is not the turn-player.", player=player))
        if s.stack:
            raise Illegal("action_stack_not_empty", say("An action ability needs an empty stack."))
        if s.combat_step and not (ab.attack and s.combat_step in ("resolution", "link")):
            raise Illegal(
                "action_during_combat",
                say("{src}'s action ability cannot be activated during combat.", src=src.name),
            )
        action_cost = 1
    elif ab.type == "attack reaction":
        # an attack reaction ability has an attack reaction's timing: the attack's controller, in the
        # Reaction Step (CR 5.2.2 with 8.1.2a's timing)
        link = s.active_link()
        if s.combat_step != "reaction" or link is None or link.controller != player:
            raise Illegal(
                "attack_reaction",
                say(
                    "{player} cannot activate {src}'s attack reaction ability: only the attack's controller may, in the Reaction Step.",
                    player=player,
                    src=src.name,
                ),
            )
    if not ab.attack and c.targets:
        check_targets(s, player, src, tuple(c.targets), False)  # "target attack with combo" (CR 1.8.5d)
    if not ab.attack:
        check_buffed_target(s, src.name, ab.ability_text)  # Boltyn's "with {p} greater than its base {p}"
    cost = ab.resource_cost
    if COSTS_LESS_PER_DRACONIC_LINK.search(src.facts.text):  # Fai, Rising Rebellion; Cindra
        draconic = sum(
            1 for link in s.chain if link.controller == player and "draconic" in link.attack.facts.classes
        )
        cost = max(0, cost - draconic)
    cost = max(0, cost - hero_weapon_discount(s, p, src, ab, ctx))
    is_hero = src.id == f"{player}-hero"
    condition = check_activation_condition(s, player, src)  # a hero's or equipment's (CR 5.2.1e)
    check_effect_costs(s, p, src, ab, is_hero)
    abilities.check_costs(s, p, src, ab)  # counters to remove, life to pay (CR 1.14.4b, 1.14.2b)
    if not ab.attack:
        abilities.check_target(s, src, ab)  # "target attack that is attacking Arakni"
    pitched_from = len(p.pitch_zone)  # the cards pitched for this activation follow
    pay_resources(s, player, cost, c.pitches, ctx, chi_cost=ab.chi_cost)
    pay_effect_costs(s, p, src, ab, is_hero, ctx)
    flipped = pay_arsenal_flip(s, player, src, ab, ctx)  # Lexi's cost
    banished = pay_banish_aura(s, player, src, c.targets, ctx)  # Zyggy's cost
    heroes_more.pay_graveyard_banish(s, player, src, ab.graveyard_banish, c.banishes, ctx)  # Kassai's
    heroes_crowd.pay_suspense_cost(s, player, src, c.targets, ctx)  # Pleiades's cost
    if ab.other_cost:
        ctx.add(
            MANUAL,
            say(
                "line {number}: the engine does not check or pay {src}'s cost {other_cost}; log it (e.g. '{player} discards X') or enter it as an adjustment line.",
                number=ctx.entry.number,
                src=src.name,
                other_cost=repr(ab.other_cost),
                player=player,
            ),
            "manual_effect",
        )
    if action_cost:
        if p.action_points < 1:
            raise Illegal(
                "no_action_point",
                say(
                    "{src}'s action ability costs 1 action point and {player} has 0.",
                    src=src.name,
                    player=player,
                ),
            )
        p.action_points -= 1
    if ab.once_per_turn:
        p.once_per_turn.append(src.id)
    depth = len(s.stack)
    if ab.destroy_self:
        destroy_permanent(s, src)
    if ab.destroy_at_close:
        s.effects.append(
            Effect(
                "destroy_at_close",
                player,
                0,
                "close",
                src.name,
                src.id,
                f"Destroy {src.name} when the combat chain closes.",
            )
        )
    if ab.banish_self:  # "Banish this and a card from your hero's soul" (CR 1.14.4)
        banish_permanent(s, src)
    abilities.pay_costs(s, p, src, ab, ctx)  # counters, life, "put this on the bottom of its owner's deck"
    if from_hand:  # "Discard this": the cost discards the card (CR 1.14.4, 5.2.1)
        to_graveyard(s, src)
        discard_triggers(s, player, src, ctx)
    cost_triggers = s.stack[depth:]  # triggered by paying the costs: above the ability (CR 6.6.4)
    del s.stack[depth:]
    layer = Layer(
        id=s.new_id(),
        kind="activated",
        name=f"{src.name} ability",
        controller=player,
        card=None,
        effect=ab.ability_text.replace(condition, "").strip() if condition else ab.ability_text,
    )
    if ab.attack:
        proxy = Card(id=s.new_id(), facts=src.facts, owner=player)
        for key in ("power", "-power"):
            if src.counters.get(key):
                # the attack-proxy inherits its weapon's power, counters included (CR 1.4.3a, 8.5.58)
                proxy.counters[key] = src.counters[key]
        layer = Layer(
            id=s.new_id(),
            kind="activated",
            name=src.name,
            controller=player,
            card=proxy,
            attack=True,
            source_zone="weapon",
        )
        layer.targets = [target_player(t, player) for t in (c.targets or (other(player),))]
        layer.go_again = ab.go_again
        conditions.record_paid(
            s, player, proxy.id, p.pitch_zone[pitched_from:]
        )  # "pitched to attack with this"
        heroes_crowd.card_on_stack(s, player, proxy, ctx)  # Lyath's halved base {p}
        apply_next_card_effects(s, player, layer, ctx)
        s.stack.append(layer)
        s.attacks_this_turn.append(src.name)
        bonus = weapon_turn_text(src.facts)[0]
        if bonus and sum(norm_name(n) == norm_name(src.name) for n in s.attacks_this_turn) >= 2:
            layer.power_bonus += bonus  # "The second time you attack with this each turn, it gains +N{p}"
            ctx.events.append(Event("trigger", player, f"{src.name} second attack"))
        hero_attack_abilities(s, player, layer, src.facts, ctx)
        if src.facts.is_weapon and player not in s.weapon_attacked:
            s.weapon_attacked.append(player)
        attack_played_triggers(s, player, layer, ctx, action_card=False)
        if not s.combat_step or s.combat_step in ("resolution", "link"):
            s.combat_step = "layer"
    else:
        layer.targets = list(c.targets)  # a named target ("targeting Cintari Saber": Hala's sharpen)
        layer.cost_due = ab.discard_cost  # Oscilio's "discard an instant": the log's next discard pays it
        if flipped:
            layer.source_zone = f"arsenal:{flipped}"  # the card Lexi's cost turned face up
        if banished:
            layer.source_zone = f"banished:{banished}"  # the aura Zyggy's cost banished
        s.stack.append(layer)
    for made in cost_triggers:
        s.stack.append(made)
        ctx.events.append(Event("trigger", made.controller, made.name))
    activate_abilities(s, player, src.name, ctx)  # the hero's "whenever you activate" triggers (Scurv)
    give_priority(s, player)
    if c.discards:
        # the discard the line names pays the cost (CR 5.2.2, 1.14.4): a card that cannot pay it makes the
        # whole activation illegal, so it is reversed with it (CR 1.10.3)
        discard(s, A.Discard(player, c.discards), ctx)


BUFFED_TARGET = re.compile(r"\btarget ([a-z ]*?attack) with \{p\} greater than its base \{p\}", re.I)


def check_buffed_target(s: GameState, source: str, text: str) -> None:
    """CR 1.8.5d, 5.2.1: "Target attack with {p} greater than its base {p}" (Boltyn) needs an active
    attack whose power now is above its base power (the printed power, CR 1.4.3a; bonuses and counters
    raise the power, not the base); with none the activation has no legal target and is reversed."""
    if BUFFED_TARGET.search(text) is None:
        return
    link = s.active_link()
    if link is None or link.resolved:
        raise Illegal(
            "effect_target",
            say("{card} needs a target attack; there is no attack on the combat chain.", card=source),
        )
    power, base = link_power(link), link.attack.facts.power or 0
    if power <= base:
        raise Illegal(
            "effect_target",
            say(
                "{card} needs a target attack with {{p}} greater than its base {{p}}; {attack} has {power} and its base is {base}.",
                card=source,
                attack=link.attack.name,
                power=power,
                base=base,
            ),
        )


def _discard_cost_count(sentence: str) -> int:
    """How many cards an "As an additional cost to play this, discard N cards" sentence discards (0
    when the sentence is another cost)."""
    m = re.fullmatch(
        r"as an additional cost to play [^,]+, discard (a|an|one|two|three|\d+) cards?\.?",
        sentence.strip(),
        re.I,
    )
    if m is None:
        return 0
    word = m.group(1).casefold()
    return {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}.get(word) or int(word)


def _opponents_source(s: GameState, player: str, source: str) -> str:
    """The name of the permanent an activation names when the other player controls it and the
    activating player controls nothing of that name ("P2 cracks P1's Gold"), else ""."""
    m = re.match(r"^(P[12])'s (.+)$", source.strip())
    owner, name = (m.group(1), m.group(2)) if m else ("", source)
    name = norm_name(re.sub(r"\s+token$", "", name.strip(), flags=re.I))

    def arena(pl: str) -> list[Card]:
        q = s.p(pl)
        return list(q.weapons) + [x for x in q.equipment.values() if x is not None] + list(q.permanents)

    if owner == player or any(norm_name(x.name) == name for x in arena(player)):
        return ""
    other = owner or ("P2" if player == "P1" else "P1")
    found = next((x for x in arena(other) if norm_name(x.name) == name), None)
    return f"{other}'s {found.name}" if found is not None else ""


def _discard_from_hand(s: GameState, player: str, name: str, ctx: Ctx) -> bool:
    """A card in the player's hand (known, or one of the unknown cards when the card data knows the
    name) whose ability is activated by discarding it ("Instant - Discard this: ...")."""
    p = s.p(player)
    facts = next((x.facts for x in p.hand if norm_name(x.name) == norm_name(name)), None)
    if facts is None and p.hand_unknown > 0:
        facts = ctx.lookup.get(name)
    if facts is None:
        return False
    ab = activated_ability(facts)
    return ab is not None and ab.discard_self


def _older_damage_step(ctx: Ctx) -> tuple[str, ...]:
    """The older edition gives nobody priority in the Damage Step (older CR 7.5.1): a card the line
    says was played there cites that rule as well."""
    said = any(
        (isinstance(c, A.Claim) and c.kind == "step" and c.subject == "damage")
        or (isinstance(c, A.StepMarker) and c.step == "damage")
        for c in ctx.entry.clauses
    )
    return ("7.5.1",) if ctx.version == "older" and said else ()


def check_banished_play(s: GameState, player: str, card: Card, ctx: Ctx) -> BanishedPlay | None:
    """A card played from its owner's banished zone under its own "[If CONDITION, ]You may play this
    from your banished zone" (CR 5.1.1a: only hand and arsenal unless an effect allows another zone;
    1.0.2 an allowance): the condition must hold as it is played, else the play is reversed. Rune gate
    (CR 8.3.27) allows it when the player controls Runechants equal to or greater than the card's {r}
    cost, and the {r} cost is then not paid (``cost_less`` -1; 8.3.27a: the card is rune gated); with too
    few the play is reversed. A card with neither is left to the effect that allowed it (an intimidate,
    a hero's ability)."""
    found = banished_play(card.facts)
    if found is not None and (
        not found.key or conditions.holds(s, player, found.key, card.facts, card_id=card.id)
    ):
        return found
    if card.facts.has("rune gate"):
        runechants = sum(1 for x in s.p(player).permanents if norm_name(token_base(x.name)) == "runechant")
        if runechants >= (card.facts.cost or 0):
            conditions.record(s, player, f"rune_gated id:{card.id}")
            ctx.add(
                NOTE,
                say(
                    "line {number}: {card} is rune gated from the banished zone: {player} controls {count} Runechant(s), so its {{r}} cost is not paid (CR 8.3.27).",
                    number=ctx.entry.number,
                    card=card.name,
                    player=player,
                    count=runechants,
                ),
                "play",
            )
            return BanishedPlay("", cost_less=-1)
        raise Illegal(
            "rune_gate",
            say(
                "{card} can be played from the banished zone by rune gate only with {cost} or more Runechants; {player} controls {count}.",
                card=card.name,
                cost=card.facts.cost or 0,
                player=player,
                count=runechants,
            ),
        )
    if found is not None:
        raise Illegal(
            "play_zone",
            say(
                "{card} may be played from the banished zone only if its condition holds, and it does not.",
                card=card.name,
            ),
        )
    return None
