"""The effect texts the engine recognises, and the rules-defined tokens of CR 8.6.

Only common, unconditional sentences are recognised. Any other sentence is never guessed: the
engine reports a manual-effect finding and the judge enters the outcome as an adjustment line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from . import conditions, heroes_text, rx, text_abilities, trigger_words
from .cards import ACTING_KEYWORDS, CardFacts, parse_keywords
from .text_crowd import CROWD_MODELLED, CROWD_RESOLVED, SUSPENSE_COST

_NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _num(text: str) -> int:
    t = text.strip().casefold()
    return int(t) if t.isdigit() else _NUM_WORDS.get(t, 1)


@dataclass(frozen=True)
class TextEffect:
    """A recognised sentence: ``kind`` with an ``amount`` (``trigger`` = "hit" for "when this hits")."""

    kind: str
    amount: int = 0
    trigger: str = ""
    target: str = ""


_KEYWORD_LINE = re.compile(
    r"^(go again|dominate|overpower|blade break|battleworn|temper|guardwell|phantasm|spectra|mirage|ambush|blood debt|"
    r"ephemeral|legendary|stealth|protect|boost|rune gate|(arcane barrier|spellvoid|ward|quell|piercing|heave|arcane shelter) \d+"
    r"|[a-z ,'-]+ specialization|essence of [a-z ,]+|\(.*\))$"  # reminder text in parentheses has no effect
)

#: Fusion (CR 8.3.17): "Ice Fusion", "Earth and Lightning Fusion", "Earth and/or Ice Fusion"; paid when
#: the card is played (``costs.fuse``), its "If this was fused" conditions read by ``conditions``.
FUSION = re.compile(r"^(earth|ice|lightning)(?:( and/or | and )(earth|ice|lightning))? fusion$", re.I)

#: The labels of CR 8.4 whose condition the condition grammar reads (Earth Bond 8.4.15 and its Ice and
#: Lightning kin, Lightning Flow 8.4.16, High Tide 8.4.18): the label itself adds nothing to the sentence.
LABEL_PREFIX = re.compile(r"^(?:(?:earth|ice|lightning) bond|lightning flow|high tide)\s*-\s*(?=if )")

#: A card's own sentence "Intimidate" (CR 8.5.10): the opponent banishes a random card face-down from
#: hand until the end phase; the random card is the log's to name (``layers.apply_text_effect``).
INTIMIDATE = re.compile(r"^intimidate\.?$")
#: Amp N (CR 8.5.47): the next arcane damage an event of the player deals this turn is N more
#: (``layers.apply_text_effect`` makes the effect, ``damage.deal_damage`` uses it).
AMP = re.compile(r"^amp (\d+)\.?$")

#: Steam counters and crank (CR 8.3.29; "enters the arena with N steam counters" is an identity
#: replacement, 6.4.8; "when it has no steam counters, destroy it" a state-based trigger, 6.6.5c): applied
#: as the item enters the arena (``layers.enter_arena``), by a crank line (``layers.crank``) and as the
#: turn starts (``layers.steam_upkeep``). The subject may be the card's own name.
_SUBJECT = r"(?:this|it|[a-z0-9' ,!:-]+?)"
STEAM_ENTERS = re.compile(
    rf"^{_SUBJECT} enters the arena with (a|an|one|two|three|four|five|\d+) steam counters?(?: on it)?$"
)
STEAM_UPKEEP = re.compile(
    rf"^at the start of your turn, destroy {_SUBJECT} unless you remove a steam counter from it$"
)
STEAM_NONE = re.compile(rf"^(?:when|if) {_SUBJECT} has no steam counters(?: on it)?, destroy it$")
CRANK = re.compile(r"^crank$")
#: Suspense (CR 8.3.42): its counters as the aura enters, their removal as its controller's turn starts
#: and the destroy at none (``layers.enter_arena``, ``layers.suspense_upkeep``).
SUSPENSE = re.compile(r"^suspense$")
#: Unlimited (CR 8.3.40) is a meta-static ability: it allows any number of copies in a deck and has no
#: effect on a game's state, so a reconstruction has nothing to apply.
UNLIMITED = re.compile(r"^unlimited$")


@dataclass(frozen=True)
class SteamText:
    """What a card's text says of its steam counters: how many it enters with, whether it has crank,
    the start-of-turn upkeep and the destroy at none."""

    enters: int = 0
    crank: bool = False
    upkeep: bool = False
    none_destroys: bool = False


def steam_sentence(sentence: str) -> bool:
    """A sentence the steam-counter rules above apply (lower case, a final full stop allowed), the
    suspense keyword (its counters work the same way), or Unlimited, which has nothing to apply in a game."""
    low = sentence.strip().rstrip(".").casefold()
    return any(p.match(low) for p in (STEAM_ENTERS, STEAM_UPKEEP, STEAM_NONE, CRANK, UNLIMITED, SUSPENSE))


@lru_cache(maxsize=4096)
def steam_text(facts: CardFacts) -> SteamText:
    enters = 0
    upkeep = none = False
    for sentence in split_sentences(plain(facts.text)):
        low = sentence.strip().rstrip(".").casefold()
        m = STEAM_ENTERS.match(low)
        if m:
            enters = _num(m.group(1))
        upkeep = upkeep or bool(STEAM_UPKEEP.match(low))
        none = none or bool(STEAM_NONE.match(low))
    return SteamText(enters, facts.has("crank"), upkeep, none)


#: Watery grave (CR 8.3.41; "Legend of the Watery Grave" is legendary and watery grave, CR 8.3.6): a card
#: put into its owner's graveyard from the arena is turned face-down (``zones.to_graveyard``); a defense
#: reaction's own "While this is defending, when it's put into your graveyard from the arena, turn it
#: face-down" says the same of its chain link.
WATERY_GRAVE = re.compile(
    r"^(?:(?:legend of the )?watery grave"
    r"|while this is defending, when it's put into your graveyard from the arena, turn it face-down)\.?$"
)


def watery_grave_sentence(sentence: str, facts: CardFacts) -> bool:
    """A sentence the watery grave rule applies, on a card the card data gives the keyword."""
    return facts.has("watery grave") and bool(WATERY_GRAVE.match(sentence.strip().casefold()))


#: A permanent's "Your Mechanologist attack action cards get +1{p} / +1{d} / go again" (the Scripts; a
#: static ability of the arena, CR 6.2, applied to each fitting card of its controller: its power as it
#: becomes a chain link, ``layers.attack_resolves``; its defense whenever it is counted, ``values.defense_of``).
CLASS_ATTACKS_GET = re.compile(
    r"^your ([a-z]+) attack action cards get (\+(\d+)\{([pd])\}|go again)\.?$", re.I
)


def class_attack_bonus(permanents: list[CardFacts], attack: CardFacts) -> tuple[int, int, bool]:
    """The +{p}, +{d} and go again the player's permanents' "Your CLASS attack action cards get ..."
    give ``attack`` (an attack action card of that class)."""
    power = defense = 0
    go_again = False
    if not attack.is_attack_action:
        return 0, 0, False
    for perm in permanents:
        for cls, what, n in _class_grants(perm):
            if cls not in attack.classes:
                continue
            if what == "go again":
                go_again = True
            elif what == "p":
                power += n
            else:
                defense += n
    return power, defense, go_again


@lru_cache(maxsize=4096)
def _class_grants(facts: CardFacts) -> tuple[tuple[str, str, int], ...]:
    out = []
    if "attack action cards get" in facts.text:
        for sentence in split_sentences(plain(facts.text)):
            m = CLASS_ATTACKS_GET.match(sentence.strip())
            if m is not None:
                what = "go again" if m.group(2).casefold() == "go again" else m.group(4)
                out.append((m.group(1).casefold(), what, int(m.group(3) or 0)))
    return tuple(out)


#: A card's own "When this is banished from boosting, put a steam counter on a Hyper Driver you control"
#: (CR 8.3.9 boost, 6.6): a triggered layer above the card boosted, ``zones.boost_banish_triggers``.
BOOST_BANISHED_STEAM = re.compile(
    r"^when this is banished from boosting, put a steam counter on an? ([a-z' ]+?) you control\.?$", re.I
)


#: Beat chest (CR 8.3.33): an optional additional cost, the discard of a card with 6 or more {p} the play
#: line names (``playing.beat_chest``); "if you've beaten chest this turn" is the condition grammar's.
BEAT_CHEST = re.compile(r"^beat chest\.?$")
#: Scrap (CR 8.3.32): an optional additional cost, an item or equipment banished from the graveyard the
#: play line names (``playing.scrap``); "if it scrapped a card" is the condition grammar's.
SCRAP = re.compile(r"^scrap\.?$")


#: Charge as an optional additional cost (CR 8.5.29: a card moves from hand to the hero's soul), paid
#: on play (``costs.charge``), and Solflare (8.4.9), the charged card's own trigger.
CHARGE_COST = re.compile(
    r"^as an additional cost to play [a-z0-9' ,!:-]+?, you may charge your hero's soul\.?$", re.I
)
SOLFLARE = re.compile(r"^solflare\s*-\s*when this is charged to your hero's soul, (.+?)\.?$", re.I)


def solflare_effects(facts: CardFacts) -> list[TextEffect] | None:
    """The recognised effects of a card's Solflare trigger; None when it has none or the engine cannot
    compute all of it (then it stays the judge's)."""
    for sentence in split_sentences(plain(facts.text)):
        m = SOLFLARE.match(sentence.strip())
        if m:
            found, unread = recognise(m.group(1))
            ok = found and not unread and all(not e.trigger and e.kind != "manual" for e in found)
            return found if ok else None
    return None


# One thing an effect gives an attack: "+N{p}" or a keyword the combat rules apply.
_GRANT_ITEM = r"(?:\+\d+\{p\}|go again|dominate|overpower)"

#: The description of an attack a card targets ("target [class/subtype] attack [action card] [with ...]"),
#: checked against the targeted attack when the card is played (``target_fits``, CR 1.8.5d).
_CLASS_WORDS = (
    "warrior ninja assassin mystic draconic guardian brute wizard runeblade illusionist ranger mechanologist "
    "merchant shapeshifter bard necromancer pirate thief adjudicator light shadow elemental earth ice lightning royal"
).split()
_SUBTYPE_WORDS = (
    "1h 2h dagger sword axe club hammer arrow bow pistol claw scythe staff orb gun scepter polearm fiddle lute "
    "flail whip"
).split()
_WORD = "(?:" + "|".join(_CLASS_WORDS + _SUBTYPE_WORDS + ["weapon"]) + ")"
TARGET_ATTACK = (
    r"(?:attack action card|attack|weapon attack|"
    + _WORD
    + r"(?: or "
    + _WORD
    + r")?(?: "
    + _WORD
    + r")? (?:attack action card|attack))"
    r"(?: with (?:stealth|combo|cost \d+ or (?:less|greater)|\d+ or less base \{p\}|\{p\} greater than its base \{p\}))?"
)

_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(
            r"^target "
            + TARGET_ATTACK
            + r" (?:gets|gains) ([+-])(\d+)\{p\}(?: until end of turn| this chain link)?$"
        ),
        "target_power",
    ),
    (re.compile(r"^target " + TARGET_ATTACK + r" (?:gets|gains) go again$"), "target_go_again"),
    (
        re.compile(
            r"^target attack (?:gets|gains) \+x\{p\},? where x is the number of cards defending (?:it|that attack|the attack)$"
        ),
        "target_power_defenders",
    ),
    (
        re.compile(
            r"^target "
            + TARGET_ATTACK
            + r" (?:gets|gains) ("
            + _GRANT_ITEM
            + r"(?:(?:,| and|, and) "
            + _GRANT_ITEM
            + r")+|dominate|overpower)(?: until end of turn| this chain link)?$"
        ),
        "target_grant",
    ),
    (
        # "Target attack action card with stealth gains +3{p} and "When this hits a hero, ..."" (a hit ability)
        re.compile(r"^target " + TARGET_ATTACK + r" (?:gets|gains) \+(\d+)\{p\} and \"([^\"]+)\"$"),
        "target_grant_hit",
    ),
    (
        re.compile(r"^your next attack(?: action card)? this turn (?:gets|gains) \+(\d+)\{p\}$"),
        "next_attack_power",
    ),
    (
        re.compile(
            r"^the next attack action card with cost (\d+) or (less|more|greater) you play this turn "
            r"(?:gets|gains) \+(\d+)\{p\}$"
        ),
        "next_cheap_attack_power",
    ),
    (
        re.compile(
            r"^the next (?:'?non-attack'?|non-attack) action card you play this turn (?:gets|gains) go again$"
        ),
        "next_nonattack_go_again",
    ),
    (
        # Chane's "Your next Runeblade or Shadow action this turn gains go again" (an action card of
        # either class or talent, attack or not; consumed by playing.play, CR 5.1.2a)
        re.compile(
            r"^your next ([a-z]+)(?: or ([a-z]+))? action(?: card)? this turn (?:gets|gains) go again$"
        ),
        "next_class_action_go_again",  # packed below as a "next_action_go_again" of either class
    ),
    (re.compile(r"^each hero creates (a|an|one|two|three|\d+) ([a-z ]+?) tokens?$"), "each_create_token"),
    (re.compile(r"^each hero draws (a|an|one|two|three|\d+) cards?$"), "each_draw"),
    (
        re.compile(
            r"^(?:the|your) next ([a-z]+ )?attack (?:action )?card you play this turn (?:gets|gains) "
            r"((?:\+\d+\{p\}|go again)(?:,? and (?:\+\d+\{p\}|go again))?)?(?:,? and )?(?:\"([^\"]+)\")?$"
        ),
        "next_attack_grant",
    ),
    (
        re.compile(r"^your next attack(?: action card)? this turn (?:gets|gains) go again$"),
        "next_attack_go_again",
    ),
    (
        # "Your next attack this turn gains dominate", "The next attack action card you play this turn
        # gains dominate" (CR 5.1.2a; group 1: "action card" when only an attack action card fits)
        re.compile(
            r"^(?:your next attack( action card)? this turn|the next attack( action card)? you play this turn) "
            r"(?:gets|gains) (dominate|overpower)$"
        ),
        "next_attack_keyword",
    ),
    (
        # "Your next arrow / dagger / weapon / Mechanologist attack this turn gets +N{p}" (CR 5.1.2a),
        # or go again alone ("Your next weapon attack this turn gains go again", Hit and Run)
        re.compile(
            r"^your next (?!attack\b)([a-z]+(?:(?:,|,? or) (?!attack\b)[a-z]+)*) attack this turn (?:gets|gains) (?:\+(\d+)\{p\}(,? and go again)?|(?=go again))"
            r"(go again)?(?:,? and (overpower|dominate))?(?:,? and \"([^\"]+)\")?$"
        ),
        "next_typed_attack",
    ),
    (
        # "Your next attack with 3 or less base {p} this turn gets go again", "The next attack action card
        # with 3 or less base {p} you play this turn gains +3{p}", "The next attack action card you play
        # this turn with cost 1 or less gets +3{p}" (CR 5.1.2a; base {p} is the printed power, CR 2.9.3)
        re.compile(
            r"^(?:your next attack( action card)?(?: with (\d+) or (less|more|greater) (base \{p\}))? this turn"
            r"|the next attack( action card)?(?: with (\d+) or (less|more|greater) (base \{p\}))? you play this turn"
            r"(?: with (cost) (\d+) or (less|more|greater))?) "
            r"(?:gets|gains) (?:\+(\d+)\{p\}|(go again))$"
        ),
        "next_filtered_attack",
    ),
    (
        # "The next blue action card you play this turn gets go again", "The next action card you play
        # this turn with cost 0 or greater gets go again" (CR 5.1.2a: applies as the card is played)
        re.compile(
            r"^the next (?:(red|yellow|blue) )?action card you play this turn"
            r"(?: with cost (\d+) or (less|more|greater))? (?:gets|gains) go again$"
        ),
        "next_action_go_again",
    ),
    (
        # "The next attack action card you play this turn costs {r}{r} less to play" (CR 5.1.6a)
        re.compile(
            r"^the next (guardian )?attack action card you play this turn costs ((?:\{r\})+|\d+\{r\}) less(?: to play)?$"
        ),
        "next_attack_cost",
    ),
    (
        # "The next attack you boost / fuse / charge to play this turn gets +3{p}", "The next attack action
        # card you play from arsenal this turn gains +3{p}", "The next Crouching Tiger you play this turn
        # gets +3{p}" (CR 5.1.2a: applies as the attack is played that way; 8.3.9, 8.3.17, 8.5.29)
        re.compile(
            r"^the next (?:("
            + "|".join(_CLASS_WORDS)
            + r") )?(attack action card|attack|crouching tiger) you "
            r"(boost|fuse|charge to play|play from arsenal|play) this turn,? (?:gets|gains) "
            r"(?:\+(\d+)\{p\}|(dominate|overpower))$"
        ),
        "next_way_attack",
    ),
    (
        # "Attack action cards with 6 or more {p} cost you {r} less to play this turn", "Yellow cards cost
        # you {r} less to play this turn" (CR 5.1.6a: every such card while the effect lasts)
        re.compile(
            r"^(?:(attack action) cards with (\d+) or more \{p\}|(red|yellow|blue) cards) cost you "
            r"((?:\{r\})+) less to play this turn$"
        ),
        "cost_filtered",
    ),
    (
        # "The next time you play an action card with cost 0 or greater this turn, gain 1 action point":
        # a delayed trigger of the next such card played (CR 6.6, 5.1.2a)
        re.compile(
            r"^the next time you play an? (?:(red|yellow|blue) )?action card(?: with cost (\d+) or (less|more|greater))?"
            r" this turn, gain (a|an|one|two|\d+) action points?$"
        ),
        "next_action_ap",
    ),
    (
        # "Your dagger attacks get go again this turn", "Your Brute attacks gain +2{p} this turn": every
        # attack of that kind the player controls while the effect lasts (CR 6.2.1)
        re.compile(
            r"^(?:until end of turn, )?your (?!next\b)([a-z]+) attacks (?:get|gain) (?:\+(\d+)\{p\}|(go again))"
            r"(?: this turn| until end of turn)?$"
        ),
        "typed_attacks",
    ),
    (
        # "The next card you play this turn with an effect that deals arcane damage, instead deals that much
        # arcane damage plus 2" (Absorb in Aether), "... with cost 2 or less and an arcane damage effect, ..."
        # (Tempest Aurora), "if the next card you play this turn has an arcane damage effect, instead it
        # deals that much arcane damage plus 3" (Blessing of Aether): a replacement of that card's arcane
        # damage (CR 6.4.3), bound to the card as it is played (``playing.next_arcane_plus``)
        re.compile(
            r"^(?:if )?the next card you play this turn (?:with (?:cost (\d+) or less and )?an (?:effect that deals "
            r"arcane damage|arcane damage effect)|has an arcane damage effect),? instead (?:it |that effect )?deals "
            r"that much arcane damage plus (\d+)$"
        ),
        "next_arcane_plus",
    ),
    # a delayed hit trigger's "it deals 3 damage to them": the hero the attack hit (Electrify)
    (re.compile(r"^it deals (\d+) damage to them$"), "damage_them"),
    # a defending card's or defense reaction's "the attacking hero" is its controller's opponent (CR 7.0.5)
    (re.compile(r"^deal (\d+) damage to the attacking hero$"), "damage_them"),
    (re.compile(r"^this gets \+(\d+)\{p\}$"), "self_power"),
    (
        re.compile(
            r"^(?:until end of turn, )?(?:your attacks|attacks you control) (?:get|gain) \+(\d+)\{p\}( this combat chain| this turn| until end of turn)?$"
        ),
        "your_attacks_power",
    ),
    # transcend (CR 8.5.48): the resolving card goes to its owner's hand with its back face active
    (re.compile(r"^transcend$"), "transcend"),
    (re.compile(r"^gain (\d+)\{h\}$|^gain (\d+) life$"), "gain_life"),
    (re.compile(r"^target (?:opposing )?hero loses (\d+)\{h\}$"), "target_lose_life"),
    (
        re.compile(r"^(?:each opposing hero|each opponent|the defending hero) loses (\d+)\{h\}$"),
        "opponent_lose_life",
    ),
    (re.compile(r"^you lose (\d+)\{h\}$"), "lose_life"),
    # a hit trigger's "they lose 1{h}" (Kiss of Death): the hit hero
    (re.compile(r"^they lose (\d+)\{h\}$"), "opponent_lose_life"),
    (re.compile(r"^gain ((?:\{r\})+)$|^gain (\d+)\{r\}$"), "gain_resources"),
    (re.compile(r"^gain (a|an|one|two|\d+) action points?$"), "gain_ap"),
    (
        re.compile(
            r"^deal (\d+) arcane damage to (?:any )?target (?:opposing )?hero$|^deal (\d+) arcane damage to any target$"
        ),
        "arcane",
    ),
    (
        re.compile(r"^deal (\d+) damage to target (?:opposing )?hero$|^deal (\d+) damage to any target$"),
        "damage",
    ),
    # a hit or attack trigger's "deal 1 arcane damage to them": the hero hit or attacked (the opponent)
    # ... and a defend trigger's "deal 1 arcane damage to the attacking hero" (Zap Clappers)
    (re.compile(r"^deal (\d+) arcane damage to (?:them|the attacking hero)$"), "arcane"),
    (re.compile(r"^deal (\d+) arcane damage to each of up to (?:two|\d+) target heroes$"), "arcane_each"),
    (
        re.compile(
            r"^negate target (?:non-attack action card|layer|card|instant|instant card|action card|attack reaction card|defense reaction card)$"
        ),
        "negate",
    ),
    (re.compile(r"^put target defending card on the bottom of its owner's deck$"), "bottom_defending"),
    (
        re.compile(r"^hit effects (?:don't|do not|can't|cannot) trigger (?:this|that) chain link$"),
        "no_hit_triggers",
    ),
    (
        re.compile(
            r"^put (a|an|one|two|\d+) ([+-])1\{([dp])\} counters? on target (?:equipment|card|permanent) defending (?:this|that|the) attack$"
        ),
        "counter_on_defender",
    ),
    # "Put a +1{d} counter on target equipment you control": a counter on one of the controller's own
    # permanents (CR 8.5.14, 1.15.2a); ``layers.apply_text_effect`` finds it by the layer's target
    (
        re.compile(
            r"^put (a|an|one|two|\d+) ([+-])1\{([dp])\} counters? on target (equipment|weapon|permanent|aura|item) you control$"
        ),
        "counter_on_own",
    ),
    (re.compile(r"^destroy all cards in (?:their|the defending hero's) arsenal$"), "destroy_arsenal"),
    (re.compile(r"^(?:it|this|the attack) (?:gets|gains) go again$"), "self_go_again"),
    # CR 8.5.50: "mark them" in a hit trigger (the hit hero), "mark target opposing hero"
    (re.compile(r"^mark (?:them|the defending hero|target opposing hero|the attacking hero)$"), "mark"),
    (re.compile(r"^(?:they|the defending hero|the attacking hero) discards? a card$"), "discard_choice"),
    # "You may add an action card from your arsenal to the active chain link as a defending card" (Bunker
    # Beard's ability): the log's next line adds it (defending.add_from_offer; CR 7.0.5a)
    (
        re.compile(
            r"^you may add an? ([a-z' -]+?) card from your arsenal to the active chain link as a defending card$"
        ),
        "add_defender_offer",
    ),
    (re.compile(r"^draw (a|an|one|two|three|\d+) cards?$"), "draw"),
    # "Target defending attack action card gains +1{d}", "Up to one target defending action card gets +2{d}
    # this turn", "Target defending card gets +1{d} until end of turn" (Reinforce the Line, Shining Courage,
    # Platinum Amulet): the defending card the line names (CR 1.8.5)
    (
        re.compile(
            r"^(?:up to one )?target defending ((?:[a-z' -]+? )?)card (?:gets|gains) \+(\d+)\{d\}"
            r"(?: until end of turn| this chain link| this turn)?$"
        ),
        "target_defense",
    ),
    # "When this defends, banish it when the combat chain closes" (Depths of Despair): the trigger's source
    (re.compile(r"^(?:destroy|banish) (?:it|this) when the combat chain closes$"), "self_close"),
    # "Another target hero draws a card" (Civic Peak): with two players, the opposing hero (CR 1.8.5)
    (re.compile(r"^another target hero draws (a|an|one|two|\d+) cards?$"), "opponent_draw"),
    (
        re.compile(
            r"^(?:the next time you would be dealt damage this turn, )?prevent the next (\d+) damage that would be dealt to (?:you|your hero)(?: this turn)?$"
        ),
        "prevent_next",
    ),
    (re.compile(r"^prevent the next (\d+) damage$"), "prevent_next"),
    # a shield against arcane damage only (CR 6.4.10, 8.5.3f)
    (
        re.compile(
            r"^prevent the next (\d+) arcane damage that would be dealt to (?:you|your hero)(?: this turn)?$"
        ),
        "prevent_next_arcane",
    ),
    # "The next 3 times you would be dealt damage this turn, prevent 1 of that damage": one shield for
    # each of the next N damage events (CR 6.4.10); target "times:N"
    (
        re.compile(
            r"^the next (two|three|four|\d+) times you would be dealt damage this turn, prevent (\d+) of that damage$"
        ),
        "prevent_times",
    ),
    # "The next time you would be dealt 3 or less damage this turn, prevent it": the first event of at
    # most N damage is prevented in full (CR 6.4.10)
    (
        re.compile(r"^the next time you would be dealt (\d+) or less damage this turn, prevent it$"),
        "prevent_small",
    ),
    # "The next time you would be dealt {p} damage [this turn], prevent 4 of that damage": a shield for the
    # next physical damage event, combat damage in the Damage Step (CR 8.5.3b, 8.5.3f, 6.4.10); without
    # "this turn" it lasts until used (target "lasting")
    (
        re.compile(
            r"^the next time (?:you|your hero) would be dealt \{p\} damage( this turn)?, prevent (\d+) "
            r"(?:of that damage|damage that source would deal)$"
        ),
        "prevent_physical",
    ),
    # "The next time a Shadow source would deal damage this turn, prevent 4 of that damage" (CR 6.4.10):
    # the next event of a source of that class or talent (to its controller's hero)
    (
        re.compile(
            r"^the next time an? ([a-z]+) source would deal damage this turn, prevent (\d+) of that damage$"
        ),
        "prevent_class",
    ),
    # a shield on the hero the card targets (CR 6.4.10, 1.8): "Prevent the next 3 damage that would be
    # dealt to target hero this turn" (no source named: any source's damage is prevented)
    (
        re.compile(r"^prevent the next (\d+) damage that would be dealt to target hero(?: this turn)?$"),
        "prevent_next_target",
    ),
    # a shield for one damage event (CR 6.4.10): "the next time you would be dealt damage this turn, prevent N of that damage"
    (
        re.compile(r"^the next time you would be dealt damage this turn, prevent (\d+) of that damage$"),
        "prevent_fixed",
    ),
    (re.compile(r"^create (a|an|one|two|three|\d+) ((?:(?!\band\b)[a-z ])+?) tokens?$"), "create_token"),
    # a hit trigger's "create a Frailty token under their control": the hit hero gets it (CR 8.6)
    (
        re.compile(
            r"^create (a|an|one|two|three|\d+) ([a-z ]+?) tokens? under (?:their|the attacking hero's|another hero's) control$"
        ),
        "create_token_opp",
    ),
    (re.compile(r"^opt (\d+)$"), "opt"),
    # "gain {r} and amp 1" (CR 8.5.47): the next arcane damage this turn (damage.deal_damage)
    (re.compile(r"^amp (\d+)$"), "amp"),
    # "sharpen all swords you control" (CR 8.5.58): each such weapon (layers.apply_text_effect)
    (
        re.compile(r"^sharpen all (swords|daggers|axes|hammers|clubs|scepters|staves|weapons) you control$"),
        "sharpen_all",
    ),
    # a permanent's phase trigger "remove a steam counter from this" (CR 1.15; only as a phase
    # trigger of the permanent, layers.permanent_phase_triggers, _SELF_COUNTER_PHASE)
    (re.compile(r"^remove an? ([a-z]+) counter from this$"), "counter_off_self"),
    # a hit trigger that moves the attack card itself off the combat chain (CR 7.0.3c: the chain link
    # stays, known by its last known information); read only as a hit trigger (``_HIT_ONLY``)
    (re.compile(r"^put (?:it|this) into your (?:hero's )?soul$"), "self_to_soul"),
    (re.compile(r"^put (?:it|this) on (?:the )?bottom of its owner's deck$"), "self_to_bottom"),
    (re.compile(r"^put (?:it|this) into (?:its owner's|your) hand$"), "self_to_hand"),
    # a hit or crush trigger on the hero hit ("them", "their"): CR 7.5.5, 8.4.2
    (re.compile(r"^destroy the top card of their deck$"), "destroy_deck_top"),
    (re.compile(r"^destroy a card in their arsenal$"), "destroy_arsenal_card"),
    (re.compile(r"^put a card from their arsenal on (?:the )?bottom of their deck$"), "arsenal_to_bottom"),
    (re.compile(r"^\{t\} them$"), "tap_hero"),
    # "turn a card in their arsenal face-up, then banish a non-attack action card from their arsenal"
    # (Hand Behind the Pen, Smash Up, Tongue Tied): one part, the banish depends on the card turned
    (
        re.compile(
            r"^turn a card in their arsenal face[- ]up; banish (?:an? )?([a-z' -]+?) (?:card )?from their arsenal$"
        ),
        "arsenal_reveal_banish",
    ),
    # "create Runechant tokens equal to the damage dealt this way" (Arknight Ascendancy): the hit's damage
    (re.compile(r"^create ([a-z ]+?) tokens equal to the damage dealt this way$"), "create_token_hit_damage"),
    (re.compile(r"^they create (a|an|one|two|\d+) ([a-z ]+?) tokens?$"), "they_create_token"),
    # "When this attacks a hero, they draw a card" (Hostile Encroachment): the hero attacked or hit
    (re.compile(r"^they draw (a|an|one|two|\d+) cards?$"), "they_draw"),
    # "When this hits a marked hero, banish a card in their arsenal / they banish a card from their hand"
    # (Mark of the Funnel Web, Mark of the Black Widow): the hero hit (layers.hit_hero_effect)
    (re.compile(r"^banish a card (?:in|from) their arsenal$"), "banish_arsenal_card"),
    (re.compile(r"^they banish a card from their hand$"), "they_banish_hand"),
    (
        re.compile(r"^destroy (an?|all) ((?!card\b)[a-z' ]+?)s? they control$"),
        "destroy_opp",
    ),
    # "Create a Crouching Tiger in your hand": a new card in its player's hand (CR 1.3.1b created cards)
    (re.compile(r"^create an? ([a-z' ]+?) in your hand$"), "create_in_hand"),
    (re.compile(r"^return a ([a-z' ,-]+?) from your graveyard to your hand$"), "return_to_hand"),
    (
        re.compile(
            r"^until end of turn, your attack action cards with cost (\d+) or (?:greater|more) (?:gains?|get) (dominate|overpower)$"
        ),
        "grant_cost_keyword",
    ),
]


