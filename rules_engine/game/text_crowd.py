"""The crowd, wager, clash and die-roll heroes' sentences, and the judge's lines that tell those events.

Only regular expressions and the line shapes live here (no rules), so ``effects`` (coverage) and
``phrases`` (the grammar) can read them without importing the rules; ``heroes_crowd`` applies them.

The events, as the Comprehensive Rules 2.13.0 define them:

- the crowd cheers / boos a player (CR 8.5.57): a discrete effect; the player is then cheered / booed
  (both at once when both happen, 8.5.57a);
- wager (CR 8.5.46): when the attack's chain link resolves, the attack's controller wins the prize if
  the attack hit, else the other player (8.5.46a); the attack that wagers "wagers" as the effect is made;
- clash (CR 8.5.45): each clashing player reveals the top card of their deck, the greatest {p} wins
  (8.5.45a), a card without power loses to one with it (8.5.45b), equal greatest powers make no winner
  (8.5.45c);
- roll (CR 8.5.18): a random number the judge reports ("P1 rolls a 5"), never one the engine invents.
"""

from __future__ import annotations

import re

from . import actions as A

# -- hero sentences ----------------------------------------------------------------------------------

#: Kayo, Strong-arm / Underhanded Cheat, Lyath, Pleiades, Tuffnut: "Whenever the crowd boos / cheers you,
#: create a Vigor / Might / Confidence / Toughness token" (a triggered layer, CR 6.6, 8.5.57).
CROWD_TOKEN = re.compile(r"^whenever the crowd (cheers|boos) you, create an? ([a-z' ]+?) token\.?$", re.I)
#: Kayo, Strong-arm's body: "Target attack action card you control has 6 base {p}" (CR 6.3.3's substage 2:
#: the base is set).
SET_BASE_POWER = re.compile(r"target attack action card you control has (\d+) base \{p\}\.?$", re.I)
#: Lyath's static: "The base {p} and {d} of cards you control are halved, rounded up" (substage 4).
HALVED_BASE = re.compile(r"^the base \{p\} and \{d\} of cards you control are halved, rounded up\.?$", re.I)
#: Lyath's body: "The crowd boos you. Defending action cards you control get +1{d} this turn."
BOO_DEFENSE = re.compile(
    r"the crowd boos you\.\s*defending action cards you control get \+(\d+)\{d\} this turn\.?$", re.I
)
#: Tuffnut's body: "Pitch the top card of your deck. If it has 6 or more {p}, the crowd cheers you."
PITCH_TOP_CHEER = re.compile(
    r"pitch the top card of your deck\.\s*if it has (\d+) or more \{p\}, the crowd cheers you\.?$", re.I
)
#: Pleiades's cost part and body.
SUSPENSE_COST = re.compile(r"^remove an? suspense counter from an aura you control$", re.I)
SUSPENSE_MOVE = re.compile(r"you may put a suspense counter on an aura of suspense you control\.?$", re.I)
#: Betsy: "Whenever an attack you control wagers, you may pay {r}{r}. If you do, the attack gets +1{p} and
#: overpower."
WAGER_PAY = re.compile(
    r"^whenever an attack you control wagers, you may pay ((?:\{r\})+)\. if you do, the attack gets "
    r"\+(\d+)\{p\} and ([a-z]+)\.?$",
    re.I,
)
#: Olympia: "The first time each of your attacks wins a wager, create a Gold token."
WAGER_WIN_TOKEN = re.compile(
    r"^the first time each of your attacks wins a wager, create an? ([a-z]+) token\.?$", re.I
)
#: Victor Goldmane: "The first time each turn you would fail to win a clash, instead you may destroy a Gold
#: you control. If you do, put 1 of the revealed cards on the bottom of its owner's deck, then clash again."
CLASH_AGAIN = re.compile(
    r"^the first time each turn you would fail to win a clash, instead you may destroy an? ([a-z]+) you "
    r"control\. if you do, put 1 of the revealed cards on the bottom of its owner's deck, then clash again\.?$",
    re.I,
)
#: Kayo, Berserker Runt: "Whenever you play an attack action card with base power 6 or more {p}, roll a 6
#: sided die. On;" and its two result lines.
ROLL_TRIGGER = re.compile(
    r"^whenever you play an attack action card with base power (\d+) or more \{p\}, roll a (\d+) sided die\. on;?$",
    re.I,
)
ROLL_RESULT = re.compile(
    r"^-\s*(\d+) to (\d+)\s*-\s*(halve|double) the attack's base \{p\}(?:, rounded (down|up))?\.?$", re.I
)
#: Kayo (young) and Kayo, Armed and Dangerous: "Attack action cards you own get +1{p} while they are in any
#: zone other than the combat chain" (read wherever the engine reads a card's {p} off the chain).
POWER_OFF_CHAIN = re.compile(
    r"^attack action cards you own get \+(\d+)\{p\} while they are in any zone other than the combat chain\.?$",
    re.I,
)

#: The lines (one ability each) the engine models (``effects._HERO_MODELLED``).
CROWD_MODELLED = (
    CROWD_TOKEN,
    HALVED_BASE,
    WAGER_PAY,
    WAGER_WIN_TOKEN,
    CLASH_AGAIN,
    ROLL_TRIGGER,
    ROLL_RESULT,
    POWER_OFF_CHAIN,
    re.compile(r"^instant\s*[-–][^:]+:\s*" + SET_BASE_POWER.pattern, re.I),
    re.compile(r"^instant\s*[-–][^:]+:\s*" + BOO_DEFENSE.pattern, re.I),
    re.compile(r"^instant\s*[-–][^:]+:\s*" + PITCH_TOP_CHEER.pattern, re.I),
    re.compile(r"^instant\s*[-–][^:]+:\s*" + SUSPENSE_MOVE.pattern, re.I),
)
#: Activated abilities ``heroes_crowd.resolve`` applies as they resolve (``effects._HERO_RESOLVED``).
CROWD_RESOLVED = (SET_BASE_POWER, BOO_DEFENSE, PITCH_TOP_CHEER, SUSPENSE_MOVE)

