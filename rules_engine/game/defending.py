"""Defending (CR 7.3, 7.4.2): declaring defending cards and the limits on them.

Only the attacked hero declares, once per chain link, in the Defend Step: cards from hand, equipment,
and arsenal cards with ambush; a defense reaction is played, not declared. The attack's keywords
limit the defenders (dominate: one card from hand, overpower: one action card, Confidence: at most N
non-block cards), for declared cards and for defense reactions alike.
"""

from __future__ import annotations

import re

from rules_engine.wording import say

from . import actions as A
from . import conditions
from .context import Ctx, Event, give_priority
from .effects import (
    ADD_ON_REACTION,
    LOW_POWER_NO_HAND_DEFENSE,
    OVERPOWER_IF_BUFFED,
    UNITY_DEFENSE,
    TextEffect,
    defend_only,
    defend_restriction,
    defend_sentences,
    defender_descriptor,
    parse_defend_trigger,
    plain,
    split_sentences,
)
from .heroes_crowd import defenders_base
from .heroes_text import TRAP_TRIGGER_DAMAGE
from .rules import MANUAL, NOTE, Illegal
from .state import Card, ChainLink, GameState, Layer
from .values import defender_fits, grant_met, phantasm_defender, same_card
from .zones import check_claims, take


def awaiting_defenders(s: GameState) -> bool:
    """The active chain link's defenders have not been declared yet."""
    link = s.active_link()
    return link is not None and not link.declared


def mark_declared(s: GameState) -> None:
    """The active chain link's defenders count as declared (a pass or a play in the Defend Step
    leaves the defending cards as they are)."""
    link = s.active_link()
    if link is not None:
        link.declared = True


def granted(s: GameState, link: ChainLink, keyword: str) -> bool:
    """The attack has the keyword from an effect: a met combo (``link.granted``) or a continuous
    effect for attack action cards of a cost or more (Bravo, Showstopper's "grant_keyword")."""
    if keyword in link.granted:
        return True
    if any(  # a keyword an effect gave this very card (Azalea's arrow: dominate until end of turn)
        eff.kind == "grant_keyword_card" and eff.card_id == link.attack.id and eff.text == keyword
        for eff in s.effects
    ):
        return True
    facts = link.attack.facts
    if any(  # Valda's "cards you own with crush get dominate this turn" (heroes.start_of_turn_abilities)
        eff.kind == "grant_keyword_with"
        and eff.text == keyword
        and eff.player == link.attack.owner
        and facts.has(eff.card_id)
        for eff in s.effects
    ):
        return True
    return facts.is_attack_action and any(
        eff.kind == "grant_keyword"
        and eff.text == keyword
        and eff.player == link.controller
        and (facts.cost or 0) >= eff.amount
        for eff in s.effects
    )


def hand_defense_barred(s: GameState, link: ChainLink) -> int | None:
    """Benji's "Your attack action cards with 2 or less {p} can't be defended by cards from hand" (a
    restriction on declaring defenders, CR 7.3.2, 1.0.2): the limit N when the attack's controller's hero
    has it and the attack action card's power (printed, counters and bonuses so far) is N or less."""
    hero = s.p(link.controller).hero_card
    if hero is None or not link.attack.facts.is_attack_action:
        return None
    for sentence in split_sentences(hero.text):
        m = LOW_POWER_NO_HAND_DEFENSE.match(sentence.strip())
        power = (link.attack.facts.power or 0) + link.attack.counter_mod("power") + link.power_bonus
        if m and power <= int(m.group(1)):
            return int(m.group(1))
    return None


def power_overpower(link: ChainLink) -> bool:
    """Over the Top and its kind: "If this has {p} greater than its base, it gets overpower" (a
    conditional keyword the engine can check: an effect has raised the attack's power)."""
    atk = link.attack.facts
    return (
        "overpower" in atk.conditional and bool(OVERPOWER_IF_BUFFED.search(atk.text)) and link.power_bonus > 0
    )


def recheck_grants(s: GameState, link: ChainLink, ctx: Ctx) -> None:
    """An attack's "If [condition], this gets +N{p} / go again / dominate" is a static ability
    (CR 1.4.3c, 6.1.3): a bonus whose growing condition was not met when the attack became a chain
    link (arcane damage dealt by a Runechant that triggered on the attack) applies once it is, checked
    before defenders are declared, before damage and before go again."""
    still = []
    for item in link.waiting:
        cond, number, power, keywords = (item.split("|") + ["", "", "", ""])[:4]
        if not grant_met(s, link, cond, int(number or 0)):
            still.append(item)
            continue
        link.power_bonus += int(power or 0)
        # "go again;When this hits a hero, mark them;" (a state saved before abilities were kept: "a,b")
        for kw in [k for k in keywords.split(";" if ";" in keywords else ",") if k]:
            if kw == "go again":
                link.go_again = True
            elif kw not in link.granted:
                link.granted.append(kw)
        ctx.events.append(Event("grant", link.controller, link.attack.name, int(power or 0)))
    link.waiting = still