#: A card's own "This costs {r} less to play for each Draconic chain link you control" (``costs.cost_modifiers``).
SELF_COSTS_LESS_PER_DRACONIC_LINK = re.compile(
    r"^(?:this|[a-z0-9' ,!-]+?) costs \{r\} less to play for each (draconic chain link|runechant) you control\.?$",
    re.I,
)

#: "If you control a Hyper Driver, this costs {r} less to play", "If you've drawn a card this turn, ...":
#: a card's own cost reduction under a condition of the grammar, checked as it is played (CR 5.1.6a,
#: 6.1.3; ``costs.cost_modifiers``).
SELF_COSTS_LESS_IF = re.compile(r"^if (.+?), this costs ((?:\{r\})+) less to play\.?$")


def conditional_discount(low: str) -> tuple[str, int] | None:
    """(condition key, {r} less) for a SELF_COSTS_LESS_IF sentence (read with the card's name as
    "this") whose condition the grammar reads, else None."""
    m = SELF_COSTS_LESS_IF.match(low)
    key = conditions.parse(m.group(1)) if m else None
    return (key, m.group(2).count("{r}")) if m and key else None


#: Fai's "This ability costs {r} less for each Draconic chain link you control" and Cindra's "This
#: costs {r} less to activate for each Draconic chain link you control" (``playing.activate``).
COSTS_LESS_PER_DRACONIC_LINK = re.compile(
    r"this (?:ability )?costs \{r\} less (?:to activate )?for each draconic chain link you control\.?", re.I
)


#: Conditions a card checks as it resolves ("If <condition>, <effect>"), by the words cards print.
RESOLUTION_CONDITIONS = {
    "you have less {h} than an opposing hero": "less_life",
    "you have less life than an opposing hero": "less_life",
    "an opposing hero has more {h} than you": "less_life",
    "you have more {h} than an opposing hero": "more_life",
    "you have more life than an opposing hero": "more_life",
}


#: "At the start of your turn, destroy this[, then EFFECT]" and the same at the beginning of the action
#: phase: a permanent's trigger as that phase begins (CR 4.2.2, 4.3.1).
PHASE_DESTROY = re.compile(
    r"^at the (start of your turn|beginning of your action phase|beginning of your end phase), destroy (?:this|(?!.*\b(?:unless|if|when|for each)\b)[a-z0-9' !.,-]+?)"
    r"(?:,? (?:then|and) (.+))?$"
)
PHASE_TRIGGER_KEYS = {
    "start of your turn": "turn_start",
    "beginning of your action phase": "action_phase",
    "beginning of your end phase": "end_phase",  # end_phase.begin_end_phase (CR 4.4.2)
}
#: "At the beginning of your end phase, if you control no Seismic Surge tokens, destroy this", "...,
#: destroy this unless you have played a 'non-attack' action card this turn": a phase trigger whose
#: effect has a condition (CR 1.8.4) of the condition grammar, checked as it resolves, which is at once
#: (CR 4.2.2; 4.3.1, 4.4.2 as the engine applies them). The trigger is kept as "end_phase?if:KEY".
PHASE_CONDITIONAL = re.compile(
    r"^at the (start of your turn|beginning of your action phase|beginning of your end phase), "
    r"(?:if ([^,]+), (.+)|(destroy this) unless (.+))$"
)


def phase_of(trigger: str) -> str:
    """A phase or move trigger without its condition ("end_phase?if:KEY" -> "end_phase")."""
    return trigger.split("?", 1)[0]


def trigger_condition(trigger: str) -> tuple[str, str]:
    """("if" or "unless", the condition's key) of a conditional phase or move trigger, else ("", "")."""
    how, _, key = trigger.partition("?")[2].partition(":")
    return how, key


def _resolution_key(trigger: str) -> str | None:
    """The key of an inner "cond:KEY" trigger the phase and move triggers may carry ("then if you
    control 3 or more Seismic Surge tokens, draw a card"): a key of the grammar a card checks as it
    resolves (CR 1.8.4), else None."""
    key = trigger[len("cond:") :] if trigger.startswith("cond:") else ""
    return key if ";" in key and conditions.on_resolution(key) else None


#: The same phases' triggers that do not destroy their permanent: "At the start of your turn, put this
#: into your soul" (Blessing of Aegis), "At the beginning of your end phase, create an Embodiment of
#: Earth token" (CR 4.2.2, 4.3.1, 4.4.2; a permanent's ability acts from the arena, CR 3.0.1a).
PHASE_EFFECT = re.compile(
    r"^at the (start of your turn|beginning of your action phase|beginning of your end phase), (?!destroy\b)(.+)$"
)
#: What the end phase applies itself (``end_phase.begin_end_phase``; no choice to make).
_END_PHASE_EFFECTS = frozenset({"create_token", "draw", "gain_life", "counter_off_self", "opt"})
#: What such a trigger may do that the engine applies without a choice (no target to pick).
_PHASE_EFFECTS = frozenset(
    {
        "gain_life",
        "gain_resources",
        "gain_ap",
        "draw",
        "create_token",
        "next_attack_power",
        "next_attack_go_again",
        "next_typed_attack",
        "next_attack_grant",
        "next_cheap_attack_power",
        "your_attacks_power",
        "opt",
        "create_in_hand",
        "next_attack_keyword",
        "next_filtered_attack",
        "next_action_go_again",
        "next_attack_cost",
        "next_way_attack",
        "typed_attacks",
        "cost_filtered",
        "next_action_ap",
        "next_arcane_plus",
        "amp",
        "sharpen_all",
    }
)
#: What only a permanent's own phase trigger does (it names the permanent: "remove a steam counter
#: from this"; layers.permanent_phase_triggers, end_phase.permanent_end_phase_triggers).
_SELF_COUNTER_PHASE = frozenset({"counter_off_self"})


#: A permanent's own "When this enters the arena / leaves the arena / is destroyed, EFFECT" (CR 6.6:
#: a triggered ability whose event is the card moving, 3.0 zones; destroying a permanent puts it into
#: the graveyard, so it leaves the arena too, CR 1.3.3, 8.5.5). ``move_trigger_keys`` names the events.
SELF_MOVE_TRIGGER = re.compile(
    r"^when (?:this|you (pitch) this) ?(enters the arena|leaves the arena|enters or leaves the arena|is destroyed"
    r"|is put into your graveyard(?: from anywhere)?|), (.+)$"
)
MOVE_TRIGGER_KEYS = {
    "pitch": ("pitched",),  # "When you pitch this" (CR 1.14.3, 6.6.1): from the pitch zone
    "enters the arena": ("enters",),
    "leaves the arena": ("leaves",),
    "enters or leaves the arena": ("enters", "leaves"),
    "is destroyed": ("destroyed",),
    # "When this is put into your graveyard from anywhere" (Echoflash; CR 6.6.1, 3.8): any card, not
    # only a permanent, as it is put into its owner's graveyard (``zones.to_graveyard``)
    "is put into your graveyard from anywhere": ("graveyard",),
    "is put into your graveyard": ("graveyard",),
}
#: What such a trigger may do that the engine applies from its layer (the phase effects, and those
#: whose only choice is the opposing hero as the target).
_MOVE_EFFECTS = frozenset(
    {
        "arcane",
        "damage",
        "opponent_lose_life",
        "target_lose_life",
        "lose_life",
        "prevent_next",
        "prevent_fixed",
        "prevent_next_arcane",
        "prevent_times",
        "prevent_small",
        "prevent_physical",
        "prevent_class",
        "mark",
        "create_token_opp",
        "each_draw",  # "each hero draws a card" (CR 1.9.2c; Draw a Crowd)
    }
)


#: "The next time an attack action card hits a hero this turn, it deals 3 damage to them" (Electrify),
#: "The next time an Ice or Elemental attack hits a hero this turn, create 3 Frostbite tokens under their
#: control": a delayed triggered ability (CR 6.6) that triggers on the player's next such hit (7.5.5;
#: ``triggers.next_hit_triggers``).
NEXT_HIT = re.compile(
    r"^the next time an? (?:([a-z]+(?:(?:,|,? or) [a-z]+)*) )?(attack action card|attack)(?: you control)? "
    r"hits(?: a hero)? this turn, (.+)$"
)
_NEXT_HIT_EFFECTS = frozenset(
    {"create_token", "create_token_opp", "draw", "damage_them", "gain_life", "gain_resources"}
)


#: CR 8.4.8 Surge: "Surge - If this deals more than N damage [to a hero], EFFECT".
SURGE = re.compile(r"^surge\s*-\s*if this deals more than (\d+) damage( to a hero)?, (.+)$")
_SURGE_EFFECTS = _PHASE_EFFECTS | {"self_go_again", "arcane", "damage", "mark", "opponent_lose_life"}


#: An equipment's or permanent's "If your hero would be dealt damage, you may banish this to prevent 2
#: of that damage" (Cloak of Darkness): an optional prevention of any damage event to its controller's
#: hero, used like quell (CR 6.4.2: the damage waits for the choice; ``damage.apply_prevention``).
SELF_PREVENTION = re.compile(
    r"^if (?:your hero|you) would be dealt damage, you may (banish|destroy) this to prevent (\d+) of that damage\.?$"
)


@lru_cache(maxsize=4096)
def self_prevention(facts: CardFacts) -> tuple[str, int] | None:
    """("banish" or "destroy", N) for a card whose SELF_PREVENTION sentence it has, else None."""
    for sentence in split_sentences(plain(facts.text)):
        m = SELF_PREVENTION.match(_self(sentence, facts))
        if m:
            return m.group(1), int(m.group(2))
    return None


#: A permanent's "At the beginning of your end phase, put a -1{d} counter on this" (the Frontline
#: equipment): its controller's end phase puts the counter on it (CR 4.4.2, 1.15; ``end_phase``).
END_PHASE_COUNTER = re.compile(
    r"^at the beginning of your end phase, put (a|an|one|two|\d+) ([+-])1\{([dp])\} counters? on this\.?$",
    re.I,
)


@lru_cache(maxsize=4096)
def end_phase_counters(facts: CardFacts) -> tuple[tuple[str, int], ...]:
    """("defense" or "power", signed count) for each END_PHASE_COUNTER sentence of the card."""
    out = []
    for sentence in split_sentences(plain(facts.text)):
        m = END_PHASE_COUNTER.match(self_named(sentence, facts.name))
        if m:
            n = _num(m.group(1)) * (-1 if m.group(2) == "-" else 1)
            out.append(("defense" if m.group(3).casefold() == "d" else "power", n))
    return tuple(out)


#: Unity (CR 8.4.10): "When this defends together with a card from hand, this gets +N{d} [until end of
#: turn]": its trigger (CR 6.6) resolved at once when the card is declared with a card from hand in the same
#: declaration (``defending.defend``; nothing the log shows responds to it before the bonus counts).
UNITY_DEFENSE = re.compile(
    r"^unity\s*-\s*when this defends together with a card from hand, this gets \+(\d+)\{d\}(?: until end of turn)?\.?$",
    re.I,
)


#: "Play this only if [condition]" (a restriction, CR 1.0.2a): checked when the card is played
#: (``playing.play``); the condition one the grammar reads and decides before the card is on the stack.
PLAY_ONLY_IF = re.compile(r"^play this only if (.+?)\.?$")
#: Conditions about the card's own play (its pitch, zone, fusion, charge) are not known before it is played.
_PLAY_KNOWN_LATER = ("pitched_for", "from_arsenal", "fused", "charged_this")


#: "If [condition], you may play this as though it were an instant" (Snapback, Strike Twice, Cindering
#: Foresight): a permission checked as the card is played (CR 8.1.1d: any time its player has priority,
#: no action point; ``playing.play``).
AS_INSTANT_IF = re.compile(r"^if (.+?), you may play this as though it were an? instant\.?$")


#: "If you are marked, you can't play this" (Exposed, Outed): a restriction checked as the card is played
#: (CR 1.0.2a: a card's restriction wins over the rules' permission; ``playing.check_play_condition``).
PLAY_FORBIDDEN_IF = re.compile(r"^if (.+?), you can't play this\.?$")


def play_forbidden(sentence: str, facts: CardFacts) -> str | None:
    """The condition key of a card's "If ..., you can't play this"; None otherwise."""
    m = PLAY_FORBIDDEN_IF.match(_self(sentence.strip(), facts))
    key = conditions.parse(m.group(1)) if m else None
    return key if key is not None and conditions.on_resolution(key) else None


def instant_permission(sentence: str, facts: CardFacts) -> str | None:
    """The condition key of a card's "If ..., you may play this as though it were an instant"."""
    m = AS_INSTANT_IF.match(_self(sentence.strip(), facts))
    key = conditions.parse(m.group(1)) if m else None
    return key if key is not None and conditions.on_resolution(key) else None


def play_condition(sentence: str, facts: CardFacts) -> str | None:
    """The condition key of a "Play this only if ..." sentence the engine checks on play; None otherwise."""
    m = PLAY_ONLY_IF.match(_self(sentence.strip(), facts))
    key = conditions.parse(m.group(1)) if m else None
    if m and key is None and GRANT_CONDITIONS["draconic_links"].match(m.group(1)):
        key = f"dlinks;{GRANT_CONDITIONS['draconic_links'].match(m.group(1)).group(1)};0;"  # type: ignore[union-attr]
    if key is None or key.split(";")[0] in _PLAY_KNOWN_LATER:
        return None
    return key if conditions.on_resolution(key) or key.startswith("dlinks;") else None


#: A card's own "When this defends[, if CONDITION], EFFECT" (also "When you defend with this", after a
#: label such as "Galvanize - "; CR 6.6, ``defending.self_triggers``): a triggered layer when it is
#: declared as a defending card (or a defense reaction resolves, 7.0.5a).
DEFEND_TRIGGER = re.compile(
    r"^(?:[a-z' ]+ - )?when(?:ever)? (?:this (?:attacks or )?defends|you defend with this), (.+)$"
)
#: "When this attacks or defends, EFFECT": one ability that triggers on either event (CR 6.6.5b), read
#: as an attack trigger (``attack_text``) and as a defend trigger (``parse_defend_trigger``).
ATTACKS_OR_DEFENDS = re.compile(r"^when(?:ever)? this attacks or defends, ")
#: "When this defends an attack with go again / with {p} greater than its base / a red card / a Brute
#: attack, EFFECT": the trigger's event names the attack it defends (CR 6.6.5b; ``defending.self_triggers``).
DEFEND_QUALIFIED = re.compile(
    r"^(?:[a-z' ]+ - )?when this defends (an attack with go again|an attack with overpower|an attack with \{p\} greater than its base"
    r"|an? (?:red|yellow|blue) (?:card|attack)|an? [a-z]+ attack), (.+)$"
)
#: "When this defends and the attacking hero has [condition], EFFECT" (the traps): a state the event
#: needs (CR 6.6.5b), the condition read as the attacking hero's ("you have ..." for them).
DEFEND_AND = re.compile(r"^(?:[a-z' ]+ - )?when this defends and the attacking hero has (.+?), (.+)$")


def defend_and_key(condition: str) -> str | None:
    """The grammar's key of a trap's "the attacking hero has [condition]", read for that hero."""
    key = conditions.parse("you have " + condition)
    return key if key is not None and conditions.on_resolution(key) else None


@dataclass(frozen=True)
class DefendTrigger:
    """A "When this defends ..." sentence read (``parse_defend_trigger``): its ``shape`` ("plain",
    "qualified": the attack it names in ``qualifier``, "and": the attacking hero's condition in
    ``key``), its effects, and whether the engine computes all of it. A plain trigger's ``key`` is the
    condition of "When this defends, if [condition], ..." ("" for none)."""

    shape: str
    effects: tuple[TextEffect, ...]
    computed: bool
    key: str = ""
    qualifier: str = ""


def _all_computed(found: list[TextEffect], unread: list[str]) -> bool:
    return bool(found) and not unread and all(not e.trigger and e.kind != "manual" for e in found)


def _defend_effects(text: str) -> tuple[list[TextEffect], list[str]]:
    """A defend trigger's effect: "this gets +N{d}" is the defending card's own defense (``self_defense``,
    applied to the trigger's source as it resolves), the rest as ``recognise`` reads it."""
    m = _SELF_DEFENSE.match(text.strip().rstrip("."))
    if m is None or "." in text.strip().rstrip(".") or rx.search(r"\byou may\b|^if ", text):
        return recognise(text)  # an option's outcome or a condition: recognise reads those
    extra = [TextEffect("self_defense", int(m.group(2)))]
    if not m.group(1):
        return extra, []
    found, unread = recognise(m.group(1))
    return found + extra, unread


@lru_cache(maxsize=8192)
def _parse_defend_trigger(low: str) -> DefendTrigger | None:
    a = DEFEND_AND.match(low)
    if a is not None:
        key = defend_and_key(a.group(1)) or ""
        found, unread = _defend_effects(a.group(2))
        return DefendTrigger("and", tuple(found), bool(key) and _all_computed(found, unread), key)
    q = DEFEND_QUALIFIED.match(low)
    if q is not None:
        what = q.group(1)
        word = what.split()[1] if what.endswith(" attack") and "with" not in what else ""
        known = (
            not word
            or word in ("red", "yellow", "blue", "weapon")
            or conditions._descriptor(word) is not None
        )
        found, unread = _defend_effects(q.group(2))
        return DefendTrigger(
            "qualified", tuple(found), known and _all_computed(found, unread), qualifier=what
        )
    t = DEFEND_TOGETHER.match(low)
    if t is not None and not UNITY_DEFENSE.match(low):
        fits = defender_descriptor(t.group(2).replace("card from hand", "from-hand card"))
        count = 1 if t.group(1) in ("a", "an") else conditions._count(t.group(1).split()[0]) or 0
        found, unread = _defend_effects(t.group(3))
        return DefendTrigger(
            "together",
            tuple(found),
            fits is not None and bool(count) and _all_computed(found, unread),
            qualifier=f"{count}|{t.group(2)}",
        )
    al = DEFEND_ALONE.match(low)
    if al is not None:
        found, unread = _defend_effects(al.group(1))
        return DefendTrigger("alone", tuple(found), _all_computed(found, unread))
    if UNITY_DEFENSE.match(low):
        return None  # its +N{d} (defending.defend)
    da = trigger_words.DEFEND_AN_ATTACK.match(low)
    if da is not None:
        # "When this defends an attack, it gets -3{p}" (Drag Down): the attack it defends (CR 6.6, 7.0.5)
        return DefendTrigger("plain", (TextEffect("attack_power", int(da.group(1))),), True)
    m = DEFEND_TRIGGER.match(low)
    if m is None:
        return None
    found, unread = _defend_effects(m.group(1))
    keys = {e.trigger for e in found}
    key = next(iter(keys)) if len(keys) == 1 else ""
    if key.startswith("cond:") and ";" in key and not unread and all(e.kind != "manual" for e in found):
        return DefendTrigger("plain", tuple(found), True, key[5:])  # "When this defends, if ..." (CR 1.8.4)
    return DefendTrigger("plain", tuple(found), _all_computed(found, unread))


def parse_defend_trigger(sentence: str, facts: CardFacts) -> DefendTrigger | None:
    """The sentence read as one of the card's own "When this defends" triggers; None for another. The
    card's short name (before the comma) is read as "this" too ("Whenever you defend with Stalagmite")."""
    found = _parse_defend_trigger(_self(sentence, facts).strip().rstrip("."))
    if found is None and "," in facts.name:
        found = _parse_defend_trigger(_self_short(sentence, facts).strip().rstrip("."))
    return found


def defend_trigger(sentence: str, facts: CardFacts) -> tuple[list[TextEffect], str] | None:
    """A "When this defends" sentence the engine computes in full: its effects and condition key
    ("" for none); None otherwise (the trigger is then the judge's, or the sentence is another)."""
    found = parse_defend_trigger(sentence, facts)
    if found is None or not found.computed:
        return None
    return list(found.effects), found.key


# ---------------------------------------------------------------------------------------------
# Defending: which cards may defend, an attack's bonus from the cards defending it, and the
# defending card's "together with" triggers (issue 27, the defence family)
# ---------------------------------------------------------------------------------------------

#: Words a description of defending cards may use beyond the condition grammar's descriptor words.
_DEFENDER_WORDS = frozenset({"head", "chest", "arms", "legs", "off-hand", "revered", "reviled", "from-hand"})


