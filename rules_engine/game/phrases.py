"""The phrase grammar: a judge's plain-English steps and the compact phone notation, parsed into entries.

A line is split at "; " into clauses (outside parentheses), and a clause at the joiners judges use
(", then", "and", ", ", " - ") where the next words start an action. Each clause is rewritten from a
judge's words (synonyms, past tenses, abbreviations: docs/reconstruction.md, "A judge's English")
into one of a small set of shapes; card names are matched against the known names (the scenario's
cards, the cards in the state, the card database) longest first, so names may contain spaces,
commas and "and". Parenthesised text is read: the stat claims "(pitch 3)", "(defense 2)" attach to
the card before them, and the rest is read by the claim grammar (``read_claims``) into claims the
engine checks; a part it cannot read is kept in ``Entry.unchecked`` and reported. A clause that
matches no shape is reported as unreadable with the nearest readings (``suggest_readings``); the
rest of the line still applies. Nothing is guessed.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable
from typing import Any

from . import actions as A
from . import rx, shorthand
from .cards import CardLookup, InlineCards, norm_name
from .idioms_26h import IDIOMS_26H
from .rewrites import Rewrites
from .text_crowd import clash_line, crowd_line

UNKNOWN = "?"  # the name of a card nobody saw ("a blue card")
STEPS = ("layer", "attack", "defend", "reaction", "damage", "resolution", "link", "close")
_P = r"(P[12])"
#: A play line's words for charging the hero's soul as an additional cost (CR 8.5.29).
_CHARGE_PART = r"(?:and )?(?:charging|charges|charged)\b|without charging\b|not charging\b"
#: A play line's words for the card a random-discard cost took ("discarding X (random)").
_DISCARD_PART = r"(?:and )?(?:discarding|discards|discarded|beating chest|beats chest|beat chest)\b"
#: A play line's words for scrap's optional additional cost (CR 8.3.32): "scrapping Copper Cog".
_SCRAP_PART = r"(?:and )?(?:scrapping|scraps|scrapped)\b"
#: Where a card is played from, as judges say it: "from banish", "from the yard", "off the top".
_FROM_ZONE = (
    r"(?:from (?:the |their |his |her )?(?:hand|arsenal|banish(?:ed|ment)?(?: zone)?|graveyard|gy|yard|discard pile"
    r"|deck|top(?: of (?:the |their |his |her )?deck)?)\b|off the top(?: of (?:the |their |his |her )?deck)?\b"
    r"|out of (?:the |their |his |her )?(?:graveyard|gy|yard|banish(?:ed)?(?: zone)?)\b)"
)
#: A remark on a play's cost that the engine computes itself: "for free", "for 1", "costs 0", "0 cost".
_COST_REMARK = r"(?:for (?:free|nothing|zero|\d+)\b|free\b|costs? (?:\d+|nothing)\b|\d+ cost\b)"


def _equipped_names(part: str) -> tuple[str, ...]:
    """The cards an ability equips, as the activation line names them: "equips both Kunai from the
    yard" (two of one name), "equipping Kunai of Retribution and Kunai of Retribution"; the names are
    matched with the cards where they are (``heroes``)."""
    said = rx.sub(r"^(?:and )?equip(?:s|ping|ped)?\s+", "", part.strip(), flags=re.I)
    said = rx.sub(
        r"\s+(?:from|out of) (?:the |their |his |her )?(?:yard|gy|graveyard|discard(?: pile)?)\b.*$",
        "",
        said,
        flags=re.I,
    ).strip()
    m = rx.match(r"(?:both|two|2|the two)\s+(?:of\s+)?(?:the\s+|their\s+)?(.+)$", said, re.I)
    if m:
        one = rx.sub(r"s$", "", m.group(1).strip()) if not m.group(1).strip().endswith("ss") else m.group(1)
        return (one, one)
    return tuple(x.strip() for x in rx.split(r",\s*|\s+and\s+|\s+&\s+", said) if x.strip())


def _after_activation(player: str, rest: str) -> str:
    """What a line tells after "P1 uses X:": a pitch stays with the activation; the costs the engine
    pays itself ("tap", "pops a Gold") are dropped; anything else is the player's next clauses."""
    parts = [x.strip() for x in rx.split(r",\s*|;\s*", rest) if x.strip()]
    keep: list[str] = []
    pitch = ""
    for part in parts:
        low = part.casefold()
        if rx.fullmatch(r"(?:taps?|tapped|tapping)(?: (?:the |her |his )?hero| it)?", low):
            continue
        if rx.fullmatch(
            r"(?:pops|popped|destroys|destroyed|destroying|cracks|cracked|sacs|breaks) (?:a|the|one) gold",
            low,
        ):
            continue
        if rx.match(r"pitch(?:es|ed|ing)? ", low) and not pitch and not keep:
            pitch = ", pitching " + rx.sub(r"^\w+\s+", "", part)
            continue
        if rx.match(r"discard(?:s|ed|ing) ", low) and not keep:
            # "P1 used Oscilio's ability, discarding X": the discard that pays the activation's cost
            pitch += ", discarding " + rx.sub(r"^\w+\s+", "", part)
            continue
        keep.append(part)
    return pitch + "".join(f"; {player} {x}" for x in keep)


def _play_zone(said: str) -> str:
    """The zone key of a judge's "from ..." words (CR 3: hand, arsenal, banished, graveyard, deck)."""
    low = said.casefold()
    for word, zone in (
        ("arsenal", "arsenal"),
        ("hand", "hand"),
        ("banish", "banished"),
        ("graveyard", "graveyard"),
        ("gy", "graveyard"),
        ("yard", "graveyard"),
        ("discard", "graveyard"),
    ):
        if rx.search(rf"\b{word}", low):
            return zone
    return "deck"


#: A play line's words for fusion's additional cost (CR 8.3.17), read by ``Parser.fusion``.
_FUSION_PART = (
    r"(?:and )?(?:fusing|fused|fuses|revealing|reveals)\b|without fusing\b|not fused\b|unfused\b|no fusion\b"
)
_NUM_WORDS = {
    "a": 1,
    "an": 1,
    "the": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
}


#: Equipment slot words: read as the card only in "blocks with the helm" (elsewhere the grammar reads
#: "the helm broke" by the slot itself)
_SLOT_WORDS_SAID = frozenset("helm helmet head chest arms legs boots gloves".split())
#: Words of the game itself, never read as the first word of a card's name said alone
_GAME_WORDS = frozenset(
    "action attack defend defense damage reaction resolution layer close combat chain link phase step start end "
    "hero card cards token trigger turn pitch arsenal hand deck graveyard life resource resources go again "
    "instant equipment weapon aura item block blocks next other first last".split()
)


class NameIndex:
    """Known card names for longest-first matching (case-insensitive)."""

    def __init__(self, names: Iterable[str] = (), parent: NameIndex | None = None) -> None:
        self._by_first: dict[str, list[str]] = {}
        self._all: set[str] = set()
        #: "snatch" -> "Snatch (red)": a coloured name said again without its colour; None when two
        #: colours of the name are known (then the bare name names neither)
        self._uncoloured: dict[str, str | None] = {}
        self.parent = parent  # a shared index (the card database's names), consulted too
        self._firsts: dict[str, set[str]] | None = (
            None  # first word -> own names of 2+ words (first_word_said)
        )
        self._firsts_size = 0
        for n in names:
            self.add(n)

    def add(self, name: str) -> None:
        key = norm_name(name)
        if not key or key in self._all:
            return
        self._all.add(key)
        base = rx.fullmatch(r"(.+?) \((?:red|yellow|blue)\)", key)
        if base:
            self._uncoloured[base.group(1)] = (
                name if self._uncoloured.get(base.group(1), name) == name else None
            )
        first = key.split(" ", 1)[0]
        lst = self._by_first.setdefault(first, [])
        lst.append(name)
        lst.sort(key=lambda x: -len(x))

    def moniker(self, word: str) -> bool:
        """Whether one word is the first word of a known name ("Valda" of "Valda, Seismic Impact"): the
        short name judges call a hero by (the engine matches it with the hero, ``hero_named``)."""
        low = norm_name(word)
        if not low or " " in low:
            return False
        if self._by_first.get(low) or self._by_first.get(low + ","):
            return True
        return self.parent.moniker(word) if self.parent is not None else False

    def prefix(self, text: str) -> str | None:
        """The longest known name the text starts with (a whole-word match), or None."""
        low = norm_name(text)
        first = low.split(" ", 1)[0] if low else ""
        found: str | None = None
        for name in self._by_first.get(first, []) + self._by_first.get(first.rstrip(",;"), []):
            key = norm_name(name)
            if low.startswith(key) and (len(low) == len(key) or not low[len(key)].isalnum()):
                found = name
                break
        if self.parent is not None:
            other = self.parent.prefix(text)
            if other is not None and (found is None or len(other) > len(found)):
                return other
        return found

    def colour_said_once(self, text: str) -> str:
        """ "Snatch draws" after "Snatch (red)" was named: a coloured card of the scenario said again
        without its colour is that card, when only one colour of the name is known (CR 1.3.4: the
        colour tells the pitch variants apart)."""
        for base, full in self._uncoloured.items():
            if full is None or base in self._all:
                continue
            text = rx.sub(
                r"(?<![\w'])(?<!red )(?<!blue )(?<!yellow )"
                + re.escape(base)
                + r"(?![\w'])(?!\s*\((?:red|yellow|blue)\))(?!\s+(?:trigger|ability)\b)",
                full.replace("\\", "\\\\"),
                text,
                flags=re.I,
            )
        return text

    def colour_before(self, text: str) -> str:
        """ "pitching the blue Aether Flare": a colour said before a known name is that name's pitch
        variant, written after it as the grammar reads it (CR 1.3.4)."""

        out, pos = "", 0
        for m in rx.finditer(r"\b(?:the |a |an |their )?(red|yellow|blue) (?=[A-Z])", text):
            name = self.prefix(text[m.end() :])
            if name is None or m.start() < pos:
                continue
            said = text[m.end() : m.end() + len(name)]
            colour = "" if rx.search(r"\((?:red|yellow|blue)\)$", said) else f" ({m.group(1)})"
            out += text[pos : m.start()] + said + colour
            pos = m.end() + len(name)
        return out + text[pos:]

    def initials_said(self, text: str) -> str:
        """ "CnC hit for 6", "Pummel -> RtR", "CV hit": a mixed-case word of 2 to 4 letters made of the
        initials of exactly one of the scenario's own card names of two words or more ("n" may stand
        for "and") is that card. Words that are themselves a word of a known name, and the judges'
        usual abbreviations, are never read this way."""
        reserved = {"ga", "ap", "rp", "dr", "ar", "bb", "eot", "cc", "ab", "dmg", "rxn", "res", "blk", "atk"}
        words = {w for key in self._all for w in key.split(" ")}
        initials: dict[str, set[str]] = {}
        for lst in self._by_first.values():
            for name in lst:
                parts = [w for w in _uncoloured(name).split(" ") if w]
                if len(parts) < 2:
                    continue
                keys = {"".join(w[0] for w in parts).casefold()}
                keys.add("".join(("n" if w.casefold() == "and" else w[0]) for w in parts).casefold())
                for k in keys:
                    initials.setdefault(k, set()).add(name)

        def swap(m: re.Match[str]) -> str:
            word = m.group(0)
            low = word.casefold().replace("&", "n")  # "C&C": "and" said as "&"
            if low in reserved or low in words or not any(ch.isupper() for ch in word):
                return word
            found = initials.get(low, set())
            if len({norm_name(_uncoloured(n)) for n in found}) != 1:
                return word  # no card, or several cards with those initials: not read this way
            coloured = [n for n in found if n != _uncoloured(n)]
            return coloured[0] if len(coloured) == 1 else min(found, key=len)

        text = rx.sub(r"(?<![\w'])([A-Z])&([A-Z])(?![\w'])", r"\1n\2", text)  # "C&C": "and" as "&"
        return rx.sub(r"(?<![\w'(])[A-Za-z]{2,4}(?![\w'])", swap, text)

    def first_word_said(self, text: str) -> str:
        """ "the sword", "Hood + Robe": the first word of exactly one of the scenario's own names of two
        words or more, said alone (capitalised, or lower-case after "the"), is that card. A word that
        already starts a known name where it stands, or a word of a known one-word name, is left."""
        if self._firsts is None or self._firsts_size != len(self._all):
            self._firsts, self._firsts_size = {}, len(self._all)
            for lst in self._by_first.values():
                for name in lst:
                    parts = norm_name(_uncoloured(name)).split(" ")
                    if len(parts) >= 2:
                        self._firsts.setdefault(parts[0], set()).add(name)
        firsts = self._firsts
        if not any(w.casefold() in firsts for w in rx.findall(r"[A-Za-z]{3,}", text)):
            return text  # no word of the line starts one of the names: nothing to read

        spans: list[tuple[int, int]] = []  # where known names stand: their words are left as they are
        for w in rx.finditer(r"(?<![\w'])[A-Za-z]", text):
            known = self.prefix(text[w.start() :])
            if known is not None:
                spans.append((w.start(), w.start() + len(known)))

        def swap(m: re.Match[str]) -> str:
            word = m.group("w")
            key = word.casefold()
            found = firsts.get(key, set())
            before = m.string[: m.start()].split()
            after = m.string[m.end() :]
            if (
                any(a <= m.start("w") < b for a, b in spans)
                or (
                    found and rx.match(r",?\s*" + re.escape(next(iter(found))), after, re.I)
                )  # "their legs, Legs L"
                or (
                    key in _SLOT_WORDS_SAID
                    and not rx.search(r"\bwith (?:the|her|his|their) $", m.string[: m.start("w")])
                )
                or len(found) != 1
                or (
                    before
                    and not m.group("the")
                    and before[-1][:1].isupper()
                    and not rx.fullmatch(r"P[12]", before[-1])
                )
                or key in self._all
                or key in _GAME_WORDS
                or self.prefix(m.string[m.start("w") :]) is not None
                or rx.match(r"\s+(?:phase|step|points?|reactions?)\b", m.string[m.end() :], re.I)
            ):
                return m.group(0)
            if not m.group("the") and not word[0].isupper():
                return m.group(0)
            return next(iter(found))  # "the sword": the card's name stands for the article too

        return rx.sub(
            r"(?<![\w'])(?P<the>the |her |his |their )?(?P<w>[A-Za-z][a-z]{2,})(?!\w)(?!'(?!s\b))", swap, text
        )

    def short(self, word: str) -> str | None:
        """The one known name a judge's short form ends it ("C1" for "Card C1", "AR" for "Card AR"):
        a single word with a digit or in capitals that is the last word of exactly one of this
        index's own names (the card database's names are not searched: a short form names a card of
        the scenario). None when no name or several names end with it."""
        low = norm_name(word)
        if not rx.fullmatch(r"[a-z0-9'-]{1,6}", low) or not (
            any(ch.isdigit() for ch in word) or word.isupper()
        ):
            return None
        found = {n for lst in self._by_first.values() for n in lst if norm_name(n).endswith(" " + low)}
        return found.pop() if len(found) == 1 else None


def index_for(lookup: CardLookup | None) -> NameIndex | None:
    """A name index over a card lookup's names (built once per lookup object and kept on it).

    Inline cards get a small index of their own names whose parent is the fallback's index, so a
    large card database is indexed once however many inline lookups sit on top of it.
    """
    if lookup is None:
        return None
    cached = getattr(lookup, "_name_index", None)
    if isinstance(cached, NameIndex):
        return cached
    if isinstance(lookup, InlineCards):
        idx = NameIndex(lookup.inline_names(), parent=index_for(lookup.fallback))
    else:
        idx = NameIndex(lookup.names())
    try:
        object.__setattr__(lookup, "_name_index", idx)
    except (AttributeError, TypeError):
        pass
    return idx


def _num(text: str) -> int:
    t = text.strip().casefold()
    return int(t) if t.isdigit() else _NUM_WORDS.get(t, 1)


def _split_sentences(text: str) -> str:
    """ "X resolves. P2 does not ..." -> "X resolves; P2 does not ...": a full stop followed by a
    capital letter outside parentheses separates actions (a trailing full stop is dropped)."""
    out, depth = "", 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if (
            ch == "."
            and depth <= 0
            and i > 0
            and rx.match(r"[A-Za-z0-9)'\]}]", text[i - 1])
            and not rx.search(r"(?:^|\s)(?:vs|e\.g|i\.e|etc|approx|no|cf)$", text[:i], re.I)
            and rx.match(r"\s+(?:[A-Z]|\d+\s+(?:through|thru|dmg|damage|in)\b)", text[i + 1 :])
        ):
            out += ";"
        else:
            out += ch
    return out.rstrip().rstrip(".")


#: Idioms judges use for whole actions, rewritten before the line is split (issue 26, blind-26d).
_IDIOMS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"\bprio\b", re.I), "priority"),
    # "With an empty stack, P1 passes", "P1 passed priority with nothing going on": the state the
    # pass happens in, which the engine derives (nothing to apply)
    (
        re.compile(
            r"^\s*with (?:an |the )?empty stack(?: and (?:a |the )?closed (?:combat )?chain)?,\s*", re.I
        ),
        "",
    ),
    (re.compile(r"\s+with nothing (?:going on|on the stack|happening)\b", re.I), ""),
    # "P1 passes priority to P2": the pass (CR 1.11.4a gives priority to the next player anyway)
    (re.compile(r"(?<!turn )\b(pass(?:es|ed)?)(?: priority)? (?:over )?to P[12]\b(?!'s)", re.I), r"\1"),
    # "Both players pass in succession": all pass (CR 1.11.4a)
    (re.compile(r"\b(pass(?:es|ed)?) in succession\b", re.I), r"\1"),
    (
        re.compile(
            r"\bP1 and P2 (?:both |each )?pass(?:es|ed)?\b|\bP2 and P1 (?:both |each )?pass(?:es|ed)?\b", re.I
        ),
        "all pass",
    ),
    (
        re.compile(r"\b(?:all|both|everyone|everybody) (?:players )?pass(?:es|ed)? twice\b", re.I),
        "all pass; all pass",
    ),
    (
        re.compile(r"\b(all players|both players|everyone|everybody|all|both) pass(?:es|ed)? again\b", re.I),
        "all pass",
    ),
    # "we went straight through reactions with nothing played": the passes through that step
    (
        re.compile(
            r"\b(?:we|they) (?:went|go|goes|passed|pass) (?:straight |right )?(?:through|thru) (?:the )?"
            r"(reaction|defend|attack|layer|damage|resolution)s?(?: step)?(?: with nothing (?:played|happening|else))?",
            re.I,
        ),
        r"all pass through the \1 Step",
    ),
    # "P2 passed through to reactions": the passes up to that step
    (
        re.compile(
            r"(?<!all )(?<!both )(?<!players )(?<!everyone )\b(?:P[12] )?pass(?:es|ed)? (?:straight |right )?(?:through|thru|on) to (?:the )?(reaction|defend|attack|damage|resolution)s?(?: step)?\b",
            re.I,
        ),
        r"all pass to the \1 Step",
    ),
    (re.compile(r"\b(on|to|through|thru|in|into) (?:the )?reactions\b", re.I), r"\1 the reaction step"),
    # "the Reaction Step ends and damage is calculated", "the Damage Step follows"
    (
        re.compile(
            r"\b(?:the )?(layer|attack|defend|reaction|damage|resolution) step ends(?:,)? and (?:the )?(?:damage is (?:calculated|dealt)|damage step (?:begins|starts|follows))",
            re.I,
        ),
        r"all pass through the \1 Step",
    ),
    (
        re.compile(
            r"\b(?:the )?(layer|attack|defend|reaction|damage|resolution) step (?:follows|comes next|is next)\b",
            re.I,
        ),
        r"\1 step",
    ),
    # "P2 let it resolve": everyone passed and the top layer resolved
    (
        re.compile(
            r"\b(P[12]) (?:let|lets|allowed|allows) (?:it|that|this) (?:to )?resolve(?:,? and |,? then |, )",
            re.I,
        ),
        r"all pass (it resolves); \1 ",
    ),
    (
        re.compile(r"\b(?:P[12] )?(?:let|lets|allowed|allows) (?:it|that|this) (?:to )?resolve\b", re.I),
        "all pass (it resolves)",
    ),
    # "5 damage went in", "the attack does 2": the damage dealt (a claim, CR 7.5.2)
    (re.compile(r"\b(\d+) (?:damage|dmg) (?:went|goes|got|came) (?:in|through)\b", re.I), r"\1 damage"),
    (
        re.compile(r"\b(?:the )?(?:attack|atk) (?:does|did|deals|dealt) (\d+)(?: damage)?\b", re.I),
        r"\1 damage",
    ),
    # "P2 blk: C1 + helm + chest": the colon after the verb
    (
        re.compile(r"^(P[12]) (blks?|blocks?|blocked|defends?|defended|declares?|declared)\s*:\s*", re.I),
        r"\1 \2 ",
    ),
    # "the Spectral Shield's ward applies": the ward's prevention (a claim, CR 8.3.20)
    (
        re.compile(r"\b(?:the )?[\w' ]+?'s ward (applies|prevents|kicks in|goes off)\b", re.I),
        "the ward applies",
    ),
    # "all pass, T on the chain": the attack resolved onto the chain (CR 7.2.3)
    (
        re.compile(
            r"(?<=[,;]) ((?:Attack )?[A-Z][\w'-]*(?: [A-Z0-9][\w'-]*)*) (?:is |goes |went |lands |landed )?on (?:the )?(?:combat )?chain\b"
        ),
        r" \1 resolves",
    ),
    # "Unmovable res (8 def)", "Sigil res +3": the card resolves
    # "Dawnblade, 1 res", "for 2 res": an amount of resources paid, not a resolution
    (re.compile(r"(?:,\s*|\s+)(?:for\s+)?(\d+) res(?=\s*(?:\(|,|;|$))", re.I), r" for \1"),
    (re.compile(r"(?<=[A-Za-z0-9]) res(?=\s*(?:\(|,|;|$|\+\d))", re.I), " resolves"),
    (re.compile(r"\bresolves \+(\d+)\b", re.I), r"resolves (+\1)"),
    # "P2 drew up to 4 as well": the draw (the words after it compare it with the other player's)
    (
        re.compile(r"\b(draws|drew|draw) (?:back )?up to (\d+|their intellect)(?: as well| too)\b", re.I),
        r"\1 up to \2",
    ),
    # "P1 decided not to attack again and passed": the pass is the action
    (
        re.compile(
            r"\b(P[12]) (?:decided|decides|chose|chooses|elected|elects) not to (?:attack|swing|play anything) (?:again|further|more)(?:,)?(?: and)?\s+(?=pass)",
            re.I,
        ),
        r"\1 ",
    ),
    (re.compile(r",\s*so (?:the )?(?:combat )?chain (closed|closes|was closed)\b", re.I), r"; the chain \1"),
    # "P1 kept their hand, nothing went to arsenal": no card put into the arsenal (CR 4.4.3b)
    (
        re.compile(
            r"\b(P[12]) (?:kept|keeps|held|holds) (?:their|his|her) (?:whole )?hand,?\s*(?:and\s+)?nothing (?:went|goes|was put|is put) (?:in|into|to) (?:the |their |his |her )?arsenal\b",
            re.I,
        ),
        r"\1 does not arsenal",
    ),
    (
        re.compile(
            r"\b(P[12]) (?:put|puts|placed|places) nothing (?:in|into) (?:the |their |his |her )?arsenal\b",
            re.I,
        ),
        r"\1 does not arsenal",
    ),
    # "since it's turn one": why the other player draws (CR 4.4.3f), which the state says
    (
        re.compile(
            r",?\s*(?:since|because|as) it'?s (?:turn (?:one|1)|the first turn)(?: of the game)?,?\s*", re.I
        ),
        " ",
    ),
    # "I stopped them;", "redo:": the judge's own narration of a reversal, not an action
    (re.compile(r"^\s*(?:redo|retry|take two|corrected|correction)\s*:\s*", re.I), ""),
    (
        re.compile(
            r"\bI (?:stopped|paused|halted|caught|corrected) (?:them|it|that|him|her|the player)\b\s*[;,]?\s*",
            re.I,
        ),
        "",
    ),
    # "P1 pitched Toughen Up and played Aether Wildfire at P2": the pitch paid for the play after it
    (
        re.compile(
            r"\b(P[12]) (?:pitched|pitches|pitch) ([^,;()]+?),? (?:and |then |and then )(?:played|plays|cast|casts|attacked with|attacks with|swung|swings)\s+([^;]+)",
            re.I,
        ),
        r"\1 plays \3, pitching \2",
    ),
    # "Command and Conquer hits P2 for 6": the damage the attack dealt (the target is the attack's)
    (re.compile(r"\b(hits|hit) P[12] for (\d+)\b", re.I), r"\1 for \2"),
    # "P1 drew off the hit": the hit trigger's draw, said as the player drawing
    (
        re.compile(
            r"\b(?:P[12] )?(?:drew|draws|draw)(?: a card| one| 1)? (?:off|from|thanks to|because of) (?:the )?hit\b",
            re.I,
        ),
        "the hit trigger resolves",
    ),
    # "Snatch off the go again": the play paid with go again's action point (CR 8.3.5b)
    (
        re.compile(
            r"(^|;\s*)(?:(?:and\s+)?then\s+)?([^,;()]+?)\s+(?:off|with|using|on) (?:the )?(?:go again|GA)(?: (?:action )?point)?\b",
            re.I,
        ),
        r"\1go again; \2",
    ),
    (re.compile(r"\bagain no (block|blk|blocks|defenders)\b", re.I), r"no \1"),
    # "Snatch hits for 3, draw trigger": a trigger named by what it does is the one that triggered
    (re.compile(r"(^|[,;]\s*)(?:a |the |its )?(?:draw|discard) trig(?:ger)?\b", re.I), r"\1the hit trigger"),
    # "res" alone after a layer: it resolves (the players passed)
    (re.compile(r"(^|;\s*)res(?=\s*(?:;|$))", re.I), r"\1all pass (it resolves)"),
    # "P2 plays DR D in response": the response is the play itself
    (re.compile(r"\s+in response(?= *(?:[;,.]|$))", re.I), ""),
    # "P1 atk w/ Attack A on top of it": the stack it goes onto, derived
    (re.compile(r",?\s+on top of (?:it|that|this|the stack)\b", re.I), ""),
    (re.compile(r"\btgts?\b\s*(?=P[12]\b)", re.I), "at "),
    # "at P2's face", "at P2 hero": the hero
    (re.compile(r"\b(P[12])(?:'s)? (?:face|hero)\b", re.I), r"\1's hero"),
    # "while still in the damage step": the step named (a claim)
    (
        re.compile(
            r"\s+while (?:still |we were |they were )?(?=(?:in|during) the \w+ (?:step|phase)\b|\(\w+ (?:step|phase)\))",
            re.I,
        ),
        " ",
    ),
]


_STEP_WORDS_26F = {
    "rxn": "Reaction",
    "reaction": "Reaction",
    "ds": "Damage",
    "dmg": "Damage",
    "damage": "Damage",
    "def": "Defend",
    "defend": "Defend",
    "blocks": "Defend",
    "res": "Resolution",
    "resolution": "Resolution",
    "layer": "Layer",
    "attack": "Attack",
}
_STEP_ALT_26F = r"(rxn|reaction|ds|dmg|damage|def|defend|blocks|res|resolution|layer|attack)"

#: "boost" said with a play ("declaring boost (banishing X)"); the keyword's word is group "kw"
_BOOST_SAID = re.compile(
    r",?\s*(?:declaring |declares |with |and )?(?P<kw>boost)(?:ing|s|ed)?\b\s*(?:\((?P<inner>.*?)\))?", re.I
)

#: Whole-action idioms of the seventh blind batch (issue 26, blind-26g), tried before all others.
_IDIOMS_26G: list[tuple[re.Pattern[str], str]] = [
    # "we pass", "we passed": the judge speaking for the table; every player passes (CR 1.11.4a)
    (re.compile(r"\bwe (?:all |both )?pass(?:es|ed)?\b(?: priority)?", re.I), "all pass"),
    # "we pass all the way through to damage": the passes through every step on the way
    (re.compile(r"\ball the way (through|thru|to)\b", re.I), r"\1"),
    # "All players pass priority with an empty stack": the state the pass happens in (derived)
    (re.compile(r"\b(pass(?:es|ed)?(?: priority)?) with (?:an |the )?empty stack\b", re.I), r"\1"),
    # "pass x2 -> dmg": the passes counted, then the step they lead to (the step says it all)
    (re.compile(r"\b((?:all )?pass(?:/pass)?) x\d+\s*(?=->)", re.I), r"\1 "),
    # "P1 plays Action K, no go again on it": the judge's remark on the card (its keywords are known)
    (
        re.compile(
            r",?\s*(?:with |and )?no go again(?: on (?:it|that|this|the card))?(?=\s*(?:[,;]|$))", re.I
        ),
        "",
    ),
    # "P1 plays X at P2 even though they have no action points left": the judge's remark
    (re.compile(r",?\s+even though\b[^;]*", re.I), ""),
    # "P2 uses Arcane Barrier 1 on the hood": the keyword applied, not an activated ability (CR 8.3.8,
    # 8.3.15); the equipment named by a common noun adds nothing, one named by its name is the source
    (
        re.compile(
            r"\b(P[12]) (?:uses|used|use|applies|applied) (arcane barrier|spellvoid|quell)( \d+)? (?:on|from) (?-i:(?=[A-Z]))",
            re.I,
        ),
        r"\1 applies \2\3 of ",
    ),
    (
        re.compile(
            r"\b(P[12]) (?:uses|used|use) (arcane barrier|spellvoid|quell)( \d+)?"
            r"(?: (?:on|of|from) (?:the |her |his |their )?(?-i:hood|helm|helmet|chest|robe|arms|gloves|gauntlets|legs|boots|equipment))?\b",
            re.I,
        ),
        r"\1 applies \2\3",
    ),
    # "it resolves, Attack F is at 7 now": the power said after the resolution is a claim of its own
    (
        re.compile(
            r"\b(resolves|resolved),\s+(?=(?:the )?[A-Z][\w' ]*? (?:is|was|'s) (?:now )?(?:at|up to) \d+)",
            re.I,
        ),
        r"\1; ",
    ),
    # "everybody passes and Attack F does 7 in the damage step": the passes to the Damage Step, then
    # the damage (CR 7.4.3, 7.5.2)
    (
        re.compile(
            r"\b(?:P[12] and P[12] (?:both |each |all )?|all |both |everyone |everybody |all players |both players )pass(?:es|ed)?,? and "
            r"((?:the )?[A-Z][\w' ]*?) (?:does|did|deals|dealt|hits for|hit for) (\d+)(?: damage| dmg)?"
            r"(?: (?:in|during) the damage step)?",
            re.I,
        ),
        r"all pass to the Damage Step; \1 deals \2",
    ),
    # "pitching Card Q for the 1": the amount the pitch pays (the prevention's cost says it)
    (re.compile(r"(\bpitching [^,;()]+?) for the \d+\b", re.I), r"\1"),
    # "before it resolves, while it's still on the stack, P1 plays X": when it is played (derived)
    (
        re.compile(
            r"(^|;\s*)(?:(?:before (?:it|that|this) (?:resolves|resolved|could resolve)"
            r"|while (?:it's|it is|it was|that's|that is) still on the stack)\s*,?\s*)+",
            re.I,
        ),
        r"\1",
    ),
]

