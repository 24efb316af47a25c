"""Conditions of card texts ("If you've played a blue card this turn, ...") and the turn's facts
they read.

A small grammar: a condition is a fact of the turn (cards played, pitched, drawn, boosts), of the
arena (permanents a player controls, cards in the pitch zone) or of the combat chain (the attack's
chain link number, the last attack) with a descriptor of cards (colour, type, subtype, class or
talent words) and a count. ``parse`` compiles a condition's words to a key, ``holds`` checks a key
against the state. A condition is checked when its effect applies (CR 6.1.3: a static ability's
condition while it applies, a resolving card's "if" as it resolves); one the grammar does not read
is never guessed and stays the judge's to decide.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .cards import CardFacts
from .state import Card, GameState, other

_COUNT_WORDS = {"a": 1, "an": 1, "another": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_COLOURS = {1: "red", 2: "yellow", 3: "blue"}

#: Words a descriptor of cards may use (everything else makes the condition unread).
_DESCRIPTOR_WORDS = frozenset(
    (
        "red yellow blue action attack non-attack instant reaction defense aura item equipment weapon ally "
        "warrior ninja assassin mystic draconic guardian brute wizard runeblade illusionist ranger "
        "mechanologist merchant shapeshifter bard necromancer pirate thief adjudicator light shadow "
        "elemental earth ice lightning royal chaos generic arrow dagger sword axe evo chi cannon gun bow"
    ).split()
)


def tags(facts: CardFacts, pitch: int | None = None) -> list[str]:
    """The words a card answers to in a descriptor: its colour, types, subtypes, classes and
    talents (CR 2.2 colour from pitch, 2.12 types, 1.3.2 class and talent supertypes)."""
    out: list[str] = []
    colour = _COLOURS.get(pitch if pitch is not None else facts.pitch or 0)
    if colour:
        out.append(colour)
    for group in (facts.types, facts.subtypes, facts.classes):
        for t in sorted(group):
            out += [w for w in t.casefold().replace("'", "").split() if w not in out]
    # "a card with 6 or more {p}", "cards with cost 3 or more" (CR 2.9 power, 2.4 cost): printed values
    if facts.power is not None:
        out.append(f"pow={facts.power}")
    if facts.cost is not None:
        out.append(f"cost={facts.cost}")
    return out


def _link_tag(s: GameState) -> str:
    """The active chain link by its attack's object id: link numbers start again with each chain."""
    link = s.active_link()
    return f"link:{link.attack.id if link else '-'}"


def record_play(
    s: GameState,
    player: str,
    facts: CardFacts,
    pitch: int | None = None,
    card_id: str = "",
    pitched: list[Card] | None = None,
    fused: list[str] | None = None,
    charged: list[Card] | None = None,
) -> None:
    """The turn's log of played cards (CR 5.1: a card is played when it is put on the stack), with
    the chain link it was played during ("link:-" when none is active), the card's object id, the
    words of each card pitched to play it ("pitched=blue+action+earth", CR 1.14.3) and, when its
    fusion was paid, the supertypes fused (``fused``: None when it was not fused)."""
    paid = ["pitched=" + "+".join(tags(c.facts, c.pitch)) for c in pitched or []]
    # fusion paid (CR 8.3.17a): "fused", and "fused=ice" for each supertype fused
    fusion = ["fused", *(f"fused={t}" for t in fused)] if fused is not None else []
    # cards charged to the hero's soul to play it (CR 8.5.29): "charged=yellow+action+..."
    soul = ["charged=" + "+".join(tags(c.facts, c.pitch)) for c in charged or []]
    s.turn_log.append(
        " ".join(
            [
                player,
                "played",
                *tags(facts, pitch),
                _link_tag(s),
                f"id:{card_id}",
                *paid,
                *fusion,
                *soul,
                f"name={_slug(facts.name)}",
            ]
        )
    )


def record_paid(s: GameState, player: str, card_id: str, pitched: list[Card]) -> None:
    """The cards pitched to activate an ability whose attack-proxy is ``card_id`` (a weapon's attack,
    CR 1.14.3): "If an Earth card was pitched to attack with this" reads them like a card's own."""
    paid = ["pitched=" + "+".join(tags(c.facts, c.pitch)) for c in pitched]
    s.turn_log.append(" ".join([player, "paid", f"id:{card_id}", *paid]))


def record_creation(s: GameState, player: str, card: Card) -> None:
    """A token (or other card) created this turn (CR 1.3.1b), for "played or created" and "if you've
    created a Fealty token this turn" (its name, lower case with "_" for spaces)."""
    s.turn_log.append(
        " ".join([player, "created", *tags(card.facts, card.pitch), _link_tag(s), f"name={_slug(card.name)}"])
    )


def record_activation(s: GameState, player: str, ability_type: str, source: CardFacts) -> None:
    """An activated ability of a type ("attack reaction", CR 5.2) put on the stack this turn, with
    its source's words ("you've activated a cannon this turn")."""
    words = ability_type.casefold().split() + [
        w for w in tags(source) if w not in ability_type.casefold().split()
    ]
    s.turn_log.append(" ".join([player, "activated", *words, _link_tag(s)]))


def record_discard(s: GameState, player: str, card: Card) -> None:
    """A card discarded this turn (CR 8.5.8a: from hand to graveyard), with its words, for "if you've
    discarded a card with 6 or more {p} this turn"; an unknown card is recorded as "unknown"."""
    words = owned_tags(s, player, card) if card.facts.known else ["unknown"]
    s.turn_log.append(" ".join([player, "discarded", *words]))


def record_banished(s: GameState, owner: str, card: Card) -> None:
    """A card put into its owner's banished zone this turn (boost, intimidate, a cost, a judge's move),
    for "if a card with 6 or more {p} has been put into your banished zone this turn"."""
    record_zone(s, owner, "banishedto", card)


def record_zone(s: GameState, owner: str, verb: str, card: Card) -> None:
    """A card put into its owner's banished zone ("banishedto") or graveyard ("graveyardto") this turn."""
    words = tags(card.facts, card.pitch) if card.facts.known else ["unknown"]
    s.turn_log.append(" ".join([owner, verb, *words]))