@lru_cache(maxsize=1024)
def defender_descriptor(words: str) -> tuple[tuple[str, ...], ...] | None:
    """ "equipment", "Guardian auras", "non-head equipment", "equipment or reaction cards", "a card with 6
    or more {p}", "cards from hand" -> alternatives (any one fits), each a tuple of words the card must
    all answer to ("non-x": must not); None when a word is not one the engine reads ("" fits any card)."""
    text = conditions._values_first(f"a {words.strip()}".replace(" cards from hand", " from-hand cards"))
    text = rx.sub(r"^an? ", "", text).replace("cards from hand", "from-hand cards")
    out: list[tuple[str, ...]] = []
    for alt in rx.split(r"\s+or\s+|,\s*", text):
        ws = [w.rstrip("s") if w in ("auras", "items", "allies", "weapons") else w for w in alt.split()]
        ws = ["ally" if w == "allie" else w for w in ws if w not in ("card", "cards")]
        for w in ws:
            base = w[4:] if w.startswith("non-") and w != "non-attack" else w
            if (
                base not in conditions._DESCRIPTOR_WORDS
                and base not in _DEFENDER_WORDS
                and not conditions._QUALITY.fullmatch(base)
            ):
                return None
        out.append(tuple(ws))
    return tuple(out)


#: An attack's restriction on the cards that may defend it (CR 1.0.2, 7.3.2b(C)): "This can't be
#: defended by equipment / auras / non-head equipment / equipment or reaction cards" (Lay Waste, Out
#: Pace, Cut Through the Facade, Headbutt); "can only be defended by" (CR 1.0.2a) reads the same way.
CANT_BE_DEFENDED = re.compile(r"^this (can't|can only) be defended by (.+?)\.?$")


def defend_restriction(sentence: str, facts: CardFacts) -> tuple[bool, tuple[tuple[str, ...], ...]] | None:
    """An attack's "This can't / can only be defended by X": (True for "only", X's alternatives)."""
    m = CANT_BE_DEFENDED.match(_self(sentence.strip(), facts))
    found = defender_descriptor(m.group(2)) if m else None
    return (m.group(1) == "can only", found) if m and found else None


#: A defending card's restriction on the attacks it may defend (CR 1.0.2a, 7.3.2b(C)): "This can only
#: defend an attack with 3 or less base {p}" (Put in Context), "This may only defend an attack if the
#: attack's controller has drawn a card this turn" (Face Adversity), the condition the grammar's, read
#: for the attack's controller.
ONLY_DEFENDS = re.compile(
    r"^this (?:can|may) only defend an attack (?:with (\d+) or (less|more) base \{p\}|if the attack's controller has (.+?))\.?$"
)


def defend_only(sentence: str, facts: CardFacts) -> tuple[str, int] | None:
    """A defending card's "may only defend an attack ...": ("<=" / ">=", N) on the attack's base {p}, or
    ("cond:" + the grammar's key, 0) for the attack's controller; None for another sentence or a
    condition the grammar does not read."""
    return _defend_only(_self(sentence.strip(), facts))


def _defend_only(low: str) -> tuple[str, int] | None:
    m = ONLY_DEFENDS.match(low)
    if m is None:
        return None
    if m.group(1):
        return ("<=" if m.group(2) == "less" else ">=", int(m.group(1)))
    key = conditions.parse("you have " + m.group(3))
    return (f"cond:{key}", 0) if key is not None and conditions.on_resolution(key) else None


#: An attack's static bonus from the cards defending it (CR 6.1.3, 7.0.5): "If this is defended by an
#: action card / a Brute card, this gets +2{p}", "If this is defended by 3 or more cards, it gets go
#: again", "If this is defended by fewer than 2 non-equipment cards, it gets go again", "While this is
#: defended by less than 2 non-equipment cards, it has +2{p}", "If this is defended by an action card,
#: this has -1{p}" (Feisty Locals, Bash Brute, Unwavering Resolve, Pulping, Barraging Brawnhide,
#: Freewheeling Renegades): counted in the attack's power and go again from the cards defending now.
_DEFENDED_IF = re.compile(
    r"^(?:if|while) this is defended by (?:(an?)|(\w+) or more|(?:fewer|less) than (\w+)) ?(.*?)\s*(?:cards?)?, "
    r"(?:it|this) (?:gets|gains|has) (.+?)(?: until end of turn)?$"
)
#: "This has +1{p} for each non-equipment card defending it" (Surging Militia), "This gets -1{p} for each
#: card with 6 or more {p} defending it" (Show of Strength), "This gets +X{p}, where X is the number of
#: equipment defending it" (Fender Bender).
_DEFENDED_EACH = re.compile(r"^this (?:gets|has) ([+-]\d+)\{p\} for each (.*?)defending it$")
_DEFENDED_X = re.compile(r"^this (?:gets|has) \+x\{p\},? where x is the number of (.+?) defending it$")


@dataclass(frozen=True)
class DefendedBonus:
    """An attack's bonus from its defenders: with ``per_card``, ``power`` for each card that fits;
    else ``power`` and ``go_again`` when ``at_least`` cards or more fit (or, with ``fewer``, fewer
    than that many)."""

    fits: tuple[tuple[str, ...], ...]
    at_least: int = 0
    fewer: int = 0
    per_card: bool = False
    power: int = 0
    go_again: bool = False


def _defended_bonus(low: str) -> DefendedBonus | None:
    m = _DEFENDED_IF.match(low)
    if m:
        fits = defender_descriptor(m.group(4))
        items = rx.split(r",?\s+and\s+|,\s*", m.group(5).strip())
        power, go_again = 0, False
        for item in items:
            mp = rx.fullmatch(r"([+-]\d+)\{p\}", item)
            if mp:
                power += int(mp.group(1))
            elif item == "go again":
                go_again = True
            else:
                return None
        at_least = 1 if m.group(1) else conditions._count(m.group(2) or "") or 0
        fewer = conditions._count(m.group(3) or "") or 0
        if fits is None or not (at_least or fewer):
            return None
        return DefendedBonus(fits, at_least, fewer, power=power, go_again=go_again)
    m = _DEFENDED_EACH.match(low)
    if m:
        fits = defender_descriptor(m.group(2).strip())
        return DefendedBonus(fits, per_card=True, power=int(m.group(1))) if fits is not None else None
    m = _DEFENDED_X.match(low)
    if m:
        fits = defender_descriptor(m.group(1))
        return DefendedBonus(fits, per_card=True, power=1) if fits is not None else None
    return None


@lru_cache(maxsize=4096)
def defended_bonuses(facts: CardFacts) -> tuple[DefendedBonus, ...]:
    """The attack's bonuses from the cards defending it (``values.link_power``, ``combat.go_again``)."""
    found = [_defended_bonus(_self(x, facts)) for x in split_sentences(plain(facts.text))]
    return tuple(b for b in found if b is not None)


#: "When this defends together with a card with 6 or more {p} / an Ice card / an aura card / 2 or more
#: yellow cards, EFFECT" (Apex Bonebreaker, Ollin Ice Cap, Root-Bound Trunks, Golden Glare): CR 7.0.5e,
#: the cards put on the chain link as defending cards in the same event; a trigger only when enough of
#: the others fit (CR 6.6.5b).
DEFEND_TOGETHER = re.compile(
    r"^(?:[a-z' ]+ - )?when this defends together with (an?|\w+ or more) ([^,]+?)(?: cards?)?, (.+)$"
)
#: "When this defends alone, EFFECT" (CR 7.0.5e: exactly one card put on the chain link as defending).
DEFEND_ALONE = re.compile(r"^(?:[a-z' ]+ - )?when this defends alone, (.+)$")


#: "When an opponent plays or activates an attack reaction, you may add this to the active chain link as a
#: defending card" (the Leap Frog equipment): a trigger whose optional effect the log shows as the player
#: adding the card (``defending.add_on_reaction``; CR 6.6, 7.0.5a: the card defends as it is added).
ADD_ON_REACTION = re.compile(
    r"^when an opponent plays or activates an attack reaction, you may add this to the active chain link "
    r"as a defending card\.?$"
)


#: "[If CONDITION, ]You may play this from your banished zone[. If you do, it costs {r}{r} less to play /
#: it gets go again / it gains +N{p}]" (Ghostly Visit, Howl from Beyond, Unhallowed Rites, Grim Feast,
#: Embalm, Bounding Demigon): an allowance to play the card from its owner's banished zone (CR 5.1.1a,
#: 1.0.2), the condition the grammar's, checked as the card is played (``playing.play``); what "If you
#: do" gives applies to that play (CR 1.8.4).
BANISHED_PLAY = re.compile(
    r"^(?:if (.+?), )?you may play this from your banished zone(?:\. if you do, (.+?))?\.?$"
)


@dataclass(frozen=True)
class BanishedPlay:
    """A card's own permission to be played from the banished zone: its condition key ("" for none)
    and what a play from there gets (CR 1.8.4)."""

    key: str = ""
    cost_less: int = 0
    power: int = 0
    go_again: bool = False


def _banished_play(low: str) -> BanishedPlay | None:
    m = BANISHED_PLAY.match(low)
    if m is None:
        return None
    key = conditions.parse(m.group(1)) if m.group(1) else ""
    if key is None or (key and not conditions.on_resolution(key)):
        return None
    then = (m.group(2) or "").strip()
    if not then:
        return BanishedPlay(key)
    mc = rx.fullmatch(r"it costs ((?:\{r\})+) less to play", then)
    if mc:
        return BanishedPlay(key, cost_less=mc.group(1).count("{r}"))
    mp = rx.fullmatch(r"it (?:gets|gains) \+(\d+)\{p\}", then)
    if mp:
        return BanishedPlay(key, power=int(mp.group(1)))
    if rx.fullmatch(r"it (?:gets|gains) go again", then):
        return BanishedPlay(key, go_again=True)
    return None


def banished_play_sentence(sentence: str, facts: CardFacts) -> BanishedPlay | None:
    """The sentence read as the card's own permission to be played from the banished zone."""
    return _banished_play(_self(sentence.strip(), facts).rstrip("."))


@lru_cache(maxsize=4096)
def banished_play(facts: CardFacts) -> BanishedPlay | None:
    """The card's own permission to be played from its banished zone, when the engine reads all of it."""
    for sentence in split_sentences(plain(facts.text)):
        found = banished_play_sentence(sentence, facts)
        if found is not None:
            return found
    return None


#: "Activate this only if [condition]" on an equipment or permanent (CR 5.2.1e), the condition one the
#: grammar reads (``conditions.parse``): checked when the ability is activated (``heroes.check_activation_condition``).
ACTIVATE_ONLY_IF = re.compile(r"activate this(?: ability)? only if ([^.\n]+)\.?", re.I)


def self_named(text: str, name: str) -> str:
    """A card's text with its own name read as "this" ("If Cold Snap is played from arsenal")."""
    return rx.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", "this", text, flags=re.I) if name else text


def is_permanent_card(facts: CardFacts) -> bool:
    """A card that stays in the arena when it resolves or is equipped (CR 3.1.1 permanents; a figment
    enters the arena as it resolves and becomes a permanent, CR 1.3.3, 8.2.16a-b)."""
    return any(facts.is_(t) for t in ("aura", "item", "ally", "equipment", "weapon", "landmark", "figment"))


def destroyed_attack_card(facts: CardFacts) -> bool:
    """An attack action card with phantasm: its own "When this is destroyed" triggers as the phantasm
    trigger destroys it on the combat chain (CR 8.3.13, 6.6.1; ``layers`` "phantasm")."""
    return facts.is_attack_action and facts.has("phantasm")


@lru_cache(maxsize=8192)
def move_trigger_effects(facts: CardFacts, event: str) -> tuple[TextEffect, ...]:
    """The effects of a permanent's own trigger on ``event`` ("enters", "leaves", "destroyed"), read
    from its text with its own name as "this"; a CR 8.6 token's own rules are elsewhere."""
    if not facts.text or coded_token(facts.name):
        return ()
    if (
        event not in ("pitched", "graveyard")
        and not is_permanent_card(facts)
        and not (event == "destroyed" and destroyed_attack_card(facts))
    ):
        return ()
    found, _unread = recognise(self_named(plain(facts.text), facts.name))
    # the trigger keeps only its condition ("if:KEY", checked as the layer resolves, zones.self_move_triggers)
    return tuple(
        TextEffect(e.kind, e.amount, e.trigger.partition("?")[2], e.target)
        for e in found
        if phase_of(e.trigger) == f"move:{event}"
    )


def target_fits(description: str, facts: CardFacts, weapon: bool) -> bool | None:
    """Whether an attack (its card's facts; ``weapon`` for a weapon's attack-proxy) fits a card's
    "target [...] attack" description (CR 1.8.5d); None when a word of it is not one the engine reads."""
    d = description.casefold().strip()
    quality = rx.search(
        r" with (stealth|combo|cost (\d+) or (less|greater)|(\d+) or less base \{p\}|\{p\} greater than its base \{p\})$",
        d,
    )
    if quality:
        d = d[: quality.start()]
    m = rx.fullmatch(r"(?:(.+) )?(attack action card|attack)", d)
    if not m:
        return None
    if m.group(2) == "attack action card" and (weapon or not facts.is_attack_action):
        return False
    words = (m.group(1) or "").split()
    kinds = {x.casefold() for x in facts.classes | facts.subtypes}
    if words:
        if "or" in words:  # "assassin or mystic"
            i = words.index("or")
            options, rest = [words[i - 1], words[i + 1]], words[: i - 1] + words[i + 2 :]
        else:
            options, rest = [], words
        for w in rest:
            if w == "weapon":
                if not weapon:
                    return False
            elif w in _SUBTYPE_WORDS or w in _CLASS_WORDS:
                if w not in kinds:
                    return False
            else:
                return None
        if options and not any(o in kinds for o in options):
            return False
    if quality:
        q = quality.group(1)
        if q == "stealth":
            return facts.has("stealth")
        if q == "combo":  # CR 8.4.1: a card with a combo ability
            return facts.has("combo") or bool(rx.search(r"(?:^|\n)\s*combo\s*[-–]", plain(facts.text), re.I))
        if q.startswith("{p} greater"):
            return True  # a fact of the chain link, not the card: playing.check_buffed_target (Boltyn)
        if quality.group(2):
            cost = facts.cost or 0
            n = int(quality.group(2))
            return cost <= n if quality.group(3) == "less" else cost >= n
        return (facts.power or 0) <= int(quality.group(4))
    return True


def split_sentences(text: str) -> list[str]:
    """A card's text as sentences; "If you do, ..." stays with the "you may ..." sentence before it,
    since its effect depends on that optional effect (CR 1.8.3, 1.8.4): the two are one choice."""
    t = text.replace("\n", ". ")
    parts = rx.split(r"(?<=[.!])\s+", t)
    out: list[str] = []
    for p in parts:
        s = " ".join(p.split()).strip().rstrip(".").strip()
        if not s:
            continue
        if out and _IF_YOU_DO.match(s) and (_YOU_MAY.search(out[-1]) or _ARSENAL_UP_BOTTOM.search(out[-1])):
            out[-1] = f"{out[-1]}. {s}"
        else:
            out.append(s)
    return out


_IF_YOU_DO = re.compile(r"^if you do,", re.I)
#: "Put a face-up card from your arsenal on the bottom of your deck. If you do, ..." (the Sunkwater
#: equipment): the arsenal holds one card (CR 3.3), so whether it can be done is the state's to say.
_ARSENAL_UP_BOTTOM = re.compile(r"\bput a face-up card from your arsenal on the bottom of your deck$", re.I)
ARSENAL_UP_BOTTOM_THEN = re.compile(
    r"^put a face-up card from your arsenal on the bottom of your deck\. if you do, (.+?)\.?$"
)
_YOU_MAY = re.compile(r"\byou may\b", re.I)

#: "You may X. If you do, Y" (CR 1.8.3 optional effect, 1.8.4 the effect conditional on it): X is an
#: option the log shows taken by its next line (``choices``), Y what follows (``layers.apply_choice``).
CHOICE = re.compile(r"^you may (.+?)\. if you do, (.+?)\.?$")
#: "It gets -1{p} unless you pay {r}" (CR 1.8.4b): "you may pay {r}; if you don't, [effect]".
UNLESS_PAY = re.compile(r"^(.+?),? unless you pay ((?:\{r\})+|(\d+)\{r\})$")
_OPTION_PAY = re.compile(r"^pay ((?:\{r\})+|(\d+)\{r\})$")
_OPTION_DESTROY = re.compile(r"^destroy (this|it|an? ([a-z0-9' -]+?)(?: token)? you control)$")
_OPTION_DISCARD = re.compile(r"^discard (?:a card|an? ([a-z' -]+?) card)$")
_OPTION_BOTTOM = re.compile(
    r"^put a card from your (hand|arsenal|hand or arsenal) on (?:the )?bottom of your deck$"
)
#: "for each opposing hero": with two players there is one (Crowd Control's "+2{d} for each opposing hero")
_SELF_DEFENSE = re.compile(
    r"^(?:(.+?),? and )?(?:this|it) (?:gets|gains) \+(\d+)\{d\}(?: for each opposing hero)?"
    r"(?: until end of turn| this chain link| this turn)?$"
)
#: What happens to a defending card as the combat chain closes, given by its own defend trigger or an
#: option's outcome (CR 7.7: the Close Step; blade break 8.3.3): destroyed, banished or blade break.
_CLOSE_FATE = (
    r'"when the combat chain closes, (?:destroy|banish) this\.?"'
    r"|(?:destroy|banish) it when the combat chain closes|blade break"
)
_CLOSE_FATE_AFTER = re.compile(rf"^(.+?),? and ({_CLOSE_FATE})$")


def _close_fate(words: str) -> TextEffect:
    """The card's fate as the chain closes (``combat.after_defending``): ``self_close`` with "destroy",
    "banish" or "blade break" as its target."""
    fate = "blade break" if words == "blade break" else ("banish" if "banish" in words else "destroy")
    return TextEffect("self_close", 0, "", fate)


#: separators of a packed choice (a ``TextEffect.target`` travels through layers as "kind:amount:target")
_CHOICE_FIELD, _CHOICE_ITEM = "\x1f", "\x1e"


def choice_option(x: str) -> tuple[str, int, str] | None:
    """The option of "you may X": ("pay", N, ""), ("destroy", 0, "this" or the words naming what is
    destroyed), ("discard", 0, "" or a descriptor the card must fit), ("bottom", 0, the zones a card
    is put from on the bottom of the deck: "hand", "arsenal"); None for another option."""
    m = _OPTION_PAY.match(x)
    if m:
        return ("pay", int(m.group(2)) if m.group(2) else m.group(1).count("{r}"), "")
    m = _OPTION_DESTROY.match(x)
    if m:
        return ("destroy", 0, "this" if m.group(1) in ("this", "it") else (m.group(2) or "").strip())
    m = _OPTION_BOTTOM.match(x)
    if m:  # Sink Below's "put a card from your hand on the bottom of your deck"
        return ("bottom", 0, m.group(1).replace(" or ", " "))
    m = _OPTION_DISCARD.match(x)
    if m:
        words = (m.group(1) or "").strip()
        if words and conditions._descriptor(words) is None:
            return None
        return ("discard", 0, words)
    m = trigger_words.OPTION_DISCARD_NAMED.match(x)
    if m:
        # "discard a Phoenix Flame / an ally / a card with watery grave": a card by its name, a kind
        # (choices._fits: conditions.answers_to, the descriptor) or an ability (trigger_words.with_ability)
        words = m.group(1).strip()
        return ("discard", 0, rx.sub(r"^card (with .+)$", r"\1", words))
    m = trigger_words.OPTION_REVEAL.match(x)
    if m:
        # "reveal an instant card / a card with crush from your hand": the reveal line takes it (zones.reveal)
        words = rx.sub(r"^an? ", "", m.group(1))
        ability = rx.fullmatch(r"card with ([a-z ]+)", words)
        kind = rx.sub(r" card$", "", words)
        if ability is not None:
            return ("reveal", 0, f"with {ability.group(1)}")
        if words.endswith(" card") and conditions._descriptor(kind) is not None:
            return ("reveal", 0, kind)
    return None


def _choice_outcome(y: str) -> list[TextEffect] | None:
    """Y of a choice as computed effects, with "this gets +N{d}" (the source's own defense) read here
    only, where the source is known; None when a part is not computed."""
    extra: list[TextEffect] = []
    mm = rx.fullmatch(r"(?:it|this) gets -(\d+)\{p\}", y)
    if mm:
        return [TextEffect("self_power", -int(mm.group(1)))]  # the source's own power (apply_choice)
    mc = _CLOSE_FATE_AFTER.match(y)
    if mc:  # Ironhide's 'and "When the combat chain closes, destroy this."', Vambrace's "and blade break"
        extra.append(_close_fate(mc.group(2)))
        y = mc.group(1)
    m = _SELF_DEFENSE.match(y)
    if m:
        extra.append(TextEffect("self_defense", int(m.group(2))))
        y = m.group(1) or ""
        if not y:
            return extra
    y = rx.sub(r"^(?:it|this) (gets|gains) ", r"this \1 ", y)
    y = rx.sub(r"^this (?:gets|gains) (\+\d+\{p\}) and go again$", r"this gets \1, and this gets go again", y)
    inner, unread = recognise(y)
    if not inner or unread or any(x.trigger or x.kind in ("manual", "choice") for x in inner):
        return None
    return inner + extra


def _choice_on_defense(e: TextEffect) -> bool:
    """A choice whose outcome is the source's own +N{d}: computed only where the source defends."""
    return e.kind == "choice" and any(x.kind == "self_defense" for x in unpack_choice(e.target)[1])


#: Reload (CR 8.5.23): "if the player's arsenal is empty and they choose to, a card moves from their hand
#: to their arsenal face-down": an offer (``choices``) the log's arsenal line takes (``end_phase.arsenal``).
RELOAD = re.compile(r"^reload\.?$")


def pack_choice(option: tuple[str, int, str], outcome: list[TextEffect]) -> str:
    items = [_CHOICE_FIELD.join((e.kind, str(e.amount), e.target)) for e in outcome]
    return _CHOICE_ITEM.join([_CHOICE_FIELD.join((option[0], str(option[1]), option[2])), *items])


def unpack_choice(packed: str) -> tuple[tuple[str, int, str], tuple[TextEffect, ...]]:
    """The option and the outcome of a packed choice (``pack_choice``)."""
    head, *items = packed.split(_CHOICE_ITEM)
    kind, amount, words = (head.split(_CHOICE_FIELD) + ["", "", ""])[:3]
    out = []
    for item in items:
        k, a, t = (item.split(_CHOICE_FIELD) + ["", "", ""])[:3]
        out.append(TextEffect(k, int(a or 0), "", t))
    return (kind, int(amount or 0), words), tuple(out)


def _article(words: str) -> str:
    return "an" if words[:1].casefold() in "aeiou" else "a"


def describe_choice(packed: str) -> str:
    """A choice in words for the judge ("You may pay {r}{r}: then +2{d}, draw 1")."""
    (kind, amount, words), outcome = unpack_choice(packed)
    option = {
        "pay": "pay " + "{r}" * amount,
        "destroy": f"destroy {words if words == 'this' else _article(words) + ' ' + words}",
        "discard": "discard "
        + (
            "a card"
            if not words
            else f"a card {words}"
            if words.startswith("with ")
            else f"{_article(words)} {words} card"
            if conditions._descriptor(words) is not None
            else f"{_article(words)} {words}"
        ),
        "bottom": f"put a card from your {' or '.join(words.split())} on the bottom of your deck",
        "reveal": f"reveal a {'card ' + words if words.startswith('with ') else words + ' card'} from your hand",
        "reload": "put a card from your hand face-down into your empty arsenal (reload)",
    }.get(kind, kind)
    words_of: dict[str, Callable[[TextEffect], str]] = {
        "self_defense": lambda e: f"+{e.amount}{{d}}",
        "self_close": lambda e: (
            e.target if e.target == "blade break" else f"{e.target} it as the chain closes"
        ),
        "self_power": lambda e: f"{e.amount:+d}{{p}}",
        "self_go_again": lambda e: "go again",
        "draw": lambda e: f"draw {e.amount}",
        "create_token": lambda e: f"create {e.amount} {e.target}",
        "gain_life": lambda e: f"gain {e.amount}{{h}}",
        "gain_resources": lambda e: "gain " + "{r}" * e.amount,
        "gain_ap": lambda e: f"gain {e.amount} action point",
        "arcane": lambda e: f"{e.amount} arcane damage",
    }
    then = ", ".join(
        words_of[e.kind](e)
        if e.kind in words_of
        else " ".join(x for x in (e.kind.replace("_", " "), e.target) if x)
        for e in outcome
    )
    if words == "unless":
        return f"{then} unless you {option}"
    return f"you may {option}; if you do, {then}" if then else f"you may {option}"


def _computable_hit_ability(text: str) -> bool:
    """A quoted ability an effect grants ("If this hits, draw a card") that the engine computes:
    every part read, each a hit trigger with a computed effect."""
    inner, unread = recognise(text)
    return bool(inner) and not unread and all(x.trigger == "hit" and x.kind != "manual" for x in inner)


def _target_follow_up(low: str, before: list[TextEffect]) -> TextEffect | None:
    """ "If [condition], instead it gets +3{p}" / "If [condition], it gets "When this hits a hero, mark
    them."" right after "Target dagger attack gets +2{p}": "it" is that target. "Instead" replaces the
    bonus (CR 6.3 replacement of the earlier effect's amount), so the difference is added when the
    condition holds as the card resolves; None for any other sentence."""
    m = rx.match(r'^if (.+?), (instead )?(?:it|the card) (?:gets|gains) (\+(\d+)\{p\}|"([^"]+)")$', low)
    last = before[-1] if before else None
    if m is None or last is None or last.kind != "target_power" or last.trigger:
        return None
    md = rx.fullmatch(r"you control (\d+) or more draconic chain links", m.group(1))
    key = f"draconic_links:{md.group(1)}" if md else conditions.parse(m.group(1))
    if key is None or (";" in key and not conditions.on_resolution(key)):
        return None
    if m.group(4) and m.group(2):
        return TextEffect("target_power", int(m.group(4)) - last.amount, f"cond:{key}")
    if m.group(5) and not m.group(2) and _computable_hit_ability(m.group(5)):
        return TextEffect("target_grant_hit", 0, f"cond:{key}", m.group(5))
    return None


