"""The words of a card's own attack, hit and defence triggers that name more than the event (branch
trigger30): the hero the attack attacks or hits ("When this hits a Brute hero", "When this attacks a
Revered hero", CR 6.6.5b: the trigger condition is part of the event), a count of the hero's hand
("if they have 4 or more cards in hand", CR 1.8.4), "create 3 more" after the token the condition
names, and the attacked hero as "they" or "the attacking hero".

Only words are read here (no effect grammar, no state but a hero card and a hand size): ``effects``
compiles the sentences with them, ``triggers.hit_triggers`` and ``layers.attack_card_text`` check
the hero as the trigger would trigger.
"""

from __future__ import annotations

import re

from .cards import CardFacts
from .state import GameState

#: Classes and talents a hero card may have (supertypes, CR 2.11) that a trigger names.
HERO_WORDS = frozenset(
    (
        "chaos warrior ninja assassin mystic guardian brute wizard runeblade illusionist ranger mechanologist "
        "merchant shapeshifter bard necromancer pirate thief adjudicator light shadow elemental earth ice "
        "lightning draconic royal revered reviled"
    ).split()
)

_QUALIFIER = r"([a-z]+(?:(?:,| or|, or) [a-z]+)*)"
HIT_QUALIFIED = re.compile(rf"^(?:when|whenever|if) this hits an? {_QUALIFIER} hero, (.+)$")
ATTACK_QUALIFIED = re.compile(rf"^when(?:ever)? this attacks an? {_QUALIFIER} hero, (.+)$")

#: "When this hits a hero, if they have 4 or more cards in hand, EFFECT" (Cut Down to Size).
HAND_AT_LEAST = re.compile(r"^if they have (\d+) or more cards in (?:their )?hand, (.+)$")

#: "if you control a Might token, create 3 more" (Escalate Violence): "more" are tokens of that name.
_CREATE_MORE = re.compile(r"^(if you control an? ([a-z' ]+?) token, create (\d+|a|an|one|two|three)) more$")


def qualifier_words(words: str) -> tuple[str, ...] | None:
    """ "brute" -> ("brute",); "runeblade or wizard" -> ("runeblade", "wizard"); "marked" -> ("marked",);
    None when a word is not a class, a talent or "marked"."""
    found = tuple(w for w in re.split(r",? or |, ", words) if w)
    if not found or any(w not in HERO_WORDS and w != "marked" for w in found):
        return None
    if "marked" in found and len(found) > 1:
        return None
    return found


def hit_qualifier(low: str) -> tuple[str, str] | None:
    """ "when this hits a brute hero, X" -> ("brute", "when this hits a hero, X"); None for another."""
    m = HIT_QUALIFIED.match(low)
    if m is None or qualifier_words(m.group(1)) is None:
        return None
    return "|".join(qualifier_words(m.group(1)) or ()), f"when this hits a hero, {m.group(2)}"


def attack_qualifier(low: str) -> tuple[str, str] | None:
    """ "when this attacks a revered hero, X" -> ("revered", "X"); None for another sentence."""
    m = ATTACK_QUALIFIED.match(low)
    if m is None or qualifier_words(m.group(1)) is None:
        return None
    return "|".join(qualifier_words(m.group(1)) or ()), m.group(2)


def hero_fits(hero: CardFacts | None, words: str, marked: bool = False) -> bool | None:
    """Whether the hero attacked or hit is one the trigger names (any of ``words``, a class or talent
    of the hero card, supertypes, CR 2.11.6; "marked": the hero was marked as the event happened, CR 9.3.3);
    None when the hero card is not known (the judge's to check)."""
    wanted = words.split("|")
    if wanted == ["marked"]:
        return marked
    if hero is None or not hero.known:
        return None
    return any(w in hero.classes for w in wanted)


def create_more(low: str) -> str:
    """ "if you control a might token, create 3 more" read as "... create 3 might tokens"."""
    m = _CREATE_MORE.match(low)
    return f"{m.group(1)} {m.group(2)} tokens" if m else low


def hand_size(s: GameState, player: str) -> int:
    """The cards in a hero's hand, known and unknown (CR 3.9)."""
    p = s.p(player)
    return len(p.hand) + p.hand_unknown


#: "When this defends an attack, it gets -3{p}" (Drag Down): "it" is the attack defended.
DEFEND_AN_ATTACK = re.compile(r"^when this defends an attack, (?:it|the attack) (?:gets|has) ([+-]\d+)\{p\}$")

#: "reveal a card with crush / an instant card from your hand" (Crash and Bash, Starlight Striders): an
#: option the log's reveal line takes (``zones.reveal``, ``choices.claim``; CR 1.8.3).
OPTION_REVEAL = re.compile(r"^reveal (an? [a-z' -]+?) from your hand$")

#: "discard a Phoenix Flame / a Hyper Driver" (Fire that Burns Within, Breaker Helm Protos): a card by its
#: name, the option a discard line takes (CR 1.8.3).
OPTION_DISCARD_NAMED = re.compile(r"^discard an? ((?!random\b|card\b(?! with))(?:(?! or )[a-z' -])+?)$")


def with_ability(facts: CardFacts, word: str) -> bool:
    """A card "with crush" / "with go again": the keyword among its keywords, or a line of its text
    that starts with that label ("Crush - When this ...", CR 8.4)."""
    if facts.has(word):
        return True
    return re.search(rf"(?im)^\W*{re.escape(word)}\W*(?:-|–)", facts.text) is not None