def check_restrictions(s: GameState, link: ChainLink, new: list[Card]) -> None:
    """The restrictions of the attack's and the defending cards' texts (CR 1.0.2, 1.0.2a; a card that
    would make the declared set illegal cannot be declared, 7.3.2b(C)): "This can't be defended by
    equipment / auras / non-head equipment", "This can only be defended by ...", and the defending
    card's "This can only defend an attack with 3 or less base {p}" / "This may only defend an attack
    if the attack's controller has drawn a card this turn"."""
    atk = link.attack.facts
    for sentence in split_sentences(plain(atk.text)):
        found = defend_restriction(sentence, atk)
        if found is None:
            continue
        only, fits = found
        for card in new:
            if defender_fits(card, fits) != only:
                if sentence.casefold().endswith("can't be defended by equipment"):
                    raise Illegal(
                        "defend_equipment",
                        say(
                            "{attack} can't be defended by equipment (its text, a restriction).",
                            attack=link.attack.name,
                        ),
                    )
                raise Illegal(
                    "defend_equipment",
                    say(
                        "{card} can't defend {attack}: {attack}'s text says '{sentence}' (a restriction).",
                        card=card.name,
                        attack=link.attack.name,
                        sentence=sentence,
                    ),
                )
    for card in new:
        for sentence in split_sentences(plain(card.facts.text)):
            limit = defend_only(sentence, card.facts)
            if limit is None:
                continue
            kind, n = limit
            base = atk.power or 0
            ok = (
                conditions.holds(s, link.controller, kind[len("cond:") :])
                if kind.startswith("cond:")
                else (base <= n if kind == "<=" else base >= n)
            )
            if not ok:
                raise Illegal(
                    "defend_only",
                    say(
                        "{card} can't defend {attack}: its text says '{sentence}' (a restriction).",
                        card=card.name,
                        attack=link.attack.name,
                        sentence=sentence,
                    ),
                )


def check_can_defend(
    s: GameState, link: ChainLink, new: list[Card], ctx: Ctx, reaction: bool = False
) -> None:
    """The new defending cards need a defense property (CR 7.3.2b) and must fit the attack's
    limits: dominate (CR 8.3.4), Confidence's non-block limit, overpower (CR 8.3.22)."""
    recheck_grants(s, link, ctx)
    for card in new:
        if card.defense is None and card.facts.defense is None and "defense" not in card.constraints:
            if card.facts.types or card.facts.defense is None and not reaction:
                raise Illegal(
                    "defend_no_property",
                    say("{card} has no defense property and cannot defend (7.3.2b A).", card=card.name),
                )
    all_cards = list(link.defending) + new
    atk = link.attack.facts
    check_restrictions(s, link, new)
    low = hand_defense_barred(s, link)
    if low is not None and any(c.origin == "hand" for c in new):
        raise Illegal(
            "hero_no_hand_defense",
            say(
                "{attack} has {power} or less power and {hero}'s ability says it can't be defended by cards from hand.",
                attack=link.attack.name,
                power=low,
                hero=s.p(link.controller).hero,
            ),
        )
    if atk.has("dominate") or granted(s, link, "dominate"):
        from_hand = [c for c in all_cards if c.origin == "hand"]
        earlier = (
            1
            if (
                ctx.version == "older"
                and link.hand_defended
                and not any(c.origin == "hand" for c in link.defending)
            )
            else 0
        )
        # CR 8.3.4c: gaining dominate removes no defender; only a card added now can break it.
        if any(c.origin == "hand" for c in new) and len(from_hand) + earlier > 1:
            raise Illegal(
                "dominate" if not reaction else "dominate_dr",
                say(
                    "{attack} has dominate and can't be defended by more than one card from hand.",
                    attack=link.attack.name,
                ),
            )
    if link.max_nonblock:
        nonblock = [c for c in all_cards if "block" not in c.facts.types]
        if len(nonblock) > link.max_nonblock:
            raise Illegal(
                "confidence",
                say(
                    "{attack} can't be defended by more than {max_nonblock} non-block cards.",
                    attack=link.attack.name,
                    max_nonblock=link.max_nonblock,
                ),
            )
    if atk.has("overpower") or granted(s, link, "overpower") or power_overpower(link):
        actions = [c for c in all_cards if c.facts.is_action]
        # CR 8.3.22a, 8.3.22b: only an action card added now can break it (none is removed).
        if any(c.facts.is_action for c in new) and len(actions) > 1:
            raise Illegal(
                "overpower",
                say(
                    "{attack} has overpower and can't be defended by more than one action card.",
                    attack=link.attack.name,
                ),
            )