#: "Until end of turn, arrows you control gain go again" / "Weapons you control gain +1{p} until end of
#: turn" (Rapid Fire, Biting Blade): a turn-long bonus to the attacks of one kind (CR 6.2.1), read as the
#: "your [kind] attacks ... this turn" effect (``typed_attacks``); the kind is one word of the attack's
#: subtypes, classes or "weapon" (``values.attack_is``).
_YOU_CONTROL_GAIN = re.compile(
    r"^(until end of turn, )?(arrow|axe|dagger|sword|weapon|hammer|club|claw|scythe|flail|polearm)s you control"
    r" (get|gain) (\+\d+\{p\}|go again)( this turn| until end of turn)?$"
)


def _you_control_gain(m: re.Match[str]) -> str:
    if not m.group(1) and not m.group(5):
        return m.group(
            0
        )  # a static ability of a permanent ("Wrenches you control get +2{p}"), not this turn's
    return f"your {m.group(2)} attacks {m.group(3)} {m.group(4)} this turn"


#: "If [condition], instead EFFECT" right after the effect it replaces ("Gain 1{h}. If you've been dealt
#: arcane damage this turn, instead gain 4{h}"): the kinds of effect whose amount the second sentence
#: changes, and the words of the new amount.
_INSTEAD = re.compile(r"^if (.+?), instead (.+?)\.?$")
_INSTEAD_AMOUNT: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = (
    (frozenset({"gain_life"}), re.compile(r"gain (\d+)\{h\}")),
    (frozenset({"draw"}), re.compile(r"draw (\d+) cards?")),
    (
        frozenset({"arcane"}),
        re.compile(r"deal (\d+) arcane damage(?: to (?:them|that hero|target hero|any target))?"),
    ),
    (
        frozenset({"prevent_fixed", "prevent_next", "prevent_next_arcane"}),
        re.compile(r"prevent (?:the next )?(\d+)(?: of that damage| arcane damage| damage)?"),
    ),
    (
        frozenset({"next_typed_attack", "next_way_attack", "next_attack_power"}),
        re.compile(r"(?:it|the attack) (?:gets|gains) \+(\d+)\{p\}"),
    ),
)


def _instead_follow_up(low: str, before: list[TextEffect]) -> list[TextEffect] | None:
    """ "If [condition], instead EFFECT" after an effect of the same kind: a replacement of that effect
    (CR 6.3: the new one happens instead of the first). The first effect is applied only when the
    condition does not hold ("unless:" trigger) and the new one only when it does ("cond:"), both
    checked as the card resolves (CR 6.1.3, ``layers.resolve_text``); None for any other sentence."""
    m = _INSTEAD.match(low)
    last = before[-1] if before else None
    if m is None or last is None or last.trigger:
        return None
    key = conditions.parse(m.group(1))
    if key is None or not conditions.on_resolution(key):
        return None
    for kinds, pattern in _INSTEAD_AMOUNT:
        found = pattern.fullmatch(m.group(2).strip())
        if found and last.kind in kinds:
            return [
                TextEffect(last.kind, last.amount, f"unless:{key}", last.target),
                TextEffect(last.kind, int(found.group(1)), f"cond:{key}", last.target),
            ]
    return None


#: Effects whose words name the attack card ("put it into your soul") or the hero it hit ("{t} them",
#: "destroy an aura they control"): read only in a hit or crush trigger (CR 7.5.5, 8.4.2).
_HIT_ONLY = frozenset(
    {
        "self_to_soul",
        "self_to_bottom",
        "self_to_hand",
        "destroy_deck_top",
        "destroy_arsenal_card",
        "arsenal_to_bottom",
        "tap_hero",
        "destroy_opp",
        "they_create_token",
        "create_token_hit_damage",
        "arsenal_reveal_banish",
        "they_draw",
        "banish_arsenal_card",
        "they_banish_hand",
    }
)


def crush_effects(text: str) -> list[TextEffect] | None:
    """The effect of "Crush - When this deals 4 or more damage to a hero, EFFECT" (CR 8.4.2) as the
    effects of a trigger on the hero dealt damage ("them"); None when a part is not computed."""
    found, unread = recognise(f"when this hits a hero, {text.strip().rstrip('.')}.")
    if not found or unread or any(e.kind in ("manual", "choice") for e in found):
        return None
    return [TextEffect(e.kind, e.amount, "crush", e.target) for e in found]


def recognise(text: str) -> tuple[list[TextEffect], list[str]]:
    """Split a card's text into recognised effects and sentences the engine cannot compute."""
    effects: list[TextEffect] = []
    unknown: list[str] = []
    for sentence in split_sentences(text):
        low = sentence.casefold()
        low = low.replace("{p}", "{p}").replace("{d}", "{d}")
        if _KEYWORD_LINE.match(low) or FUSION.match(low):
            continue
        if steam_sentence(low):
            continue  # steam counters and crank (layers.enter_arena, layers.crank, layers.steam_upkeep)
        if BEAT_CHEST.match(low.strip()) or SCRAP.match(low.strip()):
            continue  # an optional additional cost, paid on play (playing.beat_chest)
        if BOOST_BANISHED_STEAM.match(low.strip()):
            continue  # triggers as a boost banishes it (zones.boost_banish_triggers)
        if CLASS_ATTACKS_GET.match(low.strip()):
            continue  # a static ability of the permanent in the arena (class_attack_bonus)
        if WATERY_GRAVE.match(low.strip()):
            continue  # turned face-down as it goes to the graveyard from the arena (zones.to_graveyard)
        if weapon_turn_sentence(low):
            continue  # a weapon's count of its attacks and hits this turn (weapon_turn_text)
        ms = SOLFLARE.match(low)
        if ms and _solflare_computed(ms.group(1)):
            continue  # the charged card's trigger (costs.charge)
        low = LABEL_PREFIX.sub("", low)
        ma = AMP.match(low)
        if ma:
            effects.append(TextEffect("amp", int(ma.group(1))))
            continue
        if INTIMIDATE.match(low):
            effects.append(TextEffect("intimidate"))  # a card's own "Intimidate" (CR 8.5.10)
            continue
        if (
            COSTS_LESS_PER_DRACONIC_LINK.fullmatch(low)
            or SELF_COSTS_LESS_PER_DRACONIC_LINK.match(low)
            or conditional_discount(low)
            or low.startswith("as an additional cost to play ")
        ):
            continue  # paid less when activated (playing.activate); an additional cost is reported on play
        if _defense_key(low.replace("{d}", "{d}")):
            continue  # counted in the card's defense when it defends (values.defense_of)
        if _banished_play(low.rstrip(".")) is not None:
            continue  # a permission checked as the card is played from the banished zone (playing.play)
        if _defend_only(low) is not None:
            continue  # a restriction checked as it defends (defending.check_restrictions)
        if AS_INSTANT_IF.match(low.strip()) and conditions.on_resolution(
            conditions.parse(AS_INSTANT_IF.match(low.strip()).group(1)) or ""  # type: ignore[union-attr]
        ):
            continue  # a permission checked as the card is played (playing.play, CR 8.1.1d)
        if PLAY_FORBIDDEN_IF.match(low.strip()) and conditions.on_resolution(
            conditions.parse(PLAY_FORBIDDEN_IF.match(low.strip()).group(1)) or ""  # type: ignore[union-attr]
        ):
            continue  # a restriction checked as the card is played (playing.check_play_condition)
        if _from_hand_ability(sentence) or _ACTIVATED.match(sentence.strip()):
            continue  # an activated ability of the card, not an effect of its resolution (playing.activate)
        trigger = ""
        if (
            rx.match(r"^(?:combo|crush)\s*-", low)
            or rx.match(r"^when this attacks, intimidate$", low)
            or NO_DEFENSE_REACTIONS.match(low)
            or rx.match(
                r"^if .+ (?:is|was) played from (?:your )?arsenal, (?:it|this) (?:gains|gets) \+\d+\{d\}$",
                low,
            )
            or rx.match(r"^if you've dealt arcane damage this turn, this gets", low)
        ):
            continue  # handled by the combat rules (CR 8.4.1, 8.4.2, 8.5.10)
        mv = SELF_MOVE_TRIGGER.match(low)
        if mv:
            # a permanent's own move trigger: a layer made when it enters or leaves the arena
            # (layers.move_triggers); recognised only when the engine applies all of its effect
            # ("your hero deals N arcane damage": the hero is the source, CR 8.5.3)
            inner, unread = recognise(
                rx.sub(r"^your hero deals (\d+) arcane damage", r"deal \1 arcane damage", mv.group(3))
            )
            # "When this enters the arena, if it was fused, create a Seismic Surge token": one condition
            # of the grammar for the whole effect, checked as its layer resolves (CR 1.8.4, 6.6.1c)
            conds = {x.trigger for x in inner}
            key = _resolution_key(next(iter(conds))) if len(conds) == 1 and "" not in conds else None
            if (
                (mv.group(1) or mv.group(2))
                and inner
                and not unread
                and (conds == {""} or key is not None)
                and all(x.kind in _PHASE_EFFECTS | _MOVE_EFFECTS for x in inner)
            ):
                suffix = f"?if:{key}" if key else ""
                for when in MOVE_TRIGGER_KEYS[mv.group(1) or mv.group(2)]:
                    effects.extend(
                        TextEffect(x.kind, x.amount, f"move:{when}{suffix}", x.target) for x in inner
                    )
            else:
                unknown.append(sentence)
            continue
        mpc = PHASE_CONDITIONAL.match(low)
        if mpc:
            how, words, rest = (
                ("if", mpc.group(2), mpc.group(3)) if mpc.group(2) else ("unless", mpc.group(5), mpc.group(4))
            )
            key = conditions.parse(words)
            when = PHASE_TRIGGER_KEYS[mpc.group(1)]
            inner, unread = (
                recognise(f"at the {mpc.group(1)}, {rest}")
                if key and ";" in key and conditions.on_resolution(key)
                else ([], [sentence])
            )
            if inner and not unread and all(x.trigger == when for x in inner):
                effects.extend(TextEffect(x.kind, x.amount, f"{when}?{how}:{key}", x.target) for x in inner)
            else:
                unknown.append(sentence)
            continue
        mp = PHASE_DESTROY.match(low)
        if mp:
            # a permanent's "At the start of your turn / beginning of your action phase, destroy this,
            # then [effect]": acts from the arena when that phase begins (layers.permanent_phase_triggers)
            when = PHASE_TRIGGER_KEYS[mp.group(1)]
            rest = (mp.group(2) or "").strip()
            inner, unread = recognise(rest) if rest else ([], [])
            allowed = _END_PHASE_EFFECTS if when == "end_phase" else _PHASE_EFFECTS | _SELF_COUNTER_PHASE
            # "destroy this, then if you have no cards in hand, draw a card": the inner condition is
            # checked after the destroy, as the trigger resolves (CR 1.8.4)
            keys = {x.trigger: _resolution_key(x.trigger) for x in inner if x.trigger}
            if (
                not unread
                and all(k is not None for k in keys.values())
                and all(x.kind in allowed for x in inner)
            ):
                effects.append(TextEffect(kind="destroy_self", trigger=when))
                effects.extend(
                    TextEffect(
                        x.kind, x.amount, f"{when}?if:{keys[x.trigger]}" if x.trigger else when, x.target
                    )
                    for x in inner
                )
            else:
                unknown.append(sentence)
            continue
        mq = PHASE_EFFECT.match(low)
        if mq:
            when = PHASE_TRIGGER_KEYS[mq.group(1)]
            rest = mq.group(2).strip().rstrip(".")
            if rest == "put this into your soul" and when != "end_phase":
                inner, unread = [TextEffect("soul_self")], []  # CR 3.11 (the hero's soul)
            else:
                inner, unread = recognise(rest)
            allowed = (
                _END_PHASE_EFFECTS
                if when == "end_phase"
                else _PHASE_EFFECTS | {"soul_self"} | _SELF_COUNTER_PHASE
            )
            if inner and not unread and all(not x.trigger and x.kind in allowed for x in inner):
                effects.extend(TextEffect(x.kind, x.amount, when, x.target) for x in inner)
            else:
                unknown.append(sentence)
            continue
        mh = NEXT_HIT.match(low)
        if mh:
            inner, unread = recognise(mh.group(3))
            if inner and not unread and all(not x.trigger and x.kind in _NEXT_HIT_EFFECTS for x in inner):
                specs = ";".join(f"{x.kind}:{x.amount}:{x.target}" for x in inner)
                effects.append(TextEffect("next_hit", 0, "", f"{mh.group(1) or ''}|{mh.group(2)}|{specs}"))
            else:
                unknown.append(sentence)
            continue
        ms = SURGE.match(low)
        if ms:
            # CR 8.4.8: checked against the damage the card's own effect dealt as it resolves
            # (layers.resolve_text); "it gets go again" is the resolving card's own
            inner, unread = recognise(ms.group(3))
            if inner and not unread and all(not x.trigger and x.kind in _SURGE_EFFECTS for x in inner):
                when = f"surge:{ms.group(1)}:{'hero' if ms.group(2) else ''}"
                effects.extend(TextEffect(x.kind, x.amount, when, x.target) for x in inner)
            else:
                unknown.append(sentence)
            continue
        mr = rx.match(
            r"^reprise\s*-\s*if the defending hero has defended with a card from their hand this chain link, (.*)$",
            low,
        )
        if mr:
            trigger = "reprise"
            low = mr.group(1)
        mc = rx.match(r"^if (.+?), (.*)$", low)
        md = rx.fullmatch(r"you control (\d+) or more draconic chain links", mc.group(1)) if mc else None
        follow = _target_follow_up(low, effects)
        if follow is not None:
            effects.append(follow)  # "If ..., instead it gets +3{p}" after "Target attack gets +2{p}"
            continue
        instead = _instead_follow_up(low, effects)
        if instead is not None:
            effects[-1:] = instead  # "Gain 1{h}. If ..., instead gain 4{h}": one or the other
            continue
        if mc and md and not mc.group(2).startswith(("instead", "it ", "this ")):
            # "If you control 2 or more Draconic chain links, create a Fealty token": checked as it resolves
            trigger = f"cond:draconic_links:{md.group(1)}"
            low = mc.group(2)
        elif mc and mc.group(1) in RESOLUTION_CONDITIONS:
            # "If you have less {h} than an opposing hero, gain 1{h}": checked as it resolves (CR 6.1.3)
            trigger = f"cond:{RESOLUTION_CONDITIONS[mc.group(1)]}"
            low = mc.group(2)
        elif (
            mc
            and not mc.group(2).startswith(("instead", "it ", "this "))
            and conditions.on_resolution(conditions.parse(mc.group(1)) or "")
        ):
            # "If you've played a blue card this turn, draw a card": the condition grammar's key,
            # checked as the card resolves (CR 6.1.3, layers.condition_holds)
            trigger = f"cond:{conditions.parse(mc.group(1))}"
            low = mc.group(2)
        hq = trigger_words.hit_qualifier(low)  # "When this hits a Brute hero" (CR 6.6.5b)
        hero_words, low = hq if hq is not None else ("", low)
        m = rx.match(
            r"^(?:when|whenever|if) this hits(?: a hero)?( and it's the second or higher chain link in a row to hit)?,"
            r" (.*)$",
            low,
        )
        if m:
            trigger = "hit"
            low = m.group(2)
            mi = rx.match(r"^if (.+?), (.*)$", low)
            key = conditions.parse(mi.group(1)) if mi and not m.group(1) else None
            mn = trigger_words.HAND_AT_LEAST.match(low) if mi and key is None else None
            if mi and key is not None and ";" in key:
                low = mi.group(2)
            elif m.group(1) and not mi:
                key = "last_hit;1;0;"  # "the second chain link in a row to hit": the link before hit too
            elif mn is not None and not hero_words:
                # "if they have 4 or more cards in hand": the hit hero's hand as it resolves (CR 1.8.4, 6.6.1c)
                trigger, low = f"hit-hand:{mn.group(1)}", mn.group(2)
            if key is not None and ";" in key:
                # "When this hits a hero, if [condition], EFFECT": checked as it triggers and as it
                # resolves (CR 1.8.4; triggers.hit_triggers, layers.resolve_trigger)
                trigger = f"hit-if:{key}"
            if hero_words and trigger == "hit":
                trigger = (
                    f"hit-hero:{hero_words}"  # the hero hit is checked as it hits (triggers.hit_triggers)
                )
            elif hero_words:
                effects.append(TextEffect(kind="manual", trigger="hit", target=sentence))
                continue
        mab = ARSENAL_UP_BOTTOM_THEN.match(low)
        if mab:
            # done by the state: a face-up arsenal card goes to the bottom, then the outcome (layers)
            outcome = _choice_outcome(mab.group(1))
            if outcome is not None:
                packed = pack_choice(("bottom", 0, "arsenal"), outcome)
                effects.append(TextEffect("arsenal_bottom", 0, trigger, packed))
            elif trigger:
                effects.append(TextEffect(kind="manual", trigger=trigger, target=sentence))
            else:
                unknown.append(sentence)
            continue
        mu = UNLESS_PAY.match(low)
        if mu:
            # "[EFFECT] unless you pay {r}" (CR 1.8.4b): an offer to pay; the effect when it lapses
            unless = ("pay", int(mu.group(3)) if mu.group(3) else mu.group(2).count("{r}"), "unless")
            outcome = _choice_outcome(mu.group(1))
            if outcome is not None:
                effects.append(TextEffect("choice", unless[1], trigger, pack_choice(unless, outcome)))
            elif trigger:
                effects.append(TextEffect(kind="manual", trigger=trigger, target=sentence))
            else:
                unknown.append(sentence)
            continue
        if RELOAD.match(low.strip()):
            # reload (CR 8.5.23): an option the log's arsenal line takes (end_phase.arsenal)
            effects.append(TextEffect("choice", 0, trigger, pack_choice(("reload", 0, ""), [])))
            continue
        mch = CHOICE.match(low)
        if mch:
            option = choice_option(mch.group(1))
            outcome = _choice_outcome(mch.group(2)) if option else None
            if option is not None and outcome is not None:
                effects.append(TextEffect("choice", option[1], trigger, pack_choice(option, outcome)))
            elif trigger:
                effects.append(TextEffect(kind="manual", trigger=trigger, target=sentence))
            else:
                unknown.append(sentence)
            continue
        # "create a Toughness and a Vigor token": one token of each (CR 8.6), not one named "toughness and a vigor"
        low = rx.sub(
            r"\bcreate (a|an) ([a-z' ]+?) and (a|an|one|two|three|\d+) ([a-z' ]+?) tokens?\b",
            r"create \1 \2 token and create \3 \4 token",
            low,
        )
        low = rx.sub(r"(their arsenal face[- ]up), then (banish )", r"\1; \2", low)  # one effect, kept whole
        # "the next Guardian attack action card you play this turn costs {r} less to play and gets +5{p}":
        # two effects on the same next card (Earthlore Empowerment)
        low = rx.sub(
            r"^(the next [a-z ]+? you play this turn) (costs (?:\{r\})+ less to play) and (gets \+\d+\{p\})$",
            r"\1 \2, and \1 \3",
            low,
        )
        low = rx.sub(r", (?=opt \d)", ", then ", low)  # "opt 1, opt 1, opt 1, and draw a card": each its own
        # "they create a Courage and Quicken token" (Intoxicating Shot): one of each for the hero hit
        low = rx.sub(
            r"^they create (a|an) ([a-z' ]+?) and (?:a |an )?([a-z' ]+?) tokens?$",
            r"they create \1 \2 token and they create a \3 token",
            low,
        )
        # "Until end of turn, arrows you control gain go again", "weapons you control gain +1{p} until end
        # of turn": the attacks of that kind this turn, as "your arrow attacks gain go again this turn"
        low = _YOU_CONTROL_GAIN.sub(_you_control_gain, low)
        parts = [
            x.strip()
            for x in rx.split(
                r",? then |, and | and (?=draw|gain|create|amp \d|they create|deal \d+ arcane|(?:it|this) (?:gets|gains) go again$|this gets \+\d+\{p\}$)",
                low,
            )
            if x.strip()
        ]
        matched_all = True
        found: list[TextEffect] = []
        for part in parts:
            hit = False
            for pattern, kind in _PATTERNS:
                mm = pattern.match(part)
                if not mm:
                    continue
                groups = [g for g in mm.groups() if g is not None]
                amount = 0
                target = ""
                if kind == "gain_resources":
                    g = groups[0] if groups else "1"
                    amount = g.count("{r}") if "{r}" in g else _num(g)
                elif kind in ("create_token", "create_token_opp", "they_create_token"):
                    amount = _num(groups[0])
                    target = groups[1].strip().title()
                elif kind == "return_to_hand":
                    target = groups[0]
                elif kind == "counter_off_self":
                    amount, target = 1, groups[0]
                elif kind == "sharpen_all":
                    amount, target = (
                        1,
                        {"staves": "staff", "axes": "axe"}.get(groups[0], groups[0].rstrip("s")),
                    )
                elif kind == "target_defense":
                    if defender_descriptor(groups[0].strip() or "card") is None:
                        continue  # a description of the defending card the engine does not read
                    amount = int(groups[1])
                    target = groups[0].strip()
                elif kind == "add_defender_offer":
                    if conditions._descriptor(groups[0]) is None:
                        continue
                    target = groups[0]
                elif kind == "self_close":
                    target = "banish" if part.startswith("banish") else "destroy"
                elif kind == "next_attack_keyword":
                    target = ("action|" if mm.group(1) or mm.group(2) else "|") + mm.group(3)
                elif kind in ("create_in_hand", "create_token_hit_damage"):
                    target = groups[0].strip().title()
                elif kind == "your_attacks_power":
                    amount = int(groups[0])
                    target = "chain" if "combat chain" in (mm.group(2) or "") else "turn"
                elif kind == "counter_on_own":
                    amount = _num(groups[0]) * (-1 if groups[1] == "-" else 1)
                    target = ("defense" if groups[2] == "d" else "power") + "|" + groups[3]
                elif kind == "counter_on_defender":
                    amount = _num(groups[0]) * (-1 if groups[1] == "-" else 1)
                    target = "defense" if groups[2] == "d" else "power"
                elif kind == "next_attack_grant":
                    # class, bonus and quoted ability packed for playing.apply_next_card_effects
                    cls = (mm.group(1) or "").strip()
                    bonus = mm.group(2) or ""
                    ability = mm.group(3) or ""
                    if not bonus and not ability:
                        continue
                    if ability and not _computable_hit_ability(ability):
                        continue  # a granted ability the engine cannot compute: left to the judge
                    amount = sum(int(x) for x in rx.findall(r"\+(\d+)\{p\}", bonus))
                    target = "|".join([cls, "go again" if "go again" in bonus else "", ability])
                elif kind == "next_typed_attack":
                    # word, go again, a keyword and a quoted hit ability, packed for playing.apply_next_card_effects
                    ability = mm.group(6) or ""
                    if ability and not _computable_hit_ability(ability):
                        continue  # a granted ability the engine cannot compute: left to the judge
                    amount = int(mm.group(2) or 0)
                    target = "|".join(
                        [
                            mm.group(1),
                            "go again" if mm.group(3) or mm.group(4) else "",
                            mm.group(5) or "",
                            ability,
                        ]
                    )
                elif kind == "next_filtered_attack":
                    # "action" (an attack action card only), the filter ("base<=3", "cost>=0"), go again
                    action = bool(mm.group(1) or mm.group(5))
                    n, way, what = (
                        (mm.group(2), mm.group(3), "base")
                        if mm.group(2)
                        else (mm.group(6), mm.group(7), "base")
                        if mm.group(6)
                        else (mm.group(10), mm.group(11), "cost")
                        if mm.group(10)
                        else ("", "", "")
                    )
                    if not n:
                        continue  # no filter: the older kinds read it
                    amount = int(mm.group(12) or 0)
                    op = "<=" if way == "less" else ">="
                    target = "|".join(
                        ["action" if action else "", f"{what}{op}{n}", "go again" if mm.group(13) else ""]
                    )
                elif kind == "typed_attacks":
                    amount = int(mm.group(2) or 0)
                    target = f"{mm.group(1)}|{mm.group(3) or ''}"
                elif kind == "next_arcane_plus":
                    amount = int(mm.group(2))
                    target = f"cost<={mm.group(1)}" if mm.group(1) else ""
                elif kind == "next_way_attack":
                    if mm.group(2) != "crouching tiger" and mm.group(3) == "play":
                        continue  # no way named: the older kinds read it
                    amount = int(mm.group(4) or 0)
                    way = {"play from arsenal": "arsenal", "charge to play": "charge"}.get(
                        mm.group(3), mm.group(3)
                    )
                    cls = mm.group(1) or ""
                    target = f"{mm.group(2)}|{'' if way == 'play' else way}|{cls}|{mm.group(5) or ''}"
                elif kind == "cost_filtered":
                    amount = -mm.group(4).count("{r}")
                    target = "action|base>=" + mm.group(2) if mm.group(1) else mm.group(3)
                elif kind == "next_action_ap":
                    filt = (
                        f"cost{'<=' if mm.group(3) == 'less' else '>='}{mm.group(2)}" if mm.group(2) else ""
                    )
                    amount = _num(mm.group(4))
                    target = "|".join([mm.group(1) or "", filt])
                elif kind == "next_action_go_again":
                    filt = (
                        f"cost{'<=' if mm.group(3) == 'less' else '>='}{mm.group(2)}" if mm.group(2) else ""
                    )
                    target = "|".join([mm.group(1) or "", filt])
                elif kind == "next_attack_cost":
                    g = mm.group(2)
                    amount = -(g.count("{r}") if g.startswith("{") else int(g[:-3]))
                    target = "guardian" if mm.group(1) else ""
                elif kind == "prevent_physical":
                    amount = int(mm.group(2))
                    target = "" if mm.group(1) else "lasting"
                elif kind == "prevent_class":
                    amount = int(mm.group(2))
                    target = mm.group(1)
                elif kind == "prevent_times":
                    amount = int(mm.group(2))
                    target = f"times:{_num(mm.group(1))}"
                elif kind == "next_cheap_attack_power":
                    amount = int(groups[2])
                    # the highest cost it applies to; ">=N" for "with cost N or more"
                    target = groups[0] if groups[1] == "less" else f">={groups[0]}"
                elif kind == "each_create_token":
                    amount = _num(groups[0])
                    target = groups[1].strip().title()
                elif kind == "target_power":
                    amount = int(groups[1]) * (-1 if groups[0] == "-" else 1)
                elif kind == "target_grant":
                    items = rx.findall(_GRANT_ITEM, groups[0])
                    amount = sum(int(i[1:-3]) for i in items if i.startswith("+"))
                    target = ",".join(i for i in items if not i.startswith("+"))
                elif kind == "target_grant_hit":
                    if not _computable_hit_ability(mm.group(2)):
                        continue  # a granted ability the engine cannot compute: left to the judge
                    amount = int(mm.group(1))
                    target = mm.group(2)
                elif kind == "grant_cost_keyword":
                    amount = int(groups[0])
                    target = groups[1]
                elif kind in ("target_go_again", "next_attack_go_again"):
                    amount = 0
                elif kind == "next_class_action_go_again":
                    # "Your next Runeblade or Shadow action ...": either word fits (values.card_filter_fits)
                    kind, amount = "next_action_go_again", 0
                    target = "/".join(g for g in groups if g) + "|"
                elif groups:
                    amount = _num(groups[0])
                if kind == "arsenal_reveal_banish":
                    target = groups[0].strip()
                    if conditions._descriptor(target) is None:
                        continue
                if kind == "destroy_opp":
                    amount = 0 if groups[0] == "all" else 1
                    target = groups[1].strip()
                    if conditions._descriptor(target) is None and not target.endswith(" token"):
                        continue  # a kind the engine cannot tell ("equipment with no defense value")
                if kind in _HIT_ONLY and not trigger.startswith("hit"):
                    continue  # "it" is the attack card; the hit hero is "them" (a hit or crush trigger)
                found.append(TextEffect(kind=kind, amount=amount, trigger=trigger, target=target))
                hit = True
                break
            if not hit:
                matched_all = False
        if matched_all and found:
            effects.extend(found)
        elif trigger:
            effects.append(TextEffect(kind="manual", trigger=trigger, target=sentence))
        else:
            unknown.append(sentence)
    return effects, unknown