def record_destroyed(s: GameState, card: Card) -> None:
    """A permanent destroyed this turn (CR 8.5.4), for "if the attack's controller has destroyed a Vigor
    token this turn" and "if an item you control has been destroyed this turn": recorded for its owner
    (who controls it, as the engine keeps no steal), with its name and its words (``tags``)."""
    words = " ".join(tags(card.facts, card.pitch)) if card.facts.known else "unknown"
    s.turn_log.append(f"{card.owner} destroyed name={_slug(card.name)} {words}".rstrip())


#: A hero's "Attack action cards you own get +N{p} while they are in any zone other than the combat
#: chain" (Kayo, Armed and Dangerous): the power a card has in the hand, graveyard or pitch zone.
_OFF_CHAIN_BONUS = re.compile(
    r"attack action cards you own get \+(\d+)\{p\} while they are in any zone other than the combat chain",
    re.I,
)


def off_chain_power(s: GameState, owner: str, card: Card) -> int:
    """A card's {p} outside the combat chain (CR 2.9, with its owner's hero's static ability)."""
    power = card.facts.power or 0
    hero = s.p(owner).hero_card
    if hero is not None and card.facts.is_attack_action:
        power += sum(int(m.group(1)) for m in _OFF_CHAIN_BONUS.finditer(hero.text))
    return power


def owned_tags(s: GameState, owner: str, card: Card) -> list[str]:
    """A card's words (``tags``) outside the combat chain, its {p} with its owner's hero's static
    bonus there (Kayo: a 5{p} attack action card in the pitch zone or graveyard has 6)."""
    words = tags(card.facts, card.pitch)
    if card.facts.power is None:
        return words
    return [w for w in words if not w.startswith("pow=")] + [f"pow={off_chain_power(s, owner, card)}"]


def record_cost_discard(
    s: GameState, player: str, card_id: str, discarded: Card, verb: str = "costdiscard"
) -> None:
    """The card discarded to pay the additional cost of the card ``card_id`` (CR 5.1.3b, 1.14.4), for
    "If the discarded card has 6 or more {p}, this gains go again" (Breakneck Battery); with ``verb``
    "costbanish", the card banished to pay it ("banish a random card from your hand": "If a card with 6
    or more {p} is banished this way", Tribute to Demolition). An unknown card has no {p} (-1)."""
    power = off_chain_power(s, discarded.owner or player, discarded) if discarded.facts.known else -1
    s.turn_log.append(f"{player} {verb} id:{card_id} pow={power}")


def record(s: GameState, player: str, what: str) -> None:
    """One more "drew" / "boosted" fact of the turn."""
    s.turn_log.append(f"{player} {what}")


def _count(word: str) -> int | None:
    w = word.strip()
    if w.isdigit():
        return int(w)
    return _COUNT_WORDS.get(w)


def _descriptor(words: str) -> str | None:
    """ "blue", "attack action", "'non-attack' action", "lightning" -> space-joined descriptor words;
    None when a word is not one the grammar reads."""
    ws = [w for w in words.replace("'", "").split() if w not in ("card", "cards")]
    if not ws or any(w not in _DESCRIPTOR_WORDS and not _QUALITY.fullmatch(w) for w in ws):
        return None
    return " ".join(ws)


#: A descriptor's printed value ("pow>=6": 6 or more {p}; "cost>=3", "cost<=1", "cost=0").
_QUALITY = re.compile(r"(pow|cost)(>=|<=|=)(\d+)")
_WITH_VALUE = (
    (re.compile(r"\b(cards?) with (\d+) or (?:more|greater) \{p\}"), r"pow>=\2 \1"),
    (re.compile(r"\b(cards?) with cost (\d+) or (?:more|greater)"), r"cost>=\2 \1"),
    (re.compile(r"\b(cards?) with cost (\d+) or less"), r"cost<=\2 \1"),
    (re.compile(r"\b(cards?) with cost (\d+)\b"), r"cost=\2 \1"),
    (re.compile(r"\b(cards?) in your pitch zone with cost (\d+)\b"), r"cost=\2 \1 in your pitch zone"),
)


def _values_first(t: str) -> str:
    """ "a card with 6 or more {p}" -> "a pow>=6 card": the value read as one more descriptor word."""
    t = t.replace(" ore more ", " or more ")  # a misprint on Diabolic Offering
    for pattern, repl in _WITH_VALUE:
        t = pattern.sub(repl, t)
    return t


_PLAYED = re.compile(
    r"^you(?:'ve| have) played( or created)? (a|an|another|\w+ or more) ((?:[a-z0-9<>='-]+ )*?)(?:card|cards)? ?this turn$"
)
_PITCHED_FOR = re.compile(r"^an? ([a-z0-9<>=' -]+?)(?: card)? was pitched to (?:play|attack with) this$")
_FROM_ARSENAL = re.compile(r"^(?:this|it) (?:is|was) played from (?:your )?arsenal$")
_ACTIVATED = re.compile(r"^you(?:'ve| have) activated (a|an|\w+ or more) ([a-z' -]+?) this turn$")
_PITCHED = re.compile(
    r"^you(?:'ve| have) pitched (a|an|another|\w+ or more) ([a-z0-9<>=' -]+?) cards? this turn$"
)
_IN_PITCH = re.compile(r"^there (?:are|is) (\w+) or more ([a-z0-9<>=' -]+?) cards? in your pitch zone$")
_HAVE_IN_PITCH = re.compile(r"^(?:you have|there is) (a|an) ([a-z0-9<>=' -]+?) card in your pitch zone$")
_BEAT_CHEST = re.compile(r"^you(?:'ve| have) beaten chest this turn$")
_TRANSCENDED = re.compile(r"^you(?:'ve| have) transcended this turn$")
_SCRAPPED = re.compile(r"^(?:it|this) scrapped an? ([a-z' -]+?)$")
_DREW = re.compile(r"^you(?:'ve| have) drawn (a|\w+ or more) cards? this turn$")
_BOOSTED = re.compile(r"^you(?:'ve| have) boosted(?: (\w+) or more times)? this turn$")
_CONTROL_N = re.compile(r"^you control (\w+) or more (auras|items)$")
_LINK_NUMBER = re.compile(r"^(?:this|it) (?:is|was) played (?:as|at) chain link (\d+) or higher$")
_LAST_ATTACK = re.compile(
    r"^(?:an? ([a-z' -]+?) attack(?: action card)?|([a-z0-9' ,!-]+?)) was the last attack this combat chain$"
)
#: Words that make a phrase a description ("a card with Sigil in its name", "a Guardian off-hand"), not a name.
_NOT_A_NAME = frozenset(
    {"a", "an", "card", "cards", "with", "its", "name", "permanent", "off-hand", "weapon", "equipment"}
)