#: Whole-action idioms of the sixth blind batch (issue 26, blind-26f), tried before all others.
_IDIOMS_26F: list[tuple[re.Pattern[str], Any]] = [
    # "Player 1": P1, early, so the subject carried to the next clause and the pronouns see it
    (re.compile(r"\bplayer ([12])\b", re.I), r"P\1"),
    # "P1 passes and P2 throws X": two players' actions joined by "and"
    (re.compile(r"\b(pass(?:es|ed)?)(?: priority)?,? and (?=P[12]\b)", re.I), r"\1; "),
    (re.compile(r"(^|;\s*)and\s+(?=P[12]\b)", re.I), r"\1"),
    # "P1 wanted to keep the blue so she put X ...": the player's reason before the action (a remark)
    (
        re.compile(
            r"\b(P[12]) (?:wants|wanted|needs|needed) to [^,;]+? so (?:she |he |they |P[12] )?(?=put|puts|plays|played|blocks|blocked|arsenals)",
            re.I,
        ),
        r"\1 ",
    ),
    # "pass/pass", "p/p", "pass pass": every player passed in succession (CR 1.11.4a)
    (
        re.compile(r"\b(?:pass(?:es)?(?:\s*/\s*|\s+)pass(?:es)?(?:\s*/\s*pass(?:es)?)*|p/p)\b", re.I),
        "all pass",
    ),
    # "all pass -> rxn step", "pass/pass -> DS", "pass to DS, P2 no blk": the passes up to that step;
    # "DS" is the Defend Step when defending cards are declared right after it, else the Damage Step
    (
        re.compile(
            r"(?:\ball pass|^pass)\s*(?:(?:->|=>|→|>)\s*(?:the )?"
            + _STEP_ALT_26F
            + r"|to (?:the )?(rxn|ds|dmg|def|res|blocks))\b(?: step\b)?(?!\s*\w*\s*res\b)"
            r"([,;:]?\s*(?:P[12] )?(?:no )?(?:blk|block|declar|def))?",
            re.I,
        ),
        lambda m: (
            "all pass to the "
            + (
                "Defend"
                if (m.group(1) or m.group(2)).casefold() == "ds" and m.group(3)
                else _STEP_WORDS_26F[(m.group(1) or m.group(2)).casefold()]
            )
            + " Step"
            + (";" + m.group(3).lstrip(",;:") if m.group(3) else "")
        ),
    ),
    # "pass/pass, EP", "all pass -> EP": the action phase ends (CR 4.3.4)
    (
        re.compile(r"\ball pass\s*(?:,|->|=>|→|>)?\s*(?:to )?(?:the )?EP\b:?", re.I),
        "all pass (the action phase ends)",
    ),
    # "EP: ...", "SoT: ...", "AP: ...", "DS: ...": a phase or step named as a label before the actions
    (re.compile(r"(^|;\s*)(?:EP|end phase|EOT)\s*:\s*", re.I), r"\1End Phase - "),
    (re.compile(r"(^|;\s*)(?:SoT|start of turn|start phase)\s*:\s*", re.I), r"\1Start Phase - "),
    (re.compile(r"(^|;\s*)AP\s*:\s*"), r"\1Action Phase - "),
    (
        re.compile(r"(^|;\s*)(?:->\s*)?(rxn|ds|dmg|def|res)(?: step)?\s*:\s*", re.I),
        lambda m: f"{m.group(1)}{_STEP_WORDS_26F[m.group(2).casefold()]} Step - ",
    ),
    # "@P2 hero", "@P2": the attack's or the card's target, P2's hero
    (re.compile(r"\s*@\s*(P[12])(?:'s)?(?: hero\b)?", re.I), r" targeting \1's hero"),
    # "all pass - P res", "pass/pass, Z res": the passes and the layer that resolved (CR 1.11.4a)
    (
        re.compile(
            r"\ball pass\s*[-,:]\s*((?:the )?[A-Z][\w' ]*?)\s+(?:res|resolves|resolved)\b(?!\s*step)(?=\s*(?:[;,(:]|$))",
            re.I,
        ),
        r"all pass (\1 resolves)",
    ),
    # ", no rxn", ", no reactions": the passes through the Reaction Step, a clause of its own
    (re.compile(r",\s*(no (?:rxns?|reactions?))\b", re.I), r"; \1"),
    (re.compile(r"\b(no (?:rxns?|reactions?))\s*,\s*", re.I), r"\1; "),
    # "P1 no {r}{r}{r}", "P1 won't pay": an optional payment declined ("unless you pay", CR 8.6.19)
    (
        re.compile(
            r"\b(P[12]) (?:no|won'?t pay|doesn'?t pay|does not pay|declines to pay)(?: (?:\{r\})+| \d+)?\s*(?:[,;]\s*|$)",
            re.I,
        ),
        r"\1 declines the optional effect; ",
    ),
    # "temper: Legs T -1{d}", "battleworn: X -1{d}": the close-step keyword narrated (a claim)
    (
        re.compile(
            r"\b(temper|battleworn)\s*:\s*([A-Z][^;,()]*?)\s+(?:-1\{d\}|-1)(?:\s+counter)?(?=\s*(?:[;,]|$))",
            re.I,
        ),
        r"\1 puts a -1 counter on \2",
    ),
    # "A hits 3", "A 4 dmg", "Pox 2 dmg to P1": the damage said after the source, without "for" or "deals"
    (re.compile(r"(^|[;,:-]\s*)((?!P[12]\b)[A-Z][\w']*(?: [A-Z][\w']*)?) hits (\d+)\b"), r"\1\2 hits for \3"),
    (
        re.compile(
            r"(^|[;,:-]\s*)((?!P[12]\b)[A-Z][\w']*(?: [A-Z][\w']*)?) (\d+) (?:dmg|damage)(?: to (P[12]))?(?=\s*(?:[;,(]|$))"
        ),
        lambda m: (
            f"{m.group(1)}{m.group(2)} deals {m.group(3)}"
            + (f" damage to {m.group(4)}" if m.group(4) else "")
        ),
    ),
    # "X trig, res": the trigger and its resolution after everyone passed
    (
        re.compile(
            r"\b([A-Z][\w']*(?: [A-Z][\w']*)*) trig(?:ger(?:s|ed)?)?,\s*(?:res|resolves|resolved)\b", re.I
        ),
        r"\1 triggers; all pass (it resolves)",
    ),
    # "all pass, chain closes": the passes through the Resolution Step, which close the chain (CR 7.6.4, 7.7)
    (
        re.compile(
            r"(?:\b(?:all|both|everyone) |(?:^|(?<=;))\s*)pass(?:es|ed)?,?\s*(?:and\s+)?(?:the\s+)?(?:(?:combat\s+)?chain|CC) clos(?:es|ed)\b",
            re.I,
        ),
        # (through the older edition's Link Step too, which comes before its Close Step: old 7.7.4;
        # 2.13.0 has no Link Step and reads it as its Resolution Step, turn.norm_step)
        "all pass through the Link Step",
    ),
    # "Kayo trigger: Might token": the token the trigger makes, said as its label (issue 27, disputes-27c)
    (
        re.compile(
            r"(^|[,;]\s*)(?!P[12]\b)([A-Z][\w']*(?: [\w',]+)*?) trigger:\s*(?:an? )?([A-Z][\w']*(?: [A-Z][\w']*)*) token(?=$|[,;])"
        ),
        r"\1\2 makes a \3",
    ),
    # "Pox trig: ...": the trigger named as a label before what it does
    (re.compile(r"\b([A-Z][\w']*(?: [A-Z][\w']*)*) trig\s*:\s*"), r"\1 triggers; "),
    # "P1 no ars", "no arsenal": nothing put into the arsenal (CR 4.4.3b)
    (re.compile(r"\b(P[12]) no (?:ars|arsenal)\b", re.I), r"\1 does not put a card into their arsenal"),
    # "pitch -> btm", "pitch to bottom": every pitch zone goes to the bottom of its deck (CR 4.4.3c)
    (
        re.compile(r"(^|;\s*)pitch(?: zones?)?\s*(?:->|=>|→|>|to)\s*(?:the )?(?:btm|bottom)\b", re.I),
        r"\1pitch zones go to the bottom",
    ),
    # "so W resolves and Attack A is down to 4": what the resolution did, said after it (a claim)
    (
        re.compile(
            r"\b((?:it|that|this|[A-Z][\w']*) (?:resolves|resolved)) and ((?!P[12]\b)[A-Z][\w' ]*? is (?:down|up) to \d+)\b"
        ),
        r"\1 (\2)",
    ),
    # "it resolves, the helm's a 2 now": the layer resolved, then a remark
    (
        re.compile(
            r"(^|;\s*)(?:it|that|this) (?:resolves|resolved),\s*((?:the |her |his |their )?[\w' ]+?'s (?:a |at )?\d+ now)\s*$",
            re.I,
        ),
        r"\1all pass (it resolves) (\2)",
    ),
    (re.compile(r"(^|;\s*)(?:it|that|this) (?:resolves|resolved),\s*", re.I), r"\1all pass (it resolves); "),
    # "res step all pass": the step named before the passes, without a colon
    (
        re.compile(r"(^|;\s*)" + _STEP_ALT_26F + r" step,?\s+(?=all pass\b)", re.I),
        lambda m: f"{m.group(1)}{_STEP_WORDS_26F[m.group(2).casefold()]} Step - ",
    ),
    # "temper: Legs T at 0{d}, destroyed": what a close-step keyword did, narrated after a label (a remark)
    (re.compile(r"(?:;\s*)?\b(temper|battleworn|blade break)\s*:\s*([^;()]+)$", re.I), r" (\1: \2)"),
    # ", the helm gets its battleworn counter", ", the helm's a 2 now": what the judge sees follow (a remark)
    (
        re.compile(
            r",\s+((?:the |her |his |their )?[\w' ]+? (?:gets|got) (?:its|the|a) (?:battleworn|temper|blade break|-1)\b[^;()]*)$",
            re.I,
        ),
        r" (\1)",
    ),
    (
        re.compile(r",\s+((?:the |her |his |their )?[\w' ]+?'s (?:a |at )?\d+ now)(?=\s*(?:[;,]|$))", re.I),
        r" (\1)",
    ),
    # "A go again": the attack has go again (a claim)
    (
        re.compile(
            r"(^|[;:]\s*|- )((?!P[12]\b)[A-Z][\w']*(?: [A-Z][\w']*)?) (?:has )?go again(?=\s*(?:[;,]|$))"
        ),
        r"\1go again",
    ),
    # ", the attack reaction's not an action card so overpower doesn't stop it": the judge's reason (a remark)
    (
        re.compile(
            r",\s+((?:the|that|this|it|its)\b[^,;()]*?(?:'s not|'s no|is not|isn't|doesn't|does not|can't|cannot)\b[^();]*)$",
            re.I,
        ),
        r" (\1)",
    ),
    # "it resolves and P2 says ...": the layer resolved after everyone passed, then the next action
    (
        re.compile(r"(^|;\s*)(?:it|that|this|[A-Z][\w' ]*?) (?:resolves|resolved),? and (?=P[12]\b)"),
        r"\1all pass (it resolves); ",
    ),
    # "P2 uses the Robe's arcane barrier": the keyword of that equipment applied (CR 8.3.8, 8.3.15, 8.3.19)
    (
        re.compile(
            r"\b(P[12]) (?:uses|used|use|applies|applied|apply|activates|activated|pays for|paid for) (?:the |her |his |their )?"
            r"([A-Z][\w' ]*?)'s (arcane barrier|spellvoid|quell)(?: (\d+))?\b",
            re.I,
        ),
        lambda m: (
            f"{m.group(1)} applies {m.group(3)}{' ' + m.group(4) if m.group(4) else ''} of {m.group(2)}"
        ),
    ),
    # "through the Defend Step and the Reaction Step": the steps listed with their articles
    (re.compile(r"\bthe (\w+) step,? and the (\w+) steps?\b", re.I), r"the \1 and \2 Steps"),
    # "cracks her Gold", "blocks with her Helm H": a possessive before a card's name adds nothing
    (re.compile(r"\b(?:her|his|their) (?=[A-Z])"), ""),
    # "puts Card X from her pitch zone into arsenal": the engine finds where the card is (CR 4.4.3b)
    (
        re.compile(
            r"\b(puts?|placed|places) ([A-Z][\w' ]*?) from (?:her|his|their|the) (?:pitch zone|graveyard|deck|banished zone)\b(?= (?:face[- ]?(?:down|up) )?into)",
            re.I,
        ),
        r"\1 \2",
    ),
    # "cracks her Gold herself": the reflexive adds nothing
    (re.compile(r"\s+(?:herself|himself|themselves|themself)\b", re.I), ""),
    # "plays Attack B at P2, who doesn't block, and it hits for 5": the target's player declares no
    # defending cards (CR 7.3.2), then the damage
    (
        re.compile(
            r"\b(?:at|@|targeting) (P[12])(?:'s hero)?,? who (?:doesn'?t|does not|didn'?t|did not|won'?t) (?:block|defend)(?: it)?,?\s*(?:and\s+)?",
            re.I,
        ),
        r"targeting \1's hero; \1 declares no defending cards; ",
    ),
    # "and it hits for 5": the damage of the attack just told (no other subject)
    (
        re.compile(
            r"(^|[;,]\s*)(?:and\s+)?(?:it|that) (?:hits|hit|connects|connected|lands|landed) for (\d+)\b",
            re.I,
        ),
        r"\1\2 damage",
    ),
    # "P1 plays Action N first": the order word after the action
    (re.compile(r"\s+first(?=\s*(?:[,;]|$))", re.I), ""),
    # ", but Attack A never had go again": the judge's reason (a remark)
    (re.compile(r",\s+(but (?!P[12]\b)[^;()]*)$", re.I), r" (\1)"),
    # "...; Player 1 has no card left in hand to discard for the additional cost": a claim about the hand
    (
        re.compile(
            r";\s*(P[12]) has no (?:other )?cards?(?: left)?(?: in (?:hand|her hand|his hand|their hand))?\b[^;]*",
            re.I,
        ),
        r" (\1 has no card left in hand)",
    ),
    # "during the Start Phase": the phase the action is said to happen in (a claim)
    (re.compile(r"\s+(?:during|in) the (start|action|end) phase\b", re.I), r" (\1 phase)"),
    # "puts Card X from her pitch zone into arsenal": the zone the card comes from
    (
        re.compile(
            r"\b(puts?|placed|places) ([A-Z][\w' ]*?) from (?:her|his|their|the) (pitch zone|graveyard|deck|banished zone)\b",
            re.I,
        ),
        r"\1 \2 (from \3)",
    ),
    # "P1 +1 AP (go again)": the action point gained, said as a sum
    (re.compile(r"\b(P[12]) \+(\d+) (?:AP|action points?)\b", re.I), r"\1 gains \2 action point"),
    # "P1 2 AP": the action points the player has (a claim)
    (
        re.compile(r"\b(P[12]) (\d+) (?:AP|action points?)(?=\s*(?:[;,)]|$))", re.I),
        r"\1 has \2 action points",
    ),
    # "P2 AB1 Hood + AB1 Robe, pitch Y (2)": two optional preventions applied, the pitch paying the first
    (
        re.compile(
            r"\b(P[12]) ((?:AB ?|arcane barrier |spellvoid |quell )\d+) ([A-Z][\w' ]*?) \+ ((?:AB ?|arcane barrier |spellvoid |quell )\d+) "
            r"([A-Z][\w' ]*?),\s*(pitch(?:ing|es)?\s+[^;]+)",
            re.I,
        ),
        r"\1 applies \2 of \3, \6; \1 applies \4 of \5",
    ),
    # "P2 blk C (3)": a bare number after a defending card is its defense
    (
        re.compile(
            r"\b(?:blks?|blocks?|blocked|blocking|declares?|declared|defends?|defended)\b[^;]*?\(\d+\)[^;]*",
            re.I,
        ),
        lambda m: rx.sub(r"(?<=[\w'])\s+\((\d+)\)", r" (defense \1)", m.group(0)),
    ),
    # "pitch Y (2)": the pitch value said bare in parentheses
    (re.compile(r"\b(pitch(?:ing|es)? [A-Z][\w' ]*?) \((\d)\)", re.I), r"\1 (pitch \2)"),
    # "P1 untaps all permanents they control": the end-of-turn untap (CR 4.4.3d), which the engine does
    (
        re.compile(
            r"\b(P[12]) untaps (?:all )?(?:the |her |his |their )?(?:permanents|everything)\b[^;]*", re.I
        ),
        r"\1's permanents untap",
    ),
    # "AR R (arsenal)", "(from arsenal)": the zone a card is played from, said in parentheses
    (re.compile(r"(?<=[\w)]) \((?:from )?(arsenal|hand)\)", re.I), r" from \1"),
    # "(1 float)", "(2 floating)": paid with floating resource points (CR 1.14.2d)
    (
        re.compile(r"\s*\((\d+) (?:float|floating)(?: resources?)?\)", re.I),
        r", paying \1 with floating resource points",
    ),
    # "P1 grabs Attack G out of her graveyard and plays it": the card played from that zone
    (
        re.compile(
            r"\b(P[12]) (?:grabs|grabbed|takes|took|pulls|pulled|gets|got) ([A-Z][\w' ]*?) (?:out of|from) (?:her|his|their|the) "
            r"(graveyard|banished zone|deck|pitch zone) (?:and )?(?:then )?(?:plays|played|casts|cast) it\b",
            re.I,
        ),
        r"\1 plays \2 from \3",
    ),
    # "tries to crack", "tried to play", "says she'll use", "wants to block with": the attempt is the action
    # (an illegal one is reversed all the same, CR 1.10.3)
    (
        re.compile(
            r"\b(P[12]) (?:tries|tried|attempts|attempted|wants|wanted|goes|went) to (?=[a-z])|"
            r"\b(P[12]) (?:says|said) (?:she|he|they|P[12])(?:'ll| will| is going to| was going to| wants to) (?=[a-z])",
            re.I,
        ),
        lambda m: f"{m.group(1) or m.group(2)} ",
    ),
    # "by pitching just Card R": the payment said with "by"
    (re.compile(r"\s+by (pitching|paying)(?: just| only)?\s+", re.I), r", \1 "),
    # ", forgetting the Frostbite tax", "this time": the judge's remarks around an action
    (re.compile(r",\s+((?:forgetting|missing|ignoring|overlooking)\b[^;()]*)", re.I), r" (\1)"),
    (re.compile(r"\s+this time\b", re.I), ""),
    # "she took it back and played X again": the reversed play redone (the words say nothing more)
    (
        re.compile(
            r"\b(?:took|takes|take|picked|picks) (?:it|that|the card|them) (?:back|up)(?: and)?\s*", re.I
        ),
        "",
    ),
    # "the judge stops that", "that got backed up": the judge's narration of a reversal (CR 1.10.3)
    (
        re.compile(
            r"(?:^|(?<=;))\s*(?:the )?(?:judge|I) (?:stops|stopped|stop|catches|caught|catch) (?:it|that|them|the play)\s*(?:[;,]\s*(?:so\s+)?|$)|"
            r"(?:^|(?<=;))\s*(?:that|it|the play) (?:got|gets|was|is) (?:backed up|reversed|rewound|undone|taken back)\s*(?:(?:[;,]|and)\s*(?:so\s+)?|$)",
            re.I,
        ),
        "",
    ),
    # "right after Attack A", "before swinging again", "after the first attack resolved": when, a remark
    (re.compile(r"\s+right (?:after|before) (?:the )?[A-Z][\w' ]*?(?=,|;|\s*\(|$)"), ""),
    (re.compile(r"\s+before (?:swinging|attacking|going)(?: again| in)?\b", re.I), ""),
    (
        re.compile(
            r"^\s*after (?:the|her|his|their) (?:first |last )?(?:attack|chain link|link) (?:resolved|resolves),?\s*",
            re.I,
        ),
        "",
    ),
    # "(the +2 one)": which card, said again (a remark)
    (re.compile(r"\s*\(the [^()]*? one\)", re.I), ""),
    # "to shrink it by 2", "to pump it": the player's purpose, a remark
    (
        re.compile(
            r"\s+to (?:shrink|pump|buff|boost|lower|reduce|kill|stop|save|soak) (?:it|that|the attack|them)\b[^,;()]*",
            re.I,
        ),
        "",
    ),
    # "nobody does anything else and we go to blocks", "on to blocks": the passes up to the Defend Step
    (
        re.compile(
            r"\b(?:nobody|no one|neither player) (?:does|did) anything(?: else)?(?:,|\s+and)?\s+(?:we |they )?(?:go|went|move|moved) (?:on )?to blocks\b",
            re.I,
        ),
        "all pass to the Defend Step",
    ),
    (
        re.compile(
            r"(^|;\s*)(?:and\s+)?(?:then\s+)?(?:on|onto|moving on|we go|we move on|go) to (?:the )?blocks\b,?\s*",
            re.I,
        ),
        r"\1all pass to the Defend Step; ",
    ),
    (re.compile(r"\b(nobody|no one|neither player) (does|did) anything else\b", re.I), r"\1 \2 anything"),
    # "which gets the +1 from Toughness", "which had 2": what a card just named has, a remark
    (
        re.compile(
            r",\s+((?:which|that) (?!(?:is|was) (?:a|an) [123]\b)(?:gets|got|has|had|is|was)\b[^;]*)$", re.I
        ),
        r" (\1)",
    ),
    # "go again gives her the action point back": go again's action point (CR 8.3.5b)
    (
        re.compile(
            r"\bgo again gives (?:her|him|them|P[12]) (?:the|an|1|one) action point(?: back)?\b",
            re.I,
        ),
        "go again",
    ),
    (
        re.compile(r"\b(gets|got|gains|gained) the action point (?:back )?(?:from|off|for) go again\b", re.I),
        "gains 1 action point (go again)",
    ),
    # "but doesn't swing again": the attacker declines to attack (nothing to apply)
    (
        re.compile(
            r"\s+but (?:doesn'?t|does not|didn'?t|did not) (?:swing|attack|go)(?: again| for it)?\b", re.I
        ),
        "",
    ),
    # "the Damage Step begins and damage is dealt": the step, then its damage (CR 7.5.2)
    (re.compile(r"\s+and (?:the )?damage is (?:dealt|done|calculated)\b", re.I), ""),
    # "start of P1's turn, P2's Toughness goes off and it's gone": the Start Phase and a token's trigger
    (
        re.compile(r"(^|;\s*)(?:at the )?start of (?:P[12]'s|the|her|his|their) turn,?\s*", re.I),
        r"\1Start Phase - ",
    ),
    (
        re.compile(
            r"\b((?:P[12]'s )?[A-Z][\w' ]*?) (?:goes off|went off|fires|fired|pops|popped)(?:,| and) (?:it's|it is|is) (?:gone|destroyed)\b",
        ),
        r"\1 triggers; all pass (it resolves)",
    ),
    # "Frostbite's gone", "it's gone": the token is no longer there (a claim)
    (re.compile(r",\s*([A-Z][\w' ]*?)'s (?:gone|destroyed)(?=\s*(?:[;,]|$))"), r" (\1 is destroyed)"),
    # ", and takes 2 arcane damage": the damage the player takes, a clause of its own
    (
        re.compile(r",\s+and (takes|took|is dealt|was dealt) (\d+)", re.I),
        lambda m: (
            "; "
            + (rx.findall(r"\bP[12]\b", m.string[: m.start()]) or [""])[-1]
            + f" {m.group(1)} {m.group(2)}"
        ),
    ),
    # ", then passes priority", "and passes": the player passes after acting
    (
        re.compile(r",?\s+(?:and |then |and then )+pass(?:es|ed)(?: priority)?(?=\s*(?:[.;]|$))", re.I),
        "; passes",
    ),
    # "at P2's hero for 2 arcane", ", 2 arc to P2": the arcane damage said with the play (a claim)
    (re.compile(r"(P[12]'s hero) for (\d+) arcane(?: damage)?\b", re.I), r"\1 (\2 arcane damage)"),
    (
        re.compile(r",\s*(\d+) arc(?:ane)?(?: damage| dmg)? to (P[12])(?=\s*(?:[;,]|$))", re.I),
        r" (\2 takes \1 damage)",
    ),
    # "had nothing in hand to arsenal": no card put into the arsenal (CR 4.4.3b)
    (
        re.compile(
            r"\b(P[12]) (?:had|has) (?:nothing|no cards?) (?:in (?:her |his |their )?hand )?to arsenal\b[^;]*",
            re.I,
        ),
        r"\1 does not put a card into their arsenal",
    ),
    # "P1's hero only has 3 intellect so she draws 3": the reason before the draw (a remark)
    (
        re.compile(
            r"\b(P[12])'s hero (?:only )?has \d+ intellect,? so (?:she |he |they |P[12] )?(draws?|drew)\b",
            re.I,
        ),
        r"\1 \2",
    ),
    # "drew back up to 4": the draw up to intellect (CR 4.4.3f)
    (re.compile(r"\b(draws?|drew) (?:back )?up to (\d+)\b", re.I), r"\1 up to \2"),
    # "draws no cards, as their hand already holds 4 cards": no draw
    (re.compile(r"\b(draws?|drew) no cards?\b(?:,? (?:as|since|because) [^;]*)?", re.I), r"\1 0"),
    # "leads with Attack A": the first attack of the turn
    (re.compile(r"\b(P[12]) (?:leads|led|opens|opened|starts|started) (?:off )?with\s+", re.I), r"\1 plays "),
]


#: More whole-action idioms (issue 26, blind-26e), tried before the ones above.
_IDIOMS_26E: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    # "P1's done, passes": the remark before the pass
    (re.compile(r"\b(P[12])'s (?:done|finished|out of (?:gas|cards|actions)),\s*", re.I), r"\1 "),
    # "P1 passes, end of turn", "eot": the action phase ends (CR 4.3.4)
    (
        re.compile(
            r"(?<=[,;])\s*(?:and\s+)?(?:(?:it's|that's) )?(?:end of (?:the )?turn|eot|on to the end phase)(?=\s*(?:[,;]|$))",
            re.I,
        ),
        " all pass (the action phase ends)",
    ),
    # "judge backs it up": the judge's own narration of a reversal, not an action (CR 1.10.3)
    (
        re.compile(
            r"(?:^|(?<=;))\s*(?:the )?(?:judge|I) (?:backs?|backed|rolls?|rolled|reverses|reversed|rewinds?|rewound|undoes|undid) (?:it|that|them|the play|the line)(?: up| back)?\s*(?:;\s*|$)",
            re.I,
        ),
        "",
    ),
    # "a second time", "once more": again
    (re.compile(r"\s+(?:a second time|a 2nd time|once more|one more time)\b", re.I), " again"),
    # "pitches both Unmovables (red + blue)": the two colours of one name
    (
        re.compile(r"\bboth ([A-Z][\w' ]*?)s? \((red|yellow|blue) (?:\+|and|&) (red|yellow|blue)\)"),
        r"\1 (\2) and \1 (\3)",
    ),
    # "P2 pitches Sink Below for Nullrune Hood's barrier 1": the keyword applied (CR 8.3.8)
    (
        re.compile(
            r"\b(P[12]) (?:pitches|pitched) ([^,;()]+?) for (?:the |their |[\w' ]+?'s )?(?:arcane )?barrier( \d+)?\b",
            re.I,
        ),
        r"\1 applies arcane barrier\3, pitching \2",
    ),
    # "pitches both Unmovables, 1 floating": the resource points left in the pool (a claim)
    (
        re.compile(
            r",\s*(\d+) (?:floating|left over|leftover|banked)(?: resources?| resource points?)?(?=\s*(?:[,;]|$))",
            re.I,
        ),
        r" (\1 resource points)",
    ),
    # "Attack K (piercing 1) now 6, deals 4": the attack's power said before its damage (a remark)
    (
        re.compile(r"\s+now (\d+),\s*(deals|dealt|does|did|hits for|hit for) (\d+)\b", re.I),
        r" \2 \3 (now \1)",
    ),
    # "it resolves; P2 ...": a line opening on the resolution of the layer the line before played
    (
        re.compile(r"^\s*(?:and\s+)?(?:it|that|this) (?:resolves|resolved)(?=\s*[;,])", re.I),
        "all pass (it resolves)",
    ),
    # "P1 passes again": a pass (the word compares it with the player's pass before)
    (re.compile(r"\b(P[12]) (pass(?:es|ed)?) again\b", re.I), r"\1 \2"),
    # "X -> res", "resolves", "it resolves too", "it resolves at 6": the players passed and the top
    # layer resolved (CR 1.11.4a, 5.3)
    # ("-> res" opening a clause, with no layer named before the arrow, is the way to the Resolution
    # Step: the abbreviation below)
    (
        re.compile(r"(?<=[^\s;,])\s*(?:->|=>)\s*res(?:olves)?\b(?!\s*(?:step|\.))", re.I),
        "; all pass (it resolves)",
    ),
    (
        re.compile(
            r"(^|[;,]\s*)(?:and\s+)?(?:(?:(?:it|that|this) )?(?:resolves|resolved)(?: too| as well| (?:at|for) \d+(?: defen[cs]e)?)|(?:resolves|resolved))(?=\s*(?:[;,]|$))",
            re.I,
        ),
        r"\1all pass (it resolves)",
    ),
    # "P2 plays DR D, resolves", "P1 Buff N ..., res": the same after a play
    # "nobody does anything;": everyone passed (the rewrite below wants a comma or the end)
    (re.compile(r"\b(nobody|no one) (does|did) anything(?=\s*;)", re.I), "all pass"),
    # "passes through damage and resolution" with no subject: everyone passes (CR 1.11.4a)
    (re.compile(r"(^|;\s*)(?:and\s+)?pass(?:es|ed)? (through|thru|to)\b", re.I), r"\1all pass \2"),
    (re.compile(r"(^|[;,]\s*)pass(?=\s*(?:[,;]|$))", re.I), r"\1all pass"),
    # "right away", "immediately", "straight after": when, not what
    (
        re.compile(
            r"\s+(?:right away|straight away|straight after|immediately after|right after)(?=\s|$|,)", re.I
        ),
        "",
    ),
    (re.compile(r"\b(P[12]) (?:immediately|instantly|quickly|then|also) (?=[a-z])"), r"\1 "),
    (re.compile(r"\b(plays|played|attacks with) ([A-Z][^,;()]*?) instead(?=,|;|$|\s)"), r"\1 \2"),
    # "Snatch connects for 4", "lands for 4": the attack hits for that much (a claim)
    (re.compile(r"\b(connects|connected|lands|landed) for (\d+)\b", re.I), r"hits for \2"),
    # "P2 keeps Sink Below in hand": a remark about the hand, kept as a claim of the clause before
    (
        re.compile(
            r"(?:,\s*|\s+and\s+)(?:P[12] )?(?:keeps|kept|holds|held) ([A-Z][^,;()]*?) in (?:their |his |her )?hand\b",
            re.I,
        ),
        r" (keeps \1 in hand)",
    ),
    # "Spectral Shield is destroyed to prevent 1": the ward's prevention said of its card (a claim)
    (
        re.compile(
            r"\b((?:the )?[A-Z][\w']*(?: [A-Z][\w']*)*) (?:is|was|gets|got) destroyed to prevent (\d+)\b"
        ),
        r"\1 prevents \2",
    ),
    # "the shield takes 1", "Spectral Shield took 1": a permanent said to take damage prevents it
    (
        re.compile(
            r"(^|[;,:]\s*)((?:the )?(?:[\w' ]*shield|[\w' ]*ward)) (?:takes|took|stops|stopped|blocks|blocked) (\d+)\b",
            re.I,
        ),
        r"\1\2 prevents \3",
    ),
    # "temper puts a -1 counter on Legs T", "Ironrot Helm blade breaks": a keyword's close-step
    # trigger narrated (CR 8.3.2, 8.3.3, 8.3.10): a remark on the close, kept as a claim
    (
        re.compile(
            r"(?:,\s*|;\s*)(?![^(]*\))((?:temper|battleworn|blade break|guardwell) (?:puts|put|adds|added|destroys|destroyed|removes|kills|killed)\b[^;()]*|[A-Z][\w' ]*? (?:blade breaks|blade broke)\b[^;()]*)(?=;|$)",
            re.I,
        ),
        r" (\1)",
    ),
    # "P1 uses the go again action point for Attack B": the point, then the play (CR 8.3.5b)
    (
        re.compile(
            r"\b(P[12]) (?:uses|used|spends|spent) (?:the |their |that )?(?:go again|GA)(?: action)? point (?:for|on|to play|to swing|to attack with) ",
            re.I,
        ),
        r"go again; \1 plays ",
    ),
    # "P1 claims go again and plays X": the claim of the point, then the play
    (
        re.compile(
            r"\b(P[12]) (?:claims|claimed|says|said) (?:it has |it had )?(?:go again|GA)(?:,| and)\s+", re.I
        ),
        r"go again; \1 ",
    ),
    # "P1 goes Snatch at P2": the play
    (re.compile(r"\b(P[12]) (?:goes|went) (?=[A-Z](?!\w* \d))"), r"\1 plays "),
    # "P1 wants +4 so plays Pummel": the wish before the play
    (
        re.compile(
            r"\b(P[12]) (?:wants|wanted|needs|needed) [^,;]+? (?:so|and) (?=plays|played|casts|swings|attacks)",
            re.I,
        ),
        r"\1 ",
    ),
    # "at 20 v 20": the life totals when the card is played (a remark)
    (re.compile(r"\s+at (\d+) (?:v|vs\.?|versus|to) (\d+)\b", re.I), r" (\1 v \2)"),
    # "P1 passes priority to P2, who plays X": P2 plays it
    (re.compile(r"\b(pass(?:es|ed)?)(?: priority)? (?:over )?to (P[12]),? who (?=\w)", re.I), r"\1; \2 "),
    # "P2 responds ... targeting themself / themselves / on themselves": their own hero
    (
        re.compile(
            r"\b(P[12])( [^;]*?\b(?:targeting|on|at)) (?:themself|themselves|himself|herself)\b", re.I
        ),
        r"\1\2 \1's hero",
    ),
    # "P1 draws off the hit trigger": the hit trigger resolves
    (
        re.compile(
            r"\b(?:P[12] )?(?:drew|draws|draw)(?: a card| one| 1)? (?:off|from) (?:the )?hit trigger\b",
            re.I,
        ),
        "the hit trigger resolves",
    ),
    # "they draw 3 back up to 4": the draw
    (re.compile(r"\b(draws?|drew) (\d+)(?: cards?)? (?:back )?up to \d+\b", re.I), r"\1 \2"),
    # "Kassai ability: banish X, Y, Z, W from gy", "P1 uses Kassai, banishing ... from the graveyard": the
    # cards a graveyard-banish cost takes, said with the activation (heroes_more.pay_graveyard_banish)
    (
        re.compile(
            r"^(?:(P[12]) (?:uses |used |activates |activated )?)?(?!P[12]\b)([A-Z][\w' ,.-]*?)(?:'s)?(?: (?:hero )?[Aa]bility)?"
            r"\s*[:,]\s*(?:and )?banish(?:es|ing|ed)?\s+([^;]+?)\s+from (?:the |their |her |his )?(?:gy|graveyard|yard|grave)\b"
        ),
        lambda m: (
            f"{m.group(1) + ' activates ' + m.group(2) if m.group(1) else m.group(2) + ' activates'}, banishing {m.group(3)} from the graveyard"
        ),
    ),
    # "P1 Cindra ability, pitch X", "P1 uses Prism's ability: ...", "Kassai ability: ...": the hero's (or
    # a card's) activated ability named with the word "ability" (issue 27, disputes-27c)
    (
        re.compile(
            r"^(P[12]) (?:uses |used |activates |activated )?(?!P[12]\b)([A-Z][\w' ,.-]*?)(?:'s)? (?:hero )?[Aa]bility\b\s*[:,]?\s*"
        ),
        r"\1 activates \2, ",
    ),
    (
        re.compile(
            r"^(?!P[12]\b)([A-Z](?:(?!\bP[12]\b)[\w' ,.-])*?)(?:'s)? (?:hero )?[Aa]bility\b\s*[:,]\s*"
        ),
        r"\1 activates; ",
    ),
    # "P1 uses Prism: pitches X, ...", "P1 Oscilio: discards X": a hero's activation told with a colon
    # the costs the engine pays itself ({t}, "destroy a Gold you control") are narration, and what
    # follows is what the player did ("P1 uses Gravy: tap, pops a Gold, draws, discards X")
    (
        re.compile(
            r"^(P[12]) (?:uses|used|activates|activated) (?!P[12]\b)([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*)\s*:\s*(.*)$"
        ),
        lambda m: f"{m.group(1)} activates {m.group(2)}" + _after_activation(m.group(1), m.group(3)),
    ),
    # "Valda gets 2 Seismic Surge", "Kayo trigger: Might token": a token the hero's trigger makes, said
    # with the hero (or its trigger) as the maker (issue 27, disputes-27c)
    (
        re.compile(
            r"(^|[,;]\s*)(?!P[12]\b)([A-Z][\w']*(?: [\w',]+)*?)(?: trigger)? (?:gets|got|makes|made)"
            r" (\d+|a|an|one|two|three) (?!AP\b|RP\b)([A-Z][\w']*(?: [A-Z][\w']*)*)(?: tokens?)?(?=$|[,;])"
        ),
        r"\1\2 makes \3 \4",
    ),
    (
        re.compile(
            r"(^|[,;]\s*)(?!P[12]\b)([A-Z][\w']*(?: [\w',]+)*?) trigger:\s*(?:an? )?([A-Z][\w']*(?: [A-Z][\w']*)*) token(?=$|[,;])"
        ),
        r"\1\2 makes a \3",
    ),
    # "P1 Oscilio: discards X, draws 1", "P1 Fai: pays 1, returns ...": one name before a colon and a
    # cost or effect verb after it is that card's (the hero's) activated ability, then what was done
    (
        re.compile(
            r"^(P[12]) ([A-Z][\w'-]+)\s*:\s*(?=(?:discards|pitches|banishes|draws|pays|taps|returns|destroys|removes)\b)"
        ),
        r"\1 activates \2; \1 ",
    ),
    # "Echoflash trigger from the yard": where the triggering card is, a remark
    (re.compile(r"\b(trigger)\s+(?:from|in) (?:the )?(?:yard|gy|graveyard|discard pile)\b", re.I), r"\1"),
    # "resolves: Gold (3 now) ...": the top layer resolved (all passed), then what it did
    (re.compile(r"^(?:it |that )?resolves\s*[:,-]\s*", re.I), "all pass (it resolves); "),
    # "P2 no block, Kunai hits for 1": the damage said by a short name of the attack after a comma
    (
        re.compile(
            r"([,;]\s*)(?:the )?(?!P[12]\b)[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3} (?:hits|hit|connects|lands) (?:for|with) (\d+)\b"
        ),
        r"\1\2 dmg",
    ),
    # "P1 Breakneck Battery, pitch X, random discard Flex Speed", "..., random discard is Y",
    # "..., discard at random: Z": the card a random additional-cost discard took (issue 27, disputes-27c)
    (
        re.compile(
            r",\s*(?:(?:and )?(?:the |a )?random discard(?:ed)?(?:\s+(?:is|was|=))?|discard(?:ed|s|ing)? at random"
            r"|(?:and )?randomly discard(?:ed|s|ing)?)\s*:?\s+(?=[A-Z])",
            re.I,
        ),
        ", discarding ",
    ),
]