# ---------------------------------------------------------------------------------------------
# CR 8.6 tokens
# ---------------------------------------------------------------------------------------------


def _token(
    name: str, subtype: str, keywords: tuple[str, ...] = (), text: str = "", **stats: int
) -> CardFacts:
    return CardFacts(
        name=name,
        types=frozenset({"token"}),
        subtypes=frozenset({subtype}),
        keywords=parse_keywords(keywords),
        text=text,
        power=stats.get("power"),
        life=stats.get("life"),
    )


#: Token name -> facts (CR 8.6). ``text`` keeps the token's ability for the trigger handlers.
TOKENS: dict[str, CardFacts] = {
    t.name.casefold(): t
    for t in (
        _token("Quicken", "aura", text="attack_trigger:go_again"),
        _token("Seismic Surge", "aura", text="action_phase:cost_less"),
        _token("Runechant", "aura", text="attack_trigger:arcane1"),
        _token("Copper", "item", text="Action - {r}{r}{r}{r}, destroy this: Draw a card. Go again."),
        _token("Zen State", "aura", text="prevent1"),
        _token("Soul Shackle", "aura"),
        _token("Spectral Shield", "aura", ("ward 1",)),
        _token("Frostbite", "aura", text="cost_more"),
        _token("Embodiment of Earth", "aura"),
        _token("Embodiment of Lightning", "aura", text="attack_action_trigger:go_again"),
        _token("Silver", "item", text="Action - {r}{r}{r}, destroy this: Draw a card. Go again."),
        _token("Ash", "ash"),
        _token("Aether Ashwing", "ally", ("arcane barrier 1",), power=1, life=1),
        _token("Gold", "item", text="Action - {r}{r}, destroy this: Draw a card. Go again."),
        _token("Ponder", "aura", text="end_phase:draw"),
        _token("Spellbane Aegis", "aura", ("spellvoid 1",)),
        _token("Bloodrot Pox", "aura", text="end_phase:pox"),
        _token("Frailty", "aura", text="end_phase:destroy"),
        _token("Inertia", "aura", text="end_phase:manual"),
        _token("Courage", "aura", text="attack_trigger:power1"),
        _token("Eloquence", "aura", text="nonattack_trigger:go_again"),
        _token("Might", "aura", text="start:next_attack_power1"),
        _token("Vigor", "aura", text="start:gain_resource1"),
        _token("Agility", "aura", text="start:next_attack_go_again"),
        _token("Confidence", "aura", text="start:confidence"),
        _token("Toughness", "aura", text="opp_start:next_defend_action"),
        # its printed text: its triggers act like any permanent's (PRINTED_TOKENS)
        _token(
            "Sigil of Fate",
            "aura",
            text="When this leaves the arena, opt 1.\n\nAt the beginning of your action phase, destroy this.",
        ),
        _token("Blasmophet, the Soul Harvester", "ally", power=6, life=6),
        _token("Ursur, the Soul Reaper", "ally", power=6, life=6),
        _token("Nasreth, the Soul Harrower", "ally", power=6, life=6),
        _token("Hyper Driver", "item"),
        _token(
            "Cintari Sellsword",
            "ally",
            text="Once per Turn Action - {r}: Attack. Go again. This can only attack if you've attacked with a weapon this turn.",
            power=3,
            life=2,
        ),
        _token("Fealty", "aura"),
        _token(  # its steam counter and crank: layers.enter_arena, crank, steam_upkeep (CR 8.6.32)
            "Golden Cog",
            "item",
            ("crank",),
            text="Crank\nThis enters the arena with a steam counter. At the start of your turn, destroy this "
            "unless you remove a steam counter from it.",
        ),
        _token("Goldkiss Rum", "item"),
        _token("Bait", "aura"),
    )
}

#: The CR 8.6 rule number of each token (2.13.0 numbering).
TOKEN_RULES: dict[str, str] = {
    "quicken": "8.6.1",
    "seismic surge": "8.6.2",
    "runechant": "8.6.3",
    "copper": "8.6.4",
    "zen state": "8.6.5",
    "spectral shield": "8.6.8",
    "frostbite": "8.6.10",
    "embodiment of lightning": "8.6.12",
    "silver": "8.6.13",
    "aether ashwing": "8.6.15",
    "gold": "8.6.16",
    "ponder": "8.6.17",
    "spellbane aegis": "8.6.18",
    "frailty": "8.6.20",
    "bloodrot pox": "8.6.19",
    "cintari sellsword": "8.6.29",
    "confidence": "8.6.35",
    "toughness": "8.6.36",
    "inertia": "8.6.21",
    "soul shackle": "8.6.7",
    "embodiment of earth": "8.6.11",
    "courage": "8.6.22",
    "eloquence": "8.6.23",
    "might": "8.6.26",
    "vigor": "8.6.27",
    "agility": "8.6.28",
}


#: The CR 8.6 tokens whose printed abilities the engine applies in full from their ``TOKENS`` entry
#: (triggers.start_phase, attack_triggers, nonattack_triggers, costs, end_phase, playing): their
#: printed sentences count as computed (``coverage``).
COMPUTED_TOKENS = frozenset(
    {
        "might",
        "vigor",
        "agility",
        "confidence",
        "toughness",
        "quicken",
        "runechant",
        "courage",
        "eloquence",
        "embodiment of lightning",
        "ponder",
        "bloodrot pox",
        "seismic surge",
        "frostbite",
        "frailty",
        "inertia",
        "soul shackle",  # its action-phase banish (triggers.action_phase_triggers, CR 8.6.7)
    }
)


#: Tokens whose ``TOKENS`` entry carries their printed text: their phase and move triggers are read
#: from it like any permanent's (``layers.permanent_phase_triggers``, ``zones.self_move_triggers``).
PRINTED_TOKENS = frozenset({"sigil of fate"})


def coded_token(name: str) -> bool:
    """A CR 8.6 token whose abilities the engine applies from its ``TOKENS`` code, not its text."""
    t = token_facts(name)
    return t is not None and t.name.casefold() not in PRINTED_TOKENS


def token_facts(name: str) -> CardFacts | None:
    key = name.casefold().strip()
    key = rx.sub(r"\s+\d+$", "", key)  # "Spectral Shield 1" in a scenario
    return TOKENS.get(key)


_ACTIVATED = re.compile(
    r"(?:(once per turn)\s+)?(action|instant|attack reaction|defense reaction)\s*[-–]\s*([^:]*):\s*(.*)$",
    re.I,
)


@dataclass(frozen=True)
class ActivatedAbility:
    """CR 5.2.1: [LIMIT] [TYPE] - [COST]: [ABILITIES]."""

    once_per_turn: bool
    type: str
    resource_cost: int
    destroy_self: bool
    attack: bool
    go_again: bool
    ability_text: str
    other_cost: str = ""  # a cost part the engine does not pay ("discard a card")
    life_cost: int = (
        0  # "{h}": life points (CR 1.14.2e; checked and paid by abilities.check_costs / pay_costs)
    )
    graveyard_banish: str = ""  # "banish 2 red and 2 yellow cards from your graveyard" (Kassai's)
    chi_cost: int = 0  # "{c}" each: paid with chi points only (CR 1.14.2c)
    tap: bool = (
        False  # "{t}": tap the source, an effect-cost that fails if it is tapped (CR 8.5.55a, 1.14.4b)
    )
    destroy_named: str = ""  # "destroy a Gold you control": the named permanent (CR 1.14.4)
    soul_cost: int = 0  # "banish a card from Prism's soul" (CR 3.11.5, 1.14.4)
    discard_self: bool = False  # "Discard this": activated from the hand, the card discarded as its cost
    tap_hero: bool = False  # "{t} your hero": an effect-cost of an equipment's ability (CR 8.5.55a, 1.14.4)
    discard_cost: str = ""  # "discard an instant": the kind of card the log's discard line must name
    flip_arsenal: bool = False  # "turn a face down card in your arsenal face up" (Lexi; CR 1.14.4)
    create_token: str = ""  # "create a Soul Shackle token" as a cost (Chane; CR 1.14.4)
    # "destroy this when the combat chain closes" (Kunai of Retribution): a cost that sets up a delayed
    # destruction when the chain closes (CR 1.14.4, 6.3), not a destruction now
    destroy_at_close: bool = False
    banish_self: bool = False  # "Banish this and a card from your hero's soul" (Radiant Raiment; CR 1.14.4)
    # ``text_abilities``: "put this on the bottom of its owner's deck" (CR 1.14.4), "remove a steam counter
    # from this" (the ``Card.counters`` key and how many, CR 1.14.4b); the life cost is ``life_cost``
    bottom_self: bool = False
    counter_cost: tuple[str, int] = ("", 0)


#: Sharpen (CR 8.5.58) as a sentence ``layers.sharpen_text`` applies: "Sharpen target sword you control
#: [twice]", "sharpen target weapon you control", "sharpen this / it" (group 1: a weapon subtype or
#: "weapon"; group 2: "twice").
SHARPEN = re.compile(
    r"\bsharpen (?:target (weapon|sword|dagger|axe|hammer|club|scepter|staff) you control|a weapon you control|this|it)"
    r"(?: (twice))?\s*\.?",
    re.I,
)


#: Azalea's ability (``heroes.resolve_ability``): group 1 is the arrow's dominate sentence.
ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL = re.compile(
    r"put a card from your arsenal on the bottom of your deck\. if you do, put the top card of your deck "
    r"face up into your arsenal\.(\s*if it's an arrow card, it gains dominate until end of turn\.?)?",
    re.I,
)


#: Kassai, Cintari Sellsword's end-phase trigger (``heroes.end_phase_abilities``).
WEAPON_HITS_COPPER = re.compile(
    r"^at the beginning of your end phase, if you have attacked (\d+) or more times with weapons this turn, "
    r"create an? (copper|silver|gold) token for each weapon attack that hit\.?$",
    re.I,
)


#: Hero triggers on playing a card, counted from ``GameState.played_this_turn`` (``heroes.play_abilities``):
#: Viserai's "Whenever you play a Runeblade card, if you have played another 'non-attack' action card
#: this turn, create a Runechant token" and Briar's "Whenever you play your second 'non-attack' action
#: card each turn, create an Embodiment of Lightning token".
PLAY_CLASS_AFTER_NONATTACK = re.compile(
    r"^whenever you play an? ([a-z]+) card, if you(?:'ve| have) played another '?non-attack'? action card this turn, "
    r"create an? ([a-z' ]+?) token\.?$",
    re.I,
)
SECOND_NONATTACK_TOKEN = re.compile(
    r"^whenever you play your second '?non-attack'? action card each turn, create an? ([a-z' ]+?) token\.?$",
    re.I,
)
#: Aurora's "Activate this only if you've played a Lightning card this turn" (CR 5.2.1e;
#: ``heroes.check_activation_condition``).
PLAYED_THIS_TURN_CONDITION = re.compile(
    r"activate this only if you've played an? ([a-z]+) card this turn\.?", re.I
)


_COLOURS = {1: "red", 2: "yellow", 3: "blue"}


def played_tags(f: CardFacts) -> str:
    """A played card's words for "if you've played a ... card this turn": its types, subtypes, classes
    and talents and its colour, lower case, space-separated (``GameState.played_this_turn``)."""
    words = set(f.types) | set(f.subtypes) | set(f.classes)
    if f.pitch in _COLOURS:
        words.add(_COLOURS[f.pitch])
    return " ".join(sorted(w.casefold() for w in words))


#: The effect-cost parts of an activated ability the engine pays (``_cost_part``).
_DESTROY_NAMED = re.compile(r"^destroy an? ([a-z' ]+?) you control$")
_SOUL_COST = re.compile(r"^banish (?:a|(\d+)) cards? from (?:your hero's|your|[^,]+?'s) soul$")
#: "Banish this and a card from your hero's soul" (the Radiant equipment, CR 1.14.4, 3.11.5): the source
#: leaves the arena for its owner's banished zone and the soul pays as ``_SOUL_COST``.
_BANISH_SELF_SOUL_COST = re.compile(r"^banish this and (?:a|(\d+)) cards? from (?:your hero|[^,]+?)'s soul$")
#: Oscilio's "Discard an instant" (a cost the log's next discard line pays, ``zones.pay_discard_cost``).
_DISCARD_COST = re.compile(r"^discard (?:an? )?(instant|assassin|ally|card)(?: card)?$")
#: Zyggy Starlight's "banish another Lightning aura permanent you control with no holo counters"
#: (``heroes.pay_banish_aura``; the activation line names the aura).
BANISH_AURA_COST = re.compile(
    r"^banish another ([a-z]+) aura permanent you control with no ([a-z]+) counters$", re.I
)
#: Chane's "Create a Soul Shackle token" as a cost (CR 1.14.4: an effect-cost, ``playing.pay_effect_costs``).
_CREATE_TOKEN_COST = re.compile(r"^create an? ([a-z' ]+?) token$")
#: Lexi's "Turn a face down card in your arsenal face up" (``heroes.pay_arsenal_flip``).
_FLIP_ARSENAL_COST = re.compile(r"^turn a face-? ?down card in your arsenal face-? ?up$")


def _from_hand_ability(sentence: str) -> bool:
    """ "Instant - Discard this: ...": an activated ability of the card in its owner's hand, paid by
    discarding it (CR 5.2.1, 1.14.4); its effect applies when it is activated, not when the card resolves."""
    m = _ACTIVATED.search(sentence)
    return m is not None and "discard this" in [x.strip() for x in m.group(3).casefold().split(",")]


def cost_parts(cost_text: str) -> list[str]:
    """An activated ability's cost split into the parts paid one by one: "Banish this and a card from
    your hero's soul" is "banish this" and "banish a card from your hero's soul", "Destroy this and a
    Runechant you control" is "destroy this" and "destroy a runechant you control" (CR 1.14.4)."""
    out: list[str] = []
    for part in (x.strip() for x in cost_text.split(",")):
        m = rx.fullmatch(r"(banish|destroy) this and (an? .+)", part)
        out += [f"{m.group(1)} this", f"{m.group(1)} {m.group(2)}"] if m else [part] if part else []
    return out


def _cost_part(part: str) -> bool:
    """A comma-separated part of an activated ability's cost that ``playing.activate`` pays."""
    return bool(
        rx.fullmatch(
            r"(?:\{[rc]\}|\d+|\s)*|destroy this(?: when the combat chain closes)?|banish this|discard this|\{t\}(?: your hero)?",
            part,
        )
        or rx.fullmatch(r"(?:\{h\})+", part)  # a life cost (abilities.pay_costs, CR 1.14.2e)
        or heroes_text.GRAVEYARD_BANISH_COST.match(part)  # Kassai's (heroes_more.pay_graveyard_banish)
        or _DESTROY_NAMED.match(part)
        or _SOUL_COST.match(part)
        or _BANISH_SELF_SOUL_COST.match(part)
        or _DISCARD_COST.match(part)
        or BANISH_AURA_COST.match(part)
        or _FLIP_ARSENAL_COST.match(part)
        or _CREATE_TOKEN_COST.match(part)
        or text_abilities.cost_part_paid(part)
        or SUSPENSE_COST.match(part)  # Pleiades (heroes_crowd.pay_suspense_cost)
    )


def activated_ability(facts: CardFacts) -> ActivatedAbility | None:
    """The first activated ability printed on the card (weapons without text attack for their cost)."""
    for line in rx.split(
        r"\n|(?<=\.)\s+(?=(?:once per turn\s+)?(?:action|instant)\s*[-–])", facts.text, flags=re.I
    ):
        m = _ACTIVATED.search(line.strip())
        if not m:
            continue
        cost_text = self_named(m.group(3), facts.name).casefold()  # "Destroy Clarity Potion"
        r = cost_text.count("{r}")
        m2 = rx.search(r"(\d+)\s*\{r\}", cost_text)
        if m2:
            r = int(m2.group(1))
        elif rx.fullmatch(r"\s*(\d+)\s*", cost_text):
            r = int(cost_text.strip())
        body = m.group(4).strip()
        low = body.casefold()
        parts = cost_parts(cost_text)
        named = next((_DESTROY_NAMED.match(x) for x in parts if _DESTROY_NAMED.match(x)), None)
        soul = next(
            (ms for x in parts if (ms := _SOUL_COST.match(x) or _BANISH_SELF_SOUL_COST.match(x))), None
        )
        discard = next((_DISCARD_COST.match(x) for x in parts if _DISCARD_COST.match(x)), None)
        return ActivatedAbility(
            once_per_turn=bool(m.group(1)),
            type=m.group(2).casefold(),
            resource_cost=r,
            destroy_self="destroy this" in parts,
            destroy_at_close="destroy this when the combat chain closes" in parts,
            attack=rx.match(r"attack\b(?!\s+action cards?\b)", low)
            is not None,  # not "Attack action cards ..."
            go_again="go again" in low,
            ability_text=body,
            other_cost=", ".join(x for x in parts if not _cost_part(x)),
            life_cost=text_abilities.life_cost(parts),
            graveyard_banish=next((x for x in parts if heroes_text.GRAVEYARD_BANISH_COST.match(x)), ""),
            chi_cost=cost_text.count("{c}"),
            tap="{t}" in parts,
            destroy_named=named.group(1) if named else "",
            soul_cost=(int(soul.group(1) or 1)) if soul else 0,
            discard_self="discard this" in parts,
            tap_hero="{t} your hero" in parts,
            discard_cost=discard.group(1) if discard else "",
            flip_arsenal=any(_FLIP_ARSENAL_COST.match(x) for x in parts),
            create_token=next(
                (m.group(1).title() for x in parts if (m := _CREATE_TOKEN_COST.match(x)) is not None), ""
            ),
            banish_self="banish this" in parts or any(_BANISH_SELF_SOUL_COST.match(x) for x in parts),
            bottom_self=text_abilities.bottom_self(parts),
            counter_cost=text_abilities.removed_counters(parts),
        )
    if facts.is_weapon and facts.power is not None:
        return ActivatedAbility(True, "action", facts.cost or 0, False, True, False, "Attack")
    return None


# ---------------------------------------------------------------------------------------------
# Coverage: what the engine does with each part of a card's text
# ---------------------------------------------------------------------------------------------

MODELLED = "modelled"  # the engine computes it
FLAGGED = "flagged"  # the engine reports it to the judge (a manual-effect finding) where it matters
SILENT = "silent"  # the engine neither computes nor reports it


@dataclass(frozen=True)
class TextPart:
    """One part of a card's text and what the engine does with it (``status``), at which moment."""

    text: str
    status: str
    when: str = ""


def plain(text: str) -> str:
    """A card text without markdown emphasis (fabrary writes keywords as ``**Go again**``)."""
    return rx.sub(r"\*\*|__", "", text)


_COMBO = re.compile(
    r"^combo\s*-\s*if (.+?) was the last attack this combat chain, (.+?) (?:gets|gains) (.+)$"
)


@dataclass(frozen=True)
class Combo:
    """A printed combo (CR 8.4.1) the engine computes: the names that must be the last attack, and what
    the attack then gets (+N{p} and acting keywords)."""

    after: tuple[str, ...]
    power: int
    keywords: tuple[str, ...]
    abilities: tuple[str, ...] = ()  # quoted abilities the attack gains ("If this hits, draw a card.")


def combo(facts: CardFacts) -> Combo | None:
    """The card's combo when its bonus is only +N{p} and keywords ("gains +1{p}, go again, and dominate")."""
    for sentence in split_sentences(plain(facts.text)):
        m = _COMBO.match(sentence.casefold())
        if not m:
            continue
        who = m.group(2).strip()
        if who not in ("this", facts.name.casefold()):
            return None
        power = 0
        keywords: list[str] = []
        abilities = rx.findall(r'"([^"]+)"', m.group(3))
        bonus = rx.sub(r'"[^"]+"', "ABILITY", m.group(3))
        for item in rx.split(r",\s*(?:and\s+)?|\s+and\s+", bonus):
            item = item.strip().rstrip(".")
            mp = rx.fullmatch(r"\+(\d+)\{p\}", item)
            if mp:
                power += int(mp.group(1))
            elif item in ACTING_KEYWORDS and item != "intimidate":
                keywords.append(item)
            elif item == "ABILITY":
                continue
            else:
                return None
        for ability in abilities:
            found, unknown = recognise(ability)
            if unknown or not found or any(e.trigger != "hit" or e.kind == "manual" for e in found):
                return None  # only a hit ability the engine computes is taken in
        after = tuple(x.strip() for x in rx.split(r"\s+or\s+|,\s*", m.group(1)) if x.strip())
        return Combo(after, power, tuple(keywords), tuple(abilities))
    return None


#: "Crush - When this deals 4 or more damage [to a (Guardian) hero], EFFECT" (CR 8.4.2; ``triggers.crush``).
CRUSH = re.compile(
    r"^crush\s*[-–]\s*(?:when|if) this deals 4 or more damage(?: to an? (guardian )?hero)?, (.+?)\.?$", re.I
)

#: "If this has {p} greater than its base, it gets overpower": checked when defending cards are declared.
OVERPOWER_IF_BUFFED = re.compile(r"if this has \{p\} greater than its base, it gets overpower", re.I)

#: "Defense reaction cards can't be played this chain link", "Defense reactions can't be played to
#: Widowmaker's chain link" (a restriction on playing, CR 1.0.2; ``playing.play``).
NO_DEFENSE_REACTIONS = re.compile(
    r"^defense reactions?(?: cards)? can't be played (?:this|to [a-z0-9' ,!:-]+?'s) chain link\.?$"
)

_HANDLED_AT_ATTACK = (
    re.compile(r"^when this attacks(?: a hero)?, intimidate(?: them)?$"),
    NO_DEFENSE_REACTIONS,
    re.compile(
        r"^if you've dealt arcane damage this turn, this gets \""
    ),  # a hit ability (triggers.hit_triggers)
    re.compile(r"^crush\s*-"),  # triggers in the Damage Step (computed or flagged there)
    re.compile(r"^(?:when|whenever|if) this hits"),  # a hit trigger (computed or flagged there)
    WATERY_GRAVE,  # as the chain closes (zones.to_graveyard)
    BOOST_BANISHED_STEAM,  # as it is banished by a boost (zones.boost_banish_triggers)
    BEAT_CHEST,  # paid on play (playing.beat_chest)
    SCRAP,  # paid on play (playing.scrap)
)

#: "When the combat chain closes, if this didn't hit, the defending hero creates a Vigor token"
#: (combat.close_chain, CR 7.7: the Close Step's triggers resolve as if all passed).
CLOSE_NO_HIT_TOKEN = re.compile(
    r"^when the combat chain closes, if this didn't hit, (the defending hero|you) creates? an? ([a-z' ]+?) token\.?$"
)