def add_on_reaction(s: GameState, c: A.Defend, link: ChainLink, ctx: Ctx) -> bool:
    """The Leap Frog equipment's "When an opponent plays or activates an attack reaction, you may add
    this to the active chain link as a defending card" (CR 6.6; 7.0.5a: added, it defends and its own
    defend triggers trigger): a line adding such equipment of the defending hero after the attacking
    player played or activated an attack reaction on this chain link is that trigger's effect taken
    (its layer resolved at once: nothing the log shows responds first). False when the line is not that."""
    p = s.p(c.player)
    gear = [x for x in p.equipment.values() if x is not None]
    named = [next((g for g in gear if same_card(g, ref.name)), None) for ref in c.cards]
    if (
        c.player != link.target
        or not named
        or any(
            g is None or not any(ADD_ON_REACTION.match(_low(x, g)) for x in split_sentences(g.facts.text))
            for g in named
        )
        or not conditions.holds(s, link.controller, "linkuse;1;0;attack reaction")
    ):
        return False
    new = [take(s, c.player, ref, ("equipment",), ctx, illegal="defend_from")[0] for ref in c.cards]
    check_can_defend(s, link, new, ctx, reaction=True)
    link.defending.extend(new)
    for card in new:
        ctx.events.append(Event("trigger", c.player, f"{card.name} trigger"))
    self_triggers(s, new, "defends", ctx)
    return True


def add_from_offer(s: GameState, c: A.Defend, link: ChainLink, ctx: Ctx) -> bool:
    """An effect that let the player add a card from their arsenal as a defending card (Bunker Beard's
    "You may add an action card from your arsenal to the active chain link as a defending card", an
    ``add_defender`` effect for this chain link): the log's line adding a fitting arsenal card takes it
    (CR 7.0.5a: it defends as it is added, and its own defend triggers trigger). False when no such
    effect waits or the line names another card."""
    offer = next((e for e in s.effects if e.kind == "add_defender" and e.player == c.player), None)
    arsenal = s.p(c.player).arsenal
    named = [next((x for x in arsenal if same_card(x, ref.name)), None) for ref in c.cards]
    if offer is None or len(named) != 1 or named[0] is None:
        return False
    if not conditions._fits(conditions.tags(named[0].facts, named[0].pitch), offer.text):
        return False
    s.effects.remove(offer)
    card, _ = take(s, c.player, c.cards[0], ("arsenal",), ctx, illegal="defend_from")
    card.origin = "arsenal"
    card.face = "up"
    check_can_defend(s, link, [card], ctx, reaction=True)
    link.defending.append(card)
    self_triggers(s, [card], "defends", ctx)
    return True


def _low(sentence: str, card: Card) -> str:
    return sentence.casefold().replace(card.name.casefold(), "this").strip()