def _plain_names(text: str) -> list[str] | None:
    """ "head jab", "rushing river or this" -> the names; None when a part is a description."""
    names = [x.strip() for x in text.split(" or ")]
    if any(not x or set(x.split()) & _NOT_A_NAME for x in names):
        return None
    return names


_IN_ZONE = re.compile(
    r"^there (?:are|is) (\w+) or more ([a-z0-9<>=' -]+?) cards? in your (banished zone|graveyard)$"
)
_CONTROL_NAMED = re.compile(r"^you control an? ([a-z0-9' -]+?)(?: token)?$")
_POWER_AT_LEAST = re.compile(r"^(?:this|it) has (\d+) or more \{p\}$")
_POWER_BUFFED = re.compile(
    r"^(?:this|it) has \{p\} greater than its base|this's \{p\} is greater than its base \{p\}$"
)
_CONTROL_BOTH = re.compile(r"^you control an? ([a-z' -]+?) and an? ([a-z' -]+?)(?: tokens?)?$")
_CONTROL_MANY = re.compile(r"^you control (\w+) or more ([a-z' -]+?) tokens$")
_EMPTY_HAND = re.compile(r"^you have no cards in (?:your )?hand$")
_LINK_ANY = re.compile(r"^an? ([a-z' -]+?) has been played(?: or activated)? this chain link$")
_LINK_MINE = re.compile(
    r"^you(?:'ve| have) played( or activated)? (an?|\w+ or more) ([a-z' -]+?) (?:cards? )?this chain link$"
)
_HAS_COUNTER = re.compile(r"^(?:this|it) has (an?|\w+ or more) ([a-z]+) counters?(?: on it)?$")
_HAS_GO_AGAIN = re.compile(r"^(?:this|it) has go again$")
_ARCANE = re.compile(r"^you(?:'ve| have) dealt arcane damage(?: to an opposing hero)? this turn$")
_LESS_LIFE = re.compile(
    r"^you have less (?:\{h\}|life) than (?:your opponent|each other hero|an opposing hero)$"
)
_YOUR_TURN = re.compile(r"^it'?s your turn$")
_NOT_YOUR_TURN = re.compile(
    r"^it'?s not your turn$|^it is not your turn$|^this (?:is|was) played during an opponent'?s turn$"
)
_DAMAGED = re.compile(r"^you(?:'ve| have) been dealt damage this turn$")
#: "If Entwine Ice was fused", "if it was fused", "If Exposed to the Elements was fused with an Earth
#: card" (CR 8.3.17a). Card texts name only themselves here, so any subject is read as the card itself
#: (the resolving text keeps its own name); "If it's fused" (the Weaves) names a later card and is not read.
_FUSED = re.compile(r"^(?:this|it|[a-z0-9' ,!-]+?) was fused(?: with an? (earth|ice|lightning) card)?$")
_CHARGED_THIS = re.compile(r"^an? ([a-z' -]+?)(?: card)? (?:is|was) charged this way$")
_CHARGED_TURN = re.compile(r"^you(?:'ve| have) charged(?: your hero's soul)? this turn$")
_CRANKED = re.compile(r"^you(?:'ve| have) cranked this turn$")
_DISCARDED = re.compile(
    r"^you(?:'ve| have) discarded (a|an|\w+ or more) ([a-z0-9<>=' -]+?) cards? this turn$"
)
_BANISHED_TO = re.compile(
    r"^(a|an|\w+ or more) ((?:[a-z0-9<>='-]+ )*?)(?:cards? )?(?:has|have) been put into your "
    r"(banished zone|graveyard) this turn$"
)
_HIT_TIMES = re.compile(r"^you(?:'ve| have) hit (\w+) or more times this combat chain$")
_OPP_DREW = re.compile(r"^an opponent has drawn (\w+) or more cards this turn$")
_DESTROYED = re.compile(r"^you(?:'ve| have) destroyed an? ([a-z' -]+?) token this turn$")
#: "If Steelblade Shunt defends a weapon attack" (a defense reaction on the chain link it defends, CR 7.0.5)
_DEFENDS_A = re.compile(r"^this defends an? ([a-z' -]+?) attack$")
#: "If the defending hero is marked" / "If you are marked" (CR 9.3: a marked hero)
_OPP_MARKED = re.compile(r"^the defending hero is marked$")
_YOU_MARKED = re.compile(r"^you are marked$")
#: "If it's your second attack this turn" (Back for Seconds): the attacks the turn-player made this turn
_NTH_ATTACK = re.compile(r"^it'?s your (first|second|third|fourth) attack this turn$")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
#: "If you control a card with Sigil in its name" (Glyph Power Spell): a permanent whose name has the word
_CONTROL_NAME_HAS = re.compile(r"^you control an? (?:card|permanent) with ([a-z]+) in its name$")
#: "If you have a Chivalry in your pitch zone" (Hammer of Havenhold): a card of that name there
_PITCH_NAMED = re.compile(r"^you have an? ([a-z' -]+?) in your pitch zone$")
#: "If an item / an aura you control has been destroyed this turn" (Soup Up, Ominous Respite; CR 8.5.4)
_DESTROYED_KIND = re.compile(r"^an? ([a-z' -]+?) you control (?:has been|was) destroyed this turn$")
_CREATED = re.compile(r"^you(?:'ve| have) created (a|an) ([a-z' -]+?) this turn$")
_CONTROL_ANY = re.compile(
    r"^you control an? ([a-z' -]+?) or an? ([a-z' -]+?)$|^you control an? ([a-z' -]+?) or ([a-z' -]+?) tokens?$"
)
_CONTROL_LESS = re.compile(r"^you control (?:less|fewer) ([a-z' -]+?) than an opponent$")
_OPP_EMPTY_HAND = re.compile(r"^the defending hero has no cards in (?:their )?hand$")
#: "If a card with 6 or more {p} is banished this way" after "As an additional cost to play this, banish a
#: random card from your hand" (``effects.attack_text`` reads it only on a card with that cost).
_COST_BANISH = re.compile(r"^an? pow>=(\d+) card (?:is|was) banished this way$")
_COST_DISCARD = re.compile(
    r"^(?:the discarded card has (\d+) or more \{p\}|an? pow>=(\d+) card (?:was|is) discarded as an additional cost to play (?:it|this))$"
)
_MORE_LIFE = re.compile(
    r"^you have more (?:\{h\}|life) than (?:them|your opponent|each other hero|an opposing hero)$"
)
_DEALT_DAMAGE = re.compile(r"^you(?:'ve| have) dealt damage(?: to an opposing hero)? this turn$")
_WEAPON_ATTACKED = re.compile(r"^you(?:'ve| have) attacked with a weapon this turn$")
#: "a weapon you control has hit this turn" (Braveforge Bracers): a weapon's attack hit (damage.finish_damage)
_WEAPON_HIT = re.compile(
    r"^(?:an? weapon you control (?:has )?hit|you(?:'ve| have) hit with an? weapon(?: attack)?) this turn$"
)
_INTIMIDATED = re.compile(r"^you(?:'ve| have) intimidated(?: an opponent)? this turn$")
_LAST_HIT = re.compile(r"^the last attack (?:on|this) (?:this )?combat chain hit$")
_CONTROL_NONE = re.compile(r"^you control no ([a-z' -]+?) tokens?$")
_PLAYED_NAMED = re.compile(r"^you(?:'ve| have) played (?:a card named )?([a-z0-9' ,!-]+?) this turn$")
_ARCANE_DAMAGED = re.compile(r"^you(?:'ve| have) been dealt arcane damage this turn$")
_HIT_WITH = re.compile(r"^you(?:'ve| have) hit with an? ([a-z]+) this combat chain$")
_FUSED_TURN = re.compile(
    r"^you(?:'ve| have) (?:(earth|ice|lightning) )?fused(?: (earth|ice|lightning))? this turn$"
)