#: What an attack card's own resolution may do at once (CR 5.3.4): Arcanic Crackle's arcane damage.
_ON_RESOLUTION = frozenset(
    {"arcane", "damage", "draw", "gain_life", "gain_resources", "create_token", "create_in_hand"}
)
_MARKED_ATTACK = re.compile(r"^when(?:ever)? this attacks a marked hero, (.+)$")
_ATTACK_TRIGGER = re.compile(
    r"^when(?:ever)? (?:this attacks(?: a hero)?(?: or defends)?|you attack with this), (.+)$"
)
#: "When this attacks, if [condition], this gets +N{p} [and go again]": the bonus an attack trigger gives.
_TRIGGER_BONUS = re.compile(r"^if (.+?), (?:it|this) (?:gets|gains) (.+)$")


def _trigger_bonus(text: str) -> list[TextEffect] | None:
    """An attack trigger's conditional "+N{p}" and go again, as ``self_power`` / ``self_go_again`` effects
    whose trigger is the condition's key; None when the words are not that."""
    m = _TRIGGER_BONUS.match(text)
    key = conditions.parse(m.group(1)) if m else None
    bonus = _bonus(m.group(2)) if m else None
    if key is None or bonus is None or not conditions.on_resolution(key) or set(bonus[1]) - {"go again"}:
        return None
    out = [TextEffect("self_power", bonus[0], f"cond:{key}")] if bonus[0] else []
    return out + ([TextEffect("self_go_again", 0, f"cond:{key}")] if "go again" in bonus[1] else [])


_RUPTURE = re.compile(
    r"^rupture\s*-\s*if this is played as chain link 4 or higher, (?:it|this) (?:has|gets|gains) \+(\d+)\{p\}$"
)
_FROM_ARSENAL = re.compile(
    r"^if this (?:was|is) played from (?:your )?arsenal, (?:it|this) (?:gets|gains|has) (go again|\+(\d+)\{p\})$"
)


#: Conditions of "If [condition], this gets [+N{p}, keywords]" the engine checks as the attack
#: becomes a chain link (``layers.attack_card_text``): condition key -> pattern.
GRANT_CONDITIONS: dict[str, re.Pattern[str]] = {
    "draconic_links": re.compile(r"^you control (\d+) or more draconic chain links$"),
    "arcane_dealt": re.compile(r"^you've dealt arcane damage(?: to an opposing hero)? this turn$"),
    "less_life": re.compile(r"^you have less (?:\{h\}|life) than an opposing hero$"),
    "more_life": re.compile(r"^you have more (?:\{h\}|life) than an opposing hero$"),
    "marked": re.compile(r"^this is attacking a marked hero$"),
}
_GRANT = re.compile(
    r"^(?:(?!combo|crush|rupture|reprise)[a-z ]+ - )?(?:when (?:this is played|you play this), )?(?:if|while) (.+?), "
    r"(?:it|this|this card's attacks|the attack) (?:gets|gains|has|get|gain|have|(?=go again$)) ?(.+?)"
    r"(?: until end of turn)?$"
)


@dataclass(frozen=True)
class Grant:
    """A conditional bonus of an attack: its condition (a ``GRANT_CONDITIONS`` key and a number)
    and the +N{p} and keywords it gives."""

    condition: str
    number: int
    power: int
    keywords: tuple[str, ...]


def _bonus(items: str) -> tuple[int, tuple[str, ...]] | None:
    """ "+1{p} and go again" -> (1, ("go again",)); a quoted hit ability the engine computes ("When this
    hits a hero, mark them.") is kept as one more item, read by ``triggers.hit_triggers`` from the
    chain link's granted abilities; None when an item is not a bonus the engine knows."""
    power = 0
    keywords: list[str] = []
    abilities = [a.strip().rstrip(".,") for a in rx.findall(r'"([^"]+)"', items)]
    if any(not _computable_hit_ability(a) or "|" in a or ";" in a for a in abilities):
        return None  # an ability the engine cannot compute (or not kept in a waiting bonus) is the judge's
    for item in rx.split(r",\s*(?:and\s+)?|\s+and\s+", rx.sub(r'"[^"]+"', "ABILITY", items)):
        item = item.strip()
        mp = rx.fullmatch(r"\+(\d+)\{p\}", item)
        if mp:
            power += int(mp.group(1))
        elif item in ACTING_KEYWORDS and item != "intimidate":
            keywords.append(item)
        elif item != "ABILITY":
            return None
    return power, tuple(keywords + abilities)


def _grant(low: str) -> Grant | None:
    m = _GRANT.match(low)
    if not m:
        return None
    bonus = _bonus(m.group(2))
    if bonus is None:
        return None
    for key, pattern in GRANT_CONDITIONS.items():
        mc = pattern.match(m.group(1))
        if mc and key == "marked" and bonus[1]:
            return None  # the hit removes the mark (CR 9.3.3): a keyword's moment is the judge's to check
        if mc:
            number = int(mc.group(1)) if mc.groups() else 0
            return Grant(key, number, bonus[0], bonus[1])
    # "While Yinti Yanti is attacking and you control an aura": an attack's bonus acts only while it attacks
    parsed = conditions.parse(_control_one(rx.sub(r"^this is attacking and ", "", m.group(1))))
    if parsed is not None:
        return Grant(parsed, 0, bonus[0], bonus[1])  # the condition grammar's key (conditions.holds)
    return None


@dataclass(frozen=True)
class AttackText:
    """What the engine computes of an attack card's text when it becomes a chain link."""

    on_resolution: tuple[TextEffect, ...] = ()  # done as the card resolves (CR 5.3.4)
    on_attack: tuple[TextEffect, ...] = ()  # a "when this attacks" trigger (CR 6.6)
    on_attack_manual: tuple[str, ...] = ()  # a "when this attacks" trigger the judge enters
    rupture: int = 0  # +N{p} at chain link 4 or higher (CR 8.4.6)
    arsenal_power: int = 0  # "if this was played from arsenal" +N{p}
    arsenal_go_again: bool = False
    unmodelled: tuple[str, ...] = ()
    grants: tuple[Grant, ...] = ()
    on_marked_attack: tuple[TextEffect, ...] = ()  # "when this attacks a marked hero" (CR 9.3)
    # "when this attacks a Revered hero": the hero words ("revered", "runeblade|wizard") and the effects
    on_hero_attack: tuple[tuple[str, tuple[TextEffect, ...]], ...] = ()


def _self(sentence: str, facts: CardFacts) -> str:
    """A card's sentence in lower case with its own name read as "this"."""
    low = sentence.casefold()
    name = facts.name.casefold()
    return low.replace(name, "this") if name else low


#: "If [condition], this gets +N{d}" on a card that defends (equipment, a defense reaction, a block):
#: a static ability counted in its defense while the condition holds (CR 6.1.3; ``values.defense_of``).
_DEFENSE_GRANT = re.compile(
    r"^(?:(?!combo|crush|rupture|reprise)[a-z ]+ - )?if (.+?), (?:this|(?<=fused, )it) (?:gets|gains|has) \+(\d+)\{d\}\.?$"
)


#: "This gets +1{d} while defending a weapon attack" (Blade Beckoner): a static bonus while the card
#: defends an attack of that kind (CR 6.1.3; ``conditions.holds`` "defending").
_DEFENSE_WHILE = re.compile(r"^this (?:gets|has) \+(\d+)\{d\} while defending an? (weapon|[a-z]+) attack\.?$")


#: "While this is defending a weapon attack, this gets +1{d}" (Steel on Steel), "While this is defending,
#: if you control a Flurry token this gets +1{d}" (Flurry Foot Dance), "While Yinti Yanti is defending and
#: you control an aura, it has +1{d}", "While this is defending, if you've created a card this turn, this
#: gets +1{d}" (Mistborn Protector): a static bonus while it defends (CR 6.1.3), the condition the grammar's.
_DEFENSE_WHILE_DEFENDING = re.compile(
    r"^while this is defending(?: an? (weapon|[a-z]+) attack)?(?:(?:,| and) (?:if )?(.+?))?"
    r",? (?:this|it) (?:gets|gains|has) \+(\d+)\{d\}\.?$"
)


def _control_one(words: str) -> str:
    """ "you control an aura" read as the grammar's "you control 1 or more auras" (a kind, not a name)."""
    return rx.sub(r"^you control an? (aura|item)$", r"you control 1 or more \1s", words)


def _defense_key(low: str) -> tuple[str, int] | None:
    wd = _DEFENSE_WHILE_DEFENDING.match(low)
    if wd and (wd.group(1) is None) != (wd.group(2) is None):
        if wd.group(1):
            if wd.group(1) == "weapon" or conditions._descriptor(wd.group(1)) is not None:
                return f"defending;0;0;{wd.group(1)}", int(wd.group(3))
            return None
        key = conditions.parse(_control_one(wd.group(2)))
        if key is not None and conditions.on_resolution(key):
            return key, int(wd.group(3))
        return None
    w = _DEFENSE_WHILE.match(low)
    if w and (w.group(2) == "weapon" or conditions._descriptor(w.group(2)) is not None):
        return f"defending;0;0;{w.group(2)}", int(w.group(1))
    m = _DEFENSE_GRANT.match(low)
    key = conditions.parse(m.group(1)) if m else None
    if m is None or key is None or not conditions.on_resolution(key):
        return None
    return key, int(m.group(2))


def defense_grant(sentence: str, facts: CardFacts) -> tuple[str, int] | None:
    """A sentence's conditional +N{d} the engine counts (its condition key and N); None otherwise."""
    return _defense_key(_self(sentence, facts))


@lru_cache(maxsize=4096)
def defense_grants(facts: CardFacts) -> tuple[tuple[str, int], ...]:
    """The card's conditional +N{d} bonuses (``defense_grant`` of each sentence)."""
    found = [defense_grant(x, facts) for x in split_sentences(plain(facts.text))]
    return tuple(g for g in found if g is not None)


def attack_text(facts: CardFacts) -> AttackText:
    """Sort an attacking card's sentences into what the engine computes and what it reports."""
    on_res: list[TextEffect] = []
    on_attack: list[TextEffect] = []
    manual: list[str] = []
    rupture = arsenal_power = 0
    arsenal_go_again = False
    grants: list[Grant] = []
    on_marked: list[TextEffect] = []
    on_hero: list[tuple[str, tuple[TextEffect, ...]]] = []
    out: list[str] = []
    parsed = combo(facts) is not None
    modes = attack_modes(facts)
    modes_done = bool(modes) and all(attack_mode(facts, m) is not None for m in modes)
    for sentence in split_sentences(plain(facts.text)):
        low = _self(sentence, facts)
        if _KEYWORD_LINE.match(low) or FUSION.match(low) or any(p.match(low) for p in _HANDLED_AT_ATTACK):
            continue
        if CLOSE_NO_HIT_TOKEN.match(low):
            continue  # as the chain closes (combat.close_chain)
        if _move_trigger(sentence, facts):
            continue  # triggers as the card is put into the graveyard or destroyed (zones.self_move_triggers)
        if CHARGE_COST.match(low) or (SOLFLARE.match(low) and solflare_effects(facts) is not None):
            continue  # paid and triggered when the card is played or charged (costs.charge)
        if parsed and _COMBO.match(sentence.casefold()) or OVERPOWER_IF_BUFFED.fullmatch(sentence):
            continue
        if _ADDITIONAL_COST.match(sentence):
            continue  # reported when the card is played
        if _from_hand_ability(sentence):
            continue  # activated from the hand (playing.activate), not part of the attack
        if _defense_key(low) or (
            parse_defend_trigger(sentence, facts) is not None and not ATTACKS_OR_DEFENDS.match(low)
        ):
            continue  # counted in its defense / triggered when it defends (values.defense_of, defending)
        if SELF_COSTS_LESS_PER_DRACONIC_LINK.match(low) or conditional_discount(low):
            continue  # paid less when played (costs.cost_modifiers)
        if banished_play_sentence(sentence, facts) is not None:
            continue  # checked as the card is played from the banished zone (playing.play)
        if defend_restriction(sentence, facts) is not None or _defended_bonus(low) is not None:
            continue  # checked as defenders are declared / counted from them (defending, values.link_power)
        if modes_done and (rx.match(r"^choose 1", low) or sentence.lstrip().startswith(("-", "–"))):
            continue  # the chosen mode is applied when the attack becomes a chain link
        m = _RUPTURE.match(low)
        if m:
            rupture += int(m.group(1))
            continue
        g = _grant(low)
        if g is not None and unpaid_cost_condition(facts, g.condition):
            g = None  # "banished this way" after a cost the engine does not pay: the judge's
        if g is not None:
            grants.append(g)
            continue
        m = _FROM_ARSENAL.match(low)
        if m:
            if m.group(2):
                arsenal_power += int(m.group(2))
            else:
                arsenal_go_again = True
            continue
        m = _MARKED_ATTACK.match(low)
        if m:
            effects, unknown = recognise(m.group(1))
            if effects and not unknown and all(not e.trigger and e.kind != "manual" for e in effects):
                on_marked.extend(effects)
            else:
                manual.append(sentence)
            continue
        if (
            play_condition(sentence, facts) is not None
            or instant_permission(sentence, facts) is not None
            or play_forbidden(sentence, facts) is not None
        ):
            continue  # checked when the card is played (playing.play)
        aq = trigger_words.attack_qualifier(low)
        if aq is not None:
            # "When this attacks a Revered hero, this gets +3{p}": only on such a hero (CR 6.6.5b)
            found_hero = _hero_trigger_effects(aq[1])
            if found_hero is not None:
                on_hero.append((aq[0], tuple(found_hero)))
            else:
                manual.append(sentence)
            continue
        m = _ATTACK_TRIGGER.match(low)
        if m:
            effects, unknown = _trigger_bonus(m.group(1)) or [], []
            if not effects:
                effects, unknown = recognise(trigger_words.create_more(m.group(1)))
            if (not effects or unknown) and rx.match(r"^when(?:ever)? this attacks a hero, ", low):
                # "When this attacks a hero, they draw a card": "they" is the hero attacked (CR 6.6)
                effects, unknown = _hero_trigger_effects(m.group(1)) or [], []
            if not effects or unknown:
                effects, unknown = _attack_fact_trigger(m.group(1)), []
            if effects and not unknown and all(not e.trigger and e.kind != "manual" for e in effects):
                on_attack.extend(effects)
            elif (
                effects
                and not unknown
                and len({e.trigger for e in effects}) == 1
                and effects[0].trigger.startswith("cond:")
                and ";" in effects[0].trigger
                and not unpaid_cost_condition(facts, effects[0].trigger)
                and all(e.kind != "manual" for e in effects)
            ):
                # "When this attacks, if [condition], [effect]": checked as it triggers and as it
                # resolves (layers.attack_card_text, layers.resolve_trigger; CR 1.8.4, 6.6.5b)
                on_attack.extend(effects)
            else:
                manual.append(sentence)
            continue
        effects, unknown = recognise(sentence)
        if effects and not unknown and all(not e.trigger and e.kind in _ON_RESOLUTION for e in effects):
            on_res.extend(effects)
            continue
        out.append(sentence)
    return AttackText(
        tuple(on_res),
        tuple(on_attack),
        tuple(manual),
        rupture,
        arsenal_power,
        arsenal_go_again,
        tuple(out),
        tuple(grants),
        tuple(on_marked),
        tuple(on_hero),
    )


def _hero_trigger_effects(text: str) -> list[TextEffect] | None:
    """An attack trigger's effect on the hero it attacks ("they draw a card", "intimidate them", "destroy an
    aura they control") or on itself ("it gets +1{p}"), read as a hit trigger reads the hero it hits; None
    when a part is not computed."""
    text = text.strip().rstrip(".")
    if text in ("intimidate", "intimidate them"):
        return [TextEffect("intimidate")]  # CR 8.5.10, the random card the log's banish line names
    text = rx.sub(r"^it (gets|gains) ", r"this \1 ", text)
    found, unread = recognise(f"when this hits a hero, {text}.")
    if (
        not found
        or unread
        or any(
            e.trigger != "hit" or e.kind in ("manual", "choice") or e.kind.startswith("self_to_")
            for e in found
        )
    ):
        return None
    return [TextEffect(e.kind, e.amount, "", e.target) for e in found]


def _attack_fact_trigger(text: str) -> list[TextEffect]:
    """ "When this attacks, if it has go again / N or more {p}, EFFECT" (Runner Runner): a condition on the
    attack itself, as the rules count it on its chain link (CR 1.8.4, 6.6.5b; ``defending.conditional_trigger``
    checks it as it triggers and as it resolves); [] for other words."""
    m = rx.match(r"^if (?:it|this) (has .+?), (.+)$", text)
    key = conditions.parse(f"this {m.group(1)}") if m else None
    if m is None or key is None or not conditions.attack_fact(key):
        return []
    found, unread = recognise(m.group(2))
    if not found or unread or any(e.trigger or e.kind in ("manual", "choice") for e in found):
        return []
    return [TextEffect(e.kind, e.amount, f"cond:{key}", e.target) for e in found]


@dataclass(frozen=True)
class AttackMode:
    """A chosen mode of an attack card the engine computes (CR 1.7.5)."""

    power: int = 0
    go_again: bool = False
    on_attack: tuple[TextEffect, ...] = ()


def attack_mode(facts: CardFacts, mode: str) -> AttackMode | None:
    """An attack card's mode when it is "this gains +N{p}", "this gains go again" or "when you attack
    with this, [recognised effect]"; None for any other mode (flagged)."""
    low = _self(mode.strip().rstrip("."), facts)
    m = rx.fullmatch(r"this (?:gets|gains) \+(\d+)\{p\}", low)
    if m:
        return AttackMode(power=int(m.group(1)))
    if rx.fullmatch(r"this (?:gets|gains) go again", low):
        return AttackMode(go_again=True)
    m = _ATTACK_TRIGGER.match(low)
    if m:
        effects, unknown = recognise(m.group(1))
        if effects and not unknown and all(not e.trigger and e.kind != "manual" for e in effects):
            return AttackMode(on_attack=tuple(effects))
    return None


def attack_modes(facts: CardFacts) -> list[str]:
    """The modes of an attack card's "Choose 1" (the lines after it starting with a dash)."""
    text = plain(facts.text)
    found = rx.search(r"(?:^|\n)\s*choose 1", text, re.I)
    if not found:
        return []
    return [m.strip() for m in rx.split(r"\n\s*[-–]\s*", text[found.start() :])[1:] if m.strip()]


def attack_unmodelled(facts: CardFacts) -> list[str]:
    """The sentences of an attacking card the engine neither computes nor flags elsewhere; the
    engine reports them when the attack becomes a chain link."""
    return list(attack_text(facts).unmodelled)


_RULE_LINE = re.compile(
    r"^(?:combo|crush)\s*-|^when this attacks, intimidate$|^defense reactions?(?: cards)? can't be played (?:this|to [a-z0-9' ,!:-]+?'s) chain link$"
    r"|^if you've dealt arcane damage this turn, this gets"
)


def skipped_sentences(text: str) -> list[str]:
    """Sentences ``recognise`` leaves to the combat rules (combo, crush, ...) that a resolving
    non-attack card cannot use: the engine reports them when the card resolves."""
    return [s for s in split_sentences(plain(text)) if _RULE_LINE.match(s.casefold())]


def defend_sentences(facts: CardFacts) -> list[str]:
    """Sentences of a defending card that act when it defends ("When this defends, ..."); all of a
    block card's (it has no other moment)."""
    if "block" in facts.types:
        return [
            x
            for x in split_sentences(plain(facts.text))
            if not _KEYWORD_LINE.match(x.casefold()) and defense_grant(x, facts) is None
        ]
    return [
        s
        for s in split_sentences(plain(facts.text))
        if rx.search(r"\bthis defends\b|\bdefending with this\b|\bthis is defending\b", s, re.I)
    ]


#: Dorinthea Ironsong's ability (modelled when her weapon is activated again, ``playing.activate``).
ADDITIONAL_WEAPON_ATTACK = re.compile(
    r"when a weapon you control hits, you may attack an additional time with that weapon this turn", re.I
)


#: Rhinar's ability (``zones.discard``).
DISCARD_SIX_INTIMIDATE = re.compile(
    r"whenever you discard a card with 6 or more \{p\} during your action phase, intimidate", re.I
)
#: Kayo's "The first time you discard a card with 6 or more {p} during each of your action phases,
#: create a Might token" (``zones.discard_triggers``) and his "Attack action cards you own get +1{p}
#: while they are in any zone other than the combat chain", which counts for that discard's {p}.
FIRST_DISCARD_SIX_TOKEN = re.compile(
    r"^the first time you discard a card with (\d+) or more \{p\} during each of your action phases, create an? ([a-z' ]+?) token\.?$",
    re.I,
)
OWN_ATTACKS_POWER_OFF_CHAIN = re.compile(
    r"^attack action cards you own get \+(\d+)\{p\} while they are in any zone other than the combat chain\.?$",
    re.I,
)
#: Arakni, Solitary Confinement and 5L!p3d 7hRu 7h3 cR4X (``playing.hero_attack_abilities``).
FIRST_STEALTH_GO_AGAIN = re.compile(
    r"^your first attack with stealth each turn (?:has|gets) go again$|^the first attack with stealth each turn gets go again$",
    re.I,
)
#: Katsu's and Briar's "The first time an attack action card you control hits / deals damage to an
#: opposing hero (each turn), [effect]": a trigger when it hits (``triggers.hero_hit_abilities``).
HERO_FIRST_HIT = re.compile(
    r"^the first time an attack action card you control (?:hits|deals damage to an opposing hero)(?: each turn)?, (.+)$",
    re.I | re.S,
)
#: Cindra's and Fang's "Whenever you hit a marked hero, [effect]": a trigger on each hit of a hero
#: who was marked as the hit happened (the hit removes the mark, CR 9.3.3; ``triggers.hero_hit_abilities``).
HERO_MARKED_HIT = re.compile(r"^whenever you hit a marked hero, (.+)$", re.I | re.S)
#: Arakni, Tarantula's "Whenever a dagger you own hits a hero, they lose 1{h}": a trigger on each hit of
#: an attack with that subtype its controller owns (``triggers.hero_hit_abilities``).
HERO_WEAPON_KIND_HIT = re.compile(
    r"^whenever an? (?:dagger|sword|axe|hammer|club|staff|scepter|bow|gun) you own hits a hero, (.+)$",
    re.I | re.S,
)
#: Fang's "If you control 3 or more Fealty tokens, dagger attacks cost you {r} less to activate"
#: (``playing.activate``, CR 5.2.2's cost, 1.14.2).
FEALTY_DAGGER_DISCOUNT = re.compile(
    r"^if you control (\d+) or more fealty tokens, dagger attacks cost you \{r\} less to activate\.?$", re.I
)
#: Kassai, Cintari Sellsword's "Your second sword attack each turn costs {r} less" (``playing.activate``;
#: counted from the attacks the log shows this turn, like Ira's).
SECOND_SWORD_ATTACK_DISCOUNT = re.compile(r"^your second sword attack each turn costs \{r\} less\.?$", re.I)
#: Kassai's "If you've drawn a card this turn, your sword attacks cost {r} less to activate"
#: (``playing.hero_weapon_discount``; the draws are the turn's facts, ``conditions.record``).
DRAWN_SWORD_DISCOUNT = re.compile(
    r"^if you've drawn a card this turn, your sword attacks cost \{r\} less to activate\.?$", re.I
)
#: Ira, Scarlet Revenger (``playing.hero_attack_abilities``).
SECOND_ATTACK_POWER = re.compile(r"^your second attack each turn gets \+(\d+)\{p\}$", re.I)
#: Jarl's "Whenever you play an Ice card, create a Frostbite token in an opponent's exposed head, chest,
#: arms, or legs zone" (``heroes.play_abilities``; group 1 the card's class or talent, group 2 the token).
PLAY_TOKEN_IN_EXPOSED_ZONE = re.compile(
    r"^whenever you play an? ([a-z]+) card, create an? ([a-z' ]+?) token in an opponent's exposed head, "
    r"chest, arms, or legs zone\.?$",
    re.I,
)
#: Iyslander's "Whenever you play an Ice card during an opponents turn, create a Frostbite token under
#: their control" (``heroes.play_abilities``).
PLAY_OFF_TURN_TOKEN_THEIRS = re.compile(
    r"^whenever you play an? ([a-z]+) card during an opponent'?s'? turn, create an? ([a-z' ]+?) token "
    r"under their control\.?$",
    re.I,
)
#: Iyslander's "If it's not your turn, you may play blue 'non-attack' action cards from your arsenal as
#: though they were an instant" (``heroes.plays_as_instant``, CR 5.1.1's timing).
ARSENAL_AS_INSTANT_OFF_TURN = re.compile(
    r"^if it's not your turn, you may play (red|yellow|blue) '?non-attack'? action cards from your arsenal "
    r"as though they were an instant\.?$",
    re.I,
)
#: Scurv, Stowaway's "Whenever you activate a Goldkiss Rum, gain {r}" (``heroes.activate_abilities``).
ACTIVATE_NAMED_GAIN = re.compile(r"^whenever you activate an? ([a-z' ]+?), gain ((?:\{r\})+)\.?$", re.I)
#: Benji's "Your attack action cards with 2 or less {p} can't be defended by cards from hand"
#: (``defending.check_can_defend``, CR 7.3.2 with the attack's {p} as the defenders are declared).
LOW_POWER_NO_HAND_DEFENSE = re.compile(
    r"^your attack action cards with (\d+) or less \{p\} can't be defended by cards from hand\.?$", re.I
)
#: Benji's first-hit effect "your next attack gains +1{p}": no duration, it waits for the next attack
#: (``triggers.hero_hit_abilities``).
NEXT_ATTACK_POWER_LASTING = re.compile(r"^your next attack gains \+(\d+)\{p\}\.?$", re.I)
#: Valda's "Whenever an opponent draws 1 or more cards during an action phase, create that many Seismic
#: Surge tokens" (and young Valda's "a card ... a token for each card drawn this way"; ``zones.draw``).
OPPONENT_DRAW_TOKENS = re.compile(
    r"^whenever an opponent draws (?:1 or more cards|a card) during an action phase, create "
    r"(?:that many|an?) ([a-z' ]+?) tokens?(?: for each card drawn this way)?\.?$",
    re.I,
)
#: Valda's "At the start of your turn, if you control 3 or more Seismic Surge tokens, cards you own with
#: crush get dominate this turn" (the card data spells it "Siesmic"; ``heroes.start_of_turn_abilities``).
START_TOKENS_KEYWORD = re.compile(
    r"^at the start of your turn, if you control (\d+) or more ([a-z' ]+?) tokens, cards you own with "
    r"([a-z]+) (?:get|gain) ([a-z]+) this turn\.?$",
    re.I,
)
#: Dash I/O's and Dash, Database's "Once per turn, you may play a Mechanologist item with cost 0 or 1 from
#: the top of your deck as though it were an instant. It costs an additional {r} to play."
#: (``heroes.deck_top_play``; group 1 the class, groups 2-3 the costs, group 4 the extra cost).
DECK_TOP_ITEM_AS_INSTANT = re.compile(
    r"^once per turn, you may play an? ([a-z]+) item with cost (\d+) or (\d+) from the top of your deck as "
    r"though it were an instant\. it costs an additional ((?:\{r\})+) to play\.?$",
    re.I,
)
#: Hero activated abilities ``heroes.resolve_ability`` resolves (CR 5.3): Kavdaen's "If a hero has more
#: {h} than all other hero's, they lose 1{h} and create a Copper token. Then if a hero has less {h} than
#: all other hero's, they gain 1{h}."
LIFE_BALANCE = re.compile(
    r"if a hero has more \{h\} than all other hero'?s'?, they lose (\d+)\{h\} and create an? ([a-z]+) token\. "
    r"then if a hero has less \{h\} than all other hero'?s'?, they gain (\d+)\{h\}\.?",
    re.I,
)
#: Bravo, Flattering Showman's "Turn a face-down card in your arsenal face-up. If it has crush, it gets
#: +2{p} and dominate this turn."
ARSENAL_FLIP_KEYWORD = re.compile(
    r"turn a face-?down card in your arsenal face-?up\. if it has ([a-z]+), it gets \+(\d+)\{p\} and "
    r"([a-z]+) this turn\.?",
    re.I,
)
#: Lexi's effect after her cost turned an arsenal card face up: "If it's a Lightning card, your next
#: attack this turn gains go again. If it's an Ice card, create a Frostbite token under target hero's
#: control."
FLIPPED_TALENT_EFFECTS = re.compile(
    r"if it's an? ([a-z]+) card, your next attack this turn gains go again\. if it's an? ([a-z]+) card, "
    r"create an? ([a-z]+) token under target hero's control\.?",
    re.I,
)
#: Cindra's "Equip up to 2 Draconic daggers from your graveyard" (the daggers the activation line names).
EQUIP_FROM_GRAVEYARD = re.compile(
    r"equip up to (\d+) ([a-z]+) (dagger|sword|axe|hammer|club|scepter|staff)s from your graveyard\.?", re.I
)
#: Gravy Bones's "Draw a card, then discard a card" (the discard the log's next discard line names),
#: Marlynn's "Create a Goldfin Harpoon in your hand" and Maxx's "Create a Hyper Driver token with 2 steam
#: counters" (his activation condition: boosted this turn): each the whole of an activated ability's
#: effect (``heroes._create_or_loot``); ``_ability_line`` is the same effect as a hero's whole line.
DRAW_THEN_DISCARD = re.compile(r"^draw a card, then discard a card\.?(?:\s*go again\.?)?$", re.I)
CREATE_IN_HAND = re.compile(r"^create an? ([a-z' ]+?) in your hand\.?(?:\s*go again\.?)?$", re.I)
BOOSTED_THIS_TURN_CONDITION = re.compile(r"activate this ability only if you've boosted this turn\.?", re.I)
CREATE_TOKEN_WITH_COUNTERS = re.compile(
    r"^create an? ([a-z' ]+?) token with (\d+) ([a-z]+) counters\.?"
    r"(?:\s*activate this ability only if you've boosted this turn\.?)?(?:\s*go again\.?)?$",
    re.I,
)