#: Verbs only the attacking (turn-) player does in combat, and verbs only the defending player does
_ATTACKER_VERBS = r"(?:swings?|swung|attacks?|attacked|leads?|led|opens?|opened|goes|went)\b"
_DEFENDER_VERBS = r"(?:blocks?|blocked|defends?|defended|(?:takes?|took|ate|eats)\s+(?:the\s+|all\s+)?\d)"


def _pronouns(line: str, last: str = "", turn: str = "") -> str:
    """ "They stick Card A in arsenal", "and he draws 3": a pronoun subject is the last player named
    before it (on the line, else on the lines before; ``last``). With the turn-player known, a verb
    only one side does in combat decides it: "she swung with the sword" is the attacker, the
    turn-player (CR 7.2, 8.1.1), "she took 2" the defending player; at the start of a log with no
    player named yet the pronoun is the turn-player."""
    other = {"P1": "P2", "P2": "P1"}.get(turn, "")

    def who_for(rest: str, named: str) -> str:
        if turn and rx.match(_ATTACKER_VERBS, rest, re.I):
            return turn
        if turn and rx.match(_DEFENDER_VERBS, rest, re.I):
            return other
        return named or turn

    out = ""
    for part in rx.split(r"(\bP[12]\b)", line):
        if rx.fullmatch(r"P[12]", part):
            last = part
            out += part
            continue
        if last or turn:
            part = rx.sub(
                r"(^\s*|[;,.]\s*(?:and\s+)?(?:then\s+)?|\b(?:and|then|so|but)\s+)(?:they|he|she)\s+(?!both\b|all\b|each\b)(?=[a-z])",
                lambda m, named=last: m.group(1) + who_for(m.string[m.end() :], named) + " ",
                part,
                flags=re.I,
            )
        out += part
    # "they draw" -> "P1 draws": the verb agrees with the player it now has
    return rx.sub(
        r"\b(P[12]) (draw|put|play|block|defend|take|arsenal|attack|swing|discard|reveal|gain|lose|use|activate|stick)\b",
        r"\1 \2s",
        rx.sub(r"\b(P[12]) (pitch|pass)\b(?!es)", r"\1 \2es", out),
    )


def _arsenal_and_bottom(line: str) -> str:
    """ "P1 sticks Card A in arsenal face down", "Card X goes to the bottom": the end phase's arsenal
    (CR 4.4.3b) and the pitch zone put on the bottom of the deck (CR 4.4.3c), for the last player named."""
    line = rx.sub(
        r"\b(P[12]) (?:sticks?|stuck|slides?|slid|puts?|places?|placed|sets?|tucks?|tucked) (?!nothing\b)([A-Z][^,;()]*?)"
        r"(?: (face[- ](?:down|up)))? (?:in|into) (?:the |their |his |her )?arsenal(?: (face[- ](?:down|up)))?\b",
        lambda m: (
            f"{m.group(1)} puts {m.group(2)} {(m.group(3) or m.group(4) or 'face-down').replace(' ', '-')} into their arsenal"
        ),
        line,
    )
    out, last = "", ""
    for part in rx.split(r"(\bP[12]\b)", line):
        if rx.fullmatch(r"P[12]", part):
            last = part
            out += part
            continue
        if last:
            part = rx.sub(
                r"([;,]\s*(?:and\s+)?)([A-Z][^,;()]*?) (?:goes|go|went|is put) (?:to|on) the bottom(?: of (?:the|their|his|her) deck)?(?=\s*(?:[;,]|$))",
                lambda m, who=last: f"{m.group(1)}{who} puts {m.group(2)} on the bottom of their deck",
                part,
            )
        out += part
    return out


_PINGS = re.compile(r"^(?:the )?([A-Z][\w' ,]*?) (?:pings|zaps|burns) (P[12])(?:'s hero)?(?: for (\d+))?$")
#: "Viserai trigger, 1 Runechant": the trigger said with the token it makes (read like "Viserai makes 1 Runechant")
_TRIGGER_TOKEN = re.compile(
    r"(^|- |; )(?:the )?([A-Z][\w']*(?: [\w',]+)*?) trig(?:ger)?,\s*(\d+|a|an|one) ([A-Z][\w' ]*?)(?: tokens?)?(?=$|;)"
)
_UNBLOCKED = re.compile(
    r"^(?!P[12]\b)([A-Z][\w' ,]*?) (?:goes |went |was |is )?unblocked,\s*(?=hits|deals|for)", re.I
)


def _idioms(line: str, last: str = "", turn: str = "") -> str:
    """A judge's idioms for whole actions and for the passes between them ("P1 and P2 both pass",
    "nobody responded so it resolved", "P2 let it resolve", "P1 pitched X and played Y") rewritten
    into the grammar's shapes before the line is split into clauses."""
    # "the Runechant pings P2 for 1": a token's arcane damage said as a verb; "Snatch unblocked, hits
    # for 4": no defending cards, then the hit
    line = "; ".join(
        _PINGS.sub(lambda m: f"{m.group(1)} deals {m.group(3) or 1} damage to {m.group(2)}", x.strip())
        for x in line.split(";")
    )
    line = _UNBLOCKED.sub(lambda m: f"no block, {m.group(1)} ", line)
    line = _TRIGGER_TOKEN.sub(lambda m: f"{m.group(1)}{m.group(2)} makes {m.group(3)} {m.group(4)}", line)
    line = IDIOMS_26H.apply(line)
    line = _IDIOMS_26G_RW.apply(line)
    line = _IDIOMS_26F_RW.apply(line)
    line = _IDIOMS_26E_RW.apply(line)
    line = _arsenal_and_bottom(_pronouns(line, last, turn))
    line = rx.sub(
        r"(^|;\s*)and\s+(?=P[12]\b)", r"\1", line, flags=re.I
    )  # "and she drew 4" made "and P1 drew 4"
    line = _IDIOMS_RW.apply(line)
    # "nobody responded so it resolved", "nobody did anything in reactions": everyone passed, through
    # the step named (else once)
    return rx.sub(
        r"\b(?:nobody|no one|neither player|neither of them)(?: else)? (?:responded|responds|reacted|reacts|did anything|does anything|"
        r"played anything|plays anything)(?: (?:in|during) (?:the )?(reaction|defend|attack|layer|damage|resolution)s?(?: step)?)?"
        r"(?:,?\s*(?:so|and)\s+|,\s*|\s*$)",
        lambda m: f"all pass through the {m.group(1)} Step; " if m.group(1) else "all pass; ",
        line,
        flags=re.I,
    ).rstrip("; ")


def _correction(c: str) -> str:
    """A judge correcting themselves mid-line, "P2 blocks with Card C, no wait, with Card D": the
    words after the correction replace the object before it (the corrected line is what is applied)."""
    m = rx.match(
        r"^(.*?(?:\bwith|\bw/|\bdeclares|\bplays|\bpitching|\bpitches|\btargeting|\bactivates|\bblks?|\bblocks|\bblocked|\bdef)\s+)(.+?),?\s+"
        r"(?:no wait|no,? wait|sorry|i mean|correction:?|actually|rather|scratch that),?\s+"
        r"(?:(?:with|it was|it's|make that)\s+)?(.+)$",
        c,
        re.I,
    )
    return f"{m.group(1)}{m.group(3)}" if m else c


def _asides(c: str) -> str:
    """A judge's asides around an action, kept as claims rather than swallowed: "Before P1 passes
    priority, P2 plays X" says P1 still has priority (checked, CR 1.11.5); "P2 plays X during the
    Reaction Step" names the step (a claim in parentheses); ", which they can't do since ..." and
    "before declaring any defenders" are remarks in parentheses (read by the claim grammar, reported
    when unread)."""
    c = _correction(c)
    # "P1 attacks again with Dawnblade": the repeat said before the source
    c = rx.sub(
        r"\b(P[12]) (attacks|attacked|swings|swung) (?:again|once more|a second time) with ",
        r"\1 \2 with ",
        c,
        flags=re.I,
    )
    # "... -> combo, 4 power w/ go again": what the judge says follows from a keyword, a remark
    c = rx.sub(r"\s+(?:->|=>)\s+((?:combo|reprise|crush|rupture)\b[^;()]*)$", r" (\1)", c, flags=re.I)
    # "... -- Ira +1": a dash aside is a remark (a claim in parentheses)
    c = rx.sub(r"\s+(?:--|—)\s+([^;()]+)$", r" (\1)", c)
    # "P2 plays Sink Below (red) as a defense reaction": the card's own type, said (nothing to apply)
    c = rx.sub(r"\s+as (?:a|an|their|his|her) (?:defen[cs]e|attack) reaction$", "", c, flags=re.I)
    # "P1 Hit and Run (red), resolves": the card just played resolves (everyone passed)
    c = rx.sub(r",\s+(?:and\s+)?(?:resolves|resolved)$", ", it resolves", c, flags=re.I)
    # "..., +1 since P1 is lower", "... at 17 vs 20, it gets go again": the judge's reasons, claims in
    # parentheses (checked where the claim grammar reads them, else reported), never a card list
    c = rx.sub(r",?\s+(\+\d+\s+(?:since|because|as|from|for|thanks to)\b[^();]*)$", r" (\1)", c, flags=re.I)
    c = rx.sub(
        r"\s+\((at \d+ (?:vs\.?|v\.?|versus|to|against) \d+)\)|\s+(at \d+ (?:vs\.?|v\.?|versus|against) \d+)(?=,|$)",
        lambda m: f" ({m.group(1) or m.group(2)})",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r",\s+((?:so\s+)?(?:it|this|that)\s+(?:gets|has|gains|got|had|gained)\s+go again)$",
        r" (\1)",
        c,
        flags=re.I,
    )
    # "P1, who now has priority in the Defend Step, plays AR R": the aside is a claim about the player
    m = rx.match(
        r"^(P[12]),\s+(?:who|since|as)\s+(?:now |still |already )?(?:has|had|holds|held)\s+([^,;()]+),\s+(.+)$",
        c,
        re.I,
    )
    if m:
        c = f"{m.group(1)} {m.group(3)} ({m.group(2)})"
    m = rx.match(
        r"^(?:before|without waiting for) (P[12]) pass(?:es|ed)?(?: priority)?,?\s+(?=P[12]\b)", c, re.I
    )
    if m:
        c = f"{m.group(1).upper()} has priority; " + c[m.end() :]
    c = rx.sub(
        r"\s+before (?:declaring|declares|they declare|blocking)(?: any)? (?:defending cards|defenders|blockers|blocks)$",
        " (before declaring defending cards)",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r",\s+((?:which|since|because|as)\s+(?!(?:is|was) (?:a|an) [123]\b)(?:\w+ )?(?:can'?t|cannot|isn'?t|is not|wasn'?t|was not|shouldn'?t|not allowed|illegal)\b[^()]*)$",
        r" (\1)",
        c,
        flags=re.I,
    )
    # "pitched Card B for it, so 2 floating", "Chest W, which is already down a counter": a remark
    # about what came before (not a card of a list, not an action), kept in parentheses as a claim
    c = rx.sub(
        r",\s+((?:so|which|although|though|even though|right next to|next to|alongside)\s+(?!P[12]\b|(?:is|was) (?:a|an) [123]\b)[^();]*)$",
        r" (\1)",
        c,
        flags=re.I,
    )
    # "..., dealing 1 arcane damage to P2's hero": what the action did, said as a participle (a claim)
    c = rx.sub(
        r"^(P[12] (?:plays|played|casts|cast) (?:(?! and )[^,;()])+),\s+((?:dealing|gaining|creating)\s+[^();]+)$",
        r"\1 (\2)",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"(?<=\)),\s+((?:dealing|gaining|destroying|drawing|creating|discarding|banishing)\s+[^();]+)$",
        r" (\1)",
        c,
        flags=re.I,
    )
    # "As the 3 arcane damage would be dealt, P2 destroys X", "when the 5 came in P2 ...": the damage
    # about to be dealt (a claim, CR 6.4.2) before what the defender does about it
    c = rx.sub(
        r"(?:^|,?\s+(?:and\s+)?)(?:as|when|while|once) (?:the )?(\d+)(?: arcane| physical| combat)?(?: damage)? "
        r"(?:would be dealt|came in|comes in|was coming in|is coming in|was about to be dealt|is about to be dealt),?\s+(?=P[12]\b)",
        r"; \1 damage would be dealt; ",
        c,
        flags=re.I,
    ).lstrip("; ")
    # "P2 fired off Instant G, back up to 5": the player's life total after the action (a claim)
    who0 = rx.match(r"^(P[12])\b", c, re.I)
    if who0:
        c = rx.sub(
            r",\s+(?:and\s+)?(?:back |now |going |went |goes )?(?:up |down )?to (\d+)(?: life)?$",
            lambda m: f" ({who0.group(1).upper()} is at {m.group(1)})",
            c,
            flags=re.I,
        )
    # "then in the reaction step P2 tried to ...": the step named first is a step claim too
    c = rx.sub(
        r"^(?:and\s+)?(?:then\s+)?(?:during|in) the (layer|attack|defend|reaction|rxn|damage|resolution|res) step,?\s+(.+)$",
        lambda m: f"{_STEP_NAME.get(m.group(1).casefold(), m.group(1))} step: {m.group(2)}",
        c,
        flags=re.I,
    )
    who = rx.match(r"^(P[12])\b", c, re.I)
    c = rx.sub(
        r"\s+(?:but (?:had|has|have)|with) no (action points?|resource points?|resources|priority)(?: left)?(?=$|,)",
        lambda m: (
            f" ({who.group(1).upper()} has no action points)"
            if who and m.group(1).startswith("action")
            else f" (no {m.group(1)} left)"
        ),
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"\s+(?:during|in) the (layer|attack|defend|reaction|rxn|damage|resolution|res) step(?=$|\s*\()",
        lambda m: f" ({_STEP_NAME.get(m.group(1).casefold(), m.group(1))} Step)",
        c,
        flags=re.I,
    )
    # "P1 got the action point back in the resolution step and swung X": the step said mid-line is
    # where the line's actions happen, as "Resolution Step - ..." says it
    m = rx.match(
        r"^(P[12] .+?)\s+(?:during|in) the (layer|attack|defend|reaction|rxn|damage|resolution|res) step(?=\s+and\s|\s*,)(.*)$",
        c,
        re.I,
    )
    if m and "(" not in m.group(1):
        c = f"{_STEP_NAME.get(m.group(2).casefold(), m.group(2))} step: {m.group(1)}{m.group(3)}"
    return c


_STEP_NAME = {"rxn": "reaction", "res": "resolution"}


def _uncoloured(name: str) -> str:
    """A card's name without the colour a judge adds after it, "Sigil of Solace (blue)": the layer on
    the stack is named without it (the colour chooses the pitch variant, CR 1.3.4)."""
    return rx.sub(r"\s*\((?:red|yellow|blue)\)\s*$", "", name, flags=re.I)


def split_clauses(text: str) -> list[str]:
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch == ";" and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return [c for c in out if c]


_PLAY_FIELDS = (
    "player",
    "card",
    "targets",
    "pitches",
    "floating",
    "boost",
    "boost_card",
    "as_instant",
    "mode",
)

_CLAIM_PAREN = re.compile(
    r"\(\s*(?:current\s+)?(pitch|defense|power|cost)\s+(\d+)(?:\s+chi)?\s*\)"
    r"|\(\s*(\d+)\s+(?:resource|chi)\s+points?\s*\)"
    r"|\(\s*(?:an? )?(AR|DR|attack reaction|defense reaction|instant|attack action|non-attack action|action"
    r"|equipment|weapon)\s*\)",
    re.I,
)

#: A card type a judge names in parentheses after a card ("Lunging Press (AR)"), checked like a stat.
_TYPE_WORDS = {"ar": "attack reaction", "dr": "defense reaction"}


def _stat(m: re.Match[str]) -> tuple[str, int]:
    """The stat a claim in parentheses states: "(pitch 3)", "(current defense 0)", "(1 resource point)",
    or the card's type, "(AR)", "(instant)" (as ``("type:attack reaction", 1)``)."""
    if m.group(1):
        return m.group(1).casefold(), int(m.group(2))
    if m.group(4):
        word = m.group(4).casefold()
        return f"type:{_TYPE_WORDS.get(word, word)}", 1
    return "pitch", int(m.group(3))