#: "If it's defended by an attack action card" (Agile Engagement, on the attack it targets; CR 7.0.5): the
#: cards defending the active chain link's attack as the effect resolves.
_DEFENDED = re.compile(
    r"^(?:it's|it is|this is) defended by (an?|\w+ or more) ([a-z0-9<>=' -]+?)(?: cards?)?$"
)


def parse(text: str, name: str = "") -> str | None:
    """A condition's words (lower case, the card's own name read as "this") compiled to a key:
    ``kind;number;other;descriptor``; None when the grammar does not read them."""
    t = _values_first(text.strip().casefold())
    m = _DEFENDED.match(t)
    if m and _count(m.group(1).split()[0]) is not None and _descriptor(m.group(2)) is not None:
        return f"defended;{_count(m.group(1).split()[0])};0;{_descriptor(m.group(2))}"
    m = _PLAYED.match(t)
    if m:
        n = _count(m.group(2).split()[0])
        d = _descriptor(m.group(3)) if m.group(3).strip() else ""
        if n is not None and d is not None:
            kind = "played_created" if m.group(1) else "played"
            return f"{kind};{n};{'1' if m.group(2) == 'another' else '0'};{d}"
    m = _PITCHED_FOR.match(t)
    if m and _descriptor(m.group(1)) is not None:
        return f"pitched_for;1;0;{_descriptor(m.group(1))}"
    if _FROM_ARSENAL.match(t):
        return "from_arsenal;0;0;"
    m = _ACTIVATED.match(t)
    if m and _count(m.group(1).split()[0]) is not None and _descriptor(m.group(2)) is not None:
        return f"activated;{_count(m.group(1).split()[0])};0;{_descriptor(m.group(2))}"
    m = _PITCHED.match(t)
    if m:
        n = _count(m.group(1).split()[0])
        d = _descriptor(m.group(2))
        if n is not None and d is not None and m.group(1) != "another":
            return f"pitch;{n};0;{d}"
    m = _IN_PITCH.match(t) or _HAVE_IN_PITCH.match(t)
    if m:
        n = _count(m.group(1))
        d = _descriptor(m.group(2))
        if n is not None and d is not None:
            return f"pitch;{n};0;{d}"
    if _BEAT_CHEST.match(t):
        return "beat_chest;1;0;"  # CR 8.3.33 (playing.beat_chest)
    if _TRANSCENDED.match(t):
        return "transcended;1;0;"  # CR 8.5.48a (layers.apply_text_effect)
    m = _SCRAPPED.match(t)
    if m:  # CR 8.3.32 (playing.scrap): the card's own entry
        d = "" if m.group(1) == "card" else _descriptor(m.group(1))
        if d is not None:
            return f"scrapped;1;0;{d}"
    m = _DREW.match(t)
    if m:
        n = _count(m.group(1).split()[0])
        if n is not None:
            return f"drew;{n};0;"
    m = _BOOSTED.match(t)
    if m:
        n = _count(m.group(1)) if m.group(1) else 1
        if n is not None:
            return f"boosted;{n};0;"
    m = _CONTROL_N.match(t)
    if m:
        n = _count(m.group(1))
        if n is not None:
            return f"control;{n};0;{m.group(2)[:-1]}"
    m = _LINK_NUMBER.match(t)
    if m:
        return f"link;{m.group(1)};0;"
    m = _LAST_ATTACK.match(t)
    if m and m.group(1):
        d = _descriptor(m.group(1))
        if d is not None:
            return f"last;1;0;{d}"
    elif m and m.group(2) and m.group(2) != "this" and _plain_names(m.group(2)) is not None:
        return f"lastname;1;0;{'+'.join(_plain_names(m.group(2)) or [])}"
    m = _IN_ZONE.match(t)
    if m:
        n = _count(m.group(1))
        d = _descriptor(m.group(2))
        if n is not None and d is not None:
            return f"{'banished' if m.group(3) == 'banished zone' else 'graveyard'};{n};0;{d}"
    m = _POWER_AT_LEAST.match(t)
    if m:
        return f"power;{m.group(1)};0;"
    if _POWER_BUFFED.match(t):
        return "buffed;0;0;"
    m = _LINK_ANY.match(t)
    if m and _descriptor(m.group(1)) is not None:
        kind = "linkuse_any" if "or activated" in t else "linkplay_any"
        return f"{kind};1;0;{_descriptor(m.group(1))}"
    m = _LINK_MINE.match(t)
    if m:
        n = _count(m.group(2).split()[0])
        d = _descriptor(re.sub(r"s$", "", m.group(3)))
        if n is not None and d is not None:
            return f"{'linkuse' if m.group(1) else 'linkplay'};{n};0;{d}"
    m = _HAS_COUNTER.match(t)
    if m and _count(m.group(1).split()[0]) is not None:
        return f"counter;{_count(m.group(1).split()[0])};0;{m.group(2)}"
    if _HAS_GO_AGAIN.match(t):
        return "go_again;0;0;"
    if _ARCANE.match(t):
        return "arcane;0;0;"
    m = _CONTROL_BOTH.match(t)
    if (
        m
        and not any(re.search(r"\b(?:or|and|no|more|less)\b", g) for g in m.groups())
        and all(_plain_names(g) is not None for g in m.groups())
    ):
        return f"control_named;1;0;{m.group(1)}+{m.group(2)}"
    m = _CONTROL_MANY.match(t)
    if m and _count(m.group(1)) is not None and _plain_names(m.group(2)) is not None:
        return f"control_named;{_count(m.group(1))};0;{m.group(2)}"
    if _EMPTY_HAND.match(t):
        return "empty_hand;0;0;"
    m = _CONTROL_NAMED.match(t)
    if (
        m
        and not re.search(r"\b(?:or|and|no|more|less|chain|links?)\b", m.group(1))
        and _plain_names(m.group(1)) is not None
    ):
        return f"control_named;1;0;{m.group(1)}"
    if _LESS_LIFE.match(t):
        return "less_life;0;0;"
    if _YOUR_TURN.match(t):
        return "your_turn;0;0;"
    if _NOT_YOUR_TURN.match(t):
        return "not_your_turn;0;0;"  # CR 4.0.2: another player is the turn-player
    m = _CHARGED_THIS.match(t)
    if m and _descriptor(m.group(1)) is not None:
        return f"charged_this;1;0;{_descriptor(m.group(1))}"  # CR 8.5.29
    if _CHARGED_TURN.match(t):
        return "charged_turn;1;0;"
    if _CRANKED.match(t):
        return "cranked;1;0;"  # CR 8.3.29a
    m = _FUSED.match(t)
    if m:
        return f"fused;1;0;{m.group(1) or ''}"
    m = _FUSED_TURN.match(t)
    if m:
        return f"fused_turn;1;0;{m.group(1) or m.group(2) or ''}"
    if _DAMAGED.match(t):
        return "damaged;1;0;"  # the turn's log of damage dealt (damage.finish_damage)
    return _parse_more(t)