def _ability_line(body: re.Pattern[str]) -> re.Pattern[str]:
    """A hero's line that is one activated ability whose whole effect is ``body``."""
    return re.compile(r"^(?:once per turn\s+)?(?:action|instant)\s*[-–]\s*[^:]+:\s*" + body.pattern[1:], re.I)


_LOOT_LINES = tuple(_ability_line(x) for x in (DRAW_THEN_DISCARD, CREATE_IN_HAND, CREATE_TOKEN_WITH_COUNTERS))
_HERO_RESOLVED = (
    LIFE_BALANCE,
    ARSENAL_FLIP_KEYWORD,
    FLIPPED_TALENT_EFFECTS,
    EQUIP_FROM_GRAVEYARD,
    *_LOOT_LINES,
)
#: Arakni, Marionette's and Arakni, Web of Deceit's "Your attacks with stealth that are attacking a
#: marked hero get +1{p} and "When this hits, this gets go again."" (``heroes.hero_link_grants``).
STEALTH_MARKED_BONUS = re.compile(
    r"^your attacks with ([a-z]+) that are attacking a marked hero get \+(\d+)\{p\} and \"([^\"]+)\"\.?$",
    re.I,
)
#: Data Doll MKII's "Whenever a Mechanologist item with cost 2 or less is put into your banished zone from
#: your deck, put it into the arena" (``zones.deck_banish_triggers``: boost and Soul Shackle banish from
#: the deck).
DECK_BANISH_TO_ARENA = re.compile(
    r"^whenever an? ([a-z]+) item with cost (\d+) or less is put into your banished zone from your deck, "
    r"put it into the arena\.?$",
    re.I,
)
#: Terra's "At the beginning of each end phase, if there is an Earth card in your pitch zone, you may pay
#: {r}. If you do, create a Might token." (``heroes.end_phase_abilities`` offers it; the log's
#: ``P1 pays 1`` takes it, ``heroes.take_pay_offer``).
END_PHASE_PAY_TOKEN = re.compile(
    r"^at the beginning of each end phase, if there is an? ([a-z]+) card in your pitch zone, you may pay "
    r"((?:\{r\})+)\. if you do, create an? ([a-z' ]+?) token\.?$",
    re.I,
)
#: Marlynn's "Whenever you draw a card during your action phase, you may put an arrow from your hand
#: face-up into your arsenal" (``heroes.draw_arsenal``: the log's arsenal line right after the draw).
DRAW_ARROW_TO_ARSENAL = re.compile(
    r"^whenever you draw a card during your action phase, you may put an? ([a-z]+) from your hand face-?up "
    r"into your arsenal\.?$",
    re.I,
)
#: Victor Goldmane's "The first time each turn you create a Gold token from an effect you control, draw a
#: card" (``heroes.token_created``, called as a recognised effect creates tokens for its controller).
FIRST_TOKEN_DRAW = re.compile(
    r"^the first time each turn you create an? ([a-z]+) token from an effect you control, draw a card\.?$",
    re.I,
)
#: Puffin's "The second time you crank each turn, draw a card" (``heroes.crank_abilities``, CR 8.3.29a).
SECOND_CRANK_DRAW = re.compile(r"^the second time you crank each turn, draw a card\.?$", re.I)
#: Maxx 'The Hype' Nitro's "Hyper Drivers you control get crank" (``heroes.grants_crank``; CR 8.3.29).
NAMED_GET_CRANK = re.compile(r"^([a-z' ]+?)s you control get crank\.?$", re.I)
#: Levia's "If a card with 6 or more {p} has been put into your banished zone this turn, cards you own
#: lose blood debt during the end phase" (``heroes.loses_blood_debt``, CR 8.3.11).
BANISHED_POWER_NO_BLOOD_DEBT = re.compile(
    r"^if a card with (\d+) or more \{p\} has been put into your banished zone this turn, cards you own "
    r"lose blood debt during the end phase\.?$",
    re.I,
)
#: Dromai's "Whenever you pitch a red card, create an Ash Token" (``zones.hero_pitch_triggers``, CR 1.14.3).
PITCH_COLOUR_TOKEN = re.compile(
    r"^whenever you pitch a (red|yellow|blue) card, create an? ([a-z' ]+?) token\.?$", re.I
)
#: Dromai's "If you've played a red card this turn, dragons you control have go again while attacking"
#: (``heroes.hero_link_grants``: checked as the link's go again is, CR 6.1.3).
PLAYED_COLOUR_SUBTYPE_GO_AGAIN = re.compile(
    r"^if you've played a (red|yellow|blue) card this turn, ([a-z]+)s you control have go again while attacking\.?$",
    re.I,
)
#: Boltyn's "If you've charged this turn, your attacks get +1{p} while defended by an attack action card"
#: (``heroes.hero_link_grants``: both checked again before damage, CR 6.1.3; group 1 the condition).
CONDITION_ATTACKS_POWER_DEFENDED = re.compile(
    r"^if (you've charged this turn), your attacks get \+(\d+)\{p\} while defended by an attack action card\.?$",
    re.I,
)
#: Arakni, Marionette's and Web of Deceit's "At the beginning of your end phase, if an opponent is marked,
#: you become a random Agent of Chaos" (``heroes.end_phase_abilities``: the log names the Agent, "P1
#: becomes Arakni, Redback", ``heroes.become``; CR 9.3 marked).
BECOME_RANDOM_AGENT = re.compile(
    r"^at the beginning of your end phase, if an opponent is marked, you become a random agent of chaos\.?$",
    re.I,
)
#: An Agent of Chaos's "At the beginning of your end phase, return to the brood" (``heroes.end_phase_abilities``:
#: the hero becomes again the one it was before it became the Agent).
RETURN_TO_BROOD = re.compile(r"^at the beginning of your end phase, return to the brood\.?$", re.I)
#: The Agents' "Once per Turn Attack Reaction - Discard an Assassin card: Target Assassin attack gets +3{p}.
#: If it has stealth, it gets go again." (``heroes.resolve_ability``: the active attack; the quoted or
#: go again grant when the attack has the keyword). Group 1 the attack's class or subtype, 2 the power,
#: 3 the keyword, 4 the grant.
AGENT_REACTION = re.compile(
    r"^once per turn attack reaction\s*[-–]\s*discard an? assassin card:\s*target ([a-z]+) attack gets "
    r"\+(\d+)\{p\}\.?(?:\s*if it has ([a-z]+), it gets (go again|\"when this hits a hero, banish a card in their "
    r"arsenal\.\"|\"when this hits a hero, they banish a card from their hand\.\")\.?)?$",
    re.I,
)
#: Funnel Web's granted "When this hits a hero, banish a card in their arsenal." (``heroes.granted_hit_banish``).
HIT_BANISH_ARSENAL = re.compile(r"^when this hits a hero, banish a card in their arsenal\.?$", re.I)
#: Black Widow's granted "When this hits a hero, they banish a card from their hand." (the hit hero's
#: choice: the log's banish of a card from that hand, ``heroes.granted_hit_banish``).
HIT_BANISH_FROM_HAND = re.compile(r"^when this hits a hero, they banish a card from their hand\.?$", re.I)
#: The body alone, as the activated layer resolves it.
AGENT_REACTION_EFFECT = re.compile(
    r"^target ([a-z]+) attack gets \+(\d+)\{p\}\.?(?:\s*if it has ([a-z]+), it gets (go again|\"[^\"]+\")\.?)?$",
    re.I,
)
#: Arakni, Orb-Weaver's "Once per Turn Instant - Discard an Assassin card: Equip a Graphene Chelicera token.
#: Your next attack with stealth this turn gets +3{p}." (``heroes.resolve_ability``; group 1 the token,
#: 2 the keyword, 3 the power) and "Graphene Chelicerae cost you {r} less to activate"
#: (``playing.hero_weapon_discount``; group 1 the weapon's name, plural).
EQUIP_TOKEN_NEXT_KEYWORD_ATTACK = re.compile(
    r"equip an? ([a-z' -]+?) token\.\s*your next attack with ([a-z]+) this turn gets \+(\d+)\{p\}\.?$", re.I
)
#: Oscilio, Forked Continuum's "Discard a card and create a Ponder token. If an instant is discard this way,
#: you may play it this turn." (``heroes.resolve_ability``: the log's discard pays a ``discard_due`` that
#: remembers the kind; ``zones.pay_discard_cost`` gives the permission, ``heroes.check_graveyard_play``).
DISCARD_TOKEN_PLAY_KIND = re.compile(
    r"discard a card and create an? ([a-z' ]+?) token\.\s*if an? ([a-z]+) is discard(?:ed)? this way, "
    r"you may play it this turn\.?$",
    re.I,
)
#: Zyggy Starlight's "Return the banished aura to the arena with a holo counter" (``heroes.resolve_ability``:
#: the aura his cost banished, kept on the layer).
RETURN_BANISHED_WITH_COUNTER = re.compile(
    r"return the banished aura to the arena with an? ([a-z]+) counter\.?$", re.I
)
#: Katsu's "you may discard a card with cost 0. If you do, search your deck for a card with combo, banish
#: it face up, then shuffle your deck. You may play it this turn." and Zen's "Search your deck for a card
#: with combo, banish it, then shuffle. You may play it this turn." (``heroes.start_search``: the log's
#: search line names the card, ``heroes.search``; group 1 the discard's cost, 2 the keyword).
SEARCH_BANISH_PLAY = re.compile(
    r"(?:you may discard a card with cost (\d+)\. if you do, )?search your deck for a card with ([a-z]+), "
    r"banish it(?: face up)?, then shuffle(?: your deck)?\. you may play it this turn\.?$",
    re.I,
)
#: Kano's "Look at the top card of your deck. If it's a 'non-attack' action card, you may banish it. If you
#: do, you may play it this turn as though it were an instant." (``heroes.resolve_ability`` starts it; the
#: log's look and banish lines, ``heroes.look_top``).
LOOK_TOP_BANISH_PLAY = re.compile(
    r"look at the top card of your deck\. if it's an? '?non-attack'? action card, you may banish it\. if you do, "
    r"you may play it this turn as though it were an instant\.?$",
    re.I,
)
NAMED_WEAPON_DISCOUNT = re.compile(r"^([a-z' -]+?) cost you \{r\} less to activate\.?$", re.I)
_HERO_RESOLVED = (
    *_HERO_RESOLVED,
    AGENT_REACTION,
    EQUIP_TOKEN_NEXT_KEYWORD_ATTACK,
    DISCARD_TOKEN_PLAY_KIND,
    RETURN_BANISHED_WITH_COUNTER,
    SEARCH_BANISH_PLAY,
    LOOK_TOP_BANISH_PLAY,
    *heroes_text.RESOLVED,
)  # heroes.resolve_ability, heroes_more.resolve_ability
#: Gravy Bones's "If a blue card has been put into your graveyard this turn, you may play cards with
#: watery grave from your graveyard" (``heroes.check_graveyard_play``; the turn's graveyard arrivals are
#: recorded by ``zones.to_graveyard``).
GRAVEYARD_PLAY_PERMISSION = re.compile(
    r"^if an? (red|yellow|blue) card has been put into your graveyard this turn, you may play cards with "
    r"([a-z ]+?) from your graveyard\.?$",
    re.I,
)
#: Sentences a hero's start position settles (the start state lists the graveyard, the arena and the
#: weapons; nothing later reads them) and a permission to look that changes no state the engine keeps.
START_POSITION_SENTENCE = re.compile(
    r"^you (?:may )?start the game with an? [a-z' ]+?(?: with cost \d+ or less)? in (?:your graveyard|the arena)\.?$"
    r"|^you (?:start the game with|have) 1 weapon zone\.?$",
    re.I,
)
LOOK_TOP_ANY_TIME = re.compile(r"^you may look at the top card of your deck at any time\.?$", re.I)
_HERO_MODELLED = (
    PLAY_TOKEN_IN_EXPOSED_ZONE,
    PLAY_OFF_TURN_TOKEN_THEIRS,
    ARSENAL_AS_INSTANT_OFF_TURN,
    ACTIVATE_NAMED_GAIN,
    LOW_POWER_NO_HAND_DEFENSE,
    OPPONENT_DRAW_TOKENS,
    START_TOKENS_KEYWORD,
    DECK_TOP_ITEM_AS_INSTANT,
    LIFE_BALANCE,
    ARSENAL_FLIP_KEYWORD,
    FLIPPED_TALENT_EFFECTS,
    EQUIP_FROM_GRAVEYARD,
    STEALTH_MARKED_BONUS,
    DECK_BANISH_TO_ARENA,
    END_PHASE_PAY_TOKEN,
    DRAW_ARROW_TO_ARSENAL,
    FIRST_TOKEN_DRAW,
    SECOND_CRANK_DRAW,
    NAMED_GET_CRANK,
    BECOME_RANDOM_AGENT,
    RETURN_TO_BROOD,
    AGENT_REACTION,
    GRAVEYARD_PLAY_PERMISSION,
    EQUIP_TOKEN_NEXT_KEYWORD_ATTACK,
    NAMED_WEAPON_DISCOUNT,
    DISCARD_TOKEN_PLAY_KIND,
    RETURN_BANISHED_WITH_COUNTER,
    SEARCH_BANISH_PLAY,
    LOOK_TOP_BANISH_PLAY,
    BANISHED_POWER_NO_BLOOD_DEBT,
    PITCH_COLOUR_TOKEN,
    PLAYED_COLOUR_SUBTYPE_GO_AGAIN,
    CONDITION_ATTACKS_POWER_DEFENDED,
    *_LOOT_LINES,
    WEAPON_HITS_COPPER,
    PLAY_CLASS_AFTER_NONATTACK,
    SECOND_NONATTACK_TOKEN,
    PLAYED_THIS_TURN_CONDITION,
    DISCARD_SIX_INTIMIDATE,
    FIRST_STEALTH_GO_AGAIN,
    HERO_FIRST_HIT,
    HERO_MARKED_HIT,
    HERO_WEAPON_KIND_HIT,
    FEALTY_DAGGER_DISCOUNT,
    FIRST_DISCARD_SIX_TOKEN,
    SECOND_SWORD_ATTACK_DISCOUNT,
    DRAWN_SWORD_DISCOUNT,
    SECOND_ATTACK_POWER,
    *heroes_text.MODELLED,  # heroes_more
)
_HERO_MODELLED = (*_HERO_MODELLED, *CROWD_MODELLED)  # heroes_crowd (the crowd, wager, clash, rolls)
_HERO_RESOLVED = (*_HERO_RESOLVED, *CROWD_RESOLVED)
_ADDITIONAL_COST = re.compile(r"^as an additional cost to play ", re.I)


#: "As an additional cost to play this, discard a random card" (the Brute cards): paid as the card is
#: played (CR 5.1.5, 1.14.4), the discarded card named by the line or taken at random (``playing.play``).
RANDOM_DISCARD_COST = re.compile(r"^as an additional cost to play .+?,? discard a random card\.?$", re.I)
#: "As an additional cost to play this, banish a random card from your hand" (CR 5.1.5, 1.14.4;
#: ``playing.play``: the log's next banish line pays it, else ``zones.settle_random_discard``).
RANDOM_BANISH_COST = re.compile(
    r"^as an additional cost to play .+?, banish a random card from (?:your )?hand\.?$", re.I
)


def unpaid_cost_condition(facts: CardFacts | None, trigger: str) -> bool:
    """A "cond:" trigger on the card paid for its own additional cost ("If the discarded card has 6 or
    more {p}", "If a card ... is banished this way") on a card whose cost is not the random discard or
    banish the engine pays (Sand Sketched Plan discards as it resolves): the engine cannot tell which
    card it was, so the sentence is the judge's."""
    kind = trigger.removeprefix("cond:").removeprefix("hit-if:").split(";")[0]
    if kind not in ("costdiscard", "costbanish"):
        return False
    if facts is None:
        return True
    sentences = split_sentences(plain(facts.text))
    cost = RANDOM_DISCARD_COST if kind == "costdiscard" else RANDOM_BANISH_COST
    return not any(cost.match(x) for x in sentences)


def additional_costs(facts: CardFacts) -> list[str]:
    """ "As an additional cost to play this, ..." sentences: reported when the card is played (but
    charging the soul, which ``costs.charge`` pays, and the random discard ``playing.play`` pays)."""
    return [
        s
        for s in split_sentences(plain(facts.text))
        if _ADDITIONAL_COST.match(s)
        and not CHARGE_COST.match(s)
        and not RANDOM_DISCARD_COST.match(s)
        and not RANDOM_BANISH_COST.match(s)
    ]


def _solflare_computed(effect: str) -> bool:
    found, unread = recognise(effect)
    return bool(found) and not unread and all(not e.trigger and e.kind != "manual" for e in found)


def _modelled_hero_lines(facts: CardFacts) -> list[str]:
    """The lines (one ability each) of a hero's text that the engine models."""
    return [
        line.strip()
        for line in plain(facts.text).split("\n")
        if any(p.search(line.strip().rstrip(".")) for p in _HERO_MODELLED)
    ]


def _hero_line_status(line: str) -> str:
    """A modelled hero line is computed unless it is a first-hit trigger whose effect the engine
    cannot compute (Katsu's): that one is reported when the trigger resolves."""
    m = HERO_FIRST_HIT.match(line) or HERO_MARKED_HIT.match(line) or HERO_WEAPON_KIND_HIT.match(line)
    if not m:
        return MODELLED
    if NEXT_ATTACK_POWER_LASTING.match(m.group(1)):
        return MODELLED  # Benji: triggers.hero_hit_abilities
    if SEARCH_BANISH_PLAY.fullmatch(m.group(1).strip()):
        return MODELLED  # Katsu: heroes.start_search as the trigger resolves
    effects, unknown = recognise(m.group(1).rstrip("."))
    ok = effects and not unknown and all(not e.trigger and e.kind != "manual" for e in effects)
    return MODELLED if ok else FLAGGED


def hero_settled(sentence: str, facts: CardFacts) -> str:
    """Why a hero's sentence needs nothing at run time: "start position" (the start state gives the
    graveyard, the arena and the weapons, CR 4.1) or "no state change" (a permission to look at one's
    own top card); "" for any other sentence."""
    if not facts.is_("hero"):
        return ""
    if START_POSITION_SENTENCE.match(sentence.strip()):
        return "start position"
    if LOOK_TOP_ANY_TIME.match(sentence.strip()):
        return "no state change"
    return ""


#: Dawnblade, Resplendent: "The second time you attack with this each turn, it gains +N{p} until end
#: of turn" (``playing.activate``: counted from the turn's attacks with the weapon).
WEAPON_SECOND_ATTACK = re.compile(
    r"^the second time you attack with this each turn, it gains \+(\d+)\{p\} until end of turn\.?$"
)
#: Dawnblade: "If this hits, and it's the second time it has hit this turn, put a +1{p} counter on this"
#: (a hit trigger, ``damage.finish_damage``) and "At the beginning of your end phase, if this has not
#: hit this turn, remove all +1{p} counters from this" (``end_phase.begin_end_phase``).
WEAPON_SECOND_HIT_COUNTER = re.compile(
    r"^if this hits, and it's the second time it has hit this turn, put a \+1\{p\} counter on this\.?$"
)
WEAPON_NO_HIT_RESET = re.compile(
    r"^at the beginning of your end phase, if this has not hit this turn, remove all \+1\{p\} counters from this\.?$"
)


def _self_short(sentence: str, facts: CardFacts) -> str:
    """``_self``, and the short name before a comma read as "this" too ("Dawnblade" on Dawnblade,
    Resplendent: a card's text names itself by its short name)."""
    low = _self(sentence, facts)
    short = facts.name.split(",")[0].strip().casefold() if "," in facts.name else ""
    return rx.sub(rf"(?<![\w']){re.escape(short)}(?![\w'])", "this", low) if short else low


def weapon_turn_sentence(low: str) -> bool:
    """A weapon's sentence counted over its attacks and hits this turn (the three above)."""
    return bool(
        WEAPON_SECOND_ATTACK.match(low)
        or WEAPON_SECOND_HIT_COUNTER.match(low)
        or WEAPON_NO_HIT_RESET.match(low)
    )


@lru_cache(maxsize=4096)
def weapon_turn_text(facts: CardFacts) -> tuple[int, bool, bool]:
    """A weapon's second-attack bonus (+N{p}), whether its second hit in a turn puts a +1{p} counter on
    it, and whether its end phase removes them when it has not hit."""
    if not facts.is_weapon:
        return 0, False, False
    sentences = [_self_short(x, facts) for x in split_sentences(plain(facts.text))]
    bonus = next((int(m.group(1)) for x in sentences if (m := WEAPON_SECOND_ATTACK.match(x))), 0)
    return (
        bonus,
        any(WEAPON_SECOND_HIT_COUNTER.match(x) for x in sentences),
        any(WEAPON_NO_HIT_RESET.match(x) for x in sentences),
    )


