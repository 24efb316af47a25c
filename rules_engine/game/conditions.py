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
        "red yellow blue action attack non-attack instant reaction defense aura item equipment weapon "
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
            [player, "played", *tags(facts, pitch), _link_tag(s), f"id:{card_id}", *paid, *fusion, *soul]
        )
    )


def record_creation(s: GameState, player: str, card: Card) -> None:
    """A token (or other card) created this turn (CR 1.3.1b), for "played or created"."""
    s.turn_log.append(" ".join([player, "created", *tags(card.facts, card.pitch), _link_tag(s)]))


def record_activation(s: GameState, player: str, ability_type: str, source: CardFacts) -> None:
    """An activated ability of a type ("attack reaction", CR 5.2) put on the stack this turn, with
    its source's words ("you've activated a cannon this turn")."""
    words = ability_type.casefold().split() + [
        w for w in tags(source) if w not in ability_type.casefold().split()
    ]
    s.turn_log.append(" ".join([player, "activated", *words, _link_tag(s)]))


def record_banish(s: GameState, player: str, card: Card) -> None:
    """A card put into ``player``'s banished zone this turn, with its power ("banished power=6"; -1 for
    none): Levia's "if a card with 6 or more {p} has been put into your banished zone this turn"."""
    power = card.facts.power if card.facts.power is not None else -1
    s.turn_log.append(f"{player} banished power={power}")


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
    if not ws or any(w not in _DESCRIPTOR_WORDS for w in ws):
        return None
    return " ".join(ws)


_PLAYED = re.compile(
    r"^you(?:'ve| have) played( or created)? (a|an|another|\w+ or more) ((?:[a-z'-]+ )*?)(?:card|cards)? ?this turn$"
)
_PITCHED_FOR = re.compile(r"^an? ([a-z' -]+?)(?: card)? was pitched to play this$")
_FROM_ARSENAL = re.compile(r"^(?:this|it) (?:is|was) played from (?:your )?arsenal$")
_ACTIVATED = re.compile(r"^you(?:'ve| have) activated (a|an|\w+ or more) ([a-z' -]+?) this turn$")
_PITCHED = re.compile(r"^you(?:'ve| have) pitched (a|an|another|\w+ or more) ([a-z' -]+?) cards? this turn$")
_IN_PITCH = re.compile(r"^there (?:are|is) (\w+) or more ([a-z' -]+?) cards? in your pitch zone$")
_HAVE_IN_PITCH = re.compile(r"^you have (a|an) ([a-z' -]+?) card in your pitch zone$")
_DREW = re.compile(r"^you(?:'ve| have) drawn (a|\w+ or more) cards? this turn$")
_BOOSTED = re.compile(r"^you(?:'ve| have) boosted(?: (\w+) or more times)? this turn$")
_CONTROL_N = re.compile(r"^you control (\w+) or more (auras|items)$")
_LINK_NUMBER = re.compile(r"^(?:this|it) (?:is|was) played as chain link (\d+) or higher$")
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
    r"^there (?:are|is) (\w+) or more ([a-z' -]+?) cards? in your (banished zone|graveyard)$"
)
_CONTROL_NAMED = re.compile(r"^you control an? ([a-z0-9' -]+?)(?: token)?$")
_POWER_AT_LEAST = re.compile(r"^(?:this|it) has (\d+) or more \{p\}$")
_POWER_BUFFED = re.compile(
    r"^(?:this|it) has \{p\} greater than its base|this's \{p\} is greater than its base \{p\}$"
)
_CONTROL_BOTH = re.compile(r"^you control an? ([a-z' -]+?) and an? ([a-z' -]+?)(?: tokens?)?$")
_CONTROL_MANY = re.compile(r"^you control (\w+) or more ([a-z' -]+?) tokens$")
_EMPTY_HAND = re.compile(r"^you have no cards in your hand$")
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
_DAMAGED = re.compile(r"^you(?:'ve| have) been dealt damage this turn$")
#: "If Entwine Ice was fused", "if it was fused", "If Exposed to the Elements was fused with an Earth
#: card" (CR 8.3.17a). Card texts name only themselves here, so any subject is read as the card itself
#: (the resolving text keeps its own name); "If it's fused" (the Weaves) names a later card and is not read.
_FUSED = re.compile(r"^(?:this|it|[a-z0-9' ,!-]+?) was fused(?: with an? (earth|ice|lightning) card)?$")
_CHARGED_THIS = re.compile(r"^an? ([a-z' -]+?)(?: card)? (?:is|was) charged this way$")
_CHARGED_TURN = re.compile(r"^you(?:'ve| have) charged(?: your hero's soul)? this turn$")
_CRANKED = re.compile(r"^you(?:'ve| have) cranked this turn$")
_FUSED_TURN = re.compile(
    r"^you(?:'ve| have) (?:(earth|ice|lightning) )?fused(?: (earth|ice|lightning))? this turn$"
)


def parse(text: str, name: str = "") -> str | None:
    """A condition's words (lower case, the card's own name read as "this") compiled to a key:
    ``kind;number;other;descriptor``; None when the grammar does not read them."""
    t = text.strip().casefold()
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
    return None


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
    """A permanent named ``words`` ("a Gold"): by its name, or by "This counts as a Gold"."""
    return _named(card.name, words) or words in counts_as(card.facts)


def _named(name: str, words: str) -> bool:
    """A permanent answers to "a Hyper Driver" / "a Might token": its name without a colour."""
    base = re.sub(r"\s*\((?:red|yellow|blue)\)$", "", name.casefold())
    return base == words or base == f"{words} token"


def _fits(words: list[str], descriptor: str) -> bool:
    return all(w in words for w in descriptor.split())


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
            "arcane",
            "linkplay",
            "linkuse",
            "activated",
            "cranked",
            "charged_turn",
        )
    ) or (attack_fact(key))


def on_resolution(key: str) -> bool:
    """A condition a resolving card can check of its own (CR 6.1.3): not one about an attack's
    chain link ("if this has 6 or more {p}", "if it's played as chain link 3 or higher")."""
    return key.split(";")[0] in (
        "played",
        "pitch",
        "drew",
        "boosted",
        "arcane",
        "control",
        "control_named",
        "banished",
        "graveyard",
        "less_life",
        "your_turn",
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
    if kind == "from_arsenal":
        return zone == "arsenal"
    if kind == "pitch":
        cards = s.p(player).pitch_zone
        return sum(1 for c in cards if _fits(tags(c.facts, c.pitch), descriptor)) >= n
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
    if kind in ("drew", "boosted", "damaged"):
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
    if kind == "your_turn":
        return s.turn_player == player
    if kind == "defending":  # the card defends an attack of that kind: a weapon's, or one with those words
        link = next((x for x in s.chain if any(c.id == card_id for c in x.defending)), None)
        if link is None:
            return False
        if descriptor == "weapon":
            return bool(link.proxy)
        return _fits(tags(link.attack.facts, link.attack.pitch), descriptor)
    return False
