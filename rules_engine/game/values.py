"""Values the rules derive from the state without changing it.

An attack's power, a defending card's defense and whether a card is the one a line names are read
by the phases that apply lines and by ``view`` (the JSON contract), so they live below both.
"""

from __future__ import annotations

import re

from . import conditions
from .cards import CardFacts, norm_name, split_colour
from .effects import DefendedBonus, class_attack_bonus, defended_bonuses, defense_grants, plain
from .state import Card, ChainLink, GameState
from .text_crowd import HALVED_BASE


def defender_fits(card: Card, fits: tuple[tuple[str, ...], ...]) -> bool:
    """Whether a defending (or would-be defending) card is one a description of defenders names
    (``effects.defender_descriptor``): any alternative whose words it all answers to, "non-x" words
    it must not answer to, "from-hand" for a card declared from hand."""
    words = conditions.tags(card.facts, card.pitch)
    if card.origin == "hand":
        words.append("from-hand")
    for alt in fits:
        if all(
            not conditions._fits(words, w[4:])
            if w.startswith("non-") and w != "non-attack"
            else conditions._fits(words, w)
            for w in alt
        ):
            return True
    return False


def _defended_met(bonus: DefendedBonus, link: ChainLink) -> int:
    """How many times an attack's bonus from its defenders applies now (CR 6.1.3: a static ability
    while its condition holds): once per fitting card, or once when the count is met."""
    n = sum(1 for c in link.defending if defender_fits(c, bonus.fits))
    if bonus.per_card:
        return n
    return int(n >= bonus.at_least if bonus.at_least else n < bonus.fewer)


def defended_power(link: ChainLink) -> int:
    """The attack's {p} from the cards defending it ("If this is defended by an action card, this gets
    +2{p}", "+1{p} for each non-equipment card defending it")."""
    return sum(b.power * _defended_met(b, link) for b in defended_bonuses(link.attack.facts))


def defended_go_again(link: ChainLink) -> bool:
    """The attack's go again from the cards defending it ("If this is defended by 3 or more cards, it
    gets go again"), as the Resolution Step begins (CR 7.6.2)."""
    return any(b.go_again and _defended_met(b, link) for b in defended_bonuses(link.attack.facts))


def link_power(link: ChainLink) -> int:
    """The active-attack's power: printed power, its changes, its bonus from the cards defending it,
    and piercing N when an equipment defends (CR 8.3.23); never below zero."""
    power = (link.attack.facts.power or 0) + link.attack.counter_mod("power") + link.power_bonus
    power += defended_power(link)
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
    hero = s.p(card.owner).hero_card
    if (
        hero is not None
        and f.defense is not None
        and any(HALVED_BASE.match(x.strip()) for x in plain(hero.text).split("\n"))
    ):
        d -= (
            f.defense - (f.defense + 1) // 2
        )  # Lyath: the base {d} of her cards halved, rounded up (CR 6.3.3)
    if f.is_action:  # Lyath's "Defending action cards you control get +1{d} this turn"
        d += sum(
            e.amount for e in s.effects if e.kind == "defending_action_defense" and e.player == card.owner
        )
    if "non-attack" in f.subtypes and any(
        norm_name(t.name).startswith("embodiment of earth") for t in s.p(card.owner).permanents
    ):
        d += 1
    d += class_attack_bonus([c.facts for c in s.p(card.owner).permanents], f)[1]  # Security Script
    for key, bonus in defense_grants(f):  # "If you control a Seismic Surge token, this gets +1{d}"
        if conditions.holds(s, card.owner, key, f, card_id=card.id):
            d += bonus
    return d


def card_power(card: Card) -> int:
    """A card's power with its counters and the effects on it ("target attack action card gets
    -2{p}" on a defending card is the counter ``power_effect``); never below zero (CR 2.0.3c)."""
    return max(0, (card.facts.power or 0) + card.counter_mod("power") + card.counters.get("power_effect", 0))