class Parser:
    """Parses lines into :class:`~rules_engine.game.actions.Entry` objects."""

    def __init__(self, names: NameIndex | None = None) -> None:
        self.names = names or NameIndex()
        self.last_subject = ""
        self.cur_subject = ""
        self.last_actor = ""  # the player of the last card played or attacked with
        self.last_named = ""  # the last player named on the lines before (a pronoun's antecedent)
        self.turn_player = ""  # the turn-player at the start of the log, when the caller knows it
        #: word said -> (player, hero name): the heroes in the game, for a clause opened by a hero's
        #: name (shorthand.hero_said); set by the caller from the state (``set_heroes``)
        self.heroes: dict[str, tuple[str, str]] = {}

    def set_heroes(self, state: Any) -> None:
        """Learn the heroes of ``state`` (a GameState) for clauses opened by a hero's name."""
        self.heroes = shorthand.heroes_of(state)

    # -- card lists ---------------------------------------------------------------------------
    def _colon_in_name(self, c: str, colon: int) -> bool:
        """Whether the colon at ``colon`` is inside a known card name said there ("P1 plays Second
        Tenet of Chi: Tide"), not a label before an action."""
        for m in rx.finditer(r"(?:^|(?<=\s))\S", c[:colon]):
            name = self.names.prefix(c[m.start() :])
            if name is not None and ":" in name and len(name) > colon - m.start():
                return True
        return False

    def card_list(self, text: str) -> list[A.CardRef]:
        """ "Card D1 (defense 3) and Card D2 from hand, Helm H" -> refs."""
        refs: list[A.CardRef] = []
        rest = text.strip().strip(",").strip()
        # "pitching Card R, to prevent 1 of the damage" / "(pitch 1) to pay 1": the purpose is not a card
        rest = rx.sub(r",?\s+to (?:prevent|pay|bank|cover)\b.*$", "", rest, flags=re.I).strip()
        # "pitching Toughen Up (blue) for the extra resource": the purpose of the pitch, not a card
        rest = rx.sub(
            r",?\s+for (?:the|an|its|her|his) (?:extra|additional|other|last)\b.*$", "", rest, flags=re.I
        ).strip()
        if rx.fullmatch(r"(?:nothing|no cards?|none|no card at all)", rest, re.I):
            return refs
        while rest:
            rest = rx.sub(r"^(?:(?:,\s*)?(?:and|then|&|\+)\s+|,\s*)+", "", rest.strip()).strip()
            if not rest:
                break
            mu = rx.match(r"(?:a|an|one) (?:unknown )?(?:(red|yellow|blue) )?card\b", rest, re.I)
            if mu:
                # an unknown card, constrained by what the line says about it
                claims0: list[tuple[str, int]] = []
                if mu.group(1):
                    claims0.append(("pitch", {"red": 1, "yellow": 2, "blue": 3}[mu.group(1).casefold()]))
                after0 = rest[mu.end() :]
                while True:
                    after0 = after0.lstrip()
                    mc = _CLAIM_PAREN.match(after0)
                    if not mc:
                        break
                    claims0.append(_stat(mc))
                    after0 = after0[mc.end() :]
                refs.append(A.CardRef(name=UNKNOWN, claims=tuple(claims0)))
                rest = after0
                continue
            if rx.fullmatch(r"(?:again|too|as well|once more)\b.*", rest, re.I):
                break  # "P2 declares Helm H again": the engine decides whether it may
            if rx.match(
                r"(?:banish|make|create|draw|discard|equip|return|get|gain|put|deal|ping|search|resolve|tap|destroy|pop)"
                r"(?:s|es|ed|ing)?\b",
                rest,
            ):
                break  # "pitches X, banishes Y from soul, makes a Spectral Shield": what follows is no card
            mboth = rx.match(r"(?:both|(?:the |their )?two|2)\s+(?:of\s+)?(?:the\s+|their\s+)?", rest, re.I)
            if mboth:
                # "pitching both Toughen Ups": two copies of one card, the plural 's' left out
                said = rest[mboth.end() :]
                one = self.names.prefix(said)
                mplural = rx.match(r"(.+?)s\b", said)
                if one is None and mplural:
                    one = self.names.prefix(mplural.group(1))
                    if one is not None and norm_name(one) == norm_name(mplural.group(1)):
                        said = one + said[mplural.end() :]
                    else:
                        one = None
                if one is not None:
                    refs.append(A.CardRef(name=one))
                    rest = said
                    continue
            mdet = rx.match(r"(?:the other|another|the last|the|their|his|her)\s+", rest, re.I)
            if mdet and self.names.prefix(rest) is None and self.names.prefix(rest[mdet.end() :]):
                rest = rest[mdet.end() :]  # "pitching the other Toughen Up (blue)": the card's name
            name = self.names.prefix(rest)
            if name is None:
                m = rx.match(r"(.+?)(?=\s*\(|,\s|\s+and\s|\s+then\s|\s+[+&]\s|\s+from\s|$)", rest)
                if not m:
                    break
                name = m.group(1).strip()
                name = self.names.short(name) or name  # "C1 + C2" for Card C1 and Card C2
                after = rest[m.end() :]
                mcol = rx.match(r"\s*\((red|yellow|blue)\)", after, re.I)
                if mcol:  # "Snatch (blue)": the colour names the pitch variant
                    name = f"{name} ({mcol.group(1).casefold()})"
                    after = after[mcol.end() :]
            else:
                after = rest[len(name) :]
            claims: list[tuple[str, int]] = []
            zone = ""
            while True:
                after = after.lstrip()
                m2 = _CLAIM_PAREN.match(after)
                if m2:
                    claims.append(_stat(m2))
                    after = after[m2.end() :]
                    continue
                m3 = rx.match(
                    r"from (?:their |the )?(hand|arsenal|equipment|banished zone|banishment|banished|banish|graveyard|deck)\b",
                    after,
                    re.I,
                )
                if m3:
                    zone = m3.group(1).casefold().replace(" zone", "")
                    zone = "banished" if zone.startswith("banish") else zone
                    after = after[m3.end() :]
                    continue
                mval = rx.match(r"\(\s*(\d+)\s*\)", after)
                if mval and self.names.prefix(name) is not None:
                    claims.append(("value", int(mval.group(1))))  # "Sink Below (4)": a printed value
                    after = after[mval.end() :]
                    continue
                mcol2 = rx.match(r"\((red|yellow|blue)\)", after, re.I)
                if mcol2 and not rx.search(r"\((?:red|yellow|blue)\)$", name, re.I):
                    name = f"{name} ({mcol2.group(1).casefold()})"
                    after = after[mcol2.end() :]
                    continue
                m5 = rx.match(r"\(([^)]*)\)", after)
                stats = [
                    _CLAIM_PAREN.fullmatch(f"({x.strip()})") for x in (m5.group(1).split(",") if m5 else [])
                ]
                if m5 and stats and all(stats):  # "(cost 3, defense 3)"
                    claims.extend(_stat(x) for x in stats if x is not None)
                    after = after[m5.end() :]
                    continue
                m4 = rx.match(r"\([^)]*\)", after)
                if m4:
                    after = after[m4.end() :]
                    continue
                break
            refs.append(A.CardRef(name=name.strip(), zone=zone, claims=tuple(claims)))
            rest = after
        # "from hand" written once after the list applies to the cards before it without a zone
        return refs

    # -- lines --------------------------------------------------------------------------------
    def parse(self, number: int, text: str) -> A.Entry:
        entry = A.Entry(number=number, text=text)
        line = " ".join(str(text).replace("’", "'").replace("—", "-").replace("–", "-").split())
        line = shorthand.hero_said(self.heroes, line)  # "kayo breakneck at p2", "gravy: tap, pop gold"
        # sentences: ". P2 ..." ends one action and starts the next, like ";" (outside parentheses)
        line = _idioms(_split_sentences(line), self.last_named, self.turn_player)
        players_named = rx.findall(r"\bP[12]\b", line)
        self.last_named = players_named[-1] if players_named else self.last_named
        if isinstance(self.names, NameIndex):
            line = self.names.initials_said(self.names.colour_said_once(line))
            line = self.names.colour_before(line)
            line = self.names.first_word_said(line)
            skip = frozenset(norm_name(h) for _, h in self.heroes.values())
            line = shorthand.part_said(self.names, line, skip)  # "ronin (red)", "the saber"
            line = shorthand.colour_after(self.names, line)  # "snatch red": the variant (CR 1.3.4)
        line = rx.sub(r"\bEOT\b", "end phase", line)
        line = rx.sub(  # "searches out Y and banishes it face up": the search's own banish (heroes.search)
            r"\b((?:search|tutor|fetch)\w*\b[^,;.:]*?)\s*,?\s*(?:and )?banish(?:es|ed|ing)? it(?: face[- ]?up)?",
            r"\1",
            line,
            flags=re.I,
        )
        line = _LOOK_OPP_LINE.sub(_look_opp_canonical, line)  # Arakni's look (heroes_more.look_opponent_top)
        line = rx.sub(r"\b(res|rslv|rslvs)\)", "resolves)", line, flags=re.I)  # "(Y res)"
        # "4 dmg, hit -> Snatch trigger": the arrow says why the trigger came (the hit); its source is Snatch
        line = rx.sub(
            r"\b(?:on[- ])?hits?\s*(?:->|=>|>)\s*(?=[A-Za-z][\w' ]*\btrigger)", "", line, flags=re.I
        )
        line = said_resolves(notation_to_english(line))
        line = shorthand.remarks(line)  # "GA bc ronin was red", "contract done": remarks
        line = rx.sub(  # Tuffnut: "P1 pitches the top card, Pummel" is one clause (text_crowd)
            r"\b(P[12]) pitch(?:es|ed)? the top card(?: of (?:the |their |his |her )?deck)?\s*[,:-]\s*(?:it'?s |which is )?"
            r"([^,;.]+)",
            r"\1 pitches \2 from the top of the deck",
            line,
            flags=re.I,
        )
        line = rx.sub(  # ... and what follows it is another clause
            r"(\bpitch(?:es|ed)? [^,;.]+? (?:from|off) (?:the )?top(?: of (?:the |their |his |her )?deck)?)\s*,\s*",
            r"\1; ",
            line,
            flags=re.I,
        )
        mclash = rx.search(r"\bclash(?:es)?(?: again)?\s*[:-]\s*P[12] reveals", line, re.I)
        told = clash_line(line[mclash.start() :], self.card_list) if mclash else None
        if mclash and told:  # "P1 destroys a Gold and clashes again: P1 reveals X (6), P2 reveals Y (2)"
            before = rx.sub(r"(?:[;,.]|\band\b|\bthen\b|\s)+$", "", line[: mclash.start()], flags=re.I)
            if before:
                first = self.parse(number, before)
                entry.clauses.extend(first.clauses)
                entry.unparsed.extend(first.unparsed)
            entry.clauses.extend(told)
            return entry
        # "P2 fired off Instant G" / "then took the 4": a line opening with a player's verb takes the
        # subject of the line before it, as a clause after ";" does
        subject = self.last_subject
        for clause in split_clauses(";".join(_asides(x) for x in split_clauses(line))):
            # "P2 AB1, pitch Card R; takes 1": a clause opening with a player's verb takes the subject
            # of the clause before it, as "and took 1" does inside a clause (split_actions)
            mthen = rx.match(r"^(?:(?:and\s+)?then\s+|so\s+)", clause, re.I)
            bare = clause[mthen.end() :] if mthen else clause
            if subject and _SUBJECTLESS.match(bare) and not rx.match(r"^(?:is|was|did|does)\b", bare, re.I):
                clause = f"{subject} {bare}"
            known = self.names.prefix(bare)
            actor = self.last_actor or self.turn_player  # the first play of a log: the turn-player's
            if (
                actor
                and known is not None
                and rx.fullmatch(
                    re.escape(known)
                    + r"(?:\s*\((?:red|yellow|blue)\))?(?:\s*\([^()]*\))?(?:\s+again\b)?(?:\s+for\s+\d+\b)?(?:\s+from\s+(?:the\s+|their\s+|her\s+|his\s+)?(?:yard|graveyard|gy|grave|arsenal|banish(?:ed)?(?: zone)?)\b)?(?:\s+(?:at|targeting|@|->|into|on)\s+P[12]\b.*)?"
                    + r"(?:\s+(?:pitch|pitching|w/|with|paying|using|off)\s.*)?(?:\s*,\s.*)?",
                    bare,
                    re.I,
                )
            ):
                # "then Snatch, no block, 4 more": a card named alone after the player's last play is
                # that player's next play (the subject carried is the player who played last)
                clause = f"{actor} plays {bare}"
            self.cur_subject = subject
            named = rx.match(r"^(P[12])\b", clause, re.I)
            subject = named.group(1).upper() if named else ""
            self.clause(clause, entry)
            actor = next((x.player for x in reversed(entry.clauses) if isinstance(x, (A.Play, A.Attack))), "")
            self.last_actor = actor or self.last_actor
        self.last_subject = subject
        # "dmg 4, ward 3, 1 thru": an amount said before a prevention on the same line is the damage
        # that would be dealt (CR 6.4.10, 8.5.3f), as inside one parenthesis (read_claims)
        for i, cl in enumerate(entry.clauses):
            if (
                isinstance(cl, A.Claim)
                and cl.kind == "dealt"
                and not cl.subject
                and any(
                    (isinstance(x, A.Claim) and x.kind == "prevents") or isinstance(x, A.ApplyPrevention)
                    for x in entry.clauses[i + 1 :]
                )
            ):
                entry.clauses[i] = A.Claim("would_deal", "", cl.value)
        return entry

    def clause(self, clause: str, entry: A.Entry) -> None:
        c = clause.strip().rstrip(".").strip()
        # "then P2 ...", "and then ...", "after that, ...", "so ...": order words opening a clause
        c = rx.sub(r"^(?:and\s+)?(?:then|after\s+that|afterwards|next|so)\s*,?\s+(?=\S)", "", c, flags=re.I)
        if not c:
            return
        c = shorthand.hero_said(self.heroes, c)  # "levia takes 4", "lyath blocks w/ ..."
        mremark = rx.fullmatch(r"\(([^()]*)\)\s*(?:,\s*(.*))?", c)
        if mremark:  # "(6 power w/ kayo so GA)": a remark alone, reported unchecked; what follows is read
            entry.unchecked.append(mremark.group(1))
            if mremark.group(2):
                self.clause(mremark.group(2), entry)
            return
        # observe / judge prefixes first (they contain ':' and '.')
        m = rx.match(r"^(?:observe|obs)\s*:\s*(.*)$", c, re.I)
        if m:
            obs = self.observe(m.group(1))
            if obs is None:
                entry.unparsed.append(c)
            else:
                entry.clauses.append(obs)
            return
        m = rx.match(r"^(?:judge|adjust|adj)\s*:\s*(.*)$", c, re.I)
        if m:
            acts = self.judge(m.group(1))
            if acts is None:
                entry.unparsed.append(c)
            else:
                entry.clauses.extend(acts)
            return
        m = rx.fullmatch(r"deck check\s*:?\s*(P[12])", c, re.I)
        if m:
            entry.clauses.append(A.DeckCheck(m.group(1).upper()))
            return
        m = rx.match(r"^rewind(?: to)?\s+(\d+)$", c, re.I)
        if m:
            entry.clauses.append(A.Rewind(int(m.group(1))))
            return
        # "P1: Attack A (pitch Card B)": the player's colon is not a label
        c = rx.sub(r"^(P[12]):\s+", r"\1 ", c)
        # "P1 (10 vs 15) Scar for a Scar": an aside right after the player is said of the whole action
        c = rx.sub(r"^(P[12])\s+(\([^()]*\))\s+([^,;]+)", r"\1 \3 \2", c)
        # "res: GA, P1 Attack B", "res step P1 Attack B", "rxn: ...": a step named first, shortened,
        # with a colon or with the player's action right after it
        c = rx.sub(r"^(?:res|rslv)(?:\.|olution)?(?: step)?\s*:\s*", "resolution step: ", c, flags=re.I)
        c = rx.sub(r"^rxn(?: step)?\s*:\s*", "reaction step: ", c, flags=re.I)
        c = rx.sub(
            r"^(?:(layer|attack|defend|reaction|damage|resolution)|(res|rxn)) step,?\s+(?=P[12]\b)",
            lambda m: f"{m.group(1) or _STEP_NAME[m.group(2).casefold()]} step: ",
            c,
            flags=re.I,
        )
        # "<Step> Step - ...", "End-of-turn continues: ...", "Start Phase - ..."
        m = rx.match(
            r"^(layer|attack|defend|reaction|damage|resolution|link|close) step(?: begins| ends)?\s*(?:-|:)\s*(.*)$",
            c,
            re.I,
        )
        if m:
            entry.clauses.append(A.StepMarker(m.group(1).casefold()))
            rest = m.group(2)
            known = self.names.prefix(rest)
            player = self.last_actor or self.cur_subject
            if (
                player
                and known is not None
                and rx.match(re.escape(known) + r"\s*(?:\([^()]*\)\s*)*(?:,|$)", rest, re.I)
            ):
                # "res: Head Jab (red), no blk, 3": the card named after the step is played by the
                # player who played last (the attacker), else the subject carried from before
                rest = f"{player} {rest}"
            self.clause(rest, entry)
            return
        m = rx.match(r"^(start|action|end) phase(?: begins)?\s*(?:-|:)\s*(.*)$", c, re.I)
        if m:
            entry.clauses.append(A.PhaseMarker(m.group(1).casefold()))
            self.clause(m.group(2), entry)
            return
        m = rx.match(
            r"^end-of-turn(?: procedure)?(?: continues| begins)?\s*:\s*(.*)$|^end-of-turn(?: procedure)? continues\s*(.*)$",
            c,
            re.I,
        )
        if m:
            rest = m.group(1) or m.group(2) or ""
            if rest:
                self.clause(rest, entry)
            return
        m = rx.match(
            r"^(?:at )?(?:the )?(?:beginning|start) of (?:the |their |P[12]'s )?(start|action|end) phase(?:\s*(?:-|:|,)\s*|\s+(?=the\b|P[12]\b))(.*)$",
            c,
            re.I,
        )
        if m:
            entry.clauses.append(A.PhaseMarker(m.group(1).casefold()))
            self.clause(m.group(2), entry)
            return
        m = rx.match(r"^(?:during|on|in) (P[12])'s turn,?\s+(?=P[12]\b)(.*)$", c, re.I)
        if m:
            # "During P2's turn P1 activates Oscilio": the turn-player's pass before it is implied (engine)
            entry.clauses.append(A.Noop(f"offturn:{m.group(1).upper()}"))
            self.clause(m.group(2), entry)
            return
        said: list[str] = []  # claims outside parentheses (after a colon, "while ...", "in response to ...")
        m = rx.match(
            r"^(?:crush|on[- ]hit|hit|combo|rupture|reprise|boost|intimidate|trigger|the trigger|its trigger)\s*:\s*(.+)$",
            c,
            re.I,
        )
        if m:  # "crush: P2 discards 2 random cards": the label says why; the rest is the action
            self.clause(m.group(1), entry)
            return
        colon = _top_level(c, ":")
        if colon is not None and self._colon_in_name(c, colon):
            colon = None  # "Second Tenet of Chi: Tide", "Aspect of Tiger: Body": part of a card's name
        if colon is not None and not rx.match(r"^P[12] (?:opts|draws)\b", c, re.I):
            head, tail = c[:colon].strip(), c[colon + 1 :].strip()
            if rx.search(r"\btriggers?$", head, re.I) and rx.search(
                r"\b(?:search(?:es|ed)?|tutors?|tutored)\b|\bP[12] (?:looks at|bottoms) P[12]'s top card\b"
                r"|^P[12] banish(?:es|ed) (?!it\b)|^P[12] (?:puts|put|arsenals) .+\barsenal\b|^P[12] arsenals\b"
                r"|\bP[12] (?:pays?|paid) (?:\d+|one|a|(?:\{h\})+) (?:life|\{h\})",
                tail,
                re.I,
            ):
                # "Katsu triggers: P1 discards X, searches out Y": a search is the player's choice the
                # trigger asks for, told as actions (heroes.search), not a claim about the result
                self.clause(head, entry)
                whole = _LOOK_OPP.fullmatch(tail) or _BOTTOM_OPP.fullmatch(tail)  # Arakni's look, one clause
                for part in [tail] if whole else self.split_actions(tail):
                    self.clause(part, entry)
                return
            if rx.search(r"\b(?:resolves?|triggers?(?: and resolves?)?)(?:\s*\([^)]*\))?$", head, re.I):
                # what follows a resolving layer is what the players say it did: checked, never applied
                c = head
                said.append(tail)
            else:
                # "P1 selects P1 to add triggers first: P1 adds ..., then P2 adds ...": the detail is actions
                self.clause(head, entry)
                for part in self.split_actions(tail):
                    self.clause(part, entry)
                return
        if _LOOK_OPP.fullmatch(c) or _BOTTOM_OPP.fullmatch(c):
            # "P1 looks at P2's top card (X) and puts it on the bottom": one action (heroes_more)
            looked = self.look_opponent_top(c)
            if looked:
                entry.clauses.extend(looked)
                return
        # several actions in one clause: ", then", "then", ", and", "and", ", ", " - "
        parts = self.split_actions(c)
        if len(parts) > 1:
            for part in parts:
                self.clause(part, entry)
            for x in said:
                claims, unread = read_claims(x)
                entry.clauses.extend(claims)
                entry.unchecked.extend(unread)
            return
        written = c
        mresp = rx.match(
            r"^(P[12]) (?:responded|responds|respond|answered|answers|answer)(?: to (?:it|that|this|[^,()]+?))? (?:with|w/|by playing)\s+",
            c,
            re.I,
        )
        if mresp:
            # "P2 responds with Instant Y": responding says the player holding priority passed it
            entry.clauses.append(A.Noop(f"responds:{mresp.group(1).upper()}"))
        mverb = rx.match(r"^(P[12]) ([A-Z][a-z]+?)(?:ped|med|led|ed|d) (?:at |on |into )?(P[12])\b(.*)$", c)
        if mverb:
            # "P1 Zapped P2": a one-word card name said as the verb is that card played (at its target)
            stem = mverb.group(2).casefold()
            names0 = {
                n
                for lst in getattr(self.names, "_by_first", {}).values()
                for n in lst
                if norm_name(_uncoloured(n)) == stem
            }
            coloured = [n for n in names0 if n != _uncoloured(n)]
            if names0:
                card = coloured[0] if len(coloured) == 1 else min(names0, key=len)
                c = f"{mverb.group(1)} plays {card} targeting {mverb.group(3)}{mverb.group(4)}"
        mname = rx.match(r"^(P[12]) (?!(?:plays|attacks|activates)\b)(.+)$", c, re.I)
        if mname and self.names.prefix(mname.group(2)) is not None:
            # "P1 Attack C off the float": a card's name right after the player is the card played,
            # even when its first word is also a verb ("Attack")
            c = f"{mname.group(1)} plays {mname.group(2)}"
        c = canonical(c)
        mvs = rx.match(
            r"^(P[12] (?:defends with|declares) .+?)\s+(?:vs\.?|versus|against|into|on) (.+)$", c, re.I
        )
        if (
            mvs
            and self.names.prefix(mvs.group(2)) is not None
            and norm_name(self.names.prefix(mvs.group(2)) or "") == norm_name(_uncoloured(mvs.group(2)))
        ):
            # "P2 blk Head Jab + Wounding Blow vs Isolate": the attack defended is the active one (CR 7.3.2)
            c = mvs.group(1)
        m = rx.search(
            r",?\s+(?:by |as an additional cost,? )?(?:putting|puts|put) (.+?) (?:on the bottom of|at the bottom of|on the bottom of) "
            r"(?:their|his|her|the) deck(?: as (?:an |the )?additional cost)?$",
            c,
            re.I,
        )
        mp = rx.match(r"^(P[12]) (?:plays|attacks with) ", c, re.I)
        if m and mp and not _inside_parens(c, m.start()):
            # "P1 plays Enlightened Strike, putting Card X on the bottom of their deck": the additional cost
            refs = self.card_list(m.group(1)) or [A.CardRef(m.group(1))]
            c = c[: m.start()]
            self.clause(c, entry)
            for ref in refs:
                entry.clauses.append(
                    A.MoveCard(mp.group(1).upper(), ref, "hand", "deck_bottom", "", "additional cost")
                )
            return
        m = rx.match(r"^(P[12]) (?:ARs?|DR|AR'd|ARed|ARd) (.+)$", c)
        if m and self.names.prefix(m.group(2)) and not self.names.prefix(c[len(m.group(1)) + 1 :]):
            # "P1 AR Card AR on Attack A": the card type as a verb (plays an attack / defense reaction)
            c = f"{m.group(1)} plays {m.group(2)}"
        m = rx.match(r"^(P[12]) (?!(?:" + _PLAYER_VERBS + r")\b)(.+)$", c, re.I)
        if m and self.names.prefix(m.group(2)):
            # "P1 AR Press on Attack A": a card name right after the player is the card played
            c = f"{m.group(1)} plays {m.group(2)}"
        m = rx.match(r"^(P[12] plays )(.+)$", c, re.I)
        name = self.names.prefix(m.group(2)) if m else None
        if m and name:
            # "plays AR Press on Attack A" / "onto Attack A": the card's target
            # ("Pummel (2nd mode) on Brutal Assault": the mode said before the target)
            rest = rx.sub(
                r"^((?:\s*\([^()]*\))?)\s+(?:on|onto)\s+(?=\S)",
                r"\1 targeting ",
                m.group(2)[len(name) :],
                count=1,
                flags=re.I,
            )
            c = f"{m.group(1)}{m.group(2)[: len(name)]}{rest}"
        if rx.fullmatch(
            r"(?:and )?(?:the )?(?:combo|reprise|rupture|crush|boost)(?: is| was)? (?:on|active|live|met|applies|applied|on here|satisfied"
            r"|off|not on|inactive|not met|not active|doesn'?t apply|does not apply|didn'?t apply)",
            c,
            re.I,
        ):
            # "combo is on": a remark that a condition holds; the engine decides it from the chain
            # itself (CR 8.4.1), so it is reported as a claim it did not check, never dropped
            entry.unchecked.append(c)
            return
        m = rx.fullmatch(r"(?:and )?(?:but )?(?:so )?no ([\w']+)", c, re.I)
        played = [x for x in entry.clauses if isinstance(x, A.Play)]
        if m and played and norm_name(played[-1].card.name).split(" ")[0] == m.group(1).casefold():
            # "P2 DRs Sink Below, no sink": the card's first word for its optional effect, declined
            entry.clauses.append(A.Noop("declined optional"))
            return
        if m and not played and m.group(1)[:1].isupper() and self.names.prefix(m.group(1)) is None:
            known_first = any(
                norm_name(n).split(" ")[0] == m.group(1).casefold()
                for lst in getattr(self.names, "_by_first", {}).values()
                for n in lst
            )
            if known_first:
                # "so no Sink" after a reversed play: a remark that the card was not played, kept
                entry.unchecked.append(c)
                return
        if rx.fullmatch(r"(?:and )?(?:it|that|this|which)(?: card| one)? (?:resolves|resolved)", c, re.I):
            # "P1 plays Action E, passes, it resolves": "it" is the card played before the passes
            said_card = next(
                (x for x in reversed(entry.clauses) if not isinstance(x, (A.Pass, A.Observe, A.Claim))), None
            )
            if isinstance(said_card, (A.Play, A.Attack, A.Activate)):
                # "P1 played X and it resolved": both players passed and X resolved (checked: X on top)
                name = (
                    said_card.source
                    if isinstance(said_card, A.Activate)
                    else (
                        said_card.play.card.name if isinstance(said_card, A.Attack) else said_card.card.name
                    )
                )
                entry.clauses.append(A.AllPass("once", (), _uncoloured(name)))
                return
        mclose = rx.fullmatch(
            r"(?:and )?(?:then )?(?:the )?(?:combat )?chain (?:closed|closes|was closed|is closed|got closed)"
            r"(?:\s*\(([^()]*)\))?",
            c,
            re.I,
        )
        if mclose:
            # said as an event: the players passed until it closed (nothing when it already is); what
            # the parentheses say happened as it closed is read as claims, checked after the close
            entry.clauses.append(A.AllPass("through", ("link",)))  # old 7.7.4; 2.13.0: Resolution
            if mclose.group(1):
                claims, unread = read_claims(mclose.group(1))
                entry.clauses.extend(claims)
                entry.unchecked.extend(unread)
            return
        m = rx.fullmatch(
            r"(?:(?:and )?(?:we|they|players|both players|the players) (?:went|go|goes|moved?|moves|got|get|"
            r"proceeded|proceed|headed|head)(?: on| straight| over)? to |(?:on )?to )?(?:the )?"
            r"(layer|attack|defend|reaction|damage|resolution)(?: step)?(?:\s*\(([^()]*)\))?",
            c,
            re.I,
        )
        if m:
            entry.clauses.append(A.StepMarker(m.group(1).casefold()))
            if m.group(2):
                # "dmg (P2 at 17)": what the step brought is a claim, checked after the step
                told, unread = read_claims(m.group(2))
                entry.clauses.extend(told)
                entry.unchecked.extend(unread)
                entry.comments.append(m.group(2))
            return
        m = rx.search(
            r"\s+(?:while|with) (.+?)(?: is| are|'s| was)? (?:still )?(?:on the stack|waiting|unresolved|pending|waits)$",
            c,
            re.I,
        )
        if m:
            said.append(f"{m.group(1)} is on the stack")
            c = c[: m.start()]
        m = rx.search(r",?\s+in response to (.+)$", c, re.I)
        if m and not _inside_parens(c, m.start()):
            said.append(f"{m.group(1)} is on the stack")
            c = c[: m.start()]
        masked = _mask_parens(c)
        m = rx.match(r"^(.+?) (?:resolves|resolved),? and (.+)$", masked, re.I)
        if m:
            entry.clauses.append(A.AllPass("said", (), m.group(1).strip()))
            rest = c[m.start(2) :]
            # "DR D resolves and defends", "... resolved and blocked": a defense reaction resolving
            # becomes a defending card (CR 7.4.2d), a claim
            said_def = (
                r"(?:defends|defended|blocks|blocked|becomes a defending card|became a defending card)\b"
            )
            if rx.match(said_def, rest, re.I):
                entry.clauses.append(A.Claim("defends", m.group(1).strip()))
                rest = rx.sub("^" + said_def + r"\s*(?:\([^)]*\))?\s*,?\s*", "", rest, flags=re.I)
            if rest:
                self.clause(rest, entry)
            return
        # comments in parentheses (the stat claims stay with their card)
        comments = [
            m_.group(1)
            for m_ in rx.finditer(r"\(([^)]*)\)", c)
            if not _CLAIM_PAREN.fullmatch(m_.group(0))
            and m_.group(1).strip().casefold() not in ("red", "yellow", "blue")
            and not (m_.group(1).strip().isdigit() and self.ends_with_name(c[: m_.start()]))
        ]
        entry.comments.extend(comments)
        acts = self.shape(c)
        last = entry.clauses[-1] if entry.clauses else None
        if rx.fullmatch(
            r"(?:and )?(?:it|that|this)(?: one| card)? (?:resolves|resolved)", c, re.I
        ) and isinstance(last, (A.Play, A.Attack)):
            # "P1 plays Action N, it resolves, then ...": "it" is the card the line just played, and
            # its resolving means the players passed (checked against the stack like "X resolves")
            acts = [
                A.AllPass(
                    "said",
                    (),
                    _uncoloured((last.play.card if isinstance(last, A.Attack) else last.card).name),
                )
            ]
        if acts is None:
            then_told = self._action_then_claims(c)
            if then_told is not None:
                # "all pass (the Courage trigger resolves), Courage is destroyed and Attack A gets +1{p}":
                # an action, then what it did said after a comma: the rest is claims, checked
                said_head, said_claims, said_tail = then_told
                self.clause(said_head, entry)
                entry.clauses.extend(said_claims)
                entry.comments.append(said_tail)
                return
            entry.unparsed.append(written)
            entry.suggestions[written] = suggest_readings(c, names=self.names)
            return
        extra: list[A.Action] = []
        for i, x in enumerate(comments):
            if i == 0 and any(isinstance(a, A.Discard) for a in acts):
                continue  # "P2 discards Card X (Consuming Volition)": the reason, kept with the discard
            skip_first = i == 0 and any(isinstance(a, A.AllPass) for a in acts)
            if rx.fullmatch(
                r"\s*\+\s*\d+\s*(?:r|rp|res|resources?|resource points?|\{r\})\s*", x, re.I
            ) and any(isinstance(a, A.Claim) and a.kind == "gains_rp" for a in acts):
                continue  # "pops Energy Potion (+2 r)": read by the activation as the gain it resolved with
            if rx.fullmatch(r"\s*mode: .+", x, re.I) or rx.match(
                r"\s*(?:the )?(?:(?:first|second|third|1st|2nd|3rd) (?:mode|option)\b|[a-z][a-z0-9 {}+-]*? (?:mode|option)\s*$)",
                x,
                re.I,
            ):
                continue  # the mode named by its words or its ordinal, read onto the play above
            claims, unread = read_claims(x, skip_resolves=skip_first)
            extra.extend(claims)
            entry.unchecked.extend(unread)
        for x in said:
            claims, unread = read_claims(x)
            extra.extend(claims)
            entry.unchecked.extend(unread)
        for act0 in acts:
            act: A.Action = act0
            mode = next(
                (
                    int(m.group(1))
                    for x in comments
                    for m in [rx.fullmatch(r"\s*mode (\d+)\s*", x, re.I)]
                    if m
                ),
                0,
            )
            said_mode = next(
                (m.group(1) for x in comments for m in [rx.fullmatch(r"\s*mode: (.+?)\s*", x, re.I)] if m), ""
            )
            for x in comments:
                # "(second mode: +3 and go again on hit)", "(atk action mode)": the mode in parentheses
                mo = rx.match(r"\s*(?:the )?(first|second|third|1st|2nd|3rd) (?:mode|option)\b", x, re.I)
                mw = rx.fullmatch(r"\s*(?:the )?([a-z][a-z0-9 {}+-]*?) (?:mode|option)\s*", x, re.I)
                if mo and not mode:
                    mode = "fst123".index(mo.group(1)[0].casefold()) % 3 + 1
                elif mw and not mode and not said_mode:
                    said_mode = rx.sub(r"\batk\b", "attack", mw.group(1), flags=re.I)
            if isinstance(act, A.Play) and said_mode and not mode:
                act = dataclasses.replace(act, mode_said=said_mode)
            if isinstance(act, A.Attack) and mode:
                act = A.Attack(act.player, dataclasses.replace(act.play, mode=mode))
            if isinstance(act, A.Play) and mode:
                act = dataclasses.replace(act, mode=mode)
            if isinstance(act, A.AllPass) and act.mode == "once" and comments:
                # "all pass (Instant Z resolves; ...)": the first thing said is what the pass resolves
                resolved_m = _RESOLVES_SAID.fullmatch(rx.split(r"[;:]", comments[0])[0])
                if resolved_m:
                    said_name = resolved_m.group(1).strip()  # "(Y resolves)": a short name too
                    act = A.AllPass(act.mode, act.steps, self.names.short(said_name) or said_name)
            if isinstance(act, (A.Play, A.Attack)) and comments and act is acts[-1]:
                # "P2 plays DR D (DR D resolves and defends)", "(it resolves)": the players passed and
                # the card resolved, checked against the stack like "all pass (DR D resolves)"
                card = act.play.card.name if isinstance(act, A.Attack) else act.card.name
                first = rx.split(r"[;:]", comments[0])[0]
                # "(resolves, defends)": the subject left out is the card just played
                first = rx.sub(r"^\s*(?=(?:resolves|resolved)\b)", "it ", first, flags=re.I)
                first = rx.sub(
                    r"^(it (?:resolves|resolved)),\s*(defends|blocks)\s*$", r"\1 and \2", first, flags=re.I
                )
                resolved_m = _RESOLVES_SAID.fullmatch(first)
                if resolved_m and (norm_name(resolved_m.group(1)) in (norm_name(card), "it", "this", "that")):
                    entry.clauses.append(act)
                    act = A.AllPass("once", (), _uncoloured(card))
            if isinstance(act, A.Pass) and comments and act is acts[-1]:
                # "P1 passes; P2 passes (Instant Z resolves)": checked like "all pass (... resolves)"
                resolved_m = _RESOLVES_SAID.fullmatch(rx.split(r"[;:]", comments[0])[0])
                if resolved_m:
                    act = A.Pass(act.player, resolved_m.group(1).strip())
            if isinstance(act, A.Discard) and not act.because and comments:
                why = comments[0].strip().casefold()
                if why not in (
                    "random",
                    "at random",
                    "randomly",
                    "random discard",
                ):  # "(random)": how, not why
                    act = A.Discard(act.player, act.cards, act.random, why)
            if isinstance(act, A.Draw):
                why = next(
                    (k for k in ("crush", "ponder", "hit") if any(k in x.casefold() for x in comments)), ""
                )
                if why:
                    act = A.Draw(act.player, act.count, why)
            entry.clauses.append(act)
        entry.clauses.extend(extra)

    def ends_with_name(self, text: str) -> bool:
        """Whether the text ends with a known card name ("P2 plays Sink Below"), so a bare number in
        parentheses after it is the card's printed value, not damage (kept as a claim on the card)."""
        words = text.rstrip().split()
        for k in range(1, min(6, len(words)) + 1):
            tail = " ".join(words[-k:])
            found = self.names.prefix(tail)
            if found is not None and norm_name(found) == norm_name(tail):
                return True
        return False

    def split_actions(self, clause: str, subj: str = "") -> list[str]:
        """A clause holding several actions, split where the next action starts: at ", then",
        "then", ", and", "and", ", " or " - " (never inside parentheses or a card name). The next
        part starts with a subject (P1, P2, all, both, a step, a trigger) or with a player's verb,
        which takes the subject of the part before ("P2 didn't block and took the 4")."""
        # "P1 then played X" / "P1 also played X": the order word after the subject is not a split
        clause = rx.sub(r"^(P[12])\s+(?:then|and then|also|next)\s+", r"\1 ", clause, flags=re.I)
        # "blocks w/ Brothers in Arms + pays 1": a payment after a card list is the player's next action
        clause = rx.sub(r"\s+\+\s*(?=(?:pays|paid|paying)\b)", " and ", clause, flags=re.I)
        masked = _mask_parens(clause)
        subject = rx.match(r"^(P[12])\b", clause, re.I) or rx.match(r"^(P[12])\b", subj, re.I)
        for m in _SEPARATORS.finditer(masked):
            left, right = clause[: m.start()].strip(), clause[m.end() :].strip()
            if not left or not right:
                continue
            if rx.match(r"^\s*-\s*$", m.group(0)) and not rx.match(r"^\d", right):
                return [left, *self.split_actions(right, subject.group(1) if subject else "")]
            known = self.names.prefix(right)
            if (
                known is not None
                and "," in m.group(0)
                and rx.fullmatch(
                    re.escape(known)
                    + r"(?:'s)?\s+(?:(?:hit\s+|attack\s+|on-hit\s+)?trig(?:ger)?s?(?:\s*(?:->|=>|@)\s*P[12]\b.*)?"
                    r"(?:\s+(?:is added|goes on|went on|resolves|resolved)\b.*)?"
                    r"|(?:ate|eats|soaked|soaks|absorbed|absorbs|prevents|prevented)\s+\d+.*"
                    r"|(?:broke|breaks|shattered|shatters)"
                    r"|(?:draws|drew)\b.*"
                    r"|(?:creates|makes|made|created)\s+(?:a|an|one|two|three|four|\d+)\s.*"
                    r"|(?:hits?|hit for|deals?|dealt)\s+(?:for\s+)?\d+\b.*"
                    r"|.*\b(?:off|from|with|using) the float(?:ing)?\b.*"
                    r"|(?:goes|go|went|is put|was put|gets put) (?:to |on |at )?(?:the )?bottom\b.*)",
                    right,
                    re.I,
                )
            ):
                # "4 dmg, Snatch trigger", "no block, Spectral Shield ate 1": a card's trigger or what a
                # card did starts an action, not a card list; "pops Energy Potion, CnC off the float":
                # a card paid with the floating points is the same player's next play
                if subject and rx.search(r"\b(?:off|from|with|using) the float(?:ing)?\b", right, re.I):
                    return [left, *self.split_actions(f"{subject.group(1).upper()} plays {right}")]
                return [left, *self.split_actions(right, subject.group(1) if subject else "")]
            if known is not None and rx.fullmatch(
                re.escape(known) + r"\s+(?:hits?|hit for|deals?|dealt)\s+(?:for\s+)?\d+\b.*", right, re.I
            ):
                # "P2 chose not to block and CnC hit for 6": what the card did starts an action
                return [left, *self.split_actions(right, subject.group(1) if subject else "")]
            if known is not None and rx.fullmatch(
                re.escape(known) + r"(?:\s*\([^()]*\))?\s+(?:resolves|resolved)\b.*", right, re.I
            ):
                # "DR D resolved and blocked, then AR R resolved": the next layer resolving starts an
                # action of its own (the players passed again, CR 1.11.4a, 5.3)
                return [left, *self.split_actions(right, subject.group(1) if subject else "")]
            if known is not None:
                if (
                    subject
                    and "then" in m.group(0).casefold()
                    and rx.search(r"\b(?:resolves|resolved)\s*$", left, re.I)
                ):
                    # "P1 plays Action N, it resolves, then Attack A at P2": the next card played
                    return [left, *self.split_actions(f"{subject.group(1).upper()} plays {right}")]
                continue  # the next words are a card's name ("Card R, Card Y")
            mstep = rx.match(
                r"^(?:during|in) the (layer|attack|defend|reaction|rxn|damage|resolution|res) step,?\s+(.+)$",
                right,
                re.I,
            )
            if mstep and subject and rx.match(r"^(?:" + _PLAYER_VERBS_MORE + r")\b", mstep.group(2), re.I):
                # "P2 didn't block, then in the reaction step tried to Sink Below": the step, then the
                # same player's action
                step = _STEP_NAME.get(mstep.group(1).casefold(), mstep.group(1))
                return [left, f"{step} step: {subject.group(1).upper()} {mstep.group(2)}"]
            mverbless = rx.match(r"^P[12]:?\s+(?!(?:" + _PLAYER_VERBS_MORE + r")\b)(.+)$", right, re.I)
            if mverbless and self.names.prefix(mverbless.group(1)) is not None:
                # "GA, P1 Attack B": a card right after the player starts the play of that card
                return [left, *self.split_actions(right)]
            if (
                rx.fullmatch(r"(?:dmg|damage)", right, re.I)
                and "," in m.group(0)
                and not rx.search(r"\b(?:through|thru|to)\b", left, re.I)
            ):
                # "P2 passes, damage": the step reached, said alone after a comma ("thru rxn and dmg" is one pass)
                return [left, right]
            if _STARTS_ACTION.match(right) and not rx.match(
                r"^(?:the\s+)?\w+\s+(?:trigger\s+)?(?:on top)$", right, re.I
            ):
                return [left, *self.split_actions(right, subject.group(1) if subject else "")]
            if (
                subject
                and _SUBJECTLESS.match(right)
                and not rx.match(r"^(?:is|was) (?:on|in)\b", right, re.I)
                and not (
                    # "P1 plays X and paid for it with Y": the payment of the play; after a defence
                    # ("blocked with X and paid for the +2") it is the player's next action
                    rx.match(r"^(?:pays|paid|pay) (?:with|for|by)\b", right, re.I)
                    and not rx.search(r"\b(?:blocks|blocked|blks?|defends|defended)\b", left, re.I)
                )
                and not (m.group(0).strip() == "," and rx.match(r"^(?:pitched|pitches|pitch)\b", right, re.I))
                and not (
                    # "P1 swung Attack A at P2 and pitched Card B for it": the payment of the play
                    rx.match(r"^(?:pitched|pitches|pitch)\b", right, re.I)
                    and rx.search(
                        r"\b(?:plays|played|play|attacks|attacked|swung|swings|atk|casts|cast|went for|announces|announced)\b",
                        left,
                        re.I,
                    )
                )
            ):
                return [left, *self.split_actions(f"{subject.group(1).upper()} {right}")]
        return [clause]

    def _action_then_claims(self, c: str) -> tuple[str, list[A.Action], str] | None:
        """A clause no shape reads as a whole that is an action the grammar reads, then, after a
        comma at the top level, only words the claim grammar reads (what the action did): the action,
        the claims and their text. None when no comma splits it so (the clause stays unread)."""
        masked = _mask_parens(c)
        for mc in rx.finditer(r",\s+", masked):
            head, tail = c[: mc.start()].strip(), c[mc.end() :].strip()
            if not head or not tail or self.shape(head) is None:
                continue
            # "Courage is destroyed and Attack A gets +1{p}": "and" before a card's name starts a claim
            told = rx.sub(
                r"\s+and\s+(?=(\S.*))",
                lambda ma: ", " if self.names.prefix(ma.group(1)) is not None else ma.group(0),
                tail,
            )
            claims, unread = read_claims(told)
            if claims and not unread:
                return head, claims, tail
        return None

    def strip_comments(self, c: str) -> str:
        def keep(m: re.Match[str]) -> str:
            parts = [_CLAIM_PAREN.fullmatch(f"({x.strip()})") for x in m.group(0)[1:-1].split(",")]
            keep_it = (
                _CLAIM_PAREN.fullmatch(m.group(0))
                or all(parts)
                or rx.fullmatch(r"\((?:red|yellow|blue)\)", m.group(0), re.I)
                or (rx.fullmatch(r"\(\s*\d+\s*\)", m.group(0)) and self.ends_with_name(c[: m.start()]))
            )
            return m.group(0) if keep_it else ""

        return " ".join(rx.sub(r"\([^)]*\)", keep, c).split()).strip().rstrip(",").strip()

    def shape(self, raw: str) -> list[A.Action] | None:
        c0 = raw
        low0 = c0.casefold()
        told = crowd_line(c0)  # the crowd, wager, roll (text_crowd)
        if told:
            return told
        if rx.fullmatch(
            r"(?:there are )?no (?:beginning[- ]of[- ](?:the[- ])?end[- ]phase )?triggers?(?: \(.*\))?", low0
        ):
            return [A.Noop("no_end_triggers")]
        # shapes that read their parentheses
        m = rx.match(
            r"^(.+?) triggers?(?: and resolves?)?(?: \(?(?:targeting|target) (.+?)\)?)?(?:\s*\(.*\))?(?:,\s*[^,]+ on top)?$",
            c0,
            re.I,
        )
        if m and not rx.match(r"^P[12] ", m.group(1)) and not rx.match(r"^(?:the )?no\b", m.group(1), re.I):
            src = rx.sub(r"^(?:P[12]'s |both |all |the |each )", "", m.group(1), flags=re.I).strip()
            src = rx.sub(r"\s+tokens?$", "", src, flags=re.I)
            owner = rx.match(r"^(P[12])'s ", m.group(1))
            tg = self.targets(m.group(2)) if m.group(2) else ()
            return [A.Trigger(src, owner.group(1) if owner else "", tg)]
        m = rx.match(
            rf"^{_P} banishes (.+?) face[- ]?(down|up)(?: from (?:their )?hand)?\s*(\(.*\))?$", c0, re.I
        )
        if m:
            refs = self.card_list(self.strip_comments(m.group(2)))
            intim = "intimidate" in (m.group(4) or "").casefold()
            return [
                A.Banish(
                    m.group(1).upper(),
                    refs[0] if refs else A.CardRef(m.group(2)),
                    m.group(3).casefold(),
                    intim,
                )
            ]
        m = rx.match(
            rf"^{_P} banishes (.+?)(?: from (?:their |his |her )?hand)?"
            r"(?: (?:for|via) (?!P[12]\b)(?-i:[A-Z])[\w' ,]*?(?:'s)?(?: trigger| ability)?)?\s*(\(.*\))?$",
            c0,
            re.I,
        )
        if m and not rx.search(
            r"\bfrom (?:the |their |his |her )?(?:graveyard|gy|yard|arsenal|deck|soul|banish\w*|arena)\b|\bit\b"
            r"|\bface[- ]?(?:down|up)\b|\bprevent|\b(?:to|for) (?-i:[a-z])",
            m.group(2),
            re.I,
        ):
            # "P1 banishes Howl from Beyond from hand" (Vynnset's start of turn): a card of the hand, face up
            refs = self.card_list(self.strip_comments(m.group(2)))
            if len(refs) == 1:
                return [A.Banish(m.group(1).upper(), refs[0], "up")]
        boost_card = ""
        boost = False
        mno = rx.search(r",?\s*(?:without boost(?:ing)?|not boosting|(?:and |with )?no boost)\b", c0, re.I)
        if mno:
            c0 = (c0[: mno.start()] + c0[mno.end() :]).strip()
        # "boost" as the keyword, not a word of a card's name ("AR Boost", blind-26g)
        mb = None
        for x in () if mno else rx.finditer(_BOOST_SAID, c0):
            if not self._in_name(c0, x.start("kw")):
                mb = x
                break
        if mb:
            boost = True
            inner = mb.group("inner") or ""
            mc = rx.search(r",\s*([^,]+)$", inner)
            mi = rx.fullmatch(
                r"\s*banish(?:ing|es|ed)? (?!the top card)(.+?)(?: from the top of (?:the|their|his|her) deck)?\s*",
                inner,
                re.I,
            )
            if mc:
                boost_card = mc.group(1).strip()
            elif mi:
                boost_card = mi.group(1).strip()
            c0 = (c0[: mb.start()] + c0[mb.end() :]).strip()
        c = self.strip_comments(c0)
        low = c.casefold()
        # a bare claim about the state, "P2 life 11", is an observation (checked, never applied)
        m = rx.fullmatch(
            r"(P[12])(?:'s)? (life|hand size|action points|resource points|chi points|intellect|deck)(?: is| =|:)? (-?\d+)",
            c,
            re.I,
        )
        if m:
            key = m.group(2).casefold().replace(" ", "_")
            return [A.Observe(f"{m.group(1).upper()}.{key}", int(m.group(3)))]
        # passing
        if rx.fullmatch(
            r"(?:all|all players|both|both players?|everyone|everybody|each player) pass(?:es|ed)?(?: priority)?"
            r"(?: with (?:the|an) (?:stack|combat chain|chain) (?:empty|closed)(?: and the (?:combat )?chain closed)?)?"
            r"|pass,? pass|pass|nothing else|nothing more|everyone passed|nobody did anything(?: else)?|no one did anything(?: else)?"
            r"|nothing(?: else)? happen(?:s|ed)|(?:nobody|no one|no-one|neither player)(?: else)? (?:responded|responds|did anything)|no responses?",
            low,
        ):
            return [A.AllPass("once")]
        if rx.fullmatch(
            r"no (?:more |further |other )?(?:attack |defense )?reactions?(?: from (?:either|anyone|both)(?: player)?)?",
            low,
        ):
            return [A.AllPass("through", ("reaction",))]
        if rx.fullmatch(
            r"(?:the )?action phase (?:is |was )?(?:over|done|finished)|(?:the )?action phase ended", low
        ):
            return [A.PhaseMarker("end")]
        m = rx.fullmatch(
            r"(?:(?:all|all players|both|both players?|everyone|everybody) pass(?:es|ed)?|pass(?:,? pass)?) (to|through|in) (?:the )?(.+?)(?: steps?)?",
            low,
        )
        if m:
            mode = {"to": "to", "through": "through", "in": "through"}[m.group(1)]
            where = m.group(2)
            if mode == "through" and where.startswith("to "):  # "all pass through to Damage"
                mode, where = "to", where[3:]
            # "of chain link 2" names the link, not the older edition's Link Step
            where = rx.sub(r"\s*(?:of|on|for) (?:the )?(?:chain )?link \d+", "", where)
            tail: list[A.Action] = []
            mno = rx.search(r",?\s*(?:with )?no (?:defenders|defending cards|blocks?)(?: declared)?$", where)
            if mno:  # "all pass to Damage, no defenders": the defender declared none on the way
                where = where[: mno.start()]
                tail.append(A.Claim("no_defenders"))
            steps = tuple(
                s
                for s in rx.split(r",\s*|\s+and\s+|\s+", where.replace("steps", "").replace("step", ""))
                if s in STEPS
            )
            if not steps:
                if "each step" in m.group(2) or "all steps" in m.group(2):
                    return [A.AllPass("through", ("link",))]  # the older Link Step too
                return None
            return [A.AllPass(mode, steps), *tail]
        m = rx.fullmatch(rf"{_P} pass(?:es)?(?: priority)?", c, re.I)
        if m:
            return [A.Pass(m.group(1).upper())]
        m = rx.fullmatch(rf"{_P} pass(?:es)?(?: priority)?(?:,| and) {_P} pass(?:es)?(?: priority)?", c, re.I)
        if m:
            return [A.Pass(m.group(1).upper()), A.Pass(m.group(2).upper())]
        # step and phase markers
        m = rx.fullmatch(
            r"(layer|attack|defend|reaction|damage|resolution|link|close) step(?: begins| starts)?", low
        )
        if m:
            return [A.StepMarker(m.group(1))]
        m = rx.fullmatch(r"(start|action|end) phase(?: begins| starts)?", low)
        if m:
            return [A.PhaseMarker(m.group(1))]
        m = rx.fullmatch(
            r"(?:the game|we|play|the turn) (?:then )?(?:proceeds|proceeded|moves|moved|goes|went) (?:on )?(?:to|into) (?:the )?(start|action|end) phase",
            low,
        )
        if m:
            return [A.PhaseMarker(m.group(1))]
        m = rx.fullmatch(r"(?:(?:p[12]'s|the) )?(start|action|end) phase (begins|starts|ends)", low)
        if m:
            nxt = {"start": "action", "action": "end", "end": "start"}
            return [A.PhaseMarker(m.group(1) if m.group(2) != "ends" else nxt[m.group(1)])]
        if rx.fullmatch(r"end-of-turn(?: procedure)? ends|the turn ends|the turn passes to p[12]", low):
            return [A.PhaseMarker("start")]
        if rx.fullmatch(
            r"no pitch zone cards?|nothing pitched|no pitch|pitched nothing"
            r"|(?:we|they|the judge|i) (?:rewound|rewind|reversed|backed out|backed up|undid|took back|backed) (?:it|that|this|the (?:play|line|action))(?: out| back)?"
            r"|(?:each|both|all) players? (?:then )?puts? (?:the |all )?(?:cards )?(?:in|from) (?:their|the) pitch zones? "
            r"(?:on|to|at) the bottom of (?:their|the) decks?"
            r"|(?:the |their )?pitch(?: zone)?(?: cards?)? (?:goes|go|went) (?:to )?(?:the )?bottom(?: of (?:the|their) deck)?|(?!p[12] ).+ (?:goes|go|went|is put|was put|gets put) (?:to |on |at )?(?:the )?bottom(?: of (?:the|their|p[12]'s) deck)?|(?:p[12]'s|their) permanents untap|the ward (?:applies|prevents \d+)|(?:both|all) wards apply|it resolves|(?!(?:all |both |everyone )?pass(?:es|ed)?\b).+ is destroyed|the combat chain closes",
            low,
        ):
            return [A.Noop("narration")]
        if rx.fullmatch(
            r"(?:and )?(?:(?:that|it)(?:'s| was| is) (?:the )?game|game over|the game (?:is|was) over)", low
        ):
            # "and that was game": a claim that the game is over (CR 1.10.2), checked
            return [A.Observe("game.over", True)]
        m = rx.fullmatch(rf"{_P} (?:wins|won)(?: the game)?", c, re.I)
        if m:
            return [A.Observe("game.result", f"{m.group(1).upper()} wins")]
        # "chain closes, battleworn": a close-step keyword named alone is its trigger (CR 7.7.2)
        low = rx.sub(
            r"^(blade break|battleworn|temper|guardwell)(?: (?:applies|applied|happens|happened|triggers|triggered))?$",
            r"\1 trigger resolves",
            low,
        )
        m = rx.fullmatch(
            r"(?:and )?(?:wiped|wipes|destroyed|destroys|killed|kills|trashed|trashes) (p[12])'s arsenal(?: \((?:the )?(.+)\))?",
            c0.strip(),
            re.I,
        )
        if m:
            # "CnC hit for 6 and wiped P2's arsenal (the Fate Foreseen)": the hit trigger that destroys
            # the arsenal resolved when it is the top layer (all passed, CR 1.11.4a); what it destroyed
            # is checked (the arsenal is empty, the card named is in the graveyard)
            wiped: list[A.Action] = [
                A.AllPass("if_top", (), ""),
                A.Claim("destroyed", f"{m.group(1).upper()}'s arsenal"),
            ]
            if m.group(2):
                wiped.append(A.Claim("destroyed", m.group(2).strip()))
            return wiped
        m = rx.fullmatch(r"(.+?) (?:broke|breaks|shattered|shatters|is broken|was broken|got broken)", low)
        if m:  # "the helm broke": a claim that it was destroyed (blade break, CR 8.3.3), checked
            return [A.Claim("destroyed", _slot_subject(m.group(1)))]
        m = rx.fullmatch(
            r"(.+?) (?:draws|drew)(?: (?:P[12]|you|them|him|her|its controller))?(?: a card| 1| one| 1 card)?",
            c,
            re.I,
        )
        if m and self.names.prefix(m.group(1)) == m.group(1):
            # "3 dmg, Snatch draws": the card's trigger that draws resolves (its draw is the trigger's
            # effect, CR 5.3.4); checked: that trigger is the top layer
            name = _uncoloured(m.group(1))
            return [A.AllPass("if_top", (), name), A.Claim("trigger_resolves", name)]
        m = rx.fullmatch(r"(?:p[12]'s )?(?:the )?(.+?) trigger (?:resolves|resolved)", low)
        if m and m.group(1) in (
            "its attack",
            "its defend",
            "its",
            "attack",
            "defend",
            "its hit",
            "its play",
            "the",
        ):
            kind = m.group(1).replace("its", "").replace("the", "").strip()
            return [
                A.AllPass("if_top", (), f"{kind} trigger" if kind else "trigger"),
                A.Claim("resolved", ""),
            ]
        if m and m.group(1) not in ("hit", ""):
            return [A.AllPass("if_top", (), m.group(1)), A.Claim("trigger_resolves", m.group(1))]
        if rx.fullmatch(r"(?:there are )?no (?:beginning[- ]of[- ](?:the[- ])?end[- ]phase )?triggers?", low):
            return [A.Noop("no_end_triggers")]
        if rx.fullmatch(
            r"(?:the )?(?:hit )?trigger(?: is)? added to the stack|the hit trigger is added to the stack|(?:the )?(.+) trigger is added to the stack",
            low,
        ):
            return [A.Claim("trigger_added")]
        # a judge's English (docs/reconstruction.md, "A judge's English")
        m = rx.fullmatch(rf"{_P} (?:keeps|kept|holds|held|retains|retained|has) priority", c, re.I)
        if m:
            return [A.Observe("priority", m.group(1).upper())]
        m = rx.fullmatch(
            rf"{_P} (?:does not|doesn't|did not|didn't) (?:put (?:a card|anything) (?:in|into) (?:their |the )?arsenal|arsenal(?: anything)?)|{_P} (?:skips|has no|no) arsenal",
            c,
            re.I,
        )
        if m:
            return [A.NoArsenal((m.group(1) or m.group(2)).upper())]
        m = rx.fullmatch(
            rf"{_P} (?:destroys|banishes) (.+?) (?:to prevent|to knock|for (?:its |their |the )?(?:spellvoid|ward)|(?:to|and) (?:apply|applies|use|uses) (?:its |their |the )?(?:spellvoid|ward|quell|arcane barrier)) (\d+)(?: (?:of )?(?:the )?(?:arcane |combat )?damage)?(?: off)?",
            c,
            re.I,
        )
        if m:
            src = self.names.prefix(m.group(2)) or m.group(2).strip()
            return [A.ApplyPrevention(m.group(1).upper(), "", int(m.group(3)), src)]
        m = rx.fullmatch(
            r"(?:the )?(.+?)(?:'s)? (?:effect|trigger|ability) (?:is prevented from triggering|does not trigger|doesn't trigger|fails to trigger)",
            c,
            re.I,
        )
        if m:
            return [A.Claim("no_trigger", m.group(1).strip())]
        m = rx.fullmatch(
            rf"{_P} (?:puts|orders|stacks|has|places) (?:the )?(.+?) trigger on top(?: of the stack)?"
            r"(?:,? and (?:targets|aims) .+? with (?:the )?.+? trigger)?",
            c,
            re.I,
        )
        if m:
            # "P1 places the Courage trigger on top": the order the controller chose (CR 6.6.6b), checked
            return [A.Claim("on_stack", f"{m.group(2).strip()} trigger")]
        m = rx.fullmatch(
            rf"{_P} (?:selects|chooses) {_P} to (?:add|put) (?:their )?triggers(?: to the stack)? first",
            c,
            re.I,
        )
        if m:
            return [A.Noop("trigger_order")]
        m = rx.fullmatch(rf"{_P} (?:adds|puts) (?:the )?hit trigger(?: on(?:to)? the stack)?", c, re.I)
        if m:
            return [A.Claim("trigger_added", "hit")]
        m = rx.fullmatch(rf"{_P} (?:adds|puts) (.+?)'s trigger(?: on(?:to)? the stack)?", c, re.I)
        if m:
            return [A.Trigger(m.group(2).strip(), m.group(1).upper())]
        # "P1 draws 3 cards, returning to an intellect of 4" / "back up to 4": the count, and why
        m = rx.fullmatch(
            rf"{_P} draws (a|an|one|two|three|four|five|six|seven|\d+)(?: cards?)?,? (?:returning|going|getting|coming|back)? ?"
            r"(?:back )?(?:up )?to (?:(?:an|their|his|her|full) )?(?:intellect|hand size|\d+)(?: of \d+)?(?: cards?)?",
            c,
            re.I,
        )
        if m:
            return [A.Draw(m.group(1).upper(), _num(m.group(2)))]
        # "P1 draws up to their intellect" / "draws back up to 4 (so 2 cards)": the end phase's draw,
        # its count computed from the intellect and the hand (CR 4.4.3f)
        m = rx.fullmatch(
            rf"{_P} (?:just )?draws (?:back )?up to (?:(?:an|their|his|her|full) )?(?:intellect|hand size|\d+)(?: cards?)?(?: of \d+)?",
            c,
            re.I,
        )
        if m:
            return [A.Draw(m.group(1).upper(), -1)]
        m = rx.fullmatch(
            rf"{_P} draws:? (.+?)(?:,? then the (first|second|third|fourth|fifth|\w+) draw fails)?",
            c,
            re.I,
        )
        if m and not rx.fullmatch(
            r"(?:a|an|one|two|three|four|five|six|seven|\d+)(?: cards?)?", m.group(2), re.I
        ):
            names = [r.name for r in self.card_list(m.group(2))]
            fails = 1 if m.group(3) else 0
            drawn: list[A.Action] = [A.Draw(m.group(1).upper(), len(names) + fails)]
            return drawn + [A.Claim("holds", f"{m.group(1).upper()}:{n}") for n in names]
        m = rx.fullmatch(
            r"(?:the )?(.+?)(?:'s)? (?:delayed )?(?:trigger|effect) (removes|adds|puts|returns|creates|gives|deals|made|makes|created) (.+)",
            c,
            re.I,
        )
        if m:
            # what the trigger does is a claim of its own, checked when the claim grammar reads it;
            # "the Shard trigger made a Runechant" also says the trigger resolved: when a trigger of
            # that source is the top layer, everyone passed and it resolves (CR 1.11.4a)
            verb = {"made": "creates", "makes": "creates", "created": "creates"}.get(
                m.group(2).casefold(), m.group(2)
            )
            told, unread = read_claims(f"{verb} {m.group(3)}")
            first: list[A.Action] = (
                [A.AllPass("if_top", (), _subject(m.group(1)))] if verb == "creates" else []
            )
            return (
                first
                + [A.Claim("resolved", _subject(m.group(1)))]
                + told
                + [A.Claim("unchecked", u) for u in unread]
            )
        m = rx.fullmatch(rf"{_P} gains (\d+|a|an|one) resource points?", c, re.I)
        if m:
            return [A.Claim("gains_rp", m.group(1).upper(), _num(m.group(2)))]
        m = rx.match(rf"^{_P} attacks with (.+)$", c, re.I)
        if m:
            acts = self.play(m.group(1).upper(), m.group(2), boost, boost_card)
            if acts and isinstance(acts[0], A.Play):
                return [A.Attack(m.group(1).upper(), acts[0])]
            return None
        m = rx.fullmatch(
            r"(?:the )?random(?:ly chosen)? card is (.+?)(?:,? (?:and it is |which is |is )?banished face-?(down|up))?",
            c,
            re.I,
        )
        if m:  # intimidate's random card, named (CR 8.5.10): whose hand holds it, the engine finds
            refs = self.card_list(m.group(1))
            if refs:
                return [A.Banish("", refs[0], (m.group(2) or "down").casefold(), True)]
        # play
        m = rx.match(rf"^{_P} plays (.+)$", c, re.I)
        if m:
            return self.play(m.group(1).upper(), m.group(2), boost, boost_card)
        m = rx.match(rf"^{_P} attacks with (.+)$", c, re.I)
        if m:
            return self.activate(m.group(1).upper(), m.group(2))
        m = rx.match(
            r"^(.+?)(?:'s? (?:hero )?(?:ability|power))? (?:activates|is activated|gets activated)"
            r"((?:,?\s+(?:by\s+)?(?:pitching|paying|targeting|banishing)\b.*)?)$",
            c,
            re.I,
        )
        if m and not rx.match(rf"^{_P}\b", m.group(1), re.I):
            # "Chane activates", "Bravo's ability activates, pitching X": the source is the subject;
            # whose it is (the player left out) the engine finds from the heroes and permanents in play
            named = self.names.prefix(m.group(1))
            if named is not None and norm_name(named) == norm_name(_uncoloured(m.group(1))):
                return self.activate("", named + m.group(2))
        m = rx.match(rf"^{_P} activates (.+)$", c, re.I)
        if m:
            # "P1 activates Fai's ability", "... Fai's hero ability", "... Fai again": the source named
            source = rx.sub(
                r"(?:'s)?(?: hero| instant)? (?:ability|power)(?= |,|$)|\s+(?:again|once more|a second time)(?= |,|$)"
                r"|\s+from (?:(?:his|her|their|the|p[12]'s) )?hand(?= |,|$)|\s*\(?(?:by )?discarding it\)?(?= |,|$)",
                "",
                m.group(2),
                flags=re.I,
            )
            acts = self.activate(m.group(1).upper(), source)
            mgain = rx.search(
                r"\(\s*\+\s*(\d+)\s*(?:r|rp|res|resources?|resource points?|\{r\})\s*\)", c0, re.I
            )
            if acts and mgain and isinstance(acts[0], A.Activate):
                # "pops Energy Potion (+2 r)": the resources gained say the ability resolved (all
                # passed, CR 1.11.4a), checked: the ability is the top layer, and the gain is a claim
                return acts + [
                    A.AllPass("if_top", (), acts[0].source),
                    A.Claim("gains_rp", m.group(1).upper(), int(mgain.group(1))),
                ]
            return acts
        m = rx.match(rf"^{_P} pitches (.+?)(?:\s+to\s+.*)?$", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            if not refs:
                return None
            return [A.Pitch(m.group(1).upper(), r) for r in refs]
        # defending
        m = rx.fullmatch(
            rf"{_P} (?:declares|defends with|blocks with) (?:no (?:defending cards|defenders|cards)|nothing)",
            c,
            re.I,
        )
        if m:
            return [A.Defend(m.group(1).upper(), ())]
        m = rx.fullmatch(rf"{_P} does(?: not|n't) defend", c, re.I)
        if m:
            return [A.Defend(m.group(1).upper(), ())]
        m = rx.match(
            rf"^{_P} (?:declares|defends with|blocks with) (.+?)(?: as (?:a )?defending cards?| to defend)?$",
            c,
            re.I,
        )
        if m:
            refs = self.card_list(m.group(2))
            if not refs:
                return None
            return [A.Defend(m.group(1).upper(), tuple(refs))]
        # end phase
        m = rx.fullmatch(
            rf"{_P} (?:has no cards? in hand to arsenal|does not arsenal|doesn't arsenal|arsenals nothing|puts nothing into (?:their|the) arsenal)",
            c,
            re.I,
        )
        if m:
            return [A.NoArsenal(m.group(1).upper())]
        m = rx.fullmatch(rf"{_P} puts (.+?) face[- ]?(down|up) into (?:their|his|her|the) arsenal", c, re.I)
        if m is None:  # "P1 puts Card K into arsenal (face down)": face down is the default (CR 4.4.3b)
            m = rx.fullmatch(rf"{_P} puts (.+?) (?:in|into) (?:their |his |her |the )?arsenal()", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            return (
                [A.Arsenal(m.group(1).upper(), refs[0], m.group(3).casefold() or "down", tuple(refs[1:]))]
                if refs
                else None
            )
        m = rx.fullmatch(rf"{_P} arsenals (.+?)(?: face[- ]?(down|up))?", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            return (
                [A.Arsenal(m.group(1).upper(), refs[0], (m.group(3) or "down").casefold(), tuple(refs[1:]))]
                if refs
                else None
            )
        m = rx.fullmatch(rf"{_P} puts (.+?) on the bottom of (?:their|his|her) deck", c, re.I)
        if m:
            names = [r.name for r in self.card_list(m.group(2))]
            return [A.PitchToBottom(m.group(1).upper(), tuple(names))]
        if rx.fullmatch(
            r"(?:all |both |the )?pitch zones? (?:go|goes|are put) (?:to|on) the bottom(?: of (?:the|their) decks?)?",
            low,
        ):
            return [A.PitchToBottom(None, ())]
        m = rx.fullmatch(rf"{_P} draws (a|an|one|two|three|four|five|six|seven|\d+)(?: cards?)?", c, re.I)
        if m:
            return [A.Draw(m.group(1).upper(), _num(m.group(2)))]
        # prevention
        m = rx.match(
            rf"^{_P} applies (arcane barrier|spellvoid|quell|arcane shelter|ward)(?: (\d+))?(?: of (.+?))?(?:,|$)(.*)$",
            c,
            re.I,
        )
        if m:
            rest = m.group(5) or ""
            source = (m.group(4) or "").strip()
            pay = None
            pitches: tuple[A.CardRef, ...] = ()
            mp = rx.search(r"paying (\d+)(?: resource points?)?", rest, re.I)
            if mp:
                pay = int(mp.group(1))
            mq = rx.search(r"(?:by )?pitching (.+)$", rest, re.I)
            if mq:
                pitches = tuple(self.card_list(mq.group(1)))
            return [
                A.ApplyPrevention(
                    m.group(1).upper(),
                    m.group(2).casefold(),
                    int(m.group(3)) if m.group(3) else None,
                    source,
                    pitches,
                    pay,
                )
            ]
        if rx.fullmatch(
            rf"{_P} (?:declines|does not use|doesn'?t use|did not use|didn'?t use|chooses not to use|skips) (?:its|the|their) optional (?:effect|part|ability|text)",
            c,
            re.I,
        ):
            return [A.Noop("declined optional")]
        m = rx.fullmatch(rf"{_P} declines (arcane barrier|spellvoid|quell)(?: \d+)?(?: of .+)?", c, re.I)
        if m:
            return [A.DeclinePrevention(m.group(1).upper(), m.group(2).casefold())]
        # "Dromai makes 2 Ash", "Iyslander makes a Frostbite for P1", "Briar creates an Embodiment of
        # Earth": a card (a hero, a permanent) named as the maker of a token; its controller gets it
        # unless the line names the player (the engine finds whose the card is)
        m = rx.fullmatch(
            r"(.+?)(?:'s (?:trigger|ability|effect))? (?:creates|makes|made|created|gives (P[12]))"
            r" (a|an|one|two|three|four|\d+) (.+?)(?: tokens?)?(?: (?:for|under) (P[12])(?:'s control)?)?",
            c,
            re.I,
        )
        if m and not rx.match(rf"^{_P}\b", m.group(1), re.I):
            named = self.names.prefix(m.group(1))
            if (named is None or norm_name(named) != norm_name(m.group(1))) and self.names.moniker(
                m.group(1)
            ):
                named = m.group(1).strip()  # "Valda makes 2 Seismic Surge": the hero by its short name
            token = self.names.prefix(m.group(4))
            if named is not None and norm_name(named) == norm_name(m.group(1)) and token is not None:
                player = (m.group(2) or m.group(5) or "").upper()
                return [A.CreateToken(player, token, _num(m.group(3)), named)]
        # tokens, reveal, opt, heave
        m = rx.fullmatch(rf"{_P} creates (a|an|one|two|three|four|\d+) (.+?) tokens?", c, re.I)
        if m:
            return [A.CreateToken(m.group(1).upper(), m.group(3).strip(), _num(m.group(2)))]
        m = rx.fullmatch(
            rf"{_P} reveals (.+?)(?: (?:from|in) (?:their |the )?(hand|arsenal|pitch zone|graveyard|banished zone))?",
            c,
            re.I,
        )
        if m:
            zone = (m.group(3) or "hand").casefold().replace(" zone", "").replace("pitch", "pitch_zone")
            return [A.Reveal(m.group(1).upper(), m.group(2).strip(), zone)]
        m = rx.fullmatch(rf"{_P} opts (\d+)\s*:?\s*(.*)", c, re.I)
        if m:
            top: list[str] = []
            bottom: list[str] = []
            for part in rx.split(r",\s*|;\s*", m.group(3)):
                mm = rx.fullmatch(
                    r"\s*(.+?) on (?:the )?(top|bottom)(?: of (?:their|the) deck)?\s*", part, re.I
                )
                if not mm:
                    continue
                names = [r.name for r in self.card_list(mm.group(1))]
                (top if mm.group(2).casefold() == "top" else bottom).extend(names)
            return [A.Opt(m.group(1).upper(), tuple(top), tuple(bottom))]
        # crank (CR 8.3.29): "P1 cranks Teklo Core", "P1 cranked the Teklo Core for an action point",
        # "P1 removes a steam counter from Teklo Core with crank"
        m = rx.fullmatch(
            rf"{_P} (?:cranks|cranked|cranking|cranks up|cranked up) (?:the |their |his |her )?(.+?)"
            r"(?:,? (?:for|to gain|gaining) (?:an|1|one|the|a) (?:extra )?action point)?",
            c,
            re.I,
        ) or rx.fullmatch(
            rf"{_P} remove[sd]? a steam counter from (?:the |their |his |her )?(.+?),? (?:with|for|using|by) crank(?:ing)?",
            c,
            re.I,
        )
        if m:
            refs = self.card_list(m.group(2))
            return [A.Crank(m.group(1).upper(), refs[0].name if refs else m.group(2).strip())]
        # a hero transforms (the random Agent of Chaos Arakni becomes, heroes.become): "P1 becomes Arakni,
        # Redback", "p1 transforms into redback", "P1's hero is now Arakni, Black Widow"
        m = rx.fullmatch(
            rf"{_P}(?:'s hero)? (?:becomes|became|transforms into|transformed into|turns into|is now) "
            r"(?!a defending|marked|chain link)(?:the )?(.+?)\.?",
            c,
            re.I,
        )
        if m:
            return [A.Become(m.group(1).upper(), m.group(2).strip())]
        m = rx.match(rf"^{_P} heaves (.+?)(?:,|$)(.*)$", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            rest = m.group(3) or ""
            mp = rx.search(r"paying (\d+)", rest, re.I)
            mq = rx.search(r"pitching (.+)$", rest, re.I)
            return [
                A.Heave(
                    m.group(1).upper(),
                    refs[0] if refs else A.CardRef(m.group(2)),
                    tuple(self.card_list(mq.group(1))) if mq else (),
                    int(mp.group(1)) if mp else None,
                )
            ]
        m = rx.fullmatch(
            rf"{_P} discards (a|an|one|two|three|\d+) (?:random )?cards?(?: at random)?", c, re.I
        )
        if m:
            why = next((k for k in ("crush",) if k in raw.casefold()), "")
            return [A.Discard(m.group(1).upper(), (), _num(m.group(2)), why)]
        m = rx.fullmatch(
            rf"{_P} discards (.+?),? (?:to (?:activate|use) (?:it|its (?:instant )?ability|the ability)|for its (?:instant )?ability)((?:,? targeting .+)?)",
            c,
            re.I,
        )
        if m:  # "P1 discards Agile Windup for its ability": an "Instant - Discard this" ability (CR 5.2.1)
            return self.activate(m.group(1).upper(), m.group(2) + m.group(3))
        m = rx.fullmatch(
            rf"{_P} discards (.+?)(?:,?\s+(?:at random|randomly)|\s*\(random\)"
            r"|,?\s+(?:to draw\b.*|for (?:the |its |his |her |their )?[\w' ]*?(?:trigger|option|draw|effect)))?",
            c,
            re.I,
        )
        if m:
            why = next((k for k in ("crush",) if k in raw.casefold()), "")
            return [A.Discard(m.group(1).upper(), tuple(self.card_list(m.group(2))), 0, why)]
        m = rx.fullmatch(rf"{_P} (gains|loses) (\d+)(?:\{{h\}}| life)", c, re.I)
        if m:
            return [
                A.Outcome(
                    "gain_life" if m.group(2).casefold() == "gains" else "lose_life",
                    m.group(1).upper(),
                    int(m.group(3)),
                )
            ]
        m = rx.fullmatch(rf"{_P} shuffles (?:their|his|her|the) deck", c, re.I)
        if m:
            return [A.Shuffle(m.group(1).upper())]
        m = rx.fullmatch(
            rf"{_P} (?:search(?:es|ed)?(?: out| for)?|tutors?|tutored|fetch(?:es|ed)?(?: out)?)"
            r"(?: (?:their|his|her|the) deck for)? (.+?)"
            r"(?:,? (?:and )?banish(?:es|ed|ing)? it(?: face[- ]?up)?)?"
            r"(?:,? (?:and |then )*shuffl(?:es|ed|ing)?(?: (?:their|his|her|the) deck)?)?",
            c,
            re.I,
        )
        if m:
            refs = self.card_list(m.group(2))
            if len(refs) == 1:  # the card a deck search found (heroes.search)
                return [A.Search(m.group(1).upper(), refs[0])]
        found = self.look_opponent_top(c)
        if found is not None:
            return found
        # Kano's look at the top card (heroes.look_top): "Top card is X[, a non-attack action]", "P1 looks at
        # the top card, X[, and banishes it]", "P1 banishes it [to play it]"
        m = rx.fullmatch(
            r"(?:the )?top card(?: of (?:the |their |his |her |(P[12])'s )?deck)?(?: is| was|:)?\s+(.+?)",
            c,
            re.I,
        )
        m2 = rx.fullmatch(
            r"(?:(P[12])|[A-Z][\w' ,]*?) (?:looks|looked) at (?:the|their|his|her) top card(?: of (?:the|their|his|her) deck)?"
            r"(?:,|:| -| and sees| and finds)?\s*(?:it'?s |it is )?(.+?)",
            c,
            re.I,
        )
        mm = m or m2
        if mm:
            said = rx.sub(r",?\s*(?:to play it|face[- ]?up)\s*$", "", mm.group(2).strip(), flags=re.I)
            banish = rx.search(r",?\s*(?:and )?banish(?:es|ed)? it\s*$", said, re.I)
            if banish:
                said = said[: banish.start()]
            said = rx.sub(
                r",?\s*(?:an?|which is an?) '?(?:non-attack|attack)'? action(?: card)?\s*$",
                "",
                said,
                flags=re.I,
            )
            refs = self.card_list(said.strip().rstrip(","))
            if len(refs) == 1:
                return [A.LookTop((mm.group(1) or "").upper(), refs[0], bool(banish))]
        m = rx.fullmatch(rf"{_P} banish(?:es|ed)? it(?: to play it| face[- ]?up)*", c, re.I)
        if m:
            return [A.LookTop(m.group(1).upper(), None, True)]
        m = _PAY_LIFE_LINE.fullmatch(c)
        if m:  # "P1 pays 1 life" (a hero's "you may pay {h}", heroes_more.pay_life)
            amount = _num(m.group(2)) if m.group(2) else m.group(3).count("{h}")
            return [A.PayLife(m.group(1).upper(), amount)]
        m = _PAY_LINE.fullmatch(c)
        if m:
            # "P2 pays 1", "pays {r}{r}", "pays the 1 for it", "pays for the +2 with Sink Below"
            # (no amount: the option's own cost, ``damage.pay``)
            n = m.group("n") or ""
            cards = m.group("cards") or m.group("paren") or ""
            return [
                A.Pay(
                    m.group(1).upper(),
                    n.count("{r}") if "{r}" in n else (_num(n) if n else 0),
                    tuple(self.card_list(cards)) if cards else (),
                )
            ]
        # narrated automatic events (claims)
        m = rx.fullmatch(rf"{_P} gains (a|an|one|the|\d+) action points?(?: back)?", c, re.I)
        if m:
            return [A.Claim("gains_ap", m.group(1).upper(), _num(m.group(2)))]
        m = rx.fullmatch(r"(.+?) deals (\d+)(?: damage)?(?: to (?:P[12]'s hero|P[12]))?( and hits)?", c, re.I)
        if m:
            out: list[A.Action] = [A.Claim("deals", m.group(1).strip(), int(m.group(2)))]
            if m.group(3):
                out.append(A.Claim("hits", m.group(1).strip()))
            return out
        m = rx.fullmatch(r"(.+?) hits", c, re.I)
        if m:
            return [A.Claim("hits", m.group(1).strip())]
        m = rx.fullmatch(r"(.+?) (?:resolves|resolved|has resolved|did resolve)", c, re.I)
        if m:
            # "X resolves" said as an event of its own: the players passed and X resolved (checked
            # against the stack like "all pass (X resolves)", never a silent no-op)
            return [A.AllPass("said", (), m.group(1).strip())]
        # a narrated event in the claim grammar (the same as in parentheses): checked, never applied
        claims, unread = read_claims(c)
        if claims and not unread:
            return claims
        return None

    def targets(self, text: str) -> tuple[str, ...]:
        out = []
        for part in rx.split(r"\s+and\s+|,\s*", text):
            part = part.strip()
            m = rx.fullmatch(r"(P[12])(?:'s hero)?|(?:the )?opponent(?:'s hero)?", part, re.I)
            mo = rx.fullmatch(r"(P[12])'s (.+)", part, re.I)
            if m:
                out.append(m.group(1).upper() if m.group(1) else "opponent")
            elif mo:
                obj = self.names.prefix(mo.group(2)) or mo.group(2)
                out.append(f"{mo.group(1).upper()}:{obj}")
            elif part:
                name = self.names.prefix(part)
                out.append(name or part)
        return tuple(out)

    def _in_name(self, text: str, at: int) -> bool:
        """Whether the word at ``at`` lies inside a known card name said in ``text`` ("AR Boost"):
        then it is part of the name, not the keyword it spells (blind-26g)."""
        for w in rx.finditer(r"(?:^|(?<=[\s(,;]))\S", text[: at + 1]):
            name = self.names.prefix(text[w.start() :])
            if name is not None and w.start() < at < w.start() + len(name):
                return True
        return False

    def play(self, player: str, rest: str, boost: bool, boost_card: str) -> list[A.Action] | None:
        # "P1 attacks with Fire Vein, 0 (3 Fealty)": the cost said as a bare number, a remark
        rest = rx.sub(r",\s*\d+(?=\s*(?:\([^()]*\))?\s*$)", "", rest)
        # "and scraps the Copper Cog from their graveyard": where scrap takes its card from (CR 8.3.32),
        # not where the card played comes from
        rest = rx.sub(
            r"(\bscrap(?:s|ping|ped)\s+[^,;]+?)\s+(?:from|out of) (?:the |their |his |her )?(?:graveyard|gy|yard)\b",
            r"\1",
            rest,
            flags=re.I,
        )
        parts = rx.split(
            r"(?<!\bwithout)(?<!\bnot)(?:,\s*|\s+)(?=(?:"
            + _FROM_ZONE
            + r"|"
            + _COST_REMARK
            + r"|targeting\b|(?:by )?pitching\b|paying\b|as an instant\b|as (?:though|if) it (?:were|was) an instant\b|"
            + _FUSION_PART
            + "|"
            + _CHARGE_PART
            + "|"
            + _DISCARD_PART
            + "|"
            + _SCRAP_PART
            + r"))",
            rest,
            flags=re.I,
        )
        head = rx.sub(r"\s+and$", "", parts[0].strip())
        if rx.match(r"the ", head, re.I) and self.names.prefix(head) is None and self.names.prefix(head[4:]):
            head = head[4:]  # "plays the Phoenix Flame": the card named after an article
        if rx.search(
            r",\s*(?:and\s+)?(?:returns|makes|creates|equips|draws|gets|gains|puts|deals|pings|searches|resolves)\b",
            head,
        ):
            return None  # "X, returns Y to hand": an effect told after the card, not read, never half-read
        refs = self.card_list(head)
        if len(refs) != 1:
            return None  # no card, or more words than one card's name: not read, never half-read
        card = refs[0]
        targets: tuple[str, ...] = ()
        pitches: list[A.CardRef] = []
        floating: int | None = None
        instant = False
        fusion = ""
        fused: tuple[A.CardRef, ...] = ()
        charge = ""
        charged: tuple[A.CardRef, ...] = ()
        discarded: tuple[A.CardRef, ...] = ()
        scrapped: tuple[A.CardRef, ...] = ()
        for part in parts[1:]:
            p = rx.sub(r"\s+(?:and|then)$", "", part.strip().rstrip(",")).strip()
            pl = p.casefold()
            if rx.match(_FROM_ZONE, pl):
                card = A.CardRef(card.name, _play_zone(pl), card.claims)
            elif rx.match(_COST_REMARK, pl):
                continue  # "for free (2 Draconic links)", "costs 0": the engine computes the cost
            elif pl.startswith("targeting"):
                targets = self.targets(p[len("targeting") :].strip())
            elif pl.startswith(("pitching", "by pitching")):
                pitches.extend(self.card_list(rx.sub(r"^(?:by )?pitching\s+", "", p, flags=re.I)))
            elif pl.startswith("paying"):
                mm = rx.match(
                    r"paying (\d+)(?: with (?:floating )?resource points?| from floating(?: resource points?)?)?",
                    pl,
                )
                if mm and "floating" in pl:
                    floating = int(mm.group(1))
                elif rx.match(
                    r"paying (?:with )?(?:the |their )?(?:one )?floating resource point\b(?!s)", pl
                ):
                    floating = 1
                mq = rx.search(r"pitching (.+)$", p, re.I)
                if mq:
                    pitches.extend(self.card_list(mq.group(1)))
            elif pl.startswith("as an instant") or rx.match(
                r"as (?:though|if) it (?:were|was) an instant", pl
            ):
                instant = True
            elif rx.match(_CHARGE_PART, pl):
                charge, charged = self.charge(p)
            elif rx.match(_DISCARD_PART, pl):
                # "discarding Bone Head Barrier (random)", "and discards a random card (Card C)"
                named = rx.sub(
                    r"^(?:and )?(?:discarding|discards|discarded|beating chest|beats chest|beat chest)"
                    r"(?:\s+(?:with|by discarding))?\s+",
                    "",
                    p,
                    flags=re.I,
                )
                named = rx.sub(
                    r"\s*\(?(?:at )?random\)?\s*|\bfor (?:the|its) (?:additional )?cost\b",
                    " ",
                    named,
                    flags=re.I,
                )
                inner = rx.search(r"\(([^()]+)\)", named)
                if rx.match(r"an? (?:random )?card\b", named.strip(), re.I):
                    named = inner.group(1) if inner else ""
                discarded = tuple(self.card_list(named.strip())) if named.strip() else (A.CardRef("?"),)
            elif rx.match(_FUSION_PART, pl):
                fusion, fused = self.fusion(p)
            elif rx.match(_SCRAP_PART, pl):
                named = rx.sub(
                    r"^(?:and )?(?:scrapping|scraps|scrapped)\s+(?:(?:the |their )?(?:graveyard's |card )?)?",
                    "",
                    p,
                    flags=re.I,
                )
                named = rx.sub(r"\s+from (?:the |their |his |her )?graveyard$", "", named, flags=re.I)
                scrapped = tuple(self.card_list(named.strip()))
        return [
            A.Play(
                player,
                card,
                targets,
                tuple(pitches),
                floating,
                boost,
                boost_card,
                instant,
                0,
                fusion,
                fused,
                charge,
                charged,
                discarded,
                scrapped=scrapped,
            )
        ]

    def charge(self, part: str) -> tuple[str, tuple[A.CardRef, ...]]:
        """Charging the hero's soul said on a play line (CR 8.5.29): "charging Banneret of Courage",
        "charging the soul with X", "and charges X to the soul", "charging" (the card left out),
        "without charging"."""
        low = part.strip().casefold()
        if rx.match(r"(?:without charging|not charging)\b", low):
            return "no", ()
        rest = rx.sub(
            r"^(?:and )?(?:charging|charges|charged)(?: (?:the |their |his |her )?(?:hero's )?soul)?(?: with)?\s*",
            "",
            part.strip(),
            flags=re.I,
        )
        rest = rx.sub(
            r"\s*(?:(?:in)?to (?:the |their |his |her )?(?:hero's )?soul)?\s*$", "", rest, flags=re.I
        )
        if not rest or rx.fullmatch(r"(?:an? [a-z]+ card|it)", rest, re.I):
            return "yes", ()
        return "yes", tuple(self.card_list(rest))

    def fusion(self, part: str) -> tuple[str, tuple[A.CardRef, ...]]:
        """Fusion's optional additional cost said on a play line (CR 8.3.17): "fusing Frost Lock",
        "revealing Frost Lock for Ice Fusion", "fused with X", "fuses it by revealing X", "fused" (the
        revealed card left out: the judge is asked), "without fusing" / "not fused"."""
        low = part.strip().casefold()
        if rx.match(r"(?:without fusing|not fused|unfused|no fusion)\b", low):
            return "no", ()
        rest = rx.sub(
            r"^(?:and )?(?:fusing|fused|fuses|revealing|reveals)(?: it| this)?(?: (?:with|by revealing|revealing))?\s*",
            "",
            part.strip(),
            flags=re.I,
        )
        rest = rx.sub(
            r"\s*(?:from (?:their |his |her )?hand)?\s*(?:(?:for|to pay|as) (?:the |its )?(?:[a-z/ ]+ )?fusion(?: cost)?|to fuse(?: it)?)?\s*$",
            "",
            rest,
            flags=re.I,
        )
        if not rest or rx.fullmatch(
            r"(?:an? [a-z]+ (?:card|one)(?: and an? [a-z]+ (?:card|one))?|it)", rest, re.I
        ):
            return "yes", ()  # "fusing an Ice card": fused, the revealed card not named
        return "yes", tuple(self.card_list(rest))

    def activate(self, player: str, rest: str) -> list[A.Action] | None:
        parts = rx.split(
            r"(?:,\s*|\s+)(?=(?:targeting\b|(?:by )?pitch(?:ing|es|ed)?\b|paying\b|discarding\b|returning\b|(?:and )?equip(?:s|ping|ped)?\b|banishing\b))",
            rest,
            flags=re.I,
        )
        name = self.names.prefix(parts[0]) or parts[0].strip()
        targets: tuple[str, ...] = ()
        pitches: list[A.CardRef] = []
        discarded: list[A.CardRef] = []
        banished: list[A.CardRef] = []
        for part in parts[1:]:
            pl = part.strip().casefold()
            if pl.startswith("targeting"):
                targets = self.targets(part.strip()[len("targeting") :].strip())
            elif rx.match(r"(?:and )?equip", pl):
                targets = _equipped_names(part)  # Cindra: "equips both Kunai from the yard" (CR 8.5.41)
            elif rx.search(r"\bpitch(?:ing|es|ed)?\b", pl):
                pitches.extend(
                    self.card_list(rx.sub(r"^.*?\bpitch(?:ing|es|ed)?\s+", "", part.strip(), flags=re.I))
                )
            elif pl.startswith("returning"):
                pass  # "returning Phoenix Flame to hand": the ability's effect said (Fai's), applied as it resolves
            elif pl.startswith("discarding"):
                # "activates Oscilio, discarding Sink Below": the discard that pays the cost (zones.pay_discard_cost)
                discarded.extend(self.card_list(rx.sub(r"^discarding\s+", "", part.strip(), flags=re.I)))
            elif pl.startswith("banishing") and _FROM_GRAVEYARD.search(pl):
                # "activates Kassai, banishing X, Y, Z and W from the graveyard" (heroes_more.pay_graveyard_banish)
                said = _FROM_GRAVEYARD.sub("", rx.sub(r"^banishing\s+", "", part.strip(), flags=re.I))
                banished.extend(self.card_list(said.strip()))
        return [A.Activate(player, name, targets, tuple(pitches), tuple(discarded), tuple(banished))]

    def look_opponent_top(self, c: str) -> list[A.Action] | None:
        """Arakni's look at an opponent's top card (heroes_more.look_opponent_top): "P1 looks at P2's top
        card (X) and puts it on the bottom", "P1 looks at the top of P2's deck: X, bottoms it", "P2's top
        card is X, P1 puts it on the bottom", "P1 puts P2's top card on the bottom"."""
        m = _LOOK_OPP.fullmatch(c)
        if m is None:
            m2 = _BOTTOM_OPP.fullmatch(c)
            if m2 is None:
                return None
            refs = self.card_list(m2.group(4)) if m2.group(4) else []
            owner = (m2.group(2) or m2.group(3)).upper()
            return [A.LookTop(m2.group(1).upper(), refs[0] if len(refs) == 1 else None, False, owner, True)]
        said = (m.group("card") or "").strip()
        if said.startswith("(") and said.endswith(")"):
            said = said[1:-1].strip()
        rest = m.group("rest") or ""
        bottom = bool(rx.search(r"\b(?:bottom(?:s|ed)?|puts? it (?:on|at|to) the bottom)\b", rest, re.I))
        refs = self.card_list(said) if said else []
        if said and len(refs) != 1:
            return None
        player = (m.group("who") or m.group("who2") or "").upper()
        owner = (m.group("owner") or m.group("owner2")).upper()
        return [A.LookTop(player, refs[0] if refs else None, False, owner, bottom)]

    def observe(self, text: str) -> A.Observe | None:
        t = text.strip()
        who = ""
        m = rx.match(r"^(P[12]|judge|spectator|\w+) says (.*)$", t, re.I)
        if m:
            who, t = m.group(1), m.group(2)
        m = rx.fullmatch(
            r"(P[12](?:\.[\w]+)+|combat_chain(?:\.\w+)*|phase|turn|game\.\w+)\s*(?:is|=|:)?\s*(.+)", t, re.I
        )
        if m:
            return A.Observe(_norm_path(m.group(1)), _value(m.group(2)), who)
        m = rx.fullmatch(
            r"(P[12])(?:'s)? (life|hand size|hand_size|deck|action points|resource points|intellect)\s*(?:is|=|:)?\s*(-?\d+)",
            t,
            re.I,
        )
        if m:
            key = m.group(2).casefold().replace(" ", "_")
            return A.Observe(f"{m.group(1).upper()}.{key}", int(m.group(3)), who)
        return None

    def judge(self, text: str) -> list[A.Action] | None:
        t = text.strip()
        reason = ""
        mr = rx.search(r"\s*(?:\(([^)]*)\)|\bbecause\b(.*)|!\s*(.*))$", t)
        if mr:
            reason = next((g for g in mr.groups() if g), "").strip()
            t = t[: mr.start()].strip()
        m = rx.fullmatch(r"set (P[12](?:\.\w+)+) to (.+)", t, re.I)
        if m:
            return [A.Adjust(_norm_path(m.group(1)), _value(m.group(2)), reason)]
        m = rx.fullmatch(r"(P[12]\.\w+)\s*([+-]\d+)", t, re.I)
        if m:
            return [A.Adjust(_norm_path(m.group(1)), m.group(2), reason)]
        m = rx.fullmatch(r"(P[12]\.\w+)\s*(?:=|is)?\s*(-?\d+)", t, re.I)
        if m:
            return [A.Adjust(_norm_path(m.group(1)), int(m.group(2)), reason)]
        m = rx.fullmatch(rf"{_P} (gains|loses) (\d+) life", t, re.I)
        if m:
            return [
                A.Outcome(
                    "gain_life" if m.group(2).casefold() == "gains" else "lose_life",
                    m.group(1).upper(),
                    int(m.group(3)),
                )
            ]
        m = rx.fullmatch(rf"(.+?) deals (\d+) (arcane )?damage to {_P}(?:'s hero)?", t, re.I)
        if m:
            return [
                A.Outcome(
                    "arcane" if m.group(3) else "damage", "", int(m.group(2)), m.group(4).upper(), m.group(1)
                )
            ]
        m = rx.fullmatch(rf"{_P} draws (a|an|one|two|three|\d+)(?: cards?)?", t, re.I)
        if m:
            return [A.Draw(m.group(1).upper(), _num(m.group(2)))]
        m = rx.fullmatch(r"(?:the )?attack gets \+(\d+)(?:\{p\}| power)?", t, re.I)
        if m:
            return [A.Outcome("power", "", int(m.group(1)))]
        m = rx.fullmatch(r"(?:the )?attack (?:gets|gains) go again", t, re.I)
        if m:
            return [A.Outcome("go_again")]
        m = rx.fullmatch(rf"{_P} gains (\d+) (resource|action) points?", t, re.I)
        if m:
            return [
                A.Outcome(
                    "gain_resources" if m.group(3).casefold() == "resource" else "gain_ap",
                    m.group(1).upper(),
                    int(m.group(2)),
                )
            ]
        m = rx.fullmatch(rf"{_P} creates (a|an|one|two|three|\d+) (.+?) tokens?", t, re.I)
        if m:
            return [A.CreateToken(m.group(1).upper(), m.group(3), _num(m.group(2)))]
        m = rx.fullmatch(r"(?:create|make) (a|an|one|two|three|\d+) (.+?)(?: tokens?)? for (P[12])", t, re.I)
        if m:
            return [A.CreateToken(m.group(3).upper(), m.group(2), _num(m.group(1)))]
        return self.physical_fix(t, reason)

    def physical_fix(self, t: str, reason: str) -> list[A.Action] | None:
        """Moves, counters, keywords and destroying: what a judge can physically fix at the table."""
        m = _MOVE.fullmatch(t)
        if m:
            player = (m.group("who") or m.group("from_p") or m.group("to_p") or "").upper()
            if not player:
                return None
            name = m.group("card").strip()
            ref = (
                A.CardRef("?")
                if rx.fullmatch(r"(?:an? |the )?(?:unknown |face-?down |random )?card", name, re.I)
                else (self.card_list(name) or [A.CardRef(name)])[0]
            )
            src, dest = _zone_key(m.group("src")), _zone_key(m.group("dest"))
            if src is None or dest is None:
                return None
            face = (m.group("face") or "").casefold()
            return [A.MoveCard(player, ref, src, dest, face, reason)]
        m = _TOP_CARD.fullmatch(t)
        if m:
            player = (m.group("who") or m.group("from_p") or m.group("to_p") or "").upper()
            dest = _zone_key(m.group("dest"))
            if not player or dest is None:
                return None
            face = (m.group("face") or "").casefold()
            return [A.MoveCard(player, A.CardRef("?"), "deck_top", dest, face, reason)]
        m = _VERB_MOVE.fullmatch(t)
        if m:
            player = (m.group("who") or m.group("from_p") or "").upper()
            src = _zone_key(m.group("src"))
            if not player or src is None:
                return None
            dest = {"banish": "banished", "discard": "graveyard"}[
                rx.sub(r"(?:es|s|ed)$", "", m.group("verb").casefold())
            ]
            face = (m.group("face") or "").casefold()
            name = m.group("card").strip()
            ref = (
                A.CardRef("?")
                if rx.fullmatch(r"(?:an? |the )?(?:unknown |face-?down |random )?card", name, re.I)
                else (self.card_list(name) or [A.CardRef(name)])[0]
            )
            return [A.MoveCard(player, ref, src, dest, face, reason)]
        m = _COUNTERS.fullmatch(t)
        if m:
            n = _num(m.group("n"))
            raw = m.group("kind").casefold().replace(" ", "")
            sign = -1 if m.group("verb").casefold() in ("remove", "removes", "take", "takes") else 1
            stat = rx.fullmatch(r"([+-])1(?:\{([pd])\}|(power|defen[cs]e))", raw)
            if stat:
                # +1 and -1 counters are separate kinds (CR 1.15.4): "-power" counts the -1{p} ones
                kind = "power" if (stat.group(2) == "p" or stat.group(3) == "power") else "defense"
                kind = ("-" if stat.group(1) == "-" else "") + kind
            else:
                kind = m.group("kind").casefold()
            return [A.CounterChange(m.group("card").strip(), kind, sign * n, reason)]
        m = _KEYWORD.fullmatch(t)
        if m:
            add = m.group("verb").casefold() not in ("loses", "lose", "lost")
            until = " ".join((m.group("until") or "").split())
            return [A.KeywordChange(m.group("card").strip(), m.group("kw").casefold(), add, reason, until)]
        m = rx.fullmatch(r"destroys? (.+)", t, re.I)
        if m:
            return [A.Destroy(m.group(1).strip(), reason)]
        return None


_ZONE_WORDS = (
    r"hand|arsenal|graveyard|gy|discard(?: pile)?|banished zone|banishment|banish(?:ed)?|pitch(?: zone)?|arena|play|"
    r"permanents|(?:hero's )?soul|(?:the )?(?:top|bottom) of (?:the |their |his |her |P[12]'s )?deck|deck (?:top|bottom)|deck"
)
_OWNER = r"(?:(?P<{0}>P[12])'s |their |his |her |the )?"
_MOVE = re.compile(
    r"(?:(?P<who>P[12]) )?(?:moves?|moved|puts?|placed?|places|returns?|returned) (?P<card>.+?) from "
    + _OWNER.format("from_p")
    + r"(?P<src>"
    + _ZONE_WORDS
    + r") (?:to|into|onto|on|in) (?:the )?"
    + _OWNER.format("to_p")
    + r"(?P<dest>"
    + _ZONE_WORDS
    + r")(?:,? face[- ]?(?P<face>up|down))?",
    re.I,
)
_COUNTERS = re.compile(
    r"(?P<verb>add|adds|put|puts|place|places|remove|removes|take|takes) (?P<n>a|an|one|two|three|\d+) "
    r"(?P<kind>[+-]1 ?(?:\{[pd]\}|power|defen[cs]e)|[a-z]+) counters? (?:to|on|onto|from|off(?: of)?) (?P<card>.+)",
    re.I,
)
#: "P1 moves the top card of their deck to banished face down" (an unknown card off the top)
_TOP_CARD = re.compile(
    r"(?:(?P<who>P[12]) )?(?:moves?|moved|puts?|places?|turns?) the top card of "
    + _OWNER.format("from_p")
    + r"deck (?:to|into|onto|on|in) (?:the )?"
    + _OWNER.format("to_p")
    + r"(?P<dest>"
    + _ZONE_WORDS
    + r")(?:,? face[- ]?(?P<face>up|down))?",
    re.I,
)
#: "banish Snatch from P1's hand", "P2 discards Sink Below from hand" (to banished / graveyard)
_VERB_MOVE = re.compile(
    r"(?:(?P<who>P[12]) )?(?P<verb>banish(?:es|ed)?|discards?|discarded) (?P<card>.+?) from "
    + _OWNER.format("from_p")
    + r"(?P<src>"
    + _ZONE_WORDS
    + r")(?:,? face[- ]?(?P<face>up|down))?",
    re.I,
)
_KEYWORD = re.compile(
    r"(?P<card>.+?) (?P<verb>gains|gain|gets|get|has|loses|lose|lost) "
    r"(?P<kw>go again|dominate|overpower|piercing(?: \d+)?|intimidate|stealth)"
    r"(?P<until> until (?:the )?end of (?:the )?turn| this chain link| for this chain link| until the chain closes)?",
    re.I,
)


def _zone_key(word: str) -> str | None:
    """A zone as the judge writes it -> the state's name for it."""
    w = " ".join(word.casefold().split())
    if rx.search(r"\btop of\b|deck top", w):
        return "deck_top"
    if rx.search(r"\bbottom of\b|deck bottom", w):
        return "deck_bottom"
    return {
        "hand": "hand",
        "arsenal": "arsenal",
        "graveyard": "graveyard",
        "gy": "graveyard",
        "discard": "graveyard",
        "discard pile": "graveyard",
        "banished zone": "banished",
        "banishment": "banished",
        "banish": "banished",
        "banished": "banished",
        "pitch": "pitch_zone",
        "pitch zone": "pitch_zone",
        "arena": "permanents",
        "play": "permanents",
        "permanents": "permanents",
        "soul": "soul",  # CR 3.11.5
        "hero's soul": "soul",
        "deck": "deck",
    }.get(w)


def _norm_path(path: str) -> str:
    parts = path.split(".")
    parts[0] = parts[0].upper() if rx.fullmatch(r"p[12]", parts[0], re.I) else parts[0]
    return ".".join(parts)


def _value(text: str) -> Any:
    t = text.strip().strip('"').strip("'")
    if rx.fullmatch(r"-?\d+", t):
        return int(t)
    if t.casefold() in ("true", "yes"):
        return True
    if t.casefold() in ("false", "no"):
        return False
    if t.casefold() in ("null", "none", "empty"):
        return None
    if t.startswith("[") and t.endswith("]"):
        return [x.strip() for x in t[1:-1].split(",") if x.strip()]
    return t


# ----------------------------------------------------------------------------------------------
# compact notation
# ----------------------------------------------------------------------------------------------

_NOTATION: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^\s*(p[12])\s+play\s+", re.I), r"\1 plays "),
    (re.compile(r"^\s*(p[12])\s+act\s+", re.I), r"\1 activates "),
    (re.compile(r"^\s*(p[12])\s+def\s+-\s*$", re.I), r"\1 declares no defending cards"),
    (re.compile(r"^\s*(p[12])\s+def\s+", re.I), r"\1 declares "),
    (re.compile(r"^\s*([pP][12])\s+(?:ars|Ars)\s+(.+)$"), r"\1 puts \2 face-down into their arsenal"),
    (re.compile(r"^\s*(p[12])\s+bottom\s+(.+)$", re.I), r"\1 puts \2 on the bottom of their deck"),
    (re.compile(r"^\s*(p[12])\s+draw\s+(\d+)$", re.I), r"\1 draws \2"),
    (re.compile(r"^\s*(p[12])\s+pass$", re.I), r"\1 passes"),
    (
        re.compile(r"^\s*(p[12])\s+ab\s+(\d+)\s+pitch\s+(.+)$", re.I),
        r"\1 applies Arcane Barrier \2, pitching \3",
    ),
    (re.compile(r"^\s*(p[12])\s+ab\s+(\d+)$", re.I), r"\1 applies Arcane Barrier \2"),
    (re.compile(r"^\s*(p[12])\s+token\s+(.+)$", re.I), r"\1 creates a \2 token"),
    (re.compile(r"^\s*(p[12])\s+crank\s+(.+)$", re.I), r"\1 cranks \2"),
    (re.compile(r"^\s*pass\s*$", re.I), "all pass"),
    (re.compile(r"^\s*>\s*(\w+)\s*$", re.I), r"all pass to the \1 Step"),
    (re.compile(r"^\s*>>\s*(\w+)\s*$", re.I), r"all pass through the \1 Step"),
    (re.compile(r"^\s*obs\s+", re.I), "observe: "),
    (re.compile(r"^\s*adj\s+", re.I), "judge: "),
]


_PASSERS = (
    r"(?:(?:all|both|everyone|everybody|both players|all players|we both|we all|they both|players)\s+"
    r"pass(?:es|ed)?(?:\s+priority)?(?:\s+again)?|pass,?\s+pass|(?:passes|priority)\s+(?:go|goes|went)\s+(?:a)?round|pass|(?P<who>P[12])\s+pass(?:es|ed)?(?:\s+priority)?"
    r"(?:\s+(?:too|as well|back))?)"
)
_RESOLVED = r"(?:resolves|resolved|has resolved|did resolve)"
#: what a pass is said to resolve, "(X resolves)", "(DR D resolves and defends)"
_RESOLVES_SAID = re.compile(
    rf"\s*(.+?) {_RESOLVED}(?: and (?:defends|blocks|becomes a defending card)(?: too| as well)?(?: for \d+)?"
    r"| onto chain link \d+ as a defending card)?\s*",
    re.I,
)
_PASS_THEN_RESOLVES = re.compile(
    rf"(?P<pre>^|.*?(?:[;,:]|\s-|\bthen|\band)\s+)(?P<pass>{_PASSERS})\s*(?:[,;.:]|\s-)?\s*(?:and\s+)?(?:then\s+)?"
    rf"(?:so\s+)?(?P<x>(?:(?!\bP[12]\b|\band\b|\bpass|\bplay|\bthen\b)[^,;()])+?)\s+(?:{_RESOLVED}(?P<more>\s+and\s+(?:defends|becomes a defending card))?"
    r"|(?P<blocks>blocks|defends|is added as a (?:defender|defending card))(?:\s+too|\s+as well)?)"
    r"(?P<post>(?:\s*[,;.(]|\s+and\s|\s+-\s).*|\s*)$",
    re.I,
)
_RESOLVES_ALL_PASSED = re.compile(
    rf"(?P<pre>^|.*?;\s*)(?P<x>[^,;()]+?)\s+{_RESOLVED}\s*\(\s*(?:all|both|everyone|everybody)\s+pass(?:es|ed)?\s*\)"
    r"(?P<post>.*)$",
    re.I,
)


def said_resolves(line: str) -> str:
    """A pass and what it resolves, in the shapes judges write them, rewritten into the one shape
    the engine checks against the stack: "both pass, X resolves", "all pass and X resolves",
    "everyone passes; X resolved", "pass (X resolves)", "X resolves (all pass)" -> "all pass (X
    resolves)"; "P2 passes, X resolves" -> "P2 passes (X resolves)". Without this the pass would be
    applied unchecked, and a pass whose layer is not on the stack would end a step, the action phase
    or the turn (docs/reconstruction.md, "A reversed or unreadable line never cascades")."""
    line = rx.sub(r"(^|;\s*)pass\s*\(", r"\1all pass (", line, flags=re.I)
    for _ in range(4):
        m = _PASS_THEN_RESOLVES.match(line)
        if m is None or rx.search(r"\b(?:ends?|closes?|begins?)\b", m.group("x"), re.I):
            break
        who = m.group("who")
        more = " and defends" if m.group("blocks") else (m.group("more") or "")
        said = f"{m.group('x').strip()} resolves{more}"
        head = f"{who.upper()} passes" if who else "all pass"
        post = m.group("post")
        if post.lstrip().startswith("("):
            # "(defense 3)" is about X: the statement stays, as a clause after the checked pass
            post = f"; {m.group('x').strip()} resolves{more}{post}"
        tail = rx.match(r"\s+and\s+(.*)$", post)
        if tail and not rx.match(r"(?:then\b|P[12]\b|all\b|both\b)", tail.group(1), re.I):
            # "... resolves and deals 1": what it did, a claim; the claim ends at the next ";" (the
            # actions after it stay actions: "X resolves and A gets +1; all pass; Y resolves")
            claim, sep, rest = tail.group(1).partition(";")
            said, post = f"{said}; {m.group('x').strip()} {claim.strip()}", (f";{rest}" if sep else "")
        elif tail:
            post = f"; {tail.group(1)}"
        line = f"{m.group('pre')}{head} ({said}){post}"
    m = _RESOLVES_ALL_PASSED.match(line)
    if m:
        line = f"{m.group('pre')}all pass ({m.group('x').strip()} resolves){m.group('post')}"
    return line


def notation_to_english(line: str) -> str:
    """Rewrite the compact notation (docs/reconstruction.md) into the English shapes.

    ``@P2`` -> "targeting P2's hero", ``@Name`` -> "targeting Name", ``^ A, B`` -> ", pitching A and B",
    ``$2`` -> "paying 2 with floating resource points", ``+fuse B`` -> ", fusing B", ``+charge B`` -> ", charging B"; verbs: play, act, def, ars, bottom, draw,
    pass, ab, token, obs, adj; ``>step`` passes to a step, ``>>step`` through it.
    """
    out = []
    for clause in split_clauses(line):
        c = clause
        for pattern, repl in _NOTATION:
            c = pattern.sub(repl, c)
        # "+fuse Card B" / "+fuse": fusion's revealed card (CR 8.3.17), before the targets and pitches
        c = rx.sub(r"\s+\+fuse\s+([^\^$@+]+?)(?=\s*(?:\^|\$|@|$))", r", fusing \1", c, flags=re.I)
        c = rx.sub(r"\s+\+fuse(?=\s*(?:\^|\$|@|$))", ", fused", c, flags=re.I)
        c = rx.sub(r"\s+\+charge\s+([^\^$@+]+?)(?=\s*(?:\^|\$|@|$))", r", charging \1", c, flags=re.I)
        c = rx.sub(r"\s@(P[12])\b", r" targeting \1's hero", c, flags=re.I)
        c = rx.sub(r"\s@\s*([^\^$]+?)(?=\s*(?:\^|\$|$))", r" targeting \1", c)
        c = rx.sub(
            r"\s*\^\s*(.+?)(?=\s*(?:\$|$))",
            lambda m: ", pitching " + rx.sub(r"\s*,\s*", " and ", m.group(1)),
            c,
        )
        c = rx.sub(r"\s*\$(\d+)", r", paying \1 with floating resource points", c)
        c = rx.sub(r"^(p[12])\b", lambda m: m.group(1).upper(), c)
        out.append(c)
    return "; ".join(out)


# ----------------------------------------------------------------------------------------------
# a judge's English: synonyms, abbreviations, several actions per clause, claims in parentheses
# ----------------------------------------------------------------------------------------------


def _mask_parens(text: str) -> str:
    """The text with everything inside parentheses replaced by '#' (same length), so separators
    inside a comment are never taken for separators between actions."""
    out = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
            out.append(ch)
        elif ch == ")":
            depth = max(0, depth - 1)
            out.append(ch)
        else:
            out.append("#" if depth else ch)
    return "".join(out)


def _inside_parens(text: str, pos: int) -> bool:
    return _mask_parens(text)[pos : pos + 1] == "#"


def _top_level(text: str, ch: str) -> int | None:
    i = _mask_parens(text).find(ch)
    return i if i >= 0 else None


#: Abbreviations, rewritten wherever they stand as words (case-sensitive where a word could be a name).
_ABBREVIATIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bw/\s*", re.I), "with "),
    (re.compile(r"^\s*(?:dmg|damage)\s+(\d+)\s*$", re.I), r"\1 damage"),
    (re.compile(r"\bdmg\b", re.I), "damage"),
    # "no blk", "no blocks" said alone: no defending cards declared (CR 7.3.2)
    (re.compile(r"^\s*no[- ](?:blks?|blocks?|blockers|blocking|blk'?s)\s*$", re.I), "no defenders"),
    # "no blk, 4": a bare number after the defence is the damage dealt
    (re.compile(r"^\s*(\d+)\s*$"), r"\1 damage"),
    # "Snatch is fully blocked (and deals no damage)": the attack deals nothing (CR 7.5.2)
    (
        re.compile(
            r"^\s*(.+?) (?:is|was|gets|got) fully (?:blocked|defended)(?: and deals? no damage)?\s*$", re.I
        ),
        r"\1 deals 0",
    ),
    (re.compile(r"^\s*(.+?) deals? no damage\s*$", re.I), r"\1 deals 0"),
    # "P1 let the chain close": everyone passed in the Resolution Step (CR 7.6.4)
    (
        re.compile(r"^\s*(?:P[12] )?(?:lets?|let) the (?:combat )?chain close\s*$", re.I),
        "the combat chain closes",
    ),
    # "Wounding Blow bounced right off": fully blocked, the attack deals nothing
    (
        re.compile(r"^\s*(.+?) (?:bounced|bounces|bounce) (?:right |clean |straight )?off\s*$", re.I),
        r"\1 deals 0",
    ),
    (re.compile(r"^\s*no damage\s*$", re.I), "0 damage"),
    # "again no block, 4 more": the damage of this link (the word compares it with the last one)
    (re.compile(r"^\s*(\d+) more\s*$", re.I), r"\1 damage"),
    # "P2 played Defense D instead": the word says the line replaces a reversed one
    (re.compile(r"\s+instead\s*$", re.I), ""),
    # "dmg 4, ward 3, 1 thru": a ward named with its value alone prevented that much (CR 8.3.20)
    (re.compile(r"^\s*ward (\d+)\s*$", re.I), r"ward prevents \1"),
    # "6 in", "6 through": the damage dealt
    (re.compile(r"^\s*(\d+) (?:in|went in|goes in|got in)\s*$", re.I), r"\1 damage"),
    # "took 3 more": the damage of this link, the word "more" only compares it with the last one
    (re.compile(r"\b(took|takes|take|ate|eats) (?:another )?(\d+) more\b", re.I), r"\1 \2"),
    (re.compile(r"\brxns?\b", re.I), "reaction"),
    (re.compile(r"\bres(?:ol)?\.? step\b", re.I), "resolution step"),
    (re.compile(r"\btrigger res\b", re.I), "trigger resolves"),
    (re.compile(r"\bthru\b", re.I), "through"),
    (re.compile(r"\btrigs?\b", re.I), "trigger"),
    # "reaction step done": everyone passed through that step (CR 1.11.4a)
    (
        re.compile(
            r"^\s*(?:the )?(layer|attack|defend|reaction|damage|resolution) step (?:done|over|finished)\s*$",
            re.I,
        ),
        r"all pass through the \1 Step",
    ),
    # "helm BB": blade break (CR 8.3.3) said of the piece that broke
    (
        re.compile(
            r"^\s*(?:the |their |P[12]'s )?(helm|helmet|head|chest|chest piece|arms|gloves|legs|boots) BB\s*$",
            re.I,
        ),
        r"the \1 broke",
    ),
    # "P1 Attack C off the float": paid with the floating resource points (CR 1.14.2d)
    (
        re.compile(
            r",?\s+(?:off|from|with|using) (?:the |their |his |her )?(?:float|floating(?: resources?)?)\b",
            re.I,
        ),
        ", paying with the floating resource points",
    ),
    # "nothing pitched", "no pitch": a payment of nothing, said to be sure
    (re.compile(r",\s*\b(?:nothing pitched|no pitch|pitching nothing|pitched nothing)\s*$", re.I), ""),
    # "AP from go again": the action point of go again (CR 8.3.5b), checked as the attack's go again
    (
        re.compile(
            r"^\s*(?:\+?1 )?(?:AP|action point)s? (?:from|for|back from|thanks to|off) (?:go again|GA)\s*$",
            re.I,
        ),
        "go again",
    ),
    (re.compile(r"^\s*(?:->|=>|>)\s*res\b", re.I), "-> resolution"),
    (
        re.compile(r"^\s*(?:->|=>|>)\s*(layer|attack|defend|reaction|damage|resolution)(?: step)?\s*$", re.I),
        r"all pass to the \1 Step",
    ),
    (re.compile(r"\bGA\b"), "go again"),
    # "P2 AB1": arcane barrier N (CR 8.3.8) written as its initials
    (re.compile(r"\bAB ?(\d+)\b"), r"Arcane Barrier \1"),
    # "their legs, Legs L": the equipment named by its slot, then by its name; the name is kept
    (
        re.compile(
            r"\b(?:their|his|her|the) (?:head|helm|helmet|chest|chest piece|arms|gloves|legs|boots|weapon)"
            r"(?: slot| piece| equipment)?,\s+(?=[A-Z])"
        ),
        "",
    ),
    (re.compile(r"\bCC\b"), "combat chain"),
    (re.compile(r"\b(\d+|an?|one) ?APs?\b"), r"\1 action point"),
    (re.compile(r"\b(\d+) ?RPs?\b"), r"\1 resource points"),
    (re.compile(r"\bp([12])\b"), r"P\1"),
    (re.compile(r"\bplayer ([12])\b", re.I), r"P\1"),
]

#: Verbs and their synonyms, rewritten only right after the subject (P1/P2), never inside a name.
_VERB_SYNONYMS: list[tuple[str, str]] = [
    (r"(?:keeps|kept|holds|held|retains|retained) priority(?:,| and| then|, and)?\s+", ""),
    (r"(?:then|and then|also|just|only|simply)\s+", ""),
    # "P1 put out Aura E": an aura (or item) played; "flipped X out of arsenal": played from arsenal
    (r"(?:puts|put|putting) out\s+", "plays "),
    (
        r"(?:flipped|flips|flip|flipping) (.+?) (?:out of|from|up from) (?:their |the |his |her )?arsenal",
        r"plays \2 from arsenal",
    ),
    # "slid Card K1 into arsenal": put into the arsenal (face down unless said)
    (
        r"(?:slides|slid|slide|tucks|tucked|tuck|stuck|sticks)\s+(.+?)\s+(?:in|into) (?:their |the |his |her )?arsenal",
        r"puts \2 face-down into their arsenal",
    ),
    # "P1 got the go again point back": the action point of go again (CR 8.3.5b)
    (
        r"(?:got|gets|gained|gains) (?:the |a |an |one |1 )?(?:go again |GA )?(?:action )?point back(?: (?:from|for|thanks to|off) (?:go again|GA))?$",
        "gains 1 action point",
    ),
    # "P2 let it through": no defence and no prevention, the damage taken
    (r"(?:let|lets) (?:it|that|them|the attack|the hit) (?:through|in)$", "declares no defending cards"),
    # "P1 done", "P1 is done": the player passes (CR 1.11.4)
    (r"(?:is |was )?done$", "passes"),
    (
        r"(?:didn'?t|did not|doesn'?t|does not|don'?t|do not|won'?t|will not|can'?t|cannot|chose not to|chooses not to|decided not to|declines to|declined to) (?:block|defend)(?: at all| anything| with anything)?(?: (?:that one|this one|that|this|it))?(?: either| again| this time)?$",
        "declares no defending cards",
    ),
    (
        r"(?:no[- ](?:blocks?|blks?)|blocks? nothing|blks? nothing|defends? with nothing|takes it(?: all)?|took it(?: all)?)$",
        "declares no defending cards",
    ),
    (
        r"(?:declares|declared|declare|has|had|made|makes|puts up|put up) no (?:blockers|blocks|defenders|defending cards|defense)$",
        "declares no defending cards",
    ),
    (r"(?:tried|tries|try|attempted|attempts|attempt|wanted|wants) to\s+", ""),
    # "P1 attacks P2 with Attack A", "swung at P2 with X": the target said before the card
    (
        r"(?:swings|swung|swing|atks|atk|attacked|attacks|attack|goes|went|go)(?: in)?(?: at| on| into)? (P[12])(?:'s hero)? (?:with|w/)\s+(.+)$",
        r"attacks with \3 targeting \2's hero",
    ),
    # "P1 opened with Head Jab", "follows up with Attack B": the next attack (CR 7.6.3a)
    (
        r"(?:opened|opens|open|opened up|led|leads|lead|started|starts|follows up|followed up|follow up|followed|follows)(?: off| up)? with\s+",
        "attacks with ",
    ),
    # "P1 announces Attack Z": the first step of playing a card (CR 5.1.2)
    (r"(?:announces|announced|announce)\s+", "plays "),
    # "P1 inst I": an instant played
    (r"(?:inst|insts|instant'd|instanted)\s+(?=[A-Z0-9])", "plays "),
    # "P2 put Card C1 in front of it": a defending card declared (CR 7.3.2)
    (
        r"(?:puts|put|placed|places|threw|throws)\s+(.+?)\s+in front of (?:it|that|this|the attack|the atk)$",
        r"declares \2",
    ),
    # "P1 had nothing": the player passes
    (r"(?:had|has|have|did|does) nothing(?: to (?:play|do|add|say))?(?: else)?$", "passes"),
    (
        r"(?:swings|swung|swing|atks|atk|atkd|attacked|attacks|attack|goes in|went in|go in)(?: with| w/)?\s+",
        "attacks with ",
    ),
    (
        r"(?:blocks|blocked|block|blks|blk|blkd|defends|defended|defend|blocking|defending)(?: with| w/)?\s+",
        "defends with ",
    ),
    (r"(?:declared|declare)\s+", "declares "),
    # "adds Card C (from hand) as a defending card / as a blocker": a declaration
    (
        r"(?:adds|added|add|puts|put|throws|threw)\s+(.+?)\s+(?:(?:to|onto) (?:the )?(?:active )?(?:chain link|combat chain)\s+)?(?:in\s+)?as (?:a |an )?(?:additional |extra |another )?(?:defending cards?|defenders?|blockers?|blocks?)$",
        r"declares \2",
    ),
    (r"(?:casts|cast|played|play|plays|went for|goes for|go for)\s+", "plays "),
    (
        r"(?:responded|responds|respond|answered|answers|answer)(?: to (?:it|that|this))? (?:with|by playing)\s+",
        "plays ",
    ),
    (
        r"(?:threw|throws|throw|tossed|tosses|toss|slammed|slams|slam|fired off|fires off|fire off|"
        r"ran|runs|run|jammed|jams|jam|chucked|chucks|chuck|dropped|drops|drop)(?: in| out| down)?\s+(?!\d)",
        "plays ",
    ),
    # "Cindra leads Blaze Headlong", "opened with the Kunai": the turn's first card or weapon attack
    (
        r"(?:leads|led|opens|opened)(?: (?:with|w/|off with))?\s+(?=[A-Za-z])(?!(?:the )?(?:chain|turn)\b)",
        "attacks with ",
    ),
    (r"(?:blows|blew|blow|blowing) up\s+", "destroys "),
    (r"(?:uses|used|use|activated|activate|pops|popped|pop|cracks|cracked|crack)\s+", "activates "),
    (r"(?:DRs|DR'd|DRed)\s+", "plays "),
    (r"(?=(?:arcane barrier|spellvoid|quell) \d+\b)", "applies "),
    (
        r"(?:didn'?t|did not|doesn'?t|does not|won'?t|chose not to|chooses not to|decided not to|declined to|declines to) (?:want to )?pay for (?:the |their |his |her )?(?:arcane )?barrier",
        "declines Arcane Barrier",
    ),
    (r"(puts|put|arsenals|arsenaled)\s+(.+?)\s+(?:too|as well)(\s*\([^()]*\))?$", r"\2 \3\4"),
    (r"(?:passed|pass|passes)(?: priority)?(?: back)?(?: too| as well)?$", "passes"),
    (r"(?:pitched|pitch)\s+", "pitches "),
    (r"(?:drew|draw)\s+", "draws "),
    (r"(?:drew|draw|draws)(?: a card| one| 1 card)?$", "draws 1"),
    (
        r"(?:took|take|takes|is dealt|was dealt|gets hit for|got hit for|eats|ate|eat)(?: the| all)?(?: full| whole| entire)? (\d+)(?: damage)?(?: to the face)?$",
        r"takes \2 damage",
    ),
    (
        r"(?:gained|gets|got|gain|gains) (a|an|one|the|\d+) action points?(?: back)?(?: (?:from|for|thanks to) go again)?$",
        r"gains \2 action point",
    ),
    (r"(?:arsenaled|arsenal)\s+", "arsenals "),
    (r"(?:discarded|discard)\s+", "discards "),
    (r"(?:revealed|reveal)\s+", "reveals "),
    (r"(?:created|create|makes|made)\s+", "creates "),
    (r"(?:applied|apply)\s+", "applies "),
    (r"(?:declined|decline)\s+", "declines "),
    (r"(?:banished|banish)\s+", "banishes "),
    (r"(?:shuffled|shuffle)\s+", "shuffles "),
    (r"(?:paid|pay)\s+", "pays "),
    # "P2 bottoms Pummel" / "P2 cycles a card": a card put on the bottom of the deck (Sink Below's option);
    # a draw said with it is the option's outcome, kept as a claim that is checked
    (
        r"(?:bottoms|bottomed|bottom|cycles|cycled|cycle)\s+(.+?)(?:\s+to draw\b.*)?$",
        r"puts \2 on the bottom of their deck",
    ),
    (
        r"(?:puts|put) (.+?) on (?:the )?bottom(?: of (?:their|his|her|the) deck)?,?\s+(?:and\s+)?"
        r"(?:draws|drew|drawing)\s+(?:a card|1|one|a new one)$",
        r"puts \2 on the bottom of their deck",
    ),
    (r"(?:puts|put) (.+?) on (?:the )?bottom$", r"puts \2 on the bottom of their deck"),
    (r"(?:put|placed|places)\s+", "puts "),
    (r"(?:lost|lose)\s+(\d+)", r"loses \2"),
    (r"(?:is|was) at (\d+)(?: life)?$", r"life \2"),
]
_VERB_RE = [(re.compile(r"^(P[12]) " + pat, re.I), r"\1 " + rep) for pat, rep in _VERB_SYNONYMS]
# the tables of rewrites, each skipped with one search when none of its patterns is in the line
_VERB_RW = Rewrites(_VERB_RE)
_ABBREVIATIONS_RW = Rewrites(_ABBREVIATIONS)
_IDIOMS_RW = Rewrites(_IDIOMS)
_IDIOMS_26E_RW = Rewrites(_IDIOMS_26E)
_IDIOMS_26F_RW = Rewrites(_IDIOMS_26F)
_IDIOMS_26G_RW = Rewrites(_IDIOMS_26G)

#: A payment a card's option asks for ("You may pay {r}", CR 1.8.3): the amount (a number, {r}s, or
#: left out), what it is for (ignored: the engine knows the option) and the cards pitched.
_FROM_GRAVEYARD = re.compile(
    r"\s*from (?:the |their |his |her |P[12]'s )?(?:graveyard|gy|yard|grave)\b\s*", re.I
)
#: "P1 looks at P2's top card (X)[, and puts it on the bottom]", "P1 looks at the top card of P2's deck: X",
#: "P2's top card is X[, P1 bottoms it]"
_LOOK_OPP = re.compile(
    r"(?:(?P<who>P[12])(?:'s)? (?:looks|looked|look|peeks|peeked) at |(?P<who2>P[12]) sees )?"
    r"(?:the )?(?:top card of (?P<owner>P[12])'s deck|(?P<owner2>P[12])'s top(?: card)?)"
    r"(?:,|:| is| was| -)?\s*(?P<card>\([^()]+(?:\((?:red|yellow|blue)\))?\)|[^,;]+?)?"
    r"(?P<rest>(?:,|;)?\s*(?:and |then )?(?:P[12] )?(?:puts? it (?:on|at|to) the bottom|bottoms? it|bottomed it|leaves it(?: on top)?|keeps it on top)(?: of (?:the|their|his|her) deck)?)?",
    re.I,
)
_BOTTOM_OPP = re.compile(
    r"(P[12]) (?:puts|put|bottoms|bottomed) (?:the top card of (P[12])'s deck|(?:the top card of )?(P[12])'s top card)"
    r"(?: \(?([^()]+?(?: ?\((?:red|yellow|blue)\))?)\)?)??(?: (?:on|at|to) the bottom)?(?: of (?:the|their|his|her) deck)?",
    re.I,
)
#: Arakni's look told in one go: "P1 looks at P2's top card (X) and puts it on the bottom", "P1 looks at the
#: top card of P2's deck: X, bottoms it", "P1 looks at P2's top card, X, leaves it"; made one clause
#: ("P1 bottoms P2's top card X", "P1 looks at P2's top card X") before the line is split at its commas
_LOOK_OPP_LINE = re.compile(
    r"\b(P[12]) (?:looks|looked|peeks|peeked) at (?:the top card of (P[12])'s deck|(P[12])'s top(?: card)?)"
    r"(?:\s*,|:| -| and sees| and finds| which is| is)?\s*"
    r"(\((?:[^()]|\([^()]*\))+\)|(?!(?:and|then|bottoms?|bottomed|puts?|leaves|left|keeps|kept)\b)[A-Z][^,;()]*?(?:\s*\((?:red|yellow|blue)\))?(?=\s*(?:,|;|$|and |then |\()))?"
    r"(\s*,?\s*(?:and |then )?(?:puts? it (?:on|at|to) the bottom|bottoms? it|bottomed it)(?: of (?:the|their|his|her) deck)?)?"
    r"(?:\s*,?\s*(?:and |then )?(?:leaves|keeps|left|kept) it(?: on top)?(?: of (?:the|their|his|her) deck)?)?",
    re.I,
)


def _look_opp_canonical(m: re.Match[str]) -> str:
    card = (m.group(4) or "").strip()
    if card.startswith("(") and card.endswith(")"):
        card = card[1:-1].strip()
    verb = "bottoms" if m.group(5) else "looks at"
    return f"{m.group(1).upper()} {verb} {(m.group(2) or m.group(3)).upper()}'s top card{' ' + card if card else ''}"


_PAY_LIFE_LINE = re.compile(
    r"(P[12]) (?:pays|paid|pay)(?: the)? (?:(\d+|one|two|a) (?:life|\{h\}|hp)(?: points?)?|((?:\{h\})+))"
    r"(?: (?:for|to) [^,()]+)?",
    re.I,
)
_PAY_LINE = re.compile(
    r"(P[12]) pays(?: (?:the |its |their )?(?P<n>\d+|one|two|three|(?:\{r\})+))?(?: resource points?| resources?)?"
    r"(?: for (?:it|that|this|the option|the \+\d+(?:\{[pd]\}| defen[cs]e| power)?|[^,()]+?))?"
    r"(?:,? (?:by )?(?:pitching|pitch|with) (?P<cards>(?:[^()]|\((?:red|yellow|blue)\))+?))?(?: \(pitch(?:ing)? (?P<paren>[^()]+)\))?",
    re.I,
)

#: Words that start a player's action (a clause whose subject is left out: "P2 didn't block and took the 4").
_PLAYER_VERBS = (
    r"plays|played|casts|cast|attacks|attacked|swings|swung|atks|atk|blocks|blocked|blks|blk|defends|defended|"
    r"declares|declared|pitches|pitched|activates|activated|uses|used|passes|passed|draws|drew|takes|took|"
    r"gains|gained|gets|got|loses|lost|keeps|kept|holds|held|arsenals|arsenaled|puts|put|discards|discarded|"
    r"reveals|revealed|creates|created|applies|applied|declines|declined|pays|paid|banishes|banished|"
    r"shuffles|shuffled|is|was|didn't|didnt|did|doesn't|doesnt|does|goes|went|opts|heaves|adds|added|eats|ate|selects|"
    r"cranks|cranked|destroys|destroyed|bottoms|bottomed|cycles|cycled|"
    r"follows|followed|announces|announced|"
    r"chooses|chose|searches|searched|tutors|tutored|prevents|prevented"
)
#: Words that start a player's action but may also begin a card's name ("P2 DR D": DR D is a card)
_PLAYER_VERBS_MORE = (
    _PLAYER_VERBS
    + r"|tried|tries|wanted|wants|attempted|attempts|DRs|DR|ARs|AR|responds|responded|answers|answered|let|lets"
    + r"|just|only|quell|quells|quelled|cracks|cracked|crack|pops|popped|pop|opened|opens|follows|followed|had|has"
)
_STARTS_ACTION = re.compile(
    r"^(?:P[12]\s+(?:" + _PLAYER_VERBS_MORE + r")\b"
    r"|P[12]\s+(?:no|didn'?t|doesn'?t|did not|does not|won'?t|can'?t|never|chose not to|chooses not to|decided not to)\s+(?:blocks?|defends?|block|defend|blockers|blks?|blk's)\b"
    r"|P[12]\s+(?:at|is at|on|is on)\s+\d+\s*$|\d+\s+arcane\b|\d+\s*$|ward\s+\d+\b|(?:dmg|damage)\s+\d+\s*$"
    r"|[\w' ]{1,30}?\s+(?:is\s+|was\s+|gets\s+|got\s+)?destroyed\s*$"
    r"|[A-Z][\w' ]{1,30}?\s+(?:creates|makes|made|created)\s+(?:a|an|one|two|three|four|\d+)\s"
    r"|(?:the\s+)?(?:combo|reprise|rupture|crush|boost)(?:\s+is|\s+was)?\s+(?:on|off|not|active|inactive|live|met)\b"
    r"|(?:in|during)\s+the\s+(?:layer|attack|defend|reaction|rxn|damage|resolution|res)\s+step\s+(?:"
    + _PLAYER_VERBS_MORE
    + r")\b"
    r"|(?:all|both|everyone|everybody|nobody|neither)\b|pass,?\s+pass\b|pass(?:es|ed)?\s+(?:to|thru|through)\b"
    r"|\d+\s+(?:dmg|damage)\b|\d+\s+in\s*$|on\s+to\s+(?:the\s+)?\w+(?:\s+step)?\s*$|\d+\s+more\s*$|(?:so\s+)?\d+\s+(?:(?:got|gets|goes|went|came)\s+)?(?:through|thru)\b"
    r"|(?:the\s+)?(?:layer|attack|defend|reaction|damage|resolution|link|close)\s+step\b"
    r"|(?:the\s+)?(?:start|action|end)\s+phase\b|(?:the\s+game|play)\s+(?:then\s+)?(?:proceeds|moves|goes)\b|(?:the\s+)?(?:combat\s+)?chain\s+closes\b"
    r"|(?:the\s+|their\s+)?pitch(?:\s+zone)?\s+(?:cards?\s+)?(?:goes|go|went)\s+(?:to\s+)?(?:the\s+)?bottom\b"
    r"|(?:it|that|this|which)(?:\s+card|\s+one)?\s+(?:resolves|resolved)\b"
    r"|(?:the\s+)?(?:combat\s+)?chain\s+(?:closed|was\s+closed|got\s+closed)\b"
    r"|(?:the\s+)?[\w' ]{1,30}?\s+(?:ate|eats|soaked|soaks|absorbed|absorbs)\s+\d+\b"
    r"|(?:that|it)(?:'s|\s+was|\s+is)\s+(?:the\s+)?game\b|game\s+over\b"
    r"|(?:blade\s+break|battleworn|temper|guardwell)\s*$|nothing(?:\s+else)?\s+happen|no\s+[\w']+\s*$"
    r"|(?:the\s+|their\s+|his\s+|her\s+)?[\w' ]{1,30}?\s+(?:broke|breaks|shattered|shatters)\s*$"
    r"|(?:wiped|wipes|destroyed|destroys|killed|kills|trashed|trashes)\s+P[12]'s\s+arsenal\b"
    r"|(?:the\s+|their\s+)?(?:helm|helmet|head|chest|arms|gloves|legs|boots)\s+BB\s*$"
    r"|(?:we|they|players|both\s+players|the\s+players)\s+(?:went|go|goes|moved?|moves|got|get|proceeded|proceed|headed|head)\b"
    r"|(?:the\s+|its\s+|both\s+)?[\w' ]{0,30}?\btrig(?:ger)?s?\b(?:\s+(?:is|are|goes|go|resolves?|targeting|and)\b|\s*(?:->|=>|@)\s*P[12]\b|$))",
    re.I,
)
_SUBJECTLESS = re.compile(r"^(?:" + _PLAYER_VERBS + r")\b", re.I)
_SEPARATORS = re.compile(
    r"\s*,\s*(?:and\s+)?then\s+|\s+(?:and\s+)?then\s+|\s*,\s*and\s+|\s*,\s*so\s+(?=P[12]\b)|\s+and\s+|\s*,\s+|\s+-\s+"
    r"|\s+(?:->|=>)\s+(?=[a-z])",
    re.I,
)


def canonical(clause: str) -> str:
    """One clause rewritten into the grammar's own words: abbreviations, then the verb after the
    subject (synonyms, past tense, "keeps priority and ..."), then targets ("at P2", "@ P2") and
    payments ("paying with Card B", "pitch Card B")."""
    c = clause
    c = _ABBREVIATIONS_RW.apply(c)
    # "P2 doesn't block (keeps X in hand)": a remark in parentheses at the end does not hide the verb
    # shapes that end the clause; it stays a claim after the rewritten verb
    tail_m = rx.search(r"\s*(\([^()]*\))$", c)
    tail = tail_m.group(1) if tail_m and tail_m.start() > 0 else ""
    if tail:
        c = c[: tail_m.start()]  # type: ignore[union-attr]
    for _ in range(3):
        before = c
        c = _VERB_RW.apply(c, count=1)
        if c == before:
            break
    if tail:
        c = f"{c} {tail}"
    # "P2 pitches Card B to pay for Arcane Barrier 2 (against ...)": the payment of a prevention
    # keyword (CR 8.3.8, 8.3.15 spellvoid) is that keyword applied, paid with the pitched card
    c = rx.sub(
        r"^(P[12]) pitches (.+?),? (?:to pay|paying) for (?:their |the |its |P[12]'s )?(arcane barrier|spellvoid) (\d+)\b,?\s*(.*)$",
        lambda m: (
            f"{m.group(1)} applies {m.group(3)} {m.group(4)}, pitching {m.group(2)}"
            + (f" ({m.group(5)})" if m.group(5) else "")
        ),
        c,
        flags=re.I,
    )
    # "the Spectral Shield ate 1 of it": a prevention said as eating or soaking (checked as "prevents")
    c = rx.sub(
        r"^((?:the )?(?!P[12]\b)[\w' ]{1,40}?) (?:ate|eats|soaked|soaks|absorbed|absorbs) (\d+)(?: of (?:it|that|them|the damage|the \d+|\d+))?$",
        r"\1 prevents \2",
        c,
        flags=re.I,
    )
    # "P2 wanted to block the dominate attack with both Card C and Card D": the attack is the active one
    c = rx.sub(
        r"^(P[12]) defends with (?:the |their |that |this |P[12]'s )(?:[\w-]+ ){0,2}(?:attack|atk) (?:with|using) (?:both )?",
        r"\1 defends with ",
        c,
        flags=re.I,
    )
    # "P2 paid for the arcane barrier by pitching Card R": the keyword applied (CR 8.3.8, 8.3.15)
    c = rx.sub(
        r"^(P[12]) pays for (?:the |their |his |her )?(arcane barrier|spellvoid)( \d+)?,? (?:by pitching|pitching|with) ",
        r"\1 applies \2\3, pitching ",
        c,
        flags=re.I,
    )
    # "P2 declares Helm H as a defending card on chain link 2": the link named is the active one
    c = rx.sub(
        r"^(P[12] (?:declares|defends with) .+?)\s+(?:on|for|to) (?:the )?(?:chain )?link (?:\d+|#\d+)$",
        r"\1",
        c,
        flags=re.I,
    )
    # "P2 took nothing", "P2 is dealt no damage": no damage
    c = rx.sub(
        r"^(P[12]) (?:took|takes|take|is dealt|was dealt|takes|gets) (?:nothing|no damage|zero|0 damage)$",
        r"\1 takes 0 damage",
        c,
        flags=re.I,
    )
    # "P2 pays 1 for Hood N's Arcane Barrier 1, pitching Card B": the keyword applied (CR 8.3.8, 8.3.19)
    c = rx.sub(
        r"^(P[12]) pays (?:\d+ |\{r\} )?for (?:(?:the |their |his |her )?.+?'s )?(arcane barrier|quell)( \d+)?\b",
        r"\1 applies \2\3",
        c,
        flags=re.I,
    )
    # "P2 blk C1 + C2 vs the dominate atk": the attack defended is the active one (CR 7.3.2)
    c = rx.sub(
        r"^(P[12] (?:defends with|declares) .+?)\s+(?:vs\.?|against|versus|on|into|to) (?:the|their|his|her|that|this|P[12]'s) "
        r"(?:[\w-]+ ){0,2}(?:attack|atk)$",
        r"\1",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"^(P[12]) attacks with (.+?)\s+(?:at|on|into|vs\.?|against)\s+(P[12]|the opponent)(?:'s hero)?\b",
        r"\1 attacks with \2 targeting \3's hero",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"\s+(?:at|@|on|into|vs\.?|against|->|=>)\s*(P[12])(?:'s hero)?(?=$|,|\s)",
        r" targeting \1's hero",
        c,
        flags=re.I,
    )
    c = rx.sub(r"\s+@\s*(P[12])\b", r" targeting \1's hero", c, flags=re.I)
    # "P1 Pummel -> Rally the Rearguard": the arrow before a card names the card targeted
    c = rx.sub(r"^(P[12] plays [^,;()]+?(?:\s*\([^()]*\))?)\s+(?:->|=>)\s+(?=[A-Z])", r"\1 targeting ", c)
    c = rx.sub(r"\b(targeting|on|onto|at) the (?=[A-Z0-9])", r"\1 ", c)
    # "paying with the 2 floating resource points", "using the 2 floating resource points"
    c = rx.sub(
        r",?\s+(?:paying|paid|using|with)(?: for it)?(?: with)? (?:the |their |his |her )?(\d+) (?:floating|banked|leftover|left-over) resource points?\b",
        r", paying \1 with floating resource points",
        c,
        flags=re.I,
    )
    # "w/ the 2 floating", "paying the 2 floating resources", "paying with those 2", "off a floating
    # resource", "with the other resource": resource points already in the pool (CR 1.14.2d)
    c = rx.sub(
        r"(?<!^P[12])(?<!^P[12] pays)(?<!^P[12] paid),?\s+(?:paying|paid|pays|using|used|with|off|from)(?: with| for it)?(?: the| their| those| these)? (\d+)"
        r"(?: (?:floating|banked|leftover|left-over))?(?: resources?| resource points?| res| rp)?(?=\s*(?:$|,|;|\())",
        r", paying \1 with floating resource points",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r",?\s+(?:paying|paid|pays|using|used|with|off|from)(?: with)? (?:a|the|one|that|the other|the last|their) "
        r"(?:floating |banked |leftover |remaining )?(?:resource|res)(?: point)?(?=\s*(?:$|,|;|\())",
        r", paying 1 with floating resource points",
        c,
        flags=re.I,
    )
    # "P1 Razor Reflex on Dawnblade, +3": what the card gives, said after it (a claim)
    c = rx.sub(r",\s*(\+\d+)(?:\{p\}| power)?(?=\s*(?:$|,|;))", r" (\1)", c)
    # "... and only pitched Card R, which is a 1" / "pitching Card B for 3": the payment and its claim
    c = rx.sub(
        r",?\s+and (?:only |just )?(?:pitched|pitches|pitching)\s+(?=\S)", ", pitching ", c, flags=re.I
    )
    c = rx.sub(r",?\s+this time(?=,|\s)", "", c, flags=re.I)
    # "P1 plays Pummel, choosing the second mode / the attack action mode and targeting Snatch": the
    # mode declared as the card is played (CR 1.7.5, 5.1.4a), by its number or by its words
    m_mode = rx.search(
        r",?\s+(?:choosing|chooses|chose|picking|picks|picked|using|with) (?:the )?(?:(first|second|third|1st|2nd|3rd)"
        r"|(?:mode |option )?\"?([a-z][a-z0-9 {}+-]*?)\"?) (?:mode|option)(?:,| and)?(?=\s|$)",
        c,
        re.I,
    )
    if m_mode and not _inside_parens(c, m_mode.start()):
        said = (
            str("fst123".index(m_mode.group(1)[0].casefold()) % 3 + 1)
            if m_mode.group(1)
            else f": {m_mode.group(2)}"
        )
        rest = c[m_mode.end() :]
        # ", pitching X" after the mode keeps its comma (a payment, not part of the target)
        keep = (
            ","
            if m_mode.group(0).endswith(",") and rx.match(r"\s*(?:pitching|paying|pitch)\b", rest, re.I)
            else ""
        )
        c = f"{c[: m_mode.start()]}{keep}{rest} (mode{' ' if m_mode.group(1) else ''}{said})"
    # "P2 blocked with just Wounding Blow", "pitched only a Head Jab", "blk Wounding Blow only": the
    # word says how few; the cards are the ones named
    c = rx.sub(
        r"\b(defends with|declares|pitching|pitches|plays|attacks with) (?:just|only)(?: an?(?= [A-Z]))? ",
        r"\1 ",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"^(P[12] (?:defends with|declares) (?:\([^()]*\)|[^()])+?) (?:only|alone|instead|then)$",
        r"\1",
        c,
        flags=re.I,
    )
    c = rx.sub(r"(targeting P[12]'s hero) again\b", r"\1", c, flags=re.I)
    c = rx.sub(
        r"^(P[12] (?:plays|attacks with) [^,;()]+?) (?:again|once more|a second time)(?: for \d+)?(?=\s*(?:,|$))",
        r"\1",
        c,
        flags=re.I,
    )
    # "P1 attacks again with Dawnblade": the repeat said before the source
    c = rx.sub(
        r"^(P[12]) attacks (?:again|once more|a second time) with ", r"\1 attacks with ", c, flags=re.I
    )
    # "... using the last floating resource", "paying 1 of the floating resources": paid from the float
    c = rx.sub(
        r",?\s+(?:using|paying(?: with)?|with|off)\s+(?:the\s+)?(?:last\s+|(?:1|one)\s+of\s+the\s+)float(?:ing)?(?:\s+resources?(?:\s+points?)?)?$",
        ", paying 1 with floating resource points",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"(pitching [^,;()]+?),? (?:which|that) (?:is|was) (?:a|an) ([123])\b(?: pitch)?",
        r"\1 (pitch \2)",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"(pitching (?:[^,;()]|\((?:red|yellow|blue)\))+?) for ([123])\b(?! resource)",
        r"\1 (pitch \2)",
        c,
        flags=re.I,
    )
    # "P1 swung Attack A at P2 and pitched Card B for it": "for it" is the card played
    c = rx.sub(
        r"(pitching (?:[^,;()]|\((?:red|yellow|blue)\))+?) for (?:it|that|this|the cost|the \d+)\b",
        r"\1",
        c,
        flags=re.I,
    )
    # "P1 atk w/ Attack A pitch Card B": the payment without a comma
    c = rx.sub(
        r"^(P[12] (?:plays|attacks with) (?:[^,;()+]|\((?:red|yellow|blue)\))+?)\s+(?:pitch|pitches|pitching)\s+(?=[A-Z0-9])",
        r"\1, pitching ",
        c,
    )
    c = rx.sub(
        r"(?<!^P[12])(?:,?\s+)(?:paying|pays|paid)(?: for it)? (?:with|by pitching)\s+(?!\d|(?:the )?floating\b|(?:their |his |her )?(?:resource|chi)\b)",
        ", pitching ",
        c,
        flags=re.I,
    )
    c = rx.sub(r",\s*(?:pitch|pitches|pitched)\s+", ", pitching ", c, flags=re.I)
    c = rx.sub(
        r"(pitching (?:[^,;()]|\((?:red|yellow|blue)\))+?) for (?:it|that|this|the cost)\b",
        r"\1",
        c,
        flags=re.I,
    )  # ", pitched X for it"
    # "P1 plays Attack A at P2 (pitch Card Y)": a card in the parentheses is a payment, not a claim
    c = rx.sub(
        r"\s*\((?:pitch|pitches|pitched|pitching)\s+(?![0-9])([^),]+),\s*([^)]+)\)",
        r", pitching \1 (\2)",
        c,
        flags=re.I,
    )
    c = rx.sub(
        r"\s*\((?:pitch|pitches|pitched|pitching)\s+(?![0-9])([^)]+)\)", r", pitching \1", c, flags=re.I
    )
    c = rx.sub(r"\s+\+\s*pitch(?:ing)?\s+", ", pitching ", c, flags=re.I)
    c = rx.sub(r"(pitching [^,;()]+?) for (?:it|that|this|the cost)\b", r"\1", c, flags=re.I)
    # "P2 tried to Sigil of Solace for 3": what the card would do, said after it (a claim)
    c = rx.sub(
        r"^(P[12] (?:plays |activates |(?!(?:"
        + _PLAYER_VERBS_MORE
        + r")\b))[^,;()]+?(?:\s*\((?:red|yellow|blue)\))?) for (\d+)(?: life)?(?=\s*(?:\([^()]*\))?$)",
        r"\1 (for \2)",
        c,
        flags=re.I,
    )
    return c


_ClaimShape = Callable[[re.Match[str]], list[A.Action]]
_CLAIM_SHAPES: list[tuple[re.Pattern[str], _ClaimShape]] = []


def _claim(pattern: str) -> Callable[[_ClaimShape], _ClaimShape]:
    def deco(fn: _ClaimShape) -> _ClaimShape:
        _CLAIM_SHAPES.append((re.compile(pattern, re.I), fn))
        return fn

    return deco


_STEP = r"(layer|attack|defend|reaction|damage|resolution|link|close)"


@_claim(
    r"(?:current )?(?:pitch|defense|power|cost) \d+(?: chi)?|\d+ (?:resource|chi) points?|red|yellow|blue|mode \d+"
)
def _c_stat(m: re.Match[str]) -> list[A.Action]:
    return []  # attached to its card by the card list, or read as the mode


@_claim(
    r"(?!P[12]\b)(.+?) (?:gets|got|gains|gained) ([+-]\d+) ?(?:\{p\}|power)(?: (?:this|until end of) (?:chain link|combat chain|turn))?"
)
def _c_power_change(m: re.Match[str]) -> list[A.Action]:
    """ "Attack A gets +1{p}": what an effect did to the attack's power, checked against its power
    before the line (CR 2.9.3)."""
    return [A.Claim("power_change", _subject(m.group(1)), int(m.group(2)))]


@_claim(r"(?!P[12]\b)(.+?) (?:is (?:down|up) to|is now at|is at|has) (\d+)(?:\{p\}| power)?(?: now)?")
def _c_power(m: re.Match[str]) -> list[A.Action]:
    return [
        A.Claim("power", m.group(1), int(m.group(2)))
    ]  # "Attack A is down to 4" (checked on its chain link)


@_claim(
    r"(?:crush|intimidate|random|ponder|hit|boost|opt|(?:the )?end-of-turn procedure|(?:the )?end phase"
    # the keyword that destroyed or changed the object named before ("Helm Q is destroyed (Quell)")
    r"|quell|blade break|temper|battleworn|ward|spellvoid|phantasm)"
)
def _c_reason(m: re.Match[str]) -> list[A.Action]:
    return []  # the reason of a draw, a discard or a banish (kept with that clause)


@_claim(r"(?:target|targeting) (?:P[12]'s hero|P[12]|the opponent)")
def _c_target(m: re.Match[str]) -> list[A.Action]:
    return []  # a trigger's target, read by the trigger shape


@_claim(
    r"(?:the )?(?:combat )?chain (?:closes|is closed|closed|was closed|got closed)|(?:the )?(?:combat )?chain (?:is )?over"
)
def _c_closed(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("chain_closed")]


@_claim(
    r"(?:(?:still|now|already|we are|we're|it's|it is|while) (?:in )?)?(?:the )?"
    + _STEP
    + r" step(?: (ends|begins|starts))?"
)
def _c_step(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("step", m.group(1).casefold(), {"ends": 1}.get((m.group(2) or "").casefold(), 0))]


@_claim(r"(?:the )?(start|action|end) phase(?: (ends|begins|starts))?")
def _c_phase(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("phase", m.group(1).casefold(), {"ends": 1}.get((m.group(2) or "").casefold(), 0))]


@_claim(
    r"(?:(?!no |nobody |no one )(.+?) )?(?:resolves and defends|resolves and blocks|resolves and becomes a defending card|defends|blocks|"
    r"becomes a defending card|resolves onto chain link \d+ as a defending card|is added as a (?:defender|defending card|blocker)|"
    r"(?:is|was) (?:now )?(?:defending|blocking)|joins the (?:defen[cs]e|block))(?: too| as well)?(?: for \d+)?"
)
def _c_defends(m: re.Match[str]) -> list[A.Action]:
    who = (m.group(1) or "").strip()
    if rx.fullmatch(r"(?:it|that|this|that card|this card|which)", who, re.I):
        who = ""  # "it defends": the card the line is about, any defending card is checked
    return [A.Claim("defends", who)]


@_claim(
    r"(.+?) deals ((?:\d+\s*[-+]\s*)*\d+)(?:\s*=\s*(\d+))?(?: (?:arcane |combat )?damage)?(?: to P[12](?:'s hero)?)?( and hits)?"
)
def _c_deals(m: re.Match[str]) -> list[A.Action]:
    value = int(m.group(3)) if m.group(3) else _arith(m.group(2))
    out: list[A.Action] = [A.Claim("deals", _subject(m.group(1)), value)]
    if m.group(4):
        out.append(A.Claim("hits", _subject(m.group(1))))
    return out


@_claim(
    r"(?:(?:\d+\s*[-+]\s*)*\d+\s*=\s*)?(\d+)(?: (?:arcane |combat )?damage| arcane)?(?: (?:is |was )?(dealt|prevented))?(?: to P[12](?:'s hero)?)?"
)
def _c_amount(m: re.Match[str]) -> list[A.Action]:
    if (m.group(2) or "").casefold() == "prevented":
        return [A.Claim("prevents", "", int(m.group(1)))]
    return [A.Claim("dealt", "", int(m.group(1)))]


@_claim(r"(\d+) (?:vs\.?|versus|against|into) (\d+)(?: defen[cs]e)?")
def _c_versus(m: re.Match[str]) -> list[A.Action]:
    # "6 vs 3": the power against the total defense, so 3 would be dealt before any prevention
    return [A.Claim("would_deal", "", max(0, int(m.group(1)) - int(m.group(2))))]


@_claim(r"(\d+) (?:damage |dmg )?(?:to|at|on) (P[12])(?:'s hero)?")
def _c_to_player(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("taken", m.group(2).upper(), int(m.group(1)))]


@_claim(
    r"(P[12]) (?:has|had|holds|is left with|keeps) (\d+|one|two|three|four|five|no) cards? (?:left )?in "
    r"(?:their |his |her )?hand|(P[12])(?:'s)? hand(?: size)?(?: is)? (\d+)"
)
def _c_hand_size(m: re.Match[str]) -> list[A.Action]:
    player, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return [A.Observe(f"{player.upper()}.hand_size", 0 if n.casefold() == "no" else _num(n))]


@_claim(r"(P[12]) (?:gets|got|is|was|becomes|became|is now|now)(?: still)? marked(?: now)?")
def _c_marked(m: re.Match[str]) -> list[A.Action]:
    """ "P2 gets marked", "P2 is marked now": the marked condition (CR 9.3)."""
    return [A.Observe(f"{m.group(1).upper()}.marked", True)]


@_claim(r"(P[12]) (?:is|was) (?:no longer|not) marked|(P[12]) (?:is |was |gets |got )?unmarked")
def _c_unmarked(m: re.Match[str]) -> list[A.Action]:
    """ "P2 is no longer marked": the hit removed the mark (CR 9.3.3)."""
    return [A.Observe(f"{(m.group(1) or m.group(2)).upper()}.marked", False)]


@_claim(
    r"(.+?) (?:goes |went |is put |was put |is |was |gets put |moves )?(?:to|in|into) "
    r"(?:the |P[12]'s |its owner's |their |his |her )?(?:graveyard|gy|discard(?: pile)?)"
)
def _c_graveyard(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("in_graveyard", _subject(m.group(1)))]


@_claim(
    r"(?:so |and )?(\d+) (?:got|gets|goes|went|came|gone) through|(\d+) (?:through|in|dealt|damage dealt|to the face|hits?)"
)
def _c_through(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("dealt", "", int(m.group(1) or m.group(2)))]


@_claim(r"((?:\d+\s*[-+]\s*)*\d+)(?:\s*=\s*(\d+))?(?:\{p\})?(?: damage)? would be dealt")
def _c_would_be(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("would_deal", "", int(m.group(2)) if m.group(2) else _arith(m.group(1)))]


@_claim(
    r"(?:(.+?) )?(?:would deal|would be dealt) ((?:\d+\s*[-+]\s*)*\d+)(?:\s*=\s*(\d+))?(?:\{p\})?(?: damage)?"
)
def _c_would(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("would_deal", "", int(m.group(3)) if m.group(3) else _arith(m.group(2)))]


@_claim(
    r"(?:no damage|nothing) (?:is )?(?:dealt|prevented)|neither player prevents any damage|no damage is prevented"
)
def _c_none(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("prevents", "", 0)] if "prevent" in m.group(0).casefold() else [A.Claim("dealt", "", 0)]


@_claim(r"(?:the )?(?:fixed |optional )?prevention (?:effect )?appl(?:ies|ied)")
def _c_prevention(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("prevents", "")]


@_claim(
    r"(.+?) (?:prevents|prevented) (\d+)(?: (?:of (?:the |that |its )?(?:\d+ )?)?(?:arcane |physical |combat )?damage| of (?:it|that|them))?"
    r"|(ward(?: \d+)?|both wards|the ward|(?:the )?(?:spectral )?shield) (?:applies|apply|prevents?)"
)
def _c_prevents(m: re.Match[str]) -> list[A.Action]:
    if m.group(1):
        # "P2 prevents 1 of the 3 arcane damage": the player prevents with what the line applied;
        # any prevention of the line is checked (CR 6.4.10)
        who = "" if rx.fullmatch(r"P[12]", m.group(1).strip(), re.I) else _subject(m.group(1))
        return [A.Claim("prevents", who, int(m.group(2)))]
    return [A.Claim("prevents", "ward" if "ward" in m.group(3).casefold() else "Spectral Shield")]


@_claim(
    r"no (?:defenders|defending cards|blocks?|blockers)(?: (?:declared|were declared))?|(?:P[12] )?(?:didn't|did not) (?:block|defend)"
    r"|(?:nobody|no one|no-one) (?:blocked|blocks|defended|defends)"
)
def _c_no_defenders(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("no_defenders")]


@_claim(
    r"(?:a )?new combat chain(?:,? (?:chain )?link (\d+))?|(?:chain )?link (\d+)|(?:it |(.+?) )?becomes chain link (\d+)"
)
def _c_links(m: re.Match[str]) -> list[A.Action]:
    n = next((g for g in (m.group(1), m.group(2), m.group(4)) if g), "1")
    return [A.Claim("links", "", int(n))]


@_claim(r"layer (\d+)")
def _c_layer(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("layer", "", int(m.group(1)))]


@_claim(r"(.+?) (?:is|are) (?:still )?on the stack")
def _c_on_stack(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("on_stack", _subject(m.group(1)))]


@_claim(r"(P[12]) draws (?!\d|a card|one card|cards?$)(.+)")
def _c_draws(m: re.Match[str]) -> list[A.Action]:
    names = [
        x.strip() for x in rx.split(r",\s*(?:and |then )?|\s+and\s+|\s+then\s+", m.group(2)) if x.strip()
    ]
    return [A.Claim("holds", f"{m.group(1).upper()}:{n}") for n in names]


@_claim(r"(P[12]) draws (a card|one card|a|\d+)(?: cards?)?")
def _c_draws_n(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("drew", m.group(1).upper(), _num(m.group(2).split()[0]))]


@_claim(
    r"(.+?) returns to (P[12])'s hand|(.+?) (?:goes|is put|is returned) (?:back )?(?:in|into|to) (P[12])'s hand"
)
def _c_returns(m: re.Match[str]) -> list[A.Action]:
    card, player = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return [A.Claim("holds", f"{player.upper()}:{_subject(card)}")]


@_claim(r"(?:(.+?) )?(?:is |are |gets )?destroyed|(?:.+?) destroys (.+)")
def _c_destroyed(m: re.Match[str]) -> list[A.Action]:
    what = m.group(1) or m.group(2) or ""
    return [A.Claim("destroyed", _subject(what))]


@_claim(
    r"(?:.+? )?(?:removes?|removed|takes? off|took off|clears?|cleared) (?:the |all |its |all (?:the |its )?|\d+ |an? |one |two )?"
    r"([+-]1 ?\{[pd]\} )?counters?(?: (?:from|off|on) (.+))?"
)
@_claim(
    r"(?:the |all |its |all (?:the |its )?|\d+ |an? |one |two )?([+-]1 ?\{[pd]\} )?counters? "
    r"(?:is |are |was |were )?(?:removed|comes? off|came off|goes away|went away)(?: (?:from|off|of) (.+))?"
)
def _c_counters_gone(m: re.Match[str]) -> list[A.Action]:
    stat = (m.group(1) or "+1{p}").replace(" ", "")
    kind = ("-" if stat.startswith("-") else "") + ("power" if "p" in stat else "defense")
    return [A.Claim("counters_gone", f"{kind}:{_subject(m.group(2) or '')}")]


@_claim(
    r"(?:the |all |its |all (?:the |its )?|\d+ |an? |one |two )?([+-]1 ?\{[pd]\} )?counters? "
    r"(?:stays?|stayed|remains?|remained|is kept|are kept|(?:is|are) still there)(?: on (.+))?"
)
def _c_counters_stay(m: re.Match[str]) -> list[A.Action]:
    stat = (m.group(1) or "+1{p}").replace(" ", "")
    kind = ("-" if stat.startswith("-") else "") + ("power" if "p" in stat else "defense")
    return [A.Claim("counters_stay", f"{kind}:{_subject(m.group(2) or '')}")]


@_claim(
    r"(P[12]) (?:still |now |only )?(?:has|is on|has got|had|is left with|was left with|ends with)(?: still| only)? "
    r"(\d+|an?|one|no) action points?(?: left| left over| remaining| still)?"
)
def _c_ap(m: re.Match[str]) -> list[A.Action]:
    """ "P1 has 1 action point", "P1 still has 1 action point", "P1 had no action points left": the
    action points the player holds (CR 1.13.2), checked against the derived state."""
    n = 0 if m.group(2).casefold() == "no" else _num(m.group(2))
    return [A.Observe(f"{m.group(1).upper()}.action_points", n)]


@_claim(
    r"(P[12]) (?:still |now |only )?(?:has|is on|has got|had|ends with)(?: still| only)? "
    r"(\d+|an?|one|no) (resource|chi) points?(?: left| left over| leftover| remaining| floating| still| in the pool)?"
)
def _c_rp(m: re.Match[str]) -> list[A.Action]:
    """ "P1 has 1 resource point (left)", "P2 still has 2 chi points": the assets in the player's pool
    (CR 1.13.3, 1.13.5; they stay until 4.4.3e), checked against the derived state."""
    n = 0 if m.group(2).casefold() == "no" else _num(m.group(2))
    return [A.Observe(f"{m.group(1).upper()}.{m.group(3).casefold()}_points", n)]


@_claim(
    r"(P[12]) (?:takes|took|is dealt|was dealt|loses|lost) (\d+)(?: (?:arcane |physical |combat )?damage| life)?(?: and is (?:at|on) (\d+)(?: life)?)?"
)
def _c_taken(m: re.Match[str]) -> list[A.Action]:
    out: list[A.Action] = [A.Claim("taken", m.group(1).upper(), int(m.group(2)))]
    if m.group(3):
        out.append(A.Observe(f"{m.group(1).upper()}.life", int(m.group(3))))
    return out


@_claim(
    r"(P[12]) (?:is |was |is now |now |goes |went |drops |dropped |falls |fell |gets |got |ends |ended |is down |was down |"
    r"down |left |stays |stayed |is left |remains |remained |is sitting |sits |is sitting )?(?:at|on|to|down to|with) (\d+)(?: life)?"
    r"|(P[12])(?:'s)? life(?: is| was| now| goes to| went to)? (\d+)|(P[12]) (?:has|had) (\d+)(?: life)?"
    r"|(P[12]) (\d+)(?: life)?|(P[12]) ?(?:->|→|:) ?(\d+)(?: life)?"
)
def _c_life(m: re.Match[str]) -> list[A.Action]:
    groups = [g for g in m.groups() if g is not None]
    player, n = groups[0], groups[1]
    return [A.Observe(f"{player.upper()}.life", int(n))]


@_claim(r"(P[12]) gains (\d+)(?: life|\{h\})")
def _c_gains_life(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("gains_life", m.group(1).upper(), int(m.group(2)))]


@_claim(r"(P[12]) gains (\d+|a|an|one) resource points?")
def _c_gains_rp(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("gains_rp", m.group(1).upper(), _num(m.group(2)))]


@_claim(r"(P[12]) (?:gets|has|receives|keeps) priority")
def _c_priority(m: re.Match[str]) -> list[A.Action]:
    return [A.Observe("priority", m.group(1).upper())]


@_claim(r"(P[12]) gains (a|an|one|the|\d+) action points?(?: back)?(?: (?:from|for) go again)?")
def _c_gains_ap(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("gains_ap", m.group(1).upper(), _num(m.group(2)))]


@_claim(
    r"(?:(?:the|its|both|a|an) )?(.*?)\s*triggers? (?:is |are )?(?:added to|goes on|go on|put on|placed on) the stack(?: above it)?"
)
def _c_trigger_added(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("trigger_added", (m.group(1) or "").strip())]


@_claim(r"(?:(.+?) )?(?:hits|hit)(?: for (\d+)(?: damage)?)?")
def _c_hits(m: re.Match[str]) -> list[A.Action]:
    who = _subject(m.group(1) or "")
    if rx.fullmatch(r"(?:it|that|this|the attack|attack)?", who, re.I):
        who = ""  # "(hits)", "it hits": the attack of the current chain link
    out: list[A.Action] = [A.Claim("hits", who)]
    if m.group(2):
        # "CnC hit for 6": the damage first (it may imply the passes to the Damage Step), then the hit
        out.insert(0, A.Claim("deals", who, int(m.group(2))))
    return out


@_claim(r"(P[12]) applies (.+?)(?: (\d+))?")
def _c_applies(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("prevents", _subject(m.group(2)), int(m.group(3)) if m.group(3) else None)]


@_claim(
    r"(?:(.+?) (?:has |gets |gains |with )?)?no go again|(?:no|without) GA"
    r"|(.+?) (?:does not|doesn't|did not|didn't) (?:get |have |gain )?go again"
)
def _c_no_go_again(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("go_again", _subject(m.group(1) or m.group(2) or ""), 0)]


@_claim(r"(?:(.+?) (?:gets|gains|has) |(?:has |with |gets |gains )?)go again")
def _c_go_again(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("go_again", _subject(m.group(1) or ""))]


@_claim(r"(?:P[12] (?:has |with )?)?priority in the " + _STEP + r" step")
def _c_priority_step(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("step", m.group(1).casefold(), 0)]


@_claim(r"(.+?) (?:is|was|gets) (?:negated|countered)")
def _c_negated(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("negated", _subject(m.group(1)))]


@_claim(r"(P[12]) (?:creates|gets|makes) (a|an|one|two|three|\d+) (.+?)(?: tokens?)?")
def _c_creates(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("controls", f"{m.group(1).upper()}:{m.group(3).strip()}", _num(m.group(2)))]


@_claim(
    r"(?:declaring |with )?boost(?:ing|ed)?|banish(?:ing|es|ed)? .+?(?: from the top of (?:the|their|his|her) deck)?"
)
def _c_boost(m: re.Match[str]) -> list[A.Action]:
    return []  # the boost's banished card, read by the play shape


@_claim(r"(?:the )?(?:draw|arsenal|untap|pitch zone|pitch) step of the end(?:-of-turn procedure|[- ]phase)")
def _c_end_step(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("phase", "end", 0)]


@_claim(
    r"(it|(?:the |its |both |(?:the )?(?:top|second|first|next) )?.+?) (?:resolves?|resolved) (?:in|during) the "
    + _STEP
    + r" step"
)
def _c_resolves_in(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("resolved", _subject(m.group(1))), A.Claim("step", m.group(2).casefold(), 0)]


@_claim(r"(it|(?:the |its |both |(?:the )?(?:top|second|first|next) )?.+?) (?:resolves?|resolved)")
def _c_resolves(m: re.Match[str]) -> list[A.Action]:
    return [A.Claim("resolved", _subject(m.group(1)))]


#: The words a judge uses for an equipment slot (CR 2.10.6b subtypes Head, Chest, Arms, Legs; zones CR 3.0.1a).
_SLOT_WORDS = {"helm": "head", "helmet": "head", "boots": "legs", "gloves": "arms", "chest piece": "chest"}


def _slot_subject(text: str) -> str:
    """The subject of "the helm broke": a name ("Helm B"), or an equipment slot said as "slot:head"."""
    t = rx.sub(r"^(?:the|their|his|her|its|p[12]'s)\s+", "", text.strip(), flags=re.I).casefold()
    if t in _SLOT_WORDS or t in ("head", "chest", "arms", "legs"):
        return "slot:" + _SLOT_WORDS.get(t, t)
    return _subject(text)


def _subject(text: str) -> str:
    """A claim's subject without articles or pronouns ("the hit trigger" -> "hit trigger"; "it" -> "")."""
    t = rx.sub(r"^(?:the|its|both|all|a|an|top|second|first|next)\s+", "", text.strip(), flags=re.I)
    t = rx.sub(r"^(?:the|its|top|second|first|next)\s+", "", t, flags=re.I)
    return "" if t.casefold() in ("it", "they", "this", "that", "attack") else t


def _arith(text: str) -> int:
    """ "5 - 3" -> 2: the arithmetic a judge writes for damage."""
    total = 0
    for sign, n in rx.findall(r"([-+]?)\s*(\d+)", text):
        total += -int(n) if sign == "-" else int(n)
    return total


def read_claims(text: str, skip_resolves: bool = False) -> tuple[list[A.Action], list[str]]:
    """The claims in one parenthesis or after a colon: each part (split at ";", ",", " and ",
    " - ") matched against the claim shapes. Returns the claims (checked by the engine, never
    applied) and the parts no shape reads (reported, never ignored). ``skip_resolves``: the first
    "X resolves" already tells an all pass what it resolves."""
    claims: list[A.Action] = []
    unread: list[str] = []
    if rx.match(r"\s*banish(?:ing|es|ed)?\b", text, re.I):
        return claims, unread  # a boost's banished card, read by the play shape
    t = " ".join(text.replace("’", "'").split()).strip().rstrip(".")
    # "P2 dropped to 17" is a life total, not the verb "dropped" (plays) of the inventory
    t = rx.sub(
        r"\b(P[12]) (?:dropped|drops|fell|falls|went down|goes down) to (\d+)", r"\1 is at \2", t, flags=re.I
    )
    t = rx.sub(r"\b(P[12]):? (\d+) ?(?:->|→|to) ?(\d+)\b", r"\1 is at \3", t, flags=re.I)
    who = rx.findall(r"\b(P[12])\b", t, re.I)
    if who:
        # "P2 took 3, now 17": a total without its player belongs to the last player named
        t = rx.sub(
            r"(^|[,;]\s*)(?:and )?(?:now|now at|at|down to|then at) (\d+)\b",
            rf"\g<1>{who[-1].upper()} is at \2",
            t,
            flags=re.I,
        )
    t = canonical(t)
    parts = [p.strip() for p in rx.split(r"\s*;\s*|\s*:\s+|,\s+(?:and\s+)?", t) if p.strip()]
    # "X resolves and defends" stays one part; "P2 takes 2 and is at 0" too; other "and"s split
    flat: list[str] = []
    for p in parts:
        if rx.search(
            r"resolves and (?:defends|becomes)|takes \d+(?: damage)? and is|deals \d+ and hits", p, re.I
        ):
            flat.append(p)
        else:
            flat.extend(x for x in rx.split(r"\s+and\s+(?=P[12]\b|the\b|it\b|both\b)", p) if x.strip())
    first = True
    for part in flat:
        done = False
        for pat, fn in _CLAIM_SHAPES:
            m = pat.fullmatch(part)
            if m:
                got = fn(m)
                if skip_resolves and first and fn is _c_resolves:
                    got = []
                claims.extend(got)
                done = True
                break
        if not done:
            unread.append(part)
        first = False
    # "3 arcane, the Spectral Shield prevents 1": the amount said before a prevention is the damage
    # that would be dealt (CR 8.5.3f: prevention reduces it before it is dealt), not what was dealt
    for i, c in enumerate(claims):
        if (
            isinstance(c, A.Claim)
            and c.kind == "dealt"
            and any(isinstance(x, A.Claim) and x.kind == "prevents" for x in claims[i + 1 :])
        ):
            claims[i] = A.Claim("would_deal", "", c.value)
    return claims, unread


#: Model readings offered for a line the grammar cannot read (the nearest ones by wording).
READINGS: tuple[str, ...] = (
    "P1 plays Card X targeting P2's hero, pitching Card B",
    "P1 plays Card X from arsenal",
    "P1 plays Card X, fusing Card B",
    "P1 cranks Card X",
    "P1 plays Card X, charging Card B",
    "P1 attacks with Weapon W targeting P2's hero",
    "P1 activates Card X, pitching Card B",
    "P1 pitches Card B",
    "P1 passes",
    "all pass",
    "all pass (Card X resolves)",
    "all pass to the Defend Step",
    "all pass through the Reaction and Damage Steps",
    "P2 declares Card C and Helm H as defending cards",
    "P2 declares no defending cards",
    "P2 takes 4 damage",
    "P1 gains 1 action point",
    "Damage Step - Attack A deals 3 and hits",
    "the hit trigger is added to the stack",
    "P2 applies Arcane Barrier 1, pitching Card B",
    "P2 declines Arcane Barrier",
    "P2 destroys Helm H to prevent 2 of the damage",
    "P1 creates a Runechant token",
    "P1 puts Card A face-down into their arsenal",
    "P1 does not arsenal",
    "P1 puts Card Y on the bottom of their deck",
    "P1 draws 2 cards",
    "P1 reveals Card X",
    "P1 discards Card X",
    "P1 banishes Card X face-down",
    "P1 shuffles their deck",
    "P1 gains 2 life",
    "P1 loses 1 life",
    "observe: P2 life is 11",
    "judge: set P2.life to 14 (reason)",
    "Runechant triggers targeting P2's hero",
)


def suggest_readings(text: str, limit: int = 3, names: NameIndex | None = None) -> list[str]:
    """The nearest readings the grammar knows for an unreadable clause (by the words they share,
    then by spelling), written with the clause's own player and first known card name: suggestions
    for the judge, never applied."""

    player = rx.match(r"^(P[12])\b", text, re.I)
    card = None
    if names is not None:
        words = text.split()
        for i in range(len(words)):
            card = names.prefix(" ".join(words[i:]))
            if card:
                break

    words = [w for w in rx.findall(r"[a-z]+", text.casefold()) if w not in ("the", "a", "an", "of", "to")]

    def score(reading: str) -> float:
        rw = set(rx.findall(r"[a-z]+", reading.casefold()))
        shared = sum(1 for w in words if w in rw or difflib.get_close_matches(w, rw, 1, 0.8))
        return shared + difflib.SequenceMatcher(None, text.casefold(), reading.casefold()).ratio()

    ranked = sorted(READINGS, key=score, reverse=True)
    out = []
    for r in ranked[:limit]:
        if score(r) <= 0.5:
            continue
        if player and r.startswith(("P1 ", "P2 ")):
            mine = player.group(1).upper()
            r = f"{mine} {r[3:]}".replace(f"{mine}'s hero", f"{'P2' if mine == 'P1' else 'P1'}'s hero")
        if card:
            r = r.replace("Card X", card, 1)
        out.append(r)
    return out