# -- the judge's lines -------------------------------------------------------------------------------

_WHO = r"(P[12])"
_CROWD_LINES = (
    # "the crowd boos P1", "Crowd cheers P2", "the crowd cheers for P1", "crowd boos at P1"
    re.compile(rf"(?:the )?crowd (cheer|boo)(?:s|ed)? (?:for |at )?{_WHO}(?: \(.*\))?", re.I),
    # "P1 is booed", "P1 gets cheered by the crowd", "P1 was booed"
    re.compile(rf"{_WHO} (?:is|was|gets|got) (cheer|boo)ed(?: by the crowd)?(?: \(.*\))?", re.I),
    # "P1: the crowd boos", "P1 - crowd cheers"
    re.compile(rf"{_WHO}\s*[:-]\s*(?:the )?crowd (cheer|boo)s?", re.I),
)
_WAGER_WIN = (
    re.compile(rf"{_WHO} (?:wins|won|takes|took) the wager(?: \(.*\))?", re.I),
    re.compile(rf"(?:the )?wager(?: goes| went)?(?: to|:)\s*{_WHO}(?: wins)?", re.I),
)
_WAGERS = (
    # "P1's attack wagers", "the attack wagers", "P1 wagers a Gold token", "Bet Big wagers a Gold token"
    re.compile(rf"(?:{_WHO}'s |the )?attack wagers(?: .*)?", re.I),
    re.compile(rf"{_WHO} wagers(?: .*)?", re.I),
)
_ROLL = (
    # "P1 rolls a 5", "P1 rolled 3", "P1 rolls: 6", "P1 rolls a 4 on the die"
    re.compile(
        rf"(?:[\w' ,]+? (?:triggers?|trigger resolves|resolves)\s*[,:-]\s*)?{_WHO} (?:rolls|rolled|roll)(?: the die| a d6| the d6)?(?:,|:)?\s*(?:an? )?(\d+)(?: .*)?",
        re.I,
    ),
    re.compile(rf"(?:the )?(?:die|roll|d6)(?: roll)?(?: is| was|:)\s*(\d+)(?: for {_WHO})?", re.I),
)
_PITCH_TOP = (
    # "P1 pitches Pummel (red) from the top of the deck", "Tuffnut pitches X off the top"
    re.compile(
        rf"{_WHO} pitch(?:es|ed)? (.+?) (?:from|off) (?:the )?top(?: of (?:the |their |his |her )?deck)?",
        re.I,
    ),
    # "P1 pitches the top card: Pummel (red)", "P1 pitches the top card of their deck - it's X"
    re.compile(
        rf"{_WHO} pitch(?:es|ed)? the top card(?: of (?:the |their |his |her )?deck)?\s*[,:-]?\s*(?:it'?s |which is )?(.+)",
        re.I,
    ),
)
_REVEAL = re.compile(rf"{_WHO} reveals? (.+?)(?:\s*\((?:power\s*)?(\d+)(?:\s*\{{?p\}}?| power)?\))?$", re.I)
_CLASH = re.compile(r"(?:the )?clash(?:es)?(?: again)?\s*[:-]\s*(.+)", re.I)


def crowd_line(c: str) -> list[A.Action] | None:
    """The crowd, wager and roll lines (``phrases.Grammar.shape``)."""
    c = c.strip().rstrip(".")
    for i, rx in enumerate(_CROWD_LINES):
        m = rx.fullmatch(c)
        if m:
            who, kind = (m.group(2), m.group(1)) if i == 0 else (m.group(1), m.group(2))
            return [A.Crowd(who.upper(), "cheer" if kind.casefold().startswith("cheer") else "boo")]
    for rx in _WAGER_WIN:
        m = rx.fullmatch(c)
        if m:
            return [A.WagerWon(m.group(1).upper())]
    for rx in _WAGERS:
        m = rx.fullmatch(c)
        if m:
            return [A.Wagers((m.group(1) or "").upper())]
    for rx in _PITCH_TOP:
        m = rx.fullmatch(c)
        if m:
            name = m.group(2).strip()
            return [A.Pitch(m.group(1).upper(), A.CardRef(name, "deck"))]
    m = _ROLL[0].fullmatch(c)
    if m:
        return [A.Roll(m.group(1).upper(), int(m.group(2)))]
    m = _ROLL[1].fullmatch(c)
    if m:
        return [A.Roll((m.group(2) or "").upper(), int(m.group(1)))]
    return None


def clash_line(c: str, card_list: object) -> list[A.Action] | None:
    """ "clash: P1 reveals Brutal Assault (6), P2 reveals Sink Below (3)": the cards each clashing player
    revealed (CR 8.5.45); a power in parentheses is the judge's claim, checked against the card."""
    m = _CLASH.fullmatch(c.strip().rstrip("."))
    if m is None:
        return None
    reveals: list[tuple[str, A.CardRef]] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+|;\s*", m.group(1)):
        r = _REVEAL.fullmatch(part.strip())
        if r is None:
            return None
        refs = card_list(r.group(2).strip())  # type: ignore[operator]
        if len(refs) != 1:
            return None
        ref = refs[0]
        if r.group(3) is not None:
            ref = A.CardRef(ref.name, ref.zone, (*ref.claims, ("power", int(r.group(3)))))
        reveals.append((r.group(1).upper(), ref))
    if len(reveals) < 2:
        return None
    return [A.Clash(tuple(reveals))]