def static_sentences(facts: CardFacts) -> list[str]:
    """The sentences of a hero, equipment, weapon or permanent that are neither keywords nor an
    activated ability (activated ones are reported when activated): the engine reports them when
    the log starts, since they may act at any step."""
    if facts.is_token and coded_token(facts.name):
        return []
    modelled = _modelled_hero_lines(facts)
    cycle = ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL.search(plain(facts.text)) if facts.is_("hero") else None
    return [
        sentence
        for sentence in split_sentences(plain(facts.text))
        if not _KEYWORD_LINE.match(sentence.casefold())
        and not (cycle and sentence.casefold() in cycle.group(0).casefold())
        and not _ACTIVATED.search(sentence)
        and not ADDITIONAL_WEAPON_ATTACK.search(sentence)
        and not COSTS_LESS_PER_DRACONIC_LINK.fullmatch(sentence)
        and not any(sentence in line for line in modelled)
        and not hero_settled(sentence, facts)
        and not _phase_trigger(sentence, facts)
        and not _move_trigger(sentence, facts)
        and not conditions.COUNTS_AS.match(_self(sentence, facts))
        and not (END_PHASE_COUNTER.match(_self(sentence, facts)) and is_permanent_card(facts))
        and not UNITY_DEFENSE.match(_self(sentence, facts))
        and not (SELF_PREVENTION.match(_self(sentence, facts)) and is_permanent_card(facts))
        and not (
            (ao := ACTIVATE_ONLY_IF.match(_self(sentence, facts))) is not None
            and conditions.parse(ao.group(1)) is not None
        )
        and not steam_sentence(sentence)
        and not watery_grave_sentence(sentence, facts)
        and not (CLASS_ATTACKS_GET.match(sentence.strip()) and is_permanent_card(facts))
        and defense_grant(sentence, facts) is None
        and defend_only(sentence, facts) is None
        and not ADD_ON_REACTION.match(_self(sentence, facts))
        and parse_defend_trigger(sentence, facts) is None
        and not (facts.is_weapon and _grant(_self(sentence, facts)) is not None)
        and not (facts.is_weapon and _weapon_hit(_self(sentence, facts)))
        and not (facts.is_weapon and weapon_turn_sentence(_self_short(sentence, facts)))
        # part of an activated ability's effect the engine computes as it resolves (playing.activate)
        and _ability_continuations(facts).get(sentence) != MODELLED
    ]


def _weapon_hit(low: str) -> bool:
    """A weapon's own "When this hits [a hero], EFFECT" the engine computes: its attack-proxy's hit
    trigger (CR 1.4.3a, 7.5.5; ``triggers.hit_triggers`` reads the weapon's text)."""
    if not rx.match(r"^(?:when|whenever|if) this hits(?: a hero)?, ", low):
        return False
    found, unread = recognise(low)
    return bool(found) and not unread and all(e.trigger == "hit" and e.kind != "manual" for e in found)


def _move_trigger(sentence: str, facts: CardFacts) -> bool:
    """A permanent's own enters / leaves / destroyed trigger the engine applies (zones.self_move_triggers)."""
    low = _self(sentence, facts)
    mv = SELF_MOVE_TRIGGER.match(low)
    if not mv or coded_token(facts.name):
        return False
    event = mv.group(1) or mv.group(2)
    if (
        not mv.group(1)
        and not is_permanent_card(facts)
        and not MOVE_TRIGGER_KEYS.get(event, ("",))[0] == "graveyard"  # any card (zones.to_graveyard)
        and not (event == "is destroyed" and destroyed_attack_card(facts))
    ):
        return False
    found, unread = recognise(low)
    return bool(found) and not unread and all(e.trigger.startswith("move:") for e in found)


def _phase_trigger(sentence: str, facts: CardFacts) -> bool:
    """A permanent's start-of-turn / action-phase "destroy this, then ..." the engine applies (an aura,
    an item, an equipment or a token with printed text; CR 1.3.3 permanents, 4.2.2, 4.3.1)."""
    if not (facts.is_("aura") or facts.is_("item") or facts.is_equipment) or coded_token(facts.name):
        return False
    found, unread = recognise(sentence)
    return (
        bool(found) and not unread and all(phase_of(e.trigger) in PHASE_TRIGGER_KEYS.values() for e in found)
    )


#: Effects that give a keyword to another attack (the target, the next attack, attacks of a cost):
#: a keyword the card data lists because such a sentence names it is not the card's own.
_GRANTS_TO_OTHERS = frozenset(
    {
        "target_go_again",
        "target_grant",
        "target_grant_hit",
        "next_attack_go_again",
        "next_attack_grant",
        "next_typed_attack",
        "grant_cost_keyword",
        "next_attack_keyword",
        "next_filtered_attack",
        "next_action_go_again",
    }
)


def granted_to_others(facts: CardFacts, kw: str) -> bool:
    """Whether every sentence of the card naming ``kw`` is a computed effect that gives it to another
    attack ("Target sword attack gets go again", "Your next attack this turn gains go again"): the
    engine applies it there (CR 6.1.2 on whom an effect acts), so the card itself never has it."""
    named = [s for s in split_sentences(plain(facts.text)) if rx.search(rf"\b{re.escape(kw)}\b", s, re.I)]
    if not named:
        return False
    for sentence in named:
        found, unknown = recognise(self_named(sentence, facts.name))
        # a grant to another attack under a condition or on a hit is still not the card's own keyword
        if unknown or not found or any(e.kind not in _GRANTS_TO_OTHERS or e.kind == "manual" for e in found):
            return False
    return True


@lru_cache(maxsize=4096)
def decided_keywords(facts: CardFacts) -> tuple[str, ...]:
    """The conditional keywords whose condition the engine checks itself (a combo's, Over the Top's),
    and those the card only gives to another attack (``granted_to_others``)."""
    out: list[str] = [kw for kw in facts.conditional if granted_to_others(facts, kw)]
    if any(what == "go again" for _cls, what, _n in _class_grants(facts)):
        out.append("go again")  # "Your Mechanologist attack action cards get go again" (class_attack_bonus)
    if any(e.kind == "self_go_again" and e.trigger.startswith("surge:") for e in recognise(facts.text)[0]):
        out.append("go again")  # a surge's "it gets go again", checked as it resolves (layers.apply_surge)
    found = combo(facts)
    if found is not None:
        out += found.keywords
    if OVERPOWER_IF_BUFFED.search(facts.text):
        out.append("overpower")
    found_bp = banished_play(facts)
    if found_bp is not None and found_bp.go_again:
        out.append("go again")  # "If you do, it gets go again": a play from the banished zone (playing.play)
    if any(b.go_again for b in defended_bonuses(facts)):
        out.append("go again")  # from the cards defending it (combat.go_again)
    at = attack_text(facts)
    if at.arsenal_go_again:
        out.append("go again")
    for g in at.grants:
        out += g.keywords
    if any(e.kind == "self_go_again" for e in at.on_marked_attack + at.on_attack):
        out.append("go again")  # "When this attacks [a marked hero], this gets go again"
    if any(
        x.kind == "self_go_again"
        for e in at.on_attack
        if e.kind == "choice"
        for x in unpack_choice(e.target)[1]
    ):
        out.append("go again")  # "When this attacks, you may X. If you do, this gets go again" (apply_choice)
    for _words, found_hero in at.on_hero_attack:  # "When this attacks a Revered hero, intimidate them"
        out += ["intimidate" for e in found_hero if e.kind == "intimidate"]
        out += ["go again" for e in found_hero if e.kind == "self_go_again"]
    modes = [attack_mode(facts, m) for m in attack_modes(facts)]
    if modes and all(m is not None for m in modes) and any(m is not None and m.go_again for m in modes):
        out.append("go again")  # a mode the engine applies when it is chosen
    out += [kw for kw in facts.conditional if kw not in out and granted_by_computed_text(facts, kw)]
    return tuple(out)


def granted_by_computed_text(facts: CardFacts, kw: str) -> bool:
    """Whether the sentences that give the card a keyword it has only under a condition are all
    computed (``sentence_parts``): "When this hits, it gets go again" (a hit trigger, CR 7.5.3),
    "You may destroy a Lightning Flow you control. If you do, this gets go again" (an option, CR 1.8.4),
    "If you have played a card named Moon Wish this turn, ... Sun Kiss gains go again" (a condition,
    CR 6.1.3), "When you attack with this, intimidate" (CR 8.5.10). The engine applies the keyword
    where it applies that sentence, so the keyword is the engine's too. A sentence that names the
    keyword only in its condition ("If it has go again, ...") does not give it."""
    word = re.compile(rf"\b{re.escape(kw)}\b(?!ed)", re.I)
    in_condition = re.compile(rf"\b(?:if|while) (?:this|it|they) (?:has|have) {re.escape(kw)}\b", re.I)
    giving = [
        p
        for p in sentence_parts(facts)
        if word.search(p.text)
        and (p.when != "keyword" or p.text.casefold() != kw)
        and word.search(in_condition.sub("", p.text))
    ]
    return bool(giving) and all(p.status == MODELLED for p in giving)


#: "Activate this only while it's in your graveyard / banished zone / inventory": a source the engine
#: does not look for there (``playing.activate`` reads the arena and the hand).
ACTIVATED_OUTSIDE_ARENA = re.compile(
    r"activate this(?: ability)? only while (?:this|it's|it is|[a-z0-9' ,-]+? is) in your (?:graveyard|banished zone|inventory)",
    re.I,
)


def outside_arena(sentence: str, text: str) -> bool:
    """The ability ``sentence`` begins is activated only from outside the arena (its line of the card's
    text says so)."""
    head = " ".join(sentence.split())[:40].casefold()
    return any(
        head in " ".join(line.split()).casefold() and ACTIVATED_OUTSIDE_ARENA.search(line)
        for line in text.split("\n")
    )


def _activated_status(
    sentence: str, computed_body: bool = False, facts: CardFacts | None = None, name: str = ""
) -> str:
    """An activated ability is computed when its cost is only resources (and destroying the source)
    and its effect is an attack or recognised sentences; else its outcome is flagged when activated.
    With ``facts``, only the card's first activated ability is computed (``activated_ability`` reads
    that one when the card is activated)."""
    m = _ACTIVATED.search(sentence)
    assert m is not None
    if facts is not None:
        first = activated_ability(facts)
        body = m.group(4).strip().rstrip(".").casefold()
        if first is None or not first.ability_text.casefold().startswith(body):
            return FLAGGED
        if outside_arena(sentence, facts.text):
            return FLAGGED  # playing.activate finds the source in the arena or the hand only (CR 5.2.4)
    body = m.group(4).strip().casefold()
    cost = self_named(m.group(3), name or (facts.name if facts is not None else "")).casefold()
    if not all(_cost_part(x) for x in cost_parts(cost)):
        return FLAGGED
    if (
        computed_body
        or rx.fullmatch(r"attack(?:\. go again)?\.?", body)
        or SHARPEN.fullmatch(body)
        or text_abilities.resolved_body(body)  # abilities.resolve
    ):
        return MODELLED
    effects, unknown = recognise(body)
    done = (
        effects
        and not unknown
        and all(_ability_trigger_ok(e.trigger) and e.kind != "manual" for e in effects)
    )
    return MODELLED if done else FLAGGED


#: Conditions about the card itself as it was played (its pitch, zone, fusion, cost): an activated
#: ability has none of these (``layers.resolve_text`` checks the others as the ability resolves).
_PLAYED_CARD_CONDITIONS = frozenset(
    {
        "pitched_for",
        "from_arsenal",
        "fused",
        "costdiscard",
        "costbanish",
        "charged_this",
        "scrapped",
        "defended",
    }
)


def _ability_trigger_ok(trigger: str) -> bool:
    """An activated ability's effect the engine applies as it resolves: unconditional, or under a
    condition of the turn ("If you've boosted this turn, instead prevent the next 2", CR 6.1.3)."""
    if not trigger:
        return True
    if trigger.startswith(("cond:", "unless:")):
        key = trigger.split(":", 1)[1]
        return ";" in key and key.split(";")[0] not in _PLAYED_CARD_CONDITIONS
    return False


def _ability_continuations(facts: CardFacts) -> dict[str, str]:
    """The sentences after the first on a permanent's activated-ability line ("Instant - {r}, destroy
    this: Prevent the next 1 damage ... this turn. Opt 1"): part of that ability's effect, resolved
    with it (``playing.activate`` puts the whole line's body on the layer), so classified with the
    whole ability."""
    if not is_permanent_card(facts) or facts.is_("hero"):
        return {}
    out: dict[str, str] = {}
    for line in facts.text.split("\n"):
        sentences = split_sentences(line)
        if len(sentences) < 2 or not _ACTIVATED.match(sentences[0].strip()):
            continue
        first = activated_ability(facts)
        m = _ACTIVATED.match(sentences[0].strip())
        assert m is not None
        is_first = first is not None and first.ability_text.casefold().startswith(
            m.group(4).strip().casefold()
        )
        for x in sentences[1:]:
            if not _ACTIVATED.match(x.strip()):
                # the ability's cost with this sentence as its effect: computed when both are
                joined = _activated_status(f"{sentences[0]}. {x}", name=facts.name)
                out[x] = joined if is_first else FLAGGED
    return out


def coverage(facts: CardFacts) -> list[TextPart]:
    """Each part of a card's text with what the engine does with it (the bench's measure)."""
    parts = list(sentence_parts(facts))
    decided = decided_keywords(facts)
    # a hero's or equipment's keyword acts only through the ability whose sentence is classified above;
    # an attack's, a resolving card's or a weapon's (its attack) is flagged when it attacks or resolves
    attack = facts.is_attack_action
    resolving = (
        (facts.is_action and not attack)
        or facts.is_("instant")
        or facts.is_("attack reaction")
        or facts.is_("defense reaction")
    )
    for kw in facts.conditional if attack or resolving or facts.is_weapon else ():
        status = MODELLED if kw in decided else FLAGGED
        parts.append(TextPart(f"{kw} (only under a condition)", status, "keyword"))
    return parts


@lru_cache(maxsize=4096)
def sentence_parts(facts: CardFacts) -> tuple[TextPart, ...]:
    """Each sentence of a card's text with what the engine does with it (``coverage`` without the
    conditional keywords)."""
    parts: list[TextPart] = []
    text = plain(facts.text)
    attack = facts.is_attack_action
    resolving = (
        (facts.is_action and not attack)
        or facts.is_("instant")
        or facts.is_("attack reaction")
        or facts.is_("defense reaction")
    )
    at = attack_text(facts) if attack else AttackText()
    unmodelled = set(at.unmodelled) | set(at.on_attack_manual)
    cycle = ARSENAL_TO_BOTTOM_TOP_TO_ARSENAL.search(text) if facts.is_("hero") else None
    engine_token = facts.is_token and facts.name.casefold() in COMPUTED_TOKENS
    continuations = _ability_continuations(facts)
    for sentence in split_sentences(text):
        low = _self(sentence, facts)
        if engine_token:
            parts.append(TextPart(sentence, MODELLED, "token"))  # its TOKENS entry (CR 8.6)
        elif _KEYWORD_LINE.match(low):
            parts.append(TextPart(sentence, MODELLED, "keyword"))
        elif FUSION.match(low):
            parts.append(TextPart(sentence, MODELLED, "play"))  # costs.fuse (CR 8.3.17)
        elif BEAT_CHEST.match(low) or SCRAP.match(low):
            parts.append(
                TextPart(sentence, MODELLED, "play")
            )  # playing.beat_chest, scrap (CR 8.3.33, 8.3.32)
        elif CHARGE_COST.match(low):
            parts.append(TextPart(sentence, MODELLED, "play"))  # costs.charge (CR 8.5.29)
        elif SOLFLARE.match(low):
            fires = solflare_effects(facts) is not None  # its trigger when charged (CR 8.4.9)
            parts.append(TextPart(sentence, MODELLED if fires else FLAGGED, "charge"))
        elif watery_grave_sentence(low, facts):
            parts.append(TextPart(sentence, MODELLED, "graveyard"))  # zones.to_graveyard (CR 8.3.41)
        elif CLASS_ATTACKS_GET.match(low) and is_permanent_card(facts):
            parts.append(TextPart(sentence, MODELLED, "arena"))  # class_attack_bonus (layers, values)
        elif steam_sentence(low):
            # layers: steam counters, crank (CR 8.3.29); Unlimited acts only on deck building (8.3.40)
            parts.append(TextPart(sentence, MODELLED, "deck" if UNLIMITED.match(low) else "arena"))
        elif _defense_key(low):
            parts.append(TextPart(sentence, MODELLED, "defend"))  # values.defense_of
        elif (attack or resolving) and banished_play_sentence(sentence, facts) is not None:
            parts.append(TextPart(sentence, MODELLED, "play"))  # playing.play (CR 5.1.1a)
        elif ADD_ON_REACTION.match(low):
            parts.append(TextPart(sentence, MODELLED, "defend"))  # defending.add_on_reaction (CR 7.0.5a)
        elif defend_only(sentence, facts) is not None:
            parts.append(TextPart(sentence, MODELLED, "defend"))  # defending.check_restrictions (CR 1.0.2a)
        elif not facts.is_("hero") and (dt := parse_defend_trigger(sentence, facts)) is not None:
            # its own "When this defends" trigger (defending.self_triggers); "this" is the defender
            # "When this attacks or defends": its attack trigger too (attack_text, the unmodelled set)
            both = dt.computed and sentence not in unmodelled
            parts.append(TextPart(sentence, MODELLED if both else FLAGGED, "defend"))
        elif cycle and sentence.split(":", 1)[-1].strip().casefold() in cycle.group(0).casefold():
            # Azalea's ability: heroes.resolve_ability (its cost is checked with the activation)
            paid = (
                not _ACTIVATED.search(sentence) or _activated_status(sentence, computed_body=True) == MODELLED
            )
            parts.append(TextPart(sentence, MODELLED if paid else FLAGGED, "activate"))
        elif RANDOM_DISCARD_COST.match(sentence) or RANDOM_BANISH_COST.match(sentence):
            parts.append(TextPart(sentence, MODELLED, "play"))  # playing.pay_random_discard
        elif _ADDITIONAL_COST.match(sentence):
            parts.append(TextPart(sentence, FLAGGED, "play"))
        elif _from_hand_ability(sentence) or (
            is_permanent_card(facts) and _ACTIVATED.match(sentence.strip()) and not attack
        ):
            # an ability activated from the hand or the arena, not part of the card's resolution
            parts.append(TextPart(sentence, _activated_status(sentence, facts=facts), "activate"))
        elif (attack or resolving) and play_condition(sentence, facts) is not None:
            parts.append(TextPart(sentence, MODELLED, "play"))  # playing.play (CR 1.0.2a)
        elif (attack or resolving) and instant_permission(sentence, facts) is not None:
            parts.append(TextPart(sentence, MODELLED, "play"))  # playing.play (CR 8.1.1d)
        elif (attack or resolving) and play_forbidden(sentence, facts) is not None:
            parts.append(TextPart(sentence, MODELLED, "play"))  # playing.check_play_condition (CR 1.0.2a)
        elif facts.is_weapon and weapon_turn_sentence(_self_short(sentence, facts)):
            parts.append(
                TextPart(sentence, MODELLED, "attack")
            )  # weapon_turn_text (playing, damage, end_phase)
        elif facts.is_weapon and not attack and _grant(low) is not None:
            parts.append(TextPart(sentence, MODELLED, "attack"))  # layers.attack_resolves (CR 1.4.3a)
        elif facts.is_weapon and not attack and _weapon_hit(low):
            parts.append(TextPart(sentence, MODELLED, "hit"))  # triggers.hit_triggers reads the weapon's text
        elif (attack or resolving) and (
            SELF_COSTS_LESS_PER_DRACONIC_LINK.match(low) or conditional_discount(low)
        ):
            parts.append(TextPart(sentence, MODELLED, "play"))  # costs.cost_modifiers
        elif attack and _move_trigger(sentence, facts):
            parts.append(TextPart(sentence, MODELLED, "enters or leaves"))  # zones.self_move_triggers
        elif attack:
            if sentence in unmodelled:
                parts.append(TextPart(sentence, FLAGGED, "attack"))
            elif rx.match(r"^crush\s*-|^(?:when|whenever|if) this hits", low):
                mc = CRUSH.match(low)
                if mc:  # as triggers.crush reads it; "to a Guardian hero" is checked on the hero card
                    crushed = crush_effects(mc.group(2))
                    effects, unknown = crushed or [], [] if crushed else [sentence]
                else:
                    effects, unknown = recognise(low)
                ok = effects and not unknown and all(e.kind != "manual" for e in effects)
                parts.append(TextPart(sentence, MODELLED if ok else FLAGGED, "hit"))
            else:
                parts.append(TextPart(sentence, MODELLED, "attack"))
        elif _move_trigger(sentence, facts):
            parts.append(TextPart(sentence, MODELLED, "enters or leaves"))  # zones.self_move_triggers
        elif resolving:
            effects, unknown = recognise(self_named(sentence, facts.name))
            if rx.match(
                r"^if .+ (?:is|was) played from (?:your )?arsenal, (?:it|this) (?:gains|gets) \+\d+\{d\}$",
                low,
            ) or (SHARPEN.fullmatch(low) and "target" in low):  # sharpen: layers.sharpen_text
                parts.append(TextPart(sentence, MODELLED, "resolve"))
            elif (
                unknown
                and rx.match(
                    r"^if .+?, (?:instead (?:it|the card|gain|deal|prevent|draw)|it (?:gets|gains)) ", low
                )
                and self_named(sentence, facts.name) not in recognise(self_named(text, facts.name))[1]
            ):
                # "If ..., instead it gets +3{p}" after "Target dagger attack gets +2{p}" (_target_follow_up)
                parts.append(TextPart(sentence, MODELLED, "resolve"))
            elif unknown or _RULE_LINE.match(low):
                parts.append(TextPart(sentence, FLAGGED, "resolve"))
            elif effects and all(
                e.kind != "manual"
                and e.kind not in _SELF_COUNTER_PHASE
                and (
                    not e.trigger
                    or e.trigger == "reprise"
                    or e.trigger.startswith(("cond:", "surge:", "unless:"))
                )
                and not unpaid_cost_condition(facts, e.trigger)
                and (facts.is_("defense reaction") or not _choice_on_defense(e) and e.kind != "self_close")
                for e in effects
            ):
                # a "cond:" effect is checked as the card resolves (layers.resolve_text, CR 6.1.3)
                parts.append(TextPart(sentence, MODELLED, "resolve"))
            elif (
                effects
                and all(phase_of(e.trigger) in PHASE_TRIGGER_KEYS.values() for e in effects)
                and (facts.is_("aura") or facts.is_("item"))
            ):
                # acts from the arena as that phase begins (layers.permanent_phase_triggers)
                parts.append(TextPart(sentence, MODELLED, phase_of(effects[0].trigger).replace("_", " ")))
            else:
                parts.append(TextPart(sentence, FLAGGED, "resolve"))
        elif _ACTIVATED.search(sentence):
            resolved = (facts.is_("hero") or facts.is_("demi-hero") or not facts.types) and any(
                sentence in line and any(p.search(line) for p in _HERO_RESOLVED)
                for line in _modelled_hero_lines(facts)
            )  # heroes.resolve_ability (Kavdaen, Lexi, Bravo, Flattering Showman)
            status = _activated_status(sentence, computed_body=resolved, name=facts.name)
            if outside_arena(sentence, facts.text):
                status = FLAGGED  # not activated from the graveyard, banished zone or inventory (CR 5.2.4)
            parts.append(TextPart(sentence, status, "activate"))
        elif hero_settled(sentence, facts):
            parts.append(TextPart(sentence, MODELLED, hero_settled(sentence, facts)))
        elif any(sentence in line for line in _modelled_hero_lines(facts)):
            line = next(x for x in _modelled_hero_lines(facts) if sentence in x)
            parts.append(
                TextPart(
                    sentence,
                    _hero_line_status(line),
                    "hit"
                    if any(p.match(line) for p in (HERO_FIRST_HIT, HERO_MARKED_HIT, HERO_WEAPON_KIND_HIT))
                    else "start",
                )
            )
        elif (
            (ao := ACTIVATE_ONLY_IF.match(low)) is not None
            and conditions.parse(ao.group(1)) is not None
            and not PLAYED_THIS_TURN_CONDITION.search(low)
        ):
            parts.append(TextPart(sentence, MODELLED, "activate"))  # heroes.check_activation_condition
        elif SELF_PREVENTION.match(low) and is_permanent_card(facts):
            parts.append(TextPart(sentence, MODELLED, "damage"))  # damage.apply_prevention (CR 6.4.2)
        elif UNITY_DEFENSE.match(low):
            parts.append(TextPart(sentence, MODELLED, "defend"))  # defending.defend
        elif END_PHASE_COUNTER.match(low) and is_permanent_card(facts):
            parts.append(TextPart(sentence, MODELLED, "end phase"))  # end_phase.begin_end_phase
        elif conditions.COUNTS_AS.match(low):
            parts.append(
                TextPart(sentence, MODELLED, "named")
            )  # conditions.answers_to, playing._named_permanent
        elif (
            ADDITIONAL_WEAPON_ATTACK.search(sentence) and "once per turn" in low
        ) or COSTS_LESS_PER_DRACONIC_LINK.fullmatch(sentence):
            parts.append(TextPart(sentence, MODELLED, "activate"))
        elif sentence in continuations:
            parts.append(TextPart(sentence, continuations[sentence], "activate"))  # playing.activate
        elif _phase_trigger(low, facts):
            # an equipment's or token's phase trigger (layers.permanent_phase_triggers)
            found = recognise(low)[0]
            parts.append(TextPart(sentence, MODELLED, found[0].trigger.split("?")[0].replace("_", " ")))
        else:
            parts.append(TextPart(sentence, FLAGGED, "start"))
    return tuple(parts)


def card_status(parts: list[TextPart]) -> str:
    """A card is silent if any part is, flagged if any part is, else fully modelled."""
    statuses = {p.status for p in parts}
    if SILENT in statuses:
        return SILENT
    if FLAGGED in statuses:
        return FLAGGED
    return MODELLED
