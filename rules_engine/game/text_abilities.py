"""The words of the activated abilities of equipment, items, weapons and tokens that the engine pays
and resolves beyond the shared effect grammar (``effects.recognise``): effect-costs and asset-costs of
the cost (CR 5.2.1c, 1.14.2, 1.14.4) and a few whole effects (CR 5.2.1d) the activated layer does
itself (``abilities.resolve``). A data module: only patterns and readers, no state.

Costs (each part of the comma-separated cost, lower case, the card's own name read as "this"):

- "Put this on the bottom of its owner's deck" (Fuel Injector, Medkit): an effect-cost that moves the
  source from the arena to the bottom of its owner's deck (CR 1.14.4);
- "Remove a steam counter from this", "Remove 3 energy counters from this" (Optekal Monocle, Fyendal's
  Spring Tunic): an effect-cost that needs that many counters on the source (CR 1.14.4b);
- "{h}" (Flail of Agony): a life point asset-cost (CR 1.14.2e), one life per symbol.

Effects (the whole text after the colon):

- "Draw a card then discard a random card" (Monstrous Veil, Skullhorn): the draw, then a random
  discard (CR 8.5.6, 8.5.5) of a card the log names, since which card a random choice took is the
  log's to tell;
- "Put a card from your arsenal on the bottom of your deck", "Return a card from your arsenal to your
  hand" (Driftwood Quiver, Patch the Hole): an arsenal zone holds at most one card (CR 3.3.2), so the card
  is the one there;
- "You get +1{i} this turn", "Your hero gains +1{i} this turn" (Sapphire Amulet, Helm of Isen's Peak):
  the hero's intellect (CR 2.4) is higher until the end of the turn, so the end phase's draw up to
  intellect (CR 4.4.3f) draws that many more;
- "Gain {r} for each red card in your pitch zone" (Flamescale Furnace): counted as the ability resolves
  (CR 5.3), the cards pitched to pay for it included;
- "Create a Frostbite token under target hero's control" (Coat of Frost): the token enters under the
  control of the hero the line targets, by default the opponent (CR 8.5.2c);
- "Target attack that is attacking Arakni gets +1{p}" (Hand of Vengeance, Path of Vengeance): the active
  attack must target a hero of that moniker as the ability is activated (CR 1.8.5d, 5.2.2b);
  then the shared grammar's "Target attack gets +1{p}" applies to it.
"""

from __future__ import annotations

import re

_NUMBER = r"(a|an|one|two|three|four|five|\d+)"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

#: "put this on the bottom of its owner's deck" (an effect-cost, CR 1.14.4).
BOTTOM_SELF_COST = re.compile(r"^put this on the bottom of (?:its owner's|your) deck$")
#: "remove a steam counter from this", "remove 3 energy counters from this", "remove a +1{p} counter
#: from this" (an effect-cost, CR 1.14.4; group 1 the number, 2 the kind of counter).
REMOVE_COUNTERS_COST = re.compile(rf"^remove {_NUMBER} (steam|energy|\+1\{{p\}}|haunt) counters? from this$")
#: "{h}": a life point asset-cost (CR 1.14.2e), one life per symbol.
LIFE_COST = re.compile(r"^(?:\{h\})+$")

#: The whole effect of an ability (after the colon, lower case, no final full stop).
DRAW_THEN_RANDOM_DISCARD = re.compile(
    r"^draw a card,? then discard a random card\.?(?:\s*go again\.?)?$", re.I
)
ARSENAL_CARD_MOVE = re.compile(
    r"^(?:put|return) a card from your arsenal (on the bottom of your deck|to your hand)\.?(?:\s*go again\.?)?$",
    re.I,
)
INTELLECT_THIS_TURN = re.compile(
    r"^(?:you get|your hero gets|your hero gains) \+(\d+)\{i\} this turn\.?(?:\s*go again\.?)?$", re.I
)
#: "Gain {r} for each red card in your pitch zone" (Flamescale Furnace; group 1 the colour, CR 2.1).
GAIN_PER_PITCHED_COLOUR = re.compile(
    r"^gain \{r\} for each (red|yellow|blue) card in your pitch zone\.?$", re.I
)
#: "Target attack that is attacking Arakni gets +1{p} / go again" (Hand and Path of Vengeance): the
#: attack must be attacking the hero of that moniker (a target with a requirement, CR 1.8.5d); group 1 the
#: moniker, 2 what it gets, in the words the shared grammar reads after "Target attack gets".
ATTACKING_NAMED_HERO = re.compile(
    r"^target attack that is attacking ([a-z]+) gets (\+\d+\{p\}|go again)\.?$", re.I
)
#: "Create a Frostbite token under target hero's control" (Coat of Frost): the hero the activation line
#: targets ("P1 pops Coat of Frost targeting P2"), else the opponent (CR 8.5.2c, 8.6).
TOKEN_UNDER_TARGET_HERO = re.compile(r"^create an? ([a-z' ]+?) token under target hero's control\.?$", re.I)
RESOLVED = (
    TOKEN_UNDER_TARGET_HERO,
    DRAW_THEN_RANDOM_DISCARD,
    ARSENAL_CARD_MOVE,
    INTELLECT_THIS_TURN,
    GAIN_PER_PITCHED_COLOUR,
    ATTACKING_NAMED_HERO,
)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS.get(word, 1)


def counter_key(kind: str) -> str:
    """The key of ``Card.counters`` for a kind of counter a cost names (+1{p} counters are "power")."""
    return "power" if kind == "+1{p}" else kind


def cost_part_paid(part: str) -> bool:
    """A cost part (lower case, the card's name read as "this") that ``playing.activate`` pays."""
    return bool(BOTTOM_SELF_COST.match(part) or REMOVE_COUNTERS_COST.match(part) or LIFE_COST.match(part))


def removed_counters(parts: list[str]) -> tuple[str, int]:
    """The counters the cost removes from its source: their ``Card.counters`` key and how many."""
    for part in parts:
        m = REMOVE_COUNTERS_COST.match(part)
        if m:
            return counter_key(m.group(2)), _count(m.group(1))
    return "", 0


def life_cost(parts: list[str]) -> int:
    """The life points the cost pays ("{h}" each)."""
    return sum(part.count("{h}") for part in parts if LIFE_COST.match(part))


def bottom_self(parts: list[str]) -> bool:
    """The cost puts its source on the bottom of its owner's deck."""
    return any(BOTTOM_SELF_COST.match(part) for part in parts)


def resolved_body(body: str) -> bool:
    """The ability's whole effect is one ``abilities.resolve`` applies."""
    text = body.strip()
    return any(p.match(text) for p in RESOLVED)