def _parse_more(t: str) -> str | None:
    """The clauses of discards, banishes, creations, tokens controlled, the defending hero's hand
    and hits this combat chain (``parse``'s second half)."""
    m = _COST_BANISH.match(t)
    if m:
        return f"costbanish;{m.group(1)};0;"  # the card banished for this card's additional cost
    m = _COST_DISCARD.match(t)
    if m:
        return (
            f"costdiscard;{m.group(1) or m.group(2)};0;"  # the card discarded for this card's additional cost
        )
    m = _DISCARDED.match(t)
    if m and _count(m.group(1).split()[0]) is not None and _descriptor(m.group(2)) is not None:
        return f"discarded;{_count(m.group(1).split()[0])};0;{_descriptor(m.group(2))}"  # CR 8.5.8a
    m = _BANISHED_TO.match(t)
    if m and _count(m.group(1).split()[0]) is not None:
        d = _descriptor(m.group(2)) if m.group(2).strip() else ""
        kind = "banishedto" if m.group(3) == "banished zone" else "graveyardto"
        if d is not None:
            return f"{kind};{_count(m.group(1).split()[0])};0;{d}"
    m = _HIT_TIMES.match(t)
    if m and _count(m.group(1)) is not None:
        return f"hits;{_count(m.group(1))};0;"
    m = _OPP_DREW.match(t)
    if m and _count(m.group(1)) is not None:
        return f"opp_drew;{_count(m.group(1))};0;"
    m = _DESTROYED.match(t)
    if m and _plain_names(m.group(1)) is not None and " or " not in m.group(1):
        return f"destroyed;1;0;name={m.group(1).strip().replace(' ', '_')}"
    m = _DEFENDS_A.match(t)
    if m and (m.group(1) == "weapon" or _descriptor(m.group(1)) is not None):
        return f"defending;0;0;{m.group(1) if m.group(1) == 'weapon' else _descriptor(m.group(1))}"
    if _OPP_MARKED.match(t):
        return "opp_marked;0;0;"
    if _YOU_MARKED.match(t):
        return "marked;0;0;"
    m = _NTH_ATTACK.match(t)
    if m:
        return f"attack_count;{_ORDINALS[m.group(1)]};0;"
    m = _CONTROL_NAME_HAS.match(t)
    if m:
        return f"control_name_has;1;0;{m.group(1)}"
    m = _PITCH_NAMED.match(t)
    if m and _descriptor(m.group(1)) is None and _plain_names(m.group(1)) is not None:
        return f"pitch_named;1;0;{_slug(m.group(1))}"
    m = _DESTROYED_KIND.match(t)
    if m and _descriptor(m.group(1)) is not None:
        return f"destroyed;1;0;{_descriptor(m.group(1))}"
    m = _CREATED.match(t)
    if m:
        what = m.group(2).strip()
        if what == "card":
            return "created;1;0;"
        name = re.sub(r" token$", "", what)
        if _plain_names(name) is not None and " or " not in name and " and " not in name:
            return f"created;1;0;name={name.replace(' ', '_')}"
    m = _CONTROL_ANY.match(t)
    if m:
        names = [re.sub(r"^an? | tokens?$", "", g.strip()) for g in m.groups() if g]
        if all(n and _plain_names(n) is not None and " or " not in n and " and " not in n for n in names):
            return f"control_any;1;0;{'+'.join(names)}"
    m = _CONTROL_LESS.match(t)
    if m and _plain_names(m.group(1)) is not None and " " not in m.group(1).strip():
        return f"control_less;0;0;{m.group(1).strip()}"
    if _OPP_EMPTY_HAND.match(t):
        return "opp_empty_hand;0;0;"
    m = _HIT_WITH.match(t)
    if m and m.group(1) in _DESCRIPTOR_WORDS:
        return f"hit_with;1;0;{m.group(1)}"
    if _MORE_LIFE.match(t):
        return "more_life;0;0;"
    if _DEALT_DAMAGE.match(t):
        return "dealt;1;0;"  # damage.finish_damage records its source's controller
    if _ARCANE_DAMAGED.match(t):
        return "arcane_damaged;1;0;"
    if _WEAPON_ATTACKED.match(t):
        return "weapon_attacked;1;0;"
    if _WEAPON_HIT.match(t):
        return "weapon_hit;1;0;"
    if _INTIMIDATED.match(t):
        return "intimidated;1;0;"  # zones.banish (CR 8.5.10)
    if _LAST_HIT.match(t):
        return "last_hit;1;0;"
    m = _CONTROL_NONE.match(t)
    if m and _plain_names(m.group(1)) is not None and " or " not in m.group(1):
        return f"control_none;0;0;{m.group(1)}"
    m = _PLAYED_NAMED.match(t)
    named = re.match(r"(?:a|an) (.+)$", m.group(1)) if m else None
    if named and "card" not in named.group(1).split() and _descriptor(named.group(1)) is None:
        m = named  # "you've played a Nimblism this turn": a name, not a descriptor
    if (
        m
        and not re.match(r"(?:a|an|another|\w+ or more|or) ", m.group(m.lastindex or 1))
        and _plain_names(m.group(1)) is not None
        and " or " not in m.group(1)
        and " and " not in m.group(1)
    ):
        return f"played_named;1;0;name={_slug(m.group(1))}"
    return None