def defend(s: GameState, c: A.Defend, ctx: Ctx) -> None:
    """CR 7.3.2: the attacked hero declares defending cards in the Defend Step, once per link, from
    hand, equipment, or arsenal with ambush; then the turn-player gets priority (CR 7.3.3). Equipment
    an effect adds later is added so (``add_on_reaction``)."""
    link = s.active_link()
    if (
        link is not None
        and (s.combat_step != "defend" or link.declared)
        and (add_on_reaction(s, c, link, ctx) or add_from_offer(s, c, link, ctx))
    ):
        return
    if s.combat_step != "defend" or link is None:
        raise Illegal(
            "defend_step", say("{player} declared defending cards outside the Defend Step.", player=c.player)
        )
    if link.declared:
        raise Illegal(
            "defend_step",
            say("defending cards for chain link {link} were already declared.", link=link.number),
        )
    if c.player != link.target:
        raise Illegal("defend_from", say("{player} is not the defending hero.", player=c.player))
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
        card, zone = take(s, c.player, ref, zones, ctx, illegal="defend_from")
        check_claims(card, ref, ctx)
        if zone == "arsenal" and not card.facts.has("ambush"):
            raise Illegal(
                "defend_from",
                say(
                    "{card} is in the arsenal and has no ambush; only hand cards and equipment defend (7.3.2a).",
                    card=card.name,
                ),
            )
        if card.facts.is_("defense reaction"):
            raise Illegal(
                "defend_from",
                say(
                    "{card} is a defense reaction and cannot be declared as a defending card (7.3.2a).",
                    card=card.name,
                ),
            )
        if zone != "equipment":
            card.origin = zone
        new.append(card)
    check_can_defend(s, link, new, ctx)
    for eff in list(s.effects):
        if eff.kind == "next_defend_action" and eff.player == c.player:
            first = next((x for x in new if x.facts.is_action), None)
            if first is not None:
                first.counters["defense_effect"] = first.counters.get("defense_effect", 0) + eff.amount
                s.effects.remove(eff)
    for card in new:
        for sentence in defend_sentences(card.facts):
            if parse_defend_trigger(sentence, card.facts) is not None:
                continue  # a trigger of its own (self_triggers below), computed or asked for there
            unity = UNITY_DEFENSE.match(sentence)
            if unity:  # CR 8.4.10: declared together with a card from hand (its trigger resolved at once)
                if any(x is not card and x.origin == "hand" for x in new):
                    card.counters["defense_effect"] = card.counters.get("defense_effect", 0) + int(
                        unity.group(1)
                    )
                continue
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {card} defends; the engine does not apply its text {sentence}; if it applies, enter its outcome as adjustment lines (judge: ...).",
                    number=ctx.entry.number,
                    card=card.name,
                    sentence=repr(sentence),
                ),
                "manual_effect",
            )
    defenders_base(s, c.player, new)  # Lyath's halved base {p} (heroes_crowd)
    link.defending.extend(new)
    link.hand_defended = link.hand_defended or any(c.origin == "hand" for c in new)
    link.declared = True
    self_triggers(s, new, "defends", ctx)
    if link.attack.facts.has("phantasm") and phantasm_defender(new) is not None:
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
    give_priority(s)  # CR 7.3.3
    # the turn-player got priority from the rule and nobody has acted: a defender's instant told next
    # implies the turn-player's pass, as at the start of the Reaction Step (context.implied_step_pass)
    s.fresh = not s.stack


def conditional_trigger(
    s: GameState, player: str, name: str, effects: list[TextEffect], source: Card, ctx: Ctx
) -> None:
    """ "When this attacks / defends, if [condition], [effect]": the condition (one key, the grammar's) is
    checked as the event happens, and the layer goes on the stack only if it holds (CR 1.8.4, 6.6.5b);
    it is checked again as the layer resolves (``trigger_condition_holds``)."""
    key = effects[0].trigger[len("cond:") :]
    if not trigger_condition_holds(s, player, key, source.id):
        ctx.add(
            NOTE,
            say(
                "line {number}: {name}: its condition does not hold ({key}), so it does nothing.",
                number=ctx.entry.number,
                name=name,
                key=key.split(";")[0],
            ),
            "trigger",
        )
        return
    trig = Layer(
        id=s.new_id(),
        kind="triggered",
        name=name,
        controller=player,
        effect=f"text-if:{key}|{source.id}",
        source_id=source.id,
    )
    trig.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in effects]
    s.stack.append(trig)
    ctx.events.append(Event("trigger", player, name))


def trigger_condition_holds(s: GameState, player: str, key: str, source_id: str) -> bool:
    """A conditional trigger's condition for its source card (an attack on the chain, a defending card,
    else a card of the player's graveyard or arena): "another" leaves that card out (CR 1.8.4)."""
    link = next((x for x in s.chain if x.attack.id == source_id), None)
    if link is not None:
        return grant_met(
            s, link, key, 0
        )  # the attack's own power as the rules count it, or the grammar's key
    card = next(
        (c for x in s.chain for c in x.defending if c.id == source_id),
        next((c for c in zones_cards(s, player) if c.id == source_id), None),
    )
    return conditions.holds(s, player, key, card.facts if card is not None else None, card_id=source_id)


def zones_cards(s: GameState, player: str) -> list[Card]:
    p = s.p(player)
    return [*p.graveyard, *p.permanents, *p.weapons, *[c for c in p.equipment.values() if c is not None]]


def _defends_such(s: GameState, what: str) -> bool:
    """Whether the active chain link's attack is the one a "When this defends an attack with go again /
    with {p} greater than its base / a red card / a Brute attack" trigger names, as it defends."""
    link = s.active_link()
    if link is None:
        return False
    if what == "an attack with overpower":
        return link.attack.facts.has("overpower") or granted(s, link, "overpower")
    if what == "an attack with go again":
        return link.go_again or link.attack.facts.has("go again") or "go again" in link.granted
    if what.startswith("an attack with {p} greater"):
        return grant_met(s, link, "buffed;0;0;", 0)
    word = what.split()[1]
    if word == "weapon":
        return bool(link.proxy)
    return word in conditions.tags(link.attack.facts, link.attack.pitch)