def phantasm_defender(cards: list[Card]) -> Card | None:
    """The defending card that meets phantasm's condition (CR 8.3.13, 8.3.13a): a non-Illusionist
    attack action card with 6 or more power, checked as it defends and again as the trigger resolves."""
    for card in cards:
        f = card.facts
        if (
            f.is_attack_action
            and "illusionist" not in f.classes
            and f.power is not None
            and card_power(card) >= 6
        ):
            return card
    return None


#: Conditions of an attack's "If ..., this gets ..." that can only become true during a turn or a
#: chain, so a bonus not yet given is given when the condition is checked again (``defending.recheck_grants``).
GROWING_CONDITIONS = frozenset({"arcane_dealt", "draconic_links", "marked"})


def grant_met(s: GameState, link: ChainLink, condition: str, number: int) -> bool:
    """Whether a growing condition of the attack's text holds now: arcane damage dealt by the
    attack's controller this turn, or N or more Draconic chain links they control."""
    if condition.startswith("defended_by:"):
        # "while defended by an attack action card" and the condition after "&" (Boltyn, CR 6.1.3)
        kind, _, rest = condition.removeprefix("defended_by:").partition("&")
        defended = any(c.facts.is_attack_action for c in link.defending) if kind == "attack action" else False
        return defended and (not rest or grant_met(s, link, rest, number))
    if conditions.attack_fact(condition):  # the attack's own power / go again, as the rules count them
        kind, n = condition.split(";")[0], int(condition.split(";")[1] or 0)
        if kind == "power":
            return link_power(link) >= n
        if kind == "buffed":
            return link_power(link) > (link.attack.facts.power or 0)
        if kind == "counter":  # an aim counter the arrow had in the arsenal (CR 1.15, a judge's adjustment)
            return link.attack.counters.get(condition.split(";")[3], 0) >= n
        return link.go_again
    if ";" in condition:  # the condition grammar's key (``conditions``)
        return conditions.holds(
            s, link.controller, condition, link.attack.facts, link.number, link.attack.id, link.source_zone
        )
    if condition == "draconic_links":
        return (
            sum(
                1 for x in s.chain if x.controller == link.controller and "draconic" in x.attack.facts.classes
            )
            >= number
        )
    if condition == "arcane_dealt":
        return link.controller in s.arcane_dealt
    if condition == "marked":
        return link.target in s.marked  # until the hit removes it (CR 9.3.3); a power bonus only
    return False


def attack_is(word: str, card: Card, from_weapon: bool = False) -> bool:
    """Whether an attack is a "[word] attack": a weapon attack for "weapon", a colour from its pitch
    (CR 2.2), else its card's (a weapon's attack-proxy has its weapon's, CR 1.4.3a) subtype, class or
    talent (CR 1.3.2) or a keyword it has ("your next attack with stealth"); "Ice, Lightning, or
    Elemental" is any of them."""
    words = re.split(r",? or |, ", word)
    if len(words) > 1:
        return any(attack_is(w, card, from_weapon) for w in words)
    facts = card.facts
    if word == "weapon":
        return from_weapon or facts.is_weapon
    if word in ("red", "yellow", "blue"):
        return word in conditions.tags(facts, card.pitch)
    return word in {x.casefold() for x in facts.subtypes} | {
        x.casefold() for x in facts.classes
    } or facts.has(word)


def card_filter_fits(filt: str, facts: CardFacts, pitch: int | None = None) -> bool:
    """A packed filter of a "next card" effect: "base<=3" (printed {p}, CR 2.9.3), "cost>=0" (printed
    cost, CR 2.4), a colour ("blue", CR 2.2 from pitch), or "" (any card)."""
    if "/" in filt:  # "runeblade/shadow": either word (Chane's "next Runeblade or Shadow action")
        return any(card_filter_fits(x, facts, pitch) for x in filt.split("/"))
    m = re.fullmatch(r"(base|cost)(<=|>=)(\d+)", filt)
    if m:
        value = facts.power if m.group(1) == "base" else facts.cost
        if value is None:
            return False
        return value <= int(m.group(3)) if m.group(2) == "<=" else value >= int(m.group(3))
    return not filt or filt in conditions.tags(facts, pitch)