def _slug(name: str) -> str:
    """A card's name as one word of the turn's log ("wax on" -> "wax_on"), without its colour."""
    return re.sub(r"\s*\((?:red|yellow|blue)\)$", "", name.casefold().strip()).replace(" ", "_")


#: "This counts as a Gold": the permanent is also a card of that name for effects that name it
#: ("destroy a Gold you control", "if you control a Gold"; CR 2.8 names).
COUNTS_AS = re.compile(r"^this counts as an? ([a-z' ]+?)\.?$", re.I)


@lru_cache(maxsize=4096)
def counts_as(facts: CardFacts) -> tuple[str, ...]:
    """The names a card also counts as ("This counts as a Gold"), lower case."""
    text = (
        re.sub(rf"(?<![\w']){re.escape(facts.name)}(?![\w'])", "this", facts.text, flags=re.I)
        if facts.name
        else facts.text
    )
    return tuple(
        m.group(1).casefold()
        for line in re.split(r"(?<=[.!])\s+|\n", re.sub(r"\*\*|__", "", text))
        if (m := COUNTS_AS.match(line.strip()))
    )


def answers_to(card: Card, words: str) -> bool:
    """A permanent named ``words`` ("a Gold"): by its name, or by "This counts as a Gold"; "an aura of
    suspense" is an aura with the suspense ability (CR 8.3.42, its glossary entry)."""
    m = re.fullmatch(r"(\w+) of suspense", words)
    if m:
        return card.facts.is_(m.group(1)) and bool(_SUSPENSE.search(card.facts.text))
    return _named(card.name, words) or words in counts_as(card.facts)


_SUSPENSE = re.compile(r"(?im)^\W*suspense\W*$")


def _named(name: str, words: str) -> bool:
    """A permanent answers to "a Hyper Driver" / "a Might token": its name without a colour."""
    base = re.sub(r"\s*\((?:red|yellow|blue)\)$", "", name.casefold())
    return base == words or base == f"{words} token"


def _fits(words: list[str], descriptor: str) -> bool:
    return all(_word_fits(words, w) for w in descriptor.split())


def _word_fits(words: list[str], w: str) -> bool:
    q = _QUALITY.fullmatch(w)
    if q is None:
        return w in words
    found = [int(x.split("=")[1]) for x in words if x.startswith(q.group(1) + "=")]
    n = int(q.group(3))
    if not found:
        return False  # no printed value: not "a card with 6 or more {p}"
    return {">=": found[0] >= n, "<=": found[0] <= n, "=": found[0] == n}[q.group(2)]


def growing(key: str) -> bool:
    """A condition that can only become true during a turn (more cards played, pitched, drawn):
    an attack's bonus not given yet is given when it is checked again (``defending.recheck_grants``)."""
    return key.split(";")[0].startswith(
        (
            "played",
            "pitch",
            "drew",
            "boosted",
            "damaged",
            "beat_chest",
            "transcended",
            "arcane",
            "linkplay",
            "linkuse",
            "activated",
            "cranked",
            "charged_turn",
            "discarded",
            "banishedto",
            "created",
            "destroyed",
            "hit_with",
            "opp_empty_hand",  # defending empties the hand (CR 7.3.2)
            "opp_marked",  # an attack reaction may mark the defending hero (CR 9.3.1)
            "dealt",
            "arcane_damaged",
            "weapon_attacked",
            "weapon_hit",
            "intimidated",
            "played_named",
            "graveyardto",
            "hits",
            "opp_drew",
        )
    ) or (attack_fact(key))