def _together(card: Card, cards: list[Card], qualifier: str) -> bool:
    """Whether enough of the other cards put on the chain link in the same event as ``card`` (CR 7.0.5e:
    they defend together) fit a "When this defends together with [N or more] X" trigger's X."""
    count, _, words = qualifier.partition("|")
    fits = defender_descriptor(words.replace("card from hand", "from-hand card"))
    others = [c for c in cards if c is not card]
    return fits is not None and sum(1 for c in others if defender_fits(c, fits)) >= int(count or 1)


def self_triggers(s: GameState, cards: list[Card], event: str, ctx: Ctx) -> None:
    """A card's own "When this defends ..." triggers (CR 6.6.5: the event occurred; 7.0.5a: a defense
    reaction defends as it resolves), one per sentence (``effects.parse_defend_trigger``). Each is a
    triggered layer its controller adds (CR 6.6.6) whose source is the card ("this" in its effect).
    A trigger that names the attack it defends ("an attack with go again") or a state of the
    attacking hero (a trap's "and the attacking hero has ...") triggers only when that holds (CR
    6.6.5b); "When this defends, if [condition], ..." is checked as it triggers and as it resolves
    (``conditional_trigger``); a sentence the engine cannot compute is a manual trigger for the judge."""
    assert event == "defends"
    for card in cards:
        for sentence in split_sentences(plain(card.facts.text)):
            dt = parse_defend_trigger(sentence, card.facts)
            if dt is None:
                continue
            name = f"{card.name} {event[:-1]} trigger"
            if dt.shape == "qualified" and dt.computed and not _defends_such(s, dt.qualifier.casefold()):
                continue  # the attack is not the one its trigger names (CR 6.6.5b)
            if dt.shape == "and" and dt.computed:
                link = s.active_link()
                if link is None or not conditions.holds(s, link.controller, dt.key):
                    continue  # the attacking hero's state the trap needs does not hold (CR 6.6.5b)
            if dt.shape == "together" and dt.computed and not _together(card, cards, dt.qualifier):
                continue  # not enough of the cards defending with it fit (CR 7.0.5e, 6.6.5b)
            if dt.shape == "alone" and dt.computed and len(cards) != 1:
                continue  # it defended together with another card (CR 7.0.5e)
            if dt.shape == "plain" and dt.computed and dt.key:
                conditional_trigger(s, card.owner, name, list(dt.effects), card, ctx)
                continue
            layer = Layer(
                id=s.new_id(),
                kind="triggered",
                name=name,
                controller=card.owner,
                effect="text" if dt.computed else "manual",
                source_id=card.id,
            )
            layer.targets = [f"{e.kind}:{e.amount}:{e.target}" for e in dt.effects] if dt.computed else []
            s.stack.append(layer)
            ctx.events.append(Event("trigger", card.owner, layer.name))
            _trap_trigger_abilities(s, card, ctx)


def _trap_trigger_abilities(s: GameState, card: Card, ctx: Ctx) -> None:
    """Riptide's "Whenever a trap you control triggers, deal 1 damage to the attacking hero": a trap's own
    trigger (a defending card's, just put on the stack) makes the hero's triggered layer above it (CR
    6.6); its damage goes to the active attack's controller."""
    if "trap" not in {x.casefold() for x in card.facts.subtypes}:
        return
    hero = s.p(card.owner).hero_card
    link = s.active_link()
    if hero is None or link is None:
        return
    for line in hero.text.split("\n"):
        m = TRAP_TRIGGER_DAMAGE.match(line.strip())
        if m is None:
            continue
        layer = Layer(
            id=s.new_id(), kind="triggered", name=f"{hero.name} trigger", controller=card.owner, effect="text"
        )
        layer.targets = [f"damage:{m.group(1)}:"]
        s.stack.append(layer)
        ctx.events.append(Event("trigger", card.owner, f"{hero.name}: {card.name}"))


def without_self_triggers(text: str) -> str:
    """The card's text without its "When this defends/attacks" sentences (with an "If you do" that
    follows), which trigger rather than resolve with the card."""
    kept = [
        x
        for x in split_sentences(plain(text))
        if not re.match(
            r"^(?:[a-z' ]+ - )?when(?:ever)? (?:this (?:defends|attacks)|you defend with this)\b", x, re.I
        )
    ]
    return ". ".join(kept) + ("." if kept else "")