def on_resolution(key: str) -> bool:
    """A condition a resolving card can check of its own (CR 6.1.3): not one about an attack's
    chain link ("if this has 6 or more {p}", "if it's played as chain link 3 or higher")."""
    return key.split(";")[0] in (
        "defended",
        "costdiscard",
        "costbanish",
        "defending",
        "played",
        "pitch",
        "drew",
        "boosted",
        "beat_chest",
        "transcended",
        "scrapped",
        "arcane",
        "control",
        "control_named",
        "banished",
        "graveyard",
        "less_life",
        "your_turn",
        "not_your_turn",
        "opp_marked",
        "marked",
        "attack_count",
        "control_name_has",
        "pitch_named",
        "damaged",
        "empty_hand",
        "played_created",
        "activated",
        "pitched_for",
        "from_arsenal",
        "linkplay",
        "linkuse",
        "linkplay_any",
        "linkuse_any",
        "fused",
        "fused_turn",
        "cranked",
        "charged_this",
        "charged_turn",
        "discarded",
        "banishedto",
        "created",
        "destroyed",
        "control_any",
        "control_less",
        "opp_empty_hand",
        "hit_with",
        "more_life",
        "dealt",
        "arcane_damaged",
        "weapon_attacked",
        "weapon_hit",
        "intimidated",
        "control_none",
        "played_named",
        "last_hit",
        "graveyardto",
        "hits",
        "opp_drew",
    )


def attack_fact(key: str) -> bool:
    """A condition on the attack's own chain link (its power, go again): ``values.grant_met`` checks it
    with the link's power as the rules count it. Checked as the attack becomes a chain link and again
    before defenders, damage and go again; a bonus once given stays for the chain link."""
    return key.split(";")[0] in ("power", "buffed", "go_again", "counter")


def holds(
    s: GameState,
    player: str,
    key: str,
    this: CardFacts | None = None,
    link_number: int = 0,
    card_id: str = "",
    zone: str = "",
) -> bool:
    """Whether a condition (a ``parse`` key) holds now for ``player``; ``this`` is the card whose
    text it is ("another" leaves it out once), ``link_number`` its chain link when it is an attack,
    ``card_id`` its object and ``zone`` where it was played from."""
    kind, number_s, other_s, descriptor = (key.split(";") + ["", "", "", ""])[:4]
    n = int(number_s or 0)
    if kind == "defended":  # the cards defending the active attack now (CR 7.0.5)
        link = s.active_link()
        cards = link.defending if link is not None else []
        return sum(1 for c in cards if _fits(tags(c.facts, c.pitch), descriptor)) >= n
    if kind in ("played", "played_created", "activated"):
        verbs = {"played": ("played",), "played_created": ("played", "created"), "activated": ("activated",)}[
            kind
        ]
        found = [
            e.split()[2:]
            for e in s.turn_log
            if e.split()[0] == player and e.split()[1] in verbs and _fits(e.split()[2:], descriptor)
        ]
        if other_s == "1" and this is not None and _fits(tags(this), descriptor):
            return len(found) - 1 >= n  # "another": not the card itself (it is in the log as played)
        return len(found) >= n
    if kind == "scrapped":  # "P1 scrapped id:o12 item mechanologist ..." (playing.scrap, CR 8.3.32)
        return any(
            e.split()[:3] == [player, "scrapped", f"id:{card_id}"] and _fits(e.split()[3:], descriptor)
            for e in s.turn_log
        )
    if kind == "pitched_for":  # the cards pitched to play this card (its entry in the turn's log)
        entry = next(
            (e.split() for e in reversed(s.turn_log) if card_id and f"id:{card_id}" in e.split()), []
        )
        paid = [w[len("pitched=") :].split("+") for w in entry if w.startswith("pitched=")]
        return any(_fits(words, descriptor) for words in paid)
    if kind in ("fused", "fused_turn"):
        # fusion paid for this card (its entry in the turn's log) or for any card the player played
        # this turn ("you have Earth fused this turn"), CR 8.3.17a
        entries = [
            e.split()
            for e in s.turn_log
            if e.split()[:2] == [player, "played"]
            and (kind == "fused_turn" or (card_id and f"id:{card_id}" in e.split()))
        ]
        want = f"fused={descriptor}" if descriptor else "fused"
        return any(want in words for words in entries)
    if kind in (
        "costdiscard",
        "costbanish",
    ):  # the card paid for this card's additional cost (record_cost_discard)
        powers = [
            int(w[len("pow=") :])
            for e in s.turn_log
            if card_id and f"id:{card_id}" in e.split() and e.split()[1] == kind
            for w in e.split()
            if w.startswith("pow=")
        ]
        return any(p >= n for p in powers)
    if kind == "from_arsenal":
        return zone == "arsenal"
    if kind == "pitch":
        cards = s.p(player).pitch_zone
        return sum(1 for c in cards if _fits(owned_tags(s, player, c), descriptor)) >= n
    if kind.startswith(("linkplay", "linkuse")):
        # cards played (and abilities activated) during the active chain link (CR 7.0.3b)
        link = s.active_link()
        if link is None:
            return False
        verbs = ("played", "activated") if kind.startswith("linkuse") else ("played",)
        uses = 0
        for e in s.turn_log:
            words = e.split()
            if len(words) < 3 or words[1] not in verbs or f"link:{link.attack.id}" not in words:
                continue
            if (kind.endswith("_any") or words[0] == player) and _fits(words[2:], descriptor):
                uses += 1
        return uses >= n
    if kind in ("charged_this", "charged_turn"):
        # the cards charged to play this card (its entry) or any card this turn (CR 8.5.29)
        charged: list[list[str]] = [
            w[len("charged=") :].split("+")
            for e in s.turn_log
            if e.split()[:2] == [player, "played"]
            and (kind == "charged_turn" or (card_id and f"id:{card_id}" in e.split()))
            for w in e.split()
            if w.startswith("charged=")
        ]
        if kind == "charged_turn":  # a charge the judge entered (adjustments.move_card)
            charged += [e.split()[2:] for e in s.turn_log if e.split()[:2] == [player, "charged"]]
        return any(_fits(x, descriptor) for x in charged) if descriptor else bool(charged)
    if kind == "cranked":  # "P1 cranked id:..." entries (layers.crank)
        return sum(1 for e in s.turn_log if e.startswith(f"{player} cranked ")) >= n
    if kind in ("drew", "boosted", "damaged", "beat_chest", "transcended"):
        return sum(1 for e in s.turn_log if e == f"{player} {kind}") >= n
    if kind in ("banished", "graveyard"):
        cards = s.p(player).banished if kind == "banished" else s.p(player).graveyard
        return sum(1 for c in cards if c.facts.known and _fits(tags(c.facts, c.pitch), descriptor)) >= n
    if kind == "arcane":
        return player in s.arcane_dealt
    if kind == "control_named":  # "a Might and a Vigor token": one of each; "3 or more Fealty tokens"
        p = s.p(player)
        arena = [*p.permanents, *p.weapons, *[c for c in p.equipment.values() if c is not None]]
        return all(
            sum(1 for c in arena if answers_to(c, name)) >= max(n, 1) for name in descriptor.split("+")
        )
    if kind == "empty_hand":
        return s.p(player).hand_size == 0
    if kind == "control":
        return sum(1 for c in s.p(player).permanents if c.facts.is_(descriptor)) >= n
    if kind == "link":
        return link_number >= n
    if kind in ("last", "lastname"):
        # the attack before this one on the chain (CR 8.4.1's "last attack this combat chain")
        links = [x for x in s.chain if x.number < link_number] if link_number else list(s.chain)
        if not links:
            return False
        last = links[-1]
        if kind == "lastname":  # "Head Jab", "Rushing River or [this card's name]"
            names = [
                this.name.casefold() if x == "this" and this is not None else x for x in descriptor.split("+")
            ]
            return any(_named(last.attack.name, x) or _named(last.proxy or "", x) for x in names)
        return _fits(tags(last.attack.facts, last.attack.pitch), descriptor)
    if kind == "less_life":
        mine, theirs = s.p(player).life, s.p(other(player)).life
        return mine is None or theirs is None or mine < theirs  # unknown life: the log decides
    if kind in ("opp_marked", "marked"):  # CR 9.3: the defending hero is the opponent (two players)
        return (other(player) if kind == "opp_marked" else player) in s.marked
    if kind == "attack_count":  # the player's attacks this turn, this one included (CR 7.0.1)
        return s.turn_player == player and len(s.attacks_this_turn) == n
    if kind == "control_name_has":  # a permanent, weapon or equipment whose name has the word (CR 2.8)
        p = s.p(player)
        arena = [*p.permanents, *p.weapons, *[c for c in p.equipment.values() if c is not None]]
        return any(descriptor in c.name.casefold().replace(",", " ").split() for c in arena)
    if kind == "pitch_named":
        return any(_slug(c.name) == descriptor for c in s.p(player).pitch_zone)
    if kind in ("your_turn", "not_your_turn"):
        return (s.turn_player == player) == (kind == "your_turn")
    if kind == "hits":  # hits by the player's attacks this combat chain (CR 7.5.3)
        return sum(1 for x in s.chain if x.controller == player and x.hit) >= n
    if kind == "opp_drew":
        return sum(1 for e in s.turn_log if e == f"{other(player)} drew") >= n
    if kind in ("discarded", "banishedto", "graveyardto"):  # record_discard, record_zone (this turn)
        return (
            sum(1 for e in s.turn_log if e.split()[:2] == [player, kind] and _fits(e.split()[2:], descriptor))
            >= n
        )
    if (
        kind == "destroyed"
    ):  # record_destroyed: a permanent of that name, or of those words, destroyed this turn
        return any(
            e.split()[:2] == [player, "destroyed"] and _fits(e.split()[2:], descriptor) for e in s.turn_log
        )
    if kind == "created":  # record_creation: any card created, or one of that name
        return any(
            e.split()[:2] == [player, "created"] and (not descriptor or descriptor in e.split())
            for e in s.turn_log
        )
    if kind in ("control_any", "control_less"):  # "a Confidence or Might token"; "less Gold than an opponent"

        def owned(who: str, name: str) -> int:
            p = s.p(who)
            arena = [*p.permanents, *p.weapons, *[c for c in p.equipment.values() if c is not None]]
            return sum(1 for c in arena if answers_to(c, name))

        if kind == "control_any":
            return any(owned(player, name) >= 1 for name in descriptor.split("+"))
        return owned(player, descriptor) < owned(other(player), descriptor)
    if kind == "opp_empty_hand":  # the defending hero: the opponent (two-player games)
        return s.p(other(player)).hand_size == 0
    if kind == "hit_with":  # an attack of that subtype (a weapon's proxy: its weapon's) hit this chain
        return any(x.controller == player and x.hit and descriptor in tags(x.attack.facts) for x in s.chain)
    if kind == "more_life":
        mine, theirs = s.p(player).life, s.p(other(player)).life
        return mine is None or theirs is None or mine > theirs  # unknown life: the log decides, as less_life
    if kind in ("dealt", "arcane_damaged", "intimidated", "weapon_hit"):  # damage.finish_damage, zones.banish
        return any(e == f"{player} {kind}" for e in s.turn_log)
    if kind == "weapon_attacked":
        return player in s.weapon_attacked
    if kind == "played_named":
        return any(e.split()[:2] == [player, "played"] and descriptor in e.split() for e in s.turn_log)
    if kind == "control_none":
        p = s.p(player)
        return not any(answers_to(c, descriptor) for c in [*p.permanents, *p.weapons])
    if kind == "last_hit":  # the attack before this one on the chain hit (CR 7.5.3 hit)
        before = [x for x in s.chain if x.number < link_number] if link_number else list(s.chain)
        return bool(before) and before[-1].hit
    if kind == "dlinks":  # "you control 2 or more Draconic chain links" (a Draconic attack's link)
        return sum(1 for x in s.chain if x.controller == player and "draconic" in x.attack.facts.classes) >= n
    if kind == "defending":  # the card defends an attack of that kind: a weapon's, or one with those words
        link = next((x for x in s.chain if any(c.id == card_id for c in x.defending)), None)
        if link is None:
            return False
        if descriptor == "weapon":
            return bool(link.proxy)
        return _fits(tags(link.attack.facts, link.attack.pitch), descriptor)
    return False
